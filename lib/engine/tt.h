/* SPDX-License-Identifier: MIT */
/* The transposition table shared by every search thread.
 *
 * Lock-free: an entry is two 64-bit words, the data and the key xor-ed with
 * the data, each read and written with relaxed atomics (the same machine code
 * as plain loads and stores on x86-64 and AArch64, but defined behaviour and
 * clean under ThreadSanitizer). A torn entry (words from two different
 * writes) fails the key check and reads as a miss. Buckets of four entries
 * fill one 64-byte cache line. */
#ifndef XQ_TT_H
#define XQ_TT_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/types.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* Depths stored are offset so that quiescence entries (depth 0 and -1) fit. */
enum { TT_DEPTH_OFFSET = 2, TT_BUCKET_SIZE = 4 };

typedef struct tt_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} tt_entry;

typedef struct tt_bucket {
    tt_entry e[TT_BUCKET_SIZE];
} tt_bucket;

typedef struct tt {
    tt_bucket *table;
    size_t nbuckets;
    size_t mb;
    unsigned generation; /* 0..31; changed only between searches */
} tt_t;

/* What a probe found (copied out of the table). */
typedef struct tt_hit {
    xq_move move;
    int16_t value; /* as stored: mate scores relative to the entry's node */
    int16_t eval;
    int depth;
    int bound;
    int pv;
} tt_hit;

/* Allocate (or reallocate) to `mb` megabytes, rounded down to a power of
 * two number of buckets; the table is cleared. Returns 0 or XQ_ENOMEM (the
 * old table is kept on failure). */
int xq__tt_resize(tt_t *tt, size_t mb);
void xq__tt_free(tt_t *tt);
void xq__tt_clear(tt_t *tt);
/* Start a new search: older entries become preferred victims. */
void xq__tt_new_search(tt_t *tt);
/* Permille of the sampled entries written during the current search. */
int xq__tt_hashfull(const tt_t *tt);

INLINE tt_bucket *tt_bucket_of(const tt_t *tt, uint64_t key)
{
    __extension__ typedef unsigned __int128 u128_t;
    return &tt->table[(size_t)(((u128_t)key * tt->nbuckets) >> 64)];
}

INLINE void tt_prefetch(const tt_t *tt, uint64_t key) { __builtin_prefetch(tt_bucket_of(tt, key)); }

/* Look the key up; returns 1 and fills *h on a hit. */
INLINE int tt_probe(const tt_t *tt, uint64_t key, tt_hit *h)
{
    tt_bucket *b = tt_bucket_of(tt, key);
    for (int i = 0; i < TT_BUCKET_SIZE; i++) {
        uint64_t d = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b->e[i].check, memory_order_relaxed);
        if ((c ^ d) == key && d) {
            h->move = (xq_move)(d & 0xffff);
            h->value = (int16_t)(uint16_t)(d >> 16);
            h->eval = (int16_t)(uint16_t)(d >> 32);
            h->depth = (int)((d >> 48) & 0xff) - TT_DEPTH_OFFSET;
            h->bound = (int)((d >> 56) & 3);
            h->pv = (int)((d >> 58) & 1);
            return 1;
        }
    }
    return 0;
}

/* Store a result; depth >= -TT_DEPTH_OFFSET. Keeps the old move when the new
 * one is XQ_MOVE_NONE for the same position. */
void xq__tt_store(tt_t *tt, uint64_t key, xq_move move, int value, int eval, int depth,
                  int bound, int pv);

#endif
