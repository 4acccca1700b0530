/* SPDX-License-Identifier: MIT */
/* Legal move generation and attack tests (see movegen.h).
 *
 * Not in check, a move by a piece other than the general is legal unless it
 *  - takes a piece off a line from the own general on which it is the only
 *    piece before an enemy chariot (or the enemy general, on the file), or one
 *    of the two pieces before an enemy cannon (the cannon would get a single
 *    screen): such a piece may only move along that line, between the general
 *    and the attacker, or capture the attacker;
 *  - steps off the leg square of an enemy horse aimed at the general, unless
 *    it captures that horse;
 *  - lands between the general and an enemy cannon with nothing in between
 *    (it would become the screen).
 * analyze() finds all of these once per position. General moves and all moves
 * in check are tested by leaves_in_check(), which recomputes the attacks on
 * the general's square from the changed occupancy without making the move. */
#include "movegen.h"

typedef struct check_info {
    u128 checkers;
    u128 forbid;   /* destinations that would become a cannon's only screen */
    u128 pinned;   /* own pieces with restricted destinations */
    int n;
    uint8_t sq[16];
    u128 allow[16];
} check_info;

INLINE void restrict_piece(check_info *ci, int s, u128 allow)
{
    if (ci->pinned & sq_bit(s)) {
        for (int i = 0; i < ci->n; i++)
            if (ci->sq[i] == s) {
                ci->allow[i] &= allow;
                return;
            }
    }
    ci->pinned |= sq_bit(s);
    ci->sq[ci->n] = (uint8_t)s;
    ci->allow[ci->n++] = allow;
}

INLINE u128 allowed_for(const check_info *ci, int s)
{
    for (int i = 0;; i++)
        if (ci->sq[i] == s)
            return ci->allow[i];
}

/* The pieces b[0..nb) on one line from the own general k, nearest first. */
INLINE void scan_line(const pos_t *p, check_info *ci, int k, const int *b, int nb, int is_file)
{
    const int them = p->side ^ 1;
    if (nb == 0)
        return;
    const u128 occ = pos_occ(p);
    const int p1 = p->sq[b[0]];
    const int e1 = PCOLOR(p1) == them;
    if (e1 && (PTYPE(p1) == CHARIOT || (is_file && PTYPE(p1) == KING)))
        ci->checkers |= sq_bit(b[0]);
    else if (e1 && PTYPE(p1) == CANNON)
        ci->forbid |= between(k, b[0]);
    if (nb == 1)
        return;
    const int p2 = p->sq[b[1]];
    const int e2 = PCOLOR(p2) == them;
    if (e2 && PTYPE(p2) == CANNON)
        ci->checkers |= sq_bit(b[1]);
    else if (!e1 && e2 && (PTYPE(p2) == CHARIOT || (is_file && PTYPE(p2) == KING)))
        restrict_piece(ci, b[0], (between(k, b[1]) & ~occ) | sq_bit(b[1]));
    if (nb == 2)
        return;
    const int p3 = p->sq[b[2]];
    if (PCOLOR(p3) == them && PTYPE(p3) == CANNON) {
        u128 allow = (between(k, b[2]) & ~occ) | sq_bit(b[2]);
        if (!e1)
            restrict_piece(ci, b[0], allow);
        if (!e2)
            restrict_piece(ci, b[1], allow);
    }
}

/* Up to three occupied squares in increasing line order: line index
 * start + i for bit i of bits, square base + index * step. */
INLINE int ascending(unsigned bits, int start, int base, int step, int *out)
{
    int n = 0;
    while (bits && n < 3) {
        out[n++] = base + (start + __builtin_ctz(bits)) * step;
        bits &= bits - 1;
    }
    return n;
}

INLINE int descending(unsigned bits, int base, int step, int *out)
{
    int n = 0;
    while (bits && n < 3) {
        int i = 31 - __builtin_clz(bits);
        out[n++] = base + i * step;
        bits ^= 1u << i;
    }
    return n;
}

