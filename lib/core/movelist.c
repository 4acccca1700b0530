/* SPDX-License-Identifier: MIT */
/* xq_movelist: the legal moves of a position, kept with a copy of that
 * position so that they can be filtered, tested and written as text. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "notation.h"

#define XQ_MOVELIST_MAGIC 0x58514D4Cu /* "XQML" */
#define KINDS_ALL (XQ_MOVES_CAPTURES | XQ_MOVES_QUIET | XQ_MOVES_CHECKS)

struct xq_movelist {
    uint32_t magic;
    int n;
    pos_t pos; /* the position the moves were generated in */
    xq_move moves[MAX_MOVES];
};

static int list_ok(const xq_movelist *l) { return l && l->magic == XQ_MOVELIST_MAGIC; }

static int index_ok(const xq_movelist *l, int index)
{
    return list_ok(l) && index >= 0 && index < l->n;
}

int xq_movelist_new(xq_movelist **out)
{
    if (!out)
        return XQ_EINVAL;
    *out = calloc(1, sizeof **out);
    if (!*out)
        return XQ_ENOMEM;
    (*out)->magic = XQ_MOVELIST_MAGIC;
    if (xq__fen_parse(XQ_START_FEN, &(*out)->pos, NULL) != XQ_OK) {
        free(*out);
        *out = NULL;
        return XQ_ENOMEM; /* cannot happen: the start FEN is valid */
    }
    return XQ_OK;
}

int xq_movelist_clone(xq_movelist **out, const xq_movelist *src)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    if (!list_ok(src))
        return XQ_EINVAL;
    *out = malloc(sizeof **out);
    if (!*out)
        return XQ_ENOMEM;
    **out = *src;
    return XQ_OK;
}

void xq_movelist_free(xq_movelist *l)
{
    if (!list_ok(l))
        return;
    l->magic = 0;
    free(l);
}

int xq_board_legal_moves(const xq_board *b, xq_movelist *l)
{
    if (!board_ok(b) || !list_ok(l))
        return XQ_EINVAL;
    l->pos = b->pos;
    l->n = xq__gen_legal(&l->pos, l->moves, ALL_SQUARES);
    return l->n;
}

int xq_movelist_size(const xq_movelist *l) { return list_ok(l) ? l->n : XQ_EINVAL; }

xq_move xq_movelist_get(const xq_movelist *l, int index)
{
    return index_ok(l, index) ? l->moves[index] : XQ_MOVE_NONE;
}

int xq_movelist_index(const xq_movelist *l, xq_move move)
{
    if (!list_ok(l))
        return XQ_EINVAL;
    for (int i = 0; i < l->n; i++)
        if (l->moves[i] == move)
            return i;
    return XQ_ENOTFOUND;
}

static int matches(const pos_t *p, xq_move m, int from, int to, int type, unsigned kinds)
{
    const int pc = p->sq[MOVE_FROM(m)];
    if ((from >= 0 && MOVE_FROM(m) != from) || (to >= 0 && MOVE_TO(m) != to) ||
        (type >= 0 && PTYPE(pc) != type))
        return 0;
    const int capture = p->sq[MOVE_TO(m)] != 0;
    const unsigned by_capture = kinds & (XQ_MOVES_CAPTURES | XQ_MOVES_QUIET);
    if (by_capture && !(kinds & (capture ? XQ_MOVES_CAPTURES : XQ_MOVES_QUIET)))
        return 0;
    return !(kinds & XQ_MOVES_CHECKS) || xq__gives_check(p, m);
}

int xq_movelist_filter(xq_movelist *l, int from, int to, int piece_type, unsigned int kinds)
{
    if (!list_ok(l) || from < -1 || from >= SQ_NB || to < -1 || to >= SQ_NB || piece_type < -1 ||
        piece_type > XQ_SOLDIER || piece_type == 0 || (kinds & ~(unsigned)KINDS_ALL))
        return XQ_EINVAL;
    int n = 0;
    for (int i = 0; i < l->n; i++)
        if (matches(&l->pos, l->moves[i], from, to, piece_type, kinds))
            l->moves[n++] = l->moves[i];
    l->n = n;
    return n;
}

int xq_movelist_is_capture(const xq_movelist *l, int index)
{
    if (!index_ok(l, index))
        return XQ_EINVAL;
    return l->pos.sq[MOVE_TO(l->moves[index])] != 0;
}

int xq_movelist_gives_check(const xq_movelist *l, int index)
{
    if (!index_ok(l, index))
        return XQ_EINVAL;
    return xq__gives_check(&l->pos, l->moves[index]) != 0;
}

int xq_movelist_text(const xq_movelist *l, int index, int notation, unsigned int flags, char *buf,
                     size_t cap)
{
    if (!index_ok(l, index) || (!buf && cap) || notation < XQ_NOTATION_ICCS ||
        notation > XQ_NOTATION_CHINESE)
        return XQ_EINVAL;
    return xq__move_to_text(&l->pos, l->moves[index], notation, flags, buf, cap);
}

int xq_movelist_find(const xq_movelist *l, const char *text, int notation, unsigned int flags,
                     int *index, xq_parse_error *err)
{
    if (index)
        *index = -1;
    if (!list_ok(l) || !text || notation < XQ_NOTATION_AUTO || notation > XQ_NOTATION_CHINESE)
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    xq_move m;
    int rc = xq__move_from_text(&l->pos, text, strlen(text), notation, flags, &m, err);
    if (rc != XQ_OK)
        return rc;
    int i = xq_movelist_index(l, m);
    if (i < 0)
        return xq__parse_fail(err, XQ_ENOTFOUND, 0, "'%.40s' is legal but not in the list", text);
    if (index)
        *index = i;
    return XQ_OK;
}

int xq_movelist_fen(const xq_movelist *l, char *buf, size_t cap)
{
    if (!list_ok(l) || (!buf && cap))
        return XQ_EINVAL;
    return xq__fen_format(&l->pos, buf, cap);
}
