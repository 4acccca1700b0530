/* SPDX-License-Identifier: MIT */
/* xq-match: play UCI/UCCI Xiangqi engines against each other, with
 * libxiangqi as the referee.
 *
 *   xq-match -engine cmd=PATH [arg=A]... [name=N] [proto=uci|ucci] [ranks=0|1]
 *                    [fen=std|he] [option.NAME=VALUE]...
 *            -engine ...
 *            (-movetime MS | -nodes N | -depth N | -tc BASE+INC [-movestogo N])
 *            [-openings FILE] [-rounds N] [-concurrency N] [-pgn FILE] ...
 *
 * Every opening is played twice, once with each engine as Red. Each move an
 * engine sends is checked for legality; the library's rule adjudication
 * (xq_board_outcome(): checkmate, stalemate, repetition with perpetual check
 * and chase, the move limit, insufficient material) and the game length
 * limit end a game. A crash, an illegal move or a timeout loses it. The closing
 * line gives wins, draws and losses of the first engine, its score and the
 * Elo difference with a 95% error bar. See docs/engine.md. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"
#include "engine.h"

#define MAX_GAME_PLIES 2000
#define MAX_OPENING_MOVES 64
#define MOVE_TEXT_WIDTH 7         /* " h2e2" or " h3e3" with ranks 1-10, and room */
#define UNTIMED_MOVE_LIMIT_MS 600000 /* -nodes / -depth: a move taking longer is a timeout */
#define MATE_SCORE 30000          /* "score mate N" as centipawns: MATE_SCORE - N */
#define PROGRESS_DEFAULT_S 30     /* a running game reports after this long without output */

/* ---- configuration ---- */


typedef struct opening {
    char fen[XQ_FEN_MAX];
    int nmoves;
    xq_move moves[MAX_OPENING_MOVES];
} opening;

static struct {
    engine_cfg eng[2];
    int movetime, depth, movestogo;
    long long nodes;
    int base_ms, inc_ms; /* clock; base_ms < 0: no clock */
    int timemargin;
    int rounds, concurrency;
    int draw_plies, max_plies; /* draw_plies < 0: the rule set's limit */
    int ruleset;
    xq_rules rules;
    const char *openings_path, *pgn_path, *json_path;
    int quiet;
    int progress_s; /* seconds between progress lines of a running game; 0: none */
    opening *open;
    int nopen;
} cfg;

/* ---- shared results ---- */

enum { T_MATE, T_STALEMATE, T_REPETITION, T_PERPETUAL, T_CHASE, T_THREAT, T_NOCAPTURE,
       T_MATERIAL, T_LENGTH, T_ILLEGAL, T_TIMEOUT, T_CRASH, T_NB };
static const char *const term_text[T_NB] = {
    "checkmate", "stalemate (no legal move)", "repetition", "perpetual check",
    "perpetual chase", "perpetual mate threat", "no-capture limit", "insufficient material",
    "game length limit", "illegal move", "time forfeit", "engine crash"};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int next_game, games_total, games_done;
static int wins, draws, losses; /* of engine 0 */
static int term_count[T_NB];
static int fault_by[2][T_NB]; /* losses by illegal move / timeout / crash, per engine */
static FILE *pgn_file;
/* An engine that cannot be started (or dies in its handshake) ends the
 * match: every game would be a forfeit. Set once, under mu. */
static char abort_msg[600];

/* The result of each game, by number, for -json. */
typedef struct game_summary {
    int played, red, opening, result, term, plies;
    char detail[160];
} game_summary;
static game_summary *summaries;

