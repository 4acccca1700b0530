/* SPDX-License-Identifier: MIT */
/* xq-server's Redis broker (server/broker_redis.c) against a Redis of the
 * test's own (tests/server/redis_instance.sh; XQ_REDIS_INSTANCE: the script,
 * XQ_REDIS_PRIVATE: its folder): two brokers on one loop stand for two
 * processes of a site. A message reaches the other's subscribers in the
 * order it was published, with skip 0 there and its skip here, once; an
 * unsubscription inside a delivery holds, and a subscription made again at
 * once works; Redis stopped: both say so, a publish is local and says -1;
 * Redis started again: both reconnect and subscribe again by themselves.
 * Exits 77 (skipped) without redis-server or without the variables. */
#include "xq_test.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <uv.h>

#include "broker.h"
#include "broker_local.h"
#include "broker_redis.h"

#define MSGS 200          /* messages of the order case */
#define TICK_MS 10        /* the loop wakes at least this often while a case waits */
#define WAIT_MS 15000     /* the longest a case waits for something */
#define RECONNECT_MS 8000 /* the backoff's longest step (5 s) with room */

static char g_dir[1024], g_url[256];
static uv_loop_t g_loop;
static uv_timer_t g_tick;

/* What one subscriber saw. */
typedef struct seen {
    int n;                /* messages with "n" */
    int last;             /* the last "n" */
    int in_order;         /* every "n" was the one after the last */
    int probes;           /* probe messages */
    uint32_t skip;        /* of the last message */
    broker *b;            /* for the unsubscribing subscriber */
    broker_sub **subs;    /* unsubscribed by the first delivery (NULL-terminated) */
} seen;

static void on_msg(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    seen *s = arg;
    (void)subject;
    if (json_object_get(msg, "probe")) {
        s->probes++;
        return;
    }
    int n = (int)json_integer_value(json_object_get(msg, "n"));
    if (n != s->last + 1)
        s->in_order = 0;
    s->last = n;
    s->n++;
    s->skip = skip;
    if (s->subs) { /* unsubscribe a list, itself among them, inside the delivery */
        for (broker_sub **p = s->subs; *p; p++) {
            broker_unsubscribe(s->b, *p);
            *p = NULL;
        }
        s->subs = NULL;
    }
}

static void seen_init(seen *s)
{
    memset(s, 0, sizeof *s);
    s->in_order = 1;
}

static void tick(uv_timer_t *t) { (void)t; }

static int64_t now_ms(void) { return (int64_t)(uv_hrtime() / 1000000); }

/* Run the loop until *flag is nonzero or ms pass: the flag. */
static int run_until(const int *flag, int64_t ms)
{
    int64_t end = now_ms() + ms;
    while (!*flag && now_ms() < end) {
        uv_update_time(&g_loop);
        uv_run(&g_loop, UV_RUN_ONCE);
    }
    return *flag;
}

static void run_for(int64_t ms)
{
    int never = 0;
    run_until(&never, ms);
}

/* Wait until both brokers are connected. */
static void wait_up(broker *a, broker *b)
{
    int64_t end = now_ms() + WAIT_MS;
    while ((broker_fault(a) || broker_fault(b)) && now_ms() < end)
        run_for(TICK_MS);
    ck_assert_msg(!broker_fault(a), "%s", broker_fault(a));
    ck_assert_msg(!broker_fault(b), "%s", broker_fault(b));
}

/* Publish probes from a until the subscriber s (of another broker) sees one:
 * its subscription has reached Redis. */
static void settle(broker *a, const char *subject, seen *s)
{
    json_t *probe = json_pack("{s:b}", "probe", 1);
    int64_t end = now_ms() + WAIT_MS;
    int before = s->probes;
    while (s->probes == before && now_ms() < end) {
        broker_publish(a, subject, probe, 0);
        run_for(TICK_MS);
    }
    json_decref(probe);
    ck_assert_int_gt(s->probes, before);
}

static void instance(const char *cmd)
{
    char line[2048];
    snprintf(line, sizeof line, "sh '%s' %s '%s' >/dev/null", getenv("XQ_REDIS_INSTANCE"), cmd,
             g_dir);
    ck_assert_int_eq(system(line), 0);
}

