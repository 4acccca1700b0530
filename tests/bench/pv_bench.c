/* SPDX-License-Identifier: MIT */
/* xq-pv-bench: many short searches with every reported line checked (not a
 * test; the quick version runs in check_search).
 *
 *   xq-pv-bench [--games FILE.pgn] [--positions N] [--nodes N] [--threads N]
 *               [--hash MB] [--step PLIES]
 *
 * Takes up to N positions (default 600) from every STEP-th ply (default 7)
 * of the games in FILE (default tests/data/games/liu-dahua-1125-uci.pgn),
 * searches each on one handle with a node limit (default 150000, 1 thread,
 * 1 MB hash: a small table that is overwritten often), and checks every
 * info line, result PV, best move and ponder move move by move with
 * xq_board_make_move(). Prints the counts; exits 1 if any line is corrupt. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../unit/search_lines.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const char *games = XQ_TEST_DATA "/games/liu-dahua-1125-uci.pgn";
    int positions = 600, threads = 1, hash = 1, step = 7;
    unsigned long long nodes = 150000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc)
            goto usage;
        if (strcmp(a, "--games") == 0)
            games = argv[++i];
        else if (strcmp(a, "--positions") == 0)
            positions = atoi(argv[++i]);
        else if (strcmp(a, "--nodes") == 0)
            nodes = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--threads") == 0)
            threads = atoi(argv[++i]);
        else if (strcmp(a, "--hash") == 0)
            hash = atoi(argv[++i]);
        else if (strcmp(a, "--step") == 0)
            step = atoi(argv[++i]);
        else
            goto usage;
    }
    if (positions < 1 || threads < 1 || hash < 1 || step < 1)
        goto usage;

    xq_board **boards;
    const int n = sl_load_boards(games, step, step, positions, &boards);
    if (n == 0) {
        fprintf(stderr, "xq-pv-bench: no positions from %s\n", games);
        return 2;
    }
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.threads = threads;
    cfg.hash_mb = (size_t)hash;
    xq_search *s;
    if (xq_search_new(&s, &cfg) != XQ_OK) {
        fprintf(stderr, "xq-pv-bench: cannot create the search\n");
        return 2;
    }
    xq_search_limits lim;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.nodes = nodes;
    sl_stats st;
    memset(&st, 0, sizeof st);
    const double t0 = now_s();
    for (int i = 0; i < n; i++)
        if (sl_search(s, boards[i], &lim, &st) != XQ_OK) {
            fprintf(stderr, "xq-pv-bench: search %d failed\n", i);
            return 2;
        }
    const double dt = now_s() - t0;
    printf("%ld searches of %d positions (%s, every %d plies), %llu nodes each, %d thread(s), "
           "%d MB hash, %.1f s\n",
           st.searches, n, games, step, nodes, threads, hash, dt);
    printf("info lines checked: %ld\n", st.infos);
    printf("corrupt info PVs: %ld\ncorrupt result PVs: %ld\nbad best moves: %ld\n"
           "bad ponder moves: %ld\n",
           st.bad_info_pv, st.bad_result_pv, st.bad_best, st.bad_ponder);
    if (st.first_error[0])
        printf("first: %s\n", st.first_error);
    xq_search_free(s);
    sl_free_boards(boards, n);
    return sl_errors(&st) ? 1 : 0;
usage:
    fprintf(stderr, "usage: xq-pv-bench [--games FILE.pgn] [--positions N] [--nodes N] "
                    "[--threads N] [--hash MB] [--step PLIES]\n");
    return 2;
}
