/* SPDX-License-Identifier: MIT */
/* Accounts and sessions: register, login (password or session token),
 * guests, logout. Passwords: Argon2id (libsodium crypto_pwhash_str, the
 * "interactive" cost), hashed and checked on a worker thread so the loop never
 * waits for it. Session tokens: 32 random bytes (randombytes_buf), given to
 * the client in hex; the database keeps only their BLAKE2b hash. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accounts.h"
#include "broker.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "config.h"
#include "net.h"
#include "ratelimit.h"
#include "rating.h"
#include "standing.h"
#include "store.h"
#include "tuning.h"
#include "work.h"

#define USER_BUCKETS 4096
static user *g_users[USER_BUCKETS];
static pool *g_crypto;
static store *g_store;   /* accounts_init() */
static broker *g_broker; /* accounts_init() */
#define ACCOUNTS_MAX_LISTENERS 4 /* modules that hear of users coming and going */
static accounts_listener g_listeners[ACCOUNTS_MAX_LISTENERS];
static int g_nlisteners;
/* The cost of new password hashes (accounts_set_hash_cost()). */
static unsigned long long g_pw_ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
static size_t g_pw_mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;

void accounts_set_hash_cost(unsigned long long opslimit, size_t memlimit)
{
    g_pw_ops = opslimit;
    g_pw_mem = memlimit;
}

int accounts_listen(const accounts_listener *l)
{
    if (g_nlisteners == ACCOUNTS_MAX_LISTENERS)
        return -1;
    g_listeners[g_nlisteners++] = *l;
    return 0;
}

/* An event of user.ID: every connection of the user here but `skip`. */
static void user_deliver(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)subject;
    for (conn *c = ((user *)arg)->conns; c; c = c->unext)
        if (c->id != skip && !conn_is_remote(c)) /* its own process delivers to it */
            conn_send(c, msg);
}

void send_to_user_but(int64_t uid, json_t *msg, const conn *except)
{
    if (uid <= 0)
        return;
    char subject[BROKER_SUBJECT_MAX];
    broker_user_subject(subject, uid);
    broker_publish(g_broker, subject, msg, except ? except->id : 0);
}

void send_to_user(int64_t uid, json_t *msg) { send_to_user_but(uid, msg, NULL); }

user *user_online(int64_t uid)
{
    for (user *u = g_users[(uint64_t)uid % USER_BUCKETS]; u; u = u->hnext)
        if (u->id == uid)
            return u;
    return NULL;
}

int accounts_init(store *st, broker *b)
{
    g_store = st;
    g_broker = b;
    if (sodium_init() < 0)
        return -1;
    g_crypto = pool_new(1, NULL, NULL);
    return g_crypto ? 0 : -1;
}

void accounts_shutdown(void)
{
    pool_free(g_crypto);
    g_crypto = NULL;
}

/* Names: 3..20 of A-Z a-z 0-9 _ -, starting with a letter. No SQL or HTML
 * metacharacter can get through, and names are safe in PGN tags. */
