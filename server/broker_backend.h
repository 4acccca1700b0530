/* SPDX-License-Identifier: MIT */
/* The brokers behind broker.h. Each implementation (broker_local.c,
 * broker_redis.c) keeps everything static but its constructor, whose handle
 * begins with a `struct broker` holding its table of functions; broker.c
 * calls through it. Only the broker files include this header. */
#ifndef XQ_SERVER_BROKER_BACKEND_H
#define XQ_SERVER_BROKER_BACKEND_H

#include <stddef.h>

#include "broker_types.h"

/* One function per function of broker.h (same arguments, same results). */
typedef struct broker_ops {
    void (*free)(broker *b);
    broker_sub *(*subscribe)(broker *b, const char *subject, broker_fn fn, void *arg);
    void (*unsubscribe)(broker *b, broker_sub *s);
    int (*publish)(broker *b, const char *subject, json_t *msg, uint32_t skip);
    int (*start)(broker *b, void *uv_loop, char *err, size_t cap);
    void (*close)(broker *b);
    const char *(*fault)(const broker *b);
} broker_ops;

/* The head of every broker handle. */
struct broker {
    const broker_ops *ops;
};

#endif
