/* SPDX-License-Identifier: MIT */
/* Storage in SQLite: WAL mode, prepared statements only, one writer (the
 * database is held with locking_mode=EXCLUSIVE, so a second server on the
 * same file is refused at start-up). The embedded store of store.h (the
 * default --db); everything here is static but store_sqlite_ops, the table
 * store.c calls through (store_backend.h). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "result.h"
#include "store_backend.h"


/* games.result stores the results of server.h by number (the SQL below
 * reads 0, XQ_RESULT_ONGOING, as a live game). The numbers are part of the
 * database format: existing databases hold them. */
_Static_assert(XQ_RESULT_ONGOING == 0 && XQ_RESULT_RED_WINS == 1 && XQ_RESULT_BLACK_WINS == 2 &&
                   XQ_RESULT_DRAW == 3 && RESULT_ABORTED == 4,
               "games.result: 0 ongoing, 1 red wins, 2 black wins, 3 draw, 4 aborted");

/* A number macro as SQL text (the start values of Glicko-2 as column defaults). */
#define SQL_NUMBER_(x) #x
#define SQL_NUMBER(x) SQL_NUMBER_(x)

static const char k_schema[] =
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS users("
    " id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, pwhash TEXT,"
    " guest INTEGER NOT NULL DEFAULT 0, rating REAL NOT NULL DEFAULT 1500,"
    " games INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL,"
    " rd REAL NOT NULL DEFAULT " SQL_NUMBER(GLICKO_RD_START) ","
    " vol REAL NOT NULL DEFAULT " SQL_NUMBER(GLICKO_VOL_START) ");"
    "CREATE TABLE IF NOT EXISTS sessions("
    " token TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),"
    " created INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS games("
    " id INTEGER PRIMARY KEY, red INTEGER, black INTEGER, red_name TEXT NOT NULL,"
    " black_name TEXT NOT NULL, red_rating REAL, black_rating REAL,"
    " engine_level INTEGER NOT NULL DEFAULT -1, engine_color INTEGER NOT NULL DEFAULT -1,"
    " rules INTEGER NOT NULL, base_s INTEGER NOT NULL, inc_s INTEGER NOT NULL,"
    " rated INTEGER NOT NULL, result INTEGER NOT NULL DEFAULT 0, reason TEXT,"
    " red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,"
    " created INTEGER NOT NULL, ended INTEGER, end_text TEXT, red_rating_after REAL,"
    " black_rating_after REAL, draw_offer INTEGER NOT NULL DEFAULT -1,"
    " red_rd_after REAL, black_rd_after REAL, eco TEXT, eco_ply INTEGER,"
    " takeback_offer INTEGER NOT NULL DEFAULT -1, final_fen TEXT, final_check INTEGER,"
    " final_wxf TEXT, final_zh TEXT, final_checks TEXT, owner TEXT, lease_until INTEGER);"
    "CREATE INDEX IF NOT EXISTS games_live ON games(result) WHERE result = 0;"
    "CREATE INDEX IF NOT EXISTS games_red ON games(red);"
    "CREATE INDEX IF NOT EXISTS games_black ON games(black);"
    "CREATE TABLE IF NOT EXISTS moves("
    " game INTEGER NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL,"
    " red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL, PRIMARY KEY(game, ply))"
    " WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS chat("
    " id INTEGER PRIMARY KEY, game INTEGER NOT NULL REFERENCES games(id),"
    " from_name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS chat_game ON chat(game, id);"
    /* a finished game's engine review (review.c), as its `analysis` JSON */
    "CREATE TABLE IF NOT EXISTS reviews("
    " game INTEGER PRIMARY KEY REFERENCES games(id), analysis TEXT NOT NULL,"
    " created INTEGER NOT NULL);"
    /* schema 8: the lobby's offers (AUTOINCREMENT: an id is never given
     * twice, so that a late accept cannot take a newer offer), the users
     * online site-wide, the processes */
    "CREATE TABLE IF NOT EXISTS offers("
    " id INTEGER PRIMARY KEY AUTOINCREMENT, kind INTEGER NOT NULL, uid INTEGER NOT NULL,"
    " to_uid INTEGER NOT NULL DEFAULT 0, name TEXT NOT NULL, to_name TEXT NOT NULL DEFAULT '',"
    " rating REAL NOT NULL, deviation REAL NOT NULL, base_s INTEGER NOT NULL,"
    " inc_s INTEGER NOT NULL, rules INTEGER NOT NULL, rated INTEGER NOT NULL,"
    " color INTEGER NOT NULL, rematch_of INTEGER NOT NULL DEFAULT 0, owner TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS offers_uid ON offers(uid);"
    "CREATE INDEX IF NOT EXISTS offers_owner ON offers(owner);"
    "CREATE TABLE IF NOT EXISTS presence("
    " uid INTEGER NOT NULL, owner TEXT NOT NULL, PRIMARY KEY(uid, owner)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS processes(id TEXT PRIMARY KEY, lease_until INTEGER NOT NULL);"
    "INSERT OR IGNORE INTO meta(key, value) VALUES('schema', '8');";

/* Columns added after schema 1: added to an older file at start-up.
 * Schema 3 (Glicko-2): users.rd and users.vol, games.*_rd_after.
 * Schema 4 (search by opening): games.eco and games.eco_ply, the ECCO code
 * of a finished game ("" without one) and the ply that decided it.
 * Schema 5: games.takeback_offer, the side with a standing take-back request.
 * Schema 6: games.final_*, a finished game's final state (store_final), filled
 * for the finished games of an older file by store.c when it is opened.
 * Schema 7: games.owner and games.lease_until, a game's owning process and
 * its lease (ms since the epoch), for the processes of a site (store.h; an
 * SQLite file is one process's, so they are only kept and tested here).
 * Schema 8: the tables offers, presence and processes (created by k_schema
 * in an older file too: CREATE TABLE IF NOT EXISTS). */
static const char *const k_users_added[][2] = {
    {"rd", "ALTER TABLE users ADD COLUMN rd REAL NOT NULL DEFAULT " SQL_NUMBER(GLICKO_RD_START)},
    {"vol", "ALTER TABLE users ADD COLUMN vol REAL NOT NULL DEFAULT " SQL_NUMBER(GLICKO_VOL_START)},
};
static const char *const k_games_added[][2] = {
    {"end_text", "ALTER TABLE games ADD COLUMN end_text TEXT"},
    {"red_rating_after", "ALTER TABLE games ADD COLUMN red_rating_after REAL"},
    {"black_rating_after", "ALTER TABLE games ADD COLUMN black_rating_after REAL"},
    {"draw_offer", "ALTER TABLE games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1"},
    {"red_rd_after", "ALTER TABLE games ADD COLUMN red_rd_after REAL"},
    {"black_rd_after", "ALTER TABLE games ADD COLUMN black_rd_after REAL"},
    {"eco", "ALTER TABLE games ADD COLUMN eco TEXT"},
    {"eco_ply", "ALTER TABLE games ADD COLUMN eco_ply INTEGER"},
    {"takeback_offer", "ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1"},
    {"final_fen", "ALTER TABLE games ADD COLUMN final_fen TEXT"},
    {"final_check", "ALTER TABLE games ADD COLUMN final_check INTEGER"},
    {"final_wxf", "ALTER TABLE games ADD COLUMN final_wxf TEXT"},
    {"final_zh", "ALTER TABLE games ADD COLUMN final_zh TEXT"},
    {"final_checks", "ALTER TABLE games ADD COLUMN final_checks TEXT"},
    {"owner", "ALTER TABLE games ADD COLUMN owner TEXT"},
    {"lease_until", "ALTER TABLE games ADD COLUMN lease_until INTEGER"},
};
/* The schema's version, and the indexes that need the columns of schemas 4 and 7. */
#define SCHEMA_VERSION "8"
static const char k_eco_index[] = "CREATE INDEX IF NOT EXISTS games_eco ON games(eco, id);"
                                  "CREATE INDEX IF NOT EXISTS games_owner ON games(owner)"
                                  " WHERE result = 0;";

#define GAME_COLS                                                                                \
    "id, red, black, red_name, black_name, red_rating, black_rating, engine_level,"              \
    " engine_color, rules, base_s, inc_s, rated, result, reason, red_ms, black_ms, created,"     \
    " ended, end_text, red_rating_after, black_rating_after, draw_offer,"        \
    " (SELECT count(*) FROM moves WHERE moves.game = games.id), red_rd_after, black_rd_after,"  \
    " eco, eco_ply, takeback_offer, owner, lease_until"

#define OFFER_COLS                                                                               \
    "id, kind, uid, to_uid, name, to_name, rating, deviation, base_s, inc_s, rules, rated,"      \
    " color, rematch_of, owner"

enum {
    S_BEGIN, S_COMMIT, S_ROLLBACK, S_USER_NEW, S_USER_NAME, S_USER_ID, S_USER_RATING,
    S_SESS_ADD, S_SESS_FIND, S_SESS_DEL, S_GAME_NEW, S_MOVE_ADD, S_MOVE_TRUNC, S_GAME_END,
    S_GAMES_LIVE, S_GAME_GET, S_GAME_MOVES, S_GAMES_DONE, S_GAMES_DONE_ALL, S_GAME_RATINGS,
    S_GAME_DRAW_OFFER, S_CHAT_ADD, S_CHAT_GET, S_USER_RECORD, S_USER_HISTORY, S_REVIEW_GET,
    S_REVIEW_PUT, S_GAME_ECO, S_GAMES_ECO_ALL, S_GAME_TAKEBACK_OFFER, S_GAME_FINAL_SET, S_GAME_FINAL_GET, S_GAMES_NO_FINAL,
    S_GAME_CLAIM, S_GAME_RESULT, S_LEASES_RENEW, S_LEASES_RELEASE, S_GAMES_LAPSED,
    S_MOVE_ADD_OWNED, S_OFFER_ADD, S_OFFER_GET, S_OFFER_TAKE, S_OFFERS, S_OFFERS_REMOVE,
    S_PRESENCE_ON, S_PRESENCE_OFF, S_PRESENCE_ANY, S_PROCESS_RENEW, S_LAPSED_OFFERS,
    S_LAPSED_PRESENCE, S_LAPSED_PROCESSES, S_COUNT
};
/* The store: the database and its prepared statements. */
typedef struct sqlite_store {
    store base; /* first: the handle of store.h */
    sqlite3 *db;
    sqlite3_stmt *st[S_COUNT];
} sqlite_store;

static const char *const k_sql[S_COUNT] = {
    [S_BEGIN] = "BEGIN IMMEDIATE",
    [S_COMMIT] = "COMMIT",
    [S_ROLLBACK] = "ROLLBACK",
    [S_USER_NEW] = "INSERT INTO users(name, pwhash, guest, created) VALUES(?1, ?2, ?3, ?4)",
    [S_USER_NAME] = "SELECT id, name, pwhash, guest, rating, games, rd, vol FROM users WHERE name = ?1",
    [S_USER_ID] = "SELECT id, name, pwhash, guest, rating, games, rd, vol FROM users WHERE id = ?1",
    [S_USER_RATING] = "UPDATE users SET rating = ?2, rd = ?3, vol = ?4, games = ?5 WHERE id = ?1",
    [S_SESS_ADD] = "INSERT INTO sessions(token, user_id, created) VALUES(?1, ?2, ?3)",
    [S_SESS_FIND] = "SELECT user_id FROM sessions WHERE token = ?1",
    [S_SESS_DEL] = "DELETE FROM sessions WHERE token = ?1",
    [S_GAME_NEW] = "INSERT INTO games(red, black, red_name, black_name, red_rating, black_rating,"
                   " engine_level, engine_color, rules, base_s, inc_s, rated, red_ms, black_ms,"
                   " created) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15)",
    [S_MOVE_ADD] = "INSERT INTO moves(game, ply, move, red_ms, black_ms) VALUES(?1,?2,?3,?4,?5)",
    [S_MOVE_TRUNC] = "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
    [S_GAME_END] = "UPDATE games SET result = ?2, reason = ?3, red_ms = ?4, black_ms = ?5,"
                   " ended = ?6, end_text = ?7, draw_offer = -1, takeback_offer = -1 WHERE id = ?1",
    [S_GAMES_LIVE] = "SELECT " GAME_COLS " FROM games WHERE result = 0 ORDER BY id",
    [S_GAME_GET] = "SELECT " GAME_COLS " FROM games WHERE id = ?1",
    [S_GAME_MOVES] = "SELECT ply, move, red_ms, black_ms FROM moves WHERE game = ?1 ORDER BY ply",
    /* ?4, ?5: the codes from ?4 up to (not including) ?5, or NULL: any code or none */
    [S_GAMES_DONE] = "SELECT " GAME_COLS " FROM games WHERE result <> 0 AND (red = ?1 OR black = ?1)"
                     " AND id < ?3 AND (?4 IS NULL OR (eco >= ?4 AND eco < ?5))"
                     " ORDER BY id DESC LIMIT ?2",
    [S_GAMES_DONE_ALL] = "SELECT " GAME_COLS " FROM games WHERE result <> 0 AND id < ?3"
                         " ORDER BY id DESC LIMIT ?2",
    [S_GAMES_ECO_ALL] = "SELECT " GAME_COLS " FROM games WHERE eco >= ?4 AND eco < ?5"
                        " AND result <> 0 AND id < ?3 ORDER BY id DESC LIMIT ?2",
    [S_GAME_ECO] = "UPDATE games SET eco = ?2, eco_ply = ?3 WHERE id = ?1",
    [S_GAME_RATINGS] = "UPDATE games SET red_rating_after = ?2, black_rating_after = ?3,"
                       " red_rd_after = ?4, black_rd_after = ?5 WHERE id = ?1",
    [S_GAME_DRAW_OFFER] = "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
    [S_GAME_TAKEBACK_OFFER] = "UPDATE games SET takeback_offer = ?2 WHERE id = ?1",
    [S_GAME_FINAL_SET] = "UPDATE games SET final_fen = ?2, final_check = ?3, final_wxf = ?4,"
                         " final_zh = ?5, final_checks = ?6 WHERE id = ?1",
    [S_GAME_FINAL_GET] = "SELECT final_fen, final_check, final_wxf, final_zh, final_checks"
                         " FROM games WHERE id = ?1 AND final_fen IS NOT NULL",
    [S_GAMES_NO_FINAL] = "SELECT id FROM games WHERE result <> 0 AND final_fen IS NULL ORDER BY id",
    /* ownership (schema 7): ?now is the wall clock in ms, bound by the caller */
    [S_GAME_CLAIM] = "UPDATE games SET owner = ?2, lease_until = ?4 + ?3 WHERE id = ?1"
                     " AND result = 0 AND (owner IS NULL OR owner = ?2 OR lease_until <= ?4)",
    [S_GAME_RESULT] = "SELECT result FROM games WHERE id = ?1",
    [S_LEASES_RENEW] = "UPDATE games SET lease_until = ?3 + ?2 WHERE owner = ?1 AND result = 0"
                       " RETURNING id",
    [S_LEASES_RELEASE] = "UPDATE games SET owner = NULL, lease_until = NULL"
                         " WHERE owner = ?1 AND result = 0",
    [S_GAMES_LAPSED] = "SELECT " GAME_COLS " FROM games WHERE result = 0"
                       " AND (owner IS NULL OR lease_until <= ?1) ORDER BY id",
    [S_MOVE_ADD_OWNED] = "INSERT INTO moves(game, ply, move, red_ms, black_ms)"
                         " SELECT ?1, ?2, ?3, ?4, ?5 FROM games"
                         " WHERE id = ?1 AND result = 0 AND owner = ?6",
    /* the lobby (schema 8) */
    [S_OFFER_ADD] = "INSERT INTO offers(kind, uid, to_uid, name, to_name, rating, deviation,"
                    " base_s, inc_s, rules, rated, color, rematch_of, owner)"
                    " VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14) RETURNING id",
    [S_OFFER_GET] = "SELECT " OFFER_COLS " FROM offers WHERE id = ?1",
    [S_OFFER_TAKE] = "DELETE FROM offers WHERE id = ?1 RETURNING " OFFER_COLS,
    [S_OFFERS] = "SELECT " OFFER_COLS " FROM offers ORDER BY id",
    [S_OFFERS_REMOVE] = "DELETE FROM offers WHERE uid = ?1 OR (?2 AND to_uid = ?1)"
                        " RETURNING " OFFER_COLS,
    [S_PRESENCE_ON] = "INSERT OR IGNORE INTO presence(uid, owner) VALUES(?1, ?2)",
    [S_PRESENCE_OFF] = "DELETE FROM presence WHERE uid = ?1 AND owner = ?2",
    [S_PRESENCE_ANY] = "SELECT 1 FROM presence WHERE uid = ?1 AND owner <> ?2 LIMIT 1",
    [S_PROCESS_RENEW] = "INSERT INTO processes(id, lease_until) VALUES(?1, ?3 + ?2)"
                        " ON CONFLICT(id) DO UPDATE SET lease_until = excluded.lease_until",
    [S_LAPSED_OFFERS] = "DELETE FROM offers WHERE owner NOT IN"
                        " (SELECT id FROM processes WHERE lease_until > ?1) RETURNING " OFFER_COLS,
    [S_LAPSED_PRESENCE] = "DELETE FROM presence WHERE owner NOT IN"
                          " (SELECT id FROM processes WHERE lease_until > ?1)",
    [S_LAPSED_PROCESSES] = "DELETE FROM processes WHERE lease_until <= ?1",
    [S_CHAT_ADD] = "INSERT INTO chat(game, from_name, text, at) VALUES(?1, ?2, ?3, ?4)",
    [S_CHAT_GET] = "SELECT from_name, text, at FROM"
                   " (SELECT id, from_name, text, at FROM chat WHERE game = ?1"
                   "  ORDER BY id DESC LIMIT ?2) ORDER BY id",
    [S_REVIEW_GET] = "SELECT analysis FROM reviews WHERE game = ?1",
    [S_REVIEW_PUT] = "INSERT OR REPLACE INTO reviews(game, analysis, created) VALUES(?1, ?2, ?3)",
    /* wins, draws, losses of a user's finished games (aborted ones aside) */
    [S_USER_RECORD] = "SELECT coalesce(sum((result = 1 AND red = ?1) OR (result = 2 AND black = ?1)), 0),"
                      " coalesce(sum(result = 3), 0),"
                      " coalesce(sum((result = 2 AND red = ?1) OR (result = 1 AND black = ?1)), 0)"
                      " FROM games WHERE (red = ?1 OR black = ?1) AND result BETWEEN 1 AND 3",
    /* the rating after each of a user's last ?2 rated games, oldest first */
    [S_USER_HISTORY] = "SELECT id, ended, rating, rd FROM"
                       " (SELECT id, ended, CASE WHEN red = ?1 THEN red_rating_after"
                       "  ELSE black_rating_after END AS rating, CASE WHEN red = ?1"
                       "  THEN red_rd_after ELSE black_rd_after END AS rd FROM games"
                       "  WHERE rated = 1 AND red_rating_after IS NOT NULL AND (red = ?1 OR black = ?1)"
                       "  ORDER BY id DESC LIMIT ?2) ORDER BY id",
};

static void sq_close(store *h);

static const char *sq_errmsg(const store *h)
{
    const sqlite_store *s = (const sqlite_store *)h;
    return s->db ? sqlite3_errmsg(s->db) : "no database";
}

static store *fail(sqlite_store *s, char *err, size_t cap, const char *path, const char *what)
{
    int code = s->db ? sqlite3_extended_errcode(s->db) : 0;
    const char *msg = s->db ? sqlite3_errmsg(s->db) : "out of memory";
    if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED)
        snprintf(err, cap, "database %s is locked by another process (another xq-server?): %s",
                 path, msg);
    else if ((code & 0xff) == SQLITE_READONLY || (code & 0xff) == SQLITE_CANTOPEN ||
             (code & 0xff) == SQLITE_PERM)
        snprintf(err, cap, "database %s cannot be written (%s): %s; xq-server needs a writable "
                 "file and a writable directory for its -wal file", path, what, msg);
    else
        snprintf(err, cap, "database %s: %s: %s", path, what, msg);
    sq_close(&s->base);
    return NULL;
}

