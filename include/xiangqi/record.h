/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/record.h
 * @brief Game records: tags, moves with variations, comments and NAGs; PGN, XQF and DhtmlXQ.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_RECORD_H
#define XIANGQI_RECORD_H

#include "xiangqi/notation.h"

XQ_BEGIN_DECL

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

/** Longest comment (each of the two comments of a move) and longest tag
 *  value, in bytes: 64 MiB, the size of the largest XQF or DhtmlXQ file.
 *  The setters refuse longer text with ::XQ_EINVAL, the readers with
 *  ::XQ_EPARSE, so that whatever a record holds the PGN writer writes and
 *  the reader reads back. @since 0.2 */
#define XQ_RECORD_MAX_TEXT (64 * 1024 * 1024)

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
 * Names are 1..64 characters from `A-Z a-z 0-9 _`; values are UTF-8 of
 * at most ::XQ_RECORD_MAX_TEXT bytes, a line break stored as the space the
 * PGN writer writes for it. Setting `FEN` changes the start position and
 * needs a record without moves.
 * @param[in,out] rec    Record.
 * @param[in]     name   Tag name, e.g. "Event", "Red", "Result".
 * @param[in]     value  NUL-terminated value, or NULL to remove the tag.
 * @retval XQ_OK        Done (removing an absent tag is not an error).
 * @retval XQ_EINVAL    Bad record or name, or a value that is not UTF-8 or
 *                      longer than ::XQ_RECORD_MAX_TEXT.
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
 *
 * A move that becomes a main continuation hands its comment before (see
 * xq_record_set_comment_before()) to the comment of the move before it, so
 * that PGN can still write it; xq_record_delete() does the same for the
 * variation that takes the deleted move's place.
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
 *
 * The comment is stored as the PGN reader reads it back: without the blanks
 * (space, tab, line breaks) at its ends, and CR LF or CR as a line break.
 * @param[in,out] rec   Record.
 * @param[in]     text  UTF-8 text of at most ::XQ_RECORD_MAX_TEXT bytes,
 *                      without `}` (a PGN brace comment ends there); NULL,
 *                      "" or blanks only remove it.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad record, text not UTF-8, holding a `}`, or too long.
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
 *
 * PGN has a place for it only at the start of a variation (`( {comment}
 * move`), so only the first move of a variation (a continuation other than
 * the first) takes one; before a main continuation, set the comment of the
 * move before it. The text is stored as xq_record_set_comment() says.
 * @param[in,out] rec   Record.
 * @param[in]     text  As xq_record_set_comment().
 * @retval XQ_OK      Done.
 * @retval XQ_ESTATE  At the start position or on a main continuation (use
 *                    xq_record_set_comment() on the move before).
 * @retval XQ_EINVAL  Bad record, text not UTF-8, holding a `}`, or too long.
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

/** Bytes of one node in the output of xq_record_tree(): 5 words and the NAG bytes. */
#define XQ_RECORD_TREE_NODE_SIZE (5 * 4 + XQ_RECORD_MAX_NAGS)

/**
 * @brief The whole game tree in one buffer: every move, comment and NAG.
 *
 * For bindings that build their own tree of a game (Python's
 * `xiangqi.pgn.Game`) in one call instead of a few calls per ply; the
 * cursor is not used. The layout, all integers 32-bit little-endian:
 * - the number of nodes N (the root, the start position, included);
 * - N nodes of ::XQ_RECORD_TREE_NODE_SIZE bytes, in depth-first order, a
 *   node before its continuations and those in their order (the main
 *   continuation first), the root first: the index of the parent node
 *   (-1 for the root), the move (::XQ_MOVE_NONE for the root), the length
 *   in bytes of the comment after the move (the root: before the game),
 *   the length of the comment before the move (only the first move of a
 *   variation has one), the number of NAGs, then ::XQ_RECORD_MAX_NAGS bytes:
 *   the NAGs, zeros after them;
 * - the comments, UTF-8 without NUL or terminator: for each node in order
 *   its comment after the move, then its comment before the move.
 * @param[in]  rec  Record.
 * @param[out] buf  Destination (may be NULL if @p cap is 0).
 * @param[in]  cap  Size of @p buf: when it is smaller than the result,
 *                  nothing is written.
 * @return The size of the result in bytes (call with @p cap 0 to size the
 *         buffer); ::XQ_EINVAL for a bad argument, ::XQ_ENOMEM when the
 *         result would exceed INT_MAX bytes or memory is short.
 *
 * The layout is part of the 1.x interface: a later 1.x adds nothing to it.
 * @since 1.0
 */
