/* SPDX-License-Identifier: MIT */
/* Notation: ICCS, WXF (both dialects) and Chinese, both directions. */
#include "xq_test.h"

/* Format a legal move; fails the test on error. */
static const char *fmt(xq_board *b, const char *iccs, int notation, unsigned flags)
{
    static char buf[XQ_MOVE_TEXT_MAX];
    xq_move m;
    ck_assert_int_eq(xq_move_parse(iccs, &m), XQ_OK);
    int n = xq_board_move_to_text(b, m, notation, flags, buf, sizeof buf);
    ck_assert_msg(n > 0 && n < (int)sizeof buf, "format %s: %d", iccs, n);
    return buf;
}

/* Parse text and expect the ICCS move (or an error code if iccs is NULL). */
static void expect_parse(xq_board *b, const char *text, int notation, unsigned flags,
                         const char *iccs, int code)
{
    xq_move m;
    xq_parse_error err;
    int rc = xq_board_move_from_text(b, text, notation, flags, &m, &err);
    if (iccs) {
        char got[8] = "-";
        if (rc == XQ_OK)
            xq_move_format(m, got, sizeof got);
        ck_assert_msg(rc == XQ_OK && !strcmp(got, iccs), "'%s' (notation %d, flags %u): got %s rc %d (%s), want %s",
                      text, notation, flags, got, rc, rc ? err.message : "", iccs);
    } else {
        ck_assert_msg(rc == code, "'%s': rc %d (%s), want %d", text, rc,
                      rc ? err.message : "ok", code);
        ck_assert_int_eq(err.code, code);
        ck_assert_int_eq(m, XQ_MOVE_NONE);
        ck_assert(strlen(err.message) > 0);
    }
}