static int has_column(sqlite_store *s, const char *table, const char *column)
{
    sqlite3_stmt *st;
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    int found = 0;
    while (!found && sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *name = sqlite3_column_text(st, 1);
        found = name && strcmp((const char *)name, column) == 0;
    }
    sqlite3_finalize(st);
    return found;
}

/* Schema 3: the Elo ratings of an older file become Glicko-2 ratings: the
 * rating stays, the deviation is what Glicko would have after the user's
 * rated games (glicko_migrated_deviation()), the volatility the start's. */
static int migrate_deviations(sqlite_store *s, char **emsg)
{
    sqlite3_stmt *sel, *upd;
    if (sqlite3_prepare_v2(s->db, "SELECT id, games FROM users", -1, &sel, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_prepare_v2(s->db, "UPDATE users SET rd = ?2 WHERE id = ?1", -1, &upd, NULL) !=
        SQLITE_OK) {
        sqlite3_finalize(sel);
        return -1;
    }
    int rc;
    while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
        sqlite3_bind_int64(upd, 1, sqlite3_column_int64(sel, 0));
        sqlite3_bind_double(upd, 2, glicko_migrated_deviation(sqlite3_column_int(sel, 1)));
        if (sqlite3_step(upd) != SQLITE_DONE) {
            rc = SQLITE_ERROR;
            break;
        }
        sqlite3_reset(upd);
    }
    sqlite3_finalize(sel);
    sqlite3_finalize(upd);
    if (rc != SQLITE_DONE)
        *emsg = sqlite3_mprintf("migrating the ratings to Glicko-2: %s", sqlite3_errmsg(s->db));
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The ECCO code of a game from its stored moves (its first XQ_ECCO_MAX_PLY). */
static void classify_stored(sqlite3_stmt *moves, int64_t gid, xq_ecco *e)
{
    xq_move mv[XQ_ECCO_MAX_PLY];
    int n = 0;
    sqlite3_bind_int64(moves, 1, gid);
    while (n < XQ_ECCO_MAX_PLY && sqlite3_step(moves) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(moves, 0);
        if (!t || xq_move_parse((const char *)t, &mv[n]) != XQ_OK)
            break;
        n++;
    }
    sqlite3_reset(moves);
    if (xq_ecco_classify_moves(NULL, mv, n, e) != XQ_OK)
        e->code[0] = 0, e->ply = 0;
}

/* Schema 4: the finished games of an older file get their ECCO code from
 * their stored moves (unfinished ones get it when they end). */
static int migrate_eco(sqlite_store *s, char **emsg)
{
    sqlite3_stmt *sel = NULL, *moves = NULL, *upd = NULL;
    int rc = SQLITE_ERROR;
    if (sqlite3_prepare_v2(s->db, "SELECT id FROM games WHERE result <> 0 AND eco IS NULL", -1,
                           &sel, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(s->db, "SELECT move FROM moves WHERE game = ?1 ORDER BY ply", -1,
                           &moves, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(s->db, "UPDATE games SET eco = ?2, eco_ply = ?3 WHERE id = ?1", -1,
                           &upd, NULL) == SQLITE_OK) {
        while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
            xq_ecco e;
            int64_t gid = sqlite3_column_int64(sel, 0);
            classify_stored(moves, gid, &e);
            sqlite3_bind_int64(upd, 1, gid);
            sqlite3_bind_text(upd, 2, e.code, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(upd, 3, e.ply);
            if (sqlite3_step(upd) != SQLITE_DONE) {
                rc = SQLITE_ERROR;
                break;
            }
            sqlite3_reset(upd);
        }
    }
    sqlite3_finalize(sel);
    sqlite3_finalize(moves);
    sqlite3_finalize(upd);
    if (rc != SQLITE_DONE)
        *emsg = sqlite3_mprintf("classifying the stored games' openings: %s", sqlite3_errmsg(s->db));
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The columns of `added` ({name, ALTER TABLE statement}) that table lacks,
 * added; 0, or -1 on an error. */
static int add_columns(sqlite_store *s, const char *table, const char *const added[][2], size_t n,
                       char **emsg)
{
    for (size_t i = 0; i < n; i++) {
        int has = has_column(s, table, added[i][0]);
        if (has < 0 || (!has && sqlite3_exec(s->db, added[i][1], NULL, NULL, emsg) != SQLITE_OK))
            return -1;
    }
    return 0;
}

/* A file of an older schema gets the columns added since (in the open transaction). */
static int migrate(sqlite_store *s, char **emsg)
{
    int had_rd = has_column(s, "users", "rd");
    if (had_rd < 0)
        return -1;
    if (add_columns(s, "users", k_users_added,
                    sizeof k_users_added / sizeof k_users_added[0], emsg) < 0)
        return -1;
    if (!had_rd && migrate_deviations(s, emsg) < 0)
        return -1;
    int had_eco = has_column(s, "games", "eco");
    if (had_eco < 0)
        return -1;
    if (add_columns(s, "games", k_games_added,
                    sizeof k_games_added / sizeof k_games_added[0], emsg) < 0)
        return -1;
    if (!had_eco && migrate_eco(s, emsg) < 0)
        return -1;
    return sqlite3_exec(s->db, k_eco_index, NULL, NULL, emsg) == SQLITE_OK &&
                   sqlite3_exec(s->db, "UPDATE meta SET value = '" SCHEMA_VERSION
                                      "' WHERE key = 'schema'",
                                NULL, NULL, emsg) == SQLITE_OK
               ? 0
               : -1;
}

static store *sq_open(const char *path, int flags, char *err, size_t cap)
{
    int sync_full = flags & STORE_SYNC_FULL;
    if (flags & STORE_SHARED) {
        snprintf(err, cap, "database %s: an SQLite file is one process's and cannot be shared "
                 "by the processes of a site (use PostgreSQL)", path);
        return NULL;
    }
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, cap, "database %s: out of memory", path);
        return NULL;
    }
    s->base.ops = &store_sqlite_ops;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
        return fail(s, err, cap, path, "open");
    if (sqlite3_db_readonly(s->db, "main") == 1) {
        snprintf(err, cap, "database %s is read-only; xq-server needs to write it", path);
        sq_close(&s->base);
        return NULL;
    }
    sqlite3_extended_result_codes(s->db, 1);
    char *emsg = NULL;
    /* No busy wait: a locked file is an error at once. */
    sqlite3_busy_timeout(s->db, 0);
    const char *pragmas = sync_full ? "PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL;"
                                      " PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;"
                                    : "PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL;"
                                      " PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;";
    if (sqlite3_exec(s->db, pragmas, NULL, NULL, &emsg) != SQLITE_OK) {
        sqlite3_free(emsg);
        return fail(s, err, cap, path, "setting WAL mode");
    }
    sqlite3_stmt *jm;
    if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode", -1, &jm, NULL) == SQLITE_OK) {
        int wal = sqlite3_step(jm) == SQLITE_ROW &&
                  strcmp((const char *)sqlite3_column_text(jm, 0), "wal") == 0;
        sqlite3_finalize(jm);
        if (!wal) {
            snprintf(err, cap, "database %s: cannot switch to WAL mode (locked or read-only?)",
                     path);
            sq_close(&s->base);
            return NULL;
        }
    }
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, &emsg) != SQLITE_OK) {
        sqlite3_free(emsg);
        return fail(s, err, cap, path, "taking the write lock");
    }
    if (sqlite3_exec(s->db, k_schema, NULL, NULL, &emsg) != SQLITE_OK || migrate(s, &emsg) < 0 ||
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, &emsg) != SQLITE_OK) {
        sqlite3_free(emsg);
        return fail(s, err, cap, path, "creating the tables");
    }
    for (int i = 0; i < S_COUNT; i++)
        if (sqlite3_prepare_v3(s->db, k_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->st[i], NULL) !=
            SQLITE_OK)
            return fail(s, err, cap, path, k_sql[i]);
    return &s->base;
}

