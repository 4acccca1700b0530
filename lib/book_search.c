/* The search's use of an opening book: xq_search_set_book() and the hook
 * xq_search_start() calls first, which answers a book position at once. */
#include <string.h>

#include "book_format.h"
#include "search.h"

int xq_search_set_book(xq_search *s, const xq_book *book)
{
    if (!search_ok(s) || (book && !book_ok(book)))
        return XQ_EINVAL;
    pthread_mutex_lock(&s->mu);
    const int searching = s->searching;
    if (!searching)
        s->book = book;
    pthread_mutex_unlock(&s->mu);
    return searching ? XQ_ESTATE : XQ_OK;
}

/* The public form of a compiled rule set (for xq_board_move_banned()). */
static void rules_of(const rules_cfg *cfg, xq_rules *r)
{
    xq_rules_init(r, XQ_RULES_VERSION, cfg->set);
    r->fold = cfg->fold;
    r->ply_limit = cfg->ply_limit;
    r->check_cap = cfg->check_cap;
    r->mate_threat_depth = cfg->threat_depth;
    r->insufficient_material = cfg->insufficient;
}

int xq__book_search_answer(struct xq_search *s, const xq_board *board,
                           const xq_search_limits *lim)
{
    const xq_book *book = s->book;
    if (!book || lim->no_book || lim->infinite || lim->ponder)
        return 0;
    xq_rules rules;
    rules_of(&s->next_rules, &rules);
    xq_book_entry e;
    if (xq__book_choose(book, board, &rules, lim->seed, 0, lim->banmoves, lim->nbanmoves,
                        lim->searchmoves, lim->nsearchmoves, &e) != XQ_OK)
        return 0;
    xq_search_result r;
    memset(&r, 0, sizeof r);
    r.best_move = e.move;
    r.score_kind = XQ_SCORE_CP;
    r.pv_length = 1;
    r.pv[0] = e.move;
    r.book_move = 1;
    /* The expected reply: the heaviest book move after it, if any. */
    xq_board *next;
    if (xq_board_clone(&next, board) == XQ_OK) {
        xq_book_entry reply;
        if (xq_board_make_move(next, e.move) == XQ_OK &&
            xq_book_probe(book, next, &reply, 1) > 0)
            r.ponder_move = reply.move;
        xq_board_free(next);
    }
    pthread_mutex_lock(&s->mu);
    s->result = r;
    s->have_result = 1;
    s->searching = 0; /* release the pool claimed by xq_search_start() */
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return 1;
}
