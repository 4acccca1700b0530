/* xq-uci: the libxiangqi engine behind the UCI protocol, with the UCCI
 * dialect that Chinese Xiangqi GUIs speak.
 *
 *   xq-uci              read commands from standard input
 *   xq-uci CMD ARGS...  run one command (e.g. `xq-uci bench`) and exit
 *
 * Moves are ICCS coordinates, ranks 0-9 from Red's side (h2e2), as in
 * Pikafish. See docs/engine.md for every command and option. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "bench.h"
#include "cli.h"

/* ---- output: one line at a time, from the reader and the search thread ---- */

static pthread_mutex_t out_mu = PTHREAD_MUTEX_INITIALIZER;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&out_mu);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&out_mu);
}

/* ---- engine state ---- */

typedef struct engine {
    xq_search *search;
    xq_board *board;
    int ucci;          /* the GUI said "ucci" */
    int ucci_millisec; /* UCCI times in milliseconds (option usemillisec) */
    int threads, multipv, skill, overhead;
    size_t hash;
    uint64_t seed;
    int nban;
    xq_move ban[XQ_MAX_MOVES];
    /* the running search */
    pthread_t waiter;
    int waiting;       /* a waiter thread exists and must be joined */
} engine;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void format_move(xq_move m, char *buf)
{
    if (xq_move_format(m, buf, XQ_MOVE_STR_MAX) < 0)
        strcpy(buf, "0000");
}

/* UCCI has no mate scores: a mate is a score near +-30000. */
static int ucci_score(int kind, int score)
{
    if (kind != XQ_SCORE_MATE)
        return score;
    return score > 0 ? 30000 - (2 * score - 1) : -30000 + 2 * -score;
}

static void on_info(const xq_search_info *info, void *userdata)
{
    const engine *e = userdata;
    char line[64 + 6 * XQ_PV_MAX + 200];
    int n;
    if (info->depth == 0) {
        say("info depth 0 score %s 0", info->score_kind == XQ_SCORE_MATE ? "mate" : "cp");
        return;
    }
    if (e->ucci)
        n = snprintf(line, sizeof line, "info depth %d score %d", (int)info->depth,
                     ucci_score(info->score_kind, info->score));
    else
        n = snprintf(line, sizeof line, "info depth %d seldepth %d multipv %d score %s %d%s",
                     (int)info->depth, (int)info->seldepth, (int)info->multipv,
                     info->score_kind == XQ_SCORE_MATE ? "mate" : "cp", (int)info->score,
                     info->bound == XQ_BOUND_LOWER   ? " lowerbound"
                     : info->bound == XQ_BOUND_UPPER ? " upperbound"
                                                     : "");
    n += snprintf(line + n, sizeof line - (size_t)n,
                  " nodes %" PRIu64 " nps %" PRIu64 " hashfull %d time %" PRId64 " pv", info->nodes,
                  info->nps, (int)info->hashfull, info->time_ms);
    for (int i = 0; i < info->pv_length && (size_t)n + 6 < sizeof line; i++) {
        char mv[XQ_MOVE_STR_MAX];
        format_move(info->pv[i], mv);
        n += snprintf(line + n, sizeof line - (size_t)n, " %s", mv);
    }
    say("%s", line);
}

/* Runs for each `go`: waits for the search and prints bestmove. */
static void *waiter_main(void *arg)
{
    engine *e = arg;
    xq_search_result r;
    if (xq_search_wait(e->search, &r) != XQ_OK) {
        say("info string error: the search failed");
        say(e->ucci ? "nobestmove" : "bestmove (none)");
        return NULL;
    }
    if (!r.best_move) {
        say(e->ucci ? "nobestmove" : "bestmove (none)");
        return NULL;
    }
    char best[XQ_MOVE_STR_MAX], ponder[XQ_MOVE_STR_MAX];
    format_move(r.best_move, best);
    if (r.ponder_move) {
        format_move(r.ponder_move, ponder);
        say("bestmove %s ponder %s", best, ponder);
    } else {
        say("bestmove %s", best);
    }
    return NULL;
}

