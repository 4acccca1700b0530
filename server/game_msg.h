/* SPDX-License-Identifier: MIT */
/* The game's messages that other modules send: a finished game's summary.
 * (The rest of game_msg.c is the game module's own: game_internal.h.) */
#ifndef XQ_SERVER_GAME_MSG_H
#define XQ_SERVER_GAME_MSG_H

#include <jansson.h>

#include "store.h"

/* A finished game for the lists (`games finished`, `user`): players, result, reason, ratings. */
json_t *game_summary_json(const store_game *sg);

#endif
