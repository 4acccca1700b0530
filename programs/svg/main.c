/* SPDX-License-Identifier: MIT */
/* xq-svg: draw a position as an SVG picture (xq_board_svg()).
 *
 *   xq-svg [--fen FEN | --pgn FILE [--game N] [--ply N]] [--moves "h2e2 马8进7 ..."]
 *          [--flip] [--size N]
 *          [--letters] [--coords both|numbers|iccs|none] [--arrow MOVE]...
 *          [--no-last-move] [--no-check] [-o FILE]
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"

#define MAX_ARROWS 64

/* The command line (the picture's options are set in main from these). */
static struct {
    const char *fen, *moves, *output, *pgn, *last;
    const char *arrow_text[MAX_ARROWS];
    int narrows;
    int game, ply, size, flip, glyphs, no_last_move, no_check, coords;
} arg = {.game = 1, .ply = -1, .size = -1, .glyphs = -1, .coords = -1};

static const char *const coords_names[] = {"both", "numbers", "iccs", "none", NULL};

static int add_arrow(void *ctx, const char *opt, const char *value)
{
    (void)ctx;
    (void)opt;
    if (arg.narrows == MAX_ARROWS)
        return cli_usage_error("at most %d arrows", MAX_ARROWS);
    arg.arrow_text[arg.narrows++] = value;
    return 0;
}

static void usage(FILE *f);

static const cli_option options[] = {
    {CLI_TEXT, .help = "Position:"},
    {CLI_STRING, "--fen", .arg = "FEN", .dest = &arg.fen,
     .help = "the position (default: the start position)"},
    {CLI_STRING, "--pgn", .arg = "FILE", .dest = &arg.pgn,
     .help = "the position of a game in FILE (PGN, XQF or DhtmlXQ;\n"
             "'-' reads PGN from standard input), at the end of its\n"
             "main line or at --ply"},
    {CLI_INT, "--game", .arg = "N", .dest = &arg.game, .lo = 1, .hi = 1000000,
     .want = "a number from 1", .help = "with --pgn: the Nth game of the file (default 1)"},
    {CLI_INT, "--ply", .arg = "N", .dest = &arg.ply, .lo = 0, .hi = 1000000,
     .want = "a number from 0",
     .help = "with --pgn: the position after N plies of the main line\n"
             "(0: the game's start position)"},
    {CLI_STRING, "--moves", .arg = "\"M1 M2..\"", .dest = &arg.moves,
     .help = "moves to play from that position, in any notation: ICCS\n"
             "(h2e2), WXF (C2.5) or Chinese (炮二平五), separated by\n"
             "blanks or commas (move numbers like '1.' are skipped);\n"
             "the last one is shaded"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Picture:"},
    {CLI_INT, "--size", .arg = "N", .dest = &arg.size, .lo = 32, .hi = 8192,
     .want = "a width from 32 to 8192",
     .help = "width in pixels, 32-8192 (default 450); the height\n"
             "follows from the layout"},
    {CLI_FLAG, "--flip", .dest = &arg.flip, .ival = 1, .help = "Black at the bottom"},
    {CLI_FLAG, "--letters", .dest = &arg.glyphs, .ival = XQ_SVG_GLYPHS_LETTERS,
     .help = "FEN letters (K A B N R C P) instead of Chinese glyphs,\n"
             "and no Chinese text at all"},
    {CLI_FLAG, "--text-glyphs", .dest = &arg.glyphs, .ival = XQ_SVG_GLYPHS_CHINESE_TEXT,
     .help = "the Chinese characters as text in a CJK font (a smaller\n"
             "file; viewers without a CJK font show empty boxes), not\n"
             "as the outlines drawn by default"},
    {CLI_CHOICE, "--coords", .arg = "WHICH", .dest = &arg.coords, .choices = coords_names,
     .want = "both, numbers, iccs or none",
     .help = "labels around the board: both (default), numbers (each\n"
             "player's file numbers, 九..一 and 1..9), iccs (files a-i and\n"
             "ranks 0-9), none"},
    {CLI_CALL, "--arrow", .arg = "MOVE", .call = add_arrow,
     .help = "draw an arrow for MOVE (ICCS, or a legal move in WXF or\n"
             "Chinese); repeat for more arrows"},
    {CLI_STRING, "--last", .arg = "MOVE", .dest = &arg.last,
     .help = "shade MOVE instead of the last move played (the same forms)"},
    {CLI_FLAG, "--no-last-move", .dest = &arg.no_last_move, .ival = 1,
     .help = "do not shade the last move"},
    {CLI_FLAG, "--no-check", .dest = &arg.no_check, .ival = 1,
     .help = "no glow under a general in check"},
    {CLI_STRING, "--output", "-o", .arg = "FILE", .dest = &arg.output,
     .help = "write to FILE instead of standard output"},
    {CLI_HELP, "--help", "-h", .help = "show this help"},
    {CLI_VERSION, "--version", .help = "show the version"},
};

static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 21,
                              .help = usage};

