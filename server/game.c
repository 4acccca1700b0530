/* SPDX-License-Identifier: MIT */
/* Live games. The server owns the clock (CLOCK_MONOTONIC): a side's time runs
 * from the moment the previous move was committed; the increment is added
 * after each move. Every move is checked by libxiangqi on the game's own
 * board (the mover's game, the mover's turn, a legal move), committed to the
 * database, and only then acknowledged and relayed. Every end is judged by
 * xq_board_outcome() under the game's rule set; flag fall, resignation,
 * agreed draws, aborts and abandonment are the other ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "broker.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "config.h"
#include "engine.h"
#include "game.h"
#include "game_internal.h"
#include "net.h"
#include "rating.h"
#include "ruleset.h"
#include "result.h"
#include "rule_note.h"
#include "store.h"
#include "timer.h"
#include "tuning.h"


static game **g_games; /* live games, sorted by id */
static size_t g_ngames, g_capgames;
static store *g_store;   /* game_restore_all() */
static broker *g_broker; /* game_restore_all() */


store *game_store(void) { return g_store; }

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

static void game_deliver(void *arg, const char *subject, json_t *msg, uint32_t skip);

/* A game goes in the list of live games and subscribes to its subject. */
static int list_add(game *g)
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
    return 0;
}

static void list_del(game *g)
{
    for (size_t i = 0; i < g_ngames; i++)
        if (g_games[i] == g) {
            memmove(&g_games[i], &g_games[i + 1], (g_ngames - i - 1) * sizeof *g_games);
            g_ngames--;
            return;
        }
}

static int hist_push(game *g)
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

static void game_free(game *g)
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

/* The standing draw offer changes; it is stored, so it outlives a restart. */
int game_set_draw_offer(game *g, int color)
{
    if (g->draw_offer == color)
        return 0;
    if (store_game_set_draw_offer(g_store, g->id, color) != ST_OK) {
        fprintf(stderr, "xq-server: game %lld: the draw offer could not be stored: %s\n",
                (long long)g->id, store_errmsg(g_store));
        return -1;
    }
    g->draw_offer = color;
    return 0;
}

/* ---- the end ---- */
void game_end(game *g, int result, const char *reason, const char *why)
{
    if (g->ended)
        return;
    int64_t now = mono_us();
    int64_t r = remaining(g, 0, now), b = remaining(g, 1, now);
    g->ended = 1;
    timer_cancel(g->flag_timer);
    timer_cancel(g->grace_timer[0]);
    timer_cancel(g->grace_timer[1]);
    double rating[2] = {g->t.rating[0], g->t.rating[1]}, before[2] = {rating[0], rating[1]};
    double deviation[2] = {-1, -1};
    /* as on lichess: a game over before both sides have moved changes no rating */
    int early = xq_board_ply(g->board) < 2;
    int rated = g->t.rated && result_played(result) && !early;
    char text[320];
    snprintf(text, sizeof text, "%s%s", why,
             g->t.rated && !rated && result_played(result)
                 ? "; not rated: the game ended before both sides had moved"
                 : "");
    int ok = store_begin(g_store) == ST_OK;
    ok = ok &&
         store_game_finish(g_store, g->id, result, reason, text, r > 0 ? r : 0, b > 0 ? b : 0) == ST_OK;
    /* the opening, for the archive's search by code */
    if (game_classify(g) < 0)
        g->eco.code[0] = 0, g->eco.ply = 0;
    ok = ok && store_game_set_eco(g_store, g->id, g->eco.code, g->eco.ply) == ST_OK;
    if (ok && rated) {
        store_user ur, ub;
        ok = store_user_by_id(g_store, g->t.uid[0], &ur) == ST_OK &&
             store_user_by_id(g_store, g->t.uid[1], &ub) == ST_OK;
        if (ok) {
            glicko gr = {ur.rating, ur.deviation, ur.volatility};
            glicko gb = {ub.rating, ub.deviation, ub.volatility};
            before[0] = ur.rating;
            before[1] = ub.rating;
            glicko_rate_game(&gr, &gb,
                             result == XQ_RESULT_RED_WINS     ? 1.0
                             : result == XQ_RESULT_BLACK_WINS ? 0.0
                                                              : 0.5);
            rating[0] = gr.rating;
            rating[1] = gb.rating;
            deviation[0] = gr.deviation;
            deviation[1] = gb.deviation;
            ok = store_user_set_rating(g_store, ur.id, &gr, ur.games + 1) == ST_OK &&
                 store_user_set_rating(g_store, ub.id, &gb, ub.games + 1) == ST_OK &&
                 store_game_set_ratings(g_store, g->id, &gr, &gb) == ST_OK;
        }
    }
    ok = ok && store_commit(g_store) == ST_OK;
    if (!ok) {
        store_rollback(g_store);
        fprintf(stderr, "xq-server: game %lld: the end could not be stored: %s\n",
                (long long)g->id, store_errmsg(g_store));
    }
    for (int s = 0; s < 2 && rated && ok; s++) {
        user *u = user_online(g->t.uid[s]);
        if (u) {
            u->rating = rating[s];
            u->deviation = deviation[s];
        }
    }
    json_t *ev = msg_end(g->id, game_result_name[result], reason, text, game_winner_json(result), r,
                         b, g->t.name[0], g->t.name[1], rated && ok);
    if (rated && ok)
        game_ratings_json(ev, before, rating, deviation);
    game_broadcast(g, ev, NULL);
    json_decref(ev);
    json_t *gone = msg_game_over(g->id);
    broker_publish(g_broker, "lobby", gone, 0);
    json_decref(gone);
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
    list_del(g);
    game_free(g);
}