/* Wait for the current search to end (stopping it first if asked). */
static void finish_search(engine *e, int stop)
{
    if (!e->waiting)
        return;
    if (stop)
        xq_search_stop(e->search);
    pthread_join(e->waiter, NULL);
    e->waiting = 0;
}

/* ---- tokenizer ---- */

typedef struct tokens {
    char *v[1024];
    int n;
} tokens;

static void split(char *line, tokens *t)
{
    t->n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && t->n < 1024; p = strtok(NULL, " \t\r\n"))
        t->v[t->n++] = p;
}

static int parse_long(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!s)
        return 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

/* ---- commands ---- */

static void cmd_uci(engine *e, int ucci)
{
    e->ucci = ucci;
    say("id name libxiangqi %s", xq_version_string());
    say("id author the libxiangqi authors");
    if (ucci) {
        say("option usemillisec type check default false");
        say("option hashsize type spin min 1 max %d default 16", XQ_SEARCH_MAX_HASH_MB);
        say("option threads type spin min 1 max %d default 1", XQ_SEARCH_MAX_THREADS);
        say("option newgame type button");
        say("ucciok");
        return;
    }
    say("option name Threads type spin default 1 min 1 max %d", XQ_SEARCH_MAX_THREADS);
    say("option name Hash type spin default 16 min 1 max %d", XQ_SEARCH_MAX_HASH_MB);
    say("option name Clear Hash type button");
    say("option name MultiPV type spin default 1 min 1 max %d", XQ_MAX_MOVES);
    say("option name Skill Level type spin default %d min 0 max %d", XQ_SKILL_MAX, XQ_SKILL_MAX);
    say("option name Skill Seed type spin default 0 min 0 max 2147483647");
    say("option name Move Overhead type spin default 10 min 0 max 5000");
    say("option name Ponder type check default false");
    say("option name Rules type combo default AXF var AXF var CXA var Simple");
    say("uciok");
}

static void set_threads(engine *e, long long v)
{
    int rc = xq_search_set_threads(e->search, (int)v);
    if (rc == XQ_OK)
        e->threads = (int)v;
    else
        say("info string error: Threads %lld: %s", v, xq_strerror(rc));
}

static void set_hash(engine *e, long long v)
{
    int rc = xq_search_resize_hash(e->search, (size_t)v);
    if (rc == XQ_OK)
        e->hash = (size_t)v;
    else
        say("info string error: Hash %lld: %s", v, xq_strerror(rc));
}

/* Case-insensitive compare of a multi-word option name. */
static int name_is(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return !*a && !*b;
}

