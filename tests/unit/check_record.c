/* SPDX-License-Identifier: MIT */
/* Game records: the tree, navigation, annotations, tags; PGN read/write. */
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xq_test.h"

#include "../bench/scaling_shapes.h"

static xq_record *new_record(const char *fen)
{
    xq_record *r = NULL;
    xq_parse_error err;
    ck_assert_msg(xq_record_new(&r, fen, &err) == XQ_OK, "record: %s", err.message);
    return r;
}

static xq_move mv(const char *iccs)
{
    xq_move m;
    ck_assert_int_eq(xq_move_parse(iccs, &m), XQ_OK);
    return m;
}

static const char *cur_fen(const xq_record *r) { return xq_test_fen(xq_record_board(r)); }

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    ck_assert(p != NULL);
    ck_assert_int_eq(fread(p, 1, (size_t)n, f), (size_t)n);
    p[n] = 0;
    fclose(f);
    *size = (size_t)n;
    return p;
}

static const char *to_pgn(const xq_record *r, int notation, unsigned flags, int width)
{
    static char *buf;
    xq_pgn_options o;
    ck_assert_int_eq(xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION), XQ_OK);
    o.notation = notation;
    o.flags = flags;
    o.line_width = width;
    int n = xq_record_to_pgn(r, &o, NULL, 0);
    ck_assert_int_gt(n, 0);
    free(buf);
    buf = malloc((size_t)n + 1);
    ck_assert_int_eq(xq_record_to_pgn(r, &o, buf, (size_t)n + 1), n);
    ck_assert_int_eq((int)strlen(buf), n);
    return buf;
}

/* ---- the tree and navigation ---- */

