/* SPDX-License-Identifier: MIT */
/* xq-server's timers (server/timer.c) on a real libwebsockets context that
 * listens nowhere: many timers armed, re-armed later and sooner, cancelled,
 * and freed, some from inside timer functions; each fires once, never before
 * its time, in the order of the deadlines, and a cancelled one never. */
#include "xq_test.h"

#include <libwebsockets.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

#define TIMERS 600
#define SPREAD_US 150000 /* deadlines within 150 ms */

static struct lws_context *g_ctx;

typedef struct slot {
    timer *t;
    int64_t due_us;   /* the latest deadline set; 0 when not armed */
    int fired;
    int64_t fired_us;
} slot;

static slot g_slots[TIMERS];
static int g_fired, g_late_order;
static int64_t g_last_due;
static uint64_t g_rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}

static void arm(slot *s, int64_t delay_us)
{
    s->due_us = (int64_t)lws_now_usecs() + delay_us;
    timer_set(s->t, delay_us);
}

static void fire(void *arg)
{
    slot *s = arg;
    int64_t now = (int64_t)lws_now_usecs();
    ck_assert_msg(s->due_us, "a timer that was not armed fired");
    ck_assert_msg(now >= s->due_us, "a timer fired %lld us early", (long long)(s->due_us - now));
    if (s->due_us < g_last_due)
        g_late_order++;
    g_last_due = s->due_us;
    s->fired++;
    s->fired_us = now;
    s->due_us = 0;
    g_fired++;
    /* from inside: every tenth re-arms itself once more, every seventh
     * cancels the next slot, every thirteenth frees the slot after that */
    size_t i = (size_t)(s - g_slots);
    if (i % 10 == 0 && s->fired == 1)
        arm(s, (int64_t)(rnd() % 20000));
    if (i % 7 == 0 && i + 1 < TIMERS && g_slots[i + 1].due_us) {
        timer_cancel(g_slots[i + 1].t);
        g_slots[i + 1].due_us = 0;
    }
    if (i % 13 == 0 && i + 2 < TIMERS && g_slots[i + 2].t) {
        timer_free(g_slots[i + 2].t);
        g_slots[i + 2].t = NULL;
        g_slots[i + 2].due_us = 0;
    }
}

/* lws_service() returns only after an event: a tick of its own every few
 * milliseconds (a plain lws entry, beside timer.c's) lets the test's loop
 * look at the clock even when no timer is left. */
static lws_sorted_usec_list_t g_tick;
static void tick(lws_sorted_usec_list_t *sul)
{
    lws_sul_schedule(g_ctx, 0, sul, tick, 5000);
}

static int armed(void)
{
    int n = 0;
    for (int i = 0; i < TIMERS; i++)
        n += g_slots[i].due_us != 0;
    return n;
}

START_TEST(timers_fire_once_in_order_never_early)
{
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    lws_set_log_level(LLL_ERR, NULL);
    g_ctx = lws_create_context(&info);
    ck_assert_ptr_nonnull(g_ctx);
    timer_attach(g_ctx);
    for (int i = 0; i < TIMERS; i++) {
        g_slots[i].t = timer_new(fire, &g_slots[i]);
        ck_assert_ptr_nonnull(g_slots[i].t);
        arm(&g_slots[i], (int64_t)(rnd() % SPREAD_US));
    }
    /* re-arm a third later and a third sooner (the earliest moves both ways),
     * cancel every fifth */
    for (int i = 0; i < TIMERS; i++) {
        if (i % 3 == 0)
            arm(&g_slots[i], (int64_t)(SPREAD_US + rnd() % SPREAD_US));
        else if (i % 3 == 1)
            arm(&g_slots[i], (int64_t)(rnd() % (SPREAD_US / 10)));
        if (i % 5 == 0) {
            timer_cancel(g_slots[i].t);
            timer_cancel(g_slots[i].t); /* twice: no harm */
            g_slots[i].due_us = 0;
        }
    }
    tick(&g_tick);
    int64_t end = (int64_t)lws_now_usecs() + 10 * 1000000;
    while (armed() && (int64_t)lws_now_usecs() < end)
        lws_service(g_ctx, 0);
    lws_sul_cancel(&g_tick);
    ck_assert_int_eq(armed(), 0);
    ck_assert_int_eq(g_late_order, 0);
    for (int i = 0; i < TIMERS; i++) {
        if (i % 5 == 0)
            ck_assert_int_eq(g_slots[i].fired, 0); /* cancelled before the loop ran */
        else
            ck_assert_int_le(g_slots[i].fired, i % 10 == 0 ? 2 : 1);
    }
    ck_assert_int_gt(g_fired, TIMERS / 2);
    for (int i = 0; i < TIMERS; i++)
        timer_free(g_slots[i].t);
    timer_cancel(NULL);
    timer_free(NULL);
    timer_attach(NULL);
    lws_context_destroy(g_ctx);
    g_ctx = NULL;
}
END_TEST

int main(void)
{
    Suite *s = suite_create("timer");
    TCase *tc = tcase_create("heap");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, timers_fire_once_in_order_never_early);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
