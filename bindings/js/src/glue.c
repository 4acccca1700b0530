/* SPDX-License-Identifier: MIT */
/* The few C helpers the JavaScript package (bindings/js/lib/api.js) needs
 * beside the library's own API, compiled into the WebAssembly modules only:
 *
 * - the layout of the public structs (names, offsets and sizes as this
 *   compiler lays them out), so the JavaScript reads and writes fields by
 *   name and never by a hard-coded offset;
 * - the search's progress callback: in the single-threaded module it calls
 *   Module.xqInfo(info) at once, on the thread that searches; in the threaded
 *   module it runs on a search thread, so it queues a copy that the
 *   JavaScript takes with xqjs_queue_take() from a timer;
 * - the stop poll of the single-threaded module (lib/engine/search.h): the search
 *   asks Module.xqStopPoll() at every clock check, which reads a flag that
 *   another thread sets (a SharedArrayBuffer, bindings/js/lib/worker.js). */
#include <emscripten.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi/xiangqi.h"

/* The exported functions (called from the JavaScript only). */
typedef struct queue queue;
int xqjs_layout_count(void);
const char *xqjs_layout_name(int i);
int xqjs_layout_offset(int i);
queue *xqjs_queue_new(void);
void xqjs_queue_free(queue *q);
int xqjs_queue_take(queue *q, xq_search_info *out);
int xqjs_search_start(xq_search *s, const xq_board *board, const xq_search_limits *lim, queue *q);
int xqjs_threaded(void);

/* ---- the layout of the public structs ---- */

typedef struct field {
    const char *name;
    int offset; /* or the size, for a name without a dot */
} field;

#define SIZE(type) {#type, (int)sizeof(xq_##type)}
#define F(type, member) {#type "." #member, (int)offsetof(xq_##type, member)}

static const field layout[] = {
    SIZE(parse_error), F(parse_error, code), F(parse_error, offset), F(parse_error, line),
    F(parse_error, column), F(parse_error, message),

    SIZE(search_config), F(search_config, threads), F(search_config, hash_mb),

    SIZE(search_limits), F(search_limits, depth), F(search_limits, nodes),
    F(search_limits, movetime_ms), F(search_limits, red_time_ms),
    F(search_limits, black_time_ms), F(search_limits, red_inc_ms),
    F(search_limits, black_inc_ms), F(search_limits, movestogo),
    F(search_limits, move_overhead_ms), F(search_limits, infinite), F(search_limits, ponder),
    F(search_limits, mate), F(search_limits, multipv), F(search_limits, skill),
    F(search_limits, seed), F(search_limits, nsearchmoves), F(search_limits, nbanmoves),
    F(search_limits, searchmoves), F(search_limits, banmoves), F(search_limits, no_book),

    SIZE(search_info), F(search_info, depth), F(search_info, seldepth),
    F(search_info, multipv), F(search_info, score_kind), F(search_info, score),
    F(search_info, bound), F(search_info, nodes), F(search_info, nps), F(search_info, time_ms),
    F(search_info, hashfull), F(search_info, pv_length), F(search_info, pv),

    SIZE(search_result), F(search_result, best_move), F(search_result, ponder_move),
    F(search_result, score_kind), F(search_result, score), F(search_result, depth),
    F(search_result, seldepth), F(search_result, nodes), F(search_result, nps),
    F(search_result, time_ms), F(search_result, hashfull), F(search_result, pv_length),
    F(search_result, pv), F(search_result, book_move),

    SIZE(rules), F(rules, ruleset), F(rules, fold), F(rules, ply_limit), F(rules, check_cap),
    F(rules, mate_threat_depth), F(rules, insufficient_material),

    SIZE(outcome), F(outcome, result), F(outcome, reason), F(outcome, at_fault),
    F(outcome, repetitions), F(outcome, cycle_start), F(outcome, cycle_plies), F(outcome, cycle),
    F(outcome, nchasing), F(outcome, chasing), F(outcome, nchased), F(outcome, chased),
    F(outcome, limit_count), F(outcome, limit_plies),

    SIZE(svg_options), F(svg_options, size), F(svg_options, flip), F(svg_options, coordinates),
    F(svg_options, glyphs), F(svg_options, show_last_move), F(svg_options, last_move),
    F(svg_options, show_check), F(svg_options, arrows), F(svg_options, arrow_count),

    SIZE(pgn_options), F(pgn_options, notation), F(pgn_options, flags),
    F(pgn_options, line_width), F(pgn_options, variations), F(pgn_options, comments),
    F(pgn_options, encoding),

    SIZE(book_options), F(book_options, max_ply), F(book_options, min_games),
    F(book_options, min_score), F(book_options, weighting),

    SIZE(book_entry), F(book_entry, move), F(book_entry, games), F(book_entry, wins),
    F(book_entry, draws), F(book_entry, losses), F(book_entry, weight), F(book_entry, score),

    SIZE(review_thresholds), F(review_thresholds, version), F(review_thresholds, inaccuracy),
    F(review_thresholds, mistake), F(review_thresholds, blunder), F(review_thresholds, loss_cap),
};

