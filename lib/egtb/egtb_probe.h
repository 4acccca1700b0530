/* SPDX-License-Identifier: MIT */
/* Endgame tables: the table set handle (struct xq_egtb) and the probes the
 * generator, the public API and the search share. */
#ifndef XQ_EGTB_PROBE_H
#define XQ_EGTB_PROBE_H

#include "egtb_file.h"
#include "xiangqi/egtb.h"

#define XQ_EGTB_MAGIC 0x58514554u /* "XQET" */

struct xq_egtb {
    uint32_t magic;
    char *dir;
    int ntables, cap;
    egtb_table **tables;
    int max_pieces; /* most pieces besides the generals in any table */
};

INLINE int egtb_ok(const xq_egtb *tb) { return tb && tb->magic == XQ_EGTB_MAGIC; }

/* The table of canonical material m, or NULL. */
egtb_table *xq__egtb_find(const xq_egtb *tb, const egtb_material *m);
/* Add a table to the set (takes it over); XQ_OK or XQ_ENOMEM. */
int xq__egtb_add(xq_egtb *tb, egtb_table *t);
/* Entry code of position p from its side to move's view, or -1 when no
 * table covers its material. */
int xq__egtb_probe_code(const xq_egtb *tb, const pos_t *p);
/* The moves of root that keep its table result (the best successors by
 * entry code): their number (moves[] gets the first cap of them), or
 * XQ_ENOTFOUND when a table is missing for root or a successor. */
int xq__egtb_best_moves_pos(const xq_egtb *tb, const pos_t *root, xq_move *moves, size_t cap);

/* A new empty table set reading and writing dir (a copy), or NULL when out
 * of memory. */
xq_egtb *xq__egtb_set_new(const char *dir);

#endif
