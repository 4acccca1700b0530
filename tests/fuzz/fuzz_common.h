/* Shared helpers for the libFuzzer harnesses: an invariant that fails
 * loudly (a crash is what libFuzzer reports). */
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

/* Write a record as PGN in a notation and read it back: the main line must
 * come back identical. */
static inline void fuzz_pgn_roundtrip(const xq_record *r, int notation, unsigned flags)
{
    xq_pgn_options o;
    xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
    o.notation = notation;
    o.flags = flags;
    int n = xq_record_to_pgn(r, &o, NULL, 0);
    FUZZ_ASSERT(n > 0);
    char *text = malloc((size_t)n + 1);
    FUZZ_ASSERT(text && xq_record_to_pgn(r, &o, text, (size_t)n + 1) == n);
    xq_record *back;
    FUZZ_ASSERT(xq_record_new(&back, NULL, NULL) == XQ_OK);
    xq_parse_error err;
    o.flags = flags & (XQ_NOTATION_XQBASE | XQ_NOTATION_RANKS_1_10);
    int rc = xq_record_from_pgn(back, text, (size_t)n, &o, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "re-read failed: %s\n%s\n", err.message, text);
        abort();
    }
    int len = xq_record_mainline_size(r);
    FUZZ_ASSERT(xq_record_mainline_size(back) == len);
    for (int i = 0; i < len; i++) {
        xq_move a, b;
        xq_record_mainline_move(r, i, &a);
        xq_record_mainline_move(back, i, &b);
        FUZZ_ASSERT(a == b);
    }
    xq_record_free(back);
    free(text);
}

#endif
