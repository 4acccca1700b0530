/* SPDX-License-Identifier: MIT */
/* The live games as a list: finding one, counting them, freeing them all at
 * the end (game.h includes it; game_core.c). */
#ifndef XQ_SERVER_GAME_CORE_H
#define XQ_SERVER_GAME_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "game_terms.h"

game *game_find(int64_t gid);
/* 1 when game gid is live and served here (not one another process of the
 * site took over, not yet dropped), else 0. */
int game_served(int64_t gid);
size_t game_live_count(void);
void games_shutdown(void);

#endif
