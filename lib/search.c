/* Iterative deepening, principal variation search and quiescence search.
 *
 * Every thread runs the same iterative deepening on its own copy of the
 * position and its own move-ordering statistics; they share only the
 * transposition table and the stop flag (Lazy SMP). Helpers skip some
 * depths so that they search ahead of the main thread and fill the table
 * with useful entries. The main thread (worker 0) also keeps the time,
 * reports progress and assembles the result.
 *
 * The search in one node, in order: stop and limit checks; the repetition
 * and move-limit rules; mate distance pruning; transposition table cutoff;
 * static evaluation; reverse futility pruning, razoring and null-move
 * pruning (with verification at high depth, and only with a chariot or two
 * horses/cannons on the board for the side to move, since zugzwang is common
 * in Xiangqi endings); internal iterative reduction; then the moves from the
 * staged picker with late-move, futility, continuation-history and
 * static-exchange pruning, singular and check extensions, late-move
 * reductions and PVS re-searches; history updates on a cutoff; and a table
 * store. No legal move loses, in check or not (stalemate is a loss). */
#include "search.h"
#include "egtb_search.h"

#include <string.h>
#include <time.h>

#include "movegen.h"

/* ---- small helpers ---- */

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t xq__search_elapsed(const struct xq_search *s)
{
    return (now_ns() - atomic_load_explicit(&s->start_ns, memory_order_relaxed)) / 1000000;
}

uint64_t xq__search_nodes(const struct xq_search *s)
{
    uint64_t n = 0;
    for (int i = 0; i < s->nworkers; i++)
        n += atomic_load_explicit(&s->workers[i]->nodes, memory_order_relaxed);
    return n;
}

INLINE int stopped(const worker *w)
{
    return atomic_load_explicit(&w->s->stop, memory_order_relaxed);
}

INLINE void request_stop(struct xq_search *s)
{
    atomic_store_explicit(&s->stop, 1, memory_order_relaxed);
}

INLINE int value_to_tt(int v, int ply)
{
    return v >= VALUE_MATE_IN_MAX ? v + ply : v <= VALUE_MATED_IN_MAX ? v - ply : v;
}

INLINE int value_from_tt(int v, int ply)
{
    if (v == VALUE_NONE)
        return VALUE_NONE;
    return v >= VALUE_MATE_IN_MAX ? v - ply : v <= VALUE_MATED_IN_MAX ? v + ply : v;
}

/* Enough attacking material that passing is never the best move. */
INLINE int nmp_material(const pos_t *p)
{
    const int us = p->side;
    return pos_pieces(p, us, CHARIOT) != 0 ||
           popcount128(pos_pieces(p, us, HORSE) | pos_pieces(p, us, CANNON)) >= 2;
}

/* The side to move has a chariot, horse or cannon. */
INLINE int has_major(const pos_t *p)
{
    const int us = p->side;
    return (pos_pieces(p, us, CHARIOT) | pos_pieces(p, us, HORSE) | pos_pieces(p, us, CANNON)) != 0;
}

/* Reductions: lmr_table[depth][move number], built once. */
static int lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

/* Natural logarithm for x >= 1 (2 atanh((x-1)/(x+1)) as a series), so that
 * the library does not need libm for one table. */
static double ln(double x)
{
    double y = (x - 1) / (x + 1), y2 = y * y, term = y, sum = 0;
    for (int k = 1; k < 2000; k += 2) {
        sum += term / k;
        term *= y2;
    }
    return 2 * sum;
}

static void lmr_init(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            lmr_table[d][m] = (int)(0.25 + ln(d) * ln(m) / 2.1);
}

INLINE int reduction(int improving, int depth, int mc)
{
    int r = lmr_table[depth < 63 ? depth : 63][mc < 63 ? mc : 63];
    return r + (!improving && r > 1);
}

/* Quiet moves searched at a given depth before the rest are pruned. */
INLINE int lmp_count(int improving, int depth) { return (3 + depth * depth) / (2 - improving); }

INLINE int stat_bonus(int depth)
{
    int b = 24 * depth * depth + 96 * depth - 80;
    return b > 2400 ? 2400 : b;
}

