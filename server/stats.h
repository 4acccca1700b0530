/* SPDX-License-Identifier: MIT */
/* What the server counts, for the people who run it (issue 40, point 7):
 * counters and gauges kept by the modules that know them, written out in
 * Prometheus' text format for `GET /metrics`, and the health of the parts
 * a process needs (the store, the broker) for `GET /healthz`.
 *
 * A module bumps a counter with stats_add() or sets a gauge with
 * stats_set(): a plain add on the loop thread, nothing else (so no lock,
 * and nothing on a hot path but an add). Health is asked, not kept: main.c
 * registers a probe per part (stats_probe()), and /healthz runs them.
 * Everything here runs on the loop thread. */
#ifndef XQ_SERVER_STATS_H
#define XQ_SERVER_STATS_H

#include <stddef.h>
#include <stdint.h>

/* The counters (only ever grow) and the gauges (go up and down). The
 * names and help texts are stats.c's table, in this order. */
typedef enum stat_id {
    STAT_CONNECTIONS_TOTAL,   /* connections accepted (WebSocket and line) */
    STAT_CONNECTIONS_REFUSED, /* refused: the server full, or an address over its limit */
    STAT_MESSAGES_IN,         /* messages read from clients */
    STAT_MESSAGES_MALFORMED,  /* messages that were not a message (bad JSON, no type ...) */
    STAT_MESSAGES_DROPPED,    /* messages dropped over the rate limit */
    STAT_MOVES,               /* moves stored and acknowledged */
    STAT_MOVES_REFUSED_STORE, /* moves refused because the store could not take them */
    STAT_GAMES_STARTED,       /* games started */
    STAT_GAMES_FINISHED,      /* games ended (any result, aborts too) */
    STAT_HTTP_REQUESTS,       /* HTTP requests answered */
    STAT_GAMES_TAKEN_OVER,    /* a site's games this process took over (lease lapsed) */
    STAT_GAMES_GIVEN_UP,      /* live games dropped here: another process owns them now */
    STAT_FORWARDED,           /* commands forwarded to another process (forward.h) */
    STAT_FORWARD_UNANSWERED,  /* forwarded commands answered game_elsewhere: no answer */
    STAT_COUNTERS,            /* the number of counters; the gauges follow */
    STAT_CONNECTIONS = STAT_COUNTERS, /* connections open */
    STAT_GAMES_LIVE,          /* live games in this process */
    STAT_REMOTE_CONNECTIONS,  /* remote connections (forward_serve.h): not in STAT_CONNECTIONS */
    STAT_MAX
} stat_id;

void stats_add(stat_id id, int64_t n);
void stats_set(stat_id id, int64_t v);
int64_t stats_get(stat_id id);
/* Every figure to zero, and now the process's start time (main.c at
 * start-up; the unit test). */
void stats_init(void);

/* A part's health: 0 when it is well, else a short reason written into
 * why (cap bytes, NUL-terminated). */
typedef int (*stats_probe_fn)(void *arg, char *why, size_t cap);
#define STATS_PROBES_MAX 4       /* probes a process registers */
#define STATS_PROBE_NAME_MAX 16  /* bytes of a probe's name, with its NUL */
/* Register a probe under a name ("store", "broker"): 0, or -1 when the table
 * is full or the name too long. */
int stats_probe(const char *name, stats_probe_fn fn, void *arg);
/* Forget every probe (the server's end). */
void stats_probes_clear(void);

/* The /metrics text (Prometheus exposition format 0.0.4): every counter
 * and gauge, the probes as xq_up{part="..."} 0 or 1, and the process's
 * start time, CPU seconds and resident memory. A new string (malloc; the
 * caller frees it) with its length in *len, or NULL without memory. */
char *stats_metrics(size_t *len);
/* The /healthz text: "ok\n" when every probe is well, else a line
 * "PART: REASON" per failing probe. A new string (malloc) with its length,
 * or NULL without memory; *healthy says which. */
char *stats_health(size_t *len, int *healthy);

#endif
