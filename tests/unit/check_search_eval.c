/* SPDX-License-Identifier: MIT */
/* The search's choice of evaluation through the public API
 * (xq_search_set_eval(), the net loaders, xq_search_net_info(),
 * xq_search_evaluate()): bad handles and files, state kept on failure, and
 * searches with a net. Built with the library's objects only to reach the
 * net layout's sizes (nnue_image.h); every call is public. */
#include "xq_test.h"

#include "engine/nnue/nnue.h"
#include "nnue_image.h"

static xq_search *new_search(void)
{
    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, NULL), XQ_OK);
    return s;
}

static char *write_temp(const uint8_t *d, size_t size)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/check_search_eval_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "wb");
    ck_assert_uint_eq(fwrite(d, 1, size, f), size);
    fclose(f);
    return path;
}

START_TEST(test_bad_arguments)
{
    xq_search *s = new_search();
    xq_board *b = xq_test_board(NULL);
    int32_t cp;
    xq_parse_error err;
    ck_assert_int_eq(xq_search_set_eval(NULL, XQ_EVAL_CLASSICAL), XQ_EINVAL);
    ck_assert_int_eq(xq_search_set_eval(s, 7), XQ_EINVAL);
    ck_assert_int_eq(xq_search_get_eval(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_search_load_net(NULL, "x", &err), XQ_EINVAL);
    ck_assert_int_eq(xq_search_load_net_memory(s, NULL, 5, &err), XQ_EINVAL);
    ck_assert_int_eq(xq_search_net_info(NULL, NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_search_evaluate(s, NULL, &cp), XQ_EINVAL);
    ck_assert_int_eq(xq_search_evaluate(s, b, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_search_evaluate(NULL, b, &cp), XQ_EINVAL);
    int32_t hand;
    ck_assert_int_eq(xq_evaluate(b, &hand), XQ_OK);
#ifdef XQ_TEST_DEFAULT_NET
    /* a new handle evaluates with the built-in net */
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_NNUE);
    ck_assert_int_gt(xq_search_net_info(s, NULL, 0), 17);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    const int32_t net_cp = cp;
    /* classical: as xq_evaluate() */
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_CLASSICAL), XQ_OK);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    ck_assert_int_eq(cp, hand);
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_NNUE), XQ_OK);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    ck_assert_int_eq(cp, net_cp);
#else
    /* a new handle evaluates by hand, as xq_evaluate() does; no net loaded
     * and none built in: no NNUE */
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_CLASSICAL);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    ck_assert_int_eq(cp, hand);
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_NNUE), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_CLASSICAL);
    ck_assert_int_eq(xq_search_net_info(s, NULL, 0), XQ_ENOTFOUND);
#endif
    xq_board_free(b);
    xq_search_free(s);
}
END_TEST

/* Loading a net selects it; failed loads change nothing. */
START_TEST(test_load_and_search)
{
    size_t size;
    uint8_t *d = make_image(6, 21, &size);
    xq_search *s = new_search();
    xq_board *b = xq_test_board(NULL);
    xq_parse_error err;
    int32_t hand, cp;
    xq_evaluate(b, &hand);
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_CLASSICAL), XQ_OK);

    /* bad files first: the handle stays classical */
    ck_assert_int_eq(xq_search_load_net_memory(s, d, size - 2, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "truncated"));
    ck_assert_int_eq(xq_search_load_net(s, "/nonexistent/net.nnue", &err), XQ_EIO);
    ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/net.nnue: "));
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_CLASSICAL);

    char *path = write_temp(d, size);
    ck_assert_int_eq(xq_search_load_net(s, path, &err), XQ_OK);
    remove(path);
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_NNUE);
    char info[300];
    const int n = xq_search_net_info(s, info, sizeof info);
    ck_assert_int_eq(n, (int)strlen(info));
    ck_assert_ptr_nonnull(strstr(info, " test net, 6 buckets, seed 21"));
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    const int32_t net_cp = cp;

    /* a bad load keeps the net in use */
    d[100] ^= 1;
    ck_assert_int_eq(xq_search_load_net_memory(s, d, size, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "checksum"));
    d[100] ^= 1;
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_NNUE);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    ck_assert_int_eq(cp, net_cp);

    /* a search with the net finds a legal move at every depth */
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.depth = 6;
    xq_search_result r;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    ck_assert_int_eq(xq_board_is_legal(b, r.best_move), 1);
    ck_assert_int_eq(r.depth, 6);

    /* classical and back: the net is kept */
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_CLASSICAL), XQ_OK);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    ck_assert_int_eq(cp, hand);
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_NNUE), XQ_OK);
    ck_assert_int_eq(xq_search_evaluate(s, b, &cp), XQ_OK);
    ck_assert_int_eq(cp, net_cp);

    /* two threads with the net */
    ck_assert_int_eq(xq_search_set_threads(s, 2), XQ_OK);
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    ck_assert_int_eq(xq_board_is_legal(b, r.best_move), 1);

    /* forgetting the loaded net: the built-in one, else by hand */
    ck_assert_int_eq(xq_search_load_net(s, NULL, NULL), XQ_OK);
#ifdef XQ_TEST_DEFAULT_NET
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_NNUE);
    ck_assert_int_gt(xq_search_net_info(s, info, sizeof info), 17);
    ck_assert_ptr_null(strstr(info, "test net"));
#else
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_CLASSICAL);
    ck_assert_int_eq(xq_search_net_info(s, NULL, 0), XQ_ENOTFOUND);
#endif
    xq_board_free(b);
    xq_search_free(s);
    free(d);
}
END_TEST

/* No change while a search runs. */
START_TEST(test_busy)
{
    size_t size;
    uint8_t *d = make_image(1, 5, &size);
    xq_search *s = new_search();
    xq_board *b = xq_test_board(NULL);
    xq_parse_error err;
    ck_assert_int_eq(xq_search_start(s, b, NULL, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_CLASSICAL), XQ_ESTATE);
    ck_assert_int_eq(xq_search_load_net_memory(s, d, size, &err), XQ_ESTATE);
    xq_search_stop(s);
    ck_assert_int_eq(xq_search_wait(s, NULL), XQ_OK);
    ck_assert_int_eq(xq_search_load_net_memory(s, d, size, &err), XQ_OK);
    xq_board_free(b);
    xq_search_free(s);
    free(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("search_eval");
    TCase *tc = tcase_create("search_eval");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_bad_arguments);
    tcase_add_test(tc, test_load_and_search);
    tcase_add_test(tc, test_busy);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
