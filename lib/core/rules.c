/* SPDX-License-Identifier: MIT */
/* Rule adjudication: the repetition judge shared by the board API and the
 * search, the move limit, insufficient material, forbidden moves, and the
 * public xq_board_outcome() family (see rules.h and docs/rules.md). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "movegen.h"
#include "rules.h"

/* ---- rule sets ---- */

int xq_rules_init(xq_rules *r, unsigned int version, int ruleset)
{
    if (!r)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_RULES_VERSION))
        return XQ_EVERSION;
    if (ruleset < XQ_RULES_AXF || ruleset > XQ_RULES_SIMPLE)
        return XQ_EINVAL;
    memset(r, 0, sizeof *r);
    r->version = version;
    r->ruleset = ruleset;
    r->fold = 3;
    r->ply_limit = 120;
    r->check_cap = ruleset == XQ_RULES_AXF ? 10 : -1;
    r->mate_threat_depth = 3;
    r->insufficient_material = 1;
    return XQ_OK;
}

int xq__rules_compile(const xq_rules *r, rules_cfg *cfg)
{
    xq_rules defaults;
    if (!r) {
        xq_rules_init(&defaults, XQ_RULES_VERSION, XQ_RULES_AXF);
        r = &defaults;
    }
    if (xq__version_check(r->version, XQ_RULES_VERSION))
        return XQ_EVERSION;
    if (r->ruleset < XQ_RULES_AXF || r->ruleset > XQ_RULES_SIMPLE || r->fold < 2 ||
        r->fold > 100 || r->ply_limit < 0 || r->ply_limit > 1000000 || r->check_cap < -1 ||
        r->check_cap > 1000000 || r->mate_threat_depth < 0 || r->mate_threat_depth > 5 ||
        (r->insufficient_material != 0 && r->insufficient_material != 1))
        return XQ_EINVAL;
    cfg->set = (uint8_t)r->ruleset;
    cfg->fold = (uint8_t)r->fold;
    cfg->threat_depth = (uint8_t)(r->ruleset == XQ_RULES_CXA ? r->mate_threat_depth : 0);
    cfg->insufficient = (uint8_t)r->insufficient_material;
    cfg->ply_limit = r->ply_limit;
    cfg->check_cap = r->check_cap;
    return XQ_OK;
}

/* ---- a line of plies: the search's stack of positions, or a board's
 * history, plus optionally one more ply (a candidate move). Ply i leads from
 * the position with key lv_key(i) to the next one. ---- */

typedef struct line_view {
    const rules_entry *st;  /* search stack (positions 0..nbase), or NULL */
    const hist_entry *hist; /* board history (plies 0..nbase-1), or NULL */
    int nbase;              /* plies in st or hist */
    int has_extra;
    hist_entry extra;       /* ply nbase when has_extra */
} line_view;

INLINE int lv_n(const line_view *v) { return v->nbase + v->has_extra; }

INLINE const hist_entry *lv_hist(const line_view *v, int i)
{
    return i >= v->nbase ? &v->extra : &v->hist[i];
}

INLINE uint64_t lv_key(const line_view *v, int i)
{
    return v->st && i < v->nbase ? v->st[i].key : lv_hist(v, i)->undo.key;
}

INLINE xq_move lv_move(const line_view *v, int i)
{
    return v->st && i < v->nbase ? v->st[i + 1].move : lv_hist(v, i)->move;
}

INLINE int lv_check(const line_view *v, int i)
{
    return v->st && i < v->nbase ? v->st[i + 1].checked : lv_hist(v, i)->check;
}

/* A capture or a null move: no cycle runs through it. */
INLINE int lv_irreversible(const line_view *v, int i)
{
    if (v->st && i < v->nbase)
        return v->st[i + 1].captured || !v->st[i + 1].move;
    const hist_entry *h = lv_hist(v, i);
    return h->undo.captured || !h->move;
}

/* ---- the repetition judge ---- */

