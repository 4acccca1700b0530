/* SPDX-License-Identifier: MIT */
/* Timers on the loop (wrapping lws_sorted_usec_list); loop thread only. */
#ifndef XQ_SERVER_TIMER_H
#define XQ_SERVER_TIMER_H

#include <stdint.h>

typedef struct timer timer;
typedef void (*timer_fn)(void *arg);
timer *timer_new(timer_fn fn, void *arg);
void timer_set(timer *t, int64_t delay_us);           /* replaces a pending one */
void timer_cancel(timer *t);
void timer_free(timer *t);

#endif
