/* SPDX-License-Identifier: MIT */
/* broker.h's functions over the handle's table (broker_backend.h), and the
 * names of the subjects. */
#include <inttypes.h>
#include <stdio.h>

#include "broker.h"
#include "broker_backend.h"

void broker_free(broker *b)
{
    if (b)
        b->ops->free(b);
}

broker_sub *broker_subscribe(broker *b, const char *subject, broker_fn fn, void *arg)
{
    return b->ops->subscribe(b, subject, fn, arg);
}

void broker_unsubscribe(broker *b, broker_sub *s)
{
    if (s)
        b->ops->unsubscribe(b, s);
}

int broker_publish(broker *b, const char *subject, json_t *msg, uint32_t skip)
{
    return b->ops->publish(b, subject, msg, skip);
}

int broker_start(broker *b, void *uv_loop, char *err, size_t cap)
{
    return b->ops->start(b, uv_loop, err, cap);
}

void broker_close(broker *b)
{
    if (b)
        b->ops->close(b);
}

const char *broker_fault(const broker *b) { return b->ops->fault(b); }

void broker_user_subject(char out[BROKER_SUBJECT_MAX], int64_t uid)
{
    snprintf(out, BROKER_SUBJECT_MAX, "user.%" PRId64, uid);
}

void broker_game_subject(char out[BROKER_SUBJECT_MAX], int64_t gid)
{
    snprintf(out, BROKER_SUBJECT_MAX, "game.%" PRId64, gid);
}
