/* SPDX-License-Identifier: MIT */
/* Chase and mate-threat detection for the repetition judge (see chase.h, rules.h and
 * docs/rules.md). Runs only when a position repeats, so it favours clarity:
 * every capture, recapture and exchange is tested by really making the moves
 * on a local copy of the position and asking the legal-move generator. */
#include <string.h>

#include "chase.h"

#include "movegen.h"

/* Squares of a color's own half of the board (ranks 0-4 for Red). */
INLINE u128 own_half(int c)
{
    const u128 red = ((u128)1 << 45) - 1;
    return c == RED ? red : (((u128)1 << SQ_NB) - 1) ^ red;
}

/* ---- pins: pieces of color c whose leaving their square would expose
 * c's general ---- */

static u128 find_pins(const pos_t *p, int c)
{
    u128 pinned = 0;
    static const int df[4] = {1, -1, 0, 0}, dr[4] = {0, 0, 1, -1};
    const int k = p->king[c], them = c ^ 1;
    for (int d = 0; d < 4; d++) {
        int b[3], nb = 0;
        for (int f = sq_file(k) + df[d], r = sq_rank(k) + dr[d];
             f >= 0 && f < FILE_NB && r >= 0 && r < RANK_NB && nb < 3; f += df[d], r += dr[d])
            if (p->sq[make_sq(f, r)])
                b[nb++] = make_sq(f, r);
        if (nb >= 2) {
            /* A chariot, or on the file the other general, behind one own piece. */
            const int p2 = p->sq[b[1]];
            if (PCOLOR(p->sq[b[0]]) == c && PCOLOR(p2) == them &&
                (PTYPE(p2) == CHARIOT || (dr[d] && PTYPE(p2) == KING)))
                pinned |= sq_bit(b[0]);
        }
        if (nb == 3 && p->sq[b[2]] == MAKE_PIECE(them, CANNON)) {
            /* A cannon behind two pieces: either leaving leaves it one screen. */
            for (int i = 0; i < 2; i++)
                if (PCOLOR(p->sq[b[i]]) == c)
                    pinned |= sq_bit(b[i]);
        }
    }
    /* A horse aimed at the general, its leg blocked by one of c's pieces. */
    for (u128 hs = pos_pieces(p, them, HORSE) & xq__T.horse_from[k][0]; hs;) {
        const int h = pop_lsb128(&hs);
        const int leg = k + (sq_rank(h) > sq_rank(k) ? 9 : -9) + (sq_file(h) > sq_file(k) ? 1 : -1);
        if (p->sq[leg] && PCOLOR(p->sq[leg]) == c)
            pinned |= sq_bit(leg);
    }
    return pinned;
}

/* ---- mates by consecutive checks ---- */

/* Whether the side to move mates with at most `depth` consecutive checks
 * (every reply answered by a check, ending in a position without reply). */
static int mate_by_checks(pos_t *p, int depth)
{
    xq_move mv[MAX_MOVES], reply[MAX_MOVES];
    const int n = xq__gen_legal(p, mv, ALL_SQUARES);
    for (int i = 0; i < n; i++) {
        undo_t u;
        int mate = 0;
        pos_do(p, mv[i], &u);
        if (xq__in_check(p)) {
            const int nr = xq__gen_legal(p, reply, ALL_SQUARES);
            mate = nr == 0;
            if (!mate && depth > 1) {
                mate = 1;
                for (int j = 0; j < nr && mate; j++) {
                    undo_t ur;
                    pos_do(p, reply[j], &ur);
                    mate = mate_by_checks(p, depth - 1);
                    pos_undo(p, reply[j], &ur);
                }
            }
        }
        pos_undo(p, mv[i], &u);
        if (mate)
            return 1;
    }
    return 0;
}

int xq__mate_threat(const pos_t *p, int c, int depth)
{
    if (depth <= 0)
        return 0;
    pos_t q = *p; /* c^1 passes */
    q.side = (uint8_t)c;
    return mate_by_checks(&q, depth);
}

/* ---- exchanges (CXA: an insufficient root is no protection) ---- */

/* Piece values in half-soldiers (a soldier that crossed the river is worth
 * two). The general is only ever a last recapturer. */
static int piece_value(int pc, int s)
{
    switch (PTYPE(pc)) {
    case KING: return 1000;
    case ADVISOR: return 4;
    case ELEPHANT: return 4;
    case HORSE: return 8;
    case CHARIOT: return 18;
    case CANNON: return 9;
    default: return (own_half(PCOLOR(pc) ^ 1) & sq_bit(s)) ? 4 : 2;
    }
}

/* What the side to move gains, at best, by capturing on s and letting the
 * exchange run (always with its least valuable legal capturer; it may stop). */
