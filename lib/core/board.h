/* SPDX-License-Identifier: MIT */
/* struct xq_board: a position plus its move history (internal layout). */
#ifndef XQ_BOARD_H
#define XQ_BOARD_H

#include "util/error.h"
#include "position.h"

#define XQ_BOARD_MAGIC 0x58514244u /* "XQBD" */

/* One move of the history, 16 bytes (a game record holds one per ply of
 * the cursor's line): the undo data with the move and its check flag in
 * the undo's last fields, reachable under both names. */
typedef struct hist_entry {
    union {
        undo_t undo; /* key and clock before the move, captured piece */
        struct {
            uint64_t undo_key_;
            int32_t undo_halfmove_;
            uint8_t undo_captured_;
            uint8_t check; /* the move gave check (used by the rules: perpetual check, move limit) */
            xq_move move;
        };
    };
} hist_entry;
_Static_assert(sizeof(hist_entry) == 16, "a history entry is 16 bytes");

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
