/* SPDX-License-Identifier: MIT */
/* xiangqi, the terminal player: the local game. Its state (the record, who
 * plays which side, the end of the game), the engine's moves, the opening book
 * and the endgame tables; the typed commands are commands.c, the command line
 * and the main loop main.c. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

const char *const side_name[2] = {"Red", "Black"};
const char *const notation_name[4] = {"auto", "iccs", "wxf", "chinese"};
const char *const ruleset_name[4] = {"axf", "cxa", "simple", NULL};

/* The position shown: the record's cursor. */
const xq_board *game_board(const game_t *g)
{
    return xq_record_board(g->rec);
}

void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
}

/* ---- moves as text ---- */

void move_text(const game_t *g, const xq_board *b, xq_move m, char *buf, size_t cap)
{
    if (xq_board_move_to_text(b, m, g->eng.notation, 0, buf, cap) < 0 &&
        xq_move_format(m, buf, cap) < 0)
        snprintf(buf, cap, "?");
}

int parse_notation(const char *s)
{
    for (int i = XQ_NOTATION_ICCS; i <= XQ_NOTATION_CHINESE; i++)
        if (!strcmp(s, notation_name[i]))
            return i;
    return -1;
}

int parse_ruleset(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(s, ruleset_name[i]))
            return i;
    return -1;
}

/* A whole decimal number in [lo, hi]; 1 on success. */
int parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int parse_seconds(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || !(v >= 0) || v > 86400)
        return 0;
    *out = v;
    return 1;
}

/* ---- game state ---- */

/* Whether the game is over; *result and the reason as text in why. */
int game_over(const game_t *g, int *result, char *why, size_t cap)
{
    if (g->resigned) {
        *result = g->resigned == 1 ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS;
        snprintf(why, cap, "%s", g->resigned == 1 ? "Red resigned" : "Black resigned");
        return 1;
    }
    xq_outcome o;
    *result = xq_board_outcome(game_board(g), &g->rules, &o);
    if (*result <= XQ_RESULT_ONGOING) {
        if (*result < 0)
            *result = XQ_RESULT_ONGOING;
        snprintf(why, cap, "%s", "");
        return 0;
    }
    char text[256];
    xq_outcome_format(&o, text, sizeof text);
    const char *reason = strchr(text, ' '); /* after the result ("1-0 checkmate") */
    reason = reason ? reason + 1 : text;
    if (o.reason == XQ_REASON_NO_LEGAL_MOVE)
        snprintf(why, cap, "%s: %s cannot move, and stalemate loses (困毙)", reason,
                 side_name[xq_board_side_to_move(game_board(g))]);
    else
        snprintf(why, cap, "%s", reason);
    return 1;
}

int is_over(const game_t *g)
{
    int result;
    char why[WHY_MAX];
    return game_over(g, &result, why, sizeof why);
}

const char *result_text(int result)
{
    switch (result) {
    case XQ_RESULT_RED_WINS: return "1-0, Red wins";
    case XQ_RESULT_BLACK_WINS: return "0-1, Black wins";
    case XQ_RESULT_DRAW: return "1/2-1/2, draw";
    default: return "*";
    }
}

/* The status shows the opening's name up to this ply (ECCO looks at 40). */
enum { SHOW_OPENING_PLIES = XQ_ECCO_MAX_PLY + 10 };

void show(game_t *g)
{
    fputc('\n', stdout);
    view_board(stdout, game_board(g), &g->view);
    int n = xq_board_history_size(game_board(g));
    if (n > 0) {
        xq_move last;
        char text[XQ_MOVE_TEXT_MAX];
        xq_board_history_move(game_board(g), n - 1, &last, NULL);
        xq_board *before;
        if (xq_board_clone(&before, game_board(g)) == XQ_OK) {
            xq_board_unmake_move(before, NULL);
            move_text(g, before, last, text, sizeof text);
            xq_board_free(before);
            say("Last move: %d. %s%s", (xq_board_ply(game_board(g)) + 1) / 2,
                xq_board_side_to_move(game_board(g)) == XQ_RED ? "... " : "", text);
        }
        xq_ecco e; /* the opening's name, while it can still change and a little after */
        if (n <= SHOW_OPENING_PLIES && xq_ecco_classify_board(game_board(g), &e) == XQ_OK &&
            e.code[0])
            say("Opening: %s %s%s%s", e.code, e.opening, e.variation[0] ? "，" : "", e.variation);
    }
    int result;
    char why[WHY_MAX];
    if (game_over(g, &result, why, sizeof why)) {
        if (!g->announced)
            say("Game over: %s: %s.", result_text(result), why);
        g->announced = 1;
    } else if (xq_board_in_check(game_board(g)) == 1) {
        say("%s is in check.", side_name[xq_board_side_to_move(game_board(g))]);
    }
    fflush(stdout);
}

