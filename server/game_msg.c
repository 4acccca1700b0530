/* SPDX-License-Identifier: MIT */
/* The game's messages (game_internal.h): a live game's state and clock, a
 * finished game's state and summary, the players, the history, the opening. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "clock.h"
#include "game_internal.h"
#include "game_msg.h"
#include "rating.h"
#include "ruleset.h"
#include "store.h"
#include "tuning.h"

static store *g_store; /* game_msg_init() */

void game_msg_init(store *st) { g_store = st; }

const char *const game_color_name[2] = {"red", "black"};
/* PGN results by the stored result (server.h). */
const char *const game_result_name[RESULT_ABORTED + 1] = {
    [XQ_RESULT_ONGOING] = "*",
    [XQ_RESULT_RED_WINS] = "1-0",
    [XQ_RESULT_BLACK_WINS] = "0-1",
    [XQ_RESULT_DRAW] = "1/2-1/2",
    [RESULT_ABORTED] = "*",
};

json_t *game_clock_json(const game *g, int64_t now)
{
    int64_t r = remaining(g, 0, now), b = remaining(g, 1, now);
    return json_pack("{sIsIss}", "red", (json_int_t)(r > 0 ? r : 0), "black",
                     (json_int_t)(b > 0 ? b : 0), "running", g->ended ? "none" : game_color_name[stm(g)]);
}

json_t *game_legal_json(const game *g)
{
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(g->board, mv, XQ_MAX_MOVES);
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char s[XQ_MOVE_STR_MAX];
        xq_move_format(mv[i], s, sizeof s);
        json_array_append_new(a, json_string(s));
    }
    return a;
}

static json_t *game_player_json(const game *g, int s)
{
    json_t *p = json_pack("{sssfsb}", "name", g->t.name[s], "rating", g->t.rating[s], "present",
                          !g->absent[s]);
    if (is_engine(g, s))
        json_object_set_new(p, "engine", json_integer(g->t.engine_level));
    else if (g->t.deviation[s] > 0) /* "?" on the page while the rating is provisional */
        json_object_set_new(p, "provisional", json_boolean(glicko_provisional(g->t.deviation[s])));
    return p;
}

/* The moves of a board's history into j: "moves" (ICCS), "wxf", "zh" and "ply". */
static void game_history_json(const xq_board *b, json_t *j)
{
    json_t *moves = json_array(), *wxf = json_array(), *zh = json_array(), *checks = json_array();
    int n = xq_board_history_size(b);
    xq_board *replay = NULL; /* the moves again from the start, for their WXF and Chinese text */
    if (xq_board_new(&replay, XQ_START_FEN, NULL) != XQ_OK)
        replay = NULL;
    for (int i = 0; i < n; i++) {
        xq_move mv;
        char s[XQ_MOVE_STR_MAX], w[XQ_MOVE_TEXT_MAX] = "", z[XQ_MOVE_TEXT_MAX] = "";
        xq_board_history_move(b, i, &mv, NULL);
        xq_move_format(mv, s, sizeof s);
        if (replay) {
            xq_board_move_to_text(replay, mv, XQ_NOTATION_WXF, 0, w, sizeof w);
            xq_board_move_to_text(replay, mv, XQ_NOTATION_CHINESE, 0, z, sizeof z);
            xq_board_make_move(replay, mv);
            if (xq_board_in_check(replay) == 1) /* the page's replay marks the check */
                json_array_append_new(checks, json_integer(i + 1));
        }
        json_array_append_new(moves, json_string(s));
        json_array_append_new(wxf, json_string(w[0] ? w : s));
        json_array_append_new(zh, json_string(z[0] ? z : s));
    }
    xq_board_free(replay);
    json_object_set_new(j, "moves", moves);
    json_object_set_new(j, "wxf", wxf);
    json_object_set_new(j, "zh", zh);
    json_object_set_new(j, "checks", checks);
    json_object_set_new(j, "ply", json_integer(n));
}

json_t *game_winner_json(int result)
{
    return result == XQ_RESULT_RED_WINS     ? json_string("red")
           : result == XQ_RESULT_BLACK_WINS ? json_string("black")
                                            : json_null();
}

/* The ratings after a rated game and the change of each: "ratings", "rating_diff",
 * and the Glicko-2 deviations after it, "deviations" (when known: deviation >= 0). */
void game_ratings_json(json_t *j, const double before[2], const double after[2],
                         const double deviation[2])
{
    json_object_set_new(j, "ratings", json_pack("{sfsf}", "red", after[0], "black", after[1]));
    json_object_set_new(j, "rating_diff", json_pack("{sfsf}", "red", after[0] - before[0],
                                                    "black", after[1] - before[1]));
    if (deviation[0] >= 0 && deviation[1] >= 0)
        json_object_set_new(j, "deviations",
                            json_pack("{sfsf}", "red", deviation[0], "black", deviation[1]));
}

static int chat_line(const char *from, const char *text, int64_t at, void *arg)
{
    json_array_append_new(arg, json_pack("{sssssI}", "from", from, "text", text, "at",
                                         (json_int_t)at));
    return 0;
}

