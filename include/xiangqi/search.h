/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/search.h
 * @brief The engine: a threaded alpha-beta search in the background.
 *
 * Part of the public API of libxiangqi; `<xiangqi/xiangqi.h>` includes every
 * layer. C99 and C++ clean. Conventions (errors, ownership, threads, naming):
 * docs/conventions.md.
 */
#ifndef XIANGQI_SEARCH_H
#define XIANGQI_SEARCH_H

#include "xiangqi/rules.h"

XQ_BEGIN_DECL

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
 *  Without threads (WebAssembly built without `-pthread`, the JavaScript
 *  package's single-threaded module): the handle has one thread, the
 *  caller's; xq_search_start() searches before it returns, and
 *  xq_search_stop() works from the info callback (docs/javascript.md).
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
#define XQ_SEARCH_LIMITS_VERSION 2

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
                                   delays (default 10, as the init function sets). With
                                   a fixed @c movetime_ms at most 3 ms of it is kept
                                   back: the search uses the rest and only the time
                                   limit ends it. */
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
    /* version 2 (0.2) */
    int32_t no_book;          /**< Nonzero: do not answer from the opening book set with
                                   xq_search_set_book() (default 0). Version 2.
                                   @since 0.2 */
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
    int32_t reserved[8]; /**< Zero: room for fields added later without an ABI break. */
} xq_search_info;

