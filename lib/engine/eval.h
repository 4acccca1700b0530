/* SPDX-License-Identifier: MIT */
/* Static evaluation: a tapered (middlegame/endgame) score that is linear in
 * its weights, so that a Texel tuner (tools/tune) can fit every weight.
 * Hot path: no allocation, no locks, pure function of the position. */
#ifndef XQ_EVAL_H
#define XQ_EVAL_H

#include "core/position.h"

/* Piece values by type (KING..PAWN) for move ordering and static exchange
 * evaluation; index 0 is empty. Not the evaluation's material weights. */
extern const int xq__see_value[8];

/* Score of the position in centipawns from the side to move's view. Never
 * reaches the mate range: |score| <= EVAL_MAX (below). */
int xq__evaluate(const pos_t *p);

enum { EVAL_PHASE_MAX = 32, EVAL_SCALE_MAX = 64 };

/* A static evaluation lies within -EVAL_MAX..EVAL_MAX: far from the mate
 * scores (VALUE_MATE_IN_MAX, score.h) and the tablebase scores, so that no
 * material count, however lopsided, reads as a mate. */
enum { EVAL_MAX = 9000 };

/* The weights other than material, tables and mobility, in the order of
 * the scalar[] table in lib/engine/eval.c: X(name, description). */
#define EVAL_SCALARS(X)                                                                   \
    X(CANNON_HIT, "per enemy piece a cannon can capture")                                 \
    X(KING_DANGER, "per 8 units of (attack weight x attackers x missing defenders)^2/5")   \
    X(HOLLOW_CANNON, "enemy cannon on the general's file with nothing between")          \
    X(HOLLOW_CANNON_LONE, "the same when it is the enemy's only attacking piece")         \
    X(PIN_CANNON, "enemy cannon on the general's file behind two screens")               \
    X(RANK_CANNON, "enemy cannon on the general's rank with nothing between")            \
    X(RANK_CANNON_LONE, "the same when it is the enemy's only attacking piece")           \
    X(OPEN_FILE_CHARIOT, "enemy chariot on a palace file with none of ours in the way")   \
    X(NO_ADVISOR_CHARIOT, "per missing advisor and enemy chariot")                        \
    X(NO_ADVISOR_HORSE, "per missing advisor and enemy horse")                            \
    X(NO_ELEPHANT_CANNON, "per missing elephant and enemy cannon")                        \
    X(NO_ELEPHANT_CHARIOT, "per missing elephant and enemy chariot")                      \
    X(SAFE_CHECK_CHARIOT, "per square a chariot can give check from unopposed")           \
    X(SAFE_CHECK_HORSE, "per square a horse can give check from unopposed")               \
    X(SAFE_CHECK_CANNON, "per square a cannon can give check from unopposed")             \
    X(AIMED_CHARIOT, "per enemy chariot attacking a palace point")                        \
    X(AIMED_HORSE, "per enemy horse attacking a palace point")                            \
    X(AIMED_CANNON, "per enemy cannon aimed at the palace or the general's lines")        \
    X(AIMED_SOLDIER, "per crossed enemy soldier attacking a palace point")                \
    X(PALACE_ATTACKED, "per palace point the enemy attacks")                              \
    X(KING_TRAPPED, "the general has no safe square to step to")                          \
    X(THREAT_CHARIOT, "a chariot attacked by a soldier, horse, cannon or defender")       \
    X(THREAT_MINOR, "a horse or cannon attacked by a soldier or defender")                \
    X(LOOSE_PIECE, "a piece attacked and not defended")                                   \
    X(LOOSE_SOLDIER, "a crossed soldier attacked and not defended")                       \
    X(SOLDIER_PAIR, "crossed soldiers side by side")                                      \
    X(TEMPO, "the side to move (added after the endgame scale)")

#define EVAL_SCALAR_ENUM(name, text) SC_##name,
enum { EVAL_SCALARS(EVAL_SCALAR_ENUM) SC_COUNT };
#undef EVAL_SCALAR_ENUM

/* Endgame scale cases (scale_for() in lib/engine/eval.c): the stronger side's
 * material cannot, or can hardly, force mate against the weaker side's, so
 * the score is multiplied by the case's factor / EVAL_SCALE_MAX. The
 * factors are weights of the tuned block (scale_case[] in lib/engine/eval.c) but
 * for NONE (always EVAL_SCALE_MAX) and DEAD (always 0). "Attacking pieces"
 * are chariots, horses and cannons; "defenders" advisors and elephants.
 * X(name, description). */
