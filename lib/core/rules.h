/* SPDX-License-Identifier: MIT */
/* Rule adjudication internals: repetition judgement (perpetual check,
 * chase, mate threats), the move-limit counter and the compiled rule set.
 *
 * The public API (xq_board_outcome() and friends, lib/core/rules.c) and the
 * search both judge repetitions with xq__rules_repetition(), so the engine
 * scores a cycle inside its tree exactly as an arbiter rules it on the board.
 *
 * ---- Using it from the search ----
 *
 * Keep one rules_entry per position of the line, from the oldest game
 * position the search knows down to the current node: first the game
 * history before the root (xq__rules_entries_from_board() copies it from the
 * board), then one entry per move made in the tree. Fill the entry of the
 * position a move reaches when making the move:
 *
 *     e->move     = m;                      XQ_MOVE_NONE after a null move
 *     e->captured = pos->sq[MOVE_TO(m)];
 *     pos_do(pos, m, &u);
 *     e->key      = pos->key;
 *     e->checked  = xq__in_check(pos);      the move gave check
 *
 * and at a node st[n] (pos is that position), with `root` the index of the
 * root position in st:
 *
 *     switch (xq__rules_repetition(pos, st, n, root, &cfg)) {
 *     case XQ__REP_DRAW: return draw score;
 *     case XQ__REP_WIN:  return +mate-like score (the side to move wins);
 *     case XQ__REP_LOSS: return -mate-like score (the side to move loses);
 *     default:           search on;
 *     }
 *
 * The layout is the search's own (entry i = the position after i moves and
 * how it was reached), so its stack can be passed as it is.
 *
 * Cost: without a repetition, one pass over the entries since the last
 * capture or null move comparing keys every second position (no allocation,
 * no position copies). The chase detector (which replays the cycle backwards
 * on a local copy of the position) and, under CXA, the mate-threat search run
 * only when a position repeats and neither side checked with every move.
 * Everything lives on the caller's stack: safe from any number of threads.
 */
#ifndef XQ_RULES_H
#define XQ_RULES_H

#include "board.h"
#include "chase.h" /* the chase and mate-threat detection the judge uses */

/* One position of a line: its key and how it was reached. */
typedef struct rules_entry {
    uint64_t key;     /* Zobrist key of the position */
    xq_move move;     /* the move that led to it; XQ_MOVE_NONE for the first
                         entry and after a null move (ends every cycle) */
    uint8_t captured; /* piece code that move captured, 0 for none (a capture
                         ends every cycle) */
    uint8_t checked;  /* the side to move here is in check (the move gave check) */
} rules_entry;

/* A validated rule set (from xq_rules), small enough to copy into a search. */
typedef struct rules_cfg {
    uint8_t set;          /* XQ_RULES_AXF, XQ_RULES_CXA or XQ_RULES_SIMPLE */
    uint8_t fold;         /* occurrences that end the game, >= 2 */
    uint8_t threat_depth; /* CXA mate-threat search depth in checks, 0 = off */
    uint8_t insufficient; /* draw on insufficient material */
    int32_t ply_limit;    /* 0 = no move limit */
    int32_t check_cap;    /* -1 = every ply counts */
} rules_cfg;

/* Verdicts of xq__rules_repetition(), from the side to move's point of view. */
enum {
    XQ__REP_NONE = 0, /* no repetition to judge: go on */
    XQ__REP_DRAW = 1, /* drawn by repetition */
    XQ__REP_WIN = 2,  /* the opponent's cycle is forbidden: the side to move wins */
    XQ__REP_LOSS = 3  /* the side to move's cycle is forbidden: it loses */
};

/* Validate and compile public options (NULL = AXF defaults). Returns XQ_OK,
 * XQ_EINVAL or XQ_EVERSION. */
int xq__rules_compile(const xq_rules *rules, rules_cfg *cfg);
/* xq_board_move_banned() under compiled rules (board already validated):
 * 1 banned, 0 allowed, XQ_EILLEGAL for a move that is not legal. */
int xq__move_banned(const xq_board *b, const rules_cfg *cfg, xq_move move);

/* Judge the repetition at the end of a line.
 *
 * pos:  the current position, st[n]; not modified.
 * st:   st[0..n], the positions of the line (see rules_entry).
 * root: index in st of the root position of the search; pass n (or more)
 *       when judging a game, where only the fold counts.
 *
 * A verdict is given when the current position occurred earlier since the
 * last irreversible move, and either that earlier occurrence lies strictly
 * after the root (inside the tree one repetition is enough: the line could
 * repeat again), or the position has now occurred cfg->fold times. The plies
 * from the earliest occurrence that triggered the verdict to now are judged:
 *  - XQ_RULES_SIMPLE: draw;
 *  - a side whose every move in the span gave check loses (draw if both);
 *  - otherwise a side whose cycle is forbidden (AXF: chased the same enemy
 *    piece with every move and gave no check; CXA: every move a check, mate
 *    threat or chase of the same piece, not all checks) loses, draw if both
 *    or neither. */
int xq__rules_repetition(const pos_t *pos, const rules_entry *st, int n, int root,
                         const rules_cfg *cfg);

/* Copy the positions of the last min(cap - 1, history size) moves of a board,
 * and the position before them, into st[0..k] (oldest first); return k, the
 * index of the current position. The search starts its stack with these. */
int xq__rules_entries_from_board(const xq_board *b, rules_entry *st, int cap);

/* ---- the move-limit counter (AXF reading: checks beyond a side's cap, and
 * the replies to them, do not count) ---- */
typedef struct rules_limit {
    int32_t count;     /* plies counted toward the limit */
    int16_t checks[2]; /* checks by each side since the last capture */
    uint8_t prev_over; /* the last move was a check beyond its side's cap */
} rules_limit;

INLINE void xq__limit_reset(rules_limit *l, int count)
{
    l->count = count;
    l->checks[0] = l->checks[1] = 0;
    l->prev_over = 0;
}

/* Advance by one ply made by `mover`. cap < 0: every ply counts. */
INLINE void xq__limit_step(rules_limit *l, int mover, int check, int capture, int cap)
{
    if (capture) {
        xq__limit_reset(l, 0);
        return;
    }
    int over = 0;
    if (check && cap >= 0) {
        if (l->checks[mover] < INT16_MAX)
            l->checks[mover]++;
        over = l->checks[mover] > cap;
    }
    if (!over && !l->prev_over)
        l->count++;
    l->prev_over = (uint8_t)over;
}

/* The counter at the end of a board's history (checks counted since the
 * last capture, or since the board's FEN). */
void xq__rules_limit_from_board(const xq_board *b, const rules_cfg *cfg, rules_limit *l);

#endif
