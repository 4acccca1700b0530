/* Endgame tables in the search: the two hooks search.c calls (one in the
 * root setup, one per interior node). */
#ifndef XQ_EGTB_SEARCH_H
#define XQ_EGTB_SEARCH_H

#include "search.h"

/* Keep only the root moves that hold the table result (DTM-optimal) when the
 * root position is in a table of s->egtb. */
void xq__egtb_root_filter(worker *w);
/* Exact score of the worker's position at `ply` from the tables; returns 1
 * and sets *value when the position is in a table. */
int xq__egtb_search_probe(const worker *w, int ply, int *value);

#endif
