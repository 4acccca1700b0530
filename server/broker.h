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
 * broker_local.c delivers in the process, at once and in order; another
 * broker (Redis) delivers them to every process of a site, each to its own
 * subscribers. A message is JSON (jansson); a publisher keeps its reference.
 * `skip` names a connection the publisher answers itself (0: none): the
 * subscribers leave it out. Everything runs on the loop thread. */
#ifndef XQ_SERVER_BROKER_H
#define XQ_SERVER_BROKER_H

#include <jansson.h>
#include <stdint.h>

#define BROKER_SUBJECT_MAX 32 /* bytes of a subject, with its NUL */

typedef struct broker broker;
typedef struct broker_sub broker_sub;
/* A delivery: the subject, the message (borrowed), the connection to leave out. */
typedef void (*broker_fn)(void *arg, const char *subject, json_t *msg, uint32_t skip);

broker *broker_local_new(void); /* NULL without memory */
void broker_free(broker *b);    /* every subscription with it; takes NULL */
/* Subscribe fn(arg) to a subject: the subscription, or NULL. */
broker_sub *broker_subscribe(broker *b, const char *subject, broker_fn fn, void *arg);
/* Unsubscribe (takes NULL); safe inside a delivery. */
void broker_unsubscribe(broker *b, broker_sub *s);
void broker_publish(broker *b, const char *subject, json_t *msg, uint32_t skip);

/* The subjects of a user and of a game, into out. */
void broker_user_subject(char out[BROKER_SUBJECT_MAX], int64_t uid);
void broker_game_subject(char out[BROKER_SUBJECT_MAX], int64_t gid);

#endif