START_TEST(tree_navigation)
{
    xq_record *r = new_record(NULL);
    ck_assert_int_eq(xq_record_ply(r), 0);
    ck_assert_int_eq(xq_record_back(r), XQ_ESTATE);
    ck_assert_int_eq(xq_record_forward(r), XQ_ESTATE);
    ck_assert_int_eq(xq_record_play(r, mv("h2e3")), XQ_EILLEGAL);
    const char *main_line[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(xq_record_play(r, mv(main_line[i])), XQ_OK);
    ck_assert_int_eq(xq_record_ply(r), 5);
    ck_assert_int_eq(xq_record_line_size(r), 5);
    ck_assert_int_eq(xq_record_mainline_size(r), 5);
    ck_assert_int_eq(xq_board_history_size(xq_record_board(r)), 5);
    char fen_end[XQ_FEN_MAX];
    strcpy(fen_end, cur_fen(r));

    /* goto / back / forward */
    ck_assert_int_eq(xq_record_goto(r, 2), XQ_OK);
    ck_assert_int_eq(xq_record_ply(r), 2);
    ck_assert_int_eq(xq_record_line_size(r), 5);
    xq_move m;
    ck_assert_int_eq(xq_record_line_move(r, 4, &m), XQ_OK);
    ck_assert_int_eq(m, mv("i0h0"));
    ck_assert_int_eq(xq_record_line_move(r, 1, &m), XQ_OK);
    ck_assert_int_eq(m, mv("h9g7"));
    ck_assert_int_eq(xq_record_line_move(r, 5, &m), XQ_EINVAL);
    ck_assert_int_eq(xq_record_goto(r, 6), XQ_EINVAL);
    ck_assert_int_eq(xq_record_goto(r, -1), XQ_EINVAL);
    ck_assert_int_eq(xq_record_goto_end(r), 5);
    ck_assert_str_eq(cur_fen(r), fen_end);
    ck_assert_int_eq(xq_record_goto(r, 0), XQ_OK);
    ck_assert_str_eq(cur_fen(r), XQ_START_FEN);

    /* A variation at ply 1: playing another move adds it, main line stays. */
    ck_assert_int_eq(xq_record_play(r, mv("b2e2")), XQ_OK);
    ck_assert_int_eq(xq_record_ply(r), 1);
    ck_assert_int_eq(xq_record_line_size(r), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 5);
    ck_assert_int_eq(xq_record_play(r, mv("b9c7")), XQ_OK);
    ck_assert_int_eq(xq_record_goto(r, 0), XQ_OK);
    ck_assert_int_eq(xq_record_variation_count(r), 2);
    ck_assert_int_eq(xq_record_variation_move(r, 1, &m), XQ_OK);
    ck_assert_int_eq(m, mv("b2e2"));
    ck_assert_int_eq(xq_record_variation_move(r, 2, &m), XQ_EINVAL);
    /* Playing an existing move just follows it. */
    ck_assert_int_eq(xq_record_play(r, mv("b2e2")), XQ_OK);
    ck_assert_int_eq(xq_record_variation_count(r), 1);
    ck_assert_int_eq(xq_record_forward(r), XQ_OK);
    ck_assert_int_eq(xq_record_ply(r), 2);
    /* Promote the variation to the main line. */
    ck_assert_int_eq(xq_record_promote(r), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_int_eq(xq_record_mainline_move(r, 0, &m), XQ_OK);
    ck_assert_int_eq(m, mv("b2e2"));
    ck_assert_int_eq(xq_record_goto(r, 0), XQ_OK);
    ck_assert_int_eq(xq_record_enter_variation(r, 1), XQ_OK);
    ck_assert_int_eq(xq_record_line_size(r), 5); /* the old main line */
    ck_assert_int_eq(xq_record_enter_variation(r, 3), XQ_EINVAL);

    /* Undo/redo: a GUI takes back two plies and replays them. */
    ck_assert_int_eq(xq_record_goto_end(r), 5);
    ck_assert_int_eq(xq_record_undo(r), XQ_OK);
    ck_assert_int_eq(xq_record_undo(r), XQ_OK);
    ck_assert_int_eq(xq_record_ply(r), 3);
    ck_assert_int_eq(xq_record_redo(r), XQ_OK);
    ck_assert_int_eq(xq_record_redo(r), XQ_OK);
    ck_assert_int_eq(xq_record_redo(r), XQ_ESTATE);
    ck_assert_str_eq(cur_fen(r), fen_end);
    /* Undo twice, play a new move: redo is gone, the old line is a variation. */
    xq_record_undo(r);
    xq_record_undo(r);
    ck_assert_int_eq(xq_record_play(r, mv("b9c7")), XQ_OK);
    ck_assert_int_eq(xq_record_redo(r), XQ_ESTATE);
    ck_assert_int_eq(xq_record_back(r), XQ_OK);
    ck_assert_int_eq(xq_record_variation_count(r), 2);
    /* Truncate after ply 3 (deletes both continuations and everything below). */
    ck_assert_int_eq(xq_record_truncate(r), 3);
    ck_assert_int_eq(xq_record_variation_count(r), 0);
    ck_assert_int_eq(xq_record_line_size(r), 3);
    /* Delete the current move and its subtree. */
    ck_assert_int_eq(xq_record_delete(r), 1);
    ck_assert_int_eq(xq_record_ply(r), 2);
    ck_assert_int_eq(xq_record_goto(r, 0), XQ_OK);
    ck_assert_int_eq(xq_record_delete(r), XQ_ESTATE);
    /* Reuse of freed nodes. */
    for (int i = 0; i < 50; i++) {
        ck_assert_int_eq(xq_record_goto(r, 0), XQ_OK);
        ck_assert_int_eq(xq_record_play(r, mv("c3c4")), XQ_OK);
        ck_assert_int_eq(xq_record_play(r, mv("c6c5")), XQ_OK);
        ck_assert_int_eq(xq_record_back(r), XQ_OK);
        ck_assert_int_eq(xq_record_delete(r), 2);
    }
    ck_assert_int_eq(xq_record_goto(r, 0), XQ_OK);
    ck_assert_int_eq(xq_record_variation_count(r), 2);
    xq_record_free(r);
}
END_TEST

START_TEST(annotations_and_tags)
{
    xq_record *r = new_record(NULL);
    char buf[256];
    ck_assert_int_eq(xq_record_set_comment(r, "A famous game."), XQ_OK);
    ck_assert_int_eq(xq_record_add_nag(r, 1), XQ_ESTATE);
    ck_assert_int_eq(xq_record_set_comment_before(r, "x"), XQ_ESTATE);
    ck_assert_int_eq(xq_record_play_text(r, "炮二平五", XQ_NOTATION_AUTO, 0, NULL), XQ_OK);
    ck_assert_int_eq(xq_record_add_nag(r, 1), XQ_OK);
    ck_assert_int_eq(xq_record_add_nag(r, 1), XQ_OK);
    ck_assert_int_eq(xq_record_add_nag(r, 14), XQ_OK);
    ck_assert_int_eq(xq_record_add_nag(r, 256), XQ_EINVAL);
    ck_assert_int_eq(xq_record_nag_count(r), 2);
    ck_assert_int_eq(xq_record_nag(r, 1), 14);
    ck_assert_int_eq(xq_record_nag(r, 2), XQ_EINVAL);
    ck_assert_int_eq(xq_record_set_comment(r, "Central cannon"), XQ_OK);
    ck_assert_int_eq(xq_record_comment(r, buf, sizeof buf), 14);
    ck_assert_str_eq(buf, "Central cannon");
    ck_assert_int_eq(xq_record_set_comment(r, "\xff"), XQ_EINVAL);
    xq_parse_error err;
    ck_assert_int_eq(xq_record_play_text(r, "H8+7", XQ_NOTATION_WXF, 0, &err), XQ_OK);
    ck_assert_int_eq(xq_record_play_text(r, "马二进三", XQ_NOTATION_WXF, 0, &err), XQ_EPARSE);
    ck_assert_int_eq(xq_record_play_text(r, "C8.5", XQ_NOTATION_WXF, 0, &err), XQ_EILLEGAL);
    ck_assert_int_eq(xq_record_ply(r), 2);
    xq_record_back(r);
    ck_assert_int_eq(xq_record_play_text(r, "h7e7", XQ_NOTATION_ICCS, 0, &err), XQ_OK);
    ck_assert_int_eq(xq_record_set_comment_before(r, "Same-direction cannons"), XQ_OK);
    ck_assert_int_eq(xq_record_comment_before(r, buf, sizeof buf), 22);
    ck_assert_int_eq(xq_record_clear_nags(r), XQ_OK);

    /* Tags */
    ck_assert_int_eq(xq_record_tag_count(r), 0);
    ck_assert_int_eq(xq_record_set_tag(r, "Event", "Test \"quoted\""), XQ_OK);
    ck_assert_int_eq(xq_record_set_tag(r, "Red", "刘大华"), XQ_OK);
    ck_assert_int_eq(xq_record_set_tag(r, "Result", "1-0"), XQ_OK);
    ck_assert_int_eq(xq_record_set_tag(r, "Bad Name", "x"), XQ_EINVAL);
    ck_assert_int_eq(xq_record_set_tag(r, "", "x"), XQ_EINVAL);
    ck_assert_int_eq(xq_record_set_tag(r, "Red", "\xc0"), XQ_EINVAL);
    ck_assert_int_eq(xq_record_tag(r, "Red", buf, sizeof buf), 9);
    ck_assert_str_eq(buf, "刘大华");
    ck_assert_int_eq(xq_record_tag(r, "Black", buf, sizeof buf), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_record_tag_count(r), 3);
    ck_assert_int_eq(xq_record_tag_name(r, 1, buf, sizeof buf), 3);
    ck_assert_str_eq(buf, "Red");
    ck_assert_int_eq(xq_record_tag_value(r, 0, buf, 5), 13);
    ck_assert_str_eq(buf, "Test");
    ck_assert_int_eq(xq_record_tag_value(r, 3, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_record_set_tag(r, "Red", NULL), XQ_OK);
    ck_assert_int_eq(xq_record_tag_count(r), 2);
    /* FEN follows the start position and needs a record without moves. */
    ck_assert_int_eq(xq_record_set_tag(r, "FEN", "4k4/9/9/9/9/9/9/9/9/4K4 w"), XQ_ESTATE);

    const char *pgn = to_pgn(r, XQ_NOTATION_CHINESE, 0, 80);
    const char *expect =
        "[Event \"Test \\\"quoted\\\"\"]\n[Result \"1-0\"]\n[Format \"Chinese\"]\n\n"
        "{A famous game.} 1. 炮二平五 $1 $14 {Central cannon} 1... 马８进７ ({Same-direction cannons}\n"
        "1... 炮８平５) 1-0\n\n";
    ck_assert_str_eq(pgn, expect);

    /* Clone is deep and independent. */
    xq_record *c;
    ck_assert_int_eq(xq_record_clone(&c, r), XQ_OK);
    ck_assert_str_eq(to_pgn(c, XQ_NOTATION_CHINESE, 0, 80), expect);
    ck_assert_int_eq(xq_record_ply(c), xq_record_ply(r));
    xq_record_goto(c, 0);
    xq_record_set_comment(c, "changed");
    xq_record_truncate(c);
    ck_assert_str_eq(to_pgn(r, XQ_NOTATION_CHINESE, 0, 80), expect);
    xq_record_free(c);

    /* reset with a FEN */
    ck_assert_int_eq(xq_record_reset(r, "4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 3 40", &err), XQ_OK);
    ck_assert_int_eq(xq_record_tag_count(r), 1);
    ck_assert_int_eq(xq_record_tag(r, "FEN", buf, sizeof buf), (int)strlen("4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 3 40"));
    ck_assert_int_eq(xq_record_reset(r, "bad", &err), XQ_EPARSE);
    ck_assert_int_eq(xq_record_set_tag(r, "FEN", NULL), XQ_OK);
    ck_assert_int_eq(xq_record_tag_count(r), 0);
    ck_assert_int_eq(xq_record_start_fen(r, buf, sizeof buf), (int)strlen(XQ_START_FEN));
    ck_assert_str_eq(buf, XQ_START_FEN);
    ck_assert_int_eq(xq_record_set_tag(r, "FEN", "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 30"), XQ_OK);
    ck_assert_int_eq(xq_record_play_text(r, "d9c8", 0, 0, NULL), XQ_EILLEGAL);
    ck_assert_int_eq(xq_record_play_text(r, "d9d8", 0, 0, NULL), XQ_OK);
    ck_assert_str_eq(to_pgn(r, XQ_NOTATION_WXF, 0, 0),
                     "[FEN \"3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 30\"]\n[Format \"WXF\"]\n\n30... K4+1 *\n\n");
    xq_record_free(r);

    /* NULL handles and frees */
    ck_assert_int_eq(xq_record_new(NULL, NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_record_ply(NULL), XQ_EINVAL);
    ck_assert_ptr_null(xq_record_board(NULL));
    ck_assert_int_eq(xq_record_play((xq_record *)(void *)buf, 0), XQ_EINVAL);
    xq_record_free(NULL);
    xq_pgn_reader_free(NULL);
    ck_assert_int_eq(xq_record_new(&c, "4k4/9/9/9/9/9/9/9/9/4K4 w", &err), XQ_EPOSITION);
    ck_assert_ptr_null(c);
}
END_TEST

/* ---- PGN reading ---- */

static int read_one(xq_record *r, const char *text, xq_parse_error *err)
{
    return xq_record_from_pgn(r, text, strlen(text), NULL, err);
}

START_TEST(pgn_syntax)
{
    xq_record *r = new_record(NULL);
    xq_parse_error err;
    char buf[512];
    const char *text =
        "[Event \"Test\"]\n"
        "[Red \"A\\\\B\"]\n"
        "% escape line, ignored\n"
        "\n"
        "{Opening comment} 1. h2e2! {good} $14 (1. c3c4 {pawn} (1. b2d2) 1... c6c5) 1... h9g7?!\n"
        "2.h0g2 ; rest of line comment\n"
        "i9h9 3. i0h0 1-0\n";
    ck_assert_int_eq(read_one(r, text, &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 5);
    ck_assert_int_eq(xq_record_tag(r, "Red", buf, sizeof buf), 3);
    ck_assert_str_eq(buf, "A\\B");
    ck_assert_int_eq(xq_record_tag(r, "Result", buf, sizeof buf), 3);
    xq_record_goto(r, 0);
    xq_record_comment(r, buf, sizeof buf);
    ck_assert_str_eq(buf, "Opening comment");
    ck_assert_int_eq(xq_record_variation_count(r), 3);
    xq_record_forward(r);
    ck_assert_int_eq(xq_record_nag_count(r), 2);
    ck_assert_int_eq(xq_record_nag(r, 0), 1);
    ck_assert_int_eq(xq_record_nag(r, 1), 14);
    xq_record_comment(r, buf, sizeof buf);
    ck_assert_str_eq(buf, "good");
    xq_record_forward(r);
    ck_assert_int_eq(xq_record_nag(r, 0), 6);
    xq_record_forward(r);
    xq_record_comment(r, buf, sizeof buf);
    ck_assert_str_eq(buf, "rest of line comment");
    ck_assert_str_eq(to_pgn(r, XQ_NOTATION_AUTO, 0, 0),
                     "[Event \"Test\"]\n[Red \"A\\\\B\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n"
                     "{Opening comment} 1. h2e2 $1 $14 {good} (1. c3c4 {pawn} 1... c6c5) (1. b2d2) "
                     "1... h9g7 $6 2. h0g2 {rest of line comment} 2... i9h9 3. i0h0 1-0\n\n");
    /* Round trip of that output. */
    char *once = strdup(to_pgn(r, XQ_NOTATION_WXF, XQ_NOTATION_FULLWIDTH, 40));
    ck_assert_int_eq(read_one(r, once, &err), XQ_OK);
    ck_assert_str_eq(to_pgn(r, XQ_NOTATION_WXF, XQ_NOTATION_FULLWIDTH, 40), once);
    free(once);

    /* Movetext without tags, a glued number, check marks and a Chinese dash. */
    ck_assert_int_eq(read_one(r, "1.C2.5 H8+7 2.H2+3+ *", &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 3);
    /* Full-width spaces between Chinese moves. */
    ck_assert_int_eq(read_one(r, "1.　炮二平五　马８进７\n", &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    /* FEN tag and Black to move first. */
    ck_assert_int_eq(read_one(r, "[FEN \"3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 30\"]\n30... d9d8 31. e1d2 *", &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_int_eq(xq_record_start_fen(r, buf, sizeof buf), (int)strlen("3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 30"));
    /* Ranks 1-10 (Fairy-Stockfish style) detected from the first move. */
    ck_assert_int_eq(read_one(r, "1. h3e3 h10g8 2. h1g3 *", &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_move(r, 1, &(xq_move){0}), XQ_OK);
    xq_move m;
    xq_record_mainline_move(r, 1, &m);
    ck_assert_int_eq(m, mv("h9g7"));
    /* The Format tag decides the WXF dialect. */
#define P3 "[FEN \"4k4/9/2P6/2P6/2P6/9/9/9/4A4/4K4 w\"]\n[Format \"%s\"]\n\n1. P-.6 *"
    char t[256];
    snprintf(t, sizeof t, P3, "WXF");
    ck_assert_int_eq(read_one(r, t, &err), XQ_OK);
    xq_record_mainline_move(r, 0, &m);
    ck_assert_int_eq(m, mv("c5d5"));
    snprintf(t, sizeof t, P3, "WXF xqbase");
    ck_assert_int_eq(read_one(r, t, &err), XQ_OK);
    xq_record_mainline_move(r, 0, &m);
    ck_assert_int_eq(m, mv("c6d6"));
    /* GBK text is converted: 炮二平五 马８进７ with a GBK comment and tag. */
    const char gbk[] = "[Red \"\xc1\xf5\xb4\xf3\xbb\xaa\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 {\xba\xc3} "
                       "\xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 *";
    ck_assert_int_eq(read_one(r, gbk, &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    xq_record_tag(r, "Red", buf, sizeof buf);
    ck_assert_str_eq(buf, "刘大华");
    xq_record_goto(r, 1);
    xq_record_comment(r, buf, sizeof buf);
    ck_assert_str_eq(buf, "好");
    /* No game. */
    ck_assert_int_eq(read_one(r, "  \n\n", &err), XQ_ENOTFOUND);
    xq_record_free(r);
}
END_TEST

/* Errors carry line and column, and the reader goes on with the next game. */
START_TEST(pgn_errors)
{
    static const struct {
        const char *text;
        int code, line, col;
    } bad[] = {
        {"1. h2e2 h9g7 2. h0g3 *", XQ_EILLEGAL, 1, 17},
        {"[Event \"x\"]\n\n1. C2.5 H8+7\n2. R9.8 *", XQ_EILLEGAL, 4, 4},
        {"1. h2e2 (", XQ_EPARSE, 1, 10},
        {"1. h2e2 )", XQ_EPARSE, 1, 9},
        {"( 1. h2e2", XQ_EPARSE, 1, 1},
        {"1. h2e2 {never closed", XQ_EPARSE, 1, 9},
        {"[Event \"x]\n1. h2e2 *", XQ_EPARSE, 1, 1},
        {"[Event x\"]\n1. h2e2 *", XQ_EPARSE, 1, 1},
        {"[FEN \"rnbakabnr/9 w\"]\n1. h2e2 *", XQ_EPARSE, 1, 1},
        {"[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n*", XQ_EPOSITION, 1, 1},
        {"1. h2e2 $300 *", XQ_EPARSE, 1, 9},
        {"1. h2e2 h9g7 (2. h0g2) *", XQ_EILLEGAL, 1, 18},
        {"1. P+.5 *", XQ_EILLEGAL, 1, 4},
        {"1. hello *", XQ_EPARSE, 1, 4},
    };
    xq_record *r = new_record(NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        xq_parse_error err;
        int rc = read_one(r, bad[i].text, &err);
        ck_assert_msg(rc == bad[i].code && err.code == rc && err.line == bad[i].line &&
                          err.column == bad[i].col,
                      "case %zu: rc %d line %d col %d (%s)", i, rc, err.line, err.column, err.message);
        ck_assert(strlen(err.message) > 0);
    }
    /* Over-long words, whatever their bytes, are errors (not hangs). */
    for (int lead = 250; lead <= 260; lead++) {
        char text[1200];
        int n = snprintf(text, sizeof text, "1. ");
        for (int k = 0; k < lead; k++)
            text[n++] = 'a';
        n += snprintf(text + n, sizeof text - (size_t)n, lead % 2 ? "炮" : "炮二平五");
        for (int k = 0; k < 300; k++)
            text[n++] = 'b';
        text[n] = 0;
        xq_parse_error e2;
        ck_assert_int_eq(read_one(r, text, &e2), XQ_EPARSE);
        ck_assert_int_eq(e2.column, 4);
    }
    /* Recovery: the bad games are skipped, good ones read. */
    const char *file =
        "[Event \"1\"]\n\n1. h2e2 h9g7 *\n\n"
        "[Event \"2\"]\n[Red \"unterminated]\n[Black \"b\"]\n\n1. h2e2 *\n\n"
        "[Event \"3\"]\n\n1. h2e2 h9g7 2. h0g9 i9h9 3. i0h0 *\n\n"
        "[Event \"4\"]\n\n1. c3c4 (\n\n"
        "[Event \"5\"]\n\n1. C2.5 H8+7 *\n";
    xq_pgn_reader *rd;
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, file, strlen(file), NULL), XQ_OK);
    int results[8], lines[8], n = 0;
    xq_parse_error err;
    char ev[16];
    int rc;
    while ((rc = xq_pgn_reader_next(rd, r, &err)) != 0 && n < 8) {
        results[n] = rc;
        lines[n] = rc < 0 ? err.line : xq_pgn_reader_game_line(rd);
        if (rc > 0) {
            xq_record_tag(r, "Event", ev, sizeof ev);
            ck_assert_int_eq(ev[0], n == 0 ? '1' : '5');
        }
        n++;
    }
    ck_assert_int_eq(n, 5);
    ck_assert_int_eq(results[0], 1);
    ck_assert_int_eq(results[1], XQ_EPARSE);
    ck_assert_int_eq(lines[1], 6);
    ck_assert_int_eq(results[2], XQ_EILLEGAL);
    ck_assert_int_eq(lines[2], 13);
    ck_assert_int_eq(results[3], XQ_EPARSE);
    ck_assert_int_eq(results[4], 1);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 0);
    xq_pgn_reader_free(rd);

    /* A bad game keeps the moves before the error; the cursor is there. */
    ck_assert_int_eq(read_one(r, "1. h2e2 h9g7 2. h0g2 x9x9 *", &err), XQ_EPARSE);
    ck_assert_int_eq(xq_record_mainline_size(r), 3);
    ck_assert_int_eq(xq_record_ply(r), 3);
    xq_record_free(r);
}
END_TEST

/* ---- the shared game files ---- */

typedef struct game_moves {
    int n;
    xq_move m[1024];
    char tags[3][128];
} game_moves;

static int read_all(const char *path, game_moves *g, int max, const xq_pgn_options *opt)
{
    xq_pgn_reader *rd;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, path, opt, NULL), XQ_OK);
    xq_record *r = new_record(NULL);
    xq_parse_error err;
    int n = 0, rc;
    while ((rc = xq_pgn_reader_next(rd, r, &err)) != 0) {
        ck_assert_msg(rc == 1, "%s game %d: line %d col %d: %s", path, n + 1, err.line, err.column,
                      err.message);
        ck_assert_int_lt(n, max);
        g[n].n = xq_record_mainline_size(r);
        for (int i = 0; i < g[n].n; i++)
            xq_record_mainline_move(r, i, &g[n].m[i]);
        const char *names[3] = {"Event", "Red", "Black"};
        for (int k = 0; k < 3; k++)
            if (xq_record_tag(r, names[k], g[n].tags[k], sizeof g[n].tags[k]) < 0)
                g[n].tags[k][0] = 0;
        n++;
    }
    xq_record_free(r);
    xq_pgn_reader_free(rd);
    return n;
}

/* Move tokens of a PGN file (no tags, numbers or results), width-folded. */
static int move_tokens(const char *path, char (*tok)[48], int max)
{
    size_t size;
    char *text = read_file(path, &size);
    int n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '[')
            continue;
        char *save;
        for (char *w = strtok_r(line, " \r\t", &save); w; w = strtok_r(NULL, " \r\t", &save)) {
            size_t len = strlen(w);
            if (w[len - 1] == '.' || !strcmp(w, "*"))
                continue;
            ck_assert_int_lt(n, max);
            snprintf(tok[n++], 48, "%s", w);
        }
    }
    free(text);
    return n;
}

START_TEST(xqdb_three_notations)
{
    static game_moves uci[15], wxf[15], cn[15];
    ck_assert_int_eq(read_all(xq_test_path("games/xqdb-sample-uci.pgn"), uci, 15, NULL), 15);
    ck_assert_int_eq(read_all(xq_test_path("games/xqdb-sample-wxf.pgn"), wxf, 15, NULL), 15);
    ck_assert_int_eq(read_all(xq_test_path("games/xqdb-sample-chinese.pgn"), cn, 15, NULL), 15);
    /* The files disagree on one move. In game 2 (Liu Dianzhong - Liu Dahua)
     * at move 36 Red has pawns on e5 and e3; the WXF and Chinese files say
     * "－Ｐ＋１" / "后兵进一" (the rear pawn: e3e4), the coordinate file
     * says e5e6 (the front pawn, which would be "＋Ｐ＋１" / "前兵进一").
     * Our decoding follows the notation; every other move agrees. */
    const int odd_game = 1, odd_ply = 70;
    int plies = 0;
    for (int g = 0; g < 15; g++) {
        ck_assert_int_gt(uci[g].n, 0);
        ck_assert_int_eq(uci[g].n, wxf[g].n);
        ck_assert_int_eq(uci[g].n, cn[g].n);
        ck_assert_int_eq(memcmp(wxf[g].m, cn[g].m, (size_t)uci[g].n * sizeof(xq_move)), 0);
        for (int i = 0; i < uci[g].n; i++) {
            if (g == odd_game && i == odd_ply) {
                ck_assert_int_eq(uci[g].m[i], mv("e5e6"));
                ck_assert_int_eq(wxf[g].m[i], mv("e3e4"));
                continue;
            }
            ck_assert_msg(uci[g].m[i] == wxf[g].m[i], "game %d ply %d differs", g + 1, i + 1);
        }
        ck_assert_str_eq(uci[g].tags[1], cn[g].tags[1]);
        plies += uci[g].n;
    }
    /* Formatting our moves reproduces the files' moves exactly, in the
     * files' styles: full-width WXF with '=' and the tandem place first, and
     * the default Chinese (full-width digits for Black). */
    static char want_wxf[2000][48], want_cn[2000][48];
    int nw = move_tokens(xq_test_path("games/xqdb-sample-wxf.pgn"), want_wxf, 2000);
    int nc = move_tokens(xq_test_path("games/xqdb-sample-chinese.pgn"), want_cn, 2000);
    ck_assert_int_eq(nw, plies);
    ck_assert_int_eq(nc, plies);
    int k = 0;
    for (int g = 0; g < 15; g++) {
        xq_board *b = xq_test_board(NULL);
        for (int i = 0; i < uci[g].n; i++, k++) {
            char w[XQ_MOVE_TEXT_MAX], c[XQ_MOVE_TEXT_MAX];
            xq_board_move_to_text(b, uci[g].m[i], XQ_NOTATION_WXF,
                                  XQ_NOTATION_FULLWIDTH | XQ_NOTATION_WXF_EQUALS | XQ_NOTATION_WXF_PREFIX,
                                  w, sizeof w);
            xq_board_move_to_text(b, uci[g].m[i], XQ_NOTATION_CHINESE, 0, c, sizeof c);
            if (g == odd_game && i == odd_ply) { /* e5e6 is the front pawn */
                ck_assert_str_eq(w, "＋Ｐ＋１");
                ck_assert_str_eq(c, "前兵进一");
                ck_assert_str_eq(want_wxf[k], "－Ｐ＋１");
                ck_assert_str_eq(want_cn[k], "后兵进一");
                ck_assert_int_eq(xq_board_make_move(b, uci[g].m[i]), XQ_OK);
                continue;
            }
            ck_assert_msg(!strcmp(w, want_wxf[k]), "game %d ply %d: %s vs %s", g + 1, i + 1, w, want_wxf[k]);
            ck_assert_msg(!strcmp(c, want_cn[k]), "game %d ply %d: %s vs %s", g + 1, i + 1, c, want_cn[k]);
            ck_assert_int_eq(xq_board_make_move(b, uci[g].m[i]), XQ_OK);
        }
        xq_board_free(b);
    }
}
END_TEST

/* All 1125 games: load, replay, write back identically; WXF and Chinese
 * round trips give the same moves. */
START_TEST(liu_dahua_roundtrip)
{
    const char *path = xq_test_path("games/liu-dahua-1125-uci.pgn");
    size_t size;
    char *orig = read_file(path, &size);
    xq_pgn_reader *rd;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, path, NULL, NULL), XQ_OK);
    xq_record *r = new_record(NULL), *back = new_record(NULL);
    xq_parse_error err;
    int games = 0, plies = 0, rc, mated = 0;
    char *src = orig;
    xq_pgn_options o;
    xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
    while ((rc = xq_pgn_reader_next(rd, r, &err)) != 0) {
        ck_assert_msg(rc == 1, "game %d: line %d: %s", games + 1, err.line, err.message);
        games++;
        int n = xq_record_mainline_size(r);
        plies += n;
        /* The cursor is at the end: the final position of the game. */
        ck_assert_int_eq(xq_record_ply(r), n);
        if (xq_board_status(xq_record_board(r), NULL) != XQ_RESULT_ONGOING)
            mated++;
        /* Identical write-back: the file's text of this game equals ours
         * once our Format tag and result marker are taken out. */
        const char *next = strstr(src + 1, "\n[Event ");
        size_t glen = next ? (size_t)(next + 1 - src) : strlen(src);
        /* The file has unescaped quotes in a few tag values ([Event ""Huangshan
         * Cup" ..."]); PGN escapes them, so compare with them escaped. */
        char *want = malloc(2 * glen + 1);
        size_t wl = 0;
        for (size_t i = 0; i < glen;) {
            const char *eol = memchr(src + i, '\n', glen - i);
            size_t ll = eol ? (size_t)(eol - (src + i)) + 1 : glen - i;
            const char *q1 = src[i] == '[' ? memchr(src + i, '"', ll) : NULL;
            const char *q2 = q1 ? src + i + ll - 1 : NULL;
            while (q2 && q2 > q1 && *q2 != '"')
                q2--;
            for (size_t j = 0; j < ll; j++) {
                const char *c = src + i + j;
                if (q1 && c > q1 && c < q2 && (*c == '"' || *c == '\\'))
                    want[wl++] = '\\';
                want[wl++] = *c;
            }
            i += ll;
        }
        o.notation = XQ_NOTATION_ICCS;
        o.line_width = 0;
        int len = xq_record_to_pgn(r, &o, NULL, 0);
        char *ours = malloc((size_t)len + 1);
        xq_record_to_pgn(r, &o, ours, (size_t)len + 1);
        char *fmt = strstr(ours, "[Format \"ICCS\"]\n");
        ck_assert_ptr_nonnull(fmt);
        memmove(fmt, fmt + 16, strlen(fmt + 16) + 1);
        char *star = strstr(ours, " *\n\n");
        ck_assert_ptr_nonnull(star);
        strcpy(star, " \n\n");
        ck_assert_msg(strlen(ours) == wl && !memcmp(ours, want, wl), "game %d differs:\n%s\n---\n%.*s",
                      games, ours, (int)wl, want);
        free(ours);
        free(want);
        src += glen;
        /* WXF (both dialects) and Chinese: same moves back. */
        static const int nts[] = {XQ_NOTATION_WXF, XQ_NOTATION_WXF, XQ_NOTATION_CHINESE};
        for (int k = 0; k < 3; k++) {
            o.notation = nts[k];
            o.flags = k == 1 ? XQ_NOTATION_XQBASE : 0;
            o.line_width = 80;
            len = xq_record_to_pgn(r, &o, NULL, 0);
            char *text = malloc((size_t)len + 1);
            xq_record_to_pgn(r, &o, text, (size_t)len + 1);
            ck_assert_int_eq(xq_record_from_pgn(back, text, (size_t)len, NULL, &err), XQ_OK);
            ck_assert_int_eq(xq_record_mainline_size(back), n);
            for (int i = 0; i < n; i++) {
                xq_move a, b;
                xq_record_mainline_move(r, i, &a);
                xq_record_mainline_move(back, i, &b);
                XQ_CHECK(a == b, "game %d ply %d notation %d", games, i, nts[k]);
            }
            free(text);
        }
        o.flags = 0;
    }
    ck_assert_int_eq(games, 1125);
    ck_assert_int_eq(plies, 101321);
    ck_assert_int_eq(mated, 7);
    xq_pgn_reader_free(rd);
    xq_record_free(r);
    xq_record_free(back);
    free(orig);
}
END_TEST

/* The reader's memory does not grow with the file: 25 copies of the master
 * games (20 MB) read from a file keep the peak RSS small. Memory and file
 * readers agree. */
static long peak_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

START_TEST(streaming_memory)
{
    size_t size;
    char *one = read_file(xq_test_path("games/liu-dahua-1125-uci.pgn"), &size);
    char path[] = "/tmp/xq-stream-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "wb");
    for (int i = 0; i < 25; i++)
        ck_assert_int_eq(fwrite(one, 1, size, f), size);
    fclose(f);
    long before = peak_kb();
    xq_pgn_reader *rd;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, path, NULL, NULL), XQ_OK);
    xq_record *r = new_record(NULL);
    xq_parse_error err;
    int games = 0, rc;
    while ((rc = xq_pgn_reader_next(rd, r, &err)) == 1)
        games++;
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(games, 25 * 1125);
    long grown = peak_kb() - before;
#if defined(__SANITIZE_ADDRESS__)
#define XQ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XQ_ASAN 1
#endif
#endif
#ifndef XQ_ASAN /* ASan keeps freed memory in quarantine: RSS says nothing there */
    ck_assert_msg(grown < 8 * 1024, "peak RSS grew by %ld KiB reading %zu bytes", grown, 25 * size);
#else
    (void)grown;
#endif
    xq_pgn_reader_free(rd);
    unlink(path);
    /* The same from memory, the last game identical. */
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, one, size, NULL), XQ_OK);
    xq_record *m = new_record(NULL);
    games = 0;
    while (xq_pgn_reader_next(rd, m, &err) == 1)
        games++;
    ck_assert_int_eq(games, 1125);
    char *last = strdup(to_pgn(r, 0, 0, 80));
    ck_assert_str_eq(to_pgn(m, 0, 0, 80), last);
    free(last);
    xq_pgn_reader_free(rd);
    xq_record_free(r);
    xq_record_free(m);
    free(one);
}
END_TEST

