/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/book.h
 * @brief Opening books: build from games, write, open (mmap), probe, pick, merge, dump.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer.
 */
#ifndef XIANGQI_BOOK_H
#define XIANGQI_BOOK_H

#include "xiangqi/board.h"
#include "xiangqi/record.h"
#include "xiangqi/rules.h"
#include "xiangqi/search.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup book Opening book
 *  @brief Known good moves from master games: built from records or PGN
 *         streams, kept in a documented binary file, probed in microseconds.
 *
 *  An ::xq_book is a read-only table from positions to the moves played in
 *  them, with the raw win / draw / loss counts of every move (from the view
 *  of the side that played it), so books can be merged without losing
 *  anything. Build one with an ::xq_book_builder (xq_book_builder_new(),
 *  xq_book_builder_add_record() or xq_book_builder_add_pgn(), then
 *  xq_book_builder_finish()), or open a file written by xq_book_write()
 *  with xq_book_open() (mapped with `mmap`, nothing is copied).
 *
 *  **Mirror images are one entry.** A position and its left-right mirror
 *  image (file a <-> i) are the same position for the book: the builder
 *  stores each position in its canonical orientation, the one of the two
 *  whose xq_board_hash() is smaller, and xq_book_probe() maps the moves back
 *  to the orientation of the board it is given. So a line played on the
 *  left wing counts for the same line on the right wing.
 *
 *  **Never an illegal move.** Keys are 64-bit Zobrist hashes, so two
 *  positions could share one; every move a probe returns is checked with
 *  xq_board_is_legal() on the board asked about, and illegal ones are left
 *  out.
 *
 *  **Weights and scores.** A move's weight is its number of games, or with
 *  ::XQ_BOOK_WEIGHT_RESULTS `2 * wins + draws + unknown` (a game without a
 *  result counts as a draw; a lost game adds nothing). Its score is
 *  `(wins + draws / 2) / (wins + draws + losses)` in permille for the side
 *  that played it, -1 when none of its games has a result.
 *
 *  The file format is described in docs/book.md. Every function is safe to
 *  call from several threads on the same book at once (a book never changes
 *  after it is made). A builder is used by one thread at a time.
 *
 *  @code
 *  xq_book *book;
 *  xq_parse_error err;
 *  if (xq_book_open(&book, "/usr/share/xiangqi/book.xqb", &err) == XQ_OK) {
 *      xq_book_entry e[XQ_MAX_MOVES];
 *      int n = xq_book_probe(book, board, e, XQ_MAX_MOVES);   // every book move
 *      xq_move m;
 *      if (xq_book_pick(book, board, NULL, 42, 0, &m) == XQ_OK)   // a weighted choice
 *          xq_board_make_move(board, m);
 *      xq_book_free(book);
 *  } else {
 *      fprintf(stderr, "%s\n", err.message);   // e.g. "book.xqb: truncated: ..."
 *  }
 *  @endcode
 *  @{ */

/** Opaque book: from xq_book_builder_finish(), xq_book_merge(), xq_book_open() or
 *  xq_book_open_memory(); free with xq_book_free(). */
typedef struct xq_book xq_book;

/** Opaque book builder: create with xq_book_builder_new(), free with xq_book_builder_free(). */
typedef struct xq_book_builder xq_book_builder;

/** Version of the book file format written by this library (see docs/book.md). */
#define XQ_BOOK_FORMAT_VERSION 1

/** Values of xq_book_options::weighting. */
typedef enum xq_book_weight_mode {
    XQ_BOOK_WEIGHT_GAMES = 0,  /**< Weight = number of games with the move (default). */
    XQ_BOOK_WEIGHT_RESULTS = 1 /**< Weight = 2 * wins + draws + games without a result,
                                    from the view of the side that played the move. */
} xq_book_weight_mode;

/** Current version of ::xq_book_options. */
#define XQ_BOOK_OPTIONS_VERSION 1

/**
 * @brief What goes into a book (versioned options struct).
 *
 * Initialise with xq_book_options_init() (or ::XQ_BOOK_OPTIONS_INIT).
 * xq_book_options::max_ply applies while games are added; the move filters
 * (xq_book_options::min_games, xq_book_options::min_score) when the book is
 * made (xq_book_builder_finish(), xq_book_merge()), so parts built with the
 * filters off merge into exactly the book of all their games.
 */
typedef struct xq_book_options {
    unsigned int version; /**< ::XQ_BOOK_OPTIONS_VERSION; always the first field. */
    int32_t max_ply;      /**< Keep the moves played at plies 0 .. max_ply - 1 of a game
                               (counted from its start position), 1..1000 (default 40). */
    int32_t min_games;    /**< Leave out moves played in fewer games, 1.. (default 1). */
    int32_t min_score;    /**< Leave out moves scoring less (permille, for the side that
                               played them) among their games with a result,
                               0..1000 (default 0 = keep all). Moves without any
                               result are kept. */
    int32_t weighting;    /**< An ::xq_book_weight_mode (default ::XQ_BOOK_WEIGHT_GAMES). */
} xq_book_options;

/** Static initializer with the defaults (the same as xq_book_options_init()). */
#define XQ_BOOK_OPTIONS_INIT { XQ_BOOK_OPTIONS_VERSION, 40, 1, 0, XQ_BOOK_WEIGHT_GAMES }

/**
 * @brief Fill book options with the defaults.
 * @param[out] opt      Options to fill.
 * @param[in]  version  ::XQ_BOOK_OPTIONS_VERSION of the caller's header.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p opt is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.2
 */
XQ_API int xq_book_options_init(xq_book_options *opt, unsigned int version);

/** One move of a book position, filled by xq_book_probe(). */
typedef struct xq_book_entry {
    xq_move move;     /**< The move, legal in the board probed (mapped back from the
                           mirror image if needed). */
    uint32_t games;   /**< Games in which it was played (wins + draws + losses + unknown). */
    uint32_t wins;    /**< Games the side that played it won. */
    uint32_t draws;   /**< Drawn games. */
    uint32_t losses;  /**< Games the side that played it lost. */
    uint32_t weight;  /**< Its weight (see @ref book); the pick probability is
                           weight / sum of the weights. */
    int32_t score;    /**< Permille for the side that played it over its games with a
                           result, or -1 when none has one. */
    int32_t reserved[4]; /**< Zero: room for fields added later without an ABI break.
                              @since 1.0 */
} xq_book_entry;

/**
 * @brief Create an empty builder.
 * @param[out] out  The builder (the caller frees it); NULL on failure.
 * @param[in]  opt  Nullable; NULL means the defaults. Copied.
 * @retval XQ_OK        Created.
 * @retval XQ_EINVAL    @p out is NULL or an option is out of range.
 * @retval XQ_EVERSION  @p opt has version 0 or a newer one than this library.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.2
 */
XQ_API int xq_book_builder_new(xq_book_builder **out, const xq_book_options *opt);

/**
 * @brief Free a builder. NULL is a harmless no-op.
 * @param[in] b  Builder, or NULL.
 * @since 0.2
 */
XQ_API void xq_book_builder_free(xq_book_builder *b);

/**
 * @brief Add the main line of a game.
 *
 * The moves of the main line from the record's start position, up to
 * xq_book_options::max_ply of them, each counted once with the game's
 * result: the `Result` tag (`1-0`, `0-1`, `1/2-1/2`; anything else is
 * unknown). A game whose start position is not the standard one is added
 * too (its positions are simply others). The record's cursor is not moved.
 * @param[in,out] b    Builder.
 * @param[in]     rec  Record.
 * @return The number of moves added (>= 0), or ::XQ_EINVAL (bad handle),
 *         ::XQ_ENOMEM.
 * @since 0.2
 */
XQ_API int xq_book_builder_add_record(xq_book_builder *b, const xq_record *rec);

/**
 * @brief Add every game of a PGN reader.
 *
 * Reads the reader to its end with xq_pgn_reader_next(). A game with a bad
 * move is added up to the move before the error (the reader then goes on
 * with the next game).
 * @param[in,out] b         Builder.
 * @param[in,out] rd        Reader.
 * @param[out]    bad       Nullable; the number of games that had an error.
 * @return The number of games read (bad ones included), or ::XQ_EINVAL,
 *         ::XQ_ENOMEM, ::XQ_EIO (a read error; the games read so far stay added).
 * @since 0.2
 */
XQ_API int xq_book_builder_add_pgn(xq_book_builder *b, xq_pgn_reader *rd, int *bad);

/**
 * @brief Number of games added so far.
 * @param[in] b  Builder.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int64_t xq_book_builder_games(const xq_book_builder *b);

/**
 * @brief Make the book of everything added, with the move filters applied.
 *
 * The builder stays usable: more games may be added and another book made.
 * @param[in]  b    Builder.
 * @param[out] out  The book (the caller frees it); NULL on failure.
 * @retval XQ_OK      Made (it may hold no position).
 * @retval XQ_EINVAL  Bad argument.
 * @retval XQ_ENOMEM  Out of memory.
 * @since 0.2
 */
XQ_API int xq_book_builder_finish(const xq_book_builder *b, xq_book **out);

/**
 * @brief Open a book file, mapped into memory.
 *
 * The file is checked completely before it is used: its magic, format
 * version, sizes, the order of its keys and its checksum.
 * @param[out] out   The book (the caller frees it); NULL on failure.
 * @param[in]  path  File name.
 * @param[out] err   Nullable; on failure a message naming the file and the
 *                   problem (e.g. "book.xqb: truncated: 1000 bytes, the header
 *                   announces 4096"); the offset of the bad byte when known.
 *                   The codes and words are those of a bad net file
 *                   (xq_search_load_net()) or table file (xq_egtb_open()).
 * @retval XQ_OK        Opened.
 * @retval XQ_EIO       The file cannot be opened or mapped, or is not a
 *                      regular file (the message has the system's reason).
 * @retval XQ_EPARSE    Not a book (empty, bad magic), truncated, of the wrong
 *                      size, inconsistent or a checksum mismatch (corrupted).
 * @retval XQ_EVERSION  A format version this library does not read.
 * @retval XQ_EINVAL    @p out or @p path is NULL.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.2
 */
XQ_API int xq_book_open(xq_book **out, const char *path, xq_parse_error *err);

/**
 * @brief Use a book held in memory (the bytes of a book file).
 * @param[out] out   The book; NULL on failure.
 * @param[in]  data  The bytes; borrowed: they must stay valid and unchanged
 *                   until the book is freed.
 * @param[in]  size  Their size.
 * @param[out] err   Nullable; filled on failure as by xq_book_open().
 * @return As xq_book_open() (without ::XQ_EIO).
 * @since 0.2
 */
XQ_API int xq_book_open_memory(xq_book **out, const void *data, size_t size, xq_parse_error *err);

/**
 * @brief Free a book (unmap its file). NULL is a harmless no-op.
 * @param[in] book  Book, or NULL.
 * @since 0.2
 */
XQ_API void xq_book_free(xq_book *book);

/**
 * @brief Write a book as a book file (the format of docs/book.md).
 * @param[in] book  Book.
 * @param[in] path  File name; the file is replaced.
 * @retval XQ_OK      Written.
 * @retval XQ_EIO     The file could not be written.
 * @retval XQ_EINVAL  Bad argument.
 * @since 0.2
 */
XQ_API int xq_book_write(const xq_book *book, const char *path);

/**
 * @brief The bytes of a book file for a book (e.g. to store it elsewhere).
 * @param[in]  book  Book.
 * @param[out] size  The size of the bytes.
 * @return The bytes, owned by the book (valid until it is freed), or NULL
 *         on a bad argument.
 * @since 0.2
 */
XQ_API const void *xq_book_data(const xq_book *book, size_t *size);

/**
 * @brief Merge two books: every move of both, with the counts added.
 *
 * The move filters of @p opt are applied to the sums; its weighting is the
 * merged book's. Merging books built without filters gives the book built
 * from all their games.
 * @param[out] out  The merged book; NULL on failure.
 * @param[in]  a    A book.
 * @param[in]  b    Another book (or the same one).
 * @param[in]  opt  Nullable; NULL = no filter and the weighting of @p a.
 * @retval XQ_OK        Merged.
 * @retval XQ_EINVAL    Bad argument.
 * @retval XQ_EVERSION  Bad @p opt version.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.2
 */
XQ_API int xq_book_merge(xq_book **out, const xq_book *a, const xq_book *b,
                         const xq_book_options *opt);

/**
 * @brief Every book move of a position, heaviest first.
 * @param[in]  book     Book.
 * @param[in]  board    Position.
 * @param[out] entries  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap      Its capacity; ::XQ_MAX_MOVES always suffices.
 * @return The number of book moves (0: the position is not in the book); at
 *         most @p cap were written. ::XQ_EINVAL on a bad argument.
 * @since 0.2
 */
XQ_API int xq_book_probe(const xq_book *book, const xq_board *board, xq_book_entry *entries,
                         size_t cap);

/** xq_book_pick() flag: take the heaviest move instead of a random one (ties: the first). */
#define XQ_BOOK_PICK_BEST 0x01u

/**
 * @brief Choose a book move: at random in proportion to the weights.
 *
 * Moves that are banned under @p rules (xq_board_move_banned()), that would
 * repeat a position of the board's history, or that weigh 0 are skipped.
 * The same book, position, seed and flags give the same move.
 * @param[in]  book   Book.
 * @param[in]  board  Position with its history.
 * @param[in]  rules  Nullable: the AXF defaults.
 * @param[in]  seed   Seed of the choice.
 * @param[in]  flags  0 or ::XQ_BOOK_PICK_BEST.
 * @param[out] move   The move; ::XQ_MOVE_NONE when there is none.
 * @retval XQ_OK        Chosen.
 * @retval XQ_ENOTFOUND No book move can be played here.
 * @retval XQ_EINVAL    Bad argument or rules; ::XQ_EVERSION bad rules version.
 * @since 0.2
 */
XQ_API int xq_book_pick(const xq_book *book, const xq_board *board, const xq_rules *rules,
                        uint64_t seed, unsigned int flags, xq_move *move);

/**
 * @brief Number of positions in a book.
 * @param[in] book  Book.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int64_t xq_book_position_count(const xq_book *book);

/**
 * @brief Number of moves in a book (all positions).
 * @param[in] book  Book.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int64_t xq_book_move_count(const xq_book *book);

/**
 * @brief Total of the games counted over the moves of the start position
 *        (the number of games that were added, when all start there).
 * @param[in] book  Book.
 * @return The count (0 if the start position is not in the book), or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int64_t xq_book_games(const xq_book *book);

/**
 * @brief The weighting of a book's weights.
 * @param[in] book  Book.
 * @return An ::xq_book_weight_mode, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_book_weighting(const xq_book *book);

/**
 * @brief A stored position by index, in key order, as it is stored
 *        (canonical orientation, no legality check).
 * @param[in]  book     Book.
 * @param[in]  index    0 .. xq_book_position_count() - 1.
 * @param[out] key      Nullable; the key (xq_board_hash() of the canonical position).
 * @param[out] entries  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap      Its capacity.
 * @return The number of moves of the position (at most @p cap written), or
 *         ::XQ_EINVAL on a bad argument or index.
 * @since 0.2
 */
XQ_API int xq_book_position_at(const xq_book *book, int64_t index, uint64_t *key,
                               xq_book_entry *entries, size_t cap);

/**
 * @brief A book as text, one line per move:
 *        `<key in 16 hex digits> <move> games <g> wins <w> draws <d> losses <l> weight <x>`
 *        in key order, moves in the stored (canonical) orientation.
 * @param[in]  book  Book.
 * @param[out] buf   Destination (may be NULL if @p cap is 0).
 * @param[in]  cap   Its size. Call with 0 first to learn the length.
 * @return The length of the text, as snprintf (truncated if >= @p cap), or
 *         ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int64_t xq_book_dump(const xq_book *book, char *buf, size_t cap);

/**
 * @brief Give a search handle an opening book (or take it away).
 *
 * While a book is set, xq_search_start() in a position of the book answers
 * at once with a book move: chosen by weight with the limits' seed
 * (xq_search_limits::seed), never one of xq_search_limits::banmoves, one
 * outside xq_search_limits::searchmoves, one banned by the search's rules or
 * one that repeats a position. The result then has
 * xq_search_result::book_move set, depth 0, no nodes and a PV of that move.
 * No book move is played when xq_search_limits::no_book is set, or for an
 * infinite or ponder search (analysis).
 * @param[in,out] s     Search handle.
 * @param[in]     book  Nullable (no book). Borrowed: it must stay valid until
 *                      the handle is freed or another book (or NULL) is set.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad handle or book.
 * @retval XQ_ESTATE  A search is running; nothing changed.
 * @since 0.2
 */
XQ_API int xq_search_set_book(xq_search *s, const xq_book *book);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_BOOK_H */
