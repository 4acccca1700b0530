/* SPDX-License-Identifier: MIT */
/* Encodings of game files (issue 16, issue 11 item 5): GBK files with long
 * comments, site banners after the last game, Big5 with CRLF in PGN, XQF
 * and DhtmlXQ, detection by content and the explicit choice
 * (xq_pgn_options.encoding), and invalid bytes that never swallow a
 * delimiter. The files in tests/data/encoding are made by make_files.py
 * there. */
#include "xq_test.h"

static xq_record *new_record(void)
{
    xq_record *r = NULL;
    ck_assert_int_eq(xq_record_new(&r, NULL, NULL), XQ_OK);
    return r;
}

static xq_pgn_reader *open_reader(const char *rel, int encoding)
{
    xq_pgn_options o;
    xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
    o.encoding = encoding;
    xq_pgn_reader *rd = NULL;
    xq_parse_error err;
    ck_assert_msg(xq_pgn_reader_open(&rd, xq_test_path(rel), &o, &err) == XQ_OK, "%s: %s", rel,
                  err.message);
    return rd;
}

/* The comment after ply `ply` of the main line (into a static buffer). */
static const char *comment_at(xq_record *r, int ply)
{
    static char buf[8192];
    ck_assert_int_eq(xq_record_goto(r, ply), XQ_OK);
    ck_assert_int_ge(xq_record_comment(r, buf, sizeof buf), 0);
    return buf;
}

static const char *tag(const xq_record *r, const char *name)
{
    static char buf[256];
    if (xq_record_tag(r, name, buf, sizeof buf) < 0)
        return "";
    return buf;
}

/* A GBK file with long comments (move text, traditional characters whose
 * second byte is '}') reads in full, as its UTF-8 twin does; the site banner
 * after the last game is trailing text, not a game. */
START_TEST(gbk_long_comments_and_banner)
{
    static const int plies[] = {6, 4};
    xq_pgn_reader *gbk = open_reader("encoding/gbk-comments.pgn", XQ_ENCODING_AUTO);
    xq_pgn_reader *utf8 = open_reader("encoding/gbk-comments.utf8.pgn", XQ_ENCODING_AUTO);
    xq_record *a = new_record(), *b = new_record();
    xq_parse_error err;
    for (int g = 0; g < 2; g++) {
        ck_assert_msg(xq_pgn_reader_next(gbk, a, &err) == 1, "GBK game %d: %s (line %d)", g + 1,
                      err.message, err.line);
        ck_assert_int_eq(xq_pgn_reader_next(utf8, b, &err), 1);
        ck_assert_int_eq(xq_record_mainline_size(a), plies[g]);
        ck_assert_str_eq(tag(a, "Red"), g == 0 ? "许银川" : "胡荣华");
        for (int p = 1; p <= plies[g]; p++) {
            char want[8192];
            snprintf(want, sizeof want, "%s", comment_at(b, p));
            ck_assert_str_eq(comment_at(a, p), want);
        }
    }
    ck_assert_ptr_nonnull(strstr(comment_at(a, 1), "唰的題目：红方应该怎样走？"));
    /* The banner: no third game, no error. */
    ck_assert_int_eq(xq_pgn_reader_next(gbk, a, &err), 0);
    ck_assert_int_eq(xq_pgn_reader_next(utf8, b, &err), 0);
    ck_assert_int_eq(xq_pgn_reader_encoding(gbk), XQ_ENCODING_GBK);
    ck_assert_int_eq(xq_pgn_reader_encoding(utf8), XQ_ENCODING_UTF8);
    xq_pgn_reader_free(gbk);
    xq_pgn_reader_free(utf8);
    xq_record_free(a);
    xq_record_free(b);
}
END_TEST

/* A banner between games is skipped to the next game's tags; a rule line
 * where moves are expected inside a game is still an error. */
START_TEST(banner_shapes)
{
    static const char text[] = "1. h2e2 h9g7 *\n\n=====\nsee {our} site\n\n"
                               "[Event \"2\"]\n\n1. b2e2 *\n\n-----------\ntrailing text\n";
    xq_pgn_reader *rd;
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, text, sizeof text - 1, NULL), XQ_OK);
    xq_record *r = new_record();
    xq_parse_error err;
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_str_eq(tag(r, "Event"), "2");
    ck_assert_int_eq(xq_record_mainline_size(r), 1);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 0);
    xq_pgn_reader_free(rd);
    static const char inside[] = "1. h2e2 ===== h9g7 *\n";
    ck_assert_int_eq(xq_record_from_pgn(r, inside, sizeof inside - 1, NULL, &err), XQ_EPARSE);
    xq_record_free(r);
}
END_TEST

