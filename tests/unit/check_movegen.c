/* SPDX-License-Identifier: MIT */
/* White-box tests of the move generator against an independent, naive
 * reference written here from the rules alone (mailbox scans, make the move
 * and look for any attack on the general), plus internal invariants. */
#include "xq_test.h"

#include "core/board.h"
#include "core/movegen.h"

static int sgn(int x) { return (x > 0) - (x < 0); }

static int same_half(int r1, int r2) { return (r1 <= 4) == (r2 <= 4); }

static int in_palace(int f, int r) { return f >= 3 && f <= 5 && (r <= 2 || r >= 7); }

/* Pieces strictly between two squares on one line. */
static int count_between(const pos_t *p, int a, int b)
{
    int fa = a % 9, ra = a / 9, fb = b % 9, rb = b / 9, n = 0;
    int df = sgn(fb - fa), dr = sgn(rb - ra);
    for (int f = fa + df, r = ra + dr; f != fb || r != rb; f += df, r += dr)
        n += p->sq[r * 9 + f] != 0;
    return n;
}

/* Could the piece on s move to t by its own movement rule (ignoring checks)?
 * A general also "reaches" the other general along an open file. */
static int reaches(const pos_t *p, int s, int t)
{
    int pc = p->sq[s], c = PCOLOR(pc);
    int fs = s % 9, rs = s / 9, ft = t % 9, rt = t / 9, df = ft - fs, dr = rt - rs;
    int target = p->sq[t];
    if (target && PCOLOR(target) == c)
        return 0;
    switch (PTYPE(pc)) {
    case KING:
        if (target && PTYPE(target) == KING && df == 0)
            return count_between(p, s, t) == 0;
        return abs(df) + abs(dr) == 1 && in_palace(ft, rt) && same_half(rs, rt);
    case ADVISOR:
        return abs(df) == 1 && abs(dr) == 1 && in_palace(ft, rt) && same_half(rs, rt);
    case ELEPHANT:
        return abs(df) == 2 && abs(dr) == 2 && same_half(rs, rt) &&
               !p->sq[(rs + dr / 2) * 9 + fs + df / 2];
    case HORSE:
        if (abs(df) == 1 && abs(dr) == 2)
            return !p->sq[(rs + dr / 2) * 9 + fs];
        if (abs(df) == 2 && abs(dr) == 1)
            return !p->sq[rs * 9 + fs + df / 2];
        return 0;
    case CHARIOT:
        return (df == 0 || dr == 0) && count_between(p, s, t) == 0;
    case CANNON:
        if (df != 0 && dr != 0)
            return 0;
        return count_between(p, s, t) == (target ? 1 : 0);
    case PAWN: {
        int fwd = c == RED ? 1 : -1, crossed = c == RED ? rs >= 5 : rs <= 4;
        if (df == 0 && dr == fwd)
            return 1;
        return crossed && dr == 0 && abs(df) == 1;
    }
    }
    return 0;
}

static int naive_attacked(const pos_t *p, int k, int by)
{
    for (int s = 0; s < SQ_NB; s++)
        if (p->sq[s] && PCOLOR(p->sq[s]) == by && reaches(p, s, k))
            return 1;
    return 0;
}

/* Reference legal moves, sorted as 16-bit values. */
static int naive_legal(const pos_t *p0, xq_move *out)
{
    pos_t p = *p0;
    int n = 0, us = p.side;
    for (int s = 0; s < SQ_NB; s++) {
        if (!p.sq[s] || PCOLOR(p.sq[s]) != us)
            continue;
        for (int t = 0; t < SQ_NB; t++) {
            if (t == s || !reaches(&p, s, t))
                continue;
            if (p.sq[t] && PTYPE(p.sq[t]) == KING)
                continue; /* never happens in a legal position */
            undo_t u;
            xq_move m = MAKE_MOVE(s, t);
            pos_do(&p, m, &u);
            if (!naive_attacked(&p, p.king[us], us ^ 1))
                out[n++] = m;
            pos_undo(&p, m, &u);
        }
    }
    return n;
}

static int cmp_move(const void *a, const void *b)
{
    return (int)*(const xq_move *)a - (int)*(const xq_move *)b;
}

