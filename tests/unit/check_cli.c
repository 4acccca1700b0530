/* SPDX-License-Identifier: MIT */
/* The programs' option parser (common/cli.c): values, bounds, missing
 * values, unknown options, --opt=value, "--", single-dash tables, callbacks,
 * --help/--version, and the option list printed from the same table. */
#include "xq_test.h"

#include <unistd.h>

#include "cli.h"

/* Runs cli_parse() on the words of `line` (blank-separated) with standard
 * error (and standard output) caught: returns the status, the output in out. */
static char caught_err[2048], caught_out[4096];

static int parse_line(const cli_spec *spec, const char *line)
{
    static char buf[1024];
    char *argv[64];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    argv[argc++] = "prog";
    for (char *w = strtok(buf, " "); w && argc < 63; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    FILE *e = tmpfile(), *o = tmpfile();
    ck_assert(e && o);
    int save_err = dup(2), save_out = dup(1);
    dup2(fileno(e), 2);
    dup2(fileno(o), 1);
    int rc = cli_parse(spec, argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(save_err, 2);
    dup2(save_out, 1);
    close(save_err);
    close(save_out);
    size_t n;
    rewind(e);
    n = fread(caught_err, 1, sizeof caught_err - 1, e);
    caught_err[n] = 0;
    rewind(o);
    n = fread(caught_out, 1, sizeof caught_out - 1, o);
    caught_out[n] = 0;
    fclose(e);
    fclose(o);
    return rc;
}

/* ---- a table like a program's ---- */

static const char *fen, *out, *ops[8];
static int level, ascii, verbose, side, given, nops, called;
static long long nodes;
static const char *const sides[] = {"red", "black", "both", "none", NULL};

static int call_even(void *ctx, const char *opt, const char *value)
{
    (void)ctx;
    called++;
    if (strlen(value) % 2)
        return cli_usage_error("%s wants an even length, not '%s'", opt, value);
    return 0;
}

static int take_operand(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx;
    (void)argc;
    if (nops == 8)
        return cli_usage_error("too many");
    ops[nops++] = argv[*i];
    return 0;
}

static void help(FILE *f)
{
    fputs("usage: prog\n", f);
}

static const cli_option table[] = {
    {CLI_TEXT, .help = "Things:"},
    {CLI_STRING, "--fen", .arg = "FEN", .help = "the position", .dest = &fen},
    {CLI_STRING, "--output", "-o", .arg = "FILE", .help = "write to FILE", .dest = &out},
    {CLI_INT, "--level", .arg = "N", .help = "skill 0..20\n(20: full)", .dest = &level, .lo = 0,
     .hi = 20, .seen = &given},
    {CLI_LLONG, "--nodes", .arg = "N", .help = "node limit", .dest = &nodes, .lo = 0,
     .hi = 1000000000000LL, .want = "a node count"},
    {CLI_FLAG, "--ascii", .alias = "--letters", .help = "letters", .dest = &ascii, .ival = 1},
    {CLI_COUNT, "--verbose", "-v", .help = "more lines", .dest = &verbose},
    {CLI_CHOICE, "--engine", .arg = "SIDE", .help = "who the engine plays", .dest = &side,
     .choices = sides, .want = "red, black, both or none"},
    {CLI_CALL, "--even", .arg = "TEXT-OF-A-LONG-NAME", .help = "an even text", .call = call_even},
    {CLI_TEXT, .help = ""},
    {CLI_HELP, "--help", "-h", .help = "show this help"},
    {CLI_VERSION, "--version", .help = "show the version"},
};

static cli_spec spec(int with_operands)
{
    fen = out = NULL;
    level = ascii = verbose = side = given = nops = called = 0;
    nodes = 0;
    cli_spec s = {table, sizeof table / sizeof table[0], 0, 21, help, NULL, NULL, NULL};
    if (with_operands)
        s.operand = take_operand;
    return s;
}

START_TEST(values)
{
    cli_init("prog");
    cli_spec s = spec(1);
    ck_assert_int_eq(parse_line(&s, "--fen x/y -o f.svg --level 7 --nodes 123456789012 --ascii "
                                    "-v --verbose --engine both --even ab a.pgn - b.pgn"),
                     CLI_CONTINUE);
    ck_assert_str_eq(fen, "x/y");
    ck_assert_str_eq(out, "f.svg");
    ck_assert_int_eq(level, 7);
    ck_assert_int_eq(given, 1);
    ck_assert(nodes == 123456789012LL);
    ck_assert_int_eq(ascii, 1);
    ck_assert_int_eq(verbose, 2);
    ck_assert_int_eq(side, 2);
    ck_assert_int_eq(called, 1);
    ck_assert_int_eq(nops, 3);
    ck_assert_str_eq(ops[0], "a.pgn");
    ck_assert_str_eq(ops[1], "-"); /* standard input: an operand */
    ck_assert_str_eq(ops[2], "b.pgn");
    ck_assert_str_eq(caught_err, "");
    /* the alias, the bounds themselves, --opt=value (an empty value too) */
    s = spec(0);
    ck_assert_int_eq(parse_line(&s, "--letters --level=20 --fen= --output=--x --level 0"),
                     CLI_CONTINUE);
    ck_assert_int_eq(ascii, 1);
    ck_assert_int_eq(level, 0);
    ck_assert_str_eq(fen, "");
    ck_assert_str_eq(out, "--x");
    /* a value may start with a dash: it is the option's */
    ck_assert_int_eq(parse_line(&s, "--fen --level"), CLI_CONTINUE);
    ck_assert_str_eq(fen, "--level");
}
END_TEST

START_TEST(bad_values)
{
    cli_init("prog");
    cli_spec s = spec(0);
    static const struct {
        const char *line, *err;
    } cases[] = {
        {"--level 21", "prog: --level wants a number from 0 to 20, not '21' (try 'prog --help')\n"},
        {"--level -1", "prog: --level wants a number from 0 to 20, not '-1' (try 'prog --help')\n"},
        {"--level x", "prog: --level wants a number from 0 to 20, not 'x' (try 'prog --help')\n"},
        {"--level 5x", "prog: --level wants a number from 0 to 20, not '5x' (try 'prog --help')\n"},
        {"--level=", "prog: --level wants a number from 0 to 20, not '' (try 'prog --help')\n"},
        {"--nodes 99999999999999999999",
         "prog: --nodes wants a node count, not '99999999999999999999' (try 'prog --help')\n"},
        {"--engine purple",
         "prog: --engine wants red, black, both or none, not 'purple' (try 'prog --help')\n"},
        {"--ascii=1", "prog: --ascii wants no value, not '1' (try 'prog --help')\n"},
        {"--even abc", "prog: --even wants an even length, not 'abc' (try 'prog --help')\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ck_assert_int_eq(parse_line(&s, cases[k].line), CLI_EXIT_USAGE);
        ck_assert_str_eq(caught_err, cases[k].err);
        ck_assert_str_eq(caught_out, "");
    }
    ck_assert_int_eq(level, 0); /* nothing stored from a bad value */
}
END_TEST

START_TEST(missing_and_unknown)
{
    cli_init("prog");
    cli_spec s = spec(0);
    static const struct {
        const char *line, *err;
    } cases[] = {
        {"--level", "prog: option '--level' needs a value (try 'prog --help')\n"},
        {"--fen a -o", "prog: option '-o' needs a value (try 'prog --help')\n"},
        {"--nope", "prog: unknown option '--nope' (try 'prog --help')\n"},
        {"--nope=3", "prog: unknown option '--nope=3' (try 'prog --help')\n"},
        {"--lev 3", "prog: unknown option '--lev' (try 'prog --help')\n"}, /* no prefixes */
        {"-ov", "prog: unknown option '-ov' (try 'prog --help')\n"},       /* no grouping */
        {"-o=x", "prog: unknown option '-o=x' (try 'prog --help')\n"},
        {"-level 3", "prog: unknown option '-level' (try 'prog --help')\n"},
        {"word", "prog: unknown option 'word' (try 'prog --help')\n"}, /* no operands */
        {"-", "prog: unknown option '-' (try 'prog --help')\n"},
        {"--", "prog: unknown option '--' (try 'prog --help')\n"},
        {"--verbose=2", "prog: --verbose wants no value, not '2' (try 'prog --help')\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ck_assert_int_eq(parse_line(&s, cases[k].line), CLI_EXIT_USAGE);
        ck_assert_str_eq(caught_err, cases[k].err);
    }
    /* a name longer than any buffer */
    char longname[400] = "--";
    memset(longname + 2, 'x', 300);
    strcat(longname, "=1");
    ck_assert_int_eq(parse_line(&s, longname), CLI_EXIT_USAGE);
    ck_assert(strstr(caught_err, "unknown option '--xxx"));
}
END_TEST

START_TEST(end_of_options)
{
    cli_init("prog");
    cli_spec s = spec(1);
    ck_assert_int_eq(parse_line(&s, "--level 3 -- --level -x -- -"), CLI_CONTINUE);
    ck_assert_int_eq(level, 3);
    ck_assert_int_eq(nops, 4);
    ck_assert_str_eq(ops[0], "--level");
    ck_assert_str_eq(ops[1], "-x");
    ck_assert_str_eq(ops[2], "--");
    ck_assert_str_eq(ops[3], "-");
    /* an operand's callback may fail */
    ck_assert_int_eq(parse_line(&s, "a b c d e f g h i"), CLI_EXIT_USAGE);
    ck_assert_str_eq(caught_err, "prog: too many (try 'prog --help')\n");
}
END_TEST

START_TEST(help_and_version)
{
    cli_init("prog");
    cli_spec s = spec(0);
    ck_assert_int_eq(parse_line(&s, "--level 3 --help --nope"), 0);
    ck_assert_str_eq(caught_out, "usage: prog\n");
    ck_assert_str_eq(caught_err, "");
    ck_assert_int_eq(parse_line(&s, "-h"), 0);
    ck_assert_str_eq(caught_out, "usage: prog\n");
    ck_assert_int_eq(parse_line(&s, "--version"), 0);
    char want[64];
    snprintf(want, sizeof want, "prog %s\n", xq_version_string());
    ck_assert_str_eq(caught_out, want);
    /* an error before --help wins */
    ck_assert_int_eq(parse_line(&s, "--nope --help"), CLI_EXIT_USAGE);
    ck_assert_str_eq(caught_out, "");
    ck_assert_int_eq(parse_line(&s, "--help=1"), CLI_EXIT_USAGE);
}
END_TEST

START_TEST(option_list)
{
    cli_spec s = spec(0);
    FILE *f = tmpfile();
    cli_print_options(f, &s);
    char buf[2048];
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    ck_assert_str_eq(buf, "Things:\n"
                          "  --fen FEN          the position\n"
                          "  -o, --output FILE  write to FILE\n"
                          "  --level N          skill 0..20\n"
                          "                     (20: full)\n"
                          "  --nodes N          node limit\n"
                          "  --ascii            letters\n"
                          "  -v, --verbose      more lines\n"
                          "  --engine SIDE      who the engine plays\n"
                          "  --even TEXT-OF-A-LONG-NAME  an even text\n"
                          "\n"
                          "  -h, --help         show this help\n"
                          "  --version          show the version\n");
}
END_TEST

/* ---- a single-dash table (xq-match) with its own messages ---- */

static int rounds, engines;

static int take_engine(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx;
    while (*i + 1 < argc && argv[*i + 1][0] != '-')
        ++*i;
    engines++;
    return 0;
}

static int is_not(const cli_option *o, const char *opt, const char *value)
{
    return cli_usage_error("%s: '%s' is not a number in %lld..%lld", opt, value, o->lo, o->hi);
}

static const cli_option dash_table[] = {
    {CLI_ARGS, "-engine", .alias = "-e", .arg = "k=v...", .help = "an engine", .args = take_engine},
    {CLI_INT, "-rounds", .arg = "N", .help = "rounds", .dest = &rounds, .lo = 1, .hi = 100},
    {CLI_HELP, "-help", "-h", .help = "show this help"},
    {CLI_VERSION, "-version", .help = "show the version"},
};

START_TEST(single_dash)
{
    cli_init("m");
    cli_spec s = {dash_table, 4, CLI_SINGLE_DASH, 20, help, NULL, is_not, NULL};
    rounds = engines = 0;
    ck_assert_int_eq(parse_line(&s, "-engine cmd=a name=b --engine cmd=c -e cmd=d --rounds 4"),
                     CLI_CONTINUE);
    ck_assert_int_eq(engines, 3);
    ck_assert_int_eq(rounds, 4);
    ck_assert_int_eq(parse_line(&s, "--rounds 0"), CLI_EXIT_USAGE);
    ck_assert_str_eq(caught_err, "m: --rounds: '0' is not a number in 1..100 (try 'm --help')\n");
    ck_assert_int_eq(parse_line(&s, "-rounds"), CLI_EXIT_USAGE);
    ck_assert_str_eq(caught_err, "m: option '-rounds' needs a value (try 'm --help')\n");
    ck_assert_int_eq(parse_line(&s, "--rounds=3"), CLI_EXIT_USAGE); /* no =VALUE here */
    ck_assert_str_eq(caught_err, "m: unknown option '--rounds=3' (try 'm --help')\n");
    ck_assert_int_eq(parse_line(&s, "---rounds 3"), CLI_EXIT_USAGE);
    ck_assert_int_eq(parse_line(&s, "--help"), 0);
    ck_assert_int_eq(parse_line(&s, "-help"), 0);
    ck_assert_int_eq(parse_line(&s, "--version"), 0);
    ck_assert_int_eq(parse_line(&s, "-v"), CLI_EXIT_USAGE);
}
END_TEST

START_TEST(parse_int)
{
    long long v = 42;
    ck_assert(cli_parse_int("-9223372036854775808", INT64_MIN, INT64_MAX, &v) && v == INT64_MIN);
    ck_assert(!cli_parse_int("9223372036854775808", 0, INT64_MAX, &v));
    ck_assert(!cli_parse_int("", 0, 10, &v));
    ck_assert(!cli_parse_int("1 ", 0, 10, &v));
    ck_assert(!cli_parse_int("0x10", 0, 100, &v));
    ck_assert(cli_parse_int("010", 0, 100, &v) && v == 10); /* decimal, not octal */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("cli");
    tcase_add_test(tc, values);
    tcase_add_test(tc, bad_values);
    tcase_add_test(tc, missing_and_unknown);
    tcase_add_test(tc, end_of_options);
    tcase_add_test(tc, help_and_version);
    tcase_add_test(tc, option_list);
    tcase_add_test(tc, single_dash);
    tcase_add_test(tc, parse_int);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
