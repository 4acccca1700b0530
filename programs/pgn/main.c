/* SPDX-License-Identifier: MIT */
/* xq-pgn: read Xiangqi game files (PGN, XQF, DhtmlXQ), check every move,
 * and write the games in a chosen notation or report on each game. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"

static const char usage[] =
    "Usage: xq-pgn [OPTION]... FILE...\n"
    "Read Xiangqi games from PGN files (any number of games, moves in ICCS, WXF\n"
    "or Chinese notation), XQF files (every version, encrypted ones included)\n"
    "and DhtmlXQ files; check every move; then report on each game, or write the\n"
    "games as PGN in one notation. \"-\" reads PGN from standard input.\n"
    "\n"
    "Modes (default: one report line per game):\n"
    "  --to NOTATION      write the games as PGN: iccs, wxf or chinese\n"
    "  --check            print only the bad games and a summary line\n"
    "  --stats            print totals per file and overall (games, plies,\n"
    "                     variations, comments, results) after the games\n"
    "  --outcome          judge the end of each game's main line by the rules:\n"
    "                     mate, repetition (perpetual check or chase, judged\n"
    "                     from the moves), move limit, material; print the\n"
    "                     result, the reason and the evidence\n"
    "  --rules SET        rule set for --outcome: axf (default), cxa or simple\n"
    "\n"
    "Reading:\n"
    "  --from NOTATION    the move text is in this notation (iccs, wxf, chinese);\n"
    "                     default: the Format tag, else detected move by move\n"
    "  --dialect DIALECT  WXF dialect for reading and writing: official (default)\n"
    "                     or xqbase (tandem pawns: P+ P- P. and Pa..Pe)\n"
    "  --ranks-1-10       ICCS ranks are numbered 1-10 (reading and writing)\n"
    "  --encoding ENC     the files' text encoding: auto (default: detected by\n"
    "                     content), utf-8, gbk, big5 or latin1 (Windows-1252);\n"
    "                     the output is UTF-8\n"
    "\n"
    "Writing (with --to):\n"
    "  --style LIST       comma-separated: fullwidth (Ｃ２．５), equals (C2=5),\n"
    "                     prefix (+R+1), ascii-digits (马8进7), traditional\n"
    "                     (俥傌炮帥), upper (H2-E2)\n"
    "  --width N          wrap move text at N characters (default 80; 0 = one line)\n"
    "  --no-comments      leave out comments and NAGs\n"
    "  --no-variations    main line only\n"
    "  -o, --output FILE  write to FILE instead of standard output\n"
    "\n"
    "  -q, --quiet        no per-game report lines (errors are still printed)\n"
    "  -h, --help         show this help and exit\n"
    "  --version          show the version and exit\n"
    "\n"
    "A report line reads FILE:LINE: game N: ... with the number of plies of the\n"
    "main line, variations, players, result and the final position (FEN) of the\n"
    "main line. With --outcome it reads FILE:LINE: game N: P plies: OUTCOME\n"
    "[(recorded RESULT)], e.g. \"0-1 perpetual chase by Red: c0 chasing c7 (cycle\n"
    "from ply 12, 8 plies)\"; docs/rules.md describes the rule sets. Errors read\n"
    "FILE:LINE:COLUMN: game N: error: MESSAGE (columns\n"
    "count characters; for XQF and DhtmlXQ the position is a byte offset).\n"
    "\n"
    "Exit status: 0 if every game is valid, 1 if a game is invalid or a file\n"
    "cannot be read, 2 on a usage error.\n";

static void print_usage(FILE *f)
{
    fputs(usage, f);
}

typedef struct options {
    int mode_to, check, stats, quiet, outcome;
    xq_rules rules;
    int from;
    int encoding; /* XQ_ENCODING_* */
    unsigned read_flags, write_flags;
    int width, comments, variations;
    const char *output;
} options;

typedef struct totals {
    long games, bad, plies, variations, comments;
    long results[4]; /* 1-0, 0-1, 1/2-1/2, other */
    long outcomes[16]; /* --outcome: games by xq_reason */
} totals;

