/* SPDX-License-Identifier: MIT */
/* Position helpers: setup (clear, put a piece), the hash from scratch and
 * the consistency check of the redundant fields. */
#include "position.h"

#include <string.h>

void xq__pos_clear(pos_t *p)
{
    memset(p, 0, sizeof *p);
    p->fullmove = 1;
}

void xq__pos_put(pos_t *p, int s, int piece)
{
    int c = PCOLOR(piece);
    p->sq[s] = (uint8_t)piece;
    p->pieces[piece] |= sq_bit(s);
    p->by_color[c] |= sq_bit(s);
    p->rank_occ[sq_rank(s)] |= (uint16_t)(1u << sq_file(s));
    p->file_occ[sq_file(s)] |= (uint16_t)(1u << sq_rank(s));
    p->key ^= xq__T.zobrist[piece][s];
    if (PTYPE(piece) == KING)
        p->king[c] = (uint8_t)s;
}

uint64_t xq__pos_compute_key(const pos_t *p)
{
    uint64_t k = p->side == BLACK ? xq__T.zobrist_side : 0;
    for (int s = 0; s < SQ_NB; s++)
        if (p->sq[s])
            k ^= xq__T.zobrist[p->sq[s]][s];
    return k;
}

int xq__pos_ok(const pos_t *p)
{
    u128 by_color[2] = {0, 0};
    uint16_t ro[RANK_NB] = {0}, fo[FILE_NB] = {0};
    if (p->side > BLACK)
        return 0;
    for (int pc = 0; pc < PIECE_NB; pc++) {
        u128 expect = 0;
        for (int s = 0; s < SQ_NB; s++)
            if (p->sq[s] == pc && pc)
                expect |= sq_bit(s);
        if (p->pieces[pc] != expect)
            return 0;
    }
    for (int s = 0; s < SQ_NB; s++) {
        int pc = p->sq[s];
        if (!pc)
            continue;
        if (PTYPE(pc) == 0 || PCOLOR(pc) > 1)
            return 0;
        by_color[PCOLOR(pc)] |= sq_bit(s);
        ro[sq_rank(s)] |= (uint16_t)(1u << sq_file(s));
        fo[sq_file(s)] |= (uint16_t)(1u << sq_rank(s));
    }
    if (by_color[0] != p->by_color[0] || by_color[1] != p->by_color[1])
        return 0;
    if (memcmp(ro, p->rank_occ, sizeof ro) || memcmp(fo, p->file_occ, sizeof fo))
        return 0;
    for (int c = 0; c < 2; c++)
        if (p->sq[p->king[c]] != MAKE_PIECE(c, KING))
            return 0;
    return p->key == xq__pos_compute_key(p);
}
