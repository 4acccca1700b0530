/* SPDX-License-Identifier: MIT */
/* UTF-8, full-width folding, growable strings and GB18030 conversion. */
#include "text.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "xiangqi/xiangqi.h"

int xq__utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (!n)
        return 0;
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int len;
    uint32_t v, min;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2, v = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, v = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if ((size_t)len > n)
        return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

int xq__utf8_encode(uint32_t cp, char out[4])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

int xq__utf8_valid(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        if (u[i] < 0x80) {
            i++;
            continue;
        }
        uint32_t cp;
        int k = xq__utf8_decode(u + i, n - i, &cp);
        if (!k)
            return 0;
        i += (size_t)k;
    }
    return 1;
}

uint32_t xq__fold_width(uint32_t cp)
{
    if (cp >= 0xFF01 && cp <= 0xFF5E)
        return cp - 0xFEE0;
    if (cp == 0x3000)
        return ' ';
    if (cp == 0x2212) /* minus sign */
        return '-';
    return cp;
}

void xq__sb_free(xq__sb *b)
{
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
    b->oom = 0;
}

static int sb_reserve(xq__sb *b, size_t extra)
{
    if (b->oom)
        return 0;
    if (extra > SIZE_MAX - 1 - b->n ||
        xq__grow(&b->p, &b->cap, b->n + extra + 1, 1, SIZE_MAX) != XQ_OK) {
        b->oom = 1;
        return 0;
    }
    return 1;
}