static void sq_close(store *h)
{
    sqlite_store *s = (sqlite_store *)h;
    if (!s)
        return;
    for (int i = 0; i < S_COUNT; i++) {
        sqlite3_finalize(s->st[i]);
        s->st[i] = NULL;
    }
    if (s->db)
        sqlite3_close(s->db);
    free(s);
}

/* Run a statement that returns no rows; resets it. */
static int run(sqlite_store *s, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc == SQLITE_DONE)
        return ST_OK;
    if ((rc & 0xff) == SQLITE_CONSTRAINT)
        return ST_EXISTS;
    fprintf(stderr, "xq-server: database: %s\n", sqlite3_errmsg(s->db));
    return ST_ERROR;
}

static int sq_ping(store *h)
{
    sqlite_store *s = (sqlite_store *)h;
    if (sqlite3_exec(s->db, "SELECT 1", NULL, NULL, NULL) == SQLITE_OK)
        return ST_OK;
    fprintf(stderr, "xq-server: database: %s\n", sqlite3_errmsg(s->db));
    return ST_ERROR;
}

static int sq_begin(store *h)
{
    sqlite_store *s = (sqlite_store *)h;
    return run(s, s->st[S_BEGIN]);
}

static int sq_commit(store *h)
{
    sqlite_store *s = (sqlite_store *)h;
    return run(s, s->st[S_COMMIT]);
}