/* Whether a side still has a piece that can mate (chariot, horse, cannon, soldier). */
static int can_mate(const game *g, int color)
{
    for (int sq = 0; sq < XQ_SQUARE_NB; sq++) {
        int p = xq_board_piece_at(g->board, sq);
        if (p > 0 && xq_piece_color_of(p) == color) {
            int t = xq_piece_type_of(p);
            if (t == XQ_CHARIOT || t == XQ_HORSE || t == XQ_CANNON || t == XQ_SOLDIER)
                return 1;
        }
    }
    return 0;
}

static void flag_fall(game *g, int color)
{
    char text[96];
    if (!can_mate(g, 1 - color)) {
        snprintf(text, sizeof text, "%s ran out of time; %s cannot mate", game_color_name[color],
                 game_color_name[1 - color]);
        game_end(g, XQ_RESULT_DRAW, "time", text);
    } else {
        snprintf(text, sizeof text, "%s ran out of time", game_color_name[color]);
        game_end(g, result_lost_by(color), "time", text);
    }
}

static void flag_cb(void *arg)
{
    game *g = arg;
    int s = stm(g);
    int64_t left = remaining(g, s, mono_us());
    if (left <= 0)
        flag_fall(g, s);
    else
        timer_set(g->flag_timer, left * 1000);
}

void game_arm_flag(game *g) { timer_set(g->flag_timer, g->clock_ms[stm(g)] * 1000 + 500); }


/* 1 when the game ended (g is freed). */
static int end_if_over(game *g)
{
    xq_outcome out;
    int r = xq_board_outcome(g->board, &g->rules, &out);
    if (r <= XQ_RESULT_ONGOING)
        return 0;
    char text[256];
    int n = xq_outcome_format(&out, text, sizeof text);
    const char *note = rule_note(g->board, g->rules.ruleset, &out);
    if (note && n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, " [%s]", note);
    const char *reason = xq_reason_name(out.reason);
    game_end(g, r, reason, text);
    return 1;
}

/* ---- abandonment ---- */
static void grace_fire(game *g, int s)
{
    if (g->ended || !g->absent[s])
        return;
    if (g->absent[1 - s] && !is_engine(g, 1 - s)) {
        g->expired[s] = 1; /* both away: judged when one comes back */
        return;
    }
    char text[96];
    if (xq_board_ply(g->board) < 2) {
        snprintf(text, sizeof text, "%s left before the game began", game_color_name[s]);
        game_end(g, RESULT_ABORTED, "aborted", text);
    } else {
        snprintf(text, sizeof text, "%s left the game", game_color_name[s]);
        game_end(g, result_lost_by(s), "abandonment", text);
    }
}
static void grace_red(void *arg) { grace_fire(arg, 0); }
static void grace_black(void *arg) { grace_fire(arg, 1); }

