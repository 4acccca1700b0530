/* SPDX-License-Identifier: MIT */
/* The rule corpus: tests/data/rules/axf-diagrams.txt, positions built from
 * the Asian Xiangqi Federation rule book's diagrams (and the Chinese 1999
 * rules where they differ), each judged under AXF, CXA and the simple rule
 * set through the public API only:
 *
 *  - the verdict and its reason (and, when the case gives it, the AXF
 *    evidence: the chasing and chased squares);
 *  - the evidence is true of the final position: the chasing squares hold
 *    pieces of the side at fault, the chased squares pieces of the other;
 *  - xq_board_banned_moves() and xq_board_move_banned() agree with
 *    xq_board_outcome(): in the position before the last move, a legal move
 *    is banned exactly when playing it ends the game by a cycle lost by its
 *    author (so the move completing a losing cycle is banned, and no other).
 *
 * The Python (tests/python/test_rules_corpus.py) and JavaScript
 * (tests/js/test_rules_corpus.mjs) tests read the same file. */
#include "xq_test.h"

#include "rules_corpus.h"

static int sq_parse(const char *s)
{
    return xq_square(s[0] - 'a', s[1] - '0');
}

static void expect_verdict(const ccase *c, const char *set, const xq_outcome *o, int res,
                           const char *want)
{
    char text[256];
    xq_outcome_format(o, text, sizeof text);
    if (!strcmp(want, "ongoing")) {
        XQ_CHECK(res == XQ_RESULT_ONGOING, "%s [%s] (%s): expected ongoing, got %s", c->label,
                 c->citation, set, text);
        return;
    }
    if (!strcmp(want, "draw")) {
        XQ_CHECK(res == XQ_RESULT_DRAW && o->reason == XQ_REASON_REPETITION && o->at_fault == -1,
                 "%s [%s] (%s): expected a drawn repetition, got %s", c->label, c->citation, set,
                 text);
        return;
    }
    const int side = !strncmp(want, "red-", 4) ? XQ_RED : XQ_BLACK;
    const char *kind = strchr(want, '-') + 1;
    const int reason = !strcmp(kind, "checks")   ? XQ_REASON_PERPETUAL_CHECK
                       : !strcmp(kind, "chases") ? XQ_REASON_PERPETUAL_CHASE
                                                 : XQ_REASON_PERPETUAL_MATE_THREAT;
    XQ_CHECK(o->at_fault == side && o->reason == reason &&
                 res == (side == XQ_RED ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS),
             "%s [%s] (%s): expected %s, got %s", c->label, c->citation, set, want, text);
    XQ_CHECK(o->cycle[side] & XQ_CYCLE_FORBIDDEN, "%s (%s): cycle flags lack FORBIDDEN",
             c->label, set);
}

/* The evidence names pieces that are there: a chaser of the side whose cycle
 * was judged a chase, a chased piece of the other side. For a loss, the
 * chasers belong to the side at fault. */
static void expect_true_evidence(const ccase *c, const xq_board *b, const xq_outcome *o)
{
    for (int i = 0; i < o->nchasing; i++) {
        const int pc = xq_board_piece_at(b, o->chasing[i]);
        XQ_CHECK(pc > 0, "%s: no piece on chasing square %d", c->label, o->chasing[i]);
        if (o->at_fault >= 0)
            XQ_CHECK(xq_piece_color_of(pc) == o->at_fault, "%s: chaser of the wrong side", c->label);
    }
    for (int i = 0; i < o->nchased; i++) {
        const int pc = xq_board_piece_at(b, o->chased[i]);
        XQ_CHECK(pc > 0, "%s: no piece on chased square %d", c->label, o->chased[i]);
        if (o->at_fault >= 0)
            XQ_CHECK(xq_piece_color_of(pc) != o->at_fault, "%s: chased piece of the wrong side",
                     c->label);
    }
    if (o->reason == XQ_REASON_PERPETUAL_CHASE)
        XQ_CHECK(o->nchasing > 0 && o->nchased > 0, "%s: a perpetual chase without evidence",
                 c->label);
}

/* "b9,c9>e7": the chasing and chased squares, in any order. */
static void expect_evidence(const ccase *c, const xq_outcome *o)
{
    char buf[64], *save;
    snprintf(buf, sizeof buf, "%s", c->evidence);
    char *gt = strchr(buf, '>');
    ck_assert_msg(gt != NULL, "%s: bad evidence field", c->label);
    *gt = 0;
    char *lists[2] = {buf, gt + 1};
    const int *have[2] = {o->chasing, o->chased};
    const int nhave[2] = {o->nchasing, o->nchased};
    for (int k = 0; k < 2; k++) {
        int n = 0;
        for (char *t = strtok_r(lists[k], ",", &save); t; t = strtok_r(NULL, ",", &save), n++) {
            int found = 0;
            for (int i = 0; i < nhave[k]; i++)
                found |= have[k][i] == sq_parse(t);
            XQ_CHECK(found, "%s: %s square %s missing from the evidence", c->label,
                     k ? "chased" : "chasing", t);
        }
        XQ_CHECK(n == nhave[k], "%s: %d %s squares expected, %d reported", c->label, n,
                 k ? "chased" : "chasing", nhave[k]);
    }
}

