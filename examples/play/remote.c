/* SPDX-License-Identifier: MIT */
/* xiangqi --connect HOST:PORT: play on an xq-server (docs/protocol.md).
 *
 * The client speaks the line protocol over plain TCP: it writes commands as
 * words ("move 7 h2e2") and reads the server's lines "TYPE {json}", decoded
 * with jansson. The server is the referee (it checks every move and owns the
 * clocks); the client keeps a board of each game it shows, from the start
 * position and the moves, to draw it and write moves in the chosen notation.
 *
 * One loop waits on the keyboard and the socket at once (input_wait()): a
 * line typed is sent at once, a message that arrives is shown at once, and
 * neither waits for the other. Writes are small lines on a blocking socket.
 *
 * A lost connection (a server restart, a network cut, a server that stops
 * answering pings) does not end the program once it has logged in: it keeps
 * the board, the moves and the clocks, says so, and connects again with
 * back-off (0.5 s doubling to 8 s, with jitter) for --reconnect-timeout
 * seconds, then resumes its session with the token (`resume`) and takes the
 * game's state from the server again. The keyboard stays live meanwhile:
 * `quit` leaves, commands that need the server say that it is not there. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "play.h"

#define NET_LINE_MAX 65536 /* a server line: a game state with its move lists */
#define KEY_LINE_MAX 4096  /* a typed line (the keyboard's input buffer) */

#define RECONNECT_FIRST_MS 500   /* the first attempt after a loss ... */
#define RECONNECT_CAP_MS 8000    /* ... doubling up to this, each +-20 % at random */
#define CONNECT_TIMEOUT_MS 10000 /* one connect() to one address */
#define KEEPALIVE_MS 30000       /* a ping after this long without a line from the server */
#define ANSWER_TIMEOUT_MS 30000  /* no pong, welcome or session this long: the connection is dead */
#define DRAIN_TIMEOUT_MS 10000   /* the input ended: wait this long for the last pong */

/* Where the connection stands. */
enum { NET_DOWN, NET_HELLO, NET_AUTH, NET_READY };

typedef struct remote {
    const remote_opts *o;
    volatile sig_atomic_t *interrupted;
    int sock;           /* -1 while the connection is down */
    int phase;          /* NET_* */
    long long phase_at; /* when the phase began (ms, monotonic) */
    input_t *in;        /* the keyboard */
    input_t *net;       /* the server's lines */
    char *netbuf;       /* net's buffer */
    int keyboard_open;
    int quit;           /* 1: leave (status 0), 2: leave with status 1 */
    int draining;       /* the keyboard input ended: leave at the server's pong */
    char name[64];      /* logged in as */
    char token[80];     /* the session's token, for `resume` */
    char password[256]; /* given at start-up (XQ_PASSWORD or the terminal): to log in again */
    int have_password;
    int logged_in;      /* a session was had: a lost connection is reconnected */
    int resuming;       /* `resume` sent, its answer not in */
    /* reconnection */
    int attempt;        /* the attempt being waited for (1, 2, ...) */
    long long down_at;  /* when the connection was lost */
    long long next_at;  /* when the next attempt starts */
    unsigned long long rng;
    /* pings: a keep-alive, the end of the game states after a resume, the end of the input */
    unsigned pings, pongs, resync_ping, drain_ping;
    long long ping_at, last_rx;
    int resync;         /* back after a loss: waiting for the game states up to resync_ping */
    int resync_seen;    /* the game shown came back in them */
    long long ended_check; /* a game asked for with `pgn` because it ended while away */
    long long game;     /* the game shown, 0 = none */
    int you;            /* our side in it: XQ_RED, XQ_BLACK, or -1 (watching) */
    int over;           /* the game shown has ended */
    xq_board *board;    /* its position, with the moves as history */
    char red[64], black[64];
    long long clock_ms[2]; /* at clock_at */
    int clock_runs;        /* the side whose clock runs, or -1 */
    struct timespec clock_at;
    char kline[KEY_LINE_MAX + 1]; /* a typed line */
} remote_t;

static void handle(remote_t *r, char *line);

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
}

static const char *const side_name[2] = {"Red", "Black"};

/* ---- the connection ---- */

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void connection_lost(remote_t *r, const char *why, long long min_wait_ms);

static int send_line(remote_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int send_line(remote_t *r, const char *fmt, ...)
{
    char buf[NET_LINE_MAX];
    if (r->sock < 0)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf - 1) {
        out("Too long to send.");
        return -1;
    }
    for (char *p = buf; *p; p++) /* one line: a typed text cannot start another message */
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    buf[n++] = '\n';
    for (int done = 0; done < n;) {
        ssize_t k = send(r->sock, buf + done, (size_t)(n - done), MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            connection_lost(r, k < 0 ? strerror(errno) : "nothing sent", 0);
            return -1;
        }
        done += (int)k;
    }
    return 0;
}

static void send_ping(remote_t *r)
{
    if (send_line(r, "ping") == 0) {
        if (r->pings == r->pongs)
            r->ping_at = now_ms(); /* the oldest ping not answered */
        r->pings++;
    }
}

/* HOST:PORT, [HOST]:PORT for IPv6 addresses. */
static int split_address(const char *where, char *host, size_t hcap, const char **port, char *why,
                         size_t cap)
{
    if (where[0] == '[') {
        const char *end = strchr(where, ']');
        if (!end || end[1] != ':' || (size_t)(end - where) >= hcap) {
            snprintf(why, cap, "'%s' is not HOST:PORT", where);
            return -1;
        }
        snprintf(host, hcap, "%.*s", (int)(end - where - 1), where + 1);
        *port = end + 2;
    } else {
        const char *colon = strrchr(where, ':');
        if (!colon || colon == where || (size_t)(colon - where) >= hcap) {
            snprintf(why, cap, "'%s' is not HOST:PORT", where);
            return -1;
        }
        snprintf(host, hcap, "%.*s", (int)(colon - where), where);
        *port = colon + 1;
    }
    return 0;
}

static void keyboard_line(remote_t *r);

/* Wait for a non-blocking connect() on fd, CONNECT_TIMEOUT_MS at most; with
 * `keyboard`, the lines typed meanwhile are handled (`quit` stops it).
 * Returns 0 when connected, an errno value when not, -1 when the user left. */
