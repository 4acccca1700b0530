/* SPDX-License-Identifier: MIT */
/* xq-book: build, probe, inspect, merge and dump opening books.
 *
 *   xq-book build [-o OUT] [filters] [--encoding ENC] FILE...
 *   xq-book probe BOOK [FEN] [MOVE]...
 *   xq-book explore BOOK [FEN] [MOVE]...
 *   xq-book explore BOOK [FEN] [MOVE]...
 *   xq-book stats BOOK
 * (BOOK "default": the default book installed with the programs)
 *   xq-book merge -o OUT BOOK BOOK...
 *   xq-book dump BOOK
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "book_tool.h"
#include "cli.h"
#include "datadir.h"

/* ---- the command line ---- */

static struct {
    xq_book_options book;  /* --max-ply, --min-games, --min-score, --weight */
    int filters;           /* one of the filters was given (merge applies them) */
    int weight, encoding;  /* indexes of weights[], encodings[] */
    int pick;
    uint64_t seed;
    const char *out;
    cli_command command;   /* the command and its operands */
} arg = {.weight = -1};

static const char *const weights[] = {"games", "results", NULL};
static const char *const encodings[] = {"utf-8", "gbk", "big5", NULL};

static int pick_option(void *ctx, const char *opt, const char *val)
{
    (void)ctx;
    (void)opt;
    char *end;
    errno = 0;
    arg.seed = strtoull(val, &end, 10);
    if (errno || end == val || *end || *val == '-')
        return cli_usage_error("--pick wants a number, not '%s'", val);
    arg.pick = 1;
    return 0;
}

static void help(FILE *f);

static const cli_option options[] = {
    {CLI_STRING, "--output", "-o", .arg = "FILE", .dest = &arg.out,
     .help = "the book to write (build and merge; required)"},
    {CLI_INT, "--max-ply", .arg = "N", .dest = &arg.book.max_ply, .lo = 1, .hi = 1000,
     .help = "build: keep the first N plies of each game (default 40)"},
    {CLI_INT, "--min-games", .arg = "N", .dest = &arg.book.min_games, .lo = 1, .hi = INT32_MAX,
     .seen = &arg.filters,
     .help = "build, merge: leave out moves played in fewer than N\n"
             "games (default 1)"},
    {CLI_INT, "--min-score", .arg = "N", .dest = &arg.book.min_score, .lo = 0, .hi = 1000,
     .seen = &arg.filters,
     .help = "build, merge: leave out moves scoring under N permille\n"
             "for the side that played them (default 0)"},
    {CLI_CHOICE, "--weight", .arg = "KIND", .dest = &arg.weight, .choices = weights,
     .want = "'games' or 'results'", .seen = &arg.filters,
     .help = "build, merge: weigh moves by games (default) or by\n"
             "results (2 per win, 1 per draw or unknown result)"},
    {CLI_CHOICE, "--encoding", .arg = "ENC", .dest = &arg.encoding, .choices = encodings,
     .want = "utf-8, gbk or big5",
     .help = "build: the text encoding of the PGN files: utf-8\n"
             "(default), gbk or big5"},
    {CLI_CALL, "--pick", .arg = "SEED", .call = pick_option,
     .help = "probe: also print the move a weighted pick with this\n"
             "seed plays"},
    {CLI_HELP, "--help", .alias = "-h", .help = "show this help and exit"},
    {CLI_VERSION, "--version", .help = "show the library version and exit"},
};

static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 23,
                              .help = help, .operand = cli_command_operand,
                              .ctx = &arg.command};

