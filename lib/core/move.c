/* SPDX-License-Identifier: MIT */
/* Squares, piece codes and coordinate (ICCS) moves. */
#include <string.h>

#include "types.h"

int xq_square(int file, int rank)
{
    if (file < 0 || file >= FILE_NB || rank < 0 || rank >= RANK_NB)
        return XQ_EINVAL;
    return make_sq(file, rank);
}

int xq_square_file(int square) { return square >= 0 && square < SQ_NB ? sq_file(square) : XQ_EINVAL; }

int xq_square_rank(int square) { return square >= 0 && square < SQ_NB ? sq_rank(square) : XQ_EINVAL; }

static int piece_valid(int piece) { return piece >= 1 && piece < PIECE_NB && PTYPE(piece) != 0; }

int xq_piece(int color, int type)
{
    if (color < RED || color > BLACK || type < KING || type > PAWN)
        return XQ_EINVAL;
    return MAKE_PIECE(color, type);
}

int xq_piece_type_of(int piece) { return piece_valid(piece) ? PTYPE(piece) : XQ_EINVAL; }

int xq_piece_color_of(int piece) { return piece_valid(piece) ? PCOLOR(piece) : XQ_EINVAL; }

int xq_piece_char(int piece)
{
    static const char letters[] = " KABNRCP kabnrcp";
    return piece_valid(piece) ? letters[piece] : XQ_EINVAL;
}

static int move_valid(xq_move m)
{
    return !(m & 0xC000) && MOVE_FROM(m) < SQ_NB && MOVE_TO(m) < SQ_NB && MOVE_FROM(m) != MOVE_TO(m);
}

xq_move xq_move_make(int from, int to)
{
    if (from < 0 || from >= SQ_NB || to < 0 || to >= SQ_NB || from == to)
        return XQ_MOVE_NONE;
    return MAKE_MOVE(from, to);
}

int xq_move_from(xq_move m) { return move_valid(m) ? MOVE_FROM(m) : XQ_EINVAL; }

int xq_move_to(xq_move m) { return move_valid(m) ? MOVE_TO(m) : XQ_EINVAL; }

/* One square "e2" / "E2" at t; returns the square or -1. */
static int parse_square(const char *t)
{
    int f;
    if (t[0] >= 'a' && t[0] <= 'i')
        f = t[0] - 'a';
    else if (t[0] >= 'A' && t[0] <= 'I')
        f = t[0] - 'A';
    else
        return -1;
    if (t[1] < '0' || t[1] > '9')
        return -1;
    return make_sq(f, t[1] - '0');
}

int xq_move_parse(const char *text, xq_move *out)
{
    if (!out)
        return XQ_EINVAL;
    *out = XQ_MOVE_NONE;
    if (!text)
        return XQ_EINVAL;
    size_t n = strlen(text);
    if (n != 4 && n != 5)
        return XQ_EPARSE;
    int from = parse_square(text);
    if (from < 0)
        return XQ_EPARSE;
    if (n == 5 && text[2] != '-')
        return XQ_EPARSE;
    int to = parse_square(text + (n == 5 ? 3 : 2));
    if (to < 0 || to == from)
        return XQ_EPARSE;
    *out = MAKE_MOVE(from, to);
    return XQ_OK;
}

int xq_move_format(xq_move m, char *buf, size_t cap)
{
    if (!move_valid(m) || (!buf && cap))
        return XQ_EINVAL;
    char tmp[5] = {(char)('a' + sq_file(MOVE_FROM(m))), (char)('0' + sq_rank(MOVE_FROM(m))),
                   (char)('a' + sq_file(MOVE_TO(m))), (char)('0' + sq_rank(MOVE_TO(m))), 0};
    if (cap) {
        size_t k = cap - 1 < 4 ? cap - 1 : 4;
        memcpy(buf, tmp, k);
        buf[k] = 0;
    }
    return 4;
}
