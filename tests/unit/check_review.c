/* SPDX-License-Identifier: MIT */
/* Game review (xiangqi/review.h): every row of tests/data/review/classes.tsv
 * (values before and after a move, best or not, thresholds -> class, loss,
 * NAG, symbol) and values.tsv (a search's score -> value -> text), which the
 * Python and JavaScript tests read too; the thresholds' defaults, versions
 * and messages; the class table; bad arguments. */
#include <stdint.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "xq_test.h"

#define MAX_FIELDS 8

/* Split a TSV line in place; returns the number of fields. */
static int split(char *line, char **field)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; n < MAX_FIELDS;) {
        field[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

/* Call row(fields, line number) for each data line of a file of tests/data. */
static int each_row(const char *rel, int want_fields, void (*row)(char **, int))
{
    FILE *f = fopen(xq_test_path(rel), "r");
    ck_assert_msg(f != NULL, "cannot open %s", rel);
    char line[256], *field[MAX_FIELDS];
    int rows = 0;
    for (int no = 1; fgets(line, sizeof line, f); no++) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        ck_assert_msg(split(line, field) == want_fields, "%s:%d: %d fields wanted", rel, no,
                      want_fields);
        row(field, no);
        rows++;
    }
    fclose(f);
    return rows;
}

static void classes_row(char **f, int no)
{
    xq_review_thresholds t;
    ck_assert_int_eq(xq_review_thresholds_init(&t, XQ_REVIEW_THRESHOLDS_VERSION), XQ_OK);
    if (strcmp(f[3], "-") != 0) {
        long v[4];
        ck_assert_int_eq(sscanf(f[3], "%ld,%ld,%ld,%ld", &v[0], &v[1], &v[2], &v[3]), 4);
        t.inaccuracy = (int32_t)v[0], t.mistake = (int32_t)v[1], t.blunder = (int32_t)v[2];
        t.loss_cap = (int32_t)v[3];
    }
    int32_t before = atoi(f[0]), after = atoi(f[1]), loss = 12345;
    int best = atoi(f[2]);
    int cls = xq_review_classify(before, after, best, &t, &loss);
    if (strcmp(f[4], "EINVAL") == 0) {
        XQ_CHECK(cls == XQ_EINVAL, "classes.tsv:%d: %d, not XQ_EINVAL", no, cls);
        XQ_CHECK(loss == 12345, "classes.tsv:%d: the loss was written", no);
        return;
    }
    XQ_CHECK(cls >= 0, "classes.tsv:%d: %s", no, xq_strerror(cls));
    XQ_CHECK(strcmp(xq_review_class_name(cls), f[4]) == 0, "classes.tsv:%d: %s, not %s", no,
             xq_review_class_name(cls), f[4]);
    XQ_CHECK(loss == atoi(f[5]), "classes.tsv:%d: loss %d, not %s", no, (int)loss, f[5]);
    XQ_CHECK(xq_review_class_nag(cls) == atoi(f[6]), "classes.tsv:%d: NAG", no);
    const char *symbol = strcmp(f[7], "-") == 0 ? "" : f[7];
    XQ_CHECK(strcmp(xq_review_class_symbol(cls), symbol) == 0, "classes.tsv:%d: symbol", no);
    /* the same class from the loss alone, and by name */
    XQ_CHECK(xq_review_classify_loss(loss, best, &t) == cls, "classes.tsv:%d: from the loss", no);
    XQ_CHECK(xq_review_class_from_name(f[4]) == cls, "classes.tsv:%d: from the name", no);
    if (strcmp(f[3], "-") == 0) /* NULL thresholds are the defaults */
        XQ_CHECK(xq_review_classify(before, after, best, NULL, NULL) == cls,
                 "classes.tsv:%d: NULL thresholds", no);
}

START_TEST(classes_table)
{
    ck_assert_int_ge(each_row("review/classes.tsv", 8, classes_row), 40);
}
END_TEST

static void values_row(char **f, int no)
{
    int kind = strcmp(f[0], "cp") == 0 ? XQ_SCORE_CP : strcmp(f[0], "mate") == 0 ? XQ_SCORE_MATE
                                                                                 : atoi(f[0]);
    int32_t value = 12345;
    int rc = xq_review_value(kind, atoi(f[1]), &value);
    if (strcmp(f[2], "EINVAL") == 0) {
        XQ_CHECK(rc == XQ_EINVAL && value == 12345, "values.tsv:%d: %d, not XQ_EINVAL", no, rc);
        return;
    }
    XQ_CHECK(rc == XQ_OK && value == atoi(f[2]), "values.tsv:%d: %d, not %s", no, (int)value,
             f[2]);
    static const unsigned flags[3] = {0, XQ_VALUE_TEXT_SIGN,
                                      XQ_VALUE_TEXT_SIGN | XQ_VALUE_TEXT_CENTIPAWNS};
    for (int i = 0; i < 3; i++) {
        char buf[XQ_VALUE_TEXT_MAX];
        int n = xq_review_value_text(value, flags[i], buf, sizeof buf);
        XQ_CHECK(n == (int)strlen(f[3 + i]) && strcmp(buf, f[3 + i]) == 0,
                 "values.tsv:%d: \"%s\", not \"%s\"", no, buf, f[3 + i]);
    }
}

START_TEST(values_table)
{
    ck_assert_int_ge(each_row("review/values.tsv", 6, values_row), 15);
}
END_TEST

START_TEST(thresholds)
{
    xq_review_thresholds t, s = XQ_REVIEW_THRESHOLDS_INIT;
    ck_assert_int_eq(xq_review_thresholds_init(&t, XQ_REVIEW_THRESHOLDS_VERSION), XQ_OK);
    ck_assert_int_eq(memcmp(&t, &s, sizeof t), 0);
    ck_assert_int_eq(t.inaccuracy, 50);
    ck_assert_int_eq(t.mistake, 100);
    ck_assert_int_eq(t.blunder, 300);
    ck_assert_int_eq(t.loss_cap, 1000);
    ck_assert_int_eq(xq_review_thresholds_init(NULL, XQ_REVIEW_THRESHOLDS_VERSION), XQ_EINVAL);
    ck_assert_int_eq(xq_review_thresholds_init(&t, 0), XQ_EVERSION);
    ck_assert_int_eq(xq_review_thresholds_init(&t, XQ_REVIEW_THRESHOLDS_VERSION + 1),
                     XQ_EVERSION);

    xq_parse_error e;
    ck_assert_int_eq(xq_review_thresholds_check(NULL, &e), XQ_OK);
    ck_assert_int_eq(xq_review_thresholds_check(&s, NULL), XQ_OK);
    s.mistake = 30;
    ck_assert_int_eq(xq_review_thresholds_check(&s, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_review_thresholds_check(&s, &e), XQ_EINVAL);
    ck_assert_int_eq(e.code, XQ_EINVAL);
    ck_assert_int_eq(e.offset, -1);
    ck_assert_str_eq(e.message,
                     "thresholds must be 0 < inaccuracy <= mistake <= blunder, not 50, 30, 300");
    s.mistake = 100, s.loss_cap = 0;
    ck_assert_int_eq(xq_review_thresholds_check(&s, &e), XQ_EINVAL);
    ck_assert_str_eq(e.message, "the loss cap must be in 1 .. 30000, not 0");
    s.loss_cap = 1000, s.version = XQ_REVIEW_THRESHOLDS_VERSION + 1;
    ck_assert_int_eq(xq_review_thresholds_check(&s, &e), XQ_EVERSION);
    ck_assert_int_eq(e.code, XQ_EVERSION);
    ck_assert_int_eq(xq_review_classify(0, 0, 0, &s, NULL), XQ_EVERSION);
    ck_assert_int_eq(xq_review_classify_loss(0, 0, &s), XQ_EVERSION);
    s.version = 0;
    ck_assert_int_eq(xq_review_classify_loss(0, 0, &s), XQ_EVERSION);
    s.version = XQ_REVIEW_THRESHOLDS_VERSION, s.inaccuracy = 0;
    ck_assert_int_eq(xq_review_classify_loss(0, 1, &s), XQ_EINVAL); /* even for the best move */
}
END_TEST

START_TEST(class_table)
{
    static const char *const names[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
    ck_assert_int_eq(XQ_MOVE_CLASS_COUNT, 5);
    for (int c = 0; c < XQ_MOVE_CLASS_COUNT; c++) {
        ck_assert_str_eq(xq_review_class_name(c), names[c]);
        ck_assert_int_eq(xq_review_class_from_name(names[c]), c);
        ck_assert_ptr_nonnull(xq_review_class_symbol(c));
        ck_assert_int_ge(xq_review_class_nag(c), 0);
    }
    ck_assert_int_eq(XQ_CLASS_BEST, 0);
    ck_assert_int_eq(XQ_CLASS_BLUNDER, 4);
    /* the classes get worse as the loss grows */
    int last = XQ_CLASS_GOOD;
    for (int32_t loss = -100; loss <= 2000; loss++) {
        int c = xq_review_classify_loss(loss, 0, NULL);
        XQ_CHECK(c >= last && c >= XQ_CLASS_GOOD, "loss %d: class %d after %d", (int)loss, c, last);
        last = c;
    }
    ck_assert_int_eq(last, XQ_CLASS_BLUNDER);
    ck_assert_int_eq(xq_review_classify_loss(INT32_MAX, 0, NULL), XQ_CLASS_BLUNDER);
    ck_assert_int_eq(xq_review_classify_loss(INT32_MIN, 0, NULL), XQ_CLASS_GOOD);
    ck_assert_int_eq(xq_review_classify_loss(INT32_MAX, 7, NULL), XQ_CLASS_BEST);
}
END_TEST

START_TEST(bad_arguments)
{
    static const int bad[] = {INT32_MIN, -2, -1, XQ_MOVE_CLASS_COUNT, XQ_MOVE_CLASS_COUNT + 1,
                              INT32_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int c = bad[i];
        ck_assert_ptr_null(xq_review_class_name(c));
        ck_assert_ptr_null(xq_review_class_symbol(c));
        ck_assert_int_eq(xq_review_class_nag(c), XQ_EINVAL);
    }
    ck_assert_int_eq(xq_review_class_from_name(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_review_class_from_name("Blunder"), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_review_class_from_name(""), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_review_value(XQ_SCORE_CP, 10, NULL), XQ_EINVAL);
    char buf[XQ_VALUE_TEXT_MAX];
    ck_assert_int_eq(xq_review_value_text(0, 0, NULL, 4), XQ_EINVAL);
    ck_assert_int_eq(xq_review_value_text(30001, 0, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_review_value_text(-30001, 0, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_review_value_text(0, 0x04, buf, sizeof buf), XQ_EINVAL);
    /* snprintf semantics: the length needed, the text cut */
    ck_assert_int_eq(xq_review_value_text(-120, 0, NULL, 0), 5);
    ck_assert_int_eq(xq_review_value_text(-120, 0, buf, 3), 5);
    ck_assert_str_eq(buf, "-1");
    ck_assert_int_eq(xq_review_value_text(INT32_MIN, 0, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_review_classify(INT32_MIN, 0, 0, NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_review_classify(0, INT32_MAX, 0, NULL, NULL), XQ_EINVAL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("review");
    TCase *tc = tcase_create("review");
    tcase_add_test(tc, classes_table);
    tcase_add_test(tc, values_table);
    tcase_add_test(tc, thresholds);
    tcase_add_test(tc, class_table);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
