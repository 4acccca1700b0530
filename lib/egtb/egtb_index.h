/* SPDX-License-Identifier: MIT */
/* Endgame tables: material signatures and the position index.
 *
 * A table holds one material balance with the stronger side as Red. Its
 * index runs over: side to move, the Red general on the left half of its
 * palace (files d and e: 6 squares; a position with the Red general on file f
 * is mirrored left-right), the Black general on its 9 palace squares, then
 * each group of like pieces on the squares it can stand on (advisors: 5,
 * elephants: 7, soldiers: 55, others: 90); two like pieces are one unordered
 * pair. Index values that put two pieces on one square, or leave the side not
 * to move in check, are illegal and marked as such in the table. */
#ifndef XQ_EGTB_INDEX_H
#define XQ_EGTB_INDEX_H

#include "core/position.h"

/* At most this many like pieces per side and type, and pieces per side. */
enum { EGTB_MAX_LIKE = 2, EGTB_MAX_GROUPS = 8, EGTB_NAME_MAX = 24 };

/* Piece counts by colour and type (index XQ_ADVISOR..XQ_SOLDIER; [0], [1]
 * unused: one general each is implied). */
typedef struct egtb_material {
    uint8_t n[2][8];
} egtb_material;

typedef struct egtb_group {
    uint8_t color, type, count;
    uint8_t nsq;          /* squares of the domain */
    uint32_t size;        /* nsq or nsq*(nsq-1)/2 */
    uint8_t sq[SQ_NB];    /* domain index -> square */
    int8_t idx[SQ_NB];    /* square -> domain index, -1 outside */
} egtb_group;

typedef struct egtb_layout {
    egtb_material mat;    /* canonical: Red is the stronger side */
    char name[EGTB_NAME_MAX];
    int ngroups;
    egtb_group g[EGTB_MAX_GROUPS];
    uint64_t half;        /* entries per side to move */
    uint64_t size;        /* 2 * half */
} egtb_layout;

/* Material of a position (pieces other than the generals). */
void xq__egtb_material_of(const pos_t *p, egtb_material *m);
/* Whether m must be colour-flipped to be canonical (Black stronger). */
int xq__egtb_material_flip(const egtb_material *m);
/* m with the colours swapped. */
void xq__egtb_material_swap(const egtb_material *m, egtb_material *out);
/* Total pieces besides the generals. */
int xq__egtb_material_count(const egtb_material *m);
/* Name "KRKAA" (FEN letters, strong side first) of canonical material. */
void xq__egtb_material_name(const egtb_material *m, char *buf, size_t cap);
/* Parse "KRKAA" (letters R N/H C P A B/E; either side first); canonical
 * result. XQ_OK or XQ_EPARSE (message in err). */
int xq__egtb_material_parse(const char *text, egtb_material *m, xq_parse_error *err);
int xq__egtb_material_eq(const egtb_material *a, const egtb_material *b);

/* Build the layout of canonical material; XQ_EINVAL if not indexable
 * (more than two like pieces). */
int xq__egtb_layout_init(egtb_layout *L, const egtb_material *m);

/* Index of p in L, seen with colours swapped when flip is set (p's material
 * must be L's, after the swap). Returns -1 if a piece is off its domain. */
int64_t xq__egtb_encode(const egtb_layout *L, const pos_t *p, int flip);
/* Position of an index. Returns 0 for an illegal index (two pieces on one
 * square, or the side not to move in check), 1 otherwise. */
int xq__egtb_decode(const egtb_layout *L, uint64_t index, pos_t *p);

#endif
