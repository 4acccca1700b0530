/* SPDX-License-Identifier: MIT */
/* The internal position: plain data with no pointers, so it can be copied
 * with memcpy (the search gives every thread its own copy). The public
 * xq_board wraps one of these together with the move history. */
#ifndef XQ_POSITION_H
#define XQ_POSITION_H

#include "util/error.h"
#include "tables.h"

typedef struct pos {
    u128 pieces[PIECE_NB];  /* by piece code; [0] and [8] stay empty */
    u128 by_color[2];
    uint64_t key;           /* Zobrist hash */
    uint16_t rank_occ[RANK_NB]; /* bit f set: (f, r) occupied */
    uint16_t file_occ[FILE_NB]; /* bit r set: (f, r) occupied */
    uint8_t sq[SQ_NB];      /* piece code or 0 */
    uint8_t king[2];
    uint8_t side;
    int32_t halfmove;       /* plies since the last capture */
    int32_t fullmove;
} pos_t;

/* What a move changed, kept by the caller for pos_undo(). The last two
 * fields fill what would be padding: a board's history entry (lib/core/board.h)
 * keeps its move there, so that an entry is 16 bytes; pos_do() leaves them. */
typedef struct undo {
    uint64_t key;
    int32_t halfmove;
    uint8_t captured;
    uint8_t check;    /* history entries: the move gave check */
    uint16_t move;    /* history entries: the move */
} undo_t;

INLINE u128 pos_occ(const pos_t *p) { return p->by_color[RED] | p->by_color[BLACK]; }

INLINE u128 pos_pieces(const pos_t *p, int color, int type)
{
    return p->pieces[MAKE_PIECE(color, type)];
}

/* Make a move that is known to be legal (no checks; hot path). */
INLINE void pos_do(pos_t *p, xq_move m, undo_t *u)
{
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    const int pc = p->sq[from], cap = p->sq[to], us = p->side;
    const u128 fb = sq_bit(from), tb = sq_bit(to);
    const int ff = sq_file(from), fr = sq_rank(from), tf = sq_file(to), tr = sq_rank(to);

    u->key = p->key;
    u->halfmove = p->halfmove;
    u->captured = (uint8_t)cap;

    p->pieces[pc] ^= fb | tb;
    p->by_color[us] ^= fb | tb;
    p->key ^= xq__T.zobrist[pc][from] ^ xq__T.zobrist[pc][to] ^ xq__T.zobrist_side;
    p->rank_occ[fr] ^= (uint16_t)(1u << ff);
    p->file_occ[ff] ^= (uint16_t)(1u << fr);
    if (cap) {
        p->pieces[cap] ^= tb;
        p->by_color[us ^ 1] ^= tb;
        p->key ^= xq__T.zobrist[cap][to];
        p->halfmove = 0;
    } else {
        p->rank_occ[tr] |= (uint16_t)(1u << tf);
        p->file_occ[tf] |= (uint16_t)(1u << tr);
        p->halfmove++;
    }
    p->sq[to] = (uint8_t)pc;
    p->sq[from] = 0;
    if (PTYPE(pc) == KING)
        p->king[us] = (uint8_t)to;
    p->fullmove += us;
    p->side = (uint8_t)(us ^ 1);
}

INLINE void pos_undo(pos_t *p, xq_move m, const undo_t *u)
{
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    const int pc = p->sq[to], cap = u->captured;
    const int us = p->side ^ 1;
    const u128 fb = sq_bit(from), tb = sq_bit(to);
    const int ff = sq_file(from), fr = sq_rank(from), tf = sq_file(to), tr = sq_rank(to);

    p->side = (uint8_t)us;
    p->fullmove -= us;
    p->pieces[pc] ^= fb | tb;
    p->by_color[us] ^= fb | tb;
    p->rank_occ[fr] |= (uint16_t)(1u << ff);
    p->file_occ[ff] |= (uint16_t)(1u << fr);
    if (cap) {
        p->pieces[cap] ^= tb;
        p->by_color[us ^ 1] ^= tb;
    } else {
        p->rank_occ[tr] ^= (uint16_t)(1u << tf);
        p->file_occ[tf] ^= (uint16_t)(1u << tr);
    }
    p->sq[from] = (uint8_t)pc;
    p->sq[to] = (uint8_t)cap;
    if (PTYPE(pc) == KING)
        p->king[us] = (uint8_t)from;
    p->key = u->key;
    p->halfmove = u->halfmove;
}

/* Null move (side to move passes); undone by pos_undo_null(). */
INLINE void pos_do_null(pos_t *p, undo_t *u)
{
    u->key = p->key;
    u->halfmove = p->halfmove;
    u->captured = 0;
    p->key ^= xq__T.zobrist_side;
    p->halfmove++;
    p->fullmove += p->side;
    p->side ^= 1;
}

INLINE void pos_undo_null(pos_t *p, const undo_t *u)
{
    p->side ^= 1;
    p->fullmove -= p->side;
    p->key = u->key;
    p->halfmove = u->halfmove;
}

/* Empty the position (no pieces, Red to move, move 1). */
void xq__pos_clear(pos_t *p);
/* Put a piece on an empty square (setup only: updates every derived field). */
void xq__pos_put(pos_t *p, int sq, int piece);
/* Hash computed from scratch. */
uint64_t xq__pos_compute_key(const pos_t *p);
/* Consistency of every redundant field (for tests and debug asserts). */
int xq__pos_ok(const pos_t *p);

/* ---- FEN (lib/core/fen.c) ---- */

/* Parse a FEN into *p (left untouched on failure). */
int xq__fen_parse(const char *fen, pos_t *p, xq_parse_error *err);
/* Every problem of a FEN (xq_fen_problems()): the count, the first cap in list. */
int xq__fen_problems(const char *fen, xq_parse_error *list, size_t cap);
/* Write the FEN board field for letters[90] (a FEN letter or 0 per square,
 * square order) into out (room for 100 bytes); returns its length. */
int xq__fen_placement(const char *letters, char *out);
/* Write canonical FEN; snprintf semantics. */
int xq__fen_format(const pos_t *p, char *buf, size_t cap);

#endif
