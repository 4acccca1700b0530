/* SPDX-License-Identifier: MIT */
/* A multi-thread search stress (issue 11), for the ThreadSanitizer stage of
 * scripts/test as much as for the other builds: searches with 1 to 4
 * threads, thread counts, table sizes and clears changed between them,
 * stopped from another thread or by their limits, over positions from games
 * and positions with no move to search (mated, stalemated, every move
 * banned). Every reported line, best move and ponder move is checked move
 * by move with the public API. It runs for XQ_STRESS_SECONDS (default 2)
 * of wall time, and at least one round over the positions. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "../../lib/util/mix64.h" /* splitmix64, shared with the library */
#include "search_lines.h"
#include "xq_test.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleep_us(long us)
{
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

/* splitmix64: the choices of the stress, from a fixed seed. */
static uint64_t next_rand(uint64_t *st)
{
    return xq__splitmix64(st);
}

typedef struct stopper {
    xq_search *s;
    long delay_us;
} stopper;

static void *stop_later(void *arg)
{
    stopper *t = arg;
    sleep_us(t->delay_us);
    xq_search_stop(t->s);
    return NULL;
}

START_TEST(test_stress)
{
    xq_board **games;
    const int ngames = sl_load_boards(xq_test_path("games/xqdb-sample-uci.pgn"), 3, 9, 24, &games);
    ck_assert_int_ge(ngames, 10);
    /* Positions without a move to search, each with its limits. */
    xq_board *mated = xq_test_board("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
    xq_board *stalemated = xq_test_board("3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1");
    xq_board *start = xq_test_board(NULL);
    xq_search_limits banned;
    xq_search_limits_init(&banned, XQ_SEARCH_LIMITS_VERSION);
    banned.nbanmoves = xq_board_generate_moves(start, banned.banmoves, XQ_MAX_MOVES);

    const char *env = getenv("XQ_STRESS_SECONDS");
    const double budget = env ? atof(env) : 2.0;
    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, NULL), XQ_OK);
    uint64_t rng = 11;
    sl_stats st;
    memset(&st, 0, sizeof st);
    long empty = 0, stopped = 0;
    int threads = 1;
    const double t0 = now_s();
    for (int i = 0; i < ngames || now_s() - t0 < budget; i++) {
        const uint64_t r = next_rand(&rng);
        /* Between searches: the thread count, sometimes the table. */
        if (i % 4 == 0) {
            threads = 1 + (int)(r % 4);
            ck_assert_int_eq(xq_search_set_threads(s, threads), XQ_OK);
        }
        if (i % 37 == 36)
            ck_assert_int_eq(xq_search_set_hash(s, 1 + (r >> 8) % 3), XQ_OK);
        if (i % 23 == 22)
            ck_assert_int_eq(xq_search_clear(s), XQ_OK);

        const xq_board *b = games[i % ngames];
        xq_search_limits lim;
        xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
        /* Every fifth search has no move to search. */
        switch (i % 15) {
        case 4: b = mated; break;
        case 9: b = stalemated; break;
        case 14:
            b = start;
            lim = banned;
            break;
        default: break;
        }
        const int how = (int)((r >> 16) % 4);
        if (how == 0)
            lim.depth = 1 + (int)((r >> 20) % 6);
        else if (how == 1)
            lim.nodes = 2000 + (r >> 20) % 20000;
        else if (how == 2)
            lim.movetime_ms = 5 + (int)((r >> 20) % 30);
        else
            lim.infinite = 1; /* stopped from another thread */
        if ((r >> 40) % 5 == 0)
            lim.multipv = 2 + (int)((r >> 44) % 3);

        if (how == 3) {
            stopper t = {s, 1000 + (long)((r >> 24) % 20000)};
            sl_ctx c = {b, &st};
            xq_search_result res;
            ck_assert_int_eq(xq_search_start(s, b, &lim, sl_on_info, &c), XQ_OK);
            pthread_t th;
            ck_assert_int_eq(pthread_create(&th, NULL, stop_later, &t), 0);
            ck_assert_int_eq(xq_search_wait(s, &res), XQ_OK);
            pthread_join(th, NULL);
            st.searches++;
            sl_check_result(b, &lim, &res, &st);
            stopped++;
        } else {
            ck_assert_int_eq(sl_search(s, b, &lim, &st), XQ_OK);
        }
        empty += b == mated || b == stalemated || b == start;
        XQ_CHECK(sl_errors(&st) == 0, "search %d (%d threads): %s", i, threads, st.first_error);
    }
    printf("stress: %ld searches (%ld without a move, %ld stopped), %ld info lines, %.1f s\n",
           st.searches, empty, stopped, st.infos, now_s() - t0);
    xq_search_free(s);
    xq_board_free(mated);
    xq_board_free(stalemated);
    xq_board_free(start);
    sl_free_boards(games, ngames);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("search_stress");
    TCase *tc = tcase_create("stress");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_stress);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
