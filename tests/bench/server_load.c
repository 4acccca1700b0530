/* SPDX-License-Identifier: MIT */
/* Load benchmark of xq-server (a program that prints figures, not a test).
 *
 * Starts the server on 127.0.0.1 (a port the kernel picks, a fresh database in
 * a temporary directory), opens N line-protocol connections as guests, pairs
 * them into M games (one seeks, the other accepts) and lets every game play
 * random legal moves (picked from the "legal" list of each move message) as
 * fast as the server answers, up to a number of plies, after which the side
 * to move resigns. Bounded: at most M * plies moves and --timeout seconds.
 *
 * Prints moves/s, the move round trip (sending a move to receiving its
 * acknowledgment) and the relay latency (sending it to the opponent's
 * receiving it) as p50/p99/max, the server's peak RSS (VmHWM), and checks the
 * moves against the database after the server stops: every acknowledged
 * move is there once, in order, and nothing else.
 *
 * usage: xq-server-load --server PATH [--clients N] [--games M] [--plies P]
 *                       [--think MS] [--timeout S] [--seed N] [--dir DIR] [--keep]
 *                       [--server-arg ARG]... [--db TARGET]
 *                       [--servers N [--broker URL] [--spread across|same]]
 *                       [--count-cpu PID]...
 *
 * --dir: where the temporary database goes (default $TMPDIR or /tmp).
 * --server-arg: one more argument for the server (repeatable), e.g.
 *   --server-arg --event-loop --server-arg poll.
 * --db: the server's --db instead of a temporary SQLite file, e.g. an empty
 * PostgreSQL database (postgresql://...; the check reads it through libpq
 * when the benchmark is built with it); it is left as it is.
 * --servers N: start N processes of one site (they need --db postgresql://...
 *   and --broker redis://HOST:PORT, which each process is given). --spread
 *   across (the default): the two players of a game are on two processes
 *   (red on game k's process k mod N, black on the next), so the seek is
 *   accepted across processes and one player's moves go through the broker to
 *   the game's owner; same: both players of game k on process k mod N.
 * --count-cpu PID: add the CPU time of process PID and its children (the
 *   PostgreSQL postmaster and its backends; redis-server) to the cost per
 *   move, as the servers' own is; repeatable. SQLite runs inside the server,
 *   so the figure compares.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef XQ_HAVE_LIBPQ
#include <libpq-fe.h>
#endif

#define MAX_LINE (1 << 20)   /* longest server line accepted */
#define CONNECT_BATCH 100    /* connections opened per loop turn */
#define MAX_PLY 400
#define MAX_SERVER_ARGS 16   /* --server-arg given at most this often */
#define MAX_SERVERS 16       /* --servers at most */
#define MAX_COUNT_CPU 4      /* --count-cpu given at most this often */

typedef struct pairing pairing;

typedef struct client {
    int fd;
    int index;
    int color;          /* 0 red, 1 black, -1 not yet in a game */
    int logged_in;
    pairing *p;
    char *in;
    size_t inlen, incap;
    char *out;
    size_t outlen, outcap;
    int want_out;
    long long next_id;
    long long pending_id;    /* id of the move in flight, 0 if none */
    int pending_ply;         /* the ply it will be */
    int64_t pending_sent_us;
    int64_t move_due_us;     /* think time: when to send the next move */
    char next_move[8];
} client;

struct pairing {
    client *side[2];
    int64_t offer;
    long long game;
    int ply;                 /* plies acknowledged */
    char moves[MAX_PLY][6];
    int64_t sent_us[MAX_PLY + 1];
    int ended[2];
    int resigned;
    int first_sent;          /* red's first move sent (or its resignation) */
};

