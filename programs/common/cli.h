/* SPDX-License-Identifier: MIT */
/* Command-line helpers shared by the programs (programs/, the player in examples/play, server/).
 *
 * Every program answers the same way:
 *   --version        prints "<prog> <libxiangqi version>" on standard output, exit 0
 *   -h, --help       prints the program's help on standard output, exit 0
 *   a bad option     one line on standard error,
 *                    "<prog>: unknown option '--x' (try '<prog> --help')", exit 2
 *   a missing value  "<prog>: option '--x' needs a value (try '<prog> --help')", exit 2
 *   a bad value      "<prog>: <message> (try '<prog> --help')", exit 2
 *
 * Call cli_init() first with the program's name.
 */
#ifndef XQ_EXAMPLES_CLI_H
#define XQ_EXAMPLES_CLI_H

#include <stdio.h>

/** Exit status of a usage error (bad option, missing or bad value). */
#define CLI_EXIT_USAGE 2

/** Sets the program name used by every message below. */
void cli_init(const char *prog);

/** The program name given to cli_init(). */
const char *cli_prog(void);

/** Whether @p arg asks for help (-h, --help). */
int cli_is_help(const char *arg);

/** Whether @p arg asks for the version (--version). */
int cli_is_version(const char *arg);

/** Prints "<prog> <libxiangqi version>" and returns 0 (the exit status). */
int cli_version(void);

/**
 * Handles --help and --version: prints the help (through @p help) or the version and
 * returns 1; returns 0 if @p arg is neither.
 */
int cli_standard(const char *arg, void (*help)(FILE *));

/** "<prog>: unknown option 'ARG' (try '<prog> --help')"; returns CLI_EXIT_USAGE. */
int cli_unknown_option(const char *arg);

/** "<prog>: option 'ARG' needs a value (try '<prog> --help')"; returns CLI_EXIT_USAGE. */
int cli_missing_value(const char *arg);

/** "<prog>: MESSAGE (try '<prog> --help')"; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** "<prog>: MESSAGE" on standard error (a run-time error: no hint). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * The value of the option at argv[*i]: argv[*i + 1], advancing *i past it, or NULL
 * (after printing the missing-value message) when there is none.
 */
const char *cli_value(int argc, char **argv, int *i);

/**
 * Parses a whole decimal integer in [lo, hi] into *out; returns 1, or 0 when @p s is not
 * a number in range (no message).
 */
int cli_parse_int(const char *s, long long lo, long long hi, long long *out);

/**
 * The value of option argv[*i] as an integer in [lo, hi]: returns 1 and advances *i, or
 * prints the usage error ("OPT wants a number from LO to HI, not 'V'" or the missing
 * value) and returns 0.
 */
int cli_int_value(int argc, char **argv, int *i, long long lo, long long hi, long long *out);

#endif
