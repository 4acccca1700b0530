/* SPDX-License-Identifier: MIT */
/* Endgame tables: the file format. A 128-byte little-endian header, then one
 * entry per index (1 or 2 bytes). Layout of the header:
 *   0  magic "XQEGTB\x1a\n"      8  u32 format version   12 u32 entry width
 *  16  char name[24]            40  u8 material[2][8]    56 u64 entries
 *  64  u32 max DTM              68  u32 flags            72 u64 wins, draws,
 *  losses, illegal (4 x 8)     104  u64 FNV-1a of the entries
 * 112  u32 wins by the perpetual-check rule  116  u32 losses by it (both also
 *      counted in wins, losses)    120  u64 FNV-1a of bytes 0..119 */
#include "egtb_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/bytes.h"
#include "util/error.h"

static const char *base(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

void xq__egtb_table_count(egtb_table *t)
{
    t->wins = t->draws = t->losses = t->illegal = 0;
    t->rule_wins = t->rule_losses = 0;
    t->max_dtm = 0;
    for (uint64_t i = 0; i < t->L.size; i++) {
        unsigned c = xq__egtb_get(t, i);
        if (c == EGTB_ILLEGAL)
            t->illegal++;
        else if (c == EGTB_DRAW)
            t->draws++;
        else if (c == EGTB_RULE_WIN)
            t->wins++, t->rule_wins++;
        else if (c == EGTB_RULE_LOSS)
            t->losses++, t->rule_losses++;
        else {
            unsigned d = c - 1;
            if (d & 1)
                t->wins++;
            else
                t->losses++;
            if (d > t->max_dtm)
                t->max_dtm = d;
        }
    }
}

int xq__egtb_file_write(egtb_table *t, const char *path, xq_parse_error *err)
{
    char tmp[EGTB_PATH_MAX + sizeof ".tmp"]; /* written first, then renamed to path */
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp)
        return xq__parse_fail(err, XQ_EINVAL, -1, "directory name too long");
    xq__egtb_table_count(t);
    const int width = t->max_dtm + 1 < 0xFD ? 1 : 2;
    const size_t n = (size_t)t->L.size;
    uint8_t *buf = malloc(EGTB_HEADER_SIZE + n * (size_t)width);
    if (!buf)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory writing %s", base(path));
    uint8_t *h = buf, *d = buf + EGTB_HEADER_SIZE;
    memset(h, 0, EGTB_HEADER_SIZE);
    for (size_t i = 0; i < n; i++) {
        unsigned c = t->owned[i];
        if (width == 1)
            d[i] = (uint8_t)c; /* 0xFFFD..0xFFFF become 0xFD..0xFF */
        else
            xq__wr16(d + 2 * i, (uint16_t)c);
    }
    memcpy(h, EGTB_MAGIC, 8);
    xq__wr32(h + 8, EGTB_FORMAT_VERSION);
    xq__wr32(h + 12, (uint32_t)width);
    memcpy(h + 16, t->L.name, strlen(t->L.name));
    for (int c = 0; c < 2; c++)
        memcpy(h + 40 + 8 * c, t->L.mat.n[c], 8);
    xq__wr64(h + 56, t->L.size);
    xq__wr32(h + 64, t->max_dtm);
    xq__wr32(h + 68, t->flags);
    xq__wr64(h + 72, t->wins);
    xq__wr64(h + 80, t->draws);
    xq__wr64(h + 88, t->losses);
    xq__wr64(h + 96, t->illegal);
    xq__wr32(h + 112, (uint32_t)t->rule_wins);
    xq__wr32(h + 116, (uint32_t)t->rule_losses);
    xq__wr64(h + 104, xq__fnv1a64(d, n * (size_t)width, XQ__FNV1A64_OFFSET));
    xq__wr64(h + 120, xq__fnv1a64(h, 120, XQ__FNV1A64_OFFSET));

    /* Write to a temporary name and rename, so a reader never sees half a file. */
    FILE *f = fopen(tmp, "wb");
    int rc = XQ_OK;
    if (!f) {
        rc = xq__parse_fail(err, XQ_EIO, -1, "cannot create %s: %s", tmp, strerror(errno));
    } else {
        size_t len = EGTB_HEADER_SIZE + n * (size_t)width;
        int bad = fwrite(buf, 1, len, f) != len;
        bad |= fclose(f) != 0;
        if (bad || rename(tmp, path) != 0) {
            rc = xq__parse_fail(err, XQ_EIO, -1, "cannot write %s: %s", path, strerror(errno));
            remove(tmp);
        }
    }
    free(buf);
    return rc;
}