static void usage(FILE *f)
{
    fputs("usage: xq-svg [OPTIONS] [-o FILE]\n"
          "\n"
          "Draw a Xiangqi position as a self-contained SVG picture: the board with its\n"
          "river and palaces, the pieces with Chinese glyphs (or letters), coordinates,\n"
          "the last move shaded, a glow under a general in check, and arrows. The\n"
          "picture is written to standard output, or to FILE with -o.\n"
          "\n",
          f);
    cli_print_options(f, &spec);
    fputs("\n"
          "Examples:\n"
          "  xq-svg --moves \"h2e2 h9g7\" --arrow h0g2 -o opening.svg\n"
          "  xq-svg --moves \"1. 炮二平五 马８进７ 2. 马二进三\" --arrow 车九平八\n"
          "  xq-svg --pgn games.pgn --game 3 --ply 20 --size 300\n"
          "  xq-svg --fen \"3k5/3R5/9/9/9/9/9/9/9/4K4 b\" --flip --letters --size 300\n"
          "  xq-svg | rsvg-convert -o board.png\n"
          "\n"
          "Exit status: 0 on success, 2 on a bad option, FEN or move, 1 if the output\n"
          "cannot be written.\n",
          f);
}

__attribute__((format(printf, 1, 2))) static int bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cli_prog());
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

/* An arrow or a shaded move: coordinates (any two points), else a legal
 * move of the position in any notation. */
static int parse_move(const xq_board *board, const char *text, xq_move *out)
{
    return xq_move_parse(text, out) == XQ_OK ||
           xq_board_move_from_text(board, text, XQ_NOTATION_AUTO, 0, out, NULL) == XQ_OK;
}

/* A move number of a move list ("1.", "12...", "3…"). */
static int is_move_number(const char *s)
{
    size_t i = 0;
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == 0 || !s[i])
        return 0;
    for (const char *p = s + i; *p;) {
        if (*p == '.')
            p++;
        else if (!strncmp(p, "…", 3))
            p += 3;
        else
            return 0;
    }
    return 1;
}

/* The position of game `game` (1-based) of a file after `ply` plies of its
 * main line (-1: its end), into *out; 0, or the exit status after a message. */
static int position_from_file(const char *path, int game, int ply, xq_board **out)
{
    xq_pgn_reader *rd;
    xq_parse_error err;
    int rc = !strcmp(path, "-") ? xq_pgn_reader_open_fd(&rd, 0, NULL, &err)
                                : xq_pgn_reader_open(&rd, path, NULL, &err);
    if (rc != XQ_OK)
        return bad("%s", err.message);
    xq_record *rec;
    if ((rc = xq_record_new(&rec, NULL, NULL)) != XQ_OK) {
        xq_pgn_reader_free(rd);
        return bad("%s", xq_strerror(rc));
    }
    for (int k = 1; k <= game; k++) {
        rc = xq_pgn_reader_next(rd, rec, &err);
        if (rc < 0 && k == game) {
            bad("%s: game %d: %s (line %d)", path, game, err.message, err.line);
            break;
        }
        if (rc == 0) {
            bad("%s has %d game%s, not %d", path, k - 1, k == 2 ? "" : "s", game);
            rc = -1;
            break;
        }
    }
    xq_pgn_reader_free(rd);
    if (rc < 0) {
        xq_record_free(rec);
        return CLI_EXIT_USAGE;
    }
    const int plies = xq_record_mainline_size(rec);
    if (ply > plies) {
        xq_record_free(rec);
        return bad("--ply %d: game %d of %s has %d plies", ply, game, path, plies);
    }
    rc = xq_record_goto(rec, ply < 0 ? plies : ply);
    if (rc == XQ_OK)
        rc = xq_board_clone(out, xq_record_board(rec));
    xq_record_free(rec);
    return rc == XQ_OK ? 0 : bad("%s", xq_strerror(rc));
}

