/* SPDX-License-Identifier: MIT */
/* The outgoing messages of the protocol (docs/protocol.md), one builder per
 * message type, from plain values or small plain structs: the domain says
 * what happened, this file says how it looks on the wire. Every outgoing
 * message is built here (no other file of server/ packs one or sets a
 * "type"); the parts that the domain gathers one by one (a list of games, of
 * chat lines, of book moves) are built here too and handed back as opaque
 * json_t values for a builder to take. Each returns a new reference (NULL
 * without memory); a json_t argument is stolen. A list of moves or of plies
 * is given as words separated by single spaces ("h2e2 h9g7", "3 5"). */
#ifndef XQ_SERVER_CODEC_MSG_H
#define XQ_SERVER_CODEC_MSG_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* welcome: the answer to hello, with the protocol's version and limits
 * (tuning.h), and what the opening explorer has (a book, endgame tables). */
json_t *msg_welcome(const char *server, int guests, int grace_s, int book, int tables);
/* error internal: sent instead of a message that could not be built. */
json_t *msg_internal_error(void);
/* error protocol_version: the version this server speaks. */
json_t *msg_protocol_version(int supported);
/* error: a code and its message. A message cut short by a buffer may end
 * inside a UTF-8 sequence: that tail is dropped (conn_error() formats into
 * a fixed buffer); text that is not UTF-8 at all becomes a stand-in. */
json_t *msg_error(const char *code, const char *message);
/* session: a connection logged in (token: a new session's, or NULL). */
json_t *msg_session(int64_t uid, const char *name, double rating, double deviation,
                    int provisional, int guest, const char *token);
/* error rate_limited with its retry_after (seconds). */
json_t *msg_rate_limited(const char *message, double retry_s);
/* lobby: the open seeks and the live games. */
json_t *msg_lobby(json_t *seeks, json_t *games);
/* games: the live games, or (finished) a page of finished games. */
json_t *msg_games_live(json_t *games);
json_t *msg_games_finished(json_t *games, int more, const char *eco);
json_t *msg_offer_gone(int64_t offer, const char *reason);
/* chat: in the lobby, or in a game. */
json_t *msg_chat_lobby(const char *from, const char *text);
json_t *msg_chat_game(int64_t gid, const char *from, const char *text);
json_t *msg_game_started(int64_t gid, const char *red, const char *black);
json_t *msg_game_over(int64_t gid);
json_t *msg_presence(int64_t gid, const char *color, int present, int grace_s);
/* premove: the player's premove (NULL: none) and why one was dropped (or NULL). */
json_t *msg_premove(int64_t gid, const char *move, const char *dropped);
/* move: a move played (ICCS, WXF, Chinese), the position after it, the
 * clock (msg_clock()), the legal moves (ICCS words); the opening when it
 * changed (msg_opening(), or NULL) and the color with a standing draw offer
 * (or NULL). */
json_t *msg_move(int64_t gid, int ply, const char *iccs, const char *wxf, const char *zh,
                 const char *color, const char *fen, const char *turn, json_t *clock, int check,
                 const char *legal, json_t *opening, const char *draw_offer);
/* offer: a draw or take-back offered or declined by a color. */
json_t *msg_offer(int64_t gid, const char *kind, const char *by, const char *state);
json_t *msg_pgn(int64_t gid, int finished, const char *pgn);
/* analysis_progress: positions of a review done out of total. */
json_t *msg_analysis_progress(int64_t gid, int done, int total);
/* The ratings after a rated game (before: at its start) and the deviations
 * after it (left out when either is < 0). */
typedef struct msg_ratings {
    double before[2], after[2], deviation[2];
} msg_ratings;
/* end: a game's end, the winner (NULL: null), the clocks (ms, not below 0),
 * the players, and the ratings after a rated game (NULL: none). */
json_t *msg_end(int64_t gid, const char *result, const char *reason, const char *text,
                const char *winner, int64_t red_ms, int64_t black_ms, const char *red,
                const char *black, int rated, const msg_ratings *ratings);

/* ---- lists: a message's part gathered one item at a time ---- */
/* A new empty list; msg_list_add() appends an item (stolen; NULL is skipped). */
json_t *msg_list(void);
void msg_list_add(json_t *list, json_t *item);
/* An integer item (a game id, a value). */
void msg_list_add_int(json_t *list, int64_t value);

/* ---- a game ---- */
/* A clock: each side's time left (ms, not below 0) and the side whose clock
 * runs ("red", "black" or "none"). */
json_t *msg_clock(int64_t red_ms, int64_t black_ms, const char *running);
/* An opening (ECCO code and names; ply < 0: without the ply), or null when
 * code is NULL or "". */
json_t *msg_opening(const char *code, const char *name, const char *variation, int ply);
/* One chat line of a game's stored chat, appended to a list (msg_list()). */
void msg_chat_line_add(json_t *list, const char *from, const char *text, int64_t at);

/* A player in a game's state: present and provisional < 0 are left out,
 * engine >= 0 is the engine's level (then provisional is left out). */
