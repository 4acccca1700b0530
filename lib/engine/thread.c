/* SPDX-License-Identifier: MIT */
/* The thread pool of a search handle: parked threads, one mutex and one
 * condition variable, and the sequence of a search on the main thread.
 *
 * Worker 0 (the main worker) conducts every search (conduct() below):
 * prepare, start the helpers, iterate, hold an infinite or ponder search
 * until stop or ponderhit, stop and wait for the helpers, write the result.
 * The pieces come from search.c, which never calls back into the pool.
 * xq_search_start() (search_api.c) only claims the pool, copies the inputs
 * and wakes worker 0, so it returns at once. All state changes happen under
 * the mutex and are broadcast on the condition variable; the stop flag is
 * an atomic that the search polls at every node. */
#include <stdlib.h>

#include "thread.h"

#include "search.h"

/* ---- the sequence of a search ---- */

static void start_helpers(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    s->helpers_busy = s->nworkers - 1;
    s->helper_gen++;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

static void wait_helpers(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    while (s->helpers_busy > 0)
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
}

/* Hold the main worker while an infinite or ponder search has nothing left
 * to do, until stop or ponderhit. */
static void wait_stop(struct xq_search *s)
{
#ifdef XQ_NO_THREADS
    /* Nobody else could end the wait: the search is over when it is. */
    (void)s;
#else
    pthread_mutex_lock(&s->mu);
    while (!atomic_load(&s->stop) && (s->lim.infinite || atomic_load(&s->pondering)))
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
#endif
}

static void conduct(worker *w)
{
    struct xq_search *s = w->s;
    xq__search_prepare(w);
    xq__tm_init(&s->tm, &s->lim, w->pos.side, w->nroot);
    /* No root move: the helpers stay parked, and nothing may read what they
     * hold from the last search (nodes, root moves). */
    s->helpers_on = w->nroot != 0;
    if (w->nroot) {
        start_helpers(s);
        xq__search_iterate(w);
    } else {
        xq__search_report_no_move(w);
    }
    wait_stop(s);
    atomic_store(&s->stop, 1);
    if (w->nroot)
        wait_helpers(s);
    xq__search_finish(s);
}

#ifndef XQ_NO_THREADS
static void help(worker *w)
{
    xq__search_prepare(w);
    if (w->nroot)
        xq__search_iterate(w);
}

/* ---- the threads ---- */

static void *worker_loop(void *arg)
{
    worker *w = arg;
    struct xq_search *s = w->s;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        uint64_t gen = w->id == 0 ? s->main_gen : s->helper_gen;
        while (!s->quit && !w->quit && gen == w->seen_gen) {
            pthread_cond_wait(&s->cv, &s->mu);
            gen = w->id == 0 ? s->main_gen : s->helper_gen;
        }
        if (s->quit || w->quit)
            break;
        w->seen_gen = gen;
        pthread_mutex_unlock(&s->mu);

        if (w->id == 0)
            conduct(w);
        else
            help(w);

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
#endif

/* Start a worker's thread with a roomy stack for the recursion. */
static int spawn(worker *w)
{
#ifdef XQ_NO_THREADS
    /* The only worker runs on the caller's thread (xq__pool_launch()). */
    return w->id == 0 ? 0 : -1;
#else
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return -1;
    pthread_attr_setstacksize(&attr, 8u << 20);
    struct xq_search *s = w->s;
    pthread_mutex_lock(&s->mu);
    w->seen_gen = w->id == 0 ? s->main_gen : s->helper_gen;
    pthread_mutex_unlock(&s->mu);
    int rc = pthread_create(&w->thread, &attr, worker_loop, w);
    pthread_attr_destroy(&attr);
    return rc;
#endif
}

static void worker_free(worker *w)
{
    free(w->hist);
    free(w);
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
        worker_free(w);
        return NULL;
    }
    return w;
}

/* Join and free workers [keep, nworkers); the caller holds no lock and no
 * search runs. Each leaving worker has a quit flag of its own, so the
 * workers that stay keep their threads: shrinking creates no thread and
 * cannot fail. */
static void workers_shrink(struct xq_search *s, int keep)
{
    if (keep >= s->nworkers)
        return;
    pthread_mutex_lock(&s->mu);
    for (int i = keep; i < s->nworkers; i++)
        s->workers[i]->quit = 1;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    for (int i = keep; i < s->nworkers; i++) {
#ifndef XQ_NO_THREADS
        pthread_join(s->workers[i]->thread, NULL);
#endif
        worker_free(s->workers[i]);
        s->workers[i] = NULL;
    }
    s->nworkers = keep;
}

/* ---- the pool's interface ---- */

int xq__pool_resize(struct xq_search *s, int n)
{
    if (n <= s->nworkers) {
        workers_shrink(s, n);
        return XQ_OK;
    }
    worker **arr = realloc(s->workers, (size_t)n * sizeof *arr);
    if (!arr)
        return XQ_ENOMEM;
    s->workers = arr;
    const int old = s->nworkers;
    while (s->nworkers < n) {
        worker *w = worker_new(s, s->nworkers);
        if (!w) {
            /* All or nothing: the header promises the old count. */
            workers_shrink(s, old);
            return XQ_ENOMEM;
        }
        s->workers[s->nworkers++] = w;
    }
    return XQ_OK;
}

void xq__pool_free(struct xq_search *s)
{
    atomic_store(&s->stop, 1);
    pthread_mutex_lock(&s->mu);
    pthread_cond_broadcast(&s->cv);
    while (s->searching)
        pthread_cond_wait(&s->cv, &s->mu);
    s->quit = 1;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    for (int i = 0; i < s->nworkers; i++) {
#ifndef XQ_NO_THREADS
        pthread_join(s->workers[i]->thread, NULL);
#endif
        worker_free(s->workers[i]);
    }
    free(s->workers);
    s->workers = NULL;
    s->nworkers = 0;
}

int xq__pool_claim(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    /* No main worker (cannot happen: a handle is created with one and no
     * resize removes it) would leave wait and free hanging. */
    const int busy = s->searching || s->nworkers < 1;
    if (!busy)
        s->searching = 1;
    pthread_mutex_unlock(&s->mu);
    return busy ? XQ_ESTATE : XQ_OK;
}

void xq__pool_launch(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    s->have_result = 1;
    s->search_id++;
    s->main_gen++;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
#ifdef XQ_NO_THREADS
    worker *w = s->workers[0];
    w->seen_gen = s->main_gen;
    conduct(w);
    s->searching = 0;
#endif
}

void xq__pool_finish(struct xq_search *s, const xq_search_result *result)
{
    pthread_mutex_lock(&s->mu);
    s->result = *result;
    s->have_result = 1;
    s->searching = 0; /* release the pool claimed by xq__pool_claim() */
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

int xq__pool_busy(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    const int b = s->searching;
    pthread_mutex_unlock(&s->mu);
    return b;
}

void xq__pool_wait_idle(struct xq_search *s)
{
    pthread_mutex_lock(&s->mu);
    while (s->searching)
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
}

void xq__pool_notify(struct xq_search *s, void (*fn)(struct xq_search *))
{
    pthread_mutex_lock(&s->mu);
    if (fn)
        fn(s);
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

int xq__pool_when_idle(struct xq_search *s, void (*fn)(struct xq_search *, const void *),
                       const void *arg)
{
    pthread_mutex_lock(&s->mu);
    const int searching = s->searching;
    if (!searching)
        fn(s, arg);
    pthread_mutex_unlock(&s->mu);
    return searching ? XQ_ESTATE : XQ_OK;
}
