/* SPDX-License-Identifier: MIT */
/* ECCO classification (xiangqi/ecco.h): hand-checked games for each letter,
 * transposed and mirrored move orders, a game that stops before its code's
 * moves, set-up positions and games without moves, bad arguments, the names,
 * and the table's consistency (every entry's move order classifies as that
 * entry). The held-out agreement with the CCPD tags is check_ecco_agreement. */
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "ecco/ecco_table.h"
#include "xq_test.h"

/* Classify a line of ICCS moves from the standard start. */
static xq_ecco classify(const char *line)
{
    xq_move moves[128];
    int n = 0;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        ck_assert_int_lt(n, 128);
        ck_assert_int_eq(xq_move_parse(t, &moves[n]), XQ_OK);
        n++;
    }
    xq_ecco e;
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, moves, n, &e), XQ_OK);
    return e;
}

/* The left-right mirror image of a line of ICCS moves. */
static void mirror_line(const char *line, char *out, size_t cap)
{
    snprintf(out, cap, "%s", line);
    for (char *p = out; *p; p++)
        if (*p >= 'a' && *p <= 'i')
            *p = (char)('i' - (*p - 'a'));
}

/* 柳大华-吴贵临 1996 (CCPD, tagged C55): 炮二平五 马８进７ 马二进三 车９平８
 * 车一平二 卒７进１ 车二进六 马２进３ 炮八平六 车１平２: 五六炮 (炮二平五 +
 * 炮八平六) 过河车 (车二进六) 对屏风马 (马８进７ 马２进３), 黑进７卒 黑右直车
 * (车１平２) = C55. */
static const char c55[] = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9";

START_TEST(hand_checked_letters)
{
    static const struct {
        const char *line, *code;
        int ply;
    } games[] = {
        /* 相三进五 马８进７ 马二进三: 飞相对进左马. */
        {"g0e2 h9g7 h0g2", "A13", 2},
        /* 马八进七 卒７进１: 起马对进７卒 (A41 and its sons: only two plies, so the family A40). */
        {"b0c2 g6g5", "A40", 2},
        /* 炮二平五 马２进３ 马二进三 炮８平６ 车一平二 马８进７ 马八进七: 中炮对反宫马
         * (the table reached it in the mirror image, by another order). */
        {"h2e2 b9c7 h0g2 h7f7 i0h0 h9g7 b0c2", "B31", 7},
        /* 炮二平五 ... 炮八平六 车１平２: see c55 above. */
        {c55, "C55", 10},
        /* 炮二平五 炮８平５ 马二进三 马８进７ 车一平二 车９进１: 顺炮直车对横车. */
        {"h2e2 h7e7 h0g2 h9g7 i0h0 i9i8", "D20", 6},
        /* 炮二平五 炮２平５: 中炮对列炮. */
        {"h2e2 b7e7", "D50", 2},
        /* 兵七进一 炮２平３: 仙人指路对卒底炮. */
        {"c3c4 b7c7", "E10", 2},
        /* 兵七进一 卒７进１: 对兵局. */
        {"c3c4 g6g5", "E40", 2},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        xq_ecco e = classify(games[i].line);
        XQ_CHECK(strcmp(e.code, games[i].code) == 0, "%s: %s, want %s", games[i].line, e.code,
                 games[i].code);
        ck_assert_int_eq(e.reason, XQ_ECCO_FOUND);
        ck_assert_int_eq(e.ply, games[i].ply);
        ck_assert_int_gt(e.games, 0);
        ck_assert_int_le(e.agreeing, e.games);
    }
    xq_ecco e = classify(c55);
    ck_assert_str_eq(e.opening, "五六炮过河车对屏风马");
    ck_assert_str_eq(e.variation, "黑进７卒黑右直车");
    ck_assert_str_eq(e.opening_traditional, "五六炮過河車對屏風馬");
    ck_assert_str_eq(e.english, "Central Cannon vs. Screen Horses");
    ck_assert_str_eq(e.line, "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9");
}
END_TEST

