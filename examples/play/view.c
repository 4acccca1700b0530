/* SPDX-License-Identifier: MIT */
/* The board in the terminal: Chinese glyphs (or letters), ANSI colours,
 * both players' file numbers, the river, the last move highlighted. */
#include <stdio.h>
#include <string.h>

#include "play.h"

/* ANSI styles; empty strings when colours are off. */
typedef struct style {
    const char *reset, *grid, *label, *red, *black, *last_red, *last_black, *last_empty,
        *check_red, *check_black;
} style_t;

static const style_t colours = {
    "\033[0m",           /* reset */
    "\033[33m",          /* grid: brown/yellow lines */
    "\033[2m",           /* labels: faint */
    "\033[1;31m",        /* Red pieces: bold red */
    "\033[1m",           /* Black pieces: bold, the terminal's own colour */
    "\033[1;31;46m",     /* last move, Red piece: on cyan */
    "\033[1;30;46m",     /* last move, Black piece */
    "\033[30;46m",       /* last move, the empty point it came from */
    "\033[1;97;41m",     /* Red general in check: white on red */
    "\033[1;97;41m",     /* Black general in check */
};
static const style_t plain = {"", "", "", "", "", "", "", "", "", ""};

static const char *const glyph[2][8] = {
    {"", "帅", "仕", "相", "马", "车", "炮", "兵"},
    {"", "將", "士", "象", "馬", "車", "砲", "卒"},
};
static const char *const red_numbers[9] = {"九", "八", "七", "六", "五", "四", "三", "二", "一"};

/* Board point for display row dr (0 = top) and column dc (0 = left). */
static int point_square(const view_opts *o, int dr, int dc)
{
    int rank = o->flip ? dr : 9 - dr, file = o->flip ? 8 - dc : dc;
    return rank * 9 + file;
}

/* An empty point: a box-drawing junction depending on which lines meet there. */
static const char *junction(int dr, int dc, int ascii)
{
    int inner = dc >= 1 && dc <= 7;
    int up = dr > 0 && !(dr == 5 && inner), down = dr < 9 && !(dr == 4 && inner);
    int left = dc > 0, right = dc < 8;
    if (ascii)
        return "+";
    static const char *const box[16] = {
        /* up down left right -> index up*8 + down*4 + left*2 + right */
        " ", "─", "─", "─", "│", "┌", "┐", "┬", "│", "└", "┘", "┴", "│", "├", "┤", "┼",
    };
    return box[up * 8 + down * 4 + left * 2 + right];
}

/* Whether a palace diagonal crosses the gap after display column dc between
 * display rows dr and dr+1; returns the character or NULL. */
static const char *diagonal(int dr, int dc, int ascii)
{
    int top = dr == 0 || dr == 7, bottom = dr == 1 || dr == 8;
    if (!top && !bottom)
        return NULL;
    if (dc == 3) /* between files d and e (display) */
        return top ? (ascii ? "\\" : "╲") : (ascii ? "/" : "╱");
    if (dc == 4)
        return top ? (ascii ? "/" : "╱") : (ascii ? "\\" : "╲");
    return NULL;
}

static void labels_row(FILE *out, const view_opts *o, const style_t *st, int red_side)
{
    fprintf(out, "  %s", st->label);
    for (int dc = 0; dc < 9; dc++) {
        int file = o->flip ? 8 - dc : dc;
        if (red_side && !o->ascii)
            fprintf(out, "%s%s", red_numbers[file], dc < 8 ? "  " : "");
        else
            fprintf(out, "%d%s", red_side ? 9 - file : file + 1, dc < 8 ? "   " : "");
    }
    fprintf(out, "%s\n", st->reset);
}

/* The compact board: each point two columns (a glyph, or a letter and a
 * blank; an empty point is a dot, the vacated one a star), the ranks with
 * no lines between them, the river as one row: 20 columns by 14 rows. */