INLINE void inc_nodes(worker *w)
{
    atomic_store_explicit(&w->nodes,
                          atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

/* Main thread: stop at the time or node limit. Called every 1024 nodes,
 * and at every node when one thread searches with a node limit. */
static void check_limits(worker *w)
{
    struct xq_search *s = w->s;
    if (s->lim.nodes && xq__search_nodes(s) >= s->lim.nodes) {
        request_stop(s);
        return;
    }
    if (atomic_load_explicit(&s->pondering, memory_order_relaxed))
        return;
    /* The first iteration always completes, so there is a move to play. */
    if (s->tm.maximum >= 0 && w->completed_depth >= 1 && xq__search_elapsed(s) >= s->tm.maximum)
        request_stop(s);
}

INLINE void node_enter(worker *w)
{
    inc_nodes(w);
    if (w->id == 0) {
        if (w->s->lim.nodes && w->s->nworkers == 1) {
            if (atomic_load_explicit(&w->nodes, memory_order_relaxed) >= w->s->lim.nodes)
                request_stop(w->s);
        }
        if (++w->tick >= 1024) {
            w->tick = 0;
            check_limits(w);
        }
    }
}

/* Record the position reached at `ply` for the repetition rule. */
INLINE void rep_push(worker *w, int ply, xq_move m, int captured, int checked)
{
    rules_entry *e = &w->rep[w->rep_root + ply];
    e->key = w->pos.key;
    e->move = m;
    e->captured = (uint8_t)captured;
    e->checked = (uint8_t)checked;
    /* The move-limit count; a null move does not count. */
    rules_limit *l = &w->limit[ply];
    *l = w->limit[ply - 1];
    if (m != XQ_MOVE_NONE)
        xq__limit_step(l, w->pos.side ^ 1, checked, captured != 0, w->s->rules.check_cap);
}

INLINE void pv_update(stack_entry *ss, xq_move m)
{
    const stack_entry *child = ss + 1;
    ss->pv[0] = m;
    int n = child->pv_len;
    if (n > MAX_PLY - 1)
        n = MAX_PLY - 1;
    memcpy(ss->pv + 1, child->pv, (size_t)n * sizeof(xq_move));
    ss->pv_len = n + 1;
}

static void update_quiet_stats(worker *w, stack_entry *ss, xq_move best, const xq_move *quiets,
                               int nquiets, int bonus)
{
    histories *h = w->hist;
    const pos_t *p = &w->pos;
    const int us = p->side;

    if (ss->killer[0] != best) {
        ss->killer[1] = ss->killer[0];
        ss->killer[0] = best;
    }
    static const int back[MP_CONT_PLIES] = {1, 2, 4};
    for (int k = 0; k <= nquiets; k++) {
        xq_move m = k == nquiets ? best : quiets[k];
        int b = k == nquiets ? bonus : -bonus;
        int from = MOVE_FROM(m), to = MOVE_TO(m), pc = p->sq[from];
        hist_update(&h->main[us][from][to], b);
        for (int i = 0; i < MP_CONT_PLIES; i++) {
            cont_row_t *row = (ss - back[i])->cont;
            if (row)
                hist_update(&(*row)[pc][to], b);
        }
    }
    const stack_entry *prev = ss - 1;
    if (prev->move)
        h->counter[prev->piece][MOVE_TO(prev->move)] = best;
}

static void update_capture_stat(worker *w, xq_move m, int bonus)
{
    const pos_t *p = &w->pos;
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    hist_update(&w->hist->capture[p->sq[from]][to][PTYPE(p->sq[to])], bonus);
}

/* ---- quiescence search ---- */

static int qsearch(worker *w, int alpha, int beta, int ply, int pvnode)
{
    stack_entry *ss = &w->stack[ply + SS_OFF];
    pos_t *p = &w->pos;
    const int in_check = ss->in_check;
    const int old_alpha = alpha;

    if (pvnode)
        ss->pv_len = 0;
    node_enter(w);
    if (pvnode && w->seldepth < ply)
        w->seldepth = ply;
    if (stopped(w))
        return 0;
    if (ply >= MAX_PLY - 2)
        return in_check ? VALUE_DRAW : xq__evaluate(p);

    tt_hit h = {0};
    const int tt_depth = in_check ? 0 : -1;
    const int hit = tt_probe(&w->s->tt, p->key, &h);
    const int tt_value = hit ? value_from_tt(h.value, ply) : VALUE_NONE;
    if (!pvnode && hit && h.depth >= tt_depth && tt_value != VALUE_NONE &&
        (h.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_value;

    int best, eval = VALUE_NONE, futility_base;
    if (in_check) {
        best = futility_base = -VALUE_INF;
    } else {
        /* Standing pat needs a legal move: a side without chariot, horse or
         * cannon is stalemated now and then, and that loses. */
        if (!has_major(p) && xq__count_legal(p) == 0)
            return mated_in(ply);
        eval = hit && h.eval != VALUE_NONE ? h.eval : xq__evaluate(p);
        best = eval;
        if (tt_value != VALUE_NONE &&
            (h.bound & (tt_value > best ? BOUND_LOWER : BOUND_UPPER)))
            best = tt_value;
        if (best >= beta) {
            if (!hit)
                xq__tt_store(&w->s->tt, p->key, XQ_MOVE_NONE, value_to_tt(best, ply), eval,
                             tt_depth, BOUND_LOWER, 0);
            return best;
        }
        if (best > alpha)
            alpha = best;
        futility_base = best + 160;
    }

    movepick mp;
    xq__mp_init_qs(&mp, p, w->hist, hit ? h.move : XQ_MOVE_NONE, in_check);
    xq_move m, best_move = XQ_MOVE_NONE;
    int move_count = 0;
    undo_t u;

    while ((m = xq__mp_next(&mp, 0))) {
        const int captured = p->sq[MOVE_TO(m)];
        move_count++;
        if (!in_check) {
            const int gives_check = xq__gives_check(p, m);
            if (!gives_check && futility_base > -VALUE_INF) {
                int fv = futility_base + xq__see_value[PTYPE(captured)];
                if (fv <= alpha) {
                    if (fv > best)
                        best = fv;
                    continue;
                }
            }
            if (!xq__see_ge(p, m, 0))
                continue;
        } else if (best > VALUE_MATED_IN_MAX && !captured && move_count > 2) {
            /* Late quiet evasions rarely matter once one move holds. */
            continue;
        }
        stack_entry *child = ss + 1;
        ss->move = m;
        ss->piece = p->sq[MOVE_FROM(m)];
        ss->captured = (uint8_t)captured;
        ss->cont = &w->hist->cont[ss->piece][MOVE_TO(m)];
        pos_do(p, m, &u);
        tt_prefetch(&w->s->tt, p->key);
        child->in_check = (uint8_t)xq__in_check(p);
        rep_push(w, ply + 1, m, captured, child->in_check);
        int v = -qsearch(w, -beta, -alpha, ply + 1, pvnode);
        pos_undo(p, m, &u);
        if (stopped(w))
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pvnode)
                    pv_update(ss, m);
                if (pvnode && v < beta)
                    alpha = v;
                else
                    break;
            }
        }
    }
    if (in_check && best == -VALUE_INF)
        return mated_in(ply);

    int bound = best >= beta ? BOUND_LOWER : pvnode && best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    xq__tt_store(&w->s->tt, p->key, best_move, value_to_tt(best, ply),
                 eval == VALUE_NONE ? VALUE_NONE : eval, tt_depth, bound, pvnode);
    return best;
}

/* ---- progress reports ---- */

static void score_to_api(int v, int32_t *kind, int32_t *score)
{
    if (v >= VALUE_MATE_IN_MAX) {
        *kind = XQ_SCORE_MATE;
        *score = (VALUE_MATE - v + 1) / 2;
    } else if (v <= VALUE_MATED_IN_MAX) {
        *kind = XQ_SCORE_MATE;
        *score = -((VALUE_MATE + v + 1) / 2);
    } else {
        *kind = XQ_SCORE_CP;
        *score = v;
    }
}

static int bound_to_api(int b)
{
    return b == BOUND_LOWER ? XQ_BOUND_LOWER : b == BOUND_UPPER ? XQ_BOUND_UPPER : XQ_BOUND_EXACT;
}

/* The length of the legal prefix of a line from the root position. The
 * callers hand PVs to the user, whom an illegal move would hurt: a 4-thread
 * search once reported one (clang debug build, loaded machine; not
 * reproduced since), so every reported line is checked here. */
static int legal_prefix(const struct xq_search *s, const xq_move *pv, int n)
{
    pos_t p = s->root_pos;
    undo_t u;
    for (int i = 0; i < n; i++) {
        if (!xq__is_legal(&p, pv[i]))
            return i;
        pos_do(&p, pv[i], &u);
    }
    return n;
}

/* Report one root line: its score if searched in this iteration (`depth`),
 * else the previous iteration's. */
static void report_line(worker *w, const root_move *rm, int depth, int multipv)
{
    struct xq_search *s = w->s;
    int updated = rm->score != -VALUE_INF;
    if (!updated && rm->prev_score == -VALUE_INF)
        return;
    int d = updated ? depth : depth - 1;
    if (d < 1)
        return;
    xq_search_info info;
    memset(&info, 0, sizeof info);
    int64_t t = xq__search_elapsed(s);
    uint64_t nodes = xq__search_nodes(s);
    info.depth = d;
    info.seldepth = rm->seldepth > d ? rm->seldepth : d;
    info.multipv = multipv;
    score_to_api(updated ? rm->score : rm->prev_score, &info.score_kind, &info.score);
    info.bound = updated ? bound_to_api(rm->bound) : XQ_BOUND_EXACT;
    info.nodes = nodes;
    info.time_ms = t;
    info.nps = t > 0 ? nodes * 1000 / (uint64_t)t : nodes * 1000;
    info.hashfull = xq__tt_hashfull(&s->tt);
    info.pv_length = legal_prefix(s, rm->pv, rm->pv_len < XQ_PV_MAX ? rm->pv_len : XQ_PV_MAX);
    memcpy(info.pv, rm->pv, (size_t)info.pv_length * sizeof(xq_move));
    s->on_info(&info, s->userdata);
}

/* Report the first `lines` root moves of a worker. */
static void report(worker *w, int depth, int lines)
{
    if (!w->s->on_info)
        return;
    for (int i = 0; i < lines && i < w->nroot; i++)
        report_line(w, &w->root[i], depth, i + 1);
}

/* ---- main search ---- */

static int search(worker *w, int alpha, int beta, int depth, int ply, int cutnode, int pvnode)
{
    stack_entry *ss = &w->stack[ply + SS_OFF];
    pos_t *p = &w->pos;
    struct xq_search *s = w->s;
    const int root = ply == 0;
    const int in_check = ss->in_check;

    if (depth <= 0)
        return qsearch(w, alpha, beta, ply, pvnode);
    if (depth > MAX_PLY - 1)
        depth = MAX_PLY - 1;

    if (pvnode)
        ss->pv_len = 0;
    node_enter(w);
    if (pvnode && w->seldepth < ply)
        w->seldepth = ply;

    if (!root) {
        if (stopped(w))
            return 0;
        if (ply >= MAX_PLY - 2)
            return in_check ? VALUE_DRAW : xq__evaluate(p);
        const rules_cfg *rules = &w->s->rules;
        switch (xq__rules_repetition(p, w->rep, w->rep_root + ply, w->rep_root, rules)) {
        case XQ__REP_DRAW: return VALUE_DRAW;
        case XQ__REP_WIN: return mate_in(ply);
        case XQ__REP_LOSS: return mated_in(ply);
        default: break;
        }
        if (s->egtb) { /* endgame tables: the exact result */
            int tbv;
            if (xq__egtb_search_probe(w, ply, &tbv))
                return tbv;
        }
        /* The move limit draws, unless the side to move has no move left
         * (then it has lost). */
        if (rules->ply_limit > 0 && w->limit[ply].count >= rules->ply_limit &&
            xq__count_legal(p) > 0)
            return VALUE_DRAW;
        /* Mate distance pruning. */
        if (alpha < mated_in(ply))
            alpha = mated_in(ply);
        if (beta > mate_in(ply + 1))
            beta = mate_in(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    const xq_move excluded = ss->excluded;
    (ss + 1)->excluded = XQ_MOVE_NONE;
    (ss + 2)->killer[0] = (ss + 2)->killer[1] = XQ_MOVE_NONE;
    ss->stat_score = 0;

    /* Transposition table. A singular search uses a key of its own. */
    const uint64_t key = p->key ^ (excluded ? (uint64_t)excluded * 0x9E3779B97F4A7C15ull : 0);
    tt_hit h = {0};
    const int hit = tt_probe(&s->tt, key, &h);
    const int tt_value = hit ? value_from_tt(h.value, ply) : VALUE_NONE;
    const xq_move tt_move = root ? w->root[w->pv_idx].move : hit ? h.move : XQ_MOVE_NONE;
    const int tt_pv = pvnode || (hit && h.pv);
    const int tt_capture = tt_move && p->sq[MOVE_TO(tt_move)];

    if (!pvnode && hit && h.depth >= depth && tt_value != VALUE_NONE &&
        (h.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER))) {
        if (tt_move && tt_value >= beta && !tt_capture && xq__is_legal(p, tt_move)) {
            /* A quiet move that keeps refuting: reward it. */
            update_quiet_stats(w, ss, tt_move, NULL, 0, stat_bonus(depth));
        }
        return tt_value;
    }

    /* Static evaluation. */
    int eval, improving;
    if (in_check) {
        ss->static_eval = eval = VALUE_NONE;
        improving = 0;
        goto moves;
    }
    if (hit && h.eval != VALUE_NONE)
        ss->static_eval = eval = h.eval;
    else
        ss->static_eval = eval = xq__evaluate(p);
    if (tt_value != VALUE_NONE && (h.bound & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER)))
        eval = tt_value;
    {
        const int prev2 = (ss - 2)->static_eval;
        improving = ply < 2 || prev2 == VALUE_NONE || ss->static_eval > prev2;
    }

    /* Static pruning assumes the side to move could at least stand still;
     * a side with only its general, advisors, elephants and soldiers may
     * have no legal move at all, which loses (stalemate). */
    if (!pvnode && !excluded && nmp_material(p)) {
        /* Reverse futility pruning. */
        if (depth < 8 && eval - 95 * (depth - improving) >= beta && eval < VALUE_MATE_IN_MAX &&
            beta > VALUE_MATED_IN_MAX)
            return eval;

        /* Razoring: hopeless at low depth unless a capture saves it. */
        if (depth <= 3 && eval + 220 * depth + 100 <= alpha && alpha < VALUE_MATE_IN_MAX) {
            int v = qsearch(w, alpha, alpha + 1, ply, 0);
            if (v <= alpha)
                return v;
        }

        /* Null move. */
        if ((ss - 1)->move != XQ_MOVE_NONE && eval >= beta && ss->static_eval >= beta - 20 * depth + 140 &&
            depth >= 2 && ply >= w->nmp_min_ply && nmp_material(p) && beta > VALUE_MATED_IN_MAX) {
            int r = 3 + depth / 4 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
            undo_t u;
            ss->move = XQ_MOVE_NONE;
            ss->piece = 0;
            ss->captured = 0;
            ss->cont = NULL;
            pos_do_null(p, &u);
            (ss + 1)->in_check = 0;
            rep_push(w, ply + 1, XQ_MOVE_NONE, 0, 0);
            int v = -search(w, -beta, -beta + 1, depth - r, ply + 1, !cutnode, 0);
            pos_undo_null(p, &u);
            if (stopped(w))
                return 0;
            if (v >= beta) {
                if (v >= VALUE_MATE_IN_MAX)
                    v = beta;
                if (w->nmp_min_ply || depth < 12)
                    return v;
                /* Verify at high depth, without null moves near the root of it. */
                w->nmp_min_ply = ply + 3 * (depth - r) / 4;
                int v2 = search(w, beta - 1, beta, depth - r, ply, 0, 0);
                w->nmp_min_ply = 0;
                if (v2 >= beta)
                    return v;
            }
        }
    }

    /* Internal iterative reduction: no hash move, so this node was not
     * searched before; search it shallower first. */
    if (!tt_move && depth >= 4 && (pvnode || cutnode))
        depth--;

moves:;
    cont_row_t *cont[MP_CONT_PLIES] = {(ss - 1)->cont, (ss - 2)->cont, (ss - 4)->cont};
    xq_move counter = XQ_MOVE_NONE;
    if ((ss - 1)->move)
        counter = w->hist->counter[(ss - 1)->piece][MOVE_TO((ss - 1)->move)];

    movepick mp;
    if (!root)
        xq__mp_init(&mp, p, w->hist, cont, tt_move, ss->killer, counter, in_check);

    const int old_alpha = alpha;
    int best = -VALUE_INF, move_count = 0, skip_quiets = 0;
    xq_move best_move = XQ_MOVE_NONE, m;
    xq_move quiets[64], captures[32];
    int nquiets = 0, ncaptures = 0;
    int root_i = w->pv_idx;
    const int us = p->side;

    for (;;) {
        if (root) {
            if (root_i >= w->nroot)
                break;
            m = w->root[root_i++].move;
        } else if (!(m = xq__mp_next(&mp, skip_quiets))) {
            break;
        }
        if (m == excluded)
            continue;

        const int from = MOVE_FROM(m), to = MOVE_TO(m);
        const int piece = p->sq[from], captured = p->sq[to];
        const int gives_check = xq__gives_check(p, m);
        move_count++;
        ss->move_count = move_count;

        int new_depth = depth - 1;
        int hist_score = captured ? 0
                                  : w->hist->main[us][from][to] + (cont[0] ? (*cont[0])[piece][to] : 0) +
                                        (cont[1] ? (*cont[1])[piece][to] : 0);

        /* Pruning at shallow depth; not while looking for a shorter mate
         * (alpha is a mate score: no static margin can reach it). */
        if (!root && best > VALUE_MATED_IN_MAX && alpha < VALUE_MATE_IN_MAX && nmp_material(p)) {
            if (!captured && !gives_check) {
                if (depth < 16 && move_count >= lmp_count(improving, depth)) {
                    skip_quiets = 1;
                    continue;
                }
                int lmr_depth = new_depth - reduction(improving, depth, move_count);
                if (lmr_depth < 0)
                    lmr_depth = 0;
                if (lmr_depth < 3 && cont[0] && (*cont[0])[piece][to] < 0 && cont[1] &&
                    (*cont[1])[piece][to] < 0)
                    continue;
                if (!in_check && lmr_depth < 7 && ss->static_eval + 240 + 170 * lmr_depth <= alpha)
                    continue;
                if (!xq__see_ge(p, m, -30 * lmr_depth * lmr_depth))
                    continue;
            } else if (depth < 8 && !xq__see_ge(p, m, -160 * depth)) {
                continue;
            }
        }

        /* Extensions. */
        int ext = 0;
        if (!root && depth >= 8 && m == tt_move && !excluded && tt_value != VALUE_NONE &&
            tt_value > VALUE_MATED_IN_MAX && tt_value < VALUE_MATE_IN_MAX &&
            (h.bound & BOUND_LOWER) && h.depth >= depth - 3) {
            int sbeta = tt_value - 2 * depth;
            ss->excluded = m;
            int v = search(w, sbeta - 1, sbeta, (depth - 1) / 2, ply, cutnode, 0);
            ss->excluded = XQ_MOVE_NONE;
            if (stopped(w))
                return 0;
            if (v < sbeta)
                ext = 1;
            else if (sbeta >= beta)
                return sbeta; /* several moves beat beta: multi-cut */
        } else if (gives_check && ply < 2 * w->root_depth && (depth > 3 || xq__see_ge(p, m, 0))) {
            ext = 1;
        }
        new_depth += ext;

        /* Make the move. */
        stack_entry *child = ss + 1;
        undo_t u;
        ss->move = m;
        ss->piece = (uint8_t)piece;
        ss->captured = (uint8_t)captured;
        ss->cont = &w->hist->cont[piece][to];
        pos_do(p, m, &u);
        tt_prefetch(&s->tt, p->key);
        child->in_check = (uint8_t)gives_check;
        rep_push(w, ply + 1, m, captured, gives_check);

        int v = 0, full;
        if (depth >= 3 && move_count > 1 + 2 * root && (!captured || cutnode || !tt_pv)) {
            int r = reduction(improving, depth, move_count);
            if (tt_pv)
                r--;
            if (!captured) {
                if (cutnode)
                    r += 2;
                else if (m == ss->killer[0] || m == ss->killer[1] || m == counter)
                    r--;
                if (tt_capture)
                    r++;
                ss->stat_score = hist_score + (cont[2] ? (*cont[2])[piece][to] : 0) - 4000;
                r -= ss->stat_score / 12000;
            } else if (r > 1) {
                r--;
            }
            if (gives_check)
                r--;
            int d = new_depth - r;
            if (d < 1)
                d = 1;
            if (d > new_depth)
                d = new_depth;
            v = -search(w, -(alpha + 1), -alpha, d, ply + 1, 1, 0);
            full = v > alpha && d < new_depth;
        } else {
            full = !pvnode || move_count > 1;
        }
        if (full)
            v = -search(w, -(alpha + 1), -alpha, new_depth, ply + 1, !cutnode, 0);
        if (pvnode && (move_count == 1 || (v > alpha && (root || v < beta)))) {
            child->pv_len = 0;
            v = -search(w, -beta, -alpha, new_depth, ply + 1, 0, 1);
        }
        pos_undo(p, m, &u);

        if (stopped(w))
            return 0;

        if (root) {
            root_move *rm = &w->root[root_i - 1];
            if (move_count == 1 || v > alpha) {
                rm->score = v;
                rm->seldepth = w->seldepth;
                rm->bound = v >= beta ? BOUND_LOWER : v <= alpha ? BOUND_UPPER : BOUND_EXACT;
                rm->pv[0] = m;
                int n = child->pv_len < MAX_PLY - 1 ? child->pv_len : MAX_PLY - 1;
                memcpy(rm->pv + 1, child->pv, (size_t)n * sizeof(xq_move));
                rm->pv_len = n + 1;
                if (move_count > 1) {
                    w->best_changes++;
                    if (w->id == 0 && s->on_info && v > alpha && v < beta &&
                        xq__search_elapsed(s) >= 1000)
                        report_line(w, rm, depth, w->pv_idx + 1);
                }
            } else {
                rm->score = -VALUE_INF;
            }
        }

        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pvnode && !root)
                    pv_update(ss, m);
                if (pvnode && v < beta) {
                    alpha = v;
                } else {
                    ss->stat_score = 0;
                    break;
                }
            }
        }
        if (m != best_move) {
            if (captured) {
                if (ncaptures < 32)
                    captures[ncaptures++] = m;
            } else if (nquiets < 64) {
                quiets[nquiets++] = m;
            }
        }
    }

    if (!move_count)
        return excluded ? alpha : mated_in(ply);

    if (best >= beta && best_move) {
        int bonus = stat_bonus(depth + (best > beta + 150));
        if (!p->sq[MOVE_TO(best_move)])
            update_quiet_stats(w, ss, best_move, quiets, nquiets, bonus);
        else
            update_capture_stat(w, best_move, bonus);
        for (int i = 0; i < ncaptures; i++)
            update_capture_stat(w, captures[i], -bonus);
        /* The opponent's previous quiet move was refuted early: it was bad. */
        const stack_entry *prev = ss - 1;
        if (prev->move && !prev->captured && prev->move_count <= 2 && (ss - 2)->cont)
            hist_update(&(*(ss - 2)->cont)[prev->piece][MOVE_TO(prev->move)], -bonus);
    } else if (best <= old_alpha && (ss - 1)->move && !(ss - 1)->captured && (ss - 2)->cont) {
        /* Nothing worked here: the opponent's last quiet move was good. */
        const stack_entry *prev = ss - 1;
        hist_update(&(*(ss - 2)->cont)[prev->piece][MOVE_TO(prev->move)], stat_bonus(depth) / 2);
    }

    if (!excluded) {
        int bound = best >= beta ? BOUND_LOWER : pvnode && best_move ? BOUND_EXACT : BOUND_UPPER;
        xq__tt_store(&s->tt, key, best_move, value_to_tt(best, ply), ss->static_eval, depth, bound,
                     tt_pv);
    }
    return best;
}

