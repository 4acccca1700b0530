/* SPDX-License-Identifier: MIT */
/* xq_board_svg(): an SVG drawing of a position.
 *
 * Everything is drawn in a fixed user space (60 units per file/rank step)
 * and scaled by the width/height attributes. No element IDs and no <defs>,
 * so several pictures can live in one HTML page without clashing. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/board.h"
#include "core/movegen.h"
#include "svg_glyphs.h"
#include "svg_style.h"

enum {
    SVG_SIZE_MIN = 32,
    SVG_SIZE_MAX = 8192,
    ARROWS_MAX = 1024
};

#define FONT_CJK                                                                                   \
    "'Noto Serif CJK SC','Source Han Serif SC','Noto Sans CJK SC','Source Han Sans SC',"           \
    "'WenQuanYi Zen Hei','WenQuanYi Micro Hei','Songti SC','STSong','SimSun',serif"
#define FONT_LATIN "'DejaVu Sans','Helvetica Neue',Arial,sans-serif"

/* snprintf-style output: counts everything, writes what fits. */
typedef struct out {
    char *buf;
    size_t cap, len;
} out_t;

__attribute__((format(printf, 2, 3))) static void put(out_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = o->len < o->cap ? vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap)
                            : vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

/* A Chinese character from its outline (svg_glyphs.c): `size` user units to
 * the em, centred on x, its em box centred on cy. 0 if the table lacks it. */
static int glyph_path(out_t *o, const char *ch, double x, double cy, double size,
                      const char *fill)
{
    const xq__svg_glyph *g = xq__svg_glyph_find(ch);
    if (!g)
        return 0;
    const double s = size / XQ__SVG_GLYPH_EM;
    put(o,
        "<path aria-label=\"%s\" fill=\"%s\" transform=\"translate(%.2f %.2f) scale(%.4f "
        "%.4f)\" d=\"%s\"/>",
        ch, fill, x - s * XQ__SVG_GLYPH_EM / 2, cy + s * XQ__SVG_GLYPH_CENTRE_Y, s, -s, g->d);
    return 1;
}

typedef struct layout {
    int left, top, width, height; /* grid origin and total size in user units */
    int flip;
} layout_t;

/* Centre of a board point in user units. */
static int px(const layout_t *l, int sq)
{
    int f = sq_file(sq);
    return l->left + CELL * (l->flip ? 8 - f : f);
}

static int py(const layout_t *l, int sq)
{
    int r = sq_rank(sq);
    return l->top + CELL * (l->flip ? r : 9 - r);
}

static int move_ok(xq_move m)
{
    return !(m & 0xC000) && MOVE_FROM(m) < SQ_NB && MOVE_TO(m) < SQ_NB && MOVE_FROM(m) != MOVE_TO(m);
}

int xq_svg_options_init(xq_svg_options *opt, unsigned int version)
{
    if (!opt)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_SVG_OPTIONS_VERSION))
        return XQ_EVERSION;
    static const xq_svg_options defaults = XQ_SVG_OPTIONS_INIT;
    *opt = defaults;
    opt->version = version;
    return XQ_OK;
}

