/* SPDX-License-Identifier: MIT */
/* Game review: the engine's view of every move of a finished game (the
 * `analyse` command, docs/protocol.md "Review"). It runs on threads of its own
 * (--review-threads, default 1), not on the engine players' threads, so that
 * games never wait for a review. It is bounded and fair: at most
 * REVIEW_MAX reviews wait or run at once, one per user, and the threads take
 * one position at a time from the reviews in turn (round robin), so a short
 * game is not stuck behind a long one. Each position gets a search of
 * REVIEW_NODES nodes; the library classes the moves (xiangqi/review.h: best,
 * good, inaccuracy, mistake, blunder, with the default thresholds), as
 * xiangqi.tools.analyse does. A finished review is stored with the game and
 * answered from the database after that. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "game.h"
#include "net.h"
#include "review.h"
#include "store.h"
#include "tuning.h"
#include "work.h"

#define REVIEW_NODES 150000 /* nodes per position: about 0.1 s on one core */
#define REVIEW_MAX 16       /* reviews waiting or running at once (one per user) */
#define REVIEW_HASH_MB 16
#define REVIEW_PV_MAX 8 /* moves of the better line kept for a mistake */

typedef struct position {
    int32_t value;            /* for the side to move (xq_review_value(): mates as
                                 +-(XQ_MATE_VALUE - N)) */
    int best_len;             /* moves in best (0: none: the side to move has lost) */
    xq_move best[REVIEW_PV_MAX];
} position;

typedef struct review {
    int64_t gid;
    int64_t uid;                /* who asked (one review per user) */
    int64_t watchers[REVIEW_MAX]; /* users told of its progress and result */
    int nwatchers;
    xq_rules rules;
    xq_move *moves;
    int nmoves;
    position *pos;              /* nmoves + 1 positions: before each move, and the last */
    int next, done;             /* next position to search, positions searched */
    struct review *next_review;
} review;

typedef struct review_job {
    work w;
    review *r;
    int ply;
    xq_board *board;
    position result;
} review_job;

static pool *g_pool;
static store *g_store; /* review_init() */
static int g_threads;
static int g_inflight;
static review *g_reviews; /* round robin: the head is served next */
static int g_nreviews;
static int g_stopping;
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static xq_search *g_handles[64];
static int g_nhandles;

/* A review thread's search, made at its first review (its hash table is
 * memory a server that never reviews should not hold). */
typedef struct review_ctx {
    xq_search *search;
} review_ctx;

static void *ctx_new(void) { return calloc(1, sizeof(review_ctx)); }

static void ctx_free(void *ctx)
{
    review_ctx *x = ctx;
    if (x)
        xq_search_free(x->search);
    free(x);
}

static xq_search *ctx_search(review_ctx *x)
{
    if (!x || x->search)
        return x ? x->search : NULL;
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.hash_mb = REVIEW_HASH_MB;
    if (xq_search_new(&x->search, &cfg) != XQ_OK)
        return x->search = NULL;
    pthread_mutex_lock(&g_mu);
    if (g_nhandles < 64)
        g_handles[g_nhandles++] = x->search;
    pthread_mutex_unlock(&g_mu);
    return x->search;
}

/* On a review thread: one position. */
static void run(work *w, void *ctx)
{
    review_job *j = (review_job *)w;
    xq_search *s = ctx_search(ctx);
    memset(&j->result, 0, sizeof j->result);
    xq_move legal[XQ_MAX_MOVES];
    if (xq_board_generate_moves(j->board, legal, XQ_MAX_MOVES) == 0 || !s) {
        /* no move: lost (mate or stalemate) */
        xq_review_value(XQ_SCORE_MATE, 0, &j->result.value);
        return;
    }
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.nodes = REVIEW_NODES;
    lim.no_book = 1;
    xq_search_set_rules(s, &j->r->rules);
    xq_search_result res;
    if (xq_search_run(s, j->board, &lim, &res) != XQ_OK ||
        xq_review_value(res.score_kind, res.score, &j->result.value) != XQ_OK)
        return;
    int n = res.pv_length < REVIEW_PV_MAX ? res.pv_length : REVIEW_PV_MAX;
    if (n == 0 && res.best_move != XQ_MOVE_NONE) {
        j->result.best[0] = res.best_move;
        n = 1;
    } else {
        memcpy(j->result.best, res.pv, (size_t)n * sizeof res.pv[0]);
    }
    j->result.best_len = n;
}

/* A better line as ICCS words into line, and its first move in Chinese into
 * zh ("" when it cannot be written). */
