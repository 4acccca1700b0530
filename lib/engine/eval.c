/* SPDX-License-Identifier: MIT */
/* Static evaluation (see eval.h).
 *
 * Every term is computed from Red's view for each colour separately, as a
 * middlegame and an endgame part, then blended by the game phase (how much
 * attacking material is left) and scaled down in endgames that the stronger
 * side cannot win with the material it has. The evaluation is linear in its
 * weights (each a middlegame/endgame pair) up to that endgame scale, whose
 * factor per case is a weight too, so that every weight can be fitted by
 * tools/tune. The terms:
 *  - material and a piece-square table per piece type (written for Red and
 *    mirrored for Black; all tables are left-right symmetric);
 *  - mobility of chariots, horses and cannons by the number of squares
 *    reached (a table, so that trapped pieces are part of it);
 *  - general safety: attackers aimed at the palace weighed against the
 *    advisors and elephants left, the squares from which each enemy piece
 *    type could give check without being taken, the hollow and the pinning
 *    central cannon, a cannon on the general's rank, enemy chariots on open
 *    files towards the palace, missing defenders against chariots and cannons;
 *  - threats: pieces attacked by a cheaper piece or attacked and undefended;
 *  - soldiers: advancement (in the tables) and side-by-side crossed soldiers;
 *  - endgame knowledge: material that cannot force mate is scaled to a draw
 *    (for example a lone cannon, a lone horse against two defenders, a lone
 *    chariot against the full set of advisors and elephants).
 *
 * The weights are this project's own: set by hand from Xiangqi principles,
 * then fitted by tools/tune (see the command above the tables). */
#include "eval.h"

#include <string.h>

#include "core/movegen.h"

const int xq__see_value[8] = {0, 2000, 200, 200, 400, 900, 450, 100};

enum { MG = 0, EG = 1 };

typedef struct wt {
    int16_t mg, eg;
} wt;
#define S(mg, eg) {(mg), (eg)}

/* ---- The weights ------------------------------------------------------ */
/* TUNED-WEIGHTS-BEGIN (tools/tune prints this block) */
/* Fitted by tools/tune (xq-tune) from the hand-set weights (the parent
 * commit of the one that brought this block):
 *   xq-tune --every 1 --passes 2 --apply lib/engine/eval.c
 *     ../shared/data/games/ccpd-masters-53889.pgn.xz
 *     tools/tune/data/selfplay-0.2.0.pgn.xz
 *     tools/tune/data/selfplay-round1.pgn.xz
 * 56520 games, 2331185 quiet positions (every 10th held out), K 0.7416;
 * held-out error 0.114214 -> 0.108255, training error 0.114349 -> 0.108318. */
static const wt material[8] = {
    [ADVISOR] = S(158, 119),
    [ELEPHANT] = S(162, 123),
    [HORSE] = S(371, 417),
    [CHARIOT] = S(895, 961),
    [CANNON] = S(439, 417),
    [PAWN] = S(69, 114),
};

/* Piece-square tables from Red's point of view, written as a board diagram:
 * the first row is rank 9 (Black's back rank), the last row rank 0 (Red's
 * back rank). xq__pst_index() maps a square of either colour to an index. */