static int wait_connect(remote_t *r, int fd, int keyboard)
{
    const long long until = now_ms() + CONNECT_TIMEOUT_MS;
    for (;;) {
        if (r->quit || *r->interrupted)
            return -1;
        const int kb = keyboard && r->keyboard_open;
        if (kb && input_line_ready(r->in)) {
            keyboard_line(r);
            continue;
        }
        long long left = until - now_ms();
        if (left <= 0)
            return ETIMEDOUT;
        struct pollfd p[2] = {{fd, POLLOUT, 0}, {kb ? r->in->fd : -1, POLLIN, 0}};
        int n = poll(p, kb ? 2 : 1, left > 1000 ? 1000 : (int)left);
        if (n < 0 && errno != EINTR)
            return errno;
        if (n <= 0)
            continue;
        if (kb && p[1].revents)
            input_wait(r->in, NULL, 0); /* reads what was typed; handled above */
        if (p[0].revents) {
            int err = 0;
            socklen_t len = sizeof err;
            if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
                err = errno;
            return err;
        }
    }
}

/* Connect to HOST:PORT (each of its addresses in turn). Returns the socket
 * (blocking), or -1 with the reason in why, or -2 when the user left. */
static int dial(remote_t *r, const char *where, int keyboard, char *why, size_t cap)
{
    char host[256];
    const char *port;
    if (split_address(where, host, sizeof host, &port, why, cap) != 0)
        return -1;
    struct addrinfo hints, *res, *ai;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        snprintf(why, cap, "%s: %s", where, gai_strerror(rc));
        return -1;
    }
    int fd = -1, err = 0;
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0) {
            err = errno;
            continue;
        }
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
            err = errno;
        } else if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
            err = 0;
        } else if (errno == EINPROGRESS || errno == EINTR) {
            err = wait_connect(r, fd, keyboard);
        } else {
            err = errno;
        }
        if (err == 0 && fcntl(fd, F_SETFL, flags) == 0)
            break;
        close(fd);
        fd = -1;
        if (err < 0) {
            freeaddrinfo(res);
            return -2;
        }
        if (err == 0)
            err = errno;
    }
    freeaddrinfo(res);
    if (fd < 0)
        snprintf(why, cap, "cannot connect to %s: %s", where, strerror(err));
    return fd;
}

/* A new connection: say hello; the welcome logs in (or resumes). */
static void connected(remote_t *r, int fd)
{
    r->sock = fd;
    input_init_buffer(r->net, fd, r->netbuf, NET_LINE_MAX);
    r->phase = NET_HELLO;
    r->phase_at = r->last_rx = now_ms();
    r->pings = r->pongs = 0;
    r->resync = r->resuming = 0;
    send_line(r, "hello 1 xiangqi %s", xq_version_string());
}

/* The delay before attempt r->attempt: 0.5 s doubling to 8 s, +-20 %. */
static long long backoff_ms(remote_t *r)
{
    int n = r->attempt < 1 ? 0 : r->attempt > 6 ? 5 : r->attempt - 1;
    long long base = (long long)RECONNECT_FIRST_MS << n;
    if (base > RECONNECT_CAP_MS)
        base = RECONNECT_CAP_MS;
    r->rng ^= r->rng << 13; /* xorshift64 */
    r->rng ^= r->rng >> 7;
    r->rng ^= r->rng << 17;
    return base * (80 + (long long)(r->rng % 41)) / 100;
}

/* Plan the next attempt, at least min_wait_ms from now, never after the
 * deadline; returns the wait. */
static long long plan_attempt(remote_t *r, long long min_wait_ms)
{
    long long now = now_ms(), deadline = r->down_at + (long long)r->o->reconnect_s * 1000;
    r->attempt++;
    long long wait = backoff_ms(r);
    if (wait < min_wait_ms)
        wait = min_wait_ms;
    if (now + wait > deadline)
        wait = deadline > now ? deadline - now : 0;
    r->next_at = now + wait;
    return wait;
}

/* The connection is gone (or given up: min_wait_ms > 0 waits at least that
 * long before the next attempt). Once logged in, reconnect; before, leave. */
static void connection_lost(remote_t *r, const char *why, long long min_wait_ms)
{
    if (r->sock < 0)
        return;
    close(r->sock);
    r->sock = -1;
    const int was = r->phase;
    r->phase = NET_DOWN;
    r->resync = r->resuming = 0;
    if (!r->logged_in) {
        out("The connection to the server is lost before the login (%s).", why);
        r->quit = 2;
        return;
    }
    if (r->o->reconnect_s <= 0 || r->draining) {
        out("The connection to the server is lost (%s).", why);
        r->quit = 2;
        return;
    }
    if (was != NET_READY) { /* lost again before the session was back: one more failed attempt */
        if (now_ms() >= r->down_at + (long long)r->o->reconnect_s * 1000) {
            out("No connection to the server for %d s (%s): giving up.", r->o->reconnect_s, why);
            r->quit = 2;
            return;
        }
        int failed = r->attempt;
        long long wait = plan_attempt(r, min_wait_ms);
        out("Reconnecting: attempt %d failed (%s); attempt %d in %.1f s.", failed, why, r->attempt,
            (double)wait / 1000);
        return;
    }
    r->down_at = now_ms();
    r->attempt = 0;
    long long wait = plan_attempt(r, min_wait_ms);
    out("Connection to the server lost (%s). Reconnecting: attempt %d in %.1f s ('quit' leaves).",
        why, r->attempt, (double)wait / 1000);
}

/* Time for the next attempt: connect, or plan the one after. */
static void reconnect(remote_t *r)
{
    char why[512];
    int fd = dial(r, r->o->connect, 1, why, sizeof why);
    if (fd == -2 || r->quit || *r->interrupted) {
        if (fd >= 0)
            close(fd);
        return;
    }
    if (fd < 0) {
        if (now_ms() >= r->down_at + (long long)r->o->reconnect_s * 1000) {
            out("No connection to the server for %d s (%s): giving up.", r->o->reconnect_s, why);
            r->quit = 2;
            return;
        }
        const char *colon = strstr(why, ": "); /* "cannot connect to WHERE: REASON" */
        const char *reason = colon ? colon + 2 : why;
        int failed = r->attempt;
        long long wait = plan_attempt(r, 0);
        out("Reconnecting: attempt %d failed (%s); attempt %d in %.1f s.", failed, reason,
            r->attempt, (double)wait / 1000);
        return;
    }
    out("Reconnected (attempt %d, %.1f s after the loss); resuming the session.", r->attempt,
        (double)(now_ms() - r->down_at) / 1000);
    connected(r, fd);
}