/* The Big5 comment of the files (UTF-8 here): its characters after 。 have
 * '}', '{', '[', ']' and '\' as second byte in Big5. */
static const char big5_comment[] = "紅方先手，馬二進三後，黑方車９平８，局面平穩。"
                                   "弓囚并廾叻久加也包么功許銀川說：功夫在棋外。";

/* Big5 with CRLF, detected by content: every move and the text read. */
START_TEST(big5_crlf_detected)
{
    xq_pgn_reader *rd = open_reader("encoding/big5-crlf.pgn", XQ_ENCODING_AUTO);
    xq_record *r = new_record();
    xq_parse_error err;
    ck_assert_msg(xq_pgn_reader_next(rd, r, &err) == 1, "%s", err.message);
    ck_assert_int_eq(xq_record_mainline_size(r), 12);
    ck_assert_str_eq(tag(r, "Red"), "柳大華");
    ck_assert_str_eq(tag(r, "Event"), "友誼賽 中炮對屏風馬");
    ck_assert_str_eq(comment_at(r, 2), big5_comment);
    ck_assert_str_eq(comment_at(r, 10), big5_comment);
    ck_assert_int_eq(xq_pgn_reader_encoding(rd), XQ_ENCODING_BIG5);
    ck_assert_msg(xq_pgn_reader_next(rd, r, &err) == 1, "%s", err.message);
    ck_assert_int_eq(xq_record_mainline_size(r), 4);
    ck_assert_str_eq(tag(r, "Black"), "許銀川");
    ck_assert_str_eq(comment_at(r, 1), big5_comment);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 0); /* the banner */
    xq_pgn_reader_free(rd);
    xq_record_free(r);
}
END_TEST

/* The explicit choice is honoured: Big5 bytes read as GBK or UTF-8 fail at
 * the first move (as the file's own encoding, they read); a bad value is
 * XQ_EINVAL; a version-1 options struct has no encoding field. */
START_TEST(explicit_encoding)
{
    xq_record *r = new_record();
    xq_parse_error err;
    const int wrong[] = {XQ_ENCODING_GBK, XQ_ENCODING_UTF8, XQ_ENCODING_LATIN1};
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        xq_pgn_reader *rd = open_reader("encoding/big5-crlf.pgn", wrong[i]);
        ck_assert_int_lt(xq_pgn_reader_next(rd, r, &err), 0);
        ck_assert_int_eq(xq_pgn_reader_encoding(rd), wrong[i]);
        xq_pgn_reader_free(rd);
    }
    xq_pgn_reader *rd = open_reader("encoding/big5-crlf.pgn", XQ_ENCODING_BIG5);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 12);
    xq_pgn_reader_free(rd);
    /* GBK text forced to be read as Big5 is not read as GBK. */
    rd = open_reader("encoding/gbk-comments.pgn", XQ_ENCODING_BIG5);
    int rc = xq_pgn_reader_next(rd, r, &err);
    ck_assert(rc < 0 || strcmp(tag(r, "Red"), "许银川") != 0);
    xq_pgn_reader_free(rd);

    xq_pgn_options o;
    xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
    ck_assert_int_eq(o.encoding, XQ_ENCODING_AUTO);
    o.encoding = 99;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, xq_test_path("encoding/big5-crlf.pgn"), &o, &err),
                     XQ_EINVAL);
    ck_assert_ptr_null(rd);
    o.version = 1; /* a 0.1 caller: the field is not there, so not read */
    ck_assert_int_eq(xq_pgn_reader_open(&rd, xq_test_path("encoding/big5-crlf.pgn"), &o, &err),
                     XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 12);
    xq_pgn_reader_free(rd);
    xq_pgn_options init = XQ_PGN_OPTIONS_INIT;
    ck_assert_int_eq(init.encoding, XQ_ENCODING_AUTO);
    xq_record_free(r);
}
END_TEST

/* A UTF-8 file with one stray byte in a comment (a file of mixed
 * encodings): the comment stays UTF-8, its Chinese kept, the stray byte a
 * U+FFFD (it was read as Windows-1252 whole, the Chinese turned to
 * mojibake). */
