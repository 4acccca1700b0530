/* SPDX-License-Identifier: MIT */
/* Board behaviour through the public API: make/unmake and history, hash
 * consistency, repetitions, check, game status, clone. */
#include "xq_test.h"

START_TEST(make_unmake_history)
{
    xq_board *b = xq_test_board(NULL);
    uint64_t h0 = xq_board_hash(b);
    xq_move m;
    ck_assert_int_eq(xq_board_unmake_move(b, &m), XQ_ESTATE);
    ck_assert_int_eq(m, XQ_MOVE_NONE);

    xq_test_play(b, "h2e2"); /* 炮二平五 */
    ck_assert_int_eq(xq_board_side_to_move(b), XQ_BLACK);
    ck_assert_int_eq(xq_board_ply(b), 1);
    ck_assert_int_eq(xq_board_fullmove_number(b), 1);
    ck_assert_int_eq(xq_board_halfmove_clock(b), 1);
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(4, 2)), xq_piece(XQ_RED, XQ_CANNON));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(7, 2)), 0);
    xq_test_play(b, "h9g7");
    ck_assert_int_eq(xq_board_fullmove_number(b), 2);
    ck_assert_int_eq(xq_board_ply(b), 2);
    xq_test_play(b, "e2e6"); /* cannon takes the central soldier */
    ck_assert_int_eq(xq_board_halfmove_clock(b), 0);
    ck_assert_int_eq(xq_board_history_size(b), 3);
    int cap;
    ck_assert_int_eq(xq_board_history_move(b, 2, &m, &cap), XQ_OK);
    ck_assert_int_eq(cap, xq_piece(XQ_BLACK, XQ_SOLDIER));
    ck_assert_int_eq(m, xq_move_make(xq_square(4, 2), xq_square(4, 6)));
    ck_assert_int_eq(xq_board_history_move(b, 0, &m, &cap), XQ_OK);
    ck_assert_int_eq(cap, 0);
    ck_assert_int_eq(xq_board_history_move(b, 3, &m, &cap), XQ_EINVAL);
    ck_assert_str_eq(xq_test_fen(b),
                     "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2");

    ck_assert_int_eq(xq_board_unmake_move(b, &m), XQ_OK);
    ck_assert_int_eq(m, xq_move_make(xq_square(4, 2), xq_square(4, 6)));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(4, 6)), xq_piece(XQ_BLACK, XQ_SOLDIER));
    ck_assert_int_eq(xq_board_halfmove_clock(b), 2);
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_ESTATE);
    ck_assert_str_eq(xq_test_fen(b), XQ_START_FEN);
    ck_assert_uint_eq(xq_board_hash(b), h0);
    xq_board_free(b);
}
END_TEST

START_TEST(illegal_moves_leave_board)
{
    xq_board *b = xq_test_board(NULL);
    const char *illegal[] = {
        "h2h7", /* cannon capture without a screen */ "e0e1" /* fine, is legal: filtered below */,
        "h0h2", /* horse onto own cannon */ "b0c1", /* horse, not a horse move */
        "a0a4", /* chariot through own soldier */ "c0e2" /* legal elephant move, filtered */,
        "c0a3", "d0d1", /* advisor orthogonal */ "a3b3", /* soldier sideways before river */
        "a3a2", /* soldier backwards */ "h7h0", /* black piece, red to move */
        "e0e2", /* general two steps */ "d0e1" /* legal */, "c3c5",
    };
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) {
        xq_move m;
        ck_assert_int_eq(xq_move_parse(illegal[i], &m), XQ_OK);
        int legal = xq_board_is_legal(b, m);
        if (!strcmp(illegal[i], "e0e1") || !strcmp(illegal[i], "c0e2") ||
            !strcmp(illegal[i], "d0e1")) {
            ck_assert_int_eq(legal, 1);
            continue;
        }
        ck_assert_msg(legal == 0, "%s should be illegal", illegal[i]);
        ck_assert_int_eq(xq_board_make_move(b, m), XQ_EILLEGAL);
        ck_assert_str_eq(xq_test_fen(b), XQ_START_FEN);
        ck_assert_int_eq(xq_board_history_size(b), 0);
    }
    xq_board_free(b);
}
END_TEST