static void sq_rollback(store *h)
{
    sqlite_store *s = (sqlite_store *)h;
    if (!sqlite3_get_autocommit(s->db))
        run(s, s->st[S_ROLLBACK]);
}

static int sq_user_create(store *h, const char *name, const char *pwhash, int guest, int64_t *id)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_USER_NEW];
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    if (pwhash)
        sqlite3_bind_text(st, 2, pwhash, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, 2);
    sqlite3_bind_int(st, 3, guest);
    sqlite3_bind_int64(st, 4, wall_s());
    int rc = run(s, st);
    if (rc == ST_OK)
        *id = sqlite3_last_insert_rowid(s->db);
    return rc;
}

static int user_row(sqlite3_stmt *st, store_user *u)
{
    int rc = sqlite3_step(st);
    int out = ST_NOTFOUND;
    if (rc == SQLITE_ROW) {
        memset(u, 0, sizeof *u);
        u->id = sqlite3_column_int64(st, 0);
        snprintf(u->name, sizeof u->name, "%s", (const char *)sqlite3_column_text(st, 1));
        const unsigned char *h = sqlite3_column_text(st, 2);
        snprintf(u->pwhash, sizeof u->pwhash, "%s", h ? (const char *)h : "");
        u->guest = sqlite3_column_int(st, 3);
        u->rating = sqlite3_column_double(st, 4);
        u->games = sqlite3_column_int(st, 5);
        u->deviation = sqlite3_column_double(st, 6);
        u->volatility = sqlite3_column_double(st, 7);
        out = ST_OK;
    } else if (rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_user_by_name(store *h, const char *name, store_user *u)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_bind_text(s->st[S_USER_NAME], 1, name, -1, SQLITE_TRANSIENT);
    return user_row(s->st[S_USER_NAME], u);
}

static int sq_user_by_id(store *h, int64_t id, store_user *u)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_bind_int64(s->st[S_USER_ID], 1, id);
    return user_row(s->st[S_USER_ID], u);
}

