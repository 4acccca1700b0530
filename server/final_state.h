/* SPDX-License-Identifier: MIT */
/* What a finished game's state shows beyond its stored moves (store_final,
 * schema 6): the position at the end, whether the side to move is in check,
 * the moves in WXF and Chinese, and the plies that gave check. Worked out
 * once from the game's board, when the game ends (game_end.c) and for the
 * finished games of an older store when it is opened (store.c); a finished
 * game's state is then read from the store (game_msg.c), not replayed. Here
 * too: store_final_free() (store_types.h), which the backends use. */
#ifndef XQ_SERVER_FINAL_STATE_H
#define XQ_SERVER_FINAL_STATE_H

#include <xiangqi/xiangqi.h>

#include "store_types.h"

/* The final state of the game on @p b (its moves from the start position, as
 * its history holds them) into @p out, whose strings are new (free them with
 * store_final_free()). 0, or -1 without memory (@p out then holds nothing). */
int final_state_of_board(const xq_board *b, store_final *out);

/* The same from a game's moves (ICCS, @p n of them, from the start
 * position), up to the first that is not legal there (a damaged row: the
 * replay of a finished game stopped there too): 0, or -1 without memory. */
int final_state_of_moves(const char *const *moves, int n, store_final *out);

#endif