/* Play a move. The move undo took back next is replayed with xq_record_redo()
 * (the rest of what undo took back stays for redo); any other move forgets the
 * moves taken back (the record keeps one line: the game as played). */
int play(game_t *g, xq_move m, int who)
{
    if (xq_board_is_legal(game_board(g), m) != 1)
        return XQ_EILLEGAL;
    const size_t ply = (size_t)xq_record_ply(g->rec);
    if (ply >= g->mover_cap) {
        size_t cap = g->mover_cap ? 2 * g->mover_cap : 256;
        while (cap <= ply)
            cap *= 2;
        signed char *p = realloc(g->mover, cap);
        if (!p)
            return XQ_ENOMEM;
        memset(p + g->mover_cap, MOVER_FILE, cap - g->mover_cap);
        g->mover = p;
        g->mover_cap = cap;
    }
    xq_move next;
    int rc = XQ_ESTATE;
    if (xq_record_variation_count(g->rec) > 0 && xq_record_variation_move(g->rec, 0, &next) == XQ_OK &&
        next == m)
        rc = xq_record_redo(g->rec);
    if (rc != XQ_OK) {
        xq_record_truncate(g->rec);
        rc = xq_record_play(g->rec, m);
        if (rc != XQ_OK)
            return rc;
    }
    g->mover[ply] = (signed char)who;
    g->announced = 0;
    return XQ_OK;
}

/* ---- the engine ---- */

void describe_level(int level)
{
    if (level >= XQ_SKILL_MAX)
        say("Level %d of %d: full strength (no depth cap; always the best move found).", level,
            XQ_SKILL_MAX);
    else
        say("Level %d of %d: searches at most %d plies and picks among its best %d moves "
            "with up to %d centipawns of noise (0 is a beginner, %d full strength).",
            level, XQ_SKILL_MAX, level + 1, 4 + (XQ_SKILL_MAX - level) / 4,
            (XQ_SKILL_MAX - level) * 32, XQ_SKILL_MAX);
}

void describe_limits(const game_t *g)
{
    char t[64] = "no time limit", d[32] = "no depth limit", n[48] = "no node limit";
    if (g->eng.seconds > 0)
        snprintf(t, sizeof t, "%g s per move", g->eng.seconds);
    if (g->eng.depth)
        snprintf(d, sizeof d, "depth %d", g->eng.depth);
    if (g->eng.nodes)
        snprintf(n, sizeof n, "%lld nodes", g->eng.nodes);
    say("Engine: level %d, %s, %s, %s; %d thread%s, %d MB hash; rules %s.", g->eng.level, t, d, n,
        g->eng.threads, g->eng.threads == 1 ? "" : "s", g->eng.hash_mb, g->rules_name);
}

/* The moves the rules forbid here (completing a forbidden repetition),
 * unless every legal move is forbidden (then the side has lost anyway). */
int banned_moves(const game_t *g, xq_move *ban)
{
    int nban = xq_board_banned_moves(game_board(g), &g->rules, ban, XQ_MAX_MOVES);
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES);
    return nban < 0 || nban >= n ? 0 : nban;
}

/* Search the position; returns THINK_* and fills res. */
int search(game_t *g, int full_strength, xq_search_result *res)
{
    xq_move ban[XQ_MAX_MOVES];
    int nban = banned_moves(g, ban);
    const int use = g->book_on && g->book;
    xq_search_set_book(g->eng.search, use ? g->book : NULL);
    g->eng.book_search = use && g->eng.level < XQ_SKILL_MAX;
    return think(&g->eng, game_board(g), ban, nban, full_strength, &g->in, &interrupted, res);
}

void result_summary(const game_t *g, const xq_search_result *r, char *buf, size_t cap)
{
    char score[32], pv[512];
    score_text(r->score_kind, r->score, xq_board_side_to_move(game_board(g)), score, sizeof score);
    line_text(game_board(g), r->pv, r->pv_length, 10, g->eng.notation, pv, sizeof pv);
    snprintf(buf, cap, "depth %d, score (Red) %s, %llu nodes, %.1f s; pv %s", (int)r->depth, score,
             (unsigned long long)r->nodes, (double)r->time_ms / 1000.0, pv);
}

/* ---- the opening book ---- */