static const int16_t pst_mg[8][SQ_NB] = {
    [KING] = {
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,  -32,  -40,  -32,    0,    0,    0,
           0,    0,    0,  -16,   -8,  -16,    0,    0,    0,
           0,    0,    0,   -6,   18,   -6,    0,    0,    0,
    },
    [ADVISOR] = {
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,  -11,    0,  -11,    0,    0,    0,
           0,    0,    0,    0,   11,    0,    0,    0,    0,
           0,    0,    0,  -10,    0,  -10,    0,    0,    0,
    },
    [ELEPHANT] = {
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,  -15,    0,    0,    0,  -15,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
         -17,    0,    0,    0,   18,    0,    0,    0,  -17,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    4,    0,    0,    0,    4,    0,    0,
    },
    [HORSE] = {
          -6,    2,    8,    6,   -2,    6,    8,    2,   -6,
           0,   12,   29,   19,   10,   19,   29,   12,    0,
           7,   17,   18,   31,   27,   31,   18,   17,    7,
           0,   28,   17,   38,   26,   38,   17,   28,    0,
          -1,   14,   20,   35,   25,   35,   20,   14,   -1,
          -1,    6,   22,   25,   18,   25,   22,    6,   -1,
          -3,    2,    9,    8,   19,    8,    9,    2,   -3,
         -16,   -5,   -8,   11,    4,   11,   -8,   -5,  -16,
         -22,   -7,   -7,  -10,  -27,  -10,   -7,   -7,  -22,
         -17,  -22,  -11,  -14,   -8,  -14,  -11,  -22,  -17,
    },
    [CHARIOT] = {
           5,   12,    7,   14,   12,   14,    7,   12,    5,
          10,   18,   12,   24,   22,   24,   12,   18,   10,
           6,   13,    8,   17,   17,   17,    8,   13,    6,
           5,   15,   23,   15,   17,   15,   23,   15,    5,
           4,   14,   13,   10,   18,   10,   13,   14,    4,
           5,   15,   16,   11,   15,   11,   16,   15,    5,
           1,   14,    9,    6,   15,    6,    9,   14,    1,
          -1,    3,    4,    5,    7,    5,    4,    3,   -1,
         -10,   -2,    2,   -4,    0,   -4,    2,   -2,  -10,
         -22,    4,   -6,    2,    0,    2,   -6,    4,  -22,
    },
    [CANNON] = {
          11,    9,    0,   -4,   -4,   -4,    0,    9,   11,
           4,    2,    0,   -2,   -4,   -2,    0,    2,    4,
           2,   -2,   -4,   -4,    5,   -4,   -4,   -2,    2,
           3,   -1,   -3,    2,   15,    2,   -3,   -1,    3,
           2,    1,   -1,    0,   14,    0,   -1,    1,    2,
          -1,    0,   -2,   -4,    8,   -4,   -2,    0,   -1,
          -2,   -5,    2,   -2,   10,   -2,    2,   -5,   -2,
           0,    6,   15,   11,   12,   11,   15,    6,    0,
           3,    4,   18,    3,    9,    3,   18,    4,    3,
          -1,    0,    0,    9,    4,    9,    0,    0,   -1,
    },
    [PAWN] = {
           0,    4,    8,   14,   16,   14,    8,    4,    0,
          26,   47,   68,   94,  104,   94,   68,   47,   26,
          24,   43,   62,   79,   89,   79,   62,   43,   24,
          24,   35,   58,   62,   64,   62,   58,   35,   24,
          15,   25,   32,   50,   54,   50,   32,   25,   15,
          -9,    0,    3,    0,   14,    0,    3,    0,   -9,
         -24,    0,  -25,    0,   10,    0,  -25,    0,  -24,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
    },
};
static const int16_t pst_eg[8][SQ_NB] = {
    [KING] = {
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,  -11,   -8,  -11,    0,    0,    0,
           0,    0,    0,   -5,    3,   -5,    0,    0,    0,
           0,    0,    0,   -3,    2,   -3,    0,    0,    0,
    },
    [ADVISOR] = {
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,  -11,    0,  -11,    0,    0,    0,
           0,    0,    0,    0,    1,    0,    0,    0,    0,
           0,    0,    0,  -19,    0,  -19,    0,    0,    0,
    },
    [ELEPHANT] = {
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,   -9,    0,    0,    0,   -9,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
         -13,    0,    0,    0,    0,    0,    0,    0,  -13,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,  -12,    0,    0,    0,  -12,    0,    0,
    },
    [HORSE] = {
          -6,    1,    8,    6,   -2,    6,    8,    1,   -6,
           0,   12,   29,   19,   10,   19,   29,   12,    0,
           7,   16,   18,   31,   27,   31,   18,   16,    7,
           2,   27,   18,   32,   26,   32,   18,   27,    2,
           0,   14,   19,   27,   23,   27,   19,   14,    0,
          -2,    6,   18,   21,   18,   21,   18,    6,   -2,
          -3,    3,    9,   10,   15,   10,    9,    3,   -3,
         -16,   -3,   -7,    8,    5,    8,   -7,   -3,  -16,
         -17,   -7,   -4,   -6,  -27,   -6,   -4,   -7,  -17,
         -17,  -14,  -10,   -9,   -8,   -9,  -10,  -14,  -17,
    },
    [CHARIOT] = {
           5,   10,    7,   14,   12,   14,    7,   10,    5,
          10,   15,   12,   22,   22,   22,   12,   15,   10,
           6,   12,    9,   16,   16,   16,    9,   12,    6,
           6,   15,   16,   17,   17,   17,   16,   15,    6,
           7,   14,   13,   12,   18,   12,   13,   14,    7,
           5,   13,    8,   11,   15,   11,    8,   13,    5,
           2,    9,    9,   10,   15,   10,    9,    9,    2,
          -2,    4,    3,    5,    7,    5,    3,    4,   -2,
          -6,    1,    2,    2,    0,    2,    2,    1,   -6,
         -11,   -1,   -4,    2,    0,    2,   -4,   -1,  -11,
    },
    [CANNON] = {
           5,    5,    0,   -2,   -2,   -2,    0,    5,    5,
           2,    3,    0,   -1,   -2,   -1,    0,    3,    2,
           1,    0,   -3,   -3,    2,   -3,   -3,    0,    1,
           2,    4,    4,    3,   10,    3,    4,    4,    2,
           1,    2,    0,    1,    6,    1,    0,    2,    1,
          -1,    3,    2,   -2,    6,   -2,    2,    3,   -1,
          -1,   -1,    1,    0,    6,    0,    1,   -1,   -1,
           3,    1,    6,    3,   11,    3,    6,    1,    3,
           2,    2,    2,    1,    4,    1,    2,    2,    2,
           0,    0,   -2,    4,    2,    4,   -2,    0,    0,
    },
    [PAWN] = {
          10,   13,   16,   22,   24,   22,   16,   13,   10,
          38,   53,   60,   75,   80,   75,   60,   53,   38,
          42,   57,   69,   86,   93,   86,   69,   57,   42,
          37,   49,   66,   72,   74,   72,   66,   49,   37,
          26,   38,   42,   59,   59,   59,   42,   38,   26,
          -6,    0,    9,    0,   18,    0,    9,    0,   -6,
         -13,    0,   -7,    0,   10,    0,   -7,    0,  -13,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
    },
};

