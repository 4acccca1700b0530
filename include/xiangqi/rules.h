/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/rules.h
 * @brief Rule adjudication: outcome of a game under the AXF, CXA or simple rule sets.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_RULES_H
#define XIANGQI_RULES_H

#include "xiangqi/board.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup rules Rule adjudication
 *  @brief Outcome of a game with its reason and evidence: checkmate,
 *         repetition with perpetual check and chase, move limit,
 *         insufficient material; forbidden moves (UCCI `banmoves`).
 *
 *  xq_board_status() knows only the position. xq_board_outcome() also reads
 *  the board's history and judges it by a rule set:
 *
 *  - ::XQ_RULES_AXF (the default): the Asian Xiangqi Federation rules as
 *    engines and databases implement them (Pikafish, ChessDB). A position
 *    that occurs for the third time ends the game. If one side gave check
 *    with every one of its moves since the first of those occurrences
 *    (perpetual check), it loses; else if one side chased the same enemy
 *    piece with every move (perpetual chase), it loses; if both sides, or
 *    neither, did so, the game is drawn. A side that mixes checks with
 *    chases is not at fault (one check, one chase), unless its checks too
 *    chase that same piece: a move that checks and newly attacks the piece
 *    counts as a chase. 60 moves (120 plies) without a capture draw,
 *    not counting a side's checks after its 10th, nor the replies to them.
 *  - ::XQ_RULES_CXA: the Chinese Xiangqi Association 1999 rules where they
 *    differ: a cycle of checks, mate threats (杀) and chases of the same
 *    piece in any mix (一将一捉, 长杀, 一将一杀, 一杀一捉) is forbidden, not
 *    only perpetual check or chase; a protected piece still counts as chased
 *    when the exchange on its square wins material; a capture after which
 *    the capturer would be mated is no threat; every ply counts toward the
 *    move limit.
 *  - ::XQ_RULES_SIMPLE: repetition (the third occurrence by default) is a
 *    draw whatever the moves were; the move limit counts every ply.
 *
 *  What counts as a chase (the same in every set that judges chases): an
 *  attack, created by the move just made, on a chariot, horse, cannon,
 *  advisor, elephant or a soldier that has crossed the river (never the
 *  general or an uncrossed soldier), by a piece other than a general or a
 *  soldier, with a legal capture, on a piece that cannot legally be
 *  recaptured; a horse or cannon attacking a chariot, and an advisor or
 *  elephant attacking a chariot, horse or cannon, chase even a protected
 *  piece. Two pieces of the same type attacking each other do not chase
 *  each other unless the reverse capture is illegal (a horse's blocked leg,
 *  a pin). A piece pinned to its general (by a chariot, a cannon, a horse
 *  or the facing generals) chases only with a move of its own, never by
 *  standing still (AXF articles 19 and 27). A piece
 *  chases the same enemy piece through the whole cycle when that piece is
 *  newly attacked after each of the side's moves (pieces are followed as
 *  they move). docs/rules.md has the details and the disputed positions.
 *
 *  @code
 *  xq_rules rules;
 *  xq_outcome o;
 *  char text[160];
 *  xq_rules_init(&rules, XQ_RULES_VERSION, XQ_RULES_AXF);
 *  if (xq_board_outcome(board, &rules, &o) > XQ_RESULT_ONGOING) {
 *      xq_outcome_format(&o, text, sizeof text);
 *      puts(text);            // e.g. "1-0 perpetual check by Black (cycle from ply 2, 8 plies)"
 *  }
 *  @endcode
 *  @{ */

/** Rule sets for xq_rules_init(). */
typedef enum xq_ruleset {
    XQ_RULES_AXF = 0,   /**< Asian rules as engines implement them (default). */
    XQ_RULES_CXA = 1,   /**< Chinese 1999 rules where they differ from AXF. */
    XQ_RULES_SIMPLE = 2 /**< Repetition is a draw; plain move limit. */
} xq_ruleset;

/** Current version of ::xq_rules. */
#define XQ_RULES_VERSION 1

/**
 * @brief A rule set and its parameters (versioned options struct).
 *
 * Fill it with xq_rules_init() (or ::XQ_RULES_INIT for the AXF defaults),
 * then change the parameters you need. Functions taking one accept NULL for
 * the AXF defaults.
 */
typedef struct xq_rules {
    unsigned int version;      /**< ::XQ_RULES_VERSION (first field, always). */
    int32_t ruleset;           /**< An ::xq_ruleset. */
    int32_t fold;              /**< Occurrences of a position that end the game by
                                    repetition, 2..100 (default 3). */
    int32_t ply_limit;         /**< Plies without a capture that draw the game,
                                    0..1000000, 0 = no limit (default 120, i.e. 60 moves);
                                    larger values are ::XQ_EINVAL. */
    int32_t check_cap;         /**< Checks per side that count toward the move limit;
                                    later checks and the replies to them do not count.
                                    -1..1000000, -1 = every ply counts (default 10 for
                                    AXF, -1 otherwise); larger values are ::XQ_EINVAL. */
    int32_t mate_threat_depth; /**< CXA: a move threatens mate (杀) when, if the opponent
                                    passed, the mover would mate with at most this many
                                    consecutive checks; 0..5, 0 = ignore mate threats
                                    (default 3; other rule sets ignore it). */
    int32_t insufficient_material; /**< 1 = draw when neither side has a chariot, horse,
                                    cannon or soldier; 0 = never (default 1). */
} xq_rules;

/** Static initializer: the AXF defaults (the same as xq_rules_init() with ::XQ_RULES_AXF). */
#define XQ_RULES_INIT { XQ_RULES_VERSION, XQ_RULES_AXF, 3, 120, 10, 3, 1 }

/**
 * @brief Fill an ::xq_rules with the defaults of a rule set.
 * @param[out] rules    Struct to fill.
 * @param[in]  version  ::XQ_RULES_VERSION of the caller's header.
 * @param[in]  ruleset  An ::xq_ruleset.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p rules is NULL or @p ruleset unknown.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.1
 */
XQ_API int xq_rules_init(xq_rules *rules, unsigned int version, int ruleset);

/** What one side's moves in a judged repetition cycle were (bit flags of ::xq_outcome::cycle). */
typedef enum xq_cycle_flag {
    XQ_CYCLE_CHECK = 1,       /**< At least one move gave check. */
    XQ_CYCLE_MATE_THREAT = 2, /**< At least one move threatened mate (CXA only). */
    XQ_CYCLE_CHASE = 4,       /**< The other moves all newly chased one same enemy piece. */
    XQ_CYCLE_IDLE = 8,        /**< Some other move chased no such piece, or answered a
                                   check (idle). */
    XQ_CYCLE_FORBIDDEN = 16   /**< The rule set forbids this side's cycle. */
} xq_cycle_flag;

/** Capacity of the square lists in ::xq_outcome. */
#define XQ_OUTCOME_MAX_SQUARES 16

/**
 * @brief The outcome of a game, with its evidence (filled by xq_board_outcome()).
 *
 * Plies are counted from the position the board was set to (its FEN): ply
 * 0 is that position, ply k the position after the k-th move of the history.
 */
typedef struct xq_outcome {
    int32_t result;   /**< ::xq_result. */
    int32_t reason;   /**< ::xq_reason; ::XQ_REASON_NONE while the game goes on. */
    int32_t at_fault; /**< The side that lost by rule (mated, stalemated, or the author
                           of a forbidden cycle); -1 for a draw or an ongoing game. */
    int32_t repetitions; /**< Occurrences of the current position since the last capture,
                           this one included (1 = new position). */
    int32_t cycle_start; /**< Repetition: ply of the first occurrence of the current position
                           in the judged cycle; -1 otherwise. */
    int32_t cycle_plies; /**< Repetition: plies from xq_outcome::cycle_start to now; 0 otherwise. */
    int32_t cycle[2]; /**< Repetition: ::xq_cycle_flag bits of Red's ([XQ_RED]) and Black's
                           ([XQ_BLACK]) moves in the cycle; 0 otherwise. */
    int32_t nchasing; /**< Repetition: number of entries in xq_outcome::chasing. */
    int32_t chasing[XQ_OUTCOME_MAX_SQUARES]; /**< Squares (in the current position) of the pieces
                                              that chased: those of the side at fault, or
                                              for a draw those of every side whose moves
                                              all chased one piece; empty otherwise. */
    int32_t nchased;  /**< Repetition: number of entries in xq_outcome::chased. */
    int32_t chased[XQ_OUTCOME_MAX_SQUARES]; /**< Squares (in the current position) of the pieces
                                              chased after every move of that side. */
    int32_t limit_count; /**< Plies counted toward the move limit (always filled). */
    int32_t limit_plies; /**< The move limit in force (::xq_rules::ply_limit; 0 = none). */
    int32_t reserved[8]; /**< Zero: room for fields added later without an ABI break. */
} xq_outcome;

/**
 * @brief Judge the game on a board: result, reason and evidence.
 *
 * In this order: no legal move (the side to move loses: checkmate or
 * stalemate); the current position occurring for the xq_rules::fold-th time
 * since the last capture (the cycle since its first occurrence is judged);
 * the move limit; insufficient material. Only the history since the board's
 * FEN is known; the FEN's halfmove clock counts toward the move limit.
 *
 * Cost: a legal-move count and a scan of the history since the last capture;
 * the chase detector runs only when a position repeats.
 *
 * @param[in]  board    Board with its history.
 * @param[in]  rules    Rule set, or NULL for the AXF defaults.
 * @param[out] outcome  Filled on success (zeroed first).
 * @return The ::xq_result (>= 0), or an error:
 * @retval XQ_EINVAL    @p board or @p outcome is NULL, or a parameter of @p rules is out of range.
 * @retval XQ_EVERSION  @p rules has an unknown version.
 * @since 0.1
 */
XQ_API int xq_board_outcome(const xq_board *board, const xq_rules *rules, xq_outcome *outcome);

/**
 * @brief Whether a move would complete a forbidden repetition.
 *
 * True when, after @p move, the position would occur for the
 * xq_rules::fold-th time and the cycle would be judged a loss for the side
 * making it (perpetual check, perpetual chase, ...). Such moves are what a
 * UCCI interface sends an engine as `banmoves`.
 *
 * @param[in] board  Board with its history.
 * @param[in] rules  Rule set, or NULL for the AXF defaults.
 * @param[in] move   A legal move.
 * @retval 1            Forbidden.
 * @retval 0            Allowed.
 * @retval XQ_EILLEGAL  @p move is not legal here.
 * @retval XQ_EINVAL    Bad @p board or @p rules parameter.
 * @retval XQ_EVERSION  @p rules has an unknown version.
 * @since 0.1
 */
XQ_API int xq_board_move_banned(const xq_board *board, const xq_rules *rules, xq_move move);

/**
 * @brief The legal moves that would complete a forbidden repetition.
 * @param[in]  board  Board with its history.
 * @param[in]  rules  Rule set, or NULL for the AXF defaults.
 * @param[out] moves  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Capacity of @p moves; ::XQ_MAX_MOVES always suffices.
 * @return The number of banned moves; at most @p cap were written.
 *         ::XQ_EINVAL or ::XQ_EVERSION on a bad argument.
 * @since 0.1
 */
XQ_API int xq_board_banned_moves(const xq_board *board, const xq_rules *rules, xq_move *moves,
                                 size_t cap);

/**
 * @brief Short English name of a reason, e.g. "perpetual check".
 * @param[in] reason  An ::xq_reason.
 * @return A static string; never NULL ("unknown" for unknown values).
 * @since 0.1
 */
XQ_API const char *xq_reason_name(int reason);

/**
 * @brief One line describing an outcome and its evidence.
 *
 * Examples: `ongoing (move limit 37/120)`, `1-0 checkmate`,
 * `0-1 perpetual chase by Red: c4 chasing f7 (cycle from ply 12, 8 plies)`,
 * `1/2-1/2 move limit (120 plies without capture)`.
 * @param[in]  outcome  Filled by xq_board_outcome().
 * @param[out] buf      Destination (may be NULL if @p cap is 0).
 * @param[in]  cap      Size of @p buf.
 * @return The length of the text, as snprintf (truncated if >= @p cap),
 *         or ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_outcome_format(const xq_outcome *outcome, char *buf, size_t cap);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_RULES_H */
