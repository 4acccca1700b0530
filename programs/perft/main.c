/* SPDX-License-Identifier: MIT */
/* xq-perft: count the legal-move tree of a position, or check an EPD suite.
 *
 *   xq-perft [--fen FEN] [--depth N] [--divide]
 *   xq-perft --epd FILE [--depth N]
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The command line. */
static struct {
    const char *fen, *epd;
    long long depth;
    int divide;
} arg = {.depth = -1};

static void usage(FILE *f);

static const cli_option options[] = {
    {CLI_STRING, "--fen", .arg = "FEN", .dest = &arg.fen,
     .help = "position to count (default: the start position)"},
    {CLI_LLONG, "--depth", .arg = "N", .dest = &arg.depth, .lo = 0, .hi = 64,
     .help = "depth to count to (default 5); with --epd, the deepest\n"
             "depth checked on each line (default: all listed)"},
    {CLI_FLAG, "--divide", .dest = &arg.divide, .ival = 1,
     .help = "print the count below each legal move at the root"},
    {CLI_STRING, "--epd", .arg = "FILE", .dest = &arg.epd,
     .help = "check every line 'FEN ;D1 n ;D2 n ...' of FILE and print\n"
             "ok/FAIL per count; the exit status is 1 if any count differs"},
    {CLI_HELP, "--help", "-h", .help = "show this help"},
    {CLI_VERSION, "--version", .help = "show the version"},
};

static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 15,
                              .help = usage};

static void usage(FILE *f)
{
    fputs("usage: xq-perft [--fen FEN] [--depth N] [--divide]\n"
          "       xq-perft --epd FILE [--depth N]\n"
          "\n"
          "Count the leaf nodes of the legal-move tree (perft) and report the time\n"
          "and speed.\n"
          "\n",
          f);
    cli_print_options(f, &spec);
    fputs("\n"
          "Moves are printed in ICCS coordinates (h2e2), ranks 0-9 from Red's side.\n",
          f);
}

static xq_board *load(const char *fen)
{
    xq_board *b;
    xq_parse_error err;
    int rc = xq_board_new(&b, fen, &err);
    if (rc < 0) {
        fprintf(stderr, "xq-perft: bad FEN (%s at offset %d): %s\n", xq_strerror(rc), err.offset,
                err.message);
        return NULL;
    }
    return b;
}

static int run_single(const char *fen, int depth, int divide)
{
    xq_board *b = load(fen);
    char buf[XQ_FEN_MAX];
    if (!b)
        return 2;
    xq_board_fen(b, buf, sizeof buf);
    printf("position %s\n", buf);
    if (divide) {
        xq_move moves[XQ_MAX_MOVES];
        uint64_t counts[XQ_MAX_MOVES], total = 0;
        double t0 = now();
        int n = xq_perft_divide(b, depth < 1 ? 1 : depth, moves, counts, XQ_MAX_MOVES);
        double dt = now() - t0;
        for (int i = 0; i < n; i++) {
            char ms[XQ_MOVE_STR_MAX];
            xq_move_format(moves[i], ms, sizeof ms);
            printf("%s: %" PRIu64 "\n", ms, counts[i]);
            total += counts[i];
        }
        printf("\nmoves %d  nodes %" PRIu64 "  time %.6f s  nodes/s %.0f\n", n, total, dt,
               dt > 0 ? (double)total / dt : 0.0);
    } else {
        printf("%-6s %16s %10s %14s\n", "depth", "nodes", "time(s)", "nodes/s");
        for (int d = 1; d <= depth; d++) {
            uint64_t nodes;
            double t0 = now();
            xq_perft(b, d, &nodes);
            double dt = now() - t0;
            printf("%-6d %16" PRIu64 " %10.3f %14.0f\n", d, nodes, dt,
                   dt > 0 ? (double)nodes / dt : 0.0);
            fflush(stdout);
        }
    }
    xq_board_free(b);
    return 0;
}

static int run_epd(const char *path, int max_depth)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "xq-perft: cannot open %s: %s\n", path, strerror(errno));
        return 2;
    }
    char line[4096];
    int lineno = 0, checks = 0, failures = 0, positions = 0;
    uint64_t total_nodes = 0;
    double total_time = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char *semi = strchr(line, ';');
        if (!semi) {
            if (line[strspn(line, " \t")])
                fprintf(stderr, "xq-perft: %s:%d: no ';D1 n' counts, skipped\n", path, lineno);
            continue;
        }
        *semi = 0;
        xq_board *b = load(line);
        if (!b) {
            fprintf(stderr, "xq-perft: %s:%d: skipped\n", path, lineno);
            failures++;
            continue;
        }
        positions++;
        printf("line %d:", lineno);
        for (char *tok = strtok(semi + 1, ";"); tok; tok = strtok(NULL, ";")) {
            int d;
            unsigned long long expect;
            if (sscanf(tok, " D%d %llu", &d, &expect) != 2) {
                printf(" [bad field '%s']", tok);
                failures++;
                continue;
            }
            if (max_depth > 0 && d > max_depth)
                continue;
            uint64_t nodes;
            double t0 = now();
            xq_perft(b, d, &nodes);
            double dt = now() - t0;
            total_nodes += nodes;
            total_time += dt;
            checks++;
            if (nodes == expect) {
                printf(" D%d ok", d);
            } else {
                printf(" D%d FAIL (got %" PRIu64 ", expected %llu)", d, nodes, expect);
                failures++;
            }
            fflush(stdout);
        }
        printf("\n");
        xq_board_free(b);
    }
    fclose(f);
    printf("%d positions, %d counts checked, %d failed; %" PRIu64 " nodes in %.3f s (%.0f nodes/s)\n",
           positions, checks, failures, total_nodes, total_time,
           total_time > 0 ? (double)total_nodes / total_time : 0.0);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    cli_init("xq-perft");
    int rc = cli_parse(&spec, argc, argv);
    if (rc != CLI_CONTINUE)
        return rc;
    if (arg.epd)
        return run_epd(arg.epd, (int)arg.depth);
    return run_single(arg.fen, arg.depth < 0 ? 5 : (int)arg.depth, arg.divide);
}