/* What the judge found, for the outcome's evidence. */
typedef struct rep_evidence {
    int start;            /* index of the first ply of the judged span */
    int level[2];         /* 3 perpetual check, 2 other forbidden cycle, 1 allowed */
    int flags[2];         /* XQ_CYCLE_* */
    uint16_t chased[2];   /* ids (of color c^1) chased by c in every relevant move */
    uint16_t chasers[2];  /* ids of c's pieces that chased them */
    uint8_t id_sq[2][16]; /* square of each id in the current position */
} rep_evidence;

/* Whether line[i] (which led to p) was made by a side in check. */
static int evasion(const line_view *v, int i, const pos_t *p)
{
    if (i > 0)
        return lv_check(v, i - 1);
    pos_t q = *p;
    const undo_t u = {lv_key(v, i), 0, 0, 0, 0};
    pos_undo(&q, lv_move(v, i), &u); /* reversible: nothing to put back */
    return xq__in_check(&q);
}

/* Replay the span backwards from the current position, classifying the moves
 * of each side that needs it (need[c]): checks are known from the line; a
 * reply to a check is idle; under CXA other moves may threaten mate; the rest
 * must newly chase one same enemy piece. With ev == NULL, stop as soon as both sides are settled. */
static void classify(const line_view *v, const pos_t *pos, int start, const rules_cfg *cfg,
                     const int need[2], int relevant[2], int threats[2], uint16_t acc[2],
                     rep_evidence *ev)
{
    const int cxa = cfg->set == XQ_RULES_CXA;
    pos_t p = *pos;
    uint8_t id[SQ_NB];
    uint16_t chasers_acc[2][16];
    int nid[2] = {0, 0}, done[2] = {!need[0], !need[1]};

    memset(id, RULES_NO_ID, sizeof id);
    memset(chasers_acc, 0, sizeof chasers_acc);
    for (int s = 0; s < SQ_NB; s++)
        if (p.sq[s]) {
            const int c = PCOLOR(p.sq[s]);
            if (ev)
                ev->id_sq[c][nid[c]] = (uint8_t)s;
            id[s] = (uint8_t)nid[c]++;
        }
    acc[0] = acc[1] = 0xffff;
    for (int i = lv_n(v) - 1; i >= start; i--) {
        const int c = p.side ^ 1; /* made line[i] */
        const xq_move m = lv_move(v, i);
        uint16_t after = 0, chasers_of[16];
        int compared = 0;
        /* A check is judged only as a check under CXA (any mix of checks and
         * chases is forbidden there); under AXF a check that also newly chases
         * counts as a chase too, so a side that attacks the same piece with
         * every move, some of those moves checking, chases perpetually. */
        if (!done[c] && (!lv_check(v, i) || !cxa)) {
            if (cxa && evasion(v, i, &p)) {
                /* CXA: a forced reply to a check threatens and chases nothing.
                 * AXF judges it like any move: a reply that newly attacks the
                 * piece chased still chases it (art. 18, diagrams 37-38). */
                relevant[c]++;
                acc[c] = 0;
                if (!ev)
                    done[c] = 1;
            } else if (!lv_check(v, i) && cfg->threat_depth &&
                       xq__mate_threat(&p, c, cfg->threat_depth)) {
                threats[c]++;
            } else {
                relevant[c]++;
                if (acc[c]) {
                    compared = 1;
                    after = xq__chased_by(&p, c, id, cxa, chasers_of, MOVE_TO(m));
                }
            }
        }
        const undo_t u = {lv_key(v, i), p.halfmove > 0 ? p.halfmove - 1 : 0, 0, 0, 0};
        pos_undo(&p, m, &u);
        id[MOVE_FROM(m)] = id[MOVE_TO(m)];
        id[MOVE_TO(m)] = RULES_NO_ID;
        if (compared) {
            /* Only attacks the move created count: a target is newly chased
             * when one of its attackers did not attack it before the move (an
             * attack kept by the piece that moved is no new one; one handed
             * from one piece to another is: two pieces taking turns on one
             * piece chase it, AXF art. 33). */
            uint16_t before_of[16];
            const uint16_t before = xq__chased_by(&p, c, id, cxa, before_of, MOVE_FROM(m));
            uint16_t fresh = 0;
            for (int t = 0; t < 16; t++)
                if ((after & (1u << t)) &&
                    (!(before & (1u << t)) || (chasers_of[t] & ~before_of[t])))
                    fresh |= (uint16_t)(1u << t);
            acc[c] &= fresh;
            if (ev)
                for (int t = 0; t < 16; t++)
                    if (fresh & (1u << t))
                        chasers_acc[c][t] |= chasers_of[t];
            if (!acc[c] && !ev)
                done[c] = 1; /* an idle move: this side's cycle is allowed */
        }
        if (!ev && done[0] && done[1])
            break;
    }
    if (ev)
        for (int c = 0; c < 2; c++) {
            ev->chased[c] = relevant[c] ? acc[c] : 0;
            ev->chasers[c] = 0;
            for (int t = 0; t < 16; t++)
                if (ev->chased[c] & (1u << t))
                    ev->chasers[c] |= chasers_acc[c][t];
        }
}

