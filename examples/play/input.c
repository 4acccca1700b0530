/* SPDX-License-Identifier: MIT */
/* Line input over read(2) and poll(2): stdio's buffer would hide pending
 * lines from poll(). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "play.h"

void input_init_buffer(input_t *in, int fd, char *buf, size_t cap)
{
    in->fd = fd;
    in->eof = 0;
    in->intr = 0;
    in->len = 0;
    in->buf = buf;
    in->cap = cap;
}

void input_init(input_t *in, int fd)
{
    input_init_buffer(in, fd, in->store, sizeof in->store);
}

/* A complete line is buffered; a line longer than the buffer is cut into pieces. */
static int have_line(const input_t *in)
{
    return in->len == in->cap || memchr(in->buf, '\n', in->len) != NULL;
}

/* Read what is available into the buffer (one read call). */
static void fill(input_t *in)
{
    ssize_t n = read(in->fd, in->buf + in->len, in->cap - in->len);
    if (n < 0 && errno == EINTR) {
        in->intr = 1; /* a signal (Ctrl-C): let the caller look at it */
        return;
    }
    if (n <= 0)
        in->eof = 1;
    else
        in->len += (size_t)n;
}

int input_ready(input_t *in, int ms)
{
    if (have_line(in) || in->eof)
        return 1;
    struct pollfd p = {in->fd, POLLIN, 0};
    int r = poll(&p, 1, ms);
    if (r > 0) {
        fill(in);
        return have_line(in) || in->eof;
    }
    return 0;
}

int input_line_ready(const input_t *in)
{
    return have_line(in) || (in->eof && in->len > 0) || in->eof;
}

int input_wait(input_t *in, input_t *other, int ms)
{
    int ready = (in && input_line_ready(in) ? INPUT_LINE : 0) |
                (other && input_line_ready(other) ? INPUT_OTHER : 0);
    if (ready)
        return ready;
    struct pollfd p[2];
    nfds_t n = 0;
    int at_in = -1, at_other = -1;
    if (in)
        p[at_in = (int)n++] = (struct pollfd){in->fd, POLLIN, 0};
    if (other)
        p[at_other = (int)n++] = (struct pollfd){other->fd, POLLIN, 0};
    if (poll(p, n, ms) <= 0)
        return 0;
    if (at_in >= 0 && p[at_in].revents)
        fill(in);
    if (at_other >= 0 && p[at_other].revents)
        fill(other);
    return (in && input_line_ready(in) ? INPUT_LINE : 0) |
           (other && input_line_ready(other) ? INPUT_OTHER : 0);
}

int input_wait_eof(input_t *in, int ms)
{
    if (have_line(in) || (in->eof && in->len > 0)) {
        poll(NULL, 0, ms); /* lines are waiting: only sleep */
        return 0;
    }
    if (!in->eof) {
        struct pollfd p = {in->fd, POLLIN, 0};
        if (poll(&p, 1, ms) > 0)
            fill(in);
    }
    return in->eof && in->len == 0;
}

int input_line(input_t *in, char *line, size_t cap)
{
    in->intr = 0;
    while (!have_line(in) && !in->eof && !in->intr)
        fill(in);
    if (in->len == 0 || (in->intr && !have_line(in) && !in->eof))
        return 0;
    char *nl = memchr(in->buf, '\n', in->len);
    size_t n = nl ? (size_t)(nl - in->buf) : in->len; /* last line without a newline */
    size_t k = n < cap - 1 ? n : cap - 1;
    memcpy(line, in->buf, k);
    line[k] = 0;
    if (k > 0 && line[k - 1] == '\r')
        line[k - 1] = 0;
    size_t used = nl ? n + 1 : n;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    return 1;
}

char *input_split_command(char *line, char *word, size_t cap, const char **arg, size_t *wlen)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t n = strlen(line);
    while (n && isspace((unsigned char)line[n - 1]))
        line[--n] = 0;
    if (!*line || *line == '#')
        return NULL;
    size_t w = strcspn(line, " \t");
    size_t k = w < cap ? w : cap - 1;
    for (size_t i = 0; i < k; i++)
        word[i] = (char)tolower((unsigned char)line[i]);
    word[k] = 0;
    const char *a = line + w;
    while (isspace((unsigned char)*a))
        a++;
    *arg = a;
    *wlen = w;
    return line;
}
