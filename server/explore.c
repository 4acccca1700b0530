/* SPDX-License-Identifier: MIT */
/* The opening explorer (`explore`, docs/protocol.md): for a position, the
 * moves of the server's opening book with their games and results, the ECCO
 * opening of the position and of each book move, and the verdict of the
 * endgame tables when the server has them. The book and the tables are opened
 * once at start-up, read-only, and shared (the library allows any number of
 * readers). */
#include <stdio.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "config.h"
#include "datadir.h"
#include "explore.h"
#include "net.h"
#include "ratelimit.h"
#include "tuning.h"

static xq_book *g_book;
static xq_egtb *g_egtb;
static char g_book_path[CLI_PATH_MAX];

int explore_init(char *err, size_t cap)
{
    xq_parse_error pe;
    if (!g_cfg.no_book) {
        const char *path = g_cfg.book_path;
        if (!path) {
            if (cli_data_file("book.xqb", g_book_path, sizeof g_book_path) == 0)
                path = g_book_path;
        } else {
            snprintf(g_book_path, sizeof g_book_path, "%s", path);
        }
        if (path && xq_book_open(&g_book, path, &pe) != XQ_OK) {
            g_book = NULL;
            if (g_cfg.book_path) { /* asked for by name: an error */
                snprintf(err, cap, "--book: %s", pe.message);
                return -1;
            }
            snprintf(g_book_path, sizeof g_book_path, "%s", pe.message);
        }
    }
    if (g_cfg.egtb_dir && xq_egtb_open(&g_egtb, g_cfg.egtb_dir, &pe) != XQ_OK) {
        g_egtb = NULL;
        snprintf(err, cap, "--egtb: %s", pe.message);
        explore_shutdown();
        return -1;
    }
    return 0;
}

void explore_shutdown(void)
{
    xq_book_free(g_book);
    g_book = NULL;
    xq_egtb_free(g_egtb);
    g_egtb = NULL;
}

int explore_has_book(void) { return g_book != NULL; }

int explore_has_tables(void) { return g_egtb != NULL; }

void explore_describe(FILE *f)
{
    if (g_book)
        fprintf(f, "xq-server: opening book %s\n", g_book_path);
    else if (g_cfg.no_book)
        fprintf(f, "xq-server: no opening book (--no-book)\n");
    else
        fprintf(f, "xq-server: no opening book (%s; see --book)\n",
                g_book_path[0] ? g_book_path : "book.xqb not found");
    if (g_egtb)
        fprintf(f, "xq-server: endgame tables %s (%d)\n", g_cfg.egtb_dir,
                xq_egtb_table_count(g_egtb));
}

/* An opening (ECCO code and names) as msg_opening() builds it, or null without a code. */
static json_t *opening_of(const xq_ecco *e, int with_ply)
{
    return msg_opening(e->code, e->opening, e->variation, with_ply ? (int)e->ply : -1);
}

/* The position of a request: "moves" (ICCS, from the start position) played
 * on the start, and "fen" (when given, the moves must lead to it: its board and
 * side to move). NULL after an error reply. */
static xq_board *request_position(conn *c, json_t *m, json_t *id)
{
    json_t *fenj = json_object_get(m, "fen"), *mv = json_object_get(m, "moves");
    if ((fenj && !json_is_string(fenj)) || (mv && !json_is_array(mv))) {
        conn_error(c, id, "bad_field", "'fen' is a FEN string and 'moves' an array of ICCS moves");
        return NULL;
    }
    if (!fenj && !mv) {
        conn_error(c, id, "bad_field", "'fen' (a FEN string) or 'moves' is required");
        return NULL;
    }
    xq_parse_error pe;
    const char *fen = fenj ? json_string_value(fenj) : NULL;
    if (fen && xq_fen_validate(fen, &pe) != XQ_OK) {
        conn_error(c, id, "bad_fen", "%s", pe.message);
        return NULL;
    }
    xq_board *b;
    if (xq_board_new(&b, mv ? NULL : fen, &pe) != XQ_OK) {
        conn_error(c, id, "bad_fen", "%s", pe.message);
        return NULL;
    }
    size_t i;
    json_t *v;
    json_array_foreach(mv, i, v) {
        const char *s = json_string_value(v);
        xq_move m1;
        if (!s || xq_move_parse(s, &m1) != XQ_OK || xq_board_make_move(b, m1) != XQ_OK) {
            conn_error(c, id, s && xq_move_parse(s, &m1) == XQ_OK ? "illegal_move" : "bad_move",
                       "moves[%zu]: '%.40s' is not a legal ICCS move here", i, s ? s : "?");
            xq_board_free(b);
            return NULL;
        }
    }
    if (fen && mv) {
        /* the board and the side to move (the FEN's first two fields) must agree */
        xq_board *want;
        char a[XQ_FEN_MAX], w[XQ_FEN_MAX];
        int same = xq_board_new(&want, fen, NULL) == XQ_OK && xq_board_fen(b, a, sizeof a) > 0 &&
                   xq_board_fen(want, w, sizeof w) > 0;
        xq_board_free(want);
        char *sa = strchr(a, ' '), *sw = strchr(w, ' ');
        if (!same || !sa || !sw || (sa - a) != (sw - w) || strncmp(a, w, (size_t)(sa - a) + 2)) {
            conn_error(c, id, "bad_field", "the moves do not lead to the FEN");
            xq_board_free(b);
            return NULL;
        }
    }
    return b;
}

