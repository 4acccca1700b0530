/* SPDX-License-Identifier: MIT */
/* The engine thinking in the background: xq_search_start() with a progress
 * callback, while this thread waits on the keyboard (or the end of a piped
 * input) and redraws a status line in place. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "play.h"

void score_text(int kind, int score, int side, char *buf, size_t cap)
{
    const int red = side == XQ_RED ? score : -score;
    if (kind == XQ_SCORE_MATE)
        snprintf(buf, cap, "#%d", red);
    else
        snprintf(buf, cap, "%+.2f", red / 100.0 + 0.0);
}

void line_text(const xq_board *board, const xq_move *pv, int n, int max, int notation, char *buf,
               size_t cap)
{
    xq_board *b;
    size_t len = 0;
    if (cap)
        buf[0] = 0;
    if (xq_board_clone(&b, board) != XQ_OK)
        return;
    for (int i = 0; i < n && i < max; i++) {
        char text[XQ_MOVE_TEXT_MAX];
        if (xq_board_move_to_text(b, pv[i], notation, 0, text, sizeof text) < 0 ||
            xq_board_make_move(b, pv[i]) != XQ_OK)
            break;
        int k = snprintf(buf + len, cap - len, "%s%s", i ? " " : "", text);
        if (k < 0 || (size_t)k >= cap - len)
            break;
        len += (size_t)k;
    }
    xq_board_free(b);
}

/* What the callback (on a search thread) shares with the waiting thread. */
typedef struct shared {
    pthread_mutex_t mu;
    unsigned seq;        /* bumped at every report */
    char text[640];      /* the latest report as a status line */
    const engine_t *e;
    const xq_board *board; /* the position searched (not changed while the search runs) */
} shared_t;

static void on_info(const xq_search_info *info, void *userdata)
{
    shared_t *sh = userdata;
    if (info->multipv != 1)
        return;
    char score[32], pv[512];
    score_text(info->score_kind, info->score, xq_board_side_to_move(sh->board), score,
               sizeof score);
    line_text(sh->board, info->pv, info->pv_length, 12, sh->e->notation, pv, sizeof pv);
    pthread_mutex_lock(&sh->mu);
    snprintf(sh->text, sizeof sh->text, "depth %d/%d  score (Red) %s%s  nodes %llu  %.1fs  pv %s",
             (int)info->depth, (int)info->seldepth, score,
             /* a bound of the mover's score, seen from Red's side */
             info->bound == XQ_BOUND_EXACT                                     ? ""
             : (info->bound == XQ_BOUND_LOWER) == (xq_board_side_to_move(sh->board) == XQ_RED) ? "+"
                                                                               : "-",
             (unsigned long long)info->nodes, (double)info->time_ms / 1000.0, pv);
    sh->seq++;
    if (sh->e->thinking) {
        printf("  %s\n", sh->text);
        fflush(stdout);
    }
    pthread_mutex_unlock(&sh->mu);
}

/* Bytes of s that fit in cols terminal columns (CJK and full-width characters take 2). */
static size_t fit_columns(const char *s, int cols)
{
    size_t i = 0;
    int used = 0;
    while (s[i]) {
        unsigned char c = (unsigned char)s[i];
        size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        int w = c < 0x80 ? 1 : 2;
        if (used + w > cols)
            break;
        used += w;
        i += n;
    }
    return i;
}

/* Redraw the status line: carriage return, the text, blanks over the rest of the old one. */
static void status(const engine_t *e, const char *text, int *shown)
{
    int cols = e->width > 10 ? e->width - 1 : 79;
    size_t n = fit_columns(text, cols);
    int w = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)text[i];
        i += c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        w += c < 0x80 ? 1 : 2;
    }
    printf("\r%.*s%*s", (int)n, text, *shown > w ? *shown - w : 0, "");
    if (*shown > w)
        printf("\r%.*s", (int)n, text);
    *shown = w;
    fflush(stdout);
}

static void trim_lower(char *s)
{
    char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    memmove(s, p, strlen(p) + 1);
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    for (p = s; *p; p++)
        *p = (char)tolower((unsigned char)*p);
}

int think(engine_t *e, const xq_board *board, const xq_move *ban, int nban, int full_strength,
          input_t *in, volatile sig_atomic_t *interrupted, xq_search_result *res)
{
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.depth = e->depth;
    lim.nodes = (uint64_t)e->nodes;
    lim.movetime_ms = (int32_t)(e->seconds * 1000.0 + 0.5);
    if (e->seconds > 0 && lim.movetime_ms < 1)
        lim.movetime_ms = 1;
    lim.skill = full_strength ? XQ_SKILL_MAX : e->level;
    lim.seed = e->seed + (unsigned long long)xq_board_ply(board);
    lim.no_book = full_strength || !e->book_search; /* hints and level 20: main.c picks */
    for (int i = 0; i < nban && i < XQ_MAX_MOVES; i++)
        lim.banmoves[lim.nbanmoves++] = ban[i];
    if (!lim.depth && !lim.nodes && !lim.movetime_ms)
        lim.infinite = 1; /* only Enter, 'stop' or the end of the input end it */

    shared_t sh;
    memset(&sh, 0, sizeof sh);
    pthread_mutex_init(&sh.mu, NULL);
    sh.e = e;
    sh.board = board;
    memset(res, 0, sizeof *res);
    int rc = xq_search_start(e->search, board, &lim, on_info, &sh);
    if (rc != XQ_OK) {
        pthread_mutex_destroy(&sh.mu);
        printf("The engine could not start: %s.\n", xq_strerror(rc));
        return THINK_QUIT;
    }
    int outcome = THINK_DONE, shown = 0;
    unsigned seen = 0;
    while (xq_search_running(e->search) == 1) {
        if (*interrupted) {
            outcome = THINK_QUIT;
            break;
        }
        if (e->keyboard) {
            /* A terminal: Enter or 'stop' moves now; other words are explained. */
            if (input_ready(in, 100)) {
                char line[256];
                if (!input_line(in, line, sizeof line)) {
                    outcome = THINK_QUIT;
                    break;
                }
                trim_lower(line);
                if (!*line || !strcmp(line, "stop") || !strcmp(line, "move"))
                    break;
                if (!strcmp(line, "quit") || !strcmp(line, "exit") || !strcmp(line, "q")) {
                    outcome = THINK_QUIT;
                    break;
                }
                if (!strcmp(line, "pause")) {
                    outcome = THINK_PAUSE;
                    break;
                }
                if (shown)
                    printf("\n");
                shown = 0;
                printf("The engine is thinking: press Enter (or type 'stop') for its best move "
                       "so far, 'pause' to stop it without a move, 'quit' to leave.\n");
                fflush(stdout);
            }
        } else if (input_wait_eof(in, 100)) {
            /* Lines queued on a pipe never stop the engine (scripts stay
             * deterministic); the end of the input does. */
            outcome = THINK_QUIT;
            break;
        }
        if (e->live) {
            char text[sizeof sh.text];
            int fresh = 0;
            pthread_mutex_lock(&sh.mu);
            if (sh.seq != seen) {
                seen = sh.seq;
                memcpy(text, sh.text, sizeof text);
                fresh = 1;
            }
            pthread_mutex_unlock(&sh.mu);
            if (fresh)
                status(e, text, &shown);
        }
    }
    xq_search_stop(e->search);
    xq_search_wait(e->search, res);
    if (shown) { /* clear the status line */
        printf("\r%*s\r", shown, "");
        fflush(stdout);
    }
    pthread_mutex_destroy(&sh.mu);
    return outcome;
}
