/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/egtb.h
 * @brief Endgame tables: generation by retrograde analysis, probing, and
 *        their use by the search.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md; the tables themselves: docs/endgames.md.
 */
#ifndef XIANGQI_EGTB_H
#define XIANGQI_EGTB_H

#include <stddef.h>
#include <stdint.h>

#include "xiangqi/board.h"
#include "xiangqi/search.h"

XQ_BEGIN_DECL

/* ======================================================================== */
/** @defgroup egtb Endgame tables
 *  @brief Win/draw/loss and distance to mate for every position of small
 *         endings, and the moves that keep the result.
 *
 *  A table holds one material balance (for example `KRKAA`: general and
 *  chariot against general and two advisors) for either side to move and
 *  either colour of the stronger side. Tables are files `<name>.xqtb` in one
 *  directory, written by xq_egtb_generate() (or `xq-egtb generate`) and read
 *  by xq_egtb_open(). The rules: stalemate loses, the generals may not face
 *  each other, and a side whose only way to avoid defeat is perpetual check
 *  loses (see docs/endgames.md for exactly what is computed and what is not,
 *  such as the move limit).
 *
 *  A handle is read-only after xq_egtb_open(): any number of threads may
 *  probe one handle at once.
 *  @{ */

/** A set of endgame tables (opaque). */
typedef struct xq_egtb xq_egtb;

/** Win/draw/loss, from the side to move's view. */
typedef enum xq_egtb_wdl {
    XQ_EGTB_LOSS = -1, /**< The side to move is mated (or loses by rule) with best play. */
    XQ_EGTB_DRAW = 0,  /**< Neither side can force a win. */
    XQ_EGTB_WIN = 1    /**< The side to move mates (or wins by rule) with best play. */
} xq_egtb_wdl;

/** Phases reported to ::xq_egtb_progress_fn. */
typedef enum xq_egtb_phase {
    XQ_EGTB_PHASE_MATE = 0, /**< Retrograde passes: mates in `pass` plies found. */
    XQ_EGTB_PHASE_RULE = 1, /**< The perpetual-check rule on the positions left drawn. */
    XQ_EGTB_PHASE_DONE = 2  /**< The table is written. */
} xq_egtb_phase;

/**
 * @brief Progress of xq_egtb_generate().
 * @param[in] table     Name of the table being generated (e.g. "KRKAA").
 * @param[in] phase     An ::xq_egtb_phase.
 * @param[in] pass      Pass number within the phase.
 * @param[in] resolved  Positions decided so far (won or lost).
 * @param[in] total     Legal positions of the table (0 until known).
 * @param[in] userdata  The pointer given to xq_egtb_generate().
 */
typedef void (*xq_egtb_progress_fn)(const char *table, int phase, int pass, uint64_t resolved,
                                    uint64_t total, void *userdata);

/**
 * @brief Open every table file (`*.xqtb`) of a directory.
 *
 * Each file's header, size and checksums are checked; the entries are mapped
 * read-only, not read into memory. A bad file is reported as a bad book or
 * net file is, with the same codes and words after the file's path (e.g.
 * "/tables/KRK.xqtb: data checksum mismatch (file corrupted)").
 * @param[out] out  The new handle (the caller frees it); NULL on failure.
 * @param[in]  dir  Directory to read.
 * @param[out] err  Nullable; which file is wrong and why.
 * @retval XQ_OK        Opened (possibly with no tables: see xq_egtb_table_count()).
 * @retval XQ_EINVAL    @p out or @p dir is NULL, or a table's path is longer
 *                      than 4095 bytes ("directory name too long").
 * @retval XQ_EIO       The directory or a file cannot be opened, read or
 *                      mapped (errno text in @p err).
 * @retval XQ_EPARSE    A file is not a table (empty, bad magic), is
 *                      truncated, of the wrong size or corrupted (a bad
 *                      field or checksum).
 * @retval XQ_EVERSION  A file of a table format version this library does not
 *                      read (::XQ_EPARSE before 1.1).
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.2
 */
