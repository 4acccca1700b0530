/* SPDX-License-Identifier: MIT */
/* Watching a game (game.h): `watch`, `unwatch`, `state` (of a live game, or
 * of a finished one from the store) and game chat. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "codec.h"
#include "codec_msg.h"
#include "game.h"
#include "game_internal.h"
#include "net.h"
#include "store.h"
#include "tuning.h"

/* state and watch of a game that is not live: the finished game as stored.
 * 1 when it answered (the game or an error), 0 when the game is live. */
static int finished_reply(conn *c, json_t *m, json_t *id)
{
    json_t *v = json_object_get(m, "game");
    if (!json_is_integer(v)) {
        conn_error(c, id, "bad_field", "'game' (an integer) is required");
        return 1;
    }
    if (game_find(json_integer_value(v)))
        return 0;
    store_game sg;
    int rc = game_stored(json_integer_value(v), &sg);
    if (rc == ST_ERROR)
        conn_error(c, id, "storage", "the database could not be read");
    else if (rc != ST_OK)
        conn_error(c, id, "no_such_game", "no such game");
    else if (sg.result == XQ_RESULT_ONGOING)
        conn_error(c, id, "no_such_game", "game %lld could not be restored", (long long)sg.id);
    else {
        json_t *st = game_finished_state_json(&sg, c);
        if (st)
            conn_send_id(c, id, st);
        else
            conn_error(c, id, "storage", "the finished game's state could not be read");
    }
    return 1;
}

void cmd_watch(conn *c, json_t *m, json_t *id)
{
    if (finished_reply(c, m, id))
        return; /* a finished game: its state, and nothing to subscribe to */
    game *g = game_get(c, m, id, 0, NULL);
    if (!g)
        return;
    for (int k = 0; k < c->nwatching; k++)
        if (c->watching[k] == g->id) {
            conn_send_id(c, id, game_state_json(g, c));
            return;
        }
    if (c->nwatching >= SRV_MAX_WATCH) {
        conn_error(c, id, "too_many_games", "a connection watches at most %d games",
                   SRV_MAX_WATCH);
        return;
    }
    if (g->nwatch == g->capwatch) {
        int cap = g->capwatch ? g->capwatch * 2 : 8;
        uint32_t *p = realloc(g->watchers, (size_t)cap * sizeof *p);
        if (!p) {
            conn_error(c, id, "server_error", "out of memory");
            return;
        }
        g->watchers = p;
        g->capwatch = cap;
    }
    g->watchers[g->nwatch++] = c->id;
    c->watching[c->nwatching++] = g->id;
    conn_send_id(c, id, game_state_json(g, c));
}

static void unwatch(game *g, conn *c)
{
    for (int i = 0; i < g->nwatch; i++)
        if (g->watchers[i] == c->id) {
            g->watchers[i] = g->watchers[--g->nwatch];
            break;
        }
}

void cmd_unwatch(conn *c, json_t *m, json_t *id)
{
    json_t *v = json_object_get(m, "game");
    game *g = json_is_integer(v) ? game_find(json_integer_value(v)) : NULL;
    store_game sg;
    if (!g && json_is_integer(v) && game_stored(json_integer_value(v), &sg) == ST_OK) {
        conn_send_id(c, id, msg_new("ok")); /* a finished game is watched by nobody */
        return;
    }
    if (!g)
        g = game_get(c, m, id, 0, NULL);
    if (!g)
        return;
    unwatch(g, c);
    for (int k = 0; k < c->nwatching; k++)
        if (c->watching[k] == g->id) {
            c->watching[k] = c->watching[--c->nwatching];
            break;
        }
    conn_send_id(c, id, msg_new("ok"));
}

void game_unwatch_conn(conn *c)
{
    for (int k = 0; k < c->nwatching; k++) {
        game *g = game_find(c->watching[k]);
        if (g)
            unwatch(g, c);
    }
    c->nwatching = 0;
}

void cmd_state(conn *c, json_t *m, json_t *id)
{
    if (finished_reply(c, m, id))
        return;
    game *g = game_get(c, m, id, 0, NULL);
    if (g)
        conn_send_id(c, id, game_state_json(g, c));
}

void game_say(conn *c, int64_t gid, const char *text, json_t *id)
{
    game *g = game_find(gid);
    if (!g) {
        conn_error(c, id, "no_such_game", "no such live game");
        return;
    }
    int watching = 0;
    for (int k = 0; k < c->nwatching; k++)
        watching |= c->watching[k] == gid;
    if (color_of(g, c) < 0 && !watching) {
        conn_error(c, id, "not_your_game", "play or watch the game to chat in it");
        return;
    }
    if (store_chat_add(game_store(), gid, c->user->name, text) != ST_OK) {
        conn_error(c, id, "storage", "the chat line could not be stored; it was not sent");
        return;
    }
    json_t *ev = msg_chat_game(gid, c->user->name, text);
    game_broadcast(g, ev, c);
    conn_send_id(c, id, ev);
}
