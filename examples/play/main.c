/* xiangqi: play Xiangqi in the terminal.
 *
 * The board is drawn after every move; moves and commands are read one line
 * at a time from standard input, so the program works the same from a
 * terminal and from a pipe (tests drive it with scripted games). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"

#define LINE_MAX_LEN 1024

enum { HUMAN = 0, ENGINE = 1 };

typedef struct game {
    xq_board *board;
    char start_fen[XQ_FEN_MAX]; /* the position the game started from */
    int player[2];              /* HUMAN or ENGINE, by colour */
    xq_move *redo;              /* moves taken back, the next one last */
    int nredo, redo_cap;
    int resigned;               /* colour that resigned + 1, or 0 */
    int announced;              /* the end of the game was announced */
    view_opts view;
    int interactive;            /* standard input is a terminal */
    int echo;                   /* echo the lines read (when input is not a terminal) */
    input_t in;
} game_t;

static const char *const side_name[2] = {"Red", "Black"};

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
}

/* ---- moves as text ---- */

static void move_text(const xq_board *b, xq_move m, char *buf, size_t cap)
{
    (void)b;
    if (xq_move_format(m, buf, cap) < 0)
        snprintf(buf, cap, "?");
}

/* ---- redo stack ---- */

static int redo_push(game_t *g, xq_move m)
{
    if (g->nredo == g->redo_cap) {
        int cap = g->redo_cap ? 2 * g->redo_cap : 64;
        xq_move *r = realloc(g->redo, (size_t)cap * sizeof *r);
        if (!r)
            return XQ_ENOMEM;
        g->redo = r;
        g->redo_cap = cap;
    }
    g->redo[g->nredo++] = m;
    return XQ_OK;
}

/* ---- game state ---- */

static int game_over(const game_t *g, int *result, const char **why)
{
    int reason;
    if (g->resigned) {
        *result = g->resigned == 1 ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS;
        *why = g->resigned == 1 ? "Red resigned" : "Black resigned";
        return 1;
    }
    *result = xq_board_status(g->board, &reason);
    switch (reason) {
    case XQ_REASON_CHECKMATE: *why = "checkmate"; break;
    case XQ_REASON_NO_LEGAL_MOVE: *why = "no legal move (困毙, stalemate loses)"; break;
    default: *why = ""; break;
    }
    return *result > XQ_RESULT_ONGOING;
}

static const char *result_text(int result)
{
    switch (result) {
    case XQ_RESULT_RED_WINS: return "1-0, Red wins";
    case XQ_RESULT_BLACK_WINS: return "0-1, Black wins";
    case XQ_RESULT_DRAW: return "1/2-1/2, draw";
    default: return "*";
    }
}

static void show(game_t *g)
{
    fputc('\n', stdout);
    view_board(stdout, g->board, &g->view);
    int n = xq_board_history_size(g->board);
    if (n > 0) {
        xq_move last;
        char text[64];
        xq_board_history_move(g->board, n - 1, &last, NULL);
        xq_board *before;
        xq_board_clone(&before, g->board);
        xq_board_unmake_move(before, NULL);
        move_text(before, last, text, sizeof text);
        xq_board_free(before);
        say("Last move: %d. %s%s", (xq_board_ply(g->board) + 1) / 2,
            xq_board_side_to_move(g->board) == XQ_RED ? "... " : "", text);
    }
    int result;
    const char *why;
    if (game_over(g, &result, &why)) {
        if (!g->announced)
            say("Game over: %s (%s).", result_text(result), why);
        g->announced = 1;
    } else if (xq_board_in_check(g->board) == 1) {
        say("%s is in check.", side_name[xq_board_side_to_move(g->board)]);
    }
    fflush(stdout);
}

/* Play a move and forget the redo stack unless it is the move it holds next. */
static int play(game_t *g, xq_move m)
{
    int rc = xq_board_make_move(g->board, m);
    if (rc != XQ_OK)
        return rc;
    if (g->nredo > 0 && g->redo[g->nredo - 1] == m)
        g->nredo--;
    else
        g->nredo = 0;
    g->announced = 0;
    return XQ_OK;
}

/* ---- commands ---- */

static void list_moves(game_t *g, int only_from)
{
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(g->board, moves, XQ_MAX_MOVES);
    int shown = 0;
    /* grouped by piece, in board order */
    for (int s = 0; s < XQ_SQUARE_NB; s++) {
        if (only_from >= 0 && s != only_from)
            continue;
        char line[LINE_MAX_LEN];
        int len = 0, count = 0;
        for (int i = 0; i < n; i++) {
            if (xq_move_from(moves[i]) != s)
                continue;
            char text[64];
            move_text(g->board, moves[i], text, sizeof text);
            len += snprintf(line + len, sizeof line - (size_t)len, " %s", text);
            if ((size_t)len >= sizeof line)
                len = (int)sizeof line - 1;
            count++;
        }
        if (!count)
            continue;
        int pc = xq_board_piece_at(g->board, s);
        say("  %c %c%d:%s", xq_piece_char(pc), 'a' + xq_square_file(s), xq_square_rank(s), line);
        shown += count;
    }
    if (only_from < 0)
        say("%d legal moves.", shown);
}

