/* SPDX-License-Identifier: MIT */
/* xq-server's store (server/store.h), the same cases on each backend: SQLite
 * in a temporary file (check_store), and PostgreSQL (check_store --pg) in a
 * fresh database per case, created in the server that XQ_TEST_PG names (a
 * libpq conninfo of a database the test may create databases from) and
 * dropped after. --pg exits 77 (skipped) without XQ_TEST_PG, or when
 * XQ_TEST_PG_STATUS (tests/server/pg_instance.sh's status file) says the
 * PostgreSQL binaries are absent. The outage case stops and starts an
 * instance of its own (XQ_PG_INSTANCE: the script; XQ_PG_PRIVATE: its folder).
 *
 * Users (unique names whatever their case), sessions, a game's rows (moves,
 * take-back, draw offer, end, ratings, opening), the lists (unfinished; finished
 * by user, before an id, by ECCO prefix, limited), chat, reviews, a user's
 * record and rating history, transactions rolled back, a finished game's final
 * state (stored, and filled from its moves in a store of schema 5), game
 * ownership (claims, leases renewed, lapsed and released, moves stored only by
 * the owner), and for PostgreSQL a server stopped and started again under an
 * open handle, and the processes of a site racing: two claimers of a game (one
 * wins), a move against a takeover (stored and acknowledged, or refused);
 * the lobby's offers (schema 8: added, taken once, removed by author and with
 * a lapsed process; presence) and, for PostgreSQL, two takers of each offer
 * at once (exactly one wins). */
#include "xq_test.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef XQ_HAVE_LIBPQ
#include <libpq-fe.h>
#endif

#include <sqlite3.h>

#include "store.h"

/* Seconds the outage case waits for the store to work again after the
 * server is back (it tries to connect again at most every SRV_PG_RETRY_MS). */
#define OUTAGE_WAIT_S 20
/* The games two claimers race for, and the plies a dying owner tries to store
 * while its game is taken over (the races of PostgreSQL). */
#define RACE_GAMES 60
#define RACE_PLIES 20000
/* A lease no case outlives (ms). */
#define LONG_LEASE_MS 600000

static int g_pg;          /* the PostgreSQL run */
static store *g_s;        /* the fixture's store */
static char g_dir[256];   /* SQLite: the temporary folder */
static char g_target[1024]; /* the fixture's store, as store_open() takes it */

#ifdef XQ_HAVE_LIBPQ
static char g_dbname[64]; /* PostgreSQL: the fresh database */

