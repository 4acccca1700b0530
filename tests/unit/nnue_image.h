/* SPDX-License-Identifier: MIT */
/* Net files for the tests (lib/engine/nnue/nnue_file.c's layout, docs/nnue.md) with
 * seeded random weights; NNUE_* as in lib/nnue.h. */
#ifndef XQ_TEST_NNUE_IMAGE_H
#define XQ_TEST_NNUE_IMAGE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state; /* the generator of make_image() and the tests */
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static int rnd(int lo, int hi) { return lo + (int)(rng() % (uint64_t)(hi - lo + 1)); }

static void put16(uint8_t *p, int v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)((unsigned)v >> 8);
}
static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

/* FNV-1a 64 of the image but its checksum field (bytes 48..55). */
static uint64_t fnv(const uint8_t *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        if (i < 48 || i >= 56)
            h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

/* A net image (lib/engine/nnue/nnue_file.c's layout) with seeded random weights. */
static uint8_t *make_image(int buckets, uint64_t seed, size_t *size)
{
    const size_t features = (size_t)buckets * NNUE_BUCKET_FEATURES;
    const size_t payload = 256 + 2 * NNUE_L1 + 2 * features * NNUE_L1 +
                           2 * NNUE_OUT_BUCKETS * 2 * NNUE_L1 + 4 * NNUE_OUT_BUCKETS;
    *size = 64 + payload;
    uint8_t *d = calloc(1, *size);
    ck_assert_ptr_nonnull(d);
    memcpy(d, "XQNNUE\x1a\n", 8);
    const uint32_t head[7] = {1, (uint32_t)buckets, NNUE_L1, NNUE_OUT_BUCKETS, NNUE_QA, NNUE_QB,
                              NNUE_SCALE};
    for (int i = 0; i < 7; i++)
        put32(d + 8 + 4 * i, head[i]);
    put64(d + 40, payload);
    snprintf((char *)d + 64, 256, "test net, %d buckets, seed %llu", buckets,
             (unsigned long long)seed);
    rng_state = seed;
    uint8_t *p = d + 64 + 256;
    for (int i = 0; i < NNUE_L1; i++, p += 2)
        put16(p, rnd(-60, 120));
    for (size_t i = 0; i < features * NNUE_L1; i++, p += 2)
        put16(p, rnd(-40, 40));
    for (int i = 0; i < NNUE_OUT_BUCKETS * 2 * NNUE_L1; i++, p += 2)
        put16(p, rnd(-127, 127));
    for (int i = 0; i < NNUE_OUT_BUCKETS; i++, p += 4)
        put32(p, (uint32_t)rnd(-20000, 20000));
    put64(d + 48, fnv(d, *size));
    return d;
}

#endif
