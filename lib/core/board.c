/* SPDX-License-Identifier: MIT */
/* The public xq_board API: a position with its move history. */
#include "board.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "util/grow.h"

int xq_board_new(xq_board **out, const char *fen, xq_parse_error *err)
{
    if (!out)
        return xq__parse_fail(err, XQ_EINVAL, -1, "output pointer is NULL");
    *out = NULL;
    xq__tables_init();
    xq_board *b = calloc(1, sizeof *b);
    if (!b)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    int rc = xq__fen_parse(fen ? fen : XQ_START_FEN, &b->pos, err);
    if (rc < 0) {
        free(b);
        return rc;
    }
    b->magic = XQ_BOARD_MAGIC;
    *out = b;
    return XQ_OK;
}

int xq_board_clone(xq_board **out, const xq_board *src)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    if (!board_ok(src))
        return XQ_EINVAL;
    xq_board *b = malloc(sizeof *b);
    if (!b)
        return XQ_ENOMEM;
    *b = *src;
    b->hist = NULL;
    b->cap = 0;
    if (src->nhist) {
        b->hist = malloc((size_t)src->nhist * sizeof *b->hist);
        if (!b->hist) {
            free(b);
            return XQ_ENOMEM;
        }
        memcpy(b->hist, src->hist, (size_t)src->nhist * sizeof *b->hist);
        b->cap = src->nhist;
    }
    *out = b;
    return XQ_OK;
}

void xq_board_free(xq_board *b)
{
    if (!board_ok(b))
        return;
    b->magic = 0;
    free(b->hist);
    free(b);
}

int xq_board_set_fen(xq_board *b, const char *fen, xq_parse_error *err)
{
    if (!board_ok(b))
        return xq__parse_fail(err, XQ_EINVAL, -1, "not a board");
    pos_t p;
    int rc = xq__fen_parse(fen ? fen : XQ_START_FEN, &p, err);
    if (rc < 0)
        return rc;
    b->pos = p;
    b->nhist = 0;
    return XQ_OK;
}

int xq_fen_validate(const char *fen, xq_parse_error *err)
{
    if (!fen)
        return xq__parse_fail(err, XQ_EINVAL, -1, "FEN is NULL");
    xq__tables_init();
    pos_t p;
    return xq__fen_parse(fen, &p, err);
}

int xq_fen_problems(const char *fen, xq_parse_error *problems, size_t cap)
{
    if (!fen || (!problems && cap))
        return XQ_EINVAL;
    xq__tables_init();
    return xq__fen_problems(fen, problems, cap);
}

int xq_board_fen(const xq_board *b, char *buf, size_t cap)
{
    if (!board_ok(b) || (!buf && cap))
        return XQ_EINVAL;
    return xq__fen_format(&b->pos, buf, cap);
}

int xq_board_side_to_move(const xq_board *b) { return board_ok(b) ? b->pos.side : XQ_EINVAL; }

int xq_board_piece_at(const xq_board *b, int square)
{
    if (!board_ok(b) || square < 0 || square >= SQ_NB)
        return XQ_EINVAL;
    return b->pos.sq[square];
}

uint64_t xq_board_hash(const xq_board *b) { return board_ok(b) ? b->pos.key : 0; }

int xq_board_in_check(const xq_board *b) { return board_ok(b) ? xq__in_check(&b->pos) : XQ_EINVAL; }

int xq_board_attackers(const xq_board *b, int color, int square, int *squares, size_t cap)
{
    if (!board_ok(b) || (color != RED && color != BLACK) || square < 0 || square >= SQ_NB ||
        (!squares && cap))
        return XQ_EINVAL;
    u128 a = xq__attackers(&b->pos, square, color);
    int n = 0;
    while (a) {
        int s = pop_lsb128(&a);
        if ((size_t)n < cap)
            squares[n] = s;
        n++;
    }
    return n;
}

int xq_board_halfmove_clock(const xq_board *b) { return board_ok(b) ? b->pos.halfmove : XQ_EINVAL; }

int xq_board_fullmove_number(const xq_board *b) { return board_ok(b) ? b->pos.fullmove : XQ_EINVAL; }

int xq_board_ply(const xq_board *b)
{
    return board_ok(b) ? 2 * (b->pos.fullmove - 1) + b->pos.side : XQ_EINVAL;
}

int xq_board_history_size(const xq_board *b) { return board_ok(b) ? b->nhist : XQ_EINVAL; }

int xq_board_history_move(const xq_board *b, int index, xq_move *move, int *captured)
{
    if (!board_ok(b) || index < 0 || index >= b->nhist)
        return XQ_EINVAL;
    if (move)
        *move = b->hist[index].move;
    if (captured)
        *captured = b->hist[index].undo.captured;
    return XQ_OK;
}

int xq__board_repetitions(const xq_board *b)
{
    int n = 0, window = b->pos.halfmove < b->nhist ? b->pos.halfmove : b->nhist;
    for (int d = 2; d <= window; d += 2)
        if (b->hist[b->nhist - d].undo.key == b->pos.key)
            n++;
    return n;
}

int xq_board_repetitions(const xq_board *b)
{
    return board_ok(b) ? xq__board_repetitions(b) : XQ_EINVAL;
}

int xq_board_status(const xq_board *b, int *reason)
{
    if (reason)
        *reason = XQ_REASON_NONE;
    if (!board_ok(b))
        return XQ_EINVAL;
    if (xq__count_legal(&b->pos) > 0)
        return XQ_RESULT_ONGOING;
    if (reason)
        *reason = xq__in_check(&b->pos) ? XQ_REASON_CHECKMATE : XQ_REASON_NO_LEGAL_MOVE;
    return b->pos.side == RED ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS;
}

int xq_board_generate_moves(const xq_board *b, xq_move *moves, size_t cap)
{
    if (!board_ok(b) || (!moves && cap))
        return XQ_EINVAL;
    xq_move tmp[MAX_MOVES];
    int n = xq__gen_legal(&b->pos, tmp, ALL_SQUARES);
    if (moves)
        memcpy(moves, tmp, ((size_t)n < cap ? (size_t)n : cap) * sizeof *tmp);
    return n;
}

int xq_board_is_legal(const xq_board *b, xq_move move)
{
    return board_ok(b) ? xq__is_legal(&b->pos, move) : XQ_EINVAL;
}

int xq_board_make_move(xq_board *b, xq_move move)
{
    if (!board_ok(b))
        return XQ_EINVAL;
    if (!xq__is_legal(&b->pos, move))
        return XQ_EILLEGAL;
    if (XQ__GROW_INT(b->hist, b->cap, b->nhist + 1) != XQ_OK)
        return XQ_ENOMEM;
    hist_entry *e = &b->hist[b->nhist++];
    e->move = move;
    pos_do(&b->pos, move, &e->undo);
    e->check = (uint8_t)xq__in_check(&b->pos);
    return XQ_OK;
}

int xq_board_unmake_move(xq_board *b, xq_move *undone)
{
    if (undone)
        *undone = XQ_MOVE_NONE;
    if (!board_ok(b))
        return XQ_EINVAL;
    if (b->nhist == 0)
        return XQ_ESTATE;
    hist_entry *e = &b->hist[--b->nhist];
    pos_undo(&b->pos, e->move, &e->undo);
    if (undone)
        *undone = e->move;
    return XQ_OK;
}
