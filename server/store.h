/* SPDX-License-Identifier: MIT */
/* The store: everything xq-server keeps (users, sessions, games, moves, chat,
 * reviews), behind an opaque handle. store.c chooses the backend when the
 * store is opened and dispatches to it (store_backend.h): store_sqlite.c (an
 * SQLite file, the default) implements these functions. Every function runs
 * on the loop thread; a function that writes more than one row is used
 * between store_begin() and store_commit() by its caller. */
#ifndef XQ_SERVER_STORE_H
#define XQ_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "rating.h"
#include "tuning.h"

typedef struct store store;

typedef struct store_user {
    int64_t id;
    char name[SRV_NAME_MAX + 8];
    char pwhash[160];
    int guest;
    double rating;
    int games;
    double deviation, volatility; /* Glicko-2 */
} store_user;
typedef struct store_game {
    int64_t id;
    int64_t uid[2];
    char name[2][SRV_NAME_MAX + 24];
    double rating[2];
    int engine_level, engine_color;
    int ruleset, base_s, inc_s, rated;
    int result;
    char reason[64];
    int64_t clock_ms[2];
    int64_t created, ended;
    char text[256];            /* the end's sentence for people ("" before schema 2) */
    int has_after;             /* rating_after holds the ratings after a rated game */
    double rating_after[2];
    int draw_offer;            /* the color with a standing draw offer, or -1 */
    int plies;                 /* moves stored (read only) */
    double deviation_after[2]; /* Glicko-2 deviations after a rated game; -1 before schema 3 */
    char eco[4];               /* ECCO code of a finished game ("" without one) */
    int eco_ply;               /* the ply that decided it; -1 when not stored (a live game) */
} store_game;
/* What the store functions return: ST_EXISTS a unique key is taken, ST_NOTFOUND no row. */
enum { ST_OK = 0, ST_EXISTS = 1, ST_NOTFOUND = 2, ST_ERROR = -1 };
/* Open (and create or migrate) the store at path: the handle, or NULL with a
 * message in err. store_close() takes NULL. */
store *store_open(const char *path, int sync_full, char *err, size_t cap);
void store_close(store *s);
/* The last error, for a log line. */
const char *store_errmsg(const store *s);
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

/* Unfinished games, and the moves of a game (ICCS, with the clocks after each). */
int store_games_unfinished(store *s, int (*fn)(const store_game *g, void *arg), void *arg);
int store_game_get(store *s, int64_t gid, store_game *g);
int store_game_moves(store *s, int64_t gid, int (*fn)(int ply, const char *mv, int64_t red_ms,
                                            int64_t black_ms, void *arg), void *arg);
/* Finished games, newest first: the user's (uid > 0) or everyone's (uid 0);
 * only those with an id below @p before when it is > 0, and when @p eco is
 * not NULL or "" those whose ECCO code starts with it ("C", "C4", "C48"). */
int store_games_finished(store *s, int64_t uid, int64_t before, int limit, const char *eco,
                         int (*fn)(const store_game *g, void *arg), void *arg);
/* A finished game's ECCO code ("" without one) and the ply that decided it. */
int store_game_set_eco(store *s, int64_t gid, const char *code, int ply);
/* Game chat: a line is stored; the last `limit` lines of a game, oldest first. */
int store_chat_add(store *s, int64_t gid, const char *from, const char *text);
int store_chat_get(store *s, int64_t gid, int limit,
                   int (*fn)(const char *from, const char *text, int64_t at, void *arg),
                   void *arg);

#endif
