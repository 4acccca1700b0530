/* SPDX-License-Identifier: MIT */
/* xq-uci: the background job that runs while the input loop keeps reading:
 * a search (its waiter prints the info lines and bestmove), go perft, or
 * bench. One job at a time; finish_search() ends it. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "bench.h"
#include "go.h"
#include "uci.h"

/* UCCI has no mate scores: a mate is a score near +-UCCI_MATE_VALUE, that
 * value less the plies to the mate (ElephantEye's convention, which UCCI
 * GUIs read). */
#define UCCI_MATE_VALUE 10000
/* go perft counts subtrees of this depth at once between checks for stop. */
#define PERFT_CHUNK_DEPTH 4

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* UCCI has no mate scores: see UCCI_MATE_VALUE. A mate in N moves (the
 * side to move mates) is 2N-1 plies away, being mated in N is 2N plies. */
static int ucci_score(int kind, int score)
{
    if (kind != XQ_SCORE_MATE)
        return score;
    return score > 0 ? UCCI_MATE_VALUE - (2 * score - 1) : -UCCI_MATE_VALUE + 2 * -score;
}

static void on_info(const xq_search_info *info, void *userdata)
{
    const engine *e = userdata;
    char line[64 + (MOVE_TEXT_MAX + 1) * XQ_PV_MAX + 200];
    int n;
    if (info->depth == 0) {
        /* no legal move (mated or stalemated: lost), or none allowed */
        const int mated = info->score_kind == XQ_SCORE_MATE;
        if (e->ucci)
            say("info depth 0 score %d", mated ? -UCCI_MATE_VALUE : 0);
        else
            say("info depth 0 score %s 0", mated ? "mate" : "cp");
        return;
    }
    if (e->ucci) {
        /* UCCI: "info depth D score S pv M...", then "info time T nodes N" */
        n = snprintf(line, sizeof line, "info depth %d score %d pv", (int)info->depth,
                     ucci_score(info->score_kind, info->score));
    } else {
        n = snprintf(line, sizeof line,
                     "info depth %d seldepth %d multipv %d score %s %d%s nodes %" PRIu64
                     " nps %" PRIu64 " hashfull %d time %" PRId64 " pv",
                     (int)info->depth, (int)info->seldepth, (int)info->multipv,
                     info->score_kind == XQ_SCORE_MATE ? "mate" : "cp", (int)info->score,
                     info->bound == XQ_BOUND_LOWER   ? " lowerbound"
                     : info->bound == XQ_BOUND_UPPER ? " upperbound"
                                                     : "",
                     info->nodes, info->nps, (int)info->hashfull, info->time_ms);
    }
    for (int i = 0; i < info->pv_length && (size_t)n + MOVE_TEXT_MAX + 1 < sizeof line; i++) {
        char mv[MOVE_TEXT_MAX];
        format_move(e, info->pv[i], mv);
        n += snprintf(line + n, sizeof line - (size_t)n, " %s", mv);
    }
    say("%s", line);
    if (e->ucci)
        say("info time %" PRId64 " nodes %" PRIu64, info->time_ms, info->nodes);
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
    char best[MOVE_TEXT_MAX], ponder[MOVE_TEXT_MAX];
    format_move(e, r.best_move, best);
    if (r.book_move)
        say("info string book move %s", best);
    if (r.ponder_move) {
        format_move(e, r.ponder_move, ponder);
        say("bestmove %s ponder %s", best, ponder);
    } else {
        say("bestmove %s", best);
    }
    return NULL;
}

/* Whether the running job was asked to stop. */
static int job_stopped(engine *e)
{
    pthread_mutex_lock(&e->job_mu);
    int stop = e->job_stop;
    pthread_mutex_unlock(&e->job_mu);
    return stop;
}

void finish_search(engine *e, int stop)
{
    if (!e->waiting)
        return;
    if (stop) {
        if (e->job == JOB_SEARCH)
            xq_search_stop(e->search);
        pthread_mutex_lock(&e->job_mu);
        e->job_stop = 1;
        if (e->job_search)
            xq_search_stop(e->job_search);
        pthread_mutex_unlock(&e->job_mu);
    }
    pthread_join(e->waiter, NULL);
    e->waiting = 0;
    e->job = JOB_NONE;
    e->job_stop = 0;
    xq_board_free(e->job_board);
    e->job_board = NULL;
}

/* Run fn on the job thread; 0, or -1 (reported) when no thread could start. */
static int start_job(engine *e, int job, void *(*fn)(void *))
{
    e->job = job;
    e->job_stop = 0;
    if (pthread_create(&e->waiter, NULL, fn, e) != 0) {
        e->job = JOB_NONE;
        say("info string error: cannot create a thread");
        return -1;
    }
    e->waiting = 1;
    return 0;
}

/* The search of go with lim on the engine's handle, its waiter on the job
 * thread; 0, or -1 after an error line (the caller answers no move). */
int start_search(engine *e, const xq_search_limits *lim)
{
    int rc = xq_search_start(e->search, e->board, lim, on_info, e);
    if (rc != XQ_OK) {
        say("info string error: cannot search: %s", xq_strerror(rc));
        return -1;
    }
    if (start_job(e, JOB_SEARCH, waiter_main) != 0) {
        xq_search_stop(e->search);
        xq_search_wait(e->search, NULL);
        return -1;
    }
    return 0;
}


/* Leaf count of b to depth, PERFT_CHUNK_DEPTH plies at a time so that a stop
 * is seen within milliseconds; -1 when stopped. */