START_TEST(transposed_and_mirrored)
{
    /* The same position after ten plies, Black's moves in another order. */
    xq_ecco e = classify("h2e2 h9g7 h0g2 g6g5 i0h0 i9h9 h0h6 b9c7 b2d2 a9b9");
    ck_assert_str_eq(e.code, "C55");
    ck_assert_int_eq(e.ply, 10);
    /* Red's 炮八平六 before 车一平二 and 车二进六. */
    e = classify("h2e2 h9g7 h0g2 i9h9 b2d2 g6g5 i0h0 b9c7 h0h6 a9b9");
    ck_assert_str_eq(e.code, "C55");
    /* The mirror image of the game (Red opens on the left). */
    char mirrored[256];
    mirror_line(c55, mirrored, sizeof mirrored);
    e = classify(mirrored);
    ck_assert_str_eq(e.code, "C55");
    ck_assert_int_eq(e.ply, 10);
    mirror_line("c3c4 b7c7", mirrored, sizeof mirrored);
    ck_assert_str_eq(classify(mirrored).code, "E10");
    /* The first move fixes the letter: 马八进七 卒３进１ 炮二平五 is 起马转中炮对进７卒
     * (A44); the same position from 炮二平五 first is a central-cannon opening. */
    e = classify("b0c2 c6c5 h2e2");
    ck_assert_str_eq(e.code, "A44");
    e = classify("h2e2 c6c5 b0c2");
    ck_assert(e.code[0] == 'B' || e.code[0] == 'C' || e.code[0] == 'D');
}
END_TEST

START_TEST(shorter_than_the_code)
{
    /* The C55 game cut before 炮八平六 and 车１平２: not C55 but the family
     * that 9/10 of the master games through 车二进六 went on to, 中炮过河车七路马
     * 对屏风马两头蛇 (C20: the head of C20..C25), decided before the cut. */
    xq_ecco e = classify("h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7");
    ck_assert_str_eq(e.code, "C20");
    ck_assert_int_eq(e.ply, 7);
    /* Cut after the first move: the family, 中炮局. */
    e = classify("h2e2");
    ck_assert_str_eq(e.code, "B00");
    ck_assert_str_eq(e.opening, "中炮局");
    ck_assert_int_eq(e.ply, 1);
    /* An odd first move: 其他开局. */
    e = classify("i0i1");
    ck_assert_str_eq(e.code, "A00");
    ck_assert_int_eq(e.ply, 1);
    /* Moves after the decision do not change the code. */
    e = classify("c3c4 g6g5 i0i1 i9i8 i1i0 i8i9");
    ck_assert_str_eq(e.code, "E40");
}
END_TEST

START_TEST(no_code)
{
    xq_ecco e;
    /* No moves. */
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, NULL, 0, &e), XQ_OK);
    ck_assert_str_eq(e.code, "");
    ck_assert_int_eq(e.reason, XQ_ECCO_NO_MOVES);
    ck_assert_str_eq(e.opening, "");
    ck_assert_str_eq(e.line, "");
    /* A set-up position: no code, with the reason, whatever the moves. */
    const char *setup = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    xq_move m;
    ck_assert_int_eq(xq_move_parse("e1d0", &m), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_moves(setup, &m, 1, &e), XQ_OK);
    ck_assert_str_eq(e.code, "");
    ck_assert_int_eq(e.reason, XQ_ECCO_SETUP);
    ck_assert_str_eq(xq_ecco_reason_text(e.reason), "set-up position, not the standard start");
    /* The start position with Black to move is a set-up position too. */
    const char *black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    ck_assert_int_eq(xq_ecco_classify_moves(black, NULL, 0, &e), XQ_OK);
    ck_assert_int_eq(e.reason, XQ_ECCO_SETUP);
    /* The standard FEN written out, or with r for Red and the E/H letters and
     * other counters, is the standard start. */
    ck_assert_int_eq(xq_move_parse("h2e2", &m), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_moves(XQ_START_FEN, &m, 1, &e), XQ_OK);
    ck_assert_str_eq(e.code, "B00");
    const char *other = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 5 9";
    ck_assert_int_eq(xq_ecco_classify_moves(other, &m, 1, &e), XQ_OK);
    ck_assert_str_eq(e.code, "B00");
    /* A board and a record from a set-up position. */
    xq_board *b;
    ck_assert_int_eq(xq_board_new(&b, setup, NULL), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_board(b, &e), XQ_OK);
    ck_assert_int_eq(e.reason, XQ_ECCO_SETUP);
    xq_board_free(b);
    xq_record *rec;
    ck_assert_int_eq(xq_record_new(&rec, setup, NULL), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_record(rec, &e), XQ_OK);
    ck_assert_int_eq(e.reason, XQ_ECCO_SETUP);
    xq_record_free(rec);
}
END_TEST

