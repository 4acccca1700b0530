/* SPDX-License-Identifier: MIT */
/* Endgame tables: material signatures and the position index (see
 * egtb_index.h for the layout). */
#include "egtb_index.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "util/error.h"
#include "core/movegen.h"

/* Order in which the types appear in names and decide the stronger side. */
static const int type_order[6] = {CHARIOT, HORSE, CANNON, PAWN, ADVISOR, ELEPHANT};
static const char type_letter[8] = {0, 'K', 'A', 'B', 'N', 'R', 'C', 'P'};

enum { RED_KING_SQ = 6, BLACK_KING_SQ = 9, PAIR_MAX = SQ_NB * (SQ_NB - 1) / 2 };

static uint8_t pair_lo[PAIR_MAX], pair_hi[PAIR_MAX];
static uint8_t red_king_sq[RED_KING_SQ], black_king_sq[BLACK_KING_SQ];
static int8_t red_king_idx[SQ_NB], black_king_idx[SQ_NB];
static uint8_t mirror_sq[SQ_NB];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static void index_init(void)
{
    int k = 0;
    for (int hi = 1; hi < SQ_NB; hi++)
        for (int lo = 0; lo < hi; lo++, k++) {
            pair_lo[k] = (uint8_t)lo;
            pair_hi[k] = (uint8_t)hi;
        }
    int nr = 0, nb = 0;
    for (int s = 0; s < SQ_NB; s++) {
        red_king_idx[s] = black_king_idx[s] = -1;
        mirror_sq[s] = (uint8_t)make_sq(FILE_NB - 1 - sq_file(s), sq_rank(s));
    }
    for (int r = 0; r < 3; r++)
        for (int f = 3; f <= 4; f++) {
            red_king_idx[make_sq(f, r)] = (int8_t)nr;
            red_king_sq[nr++] = (uint8_t)make_sq(f, r);
        }
    for (int r = 7; r < 10; r++)
        for (int f = 3; f <= 5; f++) {
            black_king_idx[make_sq(f, r)] = (int8_t)nb;
            black_king_sq[nb++] = (uint8_t)make_sq(f, r);
        }
}

void xq__egtb_material_of(const pos_t *p, egtb_material *m)
{
    memset(m, 0, sizeof *m);
    for (int c = RED; c <= BLACK; c++)
        for (int t = ADVISOR; t <= PAWN; t++)
            m->n[c][t] = (uint8_t)popcount128(p->pieces[MAKE_PIECE(c, t)]);
}

static int material_cmp(const egtb_material *m)
{
    for (int i = 0; i < 6; i++) {
        int t = type_order[i];
        if (m->n[RED][t] != m->n[BLACK][t])
            return m->n[RED][t] > m->n[BLACK][t] ? 1 : -1;
    }
    return 0;
}

int xq__egtb_material_flip(const egtb_material *m) { return material_cmp(m) < 0; }

void xq__egtb_material_swap(const egtb_material *m, egtb_material *out)
{
    egtb_material t;
    memcpy(t.n[RED], m->n[BLACK], sizeof t.n[RED]);
    memcpy(t.n[BLACK], m->n[RED], sizeof t.n[BLACK]);
    *out = t;
}

int xq__egtb_material_count(const egtb_material *m)
{
    int n = 0;
    for (int c = RED; c <= BLACK; c++)
        for (int t = ADVISOR; t <= PAWN; t++)
            n += m->n[c][t];
    return n;
}

int xq__egtb_material_eq(const egtb_material *a, const egtb_material *b)
{
    for (int c = RED; c <= BLACK; c++)
        for (int t = ADVISOR; t <= PAWN; t++)
            if (a->n[c][t] != b->n[c][t])
                return 0;
    return 1;
}

void xq__egtb_material_name(const egtb_material *m, char *buf, size_t cap)
{
    char tmp[64];
    size_t k = 0;
    for (int c = RED; c <= BLACK; c++) {
        tmp[k++] = 'K';
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < m->n[c][type_order[i]] && k < sizeof tmp - 2; j++)
                tmp[k++] = type_letter[type_order[i]];
    }
    if (cap == 0)
        return;
    if (k > cap - 1)
        k = cap - 1; /* cut to the caller's buffer */
    memcpy(buf, tmp, k);
    buf[k] = 0;
}

