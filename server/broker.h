/* SPDX-License-Identifier: MIT */
/* The broker: events published on subjects and delivered to whoever
 * subscribed to them. The subjects are
 *
 *   "lobby"      the lobby's events (seeks, offers gone, games started and
 *                over, lobby chat)
 *   "user.ID"    the events of one user (challenges, offers gone, premoves,
 *                review progress): every connection of the user
 *   "game.ID"    the events of one live game: its players and its watchers
 *
 * broker_local.c delivers in the process, at once and in order.
 * broker_redis.c (--broker redis://HOST:PORT) delivers in the process in the
 * same way and also over Redis pub/sub to every other process of the site,
 * each to its own subscribers (in the order each publishing process
 * published). A message is JSON (jansson); a publisher keeps its reference.
 * `skip` names a connection of the publishing process that the publisher
 * answers itself (0: none): the subscribers leave it out; in other
 * processes it is 0 (their connection ids are theirs). Everything runs on
 * the loop thread. */
#ifndef XQ_SERVER_BROKER_H
#define XQ_SERVER_BROKER_H

#include <stddef.h>

#include "broker_types.h"

/* The constructors: broker_local_new() (broker_local.h), broker_redis_new()
 * (broker_redis.h). */
/* Start its network side on the loop (a uv_loop_t *; NULL when the server
 * runs libwebsockets' own poll() loop): 0, or -1 with a message in err (the
 * Redis broker needs libuv's loop). The in-process broker needs nothing.
 * A Redis that cannot be reached yet is no error: it is retried. */
int broker_start(broker *b, void *uv_loop, char *err, size_t cap);
/* End its network side, before the loop closes (takes NULL): afterwards
 * publishes are delivered in the process only. */
void broker_close(broker *b);
void broker_free(broker *b);    /* every subscription with it; takes NULL */
/* Subscribe fn(arg) to a subject: the subscription, or NULL. */
broker_sub *broker_subscribe(broker *b, const char *subject, broker_fn fn, void *arg);
/* Unsubscribe (takes NULL); safe inside a delivery. */
void broker_unsubscribe(broker *b, broker_sub *s);
/* Publish: delivered to this process's subscribers at once; 0, or -1 when
 * the other processes of the site could not be reached (broker_fault()). */
int broker_publish(broker *b, const char *subject, json_t *msg, uint32_t skip);
/* NULL while the broker reaches every process of the site (always, in
 * process); else why not, a sentence (borrowed, valid until the next call). */
const char *broker_fault(const broker *b);

/* The subjects of a user and of a game, into out. */
void broker_user_subject(char out[BROKER_SUBJECT_MAX], int64_t uid);
void broker_game_subject(char out[BROKER_SUBJECT_MAX], int64_t gid);

#endif