static int judge(const line_view *v, const pos_t *pos, int root, const rules_cfg *cfg,
                 rep_evidence *ev)
{
    const int n = lv_n(v);
    const uint64_t key = pos->key;
    int start = -1, found = 0;

    /* The earlier occurrences: an even number of plies back (same side to
     * move), at least 4, with no capture or null move since. */
    for (int i = n - 1; i >= 0; i--) {
        if (lv_irreversible(v, i))
            break;
        if (((n - i) & 1) || n - i < 4 || lv_key(v, i) != key)
            continue;
        found++;
        if (i > root || found + 1 >= cfg->fold) {
            start = i;
            break;
        }
    }
    if (start < 0)
        return XQ__REP_NONE;

    const int us = pos->side;
    int moves[2] = {0, 0}, checks[2] = {0, 0}, level[2] = {1, 1}, flags[2] = {0, 0};
    for (int i = start; i < n; i++) {
        const int c = us ^ ((n - i) & 1);
        moves[c]++;
        checks[c] += lv_check(v, i) != 0;
    }
    if (ev) {
        memset(ev, 0, sizeof *ev);
        ev->start = start;
        ev->level[0] = ev->level[1] = 1;
    }
    if (cfg->set == XQ_RULES_SIMPLE)
        return XQ__REP_DRAW;

    int need[2], relevant[2] = {0, 0}, threats[2] = {0, 0};
    uint16_t acc[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        if (checks[c])
            flags[c] |= XQ_CYCLE_CHECK;
        if (checks[c] == moves[c])
            level[c] = 3;
        need[c] = level[c] != 3;
    }
    if (ev || level[0] != 3 || level[1] != 3) {
        if (!ev && (level[0] == 3 || level[1] == 3))
            need[0] = need[1] = 0; /* perpetual check outranks everything */
        if (need[0] || need[1])
            classify(v, pos, start, cfg, need, relevant, threats, acc, ev);
        for (int c = 0; c < 2; c++) {
            if (threats[c])
                flags[c] |= XQ_CYCLE_MATE_THREAT;
            if (relevant[c])
                flags[c] |= acc[c] ? XQ_CYCLE_CHASE : XQ_CYCLE_IDLE;
            if (level[c] == 3)
                continue;
            if (cfg->set == XQ_RULES_CXA)
                level[c] = !(flags[c] & XQ_CYCLE_IDLE) &&
                                   (flags[c] & (XQ_CYCLE_CHASE | XQ_CYCLE_MATE_THREAT))
                               ? 2
                               : 1;
            else
                level[c] = flags[c] & XQ_CYCLE_CHASE ? 2 : 1;
        }
    }
    if (ev)
        for (int c = 0; c < 2; c++) {
            ev->level[c] = level[c];
            ev->flags[c] = flags[c] | (level[c] > 1 ? XQ_CYCLE_FORBIDDEN : 0);
        }
    if (level[0] == level[1])
        return XQ__REP_DRAW;
    const int loser = level[RED] > level[BLACK] ? RED : BLACK;
    return loser == us ? XQ__REP_LOSS : XQ__REP_WIN;
}