static void help(FILE *f)
{
    fputs("Usage: xq-book COMMAND [OPTION]... ARG...\n"
          "Build, inspect and merge Xiangqi opening books (libxiangqi book files).\n"
          "\n"
          "Commands:\n"
          "  build FILE...        build a book from the main lines of PGN games\n"
          "                       (\"-\" reads standard input); the result of each game\n"
          "                       is taken from its Result tag\n"
          "  probe BOOK [FEN] [MOVE]...\n"
          "                       list the book moves of a position: the start\n"
          "                       position or FEN, after the ICCS moves given\n"
          "  explore BOOK [FEN] [MOVE]...\n"
          "                       the opening explorer: the book moves of a position\n"
          "                       with games, wins, draws, losses, score and the ECCO\n"
          "                       opening each move leads to\n"
          "  stats BOOK           print the header and totals of a book\n"
          "  merge BOOK BOOK...   merge books (counts added) into the output file\n"
          "  dump BOOK            print every stored move as text: key, move, counts\n"
          "\n"
          "A BOOK to read may be 'default': the default book installed with the\n"
          "programs (share/xiangqi/book.xqb, found as xq-uci and xiangqi find it);\n"
          "'./default' is a file of that name.\n"
          "\n"
          "Options:\n",
          f);
    cli_print_options(f, &spec);
    fputs("\n"
          "Exit status: 0 on success, 1 when a file cannot be read or written or is\n"
          "not a valid book (probe: also when the position is not in the book), 2 on a\n"
          "usage error.\n",
          f);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The book file @p path, or for "default" the default book installed with
 * the programs (common/datadir.h, as xq-uci and the player). */
static xq_book *open_book(const char *path)
{
    char installed[CLI_PATH_MAX];
    const int is_default = !strcmp(path, "default");
    if (is_default) {
        if (cli_data_file("book.xqb", installed, sizeof installed) != 0) {
            fprintf(stderr, "xq-book: the default book's path is too long\n");
            return NULL;
        }
        path = installed;
    }
    xq_book *book;
    xq_parse_error err;
    const int rc = xq_book_open(&book, path, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "xq-book: %s%s\n", is_default ? "the default book: " : "", err.message);
        return NULL;
    }
    return book;
}

static int write_book(const xq_book *book, const char *out)
{
    const int rc = xq_book_write(book, out);
    if (rc != XQ_OK) {
        fprintf(stderr, "xq-book: %s: cannot write: %s\n", out, strerror(errno));
        return 1;
    }
    return 0;
}

static void print_summary(const char *what, const xq_book *book, const char *out, double secs)
{
    size_t size;
    xq_book_data(book, &size);
    fprintf(stderr,
            "xq-book: %s%" PRId64 " positions, %" PRId64 " moves, %zu bytes in %.2f s -> %s\n",
            what, xq_book_position_count(book), xq_book_move_count(book), size, secs, out);
}

static int cmd_build(char **files, int nfiles, const xq_book_options *opt, const char *enc,
                     const char *out)
{
    const double t0 = now();
    xq_book_builder *b;
    if (xq_book_builder_new(&b, opt) != XQ_OK)
        return cli_usage_error("bad book options");
    input_stats st = {0, 0, 0};
    int status = 0;
    for (int i = 0; i < nfiles && !status; i++)
        if (book_add_file(b, files[i], enc, &st) < 0)
            status = 1;
    xq_book *book = NULL;
    if (!status && xq_book_builder_finish(b, &book) != XQ_OK) {
        fprintf(stderr, "xq-book: out of memory\n");
        status = 1;
    }
    xq_book_builder_free(b);
    if (!status)
        status = write_book(book, out);
    if (!status) {
        char what[160];
        snprintf(what, sizeof what, "%" PRId64 " games (%" PRId64 " with an error)%s, ",
                 st.games, st.bad, st.bad_bytes ? ", some bytes not convertible" : "");
        print_summary(what, book, out, now() - t0);
    }
    xq_book_free(book);
    return status;
}

static int cmd_merge(char **files, int nfiles, const xq_book_options *opt, const char *out)
{
    const double t0 = now();
    xq_book *acc = open_book(files[0]);
    if (!acc)
        return 1;
    for (int i = 1; i < nfiles; i++) {
        xq_book *next = open_book(files[i]), *m = NULL;
        if (!next || xq_book_merge(&m, acc, next, opt) != XQ_OK) {
            if (next)
                fprintf(stderr, "xq-book: out of memory\n");
            xq_book_free(next);
            xq_book_free(acc);
            return 1;
        }
        xq_book_free(next);
        xq_book_free(acc);
        acc = m;
    }
    int status = write_book(acc, out);
    if (!status)
        print_summary("", acc, out, now() - t0);
    xq_book_free(acc);
    return status;
}

/* The position of probe and explore: the start or a FEN, then the moves
 * (any notation). 0, or 2 after a message (a usage error). */
static int position_of(char **args, int nargs, xq_board **out)
{
    int i = 0;
    const char *fen = (nargs > 0 && strchr(args[0], '/')) ? args[i++] : NULL;
    xq_board *board;
    xq_parse_error err;
    if (xq_board_new(&board, fen, &err) != XQ_OK) {
        fprintf(stderr, "xq-book: bad FEN: %s\n", err.message);
        return 2;
    }
    for (; i < nargs; i++) {
        xq_move m;
        if (xq_board_move_from_text(board, args[i], XQ_NOTATION_AUTO, 0, &m, &err) != XQ_OK ||
            xq_board_make_move(board, m) != XQ_OK) {
            fprintf(stderr, "xq-book: move '%s': %s\n", args[i], err.message);
            xq_board_free(board);
            return 2;
        }
    }
    *out = board;
    return 0;
}

