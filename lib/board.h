/* struct xq_board: a position plus its move history (internal layout). */
#ifndef XQ_BOARD_H
#define XQ_BOARD_H

#include "error.h"
#include "position.h"

#define XQ_BOARD_MAGIC 0x58514244u /* "XQBD" */

typedef struct hist_entry {
    xq_move move;
    uint8_t check; /* the move gave check (used by the rules: perpetual check, move limit) */
    undo_t undo;   /* key and clock before the move, captured piece */
} hist_entry;

struct xq_board {
    uint32_t magic;
    pos_t pos;
    hist_entry *hist;
    int nhist, cap;
};

/* Valid board handle? */
INLINE int board_ok(const xq_board *b) { return b && b->magic == XQ_BOARD_MAGIC; }

/* Times the current position occurred earlier in the board's history. */
int xq__board_repetitions(const xq_board *b);

#endif
