/* SPDX-License-Identifier: MIT */
/* lib/util/text.c from inside: UTF-8 encoding of every length and its round
 * trip through the decoder, full-width folding, the growable string (long
 * formatted appends, export with truncation, out of memory), the copy-out
 * limits, the character units of each encoding and their names, and the
 * conversion of invalid UTF-8 and of text without a converter. The public
 * paths that lead here are in check_text (records in GBK, Big5, Latin-1). */
#include "xq_test.h"

#include <stdint.h>

#include "util/text.h"

START_TEST(utf8_encode_round_trip)
{
    static const uint32_t cps[] = {0x24, 0x7F, 0x80, 0x7FF, 0x800, 0x70AE /* 炮 */, 0xFFFD,
                                   0x10000, 0x1F600, 0x10FFFF};
    static const int lens[] = {1, 1, 2, 2, 3, 3, 3, 4, 4, 4};
    for (size_t i = 0; i < sizeof cps / sizeof *cps; i++) {
        char out[4];
        const int n = xq__utf8_encode(cps[i], out);
        ck_assert_int_eq(n, lens[i]);
        uint32_t back = 0;
        ck_assert_int_eq(xq__utf8_decode((const unsigned char *)out, (size_t)n, &back), n);
        ck_assert_uint_eq(back, cps[i]);
        ck_assert(xq__utf8_valid(out, (size_t)n));
        /* cut short, the sequence is invalid */
        if (n > 1)
            ck_assert_int_eq(xq__utf8_decode((const unsigned char *)out, (size_t)n - 1, &back), 0);
    }
}
END_TEST

START_TEST(fold_width)
{
    ck_assert_uint_eq(xq__fold_width(0xFF21), 'A');  /* Ａ */
    ck_assert_uint_eq(xq__fold_width(0xFF10 + 5), '5');
    ck_assert_uint_eq(xq__fold_width(0x3000), ' ');  /* ideographic space */
    ck_assert_uint_eq(xq__fold_width(0x2212), '-');  /* minus sign */
    ck_assert_uint_eq(xq__fold_width(0x70AE), 0x70AE);
    ck_assert_uint_eq(xq__fold_width(0xFF5F), 0xFF5F); /* past the full-width ASCII */
}
END_TEST

START_TEST(string_builder)
{
    xq__sb b = {0};
    xq__sb_printf(&b, "%s=%d", "ply", 12);
    char longer[1000];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    xq__sb_printf(&b, "[%s]", longer); /* past the formatter's own buffer */
    ck_assert_uint_eq(b.n, strlen("ply=12") + 2 + 999);
    ck_assert_int_eq(b.p[b.n], 0);
    char small[8];
    ck_assert_int_eq(xq__sb_export(&b, small, sizeof small), (int)b.n);
    ck_assert_str_eq(small, "ply=12[");
    ck_assert_int_eq(xq__sb_export(&b, NULL, 0), (int)b.n);
    /* once out of memory, appends do nothing and the export says so */
    b.oom = 1;
    const size_t n = b.n;
    xq__sb_puts(&b, "more");
    xq__sb_printf(&b, "%d", 1);
    ck_assert_uint_eq(b.n, n);
    ck_assert_int_eq(xq__sb_export(&b, small, sizeof small), XQ_ENOMEM);
    xq__sb_free(&b);
    xq__sb empty = {0};
    ck_assert_int_eq(xq__sb_export(&empty, small, sizeof small), 0);
    ck_assert_str_eq(small, "");
}
END_TEST

START_TEST(copy_out_limits)
{
    char buf[4];
    ck_assert_int_eq(xq__copy_out("abcdef", 6, buf, sizeof buf), 6);
    ck_assert_str_eq(buf, "abc");
    ck_assert_int_eq(xq__copy_out("abcdef", 6, NULL, 0), 6);
    ck_assert_int_eq(xq__copy_out("x", (size_t)0x80000000u, NULL, 0), XQ_ENOMEM);
}
END_TEST

START_TEST(units_and_names)
{
    const unsigned char gbk[] = {0xC5, 0xDA}; /* 炮 in GBK */
    const unsigned char big5[] = {0xAC, 0xB6}; /* 炮 in Big5 */
    const unsigned char bad_utf8[] = {0xC0, 0x80};
    ck_assert_int_eq(xq__text_unit_len(XQ_ENCODING_GBK, gbk, 2), 2);
    ck_assert_int_eq(xq__text_unit_len(XQ_ENCODING_GBK, gbk, 1), 1); /* cut: one byte */
    ck_assert_int_eq(xq__text_unit_len(XQ_ENCODING_BIG5, big5, 2), 2);
    ck_assert_int_eq(xq__text_unit_len(XQ_ENCODING_LATIN1, gbk, 2), 1);
    ck_assert_int_eq(xq__text_unit_len(XQ_ENCODING_UTF8, bad_utf8, 2), 1);
    ck_assert_int_eq(xq__text_unit_len(XQ_ENCODING_UTF8, (const unsigned char *)"a", 1), 1);
    ck_assert_str_eq(xq__text_encoding_name(XQ_ENCODING_UTF8), "UTF-8");
    ck_assert_str_eq(xq__text_encoding_name(XQ_ENCODING_GBK), "GBK");
    ck_assert_str_eq(xq__text_encoding_name(XQ_ENCODING_BIG5), "Big5");
    ck_assert_str_eq(xq__text_encoding_name(XQ_ENCODING_LATIN1), "Windows-1252");
    ck_assert_str_eq(xq__text_encoding_name(XQ_ENCODING_AUTO), "auto");
    ck_assert(xq__text_ascii("plain", 5));
    ck_assert(!xq__text_ascii((const char *)gbk, 2));
}
END_TEST

/* Text said to be UTF-8 that is mostly UTF-8 (two valid sequences or more
 * per stray byte): each stray byte becomes U+FFFD, the valid sequences
 * around it stay. */
START_TEST(invalid_utf8_replaced)
{
    xq__sb out = {0};
    const char in[] = "a\xFF" "\xE7\x82\xAE\xE7\x82\xAE\xE7\x82\xAE" "c";
    xq__text_to_utf8(&out, in, sizeof in - 1, XQ_ENCODING_UTF8, NULL);
    ck_assert_ptr_nonnull(out.p);
    ck_assert(xq__utf8_valid(out.p, out.n));
    ck_assert_ptr_nonnull(strstr(out.p, "\xE7\x82\xAE")); /* 炮 kept */
    ck_assert_ptr_nonnull(strstr(out.p, "\xEF\xBF\xBD")); /* a replacement */
    xq__sb_free(&out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text_internal");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, utf8_encode_round_trip);
    tcase_add_test(tc, fold_width);
    tcase_add_test(tc, string_builder);
    tcase_add_test(tc, copy_out_limits);
    tcase_add_test(tc, units_and_names);
    tcase_add_test(tc, invalid_utf8_replaced);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