START_TEST(start_position)
{
    xq_board *b = xq_test_board(NULL);
    static const struct { const char *iccs, *wxf, *cn; } v[] = {
        {"h2e2", "C2.5", "炮二平五"}, {"h0g2", "H2+3", "马二进三"}, {"i0i1", "R1+1", "车一进一"},
        {"g3g4", "P3+1", "兵三进一"}, {"c0e2", "E7+5", "相七进五"}, {"f0e1", "A4+5", "仕四进五"},
        {"e0e1", "K5+1", "帅五进一"}, {"b2b9", "C8+7", "炮八进七"}, {"h2h9", "C2+7", "炮二进七"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        ck_assert_str_eq(fmt(b, v[i].iccs, XQ_NOTATION_ICCS, 0), v[i].iccs);
        ck_assert_str_eq(fmt(b, v[i].iccs, XQ_NOTATION_WXF, 0), v[i].wxf);
        ck_assert_str_eq(fmt(b, v[i].iccs, XQ_NOTATION_CHINESE, 0), v[i].cn);
        expect_parse(b, v[i].wxf, XQ_NOTATION_WXF, 0, v[i].iccs, 0);
        expect_parse(b, v[i].cn, XQ_NOTATION_CHINESE, 0, v[i].iccs, 0);
        expect_parse(b, v[i].wxf, XQ_NOTATION_AUTO, 0, v[i].iccs, 0);
        expect_parse(b, v[i].cn, XQ_NOTATION_AUTO, 0, v[i].iccs, 0);
        expect_parse(b, v[i].iccs, XQ_NOTATION_AUTO, 0, v[i].iccs, 0);
    }
    /* Styles. */
    ck_assert_str_eq(fmt(b, "h2e2", XQ_NOTATION_WXF, XQ_NOTATION_WXF_EQUALS), "C2=5");
    ck_assert_str_eq(fmt(b, "h2e2", XQ_NOTATION_WXF, XQ_NOTATION_FULLWIDTH | XQ_NOTATION_WXF_EQUALS),
                     "Ｃ２＝５");
    ck_assert_str_eq(fmt(b, "h2e2", XQ_NOTATION_ICCS, XQ_NOTATION_ICCS_UPPER), "H2-E2");
    ck_assert_str_eq(fmt(b, "h2e2", XQ_NOTATION_ICCS, XQ_NOTATION_RANKS_1_10), "h3e3");
    ck_assert_str_eq(fmt(b, "h2e2", XQ_NOTATION_CHINESE, XQ_NOTATION_TRADITIONAL), "炮二平五");
    ck_assert_str_eq(fmt(b, "h0g2", XQ_NOTATION_CHINESE, XQ_NOTATION_TRADITIONAL), "傌二進三");
    ck_assert_str_eq(fmt(b, "i0i1", XQ_NOTATION_CHINESE, XQ_NOTATION_TRADITIONAL), "俥一進一");
    /* Lenient input forms. */
    expect_parse(b, "C2=5", XQ_NOTATION_WXF, 0, "h2e2", 0);
    expect_parse(b, "c2.5", XQ_NOTATION_WXF, 0, "h2e2", 0);
    expect_parse(b, "Ｃ２＝５", XQ_NOTATION_AUTO, 0, "h2e2", 0);
    expect_parse(b, "  H2-E2 ", XQ_NOTATION_AUTO, 0, "h2e2", 0);
    expect_parse(b, "h3e3", XQ_NOTATION_ICCS, XQ_NOTATION_RANKS_1_10, "h2e2", 0);
    expect_parse(b, "N2+3", XQ_NOTATION_WXF, 0, "h0g2", 0);
    expect_parse(b, "傌二進三", XQ_NOTATION_CHINESE, 0, "h0g2", 0);
    expect_parse(b, "馬二进三", XQ_NOTATION_CHINESE, 0, "h0g2", 0);
    expect_parse(b, "砲二平五", XQ_NOTATION_CHINESE, 0, "h2e2", 0);
    expect_parse(b, "炮2平5", XQ_NOTATION_CHINESE, 0, "h2e2", 0);
    /* Errors: never a wrong move. */
    expect_parse(b, "C2.9", XQ_NOTATION_WXF, 0, NULL, XQ_EILLEGAL);
    expect_parse(b, "C3.5", XQ_NOTATION_WXF, 0, NULL, XQ_EILLEGAL);
    expect_parse(b, "h2e3", XQ_NOTATION_ICCS, 0, NULL, XQ_EILLEGAL);
    expect_parse(b, "h9g7", XQ_NOTATION_ICCS, 0, NULL, XQ_EILLEGAL);
    expect_parse(b, "C2*5", XQ_NOTATION_WXF, 0, NULL, XQ_EPARSE);
    expect_parse(b, "X2.5", XQ_NOTATION_AUTO, 0, NULL, XQ_EPARSE);
    expect_parse(b, "炮二平", XQ_NOTATION_CHINESE, 0, NULL, XQ_EPARSE);
    expect_parse(b, "炮二跳五", XQ_NOTATION_CHINESE, 0, NULL, XQ_EPARSE);
    expect_parse(b, "", XQ_NOTATION_AUTO, 0, NULL, XQ_EPARSE);
    expect_parse(b, "\xff\xfe", XQ_NOTATION_AUTO, 0, NULL, XQ_EPARSE);
    expect_parse(b, "h2h2", XQ_NOTATION_ICCS, 0, NULL, XQ_EPARSE);
    /* Pawns on the start position: P3+1 fine, P+ invalid (no tandem). */
    expect_parse(b, "P+.4", XQ_NOTATION_WXF, 0, NULL, XQ_EILLEGAL);
    xq_board_free(b);
}
END_TEST

START_TEST(black_and_tandems)
{
    xq_board *b = xq_test_board(NULL);
    xq_test_play(b, "h2e2");
    ck_assert_str_eq(fmt(b, "h9g7", XQ_NOTATION_WXF, 0), "H8+7");
    ck_assert_str_eq(fmt(b, "h9g7", XQ_NOTATION_CHINESE, 0), "马８进７");
    ck_assert_str_eq(fmt(b, "h9g7", XQ_NOTATION_CHINESE, XQ_NOTATION_ASCII_DIGITS), "马8进7");
    ck_assert_str_eq(fmt(b, "h9g7", XQ_NOTATION_CHINESE, XQ_NOTATION_TRADITIONAL), "馬８進７");
    ck_assert_str_eq(fmt(b, "c9e7", XQ_NOTATION_WXF, 0), "E3+5");
    ck_assert_str_eq(fmt(b, "d9e8", XQ_NOTATION_WXF, 0), "A4+5");
    ck_assert_str_eq(fmt(b, "c9e7", XQ_NOTATION_CHINESE, 0), "象３进５");
    ck_assert_str_eq(fmt(b, "d9e8", XQ_NOTATION_CHINESE, 0), "士４进５");
    ck_assert_str_eq(fmt(b, "e9e8", XQ_NOTATION_CHINESE, 0), "将５进１");
    ck_assert_str_eq(fmt(b, "c6c5", XQ_NOTATION_CHINESE, 0), "卒３进１");
    expect_parse(b, "马8进7", XQ_NOTATION_CHINESE, 0, "h9g7", 0);
    expect_parse(b, "马８进７", XQ_NOTATION_AUTO, 0, "h9g7", 0);
    expect_parse(b, "馬八進七", XQ_NOTATION_CHINESE, 0, "h9g7", 0);
    expect_parse(b, "H8+7", XQ_NOTATION_WXF, 0, "h9g7", 0);
    xq_board_free(b);

    /* Two chariots on a file (reference example). */
    b = xq_test_board("4k4/9/9/4p4/9/9/4R4/9/4R4/3K5 w - - 0 1");
    ck_assert_str_eq(fmt(b, "e3e5", XQ_NOTATION_CHINESE, 0), "前车进二");
    ck_assert_str_eq(fmt(b, "e3e5", XQ_NOTATION_WXF, 0), "R++2");
    ck_assert_str_eq(fmt(b, "e3e5", XQ_NOTATION_WXF, XQ_NOTATION_WXF_PREFIX), "+R+2");
    ck_assert_str_eq(fmt(b, "e1a1", XQ_NOTATION_CHINESE, 0), "后车平九");
    ck_assert_str_eq(fmt(b, "e1a1", XQ_NOTATION_CHINESE, XQ_NOTATION_TRADITIONAL), "後俥平九");
    ck_assert_str_eq(fmt(b, "e1a1", XQ_NOTATION_WXF, 0), "R-.9");
    ck_assert_str_eq(fmt(b, "e1a1", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE), "R..9");
    ck_assert_str_eq(fmt(b, "e1a1", XQ_NOTATION_WXF, XQ_NOTATION_WXF_PREFIX | XQ_NOTATION_WXF_EQUALS), "-R=9");
    expect_parse(b, "R++2", XQ_NOTATION_WXF, 0, "e3e5", 0);
    expect_parse(b, "+R+2", XQ_NOTATION_WXF, 0, "e3e5", 0);
    expect_parse(b, "R-.9", XQ_NOTATION_WXF, 0, "e1a1", 0);
    expect_parse(b, "-R=9", XQ_NOTATION_WXF, 0, "e1a1", 0);
    expect_parse(b, "R..9", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE, "e1a1", 0);
    expect_parse(b, "R-.9", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE, "e1a1", 0); /* only two: rear */
    expect_parse(b, "后车平九", XQ_NOTATION_CHINESE, 0, "e1a1", 0);
    expect_parse(b, "後車平九", XQ_NOTATION_CHINESE, 0, "e1a1", 0);
    expect_parse(b, "前车平九", XQ_NOTATION_CHINESE, 0, "e3a3", 0);
    expect_parse(b, "前五平九", XQ_NOTATION_CHINESE, 0, "e3a3", 0); /* shortened */
    expect_parse(b, "前车五平九", XQ_NOTATION_CHINESE, 0, "e3a3", 0); /* five characters */
    /* "R5.9": both chariots can go to file 9: ambiguous, never a guess. */
    expect_parse(b, "R5.9", XQ_NOTATION_WXF, 0, NULL, XQ_EAMBIGUOUS);
    expect_parse(b, "车五平九", XQ_NOTATION_CHINESE, 0, NULL, XQ_EAMBIGUOUS);
    /* ...but "R5+2" fits only the front chariot (the rear one is blocked). */
    expect_parse(b, "R5+2", XQ_NOTATION_WXF, 0, "e3e5", 0);
    expect_parse(b, "R5+1", XQ_NOTATION_WXF, 0, NULL, XQ_EAMBIGUOUS);
    expect_parse(b, "中车进一", XQ_NOTATION_CHINESE, 0, NULL, XQ_EILLEGAL);
    xq_board_free(b);

    /* Advisors on one file keep the file number (A6+5, never A-+5). */
    b = xq_test_board("3k5/9/9/9/9/9/9/3A5/5K3/3A5 w - - 0 1");
    ck_assert_str_eq(fmt(b, "d0e1", XQ_NOTATION_WXF, 0), "A6+5");
    ck_assert_str_eq(fmt(b, "d2e1", XQ_NOTATION_WXF, 0), "A6-5");
    ck_assert_str_eq(fmt(b, "d2e1", XQ_NOTATION_CHINESE, 0), "仕六退五");
    expect_parse(b, "A6+5", XQ_NOTATION_WXF, 0, "d0e1", 0);
    expect_parse(b, "A6-5", XQ_NOTATION_WXF, 0, "d2e1", 0);
    xq_board_free(b);
}
END_TEST

/* The pawn table of docs (shared rules-and-notation.md): every vector, both
 * dialects, both directions. */
START_TEST(pawn_table)
{
    static const struct {
        const char *fen, *iccs, *cn, *official, *xqbase;
    } v[] = {
        {"4k4/9/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c7d7", "前兵平六", "P+.6", "P+.6"},
        {"4k4/9/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c6d6", "中兵平六", "P7.6", "P-.6"},
        {"4k4/9/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c5d5", "后兵平六", "P-.6", "P..6"},
        {"4k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c8d8", "一兵平六", "++.6", "Pa.6"},
        {"4k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c7d7", "二兵平六", "P+.6", "Pb.6"},
        {"4k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c6d6", "三兵平六", "P-.6", "Pc.6"},
        {"4k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w", "c5d5", "四兵平六", "--.6", "Pd.6"},
        {"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w", "f8e8", "一兵平五", "4+.5", "Pa.5"},
        {"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w", "f6e6", "二兵平五", "4-.5", "Pb.5"},
        {"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w", "d8e8", "三兵平五", "6+.5", "Pc.5"},
        {"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w", "d6e6", "四兵平五", "6-.5", "Pd.5"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        xq_board *b = xq_test_board(v[i].fen);
        ck_assert_str_eq(fmt(b, v[i].iccs, XQ_NOTATION_CHINESE, 0), v[i].cn);
        ck_assert_str_eq(fmt(b, v[i].iccs, XQ_NOTATION_WXF, 0), v[i].official);
        ck_assert_str_eq(fmt(b, v[i].iccs, XQ_NOTATION_WXF, XQ_NOTATION_XQBASE), v[i].xqbase);
        expect_parse(b, v[i].cn, XQ_NOTATION_CHINESE, 0, v[i].iccs, 0);
        expect_parse(b, v[i].cn, XQ_NOTATION_CHINESE, XQ_NOTATION_XQBASE, v[i].iccs, 0);
        expect_parse(b, v[i].official, XQ_NOTATION_WXF, 0, v[i].iccs, 0);
        expect_parse(b, v[i].xqbase, XQ_NOTATION_WXF, XQ_NOTATION_XQBASE, v[i].iccs, 0);
        xq_board_free(b);
    }
    /* Three pawns: the dialect decides what P-.6 means. */
    xq_board *b = xq_test_board(v[0].fen);
    expect_parse(b, "P-.6", XQ_NOTATION_WXF, 0, "c5d5", 0);
    expect_parse(b, "P-.6", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE, "c6d6", 0);
    expect_parse(b, "-P.6", XQ_NOTATION_WXF, 0, "c5d5", 0);
    /* In the xqbase dialect "P7.6" could be any of the three. */
    expect_parse(b, "P7.6", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE, NULL, XQ_EAMBIGUOUS);
    expect_parse(b, "兵七平六", XQ_NOTATION_CHINESE, 0, NULL, XQ_EAMBIGUOUS);
    expect_parse(b, "前兵七平六", XQ_NOTATION_CHINESE, 0, "c7d7", 0);
    /* Official notation by file for the middle pawn; "3+" forms need two files. */
    xq_board_free(b);
    /* Tandem pawns on two files: "4+" and "一兵"; "前兵" alone is ambiguous. */
    b = xq_test_board(v[7].fen);
    expect_parse(b, "前兵平五", XQ_NOTATION_CHINESE, 0, NULL, XQ_EAMBIGUOUS);
    expect_parse(b, "前兵四平五", XQ_NOTATION_CHINESE, 0, "f8e8", 0);
    expect_parse(b, "后兵六平五", XQ_NOTATION_CHINESE, 0, "d6e6", 0);
    expect_parse(b, "P+.5", XQ_NOTATION_WXF, 0, NULL, XQ_EAMBIGUOUS);
    expect_parse(b, "Pa.5", XQ_NOTATION_WXF, 0, "f8e8", 0); /* xqbase ordinals read in either dialect */
    expect_parse(b, "P5+1", XQ_NOTATION_WXF, 0, "e7e8", 0); /* the lone pawn keeps its file */
    ck_assert_str_eq(fmt(b, "e7e8", XQ_NOTATION_CHINESE, 0), "兵五进一");
    ck_assert_str_eq(fmt(b, "e7e8", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE), "P5+1");
    xq_board_free(b);

    /* Five pawns on a file, official: ++ P+ P<file> P- --. */
    b = xq_test_board("2P1k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w");
    static const char *const five[5][4] = {{"c9d9", "++.6", "Pa.6", "一兵平六"},
                                           {"c8d8", "P+.6", "Pb.6", "二兵平六"},
                                           {"c7d7", "P7.6", "Pc.6", "三兵平六"},
                                           {"c6d6", "P-.6", "Pd.6", "四兵平六"},
                                           {"c5d5", "--.6", "Pe.6", "五兵平六"}};
    for (int i = 0; i < 5; i++) {
        ck_assert_str_eq(fmt(b, five[i][0], XQ_NOTATION_WXF, 0), five[i][1]);
        ck_assert_str_eq(fmt(b, five[i][0], XQ_NOTATION_WXF, XQ_NOTATION_XQBASE), five[i][2]);
        ck_assert_str_eq(fmt(b, five[i][0], XQ_NOTATION_CHINESE, 0), five[i][3]);
        expect_parse(b, five[i][1], XQ_NOTATION_WXF, 0, five[i][0], 0);
        expect_parse(b, five[i][2], XQ_NOTATION_WXF, XQ_NOTATION_XQBASE, five[i][0], 0);
        expect_parse(b, five[i][3], XQ_NOTATION_CHINESE, 0, five[i][0], 0);
    }
    expect_parse(b, "前兵平六", XQ_NOTATION_CHINESE, 0, "c9d9", 0);
    expect_parse(b, "后兵平六", XQ_NOTATION_CHINESE, 0, "c5d5", 0);
    expect_parse(b, "中兵平六", XQ_NOTATION_CHINESE, 0, "c7d7", 0);
    xq_board_free(b);

    /* Three and two on two files, official: 7+ 77 7- and 3+ 3-. */
    b = xq_test_board("4k4/9/2P3P2/2P3P2/2P6/9/9/9/4A4/4K4 w");
    ck_assert_str_eq(fmt(b, "c7d7", XQ_NOTATION_WXF, 0), "7+.6");
    ck_assert_str_eq(fmt(b, "c6d6", XQ_NOTATION_WXF, 0), "77.6");
    ck_assert_str_eq(fmt(b, "c5d5", XQ_NOTATION_WXF, 0), "7-.6");
    ck_assert_str_eq(fmt(b, "g7f7", XQ_NOTATION_WXF, 0), "3+.4");
    ck_assert_str_eq(fmt(b, "g6f6", XQ_NOTATION_WXF, 0), "3-.4");
    ck_assert_str_eq(fmt(b, "g7f7", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE), "Pa.4");
    ck_assert_str_eq(fmt(b, "c5d5", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE), "Pe.6");
    ck_assert_str_eq(fmt(b, "c5d5", XQ_NOTATION_CHINESE, 0), "五兵平六");
    expect_parse(b, "77.6", XQ_NOTATION_WXF, 0, "c6d6", 0);
    expect_parse(b, "7-.6", XQ_NOTATION_WXF, 0, "c5d5", 0);
    expect_parse(b, "3-.4", XQ_NOTATION_WXF, 0, "g6f6", 0);
    expect_parse(b, "33.4", XQ_NOTATION_WXF, 0, NULL, XQ_EILLEGAL);
    xq_board_free(b);

    /* Black's pawns: front is towards Red (lower ranks). */
    b = xq_test_board("3k5/9/9/9/9/2p6/2p6/9/9/4K4 b");
    ck_assert_str_eq(fmt(b, "c3d3", XQ_NOTATION_CHINESE, 0), "前卒平４");
    ck_assert_str_eq(fmt(b, "c4d4", XQ_NOTATION_WXF, 0), "P-.4");
    ck_assert_str_eq(fmt(b, "c4d4", XQ_NOTATION_WXF, XQ_NOTATION_XQBASE | XQ_NOTATION_WXF_PREFIX), ".P.4");
    expect_parse(b, "前卒平4", XQ_NOTATION_CHINESE, 0, "c3d3", 0);
    expect_parse(b, "后卒平四", XQ_NOTATION_CHINESE, 0, "c4d4", 0);
    xq_board_free(b);
}
END_TEST

/* Every legal move of many positions, in every notation and style, reads
 * back as itself; ICCS/WXF/Chinese all agree. Positions: every 7th ply of
 * the master games. */
static void roundtrip_position(xq_board *b, long *count)
{
    static const unsigned styles[] = {0,
                                      XQ_NOTATION_XQBASE,
                                      XQ_NOTATION_FULLWIDTH | XQ_NOTATION_WXF_EQUALS | XQ_NOTATION_WXF_PREFIX,
                                      XQ_NOTATION_XQBASE | XQ_NOTATION_WXF_PREFIX,
                                      XQ_NOTATION_TRADITIONAL | XQ_NOTATION_ASCII_DIGITS,
                                      XQ_NOTATION_RANKS_1_10 | XQ_NOTATION_ICCS_UPPER};
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        for (int nt = XQ_NOTATION_ICCS; nt <= XQ_NOTATION_CHINESE; nt++) {
            for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++) {
                char buf[XQ_MOVE_TEXT_MAX];
                xq_move back;
                xq_parse_error err;
                int len = xq_board_move_to_text(b, moves[i], nt, styles[s], buf, sizeof buf);
                XQ_CHECK(len > 0 && len < (int)sizeof buf, "format failed");
                unsigned in = styles[s] & (XQ_NOTATION_XQBASE | XQ_NOTATION_RANKS_1_10);
                int rc = xq_board_move_from_text(b, buf, nt, in, &back, &err);
                XQ_CHECK(rc == XQ_OK && back == moves[i], "%s: '%s' (notation %d style %u) -> rc %d %s",
                         xq_test_fen(b), buf, nt, styles[s], rc, rc ? err.message : "");
                rc = xq_board_move_from_text(b, buf, XQ_NOTATION_AUTO, in, &back, &err);
                XQ_CHECK(rc == XQ_OK && back == moves[i], "auto: '%s' -> rc %d", buf, rc);
                (*count)++;
            }
        }
    }
}