int xq__egtb_material_parse(const char *text, egtb_material *m, xq_parse_error *err)
{
    if (!text)
        return xq__parse_fail(err, XQ_EINVAL, -1, "material is NULL");
    egtb_material t;
    memset(&t, 0, sizeof t);
    int side = -1;
    for (int i = 0; text[i]; i++) {
        int ch = text[i] >= 'a' && text[i] <= 'z' ? text[i] - 32 : text[i];
        int type;
        switch (ch) {
        case 'K':
            if (++side > BLACK)
                return xq__parse_fail(err, XQ_EPARSE, i, "more than two generals in '%s'", text);
            continue;
        case 'A': type = ADVISOR; break;
        case 'B': case 'E': type = ELEPHANT; break;
        case 'N': case 'H': type = HORSE; break;
        case 'R': type = CHARIOT; break;
        case 'C': type = CANNON; break;
        case 'P': type = PAWN; break;
        default:
            return xq__parse_fail(err, XQ_EPARSE, i,
                                  "unexpected '%c' in material '%s' (expected K R N C P A B)",
                                  text[i], text);
        }
        if (side < 0)
            return xq__parse_fail(err, XQ_EPARSE, i, "material must start with K: '%s'", text);
        if (++t.n[side][type] > EGTB_MAX_LIKE)
            return xq__parse_fail(err, XQ_EPARSE, i,
                                  "more than %d like pieces on one side in '%s'", EGTB_MAX_LIKE,
                                  text);
    }
    if (side != BLACK)
        return xq__parse_fail(err, XQ_EPARSE, -1, "material needs two generals (e.g. KRKAA): '%s'",
                              text);
    static const int limit[8] = {0, 0, 2, 2, 2, 2, 2, 5};
    for (int c = RED; c <= BLACK; c++)
        for (int ty = ADVISOR; ty <= PAWN; ty++)
            if (t.n[c][ty] > limit[ty])
                return xq__parse_fail(err, XQ_EPARSE, -1, "too many pieces in '%s'", text);
    if (xq__egtb_material_flip(&t))
        xq__egtb_material_swap(&t, &t);
    *m = t;
    return XQ_OK;
}

static void group_init(egtb_group *g, int color, int type, int count)
{
    u128 dom;
    switch (type) {
    case ADVISOR: dom = xq__T.palace[color]; break;
    case ELEPHANT: dom = xq__T.elephant_squares[color]; break;
    case PAWN: dom = xq__T.pawn_squares[color]; break;
    default: dom = xq__T.board; break;
    }
    if (type == ADVISOR) { /* the five advisor points of the palace */
        u128 pts = 0;
        for (int s = 0; s < SQ_NB; s++)
            if ((dom & sq_bit(s)) && (sq_file(s) + sq_rank(s)) % 2 == (color == RED))
                pts |= sq_bit(s);
        dom = pts;
    }
    g->color = (uint8_t)color;
    g->type = (uint8_t)type;
    g->count = (uint8_t)count;
    g->nsq = 0;
    for (int s = 0; s < SQ_NB; s++) {
        g->idx[s] = -1;
        if (dom & sq_bit(s)) {
            g->idx[s] = (int8_t)g->nsq;
            g->sq[g->nsq++] = (uint8_t)s;
        }
    }
    g->size = count == 1 ? g->nsq : (uint32_t)g->nsq * (g->nsq - 1u) / 2u;
}