static void presence(game *g, int s)
{
    json_t *ev = msg_presence(g->id, game_color_name[s], !g->absent[s], g_cfg.grace_s);
    game_broadcast(g, ev, NULL);
    json_decref(ev);
}

static void set_absent(game *g, int s)
{
    if (is_engine(g, s) || g->absent[s])
        return;
    g->absent[s] = 1;
    g->absent_since[s] = mono_us();
    g->expired[s] = 0;
    timer_set(g->grace_timer[s], (int64_t)g_cfg.grace_s * 1000000);
}

static void game_user_absent(int64_t uid)
{
    for (size_t i = 0; i < g_ngames; i++) {
        game *g = g_games[i];
        for (int s = 0; s < 2; s++)
            if (!is_engine(g, s) && g->t.uid[s] == uid && !g->absent[s]) {
                set_absent(g, s);
                presence(g, s);
            }
    }
}

static void game_user_present(int64_t uid)
{
    for (size_t i = 0; i < g_ngames; i++) {
        game *g = g_games[i];
        for (int s = 0; s < 2; s++) {
            if (is_engine(g, s) || g->t.uid[s] != uid || !g->absent[s])
                continue;
            g->absent[s] = 0;
            g->expired[s] = 0;
            timer_cancel(g->grace_timer[s]);
            presence(g, s);
            if (g->absent[1 - s] && g->expired[1 - s]) {
                grace_fire(g, 1 - s);
                i--; /* g is gone: the next game moved to index i */
                break;
            }
        }
    }
}

int64_t game_user_playing(int64_t uid)
{
    for (size_t i = 0; i < g_ngames; i++)
        for (int s = 0; s < 2; s++)
            if (g_games[i]->t.engine_level < 0 && g_games[i]->t.uid[s] == uid)
                return g_games[i]->id;
    return 0;
}

static void game_send_all_for(conn *c)
{
    for (size_t i = 0; i < g_ngames; i++)
        if (color_of(g_games[i], c) >= 0) {
            json_t *st = game_state_json(g_games[i], c);
            conn_send(c, st);
            json_decref(st);
        }
}

/* ---- creation and restoration ---- */
static game *game_alloc(const game_terms *t)
{
    game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->t = *t;
    g->draw_offer = g->takeback_offer = -1;
    g->eco_plies = -1;
    xq_rules_init(&g->rules, XQ_RULES_VERSION, t->ruleset);
    g->flag_timer = timer_new(flag_cb, g);
    g->grace_timer[0] = timer_new(grace_red, g);
    g->grace_timer[1] = timer_new(grace_black, g);
    if (xq_board_new(&g->board, NULL, NULL) != XQ_OK || !g->flag_timer || !g->grace_timer[0] ||
        !g->grace_timer[1]) {
        game_free(g);
        return NULL;
    }
    g->clock_ms[0] = g->clock_ms[1] = (int64_t)t->base_s * 1000;
    return g;
}

static void engine_turn(game *g)
{
    int s = stm(g);
    if (g->ended || !is_engine(g, s))
        return;
    int64_t now = mono_us();
    g->engine_gen++;
    if (engine_request(g->id, g->engine_gen, g->board, &g->rules, g->t.engine_level,
                       remaining(g, s, now), remaining(g, 1 - s, now),
                       (int64_t)g->t.inc_s * 1000) < 0)
        fprintf(stderr, "xq-server: game %lld: the engine could not start\n", (long long)g->id);
}

