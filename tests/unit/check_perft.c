/* SPDX-License-Identifier: MIT */
/* Perft over tests/data/perft.epd (a copy of shared/perft/perft-suite.epd).
 * By default every count up to 20 million leaves; with XQ_PERFT_DEEP=1
 * (CTest "perft_deep", label slow) every depth the suite lists. */
#include "xq_test.h"

#define MAX_LINES 64

typedef struct epd_line {
    char fen[1024];
    int ndepths;
    unsigned long long counts[16]; /* counts[d-1] */
} epd_line;

static epd_line lines[MAX_LINES];
static int nlines;

static void load_suite(void)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    if (!f) {
        perror("perft.epd");
        exit(2);
    }
    char buf[1024];
    while (nlines < MAX_LINES && fgets(buf, sizeof buf, f)) {
        char *semi = strchr(buf, ';');
        if (!semi)
            continue;
        epd_line *l = &lines[nlines];
        *semi = 0;
        snprintf(l->fen, sizeof l->fen, "%s", buf);
        for (char *tok = strtok(semi + 1, ";"); tok; tok = strtok(NULL, ";")) {
            int d;
            unsigned long long n;
            if (sscanf(tok, " D%d %llu", &d, &n) == 2 && d >= 1 && d <= 16) {
                l->counts[d - 1] = n;
                if (d > l->ndepths)
                    l->ndepths = d;
            }
        }
        nlines++;
    }
    fclose(f);
}

static int deep(void)
{
    const char *e = getenv("XQ_PERFT_DEEP");
    return e && *e == '1';
}

START_TEST(suite_line)
{
    const epd_line *l = &lines[_i];
    xq_board *b = xq_test_board(l->fen);
    int checked = 0;
    for (int d = 1; d <= l->ndepths; d++) {
        int quick = l->counts[d - 1] <= 20000000ull;
        if (deep() ? quick : !quick)
            continue;
        uint64_t n;
        ck_assert_int_eq(xq_perft(b, d, &n), XQ_OK);
        ck_assert_msg(n == l->counts[d - 1], "line %d D%d: got %llu, expected %llu", _i + 1, d,
                      (unsigned long long)n, l->counts[d - 1]);
        checked++;
    }
    /* The FEN and hash are untouched by perft. */
    ck_assert_int_eq(xq_board_history_size(b), 0);
    ck_assert_int_ge(checked + (deep() ? 1 : 0), 1);
    xq_board_free(b);
}
END_TEST

START_TEST(start_position_counts)
{
    static const uint64_t expect[] = {1, 44, 1920, 79666, 3290240, 133312995};
    xq_board *b = xq_test_board(NULL);
    int maxd = deep() ? 5 : 4;
    for (int d = 0; d <= maxd; d++) {
        uint64_t n;
        ck_assert_int_eq(xq_perft(b, d, &n), XQ_OK);
        ck_assert_uint_eq(n, expect[d]);
    }
    xq_board_free(b);
}
END_TEST

START_TEST(divide_sums_to_perft)
{
    const epd_line *l = &lines[_i];
    xq_board *b = xq_test_board(l->fen);
    xq_move moves[XQ_MAX_MOVES];
    uint64_t counts[XQ_MAX_MOVES], sum = 0;
    int d = l->ndepths < 3 ? l->ndepths : 3;
    int n = xq_perft_divide(b, d, moves, counts, XQ_MAX_MOVES);
    ck_assert_int_eq((unsigned long long)n, l->counts[0]);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(xq_board_is_legal(b, moves[i]), 1);
        sum += counts[i];
    }
    ck_assert_uint_eq(sum, l->counts[d - 1]);
    /* A short array gets the first entries and the full count. */
    if (n > 2) {
        uint64_t c2[2];
        xq_move m2[2];
        ck_assert_int_eq(xq_perft_divide(b, d, m2, c2, 2), n);
        ck_assert_int_eq(m2[1], moves[1]);
        ck_assert_uint_eq(c2[1], counts[1]);
    }
    xq_board_free(b);
}
END_TEST

START_TEST(reference_position_from_notes)
{
    /* From the rules reference: depth 4 = 4,485,547. */
    xq_board *b = xq_test_board(
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1");
    uint64_t n;
    ck_assert_int_eq(xq_perft(b, 4, &n), XQ_OK);
    ck_assert_uint_eq(n, 4485547);
    xq_board_free(b);
}
END_TEST

int main(void)
{
    load_suite();
    if (nlines < 26) {
        fprintf(stderr, "perft.epd: only %d lines\n", nlines);
        return 2;
    }
    Suite *s = suite_create("perft");
    TCase *tc = tcase_create("suite");
    tcase_set_timeout(tc, deep() ? 3000 : 120);
    tcase_add_loop_test(tc, suite_line, 0, nlines);
    tcase_add_test(tc, start_position_counts);
    if (!deep()) {
        tcase_add_loop_test(tc, divide_sums_to_perft, 0, nlines);
        tcase_add_test(tc, reference_position_from_notes);
    }
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
