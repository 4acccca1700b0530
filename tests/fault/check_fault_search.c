/* SPDX-License-Identifier: MIT */
/* Fault injection over the search handle's life cycle (issue 11): every
 * allocation and thread creation the library makes in xq_search_new,
 * xq_search_set_threads (growing and shrinking), xq_search_set_hash,
 * xq_search_start, xq_search_wait and xq_search_free is failed in turn.
 * Each failure must be reported as XQ_ENOMEM and leave nothing behind
 * (xq_search_new) or a handle that keeps its settings, searches and frees
 * (a hang fails the test by its timeout). The calls are counted first, so
 * the loops follow the library when call sites are added. */
#define _POSIX_C_SOURCE 200809L
#include "fault.h"
#include "xq_test.h"

static const char *fen = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3";

static xq_search *new_search(int threads, size_t hash_mb)
{
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.threads = threads;
    cfg.hash_mb = hash_mb;
    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, &cfg), XQ_OK);
    return s;
}

/* The handle's thread count, seen from outside: growing it to PROBE
 * creates PROBE - count threads. Restores the count. */
enum { PROBE = 8 };
static int thread_count(xq_search *s)
{
    fault_arm(FAULT_THREAD, 0);
    const int rc = xq_search_set_threads(s, PROBE);
    const int n = PROBE - (int)fault_disarm();
    ck_assert_int_eq(rc, XQ_OK);
    ck_assert_int_ge(n, 1);
    ck_assert_int_eq(xq_search_set_threads(s, n), XQ_OK);
    return n;
}

/* The handle still works: a search with a legal result and line, a search
 * without a move, and a stopped infinite search. */
static void check_works(xq_search *s, const char *what)
{
    xq_board *b = xq_test_board(fen);
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.depth = 4;
    xq_search_result r;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    XQ_CHECK(xq_board_is_legal(b, r.best_move) == 1, "%s: no legal best move", what);
    xq_board *c;
    ck_assert_int_eq(xq_board_clone(&c, b), XQ_OK);
    for (int i = 0; i < r.pv_length; i++)
        XQ_CHECK(xq_board_make_move(c, r.pv[i]) == XQ_OK, "%s: PV move %d illegal", what, i);
    xq_board_free(c);
    lim.infinite = 1;
    ck_assert_int_eq(xq_search_start(s, b, &lim, NULL, NULL), XQ_OK);
    xq_search_stop(s);
    ck_assert_int_eq(xq_search_wait(s, &r), XQ_OK);
    XQ_CHECK(xq_board_is_legal(b, r.best_move) == 1, "%s: stopped search, no move", what);
    xq_board_free(b);
    b = xq_test_board("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
    lim.infinite = 0;
    lim.depth = 3;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    XQ_CHECK(r.best_move == XQ_MOVE_NONE, "%s: a move where there is none", what);
    xq_board_free(b);
}

/* The library's built-in net is read by the first xq_search_new (a new
 * handle evaluates with it): a failure there is XQ_ENOMEM, and the next
 * xq_search_new reads it again (the net is not lost for the process). */
START_TEST(test_default_net)
{
    xq_search *s = NULL;
    fault_arm(FAULT_ANY, 1);
    const int rc = xq_search_new(&s, NULL);
    fault_disarm();
    ck_assert_int_eq(rc, XQ_ENOMEM);
    ck_assert_ptr_null(s);
    s = new_search(1, 1);
#ifdef XQ_TEST_DEFAULT_NET
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_NNUE);
    ck_assert_int_gt(xq_search_net_info(s, NULL, 0), 17);
#else
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_CLASSICAL);
#endif
    check_works(s, "new after a failed read of the built-in net");
    xq_search_free(s);
}
END_TEST

START_TEST(test_new)
{
    /* the built-in net, read by the first handle and then kept, is not one
     * of the calls counted below */
    xq_search_free(new_search(1, 1));
    static const int threads[] = {1, 3};
    for (int t = 0; t < 2; t++) {
        xq_search_config cfg;
        xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
        cfg.threads = threads[t];
        cfg.hash_mb = 1;
        xq_search *s = NULL;
        fault_arm(FAULT_ANY, 0);
        const int rc0 = xq_search_new(&s, &cfg);
        const long calls = fault_disarm();
        ck_assert_int_eq(rc0, XQ_OK);
        /* The handle, its table, the worker array, per thread a worker,
         * its statistics and the thread itself. */
        ck_assert_int_ge(calls, 3 + 3 * threads[t]);
        xq_search_free(s);
        for (long n = 1; n <= calls; n++) {
            s = (xq_search *)&cfg; /* must become NULL */
            fault_arm(FAULT_ANY, n);
            const int rc = xq_search_new(&s, &cfg);
            fault_disarm();
            XQ_CHECK(rc == XQ_ENOMEM && s == NULL && fault_failed() == 1,
                     "%d threads, call %ld of %ld failed: %s", threads[t], n, calls,
                     xq_strerror(rc));
        }
    }
    xq_search *s = new_search(2, 1);
    check_works(s, "new after failures");
    xq_search_free(s);
}
END_TEST

