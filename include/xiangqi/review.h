/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/review.h
 * @brief Game review: the class of a move (best, good, inaccuracy, mistake,
 *        blunder) from the engine's evaluations before and after it.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md. The review of the server and of
 * `xiangqi.tools.analyse`: docs/protocol.md ("Review"), docs/distributed.md.
 */
#ifndef XIANGQI_REVIEW_H
#define XIANGQI_REVIEW_H

#include "xiangqi/search.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup review Game review
 *  @brief The class of a move from the evaluations around it, with its
 *  name, its NAG and its symbol; evaluations as one integer scale.
 *
 *  A review searches every position of a game and compares, for each move,
 *  the value of the position before it with the value after it, both from
 *  the view of the side that moved. The values are on one integer scale
 *  (a "value"): centipawns, and mates as ±(::XQ_MATE_VALUE − N) (mate in N
 *  moves: ::XQ_MATE_VALUE − N; mated in N: −::XQ_MATE_VALUE + N; mated on
 *  the board: −::XQ_MATE_VALUE), so that values compare as a player would.
 *  xq_review_value() makes one from a search's score. Before they are
 *  compared, both values are clamped to ±xq_review_thresholds::loss_cap
 *  (going from +25.00 to +12.00, still winning, or from mate in 3 to mate in
 *  5 is no mistake; from mate in 3 to +3.00 is), and the loss is
 *  `clamp(before) − clamp(after)`. The class (xq_review_classify()):
 *
 *  | class | when | NAG | symbol |
 *  |---|---|---|---|
 *  | ::XQ_CLASS_BEST | the engine's best move was played (whatever the loss) | none | none |
 *  | ::XQ_CLASS_GOOD | another move, loss below @c inaccuracy (or negative) | none | none |
 *  | ::XQ_CLASS_INACCURACY | loss >= @c inaccuracy (default 50) | $6 | ?! |
 *  | ::XQ_CLASS_MISTAKE | loss >= @c mistake (default 100) | $2 | ? |
 *  | ::XQ_CLASS_BLUNDER | loss >= @c blunder (default 300) | $4 | ?? |
 *
 *  A move the engine agrees with, or one close to it, gets no NAG ("!"
 *  would claim more than agreeing with a short search), as on lichess.
 *  Everything here is a pure function of its arguments: every function may
 *  be called from any thread.
 *
 *  @code
 *  xq_search_result before, after;   // searches of the positions before and after the move
 *  xq_move played;                   // the move of the game between them
 *  int32_t vb, va, loss;
 *  xq_review_value(before.score_kind, before.score, &vb);
 *  xq_review_value(after.score_kind, after.score, &va);   // the opponent's view
 *  int cls = xq_review_classify(vb, -va, before.best_move == played, NULL, &loss);
 *  if (cls >= 0)
 *      printf("%s%s (%d)\n", xq_review_class_name(cls), xq_review_class_symbol(cls), loss);
 *  @endcode
 *  @{ */

/** The value of giving mate: a mate in N moves is `XQ_MATE_VALUE - N`, being
 *  mated in N `-XQ_MATE_VALUE + N`. @since 1.1 */
#define XQ_MATE_VALUE 30000

/** The values within this much of ±::XQ_MATE_VALUE are mates (mates in up to
 *  `XQ_MATE_BAND - 1` moves); centipawns stay below them. @since 1.1 */
#define XQ_MATE_BAND 1000

/** The class of a move in a review, best to worst. @since 1.1 */
typedef enum xq_move_class {
    XQ_CLASS_BEST = 0,       /**< The engine's best move. */
    XQ_CLASS_GOOD = 1,       /**< Another move, losing less than an inaccuracy. */
    XQ_CLASS_INACCURACY = 2, /**< Losing at least xq_review_thresholds::inaccuracy (NAG $6, "?!"). */
    XQ_CLASS_MISTAKE = 3,    /**< Losing at least xq_review_thresholds::mistake (NAG $2, "?"). */
    XQ_CLASS_BLUNDER = 4     /**< Losing at least xq_review_thresholds::blunder (NAG $4, "??"). */
} xq_move_class;

/** The number of classes (::xq_move_class is 0 .. XQ_MOVE_CLASS_COUNT − 1). @since 1.1 */
#define XQ_MOVE_CLASS_COUNT 5

/** Current version of ::xq_review_thresholds. @since 1.1 */
#define XQ_REVIEW_THRESHOLDS_VERSION 1

/**
 * @brief The losses (centipawns, from the mover's view) that make a move an
 *        inaccuracy, a mistake or a blunder, and the clamp of the values
 *        (versioned struct).
 *
 * Fill with xq_review_thresholds_init() (or ::XQ_REVIEW_THRESHOLDS_INIT),
 * then change the fields you need. Valid thresholds have
 * `0 < inaccuracy <= mistake <= blunder` and `0 < loss_cap <= XQ_MATE_VALUE`
 * (xq_review_thresholds_check() says what is wrong). A soldier before the
 * river is worth about 100.
 * @since 1.1
 */
typedef struct xq_review_thresholds {
    unsigned int version; /**< ::XQ_REVIEW_THRESHOLDS_VERSION; always the first field. */
    int32_t inaccuracy;   /**< Loss from which a move is an inaccuracy (default 50). */
    int32_t mistake;      /**< Loss from which a move is a mistake (default 100). */
    int32_t blunder;      /**< Loss from which a move is a blunder (default 300). */
    int32_t loss_cap;     /**< Values are clamped to ±loss_cap before the loss is
                               computed (default 1000), so a loss is at most
                               2 × loss_cap. */
} xq_review_thresholds;

/** Static initializer with the defaults (the same as xq_review_thresholds_init()). @since 1.1 */
#define XQ_REVIEW_THRESHOLDS_INIT { XQ_REVIEW_THRESHOLDS_VERSION, 50, 100, 300, 1000 }

/**
 * @brief Fill thresholds with the defaults (50, 100, 300; loss cap 1000).
 * @param[out] t        Thresholds to fill.
 * @param[in]  version  ::XQ_REVIEW_THRESHOLDS_VERSION of the caller's header.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p t is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 1.1
 */
XQ_API int xq_review_thresholds_init(xq_review_thresholds *t, unsigned int version);

/**
 * @brief Check thresholds, and say what is wrong with them.
 *
 * The functions that take thresholds check them the same way and return
 * ::XQ_EINVAL (or ::XQ_EVERSION) without a message; this one writes the
 * message, e.g. "thresholds must be 0 < inaccuracy <= mistake <= blunder,
 * not 50, 30, 300".
 * @param[in]  t    Thresholds; NULL means the defaults (valid).
 * @param[out] err  Nullable; on failure its code and message (offset -1).
 * @retval XQ_OK        Valid.
 * @retval XQ_EINVAL    Not `0 < inaccuracy <= mistake <= blunder`, or
 *                      @c loss_cap is not in 1 .. ::XQ_MATE_VALUE.
 * @retval XQ_EVERSION  @c t->version is 0 or newer than this library.
 * @since 1.1
 */
XQ_API int xq_review_thresholds_check(const xq_review_thresholds *t, xq_parse_error *err);

/**
 * @brief A search's score as a value (centipawns, mates as ±(::XQ_MATE_VALUE − N)).
 *
 * Centipawns are kept within ±(::XQ_MATE_VALUE − ::XQ_MATE_BAND), so that no
 * value of centipawns reads as a mate. A mate score of 0 (the side to move
 * has no legal move: it has lost) is −::XQ_MATE_VALUE.
 * @param[in]  score_kind  An ::xq_score_kind (xq_search_result::score_kind).
 * @param[in]  score       Centipawns or moves to mate, from the side to move's
 *                         view (xq_search_result::score).
 * @param[out] value       The value, from the same view.
 * @retval XQ_OK      Converted.
 * @retval XQ_EINVAL  @p value is NULL, @p score_kind is not a kind, or a mate
 *                    is ::XQ_MATE_BAND moves or more away.
 * @since 1.1
 */
XQ_API int xq_review_value(int score_kind, int32_t score, int32_t *value);

/** xq_review_value_text() flag: a "+" before a positive (or zero) value in
 *  pawns or centipawns ("+0.35"; mates are "#3" either way). @since 1.1 */
#define XQ_VALUE_TEXT_SIGN 0x01u
/** xq_review_value_text() flag: centipawns ("35") instead of pawns ("0.35"). @since 1.1 */
#define XQ_VALUE_TEXT_CENTIPAWNS 0x02u
/** A buffer that holds every text of xq_review_value_text(), NUL included. @since 1.1 */
#define XQ_VALUE_TEXT_MAX 16

/**
 * @brief A value as text: "0.35", "-1.20" (pawns, two decimals), "#3"
 *        (mates in 3), "#-2" (is mated in 2).
 *
 * Without flags this is the text of PGN's `[%eval]` comments (from Red's
 * view there).
 * @param[in]  value  A value (centipawns, mates as ±(::XQ_MATE_VALUE − N)).
 * @param[in]  flags  ::XQ_VALUE_TEXT_SIGN, ::XQ_VALUE_TEXT_CENTIPAWNS, or 0.
 * @param[out] buf    Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Size of @p buf; ::XQ_VALUE_TEXT_MAX always suffices.
 * @return The length of the text (without the NUL), as snprintf: truncated
 *         if >= @p cap. ::XQ_EINVAL when @p buf is NULL with a @p cap,
 *         |@p value| > ::XQ_MATE_VALUE, or @p flags has an unknown bit.
 * @since 1.1
 */
XQ_API int xq_review_value_text(int32_t value, unsigned int flags, char *buf, size_t cap);

/**
 * @brief The class of a move from the values before and after it.
 *
 * Both values are from the view of the side that moved: @p before is the
 * value of the position before the move (the search of that position), @p
 * after that of the position after it, negated (the search there is from the
 * opponent's view). They are clamped to ±@c loss_cap and the loss is
 * `clamp(before) − clamp(after)`; then as xq_review_classify_loss().
 * @param[in]  before   The value before the move, −::XQ_MATE_VALUE .. ::XQ_MATE_VALUE.
 * @param[in]  after    The value after the move, same view and range.
 * @param[in]  is_best  Nonzero when the move played is the engine's best move
 *                      in the position before it.
 * @param[in]  t        Thresholds; NULL means the defaults.
 * @param[out] loss     Nullable: the loss, −2 × @c loss_cap .. 2 × @c loss_cap
 *                      (negative when the move did better than the search
 *                      before it expected).
 * @return An ::xq_move_class (0 or more), or ::XQ_EINVAL (a value out of
 *         range, invalid thresholds) or ::XQ_EVERSION (thresholds of a newer
 *         version); @p loss is then not written.
 * @since 1.1
 */
XQ_API int xq_review_classify(int32_t before, int32_t after, int is_best,
                              const xq_review_thresholds *t, int32_t *loss);

/**
 * @brief The class of a move from its loss.
 *
 * ::XQ_CLASS_BEST when @p is_best, whatever the loss; else
 * ::XQ_CLASS_BLUNDER when @p loss >= @c blunder, ::XQ_CLASS_MISTAKE when
 * >= @c mistake, ::XQ_CLASS_INACCURACY when >= @c inaccuracy, and
 * ::XQ_CLASS_GOOD below (a negative loss included).
 * @param[in] loss     The loss in centipawns, from the mover's view (any value).
 * @param[in] is_best  Nonzero when the move is the engine's best move.
 * @param[in] t        Thresholds; NULL means the defaults.
 * @return An ::xq_move_class (0 or more), or ::XQ_EINVAL (invalid thresholds)
 *         or ::XQ_EVERSION (thresholds of a newer version).
 * @since 1.1
 */
XQ_API int xq_review_classify_loss(int32_t loss, int is_best, const xq_review_thresholds *t);

/**
 * @brief The name of a class.
 * @param[in] cls  An ::xq_move_class.
 * @return "best", "good", "inaccuracy", "mistake" or "blunder" (static), or
 *         NULL when @p cls is not a class.
 * @since 1.1
 */
XQ_API const char *xq_review_class_name(int cls);

/**
 * @brief The class of a name (the inverse of xq_review_class_name()).
 * @param[in] name  "best", "good", "inaccuracy", "mistake" or "blunder"
 *                  (exactly, lower case).
 * @return The ::xq_move_class, ::XQ_EINVAL when @p name is NULL, or
 *         ::XQ_ENOTFOUND when it names no class.
 * @since 1.1
 */
XQ_API int xq_review_class_from_name(const char *name);

/**
 * @brief The symbol of a class in move lists.
 * @param[in] cls  An ::xq_move_class.
 * @return "?!", "?" or "??" for an inaccuracy, a mistake or a blunder, ""
 *         for the best and good moves (static), or NULL when @p cls is not a
 *         class.
 * @since 1.1
 */
XQ_API const char *xq_review_class_symbol(int cls);

/**
 * @brief The NAG of a class in an annotated game (xq_record_add_nag()).
 * @param[in] cls  An ::xq_move_class.
 * @return 6 ($6, "?!"), 2 ($2, "?") or 4 ($4, "??") for an inaccuracy, a
 *         mistake or a blunder; 0 (none) for the best and good moves;
 *         ::XQ_EINVAL when @p cls is not a class.
 * @since 1.1
 */
XQ_API int xq_review_class_nag(int cls);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_REVIEW_H */
