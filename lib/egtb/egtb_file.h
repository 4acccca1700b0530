/* SPDX-License-Identifier: MIT */
/* Endgame tables: one table in memory or mapped from its file, and the file
 * format (docs/endgames.md "File format"). */
#ifndef XQ_EGTB_FILE_H
#define XQ_EGTB_FILE_H

#include <stddef.h>

#include "util/bytes.h"
#include "util/file.h"
#include "egtb_index.h"

/* Entry codes, from the side to move's view (16-bit form; 8-bit files use
 * the same scheme with 0xFF, 0xFE, 0xFD at the top). */
enum {
    EGTB_DRAW = 0,             /* neither side can force mate */
    EGTB_ILLEGAL = 0xFFFF,     /* not a position (see egtb_index.h) */
    EGTB_RULE_WIN = 0xFFFE,    /* won by the perpetual-check rule (no DTM) */
    EGTB_RULE_LOSS = 0xFFFD,   /* lost by the perpetual-check rule (no DTM) */
    EGTB_DTM_MAX = 0xFFFB      /* codes 1..DTM_MAX+1: mate distance d = code-1;
                                  d odd: the side to move mates, even: it is mated */
};

enum {
    EGTB_FORMAT_VERSION = 1,
    EGTB_HEADER_SIZE = 128,
    EGTB_OFF_DATA_SUM = 104,  /* u64 FNV-1a 64 of the entries */
    EGTB_OFF_HEADER_SUM = 120 /* u64 FNV-1a 64 of the header's bytes before it */
};
/* Longest path of a table file (directory, '/', name and EGTB_SUFFIX); a
 * longer one is refused with "directory name too long". */
enum { EGTB_PATH_MAX = 4096 };
#define EGTB_MAGIC "XQEGTB\x1a\n"
#define EGTB_SUFFIX ".xqtb"

/* Header flags. */
enum { EGTB_FLAG_PERPETUAL_RULE = 1 };

typedef struct egtb_table {
    egtb_layout L;
    int width;               /* bytes per entry: 1 or 2 */
    const uint8_t *data;     /* entries, little-endian */
    uint16_t *owned;         /* generated in memory (width 2) */
    xq__image file;          /* the whole file, mapped (empty when generated) */
    uint32_t max_dtm, flags;
    uint64_t wins, draws, losses, illegal;
    uint64_t rule_wins, rule_losses; /* of wins and losses: by the perpetual-check rule */
} egtb_table;

INLINE int egtb_code_is_dtm(unsigned c) { return c != EGTB_DRAW && c <= EGTB_DTM_MAX + 1u; }

/* 16-bit entry code of an index. */
INLINE unsigned xq__egtb_get(const egtb_table *t, uint64_t i)
{
    if (t->width == 2)
        return t->owned ? t->owned[i] : xq__rd16(t->data + 2 * i);
    unsigned c = t->data[i];
    return c >= 0xFD ? c | 0xFF00u : c;
}

/* Map and check a table file (lib/util/file.h): magic, version, header
 * checksum, width, name and material, size, data checksum. XQ_OK, XQ_EIO
 * (cannot open or map; the message has the reason), XQ_EPARSE (not a
 * table, truncated, wrong size, corrupted; the message says which) or
 * XQ_EVERSION (another format version); t is cleared on failure. */
int xq__egtb_file_open(egtb_table *t, const char *path, xq_parse_error *err);
/* Write the table in t (owned 16-bit values) to path, 1 byte per entry when
 * every code fits. Counts and max_dtm are computed here. */
int xq__egtb_file_write(egtb_table *t, const char *path, xq_parse_error *err);
/* Release the mapping or the owned values. */
void xq__egtb_table_release(egtb_table *t);
/* Compute wins/draws/losses/illegal and max_dtm of t. */
void xq__egtb_table_count(egtb_table *t);

#endif