void xq__sb_putn(xq__sb *b, const char *s, size_t n)
{
    if (!sb_reserve(b, n))
        return;
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

void xq__sb_puts(xq__sb *b, const char *s) { xq__sb_putn(b, s, strlen(s)); }

void xq__sb_putc(xq__sb *b, char c) { xq__sb_putn(b, &c, 1); }

void xq__sb_printf(xq__sb *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if ((size_t)k < sizeof tmp) {
        xq__sb_putn(b, tmp, (size_t)k);
        return;
    }
    if (!sb_reserve(b, (size_t)k))
        return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

int xq__copy_out(const char *s, size_t n, char *buf, size_t cap)
{
    if (n > (size_t)0x7fffffff)
        return XQ_ENOMEM;
    if (cap) {
        size_t k = n < cap - 1 ? n : cap - 1;
        memcpy(buf, s, k);
        buf[k] = 0;
    }
    return (int)n;
}

int xq__sb_export(const xq__sb *b, char *buf, size_t cap)
{
    if (b->oom)
        return XQ_ENOMEM;
    return xq__copy_out(b->p ? b->p : "", b->n, buf, cap);
}

/* ---- encodings ---- */

/* Characters most frequent in Xiangqi records (pieces, move verbs, digits,
 * results, events, frequent names and words), simplified and traditional,
 * sorted: decoding a text into many of them is the sign of the right
 * encoding. */
static const uint16_t common_chars[] = {
    0x4E00, 0x4E03, 0x4E09, 0x4E0A, 0x4E0B, 0x4E0D, 0x4E14, 0x4E2A, 0x4E2D, 0x4E3A,
    0x4E4B, 0x4E5D, 0x4E86, 0x4E8C, 0x4E94, 0x4EBA, 0x4ED5, 0x4EE5, 0x4F18, 0x4FE5,
    0x500B, 0x508C, 0x512A, 0x5148, 0x514C, 0x5151, 0x5168, 0x516B, 0x516D, 0x5175,
    0x519B, 0x51A0, 0x5218, 0x524D, 0x5289, 0x52BF, 0x52DD, 0x52E2, 0x534E, 0x5352,
    0x53CC, 0x53D8, 0x53EF, 0x5403, 0x540E, 0x5415, 0x5442, 0x548C, 0x56DB, 0x56FD,
    0x570B, 0x5728, 0x573A, 0x5834, 0x58EB, 0x5927, 0x597D, 0x5982, 0x59CB, 0x5B50,
    0x5B59, 0x5B6B, 0x5B88, 0x5BF9, 0x5C06, 0x5C07, 0x5C0D, 0x5C40, 0x5C46, 0x5C4A,
    0x5E02, 0x5E05, 0x5E25, 0x5E73, 0x5E74, 0x5E94, 0x5F00, 0x5F03, 0x5F20, 0x5F35,
    0x5F8C, 0x5F90, 0x5F97, 0x61C9, 0x624B, 0x6253, 0x6349, 0x653B, 0x65B9, 0x65E5,
    0x65F6, 0x662F, 0x6642, 0x6708, 0x6709, 0x672C, 0x6740, 0x674E, 0x6768, 0x676F,
    0x679C, 0x67F3, 0x6837, 0x68C4, 0x68CB, 0x694A, 0x6A23, 0x6B64, 0x6B65, 0x6BBA,
    0x6BD4, 0x70AE, 0x70BA, 0x7136, 0x738B, 0x7532, 0x7684, 0x76F8, 0x7701, 0x7740,
    0x7832, 0x7B2C, 0x7D05, 0x7D1A, 0x7EA2, 0x7EA7, 0x800C, 0x8054, 0x806F, 0x80DC,
    0x80E1, 0x83EF, 0x8457, 0x8A31, 0x8A72, 0x8B8A, 0x8BB8, 0x8BE5, 0x8C61, 0x8CA0,
    0x8CFD, 0x8D1F, 0x8D5B, 0x8D70, 0x8D75, 0x8D99, 0x8ECA, 0x8ECD, 0x8F2A, 0x8F66,
    0x8F6E, 0x8FD9, 0x8FDB, 0x9000, 0x9019, 0x9032, 0x958B, 0x961F, 0x9648, 0x9673,
    0x968A, 0x96D9, 0x9762, 0x99AC, 0x9A6C, 0x9EC3, 0x9EC4, 0x9ED1,
};

static int is_common_char(uint32_t cp)
{
    size_t lo = 0, hi = sizeof common_chars / sizeof common_chars[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (common_chars[mid] == cp)
            return 1;
        if (common_chars[mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Detection scores (see xq__text_detect in text.h). */
#define SCORE_COMMON_CHAR 4
#define SCORE_COMMON_PLANE 1
#define SCORE_RARE (-1)
#define SCORE_INVALID (-4)

static int gbk_unit(const unsigned char *u, size_t n)
{
    if (u[0] < 0x81 || u[0] > 0xFE || n < 2)
        return 1;
    if (u[1] >= 0x30 && u[1] <= 0x39)
        return n >= 4 && u[2] >= 0x81 && u[2] <= 0xFE && u[3] >= 0x30 && u[3] <= 0x39 ? 4 : 1;
    return u[1] >= 0x40 && u[1] <= 0xFE && u[1] != 0x7F ? 2 : 1;
}

static int big5_unit(const unsigned char *u, size_t n)
{
    if (u[0] < 0x81 || u[0] > 0xFE || n < 2)
        return 1;
    return (u[1] >= 0x40 && u[1] <= 0x7E) || (u[1] >= 0xA1 && u[1] <= 0xFE) ? 2 : 1;
}

int xq__text_unit_len(int enc, const unsigned char *u, size_t n)
{
    if (!n || u[0] < 0x80)
        return 1;
    switch (enc) {
    case XQ_ENCODING_GBK: return gbk_unit(u, n);
    case XQ_ENCODING_BIG5: return big5_unit(u, n);
    case XQ_ENCODING_LATIN1: return 1;
    default: {
        uint32_t cp;
        int k = xq__utf8_decode(u, n, &cp);
        return k ? k : 1;
    }
    }
}

int xq__text_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 0;
    return 1;
}

const char *xq__text_encoding_name(int enc)
{
    switch (enc) {
    case XQ_ENCODING_UTF8: return "UTF-8";
    case XQ_ENCODING_GBK: return "GBK";
    case XQ_ENCODING_BIG5: return "Big5";
    case XQ_ENCODING_LATIN1: return "Windows-1252";
    default: return "auto";
    }
}

/* The converters of a reader or a call: opened on first use, (iconv_t)-1
 * when the system has none. */
typedef struct conv_cache {
    iconv_t cd[XQ_ENCODING_LATIN1 + 1];
    int opened[XQ_ENCODING_LATIN1 + 1];
} conv_cache;

static iconv_t converter(conv_cache *c, int enc)
{
    if (!c->opened[enc]) {
        c->opened[enc] = 1;
        c->cd[enc] = enc == XQ_ENCODING_GBK ? iconv_open("UTF-8", "GB18030")
                                            : iconv_open("UTF-8", "CP950");
        if (c->cd[enc] == (iconv_t)-1 && enc == XQ_ENCODING_BIG5)
            c->cd[enc] = iconv_open("UTF-8", "BIG5");
    }
    return c->cd[enc];
}

static void cache_close(conv_cache *c)
{
    for (int e = 0; e <= XQ_ENCODING_LATIN1; e++)
        if (c->opened[e] && c->cd[e] != (iconv_t)-1)
            iconv_close(c->cd[e]);
}

/* Windows-1252 0x80..0x9F (0: undefined, U+FFFD). */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

static void latin1_to_utf8(xq__sb *out, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = s[i];
        if (cp >= 0x80 && cp < 0xA0)
            cp = cp1252_high[cp - 0x80] ? cp1252_high[cp - 0x80] : 0xFFFD;
        char u[4];
        xq__sb_putn(out, u, (size_t)xq__utf8_encode(cp, u));
    }
}

/* Convert with iconv, one U+FFFD per byte that does not convert. */
static void iconv_to_utf8(xq__sb *out, iconv_t cd, const char *s, size_t n)
{
    if (cd == (iconv_t)-1) {
        /* No converter: keep ASCII, replace the rest. */
        for (size_t i = 0; i < n; i++) {
            if ((unsigned char)s[i] < 0x80)
                xq__sb_putc(out, s[i]);
            else
                xq__sb_puts(out, "\xEF\xBF\xBD");
        }
        return;
    }
    iconv(cd, NULL, NULL, NULL, NULL);
    char *in = (char *)s;
    size_t left = n;
    char chunk[512];
    while (left > 0) {
        char *o = chunk;
        size_t ol = sizeof chunk;
        size_t r = iconv(cd, &in, &left, &o, &ol);
        xq__sb_putn(out, chunk, sizeof chunk - ol);
        if (r == (size_t)-1) {
            if (errno == E2BIG)
                continue;
            /* EILSEQ or EINVAL (truncated): replace one byte and go on. */
            xq__sb_puts(out, "\xEF\xBF\xBD");
            in++;
            left--;
            iconv(cd, NULL, NULL, NULL, NULL);
        }
    }
}

/* Whether s[0..n) is valid UTF-8 but for a sequence cut by the end. */
static int utf8_valid_prefix(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        uint32_t cp;
        int k = xq__utf8_decode(s + i, n - i, &cp);
        if (!k) {
            const size_t need = s[i] >= 0xF0 ? 4 : s[i] >= 0xE0 ? 3 : 2;
            if (s[i] < 0xC2 || s[i] > 0xF4 || n - i >= need)
                return 0;
            for (size_t j = i + 1; j < n; j++)
                if ((s[j] & 0xC0) != 0x80)
                    return 0;
            return 1;
        }
        i += (size_t)k;
    }
    return 1;
}

/* The detection score of s as GBK or Big5. */
static long legacy_score(const unsigned char *s, size_t n, int enc, conv_cache *cc)
{
    long score = 0;
    iconv_t cd = converter(cc, enc);
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        int k = enc == XQ_ENCODING_GBK ? gbk_unit(s + i, n - i) : big5_unit(s + i, n - i);
        if (k == 1) {
            if (i + 1 < n) /* a character cut by the end of the window is not wrong */
                score += SCORE_INVALID;
            i++;
            continue;
        }
        const unsigned char a = s[i], b = s[i + 1];
        int common = 0;
        if (cd != (iconv_t)-1) {
            char outb[8], *in = (char *)(s + i), *o = outb;
            size_t il = (size_t)k, ol = sizeof outb;
            iconv(cd, NULL, NULL, NULL, NULL);
            if (iconv(cd, &in, &il, &o, &ol) != (size_t)-1) {
                uint32_t cp;
                if (xq__utf8_decode((unsigned char *)outb, sizeof outb - ol, &cp) &&
                    is_common_char(cp))
                    common = 1;
            } else {
                score += SCORE_INVALID; /* a pair the table does not map */
                i += (size_t)k;
                continue;
            }
        }
        if (common)
            score += SCORE_COMMON_CHAR;
        else if (k == 2 && (enc == XQ_ENCODING_GBK ? a >= 0xA1 && a <= 0xF7 && b >= 0xA1
                                                   : a >= 0xA1 && a <= 0xC6))
            score += SCORE_COMMON_PLANE;
        else
            score += SCORE_RARE;
        i += (size_t)k;
    }
    return score;
}

/* The legacy encoding that reads s best (GBK, Big5 or Windows-1252). */
static int legacy_choice(const unsigned char *s, size_t n)
{
    conv_cache cc;
    memset(&cc, 0, sizeof cc);
    long gbk = legacy_score(s, n, XQ_ENCODING_GBK, &cc);
    long big5 = legacy_score(s, n, XQ_ENCODING_BIG5, &cc);
    cache_close(&cc);
    if (gbk <= 0 && big5 <= 0)
        return XQ_ENCODING_LATIN1;
    return big5 > gbk ? XQ_ENCODING_BIG5 : XQ_ENCODING_GBK;
}

/* A UTF-8 text with stray bytes: at least this many valid multi-byte
 * sequences per byte that starts none (GBK and Big5 text scores 0.1 to 0.25:
 * their pairs rarely happen to be UTF-8). */
#define MOSTLY_UTF8_RATIO 2

int xq__text_detect(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    if (n > XQ__TEXT_DETECT_WINDOW)
        n = XQ__TEXT_DETECT_WINDOW;
    size_t high = 0;
    for (size_t i = 0; i < n; i++)
        high += s[i] >= 0x80;
    if (!high || utf8_valid_prefix(s, n))
        return XQ_ENCODING_UTF8;
    size_t valid = 0, invalid = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = s[i] < 0x80 ? 1 : xq__utf8_decode(s + i, n - i, &cp);
        if (k > 1)
            valid++;
        else if (!k)
            invalid++;
        i += k ? (size_t)k : 1;
    }
    if (valid >= MOSTLY_UTF8_RATIO * invalid)
        return XQ_ENCODING_UTF8;
    return legacy_choice(s, n);
}

/* UTF-8 with what is not UTF-8 as U+FFFD. */
static void utf8_replacing(xq__sb *out, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int k = s[i] < 0x80 ? 1 : xq__utf8_decode(s + i, n - i, &cp);
        if (k) {
            xq__sb_putn(out, (const char *)s + i, (size_t)k);
            i += (size_t)k;
        } else {
            xq__sb_puts(out, "\xEF\xBF\xBD");
            i++;
        }
    }
}

