/* SPDX-License-Identifier: MIT */
/* xq-server's in-process broker (server/broker_local.c): a message reaches
 * every subscriber of its subject and no other, in the order they subscribed,
 * through the table's doublings (tens of thousands of subjects); a
 * subscription dropped or made during a delivery is handled as promised. */
#include "xq_test.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "broker.h"
#include "broker_local.h"

#define SUBJECTS 30000 /* enough for several doublings of the table */

static int g_got[SUBJECTS];
static int g_order[8], g_norder;

static void count(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)msg, (void)skip;
    int i = (int)(intptr_t)arg;
    char want[BROKER_SUBJECT_MAX];
    broker_user_subject(want, i);
    ck_assert_str_eq(subject, want);
    g_got[i]++;
}

static void order(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)subject, (void)msg, (void)skip;
    g_order[g_norder++] = (int)(intptr_t)arg;
}

START_TEST(every_subject_reaches_its_own)
{
    broker *b = broker_local_new();
    ck_assert_ptr_nonnull(b);
    static broker_sub *subs[SUBJECTS];
    char subject[BROKER_SUBJECT_MAX];
    for (int i = 0; i < SUBJECTS; i++) {
        broker_user_subject(subject, i);
        subs[i] = broker_subscribe(b, subject, count, (void *)(intptr_t)i);
        ck_assert_ptr_nonnull(subs[i]);
    }
    json_t *msg = json_object();
    for (int i = 0; i < SUBJECTS; i++) {
        broker_user_subject(subject, i);
        broker_publish(b, subject, msg, 0);
    }
    broker_publish(b, "user.-1", msg, 0); /* nobody */
    for (int i = 0; i < SUBJECTS; i++)
        ck_assert_int_eq(g_got[i], 1);
    for (int i = 0; i < SUBJECTS; i += 2)
        broker_unsubscribe(b, subs[i]);
    for (int i = 0; i < SUBJECTS; i++) {
        broker_user_subject(subject, i);
        broker_publish(b, subject, msg, 0);
    }
    for (int i = 0; i < SUBJECTS; i++)
        ck_assert_int_eq(g_got[i], i % 2 ? 2 : 1);
    json_decref(msg);
    broker_free(b);
}
END_TEST

START_TEST(order_of_subscription_kept_through_growth)
{
    broker *b = broker_local_new();
    broker_sub *first = broker_subscribe(b, "game.7", order, (void *)1);
    broker_subscribe(b, "game.7", order, (void *)2);
    char subject[BROKER_SUBJECT_MAX];
    for (int i = 0; i < SUBJECTS; i++) { /* the table doubles between them */
        broker_user_subject(subject, i);
        ck_assert_ptr_nonnull(broker_subscribe(b, subject, count, (void *)(intptr_t)i));
        if (i % 1000 == 0) { /* after each doubling too */
            g_norder = 0;
            broker_publish(b, "game.7", NULL, 0);
            ck_assert_int_eq(g_norder, 2);
            ck_assert_int_eq(g_order[0], 1);
            ck_assert_int_eq(g_order[1], 2);
        }
    }
    broker_subscribe(b, "game.7", order, (void *)3);
    ck_assert_ptr_nonnull(first);
    g_norder = 0;
    broker_publish(b, "game.7", NULL, 0);
    ck_assert_int_eq(g_norder, 3);
    ck_assert_int_eq(g_order[0], 1);
    ck_assert_int_eq(g_order[1], 2);
    ck_assert_int_eq(g_order[2], 3);
    broker_free(b);
}
END_TEST

/* A delivery that drops its own subscription and the next one, and makes a
 * new one (delivered in the same publish, being at the end of the chain). */
static broker *g_b;
static broker_sub *g_self, *g_next;
static void dropper(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)msg, (void)skip;
    g_order[g_norder++] = (int)(intptr_t)arg;
    broker_unsubscribe(g_b, g_self);
    broker_unsubscribe(g_b, g_self); /* twice: no harm */
    broker_unsubscribe(g_b, g_next);
    broker_subscribe(g_b, subject, order, (void *)9);
    char more[BROKER_SUBJECT_MAX];
    for (int i = 0; i < 5000; i++) { /* no doubling during a delivery */
        broker_game_subject(more, 100000 + i);
        broker_subscribe(g_b, more, order, (void *)8);
    }
}

START_TEST(dropped_and_made_during_a_delivery)
{
    g_b = broker_local_new();
    g_self = broker_subscribe(g_b, "lobby", dropper, (void *)1);
    g_next = broker_subscribe(g_b, "lobby", order, (void *)2);
    broker_subscribe(g_b, "lobby", order, (void *)3);
    g_norder = 0;
    broker_publish(g_b, "lobby", NULL, 0);
    ck_assert_int_eq(g_norder, 3); /* 1, then 3, then the new 9; not 2 */
    ck_assert_int_eq(g_order[0], 1);
    ck_assert_int_eq(g_order[1], 3);
    ck_assert_int_eq(g_order[2], 9);
    g_norder = 0;
    broker_publish(g_b, "lobby", NULL, 0);
    ck_assert_int_eq(g_norder, 2); /* 3 and 9 */
    ck_assert_int_eq(g_order[0], 3);
    ck_assert_int_eq(g_order[1], 9);
    char too_long[BROKER_SUBJECT_MAX + 8];
    memset(too_long, 'x', sizeof too_long - 1);
    too_long[sizeof too_long - 1] = 0;
    ck_assert_ptr_null(broker_subscribe(g_b, too_long, order, NULL));
    broker_unsubscribe(g_b, NULL);
    broker_free(g_b);
    broker_free(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("broker");
    TCase *tc = tcase_create("local");
    tcase_add_test(tc, every_subject_reaches_its_own);
    tcase_add_test(tc, order_of_subscription_kept_through_growth);
    tcase_add_test(tc, dropped_and_made_during_a_delivery);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
