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
    XQ_REASON_NO_LEGAL_MOVE = 2 /**< Stalemate (困毙): not in check, no legal move; it loses. */
} xq_reason;

/**
 * @brief Whether the game is over by the rules of the board alone.
 *
 * The side to move loses when it has no legal move, in check (checkmate) or
 * not (stalemate, 困毙). Repetition and move-limit rules need a rule set and
 * are not considered here.
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

/* -- search -- */

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
