/* SPDX-License-Identifier: MIT */
/* xiangqi: play Xiangqi in the terminal, against the engine, against
 * another person, or watch the engine play itself.
 *
 * The board is drawn after every move; moves and commands are read one line
 * at a time from standard input, so the program works the same from a
 * terminal and from a pipe (tests drive it with scripted games).
 *
 * While the engine thinks (think.c), the search runs in the background and
 * this thread waits on the keyboard: on a terminal, Enter (or 'stop') takes
 * the engine's best move so far, 'pause' stops it without a move and 'quit'
 * leaves. When standard input is not a terminal, lines already queued never
 * stop the engine, so a scripted game plays the same every time; only the
 * end of the input stops it (and the program). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "datadir.h"
#include "play.h"

#define LINE_MAX_LEN 1024
#define WHY_MAX 512 /* the reason a game ended, as text */
#define BOOK_PATH_MAX 4096

enum { HUMAN = 0, ENGINE = 1 };

typedef struct game {
    xq_record *rec;             /* the game: its tags, its moves, the cursor at the position
                                   shown; moves taken back stay after the cursor for redo */
    int player[2];              /* HUMAN or ENGINE, by colour */
    int resigned;               /* colour that resigned + 1, or 0 */
    int announced;              /* the end of the game was announced */
    int paused;                 /* the engine does not move by itself until 'go' */
    int max_plies;              /* the engine stops moving by itself at this many plies; 0 = never */
    int quit;
    xq_rules rules;
    const char *rules_name;
    view_opts view;
    int interactive;            /* standard input is a terminal */
    int echo;                   /* echo the lines read (when input is not a terminal) */
    input_t in;
    engine_t eng;
    /* Who played each ply of the game, for the player tags: MOVER_HUMAN, an
     * engine level 0..XQ_SKILL_MAX, or MOVER_FILE (a loaded game's moves). */
    signed char *mover;
    size_t mover_cap;
    /* The opening book: level 20 and hints play its best move, the weaker
     * levels let the search pick one by weight (seeded, new seed each game). */
    xq_book *book;
    int book_on;
    char book_path[BOOK_PATH_MAX];
    /* Endgame tables (xq-egtb): the search plays their best moves and scores
     * the positions it finds in them exactly; hints name their result. */
    xq_egtb *egtb;
    char egtb_path[BOOK_PATH_MAX];
} game_t;

enum { MOVER_HUMAN = -1, MOVER_FILE = -2 };

static const char *const side_name[2] = {"Red", "Black"};
static const char *const notation_name[4] = {"auto", "iccs", "wxf", "chinese"};
static const char *const ruleset_name[3] = {"axf", "cxa", "simple"};

/* The position shown: the record's cursor. */
static const xq_board *game_board(const game_t *g)
{
    return xq_record_board(g->rec);
}

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
}

/* ---- moves as text ---- */

static void move_text(const game_t *g, const xq_board *b, xq_move m, char *buf, size_t cap)
{
    if (xq_board_move_to_text(b, m, g->eng.notation, 0, buf, cap) < 0 &&
        xq_move_format(m, buf, cap) < 0)
        snprintf(buf, cap, "?");
}

static int parse_notation(const char *s)
{
    for (int i = XQ_NOTATION_ICCS; i <= XQ_NOTATION_CHINESE; i++)
        if (!strcmp(s, notation_name[i]))
            return i;
    return -1;
}

static int parse_ruleset(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(s, ruleset_name[i]))
            return i;
    return -1;
}

/* A whole decimal number in [lo, hi]; 1 on success. */
static int parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static int parse_seconds(const char *s, double *out)
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
static int game_over(const game_t *g, int *result, char *why, size_t cap)
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

static int is_over(const game_t *g)
{
    int result;
    char why[WHY_MAX];
    return game_over(g, &result, why, sizeof why);
}

static const char *result_text(int result)
{
    switch (result) {
    case XQ_RESULT_RED_WINS: return "1-0, Red wins";
    case XQ_RESULT_BLACK_WINS: return "0-1, Black wins";
    case XQ_RESULT_DRAW: return "1/2-1/2, draw";
    default: return "*";
    }
}

static void show(game_t *g)
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
static int play(game_t *g, xq_move m, int who)
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

static void describe_level(int level)
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

static void describe_limits(const game_t *g)
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
static int banned_moves(const game_t *g, xq_move *ban)
{
    int nban = xq_board_banned_moves(game_board(g), &g->rules, ban, XQ_MAX_MOVES);
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES);
    return nban < 0 || nban >= n ? 0 : nban;
}

/* Search the position; returns THINK_* and fills res. */
static int search(game_t *g, int full_strength, xq_search_result *res)
{
    xq_move ban[XQ_MAX_MOVES];
    int nban = banned_moves(g, ban);
    const int use = g->book_on && g->book;
    xq_search_set_book(g->eng.search, use ? g->book : NULL);
    g->eng.book_search = use && g->eng.level < XQ_SKILL_MAX;
    return think(&g->eng, game_board(g), ban, nban, full_strength, &g->in, &interrupted, res);
}

static void result_summary(const game_t *g, const xq_search_result *r, char *buf, size_t cap)
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
static int book_best(const game_t *g, xq_book_entry *out)
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
static void book_entry_text(const xq_book_entry *e, char *buf, size_t cap)
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
static int open_book(game_t *g, const char *path, char *why, size_t cap)
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
static int open_egtb(game_t *g, const char *dir, char *why, size_t cap)
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

static void close_egtb(game_t *g)
{
    xq_search_set_tablebase(g->eng.search, NULL);
    xq_egtb_free(g->egtb);
    g->egtb = NULL;
    g->egtb_path[0] = '\0';
}

static void describe_egtb(const game_t *g)
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
static int egtb_result(const game_t *g, int *wdl, char *buf, size_t cap)
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
static int egtb_hint(game_t *g, const xq_move *ban, int nban)
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

static void describe_book(const game_t *g)
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
static void list_book_moves(game_t *g)
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
static void engine_play(game_t *g)
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
static int engine_turn(game_t *g)
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

/* ---- commands ---- */

/* Legal moves grouped by piece, in board order; only_from >= 0 keeps one
 * square, only_type > 0 the pieces of one type. */
