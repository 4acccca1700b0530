/* SPDX-License-Identifier: MIT */
/* Worker threads: a job runs on a pool thread (a search, a password hash) and
 * its done callback runs back in the loop. Finished jobs go on one queue; the
 * worker wakes the loop with lws_cancel_service() (net_wake) and the loop
 * drains the queue on LWS_CALLBACK_EVENT_WAIT_CANCELLED. The loop never
 * waits for a worker. */
#include <pthread.h>
#include <stdlib.h>

#include "work.h"

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    work *head, *tail;
    int stop;
    int nthreads;
    pthread_t *threads;
    void *(*ctx_new)(void);
    void (*ctx_free)(void *);
    int inline_run; /* work_set_inline(): no threads, jobs run in pool_submit() */
    void *inline_ctx;
};

static pthread_mutex_t g_done_mu = PTHREAD_MUTEX_INITIALIZER;
static work *g_done_head, *g_done_tail;
static void (*g_wake)(void); /* work_set_wake() */
static int g_inline;         /* work_set_inline() */

void work_set_wake(void (*wake)(void)) { g_wake = wake; }
void work_set_inline(int on) { g_inline = on; }

static void post_done(work *w)
{
    pthread_mutex_lock(&g_done_mu);
    w->next = NULL;
    if (g_done_tail)
        g_done_tail->next = w;
    else
        g_done_head = w;
    g_done_tail = w;
    pthread_mutex_unlock(&g_done_mu);
    if (g_wake)
        g_wake();
}

int work_drain(void)
{
    int ran = 0;
    pthread_mutex_lock(&g_done_mu);
    work *w = g_done_head;
    g_done_head = g_done_tail = NULL;
    pthread_mutex_unlock(&g_done_mu);
    while (w) {
        work *n = w->next;
        w->done(w);
        w = n;
        ran++;
    }
    return ran;
}

static void *worker(void *arg)
{
    pool *p = arg;
    void *ctx = p->ctx_new ? p->ctx_new() : NULL;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (!p->head && !p->stop)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop) {
            pthread_mutex_unlock(&p->mu);
            break;
        }
        work *w = p->head;
        p->head = w->next;
        if (!p->head)
            p->tail = NULL;
        pthread_mutex_unlock(&p->mu);
        w->run(w, ctx);
        post_done(w);
    }
    if (p->ctx_free)
        p->ctx_free(ctx);
    return NULL;
}

pool *pool_new(int threads, void *(*ctx_new)(void), void (*ctx_free)(void *))
{
    pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->ctx_new = ctx_new;
    p->ctx_free = ctx_free;
    if (g_inline) {
        p->inline_run = 1;
        p->inline_ctx = ctx_new ? ctx_new() : NULL;
        return p;
    }
    p->threads = calloc((size_t)threads, sizeof *p->threads);
    if (!p->threads) {
        free(p);
        return NULL;
    }
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&p->threads[i], NULL, worker, p) != 0)
            break;
        p->nthreads++;
    }
    if (p->nthreads == 0) {
        pool_free(p);
        return NULL;
    }
    return p;
}

static void drop(work *w)
{
    if (w->drop)
        w->drop(w);
    else
        free(w);
}

void pool_submit(pool *p, work *w)
{
    w->owner = p;
    if (p->inline_run) {
        w->run(w, p->inline_ctx);
        post_done(w);
        return;
    }
    pthread_mutex_lock(&p->mu);
    w->next = NULL;
    if (p->tail)
        p->tail->next = w;
    else
        p->head = w;
    p->tail = w;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

/* Stops the threads after their current job; the jobs queued and those
 * done but not yet drained are dropped (their done callbacks do not run: the
 * loop is ending), each freed by its drop callback. */
void pool_free(pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    if (p->inline_run && p->ctx_free)
        p->ctx_free(p->inline_ctx);
    for (work *w = p->head, *n; w; w = n) {
        n = w->next;
        drop(w);
    }
    /* this pool's results still waiting for the loop */
    pthread_mutex_lock(&g_done_mu);
    work *mine = NULL, **pp = &g_done_head;
    g_done_tail = NULL;
    while (*pp) {
        work *w = *pp;
        if (w->owner == p) {
            *pp = w->next;
            w->next = mine;
            mine = w;
        } else {
            g_done_tail = w;
            pp = &w->next;
        }
    }
    pthread_mutex_unlock(&g_done_mu);
    for (work *w = mine, *n; w; w = n) {
        n = w->next;
        drop(w);
    }
    free(p->threads);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p);
}