XQ_API int xq_record_tree(const xq_record *rec, void *buf, size_t cap);

/** Text encodings of PGN input (::xq_pgn_options.encoding). Whatever the
 *  input's encoding, the text a record holds is UTF-8, and PGN is written
 *  in UTF-8.
 *  @since 0.2 */
typedef enum xq_encoding {
    /** Detect by content (the default): UTF-8 when the text is valid UTF-8,
     *  else GBK or Big5, whichever reads it as the characters of Xiangqi
     *  records, else Windows-1252. Decided once per file, from the first
     *  window of text with a non-ASCII byte. */
    XQ_ENCODING_AUTO = 0,
    XQ_ENCODING_UTF8 = 1,   /**< UTF-8 (ASCII included). */
    XQ_ENCODING_GBK = 2,    /**< GBK, read as GB18030 (which also covers GB2312). */
    XQ_ENCODING_BIG5 = 3,   /**< Big5, read as CP950 (traditional characters). */
    XQ_ENCODING_LATIN1 = 4  /**< Windows-1252, a superset of ISO 8859-1. */
} xq_encoding;

/** Options for reading and writing PGN. Initialise with xq_pgn_options_init()
 *  (or ::XQ_PGN_OPTIONS_INIT); NULL options mean the defaults. */
typedef struct xq_pgn_options {
    unsigned int version; /**< ::XQ_PGN_OPTIONS_VERSION. */
    /** Reading: ::XQ_NOTATION_AUTO (default) takes the notation from the
     *  `Format` tag, else detects it move by move. Writing: the notation of
     *  the moves; ::XQ_NOTATION_AUTO (default) uses the notation named by
     *  the record's `Format` tag, else ICCS. */
    int32_t notation;
    /** `XQ_NOTATION_*` flags: dialect and ranks for reading, style for
     *  writing. Default 0. */
    uint32_t flags;
    /** Writing: wrap the move text before this many characters; 0 = one
     *  line per game. Default 80. */
    int32_t line_width;
    /** Writing: 1 (default) to write variations, 0 for the main line only. */
    int32_t variations;
    /** Writing: 1 (default) to write comments and NAGs. */
    int32_t comments;
    /** Reading: the input's encoding, an ::xq_encoding; ::XQ_ENCODING_AUTO
     *  (default) detects it. Also applies to XQF and DhtmlXQ input read
     *  through a PGN reader. Writing is always UTF-8. (Version 2.)
     *  @since 0.2 */
    int32_t encoding;
} xq_pgn_options;

/** Current version of ::xq_pgn_options (2 since 0.2: ::xq_pgn_options.encoding). */
#define XQ_PGN_OPTIONS_VERSION 2
/** Default options. */
#define XQ_PGN_OPTIONS_INIT { XQ_PGN_OPTIONS_VERSION, XQ_NOTATION_AUTO, 0u, 80, 1, 1, XQ_ENCODING_AUTO }

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
 * @param[in]  rec     Record.
 * @param[in]  path    File name.
 * @param[in]  append  1 to append (games are separated by the blank line), 0 to replace.
 * @param[in]  opt     Nullable options.
 * @param[out] err     Nullable; on failure the code and a message naming the
 *                     file and the reason, e.g. `cannot create 'x.pgn': Permission denied`.
 * @retval XQ_OK       Written.
 * @retval XQ_EIO      The file could not be opened or written.
 * @retval XQ_EINVAL   Bad argument; ::XQ_EVERSION, ::XQ_ENOMEM as xq_record_to_pgn().
 * @since 0.1 (@p err since 0.2)
 */
