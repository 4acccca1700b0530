/* SPDX-License-Identifier: MIT */
/* Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system",
 * 2013), as lichess rates its games: every rated game is a rating period of
 * its own for both players, updated from their ratings before the game.
 * Standalone (no server types), so that a unit test links it alone. */
#ifndef XQ_SERVER_RATING_H
#define XQ_SERVER_RATING_H

/* ---- tuning numbers (docs/protocol.md, "Ratings") ---- */
#define GLICKO_RATING_START 1500.0   /* a new player's rating */
#define GLICKO_RD_START 350.0        /* a new player's deviation (Glickman's default) */
#define GLICKO_VOL_START 0.06        /* a new player's volatility (Glickman's default) */
#define GLICKO_TAU 0.75              /* the system constant: how fast volatility moves (lichess) */
#define GLICKO_RD_MIN 45.0           /* the deviation never falls below this (lichess) */
#define GLICKO_RD_MAX 350.0          /* nor rises above the start */
#define GLICKO_PROVISIONAL_RD 110.0  /* above this deviation a rating is provisional (lichess) */
#define GLICKO_EPSILON 0.000001      /* convergence of the volatility iteration (Glickman) */
#define GLICKO_PERIODS_PER_DAY 0.21436 /* rating periods a day without a game (lichess) */

typedef struct glicko {
    double rating;     /* r, on the Elo-like scale (1500 = start) */
    double deviation;  /* RD */
    double volatility; /* sigma */
} glicko;

/* One game's opponent and result for glicko_update(). */
typedef struct glicko_game {
    double rating, deviation; /* the opponent's, before the game */
    double score;             /* 1 win, 0.5 draw, 0 loss */
} glicko_game;

/* The player's rating after one rating period with @p n games (Glickman's
 * steps 2 to 8, the volatility by the Illinois algorithm), system constant
 * @p tau. With n = 0 only the deviation grows (step 6). No clamping. */
glicko glicko_update(glicko player, const glicko_game *games, int n, double tau);

/* Both players of a rated game, updated at once from their ratings before it
 * (score_red: 1 Red won, 0.5 draw, 0 Black won), with the server's constant
 * and the deviation kept within [GLICKO_RD_MIN, GLICKO_RD_MAX]. */
void glicko_rate_game(glicko *red, glicko *black, double score_red);

/* The deviation given to a player whose Elo rating of an older database is
 * migrated: what Glicko would have after @p games games between equals from
 * the start deviation, within [GLICKO_RD_MIN, GLICKO_RD_MAX]. */
double glicko_migrated_deviation(int games);

/* The deviation of a player who has played no rated game for @p days:
 * Glickman's step 6 (phi* = sqrt(phi^2 + sigma^2)) once for each rating period
 * of GLICKO_PERIODS_PER_DAY passed, fractions included, so that a rating
 * grows less certain with time as lichess's do; never below @p deviation nor
 * above GLICKO_RD_MAX (days <= 0: @p deviation). */
double glicko_inactive_deviation(double deviation, double volatility, double days);

/* 1 when a rating of this deviation is provisional. */
int glicko_provisional(double deviation);

#endif /* XQ_SERVER_RATING_H */
