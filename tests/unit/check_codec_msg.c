/* SPDX-License-Identifier: MIT */
/* xq-server's outgoing messages (server/codec_msg.c): an error's message cut
 * inside a UTF-8 sequence loses that tail (and text that is not UTF-8 at all
 * becomes the stand-in); lists of moves given as words become arrays; the
 * optional fields of a game's state, live and finished, are there or not as
 * docs/protocol.md says. */
#include "xq_test.h"

#include <string.h>

#include "codec_msg.h"

/* The message of an error built from text. */
static char *error_text(const char *text)
{
    json_t *e = msg_error("bad", text);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(json_string_value(json_object_get(e, "type")), "error");
    ck_assert_str_eq(json_string_value(json_object_get(e, "code")), "bad");
    char *s = strdup(json_string_value(json_object_get(e, "message")));
    json_decref(e);
    return s;
}

START_TEST(error_cut_inside_utf8)
{
    static const char *const cases[][2] = {
        {"plain", "plain"},
        {"\xe4\xb8\xad\xe6\x96\x87", "\xe4\xb8\xad\xe6\x96\x87"}, /* whole: kept */
        {"ab\xe4\xb8", "ab"},                                      /* 2 of 3 bytes */
        {"ab\xe4", "ab"},                                          /* 1 of 3 */
        {"ab\xf0\x9f\x98", "ab"},                                  /* 3 of 4 */
        {"\xff\xfe\xfd\xfc\xfb", "(the message is not valid UTF-8)"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *s = error_text(cases[i][0]);
        ck_assert_msg(strcmp(s, cases[i][1]) == 0, "case %zu: '%s'", i, s);
        free(s);
    }
}
END_TEST

/* The strings of a JSON array joined by spaces (numbers written as numbers). */
static void joined(const json_t *a, char *buf, size_t cap)
{
    size_t i, n = 0;
    json_t *v;
    buf[0] = 0;
    ck_assert(json_is_array(a));
    json_array_foreach(a, i, v) {
        if (json_is_integer(v))
            n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? " " : "",
                                  (long long)json_integer_value(v));
        else
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? " " : "", json_string_value(v));
    }
}

START_TEST(game_state_fields)
{
    msg_game g = {
        .gid = 7, .player = {{"a", 1500, 1, -1, 0}, {"engine", 1800, 1, 3, -1}},
        .rules = "asian", .base_s = 300, .inc_s = 2, .rated = 1, .start = "S", .fen = "F",
        .turn = "black", .clock = msg_clock(-5, 1000, "black"), .legal = "h9g7  i9h9",
        .moves = "h2e2", .wxf = "C2.5", .zh = "\xe7\x82\xae", .checks = "", .ply = 1,
        .opening = msg_opening("", "n", "v", 1), .chat = NULL, .you = "red",
        .premove = NULL,
    };
    json_t *j = msg_game_state(&g);
    char buf[256];
    ck_assert_ptr_nonnull(j);
    ck_assert_str_eq(json_string_value(json_object_get(j, "type")), "game");
    joined(json_object_get(j, "legal"), buf, sizeof buf);
    ck_assert_str_eq(buf, "h9g7 i9h9"); /* the empty word between the two spaces: none */
    ck_assert_int_eq(json_array_size(json_object_get(j, "checks")), 0);
    ck_assert(json_is_null(json_object_get(j, "opening")));
    ck_assert(json_is_null(json_object_get(j, "premove")));
    ck_assert(json_is_null(json_object_get(j, "draw_offer")));
    ck_assert(json_is_array(json_object_get(j, "chat")));
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "clock"), "red")), 0);
    json_t *black = json_object_get(j, "black"), *red = json_object_get(j, "red");
    ck_assert_int_eq(json_integer_value(json_object_get(black, "engine")), 3);
    ck_assert_ptr_null(json_object_get(black, "provisional"));
    ck_assert(json_is_false(json_object_get(red, "provisional")));
    ck_assert_ptr_null(json_object_get(j, "result")); /* live: no end */
    json_decref(j);

    /* finished: the end, the clocks after each move, no premove, ratings */
    int64_t clocks[2][2] = {{290000, 300000}, {290000, 295000}};
    msg_ratings r = {{1500, 1500}, {1510, 1490}, {-1, 80}};
    g.clock = msg_clock(1, 2, "none");
    g.opening = msg_opening("A00", "n", "v", -1);
    g.finished = 1, g.clocks = (const int64_t(*)[2])clocks, g.nclocks = 2;
    g.checks = "1 2", g.winner = NULL, g.result = "1/2-1/2", g.reason = "agreement";
    g.text = "drawn", g.created = 1, g.ended = 2, g.ratings = &r;
    j = msg_game_state(&g);
    ck_assert_ptr_nonnull(j);
    joined(json_object_get(j, "checks"), buf, sizeof buf);
    ck_assert_str_eq(buf, "1 2");
    ck_assert(json_is_integer(json_array_get(json_object_get(j, "checks"), 0)));
    ck_assert_ptr_null(json_object_get(j, "premove"));
    ck_assert(json_is_null(json_object_get(j, "winner")));
    ck_assert_int_eq(json_array_size(json_object_get(j, "clocks")), 2);
    json_t *after2 = json_array_get(json_object_get(j, "clocks"), 1);
    ck_assert_int_eq(json_integer_value(json_array_get(after2, 1)), 295000);
    ck_assert(json_real_value(json_object_get(json_object_get(j, "rating_diff"), "black")) == -10);
    ck_assert_ptr_null(json_object_get(j, "deviations")); /* one is unknown */
    json_t *op = json_object_get(j, "opening");
    ck_assert_str_eq(json_string_value(json_object_get(op, "code")), "A00");
    ck_assert_ptr_null(json_object_get(op, "ply"));
    json_decref(j);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("codec_msg");
    TCase *tc = tcase_create("Core");
    tcase_add_test(tc, error_cut_inside_utf8);
    tcase_add_test(tc, game_state_fields);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