int xq__rules_repetition(const pos_t *pos, const rules_entry *st, int n, int root,
                         const rules_cfg *cfg)
{
    line_view v;
    memset(&v, 0, sizeof v);
    v.st = st;
    v.nbase = n;
    return judge(&v, pos, root, cfg, NULL);
}

int xq__rules_entries_from_board(const xq_board *b, rules_entry *st, int cap)
{
    const int k = b->nhist < cap - 1 ? b->nhist : cap - 1;
    if (k < 0)
        return -1;
    for (int j = 0; j <= k; j++) {
        const int i = b->nhist - k + j; /* st[j] is the position before hist[i] */
        st[j].key = i < b->nhist ? b->hist[i].undo.key : b->pos.key;
        st[j].move = j ? b->hist[i - 1].move : XQ_MOVE_NONE;
        st[j].captured = j ? b->hist[i - 1].undo.captured : 0;
        st[j].checked = j ? b->hist[i - 1].check : (uint8_t)0;
    }
    return k;
}

/* ---- the public API ---- */

/* What one backward pass over the history since the last capture tells. */
typedef struct window_info {
    int start;       /* index of the first ply after the last capture (0: none in history) */
    int occurrences; /* of the current position, this one included */
    int checks[2];   /* checks by each side in the window */
} window_info;

static void scan_window(const xq_board *b, window_info *w)
{
    const int n = b->nhist, side = b->pos.side;
    const uint64_t key = b->pos.key;
    int i = n - 1;
    w->occurrences = 1;
    w->checks[0] = w->checks[1] = 0;
    for (; i >= 0 && !b->hist[i].undo.captured; i--) {
        w->checks[side ^ ((n - i) & 1)] += b->hist[i].check;
        if (!((n - i) & 1) && b->hist[i].undo.key == key)
            w->occurrences++;
    }
    w->start = i + 1;
}

/* The move-limit counter at the end of the board's history. */
static void limit_state(const xq_board *b, const rules_cfg *cfg, const window_info *w,
                        rules_limit *l)
{
    const int n = b->nhist;
    /* Without a capture in the history, the FEN's clock is the starting count. */
    const int base = w->start > 0 ? 0 : n ? b->hist[0].undo.halfmove : b->pos.halfmove;
    xq__limit_reset(l, base);
    for (int i = w->start; i < n; i++)
        xq__limit_step(l, b->pos.side ^ ((n - i) & 1), b->hist[i].check, 0, cfg->check_cap);
}

/* Plies counted toward the move limit at the end of the board's history. */
static int board_limit_count(const xq_board *b, const rules_cfg *cfg, const window_info *w)
{
    const int n = b->nhist;
    if (cfg->check_cap < 0 || (w->checks[0] <= cfg->check_cap && w->checks[1] <= cfg->check_cap))
        return (w->start > 0 ? 0 : n ? b->hist[0].undo.halfmove : b->pos.halfmove) + n -
               w->start; /* every ply counts */
    rules_limit l;
    limit_state(b, cfg, w, &l);
    return l.count;
}

void xq__rules_limit_from_board(const xq_board *b, const rules_cfg *cfg, rules_limit *l)
{
    window_info w;
    scan_window(b, &w);
    limit_state(b, cfg, &w, l);
}

/* Whether the side to move has a legal move: usually settled by the first
 * candidate tried (a step of some piece), else by the full generator. */
