/* SPDX-License-Identifier: MIT */
/* Shared helpers for the check-based unit tests. */
#ifndef XQ_TEST_H
#define XQ_TEST_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#ifndef XQ_TEST_DATA
#error "XQ_TEST_DATA must name the tests/data directory"
#endif

/* An assertion for hot loops: check's own ck_assert records every passing
 * check with a write to its parent process, which costs a system call. */
#define XQ_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (!(cond))                                                           \
            ck_abort_msg(__VA_ARGS__);                                         \
    } while (0)

/* Path of a file under tests/data. */
static inline const char *xq_test_path(const char *rel)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", XQ_TEST_DATA, rel);
    return buf;
}

/* New board from a FEN (NULL = start); fails the test on error. */
static inline xq_board *xq_test_board(const char *fen)
{
    xq_board *b = NULL;
    xq_parse_error err;
    int rc = xq_board_new(&b, fen, &err);
    ck_assert_msg(rc == XQ_OK, "FEN '%s' rejected: %s (%s)", fen ? fen : "(start)", err.message,
                  xq_strerror(rc));
    return b;
}

/* Parse and play an ICCS move; fails the test if it is not legal. */
static inline void xq_test_play(xq_board *b, const char *iccs)
{
    xq_move m;
    ck_assert_int_eq(xq_move_parse(iccs, &m), XQ_OK);
    ck_assert_msg(xq_board_make_move(b, m) == XQ_OK, "move %s rejected", iccs);
}

static inline const char *xq_test_fen(const xq_board *b)
{
    static char buf[XQ_FEN_MAX];
    ck_assert_int_gt(xq_board_fen(b, buf, sizeof buf), 0);
    return buf;
}

/* Run one suite; returns the number of failures (the process exit status). */
static inline int xq_test_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