EMSCRIPTEN_KEEPALIVE int xqjs_layout_count(void)
{
    return (int)(sizeof layout / sizeof layout[0]);
}

EMSCRIPTEN_KEEPALIVE const char *xqjs_layout_name(int i)
{
    return i >= 0 && i < xqjs_layout_count() ? layout[i].name : NULL;
}

EMSCRIPTEN_KEEPALIVE int xqjs_layout_offset(int i)
{
    return i >= 0 && i < xqjs_layout_count() ? layout[i].offset : -1;
}

/* ---- progress of a search ---- */

#ifdef __EMSCRIPTEN_PTHREADS__
#include <pthread.h>

/* Infos kept between two takes of the JavaScript timer; the oldest are
 * dropped beyond it (a take every few milliseconds never gets near). */
#define QUEUE_CAP 256

struct queue {
    pthread_mutex_t mu;
    int head, count;
    xq_search_info items[QUEUE_CAP];
};

EMSCRIPTEN_KEEPALIVE queue *xqjs_queue_new(void)
{
    queue *q = calloc(1, sizeof *q);
    if (q)
        pthread_mutex_init(&q->mu, NULL);
    return q;
}

EMSCRIPTEN_KEEPALIVE void xqjs_queue_free(queue *q)
{
    if (!q)
        return;
    pthread_mutex_destroy(&q->mu);
    free(q);
}

/* Copy the oldest queued info into *out: 1, or 0 when none is queued. */
EMSCRIPTEN_KEEPALIVE int xqjs_queue_take(queue *q, xq_search_info *out)
{
    int got = 0;
    pthread_mutex_lock(&q->mu);
    if (q->count > 0) {
        *out = q->items[q->head];
        q->head = (q->head + 1) % QUEUE_CAP;
        q->count--;
        got = 1;
    }
    pthread_mutex_unlock(&q->mu);
    return got;
}

static void on_info(const xq_search_info *info, void *userdata)
{
    queue *q = userdata;
    pthread_mutex_lock(&q->mu);
    if (q->count == QUEUE_CAP) {
        q->head = (q->head + 1) % QUEUE_CAP;
        q->count--;
    }
    q->items[(q->head + q->count) % QUEUE_CAP] = *info;
    q->count++;
    pthread_mutex_unlock(&q->mu);
}

/* xq_search_start() with the queue as its progress callback. */
EMSCRIPTEN_KEEPALIVE int xqjs_search_start(xq_search *s, const xq_board *board,
                                           const xq_search_limits *lim, queue *q)
{
    if (!q)
        return XQ_EINVAL;
    return xq_search_start(s, board, lim, on_info, q);
}

#else

/* The single-threaded module has no queue: the functions exist so that the
 * JavaScript is the same for both modules. */
struct queue {
    int unused;
};

EMSCRIPTEN_KEEPALIVE queue *xqjs_queue_new(void)
{
    return calloc(1, sizeof(queue));
}

EMSCRIPTEN_KEEPALIVE void xqjs_queue_free(queue *q)
{
    free(q);
}

EMSCRIPTEN_KEEPALIVE int xqjs_queue_take(queue *q, xq_search_info *out)
{
    (void)q;
    (void)out;
    return 0;
}

EM_JS(void, js_info, (const xq_search_info *info), {
    if (Module["xqInfo"])
        Module["xqInfo"](info);
})

static void on_info(const xq_search_info *info, void *userdata)
{
    (void)userdata;
    js_info(info);
}

EM_JS(int, js_stop_poll, (void), {
    return Module["xqStopPoll"] ? (Module["xqStopPoll"]() ? 1 : 0) : 0;
})

/* The search's progress handler (xq_search_set_progress_handler()): nonzero
 * when the host asks for a stop (Module.xqStopPoll(), which api.js sets). */
static int stop_requested(void *userdata)
{
    (void)userdata;
    return js_stop_poll();
}

/* xq_search_start() with Module.xqInfo() as its progress callback and the
 * host's stop request as its progress handler, as any client of the library
 * would set them; the single-threaded module searches inside this call. */
EMSCRIPTEN_KEEPALIVE int xqjs_search_start(xq_search *s, const xq_board *board,
                                           const xq_search_limits *lim, queue *unused)
{
    (void)unused;
    const int rc = xq_search_set_progress_handler(s, stop_requested, NULL);
    return rc != XQ_OK ? rc : xq_search_start(s, board, lim, on_info, NULL);
}

#endif

/* 1 in the threaded module, 0 in the single-threaded one. */
EMSCRIPTEN_KEEPALIVE int xqjs_threaded(void)
{
#ifdef __EMSCRIPTEN_PTHREADS__
    return 1;
#else
    return 0;
#endif
}
