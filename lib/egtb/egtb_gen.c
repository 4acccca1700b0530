/* SPDX-License-Identifier: MIT */
/* Endgame tables: generation by retrograde analysis.
 *
 * Phase 1, mates (pass n finds the positions decided in n plies): pass 0
 * scans every index, marks illegal ones and the positions without a legal
 * move (lost in 0), and schedules the positions whose result a capture into a
 * smaller table decides. Pass n re-evaluates, by their legal moves, the
 * predecessors of the positions decided at pass n-1 (found by un-moves, a
 * superset checked by the full evaluation) and the scheduled ones. A
 * position is won in n if a successor is lost in n-1, lost in n if every
 * successor is won in at most n-1. Successors decided at pass n or later
 * count as unknown, so every distance is the optimal one.
 *
 * Phase 2, the perpetual-check rule, on the positions phase 1 left drawn
 * (docs/endgames.md): for each side X that can give check, the positions from
 * which X cannot keep the game going with infinitely many non-checking moves
 * of its own (a Buchi game over the drawn positions) are lost for X; a
 * position both sides would lose that way (mutual perpetual check) stays
 * drawn. Results are closed under the usual rules (a move to a lost position
 * wins) and the phase repeats until nothing changes. These results carry no
 * mate distance (codes EGTB_RULE_WIN / EGTB_RULE_LOSS). */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "egtb_probe.h"
#include "util/error.h"
#include "util/grow.h"
#include "core/movegen.h"

typedef struct child_ref {
    egtb_table *t;
    int flip;
} child_ref;

typedef struct ivec {
    uint32_t *v;
    size_t n, cap;
} ivec;

typedef struct gen {
    egtb_table *t;
    uint16_t *v;
    child_ref child[2][8]; /* by captured piece colour and type (table frame) */
    ivec *sched;           /* positions to re-evaluate at pass i */
    int nsched, last;      /* last: highest pass with work scheduled */
    uint64_t legal, resolved;
    xq_egtb_progress_fn fn;
    void *ud;
} gen;

static int ivec_push(ivec *a, uint32_t x)
{
    if (XQ__GROW(a->v, a->cap, a->n + 1, SIZE_MAX) != XQ_OK)
        return XQ_ENOMEM;
    a->v[a->n++] = x;
    return XQ_OK;
}

static int schedule(gen *G, int pass, uint32_t idx)
{
    if (pass >= G->nsched) {
        const int old = G->nsched; /* the new passes' queues start empty */
        if (XQ__GROW_INT(G->sched, G->nsched, pass + 1) != XQ_OK)
            return XQ_ENOMEM;
        memset(G->sched + old, 0, (size_t)(G->nsched - old) * sizeof *G->sched);
    }
    if (pass > G->last)
        G->last = pass;
    return ivec_push(&G->sched[pass], idx);
}

/* Code of the position after move m (from its side to move's view); *same
 * gets the index in this table, or -1 for a capture into another table. */
static unsigned child_code(const gen *G, pos_t *p, xq_move m, int64_t *same)
{
    undo_t u;
    const int cap = p->sq[MOVE_TO(m)];
    unsigned code;
    pos_do(p, m, &u);
    if (cap) {
        const child_ref *c = &G->child[PCOLOR(cap)][PTYPE(cap)];
        int64_t i = xq__egtb_encode(&c->t->L, p, c->flip);
        code = i < 0 ? EGTB_ILLEGAL : xq__egtb_get(c->t, (uint64_t)i);
        *same = -1;
    } else {
        int64_t i = xq__egtb_encode(&G->t->L, p, 0);
        code = i < 0 ? EGTB_ILLEGAL : G->v[i];
        *same = i;
    }
    pos_undo(p, m, &u);
    return code;
}

/* Child codes as seen by the side to move of the parent. */
INLINE int code_lost(unsigned c) { return egtb_code_is_dtm(c) && !((c - 1) & 1); }
INLINE int code_won(unsigned c) { return egtb_code_is_dtm(c) && ((c - 1) & 1); }

/* Phase 1 evaluation at pass n: the new code, or 0 if still unknown. */
static unsigned eval_mate(const gen *G, pos_t *p, int n)
{
    xq_move mv[MAX_MOVES];
    const int nm = xq__gen_legal(p, mv, ALL_SQUARES);
    if (nm == 0)
        return 1; /* lost in 0 */
    unsigned min_loss = ~0u, max_win = 0;
    int all_won = 1;
    for (int i = 0; i < nm; i++) {
        int64_t same;
        unsigned c = child_code(G, p, mv[i], &same);
        if (!egtb_code_is_dtm(c) || c - 1 >= (unsigned)n) {
            all_won = 0;
            continue;
        }
        unsigned d = c - 1;
        if (!(d & 1)) {
            if (d < min_loss)
                min_loss = d;
        } else if (d > max_win) {
            max_win = d;
        }
    }
    if (min_loss != ~0u)
        return min_loss + 2;
    if (all_won)
        return max_win + 2;
    return 0;
}

