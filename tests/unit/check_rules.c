/* SPDX-License-Identifier: MIT */
/* Rule adjudication: outcome with reason and evidence, repetition judgement
 * (perpetual check, chase, mate threats) under the three rule sets, move
 * limit, insufficient material, banned moves (UCCI banmoves), and the search's
 * entry point in lib/rules.h. White-box: also drives the internals. */
#include <ctype.h>

#include "xq_test.h"

#include "util/mix64.h"
#include "core/movegen.h"
#include "core/rules.h"

/* ---- helpers ---- */

static xq_rules rules_of(int ruleset)
{
    xq_rules r;
    ck_assert_int_eq(xq_rules_init(&r, XQ_RULES_VERSION, ruleset), XQ_OK);
    return r;
}

static void play_line(xq_board *b, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " \t"); t; t = strtok(NULL, " \t"))
        xq_test_play(b, t);
}

static xq_board *board_after(const char *fen, const char *moves)
{
    xq_board *b = xq_test_board(fen);
    play_line(b, moves);
    return b;
}

static int outcome(const xq_board *b, const xq_rules *r, xq_outcome *o)
{
    const int res = xq_board_outcome(b, r, o);
    ck_assert_msg(res >= 0, "xq_board_outcome failed: %s", xq_strerror(res));
    return res;
}

static int sq_parse(const char *s)
{
    return xq_square(s[0] - 'a', s[1] - '0');
}

/* ---- the case file: tests/data/rules/cycles.txt ---- */

typedef struct rcase {
    char label[64], fen[128], moves[512], verdict[3][32], evidence[64];
    int line;
} rcase;

static rcase cases[64];
static int ncases;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

static void load_cases(void)
{
    FILE *f = fopen(xq_test_path("rules/cycles.txt"), "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", xq_test_path("rules/cycles.txt"));
        exit(1);
    }
    char line[2048];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        char *field[7] = {0};
        int n = 0;
        for (char *p = s; n < 7; n++) {
            field[n] = p;
            char *bar = strchr(p, '|');
            if (!bar) {
                n++;
                break;
            }
            *bar = 0;
            p = bar + 1;
        }
        if (n < 6 || ncases == (int)(sizeof cases / sizeof *cases)) {
            fprintf(stderr, "cycles.txt:%d: malformed line\n", lineno);
            exit(1);
        }
        rcase *c = &cases[ncases++];
        c->line = lineno;
        snprintf(c->label, sizeof c->label, "%s", trim(field[0]));
        snprintf(c->fen, sizeof c->fen, "%s", trim(field[1]));
        snprintf(c->moves, sizeof c->moves, "%s", trim(field[2]));
        for (int i = 0; i < 3; i++)
            snprintf(c->verdict[i], sizeof c->verdict[i], "%s", trim(field[3 + i]));
        snprintf(c->evidence, sizeof c->evidence, "%s", n > 6 ? trim(field[6]) : "");
    }
    fclose(f);
}

/* Check an outcome against a verdict token of the case file. */
static void expect_verdict(const rcase *c, const char *set, const xq_outcome *o, int res,
                           const char *want)
{
    char text[256];
    xq_outcome_format(o, text, sizeof text);
    if (!strcmp(want, "ongoing")) {
        XQ_CHECK(res == XQ_RESULT_ONGOING && o->reason == XQ_REASON_NONE,
                 "%s (%s): expected ongoing, got %s", c->label, set, text);
        return;
    }
    if (!strcmp(want, "draw")) {
        XQ_CHECK(res == XQ_RESULT_DRAW && o->reason == XQ_REASON_REPETITION && o->at_fault == -1,
                 "%s (%s): expected a drawn repetition, got %s", c->label, set, text);
        return;
    }
    const int side = !strncmp(want, "red-", 4) ? XQ_RED : XQ_BLACK;
    const char *kind = strchr(want, '-') + 1;
    const int reason = !strcmp(kind, "checks")   ? XQ_REASON_PERPETUAL_CHECK
                       : !strcmp(kind, "chases") ? XQ_REASON_PERPETUAL_CHASE
                                                 : XQ_REASON_PERPETUAL_MATE_THREAT;
    XQ_CHECK(o->at_fault == side && o->reason == reason &&
                 res == (side == XQ_RED ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS),
             "%s (%s): expected %s, got %s", c->label, set, want, text);
    XQ_CHECK(o->cycle[side] & XQ_CYCLE_FORBIDDEN, "%s (%s): cycle flags lack FORBIDDEN",
             c->label, set);
}

/* "b9,c9>e7": the chasing and chased squares, in any order. */
static void expect_evidence(const rcase *c, const xq_outcome *o)
{
    char buf[64], *save;
    snprintf(buf, sizeof buf, "%s", c->evidence);
    char *gt = strchr(buf, '>');
    ck_assert_msg(gt != NULL, "%s: bad evidence field", c->label);
    *gt = 0;
    char *lists[2] = {buf, gt + 1};
    const int *have[2] = {o->chasing, o->chased};
    const int nhave[2] = {o->nchasing, o->nchased};
    for (int k = 0; k < 2; k++) {
        int n = 0;
        for (char *t = strtok_r(lists[k], ",", &save); t; t = strtok_r(NULL, ",", &save), n++) {
            int found = 0;
            for (int i = 0; i < nhave[k]; i++)
                found |= have[k][i] == sq_parse(t);
            XQ_CHECK(found, "%s: %s square %s missing from the evidence", c->label,
                     k ? "chased" : "chasing", t);
        }
        XQ_CHECK(n == nhave[k], "%s: %d %s squares expected, %d reported", c->label, n,
                 k ? "chased" : "chasing", nhave[k]);
    }
}