START_TEST(roundtrip_all_moves)
{
    FILE *f = fopen(xq_test_path("games/liu-dahua-1125-uci.pgn"), "r");
    ck_assert(f != NULL);
    char line[8192];
    long count = 0;
    int games = 0, ply = 0;
    xq_board *b = xq_test_board(NULL);
    while (fgets(line, sizeof line, f) && games < 300) {
        if (!strncmp(line, "[Event ", 7)) {
            xq_board_set_fen(b, NULL, NULL);
            games++;
            ply = 0;
            continue;
        }
        if (line[0] == '[')
            continue;
        for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
            xq_move m;
            if (strlen(tok) != 4 || xq_move_parse(tok, &m) != XQ_OK)
                continue;
            if (ply++ % 7 == 0)
                roundtrip_position(b, &count);
            ck_assert_int_eq(xq_board_make_move(b, m), XQ_OK);
        }
    }
    fclose(f);
    xq_board_free(b);
    ck_assert_int_gt(count, 100000);
}
END_TEST

/* Synthetic positions full of tandems (both colors), to cover every case. */
START_TEST(roundtrip_tandems)
{
    static const char *const fens[] = {
        "4k4/9/2P3P2/2P3P2/2P6/9/9/9/4A4/4K4 w",
        "2P1k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w",
        "3k5/9/9/9/9/2p1p4/2p1p4/2p6/9/4K4 b",
        "2r1k4/2r6/2n6/2n6/2c6/2c6/2C6/2C6/2R6/2RK5 w",
        "2r1k4/2r6/2n6/2n6/2c6/2c6/2C6/2C6/2R6/2RK5 b",
        "2bak4/4a4/9/9/2b6/2B6/9/3A5/4A4/2B1K4 w",
        "3ak4/9/3a5/9/9/9/9/9/4A4/3AK4 b",
        "3k5/2P1P4/2P1P4/4P4/9/9/9/9/9/4K4 w",
    };
    long count = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        xq_board *b = xq_test_board(fens[i]);
        roundtrip_position(b, &count);
        xq_board_free(b);
    }
    ck_assert_int_gt(count, 500);
}
END_TEST