static void progress(const gen *G, int phase, int pass)
{
    if (G->fn)
        G->fn(G->t->L.name, phase, pass, G->resolved, G->legal, G->ud);
}

/* Un-moves: every position one move of the side not to move before p
 * (a superset: each candidate is evaluated in full). */
static int predecessors(gen *G, const pos_t *c, int n)
{
    const int mover = c->side ^ 1;
    const u128 occ = pos_occ(c);
    u128 pcs = c->by_color[mover];
    while (pcs) {
        const int s = pop_lsb128(&pcs);
        const int type = PTYPE(c->sq[s]);
        u128 from;
        switch (type) {
        case KING: from = xq__T.king_to[s]; break;
        case ADVISOR: from = xq__T.advisor_to[s]; break;
        case ELEPHANT: from = xq__T.elephant_to[s][diag4_index(occ, s)]; break;
        case HORSE: from = xq__T.horse_from[s][diag4_index(occ, s)]; break;
        case PAWN: from = xq__T.pawn_from[mover][s]; break;
        default: from = rook_targets(c, s); break; /* chariot, cannon (quiet) */
        }
        from &= ~occ;
        while (from) {
            const int o = pop_lsb128(&from);
            pos_t q = *c;
            undo_t u;
            q.side = (uint8_t)mover;
            pos_do(&q, MAKE_MOVE(s, o), &u);
            q.side = (uint8_t)mover;
            int64_t qi = xq__egtb_encode(&G->t->L, &q, 0);
            if (qi < 0 || G->v[qi] != EGTB_DRAW)
                continue;
            unsigned code = eval_mate(G, &q, n);
            if (code) {
                /* q here may be a mirror image of the decoded index: same value. */
                G->v[qi] = (uint16_t)code;
                G->resolved++;
                int rc = schedule(G, n + 1, (uint32_t)qi);
                if (rc)
                    return rc;
            }
        }
    }
    return XQ_OK;
}

static void mirror(const pos_t *p, pos_t *m)
{
    xq__pos_clear(m);
    for (int s = 0; s < SQ_NB; s++)
        if (p->sq[s])
            xq__pos_put(m, make_sq(FILE_NB - 1 - sq_file(s), sq_rank(s)), p->sq[s]);
    m->side = p->side;
}

static int phase_mate(gen *G)
{
    const egtb_layout *L = &G->t->L;
    pos_t p;
    int rc = XQ_OK;
    /* Pass 0. Entries of sched[n] decided at pass n-1 are "new" at pass n. */
    for (uint64_t i = 0; i < L->size; i++) {
        if (!xq__egtb_decode(L, i, &p)) {
            G->v[i] = EGTB_ILLEGAL;
            continue;
        }
        G->legal++;
        xq_move mv[MAX_MOVES];
        const int nm = xq__gen_legal(&p, mv, ALL_SQUARES);
        if (nm == 0) {
            G->v[i] = 1;
            G->resolved++;
            if ((rc = schedule(G, 1, (uint32_t)i)))
                return rc;
            continue;
        }
        unsigned min_loss = ~0u, max_win = 0;
        for (int k = 0; k < nm; k++) {
            if (!p.sq[MOVE_TO(mv[k])])
                continue;
            int64_t same;
            unsigned c = child_code(G, &p, mv[k], &same);
            if (code_lost(c) && c - 1 < min_loss)
                min_loss = c - 1;
            else if (code_won(c) && c - 1 > max_win)
                max_win = c - 1;
        }
        if (min_loss != ~0u)
            rc = schedule(G, (int)min_loss + 1, (uint32_t)i | 0x80000000u);
        else if (max_win)
            rc = schedule(G, (int)max_win + 1, (uint32_t)i | 0x80000000u);
        if (rc)
            return rc;
    }
    progress(G, XQ_EGTB_PHASE_MATE, 0);
    for (int n = 1; n <= G->last && n <= EGTB_DTM_MAX; n++) {
        ivec work = G->sched[n];
        memset(&G->sched[n], 0, sizeof work);
        /* Scheduled re-evaluations first (flag bit), then un-moves of the
         * positions decided at pass n-1. Both only decide positions at n. */
        for (size_t k = 0; k < work.n; k++) {
            if (!(work.v[k] & 0x80000000u))
                continue;
            uint32_t qi = work.v[k] & 0x7fffffffu;
            if (G->v[qi] != EGTB_DRAW)
                continue;
            xq__egtb_decode(L, qi, &p);
            unsigned code = eval_mate(G, &p, n);
            if (code) {
                G->v[qi] = (uint16_t)code;
                G->resolved++;
                if ((rc = schedule(G, n + 1, qi)))
                    break;
            }
        }
        for (size_t k = 0; k < work.n && !rc; k++) {
            if (work.v[k] & 0x80000000u)
                continue;
            uint32_t ci = work.v[k];
            if (G->v[ci] - 1u != (unsigned)n - 1u)
                continue; /* decided at another pass (cannot happen) */
            xq__egtb_decode(L, ci, &p);
            rc = predecessors(G, &p, n);
            /* The index also stands for the mirror image when the Red
             * general is off the middle file: un-move that one too. */
            if (!rc && sq_file(p.king[RED]) != 4) {
                pos_t m;
                mirror(&p, &m);
                rc = predecessors(G, &m, n);
            }
        }
        free(work.v);
        if (rc)
            return rc;
        progress(G, XQ_EGTB_PHASE_MATE, n);
    }
    return XQ_OK;
}