/* One game, as read. */
typedef struct game_info {
    const char *file;
    int index;       /* 1-based within the file */
    int line;        /* where the game starts (PGN), else 0 */
    int rc;          /* < 0: the game is bad */
    xq_parse_error err;
} game_info;

static FILE *out;

static int parse_notation(const char *s)
{
    if (!strcmp(s, "iccs") || !strcmp(s, "ICCS") || !strcmp(s, "uci"))
        return XQ_NOTATION_ICCS;
    if (!strcmp(s, "wxf") || !strcmp(s, "WXF"))
        return XQ_NOTATION_WXF;
    if (!strcmp(s, "chinese") || !strcmp(s, "Chinese") || !strcmp(s, "cn"))
        return XQ_NOTATION_CHINESE;
    return -1;
}

static int parse_style(const char *s, unsigned *flags)
{
    static const struct { const char *name; unsigned flag; } styles[] = {
        {"fullwidth", XQ_NOTATION_FULLWIDTH}, {"equals", XQ_NOTATION_WXF_EQUALS},
        {"prefix", XQ_NOTATION_WXF_PREFIX},   {"ascii-digits", XQ_NOTATION_ASCII_DIGITS},
        {"traditional", XQ_NOTATION_TRADITIONAL}, {"upper", XQ_NOTATION_ICCS_UPPER},
    };
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        size_t i;
        for (i = 0; i < sizeof styles / sizeof styles[0]; i++)
            if (!strcmp(t, styles[i].name))
                break;
        if (i == sizeof styles / sizeof styles[0])
            return -1;
        *flags |= styles[i].flag;
    }
    return 0;
}

/* Count variations (continuations beyond the first) and comments below the
 * cursor; leaves the cursor where it was. Iterative: a game may be long. */
static void count_tree(xq_record *r, long *variations, long *comments)
{
    int cap = 256, sp = 0;
    int *next = malloc((size_t)cap * sizeof *next);
    if (!next)
        return;
    next[sp++] = 0;
    while (sp > 0) {
        int n = xq_record_variation_count(r);
        if (next[sp - 1] == 0 && n > 1)
            *variations += n - 1;
        if (next[sp - 1] < n) {
            xq_record_enter_variation(r, next[sp - 1]++);
            if (xq_record_comment(r, NULL, 0) > 0)
                (*comments)++;
            if (xq_record_comment_before(r, NULL, 0) > 0)
                (*comments)++;
            if (sp == cap) {
                int *q = realloc(next, (size_t)cap * 2 * sizeof *q);
                if (!q) { /* give up counting, restore the cursor */
                    while (--sp > 0)
                        xq_record_back(r);
                    xq_record_back(r);
                    break;
                }
                next = q;
                cap *= 2;
            }
            next[sp++] = 0;
        } else if (--sp > 0) {
            xq_record_back(r);
        }
    }
    free(next);
}

static void tag(const xq_record *r, const char *name, char *buf, size_t cap)
{
    if (xq_record_tag(r, name, buf, cap) < 0)
        snprintf(buf, cap, "?");
}

/* --outcome: judge the end of the main line (its board carries the moves). */
static void report_outcome(const options *o, const game_info *g, xq_record *r, totals *t,
                           int plies, const char *recorded)
{
    xq_outcome oc;
    char text[256];
    xq_record_goto(r, 0);
    while (xq_record_forward(r) == XQ_OK)
        ;
    if (xq_board_outcome(xq_record_board(r), &o->rules, &oc) < 0) {
        fprintf(stderr, "%s: game %d: cannot judge the game\n", g->file, g->index);
        return;
    }
    t->outcomes[oc.reason & 15]++;
    if (o->quiet || o->check || o->mode_to)
        return;
    xq_outcome_format(&oc, text, sizeof text);
    fprintf(out, "%s:%d: game %d: %d %s: %s", g->file, g->line, g->index, plies,
            plies == 1 ? "ply" : "plies", text);
    if (strcmp(recorded, "?") && strcmp(recorded, "*"))
        fprintf(out, " (recorded %s)", recorded);
    fputc('\n', out);
}

