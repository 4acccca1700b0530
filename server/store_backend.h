/* SPDX-License-Identifier: MIT */
/* The stores behind store.h. Each backend (store_sqlite.c, store_pg.c) keeps
 * everything static but its table of the interface's functions; store.c opens
 * the backend that --db names and calls through the handle's table. Only the
 * store files include this header. */
#ifndef XQ_SERVER_STORE_BACKEND_H
#define XQ_SERVER_STORE_BACKEND_H

#include <stddef.h>

#include "rating.h"
#include "store_types.h"

/* One function per function of store.h (same arguments, same results); store.c
 * opens the store and calls these, the backends include only this header. */
typedef struct store_ops {
    const char *name; /* "SQLite", "PostgreSQL" (for messages) */
    /* Open the store @p target names (a file path, a conninfo): the handle,
     * or NULL with a message in err. */
    store *(*open)(const char *target, int flags, char *err, size_t cap);
    void (*close)(store *s);
    const char *(*errmsg)(const store *s);
    int (*ping)(store *s);
    int (*begin)(store *s);
    int (*commit)(store *s);
    void (*rollback)(store *s);
    int (*user_create)(store *s, const char *name, const char *pwhash, int guest, int64_t *id);
    int (*user_by_name)(store *s, const char *name, store_user *u);
    int (*user_by_id)(store *s, int64_t id, store_user *u);
    int (*user_set_rating)(store *s, int64_t id, const glicko *rating, int games);
    int (*review_get)(store *s, int64_t gid, char **json);
    int (*review_put)(store *s, int64_t gid, const char *json);
    int (*user_record)(store *s, int64_t id, int wdl[3]);
    int (*user_history)(store *s, int64_t id, int limit,
                        int (*fn)(int64_t gid, int64_t ended, double rating, double deviation,
                                  void *arg),
                        void *arg);
    int (*session_add)(store *s, const char *token_hash, int64_t uid);
    int (*session_find)(store *s, const char *token_hash, int64_t *uid);
    int (*session_delete)(store *s, const char *token_hash);
    int (*game_create)(store *s, store_game *g);
    int (*move_add)(store *s, int64_t gid, int ply, const char *move, int64_t red_ms,
                    int64_t black_ms);
    int (*moves_truncate)(store *s, int64_t gid, int from_ply);
    int (*game_finish)(store *s, int64_t gid, int result, const char *reason, const char *text,
                       int64_t red_ms, int64_t black_ms);
    int (*game_set_ratings)(store *s, int64_t gid, const glicko *red_after,
                            const glicko *black_after);
    int (*game_set_draw_offer)(store *s, int64_t gid, int color);
    int (*game_set_takeback_offer)(store *s, int64_t gid, int color);
    int (*games_unfinished)(store *s, int (*fn)(const store_game *g, void *arg), void *arg);
    int (*game_get)(store *s, int64_t gid, store_game *g);
    int (*game_moves)(store *s, int64_t gid,
                      int (*fn)(int ply, const char *mv, int64_t red_ms, int64_t black_ms,
                                void *arg),
                      void *arg);
    int (*games_finished)(store *s, int64_t uid, int64_t before, int limit, const char *eco,
                          int (*fn)(const store_game *g, void *arg), void *arg);
    int (*game_set_eco)(store *s, int64_t gid, const char *code, int ply);
    int (*game_set_final)(store *s, int64_t gid, const store_final *f);
    int (*game_final)(store *s, int64_t gid, store_final *f);
    /* The finished games without a final state (a store of schema 5 or
     * older), oldest first; fn returns nonzero to stop. */
    int (*games_without_final)(store *s, int (*fn)(int64_t gid, void *arg), void *arg);
    int (*game_claim)(store *s, int64_t gid, const char *owner, int lease_ms);
    int (*leases_renew)(store *s, const char *owner, int lease_ms,
                        int (*fn)(int64_t gid, void *arg), void *arg);
    int (*leases_release)(store *s, const char *owner);
    int (*games_lapsed)(store *s, int (*fn)(const store_game *g, void *arg), void *arg);
    int (*move_add_owned)(store *s, int64_t gid, int ply, const char *move, int64_t red_ms,
                          int64_t black_ms, const char *owner);
    int (*offer_add)(store *s, store_offer *o);
    int (*offer_get)(store *s, int64_t id, store_offer *o);
    int (*offer_take)(store *s, int64_t id, store_offer *o);
    int (*offers)(store *s, int (*fn)(const store_offer *o, void *arg), void *arg);
    int (*offers_remove)(store *s, int64_t uid, int to_too,
                         int (*fn)(const store_offer *o, void *arg), void *arg);
    int (*presence_set)(store *s, int64_t uid, const char *owner, int on);
    int (*presence_any)(store *s, int64_t uid, const char *except);
    int (*process_renew)(store *s, const char *owner, int lease_ms);
    int (*processes_lapsed)(store *s, int (*fn)(const store_offer *o, void *arg), void *arg);
    int (*chat_add)(store *s, int64_t gid, const char *from, const char *text);
    int (*chat_get)(store *s, int64_t gid, int limit,
                    int (*fn)(const char *from, const char *text, int64_t at, void *arg),
                    void *arg);
} store_ops;

/* The start of every backend's handle: a backend's own handle type has it as
 * its first member, and converts the store pointer it is given back. */
struct store {
    const store_ops *ops;
};

extern const store_ops store_sqlite_ops;
#ifdef XQ_HAVE_LIBPQ
extern const store_ops store_pg_ops;
#endif

#endif
