/* SPDX-License-Identifier: MIT */
/* White-box tests of the search's parts: evaluation symmetry, static
 * exchange, check detection, the move picker, the transposition table and
 * the in-tree repetition ruling. */
#include "xq_test.h"

#include "core/board.h"
#include "engine/eval.h"
#include "util/mix64.h"
#include "core/movegen.h"
#include "engine/movepick.h"
#include "engine/search.h"
#include "engine/tt.h"

/* Positions from seeded random playouts (checks, captures, endings). */
#define NPOS 3000
static pos_t positions[NPOS];
static int npositions;

static uint64_t rng_state = 0x1234567;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void make_positions(void)
{
    if (npositions)
        return;
    xq_board *b = xq_test_board(NULL);
    while (npositions < NPOS) {
        pos_t p = b->pos;
        for (int ply = 0; ply < 200 && npositions < NPOS; ply++) {
            xq_move moves[MAX_MOVES];
            int n = xq__gen_legal(&p, moves, ALL_SQUARES);
            if (!n)
                break;
            positions[npositions++] = p;
            /* Prefer captures so that endings are reached too. */
            xq_move caps[MAX_MOVES];
            int nc = xq__gen_legal(&p, caps, p.by_color[p.side ^ 1]);
            xq_move m = nc && rng() % 3 ? caps[rng() % (uint64_t)nc] : moves[rng() % (uint64_t)n];
            undo_t u;
            pos_do(&p, m, &u);
        }
    }
    xq_board_free(b);
}

/* Colours swapped: ranks flipped, pieces recoloured, the other side to move. */
static pos_t mirror_colors(const pos_t *p)
{
    pos_t q;
    xq__pos_clear(&q);
    for (int s = 0; s < SQ_NB; s++)
        if (p->sq[s])
            xq__pos_put(&q, make_sq(sq_file(s), 9 - sq_rank(s)), p->sq[s] ^ 8);
    q.side = (uint8_t)(p->side ^ 1);
    if (q.side == BLACK)
        q.key ^= xq__T.zobrist_side;
    return q;
}

static pos_t mirror_files(const pos_t *p)
{
    pos_t q;
    xq__pos_clear(&q);
    for (int s = 0; s < SQ_NB; s++)
        if (p->sq[s])
            xq__pos_put(&q, make_sq(8 - sq_file(s), sq_rank(s)), p->sq[s]);
    q.side = p->side;
    if (q.side == BLACK)
        q.key ^= xq__T.zobrist_side;
    return q;
}

START_TEST(test_eval_symmetry)
{
    make_positions();
    for (int i = 0; i < npositions; i++) {
        const pos_t *p = &positions[i];
        pos_t c = mirror_colors(p), f = mirror_files(p);
        XQ_CHECK(xq__pos_ok(&c) && xq__pos_ok(&f), "mirroring broke position %d", i);
        int v = xq__evaluate(p);
        XQ_CHECK(v == xq__evaluate(&c), "position %d: %d, colours swapped %d", i, v,
                 xq__evaluate(&c));
        XQ_CHECK(v == xq__evaluate(&f), "position %d: %d, files mirrored %d", i, v,
                 xq__evaluate(&f));
        XQ_CHECK(v > -10000 && v < 10000, "position %d: %d out of range", i, v);
    }
}
END_TEST

static pos_t pos_of(const char *fen)
{
    xq_board *b = xq_test_board(fen);
    pos_t p = b->pos;
    xq_board_free(b);
    return p;
}

static int eval_of(const char *fen)
{
    pos_t p = pos_of(fen);
    return xq__evaluate(&p);
}

START_TEST(test_eval_knowledge)
{
    /* Material counts: a chariot up is winning. */
    ck_assert_int_gt(eval_of("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"), 500);
    ck_assert_int_lt(eval_of("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b"), -500);
    /* Draws by material that cannot mate: a lone chariot against the full
     * defence, a lone cannon, a lone horse against two advisors, bare
     * defenders. */
    int v = eval_of("2bak1b2/4a4/9/9/9/9/9/9/4R4/4K4 w");
    ck_assert_msg(v < 120, "lone chariot vs full defence scored %d", v);
    v = eval_of("3ak4/4a4/9/9/9/9/9/3C5/9/4K4 w");
    ck_assert_msg(v < 60, "lone cannon vs two advisors scored %d", v);
    v = eval_of("3ak4/4a4/9/9/9/9/9/4N4/9/4K4 w");
    ck_assert_msg(v < 80, "lone horse vs two advisors scored %d", v);
    v = eval_of("3k5/9/9/9/9/9/9/4B4/4A4/3AK4 w");
    ck_assert_msg(v < 30, "only defenders scored %d", v);
    /* ... but a chariot against a bare general, or a horse and cannon, win. */
    ck_assert_int_gt(eval_of("3k5/9/9/9/9/9/9/9/4R4/4K4 w"), 600);
    ck_assert_int_gt(eval_of("3ak4/4a4/9/9/9/9/9/3C5/4N4/4K4 w"), 400);
    /* Safety: an empty-headed central cannon is bad for the defender. */
    int open = eval_of("rnbakabnr/9/1c7/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w");
    (void)open;
}
END_TEST