game *game_start(const game_terms *t, json_t *id, conn *requester)
{
    game *g = game_alloc(t);
    if (!g) {
        conn_error(requester, id, "server_error", "out of memory");
        return NULL;
    }
    store_game sg;
    memset(&sg, 0, sizeof sg);
    for (int s = 0; s < 2; s++) {
        sg.uid[s] = t->uid[s];
        snprintf(sg.name[s], sizeof sg.name[s], "%s", t->name[s]);
        sg.rating[s] = t->rating[s];
    }
    sg.engine_level = t->engine_level;
    sg.engine_color = t->engine_color;
    sg.ruleset = t->ruleset;
    sg.base_s = t->base_s;
    sg.inc_s = t->inc_s;
    sg.rated = t->rated;
    sg.clock_ms[0] = sg.clock_ms[1] = g->clock_ms[0];
    if (store_game_create(g_store, &sg) != ST_OK || hist_push(g) < 0 || (g->id = sg.id, list_add(g)) < 0) {
        game_free(g);
        conn_error(requester, id, "storage", "the game could not be stored");
        return NULL;
    }
    g->turn_start_us = mono_us();
    game_arm_flag(g);
    /* the requester's reply carries the id; everyone else gets the state */
    for (int s = 0; s < 2; s++) {
        if (is_engine(g, s))
            continue;
        user *u = user_online(g->t.uid[s]);
        for (conn *c = u ? u->conns : NULL; c; c = c->unext) {
            json_t *st = game_state_json(g, c);
            if (c == requester)
                conn_send_id(c, id, st);
            else {
                conn_send(c, st);
                json_decref(st);
            }
        }
    }
    json_t *ev = msg_game_started(g->id, g->t.name[0], g->t.name[1]);
    broker_publish(g_broker, "lobby", ev, 0);
    json_decref(ev);
    engine_turn(g);
    return g;
}

typedef struct restore_ctx {
    game *g;
    int bad;
} restore_ctx;

static int restore_move(int ply, const char *mv, int64_t red_ms, int64_t black_ms, void *arg)
{
    restore_ctx *rc = arg;
    xq_move m;
    if (ply != xq_board_ply(rc->g->board) + 1 || xq_move_parse(mv, &m) != XQ_OK ||
        xq_board_make_move(rc->g->board, m) != XQ_OK) {
        rc->bad = 1;
        return 1;
    }
    rc->g->clock_ms[0] = red_ms;
    rc->g->clock_ms[1] = black_ms;
    return hist_push(rc->g) < 0;
}

static int restore_one(const store_game *sg, void *arg)
{
    int *count = arg;
    game_terms t;
    memset(&t, 0, sizeof t);
    for (int s = 0; s < 2; s++) {
        t.uid[s] = sg->uid[s];
        snprintf(t.name[s], sizeof t.name[s], "%s", sg->name[s]);
        t.rating[s] = sg->rating[s];
        store_user u; /* the deviation now: it changes only when a game ends */
        if (sg->uid[s] > 0 && store_user_by_id(g_store, sg->uid[s], &u) == ST_OK)
            t.deviation[s] = u.deviation;
    }
    t.engine_level = sg->engine_level;
    t.engine_color = sg->engine_color;
    t.ruleset = sg->ruleset;
    t.base_s = sg->base_s;
    t.inc_s = sg->inc_s;
    t.rated = sg->rated;
    game *g = game_alloc(&t);
    if (!g)
        return 1;
    g->id = sg->id;
    g->clock_ms[0] = sg->clock_ms[0];
    g->clock_ms[1] = sg->clock_ms[1];
    g->draw_offer = sg->draw_offer == 0 || sg->draw_offer == 1 ? sg->draw_offer : -1;
    hist_push(g);
    restore_ctx rc = {g, 0};
    if (store_game_moves(g_store, sg->id, restore_move, &rc) != ST_OK || rc.bad) {
        fprintf(stderr, "xq-server: game %lld: its stored moves do not replay; left as it is\n",
                (long long)sg->id);
        game_free(g);
        return 0;
    }
    if (list_add(g) < 0) {
        game_free(g);
        return 1;
    }
    g->turn_start_us = mono_us();
    game_arm_flag(g);
    for (int s = 0; s < 2; s++)
        if (!user_online(g->t.uid[s]))
            set_absent(g, s);
    (*count)++;
    return 0;
}

/* A player's last connection went (accounts.h). */
static void user_gone(user *u) { game_user_absent(u->id); }

static void engine_moved(const engine_result *r, void *arg);

