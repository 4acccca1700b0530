/* SPDX-License-Identifier: MIT */
/* xq-match: the engines' processes (see engine.h). */
#define _GNU_SOURCE /* pipe2 */
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define QUIT_WAIT_MS 1000 /* after 'quit' (or a failed handshake), how long an engine may
                             take to exit */
#define QUIT_POLL_MS 20

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void eng_kill(engine *e)
{
    if (e->pid > 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
    }
    if (e->in >= 0)
        close(e->in);
    if (e->out >= 0)
        close(e->out);
    e->pid = -1;
    e->in = e->out = -1;
    e->dead = 1;
}

int eng_send(engine *e, const char *fmt, ...)
{
    char line[16384];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (e->dead || n < 0 || n >= (int)sizeof line - 1)
        return -1;
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(e->in, line + off, (size_t)(n - off));
        if (w < 0) {
            if (errno == EINTR)
                continue;
            e->dead = 1;
            return -1;
        }
        off += (int)w;
    }
    return 0;
}

/* Read one line into out (NUL-terminated, no newline) within deadline_ms
 * (absolute, now_ms() clock). Returns 1 line, 0 timeout, -1 engine gone. */
int eng_read(engine *e, char *out, size_t cap, int64_t deadline)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t k = n < cap - 1 ? n : cap - 1;
            memcpy(out, e->buf, k);
            out[k] = 0;
            if (k && out[k - 1] == '\r')
                out[k - 1] = 0;
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return 1;
        }
        if (e->dead)
            return -1;
        if (e->len == sizeof e->buf) /* absurdly long line: drop it */
            e->len = 0;
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pfd = {e->out, POLLIN, 0};
        int rc = poll(&pfd, 1, left > 1000000 ? 1000000 : (int)left);
        if (rc < 0 && errno != EINTR)
            return -1;
        if (rc <= 0)
            continue;
        ssize_t r = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (r <= 0) {
            if (r < 0 && errno == EINTR)
                continue;
            e->dead = 1;
            continue; /* deliver what is buffered, then -1 */
        }
        e->len += (size_t)r;
    }
}

/* Wait for a line starting with `word`; 0, -1 when the engine is gone, -2
 * on timeout. */
int eng_expect(engine *e, const char *word, int timeout_ms)
{
    char line[LINE_MAX_LEN];
    int64_t deadline = now_ms() + timeout_ms;
    size_t n = strlen(word);
    for (;;) {
        int rc = eng_read(e, line, sizeof line, deadline);
        if (rc <= 0)
            return rc == 0 ? -2 : -1;
        if (strncmp(line, word, n) == 0 && (line[n] == 0 || line[n] == ' '))
            return 0;
    }
}

/* Why a handshake failed: rc of eng_expect (-1 gone, -2 timeout) in words,
 * with the exit status of an engine that is gone. */
static void handshake_failure(engine *e, int rc, const char *sent, const char *wanted, char *why,
                              size_t cap)
{
    if (rc == -2) {
        snprintf(why, cap, "did not answer '%s' with '%s' within %d s", sent, wanted,
                 HANDSHAKE_TIMEOUT_MS / 1000);
        return;
    }
    int status = 0;
    pid_t w = -1;
    for (int waited = 0; waited < QUIT_WAIT_MS; waited += QUIT_POLL_MS) {
        w = waitpid(e->pid, &status, WNOHANG);
        if (w != 0)
            break;
        struct timespec ts = {0, QUIT_POLL_MS * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (w == e->pid) {
        e->pid = -1; /* reaped */
        if (WIFEXITED(status))
            snprintf(why, cap, "exited with status %d before answering '%s' with '%s'",
                     WEXITSTATUS(status), sent, wanted);
        else if (WIFSIGNALED(status))
            snprintf(why, cap, "was killed by signal %d before answering '%s' with '%s'",
                     WTERMSIG(status), sent, wanted);
        else
            snprintf(why, cap, "stopped before answering '%s' with '%s'", sent, wanted);
    } else {
        snprintf(why, cap, "closed its output before answering '%s' with '%s'", sent, wanted);
    }
}

/* Start the engine and shake hands (uci/uciok, the options, isready/readyok).
 * 0, or -1 with the reason in why (the engine cannot be run, or exited, or
 * did not answer). */
int eng_start(engine *e, const engine_cfg *c, char *why, size_t whycap)
{
    int to_child[2], from_child[2], exec_err[2];
    memset(e, 0, sizeof *e);
    e->c = c;
    e->pid = -1;
    e->in = e->out = -1;
    e->dead = 1;
    /* Close-on-exec from the start: a game thread's fork in between must not
     * inherit our ends (the engine would never see its input close). The
     * exec_err pipe carries errno from a child whose exec failed. */
    if (pipe2(to_child, O_CLOEXEC) || pipe2(from_child, O_CLOEXEC) ||
        pipe2(exec_err, O_CLOEXEC)) {
        snprintf(why, whycap, "cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, whycap, "cannot fork: %s", strerror(errno));
        close(to_child[0]), close(to_child[1]), close(from_child[0]), close(from_child[1]);
        close(exec_err[0]), close(exec_err[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(to_child[0], 0); /* dup2 clears close-on-exec on 0, 1 and 2 */
        dup2(from_child[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 2);
        char *argv[MAX_ARGS + 2];
        argv[0] = c->cmd;
        for (int i = 0; i < c->nargs; i++)
            argv[i + 1] = c->args[i];
        argv[c->nargs + 1] = NULL;
        execvp(c->cmd, argv);
        int err = errno;
        ssize_t w = write(exec_err[1], &err, sizeof err);
        (void)w;
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    close(exec_err[1]);
    int err = 0;
    ssize_t r;
    do
        r = read(exec_err[0], &err, sizeof err);
    while (r < 0 && errno == EINTR);
    close(exec_err[0]);
    e->pid = pid;
    e->in = to_child[1];
    e->out = from_child[0];
    e->dead = 0;
    if (r == (ssize_t)sizeof err) {
        snprintf(why, whycap, "cannot run '%s': %s", c->cmd, strerror(err));
        goto fail;
    }
    const char *hello = c->ucci ? "ucci" : "uci", *ok = c->ucci ? "ucciok" : "uciok";
    int rc = eng_send(e, "%s", hello) ? -1 : eng_expect(e, ok, HANDSHAKE_TIMEOUT_MS);
    if (rc) {
        handshake_failure(e, rc, hello, ok, why, whycap);
        goto fail;
    }
    if (c->ucci)
        eng_send(e, "setoption usemillisec true");
    for (int i = 0; i < c->nopts; i++) {
        if (c->ucci)
            eng_send(e, "setoption %s %s", c->opt_name[i], c->opt_value[i]);
        else
            eng_send(e, "setoption name %s value %s", c->opt_name[i], c->opt_value[i]);
    }
    rc = eng_send(e, "isready") ? -1 : eng_expect(e, "readyok", HANDSHAKE_TIMEOUT_MS);
    if (rc) {
        handshake_failure(e, rc, "isready", "readyok", why, whycap);
        goto fail;
    }
    return 0;
fail:
    eng_kill(e);
    return -1;
}

void eng_quit(engine *e)
{
    if (e->dead) {
        eng_kill(e);
        return;
    }
    eng_send(e, "quit");
    for (int waited = 0; waited < QUIT_WAIT_MS; waited += QUIT_POLL_MS) {
        if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
            e->pid = -1;
            break;
        }
        struct timespec ts = {0, QUIT_POLL_MS * 1000000L};
        nanosleep(&ts, NULL);
    }
    eng_kill(e);
}