START_TEST(cycle_cases)
{
    const rcase *c = &cases[_i];
    static const char *const names[3] = {"axf", "cxa", "simple"};
    xq_board *b = board_after(c->fen, c->moves);
    const int n = xq_board_history_size(b);
    xq_move last;
    ck_assert_int_eq(xq_board_history_move(b, n - 1, &last, NULL), XQ_OK);
    const int mover = xq_board_side_to_move(b) ^ 1;

    for (int rs = 0; rs < 3; rs++) {
        xq_rules r = rules_of(rs);
        rules_cfg cfg;
        xq_outcome o;
        const int res = outcome(b, &r, &o);
        expect_verdict(c, names[rs], &o, res, c->verdict[rs]);
        if (rs == XQ_RULES_AXF && c->evidence[0])
            expect_evidence(c, &o);
        if (o.reason >= XQ_REASON_REPETITION && o.reason <= XQ_REASON_PERPETUAL_MATE_THREAT) {
            XQ_CHECK(o.cycle_start >= 0 && o.cycle_plies == n - o.cycle_start &&
                         o.cycle_plies >= 8,
                     "%s: cycle %d+%d", c->label, o.cycle_start, o.cycle_plies);
            XQ_CHECK(o.repetitions >= 3, "%s: %d repetitions", c->label, o.repetitions);
        }

        /* The search's entry point agrees with the board (same code, other input). */
        rules_entry st[64];
        ck_assert_int_eq(xq__rules_compile(&r, &cfg), XQ_OK);
        const int k = xq__rules_entries_from_board(b, st, 64);
        ck_assert_int_eq(k, n);
        const pos_t *p = &((const struct xq_board *)b)->pos;
        ck_assert_uint_eq(st[k].key, p->key);
        const int v = xq__rules_repetition(p, st, k, k, &cfg);
        const int expect_v = res == XQ_RESULT_ONGOING ? XQ__REP_NONE
                             : res == XQ_RESULT_DRAW  ? XQ__REP_DRAW
                             : o.at_fault == p->side  ? XQ__REP_LOSS
                                                      : XQ__REP_WIN;
        XQ_CHECK(v == expect_v, "%s (%s): search verdict %d, board %d", c->label, names[rs], v,
                 expect_v);

        /* The last move was forbidden exactly when it lost by the rules. */
        ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
        const int banned = xq_board_move_banned(b, &r, last);
        XQ_CHECK(banned == (o.at_fault == mover),
                 "%s (%s): last move banned=%d but at_fault=%d", c->label, names[rs], banned,
                 o.at_fault);
        xq_move list[XQ_MAX_MOVES];
        int nb = xq_board_banned_moves(b, &r, list, XQ_MAX_MOVES), in_list = 0;
        for (int i = 0; i < nb; i++)
            in_list |= list[i] == last;
        XQ_CHECK(in_list == banned, "%s: banned list disagrees with the single query", c->label);
        ck_assert_int_eq(xq_board_make_move(b, last), XQ_OK);
    }
    xq_board_free(b);
}
END_TEST

/* ---- UCCI banmoves and the perpetual-check example ---- */

static const char *const UCCI_FEN = "9/9/3k5/9/9/9/4R4/3A5/4K4/8r b - - 0 1";
static const char *const UCCI_MOVES = "i0i1 e1e0 i1i0 e0e1 i0i1 e1e0 i1i0 e0e1 i0i1 e1e0";

START_TEST(ucci_banmoves)
{
    xq_board *b = board_after(UCCI_FEN, UCCI_MOVES);
    xq_rules axf = rules_of(XQ_RULES_AXF), cxa = rules_of(XQ_RULES_CXA),
             simple = rules_of(XQ_RULES_SIMPLE);
    xq_move list[XQ_MAX_MOVES], m;
    xq_outcome o;

    /* Black gave check with every move: Black loses. */
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(o.reason, XQ_REASON_PERPETUAL_CHECK);
    ck_assert_int_eq(o.at_fault, XQ_BLACK);
    ck_assert_int_eq(o.cycle_start, 2);
    ck_assert_int_eq(o.cycle_plies, 8);
    ck_assert_int_eq(o.repetitions, 3);
    ck_assert_int_eq(o.cycle[XQ_BLACK], XQ_CYCLE_CHECK | XQ_CYCLE_FORBIDDEN);
    ck_assert_int_eq(o.cycle[XQ_RED], XQ_CYCLE_IDLE); /* replies to checks */
    ck_assert_int_eq(o.nchasing, 0);
    char text[160];
    ck_assert_int_gt(xq_outcome_format(&o, text, sizeof text), 0);
    ck_assert_str_eq(text, "1-0 perpetual check by Black (cycle from ply 2, 8 plies)");

    /* What a UCCI interface sends as banmoves: the check that would repeat again. */
    ck_assert_int_eq(xq_board_banned_moves(b, &axf, list, XQ_MAX_MOVES), 1);
    xq_move_parse("i1i0", &m);
    ck_assert_int_eq(list[0], m);
    ck_assert_int_eq(xq_board_move_banned(b, &axf, m), 1);
    ck_assert_int_eq(xq_board_move_banned(b, NULL, m), 1); /* NULL = AXF */
    ck_assert_int_eq(xq_board_banned_moves(b, &cxa, list, XQ_MAX_MOVES), 1);
    ck_assert_int_eq(xq_board_banned_moves(b, &simple, list, XQ_MAX_MOVES), 0);
    ck_assert_int_eq(xq_board_move_banned(b, &simple, m), 0);
    /* Other checks, and quiet moves, stay allowed. */
    xq_move_parse("i1h1", &m);
    ck_assert_int_eq(xq_board_move_banned(b, &axf, m), 0);
    /* Counting without storing: cap 0 with a NULL array. */
    ck_assert_int_eq(xq_board_banned_moves(b, &axf, NULL, 0), 1);
    xq_move_parse("a0a1", &m); /* no piece there */
    ck_assert_int_eq(xq_board_move_banned(b, &axf, m), XQ_EILLEGAL);

    /* One ply earlier Red is to move: its king step completes Black's cycle,
     * which Black is at fault for, so nothing is banned for Red. */
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(xq_board_banned_moves(b, &axf, list, XQ_MAX_MOVES), 0);
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_RED_WINS); /* ply 9: S1 3rd time */
    /* At ply 8 the start position occurs for the third time: already decided. */
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(o.cycle_start, 0);
    ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.repetitions, 2);
    xq_board_free(b);
}
END_TEST

/* ---- parameters ---- */

static const char *const CHASE_FEN = "3k5/4a4/2n6/9/9/9/9/9/9/2R1K4 b - - 0 1";
static const char *const CHASE_CYCLE = "c7b9 c0b0 b9c7 b0c0";

