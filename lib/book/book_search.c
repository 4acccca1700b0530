/* SPDX-License-Identifier: MIT */
/* The opening book in the search: the hooks of search_addons.h. The search
 * API asks the book first (xq_search_start()); a book move ends the search
 * at once with the pool's xq__pool_finish(). */
#include <string.h>

#include "engine/search_addons.h"

#include "book_format.h"

int xq__book_handle_ok(const xq_book *book) { return book_ok(book); }

int xq__book_search_answer(const xq_book *book, const xq_board *board, const rules_cfg *rules,
                           const xq_search_limits *lim, xq_search_result *out)
{
    if (!book || lim->no_book || lim->infinite || lim->ponder)
        return 0;
    xq_book_entry e;
    if (xq__book_choose(book, board, rules, lim->seed, 0, lim->banmoves, lim->nbanmoves,
                        lim->searchmoves, lim->nsearchmoves, &e) != XQ_OK)
        return 0;
    memset(out, 0, sizeof *out);
    out->best_move = e.move;
    out->score_kind = XQ_SCORE_CP;
    out->pv_length = 1;
    out->pv[0] = e.move;
    out->book_move = 1;
    /* The expected reply: the heaviest book move after it, if any. */
    xq_board *next;
    if (xq_board_clone(&next, board) == XQ_OK) {
        xq_book_entry reply;
        if (xq_board_make_move(next, e.move) == XQ_OK &&
            xq_book_probe(book, next, &reply, 1) > 0)
            out->ponder_move = reply.move;
        xq_board_free(next);
    }
    return 1;
}
