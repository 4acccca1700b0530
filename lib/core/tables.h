/* SPDX-License-Identifier: MIT */
/* Precomputed attack tables and Zobrist keys. Built once (pthread_once) by
 * xq__tables_init(); every board constructor calls it, so any code that holds
 * a position may read them without further checks. Read-only afterwards. */
#ifndef XQ_TABLES_H
#define XQ_TABLES_H

#include "types.h"

typedef struct xq_tables {
    /* Sliding pieces along one line, indexed by the position on the line
     * and the line's occupancy (bit i = i-th square of the rank/file).
     * rook: every square up to and including the first blocker.
     * cannon: the empty squares before the first blocker (quiet moves) and
     *         the second blocker (the capture target beyond the screen). */
    uint16_t rook_rank[FILE_NB][512];
    uint16_t cannon_rank[FILE_NB][512];
    uint16_t rook_file[RANK_NB][1024];
    uint16_t cannon_file[RANK_NB][1024];
    /* Bit i of a 10-bit file mask -> square 9*i of file a. */
    u128 file_spread[1024];
    /* Stepping pieces. Index for horses: legs blocked (see orth4_index);
     * for elephants: eyes blocked, for horse_from: the target's diagonal
     * neighbours occupied (see diag4_index). */
    u128 horse_to[SQ_NB][16];
    u128 horse_from[SQ_NB][16]; /* squares from which a horse attacks s */
    u128 elephant_to[SQ_NB][16];
    u128 advisor_to[SQ_NB];
    u128 king_to[SQ_NB];
    u128 pawn_to[2][SQ_NB];
    u128 pawn_from[2][SQ_NB]; /* squares from which a pawn of color c attacks s */
    /* Squares of each side's palace, and where each piece type may stand. */
    u128 palace[2];
    u128 elephant_squares[2];
    u128 pawn_squares[2];
    /* Whole-board masks: the 90 squares, each side's half, files a and i. */
    u128 board;
    u128 half[2];
    u128 file_a, file_i;
    uint64_t zobrist[PIECE_NB][SQ_NB];
    uint64_t zobrist_side; /* xor-ed in when Black is to move */
    int cpu;               /* the instruction set level (cpu.h): which copy of the generator runs */
} xq_tables;

extern xq_tables xq__T;

void xq__tables_init(void);

/* Occupancy of the four orthogonal neighbours of s: bit0 s-9, bit1 s-1,
 * bit2 s+1, bit3 s+9 (neighbours off the board read as empty or as a square
 * of another rank; the tables never use those). */
INLINE int orth4_index(u128 occ, int s)
{
    uint64_t w = (uint64_t)((occ << 9) >> s);
    return (int)((w & 1) | ((w >> 7) & 2) | ((w >> 8) & 4) | ((w >> 15) & 8));
}

/* Occupancy of the four diagonal neighbours of s: bit0 s-10, bit1 s-8,
 * bit2 s+8, bit3 s+10. */
INLINE int diag4_index(u128 occ, int s)
{
    uint64_t w = (uint64_t)((occ << 10) >> s);
    return (int)((w & 1) | ((w >> 1) & 2) | ((w >> 16) & 4) | ((w >> 17) & 8));
}

INLINE u128 rank_bits(int r, unsigned mask9) { return (u128)mask9 << (9 * r); }
INLINE u128 file_bits(int f, unsigned mask10) { return xq__T.file_spread[mask10] << f; }

/* Squares strictly between a and b, which share a rank or a file. */
INLINE u128 between(int a, int b)
{
    int fa = sq_file(a), fb = sq_file(b), ra = sq_rank(a), rb = sq_rank(b);
    if (ra == rb) {
        int lo = fa < fb ? fa : fb, hi = fa ^ fb ^ lo;
        return rank_bits(ra, ((1u << hi) - 1) & ~((2u << lo) - 1));
    }
    int lo = ra < rb ? ra : rb, hi = ra ^ rb ^ lo;
    return file_bits(fa, ((1u << hi) - 1) & ~((2u << lo) - 1));
}

#endif
