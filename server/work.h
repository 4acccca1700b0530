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
/* Tests (the fuzz harnesses of tests/fuzz): the pools made after
 * work_set_inline(1) start no threads; pool_submit() runs the job at once on
 * the caller's thread (with the pool's one thread context) and queues its done
 * callback for work_drain(), as a worker would, so a harness is deterministic
 * and never waits. Off (0) by default: the server never calls it. */
void work_set_inline(int on);
/* How a worker wakes the loop (net_wake), set before the first pool_submit(). */
void work_set_wake(void (*wake)(void));
/* Run the done callbacks (the loop calls it): how many ran. */
int work_drain(void);

#endif