static int has_legal_move(const pos_t *p)
{
    const int us = p->side;
    if (xq__in_check(p))
        return xq__count_legal(p) > 0;
    const u128 own = p->by_color[us], occ = pos_occ(p);
    for (u128 pieces = own; pieces;) {
        const int s = pop_lsb128(&pieces);
        u128 t;
        switch (PTYPE(p->sq[s])) {
        case KING: t = xq__T.king_to[s]; break;
        case ADVISOR: t = xq__T.advisor_to[s]; break;
        case ELEPHANT: t = xq__T.elephant_to[s][diag4_index(occ, s)]; break;
        case HORSE: t = xq__T.horse_to[s][orth4_index(occ, s)]; break;
        case PAWN: t = xq__T.pawn_to[us][s]; break;
        default: /* chariot or cannon: the neighbouring points */
            t = 0;
            if (sq_file(s) > 0)
                t |= sq_bit(s - 1);
            if (sq_file(s) < FILE_NB - 1)
                t |= sq_bit(s + 1);
            if (s >= FILE_NB)
                t |= sq_bit(s - FILE_NB);
            if (s < SQ_NB - FILE_NB)
                t |= sq_bit(s + FILE_NB);
            if (PTYPE(p->sq[s]) == CANNON)
                t &= ~occ;
            break;
        }
        for (t &= ~own; t;)
            if (xq__is_legal(p, MAKE_MOVE(s, pop_lsb128(&t))))
                return 1;
    }
    return xq__count_legal(p) > 0;
}

static int no_attackers(const pos_t *p)
{
    for (int c = 0; c < 2; c++)
        if (pos_pieces(p, c, CHARIOT) | pos_pieces(p, c, HORSE) | pos_pieces(p, c, CANNON) |
            pos_pieces(p, c, PAWN))
            return 0;
    return 1;
}

static void add_squares(int *list, int *count, uint16_t ids, const uint8_t *id_sq)
{
    for (int t = 0; t < 16; t++)
        if ((ids & (1u << t)) && *count < XQ_OUTCOME_MAX_SQUARES)
            list[(*count)++] = id_sq[t];
}

static int result_for(int winner)
{
    return winner == RED ? XQ_RESULT_RED_WINS : XQ_RESULT_BLACK_WINS;
}

int xq_board_outcome(const xq_board *b, const xq_rules *rules, xq_outcome *o)
{
    if (!o)
        return XQ_EINVAL;
    memset(o, 0, sizeof *o);
    o->at_fault = -1;
    o->cycle_start = -1;
    if (!board_ok(b))
        return XQ_EINVAL;
    rules_cfg cfg;
    const int rc = xq__rules_compile(rules, &cfg);
    if (rc < 0)
        return rc;
    const pos_t *p = &b->pos;
    window_info w;
    scan_window(b, &w);
    o->limit_count = board_limit_count(b, &cfg, &w);
    o->limit_plies = cfg.ply_limit;
    o->repetitions = w.occurrences;

    if (!has_legal_move(p)) {
        o->reason = xq__in_check(p) ? XQ_REASON_CHECKMATE : XQ_REASON_NO_LEGAL_MOVE;
        o->at_fault = p->side;
        return o->result = result_for(p->side ^ 1);
    }

    line_view v;
    memset(&v, 0, sizeof v);
    v.hist = b->hist;
    v.nbase = b->nhist;
    rep_evidence ev;
    const int verdict =
        w.occurrences >= cfg.fold ? judge(&v, p, b->nhist, &cfg, &ev) : XQ__REP_NONE;
    if (verdict != XQ__REP_NONE) {
        o->cycle_start = ev.start;
        o->cycle_plies = b->nhist - ev.start;
        o->cycle[RED] = ev.flags[RED];
        o->cycle[BLACK] = ev.flags[BLACK];
        int reported[2] = {1, 1};
        if (verdict == XQ__REP_DRAW) {
            o->reason = XQ_REASON_REPETITION;
            o->result = XQ_RESULT_DRAW;
        } else {
            const int loser = verdict == XQ__REP_LOSS ? p->side : p->side ^ 1;
            o->at_fault = loser;
            o->result = result_for(loser ^ 1);
            o->reason = ev.level[loser] == 3                   ? XQ_REASON_PERPETUAL_CHECK
                        : (ev.flags[loser] & XQ_CYCLE_CHASE) ? XQ_REASON_PERPETUAL_CHASE
                                                             : XQ_REASON_PERPETUAL_MATE_THREAT;
            reported[loser ^ 1] = 0;
        }
        /* The chases behind the verdict (a draw: those of both sides). */
        for (int c = 0; c < 2; c++)
            if (reported[c] && (ev.flags[c] & XQ_CYCLE_CHASE) && ev.level[c] != 3) {
                add_squares(o->chasing, &o->nchasing, ev.chasers[c], ev.id_sq[c]);
                add_squares(o->chased, &o->nchased, ev.chased[c], ev.id_sq[c ^ 1]);
            }
        return o->result;
    }
    if (cfg.ply_limit > 0 && o->limit_count >= cfg.ply_limit) {
        o->reason = XQ_REASON_MOVE_LIMIT;
        return o->result = XQ_RESULT_DRAW;
    }
    if (cfg.insufficient && no_attackers(p)) {
        o->reason = XQ_REASON_INSUFFICIENT_MATERIAL;
        return o->result = XQ_RESULT_DRAW;
    }
    return o->result = XQ_RESULT_ONGOING;
}