/* Issue 11 item 6: a reader on a pipe streams every game, and a game is
 * returned while the writer still holds the pipe open; an XQF file through
 * a pipe is detected from the bytes read. */
START_TEST(pipe_streaming)
{
    static const char three[] = "[Event \"1\"]\n\n1. h2e2 h9g7 *\n\n"
                                "[Event \"2\"]\n\n1. b2e2 *\n\n"
                                "[Event \"3\"]\n\n1. c3c4 c6c5 2. h0g2 *\n";
    int fds[2], go[2];
    ck_assert_int_eq(pipe(fds), 0);
    ck_assert_int_eq(pipe(go), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) { /* writer: the first game, wait for the reader, the rest */
        close(fds[0]);
        close(go[1]);
        const char *second = strstr(three, "[Event \"2\"]");
        ssize_t k = write(fds[1], three, (size_t)(second - three));
        char c;
        k += read(go[0], &c, 1);
        k += write(fds[1], second, strlen(second));
        _exit(k > 0 ? 0 : 1);
    }
    close(fds[1]);
    close(go[0]);
    xq_pgn_reader *rd;
    xq_parse_error err;
    ck_assert_int_eq(xq_pgn_reader_open_fd(&rd, fds[0], NULL, &err), XQ_OK);
    xq_record *r = new_record(NULL);
    static const int plies[] = {2, 1, 3};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
        ck_assert_int_eq(xq_record_mainline_size(r), plies[i]);
        if (i == 0) /* the first game came before the writer sent more */
            ck_assert_int_eq(write(go[1], "x", 1), 1);
    }
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 0);
    xq_pgn_reader_free(rd);
    close(fds[0]);
    close(go[1]);
    int status;
    waitpid(pid, &status, 0);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    /* XQF through a pipe: one game. */
    size_t size;
    char *xqf = read_file(xq_test_path("xqf/spec-example.xqf"), &size);
    ck_assert_int_eq(pipe(fds), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        _exit(write(fds[1], xqf, size) == (ssize_t)size ? 0 : 1);
    }
    close(fds[1]);
    ck_assert_int_eq(xq_pgn_reader_open_fd(&rd, fds[0], NULL, &err), XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 16);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, &err), 0);
    xq_pgn_reader_free(rd);
    close(fds[0]);
    waitpid(pid, &status, 0);
    free(xqf);
    xq_record_free(r);
}
END_TEST

