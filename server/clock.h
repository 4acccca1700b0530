/* SPDX-License-Identifier: MIT */
/* The server's clocks. */
#ifndef XQ_SERVER_CLOCK_H
#define XQ_SERVER_CLOCK_H

#include <stdint.h>

int64_t mono_us(void); /* the monotonic clock, in microseconds */
int64_t wall_s(void);  /* the wall clock, in seconds since the epoch */
int64_t wall_ms(void); /* the wall clock, in milliseconds since the epoch */

#endif