static void cmd_setoption(engine *e, tokens *t)
{
    finish_search(e, 1);
    char name[256] = "", value[256] = "";
    int i = 1;
    if (t->n >= 2 && strcmp(t->v[1], "name") == 0) {
        for (i = 2; i < t->n && strcmp(t->v[i], "value") != 0; i++) {
            if (name[0])
                strncat(name, " ", sizeof name - strlen(name) - 1);
            strncat(name, t->v[i], sizeof name - strlen(name) - 1);
        }
        for (i++; i < t->n; i++) {
            if (value[0])
                strncat(value, " ", sizeof value - strlen(value) - 1);
            strncat(value, t->v[i], sizeof value - strlen(value) - 1);
        }
    } else if (t->n >= 2) {
        /* UCCI: setoption <name> [<value>] */
        snprintf(name, sizeof name, "%s", t->v[1]);
        if (t->n >= 3)
            snprintf(value, sizeof value, "%s", t->v[2]);
    } else {
        say("info string error: setoption needs a name");
        return;
    }
    long long v;
    if (name_is(name, "Threads") || name_is(name, "threads")) {
        if (parse_long(value, 1, XQ_SEARCH_MAX_THREADS, &v))
            set_threads(e, v);
        else
            say("info string error: Threads must be 1..%d", XQ_SEARCH_MAX_THREADS);
    } else if (name_is(name, "Hash") || name_is(name, "hashsize")) {
        if (parse_long(value, 1, XQ_SEARCH_MAX_HASH_MB, &v))
            set_hash(e, v);
        else
            say("info string error: Hash must be 1..%d", XQ_SEARCH_MAX_HASH_MB);
    } else if (name_is(name, "Clear Hash") || name_is(name, "newgame")) {
        xq_search_clear(e->search);
    } else if (name_is(name, "MultiPV")) {
        if (parse_long(value, 1, XQ_MAX_MOVES, &v))
            e->multipv = (int)v;
        else
            say("info string error: MultiPV must be 1..%d", XQ_MAX_MOVES);
    } else if (name_is(name, "Skill Level")) {
        if (parse_long(value, 0, XQ_SKILL_MAX, &v))
            e->skill = (int)v;
        else
            say("info string error: Skill Level must be 0..%d", XQ_SKILL_MAX);
    } else if (name_is(name, "Skill Seed")) {
        if (parse_long(value, 0, 2147483647, &v))
            e->seed = (uint64_t)v;
        else
            say("info string error: Skill Seed must be 0..2147483647");
    } else if (name_is(name, "Move Overhead")) {
        if (parse_long(value, 0, 5000, &v))
            e->overhead = (int)v;
        else
            say("info string error: Move Overhead must be 0..5000");
    } else if (name_is(name, "Rules")) {
        /* How repetitions and the move limit are judged inside the search. */
        const int set = name_is(value, "AXF")      ? XQ_RULES_AXF
                        : name_is(value, "CXA")    ? XQ_RULES_CXA
                        : name_is(value, "Simple") ? XQ_RULES_SIMPLE
                                                   : -1;
        xq_rules rules;
        if (set < 0)
            say("info string error: Rules must be AXF, CXA or Simple");
        else if (xq_rules_init(&rules, XQ_RULES_VERSION, set) != XQ_OK ||
                 xq_search_set_rules(e->search, &rules) != XQ_OK)
            say("info string error: cannot set the rules now");
    } else if (name_is(name, "usemillisec")) {
        e->ucci_millisec = strcmp(value, "true") == 0 || strcmp(value, "on") == 0;
    } else if (name_is(name, "Ponder") || name_is(name, "UCI_AnalyseMode") ||
               name_is(name, "batch") || name_is(name, "debug") || name_is(name, "usehash") ||
               name_is(name, "usebook") || name_is(name, "useegtb") ||
               name_is(name, "bookfiles") || name_is(name, "egtbpaths") ||
               name_is(name, "evalapi") || name_is(name, "idle") || name_is(name, "promotion") ||
               name_is(name, "pruning") || name_is(name, "knowledge") ||
               name_is(name, "randomness") || name_is(name, "style")) {
        /* accepted (UCI and the standard UCCI options); nothing to do */
    } else if (name_is(name, "UCI_Variant")) {
        if (!name_is(value, "xiangqi"))
            say("info string error: only the xiangqi variant is supported");
    } else {
        say("info string error: unknown option '%s'", name);
    }
}

