/* SPDX-License-Identifier: MIT */
/* The search: shared state of a search handle (struct xq_search), the
 * per-thread worker, the search's tuning, and the pieces of a search that
 * the thread pool's main thread runs in order (thread.c owns that sequence;
 * search.c never calls the pool). The scores are score.h's, the clock
 * timeman.h's, the pool's interface thread.h's; the opening book and the
 * endgame tables are reached through search_addons.h. Only the engine
 * (search.c, search_api.c, thread.c) includes this header. */
#ifndef XQ_SEARCH_H
#define XQ_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "eval.h"
#include "movepick.h"
#include "engine/nnue/nnue.h"
#include "core/rules.h"
#include "score.h"
#include "timeman.h"
#include "tt.h"

/* WebAssembly without threads (emscripten without -pthread, the single-threaded
 * build of bindings/js): the pool has one worker and no thread; the claimed
 * search runs on the caller's thread inside xq__pool_launch(), so
 * xq_search_start() returns when it is over. xq_search_stop() then works from
 * the info callback and from the progress handler
 * (xq_search_set_progress_handler()), which the JavaScript glue sets to poll
 * its host. */
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define XQ_NO_THREADS 1
#endif

/* Game positions before the root kept for the repetition rule. */
enum { GAME_HIST_MAX = 1024 };

/* Stack entries below ply 0 read by the search (ss - 4). */
enum { SS_OFF = 4 };

/* ---- Tuning of the search (search.c), every threshold by name ---- */

/* Node bookkeeping. */
#define CHECK_LIMITS_EVERY XQ_SEARCH_PROGRESS_NODES /* nodes between clock checks of the
                                                       main thread, and progress calls */

/* History bonus of a cutoff at depth d: min(QUAD d^2 + LIN d - BASE, MAX). */
#define HIST_BONUS_QUAD 24
#define HIST_BONUS_LIN 96
#define HIST_BONUS_BASE 80
#define HIST_BONUS_MAX 2400
#define HIST_BONUS_MARGIN 150       /* a cutoff this far above beta counts one ply deeper */
#define EARLY_REFUTATION_MOVES 2    /* the opponent's move refuted by one of our first moves */
#define MAX_QUIETS_TRIED 64         /* quiet moves remembered for the history malus */
#define MAX_CAPTURES_TRIED 32       /* captures remembered for the history malus */

/* Late-move reductions: table[d][m] = LMR_TABLE_BASE + ln d ln m / LMR_TABLE_DIV. */
#define LMR_TABLE_BASE 0.5
#define LMR_TABLE_DIV 1.8
#define LMR_MIN_DEPTH 3             /* reduce only from this depth */
#define LMR_MIN_MOVES 1             /* never reduce the first move(s) */
#define LMR_ROOT_MOVES 2            /* nor the next ones at the root */
#define LMR_CUTNODE 2               /* extra reduction of quiet moves at expected cut nodes */
#define LMR_HIST_OFFSET 4000        /* history score that neither reduces nor extends */
#define LMR_HIST_DIV 12000          /* history per ply of reduction */

/* Late-move pruning: quiet moves searched before the rest are skipped. */
#define LMP_MAX_DEPTH 16
#define LMP_BASE 3                  /* (LMP_BASE + d^2) / (2 - improving) */

/* Reverse futility pruning. */
#define RFP_MAX_DEPTH 8             /* below this depth */
#define RFP_MARGIN 95               /* per ply */

/* Razoring. */
#define RAZOR_MAX_DEPTH 3           /* up to this depth */
#define RAZOR_BASE 100
#define RAZOR_MARGIN 220            /* per ply */

/* Static pruning near a mating attack: no reverse futility pruning for a
 * side this many pieces aim at (xq__palace_attackers) and no razoring for a
 * side with this many aimed at the enemy palace, when the static margin is
 * at least DANGER_MARGIN (a material lead or deficit: a mate outweighs it). */
#define DANGER_ATTACKERS 3
#define DANGER_MARGIN 500

/* Null-move pruning. */
#define NMP_MIN_DEPTH 2
#define NMP_EVAL_BASE 140           /* static eval >= beta - NMP_EVAL_DEPTH d + NMP_EVAL_BASE */
#define NMP_EVAL_DEPTH 20
#define NMP_BASE_R 3                /* R = BASE + d / DEPTH_DIV + min((eval - beta) / EVAL_DIV, EVAL_MAX) */
#define NMP_DEPTH_DIV 4
#define NMP_EVAL_DIV 200
#define NMP_EVAL_MAX 3
#define NMP_DANGER_DEPTH 2           /* no null move whose reply is shallower, near a mating attack */
#define NMP_VERIFY_DEPTH 12         /* verify a null-move cutoff from this depth */
#define NMP_VERIFY_NUM 3            /* without null moves in the first NUM/DEN of it */
#define NMP_VERIFY_DEN 4

/* Internal iterative reduction. */
#define IIR_MIN_DEPTH 4