/* The best book move here (the heaviest one the rules allow, that repeats no
 * position), with its counts; 0 when there is none or the book is off. */
int book_best(const game_t *g, xq_book_entry *out)
{
    xq_move m;
    if (!g->book_on || !g->book ||
        xq_book_pick(g->book, game_board(g), &g->rules, 0, XQ_BOOK_PICK_BEST, &m) != XQ_OK)
        return 0;
    xq_book_entry e[XQ_MAX_MOVES];
    int n = xq_book_probe(g->book, game_board(g), e, XQ_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (e[i].move == m) {
            *out = e[i];
            return 1;
        }
    return 0;
}

static void score_permille(int32_t score, char *buf, size_t cap)
{
    if (score < 0)
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, "%.1f%%", score / 10.0);
}

/* "book: 1234 games, +500 =400 -334, score 55.1%" */
void book_entry_text(const xq_book_entry *e, char *buf, size_t cap)
{
    char score[16];
    score_permille(e->score, score, sizeof score);
    snprintf(buf, cap, "book: %lu game%s, W/D/L %lu/%lu/%lu, score %s", (unsigned long)e->games,
             e->games == 1 ? "" : "s", (unsigned long)e->wins, (unsigned long)e->draws,
             (unsigned long)e->losses, score);
}

/* Terminal columns of a UTF-8 text (CJK and full-width characters take 2). */
static int text_columns(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x80)
            w++;
        else if (*p >= 0xC0)
            w += 2;
    return w;
}

/* Open a book file as the game's book; on failure the old book stays and
 * why says what is wrong. */
int open_book(game_t *g, const char *path, char *why, size_t cap)
{
    xq_book *b;
    xq_parse_error err;
    memset(&err, 0, sizeof err);
    int rc = xq_book_open(&b, path, &err);
    if (rc != XQ_OK) {
        snprintf(why, cap, "%s (%s)", err.message[0] ? err.message : "unreadable", xq_strerror(rc));
        return rc;
    }
    xq_search_set_book(g->eng.search, NULL); /* the search no longer holds the old one */
    xq_book_free(g->book);
    g->book = b;
    g->book_on = 1;
    snprintf(g->book_path, sizeof g->book_path, "%s", path);
    return XQ_OK;
}

/* ---- the endgame tables ---- */

/* Open a directory of tables as the game's tables; on failure the old ones
 * stay and why says what is wrong. */
int open_egtb(game_t *g, const char *dir, char *why, size_t cap)
{
    xq_egtb *tb;
    xq_parse_error err;
    memset(&err, 0, sizeof err);
    int rc = xq_egtb_open(&tb, dir, &err);
    if (rc != XQ_OK) {
        snprintf(why, cap, "%s (%s)", err.message[0] ? err.message : "unreadable", xq_strerror(rc));
        return rc;
    }
    xq_search_set_tablebase(g->eng.search, tb); /* no search runs between commands */
    xq_egtb_free(g->egtb);
    g->egtb = tb;
    snprintf(g->egtb_path, sizeof g->egtb_path, "%s", dir);
    return XQ_OK;
}

void close_egtb(game_t *g)
{
    xq_search_set_tablebase(g->eng.search, NULL);
    xq_egtb_free(g->egtb);
    g->egtb = NULL;
    g->egtb_path[0] = '\0';
}

void describe_egtb(const game_t *g)
{
    if (!g->egtb) {
        say("No endgame tables (type 'egtb DIR' to use a directory made by xq-egtb).");
        return;
    }
    const int n = xq_egtb_table_count(g->egtb);
    say("Endgame tables %s: %d table%s, up to %d piece%s besides the generals.%s", g->egtb_path, n,
        n == 1 ? "" : "s", xq_egtb_max_pieces(g->egtb), xq_egtb_max_pieces(g->egtb) == 1 ? "" : "s",
        n ? " The engine plays their best moves; hints name their result." : "");
}

/* The tables' result here: "win, mate in 5 plies", "draw", "loss, mated in
 * 4 plies"; 0 when no table covers the position. */
int egtb_result(const game_t *g, int *wdl, char *buf, size_t cap)
{
    int dtm;
    if (!g->egtb || xq_egtb_probe(g->egtb, game_board(g), wdl, &dtm) != XQ_OK)
        return 0;
    if (*wdl == XQ_EGTB_DRAW)
        snprintf(buf, cap, "draw");
    else if (dtm < 0)
        snprintf(buf, cap, "%s by the perpetual-check rule", *wdl == XQ_EGTB_WIN ? "win" : "loss");
    else if (*wdl == XQ_EGTB_WIN)
        snprintf(buf, cap, "win, mate in %d pl%s", dtm, dtm == 1 ? "y" : "ies");
    else
        snprintf(buf, cap, "loss, mated in %d pl%s", dtm, dtm == 1 ? "y" : "ies");
    return 1;
}