static int exchange_gain(pos_t *p, int s)
{
    xq_move mv[MAX_MOVES];
    const int n = xq__gen_legal(p, mv, sq_bit(s));
    if (n == 0)
        return 0;
    int best = 0, best_value = piece_value(p->sq[MOVE_FROM(mv[0])], MOVE_FROM(mv[0]));
    for (int i = 1; i < n; i++) {
        const int v = piece_value(p->sq[MOVE_FROM(mv[i])], MOVE_FROM(mv[i]));
        if (v < best_value) {
            best = i;
            best_value = v;
        }
    }
    const int captured = piece_value(p->sq[s], s);
    undo_t u;
    pos_do(p, mv[best], &u);
    const int gain = captured - exchange_gain(p, s);
    pos_undo(p, mv[best], &u);
    return gain > 0 ? gain : 0;
}

/* ---- chases ---- */

/* Whether the legal capture from->to by the side to move of p is a chase. */
static int is_chase(const pos_t *p, int from, int to, int cxa)
{
    const int at = PTYPE(p->sq[from]), tt = PTYPE(p->sq[to]);
    if (!cxa && (((at == HORSE || at == CANNON) && tt == CHARIOT) ||
                 ((at == ADVISOR || at == ELEPHANT) &&
                  (tt == CHARIOT || tt == HORSE || tt == CANNON))))
        return 1; /* a weaker piece on a stronger one: protection does not matter */
    pos_t q = *p;
    undo_t u;
    const int target_value = piece_value(p->sq[to], to);
    pos_do(&q, MAKE_MOVE(from, to), &u);
    if (cxa) {
        /* Protected only if the exchange on the square does not win material,
         * and no threat if the capturer would then be mated. */
        if (target_value - exchange_gain(&q, to) <= 0 || mate_by_checks(&q, 1))
            return 0;
    } else {
        xq_move r[MAX_MOVES];
        if (xq__gen_legal(&q, r, sq_bit(to)) > 0)
            return 0; /* a legal recapture: the piece is protected */
    }
    if (at == tt) {
        /* Two pieces of a kind attacking each other offer an exchange, unless
         * the target cannot take back (a horse's leg, a pin). */
        pos_t rev = *p;
        rev.side ^= 1;
        if (xq__is_legal(&rev, MAKE_MOVE(to, from)))
            return 0;
    }
    return 1;
}

uint16_t xq__chased(const pos_t *p0, int c, const uint8_t id[SQ_NB], int cxa,
                    uint16_t chasers_of[16])
{
    return xq__chased_by(p0, c, id, cxa, chasers_of, -1);
}

uint16_t xq__chased_by(const pos_t *p0, int c, const uint8_t id[SQ_NB], int cxa,
                       uint16_t chasers_of[16], int mover)
{
    const int them = c ^ 1;
    pos_t p = *p0;
    p.side = (uint8_t)c;
    if (chasers_of)
        memset(chasers_of, 0, 16 * sizeof *chasers_of);
    /* Chasers: no general, no soldier. Targets: no general, no soldier on
     * its own side of the river. */
    const u128 chasers = p.by_color[c] & ~pos_pieces(&p, c, KING) & ~pos_pieces(&p, c, PAWN);
    const u128 targets = p.by_color[them] & ~pos_pieces(&p, them, KING) &
                         ~(pos_pieces(&p, them, PAWN) & own_half(them));
    if (!chasers || !targets)
        return 0;
    xq_move mv[MAX_MOVES];
    const int n = xq__gen_legal(&p, mv, targets);
    u128 pinned = 0;
    int have_pins = 0;
    uint16_t result = 0;
    for (int i = 0; i < n; i++) {
        const int from = MOVE_FROM(mv[i]), to = MOVE_TO(mv[i]);
        if (!(chasers & sq_bit(from)))
            continue;
        if (!have_pins) {
            pinned = find_pins(&p, c);
            have_pins = 1;
        }
        /* A piece pinned to its general (by a chariot, a cannon, a horse or
         * the other general) chases only with a move of its own (its legal
         * captures are of its pinner): the attacks of a pinned piece that
         * stands still are no chase, AXF art. 19, diagrams 39-41 ("because
         * the Black Rook doesn't move"), art. 27, diagrams 63-66; the
         * chariot that steps in to block a check and attacks the checking
         * cannon chases it, art. 18, diagram 37. */
        if ((pinned & sq_bit(from)) && from != mover)
            continue;
        const int tid = id[to];
        if ((result & (1u << tid)) && !chasers_of)
            continue;
        if (is_chase(&p, from, to, cxa)) {
            result |= (uint16_t)(1u << tid);
            if (chasers_of)
                chasers_of[tid] |= (uint16_t)(1u << id[from]);
        }
    }
    return result;
}