int game_restore_all(store *st, broker *b)
{
    g_store = st;
    g_broker = b;
    game_msg_init(st);
    engine_on_result(engine_moved, NULL);
    static const accounts_listener listener = {game_user_present, game_send_all_for, user_gone};
    if (accounts_listen(&listener) < 0)
        return -1;
    int count = 0;
    if (store_games_unfinished(g_store, restore_one, &count) != ST_OK)
        return -1;
    /* a game whose last move ended it but whose end was not stored (backwards: ends free) */
    for (size_t i = g_ngames; i-- > 0;)
        end_if_over(g_games[i]);
    for (size_t i = 0; i < g_ngames; i++)
        engine_turn(g_games[i]);
    return count;
}

void games_shutdown(void)
{
    for (size_t i = 0; i < g_ngames; i++)
        game_free(g_games[i]);
    free(g_games);
    g_games = NULL;
    g_ngames = g_capgames = 0;
}

json_t *game_list_json(void)
{
    json_t *a = json_array();
    for (size_t i = 0; i < g_ngames; i++) {
        game *g = g_games[i];
        json_array_append_new(
            a, json_pack("{sIsssssisisssbsi}", "game", (json_int_t)g->id, "red", g->t.name[0],
                         "black", g->t.name[1], "base", g->t.base_s, "inc", g->t.inc_s, "rules",
                         ruleset_name(g->t.ruleset), "rated", g->t.rated, "ply",
                         xq_board_ply(g->board)));
    }
    return a;
}

/* ---- commands ---- */
/* The live game named by m's "game", or NULL after an error reply. */
game *game_get(conn *c, json_t *m, json_t *id, int must_play, int *color)
{
    json_t *v = json_object_get(m, "game");
    if (!json_is_integer(v)) {
        conn_error(c, id, "bad_field", "'game' (an integer) is required");
        return NULL;
    }
    game *g = game_find(json_integer_value(v));
    if (!g) {
        store_game sg;
        if (store_game_get(g_store, json_integer_value(v), &sg) == ST_OK)
            conn_error(c, id, "game_over", "game %lld is over", (long long)sg.id);
        else
            conn_error(c, id, "no_such_game", "no such game");
        return NULL;
    }
    int s = color_of(g, c);
    if (must_play && s < 0) {
        conn_error(c, id, "not_your_game", "you do not play in game %lld", (long long)g->id);
        return NULL;
    }
    if (color)
        *color = s;
    return g;
}

static int play_at(game *g, int s, xq_move mv, conn *c, json_t *id, int64_t now);

/* The player's connections hear about their premove (the opponent does not). */
static void premove_event(game *g, int s, conn *c, json_t *id, const char *dropped)
{
    json_t *ev = msg_premove(
        g->id, g->premove[s] != XQ_MOVE_NONE ? game_move_text(g->premove[s]) : NULL, dropped);
    send_to_user_but(g->t.uid[s], ev, c);
    if (c)
        conn_send_id(c, id, ev);
    else
        json_decref(ev);
}

/* After a move: the side to move's premove, if it has one, is played now when
 * it is legal (no time passes on its clock), else dropped. 1 when played. */
static int play_premove(game *g)
{
    int s = stm(g);
    xq_move mv = g->premove[s];
    if (mv == XQ_MOVE_NONE)
        return 0;
    g->premove[s] = XQ_MOVE_NONE;
    if (xq_board_is_legal(g->board, mv) != 1) {
        premove_event(g, s, NULL, NULL, "illegal");
        return 0;
    }
    /* at the instant the opponent's move was made: none of s's time passes */
    return play_at(g, s, mv, NULL, NULL, g->turn_start_us) == 0;
}

/* Play mv for side s at the time now: clocks, storage, relay, the end.
 * Returns 0 or -1 (error sent). */
