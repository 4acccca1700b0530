/* SPDX-License-Identifier: MIT */
/* Perft: leaf count of the legal-move tree, bulk-counted at the last ply. */
#include "board.h"
#include "movegen.h"

static uint64_t perft(pos_t *p, int depth)
{
    xq_move moves[MAX_MOVES];
    undo_t u;
    uint64_t nodes = 0;
    if (depth == 1)
        return (uint64_t)xq__count_legal(p);
    int n = xq__gen_legal(p, moves, ALL_SQUARES);
    for (int i = 0; i < n; i++) {
        pos_do(p, moves[i], &u);
        nodes += perft(p, depth - 1);
        pos_undo(p, moves[i], &u);
    }
    return nodes;
}

int xq_perft(const xq_board *b, int depth, uint64_t *nodes)
{
    if (!board_ok(b) || depth < 0 || depth > MAX_PLY / 2 || !nodes)
        return XQ_EINVAL;
    pos_t p = b->pos;
    *nodes = depth == 0 ? 1 : perft(&p, depth);
    return XQ_OK;
}

int xq_perft_divide(const xq_board *b, int depth, xq_move *moves, uint64_t *counts, size_t cap)
{
    if (!board_ok(b) || depth < 1 || depth > MAX_PLY / 2 || (cap && (!moves || !counts)))
        return XQ_EINVAL;
    pos_t p = b->pos;
    xq_move list[MAX_MOVES];
    undo_t u;
    int n = xq__gen_legal(&p, list, ALL_SQUARES);
    for (int i = 0; i < n && (size_t)i < cap; i++) {
        pos_do(&p, list[i], &u);
        moves[i] = list[i];
        counts[i] = depth == 1 ? 1 : perft(&p, depth - 1);
        pos_undo(&p, list[i], &u);
    }
    return n;
}