/* Fill ci for the side to move; returns nonzero when it is in check. */
INLINE int analyze(const pos_t *p, check_info *ci)
{
    const int us = p->side, them = us ^ 1, k = p->king[us];
    const int kf = sq_file(k), kr = sq_rank(k);
    const unsigned ro = p->rank_occ[kr], fo = p->file_occ[kf];
    int b[3], nb;

    ci->checkers = 0;
    ci->forbid = 0;
    ci->pinned = 0;
    ci->n = 0;

    nb = ascending(ro >> (kf + 1), kf + 1, kr * 9, 1, b);
    scan_line(p, ci, k, b, nb, 0);
    nb = descending(ro & ((1u << kf) - 1), kr * 9, 1, b);
    scan_line(p, ci, k, b, nb, 0);
    nb = ascending(fo >> (kr + 1), kr + 1, kf, 9, b);
    scan_line(p, ci, k, b, nb, 1);
    nb = descending(fo & ((1u << kr) - 1), kf, 9, b);
    scan_line(p, ci, k, b, nb, 1);

    u128 horses = pos_pieces(p, them, HORSE) & xq__T.horse_from[k][0];
    while (horses) {
        int h = pop_lsb128(&horses);
        /* The leg is the general's diagonal neighbour towards the horse. */
        int leg = k + (sq_rank(h) > kr ? 9 : -9) + (sq_file(h) > kf ? 1 : -1);
        int lp = p->sq[leg];
        if (!lp)
            ci->checkers |= sq_bit(h);
        else if (PCOLOR(lp) == us)
            restrict_piece(ci, leg, sq_bit(h));
    }
    ci->checkers |= xq__T.pawn_from[them][k] & pos_pieces(p, them, PAWN);
    return ci->checkers != 0;
}

/* Attacks on square k by `them`, given occupancy occ (with rank/file lines of
 * k in ro/fo) and the squares of their pieces still on the board (alive). */
INLINE int attacked_with(const pos_t *p, int k, int them, u128 occ, unsigned ro, unsigned fo,
                         u128 alive)
{
    const int kf = sq_file(k), kr = sq_rank(k);
    const u128 file_rook = file_bits(kf, xq__T.rook_file[kr][fo]);
    const u128 rook = rank_bits(kr, xq__T.rook_rank[kf][ro]) | file_rook;
    if (rook & pos_pieces(p, them, CHARIOT) & alive)
        return 1;
    if (file_rook & pos_pieces(p, them, KING))
        return 1;
    const u128 cannon = rank_bits(kr, xq__T.cannon_rank[kf][ro]) |
                        file_bits(kf, xq__T.cannon_file[kr][fo]);
    if (cannon & pos_pieces(p, them, CANNON) & alive)
        return 1;
    if (xq__T.horse_from[k][diag4_index(occ, k)] & pos_pieces(p, them, HORSE) & alive)
        return 1;
    return (xq__T.pawn_from[them][k] & pos_pieces(p, them, PAWN) & alive) != 0;
}

int xq__attacked(const pos_t *p, int s, int by)
{
    return attacked_with(p, s, by, pos_occ(p), p->rank_occ[sq_rank(s)], p->file_occ[sq_file(s)],
                         ~(u128)0);
}

u128 xq__attackers(const pos_t *p, int s, int by)
{
    const int f = sq_file(s), r = sq_rank(s);
    const unsigned ro = p->rank_occ[r], fo = p->file_occ[f];
    const u128 occ = pos_occ(p), bit = sq_bit(s);
    const u128 file_rook = file_bits(f, xq__T.rook_file[r][fo]);
    const u128 rook = rank_bits(r, xq__T.rook_rank[f][ro]) | file_rook;
    const u128 cannon = rank_bits(r, xq__T.cannon_rank[f][ro]) | file_bits(f, xq__T.cannon_file[r][fo]);
    const int eyes = diag4_index(occ, s); /* a horse's leg or an elephant's eye */
    u128 a = (rook & pos_pieces(p, by, CHARIOT)) | (cannon & pos_pieces(p, by, CANNON)) |
             (xq__T.horse_from[s][eyes] & pos_pieces(p, by, HORSE)) |
             (xq__T.pawn_from[by][s] & pos_pieces(p, by, PAWN));
    if (xq__T.palace[by] & bit)
        a |= (xq__T.advisor_to[s] & pos_pieces(p, by, ADVISOR)) |
             (xq__T.king_to[s] & pos_pieces(p, by, KING));
    if (xq__T.half[by] & bit)
        a |= xq__T.elephant_to[s][eyes] & pos_pieces(p, by, ELEPHANT);
    if (p->sq[s] == MAKE_PIECE(by ^ 1, KING)) /* the generals face each other */
        a |= file_rook & pos_pieces(p, by, KING);
    return a;
}