/* ---- root ---- */

/* Stable sort of root moves [from, to) by score, best first. */
static void sort_root(root_move *rm, int from, int to)
{
    for (int i = from + 1; i < to; i++) {
        root_move tmp = rm[i];
        int j = i;
        for (; j > from && rm[j - 1].score < tmp.score; j--)
            rm[j] = rm[j - 1];
        rm[j] = tmp;
    }
}

/* Helpers search some depths out of turn (a pattern per helper). */
static int helper_skips(int id, int depth)
{
    static const int size[16] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4};
    static const int phase[16] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3};
    if (id == 0)
        return 0;
    int i = (id - 1) % 16;
    return ((depth + phase[i]) / size[i]) % 2;
}

static void iterate(worker *w)
{
    struct xq_search *s = w->s;
    const xq_search_limits *lim = &s->lim;
    const int main = w->id == 0;
    int max_depth = lim->depth > 0 ? lim->depth : XQ_SEARCH_MAX_DEPTH;
    if (max_depth > XQ_SEARCH_MAX_DEPTH)
        max_depth = XQ_SEARCH_MAX_DEPTH;
    /* Weaker levels also look less far ahead: level L searches at most
     * L + 1 plies (level 0 sees one move and the captures after it). */
    if (lim->skill < XQ_SKILL_MAX && max_depth > lim->skill + 1)
        max_depth = lim->skill + 1;
    int prev_best_score = VALUE_NONE;
    xq_move last_best = XQ_MOVE_NONE;
    int stable = 0;

    for (int depth = 1; depth <= max_depth && !stopped(w); depth++) {
        if (helper_skips(w->id, depth) && depth > 1)
            continue;
        w->root_depth = depth;
        w->best_changes = 0;
        for (int i = 0; i < w->nroot; i++)
            w->root[i].prev_score = w->root[i].score;

        int finished = 1; /* every line of this depth searched to the end */
        for (w->pv_idx = 0; w->pv_idx < w->multipv && finished; w->pv_idx++) {
            root_move *rm = &w->root[w->pv_idx];
            int prev = rm->prev_score;
            int delta = 18, alpha = -VALUE_INF, beta = VALUE_INF;
            if (depth >= 4 && prev > -VALUE_INF && prev > VALUE_MATED_IN_MAX &&
                prev < VALUE_MATE_IN_MAX) {
                delta = 18 + (prev < 0 ? -prev : prev) / 12;
                alpha = prev - delta > -VALUE_INF ? prev - delta : -VALUE_INF;
                beta = prev + delta < VALUE_INF ? prev + delta : VALUE_INF;
            }
            for (;;) {
                w->seldepth = 0;
                int v = search(w, alpha, beta, depth, 0, 0, 1);
                sort_root(w->root, w->pv_idx, w->nroot);
                if (stopped(w)) {
                    finished = 0;
                    break;
                }
                if (main && (v <= alpha || v >= beta) && xq__search_elapsed(s) > 3000)
                    report(w, depth, w->pv_idx + 1);
                if (v <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = v - delta > -VALUE_INF ? v - delta : -VALUE_INF;
                } else if (v >= beta) {
                    beta = v + delta < VALUE_INF ? v + delta : VALUE_INF;
                } else {
                    break;
                }
                delta += delta / 3 + 6;
            }
            sort_root(w->root, 0, w->pv_idx + 1);
            if (main && finished && w->pv_idx + 1 == w->multipv)
                report(w, depth, w->multipv);
        }
        if (!finished)
            break;
        w->completed_depth = depth;
        if (stopped(w)) /* stopped right after the last line (e.g. by the callback) */
            break;
        if (!main)
            continue;

        const root_move *best = &w->root[0];
        /* Mate found within the requested number of moves. */
        if (lim->mate > 0 && best->score >= VALUE_MATE_IN_MAX &&
            VALUE_MATE - best->score <= 2 * lim->mate - 1)
            break;
        /* Time: stop between iterations once the budget is spent. The budget
         * grows when the best move keeps changing or the score drops. */
        if (s->tm.optimum >= 0 && !atomic_load_explicit(&s->pondering, memory_order_relaxed)) {
            stable = best->move == last_best ? stable + 1 : 0;
            last_best = best->move;
            double f = 1.0 + 0.4 * w->best_changes;
            if (stable >= 4)
                f *= 0.7;
            if (prev_best_score != VALUE_NONE && best->score < prev_best_score - 30)
                f *= 1.4;
            if (w->nroot == 1)
                f = 0.5;
            int64_t budget = (int64_t)((double)s->tm.optimum * f);
            if (budget > s->tm.maximum)
                budget = s->tm.maximum;
            int64_t t = xq__search_elapsed(s);
            /* The next iteration takes longer than all before: do not start
             * one that cannot finish. */
            if (t >= budget || (s->lim.movetime_ms <= 0 && t >= budget * 6 / 10))
                break;
        }
        prev_best_score = best->score;
    }
}

