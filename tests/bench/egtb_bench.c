/* SPDX-License-Identifier: MIT */
/* xq-egtb-bench: figures of the endgame tables (not a test; machines are noisy).
 *
 *   xq-egtb-bench DIR [--games N] [--nodes N]
 *
 * Generates KNKA, KNKB, KRKAABB and KRKN into DIR when they are not there
 * (timed), then:
 *  - probe time: xq_egtb_probe() on random legal positions of those tables;
 *  - the engine with and without the tables: N games (default 12 per table)
 *    from random positions the tables give as won for the side to move with
 *    a mate of 21 plies or more (or by the perpetual-check rule), both
 *    sides searching N nodes per move (default 20000),
 *    under the AXF rules with their 120-ply limit; counted: the games the
 *    winning side wins, without tables and with them (both sides using
 *    them). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "../../lib/util/mix64.h" /* the seed, shared with the library */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng = XQ__GOLDEN64;
static unsigned next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

/* A random square where a piece (FEN letter) can stand. */
static int random_square(char piece)
{
    static const int red_palace[9] = {3, 4, 5, 12, 13, 14, 21, 22, 23};
    static const int red_advisor[5] = {3, 5, 13, 21, 23};
    static const int red_elephant[7] = {2, 6, 18, 22, 26, 38, 42};
    const int black = piece >= 'a';
    int s;
    switch (piece | 32) {
    case 'k': s = red_palace[next_rand() % 9]; break;
    case 'a': s = red_advisor[next_rand() % 5]; break;
    case 'b': s = red_elephant[next_rand() % 7]; break;
    case 'p': /* across the river, or one of the five files before it */
        for (;;) {
            s = (int)(next_rand() % 90);
            if (s >= 45 || (s >= 27 && s % 9 % 2 == 0))
                break;
        }
        break;
    default: return (int)(next_rand() % 90);
    }
    return black ? 89 - s : s;
}

/* A random legal position of the pieces (FEN letters), side to move random. */
static void random_position(xq_board *b, const char *pieces)
{
    for (;;) {
        char g[90] = {0};
        int ok = 1;
        for (int i = 0; pieces[i]; i++) {
            int s = random_square(pieces[i]);
            if (g[s])
                ok = 0;
            g[s] = pieces[i];
        }
        if (!ok)
            continue;
        char fen[XQ_FEN_MAX];
        int k = 0;
        for (int r = 9; r >= 0; r--) {
            int e = 0;
            for (int f = 0; f < 9; f++) {
                char c = g[r * 9 + f];
                if (!c) {
                    e++;
                    continue;
                }
                if (e)
                    fen[k++] = (char)('0' + e);
                e = 0;
                fen[k++] = c;
            }
            if (e)
                fen[k++] = (char)('0' + e);
            if (r)
                fen[k++] = '/';
        }
        snprintf(fen + k, sizeof fen - (size_t)k, next_rand() & 1 ? " b - - 0 1" : " w - - 0 1");
        if (xq_board_set_fen(b, fen, NULL) == XQ_OK)
            return;
    }
}

/* Play a game; returns 1 if the side to move at the start wins. */
static int play(xq_search *s, xq_board *b, long nodes, int *plies)
{
    xq_rules rules;
    xq_rules_init(&rules, XQ_RULES_VERSION, XQ_RULES_AXF);
    xq_search_set_rules(s, &rules);
    const int winner = xq_board_side_to_move(b);
    for (*plies = 0;; (*plies)++) {
        xq_outcome o;
        int r = xq_board_outcome(b, &rules, &o);
        if (r > XQ_RESULT_ONGOING)
            return r == (winner == XQ_RED ? XQ_RESULT_RED_WINS : XQ_RESULT_BLACK_WINS);
        xq_search_limits lim;
        xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
        lim.nodes = (uint64_t)nodes;
        xq_search_result res;
        if (xq_search_run(s, b, &lim, &res) != XQ_OK || res.best_move == XQ_MOVE_NONE)
            return 0;
        xq_board_make_move(b, res.best_move);
    }
}