static int sq_user_set_rating(store *h, int64_t id, const glicko *rating, int games)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_USER_RATING];
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_double(st, 2, rating->rating);
    sqlite3_bind_double(st, 3, rating->deviation);
    sqlite3_bind_double(st, 4, rating->volatility);
    sqlite3_bind_int(st, 5, games);
    return run(s, st);
}

static int sq_review_get(store *h, int64_t gid, char **json)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_REVIEW_GET];
    sqlite3_bind_int64(st, 1, gid);
    int rc = sqlite3_step(st), out = ST_NOTFOUND;
    *json = NULL;
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        *json = t ? strdup((const char *)t) : NULL;
        out = *json ? ST_OK : ST_ERROR;
    } else if (rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_review_put(store *h, int64_t gid, const char *json)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_REVIEW_PUT];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_text(st, 2, json, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 3, wall_s());
    return run(s, st);
}

static int sq_user_record(store *h, int64_t id, int wdl[3])
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_USER_RECORD];
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st), out = ST_ERROR;
    if (rc == SQLITE_ROW) {
        for (int i = 0; i < 3; i++)
            wdl[i] = sqlite3_column_int(st, i);
        out = ST_OK;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_user_history(store *h, int64_t id, int limit,
                       int (*fn)(int64_t gid, int64_t ended, double rating, double deviation,
                                 void *arg),
                       void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_USER_HISTORY];
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, limit);
    int rc, out = ST_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
               sqlite3_column_double(st, 2),
               sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 : sqlite3_column_double(st, 3), arg))
            break;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_session_add(store *h, const char *token_hash, int64_t uid)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_SESS_ADD];
    sqlite3_bind_text(st, 1, token_hash, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, uid);
    sqlite3_bind_int64(st, 3, wall_s());
    return run(s, st);
}

static int sq_session_find(store *h, const char *token_hash, int64_t *uid)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_SESS_FIND];
    sqlite3_bind_text(st, 1, token_hash, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st), out = ST_NOTFOUND;
    if (rc == SQLITE_ROW) {
        *uid = sqlite3_column_int64(st, 0);
        out = ST_OK;
    } else if (rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_session_delete(store *h, const char *token_hash)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_bind_text(s->st[S_SESS_DEL], 1, token_hash, -1, SQLITE_TRANSIENT);
    return run(s, s->st[S_SESS_DEL]);
}

static void bind_uid(sqlite3_stmt *st, int col, int64_t uid)
{
    if (uid > 0)
        sqlite3_bind_int64(st, col, uid);
    else
        sqlite3_bind_null(st, col);
}

