/* SPDX-License-Identifier: MIT */
/* The in-process broker (broker.h): subscriptions in a hash table by
 * subject, delivered synchronously in the order they were made. A
 * subscription dropped during a delivery is marked and freed once the
 * outermost publish returns. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker.h"

#define BROKER_BUCKETS 1024 /* hash buckets of the subjects (a power of two) */

struct broker_sub {
    char subject[BROKER_SUBJECT_MAX];
    broker_fn fn; /* NULL: dropped during a delivery */
    void *arg;
    struct broker_sub *next;
};

struct broker {
    broker_sub *bucket[BROKER_BUCKETS];
    int publishing; /* depth of nested publishes */
    int dropped;    /* subscriptions dropped while publishing */
};

static size_t bucket_of(const char *subject)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)subject; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h & (BROKER_BUCKETS - 1);
}

broker *broker_local_new(void) { return calloc(1, sizeof(broker)); }

void broker_free(broker *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < BROKER_BUCKETS; i++)
        while (b->bucket[i]) {
            broker_sub *s = b->bucket[i];
            b->bucket[i] = s->next;
            free(s);
        }
    free(b);
}

broker_sub *broker_subscribe(broker *b, const char *subject, broker_fn fn, void *arg)
{
    broker_sub *s = calloc(1, sizeof *s);
    if (!s || strlen(subject) >= sizeof s->subject) {
        free(s);
        return NULL;
    }
    memcpy(s->subject, subject, strlen(subject) + 1);
    s->fn = fn;
    s->arg = arg;
    broker_sub **pp = &b->bucket[bucket_of(subject)];
    while (*pp)
        pp = &(*pp)->next; /* at the end: delivered in the order of subscription */
    *pp = s;
    return s;
}

static void unlink_sub(broker *b, broker_sub *s)
{
    for (broker_sub **pp = &b->bucket[bucket_of(s->subject)]; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            free(s);
            return;
        }
}

void broker_unsubscribe(broker *b, broker_sub *s)
{
    if (!s)
        return;
    if (b->publishing) {
        s->fn = NULL;
        b->dropped = 1;
        return;
    }
    unlink_sub(b, s);
}

static void sweep(broker *b)
{
    for (size_t i = 0; i < BROKER_BUCKETS; i++)
        for (broker_sub **pp = &b->bucket[i]; *pp;) {
            broker_sub *s = *pp;
            if (s->fn)
                pp = &s->next;
            else {
                *pp = s->next;
                free(s);
            }
        }
    b->dropped = 0;
}

void broker_publish(broker *b, const char *subject, json_t *msg, uint32_t skip)
{
    b->publishing++;
    for (broker_sub *s = b->bucket[bucket_of(subject)]; s; s = s->next)
        if (s->fn && strcmp(s->subject, subject) == 0)
            s->fn(s->arg, subject, msg, skip);
    if (--b->publishing == 0 && b->dropped)
        sweep(b);
}

void broker_user_subject(char out[BROKER_SUBJECT_MAX], int64_t uid)
{
    snprintf(out, BROKER_SUBJECT_MAX, "user.%" PRId64, uid);
}

void broker_game_subject(char out[BROKER_SUBJECT_MAX], int64_t gid)
{
    snprintf(out, BROKER_SUBJECT_MAX, "game.%" PRId64, gid);
}
