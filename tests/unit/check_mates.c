/* SPDX-License-Identifier: MIT */
/* Proves the mate lengths in tests/data/mates.epd by exhaustive search,
 * independently of the engine: for each position the side to move can force
 * a position where the opponent has no legal move (checkmate or stalemate,
 * both losses) within N moves, and cannot within N - 1. Full width, no
 * pruning, no tables; it relies only on the legal move generator (checked by
 * perft). Slow: millions of nodes for a mate in 5. */
#include "xq_test.h"

#include "core/board.h"
#include "core/movegen.h"

/* Can the side to move force a position without legal moves for the
 * opponent within n moves? */
static int can_mate(pos_t *p, int n)
{
    xq_move mv[MAX_MOVES], rp[MAX_MOVES];
    undo_t u, u2;
    int k = xq__gen_legal(p, mv, ALL_SQUARES);
    for (int i = 0; i < k; i++) {
        pos_do(p, mv[i], &u);
        int none = xq__count_legal(p) == 0;
        pos_undo(p, mv[i], &u);
        if (none)
            return 1;
    }
    if (n <= 1)
        return 0;
    for (int i = 0; i < k; i++) {
        pos_do(p, mv[i], &u);
        int r = xq__gen_legal(p, rp, ALL_SQUARES), all = 1;
        for (int j = 0; j < r && all; j++) {
            pos_do(p, rp[j], &u2);
            all = can_mate(p, n - 1);
            pos_undo(p, rp[j], &u2);
        }
        pos_undo(p, mv[i], &u);
        if (all)
            return 1;
    }
    return 0;
}

START_TEST(test_mate_lengths)
{
    FILE *f = fopen(xq_test_path("mates.epd"), "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    int count = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *semi = strchr(line, ';');
        ck_assert_ptr_nonnull(semi);
        *semi = 0;
        char *m = strstr(semi + 1, "mate ");
        ck_assert_ptr_nonnull(m);
        int n = atoi(m + 5);
        xq_board *b = xq_test_board(line);
        pos_t p = b->pos;
        XQ_CHECK(can_mate(&p, n), "%s: no forced mate in %d", line, n);
        XQ_CHECK(n == 1 || !can_mate(&p, n - 1), "%s: a mate in %d exists", line, n - 1);
        xq_board_free(b);
        count++;
    }
    fclose(f);
    ck_assert_int_ge(count, 20);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mates");
    TCase *tc = tcase_create("proof");
    tcase_set_timeout(tc, 3600);
    tcase_add_test(tc, test_mate_lengths);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
