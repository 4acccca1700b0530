/* SPDX-License-Identifier: MIT */
/* Command-line helpers shared by the programs (programs/, the player in examples/play, server/,
 * tools/).
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
 *
 * The options themselves are a table (cli_option) that cli_parse() reads and
 * cli_print_options() prints as the help's option list, so the help and the
 * parser cannot disagree; every program's table has a CLI_HELP ("--help", "-h")
 * and a CLI_VERSION ("--version") entry. The parser is a small loop of its own, not glibc's
 * getopt_long(): getopt_long accepts any unambiguous prefix of a long option
 * (--thin for --thinking) and cannot be told not to, groups short options
 * (-qo FILE), reorders argv, and reports an unknown long option without
 * saying reliably which argument it was; the programs want exact names, the
 * messages above word for word, and xq-match's single-dash long options
 * (-engine, -rounds, as cutechess-cli), which only getopt_long_only() knows
 * (with the same prefixes). What the loop accepts:
 *   --name VALUE and --name=VALUE (a name with two dashes; not in
 *                    CLI_SINGLE_DASH tables);
 *   -o VALUE         a short name, alone (no grouping, no -oVALUE);
 *   --               the end of the options (when the program takes operands);
 *   -                an operand (standard input), not an option.
 */
#ifndef XQ_COMMON_CLI_H
#define XQ_COMMON_CLI_H

#include <limits.h>
#include <stdio.h>

/* Size of a buffer for a file's path in the programs: the system's PATH_MAX
 * (what realpath() writes at most), or 4096 where it names none. */
#ifdef PATH_MAX
#define CLI_PATH_MAX PATH_MAX
#else
#define CLI_PATH_MAX 4096
#endif /* XQ_COMMON_CLI_H */

/** Exit status of a usage error (bad option, missing or bad value). */
#define CLI_EXIT_USAGE 2

/** Sets the program name used by every message below. */
void cli_init(const char *prog);

/** The program name given to cli_init(). */
const char *cli_prog(void);

/** "<prog>: MESSAGE (try '<prog> --help')"; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** "<prog>: MESSAGE" on standard error (a run-time error: no hint). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * Parses a whole decimal integer in [lo, hi] into *out; returns 1, or 0 when @p s is not
 * a number in range (no message).
 */
int cli_parse_int(const char *s, long long lo, long long hi, long long *out);

/* ---- the option table ---- */

/** What an option of the table is and takes. */
typedef enum cli_kind {
    CLI_TEXT = 0, /**< no option: its help is a line of text (a title; "" a blank line) */
    CLI_FLAG,     /**< no value: stores ival in the int at dest */
    CLI_COUNT,    /**< no value: adds 1 to the int at dest (--verbose --verbose) */
    CLI_STRING,   /**< a value: stored as is in the const char * at dest */
    CLI_INT,      /**< a whole number in [lo, hi] (within int): stored in the int at dest */
    CLI_LLONG,    /**< a whole number in [lo, hi]: stored in the long long at dest */
    CLI_CHOICE,   /**< one of choices[] (NULL-terminated): its index stored in the int at dest */
    CLI_CALL,     /**< a value the program checks: call(ctx, option, value) */
    CLI_ARGS,     /**< reads what follows itself: args(ctx, argc, argv, &i) (-engine k=v ...) */
    CLI_HELP,     /**< prints the help (cli_spec.help) and ends the parse with status 0 */
    CLI_VERSION   /**< prints the version (cli_version()) and ends the parse with status 0 */
} cli_kind;

/**
 * A program callback for CLI_CALL: 0 when @p value is good (and taken), or an exit status
 * (CLI_EXIT_USAGE) after printing the message (cli_usage_error()).
 */
typedef int (*cli_call_fn)(void *ctx, const char *option, const char *value);

/**
 * A program callback that reads argv itself, for CLI_ARGS options and for operands
 * (cli_spec.operand): argv[*i] is the option or operand; it may advance *i past the
 * arguments it takes. 0 to go on, or an exit status after printing the message.
 */
