/* SPDX-License-Identifier: MIT */
/* Worker threads and the queue of their results posted back into the loop. */
#ifndef XQ_SERVER_WORK_H
#define XQ_SERVER_WORK_H

typedef struct pool pool;
typedef struct work {
    void (*run)(struct work *w, void *thread_ctx); /* on a worker thread */
    void (*done)(struct work *w);                  /* back in the loop; frees w */
    /* Frees a job whose done callback will not run (the pool is freed before
     * it ran or before the loop took it back); NULL: free(w). */
    void (*drop)(struct work *w);
    struct work *next;
    pool *owner; /* set by pool_submit() */
} work;
pool *pool_new(int threads, void *(*ctx_new)(void), void (*ctx_free)(void *));
void pool_submit(pool *p, work *w);
/* Stops the threads after their current job; the jobs it has not handed back
 * to the loop (queued, or done but not yet drained) are dropped. */
void pool_free(pool *p);
/* How a worker wakes the loop (net_wake), set before the first pool_submit(). */
void work_set_wake(void (*wake)(void));
void work_drain(void);                 /* run the done callbacks (the loop calls it) */

#endif
