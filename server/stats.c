/* SPDX-License-Identifier: MIT */
/* The server's counters and gauges, and its health (stats.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "stats.h"

#define STATS_TEXT_START 4096 /* first size of a text's buffer (it grows) */
#define STATS_WHY_MAX 200     /* bytes of a probe's reason */

typedef struct stat_def {
    const char *name, *help;
} stat_def;

/* In stat_id's order: counters end in _total (Prometheus' convention). */
static const stat_def k_stats[STAT_MAX] = {
    [STAT_CONNECTIONS_TOTAL] = {"xq_connections_total", "Connections accepted."},
    [STAT_CONNECTIONS_REFUSED] = {"xq_connections_refused_total",
                                  "Connections refused: the server full or an address over its limit."},
    [STAT_MESSAGES_IN] = {"xq_messages_total", "Messages read from clients."},
    [STAT_MESSAGES_MALFORMED] = {"xq_messages_malformed_total",
                                 "Messages that were not a message of the protocol."},
    [STAT_MESSAGES_DROPPED] = {"xq_messages_dropped_total",
                               "Messages dropped over the per-connection rate limit."},
    [STAT_MOVES] = {"xq_moves_total", "Moves stored and acknowledged."},
    [STAT_MOVES_REFUSED_STORE] = {"xq_moves_refused_store_total",
                                  "Moves refused because the store could not take them."},
    [STAT_GAMES_STARTED] = {"xq_games_started_total", "Games started."},
    [STAT_GAMES_FINISHED] = {"xq_games_finished_total", "Games ended, aborts included."},
    [STAT_HTTP_REQUESTS] = {"xq_http_requests_total", "HTTP requests answered."},
    [STAT_GAMES_TAKEN_OVER] = {"xq_games_taken_over_total",
                               "Games of the site taken over here after their lease lapsed."},
    [STAT_GAMES_GIVEN_UP] = {"xq_games_given_up_total",
                             "Live games dropped here because another process owns them now."},
    [STAT_FORWARDED] = {"xq_forwarded_total", "Commands forwarded to a game's owner."},
    [STAT_FORWARD_UNANSWERED] = {"xq_forward_unanswered_total",
                                 "Forwarded commands its owner did not answer (game_elsewhere)."},
    [STAT_CONNECTIONS] = {"xq_connections", "Connections open."},
    [STAT_GAMES_LIVE] = {"xq_games_live", "Live games in this process."},
    [STAT_REMOTE_CONNECTIONS] = {"xq_remote_connections",
                                 "Clients of other processes of the site served here."},
};

static int64_t g_value[STAT_MAX];

typedef struct probe {
    char name[STATS_PROBE_NAME_MAX];
    stats_probe_fn fn;
    void *arg;
} probe;
static probe g_probes[STATS_PROBES_MAX];
static int g_nprobes;
static time_t g_started; /* stats_init()'s wall time: the process's start */

void stats_add(stat_id id, int64_t n)
{
    if (id < STAT_MAX)
        g_value[id] += n;
}

void stats_set(stat_id id, int64_t v)
{
    if (id < STAT_MAX)
        g_value[id] = v;
}

int64_t stats_get(stat_id id) { return id < STAT_MAX ? g_value[id] : 0; }

void stats_init(void)
{
    memset(g_value, 0, sizeof g_value);
    g_started = time(NULL);
}

int stats_probe(const char *name, stats_probe_fn fn, void *arg)
{
    if (!name || !fn || g_nprobes == STATS_PROBES_MAX || strlen(name) >= STATS_PROBE_NAME_MAX)
        return -1;
    probe *p = &g_probes[g_nprobes++];
    strcpy(p->name, name);
    p->fn = fn;
    p->arg = arg;
    return 0;
}

void stats_probes_clear(void) { g_nprobes = 0; }

/* A growing text. */
typedef struct text {
    char *buf;
    size_t len, cap;
    int oom;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    for (;;) {
        if (t->oom)
            return;
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->oom = 1;
            return;
        }
        if (t->buf && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? t->cap : STATS_TEXT_START;
        while (cap <= t->len + (size_t)n)
            cap *= 2;
        char *b = realloc(t->buf, cap);
        if (!b) {
            t->oom = 1;
            return;
        }
        t->buf = b;
        t->cap = cap;
    }
}

static char *done(text *t, size_t *len)
{
    if (t->oom || !t->buf) {
        free(t->buf);
        return NULL;
    }
    *len = t->len;
    return t->buf;
}

/* One metric: its help, its type, its value. */
static void metric(text *t, const char *name, const char *help, const char *type, const char *value)
{
    put(t, "# HELP %s %s\n# TYPE %s %s\n%s %s\n", name, help, name, type, name, value);
}

static void metric_int(text *t, const char *name, const char *help, const char *type, int64_t v)
{
    char value[24];
    snprintf(value, sizeof value, "%lld", (long long)v);
    metric(t, name, help, type, value);
}

/* The process's own: start time, CPU seconds, resident memory. */
static void process_metrics(text *t)
{
    struct rusage ru;
    char value[48];
    if (g_started)
        metric_int(t, "process_start_time_seconds",
                   "Start time of the process since the epoch in seconds.", "gauge",
                   (int64_t)g_started);
    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
                     ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
        snprintf(value, sizeof value, "%.3f", cpu);
        metric(t, "process_cpu_seconds_total", "Total user and system CPU time spent in seconds.",
               "counter", value);
    }
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) == 2)
            metric_int(t, "process_resident_memory_bytes", "Resident memory size in bytes.",
                       "gauge", (int64_t)resident * sysconf(_SC_PAGESIZE));
        fclose(f);
    }
}

char *stats_metrics(size_t *len)
{
    text t = {0};
    for (int i = 0; i < STAT_MAX; i++)
        metric_int(&t, k_stats[i].name, k_stats[i].help, i < STAT_COUNTERS ? "counter" : "gauge",
                   g_value[i]);
    if (g_nprobes) {
        put(&t, "# HELP xq_up Whether a part the process needs is well (1) or not (0).\n"
                "# TYPE xq_up gauge\n");
        for (int i = 0; i < g_nprobes; i++) {
            char why[STATS_WHY_MAX] = "";
            put(&t, "xq_up{part=\"%s\"} %d\n", g_probes[i].name,
                g_probes[i].fn(g_probes[i].arg, why, sizeof why) == 0);
        }
    }
    process_metrics(&t);
    return done(&t, len);
}

char *stats_health(size_t *len, int *healthy)
{
    text t = {0};
    *healthy = 1;
    for (int i = 0; i < g_nprobes; i++) {
        char why[STATS_WHY_MAX] = "";
        if (g_probes[i].fn(g_probes[i].arg, why, sizeof why) != 0) {
            *healthy = 0;
            /* one line per part: a reason's own newlines would break it */
            for (char *p = why; *p; p++)
                if (*p == '\n' || *p == '\r')
                    *p = ' ';
            put(&t, "%s: %s\n", g_probes[i].name, why[0] ? why : "not well");
        }
    }
    if (*healthy)
        put(&t, "ok\n");
    return done(&t, len);
}