/* Whether the legal move m completes a cycle the rules forbid its author.
 * seen (nullable) is a filter of the positions in the reversible window
 * that have the opponent to move: a position missing there cannot repeat. */
static int is_banned(const xq_board *b, const rules_cfg *cfg, xq_move m, const uint64_t *seen)
{
    const pos_t *p0 = &b->pos;
    if (p0->sq[MOVE_TO(m)])
        return 0; /* a capture starts afresh */
    const int pc = p0->sq[MOVE_FROM(m)];
    const uint64_t key = p0->key ^ xq__T.zobrist[pc][MOVE_FROM(m)] ^
                         xq__T.zobrist[pc][MOVE_TO(m)] ^ xq__T.zobrist_side;
    if (seen && !(seen[(key >> 6) & 15] & (1ull << (key & 63))))
        return 0;
    pos_t p = *p0;
    line_view v;
    memset(&v, 0, sizeof v);
    v.hist = b->hist;
    v.nbase = b->nhist;
    v.has_extra = 1;
    v.extra.move = m;
    pos_do(&p, m, &v.extra.undo);
    v.extra.check = (uint8_t)xq__in_check(&p);
    return judge(&v, &p, b->nhist + 1, cfg, NULL) == XQ__REP_WIN;
}

/* The filter for is_banned(): a 1024-bit set of the keys of the positions
 * an odd number of plies back since the last capture. */
static void seen_filter(const xq_board *b, uint64_t seen[16])
{
    memset(seen, 0, 16 * sizeof *seen);
    for (int i = b->nhist - 1; i >= 0 && !b->hist[i].undo.captured; i--)
        if ((b->nhist - i) & 1) {
            const uint64_t k = b->hist[i].undo.key;
            seen[(k >> 6) & 15] |= 1ull << (k & 63);
        }
}

int xq_board_move_banned(const xq_board *b, const xq_rules *rules, xq_move move)
{
    if (!board_ok(b))
        return XQ_EINVAL;
    rules_cfg cfg;
    const int rc = xq__rules_compile(rules, &cfg);
    if (rc < 0)
        return rc;
    return xq__move_banned(b, &cfg, move);
}

int xq__move_banned(const xq_board *b, const rules_cfg *cfg, xq_move move)
{
    if (!xq__is_legal(&b->pos, move))
        return XQ_EILLEGAL;
    return is_banned(b, cfg, move, NULL);
}

int xq_board_banned_moves(const xq_board *b, const xq_rules *rules, xq_move *moves, size_t cap)
{
    if (!board_ok(b) || (!moves && cap))
        return XQ_EINVAL;
    rules_cfg cfg;
    const int rc = xq__rules_compile(rules, &cfg);
    if (rc < 0)
        return rc;
    if (cfg.set == XQ_RULES_SIMPLE)
        return 0; /* a repetition is only ever a draw */
    uint64_t seen[16];
    seen_filter(b, seen);
    xq_move legal[MAX_MOVES];
    const int n = xq__gen_legal(&b->pos, legal, ALL_SQUARES);
    int count = 0;
    for (int i = 0; i < n; i++)
        if (is_banned(b, &cfg, legal[i], seen)) {
            if ((size_t)count < cap)
                moves[count] = legal[i];
            count++;
        }
    return count;
}