/* Most table moves a hint lists. */
#define EGTB_HINT_MOVES 8

/* The hint from the tables: their result and best moves (those the rules
 * allow here). Returns 1 when it is the whole hint (a win or a loss), 0 when
 * the engine should still search (a draw: which drawing move is the best try
 * is the search's job; it keeps to the table's moves), -1 when no table
 * covers the position. */
int egtb_hint(game_t *g, const xq_move *ban, int nban)
{
    int wdl;
    char result[64];
    if (!egtb_result(g, &wdl, result, sizeof result))
        return -1;
    xq_move best[XQ_MAX_MOVES];
    int n = xq_egtb_best_moves(g->egtb, game_board(g), best, XQ_MAX_MOVES);
    int k = 0;
    for (int i = 0; i < n; i++) {
        int banned = 0;
        for (int j = 0; j < nban; j++)
            banned |= best[i] == ban[j];
        if (!banned)
            best[k++] = best[i];
    }
    if (k <= 0) { /* every best move repeats a position the rules forbid */
        say("Endgame table: %s, but the rules forbid its moves here.", result);
        return 0;
    }
    char list[EGTB_HINT_MOVES * (XQ_MOVE_TEXT_MAX + 1) + 16] = "";
    size_t len = 0;
    for (int i = 0; i < k && i < EGTB_HINT_MOVES; i++) {
        char text[XQ_MOVE_TEXT_MAX];
        move_text(g, game_board(g), best[i], text, sizeof text);
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? " " : "", text);
    }
    if (k > EGTB_HINT_MOVES)
        snprintf(list + len, sizeof list - len, " ...");
    if (wdl == XQ_EGTB_DRAW) {
        say("Endgame table: draw; %d move%s keep%s it: %s", k, k == 1 ? "" : "s", k == 1 ? "s" : "",
            list);
        return 0;
    }
    char text[XQ_MOVE_TEXT_MAX];
    move_text(g, game_board(g), best[0], text, sizeof text);
    say("Hint: %s   (endgame table: %s; best by distance to mate: %s)", text, result, list);
    return 1;
}

void describe_book(const game_t *g)
{
    if (!g->book)
        say("No opening book (type 'book FILE' to use one).");
    else
        say("Opening book %s: %s; %lld positions, %lld moves. %s", g->book_path,
            g->book_on ? "on" : "off", (long long)xq_book_position_count(g->book),
            (long long)xq_book_move_count(g->book),
            !g->book_on ? "Type 'book on' to use it."
            : g->eng.level >= XQ_SKILL_MAX
                ? "Level 20 plays its best move."
                : "The engine picks its moves by weight, differently each game.");
}

/* The book moves of the position, as xq-book probe lists them. */
void list_book_moves(game_t *g)
{
    xq_book_entry e[XQ_MAX_MOVES];
    int n = xq_book_probe(g->book, game_board(g), e, XQ_MAX_MOVES);
    if (n <= 0) {
        say("No book move in this position.");
        return;
    }
    uint64_t total = 0, games = 0;
    for (int k = 0; k < n; k++) {
        total += e[k].weight;
        games += e[k].games;
    }
    say("%d book move%s, %llu games%s:", n, n == 1 ? "" : "s", (unsigned long long)games,
        g->book_on ? "" : " (the book is off)");
    say("  %-10s %8s %7s %7s %7s %6s %6s", "move", "games", "wins", "draws", "losses", "score",
        "share");
    for (int k = 0; k < n; k++) {
        char text[XQ_MOVE_TEXT_MAX], score[16];
        move_text(g, game_board(g), e[k].move, text, sizeof text);
        score_permille(e[k].score, score, sizeof score);
        int pad = 10 - text_columns(text);
        say("  %s%*s %8lu %7lu %7lu %7lu %6s %5.1f%%", text, pad > 0 ? pad : 0, "",
            (unsigned long)e[k].games, (unsigned long)e[k].wins, (unsigned long)e[k].draws,
            (unsigned long)e[k].losses, score,
            total ? 100.0 * e[k].weight / (double)total : 0.0);
    }
}