/* Would the side to move stand in check after from->to (pseudo-legal)? */
INLINE int leaves_in_check(const pos_t *p, int from, int to)
{
    const int us = p->side;
    const int k = from == p->king[us] ? to : p->king[us];
    const u128 tb = sq_bit(to);
    unsigned ro, fo;
    xq__lines_after(p, k, from, to, &ro, &fo);
    return attacked_with(p, k, us ^ 1, (pos_occ(p) ^ sq_bit(from)) | tb, ro, fo, ~tb);
}

/* Generation core. count_only is a compile-time constant in each caller. */
/* The popcount of the generator copies that have the popcnt instruction
 * (types.h's popcount128() is the portable bit-parallel count, because the
 * library is built without -mpopcnt). hw is a constant in every copy. */
INLINE int count_bits(u128 b, const int hw)
{
    return hw ? __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64))
              : popcount128(b);
}

INLINE int generate(const pos_t *p, xq_move *out, u128 targets, const int count_only,
                    const int hw)
{
    const int us = p->side, k = p->king[us];
    const u128 own = p->by_color[us], occ = own | p->by_color[us ^ 1];
    check_info ci;
    const int in_check = analyze(p, &ci);
    /* In check every move is tested, so no move is excluded up front. */
    const u128 dest = ~own & targets & (in_check ? ~(u128)0 : ~ci.forbid);
    const u128 pinned = in_check ? 0 : ci.pinned;
    int n = 0;
    u128 b, t;
    int s;

#define EMIT(from, set)                                                                  \
    do {                                                                                 \
        t = (set);                                                                       \
        if (pinned && (pinned & sq_bit(from)))                                           \
            t &= allowed_for(&ci, from);                                                 \
        if (in_check) {                                                                  \
            while (t) {                                                                  \
                int to_ = pop_lsb128(&t);                                                \
                if (!leaves_in_check(p, from, to_)) {                                    \
                    if (!count_only)                                                     \
                        out[n] = MAKE_MOVE(from, to_);                                   \
                    n++;                                                                 \
                }                                                                        \
            }                                                                            \
        } else if (count_only) {                                                         \
            n += count_bits(t, hw);                                                      \
        } else {                                                                         \
            while (t)                                                                    \
                out[n++] = MAKE_MOVE(from, pop_lsb128(&t));                              \
        }                                                                                \
    } while (0)

    for (b = pos_pieces(p, us, CHARIOT); b;) {
        s = pop_lsb128(&b);
        EMIT(s, rook_targets(p, s) & dest);
    }
    for (b = pos_pieces(p, us, CANNON); b;) {
        s = pop_lsb128(&b);
        EMIT(s, cannon_targets(p, s) & dest);
    }
    for (b = pos_pieces(p, us, HORSE); b;) {
        s = pop_lsb128(&b);
        EMIT(s, xq__T.horse_to[s][orth4_index(occ, s)] & dest);
    }
    b = pos_pieces(p, us, PAWN);
    if (count_only && !in_check) {
        /* Count the soldiers that are not pinned all at once: one step
         * forward, and sideways for those across the river. */
        const u128 free = b & ~pinned;
        const u128 crossed = free & xq__T.half[us ^ 1];
        const u128 fwd = us == RED ? free << 9 : free >> 9;
        n += count_bits(fwd & dest & xq__T.board, hw) +
             count_bits(((crossed & ~xq__T.file_a) >> 1) & dest, hw) +
             count_bits(((crossed & ~xq__T.file_i) << 1) & dest, hw);
        b &= pinned;
    }
    while (b) {
        s = pop_lsb128(&b);
        EMIT(s, xq__T.pawn_to[us][s] & dest);
    }
    for (b = pos_pieces(p, us, ELEPHANT); b;) {
        s = pop_lsb128(&b);
        EMIT(s, xq__T.elephant_to[s][diag4_index(occ, s)] & dest);
    }
    for (b = pos_pieces(p, us, ADVISOR); b;) {
        s = pop_lsb128(&b);
        EMIT(s, xq__T.advisor_to[s] & dest);
    }
#undef EMIT
    /* The general: each step tested on its own (it may walk into an attack). */
    for (t = xq__T.king_to[k] & ~own & targets; t;) {
        int to = pop_lsb128(&t);
        if (!leaves_in_check(p, k, to)) {
            if (!count_only)
                out[n] = MAKE_MOVE(k, to);
            n++;
        }
    }
    return n;
}