/* Exact legality in specific positions: the flying general, pins by
 * chariots, cannons (both screens), horse legs, and the hollow cannon. */
typedef struct legal_case {
    const char *fen;
    const char *move;
    int legal;
} legal_case;

static const legal_case legal_cases[] = {
    /* A horse alone between the generals cannot move. */
    {"4k4/9/9/9/9/9/4N4/9/9/4K4 w - - 0 1", "e3d5", 0},
    {"4k4/9/9/9/9/9/4N4/9/9/4K4 w - - 0 1", "e0d0", 1},
    /* The general may not step onto the open file of the other general. */
    {"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0d0", 0},
    {"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0e1", 1},
    /* A chariot pinned on a file moves along it or takes the pinner. */
    {"4r4/3k5/9/9/9/9/9/4R4/9/4K4 w - - 0 1", "e2d2", 0},
    {"4r4/3k5/9/9/9/9/9/4R4/9/4K4 w - - 0 1", "e2e5", 1},
    {"4r4/3k5/9/9/9/9/9/4R4/9/4K4 w - - 0 1", "e2e9", 1},
    /* Cannon with two screens: either screen leaving the file gives check. */
    {"3kc4/9/9/9/4P4/9/4R4/9/9/4K4 w - - 0 1", "e3d3", 0},
    {"3kc4/9/9/9/4P4/9/4R4/9/9/4K4 w - - 0 1", "e3e4", 1},
    {"3kc4/9/9/9/4P4/9/4R4/9/9/4K4 w - - 0 1", "e5d5", 0},
    {"3kc4/9/9/9/4P4/9/4R4/9/9/4K4 w - - 0 1", "e5e6", 1},
    /* ...capturing the other screen also leaves one screen. */
    {"3kc4/9/9/9/4p4/9/4R4/9/9/4K4 w - - 0 1", "e3e5", 0},
    {"3kc4/9/9/9/4p4/9/4R4/9/9/4K4 w - - 0 1", "e3e4", 1},
    /* Hollow cannon: nothing may step between it and the general. */
    {"3kc4/9/9/9/9/9/9/R8/9/4K4 w - - 0 1", "a2e2", 0},
    {"3kc4/9/9/9/9/9/9/R8/9/4K4 w - - 0 1", "a2d2", 1},
    {"3kc4/9/9/9/9/9/9/R8/9/4K4 w - - 0 1", "e0e1", 1},
    /* Horse leg: the piece on the leg may only take the horse. */
    {"3k5/9/9/9/9/9/9/5n3/4R4/4K4 w - - 0 1", "e1e5", 0},
    {"3k5/9/9/9/9/9/9/5n3/5R3/4K4 w - - 0 1", "f1f2", 1},
    {"3k5/9/9/9/9/9/9/5n3/5R3/4K4 w - - 0 1", "f1f5", 0},
    /* In check from a cannon: moving the screen away, adding a screen. */
    {"3kc4/9/9/9/9/9/4R4/9/9/4K4 w - - 0 1", "e3d3", 1},
    {"3kc4/9/9/9/9/9/4R4/R8/9/4K4 w - - 0 1", "a2e2", 1},
    {"3kc4/9/9/9/9/9/4R4/R8/9/4K4 w - - 0 1", "a2a5", 0},
    /* Soldier attacks: sideways only after the river. */
    {"3k5/9/9/9/9/9/9/9/3p5/4K4 w - - 0 1", "e0e1", 0},
    {"3k5/9/9/9/9/9/9/3p5/9/4K4 w - - 0 1", "e0e1", 1},
    {"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0", 1},
    /* Elephants never cross the river; eyes block. */
    {"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e6", 0},
    {"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e2", 1},
    {"3k5/9/9/9/9/2B6/3p5/9/9/4K4 w - - 0 1", "c4e2", 0},
};

