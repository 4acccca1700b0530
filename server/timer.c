/* SPDX-License-Identifier: MIT */
/* Timers on the loop (timer.h): a binary min-heap of deadlines here, and one
 * libwebsockets sorted-usec-list entry (on the context of net.c) armed for
 * the earliest.
 *
 * Why not one lws entry per timer: lws keeps its entries, the idle timeout of
 * every connection among them, in one sorted linked list, so arming an entry
 * walks it: a game's flag timer, re-armed at every move, cost a walk of every
 * connection (a sixth of the server's time per move at 3,000 connections).
 * Here re-arming is O(log timers), and the lws entry is moved only when the
 * earliest deadline comes sooner than it is armed for; when it goes later,
 * the entry fires early, finds nothing due and is armed again. */
#include <libwebsockets.h>
#include <stdlib.h>

#include "timer.h"

struct timer {
    timer_fn fn;
    void *arg;
    int64_t due_us; /* lws_now_usecs() time */
    size_t slot;    /* index in the heap + 1; 0: not pending */
};

static timer **g_heap;        /* min-heap on due_us */
static size_t g_n;            /* pending timers */
static size_t g_cap;          /* room in g_heap: at least one per timer made */
static size_t g_made;         /* timers made and not freed */
static struct lws_context *g_ctx; /* timer_attach() */
static lws_sorted_usec_list_t g_sul;
static int64_t g_sul_due;     /* when g_sul fires; 0: not armed */

static int earlier(size_t a, size_t b) { return g_heap[a]->due_us < g_heap[b]->due_us; }

static void place(size_t i, timer *t)
{
    g_heap[i] = t;
    t->slot = i + 1;
}

static void sift_up(size_t i)
{
    timer *t = g_heap[i];
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (g_heap[parent]->due_us <= t->due_us)
            break;
        place(i, g_heap[parent]);
        i = parent;
    }
    place(i, t);
}

static void sift_down(size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < g_n && earlier(l, m))
            m = l;
        if (r < g_n && earlier(r, m))
            m = r;
        if (m == i)
            return;
        timer *t = g_heap[i];
        place(i, g_heap[m]);
        place(m, t);
        i = m;
    }
}

static void heap_remove(timer *t)
{
    size_t i = t->slot - 1;
    t->slot = 0;
    g_n--;
    if (i == g_n)
        return;
    timer *moved = g_heap[g_n];
    place(i, moved);
    sift_down(i);
    sift_up(moved->slot - 1);
}

static void sul_cb(lws_sorted_usec_list_t *sul);

void timer_attach(void *lws_context)
{
    if (!lws_context && g_ctx && g_sul_due)
        lws_sul_cancel(&g_sul);
    g_ctx = lws_context;
    g_sul_due = 0;
}

/* Arm the lws entry for the earliest deadline when it would fire later. */
static void arm(void)
{
    if (!g_n || !g_ctx)
        return;
    int64_t due = g_heap[0]->due_us;
    if (g_sul_due && g_sul_due <= due)
        return;
    int64_t delay = due - (int64_t)lws_now_usecs();
    g_sul_due = due;
    lws_sul_schedule(g_ctx, 0, &g_sul, sul_cb, (lws_usec_t)(delay > 0 ? delay : 0));
}

/* The lws entry fired: every timer due runs (each taken out first, so that it
 * may set, cancel or free any timer, itself included). */
static void sul_cb(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    g_sul_due = 0;
    int64_t now = (int64_t)lws_now_usecs();
    while (g_n && g_heap[0]->due_us <= now) {
        timer *t = g_heap[0];
        heap_remove(t);
        t->fn(t->arg);
    }
    arm();
}

timer *timer_new(timer_fn fn, void *arg)
{
    if (g_made == g_cap) { /* the heap has a place for every timer: timer_set never allocates */
        size_t cap = g_cap ? 2 * g_cap : 64;
        timer **h = realloc(g_heap, cap * sizeof *h);
        if (!h)
            return NULL;
        g_heap = h;
        g_cap = cap;
    }
    timer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->fn = fn;
    t->arg = arg;
    g_made++;
    return t;
}

void timer_set(timer *t, int64_t delay_us)
{
    if (delay_us < 0)
        delay_us = 0;
    t->due_us = (int64_t)lws_now_usecs() + delay_us;
    if (t->slot) {
        sift_down(t->slot - 1);
        sift_up(t->slot - 1);
    } else {
        place(g_n, t);
        sift_up(g_n++);
    }
    arm();
}

void timer_cancel(timer *t)
{
    if (!t || !t->slot)
        return;
    heap_remove(t);
    if (!g_n && g_sul_due && g_ctx) { /* nothing left to wake for */
        lws_sul_cancel(&g_sul);
        g_sul_due = 0;
    }
}

void timer_free(timer *t)
{
    if (!t)
        return;
    timer_cancel(t);
    free(t);
    if (--g_made == 0) {
        free(g_heap);
        g_heap = NULL;
        g_cap = 0;
    }
}