/* One copy of the generator per instruction set: the plain x86-64 baseline,
 * one with POPCNT, and one with POPCNT+BMI1/2+LZCNT (x86-64-v3 class CPUs).
 * Everything generate() calls is always_inline, so each copy is compiled
 * whole for its target. Selected by the CPU's level (xq__T.cpu, cpu.h). */
#define GENERATOR(suffix, attr, hw)                                                      \
    attr static int gen_##suffix(const pos_t *p, xq_move *moves, u128 targets)          \
    {                                                                                    \
        return generate(p, moves, targets, 0, hw);                                       \
    }                                                                                    \
    attr static int count_##suffix(const pos_t *p)                                      \
    {                                                                                    \
        return generate(p, NULL, ALL_SQUARES, 1, hw);                                    \
    }

GENERATOR(base, , 0)
#if defined(__x86_64__) && defined(__GNUC__)
GENERATOR(popcnt, __attribute__((target("popcnt"))), 1)
GENERATOR(bmi2, __attribute__((target("popcnt,bmi,bmi2,lzcnt"))), 1)
#else
#define gen_popcnt gen_base
#define count_popcnt count_base
#define gen_bmi2 gen_base
#define count_bmi2 count_base
#endif

const movegen_impl xq__movegen[XQ_CPU_NB] = {
    [XQ_CPU_BASE] = {gen_base, count_base, "x86-64"},
    [XQ_CPU_POPCNT] = {gen_popcnt, count_popcnt, "x86-64 popcnt"},
    [XQ_CPU_BMI2] = {gen_bmi2, count_bmi2, "x86-64 popcnt+bmi2"},
};

int xq__is_legal(const pos_t *p, xq_move m)
{
    if (m & 0xC000)
        return 0;
    const int from = MOVE_FROM(m), to = MOVE_TO(m);
    if (from >= SQ_NB || to >= SQ_NB || from == to)
        return 0;
    const int pc = p->sq[from], us = p->side;
    if (!pc || PCOLOR(pc) != us)
        return 0;
    if (p->by_color[us] & sq_bit(to))
        return 0;
    const u128 occ = pos_occ(p);
    u128 reach;
    switch (PTYPE(pc)) {
    case KING: reach = xq__T.king_to[from]; break;
    case ADVISOR: reach = xq__T.advisor_to[from]; break;
    case ELEPHANT: reach = xq__T.elephant_to[from][diag4_index(occ, from)]; break;
    case HORSE: reach = xq__T.horse_to[from][orth4_index(occ, from)]; break;
    case CHARIOT: reach = rook_targets(p, from); break;
    case CANNON: reach = cannon_targets(p, from); break;
    default: reach = xq__T.pawn_to[us][from]; break;
    }
    if (!(reach & sq_bit(to)))
        return 0;
    return !leaves_in_check(p, from, to);
}

/* ---- checks ---- */

/* Whether the legal move m checks the opponent's general (movegen.h). */
int xq__gives_check(const pos_t *p, xq_move m)
{
    const int from = MOVE_FROM(m), to = MOVE_TO(m), us = p->side;
    const int k = p->king[us ^ 1], kf = sq_file(k), kr = sq_rank(k);
    const int moved = PTYPE(p->sq[from]);
    const u128 fb = sq_bit(from), tb = sq_bit(to);
    const u128 occ = (pos_occ(p) ^ fb) | tb;
    unsigned ro, fo;
    xq__lines_after(p, k, from, to, &ro, &fo);
#define OURS(ty) (pos_pieces(p, us, ty) ^ (moved == (ty) ? fb | tb : 0))
    const u128 rook = rank_bits(kr, xq__T.rook_rank[kf][ro]) | file_bits(kf, xq__T.rook_file[kr][fo]);
    if (rook & OURS(CHARIOT))
        return 1;
    const u128 cannon =
        rank_bits(kr, xq__T.cannon_rank[kf][ro]) | file_bits(kf, xq__T.cannon_file[kr][fo]);
    if (cannon & OURS(CANNON))
        return 1;
    if (xq__T.horse_from[k][diag4_index(occ, k)] & OURS(HORSE))
        return 1;
    return (xq__T.pawn_from[us][k] & OURS(PAWN)) != 0;
#undef OURS
}
