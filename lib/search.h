/* The search: shared state of a search handle (struct xq_search), the
 * per-thread worker, and the pieces of a search that the thread pool's
 * main thread runs in order (thread.c owns that sequence; search.c never
 * calls the pool). */
#ifndef XQ_SEARCH_H
#define XQ_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>

#include "eval.h"
#include "movepick.h"
#include "rules.h"
#include "tt.h"

enum {
    VALUE_DRAW = 0,
    VALUE_MATE = 32000,
    VALUE_INF = 32001,
    VALUE_NONE = 32002,
    VALUE_MATE_IN_MAX = VALUE_MATE - MAX_PLY,
    VALUE_MATED_IN_MAX = -VALUE_MATE_IN_MAX
};

/* Game positions before the root kept for the repetition rule. */
enum { GAME_HIST_MAX = 1024 };

/* Stack entries below ply 0 read by the search (ss - 4). */
enum { SS_OFF = 4 };

INLINE int mate_in(int ply) { return VALUE_MATE - ply; }
INLINE int mated_in(int ply) { return -VALUE_MATE + ply; }

typedef struct root_move {
    xq_move move;
    int score, prev_score, bound, seldepth;
    int pv_len;
    xq_move pv[MAX_PLY];
} root_move;

typedef struct stack_entry {
    xq_move move;          /* move made from this ply (XQ_MOVE_NONE: null move) */
    uint8_t piece;         /* piece that moved */
    uint8_t captured;
    uint8_t in_check;
    xq_move excluded;      /* singular-extension search: skip this move */
    xq_move killer[2];
    int static_eval;
    int move_count;
    int stat_score;
    cont_row_t *cont;      /* continuation row of `move`, NULL for none */
    int pv_len;
    xq_move pv[MAX_PLY + 1];
} stack_entry;

/* Time management (timeman.c). Times in milliseconds since the start. */
typedef struct timeman {
    _Atomic int64_t start_ns; /* clock origin; moved to the ponderhit time */
    int64_t optimum;  /* try to finish an iteration by then; -1 = no time limit */
    int64_t maximum;  /* hard stop; -1 = none */
    int fixed;        /* a fixed move time: use all of it */
    int nroot;        /* root moves (one: nothing to think about) */
    /* Between iterations (xq__tm_iteration_done). */
    xq_move last_best;
    int stable;       /* iterations the best move stayed the same */
    int prev_score;   /* best score of the previous iteration, VALUE_NONE at first */
} timeman;

struct xq_search;

typedef struct worker {
    struct xq_search *s;
    int id;
    pthread_t thread;
    uint64_t seen_gen;     /* last generation of work taken */

    pos_t pos;
    histories *hist;
    int rep_root;          /* rep[rep_root] is the root position */
    rules_entry rep[GAME_HIST_MAX + MAX_PLY + 8];
    rules_limit limit[MAX_PLY + 8]; /* move-limit count at each ply */
    stack_entry stack[MAX_PLY + SS_OFF + 4];

    int nroot;
    root_move root[MAX_MOVES];
    int pv_idx, multipv;
    int root_depth, completed_depth, seldepth;
    int best_changes;
    int tick;
    int nmp_min_ply;
    _Atomic uint64_t nodes;
} worker;

#define XQ_SEARCH_MAGIC 0x58515345u /* "XQSE" */

struct xq_search {
    uint32_t magic;
    tt_t tt;

    pthread_mutex_t mu;
    pthread_cond_t cv;     /* every state change is broadcast on it */
    int nworkers;
    worker **workers;
    int quit;
    uint64_t main_gen, helper_gen;
    int helpers_busy;
    int searching;         /* started and not yet finished */
    int have_result;

    atomic_int stop;
    atomic_int pondering;

    /* Inputs of the current search (written by start(), read-only after). */
    pos_t root_pos;
    int ngame;
    rules_entry game[GAME_HIST_MAX];
    rules_limit root_limit;  /* the move-limit count at the root */
    rules_cfg rules;         /* the rules of the current search */
    rules_cfg next_rules;    /* xq_search_set_rules(); copied by start() */
    xq_search_limits lim;
    xq_search_info_fn on_info;
    void *userdata;
    timeman tm;

    xq_search_result result;
};

INLINE int search_ok(const xq_search *s) { return s && s->magic == XQ_SEARCH_MAGIC; }

/* ---- search.c: the pieces of a search ---- */

/* Sum of the nodes of every worker. */
uint64_t xq__search_nodes(const struct xq_search *s);
/* Copy the search inputs into the worker and build its root moves. */
void xq__search_prepare(worker *w);
/* Iterative deepening on the worker's thread until the limits or stop: the
 * main worker (id 0) also reports, keeps the time and the mate limit;
 * helpers search until told to stop. Needs root moves. */
void xq__search_iterate(worker *w);
/* Tell the callback that there is no move to search (the main worker found
 * no root move). */
void xq__search_report_no_move(worker *w);
/* After every worker stopped: choose the thread to trust, report its line
 * if it is not the main worker's and fill s->result. */
void xq__search_finish(struct xq_search *s);
/* Forget the move-ordering statistics. */
void xq__worker_clear(worker *w);

/* ---- timeman.c: the clock and the time budget ---- */

/* The one monotonic clock of the library's search, in nanoseconds. */
int64_t xq__clock_ns(void);
/* Set the clock origin to now (start of a search, ponderhit). */
void xq__tm_start_clock(timeman *tm);
/* Milliseconds since the clock origin. */
int64_t xq__tm_elapsed(const timeman *tm);
/* Compute the time budget of a search. */
void xq__tm_init(timeman *tm, const xq_search_limits *lim, int side, int nroot);
/* Past the hard maximum (checked inside the search)? */
int xq__tm_out_of_time(const timeman *tm);
/* After a completed iteration of the main worker: nonzero when the next one
 * should not start (never while pondering). The budget grows when the best move keeps changing
 * (best_changes in this iteration) or the score drops. */
int xq__tm_iteration_done(timeman *tm, xq_move best, int score, int best_changes, int pondering);

/* ---- thread.c: the thread pool ---- */

/* Grow or shrink the pool to n workers (no search running). On failure the
 * pool keeps the count it had. */
int xq__pool_resize(struct xq_search *s, int n);
/* Stop any search, join every thread and free the workers. */
void xq__pool_free(struct xq_search *s);
/* Claim the pool for a new search: XQ_ESTATE if one runs; the caller then
 * writes the inputs and calls xq__pool_launch(). */
int xq__pool_claim(struct xq_search *s);
/* Wake the main thread to run the claimed search. */
void xq__pool_launch(struct xq_search *s);
/* Nonzero while a search runs. */
int xq__pool_busy(struct xq_search *s);
/* Block until no search runs. */
void xq__pool_wait_idle(struct xq_search *s);
/* Wake every thread waiting on a change (after stop or ponderhit); fn, when
 * not NULL, runs under the pool's lock first. */
void xq__pool_notify(struct xq_search *s, void (*fn)(struct xq_search *));

#endif
