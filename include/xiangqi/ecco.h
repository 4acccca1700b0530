/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/ecco.h
 * @brief Openings by name: the ECCO classification of a game's opening.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md. The method and its figures: docs/openings.md.
 */
#ifndef XIANGQI_ECCO_H
#define XIANGQI_ECCO_H

#include "xiangqi/board.h"
#include "xiangqi/record.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup ecco Openings (ECCO)
 *  @brief The ECCO code (中国象棋开局编号, ECCO 2004 of xqbase: one letter
 *  A–E and two digits, 260 codes) and the names of a game's opening.
 *
 *  A game is classified by the positions its first ::XQ_ECCO_MAX_PLY plies
 *  reach, not by its move order, so transpositions get the same code, and a
 *  position and its left-right mirror image are the same opening. One
 *  exception, as in ECCO: the first move fixes the letter (炮二平五: B, C or
 *  D; 兵七进一 or 兵三进一: E; anything else: A), so a game that opened with
 *  马八进七 and reaches a central-cannon position stays an A opening. The
 *  library's table (lib/ecco/ecco_table.c, made by tools/ecco_table.py from
 *  the ECCO tags of the CCPD masters games) lists positions with a code; the
 *  deepest table position of the game decides, and the result says at which
 *  ply, with the move order that reached that position in the master games,
 *  so a reader can see why a game got its code. A game that stops before its
 *  opening is settled gets the code of the positions it did reach (after
 *  1. 炮二平五 alone: B00 中炮局).
 *
 *  Only games from the standard start position have a code: a set-up
 *  position, or a game without moves, gives an empty code and the reason
 *  (::xq_ecco_reason). The tables are constant: every function may be called
 *  from any thread. A call that fails leaves @c out (when it is not NULL)
 *  with no code and empty strings.
 *
 *  @code
 *  xq_ecco e;
 *  if (xq_ecco_classify_record(rec, &e) == XQ_OK && e.code[0])
 *      printf("%s %s %s (decided at ply %d)\n", e.code, e.opening, e.variation, e.ply);
 *  @endcode
 *  @{ */

/** Plies of a game looked at: later positions do not change the code. @since 1.0 */
#define XQ_ECCO_MAX_PLY 40

/** Why a result has a code or not (::xq_ecco.reason). @since 1.0 */
typedef enum xq_ecco_reason {
    XQ_ECCO_FOUND = 0,    /**< Classified: the code is set. */
    XQ_ECCO_NO_MOVES = 1, /**< The game has no moves: no code. */
    XQ_ECCO_SETUP = 2,    /**< The game starts from a set-up position, not the
                               standard one: ECCO does not apply, no code. */
    XQ_ECCO_NAMES = 3     /**< Filled by xq_ecco_lookup(): names only, no game. */
} xq_ecco_reason;

/** A classification (or the names of a code). Every string is static UTF-8, never NULL. @since 1.0 */
typedef struct xq_ecco {
    char code[4];                      /**< "A00".."E48", or "" when there is none. */
    int32_t reason;                    /**< An ::xq_ecco_reason. */
    int32_t ply;                           /**< The ply after which the code was decided (the
                                            deepest table position reached); 0 without a code. */
    const char *opening;               /**< Opening name, simplified Chinese (开局名称). */
    const char *variation;             /**< Variation name, simplified Chinese; "" for codes
                                            without a separate variation. */
    const char *opening_traditional;   /**< The opening in traditional Chinese. */
    const char *variation_traditional; /**< The variation in traditional Chinese. */
    const char *english;               /**< The established English name of the opening's
                                            family ("Central Cannon vs. Screen Horses"),
                                            or "" where there is none. */
    const char *line;                  /**< The table's move order (ICCS, space-separated)
                                            for the deciding position, as most master
                                            games reached it (it may be the mirror image of
                                            the game's); "" without one. */
    int32_t games;                     /**< Master games through that position used to make
                                            the table; 0 without one. */
    int32_t agreeing;                  /**< Of them, the games whose ECCO tag is this code. */
    int32_t reserved[4];               /**< Zero: room for fields added later without an
                                            ABI break. */
} xq_ecco;

/**
 * @brief Classify the game of a start position and moves.
 *
 * @param[in]  fen    The game's start position, or NULL for the standard one.
 *                    Only the board and the side to move count: any other
 *                    position (or Black to move) is a set-up position.
 * @param[in]  moves  The moves (may be NULL if @p count is 0); only the first
 *                    ::XQ_ECCO_MAX_PLY are looked at (and checked).
 * @param[in]  count  Their number.
 * @param[out] out    The result.
 * @retval XQ_OK        Classified; @c out->reason says whether there is a code.
 * @retval XQ_EINVAL    @p out is NULL, @p count is negative or @p moves is NULL with moves.
 * @retval XQ_EPARSE    @p fen is malformed.
 * @retval XQ_EPOSITION @p fen is impossible.
 * @retval XQ_EILLEGAL  One of the moves looked at is illegal.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 1.0
 */
XQ_API int xq_ecco_classify_moves(const char *fen, const xq_move *moves, int count, xq_ecco *out);

/**
 * @brief Classify the moves played on a board (its history, from the
 * position it was created or set with).
 * @param[in]  board  Board.
 * @param[out] out    The result.
 * @retval XQ_OK      Classified; @c out->reason says whether there is a code.
 * @retval XQ_EINVAL  An argument is NULL or @p board is not a board.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 1.0
 */
XQ_API int xq_ecco_classify_board(const xq_board *board, xq_ecco *out);

/**
 * @brief Classify the main line of a record (wherever its cursor is).
 * @param[in]  rec  Record.
 * @param[out] out  The result.
 * @retval XQ_OK      Classified; @c out->reason says whether there is a code.
 * @retval XQ_EINVAL  An argument is NULL or @p rec is not a record.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 1.0
 */
XQ_API int xq_ecco_classify_record(const xq_record *rec, xq_ecco *out);

/**
 * @brief Classify a board's moves from the classification of all but the last.
 *
 * For a game that grows a move at a time (a server or a GUI that names the
 * opening after every move): @p inout holds the classification of the
 * board's history without its last move, as xq_ecco_classify_board() (or this
 * function) gave it, and becomes the classification of the whole history, the
 * same as xq_ecco_classify_board() on @p board would give, by looking up the
 * position after the last move only (one table look-up instead of replaying
 * the game; beyond ::XQ_ECCO_MAX_PLY nothing changes). With one move in the
 * history it classifies the board afresh, whatever @p inout holds; after a
 * move is taken back, classify afresh with xq_ecco_classify_board().
 * @param[in]     board  Board; its history is the game's moves.
 * @param[in,out] inout  The classification of the history before its last move.
 * @retval XQ_OK      Classified; @c inout->reason says whether there is a code.
 * @retval XQ_EINVAL  An argument is NULL, @p board is not a board, or @p inout
 *                    cannot be the classification of the history before the
 *                    last move (no moves while the board has more than one, or
 *                    decided at a ply beyond it); @p inout is then left with no code.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 1.1
 */
XQ_API int xq_ecco_classify_next(const xq_board *board, xq_ecco *inout);

/**
 * @brief The names of a code.
 *
 * Fills @p out as a classification would, with @c reason ::XQ_ECCO_NAMES,
 * @c ply 0, @c line "" and @c games 0.
 * @param[in]  code  "A00".."E48" (upper or lower case letter).
 * @param[out] out   The names.
 * @retval XQ_OK        Found.
 * @retval XQ_EINVAL    An argument is NULL.
 * @retval XQ_ENOTFOUND @p code is not one of the 260 ECCO codes.
 * @since 1.0
 */
XQ_API int xq_ecco_lookup(const char *code, xq_ecco *out);

/**
 * @brief The number of ECCO codes.
 * @return 260.
 * @since 1.0
 */
XQ_API int xq_ecco_code_count(void);

/**
 * @brief The code at an index, in code order.
 * @param[in] index  0 .. xq_ecco_code_count() - 1.
 * @return "A00".."E48" (static), or NULL when @p index is out of range.
 * @since 1.0
 */
XQ_API const char *xq_ecco_code_at(int index);

/**
 * @brief Describe an ::xq_ecco_reason.
 * @param[in] reason  A reason.
 * @return A static English string ("set-up position, not the standard start"); never NULL.
 * @since 1.0
 */
XQ_API const char *xq_ecco_reason_text(int reason);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_ECCO_H */
