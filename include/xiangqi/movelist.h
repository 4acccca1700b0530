/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/movelist.h
 * @brief Move lists: the legal moves of a position, kept with that position and
 * queried by square, piece, kind and notation.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_MOVELIST_H
#define XIANGQI_MOVELIST_H

#include "xiangqi/notation.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup movelist Move lists
 *  @brief The legal moves of a position, kept with a copy of that position.
 *
 *  xq_board_legal_moves() fills a list with every legal move of a board and
 *  keeps a copy of the position, so the list stays meaningful after the board
 *  changes: its moves can be written in any notation (xq_movelist_text()),
 *  looked up from text (xq_movelist_find()), tested (xq_movelist_index(),
 *  xq_movelist_is_capture(), xq_movelist_gives_check()) and narrowed to the
 *  moves of one square, one piece type, captures, quiet moves or checks
 *  (xq_movelist_filter()), which is what a GUI needs to show the targets of a
 *  picked piece:
 *  @code
 *  xq_movelist *list;
 *  xq_movelist_new(&list);
 *  xq_board_legal_moves(board, list);
 *  xq_movelist_filter(list, xq_square(7, 2), -1, -1, 0);   // the moves of h2
 *  for (int i = 0; i < xq_movelist_size(list); i++) {
 *      char text[XQ_MOVE_TEXT_MAX];
 *      xq_movelist_text(list, i, XQ_NOTATION_CHINESE, 0, text, sizeof text);
 *  }
 *  xq_movelist_free(list);
 *  @endcode
 *  Moves are in the generator's order, which is the same on every platform;
 *  filtering keeps the order.
 *  @{ */

/** Opaque move list: create with xq_movelist_new(), free with xq_movelist_free(). */
typedef struct xq_movelist xq_movelist;

/** Flags of xq_movelist_filter(): which kinds of move to keep (0 keeps every kind). */
typedef enum xq_movelist_kind {
    XQ_MOVES_CAPTURES = 0x01, /**< Keep captures (alone: captures only). */
    XQ_MOVES_QUIET = 0x02,    /**< Keep moves that capture nothing (alone: quiet moves only). */
    XQ_MOVES_CHECKS = 0x04    /**< Of the kept moves, keep only those that give check. */
} xq_movelist_kind;

/**
 * @brief Create an empty move list (of the start position, with no moves).
 * @param[out] out  The list (the caller frees it); NULL on failure.
 * @retval XQ_OK      Created.
 * @retval XQ_EINVAL  @p out is NULL.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.1
 */
XQ_API int xq_movelist_new(xq_movelist **out);

/**
 * @brief Copy of a move list (its moves and its position).
 * @param[out] out  The copy (the caller frees it); NULL on failure.
 * @param[in]  src  List to copy.
 * @retval XQ_OK      Copied.
 * @retval XQ_EINVAL  A NULL argument or @p src is not a move list.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.2
 */
XQ_API int xq_movelist_clone(xq_movelist **out, const xq_movelist *src);

/**
 * @brief Free a move list. NULL is a harmless no-op.
 * @param[in] list  List to free, or NULL.
 * @since 0.1
 */
XQ_API void xq_movelist_free(xq_movelist *list);

/**
 * @brief Replace the contents of @p list with the legal moves of @p board,
 *        and keep a copy of its position for the queries below.
 * @param[in]  board  Board.
 * @param[out] list   List to fill.
 * @return The number of moves (0 when the side to move is mated or
 *         stalemated), or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_legal_moves(const xq_board *board, xq_movelist *list);

/**
 * @brief Number of moves in the list.
 * @param[in] list  List.
 * @return The size, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_movelist_size(const xq_movelist *list);

/**
 * @brief The move at an index.
 * @param[in] list   List.
 * @param[in] index  0 .. xq_movelist_size() - 1.
 * @return The move, or ::XQ_MOVE_NONE if @p list is invalid or @p index out of range.
 * @since 0.1
 */
XQ_API xq_move xq_movelist_get(const xq_movelist *list, int index);

/**
 * @brief Where a move is in the list.
 * @param[in] list  List.
 * @param[in] move  Move to look for.
 * @return Its index, ::XQ_ENOTFOUND if the list does not hold it, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_movelist_index(const xq_movelist *list, xq_move move);

/**
 * @brief Keep only the moves that match, in their order.
 * @param[in,out] list        List.
 * @param[in]     from        Keep moves from this square (0..89), or -1 for any.
 * @param[in]     to          Keep moves to this square (0..89), or -1 for any.
 * @param[in]     piece_type  Keep moves of this ::xq_piece_type, or -1 for any.
 * @param[in]     kinds       ::xq_movelist_kind bits; 0 keeps every kind.
 * @return The new size, or ::XQ_EINVAL (a square, type or flag out of range;
 *         the list is then unchanged).
 * @since 0.2
 */
XQ_API int xq_movelist_filter(xq_movelist *list, int from, int to, int piece_type,
                              unsigned int kinds);

/**
 * @brief Does the move at an index capture?
 * @param[in] list   List.
 * @param[in] index  0 .. xq_movelist_size() - 1.
 * @return 1 or 0, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_movelist_is_capture(const xq_movelist *list, int index);

/**
 * @brief Does the move at an index give check?
 * @param[in] list   List.
 * @param[in] index  0 .. xq_movelist_size() - 1.
 * @return 1 or 0, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_movelist_gives_check(const xq_movelist *list, int index);

/**
 * @brief The move at an index as text in the list's position.
 * @param[in]  list      List.
 * @param[in]  index     0 .. xq_movelist_size() - 1.
 * @param[in]  notation  ::XQ_NOTATION_ICCS, ::XQ_NOTATION_WXF or ::XQ_NOTATION_CHINESE.
 * @param[in]  flags     `XQ_NOTATION_*` flags, as for xq_board_move_to_text().
 * @param[out] buf       Buffer (::XQ_MOVE_TEXT_MAX bytes always suffice), or NULL with @p cap 0.
 * @param[in]  cap       Size of @p buf.
 * @return The length of the text (snprintf semantics), or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_movelist_text(const xq_movelist *list, int index, int notation, unsigned int flags,
                            char *buf, size_t cap);

/**
 * @brief The list's move named by a text, in any notation.
 *
 * The text is read in the list's position as xq_board_move_from_text() reads
 * it; a move that is legal there but was filtered out of the list is
 * ::XQ_ENOTFOUND.
 * @param[in]  list      List.
 * @param[in]  text      NUL-terminated move text.
 * @param[in]  notation  An ::xq_notation, ::XQ_NOTATION_AUTO to detect it.
 * @param[in]  flags     `XQ_NOTATION_*` flags.
 * @param[out] index     Nullable: the move's index.
 * @param[out] err       Nullable: offset and reason on failure.
 * @retval XQ_OK         Found.
 * @retval XQ_EINVAL     Bad argument.
 * @retval XQ_EPARSE     Not a move in that notation.
 * @retval XQ_EILLEGAL   Not a legal move of the position.
 * @retval XQ_EAMBIGUOUS The text names more than one legal move.
 * @retval XQ_ENOTFOUND  Legal, but not in the (filtered) list.
 * @since 0.2
 */
XQ_API int xq_movelist_find(const xq_movelist *list, const char *text, int notation,
                            unsigned int flags, int *index, xq_parse_error *err);

/**
 * @brief FEN of the position the list's moves belong to.
 * @param[in]  list  List.
 * @param[out] buf   Buffer (::XQ_FEN_MAX always suffices), or NULL with @p cap 0.
 * @param[in]  cap   Size of @p buf.
 * @return The length of the FEN (snprintf semantics), or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_movelist_fen(const xq_movelist *list, char *buf, size_t cap);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_MOVELIST_H */
