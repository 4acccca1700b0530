/* SPDX-License-Identifier: MIT */
/* Time management (timeman.c): the search's one clock and the time budget
 * of a search. Times in milliseconds since the clock origin. */
#ifndef XQ_TIMEMAN_H
#define XQ_TIMEMAN_H

#include <stdatomic.h>

#include "core/types.h"

typedef struct timeman {
    _Atomic int64_t start_ns; /* clock origin; moved to the ponderhit time */
    int64_t optimum;  /* try to finish an iteration by then; -1 = no time limit */
    int64_t maximum;  /* hard stop; -1 = none */
    int fixed;        /* a fixed move time: use all of it */
    int nroot;        /* root moves (one: nothing to think about) */
    /* Between iterations (xq__tm_iteration_done). */
    xq_move last_best;
    int stable;       /* iterations the best move stayed the same */
    int prev_score;   /* best score of the previous iteration, VALUE_NONE at first */
} timeman;

/* The one monotonic clock of the library's search, in nanoseconds. */
int64_t xq__clock_ns(void);
/* Set the clock origin to now (start of a search, ponderhit). */
void xq__tm_start_clock(timeman *tm);
/* Milliseconds since the clock origin. */
int64_t xq__tm_elapsed(const timeman *tm);
/* Compute the time budget of a search. */
void xq__tm_init(timeman *tm, const xq_search_limits *lim, int side, int nroot);
/* Past the hard maximum (checked inside the search)? */
int xq__tm_out_of_time(const timeman *tm);
/* After a completed iteration of the main worker: nonzero when the next one
 * should not start (never while pondering). The budget grows when the best move keeps changing
 * (best_changes in this iteration) or the score drops. */
int xq__tm_iteration_done(timeman *tm, xq_move best, int score, int best_changes, int pondering);

#endif
