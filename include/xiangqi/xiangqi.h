/**
 * @file xiangqi/xiangqi.h
 * @brief The whole public API of libxiangqi.
 *
 * One header, C99 and C++ clean. Every function returns either a value or a
 * negative ::xq_error; xq_strerror() turns the latter into text. Handles are
 * opaque; each `_new` / `_clone` has exactly one `_free`, and `_free(NULL)` is
 * a no-op. See the main page of the reference for ownership and threading.
 */
#ifndef XIANGQI_XIANGQI_H
#define XIANGQI_XIANGQI_H

#include <stddef.h>
#include <stdint.h>

#include "xiangqi/version.h"

/** @cond INTERNAL */
#if defined(_WIN32) && !defined(XQ_STATIC)
#  ifdef XQ_BUILDING
#    define XQ_API __declspec(dllexport)
#  else
#    define XQ_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__)
#  define XQ_API __attribute__((visibility("default")))
#else
#  define XQ_API
#endif

#ifdef __cplusplus
#  define XQ_BEGIN_DECL extern "C" {
#  define XQ_END_DECL }
#else
#  define XQ_BEGIN_DECL
#  define XQ_END_DECL
#endif
/** @endcond */

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup version Version
 *  @brief Compile-time macros (in xiangqi/version.h) and their runtime twins.
 *
 *  A program can compare both to detect a header/library mismatch:
 *  @code
 *  assert(xq_version() / 10000 == XQ_VERSION_MAJOR);
 *  @endcode
 *  @{ */

/**
 * @brief The library's version number, MAJOR*10000 + MINOR*100 + PATCH.
 * @return ::XQ_VERSION_NUMBER of the library that was linked.
 * @since 0.1
 */
XQ_API int xq_version(void);

/**
 * @brief The library's version as a string, e.g. "0.1.0".
 * @return A static string; never NULL.
 * @since 0.1
 */
XQ_API const char *xq_version_string(void);

/** @} */

/* ======================================================================== */
/** @defgroup errors Errors
 *  @brief Status codes, their text, and the detail of parse errors.
 *
 *  Functions return 0 (or a count) on success and a negative ::xq_error on
 *  failure. Values are append-only: a code never changes its number.
 *  @{ */

/** Status codes. All errors are negative. */
typedef enum xq_error {
    XQ_OK = 0,          /**< Success. */
    XQ_EINVAL = -1,     /**< An argument is NULL, out of range or not a valid handle. */
    XQ_ENOMEM = -2,     /**< Out of memory. */
    XQ_EPARSE = -3,     /**< Text could not be parsed (see ::xq_parse_error). */
    XQ_EILLEGAL = -4,   /**< The move is not legal in this position. */
    XQ_ESTATE = -5,     /**< The object is not in a state that allows the call
                             (e.g. nothing to undo). */
    XQ_EVERSION = -6,   /**< A struct version newer than this library knows. */
    XQ_EBUFS = -7,      /**< The caller's buffer is too small. */
    XQ_EIO = -8,        /**< A read or write failed. */
    XQ_EPOSITION = -9,  /**< The position is well-formed text but impossible
                             (piece counts, placement, side not to move in check). */
    XQ_EAMBIGUOUS = -10 /**< A move text matches more than one legal move. */
} xq_error;

/**
 * @brief Describe a status code.
 * @param[in] err  A value returned by any function of this library.
 * @return A static English string; never NULL (unknown codes give
 *         "unknown error"). Safe from any thread.
 * @since 0.1
 */
XQ_API const char *xq_strerror(int err);

/**
 * @brief Where and why a text input was rejected.
 *
 * Parsing functions take an optional (nullable) pointer to one of these and
 * fill it on failure; on success its contents are unspecified. It lives on
 * the caller's side, so there is no hidden thread-local error state.
 */
typedef struct xq_parse_error {
    int code;          /**< The ::xq_error the function returned. */
    int offset;        /**< Byte offset in the input where the problem is, or -1. */
    int line;          /**< 1-based line for multi-line inputs, 0 otherwise. */
    int column;        /**< 1-based column for multi-line inputs, 0 otherwise. */
    char message[120]; /**< NUL-terminated English description. */
} xq_parse_error;

/** @} */

/* ======================================================================== */
/** @defgroup squares Squares, pieces and moves
 *  @brief The coordinate system and the compact move encoding.
 *
 *  Squares are numbered 0..89: `square = rank * 9 + file`. Files 0..8 are
 *  `a`..`i` from Red's left; ranks 0..9 count from Red's back rank (ICCS,
 *  also used by Pikafish's UCI). So `a0` is 0, `e0` (Red's general) is 4 and
 *  `e9` (Black's general) is 85.
 *  @{ */

/** Number of squares on the board. */
#define XQ_SQUARE_NB 90
/** Square index of (file 0..8, rank 0..9). No range check: see xq_square(). */
#define XQ_SQUARE(file, rank) ((rank) * 9 + (file))

/** The two sides. */
typedef enum xq_color {
    XQ_RED = 0,  /**< Red (upper case in FEN), moves first. */
    XQ_BLACK = 1 /**< Black (lower case in FEN). */
} xq_color;

/** Piece types, with their FEN letters. */
typedef enum xq_piece_type {
    XQ_KING = 1,     /**< General 帅/将, `K`. */
    XQ_ADVISOR = 2,  /**< Advisor 仕/士, `A`. */
    XQ_ELEPHANT = 3, /**< Elephant 相/象, `B` (`E` accepted on input). */
    XQ_HORSE = 4,    /**< Horse 马/馬, `N` (`H` accepted on input). */
    XQ_CHARIOT = 5,  /**< Chariot 车/車, `R`. */
    XQ_CANNON = 6,   /**< Cannon 炮/砲, `C`. */
    XQ_SOLDIER = 7   /**< Soldier 兵/卒, `P`. */
} xq_piece_type;

/** A piece code: `type | color << 3`, so Red pieces are 1..7, Black 9..15; 0 is an empty square. */
#define XQ_PIECE(color, type) ((type) | ((color) << 3))

/**
 * @brief Square index of a file and rank.
 * @param[in] file  0..8 (`a`..`i`).
 * @param[in] rank  0..9.
 * @return The square 0..89, or ::XQ_EINVAL if either is out of range.
 * @since 0.1
 */
XQ_API int xq_square(int file, int rank);

/**
 * @brief File (0..8) of a square.
 * @param[in] square  A square index.
 * @return The file, or ::XQ_EINVAL if @p square is not 0..89.
 * @since 0.1
 */
XQ_API int xq_square_file(int square);

/**
 * @brief Rank (0..9) of a square.
 * @param[in] square  A square index.
 * @return The rank, or ::XQ_EINVAL if @p square is not 0..89.
 * @since 0.1
 */
XQ_API int xq_square_rank(int square);

/**
 * @brief Piece code of a color and type (function twin of XQ_PIECE()).
 * @param[in] color  ::XQ_RED or ::XQ_BLACK.
 * @param[in] type   An ::xq_piece_type.
 * @return The piece code, or ::XQ_EINVAL if either argument is out of range.
 * @since 0.1
 */
XQ_API int xq_piece(int color, int type);

/**
 * @brief Type (::xq_piece_type) of a piece code.
 * @param[in] piece  A piece code.
 * @return 1..7, or ::XQ_EINVAL if @p piece is not a piece code.
 * @since 0.1
 */
XQ_API int xq_piece_type_of(int piece);

/**
 * @brief Color (::xq_color) of a piece code.
 * @param[in] piece  A piece code.
 * @return ::XQ_RED or ::XQ_BLACK, or ::XQ_EINVAL if @p piece is not a piece code.
 * @since 0.1
 */
XQ_API int xq_piece_color_of(int piece);

/**
 * @brief FEN letter of a piece code: `KABNRCP` for Red, lower case for Black.
 * @param[in] piece  A piece code.
 * @return The letter, or ::XQ_EINVAL if @p piece is not a piece code.
 * @since 0.1
 */
XQ_API int xq_piece_char(int piece);

/**
 * @brief A move: `from | to << 7`, with squares 0..89. 0 is ::XQ_MOVE_NONE.
 *
 * A move carries no piece or capture information; it means something only
 * together with a position.
 */
typedef uint16_t xq_move;

/** The null value of ::xq_move ("no move"). */
#define XQ_MOVE_NONE ((xq_move)0)
/** Encode a move. No range check: see xq_move_make(). */
#define XQ_MOVE(from, to) ((xq_move)((from) | ((to) << 7)))
/** Origin square of a move. */
#define XQ_MOVE_FROM(m) ((int)((m) & 0x7f))
/** Destination square of a move. */
#define XQ_MOVE_TO(m) ((int)(((m) >> 7) & 0x7f))
/** Buffer size that always holds a move formatted by xq_move_format(), NUL included. */
#define XQ_MOVE_STR_MAX 8

/**
 * @brief Encode a move with range checks (function twin of XQ_MOVE()).
 * @param[in] from  Origin square 0..89.
 * @param[in] to    Destination square 0..89, different from @p from.
 * @return The move, or ::XQ_MOVE_NONE if a square is out of range or equal.
 * @since 0.1
 */
XQ_API xq_move xq_move_make(int from, int to);

/**
 * @brief Origin square of a move (function twin of XQ_MOVE_FROM()).
 * @param[in] move  A move.
 * @return 0..89, or ::XQ_EINVAL if @p move is not a well-formed move.
 * @since 0.1
 */
XQ_API int xq_move_from(xq_move move);

/**
 * @brief Destination square of a move (function twin of XQ_MOVE_TO()).
 * @param[in] move  A move.
 * @return 0..89, or ::XQ_EINVAL if @p move is not a well-formed move.
 * @since 0.1
 */
XQ_API int xq_move_to(xq_move move);

/**
 * @brief Parse a coordinate (ICCS) move such as `h2e2`.
 *
 * Files `a`-`i`, ranks `0`-`9` counted from Red's side. Upper case and the
 * dashed form `H2-E2` are accepted. Only the syntax is checked: whether the
 * move is legal depends on a position (xq_board_is_legal()).
 *
 * @param[in]  text  NUL-terminated text; surrounding blanks are not allowed.
 * @param[out] out   The move; ::XQ_MOVE_NONE on failure.
 * @retval XQ_OK      Parsed.
 * @retval XQ_EINVAL  @p text or @p out is NULL.
 * @retval XQ_EPARSE  Not a coordinate move.
 * @since 0.1
 */
XQ_API int xq_move_parse(const char *text, xq_move *out);

/**
 * @brief Format a move in lower-case ICCS form, e.g. `h2e2`.
 * @param[in]  move  A well-formed move.
 * @param[out] buf   Destination, NUL-terminated when @p cap > 0 (may be NULL if @p cap is 0).
 * @param[in]  cap   Size of @p buf; ::XQ_MOVE_STR_MAX always suffices.
 * @return The length of the text (4), as snprintf: the output was truncated if
 *         it is >= @p cap. ::XQ_EINVAL if @p move is malformed or @p buf is NULL with @p cap > 0.
 * @since 0.1
 */
XQ_API int xq_move_format(xq_move move, char *buf, size_t cap);

/** @} */

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
 * omitted (defaults `- - 0 1`). The position must be possible: one general
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
/** @defgroup movelist Move lists
 *  @brief A growable list of moves (for bindings that prefer a handle to an array).
 *  @{ */

/** Opaque move list: create with xq_movelist_new(), free with xq_movelist_free(). */
typedef struct xq_movelist xq_movelist;

/**
 * @brief Create an empty move list.
 * @param[out] out  The list (the caller frees it); NULL on failure.
 * @retval XQ_OK      Created.
 * @retval XQ_EINVAL  @p out is NULL.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.1
 */
XQ_API int xq_movelist_new(xq_movelist **out);

/**
 * @brief Free a move list. NULL is a harmless no-op.
 * @param[in] list  List to free, or NULL.
 * @since 0.1
 */
XQ_API void xq_movelist_free(xq_movelist *list);

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
 * @brief Replace the contents of @p list with the legal moves of @p board.
 * @param[in]  board  Board.
 * @param[out] list   List to fill.
 * @return The number of moves, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_board_legal_moves(const xq_board *board, xq_movelist *list);

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

/* ======================================================================== */
/* Sections added by later work go below, each under its own @defgroup:
 * notation and game records, rule adjudication, search, pictures. */

/* -- notation and game records -- */

/* -- rule adjudication -- */

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
 *    neither, did so, the game is drawn. A side that mixes checks and
 *    chases is not at fault. 60 moves (120 plies) without a capture draw,
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
 *  a pin). A piece pinned to its general chases only its pinner. A piece
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
    int ruleset;               /**< An ::xq_ruleset. */
    int fold;                  /**< Occurrences of a position that end the game by
                                    repetition, 2..100 (default 3). */
    int ply_limit;             /**< Plies without a capture that draw the game,
                                    0 = no limit (default 120, i.e. 60 moves). */
    int check_cap;             /**< Checks per side that count toward the move limit;
                                    later checks and the replies to them do not count.
                                    -1 = every ply counts (default 10 for AXF, -1 otherwise). */
    int mate_threat_depth;     /**< CXA: a move threatens mate (杀) when, if the opponent
                                    passed, the mover would mate with at most this many
                                    consecutive checks; 0..5, 0 = ignore mate threats
                                    (default 3; other rule sets ignore it). */
    int insufficient_material; /**< 1 = draw when neither side has a chariot, horse,
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
    int result;       /**< ::xq_result. */
    int reason;       /**< ::xq_reason; ::XQ_REASON_NONE while the game goes on. */
    int at_fault;     /**< The side that lost by rule (mated, stalemated, or the author
                           of a forbidden cycle); -1 for a draw or an ongoing game. */
    int repetitions;  /**< Occurrences of the current position since the last capture,
                           this one included (1 = new position). */
    int cycle_start;  /**< Repetition: ply of the first occurrence of the current position
                           in the judged cycle; -1 otherwise. */
    int cycle_plies;  /**< Repetition: plies from xq_outcome::cycle_start to now; 0 otherwise. */
    int cycle[2];     /**< Repetition: ::xq_cycle_flag bits of Red's ([XQ_RED]) and Black's
                           ([XQ_BLACK]) moves in the cycle; 0 otherwise. */
    int nchasing;     /**< Repetition: number of entries in xq_outcome::chasing. */
    int chasing[XQ_OUTCOME_MAX_SQUARES]; /**< Squares (in the current position) of the pieces
                                              that chased: those of the side at fault, or
                                              for a draw those of every side whose moves
                                              all chased one piece; empty otherwise. */
    int nchased;      /**< Repetition: number of entries in xq_outcome::chased. */
    int chased[XQ_OUTCOME_MAX_SQUARES];  /**< Squares (in the current position) of the pieces
                                              chased after every move of that side. */
    int limit_count;  /**< Plies counted toward the move limit (always filled). */
    int limit_plies;  /**< The move limit in force (::xq_rules::ply_limit; 0 = none). */
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

/* -- search -- */

/* -- pictures -- */

XQ_END_DECL

#endif /* XIANGQI_XIANGQI_H */
