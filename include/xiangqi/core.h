/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/core.h
 * @brief Versions, errors, squares, pieces and moves: what every other header builds on.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_CORE_H
#define XIANGQI_CORE_H

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

/**
 * @def XQ_DEPRECATED(msg)
 * @brief Marks a public declaration as deprecated: a call to it compiles,
 *        with a warning that says @p msg.
 *
 * A function on its way out of the API keeps working as documented for the
 * rest of its major version and at least one minor release; the CHANGELOG
 * names it with its replacement (docs/conventions.md, "What 1.x keeps").
 * The attribute goes before the declaration:
 * @code
 * XQ_DEPRECATED("use xq_board_fen()") XQ_API int xq_board_old_fen(const xq_board *b);
 * @endcode
 * It is `__attribute__((deprecated(msg)))` on GCC and Clang and
 * `__declspec(deprecated(msg))` on MSVC (warning C4996), nothing on other
 * compilers, and nothing anywhere when `XQ_NO_DEPRECATION_WARNINGS` is
 * defined before the first libxiangqi header is included.
 * @param msg a string literal naming the replacement, e.g. "use xq_foo()".
 * @since 1.0
 */
#if defined(XQ_NO_DEPRECATION_WARNINGS)
#  define XQ_DEPRECATED(msg)
#elif defined(__clang__) || \
    (defined(__GNUC__) && (__GNUC__ > 4 || (__GNUC__ == 4 && __GNUC_MINOR__ >= 5)))
#  define XQ_DEPRECATED(msg) __attribute__((deprecated(msg)))
#elif defined(__GNUC__)
#  define XQ_DEPRECATED(msg) __attribute__((deprecated))
#elif defined(_MSC_VER)
#  define XQ_DEPRECATED(msg) __declspec(deprecated(msg))
#else
#  define XQ_DEPRECATED(msg)
#endif

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
 * @brief The library's version as a string, e.g. "0.2.0".
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
    int32_t code;      /**< The ::xq_error the function returned. */
    int32_t offset;    /**< Byte offset in the input where the problem is, or -1. */
    int32_t line;      /**< 1-based line for multi-line inputs, 0 otherwise. */
    int32_t column;    /**< 1-based column for multi-line inputs, 0 otherwise. */
    char message[256]; /**< NUL-terminated English description (UTF-8). */
    int32_t reserved[4]; /**< Zero: room for fields added later without an ABI break. @since 1.0 */
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

XQ_END_DECL

#endif /* XIANGQI_CORE_H */