static void grid(out_t *o, const layout_t *l)
{
    int x0 = l->left, y0 = l->top, x1 = x0 + GRID_W, y1 = y0 + GRID_H;
    int river_top = y0 + 4 * CELL, river_bottom = y0 + 5 * CELL;

    put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"" COL_LINE
           "\" stroke-width=\"4\"/>\n",
        x0 - FRAME, y0 - FRAME, GRID_W + 2 * FRAME, GRID_H + 2 * FRAME);
    put(o, "<g stroke=\"" COL_LINE "\" stroke-width=\"2\" stroke-linecap=\"square\">\n");
    put(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\"/>\n", x0, y0, GRID_W,
        GRID_H);
    for (int r = 1; r < 9; r++)
        put(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x0, y0 + r * CELL, x1,
            y0 + r * CELL);
    for (int f = 1; f < 8; f++) { /* inner files stop at the river */
        int x = x0 + f * CELL;
        put(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x, y0, x, river_top);
        put(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x, river_bottom, x, y1);
    }
    /* palaces: files d-f, three ranks at each end */
    for (int side = 0; side < 2; side++) {
        int ya = side ? y0 : y1 - 2 * CELL, yb = ya + 2 * CELL;
        int xa = x0 + 3 * CELL, xb = x0 + 5 * CELL;
        put(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", xa, ya, xb, yb);
        put(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", xb, ya, xa, yb);
    }
    put(o, "</g>\n");

    /* point marks where cannons and soldiers start (the screen is symmetric,
     * so the flip does not matter) */
    static const int marks[][2] = {{1, 2}, {7, 2}, {1, 7}, {7, 7}, {0, 3}, {2, 3}, {4, 3},
                                   {6, 3}, {8, 3}, {0, 6}, {2, 6}, {4, 6}, {6, 6}, {8, 6}};
    put(o, "<path fill=\"none\" stroke=\"" COL_LINE "\" stroke-width=\"1.5\" d=\"");
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        int cx = x0 + marks[i][0] * CELL, cy = y0 + (9 - marks[i][1]) * CELL;
        for (int dx = -1; dx <= 1; dx += 2) {
            if ((marks[i][0] == 0 && dx < 0) || (marks[i][0] == 8 && dx > 0))
                continue;
            for (int dy = -1; dy <= 1; dy += 2)
                put(o, "M%d %dv%dh%d", cx + 5 * dx, cy + 15 * dy, -10 * dy, 10 * dx);
        }
    }
    put(o, "\"/>\n");
}

/* How the Chinese characters are drawn. */
enum { INK_PATHS, INK_LETTERS, INK_TEXT };

static void river(out_t *o, const layout_t *l, int ink)
{
    if (ink == INK_LETTERS)
        return;
    int y = l->top + 4 * CELL + CELL / 2 + 12;
    if (ink == INK_PATHS) {
        /* "楚　河" and "漢　界" at 34 units to the em, centred on files c and g */
        static const char *const ch[4] = {"楚", "河", "漢", "界"};
        const double size = 34, cy = y - size * XQ__SVG_GLYPH_CENTRE_Y / XQ__SVG_GLYPH_EM;
        put(o, "<g>");
        for (int i = 0; i < 4; i++)
            glyph_path(o, ch[i], l->left + (i < 2 ? 2 : 6) * CELL + (i % 2 ? size : -size), cy,
                       size, COL_LINE);
        put(o, "</g>\n");
        return;
    }
    put(o,
        "<g font-family=\"" FONT_CJK "\" font-size=\"34\" fill=\"" COL_LINE "\" "
        "text-anchor=\"middle\">\n"
        "<text x=\"%d\" y=\"%d\">楚　河</text>\n<text x=\"%d\" y=\"%d\">漢　界</text>\n</g>\n",
        l->left + 2 * CELL, y, l->left + 6 * CELL, y);
}

