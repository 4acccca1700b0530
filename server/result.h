/* SPDX-License-Identifier: MIT */
/* The result of a game as the server passes it around and stores it. */
#ifndef XQ_SERVER_RESULT_H
#define XQ_SERVER_RESULT_H

#include <xiangqi/xiangqi.h>

/* A game's result as the server passes it around and stores it (games.result):
 * the library's xq_result values (XQ_RESULT_ONGOING while a game goes on,
 * XQ_RESULT_RED_WINS, XQ_RESULT_BLACK_WINS, XQ_RESULT_DRAW) and one of the
 * server's own: RESULT_ABORTED, a game ended before both sides had moved (no
 * winner, not rated; PGN "*"). */
enum { RESULT_ABORTED = XQ_RESULT_DRAW + 1 };
/* The result of a game that side s (0 red, 1 black) lost. */
static inline int result_lost_by(int s) { return s == 0 ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS; }
/* A game was played out: won by one side or drawn (not aborted, not ongoing). */
static inline int result_played(int r) { return r >= XQ_RESULT_RED_WINS && r <= XQ_RESULT_DRAW; }
/* A result as PGN writes it: "1-0", "0-1", "1/2-1/2", "*" (ongoing, aborted, unknown). */
static inline const char *result_pgn(int r)
{
    return r == XQ_RESULT_RED_WINS ? "1-0" : r == XQ_RESULT_BLACK_WINS ? "0-1" : r == XQ_RESULT_DRAW ? "1/2-1/2" : "*";
}

#endif