static int g_clients = 1000, g_games = 500, g_plies = 100, g_think_ms = 0, g_timeout_s = 120;
static unsigned long long g_seed = 1;
static int g_ep;
static int64_t *g_rtt, *g_relay;
static size_t g_nrtt, g_nrelay, g_caprtt;
static long long g_moves, g_errors, g_protocol_faults, g_after_end;
static int g_games_done;
static int64_t g_first_move_us, g_last_move_us;
static pid_t g_server[MAX_SERVERS];
static int g_nservers = 1, g_spread_same;
static const char *g_broker;
static pid_t g_count_cpu[MAX_COUNT_CPU];
static int g_ncount_cpu;
static double g_server_cpu0, g_server_wait0; /* servers' CPU time when the first move was sent */
static double g_other_cpu0;                  /* --count-cpu processes' CPU time then */

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static unsigned long long rnd(void)
{
    g_seed ^= g_seed << 13;
    g_seed ^= g_seed >> 7;
    g_seed ^= g_seed << 17;
    return g_seed;
}

static double servers_cpu_seconds(void);
static double servers_wait_seconds(void);
static double named_cpu_seconds(void);
static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "xq-server-load: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static void fault(const char *what, long long game)
{
    if (g_protocol_faults++ < 10)
        fprintf(stderr, "xq-server-load: game %lld: %s\n", game, what);
}

/* ---- output ---- */
static void flush_out(client *c)
{
    while (c->outlen > 0) {
        ssize_t n = write(c->fd, c->out, c->outlen);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            if (errno == EINTR)
                continue;
            c->outlen = 0;
            return;
        }
        memmove(c->out, c->out + n, c->outlen - (size_t)n);
        c->outlen -= (size_t)n;
    }
    int want = c->outlen > 0;
    if (want != c->want_out) {
        struct epoll_event ev = {.events = EPOLLIN | (want ? EPOLLOUT : 0), .data.ptr = c};
        epoll_ctl(g_ep, EPOLL_CTL_MOD, c->fd, &ev);
        c->want_out = want;
    }
}

static void sendf(client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sendf(client *c, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line)
        return;
    if (c->outlen + (size_t)n > c->outcap) {
        size_t cap = c->outcap ? c->outcap * 2 : 1024;
        while (cap < c->outlen + (size_t)n)
            cap *= 2;
        c->out = realloc(c->out, cap);
        if (!c->out)
            die("out of memory");
        c->outcap = cap;
    }
    memcpy(c->out + c->outlen, line, (size_t)n);
    c->outlen += (size_t)n;
    flush_out(c);
}

/* ---- the game logic ---- */
static void send_move(client *c)
{
    pairing *p = c->p;
    c->pending_id = ++c->next_id;
    c->pending_ply = p->ply + 1;
    c->pending_sent_us = now_us();
    p->sent_us[p->ply + 1] = c->pending_sent_us;
    if (!g_first_move_us) {
        g_first_move_us = c->pending_sent_us;
        g_server_cpu0 = servers_cpu_seconds();
        g_server_wait0 = servers_wait_seconds();
        g_other_cpu0 = named_cpu_seconds();
    }
    sendf(c, "move {\"game\":%lld,\"move\":\"%s\",\"id\":%lld}\n", p->game, c->next_move,
          c->pending_id);
    c->move_due_us = 0;
}

/* It is c's turn in a position whose legal moves are `legal`: move, or resign at the cap. */
static void my_turn(client *c, json_t *legal)
{
    pairing *p = c->p;
    size_t n = json_array_size(legal);
    if (p->ply >= g_plies || n == 0) {
        if (!p->resigned) {
            p->resigned = 1;
            sendf(c, "resign %lld\n", p->game);
        }
        return;
    }
    const char *mv = json_string_value(json_array_get(legal, (size_t)(rnd() % n)));
    if (!mv || strlen(mv) >= sizeof c->next_move) {
        fault("a legal move that is not a string", p->game);
        return;
    }
    strcpy(c->next_move, mv);
    if (g_think_ms > 0)
        c->move_due_us = now_us() + (int64_t)g_think_ms * 1000;
    else
        send_move(c);
}