static void view_compact(FILE *out, const xq_board *b, const view_opts *o, const style_t *st,
                         int from, int to, int checked)
{
    fprintf(out, "  %s", st->label);
    for (int dc = 0; dc < 9; dc++) {
        int file = o->flip ? 8 - dc : dc;
        if (!o->flip || o->ascii) /* Black's numbers above (1-9 from Black's right) */
            fprintf(out, "%d ", o->flip ? 9 - file : file + 1);
        else
            fprintf(out, "%s", red_numbers[file]);
    }
    fprintf(out, "%s\n", st->reset);
    for (int dr = 0; dr < 10; dr++) {
        int rank = o->flip ? dr : 9 - dr;
        fprintf(out, "%s%d%s ", st->label, rank, st->reset);
        for (int dc = 0; dc < 9; dc++) {
            int s = point_square(o, dr, dc), pc = xq_board_piece_at(b, s);
            if (pc > 0) {
                int c = xq_piece_color_of(pc), t = xq_piece_type_of(pc);
                const char *sty = s == checked ? (c ? st->check_black : st->check_red)
                                  : s == to    ? (c ? st->last_black : st->last_red)
                                               : (c ? st->black : st->red);
                if (o->ascii)
                    fprintf(out, "%s%c%s ", sty, xq_piece_char(pc), st->reset);
                else
                    fprintf(out, "%s%s%s", sty, glyph[c][t], st->reset);
            } else if (s == from) {
                fprintf(out, "%s%s%s", o->color ? st->last_empty : "", o->ascii ? "* " : "＊",
                        st->reset);
            } else {
                fprintf(out, "%s%s%s", st->grid, o->ascii ? ". " : "・", st->reset);
            }
        }
        fputc('\n', out);
        if (dr == 4)
            fprintf(out, "  %s%s%s\n", st->label,
                    o->ascii ? "~ Chu He  Han Jie ~" : "～楚河　　　漢界～", st->reset);
    }
    fprintf(out, "  %s", st->label);
    for (int dc = 0; dc < 9; dc++) {
        int file = o->flip ? 8 - dc : dc;
        if (o->flip || o->ascii) /* Red's numbers below (一..九 from Red's right) */
            fprintf(out, "%d ", o->flip ? file + 1 : 9 - file);
        else
            fprintf(out, "%s", red_numbers[file]);
    }
    fprintf(out, "%s\n  %s", st->reset, st->label);
    for (int dc = 0; dc < 9; dc++)
        fprintf(out, "%c ", 'a' + (o->flip ? 8 - dc : dc));
    fprintf(out, "%s\n", st->reset);
}

void view_board(FILE *out, const xq_board *b, const view_opts *o)
{
    const style_t *st = o->color ? &colours : &plain;
    int from = -1, to = -1, checked = -1;
    int hist = xq_board_history_size(b);
    if (hist > 0) {
        xq_move last;
        xq_board_history_move(b, hist - 1, &last, NULL);
        from = xq_move_from(last);
        to = xq_move_to(last);
    }
    if (xq_board_in_check(b) == 1) {
        int king = xq_piece(xq_board_side_to_move(b), XQ_KING);
        for (int s = 0; s < XQ_SQUARE_NB; s++)
            if (xq_board_piece_at(b, s) == king)
                checked = s;
    }
    if (o->compact) {
        view_compact(out, b, o, st, from, to, checked);
        return;
    }

    /* Each file takes 4 columns: the point (2 columns: a CJK glyph, or a
     * junction and a line) and 2 columns of line to the next point. */
    labels_row(out, o, st, o->flip);
    for (int dr = 0; dr < 10; dr++) {
        int rank = o->flip ? dr : 9 - dr;
        fprintf(out, "%s%d%s ", st->label, rank, st->reset);
        for (int dc = 0; dc < 9; dc++) {
            int s = point_square(o, dr, dc), pc = xq_board_piece_at(b, s);
            const char *line = o->ascii ? "-" : "─";
            if (pc > 0) {
                int c = xq_piece_color_of(pc), t = xq_piece_type_of(pc);
                const char *sty = s == checked ? (c ? st->check_black : st->check_red)
                                  : s == to    ? (c ? st->last_black : st->last_red)
                                               : (c ? st->black : st->red);
                if (o->ascii)
                    fprintf(out, "%s%c%s%s%s%s", sty, xq_piece_char(pc), st->reset, st->grid,
                            dc < 8 ? line : "", st->reset);
                else
                    fprintf(out, "%s%s%s", sty, glyph[c][t], st->reset);
            } else if (s == from) {
                if (o->color)
                    fprintf(out, "%s%s%s%s", st->last_empty, junction(dr, dc, o->ascii),
                            dc < 8 ? line : "", st->reset);
                else /* no colours: a marker where the piece came from */
                    fprintf(out, "%s%s", o->ascii ? "*" : "＊", o->ascii && dc < 8 ? "-" : "");
            } else {
                fprintf(out, "%s%s%s%s", st->grid, junction(dr, dc, o->ascii),
                        dc < 8 ? line : "", st->reset);
            }
            if (dc < 8)
                fprintf(out, "%s%s%s%s", st->grid, line, line, st->reset);
        }
        fputc('\n', out);
        if (dr == 9)
            break;
        /* the gap to the next row: vertical lines, palace diagonals, river */
        fputs("  ", out);
        if (dr == 4) {
            const char *river = o->ascii ? "    Chu He         Han Jie     "
                                         : "    楚   河         漢   界    ";
            fprintf(out, "%s%s%s%s%s%s%s\n", st->grid, o->ascii ? "|" : "│", st->reset,
                    st->label, river, st->grid, o->ascii ? "|" : "│");
            fputs(st->reset, out);
            continue;
        }
        fputs(st->grid, out);
        for (int dc = 0; dc < 9; dc++) {
            fputs(o->ascii ? "|" : "│", out);
            if (dc == 8)
                break;
            const char *d = diagonal(dr, dc, o->ascii);
            fprintf(out, " %s ", d ? d : " ");
        }
        fprintf(out, "%s\n", st->reset);
    }
    labels_row(out, o, st, !o->flip);
    fprintf(out, "  %s", st->label);
    for (int dc = 0; dc < 9; dc++)
        fprintf(out, "%c%s", 'a' + (o->flip ? 8 - dc : dc), dc < 8 ? "   " : "");
    fprintf(out, "%s\n", st->reset);
}
