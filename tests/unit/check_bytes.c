/* SPDX-License-Identifier: MIT */
/* White-box tests of lib/util/bytes.h: the little-endian readers and writers and
 * FNV-1a 64, on which the book, net and endgame-table files and the ECCO keys
 * depend to the byte. The expected hashes are the published FNV-1a 64 test
 * vectors ("", "a", "foobar") and figures computed in Python:
 *   h = 0xcbf29ce484222325; for b in data: h = ((h ^ b) * 0x100000001b3) % 2**64 */
#include "xq_test.h"

#include "util/bytes.h"

START_TEST(test_little_endian)
{
    uint8_t b[10] = {0};
    xq__wr16(b, 0xFEDC);
    ck_assert_uint_eq(b[0], 0xDC);
    ck_assert_uint_eq(b[1], 0xFE);
    ck_assert_uint_eq(xq__rd16(b), 0xFEDC);
    xq__wr32(b, 0x04030201u);
    for (int i = 0; i < 4; i++)
        ck_assert_uint_eq(b[i], i + 1);
    ck_assert_uint_eq(xq__rd32(b), 0x04030201u);
    /* an odd address: no alignment needed, and nothing written past 8 bytes */
    memset(b, 0xAA, sizeof b);
    xq__wr64(b + 1, 0xF8F7F6F5F4F3F2F1ull);
    ck_assert_uint_eq(b[0], 0xAA);
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(b[1 + i], 0xF1 + i);
    ck_assert_uint_eq(b[9], 0xAA);
    ck_assert(xq__rd64(b + 1) == 0xF8F7F6F5F4F3F2F1ull);
    ck_assert_uint_eq(xq__rd32(b + 5), 0xF8F7F6F5u);
    ck_assert_uint_eq(xq__rd16(b + 8), 0xAAF8);
}
END_TEST

START_TEST(test_fnv1a64)
{
    ck_assert(xq__fnv1a64("", 0, XQ__FNV1A64_OFFSET) == 0xcbf29ce484222325ull);
    ck_assert(xq__fnv1a64("a", 1, XQ__FNV1A64_OFFSET) == 0xaf63dc4c8601ec8cull);
    ck_assert(xq__fnv1a64("foobar", 6, XQ__FNV1A64_OFFSET) == 0x85944171f73967e8ull);
    /* one call's value continued over the next piece: the two pieces as one */
    const uint64_t foo = xq__fnv1a64("foo", 3, XQ__FNV1A64_OFFSET);
    ck_assert(xq__fnv1a64("bar", 3, foo) == 0x85944171f73967e8ull);
    /* bytes above 0x7f as unsigned (the ECCO keys hash char text) */
    const char high[] = "\xff";
    const uint8_t ff = 0xff;
    ck_assert(xq__fnv1a64(high, 1, XQ__FNV1A64_OFFSET) ==
              xq__fnv1a64(&ff, 1, XQ__FNV1A64_OFFSET));
}
END_TEST

/* The checksum field at 48 of a 64-byte image 0, 1, ..., 63 (the book's and
 * the net file's place), the image ending before, inside and after it. */
START_TEST(test_fnv1a64_skip)
{
    uint8_t d[64];
    for (int i = 0; i < 64; i++)
        d[i] = (uint8_t)i;
    ck_assert(xq__fnv1a64_skip(d, 64, 48) == 0x84a7da3e7202b60dull);
    memset(d + 48, 0x5A, 8); /* the field's own bytes do not count */
    ck_assert(xq__fnv1a64_skip(d, 64, 48) == 0x84a7da3e7202b60dull);
    ck_assert(xq__fnv1a64_skip(d, 52, 48) == 0xdd7a5e9540df1b95ull);
    ck_assert(xq__fnv1a64_skip(d, 56, 48) == 0xdd7a5e9540df1b95ull);
    ck_assert(xq__fnv1a64_skip(d, 48, 48) == 0xdd7a5e9540df1b95ull);
    ck_assert(xq__fnv1a64_skip(d, 30, 48) == 0x0e707b5c91a84776ull);
    ck_assert(xq__fnv1a64_skip(d, 0, 48) == XQ__FNV1A64_OFFSET);
    /* any other byte does count */
    d[56] ^= 1;
    ck_assert(xq__fnv1a64_skip(d, 64, 48) != 0x84a7da3e7202b60dull);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bytes");
    TCase *tc = tcase_create("bytes");
    tcase_add_test(tc, test_little_endian);
    tcase_add_test(tc, test_fnv1a64);
    tcase_add_test(tc, test_fnv1a64_skip);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