static void list_moves(game_t *g, int only_from, int only_type)
{
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES);
    int shown = 0;
    for (int s = 0; s < XQ_SQUARE_NB; s++) {
        if (only_from >= 0 && s != only_from)
            continue;
        int pc = xq_board_piece_at(game_board(g), s);
        if (only_type > 0 && (pc <= 0 || xq_piece_type_of(pc) != only_type))
            continue;
        char line[LINE_MAX_LEN];
        int len = 0, count = 0;
        for (int i = 0; i < n; i++) {
            if (xq_move_from(moves[i]) != s)
                continue;
            char text[XQ_MOVE_TEXT_MAX];
            move_text(g, game_board(g), moves[i], text, sizeof text);
            len += snprintf(line + len, sizeof line - (size_t)len, " %s", text);
            if ((size_t)len >= sizeof line)
                len = (int)sizeof line - 1;
            count++;
        }
        if (!count)
            continue;
        say("  %c %c%d:%s", xq_piece_char(pc), 'a' + xq_square_file(s), xq_square_rank(s), line);
        shown += count;
    }
    if (only_from < 0 && only_type <= 0)
        say("%d legal moves.", shown);
}

static void cmd_history(game_t *g, const char *arg)
{
    (void)arg;
    int n = xq_board_history_size(game_board(g));
    char start[XQ_FEN_MAX];
    xq_board *replay;
    if (xq_record_start_fen(g->rec, start, sizeof start) < 0 ||
        xq_board_new(&replay, start, NULL) != XQ_OK)
        return;
    char line[LINE_MAX_LEN] = "";
    int len = 0;
    for (int i = 0; i < n; i++) {
        xq_move m;
        char text[XQ_MOVE_TEXT_MAX];
        xq_board_history_move(game_board(g), i, &m, NULL);
        move_text(g, replay, m, text, sizeof text);
        int ply = xq_board_ply(replay);
        if (ply % 2 == 0 || i == 0)
            len += snprintf(line + len, sizeof line - (size_t)len, "%s%d.%s", len ? " " : "",
                            ply / 2 + 1, ply % 2 ? " ..." : "");
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", text);
        if ((size_t)len >= sizeof line - 80 || i == n - 1) {
            say("%s", line);
            len = 0;
            line[0] = 0;
        }
        xq_board_make_move(replay, m);
    }
    if (n == 0)
        say("No moves yet.");
    xq_board_free(replay);
}

static void reset_game(game_t *g)
{
    g->resigned = 0;
    g->announced = 0;
    g->paused = 0;
    if (g->mover)
        memset(g->mover, MOVER_FILE, g->mover_cap);
    xq_search_clear(g->eng.search);
}

static void cmd_new(game_t *g, const char *fen)
{
    xq_parse_error err;
    int rc = xq_record_reset(g->rec, *fen ? fen : NULL, &err);
    if (rc != XQ_OK) {
        say("Bad FEN (%s at offset %d): %s", xq_strerror(rc), err.offset, err.message);
        return;
    }
    reset_game(g);
    /* Another game, other choices at the weaker levels (from the book too). */
    g->eng.seed = g->eng.seed * 6364136223846793005ull + 1442695040888963407ull;
    say("New game.");
    show(g);
}

/* Read a game file and continue from the end of its main line. */
static int load_game(game_t *g, const char *path)
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

/* The player tag of a side for the first `plies` plies: who played its
 * moves, with every engine level used ("libxiangqi 0.2.0 (levels 3, 20)",
 * "Human and libxiangqi 0.2.0 (level 5)"); with no move of its own yet,
 * who plays it now. */
static void player_name(const game_t *g, int side, int plies, char *buf, size_t cap)
{
    unsigned long levels = 0;
    int human = 0, nlevels = 0;
    const int first = xq_board_side_to_move(xq_record_board(g->rec)) ^ (xq_record_ply(g->rec) & 1);
    for (int p = 0; p < plies && (size_t)p < g->mover_cap; p++) {
        if ((first ^ (p & 1)) != side)
            continue;
        if (g->mover[p] == MOVER_HUMAN)
            human = 1;
        else if (g->mover[p] >= 0 && !(levels & 1ul << g->mover[p]))
            levels |= 1ul << g->mover[p], nlevels++;
    }
    if (!human && !levels) {
        if (g->player[side] == ENGINE)
            levels = 1ul << g->eng.level, nlevels = 1;
        else
            human = 1;
    }
    size_t n = (size_t)snprintf(buf, cap, "%s", human ? "Human" : "");
    if (levels && n < cap) {
        n += (size_t)snprintf(buf + n, cap - n, "%slibxiangqi %s (level%s", human ? " and " : "",
                              xq_version_string(), nlevels > 1 ? "s" : "");
        for (int l = 0, k = 0; l <= XQ_SKILL_MAX && n < cap; l++)
            if (levels & 1ul << l)
                n += (size_t)snprintf(buf + n, cap - n, "%s %d", k++ ? "," : "", l);
        if (n < cap)
            snprintf(buf + n, cap - n, ")");
    }
}

/* Sets a tag unless the record has it already (a loaded game keeps its own). */
static int default_tag(xq_record *rec, const char *name, const char *value)
{
    return xq_record_tag(rec, name, NULL, 0) > 0 ? XQ_OK : xq_record_set_tag(rec, name, value);
}

static void cmd_save(game_t *g, const char *path)
{
    if (!*path) {
        say("Usage: save FILE");
        return;
    }
    /* The game up to the position shown: moves taken back are not saved. */
    xq_record *rec;
    int rc = xq_record_clone(&rec, g->rec);
    if (rc != XQ_OK) {
        say("Cannot save: %s.", xq_strerror(rc));
        return;
    }
    if (xq_record_truncate(rec) < 0)
        rc = XQ_EINVAL;
    int n = xq_record_ply(rec);
    char date[16] = "????.??.??", red[128], black[128];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    player_name(g, XQ_RED, n, red, sizeof red);
    player_name(g, XQ_BLACK, n, black, sizeof black);
    int result;
    char why[WHY_MAX];
    const char *res = "*";
    if (game_over(g, &result, why, sizeof why))
        res = result == XQ_RESULT_RED_WINS ? "1-0" : result == XQ_RESULT_BLACK_WINS ? "0-1" : "1/2-1/2";
    if (rc == XQ_OK)
        rc = default_tag(rec, "Event", "Casual game");
    if (rc == XQ_OK)
        rc = default_tag(rec, "Site", "xiangqi (libxiangqi)");
    if (rc == XQ_OK)
        rc = default_tag(rec, "Date", date);
    if (rc == XQ_OK)
        rc = default_tag(rec, "Red", red);
    if (rc == XQ_OK)
        rc = default_tag(rec, "Black", black);
    if (rc == XQ_OK)
        rc = xq_record_set_tag(rec, "Result", res);
    if (rc == XQ_OK && *why)
        rc = xq_record_set_tag(rec, "Termination", why);
    xq_parse_error perr;
    if (rc == XQ_OK) {
        xq_pgn_options o;
        xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
        o.notation = g->eng.notation;
        rc = xq_record_save_pgn(rec, path, 0, &o, &perr);
    }
    if (rc == XQ_OK)
        say("Saved %d plies to %s.", n, path);
    else if (rc == XQ_EIO)
        say("%s.", perr.message);
    else
        say("Cannot save: %s.", xq_strerror(rc));
    xq_record_free(rec);
}