void xq__text_to_utf8(xq__sb *out, const char *s, size_t n, int enc, void **cache)
{
    if (enc == XQ_ENCODING_UTF8 || enc == XQ_ENCODING_AUTO) {
        if (xq__utf8_valid(s, n)) {
            xq__sb_putn(out, s, n);
            return;
        }
        enc = xq__text_detect(s, n);
    }
    if (enc == XQ_ENCODING_UTF8) { /* mostly UTF-8: keep it, stray bytes as U+FFFD */
        utf8_replacing(out, (const unsigned char *)s, n);
        return;
    }
    if (enc == XQ_ENCODING_LATIN1) {
        latin1_to_utf8(out, (const unsigned char *)s, n);
        return;
    }
    conv_cache local, *cc = &local;
    if (cache) {
        if (!*cache)
            *cache = calloc(1, sizeof(conv_cache));
        if (*cache)
            cc = *cache;
    }
    if (cc == &local)
        memset(&local, 0, sizeof local);
    iconv_to_utf8(out, converter(cc, enc), s, n);
    if (cc == &local)
        cache_close(&local);
}

void xq__legacy_close(void *cache)
{
    if (cache) {
        cache_close(cache);
        free(cache);
    }
}

/* The encoding a caller named for the legacy text converted on this thread
 * (xq__text_prefer), or XQ_ENCODING_AUTO. */