/* Run SQL on the server @p conninfo names (as its database); fails the case on an error. */
static void admin_exec(const char *conninfo, const char *sql)
{
    PGconn *c = PQconnectdb(conninfo);
    ck_assert_msg(PQstatus(c) == CONNECTION_OK, "%s: %s", conninfo, PQerrorMessage(c));
    PGresult *r = PQexec(c, sql);
    ck_assert_msg(PQresultStatus(r) == PGRES_COMMAND_OK, "%s: %s", sql, PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
}

/* The --db target of database @p dbname on the server @p conninfo names:
 * "postgresql:" and its key=value conninfo, dbname replaced. */
static void pg_target(const char *conninfo, const char *dbname, char *buf, size_t cap)
{
    char *err = NULL;
    PQconninfoOption *opts = PQconninfoParse(conninfo, &err);
    ck_assert_msg(opts, "XQ_TEST_PG: %s", err ? err : "?");
    size_t n = (size_t)snprintf(buf, cap, "postgresql:dbname=%s", dbname);
    for (PQconninfoOption *o = opts; o->keyword; o++) {
        if (!o->val || strcmp(o->keyword, "dbname") == 0)
            continue;
        n += (size_t)snprintf(buf + n, cap - n, " %s='", o->keyword);
        for (const char *v = o->val; *v && n + 3 < cap; v++) {
            if (*v == '\'' || *v == '\\')
                buf[n++] = '\\';
            buf[n++] = *v;
        }
        n += (size_t)snprintf(buf + n, cap - n, "'");
        ck_assert_uint_lt(n, cap);
    }
    PQconninfoFree(opts);
}

/* A fresh database on the server @p conninfo names; its target in buf. */
static void pg_create(const char *conninfo, char *buf, size_t cap)
{
    static int seq;
    char sql[128];
    snprintf(g_dbname, sizeof g_dbname, "xq_store_%ld_%d", (long)getpid(), seq++);
    snprintf(sql, sizeof sql, "CREATE DATABASE %s", g_dbname);
    admin_exec(conninfo, sql);
    pg_target(conninfo, g_dbname, buf, cap);
}

static void pg_drop(const char *conninfo)
{
    char sql[128];
    snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s WITH (FORCE)", g_dbname);
    admin_exec(conninfo, sql);
    g_dbname[0] = 0;
}
#endif

static void open_fresh(void)
{
    char *target = g_target, err[1024] = "";
    if (g_pg) {
#ifdef XQ_HAVE_LIBPQ
        pg_create(getenv("XQ_TEST_PG"), target, sizeof g_target);
#endif
    } else {
        snprintf(g_dir, sizeof g_dir, "/tmp/xq-check-store-XXXXXX");
        ck_assert_ptr_nonnull(mkdtemp(g_dir));
        snprintf(target, sizeof g_target, "%s/t.db", g_dir);
    }
    g_s = store_open(target, 0, err, sizeof err);
    ck_assert_msg(g_s != NULL, "store_open: %s", err);
}

static void close_fresh(void)
{
    store_close(g_s);
    g_s = NULL;
    if (g_pg) {
#ifdef XQ_HAVE_LIBPQ
        pg_drop(getenv("XQ_TEST_PG"));
#endif
    } else {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
        ck_assert_int_eq(system(cmd), 0);
    }
}

static int64_t new_user(const char *name)
{
    int64_t id = 0;
    ck_assert_int_eq(store_user_create(g_s, name, "hash", 0, &id), ST_OK);
    ck_assert_int_gt(id, 0);
    return id;
}

/* A game between red and black (0: the engine), its id. */
static int64_t new_game(int64_t red, int64_t black, int rated)
{
    store_game g;
    memset(&g, 0, sizeof g);
    g.uid[0] = red;
    g.uid[1] = black;
    snprintf(g.name[0], sizeof g.name[0], "%s", red ? "r" : "engine");
    snprintf(g.name[1], sizeof g.name[1], "%s", black ? "b" : "engine");
    g.rating[0] = 1500.25;
    g.rating[1] = 1499.75;
    g.engine_level = red && black ? -1 : 3;
    g.engine_color = red && black ? -1 : red ? 1 : 0;
    g.ruleset = 1;
    g.base_s = 300;
    g.inc_s = 2;
    g.rated = rated;
    g.clock_ms[0] = g.clock_ms[1] = 300000;
    ck_assert_int_eq(store_game_create(g_s, &g), ST_OK);
    ck_assert_int_gt(g.id, 0);
    ck_assert_int_gt(g.created, 0);
    return g.id;
}

static void finish(int64_t gid, int result, const char *eco)
{
    ck_assert_int_eq(store_game_finish(g_s, gid, result, "checkmate", "Red mates.", 1000, 2000),
                     ST_OK);
    if (eco)
        ck_assert_int_eq(store_game_set_eco(g_s, gid, eco, 6), ST_OK);
}

START_TEST(users)
{
    int64_t a = new_user("alice"), id = 0;
    ck_assert_int_eq(store_user_create(g_s, "ALICE", "x", 0, &id), ST_EXISTS);
    ck_assert_int_eq(store_user_create(g_s, "Alice", "x", 1, &id), ST_EXISTS);
    store_user u;
    ck_assert_int_eq(store_user_by_name(g_s, "aLiCe", &u), ST_OK);
    ck_assert_int_eq(u.id, a);
    ck_assert_str_eq(u.name, "alice");
    ck_assert_str_eq(u.pwhash, "hash");
    ck_assert_int_eq(u.guest, 0);
    ck_assert(u.rating == 1500 && u.games == 0 && u.deviation == 350 && u.volatility == 0.06);
    ck_assert_int_eq(store_user_by_name(g_s, "bob", &u), ST_NOTFOUND);
    ck_assert_int_eq(store_user_by_id(g_s, a + 100, &u), ST_NOTFOUND);
    int64_t g = 0;
    ck_assert_int_eq(store_user_create(g_s, "Guest-7", NULL, 1, &g), ST_OK);
    ck_assert_int_ne(g, a);
    ck_assert_int_eq(store_user_by_id(g_s, g, &u), ST_OK);
    ck_assert_str_eq(u.name, "Guest-7");
    ck_assert_str_eq(u.pwhash, "");
    ck_assert_int_eq(u.guest, 1);
    glicko r = {1612.3456789012345, 87.654321098765, 0.0599999123};
    ck_assert_int_eq(store_user_set_rating(g_s, a, &r, 7), ST_OK);
    ck_assert_int_eq(store_user_by_id(g_s, a, &u), ST_OK);
    ck_assert(u.rating == r.rating && u.deviation == r.deviation && u.volatility == r.volatility);
    ck_assert_int_eq(u.games, 7);
}
END_TEST

START_TEST(sessions)
{
    int64_t a = new_user("alice"), uid = 0;
    ck_assert_int_eq(store_session_add(g_s, "tok1", a), ST_OK);
    ck_assert_int_eq(store_session_add(g_s, "tok1", a), ST_EXISTS);
    ck_assert_int_eq(store_session_find(g_s, "tok1", &uid), ST_OK);
    ck_assert_int_eq(uid, a);
    ck_assert_int_eq(store_session_find(g_s, "TOK1", &uid), ST_NOTFOUND);
    ck_assert_int_eq(store_session_delete(g_s, "tok1"), ST_OK);
    ck_assert_int_eq(store_session_find(g_s, "tok1", &uid), ST_NOTFOUND);
}
END_TEST

typedef struct moves_seen {
    int n, ply[8];
    char mv[8][8];
    int64_t red[8], black[8];
} moves_seen;

static int collect_move(int ply, const char *mv, int64_t red_ms, int64_t black_ms, void *arg)
{
    moves_seen *m = arg;
    m->ply[m->n] = ply;
    snprintf(m->mv[m->n], sizeof m->mv[m->n], "%s", mv);
    m->red[m->n] = red_ms;
    m->black[m->n] = black_ms;
    return ++m->n == 8;
}

START_TEST(game_rows)
{
    int64_t a = new_user("alice"), gid = new_game(a, 0, 0);
    store_game g;
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert(g.id == gid && g.uid[0] == a && g.uid[1] == 0);
    ck_assert_str_eq(g.name[1], "engine");
    ck_assert(g.rating[0] == 1500.25 && g.rating[1] == 1499.75);
    ck_assert(g.engine_level == 3 && g.engine_color == 1 && g.ruleset == 1);
    ck_assert(g.base_s == 300 && g.inc_s == 2 && g.rated == 0 && g.result == 0);
    ck_assert(g.clock_ms[0] == 300000 && g.plies == 0 && g.draw_offer == -1 && !g.has_after);
    ck_assert(g.eco[0] == 0 && g.eco_ply == -1 && g.ended == 0 && g.reason[0] == 0);
    ck_assert_int_eq(store_game_get(g_s, gid + 100, &g), ST_NOTFOUND);
    const char *mv[] = {"h2e2", "h9g7", "h0g2"};
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(store_move_add(g_s, gid, i + 1, mv[i], 299000 - i, 298000 - i), ST_OK);
    ck_assert_int_eq(store_move_add(g_s, gid, 3, "i9h9", 1, 1), ST_EXISTS);
    moves_seen m = {0};
    ck_assert_int_eq(store_game_moves(g_s, gid, collect_move, &m), ST_OK);
    ck_assert_int_eq(m.n, 3);
    ck_assert(m.ply[2] == 3 && strcmp(m.mv[2], "h0g2") == 0 && m.red[2] == 298998 &&
              m.black[2] == 297998);
    ck_assert_int_eq(store_moves_truncate(g_s, gid, 2), ST_OK);
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert_int_eq(g.plies, 1);
    ck_assert_int_eq(store_game_set_draw_offer(g_s, gid, 1), ST_OK);
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert_int_eq(g.draw_offer, 1);
    ck_assert_int_eq(g.takeback_offer, -1);
    for (int64_t none = -1; none <= 0; none++) /* no game 0, nor below */
        ck_assert_int_eq(store_game_get(g_s, none, &g), ST_NOTFOUND);
    ck_assert_int_eq(store_game_get(g_s, gid + 1000, &g), ST_NOTFOUND);
    ck_assert_int_eq(store_game_set_takeback_offer(g_s, gid, 0), ST_OK);
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert(g.takeback_offer == 0 && g.draw_offer == 1);
    finish(gid, 1, "B00");
    glicko ra = {1510.5, 300.25, 0.06}, rb = {1490.5, 299.75, 0.06};
    ck_assert_int_eq(store_game_set_ratings(g_s, gid, &ra, &rb), ST_OK);
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert(g.result == 1 && g.draw_offer == -1 && g.takeback_offer == -1 && g.ended > 0 &&
              g.has_after); /* the end takes both offers away */
    ck_assert_str_eq(g.reason, "checkmate");
    ck_assert_str_eq(g.text, "Red mates.");
    ck_assert(g.clock_ms[0] == 1000 && g.clock_ms[1] == 2000);
    ck_assert(g.rating_after[0] == 1510.5 && g.rating_after[1] == 1490.5);
    ck_assert(g.deviation_after[0] == 300.25 && g.deviation_after[1] == 299.75);
    ck_assert_str_eq(g.eco, "B00");
    ck_assert_int_eq(g.eco_ply, 6);
}
END_TEST

typedef struct ids {
    int n;
    int64_t id[16];
    int stop_after; /* the callback stops after this many (0: never) */
} ids;

static int collect_game(const store_game *g, void *arg)
{
    ids *x = arg;
    x->id[x->n++] = g->id;
    return x->n == x->stop_after || x->n == 16;
}

static ids finished(int64_t uid, int64_t before, int limit, const char *eco)
{
    ids x = {0};
    ck_assert_int_eq(store_games_finished(g_s, uid, before, limit, eco, collect_game, &x), ST_OK);
    return x;
}

/* The ids store_leases_renew() reports. */
static int collect_id(int64_t gid, void *arg)
{
    ids *x = arg;
    x->id[x->n++] = gid;
    return x->n == 16;
}

static ids renewed(const char *owner, int lease_ms)
{
    ids x = {0};
    ck_assert_int_eq(store_leases_renew(g_s, owner, lease_ms, collect_id, &x), ST_OK);
    return x;
}

static ids lapsed(void)
{
    ids x = {0};
    ck_assert_int_eq(store_games_lapsed(g_s, collect_game, &x), ST_OK);
    return x;
}

/* A game's owner and lease as stored. */
static store_game owned(int64_t gid)
{
    store_game g;
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    return g;
}

/* Ownership (schema 7): claims as compare-and-set, renewals, lapses,
 * releases, and moves stored only while the game is the writer's. */
START_TEST(ownership)
{
    int64_t a = new_user("alice"), b = new_user("bob");
    int64_t g1 = new_game(a, b, 0), g2 = new_game(a, b, 0), g3 = new_game(a, 0, 0);
    store_game g = owned(g1);
    ck_assert(g.owner[0] == 0 && g.lease_until == 0);
    ids x = lapsed(); /* games without an owner may be claimed */
    ck_assert(x.n == 3 && x.id[0] == g1 && x.id[1] == g2 && x.id[2] == g3);
    ck_assert_int_eq(store_game_claim(g_s, g1, "A", LONG_LEASE_MS), ST_OK);
    g = owned(g1);
    ck_assert_str_eq(g.owner, "A");
    ck_assert_int_gt(g.lease_until, (int64_t)1700000000 * 1000); /* ms since the epoch */
    ck_assert_int_eq(store_game_claim(g_s, g1, "B", LONG_LEASE_MS), ST_EXISTS);
    ck_assert_int_eq(store_game_claim(g_s, g1, "A", LONG_LEASE_MS), ST_OK); /* mine already */
    ck_assert_int_eq(store_game_claim(g_s, g1 + 100, "A", LONG_LEASE_MS), ST_NOTFOUND);
    ck_assert_int_eq(store_game_claim(g_s, g2, "A", LONG_LEASE_MS), ST_OK);
    ck_assert_int_eq(store_game_claim(g_s, g3, "B", LONG_LEASE_MS), ST_OK);
    ck_assert_int_eq(lapsed().n, 0);
    /* moves: only the owner's are stored */
    ck_assert_int_eq(store_move_add_owned(g_s, g1, 1, "h2e2", 1, 1, "B"), ST_NOT_OWNER);
    ck_assert_int_eq(store_move_add_owned(g_s, g1, 1, "h2e2", 1, 1, "A"), ST_OK);
    ck_assert_int_eq(store_move_add_owned(g_s, g1, 1, "h2e2", 1, 1, "A"), ST_EXISTS);
    ck_assert_int_eq(owned(g1).plies, 1);
    /* renewals: each of the owner's games, and only those */
    x = renewed("A", LONG_LEASE_MS);
    ck_assert(x.n == 2 && ((x.id[0] == g1 && x.id[1] == g2) || (x.id[0] == g2 && x.id[1] == g1)));
    /* a lease that lapses (0 ms: at once) is listed and taken over */
    ck_assert_int_eq(store_game_claim(g_s, g2, "A", 0), ST_OK);
    x = lapsed();
    ck_assert(x.n == 1 && x.id[0] == g2);
    ck_assert_int_eq(store_move_add_owned(g_s, g2, 1, "h2e2", 1, 1, "A"), ST_OK); /* still A's */
    ck_assert_int_eq(store_game_claim(g_s, g2, "B", LONG_LEASE_MS), ST_OK);
    ck_assert_str_eq(owned(g2).owner, "B");
    ck_assert_int_eq(store_move_add_owned(g_s, g2, 2, "h9g7", 1, 1, "A"), ST_NOT_OWNER);
    ck_assert_int_eq(store_move_add_owned(g_s, g2, 2, "h9g7", 1, 1, "B"), ST_OK);
    ck_assert_int_eq(owned(g2).plies, 2);
    x = renewed("A", LONG_LEASE_MS); /* A hears that g2 is no longer its */
    ck_assert(x.n == 1 && x.id[0] == g1);
    ck_assert_int_eq(lapsed().n, 0);
    /* released: free for anyone at once */
    ck_assert_int_eq(store_leases_release(g_s, "A"), ST_OK);
    g = owned(g1);
    ck_assert(g.owner[0] == 0 && g.lease_until == 0);
    x = lapsed();
    ck_assert(x.n == 1 && x.id[0] == g1);
    ck_assert_int_eq(renewed("A", LONG_LEASE_MS).n, 0);
    ck_assert_int_eq(store_game_claim(g_s, g1, "B", LONG_LEASE_MS), ST_OK);
    /* a finished game is nobody's to claim or to move in, nor renewed */
    finish(g3, 1, NULL);
    ck_assert_int_eq(store_game_claim(g_s, g3, "B", LONG_LEASE_MS), ST_NOTFOUND);
    ck_assert_int_eq(store_move_add_owned(g_s, g3, 1, "h2e2", 1, 1, "B"), ST_NOT_OWNER);
    x = renewed("B", LONG_LEASE_MS);
    ck_assert_int_eq(x.n, 2);
    ck_assert_int_eq(renewed("nobody", LONG_LEASE_MS).n, 0);
    ck_assert_int_eq(store_leases_renew(g_s, "B", LONG_LEASE_MS, NULL, NULL), ST_OK);
    /* inside a transaction rolled back, a move of the owner is not kept */
    ck_assert_int_eq(store_begin(g_s), ST_OK);
    ck_assert_int_eq(store_move_add_owned(g_s, g1, 2, "h9g7", 1, 1, "B"), ST_OK);
    store_rollback(g_s);
    ck_assert_int_eq(owned(g1).plies, 1);
}
END_TEST

START_TEST(lists)
{
    int64_t a = new_user("alice"), b = new_user("bob"), c = new_user("carol");
    int64_t g1 = new_game(a, b, 1), g2 = new_game(b, c, 1), g3 = new_game(a, c, 0);
    int64_t g4 = new_game(c, a, 0), g5 = new_game(a, 0, 0);
    finish(g1, 1, "C48");
    finish(g2, 3, "C5");
    finish(g3, 2, "A13");
    finish(g5, 4, NULL);
    ids live = {0};
    ck_assert_int_eq(store_games_unfinished(g_s, collect_game, &live), ST_OK);
    ck_assert(live.n == 1 && live.id[0] == g4);
    ids x = finished(0, 0, 10, NULL);
    ck_assert(x.n == 4 && x.id[0] == g5 && x.id[1] == g3 && x.id[2] == g2 && x.id[3] == g1);
    x = finished(0, 0, 2, "");
    ck_assert(x.n == 2 && x.id[0] == g5 && x.id[1] == g3);
    x = finished(0, g3, 10, NULL);
    ck_assert(x.n == 2 && x.id[0] == g2 && x.id[1] == g1);
    x = finished(a, 0, 10, NULL);
    ck_assert(x.n == 3 && x.id[0] == g5 && x.id[1] == g3 && x.id[2] == g1);
    x = finished(c, 0, 10, NULL);
    ck_assert(x.n == 2 && x.id[0] == g3 && x.id[1] == g2);
    x = finished(0, 0, 10, "C");
    ck_assert(x.n == 2 && x.id[0] == g2 && x.id[1] == g1);
    x = finished(0, 0, 10, "C4");
    ck_assert(x.n == 1 && x.id[0] == g1);
    x = finished(0, 0, 10, "C48");
    ck_assert(x.n == 1 && x.id[0] == g1);
    x = finished(0, 0, 10, "C5");
    ck_assert(x.n == 1 && x.id[0] == g2);
    x = finished(0, 0, 10, "E");
    ck_assert_int_eq(x.n, 0);
    x = finished(a, 0, 10, "C");
    ck_assert(x.n == 1 && x.id[0] == g1);
    x = finished(a, g1, 10, "C");
    ck_assert_int_eq(x.n, 0);
    x = finished(b, 0, 10, "A");
    ck_assert_int_eq(x.n, 0);
    ids stop = {.stop_after = 1};
    ck_assert_int_eq(store_games_finished(g_s, 0, 0, 10, NULL, collect_game, &stop), ST_OK);
    ck_assert(stop.n == 1 && stop.id[0] == g5);
}
END_TEST

typedef struct chat_seen {
    int n;
    char text[8][16];
    int64_t at[8];
} chat_seen;

static int collect_chat(const char *from, const char *text, int64_t at, void *arg)
{
    chat_seen *c = arg;
    ck_assert_str_eq(from, "alice");
    snprintf(c->text[c->n], sizeof c->text[c->n], "%s", text);
    c->at[c->n] = at;
    return ++c->n == 8;
}

START_TEST(chat)
{
    int64_t a = new_user("alice"), gid = new_game(a, 0, 0);
    char line[16];
    for (int i = 0; i < 5; i++) {
        snprintf(line, sizeof line, "line %d '\"", i);
        ck_assert_int_eq(store_chat_add(g_s, gid, "alice", line), ST_OK);
    }
    chat_seen c = {0};
    ck_assert_int_eq(store_chat_get(g_s, gid, 3, collect_chat, &c), ST_OK);
    ck_assert_int_eq(c.n, 3);
    ck_assert_str_eq(c.text[0], "line 2 '\"");
    ck_assert_str_eq(c.text[2], "line 4 '\"");
    ck_assert_int_gt(c.at[0], 0);
    chat_seen none = {0};
    ck_assert_int_eq(store_chat_get(g_s, gid + 1, 3, collect_chat, &none), ST_OK);
    ck_assert_int_eq(none.n, 0);
}
END_TEST

START_TEST(reviews)
{
    int64_t a = new_user("alice"), gid = new_game(a, 0, 0);
    char *json = (char *)"x";
    ck_assert_int_eq(store_review_get(g_s, gid, &json), ST_NOTFOUND);
    ck_assert_ptr_null(json);
    ck_assert_int_eq(store_review_put(g_s, gid, "{\"moves\": [1]}"), ST_OK);
    ck_assert_int_eq(store_review_get(g_s, gid, &json), ST_OK);
    ck_assert_str_eq(json, "{\"moves\": [1]}");
    free(json);
    ck_assert_int_eq(store_review_put(g_s, gid, "{\"moves\": [2]}"), ST_OK);
    ck_assert_int_eq(store_review_get(g_s, gid, &json), ST_OK);
    ck_assert_str_eq(json, "{\"moves\": [2]}");
    free(json);
}
END_TEST

typedef struct points {
    int n;
    int64_t gid[8];
    double rating[8], deviation[8];
} points;

static int collect_point(int64_t gid, int64_t ended, double rating, double deviation, void *arg)
{
    points *p = arg;
    ck_assert_int_gt(ended, 0);
    p->gid[p->n] = gid;
    p->rating[p->n] = rating;
    p->deviation[p->n] = deviation;
    return ++p->n == 8;
}

START_TEST(record_and_history)
{
    int64_t a = new_user("alice"), b = new_user("bob");
    int64_t won = new_game(a, b, 1), drawn = new_game(b, a, 1), lost = new_game(b, a, 1);
    int64_t aborted = new_game(a, b, 0);
    new_game(a, b, 0); /* unfinished */
    finish(won, 1, NULL);
    finish(drawn, 3, NULL);
    finish(lost, 1, NULL);
    finish(aborted, 4, NULL);
    glicko r1 = {1600, 300, 0.06}, r2 = {1400, 301, 0.06}, r3 = {1590, 290, 0.06};
    glicko r4 = {1410, 291, 0.06}, r5 = {1580, 280, 0.06}, r6 = {1420, 281, 0.06};
    ck_assert_int_eq(store_game_set_ratings(g_s, won, &r1, &r2), ST_OK);
    ck_assert_int_eq(store_game_set_ratings(g_s, drawn, &r4, &r3), ST_OK);
    ck_assert_int_eq(store_game_set_ratings(g_s, lost, &r6, &r5), ST_OK);
    int wdl[3] = {-1, -1, -1};
    ck_assert_int_eq(store_user_record(g_s, a, wdl), ST_OK);
    ck_assert(wdl[0] == 1 && wdl[1] == 1 && wdl[2] == 1);
    ck_assert_int_eq(store_user_record(g_s, a + 100, wdl), ST_OK);
    ck_assert(wdl[0] == 0 && wdl[1] == 0 && wdl[2] == 0);
    points p = {0};
    ck_assert_int_eq(store_user_history(g_s, a, 2, collect_point, &p), ST_OK);
    ck_assert_int_eq(p.n, 2); /* the last two, oldest first: as black in both */
    ck_assert(p.gid[0] == drawn && p.rating[0] == 1590 && p.deviation[0] == 290);
    ck_assert(p.gid[1] == lost && p.rating[1] == 1580 && p.deviation[1] == 280);
    points all = {0};
    ck_assert_int_eq(store_user_history(g_s, b, 10, collect_point, &all), ST_OK);
    ck_assert(all.n == 3 && all.gid[0] == won && all.rating[0] == 1400 && all.rating[2] == 1420);
}
END_TEST

START_TEST(transactions)
{
    int64_t a = new_user("alice"), gid = new_game(a, 0, 0);
    ck_assert_int_eq(store_begin(g_s), ST_OK);
    ck_assert_int_eq(store_move_add(g_s, gid, 1, "h2e2", 1, 1), ST_OK);
    ck_assert_int_eq(store_game_set_draw_offer(g_s, gid, 0), ST_OK);
    store_rollback(g_s);
    store_game g;
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert(g.plies == 0 && g.draw_offer == -1);
    /* a failed statement inside: rolled back by the caller, nothing kept */
    ck_assert_int_eq(store_move_add(g_s, gid, 1, "h2e2", 1, 1), ST_OK);
    ck_assert_int_eq(store_begin(g_s), ST_OK);
    ck_assert_int_eq(store_game_set_draw_offer(g_s, gid, 1), ST_OK);
    ck_assert_int_eq(store_move_add(g_s, gid, 1, "h2e2", 1, 1), ST_EXISTS);
    store_rollback(g_s);
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert(g.plies == 1 && g.draw_offer == -1);
    ck_assert_int_eq(store_begin(g_s), ST_OK);
    ck_assert_int_eq(store_move_add(g_s, gid, 2, "h9g7", 1, 1), ST_OK);
    ck_assert_int_eq(store_game_set_draw_offer(g_s, gid, 1), ST_OK);
    ck_assert_int_eq(store_commit(g_s), ST_OK);
    store_rollback(g_s); /* nothing open: no-op */
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert(g.plies == 2 && g.draw_offer == 1);
}
END_TEST

/* Run SQL on the fixture's store behind its back (the handle closed). */
static void store_sql(const char *sqlite_sql, const char *pg_sql)
{
    if (g_pg) {
#ifdef XQ_HAVE_LIBPQ
        char db[1100];
        pg_target(getenv("XQ_TEST_PG"), g_dbname, db, sizeof db);
        admin_exec(db + strlen("postgresql:"), pg_sql);
#endif
        return;
    }
    sqlite3 *db;
    char *emsg = NULL;
    ck_assert_int_eq(sqlite3_open(g_target, &db), SQLITE_OK);
    int rc = sqlite3_exec(db, sqlite_sql, NULL, NULL, &emsg);
    ck_assert_msg(rc == SQLITE_OK, "%s: %s", sqlite_sql, emsg ? emsg : "?");
    sqlite3_close(db);
}

/* A finished game's final state: stored and read back; none for a live game;
 * and in a store of schema 5 (without the columns) filled from the finished
 * games' moves when it is opened. The moves: Red's cannon checks at ply 5. */
START_TEST(final_states)
{
    static const char *const mv[] = {"a0a2", "c9a7", "a2a1", "i9i7", "b2b9"};
    int64_t a = new_user("alice"), b = new_user("bob");
    int64_t gid = new_game(a, b, 0), live = new_game(a, b, 0), bad = new_game(a, b, 0);
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(store_move_add(g_s, gid, i + 1, mv[i], 1, 1), ST_OK);
        ck_assert_int_eq(store_move_add(g_s, live, i + 1, mv[i], 1, 1), ST_OK);
    }
    /* a damaged game: its second move is not legal there (nor is the third ICCS) */
    static const char *const damaged[] = {"h2e2", "h2e2", "zz"};
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(store_move_add(g_s, bad, i + 1, damaged[i], 1, 1), ST_OK);
    finish(bad, 4, NULL);
    store_final f;
    ck_assert_int_eq(store_game_final(g_s, gid, &f), ST_NOTFOUND);
    ck_assert_int_eq(store_game_final(g_s, 0, &f), ST_NOTFOUND);
    char fen[] = "9/9/9/9/9/9/9/9/9/9 w", wxf[] = "w1 w2", zh[] = "z1 z2", checks[] = "2";
    store_final set = {fen, 1, wxf, zh, checks};
    finish(gid, 1, NULL);
    ck_assert_int_eq(store_game_set_final(g_s, gid, &set), ST_OK);
    ck_assert_int_eq(store_game_final(g_s, gid, &f), ST_OK);
    ck_assert(strcmp(f.fen, fen) == 0 && f.check == 1 && strcmp(f.wxf, wxf) == 0 &&
              strcmp(f.zh, zh) == 0 && strcmp(f.checks, checks) == 0);
    store_final_free(&f);
    ck_assert_ptr_null(f.fen);
    store_final_free(&f); /* again: nothing to free */
    ck_assert_int_eq(store_game_final(g_s, live, &f), ST_NOTFOUND);
    store_close(g_s);
    g_s = NULL;
    store_sql("ALTER TABLE games DROP COLUMN final_fen; ALTER TABLE games DROP COLUMN final_check;"
              " ALTER TABLE games DROP COLUMN final_wxf; ALTER TABLE games DROP COLUMN final_zh;"
              " ALTER TABLE games DROP COLUMN final_checks; DROP INDEX games_owner;"
              " ALTER TABLE games DROP COLUMN owner; ALTER TABLE games DROP COLUMN lease_until;"
              " UPDATE meta SET value = '5' WHERE key = 'schema'",
              "ALTER TABLE games DROP COLUMN final_fen, DROP COLUMN final_check,"
              " DROP COLUMN final_wxf, DROP COLUMN final_zh, DROP COLUMN final_checks,"
              " DROP COLUMN owner, DROP COLUMN lease_until;"
              " DROP TABLE offers, presence, processes;"
              " UPDATE meta SET value = '5' WHERE key = 'schema'");
    char err[1024] = "";
    g_s = store_open(g_target, 0, err, sizeof err);
    ck_assert_msg(g_s != NULL, "%s", err);
    ck_assert_int_eq(store_game_final(g_s, gid, &f), ST_OK);
    ck_assert_str_eq(f.fen, "rC1akabn1/9/bc5cr/p1p1p1p1p/9/9/P1P1P1P1P/7C1/R8/1NBAKABNR b - - 0 3");
    ck_assert_int_eq(f.check, 1);
    ck_assert_str_eq(f.wxf, "R9+2 E3+1 R9-1 R9+2 C8+7");
    ck_assert_str_eq(f.zh, "车九进二 象３进１ 车九退一 车９进２ 炮八进七");
    ck_assert_str_eq(f.checks, "5");
    store_final_free(&f);
    ck_assert_int_eq(store_game_final(g_s, live, &f), ST_NOTFOUND);
    /* the damaged game does not stop the store from opening: its moves up to
     * the first that is not legal */
    ck_assert_int_eq(store_game_final(g_s, bad, &f), ST_OK);
    ck_assert_str_eq(f.wxf, "C2.5");
    ck_assert_str_eq(f.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    ck_assert_int_eq(f.check, 0);
    ck_assert_str_eq(f.checks, "");
    store_final_free(&f);
    /* the owners' columns (schema 7) too: a live game is claimed */
    ck_assert_int_eq(store_game_claim(g_s, live, "A", LONG_LEASE_MS), ST_OK);
    ck_assert_str_eq(owned(live).owner, "A");
    /* the new columns are there: a final state is stored again */
    ck_assert_int_eq(store_game_set_final(g_s, gid, &set), ST_OK);
    ck_assert_int_eq(store_game_final(g_s, gid, &f), ST_OK);
    ck_assert_str_eq(f.fen, fen);
    store_final_free(&f);
}
END_TEST

/* A store opened again keeps what it held (its schema is there already). */
START_TEST(reopen)
{
    int64_t a = new_user("alice"), gid = new_game(a, 0, 0);
    ck_assert_int_eq(store_move_add(g_s, gid, 1, "h2e2", 1, 1), ST_OK);
    store_close(g_s);
    char err[1024] = "";
    g_s = store_open(g_target, 1, err, sizeof err);
    ck_assert_msg(g_s != NULL, "%s", err);
    store_user u;
    ck_assert_int_eq(store_user_by_name(g_s, "ALICE", &u), ST_OK);
    ck_assert_int_eq(u.id, a);
    store_game g;
    ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
    ck_assert_int_eq(g.plies, 1);
    ck_assert_int_gt(new_user("bob"), a);
#ifdef XQ_HAVE_LIBPQ
    if (g_pg) {
        char db[1100];
        pg_target(getenv("XQ_TEST_PG"), g_dbname, db, sizeof db);
        /* a database of schema 4 (before take-back requests, final states and
         * owners were stored) is migrated to 7 at open, its games keeping what
         * they held (no owner: free to claim) */
        ck_assert_int_eq(store_game_set_draw_offer(g_s, gid, 1), ST_OK);
        store_close(g_s);
        admin_exec(db + strlen("postgresql:"),
                   "ALTER TABLE games DROP COLUMN takeback_offer, DROP COLUMN final_fen,"
                   " DROP COLUMN final_check, DROP COLUMN final_wxf, DROP COLUMN final_zh,"
                   " DROP COLUMN final_checks, DROP COLUMN owner, DROP COLUMN lease_until;"
                   " DROP TABLE offers, presence, processes;"
                   " UPDATE meta SET value = '4' WHERE key = 'schema'");
        g_s = store_open(g_target, 1, err, sizeof err);
        ck_assert_msg(g_s != NULL, "%s", err);
        ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
        ck_assert(g.plies == 1 && g.draw_offer == 1 && g.takeback_offer == -1);
        ck_assert(g.owner[0] == 0 && g.lease_until == 0);
        ck_assert_int_eq(store_game_claim(g_s, gid, "A", LONG_LEASE_MS), ST_OK);
        ck_assert_int_eq(store_game_set_takeback_offer(g_s, gid, 0), ST_OK);
        ck_assert_int_eq(store_game_get(g_s, gid, &g), ST_OK);
        ck_assert_int_eq(g.takeback_offer, 0);
        /* a database of a newer schema is refused */
        store_close(g_s);
        g_s = NULL;
        admin_exec(db + strlen("postgresql:"), "UPDATE meta SET value = '99' WHERE key = 'schema'");
        ck_assert_ptr_null(store_open(g_target, 0, err, sizeof err));
        ck_assert_msg(strstr(err, "schema 99, newer"), "%s", err);
    }
#endif
}
END_TEST

START_TEST(unreachable)
{
    char err[1024] = "";
    store *s = store_open(g_pg ? "postgresql://xq@/none?host=/nonexistent-xq-dir"
                               : "/nonexistent-xq-dir/t.db",
                          0, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strstr(err, g_pg ? "PostgreSQL: cannot connect" : "nonexistent-xq-dir"), "%s",
                  err);
}
END_TEST

START_TEST(target_show)
{
    static const char *const cases[][2] = {
        {"/var/lib/xq-server/xq-server.db", "/var/lib/xq-server/xq-server.db"},
        {"postgresql://xq:s3cret@db.example:5433/xq", "postgresql://xq:***@db.example:5433/xq"},
        {"postgres://xq@db/xq?sslmode=require", "postgres://xq@db/xq?sslmode=require"},
        {"postgresql:///xq?host=/run/pg&password=s3cret&user=xq",
         "postgresql:///xq?host=/run/pg&password=***&user=xq"},
        {"postgresql:host=db password=s3cret dbname=xq",
         "postgresql:host=db password=*** dbname=xq"},
        {"postgresql:password=s3cret", "postgresql:password=***"},
        {"/srv/password=x.db", "/srv/password=x.db"},
    };
    char buf[128];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        store_target_show(cases[i][0], buf, sizeof buf);
        ck_assert_str_eq(buf, cases[i][1]);
    }
    store_target_show("postgresql://xq:s3cret@db/xq", buf, 12);
    ck_assert_str_eq(buf, "postgresql:");
    store_target_show("postgresql://xq:s3cret@db/xq", buf, 20);
    ck_assert_str_eq(buf, "postgresql://xq:***");
}
END_TEST

