/* SPDX-License-Identifier: MIT */
/* Timers on the loop: a timer's function runs on the loop thread once its
 * delay has passed (not before; late by what the loop is busy with). Loop
 * thread only, after timer_attach() (net_start()); a function may set, cancel or free any
 * timer, its own included. timer_set() does not allocate. */
#ifndef XQ_SERVER_TIMER_H
#define XQ_SERVER_TIMER_H

#include <stdint.h>

typedef struct timer timer;
/* The libwebsockets context whose loop runs the timers: net.c gives it when
 * it has made it, and NULL before it destroys it. */
void timer_attach(void *lws_context);
typedef void (*timer_fn)(void *arg);
timer *timer_new(timer_fn fn, void *arg);
void timer_set(timer *t, int64_t delay_us);           /* replaces a pending one */
void timer_cancel(timer *t);
void timer_free(timer *t);

#endif