START_TEST(board_and_record)
{
    xq_board *b;
    xq_record *rec;
    ck_assert_int_eq(xq_board_new(&b, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_record_new(&rec, NULL, NULL), XQ_OK);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", c55);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        xq_move m;
        ck_assert_int_eq(xq_move_parse(t, &m), XQ_OK);
        ck_assert_int_eq(xq_board_make_move(b, m), XQ_OK);
        ck_assert_int_eq(xq_record_play(rec, m), XQ_OK);
    }
    xq_ecco e;
    ck_assert_int_eq(xq_ecco_classify_board(b, &e), XQ_OK);
    ck_assert_str_eq(e.code, "C55");
    /* The record's main line counts, wherever its cursor is. */
    ck_assert_int_eq(xq_record_goto(rec, 1), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_record(rec, &e), XQ_OK);
    ck_assert_str_eq(e.code, "C55");
    ck_assert_int_eq(e.ply, 10);
    /* A board that took moves back: its history is what it has now. */
    for (int i = 0; i < 9; i++)
        ck_assert_int_eq(xq_board_unmake_move(b, NULL), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_board(b, &e), XQ_OK);
    ck_assert_str_eq(e.code, "B00");
    xq_board_free(b);
    xq_record_free(rec);
    /* A PGN game: 仙人指路 on the left, the center cannon and the elephant from
     * the other wing (as 兵三进一 炮８平７ 炮八平五 象７进５): 仙人指路转左中炮对卒底炮
     * 飞左象. */
    const char *pgn = "[ECCO \"E20\"]\n\n1. 兵七进一 炮２平３ 2. 炮二平五 象３进５ *\n";
    ck_assert_int_eq(xq_record_new(&rec, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_record_from_pgn(rec, pgn, strlen(pgn), NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_record(rec, &e), XQ_OK);
    ck_assert_str_eq(e.code, "E20");
    xq_record_free(rec);
}
END_TEST

START_TEST(bad_arguments)
{
    xq_ecco e;
    xq_move m;
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, NULL, 0, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, NULL, 1, &e), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, &m, -1, &e), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_classify_moves("not a fen", NULL, 0, &e), XQ_EPARSE);
    /* An illegal move among the plies looked at. */
    ck_assert_int_eq(xq_move_parse("a0a5", &m), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, &m, 1, &e), XQ_EILLEGAL);
    /* A failed call leaves no code and empty strings, never garbage. */
    ck_assert_str_eq(e.code, "");
    ck_assert_str_eq(e.opening, "");
    ck_assert_str_eq(e.line, "");
    ck_assert_int_eq(xq_ecco_classify_board(NULL, &e), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_classify_record(NULL, &e), XQ_EINVAL);
    xq_board *b;
    ck_assert_int_eq(xq_board_new(&b, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_board(b, NULL), XQ_EINVAL);
    xq_board_free(b);
    ck_assert_int_eq(xq_ecco_lookup(NULL, &e), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_lookup("C48", NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_lookup("A09", &e), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_ecco_lookup("C4", &e), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_ecco_lookup("C480", &e), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_ecco_lookup("", &e), XQ_ENOTFOUND);
    ck_assert_ptr_null(xq_ecco_code_at(-1));
    ck_assert_ptr_null(xq_ecco_code_at(260));
    ck_assert_str_eq(xq_ecco_reason_text(99), "unknown reason");
}
END_TEST

START_TEST(code_names)
{
    ck_assert_int_eq(xq_ecco_code_count(), 260);
    ck_assert_str_eq(xq_ecco_code_at(0), "A00");
    ck_assert_str_eq(xq_ecco_code_at(259), "E48");
    xq_ecco e;
    ck_assert_int_eq(xq_ecco_lookup("c48", &e), XQ_OK);
    ck_assert_str_eq(e.code, "C48");
    ck_assert_int_eq(e.reason, XQ_ECCO_NAMES);
    ck_assert_str_eq(e.opening, "中炮过河车互进七兵对屏风马平炮兑车");
    ck_assert_str_eq(e.variation, "红仕角炮对黑退边炮");
    ck_assert_str_eq(e.opening_traditional, "中炮過河車互進七兵對屏風馬平炮兌車");
    ck_assert_str_eq(e.variation_traditional, "紅仕角炮對黑退邊炮");
    ck_assert_int_eq(xq_ecco_lookup("E05", &e), XQ_OK);
    ck_assert_str_eq(e.opening, "仙人指路对金钩炮");
    ck_assert_str_eq(e.opening_traditional, "仙人指路對金鉤炮");
    ck_assert_str_eq(e.variation, "");
    ck_assert_int_eq(xq_ecco_lookup("A01", &e), XQ_OK);
    ck_assert_str_eq(e.english, ""); /* no established English name */
    /* Every code's names are there, in order, looked up by their own code. */
    for (int i = 0; i < xq_ecco_code_count(); i++) {
        ck_assert_int_eq(xq_ecco_lookup(xq_ecco_code_at(i), &e), XQ_OK);
        ck_assert_str_eq(e.code, xq_ecco_code_at(i));
        ck_assert_int_gt((int)strlen(e.opening), 0);
        if (i > 0)
            ck_assert_int_lt(strcmp(xq_ecco_code_at(i - 1), xq_ecco_code_at(i)), 0);
    }
}
END_TEST

/* Every entry's move order reaches its position last, so it classifies as
 * that entry, at its ply; the key index is sorted and names every entry once. */
START_TEST(table_consistent)
{
    int n = xq__ecco_entry_count;
    ck_assert_int_gt(n, 1000);
    static char seen[100000];
    ck_assert_int_lt(n, (int)sizeof seen);
    for (int i = 0; i < n; i++) {
        if (i > 0)
            ck_assert(xq__ecco_keys[i - 1].key < xq__ecco_keys[i].key);
        int k = xq__ecco_keys[i].entry;
        ck_assert(k >= 0 && k < n && !seen[k]);
        seen[k] = 1;
        const xq__ecco_entry *en = &xq__ecco_entries[k];
        xq_ecco e = classify(en->line);
        XQ_CHECK(strcmp(e.code, en->code) == 0 && e.ply == en->ply && e.line == en->line,
                 "entry %d (%s): %s at ply %d", k, en->line, e.code, e.ply);
        xq_ecco looked_up;
        ck_assert_int_eq(xq_ecco_lookup(en->code, &looked_up), XQ_OK);
        ck_assert_int_le(en->agreeing, en->games);
    }
}
END_TEST

/* Two classifications are the same (the strings are the table's, so the pointers). */
static int same_ecco(const xq_ecco *a, const xq_ecco *b)
{
    return strcmp(a->code, b->code) == 0 && a->reason == b->reason && a->ply == b->ply &&
           a->opening == b->opening && a->variation == b->variation && a->line == b->line &&
           a->games == b->games && a->agreeing == b->agreeing;
}

/* Play a line move by move, classifying a move at a time with
 * xq_ecco_classify_next(): after every move the same as xq_ecco_classify_board(). */
static void check_incremental(xq_board *b, const xq_move *moves, int n)
{
    xq_ecco inc, full;
    ck_assert_int_eq(xq_ecco_classify_board(b, &inc), XQ_OK);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(xq_board_make_move(b, moves[i]), XQ_OK);
        ck_assert_int_eq(xq_ecco_classify_next(b, &inc), XQ_OK);
        ck_assert_int_eq(xq_ecco_classify_board(b, &full), XQ_OK);
        XQ_CHECK(same_ecco(&inc, &full), "ply %d: %s at %d, afresh %s at %d", i + 1, inc.code,
                 inc.ply, full.code, full.ply);
    }
}

