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
    XQ_EAMBIGUOUS = -10,/**< A move text matches more than one legal move. */
    XQ_ENOTFOUND = -11  /**< The item asked for does not exist (e.g. a tag),
                             or an input holds no game. */
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

/* ======================================================================== */
/** @defgroup record Game records
 *  @brief A game: tags, start position, main line with comments, NAGs and
 *         variations; navigation; PGN, XQF and DhtmlXQ.
 *
 *  An ::xq_record is a tree of moves rooted at a start position (any FEN).
 *  The first child of a node continues the main line; the others are
 *  variations. A cursor points at one node: xq_record_board() is the position
 *  there, with the moves from the start in its history (so repetitions and
 *  xq_board_history_move() work). Moves are always legal: every way of adding
 *  one checks it.
 *
 *  - Editing: xq_record_play() (follows an existing move or adds a new one:
 *    the main continuation if there is none, else a variation),
 *    xq_record_truncate(), xq_record_delete(), xq_record_promote().
 *  - Navigation: xq_record_back(), xq_record_forward(), xq_record_goto()
 *    (ply N of the current line), xq_record_goto_end(),
 *    xq_record_enter_variation(), and xq_record_undo() / xq_record_redo() for
 *    a GUI's take-back (undo twice against an engine, redo to replay).
 *  - Annotations at the cursor: a comment after the move (at the start: the
 *    game's opening comment), a comment before the first move of a variation,
 *    and up to ::XQ_RECORD_MAX_NAGS numeric annotation glyphs.
 *  - Tags: any PGN tag. `FEN` follows the start position (setting it resets
 *    the start, which is allowed only while there are no moves); `Format` is
 *    written by the PGN writer to name the notation it used.
 *
 *  A record is used by one thread at a time.
 *  @code
 *  xq_record *g;
 *  xq_record_new(&g, NULL, NULL);
 *  xq_record_set_tag(g, "Red", "Liu Dahua");
 *  xq_record_play_text(g, "炮二平五", XQ_NOTATION_AUTO, 0, NULL);
 *  xq_record_play_text(g, "H8+7", XQ_NOTATION_AUTO, 0, NULL);
 *  char pgn[4096];
 *  xq_pgn_options o;
 *  xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
 *  o.notation = XQ_NOTATION_CHINESE;
 *  xq_record_to_pgn(g, &o, pgn, sizeof pgn);   // [Format "Chinese"] ... 1. 炮二平五 马８进７ *
 *  xq_record_free(g);
 *  @endcode
 *  @{ */

/** Opaque game record: create with xq_record_new() or xq_record_clone(), free with xq_record_free(). */
typedef struct xq_record xq_record;

/** Most NAGs kept on one move. */
#define XQ_RECORD_MAX_NAGS 8

/**
 * @brief Create an empty record.
 * @param[out] out  The record (the caller frees it); NULL on failure.
 * @param[in]  fen  Start position, or NULL for ::XQ_START_FEN.
 * @param[out] err  Nullable; filled when the FEN is rejected.
 * @retval XQ_OK        Created.
 * @retval XQ_EINVAL    @p out is NULL.
 * @retval XQ_EPARSE    Malformed FEN.
 * @retval XQ_EPOSITION Impossible position.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.1
 */
XQ_API int xq_record_new(xq_record **out, const char *fen, xq_parse_error *err);

/**
 * @brief Deep copy of a record (tags, tree, annotations, cursor).
 * @param[out] out  The copy; NULL on failure.
 * @param[in]  src  Record to copy.
 * @retval XQ_OK      Copied.
 * @retval XQ_EINVAL  A NULL argument or @p src is not a record.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.1
 */
XQ_API int xq_record_clone(xq_record **out, const xq_record *src);

/**
 * @brief Free a record. NULL is a harmless no-op.
 * @param[in] rec  Record to free, or NULL.
 * @since 0.1
 */
XQ_API void xq_record_free(xq_record *rec);

/**
 * @brief Empty a record: no tags, no moves, a new start position.
 * @param[in,out] rec  Record; unchanged on failure.
 * @param[in]     fen  Start position, or NULL for ::XQ_START_FEN.
 * @param[out]    err  Nullable; filled when the FEN is rejected.
 * @retval XQ_OK        Done.
 * @retval XQ_EINVAL    @p rec is not a record.
 * @retval XQ_EPARSE    Malformed FEN.
 * @retval XQ_EPOSITION Impossible position.
 * @since 0.1
 */
XQ_API int xq_record_reset(xq_record *rec, const char *fen, xq_parse_error *err);

/**
 * @brief Set, replace or remove a tag.
 *
 * Names are 1..64 characters from `A-Z a-z 0-9 _`; values are UTF-8 (a
 * line break is written as a space). Setting `FEN` changes the start
 * position and needs a record without moves.
 * @param[in,out] rec    Record.
 * @param[in]     name   Tag name, e.g. "Event", "Red", "Result".
 * @param[in]     value  NUL-terminated value, or NULL to remove the tag.
 * @retval XQ_OK        Done (removing an absent tag is not an error).
 * @retval XQ_EINVAL    Bad record or name, or a value that is not UTF-8.
 * @retval XQ_ESTATE    `FEN` on a record that has moves.
 * @retval XQ_EPARSE    `FEN` value malformed.
 * @retval XQ_EPOSITION `FEN` value impossible.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.1
 */
XQ_API int xq_record_set_tag(xq_record *rec, const char *name, const char *value);

