/* xiangqi, the terminal player: shared declarations. */
#ifndef XQ_PLAY_H
#define XQ_PLAY_H

#include <stddef.h>
#include <stdio.h>

#include <xiangqi/xiangqi.h>

/* How the board is drawn. */
typedef struct view_opts {
    int ascii; /* letters and ASCII lines instead of CJK glyphs and box drawing */
    int color; /* ANSI colours */
    int flip;  /* Black at the bottom */
} view_opts;

void view_board(FILE *out, const xq_board *b, const view_opts *o);

/* Line input on a file descriptor that can also be polled, so the player can
 * wait for the engine and the keyboard at the same time. */
typedef struct input {
    int fd;
    int eof;
    size_t len;
    char buf[4096];
} input_t;

void input_init(input_t *in, int fd);
/* Whether a complete line (or EOF) is available within ms milliseconds. */
int input_ready(input_t *in, int ms);
/* Read one line without its newline; returns 0 at end of input. Blocks. */
int input_line(input_t *in, char *line, size_t cap);

#endif