#define EVAL_SCALES(X)                                                                             \
    X(NONE, "no case applies: the full score (fixed)")                                             \
    X(DEAD, "no soldier and no attacking piece: mate is impossible (fixed at 0)")                  \
    X(SOLDIER_VS_ANY, "one soldier, no attacking piece, against more than a general")              \
    X(SOLDIER_VS_BARE, "one soldier, no attacking piece, against a bare general")                  \
    X(SOLDIERS2_VS_DEFENCE, "two soldiers, no attacking piece, against an attacking piece "        \
                            "or three or more defenders")                                          \
    X(SOLDIERS2_VS_FEW, "two soldiers, no attacking piece, against at most two defenders")         \
    X(SOLDIERS3_VS_FORTRESS, "three or more soldiers, no attacking piece, against an "             \
                             "attacking piece and four defenders")                                 \
    X(CANNON_ALONE, "one cannon, no soldier (with an advisor against a bare general: NONE)")       \
    X(HORSE_VS_DEFENCE, "one horse, no soldier, against two defenders, an attacking piece "        \
                        "or a soldier")                                                            \
    X(CHARIOT_VS_CHARIOT, "one chariot, no soldier, against a chariot")                            \
    X(CHARIOT_VS_FULL_DEFENCE, "one chariot, no soldier, against two advisors and two "            \
                               "elephants")                                                        \
    X(CHARIOT_VS_PIECE, "one chariot, no soldier, against an attacking piece and two "             \
                        "advisors")                                                                \
    X(DEFENDERS_AHEAD, "no soldier on either side and no more attacking power than the "           \
                       "enemy: ahead in defenders only")

#define EVAL_SCALE_ENUM(name, text) SCALE_##name,
enum { EVAL_SCALES(EVAL_SCALE_ENUM) SCALE_COUNT };
#undef EVAL_SCALE_ENUM

/* Every weight is a (middlegame, endgame) pair. Their flat index: */
enum {
    EP_MATERIAL = 0,                  /* [type] (KING..PAWN; 0 and KING unused) */
    EP_PST = EP_MATERIAL + 8,         /* [type * SQ_NB + table index]: piece-square tables */
    EP_MOB_HORSE = EP_PST + 8 * SQ_NB, /* [squares a horse reaches, 0..8] */
    EP_MOB_CHARIOT = EP_MOB_HORSE + 9, /* [squares, 0..17] */
    EP_MOB_CANNON = EP_MOB_CHARIOT + 18, /* [empty squares, 0..17] */
    EP_SCALAR = EP_MOB_CANNON + 18,   /* [SC_*] */
    EP_COUNT = EP_SCALAR + SC_COUNT
};

/* Piece-square table index of square s for a piece of colour c: the
 * tables are written from Red's side, rank 9 in the first row. */
INLINE int xq__pst_index(int c, int s)
{
    return c == RED ? (9 - sq_rank(s)) * 9 + sq_file(s) : s;
}

/* How one position uses the weights, for the tuner: the evaluation from
 * Red's view is
 *   lin = sum_i coef[i] * (mg_i * phase + eg_i * (PHASE_MAX - phase)) / PHASE_MAX
 *   scale = factor[scale_case[lin >= 0 ? RED : BLACK]]
 *   red_view = lin * scale / SCALE_MAX + tempo_sign * TEMPO (the TEMPO pair's mg)
 * up to integer rounding, where coef[i] counts Red's uses of weight i less
 * Black's (coef[EP_SCALAR + SC_TEMPO] stays 0; tempo_sign says who moves)
 * and factor[] is xq__eval_scales(). */
typedef struct eval_trace {
    int16_t coef[EP_COUNT];
    int phase;         /* 0 (bare endgame) .. EVAL_PHASE_MAX (opening) */
    int scale_case[2]; /* SCALE_*: the case if Red [RED] or Black [BLACK] is the stronger side */
    int strong;        /* the stronger side by the unscaled score (RED when it is 0) */
    int scale;         /* the factor used, of scale_case[strong]: 0..EVAL_SCALE_MAX */
    int tempo_sign;    /* +1 Red to move, -1 Black */
    int red_view;      /* final score from Red's view, before clamping */
} eval_trace;

/* The evaluation with its trace (t is cleared first). */
int xq__evaluate_trace(const pos_t *p, eval_trace *t);

/* The current weights, by flat index. */
void xq__eval_weights(int mg[EP_COUNT], int eg[EP_COUNT]);

/* The current endgame scale factors, by SCALE_* case (0..EVAL_SCALE_MAX). */
void xq__eval_scales(int factor[SCALE_COUNT]);

/* Pieces of colour c aimed at the enemy palace (as the evaluation's king
 * safety counts them): chariots and horses attacking a palace point,
 * cannons hitting one or standing on the general's file or rank, crossed
 * soldiers next to the palace. The search uses it to keep static pruning
 * away from positions with a mating attack. */
int xq__palace_attackers(const pos_t *p, int c);

#endif