/** Outcome of a search, filled by xq_search_wait(). */
typedef struct xq_search_result {
    xq_move best_move;   /**< The move to play; ::XQ_MOVE_NONE only when there is
                              no move to search: the side to move has no legal
                              move (it has lost), or every legal move is banned
                              (@c banmoves) or left out (@c searchmoves). */
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
    int32_t reserved[7]; /**< Zero: room for fields added later without an ABI break. */
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
 *
 * The handle evaluates with the net built into the library, if it has one
 * (xq_search_set_eval()); the first call of the process reads that net.
 * @param[out] out  The new handle (the caller frees it); NULL on failure.
 * @param[in]  cfg  Nullable; NULL means the defaults (xq_search_config_init()).
 * @retval XQ_OK        Created.
 * @retval XQ_EINVAL    @p out is NULL or a config value is out of range.
 * @retval XQ_EVERSION  @p cfg has a newer version than this library.
 * @retval XQ_ENOMEM    Out of memory (the built-in net could not be read:
 *                      the next call tries again), or a thread could not be
 *                      created.
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
XQ_API int xq_search_set_hash(xq_search *s, size_t hash_mb);

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
 * @brief A function the running search calls now and then (see
 *        xq_search_set_progress_handler()).
 * @param userdata  What was given with it.
 * @return Nonzero to stop the search, as xq_search_stop() would; 0 to go on.
 */
typedef int (*xq_search_progress_fn)(void *userdata);

/**
 * @brief Set a function that the search calls while it runs, about every
 *        ::XQ_SEARCH_PROGRESS_NODES nodes; when it returns nonzero the search
 *        stops as with xq_search_stop() (between searches; kept until changed).
 *
 * The way `sqlite3_progress_handler()` works: for an embedder whose stop
 * request cannot come from another thread (a single-threaded build, such as
 * the JavaScript package's module without threads, polls its host here) or
 * that has a stop condition of its own (an event loop, a deadline, a
 * cancelled request). The first call comes within the first
 * ::XQ_SEARCH_PROGRESS_NODES nodes; a search that ends before that may make
 * none, and an infinite or ponder search that has reached its depth limit
 * waits for xq_search_stop() or xq_search_ponderhit() without calling it. The function runs on the thread of the search's first worker (the
 * caller's in a build without threads), must be quick, and may call no
 * function on the same handle but xq_search_stop() and xq_search_ponderhit().
 * Stopping this way is a stop like any other: xq_search_wait() then gives
 * what the search found so far, as after xq_search_stop().
 * @param[in,out] s         Handle.
 * @param[in]     fn        Nullable; NULL removes the handler.
 * @param[in]     userdata  Passed to @p fn.
 * @retval XQ_OK      Done; the next xq_search_start() uses it.
 * @retval XQ_EINVAL  Bad handle.
 * @retval XQ_ESTATE  A search is running; nothing changed.
 * @since 1.1
 */
XQ_API int xq_search_set_progress_handler(xq_search *s, xq_search_progress_fn fn, void *userdata);

/** Nodes of the search's first worker between two calls of the progress
 *  handler (xq_search_set_progress_handler()). @since 1.1 */
#define XQ_SEARCH_PROGRESS_NODES 1024

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

/** The evaluations a search can use (xq_search_set_eval()). @since 1.1 */
typedef enum xq_eval_kind {
    XQ_EVAL_CLASSICAL = 0, /**< The hand-written evaluation of xq_evaluate() (docs/tuning.md). */
    XQ_EVAL_NNUE = 1       /**< A learned network (docs/nnue.md): the one loaded with
                                xq_search_load_net(), else the net built into the library. */
} xq_eval_kind;

/**
 * @brief Choose the search's evaluation (between searches; kept until changed).
 *
 * A new handle uses ::XQ_EVAL_NNUE with the net built into the library
 * (docs/nnue.md), or ::XQ_EVAL_CLASSICAL when the library was built without
 * one (xq_search_net_info() of a new handle says which). The transposition table keeps the
 * evaluations it stored: xq_search_clear() after a change if that matters.
 * @param[in,out] s     Handle.
 * @param[in]     kind  ::XQ_EVAL_CLASSICAL or ::XQ_EVAL_NNUE.
 * @retval XQ_OK        Done.
 * @retval XQ_EINVAL    Bad handle or kind.
 * @retval XQ_ENOTFOUND ::XQ_EVAL_NNUE with no net: none loaded and none built into
 *                      this library; nothing changed.
 * @retval XQ_ESTATE    A search is running; nothing changed.
 * @since 1.1
 */
XQ_API int xq_search_set_eval(xq_search *s, int kind);

/**
 * @brief The search's evaluation.
 * @param[in] s  Handle.
 * @return ::XQ_EVAL_CLASSICAL or ::XQ_EVAL_NNUE, or ::XQ_EINVAL for a bad handle.
 * @since 1.1
 */
XQ_API int xq_search_get_eval(const xq_search *s);

/**
 * @brief Load a net file (docs/nnue.md) and evaluate with it (::XQ_EVAL_NNUE).
 *
 * The handle owns the net until another is loaded or the handle is freed. On
 * any error the handle is as it was (its evaluation and net unchanged).
 * A NULL @p path forgets the loaded net: ::XQ_EVAL_NNUE then uses the
 * library's built-in net, or, with none, the evaluation becomes
 * ::XQ_EVAL_CLASSICAL.
 * @param[in,out] s     Handle.
 * @param[in]     path  The file, or NULL.
 * @param[out]    err   Nullable; the reason of a failure (the message starts
 *                      with @p path; the codes and words are those of a bad
 *                      book file, xq_book_open(), or table file,
 *                      xq_egtb_open()).
 * @retval XQ_OK        Loaded; the next search uses it.
 * @retval XQ_EINVAL    Bad handle.
 * @retval XQ_EIO       The file cannot be opened or read.
 * @retval XQ_EPARSE    Not a net file (empty, bad magic), truncated, of the
 *                      wrong size (over 64 MiB too), another architecture, a
 *                      bad field or checksum.
 * @retval XQ_EVERSION  A net format version this library does not read.
 * @retval XQ_ENOMEM    Out of memory.
 * @retval XQ_ESTATE    A search is running.
 * @since 1.1
 */
XQ_API int xq_search_load_net(xq_search *s, const char *path, xq_parse_error *err);

/**
 * @brief xq_search_load_net() from the bytes of a net file in memory (copied:
 *        @p data may be freed after the call).
 * @param[in,out] s     Handle.
 * @param[in]     data  The file's bytes.
 * @param[in]     size  Their number.
 * @param[out]    err   Nullable; the reason of a failure.
 * @return As xq_search_load_net(), without ::XQ_EIO.
 * @since 1.1
 */
XQ_API int xq_search_load_net_memory(xq_search *s, const void *data, size_t size,
                                     xq_parse_error *err);

/**
 * @brief The description of the net the search would use with ::XQ_EVAL_NNUE
 *        (what it was trained on, its command and its loss), and its checksum.
 * @param[in]  s         Handle.
 * @param[out] buf       Nullable when @p cap is 0; receives "CHECKSUM DESCRIPTION",
 *                       CHECKSUM 16 hex digits, NUL-terminated.
 * @param[in]  cap       Size of @p buf.
 * @return The length of the text (without its NUL; as snprintf, it may exceed
 *         @p cap - 1, the text then cut), ::XQ_ENOTFOUND with no net, or
 *         ::XQ_EINVAL.
 * @since 1.1
 */
XQ_API int xq_search_net_info(const xq_search *s, char *buf, size_t cap);

/**
 * @brief The static evaluation of a position with the search's evaluation
 *        (xq_evaluate() is always the hand-written one).
 * @param[in]  s      Handle.
 * @param[in]  board  Position.
 * @param[out] cp     Centipawns from the side to move's view.
 * @retval XQ_OK      Done.
 * @retval XQ_EINVAL  Bad handle, board or NULL @p cp.
 * @since 1.1
 */
XQ_API int xq_search_evaluate(const xq_search *s, const xq_board *board, int32_t *cp);

/** @} */

XQ_END_DECL

#endif /* XIANGQI_SEARCH_H */
