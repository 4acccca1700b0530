/* SPDX-License-Identifier: MIT */
/* Version, errors, squares, pieces, ICCS moves, move lists, and every entry
 * point's handling of NULL and foreign handles. */
#include "xq_test.h"

START_TEST(version_matches_header)
{
    ck_assert_int_eq(xq_version(), XQ_VERSION_NUMBER);
    ck_assert_str_eq(xq_version_string(), XQ_VERSION_STRING);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", XQ_VERSION_MAJOR, XQ_VERSION_MINOR,
             XQ_VERSION_PATCH);
    ck_assert_str_eq(xq_version_string(), expect);
}
END_TEST

START_TEST(strerror_every_code)
{
    const int codes[] = {XQ_OK,      XQ_EINVAL,   XQ_ENOMEM, XQ_EPARSE,    XQ_EILLEGAL, XQ_ESTATE,
                         XQ_EVERSION, XQ_EBUFS,   XQ_EIO,    XQ_EPOSITION, XQ_EAMBIGUOUS,
                         XQ_ENOTFOUND};
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
        const char *s = xq_strerror(codes[i]);
        ck_assert_ptr_nonnull(s);
        ck_assert_str_ne(s, "unknown error");
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(s, xq_strerror(codes[j]));
    }
    ck_assert_str_eq(xq_strerror(-12345), "unknown error");
    ck_assert_str_eq(xq_strerror(7), "unknown error");
    /* Frozen values: append-only. */
    ck_assert_int_eq(XQ_EINVAL, -1);
    ck_assert_int_eq(XQ_EILLEGAL, -4);
    ck_assert_int_eq(XQ_ESTATE, -5);
    ck_assert_int_eq(XQ_EPOSITION, -9);
    ck_assert_int_eq(XQ_EAMBIGUOUS, -10);
    ck_assert_int_eq(XQ_ENOTFOUND, -11);
}
END_TEST