static void push_sample(int64_t **arr, size_t *n, int64_t v)
{
    if (*n == g_caprtt)
        return;
    (*arr)[(*n)++] = v;
}

static void on_message(client *c, const char *type, json_t *m)
{
    pairing *p = c->p;
    int64_t t = now_us();
    if (strcmp(type, "session") == 0) {
        c->logged_in = 1;
        client *red = p->side[0], *black = p->side[1];
        if (c == red)
            sendf(c, "seek {\"base\":3600,\"inc\":0,\"color\":\"red\",\"id\":%lld}\n", ++c->next_id);
        else if (p->offer)
            sendf(black, "accept %lld\n", (long long)p->offer);
        return;
    }
    if (strcmp(type, "seek") == 0) {
        p->offer = json_integer_value(json_object_get(m, "offer"));
        if (p->side[1]->logged_in)
            sendf(p->side[1], "accept %lld\n", (long long)p->offer);
        return;
    }
    if (strcmp(type, "game") == 0) {
        p->game = json_integer_value(json_object_get(m, "game"));
        const char *turn = json_string_value(json_object_get(m, "turn"));
        const char *you = json_string_value(json_object_get(m, "you"));
        /* the state may come more than once (a site's processes: its start
         * through user.ID and a forwarding's attachment racing): move once */
        if (turn && you && strcmp(turn, you) == 0 &&
            json_integer_value(json_object_get(m, "ply")) == 0 && !p->first_sent) {
            p->first_sent = 1;
            my_turn(c, json_object_get(m, "legal"));
        }
        return;
    }
    if (strcmp(type, "move") == 0) {
        int ply = (int)json_integer_value(json_object_get(m, "ply"));
        const char *mv = json_string_value(json_object_get(m, "move"));
        json_t *id = json_object_get(m, "id");
        if (!mv || ply < 1 || ply > MAX_PLY) {
            fault("a move message without a move or ply", p->game);
            return;
        }
        if (id) { /* the acknowledgment of my move */
            if (json_integer_value(id) != c->pending_id || ply != c->pending_ply ||
                strcmp(mv, c->next_move) != 0) {
                fault("an acknowledgment that does not match the move sent", p->game);
                return;
            }
            push_sample(&g_rtt, &g_nrtt, t - c->pending_sent_us);
            c->pending_id = 0;
        } else { /* the opponent's move, the next ply (its ack may not be read yet) */
            client *mover = p->side[1 - c->color];
            int expect = mover->pending_id ? mover->pending_ply : p->ply;
            if (ply != expect || ply < p->ply) {
                fault("a relayed move out of sequence (lost or duplicated)", p->game);
                return;
            }
            push_sample(&g_relay, &g_nrelay, t - p->sent_us[ply]);
        }
        if (ply == p->ply + 1) { /* first sight of this move (by either side) */
            p->ply = ply;
            strcpy(p->moves[ply - 1], mv);
            g_moves++;
            g_last_move_us = t;
        } else if (ply > p->ply || strcmp(p->moves[ply - 1], mv) != 0) {
            fault("the two players saw different moves", p->game);
            return;
        }
        if (!id)
            my_turn(c, json_object_get(m, "legal"));
        return;
    }
    if (strcmp(type, "end") == 0) {
        if (!p->ended[c->color]) {
            p->ended[c->color] = 1;
            if (p->ended[0] && p->ended[1])
                g_games_done++;
        }
        return;
    }
    if (strcmp(type, "error") == 0) {
        const char *code = json_string_value(json_object_get(m, "code"));
        if (code && strcmp(code, "game_over") == 0) { /* a move that crossed the game's end */
            g_after_end++;
            c->pending_id = 0;
            return;
        }
        if (g_errors++ < 10)
            fprintf(stderr, "xq-server-load: error: %s\n",
                    json_string_value(json_object_get(m, "message")));
    }
}

