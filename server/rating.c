/* SPDX-License-Identifier: MIT */
/* Elo ratings for rated games: expected score from the rating difference
 * (400-point logistic), K = 40 for a player's first 30 games, 20 after. */
#include <math.h>

#include "server.h"

#define ELO_K_NEW 40.0
#define ELO_K 20.0
#define ELO_NEW_GAMES 30

void elo_update(double *r_red, double *r_black, int games_red, int games_black, double score_red)
{
    double expect = 1.0 / (1.0 + pow(10.0, (*r_black - *r_red) / 400.0));
    double kr = games_red < ELO_NEW_GAMES ? ELO_K_NEW : ELO_K;
    double kb = games_black < ELO_NEW_GAMES ? ELO_K_NEW : ELO_K;
    double d = score_red - expect;
    *r_red += kr * d;
    *r_black -= kb * d;
}