/* ---- phase 2: the perpetual-check rule ---- */

enum { ARENA_OUT = 0, ARENA_IN = 1, ARENA_GONE = 2 };

/* What a successor is worth to side X in the Buchi game over the arena. */
enum { SUCC_XGOOD, SUCC_YGOOD, SUCC_ARENA };

static int succ_kind(const gen *G, const uint8_t *arena, unsigned code, int64_t same, int child_side,
                     int X)
{
    if (same >= 0 && arena[same] == ARENA_GONE)
        return SUCC_YGOOD;
    if (same >= 0 && arena[same] == ARENA_IN)
        return SUCC_ARENA;
    (void)G;
    if (code == EGTB_DRAW)
        return SUCC_XGOOD; /* a draw in a smaller table: X keeps it there */
    int child_wins = code == EGTB_RULE_WIN || code_won(code);
    int x_wins = child_side == X ? child_wins : !child_wins;
    return x_wins ? SUCC_XGOOD : SUCC_YGOOD;
}

/* Attractor inside the arena: grow `set` (positions marked 1) with the
 * positions from which `who` forces a move into set or into a successor good
 * for `who`. Full passes until nothing changes. */
static void attractor(const gen *G, const uint8_t *arena, uint8_t *set, int X, int who)
{
    const egtb_layout *L = &G->t->L;
    int changed = 1;
    pos_t p;
    while (changed) {
        changed = 0;
        for (uint64_t i = 0; i < L->size; i++) {
            if (arena[i] != ARENA_IN || set[i])
                continue;
            xq__egtb_decode(L, i, &p);
            xq_move mv[MAX_MOVES];
            const int nm = xq__gen_legal(&p, mv, ALL_SQUARES);
            const int owner = p.side == who;
            int any = 0, all = 1;
            for (int k = 0; k < nm; k++) {
                int64_t same;
                unsigned c = child_code(G, &p, mv[k], &same);
                int kind = succ_kind(G, arena, c, same, p.side ^ 1, X);
                int good = kind == SUCC_ARENA ? set[same]
                                              : (kind == SUCC_XGOOD) == (who == X);
                any |= good;
                all &= good;
            }
            if (owner ? any : all) {
                set[i] = 1;
                changed = 1;
            }
        }
    }
}

/* Positions of the arena lost for X by the perpetual-check rule (marked 1 in
 * lost). */
static int buchi(const gen *G, const uint8_t *arena0, uint8_t *lost, int X)
{
    const egtb_layout *L = &G->t->L;
    const size_t n = (size_t)L->size;
    uint8_t *arena = malloc(n), *A = malloc(n);
    if (!arena || !A) {
        free(arena);
        free(A);
        return XQ_ENOMEM;
    }
    memcpy(arena, arena0, n);
    memset(lost, 0, n);
    pos_t p;
    for (;;) {
        /* A: X reaches a position where Y is to move and not in check (X's
         * last move was not a check). */
        for (size_t i = 0; i < n; i++) {
            A[i] = 0;
            if (arena[i] == ARENA_IN && (i >= L->half) != X) {
                xq__egtb_decode(L, i, &p);
                A[i] = !xq__in_check(&p);
            }
        }
        attractor(G, arena, A, X, X);
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            A[i] = arena[i] == ARENA_IN && !A[i]; /* Y avoids them forever */
            any |= A[i];
        }
        if (!any)
            break;
        attractor(G, arena, A, X, X ^ 1);
        for (size_t i = 0; i < n; i++)
            if (A[i]) {
                arena[i] = ARENA_GONE;
                lost[i] = 1;
            }
    }
    free(arena);
    free(A);
    return XQ_OK;
}

