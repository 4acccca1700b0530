/* SPDX-License-Identifier: MIT */
/* How a live game ends (game_internal.h): stored, rated and told; by the
 * rules, a flag that falls (the clock's timer), or abandonment (a player's
 * last connection gone for the grace); and the players coming and going. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "broker.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "config.h"
#include "final_state.h"
#include "game_core.h"
#include "game_internal.h"
#include "net.h"
#include "rating.h"
#include "result.h"
#include "rule_note.h"
#include "standing.h"
#include "stats.h"
#include "store.h"
#include "timer.h"
#include "tuning.h"

/* What the game's finished state shows beyond its moves (the position at the
 * end, the moves' text, the checks), stored in the open transaction: the
 * state of a finished game is read from there, not replayed. ST_OK or not. */
static int store_final_state(const game *g)
{
    store_final f;
    if (final_state_of_board(g->board, &f) < 0)
        return ST_ERROR;
    int rc = store_game_set_final(game_store(), g->id, &f);
    store_final_free(&f);
    return rc;
}

void game_end(game *g, int result, const char *reason, const char *why)
{
    if (g->ended || g->lost)
        return;
    /* a site's process ends only a game it still owns (the claim renews its
     * lease: no other process can take the game over while it is stored) */
    const char *owner = game_site_owner();
    int claim = owner ? store_game_claim(game_store(), g->id, owner, SRV_LEASE_MS) : ST_OK;
    if (claim == ST_EXISTS || claim == ST_NOTFOUND) {
        g->lost = 1; /* another process's now: game_owner.c drops it */
        timer_cancel(g->flag_timer);
        timer_cancel(g->grace_timer[0]);
        timer_cancel(g->grace_timer[1]);
        return;
    }
    int64_t now = mono_us();
    int64_t r = remaining(g, 0, now), b = remaining(g, 1, now);
    g->ended = 1;
    stats_add(STAT_GAMES_FINISHED, 1);
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
    int ok = store_begin(game_store()) == ST_OK;
    ok = ok &&
         store_game_finish(game_store(), g->id, result, reason, text, r > 0 ? r : 0, b > 0 ? b : 0) == ST_OK;
    /* the opening, for the archive's search by code */
    if (game_classify(g) < 0)
        g->eco.code[0] = 0, g->eco.ply = 0;
    ok = ok && store_game_set_eco(game_store(), g->id, g->eco.code, g->eco.ply) == ST_OK;
    ok = ok && store_final_state(g) == ST_OK;
    if (ok && rated) {
        store_user ur, ub;
        ok = store_user_by_id(game_store(), g->t.uid[0], &ur) == ST_OK &&
             store_user_by_id(game_store(), g->t.uid[1], &ub) == ST_OK;
        if (ok) {
            /* each from the deviation of now: less certain after a long time away */
            glicko gr = {ur.rating, standing_deviation(game_store(), &ur), ur.volatility};
            glicko gb = {ub.rating, standing_deviation(game_store(), &ub), ub.volatility};
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
            ok = store_user_set_rating(game_store(), ur.id, &gr, ur.games + 1) == ST_OK &&
                 store_user_set_rating(game_store(), ub.id, &gb, ub.games + 1) == ST_OK &&
                 store_game_set_ratings(game_store(), g->id, &gr, &gb) == ST_OK;
        }
    }
    ok = ok && store_commit(game_store()) == ST_OK;
    if (!ok) {
        store_rollback(game_store());
        fprintf(stderr, "xq-server: game %lld: the end could not be stored: %s\n",
                (long long)g->id, store_errmsg(game_store()));
    }
    for (int s = 0; s < 2 && rated && ok; s++) {
        user *u = user_online(g->t.uid[s]);
        if (u) {
            u->rating = rating[s];
            u->deviation = deviation[s];
        }
    }
    msg_ratings after = {{before[0], before[1]}, {rating[0], rating[1]},
                         {deviation[0], deviation[1]}};
    json_t *ev = msg_end(g->id, game_result_name[result], reason, text, game_winner_name(result),
                         r, b, g->t.name[0], g->t.name[1], rated && ok,
                         rated && ok ? &after : NULL);
    game_broadcast(g, ev, NULL);
    json_decref(ev);
    json_t *gone = msg_game_over(g->id);
    broker_publish(game_broker(), "lobby", gone, 0);
    json_decref(gone);
    game_retire(g);
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

void game_flag_fall(game *g, int color)
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
        game_flag_fall(g, s);
    else
        timer_set(g->flag_timer, left * 1000);
}

void game_arm_flag(game *g) { timer_set(g->flag_timer, g->clock_ms[stm(g)] * 1000 + 500); }


/* 1 when the game ended (g is freed). */
int game_end_if_over(game *g)
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

void game_set_absent(game *g, int s)
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
    for (size_t i = 0; i < game_live_count(); i++) {
        game *g = game_at(i);
        for (int s = 0; s < 2; s++)
            if (!is_engine(g, s) && g->t.uid[s] == uid && !g->absent[s]) {
                game_set_absent(g, s);
                presence(g, s);
            }
    }
}

static void game_user_present(int64_t uid)
{
    for (size_t i = 0; i < game_live_count(); i++) {
        game *g = game_at(i);
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

static void game_send_all_for(conn *c)
{
    for (size_t i = 0; i < game_live_count(); i++)
        if (color_of(game_at(i), c) >= 0) {
            json_t *st = game_state_json(game_at(i), c);
            conn_send(c, st);
            json_decref(st);
        }
}

/* A player's last connection went (accounts.h). */
static void user_gone(user *u) { game_user_absent(u->id); }

int game_end_init(void)
{
    static const accounts_listener listener = {game_user_present, game_send_all_for, user_gone};
    return accounts_listen(&listener);
}

int game_timers_new(game *g)
{
    g->flag_timer = timer_new(flag_cb, g);
    g->grace_timer[0] = timer_new(grace_red, g);
    g->grace_timer[1] = timer_new(grace_black, g);
    return g->flag_timer && g->grace_timer[0] && g->grace_timer[1] ? 0 : -1;
}