static void cmd_help(void)
{
    say("Moves: coordinates like h2e2 (file a-i from Red's left, rank 0-9 from Red's side).\n"
        "Commands:\n"
        "  help            this list\n"
        "  new [FEN]       a new game from the start position or from FEN\n"
        "  undo            take back a move\n"
        "  redo            play again a move taken back\n"
        "  moves           the legal moves, by piece\n"
        "  history         the moves of the game so far\n"
        "  fen             the position as FEN\n"
        "  board           draw the board again\n"
        "  flip            turn the board around\n"
        "  resign          give up the game\n"
        "  quit            leave (also: exit, end of input)");
}

static void cmd_history(game_t *g)
{
    int n = xq_board_history_size(g->board);
    xq_board *replay;
    if (xq_board_new(&replay, g->start_fen, NULL) != XQ_OK)
        return;
    char line[LINE_MAX_LEN] = "";
    int len = 0;
    for (int i = 0; i < n; i++) {
        xq_move m;
        char text[64];
        xq_board_history_move(g->board, i, &m, NULL);
        move_text(replay, m, text, sizeof text);
        int ply = xq_board_ply(replay);
        if (ply % 2 == 0 || i == 0)
            len += snprintf(line + len, sizeof line - (size_t)len, "%s%d.%s", len ? " " : "",
                            ply / 2 + 1, ply % 2 ? " ..." : "");
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", text);
        if ((size_t)len >= sizeof line - 80 || i == n - 1) {
            say("%s", line);
            len = 0;
            line[0] = 0;
        }
        xq_board_make_move(replay, m);
    }
    if (n == 0)
        say("No moves yet.");
    xq_board_free(replay);
}

static void cmd_new(game_t *g, const char *fen)
{
    xq_parse_error err;
    int rc = xq_board_set_fen(g->board, *fen ? fen : NULL, &err);
    if (rc != XQ_OK) {
        say("Bad FEN (%s at offset %d): %s", xq_strerror(rc), err.offset, err.message);
        return;
    }
    xq_board_fen(g->board, g->start_fen, sizeof g->start_fen);
    g->nredo = 0;
    g->resigned = 0;
    g->announced = 0;
    say("New game.");
    show(g);
}

static void cmd_undo(game_t *g)
{
    xq_move m;
    if (g->resigned) {
        g->resigned = 0;
        g->announced = 0;
        say("Resignation taken back.");
        show(g);
        return;
    }
    if (xq_board_unmake_move(g->board, &m) != XQ_OK) {
        say("Nothing to undo.");
        return;
    }
    if (redo_push(g, m) != XQ_OK)
        say("Out of memory: redo will not be possible.");
    g->announced = 0;
    show(g);
}

static void cmd_redo(game_t *g)
{
    if (g->nredo == 0 || g->resigned) {
        say("Nothing to redo.");
        return;
    }
    play(g, g->redo[g->nredo - 1]);
    show(g);
}

/* A line that is not a command: a move. */
static void try_move(game_t *g, const char *text)
{
    int result;
    const char *why;
    if (game_over(g, &result, &why)) {
        say("The game is over (%s). Type 'undo', 'new' or 'quit'.", result_text(result));
        return;
    }
    xq_move m;
    if (xq_move_parse(text, &m) != XQ_OK) {
        say("'%s' is neither a command nor a move. Type 'help' for the commands.", text);
        return;
    }
    if (play(g, m) == XQ_OK) {
        show(g);
        return;
    }
    int from = xq_move_from(m), pc = xq_board_piece_at(g->board, from);
    int us = xq_board_side_to_move(g->board);
    if (pc <= 0) {
        say("Illegal move %s: there is no piece on %c%d.", text, 'a' + xq_square_file(from),
            xq_square_rank(from));
    } else if (xq_piece_color_of(pc) != us) {
        say("Illegal move %s: the piece on %c%d is %s's; %s is to move.", text,
            'a' + xq_square_file(from), xq_square_rank(from), side_name[!us], side_name[us]);
    } else {
        xq_move moves[XQ_MAX_MOVES];
        int n = xq_board_generate_moves(g->board, moves, XQ_MAX_MOVES), any = 0;
        for (int i = 0; i < n; i++)
            any |= xq_move_from(moves[i]) == from;
        if (any) {
            say("Illegal move %s. That piece can play:", text);
            list_moves(g, from);
        } else {
            say("Illegal move %s: that piece has no legal move.", text);
        }
    }
}

