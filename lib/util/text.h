/* SPDX-License-Identifier: MIT */
/* Text helpers shared by the notation, PGN, XQF and DhtmlXQ code: UTF-8
 * decoding, full-width folding, a growable string, and the detection and
 * conversion of legacy encodings (GBK, Big5, Windows-1252). Internal. */
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

/* ---- encodings (the XQ_ENCODING_* values of record.h) ----
 *
 * Text is UTF-8, GBK (read as GB18030, its superset, which also covers
 * GB2312), Big5 (read as CP950, the Windows form Taiwanese files use) or
 * Windows-1252 (Latin-1). The encoding of a file is detected once from a
 * window of its bytes (xq__text_detect) and then every character unit is
 * taken in that encoding (xq__text_unit_len), so that a trail byte of a
 * double-byte character ('[', ']', '{', '}', '\\' are trail bytes in GBK and
 * Big5) never acts as syntax, and a byte that starts no valid sequence is a
 * unit of one byte: it never swallows the delimiter after it. */

/* The encoding of s[0..n) by content: XQ_ENCODING_UTF8 for ASCII, valid
 * UTF-8 (a sequence cut by the end of the window is allowed) or mostly
 * UTF-8 (at least two valid multi-byte sequences per stray byte); else the
 * legacy encoding that reads it best: each double-byte character scores
 * +4 when it is one of the characters most frequent in Xiangqi records
 * (pieces, moves, digits, results, events, names; simplified and
 * traditional), +1 in the encoding's common plane (GB2312, Big5 level 1),
 * -1 elsewhere and -4 for a byte that starts no valid character; the best
 * of GBK and Big5 wins if it scores above 0 (GBK on a tie), else
 * Windows-1252 (a lone accented letter, "caf\xe9"). */
int xq__text_detect(const char *s, size_t n);
/* xq__text_detect() looks at no more than this many bytes. */
#define XQ__TEXT_DETECT_WINDOW 65536
/* Length of the character unit at u[0..n) (n >= 1) in encoding enc: a valid
 * sequence of that encoding, else 1. */
int xq__text_unit_len(int enc, const unsigned char *u, size_t n);
/* Append s[0..n) converted from enc to UTF-8 to out. XQ_ENCODING_AUTO
 * detects enc from s itself; UTF-8 text that is not valid UTF-8 (a file of
 * mixed encodings) is converted as detected from s. Bytes that do not
 * convert become U+FFFD. *cache keeps converters between calls (opened on
 * first use; free with xq__legacy_close(); NULL: none kept). */
void xq__text_to_utf8(xq__sb *out, const char *s, size_t n, int enc, void **cache);
/* Whether s[0..n) is plain ASCII (the same text in every encoding). */
int xq__text_ascii(const char *s, size_t n);
/* Name of an encoding ("UTF-8", "GBK", "Big5", "Windows-1252"). */
const char *xq__text_encoding_name(int enc);

/* Convert legacy text to UTF-8 into `out` (appended), its encoding (GBK,
 * Big5 or Windows-1252) detected by content. Valid UTF-8 input is copied
 * unchanged when `guess` is set. */
void xq__legacy_to_utf8(xq__sb *out, const char *s, size_t n, int guess);
/* The same with converters kept in *cache between calls (opened on first
 * use; close them with xq__legacy_close()). */
void xq__legacy_to_utf8_cached(xq__sb *out, const char *s, size_t n, int guess, void **cache);
void xq__legacy_close(void *cache);
/* Name the encoding of the legacy text the XQF and DhtmlXQ readers convert
 * on this thread from now on (XQ_ENCODING_AUTO: detect); returns the one
 * named before, to be restored. */
int xq__text_prefer(int enc);

/* Copy a string with snprintf semantics. */
int xq__copy_out(const char *s, size_t n, char *buf, size_t cap);
/* Whether s[0..n) starts with `prefix` (lower-case ASCII), ignoring the case
 * of ASCII letters in s. */
int xq__starts_ci(const char *s, size_t n, const char *prefix);

#endif
