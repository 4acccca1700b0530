/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/svg.h
 * @brief SVG pictures of a position.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_SVG_H
#define XIANGQI_SVG_H

#include "xiangqi/board.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup pictures Pictures
 *  @brief SVG drawings of a position, for GUIs, web pages, documents and notebooks.
 *
 *  xq_board_svg() writes a self-contained SVG 1.1 document (UTF-8, no
 *  external references, no element IDs, so several drawings can be inlined in
 *  one HTML page): the board with its river and palace lines, the pieces as
 *  discs with Chinese glyphs or letters, optional coordinates, the last move,
 *  a glow under a general in check, and arrows.
 *
 *  @code
 *  xq_svg_options opt;
 *  xq_svg_options_init(&opt, XQ_SVG_OPTIONS_VERSION);
 *  opt.size = 360;
 *  opt.flip = 1;                                  // Black at the bottom
 *  int n = xq_board_svg(board, &opt, NULL, 0);    // length first
 *  char *svg = malloc((size_t)n + 1);
 *  xq_board_svg(board, &opt, svg, (size_t)n + 1);
 *  @endcode
 *  @{ */

/** Version of ::xq_svg_options described by this header. */
#define XQ_SVG_OPTIONS_VERSION 1

/** Bits of xq_svg_options::coordinates. */
typedef enum xq_svg_coordinates {
    XQ_SVG_COORDS_NONE = 0,    /**< No labels around the board. */
    XQ_SVG_COORDS_NUMBERS = 1, /**< File numbers as the players count them: Red's 九…一
                                    (9…1 with ::XQ_SVG_GLYPHS_LETTERS) on Red's side,
                                    Black's 1…9 on Black's side. */
    XQ_SVG_COORDS_ICCS = 2     /**< ICCS files `a`…`i` below the board and ranks `0`…`9`
                                    on its left. */
} xq_svg_coordinates;

/** Values of xq_svg_options::glyphs. */
typedef enum xq_svg_glyphs {
    XQ_SVG_GLYPHS_CHINESE = 0, /**< Red 帅仕相马车炮兵, Black 將士象馬車砲卒, river 楚河 漢界,
                                    Red's file numbers 九…一, drawn as outlines (paths, from
                                    Noto Serif CJK, SIL Open Font License 1.1): the picture
                                    looks the same with or without CJK fonts. Each path
                                    carries its character as `aria-label`. */
    XQ_SVG_GLYPHS_LETTERS = 1, /**< FEN letters `K A B N R C P` (upper case for both sides,
                                    told apart by colour); ASCII only. */
    XQ_SVG_GLYPHS_CHINESE_TEXT = 2 /**< The Chinese characters as `<text>` (a smaller
                                    picture, but the viewer needs a CJK font: without one
                                    it shows empty boxes). @since 0.2 */
} xq_svg_glyphs;

/**
 * @brief Options of xq_board_svg(). Initialise with xq_svg_options_init()
 *        (or ::XQ_SVG_OPTIONS_INIT), then change the fields you need.
 */
typedef struct xq_svg_options {
    unsigned int version; /**< ::XQ_SVG_OPTIONS_VERSION; always the first field. */
    int32_t size;         /**< Width of the picture in pixels, 32..8192 (default 450). The
                               height follows from the board's proportions and the
                               coordinate bands; it is in the `height` attribute. */
    int32_t flip;         /**< 0 (default): Red at the bottom; 1: Black at the bottom. */
    int32_t coordinates;  /**< ::xq_svg_coordinates bits (default
                               ::XQ_SVG_COORDS_NUMBERS | ::XQ_SVG_COORDS_ICCS). */
    int32_t glyphs;       /**< An ::xq_svg_glyphs value (default ::XQ_SVG_GLYPHS_CHINESE). */
    int32_t show_last_move; /**< 1 (default): shade the squares of the last move. */
    xq_move last_move;    /**< The move to shade; ::XQ_MOVE_NONE (default) means the last
                               move of the board's history, if any. */
    int32_t show_check;   /**< 1 (default): a red glow under the general of the side to
                               move when it is in check. */
    const xq_move *arrows; /**< Nullable: moves drawn as arrows (a hint, a PV, a plan).
                                Borrowed for the call only. */
    int32_t arrow_count;  /**< Number of entries in xq_svg_options::arrows, 0..1024. */
} xq_svg_options;

/** Static initialiser with the defaults (the same as xq_svg_options_init()). */
#define XQ_SVG_OPTIONS_INIT                                                                        \
    { XQ_SVG_OPTIONS_VERSION, 450, 0, XQ_SVG_COORDS_NUMBERS | XQ_SVG_COORDS_ICCS,                  \
      XQ_SVG_GLYPHS_CHINESE, 1, XQ_MOVE_NONE, 1, NULL, 0 }

/**
 * @brief Fill an ::xq_svg_options with the defaults (function twin of ::XQ_SVG_OPTIONS_INIT).
 * @param[out] opt      Options to fill.
 * @param[in]  version  ::XQ_SVG_OPTIONS_VERSION of the caller's header.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p opt is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.1
 */
XQ_API int xq_svg_options_init(xq_svg_options *opt, unsigned int version);

/**
 * @brief Draw the position as an SVG document.
 *
 * The picture is deterministic: the same board and options give the same
 * bytes. Its `width` is xq_svg_options::size pixels and its `height` follows
 * from the layout (with the defaults and size 450 it is 514); the
 * `viewBox` scales it to any size without loss. A `<desc>` element holds the
 * FEN.
 *
 * @param[in]  board  Board to draw.
 * @param[in]  opt    Nullable: NULL draws with the defaults.
 * @param[out] buf    Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Size of @p buf. Call with 0 first to learn the length.
 * @return The length of the document (without the NUL), as snprintf: it was
 *         truncated if the value is >= @p cap. Typically 12–20 kB.
 * @retval XQ_EINVAL    @p board is not a board, @p buf is NULL with @p cap > 0,
 *                      or an option is out of range (size, glyphs, coordinates,
 *                      a malformed move in last_move or arrows, arrows NULL with
 *                      arrow_count > 0).
 * @retval XQ_EVERSION  @p opt has a version this library does not know.
 * @since 0.1
 */
XQ_API int xq_board_svg(const xq_board *board, const xq_svg_options *opt, char *buf, size_t cap);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_SVG_H */
