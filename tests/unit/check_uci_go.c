/* SPDX-License-Identifier: MIT */
/* xq-uci's go command, read apart from the search (programs/uci/go.c):
 * every limit, the UCI and UCCI clocks, searchmoves, perft, and bad words. */
#include "xq_test.h"

#include <limits.h>

#include "go.h"

static int read_iccs(const void *ctx, const char *text, xq_move *out)
{
    (void)ctx;
    return xq_move_parse(text, out);
}

/* go_parse() of the words of `line` for the side to move and unit; the result. */
static int go(const char *line, int side, int unit, xq_search_limits *lim, int *perft,
              char *err)
{
    static char buf[512];
    char *words[64];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *w = strtok(buf, " "); w && n < 64; w = strtok(NULL, " "))
        words[n++] = w;
    xq_search_limits_init(lim, XQ_SEARCH_LIMITS_VERSION);
    go_context c = {side, unit, read_iccs, NULL};
    err[0] = 0;
    return go_parse(&c, words, n, lim, perft, err, 160);
}

START_TEST(limits)
{
    xq_search_limits lim;
    int perft;
    char err[160];
    ck_assert_int_eq(go("depth 7 nodes 5000 mate 3 movestogo 20", XQ_RED, 1, &lim, &perft, err),
                     GO_SEARCH);
    ck_assert_int_eq(lim.depth, 7);
    ck_assert(lim.nodes == 5000);
    ck_assert_int_eq(lim.mate, 3);
    ck_assert_int_eq(lim.movestogo, 20);
    ck_assert_int_eq(lim.infinite, 0);
    ck_assert_int_eq(go("infinite ponder draw", XQ_RED, 1, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.infinite, 1);
    ck_assert_int_eq(lim.ponder, 1);
    ck_assert_int_eq(go("depth infinite", XQ_RED, 1, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.infinite, 1);
    ck_assert_int_eq(lim.depth, 0);
    /* movetime 0 is 1 ms; a huge one is clamped */
    ck_assert_int_eq(go("movetime 0", XQ_RED, 1, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.movetime_ms, 1);
    ck_assert_int_eq(go("movetime 99999999999", XQ_RED, 1, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.movetime_ms, INT32_MAX);
    /* nothing at all: the caller's limits stay */
    ck_assert_int_eq(go("", XQ_RED, 1, &lim, &perft, err), GO_SEARCH);
}
END_TEST

START_TEST(clocks)
{
    xq_search_limits lim;
    int perft;
    char err[160];
    ck_assert_int_eq(go("wtime 60000 btime -5 winc 1000 binc 2000", XQ_BLACK, 1, &lim, &perft, err),
                     GO_SEARCH);
    ck_assert_int_eq(lim.red_time_ms, 60000);
    ck_assert_int_eq(lim.black_time_ms, 0); /* negative: 0 */
    ck_assert_int_eq(lim.red_inc_ms, 1000);
    ck_assert_int_eq(lim.black_inc_ms, 2000);
    /* UCCI: time is the side to move's clock, in seconds */
    ck_assert_int_eq(go("time 30 opptime 40 increment 2 oppincrement 3", XQ_BLACK, 1000, &lim,
                        &perft, err),
                     GO_SEARCH);
    ck_assert_int_eq(lim.black_time_ms, 30000);
    ck_assert_int_eq(lim.red_time_ms, 40000);
    ck_assert_int_eq(lim.black_inc_ms, 2000);
    ck_assert_int_eq(lim.red_inc_ms, 3000);
    ck_assert_int_eq(go("time 30 opptime 40", XQ_RED, 1000, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.red_time_ms, 30000);
    ck_assert_int_eq(lim.black_time_ms, 40000);
    /* seconds times a thousand past INT32_MAX: clamped */
    ck_assert_int_eq(go("time 9999999999", XQ_RED, 1000, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.red_time_ms, INT32_MAX);
}
END_TEST

START_TEST(searchmoves_and_perft)
{
    xq_search_limits lim;
    int perft;
    char err[160];
    ck_assert_int_eq(go("searchmoves h2e2 b0c2 depth 3", XQ_RED, 1, &lim, &perft, err), GO_SEARCH);
    ck_assert_int_eq(lim.nsearchmoves, 2);
    ck_assert_int_eq(lim.depth, 3); /* the word after the moves is read */
    ck_assert_int_eq(go("perft 4 nonsense", XQ_RED, 1, &lim, &perft, err), GO_PERFT);
    ck_assert_int_eq(perft, 4);
}
END_TEST

START_TEST(bad_words)
{
    xq_search_limits lim;
    int perft;
    char err[160];
    static const struct {
        const char *line, *err;
    } cases[] = {
        {"depth", "go depth needs a number in 1..100"},
        {"depth 0", "go depth needs a number in 1..100"},
        {"depth 101", "go depth needs a number in 1..100"},
        {"depth x", "go depth needs a number in 1..100"},
        {"nodes 0", "go nodes needs a number in 1..9223372036854775807"},
        {"mate 51", "go mate needs a number in 1..50"},
        {"movestogo -1", "go movestogo needs a number in 0..100000"},
        {"perft 65", "go perft needs a number in 1..64"},
        {"wtime 5s", "go wtime needs a number in -9223372036854775808..9223372036854775807"},
        {"winc -1", "go winc needs a number in 0..9223372036854775807"},
        {"depth 3 fast", "unknown go parameter 'fast'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ck_assert_int_eq(go(cases[k].line, XQ_RED, 1, &lim, &perft, err), GO_ERROR);
        ck_assert_str_eq(err, cases[k].err);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("uci_go");
    TCase *tc = tcase_create("go");
    tcase_add_test(tc, limits);
    tcase_add_test(tc, clocks);
    tcase_add_test(tc, searchmoves_and_perft);
    tcase_add_test(tc, bad_words);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