/* Take back a move; against one engine, back to the human's turn. */
static void cmd_undo(game_t *g, const char *arg)
{
    (void)arg;
    if (g->resigned) {
        g->resigned = 0;
        g->announced = 0;
        say("Resignation taken back.");
        show(g);
        return;
    }
    /* Against the engine: also take back its reply, so it is your turn again
     * (its first move of a game stays: 'new' starts again). */
    int size = xq_board_history_size(game_board(g)), undone = 1;
    int vs_engine = g->player[XQ_RED] != g->player[XQ_BLACK];
    if (vs_engine && g->player[!xq_board_side_to_move(game_board(g))] == ENGINE)
        undone = 2;
    if (size < undone) {
        say("Nothing to undo.");
        return;
    }
    for (int i = 0; i < undone; i++)
        xq_record_undo(g->rec); /* the move stays after the cursor for redo */
    if (g->player[XQ_RED] == ENGINE && g->player[XQ_BLACK] == ENGINE)
        g->paused = 1; /* watching: stay here until 'go' */
    g->announced = 0;
    say("Took back %d move%s.", undone, undone == 1 ? "" : "s");
    show(g);
}

static void cmd_redo(game_t *g, const char *arg)
{
    (void)arg;
    if (g->resigned || xq_record_redo(g->rec) != XQ_OK) {
        say("Nothing to redo.");
        return;
    }
    g->announced = 0;
    /* Against the engine: replay its reply too. */
    if (g->player[XQ_RED] != g->player[XQ_BLACK] &&
        g->player[xq_board_side_to_move(game_board(g))] == ENGINE && !is_over(g))
        xq_record_redo(g->rec);
    show(g);
}

static void cmd_hint(game_t *g, const char *arg)
{
    (void)arg;
    if (is_over(g)) {
        say("The game is over: no hint.");
        return;
    }
    xq_book_entry be;
    if (book_best(g, &be)) {
        char text[XQ_MOVE_TEXT_MAX], info[160];
        move_text(g, game_board(g), be.move, text, sizeof text);
        book_entry_text(&be, info, sizeof info);
        say("Hint: %s   (the book's best move; %s; 'book' lists them all)", text, info);
        return;
    }
    xq_move ban[XQ_MAX_MOVES];
    if (egtb_hint(g, ban, banned_moves(g, ban)) == 1)
        return;
    xq_search_result r;
    int how = search(g, 1, &r);
    if (how == THINK_QUIT) {
        g->quit = 1;
        return;
    }
    if (how == THINK_PAUSE || r.best_move == XQ_MOVE_NONE) {
        say("No hint.");
        return;
    }
    char text[XQ_MOVE_TEXT_MAX], info[640];
    move_text(g, game_board(g), r.best_move, text, sizeof text);
    result_summary(g, &r, info, sizeof info);
    say("Hint: %s   (%s)", text, info);
}

/* The piece type a WXF or Chinese move text names, or 0. */
static int named_type(const char *text)
{
    static const struct {
        const char *s;
        int type;
    } names[] = {
        {"车", XQ_CHARIOT}, {"車", XQ_CHARIOT}, {"俥", XQ_CHARIOT}, {"马", XQ_HORSE},
        {"馬", XQ_HORSE},   {"傌", XQ_HORSE},   {"相", XQ_ELEPHANT}, {"象", XQ_ELEPHANT},
        {"仕", XQ_ADVISOR}, {"士", XQ_ADVISOR}, {"帅", XQ_KING},     {"帥", XQ_KING},
        {"将", XQ_KING},    {"將", XQ_KING},    {"炮", XQ_CANNON},   {"砲", XQ_CANNON},
        {"包", XQ_CANNON},  {"兵", XQ_SOLDIER},    {"卒", XQ_SOLDIER},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strstr(text, names[i].s))
            return names[i].type;
    for (const char *p = text; *p; p++) {
        switch (toupper((unsigned char)*p)) {
        case 'R': return XQ_CHARIOT;
        case 'N': case 'H': return XQ_HORSE;
        case 'B': case 'E': return XQ_ELEPHANT;
        case 'A': return XQ_ADVISOR;
        case 'K': case 'G': return XQ_KING;
        case 'C': return XQ_CANNON;
        case 'P': return XQ_SOLDIER;
        default: break;
        }
    }
    return 0;
}

static const char *type_name(int type)
{
    static const char *const names[8] = {"",        "general", "advisors", "elephants",
                                         "horses",  "chariots", "cannons", "soldiers"};
    return type >= 1 && type <= 7 ? names[type] : "pieces";
}