int xq__egtb_layout_init(egtb_layout *L, const egtb_material *m)
{
    xq__tables_init();
    pthread_once(&index_once, index_init);
    memset(L, 0, sizeof *L);
    L->mat = *m;
    xq__egtb_material_name(m, L->name, sizeof L->name);
    uint64_t size = RED_KING_SQ * BLACK_KING_SQ;
    for (int c = RED; c <= BLACK; c++)
        for (int i = 0; i < 6; i++) {
            int t = type_order[i], n = m->n[c][t];
            if (!n)
                continue;
            if (n > EGTB_MAX_LIKE || L->ngroups == EGTB_MAX_GROUPS)
                return XQ_EINVAL;
            egtb_group *g = &L->g[L->ngroups++];
            group_init(g, c, t, n);
            size *= g->size;
        }
    L->half = size;
    L->size = 2 * size;
    return XQ_OK;
}

int64_t xq__egtb_encode(const egtb_layout *L, const pos_t *p, int flip)
{
    /* Square in the table's frame: colours swapped = board turned 180
     * degrees; then mirrored if the Red general is on file f. */
    int rk = p->king[flip ? BLACK : RED], bk = p->king[flip ? RED : BLACK];
    if (flip) {
        rk = SQ_NB - 1 - rk;
        bk = SQ_NB - 1 - bk;
    }
    const int mirror = sq_file(rk) > 4;
    if (mirror) {
        rk = mirror_sq[rk];
        bk = mirror_sq[bk];
    }
    int stm = p->side ^ flip;
    if (red_king_idx[rk] < 0 || black_king_idx[bk] < 0)
        return -1;
    uint64_t idx = (uint64_t)red_king_idx[rk] * BLACK_KING_SQ + (uint64_t)black_king_idx[bk];
    for (int i = 0; i < L->ngroups; i++) {
        const egtb_group *g = &L->g[i];
        u128 b = p->pieces[MAKE_PIECE(g->color ^ flip, g->type)];
        int d[2] = {0, 0}, n = 0;
        while (b && n < 2) {
            int s = pop_lsb128(&b);
            if (flip)
                s = SQ_NB - 1 - s;
            if (mirror)
                s = mirror_sq[s];
            if (g->idx[s] < 0)
                return -1;
            d[n++] = g->idx[s];
        }
        if (n != g->count || b)
            return -1;
        uint32_t v;
        if (n == 1) {
            v = (uint32_t)d[0];
        } else {
            int lo = d[0] < d[1] ? d[0] : d[1], hi = d[0] ^ d[1] ^ lo;
            v = (uint32_t)(hi * (hi - 1) / 2 + lo);
        }
        idx = idx * g->size + v;
    }
    return (int64_t)(idx + (uint64_t)stm * L->half);
}

int xq__egtb_decode(const egtb_layout *L, uint64_t index, pos_t *p)
{
    int side = index >= L->half;
    uint64_t idx = index - (side ? L->half : 0);
    int sqs[EGTB_MAX_GROUPS][2];
    for (int i = L->ngroups - 1; i >= 0; i--) {
        const egtb_group *g = &L->g[i];
        uint32_t v = (uint32_t)(idx % g->size);
        idx /= g->size;
        if (g->count == 1) {
            sqs[i][0] = g->sq[v];
        } else {
            sqs[i][0] = g->sq[pair_lo[v]];
            sqs[i][1] = g->sq[pair_hi[v]];
        }
    }
    int bk = black_king_sq[idx % BLACK_KING_SQ];
    int rk = red_king_sq[idx / BLACK_KING_SQ];
    xq__pos_clear(p);
    xq__pos_put(p, rk, MAKE_PIECE(RED, KING));
    if (p->sq[bk])
        return 0;
    xq__pos_put(p, bk, MAKE_PIECE(BLACK, KING));
    for (int i = 0; i < L->ngroups; i++) {
        const egtb_group *g = &L->g[i];
        for (int j = 0; j < g->count; j++) {
            if (p->sq[sqs[i][j]])
                return 0;
            xq__pos_put(p, sqs[i][j], MAKE_PIECE(g->color, g->type));
        }
    }
    p->side = (uint8_t)side;
    if (side == BLACK)
        p->key ^= xq__T.zobrist_side;
    /* The side that just moved may not be in check (nor face the general). */
    if (xq__attacked(p, p->king[side ^ 1], side))
        return 0;
    return 1;
}
