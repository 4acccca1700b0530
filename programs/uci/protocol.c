/* SPDX-License-Identifier: MIT */
/* xq-uci's protocol: the output lines, the commands of UCI and UCCI and the
 * engine's state (uci.h). main.c reads the lines; the fuzz harness
 * (tests/fuzz/fuzz_uci.c) feeds them here too. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "datadir.h"
#include "go.h"
#include "uci.h"

/* ---- output: one line at a time, from the reader and the search thread ---- */

static pthread_mutex_t out_mu = PTHREAD_MUTEX_INITIALIZER;
static FILE *out_file; /* NULL: standard output */

void uci_set_output(FILE *f) { out_file = f; }

void say(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&out_mu);
    FILE *f = out_file ? out_file : stdout;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputc('\n', f);
    fflush(f);
    pthread_mutex_unlock(&out_mu);
}

/* ---- limits ---- */

/* The longest FEN taken (longer: refused). */
#define MAX_FEN_TEXT 512

/* ---- tokenizer ---- */

/* Splits line in place; 0, or XQ_ENOMEM (then t->n is 0: nothing is acted on). */
static int split(char *line, tokens *t)
{
    t->n = 0;
    for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (t->n == t->cap) {
            int cap = t->cap ? 2 * t->cap : 64;
            char **v = cap > 0 ? realloc(t->v, (size_t)cap * sizeof *v) : NULL;
            if (!v) {
                t->n = 0;
                return XQ_ENOMEM;
            }
            t->v = v;
            t->cap = cap;
        }
        t->v[t->n++] = p;
    }
    return XQ_OK;
}

/* Joins words [from, to) with single spaces into buf; 0, or -1 if they do not fit. */
int join_words(const tokens *t, int from, int to, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = from; i < to; i++) {
        size_t w = strlen(t->v[i]);
        if (len + (len > 0) + w + 1 > cap)
            return -1;
        if (len > 0)
            buf[len++] = ' ';
        memcpy(buf + len, t->v[i], w + 1);
        len += w;
    }
    return 0;
}

/* ---- commands ---- */

static void cmd_uci(engine *e, int ucci)
{
    e->ucci = ucci;
    say("id name libxiangqi %s", xq_version_string());
    say("id author the libxiangqi authors");
    list_options(e, ucci);
    say(ucci ? "ucciok" : "uciok");
}

static void cmd_setoption(engine *e, tokens *t)
{
    finish_search(e, 1);
    set_option(e, t);
}

/* position startpos|fen FEN [moves M...]; the position is unchanged on error. */
static void cmd_position(engine *e, tokens *t)
{
    finish_search(e, 1);
    char fen[MAX_FEN_TEXT] = "";
    int i = 1;
    if (i < t->n && strcmp(t->v[i], "startpos") == 0) {
        i++;
    } else if (i < t->n && strcmp(t->v[i], "fen") == 0) {
        int from = ++i;
        while (i < t->n && strcmp(t->v[i], "moves") != 0)
            i++;
        if (i == from) {
            say("info string error: position fen needs a FEN; position unchanged");
            return;
        }
        if (join_words(t, from, i, fen, sizeof fen) != 0) {
            say("info string error: FEN longer than %d bytes; position unchanged",
                MAX_FEN_TEXT - 1);
            return;
        }
    } else {
        say("info string error: position needs 'startpos' or 'fen'");
        return;
    }
    xq_board *b;
    xq_parse_error err;
    int rc = xq_board_new(&b, fen[0] ? fen : NULL, &err);
    if (rc != XQ_OK) {
        say("info string error: bad FEN (%s at offset %d); position unchanged", err.message,
            err.offset);
        return;
    }
    if (i < t->n && strcmp(t->v[i], "moves") == 0) {
        /* An illegal move ends the list: the position is the one after the
         * legal moves before it (as Stockfish does), so a following go
         * answers for the side that is really to move there. */
        const int first = ++i;
        for (; i < t->n; i++) {
            xq_move m;
            if (parse_move(e, t->v[i], &m) != XQ_OK || xq_board_make_move(b, m) != XQ_OK) {
                say("info string error: illegal move '%s' (move %d of the list); position set "
                    "after the %d moves before it, the rest ignored",
                    t->v[i], i - first + 1, i - first);
                break;
            }
        }
    } else if (i < t->n) {
        say("info string error: unexpected '%s' in position; position unchanged", t->v[i]);
        xq_board_free(b);
        return;
    }
    xq_board_free(e->board);
    e->board = b;
    e->nban = 0;
}

static void cmd_banmoves(engine *e, tokens *t)
{
    e->nban = 0;
    for (int i = 1; i < t->n && e->nban < XQ_MAX_MOVES; i++) {
        xq_move m;
        if (parse_move(e, t->v[i], &m) != XQ_OK) {
            say("info string error: bad move '%s' in banmoves", t->v[i]);
            continue;
        }
        e->ban[e->nban++] = m;
    }
}

/* A move of the GUI for go searchmoves (go_context.read_move). */
static int read_move(const void *ctx, const char *text, xq_move *out)
{
    return parse_move(ctx, text, out);
}