int name_valid(const char *name)
{
    size_t n = strlen(name);
    if (n < SRV_NAME_MIN || n > SRV_NAME_MAX)
        return 0;
    if (!((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z')))
        return 0;
    for (size_t i = 0; i < n; i++) {
        char ch = name[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '_' || ch == '-'))
            return 0;
    }
    return 1;
}

static void token_hash(const char *token, char out[2 * 32 + 1])
{
    unsigned char h[32];
    crypto_generichash(h, sizeof h, (const unsigned char *)token, strlen(token), NULL, 0);
    sodium_bin2hex(out, 2 * 32 + 1, h, sizeof h);
}

/* Connection c joins user su. quiet: the `attached` listeners (which send
 * the state of the user's games) are not told: a remote connection made for
 * a game whose state reached it already (user_attach_remote()). */
static void user_attach_as(conn *c, const store_user *su, const char *thash, json_t *id,
                           const char *token, int quiet)
{
    if (c->user)
        user_detach(c);
    user *u = user_online(su->id);
    int first = 0;
    if (!u) {
        u = calloc(1, sizeof *u);
        if (!u) {
            conn_error(c, id, "server_error", "out of memory");
            return;
        }
        u->id = su->id;
        snprintf(u->name, sizeof u->name, "%s", su->name);
        u->rating = su->rating;
        u->deviation = standing_deviation(g_store, su);
        u->guest = su->guest;
        char subject[BROKER_SUBJECT_MAX];
        broker_user_subject(subject, u->id);
        u->sub = broker_subscribe(g_broker, subject, user_deliver, u);
        if (!u->sub) {
            free(u);
            conn_error(c, id, "server_error", "out of memory");
            return;
        }
        size_t b = (uint64_t)u->id % USER_BUCKETS;
        u->hnext = g_users[b];
        g_users[b] = u;
        first = 1;
    }
    c->user = u;
    c->unext = u->conns;
    u->conns = c;
    snprintf(c->token_hash, sizeof c->token_hash, "%s", thash);
    if (!conn_is_remote(c)) /* a remote connection's session is its own process's */
        conn_send_id(c, id,
                 msg_session(u->id, u->name, u->rating, u->deviation,
                             glicko_provisional(u->deviation), u->guest, token));
    for (int i = 0; i < g_nlisteners; i++)
        if (first && g_listeners[i].present)
            g_listeners[i].present(u->id);
    for (int i = 0; i < g_nlisteners && !quiet; i++)
        if (g_listeners[i].attached)
            g_listeners[i].attached(c);
}

static void user_attach(conn *c, const store_user *su, const char *thash, json_t *id,
                        const char *token)
{
    user_attach_as(c, su, thash, id, token, 0);
}

int user_attach_remote(conn *c, const store_user *su, int quiet)
{
    user_attach_as(c, su, "", NULL, NULL, quiet);
    return c->user ? 0 : -1;
}

void user_detach(conn *c)
{
    user *u = c->user;
    if (!u)
        return;
    for (conn **pp = &u->conns; *pp; pp = &(*pp)->unext)
        if (*pp == c) {
            *pp = c->unext;
            break;
        }
    c->user = NULL;
    c->unext = NULL;
    c->token_hash[0] = 0;
    if (u->conns)
        return;
    for (int i = 0; i < g_nlisteners; i++)
        if (g_listeners[i].gone)
            g_listeners[i].gone(u);
    size_t b = (uint64_t)u->id % USER_BUCKETS;
    for (user **pp = &g_users[b]; *pp; pp = &(*pp)->hnext)
        if (*pp == u) {
            *pp = u->hnext;
            break;
        }
    broker_unsubscribe(g_broker, u->sub);
    free(u);
}

/* A new session for a user: token made, its hash stored, the connection attached. */
static void new_session(conn *c, const store_user *su, json_t *id)
{
    unsigned char raw[SRV_TOKEN_BYTES];
    char token[2 * SRV_TOKEN_BYTES + 1], th[2 * 32 + 1];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(token, sizeof token, raw, sizeof raw);
    token_hash(token, th);
    if (store_session_add(g_store, th, su->id) != ST_OK) {
        conn_error(c, id, "storage", "the session could not be stored");
        return;
    }
    user_attach(c, su, th, id, token);
}

/* ---- jobs on the crypto thread ---- */
typedef struct pw_job {
    work w;
    uint32_t conn_id;
    json_t *id;
    int verify;          /* 0: hash for register, 1: verify for login */
    char name[SRV_NAME_MAX + 1];
    char password[SRV_PASSWORD_MAX + 1];
    char hash[crypto_pwhash_STRBYTES];
    int ok;
    store_user su;
} pw_job;

static void pw_run(work *w, void *ctx)
{
    (void)ctx;
    pw_job *j = (pw_job *)w;
    if (j->verify)
        j->ok = crypto_pwhash_str_verify(j->su.pwhash, j->password, strlen(j->password)) == 0;
    else
        j->ok = crypto_pwhash_str(j->hash, j->password, strlen(j->password), g_pw_ops,
                                  g_pw_mem) == 0;
    sodium_memzero(j->password, sizeof j->password);
}

static void pw_done(work *w)
{
    pw_job *j = (pw_job *)w;
    conn *c = conn_get(j->conn_id);
    if (c) {
        if (j->verify) {
            if (!j->ok) {
                login_failed(c->addr, j->name, mono_us());
                conn_error(c, j->id, "bad_credentials", "wrong name or password");
            } else
                new_session(c, &j->su, j->id);
        } else if (!j->ok) {
            conn_error(c, j->id, "server_error", "password hashing failed");
        } else {
            int64_t uid;
            int rc = store_user_create(g_store, j->name, j->hash, 0, &uid);
            if (rc == ST_EXISTS)
                conn_error(c, j->id, "name_taken", "the name '%s' is taken", j->name);
            else if (rc != ST_OK)
                conn_error(c, j->id, "storage", "the account could not be stored");
            else {
                store_user su;
                if (store_user_by_id(g_store, uid, &su) == ST_OK)
                    new_session(c, &su, j->id);
                else
                    conn_error(c, j->id, "storage", "the account could not be read back");
            }
        }
        conn_release(c); /* the lines that came meanwhile, in order */
    }
    json_decref(j->id);
    free(j);
}

/* A job dropped at shutdown (pool_free). */
static void pw_drop(work *w)
{
    pw_job *j = (pw_job *)w;
    json_decref(j->id);
    free(j);
}

static pw_job *pw_job_new(conn *c, json_t *id, const char *name, const char *password)
{
    pw_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->w.run = pw_run;
    j->w.done = pw_done;
    j->w.drop = pw_drop;
    j->conn_id = c->id;
    j->id = json_incref(id);
    snprintf(j->name, sizeof j->name, "%s", name);
    snprintf(j->password, sizeof j->password, "%s", password);
    return j;
}

/* One session per connection: register, login, resume and guest on a connection
 * that is logged in are refused (log out first). 1 when refused. */
static int logged_in(conn *c, json_t *id)
{
    if (!c->user)
        return 0;
    conn_error(c, id, "already_logged_in", "this connection is logged in as %s; log out first",
               c->user->name);
    return 1;
}

static int get_credentials(conn *c, json_t *m, json_t *id, const char **name, const char **pw)
{
    if (logged_in(c, id))
        return -1;
    *name = json_string_value(json_object_get(m, "name"));
    *pw = json_string_value(json_object_get(m, "password"));
    if (!*name || !*pw) {
        conn_error(c, id, "bad_field", "'name' and 'password' (strings) are required");
        return -1;
    }
    return 0;
}

void cmd_register(conn *c, json_t *m, json_t *id)
{
    const char *name, *pw;
    if (get_credentials(c, m, id, &name, &pw) < 0)
        return;
    if (!name_valid(name)) {
        conn_error(c, id, "bad_name",
                   "a name is %d to %d letters, digits, '_' or '-', starting with a letter",
                   SRV_NAME_MIN, SRV_NAME_MAX);
        return;
    }
    size_t pl = strlen(pw);
    if (pl < SRV_PASSWORD_MIN || pl > SRV_PASSWORD_MAX) {
        conn_error(c, id, "bad_password", "a password is %d to %d bytes", SRV_PASSWORD_MIN,
                   SRV_PASSWORD_MAX);
        return;
    }
    if (strncasecmp(name, "guest", 5) == 0) {
        conn_error(c, id, "bad_name", "names starting with 'guest' are kept for guests");
        return;
    }
    store_user su;
    if (store_user_by_name(g_store, name, &su) == ST_OK) {
        conn_error(c, id, "name_taken", "the name '%s' is taken", name);
        return;
    }
    pw_job *j = pw_job_new(c, id, name, pw);
    if (!j) {
        conn_error(c, id, "server_error", "out of memory");
        return;
    }
    conn_hold(c);
    pool_submit(g_crypto, &j->w);
}

void cmd_login(conn *c, json_t *m, json_t *id)
{
    const char *name, *pw;
    if (get_credentials(c, m, id, &name, &pw) < 0)
        return;
    double retry;
    int64_t now = mono_us();
    if (!login_allowed(c->addr, name, now, &retry)) {
        conn_send_id(c, id, msg_rate_limited("too many failed logins; wait", retry));
        return;
    }
    store_user su;
    int rc = name_valid(name) ? store_user_by_name(g_store, name, &su) : ST_NOTFOUND;
    if (rc == ST_ERROR) {
        conn_error(c, id, "storage", "the database could not be read");
        return;
    }
    if (rc != ST_OK || su.guest || !su.pwhash[0]) {
        login_failed(c->addr, name, now);
        conn_error(c, id, "bad_credentials", "wrong name or password");
        return;
    }
    pw_job *j = pw_job_new(c, id, name, pw);
    if (!j) {
        conn_error(c, id, "server_error", "out of memory");
        return;
    }
    j->verify = 1;
    j->su = su;
    conn_hold(c);
    pool_submit(g_crypto, &j->w);
}

void cmd_resume(conn *c, json_t *m, json_t *id)
{
    const char *token = json_string_value(json_object_get(m, "token"));
    if (logged_in(c, id))
        return;
    if (!token) {
        conn_error(c, id, "bad_field", "'token' (string) is required");
        return;
    }
    double retry;
    int64_t now = mono_us();
    if (!token_allowed(c->addr, now, &retry)) {
        conn_send_id(c, id,
                     msg_rate_limited("too many wrong tokens from your address; wait", retry));
        return;
    }
    char th[2 * 32 + 1];
    token_hash(token, th);
    int64_t uid;
    store_user su;
    if (strlen(token) != 2 * SRV_TOKEN_BYTES || store_session_find(g_store, th, &uid) != ST_OK ||
        store_user_by_id(g_store, uid, &su) != ST_OK) {
        token_failed(c->addr, now);
        conn_error(c, id, "bad_token", "unknown or expired session token");
        return;
    }
    user_attach(c, &su, th, id, NULL);
}

void cmd_guest(conn *c, json_t *m, json_t *id)
{
    (void)m;
    if (logged_in(c, id))
        return;
    if (!g_cfg.guests) {
        conn_error(c, id, "guests_disabled", "this server does not allow guests (see --guests)");
        return;
    }
    for (int tries = 0; tries < 8; tries++) {
        unsigned char r[4];
        char hex[9], name[SRV_NAME_MAX + 1];
        randombytes_buf(r, sizeof r);
        sodium_bin2hex(hex, sizeof hex, r, sizeof r);
        snprintf(name, sizeof name, "guest-%s", hex);
        int64_t uid;
        int rc = store_user_create(g_store, name, NULL, 1, &uid);
        if (rc == ST_EXISTS)
            continue;
        store_user su;
        if (rc != ST_OK || store_user_by_id(g_store, uid, &su) != ST_OK)
            break;
        new_session(c, &su, id);
        return;
    }
    conn_error(c, id, "storage", "the guest account could not be stored");
}

void cmd_logout(conn *c, json_t *m, json_t *id)
{
    (void)m;
    if (c->token_hash[0])
        store_session_delete(g_store, c->token_hash);
    user_detach(c);
    conn_send_id(c, id, msg_new("ok"));
}

/* Optional positive integer field: 0 when absent, -1 when present but not one in 1..max. */
int64_t optional_count(json_t *m, const char *key, int64_t max)
{
    json_t *v = json_object_get(m, key);
    if (!v)
        return 0;
    json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
    return n >= 1 && n <= max ? (int64_t)n : -1;
}