static void abort_match(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void abort_match(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&mu);
    if (!abort_msg[0]) {
        va_start(ap, fmt);
        vsnprintf(abort_msg, sizeof abort_msg, fmt, ap);
        va_end(ap);
    }
    pthread_mutex_unlock(&mu);
}

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("xq-match: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* A bad command line: one line with the hint, exit 2. */
static void usage_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void usage_die(const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    exit(cli_usage_error("%s", msg));
}

/* ---- notation per engine ---- */

/* Notation flags for an engine's moves (ICCS, ranks 0-9 or 1-10). */
static unsigned int notation_flags(const engine_cfg *c)
{
    return c->ranks1 ? XQ_NOTATION_RANKS_1_10 : 0u;
}

static void fen_for(const engine_cfg *c, const char *fen, char *out, size_t cap)
{
    snprintf(out, cap, "%s", fen);
    if (!c->fen_he)
        return;
    for (char *p = out; *p && *p != ' '; p++) {
        if (*p == 'N') *p = 'H';
        else if (*p == 'n') *p = 'h';
        else if (*p == 'B') *p = 'E';
        else if (*p == 'b') *p = 'e';
    }
}

/* ---- refereeing ---- */

typedef struct game {
    int index, opening, red; /* red: index of the engine playing Red */
    xq_board *board;
    char start_fen[XQ_FEN_MAX];
    int nplies;
    xq_move moves[MAX_GAME_PLIES];
    int scores[MAX_GAME_PLIES];
    int has_score[MAX_GAME_PLIES];
    int result; /* xq_result */
    int term;
    char detail[160];
    /* The moves so far as each engine writes them, " m1 m2 ...". */
    char movetext[2][MAX_GAME_PLIES * MOVE_TEXT_WIDTH + 8];
    size_t movelen[2];
    int64_t reported_ms; /* when the game started or last printed progress */
} game;

/* Play a legal move on the game board, recording it for both engines. */
static void game_play(game *g, xq_move m)
{
    for (int k = 0; k < 2; k++) {
        char mv[XQ_MOVE_TEXT_MAX];
        xq_board_move_to_text(g->board, m, XQ_NOTATION_ICCS, notation_flags(&cfg.eng[k]), mv,
                              sizeof mv);
        g->movelen[k] += (size_t)snprintf(g->movetext[k] + g->movelen[k],
                                          sizeof g->movetext[k] - g->movelen[k], " %s", mv);
    }
    xq_board_make_move(g->board, m);
    g->moves[g->nplies] = m;
    g->has_score[g->nplies] = 0;
    g->nplies++;
}

/* After a move: is the game over by the rules? The library's referee
 * (xq_board_outcome() under cfg.rules) decides; sets g->result, g->term and,
 * for repetitions and the move limit, g->detail with the evidence. */
static int adjudicate(game *g)
{
    xq_outcome o;
    const int st = xq_board_outcome(g->board, &cfg.rules, &o);
    if (st > XQ_RESULT_ONGOING) {
        static const int term_of[] = {
            [XQ_REASON_CHECKMATE] = T_MATE,
            [XQ_REASON_NO_LEGAL_MOVE] = T_STALEMATE,
            [XQ_REASON_REPETITION] = T_REPETITION,
            [XQ_REASON_PERPETUAL_CHECK] = T_PERPETUAL,
            [XQ_REASON_PERPETUAL_CHASE] = T_CHASE,
            [XQ_REASON_PERPETUAL_MATE_THREAT] = T_THREAT,
            [XQ_REASON_MOVE_LIMIT] = T_NOCAPTURE,
            [XQ_REASON_INSUFFICIENT_MATERIAL] = T_MATERIAL,
        };
        g->result = st;
        g->term = o.reason >= XQ_REASON_CHECKMATE && o.reason <= XQ_REASON_INSUFFICIENT_MATERIAL
                      ? term_of[o.reason]
                      : T_REPETITION;
        if (o.reason >= XQ_REASON_REPETITION && o.reason <= XQ_REASON_MOVE_LIMIT) {
            /* "0-1 perpetual chase by Red: f5 chasing f7 (cycle ...)": keep
             * what follows the reason and the side at fault. */
            char text[sizeof g->detail];
            xq_outcome_format(&o, text, sizeof text);
            const char *d = strstr(text, xq_reason_name(o.reason));
            d = d ? d + strlen(xq_reason_name(o.reason)) : text;
            if (strncmp(d, " by Red", 7) == 0)
                d += 7;
            else if (strncmp(d, " by Black", 9) == 0)
                d += 9;
            d += strspn(d, ": ");
            /* "(cycle from ply 31, 8 plies)" alone loses its parentheses. */
            const size_t len = strlen(d);
            if (len > 2 && d[0] == '(' && d[len - 1] == ')' && !strchr(d + 1, '('))
                snprintf(g->detail, sizeof g->detail, "%.*s", (int)(len - 2), d + 1);
            else
                snprintf(g->detail, sizeof g->detail, "%s", d);
        }
        return 1;
    }
    if (g->nplies >= cfg.max_plies) {
        g->result = XQ_RESULT_DRAW;
        g->term = T_LENGTH;
        return 1;
    }
    return 0;
}

static void forfeit(game *g, int loser_is_red, int term, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void forfeit(game *g, int loser_is_red, int term, const char *fmt, ...)
{
    va_list ap;
    g->result = loser_is_red ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS;
    g->term = term;
    va_start(ap, fmt);
    vsnprintf(g->detail, sizeof g->detail, fmt, ap);
    va_end(ap);
}

/* ---- one game, phase by phase ---- */

/* Phase 1: the board from the opening's FEN with its moves played. */
static void set_up_opening(game *g, const opening *op)
{
    xq_board_new(&g->board, op->fen, NULL);
    xq_board_fen(g->board, g->start_fen, sizeof g->start_fen);
    g->nplies = 0;
    g->detail[0] = 0;
    g->movelen[0] = g->movelen[1] = 0;
    g->movetext[0][0] = g->movetext[1][0] = 0;
    for (int i = 0; i < op->nmoves; i++)
        game_play(g, op->moves[i]);
}

/* Phase 2: both engines running (restarted after a crash or a timeout) and
 * told a new game starts; 0, or -1 with the game forfeited. */
static int prepare_engines(game *g, engine e[2])
{
    for (int k = 0; k < 2; k++) {
        char why[300];
        if (e[k].dead && eng_start(&e[k], &cfg.eng[k], why, sizeof why) != 0) {
            /* It played before and cannot be restarted: the rest of the
             * match would be forfeits, so it ends here. */
            abort_match("engine %s (%s) could not be restarted: %s", cfg.eng[k].name,
                        cfg.eng[k].cmd, why);
            forfeit(g, k == g->red, T_CRASH, "%s could not be started", cfg.eng[k].name);
            return -1;
        }
        eng_send(&e[k], e[k].c->ucci ? "setoption newgame" : "ucinewgame");
    }
    return 0;
}

/* The clocks of a game with -tc, by colour. */
typedef struct clocks {
    int64_t left[2];
} clocks;

/* Moves a side has played since the opening. */
static int moves_since_opening(const game *g, const opening *op)
{
    return (g->nplies - op->nmoves) / 2;
}

/* The position command for the engine k to move, then isready: the engine is
 * idle and has the position before its clock runs. 0, or -1 (forfeited). */
static int send_position(game *g, engine *en, int k, int side)
{
    char fen[XQ_FEN_MAX * 2];
    fen_for(en->c, g->start_fen, fen, sizeof fen);
    if (eng_send(en, "position fen %s%s%s", fen, g->nplies ? " moves" : "", g->movetext[k]) ||
        eng_send(en, "isready") || eng_expect(en, "readyok", HANDSHAKE_TIMEOUT_MS)) {
        forfeit(g, side == XQ_RED, T_CRASH, "%s stopped responding", en->c->name);
        return -1;
    }
    return 0;
}

/* The go command for the side to move under the match's limit, and the time
 * it has (margin included) before the move counts as a timeout. */
static int64_t go_command(const game *g, const opening *op, const engine_cfg *c, int side,
                          const clocks *ck, char *cmd, size_t cap)
{
    if (cfg.base_ms >= 0) {
        int64_t rt = ck->left[XQ_RED] > 0 ? ck->left[XQ_RED] : 1;
        int64_t bt = ck->left[XQ_BLACK] > 0 ? ck->left[XQ_BLACK] : 1;
        int n;
        if (c->ucci)
            n = snprintf(cmd, cap, "go time %" PRId64 " increment %d opptime %" PRId64
                         " oppincrement %d", side == XQ_RED ? rt : bt, cfg.inc_ms,
                         side == XQ_RED ? bt : rt, cfg.inc_ms);
        else
            n = snprintf(cmd, cap, "go wtime %" PRId64 " btime %" PRId64 " winc %d binc %d", rt,
                         bt, cfg.inc_ms, cfg.inc_ms);
        if (cfg.movestogo > 0) {
            int mtg = cfg.movestogo - moves_since_opening(g, op) % cfg.movestogo;
            snprintf(cmd + n, cap - (size_t)n, " movestogo %d", mtg);
        }
        return ck->left[side] + cfg.timemargin;
    }
    if (cfg.movetime > 0) {
        if (c->ucci)
            snprintf(cmd, cap, "go time %d movestogo 1", cfg.movetime);
        else
            snprintf(cmd, cap, "go movetime %d", cfg.movetime);
        return cfg.movetime + cfg.timemargin;
    }
    if (cfg.nodes > 0)
        snprintf(cmd, cap, "go nodes %lld", cfg.nodes);
    else
        snprintf(cmd, cap, "go depth %d", cfg.depth);
    return UNTIMED_MOVE_LIMIT_MS;
}

/* The score of an info line, in centipawns from the mover's side; 1 if it has one. */
static int info_score(const char *line, int ucci, int *score)
{
    const char *p = strstr(line, " score ");
    if (!p)
        return 0;
    p += 7;
    if (strncmp(p, "cp ", 3) == 0) {
        *score = atoi(p + 3);
    } else if (strncmp(p, "mate ", 5) == 0) {
        int mt = atoi(p + 5);
        *score = mt > 0 ? MATE_SCORE - mt : -MATE_SCORE - mt;
    } else if (ucci) {
        *score = atoi(p);
    } else {
        return 0;
    }
    return 1;
}

/* The engine's reply to go: its last score and its bestmove text ("" for
 * nobestmove). 0, or -1 with the game forfeited (death or timeout). */
static int read_reply(game *g, engine *en, int side, int64_t t0, int64_t limit, char *best,
                      size_t cap, int *score, int *have_score)
{
    char line[LINE_MAX_LEN];
    best[0] = 0;
    for (;;) {
        int rc = eng_read(en, line, sizeof line, t0 + limit);
        if (rc < 0) {
            forfeit(g, side == XQ_RED, T_CRASH, "%s died", en->c->name);
            return -1;
        }
        if (rc == 0) {
            forfeit(g, side == XQ_RED, T_TIMEOUT, "%s did not move within %" PRId64 " ms",
                    en->c->name, limit);
            eng_kill(en);
            return -1;
        }
        if (strncmp(line, "info", 4) == 0) {
            if (info_score(line, en->c->ucci, score))
                *have_score = 1;
        } else if (strncmp(line, "bestmove", 8) == 0) {
            const char *p = line + 8 + strspn(line + 8, " \t");
            size_t n = strcspn(p, " \t");
            snprintf(best, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
            return 0;
        } else if (strncmp(line, "nobestmove", 10) == 0) {
            return 0;
        }
    }
}

/* With -tc: charge the time used to the mover's clock, add the increment
 * and, every -movestogo moves, the base time again. 0, or -1 (lost on time). */
static int charge_clock(game *g, const opening *op, const engine_cfg *c, int side, clocks *ck,
                        int64_t used)
{
    if (cfg.base_ms < 0)
        return 0;
    ck->left[side] -= used;
    if (ck->left[side] < -cfg.timemargin) {
        forfeit(g, side == XQ_RED, T_TIMEOUT, "%s lost on time (%" PRId64 " ms over)", c->name,
                -ck->left[side]);
        return -1;
    }
    ck->left[side] += cfg.inc_ms;
    /* -movestogo N: every N moves of a side (after the opening) its clock gets
     * BASE again, as the engines were told. */
    if (cfg.movestogo > 0 && (moves_since_opening(g, op) + 1) % cfg.movestogo == 0)
        ck->left[side] += cfg.base_ms;
    return 0;
}

/* Phase 3: one move of the side to move: position, go, reply, clock, and the
 * move checked and played. 0 to go on, -1 when the game has ended. */
static int play_one_move(game *g, const opening *op, engine e[2], clocks *ck)
{
    char cmd_buf[256];
    const int side = xq_board_side_to_move(g->board);
    const int k = side == XQ_RED ? g->red : !g->red;
    engine *en = &e[k];
    const engine_cfg *c = en->c;
    if (send_position(g, en, k, side))
        return -1;
    const int64_t limit = go_command(g, op, c, side, ck, cmd_buf, sizeof cmd_buf);
    const int64_t t0 = now_ms();
    if (eng_send(en, "%s", cmd_buf)) {
        forfeit(g, side == XQ_RED, T_CRASH, "%s died", c->name);
        return -1;
    }
    int have_score = 0, score = 0;
    char best[64];
    if (read_reply(g, en, side, t0, limit, best, sizeof best, &score, &have_score))
        return -1;
    if (charge_clock(g, op, c, side, ck, now_ms() - t0))
        return -1;
    xq_move m;
    if (!best[0] || xq_board_move_from_text(g->board, best, XQ_NOTATION_ICCS, notation_flags(c),
                                            &m, NULL) != XQ_OK) {
        forfeit(g, side == XQ_RED, T_ILLEGAL, "%s played an illegal move '%s'", c->name,
                best[0] ? best : "(none)");
        return -1;
    }
    if (g->nplies >= MAX_GAME_PLIES - 1) {
        g->result = XQ_RESULT_DRAW;
        g->term = T_LENGTH;
        return -1;
    }
    game_play(g, m);
    g->scores[g->nplies - 1] = score;
    g->has_score[g->nplies - 1] = have_score;
    return 0;
}

/* Play one game between e[0] and e[1] (g->red says who is Red): the opening,
 * the engines' preparation, then moves until adjudication (phase 4, after
 * the opening and after every move) ends it. g->result, g->term and
 * g->detail hold the result (phase 5 is record_result()). */
static const char *result_text(int r);

/* A line about a game still running (-progress): every progress_s seconds
 * of play, after the move that crosses the mark. */
static void report_progress(game *g, const clocks *ck)
{
    if (cfg.quiet || cfg.progress_s <= 0)
        return;
    const int64_t now = now_ms();
    if (now - g->reported_ms < (int64_t)cfg.progress_s * 1000)
        return;
    g->reported_ms = now;
    const int last = g->nplies - 1;
    char mv[XQ_MOVE_STR_MAX] = "-", score[48] = "", clock[64] = "";
    if (last >= 0)
        xq_move_format(g->moves[last], mv, sizeof mv);
    const int mover_red = last >= 0 && xq_board_side_to_move(g->board) == XQ_BLACK;
    const char *mover = cfg.eng[mover_red ? g->red : !g->red].name;
    if (last >= 0 && g->has_score[last])
        snprintf(score, sizeof score, ", score %+.2f", g->scores[last] / 100.0);
    if (cfg.base_ms >= 0)
        snprintf(clock, sizeof clock, ", clocks %.1f s - %.1f s", ck->left[XQ_RED] / 1000.0,
                 ck->left[XQ_BLACK] / 1000.0);
    pthread_mutex_lock(&mu);
    printf("Game %d/%d running: %s vs %s (opening %d), ply %d, last move %s by %s%s%s\n",
           g->index + 1, games_total, cfg.eng[g->red].name, cfg.eng[!g->red].name,
           g->opening + 1, g->nplies, mv, mover, score, clock);
    fflush(stdout);
    pthread_mutex_unlock(&mu);
}

/* 1 when the game was played to its end (a result to count), 0 when it
 * could not start because an engine could not be restarted. */
static int play(game *g, engine e[2])
{
    const opening *op = &cfg.open[g->opening];
    clocks ck = {{cfg.base_ms, cfg.base_ms}};
    set_up_opening(g, op);
    g->reported_ms = now_ms();
    if (prepare_engines(g, e))
        return 0;
    while (!adjudicate(g)) {
        if (play_one_move(g, op, e, &ck))
            break;
        report_progress(g, &ck);
    }
    return 1;
}

/* Phase 5: count the result of a finished game (under the lock). */
static void record_result(const game *g)
{
    game_summary *sm = &summaries[g->index];
    sm->played = 1;
    sm->red = g->red;
    sm->opening = g->opening;
    sm->result = g->result;
    sm->term = g->term;
    sm->plies = g->nplies;
    snprintf(sm->detail, sizeof sm->detail, "%s", g->detail);
    int loser_red = g->result == XQ_RESULT_BLACK_WINS;
    int e0_red = g->red == 0;
    if (g->result == XQ_RESULT_DRAW)
        draws++;
    else if (loser_red != e0_red)
        wins++;
    else
        losses++;
    term_count[g->term]++;
    if (g->term == T_ILLEGAL || g->term == T_TIMEOUT || g->term == T_CRASH) {
        int loser = loser_red ? g->red : !g->red;
        fault_by[loser][g->term]++;
    }
    games_done++;
}

/* ---- PGN ---- */

static const char *result_text(int r)
{
    return r == XQ_RESULT_RED_WINS ? "1-0" : r == XQ_RESULT_BLACK_WINS ? "0-1" : "1/2-1/2";
}

static void write_pgn(const game *g)
{
    if (!pgn_file)
        return;
    const opening *op = &cfg.open[g->opening];
    xq_record *rec;
    if (xq_record_new(&rec, g->start_fen, NULL) != XQ_OK) {
        fprintf(stderr, "xq-match: cannot write game %d to the PGN\n", g->index + 1);
        return;
    }
    char date[32], text[128];
    time_t tt = time(NULL);
    struct tm tmv;
    localtime_r(&tt, &tmv);
    strftime(date, sizeof date, "%Y.%m.%d", &tmv);
    xq_record_set_tag(rec, "Event", "xq-match");
    xq_record_set_tag(rec, "Site", "?");
    xq_record_set_tag(rec, "Date", date);
    snprintf(text, sizeof text, "%d", g->index + 1);
    xq_record_set_tag(rec, "Round", text);
    xq_record_set_tag(rec, "Red", cfg.eng[g->red].name);
    xq_record_set_tag(rec, "Black", cfg.eng[!g->red].name);
    xq_record_set_tag(rec, "Result", result_text(g->result));
    if (cfg.base_ms >= 0)
        snprintf(text, sizeof text, "%g+%g", cfg.base_ms / 1000.0, cfg.inc_ms / 1000.0);
    else if (cfg.movetime > 0)
        snprintf(text, sizeof text, "movetime %d ms", cfg.movetime);
    else if (cfg.nodes > 0)
        snprintf(text, sizeof text, "nodes %lld", cfg.nodes);
    else
        snprintf(text, sizeof text, "depth %d", cfg.depth);
    xq_record_set_tag(rec, "TimeControl", text);
    snprintf(text, sizeof text, "%d", g->opening + 1);
    xq_record_set_tag(rec, "Opening", text);
    snprintf(text, sizeof text, "%d", g->nplies);
    xq_record_set_tag(rec, "PlyCount", text);
    xq_record_set_tag(rec, "Termination", term_text[g->term]);
    /* Moves, with each engine's score after its move and the end of the
     * opening marked. */
    for (int i = 0; i < g->nplies; i++) {
        if (xq_record_play(rec, g->moves[i]) != XQ_OK)
            break;
        if (i == op->nmoves - 1)
            xq_record_set_comment(rec, "end of opening");
        else if (g->has_score[i]) {
            snprintf(text, sizeof text, "%+.2f", g->scores[i] / 100.0);
            xq_record_set_comment(rec, text);
        }
    }
    char end[256];
    snprintf(end, sizeof end, "%s%s%s", term_text[g->term], g->detail[0] ? ": " : "", g->detail);
    if (g->nplies == 0 || g->nplies == op->nmoves) {
        xq_record_set_comment(rec, end);
    } else {
        char last[128] = "";
        xq_record_comment(rec, last, sizeof last);
        char both[400];
        snprintf(both, sizeof both, "%s%s%s", last, last[0] ? "; " : "", end);
        xq_record_set_comment(rec, both);
    }
    int n = xq_record_to_pgn(rec, NULL, NULL, 0);
    char *buf = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && xq_record_to_pgn(rec, NULL, buf, (size_t)n + 1) == n) {
        fputs(buf, pgn_file);
        fflush(pgn_file);
    } else {
        fprintf(stderr, "xq-match: cannot write game %d to the PGN\n", g->index + 1);
    }
    free(buf);
    xq_record_free(rec);
}

/* ---- statistics ---- */

/* Elo difference of a score fraction. */
static double elo_of(double s)
{
    if (s <= 0)
        return -INFINITY;
    if (s >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0) + 0.0; /* + 0.0: no "-0.0" for an even score */
}

static void print_score(FILE *f, int final)
{
    int n = wins + draws + losses;
    double s = n ? (wins + 0.5 * draws) / n : 0.5;
    fprintf(f, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", cfg.eng[0].name, cfg.eng[1].name,
            wins, losses, draws, s, n);
    if (!final)
        return;
    /* Per-game variance of the score, normal approximation. */
    double var = n ? (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) +
                      losses * s * s) / n
                   : 0;
    double err = n ? 1.959964 * sqrt(var / n) : 0;
    double lo = elo_of(s - err), hi = elo_of(s + err), e = elo_of(s);
    fprintf(f, "W/D/L: %d/%d/%d, score %.1f/%d (%.1f%%)\n", wins, draws, losses,
            wins + 0.5 * draws, n, 100 * s);
    if (isfinite(e) && isfinite(lo) && isfinite(hi))
        fprintf(f, "Elo difference: %.1f +/- %.1f (95%%: %.1f .. %.1f)\n", e, (hi - lo) / 2, lo,
                hi);
    else if (isfinite(e))
        fprintf(f, "Elo difference: %.1f (95%% error bar unbounded: score %.3f +/- %.3f)\n", e, s,
                err);
    else
        fprintf(f, "Elo difference: %s (score %.3f; error bar undefined)\n",
                e > 0 ? "+inf" : "-inf", s);
    fprintf(f, "Game endings:");
    for (int t = 0; t < T_NB; t++)
        if (term_count[t])
            fprintf(f, " %s %d;", term_text[t], term_count[t]);
    fputc('\n', f);
    for (int k = 0; k < 2; k++)
        fprintf(f, "%s lost %d by illegal move, %d by time, %d by crash\n", cfg.eng[k].name,
                fault_by[k][T_ILLEGAL], fault_by[k][T_TIMEOUT], fault_by[k][T_CRASH]);
}

/* ---- JSON (-json) ---- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* A finite number, or null (an Elo of a score 0 or 1). */
static void json_number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.2f", v);
    else
        fputs("null", f);
}

