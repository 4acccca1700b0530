/* SPDX-License-Identifier: MIT */
/* The live games (game_internal.h): their list by id, each one's subject
 * game.ID on the broker and its delivery, the history of clocks, the store
 * and broker handles of the game module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "broker.h"
#include "codec.h"
#include "game_core.h"
#include "game_internal.h"
#include "net.h"
#include "stats.h"
#include "store.h"
#include "timer.h"

static game **g_games; /* live games, sorted by id */
static size_t g_ngames, g_capgames;
static store *g_store;   /* game_core_init() */
static broker *g_broker; /* game_core_init() */
static const char *g_owner; /* game_core_set_owner(): a site's process */


void game_core_init(store *st, broker *b)
{
    g_store = st;
    g_broker = b;
}

store *game_store(void) { return g_store; }
void game_core_set_owner(const char *owner) { g_owner = owner; }
const char *game_site_owner(void) { return g_owner; }

int game_stored(int64_t gid, store_game *sg)
{
    return gid > 0 ? store_game_get(g_store, gid, sg) : ST_NOTFOUND;
}
broker *game_broker(void) { return g_broker; }
game *game_at(size_t i) { return g_games[i]; }

size_t game_live_count(void) { return g_ngames; }

game *game_find(int64_t gid)
{
    size_t lo = 0, hi = g_ngames;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g_games[mid]->id < gid)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (lo < g_ngames && g_games[lo]->id == gid) ? g_games[lo] : NULL;
}

int game_served(int64_t gid)
{
    game *g = game_find(gid);
    return g && !g->lost && !g->ended;
}

static void game_deliver(void *arg, const char *subject, json_t *msg, uint32_t skip);

/* A game goes in the list of live games and subscribes to its subject. */
int game_list_add(game *g)
{
    char subject[BROKER_SUBJECT_MAX];
    broker_game_subject(subject, g->id);
    if (!g->sub && !(g->sub = broker_subscribe(g_broker, subject, game_deliver, g)))
        return -1;
    if (g_ngames == g_capgames) {
        size_t cap = g_capgames ? g_capgames * 2 : 64;
        game **p = realloc(g_games, cap * sizeof *p);
        if (!p)
            return -1;
        g_games = p;
        g_capgames = cap;
    }
    size_t i = g_ngames;
    while (i > 0 && g_games[i - 1]->id > g->id) {
        g_games[i] = g_games[i - 1];
        i--;
    }
    g_games[i] = g;
    g_ngames++;
    stats_set(STAT_GAMES_LIVE, (int64_t)g_ngames);
    return 0;
}

void game_list_del(game *g)
{
    for (size_t i = 0; i < g_ngames; i++)
        if (g_games[i] == g) {
            memmove(&g_games[i], &g_games[i + 1], (g_ngames - i - 1) * sizeof *g_games);
            g_ngames--;
            stats_set(STAT_GAMES_LIVE, (int64_t)g_ngames);
            return;
        }
}

int game_hist_push(game *g)
{
    if (g->nhist == g->caphist) {
        int cap = g->caphist ? g->caphist * 2 : 64;
        void *p = realloc(g->hist, (size_t)cap * sizeof *g->hist);
        if (!p)
            return -1;
        g->hist = p;
        g->caphist = cap;
    }
    g->hist[g->nhist][0] = g->clock_ms[0];
    g->hist[g->nhist][1] = g->clock_ms[1];
    g->nhist++;
    return 0;
}

void game_retire(game *g)
{
    for (int i = 0; i < g->nwatch; i++) {
        conn *c = conn_get(g->watchers[i]);
        if (!c)
            continue;
        for (int k = 0; k < c->nwatching; k++)
            if (c->watching[k] == g->id) {
                c->watching[k] = c->watching[--c->nwatching];
                break;
            }
    }
    game_list_del(g);
    game_free(g);
}

void game_free(game *g)
{
    if (!g)
        return;
    broker_unsubscribe(g_broker, g->sub);
    timer_free(g->flag_timer);
    timer_free(g->grace_timer[0]);
    timer_free(g->grace_timer[1]);
    xq_board_free(g->board);
    free(g->hist);
    free(g->watchers);
    free(g);
}


/* An event of game.ID: both players (every connection) and the watchers here. */
static void game_deliver(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)subject;
    game *g = arg;
    for (int s = 0; s < 2; s++) {
        if (is_engine(g, s))
            continue;
        user *u = user_online(g->t.uid[s]);
        for (conn *c = u ? u->conns : NULL; c; c = c->unext)
            if (c->id != skip)
                conn_send(c, msg);
    }
    for (int i = 0; i < g->nwatch; i++) {
        conn *c = conn_get(g->watchers[i]);
        if (c && c->id != skip && !(c->user && color_of(g, c) >= 0))
            conn_send(c, msg);
    }
}

/* Publish to both players and the watchers (game.ID), but `except`. */
void game_broadcast(game *g, json_t *msg, const conn *except)
{
    char subject[BROKER_SUBJECT_MAX];
    broker_game_subject(subject, g->id);
    broker_publish(g_broker, subject, msg, except ? except->id : 0);
}

void game_send_states(game *g)
{
    for (int s = 0; s < 2; s++) {
        if (is_engine(g, s))
            continue;
        user *u = user_online(g->t.uid[s]);
        for (conn *c = u ? u->conns : NULL; c; c = c->unext) {
            json_t *st = game_state_json(g, c);
            conn_send(c, st);
            json_decref(st);
        }
    }
    json_t *st = game_state_json(g, NULL);
    for (int i = 0; i < g->nwatch; i++) {
        conn *c = conn_get(g->watchers[i]);
        if (c && !(c->user && color_of(g, c) >= 0))
            conn_send(c, st);
    }
    json_decref(st);
}

/* A standing offer of the game (*standing: its draw offer or take-back
 * request) changes to color; stored first (store_set: the store's setter of
 * that offer), so that it outlives a restart; what names it in a log line.
 * 0, or -1 when it cannot be stored (the offer then stays as it was). */
static int set_offer(game *g, int *standing, int color,
                     int (*store_set)(store *s, int64_t gid, int color), const char *what)
{
    if (*standing == color)
        return 0;
    if (store_set(g_store, g->id, color) != ST_OK) {
        fprintf(stderr, "xq-server: game %lld: the %s could not be stored: %s\n",
                (long long)g->id, what, store_errmsg(g_store));
        return -1;
    }
    *standing = color;
    return 0;
}

int game_set_draw_offer(game *g, int color)
{
    return set_offer(g, &g->draw_offer, color, store_game_set_draw_offer, "draw offer");
}

int game_set_takeback_offer(game *g, int color)
{
    return set_offer(g, &g->takeback_offer, color, store_game_set_takeback_offer,
                     "take-back request");
}

void games_shutdown(void)
{
    for (size_t i = 0; i < g_ngames; i++)
        game_free(g_games[i]);
    free(g_games);
    g_games = NULL;
    g_ngames = g_capgames = 0;
}