static int play_at(game *g, int s, xq_move mv, conn *c, json_t *id, int64_t now)
{
    int64_t left = remaining(g, s, now);
    if (left <= 0) {
        if (c)
            conn_error(c, id, "game_over", "your time ran out");
        flag_fall(g, s);
        return -1;
    }
    char iccs[XQ_MOVE_STR_MAX], wxf[XQ_MOVE_TEXT_MAX], zh[XQ_MOVE_TEXT_MAX];
    xq_move_format(mv, iccs, sizeof iccs);
    xq_board_move_to_text(g->board, mv, XQ_NOTATION_WXF, 0, wxf, sizeof wxf);
    xq_board_move_to_text(g->board, mv, XQ_NOTATION_CHINESE, 0, zh, sizeof zh);
    if (xq_board_make_move(g->board, mv) != XQ_OK) {
        if (c)
            conn_error(c, id, "illegal_move", "%s is not legal here", iccs);
        return -1;
    }
    int64_t saved[2] = {g->clock_ms[0], g->clock_ms[1]};
    g->clock_ms[s] = left + (int64_t)g->t.inc_s * 1000;
    int ply = xq_board_ply(g->board);
    /* a move declines the opponent's draw offer: both stored in one transaction */
    int declines = g->draw_offer == 1 - s;
    int ok = !declines || store_begin(g_store) == ST_OK;
    ok = ok && store_move_add(g_store, g->id, ply, iccs, g->clock_ms[0], g->clock_ms[1]) == ST_OK;
    ok = ok && (!declines || store_game_set_draw_offer(g_store, g->id, -1) == ST_OK);
    ok = ok && (!declines || store_commit(g_store) == ST_OK);
    if (!ok || hist_push(g) < 0) {
        if (declines)
            store_rollback(g_store);
        if (ok) /* stored, but no memory for the history: take it out again */
            store_moves_truncate(g_store, g->id, ply);
        xq_board_unmake_move(g->board, NULL);
        g->clock_ms[0] = saved[0];
        g->clock_ms[1] = saved[1];
        if (c)
            conn_error(c, id, "storage", "the move could not be stored; it was not played");
        return -1;
    }
    g->turn_start_us = now;
    if (declines)
        g->draw_offer = -1;
    g->takeback_offer = -1;
    game_arm_flag(g);
    char fen[XQ_FEN_MAX];
    xq_board_fen(g->board, fen, sizeof fen);
    json_t *ev = json_pack("{sssIsissssssssssssso}", "type", "move", "game", (json_int_t)g->id,
                           "ply", ply, "move", iccs, "wxf", wxf, "zh", zh, "color", game_color_name[s],
                           "fen", fen, "turn", game_color_name[stm(g)], "clock", game_clock_json(g, now));
    json_object_set_new(ev, "check", json_boolean(xq_board_in_check(g->board)));
    json_object_set_new(ev, "legal", game_legal_json(g));
    /* the opening, in the first XQ_ECCO_MAX_PLY plies and only when it changed
     * (a move event without it keeps the one the client has) */
    if (ply <= XQ_ECCO_MAX_PLY && game_classify(g) == 0 && strcmp(g->eco.code, g->opening) != 0) {
        memcpy(g->opening, g->eco.code, sizeof g->opening);
        json_object_set_new(ev, "opening", game_opening_value(&g->eco));
    }
    if (g->draw_offer >= 0)
        json_object_set_new(ev, "draw_offer", json_string(game_color_name[g->draw_offer]));
    game_broadcast(g, ev, c);
    if (c)
        conn_send_id(c, id, ev);
    else
        json_decref(ev);
    if (!end_if_over(g) && !play_premove(g))
        engine_turn(g);
    return 0;
}

static int play(game *g, int s, xq_move mv, conn *c, json_t *id)
{
    return play_at(g, s, mv, c, id, mono_us());
}

