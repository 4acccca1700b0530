/* SPDX-License-Identifier: MIT */
/* Searches whose every reported line is checked move by move with the
 * public API: positions taken from game files, many short searches, and a
 * count of best moves and principal variations that are not legal lines.
 * Shared by check_search (a quick run), the TSan stress test and
 * tests/bench/pv_bench.c (the big run). Plain C, no check dependency. */
#ifndef XQ_SEARCH_LINES_H
#define XQ_SEARCH_LINES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

/* Boards (with their game history, which the repetition rule reads) from
 * every `step`-th ply of the games in a PGN file, starting at ply `first`,
 * at most `max` of them. Returns the count; *out is an array the caller
 * frees with sl_free_boards(). */
static inline int sl_load_boards(const char *pgn, int first, int step, int max, xq_board ***out)
{
    *out = NULL;
    xq_pgn_reader *rd = NULL;
    xq_record *rec = NULL;
    xq_parse_error err;
    if (xq_pgn_reader_open(&rd, pgn, NULL, &err) != XQ_OK) {
        fprintf(stderr, "%s: %s\n", pgn, err.message);
        return 0;
    }
    if (xq_record_new(&rec, NULL, NULL) != XQ_OK) {
        xq_pgn_reader_free(rd);
        return 0;
    }
    xq_board **boards = calloc((size_t)max, sizeof *boards);
    int n = 0;
    while (boards && n < max && xq_pgn_reader_next(rd, rec, &err) == 1) {
        const int len = xq_record_line_size(rec);
        for (int ply = first; ply <= len && n < max; ply += step) {
            if (xq_record_goto(rec, ply) != XQ_OK)
                break;
            if (xq_board_clone(&boards[n], xq_record_board(rec)) == XQ_OK)
                n++;
        }
    }
    xq_record_free(rec);
    xq_pgn_reader_free(rd);
    *out = boards;
    return n;
}

static inline void sl_free_boards(xq_board **boards, int n)
{
    for (int i = 0; boards && i < n; i++)
        xq_board_free(boards[i]);
    free(boards);
}

/* Index of the first move of `line` that is not legal where it is played
 * from `b` (b itself is unchanged), or -1 if the whole line is legal. */
static inline int sl_first_illegal(const xq_board *b, const xq_move *line, int n)
{
    xq_board *c = NULL;
    if (xq_board_clone(&c, b) != XQ_OK)
        return 0;
    int bad = -1;
    for (int i = 0; i < n; i++) {
        if (xq_board_make_move(c, line[i]) != XQ_OK) {
            bad = i;
            break;
        }
    }
    xq_board_free(c);
    return bad;
}

/* What a batch of searches reported. */
typedef struct sl_stats {
    long searches;
    long infos;         /* info callbacks */
    long bad_info_pv;   /* info lines with an illegal move */
    long bad_result_pv; /* results whose PV has an illegal move */
    long bad_best;      /* results whose best move is wrong: illegal, or a
                           move where there is none, or none where there is one */
    long bad_ponder;    /* ponder moves that are not legal replies */
    char first_error[256];
} sl_stats;

typedef struct sl_ctx {
    const xq_board *board;
    sl_stats *st;
} sl_ctx;

static inline void sl_note(sl_stats *st, const char *what, const xq_board *b, const xq_move *line,
                           int n, int bad)
{
    if (st->first_error[0])
        return;
    char fen[XQ_FEN_MAX] = "?", text[XQ_MOVE_STR_MAX] = "none";
    xq_board_fen(b, fen, sizeof fen);
    if (bad >= 0 && bad < n)
        xq_move_format(line[bad], text, sizeof text);
    snprintf(st->first_error, sizeof st->first_error, "%s: move %d (%s) of %d in %s", what, bad,
             text, n, fen);
}

static inline void sl_on_info(const xq_search_info *info, void *userdata)
{
    sl_ctx *c = userdata;
    c->st->infos++;
    const int n = info->pv_length;
    if (n < 0 || n > XQ_PV_MAX) {
        c->st->bad_info_pv++;
        sl_note(c->st, "info PV length", c->board, info->pv, 0, n);
        return;
    }
    const int bad = sl_first_illegal(c->board, info->pv, n);
    if (bad >= 0) {
        c->st->bad_info_pv++;
        sl_note(c->st, "info PV", c->board, info->pv, n, bad);
    }
}

/* Check a search's result against its position and limits. */
static inline void sl_check_result(const xq_board *b, const xq_search_limits *lim,
                                   const xq_search_result *r, sl_stats *st)
{
    /* The moves the search may choose from. */
    xq_movelist *ml = NULL;
    int allowed = 0;
    if (xq_movelist_new(&ml) == XQ_OK && xq_board_legal_moves(b, ml) >= 0) {
        for (int i = 0; i < xq_movelist_size(ml); i++) {
            const xq_move m = xq_movelist_get(ml, i);
            int ok = lim->nsearchmoves == 0;
            for (int k = 0; k < lim->nsearchmoves; k++)
                ok |= lim->searchmoves[k] == m;
            for (int k = 0; k < lim->nbanmoves; k++)
                ok &= lim->banmoves[k] != m;
            allowed += ok;
            if (ok && r->best_move == m)
                allowed += 1 << 16; /* the best move is one of them */
        }
    }
    xq_movelist_free(ml);
    const int count = allowed & 0xFFFF, best_ok = allowed >> 16;
    if (count ? !best_ok : r->best_move != XQ_MOVE_NONE || r->pv_length != 0) {
        st->bad_best++;
        sl_note(st, count ? "best move not allowed" : "a move where there is none", b,
                &r->best_move, 1, 0);
    }
    const int n = r->pv_length;
    if (n < 0 || n > XQ_PV_MAX || (n > 0 && r->pv[0] != r->best_move)) {
        st->bad_result_pv++;
        sl_note(st, "result PV does not start with the best move", b, r->pv, 0, n);
    } else {
        const int bad = sl_first_illegal(b, r->pv, n);
        if (bad >= 0) {
            st->bad_result_pv++;
            sl_note(st, "result PV", b, r->pv, n, bad);
        }
    }
    if (r->ponder_move != XQ_MOVE_NONE) {
        const xq_move line[2] = {r->best_move, r->ponder_move};
        const int bad = sl_first_illegal(b, line, 2);
        if (bad >= 0) {
            st->bad_ponder++;
            sl_note(st, "ponder move", b, line, 2, bad);
        }
    }
}

/* One search of b through start/wait with the checking callback. Returns
 * the xq_search_start() or xq_search_wait() status. */
static inline int sl_search(xq_search *s, const xq_board *b, const xq_search_limits *lim,
                            sl_stats *st)
{
    sl_ctx c = {b, st};
    xq_search_result r;
    int rc = xq_search_start(s, b, lim, sl_on_info, &c);
    if (rc == XQ_OK)
        rc = xq_search_wait(s, &r);
    if (rc != XQ_OK)
        return rc;
    st->searches++;
    sl_check_result(b, lim, &r, st);
    return XQ_OK;
}

static inline long sl_errors(const sl_stats *st)
{
    return st->bad_info_pv + st->bad_result_pv + st->bad_best + st->bad_ponder;
}

#endif
