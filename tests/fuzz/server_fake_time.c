/* SPDX-License-Identifier: MIT */
/* A fake clock for xq-server's fuzz harnesses (server_fakes.h): mono_us() and
 * wall_s(), wall_ms() of server/clock.h read a time that the harness moves, and the
 * timers of server/timer.h run when it passes their time, in the order of
 * their times (then of their setting), so a game's clocks, flag falls and
 * abandonment run the same way every time and take no real time. */
#include <stdlib.h>

#include "clock.h"
#include "fuzz_common.h"
#include "server_fakes.h"
#include "timer.h"
#include "work.h"

/* The start of the clocks: any fixed values (the monotonic one far from 0, as
 * a real one is; the wall clock in 2026). */
#define FAKE_MONO_START_US (1000LL * 1000000)
#define FAKE_WALL_START_S 1798761600LL
/* Timers and job results run in one settling or advance at most (a bound
 * against a timer that keeps setting itself due at once: a bug the harness
 * reports). */
#define FAKE_MAX_FIRES 100000

struct timer {
    timer_fn fn;
    void *arg;
    int pending;
    int64_t due_us;
    uint64_t seq; /* order of setting, for timers due at the same time */
    struct timer *prev, *next;
};

static int64_t g_now = FAKE_MONO_START_US;
static uint64_t g_seq;
static timer *g_timers; /* every timer, set or not */
static size_t g_pending;

int64_t mono_us(void) { return g_now; }
int64_t wall_s(void) { return FAKE_WALL_START_S + (g_now - FAKE_MONO_START_US) / 1000000; }
int64_t wall_ms(void) { return FAKE_WALL_START_S * 1000 + (g_now - FAKE_MONO_START_US) / 1000; }

timer *timer_new(timer_fn fn, void *arg)
{
    timer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->fn = fn;
    t->arg = arg;
    t->next = g_timers;
    if (g_timers)
        g_timers->prev = t;
    g_timers = t;
    return t;
}

void timer_set(timer *t, int64_t delay_us)
{
    if (delay_us < 0)
        delay_us = 0;
    if (!t->pending)
        g_pending++;
    t->pending = 1;
    t->due_us = g_now + delay_us;
    t->seq = g_seq++;
}

void timer_cancel(timer *t)
{
    if (t && t->pending) {
        t->pending = 0;
        g_pending--;
    }
}

void timer_free(timer *t)
{
    if (!t)
        return;
    timer_cancel(t);
    if (t->prev)
        t->prev->next = t->next;
    else
        g_timers = t->next;
    if (t->next)
        t->next->prev = t->prev;
    free(t);
}

size_t fake_time_pending(void) { return g_pending; }

/* The set timer due first at or before `until`, or NULL. */
static timer *first_due(int64_t until)
{
    timer *best = NULL;
    for (timer *t = g_timers; t; t = t->next)
        if (t->pending && t->due_us <= until &&
            (!best || t->due_us < best->due_us ||
             (t->due_us == best->due_us && t->seq < best->seq)))
            best = t;
    return best;
}

/* Run the timers due up to `until` in order, the clock moving to each; with
 * `results`, the results of the worker jobs too, as they come. */
static void run_until(int64_t until, int results)
{
    for (int fires = 0;; fires++) {
        FUZZ_ASSERT(fires < FAKE_MAX_FIRES);
        if (results && work_drain() > 0)
            continue;
        timer *t = first_due(until);
        if (!t)
            break;
        if (t->due_us > g_now)
            g_now = t->due_us;
        t->pending = 0;
        g_pending--;
        t->fn(t->arg);
    }
}

void fake_time_settle(void) { run_until(g_now, 0); }

void fake_time_advance(int64_t us)
{
    if (us < 0)
        us = 0;
    int64_t until = g_now + us;
    run_until(until, 1);
    g_now = until;
}
