/* SPDX-License-Identifier: MIT */
/* xiangqi: play Xiangqi in the terminal, against the engine, against
 * another person, or watch the engine play itself.
 *
 * The board is drawn after every move; moves and commands are read one line
 * at a time from standard input, so the program works the same from a
 * terminal and from a pipe (tests drive it with scripted games).
 *
 * While the engine thinks (think.c), the search runs in the background and
 * this thread waits on the keyboard: on a terminal, Enter (or 'stop') takes
 * the engine's best move so far, 'pause' stops it without a move and 'quit'
 * leaves. When standard input is not a terminal, lines already queued never
 * stop the engine, so a scripted game plays the same every time; only the
 * end of the input stops it (and the program). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "datadir.h"
#include "game.h"

volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* ---- options ---- */

static const char *const engine_sides[] = {"red", "black", "both", "none", NULL};
static const char *const colour_whens[] = {"auto", "always", "never", NULL};
enum { COLOUR_AUTO, COLOUR_ALWAYS, COLOUR_NEVER };

/* The command line. */
static struct {
    engine_t eng;    /* level, time, depth, nodes, threads, hash, seed, notation, thinking */
    remote_opts net; /* --connect, --user, --register, --reconnect-timeout */
    const char *fen, *load, *book, *egtb;
    int engine_side; /* index of engine_sides */
    int colour;      /* COLOUR_* */
    int ascii, flip, no_book, max_plies, ruleset;
    int compact;     /* -1: by the terminal's width */
    int time_given, seed_given, reconnect_given;
} arg = {
    .eng = {.hash_mb = 64, .level = XQ_SKILL_MAX, .seconds = 3, .notation = XQ_NOTATION_ICCS},
    .net = {.reconnect_s = 300},
    .engine_side = 1,
    .ruleset = XQ_RULES_AXF,
    .compact = -1,
};

static int time_option(void *ctx, const char *opt, const char *value)
{
    (void)ctx;
    if (!parse_seconds(value, &arg.eng.seconds))
        return cli_usage_error("%s wants seconds, not '%s'", opt, value);
    return 0;
}

static int notation_option(void *ctx, const char *opt, const char *value)
{
    (void)ctx;
    if ((arg.eng.notation = parse_notation(value)) < 0)
        return cli_usage_error("%s wants iccs, wxf or chinese, not '%s'", opt, value);
    return 0;
}

static void usage(FILE *f);

