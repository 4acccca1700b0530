/* SPDX-License-Identifier: MIT */
/* The Redis broker (broker_redis.c, --broker redis://HOST:PORT): the
 * processes of a site share their events over Redis pub/sub. Built when
 * hiredis is found (XQ_HAVE_HIREDIS). */
#ifndef XQ_SERVER_BROKER_REDIS_H
#define XQ_SERVER_BROKER_REDIS_H

#include <stddef.h>

#include "broker_types.h"

/* The Redis broker of a site, for a URL redis://HOST[:PORT][/] (HOST may be
 * [IPv6]; port 6379 by default; use it through broker.h): NULL with a
 * message in err (a malformed URL, no memory). It connects at
 * broker_start(), on libuv's loop. */
broker *broker_redis_new(const char *url, char *err, size_t cap);

#endif
