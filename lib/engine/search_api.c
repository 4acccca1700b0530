/* SPDX-License-Identifier: MIT */
/* The public search API (xq_search_*): the handle's life cycle, its
 * settings, and starting, stopping and collecting a search. The threads are
 * the pool's (thread.c), the search itself is search.c's; this file checks
 * the caller's input and hands it over. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "core/movegen.h"
#include "search.h"
#include "search_addons.h"
#include "thread.h"


int xq_search_config_init(xq_search_config *cfg, unsigned int version)
{
    if (!cfg)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_SEARCH_CONFIG_VERSION))
        return XQ_EVERSION;
    memset(cfg, 0, sizeof *cfg);
    cfg->version = version;
    cfg->threads = 1;
    cfg->hash_mb = 16;
    return XQ_OK;
}

/* The size of xq_search_limits as a caller of that version knows it: fields
 * are only appended (version 2 added no_book). */
static size_t limits_size(unsigned int version)
{
    return version >= 2 ? sizeof(xq_search_limits) : offsetof(xq_search_limits, no_book);
}

int xq_search_limits_init(xq_search_limits *lim, unsigned int version)
{
    if (!lim)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_SEARCH_LIMITS_VERSION))
        return XQ_EVERSION;
    memset(lim, 0, limits_size(version));
    lim->version = version;
    lim->red_time_ms = lim->black_time_ms = -1;
    lim->move_overhead_ms = 10;
    lim->multipv = 1;
    lim->skill = XQ_SKILL_MAX;
    return XQ_OK;
}

int xq_search_new(xq_search **out, const xq_search_config *cfg)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    xq_search_config c;
    xq_search_config_init(&c, XQ_SEARCH_CONFIG_VERSION);
    if (cfg) {
        if (xq__version_check(cfg->version, XQ_SEARCH_CONFIG_VERSION))
            return XQ_EVERSION;
        c.threads = cfg->threads;
        c.hash_mb = cfg->hash_mb;
    }
    if (c.threads < 1 || c.threads > XQ_SEARCH_MAX_THREADS || c.hash_mb < 1 ||
        c.hash_mb > XQ_SEARCH_MAX_HASH_MB)
        return XQ_EINVAL;
    xq__tables_init();
    if (xq__nnue_default_ready() != XQ_OK) /* a new handle evaluates with it */
        return XQ_ENOMEM;

    struct xq_search *s = calloc(1, sizeof *s);
    if (!s)
        return XQ_ENOMEM;
    if (xq__tt_resize(&s->tt, c.hash_mb) != 0) {
        free(s);
        return XQ_ENOMEM;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    atomic_init(&s->stop, 0);
    atomic_init(&s->pondering, 0);
    xq__tm_start_clock(&s->tm);
    xq__rules_compile(NULL, &s->next_rules);
    s->net = xq__nnue_default(); /* the built-in net when there is one, else NULL: by hand */
    s->magic = XQ_SEARCH_MAGIC;
    if (xq__pool_resize(s, c.threads) != XQ_OK) {
        xq_search_free(s);
        return XQ_ENOMEM;
    }
    *out = s;
    return XQ_OK;
}

void xq_search_free(xq_search *s)
{
    if (!search_ok(s))
        return;
    xq__pool_free(s);
    xq__tt_free(&s->tt);
    xq__nnue_free(s->own_net);
    pthread_cond_destroy(&s->cv);
    pthread_mutex_destroy(&s->mu);
    s->magic = 0;
    free(s);
}

int xq_search_set_threads(xq_search *s, int threads)
{
    if (!search_ok(s) || threads < 1 || threads > XQ_SEARCH_MAX_THREADS)
        return XQ_EINVAL;
    if (xq__pool_busy(s))
        return XQ_ESTATE;
    return xq__pool_resize(s, threads);
}