static void labels(out_t *o, const layout_t *l, int coords, int ink)
{
    const int letters = ink == INK_LETTERS;
    static const char *const cn[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    int bottom_y = l->top + GRID_H + PAD + 18; /* baseline of the first row below */
    if (!coords)
        return;
    put(o, "<g font-family=\"" FONT_LATIN "\" font-size=\"20\" fill=\"" COL_LABEL "\" "
           "text-anchor=\"middle\">\n");
    if (coords & XQ_SVG_COORDS_NUMBERS) {
        int top_y = l->top - PAD - 5;
        for (int f = 0; f < 9; f++) {
            int x = l->left + CELL * (l->flip ? 8 - f : f);
            int red_y = l->flip ? top_y : bottom_y, black_y = l->flip ? bottom_y : top_y;
            if (letters)
                put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", x, red_y, 9 - f);
            else if (ink == INK_PATHS && glyph_path(o, cn[8 - f], x,
                                                    red_y - 20.0 * XQ__SVG_GLYPH_CENTRE_Y /
                                                                XQ__SVG_GLYPH_EM,
                                                    20, COL_LABEL))
                put(o, "\n");
            else
                put(o, "<text x=\"%d\" y=\"%d\" font-family=\"" FONT_CJK "\">%s</text>\n", x,
                    red_y, cn[8 - f]);
            put(o, "<text x=\"%d\" y=\"%d\">%d</text>\n", x, black_y, f + 1);
        }
        bottom_y += BAND;
    }
    if (coords & XQ_SVG_COORDS_ICCS) {
        for (int f = 0; f < 9; f++)
            put(o, "<text x=\"%d\" y=\"%d\" font-style=\"italic\">%c</text>\n",
                l->left + CELL * (l->flip ? 8 - f : f), bottom_y, 'a' + f);
        for (int r = 0; r < 10; r++)
            put(o, "<text x=\"%d\" y=\"%d\" font-style=\"italic\">%d</text>\n",
                l->left - PAD - BAND / 2, l->top + CELL * (l->flip ? r : 9 - r) + 7, r);
    }
    put(o, "</g>\n");
}

static void pieces(out_t *o, const layout_t *l, const pos_t *p, int ink)
{
    static const char *const glyph[2][8] = {
        {"", "帅", "仕", "相", "马", "车", "炮", "兵"},
        {"", "將", "士", "象", "馬", "車", "砲", "卒"},
    };
    static const char letter[] = " KABNRCP";
    for (int s = 0; s < SQ_NB; s++) {
        int pc = p->sq[s];
        if (!pc)
            continue;
        int c = PCOLOR(pc), t = PTYPE(pc);
        const char *ink_col = c == RED ? COL_RED : COL_BLACK;
        int x = px(l, s), y = py(l, s);
        put(o,
            "<g><circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"" COL_DISC "\" stroke=\"%s\" "
            "stroke-width=\"2.5\"/><circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
            "stroke=\"%s\" stroke-width=\"1\"/>",
            x, y, RADIUS, ink_col, x, y, RADIUS - 4, ink_col);
        if (ink == INK_PATHS && glyph_path(o, glyph[c][t], x, y, 32, ink_col))
            put(o, "</g>\n");
        else if (ink == INK_LETTERS)
            put(o,
                "<text x=\"%d\" y=\"%d\" font-family=\"" FONT_LATIN "\" font-size=\"28\" "
                "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%c</text></g>\n",
                x, y + 10, ink_col, letter[t]);
        else
            put(o,
                "<text x=\"%d\" y=\"%d\" font-family=\"" FONT_CJK "\" font-size=\"32\" "
                "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%s</text></g>\n",
                x, y + 11, ink_col, glyph[c][t]);
    }
}

static void arrow(out_t *o, const layout_t *l, xq_move m)
{
    double x0 = px(l, MOVE_FROM(m)), y0 = py(l, MOVE_FROM(m));
    double x1 = px(l, MOVE_TO(m)), y1 = py(l, MOVE_TO(m));
    double dx = x1 - x0, dy = y1 - y0, len = 0;
    /* sqrt without libm: Newton on the squared length (exact enough for drawing) */
    double sq = dx * dx + dy * dy;
    len = sq > 1 ? sq / 2 : 1;
    for (int i = 0; i < 40; i++)
        len = 0.5 * (len + sq / len);
    double ux = dx / len, uy = dy / len;
    const double head = 24, half = 14, tip_back = 4;
    double tx = x1 - ux * tip_back, ty = y1 - uy * tip_back; /* tip */
    double bx = tx - ux * head, by = ty - uy * head;         /* base of the head */
    put(o,
        "<g fill=\"" COL_ARROW "\" stroke=\"" COL_ARROW "\" opacity=\"0.75\">"
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"9\" "
        "stroke-linecap=\"round\"/>"
        "<polygon stroke=\"none\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/></g>\n",
        x0, y0, bx + ux, by + uy, tx, ty, bx - uy * half, by + ux * half, bx + uy * half,
        by - ux * half);
}

int xq_board_svg(const xq_board *b, const xq_svg_options *opt, char *buf, size_t cap)
{
    xq_svg_options o;
    if (!board_ok(b) || (!buf && cap))
        return XQ_EINVAL;
    if (opt) {
        if (xq__version_check(opt->version, XQ_SVG_OPTIONS_VERSION))
            return XQ_EVERSION;
        o = *opt;
    } else {
        xq_svg_options_init(&o, XQ_SVG_OPTIONS_VERSION);
    }
    if (o.size < SVG_SIZE_MIN || o.size > SVG_SIZE_MAX || (o.flip != 0 && o.flip != 1) ||
        (o.coordinates & ~(XQ_SVG_COORDS_NUMBERS | XQ_SVG_COORDS_ICCS)) ||
        (o.glyphs != XQ_SVG_GLYPHS_CHINESE && o.glyphs != XQ_SVG_GLYPHS_LETTERS &&
         o.glyphs != XQ_SVG_GLYPHS_CHINESE_TEXT) ||
        (o.last_move != XQ_MOVE_NONE && !move_ok(o.last_move)) || o.arrow_count < 0 ||
        o.arrow_count > ARROWS_MAX || (o.arrow_count > 0 && !o.arrows))
        return XQ_EINVAL;
    for (int i = 0; i < o.arrow_count; i++)
        if (!move_ok(o.arrows[i]))
            return XQ_EINVAL;

    const pos_t *p = &b->pos;
    const int ink = o.glyphs == XQ_SVG_GLYPHS_LETTERS        ? INK_LETTERS
                    : o.glyphs == XQ_SVG_GLYPHS_CHINESE_TEXT ? INK_TEXT
                                                             : INK_PATHS;
    const int numbers = !!(o.coordinates & XQ_SVG_COORDS_NUMBERS);
    const int iccs = !!(o.coordinates & XQ_SVG_COORDS_ICCS);
    layout_t l;
    l.flip = o.flip;
    l.left = PAD + iccs * BAND;
    l.top = PAD + numbers * BAND;
    l.width = 2 * l.left + GRID_W;
    l.height = l.top + GRID_H + PAD + numbers * BAND + iccs * BAND;
    int height_px = (int)(((long)o.size * l.height + l.width / 2) / l.width);

    char fen[XQ_FEN_MAX];
    xq__fen_format(p, fen, sizeof fen);
    out_t out = {buf, cap, 0};
    if (cap)
        buf[0] = 0;
    put(&out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\">\n<desc>%s</desc>\n",
        o.size, height_px, l.width, l.height, fen);
    put(&out, "<rect width=\"%d\" height=\"%d\" fill=\"" COL_BOARD "\"/>\n", l.width, l.height);
    grid(&out, &l);
    river(&out, &l, ink);
    labels(&out, &l, o.coordinates, ink);

    xq_move last = o.last_move;
    if (o.show_last_move && last == XQ_MOVE_NONE && b->nhist > 0)
        last = b->hist[b->nhist - 1].move;
    if (o.show_last_move && last != XQ_MOVE_NONE) {
        for (int i = 0; i < 2; i++) {
            int s = i ? MOVE_TO(last) : MOVE_FROM(last);
            put(&out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"" COL_LAST
                "\" fill-opacity=\"0.35\"/>\n",
                px(&l, s) - CELL / 2 + 2, py(&l, s) - CELL / 2 + 2, CELL - 4, CELL - 4);
        }
    }
    if (o.show_check && xq__in_check(p)) {
        int k = p->king[p->side];
        put(&out,
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"" COL_CHECK "\" fill-opacity=\"0.5\"/>\n"
            "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"" COL_CHECK "\" fill-opacity=\"0.35\"/>\n",
            px(&l, k), py(&l, k), RADIUS + 4, px(&l, k), py(&l, k), RADIUS + 9);
    }
    pieces(&out, &l, p, ink);
    for (int i = 0; i < o.arrow_count; i++)
        arrow(&out, &l, o.arrows[i]);
    put(&out, "</svg>\n");
    return (int)out.len;
}
