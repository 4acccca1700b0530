/* SPDX-License-Identifier: MIT */
/* Shared helpers for the libFuzzer harnesses: an invariant that fails
 * loudly (a crash is what libFuzzer reports), and the whole-record PGN
 * round trip. */
#ifndef XQ_FUZZ_COMMON_H
#define XQ_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond)                                                                 \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            fprintf(stderr, "invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
            abort();                                                                      \
        }                                                                                 \
    } while (0)

/* A text getter of the record API (comment, comment before, tag value)
 * into a new string. */
static inline char *fuzz_text(int (*get)(const xq_record *, char *, size_t), const xq_record *r)
{
    int n = get(r, NULL, 0);
    FUZZ_ASSERT(n >= 0);
    char *s = malloc((size_t)n + 1);
    FUZZ_ASSERT(s && get(r, s, (size_t)n + 1) == n);
    return s;
}

static inline char *fuzz_tag_value(const xq_record *r, int i)
{
    int n = xq_record_tag_value(r, i, NULL, 0);
    FUZZ_ASSERT(n >= 0);
    char *s = malloc((size_t)n + 1);
    FUZZ_ASSERT(s && xq_record_tag_value(r, i, s, (size_t)n + 1) == n);
    return s;
}

static inline int fuzz_same_text(int (*get)(const xq_record *, char *, size_t), const xq_record *a,
                                 const xq_record *b)
{
    char *x = fuzz_text(get, a), *y = fuzz_text(get, b);
    int same = !strcmp(x, y);
    if (!same)
        fprintf(stderr, "text differs:\n<%s>\n<%s>\n", x, y);
    free(x);
    free(y);
    return same;
}

/* The annotations at both cursors are the same. */
static inline void fuzz_same_node(const xq_record *a, const xq_record *b)
{
    FUZZ_ASSERT(fuzz_same_text(xq_record_comment, a, b));
    FUZZ_ASSERT(fuzz_same_text(xq_record_comment_before, a, b));
    int n = xq_record_nag_count(a);
    FUZZ_ASSERT(n >= 0 && n == xq_record_nag_count(b));
    for (int i = 0; i < n; i++)
        FUZZ_ASSERT(xq_record_nag(a, i) == xq_record_nag(b, i));
}

/* Tags other than Format (the writer writes its own, last). */
static inline void fuzz_same_tags(const xq_record *a, const xq_record *b)
{
    int na = xq_record_tag_count(a), nb = xq_record_tag_count(b), i = 0, j = 0;
    char name_a[80], name_b[80];
    for (;;) {
        while (i < na && xq_record_tag_name(a, i, name_a, sizeof name_a) >= 0 && !strcmp(name_a, "Format"))
            i++;
        while (j < nb && xq_record_tag_name(b, j, name_b, sizeof name_b) >= 0 && !strcmp(name_b, "Format"))
            j++;
        if (i >= na || j >= nb)
            break;
        FUZZ_ASSERT(!strcmp(name_a, name_b));
        char *va = fuzz_tag_value(a, i), *vb = fuzz_tag_value(b, j);
        if (strcmp(va, vb))
            fprintf(stderr, "tag %s differs:\n<%s>\n<%s>\n", name_a, va, vb);
        FUZZ_ASSERT(!strcmp(va, vb));
        free(va);
        free(vb);
        i++, j++;
    }
    FUZZ_ASSERT(i >= na && j >= nb);
}

/* Two records hold the same tree: the same start position, moves in the
 * same order at every node, the same comments (after and before) and NAGs,
 * and the same tags. Walks both from the start; the cursors end there. */
static inline void fuzz_same_record(xq_record *a, xq_record *b)
{
    char fa[XQ_FEN_MAX], fb[XQ_FEN_MAX];
    xq_record_start_fen(a, fa, sizeof fa);
    xq_record_start_fen(b, fb, sizeof fb);
    FUZZ_ASSERT(!strcmp(fa, fb));
    fuzz_same_tags(a, b);
    FUZZ_ASSERT(xq_record_goto(a, 0) == XQ_OK && xq_record_goto(b, 0) == XQ_OK);
    fuzz_same_node(a, b);
    int cap = 64, sp = 0;
    int *next = malloc((size_t)cap * sizeof *next);
    FUZZ_ASSERT(next);
    next[sp++] = 0;
    while (sp > 0) {
        int n = xq_record_variation_count(a);
        FUZZ_ASSERT(n >= 0 && n == xq_record_variation_count(b));
        if (next[sp - 1] < n) {
            int i = next[sp - 1]++;
            xq_move ma, mb;
            FUZZ_ASSERT(xq_record_variation_move(a, i, &ma) == XQ_OK);
            FUZZ_ASSERT(xq_record_variation_move(b, i, &mb) == XQ_OK);
            FUZZ_ASSERT(ma == mb);
            FUZZ_ASSERT(xq_record_enter_variation(a, i) == XQ_OK);
            FUZZ_ASSERT(xq_record_enter_variation(b, i) == XQ_OK);
            fuzz_same_node(a, b);
            if (sp == cap) {
                cap *= 2;
                next = realloc(next, (size_t)cap * sizeof *next);
                FUZZ_ASSERT(next);
            }
            next[sp++] = 0;
        } else if (--sp > 0) {
            FUZZ_ASSERT(xq_record_back(a) == XQ_OK && xq_record_back(b) == XQ_OK);
        }
    }
    free(next);
}

static inline char *fuzz_write(const xq_record *r, const xq_pgn_options *o, int *len)
{
    int n = xq_record_to_pgn(r, o, NULL, 0);
    FUZZ_ASSERT(n > 0);
    char *text = malloc((size_t)n + 1);
    FUZZ_ASSERT(text && xq_record_to_pgn(r, o, text, (size_t)n + 1) == n);
    *len = n;
    return text;
}

/* Write a record as PGN in a notation and read it back: the whole tree
 * (moves, variations, comments after and before, NAGs, tags) comes back
 * the same, and writing the copy gives the same text again. */
static inline void fuzz_pgn_roundtrip(xq_record *r, int notation, unsigned flags)
{
    xq_pgn_options o;
    xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
    o.notation = notation;
    o.flags = flags;
    o.line_width = (int)(flags % 3) * 40; /* 0 (one line), 40 or 80 */
    int n;
    char *text = fuzz_write(r, &o, &n);
    xq_record *back;
    FUZZ_ASSERT(xq_record_new(&back, NULL, NULL) == XQ_OK);
    xq_parse_error err;
    xq_pgn_options ro = o;
    ro.flags = flags & (XQ_NOTATION_XQBASE | XQ_NOTATION_RANKS_1_10);
    int rc = xq_record_from_pgn(back, text, (size_t)n, &ro, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "re-read failed: %s\n%s\n", err.message, text);
        abort();
    }
    fuzz_same_record(r, back);
    int n2;
    char *again = fuzz_write(back, &o, &n2);
    if (n2 != n || memcmp(text, again, (size_t)n)) {
        fprintf(stderr, "writing is not stable:\n%s\n---\n%s\n", text, again);
        abort();
    }
    free(again);
    xq_record_free(back);
    free(text);
}

#endif