static void on_line(client *c, char *line, size_t len)
{
    char *sp = memchr(line, ' ', len);
    if (!sp)
        return;
    *sp = 0;
    json_error_t je;
    json_t *m = json_loadb(sp + 1, len - (size_t)(sp + 1 - line), 0, &je);
    if (!m) {
        fault("a line that is not JSON", c->p->game);
        return;
    }
    if (c->color < 0) {
        const char *you = json_string_value(json_object_get(m, "you"));
        if (you)
            c->color = strcmp(you, "red") == 0 ? 0 : 1;
    }
    on_message(c, line, m);
    json_decref(m);
}

static void on_readable(client *c)
{
    for (;;) {
        if (c->incap - c->inlen < 65536) {
            size_t cap = c->incap ? c->incap * 2 : 131072;
            if (cap > MAX_LINE * 2)
                die("a server line is too long");
            c->in = realloc(c->in, cap);
            if (!c->in)
                die("out of memory");
            c->incap = cap;
        }
        ssize_t n = read(c->fd, c->in + c->inlen, c->incap - c->inlen);
        if (n == 0) {
            epoll_ctl(g_ep, EPOLL_CTL_DEL, c->fd, NULL);
            fault("the server closed a connection", c->p->game);
            return;
        }
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        c->inlen += (size_t)n;
        size_t start = 0;
        for (;;) {
            char *nl = memchr(c->in + start, '\n', c->inlen - start);
            if (!nl)
                break;
            size_t len = (size_t)(nl - (c->in + start));
            c->in[start + len] = 0;
            on_line(c, c->in + start, len);
            start += len + 1;
        }
        memmove(c->in, c->in + start, c->inlen - start);
        c->inlen -= start;
    }
}

/* ---- the server process ---- */
static char g_dir[512];
static char g_db[1024];
static int g_db_given; /* --db: the server's store is not a file of ours */
static const char *g_server_args[MAX_SERVER_ARGS];
static int g_nserver_args;

/* The temporary directory (and, without --db, the SQLite file in it). */
static void make_dir(const char *parent)
{
    snprintf(g_dir, sizeof g_dir, "%s/xq-server-load-XXXXXX", parent);
    if (!mkdtemp(g_dir))
        die("cannot make a temporary directory: %s", strerror(errno));
    if (!g_db_given)
        snprintf(g_db, sizeof g_db, "%s/bench.db", g_dir);
}

/* Server k: started, its port read from its banner. */
static int start_server(const char *binary, int k)
{
    int pipefd[2];
    if (pipe(pipefd) < 0)
        die("pipe: %s", strerror(errno));
    char conns[32];
    snprintf(conns, sizeof conns, "%d", g_clients + 64);
    g_server[k] = fork();
    if (g_server[k] == 0) {
        dup2(pipefd[1], 1);
        close(pipefd[0]);
        close(pipefd[1]);
        const char *args[14 + MAX_SERVER_ARGS] = {binary, "--listen", "127.0.0.1:0", "--db", g_db,
                                                  "--guests", "--max-connections", conns,
                                                  "--max-per-address", conns};
        int n = 10;
        if (g_broker) {
            args[n++] = "--broker";
            args[n++] = g_broker;
        }
        for (int i = 0; i < g_nserver_args; i++)
            args[n++] = g_server_args[i];
        args[n] = NULL;
        execv(binary, (char *const *)args);
        perror("exec");
        _exit(127);
    }
    close(pipefd[1]);
    FILE *f = fdopen(pipefd[0], "r");
    char line[512];
    int port = 0;
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "listening on 127.0.0.1:");
        if (p) {
            port = atoi(p + strlen("listening on 127.0.0.1:"));
            break;
        }
    }
    if (!port)
        die("server %d did not start", k + 1);
    return port; /* the server writes one more line, which the pipe holds */
}

