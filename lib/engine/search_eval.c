/* SPDX-License-Identifier: MIT */
/* The search's evaluation: hand-written or a net (include/xiangqi/search.h,
 * xq_search_set_eval() and the net loaders). */
#include <inttypes.h>
#include <stdio.h>

#include "core/board.h"
#include "search.h"
#include "thread.h"

/* Replaces the handle's own net by net (which it now owns) and uses it. */
static void adopt(struct xq_search *s, nnue_net *net)
{
    xq__nnue_free(s->own_net);
    s->own_net = net;
    s->net = net;
}

int xq_search_set_eval(xq_search *s, int kind)
{
    if (!search_ok(s) || (kind != XQ_EVAL_CLASSICAL && kind != XQ_EVAL_NNUE))
        return XQ_EINVAL;
    if (xq__pool_busy(s))
        return XQ_ESTATE;
    if (kind == XQ_EVAL_CLASSICAL) {
        s->net = NULL;
        return XQ_OK;
    }
    const nnue_net *net = s->own_net ? s->own_net : xq__nnue_default();
    if (!net)
        return XQ_ENOTFOUND;
    s->net = net;
    return XQ_OK;
}

int xq_search_get_eval(const xq_search *s)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    return s->net ? XQ_EVAL_NNUE : XQ_EVAL_CLASSICAL;
}

int xq_search_load_net(xq_search *s, const char *path, xq_parse_error *err)
{
    if (!search_ok(s))
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    if (xq__pool_busy(s))
        return xq__parse_fail(err, XQ_ESTATE, -1, "a search is running");
    if (!path) { /* forget the loaded net */
        const int nnue = s->net != NULL;
        xq__nnue_free(s->own_net);
        s->own_net = NULL;
        s->net = nnue ? xq__nnue_default() : NULL;
        return XQ_OK;
    }
    nnue_net *net;
    const int rc = xq__nnue_load(&net, path, err);
    if (rc == XQ_OK)
        adopt(s, net);
    return rc;
}

int xq_search_load_net_memory(xq_search *s, const void *data, size_t size, xq_parse_error *err)
{
    if (!search_ok(s) || (!data && size))
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    if (xq__pool_busy(s))
        return xq__parse_fail(err, XQ_ESTATE, -1, "a search is running");
    nnue_net *net;
    const int rc = xq__nnue_read(&net, data ? data : (const void *)"", size, NULL, err);
    if (rc == XQ_OK)
        adopt(s, net);
    return rc;
}

int xq_search_net_info(const xq_search *s, char *buf, size_t cap)
{
    if (!search_ok(s) || (!buf && cap))
        return XQ_EINVAL;
    const nnue_net *net = s->own_net ? s->own_net : xq__nnue_default();
    if (!net)
        return XQ_ENOTFOUND;
    return snprintf(buf, cap, "%016" PRIx64 " %s", net->checksum, net->description);
}

int xq_search_evaluate(const xq_search *s, const xq_board *board, int32_t *cp)
{
    if (!search_ok(s) || !board_ok(board) || !cp)
        return XQ_EINVAL;
    if (!s->net) {
        *cp = xq__evaluate(&board->pos);
        return XQ_OK;
    }
    nnue_acc acc;
    xq__nnue_refresh(s->net, &board->pos, &acc);
    const int v = xq__nnue_evaluate(s->net, &board->pos, &acc);
    *cp = v > EVAL_MAX ? EVAL_MAX : v < -EVAL_MAX ? -EVAL_MAX : v;
    return XQ_OK;
}
