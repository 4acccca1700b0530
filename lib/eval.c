/* Static evaluation (see eval.h).
 *
 * Every term is computed from Red's view for each colour separately, as a
 * middlegame and an endgame part, then blended by the game phase (how much
 * attacking material is left) and scaled down in endgames that the stronger
 * side cannot win with the material it has. The terms:
 *  - material and a piece-square table per piece type (written for Red and
 *    mirrored for Black; all tables are left-right symmetric);
 *  - mobility of chariots, horses and cannons, and trapped pieces;
 *  - general safety: attackers aimed at the palace weighed against the
 *    advisors and elephants left, the empty-headed and the pinning central
 *    cannon, a cannon on the general's rank, enemy chariots on open files
 *    towards the palace, missing defenders against chariots and cannons;
 *  - threats: pieces attacked by a cheaper piece or attacked and undefended;
 *  - soldiers: advancement (in the tables) and side-by-side crossed soldiers;
 *  - endgame knowledge: material that cannot force mate is scaled to a draw
 *    (for example a lone cannon, a lone horse against two defenders, a lone
 *    chariot against the full set of advisors and elephants).
 *
 * The weights are this project's own, set by hand from Xiangqi principles
 * and checked in engine matches. */
#include "eval.h"

#include "movegen.h"

const int xq__see_value[8] = {0, 2000, 200, 200, 400, 900, 450, 100};

enum { MG = 0, EG = 1 };

/* Material by type (KING..PAWN): middlegame, endgame. */
static const int mat_mg[8] = {0, 0, 170, 170, 390, 900, 420, 75};
static const int mat_eg[8] = {0, 0, 150, 155, 440, 960, 390, 100};

/* Piece-square tables from Red's point of view, written as a board diagram:
 * the first row is rank 9 (Black's back rank), the last row rank 0 (Red's
 * back rank). pst_index() maps a square of either colour to an index here. */
static const int8_t pst_pawn_mg[90] = {
      0,   4,   8,  14,  16,  14,   8,   4,   0,
     26,  46,  68,  92, 104,  92,  68,  46,  26,
     24,  42,  60,  78,  88,  78,  60,  42,  24,
     22,  34,  46,  56,  60,  56,  46,  34,  22,
     16,  24,  32,  38,  42,  38,  32,  24,  16,
      2,   0,   8,   0,  14,   0,   8,   0,   2,
      0,   0,   2,   0,   6,   0,   2,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
};
static const int8_t pst_pawn_eg[90] = {
     10,  14,  18,  22,  24,  22,  18,  14,  10,
     38,  52,  64,  76,  80,  76,  64,  52,  38,
     42,  56,  68,  84,  92,  84,  68,  56,  42,
     36,  46,  56,  66,  72,  66,  56,  46,  36,
     28,  34,  40,  46,  48,  46,  40,  34,  28,
      8,   0,  12,   0,  14,   0,  12,   0,   8,
      0,   0,   4,   0,   6,   0,   4,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
};
static const int8_t pst_horse[90] = {
     -6,   2,   8,   6,  -2,   6,   8,   2,  -6,
      0,  12,  22,  18,  10,  18,  22,  12,   0,
      4,  16,  22,  30,  26,  30,  22,  16,   4,
      4,  18,  24,  26,  28,  26,  24,  18,   4,
      0,  14,  20,  24,  22,  24,  20,  14,   0,
     -2,   8,  14,  16,  16,  16,  14,   8,  -2,
     -4,   4,  10,  10,  12,  10,  10,   4,  -4,
     -8,   0,   6,   4,   8,   4,   6,   0,  -8,
    -12,  -6,  -2,   0, -24,   0,  -2,  -6, -12,
    -16, -10,  -8,  -6,  -8,  -6,  -8, -10, -16,
};
static const int8_t pst_chariot[90] = {
      4,   8,   6,  14,  12,  14,   6,   8,   4,
     10,  14,  12,  20,  22,  20,  12,  14,  10,
      6,  12,  10,  16,  16,  16,  10,  12,   6,
      6,  12,  10,  14,  14,  14,  10,  12,   6,
      8,  14,  12,  16,  16,  16,  12,  14,   8,
      6,  12,  10,  14,  14,  14,  10,  12,   6,
      2,   8,   6,  10,  10,  10,   6,   8,   2,
      0,   6,   4,   8,   8,   8,   4,   6,   0,
     -4,   4,   2,   6,   0,   6,   2,   4,  -4,
     -8,   2,  -2,   4,   0,   4,  -2,   2,  -8,
};
static const int8_t pst_cannon[90] = {
      6,   6,   2,  -2,  -4,  -2,   2,   6,   6,
      4,   4,   2,   0,  -4,   0,   2,   4,   4,
      2,   2,   0,  -2,   6,  -2,   0,   2,   2,
      0,   2,   2,   2,  10,   2,   2,   2,   0,
      0,   0,   0,   0,  10,   0,   0,   0,   0,
      0,   2,   2,   0,  10,   0,   2,   2,   0,
      0,   0,   0,   0,   8,   0,   0,   0,   0,
      2,   2,   4,   4,  16,   4,   4,   2,   2,
      0,   2,   2,   2,   6,   2,   2,   2,   0,
      0,   0,   2,   4,   4,   4,   2,   0,   0,
};
/* Only the palace and elephant points matter for these three. */
static const int8_t pst_king_mg[90] = {
    [63 + 3] = -30, [63 + 4] = -40, [63 + 5] = -30,
    [72 + 3] = -10, [72 + 4] = -6,  [72 + 5] = -10,
    [81 + 3] = -2,  [81 + 4] = 4,   [81 + 5] = -2,
};
static const int8_t pst_king_eg[90] = {
    [63 + 3] = -10, [63 + 4] = -8, [63 + 5] = -10,
    [72 + 3] = -2,  [72 + 4] = 2,  [72 + 5] = -2,
    [81 + 3] = -4,  [81 + 4] = 0,  [81 + 5] = -4,
};
static const int8_t pst_advisor[90] = {
    [63 + 3] = -6, [63 + 5] = -6, [72 + 4] = 8, [81 + 3] = 0, [81 + 5] = 0,
};
static const int8_t pst_elephant[90] = {
    [45 + 2] = -4, [45 + 6] = -4, [63 + 0] = -6, [63 + 4] = 8, [63 + 8] = -6,
    [81 + 2] = 0,  [81 + 6] = 0,
};

