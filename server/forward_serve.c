/* SPDX-License-Identifier: MIT */
/* Forwarding, the owner's side (forward_serve.h). */
#include <stdio.h>
#include <string.h>

#include "accounts.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "forward_serve.h"
#include "forward_table.h"
#include "game.h"
#include "stats.h"
#include "tuning.h"

#define FWD_DROP_BATCH 64 /* remote connections dropped a call (the rest the next tick) */

static broker *g_broker;
static store *g_store;
static const char *g_self;
static forward_dispatch_fn g_dispatch;
static fwd_table *g_table;

/* What is sent to a remote connection goes to its process. */
static void serve_send(conn *c, json_t *msg)
{
    char origin[STORE_OWNER_MAX], subject[BROKER_SUBJECT_MAX];
    uint32_t rcid;
    if (fwd_table_remote(g_table, c->id, origin, &rcid) < 0)
        return;
    json_t *env = fwd_out(rcid, msg);
    fwd_proc_subject(subject, origin);
    if (env)
        broker_publish(g_broker, subject, env, 0);
    json_decref(env);
}

int fwd_serve_init(broker *b, store *st, const char *self, forward_dispatch_fn fn)
{
    g_broker = b;
    g_store = st;
    g_self = self;
    g_dispatch = fn;
    g_table = fwd_table_new();
    if (!g_table)
        return -1;
    net_set_remote_sender(serve_send);
    return 0;
}

/* A remote connection goes: out of the table, the usual closing (its user
 * detached, its watches ended), freed. */
static void remote_free(conn *c)
{
    fwd_table_del(g_table, c->id);
    conn_free_remote(c);
    stats_set(STAT_REMOTE_CONNECTIONS, (int64_t)fwd_table_count(g_table));
}

/* The remote connection's user brought up to uid (0: none): 0, or -1 when
 * the user cannot be loaded. The id is trusted: a process of the site
 * authenticated the session (the broker is the site's private network); the
 * user's name and rating are the store's. quiet: user_attach_remote()'s. */
static int set_user(conn *c, int64_t uid, int quiet)
{
    if (c->user && c->user->id == uid)
        return 0;
    if (c->user)
        user_detach(c);
    if (uid <= 0)
        return 0;
    store_user su;
    if (store_user_by_id(g_store, uid, &su) != ST_OK)
        return -1;
    return user_attach_remote(c, &su, quiet);
}

/* The remote connection (origin, rcid) with user uid, made when new (create),
 * or NULL. quiet: a user newly attached is not sent his games' states. */
static conn *remote_get(const char *origin, uint32_t rcid, int64_t uid, int create, int quiet)
{
    conn *c = conn_get(fwd_table_find(g_table, origin, rcid));
    if (!c && create) {
        c = conn_new_remote();
        if (c && fwd_table_add(g_table, origin, rcid, c->id, mono_us()) < 0) {
            conn_free_remote(c);
            c = NULL;
        }
        stats_set(STAT_REMOTE_CONNECTIONS, (int64_t)fwd_table_count(g_table));
    }
    if (c && set_user(c, uid, quiet) < 0) {
        fprintf(stderr, "xq-server: a remote connection's user %lld could not be loaded\n",
                (long long)uid);
        remote_free(c);
        return NULL;
    }
    return c;
}

/* An answer for a connection of origin that has no remote connection here. */
static void answer_error(const char *origin, uint32_t rcid, json_t *id, const char *code,
                         const char *text)
{
    char subject[BROKER_SUBJECT_MAX];
    json_t *err = msg_error(code, text);
    if (err && id)
        json_object_set(err, "id", id);
    json_t *env = err ? fwd_out(rcid, err) : NULL;
    fwd_proc_subject(subject, origin);
    if (env)
        broker_publish(g_broker, subject, env, 0);
    json_decref(env);
    json_decref(err);
}

void fwd_serve_in(const fwd_env *e)
{
    fwd_serve_heard(e->origin);
    /* made quietly: the command is the client's, and the state of its user's
     * games (sent when a player comes) would cross it (a second state of a
     * game just started, before the move it answers) */
    conn *c = remote_get(e->origin, e->cid, e->uid, 1, 1);
    if (c)
        g_dispatch(c, e->m);
    else
        answer_error(e->origin, e->cid, json_object_get(e->m, "id"), "server_error",
                     "the game's process could not serve this connection");
    char subject[BROKER_SUBJECT_MAX];
    json_t *done = fwd_done(e->cid, e->q);
    fwd_proc_subject(subject, e->origin);
    if (done)
        broker_publish(g_broker, subject, done, 0);
    json_decref(done);
}

void fwd_serve_att(const fwd_env *e)
{
    if (strcmp(e->origin, g_self) == 0)
        return;
    fwd_serve_heard(e->origin);
    int served = e->game > 0 && game_served(e->game);
    int has = fwd_table_find(g_table, e->origin, e->cid) != 0;
    if (!has && !served && !(e->uid > 0 && game_user_live(e->uid)))
        return;
    conn *c = remote_get(e->origin, e->cid, e->uid, 1, e->fresh);
    /* new to it: the game's state, as to a player who comes (not for a game
     * just started: its state reached the connection through user.ID) */
    if (c && has && served && !e->fresh) {
        json_t *m = msg_new("state");
        if (m && json_object_set_new(m, "game", json_integer(e->game)) == 0)
            g_dispatch(c, m);
        json_decref(m);
    }
}

void fwd_serve_bye(const fwd_env *e)
{
    conn *c = conn_get(fwd_table_find(g_table, e->origin, e->cid));
    if (c)
        remote_free(c);
}

void fwd_serve_heard(const char *origin)
{
    if (strcmp(origin, g_self) != 0)
        fwd_table_heard(g_table, origin, mono_us());
}

void fwd_serve_tick(void)
{
    if (broker_fault(g_broker)) { /* no origin can be heard now: none is judged silent */
        fwd_table_heard_all(g_table, mono_us());
        return;
    }
    uint32_t ids[FWD_DROP_BATCH];
    size_t n = fwd_table_drop_silent(g_table, mono_us(), (int64_t)SRV_FWD_SILENCE_MS * 1000, ids,
                                     FWD_DROP_BATCH);
    for (size_t i = 0; i < n; i++) {
        conn *c = conn_get(ids[i]);
        if (c)
            conn_free_remote(c);
    }
    if (n)
        fprintf(stderr, "xq-server: %zu remote connection%s dropped: their process fell silent\n",
                n, n == 1 ? "" : "s");
    stats_set(STAT_REMOTE_CONNECTIONS, (int64_t)fwd_table_count(g_table));
}

void fwd_serve_shutdown(void)
{
    uint32_t ids[FWD_DROP_BATCH];
    size_t n;
    while (g_table && (n = fwd_table_drop_silent(g_table, INT64_MAX, -1, ids, FWD_DROP_BATCH)) > 0)
        for (size_t i = 0; i < n; i++)
            conn_free_remote(conn_get(ids[i]));
    net_set_remote_sender(NULL);
    fwd_table_free(g_table);
    g_table = NULL;
}