START_TEST(options)
{
    xq_pgn_options o;
    ck_assert_int_eq(xq_pgn_options_init(NULL, 1), XQ_EINVAL);
    ck_assert_int_eq(xq_pgn_options_init(&o, 0), XQ_EVERSION);
    ck_assert_int_eq(xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION + 1), XQ_EVERSION);
    ck_assert_int_eq(xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION), XQ_OK);
    xq_pgn_options d = XQ_PGN_OPTIONS_INIT;
    ck_assert_int_eq(memcmp(&o, &d, sizeof o), 0);
    xq_record *r = new_record(NULL);
    o.version = 99;
    ck_assert_int_eq(xq_record_to_pgn(r, &o, NULL, 0), XQ_EVERSION);
    o.version = 0;
    ck_assert_int_eq(xq_record_to_pgn(r, &o, NULL, 0), XQ_EVERSION);
    o.version = 1;
    o.notation = 7;
    ck_assert_int_eq(xq_record_to_pgn(r, &o, NULL, 0), XQ_EINVAL);
    xq_pgn_reader *rd;
    xq_parse_error err;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, "/nonexistent/x.pgn", NULL, &err), XQ_EIO);
    ck_assert_ptr_null(rd);
    ck_assert_int_eq(err.code, XQ_EIO);
    ck_assert_str_eq(err.message, "cannot open '/nonexistent/x.pgn': No such file or directory");
    ck_assert_int_eq(xq_pgn_reader_open(&rd, "/nonexistent/x.pgn", NULL, NULL), XQ_EIO);
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, NULL, 5, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_pgn_reader_open_fd(&rd, -1, NULL, &err), XQ_EINVAL);
    ck_assert_ptr_null(rd);
    ck_assert_int_eq(xq_record_save_pgn(r, "/nonexistent/x.pgn", 0, NULL, &err), XQ_EIO);
    ck_assert_str_eq(err.message, "cannot create '/nonexistent/x.pgn': No such file or directory");
    ck_assert_int_eq(xq_record_load(r, "/nonexistent/y.xqf", NULL, &err), XQ_EIO);
    ck_assert_str_eq(err.message, "cannot open '/nonexistent/y.xqf': No such file or directory");
    ck_assert_int_eq(xq_pgn_reader_open(&rd, "/tmp", NULL, &err), XQ_EIO);
    ck_assert_str_eq(err.message, "cannot read '/tmp': Is a directory");
    /* Save and append, then read both games back. */
    char path[] = "/tmp/xq-save-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    xq_record_play_text(r, "h2e2", 0, 0, NULL);
    ck_assert_int_eq(xq_record_save_pgn(r, path, 0, NULL, NULL), XQ_OK);
    xq_record_play_text(r, "h9g7", 0, 0, NULL);
    ck_assert_int_eq(xq_record_save_pgn(r, path, 1, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_open(&rd, path, NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, NULL), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 1);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, NULL), 1);
    ck_assert_int_eq(xq_record_mainline_size(r), 2);
    ck_assert_int_eq(xq_pgn_reader_next(rd, r, NULL), 0);
    xq_pgn_reader_free(rd);
    unlink(path);
    xq_record_free(r);
}
END_TEST

