/* SPDX-License-Identifier: MIT */
/* Static exchange evaluation and the staged move picker (see movepick.h). */
#include "movepick.h"

#include "eval.h"
#include "core/movegen.h"

/* ---- static exchange evaluation ---- */

/* Pieces of colour c attacking square s, given the occupancy occ and the
 * occupancy of s's rank (ro, 9 bits) and file (fo, 10 bits). Pieces not in
 * occ have been exchanged off. Pins are ignored. */
static u128 attackers_of(const pos_t *p, int s, int c, u128 occ, unsigned ro, unsigned fo)
{
    const int f = sq_file(s), r = sq_rank(s);
    const u128 rook = rank_bits(r, xq__T.rook_rank[f][ro]) | file_bits(f, xq__T.rook_file[r][fo]);
    const u128 cannon =
        rank_bits(r, xq__T.cannon_rank[f][ro]) | file_bits(f, xq__T.cannon_file[r][fo]);
    const int d4 = diag4_index(occ, s);
    u128 a = (rook & pos_pieces(p, c, CHARIOT)) | (cannon & pos_pieces(p, c, CANNON)) |
             (xq__T.horse_from[s][d4] & pos_pieces(p, c, HORSE)) |
             (xq__T.pawn_from[c][s] & pos_pieces(p, c, PAWN)) |
             (xq__T.advisor_to[s] & pos_pieces(p, c, ADVISOR)) |
             (xq__T.elephant_to[s][d4] & pos_pieces(p, c, ELEPHANT)) |
             (xq__T.king_to[s] & pos_pieces(p, c, KING));
    return a & occ;
}

int xq__see_ge(const pos_t *p, xq_move m, int threshold)
{
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    const int tf = sq_file(to), tr = sq_rank(to);
    int swap = xq__see_value[PTYPE(p->sq[to])] - threshold;
    if (swap < 0)
        return 0;
    swap = xq__see_value[PTYPE(p->sq[from])] - swap;
    if (swap <= 0)
        return 1;

    u128 occ = pos_occ(p) ^ sq_bit(from);
    unsigned ro = p->rank_occ[tr], fo = p->file_occ[tf];
    if (sq_rank(from) == tr)
        ro &= ~(1u << sq_file(from));
    if (sq_file(from) == tf)
        fo &= ~(1u << sq_rank(from));
    ro |= 1u << tf;
    fo |= 1u << tr;

    int stm = PCOLOR(p->sq[from]), res = 1;
    for (;;) {
        stm ^= 1;
        u128 att = attackers_of(p, to, stm, occ, ro, fo);
        if (!att)
            break;
        res ^= 1;
        /* Least valuable attacker first. */
        static const int order[7] = {PAWN, ADVISOR, ELEPHANT, HORSE, CANNON, CHARIOT, KING};
        int ty = KING, s = -1;
        for (int i = 0; i < 7; i++) {
            u128 b = att & pos_pieces(p, stm, order[i]);
            if (b) {
                ty = order[i];
                s = lsb128(b);
                break;
            }
        }
        if (ty == KING) {
            /* The general may only take if nothing can take it back. */
            if (attackers_of(p, to, stm ^ 1, occ, ro, fo))
                res ^= 1;
            break;
        }
        if ((swap = xq__see_value[ty] - swap) < res)
            break;
        occ ^= sq_bit(s);
        if (sq_rank(s) == tr)
            ro &= ~(1u << sq_file(s));
        if (sq_file(s) == tf)
            fo &= ~(1u << sq_rank(s));
    }
    return res;
}

/* ---- move picker ---- */

enum {
    ST_TT, ST_CAPT_INIT, ST_CAPT_GOOD, ST_KILLER0, ST_KILLER1, ST_COUNTER, ST_QUIET_INIT,
    ST_QUIET, ST_BAD, ST_DONE,
    ST_EV_TT, ST_EV_INIT, ST_EV,
    ST_QS_TT, ST_QS_INIT, ST_QS
};