/**
 * @brief The value of a tag.
 * @param[in]  rec   Record.
 * @param[in]  name  Tag name (case-sensitive).
 * @param[out] buf   Destination (may be NULL if @p cap is 0).
 * @param[in]  cap   Size of @p buf.
 * @return The length of the value, as snprintf; ::XQ_ENOTFOUND if the tag
 *         is absent, ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_record_tag(const xq_record *rec, const char *name, char *buf, size_t cap);

/**
 * @brief Number of tags, in the order they were set or read.
 * @param[in] rec  Record.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_tag_count(const xq_record *rec);

/**
 * @brief Name of the tag at an index.
 * @param[in]  rec    Record.
 * @param[in]  index  0 .. xq_record_tag_count() - 1.
 * @param[out] buf    Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Size of @p buf.
 * @return The length of the name, as snprintf; ::XQ_EINVAL on a bad argument or index.
 * @since 0.1
 */
XQ_API int xq_record_tag_name(const xq_record *rec, int index, char *buf, size_t cap);

/**
 * @brief Value of the tag at an index.
 * @param[in]  rec    Record.
 * @param[in]  index  0 .. xq_record_tag_count() - 1.
 * @param[out] buf    Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Size of @p buf.
 * @return The length of the value, as snprintf; ::XQ_EINVAL on a bad argument or index.
 * @since 0.1
 */
XQ_API int xq_record_tag_value(const xq_record *rec, int index, char *buf, size_t cap);

/**
 * @brief FEN of the start position.
 * @param[in]  rec  Record.
 * @param[out] buf  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap  Size of @p buf; ::XQ_FEN_MAX always suffices.
 * @return The length, as snprintf; ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_record_start_fen(const xq_record *rec, char *buf, size_t cap);

/**
 * @brief The position at the cursor (borrowed).
 *
 * Its history holds the moves from the start position to the cursor. Use it
 * with any function that takes a `const xq_board *`; do not free or modify
 * it. It stays valid, and follows the cursor, until the record is freed.
 * @param[in] rec  Record.
 * @return The board, or NULL if @p rec is not a record.
 * @since 0.1
 */
XQ_API const xq_board *xq_record_board(const xq_record *rec);

/**
 * @brief Play a move at the cursor and move the cursor to it.
 *
 * If the move is already a continuation of the cursor's node the cursor
 * just follows it; otherwise it is added as the main continuation when the
 * node has none, else as a new variation (the existing main line stays
 * main; see xq_record_promote()). Clears the redo list.
 * @param[in,out] rec   Record.
 * @param[in]     move  A legal move in xq_record_board().
 * @retval XQ_OK        Played.
 * @retval XQ_EILLEGAL  Not legal here; nothing changed.
 * @retval XQ_EINVAL    Bad record.
 * @retval XQ_ENOMEM    Out of memory; nothing changed.
 * @since 0.1
 */
XQ_API int xq_record_play(xq_record *rec, xq_move move);

/**
 * @brief Read a move in any notation (see xq_board_move_from_text()) and play it.
 * @param[in,out] rec       Record.
 * @param[in]     text      Move text.
 * @param[in]     notation  An ::xq_notation (::XQ_NOTATION_AUTO detects it).
 * @param[in]     flags     Input flags (::XQ_NOTATION_XQBASE, ::XQ_NOTATION_RANKS_1_10).
 * @param[out]    err       Nullable; filled on a text error.
 * @return As xq_board_move_from_text() and xq_record_play().
 * @since 0.1
 */
XQ_API int xq_record_play_text(xq_record *rec, const char *text, int notation, unsigned int flags,
                               xq_parse_error *err);

/**
 * @brief Delete every move after the cursor (all continuations and their variations).
 * @param[in,out] rec  Record.
 * @return The number of moves deleted (>= 0), or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_truncate(xq_record *rec);

/**
 * @brief Delete the cursor's move with everything after it; the cursor goes back one ply.
 * @param[in,out] rec  Record.
 * @return The number of moves deleted (>= 1); ::XQ_ESTATE at the start
 *         position; ::XQ_EINVAL on a bad record.
 * @since 0.1
 */
XQ_API int xq_record_delete(xq_record *rec);

/**
 * @brief Make the line through the cursor the main line (each move on the way
 *        becomes the first continuation of its parent).
 * @param[in,out] rec  Record.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad record.
 * @since 0.1
 */
XQ_API int xq_record_promote(xq_record *rec);

/**
 * @brief Ply of the cursor: 0 at the start position.
 * @param[in] rec  Record.
 * @return The ply, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_ply(const xq_record *rec);

/**
 * @brief Length of the current line: the moves up to the cursor followed by
 *        the main continuation after it.
 * @param[in] rec  Record.
 * @return The number of plies, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_line_size(const xq_record *rec);

/**
 * @brief A move of the current line (see xq_record_line_size()).
 * @param[in]  rec    Record.
 * @param[in]  index  0 (first move) .. xq_record_line_size() - 1.
 * @param[out] move   The move.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad argument or index.
 * @since 0.1
 */
XQ_API int xq_record_line_move(const xq_record *rec, int index, xq_move *move);

/**
 * @brief Length of the main line (first continuations from the start).
 * @param[in] rec  Record.
 * @return The number of plies, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_mainline_size(const xq_record *rec);

/**
 * @brief A move of the main line.
 * @param[in]  rec    Record.
 * @param[in]  index  0 .. xq_record_mainline_size() - 1.
 * @param[out] move   The move.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad argument or index.
 * @since 0.1
 */
XQ_API int xq_record_mainline_move(const xq_record *rec, int index, xq_move *move);

/**
 * @brief Move the cursor back one ply.
 * @param[in,out] rec  Record.
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  Already at the start position.
 * @retval XQ_EINVAL  Bad record.
 * @since 0.1
 */
XQ_API int xq_record_back(xq_record *rec);

/**
 * @brief Move the cursor forward along the main continuation.
 * @param[in,out] rec  Record.
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  No move after the cursor.
 * @retval XQ_EINVAL  Bad record.
 * @since 0.1
 */