START_TEST(fold_parameter)
{
    xq_rules r = rules_of(XQ_RULES_AXF);
    xq_outcome o;
    xq_board *b = board_after(CHASE_FEN, CHASE_CYCLE);
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.repetitions, 2);
    r.fold = 2; /* the second occurrence already ends the game */
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_BLACK_WINS);
    ck_assert_int_eq(o.reason, XQ_REASON_PERPETUAL_CHASE);
    ck_assert_int_eq(o.cycle_start, 0);
    ck_assert_int_eq(o.cycle_plies, 4);
    play_line(b, CHASE_CYCLE);
    r.fold = 4;
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.repetitions, 3);
    play_line(b, CHASE_CYCLE);
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_BLACK_WINS);
    ck_assert_int_eq(o.cycle_plies, 12);
    r.ruleset = XQ_RULES_SIMPLE;
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_DRAW);
    ck_assert_int_eq(o.reason, XQ_REASON_REPETITION);
    xq_board_free(b);
}
END_TEST

START_TEST(mate_threat_depth)
{
    /* Red's i3i7 threatens mate in one (Rxd7), i7i3 mate in two checks. */
    xq_board *b = board_after("3k5/9/3n5/9/9/9/8R/9/9/4K4 w - - 0 1",
                              "i3i7 d7b6 i7i3 b6d7 i3i7 d7b6 i7i3 b6d7");
    xq_rules r = rules_of(XQ_RULES_CXA);
    xq_outcome o;
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_BLACK_WINS);
    ck_assert_int_eq(o.reason, XQ_REASON_PERPETUAL_MATE_THREAT);
    ck_assert_int_eq(o.cycle[XQ_RED], XQ_CYCLE_MATE_THREAT | XQ_CYCLE_FORBIDDEN);
    r.mate_threat_depth = 1; /* i7i3 becomes an idle move */
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_DRAW);
    ck_assert(o.cycle[XQ_RED] & XQ_CYCLE_IDLE);
    r.mate_threat_depth = 0;
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_DRAW);
    ck_assert(!(o.cycle[XQ_RED] & XQ_CYCLE_MATE_THREAT));
    /* AXF ignores mate threats whatever the depth. */
    r = rules_of(XQ_RULES_AXF);
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_DRAW);
    xq_board_free(b);
}
END_TEST

/* ---- move limit ---- */

START_TEST(move_limit)
{
    xq_rules axf = rules_of(XQ_RULES_AXF), cxa = rules_of(XQ_RULES_CXA);
    xq_outcome o;
    char text[160];
    /* 118 plies without capture in the FEN, then two quiet moves. */
    xq_board *b = xq_test_board("3k5/4a4/9/9/9/9/9/9/9/2R1K4 w - - 118 80");
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 118);
    ck_assert_int_eq(o.limit_plies, 120);
    xq_test_play(b, "c0c1");
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 119);
    xq_outcome_format(&o, text, sizeof text);
    ck_assert_str_eq(text, "ongoing (move limit 119/120)");
    xq_test_play(b, "d9d8");
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_DRAW);
    ck_assert_int_eq(o.reason, XQ_REASON_MOVE_LIMIT);
    ck_assert_int_eq(o.limit_count, 120);
    xq_outcome_format(&o, text, sizeof text);
    ck_assert_str_eq(text, "1/2-1/2 move limit (120 plies without capture)");
    ck_assert_int_eq(outcome(b, &cxa, &o), XQ_RESULT_DRAW);
    axf.ply_limit = 0; /* no limit */
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    axf.ply_limit = 200;
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    /* A capture resets the count. */
    xq_board_free(b);
    b = xq_test_board("3k5/4a4/9/9/9/9/9/9/2p6/2R1K4 w - - 100 80");
    xq_test_play(b, "c0c1");
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 0);
    xq_test_play(b, "d9d8");
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 1);
    xq_board_free(b);
}
END_TEST

START_TEST(move_limit_checks)
{
    /* Black checks with every other ply (the UCCI example). With the
     * repetition rule out of the way (fold 100), after 24 plies Black gave 12
     * checks: under AXF its 11th and 12th and Red's replies to them do not
     * count; under CXA every ply counts. */
    xq_board *b = xq_test_board(UCCI_FEN);
    for (int i = 0; i < 6; i++)
        play_line(b, "i0i1 e1e0 i1i0 e0e1");
    xq_rules axf = rules_of(XQ_RULES_AXF), cxa = rules_of(XQ_RULES_CXA);
    axf.fold = cxa.fold = 100;
    xq_outcome o;
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 20);
    ck_assert_int_eq(outcome(b, &cxa, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 24);
    axf.check_cap = 4; /* checks 5..12 and their replies: 16 plies */
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 8);
    axf.check_cap = -1;
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 24);
    /* Under CXA the limit is reached 96 plies later; under AXF it is not. */
    for (int i = 0; i < 24; i++)
        play_line(b, "i0i1 e1e0 i1i0 e0e1");
    axf.check_cap = 10;
    ck_assert_int_eq(outcome(b, &axf, &o), XQ_RESULT_ONGOING);
    ck_assert_int_eq(o.limit_count, 20);
    ck_assert_int_eq(outcome(b, &cxa, &o), XQ_RESULT_DRAW);
    ck_assert_int_eq(o.reason, XQ_REASON_MOVE_LIMIT);
    ck_assert_int_eq(o.limit_count, 120);
    xq_board_free(b);
}
END_TEST

START_TEST(limit_counter_unit)
{
    rules_limit l;
    xq__limit_reset(&l, 5);
    xq__limit_step(&l, RED, 0, 0, 10);
    ck_assert_int_eq(l.count, 6);
    for (int i = 0; i < 10; i++) { /* ten checks by Red, ten replies */
        xq__limit_step(&l, RED, 1, 0, 10);
        xq__limit_step(&l, BLACK, 0, 0, 10);
    }
    ck_assert_int_eq(l.count, 26);
    xq__limit_step(&l, RED, 1, 0, 10); /* the 11th: not counted ... */
    xq__limit_step(&l, BLACK, 1, 0, 10); /* ... nor the reply (a check of Black's own) */
    xq__limit_step(&l, RED, 0, 0, 10);
    ck_assert_int_eq(l.count, 27);
    ck_assert_int_eq(l.checks[RED], 11);
    ck_assert_int_eq(l.checks[BLACK], 1);
    xq__limit_step(&l, BLACK, 0, 1, 10); /* a capture resets everything */
    ck_assert_int_eq(l.count, 0);
    ck_assert_int_eq(l.checks[RED], 0);
    xq__limit_step(&l, RED, 1, 0, -1); /* no cap: every ply counts */
    ck_assert_int_eq(l.count, 1);
}
END_TEST