/* position startpos|fen FEN [moves M...]; the position is unchanged on error. */
static void cmd_position(engine *e, tokens *t)
{
    finish_search(e, 1);
    char fen[512] = "";
    int i = 1;
    if (i < t->n && strcmp(t->v[i], "startpos") == 0) {
        i++;
    } else if (i < t->n && strcmp(t->v[i], "fen") == 0) {
        for (i++; i < t->n && strcmp(t->v[i], "moves") != 0; i++) {
            if (fen[0])
                strncat(fen, " ", sizeof fen - strlen(fen) - 1);
            strncat(fen, t->v[i], sizeof fen - strlen(fen) - 1);
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
        for (i++; i < t->n; i++) {
            xq_move m;
            if (xq_move_parse(t->v[i], &m) != XQ_OK || xq_board_make_move(b, m) != XQ_OK) {
                say("info string error: illegal move '%s'; position unchanged", t->v[i]);
                xq_board_free(b);
                return;
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
        if (xq_move_parse(t->v[i], &m) != XQ_OK) {
            say("info string error: bad move '%s' in banmoves", t->v[i]);
            continue;
        }
        e->ban[e->nban++] = m;
    }
}

static void cmd_perft(engine *e, long long depth)
{
    xq_move moves[XQ_MAX_MOVES];
    uint64_t counts[XQ_MAX_MOVES], total = 0;
    double t0 = now_s();
    int n = xq_perft_divide(e->board, (int)depth, moves, counts, XQ_MAX_MOVES);
    if (n < 0) {
        say("info string error: perft: %s", xq_strerror(n));
        return;
    }
    for (int i = 0; i < n; i++) {
        char mv[XQ_MOVE_STR_MAX];
        format_move(moves[i], mv);
        say("%s: %" PRIu64, mv, counts[i]);
        total += counts[i];
    }
    double dt = now_s() - t0;
    say("%s", "");
    say("Nodes searched: %" PRIu64, total);
    say("info string perft time %.3f s, %.0f nodes/s", dt, dt > 0 ? (double)total / dt : 0.0);
}

static void cmd_go(engine *e, tokens *t)
{
    finish_search(e, 1);
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.multipv = e->multipv;
    lim.skill = e->skill;
    lim.seed = e->seed;
    lim.move_overhead_ms = e->overhead;
    for (int i = 0; i < e->nban; i++)
        lim.banmoves[lim.nbanmoves++] = e->ban[i];
    const int side = xq_board_side_to_move(e->board);
    const int unit = e->ucci && !e->ucci_millisec ? 1000 : 1; /* UCCI: seconds */
    /* A refused go still gets its answer, so a GUI waiting for one does
     * not hang. */
    const char *no_move = e->ucci ? "nobestmove" : "bestmove (none)";
    long long v;
    for (int i = 1; i < t->n; i++) {
        const char *k = t->v[i];
        const char *arg = i + 1 < t->n ? t->v[i + 1] : NULL;
#define NUM(lo, hi)                                                                \
    do {                                                                           \
        if (!parse_long(arg, lo, hi, &v)) {                                        \
            say("info string error: go %s needs a number in %lld..%lld", k,        \
                (long long)(lo), (long long)(hi));                                 \
            say("%s", no_move);                                                          \
            return;                                                                \
        }                                                                          \
        i++;                                                                       \
    } while (0)
        if (strcmp(k, "infinite") == 0) {
            lim.infinite = 1;
        } else if (strcmp(k, "ponder") == 0) {
            lim.ponder = 1;
        } else if (strcmp(k, "draw") == 0) {
            /* UCCI draw offer: ignored */
        } else if (strcmp(k, "depth") == 0 && arg && strcmp(arg, "infinite") == 0) {
            lim.infinite = 1; /* UCCI */
            i++;
        } else if (strcmp(k, "depth") == 0) {
            NUM(1, XQ_SEARCH_MAX_DEPTH);
            lim.depth = (int32_t)v;
        } else if (strcmp(k, "nodes") == 0) {
            NUM(1, INT64_MAX);
            lim.nodes = (uint64_t)v;
        } else if (strcmp(k, "movetime") == 0) {
            NUM(0, INT32_MAX);
            lim.movetime_ms = v ? (int32_t)v : 1;
        } else if (strcmp(k, "mate") == 0) {
            NUM(1, XQ_SEARCH_MAX_DEPTH / 2);
            lim.mate = (int32_t)v;
        } else if (strcmp(k, "movestogo") == 0) {
            NUM(0, 100000);
            lim.movestogo = (int32_t)v;
        } else if (strcmp(k, "wtime") == 0 || strcmp(k, "btime") == 0 || strcmp(k, "time") == 0 ||
                   strcmp(k, "opptime") == 0) {
            NUM(INT32_MIN, INT32_MAX);
            long long ms = v * unit;
            if (ms < 0)
                ms = 0;
            if (ms > INT32_MAX)
                ms = INT32_MAX;
            int red = strcmp(k, "wtime") == 0 || (strcmp(k, "time") == 0 && side == XQ_RED) ||
                      (strcmp(k, "opptime") == 0 && side == XQ_BLACK);
            if (red)
                lim.red_time_ms = (int32_t)ms;
            else
                lim.black_time_ms = (int32_t)ms;
        } else if (strcmp(k, "winc") == 0 || strcmp(k, "binc") == 0 ||
                   strcmp(k, "increment") == 0 || strcmp(k, "oppincrement") == 0) {
            NUM(0, INT32_MAX);
            long long ms = v * unit;
            if (ms > INT32_MAX)
                ms = INT32_MAX;
            int red = strcmp(k, "winc") == 0 || (strcmp(k, "increment") == 0 && side == XQ_RED) ||
                      (strcmp(k, "oppincrement") == 0 && side == XQ_BLACK);
            if (red)
                lim.red_inc_ms = (int32_t)ms;
            else
                lim.black_inc_ms = (int32_t)ms;
        } else if (strcmp(k, "searchmoves") == 0) {
            for (i++; i < t->n && lim.nsearchmoves < XQ_MAX_MOVES; i++) {
                xq_move m;
                if (xq_move_parse(t->v[i], &m) != XQ_OK) {
                    i--;
                    break;
                }
                lim.searchmoves[lim.nsearchmoves++] = m;
            }
        } else if (strcmp(k, "perft") == 0) {
            NUM(1, 64);
            cmd_perft(e, v);
            return;
        } else {
            say("info string error: unknown go parameter '%s'", k);
            say("%s", no_move);
            return;
        }
#undef NUM
    }
    int rc = xq_search_start(e->search, e->board, &lim, on_info, e);
    if (rc != XQ_OK) {
        say("info string error: cannot search: %s", xq_strerror(rc));
        say("%s", no_move);
        return;
    }
    if (pthread_create(&e->waiter, NULL, waiter_main, e) != 0) {
        xq_search_stop(e->search);
        xq_search_wait(e->search, NULL);
        say("info string error: cannot create a thread");
        say("%s", no_move);
        return;
    }
    e->waiting = 1;
}

/* bench [depth] [threads] [hash]: fixed-depth searches of the bench
 * positions; the node count is the search's signature. */
static void cmd_bench(engine *e, tokens *t)
{
    finish_search(e, 1);
    long long depth = BENCH_DEPTH, threads = 1, hash = 16;
    if (t->n > 1 && !parse_long(t->v[1], 1, XQ_SEARCH_MAX_DEPTH, &depth)) {
        say("info string error: bench depth must be 1..%d", XQ_SEARCH_MAX_DEPTH);
        return;
    }
    if (t->n > 2 && !parse_long(t->v[2], 1, XQ_SEARCH_MAX_THREADS, &threads)) {
        say("info string error: bench threads must be 1..%d", XQ_SEARCH_MAX_THREADS);
        return;
    }
    if (t->n > 3 && !parse_long(t->v[3], 1, XQ_SEARCH_MAX_HASH_MB, &hash)) {
        say("info string error: bench hash must be 1..%d", XQ_SEARCH_MAX_HASH_MB);
        return;
    }
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.threads = (int)threads;
    cfg.hash_mb = (size_t)hash;
    xq_search *s;
    int rc = xq_search_new(&s, &cfg);
    if (rc != XQ_OK) {
        say("info string error: bench: %s", xq_strerror(rc));
        return;
    }
    uint64_t nodes = 0;
    double t0 = now_s();
    for (int i = 0; bench_fens[i]; i++) {
        xq_board *b;
        if (xq_board_new(&b, bench_fens[i], NULL) != XQ_OK) {
            say("info string error: bad bench FEN %d", i + 1);
            continue;
        }
        xq_search_limits lim;
        xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
        lim.depth = (int32_t)depth;
        xq_search_result r;
        xq_search_clear(s);
        xq_search_run(s, b, &lim, &r);
        char mv[XQ_MOVE_STR_MAX];
        format_move(r.best_move, mv);
        say("position %2d: bestmove %s score %s %d nodes %" PRIu64, i + 1, mv,
            r.score_kind == XQ_SCORE_MATE ? "mate" : "cp", (int)r.score, r.nodes);
        nodes += r.nodes;
        xq_board_free(b);
    }
    double dt = now_s() - t0;
    xq_search_free(s);
    say("===========================");
    say("Total time (ms) : %.0f", dt * 1000);
    say("Nodes searched: %" PRIu64, nodes);
    say("Nodes/second    : %.0f", dt > 0 ? (double)nodes / dt : 0.0);
    (void)e;
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
        say("%d  %s", r, row);
    }
    say("   a b c d e f g h i");
    say("fen %s", fen);
    say("key %016" PRIx64 "%s", xq_board_hash(e->board),
        xq_board_in_check(e->board) == 1 ? " (in check)" : "");
}

/* Execute one command line; returns 0 after quit. */
static int execute(engine *e, char *line)
{
    tokens t;
    split(line, &t);
    if (t.n == 0)
        return 1;
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
    } else if (strcmp(c, "position") == 0) {
        cmd_position(e, &t);
    } else if (strcmp(c, "banmoves") == 0) {
        cmd_banmoves(e, &t);
    } else if (strcmp(c, "go") == 0) {
        cmd_go(e, &t);
    } else if (strcmp(c, "stop") == 0) {
        xq_search_stop(e->search);
        finish_search(e, 0);
    } else if (strcmp(c, "ponderhit") == 0) {
        xq_search_ponderhit(e->search);
    } else if (strcmp(c, "quit") == 0) {
        finish_search(e, 1);
        if (e->ucci)
            say("bye");
        return 0;
    } else if (strcmp(c, "bench") == 0) {
        cmd_bench(e, &t);
    } else if (strcmp(c, "d") == 0 || strcmp(c, "print") == 0) {
        cmd_display(e);
    } else if (strcmp(c, "eval") == 0) {
        int32_t cp;
        xq_evaluate(e->board, &cp);
        say("info string static evaluation %d cp (side to move)", (int)cp);
    } else if (strcmp(c, "probe") == 0) {
        say("info string probe is not supported");
    } else if (strcmp(c, "debug") == 0 || strcmp(c, "register") == 0) {
        /* nothing to do */
    } else {
        say("info string error: unknown command '%s'", c);
    }
    return 1;
}

static void usage(FILE *f)
{
    fputs("usage: xq-uci [COMMAND ARGS...]\n"
          "\n"
          "A UCI (and UCCI) Xiangqi engine. Without arguments it reads protocol\n"
          "commands from standard input; with arguments it runs that one command\n"
          "and exits, e.g. `xq-uci bench` or `xq-uci bench 12 2 64` (depth,\n"
          "threads, hash MB). See docs/engine.md.\n"
          "\n"
          "  -h, --help   show this help\n"
          "  --version    show the version\n",
          f);
}

int main(int argc, char **argv)
{
    engine e;
    cli_init("xq-uci");
    memset(&e, 0, sizeof e);
    e.threads = 1;
    e.hash = 16;
    e.multipv = 1;
    e.skill = XQ_SKILL_MAX;
    e.overhead = 10;
    if (xq_search_new(&e.search, NULL) != XQ_OK || xq_board_new(&e.board, NULL, NULL) != XQ_OK) {
        cli_error("cannot create the engine");
        return 1;
    }
    int rc = 0;
    if (argc > 1) {
        if (cli_standard(argv[1], usage))
            goto done;
        if (argv[1][0] == '-') {
            rc = cli_unknown_option(argv[1]);
            goto done;
        }
        size_t len = 1;
        for (int i = 1; i < argc; i++)
            len += strlen(argv[i]) + 1;
        char *line = malloc(len);
        if (!line) {
            cli_error("%s", xq_strerror(XQ_ENOMEM));
            rc = 1;
            goto done;
        }
        line[0] = 0;
        for (int i = 1; i < argc; i++) {
            if (i > 1)
                strcat(line, " ");
            strcat(line, argv[i]);
        }
        execute(&e, line);
        free(line);
        finish_search(&e, 0);
        goto done;
    }
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) >= 0)
        if (!execute(&e, line))
            break;
    free(line);
    finish_search(&e, 1);
done:
    xq_search_free(e.search);
    xq_board_free(e.board);
    return rc;
}