XQ_API int xq_record_forward(xq_record *rec);

/**
 * @brief Move the cursor to a ply of the current line (0 = start position).
 * @param[in,out] rec  Record.
 * @param[in]     ply  0 .. xq_record_line_size().
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad record or ply out of range (the cursor stays).
 * @since 0.1
 */
XQ_API int xq_record_goto(xq_record *rec, int ply);

/**
 * @brief Move the cursor to the end of the current line.
 * @param[in,out] rec  Record.
 * @return The new ply, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_goto_end(xq_record *rec);

/**
 * @brief Number of continuations of the cursor's node (1 + its variations; 0 at a line end).
 * @param[in] rec  Record.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_variation_count(const xq_record *rec);

/**
 * @brief One continuation of the cursor's node.
 * @param[in]  rec    Record.
 * @param[in]  index  0 (main continuation) .. xq_record_variation_count() - 1.
 * @param[out] move   The move.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad argument or index.
 * @since 0.1
 */
XQ_API int xq_record_variation_move(const xq_record *rec, int index, xq_move *move);

/**
 * @brief Move the cursor forward into one continuation.
 * @param[in,out] rec    Record.
 * @param[in]     index  0 .. xq_record_variation_count() - 1.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad argument or index.
 * @since 0.1
 */
XQ_API int xq_record_enter_variation(xq_record *rec, int index);

/**
 * @brief Take back the cursor's move (the cursor goes back one ply) and remember it for xq_record_redo().
 *
 * The move stays in the record. Taking back two plies against an engine is
 * two calls; playing a different move then adds a variation (or call
 * xq_record_truncate() first to forget the old line).
 * @param[in,out] rec  Record.
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  At the start position.
 * @retval XQ_EINVAL  Bad record.
 * @since 0.1
 */
XQ_API int xq_record_undo(xq_record *rec);

/**
 * @brief Replay the move most recently taken back with xq_record_undo().
 *
 * Possible while the cursor is where that undo left it; xq_record_play()
 * and the editing functions clear the redo list.
 * @param[in,out] rec  Record.
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  Nothing to redo here.
 * @retval XQ_EINVAL  Bad record.
 * @since 0.1
 */
XQ_API int xq_record_redo(xq_record *rec);

/**
 * @brief Comment at the cursor: after its move, or before the game at the start position.
 * @param[in]  rec  Record.
 * @param[out] buf  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap  Size of @p buf.
 * @return The length (0 if none), as snprintf; ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_record_comment(const xq_record *rec, char *buf, size_t cap);

/**
 * @brief Set the comment at the cursor (see xq_record_comment()).
 * @param[in,out] rec   Record.
 * @param[in]     text  UTF-8 text; NULL or "" removes it. A `}` is dropped
 *                      when writing PGN (brace comments cannot hold one).
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad record or text not UTF-8.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.1
 */
XQ_API int xq_record_set_comment(xq_record *rec, const char *text);

/**
 * @brief Comment before the cursor's move (PGN `( {comment} move ...`),
 *        used at the first move of a variation.
 * @param[in]  rec  Record.
 * @param[out] buf  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap  Size of @p buf.
 * @return The length (0 if none), as snprintf; ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_record_comment_before(const xq_record *rec, char *buf, size_t cap);

/**
 * @brief Set the comment before the cursor's move.
 * @param[in,out] rec   Record.
 * @param[in]     text  UTF-8 text; NULL or "" removes it.
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  At the start position (use xq_record_set_comment()).
 * @retval XQ_EINVAL  Bad record or text not UTF-8.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.1
 */
XQ_API int xq_record_set_comment_before(xq_record *rec, const char *text);

/**
 * @brief Number of NAGs (numeric annotation glyphs, PGN `$n`) on the cursor's move.
 * @param[in] rec  Record.
 * @return The count (0 at the start position), or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_nag_count(const xq_record *rec);

/**
 * @brief One NAG of the cursor's move, e.g. 1 for `!`, 2 for `?`.
 * @param[in] rec    Record.
 * @param[in] index  0 .. xq_record_nag_count() - 1.
 * @return The NAG 0..255, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_record_nag(const xq_record *rec, int index);

/**
 * @brief Add a NAG to the cursor's move (a NAG already there is not added twice).
 * @param[in,out] rec  Record.
 * @param[in]     nag  0..255.
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  At the start position, or ::XQ_RECORD_MAX_NAGS already.
 * @retval XQ_EINVAL  Bad record or value.
 * @since 0.1
 */
XQ_API int xq_record_add_nag(xq_record *rec, int nag);

/**
 * @brief Remove the NAGs of the cursor's move.
 * @param[in,out] rec  Record.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad record.
 * @since 0.1
 */
XQ_API int xq_record_clear_nags(xq_record *rec);

/** Options for reading and writing PGN. Initialise with xq_pgn_options_init()
 *  (or ::XQ_PGN_OPTIONS_INIT); NULL options mean the defaults. */
typedef struct xq_pgn_options {
    unsigned int version; /**< ::XQ_PGN_OPTIONS_VERSION. */
    /** Reading: ::XQ_NOTATION_AUTO (default) takes the notation from the
     *  `Format` tag, else detects it move by move. Writing: the notation of
     *  the moves; ::XQ_NOTATION_AUTO (default) uses the notation named by
     *  the record's `Format` tag, else ICCS. */
    int notation;
    /** `XQ_NOTATION_*` flags: dialect and ranks for reading, style for
     *  writing. Default 0. */
    unsigned int flags;
    /** Writing: wrap the move text before this many characters; 0 = one
     *  line per game. Default 80. */
    int line_width;
    /** Writing: 1 (default) to write variations, 0 for the main line only. */
    int variations;
    /** Writing: 1 (default) to write comments and NAGs. */
    int comments;
} xq_pgn_options;