/* ---- hostile shapes (issue 11 item 4): sizes that take seconds with a
 * quadratic reader and milliseconds with a linear one (no timing asserts:
 * tests/bench/parser_scaling.c prints the ratios) ---- */

static xq_record *read_shape(const char *shape, long n)
{
    shape_buf b = {0};
    ck_assert(shape_generate(&b, shape, n));
    xq_record *r = new_record(NULL);
    xq_parse_error err;
    int rc = !strncmp(shape, "pgn-", 4)       ? xq_record_from_pgn(r, b.p, b.n, NULL, &err)
             : !strncmp(shape, "dhtmlxq", 7) ? xq_record_from_dhtmlxq(r, b.p, b.n, &err)
                                              : xq_record_from_xqf(r, b.p, b.n, &err);
    ck_assert_msg(rc == XQ_OK, "%s %ld: %s", shape, n, err.message);
    free(b.p);
    return r;
}

/* Write as PGN, read back, write again: the same text. */
static void check_pgn_fixpoint(const xq_record *r)
{
    char *a = strdup(to_pgn(r, XQ_NOTATION_ICCS, 0, 80));
    xq_record *back = new_record(NULL);
    xq_parse_error err;
    int rc = xq_record_from_pgn(back, a, strlen(a), NULL, &err);
    ck_assert_msg(rc == XQ_OK, "re-read: %s", err.message);
    ck_assert_str_eq(to_pgn(back, XQ_NOTATION_ICCS, 0, 80), a);
    xq_record_free(back);
    free(a);
}