/* What a command that needs the server hears while it is not there. */
static int offline(remote_t *r)
{
    if (r->phase == NET_READY)
        return 0;
    if (r->phase == NET_DOWN) {
        long long left = r->next_at - now_ms();
        out("Not connected: reconnecting (attempt %d in %.1f s). Type 'quit' to leave.", r->attempt,
            left > 0 ? (double)left / 1000 : 0.0);
    } else {
        out("Not connected yet: resuming the session. Try again in a moment.");
    }
    return 1;
}

/* The password: XQ_PASSWORD, or read from the terminal without echo. */
static int read_password(const remote_opts *o, char *buf, size_t cap)
{
    const char *env = getenv("XQ_PASSWORD");
    if (env) {
        snprintf(buf, cap, "%s", env);
        return 0;
    }
    FILE *tty = fopen("/dev/tty", "r+");
    if (!tty)
        return -1;
    struct termios old, quiet;
    int fd = fileno(tty), hidden = tcgetattr(fd, &old) == 0;
    if (hidden) {
        quiet = old;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        quiet.c_lflag |= ECHONL;
        hidden = tcsetattr(fd, TCSAFLUSH, &quiet) == 0;
    }
    fprintf(tty, "Password for %s: ", o->user);
    fflush(tty);
    int ok = fgets(buf, (int)cap, tty) != NULL;
    if (hidden)
        tcsetattr(fd, TCSAFLUSH, &old);
    fclose(tty);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\r\n")] = 0;
    return 0;
}

/* ---- what is shown ---- */

static long long elapsed_ms(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - since->tv_sec) * 1000 + (now.tv_nsec - since->tv_nsec) / 1000000;
}

static void clock_text(long long ms, char *buf, size_t cap)
{
    if (ms < 0)
        ms = 0;
    long long s = (ms + 999) / 1000; /* a clock shows 0:00 only when the time is up */
    if (s >= 3600)
        snprintf(buf, cap, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, cap, "%lld:%02lld", s / 60, s % 60);
}

/* "Red alice 4:58 | Black bob 5:00 (Red to move)", counted down locally. */
static void show_clocks(remote_t *r)
{
    long long left[2] = {r->clock_ms[0], r->clock_ms[1]};
    if (r->clock_runs >= 0)
        left[r->clock_runs] -= elapsed_ms(&r->clock_at);
    char t[2][32];
    clock_text(left[0], t[0], sizeof t[0]);
    clock_text(left[1], t[1], sizeof t[1]);
    out("Clocks: Red %s %s | Black %s %s%s%s%s", r->red, t[0], r->black, t[1],
        r->clock_runs >= 0 ? " (" : "", r->clock_runs >= 0 ? side_name[r->clock_runs] : "",
        r->clock_runs >= 0 ? "'s clock runs)" : "");
}

static void read_clock(remote_t *r, json_t *clock)
{
    if (!json_is_object(clock))
        return;
    json_t *red = json_object_get(clock, "red"), *black = json_object_get(clock, "black");
    const char *runs = json_string_value(json_object_get(clock, "running"));
    if (json_is_integer(red))
        r->clock_ms[XQ_RED] = json_integer_value(red);
    if (json_is_integer(black))
        r->clock_ms[XQ_BLACK] = json_integer_value(black);
    r->clock_runs = !runs ? -1 : !strcmp(runs, "red") ? XQ_RED : !strcmp(runs, "black") ? XQ_BLACK : -1;
    clock_gettime(CLOCK_MONOTONIC, &r->clock_at);
}

static void move_text(const remote_t *r, const xq_board *b, xq_move m, char *buf, size_t cap)
{
    if (xq_board_move_to_text(b, m, r->o->notation, 0, buf, cap) < 0 && xq_move_format(m, buf, cap) < 0)
        snprintf(buf, cap, "?");
}

static void show_board(remote_t *r)
{
    if (!r->board) {
        out("No game. 'seek', 'accept OFFER', 'engine LEVEL' or 'watch GAME' starts one.");
        return;
    }
    view_opts v = r->o->view;
    v.flip ^= r->you == XQ_BLACK;
    fputc('\n', stdout);
    view_board(stdout, r->board, &v);
    int n = xq_board_history_size(r->board);
    if (n > 0) {
        xq_move last;
        xq_board *before;
        xq_board_history_move(r->board, n - 1, &last, NULL);
        if (xq_board_clone(&before, r->board) == XQ_OK) {
            char text[XQ_MOVE_TEXT_MAX];
            xq_board_unmake_move(before, NULL);
            move_text(r, before, last, text, sizeof text);
            out("Last move: %d. %s%s", (xq_board_ply(r->board) + 1) / 2,
                xq_board_side_to_move(r->board) == XQ_RED ? "... " : "", text);
            xq_board_free(before);
        }
    }
    show_clocks(r);
    if (!r->over) {
        int stm = xq_board_side_to_move(r->board);
        out("Game %lld: %s to move%s%s.", r->game, side_name[stm],
            xq_board_in_check(r->board) == 1 ? ", in check" : "",
            r->you < 0 ? " (watching)" : r->you == stm ? ": your move" : "");
    }
}

static const char *player_name(json_t *p, char *buf, size_t cap)
{
    const char *name = json_string_value(json_object_get(p, "name"));
    json_t *engine = json_object_get(p, "engine");
    if (json_is_integer(engine))
        snprintf(buf, cap, "engine (level %lld)", (long long)json_integer_value(engine));
    else
        snprintf(buf, cap, "%s", name ? name : "?");
    return buf;
}

