/* SPDX-License-Identifier: MIT */
/* The game's messages (game_internal.h): a live game's state and clock, a
 * finished game's state and summary, the players, the history, the opening. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "clock.h"
#include "codec_msg.h"
#include "final_state.h"
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
    return msg_clock(remaining(g, 0, now), remaining(g, 1, now),
                     g->ended ? "none" : game_color_name[stm(g)]);
}

void game_legal_words(const game *g, char buf[GAME_LEGAL_WORDS_MAX])
{
    xq_move mv[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(g->board, mv, XQ_MAX_MOVES);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char s[XQ_MOVE_STR_MAX];
        xq_move_format(mv[i], s, sizeof s);
        len += (size_t)snprintf(buf + len, GAME_LEGAL_WORDS_MAX - len, "%s%s", i ? " " : "", s);
    }
}

const char *game_winner_name(int result)
{
    return result == XQ_RESULT_RED_WINS     ? "red"
           : result == XQ_RESULT_BLACK_WINS ? "black"
                                            : NULL;
}

static msg_player game_player(const game *g, int s)
{
    msg_player p = {g->t.name[s], g->t.rating[s], !g->absent[s], -1, -1};
    if (is_engine(g, s))
        p.engine = g->t.engine_level;
    else if (g->t.deviation[s] > 0) /* "?" on the page while the rating is provisional */
        p.provisional = glicko_provisional(g->t.deviation[s]);
    return p;
}

static int chat_line(const char *from, const char *text, int64_t at, void *arg)
{
    msg_chat_line_add(arg, from, text, at);
    return 0;
}

/* The game's stored chat (its last SRV_CHAT_KEEP lines), a list for msg_game. */
static json_t *game_chat(int64_t gid)
{
    json_t *a = msg_list();
    store_chat_get(g_store, gid, SRV_CHAT_KEEP, chat_line, a);
    return a;
}