/* Mobility by the number of squares reached (horses and chariots: empty or
 * enemy squares; cannons: empty squares, each capture is a CANNON_HIT). */
static const wt mob_horse[9] = {
    S(-48, -58), S(-40, -49), S(-24, -17), S(-9, -7), S(8, 8), S(18, 21),
    S(26, 25), S(38, 36), S(43, 39),
};
static const wt mob_chariot[18] = {
    S(-60, -72), S(-54, -65), S(-46, -58), S(-20, -23), S(-11, -15), S(-6, -8),
    S(2, 2), S(9, 10), S(12, 17), S(18, 25), S(23, 30), S(25, 36),
    S(31, 42), S(34, 49), S(37, 55), S(45, 63), S(42, 66), S(50, 73),
};
static const wt mob_cannon[18] = {
    S(-12, -12), S(-12, -10), S(-11, -9), S(-7, -8), S(-5, -5), S(-1, 1),
    S(2, 0), S(4, 4), S(7, 6), S(7, 9), S(11, 12), S(13, 14),
    S(16, 15), S(15, 15), S(18, 17), S(20, 20), S(21, 22), S(24, 24),
};

/* The other weights (eval.h: EVAL_SCALARS says what each counts). */
static const wt scalar[SC_COUNT] = {
    [SC_CANNON_HIT] = S(15, 24),
    [SC_KING_DANGER] = S(-3, -13),
    [SC_HOLLOW_CANNON] = S(-91, 2),
    [SC_HOLLOW_CANNON_LONE] = S(-30, 1),
    [SC_PIN_CANNON] = S(-28, -12),
    [SC_RANK_CANNON] = S(-37, 3),
    [SC_RANK_CANNON_LONE] = S(-15, 1),
    [SC_OPEN_FILE_CHARIOT] = S(-12, 1),
    [SC_NO_ADVISOR_CHARIOT] = S(-13, -2),
    [SC_NO_ADVISOR_HORSE] = S(-5, 16),
    [SC_NO_ELEPHANT_CANNON] = S(-8, 12),
    [SC_NO_ELEPHANT_CHARIOT] = S(-9, 0),
    [SC_SAFE_CHECK_CHARIOT] = S(-13, -9),
    [SC_SAFE_CHECK_HORSE] = S(-17, -12),
    [SC_SAFE_CHECK_CANNON] = S(-9, -2),
    [SC_AIMED_CHARIOT] = S(9, 2),
    [SC_AIMED_HORSE] = S(-20, -4),
    [SC_AIMED_CANNON] = S(3, -4),
    [SC_AIMED_SOLDIER] = S(-16, -5),
    [SC_PALACE_ATTACKED] = S(0, 6),
    [SC_KING_TRAPPED] = S(-2, -8),
    [SC_THREAT_CHARIOT] = S(-42, -45),
    [SC_THREAT_MINOR] = S(-37, -36),
    [SC_LOOSE_PIECE] = S(-26, -28),
    [SC_LOOSE_SOLDIER] = S(-10, -13),
    [SC_SOLDIER_PAIR] = S(13, 21),
    [SC_TEMPO] = S(7, 7),
};

