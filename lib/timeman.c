/* Time management: how long a search may think.
 *
 * With a fixed move time the search uses all of it (minus the overhead).
 * With a clock, it aims at an even share of the time left over the moves
 * still to play (movestogo, or an estimate of 30) plus most of the
 * increment, and may stretch to several times that share when the best move
 * is unstable, but never beyond a fraction of the clock that keeps a reserve
 * for the moves to come. The iteration loop (search.c) decides when to stop
 * between iterations; the hard maximum is enforced inside the search. */
#include "search.h"

void xq__tm_init(timeman *tm, const xq_search_limits *lim, int side, int nroot)
{
    const int64_t overhead = lim->move_overhead_ms;
    const int64_t left = side == RED ? lim->red_time_ms : lim->black_time_ms;
    const int64_t inc = side == RED ? lim->red_inc_ms : lim->black_inc_ms;
    tm->optimum = tm->maximum = -1;

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
        int64_t t = lim->movetime_ms - overhead;
        if (t < 1)
            t = 1;
        if (tm->maximum < 0 || t < tm->maximum)
            tm->maximum = t;
        if (tm->optimum < 0 || t < tm->optimum)
            tm->optimum = t;
    }
}