const char *xq_reason_name(int reason)
{
    switch (reason) {
    case XQ_REASON_NONE: return "none";
    case XQ_REASON_CHECKMATE: return "checkmate";
    case XQ_REASON_NO_LEGAL_MOVE: return "no legal move";
    case XQ_REASON_REPETITION: return "repetition";
    case XQ_REASON_PERPETUAL_CHECK: return "perpetual check";
    case XQ_REASON_PERPETUAL_CHASE: return "perpetual chase";
    case XQ_REASON_PERPETUAL_MATE_THREAT: return "perpetual mate threat";
    case XQ_REASON_MOVE_LIMIT: return "move limit";
    case XQ_REASON_INSUFFICIENT_MATERIAL: return "insufficient material";
    default: return "unknown";
    }
}

/* snprintf into a fixed buffer, appending at *len. */
__attribute__((format(printf, 4, 5))) static void put(char *buf, size_t cap, size_t *len,
                                                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int k = vsnprintf(*len < cap ? buf + *len : NULL, *len < cap ? cap - *len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        *len += (size_t)k;
}

static void put_squares(char *buf, size_t cap, size_t *len, const int *sq, int n)
{
    for (int i = 0; i < n; i++)
        put(buf, cap, len, "%s%c%d", i ? "," : "", 'a' + sq[i] % 9, sq[i] / 9);
}

int xq_outcome_format(const xq_outcome *o, char *out, size_t cap)
{
    static const char *const results[] = {"ongoing", "1-0", "0-1", "1/2-1/2"};
    static const char *const colors[] = {"Red", "Black"};
    char buf[512];
    size_t len = 0;
    if (!o || (!out && cap) || o->result < 0 || o->result > XQ_RESULT_DRAW ||
        o->nchasing < 0 || o->nchasing > XQ_OUTCOME_MAX_SQUARES || o->nchased < 0 ||
        o->nchased > XQ_OUTCOME_MAX_SQUARES)
        return XQ_EINVAL;
    put(buf, sizeof buf, &len, "%s", results[o->result]);
    if (o->result == XQ_RESULT_ONGOING) {
        const char *sep = " (";
        if (o->repetitions > 1) {
            put(buf, sizeof buf, &len, "%sposition seen %d times", sep, o->repetitions);
            sep = "; ";
        }
        if (o->limit_plies > 0) {
            put(buf, sizeof buf, &len, "%smove limit %d/%d", sep, o->limit_count, o->limit_plies);
            sep = "; ";
        }
        if (sep[0] == ';')
            put(buf, sizeof buf, &len, ")");
    } else {
        put(buf, sizeof buf, &len, " %s", xq_reason_name(o->reason));
        if (o->reason >= XQ_REASON_PERPETUAL_CHECK && o->reason <= XQ_REASON_PERPETUAL_MATE_THREAT &&
            (o->at_fault == RED || o->at_fault == BLACK))
            put(buf, sizeof buf, &len, " by %s", colors[o->at_fault]);
        if (o->nchasing > 0 && o->nchased > 0) {
            put(buf, sizeof buf, &len, ": ");
            put_squares(buf, sizeof buf, &len, o->chasing, o->nchasing);
            put(buf, sizeof buf, &len, " chasing ");
            put_squares(buf, sizeof buf, &len, o->chased, o->nchased);
        }
        if (o->cycle_start >= 0)
            put(buf, sizeof buf, &len, " (cycle from ply %d, %d plies)", o->cycle_start,
                o->cycle_plies);
        else if (o->reason == XQ_REASON_MOVE_LIMIT)
            put(buf, sizeof buf, &len, " (%d plies without capture)", o->limit_count);
    }
    if (len >= sizeof buf)
        len = sizeof buf - 1;
    return snprintf(out, cap, "%s", buf);
}
