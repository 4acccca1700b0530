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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/bytes.h"
#include "util/error.h"
#include "util/file.h"

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
    xq__wr64(h + EGTB_OFF_DATA_SUM, xq__fnv1a64(d, n * (size_t)width, XQ__FNV1A64_OFFSET));
    xq__wr64(h + EGTB_OFF_HEADER_SUM, xq__fnv1a64(h, EGTB_OFF_HEADER_SUM, XQ__FNV1A64_OFFSET));

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

static const xq__file_format egtb_file = {"endgame table", "an", EGTB_MAGIC, EGTB_HEADER_SIZE,
                                          EGTB_FORMAT_VERSION};

/* The header's own fields (after its checksum): width, name and material,
 * entry count; the layout goes into t->L. */
static int check_fields(const xq__file *f, egtb_table *t)
{
    const uint8_t *h = f->im.data;
    egtb_material m;
    memset(&m, 0, sizeof m);
    for (int c = 0; c < 2; c++)
        memcpy(m.n[c], h + 40 + 8 * c, 8);
    const uint32_t width = xq__rd32(h + 12);
    const uint64_t entries = xq__rd64(h + 56);
    char hname[EGTB_NAME_MAX + 1];
    memcpy(hname, h + 16, EGTB_NAME_MAX);
    hname[EGTB_NAME_MAX] = 0;
    if (width != 1 && width != 2)
        return xq__file_fail(f, XQ_EPARSE, 12, "bad entry width %u", width);
    if (xq__egtb_material_flip(&m) || xq__egtb_layout_init(&t->L, &m) != XQ_OK ||
        strcmp(t->L.name, hname) != 0)
        return xq__file_fail(f, XQ_EPARSE, 16, "bad table signature '%s'", hname);
    if (entries != t->L.size)
        return xq__file_fail(f, XQ_EPARSE, 56, "%llu entries, %s has %llu",
                             (unsigned long long)entries, t->L.name,
                             (unsigned long long)t->L.size);
    t->width = (int)width;
    return XQ_OK;
}

int xq__egtb_file_open(egtb_table *t, const char *path, xq_parse_error *err)
{
    memset(t, 0, sizeof *t);
    xq__file f;
    int rc = xq__file_open(&f, &egtb_file, path, XQ__FILE_MAP, 0, err);
    if (rc != XQ_OK)
        return rc;
    rc = xq__file_check_header(&f);
    if (rc == XQ_OK)
        rc = xq__file_check_sum(&f, "header ", EGTB_OFF_HEADER_SUM, 0, EGTB_OFF_HEADER_SUM);
    if (rc == XQ_OK)
        rc = check_fields(&f, t);
    if (rc == XQ_OK)
        rc = xq__file_check_size(&f, EGTB_HEADER_SIZE + t->L.size * (uint64_t)t->width);
    if (rc == XQ_OK)
        rc = xq__file_check_sum(&f, "data ", EGTB_OFF_DATA_SUM, EGTB_HEADER_SIZE, f.im.size);
    if (rc != XQ_OK) {
        xq__image_release(&f.im);
        memset(t, 0, sizeof *t);
        return rc;
    }
    const uint8_t *h = f.im.data;
    t->data = h + EGTB_HEADER_SIZE;
    t->file = f.im;
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
    xq__image_release(&t->file);
    free(t->owned);
    memset(t, 0, sizeof *t);
}
