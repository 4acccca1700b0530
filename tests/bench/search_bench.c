/* SPDX-License-Identifier: MIT */
/* xq-search-bench: speed figures of the search (not a test; machines are noisy).
 *
 *   xq-search-bench [--depth N] [--threads LIST] [--hash MB] [--stop-trials N]
 *
 * For each thread count in LIST (default "1,2"): the time to reach a fixed
 * depth on the bench positions (a fresh table for each position) and the
 * nodes per second; then the stop latency: how long xq_search_wait() takes
 * to return after xq_search_stop() on a running infinite search. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "../../programs/uci/bench.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int depth = 12, hash = 64, trials = 20;
    char list[64] = "1,2";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc)
            depth = atoi(argv[++i]);
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            snprintf(list, sizeof list, "%s", argv[++i]);
        else if (strcmp(argv[i], "--hash") == 0 && i + 1 < argc)
            hash = atoi(argv[++i]);
        else if (strcmp(argv[i], "--stop-trials") == 0 && i + 1 < argc)
            trials = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: xq-search-bench [--depth N] [--threads 1,2,...] [--hash MB] "
                            "[--stop-trials N]\n");
            return 2;
        }
    }
    int npos = 0;
    while (bench_fens[npos])
        npos++;
    printf("time to depth %d over %d positions, hash %d MB\n", depth, npos, hash);
    double base = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        int threads = atoi(tok);
        xq_search_config cfg;
        xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
        cfg.threads = threads;
        cfg.hash_mb = (size_t)hash;
        xq_search *s;
        if (xq_search_new(&s, &cfg) != XQ_OK) {
            fprintf(stderr, "cannot create a search with %d threads\n", threads);
            return 1;
        }
        double total = 0;
        uint64_t nodes = 0;
        for (int i = 0; i < npos; i++) {
            xq_board *b;
            xq_board_new(&b, bench_fens[i], NULL);
            xq_search_limits lim;
            xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
            lim.depth = depth;
            xq_search_result r;
            xq_search_clear(s);
            double t0 = now_s();
            xq_search_run(s, b, &lim, &r);
            total += now_s() - t0;
            nodes += r.nodes;
            xq_board_free(b);
        }
        if (!base)
            base = total;
        printf("threads %2d: %8.2f s to depth %d, %12" PRIu64 " nodes, %9.0f nodes/s, "
               "speed-up %.2f\n",
               threads, total, depth, nodes, (double)nodes / total, base / total);
        fflush(stdout);

        /* Stop latency. */
        double lat[256];
        int n = trials < 256 ? trials : 256;
        xq_board *b;
        xq_board_new(&b, NULL, NULL);
        xq_search_limits lim;
        xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
        lim.infinite = 1;
        for (int t = 0; t < n; t++) {
            xq_search_start(s, b, &lim, NULL, NULL);
            struct timespec ts = {0, (long)(50 + 10 * (t % 10)) * 1000000L};
            nanosleep(&ts, NULL);
            double t0 = now_s();
            xq_search_stop(s);
            xq_search_wait(s, NULL);
            lat[t] = (now_s() - t0) * 1000;
        }
        qsort(lat, (size_t)n, sizeof lat[0], cmp_double);
        printf("threads %2d: stop latency over %d stops: median %.3f ms, max %.3f ms\n", threads,
               n, lat[n / 2], lat[n - 1]);
        xq_board_free(b);
        xq_search_free(s);
    }
    return 0;
}