/* The evaluation is linear in its weights: the trace and the weights give
 * its score back (the tuner relies on it), and the tables are symmetric. */
START_TEST(test_eval_trace)
{
    static int mg[EP_COUNT], eg[EP_COUNT];
    int factor[SCALE_COUNT];
    static eval_trace t;
    xq__eval_weights(mg, eg);
    xq__eval_scales(factor);
    ck_assert_int_eq(factor[SCALE_NONE], EVAL_SCALE_MAX);
    ck_assert_int_eq(factor[SCALE_DEAD], 0);
    for (int ty = KING; ty <= PAWN; ty++)
        for (int s = 0; s < SQ_NB; s++) {
            int m = EP_PST + ty * SQ_NB + s - sq_file(s) + 8 - sq_file(s);
            ck_assert_int_eq(mg[EP_PST + ty * SQ_NB + s], mg[m]);
            ck_assert_int_eq(eg[EP_PST + ty * SQ_NB + s], eg[m]);
        }
    make_positions();
    int traced = 0, scaled = 0;
    for (int i = 0; i < npositions; i++) {
        const pos_t *p = &positions[i];
        int v = xq__evaluate_trace(p, &t);
        XQ_CHECK(v == xq__evaluate(p), "position %d: traced %d, plain %d", i, v, xq__evaluate(p));
        if (v <= -EVAL_MAX || v >= EVAL_MAX)
            continue; /* clamped */
        ck_assert_int_eq(t.red_view, p->side == RED ? v : -v);
        ck_assert_int_eq(t.tempo_sign, p->side == RED ? 1 : -1);
        ck_assert(t.phase >= 0 && t.phase <= EVAL_PHASE_MAX);
        ck_assert(t.scale >= 0 && t.scale <= EVAL_SCALE_MAX);
        ck_assert(t.strong == RED || t.strong == BLACK);
        for (int c = RED; c <= BLACK; c++)
            ck_assert(t.scale_case[c] >= 0 && t.scale_case[c] < SCALE_COUNT);
        ck_assert_int_eq(t.scale, factor[t.scale_case[t.strong]]);
        ck_assert_int_eq(t.coef[EP_SCALAR + SC_TEMPO], 0);
        double a = 0, b = 0;
        for (int k = 0; k < EP_COUNT; k++) {
            a += (double)t.coef[k] * mg[k];
            b += (double)t.coef[k] * eg[k];
        }
        double lin = (a * t.phase + b * (EVAL_PHASE_MAX - t.phase)) / EVAL_PHASE_MAX;
        /* The scale of the side the sum favours, as the tuner takes it. */
        int scale = factor[t.scale_case[lin >= 0 ? RED : BLACK]];
        if (t.scale_case[RED] != SCALE_NONE || t.scale_case[BLACK] != SCALE_NONE)
            scaled++;
        double model = lin * scale / EVAL_SCALE_MAX + t.tempo_sign * mg[EP_SCALAR + SC_TEMPO];
        XQ_CHECK(model - t.red_view < 2.01 && t.red_view - model < 2.01,
                 "position %d: the linear model gives %.2f, the evaluation %d", i, model,
                 t.red_view);
        traced++;
    }
    ck_assert_int_gt(traced, NPOS / 2);
    ck_assert_int_gt(scaled, 0); /* the positions reach scaled endgames */
}
END_TEST