XQ_API int xq_record_save_pgn(const xq_record *rec, const char *path, int append,
                              const xq_pgn_options *opt, xq_parse_error *err);

/**
 * @brief Replace a record with the first game of a PGN text.
 *
 * Variations nest to any depth; comments (all those after one move joined
 * by a space) and tag values up to ::XQ_RECORD_MAX_TEXT bytes are kept. A
 * NUL byte in a comment or tag value becomes U+FFFD (in the move text it is
 * an error), a `}` in a `;` comment the full-width `｝` (U+FF5D), so that
 * whatever is read the writer writes and the reader reads back the same.
 * Reading is linear in the length of the text.
 * @param[in,out] rec  Record (on failure it holds the game up to the error).
 * @param[in]     text PGN text: UTF-8, GBK, Big5 or Windows-1252, detected
 *                     unless ::xq_pgn_options.encoding names it, and
 *                     converted to UTF-8.
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

/** Opaque streaming PGN reader: create with xq_pgn_reader_open(),
 *  xq_pgn_reader_open_fd() or xq_pgn_reader_open_memory(), free with
 *  xq_pgn_reader_free(). The file readers also read XQF and DhtmlXQ files
 *  (one game each). */
typedef struct xq_pgn_reader xq_pgn_reader;

/**
 * @brief Open a game file for reading game by game.
 *
 * The file is opened once and read in 64 KiB blocks; memory use is bounded
 * by the largest game, not by the file. The format is detected from the
 * first block (as xq_format_detect()): PGN is streamed; an XQF or DhtmlXQ
 * file (at most 64 MiB) is read whole and gives one game. Pipes, FIFOs and
 * `/dev/fd/N` work: nothing is opened twice.
 * @param[out] out   The reader; NULL on failure.
 * @param[in]  path  File name.
 * @param[in]  opt   Nullable options (copied).
 * @param[out] err   Nullable; on failure the code and a message naming the
 *                   file and the reason, e.g. `cannot open 'x.pgn': No such file or directory`.
 * @retval XQ_OK       Opened.
 * @retval XQ_EIO      The file cannot be opened or read.
 * @retval XQ_EPARSE   An XQF or DhtmlXQ file larger than 64 MiB.
 * @retval XQ_EINVAL   Bad argument; ::XQ_EVERSION, ::XQ_ENOMEM.
 * @since 0.1 (@p err and format detection since 0.2)
 */
XQ_API int xq_pgn_reader_open(xq_pgn_reader **out, const char *path, const xq_pgn_options *opt,
                              xq_parse_error *err);

/**
 * @brief Read games from an open file descriptor (a file, a pipe, a socket,
 *        standard input as 0).
 *
 * As xq_pgn_reader_open() (format detection, streaming), reading from the
 * descriptor's current position. The descriptor stays the caller's: the
 * reader does not close it, and it must stay open until the reader is
 * freed. Reads wait only for the bytes the next token needs, so a game
 * written into a pipe is returned without waiting for the writer to close.
 * Chosen over a `FILE *` so that Python (ctypes, `file.fileno()`) and C++
 * can pass it as a plain integer.
 * @param[out] out   The reader; NULL on failure.
 * @param[in]  fd    Readable descriptor (0 or more).
 * @param[in]  opt   Nullable options (copied).
 * @param[out] err   Nullable; on failure the code and a message.
 * @retval XQ_OK       Opened.
 * @retval XQ_EIO      The first read failed.
 * @retval XQ_EINVAL   @p fd is negative or a bad argument; ::XQ_EVERSION, ::XQ_ENOMEM.
 * @since 0.2
 */
XQ_API int xq_pgn_reader_open_fd(xq_pgn_reader **out, int fd, const xq_pgn_options *opt,
                                 xq_parse_error *err);

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
XQ_API int xq_pgn_reader_open_memory(xq_pgn_reader **out, const void *data, size_t size,
                                    const xq_pgn_options *opt);