/* In the position before the last move: every legal move is banned exactly
 * when it completes a cycle its author loses; the list and the single query
 * agree. Returns whether the case's last move is banned. */
static int check_bans(const ccase *c, xq_board *b, const xq_rules *r, const char *set,
                      xq_move last)
{
    xq_move legal[XQ_MAX_MOVES], banned[XQ_MAX_MOVES];
    xq_movelist *list = NULL;
    ck_assert_int_eq(xq_movelist_new(&list), XQ_OK);
    const int n = xq_board_legal_moves(b, list);
    for (int i = 0; i < n; i++)
        legal[i] = xq_movelist_get(list, i);
    xq_movelist_free(list);
    const int nb = xq_board_banned_moves(b, r, banned, XQ_MAX_MOVES);
    const int mover = xq_board_side_to_move(b);
    ck_assert_int_ge(n, 1);
    ck_assert_int_ge(nb, 0);
    int last_banned = -1, count = 0;
    for (int i = 0; i < n; i++) {
        xq_outcome o;
        int in_list = 0;
        for (int j = 0; j < nb; j++)
            in_list |= banned[j] == legal[i];
        const int single = xq_board_move_banned(b, r, legal[i]);
        ck_assert_int_eq(xq_board_make_move(b, legal[i]), XQ_OK);
        const int res = xq_board_outcome(b, r, &o);
        ck_assert_int_ge(res, 0);
        ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
        const int loses = o.at_fault == mover && o.cycle_start >= 0;
        char text[16];
        xq_move_format(legal[i], text, sizeof text);
        XQ_CHECK(single == loses && in_list == loses,
                 "%s (%s): move %s banned %d/%d but completes a lost cycle: %d", c->label, set,
                 text, single, in_list, loses);
        count += loses;
        if (legal[i] == last)
            last_banned = loses;
    }
    ck_assert_int_eq(count, nb);
    ck_assert_int_ge(last_banned, 0);
    return last_banned;
}

START_TEST(corpus_case)
{
    const ccase *c = &cases[_i];
    static const char *const names[3] = {"axf", "cxa", "simple"};
    xq_board *b = case_board(c);
    const int n = xq_board_history_size(b);
    xq_move last;
    ck_assert_int_eq(xq_board_history_move(b, n - 1, &last, NULL), XQ_OK);
    const int mover = xq_board_side_to_move(b) ^ 1;

    for (int rs = 0; rs < 3; rs++) {
        xq_rules r = rules_of(rs);
        xq_outcome o;
        const int res = xq_board_outcome(b, &r, &o);
        ck_assert_int_ge(res, 0);
        /* The simple rule set draws every repetition. */
        const char *want = rs < 2 ? c->verdict[rs]
                           : strcmp(c->verdict[0], "ongoing") ? "draw"
                                                              : "ongoing";
        expect_verdict(c, names[rs], &o, res, want);
        expect_true_evidence(c, b, &o);
        if (rs == XQ_RULES_AXF && c->evidence[0])
            expect_evidence(c, &o);
        ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
        const int banned = check_bans(c, b, &r, names[rs], last);
        XQ_CHECK(banned == (o.at_fault == mover), "%s (%s): last move banned=%d, at_fault=%d",
                 c->label, names[rs], banned, o.at_fault);
        ck_assert_int_eq(xq_board_make_move(b, last), XQ_OK);
    }
    xq_board_free(b);
}
END_TEST

/* Every case names its source, and the corpus covers both outcomes. */
START_TEST(corpus_shape)
{
    int lost = 0, drawn = 0, differ = 0;
    for (int i = 0; i < ncases; i++) {
        const ccase *c = &cases[i];
        XQ_CHECK(strstr(c->citation, "art.") || strstr(c->citation, "CXA"),
                 "%s: the citation names no article", c->label);
        lost += strchr(c->verdict[0], '-') != NULL;
        drawn += !strcmp(c->verdict[0], "draw");
        differ += strcmp(c->verdict[0], c->verdict[1]) != 0;
    }
    ck_assert_int_gt(lost, 0);
    ck_assert_int_gt(drawn, 0);
    (void)differ;
}
END_TEST

int main(void)
{
    load_cases();
    Suite *s = suite_create("rules_corpus");
    TCase *tc = tcase_create("corpus");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, corpus_shape);
    tcase_add_loop_test(tc, corpus_case, 0, ncases);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
