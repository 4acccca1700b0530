/* The search handle: a persistent pool of parked threads, and the public
 * xq_search_* API.
 *
 * Worker 0 (the main worker) runs every search; it wakes the helpers, drives
 * the iterations and the clock, stops the helpers and writes the result.
 * start() only copies the inputs and wakes worker 0, so it returns at once.
 * All state changes happen under one mutex and are broadcast on one
 * condition variable; the stop flag is an atomic that the search polls at
 * every node. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "movegen.h"
#include "book_format.h"
#include "search.h"

static int64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- the pool ---- */

static void *worker_loop(void *arg)
{
    worker *w = arg;
    struct xq_search *s = w->s;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        uint64_t gen = w->id == 0 ? s->main_gen : s->helper_gen;
        while (!s->quit && gen == w->seen_gen) {
            pthread_cond_wait(&s->cv, &s->mu);
            gen = w->id == 0 ? s->main_gen : s->helper_gen;
        }
        if (s->quit)
            break;
        w->seen_gen = gen;
        pthread_mutex_unlock(&s->mu);

        if (w->id == 0)
            xq__search_main(w);
        else
            xq__search_helper(w);

        pthread_mutex_lock(&s->mu);
        if (w->id == 0)
            s->searching = 0;
        else
            s->helpers_busy--;
        pthread_cond_broadcast(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

void xq__pool_start_helpers(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    s->helpers_busy = s->nworkers - 1;
    s->helper_gen++;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

void xq__pool_wait_helpers(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    while (s->helpers_busy > 0)
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
}

void xq__pool_wait_stop(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    while (!atomic_load(&s->stop) && (s->lim.infinite || atomic_load(&s->pondering)))
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
}

/* Start a worker's thread with a roomy stack for the recursion. */
static int spawn(worker *w)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 8u << 20);
    struct xq_search *s = w->s;
    pthread_mutex_lock(&s->mu);
    w->seen_gen = w->id == 0 ? s->main_gen : s->helper_gen;
    pthread_mutex_unlock(&s->mu);
    int rc = pthread_create(&w->thread, &attr, worker_loop, w);
    pthread_attr_destroy(&attr);
    return rc;
}

static worker *worker_new(struct xq_search *s, int id)
{
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->hist = calloc(1, sizeof *w->hist);
    if (!w->hist) {
        free(w);
        return NULL;
    }
    w->s = s;
    w->id = id;
    if (spawn(w)) {
        free(w->hist);
        free(w);
        return NULL;
    }
    return w;
}

/* Join and free workers [from, nworkers); the caller holds no lock and no
 * search runs. */
static void workers_shrink(struct xq_search *s, int keep)
{
    if (keep >= s->nworkers)
        return;
    pthread_mutex_lock(&s->mu);
    s->quit = 1;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    /* Every worker sees quit; join all, then restart the ones to keep. This
     * is simpler than a per-worker quit flag and only happens between
     * searches. */
    for (int i = 0; i < s->nworkers; i++)
        pthread_join(s->workers[i]->thread, NULL);
    pthread_mutex_lock(&s->mu);
    s->quit = 0;
    pthread_mutex_unlock(&s->mu);
    for (int i = keep; i < s->nworkers; i++) {
        free(s->workers[i]->hist);
        free(s->workers[i]);
    }
    int n = s->nworkers;
    s->nworkers = 0;
    for (int i = 0; i < keep && i < n; i++) {
        if (spawn(s->workers[i]) != 0)
            break;
        s->nworkers = i + 1;
    }
}

/* ---- public API ---- */

int xq_search_config_init(xq_search_config *cfg, unsigned int version)
{
    if (!cfg)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_SEARCH_CONFIG_VERSION))
        return XQ_EVERSION;
    memset(cfg, 0, sizeof *cfg);
    cfg->version = version;
    cfg->threads = 1;
    cfg->hash_mb = 16;
    return XQ_OK;
}

int xq_search_limits_init(xq_search_limits *lim, unsigned int version)
{
    if (!lim)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_SEARCH_LIMITS_VERSION))
        return XQ_EVERSION;
    memset(lim, 0, sizeof *lim);
    lim->version = version;
    lim->red_time_ms = lim->black_time_ms = -1;
    lim->move_overhead_ms = 10;
    lim->multipv = 1;
    lim->skill = XQ_SKILL_MAX;
    return XQ_OK;
}