INLINE int pst_index(int color, int s)
{
    return color == RED ? (9 - sq_rank(s)) * 9 + sq_file(s) : s;
}

/* Mobility weights per reachable square and the count regarded as normal. */
enum {
    MOB_R_MG = 5, MOB_R_EG = 7, MOB_R_BASE = 6,
    MOB_H_MG = 9, MOB_H_EG = 9, MOB_H_BASE = 3,
    MOB_C_MG = 2, MOB_C_EG = 2, MOB_C_BASE = 6,
    MOB_C_HIT = 5, /* per enemy piece a cannon can capture */
    TRAPPED_H_MG = 24, TRAPPED_H_EG = 30,
    TRAPPED_R_MG = 30, TRAPPED_R_EG = 30
};

/* Phase weights of attacking pieces: two sides' full sets make EVAL_PHASE_MAX. */
static const int phase_w[8] = {0, 0, 0, 0, 2, 4, 2, 0};

typedef struct side_info {
    u128 att;        /* squares this side attacks (or defends) */
    u128 att_pawn;   /* by soldiers */
    u128 att_minor;  /* by horses and cannons */
    u128 att_guard;  /* by the general, advisors and elephants */
    int units;       /* attack weight aimed at the enemy palace */
    int attackers;   /* pieces aimed at the enemy palace */
    int n[8];        /* pieces by type */
    int crossed;     /* soldiers over the river */
} side_info;

/* The half of the board beyond the river for colour c. */
INLINE u128 far_half(int c)
{
    const u128 red_half = ((u128)1 << 45) - 1;
    return c == RED ? ~red_half : red_half;
}

INLINE int crossed_river(int color, int s)
{
    return color == RED ? sq_rank(s) >= 5 : sq_rank(s) <= 4;
}