static long peak_rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kb = atol(line + 6);
    if (f)
        fclose(f);
    return kb;
}

/* /proc/PID/stat into buf (cap bytes): its fields after the command name
 * (the state first), or NULL. */
static const char *proc_stat(pid_t pid, char *buf, size_t cap)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t n = fread(buf, 1, cap - 1, f);
    fclose(f);
    buf[n] = 0;
    const char *p = strrchr(buf, ')');
    return p && p[1] == ' ' ? p + 2 : NULL;
}

/* CPU seconds (user + system) the process has used. */
static double cpu_seconds(pid_t pid)
{
    char buf[1024];
    const char *p = proc_stat(pid, buf, sizeof buf);
    unsigned long ut = 0, st = 0;
    if (!p || sscanf(p, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* Seconds the process (all its threads: the main one matters) has waited for a
 * CPU while runnable (/proc/PID/schedstat, second field, summed over tasks). */
static double runqueue_wait_seconds(pid_t pid)
{
    char path[96], buf[128];
    snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
    FILE *f = fopen(path, "r");
    unsigned long long run = 0, wait = 0;
    if (!f)
        return -1;
    int ok = fgets(buf, sizeof buf, f) && sscanf(buf, "%llu %llu", &run, &wait) == 2;
    fclose(f);
    return ok ? (double)wait / 1e9 : -1;
}

/* The parent of a process, or -1. */
static pid_t parent_pid(pid_t pid)
{
    char buf[1024];
    const char *p = proc_stat(pid, buf, sizeof buf);
    int ppid;
    return p && sscanf(p, "%*c %d", &ppid) == 1 ? (pid_t)ppid : -1;
}

static double servers_cpu_seconds(void)
{
    double sum = 0;
    for (int k = 0; k < g_nservers; k++)
        sum += cpu_seconds(g_server[k]);
    return sum;
}

static double servers_wait_seconds(void)
{
    double sum = 0;
    for (int k = 0; k < g_nservers; k++)
        sum += runqueue_wait_seconds(g_server[k]);
    return sum;
}

/* CPU seconds of the --count-cpu processes and their children (a child that
 * exits in between is not counted: the database's backends serving the
 * servers live as long as the servers' connections). */
static double named_cpu_seconds(void)
{
    if (!g_ncount_cpu)
        return 0;
    DIR *d = opendir("/proc");
    double sum = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        pid_t pid = (pid_t)atoi(e->d_name), ppid = parent_pid(pid);
        for (int i = 0; i < g_ncount_cpu; i++)
            if (pid == g_count_cpu[i] || ppid == g_count_cpu[i]) {
                double c = cpu_seconds(pid);
                sum += c > 0 ? c : 0;
                break;
            }
    }
    if (d)
        closedir(d);
    return sum;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void percentiles(const char *what, int64_t *v, size_t n)
{
    if (!n) {
        printf("%-22s no samples\n", what);
        return;
    }
    qsort(v, n, sizeof *v, cmp64);
    printf("%-22s p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%zu samples)\n", what,
           v[n / 2] / 1000.0, v[(size_t)((double)(n - 1) * 0.99)] / 1000.0, v[n - 1] / 1000.0, n);
}

/* Count one game's stored moves (ply, move) against what was acknowledged. */
typedef struct tally {
    long long stored, lost, extra, differ;
} tally;

static void tally_move(tally *t, const pairing *p, int *n, int ply, const char *mv)
{
    (*n)++;
    t->stored++;
    if (ply != *n || ply > p->ply)
        t->extra++;
    else if (strcmp(mv, p->moves[ply - 1]) != 0)
        t->differ++;
}

static int report_check(const tally *t)
{
    printf("database check         %lld moves stored; lost %lld, duplicated or extra %lld, "
           "different %lld\n", t->stored, t->lost, t->extra, t->differ);
    return t->lost || t->extra || t->differ;
}

/* The PostgreSQL target of --db as a libpq conninfo, or NULL (an SQLite file). */
static const char *pg_conninfo(const char *db)
{
    if (!strncmp(db, "postgresql://", 13) || !strncmp(db, "postgres://", 11))
        return db;
    return strncmp(db, "postgresql:", 11) == 0 ? db + 11 : NULL;
}

#ifdef XQ_HAVE_LIBPQ
static int check_database_pg(pairing *pairs, const char *conninfo)
{
    PGconn *c = PQconnectdb(conninfo);
    if (PQstatus(c) != CONNECTION_OK)
        die("cannot open the database: %s", PQerrorMessage(c));
    tally t = {0};
    for (int i = 0; i < g_games; i++) {
        pairing *p = &pairs[i];
        if (!p->game)
            continue;
        char gid[32];
        snprintf(gid, sizeof gid, "%lld", p->game);
        const char *v[1] = {gid};
        PGresult *r = PQexecParams(c, "SELECT ply, move FROM moves WHERE game = $1 ORDER BY ply",
                                   1, NULL, v, NULL, NULL, 0);
        if (PQresultStatus(r) != PGRES_TUPLES_OK)
            die("cannot read the moves: %s", PQerrorMessage(c));
        int n = 0;
        for (int k = 0; k < PQntuples(r); k++)
            tally_move(&t, p, &n, atoi(PQgetvalue(r, k, 0)), PQgetvalue(r, k, 1));
        if (n < p->ply)
            t.lost += p->ply - n;
        PQclear(r);
    }
    PQfinish(c);
    return report_check(&t);
}
#endif

/* Every acknowledged move is in the database once and in order; nothing else is. */
static int check_database(pairing *pairs)
{
    const char *conninfo = pg_conninfo(g_db);
    if (conninfo) {
#ifdef XQ_HAVE_LIBPQ
        return check_database_pg(pairs, conninfo);
#else
        printf("database check         skipped (built without libpq)\n");
        return 0;
#endif
    }
    sqlite3 *db;
    if (sqlite3_open_v2(g_db, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
        die("cannot open the database: %s", sqlite3_errmsg(db));
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT ply, move FROM moves WHERE game = ?1 ORDER BY ply", -1,
                           &st, NULL) != SQLITE_OK)
        die("cannot read the moves: %s", sqlite3_errmsg(db));
    tally t = {0};
    for (int i = 0; i < g_games; i++) {
        pairing *p = &pairs[i];
        if (!p->game)
            continue;
        sqlite3_bind_int64(st, 1, p->game);
        int n = 0;
        while (sqlite3_step(st) == SQLITE_ROW)
            tally_move(&t, p, &n, sqlite3_column_int(st, 0),
                       (const char *)sqlite3_column_text(st, 1));
        if (n < p->ply)
            t.lost += p->ply - n;
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return report_check(&t);
}

static void usage(void)
{
    fprintf(stderr, "usage: xq-server-load --server PATH [--clients N] [--games M] [--plies P]\n"
                    "                      [--think MS] [--timeout S] [--seed N] [--dir DIR] [--keep]\n"
                    "                      [--server-arg ARG]... [--db TARGET]\n"
                    "                      [--servers N [--broker URL] [--spread across|same]]\n"
                    "                      [--count-cpu PID]...\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *binary = NULL, *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    int keep = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--server") && v)
            binary = argv[++i];
        else if (!strcmp(a, "--clients") && v)
            g_clients = atoi(argv[++i]);
        else if (!strcmp(a, "--games") && v)
            g_games = atoi(argv[++i]);
        else if (!strcmp(a, "--plies") && v)
            g_plies = atoi(argv[++i]);
        else if (!strcmp(a, "--think") && v)
            g_think_ms = atoi(argv[++i]);
        else if (!strcmp(a, "--timeout") && v)
            g_timeout_s = atoi(argv[++i]);
        else if (!strcmp(a, "--seed") && v)
            g_seed = strtoull(argv[++i], NULL, 10) | 1;
        else if (!strcmp(a, "--dir") && v)
            dir = argv[++i];
        else if (!strcmp(a, "--keep"))
            keep = 1;
        else if (!strcmp(a, "--server-arg") && v && g_nserver_args < MAX_SERVER_ARGS)
            g_server_args[g_nserver_args++] = argv[++i];
        else if (!strcmp(a, "--servers") && v)
            g_nservers = atoi(argv[++i]);
        else if (!strcmp(a, "--broker") && v)
            g_broker = argv[++i];
        else if (!strcmp(a, "--spread") && v && (!strcmp(v, "across") || !strcmp(v, "same"))) {
            g_spread_same = !strcmp(v, "same");
            i++;
        } else if (!strcmp(a, "--count-cpu") && v && g_ncount_cpu < MAX_COUNT_CPU &&
                   atoi(v) > 0)
            g_count_cpu[g_ncount_cpu++] = (pid_t)atoi(argv[++i]);
        else if (!strcmp(a, "--db") && v) {
            snprintf(g_db, sizeof g_db, "%s", argv[++i]);
            g_db_given = 1;
        }
        else
            usage();
    }
    if (!binary || g_games < 1 || g_clients < 2 * g_games || g_plies < 1 || g_plies > MAX_PLY ||
        g_timeout_s < 1 || g_nservers < 1 || g_nservers > MAX_SERVERS)
        usage();
    if (g_nservers > 1 && (!g_broker || !pg_conninfo(g_db)))
        die("--servers %d: the processes of a site need --db postgresql://... and --broker "
            "redis://HOST:PORT", g_nservers);
    if (g_clients > 2 * g_games) {
        fprintf(stderr, "xq-server-load: every client plays: --clients is set to %d\n",
                2 * g_games);
        g_clients = 2 * g_games;
    }
    signal(SIGPIPE, SIG_IGN);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        if (rl.rlim_cur < (rlim_t)g_clients + 64)
            die("the open-file limit is too low for %d clients (ulimit -n)", g_clients);
    }
    make_dir(dir);
    int port[MAX_SERVERS];
    for (int k = 0; k < g_nservers; k++)
        port[k] = start_server(binary, k);
    g_caprtt = (size_t)g_games * (size_t)g_plies + 16;
    g_rtt = malloc(g_caprtt * sizeof *g_rtt);
    g_relay = malloc(g_caprtt * sizeof *g_relay);
    client *cl = calloc((size_t)g_clients, sizeof *cl);
    pairing *pairs = calloc((size_t)g_games, sizeof *pairs);
    g_ep = epoll_create1(0);
    if (!g_rtt || !g_relay || !cl || !pairs || g_ep < 0)
        die("out of memory");

    int64_t t0 = now_us(), deadline = t0 + (int64_t)g_timeout_s * 1000000;
    int opened = 0;
    struct epoll_event evs[256];
    while (g_games_done < g_games && now_us() < deadline) {
        for (int k = 0; k < CONNECT_BATCH && opened < g_clients; k++, opened++) {
            client *c = &cl[opened];
            c->index = opened;
            c->color = -1;
            c->p = &pairs[opened / 2];
            c->p->side[opened % 2] = c;
            /* game k's red on process k mod N, its black there too or on the next */
            int srv = (opened / 2 + (g_spread_same ? 0 : opened % 2)) % g_nservers;
            struct sockaddr_in sa = {.sin_family = AF_INET,
                                     .sin_port = htons((uint16_t)port[srv])};
            sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
            int one = 1;
            setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            if (c->fd < 0 || (connect(c->fd, (struct sockaddr *)&sa, sizeof sa) < 0 &&
                              errno != EINPROGRESS))
                die("connect: %s", strerror(errno));
            struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
            epoll_ctl(g_ep, EPOLL_CTL_ADD, c->fd, &ev);
            sendf(c, "hello {\"protocol\":1,\"client\":\"xq-server-load\"}\nguest\n");
        }
        int n = epoll_wait(g_ep, evs, 256, 10);
        for (int i = 0; i < n; i++) {
            client *c = evs[i].data.ptr;
            if (evs[i].events & EPOLLOUT)
                flush_out(c);
            if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))
                on_readable(c);
        }
        if (g_think_ms > 0) {
            int64_t t = now_us();
            for (int i = 0; i < opened; i++)
                if (cl[i].move_due_us && cl[i].move_due_us <= t)
                    send_move(&cl[i]);
        }
    }
    int timed_out = g_games_done < g_games;
    long rss = 0;
    for (int k = 0; k < g_nservers; k++)
        rss = peak_rss_kb(g_server[k]) > rss ? peak_rss_kb(g_server[k]) : rss;
    double cpu = servers_cpu_seconds() - g_server_cpu0;
    double other = named_cpu_seconds() - g_other_cpu0;
    double waited = servers_wait_seconds() - g_server_wait0;
    double secs = (g_last_move_us - g_first_move_us) / 1e6;
    printf("xq-server-load: %d connections, %d games, up to %d plies each, think %d ms%s\n",
           g_clients, g_games, g_plies, g_think_ms, timed_out ? " (TIMED OUT)" : "");
    if (g_nservers > 1)
        printf("servers                %d processes of one site, the players of a game %s\n",
               g_nservers, g_spread_same ? "on the same process" : "on two processes");
    printf("moves                  %lld in %.2f s: %.0f moves/s\n", g_moves, secs,
           secs > 0 ? g_moves / secs : 0.0);
    printf("games finished         %d of %d\n", g_games_done, g_games);
    percentiles("move round trip", g_rtt, g_nrtt);
    percentiles("relay to the opponent", g_relay, g_nrelay);
    printf("server peak RSS        %.1f MiB%s\n", rss / 1024.0,
           g_nservers > 1 ? " (the largest process)" : "");
    printf("server CPU             %.2f s while moving (%.0f%% of one core): %.0f moves per "
           "CPU second\n", cpu, secs > 0 ? 100.0 * cpu / secs : 0.0, cpu > 0 ? g_moves / cpu : 0.0);
    if (g_ncount_cpu) {
        printf("other CPU              %.2f s (process", other);
        for (int i = 0; i < g_ncount_cpu; i++)
            printf("%s %d", i ? "," : "", (int)g_count_cpu[i]);
        printf(" and children): with the servers', %.0f moves per CPU second, %.1f us a move\n",
               cpu + other > 0 ? g_moves / (cpu + other) : 0.0,
               g_moves > 0 ? 1e6 * (cpu + other) / (double)g_moves : 0.0);
    }
    printf("server waited for CPU  %.2f s of the %.2f s (runnable, other processes ran)\n",
           waited, secs);
    printf("error replies          %lld (and %lld moves sent as the game ended); protocol "
           "faults %lld\n", g_errors, g_after_end, g_protocol_faults);
    for (int i = 0; i < opened; i++)
        close(cl[i].fd);
    for (int k = 0; k < g_nservers; k++)
        kill(g_server[k], SIGTERM);
    for (int k = 0; k < g_nservers; k++) {
        int status;
        waitpid(g_server[k], &status, 0);
    }
    int bad = check_database(pairs);
    if (g_db_given)
        rmdir(g_dir);
    else if (!keep) {
        char path[1100];
        const char *suffix[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3; i++) {
            snprintf(path, sizeof path, "%s%s", g_db, suffix[i]);
            unlink(path);
        }
        rmdir(g_dir);
    } else
        printf("database kept in %s\n", g_db);
    return (bad || timed_out || g_errors || g_protocol_faults) ? 1 : 0;
}