/* ---- game end by position: mate, stalemate, material ---- */

START_TEST(no_legal_move_first)
{
    xq_outcome o;
    /* Checkmate past the move limit: the mate decides. */
    xq_board *b = xq_test_board("3k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 125 90");
    ck_assert_int_eq(outcome(b, NULL, &o), XQ_RESULT_DRAW);
    ck_assert_int_eq(o.reason, XQ_REASON_MOVE_LIMIT);
    xq_test_play(b, "b0b9");
    ck_assert_int_eq(outcome(b, NULL, &o), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(o.reason, XQ_REASON_CHECKMATE);
    ck_assert_int_eq(o.at_fault, XQ_BLACK);
    ck_assert_int_eq(o.limit_count, 126);
    int reason;
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(reason, XQ_REASON_CHECKMATE);
    char text[160];
    xq_outcome_format(&o, text, sizeof text);
    ck_assert_str_eq(text, "1-0 checkmate");
    xq_board_free(b);
    /* Stalemate (困毙) loses. */
    b = xq_test_board("3k5/R8/9/9/4R4/9/9/9/9/5K3 b - - 0 1");
    ck_assert_int_eq(outcome(b, NULL, &o), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(o.reason, XQ_REASON_NO_LEGAL_MOVE);
    ck_assert_int_eq(o.at_fault, XQ_BLACK);
    ck_assert_int_eq(xq_board_status(b, &reason), XQ_RESULT_RED_WINS);
    ck_assert_int_eq(reason, XQ_REASON_NO_LEGAL_MOVE);
    xq_board_free(b);
}
END_TEST

START_TEST(insufficient_material)
{
    xq_outcome o;
    xq_rules r = rules_of(XQ_RULES_AXF);
    char text[160];
    xq_board *b = xq_test_board("3ak4/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1");
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_DRAW);
    ck_assert_int_eq(o.reason, XQ_REASON_INSUFFICIENT_MATERIAL);
    xq_outcome_format(&o, text, sizeof text);
    ck_assert_str_eq(text, "1/2-1/2 insufficient material");
    r.insufficient_material = 0;
    ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_ONGOING);
    xq_board_free(b);
    /* Any chariot, horse, cannon or soldier keeps the game going. */
    static const char *const fens[] = {
        "3ak4/9/4b4/9/9/9/9/4B4/4A4/3AK3R w - - 0 1",
        "3ak4/9/4b4/9/9/9/9/4B4/4A4/3AK1N2 w - - 0 1",
        "3ak4/9/4b4/9/9/9/9/1c2B4/4A4/3AK4 w - - 0 1",
        "3ak4/9/4b4/9/9/p8/9/4B4/4A4/3AK4 w - - 0 1",
    };
    r.insufficient_material = 1;
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        b = xq_test_board(fens[i]);
        ck_assert_int_eq(outcome(b, &r, &o), XQ_RESULT_ONGOING);
        xq_board_free(b);
    }
}
END_TEST

/* The outcome's quick legal-move test agrees with the full generator: every
 * position two plies deep from the perft suite (in check, pinned, mated...). */
static long tree_compare(xq_board *b, int depth)
{
    xq_outcome o;
    int reason;
    const int status = xq_board_status(b, &reason);
    const int res = outcome(b, NULL, &o);
    const int over = o.reason == XQ_REASON_CHECKMATE || o.reason == XQ_REASON_NO_LEGAL_MOVE;
    XQ_CHECK(over == (status != XQ_RESULT_ONGOING), "no-legal-move test disagrees in %s",
             xq_test_fen(b));
    if (over)
        XQ_CHECK(res == status && o.reason == reason, "mate/stalemate reason disagrees");
    long n = over;
    if (depth == 0)
        return n;
    xq_move moves[XQ_MAX_MOVES];
    const int k = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
    for (int i = 0; i < k; i++) {
        xq_board_make_move(b, moves[i]);
        n += tree_compare(b, depth - 1);
        xq_board_unmake_move(b, NULL);
    }
    return n;
}

START_TEST(legal_move_test)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    ck_assert(f != NULL);
    char line[512];
    long ended = 0;
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        *strchr(line, ';') = 0;
        xq_board *b = xq_test_board(line);
        ended += tree_compare(b, 2);
        xq_board_free(b);
        positions++;
    }
    fclose(f);
    ck_assert_int_eq(positions, 26);
    ck_assert_int_gt(ended, 0); /* the suite has mates two plies deep */
}
END_TEST

/* ---- arguments ---- */

