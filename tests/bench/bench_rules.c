/* SPDX-License-Identifier: MIT */
/* Cost of the rules: replay a PGN file of coordinate moves and call
 * xq_board_outcome() after every move (and, with --banned, also
 * xq_board_banned_moves()). Prints ns per ply and the outcomes found. Then
 * times the search's entry point, xq__rules_repetition(), on a stack of
 * positions built as a search builds it, after every move of every game.
 *
 *   bench_rules [--rules axf|cxa|simple] [--banned] [--repeat N] [FILE]
 *
 * FILE defaults to tests/data/games/liu-dahua-1125-uci.pgn. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "core/movegen.h"
#include "core/rules.h"

#ifndef XQ_TEST_DATA
#define XQ_TEST_DATA "tests/data"
#endif

typedef struct game {
    int n;
    xq_move *moves;
} game;

static int is_iccs(const char *t)
{
    return strlen(t) == 4 && t[0] >= 'a' && t[0] <= 'i' && isdigit((unsigned char)t[1]) &&
           t[2] >= 'a' && t[2] <= 'i' && isdigit((unsigned char)t[3]);
}

/* Games start at "[Event"; moves are the ICCS tokens of the movetext. */
static int load(const char *path, game **out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    game *g = NULL;
    int ng = 0, cap = 0, mcap = 0;
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "[Event ", 7)) {
            if (ng == cap) {
                cap = cap ? 2 * cap : 256;
                g = realloc(g, (size_t)cap * sizeof *g);
                if (!g)
                    return -1;
            }
            g[ng].n = 0;
            g[ng].moves = NULL;
            mcap = 0;
            ng++;
            continue;
        }
        if (line[0] == '[' || ng == 0)
            continue;
        for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            xq_move m;
            if (!is_iccs(t) || xq_move_parse(t, &m) != XQ_OK)
                continue;
            game *cur = &g[ng - 1];
            if (cur->n == mcap) {
                mcap = mcap ? 2 * mcap : 128;
                cur->moves = realloc(cur->moves, (size_t)mcap * sizeof *cur->moves);
                if (!cur->moves)
                    return -1;
            }
            cur->moves[cur->n++] = m;
        }
    }
    fclose(f);
    *out = g;
    return ng;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const char *path = XQ_TEST_DATA "/games/liu-dahua-1125-uci.pgn";
    int ruleset = XQ_RULES_AXF, banned = 0, repeat = 3;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            const char *r = argv[++i];
            ruleset = !strcmp(r, "cxa") ? XQ_RULES_CXA : !strcmp(r, "simple") ? XQ_RULES_SIMPLE : XQ_RULES_AXF;
        } else if (!strcmp(argv[i], "--banned")) {
            banned = 1;
        } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
            repeat = atoi(argv[++i]);
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--rules axf|cxa|simple] [--banned] [--repeat N] [FILE]\n",
                    argv[0]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    game *games;
    const int ng = load(path, &games);
    if (ng < 0) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    xq_rules rules;
    xq_rules_init(&rules, XQ_RULES_VERSION, ruleset);
    xq_board *b;
    if (xq_board_new(&b, NULL, NULL) != XQ_OK)
        return 1;

    long plies = 0, counts[16] = {0}, nbanned = 0;
    double best_with = 1e30, best_without = 1e30;
    for (int r = 0; r < repeat; r++) {
        /* The same replay without the query, to subtract make_move's cost. */
        double t0 = now();
        for (int gi = 0; gi < ng; gi++) {
            xq_board_set_fen(b, NULL, NULL);
            for (int i = 0; i < games[gi].n; i++)
                if (xq_board_make_move(b, games[gi].moves[i]) != XQ_OK)
                    return fprintf(stderr, "game %d: illegal move %d\n", gi + 1, i + 1), 1;
        }
        double t1 = now();
        long p = 0;
        for (int gi = 0; gi < ng; gi++) {
            xq_board_set_fen(b, NULL, NULL);
            for (int i = 0; i < games[gi].n; i++) {
                xq_outcome o;
                xq_board_make_move(b, games[gi].moves[i]);
                int res = xq_board_outcome(b, &rules, &o);
                if (res < 0)
                    return fprintf(stderr, "outcome failed: %s\n", xq_strerror(res)), 1;
                if (r == 0)
                    counts[o.reason & 15]++;
                if (banned) {
                    xq_move bm[XQ_MAX_MOVES];
                    int nb = xq_board_banned_moves(b, &rules, bm, XQ_MAX_MOVES);
                    if (r == 0)
                        nbanned += nb;
                }
                p++;
            }
        }
        double t2 = now();
        plies = p;
        if (t1 - t0 < best_without)
            best_without = t1 - t0;
        if (t2 - t1 < best_with)
            best_with = t2 - t1;
    }
    printf("%d games, %ld plies, rules %s%s, best of %d runs\n", ng, plies,
           ruleset == XQ_RULES_CXA ? "cxa" : ruleset == XQ_RULES_SIMPLE ? "simple" : "axf",
           banned ? " (+ banned moves)" : "", repeat);
    printf("replay + query: %.1f ns/ply; replay alone: %.1f ns/ply; query: %.1f ns/ply\n",
           1e9 * best_with / (double)plies, 1e9 * best_without / (double)plies,
           1e9 * (best_with - best_without) / (double)plies);
    printf("positions by reason:");
    for (int i = 0; i < 16; i++)
        if (counts[i])
            printf(" %s=%ld", xq_reason_name(i), counts[i]);
    printf("\n");
    if (banned)
        printf("banned moves found: %ld\n", nbanned);

    /* The search's entry point: one call per node, the last 8 plies being
     * "inside the tree" (so a single repetition there is judged). */
    rules_cfg cfg;
    xq__rules_compile(&rules, &cfg);
    static rules_entry st[4096];
    double best_calls = 1e30;
    long calls = 0, verdicts = 0;
    for (int r = 0; r < repeat; r++) {
        long v = 0;
        double t0 = now();
        for (int gi = 0; gi < ng; gi++) {
            pos_t p;
            xq_board_set_fen(b, NULL, NULL);
            p = ((struct xq_board *)b)->pos;
            st[0].key = p.key;
            st[0].move = XQ_MOVE_NONE;
            st[0].captured = st[0].checked = 0;
            for (int i = 0; i < games[gi].n && i + 1 < 4096; i++) {
                const xq_move m = games[gi].moves[i];
                undo_t u;
                rules_entry *e = &st[i + 1];
                e->move = m;
                e->captured = p.sq[MOVE_TO(m)];
                pos_do(&p, m, &u);
                e->key = p.key;
                e->checked = (uint8_t)xq__in_check(&p);
                v += xq__rules_repetition(&p, st, i + 1, i + 1 > 8 ? i + 1 - 8 : 0, &cfg) !=
                     XQ__REP_NONE;
            }
        }
        double t1 = now();
        if (t1 - t0 < best_calls)
            best_calls = t1 - t0;
        verdicts = v;
        calls = plies;
    }
    /* The same loop without the call, to subtract making the moves. */
    double best_bare = 1e30;
    for (int r = 0; r < repeat; r++) {
        double t0 = now();
        long sink = 0;
        for (int gi = 0; gi < ng; gi++) {
            xq_board_set_fen(b, NULL, NULL);
            pos_t p = ((struct xq_board *)b)->pos;
            for (int i = 0; i < games[gi].n && i + 1 < 4096; i++) {
                const xq_move m = games[gi].moves[i];
                undo_t u;
                rules_entry *e = &st[i + 1];
                e->move = m;
                e->captured = p.sq[MOVE_TO(m)];
                pos_do(&p, m, &u);
                e->key = p.key;
                e->checked = (uint8_t)xq__in_check(&p);
                sink += e->checked;
            }
        }
        double t1 = now();
        if (t1 - t0 < best_bare)
            best_bare = t1 - t0;
        if (sink < 0)
            printf("%ld\n", sink);
    }
    printf("search entry point xq__rules_repetition: %.1f ns/call (%ld calls, %ld verdicts, "
           "8 plies in the tree)\n",
           1e9 * (best_calls - best_bare) / (double)calls, calls, verdicts);
    xq_board_free(b);
    for (int gi = 0; gi < ng; gi++)
        free(games[gi].moves);
    free(games);
    return 0;
}
