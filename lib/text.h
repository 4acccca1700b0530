/* Text helpers shared by the notation, PGN, XQF and DhtmlXQ code: UTF-8
 * decoding, full-width folding, a growable string, and legacy (GB18030)
 * text conversion. Internal. */
#ifndef XQ_TEXT_H
#define XQ_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Decode one UTF-8 sequence at s[0..n); returns its length (1..4) and the code
 * point in *cp, or 0 for an invalid or truncated sequence. */
int xq__utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);
/* Encode a code point; returns the number of bytes written to out (1..4). */
int xq__utf8_encode(uint32_t cp, char out[4]);
/* Whether s[0..n) is valid UTF-8. */
int xq__utf8_valid(const char *s, size_t n);
/* Full-width ASCII forms (U+FF01..U+FF5E) and the ideographic space to ASCII;
 * other code points unchanged. */
uint32_t xq__fold_width(uint32_t cp);

/* A growable NUL-terminated string. `oom` is set once an allocation fails;
 * later appends do nothing. */
typedef struct xq__sb {
    char *p;
    size_t n, cap;
    int oom;
} xq__sb;

void xq__sb_free(xq__sb *b);
void xq__sb_putn(xq__sb *b, const char *s, size_t n);
void xq__sb_puts(xq__sb *b, const char *s);
void xq__sb_putc(xq__sb *b, char c);
void xq__sb_printf(xq__sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Copy into a caller buffer with snprintf semantics; returns the length, or
 * XQ_ENOMEM if the builder ran out of memory, XQ_EBUFS never (truncates). */
int xq__sb_export(const xq__sb *b, char *buf, size_t cap);

/* Convert legacy text (GB18030, a superset of GBK and GB2312) to UTF-8 into
 * `out` (appended). Bytes that do not convert become U+FFFD. Valid UTF-8
 * input is copied unchanged when `guess` is set (used for PGN, whose files
 * are UTF-8 or GBK). */
void xq__legacy_to_utf8(xq__sb *out, const char *s, size_t n, int guess);
/* The same with a converter kept in *cache between calls (opened on first
 * use; close it with xq__legacy_close()). */
void xq__legacy_to_utf8_cached(xq__sb *out, const char *s, size_t n, int guess, void **cache);
void xq__legacy_close(void *cache);

/* Copy a string with snprintf semantics. */
int xq__copy_out(const char *s, size_t n, char *buf, size_t cap);

#endif
