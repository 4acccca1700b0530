/* Repetition inside the search tree: the one place where the search asks the
 * rules what a repeated position is worth.
 *
 * The search keeps one xq__rep_entry per position of the current line, game
 * history before the root included: entry i is the position after i moves
 * and how it was reached; the last entry is the node being searched. When a
 * move is made from a node, the entry of the position it reaches is filled
 * with the position's key, the move (XQ_MOVE_NONE for a null move), the piece
 * it captured and whether it gave check.
 *
 * To adopt a fuller ruling (perpetual chase, a rule set chosen by the user),
 * replace the body of xq__rep_judge() with a call to the rule module; the
 * entry layout and the arguments (the current position, the line, the index
 * of the root) are what such a module needs, and nothing else in the search
 * depends on the ruling. */
#ifndef XQ_REPETITION_H
#define XQ_REPETITION_H

#include "position.h"

typedef struct xq__rep_entry {
    uint64_t key;     /* Zobrist key of the position */
    xq_move move;     /* the move that led to it; XQ_MOVE_NONE for the first
                         entry and after a null move (no cycle crosses it) */
    uint8_t captured; /* piece code that move captured, 0 for none (no cycle
                         crosses a capture) */
    uint8_t checked;  /* the side to move here is in check (the move gave check) */
} xq__rep_entry;

/* What a repetition means for the side to move at the last entry. */
enum {
    REP_NONE = 0, /* no repetition to judge: search on */
    REP_DRAW = 1, /* repeated position, a draw */
    REP_WIN = 2,  /* the opponent's cycle is forbidden (it checked with every
                     move): the side to move wins */
    REP_LOSS = 3  /* the side to move checked with every move: it loses */
};

/* Judge the position st[n] (pos is that position; not modified) of the line
 * st[0..n], whose search started at st[root].
 *
 * A verdict is given when the position occurred earlier since the last
 * capture or null move, and either that occurrence lies after the root
 * (inside the tree one repetition is enough: the line could repeat again) or
 * the position now occurs for the third time. The plies since the
 * occurrence that triggered the verdict are judged: a side that gave check
 * with every one of its moves while the other did not loses; otherwise the
 * repetition is a draw. Returns one of REP_*. */
int xq__rep_judge(const pos_t *pos, const xq__rep_entry *st, int n, int root);

#endif