/* ---- setup and result ---- */

void xq__worker_clear(worker *w) { memset(w->hist, 0, sizeof *w->hist); }

static int in_list(xq_move m, const xq_move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

/* Copy the search inputs into the worker and build its root move list. */
static void setup(worker *w)
{
    struct xq_search *s = w->s;
    const xq_search_limits *lim = &s->lim;
    w->pos = s->root_pos;
    memcpy(w->rep, s->game, (size_t)s->ngame * sizeof(rules_entry));
    w->rep_root = s->ngame - 1;
    w->limit[0] = s->root_limit;
    memset(w->stack, 0, sizeof w->stack);
    for (int i = 0; i < MAX_PLY + SS_OFF + 4; i++)
        w->stack[i].static_eval = VALUE_NONE;
    stack_entry *root = &w->stack[SS_OFF];
    root->in_check = (uint8_t)xq__in_check(&w->pos);
    w->completed_depth = w->root_depth = w->seldepth = 0;
    w->best_changes = 0;
    w->tick = 0;
    w->nmp_min_ply = 0;
    atomic_store_explicit(&w->nodes, 0, memory_order_relaxed);

    xq_move moves[MAX_MOVES];
    int n = xq__gen_legal(&w->pos, moves, ALL_SQUARES);
    w->nroot = 0;
    for (int i = 0; i < n; i++) {
        if (lim->nsearchmoves > 0 && !in_list(moves[i], lim->searchmoves, lim->nsearchmoves))
            continue;
        if (in_list(moves[i], lim->banmoves, lim->nbanmoves))
            continue;
        root_move *rm = &w->root[w->nroot++];
        rm->move = moves[i];
        rm->score = rm->prev_score = -VALUE_INF;
        rm->bound = BOUND_EXACT;
        rm->seldepth = 0;
        rm->pv[0] = moves[i];
        rm->pv_len = 1;
    }
    /* Captures of valuable pieces first for the first iteration. */
    for (int i = 0; i < w->nroot; i++)
        w->root[i].score = 8 * xq__see_value[PTYPE(w->pos.sq[MOVE_TO(w->root[i].move)])];
    sort_root(w->root, 0, w->nroot);
    for (int i = 0; i < w->nroot; i++)
        w->root[i].score = -VALUE_INF;

    int mpv = lim->multipv > 0 ? lim->multipv : 1;
    /* Weaker levels choose among more candidate moves. */
    const int candidates = 4 + (XQ_SKILL_MAX - lim->skill) / 4;
    if (lim->skill < XQ_SKILL_MAX && mpv < candidates)
        mpv = candidates;
    w->multipv = mpv < w->nroot ? mpv : w->nroot;
    xq__egtb_root_filter(w);
}

void xq__search_helper(worker *w)
{
    setup(w);
    if (w->nroot)
        iterate(w);
}

/* splitmix64 step for the skill weakening. */
static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Skill below the maximum: choose among the best lines with seeded noise
 * whose size grows as the level falls (the search was also shallower and
 * looked at more lines, see iterate() and setup()). Returns an index into
 * w->root. */
static int skill_pick(worker *w)
{
    const int skill = w->s->lim.skill;
    uint64_t st = w->s->lim.seed ^ w->pos.key;
    const int weakness = (XQ_SKILL_MAX - skill) * 32; /* centipawns of noise */
    const int top = w->root[0].score;
    int best = 0, best_v = -VALUE_INF * 2;
    for (int i = 0; i < w->multipv; i++) {
        int sc = w->root[i].score == -VALUE_INF ? w->root[i].prev_score : w->root[i].score;
        if (sc == -VALUE_INF)
            continue;
        /* Never throw away a forced mate; never choose a line that is mated. */
        if (top >= VALUE_MATE_IN_MAX && sc < VALUE_MATE_IN_MAX)
            continue;
        if (sc <= VALUE_MATED_IN_MAX && i > 0)
            continue;
        int noise = (int)(rng_next(&st) % (uint64_t)(weakness + 1));
        int v = sc + noise;
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return best;
}

/* Fill s->result from the root move at index `i` of worker w. */
static void make_result(worker *w, int i)
{
    struct xq_search *s = w->s;
    xq_search_result *r = &s->result;
    memset(r, 0, sizeof *r);
    r->nodes = xq__search_nodes(s);
    r->time_ms = xq__search_elapsed(s);
    r->nps = r->time_ms > 0 ? r->nodes * 1000 / (uint64_t)r->time_ms : r->nodes * 1000;
    r->hashfull = xq__tt_hashfull(&s->tt);
    if (!w->nroot) {
        r->score_kind = XQ_SCORE_MATE;
        r->score = 0;
        if (xq__count_legal(&w->pos) > 0) {
            /* Every legal move was excluded by searchmoves or banmoves. */
            r->score_kind = XQ_SCORE_CP;
        }
        return;
    }
    const root_move *rm = &w->root[i];
    int sc = rm->score != -VALUE_INF ? rm->score : rm->prev_score;
    if (sc == -VALUE_INF)
        sc = 0;
    r->best_move = rm->move;
    score_to_api(sc, &r->score_kind, &r->score);
    r->depth = w->completed_depth;
    r->seldepth = rm->seldepth > r->depth ? rm->seldepth : r->depth;
    r->pv_length = legal_prefix(s, rm->pv, rm->pv_len < XQ_PV_MAX ? rm->pv_len : XQ_PV_MAX);
    memcpy(r->pv, rm->pv, (size_t)r->pv_length * sizeof(xq_move));
    if (r->pv_length >= 2) {
        r->ponder_move = r->pv[1];
    } else {
        /* Guess a reply from the table. */
        pos_t p = s->root_pos;
        undo_t u;
        tt_hit h;
        pos_do(&p, rm->move, &u);
        if (tt_probe(&s->tt, p.key, &h) && h.move && xq__is_legal(&p, h.move))
            r->ponder_move = h.move;
    }
}

/* Lazy SMP: the thread to trust. Each thread votes for its best move with
 * a weight growing with its depth and score; the best thread among those
 * that chose the winning move supplies the result. */
static worker *pick_thread(struct xq_search *s)
{
    worker *best = s->workers[0];
    if (s->nworkers == 1 || best->multipv > 1 || s->lim.skill < XQ_SKILL_MAX)
        return best;
    /* With a depth limit, the result comes from a thread that reached it
     * (the main thread does unless stopped early). */
    int min_depth = 1;
    if (s->lim.depth > 0)
        min_depth = s->lim.depth < best->completed_depth ? s->lim.depth : best->completed_depth;
    if (min_depth < 1)
        min_depth = 1;
    int min_score = VALUE_INF;
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->completed_depth >= min_depth && w->nroot && w->root[0].score > -VALUE_INF &&
            w->root[0].score < min_score)
            min_score = w->root[0].score;
    }
    int64_t votes[MAX_MOVES] = {0};
    xq_move voted[MAX_MOVES];
    int nvoted = 0;
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->completed_depth < min_depth || !w->nroot || w->root[0].score == -VALUE_INF)
            continue;
        int k = 0;
        while (k < nvoted && voted[k] != w->root[0].move)
            k++;
        if (k == nvoted)
            voted[nvoted++] = w->root[0].move;
        votes[k] += (int64_t)(w->root[0].score - min_score + 14) * w->completed_depth;
    }
    int win = -1;
    for (int k = 0; k < nvoted; k++)
        if (win < 0 || votes[k] > votes[win])
            win = k;
    if (win < 0)
        return best;
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->completed_depth < min_depth || !w->nroot || w->root[0].move != voted[win])
            continue;
        if (best->root[0].move != voted[win] || w->completed_depth > best->completed_depth ||
            (w->completed_depth == best->completed_depth && w->root[0].score > best->root[0].score))
            best = w;
    }
    /* Mates: the shortest proven mate wins outright. */
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->completed_depth >= min_depth && w->nroot && w->root[0].score >= VALUE_MATE_IN_MAX &&
            w->root[0].score > best->root[0].score)
            best = w;
    }
    return best;
}

void xq__search_main(worker *w)
{
    struct xq_search *s = w->s;
    pthread_once(&lmr_once, lmr_init);
    setup(w);
    xq__tm_init(&s->tm, &s->lim, w->pos.side, w->nroot);

    if (w->nroot) {
        xq__pool_start_helpers(s);
        iterate(w);
    } else if (s->on_info) {
        xq_search_info info;
        memset(&info, 0, sizeof info);
        info.score_kind = XQ_SCORE_MATE;
        if (xq__count_legal(&w->pos) > 0)
            info.score_kind = XQ_SCORE_CP;
        s->on_info(&info, s->userdata);
    }
    /* An infinite or pondering search holds its result until told. */
    xq__pool_wait_stop(s);
    request_stop(s);
    if (w->nroot)
        xq__pool_wait_helpers(s);

    worker *bw = pick_thread(s);
    int idx = 0;
    if (bw == w && s->lim.skill < XQ_SKILL_MAX && w->nroot)
        idx = skill_pick(w);
    if (bw != w && s->on_info) {
        /* Tell the caller which line is played. */
        bw->pv_idx = 0;
        report(bw, bw->completed_depth, 1);
    }
    make_result(bw, idx);
}