void cmd_move(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    const char *text = json_string_value(json_object_get(m, "move"));
    if (!text) {
        conn_error(c, id, "bad_field", "'move' (a string such as \"h2e2\") is required");
        return;
    }
    if (stm(g) != s) {
        conn_error(c, id, "not_your_turn", "it is %s's turn", game_color_name[stm(g)]);
        return;
    }
    xq_move mv;
    xq_parse_error pe;
    int rc = strlen(text) < 40 ? xq_board_move_from_text(g->board, text, XQ_NOTATION_AUTO, 0, &mv,
                                                         &pe)
                               : XQ_EPARSE;
    if (rc == XQ_EPARSE || rc == XQ_EINVAL) {
        conn_error(c, id, "bad_move", "'%.40s' is not a move (ICCS such as h2e2, WXF or Chinese)",
                   text);
        return;
    }
    if (rc != XQ_OK) {
        conn_error(c, id, "illegal_move", "%.40s is not legal here%s", text,
                   rc == XQ_EAMBIGUOUS ? " (ambiguous)" : "");
        return;
    }
    play(g, s, mv, c, id);
}

void cmd_premove(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    json_t *v = json_object_get(m, "move");
    if (v && !json_is_null(v) && !json_is_string(v)) {
        conn_error(c, id, "bad_field", "'move' is an ICCS move such as \"h2e2\", or absent to cancel");
        return;
    }
    const char *text = v ? json_string_value(v) : NULL;
    if (!text || !text[0]) { /* cancel */
        g->premove[s] = XQ_MOVE_NONE;
        premove_event(g, s, c, id, NULL);
        return;
    }
    if (stm(g) == s) {
        conn_error(c, id, "not_allowed", "it is your turn: send the move with `move`");
        return;
    }
    xq_move mv;
    if (strlen(text) > 5 || xq_move_parse(text, &mv) != XQ_OK) {
        conn_error(c, id, "bad_move", "'%.40s' is not an ICCS move such as h2e2", text);
        return;
    }
    /* Whether it will be legal is known only after the opponent's move: here
     * it must move one of the player's pieces, not onto another of them. */
    int from = xq_board_piece_at(g->board, XQ_MOVE_FROM(mv));
    int to = xq_board_piece_at(g->board, XQ_MOVE_TO(mv));
    if (from <= 0 || xq_piece_color_of(from) != s || (to > 0 && xq_piece_color_of(to) == s)) {
        conn_error(c, id, "illegal_move", "%s moves no piece of yours, or onto one",
                   game_move_text(mv));
        return;
    }
    g->premove[s] = mv;
    premove_event(g, s, c, id, NULL);
}

void cmd_resign(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    char text[64];
    snprintf(text, sizeof text, "%s resigned", game_color_name[s]);
    conn_send_id(c, id, msg_new("ok"));
    game_end(g, result_lost_by(s), "resignation", text);
}

void cmd_abort(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    if (xq_board_ply(g->board) >= 2) {
        conn_error(c, id, "not_allowed", "a game can be aborted only before its second move");
        return;
    }
    char text[64];
    snprintf(text, sizeof text, "aborted by %s", game_color_name[s]);
    conn_send_id(c, id, msg_new("ok"));
    game_end(g, RESULT_ABORTED, "aborted", text);
}

int request_stored_game(conn *c, json_t *m, json_t *id, int finished, store_game *sg)
{
    json_t *v = json_object_get(m, "game");
    if (!json_is_integer(v)) {
        conn_error(c, id, "bad_field", "'game' (an integer) is required");
        return -1;
    }
    int64_t gid = (int64_t)json_integer_value(v);
    int rc = gid > 0 ? store_game_get(g_store, gid, sg) : ST_NOTFOUND;
    if (rc != ST_OK) {
        if (rc == ST_NOTFOUND)
            conn_error(c, id, "no_such_game", "no such game");
        else
            conn_error(c, id, "storage", "the game could not be read");
        return -1;
    }
    if (finished && sg->result == XQ_RESULT_ONGOING) {
        conn_error(c, id, "game_not_over", "game %lld is still being played", (long long)gid);
        return -1;
    }
    return 0;
}

/* ---- the engine ---- */
/* The engine's move arrives: a result event of engine.h, in the loop. */
static void engine_moved(const engine_result *r, void *arg)
{
    (void)arg;
    game *g = game_find(r->gid);
    if (!g || g->engine_gen != r->gen || !is_engine(g, stm(g)))
        return; /* the game ended or was taken back meanwhile */
    if (r->move == XQ_MOVE_NONE || play(g, stm(g), r->move, NULL, NULL) < 0)
        end_if_over(g);
}
