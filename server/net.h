/* SPDX-License-Identifier: MIT */
/* The transport: libwebsockets, WebSocket and line-TCP connections, their output queues, the loop. */
#ifndef XQ_SERVER_NET_H
#define XQ_SERVER_NET_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "codec.h"
#include "ratelimit.h"
#include "tuning.h"

struct user;
struct timer;
typedef struct conn {
    uint32_t id;
    int transport;
    void *wsi;
    char addr[64];
    int hello;
    struct timer *idle;             /* closes it: no hello in time, then silence too long */
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

/* The transports: codec.h's T_LINE and T_WS (a socket here), and a remote
 * connection: a client of another process of the site served here (forward.c),
 * with no socket; what is sent to it goes to the remote sender. */
enum { T_REMOTE = 2 };

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
int net_run(void);                     /* 0 on clean stop */
const char *net_loop_name(void);       /* the event loop in use, for the banner */
/* libuv's loop (a uv_loop_t *) when the server runs on it (after net_start()),
 * else NULL: the poll() loop. The Redis broker's connections live on it. */
void *net_uv_loop(void);
void net_stop(void);
/* The session layer above: what a connection's opening, each message and
 * its closing run (set before net_start()). */
typedef struct net_handlers {
    void (*open)(conn *c);
    void (*message)(conn *c, const char *text, size_t len);
    void (*closed)(conn *c);
} net_handlers;
void net_set_handlers(const net_handlers *h);
int net_start(char *err, size_t cap);
void net_destroy(void);
size_t net_conn_count(void);    /* sockets open (remote connections not counted) */

/* Remote connections (T_REMOTE, forward.c): a slot and an id like a socket's,
 * so conn_get() finds them, but no socket, no idle timer, not counted as a
 * connection, skipped by conn_next(). Said hello already. The open handler
 * runs. At most --max-connections of them, in slots of their own (a socket's
 * are never taken). NULL when there are that many, or without memory. */
conn *conn_new_remote(void);
/* The remote connection goes: the closed handler runs, then it is freed (not
 * from inside a delivery to it). conn_close() on it only marks it closing. */
void conn_free_remote(conn *c);
int conn_is_remote(const conn *c);     /* 1 for a remote connection */
/* Where conn_send() on a remote connection goes (forward.c); without one,
 * what is sent to a remote connection is dropped. */
void net_set_remote_sender(void (*fn)(conn *c, json_t *msg));
size_t net_remote_count(void);         /* remote connections open */

#endif