START_TEST(mostly_utf8_comment)
{
    static const char text[] = "1. h2e2 {\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94 \xff ok} h9g7 *";
    xq_pgn_reader *rd = NULL;
    xq_parse_error err;
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, text, sizeof text - 1, NULL), XQ_OK);
    xq_record *r = new_record();
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    const char *c = comment_at(r, 1);
    ck_assert_msg(strstr(c, "\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94") != NULL,
                  "comment read as '%s'", c);
    ck_assert_ptr_nonnull(strstr(c, "\xef\xbf\xbd ok"));
    xq_record_free(r);
    xq_pgn_reader_free(rd);
}
END_TEST

/* Issue 11 item 5: a byte that starts no valid character never swallows the
 * '}' after it: all four moves, and the comment is café (Windows-1252). */
START_TEST(invalid_byte_keeps_delimiter)
{
    static const char text[] = "1. h2e2 {caf\xe9} h9g7 2. h0g2 {ok} b9c7 *";
    xq_record *r = new_record();
    xq_parse_error err;
    ck_assert_int_eq(xq_record_from_pgn(r, text, sizeof text - 1, NULL, &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 4);
    ck_assert_str_eq(comment_at(r, 1), "café");
    ck_assert_str_eq(comment_at(r, 3), "ok");
    xq_pgn_reader *rd = open_reader("encoding/latin1-cafe.pgn", XQ_ENCODING_AUTO);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 4);
    xq_pgn_reader_free(rd);
    /* Also when the file is UTF-8 elsewhere (the byte is one unit) and when
     * GBK is asked for ("\xe9}" is no GBK pair a file would hold in a
     * comment end: it is still a complete GBK character, so with GBK forced
     * the comment runs on; the default reads it right). */
    static const char mixed[] = "[Red \"许银川\"]\n1. h2e2 {caf\xe9} h9g7 *";
    ck_assert_int_eq(xq_record_from_pgn(r, mixed, sizeof mixed - 1, NULL, &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_str_eq(tag(r, "Red"), "许银川");
    /* A UTF-8 lead byte cut short before a delimiter. */
    static const char cut[] = "1. h2e2 {\xe7\x82} h9g7 *";
    ck_assert_int_eq(xq_record_from_pgn(r, cut, sizeof cut - 1, NULL, &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    xq_record_free(r);
}
END_TEST

/* Big5 DhtmlXQ and XQF comments are detected by content too. */
START_TEST(big5_dhtmlxq_and_xqf)
{
    xq_record *r = new_record();
    xq_parse_error err;
    ck_assert_msg(xq_record_load(r, xq_test_path("encoding/big5.dhtml"), NULL, &err) == XQ_OK,
                  "%s", err.message);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_str_eq(tag(r, "Red"), "柳大華");
    ck_assert_str_eq(tag(r, "Black"), "吳貴臨");
    ck_assert_str_eq(comment_at(r, 1), big5_comment);
    ck_assert_msg(xq_record_load(r, xq_test_path("encoding/big5-comments.xqf"), NULL, &err) ==
                      XQ_OK,
                  "%s", err.message);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_str_eq(comment_at(r, 1), big5_comment);
    ck_assert_str_eq(comment_at(r, 2), "馬８進７");
    ck_assert_str_eq(tag(r, "Title"), "友誼賽 中炮對屏風馬");
    /* Through a reader the explicit choice applies to XQF too. */
    xq_pgn_reader *rd = open_reader("encoding/big5-comments.xqf", XQ_ENCODING_GBK);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_str_ne(comment_at(r, 1), big5_comment);
    xq_pgn_reader_free(rd);
    rd = open_reader("encoding/big5-comments.xqf", XQ_ENCODING_BIG5);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_str_eq(comment_at(r, 1), big5_comment);
    xq_pgn_reader_free(rd);
    xq_record_free(r);
}
END_TEST

/* Bad arguments of the getter. */
START_TEST(encoding_getter_args)
{
    ck_assert_int_eq(xq_pgn_reader_encoding(NULL), XQ_EINVAL);
    xq_pgn_reader *rd;
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, "1. h2e2 *", 9, NULL), XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_encoding(rd), XQ_ENCODING_AUTO); /* nothing but ASCII yet */
    xq_pgn_reader_free(rd);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text");
    TCase *tc = tcase_create("encodings");
    tcase_add_test(tc, gbk_long_comments_and_banner);
    tcase_add_test(tc, banner_shapes);
    tcase_add_test(tc, big5_crlf_detected);
    tcase_add_test(tc, explicit_encoding);
    tcase_add_test(tc, invalid_byte_keeps_delimiter);
    tcase_add_test(tc, mostly_utf8_comment);
    tcase_add_test(tc, big5_dhtmlxq_and_xqf);
    tcase_add_test(tc, encoding_getter_args);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