void xq__mp_init(movepick *mp, const pos_t *p, const histories *h,
                 cont_row_t *const cont[MP_CONT_PLIES], xq_move tt_move,
                 const xq_move killer[2], xq_move counter, int in_check)
{
    mp->p = p;
    mp->h = h;
    for (int i = 0; i < MP_CONT_PLIES; i++)
        mp->cont[i] = cont[i];
    mp->tt_move = tt_move && xq__is_legal(p, tt_move) ? tt_move : XQ_MOVE_NONE;
    mp->killer[0] = killer[0];
    mp->killer[1] = killer[1];
    mp->counter = counter;
    mp->cur = mp->end = mp->nbad = mp->cur_bad = 0;
    mp->stage = in_check ? ST_EV_TT : ST_TT;
    if (!mp->tt_move)
        mp->stage++;
}

void xq__mp_init_qs(movepick *mp, const pos_t *p, const histories *h, xq_move tt_move,
                    int in_check)
{
    mp->p = p;
    mp->h = h;
    for (int i = 0; i < MP_CONT_PLIES; i++)
        mp->cont[i] = NULL;
    mp->killer[0] = mp->killer[1] = mp->counter = XQ_MOVE_NONE;
    mp->cur = mp->end = mp->nbad = mp->cur_bad = 0;
    if (tt_move && xq__is_legal(p, tt_move) && (in_check || p->sq[MOVE_TO(tt_move)]))
        mp->tt_move = tt_move;
    else
        mp->tt_move = XQ_MOVE_NONE;
    mp->stage = in_check ? ST_EV_TT : ST_QS_TT;
    if (!mp->tt_move)
        mp->stage++;
}

INLINE int quiet_score(const movepick *mp, xq_move m)
{
    const pos_t *p = mp->p;
    const int from = MOVE_FROM(m), to = MOVE_TO(m), pc = p->sq[from];
    int v = mp->h->main[p->side][from][to];
    for (int i = 0; i < MP_CONT_PLIES; i++)
        if (mp->cont[i])
            v += (*mp->cont[i])[pc][to];
    return v;
}

INLINE int capture_score(const movepick *mp, xq_move m)
{
    const pos_t *p = mp->p;
    const int from = MOVE_FROM(m), to = MOVE_TO(m), cap = p->sq[to];
    return 8 * xq__see_value[PTYPE(cap)] + mp->h->capture[p->sq[from]][to][PTYPE(cap)] / 8;
}

/* Generate into mp->moves with targets, dropping the moves in skip[0..nskip). */
static void gen(movepick *mp, u128 targets, const xq_move *skip, int nskip)
{
    int n = xq__gen_legal(mp->p, mp->moves, targets), k = 0;
    for (int i = 0; i < n; i++) {
        xq_move m = mp->moves[i];
        int dup = 0;
        for (int j = 0; j < nskip; j++)
            dup |= m == skip[j];
        if (!dup)
            mp->moves[k++] = m;
    }
    mp->cur = 0;
    mp->end = k;
}

/* Index of the best-scored move in [cur, end), swapped to cur. */
INLINE xq_move pick_best(movepick *mp)
{
    int best = mp->cur;
    for (int i = mp->cur + 1; i < mp->end; i++)
        if (mp->score[i] > mp->score[best])
            best = i;
    xq_move m = mp->moves[best];
    int sc = mp->score[best];
    mp->moves[best] = mp->moves[mp->cur];
    mp->score[best] = mp->score[mp->cur];
    mp->moves[mp->cur] = m;
    mp->score[mp->cur] = sc;
    mp->cur++;
    return m;
}

/* A killer or counter move: legal, quiet and not returned before. */
INLINE int special_ok(const movepick *mp, xq_move m, int upto)
{
    if (!m || m == mp->tt_move)
        return 0;
    if (upto >= 1 && m == mp->killer[0])
        return 0;
    if (upto >= 2 && m == mp->killer[1])
        return 0;
    return xq__is_legal(mp->p, m) && !mp->p->sq[MOVE_TO(m)];
}