/* The per-game report: one line for a good game, an error line (and the
 * position reached) for a bad one. Other reports (an adjudication, say)
 * belong here. */
static void report_game(const options *o, const game_info *g, xq_record *r, totals *t)
{
    int plies = xq_record_mainline_size(r);
    long variations = 0, comments = 0;
    /* Where the error stopped a bad game (maybe inside a variation: taken
     * before the cursor moves, since the main line does not lead there). */
    int ply = xq_record_ply(r);
    char fen[XQ_FEN_MAX];
    xq_board_fen(xq_record_board(r), fen, sizeof fen);
    xq_record_goto(r, 0);
    if (xq_record_comment(r, NULL, 0) > 0)
        comments++;
    count_tree(r, &variations, &comments);
    char result[32], red[128], black[128];
    tag(r, "Result", result, sizeof result);
    tag(r, "Red", red, sizeof red);
    tag(r, "Black", black, sizeof black);

    t->games++;
    if (g->rc < 0) {
        t->bad++;
        if (g->err.line > 0)
            fprintf(stderr, "%s:%d:%d: game %d: error: %s\n", g->file, g->err.line, g->err.column,
                    g->index, g->err.message);
        else
            fprintf(stderr, "%s: byte %d: game %d: error: %s\n", g->file, g->err.offset, g->index,
                    g->err.message);
        fprintf(stderr, "%s: game %d: %d plies read before the error; position %s\n", g->file,
                g->index, ply, fen);
        return;
    }
    t->plies += plies;
    t->variations += variations;
    t->comments += comments;
    t->results[!strcmp(result, "1-0") ? 0 : !strcmp(result, "0-1") ? 1 : !strcmp(result, "1/2-1/2") ? 2 : 3]++;
    if (o->outcome) {
        report_outcome(o, g, r, t, plies, result);
        return;
    }
    if (o->quiet || o->check || o->mode_to)
        return;
    xq_record_goto(r, 0);
    while (xq_record_forward(r) == XQ_OK)
        ;
    xq_board_fen(xq_record_board(r), fen, sizeof fen);
    int reason, status = xq_board_status(xq_record_board(r), &reason);
    fprintf(out, "%s:%d: game %d: %d plies, %ld variations, %s - %s, result %s, final %s%s\n", g->file,
            g->line, g->index, plies, variations, red, black, result, fen,
            status == XQ_RESULT_ONGOING ? ""
            : reason == XQ_REASON_CHECKMATE ? " (checkmate)" : " (no legal move)");
}

static int write_game(const options *o, const xq_record *r)
{
    xq_pgn_options po;
    xq_pgn_options_init(&po, XQ_PGN_OPTIONS_VERSION);
    po.notation = o->mode_to;
    po.flags = o->write_flags;
    po.line_width = o->width;
    po.comments = o->comments;
    po.variations = o->variations;
    int n = xq_record_to_pgn(r, &po, NULL, 0);
    if (n < 0)
        return n;
    char *buf = malloc((size_t)n + 1);
    if (!buf)
        return XQ_ENOMEM;
    xq_record_to_pgn(r, &po, buf, (size_t)n + 1);
    int ok = fwrite(buf, 1, (size_t)n, out) == (size_t)n;
    free(buf);
    return ok ? XQ_OK : XQ_EIO;
}

static void handle(const options *o, game_info *g, xq_record *r, totals *t)
{
    report_game(o, g, r, t);
    if (g->rc >= 0 && o->mode_to && write_game(o, r) < 0) {
        fprintf(stderr, "xq-pgn: write error: %s\n", strerror(errno));
        exit(1);
    }
}

static int is_stdin(const char *path) { return !strcmp(path, "-"); }

static void print_totals(const char *label, const totals *t)
{
    fprintf(out,
            "%s: %ld games, %ld invalid, %ld plies (%.1f per game), %ld variations, %ld comments, "
            "results 1-0: %ld, 0-1: %ld, 1/2-1/2: %ld, other: %ld\n",
            label, t->games, t->bad, t->plies,
            t->games > t->bad ? (double)t->plies / (double)(t->games - t->bad) : 0.0, t->variations,
            t->comments, t->results[0], t->results[1], t->results[2], t->results[3]);
}