static void line_words(xq_board *b, const xq_move *pv, int n,
                       char line[REVIEW_PV_MAX * XQ_MOVE_STR_MAX], char zh[XQ_MOVE_TEXT_MAX])
{
    size_t len = 0;
    line[0] = zh[0] = 0;
    for (int i = 0; i < n && i < REVIEW_PV_MAX; i++) {
        char t[XQ_MOVE_STR_MAX];
        xq_move_format(pv[i], t, sizeof t);
        len += (size_t)snprintf(line + len, REVIEW_PV_MAX * XQ_MOVE_STR_MAX - len, "%s%s",
                                i ? " " : "", t);
    }
    if (n > 0 && xq_board_move_to_text(b, pv[0], XQ_NOTATION_CHINESE, 0, zh, XQ_MOVE_TEXT_MAX) < 0)
        zh[0] = 0;
}

/* The finished review as the `analysis` message: each position's value from
 * Red's side (`values`, ply 0 .. n) and each move's class, loss and, when it
 * was not the best, the better move and its line. */
static json_t *analysis_json(const review *r)
{
    json_t *values = msg_list(), *moves = msg_list();
    xq_board *b = NULL;
    if (xq_board_new(&b, NULL, NULL) != XQ_OK) {
        json_decref(values);
        json_decref(moves);
        return NULL;
    }
    for (int k = 0; k <= r->nmoves; k++) /* Red moves at even plies */
        msg_list_add_int(values, (k % 2 == 0) ? r->pos[k].value : -r->pos[k].value);
    for (int k = 0; k < r->nmoves; k++) {
        /* the move from position k to k + 1, by the side to move at k */
        int is_best = r->pos[k].best_len > 0 && r->pos[k].best[0] == r->moves[k];
        int32_t loss = 0;
        int cls = xq_review_classify(r->pos[k].value, -r->pos[k + 1].value, is_best, NULL, &loss);
        if (cls < 0) /* cannot be: the values are xq_review_value()'s */
            cls = XQ_CLASS_GOOD;
        char t[XQ_MOVE_STR_MAX], line[REVIEW_PV_MAX * XQ_MOVE_STR_MAX], zh[XQ_MOVE_TEXT_MAX];
        xq_move_format(r->moves[k], t, sizeof t);
        int better = !is_best && r->pos[k].best_len > 0;
        if (better)
            line_words(b, r->pos[k].best, r->pos[k].best_len, line, zh);
        msg_list_add(moves, msg_review_move(k + 1, t, xq_review_class_name(cls),
                                            loss < 0 ? 0 : (int)loss, better ? line : NULL,
                                            better && zh[0] ? zh : NULL));
        xq_board_make_move(b, r->moves[k]);
    }
    xq_board_free(b);
    return msg_analysis(r->gid, r->nmoves + 1, values, moves, REVIEW_NODES);
}

static void tell(const review *r, json_t *msg)
{
    for (int i = 0; i < r->nwatchers; i++)
        send_to_user(r->watchers[i], msg);
}

static void review_free(review *r)
{
    free(r->moves);
    free(r->pos);
    free(r);
}

static void review_unlink(review *r)
{
    for (review **pp = &g_reviews; *pp; pp = &(*pp)->next_review)
        if (*pp == r) {
            *pp = r->next_review;
            g_nreviews--;
            return;
        }
}

static void job_done(work *w);

/* A job dropped at shutdown (pool_free): its board and itself. */
static void job_drop(work *w)
{
    review_job *j = (review_job *)w;
    xq_board_free(j->board);
    free(j);
}

static void to_back(review *r)
{
    review_unlink(r);
    r->next_review = NULL;
    review **tail = &g_reviews;
    while (*tail)
        tail = &(*tail)->next_review;
    *tail = r;
    g_nreviews++;
}

/* A review that cannot go on (no memory for its next job) ends: its users
 * hear it (an error with the game), and its slot is free again. Only for a
 * review with no job in flight (a job's end refers to it). */
static void review_fail(review *r, int quiet)
{
    review_unlink(r);
    if (!quiet) {
        json_t *e = msg_game_error(r->gid, "server_error",
                                   "out of memory: the review stopped; ask again later");
        tell(r, e);
        json_decref(e);
    }
    review_free(r);
}

/* Keep the threads busy: the next position of each review in turn (the
 * review served goes to the back of the list). A review whose next job cannot
 * be made while none of its jobs is out would wait for ever (no job's end
 * would schedule again): it fails (review_fail), quietly when it is @p asking,
 * the review being asked for, and then schedule() returns -1 (the request is
 * answered with the error); else 0. */
static int schedule(const review *asking)
{
    int rc = 0;
    while (!g_stopping && g_inflight < g_threads) {
        review *r = g_reviews;
        while (r && r->next > r->nmoves) /* all its positions are out already */
            r = r->next_review;
        if (!r)
            return rc;
        review_job *j = calloc(1, sizeof *j);
        if (!j || xq_board_new(&j->board, NULL, NULL) != XQ_OK) {
            free(j);
            if (r->next > r->done) /* jobs of it are out: their ends schedule again */
                return rc;
            if (r == asking)
                rc = -1;
            review_fail(r, r == asking);
            continue;
        }
        for (int k = 0; k < r->next; k++)
            xq_board_make_move(j->board, r->moves[k]);
        j->w.run = run;
        j->w.done = job_done;
        j->w.drop = job_drop;
        j->r = r;
        j->ply = r->next++;
        g_inflight++;
        to_back(r);
        pool_submit(g_pool, &j->w);
    }
    return rc;
}