xq_move xq__mp_next(movepick *mp, int skip_quiets)
{
    const pos_t *p = mp->p;
    for (;;) {
        switch (mp->stage) {
        case ST_TT:
        case ST_EV_TT:
        case ST_QS_TT:
            mp->stage++;
            return mp->tt_move;

        case ST_CAPT_INIT:
        case ST_QS_INIT:
            gen(mp, p->by_color[p->side ^ 1], &mp->tt_move, 1);
            for (int i = 0; i < mp->end; i++)
                mp->score[i] = capture_score(mp, mp->moves[i]);
            mp->stage++;
            break;

        case ST_CAPT_GOOD:
            while (mp->cur < mp->end) {
                xq_move m = pick_best(mp);
                if (xq__see_ge(p, m, 0))
                    return m;
                mp->bad[mp->nbad++] = m;
            }
            mp->stage++;
            break;

        case ST_KILLER0:
            mp->stage++;
            if (special_ok(mp, mp->killer[0], 0) &&
                (!skip_quiets || xq__gives_check(p, mp->killer[0])))
                return mp->killer[0];
            mp->killer[0] = XQ_MOVE_NONE;
            break;
        case ST_KILLER1:
            mp->stage++;
            if (special_ok(mp, mp->killer[1], 1) &&
                (!skip_quiets || xq__gives_check(p, mp->killer[1])))
                return mp->killer[1];
            mp->killer[1] = XQ_MOVE_NONE;
            break;
        case ST_COUNTER:
            mp->stage++;
            if (special_ok(mp, mp->counter, 2) &&
                (!skip_quiets || xq__gives_check(p, mp->counter)))
                return mp->counter;
            mp->counter = XQ_MOVE_NONE;
            break;

        case ST_QUIET_INIT:
            {
                xq_move skip[4] = {mp->tt_move, mp->killer[0], mp->killer[1], mp->counter};
                gen(mp, ~pos_occ(p) & ALL_SQUARES, skip, 4);
            }
            /* Insertion sort, best first. */
            for (int i = 0; i < mp->end; i++) {
                xq_move m = mp->moves[i];
                int sc = quiet_score(mp, m), j = i;
                for (; j > 0 && mp->score[j - 1] < sc; j--) {
                    mp->moves[j] = mp->moves[j - 1];
                    mp->score[j] = mp->score[j - 1];
                }
                mp->moves[j] = m;
                mp->score[j] = sc;
            }
            mp->stage++;
            break;

        case ST_QUIET:
            /* Skipping quiet moves still leaves the checks: in Xiangqi a
             * quiet check (a cannon finding its screen) is often the mate. */
            while (mp->cur < mp->end) {
                xq_move m = mp->moves[mp->cur++];
                if (!skip_quiets || xq__gives_check(p, m))
                    return m;
            }
            mp->stage++;
            break;

        case ST_BAD:
            if (mp->cur_bad < mp->nbad)
                return mp->bad[mp->cur_bad++];
            mp->stage = ST_DONE;
            break;

        case ST_EV_INIT:
            gen(mp, ALL_SQUARES, &mp->tt_move, 1);
            for (int i = 0; i < mp->end; i++) {
                xq_move m = mp->moves[i];
                int cap = p->sq[MOVE_TO(m)];
                mp->score[i] = cap ? (1 << 20) + 8 * xq__see_value[PTYPE(cap)] -
                                         xq__see_value[PTYPE(p->sq[MOVE_FROM(m)])] / 16
                                   : quiet_score(mp, m);
            }
            mp->stage++;
            break;

        case ST_EV:
        case ST_QS:
            if (mp->cur < mp->end)
                return pick_best(mp);
            mp->stage = ST_DONE;
            break;

        default:
            return XQ_MOVE_NONE;
        }
    }
}