int xq_search_set_hash(xq_search *s, size_t hash_mb)
{
    if (!search_ok(s) || hash_mb < 1 || hash_mb > XQ_SEARCH_MAX_HASH_MB)
        return XQ_EINVAL;
    if (xq__pool_busy(s))
        return XQ_ESTATE;
    return xq__tt_resize(&s->tt, hash_mb) ? XQ_ENOMEM : XQ_OK;
}

int xq_search_set_rules(xq_search *s, const xq_rules *rules)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    rules_cfg cfg;
    const int rc = xq__rules_compile(rules, &cfg);
    if (rc != XQ_OK)
        return rc;
    if (xq__pool_busy(s))
        return XQ_ESTATE;
    s->next_rules = cfg;
    return XQ_OK;
}

/* The progress handler is set between searches (xq__pool_when_idle()): the
 * main worker reads it without the lock. */
typedef struct progress_handler {
    xq_search_progress_fn fn;
    void *userdata;
} progress_handler;

static void put_progress(struct xq_search *s, const void *arg)
{
    const progress_handler *h = arg;
    s->progress = h->fn;
    s->progress_userdata = h->userdata;
}

int xq_search_set_progress_handler(xq_search *s, xq_search_progress_fn fn, void *userdata)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    const progress_handler h = {fn, userdata};
    return xq__pool_when_idle(s, put_progress, &h);
}

/* The add-ons (search_addons.h) are borrowed handles, set between searches:
 * the search reads them without the lock. */
static void put_book(struct xq_search *s, const void *book) { s->book = book; }
static void put_egtb(struct xq_search *s, const void *tb) { s->egtb = tb; }

static int set_addon(xq_search *s, int valid, void (*put)(struct xq_search *, const void *),
                     const void *addon)
{
    if (!search_ok(s) || !valid)
        return XQ_EINVAL;
    return xq__pool_when_idle(s, put, addon);
}

int xq_search_set_book(xq_search *s, const xq_book *book)
{
    return set_addon(s, !book || xq__book_handle_ok(book), put_book, book);
}

int xq_search_set_tablebase(xq_search *s, const xq_egtb *tb)
{
    return set_addon(s, !tb || xq__egtb_handle_ok(tb), put_egtb, tb);
}

int xq_search_clear(xq_search *s)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    if (xq__pool_busy(s))
        return XQ_ESTATE;
    xq__tt_clear(&s->tt);
    for (int i = 0; i < s->nworkers; i++)
        xq__worker_clear(s->workers[i]);
    return XQ_OK;
}

static int move_ok(xq_move m)
{
    return !(m & 0xC000) && MOVE_FROM(m) < SQ_NB && MOVE_TO(m) < SQ_NB && MOVE_FROM(m) != MOVE_TO(m);
}

/* Copy the caller's limits (of any version up to ours) and check them. */
static int read_limits(xq_search_limits *dst, const xq_search_limits *lim)
{
    xq_search_limits_init(dst, XQ_SEARCH_LIMITS_VERSION);
    if (!lim)
        return XQ_OK;
    if (xq__version_check(lim->version, XQ_SEARCH_LIMITS_VERSION))
        return XQ_EVERSION;
    memcpy(dst, lim, limits_size(lim->version)); /* older: defaults after */
    dst->version = XQ_SEARCH_LIMITS_VERSION;
    if (dst->depth < 0 || dst->depth > XQ_SEARCH_MAX_DEPTH || dst->movetime_ms < 0 ||
        dst->red_inc_ms < 0 || dst->black_inc_ms < 0 || dst->movestogo < 0 ||
        dst->move_overhead_ms < 0 || dst->move_overhead_ms > 60000 || dst->mate < 0 ||
        dst->mate > XQ_SEARCH_MAX_DEPTH / 2 || dst->multipv < 1 || dst->multipv > XQ_MAX_MOVES ||
        dst->skill < 0 || dst->skill > XQ_SKILL_MAX || dst->nsearchmoves < 0 ||
        dst->nsearchmoves > XQ_MAX_MOVES || dst->nbanmoves < 0 || dst->nbanmoves > XQ_MAX_MOVES)
        return XQ_EINVAL;
    for (int i = 0; i < dst->nsearchmoves; i++)
        if (!move_ok(dst->searchmoves[i]))
            return XQ_EINVAL;
    for (int i = 0; i < dst->nbanmoves; i++)
        if (!move_ok(dst->banmoves[i]))
            return XQ_EINVAL;
    if (dst->red_time_ms < -1)
        dst->red_time_ms = 0;
    if (dst->black_time_ms < -1)
        dst->black_time_ms = 0;
    if (!dst->depth && !dst->nodes && !dst->movetime_ms && !dst->mate && dst->red_time_ms < 0 &&
        dst->black_time_ms < 0)
        dst->infinite = 1; /* nothing would end it */
    if (dst->infinite)
        dst->nodes = 0;
    return XQ_OK;
}