/* Material, tables, mobility and the attack maps of one colour. */
static void eval_pieces(const pos_t *p, int c, side_info *si, int sc[][2], eval_trace *t)
{
    const u128 occ = pos_occ(p), own = p->by_color[c];
    const u128 enemy_palace = xq__T.palace[c ^ 1];
    int mat[2] = {0, 0}, mob[2] = {0, 0};
    u128 b;
    int s;

    for (int ty = KING; ty <= PAWN; ty++) {
        si->n[ty] = popcount128(pos_pieces(p, c, ty));
        mat[MG] += si->n[ty] * mat_mg[ty];
        mat[EG] += si->n[ty] * mat_eg[ty];
    }

    s = p->king[c];
    mat[MG] += pst_king_mg[pst_index(c, s)];
    mat[EG] += pst_king_eg[pst_index(c, s)];
    si->att_guard = xq__T.king_to[s];

    for (b = pos_pieces(p, c, ADVISOR); b;) {
        s = pop_lsb128(&b);
        mat[MG] += pst_advisor[pst_index(c, s)];
        mat[EG] += pst_advisor[pst_index(c, s)];
        si->att_guard |= xq__T.advisor_to[s];
    }
    for (b = pos_pieces(p, c, ELEPHANT); b;) {
        s = pop_lsb128(&b);
        mat[MG] += pst_elephant[pst_index(c, s)];
        mat[EG] += pst_elephant[pst_index(c, s)];
        si->att_guard |= xq__T.elephant_to[s][diag4_index(occ, s)];
    }
    for (b = pos_pieces(p, c, PAWN); b;) {
        s = pop_lsb128(&b);
        int i = pst_index(c, s);
        mat[MG] += pst_pawn_mg[i];
        mat[EG] += pst_pawn_eg[i];
        u128 a = xq__T.pawn_to[c][s];
        si->att_pawn |= a;
        if (crossed_river(c, s)) {
            si->crossed++;
            if (a & enemy_palace) {
                si->units += 2;
                si->attackers++;
            }
        }
    }
    for (b = pos_pieces(p, c, HORSE); b;) {
        s = pop_lsb128(&b);
        int i = pst_index(c, s);
        mat[MG] += pst_horse[i];
        mat[EG] += pst_horse[i];
        u128 a = xq__T.horse_to[s][orth4_index(occ, s)];
        si->att_minor |= a;
        int m = popcount128(a & ~own);
        mob[MG] += MOB_H_MG * (m - MOB_H_BASE);
        mob[EG] += MOB_H_EG * (m - MOB_H_BASE);
        if (m <= 1) {
            mob[MG] -= TRAPPED_H_MG;
            mob[EG] -= TRAPPED_H_EG;
        }
        if (a & enemy_palace) {
            si->units += 3;
            si->attackers++;
        }
    }
    for (b = pos_pieces(p, c, CANNON); b;) {
        s = pop_lsb128(&b);
        int i = pst_index(c, s);
        mat[MG] += pst_cannon[i];
        mat[EG] += pst_cannon[i] / 2;
        u128 tg = cannon_targets(p, s);
        u128 hits = tg & occ;
        si->att_minor |= hits;
        int m = popcount128(tg & ~occ);
        int h = popcount128(hits & p->by_color[c ^ 1]);
        mob[MG] += MOB_C_MG * (m - MOB_C_BASE) + MOB_C_HIT * h;
        mob[EG] += MOB_C_EG * (m - MOB_C_BASE) + MOB_C_HIT * h;
        /* A cannon on a line through the enemy palace threatens it even
         * through several screens. */
        const int ek = p->king[c ^ 1];
        if ((hits & enemy_palace) || sq_file(s) == sq_file(ek) || sq_rank(s) == sq_rank(ek)) {
            si->units += 3;
            si->attackers++;
        }
    }
    for (b = pos_pieces(p, c, CHARIOT); b;) {
        s = pop_lsb128(&b);
        int i = pst_index(c, s);
        mat[MG] += pst_chariot[i];
        mat[EG] += pst_chariot[i];
        u128 a = rook_targets(p, s);
        si->att |= a;
        int m = popcount128(a & ~own);
        mob[MG] += MOB_R_MG * (m - MOB_R_BASE);
        mob[EG] += MOB_R_EG * (m - MOB_R_BASE);
        if (m <= 2) {
            mob[MG] -= TRAPPED_R_MG;
            mob[EG] -= TRAPPED_R_EG;
        }
        if (a & enemy_palace) {
            si->units += 5;
            si->attackers++;
        }
    }
    si->att |= si->att_pawn | si->att_minor | si->att_guard;

    sc[c][MG] += mat[MG] + mob[MG];
    sc[c][EG] += mat[EG] + mob[EG];
    if (t) {
        t->material[c][MG] = mat[MG];
        t->material[c][EG] = mat[EG];
        t->mobility[c][MG] = mob[MG];
        t->mobility[c][EG] = mob[EG];
    }
}