XQ_API int xq_egtb_open(xq_egtb **out, const char *dir, xq_parse_error *err);

/**
 * @brief Close a table set. NULL is a no-op.
 * @param[in] tb  Handle.
 * @since 0.2
 */
XQ_API void xq_egtb_free(xq_egtb *tb);

/**
 * @brief Number of tables in the set.
 * @param[in] tb  Handle.
 * @return The count, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_egtb_table_count(const xq_egtb *tb);

/**
 * @brief Most pieces besides the two generals in any table of the set.
 * @param[in] tb  Handle.
 * @return The count (0 for an empty set), or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_egtb_max_pieces(const xq_egtb *tb);

/** Current version of ::xq_egtb_info. */
#define XQ_EGTB_INFO_VERSION 1
/** Static initialiser of ::xq_egtb_info. */
#define XQ_EGTB_INFO_INIT {XQ_EGTB_INFO_VERSION, {0}, 0, 0, 0, 0, 0, 0, 0, 0, 0}

/** Figures of one table, filled by xq_egtb_table_info(). */
typedef struct xq_egtb_info {
    unsigned int version; /**< ::XQ_EGTB_INFO_VERSION. */
    char name[24];        /**< Material, stronger side first (e.g. "KRKAA"). */
    uint64_t entries;     /**< Index size (both sides to move). */
    uint64_t positions;   /**< Legal positions among the entries. */
    uint64_t wins;        /**< Positions won for the side to move. */
    uint64_t draws;       /**< Drawn positions. */
    uint64_t losses;      /**< Positions lost for the side to move. */
    uint64_t file_size;   /**< Bytes of the file. */
    int32_t max_dtm;      /**< Longest distance to mate in plies. */
    uint64_t rule_wins;   /**< Of @c wins: won by the perpetual-check rule (no distance). */
    uint64_t rule_losses; /**< Of @c losses: lost by the perpetual-check rule. */
} xq_egtb_info;

/**
 * @brief Fill an info struct with its defaults.
 * @param[out] info     Struct to fill.
 * @param[in]  version  ::XQ_EGTB_INFO_VERSION as the caller knows it.
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    @p info is NULL.
 * @retval XQ_EVERSION  @p version is 0 or newer than this library.
 * @since 0.2
 */
XQ_API int xq_egtb_info_init(xq_egtb_info *info, unsigned int version);

/**
 * @brief Figures of one table.
 * @param[in]  tb     Handle.
 * @param[in]  index  0 .. xq_egtb_table_count() - 1 (sorted by name).
 * @param[out] info   Initialised by xq_egtb_info_init().
 * @retval XQ_OK        Filled.
 * @retval XQ_EINVAL    Bad handle, index or NULL @p info.
 * @retval XQ_EVERSION  @p info has a bad version.
 * @since 0.2
 */
XQ_API int xq_egtb_table_info(const xq_egtb *tb, int index, xq_egtb_info *info);

/**
 * @brief Result and distance to mate of a position.
 *
 * The history of the board is not considered (the tables know nothing of
 * repetitions already played or of the move limit).
 * @param[in]  tb     Handle.
 * @param[in]  board  Position to look up.
 * @param[out] wdl    Nullable; an ::xq_egtb_wdl.
 * @param[out] dtm    Nullable; plies to mate with best play (odd: the side
 *                    to move mates; even: it is mated; 0: it has no legal
 *                    move), 0 for a draw, -1 for a result decided by the
 *                    perpetual-check rule (no mate distance is known).
 * @retval XQ_OK        Found.
 * @retval XQ_ENOTFOUND No table of the set covers the position's material.
 * @retval XQ_EINVAL    Bad handle or board.
 * @since 0.2
 */
XQ_API int xq_egtb_probe(const xq_egtb *tb, const xq_board *board, int *wdl, int *dtm);