#ifdef XQ_HAVE_LIBPQ
static int instance(const char *cmd, const char *dir)
{
    char line[1024];
    snprintf(line, sizeof line, "'%s' %s '%s' >/dev/null", getenv("XQ_PG_INSTANCE"), cmd, dir);
    return system(line);
}

/* The outage: the store's server stops under an open handle (ST_ERROR, with
 * a message) and starts again (the same handle works, nothing half-stored). */
START_TEST(outage)
{
    const char *script = getenv("XQ_PG_INSTANCE"), *base = getenv("XQ_PG_PRIVATE");
    if (!script || !base) {
        fprintf(stderr, "check_store: outage case skipped (no XQ_PG_INSTANCE, XQ_PG_PRIVATE)\n");
        return;
    }
    char dir[512], path[600], conninfo[600] = "", target[1024], err[1024] = "";
    snprintf(dir, sizeof dir, "%s/outage-%ld", base, (long)getpid());
    ck_assert_int_eq(instance("start", dir), 0);
    snprintf(path, sizeof path, "%s/conninfo", dir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(conninfo, sizeof conninfo, f));
    fclose(f);
    conninfo[strcspn(conninfo, "\n")] = 0;
    pg_create(conninfo, target, sizeof target);
    store *s = store_open(target, 0, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    store_game g = {.name = {"r", "b"}, .engine_level = -1, .engine_color = -1};
    ck_assert_int_eq(store_game_create(s, &g), ST_OK);
    ck_assert_int_eq(store_move_add(s, g.id, 1, "h2e2", 1, 1), ST_OK);
    ck_assert_int_eq(store_begin(s), ST_OK);
    ck_assert_int_eq(store_move_add(s, g.id, 2, "h9g7", 1, 1), ST_OK);
    ck_assert_int_eq(instance("pause", dir), 0);
    ck_assert_int_eq(store_game_set_draw_offer(s, g.id, 0), ST_ERROR);
    ck_assert_int_eq(store_commit(s), ST_ERROR);
    store_rollback(s);
    ck_assert_int_eq(store_move_add(s, g.id, 2, "h9g7", 1, 1), ST_ERROR);
    ck_assert_msg(strstr(store_errmsg(s), "PostgreSQL"), "%s", store_errmsg(s));
    ck_assert_int_eq(instance("resume", dir), 0);
    int rc = ST_ERROR;
    for (time_t end = time(NULL) + OUTAGE_WAIT_S; rc == ST_ERROR && time(NULL) < end;)
        if ((rc = store_move_add(s, g.id, 2, "h0g2", 3, 3)) == ST_ERROR)
            nanosleep(&(struct timespec){0, 200 * 1000000L}, NULL);
    ck_assert_msg(rc == ST_OK, "%s", store_errmsg(s));
    moves_seen m = {0};
    ck_assert_int_eq(store_game_moves(s, g.id, collect_move, &m), ST_OK);
    ck_assert_int_eq(m.n, 2);
    ck_assert_str_eq(m.mv[1], "h0g2"); /* the rolled-back h9g7 is not there */
    ck_assert_int_eq(store_game_get(s, g.id, &g), ST_OK);
    ck_assert_int_eq(g.draw_offer, -1);
    /* restarted while the handle was idle: the next call works at once */
    ck_assert_int_eq(instance("pause", dir), 0);
    ck_assert_int_eq(instance("resume", dir), 0);
    ck_assert_msg(store_move_add(s, g.id, 3, "i9h9", 3, 3) == ST_OK, "%s", store_errmsg(s));
    store_close(s);
    pg_drop(conninfo);
    ck_assert_int_eq(instance("stop", dir), 0);
}
END_TEST
#endif

/* A handle of the fixture's database as a site's process opens it (STORE_SHARED). */
static store *open_shared(void)
{
    char err[1024] = "";
    store *s = store_open(g_target, STORE_SHARED, err, sizeof err);
    ck_assert_msg(s != NULL, "store_open(STORE_SHARED): %s", err);
    return s;
}

/* One claimer of the race, on its own handle (a process of the site). */
typedef struct racer {
    store *s;
    const char *owner;
    pthread_barrier_t *start;
    int64_t first;         /* the games first .. first + RACE_GAMES - 1 */
    int won[RACE_GAMES];
    int errors;            /* answers neither ST_OK nor ST_EXISTS */
} racer;

static void *claim_all(void *arg)
{
    racer *r = arg;
    pthread_barrier_wait(r->start);
    for (int i = 0; i < RACE_GAMES; i++) {
        int rc = store_game_claim(r->s, r->first + i, r->owner, LONG_LEASE_MS);
        r->won[i] = rc == ST_OK;
        r->errors += rc != ST_OK && rc != ST_EXISTS;
    }
    return NULL;
}

/* The owner of a game with a lapsed lease stores moves while another process
 * takes the game over: each move is stored and acknowledged, or refused. */
typedef struct mover {
    store *s;
    pthread_barrier_t *start;
    int64_t gid;
    int acked, refused, errors; /* ST_OK, ST_NOT_OWNER, other answers */
    int seen;                   /* the taker: the plies it found at its claim */
    int claimed;                /* the taker: its claim's answer */
} mover;

static void *store_moves(void *arg)
{
    mover *m = arg;
    pthread_barrier_wait(m->start);
    for (int ply = 1; ply <= RACE_PLIES && !m->refused; ply++) {
        int rc = store_move_add_owned(m->s, m->gid, ply, ply % 2 ? "h2e2" : "h7e7", 1, 1, "A");
        m->acked += rc == ST_OK;
        m->refused = rc == ST_NOT_OWNER;
        m->errors += rc != ST_OK && rc != ST_NOT_OWNER;
    }
    return NULL;
}

static void *take_over(void *arg)
{
    mover *m = arg;
    pthread_barrier_wait(m->start);
    nanosleep(&(struct timespec){0, 3 * 1000000L}, NULL); /* A is storing moves by now */
    m->claimed = store_game_claim(m->s, m->gid, "B", LONG_LEASE_MS);
    store_game g;
    if (store_game_get(m->s, m->gid, &g) == ST_OK) /* what B restores the game from */
        m->seen = g.plies;
    return NULL;
}

/* The processes of a site on one database: the lock shared among them and
 * refusing a server that is not theirs; two claimers of each game, exactly
 * one winning, on free games and on lapsed ones; a move against a takeover. */
START_TEST(site_races)
{
    store_close(g_s);
    g_s = NULL;
    store *sa = open_shared(), *sb = open_shared();
    char err[1024] = "";
    ck_assert_ptr_null(store_open(g_target, 0, err, sizeof err));
    ck_assert_msg(strstr(err, "in use by another xq-server"), "%s", err);
    g_s = sa;
    int64_t first = new_game(0, 0, 0);
    for (int i = 1; i < RACE_GAMES; i++)
        ck_assert_int_eq(new_game(0, 0, 0), first + i);
    for (int i = 1; i < RACE_GAMES; i += 2) /* the odd ones: their owner died */
        ck_assert_int_eq(store_game_claim(sa, first + i, "dead", 0), ST_OK);
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 2);
    racer ra = {.s = sa, .owner = "A", .start = &start, .first = first};
    racer rb = {.s = sb, .owner = "B", .start = &start, .first = first};
    pthread_t ta, tb;
    pthread_create(&ta, NULL, claim_all, &ra);
    pthread_create(&tb, NULL, claim_all, &rb);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    ck_assert_int_eq(ra.errors + rb.errors, 0);
    for (int i = 0; i < RACE_GAMES; i++) {
        ck_assert_msg(ra.won[i] + rb.won[i] == 1, "game %d: A %d, B %d", i, ra.won[i], rb.won[i]);
        ck_assert_str_eq(owned(first + i).owner, ra.won[i] ? "A" : "B");
    }
    mover m = {.s = sa, .start = &start, .gid = new_game(0, 0, 0)};
    ck_assert_int_eq(store_game_claim(sa, m.gid, "A", 0), ST_OK); /* A's, lapsed */
    mover t = {.s = sb, .start = &start, .gid = m.gid};
    pthread_create(&ta, NULL, store_moves, &m);
    pthread_create(&tb, NULL, take_over, &t);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    pthread_barrier_destroy(&start);
    ck_assert_int_eq(t.claimed, ST_OK);
    ck_assert_int_eq(m.errors, 0);
    ck_assert_msg(m.refused, "A stored all %d plies before B's claim", m.acked);
    ck_assert_int_gt(m.acked, 0);
    /* every acknowledged move stored, none after B's claim */
    ck_assert_int_eq(owned(m.gid).plies, m.acked);
    ck_assert_int_eq(t.seen, m.acked);
    store_close(sb);
}
END_TEST

