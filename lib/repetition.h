/* Repetition inside the search tree: the one place where the search asks the
 * rules what a repeated position is worth.
 *
 * The search keeps one xq__rep_entry per position on the current line, game
 * history before the root included: entry i is the position after i moves,
 * the last entry is the position being searched. The rule code reads only
 * this array (and, if it needs the positions themselves, can take the moves
 * back from the current position with pos_undo()). To adopt a different
 * ruling (perpetual chase, a rule set chosen by the user), replace the body
 * of xq__rep_judge(); nothing else in the search depends on it. */
#ifndef XQ_REPETITION_H
#define XQ_REPETITION_H

#include "position.h"

typedef struct xq__rep_entry {
    uint64_t key;     /* Zobrist key of the position */
    xq_move move;     /* the move that led to it; XQ_MOVE_NONE for the first
                         entry and after a null move */
    uint8_t captured; /* piece code that move captured, 0 for none */
    uint8_t checked;  /* the side to move here is in check (the move gave check) */
} xq__rep_entry;

/* What a repetition means for the side to move at the last entry. */
enum {
    REP_NONE = 0, /* no repetition: search on */
    REP_DRAW = 1, /* repeated position, a draw */
    REP_WIN = 2,  /* the opponent repeated by checking on every move: it loses */
    REP_LOSS = 3  /* the side to move checked on every move of the cycle: it loses */
};

/* Judge the position st[n] of the line st[0..n].
 * `window` is how many entries back a repetition may reach (the plies since
 * the last capture or null move; the positions before it cannot recur).
 * Returns one of REP_*. */
int xq__rep_judge(const xq__rep_entry *st, int n, int window);

#endif
