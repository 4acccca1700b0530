/* SPDX-License-Identifier: MIT */
/* Forwarding, this process's side (forward.h): commands out to a game's
 * owner, its answers back to the client, presence and owner changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "clock.h"
#include "codec.h"
#include "forward.h"
#include "forward_serve.h"
#include "forward_wire.h"
#include "game.h"
#include "stats.h"
#include "timer.h"
#include "tuning.h"

/* A command forwarded and not answered yet. */
typedef struct pending {
    uint32_t cid, q;
    json_t *id;         /* the client's id (a reference), or NULL */
    int64_t gid;
    int64_t deadline_us;
    char owner[STORE_OWNER_MAX]; /* the process it was sent to */
} pending;

/* A connection here watching a game owned elsewhere. */
typedef struct watch {
    uint32_t cid;
    int64_t gid;
} watch;

static broker *g_broker;
static store *g_store;
static const char *g_self;    /* NULL: not a site, nothing forwarded */
static broker_sub *g_inbox, *g_site;
static timer *g_tick;
static pending *g_pend;
static size_t g_npend, g_cappend;
static watch *g_watch;
static size_t g_nwatch, g_capwatch;
static uint32_t g_q;
static forward_dispatch_fn g_dispatch; /* the session layer's, for what runs here */

/* The commands that name a game and are forwarded to its owner. */
static const char *const k_forwarded[] = {"move",  "premove", "resign",  "draw",
                                          "draw_decline", "takeback", "takeback_decline",
                                          "abort", "watch",   "unwatch", "state", "say"};

/* Room for one more of n in *arr (of cap, elements of size sz): 0 or -1. */
static int grow(void **arr, size_t n, size_t *cap, size_t sz)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? *cap * 2 : 16;
    void *p = realloc(*arr, c * sz);
    if (!p)
        return -1;
    *arr = p;
    *cap = c;
    return 0;
}

/* Publish an envelope (taken; NULL, one that could not be built: nothing). */
static void publish(const char *subject, json_t *env)
{
    if (env)
        broker_publish(g_broker, subject, env, 0);
    json_decref(env);
}

/* Pending command i goes (its id's reference with it). */
static void pending_del(size_t i)
{
    json_decref(g_pend[i].id);
    g_pend[i] = g_pend[--g_npend];
}

/* Pending command i will not be answered (its owner is silent, or gone): the
 * client is told so, why, and it goes. */
static void pending_unanswered(size_t i, const char *why)
{
    conn *c = conn_get(g_pend[i].cid);
    stats_add(STAT_FORWARD_UNANSWERED, 1);
    if (c)
        conn_error(c, g_pend[i].id, "game_elsewhere",
                   "the process of game %lld %s; the command may or may not have been "
                   "applied: ask its state", (long long)g_pend[i].gid, why);
    pending_del(i);
}

/* Connection cid watches game gid through its owner (on), or no longer. */
static void watch_set(uint32_t cid, int64_t gid, int on)
{
    for (size_t i = 0; i < g_nwatch; i++)
        if (g_watch[i].cid == cid && g_watch[i].gid == gid) {
            if (!on)
                g_watch[i] = g_watch[--g_nwatch];
            return;
        }
    if (on && grow((void **)&g_watch, g_nwatch, &g_capwatch, sizeof *g_watch) == 0)
        g_watch[g_nwatch++] = (watch){cid, gid};
}

/* The game a forwarded command names (say: its "to"), or 0. */
static int64_t named_game(const char *type, json_t *m)
{
    json_t *v = json_object_get(m, strcmp(type, "say") == 0 ? "to" : "game");
    if (json_is_integer(v))
        return json_integer_value(v);
    if (strcmp(type, "say") == 0 && json_is_string(v)) {
        char *end;
        long long n = strtoll(json_string_value(v), &end, 10);
        return *json_string_value(v) && !*end ? n : 0;
    }
    return 0;
}

/* The process owning live game gid when it is another (into owner), else -1. */
static int owner_elsewhere(int64_t gid, char owner[STORE_OWNER_MAX])
{
    store_game sg;
    if (gid <= 0 || game_served(gid) || store_game_get(g_store, gid, &sg) != ST_OK)
        return -1;
    if (sg.result != XQ_RESULT_ONGOING || !sg.owner[0] || strcmp(sg.owner, g_self) == 0 ||
        sg.lease_until <= wall_ms())
        return -1; /* finished, ours, or its owner's lease lapsed (a takeover comes) */
    memcpy(owner, sg.owner, STORE_OWNER_MAX);
    return 0;
}