static void cmd_go(engine *e, tokens *t)
{
    finish_search(e, 1);
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.multipv = e->multipv;
    lim.skill = e->skill;
    lim.seed = e->seed;
    if (e->book) /* a different book line in each game of a session, reproducibly */
        lim.seed += (uint64_t)e->games; /* the library mixes the seed (splitmix64) */
    lim.move_overhead_ms = e->overhead;
    for (int i = 0; i < e->nban; i++)
        lim.banmoves[lim.nbanmoves++] = e->ban[i];
    const go_context c = {
        .side_to_move = xq_board_side_to_move(e->board),
        .unit_ms = e->ucci && !e->ucci_millisec ? 1000 : 1, /* UCCI: seconds */
        .read_move = read_move,
        .ctx = e,
    };
    /* A refused go still gets its answer, so a GUI waiting for one does
     * not hang. */
    const char *no_move = e->ucci ? "nobestmove" : "bestmove (none)";
    char err[160];
    int depth;
    switch (go_parse(&c, t->v + 1, t->n - 1, &lim, &depth, err, sizeof err)) {
    case GO_PERFT:
        start_perft(e, depth);
        return;
    case GO_ERROR:
        say("info string error: %s", err);
        say("%s", no_move);
        return;
    default:
        break;
    }
    if (start_search(e, &lim) != 0)
        say("%s", no_move);
}

static void cmd_display(engine *e)
{
    char fen[XQ_FEN_MAX];
    xq_board_fen(e->board, fen, sizeof fen);
    for (int r = 9; r >= 0; r--) {
        char row[32];
        int n = 0;
        for (int f = 0; f < 9; f++) {
            int pc = xq_board_piece_at(e->board, xq_square(f, r));
            row[n++] = pc > 0 ? (char)xq_piece_char(pc) : '.';
            row[n++] = ' ';
        }
        row[n] = 0;
        say("%*d  %s", 1 + e->ranks1, r + e->ranks1, row);
    }
    say("%s   a b c d e f g h i", e->ranks1 ? " " : "");
    say("fen %s", fen);
    say("key %016" PRIx64 "%s", xq_board_hash(e->board),
        xq_board_in_check(e->board) == 1 ? " (in check)" : "");
}

static int execute_words(engine *e, tokens *tp);

int uci_execute(engine *e, char *line)
{
    tokens t = {NULL, 0, 0};
    int go_on = 1;
    if (split(line, &t) != XQ_OK)
        say("info string error: out of memory reading a command; ignored");
    else if (t.n > 0)
        go_on = execute_words(e, &t);
    free(t.v);
    return go_on;
}

static int execute_words(engine *e, tokens *tp)
{
    tokens t = *tp;
    const char *c = t.v[0];
    if (strcmp(c, "uci") == 0) {
        cmd_uci(e, 0);
    } else if (strcmp(c, "ucci") == 0) {
        cmd_uci(e, 1);
    } else if (strcmp(c, "isready") == 0) {
        say("readyok");
    } else if (strcmp(c, "setoption") == 0) {
        cmd_setoption(e, &t);
    } else if (strcmp(c, "ucinewgame") == 0) {
        finish_search(e, 1);
        xq_search_clear(e->search);
        e->games++;
    } else if (strcmp(c, "position") == 0) {
        cmd_position(e, &t);
    } else if (strcmp(c, "banmoves") == 0) {
        cmd_banmoves(e, &t);
    } else if (strcmp(c, "go") == 0) {
        cmd_go(e, &t);
    } else if (strcmp(c, "stop") == 0) {
        finish_search(e, 1);
    } else if (strcmp(c, "ponderhit") == 0) {
        xq_search_ponderhit(e->search);
    } else if (strcmp(c, "quit") == 0) {
        finish_search(e, 1);
        if (e->ucci)
            say("bye");
        return 0;
    } else if (strcmp(c, "bench") == 0) {
        start_bench(e, &t);
    } else if (strcmp(c, "d") == 0 || strcmp(c, "print") == 0) {
        cmd_display(e);
    } else if (strcmp(c, "eval") == 0) {
        int32_t cp;
        xq_search_evaluate(e->search, e->board, &cp);
        say("info string static evaluation %d cp (side to move, %s)", (int)cp,
            xq_search_get_eval(e->search) == XQ_EVAL_NNUE ? "nnue" : "classical");
    } else if (strcmp(c, "probe") == 0) {
        say("info string probe is not supported");
    } else if (strcmp(c, "debug") == 0 || strcmp(c, "register") == 0) {
        /* nothing to do */
    } else {
        say("info string error: unknown command '%s'", c);
    }
    return 1;
}

/* ---- the engine's state ---- */

int uci_engine_init(engine *e)
{
    memset(e, 0, sizeof *e);
    pthread_mutex_init(&e->job_mu, NULL);
    e->threads = 1;
    e->hash = 16;
    e->multipv = 1;
    e->skill = XQ_SKILL_MAX;
    e->overhead = 10;
    if (cli_data_file("book.xqb", e->book_file, sizeof e->book_file) != 0)
        e->book_file[0] = 0;
    if (xq_search_new(&e->search, NULL) != XQ_OK || xq_board_new(&e->board, NULL, NULL) != XQ_OK) {
        xq_search_free(e->search);
        xq_board_free(e->board);
        return -1;
    }
    e->default_eval = xq_search_get_eval(e->search);
    return 0;
}

void uci_engine_free(engine *e)
{
    xq_search_free(e->search);
    xq_book_free(e->book);
    xq_egtb_free(e->egtb);
    xq_board_free(e->board);
    pthread_mutex_destroy(&e->job_mu);
}
