/* SPDX-License-Identifier: MIT */
/* Legal move generation. Check and pin information is computed once per
 * position; only king moves and moves out of check are tested one by one,
 * and that test updates occupancy masks without making the move. */
#ifndef XQ_MOVEGEN_H
#define XQ_MOVEGEN_H

#include "util/cpu.h"
#include "position.h"

/* The generator is compiled for several instruction sets, one copy per
 * level of cpu.h; the table build detected the best level this CPU supports
 * (xq__T.cpu). */
typedef struct movegen_impl {
    int (*gen)(const pos_t *p, xq_move *moves, u128 targets);
    int (*count)(const pos_t *p);
    const char *name;
} movegen_impl;

extern const movegen_impl xq__movegen[XQ_CPU_NB];

/* Write the legal moves whose destination is in `targets` (use ALL_SQUARES
 * for every move, the opponent's pieces for captures) and return their number.
 * `moves` needs room for MAX_MOVES. */
INLINE int xq__gen_legal(const pos_t *p, xq_move *moves, u128 targets)
{
    return xq__movegen[xq__T.cpu].gen(p, moves, targets);
}
/* Number of legal moves (bulk count, nothing written). */
INLINE int xq__count_legal(const pos_t *p) { return xq__movegen[xq__T.cpu].count(p); }
/* Whether square s is attacked by color `by` (flying general included when
 * s holds the other general). */
int xq__attacked(const pos_t *p, int s, int by);
/* The squares of `by`'s pieces that attack square s: that could move there
 * if it held an enemy piece (pins ignored; a piece of `by` on s does not stop
 * the others). A general attacks along the file only the other general. */
u128 xq__attackers(const pos_t *p, int s, int by);
/* Whether the side to move is in check. */
INLINE int xq__in_check(const pos_t *p) { return xq__attacked(p, p->king[p->side], p->side ^ 1); }
/* Full validation of an arbitrary 16-bit value as a move in this position. */
int xq__is_legal(const pos_t *p, xq_move m);

#define ALL_SQUARES (~(u128)0)

/* Chariot destinations from s: every square up to and including the first
 * piece in each direction (of either colour). */
INLINE u128 rook_targets(const pos_t *p, int s)
{
    int f = sq_file(s), r = sq_rank(s);
    return rank_bits(r, xq__T.rook_rank[f][p->rank_occ[r]]) |
           file_bits(f, xq__T.rook_file[r][p->file_occ[f]]);
}

/* Cannon destinations from s: the empty squares before the first piece and,
 * beyond that screen, the next piece (of either colour). */
INLINE u128 cannon_targets(const pos_t *p, int s)
{
    int f = sq_file(s), r = sq_rank(s);
    return rank_bits(r, xq__T.cannon_rank[f][p->rank_occ[r]]) |
           file_bits(f, xq__T.cannon_file[r][p->file_occ[f]]);
}

/* The occupancy of the rank and the file through square k (as in
 * pos_t.rank_occ / file_occ) after a piece moves from `from` to `to`. */
INLINE void xq__lines_after(const pos_t *p, int k, int from, int to, unsigned *ro, unsigned *fo)
{
    const int kf = sq_file(k), kr = sq_rank(k);
    unsigned r = p->rank_occ[kr], f = p->file_occ[kf];
    if (sq_rank(from) == kr)
        r &= ~(1u << sq_file(from));
    if (sq_file(from) == kf)
        f &= ~(1u << sq_rank(from));
    if (sq_rank(to) == kr)
        r |= 1u << sq_file(to);
    if (sq_file(to) == kf)
        f |= 1u << sq_rank(to);
    *ro = r;
    *fo = f;
}

/* Whether the legal move m checks the opponent's general (without making it:
 * the lines through the general after the move). */
int xq__gives_check(const pos_t *p, xq_move m);

#endif
