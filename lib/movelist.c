/* xq_movelist: a move array behind a handle, for bindings. */
#include <stdlib.h>

#include "board.h"
#include "movegen.h"

#define XQ_MOVELIST_MAGIC 0x58514D4Cu /* "XQML" */

struct xq_movelist {
    uint32_t magic;
    int n;
    xq_move moves[MAX_MOVES];
};

static int list_ok(const xq_movelist *l) { return l && l->magic == XQ_MOVELIST_MAGIC; }

int xq_movelist_new(xq_movelist **out)
{
    if (!out)
        return XQ_EINVAL;
    *out = calloc(1, sizeof **out);
    if (!*out)
        return XQ_ENOMEM;
    (*out)->magic = XQ_MOVELIST_MAGIC;
    return XQ_OK;
}

void xq_movelist_free(xq_movelist *l)
{
    if (!list_ok(l))
        return;
    l->magic = 0;
    free(l);
}

int xq_movelist_size(const xq_movelist *l) { return list_ok(l) ? l->n : XQ_EINVAL; }

xq_move xq_movelist_get(const xq_movelist *l, int index)
{
    if (!list_ok(l) || index < 0 || index >= l->n)
        return XQ_MOVE_NONE;
    return l->moves[index];
}

int xq_board_legal_moves(const xq_board *b, xq_movelist *l)
{
    if (!board_ok(b) || !list_ok(l))
        return XQ_EINVAL;
    l->n = xq__gen_legal(&b->pos, l->moves, ALL_SQUARES);
    return l->n;
}