static _Thread_local int preferred_encoding;

int xq__text_prefer(int enc)
{
    const int old = preferred_encoding;
    preferred_encoding = enc;
    return old;
}


void xq__legacy_to_utf8_cached(xq__sb *out, const char *s, size_t n, int guess, void **cache)
{
    const int enc = preferred_encoding;
    if (enc == XQ_ENCODING_UTF8) {
        utf8_replacing(out, (const unsigned char *)s, n);
        return;
    }
    if (enc > XQ_ENCODING_UTF8) {
        xq__text_to_utf8(out, s, n, enc, cache);
        return;
    }
    if (guess && xq__utf8_valid(s, n)) {
        xq__sb_putn(out, s, n);
        return;
    }
    xq__text_to_utf8(out, s, n, legacy_choice((const unsigned char *)s, n), cache);
}

void xq__legacy_to_utf8(xq__sb *out, const char *s, size_t n, int guess)
{
    xq__legacy_to_utf8_cached(out, s, n, guess, NULL);
}

int xq__starts_ci(const char *s, size_t n, const char *prefix)
{
    const size_t k = strlen(prefix);
    if (n < k)
        return 0;
    for (size_t i = 0; i < k; i++) {
        const int c = (unsigned char)s[i];
        if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != prefix[i])
            return 0;
    }
    return 1;
}