static broker *started(void)
{
    char err[512];
    broker *b = broker_redis_new(g_url, err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    ck_assert_int_eq(broker_start(b, &g_loop, err, sizeof err), 0);
    return b;
}

static void loop_setup(void)
{
    ck_assert_int_eq(uv_loop_init(&g_loop), 0);
    uv_timer_init(&g_loop, &g_tick);
    uv_timer_start(&g_tick, tick, TICK_MS, TICK_MS);
}

/* Close the brokers and the loop: every handle closes (uv_loop_close says 0). */
static void loop_teardown(broker *a, broker *b)
{
    broker_close(a);
    broker_close(b);
    uv_close((uv_handle_t *)&g_tick, NULL);
    uv_run(&g_loop, UV_RUN_DEFAULT);
    ck_assert_int_eq(uv_loop_close(&g_loop), 0);
    broker_free(a);
    broker_free(b);
}

START_TEST(delivered_across_in_order_once)
{
    loop_setup();
    broker *a = started(), *b = started();
    wait_up(a, b);
    seen there, here, other;
    seen_init(&there);
    seen_init(&here);
    seen_init(&other);
    ck_assert_ptr_nonnull(broker_subscribe(b, "game.7", on_msg, &there));
    ck_assert_ptr_nonnull(broker_subscribe(b, "game.8", on_msg, &other));
    ck_assert_ptr_nonnull(broker_subscribe(a, "game.7", on_msg, &here));
    settle(a, "game.7", &there);
    for (int i = 1; i <= MSGS; i++) {
        json_t *m = json_pack("{s:i}", "n", i);
        ck_assert_int_eq(broker_publish(a, "game.7", m, 5), 0);
        json_decref(m);
    }
    ck_assert_int_eq(here.n, MSGS); /* delivered here at once, with its skip */
    ck_assert_int_eq(here.skip, 5);
    int done = 0;
    int64_t end = now_ms() + WAIT_MS;
    while (there.n < MSGS && now_ms() < end)
        run_until(&done, TICK_MS);
    ck_assert_int_eq(there.n, MSGS);
    ck_assert(there.in_order);
    ck_assert_int_eq(there.skip, 0); /* a connection of the other process */
    run_for(100);                    /* nothing comes back to the publisher, nothing strays */
    ck_assert_int_eq(here.n, MSGS);
    ck_assert(here.in_order);
    ck_assert_int_eq(there.n, MSGS);
    ck_assert_int_eq(other.n + other.probes, 0);
    loop_teardown(a, b);
}
END_TEST

START_TEST(unsubscribed_inside_a_delivery_and_again)
{
    loop_setup();
    broker *a = started(), *b = started();
    wait_up(a, b);
    seen first, second, later;
    seen_init(&first);
    seen_init(&second);
    seen_init(&later);
    broker_sub *list[3] = {NULL, NULL, NULL};
    list[0] = broker_subscribe(b, "user.3", on_msg, &first);
    list[1] = broker_subscribe(b, "user.3", on_msg, &second);
    ck_assert_ptr_nonnull(list[0]);
    ck_assert_ptr_nonnull(list[1]);
    first.b = b;
    first.subs = list;
    settle(a, "user.3", &first);
    json_t *m = json_pack("{s:i}", "n", 1);
    broker_publish(a, "user.3", m, 0);
    int64_t end = now_ms() + WAIT_MS;
    while (first.n < 1 && now_ms() < end)
        run_for(TICK_MS);
    ck_assert_int_eq(first.n, 1);
    ck_assert_int_eq(second.n, 0); /* dropped by the first, inside the delivery */
    broker_publish(a, "user.3", m, 0);
    run_for(200);
    ck_assert_int_eq(first.n, 1);
    ck_assert_int_eq(second.n, 0);
    /* subscribed again at once: the channel, still being unsubscribed at
     * Redis, is subscribed again after its confirmation */
    broker_sub *s = broker_subscribe(b, "user.3", on_msg, &later);
    ck_assert_ptr_nonnull(s);
    settle(a, "user.3", &later);
    broker_publish(a, "user.3", m, 0);
    end = now_ms() + WAIT_MS;
    while (later.n < 1 && now_ms() < end)
        run_for(TICK_MS);
    ck_assert_int_eq(later.n, 1);
    broker_unsubscribe(b, s);
    json_decref(m);
    loop_teardown(a, b);
}
END_TEST

START_TEST(redis_stopped_and_started)
{
    loop_setup();
    broker *a = started(), *b = started();
    wait_up(a, b);
    seen there, here;
    seen_init(&there);
    seen_init(&here);
    ck_assert_ptr_nonnull(broker_subscribe(b, "lobby", on_msg, &there));
    ck_assert_ptr_nonnull(broker_subscribe(a, "lobby", on_msg, &here));
    settle(a, "lobby", &there);
    instance("pause");
    int64_t end = now_ms() + WAIT_MS;
    while ((!broker_fault(a) || !broker_fault(b)) && now_ms() < end)
        run_for(TICK_MS);
    ck_assert_ptr_nonnull(broker_fault(a));
    ck_assert_ptr_nonnull(broker_fault(b));
    ck_assert_ptr_nonnull(strstr(broker_fault(a), "unreachable"));
    json_t *m = json_pack("{s:i}", "n", 1);
    ck_assert_int_eq(broker_publish(a, "lobby", m, 0), -1); /* not beyond this process */
    ck_assert_int_eq(here.n, 1);                            /* but here */
    run_for(300); /* a few failed attempts */
    instance("resume");
    end = now_ms() + WAIT_MS + RECONNECT_MS;
    while ((broker_fault(a) || broker_fault(b)) && now_ms() < end)
        run_for(TICK_MS);
    wait_up(a, b);
    settle(a, "lobby", &there); /* subscribed again by itself */
    json_decref(m);
    m = json_pack("{s:i}", "n", 2);
    ck_assert_int_eq(broker_publish(a, "lobby", m, 0), 0);
    end = now_ms() + WAIT_MS;
    while (there.n < 1 && now_ms() < end)
        run_for(TICK_MS);
    ck_assert_int_eq(there.n, 1); /* the outage's message never came; this one did */
    ck_assert_int_eq(there.last, 2);
    json_decref(m);
    loop_teardown(a, b);
}
END_TEST

START_TEST(urls_and_loops)
{
    char err[512];
    static const char *const bad[] = {"localhost:6379", "redis://", "redis://host:0",
                                      "redis://host:70000", "redis://host:12x",
                                      "redis://host/1/2", "redis://[::1", "http://host:1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        ck_assert_msg(broker_redis_new(bad[i], err, sizeof err) == NULL, "%s accepted", bad[i]);
        ck_assert_msg(err[0] != 0, "%s: no message", bad[i]);
    }
    static const char *const good[] = {"redis://127.0.0.1", "redis://127.0.0.1:6380/",
                                       "redis://[::1]:6379", "redis://example.org"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        broker *b = broker_redis_new(good[i], err, sizeof err);
        ck_assert_msg(b != NULL, "%s: %s", good[i], err);
        ck_assert_ptr_nonnull(broker_fault(b)); /* not started */
        broker_free(b);
    }
    broker *b = broker_redis_new(g_url, err, sizeof err);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(broker_start(b, NULL, err, sizeof err), -1); /* the poll() loop */
    ck_assert_ptr_nonnull(strstr(err, "--event-loop uv"));
    broker_free(b);
    broker *l = broker_local_new();
    ck_assert_ptr_null(broker_fault(l));
    ck_assert_int_eq(broker_start(l, NULL, err, sizeof err), 0);
    broker_free(l);
}
END_TEST

int main(void)
{
    const char *script = getenv("XQ_REDIS_INSTANCE"), *base = getenv("XQ_REDIS_PRIVATE");
    if (!script || !*script || !base || !*base) {
        printf("check_broker_redis skipped: XQ_REDIS_INSTANCE and XQ_REDIS_PRIVATE are not set\n");
        return 77;
    }
    signal(SIGPIPE, SIG_IGN); /* a write to a Redis that went away (as xq-server does) */
    snprintf(g_dir, sizeof g_dir, "%s", base);
    char line[2048];
    snprintf(line, sizeof line, "sh '%s' start '%s'", script, g_dir);
    int rc = system(line);
    if (WIFEXITED(rc) && WEXITSTATUS(rc) == 77)
        return 77;
    snprintf(line, sizeof line, "%s/url", g_dir);
    FILE *f = rc == 0 ? fopen(line, "r") : NULL;
    if (!f || !fgets(g_url, sizeof g_url, f)) {
        fprintf(stderr, "check_broker_redis: the Redis instance did not start\n");
        if (f)
            fclose(f);
        return 1;
    }
    fclose(f);
    g_url[strcspn(g_url, "\n")] = 0;
    Suite *s = suite_create("broker (Redis)");
    TCase *tc = tcase_create("redis");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, delivered_across_in_order_once);
    tcase_add_test(tc, unsubscribed_inside_a_delivery_and_again);
    tcase_add_test(tc, redis_stopped_and_started);
    tcase_add_test(tc, urls_and_loops);
    suite_add_tcase(s, tc);
    int failed = xq_test_run(s);
    snprintf(line, sizeof line, "sh '%s' stop '%s'", script, g_dir);
    if (system(line) != 0)
        fprintf(stderr, "check_broker_redis: the Redis instance did not stop\n");
    return failed;
}
