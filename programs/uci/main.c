/* SPDX-License-Identifier: MIT */
/* xq-uci: the libxiangqi engine behind the UCI protocol, with the UCCI
 * dialect that Chinese Xiangqi GUIs speak.
 *
 *   xq-uci              read commands from standard input
 *   xq-uci CMD ARGS...  run one command (e.g. `xq-uci bench`) and exit
 *
 * Moves are ICCS coordinates, ranks 0-9 from Red's side (h2e2), as in
 * Pikafish, or ranks 1-10 (h3e3, a10a9) as in Fairy-Stockfish after
 * `setoption name Ranks value 1-10`. See docs/engine.md for every command
 * and option. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"
#include "uci.h"

/* The longest command line taken (16 MiB: a position with about three
 * million moves). A longer line is refused whole, never cut. */
#define MAX_COMMAND_BYTES (16u << 20)

/* Reads one command line of any length up to MAX_COMMAND_BYTES into *buf
 * (grown as needed), without its newline. Returns 1 for a line, 0 at the end
 * of the input, -1 for a longer line (read to its end and dropped whole), 2
 * for a line with a NUL byte (dropped: its words after the NUL would be lost). */
static int read_command(FILE *f, char **buf, size_t *cap)
{
    size_t len = 0;
    int c, too_long = 0, nul = 0;
    while ((c = getc_unlocked(f)) != EOF && c != '\n') {
        if (too_long)
            continue;
        if (len + 1 >= *cap) {
            size_t grown = *cap ? 2 * *cap : 4096;
            if (grown > MAX_COMMAND_BYTES + 1)
                grown = MAX_COMMAND_BYTES + 1;
            char *b = len + 1 < grown ? realloc(*buf, grown) : NULL;
            if (!b) {
                too_long = 1; /* over the limit (or out of memory): drop the line */
                continue;
            }
            *buf = b;
            *cap = grown;
        }
        nul |= c == 0;
        (*buf)[len++] = (char)c;
    }
    if (c == EOF && len == 0 && !too_long)
        return 0;
    if (too_long)
        return -1;
    (*buf)[len] = 0;
    return nul ? 2 : 1;
}

/* The command line: options, then one protocol command with its arguments. */
static int first_word; /* argv index of the command; 0: none (read standard input) */

static int command_words(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx;
    (void)argv;
    first_word = *i;
    *i = argc - 1; /* the command's arguments are its own, dashes or not */
    return 0;
}

static void usage(FILE *f);

static const cli_option options[] = {
    {CLI_HELP, "--help", "-h", .help = "show this help"},
    {CLI_VERSION, "--version", .help = "show the version"},
};

static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 15,
                              .help = usage, .operand = command_words};

static void usage(FILE *f)
{
    fputs("usage: xq-uci [COMMAND ARGS...]\n"
          "\n"
          "A UCI (and UCCI) Xiangqi engine. Without arguments it reads protocol\n"
          "commands from standard input; with arguments it runs that one command\n"
          "and exits, e.g. `xq-uci bench` or `xq-uci bench 12 2 64` (depth,\n"
          "threads, hash MB). See docs/engine.md.\n"
          "\n",
          f);
    cli_print_options(f, &spec);
}

int main(int argc, char **argv)
{
    engine e;
    cli_init("xq-uci");
    if (uci_engine_init(&e) != 0) {
        cli_error("cannot create the engine");
        return 1;
    }
    int rc = cli_parse(&spec, argc, argv);
    if (rc != CLI_CONTINUE)
        goto done;
    rc = 0;
    if (first_word) {
        size_t len = 1;
        for (int i = first_word; i < argc; i++)
            len += strlen(argv[i]) + 1;
        char *line = malloc(len);
        if (!line) {
            cli_error("%s", xq_strerror(XQ_ENOMEM));
            rc = 1;
            goto done;
        }
        line[0] = 0;
        for (int i = first_word; i < argc; i++) {
            if (i > first_word)
                strcat(line, " ");
            strcat(line, argv[i]);
        }
        uci_execute(&e, line);
        free(line);
        finish_search(&e, 0);
        goto done;
    }
    char *line = NULL;
    size_t cap = 0;
    for (;;) {
        int got = read_command(stdin, &line, &cap);
        if (got == 0)
            break;
        if (got < 0) {
            say("info string error: command line longer than %u bytes; ignored",
                MAX_COMMAND_BYTES);
            continue;
        }
        if (got == 2) {
            say("info string error: command line with a NUL byte; ignored");
            continue;
        }
        if (!uci_execute(&e, line))
            break;
    }
    free(line);
    /* The end of the input: a search stops as at quit; go perft and bench
     * (in a script: `echo bench | xq-uci`) run to their end. */
    finish_search(&e, e.job == JOB_SEARCH);
done:
    uci_engine_free(&e);
    return rc;
}
