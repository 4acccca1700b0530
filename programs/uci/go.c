/* SPDX-License-Identifier: MIT */
/* xq-uci: the limits of a `go` command (see go.h). */
#include "go.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int go_parse_number(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!s)
        return 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

/* A clock time or increment in the GUI's unit as milliseconds, 0..INT32_MAX. */
static int32_t clock_ms(const go_context *c, long long v)
{
    long long ms = v < 0 ? 0 : v > INT32_MAX ? INT32_MAX : v;
    ms = ms * c->unit_ms > INT32_MAX ? INT32_MAX : ms * c->unit_ms;
    return (int32_t)ms;
}

/* The words that take a number, with its bounds. */
typedef struct go_number {
    const char *word;
    long long lo, hi;
} go_number;

static const go_number numbers[] = {
    {"depth", 1, XQ_SEARCH_MAX_DEPTH},
    {"nodes", 1, INT64_MAX},
    {"movetime", 0, LLONG_MAX},                  /* clamped to INT32_MAX ms */
    {"mate", 1, XQ_SEARCH_MAX_DEPTH / 2},
    {"movestogo", 0, 100000},
    {"wtime", LLONG_MIN, LLONG_MAX},             /* any number: clamped to 0..INT32_MAX ms */
    {"btime", LLONG_MIN, LLONG_MAX},
    {"time", LLONG_MIN, LLONG_MAX},              /* UCCI: the side to move's clock */
    {"opptime", LLONG_MIN, LLONG_MAX},           /* UCCI: the other side's clock */
    {"winc", 0, LLONG_MAX},
    {"binc", 0, LLONG_MAX},
    {"increment", 0, LLONG_MAX},
    {"oppincrement", 0, LLONG_MAX},
    {"perft", 1, 64},
};

/* Stores the number v of word k into lim (a word of numbers[]). */
static void set_number(const go_context *c, const char *k, long long v, xq_search_limits *lim)
{
    const int red_to_move = c->side_to_move == XQ_RED;
    if (!strcmp(k, "depth"))
        lim->depth = (int32_t)v;
    else if (!strcmp(k, "nodes"))
        lim->nodes = (uint64_t)v;
    else if (!strcmp(k, "movetime"))
        lim->movetime_ms = v > INT32_MAX ? INT32_MAX : v ? (int32_t)v : 1;
    else if (!strcmp(k, "mate"))
        lim->mate = (int32_t)v;
    else if (!strcmp(k, "movestogo"))
        lim->movestogo = (int32_t)v;
    else if (!strcmp(k, "wtime") || (!strcmp(k, "time") && red_to_move) ||
             (!strcmp(k, "opptime") && !red_to_move))
        lim->red_time_ms = clock_ms(c, v);
    else if (!strcmp(k, "btime") || !strcmp(k, "time") || !strcmp(k, "opptime"))
        lim->black_time_ms = clock_ms(c, v);
    else if (!strcmp(k, "winc") || (!strcmp(k, "increment") && red_to_move) ||
             (!strcmp(k, "oppincrement") && !red_to_move))
        lim->red_inc_ms = clock_ms(c, v);
    else /* binc, increment, oppincrement */
        lim->black_inc_ms = clock_ms(c, v);
}

int go_parse(const go_context *c, char *const *words, int n, xq_search_limits *lim,
             int *perft_depth, char *err, size_t cap)
{
    *perft_depth = 0;
    for (int i = 0; i < n; i++) {
        const char *k = words[i];
        const char *arg = i + 1 < n ? words[i + 1] : NULL;
        if (!strcmp(k, "infinite") || (!strcmp(k, "depth") && arg && !strcmp(arg, "infinite"))) {
            lim->infinite = 1; /* "depth infinite": UCCI */
            i += !strcmp(k, "depth");
            continue;
        }
        if (!strcmp(k, "ponder")) {
            lim->ponder = 1;
            continue;
        }
        if (!strcmp(k, "draw"))
            continue; /* a UCCI draw offer: ignored */
        if (!strcmp(k, "searchmoves")) {
            xq_move m;
            while (i + 1 < n && lim->nsearchmoves < XQ_MAX_MOVES &&
                   c->read_move(c->ctx, words[i + 1], &m) == XQ_OK)
                lim->searchmoves[lim->nsearchmoves++] = m, i++;
            continue;
        }
        size_t w = 0;
        while (w < sizeof numbers / sizeof numbers[0] && strcmp(k, numbers[w].word))
            w++;
        if (w == sizeof numbers / sizeof numbers[0]) {
            snprintf(err, cap, "unknown go parameter '%s'", k);
            return GO_ERROR;
        }
        long long v;
        if (!go_parse_number(arg, numbers[w].lo, numbers[w].hi, &v)) {
            snprintf(err, cap, "go %s needs a number in %lld..%lld", k, numbers[w].lo,
                     numbers[w].hi);
            return GO_ERROR;
        }
        i++;
        if (!strcmp(k, "perft")) {
            *perft_depth = (int)v;
            return GO_PERFT;
        }
        set_number(c, k, v, lim);
    }
    return GO_SEARCH;
}
