/* SPDX-License-Identifier: MIT */
/* The outgoing messages of the protocol (docs/protocol.md), one builder per
 * message type, from plain values: the domain says what happened, this file
 * says how it looks on the wire. Each returns a new reference (NULL without
 * memory); a json_t argument is stolen. Not yet every message: the game's
 * state and summary are built in game_msg.c and game.c, the review's
 * analysis in review.c, the explorer's in explore.c, `user` in profile.c,
 * and the offers' lists in lobby.c. */
#ifndef XQ_SERVER_CODEC_MSG_H
#define XQ_SERVER_CODEC_MSG_H

#include <jansson.h>
#include <stdint.h>

/* welcome: the answer to hello, with the protocol's version and limits
 * (tuning.h), and what the opening explorer has (a book, endgame tables). */
json_t *msg_welcome(const char *server, int guests, int grace_s, int book, int tables);
/* error protocol_version: the version this server speaks. */
json_t *msg_protocol_version(int supported);
/* error: a code and its message (a JSON string, stolen). */
json_t *msg_error(const char *code, json_t *message);
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
 * clock, the legal moves; the opening when it changed (or NULL) and the
 * color with a standing draw offer (or NULL). */
json_t *msg_move(int64_t gid, int ply, const char *iccs, const char *wxf, const char *zh,
                 const char *color, const char *fen, const char *turn, json_t *clock, int check,
                 json_t *legal, json_t *opening, const char *draw_offer);
/* offer: a draw or take-back offered or declined by a color. */
json_t *msg_offer(int64_t gid, const char *kind, const char *by, const char *state);
json_t *msg_pgn(int64_t gid, int finished, const char *pgn);
/* analysis_progress: positions of a review done out of total. */
json_t *msg_analysis_progress(int64_t gid, int done, int total);
/* end: a game's end, the clocks (ms, not below 0) and the players. */
json_t *msg_end(int64_t gid, const char *result, const char *reason, const char *text,
                json_t *winner, int64_t red_ms, int64_t black_ms, const char *red,
                const char *black, int rated);

#endif
