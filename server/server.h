/* SPDX-License-Identifier: MIT */
/* xq-server: types and functions shared by its modules (one concern per file).
 *
 *   main.c     options, start-up, signals
 *   net.c      libwebsockets: listening, WebSocket and line-TCP connections,
 *              output queues, the loop and its timers
 *   http.c     the page's files over HTTP: hashed names, caching headers, gzip
 *   codec.c    the protocol codec: a line or a WebSocket text into a JSON message and back
 *   session.c  per-connection protocol state, the handshake and the command table
 *   accounts.c register / login / guests / tokens / logout (libsodium)
 *   lobby.c    seeks, challenges, the lobby list and lobby chat
 *   game.c     live games: moves, clocks, ends, offers, observers, game chat
 *   engine.c   the built-in engine (engine.h): searches on worker threads, results queued
 *   review.c   game reviews: the engine over every move of a finished game, queued and fair
 *   explore.c  the opening explorer: the book's moves, the ECCO opening, the tables' verdict
 *   work.c     worker threads and the queue of results posted back into the loop
 *   store_sqlite.c  the store (store.h) in SQLite (the only file that knows SQL)
 *   limits.c   rate limits: token buckets, per-address counters
 *   rating.c   Glicko-2 ratings of rated games (rating.h)
 */
#ifndef XQ_SERVER_H
#define XQ_SERVER_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <xiangqi/xiangqi.h>

#include "broker.h"
#include "clock.h"
#include "engine.h"
#include "rating.h"
#include "result.h"
#include "store.h"
#include "timer.h"
#include "work.h"

#include "tuning.h"

enum { T_LINE = 0, T_WS = 1 };

typedef struct srv_config {
    const char *host;
    int port;
    const char *db_path;
    const char *www;
    const char *js;     /* the JavaScript package served at /xiangqi/ (main.c), or NULL */
    int no_isolation;   /* 1: no Cross-Origin-Opener/Embedder-Policy headers */
    int guests;
    int grace_s;        /* reconnect grace before abandonment */
    int max_conns;
    int max_per_addr;
    int engine_threads;
    int review_threads; /* threads of game reviews (review.c); 0: none */
    const char *book_path; /* --book, or NULL: the installed (or build tree's) book.xqb */
    int no_book;           /* --no-book: no opening explorer */
    const char *egtb_dir;  /* --egtb: endgame tables for the explorer, or NULL */
    int sync_full;
    int verbose;
} srv_config;

extern srv_config g_cfg;

/* ---- limits.c ---- */
typedef struct bucket {
    double tokens;
    int64_t last_us;
} bucket;
void bucket_init(bucket *b, double burst);
/* Take one token; 1 if allowed. */
int bucket_take(bucket *b, double burst, double per_s, int64_t now_us);
/* Seconds until a token is there. */
double bucket_wait(const bucket *b, double burst, double per_s, int64_t now_us);
int addr_conn_add(const char *addr);   /* 0 ok, -1 over the limit */
void addr_conn_del(const char *addr);
/* Wrong passwords: limited per (name, address) pair and per address. */
int login_allowed(const char *addr, const char *name, int64_t now_us, double *retry_s);
void login_failed(const char *addr, const char *name, int64_t now_us);
/* Wrong session tokens: limited per address, apart from passwords. */
int token_allowed(const char *addr, int64_t now_us, double *retry_s);
void token_failed(const char *addr, int64_t now_us);

/* ---- net.c / session.c: connections ---- */
struct user;
typedef struct conn {
    uint32_t id;
    int transport;
    void *wsi;
    char addr[64];
    int hello;
    int64_t touched_us;             /* when the idle timeout was last re-set */
    char token_hash[2 * 32 + 1];    /* of the session this connection logged in with */
    int closing;
    struct user *user;
    struct conn *unext;             /* next connection of the same user */
    int lobby;                      /* subscribed to lobby events */
    int64_t watching[SRV_MAX_WATCH];
    int nwatching;
    bucket msg_bucket, chat_bucket, explore_bucket;
    int over_rate;
    /* input (line transport, or WebSocket fragments) */
    char *in;
    size_t inlen, incap;
    int discarding;                 /* skipping the rest of an oversized message */
    /* input held while an authentication runs on a worker (replies keep request order) */
    int held;
    char *hold;                     /* line: raw bytes; WebSocket: [size_t len][bytes] each */
    size_t holdlen, holdcap;
    /* output queue */
    struct outmsg *qhead, *qtail;
    size_t queued;
} conn;

