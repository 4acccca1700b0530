/* SPDX-License-Identifier: MIT */
/* xq-server under libFuzzer (server_harness.h). Set up once per process as
 * main.c does: a SQLite store (in a folder of its own in /dev/shm, else /tmp,
 * named by the process id and removed at exit, or by the next harness
 * process after a crash; WAL needs a file, so not ":memory:"), the local
 * broker, the lobby, accounts, the engine, games and the explorer (with an
 * opening book of the book harness's seeds when it is there, XQ_FUZZ_BOOK;
 * else none). What would be slow or differ from run to run has a harness
 * answer: worker jobs (password hashes, the engine's searches) run inline
 * (work_set_inline()), passwords are hashed at libsodium's least Argon2id
 * cost, the engine searches to depth 1, the clocks are fake
 * (server_fake_time.c), libsodium's random bytes come from a fixed-seed
 * generator reset for each input (guest names and session tokens repeat),
 * and reviews are off (`analyse` answers busy). Between inputs the server is
 * emptied: connections gone, games ended or put away, every table of the
 * database emptied (through the store's own SQLite connection, caught by an
 * auto-extension), so memory and the database do not grow. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sodium.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "accounts.h"
#include "broker.h"
#include "broker_local.h"
#include "codec.h"
#include "config.h"
#include "engine.h"
#include "explore.h"
#include "fuzz_common.h"
#include "game.h"
#include "game_core.h"
#include "game_pgn.h"
#include "lobby.h"
#include "lobby_site.h"
#include "profile.h"
#include "review.h"
#include "server_fakes.h"
#include "server_harness.h"
#include "store.h"
#include "work.h"

#define SERVER_FUZZ_MAX_LINES 256   /* lines of one input that run */
#define SERVER_FUZZ_MAX_STEP_S 7200 /* seconds one "+S" line moves the clock at most */
#define SERVER_FUZZ_ENGINE_DEPTH 1  /* the engine's searches stop here */
#define SERVER_FUZZ_IDLE_S 3600     /* between inputs the clock moves this much: limits refill */
#define SERVER_FUZZ_RNG_SEED 0x9e3779b97f4a7c15ULL /* any fixed value */
#define SERVER_FUZZ_DIR "xq-fuzz-"  /* the database's folder: this, then the process id */
#define SERVER_FUZZ_DB "xq-server.db"
#define SERVER_FUZZ_EMPTY_SQL 2048  /* bytes of the statements that empty the tables */

static char g_dir[320]; /* the folder of the database */
static char g_db_path[sizeof g_dir + sizeof SERVER_FUZZ_DB + 1];
static store *g_store;
static broker *g_broker;
static sqlite3 *g_db;   /* the store's connection (db_caught()) */

/* ---- libsodium's random bytes from a fixed seed (splitmix64) ---- */
static uint64_t g_rng = SERVER_FUZZ_RNG_SEED;