/* A line that is not a command: a move. */
static void try_move(game_t *g, const char *text)
{
    int result;
    char why[WHY_MAX];
    if (game_over(g, &result, why, sizeof why)) {
        say("The game is over (%s). Type 'undo', 'new' or 'quit'.", result_text(result));
        return;
    }
    int us = xq_board_side_to_move(game_board(g));
    if (g->player[us] == ENGINE && !g->paused) {
        say("It is the engine's move.");
        return;
    }
    xq_move m;
    xq_parse_error err;
    int rc = xq_board_move_from_text(game_board(g), text, XQ_NOTATION_AUTO, 0, &m, &err);
    if (rc == XQ_OK) {
        play(g, m, MOVER_HUMAN);
        if (g->player[!us] == ENGINE)
            g->paused = 0; /* your move: the engine answers */
        show(g);
        return;
    }
    int notation = xq_notation_detect(text);
    if (notation < 0) {
        say("'%s' is neither a command nor a move. Type 'help' for the commands.", text);
        return;
    }
    if (notation == XQ_NOTATION_ICCS && xq_move_parse(text, &m) == XQ_OK) {
        int from = xq_move_from(m), pc = xq_board_piece_at(game_board(g), from);
        if (pc <= 0) {
            say("Illegal move %s: there is no piece on %c%d.", text, 'a' + xq_square_file(from),
                xq_square_rank(from));
        } else if (xq_piece_color_of(pc) != us) {
            say("Illegal move %s: the piece on %c%d is %s's; %s is to move.", text,
                'a' + xq_square_file(from), xq_square_rank(from), side_name[!us], side_name[us]);
        } else {
            xq_move moves[XQ_MAX_MOVES];
            int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES), any = 0;
            for (int i = 0; i < n; i++)
                any |= xq_move_from(moves[i]) == from;
            if (any) {
                say("Illegal move %s. That piece can play:", text);
                list_moves(g, from, 0);
            } else {
                say("Illegal move %s: that piece has no legal move.", text);
            }
        }
        return;
    }
    const char *what = rc == XQ_EAMBIGUOUS ? "Ambiguous move"
                       : rc == XQ_EILLEGAL ? "Illegal move"
                                           : "Not a move";
    say("%s %s: %s.", what, text, err.message);
    int type = named_type(text);
    if (type > 0 && rc != XQ_EPARSE) {
        xq_move moves[XQ_MAX_MOVES];
        int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES), any = 0;
        for (int i = 0; i < n; i++) {
            int pc = xq_board_piece_at(game_board(g), xq_move_from(moves[i]));
            any |= xq_piece_type_of(pc) == type;
        }
        if (any) {
            say("%s's %s can play:", side_name[us], type_name(type));
            list_moves(g, -1, type);
        } else {
            say("%s's %s have no legal move.", side_name[us], type_name(type));
        }
    } else {
        say("Type 'moves' for the legal moves.");
    }
}

static void set_engine(game_t *g, const char *side)
{
    if (!strcmp(side, "red")) {
        g->player[XQ_RED] = ENGINE;
        g->player[XQ_BLACK] = HUMAN;
    } else if (!strcmp(side, "black")) {
        g->player[XQ_RED] = HUMAN;
        g->player[XQ_BLACK] = ENGINE;
    } else if (!strcmp(side, "both")) {
        g->player[XQ_RED] = g->player[XQ_BLACK] = ENGINE;
    } else if (!strcmp(side, "none")) {
        g->player[XQ_RED] = g->player[XQ_BLACK] = HUMAN;
    } else {
        say("engine wants red, black, both or none.");
        return;
    }
    g->paused = 0;
    say("The engine plays %s.", !strcmp(side, "none") ? "no side" : side);
}

/* ---- the commands: one handler each, listed in the table below ---- */

static void cmd_help(game_t *g, const char *arg);

static void cmd_quit(game_t *g, const char *arg)
{
    (void)arg;
    g->quit = 1;
}

static void cmd_load(game_t *g, const char *arg)
{
    if (load_game(g, arg) == XQ_OK)
        show(g);
}

static void cmd_go(game_t *g, const char *arg)
{
    (void)arg;
    if (is_over(g)) {
        say("The game is over.");
        return;
    }
    g->paused = 0;
    if (g->player[xq_board_side_to_move(game_board(g))] == HUMAN ||
        (g->max_plies > 0 && xq_board_history_size(game_board(g)) >= g->max_plies))
        engine_play(g); /* one move for the side to move */
}

static void cmd_pause(game_t *g, const char *arg)
{
    (void)arg;
    g->paused = 1;
    say("Paused: the engine does not move until 'go'.");
}

static void cmd_engine(game_t *g, const char *arg)
{
    set_engine(g, arg);
}

static void cmd_level(game_t *g, const char *arg)
{
    long long v;
    if (!*arg) {
        describe_level(g->eng.level);
    } else if (parse_int(arg, 0, XQ_SKILL_MAX, &v)) {
        g->eng.level = (int)v;
        describe_level(g->eng.level);
    } else {
        say("level wants a number from 0 to %d.", XQ_SKILL_MAX);
    }
}

static void cmd_time(game_t *g, const char *arg)
{
    double secs;
    if (parse_seconds(arg, &secs) && (secs > 0 || g->eng.depth || g->eng.nodes)) {
        g->eng.seconds = secs;
        describe_limits(g);
    } else {
        say("time wants seconds per move (e.g. 2.5); 0 only with a depth or node limit.");
    }
}

static void cmd_depth(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 0, XQ_SEARCH_MAX_DEPTH, &v) && (v || g->eng.seconds > 0 || g->eng.nodes)) {
        g->eng.depth = (int)v;
        describe_limits(g);
    } else {
        say("depth wants 0 (no limit, with a time or node limit) to %d.", XQ_SEARCH_MAX_DEPTH);
    }
}

static void cmd_nodes(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 0, LLONG_MAX, &v) && (v || g->eng.seconds > 0 || g->eng.depth)) {
        g->eng.nodes = v;
        describe_limits(g);
    } else {
        say("nodes wants a count (0: no limit, with a time or depth limit).");
    }
}

static void cmd_threads(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 1, XQ_SEARCH_MAX_THREADS, &v) &&
        xq_search_set_threads(g->eng.search, (int)v) == XQ_OK) {
        g->eng.threads = (int)v;
        describe_limits(g);
    } else {
        say("threads wants 1 to %d.", XQ_SEARCH_MAX_THREADS);
    }
}

static void cmd_hash(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 1, XQ_SEARCH_MAX_HASH_MB, &v) &&
        xq_search_set_hash(g->eng.search, (size_t)v) == XQ_OK) {
        g->eng.hash_mb = (int)v;
        describe_limits(g);
    } else {
        say("hash wants megabytes, 1 to %d (and the memory).", XQ_SEARCH_MAX_HASH_MB);
    }
}

static void cmd_rules(game_t *g, const char *arg)
{
    int r = parse_ruleset(arg);
    if (r < 0) {
        say("rules wants axf, cxa or simple.");
        return;
    }
    xq_rules_init(&g->rules, XQ_RULES_VERSION, r);
    xq_search_set_rules(g->eng.search, &g->rules); /* the engine judges alike */
    g->rules_name = ruleset_name[r];
    g->announced = 0;
    say("Rules: %s.", g->rules_name);
}