json_t *game_opening_value(const xq_ecco *e)
{
    return msg_opening(e->code, e->opening, e->variation, (int)e->ply);
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

/* A move's ICCS text (a static buffer: use it at once). */
const char *game_move_text(xq_move mv)
{
    static char s[XQ_MOVE_STR_MAX];
    xq_move_format(mv, s, sizeof s);
    return s;
}

/* The moves of a board's history as ICCS words (new; NULL without memory). */
static char *history_words(const xq_board *b)
{
    int n = xq_board_history_size(b);
    char *w = malloc((size_t)n * XQ_MOVE_STR_MAX + 1);
    size_t len = 0;
    if (!w)
        return NULL;
    w[0] = 0;
    for (int i = 0; i < n; i++) {
        xq_move mv;
        char s[XQ_MOVE_STR_MAX];
        xq_board_history_move(b, i, &mv, NULL);
        xq_move_format(mv, s, sizeof s);
        len += (size_t)sprintf(w + len, "%s%s", i ? " " : "", s);
    }
    return w;
}

/* A color's name, or NULL for -1. */
static const char *color_or_null(int color) { return color >= 0 ? game_color_name[color] : NULL; }

json_t *game_state_json(const game *g, const conn *c)
{
    return game_state_json_side(g, c ? color_of(g, c) : -1);
}

json_t *game_state_json_side(const game *g, int you)
{
    char fen[XQ_FEN_MAX], legal[GAME_LEGAL_WORDS_MAX];
    xq_board_fen(g->board, fen, sizeof fen);
    game_legal_words(g, legal);
    store_final hist; /* the history's texts, as a finished game stores them */
    char *moves = history_words(g->board);
    xq_ecco e;
    if (!moves || final_state_of_board(g->board, &hist) < 0) {
        free(moves);
        return NULL;
    }
    if (xq_ecco_classify_board(g->board, &e) != XQ_OK)
        e.code[0] = 0;
    msg_game m = {
        .gid = g->id, .player = {game_player(g, 0), game_player(g, 1)},
        .rules = ruleset_name(g->t.ruleset), .base_s = g->t.base_s, .inc_s = g->t.inc_s,
        .rated = g->t.rated, .start = XQ_START_FEN, .fen = fen, .turn = game_color_name[stm(g)],
        .clock = game_clock_json(g, mono_us()), .legal = legal, .moves = moves, .wxf = hist.wxf,
        .zh = hist.zh, .checks = hist.checks, .ply = xq_board_history_size(g->board),
        .check = xq_board_in_check(g->board) == 1, .opening = game_opening_value(&e),
        .chat = game_chat(g->id), .you = color_or_null(you),
        .draw_offer = color_or_null(g->draw_offer),
        .takeback_offer = color_or_null(g->takeback_offer),
        .premove = you >= 0 && g->premove[you] != XQ_MOVE_NONE ? game_move_text(g->premove[you])
                                                               : NULL,
    };
    json_t *j = msg_game_state(&m);
    store_final_free(&hist);
    free(moves);
    return j;
}

/* The moves of a stored game as ICCS words, and the clocks after each. */
typedef struct stored_moves {
    char *words;
    size_t len, cap;
    int64_t (*clocks)[2];
    int n, ncap, failed; /* failed: out of memory */
} stored_moves;

static int stored_move(int ply, const char *mv, int64_t r, int64_t b, void *arg)
{
    (void)ply;
    stored_moves *x = arg;
    size_t need = x->len + strlen(mv) + 2;
    if (need > x->cap) {
        char *w = realloc(x->words, need * 2);
        if (!w) {
            x->failed = 1;
            return 1;
        }
        x->words = w;
        x->cap = need * 2;
    }
    if (x->n == x->ncap) {
        int ncap = x->ncap ? x->ncap * 2 : 64;
        int64_t(*cl)[2] = realloc(x->clocks, (size_t)ncap * sizeof *cl);
        if (!cl) {
            x->failed = 1;
            return 1;
        }
        x->clocks = cl;
        x->ncap = ncap;
    }
    x->len += (size_t)sprintf(x->words + x->len, "%s%s", x->n ? " " : "", mv);
    x->clocks[x->n][0] = r;
    x->clocks[x->n][1] = b;
    x->n++;
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

/* The opening stored with a finished game (null without one); one without a
 * stored opening (eco_ply < 0) is classified from its first plies. */
static json_t *stored_opening(const store_game *sg)
{
    xq_ecco e;
    xq_board *b;
    e.code[0] = 0;
    if (sg->eco_ply >= 0) {
        if (!sg->eco[0] || xq_ecco_lookup(sg->eco, &e) != XQ_OK)
            e.code[0] = 0;
        e.ply = sg->eco_ply;
    } else if (xq_board_new(&b, NULL, NULL) == XQ_OK) {
        store_game_moves(g_store, sg->id, opening_move, b);
        if (xq_ecco_classify_board(b, &e) != XQ_OK)
            e.code[0] = 0;
        xq_board_free(b);
    }
    return game_opening_value(&e);
}

/* The ratings of a stored game, into r: r, or NULL when it has none. */
static const msg_ratings *stored_ratings(const store_game *sg, msg_ratings *r)
{
    for (int s = 0; s < 2; s++) {
        r->before[s] = sg->rating[s];
        r->after[s] = sg->rating_after[s];
        r->deviation[s] = sg->deviation_after[s];
    }
    return sg->has_after ? r : NULL;
}

/* A stored game's result (an unknown one as ongoing). */
static int stored_result(const store_game *sg)
{
    return sg->result >= XQ_RESULT_ONGOING && sg->result <= RESULT_ABORTED ? sg->result
                                                                           : XQ_RESULT_ONGOING;
}

json_t *game_finished_state_json(const store_game *sg, const conn *c)
{
    store_final fin;
    if (store_game_final(g_store, sg->id, &fin) != ST_OK)
        return NULL;
    stored_moves x = {0};
    if (store_game_moves(g_store, sg->id, stored_move, &x) != ST_OK || x.failed) {
        store_final_free(&fin);
        free(x.words);
        free(x.clocks);
        return NULL;
    }
    msg_game m = {
        .gid = sg->id, .rules = ruleset_name(sg->ruleset), .base_s = sg->base_s,
        .inc_s = sg->inc_s, .rated = sg->rated, .start = XQ_START_FEN, .fen = fin.fen,
        .turn = game_color_name[x.n % 2], .legal = "", .moves = x.words ? x.words : "",
        .wxf = fin.wxf, .zh = fin.zh, .checks = fin.checks, .ply = x.n, .check = fin.check,
        .finished = 1, .clocks = (const int64_t(*)[2])x.clocks, .nclocks = x.n,
        .created = sg->created, .ended = sg->ended, .reason = sg->reason,
        .text = sg->text[0] ? sg->text : sg->reason,
    };
    int you = -1;
    for (int s = 0; s < 2; s++) {
        m.player[s] = (msg_player){sg->name[s], sg->rating[s], -1, -1, -1};
        if (sg->engine_level >= 0 && sg->engine_color == s)
            m.player[s].engine = sg->engine_level;
        else if (c && c->user && sg->uid[s] == c->user->id)
            you = s;
    }
    int res = stored_result(sg);
    msg_ratings r;
    m.winner = game_winner_name(res);
    m.result = game_result_name[res];
    m.ratings = stored_ratings(sg, &r);
    m.you = color_or_null(you);
    m.clock = msg_clock(sg->clock_ms[0], sg->clock_ms[1], "none");
    m.opening = stored_opening(sg);
    m.chat = game_chat(sg->id);
    json_t *j = msg_game_state(&m);
    store_final_free(&fin);
    free(x.words);
    free(x.clocks);
    return j;
}

json_t *game_summary_json(const store_game *sg)
{
    int res = stored_result(sg);
    msg_ratings r;
    msg_summary m = {
        .gid = sg->id, .red = sg->name[0], .black = sg->name[1], .result = game_result_name[res],
        .winner = game_winner_name(res), .reason = sg->reason,
        .text = sg->text[0] ? sg->text : sg->reason, .rules = ruleset_name(sg->ruleset),
        .rated = sg->rated, .base_s = sg->base_s, .inc_s = sg->inc_s, .ply = sg->plies,
        .created = sg->created, .ended = sg->ended, .ratings = stored_ratings(sg, &r),
        .opening = stored_opening(sg),
    };
    return msg_game_summary(&m);
}
