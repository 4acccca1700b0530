/* SPDX-License-Identifier: MIT */
/* A user's page (profile.h): the `user` command, the user's record, rating
 * history and recent finished games, read from the store. */
#include <stdint.h>

#include "accounts.h"
#include "codec.h"
#include "game.h"
#include "game_msg.h"
#include "lobby.h"
#include "net.h"
#include "profile.h"
#include "rating.h"
#include "standing.h"
#include "store.h"
#include "tuning.h"

static store *g_store; /* profile_init() */

void profile_init(store *st) { g_store = st; }

typedef struct recent_ctx {
    json_t *ids, *games;
    int left; /* games still wanted; one more than asked tells whether there are more */
    int more;
} recent_ctx;

static int recent_game(const store_game *g, void *arg)
{
    recent_ctx *r = arg;
    if (r->left-- <= 0) {
        r->more = 1;
        return 1;
    }
    json_array_append_new(r->ids, json_integer((json_int_t)g->id));
    json_array_append_new(r->games, game_summary_json(g));
    return 0;
}

static int history_point(int64_t gid, int64_t ended, double rating, double deviation, void *arg)
{
    json_t *p = json_pack("{sIsIsf}", "game", (json_int_t)gid, "ended", (json_int_t)ended,
                          "rating", rating);
    json_object_set_new(p, "deviation", deviation >= 0 ? json_real(deviation) : json_null());
    json_array_append_new(arg, p);
    return 0;
}

void cmd_user(conn *c, json_t *m, json_t *id)
{
    const char *name = json_string_value(json_object_get(m, "name"));
    store_user su;
    int64_t before = optional_count(m, "before", INT64_MAX);
    int64_t limit = optional_count(m, "limit", SRV_FINISHED_LIST_MAX);
    if (!name) {
        conn_error(c, id, "bad_field", "'name' (a string) is required");
        return;
    }
    if (before < 0 || limit < 0) {
        conn_error(c, id, "bad_field", before < 0 ? "'before' must be a game id (an integer >= 1)"
                                                  : "'limit' must be an integer from 1 to 50");
        return;
    }
    char eco[4];
    if (eco_filter(c, m, id, eco) < 0)
        return;
    if (!name_valid(name) || store_user_by_name(g_store, name, &su) != ST_OK) {
        conn_error(c, id, "no_such_user", "no such user");
        return;
    }
    recent_ctx rc = {json_array(), json_array(), limit ? (int)limit : SRV_USER_GAMES_DEFAULT, 0};
    store_games_finished(g_store, su.id, before, rc.left + 1, eco, recent_game, &rc);
    int wdl[3] = {0, 0, 0};
    store_user_record(g_store, su.id, wdl);
    json_t *history = json_array();
    store_user_history(g_store, su.id, SRV_RATING_HISTORY_MAX, history_point, history);
    su.deviation = standing_deviation(g_store, &su); /* grown with the time since the last rated game */
    json_t *r = json_pack("{sssIsssfsfsbsisisisisbsbsososbso}", "type", "user", "user",
                          (json_int_t)su.id, "name", su.name, "rating", su.rating, "deviation",
                          su.deviation, "provisional", glicko_provisional(su.deviation), "games",
                          su.games, "wins", wdl[0], "draws", wdl[1], "losses", wdl[2], "guest",
                          su.guest, "online", user_online(su.id) != NULL, "recent", rc.ids,
                          "recent_games", rc.games, "more", rc.more, "history", history);
    conn_send_id(c, id, r);
}