/* The engine plays the side to move. */
void engine_play(game_t *g)
{
    int us = xq_board_side_to_move(game_board(g));
    xq_search_result r;
    xq_book_entry be;
    if (g->eng.level >= XQ_SKILL_MAX && book_best(g, &be)) {
        /* Full strength: the best book move, at once. */
        char text[XQ_MOVE_TEXT_MAX], info[160];
        move_text(g, game_board(g), be.move, text, sizeof text);
        book_entry_text(&be, info, sizeof info);
        say("%s plays %s   (%s)", side_name[us], text, info);
        play(g, be.move, g->eng.level);
        show(g);
        return;
    }
    if (!g->eng.live)
        say("%s (engine) is thinking...", side_name[us]);
    int how = search(g, 0, &r);
    if (how == THINK_QUIT) {
        say("The engine was stopped.");
        g->quit = 1;
        return;
    }
    if (how == THINK_PAUSE) {
        g->paused = 1;
        say("Paused: the engine did not move. Type 'go' for it to move, or play a move.");
        return;
    }
    if (r.best_move == XQ_MOVE_NONE || xq_board_is_legal(game_board(g), r.best_move) != 1) {
        say("The engine found no move.");
        g->paused = 1;
        return;
    }
    char text[XQ_MOVE_TEXT_MAX], info[640];
    move_text(g, game_board(g), r.best_move, text, sizeof text);
    int wdl, len = 0;
    char result[64];
    if (egtb_result(g, &wdl, result, sizeof result)) /* the search kept to the table's moves */
        len = snprintf(info, sizeof info, "endgame table: %s; ", result);
    result_summary(g, &r, info + len, sizeof info - (size_t)len);
    if (r.book_move) {
        xq_book_entry e[XQ_MAX_MOVES];
        int n = xq_book_probe(g->book, game_board(g), e, XQ_MAX_MOVES);
        snprintf(info, sizeof info, "book move");
        for (int i = 0; i < n; i++)
            if (e[i].move == r.best_move)
                book_entry_text(&e[i], info, sizeof info);
    }
    say("%s plays %s   (%s)", side_name[us], text, info);
    play(g, r.best_move, g->eng.level);
    show(g);
}

/* Whether the engine should move now by itself. */
int engine_turn(game_t *g)
{
    if (g->paused || g->player[xq_board_side_to_move(game_board(g))] != ENGINE || is_over(g))
        return 0;
    if (g->max_plies > 0 && xq_board_history_size(game_board(g)) >= g->max_plies) {
        say("Move cap reached (%d plies): the engine stops. Type 'go' for one more engine move.",
            g->max_plies);
        g->paused = 1;
        return 0;
    }
    return 1;
}

void reset_game(game_t *g)
{
    g->resigned = 0;
    g->announced = 0;
    g->paused = 0;
    if (g->mover)
        memset(g->mover, MOVER_FILE, g->mover_cap);
    xq_search_clear(g->eng.search);
}

/* Read a game file and continue from the end of its main line. */
int load_game(game_t *g, const char *path)
{
    xq_record *rec;
    xq_parse_error err;
    memset(&err, 0, sizeof err);
    if (!*path) {
        say("Usage: load FILE (PGN, XQF or DhtmlXQ)");
        return XQ_EINVAL;
    }
    int rc = xq_record_new(&rec, NULL, NULL);
    if (rc != XQ_OK)
        return rc;
    rc = xq_record_load(rec, path, NULL, &err);
    if (rc != XQ_OK) {
        if (rc == XQ_EIO)
            say("Cannot read %s: %s.", path, strerror(errno ? errno : EIO));
        else if (err.line > 0)
            say("%s:%d:%d: %s (%s).", path, err.line, err.column, err.message, xq_strerror(rc));
        else
            say("%s: %s (%s).", path, err.message[0] ? err.message : "unreadable", xq_strerror(rc));
        xq_record_free(rec);
        return rc;
    }
    /* Continue from the end of the main line; the record keeps its tags,
     * comments and variations. */
    int n = xq_record_goto_end(rec);
    xq_record_free(g->rec);
    g->rec = rec;
    reset_game(g);
    char red[128], black[128], result[32];
    if (xq_record_tag(rec, "Red", red, sizeof red) <= 0)
        snprintf(red, sizeof red, "?");
    if (xq_record_tag(rec, "Black", black, sizeof black) <= 0)
        snprintf(black, sizeof black, "?");
    if (xq_record_tag(rec, "Result", result, sizeof result) < 0 || !strcmp(result, "*"))
        result[0] = 0;
    say("Loaded %s: %s - %s, %d plies%s%s.", path, red, black, n, *result ? ", recorded result " : "",
        result);
    return XQ_OK;
}
