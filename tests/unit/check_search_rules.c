/* SPDX-License-Identifier: MIT */
/* The search judges repetitions as xq_board_outcome() does (issue 41): over
 * the rule corpus (tests/data/rules/axf-diagrams.txt), in the position before
 * each case's last move, where that move completes a cycle its author loses
 * under the rule set, a search with that rule set never chooses it while
 * another move does not lose; where the move does not lose (a draw, or the
 * other side at fault), the search scores it as it scores the other moves,
 * never as a loss by rule. */
#include "xq_test.h"

#include "rules_corpus.h"

#define SEARCH_DEPTH 3 /* enough to see the third occurrence at the root */

static xq_search *new_search(void)
{
    xq_search_config cfg;
    ck_assert_int_eq(xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION), XQ_OK);
    cfg.threads = 1;
    cfg.hash_mb = 4;
    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, &cfg), XQ_OK);
    return s;
}

/* Whether every legal move of b loses by rule (all banned). */
static int all_banned(xq_board *b, const xq_rules *r)
{
    xq_move banned[XQ_MAX_MOVES];
    xq_movelist *list = NULL;
    ck_assert_int_eq(xq_movelist_new(&list), XQ_OK);
    const int n = xq_board_legal_moves(b, list);
    xq_movelist_free(list);
    return xq_board_banned_moves(b, r, banned, XQ_MAX_MOVES) == n;
}

START_TEST(search_follows_the_rules)
{
    const ccase *c = &cases[_i];
    xq_board *b = case_board(c);
    xq_search *s = new_search();
    for (int rs = XQ_RULES_AXF; rs <= XQ_RULES_CXA; rs++) {
        xq_rules r = rules_of(rs);
        xq_outcome o;
        ck_assert_int_ge(xq_board_outcome(b, &r, &o), 0);
        const int mover = xq_board_side_to_move(b) ^ 1;
        const int loses = o.at_fault == mover && o.cycle_start >= 0;
        xq_move last;
        ck_assert_int_eq(xq_board_unmake_move(b, &last), XQ_OK);
        ck_assert_int_eq(xq_search_set_rules(s, &r), XQ_OK);
        xq_search_limits lim;
        ck_assert_int_eq(xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION), XQ_OK);
        lim.depth = SEARCH_DEPTH;
        xq_search_result res;
        /* The last move alone: scored as a loss exactly when it loses. */
        lim.nsearchmoves = 1;
        lim.searchmoves[0] = last;
        ck_assert_int_eq(xq_search_clear(s), XQ_OK);
        ck_assert_int_eq(xq_search_run(s, b, &lim, &res), XQ_OK);
        if (loses)
            XQ_CHECK(res.score_kind == XQ_SCORE_MATE && res.score < 0,
                     "%s (rules %d): the losing repetition is not scored as a loss", c->label,
                     rs);
        else
            XQ_CHECK(!(res.score_kind == XQ_SCORE_MATE && res.score == -1),
                     "%s (rules %d): a repetition that does not lose is scored as lost at once",
                     c->label, rs);
        /* Free to choose: never the losing move while another does not lose. */
        if (loses && !all_banned(b, &r)) {
            lim.nsearchmoves = 0;
            ck_assert_int_eq(xq_search_run(s, b, &lim, &res), XQ_OK);
            XQ_CHECK(res.best_move != last, "%s (rules %d): the search plays into the lost cycle",
                     c->label, rs);
        }
        ck_assert_int_eq(xq_board_make_move(b, last), XQ_OK);
    }
    xq_search_free(s);
    xq_board_free(b);
}
END_TEST

int main(void)
{
    load_cases();
    Suite *s = suite_create("search_rules");
    TCase *tc = tcase_create("corpus");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, search_follows_the_rules, 0, ncases);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