/* Safety of colour c's general against the other side's pieces. */
static void eval_king(const pos_t *p, int c, const side_info *us, const side_info *them,
                      int sc[][2], eval_trace *t)
{
    const int o = c ^ 1, k = p->king[c];
    const u128 occ = pos_occ(p);
    const int na = us->n[ADVISOR], ne = us->n[ELEPHANT];
    int mg = 0, eg = 0;
    u128 b;

    /* Pieces aimed at the palace, weighed against the defenders left. */
    if (them->attackers >= 2) {
        int danger = them->units * them->attackers * (10 - na - ne) / 10;
        int pen = danger * danger / 5;
        mg -= pen < 600 ? pen : 600;
        eg -= pen / 4 < 200 ? pen / 4 : 200;
    }

    const int attackers_left = them->n[CHARIOT] + them->n[HORSE] + them->n[CANNON];
    for (b = pos_pieces(p, o, CANNON); b;) {
        int s = pop_lsb128(&b);
        if (sq_file(s) == sq_file(k)) {
            int screens = popcount128(between(s, k) & occ);
            if (screens == 0) /* empty-headed cannon: the palace is frozen */
                mg -= attackers_left > 1 ? 90 : 30;
            else if (screens == 2) /* pins the two pieces in front of the general */
                mg -= 24;
        } else if (sq_rank(s) == sq_rank(k)) {
            int screens = popcount128(between(s, k) & occ);
            if (screens == 0)
                mg -= attackers_left > 1 ? 40 : 15;
        }
    }
    /* Enemy chariots on a palace file with no piece of ours in the way. */
    for (b = pos_pieces(p, o, CHARIOT); b;) {
        int s = pop_lsb128(&b);
        int f = sq_file(s);
        if (f < 3 || f > 5)
            continue;
        int target = make_sq(f, c == RED ? 2 : 7);
        if (s == target || !(between(s, target) & p->by_color[c]))
            mg -= 20;
    }
    /* Defenders missing against the pieces that exploit their absence. */
    mg -= (2 - na) * them->n[CHARIOT] * 14 + (2 - na) * them->n[HORSE] * 8;
    mg -= (2 - ne) * them->n[CANNON] * 12 + (2 - ne) * them->n[CHARIOT] * 6;
    eg -= (2 - na) * them->n[CHARIOT] * 8 + (2 - ne) * them->n[CANNON] * 6;

    sc[c][MG] += mg;
    sc[c][EG] += eg;
    if (t) {
        t->king[c][MG] = mg;
        t->king[c][EG] = eg;
    }
}

/* Pieces of colour c attacked by cheaper enemy pieces, or attacked and undefended. */
static void eval_threats(const pos_t *p, int c, const side_info *us, const side_info *them,
                         int sc[][2], eval_trace *t)
{
    int mg = 0, eg = 0;
    const u128 rooks = pos_pieces(p, c, CHARIOT);
    const u128 minors = pos_pieces(p, c, HORSE) | pos_pieces(p, c, CANNON);
    const u128 guards = pos_pieces(p, c, ADVISOR) | pos_pieces(p, c, ELEPHANT);
    int n;

    n = popcount128(rooks & (them->att_pawn | them->att_minor | them->att_guard));
    mg -= 50 * n;
    eg -= 50 * n;
    n = popcount128(minors & (them->att_pawn | them->att_guard));
    mg -= 35 * n;
    eg -= 35 * n;
    u128 loose = (rooks | minors | guards) & them->att & ~us->att;
    n = popcount128(loose);
    mg -= 22 * n;
    eg -= 28 * n;
    u128 crossed_pawns = pos_pieces(p, c, PAWN) & far_half(c);
    n = popcount128(crossed_pawns & them->att & ~us->att);
    mg -= 8 * n;
    eg -= 12 * n;

    sc[c][MG] += mg;
    sc[c][EG] += eg;
    if (t) {
        t->threats[c][MG] = mg;
        t->threats[c][EG] = eg;
    }
}

/* Crossed soldiers side by side support each other. */
static void eval_pawns(const pos_t *p, int c, int sc[][2], eval_trace *t)
{
    const u128 crossed = pos_pieces(p, c, PAWN) & far_half(c);
    const u128 not_file_i = ~file_bits(8, 0x3ff);
    int pairs = popcount128(crossed & not_file_i & (crossed >> 1));
    int mg = 14 * pairs, eg = 22 * pairs;
    sc[c][MG] += mg;
    sc[c][EG] += eg;
    if (t) {
        t->pawns[c][MG] = mg;
        t->pawns[c][EG] = eg;
    }
}

/* Endgame scale (0..EVAL_SCALE_MAX) for the stronger side s against w:
 * material that cannot force mate is pulled towards a draw. */
