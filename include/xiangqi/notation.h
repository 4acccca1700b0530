/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/notation.h
 * @brief Moves as text in ICCS, WXF and Chinese notation.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_NOTATION_H
#define XIANGQI_NOTATION_H

#include "xiangqi/board.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup notation Notation
 *  @brief Moves as text: ICCS coordinates, WXF and Chinese, in both directions.
 *
 *  Three notations are supported:
 *  - **ICCS** (coordinates): `h2e2`, also `H2-E2` on input. Files `a`..`i`
 *    from Red's left, ranks `0`..`9` from Red's side; with
 *    ::XQ_NOTATION_RANKS_1_10 ranks `1`..`10` instead (Fairy-Stockfish UCI:
 *    `h3e3`, `a10a9`).
 *  - **WXF**: `C2.5`, `H8+7`, `R1-2`. Piece letters `K A E H R C P` (`B` and
 *    `N` accepted on input), the file counted 1..9 from the mover's right,
 *    `+` forward, `-` backward, `.` along the rank (`=` accepted), then the
 *    destination file (horse, elephant, advisor, and any move along a rank)
 *    or the number of steps.
 *  - **Chinese**: `炮二平五`, `马8进7`. Red's files are Chinese numerals
 *    一..九, Black's Arabic digits.
 *
 *  **Two or more pieces of a kind on one file.** Advisors and elephants keep
 *  the file number (`A6+5`: the direction already tells them apart). For the
 *  others the file is replaced by the piece's place in the file, front (nearer
 *  the opponent) first:
 *  | case | Chinese | WXF official (default) | WXF xqbase dialect |
 *  |---|---|---|---|
 *  | 2 on a file | 前车 / 后车 | `R+` / `R-` | `R+` / `R.` |
 *  | 3 pawns on a file | 前兵 / 中兵 / 后兵 | `P+` / `P7` (file) / `P-` | `P+` / `P-` / `P.` |
 *  | 4 or 5 pawns on a file | 一兵 .. 五兵 | `++` `P+` (`P7`) `P-` `--` | `Pa` .. `Pe` |
 *  | pawns paired on 2 files | 一兵 .. 五兵 | `7+` `77` `7-` (file, then place) | `Pa` .. `Pe` |
 *
 *  (一..五 and `a`..`e` number the paired pawns file by file from the mover's
 *  right, front to back within a file; a pawn alone on its file keeps the
 *  file number.) The **default WXF dialect is the official WXF one**
 *  (www.wxf.org); ::XQ_NOTATION_XQBASE selects the xqbase dialect, which
 *  differs only in the rows above: `P-.6` is the rear pawn in the official
 *  dialect and the middle one in the xqbase dialect, so a reader must be told.
 *
 *  **Output** is canonical: ICCS lower case (`h2e2`); WXF ASCII with `.` for
 *  sideways moves and the place after the letter (`R+.3`); Chinese in
 *  simplified characters, Red 帅仕相马车炮兵 with Chinese numerals and
 *  Black 将士象马车炮卒 with full-width digits (`马８进７`, the xqbase
 *  style). Flags change the style: ::XQ_NOTATION_FULLWIDTH,
 *  ::XQ_NOTATION_WXF_EQUALS, ::XQ_NOTATION_WXF_PREFIX, ::XQ_NOTATION_ASCII_DIGITS,
 *  ::XQ_NOTATION_TRADITIONAL, ::XQ_NOTATION_ICCS_UPPER.
 *
 *  **Input** is lenient about form and strict about meaning. Full-width forms
 *  (`Ｃ２＝５`, `马８进７`) equal their ASCII forms; traditional characters
 *  (俥傌炮帥 車馬砲將包, 進, 後) equal the simplified ones; the place may stand
 *  before or after the WXF letter (`+R+1` = `R++1`); the five-character
 *  `前兵四平五` and the shortened `前九平八` are understood; Chinese numerals
 *  and Arabic digits are accepted for either side. The text is matched
 *  against the legal moves only, and it must match exactly one: otherwise
 *  the result is ::XQ_EAMBIGUOUS (more than one) or ::XQ_EILLEGAL (none),
 *  never a guess.
 *  @{ */

/** Move notations. */
typedef enum xq_notation {
    XQ_NOTATION_AUTO = 0,    /**< Parsing only: detect the notation from the text. */
    XQ_NOTATION_ICCS = 1,    /**< Coordinates, `h2e2`. */
    XQ_NOTATION_WXF = 2,     /**< WXF, `C2.5`. */
    XQ_NOTATION_CHINESE = 3  /**< Chinese, `炮二平五` (UTF-8). */
} xq_notation;

/** WXF and Chinese input: the xqbase dialect for tandem pawns and pieces (see
 *  the table above); the default is the official WXF dialect. Output: WXF in
 *  the xqbase dialect. */
#define XQ_NOTATION_XQBASE 0x01u
/** ICCS: ranks are numbered 1..10 instead of 0..9 (input and output). */
#define XQ_NOTATION_RANKS_1_10 0x02u
/** Output: WXF and ICCS in full-width characters (`Ｃ２．５`). */
#define XQ_NOTATION_FULLWIDTH 0x04u
/** Output: WXF uses `=` for sideways moves (`C2=5`). */
#define XQ_NOTATION_WXF_EQUALS 0x08u
/** Output: WXF writes the place of a tandem piece before its letter (`+R+1`). */
#define XQ_NOTATION_WXF_PREFIX 0x10u
/** Output: Chinese writes Black's digits in ASCII (`马8进7`). */
#define XQ_NOTATION_ASCII_DIGITS 0x20u
/** Output: Chinese in traditional characters (俥傌炮帥 for Red, 車馬砲將 for Black, 進, 後). */
#define XQ_NOTATION_TRADITIONAL 0x40u
/** Output: ICCS in the upper-case dashed form (`H2-E2`). */
#define XQ_NOTATION_ICCS_UPPER 0x80u

/** Buffer size that always holds a move written by xq_board_move_to_text(), NUL included. */
#define XQ_MOVE_TEXT_MAX 24

/**
 * @brief Write a legal move in a notation.
 *
 * Tandem pieces get the shortest form that the notation's rules allow (see
 * the table in @ref notation).
 * @param[in]  board     Position the move is played from.
 * @param[in]  move      A legal move in that position.
 * @param[in]  notation  ::XQ_NOTATION_ICCS, ::XQ_NOTATION_WXF or ::XQ_NOTATION_CHINESE.
 * @param[in]  flags     0 or a combination of the `XQ_NOTATION_*` flags.
 * @param[out] buf       Destination, NUL-terminated when @p cap > 0 (may be NULL if @p cap is 0).
 * @param[in]  cap       Size of @p buf; ::XQ_MOVE_TEXT_MAX always suffices.
 * @return The length of the text in bytes (UTF-8), as snprintf: truncated if
 *         >= @p cap. ::XQ_EINVAL on a bad argument or notation,
 *         ::XQ_EILLEGAL if @p move is not legal in @p board.
 * @since 0.1
 */
XQ_API int xq_board_move_to_text(const xq_board *board, xq_move move, int notation,
                                 unsigned int flags, char *buf, size_t cap);

/**
 * @brief Read a move in a notation and find the legal move it names.
 *
 * Surrounding blanks are ignored. With ::XQ_NOTATION_AUTO the notation is
 * detected as by xq_notation_detect().
 * @param[in]  board     Position the move is played from.
 * @param[in]  text      NUL-terminated UTF-8 text, e.g. `h2e2`, `C2.5`, `Ｃ２＝５`, `炮二平五`.
 * @param[in]  notation  An ::xq_notation, ::XQ_NOTATION_AUTO to detect it.
 * @param[in]  flags     ::XQ_NOTATION_XQBASE and ::XQ_NOTATION_RANKS_1_10 matter
 *                       on input; the output-style flags are ignored.
 * @param[out] move      The move; ::XQ_MOVE_NONE on failure.
 * @param[out] err       Nullable; on failure the code, the byte offset in
 *                       @p text and a message.
 * @retval XQ_OK          Found exactly one legal move.
 * @retval XQ_EPARSE      The text is not a move in that notation.
 * @retval XQ_EILLEGAL    No legal move matches (no such piece, or it cannot go there).
 * @retval XQ_EAMBIGUOUS  More than one legal move matches.
 * @retval XQ_EINVAL      A NULL argument, bad board or unknown notation.
 * @since 0.1
 */
XQ_API int xq_board_move_from_text(const xq_board *board, const char *text, int notation,
                                   unsigned int flags, xq_move *move, xq_parse_error *err);

/**
 * @brief Guess the notation of a move text from its form alone.
 *
 * Chinese if it contains CJK characters; otherwise (after mapping full-width
 * forms to ASCII) ICCS if it has the coordinate form, WXF if it has the
 * four-character WXF form.
 * @param[in] text  NUL-terminated UTF-8 text.
 * @return ::XQ_NOTATION_ICCS, ::XQ_NOTATION_WXF or ::XQ_NOTATION_CHINESE;
 *         ::XQ_EPARSE if it has none of these forms, ::XQ_EINVAL if @p text is NULL.
 * @since 0.1
 */
XQ_API int xq_notation_detect(const char *text);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_NOTATION_H */