START_TEST(bad_arguments)
{
    xq_board *b = xq_test_board(NULL);
    xq_rules r;
    xq_outcome o;
    xq_move m, list[4];
    xq_move_parse("h2e2", &m);
    ck_assert_int_eq(xq_rules_init(NULL, XQ_RULES_VERSION, XQ_RULES_AXF), XQ_EINVAL);
    ck_assert_int_eq(xq_rules_init(&r, 0, XQ_RULES_AXF), XQ_EVERSION);
    ck_assert_int_eq(xq_rules_init(&r, XQ_RULES_VERSION + 1, XQ_RULES_AXF), XQ_EVERSION);
    ck_assert_int_eq(xq_rules_init(&r, XQ_RULES_VERSION, 3), XQ_EINVAL);
    ck_assert_int_eq(xq_rules_init(&r, XQ_RULES_VERSION, -1), XQ_EINVAL);

    /* The static initializer equals the AXF defaults. */
    const xq_rules init = XQ_RULES_INIT;
    ck_assert_int_eq(xq_rules_init(&r, XQ_RULES_VERSION, XQ_RULES_AXF), XQ_OK);
    ck_assert_int_eq(memcmp(&init, &r, sizeof r), 0);
    ck_assert_int_eq(r.fold, 3);
    ck_assert_int_eq(r.ply_limit, 120);
    ck_assert_int_eq(r.check_cap, 10);
    xq_rules_init(&r, XQ_RULES_VERSION, XQ_RULES_CXA);
    ck_assert_int_eq(r.check_cap, -1);

    ck_assert_int_eq(xq_board_outcome(NULL, NULL, &o), XQ_EINVAL);
    ck_assert_int_eq(o.result, XQ_RESULT_ONGOING); /* zeroed even on failure */
    ck_assert_int_eq(o.at_fault, -1);
    ck_assert_int_eq(xq_board_outcome(b, NULL, NULL), XQ_EINVAL);
    struct {
        int field, value, expect;
    } bad[] = {
        {0, 4, XQ_EINVAL},  {1, 1, XQ_EINVAL},   {1, 101, XQ_EINVAL}, {2, -1, XQ_EINVAL},
        {3, -2, XQ_EINVAL}, {4, 6, XQ_EINVAL},   {4, -1, XQ_EINVAL},  {5, 2, XQ_EINVAL},
        {6, 0, XQ_EVERSION}, {6, 2, XQ_EVERSION},
    };
    xq_book_builder *bb;
    xq_book *empty;
    ck_assert_int_eq(xq_book_builder_new(&bb, NULL), XQ_OK);
    ck_assert_int_eq(xq_book_builder_finish(bb, &empty), XQ_OK);
    xq_book_builder_free(bb);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        xq_rules_init(&r, XQ_RULES_VERSION, XQ_RULES_AXF);
        int *fields[] = {&r.ruleset, &r.fold, &r.ply_limit, &r.check_cap, &r.mate_threat_depth,
                         &r.insufficient_material};
        if (bad[i].field == 6)
            r.version = (unsigned)bad[i].value;
        else
            *fields[bad[i].field] = bad[i].value;
        ck_assert_int_eq(xq_board_outcome(b, &r, &o), bad[i].expect);
        ck_assert_int_eq(xq_board_move_banned(b, &r, m), bad[i].expect);
        ck_assert_int_eq(xq_board_banned_moves(b, &r, list, 4), bad[i].expect);
        /* The book checks the rules before it looks for a move, also where
         * it has none (an empty book). */
        xq_move picked;
        ck_assert_int_eq(xq_book_pick(empty, b, &r, 1, 0, &picked), bad[i].expect);
    }
    xq_move picked;
    ck_assert_int_eq(xq_book_pick(empty, b, NULL, 1, 0, &picked), XQ_ENOTFOUND);
    xq_book_free(empty);
    ck_assert_int_eq(xq_board_move_banned(NULL, NULL, m), XQ_EINVAL);
    ck_assert_int_eq(xq_board_banned_moves(NULL, NULL, list, 4), XQ_EINVAL);
    ck_assert_int_eq(xq_board_banned_moves(b, NULL, NULL, 4), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_banned(b, NULL, XQ_MOVE_NONE), XQ_EILLEGAL);
    ck_assert_int_eq(xq_board_move_banned(b, NULL, 0xffff), XQ_EILLEGAL);
    ck_assert_int_eq(xq_board_move_banned(b, NULL, m), 0);
    ck_assert_int_eq(xq_board_banned_moves(b, NULL, list, 4), 0);

    /* Formatting: snprintf semantics and rejected garbage. */
    char text[160];
    ck_assert_int_eq(outcome(b, NULL, &o), XQ_RESULT_ONGOING);
    const int len = xq_outcome_format(&o, NULL, 0);
    ck_assert_int_eq(len, (int)strlen("ongoing (move limit 0/120)"));
    ck_assert_int_eq(xq_outcome_format(&o, text, 8), len);
    ck_assert_str_eq(text, "ongoing");
    ck_assert_int_eq(xq_outcome_format(&o, text, 0), len);
    ck_assert_int_eq(xq_outcome_format(NULL, text, sizeof text), XQ_EINVAL);
    ck_assert_int_eq(xq_outcome_format(&o, NULL, 5), XQ_EINVAL);
    o.result = 7;
    ck_assert_int_eq(xq_outcome_format(&o, text, sizeof text), XQ_EINVAL);
    o.result = XQ_RESULT_DRAW;
    o.nchased = 99;
    ck_assert_int_eq(xq_outcome_format(&o, text, sizeof text), XQ_EINVAL);

    ck_assert_str_eq(xq_reason_name(XQ_REASON_PERPETUAL_CHASE), "perpetual chase");
    ck_assert_str_eq(xq_reason_name(XQ_REASON_INSUFFICIENT_MATERIAL), "insufficient material");
    ck_assert_str_eq(xq_reason_name(99), "unknown");
    ck_assert_str_eq(xq_reason_name(-1), "unknown");
    xq_board_free(b);
}
END_TEST

/* ---- the search's entry point ---- */

/* Make a move on a position and record it as the search would. */
static void push(pos_t *p, rules_entry *st, int *n, const char *iccs)
{
    xq_move m;
    undo_t u;
    ck_assert_int_eq(xq_move_parse(iccs, &m), XQ_OK);
    ck_assert(xq__is_legal(p, m));
    rules_entry *e = &st[++*n];
    e->move = m;
    e->captured = p->sq[MOVE_TO(m)];
    pos_do(p, m, &u);
    e->key = p->key;
    e->checked = (uint8_t)xq__in_check(p);
}