static int sq_game_create(store *h, store_game *g)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_NEW];
    bind_uid(st, 1, g->uid[0]);
    bind_uid(st, 2, g->uid[1]);
    sqlite3_bind_text(st, 3, g->name[0], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, g->name[1], -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(st, 5, g->rating[0]);
    sqlite3_bind_double(st, 6, g->rating[1]);
    sqlite3_bind_int(st, 7, g->engine_level);
    sqlite3_bind_int(st, 8, g->engine_color);
    sqlite3_bind_int(st, 9, g->ruleset);
    sqlite3_bind_int(st, 10, g->base_s);
    sqlite3_bind_int(st, 11, g->inc_s);
    sqlite3_bind_int(st, 12, g->rated);
    sqlite3_bind_int64(st, 13, g->clock_ms[0]);
    sqlite3_bind_int64(st, 14, g->clock_ms[1]);
    g->created = wall_s();
    sqlite3_bind_int64(st, 15, g->created);
    int rc = run(s, st);
    if (rc == ST_OK)
        g->id = sqlite3_last_insert_rowid(s->db);
    return rc;
}

static int sq_move_add(store *h, int64_t gid, int ply, const char *move, int64_t red_ms, int64_t black_ms)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_MOVE_ADD];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_int(st, 2, ply);
    sqlite3_bind_text(st, 3, move, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, red_ms);
    sqlite3_bind_int64(st, 5, black_ms);
    return run(s, st);
}

static int sq_moves_truncate(store *h, int64_t gid, int from_ply)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_MOVE_TRUNC];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_int(st, 2, from_ply);
    return run(s, st);
}

static int sq_game_finish(store *h, int64_t gid, int result, const char *reason, const char *text,
                      int64_t red_ms, int64_t black_ms)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_END];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_int(st, 2, result);
    sqlite3_bind_text(st, 3, reason, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, red_ms);
    sqlite3_bind_int64(st, 5, black_ms);
    sqlite3_bind_int64(st, 6, wall_s());
    sqlite3_bind_text(st, 7, text, -1, SQLITE_TRANSIENT);
    return run(s, st);
}

static int sq_game_set_ratings(store *h, int64_t gid, const glicko *red_after, const glicko *black_after)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_RATINGS];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_double(st, 2, red_after->rating);
    sqlite3_bind_double(st, 3, black_after->rating);
    sqlite3_bind_double(st, 4, red_after->deviation);
    sqlite3_bind_double(st, 5, black_after->deviation);
    return run(s, st);
}

/* A game's standing offer (statement i: the draw offer's or the take-back request's). */
static int set_offer(store *h, int i, int64_t gid, int color)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[i];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_int(st, 2, color);
    return run(s, st);
}

static int sq_game_set_draw_offer(store *h, int64_t gid, int color)
{
    return set_offer(h, S_GAME_DRAW_OFFER, gid, color);
}

static int sq_game_set_takeback_offer(store *h, int64_t gid, int color)
{
    return set_offer(h, S_GAME_TAKEBACK_OFFER, gid, color);
}

static int sq_chat_add(store *h, int64_t gid, const char *from, const char *text)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_CHAT_ADD];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_text(st, 2, from, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, wall_s());
    return run(s, st);
}

static int sq_chat_get(store *h, int64_t gid, int limit,
                   int (*fn)(const char *from, const char *text, int64_t at, void *arg), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_CHAT_GET];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_int(st, 2, limit);
    int rc, out = ST_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn((const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1),
               sqlite3_column_int64(st, 2), arg))
            break;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static void game_row(sqlite3_stmt *st, store_game *g)
{
    memset(g, 0, sizeof *g);
    g->id = sqlite3_column_int64(st, 0);
    g->uid[0] = sqlite3_column_int64(st, 1);
    g->uid[1] = sqlite3_column_int64(st, 2);
    snprintf(g->name[0], sizeof g->name[0], "%s", (const char *)sqlite3_column_text(st, 3));
    snprintf(g->name[1], sizeof g->name[1], "%s", (const char *)sqlite3_column_text(st, 4));
    g->rating[0] = sqlite3_column_double(st, 5);
    g->rating[1] = sqlite3_column_double(st, 6);
    g->engine_level = sqlite3_column_int(st, 7);
    g->engine_color = sqlite3_column_int(st, 8);
    g->ruleset = sqlite3_column_int(st, 9);
    g->base_s = sqlite3_column_int(st, 10);
    g->inc_s = sqlite3_column_int(st, 11);
    g->rated = sqlite3_column_int(st, 12);
    g->result = sqlite3_column_int(st, 13);
    const unsigned char *r = sqlite3_column_text(st, 14);
    snprintf(g->reason, sizeof g->reason, "%s", r ? (const char *)r : "");
    g->clock_ms[0] = sqlite3_column_int64(st, 15);
    g->clock_ms[1] = sqlite3_column_int64(st, 16);
    g->created = sqlite3_column_int64(st, 17);
    g->ended = sqlite3_column_int64(st, 18);
    const unsigned char *t = sqlite3_column_text(st, 19);
    snprintf(g->text, sizeof g->text, "%s", t ? (const char *)t : "");
    g->has_after = sqlite3_column_type(st, 20) != SQLITE_NULL &&
                   sqlite3_column_type(st, 21) != SQLITE_NULL;
    g->rating_after[0] = sqlite3_column_double(st, 20);
    g->rating_after[1] = sqlite3_column_double(st, 21);
    g->draw_offer = sqlite3_column_int(st, 22);
    g->plies = sqlite3_column_int(st, 23);
    for (int s = 0; s < 2; s++) /* -1: not stored (a game rated before schema 3) */
        g->deviation_after[s] =
            sqlite3_column_type(st, 24 + s) == SQLITE_NULL ? -1 : sqlite3_column_double(st, 24 + s);
    const unsigned char *eco = sqlite3_column_text(st, 26);
    snprintf(g->eco, sizeof g->eco, "%s", eco ? (const char *)eco : "");
    g->eco_ply = sqlite3_column_type(st, 27) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 27);
    g->takeback_offer = sqlite3_column_int(st, 28);
    const unsigned char *owner = sqlite3_column_text(st, 29);
    snprintf(g->owner, sizeof g->owner, "%s", owner ? (const char *)owner : "");
    g->lease_until = sqlite3_column_int64(st, 30);
}

