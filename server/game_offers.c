/* SPDX-License-Identifier: MIT */
/* Offers within a live game (game.h): a draw offered, accepted or declined,
 * and a take-back asked, granted or declined. A standing draw offer is
 * stored, so it outlives a restart. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "codec.h"
#include "codec_msg.h"
#include "clock.h"
#include "game.h"
#include "game_internal.h"
#include "net.h"
#include "result.h"
#include "store.h"

static void offer_event(game *g, const char *kind, int s, const char *what)
{
    json_t *ev = msg_offer(g->id, kind, game_color_name[s], what);
    game_broadcast(g, ev, NULL);
    json_decref(ev);
}

void cmd_draw(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    if (g->draw_offer == 1 - s) {
        conn_send_id(c, id, msg_new("ok"));
        game_end(g, XQ_RESULT_DRAW, "agreement", "drawn by agreement");
        return;
    }
    if (g->draw_offer == s) {
        conn_error(c, id, "already_offered", "your draw offer stands");
        return;
    }
    if (is_engine(g, 1 - s)) {
        conn_send_id(c, id, msg_new("ok"));
        offer_event(g, "draw", 1 - s, "declined");
        return;
    }
    if (game_set_draw_offer(g, s) < 0) {
        conn_error(c, id, "storage", "the draw offer could not be stored");
        return;
    }
    conn_send_id(c, id, msg_new("ok"));
    offer_event(g, "draw", s, "offered");
}

void cmd_draw_decline(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    if (g->draw_offer != 1 - s) {
        conn_error(c, id, "no_offer", "there is no draw offer to decline");
        return;
    }
    if (game_set_draw_offer(g, -1) < 0) {
        conn_error(c, id, "storage", "the decline could not be stored");
        return;
    }
    conn_send_id(c, id, msg_new("ok"));
    offer_event(g, "draw", s, "declined");
}

/* Undo the requester's last move (and the reply to it, if there is one). */
static int take_back(game *g, int requester)
{
    int plies = stm(g) == requester ? 2 : 1;
    int ply = xq_board_ply(g->board);
    if (ply < plies)
        return -1;
    if (store_moves_truncate(game_store(), g->id, ply - plies + 1) != ST_OK)
        return -2;
    for (int i = 0; i < plies; i++)
        xq_board_unmake_move(g->board, NULL);
    g->nhist -= plies;
    g->clock_ms[0] = g->hist[g->nhist - 1][0];
    g->clock_ms[1] = g->hist[g->nhist - 1][1];
    g->turn_start_us = mono_us();
    if (game_set_takeback_offer(g, -1) < 0)
        g->takeback_offer = -1;
    if (game_set_draw_offer(g, -1) < 0)
        g->draw_offer = -1;
    g->engine_gen++; /* a search in flight is for a position that is gone */
    g->premove[0] = g->premove[1] = XQ_MOVE_NONE; /* made for a position that is gone */
    g->opening[0] = 0; /* the next move says its opening again */
    g->eco_plies = -1; /* and classifies afresh */
    game_arm_flag(g);
    return 0;
}

/* The reply to a take-back that was carried out (or not); on success the new
 * state goes to everyone after the "ok". */
static void takeback_reply(game *g, conn *c, json_t *id, int rc)
{
    if (rc == -1)
        conn_error(c, id, "not_allowed", "there is no move of yours to take back");
    else if (rc == -2)
        conn_error(c, id, "storage", "the take-back could not be stored");
    else {
        conn_send_id(c, id, msg_new("ok"));
        game_send_states(g);
    }
}

void cmd_takeback(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    if (g->takeback_offer == 1 - s) { /* accepting the opponent's request */
        takeback_reply(g, c, id, take_back(g, 1 - s));
        return;
    }
    if (g->takeback_offer == s) {
        conn_error(c, id, "already_offered", "your take-back request stands");
        return;
    }
    int need = stm(g) == s ? 2 : 1;
    if (xq_board_ply(g->board) < need) {
        conn_error(c, id, "not_allowed", "there is no move of yours to take back");
        return;
    }
    if (is_engine(g, 1 - s)) { /* the engine always agrees */
        takeback_reply(g, c, id, take_back(g, s));
        return;
    }
    if (game_set_takeback_offer(g, s) < 0) {
        conn_error(c, id, "storage", "the take-back request could not be stored");
        return;
    }
    conn_send_id(c, id, msg_new("ok"));
    offer_event(g, "takeback", s, "offered");
}

void cmd_takeback_decline(conn *c, json_t *m, json_t *id)
{
    int s;
    game *g = game_get(c, m, id, 1, &s);
    if (!g)
        return;
    if (g->takeback_offer != 1 - s) {
        conn_error(c, id, "no_offer", "there is no take-back request to decline");
        return;
    }
    if (game_set_takeback_offer(g, -1) < 0) {
        conn_error(c, id, "storage", "the decline could not be stored");
        return;
    }
    conn_send_id(c, id, msg_new("ok"));
    offer_event(g, "takeback", s, "declined");
}
