/* SPDX-License-Identifier: MIT */
/* Live games: moves, clocks, ends, offers, watchers, game chat, PGN. */
#ifndef XQ_SERVER_GAME_H
#define XQ_SERVER_GAME_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "broker.h"
#include "net.h"
#include "store.h"
#include "game_core.h"
#include "game_terms.h"
#include "ruleset.h"
#include "tuning.h"

game *game_start(const game_terms *t, json_t *id_for, conn *requester);
/* The store of the games; the unfinished games in it come back: how many, or -1. */
int game_restore_all(store *st, broker *b);
int64_t game_user_playing(int64_t uid); /* a live game against a person, or 0 */
void game_unwatch_conn(conn *c);
json_t *game_list_json(void);
void cmd_move(conn *c, json_t *m, json_t *id);
void cmd_premove(conn *c, json_t *m, json_t *id);
void cmd_resign(conn *c, json_t *m, json_t *id);
void cmd_draw(conn *c, json_t *m, json_t *id);
void cmd_draw_decline(conn *c, json_t *m, json_t *id);
void cmd_takeback(conn *c, json_t *m, json_t *id);
void cmd_takeback_decline(conn *c, json_t *m, json_t *id);
void cmd_abort(conn *c, json_t *m, json_t *id);
void cmd_watch(conn *c, json_t *m, json_t *id);
void cmd_unwatch(conn *c, json_t *m, json_t *id);
/* The stored game a request names in "game" into sg (with finished: one that
 * has ended): 0, or -1 after the error reply (bad_field, no_such_game,
 * storage, game_not_over). */
int request_stored_game(conn *c, json_t *m, json_t *id, int finished, store_game *sg);
void cmd_state(conn *c, json_t *m, json_t *id);
void game_say(conn *c, int64_t gid, const char *text, json_t *id);

#endif