START_TEST(linear_readers)
{
    /* 500,000 comments on one move (2 MB): they join into one 1 MB comment
     * (once 8 s: each was appended with strlen + realloc). */
    xq_record *r = read_shape("pgn-comments", 500000);
    xq_record_goto(r, 1);
    ck_assert_int_eq(xq_record_comment(r, NULL, 0), 2 * 500000 - 1);
    xq_record_free(r);

    /* 100,000 distinct tags (2 MB; once 13 s: a linear lookup per tag). */
    r = read_shape("pgn-tags", 100000);
    char buf[64];
    ck_assert_int_eq(xq_record_tag_count(r), 100000);
    ck_assert_int_eq(xq_record_tag(r, "T99999", buf, sizeof buf), 11);
    ck_assert_str_eq(buf, "value 99999");
    ck_assert_int_eq(xq_record_tag(r, "T0", buf, sizeof buf), 7);
    ck_assert_int_eq(xq_record_set_tag(r, "T5", NULL), XQ_OK);
    ck_assert_int_eq(xq_record_tag(r, "T5", buf, sizeof buf), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_record_tag(r, "T6", buf, sizeof buf), 7);
    ck_assert_int_eq(xq_record_tag_count(r), 99999);
    xq_record *c;
    ck_assert_int_eq(xq_record_clone(&c, r), XQ_OK);
    ck_assert_int_eq(xq_record_tag(c, "T77777", buf, sizeof buf), 11);
    xq_record_free(c);
    xq_record_free(r);

    /* 5,000 DhtmlXQ variations, each branching from the one listed after it
     * (once 10 s: a pass over all of them per variation placed). */
    r = read_shape("dhtmlxq-reverse", 5000);
    xq_record_goto(r, 0);
    ck_assert_int_eq(xq_record_enter_variation(r, 0), XQ_OK);
    while (xq_record_variation_count(r) == 2)
        ck_assert_int_eq(xq_record_enter_variation(r, 1), XQ_OK);
    ck_assert_int_eq(xq_record_ply(r), 5001);
    ck_assert_int_eq(xq_record_variation_count(r), 1);
    check_pgn_fixpoint(r);
    xq_record_free(r);

    /* 500,000 XQF sibling records with comments (once 5 s). */
    r = read_shape("xqf-siblings", 500000);
    xq_record_goto(r, 0);
    ck_assert_int_eq(xq_record_variation_count(r), 2);
    xq_record_enter_variation(r, 0);
    ck_assert_int_eq(xq_record_comment(r, NULL, 0), 2 * 250000 - 1);
    xq_record_free(r);

    /* 2,000 nested variations (once refused beyond 256), and a variation
     * after each of 20,000 moves; written and read back. */
    r = read_shape("pgn-nested", 2000);
    check_pgn_fixpoint(r);
    xq_record_free(r);
    r = read_shape("pgn-variations", 20000);
    ck_assert_int_eq(xq_record_mainline_size(r), 20000);
    check_pgn_fixpoint(r);
    xq_record_free(r);
}
END_TEST