static void print_outcomes(const char *label, const totals *t)
{
    fprintf(out, "%s: outcomes", label);
    for (int i = 0, first = 1; i < 16; i++)
        if (t->outcomes[i]) {
            fprintf(out, "%s %s: %ld", first ? "" : ",", i ? xq_reason_name(i) : "ongoing",
                    t->outcomes[i]);
            first = 0;
        }
    fprintf(out, " (%ld games judged)\n", t->games - t->bad);
}

static int process(const char *path, const options *o, xq_record *r, totals *t)
{
    xq_pgn_options po;
    xq_pgn_options_init(&po, XQ_PGN_OPTIONS_VERSION);
    po.notation = o->from;
    po.flags = o->read_flags;
    po.encoding = o->encoding;

    /* One reader for every format and every kind of input (file, pipe,
     * FIFO, standard input): the library opens the path once, detects the
     * format from the bytes it read and streams PGN. */
    game_info g;
    memset(&g, 0, sizeof g);
    g.file = path;
    xq_pgn_reader *rd;
    xq_parse_error oerr;
    int rc = is_stdin(path) ? xq_pgn_reader_open_fd(&rd, 0, &po, &oerr)
                            : xq_pgn_reader_open(&rd, path, &po, &oerr);
    if (rc < 0) {
        fprintf(stderr, "%s: %s\n", path, oerr.message);
        return -1;
    }
    int k;
    while ((k = xq_pgn_reader_next(rd, r, &g.err)) != 0) {
        if (k == XQ_EIO) {
            fprintf(stderr, "%s: %s\n", path, g.err.message);
            xq_pgn_reader_free(rd);
            return -1;
        }
        g.index++;
        g.rc = k;
        g.line = xq_pgn_reader_game_line(rd);
        handle(o, &g, r, t);
    }
    xq_pgn_reader_free(rd);
    return 0;
}

