/* SPDX-License-Identifier: MIT */
/* The store: everything xq-server keeps (users, sessions, games, moves, chat,
 * reviews), behind an opaque handle. store.c chooses the backend when the
 * store is opened and dispatches to it (store_backend.h): store_sqlite.c (an
 * SQLite file, the default) and store_pg.c (PostgreSQL, when built with
 * libpq) implement these functions with the same results. When the database
 * goes away (PostgreSQL), a function returns ST_ERROR (store_errmsg() says
 * why) and a later call connects again. Every function runs
 * on the loop thread; a function that writes more than one row is used
 * between store_begin() and store_commit() by its caller. */
#ifndef XQ_SERVER_STORE_H
#define XQ_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "rating.h"
#include "store_types.h"

/* Open (and create or migrate) the store @p target names: a PostgreSQL
 * database for a libpq URI (postgresql://..., postgres://...) or
 * "postgresql:" before a key=value conninfo, else an SQLite file at that
 * path. The handle, or NULL with a message in err (a build without libpq
 * refuses a PostgreSQL target). @p flags (store_types.h): STORE_SYNC_FULL,
 * every commit on disk before it returns (SQLite synchronous=FULL; PostgreSQL
 * synchronous_commit=on); STORE_SHARED, the database is shared by the
 * processes of a site: PostgreSQL takes its advisory lock shared rather than
 * exclusive (so a server without STORE_SHARED and a site's processes refuse
 * each other, but the processes of a site share the database), and an SQLite
 * file refuses it. store_close() takes NULL. */
store *store_open(const char *target, int flags, char *err, size_t cap);
/* 1 when @p target names a database that several processes can share
 * (PostgreSQL), 0 for an SQLite file (one process's). */
int store_target_shared(const char *target);
/* @p target as it may be printed (a PostgreSQL password masked), into buf. */
void store_target_show(const char *target, char *buf, size_t cap);
void store_close(store *s);
/* The last error, for a log line. */
const char *store_errmsg(const store *s);
/* Whether the store answers now (GET /healthz): ST_OK, or ST_ERROR with
 * store_errmsg() saying why. PostgreSQL: a connection that is down is tried
 * again (at most once a second, as for any call) and a trivial query sent;
 * SQLite: a trivial query on the open file (a full disk shows on the writes
 * that fail, not here). */
int store_ping(store *s);
int store_begin(store *s);
int store_commit(store *s);
void store_rollback(store *s);
int store_user_create(store *s, const char *name, const char *pwhash, int guest, int64_t *id);
int store_user_by_name(store *s, const char *name, store_user *u);
int store_user_by_id(store *s, int64_t id, store_user *u);
int store_user_set_rating(store *s, int64_t id, const glicko *rating, int games);
/* A game's stored review (`analysis` JSON; the caller frees it), and storing one. */
int store_review_get(store *s, int64_t gid, char **json);
int store_review_put(store *s, int64_t gid, const char *json);
/* Wins, draws and losses of the user's finished games (aborted ones aside). */
int store_user_record(store *s, int64_t id, int wdl[3]);
/* The user's rating (and deviation, -1 when not stored) after each of the last
 * @p limit rated games, oldest first; fn returns nonzero to stop. */
int store_user_history(store *s, int64_t id, int limit,
                       int (*fn)(int64_t gid, int64_t ended, double rating, double deviation,
                                 void *arg),
                       void *arg);
int store_session_add(store *s, const char *token_hash, int64_t uid);
int store_session_find(store *s, const char *token_hash, int64_t *uid);
int store_session_delete(store *s, const char *token_hash);
int store_game_create(store *s, store_game *g);
int store_move_add(store *s, int64_t gid, int ply, const char *move, int64_t red_ms, int64_t black_ms);
int store_moves_truncate(store *s, int64_t gid, int from_ply);
int store_game_finish(store *s, int64_t gid, int result, const char *reason, const char *text,
                      int64_t red_ms, int64_t black_ms);
/* The ratings after a rated game (in the transaction of its end). */
int store_game_set_ratings(store *s, int64_t gid, const glicko *red_after, const glicko *black_after);
/* The side with a standing draw offer (-1: none). */
int store_game_set_draw_offer(store *s, int64_t gid, int color);
/* The side with a standing take-back request (-1: none). */
int store_game_set_takeback_offer(store *s, int64_t gid, int color);

/* Unfinished games, and the moves of a game (ICCS, with the clocks after each). */
int store_games_unfinished(store *s, int (*fn)(const store_game *g, void *arg), void *arg);
int store_game_get(store *s, int64_t gid, store_game *g); /* ST_NOTFOUND for ids below 1 */
int store_game_moves(store *s, int64_t gid, int (*fn)(int ply, const char *mv, int64_t red_ms,
                                            int64_t black_ms, void *arg), void *arg);
/* Finished games, newest first: the user's (uid > 0) or everyone's (uid 0);
 * only those with an id below @p before when it is > 0, and when @p eco is
 * not NULL or "" those whose ECCO code starts with it ("C", "C4", "C48"). */
