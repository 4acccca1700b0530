/* SPDX-License-Identifier: MIT */
/* A site's games: the owner id, the leases renewed, the games lost dropped
 * and the lapsed ones taken over (game_owner.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "game_internal.h"
#include "game_owner.h"
#include "stats.h"
#include "store.h"
#include "timer.h"
#include "tuning.h"

static char g_id[STORE_OWNER_MAX]; /* this process: 16 hex digits */
static timer *g_renew, *g_scan;
static int g_renew_failed;         /* the last renewal failed (said once) */

void game_owner_init(void)
{
    uint64_t r;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) /* a unique enough stand-in */
        r = ((uint64_t)getpid() << 32) ^ (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)&r;
    snprintf(g_id, sizeof g_id, "%016" PRIx64, r);
    game_core_set_owner(g_id);
}

const char *game_owner_id(void) { return g_id; }

/* The ids a renewal reports, gathered (sorted by the caller). */
typedef struct id_set {
    int64_t *ids;
    size_t n, cap;
    int failed; /* out of memory */
} id_set;

static int add_id(int64_t gid, void *arg)
{
    id_set *s = arg;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        int64_t *ids = realloc(s->ids, cap * sizeof *ids);
        if (!ids) {
            s->failed = 1;
            return 1;
        }
        s->ids = ids;
        s->cap = cap;
    }
    s->ids[s->n++] = gid;
    return 0;
}

static int cmp_id(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Take game g out of this process: another owns it (or ended it) now. */
static void drop(game *g)
{
    fprintf(stderr, "xq-server: game %lld: another process of the site owns it now; "
            "no longer served here\n", (long long)g->id);
    stats_add(STAT_GAMES_GIVEN_UP, 1);
    game_retire(g);
}

/* Renew the leases; a live game the renewal did not report (or one a move or
 * an end found lost) is dropped. A renewal that fails (the store away) drops
 * nothing: the moves are refused meanwhile, and a lease that lapsed is
 * another process's to take only when it claims it. */
static void renew_tick(void *arg)
{
    (void)arg;
    id_set held = {0};
    int rc = store_leases_renew(game_store(), g_id, SRV_LEASE_MS, add_id, &held);
    if (rc != ST_OK || held.failed) {
        if (!g_renew_failed)
            fprintf(stderr, "xq-server: the leases of this process's games could not be "
                    "renewed: %s\n", held.failed ? "out of memory" : store_errmsg(game_store()));
        g_renew_failed = 1;
    } else {
        g_renew_failed = 0;
        if (held.n > 0) /* none: ids is NULL, which qsort and bsearch may not get */
            qsort(held.ids, held.n, sizeof *held.ids, cmp_id);
    }
    int known = rc == ST_OK && !held.failed;
    for (size_t i = game_live_count(); i-- > 0;) {
        game *g = game_at(i);
        int kept = !known || g->ended ||
                   (held.n > 0 &&
                    bsearch(&g->id, held.ids, held.n, sizeof *held.ids, cmp_id) != NULL);
        if (g->lost || !kept)
            drop(g);
    }
    free(held.ids);
    timer_set(g_renew, (int64_t)SRV_LEASE_RENEW_MS * 1000);
}

static void scan_tick(void *arg)
{
    (void)arg;
    if (game_take_over_lapsed() < 0)
        fprintf(stderr, "xq-server: the lapsed leases could not be read: %s\n",
                store_errmsg(game_store()));
    timer_set(g_scan, (int64_t)SRV_LEASE_SCAN_MS * 1000);
}

int game_owner_start(void)
{
    g_renew = timer_new(renew_tick, NULL);
    g_scan = timer_new(scan_tick, NULL);
    if (!g_renew || !g_scan)
        return -1;
    timer_set(g_renew, (int64_t)SRV_LEASE_RENEW_MS * 1000);
    timer_set(g_scan, (int64_t)SRV_LEASE_SCAN_MS * 1000);
    return 0;
}

void game_owner_shutdown(void)
{
    timer_free(g_renew);
    timer_free(g_scan);
    g_renew = g_scan = NULL;
    if (g_id[0] && store_leases_release(game_store(), g_id) != ST_OK)
        fprintf(stderr, "xq-server: the leases could not be given up: %s\n",
                store_errmsg(game_store()));
}