/* The game's stored chat (its last SRV_CHAT_KEEP lines) into j's "chat". */
static void game_chat_json(int64_t gid, json_t *j)
{
    json_t *a = json_array();
    store_chat_get(g_store, gid, SRV_CHAT_KEEP, chat_line, a);
    json_object_set_new(j, "chat", a);
}

/* An opening (ECCO code and name) as JSON, or null without a code. */
json_t *game_opening_value(const xq_ecco *e)
{
    if (!e->code[0])
        return json_null();
    return json_pack("{sssssssi}", "code", e->code, "name", e->opening, "variation",
                     e->variation, "ply", (int)e->ply);
}

/* Bring the game's opening (g->eco) up to its board: one table look-up after
 * a move, a classification afresh when it is not the one before (a restored
 * game, a take-back). 0, or -1 when there is none (g->eco has no code). */
int game_classify(game *g)
{
    int n = xq_board_history_size(g->board);
    if (g->eco_plies == n || (g->eco_plies >= XQ_ECCO_MAX_PLY && n >= g->eco_plies))
        return 0; /* up to date, or later moves change nothing (a take-back re-sets eco_plies) */
    int rc = g->eco_plies >= 0 && g->eco_plies == n - 1 ? xq_ecco_classify_next(g->board, &g->eco)
                                                        : xq_ecco_classify_board(g->board, &g->eco);
    g->eco_plies = rc == XQ_OK ? n : -1;
    return rc == XQ_OK ? 0 : -1;
}

/* The opening of the moves on b as j's "opening" (null without one). */
static void game_opening_json(const xq_board *b, json_t *j)
{
    xq_ecco e;
    if (xq_ecco_classify_board(b, &e) != XQ_OK)
        e.code[0] = 0;
    json_object_set_new(j, "opening", game_opening_value(&e));
}

/* A move's ICCS text (a static buffer: use it at once). */
const char *game_move_text(xq_move mv)
{
    static char s[XQ_MOVE_STR_MAX];
    xq_move_format(mv, s, sizeof s);
    return s;
}

json_t *game_state_json(const game *g, const conn *c)
{
    char fen[XQ_FEN_MAX];
    xq_board_fen(g->board, fen, sizeof fen);
    int you = c ? color_of(g, c) : -1;
    json_t *j = json_pack(
        "{sssIsososssisisbsssssssosbso}", "type", "game", "game", (json_int_t)g->id, "red",
        game_player_json(g, 0), "black", game_player_json(g, 1), "rules", ruleset_name(g->t.ruleset),
        "base", g->t.base_s, "inc", g->t.inc_s, "rated", g->t.rated, "start", XQ_START_FEN,
        "fen", fen, "turn", game_color_name[stm(g)], "clock", game_clock_json(g, mono_us()), "finished", 0,
        "legal", game_legal_json(g));
    game_history_json(g->board, j);
    game_opening_json(g->board, j);
    game_chat_json(g->id, j);
    json_object_set_new(j, "check", json_boolean(xq_board_in_check(g->board)));
    json_object_set_new(j, "premove", you >= 0 && g->premove[you] != XQ_MOVE_NONE
                                          ? json_string(game_move_text(g->premove[you]))
                                          : json_null());
    json_object_set_new(j, "you", you >= 0 ? json_string(game_color_name[you]) : json_null());
    json_object_set_new(j, "draw_offer",
                        g->draw_offer >= 0 ? json_string(game_color_name[g->draw_offer]) : json_null());
    json_object_set_new(j, "takeback_offer", g->takeback_offer >= 0
                                                 ? json_string(game_color_name[g->takeback_offer])
                                                 : json_null());
    return j;
}

/* The moves of a stored game and the clocks after each, gathered. */
typedef struct stored_moves {
    json_t *moves;  /* ICCS */
    json_t *clocks; /* [red_ms, black_ms] after each move */
} stored_moves;

static int stored_move(int ply, const char *mv, int64_t r, int64_t b, void *arg)
{
    (void)ply;
    stored_moves *x = arg;
    json_array_append_new(x->moves, json_string(mv));
    json_array_append_new(x->clocks, json_pack("[II]", (json_int_t)r, (json_int_t)b));
    return 0;
}

/* The first XQ_ECCO_MAX_PLY moves of a stored game on a board (for its opening). */
static int opening_move(int ply, const char *mv, int64_t r, int64_t b, void *arg)
{
    (void)r, (void)b;
    xq_move m;
    return ply > XQ_ECCO_MAX_PLY || xq_move_parse(mv, &m) != XQ_OK ||
           xq_board_make_move(arg, m) != XQ_OK;
}

/* Words separated by spaces (store_final) as a JSON array: of strings, or
 * (numbers) of integers. */
static json_t *words_json(const char *words, int numbers)
{
    json_t *a = json_array();
    for (const char *p = words; p && *p;) {
        size_t n = strcspn(p, " ");
        if (n > 0) {
            char w[XQ_MOVE_TEXT_MAX];
            snprintf(w, sizeof w, "%.*s", (int)n, p);
            json_array_append_new(a, numbers ? json_integer(atoi(w)) : json_string(w));
        }
        p += n + (p[n] == ' ');
    }
    return a;
}