int xq_search_start(xq_search *s, const xq_board *board, const xq_search_limits *lim,
                    xq_search_info_fn on_info, void *userdata)
{
    if (!search_ok(s) || !board_ok(board))
        return XQ_EINVAL;
    xq_search_limits l;
    int rc = read_limits(&l, lim);
    if (rc != XQ_OK)
        return rc;
    if (xq__pool_claim(s) != XQ_OK)
        return XQ_ESTATE;
    xq_search_result book;
    if (xq__book_search_answer(s->book, board, &s->next_rules, &l, &book)) {
        xq__pool_finish(s, &book); /* a book move: answered at once */
        return XQ_OK;
    }
    s->root_pos = board->pos;
    s->rules = s->next_rules;
    s->ngame = xq__rules_entries_from_board(board, s->game, GAME_HIST_MAX) + 1;
    xq__rules_limit_from_board(board, &s->rules, &s->root_limit);
    s->lim = l;
    s->on_info = on_info;
    s->userdata = userdata;
    xq__tt_new_search(&s->tt);
    atomic_store(&s->stop, 0);
    atomic_store(&s->pondering, l.ponder != 0);
    xq__tm_start_clock(&s->tm);
    xq__pool_launch(s);
    return XQ_OK;
}

void xq_search_stop(xq_search *s)
{
    if (!search_ok(s))
        return;
    atomic_store(&s->stop, 1);
    xq__pool_notify(s, NULL);
}

/* Under the pool's lock, so that the clock moves once. */
static void leave_ponder(struct xq_search *s)
{
    if (atomic_load(&s->pondering)) {
        xq__tm_start_clock(&s->tm);
        atomic_store(&s->pondering, 0);
    }
}

void xq_search_ponderhit(xq_search *s)
{
    if (!search_ok(s))
        return;
    xq__pool_notify(s, leave_ponder);
}

int xq_search_running(const xq_search *s)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    return xq__pool_busy((struct xq_search *)s);
}

int xq_search_wait(xq_search *s, xq_search_result *res)
{
    if (!search_ok(s))
        return XQ_EINVAL;
    if (!s->have_result)
        return XQ_ESTATE;
    xq__pool_wait_idle(s);
    if (res)
        *res = s->result;
    return XQ_OK;
}

int xq_search_run(xq_search *s, const xq_board *board, const xq_search_limits *lim,
                  xq_search_result *res)
{
    xq_search_limits l;
    int rc = read_limits(&l, lim);
    if (rc != XQ_OK)
        return rc;
    if (!lim || l.infinite || l.ponder)
        return XQ_EINVAL;
    rc = xq_search_start(s, board, lim, NULL, NULL);
    if (rc != XQ_OK)
        return rc;
    return xq_search_wait(s, res);
}

int xq_evaluate(const xq_board *board, int32_t *cp)
{
    if (!board_ok(board) || !cp)
        return XQ_EINVAL;
    *cp = xq__evaluate(&board->pos);
    return XQ_OK;
}