static int each_game(sqlite3_stmt *st, int (*fn)(const store_game *, void *), void *arg)
{
    int rc, out = ST_OK;
    store_game g;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        game_row(st, &g);
        if (fn(&g, arg))
            break;
    }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_games_unfinished(store *h, int (*fn)(const store_game *, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    return each_game(s->st[S_GAMES_LIVE], fn, arg);
}

static int copy_game(const store_game *g, void *arg)
{
    *(store_game *)arg = *g;
    return 1;
}

static int sq_game_get(store *h, int64_t gid, store_game *g)
{
    sqlite_store *s = (sqlite_store *)h;
    g->id = 0;
    sqlite3_bind_int64(s->st[S_GAME_GET], 1, gid);
    int rc = each_game(s->st[S_GAME_GET], copy_game, g);
    if (rc != ST_OK)
        return rc;
    return g->id == gid ? ST_OK : ST_NOTFOUND;
}

static int sq_game_moves(store *h, int64_t gid, int (*fn)(int, const char *, int64_t, int64_t, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_MOVES];
    sqlite3_bind_int64(st, 1, gid);
    int rc, out = ST_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(sqlite3_column_int(st, 0), (const char *)sqlite3_column_text(st, 1),
               sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3), arg))
            break;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_games_finished(store *h, int64_t uid, int64_t before, int limit, const char *eco,
                         int (*fn)(const store_game *, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    int by_eco = eco && *eco;
    sqlite3_stmt *st = s->st[uid > 0 ? S_GAMES_DONE : by_eco ? S_GAMES_ECO_ALL : S_GAMES_DONE_ALL];
    if (uid > 0)
        sqlite3_bind_int64(st, 1, uid);
    sqlite3_bind_int(st, 2, limit);
    sqlite3_bind_int64(st, 3, before > 0 ? before : INT64_MAX);
    if (by_eco) { /* the codes that start with the prefix: from it up to its successor */
        char hi[8];
        size_t n = strlen(eco);
        if (n >= sizeof hi)
            return ST_ERROR;
        memcpy(hi, eco, n + 1);
        hi[n - 1]++;
        sqlite3_bind_text(st, 4, eco, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 5, hi, -1, SQLITE_TRANSIENT);
    }
    return each_game(st, fn, arg);
}

static int sq_game_set_eco(store *h, int64_t gid, const char *code, int ply)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_ECO];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_text(st, 2, code, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, ply);
    return run(s, st);
}

static int sq_game_set_final(store *h, int64_t gid, const store_final *f)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_FINAL_SET];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_text(st, 2, f->fen, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, f->check);
    sqlite3_bind_text(st, 4, f->wxf, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 5, f->zh, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 6, f->checks, -1, SQLITE_TRANSIENT);
    return run(s, st);
}

/* A text column as a new string ("" for NULL); NULL without memory. */
static char *column_dup(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return strdup(t ? (const char *)t : "");
}

static int sq_game_final(store *h, int64_t gid, store_final *f)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_FINAL_GET];
    sqlite3_bind_int64(st, 1, gid);
    int rc = sqlite3_step(st), out = ST_OK;
    if (rc == SQLITE_ROW) {
        f->fen = column_dup(st, 0);
        f->check = sqlite3_column_int(st, 1);
        f->wxf = column_dup(st, 2);
        f->zh = column_dup(st, 3);
        f->checks = column_dup(st, 4);
        if (!f->fen || !f->wxf || !f->zh || !f->checks) {
            store_final_free(f);
            out = ST_ERROR;
        }
    } else
        out = rc == SQLITE_DONE ? ST_NOTFOUND : ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_games_without_final(store *h, int (*fn)(int64_t, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAMES_NO_FINAL];
    int rc, out = ST_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(sqlite3_column_int64(st, 0), arg))
            break;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        out = ST_ERROR;
    sqlite3_reset(st);
    return out;
}

static int sq_game_claim(store *h, int64_t gid, const char *owner, int lease_ms)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_GAME_CLAIM];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_text(st, 2, owner, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, lease_ms);
    sqlite3_bind_int64(st, 4, wall_ms());
    int rc = run(s, st);
    if (rc != ST_OK || sqlite3_changes(s->db) == 1)
        return rc;
    st = s->st[S_GAME_RESULT]; /* not claimed: another's, or no unfinished game */
    sqlite3_bind_int64(st, 1, gid);
    int step = sqlite3_step(st);
    rc = step == SQLITE_ROW ? (sqlite3_column_int(st, 0) == 0 ? ST_EXISTS : ST_NOTFOUND)
         : step == SQLITE_DONE ? ST_NOTFOUND
                               : ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc;
}

static int sq_leases_renew(store *h, const char *owner, int lease_ms,
                           int (*fn)(int64_t gid, void *arg), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_LEASES_RENEW];
    sqlite3_bind_text(st, 1, owner, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, lease_ms);
    sqlite3_bind_int64(st, 3, wall_ms());
    int rc, out = ST_OK, stop = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) /* every row: each is renewed */
        if (!stop && fn)
            stop = fn(sqlite3_column_int64(st, 0), arg);
    if (rc != SQLITE_DONE) {
        fprintf(stderr, "xq-server: database: %s\n", sqlite3_errmsg(s->db));
        out = ST_ERROR;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_leases_release(store *h, const char *owner)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_bind_text(s->st[S_LEASES_RELEASE], 1, owner, -1, SQLITE_TRANSIENT);
    return run(s, s->st[S_LEASES_RELEASE]);
}

static int sq_games_lapsed(store *h, int (*fn)(const store_game *, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_bind_int64(s->st[S_GAMES_LAPSED], 1, wall_ms());
    return each_game(s->st[S_GAMES_LAPSED], fn, arg);
}

static int sq_move_add_owned(store *h, int64_t gid, int ply, const char *move, int64_t red_ms,
                             int64_t black_ms, const char *owner)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_MOVE_ADD_OWNED];
    sqlite3_bind_int64(st, 1, gid);
    sqlite3_bind_int(st, 2, ply);
    sqlite3_bind_text(st, 3, move, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, red_ms);
    sqlite3_bind_int64(st, 5, black_ms);
    sqlite3_bind_text(st, 6, owner, -1, SQLITE_TRANSIENT);
    int rc = run(s, st);
    return rc == ST_OK && sqlite3_changes(s->db) == 0 ? ST_NOT_OWNER : rc;
}

/* The offer of the row st is on (OFFER_COLS). */
static void offer_row(sqlite3_stmt *st, store_offer *o)
{
    memset(o, 0, sizeof *o);
    o->id = sqlite3_column_int64(st, 0);
    o->kind = sqlite3_column_int(st, 1);
    o->uid = sqlite3_column_int64(st, 2);
    o->to_uid = sqlite3_column_int64(st, 3);
    snprintf(o->name, sizeof o->name, "%s", (const char *)sqlite3_column_text(st, 4));
    snprintf(o->to_name, sizeof o->to_name, "%s", (const char *)sqlite3_column_text(st, 5));
    o->rating = sqlite3_column_double(st, 6);
    o->deviation = sqlite3_column_double(st, 7);
    o->base_s = sqlite3_column_int(st, 8);
    o->inc_s = sqlite3_column_int(st, 9);
    o->ruleset = sqlite3_column_int(st, 10);
    o->rated = sqlite3_column_int(st, 11);
    o->color = sqlite3_column_int(st, 12);
    o->rematch_of = sqlite3_column_int64(st, 13);
    snprintf(o->owner, sizeof o->owner, "%s", (const char *)sqlite3_column_text(st, 14));
}

/* Step st through its offers (every row, so that a DELETE ... RETURNING
 * finishes), each to fn until it returns nonzero; resets st. */
