/* SPDX-License-Identifier: MIT */
/* Inside the game module (game.c and game_msg.c): a live game and the
 * messages built from it. Not for other modules: they see game.h. */
#ifndef XQ_SERVER_GAME_INTERNAL_H
#define XQ_SERVER_GAME_INTERNAL_H

#include <jansson.h>
#include <stdint.h>
#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "broker.h"
#include "game_terms.h"
#include "ruleset.h"
#include "net.h"
#include "result.h"
#include "store.h"
#include "timer.h"

struct game {
    int64_t id;
    game_terms t;
    xq_rules rules;
    xq_board *board;
    int64_t clock_ms[2];    /* remaining at the start of the current turn */
    int64_t (*hist)[2];     /* clocks after each ply (hist[0]: at the start) */
    int nhist, caphist;
    int64_t turn_start_us;
    int draw_offer;         /* the color that offered, or -1 */
    int takeback_offer;
    int store_failed;       /* the last move's store failed: the database may hold its ply */
    timer *flag_timer;
    timer *grace_timer[2];
    int absent[2];
    int64_t absent_since[2];
    int expired[2];
    uint32_t engine_gen;
    uint32_t *watchers;
    int nwatch, capwatch;
    broker_sub *sub;        /* its subject, game.ID, while it is in the list */
    int ended;
    int lost;               /* a site's: another process owns it now; dropped, not served */
    /* Premoves (docs/protocol.md, "Premoves"): held here, not in the page, so
     * that one is played in the same turn of the loop as the opponent's move,
     * with no network round trip and no time off its player's clock. At most
     * one per player; XQ_MOVE_NONE (0, calloc) when none. */
    xq_move premove[2];
    char opening[4];        /* the ECCO code last sent in a move event ("" at first) */
    /* The ECCO classification of the board's moves, kept up a move at a time
     * (xq_ecco_classify_next: one table look-up a move, not a replay of the
     * game); eco_plies is the history it is of, -1 when it must be made afresh. */
    xq_ecco eco;
    int eco_plies;
};

static inline int stm(const game *g) { return xq_board_side_to_move(g->board); }
static inline int is_engine(const game *g, int color)
{
    return g->t.engine_level >= 0 && g->t.engine_color == color;
}
static inline int64_t remaining(const game *g, int color, int64_t now)
{
    int64_t ms = g->clock_ms[color];
    if (color == stm(g))
        ms -= (now - g->turn_start_us) / 1000;
    return ms;
}

/* The color c's user plays in g, or -1. */
static inline int color_of(const game *g, const conn *c)
{
    if (!c->user)
        return -1;
    for (int s = 0; s < 2; s++)
        if (!is_engine(g, s) && g->t.uid[s] == c->user->id)
            return s;
    return -1;
}

/* The names of the colors and the PGN results by the stored result. */
extern const char *const game_color_name[2];
extern const char *const game_result_name[RESULT_ABORTED + 1];

/* ---- game_core.c: the list of live games ---- */
void game_core_init(store *st, broker *b);
store *game_store(void);
/* The stored game gid into sg: ST_OK, ST_NOTFOUND or ST_ERROR. An id below 1
 * names no game and is not looked up (the store answers a lookup of id 0 with
 * ST_OK and sg left unset: its "found" is that the id read equals the one
 * asked for, and nothing read leaves it 0). */
int game_stored(int64_t gid, store_game *sg);
broker *game_broker(void);
/* A site's process (--broker): this process's owner id in the store (at most
 * STORE_OWNER_MAX - 1 bytes; game_owner.c draws it), or NULL (the default:
 * not a site, the games are all this process's). */
void game_core_set_owner(const char *owner);
const char *game_site_owner(void);
game *game_at(size_t i); /* the i-th live game by id, i < game_live_count() */
/* In the list (subscribed to game.ID): 0, or -1 without memory. */
int game_list_add(game *g);
void game_list_del(game *g);
int game_hist_push(game *g); /* the clocks after a ply: 0, or -1 without memory */
void game_free(game *g);
/* A game leaves this process (it ended, or another process of the site took
 * it over): out of its watchers' lists, out of the list of live games, freed. */
void game_retire(game *g);

/* ---- game.c, for the files of the game module ---- */
/* The game a command names in "game" (must_play: the sender plays it; its
 * color into *color), or NULL after the error reply. */
game *game_get(conn *c, json_t *m, json_t *id, int must_play, int *color);
/* Publish to both players and the watchers (game.ID), but `except`. */
void game_broadcast(game *g, json_t *msg, const conn *except);
/* Each player's connections and the watchers get the game's state. */
void game_send_states(game *g);
/* The standing draw offer changes (stored): 0, or -1 when it cannot be stored. */
int game_set_draw_offer(game *g, int color);
/* The standing take-back request changes (stored): 0, or -1 when it cannot be stored. */
int game_set_takeback_offer(game *g, int color);
/* The side to move's flag falls when its time is out. */
void game_arm_flag(game *g);
/* ---- game_end.c: ends, the flag, abandonment ---- */
/* Its timers (flag, grace of each side): 0, or -1 without memory. */
int game_timers_new(game *g);
int game_end_init(void); /* listens to users coming and going: 0, or -1 */
/* The game is over by the rules: ended, 1; else 0. */
int game_end_if_over(game *g);
/* Side color's time is out: lost, or drawn when the other side cannot mate. */
void game_flag_fall(game *g, int color);
/* A player is absent at start-up (restored): the grace runs. */
void game_set_absent(game *g, int s);
/* The game ends: stored, rated, told, taken out of the list and freed. */
void game_end(game *g, int result, const char *reason, const char *why);

/* ---- game_msg.c: the game's messages ---- */
void game_msg_init(store *st);
/* The game's clock now (msg_clock()). */
json_t *game_clock_json(const game *g, int64_t now);
/* Room for the legal moves of a position as ICCS words. */
#define GAME_LEGAL_WORDS_MAX (XQ_MAX_MOVES * XQ_MOVE_STR_MAX)
/* The legal moves of the game's position as ICCS words, into buf. */
void game_legal_words(const game *g, char buf[GAME_LEGAL_WORDS_MAX]);
/* The winner's color name by a result, or NULL (a draw, an abort). */
const char *game_winner_name(int result);
/* An opening as msg_opening() builds it (null without a code). */
json_t *game_opening_value(const xq_ecco *e);
/* Bring g->eco up to the board: 0, or -1 when there is no opening. */
int game_classify(game *g);
/* A move's ICCS text (a static buffer: use it at once). */
const char *game_move_text(xq_move mv);
/* A live game's state as connection c sees it (c NULL: a watcher's view);
 * NULL without memory. */
json_t *game_state_json(const game *g, const conn *c);
/* The same as side @p you sees it (0 red, 1 black, -1 a watcher), whatever
 * the connection and process: for a player's connections site-wide. */
json_t *game_state_json_side(const game *g, int you);
/* A finished game's state, read from the store (its final state stored when
 * it ended, its moves and clocks): NULL when that cannot be read. */
json_t *game_finished_state_json(const store_game *sg, const conn *c);

#endif
