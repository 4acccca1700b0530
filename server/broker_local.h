/* SPDX-License-Identifier: MIT */
/* The in-process broker (broker_local.c): the one of a server alone, and the
 * delivery inside each process of the Redis broker. */
#ifndef XQ_SERVER_BROKER_LOCAL_H
#define XQ_SERVER_BROKER_LOCAL_H

#include "broker_types.h"

/* The in-process broker (use it through broker.h): NULL without memory. */
broker *broker_local_new(void);
/* The subject of one of its subscriptions (borrowed: valid while the
 * subscription is); broker_redis.c counts them by subject. */
const char *broker_local_subject(const broker_sub *s);

#endif
