/* SPDX-License-Identifier: MIT */
/* Attack tables and Zobrist keys (see tables.h). */
#include "tables.h"

#include "util/cpu.h"
#include "util/mix64.h"

#include <pthread.h>
#include <string.h>

xq_tables xq__T;

static int on_board(int f, int r) { return f >= 0 && f < FILE_NB && r >= 0 && r < RANK_NB; }

static int in_palace(int f, int r)
{
    return f >= 3 && f <= 5 && (r <= 2 || r >= 7);
}

/* Slider targets along a line of n squares for a piece at position p. */
static unsigned line_rook(int p, unsigned occ, int n)
{
    unsigned m = 0;
    for (int i = p + 1; i < n; i++) {
        m |= 1u << i;
        if (occ & (1u << i))
            break;
    }
    for (int i = p - 1; i >= 0; i--) {
        m |= 1u << i;
        if (occ & (1u << i))
            break;
    }
    return m;
}

static unsigned line_cannon(int p, unsigned occ, int n)
{
    unsigned m = 0;
    for (int dir = -1; dir <= 1; dir += 2) {
        int screen = 0;
        for (int i = p + dir; i >= 0 && i < n; i += dir) {
            if (!screen) {
                if (occ & (1u << i))
                    screen = 1;
                else
                    m |= 1u << i;
            } else if (occ & (1u << i)) {
                m |= 1u << i;
                break;
            }
        }
    }
    return m;
}