/* ---- writer and reader agree (issue 11 item 9) ---- */

static char *repeat(char c, size_t n)
{
    char *p = malloc(n + 1);
    ck_assert(p != NULL);
    memset(p, c, n);
    p[n] = 0;
    return p;
}

START_TEST(writer_reader_agree)
{
    static const char *const cyc[4] = {"h0g2", "h9g7", "g2h0", "g7h9"};
    static const char *const alt[2] = {"a0a1", "a9a8"};
    xq_record *r = new_record(NULL);
    char buf[256];
    /* 300 nested variations built through the API are written and read back. */
    for (int i = 0; i < 300; i++) {
        ck_assert_int_eq(xq_record_play(r, mv(alt[i % 2])), XQ_OK);
        xq_record_back(r);
        ck_assert_int_eq(xq_record_play(r, mv(cyc[i % 4])), XQ_OK);
        ck_assert_int_eq(xq_record_variation_count(r), 0);
    }
    ck_assert_int_eq(xq_record_mainline_size(r), 1);
    check_pgn_fixpoint(r);

    /* A comment before a move exists only where PGN can write it: on a
     * variation's first move. On a main continuation it is refused, and a
     * variation promoted to the main line hands it to the previous move. */
    xq_record_reset(r, NULL, NULL);
    xq_record_play(r, mv("h2e2"));
    ck_assert_int_eq(xq_record_set_comment_before(r, "x"), XQ_ESTATE);
    xq_record_play(r, mv("h9g7"));
    ck_assert_int_eq(xq_record_set_comment_before(r, "x"), XQ_ESTATE);
    xq_record_back(r);
    xq_record_play(r, mv("h7e7"));
    ck_assert_int_eq(xq_record_set_comment_before(r, "Same-side cannons"), XQ_OK);
    ck_assert_int_eq(xq_record_set_comment(r, "  padded\r\nline  "), XQ_OK);
    ck_assert_int_eq(xq_record_comment(r, buf, sizeof buf), 11);
    ck_assert_str_eq(buf, "padded\nline"); /* as the reader would read it back */
    check_pgn_fixpoint(r);
    ck_assert_int_eq(xq_record_promote(r), XQ_OK);
    ck_assert_int_eq(xq_record_comment_before(r, buf, sizeof buf), 0);
    xq_record_back(r);
    ck_assert_int_eq(xq_record_comment(r, buf, sizeof buf), 17);
    ck_assert_str_eq(buf, "Same-side cannons");
    check_pgn_fixpoint(r);
    /* Deleting a main continuation makes the next variation main: its
     * comment before goes to the previous move too. */
    xq_record_reset(r, NULL, NULL);
    xq_record_play(r, mv("h2e2"));
    xq_record_play(r, mv("h9g7"));
    xq_record_back(r);
    xq_record_play(r, mv("b9c7"));
    ck_assert_int_eq(xq_record_set_comment_before(r, "Left horse"), XQ_OK);
    xq_record_back(r);
    ck_assert_int_eq(xq_record_set_comment(r, "Cannon"), XQ_OK);
    ck_assert_int_eq(xq_record_enter_variation(r, 0), XQ_OK);
    ck_assert_int_eq(xq_record_delete(r), 1);
    ck_assert_int_eq(xq_record_comment(r, buf, sizeof buf), 17);
    ck_assert_str_eq(buf, "Cannon Left horse");
    xq_record_forward(r);
    ck_assert_int_eq(xq_record_comment_before(r, buf, sizeof buf), 0);
    check_pgn_fixpoint(r);
    /* Truncating removes the variations with their comments. */
    xq_record_back(r);
    xq_record_play(r, mv("h7e7"));
    ck_assert_int_eq(xq_record_set_comment_before(r, "gone"), XQ_OK);
    xq_record_back(r);
    ck_assert_int_eq(xq_record_truncate(r), 2);
    ck_assert_int_eq(xq_record_comment(r, buf, sizeof buf), 17);
    /* '}' cannot be written in a brace comment: refused. */
    ck_assert_int_eq(xq_record_set_comment(r, "a } b"), XQ_EINVAL);

    /* Long comments and tags (once refused by the reader beyond 1 MiB and
     * 64 KiB) are written and read back; beyond XQ_RECORD_MAX_TEXT the
     * setters refuse them. */
    char *big = repeat('c', (size_t)3 << 20);
    ck_assert_int_eq(xq_record_set_comment(r, big), XQ_OK);
    ck_assert_int_eq(xq_record_set_tag(r, "Annotator", big + (2 << 20)), XQ_OK);
    check_pgn_fixpoint(r);
    free(big);
    big = repeat('c', (size_t)XQ_RECORD_MAX_TEXT + 1);
    ck_assert_int_eq(xq_record_set_comment(r, big), XQ_EINVAL);
    ck_assert_int_eq(xq_record_set_tag(r, "Event", big), XQ_EINVAL);
    free(big);
    /* A line break in a tag value is stored as the space the writer writes. */
    ck_assert_int_eq(xq_record_set_tag(r, "Event", "two\nlines"), XQ_OK);
    ck_assert_int_eq(xq_record_tag(r, "Event", buf, sizeof buf), 9);
    ck_assert_str_eq(buf, "two lines");
    check_pgn_fixpoint(r);

    /* A NUL inside a comment or a tag value no longer cuts it; '}' in a ';'
     * comment becomes the full-width brace. */
    static const char nul[] = "[Event \"a\0b\"]\n\n1. h2e2 {one\0two} h9g7 ; semi } colon\n*\n";
    xq_parse_error err;
    ck_assert_int_eq(xq_record_from_pgn(r, nul, sizeof nul - 1, NULL, &err), XQ_OK);
    ck_assert_int_eq(xq_record_tag(r, "Event", buf, sizeof buf), 5);
    ck_assert_str_eq(buf, "a\xEF\xBF\xBD" "b");
    xq_record_goto(r, 1);
    ck_assert_int_eq(xq_record_comment(r, buf, sizeof buf), 9);
    ck_assert_str_eq(buf, "one\xEF\xBF\xBDtwo");
    xq_record_goto(r, 2);
    xq_record_comment(r, buf, sizeof buf);
    ck_assert_str_eq(buf, "semi \xEF\xBD\x9D colon");
    check_pgn_fixpoint(r);
    /* A NUL in the move text is an error, not the end of a move. */
    static const char nul2[] = "1. h2e2\0x h9g7 *";
    ck_assert_int_eq(xq_record_from_pgn(r, nul2, sizeof nul2 - 1, NULL, &err), XQ_EPARSE);
    ck_assert_str_eq(err.message, "NUL byte in the move text");
    xq_record_free(r);
}
END_TEST