static void job_done(work *w)
{
    review_job *j = (review_job *)w;
    review *r = j->r;
    g_inflight--;
    xq_board_free(j->board);
    if (g_stopping) {
        free(j);
        return;
    }
    r->pos[j->ply] = j->result;
    r->done++;
    free(j);
    if (r->done == r->nmoves + 1) {
        review_unlink(r);
        json_t *a = analysis_json(r);
        char *text = a ? json_dumps(a, JSON_COMPACT) : NULL;
        if (!text || store_review_put(g_store, r->gid, text) != ST_OK)
            fprintf(stderr, "xq-server: game %lld: the review could not be stored: %s\n",
                    (long long)r->gid, store_errmsg(g_store));
        if (a)
            tell(r, a);
        json_decref(a);
        free(text);
        review_free(r);
    } else {
        json_t *p = msg_analysis_progress(r->gid, r->done, r->nmoves + 1);
        tell(r, p);
        json_decref(p);
    }
    schedule(NULL);
}

static int collect_move(int ply, const char *mv, int64_t rm, int64_t bm, void *arg)
{
    (void)ply, (void)rm, (void)bm;
    review *r = arg;
    xq_move m;
    if (xq_move_parse(mv, &m) != XQ_OK)
        return 1;
    xq_move *grown = realloc(r->moves, (size_t)(r->nmoves + 1) * sizeof *grown);
    if (!grown)
        return 1;
    r->moves = grown;
    r->moves[r->nmoves++] = m;
    return 0;
}

void cmd_analyse(conn *c, json_t *m, json_t *id)
{
    store_game sg;
    if (request_stored_game(c, m, id, 1, &sg) < 0)
        return;
    char *stored = NULL;
    if (store_review_get(g_store, sg.id, &stored) == ST_OK) {
        json_t *a = json_loads(stored, 0, NULL);
        free(stored);
        if (a) {
            msg_analysis_for_people(a); /* a review stored before these fields lacks them */
            conn_send_id(c, id, a);
            return;
        }
    }
    for (review *r = g_reviews; r; r = r->next_review)
        if (r->gid == sg.id) { /* under way: this user hears of it too */
            int known = 0;
            for (int i = 0; i < r->nwatchers; i++)
                known |= r->watchers[i] == c->user->id;
            if (!known && r->nwatchers < REVIEW_MAX)
                r->watchers[r->nwatchers++] = c->user->id;
            conn_send_id(c, id, msg_analysis_progress(sg.id, r->done, r->nmoves + 1));
            return;
        }
    for (review *r = g_reviews; r; r = r->next_review)
        if (r->uid == c->user->id) {
            conn_error(c, id, "already_reviewing",
                       "your review of game %lld is under way: one at a time", (long long)r->gid);
            return;
        }
    if (g_nreviews >= REVIEW_MAX || !g_pool) {
        conn_error(c, id, "busy", "%d reviews are under way; try again in a minute", g_nreviews);
        return;
    }
    review *r = calloc(1, sizeof *r);
    if (!r) {
        conn_error(c, id, "server_error", "out of memory");
        return;
    }
    r->gid = sg.id;
    r->uid = c->user->id;
    r->watchers[r->nwatchers++] = c->user->id;
    xq_rules_init(&r->rules, XQ_RULES_VERSION, sg.ruleset);
    if (store_game_moves(g_store, sg.id, collect_move, r) != ST_OK ||
        !(r->pos = calloc((size_t)r->nmoves + 1, sizeof *r->pos))) {
        review_free(r);
        conn_error(c, id, "server_error", "the game's moves could not be read");
        return;
    }
    r->next_review = g_reviews;
    g_reviews = r;
    g_nreviews++;
    if (schedule(r) < 0) { /* r is gone */
        conn_error(c, id, "server_error", "out of memory: the review could not start");
        return;
    }
    conn_send_id(c, id, msg_analysis_progress(sg.id, 0, r->nmoves + 1));
}

int review_init(int threads, store *st)
{
    g_store = st;
    g_threads = threads;
    if (threads <= 0)
        return 0; /* reviews are off: `analyse` answers busy */
    g_pool = pool_new(threads, ctx_new, ctx_free);
    return g_pool ? 0 : -1;
}

void review_shutdown(void)
{
    g_stopping = 1;
    pthread_mutex_lock(&g_mu);
    for (int i = 0; i < g_nhandles; i++)
        xq_search_stop(g_handles[i]);
    pthread_mutex_unlock(&g_mu);
    pool_free(g_pool);
    g_pool = NULL;
    while (g_reviews) {
        review *r = g_reviews;
        g_reviews = r->next_review;
        review_free(r);
    }
    g_nreviews = 0;
}