int main(int argc, char **argv)
{
    options o = {0};
    o.width = 80;
    o.comments = 1;
    o.variations = 1;
    o.from = XQ_NOTATION_AUTO;
    xq_rules_init(&o.rules, XQ_RULES_VERSION, XQ_RULES_AXF);
    const char *files[4096];
    int nfiles = 0;
    out = stdout;
    cli_init("xq-pgn");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE                                                                         \
    do {                                                                                   \
        if (!v)                                                                            \
            return cli_missing_value(a);                                                   \
        i++;                                                                               \
    } while (0)
        if (cli_standard(a, print_usage)) {
            return 0;
        } else if (!strcmp(a, "--to")) {
            NEED_VALUE;
            if ((o.mode_to = parse_notation(v)) < 0) {
                return cli_usage_error("unknown notation '%s' (iccs, wxf, chinese)", v);
            }
        } else if (!strcmp(a, "--from")) {
            NEED_VALUE;
            if ((o.from = parse_notation(v)) < 0) {
                return cli_usage_error("unknown notation '%s' (iccs, wxf, chinese)", v);
            }
        } else if (!strcmp(a, "--dialect")) {
            NEED_VALUE;
            if (!strcmp(v, "xqbase")) {
                o.read_flags |= XQ_NOTATION_XQBASE;
                o.write_flags |= XQ_NOTATION_XQBASE;
            } else if (strcmp(v, "official") && strcmp(v, "wxf")) {
                return cli_usage_error("unknown dialect '%s' (official, xqbase)", v);
            }
        } else if (!strcmp(a, "--encoding")) {
            NEED_VALUE;
            static const char *const names[] = {"auto", "utf-8", "gbk", "big5", "latin1"};
            o.encoding = -1;
            for (int k = 0; k < 5; k++)
                if (!strcasecmp(v, names[k]) || (k == 1 && !strcasecmp(v, "utf8")) ||
                    (k == 2 && !strcasecmp(v, "gb18030")) || (k == 3 && !strcasecmp(v, "cp950")) ||
                    (k == 4 && !strcasecmp(v, "windows-1252")))
                    o.encoding = k; /* XQ_ENCODING_AUTO .. XQ_ENCODING_LATIN1 */
            if (o.encoding < 0)
                return cli_usage_error("unknown encoding '%s' (auto, utf-8, gbk, big5, latin1)", v);
        } else if (!strcmp(a, "--ranks-1-10")) {
            o.read_flags |= XQ_NOTATION_RANKS_1_10;
            o.write_flags |= XQ_NOTATION_RANKS_1_10;
        } else if (!strcmp(a, "--style")) {
            NEED_VALUE;
            if (parse_style(v, &o.write_flags) < 0) {
                return cli_usage_error("unknown style in '%s'", v);
            }
        } else if (!strcmp(a, "--width")) {
            NEED_VALUE;
            char *end;
            long w = strtol(v, &end, 10);
            if (*end || w < 0 || w > 100000) {
                return cli_usage_error("--width wants a number from 0 to 100000, not '%s'", v);
            }
            o.width = (int)w;
        } else if (!strcmp(a, "--no-comments")) {
            o.comments = 0;
        } else if (!strcmp(a, "--no-variations")) {
            o.variations = 0;
        } else if (!strcmp(a, "--check")) {
            o.check = 1;
        } else if (!strcmp(a, "--stats")) {
            o.stats = 1;
        } else if (!strcmp(a, "--outcome")) {
            o.outcome = 1;
        } else if (!strcmp(a, "--rules")) {
            NEED_VALUE;
            const int set = !strcmp(v, "axf")      ? XQ_RULES_AXF
                            : !strcmp(v, "cxa")    ? XQ_RULES_CXA
                            : !strcmp(v, "simple") ? XQ_RULES_SIMPLE
                                                   : -1;
            if (set < 0) {
                return cli_usage_error("unknown rule set '%s' (axf, cxa, simple)", v);
            }
            xq_rules_init(&o.rules, XQ_RULES_VERSION, set);
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            o.quiet = 1;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            NEED_VALUE;
            o.output = v;
        } else if (a[0] == '-' && a[1]) {
            return cli_unknown_option(a);
        } else if (nfiles < (int)(sizeof files / sizeof files[0])) {
            files[nfiles++] = a;
        } else {
            return cli_usage_error("more than %d input files", nfiles);
        }
    }
    if (nfiles == 0) {
        return cli_usage_error("no input file");
    }
    if (o.output && !(out = fopen(o.output, "w"))) {
        fprintf(stderr, "xq-pgn: cannot write %s: %s\n", o.output, strerror(errno));
        return 1;
    }
    xq_record *r;
    if (xq_record_new(&r, NULL, NULL) != XQ_OK) {
        fputs("xq-pgn: out of memory\n", stderr);
        return 1;
    }
    totals all = {0};
    int failed = 0;
    for (int i = 0; i < nfiles; i++) {
        totals t = {0};
        if (process(files[i], &o, r, &t) < 0)
            failed = 1;
        if (o.stats)
            print_totals(files[i], &t);
        if (o.stats && o.outcome)
            print_outcomes(files[i], &t);
        all.games += t.games, all.bad += t.bad, all.plies += t.plies;
        all.variations += t.variations, all.comments += t.comments;
        for (int k = 0; k < 4; k++)
            all.results[k] += t.results[k];
        for (int k = 0; k < 16; k++)
            all.outcomes[k] += t.outcomes[k];
    }
    if (o.stats && nfiles > 1)
        print_totals("total", &all);
    if (o.stats && o.outcome && nfiles > 1)
        print_outcomes("total", &all);
    if (o.check)
        fprintf(o.mode_to ? stderr : out, "%ld games, %ld invalid\n", all.games, all.bad);
    xq_record_free(r);
    if (out != stdout && fclose(out) != 0) {
        fprintf(stderr, "xq-pgn: write error on %s\n", o.output);
        return 1;
    }
    return failed || all.bad ? 1 : 0;
}
