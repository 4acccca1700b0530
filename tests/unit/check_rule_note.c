/* SPDX-License-Identifier: MIT */
/* xq-server's note on a game lost by repetition (server/rule_note.c), over
 * the rule corpus (tests/data/rules/axf-diagrams.txt): every lost case gets a
 * note and every drawn one none; a perpetual check is named as one; under
 * AXF a chase whose citation is one of the articles the note tells apart
 * (15, 18, 23, 24, 33) is named by that article; under CXA the note names
 * the CXA articles; the simple rule set has no note. */
#include "xq_test.h"

#include <stdlib.h>

#include "rule_note.h"
#include "rules_corpus.h"

/* The first article number of an AXF citation ("AXF art. 18, diagram 32"),
 * or 0. */
static int cited_article(const char *citation)
{
    const char *p = strstr(citation, "AXF art. ");
    return p == citation ? atoi(p + 9) : 0;
}

static int named_article(int art)
{
    return art == 15 || art == 18 || art == 23 || art == 24 || art == 33;
}

START_TEST(note_of_case)
{
    const ccase *c = &cases[_i];
    xq_board *b = case_board(c);
    for (int rs = XQ_RULES_AXF; rs <= XQ_RULES_SIMPLE; rs++) {
        xq_rules r = rules_of(rs);
        xq_outcome o;
        ck_assert_int_ge(xq_board_outcome(b, &r, &o), 0);
        const char *note = rule_note(b, rs, &o);
        const char *want = rs == XQ_RULES_SIMPLE ? "draw" : c->verdict[rs];
        const int lost = strchr(want, '-') != NULL;
        if (!lost || rs == XQ_RULES_SIMPLE) {
            XQ_CHECK(note == NULL, "%s (rules %d): a note on a game not lost: %s", c->label, rs,
                     note);
            continue;
        }
        ck_assert_msg(note != NULL, "%s (rules %d): no note on a lost game", c->label, rs);
        if (rs == XQ_RULES_CXA) {
            XQ_CHECK(!strncmp(note, "CXA rules", 9), "%s: CXA note '%s'", c->label, note);
            continue;
        }
        XQ_CHECK(!strncmp(note, "AXF rules", 9), "%s: AXF note '%s'", c->label, note);
        if (strstr(want, "-checks")) {
            XQ_CHECK(strstr(note, "perpetual check") != NULL, "%s: check note '%s'", c->label,
                     note);
            continue;
        }
        const int art = cited_article(c->citation);
        if (named_article(art)) {
            char tag[16];
            snprintf(tag, sizeof tag, "art. %d:", art);
            XQ_CHECK(strstr(note, tag) != NULL, "%s [%s]: note '%s' does not name %s", c->label,
                     c->citation, note, tag);
        }
    }
    xq_board_free(b);
}
END_TEST

/* Outcomes that are no repetition loss have no note, whatever the rules. */
START_TEST(no_note_without_repetition)
{
    xq_board *b = NULL;
    ck_assert_int_eq(xq_board_new(&b, "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1", NULL), XQ_OK);
    for (int rs = XQ_RULES_AXF; rs <= XQ_RULES_SIMPLE; rs++) {
        xq_rules r = rules_of(rs);
        xq_outcome o;
        ck_assert_int_gt(xq_board_outcome(b, &r, &o), XQ_RESULT_ONGOING); /* checkmate */
        ck_assert_ptr_null(rule_note(b, rs, &o));
    }
    xq_board_free(b);
}
END_TEST

int main(void)
{
    load_cases();
    Suite *s = suite_create("rule_note");
    TCase *tc = tcase_create("corpus");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, no_note_without_repetition);
    tcase_add_loop_test(tc, note_of_case, 0, ncases);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
