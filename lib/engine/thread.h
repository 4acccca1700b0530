/* SPDX-License-Identifier: MIT */
/* The thread pool of a search handle (thread.c): its threads, its lock and
 * the life cycle of a search on them. Only the pool takes the lock and
 * writes the search state (searching, the result); the search API and the
 * add-ons go through these functions. */
#ifndef XQ_THREAD_H
#define XQ_THREAD_H

#include "xiangqi/search.h"

struct xq_search;

/* Grow or shrink the pool to n workers (no search running). On failure the
 * pool keeps the count it had. */
int xq__pool_resize(struct xq_search *s, int n);
/* Stop any search, join every thread and free the workers. */
void xq__pool_free(struct xq_search *s);
/* Claim the pool for a new search: XQ_ESTATE if one runs; the caller then
 * writes the inputs and calls xq__pool_launch(), or xq__pool_finish() when
 * the answer is ready without searching. */
int xq__pool_claim(struct xq_search *s);
/* Wake the main thread to run the claimed search. */
void xq__pool_launch(struct xq_search *s);
/* End the claimed search with a ready result (a book move): the result is
 * what xq_search_wait() returns, and the pool is free again. */
void xq__pool_finish(struct xq_search *s, const xq_search_result *result);
/* Nonzero while a search runs. */
int xq__pool_busy(struct xq_search *s);
/* Block until no search runs. */
void xq__pool_wait_idle(struct xq_search *s);
/* Wake every thread waiting on a change (after stop or ponderhit); fn, when
 * not NULL, runs under the pool's lock first. */
void xq__pool_notify(struct xq_search *s, void (*fn)(struct xq_search *));
/* Run fn(s, arg) under the pool's lock when no search runs (a setting that a
 * running search reads): XQ_OK, or XQ_ESTATE without running it. */
int xq__pool_when_idle(struct xq_search *s, void (*fn)(struct xq_search *, const void *),
                       const void *arg);

#endif