static const cli_option options[] = {
    {CLI_TEXT, .help = "Players:"},
    {CLI_CHOICE, "--engine", .arg = "SIDE", .dest = &arg.engine_side, .choices = engine_sides,
     .want = "red, black, both or none",
     .help = "the side the engine plays: red, black (default), both\n"
             "(watch it play itself) or none (two people)"},
    {CLI_FLAG, "--red", .dest = &arg.engine_side, .ival = 1,
     .help = "you play Red against the engine (the default)"},
    {CLI_FLAG, "--black", .dest = &arg.engine_side, .ival = 0,
     .help = "you play Black against the engine (which opens); the\n"
             "board is turned around"},
    {CLI_FLAG, "--watch", .dest = &arg.engine_side, .ival = 2,
     .help = "the same as --engine both"},
    {CLI_FLAG, "--two-players", .dest = &arg.engine_side, .ival = 3,
     .help = "the same as --engine none"},
    {CLI_INT, "--max-plies", .arg = "N", .dest = &arg.max_plies, .lo = 0, .hi = INT_MAX,
     .want = "a number of plies",
     .help = "the engine stops moving by itself once the game has N\n"
             "plies (for watching; 0 = no cap, the default)"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Start:"},
    {CLI_STRING, "--fen", .arg = "FEN", .dest = &arg.fen,
     .help = "start from this position instead of the start position"},
    {CLI_STRING, "--load", .arg = "FILE", .dest = &arg.load,
     .help = "continue the game in FILE (PGN, XQF or DhtmlXQ; the\n"
             "main line of the first game)"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Engine:"},
    {CLI_INT, "--level", .arg = "N", .dest = &arg.eng.level, .lo = 0, .hi = XQ_SKILL_MAX,
     .want = "0..20", .help = "skill 0 (beginner) .. 20 (full strength, the default)"},
    {CLI_CALL, "--time", .arg = "S", .call = time_option, .seen = &arg.time_given,
     .help = "seconds per engine move (default 3; 0 = none, only with\n"
             "--depth or --nodes)"},
    {CLI_INT, "--depth", .arg = "N", .dest = &arg.eng.depth, .lo = 0,
     .hi = XQ_SEARCH_MAX_DEPTH, .want = "0..100", .help = "depth limit in plies (default none)"},
    {CLI_LLONG, "--nodes", .arg = "N", .dest = &arg.eng.nodes, .lo = 0, .hi = LLONG_MAX,
     .want = "a node count",
     .help = "node limit (default none); with --threads 1 and\n"
             "--depth or --nodes and --time 0 the engine's moves are\n"
             "the same on every run"},
    {CLI_INT, "--threads", .arg = "N", .dest = &arg.eng.threads, .lo = 1,
     .hi = XQ_SEARCH_MAX_THREADS, .want = "1..256",
     .help = "search threads (default: the number of processors)"},
    {CLI_INT, "--hash", .arg = "MB", .dest = &arg.eng.hash_mb, .lo = 1,
     .hi = XQ_SEARCH_MAX_HASH_MB, .want = "1..65536 (MB)",
     .help = "transposition table size (default 64)"},
    {CLI_LLONG, "--seed", .arg = "N", .dest = &arg.eng.seed, .lo = 0, .hi = LLONG_MAX,
     .want = "a number", .seen = &arg.seed_given,
     .help = "seed of the weaker levels' choices (default: the clock)"},
    {CLI_FLAG, "--thinking", .dest = &arg.eng.thinking, .ival = 1,
     .help = "print every progress report of the search as a line"},
    {CLI_STRING, "--book", .arg = "FILE", .dest = &arg.book,
     .help = "opening book (default: the installed book.xqb); level 20\n"
             "plays its best move, the weaker levels pick by weight"},
    {CLI_FLAG, "--no-book", .dest = &arg.no_book, .ival = 1, .help = "no opening book"},
    {CLI_STRING, "--egtb", .arg = "DIR", .dest = &arg.egtb,
     .help = "endgame tables made by xq-egtb: the engine plays their\n"
             "best moves, hints name their result"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Network play (on an xq-server; type 'help' there for its commands):"},
    {CLI_STRING, "--connect", .arg = "HOST:PORT", .dest = &arg.net.connect,
     .help = "play on the server's line protocol: seeks,\n"
             "challenges, games with clocks, chat, draws, take-backs,\n"
             "watching"},
    {CLI_STRING, "--user", .arg = "NAME", .dest = &arg.net.user,
     .help = "log in as NAME (password: XQ_PASSWORD, or asked on the\n"
             "terminal without echo); without it, a guest"},
    {CLI_FLAG, "--register", .dest = &arg.net.register_user, .ival = 1,
     .help = "create the account NAME first (with --user)"},
    {CLI_INT, "--reconnect-timeout", .arg = "S", .dest = &arg.net.reconnect_s, .lo = 0,
     .hi = 86400, .want = "0..86400 (seconds)", .seen = &arg.reconnect_given,
     .help = "after a lost connection (a server restart, a\n"
             "network cut), reconnect and resume the session for up\n"
             "to S seconds (default 300; 0: leave at once)"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Rules and notation:"},
    {CLI_CHOICE, "--rules", .arg = "SET", .dest = &arg.ruleset, .choices = ruleset_name,
     .want = "axf, cxa or simple",
     .help = "axf (default), cxa or simple: how repetitions\n"
             "(perpetual check or chase), the move limit and bare\n"
             "material end the game; the engine never plays a move the\n"
             "rules forbid"},
    {CLI_CALL, "--notation", .arg = "N", .call = notation_option,
     .help = "moves shown in iccs (default), wxf or chinese; any of\n"
             "them is accepted as input"},
    {CLI_TEXT, .help = ""},
    {CLI_TEXT, .help = "Display:"},
    {CLI_FLAG, "--ascii", .dest = &arg.ascii, .ival = 1,
     .help = "letters (KABNRCP, upper case Red) and ASCII lines\n"
             "instead of Chinese glyphs, for terminals without CJK fonts"},
    {CLI_CHOICE, "--color", .alias = "--colour", .arg = "WHEN", .dest = &arg.colour,
     .choices = colour_whens, .want = "auto, always or never",
     .help = "ANSI colours: auto (default: when standard output is a\n"
             "terminal and TERM is not 'dumb'), always, never"},
    {CLI_FLAG, "--no-color", .alias = "--no-colour", .dest = &arg.colour, .ival = COLOUR_NEVER,
     .help = "the same as --color never (also: NO_COLOR set)"},
    {CLI_FLAG, "--flip", .dest = &arg.flip, .ival = 1, .help = "turn the board around"},
    {CLI_FLAG, "--compact", .dest = &arg.compact, .ival = 1,
     .help = "the small board: two columns a point, no lines between\n"
             "the ranks (20 columns wide; the default on terminals\n"
             "narrower than 40 columns)"},
    {CLI_FLAG, "--full", .dest = &arg.compact, .ival = 0,
     .help = "the full board, also on narrow terminals"},
    {CLI_TEXT, .help = ""},
    {CLI_HELP, "--help", "-h", .help = "show this help"},
    {CLI_VERSION, "--version", .help = "show the version"},
};

static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 21,
                              .help = usage};

static void usage(FILE *f)
{
    fputs("usage: xiangqi [OPTIONS]\n"
          "\n"
          "Play Xiangqi (Chinese chess) in the terminal: against the engine (you\n"
          "play Red by default), against another person, or watch the engine play\n"
          "itself. The board is drawn with Chinese glyphs and colours; moves (in\n"
          "coordinates h2e2, WXF C2.5 or Chinese 炮二平五) and commands are typed one\n"
          "per line (type 'help' in the game). On a terminal a status line shows the\n"
          "engine's search and Enter takes its best move so far. Standard input may\n"
          "be a pipe: the lines are then read as they come, lines already waiting\n"
          "never cut the engine's thinking short, and the end of the input ends the\n"
          "program (stopping the engine).\n"
          "\n",
          f);
    cli_print_options(f, &spec);
    fputs("\n"
          "Exit status: 0 at quit or the end of the input, 2 for a bad option,\n"
          "FEN or file, 1 when --connect cannot connect or log in, or loses the\n"
          "connection for good.\n",
          f);
}

/* Defaults that depend on the machine and the moment. */
static void default_options(void)
{
    long np = sysconf(_SC_NPROCESSORS_ONLN);
    arg.eng.threads = np > 0 ? (int)(np < XQ_SEARCH_MAX_THREADS ? np : XQ_SEARCH_MAX_THREADS) : 1;
}

/* The command line into the game's settings: the exit status of a bad
 * combination, or CLI_CONTINUE. */
static int apply_options(game_t *g)
{
    g->eng = arg.eng;
    if (!arg.seed_given)
        g->eng.seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    g->max_plies = arg.max_plies;
    g->view.ascii = arg.ascii;
    if (!arg.time_given && (g->eng.depth || g->eng.nodes))
        g->eng.seconds = 0; /* a depth or node limit alone: deterministic */
    if (!g->eng.depth && !g->eng.nodes && g->eng.seconds <= 0) {
        fprintf(stderr, "xiangqi: --time 0 needs --depth or --nodes\n");
        return 2;
    }
    if (arg.colour == COLOUR_AUTO) {
        const char *term = getenv("TERM");
        g->view.color =
            isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term && strcmp(term, "dumb");
    } else {
        g->view.color = arg.colour == COLOUR_ALWAYS;
    }
    return CLI_CONTINUE;
}

/* xiangqi --connect: network play instead of a local game; the exit status. */
static int network_main(const game_t *g)
{
    remote_opts net = arg.net;
    if (!net.connect)
        return cli_usage_error("--user, --register and --reconnect-timeout need --connect HOST:PORT");
    if (net.register_user && !net.user)
        return cli_usage_error("--register needs --user NAME");
#ifdef XQ_PLAY_NET
    net.notation = g->eng.notation;
    net.view = g->view;
    net.view.flip = arg.flip;
    struct winsize nws;
    net.view.compact = arg.compact >= 0 ? arg.compact
                       : ioctl(STDOUT_FILENO, TIOCGWINSZ, &nws) == 0 && nws.ws_col > 0 &&
                           nws.ws_col < VIEW_FULL_COLUMNS;
    net.echo = !isatty(STDIN_FILENO);
    struct sigaction nsa;
    memset(&nsa, 0, sizeof nsa);
    nsa.sa_handler = on_sigint;
    sigaction(SIGINT, &nsa, NULL);
    return remote_main(&net, &interrupted);
#else
    (void)g;
    fprintf(stderr, "xiangqi: built without network play (--connect needs jansson)\n");
    return 2;
#endif
}

/* The local game from the command line: the rules, who plays, the position,
 * the engine, the book and the tables, the terminal. CLI_CONTINUE, or the exit
 * status after the message (nothing left to free). */
static int start_game(game_t *g)
{
    const char *fen = arg.fen, *book = arg.book, *egtb = arg.egtb;
    const int no_book = arg.no_book, flip = arg.flip, ruleset = arg.ruleset,
              compact = arg.compact;
    const char *engine_side = engine_sides[arg.engine_side];
    xq_rules_init(&g->rules, XQ_RULES_VERSION, ruleset);
    g->rules_name = ruleset_name[ruleset];
    g->player[XQ_RED] = !strcmp(engine_side, "red") || !strcmp(engine_side, "both");
    g->player[XQ_BLACK] = !strcmp(engine_side, "black") || !strcmp(engine_side, "both");
    /* You play Black alone: Black at the bottom (--flip turns it back). */
    g->view.flip = (g->player[XQ_RED] == ENGINE && g->player[XQ_BLACK] == HUMAN) ^ flip;

    xq_parse_error err;
    int rc = xq_record_new(&g->rec, fen, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "xiangqi: bad FEN (%s at offset %d): %s\n", xq_strerror(rc), err.offset,
                err.message);
        return 2;
    }
    xq_search_config cfg;
    xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
    cfg.threads = g->eng.threads;
    cfg.hash_mb = (size_t)g->eng.hash_mb;
    rc = xq_search_new(&g->eng.search, &cfg);
    if (rc != XQ_OK) {
        fprintf(stderr, "xiangqi: cannot start the engine (%d threads, %d MB): %s\n",
                g->eng.threads, g->eng.hash_mb, xq_strerror(rc));
        xq_record_free(g->rec);
        return 2;
    }
    xq_search_set_rules(g->eng.search, &g->rules); /* repetitions in its tree as in the game */
    if (book && !no_book) {
        char why[WHY_MAX];
        if (open_book(g, book, why, sizeof why) != XQ_OK) {
            fprintf(stderr, "xiangqi: cannot use the book %s: %s\n", book, why);
            xq_search_free(g->eng.search);
            xq_record_free(g->rec);
            return 2;
        }
    } else if (!no_book) {
        char path[BOOK_PATH_MAX];
        /* The default book; without it the engine only searches. */
        char why[WHY_MAX];
        if (cli_data_file("book.xqb", path, sizeof path) == 0)
            open_book(g, path, why, sizeof why);
    }
    if (egtb) {
        char why[WHY_MAX];
        if (open_egtb(g, egtb, why, sizeof why) != XQ_OK) {
            fprintf(stderr, "xiangqi: cannot use the endgame tables %s: %s\n", egtb, why);
            xq_search_free(g->eng.search);
            xq_book_free(g->book);
            xq_record_free(g->rec);
            return 2;
        }
    }
    g->interactive = isatty(STDIN_FILENO);
    g->echo = !g->interactive;
    g->eng.keyboard = g->interactive;
    g->eng.live = isatty(STDOUT_FILENO) && !g->eng.thinking;
    struct winsize ws;
    g->eng.width = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    g->view.compact = compact >= 0 ? compact : g->eng.width < VIEW_FULL_COLUMNS;
    input_init(&g->in, STDIN_FILENO);
    return CLI_CONTINUE;
}

/* Moves and commands until quit, the end of the input or a signal. */
static void play_loop(game_t *g)
{
    char line[LINE_MAX_LEN];
    while (!g->quit) {
        while (!g->quit && !interrupted && engine_turn(g))
            engine_play(g);
        if (g->quit || interrupted)
            break;
        int us = xq_board_side_to_move(game_board(g));
        printf("%s%d. %s> ", g->view.color ? "\033[1m" : "",
               xq_board_fullmove_number(game_board(g)), side_name[us]);
        if (g->view.color)
            fputs("\033[0m", stdout);
        fflush(stdout);
        if (!input_line(&g->in, line, sizeof line) || interrupted) {
            fputc('\n', stdout);
            break;
        }
        if (g->echo)
            say("%s", line);
        handle_line(g, line);
    }
}

int main(int argc, char **argv)
{
    game_t g;
    memset(&g, 0, sizeof g);
    cli_init("xiangqi");
    default_options();
    int rc = cli_parse(&spec, argc, argv);
    if (rc == CLI_CONTINUE)
        rc = apply_options(&g);
    if (rc != CLI_CONTINUE)
        return rc;
    if (arg.net.connect || arg.net.user || arg.net.register_user || arg.reconnect_given)
        return network_main(&g);
    if ((rc = start_game(&g)) != CLI_CONTINUE)
        return rc;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, NULL);

    int status = 0;
    say("xiangqi %s. Type 'help' for the commands.", xq_version_string());
    if (arg.load) {
        if (load_game(&g, arg.load) != XQ_OK) {
            status = 2;
            g.quit = 1;
        }
    }
    if (!g.quit) {
        if (g.player[XQ_RED] == ENGINE || g.player[XQ_BLACK] == ENGINE)
            say("The engine plays %s; level %d, %s. On a terminal, Enter moves it at once.",
                g.player[XQ_RED] == HUMAN     ? "Black"
                : g.player[XQ_BLACK] == HUMAN ? "Red"
                                              : "both sides",
                g.eng.level,
                g.eng.seconds > 0 ? "a time limit per move" : "a depth or node limit");
        show(&g);
    }
    play_loop(&g);
    if (status == 0)
        say("Goodbye.");
    xq_search_free(g.eng.search);
    xq_egtb_free(g.egtb);
    xq_book_free(g.book);
    xq_record_free(g.rec);
    free(g.mover);
    return status;
}