/* The match's result as one JSON object (see the manual, JSON). */
static void write_json(FILE *f)
{
    const int n = wins + draws + losses;
    const double s = n ? (wins + 0.5 * draws) / n : 0.5;
    const double var =
        n ? (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n : 0;
    const double err = n ? 1.959964 * sqrt(var / n) : 0;
    fputs("{\n  \"engines\": [", f);
    json_string(f, cfg.eng[0].name);
    fputs(", ", f);
    json_string(f, cfg.eng[1].name);
    fprintf(f, "],\n  \"games\": %d,\n  \"scheduled\": %d,\n", n, games_total);
    fprintf(f, "  \"wins\": %d,\n  \"draws\": %d,\n  \"losses\": %d,\n", wins, draws, losses);
    fprintf(f, "  \"points\": %.1f,\n  \"score\": %.4f,\n  \"elo\": ", wins + 0.5 * draws, s);
    json_number(f, n ? elo_of(s) : NAN);
    fputs(",\n  \"elo_low\": ", f);
    json_number(f, n ? elo_of(s - err) : NAN);
    fputs(",\n  \"elo_high\": ", f);
    json_number(f, n ? elo_of(s + err) : NAN);
    fputs(",\n  \"endings\": {", f);
    for (int t = 0, first = 1; t < T_NB; t++) {
        if (!term_count[t])
            continue;
        fputs(first ? "" : ", ", f);
        json_string(f, term_text[t]);
        fprintf(f, ": %d", term_count[t]);
        first = 0;
    }
    fputs("},\n  \"forfeits\": {", f);
    for (int k = 0; k < 2; k++) {
        fputs(k ? ", " : "", f);
        json_string(f, cfg.eng[k].name);
        fprintf(f, ": {\"illegal move\": %d, \"time\": %d, \"crash\": %d}",
                fault_by[k][T_ILLEGAL], fault_by[k][T_TIMEOUT], fault_by[k][T_CRASH]);
    }
    fputs("},\n  \"aborted\": ", f);
    if (abort_msg[0])
        json_string(f, abort_msg);
    else
        fputs("null", f);
    fputs(",\n  \"results\": [", f);
    for (int i = 0, first = 1; i < games_total; i++) {
        const game_summary *g = &summaries[i];
        if (!g->played)
            continue;
        fprintf(f, "%s\n    {\"game\": %d, \"red\": ", first ? "" : ",", i + 1);
        json_string(f, cfg.eng[g->red].name);
        fputs(", \"black\": ", f);
        json_string(f, cfg.eng[!g->red].name);
        fprintf(f, ", \"opening\": %d, \"result\": \"%s\", \"termination\": ", g->opening + 1,
                result_text(g->result));
        json_string(f, term_text[g->term]);
        fputs(", \"detail\": ", f);
        json_string(f, g->detail);
        fprintf(f, ", \"plies\": %d}", g->plies);
        first = 0;
    }
    fputs("\n  ]\n}\n", f);
}

/* ---- game threads ---- */

static void *runner(void *arg)
{
    (void)arg;
    engine e[2];
    int started = 1;
    for (int k = 0; k < 2; k++) {
        char why[300];
        if (eng_start(&e[k], &cfg.eng[k], why, sizeof why) != 0) {
            abort_match("engine %s (%s) failed to start: %s", cfg.eng[k].name, cfg.eng[k].cmd,
                        why);
            started = 0;
        }
    }
    game *g = calloc(1, sizeof *g);
    if (!g)
        die("out of memory");
    while (started) {
        pthread_mutex_lock(&mu);
        int idx = next_game < games_total && !abort_msg[0] ? next_game++ : -1;
        pthread_mutex_unlock(&mu);
        if (idx < 0)
            break;
        memset(g, 0, sizeof *g);
        g->index = idx;
        g->opening = (idx / 2) % cfg.nopen;
        g->red = idx % 2; /* engine 0 is Red in even games */
        if (!play(g, e)) {
            xq_board_free(g->board);
            g->board = NULL;
            break;
        }
        pthread_mutex_lock(&mu);
        record_result(g);
        write_pgn(g);
        if (!cfg.quiet) {
            printf("Game %d/%d: %s vs %s (opening %d): %s {%s%s%s}\n", idx + 1, games_total,
                   cfg.eng[g->red].name, cfg.eng[!g->red].name, g->opening + 1,
                   result_text(g->result), term_text[g->term], g->detail[0] ? ": " : "", g->detail);
            print_score(stdout, 0);
            fflush(stdout);
        }
        pthread_mutex_unlock(&mu);
        xq_board_free(g->board);
        g->board = NULL;
    }
    free(g);
    for (int k = 0; k < 2; k++)
        eng_quit(&e[k]);
    return NULL;
}

/* ---- openings ---- */

static void load_openings(const char *path)
{
    int cap = 0;
    if (!path) {
        cfg.open = calloc(1, sizeof *cfg.open);
        if (!cfg.open)
            die("out of memory");
        strcpy(cfg.open[0].fen, XQ_START_FEN);
        cfg.nopen = 1;
        return;
    }
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open %s: %s", path, strerror(errno));
    char line[4096];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\r' || !*p)
            continue;
        if (cfg.nopen == cap) {
            cap = cap ? 2 * cap : 64;
            cfg.open = realloc(cfg.open, (size_t)cap * sizeof *cfg.open);
            if (!cfg.open)
                die("out of memory");
        }
        opening *op = &cfg.open[cfg.nopen];
        memset(op, 0, sizeof *op);
        strcpy(op->fen, XQ_START_FEN);
        /* "fen FEN [moves M...]" or a list of moves from the start position */
        if (strncmp(p, "fen ", 4) == 0) {
            char *mv = strstr(p, " moves ");
            if (mv)
                *mv = 0;
            p += 4;
            p[strcspn(p, "\r\n")] = 0;
            if (strlen(p) >= sizeof op->fen)
                die("%s:%d: FEN too long", path, lineno);
            strcpy(op->fen, p);
            p = mv ? mv + 7 : p + strlen(p);
        } else if (strncmp(p, "moves ", 6) == 0) {
            p += 6;
        }
        xq_board *b;
        xq_parse_error err;
        if (xq_board_new(&b, op->fen, &err) != XQ_OK)
            die("%s:%d: bad FEN: %s", path, lineno, err.message);
        for (char *t = strtok(p, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            xq_move m;
            if (op->nmoves >= MAX_OPENING_MOVES)
                die("%s:%d: more than %d opening moves", path, lineno, MAX_OPENING_MOVES);
            if (xq_move_parse(t, &m) != XQ_OK || xq_board_make_move(b, m) != XQ_OK)
                die("%s:%d: illegal move '%s'", path, lineno, t);
            op->moves[op->nmoves++] = m;
        }
        if (xq_board_status(b, NULL) != XQ_RESULT_ONGOING)
            die("%s:%d: the opening ends the game", path, lineno);
        xq_board_free(b);
        cfg.nopen++;
    }
    fclose(f);
    if (!cfg.nopen)
        die("%s: no openings", path);
}

/* ---- command line ---- */

static void parse_engine(engine_cfg *c, char **argv, int *i, int argc)
{
    memset(c, 0, sizeof *c);
    while (*i + 1 < argc && argv[*i + 1][0] != '-') {
        char *kv = argv[++*i];
        char *eq = strchr(kv, '=');
        if (!eq)
            usage_die("engine setting '%s' is not KEY=VALUE", kv);
        *eq = 0;
        char *v = eq + 1;
        if (strcmp(kv, "cmd") == 0)
            c->cmd = v;
        else if (strcmp(kv, "arg") == 0) {
            if (c->nargs >= MAX_ARGS)
                usage_die("too many arg= settings");
            c->args[c->nargs++] = v;
        } else if (strcmp(kv, "name") == 0)
            c->name = v;
        else if (strcmp(kv, "proto") == 0) {
            if (strcmp(v, "uci") && strcmp(v, "ucci"))
                usage_die("proto must be uci or ucci");
            c->ucci = strcmp(v, "ucci") == 0;
        } else if (strcmp(kv, "ranks") == 0) {
            if (strcmp(v, "0") && strcmp(v, "1"))
                usage_die("ranks must be 0 or 1");
            c->ranks1 = v[0] == '1';
        } else if (strcmp(kv, "fen") == 0) {
            if (strcmp(v, "std") && strcmp(v, "he"))
                usage_die("fen must be std or he");
            c->fen_he = strcmp(v, "he") == 0;
        } else if (strncmp(kv, "option.", 7) == 0) {
            if (c->nopts >= MAX_OPTS)
                usage_die("too many options");
            c->opt_name[c->nopts] = kv + 7;
            c->opt_value[c->nopts++] = v;
        } else
            usage_die("unknown engine setting '%s'", kv);
    }
    if (!c->cmd)
        usage_die("an -engine needs cmd=PATH");
    if (!c->name) {
        const char *slash = strrchr(c->cmd, '/');
        c->name = (char *)(slash ? slash + 1 : c->cmd);
    }
}

/* ---- the command line ---- */

static int neng;       /* -engine given so far */
static int have_limit; /* -movetime, -nodes, -depth and -tc given */

static int engine_option(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx;
    if (neng == 2)
        usage_die("exactly two engines are needed");
    parse_engine(&cfg.eng[neng++], argv, i, argc);
    return 0;
}

static int tc_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    double base, inc = 0;
    if (sscanf(v, "%lf+%lf", &base, &inc) < 1 || base <= 0 || inc < 0)
        usage_die("-tc: '%s' is not BASE+INC in seconds", v);
    cfg.base_ms = (int)(base * 1000);
    cfg.inc_ms = (int)(inc * 1000);
    return 0;
}

