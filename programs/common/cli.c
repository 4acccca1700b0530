/* SPDX-License-Identifier: MIT */
/* Command-line helpers shared by the programs (see cli.h). */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

static const char *prog_name = "xiangqi";

void cli_init(const char *prog)
{
    prog_name = prog;
}

const char *cli_prog(void)
{
    return prog_name;
}

int cli_is_help(const char *arg)
{
    return !strcmp(arg, "-h") || !strcmp(arg, "--help");
}

int cli_is_version(const char *arg)
{
    return !strcmp(arg, "--version");
}

int cli_version(void)
{
    printf("%s %s\n", prog_name, xq_version_string());
    return 0;
}

int cli_standard(const char *arg, void (*help)(FILE *))
{
    if (cli_is_help(arg)) {
        help(stdout);
        return 1;
    }
    if (cli_is_version(arg)) {
        cli_version();
        return 1;
    }
    return 0;
}

static void hint(void)
{
    fprintf(stderr, " (try '%s --help')\n", prog_name);
}

int cli_unknown_option(const char *arg)
{
    fprintf(stderr, "%s: unknown option '%s'", prog_name, arg);
    hint();
    return CLI_EXIT_USAGE;
}

int cli_missing_value(const char *arg)
{
    fprintf(stderr, "%s: option '%s' needs a value", prog_name, arg);
    hint();
    return CLI_EXIT_USAGE;
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog_name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    hint();
    return CLI_EXIT_USAGE;
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog_name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

const char *cli_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        cli_missing_value(argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

int cli_parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int cli_int_value(int argc, char **argv, int *i, long long lo, long long hi, long long *out)
{
    const char *opt = argv[*i];
    const char *v = cli_value(argc, argv, i);
    if (!v)
        return 0;
    if (!cli_parse_int(v, lo, hi, out)) {
        cli_usage_error("%s wants a number from %lld to %lld, not '%s'", opt, lo, hi, v);
        return 0;
    }
    return 1;
}
