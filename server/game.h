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
/* The store of the games; the unfinished games in it come back: how many, or
 * -1. In a site (game_core_set_owner() called first) only those this process
 * claims (game_take_over_lapsed()). */
int game_restore_all(store *st, broker *b);
/* A site's process: claim each unfinished game without an owner or whose
 * owner's lease lapsed (store_games_lapsed(), store_game_claim()) and restore
 * the ones claimed from the store, as at start-up: their clocks go on from
 * those stored with the last move, and a player not connected here has the
 * grace to come back. A game live here already only has its lease renewed.
 * How many were restored, or -1 when the store cannot be read. */
int game_take_over_lapsed(void);
int64_t game_user_playing(int64_t uid); /* a live game against a person, or 0 */
/* A live game served here that user uid plays (against a person or the
 * engine), or 0. */
int64_t game_user_live(int64_t uid);
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