START_TEST(legality_cases)
{
    const legal_case *t = &legal_cases[_i];
    xq_board *b = xq_test_board(t->fen);
    xq_move m, moves[XQ_MAX_MOVES];
    ck_assert_int_eq(xq_move_parse(t->move, &m), XQ_OK);
    ck_assert_msg(xq_board_is_legal(b, m) == t->legal, "%s in %s: expected %s", t->move, t->fen,
                  t->legal ? "legal" : "illegal");
    int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES), found = 0;
    for (int i = 0; i < n; i++)
        found |= moves[i] == m;
    ck_assert_int_eq(found, t->legal);
    ck_assert_int_eq(xq_board_make_move(b, m), t->legal ? XQ_OK : XQ_EILLEGAL);
    xq_board_free(b);
}
END_TEST

START_TEST(check_and_status)
{
    xq_board *b;
    int reason;
    /* Start position: ongoing. */
    b = xq_test_board(NULL);
    ck_assert_int_eq(xq_board_in_check(b), 0);
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_ONGOING);
    ck_assert_int_eq(reason, XQ_REASON_NONE);
    xq_board_free(b);
    /* Stalemate (困毙): Red has no legal move, not in check, and loses. */
    b = xq_test_board("4k4/9/9/9/9/9/9/9/8r/3K5 w - - 0 1");
    ck_assert_int_eq(xq_board_in_check(b), 0);
    ck_assert_int_eq(xq_board_generate_moves(b, NULL, 0), 0);
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_BLACK_WINS);
    ck_assert_int_eq(reason, XQ_REASON_NO_LEGAL_MOVE);
    xq_board_free(b);
    /* Checkmate by double horse check, Black to move. */
    b = xq_test_board("3aka3/9/3NPN3/p8/9/9/2P6/9/9/3AK4 b - - 0 1");
    ck_assert_int_eq(xq_board_in_check(b), 1);
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(reason, XQ_REASON_CHECKMATE);
    ck_assert_int_eq(xq_board_status(b, NULL), XQ_RESULT_RED_WINS);
    xq_board_free(b);
    /* Check by a chariot, and by a cannon through a screen. */
    b = xq_test_board("3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1");
    ck_assert_int_eq(xq_board_in_check(b), 1);
    xq_board_free(b);
    b = xq_test_board("3k5/9/3c5/9/3P5/9/9/9/9/3K5 w - - 0 1");
    ck_assert_int_eq(xq_board_in_check(b), 1);
    xq_board_free(b);
    /* Playing into mate through the API reports it. */
    b = xq_test_board("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    ck_assert_int_eq(xq_board_status(b, NULL), XQ_RESULT_ONGOING);
    xq_test_play(b, "e0f0");
    xq_test_play(b, "d9e9");
    xq_test_play(b, "a0a9");
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_ONGOING);
    xq_board_free(b);
    /* Mate in one: the chariot on a8 guards rank 8, the file d is the
     * other general's, and the second chariot checks along rank 9. */
    b = xq_test_board("4k4/R8/9/9/9/9/9/9/8R/3K5 w - - 0 1");
    xq_test_play(b, "i1i9");
    ck_assert_int_eq(xq_board_in_check(b), 1);
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(reason, XQ_REASON_CHECKMATE);
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_ONGOING);
    xq_board_free(b);
}
END_TEST