static int each_offer(sqlite_store *s, sqlite3_stmt *st,
                      int (*fn)(const store_offer *, void *), void *arg)
{
    int rc, out = ST_OK, stop = 0;
    store_offer o;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (!stop && fn) {
            offer_row(st, &o);
            stop = fn(&o, arg);
        }
    if (rc != SQLITE_DONE) {
        fprintf(stderr, "xq-server: database: %s\n", sqlite3_errmsg(s->db));
        out = ST_ERROR;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int copy_offer(const store_offer *o, void *arg)
{
    store_offer *out = arg;
    *out = *o;
    return 0;
}

/* The one offer a statement by id returns, into o: ST_NOTFOUND without one. */
static int one_offer(sqlite_store *s, int which, int64_t id, store_offer *o)
{
    sqlite3_bind_int64(s->st[which], 1, id);
    o->id = 0;
    int rc = each_offer(s, s->st[which], copy_offer, o);
    return rc == ST_OK && o->id == 0 ? ST_NOTFOUND : rc;
}

static int sq_offer_add(store *h, store_offer *o)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_OFFER_ADD];
    sqlite3_bind_int(st, 1, o->kind);
    sqlite3_bind_int64(st, 2, o->uid);
    sqlite3_bind_int64(st, 3, o->to_uid);
    sqlite3_bind_text(st, 4, o->name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 5, o->to_name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(st, 6, o->rating);
    sqlite3_bind_double(st, 7, o->deviation);
    sqlite3_bind_int(st, 8, o->base_s);
    sqlite3_bind_int(st, 9, o->inc_s);
    sqlite3_bind_int(st, 10, o->ruleset);
    sqlite3_bind_int(st, 11, o->rated);
    sqlite3_bind_int(st, 12, o->color);
    sqlite3_bind_int64(st, 13, o->rematch_of);
    sqlite3_bind_text(st, 14, o->owner, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st), out = ST_ERROR;
    if (rc == SQLITE_ROW) {
        o->id = sqlite3_column_int64(st, 0);
        rc = sqlite3_step(st);
    }
    if (rc == SQLITE_DONE)
        out = ST_OK;
    else
        fprintf(stderr, "xq-server: database: %s\n", sqlite3_errmsg(s->db));
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_offer_get(store *h, int64_t id, store_offer *o)
{
    return one_offer((sqlite_store *)h, S_OFFER_GET, id, o);
}

static int sq_offer_take(store *h, int64_t id, store_offer *o)
{
    return one_offer((sqlite_store *)h, S_OFFER_TAKE, id, o);
}

static int sq_offers(store *h, int (*fn)(const store_offer *, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    return each_offer(s, s->st[S_OFFERS], fn, arg);
}

static int sq_offers_remove(store *h, int64_t uid, int to_too,
                            int (*fn)(const store_offer *, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_bind_int64(s->st[S_OFFERS_REMOVE], 1, uid);
    sqlite3_bind_int(s->st[S_OFFERS_REMOVE], 2, to_too != 0);
    return each_offer(s, s->st[S_OFFERS_REMOVE], fn, arg);
}

static int sq_presence_set(store *h, int64_t uid, const char *owner, int on)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[on ? S_PRESENCE_ON : S_PRESENCE_OFF];
    sqlite3_bind_int64(st, 1, uid);
    sqlite3_bind_text(st, 2, owner, -1, SQLITE_TRANSIENT);
    return run(s, st);
}

static int sq_presence_any(store *h, int64_t uid, const char *except)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_PRESENCE_ANY];
    sqlite3_bind_int64(st, 1, uid);
    sqlite3_bind_text(st, 2, except, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? ST_OK : rc == SQLITE_DONE ? ST_NOTFOUND : ST_ERROR;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

static int sq_process_renew(store *h, const char *owner, int lease_ms)
{
    sqlite_store *s = (sqlite_store *)h;
    sqlite3_stmt *st = s->st[S_PROCESS_RENEW];
    sqlite3_bind_text(st, 1, owner, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, lease_ms > 0 ? lease_ms : -1);
    sqlite3_bind_int64(st, 3, wall_ms());
    return run(s, st);
}

static int sq_processes_lapsed(store *h, int (*fn)(const store_offer *, void *), void *arg)
{
    sqlite_store *s = (sqlite_store *)h;
    int64_t now = wall_ms();
    sqlite3_bind_int64(s->st[S_LAPSED_OFFERS], 1, now);
    int rc = each_offer(s, s->st[S_LAPSED_OFFERS], fn, arg);
    if (rc == ST_OK) {
        sqlite3_bind_int64(s->st[S_LAPSED_PRESENCE], 1, now);
        rc = run(s, s->st[S_LAPSED_PRESENCE]);
    }
    if (rc == ST_OK) {
        sqlite3_bind_int64(s->st[S_LAPSED_PROCESSES], 1, now);
        rc = run(s, s->st[S_LAPSED_PROCESSES]);
    }
    return rc;
}

const store_ops store_sqlite_ops = {
    .name = "SQLite",
    .open = sq_open,
    .close = sq_close,
    .errmsg = sq_errmsg,
    .ping = sq_ping,
    .begin = sq_begin,
    .commit = sq_commit,
    .rollback = sq_rollback,
    .user_create = sq_user_create,
    .user_by_name = sq_user_by_name,
    .user_by_id = sq_user_by_id,
    .user_set_rating = sq_user_set_rating,
    .review_get = sq_review_get,
    .review_put = sq_review_put,
    .user_record = sq_user_record,
    .user_history = sq_user_history,
    .session_add = sq_session_add,
    .session_find = sq_session_find,
    .session_delete = sq_session_delete,
    .game_create = sq_game_create,
    .move_add = sq_move_add,
    .moves_truncate = sq_moves_truncate,
    .game_finish = sq_game_finish,
    .game_set_ratings = sq_game_set_ratings,
    .game_set_draw_offer = sq_game_set_draw_offer,
    .game_set_takeback_offer = sq_game_set_takeback_offer,
    .games_unfinished = sq_games_unfinished,
    .game_get = sq_game_get,
    .game_moves = sq_game_moves,
    .games_finished = sq_games_finished,
    .game_set_eco = sq_game_set_eco,
    .game_set_final = sq_game_set_final,
    .game_final = sq_game_final,
    .games_without_final = sq_games_without_final,
    .game_claim = sq_game_claim,
    .leases_renew = sq_leases_renew,
    .leases_release = sq_leases_release,
    .games_lapsed = sq_games_lapsed,
    .move_add_owned = sq_move_add_owned,
    .offer_add = sq_offer_add,
    .offer_get = sq_offer_get,
    .offer_take = sq_offer_take,
    .offers = sq_offers,
    .offers_remove = sq_offers_remove,
    .presence_set = sq_presence_set,
    .presence_any = sq_presence_any,
    .process_renew = sq_process_renew,
    .processes_lapsed = sq_processes_lapsed,
    .chat_add = sq_chat_add,
    .chat_get = sq_chat_get,
};