START_TEST(incremental)
{
    xq_move moves[64];
    xq_board *b;
    /* Every table entry's move order. */
    for (int k = 0; k < xq__ecco_entry_count; k++) {
        char buf[1024];
        int n = 0;
        snprintf(buf, sizeof buf, "%s", xq__ecco_entries[k].line);
        for (char *t = strtok(buf, " "); t && n < 64; t = strtok(NULL, " "))
            ck_assert_int_eq(xq_move_parse(t, &moves[n++]), XQ_OK);
        ck_assert_int_eq(xq_board_new(&b, NULL, NULL), XQ_OK);
        check_incremental(b, moves, n);
        xq_board_free(b);
    }
    /* Games of random legal moves past XQ_ECCO_MAX_PLY (a fixed generator). */
    uint32_t seed = 12345;
    for (int game = 0; game < 50; game++) {
        ck_assert_int_eq(xq_board_new(&b, NULL, NULL), XQ_OK);
        xq_board *play;
        ck_assert_int_eq(xq_board_clone(&play, b), XQ_OK);
        int n = 0;
        while (n < 60) {
            xq_move legal[XQ_MAX_MOVES];
            int k = xq_board_generate_moves(play, legal, XQ_MAX_MOVES);
            if (k <= 0)
                break;
            seed = seed * 1664525u + 1013904223u;
            moves[n] = legal[(seed >> 8) % (uint32_t)k];
            ck_assert_int_eq(xq_board_make_move(play, moves[n++]), XQ_OK);
        }
        xq_board_free(play);
        check_incremental(b, moves, n);
        xq_board_free(b);
    }
    /* A set-up position stays without a code. */
    ck_assert_int_eq(xq_board_new(&b, "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", NULL), XQ_OK);
    ck_assert_int_eq(xq_move_parse("e1d0", &moves[0]), XQ_OK);
    ck_assert_int_eq(xq_move_parse("d9d8", &moves[1]), XQ_OK);
    check_incremental(b, moves, 2);
    xq_board_free(b);
    /* Bad arguments: NULL, and a classification that cannot be the one before. */
    xq_ecco e;
    ck_assert_int_eq(xq_ecco_classify_next(NULL, &e), XQ_EINVAL);
    ck_assert_str_eq(e.code, "");
    ck_assert_int_eq(xq_board_new(&b, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_ecco_classify_next(b, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_ecco_classify_next(b, &e), XQ_OK); /* no moves: afresh */
    ck_assert_int_eq(e.reason, XQ_ECCO_NO_MOVES);
    const char *line[] = {"h2e2", "h9g7", "h0g2"};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(xq_move_parse(line[i], &moves[i]), XQ_OK);
        ck_assert_int_eq(xq_board_make_move(b, moves[i]), XQ_OK);
    }
    ck_assert_int_eq(xq_ecco_classify_moves(NULL, NULL, 0, &e), XQ_OK); /* no moves */
    ck_assert_int_eq(xq_ecco_classify_next(b, &e), XQ_EINVAL);
    ck_assert_str_eq(e.code, "");
    ck_assert_int_eq(xq_ecco_classify_board(b, &e), XQ_OK);
    ck_assert_str_ne(e.code, "");
    e.ply = 3; /* decided at ply 3, of the 2 moves before the last */
    ck_assert_int_eq(xq_ecco_classify_next(b, &e), XQ_EINVAL);
    ck_assert_str_eq(e.code, "");
    xq_board_free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ecco");
    TCase *tc = tcase_create("ecco");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hand_checked_letters);
    tcase_add_test(tc, transposed_and_mirrored);
    tcase_add_test(tc, shorter_than_the_code);
    tcase_add_test(tc, no_code);
    tcase_add_test(tc, board_and_record);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, code_names);
    tcase_add_test(tc, table_consistent);
    tcase_add_test(tc, incremental);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