/* The games start from wins at least this long (plies), or by the rule. */
enum { MIN_DTM = 21 };

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: xq-egtb-bench DIR [--games N] [--nodes N]\n");
        return 2;
    }
    const char *dir = argv[1];
    int games = 12;
    long nodes = 20000;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--games"))
            games = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--nodes"))
            nodes = atol(argv[i + 1]);
    }
    static const char *const mats[][2] = {
        {"KNKA", "KNka"}, {"KNKB", "KNkb"}, {"KRKAABB", "KRkaabb"}, {"KRKN", "KRkn"}};
    enum { NMATS = 4 };
    for (int m = 0; m < NMATS; m++) {
        xq_parse_error err;
        double t0 = now_s();
        if (xq_egtb_generate(dir, mats[m][0], NULL, NULL, &err) != XQ_OK) {
            fprintf(stderr, "generate %s: %s\n", mats[m][0], err.message);
            return 1;
        }
        printf("generate %-7s (and smaller, when absent): %.2f s\n", mats[m][0], now_s() - t0);
    }
    xq_egtb *tb;
    xq_parse_error err;
    if (xq_egtb_open(&tb, dir, &err) != XQ_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    /* Probe time. */
    enum { NPOS = 4096, NPROBES = 1000000 };
    xq_board **pos = calloc(NPOS, sizeof *pos);
    for (int i = 0; i < NPOS; i++) {
        xq_board_new(&pos[i], NULL, NULL);
        random_position(pos[i], mats[i % NMATS][1]);
    }
    int wdl, dtm;
    long sum = 0;
    double t0 = now_s();
    for (int i = 0; i < NPROBES; i++) {
        xq_egtb_probe(tb, pos[i % NPOS], &wdl, &dtm);
        sum += dtm;
    }
    double t = now_s() - t0;
    printf("probe: %d probes in %.3f s, %.0f ns each (checksum %ld)\n", NPROBES, t,
           t / NPROBES * 1e9, sum);
    t0 = now_s();
    xq_move mv[XQ_MAX_MOVES];
    for (int i = 0; i < NPROBES / 20; i++)
        sum += xq_egtb_best_moves(tb, pos[i % NPOS], mv, XQ_MAX_MOVES);
    t = now_s() - t0;
    printf("best_moves: %d calls in %.3f s, %.1f us each\n", NPROBES / 20, t,
           t / (NPROBES / 20) * 1e6);

    /* The engine with and without the tables. */
    xq_search *s;
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    xq_search_new(&s, &cfg);
    xq_board *b, *start;
    xq_board_new(&b, NULL, NULL);
    xq_board_new(&start, NULL, NULL);
    int total = 0, won_without = 0, won_with = 0, gained = 0;
    for (int m = 0; m < NMATS; m++) {
        int n = 0, w0 = 0, w1 = 0, plies0 = 0, plies1 = 0;
        while (n < games) {
            random_position(start, mats[m][1]);
            if (xq_egtb_probe(tb, start, &wdl, &dtm) != XQ_OK || wdl != XQ_EGTB_WIN ||
                (dtm >= 0 && dtm < MIN_DTM))
                continue;
            char fen[XQ_FEN_MAX];
            xq_board_fen(start, fen, sizeof fen);
            int p0, p1;
            xq_search_set_tablebase(s, NULL);
            xq_search_clear(s);
            xq_board_set_fen(b, fen, NULL);
            int r0 = play(s, b, nodes, &p0);
            xq_search_set_tablebase(s, tb);
            xq_search_clear(s);
            xq_board_set_fen(b, fen, NULL);
            int r1 = play(s, b, nodes, &p1);
            w0 += r0;
            w1 += r1;
            gained += r1 && !r0;
            plies0 += p0;
            plies1 += p1;
            n++;
        }
        printf("%-7s %d won positions (mate >= %d plies or by rule): won without tables %d, "
               "with tables %d; %.1f / %.1f plies a game\n",
               mats[m][0], n, MIN_DTM, w0, w1, (double)plies0 / n, (double)plies1 / n);
        total += n;
        won_without += w0;
        won_with += w1;
    }
    printf("all: %d games, won without tables %d, with tables %d (%d won only with them), "
           "%ld nodes a move\n",
           total, won_without, won_with, gained, nodes);
    xq_search_free(s);
    xq_board_free(b);
    xq_board_free(start);
    for (int i = 0; i < NPOS; i++)
        xq_board_free(pos[i]);
    free(pos);
    xq_egtb_free(tb);
    return 0;
}