START_TEST(search_entry_point)
{
    xq_board *b = xq_test_board(CHASE_FEN);
    pos_t p = ((struct xq_board *)b)->pos;
    rules_entry st[32];
    rules_cfg cfg;
    int n = 0; /* st[n] is the current position */
    st[0].key = p.key;
    st[0].move = XQ_MOVE_NONE;
    st[0].captured = st[0].checked = 0;
    ck_assert_int_eq(xq__rules_compile(NULL, &cfg), XQ_OK);
    ck_assert_int_eq(cfg.fold, 3);
    ck_assert_int_eq(cfg.check_cap, 10);

    /* One move of game history before the root, then the tree. */
    push(&p, st, &n, "c7b9");
    const int root = n;
    push(&p, st, &n, "c0b0");
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, root, &cfg), XQ__REP_NONE);
    push(&p, st, &n, "b9c7");
    push(&p, st, &n, "b0c0");
    push(&p, st, &n, "c7b9");
    /* The root position again: it was reached before the tree, so one
     * repetition is not enough... */
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, root, &cfg), XQ__REP_NONE);
    push(&p, st, &n, "c0b0");
    /* ...but this position first occurred inside the tree: one repetition
     * is judged. Red chased the horse with every move: Black (to move) wins. */
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, root, &cfg), XQ__REP_WIN);
    /* Judged as a game (root past the end) it needs the third occurrence. */
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, n, &cfg), XQ__REP_NONE);
    push(&p, st, &n, "b9c7");
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, root, &cfg), XQ__REP_LOSS);

    /* A null move ends every cycle, like a capture. */
    st[n - 2].move = XQ_MOVE_NONE;
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, root, &cfg), XQ__REP_NONE);
    st[n - 2].move = 1;
    st[n - 2].captured = MAKE_PIECE(BLACK, PAWN);
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, root, &cfg), XQ__REP_NONE);

    /* The simple rule set only draws. */
    xq_rules simple = rules_of(XQ_RULES_SIMPLE);
    ck_assert_int_eq(xq__rules_compile(&simple, &cfg), XQ_OK);
    n = 0;
    p = ((struct xq_board *)b)->pos;
    for (int i = 0; i < 2; i++) {
        push(&p, st, &n, "c7b9");
        push(&p, st, &n, "c0b0");
        push(&p, st, &n, "b9c7");
        push(&p, st, &n, "b0c0");
    }
    ck_assert_int_eq(xq__rules_repetition(&p, st, n, n, &cfg), XQ__REP_DRAW);

    /* A board's history converts to the same layout; a short buffer keeps
     * the most recent moves. */
    play_line(b, "c7b9 c0b0 b9c7 b0c0 c7b9 c0b0 b9c7 b0c0");
    rules_entry from_board[32];
    ck_assert_int_eq(xq__rules_entries_from_board(b, from_board, 32), 8);
    for (int i = 0; i <= 8; i++) {
        ck_assert_uint_eq(from_board[i].key, st[i].key);
        ck_assert_int_eq(from_board[i].move, st[i].move);
        ck_assert_int_eq(from_board[i].captured, st[i].captured);
        ck_assert_int_eq(from_board[i].checked, st[i].checked);
    }
    ck_assert_int_eq(xq__rules_entries_from_board(b, from_board, 4), 3);
    ck_assert_uint_eq(from_board[3].key, p.key);
    ck_assert_int_eq(from_board[3].move, st[8].move);
    xq_board_free(b);
}
END_TEST

START_TEST(chase_detector_unit)
{
    /* chased() follows pieces by id; here ids are per-square for clarity. */
    uint8_t id[SQ_NB];
    for (int s = 0; s < SQ_NB; s++)
        id[s] = (uint8_t)(s % 16);
    /* A red chariot on an unprotected black horse: chased, whoever is to move. */
    xq_board *b = xq_test_board("3k5/4a4/2n6/9/9/9/9/9/9/2R1K4 b - - 0 1");
    const pos_t *p = &((struct xq_board *)b)->pos;
    const int c7 = xq_square(2, 7), c0 = xq_square(2, 0);
    uint16_t who[16];
    ck_assert_uint_eq(xq__chased(p, RED, id, 0, who), 1u << id[c7]);
    ck_assert_uint_eq(who[id[c7]], 1u << id[c0]);
    ck_assert_uint_eq(xq__chased(p, BLACK, id, 0, NULL), 0);
    xq_board_free(b);
    /* Protected by a chariot: no chase; a horse or cannon on a chariot is one. */
    b = xq_test_board("2r1k4/9/2n6/9/9/9/9/9/4A4/2RAK4 w - - 0 1");
    p = &((struct xq_board *)b)->pos;
    ck_assert_uint_eq(xq__chased(p, RED, id, 0, NULL), 0);
    ck_assert_uint_eq(xq__chased(p, RED, id, 1, NULL), 0);
    xq_board_free(b);
    /* Uncrossed soldiers and the general are never targets. */
    b = xq_test_board("4k4/9/9/4p4/9/9/9/9/9/3KR4 w - - 0 1");
    p = &((struct xq_board *)b)->pos;
    ck_assert_uint_eq(xq__chased(p, RED, id, 0, NULL), 0);
    xq_board_free(b);
    /* CXA: a protected horse that the exchange wins is chased (cannon and
     * chariot against a horse guarded once). */
    b = xq_test_board("4k4/4a4/4bn3/9/9/5R3/5C3/9/9/4K4 w - - 0 1");
    p = &((struct xq_board *)b)->pos;
    const int f7 = xq_square(5, 7);
    ck_assert_uint_eq(xq__chased(p, RED, id, 0, NULL), 0);
    ck_assert_uint_eq(xq__chased(p, RED, id, 1, NULL), 1u << id[f7]);
    xq_board_free(b);
    /* Mate threats: a rook that would mate on the back rank. */
    b = xq_test_board("3k5/9/3n5/9/9/9/8R/9/9/4K4 w - - 0 1");
    pos_t q = ((struct xq_board *)b)->pos;
    undo_t u;
    xq_move m;
    xq_move_parse("i3i7", &m);
    pos_do(&q, m, &u);
    ck_assert(xq__mate_threat(&q, RED, 1));
    ck_assert(!xq__mate_threat(&q, RED, 0));
    ck_assert(!xq__mate_threat(&q, BLACK, 3));
    xq_board_free(b);
}
END_TEST

/* ---- real games: every position judged, banned moves consistent ---- */

static int is_iccs(const char *t)
{
    return strlen(t) == 4 && t[0] >= 'a' && t[0] <= 'i' && isdigit((unsigned char)t[1]) &&
           t[2] >= 'a' && t[2] <= 'i' && isdigit((unsigned char)t[3]);
}