/* Pruning of single quiet moves, by their reduced depth. */
#define CONT_PRUNE_DEPTH 3          /* both continuation histories negative */
#define FUTILITY_MAX_DEPTH 7
#define FUTILITY_BASE 240
#define FUTILITY_MARGIN 170         /* per ply */
#define SEE_QUIET_MARGIN 30         /* times the reduced depth squared */
/* Pruning of captures and checks by static exchange. */
#define SEE_CAPTURE_MAX_DEPTH 8
#define SEE_CAPTURE_MARGIN 160      /* per ply */

/* Singular extension of the table move. */
#define SE_MIN_DEPTH 8
#define SE_TT_DEPTH_MARGIN 3        /* the entry at most this much shallower */
#define SE_MARGIN 2                 /* singular beta = table value - SE_MARGIN d */
/* Check extension: always from this depth, below it only for a safe check. */
#define CHECK_EXT_SEE_DEPTH 3

/* Quiescence search. */
#define QS_FUTILITY_MARGIN 160
#define QS_EVASIONS 2               /* quiet evasions searched once one holds */

/* Aspiration windows. */
#define ASP_MIN_DEPTH 4
#define ASP_DELTA 18                /* half window: DELTA + |score| / SCORE_DIV */
#define ASP_SCORE_DIV 12
#define ASP_GROW_DIV 3              /* after a fail: delta += delta / GROW_DIV + GROW_ADD */
#define ASP_GROW_ADD 6

/* Reports of the main thread. */
#define REPORT_FAIL_MS 3000         /* report fail-highs and fail-lows after this time */
#define REPORT_CHANGE_MS 1000       /* report a new best move after this time */

/* Progress in quiet positions (issue 17): the static evaluation shrinks
 * toward the draw score as the plies counted toward the move limit grow
 * (w->limit[ply].count, the counter whose reaching rules.ply_limit draws):
 * eval - eval * min(count, limit) * PROGRESS_DAMP_PCT / (100 * limit), so a
 * lead is worth PROGRESS_DAMP_PCT percent less at the limit than right after
 * a capture; the side ahead prefers captures and quick progress to shuffling.
 * Without a move limit the same slope runs over PROGRESS_NO_LIMIT_PLIES plies.
 * The table stores the evaluation undamped; it is damped where it is used. */
#define PROGRESS_DAMP_PCT 50
#define PROGRESS_NO_LIMIT_PLIES 120

/* Lazy SMP vote: weight (score - lowest score + VOTE_BASE) * depth. */
#define VOTE_BASE 14


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

struct xq_search;

typedef struct worker {
    /* Per-search state: xq__search_prepare() zeroes everything before
     * `pos` (WORKER_RESET_END) with one memset. */
    stack_entry stack[MAX_PLY + SS_OFF + 4];
    int pv_idx, multipv;
    int root_depth, completed_depth, seldepth;
    int best_changes;
    int tick;
    int nmp_min_ply;
    int nroot;

    /* Copied from the search's inputs by xq__search_prepare(). */
    pos_t pos;
    int rep_root;          /* rep[rep_root] is the root position */
    rules_entry rep[GAME_HIST_MAX + MAX_PLY + 8];
    rules_limit limit[MAX_PLY + 8]; /* move-limit count at each ply */
    root_move root[MAX_MOVES];
    const nnue_net *net;   /* the search's net (s->net), NULL: the hand-written evaluation */
    nnue_acc acc[MAX_PLY + 4]; /* the net's accumulators of the position at each ply */

    /* Kept across searches. */
    struct xq_search *s;
    int id;
    pthread_t thread;
    uint64_t seen_gen;     /* last generation of work taken */
    uint64_t searched;     /* the search_id it last prepared for (see pick_thread) */
    int quit;              /* leave the thread loop (the pool shrinks) */
    histories *hist;       /* cleared by xq__worker_clear() only */
    _Atomic uint64_t nodes; /* reset by an atomic store, not by the memset */
} worker;

/* End of the per-search prefix of a worker (see xq__search_prepare). */
#define WORKER_RESET_END offsetof(worker, pos)

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
    uint64_t search_id;    /* counts the searches launched */
    int helpers_on;        /* the helpers search this time (the main worker's own) */

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
    xq_search_progress_fn progress; /* xq_search_set_progress_handler(); set between
                                       searches, read by the main worker */
    void *progress_userdata;
    timeman tm;

    xq_search_result result;
    const xq_book *book;   /* xq_search_set_book(); borrowed (search_addons.h) */
    const xq_egtb *egtb;   /* xq_search_set_tablebase(); NULL: none (search_addons.h) */
    const nnue_net *net;   /* the evaluation: a net (own_net or the built-in one), NULL:
                              the hand-written one (xq_search_set_eval()) */
    nnue_net *own_net;     /* a net loaded by xq_search_load_net(); freed with the handle */
};

INLINE int search_ok(const xq_search *s) { return s && s->magic == XQ_SEARCH_MAGIC; }

/* ---- search.c: the pieces of a search ---- */

/* Sum of the nodes of the workers in this search (the main worker's; the
 * helpers' only when they were started). Main worker only. */
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

#endif
