/* SPDX-License-Identifier: MIT */
/* xq-server's figures (server/stats.c): GET /metrics is Prometheus' text
 * format with every counter and gauge, each under its HELP and TYPE, with the
 * value the modules gave it; GET /healthz says "ok" while every probe is
 * well, and one line per part that is not. */
#include "xq_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* The line of a metric's sample ("NAME VALUE"), or NULL. */
static const char *sample(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (strncmp(p, name, n) == 0 && (p[n] == ' ' || p[n] == '{'))
            return p;
    return NULL;
}

static long long value(const char *text, const char *name)
{
    const char *p = sample(text, name);
    ck_assert_msg(p != NULL, "no sample of %s in:\n%s", name, text);
    return strtoll(strchr(p, ' ') + 1, NULL, 10);
}

START_TEST(counters_and_gauges_in_prometheus_format)
{
    stats_init();
    stats_probes_clear();
    stats_add(STAT_MOVES, 3);
    stats_add(STAT_MOVES, 4);
    stats_set(STAT_CONNECTIONS, 12);
    stats_set(STAT_CONNECTIONS, 9);
    stats_add(STAT_GAMES_STARTED, 2);
    size_t len = 0;
    char *t = stats_metrics(&len);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(len, strlen(t));
    ck_assert_int_eq(value(t, "xq_moves_total"), 7);
    ck_assert_int_eq(value(t, "xq_connections"), 9);
    ck_assert_int_eq(value(t, "xq_games_started_total"), 2);
    ck_assert_int_eq(value(t, "xq_games_finished_total"), 0);
    ck_assert_ptr_nonnull(strstr(t, "# TYPE xq_moves_total counter\n"));
    ck_assert_ptr_nonnull(strstr(t, "# TYPE xq_connections gauge\n"));
    ck_assert_ptr_nonnull(strstr(t, "# HELP xq_games_live "));
    ck_assert_ptr_nonnull(sample(t, "process_cpu_seconds_total"));
    ck_assert_ptr_nonnull(sample(t, "process_start_time_seconds"));
    ck_assert_ptr_nonnull(sample(t, "process_resident_memory_bytes"));
    ck_assert_int_gt(value(t, "process_resident_memory_bytes"), 0);
    /* every line: a comment, or "name[{labels}] value"; the text ends in a newline */
    ck_assert_int_eq(t[len - 1], '\n');
    int samples = 0;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#') {
            ck_assert(strncmp(line, "# HELP ", 7) == 0 || strncmp(line, "# TYPE ", 7) == 0);
            continue;
        }
        char name[128];
        double v;
        ck_assert_msg(sscanf(line, "%127[a-zA-Z0-9_:{}=\"] %lf", name, &v) == 2, "line '%s'", line);
        samples++;
    }
    ck_assert_int_eq(samples, STAT_MAX + 3);
    free(t);
    stats_init();
    t = stats_metrics(&len);
    ck_assert_int_eq(value(t, "xq_moves_total"), 0);
    free(t);
}
END_TEST

static int g_store_well = 1;

static int store_probe(void *arg, char *why, size_t cap)
{
    ck_assert_ptr_eq(arg, &g_store_well);
    if (g_store_well)
        return 0;
    snprintf(why, cap, "the connection is lost\nand cannot be made again");
    return -1;
}

static int broker_probe(void *arg, char *why, size_t cap)
{
    (void)arg, (void)why, (void)cap;
    return 0;
}

START_TEST(health_from_the_probes)
{
    stats_init();
    stats_probes_clear();
    size_t len;
    int healthy = 0;
    char *t = stats_health(&len, &healthy);
    ck_assert_int_eq(healthy, 1); /* no probes: nothing is unwell */
    ck_assert_str_eq(t, "ok\n");
    free(t);
    ck_assert_int_eq(stats_probe("store", store_probe, &g_store_well), 0);
    ck_assert_int_eq(stats_probe("broker", broker_probe, NULL), 0);
    ck_assert_int_eq(stats_probe("a name too long for it", broker_probe, NULL), -1);
    ck_assert_int_eq(stats_probe(NULL, broker_probe, NULL), -1);
    g_store_well = 1;
    t = stats_health(&len, &healthy);
    ck_assert_int_eq(healthy, 1);
    ck_assert_str_eq(t, "ok\n");
    free(t);
    t = stats_metrics(&len);
    ck_assert_ptr_nonnull(strstr(t, "\nxq_up{part=\"store\"} 1\n"));
    ck_assert_ptr_nonnull(strstr(t, "\nxq_up{part=\"broker\"} 1\n"));
    free(t);
    g_store_well = 0;
    t = stats_health(&len, &healthy);
    ck_assert_int_eq(healthy, 0);
    /* one line for the store, its reason's newline flattened; the broker is well */
    ck_assert_str_eq(t, "store: the connection is lost and cannot be made again\n");
    free(t);
    t = stats_metrics(&len);
    ck_assert_ptr_nonnull(strstr(t, "\nxq_up{part=\"store\"} 0\n"));
    free(t);
    /* the table is bounded */
    ck_assert_int_eq(stats_probe("c", broker_probe, NULL), 0);
    ck_assert_int_eq(stats_probe("d", broker_probe, NULL), 0);
    ck_assert_int_eq(stats_probe("e", broker_probe, NULL), -1);
    stats_probes_clear();
    g_store_well = 1;
}
END_TEST

int main(void)
{
    Suite *s = suite_create("stats");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, counters_and_gauges_in_prometheus_format);
    tcase_add_test(tc, health_from_the_probes);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