/* What probe and explore share: the book, the position of the arguments,
 * its book moves. 0, or the exit status after a message. */
static int book_position(const char *path, char **args, int nargs, xq_book **book,
                         xq_board **board, xq_book_entry *e, int *n)
{
    *book = open_book(path);
    if (!*book)
        return 1;
    if (position_of(args, nargs, board) != 0) {
        xq_book_free(*book);
        return 2;
    }
    char text[XQ_FEN_MAX];
    xq_board_fen(*board, text, sizeof text);
    printf("position %s\n", text);
    *n = xq_book_probe(*book, *board, e, XQ_MAX_MOVES);
    return 0;
}

/* The first columns of a book move's row: the move in ICCS and Chinese (4
 * characters of 3 bytes, padded by columns) and the counts; no newline. */
static void print_move_cells(const xq_board *board, const xq_book_entry *e)
{
    char iccs[XQ_MOVE_STR_MAX], cn[XQ_MOVE_TEXT_MAX], score[16];
    xq_move_format(e->move, iccs, sizeof iccs);
    xq_board_move_to_text(board, e->move, XQ_NOTATION_CHINESE, 0, cn, sizeof cn);
    if (e->score < 0)
        snprintf(score, sizeof score, "-");
    else
        snprintf(score, sizeof score, "%.1f%%", e->score / 10.0);
    printf("%-5s %s%*s %8" PRIu32 " %7" PRIu32 " %7" PRIu32 " %7" PRIu32 " %6s", iccs, cn, 12 - 8,
           "", e->games, e->wins, e->draws, e->losses, score);
}

/* The header of those columns; no newline. */
static void print_cells_header(void)
{
    printf("%-5s %-12s %8s %7s %7s %7s %6s", "move", "chinese", "games", "wins", "draws", "losses",
           "score");
}

static int cmd_probe(const char *path, char **args, int nargs, int pick, uint64_t seed)
{
    xq_book *book;
    xq_board *board;
    xq_book_entry e[XQ_MAX_MOVES];
    int n, status = book_position(path, args, nargs, &book, &board, e, &n);
    if (status != 0)
        return status;
    char text[XQ_FEN_MAX];
    uint64_t total = 0, games = 0;
    for (int k = 0; k < n; k++) {
        total += e[k].weight;
        games += e[k].games;
    }
    printf("%d book moves, %" PRIu64 " games\n", n, games);
    if (n > 0) {
        print_cells_header();
        printf(" %8s %6s\n", "weight", "share");
    }
    for (int k = 0; k < n; k++) {
        print_move_cells(board, &e[k]);
        printf(" %8" PRIu32 " %5.1f%%\n", e[k].weight,
               total ? 100.0 * e[k].weight / (double)total : 0.0);
    }
    if (pick) {
        xq_move m;
        if (xq_book_pick(book, board, NULL, seed, 0, &m) == XQ_OK) {
            xq_move_format(m, text, sizeof text);
            printf("pick %s\n", text);
        } else {
            printf("pick none\n");
        }
    }
    if (n == 0)
        status = 1;
    xq_board_free(board);
    xq_book_free(book);
    return status;
}

/* The ECCO code and name of the moves played on @p board ("-" when none). */
static void opening_name(const xq_board *board, char *buf, size_t cap)
{
    xq_ecco e;
    if (xq_ecco_classify_board(board, &e) != XQ_OK || !e.code[0])
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, "%s %s%s%s", e.code, e.opening, e.variation[0] ? "，" : "",
                 e.variation);
}

/* The opening explorer: the book moves of a position with their counts and
 * the ECCO opening each leads to (the moves given, then the book move). */
static int cmd_explore(const char *path, char **args, int nargs)
{
    xq_book *book;
    xq_board *board;
    xq_book_entry e[XQ_MAX_MOVES];
    int n, status = book_position(path, args, nargs, &book, &board, e, &n);
    if (status != 0)
        return status;
    char name[512];
    opening_name(board, name, sizeof name);
    printf("opening %s\n", name);
    uint64_t games = 0;
    for (int k = 0; k < n; k++)
        games += e[k].games;
    printf("%d book moves, %" PRIu64 " games\n", n, games);
    if (n > 0) {
        print_cells_header();
        printf("  %s\n", "opening after the move");
    }
    for (int k = 0; k < n; k++) {
        print_move_cells(board, &e[k]);
        if (xq_board_make_move(board, e[k].move) == XQ_OK) {
            opening_name(board, name, sizeof name);
            xq_board_unmake_move(board, NULL);
        } else {
            snprintf(name, sizeof name, "-");
        }
        printf("  %s\n", name);
    }
    xq_board_free(board);
    xq_book_free(book);
    return n == 0 ? 1 : 0;
}

