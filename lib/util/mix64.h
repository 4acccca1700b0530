/* SPDX-License-Identifier: MIT */
/* 64-bit mixing, written once for the library: the splitmix64 generator
 * (a fixed seed gives the same numbers on every platform: the Zobrist keys,
 * the skill levels' noise, the book's weighted pick), its finaliser, and the
 * golden-ratio multiplier that spreads keys over hash tables (Fibonacci
 * hashing). Header-only; the tests use it too. */
#ifndef XQ_MIX64_H
#define XQ_MIX64_H

#include <stddef.h>
#include <stdint.h>

/* 2^64 divided by the golden ratio, rounded to odd: splitmix64's increment,
 * and the multiplier of Fibonacci hashing. */
#define XQ__GOLDEN64 0x9E3779B97F4A7C15ull
/* The two multipliers of splitmix64's finaliser (Stafford's variant 13). */
#define XQ__MIX64_M1 0xBF58476D1CE4E5B9ull
#define XQ__MIX64_M2 0x94D049BB133111EBull

/* splitmix64's finaliser: a bijection of 64-bit words in which every input
 * bit changes every output bit with probability about 1/2. */
static inline uint64_t xq__mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * XQ__MIX64_M1;
    z = (z ^ (z >> 27)) * XQ__MIX64_M2;
    return z ^ (z >> 31);
}

/* The next number of the splitmix64 sequence whose state is *state. */
static inline uint64_t xq__splitmix64(uint64_t *state)
{
    return xq__mix64(*state += XQ__GOLDEN64);
}

/* Fibonacci hashing: the slot of @p key in a table of mask + 1 slots (a
 * power of two), taken from the product's bits above the lowest @p shift. */
static inline size_t xq__fib_slot(uint64_t key, unsigned shift, size_t mask)
{
    return (size_t)(key * XQ__GOLDEN64 >> shift) & mask;
}

#endif /* XQ_MIX64_H */