static int rules_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    if (strcmp(v, "axf") == 0)
        cfg.ruleset = XQ_RULES_AXF;
    else if (strcmp(v, "cxa") == 0)
        cfg.ruleset = XQ_RULES_CXA;
    else if (strcmp(v, "simple") == 0)
        cfg.ruleset = XQ_RULES_SIMPLE;
    else
        usage_die("-rules must be axf, cxa or simple");
    return 0;
}

/* cutechess-cli's wording: "-rounds: 'x' is not a number in 1..1000000". */
static int bad_number(const cli_option *o, const char *opt, const char *v)
{
    return cli_usage_error("%s: '%s' is not a number in %lld..%lld", opt, v, o->lo, o->hi);
}

static const cli_option options[] = {
    {CLI_ARGS, "-engine", .alias = "-e", .args = engine_option}, /* in the usage lines */
    {CLI_TEXT, .help = "Limits (one of):"},
    {CLI_INT, "-movetime", .arg = "MS", .dest = &cfg.movetime, .lo = 1, .hi = 86400000,
     .seen = &have_limit, .help = "fixed time per move"},
    {CLI_LLONG, "-nodes", .arg = "N", .dest = &cfg.nodes, .lo = 1, .hi = INT64_MAX,
     .seen = &have_limit, .help = "fixed nodes per move"},
    {CLI_INT, "-depth", .arg = "N", .dest = &cfg.depth, .lo = 1, .hi = 100, .seen = &have_limit,
     .help = "fixed depth per move"},
    {CLI_CALL, "-tc", .arg = "BASE+INC", .call = tc_option, .seen = &have_limit,
     .help = "clock: BASE seconds per game plus INC seconds per move"},
    {CLI_INT, "-movestogo", .arg = "N", .dest = &cfg.movestogo, .lo = 1, .hi = 1000,
     .help = "with -tc: repeating time control of N moves"},
    {CLI_TEXT, .help = "Options:"},
    {CLI_STRING, "-openings", .arg = "FILE", .dest = &cfg.openings_path,
     .help = "one opening per line: ICCS moves from the start position,\n"
             "or 'fen FEN [moves ...]'; '#' starts a comment\n"
             "(default: the start position only)"},
    {CLI_INT, "-rounds", .arg = "N", .dest = &cfg.rounds, .lo = 1, .hi = 1000000,
     .help = "openings to play, each twice with colours swapped\n"
             "(default: every opening in the file once)"},
    {CLI_INT, "-concurrency", .arg = "N", .dest = &cfg.concurrency, .lo = 1, .hi = 256,
     .help = "games at the same time (default 1)"},
    {CLI_STRING, "-pgn", .arg = "FILE", .dest = &cfg.pgn_path, .help = "append the games to FILE"},
    {CLI_INT, "-timemargin", .arg = "MS", .dest = &cfg.timemargin, .lo = 0, .hi = 3600000,
     .help = "extra time before a move counts as a timeout\n"
             "(default 1000 with -movetime, 100 with -tc)"},
    {CLI_CALL, "-rules", .arg = "SET", .call = rules_option,
     .help = "the referee's rules: axf (default), cxa or simple\n"
             "(see docs/rules.md): checkmate, stalemate, repetition\n"
             "with perpetual check, chase and (cxa) mate threats,\n"
             "the move limit, insufficient material"},
    {CLI_INT, "-draw-plies", .arg = "N", .dest = &cfg.draw_plies, .lo = 0, .hi = 100000,
     .help = "plies without a capture that draw (default 120, as the\n"
             "rules count them; 0: no limit)"},
    {CLI_INT, "-max-plies", .arg = "N", .dest = &cfg.max_plies, .lo = 1,
     .hi = MAX_GAME_PLIES - 1, .help = "plies after which the game is drawn (default 600)"},
    {CLI_FLAG, "-quiet", .dest = &cfg.quiet, .ival = 1, .help = "print only the final result"},
    {CLI_INT, "-progress", .arg = "S", .dest = &cfg.progress_s, .lo = 0, .hi = 86400,
     .help = "a line about each running game every S seconds\n"
             "(default 30; 0: none)"},
    {CLI_STRING, "-json", .arg = "FILE", .dest = &cfg.json_path,
     .help = "write the result as JSON to FILE ('-': standard\n"
             "output, instead of the text)"},
    {CLI_HELP, "-help", "-h", .help = "show this help"},
    {CLI_VERSION, "-version", .help = "show the version"},
};

