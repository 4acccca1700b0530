/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/board.h
 * @brief The board handle (a position with its history), move lists and perft.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_BOARD_H
#define XIANGQI_BOARD_H

#include "xiangqi/core.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup board Board
 *  @brief A position plus the history of the moves played on it.
 *
 *  An ::xq_board owns a position and a stack of the moves made with
 *  xq_board_make_move(), so they can be taken back with
 *  xq_board_unmake_move() and so repetitions can be counted. A board is used
 *  by one thread at a time; concurrent read-only calls on an unmodified board
 *  are safe.
 *
 *  @code
 *  xq_board *b;
 *  if (xq_board_new(&b, NULL, NULL) == XQ_OK) {      // start position
 *      xq_move m;
 *      xq_move_parse("h2e2", &m);                      // 炮二平五
 *      xq_board_make_move(b, m);
 *      char fen[XQ_FEN_MAX];
 *      xq_board_fen(b, fen, sizeof fen);
 *      xq_board_free(b);
 *  }
 *  @endcode
 *  @{ */

/** Opaque board handle: create with xq_board_new() or xq_board_clone(), free with xq_board_free(). */
typedef struct xq_board xq_board;

/** FEN of the standard start position. */
#define XQ_START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
/** Buffer size that always holds a FEN written by xq_board_fen(), NUL included. */
#define XQ_FEN_MAX 128
/** Upper bound on the number of legal moves in any position (arrays of this size never overflow). */
#define XQ_MAX_MOVES 128

/**
 * @brief Create a board from a FEN, or the start position.
 *
 * FEN: six fields, ranks from Black's back rank to Red's, pieces `KABNRCP`
 * (upper case Red; `E` and `H` accepted for elephant and horse), side `w` or
 * `r` for Red and `b` for Black, two `-` fields, the halfmove clock (plies
 * since the last capture) and the move number. The last four fields may be
 * omitted (defaults `- - 0 1`). Fields are separated by any white space,
 * and white space before and after the FEN is ignored (so a line read with
 * its line break works); other text after the FEN is an error ("unexpected
 * text after the FEN"). The position must be possible: one general
 * per side, at most 2 advisors/elephants/horses/chariots/cannons and 5
 * soldiers per side, every piece on a square it can reach, and the side that
 * is not to move not in check (generals facing each other count as check).
 *
 * @param[out] out  The new board (the caller frees it); NULL on failure.
 * @param[in]  fen  NUL-terminated FEN, or NULL for ::XQ_START_FEN.
 * @param[out] err  Nullable; on failure filled with the offset and reason.
 * @retval XQ_OK        Created.
 * @retval XQ_EINVAL    @p out is NULL.
 * @retval XQ_EPARSE    The FEN is malformed.
 * @retval XQ_EPOSITION The FEN is well-formed but describes an impossible position.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.1
 */
XQ_API int xq_board_new(xq_board **out, const char *fen, xq_parse_error *err);

/**
 * @brief Copy a board, including its move history.
 * @param[out] out  The copy (the caller frees it); NULL on failure.
 * @param[in]  src  Board to copy.
 * @retval XQ_OK      Copied.
 * @retval XQ_EINVAL  An argument is NULL or @p src is not a board.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.1
 */
XQ_API int xq_board_clone(xq_board **out, const xq_board *src);

/**
 * @brief Free a board. NULL is a harmless no-op.
 * @param[in] board  Board to free, or NULL.
 * @since 0.1
 */
XQ_API void xq_board_free(xq_board *board);

/**
 * @brief Replace the position with a FEN and clear the history.
 *
 * The same rules as xq_board_new(). On failure the board is unchanged.
 * @param[in,out] board  Board to set.
 * @param[in]     fen    NUL-terminated FEN, or NULL for ::XQ_START_FEN.
 * @param[out]    err    Nullable; filled on failure.
 * @retval XQ_OK        Set.
 * @retval XQ_EINVAL    @p board is NULL or not a board.
 * @retval XQ_EPARSE    Malformed FEN.
 * @retval XQ_EPOSITION Impossible position.
 * @since 0.1
 */
XQ_API int xq_board_set_fen(xq_board *board, const char *fen, xq_parse_error *err);

/**
 * @brief Check a FEN without creating a board.
 * @param[in]  fen  NUL-terminated FEN.
 * @param[out] err  Nullable; filled on failure.
 * @retval XQ_OK        The FEN is valid.
 * @retval XQ_EINVAL    @p fen is NULL.
 * @retval XQ_EPARSE    Malformed FEN.
 * @retval XQ_EPOSITION Impossible position.
 * @since 0.1
 */
XQ_API int xq_fen_validate(const char *fen, xq_parse_error *err);

/** Room for every problem xq_fen_problems() can report: one per square and
 *  two missing generals. */
#define XQ_FEN_PROBLEMS_MAX 92

/**
 * @brief Every problem of a FEN, for a position editor that shows them all.
 *
 * A malformed FEN has one problem, the first (::XQ_EPARSE): the text after
 * it cannot be read. A well-formed FEN of an impossible position has one
 * problem per impossibility (::XQ_EPOSITION), in board order (Black's back
 * rank first, as the FEN reads): each piece beyond its kind's count, each
 * piece on a square it can never reach, each side without a general; with
 * one general a side, generals facing each other or the side not to move
 * in check. xq_fen_validate() reports the first of them.
 * @param[in]  fen       NUL-terminated FEN.
 * @param[out] problems  The first @p cap problems (may be NULL if @p cap is 0).
 * @param[in]  cap       Room in @p problems; ::XQ_FEN_PROBLEMS_MAX always suffices.
 * @return The number of problems (0: a valid FEN), which may exceed @p cap;
 *         ::XQ_EINVAL when @p fen is NULL or @p problems is NULL with @p cap > 0.
 * @since 1.0
 */
XQ_API int xq_fen_problems(const char *fen, xq_parse_error *problems, size_t cap);

/**
 * @brief Write the position as canonical FEN.
 *
 * Canonical form: `KABNRCP` letters, `w`/`b`, `- -`, halfmove clock and move
 * number, e.g. ::XQ_START_FEN.
 * @param[in]  board  Board.
 * @param[out] buf    Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Size of @p buf; ::XQ_FEN_MAX always suffices.
 * @return The length of the FEN (without the NUL), as snprintf: truncated
 *         if >= @p cap. ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_board_fen(const xq_board *board, char *buf, size_t cap);

/**
 * @brief Side to move.
 * @param[in] board  Board.
 * @return ::XQ_RED or ::XQ_BLACK, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_side_to_move(const xq_board *board);

/**
 * @brief The piece on a square.
 * @param[in] board   Board.
 * @param[in] square  0..89.
 * @return A piece code (see XQ_PIECE()), 0 for an empty square, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_piece_at(const xq_board *board, int square);

/**
 * @brief 64-bit Zobrist hash of the position (pieces and side to move).
 *
 * Updated incrementally by every move and always equal to the hash computed
 * from scratch for the same position. The keys come from a fixed seed, so a
 * position has the same hash on every run and platform.
 * @param[in] board  Board.
 * @return The hash, or 0 if @p board is NULL or not a board.
 * @since 0.1
 */
XQ_API uint64_t xq_board_hash(const xq_board *board);

/**
 * @brief Whether the side to move is in check (flying general included).
 * @param[in] board  Board.
 * @return 1 in check, 0 not, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_in_check(const xq_board *board);

/**
 * @brief The squares of a side's pieces that attack a square.
 *
 * A piece attacks a square when it could move there if the square held an
 * enemy piece: pins and checks are ignored, and a piece of @p color on the
 * square does not stop the others (they defend it). A general attacks along
 * an open file only the other general (the flying-general rule). Whether the
 * side to move is in check is xq_board_in_check().
 * @param[in]  board    Board.
 * @param[in]  color    ::XQ_RED or ::XQ_BLACK: whose pieces.
 * @param[in]  square   The square attacked, 0..89 (empty or not).
 * @param[out] squares  The attackers' squares in ascending order (may be NULL
 *                      if @p cap is 0).
 * @param[in]  cap      Capacity of @p squares; 16 (a side's pieces) always suffices.
 * @return The number of attackers, 0 if none; at most @p cap of them were
 *         written. ::XQ_EINVAL for a NULL or bad board, a bad color or
 *         square, or NULL @p squares with @p cap > 0.
 * @since 1.0
 */
XQ_API int xq_board_attackers(const xq_board *board, int color, int square, int *squares,
                              size_t cap);

/**
 * @brief The halfmove clock: plies since the last capture (FEN field 5).
 * @param[in] board  Board.
 * @return The clock, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_halfmove_clock(const xq_board *board);

/**
 * @brief The move number (FEN field 6): starts at 1, grows after Black moves.
 * @param[in] board  Board.
 * @return The move number, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_fullmove_number(const xq_board *board);

/**
 * @brief The ply count: plies played since move 1, Red to move
 *        (`2 * (fullmove - 1) + (side == XQ_BLACK)`).
 * @param[in] board  Board.
 * @return The ply, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_ply(const xq_board *board);

/**
 * @brief Number of moves on the history stack (how many can be undone).
 * @param[in] board  Board.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_history_size(const xq_board *board);

/**
 * @brief A move from the history stack.
 * @param[in]  board     Board.
 * @param[in]  index     0 = the first move made since the FEN was set,
 *                       xq_board_history_size() - 1 = the last one.
 * @param[out] move      Nullable; the move.
 * @param[out] captured  Nullable; the piece code it captured, 0 for none.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad board or @p index out of range.
 * @since 0.1
 */
XQ_API int xq_board_history_move(const xq_board *board, int index, xq_move *move, int *captured);

/**
 * @brief How many times the current position (same pieces, same side to
 *        move) occurred earlier in the history.
 *
 * Only positions since the FEN was set are known. 0 means the position is new;
 * 2 means this is its third occurrence.
 * @param[in] board  Board.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_repetitions(const xq_board *board);

/** Game results. */
typedef enum xq_result {
    XQ_RESULT_ONGOING = 0,   /**< The game goes on. */
    XQ_RESULT_RED_WINS = 1,  /**< Red won (1-0). */
    XQ_RESULT_BLACK_WINS = 2,/**< Black won (0-1). */
    XQ_RESULT_DRAW = 3       /**< Drawn (1/2-1/2). */
} xq_result;

/** Why a game ended. Append-only. */
typedef enum xq_reason {
    XQ_REASON_NONE = 0,       /**< Not over. */
    XQ_REASON_CHECKMATE = 1,  /**< The side to move is in check and has no legal move. */
    XQ_REASON_NO_LEGAL_MOVE = 2, /**< Stalemate (困毙): not in check, no legal move; it loses. */
    XQ_REASON_REPETITION = 3,    /**< Drawn by repetition: neither side, or both, at fault
                                      (see @ref rules). */
    XQ_REASON_PERPETUAL_CHECK = 4, /**< A side checked with every move of a repeated cycle; it loses. */
    XQ_REASON_PERPETUAL_CHASE = 5, /**< A side chased the same piece with every move of a
                                        repeated cycle (CXA: or mixed chases with checks and
                                        mate threats); it loses. */
    XQ_REASON_PERPETUAL_MATE_THREAT = 6, /**< CXA: a side threatened mate (or mixed threats and
                                              checks) with every move of a cycle; it loses. */
    XQ_REASON_MOVE_LIMIT = 7,    /**< Drawn: the move limit without a capture was reached. */
    XQ_REASON_INSUFFICIENT_MATERIAL = 8 /**< Drawn: neither side has a chariot, horse,
                                             cannon or soldier. */
} xq_reason;

/**
 * @brief Whether the game is over by the rules of the board alone.
 *
 * The side to move loses when it has no legal move, in check (checkmate) or
 * not (stalemate, 困毙). Repetition and move-limit rules need a rule set and
 * are not considered here: xq_board_outcome() applies them.
 * @param[in]  board   Board.
 * @param[out] reason  Nullable; an ::xq_reason.
 * @return An ::xq_result (>= 0), or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_status(const xq_board *board, int *reason);

/**
 * @brief The legal moves, into a caller array.
 *
 * Legal means pseudo-legal and not leaving the own general attacked,
 * including facing the other general on an open file.
 * @param[in]  board  Board.
 * @param[out] moves  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Capacity of @p moves; ::XQ_MAX_MOVES always suffices.
 * @return The number of legal moves. At most @p cap of them were written.
 *         ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_board_generate_moves(const xq_board *board, xq_move *moves, size_t cap);

/**
 * @brief Whether a move is legal in the current position.
 * @param[in] board  Board.
 * @param[in] move   Any 16-bit value.
 * @return 1 legal, 0 not (including malformed moves), or ::XQ_EINVAL for a bad board.
 * @since 0.1
 */
XQ_API int xq_board_is_legal(const xq_board *board, xq_move move);

/**
 * @brief Play a legal move and push it on the history stack.
 * @param[in,out] board  Board to modify.
 * @param[in]     move   A move, e.g. from xq_board_generate_moves() or xq_move_parse().
 * @retval XQ_OK        Played; take it back with xq_board_unmake_move().
 * @retval XQ_EILLEGAL  @p move is not legal here; the board is unchanged.
 * @retval XQ_EINVAL    @p board is NULL or not a board.
 * @retval XQ_ENOMEM    The history could not grow; the board is unchanged.
 * @since 0.1
 */
XQ_API int xq_board_make_move(xq_board *board, xq_move move);

/**
 * @brief Take back the last move made with xq_board_make_move().
 * @param[in,out] board   Board to modify.
 * @param[out]    undone  Nullable; the move taken back.
 * @retval XQ_OK      Taken back.
 * @retval XQ_ESTATE  The history is empty.
 * @retval XQ_EINVAL  @p board is NULL or not a board.
 * @since 0.1
 */
XQ_API int xq_board_unmake_move(xq_board *board, xq_move *undone);

/** @} */

/* ======================================================================== */
/** @defgroup perft Perft
 *  @brief Count the leaves of the legal-move tree (move generator testing and speed).
 *
 *  A plain legal-move count: no repetition or move-limit rules apply, and a
 *  side with no legal move has no children.
 *  @{ */

/**
 * @brief Count the leaf nodes of the legal-move tree to a depth.
 * @param[in]  board  Position to start from (not modified).
 * @param[in]  depth  0..64; depth 0 counts 1.
 * @param[out] nodes  The count.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad board, depth or NULL @p nodes.
 * @since 0.1
 */
XQ_API int xq_perft(const xq_board *board, int depth, uint64_t *nodes);

/**
 * @brief Perft split by root move ("divide").
 * @param[in]  board   Position (not modified).
 * @param[in]  depth   1..64.
 * @param[out] moves   The root moves (may be NULL if @p cap is 0).
 * @param[out] counts  Leaf count under each root move, parallel to @p moves.
 * @param[in]  cap     Capacity of both arrays; ::XQ_MAX_MOVES always suffices.
 * @return The number of root moves; at most @p cap entries were filled.
 *         ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_perft_divide(const xq_board *board, int depth, xq_move *moves, uint64_t *counts,
                           size_t cap);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_BOARD_H */
