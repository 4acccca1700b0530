/* SPDX-License-Identifier: MIT */
/* The built-in engine (engine.h): each engine thread owns one xq_search
 * handle; a request copies the board, the search runs on the thread
 * (xq_search_run) and its move is posted back into the loop (work.c), where
 * it joins the queue of results; a timer of the loop hands them to the
 * consumer (the game module plays the move like any other). Other games go on. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "timer.h"
#include "work.h"

#define ENGINE_HASH_MB 16
#define ENGINE_MAX_MOVETIME_MS 5000 /* never think longer than this on one move */
#define ENGINE_MIN_MOVETIME_MS 50

static pool *g_engine;
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static xq_search *g_handles[64];
static int g_nhandles;
static int g_stopping;
/* The results in the loop, oldest first, and the timer that hands them on. */
typedef struct result_event {
    engine_result r;
    struct result_event *next;
} result_event;
static result_event *g_results, *g_results_tail;
static timer *g_result_timer;
static engine_result_fn g_consume;
static void *g_consume_arg;
static int g_depth; /* engine_set_depth(); 0: by time only */

void engine_set_depth(int depth) { g_depth = depth; }

typedef struct engine_job {
    work w;
    int64_t gid;
    uint32_t gen;
    xq_board *board;
    xq_rules rules;
    int level;
    int64_t my_ms, opp_ms, inc_ms;
    xq_move best;
} engine_job;

static void *ctx_new(void)
{
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.hash_mb = ENGINE_HASH_MB;
    xq_search *s = NULL;
    if (xq_search_new(&s, &cfg) != XQ_OK)
        return NULL;
    pthread_mutex_lock(&g_mu);
    if (g_nhandles < 64)
        g_handles[g_nhandles++] = s;
    pthread_mutex_unlock(&g_mu);
    return s;
}

static void ctx_free(void *ctx) { xq_search_free(ctx); }

static void run(work *w, void *ctx)
{
    engine_job *j = (engine_job *)w;
    xq_search *s = ctx;
    j->best = XQ_MOVE_NONE;
    if (!s)
        return;
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.skill = j->level;
    int64_t budget = j->my_ms / 30 + j->inc_ms * 3 / 4;
    if (budget > ENGINE_MAX_MOVETIME_MS)
        budget = ENGINE_MAX_MOVETIME_MS;
    if (budget > j->my_ms / 2)
        budget = j->my_ms / 2;
    if (budget < ENGINE_MIN_MOVETIME_MS)
        budget = ENGINE_MIN_MOVETIME_MS;
    lim.movetime_ms = (int32_t)budget;
    lim.depth = g_depth;
    lim.seed = (uint64_t)j->gid * 2654435761u + (uint64_t)xq_board_ply(j->board);
    lim.nbanmoves = xq_board_banned_moves(j->board, &j->rules, lim.banmoves, XQ_MAX_MOVES);
    if (lim.nbanmoves < 0)
        lim.nbanmoves = 0;
    xq_search_set_rules(s, &j->rules);
    xq_search_result res;
    if (xq_search_run(s, j->board, &lim, &res) == XQ_OK)
        j->best = res.best_move;
    if (j->best == XQ_MOVE_NONE) { /* nothing but banned moves: any legal move */
        xq_move mv[XQ_MAX_MOVES];
        if (xq_board_generate_moves(j->board, mv, XQ_MAX_MOVES) > 0)
            j->best = mv[0];
    }
}

/* The timer: every queued result to the consumer, in order. */
static void deliver(void *arg)
{
    (void)arg;
    while (g_results) {
        result_event *e = g_results;
        g_results = e->next;
        if (!g_results)
            g_results_tail = NULL;
        if (g_consume && !g_stopping)
            g_consume(&e->r, g_consume_arg);
        free(e);
    }
}

/* Back in the loop: the result joins the queue. */
static void done(work *w)
{
    engine_job *j = (engine_job *)w;
    result_event *e = g_stopping ? NULL : calloc(1, sizeof *e);
    if (e) {
        e->r.gid = j->gid;
        e->r.gen = j->gen;
        e->r.move = j->best;
        if (g_results_tail)
            g_results_tail->next = e;
        else
            g_results = e;
        g_results_tail = e;
        timer_set(g_result_timer, 0);
    } else if (!g_stopping)
        fprintf(stderr, "xq-server: game %lld: the engine's move is lost (out of memory)\n",
                (long long)j->gid);
    xq_board_free(j->board);
    free(j);
}

int engine_init(int threads)
{
    g_result_timer = timer_new(deliver, NULL);
    g_engine = g_result_timer ? pool_new(threads, ctx_new, ctx_free) : NULL;
    return g_engine ? 0 : -1;
}

void engine_on_result(engine_result_fn fn, void *arg)
{
    g_consume = fn;
    g_consume_arg = arg;
}

void engine_shutdown(void)
{
    g_stopping = 1;
    pthread_mutex_lock(&g_mu);
    for (int i = 0; i < g_nhandles; i++)
        xq_search_stop(g_handles[i]);
    pthread_mutex_unlock(&g_mu);
    pool_free(g_engine);
    g_engine = NULL;
    timer_free(g_result_timer);
    g_result_timer = NULL;
    while (g_results) {
        result_event *e = g_results;
        g_results = e->next;
        free(e);
    }
    g_results_tail = NULL;
}

/* A job the pool drops at shutdown: its board and itself. */
static void drop_job(work *w)
{
    engine_job *j = (engine_job *)w;
    xq_board_free(j->board);
    free(j);
}

int engine_request(int64_t gid, uint32_t gen, const xq_board *b, const xq_rules *rules, int level,
                   int64_t my_ms, int64_t opp_ms, int64_t inc_ms)
{
    engine_job *j = calloc(1, sizeof *j);
    if (!j || xq_board_clone(&j->board, b) != XQ_OK) {
        free(j);
        return -1;
    }
    j->w.run = run;
    j->w.done = done;
    j->w.drop = drop_job;
    j->gid = gid;
    j->gen = gen;
    j->rules = *rules;
    j->level = level;
    j->my_ms = my_ms;
    j->opp_ms = opp_ms;
    j->inc_ms = inc_ms;
    pool_submit(g_engine, &j->w);
    return 0;
}
