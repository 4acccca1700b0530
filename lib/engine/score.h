/* SPDX-License-Identifier: MIT */
/* Scores of the search: the draw and mate values, mate distances and their
 * form in the transposition table. Shared by the search, the time manager
 * and the endgame tables' hook (which scores a table mate like a mate found
 * by the search). */
#ifndef XQ_SCORE_H
#define XQ_SCORE_H

#include "core/types.h"

enum {
    VALUE_DRAW = 0,
    VALUE_MATE = 32000,
    VALUE_INF = 32001,
    VALUE_NONE = 32002,
    VALUE_MATE_IN_MAX = VALUE_MATE - MAX_PLY,
    VALUE_MATED_IN_MAX = -VALUE_MATE_IN_MAX
};

/* The score of giving mate / being mated at `ply` plies from the root. */
INLINE int mate_in(int ply) { return VALUE_MATE - ply; }
INLINE int mated_in(int ply) { return -VALUE_MATE + ply; }

/* A score at `ply` as the table stores it: mates counted from the node,
 * not from the root. */
INLINE int value_to_tt(int v, int ply)
{
    return v >= VALUE_MATE_IN_MAX ? v + ply : v <= VALUE_MATED_IN_MAX ? v - ply : v;
}

/* A table value at `ply`, with `room` plies left before the move limit
 * draws. A mate farther away than that (stored from the same position
 * reached with a lower move-limit count) may no longer be reachable: the
 * value is not used (VALUE_NONE), only the move. */
INLINE int value_from_tt(int v, int ply, int room)
{
    if (v == VALUE_NONE)
        return VALUE_NONE;
    if (v >= VALUE_MATE_IN_MAX)
        return VALUE_MATE - v > room ? VALUE_NONE : v - ply;
    if (v <= VALUE_MATED_IN_MAX)
        return VALUE_MATE + v > room ? VALUE_NONE : v + ply;
    return v;
}

#endif
