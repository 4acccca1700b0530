/* SPDX-License-Identifier: MIT */
/* xq-server's tuning numbers and limits (documented in docs/protocol.md):
 * constants only, for every layer. */
#ifndef XQ_SERVER_TUNING_H
#define XQ_SERVER_TUNING_H

#define SRV_PROTOCOL_VERSION 1
#define SRV_DEFAULT_PORT 7700
#define SRV_MAX_MESSAGE 8192            /* bytes in one message (line or WebSocket text) */
#define SRV_MAX_OUTQ (1024 * 1024)      /* bytes queued to one client before it is dropped */
#define SRV_SOCKET_SNDBUF (64 * 1024)   /* kernel send buffer of a connection (SO_SNDBUF) */
#define SRV_HELLO_TIMEOUT_S 10          /* a connection must say hello within this */
#define SRV_IDLE_TIMEOUT_S 600          /* silence after which a connection is closed */
#define SRV_FD_MARGIN 1024              /* open files beyond the connections (database, tables) */
#define SRV_NAME_MIN 3
#define SRV_NAME_MAX 20
#define SRV_PASSWORD_MIN 6
#define SRV_PASSWORD_MAX 128
#define SRV_TOKEN_BYTES 32
#define SRV_CHAT_MAX 500                /* bytes of one chat line */
#define SRV_CHAT_BURST 5                /* chat lines at once ... */
#define SRV_CHAT_PER_S 0.5              /* ... then this many per second */
#define SRV_MSG_BURST 200               /* messages at once per connection ... */
#define SRV_MSG_PER_S 50.0              /* ... then this many per second */
#define SRV_MSG_OVER_CLOSE 100          /* messages refused for rate before the connection closes */
#define SRV_LOGIN_FAIL_BURST 5          /* wrong passwords for one name from one address ... */
#define SRV_LOGIN_FAIL_ADDR_BURST 20    /* ... and from one address for any names ... */
#define SRV_LOGIN_FAIL_PER_S (1.0 / 12) /* ... then one every 12 s */
#define SRV_TOKEN_FAIL_BURST 5          /* wrong session tokens per address ... */
#define SRV_TOKEN_FAIL_PER_S (1.0 / 12) /* ... then one every 12 s */
#define SRV_MAX_SEEKS_PER_USER 3
#define SRV_MAX_WATCH 16                /* games one connection watches at once */
#define SRV_MAX_BASE_S (3 * 3600)
#define SRV_MAX_INC_S 180
#define SRV_FINISHED_LIST_MAX 50
#define SRV_USER_GAMES_DEFAULT 10       /* games of a `user` reply without "limit" */
#define SRV_RATING_HISTORY_MAX 500      /* points of a `user` reply's rating history */
#define SRV_CHAT_KEEP 100               /* game chat lines in a game's state */
#define SRV_RATING_START 1500.0
#define SRV_EXPLORE_BURST 20            /* explore requests at once per connection ... */
#define SRV_EXPLORE_PER_S 5.0           /* ... then this many per second */
#define SRV_PG_CONNECT_TIMEOUT_S 2      /* PostgreSQL's connect_timeout, unless --db sets one */
#define SRV_PG_RETRY_MS 1000            /* a lost PostgreSQL connection is tried again this often */
#define SRV_PG_LOCK_WAIT_MS 3000        /* a database's lock held by another server is waited for */
#define SRV_PG_TCP_USER_TIMEOUT_MS 10000 /* PostgreSQL over TCP: a peer silent this long is gone */
/* A site (--broker): each unfinished game is owned by one process, with a lease
 * in the store that the owner renews; a lapsed lease is taken over. */
#define SRV_LEASE_MS 6000               /* a game's lease: its owner dead this long, it is taken over */
#define SRV_LEASE_RENEW_MS 2000         /* an owner renews the leases of its games this often */
#define SRV_LEASE_SCAN_MS 1000          /* each process looks for lapsed leases this often */
/* A site: a command for a game owned by another process is forwarded to it
 * over the broker (forward.c), which serves the client as a remote connection. */
#define SRV_FWD_HEARTBEAT_MS 1000       /* each process says it lives (subject "site") this often */
#define SRV_FWD_SILENCE_MS 5000         /* an origin silent this long: its remote connections go */
#define SRV_FWD_REPLY_MS 3000           /* a forwarded command unanswered this long: game_elsewhere */

#endif