/* The picture's options from the command line. */
static void picture_options(xq_svg_options *opt)
{
    if (arg.size > 0)
        opt->size = arg.size;
    opt->flip |= arg.flip;
    if (arg.glyphs >= 0)
        opt->glyphs = arg.glyphs;
    if (arg.no_last_move)
        opt->show_last_move = 0;
    if (arg.no_check)
        opt->show_check = 0;
    static const int coords[] = {XQ_SVG_COORDS_NUMBERS | XQ_SVG_COORDS_ICCS,
                                 XQ_SVG_COORDS_NUMBERS, XQ_SVG_COORDS_ICCS, XQ_SVG_COORDS_NONE};
    if (arg.coords >= 0)
        opt->coordinates = coords[arg.coords];
}

int main(int argc, char **argv)
{
    xq_move arrows[MAX_ARROWS];
    xq_svg_options opt;
    xq_svg_options_init(&opt, XQ_SVG_OPTIONS_VERSION);

    cli_init("xq-svg");
    int status = cli_parse(&spec, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    picture_options(&opt);
    opt.arrows = arrows;
    if (arg.pgn && arg.fen)
        return cli_usage_error("--fen and --pgn both give the position: choose one");
    if (!arg.pgn && (arg.game != 1 || arg.ply >= 0))
        return cli_usage_error("--game and --ply need --pgn");

    xq_board *board;
    xq_parse_error perr;
    int rc;
    if (arg.pgn) {
        if ((rc = position_from_file(arg.pgn, arg.game, arg.ply, &board)) != 0)
            return rc;
    } else if ((rc = xq_board_new(&board, arg.fen, &perr)) != XQ_OK) {
        fprintf(stderr, "xq-svg: bad FEN (%s at offset %d): %s\n", xq_strerror(rc), perr.offset,
                perr.message);
        return 2;
    }
    if (arg.moves) {
        char *copy = strdup(arg.moves);
        if (!copy)
            return bad("%s", xq_strerror(XQ_ENOMEM));
        for (char *tok = strtok(copy, " ,\t\n"); tok; tok = strtok(NULL, " ,\t\n")) {
            xq_move m;
            if (is_move_number(tok))
                continue;
            rc = xq_board_move_from_text(board, tok, XQ_NOTATION_AUTO, 0, &m, &perr);
            if (rc == XQ_EPARSE)
                rc = bad("--moves: '%s' is not a move (ICCS h2e2, WXF C2.5 or Chinese 炮二平五)",
                         tok);
            else if (rc != XQ_OK)
                rc = bad("--moves: %s: %s", tok, perr.message);
            else if ((rc = xq_board_make_move(board, m)) != XQ_OK)
                rc = bad("--moves: %s is not legal in this position", tok);
            if (rc != XQ_OK) {
                free(copy);
                xq_board_free(board);
                return rc;
            }
        }
        free(copy);
    }

    for (int k = 0; k < arg.narrows; k++, opt.arrow_count++)
        if (!parse_move(board, arg.arrow_text[k], &arrows[k])) {
            xq_board_free(board);
            return bad("--arrow: '%s' is neither coordinates like h2e2 nor a legal move",
                       arg.arrow_text[k]);
        }
    if (arg.last && !parse_move(board, arg.last, &opt.last_move)) {
        xq_board_free(board);
        return bad("--last: '%s' is neither coordinates like h2e2 nor a legal move", arg.last);
    }
    int n = xq_board_svg(board, &opt, NULL, 0);
    char *svg = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (n < 0 || !svg) {
        fprintf(stderr, "xq-svg: %s\n", xq_strerror(n < 0 ? n : XQ_ENOMEM));
        xq_board_free(board);
        return 2;
    }
    xq_board_svg(board, &opt, svg, (size_t)n + 1);
    xq_board_free(board);

    FILE *f = arg.output ? fopen(arg.output, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "xq-svg: cannot open %s: %s\n", arg.output, strerror(errno));
        free(svg);
        return 1;
    }
    int ok = fwrite(svg, 1, (size_t)n, f) == (size_t)n;
    ok &= (arg.output ? fclose(f) : fflush(f)) == 0;
    free(svg);
    if (!ok) {
        fprintf(stderr, "xq-svg: cannot write %s: %s\n", arg.output ? arg.output : "the arg.output",
                strerror(errno));
        return 1;
    }
    return 0;
}