/**
 * @brief Read the next game into a record.
 *
 * The record is reset first; its cursor ends at the end of the main line.
 * A result marker (`1-0`, `0-1`, `1/2-1/2`) sets the `Result` tag if the game
 * has none. After an error the record holds the game up to the error, with
 * the cursor on the last good move (inside the variation when the error is
 * in one: the message then says "in a variation"), and the next call
 * continues with the next game (the rest of the bad game is skipped). An
 * XQF or DhtmlXQ file is one game, read as xq_record_from_xqf() and
 * xq_record_from_dhtmlxq() (a failed one leaves the record unchanged).
 * @param[in,out] rd   Reader.
 * @param[out]    rec  Record to fill.
 * @param[out]    err  Nullable; for a bad game: code, line, column (in
 *                     characters; both saturate at INT32_MAX, never
 *                     wrap), byte offset in the input and message.
 * @return 1 when a game was read, 0 at the end of the input, or a negative
 *         code for a bad game (as xq_record_from_pgn()), ::XQ_EIO on a read
 *         error, ::XQ_EINVAL on a bad argument.
 * @since 0.1
 */
XQ_API int xq_pgn_reader_next(xq_pgn_reader *rd, xq_record *rec, xq_parse_error *err);

/**
 * @brief The text encoding the reader reads its input in.
 *
 * The one named in ::xq_pgn_options.encoding, or the one detected from the
 * input (at its first non-ASCII byte, from the text buffered there): UTF-8,
 * GBK, Big5 or Windows-1252.
 * @param[in] rd  The reader.
 * @return An ::xq_encoding: ::XQ_ENCODING_AUTO while only ASCII has been
 *         read (the text is the same in every encoding).
 * @retval XQ_EINVAL  @p rd is NULL or not a reader.
 * @since 0.2
 */
XQ_API int xq_pgn_reader_encoding(const xq_pgn_reader *rd);

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
 * The whole tree is read: the main line, variations and comments. Texts in
 * GBK, Big5 or Windows-1252 are detected by content (::XQ_ENCODING_AUTO)
 * and converted to UTF-8 (through a PGN reader, ::xq_pgn_options.encoding
 * can name the encoding); a `}` in a comment becomes `｝`, which PGN can
 * write. Header fields become the tags `Title`,
 * `Event`, `Date`, `Site`, `Red`, `Black`, `Result`, `RedTime`, `BlackTime`,
 * `TimeControl`, `Annotator` and `Author` when present. The file is read
 * into a new record first: on failure @p rec is unchanged.
 * @param[in,out] rec   Record (unchanged on failure).
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
 * and author tags. Text that is not UTF-8 is GBK, Big5 or Windows-1252,
 * detected by content (as ::XQ_ENCODING_AUTO), and converted to UTF-8. The
 * variations may be listed in any order (reading is linear in the text, with
 * a log factor); a branch number used twice is an error. The text is read
 * into a new record first: on failure @p rec is unchanged.
 * @param[in,out] rec   Record (unchanged on failure).
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
 *
 * The file is opened once (pipes and FIFOs work) and its format detected
 * from the bytes read, as xq_pgn_reader_open().
 * @param[in,out] rec   Record.
 * @param[in]     path  File name.
 * @param[in]     opt   Nullable PGN options.
 * @param[out]    err   Nullable; filled on failure; for ::XQ_EIO the message
 *                      names the file and the reason (the errno text).
 * @return As xq_record_from_pgn(), xq_record_from_xqf() or
 *         xq_record_from_dhtmlxq(); ::XQ_EIO if the file cannot be opened or
 *         read; ::XQ_ENOTFOUND if it holds no game.
 * @since 0.1
 */
XQ_API int xq_record_load(xq_record *rec, const char *path, const xq_pgn_options *opt,
                          xq_parse_error *err);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_RECORD_H */
