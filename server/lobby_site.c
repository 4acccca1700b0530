/* SPDX-License-Identifier: MIT */
/* The lobby across the processes of a site: this process's lease, the users
 * online site-wide, the offers of lapsed processes removed (lobby_site.h). */
#include <stdio.h>
#include <string.h>

#include "accounts.h"
#include "codec_msg.h"
#include "lobby_site.h"
#include "store.h"
#include "timer.h"
#include "tuning.h"

static store *g_store;
static broker *g_broker;
static char g_owner[STORE_OWNER_MAX] = "local";
static int g_site;                   /* one of a site (--broker) */
static int g_stopping;               /* a site's process after lobby_site_shutdown() */
static timer *g_renew, *g_scan;
static int g_renew_failed, g_scan_failed; /* said once until it works again */

const char *lobby_site_owner(void) { return g_owner; }

void lobby_site_offer_gone(const store_offer *o, const char *why)
{
    json_t *ev = msg_offer_gone(o->id, why);
    if (o->kind == STORE_OFFER_SEEK)
        broker_publish(g_broker, "lobby", ev, 0);
    else {
        send_to_user(o->uid, ev);
        send_to_user(o->to_uid, ev);
    }
    json_decref(ev);
}

int lobby_site_elsewhere(int64_t uid)
{
    if (!g_site)
        return 0;
    int rc = store_presence_any(g_store, uid, g_owner);
    return rc == ST_OK ? 1 : rc == ST_NOTFOUND ? 0 : -1;
}

/* A user's first connection here (the last one going: lobby_site_leave()). */
static void user_present(int64_t uid)
{
    if (store_presence_set(g_store, uid, g_owner, 1) != ST_OK)
        fprintf(stderr, "xq-server: user %lld's presence could not be stored: %s\n",
                (long long)uid, store_errmsg(g_store));
}

int lobby_site_leave(int64_t uid)
{
    if (g_stopping)
        return 1;
    if (g_site && store_presence_set(g_store, uid, g_owner, 0) != ST_OK)
        fprintf(stderr, "xq-server: user %lld's presence could not be removed: %s\n",
                (long long)uid, store_errmsg(g_store));
    return lobby_site_elsewhere(uid);
}

static int lapsed_offer(const store_offer *o, void *arg)
{
    (void)arg;
    lobby_site_offer_gone(o, "left");
    return 0;
}

/* Report a failing timer's store call once, and its recovery. */
static void say_failure(int *failed, int rc, const char *what)
{
    if (rc != ST_OK && !*failed)
        fprintf(stderr, "xq-server: %s: %s\n", what, store_errmsg(g_store));
    *failed = rc != ST_OK;
}

static void renew_tick(void *arg)
{
    (void)arg;
    say_failure(&g_renew_failed, store_process_renew(g_store, g_owner, SRV_LEASE_MS),
                "this process's lease in the lobby could not be renewed");
    timer_set(g_renew, (int64_t)SRV_LEASE_RENEW_MS * 1000);
}

static void scan_tick(void *arg)
{
    (void)arg;
    say_failure(&g_scan_failed, store_processes_lapsed(g_store, lapsed_offer, NULL),
                "the offers of lapsed processes could not be removed");
    timer_set(g_scan, (int64_t)SRV_LEASE_SCAN_MS * 1000);
}

int lobby_site_start(store *st, broker *b, const char *owner)
{
    g_store = st;
    g_broker = b;
    g_site = owner != NULL;
    if (owner)
        snprintf(g_owner, sizeof g_owner, "%s", owner);
    /* a site's process: its row first, so that no scan takes its offers */
    if ((g_site && store_process_renew(st, g_owner, SRV_LEASE_MS) != ST_OK) ||
        store_processes_lapsed(st, lapsed_offer, NULL) != ST_OK) {
        fprintf(stderr, "xq-server: the lobby's offers could not be set up: %s\n",
                store_errmsg(st));
        return -1;
    }
    if (!g_site)
        return 0;
    static const accounts_listener listener = {user_present, NULL, NULL};
    g_renew = timer_new(renew_tick, NULL);
    g_scan = timer_new(scan_tick, NULL);
    if (!g_renew || !g_scan || accounts_listen(&listener) < 0) {
        fprintf(stderr, "xq-server: the lobby's timers: out of memory\n");
        return -1;
    }
    timer_set(g_renew, (int64_t)SRV_LEASE_RENEW_MS * 1000);
    timer_set(g_scan, (int64_t)SRV_LEASE_SCAN_MS * 1000);
    return 0;
}

void lobby_site_shutdown(void)
{
    timer_free(g_renew);
    timer_free(g_scan);
    g_renew = g_scan = NULL;
    /* The loop has stopped, so what this process published now would not
     * reach Redis: the lease ends, and another process's next scan removes
     * the offers and tells the site. */
    if (g_site && store_process_renew(g_store, g_owner, 0) != ST_OK)
        fprintf(stderr, "xq-server: this process's lease in the lobby could not be ended: %s\n",
                store_errmsg(g_store));
    g_stopping = g_site;
}