/* The opening stored with a finished game (null without one). */
static json_t *stored_opening(const store_game *sg)
{
    xq_ecco e;
    if (sg->eco_ply < 0 || !sg->eco[0] || xq_ecco_lookup(sg->eco, &e) != XQ_OK)
        e.code[0] = 0;
    e.ply = sg->eco_ply;
    return game_opening_value(&e);
}

/* A finished game as stored (its final state written when it ended, its moves
 * and clocks): the same fields as a live game's state, with the clocks at the
 * end, no legal moves, and the end (result, winner, reason, text, ended, and
 * the ratings after a rated game with their change). NULL when its final
 * state cannot be read. */
json_t *game_finished_state_json(const store_game *sg, const conn *c)
{
    store_final fin;
    if (store_game_final(g_store, sg->id, &fin) != ST_OK)
        return NULL;
    stored_moves x = {json_array(), json_array()};
    store_game_moves(g_store, sg->id, stored_move, &x);
    int plies = (int)json_array_size(x.moves);
    json_t *pl[2];
    int you = -1;
    for (int s = 0; s < 2; s++) {
        int engine = sg->engine_level >= 0 && sg->engine_color == s;
        pl[s] = json_pack("{sssf}", "name", sg->name[s], "rating", sg->rating[s]);
        if (engine)
            json_object_set_new(pl[s], "engine", json_integer(sg->engine_level));
        else if (c && c->user && sg->uid[s] == c->user->id)
            you = s;
    }
    int res = sg->result >= XQ_RESULT_ONGOING && sg->result <= RESULT_ABORTED ? sg->result : XQ_RESULT_ONGOING;
    json_t *j = json_pack(
        "{sssIsososssisisbsssssss{sIsIss}sosbsbsosssssssIsI}", "type", "game", "game",
        (json_int_t)sg->id, "red", pl[0], "black", pl[1], "rules", ruleset_name(sg->ruleset),
        "base", sg->base_s, "inc", sg->inc_s, "rated", sg->rated, "start", XQ_START_FEN, "fen",
        fin.fen, "turn", game_color_name[plies % 2], "clock", "red",
        (json_int_t)sg->clock_ms[0], "black", (json_int_t)sg->clock_ms[1], "running", "none",
        "legal", json_array(), "check", fin.check, "finished", 1, "winner",
        game_winner_json(res), "result", game_result_name[res], "reason", sg->reason, "text",
        sg->text[0] ? sg->text : sg->reason, "created", (json_int_t)sg->created, "ended",
        (json_int_t)sg->ended);
    json_object_set_new(j, "moves", x.moves);
    json_object_set_new(j, "wxf", words_json(fin.wxf, 0));
    json_object_set_new(j, "zh", words_json(fin.zh, 0));
    json_object_set_new(j, "checks", words_json(fin.checks, 1));
    json_object_set_new(j, "ply", json_integer(plies));
    json_object_set_new(j, "opening", stored_opening(sg));
    store_final_free(&fin);
    json_object_set_new(j, "clocks", x.clocks);
    game_chat_json(sg->id, j);
    json_object_set_new(j, "you", you >= 0 ? json_string(game_color_name[you]) : json_null());
    json_object_set_new(j, "draw_offer", json_null());
    json_object_set_new(j, "takeback_offer", json_null());
    if (sg->has_after)
        game_ratings_json(j, sg->rating, sg->rating_after, sg->deviation_after);
    return j;
}

json_t *game_summary_json(const store_game *sg)
{
    int res = sg->result >= XQ_RESULT_ONGOING && sg->result <= RESULT_ABORTED ? sg->result : XQ_RESULT_ONGOING;
    json_t *j = json_pack(
        "{sIsssssssosssssbsssisisisIsI}", "game", (json_int_t)sg->id, "red", sg->name[0],
        "black", sg->name[1], "result", game_result_name[res], "winner", game_winner_json(res), "reason",
        sg->reason, "text", sg->text[0] ? sg->text : sg->reason, "rated", sg->rated, "rules",
        ruleset_name(sg->ruleset), "base", sg->base_s, "inc", sg->inc_s, "ply", sg->plies,
        "created", (json_int_t)sg->created, "ended", (json_int_t)sg->ended);
    if (sg->has_after)
        game_ratings_json(j, sg->rating, sg->rating_after, sg->deviation_after);
    xq_ecco e;
    xq_board *b; /* the opening: stored with the game, else from its first plies */
    if (sg->eco_ply >= 0) {
        if (!sg->eco[0] || xq_ecco_lookup(sg->eco, &e) != XQ_OK)
            e.code[0] = 0;
        e.ply = sg->eco_ply;
        json_object_set_new(j, "opening", game_opening_value(&e));
    } else if (xq_board_new(&b, NULL, NULL) == XQ_OK) {
        store_game_moves(g_store, sg->id, opening_move, b);
        game_opening_json(b, j);
        xq_board_free(b);
    }
    return j;
}