static uint32_t rng_next(void)
{
    uint64_t z = (g_rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static const char *rng_name(void) { return "xq-fuzz"; }
static uint32_t rng_random(void) { return rng_next(); }

static void rng_buf(void *const buf, const size_t size)
{
    unsigned char *p = buf;
    for (size_t i = 0; i < size; i++)
        p[i] = (unsigned char)rng_next();
}

static randombytes_implementation g_rng_impl = {rng_name, rng_random, NULL, NULL, rng_buf, NULL};

/* ---- the store's SQLite connection ---- */
static int db_caught(sqlite3 *db, char **err, const struct sqlite3_api_routines *api)
{
    (void)err, (void)api;
    g_db = db;
    return SQLITE_OK;
}

/* The statements that empty every table but meta (the schema version), made
 * once from the schema as the store created it (db_tables()). */
static char g_empty_sql[SERVER_FUZZ_EMPTY_SQL];

static void db_tables(void)
{
    sqlite3_stmt *st;
    size_t n = (size_t)snprintf(g_empty_sql, sizeof g_empty_sql, "PRAGMA foreign_keys=OFF;");
    FUZZ_ASSERT(sqlite3_prepare_v2(g_db,
                                   "SELECT name FROM sqlite_master WHERE type = 'table'"
                                   " AND name NOT LIKE 'sqlite%' AND name <> 'meta'",
                                   -1, &st, NULL) == SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        n += (size_t)snprintf(g_empty_sql + n, sizeof g_empty_sql - n, "DELETE FROM \"%s\";",
                              (const char *)sqlite3_column_text(st, 0));
        FUZZ_ASSERT(n < sizeof g_empty_sql);
    }
    sqlite3_finalize(st);
    n += (size_t)snprintf(g_empty_sql + n, sizeof g_empty_sql - n, "PRAGMA foreign_keys=ON;");
    FUZZ_ASSERT(n < sizeof g_empty_sql);
}

static void db_empty(void)
{
    char *err = NULL;
    if (sqlite3_exec(g_db, g_empty_sql, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "emptying the database: %s\n", err ? err : "?");
        abort();
    }
}

/* The database files of a folder, and the folder. */
static void remove_dir(const char *dir)
{
    static const char *const suffix[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof suffix / sizeof *suffix; i++) {
        char path[sizeof g_dir + 32];
        snprintf(path, sizeof path, "%s/" SERVER_FUZZ_DB "%s", dir, suffix[i]);
        unlink(path);
    }
    rmdir(dir);
}

static void remove_db(void)
{
    store_close(g_store);
    g_store = NULL;
    remove_dir(g_dir);
}

/* The folders of harness processes that are gone: libFuzzer ends a timed run
 * with _exit(), and a crash ends it too, without the atexit() clean-up. */
static void sweep(const char *tmp)
{
    DIR *d = opendir(tmp);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        char *end;
        long pid;
        if (strncmp(e->d_name, SERVER_FUZZ_DIR, strlen(SERVER_FUZZ_DIR)) != 0)
            continue;
        pid = strtol(e->d_name + strlen(SERVER_FUZZ_DIR), &end, 10);
        if (*end || pid <= 0 || (kill((pid_t)pid, 0) != 0 && errno == ESRCH)) {
            char dir[sizeof g_dir];
            snprintf(dir, sizeof dir, "%s/%s", tmp, e->d_name);
            remove_dir(dir);
        }
    }
    if (d)
        closedir(d);
}

static void setup(void)
{
    FUZZ_ASSERT(randombytes_set_implementation(&g_rng_impl) == 0);
    FUZZ_ASSERT(sqlite3_auto_extension((void (*)(void))db_caught) == SQLITE_OK);
    const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    sweep(tmp);
    snprintf(g_dir, sizeof g_dir, "%s/" SERVER_FUZZ_DIR "%ld", tmp, (long)getpid());
    remove_dir(g_dir); /* a folder of an earlier process with this id */
    FUZZ_ASSERT(mkdir(g_dir, 0700) == 0);
    snprintf(g_db_path, sizeof g_db_path, "%s/" SERVER_FUZZ_DB, g_dir);
    char err[512];
    g_store = store_open(g_db_path, 0, err, sizeof err);
    if (!g_store)
        fprintf(stderr, "%s\n", err);
    FUZZ_ASSERT(g_store && g_db);
    db_tables();
    atexit(remove_db);
    g_cfg.guests = 1;
    g_cfg.review_threads = 0;
#ifdef XQ_FUZZ_BOOK
    if (access(XQ_FUZZ_BOOK, R_OK) == 0)
        g_cfg.book_path = XQ_FUZZ_BOOK;
    else
#endif
        g_cfg.no_book = 1;
    FUZZ_ASSERT(explore_init(err, sizeof err) == 0);
    FUZZ_ASSERT((g_broker = broker_local_new()) != NULL);
    FUZZ_ASSERT(lobby_init(g_store, g_broker) == 0);
    profile_init(g_store);
    game_pgn_init(g_store);
    work_set_inline(1);
    accounts_set_hash_cost(crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN);
    engine_set_depth(SERVER_FUZZ_ENGINE_DEPTH);
    FUZZ_ASSERT(accounts_init(g_store, g_broker) == 0);
    FUZZ_ASSERT(engine_init(1) == 0);
    FUZZ_ASSERT(review_init(0, g_store) == 0);
    FUZZ_ASSERT(game_restore_all(g_store, g_broker) == 0);
    FUZZ_ASSERT(lobby_site_start(g_store, g_broker, NULL) == 0);
}

/* Back to an empty server. */
static void reset(void)
{
    fake_net_drop_all();
    fake_time_advance((int64_t)(g_cfg.grace_s + 1) * 1000000);
    games_shutdown();
    fake_time_settle();
    fake_time_advance((int64_t)SERVER_FUZZ_IDLE_S * 1000000);
    db_empty();
    fake_net_forget();
}

/* TEXT with @o @g @t replaced, into out (NUL-terminated); its length. */
static size_t substitute(const char *text, size_t len, char *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < cap; i++) {
        char rep[2 * SRV_TOKEN_BYTES + 1];
        rep[0] = 0;
        if (text[i] == '@' && i + 1 < len) {
            if (text[i + 1] == 'o' || text[i + 1] == 'g')
                snprintf(rep, sizeof rep, "%lld",
                         (long long)fake_net_last(text[i + 1] == 'o' ? "offer" : "game"));
            else if (text[i + 1] == 't' && fake_net_token())
                snprintf(rep, sizeof rep, "%s", fake_net_token());
        }
        if (rep[0]) {
            size_t rl = strlen(rep);
            if (n + rl + 1 > cap)
                break;
            memcpy(out + n, rep, rl);
            n += rl;
            i++;
        } else
            out[n++] = text[i];
    }
    out[n] = 0;
    return n;
}

