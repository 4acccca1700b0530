/* SPDX-License-Identifier: MIT */
/* xq-server's worker pools (server/work.c): jobs run on the threads and come
 * back through work_drain() in the order they finished; a pool freed with
 * jobs still queued, or done but not yet drained, drops each of them through
 * its drop callback (nothing leaks when the server stops while the engine
 * thinks), and leaves the other pools' results alone. In the inline mode of
 * the fuzz harnesses (work_set_inline()) a job runs in pool_submit() with the
 * pool's one context and still comes back only through work_drain(). */
#include "xq_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "work.h"

static atomic_int g_ran, g_done, g_dropped;
static void *_Atomic g_seen_ctx; /* the context the last job ran with */

static void sleep_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

typedef struct job {
    work w;
    int sleep_ms;
    int *freed; /* set when the job is freed, by done or drop */
} job;

static void job_run(work *w, void *ctx)
{
    job *j = (job *)w;
    atomic_store(&g_seen_ctx, ctx);
    if (j->sleep_ms)
        sleep_ms(j->sleep_ms);
    atomic_fetch_add(&g_ran, 1);
}

static void job_done(work *w)
{
    job *j = (job *)w;
    atomic_fetch_add(&g_done, 1);
    (*j->freed)++;
    free(j);
}

static void job_drop(work *w)
{
    job *j = (job *)w;
    atomic_fetch_add(&g_dropped, 1);
    (*j->freed)++;
    free(j);
}

static job *new_job(int sleep_ms, int *freed)
{
    job *j = calloc(1, sizeof *j);
    ck_assert_ptr_nonnull(j);
    j->w.run = job_run;
    j->w.done = job_done;
    j->w.drop = job_drop;
    j->sleep_ms = sleep_ms;
    j->freed = freed;
    return j;
}

static void reset(void)
{
    atomic_store(&g_ran, 0);
    atomic_store(&g_done, 0);
    atomic_store(&g_dropped, 0);
}

/* Every job runs once and comes back once through work_drain(). */
START_TEST(jobs_run_and_come_back)
{
    reset();
    int freed[8] = {0};
    pool *p = pool_new(2, NULL, NULL);
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < 8; i++)
        pool_submit(p, &new_job(1, &freed[i])->w);
    for (int tries = 0; atomic_load(&g_done) < 8 && tries < 5000; tries++) {
        work_drain();
        sleep_ms(1);
    }
    ck_assert_int_eq(atomic_load(&g_ran), 8);
    ck_assert_int_eq(atomic_load(&g_done), 8);
    pool_free(p);
    ck_assert_int_eq(atomic_load(&g_dropped), 0);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(freed[i], 1);
}
END_TEST

/* Freed while one job runs and others wait: the waiting ones and the one
 * that finished (never drained) are dropped, each freed exactly once. */
START_TEST(free_drops_queued_and_undrained)
{
    reset();
    int freed[5] = {0};
    pool *p = pool_new(1, NULL, NULL);
    ck_assert_ptr_nonnull(p);
    pool_submit(p, &new_job(100, &freed[0])->w); /* running when the pool goes */
    for (int i = 1; i < 5; i++)
        pool_submit(p, &new_job(0, &freed[i])->w);
    sleep_ms(20);
    pool_free(p);
    work_drain(); /* nothing of the freed pool is left to drain */
    ck_assert_int_eq(atomic_load(&g_done), 0);
    ck_assert_int_eq(atomic_load(&g_dropped), 5);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(freed[i], 1);
}
END_TEST

/* Another pool's results stay in the queue and come back after one pool is freed. */
START_TEST(free_keeps_other_pools_results)
{
    reset();
    int freed_a[3] = {0}, freed_b[3] = {0};
    pool *a = pool_new(1, NULL, NULL), *b = pool_new(1, NULL, NULL);
    ck_assert(a && b);
    for (int i = 0; i < 3; i++) {
        pool_submit(a, &new_job(0, &freed_a[i])->w);
        pool_submit(b, &new_job(0, &freed_b[i])->w);
    }
    while (atomic_load(&g_ran) < 6)
        sleep_ms(1);
    pool_free(a); /* a's three results dropped, b's kept */
    ck_assert_int_eq(atomic_load(&g_dropped), 3);
    for (int tries = 0; atomic_load(&g_done) < 3 && tries < 5000; tries++) {
        work_drain(); /* b's worker may still be handing its last result back */
        sleep_ms(1);
    }
    ck_assert_int_eq(atomic_load(&g_done), 3);
    pool_free(b);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(freed_a[i], 1);
        ck_assert_int_eq(freed_b[i], 1);
    }
}
END_TEST

static int g_ctx_marker, g_ctx_made, g_ctx_freed;
static void *marker_new(void)
{
    g_ctx_made++;
    return &g_ctx_marker;
}
static void marker_free(void *ctx)
{
    ck_assert_ptr_eq(ctx, &g_ctx_marker);
    g_ctx_freed++;
}

/* Inline: the job runs at once, on this thread, with the pool's context; its
 * done callback waits for work_drain(); a job not drained is dropped. */
START_TEST(inline_runs_at_submit)
{
    reset();
    int freed[2] = {0};
    work_set_inline(1);
    pool *p = pool_new(1, marker_new, marker_free);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(g_ctx_made, 1);
    pool_submit(p, &new_job(0, &freed[0])->w);
    ck_assert_int_eq(atomic_load(&g_ran), 1);
    ck_assert_ptr_eq(atomic_load(&g_seen_ctx), &g_ctx_marker);
    ck_assert_int_eq(atomic_load(&g_done), 0);
    ck_assert_int_eq(work_drain(), 1);
    ck_assert_int_eq(atomic_load(&g_done), 1);
    ck_assert_int_eq(work_drain(), 0);
    pool_submit(p, &new_job(0, &freed[1])->w);
    pool_free(p);
    ck_assert_int_eq(atomic_load(&g_dropped), 1);
    ck_assert_int_eq(freed[0] + freed[1], 2);
    ck_assert_int_eq(g_ctx_freed, 1);
    work_set_inline(0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("work");
    TCase *tc = tcase_create("pools");
    tcase_add_test(tc, jobs_run_and_come_back);
    tcase_add_test(tc, free_drops_queued_and_undrained);
    tcase_add_test(tc, free_keeps_other_pools_results);
    tcase_add_test(tc, inline_runs_at_submit);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