START_TEST(test_set_threads)
{
    /* Growing, shrinking, and back. */
    static const int from[] = {1, 2, 1, 4, 3, 4};
    static const int to[] = {4, 4, 2, 2, 1, 1};
    for (int k = 0; k < 6; k++) {
        xq_search *s = new_search(from[k], 1);
        fault_arm(FAULT_ANY, 0);
        const int rc0 = xq_search_set_threads(s, to[k]);
        const long calls = fault_disarm();
        ck_assert_int_eq(rc0, XQ_OK);
        if (to[k] < from[k])
            XQ_CHECK(calls == 0, "shrinking %d -> %d made %ld calls: it cannot fail", from[k],
                     to[k], calls);
        else
            ck_assert_int_ge(calls, 3 * (to[k] - from[k]));
        ck_assert_int_eq(thread_count(s), to[k]);
        xq_search_free(s);
        for (long n = 1; n <= calls; n++) {
            s = new_search(from[k], 1);
            fault_arm(FAULT_ANY, n);
            const int rc = xq_search_set_threads(s, to[k]);
            fault_disarm();
            XQ_CHECK(rc == XQ_ENOMEM, "%d -> %d threads, call %ld failed: %s", from[k], to[k], n,
                     xq_strerror(rc));
            /* The old count is kept, and the handle works with it. */
            ck_assert_int_eq(thread_count(s), from[k]);
            check_works(s, "after a failed set_threads");
            ck_assert_int_eq(xq_search_set_threads(s, to[k]), XQ_OK);
            ck_assert_int_eq(thread_count(s), to[k]);
            check_works(s, "after set_threads");
            xq_search_free(s);
        }
    }
    /* Only thread creation failing, on one handle, again and again. */
    xq_search *s = new_search(2, 1);
    for (int i = 0; i < 10; i++) {
        fault_arm(FAULT_THREAD, 1 + i % 3);
        const int rc = xq_search_set_threads(s, 5);
        fault_disarm();
        ck_assert_int_eq(rc, XQ_ENOMEM);
        ck_assert_int_eq(thread_count(s), 2);
    }
    check_works(s, "after repeated failures");
    xq_search_free(s);
}
END_TEST

START_TEST(test_set_hash)
{
    xq_search *s = new_search(2, 1);
    fault_arm(FAULT_ANY, 0);
    const int rc0 = xq_search_set_hash(s, 4);
    const long calls = fault_disarm();
    ck_assert_int_eq(rc0, XQ_OK);
    ck_assert_int_ge(calls, 1);
    for (long n = 1; n <= calls; n++) {
        fault_arm(FAULT_ANY, n);
        const int rc = xq_search_set_hash(s, 2);
        fault_disarm();
        XQ_CHECK(rc == XQ_ENOMEM, "set_hash, call %ld failed: %s", n, xq_strerror(rc));
        check_works(s, "after a failed set_hash");
    }
    ck_assert_int_eq(xq_search_set_hash(s, 2), XQ_OK);
    check_works(s, "after set_hash");
    xq_search_free(s);
}
END_TEST

/* Starting, waiting, stopping and freeing with every allocation and thread
 * creation failing: they need none, so they work (or a future call site
 * reports XQ_ENOMEM) and never hang. */
START_TEST(test_search_cycle)
{
    xq_board *b = xq_test_board(fen);
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    for (int threads = 1; threads <= 3; threads++) {
        for (int i = 0; i < 4; i++) {
            xq_search *s = new_search(threads, 1);
            lim.depth = i % 2 ? 0 : 3;
            lim.infinite = i % 2;
            xq_search_result r;
            memset(&r, 0, sizeof r);
            int rc_wait = XQ_OK;
            fault_arm(FAULT_ANY, FAULT_EVERY);
            const int rc = xq_search_start(s, b, &lim, NULL, NULL);
            if (rc == XQ_OK) {
                if (i % 2)
                    xq_search_stop(s);
                rc_wait = xq_search_wait(s, &r);
            }
            if (i == 3)
                xq_search_start(s, b, &lim, NULL, NULL); /* freed while it runs */
            xq_search_free(s);
            const long calls = fault_disarm();
            XQ_CHECK(rc == XQ_OK || rc == XQ_ENOMEM, "start: %s", xq_strerror(rc));
            if (rc == XQ_OK) {
                ck_assert_int_eq(rc_wait, XQ_OK);
                XQ_CHECK(xq_board_is_legal(b, r.best_move) == 1, "no move");
            }
            /* Today none of them allocates or creates a thread. */
            ck_assert_int_eq(calls, 0);
        }
    }
    xq_board_free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fault_search");
    TCase *tc = tcase_create("life_cycle");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_default_net);
    tcase_add_test(tc, test_new);
    tcase_add_test(tc, test_set_threads);
    tcase_add_test(tc, test_set_hash);
    tcase_add_test(tc, test_search_cycle);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