/** Current version of ::xq_pgn_options. */
#define XQ_PGN_OPTIONS_VERSION 1
/** Default options. */
#define XQ_PGN_OPTIONS_INIT { XQ_PGN_OPTIONS_VERSION, XQ_NOTATION_AUTO, 0u, 80, 1, 1 }

/**
 * @brief Fill options with the defaults (function twin of ::XQ_PGN_OPTIONS_INIT).
 * @param[out] opt      Options to fill.
 * @param[in]  version  ::XQ_PGN_OPTIONS_VERSION (the caller's idea of it).
 * @retval XQ_OK        Done.
 * @retval XQ_EINVAL    @p opt is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.1
 */
XQ_API int xq_pgn_options_init(xq_pgn_options *opt, unsigned int version);

/**
 * @brief Write a record as one PGN game.
 *
 * Tags in their order, with `FEN` written from the start position and a
 * `Format` tag naming the notation (`ICCS`, `WXF`, `WXF xqbase`, `Chinese`;
 * appended if absent), a blank line, the move text with move numbers,
 * `{comments}`, `$NAGs` and `(variations)`, then the result (the `Result`
 * tag if it is `1-0`, `0-1` or `1/2-1/2`, else `*`) and a blank line.
 * @param[in]  rec  Record.
 * @param[in]  opt  Nullable options.
 * @param[out] buf  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap  Size of @p buf.
 * @return The length of the text, as snprintf (call with @p cap 0 to size
 *         the buffer); ::XQ_EINVAL, ::XQ_EVERSION or ::XQ_ENOMEM on failure.
 * @since 0.1
 */
XQ_API int xq_record_to_pgn(const xq_record *rec, const xq_pgn_options *opt, char *buf, size_t cap);

/**
 * @brief Write a record as PGN to a file.
 * @param[in] rec     Record.
 * @param[in] path    File name.
 * @param[in] append  1 to append (games are separated by the blank line), 0 to replace.
 * @param[in] opt     Nullable options.
 * @retval XQ_OK       Written.
 * @retval XQ_EIO      The file could not be opened or written.
 * @retval XQ_EINVAL   Bad argument; ::XQ_EVERSION, ::XQ_ENOMEM as xq_record_to_pgn().
 * @since 0.1
 */
XQ_API int xq_record_save_pgn(const xq_record *rec, const char *path, int append,
                              const xq_pgn_options *opt);

/**
 * @brief Replace a record with the first game of a PGN text.
 * @param[in,out] rec  Record (on failure it holds the game up to the error).
 * @param[in]     text PGN text (UTF-8, or GBK/GB18030 which is converted).
 * @param[in]     len  Length of @p text in bytes.
 * @param[in]     opt  Nullable options.
 * @param[out]    err  Nullable; line, column, offset and message on failure.
 * @retval XQ_OK          Read.
 * @retval XQ_ENOTFOUND   The text holds no game.
 * @retval XQ_EPARSE      Malformed PGN or move text.
 * @retval XQ_EILLEGAL    An illegal move; ::XQ_EAMBIGUOUS an ambiguous one.
 * @retval XQ_EPOSITION   An impossible `FEN` tag.
 * @retval XQ_EINVAL      Bad argument; ::XQ_EVERSION, ::XQ_ENOMEM.
 * @since 0.1
 */
XQ_API int xq_record_from_pgn(xq_record *rec, const char *text, size_t len,
                              const xq_pgn_options *opt, xq_parse_error *err);

/** Opaque streaming PGN reader: create with xq_pgn_reader_open() or
 *  xq_pgn_reader_new_memory(), free with xq_pgn_reader_free(). */
typedef struct xq_pgn_reader xq_pgn_reader;

/**
 * @brief Open a PGN file for reading game by game.
 *
 * The file is read in 64 KiB blocks; memory use is bounded by the largest
 * game, not by the file.
 * @param[out] out   The reader; NULL on failure.
 * @param[in]  path  File name.
 * @param[in]  opt   Nullable options (copied).
 * @retval XQ_OK       Opened.
 * @retval XQ_EIO      The file cannot be opened.
 * @retval XQ_EINVAL   Bad argument; ::XQ_EVERSION, ::XQ_ENOMEM.
 * @since 0.1
 */
XQ_API int xq_pgn_reader_open(xq_pgn_reader **out, const char *path, const xq_pgn_options *opt);

/**
 * @brief Read games from a memory buffer.
 * @param[out] out   The reader; NULL on failure.
 * @param[in]  data  PGN text; borrowed: it must stay valid and unchanged until the reader is freed.
 * @param[in]  size  Size of @p data in bytes.
 * @param[in]  opt   Nullable options (copied).
 * @retval XQ_OK       Created.
 * @retval XQ_EINVAL   Bad argument; ::XQ_EVERSION, ::XQ_ENOMEM.
 * @since 0.1
 */
XQ_API int xq_pgn_reader_new_memory(xq_pgn_reader **out, const void *data, size_t size,
                                    const xq_pgn_options *opt);