static void cmd_notation(game_t *g, const char *arg)
{
    int nt = parse_notation(arg);
    if (nt < 0) {
        say("notation wants iccs, wxf or chinese.");
        return;
    }
    g->eng.notation = nt;
    say("Moves are shown in %s.", notation_name[nt]);
}

static void cmd_settings(game_t *g, const char *arg)
{
    (void)arg;
    describe_limits(g);
    describe_level(g->eng.level);
    describe_book(g);
    describe_egtb(g);
}

static void cmd_moves(game_t *g, const char *arg)
{
    (void)arg;
    list_moves(g, -1, 0);
}

static void cmd_fen(game_t *g, const char *arg)
{
    (void)arg;
    char fen[XQ_FEN_MAX];
    xq_board_fen(game_board(g), fen, sizeof fen);
    say("%s", fen);
}

static void cmd_board(game_t *g, const char *arg)
{
    (void)arg;
    show(g);
}

static void cmd_flip(game_t *g, const char *arg)
{
    (void)arg;
    g->view.flip = !g->view.flip;
    show(g);
}

static void cmd_compact(game_t *g, const char *arg)
{
    if (!strcmp(arg, "on") || !*arg)
        g->view.compact = !*arg ? !g->view.compact : 1;
    else if (!strcmp(arg, "off"))
        g->view.compact = 0;
    else {
        say("compact wants on or off (nothing: switch).");
        return;
    }
    show(g);
}

static void cmd_book(game_t *g, const char *arg)
{
    if (!strcmp(arg, "on") || !strcmp(arg, "off")) {
        if (!g->book) {
            say("No opening book is loaded: 'book FILE' loads one.");
            return;
        }
        g->book_on = !strcmp(arg, "on");
        describe_book(g);
    } else if (*arg) {
        char why[WHY_MAX];
        if (open_book(g, arg, why, sizeof why) == XQ_OK)
            describe_book(g);
        else
            say("Cannot use the book %s: %s.", arg, why);
    } else if (!g->book) {
        describe_book(g);
    } else {
        list_book_moves(g);
    }
}

static void cmd_egtb(game_t *g, const char *arg)
{
    if (!strcmp(arg, "off")) {
        if (g->egtb)
            say("Endgame tables %s closed.", g->egtb_path);
        close_egtb(g);
        describe_egtb(g);
    } else if (*arg) {
        char why[WHY_MAX];
        if (open_egtb(g, arg, why, sizeof why) == XQ_OK)
            describe_egtb(g);
        else
            say("Cannot use the endgame tables %s: %s.", arg, why);
    } else {
        describe_egtb(g);
        int wdl;
        char result[64];
        if (egtb_result(g, &wdl, result, sizeof result))
            say("This position: %s ('hint' names the best moves).", result);
        else if (g->egtb)
            say("No table covers this position.");
    }
}

static void cmd_resign(game_t *g, const char *arg)
{
    (void)arg;
    if (is_over(g)) {
        say("The game is already over.");
        return;
    }
    g->resigned = xq_board_side_to_move(game_board(g)) + 1;
    show(g);
}

/* A command: its name, other names (NULL-terminated), its arguments and
 * one line of help. 'help' prints this table. */
typedef struct command {
    const char *name;
    const char *aliases[3];
    const char *args;
    void (*run)(game_t *g, const char *arg);
    const char *help;
} command_t;

static const command_t commands[] = {
    {"help", {"?"}, "[COMMAND]", cmd_help, "this list, or the help of one command"},
    {"new", {NULL}, "[FEN]", cmd_new, "a new game from the start position or from FEN"},
    {"load", {NULL}, "FILE", cmd_load,
     "continue a PGN, XQF or DhtmlXQ game from the end of its main line"},
    {"save", {NULL}, "FILE", cmd_save, "write the game as PGN (with tags and the result)"},
    {"undo", {"back"}, "", cmd_undo,
     "take back a move (against the engine: yours and its reply)"},
    {"redo", {NULL}, "", cmd_redo, "play again what undo took back"},
    {"hint", {NULL}, "", cmd_hint,
     "the book's best move, the endgame table's result and best moves, or the engine's "
     "suggestion (full strength) with its line"},
    {"book", {NULL}, "[on|off|FILE]", cmd_book,
     "the book moves here with their games, W/D/L, score and share; or switch the book"},
    {"egtb", {NULL}, "[DIR|off]", cmd_egtb,
     "the endgame tables' result here; or use the tables of DIR (xq-egtb), or none"},
    {"go", {NULL}, "", cmd_go, "the engine plays the side to move now (and resumes after a pause)"},
    {"pause", {"stop"}, "", cmd_pause, "the engine stops moving by itself until 'go'"},
    {"engine", {NULL}, "SIDE", cmd_engine, "who the engine plays: red, black, both or none"},
    {"level", {NULL}, "[N]", cmd_level, "engine skill 0 (beginner) .. 20 (full strength)"},
    {"time", {NULL}, "S", cmd_time, "engine seconds per move (0: no time limit)"},
    {"depth", {NULL}, "N", cmd_depth, "engine depth limit in plies (0: none)"},
    {"nodes", {NULL}, "N", cmd_nodes, "engine node limit (0: none)"},
    {"threads", {NULL}, "N", cmd_threads, "engine threads"},
    {"hash", {NULL}, "MB", cmd_hash, "engine hash table size in megabytes"},
    {"rules", {NULL}, "R", cmd_rules,
     "axf, cxa or simple: how repetitions and the move limit end games"},
    {"notation", {NULL}, "N", cmd_notation, "moves shown in iccs, wxf or chinese"},
    {"moves", {NULL}, "", cmd_moves, "the legal moves, by piece"},
    {"history", {NULL}, "", cmd_history, "the moves of the game so far"},
    {"fen", {NULL}, "", cmd_fen, "the position as FEN"},
    {"board", {NULL}, "", cmd_board, "draw the board again"},
    {"flip", {NULL}, "", cmd_flip, "turn the board around"},
    {"compact", {NULL}, "[on|off]", cmd_compact,
     "the small board (two columns a point) for narrow terminals, or the full one"},
    {"settings", {NULL}, "", cmd_settings, "the engine's settings"},
    {"resign", {NULL}, "", cmd_resign, "give up the game"},
    {"quit", {"exit", "q"}, "", cmd_quit, "leave (the end of the input does too)"},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* The command named (or aliased) word, or NULL. */
static const command_t *find_command(const char *word)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (!strcmp(word, commands[i].name))
            return &commands[i];
        for (int k = 0; k < 3 && commands[i].aliases[k]; k++)
            if (!strcmp(word, commands[i].aliases[k]))
                return &commands[i];
    }
    return NULL;
}

