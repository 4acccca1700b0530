/* SPDX-License-Identifier: MIT */
/* The broker's types (broker.h), shared by its interface and its
 * implementations (broker_backend.h). */
#ifndef XQ_SERVER_BROKER_TYPES_H
#define XQ_SERVER_BROKER_TYPES_H

#include <jansson.h>
#include <stdint.h>

#define BROKER_SUBJECT_MAX 32 /* bytes of a subject, with its NUL */

typedef struct broker broker;
typedef struct broker_sub broker_sub;
/* A delivery: the subject, the message (borrowed), the connection to leave out. */
typedef void (*broker_fn)(void *arg, const char *subject, json_t *msg, uint32_t skip);

#endif