/* A whole game state (`game`): the board from the start and the moves. */
static void on_game(remote_t *r, json_t *m)
{
    json_t *id = json_object_get(m, "game"), *moves = json_object_get(m, "moves");
    const char *start = json_string_value(json_object_get(m, "start"));
    if (!json_is_integer(id) || !start || !json_is_array(moves)) {
        out("Server: a game message without its game.");
        return;
    }
    xq_board *b;
    if (xq_board_new(&b, start, NULL) != XQ_OK) {
        out("Server: a game with a bad start position.");
        return;
    }
    size_t i;
    json_t *mv;
    json_array_foreach(moves, i, mv) {
        xq_move x;
        const char *t = json_string_value(mv);
        if (!t || xq_move_parse(t, &x) != XQ_OK || xq_board_make_move(b, x) != XQ_OK) {
            out("Server: a game with a bad move list.");
            xq_board_free(b);
            return;
        }
    }
    const int fresh = r->game != json_integer_value(id);
    if (r->resync && fresh && r->game && !r->over) {
        /* back after a loss: the game shown stays shown */
        out("Game %lld goes on as well.", (long long)json_integer_value(id));
        xq_board_free(b);
        return;
    }
    if (r->resync && !fresh)
        r->resync_seen = 1;
    /* a finished game (`state`/`watch` of it) comes as stored, with its end */
    const int finished = json_is_true(json_object_get(m, "finished"));
    const int ended_meanwhile = finished && r->resync && !fresh && !r->over;
    xq_board_free(r->board);
    r->board = b;
    r->game = json_integer_value(id);
    r->over = finished;
    const char *you = json_string_value(json_object_get(m, "you"));
    r->you = !you ? -1 : !strcmp(you, "red") ? XQ_RED : XQ_BLACK;
    player_name(json_object_get(m, "red"), r->red, sizeof r->red);
    player_name(json_object_get(m, "black"), r->black, sizeof r->black);
    read_clock(r, json_object_get(m, "clock"));
    if (finished)
        r->clock_runs = -1;
    if (fresh) {
        json_t *base = json_object_get(m, "base"), *inc = json_object_get(m, "inc");
        const char *rules = json_string_value(json_object_get(m, "rules"));
        out("Game %lld: %s (Red) - %s (Black), %lld+%lld, rules %s%s.", r->game, r->red, r->black,
            (long long)json_integer_value(base), (long long)json_integer_value(inc),
            rules ? rules : "axf",
            finished ? "; finished" : r->you < 0 ? "; you watch" : r->you == XQ_RED ? "; you play Red" : "; you play Black");
    }
    show_board(r);
    if (finished) {
        const char *result = json_string_value(json_object_get(m, "result"));
        const char *reason = json_string_value(json_object_get(m, "reason"));
        out("%s (game %lld): %s, %s.", ended_meanwhile ? "It ended while the connection was down" : "Game over",
            r->game, result ? result : "*", reason ? reason : "?");
    }
}

static void on_move(remote_t *r, json_t *m)
{
    json_t *id = json_object_get(m, "game"), *ply = json_object_get(m, "ply");
    const char *mv = json_string_value(json_object_get(m, "move"));
    if (!r->board || !json_is_integer(id) || json_integer_value(id) != r->game)
        return; /* not the game shown */
    xq_move x;
    if (!mv || !json_is_integer(ply) || xq_move_parse(mv, &x) != XQ_OK ||
        json_integer_value(ply) != xq_board_history_size(r->board) + 1 ||
        xq_board_make_move(r->board, x) != XQ_OK) {
        send_line(r, "state %lld", r->game); /* out of step: ask for the whole state */
        return;
    }
    read_clock(r, json_object_get(m, "clock"));
    show_board(r);
}

static void on_end(remote_t *r, json_t *m)
{
    json_t *id = json_object_get(m, "game");
    const char *result = json_string_value(json_object_get(m, "result"));
    const char *text = json_string_value(json_object_get(m, "text"));
    const char *reason = json_string_value(json_object_get(m, "reason"));
    if (json_is_integer(id) && json_integer_value(id) == r->game) {
        r->over = 1;
        r->clock_runs = -1;
        read_clock(r, json_object_get(m, "clock"));
        r->clock_runs = -1;
    }
    /* the server's sentence, unless it only repeats the result and the reason */
    if (text && result && !strncmp(text, result, strlen(result)))
        text = NULL;
    out("Game over (game %lld): %s, %s%s%s.", (long long)json_integer_value(id),
        result ? result : "*", reason ? reason : "?", text ? ": " : "", text ? text : "");
}

static void on_offer(remote_t *r, json_t *m)
{
    const char *kind = json_string_value(json_object_get(m, "kind"));
    const char *by = json_string_value(json_object_get(m, "by"));
    const char *state = json_string_value(json_object_get(m, "state"));
    if (!kind || !by || !state)
        return;
    int side = !strcmp(by, "red") ? XQ_RED : XQ_BLACK;
    const char *who = side == r->you ? "You" : side_name[side];
    const char *what = !strcmp(kind, "draw") ? "a draw" : "a take-back";
    if (!strcmp(state, "offered")) {
        out("%s %s %s.%s", who,
            !strcmp(kind, "draw") ? (side == r->you ? "offer" : "offers")
                                  : (side == r->you ? "ask for" : "asks for"),
            what,
            side == r->you || r->you < 0 ? ""
            : !strcmp(kind, "draw") ? " Type 'draw' to accept, 'draw decline' to refuse."
                                    : " Type 'takeback' to accept, 'takeback decline' to refuse.");
    } else {
        out("%s declined %s.", who, what);
    }
}

static void show_offer(json_t *o, int event)
{
    const long long id = (long long)json_integer_value(json_object_get(o, "offer"));
    char hint[48] = "";
    if (event)
        snprintf(hint, sizeof hint, " Type 'accept %lld' to play it.", id);
    const char *kind = json_string_value(json_object_get(o, "kind"));
    const char *from = json_string_value(json_object_get(o, "from"));
    const char *to = json_string_value(json_object_get(o, "to"));
    const char *rules = json_string_value(json_object_get(o, "rules"));
    const char *color = json_string_value(json_object_get(o, "color"));
    out("%s %lld by %s (%.0f)%s%s: %lld+%lld, %s, %s, %s plays %s.%s",
        kind && !strcmp(kind, "challenge") ? "Challenge" : "Seek", id, from ? from : "?",
        json_number_value(json_object_get(o, "rating")), to ? " to " : "", to ? to : "",
        (long long)json_integer_value(json_object_get(o, "base")),
        (long long)json_integer_value(json_object_get(o, "inc")), rules ? rules : "axf",
        json_is_true(json_object_get(o, "rated")) ? "rated" : "casual", from ? from : "?",
        color ? color : "random", hint);
}

