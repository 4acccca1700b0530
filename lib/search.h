/* The search: shared state of a search handle (struct xq_search), the
 * per-thread worker, and the entry points the thread pool calls. */
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
    int64_t optimum;  /* try to finish an iteration by then; -1 = no time limit */
    int64_t maximum;  /* hard stop; -1 = none */
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
    _Atomic int64_t start_ns; /* clock origin; moved to the ponderhit time */

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
    const struct xq_egtb *egtb; /* endgame tables, NULL: none (egtb_search.c) */
};

INLINE int search_ok(const xq_search *s) { return s && s->magic == XQ_SEARCH_MAGIC; }

/* Milliseconds since the search's clock origin. */
int64_t xq__search_elapsed(const struct xq_search *s);
/* Sum of the nodes of every worker. */
uint64_t xq__search_nodes(const struct xq_search *s);

/* Run a search on the worker's thread: the main worker (id 0) drives the
 * iterations, time and result; helpers search until told to stop. */
void xq__search_main(worker *w);
void xq__search_helper(worker *w);
/* Forget the move-ordering statistics. */
void xq__worker_clear(worker *w);

/* Compute the time budget of a search (timeman.c). */
void xq__tm_init(timeman *tm, const xq_search_limits *lim, int side, int nroot);

/* Thread pool (thread.c): wake the helpers and wait until they finish. */
void xq__pool_start_helpers(struct xq_search *s);
void xq__pool_wait_helpers(struct xq_search *s);
/* Block the main worker while an infinite or ponder search has nothing
 * left to do, until stop or ponderhit. */
void xq__pool_wait_stop(struct xq_search *s);

#endif