static void check_position(xq_board *b, const xq_rules *r, long *counts, long *bans, int deep)
{
    xq_outcome o;
    const int res = outcome(b, r, &o);
    deep |= o.repetitions > 1;
    counts[o.reason]++;
    XQ_CHECK((res == XQ_RESULT_ONGOING) == (o.reason == XQ_REASON_NONE), "result/reason mismatch");
    if (o.reason == XQ_REASON_CHECKMATE || o.reason == XQ_REASON_NO_LEGAL_MOVE)
        return;
    xq_move banned[XQ_MAX_MOVES], legal[XQ_MAX_MOVES];
    const int nb = xq_board_banned_moves(b, r, banned, XQ_MAX_MOVES);
    XQ_CHECK(nb >= 0, "banned moves failed");
    *bans += nb;
    if (!deep && nb == 0)
        return;
    /* Banned exactly when playing the move loses by a perpetual. */
    const int n = xq_board_generate_moves(b, legal, XQ_MAX_MOVES);
    const int mover = xq_board_side_to_move(b);
    int found = 0;
    for (int i = 0; i < n; i++) {
        int is_banned = 0;
        for (int j = 0; j < nb; j++)
            is_banned |= banned[j] == legal[i];
        xq_board_make_move(b, legal[i]);
        xq_outcome after;
        outcome(b, r, &after);
        xq_board_unmake_move(b, NULL);
        const int loses = after.at_fault == mover && after.reason >= XQ_REASON_PERPETUAL_CHECK &&
                          after.reason <= XQ_REASON_PERPETUAL_MATE_THREAT;
        XQ_CHECK(is_banned == loses, "move %d of %d: banned=%d but loses=%d", i, n, is_banned,
                 loses);
        found += is_banned;
    }
    XQ_CHECK(found == nb, "banned list has moves that are not legal");
}

START_TEST(master_games)
{
    const int ruleset = _i;
    xq_rules r = rules_of(ruleset);
    FILE *f = fopen(xq_test_path("games/liu-dahua-1125-uci.pgn"), "r");
    ck_assert(f != NULL);
    xq_board *b = xq_test_board(NULL);
    char line[8192];
    long counts[16] = {0}, bans = 0, plies = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "[Event ", 7)) {
            xq_board_set_fen(b, NULL, NULL);
            continue;
        }
        if (line[0] == '[')
            continue;
        for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            xq_move m;
            if (!is_iccs(t))
                continue;
            ck_assert_int_eq(xq_move_parse(t, &m), XQ_OK);
            ck_assert_int_eq(xq_board_make_move(b, m), XQ_OK);
            plies++;
            check_position(b, &r, counts, &bans, plies % 50 == 0);
        }
    }
    fclose(f);
    xq_board_free(b);
    ck_assert_int_eq(plies, 101321);
    ck_assert_int_eq(counts[XQ_REASON_CHECKMATE] + counts[XQ_REASON_NO_LEGAL_MOVE], 7);
    ck_assert_int_eq(counts[XQ_REASON_MOVE_LIMIT], 0);
    ck_assert_int_eq(counts[XQ_REASON_INSUFFICIENT_MATERIAL], 0);
    const long repeated = counts[XQ_REASON_REPETITION] + counts[XQ_REASON_PERPETUAL_CHECK] +
                          counts[XQ_REASON_PERPETUAL_CHASE] +
                          counts[XQ_REASON_PERPETUAL_MATE_THREAT];
    /* The fold rule is the same in every set: the same positions end by repetition. */
    ck_assert_int_eq(repeated, 368);
    if (ruleset == XQ_RULES_SIMPLE)
        ck_assert_int_eq(counts[XQ_REASON_REPETITION], 368);
    else
        ck_assert_int_eq(counts[XQ_REASON_PERPETUAL_CHECK], 53);
    if (ruleset == XQ_RULES_SIMPLE)
        ck_assert_int_eq(bans, 0); /* nothing is forbidden */
    else
        ck_assert_int_gt(bans, 0);
}
END_TEST

/* ---- random walks that keep going back and forth ---- */

static uint64_t rng_state = XQ__GOLDEN64;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}

/* Invariants of an outcome that hold in any position. */
static void check_invariants(const xq_board *b, const xq_rules *r, const xq_outcome *o, int res)
{
    const int over = res != XQ_RESULT_ONGOING;
    XQ_CHECK(over == (o->reason != XQ_REASON_NONE), "result %d with reason %d", res, o->reason);
    const int drawn = o->reason == XQ_REASON_REPETITION || o->reason == XQ_REASON_MOVE_LIMIT ||
                      o->reason == XQ_REASON_INSUFFICIENT_MATERIAL;
    XQ_CHECK(drawn == (res == XQ_RESULT_DRAW), "draw/reason mismatch (%d)", o->reason);
    if (over && !drawn)
        XQ_CHECK(o->at_fault >= 0 &&
                     res == (o->at_fault == XQ_RED ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS),
                 "winner and side at fault disagree");
    else
        XQ_CHECK(o->at_fault == -1, "a side at fault without a loss");
    const int repeated = o->reason >= XQ_REASON_REPETITION &&
                         o->reason <= XQ_REASON_PERPETUAL_MATE_THREAT;
    XQ_CHECK(!repeated || o->repetitions >= r->fold, "repetition verdict before the fold");
    XQ_CHECK(repeated == (o->cycle_start >= 0), "cycle evidence without a repetition");
    if (r->ruleset == XQ_RULES_SIMPLE)
        XQ_CHECK(o->at_fault == -1 || !repeated, "simple rules never blame a repetition");
    XQ_CHECK(o->nchasing >= 0 && o->nchasing <= XQ_OUTCOME_MAX_SQUARES && o->nchased >= 0 &&
                 o->nchased <= XQ_OUTCOME_MAX_SQUARES && (o->nchasing > 0) == (o->nchased > 0),
             "bad evidence counts");
    for (int i = 0; i < o->nchased; i++) {
        const int pc = xq_board_piece_at(b, o->chased[i]);
        XQ_CHECK(pc > 0 && xq_piece_type_of(pc) != XQ_KING, "chased square %d holds %d",
                 o->chased[i], pc);
        if (o->reason == XQ_REASON_PERPETUAL_CHASE)
            XQ_CHECK(xq_piece_color_of(pc) != o->at_fault, "the side at fault chased itself");
    }
    for (int i = 0; i < o->nchasing; i++) {
        const int pc = xq_board_piece_at(b, o->chasing[i]);
        XQ_CHECK(pc > 0 && xq_piece_type_of(pc) != XQ_KING && xq_piece_type_of(pc) != XQ_SOLDIER,
                 "chasing square %d holds %d", o->chasing[i], pc);
        if (o->reason == XQ_REASON_PERPETUAL_CHASE)
            XQ_CHECK(xq_piece_color_of(pc) == o->at_fault, "a chaser of the wrong side");
    }
}