/* Endgame scale factors (out of EVAL_SCALE_MAX) by case (eval.h: EVAL_SCALES). */
static const uint8_t scale_case[SCALE_COUNT] = {
    [SCALE_NONE] = 64,
    [SCALE_DEAD] = 0,
    [SCALE_SOLDIER_VS_ANY] = 4,
    [SCALE_SOLDIER_VS_BARE] = 48,
    [SCALE_SOLDIERS2_VS_DEFENCE] = 16,
    [SCALE_SOLDIERS2_VS_FEW] = 48,
    [SCALE_SOLDIERS3_VS_FORTRESS] = 32,
    [SCALE_CANNON_ALONE] = 4,
    [SCALE_HORSE_VS_DEFENCE] = 8,
    [SCALE_CHARIOT_VS_CHARIOT] = 8,
    [SCALE_CHARIOT_VS_FULL_DEFENCE] = 8,
    [SCALE_CHARIOT_VS_PIECE] = 20,
    [SCALE_DEFENDERS_AHEAD] = 16,
};
/* TUNED-WEIGHTS-END */

/* ---- The terms -------------------------------------------------------- */

/* Phase weights of attacking pieces: two sides' full sets make EVAL_PHASE_MAX. */
static const int phase_w[8] = {0, 0, 0, 0, 2, 4, 2, 0};

/* King danger: attack weight per piece aimed at the palace, and the cap of
 * the quadratic penalty before it is divided into KING_DANGER units. */
enum {
    DANGER_UNITS_PAWN = 2, DANGER_UNITS_HORSE = 3, DANGER_UNITS_CANNON = 3,
    DANGER_UNITS_CHARIOT = 5, DANGER_CAP = 600, DANGER_PER_UNIT = 8
};

typedef struct side_info {
    u128 att;        /* squares this side attacks (or defends) */
    u128 att_pawn;   /* by soldiers */
    u128 att_minor;  /* by horses and cannons */
    u128 att_guard;  /* by the general, advisors and elephants */
    u128 att_horse;  /* by horses */
    u128 att_rook;   /* by chariots */
    u128 to_cannon;  /* where cannons can move or capture */
    int units;       /* attack weight aimed at the enemy palace */
    int attackers;   /* pieces aimed at the enemy palace */
    int aimed[8];    /* the same by type */
    int n[8];        /* pieces by type */
} side_info;

/* The accumulated score of each colour, and the trace when one is kept. */
typedef struct acc {
    int sc[2][2];    /* [colour][MG/EG] */
    eval_trace *t;
} acc;

/* Colour c uses weight w (flat index i) n times. With t a constant NULL
 * (the search's copy) the trace code is compiled out. */