static void run_line(int transport, const char *line, size_t len)
{
    if (len == 0)
        return;
    unsigned char first = (unsigned char)line[0];
    if (first == 'x' && len == 2 && line[1] >= '0' && line[1] < '0' + FAKE_CONNS) {
        fake_net_drop(line[1] - '0');
    } else if (first == '+') {
        long s = 0;
        for (size_t i = 1; i < len && i < 8 && line[i] >= '0' && line[i] <= '9'; i++)
            s = s * 10 + (line[i] - '0');
        if (s > SERVER_FUZZ_MAX_STEP_S)
            s = SERVER_FUZZ_MAX_STEP_S;
        fake_time_advance((int64_t)s * 1000000);
    } else {
        int slot = first % FAKE_CONNS;
        size_t skip = 0;
        if (first >= '0' && first < '0' + FAKE_CONNS) {
            slot = first - '0';
            skip = len > 1 && line[1] == ' ' ? 2 : 1;
        }
        /* an exact copy, so a read past the message is caught (NUL-terminated
         * on the line transport, as net.c hands lines on) */
        char *text = malloc(SRV_MAX_MESSAGE * 2 + 1);
        FUZZ_ASSERT(text);
        size_t n = substitute(line + skip, len - skip, text, SRV_MAX_MESSAGE * 2 + 1);
        char *exact = malloc(n + (transport == T_LINE));
        FUZZ_ASSERT(exact || n == 0);
        if (exact) {
            memcpy(exact, text, n + (transport == T_LINE));
            fake_net_receive(slot, transport, exact, n);
        } else
            fake_net_receive(slot, transport, "", 0);
        free(exact);
        free(text);
    }
    fake_time_settle();
    fake_net_reap();
}

void server_fuzz_run(int transport, const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        setup();
        ready = 1;
    }
    g_rng = SERVER_FUZZ_RNG_SEED;
    size_t at = 0;
    for (int lines = 0; at < size && lines < SERVER_FUZZ_MAX_LINES; lines++) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        run_line(transport, (const char *)data + at, len);
        at += len + 1;
    }
    reset();
}