/* Handle one line; returns 0 to quit. */
static int handle(game_t *g, char *line)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t n = strlen(line);
    while (n && isspace((unsigned char)line[n - 1]))
        line[--n] = 0;
    if (!*line || *line == '#')
        return 1;
    char word[32];
    size_t w = strcspn(line, " \t");
    snprintf(word, sizeof word, "%.*s", (int)(w < sizeof word ? w : sizeof word - 1), line);
    for (char *p = word; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    const char *arg = line + w;
    while (isspace((unsigned char)*arg))
        arg++;

    if (!strcmp(word, "quit") || !strcmp(word, "exit") || !strcmp(word, "q")) {
        return 0;
    } else if (!strcmp(word, "help") || !strcmp(word, "?")) {
        cmd_help();
    } else if (!strcmp(word, "new")) {
        cmd_new(g, arg);
    } else if (!strcmp(word, "undo") || !strcmp(word, "back")) {
        cmd_undo(g);
    } else if (!strcmp(word, "redo")) {
        cmd_redo(g);
    } else if (!strcmp(word, "moves")) {
        list_moves(g, -1);
    } else if (!strcmp(word, "history")) {
        cmd_history(g);
    } else if (!strcmp(word, "fen")) {
        char fen[XQ_FEN_MAX];
        xq_board_fen(g->board, fen, sizeof fen);
        say("%s", fen);
    } else if (!strcmp(word, "board")) {
        show(g);
    } else if (!strcmp(word, "flip")) {
        g->view.flip = !g->view.flip;
        show(g);
    } else if (!strcmp(word, "resign")) {
        int result;
        const char *why;
        if (game_over(g, &result, &why)) {
            say("The game is already over.");
        } else {
            g->resigned = xq_board_side_to_move(g->board) + 1;
            show(g);
        }
    } else {
        try_move(g, line);
    }
    return 1;
}

/* ---- options ---- */

static void usage(FILE *f)
{
    fputs("usage: xiangqi [OPTIONS]\n"
          "\n"
          "Play Xiangqi (Chinese chess) in the terminal. The board is drawn with\n"
          "Chinese glyphs and colours; moves and commands are typed one per line\n"
          "(type 'help' in the game). Standard input may be a pipe: the program\n"
          "then reads the moves and commands from it and stops at its end.\n"
          "\n"
          "Options:\n"
          "  --fen FEN          start from this position instead of the start position\n"
          "  --ascii            letters (KABNRCP, upper case Red) and ASCII lines\n"
          "                     instead of Chinese glyphs, for terminals without CJK fonts\n"
          "  --color WHEN       ANSI colours: auto (default: when standard output is a\n"
          "                     terminal and TERM is not 'dumb'), always, never\n"
          "  --no-color         the same as --color never (also: NO_COLOR set)\n"
          "  --flip             draw the board with Black at the bottom\n"
          "  -h, --help         show this help\n"
          "  --version          show the version\n",
          f);
}

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

int main(int argc, char **argv)
{
    game_t g;
    memset(&g, 0, sizeof g);
    const char *fen = NULL, *color = "auto";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("xiangqi (libxiangqi) %s\n", xq_version_string());
            return 0;
        } else if (!strcmp(a, "--ascii")) {
            g.view.ascii = 1;
        } else if (!strcmp(a, "--flip")) {
            g.view.flip = 1;
        } else if (!strcmp(a, "--no-color") || !strcmp(a, "--no-colour")) {
            color = "never";
        } else if (!strcmp(a, "--fen") && i + 1 < argc) {
            fen = argv[++i];
        } else if ((!strcmp(a, "--color") || !strcmp(a, "--colour")) && i + 1 < argc) {
            color = argv[++i];
        } else if (!strncmp(a, "--color=", 8)) {
            color = a + 8;
        } else {
            fprintf(stderr, "xiangqi: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!strcmp(color, "always")) {
        g.view.color = 1;
    } else if (!strcmp(color, "never")) {
        g.view.color = 0;
    } else if (!strcmp(color, "auto")) {
        const char *term = getenv("TERM");
        g.view.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") && term && strcmp(term, "dumb");
    } else {
        fprintf(stderr, "xiangqi: --color wants auto, always or never, not '%s'\n", color);
        return 2;
    }

    xq_parse_error err;
    int rc = xq_board_new(&g.board, fen, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "xiangqi: bad FEN (%s at offset %d): %s\n", xq_strerror(rc), err.offset,
                err.message);
        return 2;
    }
    xq_board_fen(g.board, g.start_fen, sizeof g.start_fen);
    g.interactive = isatty(STDIN_FILENO);
    g.echo = !g.interactive;
    input_init(&g.in, STDIN_FILENO);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, NULL);

    say("xiangqi %s. Type 'help' for the commands.", xq_version_string());
    show(&g);
    char line[LINE_MAX_LEN];
    for (;;) {
        int us = xq_board_side_to_move(g.board);
        printf("%s%d. %s> ", g.view.color ? "\033[1m" : "", xq_board_fullmove_number(g.board),
               side_name[us]);
        if (g.view.color)
            fputs("\033[0m", stdout);
        fflush(stdout);
        if (!input_line(&g.in, line, sizeof line) || interrupted) {
            fputc('\n', stdout);
            break;
        }
        if (g.echo)
            say("%s", line);
        if (!handle(&g, line))
            break;
    }
    say("Goodbye.");
    xq_board_free(g.board);
    free(g.redo);
    return 0;
}
