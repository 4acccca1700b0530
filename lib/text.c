/* UTF-8, full-width folding, growable strings and GB18030 conversion. */
#include "text.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (b->n + extra + 1 <= b->cap)
        return 1;
    size_t ncap = b->cap ? b->cap : 256;
    while (ncap < b->n + extra + 1) {
        if (ncap > ((size_t)-1) / 2) {
            b->oom = 1;
            return 0;
        }
        ncap *= 2;
    }
    char *p = realloc(b->p, ncap);
    if (!p) {
        b->oom = 1;
        return 0;
    }
    b->p = p;
    b->cap = ncap;
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

void xq__legacy_close(void *cache)
{
    if (cache && cache != (void *)-1)
        iconv_close((iconv_t)cache);
}

void xq__legacy_to_utf8_cached(xq__sb *out, const char *s, size_t n, int guess, void **cache)
{
    if (guess && xq__utf8_valid(s, n)) {
        xq__sb_putn(out, s, n);
        return;
    }
    iconv_t cd = cache && *cache ? (iconv_t)*cache : iconv_open("UTF-8", "GB18030");
    if (cache && !*cache)
        *cache = (void *)cd; /* (iconv_t)-1 is kept too: do not retry */
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
    if (!cache)
        iconv_close(cd);
}

void xq__legacy_to_utf8(xq__sb *out, const char *s, size_t n, int guess)
{
    xq__legacy_to_utf8_cached(out, s, n, guess, NULL);
}
