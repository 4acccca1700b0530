/* SPDX-License-Identifier: MIT */
/* White-box tests of lib/util/grow.h, the one growable array of the library:
 * the capacities it gives, its limits, and that a failure changes nothing. */
#include "xq_test.h"

#include <limits.h>
#include <stdint.h>

#include "util/grow.h"

START_TEST(test_capacities)
{
    int *a = NULL;
    size_t cap = 0;
    ck_assert_int_eq(XQ__GROW(a, cap, 0, SIZE_MAX), XQ_OK); /* nothing asked: nothing made */
    ck_assert_ptr_null(a);
    ck_assert_uint_eq(cap, 0);
    ck_assert_int_eq(XQ__GROW(a, cap, 1, SIZE_MAX), XQ_OK);
    ck_assert_ptr_nonnull(a);
    ck_assert_uint_eq(cap, (0 + XQ__GROW_SLACK) / 2 * 3); /* 24 */
    int *first = a;
    ck_assert_int_eq(XQ__GROW(a, cap, 24, SIZE_MAX), XQ_OK); /* room already */
    ck_assert_ptr_eq(a, first);
    ck_assert_uint_eq(cap, 24);
    for (int i = 0; i < 24; i++)
        a[i] = i;
    ck_assert_int_eq(XQ__GROW(a, cap, 25, SIZE_MAX), XQ_OK);
    ck_assert_uint_eq(cap, (24 + XQ__GROW_SLACK) / 2 * 3);     /* 60 */
    ck_assert_int_eq(XQ__GROW(a, cap, 1000, SIZE_MAX), XQ_OK); /* more than a step: need */
    ck_assert_uint_eq(cap, 1000);
    for (int i = 0; i < 24; i++) /* the elements are kept */
        ck_assert_int_eq(a[i], i);
    free(a);
}
END_TEST

START_TEST(test_limits)
{
    char *a = NULL;
    size_t cap = 0;
    ck_assert_int_eq(XQ__GROW(a, cap, 10, 20), XQ_OK);
    ck_assert_uint_eq(cap, 20); /* 24 cut to the limit */
    ck_assert_int_eq(XQ__GROW(a, cap, 21, 20), XQ_ENOMEM);
    ck_assert_uint_eq(cap, 20);
    ck_assert_ptr_nonnull(a);
    free(a);
    /* elements whose count times their size would wrap: refused before any
     * allocation, the array unchanged */
    uint64_t *w = NULL;
    cap = 0;
    ck_assert_int_eq(XQ__GROW(w, cap, SIZE_MAX / 4, SIZE_MAX), XQ_ENOMEM);
    ck_assert_ptr_null(w);
    ck_assert_uint_eq(cap, 0);
}
END_TEST

START_TEST(test_int_counts)
{
    double *a = NULL;
    int cap = 0;
    ck_assert_int_eq(XQ__GROW_INT(a, cap, 5), XQ_OK);
    ck_assert_int_eq(cap, 24);
    ck_assert_int_eq(XQ__GROW_INT(a, cap, 100), XQ_OK);
    ck_assert_int_eq(cap, 100);
    ck_assert_int_eq(XQ__GROW_INT(a, cap, 101), XQ_OK);
    ck_assert_int_eq(cap, 174);
    free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("grow");
    TCase *tc = tcase_create("grow");
    tcase_add_test(tc, test_capacities);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_int_counts);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