/**
 * @brief The moves that keep the best result, by distance to mate.
 *
 * Won: the moves that mate soonest. Lost: the moves that delay mate longest.
 * Drawn: every move that keeps the draw. A result decided by the
 * perpetual-check rule: every move keeping it (wins by rule first give up
 * nothing, and the search must make progress).
 * @param[in]  tb     Handle.
 * @param[in]  board  Position.
 * @param[out] moves  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap    Capacity of @p moves; ::XQ_MAX_MOVES always suffices.
 * @return The number of such moves (at most @p cap written; 0 when the side
 *         to move has no legal move), ::XQ_ENOTFOUND when no table covers the
 *         position or a position after a move, or ::XQ_EINVAL.
 * @since 0.2
 */
XQ_API int xq_egtb_best_moves(const xq_egtb *tb, const xq_board *board, xq_move *moves,
                              size_t cap);

/**
 * @brief Generate a table, and first every smaller table it leads to.
 *
 * Tables already in @p dir are read, not generated again. Each table is
 * written to `<dir>/<name>.xqtb` (through a temporary file and a rename).
 * @param[in] dir       Existing directory.
 * @param[in] material  E.g. "KRKAA" (letters K R N C P A B; H and E are
 *                      accepted for horse and elephant; either side first).
 * @param[in] fn        Nullable progress callback (called on this thread).
 * @param[in] userdata  Passed to @p fn.
 * @param[out] err      Nullable; what went wrong.
 * @retval XQ_OK        Generated (or already present).
 * @retval XQ_EINVAL    NULL argument.
 * @retval XQ_EPARSE    Bad material, or a bad table file in @p dir (as
 *                      xq_egtb_open() says).
 * @retval XQ_EVERSION  A table file in @p dir of another format version
 *                      (::XQ_EPARSE before 1.1).
 * @retval XQ_EIO       A file cannot be read or written.
 * @retval XQ_ENOMEM    Out of memory.
 * @since 0.2
 */
XQ_API int xq_egtb_generate(const char *dir, const char *material, xq_egtb_progress_fn fn,
                            void *userdata, xq_parse_error *err);

/**
 * @brief Check one table of the set for consistency.
 *
 * Every position is compared with its successors: a win in d plies has a
 * successor lost in d-1 and none lost sooner, a loss in d has only successors
 * won in at most d-1 and one in exactly d-1, a position without legal moves
 * is lost in 0, a draw has no lost successor and a successor not won, and a
 * result by the perpetual-check rule has no mate-distance alternative.
 * Successors in other tables must be in the set.
 * @param[in]  tb        Handle.
 * @param[in]  material  Table name (any side order).
 * @param[out] errors    Nullable; the number of inconsistent positions.
 * @param[out] err       Nullable; the first inconsistency (FEN and codes).
 * @retval XQ_OK        Consistent.
 * @retval XQ_EPARSE    Inconsistent (see @p err), or bad material.
 * @retval XQ_ENOTFOUND The table, or a table a capture leads to, is not in the set.
 * @retval XQ_EINVAL    Bad argument.
 * @since 0.2
 */
XQ_API int xq_egtb_verify(const xq_egtb *tb, const char *material, uint64_t *errors,
                          xq_parse_error *err);

/**
 * @brief Let a search use a table set (NULL: stop using tables).
 *
 * At the root, when the position is in a table, the search considers only
 * the moves that keep the best result by distance to mate (the ones
 * xq_egtb_best_moves() lists, within the limits' searchmoves and banmoves),
 * so it plays a DTM-optimal move. In the tree, a position of the main
 * search (not of the quiescence search) that is in a table scores as its
 * exact result: a mate in d plies as the matching mate score when it falls
 * within the search's mate range, just below every mate score when it is
 * longer, a result of the perpetual-check rule below those, a draw as a
 * draw; the move limit is applied first. The set must stay open while a
 * search uses it. Kept for the following searches.
 * @param[in] s   Search handle.
 * @param[in] tb  Table set, or NULL.
 * @retval XQ_OK     Set.
 * @retval XQ_EINVAL Bad handle.
 * @retval XQ_ESTATE A search is running.
 * @since 0.2
 */
XQ_API int xq_search_set_tablebase(xq_search *s, const xq_egtb *tb);

/** @} */

XQ_END_DECL

#endif