/* An offer of author @p uid (a seek when @p to is 0) made by process @p owner. */
static int64_t new_offer(store *s, int64_t uid, int64_t to, const char *owner)
{
    store_offer o;
    memset(&o, 0, sizeof o);
    o.kind = to ? STORE_OFFER_CHALLENGE : STORE_OFFER_SEEK;
    o.uid = uid;
    o.to_uid = to;
    snprintf(o.name, sizeof o.name, "u%lld", (long long)uid);
    snprintf(o.to_name, sizeof o.to_name, "%s", to ? "target" : "");
    o.rating = 1612.5;
    o.deviation = 80.25;
    o.base_s = 180;
    o.inc_s = 2;
    o.ruleset = 1;
    o.rated = 1;
    o.color = -1;
    snprintf(o.owner, sizeof o.owner, "%s", owner);
    ck_assert_int_eq(store_offer_add(s, &o), ST_OK);
    ck_assert_int_gt(o.id, 0);
    return o.id;
}

static int count_offer(const store_offer *o, void *arg)
{
    (void)o;
    (*(int *)arg)++;
    return 0;
}

/* The offers left in the fixture's store. */
static int offers_left(void)
{
    int n = 0;
    ck_assert_int_eq(store_offers(g_s, count_offer, &n), ST_OK);
    return n;
}

