/* SPDX-License-Identifier: MIT */
/* A user's standing now: the Glicko-2 deviation the store holds, grown for the
 * time since their last rated game (rating.h, glicko_inactive_deviation()), as
 * lichess shows and rates a player back from a long absence. Loop thread. */
#ifndef XQ_SERVER_STANDING_H
#define XQ_SERVER_STANDING_H

#include "store.h"

/* The deviation of @p u now (its stored one when it has no rated game, or
 * when the store cannot say when the last one ended). */
double standing_deviation(store *s, const store_user *u);

#endif