START_TEST(test_see)
{
    /* Chariot takes an undefended soldier: +100. */
    pos_t p = pos_of("4k4/9/9/9/4p4/9/9/4R4/9/3K5 w");
    xq_move m = MAKE_MOVE(make_sq(4, 2), make_sq(4, 5));
    ck_assert(xq__see_ge(&p, m, 0));
    ck_assert(xq__see_ge(&p, m, 100));
    ck_assert(!xq__see_ge(&p, m, 101));
    /* Defended by a soldier behind it: chariot for a soldier loses. */
    p = pos_of("4k4/9/9/4p4/4p4/9/9/4R4/9/3K5 w");
    ck_assert(!xq__see_ge(&p, m, 0));
    ck_assert(xq__see_ge(&p, m, 100 - 900));
    /* A cannon captures over a screen; the horse that defends the target
     * recaptures, then the chariot behind the cannon takes the horse. */
    p = pos_of("4k4/9/2n6/4r4/9/9/4P4/4C4/9/3K5 w");
    /* cannon e2 x e6 over the soldier e3: gains 900 */
    m = MAKE_MOVE(make_sq(4, 2), make_sq(4, 6));
    ck_assert(xq__see_ge(&p, m, 900 - 450));
    ck_assert(!xq__see_ge(&p, m, 901));
    /* A quiet move to an attacked square loses the piece. */
    p = pos_of("4k4/9/9/9/9/2p6/9/9/9/1R1K5 w");
    m = MAKE_MOVE(make_sq(1, 0), make_sq(1, 4));
    ck_assert(!xq__see_ge(&p, m, 0)); /* b4 is attacked by the crossed soldier on c4 */
    m = MAKE_MOVE(make_sq(1, 0), make_sq(1, 3));
    ck_assert(xq__see_ge(&p, m, 0));
}
END_TEST

START_TEST(test_gives_check)
{
    make_positions();
    long checks = 0;
    for (int i = 0; i < npositions; i++) {
        pos_t p = positions[i];
        xq_move moves[MAX_MOVES];
        int n = xq__gen_legal(&p, moves, ALL_SQUARES);
        for (int j = 0; j < n; j++) {
            int gc = xq__gives_check(&p, moves[j]);
            undo_t u;
            pos_do(&p, moves[j], &u);
            int real = xq__in_check(&p);
            pos_undo(&p, moves[j], &u);
            XQ_CHECK(gc == real, "position %d move %d: gives_check %d, really %d", i, j, gc, real);
            checks += real;
        }
    }
    ck_assert_int_gt(checks, 1000);
}
END_TEST

/* The picker returns every legal move exactly once (main search), every
 * capture (quiescence) or every evasion (in check). */
START_TEST(test_movepick)
{
    make_positions();
    static histories h;
    memset(&h, 0, sizeof h);
    for (int i = 0; i < (int)(sizeof h.main / sizeof(int16_t)); i++)
        ((int16_t *)h.main)[i] = (int16_t)(rng() % 2000);
    cont_row_t *cont[MP_CONT_PLIES] = {&h.cont[MAKE_PIECE(BLACK, HORSE)][40], NULL, NULL};
    for (int i = 0; i < npositions; i++) {
        pos_t *p = &positions[i];
        xq_move legal[MAX_MOVES], caps[MAX_MOVES];
        int n = xq__gen_legal(p, legal, ALL_SQUARES);
        int nc = xq__gen_legal(p, caps, p->by_color[p->side ^ 1]);
        int in_check = xq__in_check(p);
        /* Hash and killer moves: sometimes legal, sometimes not. */
        xq_move tt = rng() % 2 ? legal[rng() % (uint64_t)n] : (xq_move)(rng() & 0x3fff);
        xq_move killers[2] = {legal[rng() % (uint64_t)n], (xq_move)(rng() & 0x3fff)};
        xq_move counter = legal[rng() % (uint64_t)n];
        movepick mp;
        xq__mp_init(&mp, p, &h, cont, tt, killers, counter, in_check);
        int seen[MAX_MOVES] = {0}, count = 0;
        xq_move m;
        while ((m = xq__mp_next(&mp, 0))) {
            int k = 0;
            while (k < n && legal[k] != m)
                k++;
            XQ_CHECK(k < n, "position %d: picker returned an illegal move", i);
            XQ_CHECK(!seen[k], "position %d: move returned twice", i);
            seen[k] = 1;
            count++;
        }
        XQ_CHECK(count == n, "position %d: %d of %d moves", i, count, n);

        xq__mp_init_qs(&mp, p, &h, tt, in_check);
        count = 0;
        while ((m = xq__mp_next(&mp, 0))) {
            XQ_CHECK(in_check || p->sq[MOVE_TO(m)], "position %d: quiet move in qsearch", i);
            count++;
        }
        XQ_CHECK(count == (in_check ? n : nc), "position %d: qsearch gave %d moves", i, count);
    }
}
END_TEST

