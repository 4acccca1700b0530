/* SPDX-License-Identifier: MIT */
/* Forwarding's plain parts (server/forward_wire.c, server/forward_table.c):
 * the envelopes built and read back, the malformed ones refused, and the
 * table of remote connections: added, found both ways, dropped one by one
 * and by their origin's silence. */
#include "xq_test.h"

#include <string.h>

#include <jansson.h>

#include "forward_table.h"
#include "forward_wire.h"

/* An envelope through its text and back, as the broker carries it. */
static json_t *through_text(json_t *env)
{
    ck_assert_ptr_nonnull(env);
    char *text = json_dumps(env, JSON_COMPACT);
    json_decref(env);
    ck_assert_ptr_nonnull(text);
    json_t *back = json_loads(text, 0, NULL);
    free(text);
    ck_assert_ptr_nonnull(back);
    return back;
}

START_TEST(envelopes_round_trip)
{
    json_t *m = json_loads("{\"type\":\"move\",\"game\":7,\"move\":\"h2e2\",\"id\":3}", 0, NULL);
    fwd_env e;
    char subject[BROKER_SUBJECT_MAX];
    json_t *env = through_text(fwd_in("0123456789abcdef", 0x10005u, 42, 9, m));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_IN);
    ck_assert_str_eq(e.origin, "0123456789abcdef");
    ck_assert_uint_eq(e.cid, 0x10005u);
    ck_assert_int_eq(e.uid, 42);
    ck_assert_uint_eq(e.q, 9);
    ck_assert(json_equal(e.m, m));
    json_decref(env);

    env = through_text(fwd_out(77, m));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_OUT);
    ck_assert_uint_eq(e.cid, 77);
    ck_assert(json_equal(e.m, m));
    json_decref(env);
    json_decref(m);

    env = through_text(fwd_done(77, 4000000000u));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_DONE);
    ck_assert_uint_eq(e.q, 4000000000u);
    json_decref(env);

    env = through_text(fwd_att("p1", 5, 0, 12, 0));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_ATT);
    ck_assert_int_eq(e.uid, 0);
    ck_assert_int_eq(e.game, 12);
    ck_assert_int_eq(e.fresh, 0);
    json_decref(env);

    env = through_text(fwd_att("p1", 5, 9, 12, 1)); /* a game just started */
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.fresh, 1);
    json_decref(env);

    env = through_text(fwd_bye("p1", 5));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_BYE);
    json_decref(env);

    env = through_text(fwd_hb("01234567890123456789012345")); /* the longest: proc.ID fits */
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    fwd_proc_subject(subject, e.origin);
    ck_assert_uint_eq(strlen(subject), BROKER_SUBJECT_MAX - 1);
    json_decref(env);

    env = through_text(fwd_hb("p2"));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_HB);
    ck_assert_str_eq(e.origin, "p2");
    json_decref(env);

    int64_t uids[2] = {3, -1};
    env = through_text(fwd_owner(12, "p3", uids, 0));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.kind, FWD_OWNER);
    ck_assert_str_eq(e.owner, "p3");
    ck_assert_int_eq(e.uids[0], 3);
    ck_assert_int_eq(e.uids[1], -1);
    ck_assert_int_eq(e.fresh, 0);
    json_decref(env);

    env = through_text(fwd_owner(12, "p3", uids, 1));
    ck_assert_int_eq(fwd_parse(env, &e), 0);
    ck_assert_int_eq(e.fresh, 1);
    json_decref(env);

    fwd_proc_subject(subject, "0123456789abcdef");
    ck_assert_str_eq(subject, "proc.0123456789abcdef");
}
END_TEST

START_TEST(malformed_envelopes)
{
    static const char *const bad[] = {
        "{}",
        "{\"k\":\"nope\",\"o\":\"p\"}",
        "{\"k\":7}",
        "{\"k\":\"in\",\"o\":\"p\",\"c\":1,\"u\":1,\"q\":1}",              /* no m */
        "{\"k\":\"in\",\"o\":\"p\",\"c\":1,\"u\":1,\"q\":1,\"m\":\"x\"}",  /* m not an object */
        "{\"k\":\"in\",\"o\":\"\",\"c\":1,\"u\":1,\"q\":1,\"m\":{}}",      /* empty origin */
        "{\"k\":\"out\",\"c\":0,\"m\":{}}",                                /* connection 0 */
        "{\"k\":\"out\",\"c\":4294967296,\"m\":{}}",                       /* above 32 bits */
        "{\"k\":\"done\",\"c\":1,\"q\":-1}",
        "{\"k\":\"att\",\"o\":\"p\",\"c\":1,\"u\":-2,\"game\":0}",         /* negative user */
        "{\"k\":\"bye\",\"o\":\"p\"}",
        "{\"k\":\"hb\",\"o\":\"0123456789012345678901234567890123456789\"}", /* too long */
        "{\"k\":\"hb\",\"o\":\"012345678901234567890123456\"}", /* proc.ID over a subject */
        "{\"k\":\"owner\",\"game\":1,\"owner\":\"p\",\"uids\":[1]}",
        "{\"k\":\"owner\",\"game\":1,\"owner\":\"p\",\"uids\":[1,\"2\"]}",
        "{\"k\":\"owner\",\"game\":1,\"uids\":[1,2]}",
        "{\"k\":\"owner\",\"game\":1,\"owner\":\"p\",\"uids\":[1,2],\"fresh\":1}", /* not a boolean */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *env = json_loads(bad[i], 0, NULL);
        ck_assert_msg(env != NULL, "%s", bad[i]);
        fwd_env e;
        ck_assert_msg(fwd_parse(env, &e) == -1, "accepted: %s", bad[i]);
        json_decref(env);
    }
}
END_TEST