START_TEST(random_walks)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    ck_assert(f != NULL);
    char line[512];
    long judged = 0, repeated = 0, blamed = 0, bans = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        *strchr(line, ';') = 0;
        for (int walk = 0; walk < 8; walk++) {
            xq_board *b = xq_test_board(line);
            xq_move prev[2] = {XQ_MOVE_NONE, XQ_MOVE_NONE};
            for (int ply = 0; ply < 160; ply++) {
                xq_move moves[XQ_MAX_MOVES];
                const int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
                if (n == 0)
                    break;
                /* Mostly take back the side's previous move, so cycles form. */
                const int side = xq_board_side_to_move(b);
                xq_move m = moves[rng() % (unsigned)n];
                const xq_move back =
                    prev[side] ? xq_move_make(xq_move_to(prev[side]), xq_move_from(prev[side]))
                               : XQ_MOVE_NONE;
                if (back && rng() % 4 && xq_board_is_legal(b, back) == 1)
                    m = back;
                ck_assert_int_eq(xq_board_make_move(b, m), XQ_OK);
                prev[side] = m;
                for (int rs = 0; rs < 3; rs++) {
                    xq_rules r = rules_of(rs);
                    xq_outcome o;
                    const int res = outcome(b, &r, &o);
                    check_invariants(b, &r, &o, res);
                    judged++;
                    repeated += o.cycle_start >= 0;
                    blamed += o.cycle_start >= 0 && o.at_fault >= 0;
                    if (ply % 16 == 15 || o.repetitions > 1) {
                        long counts[16] = {0};
                        check_position(b, &r, counts, &bans, 1);
                    }
                }
            }
            xq_board_free(b);
        }
    }
    fclose(f);
    /* The walks did reach judged cycles, some of them forbidden. */
    if (getenv("XQ_VERBOSE"))
        printf("random walks: %ld outcomes, %ld repetitions, %ld blamed, %ld bans\n", judged,
               repeated, blamed, bans);
    ck_assert_int_gt(repeated, 1000);
    ck_assert_int_gt(blamed, 100);
    ck_assert_int_gt(bans, 100);
    ck_assert_int_gt(judged, 10000);
}
END_TEST

/* ---- game records: the board of a record carries the same history ---- */

START_TEST(record_boards)
{
    /* Every game of the file judged through the record's board and through a
     * plain board replaying the main line: the same outcome, field by field. */
    static const char *const files[] = {"rules/outcome.pgn", "games/liu-dahua-1125-uci.pgn"};
    long judged = 0, decided = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        xq_pgn_reader *rd;
        ck_assert_int_eq(xq_pgn_reader_open(&rd, xq_test_path(files[f]), NULL, NULL), XQ_OK);
        xq_record *rec;
        ck_assert_int_eq(xq_record_new(&rec, NULL, NULL), XQ_OK);
        int k;
        while ((k = xq_pgn_reader_next(rd, rec, NULL)) > 0) {
            while (xq_record_forward(rec) == XQ_OK)
                ;
            const xq_board *rb = xq_record_board(rec);
            char fen[XQ_FEN_MAX];
            ck_assert_int_ge(xq_record_start_fen(rec, fen, sizeof fen), 0);
            xq_board *b = xq_test_board(fen);
            for (int i = 0; i < xq_record_mainline_size(rec); i++) {
                xq_move m;
                ck_assert_int_eq(xq_record_mainline_move(rec, i, &m), XQ_OK);
                ck_assert_int_eq(xq_board_make_move(b, m), XQ_OK);
            }
            for (int rs = 0; rs < 3; rs++) {
                xq_rules r = rules_of(rs);
                xq_outcome o1, o2;
                const int r1 = outcome(rb, &r, &o1), r2 = outcome(b, &r, &o2);
                XQ_CHECK(r1 == r2 && !memcmp(&o1, &o2, sizeof o1),
                         "%s: game %ld: record and board disagree", files[f], judged + 1);
                decided += rs == 0 && r1 != XQ_RESULT_ONGOING;
            }
            xq_board_free(b);
            judged++;
        }
        ck_assert_int_eq(k, 0);
        xq_record_free(rec);
        xq_pgn_reader_free(rd);
    }
    ck_assert_int_eq(judged, 1132);
    ck_assert_int_eq(decided, 6 + 32); /* outcome.pgn: 6 of 7; the master games: 32 */
}
END_TEST

int main(void)
{
    load_cases();
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("cycles");
    tcase_add_loop_test(tc, cycle_cases, 0, ncases);
    tcase_add_test(tc, ucci_banmoves);
    suite_add_tcase(s, tc);

    tc = tcase_create("parameters");
    tcase_add_test(tc, fold_parameter);
    tcase_add_test(tc, mate_threat_depth);
    tcase_add_test(tc, move_limit);
    tcase_add_test(tc, move_limit_checks);
    tcase_add_test(tc, limit_counter_unit);
    suite_add_tcase(s, tc);

    tc = tcase_create("end_of_game");
    tcase_add_test(tc, no_legal_move_first);
    tcase_add_test(tc, insufficient_material);
    tcase_add_test(tc, legal_move_test);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);

    tc = tcase_create("internals");
    tcase_add_test(tc, search_entry_point);
    tcase_add_test(tc, chase_detector_unit);
    suite_add_tcase(s, tc);

    tc = tcase_create("games");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, master_games, XQ_RULES_AXF, XQ_RULES_SIMPLE + 1);
    tcase_add_test(tc, record_boards);
    tcase_add_test(tc, random_walks);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
