/* SPDX-License-Identifier: MIT */
/* A live game's handle and the terms it starts with: its players, time
 * control, rule set and rating. */
#ifndef XQ_SERVER_GAME_TERMS_H
#define XQ_SERVER_GAME_TERMS_H

#include <stdint.h>

#include "tuning.h"

typedef struct game game; /* a live game (game.h) */

typedef struct game_terms {
    int64_t uid[2];
    char name[2][SRV_NAME_MAX + 24];
    double rating[2];
    double deviation[2];   /* Glicko-2 deviations at the start; 0: not known (the engine) */
    int engine_level;      /* -1: two people */
    int engine_color;
    int ruleset;
    int base_s, inc_s;
    int rated;
} game_terms;

#endif