static int set_threads(struct xq_search *s, int n)
{
    if (n < s->nworkers) {
        workers_shrink(s, n);
        return s->nworkers == n ? XQ_OK : XQ_ENOMEM;
    }
    worker **arr = realloc(s->workers, (size_t)n * sizeof *arr);
    if (!arr)
        return XQ_ENOMEM;
    s->workers = arr;
    while (s->nworkers < n) {
        worker *w = worker_new(s, s->nworkers);
        if (!w)
            return XQ_ENOMEM;
        s->workers[s->nworkers++] = w;
    }
    return XQ_OK;
}

int xq_search_new(xq_search **out, const xq_search_config *cfg)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    xq_search_config c;
    xq_search_config_init(&c, XQ_SEARCH_CONFIG_VERSION);
    if (cfg) {
        if (xq__version_check(cfg->version, XQ_SEARCH_CONFIG_VERSION))
            return XQ_EVERSION;
        c.threads = cfg->threads;
        c.hash_mb = cfg->hash_mb;
    }
    if (c.threads < 1 || c.threads > XQ_SEARCH_MAX_THREADS || c.hash_mb < 1 ||
        c.hash_mb > XQ_SEARCH_MAX_HASH_MB)
        return XQ_EINVAL;
    xq__tables_init();

    struct xq_search *s = calloc(1, sizeof *s);
    if (!s)
        return XQ_ENOMEM;
    if (xq__tt_resize(&s->tt, c.hash_mb) != 0) {
        free(s);
        return XQ_ENOMEM;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    atomic_init(&s->stop, 0);
    atomic_init(&s->pondering, 0);
    atomic_init(&s->start_ns, clock_ns());
    xq__rules_compile(NULL, &s->next_rules);
    s->magic = XQ_SEARCH_MAGIC;
    if (set_threads(s, c.threads) != XQ_OK) {
        xq_search_free(s);
        return XQ_ENOMEM;
    }
    *out = s;
    return XQ_OK;
}

void xq_search_free(xq_search *s)
{
    if (!search_ok(s))
        return;
    xq_search_stop(s);
    pthread_mutex_lock(&s->mu);
    while (s->searching)
        pthread_cond_wait(&s->cv, &s->mu);
    s->quit = 1;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    for (int i = 0; i < s->nworkers; i++) {
        pthread_join(s->workers[i]->thread, NULL);
        free(s->workers[i]->hist);
        free(s->workers[i]);
    }
    free(s->workers);
    xq__tt_free(&s->tt);
    pthread_cond_destroy(&s->cv);
    pthread_mutex_destroy(&s->mu);
    s->magic = 0;
    free(s);
}

/* Nonzero while a search runs (the caller may then not reconfigure). */
static int busy(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    int b = s->searching;
    pthread_mutex_unlock(&s->mu);
    return b;
}

int xq_search_set_threads(xq_search *s, int threads)
{
    if (!search_ok(s) || threads < 1 || threads > XQ_SEARCH_MAX_THREADS)
        return XQ_EINVAL;
    if (busy(s))
        return XQ_ESTATE;
    return set_threads(s, threads);
}

int xq_search_resize_hash(xq_search *s, size_t hash_mb)
{
    if (!search_ok(s) || hash_mb < 1 || hash_mb > XQ_SEARCH_MAX_HASH_MB)
        return XQ_EINVAL;
    if (busy(s))
        return XQ_ESTATE;
    return xq__tt_resize(&s->tt, hash_mb) ? XQ_ENOMEM : XQ_OK;
}

int xq_search_set_rules(xq_search *s, const xq_rules *rules)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    rules_cfg cfg;
    const int rc = xq__rules_compile(rules, &cfg);
    if (rc != XQ_OK)
        return rc;
    pthread_mutex_lock(&s->mu);
    const int searching = s->searching;
    if (!searching)
        s->next_rules = cfg;
    pthread_mutex_unlock(&s->mu);
    return searching ? XQ_ESTATE : XQ_OK;
}

int xq_search_clear(xq_search *s)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    if (busy(s))
        return XQ_ESTATE;
    xq__tt_clear(&s->tt);
    for (int i = 0; i < s->nworkers; i++)
        xq__worker_clear(s->workers[i]);
    return XQ_OK;
}

static int move_ok(xq_move m)
{
    return !(m & 0xC000) && MOVE_FROM(m) < SQ_NB && MOVE_TO(m) < SQ_NB && MOVE_FROM(m) != MOVE_TO(m);
}