INLINE void use(acc *a, int c, int i, wt w, int n)
{
    a->sc[c][MG] += w.mg * n;
    a->sc[c][EG] += w.eg * n;
    if (a->t)
        a->t->coef[i] += (int16_t)(c == RED ? n : -n);
}

INLINE void use_scalar(acc *a, int c, int k, int n)
{
    use(a, c, EP_SCALAR + k, scalar[k], n);
}

INLINE void use_pst(acc *a, int c, int ty, int s)
{
    const int i = xq__pst_index(c, s);
    const wt w = {pst_mg[ty][i], pst_eg[ty][i]};
    use(a, c, EP_PST + ty * SQ_NB + i, w, 1);
}

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
INLINE void eval_pieces(const pos_t *p, int c, side_info *si, acc *a)
{
    const u128 occ = pos_occ(p), own = p->by_color[c];
    const u128 enemy_palace = xq__T.palace[c ^ 1];
    const int ek = p->king[c ^ 1];
    u128 b;
    int s;

    for (int ty = ADVISOR; ty <= PAWN; ty++) {
        si->n[ty] = popcount128(pos_pieces(p, c, ty));
        use(a, c, EP_MATERIAL + ty, material[ty], si->n[ty]);
    }

    s = p->king[c];
    use_pst(a, c, KING, s);
    si->att_guard = xq__T.king_to[s];

    for (b = pos_pieces(p, c, ADVISOR); b;) {
        s = pop_lsb128(&b);
        use_pst(a, c, ADVISOR, s);
        si->att_guard |= xq__T.advisor_to[s];
    }
    for (b = pos_pieces(p, c, ELEPHANT); b;) {
        s = pop_lsb128(&b);
        use_pst(a, c, ELEPHANT, s);
        si->att_guard |= xq__T.elephant_to[s][diag4_index(occ, s)];
    }
    for (b = pos_pieces(p, c, PAWN); b;) {
        s = pop_lsb128(&b);
        use_pst(a, c, PAWN, s);
        u128 at = xq__T.pawn_to[c][s];
        si->att_pawn |= at;
        if (crossed_river(c, s) && (at & enemy_palace)) {
            si->units += DANGER_UNITS_PAWN;
            si->aimed[PAWN]++;
            si->attackers++;
        }
    }
    for (b = pos_pieces(p, c, HORSE); b;) {
        s = pop_lsb128(&b);
        use_pst(a, c, HORSE, s);
        u128 at = xq__T.horse_to[s][orth4_index(occ, s)];
        si->att_horse |= at;
        int m = popcount128(at & ~own);
        use(a, c, EP_MOB_HORSE + m, mob_horse[m], 1);
        if (at & enemy_palace) {
            si->units += DANGER_UNITS_HORSE;
            si->aimed[HORSE]++;
            si->attackers++;
        }
    }
    si->att_minor = si->att_horse;
    for (b = pos_pieces(p, c, CANNON); b;) {
        s = pop_lsb128(&b);
        use_pst(a, c, CANNON, s);
        u128 tg = cannon_targets(p, s);
        u128 hits = tg & occ;
        si->att_minor |= hits;
        si->to_cannon |= tg & ~own;
        int m = popcount128(tg & ~occ);
        use(a, c, EP_MOB_CANNON + m, mob_cannon[m], 1);
        use_scalar(a, c, SC_CANNON_HIT, popcount128(hits & p->by_color[c ^ 1]));
        /* A cannon on a line through the enemy palace threatens it even
         * through several screens. */
        if ((hits & enemy_palace) || sq_file(s) == sq_file(ek) || sq_rank(s) == sq_rank(ek)) {
            si->units += DANGER_UNITS_CANNON;
            si->aimed[CANNON]++;
            si->attackers++;
        }
    }
    for (b = pos_pieces(p, c, CHARIOT); b;) {
        s = pop_lsb128(&b);
        use_pst(a, c, CHARIOT, s);
        u128 at = rook_targets(p, s);
        si->att_rook |= at;
        int m = popcount128(at & ~own);
        use(a, c, EP_MOB_CHARIOT + m, mob_chariot[m], 1);
        if (at & enemy_palace) {
            si->units += DANGER_UNITS_CHARIOT;
            si->aimed[CHARIOT]++;
            si->attackers++;
        }
    }
    si->att = si->att_rook | si->att_pawn | si->att_minor | si->att_guard;
}

