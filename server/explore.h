/* SPDX-License-Identifier: MIT */
/* The opening explorer: the book's moves, the ECCO opening, the tables' verdict. */
#ifndef XQ_SERVER_EXPLORE_H
#define XQ_SERVER_EXPLORE_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "net.h"

void cmd_explore(conn *c, json_t *m, json_t *id);
/* Open the book and the tables of g_cfg: 0, or -1 with a message (a book or
 * tables asked for by name that cannot be read; a missing default book is not
 * an error: the explorer then answers book_unavailable). */
int explore_init(char *err, size_t cap);
void explore_shutdown(void);
void explore_describe(FILE *f); /* the start-up banner's lines */
/* Whether the explorer has an opening book, and endgame tables (welcome). */
int explore_has_book(void);
int explore_has_tables(void);

#endif