typedef int (*cli_args_fn)(void *ctx, int argc, char **argv, int *i);

/** One option (or one line of text) of a program's table. */
typedef struct cli_option {
    cli_kind kind;
    const char *name;       /**< "--fen" ("-rounds" in a CLI_SINGLE_DASH table) */
    const char *short_name; /**< "-o", shown in the help before the name; NULL */
    const char *alias;      /**< another spelling not shown in the help ("--colour"); NULL */
    const char *arg;        /**< the value's name in the help ("FEN"); NULL for no value */
    const char *help;       /**< the description ('\n' starts a continuation line), or the
                                 text of a CLI_TEXT line (printed as it is); NULL: an
                                 option the option list does not show */
    void *dest;             /**< where the value goes (see cli_kind) */
    int ival;               /**< CLI_FLAG: the value stored */
    long long lo, hi;       /**< CLI_INT, CLI_LLONG: the bounds */
    const char *const *choices; /**< CLI_CHOICE: the values, NULL-terminated */
    const char *want;       /**< what a good value is, for the bad-value message; NULL:
                                 "a number from LO to HI" for numbers */
    cli_call_fn call;       /**< CLI_CALL */
    cli_args_fn args;       /**< CLI_ARGS */
    int *seen;              /**< counts the times the option is given (also when its value
                                 is bad); NULL */
} cli_option;

/** cli_spec.flags */
enum {
    /** Names are written with one dash (-rounds) and may be written with two (--rounds);
     *  no --name=VALUE. */
    CLI_SINGLE_DASH = 1
};

/** A program's command line: its table and what to do with the rest. */
typedef struct cli_spec {
    const cli_option *options;
    size_t count;
    int flags;                  /**< CLI_SINGLE_DASH */
    int column;                 /**< the help's column of the descriptions (21: "  " + 18 + " ") */
    void (*help)(FILE *);       /**< the whole help, for CLI_HELP */
    /** Operands (words that are not options); NULL: a word that is not an option is
     *  reported as an unknown option, and so is "--". */
    cli_args_fn operand;
    /** The bad-value message; NULL: "OPT wants WANT, not 'VALUE'" (cli_bad_value()). */
    int (*bad_value)(const cli_option *o, const char *option, const char *value);
    void *ctx;                  /**< passed to the callbacks */
} cli_spec;

/** cli_parse() went through the whole command line: the program goes on. */
#define CLI_CONTINUE (-1)

/**
 * Parses argv[1..argc) by @p spec. Returns CLI_CONTINUE, or the exit status the program
 * returns at once: 0 after --help or --version, CLI_EXIT_USAGE after a message (unknown
 * option, missing value, bad value), or what a callback returned.
 */
int cli_parse(const cli_spec *spec, int argc, char **argv);

/**
 * The default bad-value message, "<prog>: OPT wants WANT, not 'VALUE' (try ...)", WANT
 * being o->want or "a number from LO to HI" (or "no value" for a flag given
 * --flag=VALUE); returns CLI_EXIT_USAGE.
 */
int cli_bad_value(const cli_option *o, const char *option, const char *value);

/**
 * Prints the table as the help's option list: each option as
 * "  [SHORT, ]NAME[ ARG]" padded to spec->column - 1 and a blank (two blanks when the
 * head is longer), its description's further lines indented to the column; CLI_TEXT
 * lines as they are, each ended by a newline.
 */
void cli_print_options(FILE *f, const cli_spec *spec);

/** A program of commands (`xq-book build -o F a.pgn`): the command and its operands. */
typedef struct cli_command {
    const char *cmd; /**< the first operand; NULL when none was given */
    int nargs;       /**< the other operands, compacted in place at the front of argv */
} cli_command;

/**
 * cli_spec.operand for such a program, its cli_spec.ctx being a cli_command: the
 * first operand is the command, the others go to argv[0..nargs) (an entry written
 * is never one still to be read, so nothing is allocated). Returns 0.
 */
int cli_command_operand(void *ctx, int argc, char **argv, int *i);

#endif /* XQ_COMMON_CLI_H */