/* An error inside a variation names the variation's move and leaves the
 * cursor there (issue 11 item 8). */
START_TEST(variation_error_position)
{
    xq_record *r = new_record(NULL);
    xq_parse_error err;
    const char *pgn = "[Event \"x\"]\n\n1. h2e2 h9g7 (1... h7e7 2. h0g2 zzz) 2. h0g2 *\n";
    ck_assert_int_eq(xq_record_from_pgn(r, pgn, strlen(pgn), NULL, &err), XQ_EPARSE);
    ck_assert_str_eq(err.message, "move 2... in a variation: 'zzz' is not a move");
    ck_assert_int_eq(err.line, 3);
    ck_assert_int_eq(err.column, 33);
    ck_assert_int_eq(err.offset, (int)(strstr(pgn, "zzz") - pgn));
    ck_assert_int_eq(xq_record_ply(r), 3);
    ck_assert_str_eq(cur_fen(r), "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2");
    xq_record_free(r);
}
END_TEST


static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* xq_record_tree(): the whole tree in one buffer, depth first, parents,
 * moves, comments after and before the moves, NAGs (issue 24: bindings made
 * about four calls a ply). */
START_TEST(whole_tree)
{
    const char *text = "{Before the game} 1. h2e2 {central cannon} $1 $14 h9g7 (1... b9c7 "
                       "{the other horse} 2. b0c2 $2) (1... {pre} h7e7 2. h0g2) 2. h0g2 i9h9 1-0";
    xq_record *r = new_record(NULL);
    xq_parse_error err;
    ck_assert_int_eq(xq_record_from_pgn(r, text, strlen(text), NULL, &err), XQ_OK);
    static const struct {
        int parent;
        const char *move, *comment, *before;
        int nags[2];
    } want[] = {
        {-1, NULL, "Before the game", "", {0, 0}},
        {0, "h2e2", "central cannon", "", {1, 14}},
        {1, "h9g7", "", "", {0, 0}},
        {2, "h0g2", "", "", {0, 0}},
        {3, "i9h9", "", "", {0, 0}},
        {1, "b9c7", "the other horse", "", {0, 0}},
        {5, "b0c2", "", "", {2, 0}},
        {1, "h7e7", "", "pre", {0, 0}},
        {7, "h0g2", "", "", {0, 0}},
    };
    const int n = (int)(sizeof want / sizeof want[0]);
    const int size = xq_record_tree(r, NULL, 0);
    ck_assert_int_eq(size, 4 + n * XQ_RECORD_TREE_NODE_SIZE + 15 + 14 + 15 + 3);
    unsigned char small[64];
    memset(small, 0xAB, sizeof small);
    ck_assert_int_eq(xq_record_tree(r, small, sizeof small), size); /* too small: untouched */
    ck_assert_int_eq(small[0], 0xAB);
    unsigned char *buf = malloc((size_t)size);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(xq_record_tree(r, buf, (size_t)size), size);
    ck_assert_int_eq((int)get32(buf), n);
    const unsigned char *node = buf + 4, *texts = buf + 4 + n * XQ_RECORD_TREE_NODE_SIZE;
    for (int i = 0; i < n; i++, node += XQ_RECORD_TREE_NODE_SIZE) {
        ck_assert_int_eq((int32_t)get32(node), want[i].parent);
        ck_assert_uint_eq(get32(node + 4), want[i].move ? mv(want[i].move) : XQ_MOVE_NONE);
        const uint32_t clen = get32(node + 8), blen = get32(node + 12);
        ck_assert_uint_eq(clen, strlen(want[i].comment));
        ck_assert_int_eq(memcmp(texts, want[i].comment, clen), 0);
        ck_assert_uint_eq(blen, strlen(want[i].before));
        ck_assert_int_eq(memcmp(texts + clen, want[i].before, blen), 0);
        texts += clen + blen;
        const int nnag = (int)get32(node + 16);
        ck_assert_int_eq(nnag, want[i].nags[1] ? 2 : want[i].nags[0] ? 1 : 0);
        for (int k = 0; k < XQ_RECORD_MAX_NAGS; k++)
            ck_assert_int_eq(node[20 + k], k < 2 ? want[i].nags[k] : 0);
    }
    ck_assert_ptr_eq(texts, buf + size);
    /* the cursor is not used or moved */
    ck_assert_int_eq(xq_record_goto(r, 1), XQ_OK);
    ck_assert_int_eq(xq_record_tree(r, buf, (size_t)size), size);
    ck_assert_int_eq(xq_record_ply(r), 1);
    free(buf);
    ck_assert_int_eq(xq_record_tree(NULL, NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_record_tree(r, NULL, 8), XQ_EINVAL);
    xq_record *empty = new_record(NULL);
    unsigned char one[4 + XQ_RECORD_TREE_NODE_SIZE];
    ck_assert_int_eq(xq_record_tree(empty, one, sizeof one), (int)sizeof one);
    ck_assert_int_eq((int)get32(one), 1);
    xq_record_free(empty);
    xq_record_free(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("record");
    TCase *tc = tcase_create("record");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, tree_navigation);
    tcase_add_test(tc, annotations_and_tags);
    tcase_add_test(tc, whole_tree);
    tcase_add_test(tc, pgn_syntax);
    tcase_add_test(tc, pgn_errors);
    tcase_add_test(tc, xqdb_three_notations);
    tcase_add_test(tc, liu_dahua_roundtrip);
    tcase_add_test(tc, streaming_memory);
    tcase_add_test(tc, options);
    tcase_add_test(tc, pipe_streaming);
    tcase_add_test(tc, linear_readers);
    tcase_add_test(tc, writer_reader_agree);
    tcase_add_test(tc, variation_error_position);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