/* Close the results under the usual rules (codes without distance). */
static int rule_closure(gen *G)
{
    const egtb_layout *L = &G->t->L;
    int changed = 1, any = 0;
    pos_t p;
    while (changed) {
        changed = 0;
        for (uint64_t i = 0; i < L->size; i++) {
            if (G->v[i] != EGTB_DRAW)
                continue;
            xq__egtb_decode(L, i, &p);
            xq_move mv[MAX_MOVES];
            const int nm = xq__gen_legal(&p, mv, ALL_SQUARES);
            int win = 0, all_lose = 1;
            for (int k = 0; k < nm; k++) {
                int64_t same;
                unsigned c = child_code(G, &p, mv[k], &same);
                win |= c == EGTB_RULE_LOSS || code_lost(c);
                all_lose &= c == EGTB_RULE_WIN || code_won(c);
            }
            if (win || all_lose) {
                G->v[i] = win ? EGTB_RULE_WIN : EGTB_RULE_LOSS;
                G->resolved++;
                changed = any = 1;
            }
        }
    }
    return any;
}

static int can_check(const egtb_material *m, int c)
{
    return m->n[c][CHARIOT] || m->n[c][HORSE] || m->n[c][CANNON] || m->n[c][PAWN];
}

static int phase_rule(gen *G)
{
    const egtb_layout *L = &G->t->L;
    const size_t n = (size_t)L->size;
    uint8_t *arena = malloc(n), *lost[2] = {calloc(n, 1), calloc(n, 1)};
    int rc = XQ_OK;
    if (!arena || !lost[0] || !lost[1]) {
        rc = XQ_ENOMEM;
        goto out;
    }
    for (int round = 1;; round++) {
        rule_closure(G);
        for (size_t i = 0; i < n; i++)
            arena[i] = G->v[i] == EGTB_DRAW ? ARENA_IN : ARENA_OUT;
        for (int X = RED; X <= BLACK; X++) {
            memset(lost[X], 0, n);
            if (can_check(&L->mat, X) && (rc = buchi(G, arena, lost[X], X)))
                goto out;
        }
        int changed = 0;
        for (size_t i = 0; i < n; i++) {
            if (lost[RED][i] == lost[BLACK][i])
                continue; /* neither, or both (mutual perpetual check: drawn) */
            int X = lost[RED][i] ? RED : BLACK;
            int side = i >= L->half;
            G->v[i] = side == X ? EGTB_RULE_LOSS : EGTB_RULE_WIN;
            G->resolved++;
            changed = 1;
        }
        progress(G, XQ_EGTB_PHASE_RULE, round);
        if (!changed)
            break;
    }
out:
    free(arena);
    free(lost[0]);
    free(lost[1]);
    return rc;
}

static int table_path(const xq_egtb *tb, const char *name, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%s/%s%s", tb->dir, name, EGTB_SUFFIX);
    return n > 0 && (size_t)n < cap;
}

static int generate(xq_egtb *tb, const egtb_material *m, xq_egtb_progress_fn fn, void *ud,
                    xq_parse_error *err);

/* The table of canonical m: in the set, from its file, or generated. */
static int need(xq_egtb *tb, const egtb_material *m, xq_egtb_progress_fn fn, void *ud,
                xq_parse_error *err, egtb_table **out)
{
    *out = xq__egtb_find(tb, m);
    if (*out)
        return XQ_OK;
    char name[EGTB_NAME_MAX], path[EGTB_PATH_MAX];
    xq__egtb_material_name(m, name, sizeof name);
    if (!table_path(tb, name, path, sizeof path))
        return xq__parse_fail(err, XQ_EINVAL, -1, "directory name too long");
    struct stat st;
    if (stat(path, &st) == 0) {
        egtb_table *t = calloc(1, sizeof *t);
        if (!t)
            return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
        int rc = xq__egtb_file_open(t, path, err);
        if (rc == XQ_OK && !xq__egtb_material_eq(&t->L.mat, m))
            rc = xq__parse_fail(err, XQ_EPARSE, -1, "%s: holds table %s", path, t->L.name);
        if (rc == XQ_OK && (rc = xq__egtb_add(tb, t)) != XQ_OK)
            xq__parse_fail(err, rc, -1, "out of memory");
        if (rc != XQ_OK) {
            xq__egtb_table_release(t);
            free(t);
            return rc;
        }
        *out = t;
        return XQ_OK;
    }
    int rc = generate(tb, m, fn, ud, err);
    if (rc == XQ_OK)
        *out = xq__egtb_find(tb, m);
    return rc;
}