static int scale_for(const side_info *s, const side_info *w)
{
    const int s_att = s->n[CHARIOT] + s->n[HORSE] + s->n[CANNON];
    const int w_att = w->n[CHARIOT] + w->n[HORSE] + w->n[CANNON];
    const int s_pawns = s->n[PAWN];
    const int w_def = w->n[ADVISOR] + w->n[ELEPHANT];
    const int w_any = w_att + w_def + w->n[PAWN];

    if (s_att == 0) {
        if (s_pawns == 0)
            return 0; /* only general, advisors, elephants: no mate possible */
        if (s_pawns == 1)
            return w_any ? 4 : 48;
        if (s_pawns == 2)
            return (w_def >= 3 || w_att) ? 16 : 48;
        return (w_def >= 4 && w_att) ? 32 : EVAL_SCALE_MAX;
    }
    if (s_att == 1 && s_pawns == 0) {
        if (s->n[CANNON])
            return (!w_any && s->n[ADVISOR]) ? EVAL_SCALE_MAX : 4;
        if (s->n[HORSE])
            return (w_def >= 2 || w_att || w->n[PAWN]) ? 8 : EVAL_SCALE_MAX;
        /* chariot */
        if (w->n[CHARIOT])
            return 8;
        if (w->n[ADVISOR] == 2 && w->n[ELEPHANT] == 2)
            return 8;
        if (w_att && w->n[ADVISOR] == 2)
            return 20;
    }
    if (s_pawns == 0 && w->n[PAWN] == 0) {
        /* The stronger side is ahead only in defenders: hard to convert. */
        const int s_power = 2 * s->n[CHARIOT] + s->n[HORSE] + s->n[CANNON];
        const int w_power = 2 * w->n[CHARIOT] + w->n[HORSE] + w->n[CANNON];
        if (s_power <= w_power)
            return 16;
    }
    return EVAL_SCALE_MAX;
}

int xq__evaluate_trace(const pos_t *p, eval_trace *t)
{
    int sc[2][2] = {{0, 0}, {0, 0}};
    side_info si[2] = {{0}, {0}};

    eval_pieces(p, RED, &si[RED], sc, t);
    eval_pieces(p, BLACK, &si[BLACK], sc, t);
    for (int c = RED; c <= BLACK; c++) {
        eval_king(p, c, &si[c], &si[c ^ 1], sc, t);
        eval_threats(p, c, &si[c], &si[c ^ 1], sc, t);
        eval_pawns(p, c, sc, t);
    }

    int phase = 0;
    for (int c = RED; c <= BLACK; c++)
        for (int ty = HORSE; ty <= CANNON; ty++)
            phase += phase_w[ty] * si[c].n[ty];
    if (phase > EVAL_PHASE_MAX)
        phase = EVAL_PHASE_MAX;

    const int mg = sc[RED][MG] - sc[BLACK][MG];
    const int eg = sc[RED][EG] - sc[BLACK][EG];
    int v = (mg * phase + eg * (EVAL_PHASE_MAX - phase)) / EVAL_PHASE_MAX;

    const int strong = v >= 0 ? RED : BLACK;
    const int scale = scale_for(&si[strong], &si[strong ^ 1]);
    v = v * scale / EVAL_SCALE_MAX;

    if (t) {
        t->phase = phase;
        t->scale = scale;
        t->red_view = v;
    }
    /* Tempo: the side to move is a little better off. */
    v = (p->side == RED ? v : -v) + 12;
    if (v > 9000)
        v = 9000;
    if (v < -9000)
        v = -9000;
    return v;
}

int xq__evaluate(const pos_t *p) { return xq__evaluate_trace(p, NULL); }

int xq__palace_attackers(const pos_t *p, int c)
{
    const u128 occ = pos_occ(p);
    const u128 palace = xq__T.palace[c ^ 1];
    const int ek = p->king[c ^ 1];
    int n = 0;
    u128 b;
    for (b = pos_pieces(p, c, CHARIOT); b;)
        n += (rook_targets(p, pop_lsb128(&b)) & palace) != 0;
    for (b = pos_pieces(p, c, HORSE); b;) {
        int s = pop_lsb128(&b);
        n += (xq__T.horse_to[s][orth4_index(occ, s)] & palace) != 0;
    }
    for (b = pos_pieces(p, c, CANNON); b;) {
        int s = pop_lsb128(&b);
        n += (cannon_targets(p, s) & occ & palace) || sq_file(s) == sq_file(ek) ||
             sq_rank(s) == sq_rank(ek);
    }
    for (b = pos_pieces(p, c, PAWN) & far_half(c); b;)
        n += (xq__T.pawn_to[c][pop_lsb128(&b)] & palace) != 0;
    return n;
}