int store_games_finished(store *s, int64_t uid, int64_t before, int limit, const char *eco,
                         int (*fn)(const store_game *g, void *arg), void *arg);
/* A finished game's ECCO code ("" without one) and the ply that decided it. */
int store_game_set_eco(store *s, int64_t gid, const char *code, int ply);
/* A finished game's final state (store_final), in the transaction of its end;
 * and reading it: ST_NOTFOUND when none is stored (no such game, or one not
 * finished). The strings read are new: store_final_free() frees them (and
 * takes a struct whose strings are NULL). */
int store_game_set_final(store *s, int64_t gid, const store_final *f);
int store_game_final(store *s, int64_t gid, store_final *f);
/* Game ownership (schema 7), for the processes of a site sharing a database:
 * each unfinished game has at most one owner (an id of at most
 * STORE_OWNER_MAX - 1 bytes, a process's) with a lease that ends at a time
 * of the database's clock (PostgreSQL's; SQLite's is the process's own).
 *
 * Claim game @p gid for @p owner with a lease of @p lease_ms from now,
 * atomically (a compare-and-set): it succeeds when the game has no owner,
 * when its owner's lease has lapsed, or when it is @p owner's already (a
 * renewal). ST_OK: the game is @p owner's; ST_EXISTS: another owner's lease
 * runs; ST_NOTFOUND: no unfinished game @p gid. Of two claimers at once,
 * exactly one wins. */
int store_game_claim(store *s, int64_t gid, const char *owner, int lease_ms);
/* Renew the leases of every unfinished game of @p owner to @p lease_ms from
 * now, in one statement; fn is called with each game renewed (those still
 * @p owner's: one missing from the calls was claimed by another process or
 * has ended), and returns nonzero to stop hearing of them (all are renewed). */
int store_leases_renew(store *s, const char *owner, int lease_ms,
                       int (*fn)(int64_t gid, void *arg), void *arg);
/* Give up the leases of @p owner's unfinished games (a process that stops):
 * they are free for any process to claim at once. */
int store_leases_release(store *s, const char *owner);
/* The unfinished games that another process may claim (without an owner, or
 * whose owner's lease has lapsed), oldest first; fn returns nonzero to stop. */
int store_games_lapsed(store *s, int (*fn)(const store_game *g, void *arg), void *arg);
/* store_move_add() only while game @p gid is @p owner's (unfinished, owned by
 * @p owner: its lease may have lapsed as long as no one else claimed it), in
 * one statement that a concurrent claim cannot interleave with: ST_OK stored,
 * ST_NOT_OWNER not stored (the game is another's, or ended), ST_EXISTS the
 * ply is stored already. */
int store_move_add_owned(store *s, int64_t gid, int ply, const char *move, int64_t red_ms,
                         int64_t black_ms, const char *owner);
/* The lobby's offers (schema 8; store_offer): a new one (its id set in
 * o->id), one read, and one taken: read and deleted in one statement, a
 * compare-and-set: of two takers at once exactly one gets ST_OK, the other
 * ST_NOTFOUND, as for an offer that is gone. */
int store_offer_add(store *s, store_offer *o);
int store_offer_get(store *s, int64_t id, store_offer *o);
int store_offer_take(store *s, int64_t id, store_offer *o);
/* Every offer, oldest first; fn returns nonzero to stop. */
int store_offers(store *s, int (*fn)(const store_offer *o, void *arg), void *arg);
/* Delete the offers of author @p uid (and with @p to_too those addressed to
 * @p uid) in one statement; fn hears of each deleted (it may be NULL). */
int store_offers_remove(store *s, int64_t uid, int to_too,
                        int (*fn)(const store_offer *o, void *arg), void *arg);
/* The users online site-wide (schema 8): user @p uid has a connection on
 * process @p owner (@p on 1) or no longer (0); and whether @p uid has one on
 * a process other than @p except ("": any process): ST_OK, or ST_NOTFOUND. */
int store_presence_set(store *s, int64_t uid, const char *owner, int on);
int store_presence_any(store *s, int64_t uid, const char *except);
/* The processes of a site (schema 8): process @p owner is alive for
 * @p lease_ms from now on the database's clock (a row made or renewed; 0 or
 * less ends its lease at once: a clean stop). */
int store_process_renew(store *s, const char *owner, int lease_ms);
/* Delete the offers and the presence of every process whose lease has lapsed
 * (or that has no row), then those processes' rows; fn hears of each offer
 * deleted (each by exactly one caller; fn may be NULL). A process alone on
 * its database (no --broker) calls it at start with no row of its own: every
 * offer and presence left by a process before it goes. */
int store_processes_lapsed(store *s, int (*fn)(const store_offer *o, void *arg), void *arg);
/* Game chat: a line is stored; the last `limit` lines of a game, oldest first. */
int store_chat_add(store *s, int64_t gid, const char *from, const char *text);
int store_chat_get(store *s, int64_t gid, int limit,
                   int (*fn)(const char *from, const char *text, int64_t at, void *arg),
                   void *arg);

#endif