/* The lobby's rows (schema 8): an offer added, read, listed, taken once (the
 * second take finds nothing), removed by author (and by addressee), removed
 * with its process when the process's lease lapses; presence site-wide. */
START_TEST(offers)
{
    int64_t a = new_offer(g_s, 7, 0, "P1"), b = new_offer(g_s, 7, 9, "P1");
    int64_t c = new_offer(g_s, 8, 0, "P2"), d = new_offer(g_s, 8, 7, "P2");
    ck_assert_int_gt(b, a);
    store_offer o;
    ck_assert_int_eq(store_offer_get(g_s, b, &o), ST_OK);
    ck_assert_int_eq(o.kind, STORE_OFFER_CHALLENGE);
    ck_assert_int_eq(o.uid, 7);
    ck_assert_int_eq(o.to_uid, 9);
    ck_assert_str_eq(o.name, "u7");
    ck_assert_str_eq(o.to_name, "target");
    ck_assert_double_eq(o.rating, 1612.5);
    ck_assert_double_eq(o.deviation, 80.25);
    ck_assert_int_eq(o.base_s, 180);
    ck_assert_int_eq(o.inc_s, 2);
    ck_assert_int_eq(o.ruleset, 1);
    ck_assert_int_eq(o.rated, 1);
    ck_assert_int_eq(o.color, -1);
    ck_assert_str_eq(o.owner, "P1");
    ck_assert_int_eq(offers_left(), 4);
    /* taken once: the second take and a read find nothing */
    ck_assert_int_eq(store_offer_take(g_s, c, &o), ST_OK);
    ck_assert_int_eq(o.id, c);
    ck_assert_int_eq(o.uid, 8);
    ck_assert_int_eq(store_offer_take(g_s, c, &o), ST_NOTFOUND);
    ck_assert_int_eq(store_offer_get(g_s, c, &o), ST_NOTFOUND);
    ck_assert_int_eq(store_offer_take(g_s, 0, &o), ST_NOTFOUND);
    /* an id is never given twice, even the newest's after it went */
    ck_assert_int_eq(store_offer_take(g_s, d, &o), ST_OK);
    int64_t e = new_offer(g_s, 8, 7, "P2");
    ck_assert_int_gt(e, d);
    d = e;
    /* by author 7 only: a and b go, d (to 7) stays; then with those to 7 */
    int n = 0;
    ck_assert_int_eq(store_offers_remove(g_s, 7, 0, count_offer, &n), ST_OK);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(store_offer_get(g_s, d, &o), ST_OK);
    n = 0;
    ck_assert_int_eq(store_offers_remove(g_s, 7, 1, count_offer, &n), ST_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(offers_left(), 0);
    /* presence: per process, any process */
    ck_assert_int_eq(store_presence_any(g_s, 5, NULL), ST_NOTFOUND);
    ck_assert_int_eq(store_presence_set(g_s, 5, "P1", 1), ST_OK);
    ck_assert_int_eq(store_presence_any(g_s, 5, ""), ST_OK);
    ck_assert_int_eq(store_presence_any(g_s, 5, "P1"), ST_NOTFOUND); /* not elsewhere */
    ck_assert_int_eq(store_presence_set(g_s, 5, "P1", 1), ST_OK); /* twice: one row */
    ck_assert_int_eq(store_presence_set(g_s, 5, "P2", 1), ST_OK);
    ck_assert_int_eq(store_presence_any(g_s, 5, "P1"), ST_OK);
    ck_assert_int_eq(store_presence_set(g_s, 5, "P1", 0), ST_OK);
    ck_assert_int_eq(store_presence_any(g_s, 5, NULL), ST_OK);
    /* processes: P1 alive, P2's lease lapsed: P2's offers and presence go,
     * reported once */
    ck_assert_int_eq(store_process_renew(g_s, "P1", LONG_LEASE_MS), ST_OK);
    ck_assert_int_eq(store_process_renew(g_s, "P2", LONG_LEASE_MS), ST_OK);
    a = new_offer(g_s, 1, 0, "P1");
    c = new_offer(g_s, 2, 0, "P2");
    new_offer(g_s, 2, 1, "P2");
    n = 0;
    ck_assert_int_eq(store_processes_lapsed(g_s, count_offer, &n), ST_OK);
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(store_process_renew(g_s, "P2", 0), ST_OK); /* a clean stop */
    ck_assert_int_eq(store_processes_lapsed(g_s, count_offer, &n), ST_OK);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(store_presence_any(g_s, 5, NULL), ST_NOTFOUND);
    ck_assert_int_eq(offers_left(), 1);
    ck_assert_int_eq(store_offer_get(g_s, a, &o), ST_OK);
    n = 0;
    ck_assert_int_eq(store_processes_lapsed(g_s, count_offer, &n), ST_OK);
    ck_assert_int_eq(n, 0);
    /* a process without a row (a process alone at start): everything goes */
    ck_assert_int_eq(store_process_renew(g_s, "P1", 0), ST_OK);
    ck_assert_int_eq(store_processes_lapsed(g_s, NULL, NULL), ST_OK);
    ck_assert_int_eq(offers_left(), 0);
}
END_TEST

/* The offers two takers race for (PostgreSQL). */
#define RACE_OFFERS 200

/* One taker of the offers' race, on its own handle. */
typedef struct taker {
    store *s;
    pthread_barrier_t *start;
    int64_t first;
    int won[RACE_OFFERS];
    int errors; /* answers neither ST_OK nor ST_NOTFOUND */
} taker;

static void *take_all(void *arg)
{
    taker *t = arg;
    store_offer o;
    pthread_barrier_wait(t->start);
    for (int i = 0; i < RACE_OFFERS; i++) {
        int rc = store_offer_take(t->s, t->first + i, &o);
        t->won[i] = rc == ST_OK && o.id == t->first + i;
        t->errors += rc != ST_OK && rc != ST_NOTFOUND;
    }
    return NULL;
}

/* Two processes of a site take the same offers at once: exactly one wins each. */
START_TEST(offer_races)
{
    store_close(g_s);
    g_s = NULL;
    store *sa = open_shared(), *sb = open_shared();
    g_s = sa;
    int64_t first = new_offer(sa, 1, 0, "A");
    for (int i = 1; i < RACE_OFFERS; i++)
        ck_assert_int_eq(new_offer(sa, 1 + i, 0, i % 2 ? "A" : "B"), first + i);
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 2);
    taker ta = {.s = sa, .start = &start, .first = first};
    taker tb = {.s = sb, .start = &start, .first = first};
    pthread_t xa, xb;
    pthread_create(&xa, NULL, take_all, &ta);
    pthread_create(&xb, NULL, take_all, &tb);
    pthread_join(xa, NULL);
    pthread_join(xb, NULL);
    pthread_barrier_destroy(&start);
    ck_assert_int_eq(ta.errors + tb.errors, 0);
    int both = 0;
    for (int i = 0; i < RACE_OFFERS; i++) {
        ck_assert_msg(ta.won[i] + tb.won[i] == 1, "offer %d: A %d, B %d", i, ta.won[i], tb.won[i]);
        both += ta.won[i] && tb.won[i];
    }
    ck_assert_int_eq(both, 0);
    ck_assert_int_eq(offers_left(), 0);
    store_close(sb);
}
END_TEST

