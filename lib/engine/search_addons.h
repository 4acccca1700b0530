/* SPDX-License-Identifier: MIT */
/* The engine's add-ons: what the search asks of an opening book and of
 * endgame tables. Declared on the engine's side and defined by the add-ons
 * (book_search.c, egtb_search.c), which take a position and return a plain
 * answer: they include nothing of the search and never touch the search
 * handle, its workers or the thread pool's state. */
#ifndef XQ_SEARCH_ADDONS_H
#define XQ_SEARCH_ADDONS_H

#include "xiangqi/book.h"
#include "xiangqi/egtb.h"
#include "xiangqi/search.h"

#include "core/position.h"
#include "core/rules.h"

/* ---- the opening book (book_search.c) ---- */

/* Nonzero for a valid book handle. */
int xq__book_handle_ok(const xq_book *book);
/* The book's answer to a search of `board` under the validated limits and
 * the compiled rules: when the limits allow a book move (no no_book,
 * infinite or ponder) and the book has one that the rules, banmoves and
 * searchmoves allow, fills *out as a finished search (the move, the
 * expected reply as ponder move, book_move set) and returns 1; else 0. */
int xq__book_search_answer(const xq_book *book, const xq_board *board, const rules_cfg *rules,
                           const xq_search_limits *lim, xq_search_result *out);

/* ---- the endgame tables (egtb_search.c) ---- */

/* Nonzero for a valid table set handle. */
int xq__egtb_handle_ok(const xq_egtb *tb);
/* The moves of pos that keep its table result (DTM-optimal) when a table of
 * tb holds it: their number (at most cap); 0 or less when none does. */
int xq__egtb_root_moves(const xq_egtb *tb, const pos_t *pos, xq_move *moves, int cap);
/* The exact score of pos at `ply` plies from the root from the tables (a
 * mate as the search's mate_in()/mated_in() within its range, see
 * egtb_search.c): 1 with *value set when a table holds pos, else 0. */
int xq__egtb_search_probe(const xq_egtb *tb, const pos_t *pos, int ply, int *value);

#endif
