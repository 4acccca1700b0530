/* SPDX-License-Identifier: MIT */
/* Time management: how long a search may think.
 *
 * With a fixed move time the search uses all of it but a small reserve
 * (TM_FIXED_RESERVE_MS, or the move overhead if that is smaller) and does
 * not stop between iterations: the hard limit ends it.
 * With a clock, it aims at an even share of the time left over the moves
 * still to play (movestogo, or an estimate of 30) plus most of the
 * increment, and may stretch to several times that share when the best move
 * is unstable, but never beyond a fraction of the clock that keeps a reserve
 * for the moves to come. Between iterations xq__tm_iteration_done() decides
 * whether to start another; the search polls xq__tm_out_of_time() for the
 * hard maximum. This file also keeps the search's one clock. */
#include <time.h>

#include "timeman.h"

#include "score.h"
#include "xiangqi/search.h"

/* Time kept back from a fixed move time: enough for the clock check (every
 * CHECK_LIMITS_EVERY nodes), the stop and the answer. The move overhead is
 * for clocks, where lost time accumulates; with a fixed move time the
 * caller already gave what it can spare. */
enum { TM_FIXED_RESERVE_MS = 3 };

int64_t xq__clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void xq__tm_start_clock(timeman *tm)
{
    atomic_store_explicit(&tm->start_ns, xq__clock_ns(), memory_order_relaxed);
}

int64_t xq__tm_elapsed(const timeman *tm)
{
    return (xq__clock_ns() - atomic_load_explicit(&tm->start_ns, memory_order_relaxed)) / 1000000;
}

void xq__tm_init(timeman *tm, const xq_search_limits *lim, int side, int nroot)
{
    const int64_t overhead = lim->move_overhead_ms;
    const int64_t left = side == RED ? lim->red_time_ms : lim->black_time_ms;
    const int64_t inc = side == RED ? lim->red_inc_ms : lim->black_inc_ms;
    tm->optimum = tm->maximum = -1;
    tm->fixed = lim->movetime_ms > 0;
    tm->nroot = nroot;
    tm->last_best = XQ_MOVE_NONE;
    tm->stable = 0;
    tm->prev_score = VALUE_NONE;

    if (left >= 0) {
        int64_t mtg = lim->movestogo > 0 ? lim->movestogo : 30;
        if (mtg > 50)
            mtg = 50;
        /* Time we may spend on this and the coming moves, keeping the
         * overhead for each of them in reserve. */
        int64_t pool = left + inc * (mtg - 1) - overhead * (mtg + 1);
        if (pool < 0)
            pool = 0;
        int64_t opt, max;
        if (mtg == 1) {
            opt = (left - overhead) * 6 / 10;
            max = (left - overhead) * 8 / 10;
        } else {
            opt = pool / mtg;
            max = opt * 5;
            int64_t cap = (left - overhead) * (mtg <= 3 ? 5 : 3) / 10;
            if (max > cap)
                max = cap;
        }
        if (max > left - overhead)
            max = left - overhead;
        if (opt > max)
            opt = max;
        if (max < 1)
            max = 1;
        if (opt < 1)
            opt = 1;
        /* Nothing to think about with a single legal move. */
        if (nroot == 1) {
            opt = opt / 8 + 1;
            if (max > opt * 2)
                max = opt * 2;
        }
        tm->optimum = opt;
        tm->maximum = max;
    }
    if (lim->movetime_ms > 0) {
        const int64_t reserve = overhead < TM_FIXED_RESERVE_MS ? overhead : TM_FIXED_RESERVE_MS;
        int64_t t = lim->movetime_ms - reserve;
        if (t < 1)
            t = 1;
        if (tm->maximum < 0 || t < tm->maximum)
            tm->maximum = t;
        if (tm->optimum < 0 || t < tm->optimum)
            tm->optimum = t;
    }
}

int xq__tm_out_of_time(const timeman *tm)
{
    return tm->maximum >= 0 && xq__tm_elapsed(tm) >= tm->maximum;
}

int xq__tm_iteration_done(timeman *tm, xq_move best, int score, int best_changes, int pondering)
{
    int stop = 0;
    /* While pondering the clock does not run yet. */
    if (tm->optimum >= 0 && !pondering) {
        tm->stable = best == tm->last_best ? tm->stable + 1 : 0;
        tm->last_best = best;
        double f = 1.0 + 0.4 * best_changes;
        if (tm->stable >= 4)
            f *= 0.7;
        if (tm->prev_score != VALUE_NONE && score < tm->prev_score - 30)
            f *= 1.4;
        if (tm->nroot == 1)
            f = 0.5;
        int64_t budget = (int64_t)((double)tm->optimum * f);
        if (budget > tm->maximum)
            budget = tm->maximum;
        const int64_t t = xq__tm_elapsed(tm);
        /* With a fixed move time only the hard limit stops the search (a
         * single legal move excepted). With a clock, the next iteration
         * takes longer than all before: do not start one that cannot
         * finish. */
        if (tm->fixed)
            stop = tm->nroot == 1 && t >= budget;
        else
            stop = t >= budget * 6 / 10;
    }
    tm->prev_score = score;
    return stop;
}