typedef struct msg_player {
    const char *name;
    double rating;
    int present, engine, provisional;
} msg_player;
/* A game's state (`game`), live or finished. Lists of moves are words; NULL
 * strings of premove, you, draw_offer, takeback_offer and winner are null. */
typedef struct msg_game {
    int64_t gid;
    msg_player player[2];
    const char *rules;
    int base_s, inc_s, rated;
    const char *start, *fen, *turn;
    json_t *clock;   /* msg_clock() */
    const char *legal; /* the legal moves (ICCS words) */
    const char *moves, *wxf, *zh, *checks; /* the history: ICCS, WXF, Chinese, plies checking */
    int ply, check;
    json_t *opening; /* msg_opening() */
    json_t *chat;    /* a list of msg_chat_line_add() */
    const char *you, *draw_offer, *takeback_offer;
    const char *premove; /* a live game's */
    /* a finished game (finished != 0): its end, the clocks after each move
     * (nclocks pairs of red and black ms) and the ratings (NULL: none) */
    int finished;
    const int64_t (*clocks)[2];
    int nclocks;
    const char *winner, *result, *reason, *text;
    int64_t created, ended;
    const msg_ratings *ratings;
} msg_game;
/* game: a game's state (the json_t fields are stolen). */
json_t *msg_game_state(const msg_game *g);
/* A finished game in a list of them (`games` finished, `user`'s recent
 * games): opening is msg_opening()'s (stolen), ratings NULL without any. */
typedef struct msg_summary {
    int64_t gid;
    const char *red, *black, *result, *winner, *reason, *text, *rules;
    int rated, base_s, inc_s, ply;
    int64_t created, ended;
    const msg_ratings *ratings;
    json_t *opening;
} msg_summary;
json_t *msg_game_summary(const msg_summary *s);
/* A live game in the lobby's list. */
json_t *msg_live_game(int64_t gid, const char *red, const char *black, int base_s, int inc_s,
                      const char *rules, int rated, int ply);

/* ---- users ---- */
/* One point of a user's rating history (deviation < 0: null). */
json_t *msg_rating_point(int64_t gid, int64_t ended, double rating, double deviation);
/* user: a user's page; recent (game ids), recent_games (summaries) and
 * history (rating points) are lists, stolen. */
typedef struct msg_user_page {
    int64_t uid;
    const char *name;
    double rating, deviation;
    int provisional, games, wins, draws, losses, guest, online, more;
    json_t *recent, *recent_games, *history;
} msg_user_page;
json_t *msg_user(const msg_user_page *u);

/* ---- offers ---- */
/* An open seek or challenge (color: "red", "black" or "random"; to: the
 * challenged user's name, NULL for a seek; rematch: the game it is a
 * rematch of, or 0). */
typedef struct msg_offer_terms {
    int64_t offer;
    int challenge;
    const char *from;
    double rating;
    int provisional, base_s, inc_s, rated;
    const char *rules, *color, *to;
    int64_t rematch;
} msg_offer_terms;
/* An offer in the lobby's list of seeks (no type). */
json_t *msg_offer_entry(const msg_offer_terms *o);
/* seek or challenge: an offer announced (the type by o->challenge). */
json_t *msg_offer_announce(const msg_offer_terms *o);

/* ---- the opening explorer ---- */
/* A book move: its texts, counts from the colours' view, the side to move's
 * score (decided == 0: null) and the opening it leads to (msg_opening(), stolen). */
typedef struct msg_book_move {
    const char *move, *wxf, *zh;
    int games, red_wins, draws, black_wins;
    int64_t weight;
    double score;
    int decided;
    json_t *opening;
} msg_book_move;
json_t *msg_book_move_entry(const msg_book_move *m);
/* The endgame tables' verdict ("win", "loss", "draw"; dtm < 0: null; best:
 * ICCS words), or (wdl NULL) null. */
json_t *msg_tablebase(const char *wdl, int dtm, const char *best);
/* explore: a position's answer (opening, moves, tablebase stolen). */
json_t *msg_explore(const char *fen, json_t *opening, json_t *moves, json_t *tablebase);

/* ---- reviews ---- */
/* One reviewed move (line: the better line as ICCS words, NULL without one;
 * best_zh: its first move in Chinese, or NULL). */
json_t *msg_review_move(int ply, const char *move, const char *cls, int loss, const char *line,
                        const char *best_zh);
/* analysis: a finished review (values, moves: lists, stolen); the fields for
 * people are added (msg_analysis_for_people()). */
json_t *msg_analysis(int64_t gid, int positions, json_t *values, json_t *moves, int nodes);
/* The fields of an analysis that the page shows, set on a new one and on one
 * read from the store (those stored before these fields existed lack them):
 * `texts`, each value as text ("+0.35", "#3"), and each move's `symbol`
 * ("?!", "?", "??" or "") and `nag`, by its class. */
void msg_analysis_for_people(json_t *analysis);
/* error: a code and message about a game (with its id). */
json_t *msg_game_error(int64_t gid, const char *code, const char *message);

#endif