/* An SQLite file is one process's: STORE_SHARED is refused. */
START_TEST(sqlite_not_shared)
{
    char err[1024] = "";
    ck_assert_ptr_null(store_open(g_target, STORE_SHARED, err, sizeof err));
    ck_assert_msg(strstr(err, "cannot be shared"), "%s", err);
}
END_TEST

/* --pg without a PostgreSQL to run on: the reason, or NULL to run. */
static const char *pg_skip_reason(void)
{
#ifndef XQ_HAVE_LIBPQ
    return "built without libpq";
#else
    static char status[256];
    const char *conninfo = getenv("XQ_TEST_PG"), *file = getenv("XQ_TEST_PG_STATUS");
    if (!conninfo || !*conninfo)
        return "XQ_TEST_PG is not set";
    FILE *f = file ? fopen(file, "r") : NULL;
    if (f) {
        int absent = fgets(status, sizeof status, f) && strncmp(status, "absent", 6) == 0;
        fclose(f);
        if (absent)
            return status;
    }
    return NULL;
#endif
}

int main(int argc, char **argv)
{
    g_pg = argc > 1 && strcmp(argv[1], "--pg") == 0;
    if (g_pg && pg_skip_reason()) {
        printf("check_store --pg skipped: %s\n", pg_skip_reason());
        return 77;
    }
    Suite *s = suite_create(g_pg ? "store (PostgreSQL)" : "store (SQLite)");
    TCase *tc = tcase_create("api");
    tcase_add_checked_fixture(tc, open_fresh, close_fresh);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, users);
    tcase_add_test(tc, sessions);
    tcase_add_test(tc, game_rows);
    tcase_add_test(tc, lists);
    tcase_add_test(tc, chat);
    tcase_add_test(tc, reviews);
    tcase_add_test(tc, record_and_history);
    tcase_add_test(tc, transactions);
    tcase_add_test(tc, reopen);
    tcase_add_test(tc, final_states);
    tcase_add_test(tc, ownership);
    tcase_add_test(tc, g_pg ? site_races : sqlite_not_shared);
    tcase_add_test(tc, offers);
    if (g_pg)
        tcase_add_test(tc, offer_races);
    suite_add_tcase(s, tc);
    TCase *open = tcase_create("open");
    tcase_add_test(open, unreachable);
    tcase_add_test(open, target_show);
#ifdef XQ_HAVE_LIBPQ
    if (g_pg) {
        tcase_add_test(open, outage);
        tcase_set_timeout(open, 120);
    }
#endif
    suite_add_tcase(s, open);
    return xq_test_run(s);
}
