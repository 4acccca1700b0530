/* SPDX-License-Identifier: MIT */
/* The store's dispatch (store.h): --db chooses the backend at run time (a
 * PostgreSQL connection string, or else an SQLite file), and every function
 * calls through the handle's table (store_backend.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "final_state.h"
#include "store.h"
#include "store_backend.h"

/* The prefixes of a PostgreSQL target: libpq's two URI schemes, and
 * "postgresql:" before a key=value conninfo (the prefix is dropped). */
static const char *const k_pg_uri[] = {"postgresql://", "postgres://"};
static const char k_pg_conninfo[] = "postgresql:";

/* The conninfo of a PostgreSQL target, or NULL when target is a file path. */
static const char *pg_conninfo(const char *target)
{
    for (size_t i = 0; i < sizeof k_pg_uri / sizeof k_pg_uri[0]; i++)
        if (strncmp(target, k_pg_uri[i], strlen(k_pg_uri[i])) == 0)
            return target;
    if (strncmp(target, k_pg_conninfo, sizeof k_pg_conninfo - 1) == 0)
        return target + sizeof k_pg_conninfo - 1;
    return NULL;
}

int store_target_shared(const char *target) { return pg_conninfo(target) != NULL; }

/* Append s to buf (length *n, room cap), cut to fit. */
static void put(char *buf, size_t cap, size_t *n, const char *s, size_t len)
{
    while (len-- > 0 && *n + 1 < cap)
        buf[(*n)++] = *s++;
    buf[*n] = 0;
}

/* target as it may be printed: each PostgreSQL password becomes "***" (a
 * URI's user:password@, and password=... of a URI's query or of a key=value
 * conninfo). */
void store_target_show(const char *target, char *buf, size_t cap)
{
    static const char key[] = "password=";
    if (cap == 0)
        return;
    size_t n = 0;
    buf[0] = 0;
    const char *ci = pg_conninfo(target), *pw = NULL, *pw_end = NULL;
    if (ci == target) { /* a URI: scheme://[user[:password]@]host... */
        const char *auth = strstr(target, "://") + 3;
        const char *at = memchr(auth, '@', strcspn(auth, "/?"));
        pw = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
        pw_end = at;
    }
    for (const char *p = target; *p;) {
        const char *skip = NULL;
        if (pw && p == pw + 1)
            skip = pw_end;
        else if (ci && strncmp(p, key, sizeof key - 1) == 0 &&
                 (p == ci || strchr("?& \t", p[-1]))) {
            put(buf, cap, &n, key, sizeof key - 1);
            p += sizeof key - 1;
            skip = p + strcspn(p, ci == target ? "&" : " \t");
        }
        if (skip) {
            put(buf, cap, &n, "***", 3);
            p = skip;
        } else
            put(buf, cap, &n, p++, 1);
    }
}

static store *backend_open(const char *target, int flags, char *err, size_t cap)
{
    const char *conninfo = pg_conninfo(target);
    if (!conninfo)
        return store_sqlite_ops.open(target, flags, err, cap);
#ifdef XQ_HAVE_LIBPQ
    return store_pg_ops.open(conninfo, flags, err, cap);
#else
    (void)flags;
    snprintf(err, cap, "--db names a PostgreSQL database, but xq-server was built without "
             "PostgreSQL support (build it with libpq; Debian: libpq-dev)");
    return NULL;
#endif
}

/* The ids of the finished games without a final state, gathered. */
typedef struct id_list {
    int64_t *ids;
    size_t n, cap;
    int failed; /* out of memory */
} id_list;

static int add_id(int64_t gid, void *arg)
{
    id_list *l = arg;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        int64_t *ids = realloc(l->ids, cap * sizeof *ids);
        if (!ids) {
            l->failed = 1;
            return 1;
        }
        l->ids = ids;
        l->cap = cap;
    }
    l->ids[l->n++] = gid;
    return 0;
}

/* A game's stored moves (ICCS), gathered. */
typedef struct move_list {
    char (*mv)[XQ_MOVE_STR_MAX];
    const char **ptr;
    int n, cap;
    int failed; /* out of memory */
} move_list;

static int add_move(int ply, const char *mv, int64_t red_ms, int64_t black_ms, void *arg)
{
    (void)ply, (void)red_ms, (void)black_ms;
    move_list *l = arg;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 128;
        char(*m)[XQ_MOVE_STR_MAX] = realloc(l->mv, (size_t)cap * sizeof *m);
        if (m)
            l->mv = m;
        const char **p = m ? realloc(l->ptr, (size_t)cap * sizeof *p) : NULL;
        if (!p) {
            l->failed = 1;
            return 1;
        }
        l->ptr = p;
        l->cap = cap;
    }
    snprintf(l->mv[l->n], sizeof l->mv[l->n], "%s", mv ? mv : "");
    l->n++;
    return 0;
}

