/* SPDX-License-Identifier: MIT */
/* The `pgn` command: a stored game as PGN, annotated with its review on request. */
#ifndef XQ_SERVER_GAME_PGN_H
#define XQ_SERVER_GAME_PGN_H

#include <jansson.h>

#include "net.h"
#include "store.h"

void game_pgn_init(store *st);
void cmd_pgn(conn *c, json_t *m, json_t *id);

#endif