START_TEST(squares)
{
    ck_assert_int_eq(xq_square(0, 0), 0);
    ck_assert_int_eq(xq_square(4, 0), 4);
    ck_assert_int_eq(xq_square(4, 9), 85);
    ck_assert_int_eq(xq_square(8, 9), 89);
    ck_assert_int_eq(XQ_SQUARE(7, 2), xq_square(7, 2));
    ck_assert_int_eq(xq_square(9, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_square(0, 10), XQ_EINVAL);
    ck_assert_int_eq(xq_square(-1, 0), XQ_EINVAL);
    for (int s = 0; s < XQ_SQUARE_NB; s++)
        ck_assert_int_eq(xq_square(xq_square_file(s), xq_square_rank(s)), s);
    ck_assert_int_eq(xq_square_file(XQ_SQUARE_NB), XQ_EINVAL);
    ck_assert_int_eq(xq_square_rank(-1), XQ_EINVAL);
}
END_TEST

START_TEST(pieces)
{
    ck_assert_int_eq(xq_piece(XQ_RED, XQ_KING), 1);
    ck_assert_int_eq(xq_piece(XQ_BLACK, XQ_SOLDIER), 15);
    ck_assert_int_eq(XQ_PIECE(XQ_BLACK, XQ_CANNON), xq_piece(XQ_BLACK, XQ_CANNON));
    ck_assert_int_eq(xq_piece(2, XQ_KING), XQ_EINVAL);
    ck_assert_int_eq(xq_piece(XQ_RED, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_piece(XQ_RED, 8), XQ_EINVAL);
    const char *red = "KABNRCP", *black = "kabnrcp";
    for (int t = XQ_KING; t <= XQ_SOLDIER; t++) {
        ck_assert_int_eq(xq_piece_char(xq_piece(XQ_RED, t)), red[t - 1]);
        ck_assert_int_eq(xq_piece_char(xq_piece(XQ_BLACK, t)), black[t - 1]);
        ck_assert_int_eq(xq_piece_type_of(xq_piece(XQ_BLACK, t)), t);
        ck_assert_int_eq(xq_piece_color_of(xq_piece(XQ_BLACK, t)), XQ_BLACK);
        ck_assert_int_eq(xq_piece_color_of(xq_piece(XQ_RED, t)), XQ_RED);
    }
    for (int bad = -1; bad <= 16; bad += 1) {
        if (bad == 0 || bad == 8 || bad == 16 || bad == -1) {
            ck_assert_int_eq(xq_piece_char(bad), XQ_EINVAL);
            ck_assert_int_eq(xq_piece_type_of(bad), XQ_EINVAL);
            ck_assert_int_eq(xq_piece_color_of(bad), XQ_EINVAL);
        }
    }
}
END_TEST

START_TEST(move_encoding)
{
    xq_move m = xq_move_make(xq_square(7, 2), xq_square(4, 2));
    ck_assert_int_eq(m, XQ_MOVE(25, 22));
    ck_assert_int_eq(xq_move_from(m), 25);
    ck_assert_int_eq(xq_move_to(m), 22);
    ck_assert_int_eq(XQ_MOVE_FROM(m), 25);
    ck_assert_int_eq(XQ_MOVE_TO(m), 22);
    ck_assert_int_eq(xq_move_make(3, 3), XQ_MOVE_NONE);
    ck_assert_int_eq(xq_move_make(XQ_SQUARE_NB, 3), XQ_MOVE_NONE);
    ck_assert_int_eq(xq_move_make(-1, 3), XQ_MOVE_NONE);
    ck_assert_int_eq(xq_move_from(XQ_MOVE_NONE), XQ_EINVAL);
    ck_assert_int_eq(xq_move_to(0xFFFF), XQ_EINVAL);
    ck_assert_int_eq(xq_move_from((xq_move)(100 | 5 << 7)), XQ_EINVAL);
}
END_TEST

START_TEST(iccs_parse)
{
    xq_move m;
    ck_assert_int_eq(xq_move_parse("h2e2", &m), XQ_OK);
    ck_assert_int_eq(m, xq_move_make(xq_square(7, 2), xq_square(4, 2)));
    ck_assert_int_eq(xq_move_parse("H2E2", &m), XQ_OK);
    ck_assert_int_eq(m, xq_move_make(25, 22));
    ck_assert_int_eq(xq_move_parse("H2-E2", &m), XQ_OK);
    ck_assert_int_eq(m, xq_move_make(25, 22));
    ck_assert_int_eq(xq_move_parse("h2-e2", &m), XQ_OK);
    ck_assert_int_eq(xq_move_parse("a0i9", &m), XQ_OK);
    ck_assert_int_eq(m, xq_move_make(0, 89));

    const char *bad[] = {"",      "h2",   "h2e",    "h2e2 ",  " h2e2", "j2e2", "h2e:",
                         "h2h2",  "h2=e2", "h2--e2", "h10e2",  "hxe2",  "h2e2e", "@2e2",
                         "h2E2x", "i9j9", "h2-e2-", "H2_E2"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        m = 123;
        ck_assert_msg(xq_move_parse(bad[i], &m) == XQ_EPARSE, "'%s' accepted", bad[i]);
        ck_assert_int_eq(m, XQ_MOVE_NONE);
    }
    ck_assert_int_eq(xq_move_parse(NULL, &m), XQ_EINVAL);
    ck_assert_int_eq(xq_move_parse("h2e2", NULL), XQ_EINVAL);
}
END_TEST

START_TEST(iccs_format)
{
    char buf[XQ_MOVE_STR_MAX];
    ck_assert_int_eq(xq_move_format(xq_move_make(25, 22), buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "h2e2");
    /* Round trip over every well-formed move. */
    for (int f = 0; f < XQ_SQUARE_NB; f++)
        for (int t = 0; t < XQ_SQUARE_NB; t++) {
            if (f == t)
                continue;
            xq_move m = xq_move_make(f, t), back = 0;
            XQ_CHECK(xq_move_format(m, buf, sizeof buf) == 4, "format %d->%d", f, t);
            XQ_CHECK(xq_move_parse(buf, &back) == XQ_OK && back == m, "round trip of %s", buf);
        }
    /* snprintf semantics. */
    ck_assert_int_eq(xq_move_format(xq_move_make(25, 22), buf, 3), 4);
    ck_assert_str_eq(buf, "h2");
    ck_assert_int_eq(xq_move_format(xq_move_make(25, 22), NULL, 0), 4);
    ck_assert_int_eq(xq_move_format(xq_move_make(25, 22), NULL, 5), XQ_EINVAL);
    ck_assert_int_eq(xq_move_format(XQ_MOVE_NONE, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_move_format(0xFFFF, buf, sizeof buf), XQ_EINVAL);
}
END_TEST

START_TEST(movelist)
{
    xq_board *b = xq_test_board(NULL);
    xq_movelist *l;
    ck_assert_int_eq(xq_movelist_new(&l), XQ_OK);
    ck_assert_int_eq(xq_movelist_size(l), 0);
    ck_assert_int_eq(xq_movelist_get(l, 0), XQ_MOVE_NONE);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 44);
    ck_assert_int_eq(xq_movelist_size(l), 44);
    xq_move arr[XQ_MAX_MOVES];
    ck_assert_int_eq(xq_board_generate_moves(b, arr, XQ_MAX_MOVES), 44);
    for (int i = 0; i < 44; i++)
        ck_assert_int_eq(xq_movelist_get(l, i), arr[i]);
    ck_assert_int_eq(xq_movelist_get(l, 44), XQ_MOVE_NONE);
    ck_assert_int_eq(xq_movelist_get(l, -1), XQ_MOVE_NONE);
    /* Caller arrays: count returned, at most cap written. */
    xq_move small[4] = {0, 0, 0, 0};
    ck_assert_int_eq(xq_board_generate_moves(b, small, 3), 44);
    ck_assert_int_eq(small[2], arr[2]);
    ck_assert_int_eq(small[3], 0);
    ck_assert_int_eq(xq_board_generate_moves(b, NULL, 0), 44);
    ck_assert_int_eq(xq_board_generate_moves(b, NULL, 3), XQ_EINVAL);
    xq_movelist_free(l);
    xq_board_free(b);
}
END_TEST

/* The list keeps its position: filters, kinds and text work after the board
 * has moved on. */
START_TEST(movelist_queries)
{
    xq_board *b = xq_test_board(NULL);
    xq_movelist *l;
    char text[XQ_MOVE_TEXT_MAX], fen[XQ_FEN_MAX];
    ck_assert_int_eq(xq_movelist_new(&l), XQ_OK);
    ck_assert_int_eq(xq_movelist_fen(l, fen, sizeof fen), (int)strlen(XQ_START_FEN));
    ck_assert_str_eq(fen, XQ_START_FEN);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 44);
    ck_assert_int_eq(xq_board_make_move(b, xq_move_make(xq_square(7, 2), xq_square(4, 2))), XQ_OK);

    int i = -1;
    ck_assert_int_eq(xq_movelist_find(l, "\xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94", XQ_NOTATION_AUTO, 0, &i, NULL), XQ_OK);
    ck_assert_int_eq(xq_movelist_get(l, i), xq_move_make(xq_square(7, 2), xq_square(4, 2)));
    ck_assert_int_eq(xq_movelist_index(l, xq_move_make(xq_square(7, 2), xq_square(4, 2))), i);
    ck_assert_int_eq(xq_movelist_index(l, xq_move_make(xq_square(4, 2), xq_square(4, 3))), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_movelist_text(l, i, XQ_NOTATION_WXF, 0, text, sizeof text), 4);
    ck_assert_str_eq(text, "C2.5");
    ck_assert_int_eq(xq_movelist_text(l, i, XQ_NOTATION_ICCS, 0, text, sizeof text), 4);
    ck_assert_str_eq(text, "h2e2");
    ck_assert_int_eq(xq_movelist_fen(l, fen, sizeof fen), (int)strlen(XQ_START_FEN));
    ck_assert_str_eq(fen, XQ_START_FEN);
    ck_assert_int_eq(xq_movelist_is_capture(l, i), 0);
    ck_assert_int_eq(xq_movelist_gives_check(l, i), 0);

    /* Kinds: two captures (the cannons take the horses), no check. */
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, -1, XQ_MOVES_CAPTURES), 2);
    for (int k = 0; k < 2; k++)
        ck_assert_int_eq(xq_movelist_is_capture(l, k), 1);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 45); /* Black's replies: the h7 cannon runs to h1 */
    xq_board_unmake_move(b, NULL);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 44);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, -1, XQ_MOVES_QUIET), 42);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 44);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, -1, XQ_MOVES_CHECKS), 0);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 44);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, XQ_CANNON, 0), 24);
    ck_assert_int_eq(xq_movelist_filter(l, -1, xq_square(4, 2), -1, 0), 2);
    ck_assert_int_eq(xq_board_legal_moves(b, l), 44);
    ck_assert_int_eq(xq_movelist_filter(l, xq_square(7, 2), -1, -1, 0), 12); /* the cannon on h2 */
    ck_assert_int_eq(xq_movelist_find(l, "b2e2", XQ_NOTATION_ICCS, 0, &i, NULL), XQ_ENOTFOUND);
    ck_assert_int_eq(i, -1);
    xq_parse_error e;
    ck_assert_int_eq(xq_movelist_find(l, "h2h9", XQ_NOTATION_ICCS, 0, &i, &e), XQ_OK);
    ck_assert_int_eq(xq_movelist_is_capture(l, i), 1);
    ck_assert_int_eq(xq_movelist_find(l, "zz", XQ_NOTATION_AUTO, 0, &i, &e), XQ_EPARSE);
    ck_assert_int_eq(e.code, XQ_EPARSE);
    ck_assert_int_eq(xq_movelist_find(l, "h2h8", XQ_NOTATION_ICCS, 0, &i, &e), XQ_EILLEGAL);

    /* Bad arguments leave the list unchanged. */
    ck_assert_int_eq(xq_movelist_filter(l, XQ_SQUARE_NB, -1, -1, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -2, -1, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, 8, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, -1, 0x80), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_size(l), 12);
    ck_assert_int_eq(xq_movelist_text(l, 12, XQ_NOTATION_ICCS, 0, text, sizeof text), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_text(l, 0, XQ_NOTATION_AUTO, 0, text, sizeof text), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_is_capture(l, -1), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_gives_check(NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_index(NULL, 1), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_find(NULL, "h2e2", 0, 0, &i, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_fen(NULL, fen, sizeof fen), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_filter((xq_movelist *)(void *)b, -1, -1, -1, 0), XQ_EINVAL);

    xq_movelist *copy;
    ck_assert_int_eq(xq_movelist_clone(&copy, l), XQ_OK);
    ck_assert_int_eq(xq_movelist_filter(copy, -1, -1, -1, XQ_MOVES_CAPTURES), 1);
    ck_assert_int_eq(xq_movelist_size(l), 12);
    xq_movelist_free(copy);
    ck_assert_int_eq(xq_movelist_clone(&copy, (xq_movelist *)(void *)b), XQ_EINVAL);
    ck_assert_ptr_null(copy);
    ck_assert_int_eq(xq_movelist_clone(NULL, l), XQ_EINVAL);

    /* A check: the chariot to a9. */
    xq_board *c = xq_test_board("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    ck_assert_int_gt(xq_board_legal_moves(c, l), 10);
    ck_assert_int_eq(xq_movelist_filter(l, -1, -1, -1, XQ_MOVES_CHECKS), 1);
    ck_assert_int_eq(xq_movelist_get(l, 0), xq_move_make(xq_square(0, 0), xq_square(0, 9)));
    ck_assert_int_eq(xq_movelist_gives_check(l, 0), 1);
    ck_assert_int_eq(xq_movelist_text(l, 0, XQ_NOTATION_WXF, 0, text, sizeof text), 4);
    ck_assert_str_eq(text, "R9+9");
    xq_board_free(c);
    xq_movelist_free(l);
    xq_board_free(b);
}
END_TEST

START_TEST(null_arguments)
{
    xq_board *b = NULL;
    xq_movelist *l = NULL;
    xq_move m = 0;
    char buf[XQ_FEN_MAX];
    uint64_t n;
    xq_parse_error err;

    ck_assert_int_eq(xq_board_new(NULL, NULL, &err), XQ_EINVAL);
    ck_assert_int_eq(err.code, XQ_EINVAL);
    ck_assert_int_eq(xq_board_clone(NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_clone(&b, NULL), XQ_EINVAL);
    ck_assert_ptr_null(b);
    xq_board_free(NULL);
    xq_movelist_free(NULL);
    ck_assert_int_eq(xq_board_set_fen(NULL, XQ_START_FEN, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_fen_validate(NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_fen(NULL, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_board_side_to_move(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_piece_at(NULL, 0), XQ_EINVAL);
    ck_assert_uint_eq(xq_board_hash(NULL), 0);
    ck_assert_int_eq(xq_board_in_check(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_halfmove_clock(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_fullmove_number(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_ply(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_history_size(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_history_move(NULL, 0, &m, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_repetitions(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_status(NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_generate_moves(NULL, NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_board_is_legal(NULL, 1), XQ_EINVAL);
    ck_assert_int_eq(xq_board_make_move(NULL, 1), XQ_EINVAL);
    ck_assert_int_eq(xq_board_unmake_move(NULL, &m), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_new(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_size(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_get(NULL, 0), XQ_MOVE_NONE);
    ck_assert_int_eq(xq_board_legal_moves(NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_perft(NULL, 1, &n), XQ_EINVAL);
    ck_assert_int_eq(xq_perft_divide(NULL, 1, NULL, NULL, 0), XQ_EINVAL);

    b = xq_test_board(NULL);
    ck_assert_int_eq(xq_board_legal_moves(b, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_board_fen(b, NULL, 10), XQ_EINVAL);
    ck_assert_int_eq(xq_board_fen(b, NULL, 0), (int)strlen(XQ_START_FEN));
    ck_assert_int_eq(xq_perft(b, 1, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_perft(b, -1, &n), XQ_EINVAL);
    ck_assert_int_eq(xq_perft(b, 65, &n), XQ_EINVAL);
    ck_assert_int_eq(xq_perft(b, 0, &n), XQ_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(xq_perft_divide(b, 0, NULL, NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_perft_divide(b, 1, NULL, NULL, 5), XQ_EINVAL);
    ck_assert_int_eq(xq_perft_divide(b, 1, NULL, NULL, 0), 44);
    ck_assert_int_eq(xq_board_piece_at(b, -1), XQ_EINVAL);
    ck_assert_int_eq(xq_board_piece_at(b, XQ_SQUARE_NB), XQ_EINVAL);
    ck_assert_int_eq(xq_board_history_move(b, 0, &m, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_new(&l), XQ_OK);
    /* A handle of the wrong type is rejected, not misread. */
    ck_assert_int_eq(xq_board_side_to_move((const xq_board *)(const void *)l), XQ_EINVAL);
    ck_assert_int_eq(xq_movelist_size((const xq_movelist *)(const void *)b), XQ_EINVAL);
    ck_assert_int_eq(xq_board_legal_moves(b, (xq_movelist *)(void *)b), XQ_EINVAL);
    xq_movelist_free(l);
    xq_board_free(b);
}
END_TEST

START_TEST(garbage_moves)
{
    xq_board *b = xq_test_board(NULL);
    uint64_t h = xq_board_hash(b);
    /* Every 16-bit value: exactly the 44 legal moves are accepted, and a
     * rejected one leaves the board unchanged. */
    int legal = 0;
    for (unsigned v = 0; v <= 0xFFFF; v++) {
        int r = xq_board_is_legal(b, (xq_move)v);
        XQ_CHECK(r == 0 || r == 1, "is_legal(0x%04x) = %d", v, r);
        legal += r;
        if (!r)
            XQ_CHECK(xq_board_make_move(b, (xq_move)v) == XQ_EILLEGAL, "0x%04x played", v);
    }
    ck_assert_int_eq(legal, 44);
    ck_assert_uint_eq(xq_board_hash(b), h);
    ck_assert_str_eq(xq_test_fen(b), XQ_START_FEN);
    ck_assert_int_eq(xq_board_history_size(b), 0);
    xq_board_free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, version_matches_header);
    tcase_add_test(tc, strerror_every_code);
    tcase_add_test(tc, squares);
    tcase_add_test(tc, pieces);
    tcase_add_test(tc, move_encoding);
    suite_add_tcase(s, tc);
    tc = tcase_create("iccs");
    tcase_add_test(tc, iccs_parse);
    tcase_add_test(tc, iccs_format);
    suite_add_tcase(s, tc);
    tc = tcase_create("limits");
    tcase_add_test(tc, movelist);
    tcase_add_test(tc, movelist_queries);
    tcase_add_test(tc, null_arguments);
    tcase_add_test(tc, garbage_moves);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