static void show_games(json_t *games)
{
    size_t i;
    json_t *g;
    if (!json_is_array(games) || json_array_size(games) == 0) {
        out("No live games.");
        return;
    }
    json_array_foreach(games, i, g) {
        const char *red = json_string_value(json_object_get(g, "red"));
        const char *black = json_string_value(json_object_get(g, "black"));
        const char *result = json_string_value(json_object_get(g, "result"));
        char rbuf[64], bbuf[64];
        if (!red)
            red = player_name(json_object_get(g, "red"), rbuf, sizeof rbuf);
        if (!black)
            black = player_name(json_object_get(g, "black"), bbuf, sizeof bbuf);
        if (result)
            out("  game %lld: %s - %s, %s", (long long)json_integer_value(json_object_get(g, "game")),
                red, black, result);
        else
            out("  game %lld: %s - %s, %lld+%lld, %lld plies ('watch %lld')",
                (long long)json_integer_value(json_object_get(g, "game")), red, black,
                (long long)json_integer_value(json_object_get(g, "base")),
                (long long)json_integer_value(json_object_get(g, "inc")),
                (long long)json_integer_value(json_object_get(g, "ply")),
                (long long)json_integer_value(json_object_get(g, "game")));
    }
}

/* ---- logging in, and coming back ---- */

/* login or register NAME with the password given at start-up. */
static void send_login(remote_t *r, const char *verb)
{
    if (strchr(r->password, ' ') || !*r->password) {
        /* the line form cannot carry blanks: send JSON */
        json_t *req = json_pack("{ssss}", "name", r->o->user, "password", r->password);
        char *txt = req ? json_dumps(req, JSON_COMPACT) : NULL;
        if (txt)
            send_line(r, "%s %s", verb, txt);
        free(txt);
        json_decref(req);
    } else {
        send_line(r, "%s %s %s", verb, r->o->user, r->password);
    }
}

static void on_welcome(remote_t *r, json_t *m)
{
    r->phase = NET_AUTH;
    r->phase_at = now_ms();
    if (r->logged_in) { /* back after a loss: the same session */
        if (*r->token) {
            r->resuming = 1;
            send_line(r, "resume %s", r->token);
        } else if (r->have_password) {
            send_login(r, "login");
        } else {
            out("No session to resume (the server gave no token).");
            r->quit = 2;
        }
        return;
    }
    const char *server = json_string_value(json_object_get(m, "server"));
    out("Connected to %s.", server ? server : "the server");
    if (!r->o->user) {
        send_line(r, "guest");
    } else if (read_password(r->o, r->password, sizeof r->password) != 0) {
        out("No password (set XQ_PASSWORD, or run on a terminal).");
        r->quit = 2;
    } else {
        r->have_password = 1;
        send_login(r, r->o->register_user ? "register" : "login");
    }
}

static void on_session(remote_t *r, json_t *m)
{
    const char *name = json_string_value(json_object_get(m, "name"));
    const char *token = json_string_value(json_object_get(m, "token"));
    if (token)
        snprintf(r->token, sizeof r->token, "%s", token);
    const int back = r->logged_in, resumed = r->resuming;
    snprintf(r->name, sizeof r->name, "%s", name ? name : "?");
    r->phase = NET_READY;
    r->logged_in = 1;
    r->resuming = 0;
    r->attempt = 0;
    if (!back) {
        out("Logged in as %s (rating %.0f). Type 'help' for the commands.", r->name,
            json_number_value(json_object_get(m, "rating")));
        send_line(r, "lobby");
        return;
    }
    out(resumed ? "Resumed the session as %s." : "Logged in again as %s.", r->name);
    /* the server sends the state of each game we play now; a game watched
     * is watched again; a ping marks the end of them (resynced()) */
    r->resync = 1;
    r->resync_seen = 0;
    if (r->game && !r->over && r->you < 0)
        send_line(r, "watch %lld", r->game);
    send_ping(r);
    r->resync_ping = r->pings;
    if (r->draining) {
        send_ping(r);
        r->drain_ping = r->pings;
    }
}

/* The game states after a resume are in: a game we played that is not among
 * them ended while the connection was down; its PGN says how. */
static void resynced(remote_t *r)
{
    r->resync = 0;
    if (r->game && !r->over && r->you >= 0 && !r->resync_seen) {
        r->ended_check = r->game;
        send_line(r, "pgn %lld", r->game);
    }
}

