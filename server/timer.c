/* SPDX-License-Identifier: MIT */
/* Timers on the loop (timer.h): libwebsockets' sorted microsecond lists on
 * the context of net.c. */
#include <libwebsockets.h>
#include <stdlib.h>

#include "net.h"
#include "timer.h"

struct timer {
    lws_sorted_usec_list_t sul; /* first: container */
    timer_fn fn;
    void *arg;
};

static void timer_cb(lws_sorted_usec_list_t *sul)
{
    timer *t = (timer *)sul;
    t->fn(t->arg);
}

timer *timer_new(timer_fn fn, void *arg)
{
    timer *t = calloc(1, sizeof *t);
    if (t) {
        t->fn = fn;
        t->arg = arg;
    }
    return t;
}

void timer_set(timer *t, int64_t delay_us)
{
    if (delay_us < 0)
        delay_us = 0;
    lws_sul_schedule(net_context(), 0, &t->sul, timer_cb, (lws_usec_t)delay_us);
}

void timer_cancel(timer *t)
{
    if (t)
        lws_sul_cancel(&t->sul);
}

void timer_free(timer *t)
{
    if (!t)
        return;
    if (net_context())
        lws_sul_cancel(&t->sul);
    free(t);
}