/**
 * @brief Read the next game into a record.
 *
 * The record is reset first; its cursor ends at the end of the main line.
 * A result marker (`1-0`, `0-1`, `1/2-1/2`) sets the `Result` tag if the game
 * has none. After an error the record holds the game up to the error, with
 * the cursor on the last good move, and the next call continues with the
 * next game (the rest of the bad game is skipped).
 * @param[in,out] rd   Reader.
 * @param[out]    rec  Record to fill.
 * @param[out]    err  Nullable; for a bad game: code, line, column (in
 *                     characters), byte offset in the input and message.
 * @return 1 when a game was read, 0 at the end of the input, or a negative
 *         code for a bad game (as xq_record_from_pgn()), ::XQ_EIO on a read
 *         error, ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_pgn_reader_next(xq_pgn_reader *rd, xq_record *rec, xq_parse_error *err);

/**
 * @brief Line (1-based) where the game last returned by xq_pgn_reader_next() starts.
 * @param[in] rd  Reader.
 * @return The line, 0 before the first game, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_pgn_reader_game_line(const xq_pgn_reader *rd);

/**
 * @brief Free a reader (and close its file). NULL is a harmless no-op.
 * @param[in] rd  Reader, or NULL.
 * @since 0.1
 */
XQ_API void xq_pgn_reader_free(xq_pgn_reader *rd);

/** Game file formats. */
typedef enum xq_format {
    XQ_FORMAT_PGN = 1,     /**< PGN text (one or more games). */
    XQ_FORMAT_XQF = 2,     /**< XQF binary (XQStudio and compatible programs; all versions). */
    XQ_FORMAT_DHTMLXQ = 3  /**< DhtmlXQ text (`[DhtmlXQ_movelist]...`, web pages). */
} xq_format;

/**
 * @brief Guess the format of a game file from its first bytes.
 * @param[in] data  File contents (or at least its first 4 KiB).
 * @param[in] size  Size of @p data.
 * @return ::XQ_FORMAT_XQF if it starts with `XQ`, ::XQ_FORMAT_DHTMLXQ if it
 *         contains `[DhtmlXQ`, else ::XQ_FORMAT_PGN; ::XQ_EINVAL if @p data is NULL.
 * @since 0.1
 */
XQ_API int xq_format_detect(const void *data, size_t size);

/**
 * @brief Replace a record with a game in XQF format.
 *
 * Every version: 1.0 (0x0A) and older in clear, 1.1 (0x0B) encrypted, and
 * 0x0C and later with the additional permutation of the start position.
 * The whole tree is read: the main line, variations and comments. Texts are
 * converted from GB18030 to UTF-8. Header fields become the tags `Title`,
 * `Event`, `Date`, `Site`, `Red`, `Black`, `Result`, `RedTime`, `BlackTime`,
 * `TimeControl`, `Annotator` and `Author` when present.
 * @param[in,out] rec   Record.
 * @param[in]     data  File contents.
 * @param[in]     size  Size of @p data.
 * @param[out]    err   Nullable; the byte offset and a message on failure.
 * @retval XQ_OK        Read.
 * @retval XQ_EPARSE    Not XQF, truncated, or a move that does not decode.
 * @retval XQ_EILLEGAL  A move is illegal; XQ_EPOSITION an impossible start position.
 * @retval XQ_EINVAL    Bad argument; ::XQ_ENOMEM.
 * @since 0.1
 */
XQ_API int xq_record_from_xqf(xq_record *rec, const void *data, size_t size, xq_parse_error *err);

/**
 * @brief Replace a record with a game in DhtmlXQ format.
 *
 * Reads `[DhtmlXQ_binit]` (or `[DhtmlXQ_fen]`) for the start position,
 * `[DhtmlXQ_movelist]` for the main line, `[DhtmlXQ_move_B_P_N]`
 * variations, `[DhtmlXQ_commentP]` / `[DhtmlXQ_commentN_P]` comments, and
 * the title, event, date, place, round, red, black, teams, result, opening
 * and author tags. GB18030 text is converted to UTF-8.
 * @param[in,out] rec   Record.
 * @param[in]     text  The text (a page or a fragment).
 * @param[in]     len   Its length in bytes.
 * @param[out]    err   Nullable; the byte offset and a message on failure.
 * @retval XQ_OK        Read.
 * @retval XQ_EPARSE    No DhtmlXQ data, or malformed.
 * @retval XQ_EILLEGAL  A move is illegal; XQ_EPOSITION an impossible start position.
 * @retval XQ_EINVAL    Bad argument; ::XQ_ENOMEM.
 * @since 0.1
 */
XQ_API int xq_record_from_dhtmlxq(xq_record *rec, const char *text, size_t len, xq_parse_error *err);

/**
 * @brief Read a game file of any supported format (the first game of a PGN file).
 * @param[in,out] rec   Record.
 * @param[in]     path  File name.
 * @param[in]     opt   Nullable PGN options.
 * @param[out]    err   Nullable; filled on failure.
 * @return As xq_record_from_pgn(), xq_record_from_xqf() or
 *         xq_record_from_dhtmlxq(); ::XQ_EIO if the file cannot be read.
 * @since 0.1
 */
XQ_API int xq_record_load(xq_record *rec, const char *path, const xq_pgn_options *opt,
                          xq_parse_error *err);

/** @} */

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

/* ======================================================================== */
/** @defgroup search Search
 *  @brief The engine: a threaded alpha-beta search that finds a move.
 *
 *  An ::xq_search owns a pool of threads, a transposition table and the
 *  move-ordering statistics. xq_search_start() copies a board and searches
 *  it in the background; it returns at once. The caller may then wait with
 *  xq_search_wait(), or stop the search early with xq_search_stop() from any
 *  thread, and receives progress through an optional callback.
 *
 *  @code
 *  xq_search *s;
 *  xq_search_limits lim;
 *  xq_search_result res;
 *  xq_search_new(&s, NULL);                 // 1 thread, 16 MB of hash
 *  xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
 *  lim.movetime_ms = 1000;                  // think for one second
 *  if (xq_search_run(s, board, &lim, &res) == XQ_OK) {
 *      char text[XQ_MOVE_STR_MAX];
 *      xq_move_format(res.best_move, text, sizeof text);
 *  }
 *  xq_search_free(s);
 *  @endcode
 *
 *  Threads: a search handle is used by one thread at a time, except
 *  xq_search_stop() and xq_search_ponderhit(), which any thread may call at
 *  any time (the info callback included). The callback runs on a search
 *  thread; it must not call any other function on the same handle.
 *
 *  Rules inside the search: a side with no legal move loses (checkmate and
 *  stalemate alike); a position repeated on the line is a draw unless one
 *  side gave check with every move of the cycle, which loses for it; 120
 *  plies without a capture is a draw.
 *
 *  Determinism: with one thread and a depth or node limit (no time limit),
 *  a search on a new (or cleared) handle returns the same move, score and
 *  node count on every run and platform.
 *  @{ */

