/* SPDX-License-Identifier: MIT */
/* Internal types shared by every file of lib/: squares, pieces, moves and the
 * 128-bit board masks. Nothing here is public. */
#ifndef XQ_TYPES_H
#define XQ_TYPES_H

#include <stdint.h>

#include "xiangqi/xiangqi.h"
#include "util/inline.h"

/* A set of squares: bit s is square s (0..89); bits 90..127 stay zero. */
__extension__ typedef unsigned __int128 u128;

enum { FILE_NB = 9, RANK_NB = 10, SQ_NB = 90 };
enum { RED = XQ_RED, BLACK = XQ_BLACK };
enum {
    NO_PIECE = 0,
    KING = XQ_KING,
    ADVISOR = XQ_ADVISOR,
    ELEPHANT = XQ_ELEPHANT,
    HORSE = XQ_HORSE,
    CHARIOT = XQ_CHARIOT,
    CANNON = XQ_CANNON,
    PAWN = XQ_SOLDIER
};
enum { PIECE_NB = 16 };

#define MAKE_PIECE(c, t) ((t) | ((c) << 3))
#define PTYPE(p) ((p) & 7)
#define PCOLOR(p) ((p) >> 3)

#define MOVE_FROM(m) ((int)((m) & 0x7f))
#define MOVE_TO(m) ((int)(((m) >> 7) & 0x7f))
#define MAKE_MOVE(f, t) ((xq_move)((f) | ((t) << 7)))

/* Internal capacity of move arrays; equals the public bound. */
#define MAX_MOVES XQ_MAX_MOVES
/* Longest line the search or perft can go down. */
#define MAX_PLY 128

INLINE int sq_file(int s) { return s % 9; }
INLINE int sq_rank(int s) { return s / 9; }
INLINE int make_sq(int f, int r) { return r * 9 + f; }

INLINE u128 sq_bit(int s) { return (u128)1 << s; }

#ifdef __POPCNT__
INLINE int popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
/* Without the popcnt instruction (no -march), gcc calls a libgcc routine;
 * this inline bit-parallel count is faster. */
INLINE int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif

INLINE int popcount128(u128 b) { return popcount64((uint64_t)b) + popcount64((uint64_t)(b >> 64)); }

INLINE int lsb128(u128 b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}

INLINE int pop_lsb128(u128 *b)
{
    int s = lsb128(*b);
    *b &= *b - 1;
    return s;
}

#endif
