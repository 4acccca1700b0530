/* SPDX-License-Identifier: MIT */
/* The look of a board picture, written once: xq_board_svg() (svg.c) draws
 * with these numbers and colours, and the browser page's board draws with the
 * same ones, from server/www/js/board_style.js, which tools/svg_style.py
 * writes from this file (`python3 tools/svg_style.py --write`; the
 * svg_style test fails when the two differ). Keep to the forms the tool
 * reads: `NAME = number or expression,` in the geometry enum and
 * `#define COL_NAME "#rrggbb"`. */
#ifndef XQ_SVG_STYLE_H
#define XQ_SVG_STYLE_H

/* Geometry, in user units (the picture is scaled by its width attribute). */
enum {
    CELL = 60,         /* distance between two points */
    RADIUS = 26,       /* piece disc */
    PAD = 36,          /* from the outer grid line to the edge or the labels */
    BAND = 26,         /* one row or column of coordinate labels */
    FRAME = 7,         /* the outer frame, outside the grid */
    GRID_W = 8 * CELL, /* the grid: 9 files */
    GRID_H = 9 * CELL  /* and 10 ranks */
};

/* Colours. */
#define COL_BOARD "#f0d9a8" /* the board */
#define COL_LINE "#5c4025"  /* grid, frame, palace, river text */
#define COL_LABEL "#5c4025" /* coordinates */
#define COL_DISC "#fbf1dc"  /* a piece's disc */
#define COL_RED "#b8281e"   /* Red's ink */
#define COL_BLACK "#1e1e1e" /* Black's ink */
#define COL_LAST "#3d7fd6"  /* the last move's squares */
#define COL_CHECK "#e0201a" /* a general in check */
#define COL_ARROW "#1f8a3a" /* arrows (and the page's selection and targets) */

#endif /* XQ_SVG_STYLE_H */
