/* SPDX-License-Identifier: MIT */
/* xq-uci: moves as the GUI writes them, ICCS with ranks 0-9 or, after
 * setoption Ranks 1-10, ranks 1-10 (a10a9). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "uci.h"

/* A move as the GUI reads it: ICCS, ranks 0-9, or ranks 1-10 (a10a9) after
 * setoption Ranks 1-10. buf holds MOVE_TEXT_MAX bytes. */
void format_move(const engine *e, xq_move m, char *buf)
{
    if (!m || xq_move_format(m, buf, XQ_MOVE_STR_MAX) < 0) {
        strcpy(buf, "0000");
        return;
    }
    if (e->ranks1) {
        const int sq[2] = {xq_move_from(m), xq_move_to(m)};
        size_t n = 0;
        for (int k = 0; k < 2; k++) {
            const int rank = xq_square_rank(sq[k]) + 1; /* 1..10 */
            buf[n++] = (char)('a' + xq_square_file(sq[k]));
            if (rank == 10)
                buf[n++] = '1';
            buf[n++] = (char)('0' + rank % 10);
        }
        buf[n] = 0;
    }
}

/* One square of a 1-10 move ("a10"); the text after it, or NULL. */
static const char *parse_square1(const char *s, int *sq)
{
    if (*s < 'a' || *s > 'i' || !isdigit((unsigned char)s[1]))
        return NULL;
    int file = *s - 'a', rank = s[1] - '0';
    s += 2;
    if (rank == 1 && *s == '0') {
        rank = 10;
        s++;
    }
    if (rank < 1 || rank > 10)
        return NULL;
    *sq = xq_square(file, rank - 1);
    return s;
}

/* A move from the GUI in the numbering chosen with option Ranks; XQ_OK or
 * XQ_EPARSE (not a move). Legality is the board's business. */
int parse_move(const engine *e, const char *text, xq_move *out)
{
    if (!e->ranks1)
        return xq_move_parse(text, out);
    int from, to;
    const char *s = parse_square1(text, &from);
    s = s ? parse_square1(s, &to) : NULL;
    if (!s || *s)
        return XQ_EPARSE;
    *out = xq_move_make(from, to);
    return *out ? XQ_OK : XQ_EPARSE;
}