/* Send m of connection c to owner as command q. 0, or -1 (the broker away). */
static int send_in(conn *c, const char *owner, json_t *m, uint32_t q)
{
    char subject[BROKER_SUBJECT_MAX];
    fwd_proc_subject(subject, owner);
    json_t *env = fwd_in(g_self, c->id, c->user ? c->user->id : 0, q, m);
    int rc = env ? broker_publish(g_broker, subject, env, 0) : -1;
    json_decref(env);
    return rc;
}

int forward_command(conn *c, const char *type, json_t *m, json_t *id)
{
    if (!g_self || conn_is_remote(c))
        return 0;
    size_t i, n = sizeof k_forwarded / sizeof k_forwarded[0];
    for (i = 0; i < n && strcmp(type, k_forwarded[i]) != 0; i++)
        ;
    char owner[STORE_OWNER_MAX];
    int64_t gid = i < n ? named_game(type, m) : 0;
    if (!gid || owner_elsewhere(gid, owner) < 0)
        return 0;
    if (broker_fault(g_broker) ||
        grow((void **)&g_pend, g_npend, &g_cappend, sizeof *g_pend) < 0) {
        conn_error(c, id, "site_unavailable", "%s",
                   broker_fault(g_broker) ? broker_fault(g_broker) : "out of memory");
        return 1;
    }
    uint32_t q = ++g_q;
    if (send_in(c, owner, m, q) < 0) {
        conn_error(c, id, "site_unavailable", "%s",
                   broker_fault(g_broker) ? broker_fault(g_broker) : "the broker is away");
        return 1;
    }
    stats_add(STAT_FORWARDED, 1);
    pending *p = &g_pend[g_npend++];
    *p = (pending){c->id, q, id ? json_incref(id) : NULL, gid,
                   mono_us() + (int64_t)SRV_FWD_REPLY_MS * 1000, ""};
    memcpy(p->owner, owner, sizeof p->owner);
    if (strcmp(type, "watch") == 0 || strcmp(type, "unwatch") == 0)
        watch_set(c->id, gid, type[0] == 'w');
    return 1;
}

void forward_conn_closed(conn *c)
{
    if (!g_self || conn_is_remote(c))
        return;
    for (size_t i = g_npend; i-- > 0;)
        if (g_pend[i].cid == c->id)
            pending_del(i);
    for (size_t i = g_nwatch; i-- > 0;)
        if (g_watch[i].cid == c->id)
            g_watch[i] = g_watch[--g_nwatch];
    publish(FWD_SITE_SUBJECT, fwd_bye(g_self, c->id));
}

void forward_conn_user(conn *c)
{
    if (g_self && !conn_is_remote(c))
        publish(FWD_SITE_SUBJECT, fwd_att(g_self, c->id, c->user ? c->user->id : 0, 0, 0));
}

/* A session begins on a connection here (accounts.h's listener). */
static void on_attached(conn *c) { forward_conn_user(c); }

/* "out" and "done" for the connections here; "in" for the games here. */
static void inbox(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)arg, (void)subject, (void)skip;
    fwd_env e;
    if (fwd_parse(msg, &e) < 0)
        return;
    if (e.kind == FWD_IN)
        fwd_serve_in(&e);
    else if (e.kind == FWD_OUT) {
        conn *c = conn_get(e.cid);
        if (c && !conn_is_remote(c))
            conn_send(c, e.m);
        const char *type = json_string_value(json_object_get(e.m, "type"));
        json_t *gv = json_object_get(e.m, "game");
        if (type && strcmp(type, "end") == 0 && json_is_integer(gv)) /* nothing left to watch */
            watch_set(e.cid, json_integer_value(gv), 0);
    } else if (e.kind == FWD_DONE) {
        for (size_t i = 0; i < g_npend; i++)
            if (g_pend[i].cid == e.cid && g_pend[i].q == e.q) {
                pending_del(i);
                break;
            }
    }
}

/* Run command type for game gid on connection c here (its answer, without
 * an id, is what a client that did not ask gets: the state). */
static void run_here(conn *c, const char *type, int64_t gid)
{
    json_t *m = msg_new(type);
    if (m && json_object_set_new(m, "game", json_integer(gid)) == 0)
        g_dispatch(c, m);
    json_decref(m);
}

/* This process owns game e->game now (it took it over): the connections here
 * that watched it through the old owner watch it here, and its players'
 * connections here get its state. */