int xq__egtb_file_open(egtb_table *t, const char *path, xq_parse_error *err)
{
    memset(t, 0, sizeof *t);
    const char *name = base(path);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return xq__parse_fail(err, XQ_EIO, -1, "cannot open %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return xq__parse_fail(err, XQ_EIO, -1, "cannot read %s: %s", path, strerror(e));
    }
    if (st.st_size < EGTB_HEADER_SIZE) {
        close(fd);
        return xq__parse_fail(err, XQ_EPARSE, -1,
                              "%s: truncated: %lld bytes, shorter than the %d-byte header", name,
                              (long long)st.st_size, EGTB_HEADER_SIZE);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    int e = errno;
    close(fd);
    if (map == MAP_FAILED)
        return xq__parse_fail(err, XQ_EIO, -1, "cannot map %s: %s", path, strerror(e));
    const uint8_t *h = map;
    int rc = XQ_OK;
    egtb_material m;
    memset(&m, 0, sizeof m);
    for (int c = 0; c < 2; c++)
        memcpy(m.n[c], h + 40 + 8 * c, 8);
    uint32_t width = xq__rd32(h + 12);
    uint64_t entries = xq__rd64(h + 56);
    char hname[EGTB_NAME_MAX + 1];
    memcpy(hname, h + 16, EGTB_NAME_MAX);
    hname[EGTB_NAME_MAX] = 0;
    if (memcmp(h, EGTB_MAGIC, 8) != 0) {
        rc = xq__parse_fail(err, XQ_EPARSE, 0, "%s: not an endgame table (bad magic)", name);
    } else if (xq__fnv1a64(h, 120, XQ__FNV1A64_OFFSET) != xq__rd64(h + 120)) {
        rc = xq__parse_fail(err, XQ_EPARSE, 120, "%s: header checksum mismatch (file corrupted)",
                            name);
    } else if (xq__rd32(h + 8) != EGTB_FORMAT_VERSION) {
        rc = xq__parse_fail(err, XQ_EPARSE, 8, "%s: format version %u, this library reads %d",
                            name, xq__rd32(h + 8), EGTB_FORMAT_VERSION);
    } else if (width != 1 && width != 2) {
        rc = xq__parse_fail(err, XQ_EPARSE, 12, "%s: bad entry width %u", name, width);
    } else if (xq__egtb_material_flip(&m) || xq__egtb_layout_init(&t->L, &m) != XQ_OK ||
               strcmp(t->L.name, hname) != 0) {
        rc = xq__parse_fail(err, XQ_EPARSE, 16, "%s: bad table signature '%s'", name, hname);
    } else if (entries != t->L.size) {
        rc = xq__parse_fail(err, XQ_EPARSE, 56, "%s: %llu entries, %s has %llu", name,
                            (unsigned long long)entries, t->L.name,
                            (unsigned long long)t->L.size);
    } else if ((uint64_t)st.st_size != EGTB_HEADER_SIZE + entries * width) {
        rc = xq__parse_fail(err, XQ_EPARSE, -1, "%s: %s: %lld bytes, expected %llu", name,
                            (uint64_t)st.st_size < EGTB_HEADER_SIZE + entries * width
                                ? "truncated"
                                : "trailing data",
                            (long long)st.st_size,
                            (unsigned long long)(EGTB_HEADER_SIZE + entries * width));
    } else if (xq__fnv1a64(h + EGTB_HEADER_SIZE, (size_t)(entries * width), XQ__FNV1A64_OFFSET) !=
               xq__rd64(h + 104)) {
        rc = xq__parse_fail(err, XQ_EPARSE, EGTB_HEADER_SIZE,
                            "%s: data checksum mismatch (file corrupted)", name);
    }
    if (rc != XQ_OK) {
        munmap(map, (size_t)st.st_size);
        memset(t, 0, sizeof *t);
        return rc;
    }
    t->width = (int)width;
    t->data = h + EGTB_HEADER_SIZE;
    t->map = map;
    t->maplen = (size_t)st.st_size;
    t->max_dtm = xq__rd32(h + 64);
    t->flags = xq__rd32(h + 68);
    t->wins = xq__rd64(h + 72);
    t->draws = xq__rd64(h + 80);
    t->losses = xq__rd64(h + 88);
    t->illegal = xq__rd64(h + 96);
    t->rule_wins = xq__rd32(h + 112);
    t->rule_losses = xq__rd32(h + 116);
    return XQ_OK;
}

void xq__egtb_table_release(egtb_table *t)
{
    if (t->map)
        munmap(t->map, t->maplen);
    free(t->owned);
    memset(t, 0, sizeof *t);
}