static void usage(FILE *f);

static const cli_spec spec = {options, sizeof options / sizeof options[0], CLI_SINGLE_DASH,
                              .column = 20, .help = usage, .bad_value = bad_number};

static void usage(FILE *f)
{
    fputs("usage: xq-match -engine cmd=PATH [KEY=VALUE...] -engine cmd=PATH [KEY=VALUE...]\n"
          "                (-movetime MS | -nodes N | -depth N | -tc BASE+INC) [OPTIONS]\n"
          "\n"
          "Engine keys:\n"
          "  cmd=PATH          program to run (searched in PATH)\n"
          "  arg=ARG           a command-line argument for it (repeatable)\n"
          "  name=NAME         name in the results and the PGN (default: the program)\n"
          "  proto=uci|ucci    protocol (default uci)\n"
          "  ranks=0|1         rank numbering of its moves: 0-9 (default) or 1-10\n"
          "                    (Fairy-Stockfish, Sjaak)\n"
          "  fen=std|he        FEN letters: standard (default) or H/E for horse/elephant\n"
          "  option.NAME=VALUE a setoption to send after the handshake (repeatable)\n"
          "\n",
          f);
    cli_print_options(f, &spec);
    fputs("Every option may also be written with two leading dashes.\n", f);
}

int main(int argc, char **argv)
{
    cli_init("xq-match");
    cfg.base_ms = -1;
    cfg.timemargin = -1;
    cfg.concurrency = 1;
    cfg.draw_plies = -1;
    cfg.ruleset = XQ_RULES_AXF;
    cfg.max_plies = 600;
    cfg.progress_s = PROGRESS_DEFAULT_S;
    int rc = cli_parse(&spec, argc, argv);
    if (rc != CLI_CONTINUE)
        return rc;
    if (neng != 2)
        usage_die("exactly two engines are needed");
    if (have_limit != 1)
        usage_die("give exactly one of -movetime, -nodes, -depth, -tc");
    if (cfg.timemargin < 0)
        cfg.timemargin = cfg.base_ms >= 0 ? 100 : 1000;
    xq_rules_init(&cfg.rules, XQ_RULES_VERSION, cfg.ruleset);
    if (cfg.draw_plies >= 0)
        cfg.rules.ply_limit = cfg.draw_plies;
    load_openings(cfg.openings_path);
    if (!cfg.rounds)
        cfg.rounds = cfg.nopen;
    games_total = 2 * cfg.rounds;
    summaries = calloc((size_t)games_total, sizeof *summaries);
    if (!summaries)
        die("out of memory");
    FILE *json = NULL;
    const int json_stdout = cfg.json_path && strcmp(cfg.json_path, "-") == 0;
    if (json_stdout) {
        json = stdout;
        cfg.quiet = 1;
    } else if (cfg.json_path) {
        json = fopen(cfg.json_path, "w");
        if (!json)
            die("cannot open %s: %s", cfg.json_path, strerror(errno));
    }
    if (cfg.pgn_path) {
        pgn_file = fopen(cfg.pgn_path, "a");
        if (!pgn_file)
            die("cannot open %s: %s", cfg.pgn_path, strerror(errno));
    }
    signal(SIGPIPE, SIG_IGN);

    int nthreads = cfg.concurrency < games_total ? cfg.concurrency : games_total;
    pthread_t th[256];
    for (int t = 0; t < nthreads; t++)
        if (pthread_create(&th[t], NULL, runner, NULL) != 0)
            die("cannot create a thread");
    for (int t = 0; t < nthreads; t++)
        pthread_join(th[t], NULL);

    if (pgn_file)
        fclose(pgn_file);
    if (!json_stdout && (!abort_msg[0] || games_done > 0)) {
        printf("\nFinished %d games.\n", games_done);
        print_score(stdout, 1);
    }
    fflush(stdout);
    rc = 0;
    if (json) {
        write_json(json);
        if (json != stdout ? fclose(json) != 0 : fflush(json) != 0) {
            fprintf(stderr, "xq-match: cannot write %s: %s\n", cfg.json_path, strerror(errno));
            rc = 1;
        }
    }
    if (abort_msg[0]) {
        fprintf(stderr, "xq-match: %s; match aborted after %d of %d games\n", abort_msg,
                games_done, games_total);
        rc = 1;
    }
    free(summaries);
    free(cfg.open);
    return rc;
}
