/* SPDX-License-Identifier: MIT */
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

#include <string.h>

#include "util/mix64.h"
#include "core/movegen.h"
#include "search_addons.h"

/* ---- small helpers ---- */

uint64_t xq__search_nodes(const struct xq_search *s)
{
    uint64_t n = 0;
    const int nw = s->helpers_on ? s->nworkers : 1;
    for (int i = 0; i < nw; i++)
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

/* Plies left at `ply` before the move limit draws (VALUE_INF: no limit). */
INLINE int limit_room(const worker *w, int ply)
{
    const int limit = w->s->rules.ply_limit;
    return limit > 0 ? limit - w->limit[ply].count : VALUE_INF;
}

/* The static evaluation as the search uses it: damped toward the draw score
 * as the move-limit count grows (PROGRESS_* in search.h). The table keeps
 * the undamped value, which does not depend on how the position was reached. */
INLINE int progress_eval(const worker *w, int ply, int raw)
{
    const int64_t limit = w->s->rules.ply_limit > 0 ? w->s->rules.ply_limit : PROGRESS_NO_LIMIT_PLIES;
    int64_t c = w->limit[ply].count;
    if (c > limit)
        c = limit;
    return raw - (int)((int64_t)raw * c * PROGRESS_DAMP_PCT / (100 * limit));
}

/* The static evaluation of the worker's position at ply, undamped: the
 * net's when the search has one (its accumulators are w->acc[ply]), else the
 * hand-written one. Within -EVAL_MAX..EVAL_MAX either way. */
INLINE int static_eval(const worker *w, int ply)
{
    if (!w->net)
        return xq__evaluate(&w->pos);
    const int v = xq__nnue_evaluate(w->net, &w->pos, &w->acc[ply]);
    return v > EVAL_MAX ? EVAL_MAX : v < -EVAL_MAX ? -EVAL_MAX : v;
}

/* Makes move m in the worker's position at ply, and the net's accumulators
 * of ply + 1 from those of ply. */
INLINE void make_move(worker *w, int ply, xq_move m, undo_t *u)
{
    pos_t *p = &w->pos;
    if (!w->net) {
        pos_do(p, m, u);
        return;
    }
    const int from = MOVE_FROM(m), to = MOVE_TO(m), piece = p->sq[from], captured = p->sq[to];
    pos_do(p, m, u);
    xq__nnue_update(w->net, &w->acc[ply], &w->acc[ply + 1], p, from, to, piece, captured);
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
            lmr_table[d][m] = (int)(LMR_TABLE_BASE + ln(d) * ln(m) / LMR_TABLE_DIV);
}

INLINE int reduction(int improving, int depth, int mc)
{
    int r = lmr_table[depth < 63 ? depth : 63][mc < 63 ? mc : 63];
    return r + (!improving && r > 1);
}

/* Quiet moves searched at a given depth before the rest are pruned. */
INLINE int lmp_count(int improving, int depth) { return (LMP_BASE + depth * depth) / (2 - improving); }

INLINE int stat_bonus(int depth)
{
    int b = HIST_BONUS_QUAD * depth * depth + HIST_BONUS_LIN * depth - HIST_BONUS_BASE;
    return b > HIST_BONUS_MAX ? HIST_BONUS_MAX : b;
}

INLINE void inc_nodes(worker *w)
{
    atomic_store_explicit(&w->nodes,
                          atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

/* Main thread: stop at the time or node limit. Called every
 * CHECK_LIMITS_EVERY nodes,
 * and at every node when one thread searches with a node limit. */
static void check_limits(worker *w)
{
    struct xq_search *s = w->s;
    if (s->lim.nodes && xq__search_nodes(s) >= s->lim.nodes) {
        request_stop(s);
        return;
    }
    /* The embedder's stop request (xq_search_set_progress_handler()). */
    if (s->progress && s->progress(s->progress_userdata)) {
        request_stop(s);
        return;
    }
    if (atomic_load_explicit(&s->pondering, memory_order_relaxed))
        return;
    /* The first iteration always completes, so there is a move to play. */
    if (w->completed_depth >= 1 && xq__tm_out_of_time(&s->tm))
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
        if (++w->tick >= CHECK_LIMITS_EVERY) {
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
        return in_check ? VALUE_DRAW : progress_eval(w, ply, static_eval(w, ply));

    tt_hit h = {0};
    const int tt_depth = in_check ? 0 : -1;
    const int hit = tt_probe(&w->s->tt, p->key, &h);
    const int tt_value = hit ? value_from_tt(h.value, ply, limit_room(w, ply)) : VALUE_NONE;
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
        eval = hit && h.eval != VALUE_NONE ? h.eval : static_eval(w, ply);
        best = progress_eval(w, ply, eval);
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
        futility_base = best + QS_FUTILITY_MARGIN;
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
        } else if (best > VALUE_MATED_IN_MAX && !captured && move_count > QS_EVASIONS) {
            /* Late quiet evasions rarely matter once one move holds. */
            continue;
        }
        stack_entry *child = ss + 1;
        ss->move = m;
        ss->piece = p->sq[MOVE_FROM(m)];
        ss->captured = (uint8_t)captured;
        ss->cont = &w->hist->cont[ss->piece][MOVE_TO(m)];
        make_move(w, ply, m, &u);
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
    int64_t t = xq__tm_elapsed(&s->tm);
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
    info.pv_length = rm->pv_len < XQ_PV_MAX ? rm->pv_len : XQ_PV_MAX;
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

static int search(worker *w, int alpha, int beta, int depth, int ply, int cutnode, int pvnode);

/* ---- main search: the pieces ---- */

/* Below the root: the stop flag, the end of the stack, the repetition rule,
 * the move limit and mate distance pruning. Returns the node's value, or
 * VALUE_NONE to search it (with the window narrowed). */
INLINE int node_rules(worker *w, int *alpha, int *beta, int ply, int in_check)
{
    pos_t *p = &w->pos;
    if (stopped(w))
        return 0;
    if (ply >= MAX_PLY - 2)
        return in_check ? VALUE_DRAW : progress_eval(w, ply, static_eval(w, ply));
    const rules_cfg *rules = &w->s->rules;
    switch (xq__rules_repetition(p, w->rep, w->rep_root + ply, w->rep_root, rules)) {
    case XQ__REP_DRAW: return VALUE_DRAW;
    case XQ__REP_WIN: return mate_in(ply);
    case XQ__REP_LOSS: return mated_in(ply);
    default: break;
    }
    /* The move limit draws, unless the side to move has no move left (then
     * it has lost). */
    if (rules->ply_limit > 0 && w->limit[ply].count >= rules->ply_limit && xq__count_legal(p) > 0)
        return VALUE_DRAW;
    int tbv; /* egtb hook: a position in an endgame table scores as its exact result */
    if (w->s->egtb && xq__egtb_search_probe(w->s->egtb, p, ply, &tbv))
        return tbv;
    /* Mate distance pruning. */
    if (*alpha < mated_in(ply))
        *alpha = mated_in(ply);
    if (*beta > mate_in(ply + 1))
        *beta = mate_in(ply + 1);
    if (*alpha >= *beta)
        return *alpha;
    return VALUE_NONE;
}

/* A table entry deep enough with a bound on the right side of beta ends a
 * non-PV node; a quiet table move that keeps refuting is rewarded. */
INLINE int tt_cutoff(worker *w, stack_entry *ss, const tt_hit *h, int tt_value, xq_move tt_move,
                     int tt_capture, int depth, int beta)
{
    if (h->depth < depth || tt_value == VALUE_NONE ||
        !(h->bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return 0;
    if (tt_move && tt_value >= beta && !tt_capture && xq__is_legal(&w->pos, tt_move))
        update_quiet_stats(w, ss, tt_move, NULL, 0, stat_bonus(depth));
    return 1;
}

/* Reverse futility pruning (far above beta) and razoring (hopeless at low
 * depth unless a capture saves it). Returns the node's value or VALUE_NONE.
 * Neither when a mating attack may outweigh a large margin (DANGER_*):
 * no reverse futility for a side whose palace several enemy pieces aim at
 * (material ahead does not help against a quiet move and a mating check),
 * no razoring for a side with that many pieces aimed at the enemy palace
 * (the quiescence search sees no quiet checks). */
INLINE int static_prune(worker *w, int eval, int improving, int alpha, int beta, int depth, int ply)
{
    const pos_t *p = &w->pos;
    if (depth < RFP_MAX_DEPTH && eval - RFP_MARGIN * (depth - improving) >= beta &&
        eval < VALUE_MATE_IN_MAX && beta > VALUE_MATED_IN_MAX &&
        (eval - beta < DANGER_MARGIN || xq__palace_attackers(p, p->side ^ 1) < DANGER_ATTACKERS))
        return eval;
    if (depth <= RAZOR_MAX_DEPTH && eval + RAZOR_MARGIN * depth + RAZOR_BASE <= alpha &&
        alpha < VALUE_MATE_IN_MAX &&
        (alpha - eval < DANGER_MARGIN || xq__palace_attackers(p, p->side) < DANGER_ATTACKERS)) {
        int v = qsearch(w, alpha, alpha + 1, ply, 0);
        if (v <= alpha)
            return v;
    }
    return VALUE_NONE;
}

/* Null-move pruning: pass, and if a reduced search still beats beta, so
 * would a move (verified at high depth, without null moves near the root of
 * the verification). Returns the node's value or VALUE_NONE. */
static int null_move(worker *w, stack_entry *ss, int eval, int beta, int depth, int ply, int cutnode)
{
    pos_t *p = &w->pos;
    if ((ss - 1)->move == XQ_MOVE_NONE || eval < beta ||
        ss->static_eval < beta - NMP_EVAL_DEPTH * depth + NMP_EVAL_BASE || depth < NMP_MIN_DEPTH ||
        ply < w->nmp_min_ply || !nmp_material(p) || beta <= VALUE_MATED_IN_MAX)
        return VALUE_NONE;
    const int by_eval = (eval - beta) / NMP_EVAL_DIV;
    const int r = NMP_BASE_R + depth / NMP_DEPTH_DIV + (by_eval < NMP_EVAL_MAX ? by_eval : NMP_EVAL_MAX);
    /* A reply searched this shallow cannot see a quiet mating threat against
     * a palace under attack: no pass there. */
    if (depth - r < NMP_DANGER_DEPTH && xq__palace_attackers(p, p->side ^ 1) >= DANGER_ATTACKERS)
        return VALUE_NONE;
    undo_t u;
    ss->move = XQ_MOVE_NONE;
    ss->piece = 0;
    ss->captured = 0;
    ss->cont = NULL;
    pos_do_null(p, &u);
    if (w->net)
        w->acc[ply + 1] = w->acc[ply];
    (ss + 1)->in_check = 0;
    rep_push(w, ply + 1, XQ_MOVE_NONE, 0, 0);
    int v = -search(w, -beta, -beta + 1, depth - r, ply + 1, !cutnode, 0);
    pos_undo_null(p, &u);
    if (stopped(w))
        return 0;
    if (v < beta)
        return VALUE_NONE;
    if (v >= VALUE_MATE_IN_MAX)
        v = beta;
    if (w->nmp_min_ply || depth < NMP_VERIFY_DEPTH)
        return v;
    w->nmp_min_ply = ply + NMP_VERIFY_NUM * (depth - r) / NMP_VERIFY_DEN;
    const int v2 = search(w, beta - 1, beta, depth - r, ply, 0, 0);
    w->nmp_min_ply = 0;
    return v2 >= beta ? v : VALUE_NONE;
}

/* Shallow-depth pruning of one move: late-move pruning (which also skips
 * the quiet moves after it), continuation-history, futility and SEE pruning
 * of quiet moves; SEE pruning of captures and checks. Nonzero: skip it. */
INLINE int prune_move(worker *w, const stack_entry *ss, cont_row_t *const *cont, xq_move m,
                      int piece, int to, int captured, int gives_check, int improving, int depth,
                      int move_count, int in_check, int alpha, int *skip_quiets)
{
    const pos_t *p = &w->pos;
    if (captured || gives_check)
        return depth < SEE_CAPTURE_MAX_DEPTH && !xq__see_ge(p, m, -SEE_CAPTURE_MARGIN * depth);
    if (depth < LMP_MAX_DEPTH && move_count >= lmp_count(improving, depth)) {
        *skip_quiets = 1;
        return 1;
    }
    int lmr_depth = depth - 1 - reduction(improving, depth, move_count);
    if (lmr_depth < 0)
        lmr_depth = 0;
    if (lmr_depth < CONT_PRUNE_DEPTH && cont[0] && (*cont[0])[piece][to] < 0 && cont[1] &&
        (*cont[1])[piece][to] < 0)
        return 1;
    if (!in_check && lmr_depth < FUTILITY_MAX_DEPTH &&
        ss->static_eval + FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth <= alpha)
        return 1;
    return !xq__see_ge(p, m, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth);
}

/* The table move may be singular: a lower bound of a non-mate score from
 * not much shallower. */
INLINE int singular_candidate(const tt_hit *h, int tt_value, int depth)
{
    return depth >= SE_MIN_DEPTH && tt_value != VALUE_NONE && tt_value > VALUE_MATED_IN_MAX &&
           tt_value < VALUE_MATE_IN_MAX && (h->bound & BOUND_LOWER) &&
           h->depth >= depth - SE_TT_DEPTH_MARGIN;
}

/* Singular extension: search the other moves against a bound below the
 * table value; if none reaches it, the table move is extended by one ply.
 * *cut is the node's value when the search stopped or several moves beat
 * beta (multi-cut), else VALUE_NONE. Returns the extension. */
static int singular_extension(worker *w, stack_entry *ss, xq_move m, int tt_value, int beta,
                              int depth, int ply, int cutnode, int *cut)
{
    const int sbeta = tt_value - SE_MARGIN * depth;
    ss->excluded = m;
    const int v = search(w, sbeta - 1, sbeta, (depth - 1) / 2, ply, cutnode, 0);
    ss->excluded = XQ_MOVE_NONE;
    *cut = VALUE_NONE;
    if (stopped(w)) {
        *cut = 0;
        return 0;
    }
    if (v < sbeta)
        return 1;
    if (sbeta >= beta)
        *cut = sbeta;
    return 0;
}

/* The late-move reduction of a move (before clamping to the new depth):
 * the table's, less at PV nodes, for killers, counter moves, captures and
 * checks and for a good history, more at cut nodes and after a capturing
 * table move. Leaves the move's history score in ss->stat_score. */
INLINE int late_move_reduction(stack_entry *ss, cont_row_t *cont2, xq_move m, int piece,
                               int to, int captured, int gives_check, int hist_score,
                               xq_move counter, int improving, int depth, int move_count,
                               int cutnode, int tt_pv, int tt_capture)
{
    int r = reduction(improving, depth, move_count);
    if (tt_pv)
        r--;
    if (!captured) {
        if (cutnode)
            r += LMR_CUTNODE;
        else if (m == ss->killer[0] || m == ss->killer[1] || m == counter)
            r--;
        if (tt_capture)
            r++;
        ss->stat_score = hist_score + (cont2 ? (*cont2)[piece][to] : 0) - LMR_HIST_OFFSET;
        r -= ss->stat_score / LMR_HIST_DIV;
    } else if (r > 1) {
        r--;
    }
    if (gives_check)
        r--;
    return r;
}

/* A root move was searched: keep its score and line if it is the first or
 * beat alpha (reported at once when the best move changes in a long
 * search), else mark it unsearched for this iteration. */
static void root_move_done(worker *w, root_move *rm, xq_move m, int v, int alpha, int beta,
                           int move_count, int depth)
{
    struct xq_search *s = w->s;
    const stack_entry *child = &w->stack[SS_OFF + 1];
    if (move_count > 1 && v <= alpha) {
        rm->score = -VALUE_INF;
        return;
    }
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
            xq__tm_elapsed(&s->tm) >= REPORT_CHANGE_MS)
            report_line(w, rm, depth, w->pv_idx + 1);
    }
}

/* History updates when a node is done: after a cutoff reward the best move,
 * punish the moves tried before it and the opponent's quiet move refuted
 * early; when no move beat alpha, reward the opponent's last quiet move. */
static void cutoff_stats(worker *w, stack_entry *ss, xq_move best_move, int best, int old_alpha,
                         int beta, int depth, const xq_move *quiets, int nquiets,
                         const xq_move *captures, int ncaptures)
{
    const pos_t *p = &w->pos;
    const stack_entry *prev = ss - 1;
    if (best >= beta && best_move) {
        const int bonus = stat_bonus(depth + (best > beta + HIST_BONUS_MARGIN));
        if (!p->sq[MOVE_TO(best_move)])
            update_quiet_stats(w, ss, best_move, quiets, nquiets, bonus);
        else
            update_capture_stat(w, best_move, bonus);
        for (int i = 0; i < ncaptures; i++)
            update_capture_stat(w, captures[i], -bonus);
        if (prev->move && !prev->captured && prev->move_count <= EARLY_REFUTATION_MOVES &&
            (ss - 2)->cont)
            hist_update(&(*(ss - 2)->cont)[prev->piece][MOVE_TO(prev->move)], -bonus);
    } else if (best <= old_alpha && prev->move && !prev->captured && (ss - 2)->cont) {
        hist_update(&(*(ss - 2)->cont)[prev->piece][MOVE_TO(prev->move)], stat_bonus(depth) / 2);
    }
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
        const int v = node_rules(w, &alpha, &beta, ply, in_check);
        if (v != VALUE_NONE)
            return v;
    }

    const xq_move excluded = ss->excluded;
    (ss + 1)->excluded = XQ_MOVE_NONE;
    (ss + 2)->killer[0] = (ss + 2)->killer[1] = XQ_MOVE_NONE;
    ss->stat_score = 0;

    /* Transposition table. A singular search uses a key of its own. */
    const uint64_t key = p->key ^ (excluded ? (uint64_t)excluded * XQ__GOLDEN64 : 0);
    tt_hit h = {0};
    const int hit = tt_probe(&s->tt, key, &h);
    const int tt_value = hit ? value_from_tt(h.value, ply, limit_room(w, ply)) : VALUE_NONE;
    const xq_move tt_move = root ? w->root[w->pv_idx].move : hit ? h.move : XQ_MOVE_NONE;
    const int tt_pv = pvnode || (hit && h.pv);
    const int tt_capture = tt_move && p->sq[MOVE_TO(tt_move)];

    if (!pvnode && hit && tt_cutoff(w, ss, &h, tt_value, tt_move, tt_capture, depth, beta))
        return tt_value;

    /* Static evaluation. */
    int eval, improving, raw_eval = VALUE_NONE;
    if (in_check) {
        ss->static_eval = eval = VALUE_NONE;
        improving = 0;
        goto moves;
    }
    raw_eval = hit && h.eval != VALUE_NONE ? h.eval : static_eval(w, ply);
    ss->static_eval = eval = progress_eval(w, ply, raw_eval);
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
        int v = static_prune(w, eval, improving, alpha, beta, depth, ply);
        if (v == VALUE_NONE)
            v = null_move(w, ss, eval, beta, depth, ply, cutnode);
        if (v != VALUE_NONE)
            return v;
    }

    /* Internal iterative reduction: no hash move, so this node was not
     * searched before; search it shallower first. */
    if (!tt_move && depth >= IIR_MIN_DEPTH && (pvnode || cutnode))
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
    xq_move quiets[MAX_QUIETS_TRIED], captures[MAX_CAPTURES_TRIED];
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
        const int hist_score = captured ? 0
                                        : w->hist->main[us][from][to] +
                                              (cont[0] ? (*cont[0])[piece][to] : 0) +
                                              (cont[1] ? (*cont[1])[piece][to] : 0);

        /* Pruning at shallow depth; not while looking for a shorter mate
         * (alpha is a mate score: no static margin can reach it). */
        if (!root && best > VALUE_MATED_IN_MAX && alpha < VALUE_MATE_IN_MAX && nmp_material(p) &&
            prune_move(w, ss, cont, m, piece, to, captured, gives_check, improving, depth,
                       move_count, in_check, alpha, &skip_quiets))
            continue;

        /* Extensions. */
        int ext = 0;
        if (!root && m == tt_move && !excluded && singular_candidate(&h, tt_value, depth)) {
            int cut;
            ext = singular_extension(w, ss, m, tt_value, beta, depth, ply, cutnode, &cut);
            if (cut != VALUE_NONE)
                return cut;
        } else if (gives_check && ply < 2 * w->root_depth &&
                   (depth > CHECK_EXT_SEE_DEPTH || xq__see_ge(p, m, 0))) {
            ext = 1;
        }
        new_depth += ext;

        /* Make the move. */
        stack_entry *child = ss + 1;
        /* The child's line: only a PV search of it writes one. A move that
         * beats alpha after null-window searches alone (a fail high, no
         * re-search) has no line below it; without this the copy in
         * pv_update() or root_move_done() would take the line a PV search
         * of an earlier sibling left there, which belongs to another
         * position. */
        if (pvnode)
            child->pv_len = 0;
        undo_t u;
        ss->move = m;
        ss->piece = (uint8_t)piece;
        ss->captured = (uint8_t)captured;
        ss->cont = &w->hist->cont[piece][to];
        make_move(w, ply, m, &u);
        tt_prefetch(&s->tt, p->key);
        child->in_check = (uint8_t)gives_check;
        rep_push(w, ply + 1, m, captured, gives_check);

        /* Late moves first with a reduced null window, then a full-depth
         * null window, then (PV nodes) the full window. */
        int v = 0, full;
        if (depth >= LMR_MIN_DEPTH && move_count > LMR_MIN_MOVES + LMR_ROOT_MOVES * root &&
            (!captured || cutnode || !tt_pv)) {
            const int r = late_move_reduction(ss, cont[2], m, piece, to, captured, gives_check,
                                              hist_score, counter, improving, depth, move_count,
                                              cutnode, tt_pv, tt_capture);
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
            v = -search(w, -beta, -alpha, new_depth, ply + 1, 0, 1);
        }
        pos_undo(p, m, &u);

        if (stopped(w))
            return 0;

        if (root)
            root_move_done(w, &w->root[root_i - 1], m, v, alpha, beta, move_count, depth);

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
                if (ncaptures < MAX_CAPTURES_TRIED)
                    captures[ncaptures++] = m;
            } else if (nquiets < MAX_QUIETS_TRIED) {
                quiets[nquiets++] = m;
            }
        }
    }

    if (!move_count)
        return excluded ? alpha : mated_in(ply);

    cutoff_stats(w, ss, best_move, best, old_alpha, beta, depth, quiets, nquiets, captures,
                 ncaptures);

    if (!excluded) {
        int bound = best >= beta ? BOUND_LOWER : pvnode && best_move ? BOUND_EXACT : BOUND_UPPER;
        xq__tt_store(&s->tt, key, best_move, value_to_tt(best, ply), raw_eval, depth, bound, tt_pv);
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

void xq__search_iterate(worker *w)
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
            int delta = ASP_DELTA, alpha = -VALUE_INF, beta = VALUE_INF;
            if (depth >= ASP_MIN_DEPTH && prev > -VALUE_INF && prev > VALUE_MATED_IN_MAX &&
                prev < VALUE_MATE_IN_MAX) {
                delta = ASP_DELTA + (prev < 0 ? -prev : prev) / ASP_SCORE_DIV;
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
                if (main && (v <= alpha || v >= beta) && xq__tm_elapsed(&s->tm) > REPORT_FAIL_MS)
                    report(w, depth, w->pv_idx + 1);
                if (v <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = v - delta > -VALUE_INF ? v - delta : -VALUE_INF;
                } else if (v >= beta) {
                    beta = v + delta < VALUE_INF ? v + delta : VALUE_INF;
                } else {
                    break;
                }
                delta += delta / ASP_GROW_DIV + ASP_GROW_ADD;
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
        /* Time: stop between iterations once the budget is spent. */
        if (xq__tm_iteration_done(&s->tm, best->move, best->score, w->best_changes,
                                  atomic_load_explicit(&s->pondering, memory_order_relaxed)))
            break;
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

/* Keep only the root moves that hold the table result (DTM-optimal) when
 * the root position is in a table of the search's endgame tables. */
static void egtb_root_filter(worker *w)
{
    const xq_egtb *tb = w->s->egtb;
    if (!tb || w->nroot == 0)
        return;
    xq_move best[MAX_MOVES];
    const int n = xq__egtb_root_moves(tb, &w->pos, best, MAX_MOVES);
    if (n <= 0)
        return;
    int k = 0;
    for (int i = 0; i < w->nroot; i++)
        for (int j = 0; j < n; j++)
            if (w->root[i].move == best[j]) {
                w->root[k++] = w->root[i];
                break;
            }
    if (k > 0) /* the caller's searchmoves/banmoves may exclude them all */
        w->nroot = k;
    if (w->multipv > w->nroot)
        w->multipv = w->nroot;
}

/* Copy the search inputs into the worker and build its root move list. */
void xq__search_prepare(worker *w)
{
    struct xq_search *s = w->s;
    const xq_search_limits *lim = &s->lim;
    memset(w, 0, WORKER_RESET_END);
    w->searched = s->search_id;
    atomic_store_explicit(&w->nodes, 0, memory_order_relaxed);
    w->pos = s->root_pos;
    memcpy(w->rep, s->game, (size_t)s->ngame * sizeof(rules_entry));
    w->rep_root = s->ngame - 1;
    w->limit[0] = s->root_limit;
    for (int i = 0; i < MAX_PLY + SS_OFF + 4; i++)
        w->stack[i].static_eval = VALUE_NONE;
    stack_entry *root = &w->stack[SS_OFF];
    root->in_check = (uint8_t)xq__in_check(&w->pos);
    w->net = s->net;
    if (w->net)
        xq__nnue_refresh(w->net, &w->pos, &w->acc[0]);

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
    pthread_once(&lmr_once, lmr_init);

    int mpv = lim->multipv > 0 ? lim->multipv : 1;
    /* Weaker levels choose among more candidate moves. */
    const int candidates = 4 + (XQ_SKILL_MAX - lim->skill) / 4;
    if (lim->skill < XQ_SKILL_MAX && mpv < candidates)
        mpv = candidates;
    w->multipv = mpv < w->nroot ? mpv : w->nroot;
    egtb_root_filter(w); /* egtb hook: only the moves that keep the table result */
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
        int noise = (int)(xq__splitmix64(&st) % (uint64_t)(weakness + 1));
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
    r->time_ms = xq__tm_elapsed(&s->tm);
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
    r->pv_length = rm->pv_len < XQ_PV_MAX ? rm->pv_len : XQ_PV_MAX;
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
 * that chose the winning move supplies the result. Only threads that took
 * part in this search vote: with no root move the helpers are not started
 * and still hold the previous search's moves, so the main worker's empty
 * result stands. */
static worker *pick_thread(struct xq_search *s)
{
    worker *best = s->workers[0];
    if (s->nworkers == 1 || !best->nroot || best->multipv > 1 || s->lim.skill < XQ_SKILL_MAX)
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
        if (w->searched != s->search_id)
            continue;
        if (w->completed_depth >= min_depth && w->nroot && w->root[0].score > -VALUE_INF &&
            w->root[0].score < min_score)
            min_score = w->root[0].score;
    }
    int64_t votes[MAX_MOVES] = {0};
    xq_move voted[MAX_MOVES];
    int nvoted = 0;
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->searched != s->search_id || w->completed_depth < min_depth || !w->nroot ||
            w->root[0].score == -VALUE_INF)
            continue;
        int k = 0;
        while (k < nvoted && voted[k] != w->root[0].move)
            k++;
        if (k == nvoted)
            voted[nvoted++] = w->root[0].move;
        votes[k] += (int64_t)(w->root[0].score - min_score + VOTE_BASE) * w->completed_depth;
    }
    int win = -1;
    for (int k = 0; k < nvoted; k++)
        if (win < 0 || votes[k] > votes[win])
            win = k;
    if (win < 0)
        return best;
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->searched != s->search_id || w->completed_depth < min_depth || !w->nroot ||
            w->root[0].move != voted[win])
            continue;
        if (best->root[0].move != voted[win] || w->completed_depth > best->completed_depth ||
            (w->completed_depth == best->completed_depth && w->root[0].score > best->root[0].score))
            best = w;
    }
    /* Mates: the shortest proven mate wins outright. */
    for (int i = 0; i < s->nworkers; i++) {
        worker *w = s->workers[i];
        if (w->searched == s->search_id && w->completed_depth >= min_depth && w->nroot &&
            w->root[0].score >= VALUE_MATE_IN_MAX &&
            w->root[0].score > best->root[0].score)
            best = w;
    }
    return best;
}

void xq__search_report_no_move(worker *w)
{
    struct xq_search *s = w->s;
    if (!s->on_info)
        return;
    xq_search_info info;
    memset(&info, 0, sizeof info);
    info.score_kind = XQ_SCORE_MATE;
    if (xq__count_legal(&w->pos) > 0)
        info.score_kind = XQ_SCORE_CP; /* every move excluded */
    s->on_info(&info, s->userdata);
}

void xq__search_finish(struct xq_search *s)
{
    worker *w = s->workers[0];
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
