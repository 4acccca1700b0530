/* xq-svg: draw a position as an SVG picture (xq_board_svg()).
 *
 *   xq-svg [--fen FEN] [--moves "h2e2 h9g7 ..."] [--flip] [--size N]
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

static void usage(FILE *f)
{
    fputs("usage: xq-svg [OPTIONS] [-o FILE]\n"
          "\n"
          "Draw a Xiangqi position as a self-contained SVG picture: the board with its\n"
          "river and palaces, the pieces with Chinese glyphs (or letters), coordinates,\n"
          "the last move shaded, a glow under a general in check, and arrows. The\n"
          "picture is written to standard output, or to FILE with -o.\n"
          "\n"
          "Position:\n"
          "  --fen FEN          the position (default: the start position)\n"
          "  --moves \"M1 M2..\"  moves to play from that position, in ICCS coordinates\n"
          "                     (h2e2), separated by blanks or commas; the last one is\n"
          "                     shaded\n"
          "\n"
          "Picture:\n"
          "  --size N           width in pixels, 32-8192 (default 450); the height\n"
          "                     follows from the layout\n"
          "  --flip             Black at the bottom\n"
          "  --letters          FEN letters (K A B N R C P) instead of Chinese glyphs,\n"
          "                     and no Chinese text at all (for viewers without a CJK font)\n"
          "  --coords WHICH     labels around the board: both (default), numbers (each\n"
          "                     player's file numbers, 九..一 and 1..9), iccs (files a-i and\n"
          "                     ranks 0-9), none\n"
          "  --arrow MOVE       draw an arrow for MOVE (ICCS); repeat for more arrows\n"
          "  --last MOVE        shade MOVE instead of the last move played\n"
          "  --no-last-move     do not shade the last move\n"
          "  --no-check         no glow under a general in check\n"
          "  -o, --output FILE  write to FILE instead of standard output\n"
          "  -h, --help         show this help\n"
          "  --version          show the version\n"
          "\n"
          "Examples:\n"
          "  xq-svg --moves \"h2e2 h9g7\" --arrow h0g2 -o opening.svg\n"
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

static int parse_move(const char *text, xq_move *out)
{
    return xq_move_parse(text, out) == XQ_OK;
}

int main(int argc, char **argv)
{
    const char *fen = NULL, *moves = NULL, *output = NULL;
    xq_move arrows[MAX_ARROWS];
    xq_svg_options opt;
    xq_svg_options_init(&opt, XQ_SVG_OPTIONS_VERSION);

    cli_init("xq-svg");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_standard(a, usage)) {
            return 0;
        } else if (!strcmp(a, "--flip")) {
            opt.flip = 1;
        } else if (!strcmp(a, "--letters")) {
            opt.glyphs = XQ_SVG_GLYPHS_LETTERS;
        } else if (!strcmp(a, "--no-last-move")) {
            opt.show_last_move = 0;
        } else if (!strcmp(a, "--no-check")) {
            opt.show_check = 0;
        } else if (!val && (!strcmp(a, "--fen") || !strcmp(a, "--moves") || !strcmp(a, "-o") ||
                            !strcmp(a, "--output") || !strcmp(a, "--size") ||
                            !strcmp(a, "--coords") || !strcmp(a, "--arrow") ||
                            !strcmp(a, "--last"))) {
            return cli_missing_value(a);
        } else if (!strcmp(a, "--fen")) {
            fen = argv[++i];
        } else if (!strcmp(a, "--moves")) {
            moves = argv[++i];
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            output = argv[++i];
        } else if (!strcmp(a, "--size")) {
            char *end;
            errno = 0;
            long v = strtol(argv[++i], &end, 10);
            if (errno || *end || v < 32 || v > 8192)
                return cli_usage_error("--size wants a width from 32 to 8192, not '%s'", argv[i]);
            opt.size = (int)v;
        } else if (!strcmp(a, "--coords")) {
            const char *w = argv[++i];
            if (!strcmp(w, "both"))
                opt.coordinates = XQ_SVG_COORDS_NUMBERS | XQ_SVG_COORDS_ICCS;
            else if (!strcmp(w, "numbers"))
                opt.coordinates = XQ_SVG_COORDS_NUMBERS;
            else if (!strcmp(w, "iccs"))
                opt.coordinates = XQ_SVG_COORDS_ICCS;
            else if (!strcmp(w, "none"))
                opt.coordinates = XQ_SVG_COORDS_NONE;
            else
                return cli_usage_error("--coords wants both, numbers, iccs or none, not '%s'", w);
        } else if (!strcmp(a, "--arrow")) {
            if (opt.arrow_count == MAX_ARROWS)
                return cli_usage_error("at most %d arrows", MAX_ARROWS);
            if (!parse_move(argv[++i], &arrows[opt.arrow_count]))
                return cli_usage_error("--arrow: '%s' is not a coordinate move like h2e2", argv[i]);
            opt.arrow_count++;
        } else if (!strcmp(a, "--last")) {
            if (!parse_move(argv[++i], &opt.last_move))
                return cli_usage_error("--last: '%s' is not a coordinate move like h2e2", argv[i]);
        } else {
            return cli_unknown_option(a);
        }
    }
    opt.arrows = arrows;

    xq_board *board;
    xq_parse_error perr;
    int rc = xq_board_new(&board, fen, &perr);
    if (rc != XQ_OK) {
        fprintf(stderr, "xq-svg: bad FEN (%s at offset %d): %s\n", xq_strerror(rc), perr.offset,
                perr.message);
        return 2;
    }
    if (moves) {
        char *copy = strdup(moves);
        if (!copy)
            return bad("%s", xq_strerror(XQ_ENOMEM));
        for (char *tok = strtok(copy, " ,\t\n"); tok; tok = strtok(NULL, " ,\t\n")) {
            xq_move m;
            if (!parse_move(tok, &m)) {
                rc = bad("--moves: '%s' is not a coordinate move like h2e2", tok);
            } else if ((rc = xq_board_make_move(board, m)) != XQ_OK) {
                rc = bad("--moves: %s is not legal in this position", tok);
            }
            if (rc != XQ_OK) {
                free(copy);
                xq_board_free(board);
                return rc;
            }
        }
        free(copy);
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

    FILE *f = output ? fopen(output, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "xq-svg: cannot open %s: %s\n", output, strerror(errno));
        free(svg);
        return 1;
    }
    int ok = fwrite(svg, 1, (size_t)n, f) == (size_t)n;
    ok &= (output ? fclose(f) : fflush(f)) == 0;
    free(svg);
    if (!ok) {
        fprintf(stderr, "xq-svg: cannot write %s: %s\n", output ? output : "the output",
                strerror(errno));
        return 1;
    }
    return 0;
}