static void build(void)
{
    xq_tables *T = &xq__T;
    memset(T, 0, sizeof *T);

    for (int p = 0; p < FILE_NB; p++)
        for (unsigned occ = 0; occ < 512; occ++) {
            T->rook_rank[p][occ] = (uint16_t)line_rook(p, occ, FILE_NB);
            T->cannon_rank[p][occ] = (uint16_t)line_cannon(p, occ, FILE_NB);
        }
    for (int p = 0; p < RANK_NB; p++)
        for (unsigned occ = 0; occ < 1024; occ++) {
            T->rook_file[p][occ] = (uint16_t)line_rook(p, occ, RANK_NB);
            T->cannon_file[p][occ] = (uint16_t)line_cannon(p, occ, RANK_NB);
        }
    for (unsigned m = 0; m < 1024; m++)
        for (int i = 0; i < RANK_NB; i++)
            if (m & (1u << i))
                T->file_spread[m] |= sq_bit(9 * i);

    /* Orthogonal neighbours in orth4_index order, diagonal in diag4_index order. */
    static const int odf[4] = {0, -1, 1, 0}, odr[4] = {-1, 0, 0, 1};
    static const int ddf[4] = {-1, 1, -1, 1}, ddr[4] = {-1, -1, 1, 1};

    for (int s = 0; s < SQ_NB; s++) {
        int f = sq_file(s), r = sq_rank(s);
        for (int idx = 0; idx < 16; idx++) {
            for (int d = 0; d < 4; d++) {
                /* Horse moves: one orthogonal step (the leg), then one diagonal step outward. */
                if (!(idx & (1 << d))) {
                    int lf = f + odf[d], lr = r + odr[d];
                    for (int side = -1; side <= 1; side += 2) {
                        int tf = lf + odf[d] + (odf[d] ? 0 : side);
                        int tr = lr + odr[d] + (odr[d] ? 0 : side);
                        if (on_board(tf, tr))
                            T->horse_to[s][idx] |= sq_bit(make_sq(tf, tr));
                    }
                }
                if (!(idx & (1 << d))) {
                    /* Horses attacking s through the diagonal neighbour d:
                     * they stand one more step out along either axis. */
                    int lf = f + ddf[d], lr = r + ddr[d];
                    if (on_board(lf, lr)) {
                        if (on_board(lf + ddf[d], lr))
                            T->horse_from[s][idx] |= sq_bit(make_sq(lf + ddf[d], lr));
                        if (on_board(lf, lr + ddr[d]))
                            T->horse_from[s][idx] |= sq_bit(make_sq(lf, lr + ddr[d]));
                    }
                    /* Elephant: two diagonal steps, eye unblocked, same half. */
                    int tf = f + 2 * ddf[d], tr = r + 2 * ddr[d];
                    if (on_board(tf, tr) && (tr <= 4) == (r <= 4))
                        T->elephant_to[s][idx] |= sq_bit(make_sq(tf, tr));
                }
            }
        }
        if (in_palace(f, r)) {
            for (int d = 0; d < 4; d++) {
                if (on_board(f + ddf[d], r + ddr[d]) && in_palace(f + ddf[d], r + ddr[d]) &&
                    (r + ddr[d] <= 4) == (r <= 4))
                    T->advisor_to[s] |= sq_bit(make_sq(f + ddf[d], r + ddr[d]));
                if (on_board(f + odf[d], r + odr[d]) && in_palace(f + odf[d], r + odr[d]) &&
                    (r + odr[d] <= 4) == (r <= 4))
                    T->king_to[s] |= sq_bit(make_sq(f + odf[d], r + odr[d]));
            }
            T->palace[r <= 4 ? RED : BLACK] |= sq_bit(s);
        }
        for (int c = RED; c <= BLACK; c++) {
            int fwd = c == RED ? 1 : -1;
            int crossed = c == RED ? r >= 5 : r <= 4;
            if (on_board(f, r + fwd))
                T->pawn_to[c][s] |= sq_bit(make_sq(f, r + fwd));
            if (crossed) {
                if (f > 0)
                    T->pawn_to[c][s] |= sq_bit(s - 1);
                if (f < FILE_NB - 1)
                    T->pawn_to[c][s] |= sq_bit(s + 1);
            }
        }
    }
    for (int s = 0; s < SQ_NB; s++)
        for (int c = RED; c <= BLACK; c++)
            for (int t = 0; t < SQ_NB; t++)
                if (T->pawn_to[c][s] & sq_bit(t))
                    T->pawn_from[c][t] |= sq_bit(s);

    /* Elephant points: reachable from the start squares c0/g0 (c9/g9). */
    static const int eles[2][7][2] = {
        {{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}},
        {{2, 9}, {6, 9}, {0, 7}, {4, 7}, {8, 7}, {2, 5}, {6, 5}},
    };
    for (int c = RED; c <= BLACK; c++)
        for (int i = 0; i < 7; i++)
            T->elephant_squares[c] |= sq_bit(make_sq(eles[c][i][0], eles[c][i][1]));

    /* Soldiers: on their own half only on the five start files, at or beyond
     * the start rank; anywhere on the far half. */
    for (int s = 0; s < SQ_NB; s++) {
        int f = sq_file(s), r = sq_rank(s);
        if ((r >= 5) || (r >= 3 && f % 2 == 0))
            T->pawn_squares[RED] |= sq_bit(s);
        if ((r <= 4) || (r <= 6 && f % 2 == 0))
            T->pawn_squares[BLACK] |= sq_bit(s);
    }

    for (int s = 0; s < SQ_NB; s++) {
        T->board |= sq_bit(s);
        T->half[sq_rank(s) <= 4 ? RED : BLACK] |= sq_bit(s);
        if (sq_file(s) == 0)
            T->file_a |= sq_bit(s);
        if (sq_file(s) == FILE_NB - 1)
            T->file_i |= sq_bit(s);
    }

    uint64_t seed = 0x5869616E67716931ull; /* "Xiangqi1" */
    for (int p = 0; p < PIECE_NB; p++)
        for (int s = 0; s < SQ_NB; s++)
            T->zobrist[p][s] = xq__splitmix64(&seed);
    T->zobrist_side = xq__splitmix64(&seed);

    T->cpu = xq__cpu_detect();
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void xq__tables_init(void) { pthread_once(&once, build); }