conn *conn_get(uint32_t id);
void conn_send(conn *c, json_t *msg);                 /* does not steal msg */
void conn_send_id(conn *c, json_t *id, json_t *msg);  /* steals msg; adds "id" */
void conn_error(conn *c, json_t *id, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void conn_close(conn *c, const char *why);
void conn_touch(conn *c);                              /* a message came: idle timer again */
/* Hold the connection's input (nothing more is read or handled) until conn_release(),
 * which handles what was held, in order. */
void conn_hold(conn *c);
void conn_release(conn *c);
/* Iterate connections: returns the next after prev (NULL starts). */
conn *conn_next(conn *prev);
void net_wake(void);                   /* wake the loop from another thread */
void *net_context(void);
int net_run(void);                     /* 0 on clean stop */
void net_stop(void);
/* ---- http.c: the page (--www) and the package (--js) over HTTP ---- */
struct lws;
typedef struct http_tx {
    const unsigned char *body; /* the response body being written, or NULL */
    size_t len, off;
} http_tx;
/* Read the files under www (at /) and pkg (at /xiangqi/, or NULL) into memory;
 * the number of files. */
int http_load(const char *www, const char *pkg);
void http_free(void);
/* LWS_CALLBACK_HTTP and LWS_CALLBACK_HTTP_WRITEABLE: 0, or -1 to close. */
int http_request(struct lws *wsi, http_tx *tx, const char *uri);
int http_writeable(struct lws *wsi, http_tx *tx);

int net_start(char *err, size_t cap);
size_t net_conn_count(void);

/* ---- codec.c ---- */
/* Decode one message: the object (its type in "type"), or NULL with *code and why set. */
json_t *codec_decode(int transport, const char *text, size_t len, const char **code, char *why,
                     size_t whycap);
/* Encode for a transport; malloc'd with `pre` spare bytes before the text; *len excludes them. */
unsigned char *codec_encode(int transport, const json_t *msg, size_t pre, size_t *len);
json_t *msg_new(const char *type);

/* ---- session.c ---- */
void session_open(conn *c);
void session_message(conn *c, const char *text, size_t len);
void session_closed(conn *c);
int session_command_known(const char *name); /* a command of the protocol (or hello) */

/* ---- accounts.c ---- */
typedef struct user {
    int64_t id;
    char name[SRV_NAME_MAX + 8];
    double rating;
    double deviation; /* Glicko-2 RD: the rating is provisional above GLICKO_PROVISIONAL_RD */
    int guest;
    conn *conns;
    int nseeks;
    broker_sub *sub;  /* its subject, user.ID (broker.h) */
    struct user *hnext;
} user;
user *user_online(int64_t uid);
int name_valid(const char *name);
void cmd_register(conn *c, json_t *m, json_t *id);
void cmd_login(conn *c, json_t *m, json_t *id);
void cmd_resume(conn *c, json_t *m, json_t *id);
void cmd_guest(conn *c, json_t *m, json_t *id);
void cmd_logout(conn *c, json_t *m, json_t *id);
void cmd_user(conn *c, json_t *m, json_t *id);
/* An optional positive integer field up to max: 0 when absent, -1 when bad. */
int64_t optional_count(json_t *m, const char *key, int64_t max);
void user_detach(conn *c);     /* the connection leaves its user */
int accounts_init(store *st, broker *b);
/* Publish to every connection of a user (its subject user.ID), or all but one. */
void send_to_user(int64_t uid, json_t *msg);
void send_to_user_but(int64_t uid, json_t *msg, const conn *except);
void accounts_shutdown(void);

/* ---- lobby.c ---- */
int lobby_init(store *st, broker *b); /* 0, or -1 without memory */
void cmd_lobby(conn *c, json_t *m, json_t *id);
void cmd_unlobby(conn *c, json_t *m, json_t *id);
void cmd_seek(conn *c, json_t *m, json_t *id);
void cmd_challenge(conn *c, json_t *m, json_t *id);
void cmd_accept(conn *c, json_t *m, json_t *id);
void cmd_rematch(conn *c, json_t *m, json_t *id); /* a rematch of a finished game */
void cmd_pair(conn *c, json_t *m, json_t *id);    /* quick pairing */
void cmd_decline(conn *c, json_t *m, json_t *id);
void cmd_engine(conn *c, json_t *m, json_t *id);  /* a game against the engine */
void cmd_cancel(conn *c, json_t *m, json_t *id);
void cmd_games(conn *c, json_t *m, json_t *id);
void lobby_user_gone(user *u);
/* 1 after an already_playing error when the user plays a live game against a person. */
int lobby_refuse_playing(conn *c, json_t *id);
/* A game of the user started: the user's own open seeks and challenges go. */
void lobby_user_playing(int64_t uid);
void lobby_broadcast(json_t *msg);
/* The optional "eco" field of a search: an ECCO code or its start, a letter A-E
 * and up to two digits ("C", "C4", "C48"), into out (upper case; "" when
 * absent). 0, or -1 after a bad_field reply. */
int eco_filter(conn *c, json_t *m, json_t *id, char out[4]);
void lobby_say(conn *c, const char *text, json_t *id);
/* Parse the time control and rule set fields of a seek / challenge / engine game. */
int parse_terms(conn *c, json_t *m, json_t *id, int *base_s, int *inc_s, int *ruleset, int *rated,
                int *color);

/* ---- game.c ---- */
typedef struct game game;
typedef struct game_terms {
    int64_t uid[2];
    char name[2][SRV_NAME_MAX + 24];
    double rating[2];
    double deviation[2];   /* Glicko-2 deviations at the start; 0: not known (the engine) */
    int engine_level;      /* -1: two people */
    int engine_color;
    int ruleset;
    int base_s, inc_s;
    int rated;
} game_terms;
game *game_start(const game_terms *t, json_t *id_for, conn *requester);
game *game_find(int64_t gid);
/* The store of the games; the unfinished games in it come back: how many, or -1. */
int game_restore_all(store *st, broker *b);
void game_user_present(int64_t uid);    /* a player (re)connected */
void game_user_absent(int64_t uid);     /* a player's last connection went */
void game_send_all_for(conn *c);       /* on login: the user's live games */
int64_t game_user_playing(int64_t uid); /* a live game against a person, or 0 */
void game_unwatch_conn(conn *c);
json_t *game_list_json(void);
/* A finished game for the lists (`games finished`, `user`): players, result, reason, ratings. */
json_t *game_summary_json(const struct store_game *sg);
size_t game_live_count(void);
void cmd_move(conn *c, json_t *m, json_t *id);
void cmd_premove(conn *c, json_t *m, json_t *id);
void cmd_resign(conn *c, json_t *m, json_t *id);
void cmd_draw(conn *c, json_t *m, json_t *id);
void cmd_draw_decline(conn *c, json_t *m, json_t *id);
void cmd_takeback(conn *c, json_t *m, json_t *id);
void cmd_takeback_decline(conn *c, json_t *m, json_t *id);
void cmd_abort(conn *c, json_t *m, json_t *id);
void cmd_watch(conn *c, json_t *m, json_t *id);
void cmd_unwatch(conn *c, json_t *m, json_t *id);
void cmd_pgn(conn *c, json_t *m, json_t *id);
/* The stored game a request names in "game" into sg (with finished: one that
 * has ended): 0, or -1 after the error reply (bad_field, no_such_game,
 * storage, game_not_over). */
int request_stored_game(conn *c, json_t *m, json_t *id, int finished, struct store_game *sg);
void cmd_state(conn *c, json_t *m, json_t *id);
void game_say(conn *c, int64_t gid, const char *text, json_t *id);
const char *ruleset_name(int rs);
int ruleset_parse(const char *s);
void games_shutdown(void);

/* ---- review.c ---- */
void cmd_analyse(conn *c, json_t *m, json_t *id);
int review_init(int threads, store *st); /* 0 threads: reviews off */
void review_shutdown(void);
/* ---- explore.c ---- */
void cmd_explore(conn *c, json_t *m, json_t *id);
/* Open the book and the tables of g_cfg: 0, or -1 with a message (a book or
 * tables asked for by name that cannot be read; a missing default book is not
 * an error: the explorer then answers book_unavailable). */
int explore_init(char *err, size_t cap);
void explore_shutdown(void);
void explore_describe(FILE *f); /* the start-up banner's lines */

/* ---- rating.c: rating.h ---- */

#endif
