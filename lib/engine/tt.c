/* SPDX-License-Identifier: MIT */
/* Transposition table (see tt.h). */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

#define GEN_SHIFT 59

static uint64_t pack(xq_move move, int value, int eval, int depth, int bound, int pv,
                     unsigned gen)
{
    return (uint64_t)move | (uint64_t)(uint16_t)value << 16 | (uint64_t)(uint16_t)eval << 32 |
           (uint64_t)(uint8_t)(depth + TT_DEPTH_OFFSET) << 48 | (uint64_t)(bound & 3) << 56 |
           (uint64_t)(pv & 1) << 58 | (uint64_t)(gen & 31) << GEN_SHIFT;
}

int xq__tt_resize(tt_t *tt, size_t mb)
{
    size_t bytes = mb << 20, n = 1;
    while (n * 2 * sizeof(tt_bucket) <= bytes)
        n *= 2;
    tt_bucket *t = aligned_alloc(64, n * sizeof(tt_bucket));
    if (!t)
        return XQ_ENOMEM;
    free(tt->table);
    tt->table = t;
    tt->nbuckets = n;
    tt->mb = mb;
    xq__tt_clear(tt);
    return 0;
}

void xq__tt_free(tt_t *tt)
{
    free(tt->table);
    tt->table = NULL;
    tt->nbuckets = 0;
}

void xq__tt_clear(tt_t *tt)
{
    /* Only called while no search runs (the caller holds the search idle). */
    memset((void *)tt->table, 0, tt->nbuckets * sizeof(tt_bucket));
    tt->generation = 0;
}

void xq__tt_new_search(tt_t *tt) { tt->generation = (tt->generation + 1) & 31; }

int xq__tt_hashfull(const tt_t *tt)
{
    size_t nb = tt->nbuckets < 250 ? tt->nbuckets : 250;
    int used = 0;
    for (size_t i = 0; i < nb; i++)
        for (int j = 0; j < TT_BUCKET_SIZE; j++) {
            uint64_t d = atomic_load_explicit(&tt->table[i].e[j].data, memory_order_relaxed);
            if (d && (d >> GEN_SHIFT) == tt->generation)
                used++;
        }
    return (int)(used * 1000 / (int)(nb * TT_BUCKET_SIZE));
}

void xq__tt_store(tt_t *tt, uint64_t key, xq_move move, int value, int eval, int depth,
                  int bound, int pv)
{
    tt_bucket *b = tt_bucket_of(tt, key);
    tt_entry *victim = NULL;
    int worst = 1 << 30;
    const unsigned gen = tt->generation;

    for (int i = 0; i < TT_BUCKET_SIZE; i++) {
        tt_entry *e = &b->e[i];
        uint64_t d = atomic_load_explicit(&e->data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&e->check, memory_order_relaxed);
        if (!d) {
            if (!victim || worst > -1000) {
                victim = e;
                worst = -1000;
            }
            continue;
        }
        if ((c ^ d) == key) {
            int old_depth = (int)((d >> 48) & 0xff) - TT_DEPTH_OFFSET;
            unsigned old_gen = (unsigned)(d >> GEN_SHIFT);
            /* Keep a deeper result of this search unless the new one is exact. */
            if (bound != BOUND_EXACT && old_gen == gen && depth + 3 < old_depth)
                return;
            if (!move)
                move = (xq_move)(d & 0xffff);
            victim = e;
            break;
        }
        int age = (int)((gen - (unsigned)(d >> GEN_SHIFT)) & 31);
        int worth = (int)((d >> 48) & 0xff) - 8 * age;
        if (worth < worst) {
            worst = worth;
            victim = e;
        }
    }
    uint64_t d = pack(move, value, eval, depth, bound, pv, gen);
    atomic_store_explicit(&victim->data, d, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ d, memory_order_relaxed);
}
