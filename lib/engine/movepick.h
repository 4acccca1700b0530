/* SPDX-License-Identifier: MIT */
/* Move ordering: history tables, static exchange evaluation and the staged
 * move picker (hash move, good captures, killers, counter move, quiet moves
 * by history, bad captures; all evasions when in check; captures only in the
 * quiescence search). Moves come from the legal generator, so every move a
 * picker returns is legal. */
#ifndef XQ_MOVEPICK_H
#define XQ_MOVEPICK_H

#include "core/position.h"

/* History values stay within +-HIST_MAX. */
enum { HIST_MAX = 16384 };

/* A continuation history row: indexed by (piece, destination) of a move,
 * for a given (piece, destination) of an earlier move. */
typedef int16_t cont_row_t[PIECE_NB][SQ_NB];

/* Per-thread ordering statistics (a few MB; allocated once per thread). */
typedef struct histories {
    int16_t main[2][SQ_NB][SQ_NB];               /* [side][from][to] */
    int16_t capture[PIECE_NB][SQ_NB][8];         /* [piece][to][captured type] */
    xq_move counter[PIECE_NB][SQ_NB];            /* reply to (piece, to) */
    cont_row_t cont[PIECE_NB][SQ_NB];            /* [prev piece][prev to] */
} histories;

/* Add a bonus (or a malus, negative) with saturation towards +-HIST_MAX. */
INLINE void hist_update(int16_t *h, int bonus)
{
    if (bonus > HIST_MAX)
        bonus = HIST_MAX;
    if (bonus < -HIST_MAX)
        bonus = -HIST_MAX;
    *h = (int16_t)(*h + bonus - *h * (bonus < 0 ? -bonus : bonus) / HIST_MAX);
}

/* Static exchange: does the exchange sequence started by m on its
 * destination gain at least `threshold` (in xq__see_value units)? */
int xq__see_ge(const pos_t *p, xq_move m, int threshold);

enum { MP_CONT_PLIES = 3 }; /* continuation rows used: 1, 2 and 4 plies back */

typedef struct movepick {
    const pos_t *p;
    const histories *h;
    cont_row_t *cont[MP_CONT_PLIES]; /* may be NULL (read only) */
    xq_move tt_move, killer[2], counter;
    int stage;
    int cur, end, nbad, cur_bad;
    xq_move moves[MAX_MOVES];
    int score[MAX_MOVES];
    xq_move bad[MAX_MOVES];
} movepick;

/* Main search (in check or not). */
void xq__mp_init(movepick *mp, const pos_t *p, const histories *h,
                 cont_row_t *const cont[MP_CONT_PLIES], xq_move tt_move,
                 const xq_move killer[2], xq_move counter, int in_check);
/* Quiescence search: captures (all evasions when in check). */
void xq__mp_init_qs(movepick *mp, const pos_t *p, const histories *h, xq_move tt_move,
                    int in_check);
/* The next move, or XQ_MOVE_NONE when done. With skip_quiets set, quiet
 * moves not yet returned are skipped unless they give check (captures
 * still come). */
xq_move xq__mp_next(movepick *mp, int skip_quiets);

#endif