/** Opaque search handle: create with xq_search_new(), free with xq_search_free(). */
typedef struct xq_search xq_search;

/** Most threads a search may use. */
#define XQ_SEARCH_MAX_THREADS 256
/** Largest transposition table, in megabytes. */
#define XQ_SEARCH_MAX_HASH_MB 65536
/** Longest principal variation reported (moves). */
#define XQ_PV_MAX 64
/** Deepest iteration a search can reach (plies). */
#define XQ_SEARCH_MAX_DEPTH 100
/** Full-strength skill level (the default); 0 is the weakest. */
#define XQ_SKILL_MAX 20

/** Current version of ::xq_search_config. */
#define XQ_SEARCH_CONFIG_VERSION 1

/** Options for xq_search_new(). Initialise with xq_search_config_init(). */
typedef struct xq_search_config {
    unsigned int version; /**< ::XQ_SEARCH_CONFIG_VERSION (set by the init function). */
    int32_t threads;      /**< Search threads, 1..::XQ_SEARCH_MAX_THREADS (default 1). */
    size_t hash_mb;       /**< Transposition table size in MB, 1..::XQ_SEARCH_MAX_HASH_MB
                               (default 16). */
} xq_search_config;

/**
 * @brief Fill a config with the defaults (1 thread, 16 MB).
 * @param[out] cfg      Config to fill.
 * @param[in]  version  ::XQ_SEARCH_CONFIG_VERSION as the caller knows it.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p cfg is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.1
 */
XQ_API int xq_search_config_init(xq_search_config *cfg, unsigned int version);

/** Current version of ::xq_search_limits. */
#define XQ_SEARCH_LIMITS_VERSION 1

/**
 * @brief When a search stops, which moves it considers, and how strongly it plays.
 *
 * Initialise with xq_search_limits_init(), then set what you need. A search
 * stops at the first limit reached; with no limit at all it runs until
 * xq_search_stop() (as with @c infinite). Time values are milliseconds.
 */
typedef struct xq_search_limits {
    unsigned int version;     /**< ::XQ_SEARCH_LIMITS_VERSION (set by the init function). */
    int32_t depth;            /**< Deepest iteration, 1..::XQ_SEARCH_MAX_DEPTH; 0 = no limit. */
    uint64_t nodes;           /**< Stop after about this many nodes (exactly, with one
                                   thread); 0 = no limit. */
    int32_t movetime_ms;      /**< Think this long; 0 = no limit. */
    int32_t red_time_ms;      /**< Red's clock; -1 = no clock (default). */
    int32_t black_time_ms;    /**< Black's clock; -1 = no clock (default). */
    int32_t red_inc_ms;       /**< Red's increment per move (default 0). */
    int32_t black_inc_ms;     /**< Black's increment per move (default 0). */
    int32_t movestogo;        /**< Moves until the next time control; 0 = sudden death. */
    int32_t move_overhead_ms; /**< Time kept in reserve per move for communication
                                   delays (default 20). */
    int32_t infinite;         /**< Nonzero: search until xq_search_stop(), even past
                                   the other limits' end of search. */
    int32_t ponder;           /**< Nonzero: start in ponder mode; limits count from
                                   xq_search_ponderhit(). */
    int32_t mate;             /**< Stop when a mate in this many moves is found; 0 = off. */
    int32_t multipv;          /**< Report the best N lines (default 1). */
    int32_t skill;            /**< 0 (beginner) .. ::XQ_SKILL_MAX (full strength, default).
                                   Level L < 20 searches at most L + 1 plies and
                                   picks among its best 4 + (20 - L) / 4 lines with
                                   noise of up to (20 - L) * 32 centipawns. */
    uint64_t seed;            /**< Seed of the weakening at skill < ::XQ_SKILL_MAX (the
                                   same seed gives the same choice). */
    int32_t nsearchmoves;     /**< Number of moves in @c searchmoves; 0 = all moves. */
    int32_t nbanmoves;        /**< Number of moves in @c banmoves. */
    xq_move searchmoves[XQ_MAX_MOVES]; /**< Search only these root moves (UCI searchmoves). */
    xq_move banmoves[XQ_MAX_MOVES];    /**< Never play these root moves (UCCI banmoves). */
    int32_t no_book;          /**< Nonzero: do not answer from the opening book set with
                                   xq_search_set_book() (default 0). @since 0.2 */
} xq_search_limits;

/**
 * @brief Fill limits with the defaults: no limit, one line, full strength.
 * @param[out] lim      Limits to fill.
 * @param[in]  version  ::XQ_SEARCH_LIMITS_VERSION as the caller knows it.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p lim is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.1
 */
XQ_API int xq_search_limits_init(xq_search_limits *lim, unsigned int version);

/** What kind of number a score is. */
typedef enum xq_score_kind {
    XQ_SCORE_CP = 0,  /**< Centipawns (a soldier before the river is about 100). */
    XQ_SCORE_MATE = 1 /**< Moves to mate: positive, the side to move mates; negative,
                           it is mated; 0, it has no legal move (it has lost). */
} xq_score_kind;