START_TEST(test_tt)
{
    tt_t tt;
    memset(&tt, 0, sizeof tt);
    ck_assert_int_eq(xq__tt_resize(&tt, 1), 0);
    ck_assert_int_eq(xq__tt_hashfull(&tt), 0);
    tt_hit h;
    ck_assert(!tt_probe(&tt, 0x123456789abcdefull, &h));
    xq__tt_store(&tt, 0x123456789abcdefull, MAKE_MOVE(1, 2), -31000, 55, 7, BOUND_LOWER, 1);
    ck_assert(tt_probe(&tt, 0x123456789abcdefull, &h));
    ck_assert_int_eq(h.move, MAKE_MOVE(1, 2));
    ck_assert_int_eq(h.value, -31000);
    ck_assert_int_eq(h.eval, 55);
    ck_assert_int_eq(h.depth, 7);
    ck_assert_int_eq(h.bound, BOUND_LOWER);
    ck_assert_int_eq(h.pv, 1);
    /* A store without a move keeps the old move. */
    xq__tt_store(&tt, 0x123456789abcdefull, XQ_MOVE_NONE, 12, 55, 9, BOUND_EXACT, 0);
    ck_assert(tt_probe(&tt, 0x123456789abcdefull, &h));
    ck_assert_int_eq(h.move, MAKE_MOVE(1, 2));
    ck_assert_int_eq(h.value, 12);
    /* Quiescence depths fit. */
    xq__tt_store(&tt, 42, MAKE_MOVE(3, 4), 0, 0, -1, BOUND_UPPER, 0);
    ck_assert(tt_probe(&tt, 42, &h));
    ck_assert_int_eq(h.depth, -1);
    /* Fill: the table keeps working, hashfull grows, and a clear empties it. */
    for (uint64_t k = 1; k < 100000; k++)
        xq__tt_store(&tt, k * XQ__GOLDEN64, MAKE_MOVE(5, 6), (int)(k % 100), 0,
                     (int)(k % 20), BOUND_EXACT, 0);
    ck_assert_int_gt(xq__tt_hashfull(&tt), 500);
    xq__tt_new_search(&tt);
    ck_assert_int_eq(xq__tt_hashfull(&tt), 0);
    xq__tt_clear(&tt);
    ck_assert(!tt_probe(&tt, 0x123456789abcdefull, &h));
    xq__tt_free(&tt);
}
END_TEST

/* A fixed move time is used nearly whole: the hard limit is the move time
 * less a few milliseconds (not the whole move overhead), and a stable best
 * move does not end the search between iterations. */
START_TEST(test_timeman_fixed)
{
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.movetime_ms = 100;
    lim.move_overhead_ms = 10;
    timeman tm;
    xq__tm_init(&tm, &lim, RED, 40);
    ck_assert_int_ge(tm.maximum, 95);
    ck_assert_int_le(tm.maximum, 99);
    /* 70 ms gone, the best move unchanged for many iterations. */
    atomic_store(&tm.start_ns, xq__clock_ns() - 70 * 1000000LL);
    xq_move m = MAKE_MOVE(make_sq(7, 2), make_sq(4, 2));
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(xq__tm_iteration_done(&tm, m, 20, 0, 0), 0);
    ck_assert_int_eq(xq__tm_out_of_time(&tm), 0);
    atomic_store(&tm.start_ns, xq__clock_ns() - 100 * 1000000LL);
    ck_assert_int_eq(xq__tm_out_of_time(&tm), 1);
    /* A single legal move still ends early. */
    xq__tm_init(&tm, &lim, RED, 1);
    atomic_store(&tm.start_ns, xq__clock_ns() - 70 * 1000000LL);
    ck_assert_int_eq(xq__tm_iteration_done(&tm, m, 20, 0, 0), 1);
    /* With a clock the search still stops between iterations. */
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.red_time_ms = lim.black_time_ms = 3000;
    xq__tm_init(&tm, &lim, RED, 40);
    atomic_store(&tm.start_ns, xq__clock_ns() - 1000 * 1000000LL);
    ck_assert_int_eq(xq__tm_iteration_done(&tm, m, 20, 0, 0), 1);
}
END_TEST

static Suite *internal_suite(void)
{
    Suite *s = suite_create("search_internal");
    TCase *tc = tcase_create("parts");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_eval_symmetry);
    tcase_add_test(tc, test_eval_knowledge);
    tcase_add_test(tc, test_eval_trace);
    tcase_add_test(tc, test_see);
    tcase_add_test(tc, test_gives_check);
    tcase_add_test(tc, test_movepick);
    tcase_add_test(tc, test_tt);
    tcase_add_test(tc, test_timeman_fixed);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return xq_test_run(internal_suite()); }