/* One finished game's final state from its stored moves, stored; ST_OK or ST_ERROR. */
static int fill_final(store *s, int64_t gid)
{
    move_list ml = {0};
    int rc = s->ops->game_moves(s, gid, add_move, &ml);
    for (int i = 0; i < ml.n; i++)
        ml.ptr[i] = ml.mv[i];
    store_final f;
    if (rc == ST_OK && !ml.failed && final_state_of_moves(ml.ptr, ml.n, &f) == 0) {
        rc = s->ops->game_set_final(s, gid, &f);
        store_final_free(&f);
    } else
        rc = ST_ERROR;
    free(ml.mv);
    free(ml.ptr);
    return rc;
}

/* Schema 6: the finished games of an older store get their final state from
 * their stored moves, once (a game that has one is not listed again), in one
 * transaction: a start-up cut short leaves them all to the next. 0, or -1
 * with a message in err. */
static int fill_finals(store *s, char *err, size_t cap)
{
    id_list l = {0};
    int rc = s->ops->games_without_final(s, add_id, &l);
    if (rc == ST_OK && !l.failed && l.n > 0) {
        rc = s->ops->begin(s);
        for (size_t i = 0; i < l.n && rc == ST_OK; i++)
            rc = fill_final(s, l.ids[i]);
        if (rc == ST_OK)
            rc = s->ops->commit(s);
        if (rc != ST_OK)
            s->ops->rollback(s);
    }
    if (rc != ST_OK || l.failed)
        snprintf(err, cap, "%s store: the finished games' final states: %s", s->ops->name,
                 l.failed ? "out of memory" : s->ops->errmsg(s));
    free(l.ids);
    return rc == ST_OK && !l.failed ? 0 : -1;
}

store *store_open(const char *target, int flags, char *err, size_t cap)
{
    store *s = backend_open(target, flags, err, cap);
    if (s && fill_finals(s, err, cap) < 0) {
        s->ops->close(s);
        return NULL;
    }
    return s;
}

void store_close(store *s)
{
    if (s)
        s->ops->close(s);
}

const char *store_errmsg(const store *s) { return s ? s->ops->errmsg(s) : "no database"; }
int store_ping(store *s) { return s->ops->ping(s); }
int store_begin(store *s) { return s->ops->begin(s); }
int store_commit(store *s) { return s->ops->commit(s); }
void store_rollback(store *s) { s->ops->rollback(s); }

int store_user_create(store *s, const char *name, const char *pwhash, int guest, int64_t *id)
{
    return s->ops->user_create(s, name, pwhash, guest, id);
}

int store_user_by_name(store *s, const char *name, store_user *u)
{
    return s->ops->user_by_name(s, name, u);
}

int store_user_by_id(store *s, int64_t id, store_user *u) { return s->ops->user_by_id(s, id, u); }

int store_user_set_rating(store *s, int64_t id, const glicko *rating, int games)
{
    return s->ops->user_set_rating(s, id, rating, games);
}

int store_review_get(store *s, int64_t gid, char **json)
{
    return s->ops->review_get(s, gid, json);
}

int store_review_put(store *s, int64_t gid, const char *json)
{
    return s->ops->review_put(s, gid, json);
}

int store_user_record(store *s, int64_t id, int wdl[3]) { return s->ops->user_record(s, id, wdl); }

int store_user_history(store *s, int64_t id, int limit,
                       int (*fn)(int64_t gid, int64_t ended, double rating, double deviation,
                                 void *arg),
                       void *arg)
{
    return s->ops->user_history(s, id, limit, fn, arg);
}

int store_session_add(store *s, const char *token_hash, int64_t uid)
{
    return s->ops->session_add(s, token_hash, uid);
}

int store_session_find(store *s, const char *token_hash, int64_t *uid)
{
    return s->ops->session_find(s, token_hash, uid);
}

int store_session_delete(store *s, const char *token_hash)
{
    return s->ops->session_delete(s, token_hash);
}

int store_game_create(store *s, store_game *g) { return s->ops->game_create(s, g); }

int store_move_add(store *s, int64_t gid, int ply, const char *move, int64_t red_ms,
                   int64_t black_ms)
{
    return s->ops->move_add(s, gid, ply, move, red_ms, black_ms);
}

int store_moves_truncate(store *s, int64_t gid, int from_ply)
{
    return s->ops->moves_truncate(s, gid, from_ply);
}

int store_game_finish(store *s, int64_t gid, int result, const char *reason, const char *text,
                      int64_t red_ms, int64_t black_ms)
{
    return s->ops->game_finish(s, gid, result, reason, text, red_ms, black_ms);
}