/** How exact a reported score is. */
typedef enum xq_bound {
    XQ_BOUND_EXACT = 0, /**< The score is exact for the reported depth. */
    XQ_BOUND_LOWER = 1, /**< The score is at least this (fail high). */
    XQ_BOUND_UPPER = 2  /**< The score is at most this (fail low). */
} xq_bound;

/** Progress of a search, passed to the ::xq_search_info_fn callback. */
typedef struct xq_search_info {
    int32_t depth;      /**< Iteration depth (plies). */
    int32_t seldepth;   /**< Deepest ply reached. */
    int32_t multipv;    /**< Line number, 1 = best. */
    int32_t score_kind; /**< An ::xq_score_kind. */
    int32_t score;      /**< Centipawns or moves to mate, from the side to move's view. */
    int32_t bound;      /**< An ::xq_bound. */
    uint64_t nodes;     /**< Nodes searched so far, all threads. */
    uint64_t nps;       /**< Nodes per second. */
    int64_t time_ms;    /**< Time since the start (or since ponderhit). */
    int32_t hashfull;   /**< Transposition table use in permille. */
    int32_t pv_length;  /**< Moves in @c pv. */
    xq_move pv[XQ_PV_MAX]; /**< Principal variation, from the root position. */
} xq_search_info;

/** Outcome of a search, filled by xq_search_wait(). */
typedef struct xq_search_result {
    xq_move best_move;   /**< The move to play; ::XQ_MOVE_NONE only when the side
                              to move has no legal move (it has lost). */
    xq_move ponder_move; /**< The expected reply, or ::XQ_MOVE_NONE. */
    int32_t score_kind;  /**< An ::xq_score_kind. */
    int32_t score;       /**< Score of @c best_move (centipawns or moves to mate). */
    int32_t depth;       /**< Last completed iteration. */
    int32_t seldepth;    /**< Deepest ply reached. */
    uint64_t nodes;      /**< Nodes searched, all threads. */
    uint64_t nps;        /**< Nodes per second. */
    int64_t time_ms;     /**< Time used. */
    int32_t hashfull;    /**< Transposition table use in permille. */
    int32_t pv_length;   /**< Moves in @c pv. */
    xq_move pv[XQ_PV_MAX]; /**< Principal variation starting with @c best_move. */
    int32_t book_move;   /**< 1 when @c best_move came from the opening book (no search
                              ran: depth 0, no nodes), 0 otherwise. @since 0.2 */
} xq_search_result;

/**
 * @brief Progress callback.
 *
 * Called on a search thread after every completed iteration (once per
 * MultiPV line), when the best move changes, and when the root score falls
 * outside the expected window in a long search.
 * @param[in] info      Valid only during the call.
 * @param[in] userdata  The pointer given to xq_search_start().
 */
typedef void (*xq_search_info_fn)(const xq_search_info *info, void *userdata);

/**
 * @brief Create a search handle: its threads (parked until a search starts)
 *        and its transposition table.
 * @param[out] out  The new handle (the caller frees it); NULL on failure.
 * @param[in]  cfg  Nullable; NULL means the defaults (xq_search_config_init()).
 * @retval XQ_OK        Created.
 * @retval XQ_EINVAL    @p out is NULL or a config value is out of range.
 * @retval XQ_EVERSION  @p cfg has a newer version than this library.
 * @retval XQ_ENOMEM    Out of memory, or a thread could not be created.
 * @since 0.1
 */
XQ_API int xq_search_new(xq_search **out, const xq_search_config *cfg);

/**
 * @brief Stop any running search, join the threads and free the handle.
 *        NULL is a harmless no-op.
 * @param[in] s  Handle to free, or NULL.
 * @since 0.1
 */
XQ_API void xq_search_free(xq_search *s);

/**
 * @brief Change the number of search threads (between searches).
 * @param[in,out] s        Handle.
 * @param[in]     threads  1..::XQ_SEARCH_MAX_THREADS.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad handle or count.
 * @retval XQ_ESTATE  A search is running.
 * @retval XQ_ENOMEM  Out of memory or threads; the old count is kept.
 * @since 0.1
 */
XQ_API int xq_search_set_threads(xq_search *s, int threads);

/**
 * @brief Reallocate the transposition table (between searches); it is cleared.
 * @param[in,out] s        Handle.
 * @param[in]     hash_mb  1..::XQ_SEARCH_MAX_HASH_MB.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad handle or size.
 * @retval XQ_ESTATE  A search is running.
 * @retval XQ_ENOMEM  Out of memory; the old table is kept.
 * @since 0.1
 */
XQ_API int xq_search_resize_hash(xq_search *s, size_t hash_mb);

/**
 * @brief Choose the rules by which the search judges repetitions and the
 *        move limit (between searches; kept until changed).
 *
 * Inside its tree the search rules a repeated position exactly as
 * xq_board_outcome() rules the game: with the default AXF rules a cycle in
 * which one side checked with every move (or, not checking, chased the same
 * piece with every move) loses for that side, so the engine neither walks
 * into a forbidden perpetual nor lets the opponent escape by one; other
 * repetitions are draws. The move limit (xq_rules::ply_limit, counted the
 * same way, checks beyond xq_rules::check_cap excluded) draws unless the side
 * to move has no legal move. A new handle uses the AXF defaults.
 *
 * @param[in,out] s      Handle.
 * @param[in]     rules  Nullable; NULL means the AXF defaults
 *                       (xq_rules_init() with ::XQ_RULES_AXF).
 * @retval XQ_OK       Done; the next xq_search_start() uses these rules.
 * @retval XQ_EINVAL   Bad handle, or a value of @p rules out of range.
 * @retval XQ_EVERSION @p rules has a newer version than this library.
 * @retval XQ_ESTATE   A search is running; nothing changed.
 * @since 0.1
 */