/* One book move: its texts, counts (red_wins / black_wins from the colours'
 * view, score for the side to move) and the opening it leads to. */
static json_t *move_json(xq_board *b, const xq_book_entry *e, const xq_ecco *before)
{
    char iccs[XQ_MOVE_STR_MAX], wxf[XQ_MOVE_TEXT_MAX], zh[XQ_MOVE_TEXT_MAX];
    xq_move_format(e->move, iccs, sizeof iccs);
    if (xq_board_move_to_text(b, e->move, XQ_NOTATION_WXF, 0, wxf, sizeof wxf) < 0)
        wxf[0] = 0;
    if (xq_board_move_to_text(b, e->move, XQ_NOTATION_CHINESE, 0, zh, sizeof zh) < 0)
        zh[0] = 0;
    int red = xq_board_side_to_move(b) == XQ_RED;
    /* the side to move's score, (wins + draws / 2) / games with a result; null without one */
    uint32_t decided = e->wins + e->draws + e->losses;
    msg_book_move m = {
        .move = iccs, .wxf = wxf, .zh = zh, .games = (int)e->games,
        .red_wins = (int)(red ? e->wins : e->losses), .draws = (int)e->draws,
        .black_wins = (int)(red ? e->losses : e->wins), .weight = (int64_t)e->weight,
        .score = decided ? (e->wins + e->draws / 2.0) / decided : 0, .decided = decided > 0,
    };
    xq_ecco after = *before;
    if (before->reason != XQ_ECCO_SETUP && xq_board_make_move(b, e->move) == XQ_OK) {
        if (xq_ecco_classify_next(b, &after) != XQ_OK)
            after.code[0] = 0;
        xq_board_unmake_move(b, NULL);
    } else {
        after.code[0] = 0;
    }
    m.opening = opening_of(&after, 0);
    return msg_book_move_entry(&m);
}

/* The tables' verdict for the side to move, or null. */
static json_t *tablebase_json(const xq_board *b)
{
    int wdl, dtm;
    if (!g_egtb || xq_egtb_probe(g_egtb, b, &wdl, &dtm) != XQ_OK)
        return msg_tablebase(NULL, -1, NULL);
    xq_move best[XQ_MAX_MOVES];
    int n = xq_egtb_best_moves(g_egtb, b, best, XQ_MAX_MOVES);
    char words[XQ_MAX_MOVES * XQ_MOVE_STR_MAX] = "";
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        char s[XQ_MOVE_STR_MAX];
        xq_move_format(best[i], s, sizeof s);
        len += (size_t)snprintf(words + len, sizeof words - len, "%s%s", i ? " " : "", s);
    }
    return msg_tablebase(wdl == XQ_EGTB_WIN ? "win" : wdl == XQ_EGTB_LOSS ? "loss" : "draw",
                         wdl != XQ_EGTB_DRAW && dtm >= 0 ? dtm : -1, words);
}

void cmd_explore(conn *c, json_t *m, json_t *id)
{
    if (!bucket_take(&c->explore_bucket, SRV_EXPLORE_BURST, SRV_EXPLORE_PER_S, mono_us())) {
        conn_send_id(c, id,
                     msg_rate_limited("too many explore requests; wait",
                                      bucket_wait(&c->explore_bucket, SRV_EXPLORE_BURST,
                                                  SRV_EXPLORE_PER_S, mono_us())));
        return;
    }
    if (!g_book) {
        conn_error(c, id, "book_unavailable", "this server has no opening book");
        return;
    }
    xq_board *b = request_position(c, m, id);
    if (!b)
        return;
    /* The opening by the moves played (none without "moves": the library
     * classifies games, not positions alone). */
    xq_ecco open;
    if (xq_ecco_classify_board(b, &open) != XQ_OK)
        open.code[0] = 0;
    char fen[XQ_FEN_MAX];
    xq_board_fen(b, fen, sizeof fen);
    xq_book_entry e[XQ_MAX_MOVES];
    int n = xq_book_probe(g_book, b, e, XQ_MAX_MOVES);
    json_t *moves = msg_list();
    for (int i = 0; i < n; i++)
        msg_list_add(moves, move_json(b, &e[i], &open));
    json_t *r = msg_explore(fen, opening_of(&open, 1), moves, tablebase_json(b));
    xq_board_free(b);
    conn_send_id(c, id, r);
}
