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

typedef struct options {
    int mode_to, check, stats, quiet, outcome, ecco;
    xq_rules rules;
    int from;
    int encoding; /* XQ_ENCODING_* */
    unsigned read_flags, write_flags;
    int width, comments, variations;
    const char *output;
} options;

enum { ECCO_CODES = 260 };

typedef struct totals {
    long games, bad, plies, variations, comments;
    long results[4]; /* 1-0, 0-1, 1/2-1/2, other */
    long outcomes[16]; /* --outcome: games by xq_reason */
    /* --ecco: games by code classified, tagged with it, and both; no code; tags checked */
    long ecco_games[ECCO_CODES], ecco_tagged[ECCO_CODES], ecco_agree[ECCO_CODES];
    long ecco_none, ecco_checked, ecco_agreeing;
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

/* ---- the command line ---- */

static options cfg = {.width = 80, .comments = 1, .variations = 1, .from = XQ_NOTATION_AUTO};
static int ranks_1_10;
static const char *files[4096];
static int nfiles;

static int notation_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    int n = parse_notation(v);
    if (n < 0)
        return cli_usage_error("unknown notation '%s' (iccs, wxf, chinese)", v);
    *(!strcmp(opt, "--to") ? &cfg.mode_to : &cfg.from) = n;
    return 0;
}

static int dialect_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    if (!strcmp(v, "xqbase")) {
        cfg.read_flags |= XQ_NOTATION_XQBASE;
        cfg.write_flags |= XQ_NOTATION_XQBASE;
    } else if (strcmp(v, "official") && strcmp(v, "wxf")) {
        return cli_usage_error("unknown dialect '%s' (official, xqbase)", v);
    }
    return 0;
}

static int encoding_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    static const char *const names[] = {"auto", "utf-8", "gbk", "big5", "latin1"};
    cfg.encoding = -1;
    for (int k = 0; k < 5; k++)
        if (!strcasecmp(v, names[k]) || (k == 1 && !strcasecmp(v, "utf8")) ||
            (k == 2 && !strcasecmp(v, "gb18030")) || (k == 3 && !strcasecmp(v, "cp950")) ||
            (k == 4 && !strcasecmp(v, "windows-1252")))
            cfg.encoding = k; /* XQ_ENCODING_AUTO .. XQ_ENCODING_LATIN1 */
    if (cfg.encoding < 0)
        return cli_usage_error("unknown encoding '%s' (auto, utf-8, gbk, big5, latin1)", v);
    return 0;
}

static int style_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    if (parse_style(v, &cfg.write_flags) < 0)
        return cli_usage_error("unknown style in '%s'", v);
    return 0;
}

static int rules_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    const int set = !strcmp(v, "axf")      ? XQ_RULES_AXF
                    : !strcmp(v, "cxa")    ? XQ_RULES_CXA
                    : !strcmp(v, "simple") ? XQ_RULES_SIMPLE
                                           : -1;
    if (set < 0)
        return cli_usage_error("unknown rule set '%s' (axf, cxa, simple)", v);
    xq_rules_init(&cfg.rules, XQ_RULES_VERSION, set);
    return 0;
}

static int add_file(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx;
    (void)argc;
    if (nfiles == (int)(sizeof files / sizeof files[0]))
        return cli_usage_error("more than %d input files", nfiles);
    files[nfiles++] = argv[*i];
    return 0;
}

