// SPDX-License-Identifier: MIT
// The board's geometry and colours, the same as xq_board_svg()'s.
// Written by tools/svg_style.py from lib/svg/svg_style.h: do not edit; change
// the header and run `python3 tools/svg_style.py --write`.

export const CELL = 60;  // distance between two points
export const RADIUS = 26;  // piece disc
export const PAD = 36;  // from the outer grid line to the edge or the labels
export const BAND = 26;  // one row or column of coordinate labels
export const FRAME = 7;  // the outer frame, outside the grid
export const GRID_W = 8 * CELL;  // the grid: 9 files
export const GRID_H = 9 * CELL;  // and 10 ranks

export const COLOURS = Object.freeze({
  board: "#f0d9a8",  // the board
  line: "#5c4025",  // grid, frame, palace, river text
  label: "#5c4025",  // coordinates
  disc: "#fbf1dc",  // a piece's disc
  red: "#b8281e",  // Red's ink
  black: "#1e1e1e",  // Black's ink
  last: "#3d7fd6",  // the last move's squares
  check: "#e0201a",  // a general in check
  arrow: "#1f8a3a",  // arrows (and the page's selection and targets)
});
