/* SPDX-License-Identifier: MIT */
/* The server's configuration: its options, set once at start-up (main.c). */
#ifndef XQ_SERVER_CONFIG_H
#define XQ_SERVER_CONFIG_H

#include <stddef.h>

/* Where the page and the JavaScript package are installed (set by
 * server/CMakeLists.txt; the defaults of --www and --js). */
#ifndef XQ_SERVER_WWW
#define XQ_SERVER_WWW "/usr/local/share/xiangqi/www"
#endif
#ifndef XQ_SERVER_JS
#define XQ_SERVER_JS "/usr/local/share/xiangqi/js"
#endif

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
    int event_loop;     /* SRV_LOOP_UV (libuv: epoll) or SRV_LOOP_POLL (libwebsockets' own) */
    const char *broker_url; /* --broker redis://HOST:PORT, or NULL: the in-process broker */
} srv_config;

/* The loops under libwebsockets (--event-loop): libuv's, which waits with
 * epoll and costs the same per event however many connections are open, or
 * libwebsockets' default poll() loop, which walks every connection each turn. */
enum { SRV_LOOP_UV = 0, SRV_LOOP_POLL = 1 };

extern srv_config g_cfg;

#endif