/* Copy the caller's limits (of any version up to ours) and check them. */
static int read_limits(xq_search_limits *dst, const xq_search_limits *lim)
{
    xq_search_limits_init(dst, XQ_SEARCH_LIMITS_VERSION);
    if (!lim)
        return XQ_OK;
    if (xq__version_check(lim->version, XQ_SEARCH_LIMITS_VERSION))
        return XQ_EVERSION;
    *dst = *lim; /* version 1 is the only layout so far */
    if (dst->depth < 0 || dst->depth > XQ_SEARCH_MAX_DEPTH || dst->movetime_ms < 0 ||
        dst->red_inc_ms < 0 || dst->black_inc_ms < 0 || dst->movestogo < 0 ||
        dst->move_overhead_ms < 0 || dst->move_overhead_ms > 60000 || dst->mate < 0 ||
        dst->mate > XQ_SEARCH_MAX_DEPTH / 2 || dst->multipv < 1 || dst->multipv > XQ_MAX_MOVES ||
        dst->skill < 0 || dst->skill > XQ_SKILL_MAX || dst->nsearchmoves < 0 ||
        dst->nsearchmoves > XQ_MAX_MOVES || dst->nbanmoves < 0 || dst->nbanmoves > XQ_MAX_MOVES)
        return XQ_EINVAL;
    for (int i = 0; i < dst->nsearchmoves; i++)
        if (!move_ok(dst->searchmoves[i]))
            return XQ_EINVAL;
    for (int i = 0; i < dst->nbanmoves; i++)
        if (!move_ok(dst->banmoves[i]))
            return XQ_EINVAL;
    if (dst->red_time_ms < -1)
        dst->red_time_ms = 0;
    if (dst->black_time_ms < -1)
        dst->black_time_ms = 0;
    if (!dst->depth && !dst->nodes && !dst->movetime_ms && !dst->mate && dst->red_time_ms < 0 &&
        dst->black_time_ms < 0)
        dst->infinite = 1; /* nothing would end it */
    if (dst->infinite)
        dst->nodes = 0;
    return XQ_OK;
}

int xq_search_start(xq_search *s, const xq_board *board, const xq_search_limits *lim,
                    xq_search_info_fn on_info, void *userdata)
{
    if (!search_ok(s) || !board_ok(board))
        return XQ_EINVAL;
    xq_search_limits l;
    int rc = read_limits(&l, lim);
    if (rc != XQ_OK)
        return rc;
    rc = xq__book_search_answer(s, board, &l); /* a book move: answered at once */
    if (rc != 0)
        return rc < 0 ? rc : XQ_OK;
    pthread_mutex_lock(&s->mu);
    if (s->searching) {
        pthread_mutex_unlock(&s->mu);
        return XQ_ESTATE;
    }
    s->root_pos = board->pos;
    s->rules = s->next_rules;
    s->ngame = xq__rules_entries_from_board(board, s->game, GAME_HIST_MAX) + 1;
    xq__rules_limit_from_board(board, &s->rules, &s->root_limit);
    s->lim = l;
    s->on_info = on_info;
    s->userdata = userdata;
    xq__tt_new_search(&s->tt);
    atomic_store(&s->stop, 0);
    atomic_store(&s->pondering, l.ponder != 0);
    atomic_store(&s->start_ns, clock_ns());
    s->searching = 1;
    s->have_result = 1;
    s->main_gen++;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return XQ_OK;
}

void xq_search_stop(xq_search *s)
{
    if (!search_ok(s))
        return;
    atomic_store(&s->stop, 1);
    pthread_mutex_lock(&s->mu);
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

void xq_search_ponderhit(xq_search *s)
{
    if (!search_ok(s))
        return;
    pthread_mutex_lock(&s->mu);
    if (atomic_load(&s->pondering)) {
        atomic_store(&s->start_ns, clock_ns());
        atomic_store(&s->pondering, 0);
    }
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

int xq_search_running(const xq_search *s)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    return busy((struct xq_search *)s);
}

int xq_search_wait(xq_search *s, xq_search_result *res)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    pthread_mutex_lock(&s->mu);
    if (!s->have_result) {
        pthread_mutex_unlock(&s->mu);
        return XQ_ESTATE;
    }
    while (s->searching)
        pthread_cond_wait(&s->cv, &s->mu);
    if (res)
        *res = s->result;
    pthread_mutex_unlock(&s->mu);
    return XQ_OK;
}

int xq_search_run(xq_search *s, const xq_board *board, const xq_search_limits *lim,
                  xq_search_result *res)
{
    xq_search_limits l;
    int rc = read_limits(&l, lim);
    if (rc != XQ_OK)
        return rc;
    if (!lim || l.infinite || l.ponder)
        return XQ_EINVAL;
    rc = xq_search_start(s, board, lim, NULL, NULL);
    if (rc != XQ_OK)
        return rc;
    return xq_search_wait(s, res);
}

int xq_evaluate(const xq_board *board, int32_t *cp)
{
    if (!board_ok(board) || !cp)
        return XQ_EINVAL;
    *cp = xq__evaluate(&board->pos);
    return XQ_OK;
}
