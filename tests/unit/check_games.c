/* SPDX-License-Identifier: MIT */
/* Replay real master games (coordinate moves) through the public API. */
#include <ctype.h>

#include "xq_test.h"

typedef struct replay_stats {
    int games, plies, no_legal_move, red_wins, black_wins, errors;
} replay_stats;

static int is_iccs_token(const char *t)
{
    return strlen(t) == 4 && t[0] >= 'a' && t[0] <= 'i' && isdigit((unsigned char)t[1]) &&
           t[2] >= 'a' && t[2] <= 'i' && isdigit((unsigned char)t[3]);
}

static void finish_game(xq_board *b, replay_stats *st)
{
    int reason, result = xq_board_status(b, &reason);
    if (result != XQ_RESULT_ONGOING) {
        st->no_legal_move++;
        /* The side that made the last move wins. */
        ck_assert_int_eq(result, xq_board_side_to_move(b) == XQ_RED ? XQ_RESULT_BLACK_WINS
                                                                    : XQ_RESULT_RED_WINS);
        ck_assert(reason == XQ_REASON_CHECKMATE || reason == XQ_REASON_NO_LEGAL_MOVE);
        if (result == XQ_RESULT_RED_WINS)
            st->red_wins++;
        else
            st->black_wins++;
    }
    /* Unwinding the whole game returns to the start position. */
    while (xq_board_unmake_move(b, NULL) == XQ_OK)
        ;
    ck_assert_str_eq(xq_test_fen(b), XQ_START_FEN);
}

static replay_stats replay_file(const char *path)
{
    replay_stats st = {0, 0, 0, 0, 0, 0};
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    xq_board *b = xq_test_board(NULL);
    char line[8192];
    int in_game = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '[') {
            if (!strncmp(line, "[Event ", 7)) {
                if (in_game)
                    finish_game(b, &st);
                in_game = 1;
                st.games++;
            }
            continue;
        }
        for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
            if (!is_iccs_token(tok))
                continue;
            xq_move m;
            ck_assert_int_eq(xq_move_parse(tok, &m), XQ_OK);
            int rc = xq_board_make_move(b, m);
            ck_assert_msg(rc == XQ_OK, "%s:%d: game %d: move %s illegal in %s", path, lineno,
                          st.games, tok, xq_test_fen(b));
            st.plies++;
        }
    }
    if (in_game)
        finish_game(b, &st);
    fclose(f);
    xq_board_free(b);
    return st;
}

START_TEST(liu_dahua_1125)
{
    replay_stats st = replay_file(xq_test_path("games/liu-dahua-1125-uci.pgn"));
    ck_assert_int_eq(st.games, 1125);
    ck_assert_int_eq(st.plies, 101321);
    /* Seven games end with the side to move having no legal move. */
    ck_assert_int_eq(st.no_legal_move, 7);
    ck_assert_int_eq(st.red_wins + st.black_wins, 7);
}
END_TEST

START_TEST(xqdb_sample)
{
    replay_stats st = replay_file(xq_test_path("games/xqdb-sample-uci.pgn"));
    ck_assert_int_eq(st.games, 15);
    ck_assert_int_gt(st.plies, 15 * 20);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("games");
    TCase *tc = tcase_create("replay");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, liu_dahua_1125);
    tcase_add_test(tc, xqdb_sample);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
