/* Static evaluation: a hand-written, tapered (middlegame/endgame) score.
 * Hot path: no allocation, no locks, pure function of the position. */
#ifndef XQ_EVAL_H
#define XQ_EVAL_H

#include "position.h"

/* Piece values by type (KING..PAWN) for move ordering and static exchange
 * evaluation; index 0 is empty. Not the evaluation's material weights. */
extern const int xq__see_value[8];

/* Score of the position in centipawns from the side to move's view. Never
 * reaches the mate range (|score| < 10000). */
int xq__evaluate(const pos_t *p);

/* The evaluation's terms for one position, for tests and tuning: each term
 * from Red's view, middlegame and endgame parts, then the blend. */
typedef struct eval_trace {
    int material[2][2];  /* [color][mg/eg]: material + piece-square tables */
    int mobility[2][2];
    int king[2][2];      /* king safety (negative: danger for that colour) */
    int threats[2][2];
    int pawns[2][2];
    int phase;           /* 0 (bare endgame) .. EVAL_PHASE_MAX (opening) */
    int scale;           /* endgame scale factor, 0..EVAL_SCALE_MAX, for the stronger side */
    int red_view;        /* final score from Red's view */
} eval_trace;

enum { EVAL_PHASE_MAX = 32, EVAL_SCALE_MAX = 64 };

int xq__evaluate_trace(const pos_t *p, eval_trace *t);

/* Pieces of colour c aimed at the enemy palace (as the evaluation's king
 * safety counts them): chariots and horses attacking a palace point,
 * cannons hitting one or standing on the general's file or rank, crossed
 * soldiers next to the palace. The search uses it to keep static pruning
 * away from positions with a mating attack. */
int xq__palace_attackers(const pos_t *p, int c);

#endif