/* Make the table of m and, first, every table a capture leads to that tb
 * does not hold; each is written to tb->dir. */
static int generate(xq_egtb *tb, const egtb_material *m, xq_egtb_progress_fn fn, void *ud,
                    xq_parse_error *err)
{
    gen G;
    memset(&G, 0, sizeof G);
    G.fn = fn;
    G.ud = ud;
    int rc;
    /* Smaller tables first. */
    for (int c = RED; c <= BLACK; c++)
        for (int ty = ADVISOR; ty <= PAWN; ty++) {
            if (!m->n[c][ty])
                continue;
            egtb_material cm = *m;
            cm.n[c][ty]--;
            int flip = xq__egtb_material_flip(&cm);
            if (flip)
                xq__egtb_material_swap(&cm, &cm);
            if ((rc = need(tb, &cm, fn, ud, err, &G.child[c][ty].t)) != XQ_OK)
                return rc;
            G.child[c][ty].flip = flip;
        }
    egtb_table *t = calloc(1, sizeof *t);
    if (!t)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    if (xq__egtb_layout_init(&t->L, m) != XQ_OK || t->L.size >= 0x7fffffffull) {
        free(t);
        return xq__parse_fail(err, XQ_EINVAL, -1, "material cannot be indexed");
    }
    t->owned = calloc((size_t)t->L.size, sizeof *t->owned);
    if (!t->owned) {
        rc = xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory for %s", t->L.name);
        free(t);
        return rc;
    }
    t->width = 2;
    t->flags = EGTB_FLAG_PERPETUAL_RULE;
    G.t = t;
    G.v = t->owned;
    rc = phase_mate(&G);
    if (rc == XQ_OK)
        rc = phase_rule(&G);
    for (int i = 0; i < G.nsched; i++)
        free(G.sched[i].v);
    free(G.sched);
    char path[EGTB_PATH_MAX];
    if (rc != XQ_OK) {
        xq__parse_fail(err, rc, -1, "out of memory generating %s", t->L.name);
    } else if (!table_path(tb, t->L.name, path, sizeof path)) {
        rc = xq__parse_fail(err, XQ_EINVAL, -1, "directory name too long");
    } else {
        rc = xq__egtb_file_write(t, path, err);
    }
    if (rc == XQ_OK && (rc = xq__egtb_add(tb, t)) != XQ_OK)
        xq__parse_fail(err, rc, -1, "out of memory");
    if (rc != XQ_OK) {
        xq__egtb_table_release(t);
        free(t);
        return rc;
    }
    progress(&G, XQ_EGTB_PHASE_DONE, 0);
    return XQ_OK;
}

/* ---- the public entry ---- */

int xq_egtb_generate(const char *dir, const char *material, xq_egtb_progress_fn fn,
                     void *userdata, xq_parse_error *err)
{
    if (!dir || !material)
        return xq__parse_fail(err, XQ_EINVAL, -1, "directory or material is NULL");
    egtb_material m;
    int rc = xq__egtb_material_parse(material, &m, err);
    if (rc != XQ_OK)
        return rc;
    xq__tables_init();
    DIR *d = opendir(dir);
    if (!d)
        return xq__parse_fail(err, XQ_EIO, -1, "cannot open %s: %s", dir, strerror(errno));
    closedir(d);
    xq_egtb *tb = xq__egtb_set_new(dir);
    if (!tb)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    char name[EGTB_NAME_MAX], path[EGTB_PATH_MAX];
    xq__egtb_material_name(&m, name, sizeof name);
    FILE *f = NULL;
    if (!table_path(tb, name, path, sizeof path)) {
        rc = xq__parse_fail(err, XQ_EINVAL, -1, "directory name too long");
    } else if ((f = fopen(path, "rb")) != NULL) { /* present: check it reads */
        fclose(f);
        egtb_table t;
        rc = xq__egtb_file_open(&t, path, err);
        if (rc == XQ_OK)
            xq__egtb_table_release(&t);
    } else {
        rc = generate(tb, &m, fn, userdata, err);
    }
    xq_egtb_free(tb);
    return rc;
}
