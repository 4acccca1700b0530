/* SPDX-License-Identifier: MIT */
/* The in-process broker (broker.h): subscriptions in a hash table by
 * subject, delivered synchronously in the order they were made. A
 * subscription dropped during a delivery is marked, listed, and freed once
 * the outermost publish returns. The table doubles when it holds more than
 * BROKER_LOAD subscriptions a bucket (never during a delivery), so that a
 * publish costs the same with ten users online or a hundred thousand. */
#include <stdlib.h>
#include <string.h>

#include "broker_backend.h"
#include "broker_local.h"

#define BROKER_BUCKETS_START 1024 /* hash buckets at first (a power of two) */
#define BROKER_LOAD 2               /* subscriptions a bucket before the table doubles */

struct broker_sub {
    char subject[BROKER_SUBJECT_MAX];
    uint32_t hash;
    broker_fn fn; /* NULL: dropped during a delivery */
    void *arg;
    struct broker_sub *next;
    struct broker_sub *dropped_next; /* in broker.dropped */
};

typedef struct broker_local {
    struct broker base;
    broker_sub **bucket;
    size_t nbuckets; /* a power of two */
    size_t nsubs;
    int publishing;  /* depth of nested publishes */
    broker_sub *dropped; /* subscriptions dropped while publishing, to free after */
} broker_local;

static uint32_t hash_of(const char *subject)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)subject; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

static broker_sub **chain(const broker_local *b, uint32_t hash) { return &b->bucket[hash & (b->nbuckets - 1)]; }

static void local_free(broker *base)
{
    broker_local *b = (broker_local *)base;
    for (size_t i = 0; i < b->nbuckets; i++)
        while (b->bucket[i]) {
            broker_sub *s = b->bucket[i];
            b->bucket[i] = s->next;
            free(s);
        }
    free(b->bucket);
    free(b);
}

/* Twice the buckets, each chain's order kept (subscriptions to one subject
 * stay in one chain, in the order they were made). Without memory the table
 * stays as it is: slower, not wrong. */
static void grow(broker_local *b)
{
    size_t n = 2 * b->nbuckets;
    broker_sub **nb = calloc(n, sizeof *nb), **tail = calloc(n, sizeof *tail);
    if (!nb || !tail) {
        free(nb);
        free(tail);
        return;
    }
    for (size_t i = 0; i < b->nbuckets; i++)
        for (broker_sub *s = b->bucket[i], *next; s; s = next) {
            next = s->next;
            size_t k = s->hash & (n - 1);
            s->next = NULL;
            if (tail[k])
                tail[k]->next = s;
            else
                nb[k] = s;
            tail[k] = s;
        }
    free(tail);
    free(b->bucket);
    b->bucket = nb;
    b->nbuckets = n;
}

static broker_sub *local_subscribe(broker *base, const char *subject, broker_fn fn, void *arg)
{
    broker_local *b = (broker_local *)base;
    broker_sub *s = calloc(1, sizeof *s);
    if (!s || strlen(subject) >= sizeof s->subject) {
        free(s);
        return NULL;
    }
    memcpy(s->subject, subject, strlen(subject) + 1);
    s->hash = hash_of(subject);
    s->fn = fn;
    s->arg = arg;
    if (!b->publishing && b->nsubs >= BROKER_LOAD * b->nbuckets)
        grow(b);
    broker_sub **pp = chain(b, s->hash);
    while (*pp)
        pp = &(*pp)->next; /* at the end: delivered in the order of subscription */
    *pp = s;
    b->nsubs++;
    return s;
}

static void unlink_sub(broker_local *b, broker_sub *s)
{
    for (broker_sub **pp = chain(b, s->hash); *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            free(s);
            b->nsubs--;
            return;
        }
}

static void local_unsubscribe(broker *base, broker_sub *s)
{
    broker_local *b = (broker_local *)base;
    if (b->publishing) { /* a delivery may be walking its chain: take it out after */
        if (s->fn) {
            s->fn = NULL;
            s->dropped_next = b->dropped;
            b->dropped = s;
        }
        return;
    }
    unlink_sub(b, s);
}

static int local_publish(broker *base, const char *subject, json_t *msg, uint32_t skip)
{
    broker_local *b = (broker_local *)base;
    uint32_t h = hash_of(subject);
    b->publishing++;
    for (broker_sub *s = *chain(b, h); s; s = s->next)
        if (s->fn && s->hash == h && strcmp(s->subject, subject) == 0)
            s->fn(s->arg, subject, msg, skip);
    if (--b->publishing == 0)
        while (b->dropped) {
            broker_sub *d = b->dropped;
            b->dropped = d->dropped_next;
            unlink_sub(b, d);
        }
    return 0;
}

const char *broker_local_subject(const broker_sub *s) { return s->subject; }

static int local_start(broker *b, void *uv_loop, char *err, size_t cap)
{
    (void)b, (void)uv_loop, (void)err, (void)cap;
    return 0;
}

static void local_close(broker *b) { (void)b; }

static const char *local_fault(const broker *b)
{
    (void)b;
    return NULL;
}

static const broker_ops k_local_ops = {local_free,  local_subscribe, local_unsubscribe, local_publish,
                                       local_start, local_close,     local_fault};

broker *broker_local_new(void)
{
    broker_local *b = calloc(1, sizeof *b);
    if (b && !(b->bucket = calloc(BROKER_BUCKETS_START, sizeof *b->bucket))) {
        free(b);
        return NULL;
    }
    if (!b)
        return NULL;
    b->base.ops = &k_local_ops;
    b->nbuckets = BROKER_BUCKETS_START;
    return &b->base;
}