START_TEST(arguments)
{
    xq_board *b = xq_test_board(NULL);
    char buf[XQ_MOVE_TEXT_MAX];
    xq_move m, h2e2 = XQ_MOVE(XQ_SQUARE(7, 2), XQ_SQUARE(4, 2));
    xq_parse_error err;
    ck_assert_int_eq(xq_board_move_to_text(NULL, h2e2, XQ_NOTATION_WXF, 0, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_to_text(b, h2e2, XQ_NOTATION_AUTO, 0, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_to_text(b, h2e2, 9, 0, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_to_text(b, h2e2, XQ_NOTATION_WXF, 0, NULL, 4), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_to_text(b, 0, XQ_NOTATION_WXF, 0, buf, sizeof buf), XQ_EILLEGAL);
    /* snprintf semantics, UTF-8 lengths */
    ck_assert_int_eq(xq_board_move_to_text(b, h2e2, XQ_NOTATION_CHINESE, 0, NULL, 0), 12);
    ck_assert_int_eq(xq_board_move_to_text(b, h2e2, XQ_NOTATION_WXF, 0, buf, 3), 4);
    ck_assert_str_eq(buf, "C2");
    ck_assert_int_eq(xq_board_move_from_text(NULL, "h2e2", 0, 0, &m, &err), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_from_text(b, NULL, 0, 0, &m, &err), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_from_text(b, "h2e2", 0, 0, NULL, &err), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_from_text(b, "h2e2", 7, 0, &m, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_move_from_text(b, "h2e2", XQ_NOTATION_WXF, 0, &m, NULL), XQ_EPARSE);
    ck_assert_int_eq(xq_notation_detect("h2e2"), XQ_NOTATION_ICCS);
    ck_assert_int_eq(xq_notation_detect("H2-E2"), XQ_NOTATION_ICCS);
    ck_assert_int_eq(xq_notation_detect("h10g8"), XQ_NOTATION_ICCS);
    ck_assert_int_eq(xq_notation_detect("C2.5"), XQ_NOTATION_WXF);
    ck_assert_int_eq(xq_notation_detect("Ｃ２＝５"), XQ_NOTATION_WXF);
    ck_assert_int_eq(xq_notation_detect("炮二平五"), XQ_NOTATION_CHINESE);
    ck_assert_int_eq(xq_notation_detect("hello"), XQ_EPARSE);
    ck_assert_int_eq(xq_notation_detect(NULL), XQ_EINVAL);
    /* Ranks 1-10 are recognised without the flag when a rank reads "10". */
    xq_test_play(b, "h2e2");
    ck_assert_int_eq(xq_board_move_from_text(b, "h10g8", XQ_NOTATION_AUTO, 0, &m, &err), XQ_OK);
    ck_assert_int_eq(m, XQ_MOVE(XQ_SQUARE(7, 9), XQ_SQUARE(6, 7)));
    ck_assert_int_eq(xq_board_move_from_text(b, "h9g7", XQ_NOTATION_ICCS, XQ_NOTATION_RANKS_1_10, &m, &err), XQ_EILLEGAL);
    ck_assert_int_eq(xq_board_move_from_text(b, "h0g8", XQ_NOTATION_ICCS, XQ_NOTATION_RANKS_1_10, &m, &err), XQ_EPARSE);
    xq_board_free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, start_position);
    tcase_add_test(tc, black_and_tandems);
    tcase_add_test(tc, pawn_table);
    tcase_add_test(tc, roundtrip_tandems);
    tcase_add_test(tc, roundtrip_all_moves);
    tcase_add_test(tc, arguments);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