static void help_line(const command_t *c)
{
    char head[64], also[64] = "";
    snprintf(head, sizeof head, "%s%s%s", c->name, *c->args ? " " : "", c->args);
    for (int k = 0; k < 3 && c->aliases[k]; k++) {
        size_t len = strlen(also);
        snprintf(also + len, sizeof also - len, "%s%s", k ? ", " : " (also: ", c->aliases[k]);
    }
    if (*also)
        strncat(also, ")", sizeof also - strlen(also) - 1);
    say("  %-17s %s%s", head, c->help, also);
}

static void cmd_help(game_t *g, const char *arg)
{
    (void)g;
    if (*arg) {
        char word[32];
        snprintf(word, sizeof word, "%s", arg);
        for (char *p = word; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        const command_t *c = find_command(word);
        if (c)
            help_line(c);
        else
            say("No command '%s'. Type 'help' for the commands.", arg);
        return;
    }
    say("Moves: in any notation: coordinates (h2e2: file a-i from Red's left, rank 0-9\n"
        "from Red's side), WXF (C2.5, C2=5) or Chinese (炮二平五), full-width forms too.\n"
        "Commands:");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        help_line(&commands[i]);
    say("While the engine thinks (on a terminal): Enter or 'stop' takes its best move so far,\n"
        "'pause' stops it without a move, 'quit' leaves.");
}

/* Handle one line: a command of the table, or else a move. */
static void handle(game_t *g, char *line)
{
    char word[32];
    const char *arg;
    size_t w;
    if (!(line = input_split_command(line, word, sizeof word, &arg, &w)))
        return;
    const command_t *c = w < sizeof word ? find_command(word) : NULL;
    if (c)
        c->run(g, arg);
    else
        try_move(g, line);
}

/* ---- options ---- */

static void usage(FILE *f)
{
    fputs("usage: xiangqi [OPTIONS]\n"
          "\n"
          "Play Xiangqi (Chinese chess) in the terminal: against the engine (you\n"
          "play Red by default), against another person, or watch the engine play\n"
          "itself. The board is drawn with Chinese glyphs and colours; moves (in\n"
          "coordinates h2e2, WXF C2.5 or Chinese 炮二平五) and commands are typed one\n"
          "per line (type 'help' in the game). On a terminal a status line shows the\n"
          "engine's search and Enter takes its best move so far. Standard input may\n"
          "be a pipe: the lines are then read as they come, lines already waiting\n"
          "never cut the engine's thinking short, and the end of the input ends the\n"
          "program (stopping the engine).\n"
          "\n"
          "Players:\n"
          "  --engine SIDE      the side the engine plays: red, black (default), both\n"
          "                     (watch it play itself) or none (two people)\n"
          "  --red              you play Red against the engine (the default)\n"
          "  --black            you play Black against the engine (which opens); the\n"
          "                     board is turned around\n"
          "  --watch            the same as --engine both\n"
          "  --two-players      the same as --engine none\n"
          "  --max-plies N      the engine stops moving by itself once the game has N\n"
          "                     plies (for watching; 0 = no cap, the default)\n"
          "\n"
          "Start:\n"
          "  --fen FEN          start from this position instead of the start position\n"
          "  --load FILE        continue the game in FILE (PGN, XQF or DhtmlXQ; the\n"
          "                     main line of the first game)\n"
          "\n"
          "Engine:\n"
          "  --level N          skill 0 (beginner) .. 20 (full strength, the default)\n"
          "  --time S           seconds per engine move (default 3; 0 = none, only with\n"
          "                     --depth or --nodes)\n"
          "  --depth N          depth limit in plies (default none)\n"
          "  --nodes N          node limit (default none); with --threads 1 and\n"
          "                     --depth or --nodes and --time 0 the engine's moves are\n"
          "                     the same on every run\n"
          "  --threads N        search threads (default: the number of processors)\n"
          "  --hash MB          transposition table size (default 64)\n"
          "  --seed N           seed of the weaker levels' choices (default: the clock)\n"
          "  --thinking         print every progress report of the search as a line\n"
          "  --book FILE        opening book (default: the installed book.xqb); level 20\n"
          "                     plays its best move, the weaker levels pick by weight\n"
          "  --no-book          no opening book\n"
          "  --egtb DIR         endgame tables made by xq-egtb: the engine plays their\n"
          "                     best moves, hints name their result\n"
          "\n",
          f);
    fputs(          "Network play (on an xq-server; type 'help' there for its commands):\n"
          "  --connect HOST:PORT  play on the server's line protocol: seeks,\n"
          "                     challenges, games with clocks, chat, draws, take-backs,\n"
          "                     watching\n"
          "  --user NAME        log in as NAME (password: XQ_PASSWORD, or asked on the\n"
          "                     terminal without echo); without it, a guest\n"
          "  --register         create the account NAME first (with --user)\n"
          "  --reconnect-timeout S  after a lost connection (a server restart, a\n"
          "                     network cut), reconnect and resume the session for up\n"
          "                     to S seconds (default 300; 0: leave at once)\n"
          "\n"
          "Rules and notation:\n"
          "  --rules SET        axf (default), cxa or simple: how repetitions\n"
          "                     (perpetual check or chase), the move limit and bare\n"
          "                     material end the game; the engine never plays a move the\n"
          "                     rules forbid\n"
          "  --notation N       moves shown in iccs (default), wxf or chinese; any of\n"
          "                     them is accepted as input\n"
          "\n"
          "Display:\n"
          "  --ascii            letters (KABNRCP, upper case Red) and ASCII lines\n"
          "                     instead of Chinese glyphs, for terminals without CJK fonts\n"
          "  --color WHEN       ANSI colours: auto (default: when standard output is a\n"
          "                     terminal and TERM is not 'dumb'), always, never\n"
          "  --no-color         the same as --color never (also: NO_COLOR set)\n"
          "  --flip             turn the board around\n"
          "  --compact          the small board: two columns a point, no lines between\n"
          "                     the ranks (20 columns wide; the default on terminals\n"
          "                     narrower than 40 columns)\n"
          "  --full             the full board, also on narrow terminals\n"
          "\n"
          "  -h, --help         show this help\n"
          "  --version          show the version\n"
          "\n"
          "Exit status: 0 at quit or the end of the input, 2 for a bad option,\n"
          "FEN or file, 1 when --connect cannot connect or log in, or loses the\n"
          "connection for good.\n",
          f);
}

static int bad_value(const char *opt, const char *value, const char *want)
{
    return cli_usage_error("%s wants %s, not '%s'", opt, want, value);
}

int main(int argc, char **argv)
{
    game_t g;
    memset(&g, 0, sizeof g);
    const char *fen = NULL, *color = "auto", *load = NULL, *engine_side = "black", *book = NULL,
               *egtb = NULL;
    int no_book = 0;
    remote_opts net;
    memset(&net, 0, sizeof net);
    int flip = 0, ruleset = XQ_RULES_AXF, compact = -1; /* -1: by the terminal's width */
    long long v;
    long np = sysconf(_SC_NPROCESSORS_ONLN);
    g.eng.threads = np > 0 ? (int)(np < XQ_SEARCH_MAX_THREADS ? np : XQ_SEARCH_MAX_THREADS) : 1;
    g.eng.hash_mb = 64;
    g.eng.level = XQ_SKILL_MAX;
    g.eng.seconds = 3;
    g.eng.notation = XQ_NOTATION_ICCS;
    g.eng.seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    int time_given = 0, reconnect_given = 0;
    net.reconnect_s = 300;
    cli_init("xiangqi");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        char name[32];
        const char *eq = strchr(a, '=');
        if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) { /* --opt=value */
            snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
            a = name;
            val = eq + 1;
        }
        int flag = 1;
        if (!val && cli_standard(a, usage)) {
            return 0;
        } else if (!strcmp(a, "--ascii")) {
            g.view.ascii = 1;
        } else if (!strcmp(a, "--flip")) {
            flip = 1;
        } else if (!strcmp(a, "--compact")) {
            compact = 1;
        } else if (!strcmp(a, "--full")) {
            compact = 0;
        } else if (!strcmp(a, "--no-color") || !strcmp(a, "--no-colour")) {
            color = "never";
        } else if (!strcmp(a, "--red")) {
            engine_side = "black";
        } else if (!strcmp(a, "--black")) {
            engine_side = "red";
        } else if (!strcmp(a, "--watch")) {
            engine_side = "both";
        } else if (!strcmp(a, "--two-players")) {
            engine_side = "none";
        } else if (!strcmp(a, "--thinking")) {
            g.eng.thinking = 1;
        } else if (!strcmp(a, "--no-book")) {
            no_book = 1;
        } else if (!strcmp(a, "--register")) {
            net.register_user = 1;
        } else {
            flag = 0;
        }
        if (flag) {
            if (val)
                return bad_value(a, val, "no value");
            continue;
        }
        static const char *const with_value[] = {
            "--fen",   "--load",    "--color", "--colour", "--engine", "--level",     "--time",
            "--depth", "--nodes",   "--threads", "--hash", "--seed",   "--max-plies", "--rules",
            "--notation", "--book", "--connect", "--user", "--egtb", "--reconnect-timeout"};
        int known = 0;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
            known |= !strcmp(a, with_value[k]);
        if (!known)
            return cli_unknown_option(argv[i]);
        if (!val && i + 1 >= argc)
            return cli_missing_value(a);
        if (!val)
            val = argv[++i];
        if (0) {
        } else if (!strcmp(a, "--fen")) {
            fen = val;
        } else if (!strcmp(a, "--book")) {
            book = val;
        } else if (!strcmp(a, "--egtb")) {
            egtb = val;
        } else if (!strcmp(a, "--connect")) {
            net.connect = val;
        } else if (!strcmp(a, "--user")) {
            net.user = val;
        } else if (!strcmp(a, "--reconnect-timeout")) {
            if (!parse_int(val, 0, 86400, &v))
                return bad_value(a, val, "0..86400 (seconds)");
            net.reconnect_s = (int)v;
            reconnect_given = 1;
        } else if (!strcmp(a, "--load")) {
            load = val;
        } else if (!strcmp(a, "--color") || !strcmp(a, "--colour")) {
            color = val;
        } else if (!strcmp(a, "--engine")) {
            if (strcmp(val, "red") && strcmp(val, "black") && strcmp(val, "both") &&
                strcmp(val, "none"))
                return bad_value(a, val, "red, black, both or none");
            engine_side = val;
        } else if (!strcmp(a, "--level")) {
            if (!parse_int(val, 0, XQ_SKILL_MAX, &v))
                return bad_value(a, val, "0..20");
            g.eng.level = (int)v;
        } else if (!strcmp(a, "--time")) {
            if (!parse_seconds(val, &g.eng.seconds))
                return bad_value(a, val, "seconds");
            time_given = 1;
        } else if (!strcmp(a, "--depth")) {
            if (!parse_int(val, 0, XQ_SEARCH_MAX_DEPTH, &v))
                return bad_value(a, val, "0..100");
            g.eng.depth = (int)v;
        } else if (!strcmp(a, "--nodes")) {
            if (!parse_int(val, 0, LLONG_MAX, &v))
                return bad_value(a, val, "a node count");
            g.eng.nodes = v;
        } else if (!strcmp(a, "--threads")) {
            if (!parse_int(val, 1, XQ_SEARCH_MAX_THREADS, &v))
                return bad_value(a, val, "1..256");
            g.eng.threads = (int)v;
        } else if (!strcmp(a, "--hash")) {
            if (!parse_int(val, 1, XQ_SEARCH_MAX_HASH_MB, &v))
                return bad_value(a, val, "1..65536 (MB)");
            g.eng.hash_mb = (int)v;
        } else if (!strcmp(a, "--seed")) {
            if (!parse_int(val, 0, LLONG_MAX, &v))
                return bad_value(a, val, "a number");
            g.eng.seed = (unsigned long long)v;
        } else if (!strcmp(a, "--max-plies")) {
            if (!parse_int(val, 0, INT_MAX, &v))
                return bad_value(a, val, "a number of plies");
            g.max_plies = (int)v;
        } else if (!strcmp(a, "--rules")) {
            if ((ruleset = parse_ruleset(val)) < 0)
                return bad_value(a, val, "axf, cxa or simple");
        } else if (!strcmp(a, "--notation")) {
            if ((g.eng.notation = parse_notation(val)) < 0)
                return bad_value(a, val, "iccs, wxf or chinese");
        }
    }
    if (!time_given && (g.eng.depth || g.eng.nodes))
        g.eng.seconds = 0; /* a depth or node limit alone: deterministic */
    if (!g.eng.depth && !g.eng.nodes && g.eng.seconds <= 0) {
        fprintf(stderr, "xiangqi: --time 0 needs --depth or --nodes\n");
        return 2;
    }
    if (!strcmp(color, "always")) {
        g.view.color = 1;
    } else if (!strcmp(color, "never")) {
        g.view.color = 0;
    } else if (!strcmp(color, "auto")) {
        const char *term = getenv("TERM");
        g.view.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term && strcmp(term, "dumb");
    } else {
        return bad_value("--color", color, "auto, always or never");
    }
    if (net.connect || net.user || net.register_user || reconnect_given) {
        if (!net.connect)
            return cli_usage_error("--user, --register and --reconnect-timeout need --connect HOST:PORT");
        if (net.register_user && !net.user)
            return cli_usage_error("--register needs --user NAME");
#ifdef XQ_PLAY_NET
        net.notation = g.eng.notation;
        net.view = g.view;
        net.view.flip = flip;
        struct winsize nws;
        net.view.compact = compact >= 0 ? compact
                           : ioctl(STDOUT_FILENO, TIOCGWINSZ, &nws) == 0 && nws.ws_col > 0 &&
                               nws.ws_col < VIEW_FULL_COLUMNS;
        net.echo = !isatty(STDIN_FILENO);
        struct sigaction nsa;
        memset(&nsa, 0, sizeof nsa);
        nsa.sa_handler = on_sigint;
        sigaction(SIGINT, &nsa, NULL);
        return remote_main(&net, &interrupted);
#else
        fprintf(stderr, "xiangqi: built without network play (--connect needs jansson)\n");
        return 2;
#endif
    }
    xq_rules_init(&g.rules, XQ_RULES_VERSION, ruleset);
    g.rules_name = ruleset_name[ruleset];
    g.player[XQ_RED] = !strcmp(engine_side, "red") || !strcmp(engine_side, "both");
    g.player[XQ_BLACK] = !strcmp(engine_side, "black") || !strcmp(engine_side, "both");
    /* You play Black alone: Black at the bottom (--flip turns it back). */
    g.view.flip = (g.player[XQ_RED] == ENGINE && g.player[XQ_BLACK] == HUMAN) ^ flip;

    xq_parse_error err;
    int rc = xq_record_new(&g.rec, fen, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "xiangqi: bad FEN (%s at offset %d): %s\n", xq_strerror(rc), err.offset,
                err.message);
        return 2;
    }
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.threads = g.eng.threads;
    cfg.hash_mb = (size_t)g.eng.hash_mb;
    rc = xq_search_new(&g.eng.search, &cfg);
    if (rc != XQ_OK) {
        fprintf(stderr, "xiangqi: cannot start the engine (%d threads, %d MB): %s\n",
                g.eng.threads, g.eng.hash_mb, xq_strerror(rc));
        xq_record_free(g.rec);
        return 2;
    }
    xq_search_set_rules(g.eng.search, &g.rules); /* repetitions in its tree as in the game */
    if (book && !no_book) {
        char why[WHY_MAX];
        if (open_book(&g, book, why, sizeof why) != XQ_OK) {
            fprintf(stderr, "xiangqi: cannot use the book %s: %s\n", book, why);
            xq_search_free(g.eng.search);
            xq_record_free(g.rec);
            return 2;
        }
    } else if (!no_book) {
        char path[BOOK_PATH_MAX];
        /* The default book; without it the engine only searches. */
        char why[WHY_MAX];
        if (cli_data_file("book.xqb", path, sizeof path) == 0)
            open_book(&g, path, why, sizeof why);
    }
    if (egtb) {
        char why[WHY_MAX];
        if (open_egtb(&g, egtb, why, sizeof why) != XQ_OK) {
            fprintf(stderr, "xiangqi: cannot use the endgame tables %s: %s\n", egtb, why);
            xq_search_free(g.eng.search);
            xq_book_free(g.book);
            xq_record_free(g.rec);
            return 2;
        }
    }
    g.interactive = isatty(STDIN_FILENO);
    g.echo = !g.interactive;
    g.eng.keyboard = g.interactive;
    g.eng.live = isatty(STDOUT_FILENO) && !g.eng.thinking;
    struct winsize ws;
    g.eng.width = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    g.view.compact = compact >= 0 ? compact : g.eng.width < VIEW_FULL_COLUMNS;
    input_init(&g.in, STDIN_FILENO);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, NULL);

    int status = 0;
    say("xiangqi %s. Type 'help' for the commands.", xq_version_string());
    if (load) {
        if (load_game(&g, load) != XQ_OK) {
            status = 2;
            g.quit = 1;
        }
    }
    if (!g.quit) {
        if (g.player[XQ_RED] == ENGINE || g.player[XQ_BLACK] == ENGINE)
            say("The engine plays %s; level %d, %s. On a terminal, Enter moves it at once.",
                g.player[XQ_RED] == HUMAN     ? "Black"
                : g.player[XQ_BLACK] == HUMAN ? "Red"
                                              : "both sides",
                g.eng.level,
                g.eng.seconds > 0 ? "a time limit per move" : "a depth or node limit");
        show(&g);
    }
    char line[LINE_MAX_LEN];
    while (!g.quit) {
        while (!g.quit && !interrupted && engine_turn(&g))
            engine_play(&g);
        if (g.quit || interrupted)
            break;
        int us = xq_board_side_to_move(game_board(&g));
        printf("%s%d. %s> ", g.view.color ? "\033[1m" : "", xq_board_fullmove_number(game_board(&g)),
               side_name[us]);
        if (g.view.color)
            fputs("\033[0m", stdout);
        fflush(stdout);
        if (!input_line(&g.in, line, sizeof line) || interrupted) {
            fputc('\n', stdout);
            break;
        }
        if (g.echo)
            say("%s", line);
        handle(&g, line);
    }
    if (status == 0)
        say("Goodbye.");
    xq_search_free(g.eng.search);
    xq_egtb_free(g.egtb);
    xq_book_free(g.book);
    xq_record_free(g.rec);
    free(g.mover);
    return status;
}