static const cli_option option_table[] = {
    {CLI_TEXT, .help = "Modes (default: one report line per game):"},
    {CLI_CALL, "--to", .arg = "NOTATION", .call = notation_option,
     .help = "write the games as PGN: iccs, wxf or chinese"},
    {CLI_FLAG, "--check", .dest = &cfg.check, .ival = 1,
     .help = "print only the bad games and a summary line"},
    {CLI_FLAG, "--stats", .dest = &cfg.stats, .ival = 1,
     .help = "print totals per file and overall (games, plies,\n"
             "variations, comments, results) after the games"},
    {CLI_FLAG, "--outcome", .dest = &cfg.outcome, .ival = 1,
     .help = "judge the end of each game's main line by the rules:\n"
             "mate, repetition (perpetual check or chase, judged\n"
             "from the moves), move limit, material; print the\n"
             "result, the reason and the evidence"},
    {CLI_FLAG, "--ecco", .dest = &cfg.ecco, .ival = 1,
     .help = "classify each game's opening (ECCO code and names):\n"
             "in the report line (with the game's ECCO tag when it\n"
             "differs), as ECCO/Opening/Variation tags with --to,\n"
             "and a table by code with --stats"},
    {CLI_CALL, "--rules", .arg = "SET", .call = rules_option,
     .help = "rule set for --outcome: axf (default), cxa or simple"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Reading:"},
    {CLI_CALL, "--from", .arg = "NOTATION", .call = notation_option,
     .help = "the move text is in this notation (iccs, wxf, chinese);\n"
             "default: the Format tag, else detected move by move"},
    {CLI_CALL, "--dialect", .arg = "DIALECT", .call = dialect_option,
     .help = "WXF dialect for reading and writing: official (default)\n"
             "or xqbase (tandem pawns: P+ P- P. and Pa..Pe)"},
    {CLI_FLAG, "--ranks-1-10", .dest = &ranks_1_10, .ival = 1,
     .help = "ICCS ranks are numbered 1-10 (reading and writing)"},
    {CLI_CALL, "--encoding", .arg = "ENC", .call = encoding_option,
     .help = "the files' text encoding: auto (default: detected by\n"
             "content), utf-8, gbk, big5 or latin1 (Windows-1252);\n"
             "the output is UTF-8"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Writing (with --to):"},
    {CLI_CALL, "--style", .arg = "LIST", .call = style_option,
     .help = "comma-separated: fullwidth (Ｃ２．５), equals (C2=5),\n"
             "prefix (+R+1), ascii-digits (马8进7), traditional\n"
             "(俥傌炮帥), upper (H2-E2)"},
    {CLI_INT, "--width", .arg = "N", .dest = &cfg.width, .lo = 0, .hi = 100000,
     .help = "wrap move text at N characters (default 80; 0 = one line)"},
    {CLI_FLAG, "--no-comments", .dest = &cfg.comments, .ival = 0,
     .help = "leave out comments and NAGs"},
    {CLI_FLAG, "--no-variations", .dest = &cfg.variations, .ival = 0,
     .help = "main line only"},
    {CLI_STRING, "--output", "-o", .arg = "FILE", .dest = &cfg.output,
     .help = "write to FILE instead of standard output"},
    {CLI_TEXT, .help = ""},
    {CLI_FLAG, "--quiet", "-q", .dest = &cfg.quiet, .ival = 1,
     .help = "no per-game report lines (errors are still printed)"},
    {CLI_HELP, "--help", "-h", .help = "show this help and exit"},
    {CLI_VERSION, "--version", .help = "show the version and exit"},
};

static void print_usage(FILE *f);

static const cli_spec spec = {option_table, sizeof option_table / sizeof option_table[0],
                              .column = 21, .help = print_usage, .operand = add_file};

static void print_usage(FILE *f)
{
    fputs("Usage: xq-pgn [OPTION]... FILE...\n"
          "Read Xiangqi games from PGN files (any number of games, moves in ICCS, WXF\n"
          "or Chinese notation), XQF files (every version, encrypted ones included)\n"
          "and DhtmlXQ files; check every move; then report on each game, or write the\n"
          "games as PGN in one notation. \"-\" reads PGN from standard input.\n"
          "\n",
          f);
    cli_print_options(f, &spec);
    fputs("\n"
          "A report line reads FILE:LINE: game N: ... with the number of plies of the\n"
          "main line, variations, players, result and the final position (FEN) of the\n"
          "main line. With --outcome it reads FILE:LINE: game N: P plies: OUTCOME\n"
          "[(recorded RESULT)], e.g. \"0-1 perpetual chase by Red: c0 chasing c7 (cycle\n"
          "from ply 12, 8 plies)\"; docs/rules.md describes the rule sets. Errors read\n"
          "FILE:LINE:COLUMN: game N: error: MESSAGE (columns\n"
          "count characters; for XQF and DhtmlXQ the position is a byte offset).\n"
          "\n"
          "Exit status: 0 if every game is valid, 1 if a game is invalid or a file\n"
          "cannot be read, 2 on a usage error.\n",
          f);
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

static int ecco_index(const char *code)
{
    for (int i = 0; i < ECCO_CODES; i++)
        if (!strcmp(xq_ecco_code_at(i), code))
            return i;
    return -1;
}

/* --ecco: classify the main line, count, and (with --to) set the tags.
 * Writes ", ECCO C55 NAMES (tag C44)" or ", no ECCO code (REASON)" to @p note. */
static void classify_game(const options *o, xq_record *r, totals *t, char *note, size_t cap)
{
    xq_ecco e;
    char tagged[16] = "";
    if (xq_record_tag(r, "ECCO", tagged, sizeof tagged) < 0 || ecco_index(tagged) < 0)
        tagged[0] = 0;
    int rc = xq_ecco_classify_record(r, &e);
    if (rc != XQ_OK || !e.code[0]) {
        t->ecco_none++;
        snprintf(note, cap, ", no ECCO code (%s)",
                 rc != XQ_OK ? xq_strerror(rc) : xq_ecco_reason_text(e.reason));
        return;
    }
    int i = ecco_index(e.code), k = tagged[0] ? ecco_index(tagged) : -1;
    t->ecco_games[i]++;
    if (k >= 0) {
        t->ecco_tagged[k]++;
        t->ecco_checked++;
        if (k == i) {
            t->ecco_agree[i]++;
            t->ecco_agreeing++;
        }
    }
    if (k >= 0 && k != i)
        snprintf(note, cap, ", ECCO %s %s%s%s (tag %s)", e.code, e.opening, e.variation[0] ? " " : "",
                 e.variation, tagged);
    else
        snprintf(note, cap, ", ECCO %s %s%s%s", e.code, e.opening, e.variation[0] ? " " : "",
                 e.variation);
    if (o->mode_to) {
        xq_record_set_tag(r, "ECCO", e.code);
        xq_record_set_tag(r, "Opening", e.opening);
        xq_record_set_tag(r, "Variation", e.variation);
    }
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
    char note[512] = "";
    if (o->ecco)
        classify_game(o, r, t, note, sizeof note);
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
    fprintf(out, "%s:%d: game %d: %d plies, %ld variations, %s - %s, result %s, final %s%s%s\n",
            g->file, g->line, g->index, plies, variations, red, black, result, fen,
            status == XQ_RESULT_ONGOING ? ""
            : reason == XQ_REASON_CHECKMATE ? " (checkmate)" : " (no legal move)", note);
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

/* --ecco --stats: games by code, the tags that agree, and the names. */
static void print_ecco(const char *label, const totals *t)
{
    long classified = 0;
    for (int i = 0; i < ECCO_CODES; i++)
        classified += t->ecco_games[i];
    fprintf(out, "%s: ECCO: %ld games classified, %ld without a code; %ld with an ECCO tag, "
                 "%ld agreeing (%.2f%%)\n",
            label, classified, t->ecco_none, t->ecco_checked, t->ecco_agreeing,
            t->ecco_checked ? 100.0 * (double)t->ecco_agreeing / (double)t->ecco_checked : 0.0);
    fprintf(out, "%s: code   games  tagged  agree  name\n", label);
    for (int i = 0; i < ECCO_CODES; i++) {
        if (!t->ecco_games[i] && !t->ecco_tagged[i])
            continue;
        xq_ecco e;
        xq_ecco_lookup(xq_ecco_code_at(i), &e);
        fprintf(out, "%s: %s %7ld %7ld %6ld  %s%s%s\n", label, e.code, t->ecco_games[i],
                t->ecco_tagged[i], t->ecco_agree[i], e.opening, e.variation[0] ? " " : "",
                e.variation);
    }
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
    xq_rules_init(&cfg.rules, XQ_RULES_VERSION, XQ_RULES_AXF);
    out = stdout;
    cli_init("xq-pgn");
    int status = cli_parse(&spec, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    if (ranks_1_10) {
        cfg.read_flags |= XQ_NOTATION_RANKS_1_10;
        cfg.write_flags |= XQ_NOTATION_RANKS_1_10;
    }
    const options o = cfg;
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
    static totals all, t;
    int failed = 0;
    for (int i = 0; i < nfiles; i++) {
        memset(&t, 0, sizeof t);
        if (process(files[i], &o, r, &t) < 0)
            failed = 1;
        if (o.stats)
            print_totals(files[i], &t);
        if (o.stats && o.outcome)
            print_outcomes(files[i], &t);
        if (o.stats && o.ecco)
            print_ecco(files[i], &t);
        all.games += t.games, all.bad += t.bad, all.plies += t.plies;
        all.variations += t.variations, all.comments += t.comments;
        for (int k = 0; k < 4; k++)
            all.results[k] += t.results[k];
        for (int k = 0; k < 16; k++)
            all.outcomes[k] += t.outcomes[k];
        for (int k = 0; k < ECCO_CODES; k++) {
            all.ecco_games[k] += t.ecco_games[k];
            all.ecco_tagged[k] += t.ecco_tagged[k];
            all.ecco_agree[k] += t.ecco_agree[k];
        }
        all.ecco_none += t.ecco_none, all.ecco_checked += t.ecco_checked;
        all.ecco_agreeing += t.ecco_agreeing;
    }
    if (o.stats && nfiles > 1)
        print_totals("total", &all);
    if (o.stats && o.outcome && nfiles > 1)
        print_outcomes("total", &all);
    if (o.stats && o.ecco && nfiles > 1)
        print_ecco("total", &all);
    if (o.check)
        fprintf(o.mode_to ? stderr : out, "%ld games, %ld invalid\n", all.games, all.bad);
    xq_record_free(r);
    if (out != stdout && fclose(out) != 0) {
        fprintf(stderr, "xq-pgn: write error on %s\n", o.output);
        return 1;
    }
    return failed || all.bad ? 1 : 0;
}
