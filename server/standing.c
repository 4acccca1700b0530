/* SPDX-License-Identifier: MIT */
/* A user's deviation now (standing.h). */
#include "standing.h"

#include "clock.h"
#include "rating.h"

#define SECONDS_PER_DAY 86400.0

static int last_ended(int64_t gid, int64_t ended, double rating, double deviation, void *arg)
{
    (void)gid, (void)rating, (void)deviation;
    *(int64_t *)arg = ended;
    return 0;
}

double standing_deviation(store *s, const store_user *u)
{
    int64_t ended = 0;
    if (u->guest || store_user_history(s, u->id, 1, last_ended, &ended) != ST_OK || ended <= 0)
        return u->deviation;
    return glicko_inactive_deviation(u->deviation, u->volatility,
                                     (double)(wall_s() - ended) / SECONDS_PER_DAY);
}