static int cmd_stats(const char *path)
{
    xq_book *book = open_book(path);
    if (!book)
        return 1;
    size_t size;
    const unsigned char *d = xq_book_data(book, &size);
    /* Header fields of the documented format (docs/book.md), little-endian. */
    uint32_t f[4];
    for (int i = 0; i < 4; i++)
        f[i] = (uint32_t)d[20 + 4 * i] | (uint32_t)d[21 + 4 * i] << 8 |
               (uint32_t)d[22 + 4 * i] << 16 | (uint32_t)d[23 + 4 * i] << 24;
    printf("file        %s\n", path);
    printf("format      %d\n", XQ_BOOK_FORMAT_VERSION);
    printf("size        %zu bytes\n", size);
    printf("positions   %" PRId64 "\n", xq_book_position_count(book));
    printf("moves       %" PRId64 "\n", xq_book_move_count(book));
    printf("games       %" PRId64 " (counted at the start position)\n", xq_book_games(book));
    printf("weighting   %s\n",
           xq_book_weighting(book) == XQ_BOOK_WEIGHT_RESULTS ? "results" : "games");
    printf("max ply     %" PRIu32 "\n", f[0]);
    printf("min games   %" PRIu32 "\n", f[1]);
    printf("min score   %" PRIu32 " permille\n", f[2]);
    xq_book_free(book);
    return 0;
}

static int cmd_dump(const char *path)
{
    xq_book *book = open_book(path);
    if (!book)
        return 1;
    const int64_t npos = xq_book_position_count(book);
    xq_book_entry e[XQ_MAX_MOVES];
    for (int64_t i = 0; i < npos; i++) {
        uint64_t key;
        const int n = xq_book_position_at(book, i, &key, e, XQ_MAX_MOVES);
        for (int k = 0; k < n && k < XQ_MAX_MOVES; k++) {
            char mv[XQ_MOVE_STR_MAX];
            xq_move_format(e[k].move, mv, sizeof mv);
            printf("%016" PRIx64 " %s games %" PRIu32 " wins %" PRIu32 " draws %" PRIu32
                   " losses %" PRIu32 " weight %" PRIu32 "\n",
                   key, mv, e[k].games, e[k].wins, e[k].draws, e[k].losses, e[k].weight);
        }
    }
    xq_book_free(book);
    return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    xq_book_options_init(&arg.book, XQ_BOOK_OPTIONS_VERSION);
    cli_init("xq-book");
    int status = cli_parse(&spec, argc, argv);
    if (status != CLI_CONTINUE)
        return status;
    static const int weighting[] = {XQ_BOOK_WEIGHT_GAMES, XQ_BOOK_WEIGHT_RESULTS};
    if (arg.weight >= 0)
        arg.book.weighting = weighting[arg.weight];
    xq_book_options opt = arg.book;
    const char *cmd = arg.command.cmd, *out = arg.out, *enc = encodings[arg.encoding];
    char **args = argv;
    const int nargs = arg.command.nargs, filters = arg.filters, pick = arg.pick;
    const uint64_t seed = arg.seed;
    if (!cmd) {
        status = cli_usage_error("no command");
    } else if (!strcmp(cmd, "build")) {
        if (!out || !nargs)
            status = cli_usage_error("build needs -o FILE and PGN files");
        else
            status = cmd_build(args, nargs, &opt, enc, out);
    } else if (!strcmp(cmd, "merge")) {
        if (!out || nargs < 2)
            status = cli_usage_error("merge needs -o FILE and two or more books");
        else
            status = cmd_merge(args, nargs, filters ? &opt : NULL, out);
    } else if (!strcmp(cmd, "probe")) {
        status = nargs < 1 ? cli_usage_error("probe needs a book")
                           : cmd_probe(args[0], args + 1, nargs - 1, pick, seed);
    } else if (!strcmp(cmd, "explore")) {
        status = nargs < 1 ? cli_usage_error("explore needs a book")
                           : cmd_explore(args[0], args + 1, nargs - 1);
    } else if (!strcmp(cmd, "stats")) {
        status = nargs != 1 ? cli_usage_error("stats needs one book") : cmd_stats(args[0]);
    } else if (!strcmp(cmd, "dump")) {
        status = nargs != 1 ? cli_usage_error("dump needs one book") : cmd_dump(args[0]);
    } else {
        status = cli_usage_error("unknown command '%s'", cmd);
    }
    return status;
}
