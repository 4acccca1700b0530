/* SPDX-License-Identifier: MIT */
/* The ECCO table: the names of the 260 codes, the classified positions and
 * their keys in key order. The build writes the arrays (ecco_table.c in the
 * build folder, by cmake/ecco_table.cmake) from data/ecco/ecco-table.tsv,
 * which tools/ecco_table.py makes. */
#ifndef XQ_ECCO_TABLE_H
#define XQ_ECCO_TABLE_H

#include <stdint.h>

enum { XQ__ECCO_CODES = 260 };

typedef struct xq__ecco_name {
    const char *code, *opening, *variation, *opening_traditional, *variation_traditional, *english;
} xq__ecco_name;

typedef struct xq__ecco_entry {
    const char *code;
    int ply, games, agreeing;
    const char *line; /* ICCS moves from the start position */
} xq__ecco_entry;

typedef struct xq__ecco_key {
    uint64_t key;
    int entry; /* index in xq__ecco_entries */
} xq__ecco_key;

extern const xq__ecco_name xq__ecco_names[XQ__ECCO_CODES];
extern const xq__ecco_entry xq__ecco_entries[];
extern const xq__ecco_key xq__ecco_keys[];
extern const int xq__ecco_entry_count; /* of both arrays */

#endif /* XQ_ECCO_TABLE_H */