static void owner_here(const fwd_env *e)
{
    for (size_t i = g_nwatch; i-- > 0;) {
        conn *c = conn_get(g_watch[i].cid);
        if (g_watch[i].gid != e->game)
            continue;
        g_watch[i] = g_watch[--g_nwatch];
        if (c)
            run_here(c, "watch", e->game);
    }
    for (int s = 0; s < 2; s++) {
        user *u = e->uids[s] > 0 ? user_online(e->uids[s]) : NULL;
        for (conn *c = u ? u->conns : NULL; c; c = c->unext)
            if (!conn_is_remote(c))
                run_here(c, "state", e->game);
    }
}

/* A game has a new owner: the connections here of its players and its
 * watchers are attached to it (which sends them the state). */
static void owner_changed(const fwd_env *e)
{
    for (size_t i = g_npend; i-- > 0;) /* sent to the old owner: no answer comes */
        if (g_pend[i].gid == e->game && strcmp(g_pend[i].owner, e->owner) != 0)
            pending_unanswered(i, "changed while the command was on its way");
    if (strcmp(e->owner, g_self) == 0) {
        if (!e->fresh) /* a game started here: its players here have its state */
            owner_here(e);
        return;
    }
    for (int s = 0; s < 2; s++) {
        user *u = e->uids[s] > 0 ? user_online(e->uids[s]) : NULL;
        for (conn *c = u ? u->conns : NULL; c; c = c->unext)
            if (!conn_is_remote(c))
                publish(FWD_SITE_SUBJECT, fwd_att(g_self, c->id, u->id, e->game, e->fresh));
    }
    for (size_t i = 0; i < g_nwatch; i++) {
        conn *c = conn_get(g_watch[i].cid);
        if (!c || g_watch[i].gid != e->game)
            continue;
        json_t *m = msg_new("watch"); /* its answer, the state, has no id */
        if (m && json_object_set_new(m, "game", json_integer(e->game)) == 0)
            send_in(c, e->owner, m, 0);
        json_decref(m);
    }
}

/* Heartbeats, connections present or gone, new owners: the site subject. */
static void site(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)arg, (void)subject, (void)skip;
    fwd_env e;
    if (fwd_parse(msg, &e) < 0)
        return;
    if (e.kind == FWD_HB)
        fwd_serve_heard(e.origin);
    else if (e.kind == FWD_ATT)
        fwd_serve_att(&e);
    else if (e.kind == FWD_BYE)
        fwd_serve_bye(&e);
    else if (e.kind == FWD_OWNER)
        owner_changed(&e);
}

/* Every SRV_FWD_HEARTBEAT_MS: this process lives; silent origins dropped;
 * forwarded commands unanswered too long answered game_elsewhere. */
static void tick(void *arg)
{
    (void)arg;
    publish(FWD_SITE_SUBJECT, fwd_hb(g_self));
    fwd_serve_tick();
    int64_t now = mono_us();
    for (size_t i = g_npend; i-- > 0;) {
        if (g_pend[i].deadline_us > now)
            continue;
        pending_unanswered(i, "did not answer in time");
    }
    timer_set(g_tick, (int64_t)SRV_FWD_HEARTBEAT_MS * 1000);
}

int forward_init(broker *b, store *st, const char *self, forward_dispatch_fn fn)
{
    static const accounts_listener listener = {NULL, on_attached, NULL};
    char subject[BROKER_SUBJECT_MAX];
    g_broker = b;
    g_store = st;
    g_self = self;
    g_dispatch = fn;
    fwd_proc_subject(subject, self);
    if (fwd_serve_init(b, st, self, fn) < 0 || accounts_listen(&listener) < 0 ||
        !(g_inbox = broker_subscribe(b, subject, inbox, NULL)) ||
        !(g_site = broker_subscribe(b, FWD_SITE_SUBJECT, site, NULL)) ||
        !(g_tick = timer_new(tick, NULL)))
        return -1;
    timer_set(g_tick, (int64_t)SRV_FWD_HEARTBEAT_MS * 1000);
    return 0;
}

void forward_shutdown(void)
{
    if (!g_self)
        return;
    timer_free(g_tick);
    broker_unsubscribe(g_broker, g_inbox);
    broker_unsubscribe(g_broker, g_site);
    fwd_serve_shutdown();
    while (g_npend)
        pending_del(g_npend - 1);
    free(g_pend);
    free(g_watch);
    g_self = NULL;
}
