/* SPDX-License-Identifier: MIT */
/* FEN: malformed and impossible inputs with their exact errors, accepted
 * variants, canonical output and round trips. */
#include "xq_test.h"

#define START_BOARD "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

typedef struct bad_fen {
    const char *fen;
    int code;
    int offset;
    const char *message; /* substring of the expected message */
} bad_fen;

static const bad_fen bad[] = {
    /* --- syntax: XQ_EPARSE --- */
    {"", XQ_EPARSE, 0, "empty FEN"},
    {"   ", XQ_EPARSE, 3, "empty FEN"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1", XQ_EPARSE, 58,
     "rank 0 describes 8 squares, expected 9"},
    {START_BOARD "/9 w - - 0 1", XQ_EPARSE, 59, "more than 10 ranks"},
    {START_BOARD "/ w - - 0 1", XQ_EPARSE, 59, "more than 10 ranks"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 57,
     "the board has 9 ranks, expected 10"},
    {"rnbakabnr w - - 0 1", XQ_EPARSE, 9, "the board has 1 ranks, expected 10"},
    {"rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 9,
     "rank 9 describes more than 9 squares"},
    {"rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 11,
     "rank 8 describes more than 9 squares"},
    {"rnbakabnr/45/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", XQ_EPARSE, 60,
     "rank 0 describes more than 9 squares"},
    {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 11,
     "rank 8 describes 8 squares, expected 9"},
    {"rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 10,
     "rank 8 describes 0 squares, expected 9"},
    {"rnbakabnr/0/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 10,
     "unexpected character '0' in the board"},
    {"rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 8,
     "unexpected character 'x' in the board"},
    {"rnbqkbnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 3,
     "unexpected character 'q' in the board"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN\xe8\xbd\xa6 w - - 0 1",
     XQ_EPARSE, 58, "unexpected byte 0xe8 in the board"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR- w - - 0 1", XQ_EPARSE, 59,
     "unexpected character '-' in the board"},
    {"rnbakabnr,9,1c5c1,p1p1p1p1p,9,9,P1P1P1P1P,1C5C1,9,RNBAKABNR w - - 0 1", XQ_EPARSE, 9,
     "unexpected character ','"},
    {"rnbakabnr/9/1c5c1 /p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPARSE, 17,
     "the board has 3 ranks, expected 10"},
    {START_BOARD " x - - 0 1", XQ_EPARSE, 60, "side to move must be"},
    {START_BOARD " W - - 0 1", XQ_EPARSE, 60, "side to move must be"},
    {START_BOARD " wb - - 0 1", XQ_EPARSE, 60, "side to move must be"},
    {START_BOARD " red - - 0 1", XQ_EPARSE, 60, "side to move must be"},
    {START_BOARD " 0 1", XQ_EPARSE, 60, "side to move must be"},
    {START_BOARD " w KQkq - 0 1", XQ_EPARSE, 62, "field 3 must be '-'"},
    {START_BOARD " w - e3 0 1", XQ_EPARSE, 64, "field 4 must be '-'"},
    {START_BOARD " w 0 1", XQ_EPARSE, 62, "field 3 must be '-'"},
    {START_BOARD " w -- - 0 1", XQ_EPARSE, 62, "field 3 must be '-'"},
    {START_BOARD " w - - a 1", XQ_EPARSE, 66, "halfmove clock must be a number"},
    {START_BOARD " w - - -1 1", XQ_EPARSE, 66, "halfmove clock must be a number"},
    {START_BOARD " w - - 0.5 1", XQ_EPARSE, 66, "halfmove clock must be a number"},
    {START_BOARD " w - - 123456789 1", XQ_EPARSE, 66, "halfmove clock must be a number"},
    {START_BOARD " w - - 0 x", XQ_EPARSE, 68, "move number must be a number"},
    {START_BOARD " w - - 0 1x", XQ_EPARSE, 68, "move number must be a number"},
    {START_BOARD " w - - 0 +1", XQ_EPARSE, 68, "move number must be a number"},
    {START_BOARD " w - - 0 1 extra", XQ_EPARSE, 70, "unexpected text after the FEN"},
    {START_BOARD " w - - 0 1 2", XQ_EPARSE, 70, "unexpected text after the FEN"},
    {START_BOARD " w - - 0 1 ;D1 44", XQ_EPARSE, 70, "unexpected text after the FEN"},
    /* White space around the FEN is ignored: a line read with its line break works. */
    {START_BOARD "\n", 0, 0, NULL},
    {START_BOARD " w - - 0 1\n", 0, 0, NULL},
    {START_BOARD " w - - 0 1\r\n", 0, 0, NULL},
    {"\n " START_BOARD "\tb\n- - 0 1 \n", 0, 0, NULL},
    {START_BOARD " w - - 0 1\nx", XQ_EPARSE, 70, "unexpected text after the FEN"},

    /* --- impossible positions: XQ_EPOSITION --- */
    {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPOSITION, 0,
     "Black has no general"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", XQ_EPOSITION, 0,
     "Red has no general"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3K5/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     56, "Red has more than 1 general"},
    {"rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     11, "Black has more than 1 general"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4A4/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     57, "Red has more than 2 advisors"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4b4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     29, "Black has more than 2 elephants"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0, 0, NULL},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/4N4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     59, "Red has more than 2 horses"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     59, "Red has more than 2 chariots"},
    {"rnbakabnr/9/1c2c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     17, "Black has more than 2 cannons"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/4P4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", XQ_EPOSITION,
     42, "Red has more than 5 soldiers"},
    {"3k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1", 0, 0, NULL},
    {"3k5/4K4/9/9/9/9/9/9/9/9 w - - 0 1", XQ_EPOSITION, 5, "Red general on e8"},
    {"3k5/9/9/9/9/9/4K4/9/9/9 w - - 0 1", XQ_EPOSITION, 15, "Red general on e3"},
    {"3k5/9/9/9/9/9/9/9/9/2K6 w - - 0 1", XQ_EPOSITION, 21, "Red general on c0"},
    {"5K3/9/9/9/9/9/9/9/9/3k5 w - - 0 1", XQ_EPOSITION, 1, "Red general on f9: it can never stand there"},
    {"9/9/9/4k4/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 7, "Black general on e6"},
    {"4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1", XQ_EPOSITION, 22, "Red advisor on e0"},
    {"4k4/9/9/9/9/9/9/9/9/2A1K4 w - - 0 1", XQ_EPOSITION, 21, "Red advisor on c0"},
    {"4k4/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", XQ_EPOSITION, 19, "Red advisor on d1"},
    {"3k5/9/4a4/9/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 7, "Black advisor on e7"},
    {"4k4/9/9/9/9/9/9/9/9/B3K4 w - - 0 1", XQ_EPOSITION, 20, "Red elephant on a0"},
    {"4k4/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 11, "Red elephant on c5"},
    {"4k4/9/9/9/9/9/9/4E4/9/4K4 w - - 0 1", 0, 0, NULL},
    {"4k4/9/9/9/9/9/9/9/4b4/4K4 w - - 0 1", XQ_EPOSITION, 19, "Black elephant on e1"},
    {"4k4/9/9/9/9/2b6/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 13, "Black elephant on c4"},
    {"4k4/9/9/9/9/9/9/9/9/P3K4 w - - 0 1", XQ_EPOSITION, 20, "Red soldier on a0"},
    {"4k4/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", XQ_EPOSITION, 15, "Red soldier on b3"},
    {"4k4/9/9/9/9/9/9/P8/9/4K4 w - - 0 1", XQ_EPOSITION, 16, "Red soldier on a2"},
    {"4k4/9/9/9/9/1P7/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 13, "Red soldier on b4"},
    {"4k4/9/9/1p7/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 9, "Black soldier on b6"},
    {"4k3p/9/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 3, "Black soldier on i9"},
    {"4k4/p8/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 4, "Black soldier on a8"},
    {"3k5/9/9/9/9/9/9/9/9/3pK4 w - - 0 1", 0, 0, NULL},
    {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 1, "generals face each other"},
    {"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", XQ_EPOSITION, 21, "generals face each other"},
    {"3k5/9/9/9/9/9/9/9/9/4K3r b - - 0 1", XQ_EPOSITION, 21, "Red is in check but it is Black's turn"},
    {"3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", XQ_EPOSITION, 1, "Black is in check but it is Red's turn"},
    {"3k5/9/3P5/9/3C5/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 1, "Black is in check"},
    {"3k5/9/4N4/9/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 1, "Black is in check"},
    {"3k5/9/4N4/4n4/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 1, "Black is in check"},
    {"3k5/3P5/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_EPOSITION, 1, "Black is in check"},
    {"4k4/9/9/9/9/9/9/9/3p5/3K5 b - - 0 1", XQ_EPOSITION, 23, "Red is in check"},
};

START_TEST(rejects_bad_fen)
{
    const bad_fen *t = &bad[_i];
    xq_parse_error err;
    memset(&err, 0x55, sizeof err);
    int rc = xq_fen_validate(t->fen, &err);
    ck_assert_msg(rc == t->code, "#%d '%s': got %d (%s), expected %d", _i, t->fen, rc,
                  rc ? err.message : "ok", t->code);
    if (!t->code)
        return;
    ck_assert_int_eq(err.code, t->code);
    ck_assert_msg(err.offset == t->offset, "#%d '%s': offset %d, expected %d (%s)", _i, t->fen,
                  err.offset, t->offset, err.message);
    ck_assert_msg(strstr(err.message, t->message), "#%d: message '%s' lacks '%s'", _i,
                  err.message, t->message);
    for (size_t k = 0; k < sizeof err.reserved / sizeof err.reserved[0]; k++)
        ck_assert_int_eq(err.reserved[k], 0); /* the room to grow is zeroed */

    /* The same error through xq_board_new and xq_board_set_fen, which leaves
     * the board as it was. */
    xq_board *b = (xq_board *)1;
    ck_assert_int_eq(xq_board_new(&b, t->fen, NULL), t->code);
    ck_assert_ptr_null(b);
    b = xq_test_board(NULL);
    xq_test_play(b, "h2e2");
    uint64_t h = xq_board_hash(b);
    ck_assert_int_eq(xq_board_set_fen(b, t->fen, &err), t->code);
    ck_assert_uint_eq(xq_board_hash(b), h);
    ck_assert_int_eq(xq_board_history_size(b), 1);
    xq_board_free(b);
}
END_TEST

/* xq_fen_problems(): every impossibility of a position, in board order; one
 * problem for a malformed FEN; the first is xq_fen_validate()'s. */
START_TEST(every_problem_listed)
{
    xq_parse_error list[XQ_FEN_PROBLEMS_MAX], one;
    /* A black soldier on a8 (never), three red advisors (one too many, and
     * the first two misplaced), the side not to move in check. */
    const char *fen = "3k5/p8/9/9/9/9/9/9/AAA6/3RK4 w - - 0 1";
    int n = xq_fen_problems(fen, list, XQ_FEN_PROBLEMS_MAX);
    ck_assert_int_eq(n, 5);
    ck_assert_ptr_nonnull(strstr(list[0].message, "Black soldier on a8"));
    ck_assert_ptr_nonnull(strstr(list[1].message, "Red advisor on a1"));
    ck_assert_ptr_nonnull(strstr(list[2].message, "Red advisor on b1"));
    ck_assert_ptr_nonnull(strstr(list[3].message, "Red has more than 2 advisors"));
    ck_assert_ptr_nonnull(strstr(list[4].message, "Black is in check"));
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(list[i].code, XQ_EPOSITION);
    ck_assert_int_eq(list[1].offset, 19);
    ck_assert_int_eq(xq_fen_validate(fen, &one), XQ_EPOSITION);
    ck_assert_str_eq(one.message, list[0].message);
    /* A short list still counts them all; NULL with 0 counts only. */
    ck_assert_int_eq(xq_fen_problems(fen, list, 2), 5);
    ck_assert_int_eq(xq_fen_problems(fen, NULL, 0), 5);
    /* Both generals missing; the generals' tests need one a side. */
    ck_assert_int_eq(xq_fen_problems("9/9/9/9/9/9/9/9/9/9 w", list, XQ_FEN_PROBLEMS_MAX), 2);
    ck_assert_ptr_nonnull(strstr(list[1].message, "Black has no general"));
    /* Malformed: one problem, the first. */
    ck_assert_int_eq(xq_fen_problems("3k5/9/9/9/9/9/9/9/9/4K4 x - - 0 1", list, 4), 1);
    ck_assert_int_eq(list[0].code, XQ_EPARSE);
    /* Every square wrong: the most problems there can be. */
    ck_assert_int_eq(xq_fen_problems("9/9/9/9/9/9/9/9/9/9 w", NULL, 0), 2);
    ck_assert_int_eq(xq_fen_problems("ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp/"
                                     "ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppppppp w",
                                     list, XQ_FEN_PROBLEMS_MAX), XQ_FEN_PROBLEMS_MAX);
    /* Valid, and bad arguments. */
    ck_assert_int_eq(xq_fen_problems(XQ_START_FEN, list, 1), 0);
    ck_assert_int_eq(xq_fen_problems(NULL, list, 1), XQ_EINVAL);
    ck_assert_int_eq(xq_fen_problems(XQ_START_FEN, NULL, 1), XQ_EINVAL);
}
END_TEST

START_TEST(enough_bad_fens)
{
    int n = 0;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        n += bad[i].code != 0;
    ck_assert_int_ge(n, 50);
}
END_TEST

typedef struct variant {
    const char *in, *out;
} variant;

static const variant variants[] = {
    {XQ_START_FEN, XQ_START_FEN},
    {START_BOARD, XQ_START_FEN},
    {START_BOARD " w", XQ_START_FEN},
    {START_BOARD " r", XQ_START_FEN},
    {START_BOARD " r - - 0 1", XQ_START_FEN},
    {START_BOARD " w - -", XQ_START_FEN},
    {START_BOARD " w - - 7", START_BOARD " w - - 7 1"},
    {START_BOARD " w - - 0 0", XQ_START_FEN},
    {"  " START_BOARD "\t w  -\t- 0   1  ", XQ_START_FEN},
    {"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", XQ_START_FEN},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"},
    {"4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 99999999 99999999",
     "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 99999999 99999999"},
};

START_TEST(accepts_variants)
{
    xq_parse_error err;
    xq_board *b = NULL;
    int rc = xq_board_new(&b, variants[_i].in, &err);
    ck_assert_msg(rc == XQ_OK, "'%s' rejected: %s", variants[_i].in, err.message);
    ck_assert_str_eq(xq_test_fen(b), variants[_i].out);
    xq_board_free(b);
}
END_TEST

START_TEST(start_position)
{
    xq_board *b = xq_test_board(NULL);
    ck_assert_str_eq(xq_test_fen(b), XQ_START_FEN);
    ck_assert_int_eq(xq_board_side_to_move(b), XQ_RED);
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(4, 0)), xq_piece(XQ_RED, XQ_KING));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(4, 9)), xq_piece(XQ_BLACK, XQ_KING));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(1, 2)), xq_piece(XQ_RED, XQ_CANNON));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(7, 7)), xq_piece(XQ_BLACK, XQ_CANNON));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(0, 6)), xq_piece(XQ_BLACK, XQ_SOLDIER));
    ck_assert_int_eq(xq_board_piece_at(b, xq_square(4, 4)), 0);
    ck_assert_int_eq(xq_board_halfmove_clock(b), 0);
    ck_assert_int_eq(xq_board_fullmove_number(b), 1);
    ck_assert_int_eq(xq_board_ply(b), 0);
    xq_board *c = xq_test_board(XQ_START_FEN);
    ck_assert_uint_eq(xq_board_hash(b), xq_board_hash(c));
    xq_board_free(c);
    c = xq_test_board(START_BOARD " b - - 0 1");
    ck_assert_uint_ne(xq_board_hash(b), xq_board_hash(c));
    ck_assert_int_eq(xq_board_ply(c), 1);
    xq_board_free(c);
    xq_board_free(b);
}
END_TEST

START_TEST(fen_buffer_semantics)
{
    xq_board *b = xq_test_board(NULL);
    char buf[XQ_FEN_MAX];
    int len = (int)strlen(XQ_START_FEN);
    ck_assert_int_eq(xq_board_fen(b, NULL, 0), len);
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(xq_board_fen(b, buf, 10), len);
    ck_assert_int_eq(strlen(buf), 9);
    ck_assert_int_eq(strncmp(buf, XQ_START_FEN, 9), 0);
    ck_assert_int_eq(xq_board_fen(b, buf, 1), len);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(xq_board_fen(b, buf, (size_t)len + 1), len);
    ck_assert_str_eq(buf, XQ_START_FEN);
    xq_board_free(b);
    /* The longest possible FEN fits XQ_FEN_MAX. */
    b = xq_test_board("1r1akabr1/9/1cn1b1nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1B1NC1/9/1R1AKABR1 b - - "
                      "99999999 99999999");
    ck_assert_int_lt(xq_board_fen(b, buf, sizeof buf), XQ_FEN_MAX);
    xq_board_free(b);
}
END_TEST

/* Round trip along random games from every suite position: FEN out, FEN in,
 * same FEN, same hash, same pieces. */
START_TEST(round_trip_random_games)
{
    FILE *f = fopen(xq_test_path("perft.epd"), "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    unsigned seed = 12345;
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        *strchr(line, ';') = 0;
        xq_board *b = xq_test_board(line);
        for (int ply = 0; ply < 200; ply++) {
            char fen[XQ_FEN_MAX];
            xq_board_fen(b, fen, sizeof fen);
            xq_board *c = xq_test_board(fen);
            XQ_CHECK(!strcmp(xq_test_fen(c), fen), "%s came back as %s", fen, xq_test_fen(c));
            XQ_CHECK(xq_board_hash(c) == xq_board_hash(b), "%s: hash differs", fen);
            for (int s = 0; s < XQ_SQUARE_NB; s++)
                XQ_CHECK(xq_board_piece_at(c, s) == xq_board_piece_at(b, s), "%s: square %d", fen,
                         s);
            xq_board_free(c);
            checked++;
            xq_move moves[XQ_MAX_MOVES];
            int n = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
            if (n == 0)
                break;
            seed = seed * 1103515245u + 12345u;
            ck_assert_int_eq(xq_board_make_move(b, moves[(seed >> 16) % (unsigned)n]), XQ_OK);
        }
        xq_board_free(b);
    }
    fclose(f);
    ck_assert_int_gt(checked, 1000);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fen");
    TCase *tc = tcase_create("errors");
    tcase_add_loop_test(tc, rejects_bad_fen, 0, (int)(sizeof bad / sizeof *bad));
    tcase_add_test(tc, enough_bad_fens);
    suite_add_tcase(s, tc);
    tc = tcase_create("accepted");
    tcase_add_loop_test(tc, accepts_variants, 0, (int)(sizeof variants / sizeof *variants));
    tcase_add_test(tc, start_position);
    tcase_add_test(tc, every_problem_listed);
    tcase_add_test(tc, fen_buffer_semantics);
    suite_add_tcase(s, tc);
    tc = tcase_create("round_trip");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, round_trip_random_games);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