/* A PGN tag's value, "" when absent. */
static void pgn_tag(const char *pgn, const char *tag, char *buf, size_t cap)
{
    char key[40];
    snprintf(key, sizeof key, "[%s \"", tag);
    const char *p = pgn ? strstr(pgn, key) : NULL;
    buf[0] = 0;
    if (p) {
        p += strlen(key);
        size_t n = strcspn(p, "\"\n");
        snprintf(buf, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
    }
}

static void ended_while_away(remote_t *r, const char *pgn)
{
    char result[16], how[64];
    pgn_tag(pgn, "Result", result, sizeof result);
    pgn_tag(pgn, "Termination", how, sizeof how);
    out("Game %lld ended while the connection was down: %s%s%s.", r->ended_check,
        *result ? result : "*", *how ? ", " : "", how);
    if (r->ended_check == r->game) {
        r->over = 1;
        r->clock_runs = -1;
    }
    r->ended_check = 0;
}

static void on_error(remote_t *r, json_t *m)
{
    const char *code = json_string_value(json_object_get(m, "code"));
    const char *msg = json_string_value(json_object_get(m, "message"));
    if (!code)
        code = "?";
    if (r->phase == NET_READY || !r->logged_in) {
        if (r->ended_check && !strcmp(code, "no_such_game")) {
            /* the game asked for after a reconnect: a server with another database */
            out("Game %lld is not on this server any more.", r->ended_check);
            if (r->ended_check == r->game) {
                r->over = 1;
                r->clock_runs = -1;
            }
            r->ended_check = 0;
            return;
        }
        if (r->resync && r->you < 0 && r->game && !r->over && !strcmp(code, "game_over")) {
            /* the game watched again after a reconnect has ended */
            out("Game %lld ended while the connection was down.", r->game);
            r->over = 1;
            r->clock_runs = -1;
            return;
        }
        out("Server: %s (%s).", msg ? msg : "error", code);
        if (r->phase != NET_READY)
            r->quit = 2; /* the hello or the login was refused: nothing more to do */
        return;
    }
    /* back after a loss, the session was refused */
    if (!strcmp(code, "rate_limited")) {
        double after = json_number_value(json_object_get(m, "retry_after"));
        connection_lost(r, "the server refuses the session for now (rate_limited)",
                        (long long)(after * 1000) + 1);
    } else if (r->resuming && !strcmp(code, "bad_token") && r->have_password) {
        out("The server no longer knows this session (bad_token): logging in again as %s.",
            r->o->user);
        r->resuming = 0;
        send_login(r, "login");
    } else if (r->resuming && !strcmp(code, "bad_token")) {
        out("The server no longer knows this session (bad_token): a guest cannot come back to "
            "its games. Run xiangqi --connect again for a new session.");
        r->quit = 2;
    } else {
        out("Server: %s (%s): cannot log in again.", msg ? msg : "error", code);
        r->quit = 2;
    }
}

static void on_lobby(remote_t *r, json_t *m)
{
    (void)r;
    json_t *seeks = json_object_get(m, "seeks"), *s;
    size_t i;
    if (!json_is_array(seeks) || json_array_size(seeks) == 0)
        out("No open seeks ('seek' makes one).");
    else
        json_array_foreach(seeks, i, s) show_offer(s, 0);
    show_games(json_object_get(m, "games"));
}

/* A seek or a challenge: ours (open now) or someone's. */
static void on_seek(remote_t *r, json_t *m)
{
    const char *from = json_string_value(json_object_get(m, "from"));
    const char *type = json_string_value(json_object_get(m, "type"));
    if (from && !strcmp(from, r->name))
        out("Your %s %lld is open ('cancel %lld' takes it back).", type,
            (long long)json_integer_value(json_object_get(m, "offer")),
            (long long)json_integer_value(json_object_get(m, "offer")));
    else
        show_offer(m, 1);
}

static void on_offer_gone(remote_t *r, json_t *m)
{
    (void)r;
    const char *why = json_string_value(json_object_get(m, "reason"));
    out("Offer %lld is gone (%s).", (long long)json_integer_value(json_object_get(m, "offer")),
        why ? why : "?");
}

static void on_chat(remote_t *r, json_t *m)
{
    (void)r;
    json_t *to = json_object_get(m, "to");
    const char *from = json_string_value(json_object_get(m, "from"));
    const char *text = json_string_value(json_object_get(m, "text"));
    if (json_is_integer(to))
        out("[game %lld] %s: %s", (long long)json_integer_value(to), from ? from : "?",
            text ? text : "");
    else
        out("[lobby] %s: %s", from ? from : "?", text ? text : "");
}

static void on_games(remote_t *r, json_t *m)
{
    (void)r;
    show_games(json_object_get(m, "games"));
}

static void on_presence(remote_t *r, json_t *m)
{
    const char *color = json_string_value(json_object_get(m, "color"));
    int here = json_is_true(json_object_get(m, "present"));
    int side = color && !strcmp(color, "red") ? XQ_RED : XQ_BLACK;
    if (here && json_integer_value(json_object_get(m, "game")) == r->game && side == r->you)
        return; /* ourselves, back: said already */
    out("%s %s%s", color && !strcmp(color, "red") ? "Red" : "Black",
        here ? "is back." : "left; the game is lost if they stay away ",
        here ? "" : "past the grace period.");
}

static void on_pgn(remote_t *r, json_t *m)
{
    const char *pgn = json_string_value(json_object_get(m, "pgn"));
    if (r->ended_check && json_integer_value(json_object_get(m, "game")) == r->ended_check)
        ended_while_away(r, pgn);
    else
        out("%s", pgn ? pgn : "");
}

static void on_user(remote_t *r, json_t *m)
{
    (void)r;
    const char *name = json_string_value(json_object_get(m, "name"));
    out("%s: rating %.0f, %lld rated games, %s.", name ? name : "?",
        json_number_value(json_object_get(m, "rating")),
        (long long)json_integer_value(json_object_get(m, "games")),
        json_is_true(json_object_get(m, "online")) ? "online" : "offline");
}

static void on_pong(remote_t *r, json_t *m)
{
    (void)m;
    r->pongs++;
    if (r->pongs == r->pings)
        r->ping_at = 0;
    if (r->resync && r->pongs >= r->resync_ping)
        resynced(r);
    if (r->draining && r->pongs >= r->drain_ping)
        r->quit = 1;
}

/* The server's messages (docs/protocol.md) and what each does here; `ok`,
 * `game_over`, `game_started` (lobby news: our own games come as `game`) and
 * unknown types are not in it: nothing to show. */
static const struct {
    const char *type;
    void (*on)(remote_t *r, json_t *m);
} messages[] = {
    {"welcome", on_welcome}, {"session", on_session},       {"lobby", on_lobby},
    {"seek", on_seek},       {"challenge", on_seek},        {"offer_gone", on_offer_gone},
    {"game", on_game},       {"move", on_move},             {"end", on_end},
    {"offer", on_offer},     {"chat", on_chat},             {"games", on_games},
    {"presence", on_presence}, {"pgn", on_pgn},             {"user", on_user},
    {"error", on_error},     {"pong", on_pong},
};

/* One line from the server: "TYPE {json}". */
static void on_message(remote_t *r, const char *line)
{
    const char *sp = strchr(line, ' ');
    json_error_t jerr;
    json_t *m = sp ? json_loads(sp + 1, 0, &jerr) : NULL;
    if (!json_is_object(m)) {
        json_decref(m);
        if (*line) /* not a message: show its start (a hostile server gets no more) */
            out("Server: %.200s%s", line, strlen(line) > 200 ? "..." : "");
        return;
    }
    const char *type = json_string_value(json_object_get(m, "type"));
    for (size_t i = 0; type && i < sizeof messages / sizeof messages[0]; i++) {
        if (!strcmp(type, messages[i].type)) {
            messages[i].on(r, m);
            break;
        }
    }
    json_decref(m);
}

/* ---- what is typed ---- */

static int need_game(remote_t *r)
{
    if (!r->game) {
        out("No game: 'seek', 'accept OFFER', 'engine LEVEL' or 'watch GAME' first.");
        return 0;
    }
    return 1;
}

static void help(void)
{
    out("Moves: typed in any notation (h2e2, C2.5, 炮二平五) in the game shown.\n"
        "Commands:\n"
        "  seek [BASE INC RULES COLOR]   offer a game to anyone (default 300 0 axf random)\n"
        "  challenge NAME [BASE INC RULES COLOR]   offer a game to one user\n"
        "  engine [LEVEL BASE INC COLOR]   a game against the server's engine\n"
        "  accept N | decline N | cancel N   an offer (seek or challenge)\n"
        "  lobby                the open seeks and the live games\n"
        "  games                the live games\n"
        "  watch N | unwatch N  follow a game (and show it)\n"
        "  draw [decline]       offer a draw, accept the opponent's, or refuse it\n"
        "  takeback [decline]   ask to take back your last move, accept or refuse\n"
        "  resign | abort       give up the game; abort it before the second move\n"
        "  say TEXT             chat in the game shown (in the lobby when none)\n"
        "  shout TEXT           chat in the lobby\n"
        "  board | clock | pgn  the game shown, its clocks, its PGN\n"
        "  user NAME            a user's rating and games\n"
        "  quit                 leave (the server keeps your games for the grace period)");
}

/* ---- the commands: each gets the word typed (one of its names) and the
 * rest of the line ---- */

static void cmd_quit(remote_t *r, const char *word, const char *arg)
{
    (void)word, (void)arg;
    r->quit = 1;
}

static void cmd_help(remote_t *r, const char *word, const char *arg)
{
    (void)r, (void)word, (void)arg;
    help();
}

static void cmd_board(remote_t *r, const char *word, const char *arg)
{
    (void)word, (void)arg;
    show_board(r);
}

static void cmd_clock(remote_t *r, const char *word, const char *arg)
{
    (void)word, (void)arg;
    if (need_game(r))
        show_clocks(r);
}

static void cmd_seek(remote_t *r, const char *word, const char *arg)
{
    /* the line form: seek BASE INC RULES RATED COLOR; RATED is false here */
    char f[5][64] = {"", "", "", "", ""};
    int k = sscanf(arg, "%63s %63s %63s %63s %63s", f[0], f[1], f[2], f[3], f[4]);
    int c = !strcmp(word, "challenge");
    if (c && k < 1) {
        out("challenge wants a user name.");
        return;
    }
    send_line(r, "%s %s%s%s %s %s false %s", word, c ? f[0] : "", c ? " " : "",
              *f[c] ? f[c] : "300", *f[c + 1] ? f[c + 1] : "0", *f[c + 2] ? f[c + 2] : "axf",
              *f[c + 3] ? f[c + 3] : "random");
}

static void cmd_engine(remote_t *r, const char *word, const char *arg)
{
    (void)word;
    char f[4][64] = {"", "", "", ""};
    sscanf(arg, "%63s %63s %63s %63s", f[0], f[1], f[2], f[3]);
    send_line(r, "engine %s %s %s %s", *f[0] ? f[0] : "10", *f[1] ? f[1] : "300",
              *f[2] ? f[2] : "0", *f[3] ? f[3] : "random");
}

/* accept, decline, cancel, watch, unwatch N; user NAME: sent as typed. */
static void cmd_with_arg(remote_t *r, const char *word, const char *arg)
{
    if (!*arg)
        out("%s wants %s.", word, !strcmp(word, "user") ? "a name" : "a number");
    else
        send_line(r, "%s %s", word, arg);
}

static void cmd_lobby(remote_t *r, const char *word, const char *arg)
{
    (void)word, (void)arg;
    send_line(r, "lobby");
}

static void cmd_games(remote_t *r, const char *word, const char *arg)
{
    (void)word, (void)arg;
    send_line(r, "games");
}

/* draw, takeback [decline]: offer, accept or refuse in the game shown. */
static void cmd_offer(remote_t *r, const char *word, const char *arg)
{
    if (need_game(r))
        send_line(r, "%s%s %lld", word, !strcmp(arg, "decline") ? "_decline" : "", r->game);
}

/* resign, abort, pgn: of the game shown. */
static void cmd_game(remote_t *r, const char *word, const char *arg)
{
    (void)arg;
    if (need_game(r))
        send_line(r, "%s %lld", word, r->game);
}

static void cmd_say(remote_t *r, const char *word, const char *arg)
{
    if (!*arg)
        out("%s wants a text.", word);
    else if (!strcmp(word, "say") && r->game && !r->over)
        send_line(r, "say %lld %s", r->game, arg);
    else
        send_line(r, "say lobby %s", arg);
}

/* The commands typed: the name, whether it needs the server (said so while
 * the connection is down), and what it does. help() describes them. */
static const struct {
    const char *name;
    int online;
    void (*run)(remote_t *r, const char *word, const char *arg);
} commands[] = {
    {"quit", 0, cmd_quit},        {"exit", 0, cmd_quit},        {"q", 0, cmd_quit},
    {"help", 0, cmd_help},        {"?", 0, cmd_help},           {"board", 0, cmd_board},
    {"clock", 0, cmd_clock},      {"seek", 1, cmd_seek},        {"challenge", 1, cmd_seek},
    {"engine", 1, cmd_engine},    {"accept", 1, cmd_with_arg},  {"decline", 1, cmd_with_arg},
    {"cancel", 1, cmd_with_arg},  {"watch", 1, cmd_with_arg},   {"unwatch", 1, cmd_with_arg},
    {"user", 1, cmd_with_arg},    {"lobby", 1, cmd_lobby},      {"seeks", 1, cmd_lobby},
    {"games", 1, cmd_games},      {"draw", 1, cmd_offer},       {"takeback", 1, cmd_offer},
    {"resign", 1, cmd_game},      {"abort", 1, cmd_game},       {"pgn", 1, cmd_game},
    {"say", 1, cmd_say},          {"shout", 1, cmd_say},
};

/* A typed line that is no command: a move in the game shown. */
static void typed_move(remote_t *r, const char *line)
{
    if (!r->game || r->over) {
        out("'%s' is not a command here, and there is no game to move in. Type 'help'.", line);
    } else if (r->you < 0) {
        out("You watch game %lld: no moves from you.", r->game);
    } else if (xq_notation_detect(line) >= 0 && xq_board_side_to_move(r->board) != r->you) {
        out("It is %s's move, not yours.", side_name[xq_board_side_to_move(r->board)]);
    } else if (xq_notation_detect(line) < 0) {
        out("'%s' is neither a command nor a move. Type 'help' for the commands.", line);
    } else {
        xq_move m;
        xq_parse_error err;
        /* checked here for a clear message; the server checks again */
        if (xq_board_move_from_text(r->board, line, XQ_NOTATION_AUTO, 0, &m, &err) != XQ_OK) {
            out("Not a legal move here: %s: %s.", line, err.message);
            return;
        }
        char iccs[XQ_MOVE_STR_MAX];
        xq_move_format(m, iccs, sizeof iccs);
        send_line(r, "move %lld %s", r->game, iccs);
    }
}

static void handle(remote_t *r, char *line)
{
    char word[32];
    const char *arg;
    size_t w;
    if (!(line = input_split_command(line, word, sizeof word, &arg, &w)))
        return;
    size_t i = 0, n = sizeof commands / sizeof commands[0];
    while (i < n && strcmp(word, commands[i].name) != 0)
        i++;
    if (i < n && !commands[i].online)
        commands[i].run(r, word, arg);
    else if (offline(r))
        return; /* offline() said so */
    else if (i < n)
        commands[i].run(r, word, arg);
    else
        typed_move(r, line);
}

/* A line typed (or the end of the input). */
static void keyboard_line(remote_t *r)
{
    if (!input_line(r->in, r->kline, sizeof r->kline)) {
        /* the end of the input: show what the server still answers (its
         * reply to a ping comes after the others), then leave */
        r->keyboard_open = 0;
        r->draining = 1;
        if (r->phase == NET_READY) {
            send_ping(r);
            r->drain_ping = r->pings;
        } else if (r->phase == NET_DOWN) {
            out("The input ended while reconnecting.");
            r->quit = 1; /* nothing to wait for */
        } /* else: at the session */
        return;
    }
    if (r->o->echo)
        out("%s", r->kline);
    handle(r, r->kline);
}

/* Waiting for the next attempt: the keyboard stays live. */
static void wait_down(remote_t *r)
{
    long long left = r->next_at - now_ms();
    if (left <= 0) {
        reconnect(r);
        return;
    }
    if (input_wait(r->keyboard_open ? r->in : NULL, NULL, left > 1000 ? 1000 : (int)left) &
        INPUT_LINE)
        keyboard_line(r);
}

/* The timers of a connection: the keep-alive ping, and an answer too long in coming. */
static void check_timers(remote_t *r)
{
    long long now = now_ms();
    if (r->draining && r->phase == NET_READY && r->pongs < r->drain_ping &&
        now - r->ping_at > DRAIN_TIMEOUT_MS) {
        r->quit = 1; /* the server did not answer the last ping in time */
    } else if (r->phase != NET_READY) {
        if (r->logged_in && now - r->phase_at > ANSWER_TIMEOUT_MS)
            connection_lost(r, "no answer from the server", 0);
    } else if (r->pings != r->pongs) {
        if (now - r->ping_at > ANSWER_TIMEOUT_MS && now - r->last_rx > ANSWER_TIMEOUT_MS)
            connection_lost(r, "no answer from the server", 0);
    } else if (now - r->last_rx > KEEPALIVE_MS) {
        send_ping(r);
    }
}

int remote_main(const remote_opts *o, volatile sig_atomic_t *interrupted)
{
    static input_t keyboard, net;
    static remote_t r; /* static: it holds the password, wiped at the end */
    memset(&r, 0, sizeof r);
    r.o = o;
    r.interrupted = interrupted;
    r.sock = -1;
    r.in = &keyboard;
    r.net = &net;
    r.you = -1;
    r.clock_runs = -1;
    r.keyboard_open = 1;
    /* the reconnection jitter's xorshift64: any nonzero state */
    r.rng = ((unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32)) | 1;
    input_init(&keyboard, STDIN_FILENO);
    char why[512];
    int fd = dial(&r, o->connect, 0, why, sizeof why);
    if (fd < 0) {
        if (fd == -1)
            fprintf(stderr, "xiangqi: %s\n", why);
        return 1;
    }
    char *line = malloc(NET_LINE_MAX);
    r.netbuf = malloc(NET_LINE_MAX);
    if (!r.netbuf || !line) {
        free(r.netbuf);
        free(line);
        close(fd);
        fprintf(stderr, "xiangqi: out of memory\n");
        return 1;
    }
    out("xiangqi %s: connecting to %s.", xq_version_string(), o->connect);
    connected(&r, fd);
    while (!r.quit && !*interrupted) {
        if (r.phase == NET_DOWN) {
            wait_down(&r);
            continue;
        }
        /* Lines typed before the first login's answer wait for it (in the
         * kernel's buffer): commands need a session. Ctrl-C still leaves. */
        int ready = input_wait(r.keyboard_open && r.logged_in ? &keyboard : NULL, &net, 1000);
        if (ready & INPUT_OTHER) {
            r.last_rx = now_ms();
            /* every complete line that arrived, then back to the keyboard */
            while (!r.quit && r.sock >= 0 && input_line_ready(&net)) {
                if (!input_line(&net, line, NET_LINE_MAX))
                    break;
                on_message(&r, line);
            }
            if (r.sock >= 0 && net.eof && net.len == 0)
                connection_lost(&r, "the server closed the connection", 0);
        }
        if ((ready & INPUT_LINE) && !r.quit)
            keyboard_line(&r);
        if (!r.quit && r.sock >= 0)
            check_timers(&r);
    }
    int status = r.quit == 2 ? 1 : 0;
    free(line);
    free(r.netbuf);
    xq_board_free(r.board);
    if (r.sock >= 0)
        close(r.sock);
    memset(r.password, 0, sizeof r.password);
    memset(r.token, 0, sizeof r.token);
    out("Goodbye.");
    return status;
}