static void check_position(const pos_t *p)
{
    xq_move fast[MAX_MOVES], ref[MAX_MOVES];
    int nf = xq__gen_legal(p, fast, ALL_SQUARES);
    int nr = naive_legal(p, ref);
    char fen[XQ_FEN_MAX];
    xq__fen_format(p, fen, sizeof fen);
    ck_assert_msg(nf == nr, "%s: generator %d moves, reference %d", fen, nf, nr);
    XQ_CHECK(xq__count_legal(p) == nf, "%s: bulk count differs", fen);
    qsort(fast, (size_t)nf, sizeof *fast, cmp_move);
    qsort(ref, (size_t)nr, sizeof *ref, cmp_move);
    for (int i = 0; i < nf; i++)
        XQ_CHECK(fast[i] == ref[i], "%s: move sets differ", fen);
    XQ_CHECK(xq__in_check(p) == naive_attacked(p, p->king[p->side], p->side ^ 1),
             "%s: in-check disagrees", fen);
    /* Captures only: exactly the legal moves onto enemy pieces. */
    xq_move caps[MAX_MOVES];
    int nc = xq__gen_legal(p, caps, p->by_color[p->side ^ 1]), expect = 0;
    for (int i = 0; i < nf; i++)
        expect += p->sq[MOVE_TO(fast[i])] != 0;
    XQ_CHECK(nc == expect, "%s: %d captures generated, %d expected", fen, nc, expect);
    for (int i = 0; i < nc; i++)
        XQ_CHECK(p->sq[MOVE_TO(caps[i])] != 0, "%s: a non-capture among captures", fen);
    /* xq__is_legal agrees on every (from, to) pair. */
    for (int s = 0; s < SQ_NB; s++)
        for (int t = 0; t < SQ_NB; t++) {
            if (s == t)
                continue;
            xq_move m = MAKE_MOVE(s, t);
            int in = bsearch(&m, fast, (size_t)nf, sizeof m, cmp_move) != NULL;
            XQ_CHECK(xq__is_legal(p, m) == in, "%s: is_legal(%d->%d) is wrong", fen, s, t);
        }
}

/* Random games from every suite position, compared at every ply. */
START_TEST(generator_matches_reference)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    unsigned seed = 2024u + (unsigned)_i;
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        *strchr(line, ';') = 0;
        pos_t p;
        ck_assert_int_eq(xq__fen_parse(line, &p, NULL), XQ_OK);
        for (int ply = 0; ply < 60; ply++) {
            check_position(&p);
            positions++;
            xq_move moves[MAX_MOVES];
            int n = xq__gen_legal(&p, moves, ALL_SQUARES);
            if (!n)
                break;
            seed = seed * 1664525u + 1013904223u;
            undo_t u;
            pos_do(&p, moves[(seed >> 8) % (unsigned)n], &u);
        }
    }
    fclose(f);
    ck_assert_int_gt(positions, 500);
}
END_TEST

/* Every redundant field is consistent after each make and each unmake. */
static void walk(pos_t *p, int depth)
{
    xq_move moves[MAX_MOVES];
    int n = xq__gen_legal(p, moves, ALL_SQUARES);
    pos_t before = *p;
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(p, moves[i], &u);
        XQ_CHECK(xq__pos_ok(p), "inconsistent after a move");
        if (depth > 1)
            walk(p, depth - 1);
        pos_undo(p, moves[i], &u);
        XQ_CHECK(memcmp(p, &before, sizeof before) == 0, "not restored by unmake");
    }
    /* Null move too. */
    undo_t u;
    pos_do_null(p, &u);
    ck_assert(xq__pos_ok(p));
    pos_undo_null(p, &u);
    ck_assert(memcmp(p, &before, sizeof before) == 0);
}

START_TEST(make_unmake_invariants)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        *strchr(line, ';') = 0;
        pos_t p;
        ck_assert_int_eq(xq__fen_parse(line, &p, NULL), XQ_OK);
        ck_assert(xq__pos_ok(&p));
        walk(&p, 2);
    }
    fclose(f);
}
END_TEST

START_TEST(tables_sanity)
{
    xq__tables_init();
    /* Every Zobrist key distinct and non-zero. */
    for (int a = 0; a < PIECE_NB * SQ_NB; a++) {
        uint64_t ka = (&xq__T.zobrist[0][0])[a];
        XQ_CHECK(ka != 0 && ka != xq__T.zobrist_side, "bad key %d", a);
        for (int b = a + 1; b < PIECE_NB * SQ_NB; b++)
            XQ_CHECK(ka != (&xq__T.zobrist[0][0])[b], "keys %d and %d equal", a, b);
    }
    /* Fixed seed: the start position always hashes the same. */
    pos_t p;
    ck_assert_int_eq(xq__fen_parse(XQ_START_FEN, &p, NULL), XQ_OK);
    ck_assert_uint_eq(p.key, xq__pos_compute_key(&p));
    ck_assert_uint_eq(p.key, 0x647B1C7FAA6FE055ull);
    /* Reachable squares: 5 advisor points, 7 elephant points, 9 palace points. */
    ck_assert_int_eq(popcount128(xq__T.palace[RED]), 9);
    ck_assert_int_eq(popcount128(xq__T.elephant_squares[BLACK]), 7);
    ck_assert_int_eq(popcount128(xq__T.pawn_squares[RED]), 55);
}
END_TEST

int main(void)
{
    xq__tables_init(); /* the tests below call internals before any board exists */
    Suite *s = suite_create("movegen");
    TCase *tc = tcase_create("reference");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, generator_matches_reference, 0, 4);
    suite_add_tcase(s, tc);
    tc = tcase_create("invariants");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, make_unmake_invariants);
    tcase_add_test(tc, tables_sanity);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