int store_game_set_ratings(store *s, int64_t gid, const glicko *red_after,
                           const glicko *black_after)
{
    return s->ops->game_set_ratings(s, gid, red_after, black_after);
}

int store_game_set_draw_offer(store *s, int64_t gid, int color)
{
    return s->ops->game_set_draw_offer(s, gid, color);
}

int store_game_set_takeback_offer(store *s, int64_t gid, int color)
{
    return s->ops->game_set_takeback_offer(s, gid, color);
}

int store_games_unfinished(store *s, int (*fn)(const store_game *g, void *arg), void *arg)
{
    return s->ops->games_unfinished(s, fn, arg);
}

/* Ids start at 1: a backend that matched the id it read with the one asked
 * for found "game 0" in a row it never read (fuzz_server_line). */
int store_game_get(store *s, int64_t gid, store_game *g)
{
    return gid < 1 ? ST_NOTFOUND : s->ops->game_get(s, gid, g);
}

int store_game_moves(store *s, int64_t gid,
                     int (*fn)(int ply, const char *mv, int64_t red_ms, int64_t black_ms,
                               void *arg),
                     void *arg)
{
    return s->ops->game_moves(s, gid, fn, arg);
}

int store_games_finished(store *s, int64_t uid, int64_t before, int limit, const char *eco,
                         int (*fn)(const store_game *g, void *arg), void *arg)
{
    return s->ops->games_finished(s, uid, before, limit, eco, fn, arg);
}

int store_game_set_eco(store *s, int64_t gid, const char *code, int ply)
{
    return s->ops->game_set_eco(s, gid, code, ply);
}

int store_game_set_final(store *s, int64_t gid, const store_final *f)
{
    return s->ops->game_set_final(s, gid, f);
}

int store_game_final(store *s, int64_t gid, store_final *f)
{
    memset(f, 0, sizeof *f);
    return gid < 1 ? ST_NOTFOUND : s->ops->game_final(s, gid, f);
}

int store_chat_add(store *s, int64_t gid, const char *from, const char *text)
{
    return s->ops->chat_add(s, gid, from, text);
}

int store_chat_get(store *s, int64_t gid, int limit,
                   int (*fn)(const char *from, const char *text, int64_t at, void *arg), void *arg)
{
    return s->ops->chat_get(s, gid, limit, fn, arg);
}

int store_game_claim(store *s, int64_t gid, const char *owner, int lease_ms)
{
    return s->ops->game_claim(s, gid, owner, lease_ms);
}

int store_leases_renew(store *s, const char *owner, int lease_ms,
                       int (*fn)(int64_t gid, void *arg), void *arg)
{
    return s->ops->leases_renew(s, owner, lease_ms, fn, arg);
}

int store_leases_release(store *s, const char *owner) { return s->ops->leases_release(s, owner); }

int store_games_lapsed(store *s, int (*fn)(const store_game *g, void *arg), void *arg)
{
    return s->ops->games_lapsed(s, fn, arg);
}

int store_move_add_owned(store *s, int64_t gid, int ply, const char *move, int64_t red_ms,
                         int64_t black_ms, const char *owner)
{
    return s->ops->move_add_owned(s, gid, ply, move, red_ms, black_ms, owner);
}

int store_offer_add(store *s, store_offer *o) { return s->ops->offer_add(s, o); }

int store_offer_get(store *s, int64_t id, store_offer *o)
{
    memset(o, 0, sizeof *o);
    return id < 1 ? ST_NOTFOUND : s->ops->offer_get(s, id, o);
}

int store_offer_take(store *s, int64_t id, store_offer *o)
{
    memset(o, 0, sizeof *o);
    return id < 1 ? ST_NOTFOUND : s->ops->offer_take(s, id, o);
}

int store_offers(store *s, int (*fn)(const store_offer *o, void *arg), void *arg)
{
    return s->ops->offers(s, fn, arg);
}

int store_offers_remove(store *s, int64_t uid, int to_too,
                        int (*fn)(const store_offer *o, void *arg), void *arg)
{
    return s->ops->offers_remove(s, uid, to_too, fn, arg);
}

int store_presence_set(store *s, int64_t uid, const char *owner, int on)
{
    return s->ops->presence_set(s, uid, owner, on);
}

int store_presence_any(store *s, int64_t uid, const char *except)
{
    return s->ops->presence_any(s, uid, except ? except : "");
}

int store_process_renew(store *s, const char *owner, int lease_ms)
{
    return s->ops->process_renew(s, owner, lease_ms);
}

int store_processes_lapsed(store *s, int (*fn)(const store_offer *o, void *arg), void *arg)
{
    return s->ops->processes_lapsed(s, fn, arg);
}