START_TEST(table_add_find_drop)
{
    fwd_table *t = fwd_table_new();
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(fwd_table_add(t, "pA", 1, 101, 0), 0);
    ck_assert_int_eq(fwd_table_add(t, "pA", 2, 102, 0), 0);
    ck_assert_int_eq(fwd_table_add(t, "pB", 1, 103, 0), 0);
    ck_assert_int_eq(fwd_table_add(t, "pA", 1, 104, 0), -1); /* that pair is there */
    ck_assert_uint_eq(fwd_table_count(t), 3);
    ck_assert_uint_eq(fwd_table_find(t, "pA", 1), 101);
    ck_assert_uint_eq(fwd_table_find(t, "pB", 1), 103);
    ck_assert_uint_eq(fwd_table_find(t, "pB", 2), 0);
    ck_assert_uint_eq(fwd_table_find(t, "pC", 1), 0);
    char origin[STORE_OWNER_MAX];
    uint32_t rcid = 0;
    ck_assert_int_eq(fwd_table_remote(t, 102, origin, &rcid), 0);
    ck_assert_str_eq(origin, "pA");
    ck_assert_uint_eq(rcid, 2);
    ck_assert_int_eq(fwd_table_remote(t, 999, origin, &rcid), -1);
    fwd_table_del(t, 101);
    fwd_table_del(t, 101); /* twice: nothing */
    ck_assert_uint_eq(fwd_table_find(t, "pA", 1), 0);
    ck_assert_uint_eq(fwd_table_find(t, "pA", 2), 102);
    ck_assert_uint_eq(fwd_table_count(t), 2);
    fwd_table_free(t);
    fwd_table_free(NULL);
}
END_TEST

START_TEST(table_drop_by_silence)
{
    fwd_table *t = fwd_table_new();
    const int64_t s = 5000000; /* the silence allowed, us */
    for (uint32_t i = 1; i <= 5; i++)
        ck_assert_int_eq(fwd_table_add(t, "pA", i, 100 + i, 0), 0);
    ck_assert_int_eq(fwd_table_add(t, "pB", 1, 200, 0), 0);
    uint32_t out[8];
    ck_assert_uint_eq(fwd_table_drop_silent(t, s, s, out, 8), 0); /* not longer than s yet */
    ck_assert_int_eq(fwd_table_heard(t, "pB", 4000000), 0);       /* pB's heartbeat */
    /* pA silent past s: its five go, two a call when there is room for two */
    size_t n = fwd_table_drop_silent(t, s + 1, s, out, 2);
    ck_assert_uint_eq(n, 2);
    n += fwd_table_drop_silent(t, s + 1, s, out + 2, 2);
    n += fwd_table_drop_silent(t, s + 1, s, out + 4, 2);
    ck_assert_uint_eq(n, 5);
    uint32_t seen = 0;
    for (size_t i = 0; i < 5; i++) {
        ck_assert(out[i] >= 101 && out[i] <= 105);
        seen |= 1u << (out[i] - 100);
    }
    ck_assert_uint_eq(seen, 0x3eu); /* each once */
    ck_assert_uint_eq(fwd_table_find(t, "pB", 1), 200);
    ck_assert_uint_eq(fwd_table_count(t), 1);
    /* while this process hears nobody (its broker away), nobody is silent */
    fwd_table_heard_all(t, 3 * s);
    ck_assert_uint_eq(fwd_table_drop_silent(t, 4 * s, s, out, 8), 0);
    ck_assert_uint_eq(fwd_table_drop_silent(t, 4 * s + 1, s, out, 8), 1);
    ck_assert_uint_eq(out[0], 200);
    ck_assert_int_eq(fwd_table_add(t, "pB", 1, 200, 0), 0);
    /* pA heard again later starts afresh; pB falls silent */
    ck_assert_int_eq(fwd_table_add(t, "pA", 9, 109, 2 * s), 0);
    ck_assert_uint_eq(fwd_table_drop_silent(t, 2 * s, s, out, 8), 1);
    ck_assert_uint_eq(out[0], 200);
    ck_assert_uint_eq(fwd_table_find(t, "pA", 9), 109);
    fwd_table_free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("forward");
    TCase *wire = tcase_create("wire");
    tcase_add_test(wire, envelopes_round_trip);
    tcase_add_test(wire, malformed_envelopes);
    suite_add_tcase(s, wire);
    TCase *table = tcase_create("table");
    tcase_add_test(table, table_add_find_drop);
    tcase_add_test(table, table_drop_by_silence);
    suite_add_tcase(s, table);
    return xq_test_run(s);
}