/* Squares from which a cannon would give check to a general on k: on its
 * rank and file, beyond exactly one piece, up to and including the second. */
INLINE u128 cannon_check_squares(const pos_t *p, int k)
{
    const int f = sq_file(k), r = sq_rank(k);
    const unsigned ro = p->rank_occ[r], fo = p->file_occ[f];
    const unsigned r1 = xq__T.rook_rank[f][ro], f1 = xq__T.rook_file[r][fo];
    const unsigned r2 = xq__T.rook_rank[f][ro & ~r1], f2 = xq__T.rook_file[r][fo & ~f1];
    return rank_bits(r, r2 & ~r1) | file_bits(f, f2 & ~f1);
}

/* Safety of colour c's general against the other side's pieces. */
INLINE void eval_king(const pos_t *p, int c, const side_info *us, const side_info *them, acc *a)
{
    const int o = c ^ 1, k = p->king[c];
    const u128 occ = pos_occ(p);
    const int na = us->n[ADVISOR], ne = us->n[ELEPHANT];
    u128 b;

    /* Pieces aimed at the palace, weighed against the defenders left. */
    if (them->attackers >= 2) {
        int danger = them->units * them->attackers * (10 - na - ne) / 10;
        int pen = danger * danger / 5;
        use_scalar(a, c, SC_KING_DANGER, (pen < DANGER_CAP ? pen : DANGER_CAP) / DANGER_PER_UNIT);
    }

    /* Squares from which each enemy piece type could check without being
     * taken there. */
    const u128 open = ~p->by_color[o] & ~us->att;
    use_scalar(a, c, SC_SAFE_CHECK_CHARIOT, popcount128(rook_targets(p, k) & them->att_rook & open));
    use_scalar(a, c, SC_SAFE_CHECK_HORSE,
               popcount128(xq__T.horse_from[k][diag4_index(occ, k)] & them->att_horse & open));
    use_scalar(a, c, SC_SAFE_CHECK_CANNON,
               popcount128(cannon_check_squares(p, k) & them->to_cannon & open));

    use_scalar(a, c, SC_AIMED_CHARIOT, them->aimed[CHARIOT]);
    use_scalar(a, c, SC_AIMED_HORSE, them->aimed[HORSE]);
    use_scalar(a, c, SC_AIMED_CANNON, them->aimed[CANNON]);
    use_scalar(a, c, SC_AIMED_SOLDIER, them->aimed[PAWN]);
    use_scalar(a, c, SC_PALACE_ATTACKED, popcount128(xq__T.palace[c] & them->att));
    /* (A step that would face the enemy general is not looked for.) */
    use_scalar(a, c, SC_KING_TRAPPED, !(xq__T.king_to[k] & ~p->by_color[c] & ~them->att));

    const int attackers_left = them->n[CHARIOT] + them->n[HORSE] + them->n[CANNON];
    for (b = pos_pieces(p, o, CANNON); b;) {
        int s = pop_lsb128(&b);
        if (sq_file(s) == sq_file(k)) {
            int screens = popcount128(between(s, k) & occ);
            if (screens == 0) /* hollow cannon: the palace is frozen */
                use_scalar(a, c, attackers_left > 1 ? SC_HOLLOW_CANNON : SC_HOLLOW_CANNON_LONE, 1);
            else if (screens == 2) /* pins the two pieces in front of the general */
                use_scalar(a, c, SC_PIN_CANNON, 1);
        } else if (sq_rank(s) == sq_rank(k)) {
            if (!(between(s, k) & occ))
                use_scalar(a, c, attackers_left > 1 ? SC_RANK_CANNON : SC_RANK_CANNON_LONE, 1);
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
            use_scalar(a, c, SC_OPEN_FILE_CHARIOT, 1);
    }
    /* Defenders missing against the pieces that exploit their absence. */
    use_scalar(a, c, SC_NO_ADVISOR_CHARIOT, (2 - na) * them->n[CHARIOT]);
    use_scalar(a, c, SC_NO_ADVISOR_HORSE, (2 - na) * them->n[HORSE]);
    use_scalar(a, c, SC_NO_ELEPHANT_CANNON, (2 - ne) * them->n[CANNON]);
    use_scalar(a, c, SC_NO_ELEPHANT_CHARIOT, (2 - ne) * them->n[CHARIOT]);
}

/* Pieces of colour c attacked by cheaper enemy pieces, or attacked and
 * undefended; crossed soldiers side by side. */
INLINE void eval_threats(const pos_t *p, int c, const side_info *us, const side_info *them, acc *a)
{
    const u128 rooks = pos_pieces(p, c, CHARIOT);
    const u128 minors = pos_pieces(p, c, HORSE) | pos_pieces(p, c, CANNON);
    const u128 guards = pos_pieces(p, c, ADVISOR) | pos_pieces(p, c, ELEPHANT);

    use_scalar(a, c, SC_THREAT_CHARIOT,
               popcount128(rooks & (them->att_pawn | them->att_minor | them->att_guard)));
    use_scalar(a, c, SC_THREAT_MINOR, popcount128(minors & (them->att_pawn | them->att_guard)));
    use_scalar(a, c, SC_LOOSE_PIECE, popcount128((rooks | minors | guards) & them->att & ~us->att));
    const u128 crossed = pos_pieces(p, c, PAWN) & far_half(c);
    use_scalar(a, c, SC_LOOSE_SOLDIER, popcount128(crossed & them->att & ~us->att));

    const u128 not_file_i = ~file_bits(8, 0x3ff);
    use_scalar(a, c, SC_SOLDIER_PAIR, popcount128(crossed & not_file_i & (crossed >> 1)));
}

/* The endgame scale case (eval.h: EVAL_SCALES) of the stronger side s
 * against w: material that cannot force mate is pulled towards a draw. */
static int scale_for(const side_info *s, const side_info *w)
{
    const int s_att = s->n[CHARIOT] + s->n[HORSE] + s->n[CANNON];
    const int w_att = w->n[CHARIOT] + w->n[HORSE] + w->n[CANNON];
    const int s_pawns = s->n[PAWN];
    const int w_def = w->n[ADVISOR] + w->n[ELEPHANT];
    const int w_any = w_att + w_def + w->n[PAWN];

    if (s_att == 0) {
        if (s_pawns == 0)
            return SCALE_DEAD;
        if (s_pawns == 1)
            return w_any ? SCALE_SOLDIER_VS_ANY : SCALE_SOLDIER_VS_BARE;
        if (s_pawns == 2)
            return (w_def >= 3 || w_att) ? SCALE_SOLDIERS2_VS_DEFENCE : SCALE_SOLDIERS2_VS_FEW;
        return (w_def >= 4 && w_att) ? SCALE_SOLDIERS3_VS_FORTRESS : SCALE_NONE;
    }
    if (s_att == 1 && s_pawns == 0) {
        if (s->n[CANNON])
            return (!w_any && s->n[ADVISOR]) ? SCALE_NONE : SCALE_CANNON_ALONE;
        if (s->n[HORSE])
            return (w_def >= 2 || w_att || w->n[PAWN]) ? SCALE_HORSE_VS_DEFENCE : SCALE_NONE;
        /* chariot */
        if (w->n[CHARIOT])
            return SCALE_CHARIOT_VS_CHARIOT;
        if (w->n[ADVISOR] == 2 && w->n[ELEPHANT] == 2)
            return SCALE_CHARIOT_VS_FULL_DEFENCE;
        if (w_att && w->n[ADVISOR] == 2)
            return SCALE_CHARIOT_VS_PIECE;
    }
    if (s_pawns == 0 && w->n[PAWN] == 0) {
        const int s_power = 2 * s->n[CHARIOT] + s->n[HORSE] + s->n[CANNON];
        const int w_power = 2 * w->n[CHARIOT] + w->n[HORSE] + w->n[CANNON];
        if (s_power <= w_power)
            return SCALE_DEFENDERS_AHEAD;
    }
    return SCALE_NONE;
}

INLINE int evaluate(const pos_t *p, eval_trace *t)
{
    acc a = {{{0, 0}, {0, 0}}, t};
    side_info si[2] = {{0}, {0}};

    eval_pieces(p, RED, &si[RED], &a);
    eval_pieces(p, BLACK, &si[BLACK], &a);
    for (int c = RED; c <= BLACK; c++) {
        eval_king(p, c, &si[c], &si[c ^ 1], &a);
        eval_threats(p, c, &si[c], &si[c ^ 1], &a);
    }

    int phase = 0;
    for (int c = RED; c <= BLACK; c++)
        for (int ty = HORSE; ty <= CANNON; ty++)
            phase += phase_w[ty] * si[c].n[ty];
    if (phase > EVAL_PHASE_MAX)
        phase = EVAL_PHASE_MAX;

    const int mg = a.sc[RED][MG] - a.sc[BLACK][MG];
    const int eg = a.sc[RED][EG] - a.sc[BLACK][EG];
    int v = (mg * phase + eg * (EVAL_PHASE_MAX - phase)) / EVAL_PHASE_MAX;

    const int strong = v >= 0 ? RED : BLACK;
    const int scase = scale_for(&si[strong], &si[strong ^ 1]);
    const int scale = scale_case[scase];
    v = v * scale / EVAL_SCALE_MAX;

    /* Tempo: the side to move is a little better off. */
    v = (p->side == RED ? v : -v) + scalar[SC_TEMPO].mg;
    if (t) {
        t->phase = phase;
        t->scale_case[strong] = scase;
        t->scale_case[strong ^ 1] = scale_for(&si[strong ^ 1], &si[strong]);
        t->strong = strong;
        t->scale = scale;
        t->tempo_sign = p->side == RED ? 1 : -1;
        t->red_view = p->side == RED ? v : -v;
    }
    if (v > EVAL_MAX)
        v = EVAL_MAX;
    if (v < -EVAL_MAX)
        v = -EVAL_MAX;
    return v;
}

int xq__evaluate(const pos_t *p) { return evaluate(p, NULL); }

int xq__evaluate_trace(const pos_t *p, eval_trace *t)
{
    memset(t, 0, sizeof *t);
    return evaluate(p, t);
}

void xq__eval_weights(int mg[EP_COUNT], int eg[EP_COUNT])
{
    for (int i = 0; i < EP_COUNT; i++)
        mg[i] = eg[i] = 0;
    for (int ty = ADVISOR; ty <= PAWN; ty++) {
        mg[EP_MATERIAL + ty] = material[ty].mg;
        eg[EP_MATERIAL + ty] = material[ty].eg;
    }
    for (int ty = KING; ty <= PAWN; ty++)
        for (int i = 0; i < SQ_NB; i++) {
            mg[EP_PST + ty * SQ_NB + i] = pst_mg[ty][i];
            eg[EP_PST + ty * SQ_NB + i] = pst_eg[ty][i];
        }
    for (int m = 0; m < 9; m++) {
        mg[EP_MOB_HORSE + m] = mob_horse[m].mg;
        eg[EP_MOB_HORSE + m] = mob_horse[m].eg;
    }
    for (int m = 0; m < 18; m++) {
        mg[EP_MOB_CHARIOT + m] = mob_chariot[m].mg;
        eg[EP_MOB_CHARIOT + m] = mob_chariot[m].eg;
        mg[EP_MOB_CANNON + m] = mob_cannon[m].mg;
        eg[EP_MOB_CANNON + m] = mob_cannon[m].eg;
    }
    for (int k = 0; k < SC_COUNT; k++) {
        mg[EP_SCALAR + k] = scalar[k].mg;
        eg[EP_SCALAR + k] = scalar[k].eg;
    }
}

void xq__eval_scales(int factor[SCALE_COUNT])
{
    for (int k = 0; k < SCALE_COUNT; k++)
        factor[k] = scale_case[k];
}

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
