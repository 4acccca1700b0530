/* SPDX-License-Identifier: MIT */
/* A user's page (profile.h): the `user` command, the user's record, rating
 * history and recent finished games, read from the store. */
#include <stdint.h>

#include "accounts.h"
#include "codec.h"
#include "codec_msg.h"
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
    msg_list_add_int(r->ids, g->id);
    msg_list_add(r->games, game_summary_json(g));
    return 0;
}

static int history_point(int64_t gid, int64_t ended, double rating, double deviation, void *arg)
{
    msg_list_add(arg, msg_rating_point(gid, ended, rating, deviation));
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
    recent_ctx rc = {msg_list(), msg_list(), limit ? (int)limit : SRV_USER_GAMES_DEFAULT, 0};
    store_games_finished(g_store, su.id, before, rc.left + 1, eco, recent_game, &rc);
    int wdl[3] = {0, 0, 0};
    store_user_record(g_store, su.id, wdl);
    json_t *history = msg_list();
    store_user_history(g_store, su.id, SRV_RATING_HISTORY_MAX, history_point, history);
    su.deviation = standing_deviation(g_store, &su); /* grown with the time since the last rated game */
    msg_user_page page = {
        .uid = su.id, .name = su.name, .rating = su.rating, .deviation = su.deviation,
        .provisional = glicko_provisional(su.deviation), .games = su.games, .wins = wdl[0],
        .draws = wdl[1], .losses = wdl[2], .guest = su.guest,
        .online = user_online(su.id) != NULL, .more = rc.more, .recent = rc.ids,
        .recent_games = rc.games, .history = history,
    };
    conn_send_id(c, id, msg_user(&page));
}