static int perft_count(engine *e, xq_board *b, int depth, uint64_t *nodes)
{
    if (job_stopped(e))
        return -1;
    if (depth <= PERFT_CHUNK_DEPTH) {
        uint64_t n = 0;
        xq_perft(b, depth, &n);
        *nodes += n;
        return 0;
    }
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        xq_board_make_move(b, moves[i]);
        int rc = perft_count(e, b, depth - 1, nodes);
        xq_board_unmake_move(b, NULL);
        if (rc)
            return -1;
    }
    return 0;
}

/* go perft N on the job thread: the count below each root move as it is
 * done, then the total; stop or quit ends it early. */
static void *perft_main(void *arg)
{
    engine *e = arg;
    xq_board *b = e->job_board;
    xq_move moves[XQ_MAX_MOVES];
    uint64_t total = 0;
    double t0 = now_s();
    int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES), done = 0;
    for (; done < n; done++) {
        uint64_t count = 0;
        xq_board_make_move(b, moves[done]);
        int rc = perft_count(e, b, e->perft_depth - 1, &count);
        xq_board_unmake_move(b, NULL);
        if (rc)
            break;
        char mv[MOVE_TEXT_MAX];
        format_move(e, moves[done], mv);
        say("%s: %" PRIu64, mv, count);
        total += count;
    }
    double dt = now_s() - t0;
    if (done < n) {
        say("info string perft stopped after %d of %d moves (%" PRIu64 " nodes)", done, n, total);
        return NULL;
    }
    say("%s", "");
    say("Nodes searched: %" PRIu64, total);
    say("info string perft time %.3f s, %.0f nodes/s", dt, dt > 0 ? (double)total / dt : 0.0);
    return NULL;
}

void start_perft(engine *e, long long depth)
{
    int rc = xq_board_clone(&e->job_board, e->board);
    if (rc != XQ_OK) {
        say("info string error: perft: %s", xq_strerror(rc));
        return;
    }
    e->perft_depth = (int)depth;
    if (start_job(e, JOB_PERFT, perft_main) != 0) {
        xq_board_free(e->job_board);
        e->job_board = NULL;
    }
}

/* bench on the job thread: fixed-depth searches of the bench positions, on
 * its own search handle; stop or quit ends it between or during searches. */
static void *bench_main(void *arg)
{
    engine *e = arg;
    xq_search *s = e->job_search;
    uint64_t nodes = 0;
    double t0 = now_s();
    int i;
    for (i = 0; bench_fens[i]; i++) {
        xq_board *b;
        if (xq_board_new(&b, bench_fens[i], NULL) != XQ_OK) {
            say("info string error: bad bench FEN %d", i + 1);
            continue;
        }
        xq_search_limits lim;
        xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
        lim.depth = (int32_t)e->bench_depth;
        xq_search_clear(s);
        /* Started under the lock, so a stop comes either before (seen
         * here) or after the start (it stops the search). */
        pthread_mutex_lock(&e->job_mu);
        int rc = e->job_stop ? XQ_ESTATE : xq_search_start(s, b, &lim, NULL, NULL);
        pthread_mutex_unlock(&e->job_mu);
        xq_search_result r;
        if (rc == XQ_OK)
            rc = xq_search_wait(s, &r);
        xq_board_free(b);
        if (job_stopped(e))
            break;
        if (rc != XQ_OK) {
            say("info string error: bench: %s", xq_strerror(rc));
            break;
        }
        char mv[MOVE_TEXT_MAX];
        format_move(e, r.best_move, mv);
        say("position %2d: bestmove %s score %s %d nodes %" PRIu64, i + 1, mv,
            r.score_kind == XQ_SCORE_MATE ? "mate" : "cp", (int)r.score, r.nodes);
        nodes += r.nodes;
    }
    double dt = now_s() - t0;
    if (bench_fens[i]) {
        say("info string bench stopped after %d positions", i);
    } else {
        say("===========================");
        say("Total time (ms) : %.0f", dt * 1000);
        say("Nodes searched: %" PRIu64, nodes);
        say("Nodes/second    : %.0f", dt > 0 ? (double)nodes / dt : 0.0);
    }
    pthread_mutex_lock(&e->job_mu);
    e->job_search = NULL;
    pthread_mutex_unlock(&e->job_mu);
    xq_search_free(s);
    return NULL;
}

void start_bench(engine *e, const tokens *t)
{
    finish_search(e, 1);
    long long depth = BENCH_DEPTH, threads = 1, hash = 16;
    if (t->n > 1 && !go_parse_number(t->v[1], 1, XQ_SEARCH_MAX_DEPTH, &depth)) {
        say("info string error: bench depth must be 1..%d", XQ_SEARCH_MAX_DEPTH);
        return;
    }
    if (t->n > 2 && !go_parse_number(t->v[2], 1, XQ_SEARCH_MAX_THREADS, &threads)) {
        say("info string error: bench threads must be 1..%d", XQ_SEARCH_MAX_THREADS);
        return;
    }
    if (t->n > 3 && !go_parse_number(t->v[3], 1, XQ_SEARCH_MAX_HASH_MB, &hash)) {
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
    /* the engine's evaluation: Eval, and EvalFile's net */
    xq_parse_error err;
    if (e->eval_file[0])
        rc = xq_search_load_net(s, e->eval_file, &err);
    if (rc == XQ_OK)
        rc = xq_search_set_eval(s, xq_search_get_eval(e->search));
    if (rc != XQ_OK) {
        say("info string error: bench: %s", e->eval_file[0] ? err.message : xq_strerror(rc));
        xq_search_free(s);
        return;
    }
    e->bench_depth = depth;
    e->job_search = s;
    if (start_job(e, JOB_BENCH, bench_main) != 0) {
        e->job_search = NULL;
        xq_search_free(s);
    }
}
