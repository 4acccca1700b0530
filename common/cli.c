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

static int cli_version(void)
{
    printf("%s %s\n", prog_name, xq_version_string());
    return 0;
}

static void hint(void)
{
    fprintf(stderr, " (try '%s --help')\n", prog_name);
}

static int cli_unknown_option(const char *arg)
{
    fprintf(stderr, "%s: unknown option '%s'", prog_name, arg);
    hint();
    return CLI_EXIT_USAGE;
}

static int cli_missing_value(const char *arg)
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

/* ---- the option table ---- */

/* one_option(): --help or --version was answered (the parse ends with status 0). */
#define DONE (-2)

int cli_bad_value(const cli_option *o, const char *option, const char *value)
{
    char want[96];
    if (o->want)
        snprintf(want, sizeof want, "%s", o->want);
    else if (o->kind == CLI_INT || o->kind == CLI_LLONG)
        snprintf(want, sizeof want, "a number from %lld to %lld", o->lo, o->hi);
    else
        snprintf(want, sizeof want, "no value");
    return cli_usage_error("%s wants %s, not '%s'", option, want, value);
}

static int takes_value(cli_kind k)
{
    return k == CLI_STRING || k == CLI_INT || k == CLI_LLONG || k == CLI_CHOICE || k == CLI_CALL;
}

/* Whether the word w (its first n bytes) is the option's name, short name or alias. */
static int names(const cli_option *o, const char *w, size_t n)
{
    const char *const all[3] = {o->name, o->short_name, o->alias};
    for (int k = 0; k < 3; k++)
        if (all[k] && strlen(all[k]) == n && !strncmp(all[k], w, n))
            return 1;
    return 0;
}

static const cli_option *find_option(const cli_spec *spec, const char *w, size_t n)
{
    for (size_t k = 0; k < spec->count; k++)
        if (spec->options[k].kind != CLI_TEXT && names(&spec->options[k], w, n))
            return &spec->options[k];
    return NULL;
}

static int bad(const cli_spec *spec, const cli_option *o, const char *option, const char *value)
{
    return spec->bad_value ? spec->bad_value(o, option, value) : cli_bad_value(o, option, value);
}

/* Stores the value of option o (written as `option`); 0 or an exit status. */
static int take_value(const cli_spec *spec, const cli_option *o, const char *option,
                      const char *value)
{
    long long v;
    switch (o->kind) {
    case CLI_STRING:
        *(const char **)o->dest = value;
        return 0;
    case CLI_INT:
    case CLI_LLONG:
        if (!cli_parse_int(value, o->lo, o->hi, &v))
            return bad(spec, o, option, value);
        if (o->kind == CLI_INT)
            *(int *)o->dest = (int)v;
        else
            *(long long *)o->dest = v;
        return 0;
    case CLI_CHOICE:
        for (int k = 0; o->choices[k]; k++)
            if (!strcmp(value, o->choices[k])) {
                *(int *)o->dest = k;
                return 0;
            }
        return bad(spec, o, option, value);
    case CLI_CALL:
        return o->call(spec->ctx, option, value);
    default:
        return 0;
    }
}

/* The option at argv[*i]; 0 to go on, or an exit status (CLI_CONTINUE is not one). */
static int one_option(const cli_spec *spec, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *value = NULL;
    char spelled[128]; /* the option as written, without "=VALUE" */
    size_t n = strlen(a);
    if (spec->flags & CLI_SINGLE_DASH) {
        if (a[1] == '-')
            a++, n--; /* --rounds is -rounds */
    } else if (a[1] == '-') {
        const char *eq = strchr(a, '=');
        if (eq) {
            n = (size_t)(eq - a);
            value = eq + 1;
        }
    }
    const cli_option *o = find_option(spec, a, n);
    if (!o || n >= sizeof spelled)
        return cli_unknown_option(argv[*i]);
    /* as written: "--rounds" in a single-dash table, "--level" of "--level=5" */
    snprintf(spelled, sizeof spelled, "%.*s", (int)(value ? n : strlen(argv[*i])), argv[*i]);
    if (o->seen)
        ++*o->seen;
    if (!takes_value(o->kind)) {
        if (value)
            return bad(spec, o, spelled, value);
        switch (o->kind) {
        case CLI_FLAG:
            *(int *)o->dest = o->ival;
            return 0;
        case CLI_COUNT:
            ++*(int *)o->dest;
            return 0;
        case CLI_ARGS:
            return o->args(spec->ctx, argc, argv, i);
        case CLI_HELP:
            if (spec->help)
                spec->help(stdout);
            else
                cli_print_options(stdout, spec);
            return DONE;
        case CLI_VERSION:
            cli_version();
            return DONE;
        default:
            return 0;
        }
    }
    if (!value) {
        if (*i + 1 >= argc)
            return cli_missing_value(spelled);
        value = argv[++*i];
    }
    return take_value(spec, o, spelled, value);
}

int cli_parse(const cli_spec *spec, int argc, char **argv)
{
    int options = 1; /* until "--" */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc;
        if (options && spec->operand && !strcmp(a, "--")) {
            options = 0;
            continue;
        }
        if (options && a[0] == '-' && a[1])
            rc = one_option(spec, argc, argv, &i);
        else if (spec->operand)
            rc = spec->operand(spec->ctx, argc, argv, &i);
        else
            rc = cli_unknown_option(a);
        if (rc == DONE)
            return 0; /* --help, --version */
        if (rc)
            return rc;
    }
    return CLI_CONTINUE;
}

/* Prints `text` with every line after the first indented by `column` blanks. */
static void print_indented(FILE *f, const char *text, int column)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (p != text)
            fprintf(f, "%*s", column, "");
        fprintf(f, "%.*s\n", (int)len, p);
        p += len + (nl != NULL);
    }
}

void cli_print_options(FILE *f, const cli_spec *spec)
{
    for (size_t k = 0; k < spec->count; k++) {
        const cli_option *o = &spec->options[k];
        if (o->kind == CLI_TEXT) {
            fprintf(f, "%s\n", o->help ? o->help : "");
            continue;
        }
        if (!o->help)
            continue; /* not shown */
        char head[128];
        snprintf(head, sizeof head, "%s%s%s%s%s", o->short_name ? o->short_name : "",
                 o->short_name ? ", " : "", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        int width = spec->column - 3; /* "  " head " " */
        int len = (int)strlen(head);
        fprintf(f, "  %-*s%s", width, head, len > width ? "  " : " ");
        print_indented(f, o->help, spec->column);
    }
}

int cli_command_operand(void *ctx, int argc, char **argv, int *i)
{
    cli_command *c = ctx;
    (void)argc;
    if (!c->cmd)
        c->cmd = argv[*i];
    else
        argv[c->nargs++] = argv[*i]; /* c->nargs < *i: argv[0] is the program */
    return 0;
}
