/* SPDX-License-Identifier: MIT */
/* The worst shapes of input for the game readers (issue 11 item 4),
 * generated at any size: shared by the scaling benchmark
 * (tests/bench/parser_scaling.c) and the unit tests, which keep sizes that
 * would take seconds if a reader were quadratic and take milliseconds. */
#ifndef XQ_SCALING_SHAPES_H
#define XQ_SCALING_SHAPES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct shape_buf {
    char *p;
    size_t n, cap;
} shape_buf;

static inline void shape_put(shape_buf *b, const void *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 4096;
        while (c < b->n + n + 1)
            c *= 2;
        char *q = realloc(b->p, c);
        if (!q) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        b->p = q;
        b->cap = c;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static inline void shape_puts(shape_buf *b, const char *s) { shape_put(b, s, strlen(s)); }

/* A cycle of four legal moves from the start position (horses out and
 * back), and a shape_quiet alternative for each side that is always legal on it. */
static const char *const shape_cycle[4] = {"h0g2", "h9g7", "g2h0", "g7h9"};
static const char *const shape_quiet[2] = {"a0a1", "a9a8"};
/* The same in DhtmlXQ digits (x 0-8 from the left, y 0-9 from the top). */
static const char *const shape_cycle_dx[4] = {"7967", "7062", "6779", "6270"};
static const char *const shape_quiet_dx[2] = {"0908", "0001"};

static inline void shape_pgn(shape_buf *b, const char *shape, long n)
{
    char s[96];
    if (!strcmp(shape, "pgn-tags")) {
        for (long i = 0; i < n; i++) {
            snprintf(s, sizeof s, "[T%ld \"value %ld\"]\n", i, i);
            shape_puts(b, s);
        }
        shape_puts(b, "\n1. h2e2 h9g7 *\n");
        return;
    }
    shape_puts(b, "[Event \"scaling\"]\n\n");
    if (!strcmp(shape, "pgn-comments")) {
        shape_puts(b, "1. h2e2");
        for (long i = 0; i < n; i++)
            shape_puts(b, i % 16 == 15 ? " {c}\n" : " {c}");
        shape_puts(b, " *\n");
    } else if (!strcmp(shape, "pgn-variations") || !strcmp(shape, "pgn-mainline")) {
        int vars = !strcmp(shape, "pgn-variations");
        for (long i = 0; i < n; i++) {
            snprintf(s, sizeof s, "%s%s%s%s", shape_cycle[i % 4], vars ? " (" : "", vars ? shape_quiet[i % 2] : "",
                     vars ? ")" : "");
            shape_puts(b, s);
            shape_puts(b, i % 8 == 7 ? "\n" : " ");
        }
        shape_puts(b, "*\n");
    } else if (!strcmp(shape, "pgn-nested")) {
        /* shape_quiet(1) (shape_cycle(1) shape_quiet(2) (shape_cycle(2) shape_quiet(3) ( ... ))) */
        for (long i = 0; i < n; i++) {
            snprintf(s, sizeof s, "%s (%s ", shape_quiet[i % 2], shape_cycle[i % 4]);
            shape_puts(b, s);
            if (i % 8 == 7)
                shape_puts(b, "\n");
        }
        for (long i = 0; i < n; i++)
            shape_puts(b, ")");
        shape_puts(b, " *\n");
    }
}

/* Branch k (1..N) = [DhtmlXQ_move_{k-1}_{k+1}_k]: two moves from step k+1,
 * branching from the first move of branch k-1; listed k = N down to 1. */
static inline void shape_dhtmlxq(shape_buf *b, long n)
{
    char s[256];
    shape_puts(b, "[DhtmlXQ]\n[DhtmlXQ_title]scaling[/DhtmlXQ_title]\n[DhtmlXQ_movelist]");
    shape_puts(b, shape_cycle_dx[0]);
    shape_puts(b, shape_quiet_dx[1]);
    shape_puts(b, "[/DhtmlXQ_movelist]\n");
    for (long k = n; k >= 1; k--) {
        snprintf(s, sizeof s, "[DhtmlXQ_move_%ld_%ld_%ld]%s%s[/DhtmlXQ_move_%ld_%ld_%ld]\n", k - 1,
                 k + 1, k, shape_cycle_dx[k % 4], shape_quiet_dx[(k + 1) % 2], k - 1, k + 1, k);
        shape_puts(b, s);
    }
    shape_puts(b, "[/DhtmlXQ]\n");
}

/* XQF version 10 (no encryption), the start position. */
static inline void shape_xqf_header(shape_buf *b)
{
    static const unsigned char sq[32] = {0,  10, 20, 30, 40, 50, 60, 70, 80, 12, 72,
                                         3,  23, 43, 63, 83, 9,  19, 29, 39, 49, 59,
                                         69, 79, 89, 17, 77, 6,  26, 46, 66, 86};
    unsigned char h[1024];
    memset(h, 0, sizeof h);
    h[0] = 'X', h[1] = 'Q', h[2] = 10;
    memcpy(h + 16, sq, 32);
    shape_put(b, h, sizeof h);
}

/* One record: ICCS squares, continuation/sibling flags, a comment. */
static inline void shape_xqf_rec(shape_buf *b, const char *mv, int next, int sibling, const char *comment)
{
    unsigned char r[8];
    int f = mv ? (mv[0] - 'a') * 10 + (mv[1] - '0') : 0, t = mv ? (mv[2] - 'a') * 10 + (mv[3] - '0') : 0;
    uint32_t len = comment ? (uint32_t)strlen(comment) : 0;
    r[0] = (unsigned char)(f + 24);
    r[1] = (unsigned char)(t + 32);
    r[2] = (unsigned char)((next ? 0xF0 : 0) | (sibling ? 0x0F : 0));
    r[3] = 0;
    r[4] = (unsigned char)len, r[5] = (unsigned char)(len >> 8), r[6] = (unsigned char)(len >> 16),
    r[7] = (unsigned char)(len >> 24);
    shape_put(b, r, sizeof r);
    if (len)
        shape_put(b, comment, len);
}

static inline void shape_xqf(shape_buf *b, const char *shape, long n)
{
    static const char *const first[2] = {"h2e2", "b2e2"};
    shape_xqf_header(b);
    shape_xqf_rec(b, NULL, 1, 0, NULL); /* the root */
    if (!strcmp(shape, "xqf-siblings")) {
        for (long i = 0; i < n; i++)
            shape_xqf_rec(b, first[i % 2], 0, i + 1 < n, "c");
    } else { /* xqf-nested: each move continues, and has a sibling after its subtree */
        for (long i = 0; i < n; i++)
            shape_xqf_rec(b, shape_cycle[i % 4], i + 1 < n, 1, NULL);
        for (long i = n - 1; i >= 0; i--)
            shape_xqf_rec(b, shape_quiet[i % 2], 0, 0, NULL);
    }
}

static inline int shape_generate(shape_buf *b, const char *shape, long n)
{
    if (!strncmp(shape, "pgn-", 4))
        shape_pgn(b, shape, n);
    else if (!strcmp(shape, "dhtmlxq-reverse"))
        shape_dhtmlxq(b, n);
    else if (!strncmp(shape, "xqf-", 4))
        shape_xqf(b, shape, n);
    else
        return 0;
    return b->n > 0;
}

#endif
