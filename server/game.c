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
#include "forward_wire.h"
#include "game.h"
#include "game_internal.h"
#include "net.h"
#include "rating.h"
#include "ruleset.h"
#include "result.h"
#include "standing.h"
#include "stats.h"
#include "store.h"
#include "timer.h"
#include "tuning.h"


int64_t game_user_playing(int64_t uid)
{
    for (size_t i = 0; i < game_live_count(); i++)
        for (int s = 0; s < 2; s++)
            if (game_at(i)->t.engine_level < 0 && game_at(i)->t.uid[s] == uid)
                return game_at(i)->id;
    return 0;
}

int64_t game_user_live(int64_t uid)
{
    for (size_t i = 0; i < game_live_count(); i++) {
        game *g = game_at(i);
        for (int s = 0; s < 2; s++)
            if (!is_engine(g, s) && g->t.uid[s] == uid && !g->lost && !g->ended)
                return g->id;
    }
    return 0;
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
    if (xq_board_new(&g->board, NULL, NULL) != XQ_OK || game_timers_new(g) < 0) {
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

/* A site's process tells the site it owns g now (it started it, or took it
 * over): the other processes attach its players' and watchers' connections
 * to it (forward.h). */
static void announce_owner(const game *g, int fresh)
{
    if (!game_site_owner())
        return;
    json_t *ev = fwd_owner(g->id, game_site_owner(), g->t.uid, fresh);
    if (ev)
        broker_publish(game_broker(), FWD_SITE_SUBJECT, ev, 0);
    json_decref(ev);
}

/* Store a new game. A site's process owns the games it starts: created and
 * claimed in one transaction, so that no other process sees the game without
 * its owner (and takes it over as a game without one). */
static int store_new_game(store_game *sg)
{
    const char *owner = game_site_owner();
    if (!owner)
        return store_game_create(game_store(), sg);
    int ok = store_begin(game_store()) == ST_OK && store_game_create(game_store(), sg) == ST_OK &&
             store_game_claim(game_store(), sg->id, owner, SRV_LEASE_MS) == ST_OK &&
             store_commit(game_store()) == ST_OK;
    if (!ok)
        store_rollback(game_store());
    return ok ? ST_OK : ST_ERROR;
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
    if (store_new_game(&sg) != ST_OK || game_hist_push(g) < 0 ||
        (g->id = sg.id, game_list_add(g)) < 0) {
        game_free(g);
        conn_error(requester, id, "storage", "the game could not be stored");
        return NULL;
    }
    stats_add(STAT_GAMES_STARTED, 1);
    g->turn_start_us = mono_us();
    game_arm_flag(g);
    /* the requester's reply carries the id; every other connection of the
     * players, on any process of the site, gets the state (user.ID) */
    for (int s = 0; s < 2; s++) {
        if (is_engine(g, s))
            continue;
        json_t *st = game_state_json_side(g, s);
        if (!st)
            continue;
        int mine = requester->user && requester->user->id == g->t.uid[s];
        send_to_user_but(g->t.uid[s], st, mine ? requester : NULL);
        if (mine)
            conn_send_id(requester, id, st);
        else
            json_decref(st);
    }
    json_t *ev = msg_game_started(g->id, g->t.name[0], g->t.name[1]);
    broker_publish(game_broker(), "lobby", ev, 0);
    json_decref(ev);
    announce_owner(g, 1); /* its players have its state already (user.ID) */
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
    return game_hist_push(rc->g) < 0;
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
        store_user u; /* the deviation now (grown with the time since the last rated game) */
        if (sg->uid[s] > 0 && store_user_by_id(game_store(), sg->uid[s], &u) == ST_OK)
            t.deviation[s] = standing_deviation(game_store(), &u);
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
    g->takeback_offer = sg->takeback_offer == 0 || sg->takeback_offer == 1 ? sg->takeback_offer : -1;
    game_hist_push(g);
    restore_ctx rc = {g, 0};
    if (store_game_moves(game_store(), sg->id, restore_move, &rc) != ST_OK || rc.bad) {
        fprintf(stderr, "xq-server: game %lld: its stored moves do not replay; left as it is\n",
                (long long)sg->id);
        game_free(g);
        return 0;
    }
    if (game_list_add(g) < 0) {
        game_free(g);
        return 1;
    }
    g->turn_start_us = mono_us();
    game_arm_flag(g);
    for (int s = 0; s < 2; s++)
        if (!user_online(g->t.uid[s]))
            game_set_absent(g, s);
    (*count)++;
    return 0;
}

static void engine_moved(const engine_result *r, void *arg);

/* A game store_games_lapsed() lists: claimed, and restored when it is not
 * live here already (then its lease is only renewed). */
static int take_over_one(const store_game *sg, void *arg)
{
    int *count = arg;
    int rc = store_game_claim(game_store(), sg->id, game_site_owner(), SRV_LEASE_MS);
    if (rc != ST_OK || game_find(sg->id))
        return rc == ST_ERROR; /* another process was first, or the store is away */
    int before = *count;
    if (restore_one(sg, count))
        return 1;
    game *g = game_find(sg->id);
    if (*count > before && g) {
        fprintf(stderr, "xq-server: game %lld taken over (no owner, or its owner's lease lapsed)\n",
                (long long)sg->id);
        stats_add(STAT_GAMES_TAKEN_OVER, 1);
        announce_owner(g, 0);
        if (!game_end_if_over(g))
            engine_turn(g);
    }
    return 0;
}

int game_take_over_lapsed(void)
{
    int count = 0;
    return store_games_lapsed(game_store(), take_over_one, &count) == ST_OK ? count : -1;
}

int game_restore_all(store *st, broker *b)
{
    game_core_init(st, b);
    game_msg_init(st);
    engine_on_result(engine_moved, NULL);
    if (game_end_init() < 0)
        return -1;
    if (game_site_owner())
        return game_take_over_lapsed();
    int count = 0;
    if (store_games_unfinished(game_store(), restore_one, &count) != ST_OK)
        return -1;
    /* a game whose last move ended it but whose end was not stored (backwards: ends free) */
    for (size_t i = game_live_count(); i-- > 0;)
        game_end_if_over(game_at(i));
    for (size_t i = 0; i < game_live_count(); i++)
        engine_turn(game_at(i));
    return count;
}


json_t *game_list_json(void)
{
    json_t *a = msg_list();
    for (size_t i = 0; i < game_live_count(); i++) {
        game *g = game_at(i);
        msg_list_add(a, msg_live_game(g->id, g->t.name[0], g->t.name[1], g->t.base_s,
                                      g->t.inc_s, ruleset_name(g->t.ruleset), g->t.rated,
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
    if (g && g->lost)
        g = NULL;
    if (!g) {
        store_game sg;
        int stored = game_stored(json_integer_value(v), &sg) == ST_OK;
        if (stored && sg.result == XQ_RESULT_ONGOING && game_site_owner())
            conn_error(c, id, "game_elsewhere",
                       "game %lld is being taken over by another process of the site (its "
                       "owner is gone, or it moved meanwhile); send it again in a few seconds",
                       (long long)sg.id);
        else if (stored)
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

/* Store ply of g (ICCS iccs, the clocks after it): a site's process only
 * while it owns the game (ST_NOT_OWNER when another process took it over). */
static int store_ply(game *g, int ply, const char *iccs)
{
    const char *owner = game_site_owner();
    return owner ? store_move_add_owned(game_store(), g->id, ply, iccs, g->clock_ms[0],
                                        g->clock_ms[1], owner)
                 : store_move_add(game_store(), g->id, ply, iccs, g->clock_ms[0], g->clock_ms[1]);
}

/* Play mv for side s at the time now: clocks, storage, relay, the end.
 * Returns 0 or -1 (error sent). */
static int play_at(game *g, int s, xq_move mv, conn *c, json_t *id, int64_t now)
{
    int64_t left = remaining(g, s, now);
    if (left <= 0) {
        if (c)
            conn_error(c, id, "game_over", "your time ran out");
        game_flag_fall(g, s);
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
    /* a move declines the opponent's draw offer and withdraws a take-back
     * request (either side's): stored with it in one transaction */
    int declines = g->draw_offer == 1 - s, withdraws = g->takeback_offer >= 0;
    /* in a site, the truncation below goes with the owned insert: when the
     * game was taken over meanwhile, the insert is refused and the rollback
     * keeps the new owner's moves */
    int truncates = g->store_failed, site = game_site_owner() != NULL;
    int tx = declines || withdraws || (truncates && site), added = ST_OK;
    int ok = !tx || store_begin(game_store()) == ST_OK;
    /* after a failed store the database may hold this ply all the same (a
     * PostgreSQL commit whose answer the lost connection took): it goes first */
    ok = ok && (!truncates || store_moves_truncate(game_store(), g->id, ply) == ST_OK);
    ok = ok && (added = store_ply(g, ply, iccs)) == ST_OK;
    ok = ok && (!declines || store_game_set_draw_offer(game_store(), g->id, -1) == ST_OK);
    ok = ok && (!withdraws || store_game_set_takeback_offer(game_store(), g->id, -1) == ST_OK);
    ok = ok && (!tx || store_commit(game_store()) == ST_OK);
    if (!ok || game_hist_push(g) < 0) {
        if (tx && !ok)
            store_rollback(game_store());
        if (ok) { /* stored, but no memory for the history: take the move out again */
            store_moves_truncate(game_store(), g->id, ply);
            if (declines) /* the offers went with it, as stored */
                g->draw_offer = -1;
            if (withdraws)
                g->takeback_offer = -1;
        }
        xq_board_unmake_move(g->board, NULL);
        g->clock_ms[0] = saved[0];
        g->clock_ms[1] = saved[1];
        stats_add(STAT_MOVES_REFUSED_STORE, 1);
        if (added == ST_NOT_OWNER) { /* another process took the game over */
            g->lost = 1;
            if (c)
                conn_error(c, id, "game_elsewhere", "game %lld is played on another process of "
                           "the site now; the move was not played: send it again",
                           (long long)g->id);
            return -1;
        }
        g->store_failed = 1;
        if (c)
            conn_error(c, id, "storage", "the move could not be stored; it was not played");
        return -1;
    }
    g->store_failed = 0;
    stats_add(STAT_MOVES, 1);
    g->turn_start_us = now;
    if (declines)
        g->draw_offer = -1;
    g->takeback_offer = -1;
    game_arm_flag(g);
    char fen[XQ_FEN_MAX], legal[GAME_LEGAL_WORDS_MAX];
    xq_board_fen(g->board, fen, sizeof fen);
    game_legal_words(g, legal);
    /* the opening, in the first XQ_ECCO_MAX_PLY plies and only when it changed
     * (a move event without it keeps the one the client has) */
    json_t *opening = NULL;
    if (ply <= XQ_ECCO_MAX_PLY && game_classify(g) == 0 && strcmp(g->eco.code, g->opening) != 0) {
        memcpy(g->opening, g->eco.code, sizeof g->opening);
        opening = game_opening_value(&g->eco);
    }
    json_t *ev = msg_move(g->id, ply, iccs, wxf, zh, game_color_name[s], fen,
                          game_color_name[stm(g)], game_clock_json(g, now),
                          xq_board_in_check(g->board) == 1, legal, opening,
                          g->draw_offer >= 0 ? game_color_name[g->draw_offer] : NULL);
    game_broadcast(g, ev, c);
    if (c)
        conn_send_id(c, id, ev);
    else
        json_decref(ev);
    if (!game_end_if_over(g) && !play_premove(g))
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
    int rc = game_stored(gid, sg);
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
        game_end_if_over(g);
}