XQ_API int xq_search_set_rules(xq_search *s, const xq_rules *rules);

/**
 * @brief Forget everything learnt (transposition table and move-ordering
 *        statistics), as for a new game.
 * @param[in,out] s  Handle.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad handle.
 * @retval XQ_ESTATE  A search is running.
 * @since 0.1
 */
XQ_API int xq_search_clear(xq_search *s);

/**
 * @brief Start searching a position in the background; returns at once.
 *
 * The board (position and move history, which the repetition rule uses) is
 * copied, so the caller may change or free it right away. Collect the
 * result with xq_search_wait(), which is also required before the next
 * xq_search_start() on the same handle.
 * @param[in,out] s         Handle; no search may be running on it.
 * @param[in]     board     Position to search.
 * @param[in]     lim       Nullable; NULL = no limits (runs until stopped).
 * @param[in]     on_info   Nullable progress callback.
 * @param[in]     userdata  Passed to @p on_info.
 * @retval XQ_OK        Started.
 * @retval XQ_EINVAL    Bad handle, board, or a limit out of range (including
 *                      a searchmoves or banmoves entry that is not a move).
 * @retval XQ_EVERSION  @p lim has a newer version than this library.
 * @retval XQ_ESTATE    A search is already running on @p s.
 * @since 0.1
 */
XQ_API int xq_search_start(xq_search *s, const xq_board *board, const xq_search_limits *lim,
                           xq_search_info_fn on_info, void *userdata);

/**
 * @brief Ask the running search to stop as soon as possible (within a few
 *        milliseconds). Safe from any thread; does nothing if no search runs.
 * @param[in] s  Handle (a bad handle is ignored).
 * @since 0.1
 */
XQ_API void xq_search_stop(xq_search *s);

/**
 * @brief Leave ponder mode: the opponent played the expected move, so the
 *        time limits now apply, counted from this call. Safe from any thread.
 * @param[in] s  Handle (a bad handle is ignored).
 * @since 0.1
 */
XQ_API void xq_search_ponderhit(xq_search *s);

/**
 * @brief Whether a search is running (started and not yet finished).
 * @param[in] s  Handle.
 * @return 1 running, 0 not, or ::XQ_EINVAL.
 * @since 0.1
 */
XQ_API int xq_search_running(const xq_search *s);

/**
 * @brief Block until the search finishes and get its result.
 *
 * A search with @c infinite or @c ponder set finishes only after
 * xq_search_stop() (or xq_search_ponderhit() and its limits). Calling it
 * again returns the same result.
 * @param[in,out] s    Handle.
 * @param[out]    res  Nullable; the result.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad handle.
 * @retval XQ_ESTATE  No search was started on @p s.
 * @since 0.1
 */
XQ_API int xq_search_wait(xq_search *s, xq_search_result *res);

/**
 * @brief Search and wait: xq_search_start() without a callback, then
 *        xq_search_wait().
 * @param[in,out] s      Handle.
 * @param[in]     board  Position to search.
 * @param[in]     lim    Limits; must not be NULL nor infinite nor ponder
 *                       (the call would never return).
 * @param[out]    res    Nullable; the result.
 * @return As xq_search_start(); also ::XQ_EINVAL when @p lim would never end.
 * @since 0.1
 */
XQ_API int xq_search_run(xq_search *s, const xq_board *board, const xq_search_limits *lim,
                         xq_search_result *res);

/**
 * @brief The engine's static evaluation of a position (no search).
 * @param[in]  board  Position.
 * @param[out] cp     Centipawns from the side to move's view.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad board or NULL @p cp.
 * @since 0.1
 */
XQ_API int xq_evaluate(const xq_board *board, int32_t *cp);

/** @} */

/* -- pictures -- */

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
    XQ_SVG_GLYPHS_CHINESE = 0, /**< Red 帅仕相马车炮兵, Black 將士象馬車砲卒, river 楚河 漢界.
                                    The viewer needs a CJK font. */
    XQ_SVG_GLYPHS_LETTERS = 1  /**< FEN letters `K A B N R C P` (upper case for both sides,
                                    told apart by colour); ASCII only. */
} xq_svg_glyphs;

/**
 * @brief Options of xq_board_svg(). Initialise with xq_svg_options_init()
 *        (or ::XQ_SVG_OPTIONS_INIT), then change the fields you need.
 */
typedef struct xq_svg_options {
    unsigned int version; /**< ::XQ_SVG_OPTIONS_VERSION; always the first field. */
    int size;             /**< Width of the picture in pixels, 32..8192 (default 450). The
                               height follows from the board's proportions and the
                               coordinate bands; it is in the `height` attribute. */
    int flip;             /**< 0 (default): Red at the bottom; 1: Black at the bottom. */
    int coordinates;      /**< ::xq_svg_coordinates bits (default
                               ::XQ_SVG_COORDS_NUMBERS | ::XQ_SVG_COORDS_ICCS). */
    int glyphs;           /**< An ::xq_svg_glyphs value (default ::XQ_SVG_GLYPHS_CHINESE). */
    int show_last_move;   /**< 1 (default): shade the squares of the last move. */
    xq_move last_move;    /**< The move to shade; ::XQ_MOVE_NONE (default) means the last
                               move of the board's history, if any. */
    int show_check;       /**< 1 (default): a red glow under the general of the side to
                               move when it is in check. */
    const xq_move *arrows; /**< Nullable: moves drawn as arrows (a hint, a PV, a plan).
                                Borrowed for the call only. */
    int arrow_count;      /**< Number of entries in xq_svg_options::arrows, 0..1024. */
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

#endif /* XIANGQI_XIANGQI_H */