/* xq_board_attackers() of `color` on `square` must be exactly want[0..n). */
static void expect_attackers(const char *fen, int color, const char *square, const int *want, int n)
{
    xq_board *b = xq_test_board(fen);
    int got[16], sq = XQ_SQUARE(square[0] - 'a', square[1] - '0');
    int k = xq_board_attackers(b, color, sq, got, 16);
    ck_assert_msg(k == n, "%s: %s attackers of %s: %d, want %d", fen ? fen : "start",
                  color == XQ_RED ? "red" : "black", square, k, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(got[i] == want[i], "%s: attacker %d of %s is %d, want %d",
                      fen ? fen : "start", i, square, got[i], want[i]);
    ck_assert_int_eq(xq_board_attackers(b, color, sq, NULL, 0), n); /* count only */
    xq_board_free(b);
}

START_TEST(attackers)
{
    /* Start position: the general and both advisors on e1; the elephants on
     * e2; the horse on c2 and g2; a chariot, a horse, an elephant and the
     * cannon on h2 (through b2) on a2; a soldier on
     * e4; the cannon on h2 through the black cannon on h7 at the horse on
     * h9; nothing at all on e5; the general defends d0 (an own piece). */
    expect_attackers(NULL, XQ_RED, "e1", (const int[]){3, 4, 5}, 3);
    expect_attackers(NULL, XQ_RED, "e2", (const int[]){2, 6}, 2);
    expect_attackers(NULL, XQ_RED, "c2", (const int[]){1}, 1);
    expect_attackers(NULL, XQ_RED, "g2", (const int[]){7}, 1);
    expect_attackers(NULL, XQ_RED, "a2", (const int[]){0, 1, 2, 25}, 4);
    expect_attackers(NULL, XQ_RED, "e4", (const int[]){31}, 1);
    expect_attackers(NULL, XQ_RED, "h9", (const int[]){25}, 1);
    expect_attackers(NULL, XQ_RED, "e5", NULL, 0);
    expect_attackers(NULL, XQ_RED, "d0", (const int[]){4}, 1);
    expect_attackers(NULL, XQ_BLACK, "e8", (const int[]){84, 85, 86}, 3);
    expect_attackers(NULL, XQ_BLACK, "b0", (const int[]){64}, 1);
    /* A blocked horse leg (h1) and a blocked elephant eye (d1). */
    expect_attackers("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/7R1/RNBAKABN1 w - - 0 1",
                     XQ_RED, "g2", NULL, 0);
    expect_attackers("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3R5/RNBAKABN1 w - - 0 1",
                     XQ_RED, "e2", (const int[]){6}, 1);
    /* A black soldier across the river attacks forward and sideways, not
     * back; a general does not attack past a piece on its file. */
    expect_attackers("3k5/9/9/9/9/9/3p5/9/9/4K4 w - - 0 1", XQ_BLACK, "d2", (const int[]){30}, 1);
    expect_attackers("3k5/9/9/9/9/9/3p5/9/9/4K4 w - - 0 1", XQ_BLACK, "e3", (const int[]){30}, 1);
    expect_attackers("3k5/9/9/9/9/9/3p5/9/9/4K4 w - - 0 1", XQ_BLACK, "d4", NULL, 0);
    expect_attackers("4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", XQ_BLACK, "e0", NULL, 0);
    /* Checkers: the chariot on a0 and the cannon on d7 through d5. */
    expect_attackers("3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", XQ_BLACK, "e0", (const int[]){0}, 1);
    expect_attackers("3k5/9/3c5/9/3P5/9/9/9/9/3K5 w - - 0 1", XQ_BLACK, "d0", (const int[]){66}, 1);

    /* A short array gets the first attackers and the full count. */
    xq_board *b = xq_test_board(NULL);
    int got[2] = {-1, -1};
    ck_assert_int_eq(xq_board_attackers(b, XQ_RED, 13, got, 1), 3);
    ck_assert_int_eq(got[0], 3);
    ck_assert_int_eq(got[1], -1);
    /* Bad input. */
    ck_assert_int_eq(xq_board_attackers(NULL, XQ_RED, 13, got, 2), XQ_EINVAL);
    ck_assert_int_eq(xq_board_attackers(b, 2, 13, got, 2), XQ_EINVAL);
    ck_assert_int_eq(xq_board_attackers(b, -1, 13, got, 2), XQ_EINVAL);
    ck_assert_int_eq(xq_board_attackers(b, XQ_RED, -1, got, 2), XQ_EINVAL);
    ck_assert_int_eq(xq_board_attackers(b, XQ_RED, 90, got, 2), XQ_EINVAL);
    ck_assert_int_eq(xq_board_attackers(b, XQ_RED, 13, NULL, 2), XQ_EINVAL);
    xq_board_free(b);
}
END_TEST

START_TEST(repetitions)
{
    xq_board *b = xq_test_board(NULL);
    ck_assert_int_eq(xq_board_repetitions(b), 0);
    const char *cycle[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
    for (int round = 1; round <= 3; round++) {
        for (int i = 0; i < 4; i++) {
            xq_test_play(b, cycle[i]);
            if (i < 3)
                ck_assert_int_eq(xq_board_repetitions(b), round - 1);
        }
        ck_assert_int_eq(xq_board_repetitions(b), round);
    }
    ck_assert_int_eq(xq_board_halfmove_clock(b), 12);
    xq_board_unmake_move(b, NULL);
    ck_assert_int_eq(xq_board_repetitions(b), 2);
    /* Only positions since the FEN count, whatever its halfmove clock. */
    xq_board_free(b);
    b = xq_test_board("4k4/9/9/9/9/9/9/4p4/R8/3K5 w - - 30 40");
    xq_test_play(b, "a1a2");
    xq_test_play(b, "e9f9");
    xq_test_play(b, "a2a1");
    xq_test_play(b, "f9e9");
    ck_assert_int_eq(xq_board_repetitions(b), 1);
    xq_board_free(b);
}
END_TEST

START_TEST(clone_is_independent)
{
    xq_board *a = xq_test_board(NULL), *c;
    xq_test_play(a, "h2e2");
    ck_assert_int_eq(xq_board_clone(&c, a), XQ_OK);
    ck_assert_str_eq(xq_test_fen(c), xq_test_fen(a));
    ck_assert_int_eq(xq_board_history_size(c), 1);
    xq_test_play(c, "h9g7");
    ck_assert_int_eq(xq_board_history_size(a), 1);
    ck_assert_int_eq(xq_board_unmake_move(c, NULL), XQ_OK);
    ck_assert_int_eq(xq_board_unmake_move(c, NULL), XQ_OK);
    ck_assert_str_eq(xq_test_fen(c), XQ_START_FEN);
    ck_assert_int_eq(xq_board_side_to_move(a), XQ_BLACK);
    xq_board_free(a);
    ck_assert_int_eq(xq_board_side_to_move(c), XQ_RED);
    xq_board_free(c);
}
END_TEST

/* Walk the legal-move tree to depth 3 from every suite position with the
 * public API: after every make the hash equals that of the same FEN parsed
 * from scratch, and after every unmake FEN and hash are restored. */
static uint64_t walk(xq_board *b, int depth)
{
    if (depth == 0)
        return 1;
    xq_move moves[XQ_MAX_MOVES];
    char before[XQ_FEN_MAX], after[XQ_FEN_MAX];
    uint64_t h = xq_board_hash(b), nodes = 0;
    int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
    xq_board_fen(b, before, sizeof before);
    for (int i = 0; i < n; i++) {
        XQ_CHECK(xq_board_make_move(b, moves[i]) == XQ_OK, "%s: move %d rejected", before, i);
        xq_board_fen(b, after, sizeof after);
        xq_board *fresh = NULL;
        XQ_CHECK(xq_board_new(&fresh, after, NULL) == XQ_OK, "%s rejected", after);
        XQ_CHECK(xq_board_hash(fresh) == xq_board_hash(b), "%s: incremental hash differs", after);
        xq_board_free(fresh);
        nodes += walk(b, depth - 1);
        XQ_CHECK(xq_board_unmake_move(b, NULL) == XQ_OK, "unmake failed");
        XQ_CHECK(xq_board_hash(b) == h, "%s: hash not restored", before);
        xq_board_fen(b, after, sizeof after);
        XQ_CHECK(!strcmp(after, before), "FEN not restored: %s vs %s", after, before);
    }
    return nodes;
}

START_TEST(make_unmake_walk)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *semi = strchr(line, ';');
        *semi = 0;
        unsigned long long d1, d2;
        ck_assert_int_eq(sscanf(semi + 1, "D1 %llu ;D2 %llu", &d1, &d2), 2);
        xq_board *b = xq_test_board(line);
        ck_assert_uint_eq(walk(b, 2), d2);
        if (lineno % 5 == 1)
            walk(b, 3);
        xq_board_free(b);
    }
    fclose(f);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("make_unmake");
    tcase_add_test(tc, make_unmake_history);
    tcase_add_test(tc, illegal_moves_leave_board);
    tcase_add_test(tc, clone_is_independent);
    suite_add_tcase(s, tc);
    tc = tcase_create("rules");
    tcase_add_loop_test(tc, legality_cases, 0,
                        (int)(sizeof legal_cases / sizeof *legal_cases));
    tcase_add_test(tc, check_and_status);
    tcase_add_test(tc, attackers);
    tcase_add_test(tc, repetitions);
    suite_add_tcase(s, tc);
    tc = tcase_create("walk");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, make_unmake_walk);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
