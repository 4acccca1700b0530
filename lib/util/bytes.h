/* SPDX-License-Identifier: MIT */
/* Bytes of the library's files, written once: little-endian integers read
 * from and written into byte buffers, and the FNV-1a 64 hash, which is the
 * checksum of the opening book (docs/book.md), the net file (docs/nnue.md)
 * and the endgame tables (lib/egtb/egtb_file.c), and the ECCO table's
 * position key (tools/ecco_table.py fnv1a64()). Header-only; every file
 * format depends on these to the byte, so change nothing here. */
#ifndef XQ_BYTES_H
#define XQ_BYTES_H

#include <stddef.h>
#include <stdint.h>

#include "inline.h"

/* ---- little-endian integers at p (no alignment needed) ---- */

INLINE uint16_t xq__rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
INLINE uint32_t xq__rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
INLINE uint64_t xq__rd64(const uint8_t *p)
{
    return xq__rd32(p) | (uint64_t)xq__rd32(p + 4) << 32;
}

INLINE void xq__wr16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
INLINE void xq__wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
INLINE void xq__wr64(uint8_t *p, uint64_t v)
{
    xq__wr32(p, (uint32_t)v);
    xq__wr32(p + 4, (uint32_t)(v >> 32));
}

/* ---- FNV-1a 64 (Fowler, Noll, Vo): h = offset basis, then for each byte
 * h = (h ^ byte) * prime, modulo 2^64 ---- */

#define XQ__FNV1A64_OFFSET 0xcbf29ce484222325ull /* the offset basis: the start */
#define XQ__FNV1A64_PRIME 0x100000001b3ull

/* The hash h continued over the n bytes at data: XQ__FNV1A64_OFFSET as h
 * hashes them alone; the value of one call as the next one's h hashes the
 * two pieces as one. */
INLINE uint64_t xq__fnv1a64(const void *data, size_t n, uint64_t h)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * XQ__FNV1A64_PRIME;
    return h;
}

/* The checksum of a file image of size bytes that stores it in itself: the
 * FNV-1a 64 hash of every byte but the 8-byte field at skip (the part of the
 * field inside the image, when the image ends within it). */
INLINE uint64_t xq__fnv1a64_skip(const uint8_t *data, size_t size, size_t skip)
{
    if (size <= skip)
        return xq__fnv1a64(data, size, XQ__FNV1A64_OFFSET);
    const uint64_t h = xq__fnv1a64(data, skip, XQ__FNV1A64_OFFSET);
    return size - skip <= 8 ? h : xq__fnv1a64(data + skip + 8, size - skip - 8, h);
}

#endif /* XQ_BYTES_H */
