/* SPDX-License-Identifier: MIT */
/* xiangqi, the terminal player: shared declarations. */
#ifndef XQ_PLAY_H
#define XQ_PLAY_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include <xiangqi/xiangqi.h>

/* How the board is drawn. */
typedef struct view_opts {
    int ascii; /* letters and ASCII lines instead of CJK glyphs and box drawing */
    int color; /* ANSI colours */
    int flip;  /* Black at the bottom */
    int compact; /* two columns a point, no lines between the ranks: for narrow terminals */
} view_opts;

/* Terminal columns the full board needs; narrower terminals get the compact one. */
#define VIEW_FULL_COLUMNS 40

void view_board(FILE *out, const xq_board *b, const view_opts *o);

/* Line input on a file descriptor that can also be polled, so the player can
 * wait for the engine and the keyboard at the same time. */
typedef struct input {
    int fd;
    int eof;
    int intr; /* a read was interrupted by a signal */
    size_t len;
    size_t cap;   /* the size of buf */
    char *buf;    /* own (store) or the caller's (input_init_buffer) */
    char store[4096];
} input_t;

void input_init(input_t *in, int fd);
/* The same with the caller's buffer of cap bytes (longer lines, e.g. a server's). */
void input_init_buffer(input_t *in, int fd, char *buf, size_t cap);
/* Whether a complete line (or the end of the input) is buffered. */
int input_line_ready(const input_t *in);
/* Wait up to ms milliseconds on two inputs at once (in may be NULL): returns
 * INPUT_LINE when in has a line (or its end) ready, INPUT_OTHER when other
 * has, both or 0. Reads what arrives, consumes no line. */
enum { INPUT_LINE = 1, INPUT_OTHER = 2 };
int input_wait(input_t *in, input_t *other, int ms);
/* Whether a complete line (or EOF) is available within ms milliseconds. */
int input_ready(input_t *in, int ms);
/* Wait up to ms milliseconds for the end of the input, reading what arrives
 * into the buffer but consuming no line. Returns 1 when the input has ended
 * and no line is left to read, 0 otherwise (also when lines are pending: then
 * it only sleeps). */
int input_wait_eof(input_t *in, int ms);
/* Read one line without its newline; returns 0 at end of input (or when a
 * signal interrupted the wait). Blocks. */
int input_line(input_t *in, char *line, size_t cap);
/* Split a typed line: blanks trimmed (the end in place), the first word
 * lower-cased into word[cap] (cut to fit), *arg the rest after blanks, *wlen
 * the first word's length in the line (>= cap: it was cut). Returns the
 * trimmed line, or NULL for a blank line or a '#' comment. */
char *input_split_command(char *line, char *word, size_t cap, const char **arg, size_t *wlen);

/* ---- the engine, thinking in the background (think.c) ---- */

/* Engine settings and state. */
typedef struct engine {
    xq_search *search;
    int threads;
    int hash_mb;
    int level;         /* skill 0..XQ_SKILL_MAX */
    double seconds;    /* time per move; 0 = no time limit */
    int depth;         /* 0 = no limit */
    long long nodes;   /* 0 = no limit */
    unsigned long long seed;
    int notation;      /* XQ_NOTATION_* for moves shown */
    int live;          /* show a status line updated in place (standard output is a terminal) */
    int thinking;      /* print each progress report as a plain line */
    int keyboard;      /* standard input is a terminal: Enter stops the search */
    int width;         /* terminal columns for the status line */
    int book_search;   /* the search may answer from the book set on it (by weight, with
                          the seed: the weaker levels); 0 = search only */
} engine_t;

/* How a search ended. */
enum {
    THINK_DONE = 0, /* reached its limits, or Enter/stop: the result is valid */
    THINK_QUIT = 1, /* quit, end of input or a signal: the result is not used */
    THINK_PAUSE = 2 /* 'pause' typed: the result is not used */
};

/* Search the position with the engine's limits (full strength when
 * full_strength is set, for hints), banning the moves in ban[0..nban).
 * Waits on the keyboard at the same time; see main.c for the keys. */
int think(engine_t *e, const xq_board *board, const xq_move *ban, int nban, int full_strength,
          input_t *in, volatile sig_atomic_t *interrupted, xq_search_result *res);

/* A score of the side to move `side` as text from Red's point of view,
 * whoever is to move: "+0.35" (Red is better), "-1.20" (Black is better),
 * "#3" (Red mates in 3), "#-2" (Black mates in 2). The texts that show it
 * say "score (Red)". */
void score_text(int kind, int score, int side, char *buf, size_t cap);
/* Up to max moves of a line from board in a notation, separated by spaces. */
void line_text(const xq_board *board, const xq_move *pv, int n, int max, int notation, char *buf,
               size_t cap);

/* ---- network play (remote.c): xiangqi --connect HOST:PORT ---- */

typedef struct remote_opts {
    const char *connect;  /* HOST:PORT */
    const char *user;     /* NULL: a guest */
    int register_user;    /* register the user instead of logging in */
    int notation;         /* XQ_NOTATION_* for moves shown */
    int echo;             /* echo the lines read (standard input is not a terminal) */
    int reconnect_s;      /* after a lost connection, try to come back this long; 0 = leave */
    view_opts view;
} remote_opts;

/* Play on an xq-server until quit or the end of the input; the exit status. */
int remote_main(const remote_opts *o, volatile sig_atomic_t *interrupted);

#endif
