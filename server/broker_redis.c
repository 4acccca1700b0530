/* SPDX-License-Identifier: MIT */
/* The Redis broker (broker.h, --broker redis://HOST:PORT): the processes of a
 * site share their events over Redis pub/sub, through hiredis' asynchronous
 * API on the server's libuv loop.
 *
 * A publish is delivered to this process's subscribers at once, by an
 * in-process broker inside this one (broker_local.c), and sent to Redis on
 * the channel "xq:SUBJECT" in an envelope {"o": ORIGIN, "m": MSG}: ORIGIN is
 * a random number of this process, so that a process leaves out its own
 * messages when Redis brings them back (they were delivered here with their
 * skip). Other processes deliver them with skip 0: the skipped connection is
 * one of the publishing process, and connection ids are per process.
 *
 * Two connections: one subscribes (a connection in subscribe mode can do
 * nothing else), one publishes. The process subscribes to a channel while it
 * has a subscriber to its subject. A channel being unsubscribed is not
 * subscribed again before Redis has confirmed it (hiredis forgets a channel's
 * callback at the confirmation, even when a SUBSCRIBE was sent meanwhile).
 *
 * Redis lost (either connection): both connections go, the loss is logged,
 * broker_fault() says so (the session layer refuses what needs the other
 * processes), and a timer connects again after 0.1 s, doubling to 5 s; once
 * both are up every subject with subscribers is subscribed again. What was
 * published meanwhile reached this process only. */
#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "broker.h"
#include "broker_backend.h"
#include "broker_local.h"
#include "broker_redis.h"

#define REDIS_DEFAULT_PORT 6379
#define REDIS_RETRY_FIRST_MS 100  /* the first reconnection after a loss */
#define REDIS_RETRY_MAX_MS 5000   /* the backoff doubles up to this */
#define REDIS_CHANNEL_PREFIX "xq:" /* Redis channel = prefix + subject */
#define REDIS_CHANS_START 256      /* buckets of the channel table at first */
#define REDIS_HOST_MAX 256
#define STR_(x) #x
#define STR(x) STR_(x)
#define REDIS_CONNECT_TIMEOUT_MS 3000 /* both connections up within this, or lost */

/* A channel's state at Redis. */
enum { CH_NONE, CH_SUBSCRIBED, CH_UNSUBSCRIBING };

typedef struct chan {
    struct chan *next;
    char subject[BROKER_SUBJECT_MAX];
    uint32_t hash;
    int nlocal; /* this process's subscriptions to the subject */
    int state;
} chan;

typedef struct broker_redis {
    struct broker base;
    broker *local;  /* this process's subscribers */
    char host[REDIS_HOST_MAX];
    int port;
    char origin[17]; /* this process, in the envelopes: 16 hex digits */
    uv_loop_t *loop;
    uv_timer_t retry;   /* the next reconnection */
    uv_timer_t timeout; /* a connection attempt's deadline */
    int started, closed;
    redisAsyncContext *pub, *sub; /* NULL: not there */
    int pub_up, sub_up;           /* connected */
    int down_logged;              /* the current outage was reported */
    unsigned backoff_ms;
    char fault[REDIS_HOST_MAX + 160];
    chan **bucket;
    size_t nbuckets, nchans;
} broker_redis;

static uint32_t hash_of(const char *subject)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)subject; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

static chan *chan_find(broker_redis *b, const char *subject)
{
    uint32_t h = hash_of(subject);
    for (chan *c = b->bucket[h & (b->nbuckets - 1)]; c; c = c->next)
        if (c->hash == h && strcmp(c->subject, subject) == 0)
            return c;
    return NULL;
}

/* Twice the buckets (without memory the table stays: slower, not wrong). */
static void chan_grow(broker_redis *b)
{
    size_t n = 2 * b->nbuckets;
    chan **nb = calloc(n, sizeof *nb);
    if (!nb)
        return;
    for (size_t i = 0; i < b->nbuckets; i++)
        for (chan *c = b->bucket[i], *next; c; c = next) {
            next = c->next;
            c->next = nb[c->hash & (n - 1)];
            nb[c->hash & (n - 1)] = c;
        }
    free(b->bucket);
    b->bucket = nb;
    b->nbuckets = n;
}

/* The subject's channel, made when missing: NULL without memory. */
static chan *chan_get(broker_redis *b, const char *subject)
{
    chan *c = chan_find(b, subject);
    if (c)
        return c;
    if (!(c = calloc(1, sizeof *c)))
        return NULL;
    if (b->nchans >= 2 * b->nbuckets)
        chan_grow(b);
    snprintf(c->subject, sizeof c->subject, "%s", subject);
    c->hash = hash_of(subject);
    c->next = b->bucket[c->hash & (b->nbuckets - 1)];
    b->bucket[c->hash & (b->nbuckets - 1)] = c;
    b->nchans++;
    return c;
}

static void chan_remove(broker_redis *b, chan *c)
{
    for (chan **pp = &b->bucket[c->hash & (b->nbuckets - 1)]; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            free(c);
            b->nchans--;
            return;
        }
}

static void on_sub_reply(redisAsyncContext *ac, void *r, void *priv);

/* Send SUBSCRIBE or UNSUBSCRIBE for a channel on the subscribing connection. */
static void chan_command(broker_redis *b, chan *c, const char *verb)
{
    char channel[sizeof REDIS_CHANNEL_PREFIX + BROKER_SUBJECT_MAX];
    snprintf(channel, sizeof channel, REDIS_CHANNEL_PREFIX "%s", c->subject);
    redisAsyncCommand(b->sub, on_sub_reply, b, "%s %s", verb, channel);
}

/* Bring the channel's state at Redis in line with its subscribers. */
static void chan_sync(broker_redis *b, chan *c)
{
    if (!b->sub_up) {
        if (c->nlocal == 0)
            chan_remove(b, c);
        return;
    }
    if (c->nlocal > 0 && c->state == CH_NONE) {
        chan_command(b, c, "SUBSCRIBE");
        c->state = CH_SUBSCRIBED;
    } else if (c->nlocal == 0 && c->state == CH_SUBSCRIBED) {
        chan_command(b, c, "UNSUBSCRIBE");
        c->state = CH_UNSUBSCRIBING;
    } else if (c->nlocal == 0 && c->state == CH_NONE) {
        chan_remove(b, c);
    }
    /* CH_UNSUBSCRIBING: its confirmation calls chan_sync() again */
}

/* A message from Redis: delivered here unless this process sent it. */
static void deliver(broker_redis *b, const char *subject, const char *payload, size_t len)
{
    json_t *env = json_loadb(payload, len, 0, NULL);
    const char *origin = json_string_value(json_object_get(env, "o"));
    json_t *msg = json_object_get(env, "m");
    if (!origin || !msg)
        fprintf(stderr, "xq-server: Redis: a message on %s%s is not an envelope; left out\n",
                REDIS_CHANNEL_PREFIX, subject);
    else if (strcmp(origin, b->origin) != 0)
        broker_publish(b->local, subject, msg, 0);
    json_decref(env);
}

/* Every reply on the subscribing connection: "subscribe", "unsubscribe" and
 * "message" arrays (NULL when the connection goes). */
static void on_sub_reply(redisAsyncContext *ac, void *r, void *priv)
{
    broker_redis *b = priv;
    redisReply *reply = r;
    (void)ac;
    if (!reply || reply->type != REDIS_REPLY_ARRAY || reply->elements < 3 ||
        reply->element[0]->type != REDIS_REPLY_STRING || reply->element[1]->type != REDIS_REPLY_STRING)
        return;
    const char *kind = reply->element[0]->str, *channel = reply->element[1]->str;
    size_t np = strlen(REDIS_CHANNEL_PREFIX);
    if (strncmp(channel, REDIS_CHANNEL_PREFIX, np) != 0 ||
        strlen(channel + np) >= BROKER_SUBJECT_MAX)
        return;
    const char *subject = channel + np;
    if (strcmp(kind, "message") == 0 && reply->element[2]->type == REDIS_REPLY_STRING) {
        deliver(b, subject, reply->element[2]->str, reply->element[2]->len);
    } else if (strcmp(kind, "unsubscribe") == 0) {
        chan *c = chan_find(b, subject);
        if (c && c->state == CH_UNSUBSCRIBING) {
            c->state = CH_NONE;
            chan_sync(b, c); /* subscribers came meanwhile: subscribe again */
        }
    }
}

static void schedule_retry(broker_redis *b);

/* A connection's socket on the loop (hiredis' event hooks). Hiredis' own
 * libuv adapter ignores an error from the poll, which is how a refused
 * connection shows: it would wait for ever. Here an error lets hiredis look
 * at the socket, which reports it and closes the connection. */
typedef struct redis_watch {
    redisAsyncContext *ac; /* NULL once hiredis has cleaned up */
    uv_poll_t poll;
    int events;
} redis_watch;

static void watch_cb(uv_poll_t *h, int status, int events)
{
    redis_watch *w = h->data;
    if (!w->ac)
        return;
    if (status < 0) /* an error: a read (or a connection's first write) finds it */
        events = (w->ac->c.flags & REDIS_CONNECTED) ? UV_READABLE : UV_WRITABLE;
    if (events & UV_READABLE)
        redisAsyncHandleRead(w->ac);
    if (w->ac && (events & UV_WRITABLE))
        redisAsyncHandleWrite(w->ac);
}

static void watch_set(redis_watch *w, int events)
{
    w->events = events;
    if (events)
        uv_poll_start(&w->poll, events, watch_cb);
    else
        uv_poll_stop(&w->poll);
}

static void watch_add_read(void *p) { watch_set(p, ((redis_watch *)p)->events | UV_READABLE); }
static void watch_del_read(void *p) { watch_set(p, ((redis_watch *)p)->events & ~UV_READABLE); }
static void watch_add_write(void *p) { watch_set(p, ((redis_watch *)p)->events | UV_WRITABLE); }
static void watch_del_write(void *p) { watch_set(p, ((redis_watch *)p)->events & ~UV_WRITABLE); }
static void watch_closed(uv_handle_t *h) { free(h->data); }

static void watch_cleanup(void *p)
{
    redis_watch *w = p;
    w->ac = NULL;
    uv_close((uv_handle_t *)&w->poll, watch_closed);
}

/* Watch a new connection's socket on the loop: 0, or -1. */
static int watch(redisAsyncContext *ac, uv_loop_t *loop)
{
    redis_watch *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    if (uv_poll_init(loop, &w->poll, ac->c.fd) != 0) {
        free(w);
        return -1;
    }
    w->ac = ac;
    w->poll.data = w;
    ac->ev.data = w;
    ac->ev.addRead = watch_add_read;
    ac->ev.delRead = watch_del_read;
    ac->ev.addWrite = watch_add_write;
    ac->ev.delWrite = watch_del_write;
    ac->ev.cleanup = watch_cleanup;
    return 0;
}

/* Forget a connection (freed by hiredis now, or after its running callback). */
static void drop(redisAsyncContext **pp)
{
    redisAsyncContext *ac = *pp;
    *pp = NULL;
    if (ac)
        redisAsyncFree(ac);
}

/* One connection failed or was lost: both go, the channels are no longer
 * subscribed, and a reconnection is scheduled. */
static void lost(broker_redis *b, const char *why)
{
    b->pub_up = b->sub_up = 0;
    drop(&b->pub);
    drop(&b->sub);
    uv_timer_stop(&b->timeout);
    for (size_t i = 0; i < b->nbuckets; i++)
        for (chan *c = b->bucket[i], *next; c; c = next) {
            next = c->next;
            c->state = CH_NONE;
            if (c->nlocal == 0)
                chan_remove(b, c);
        }
    snprintf(b->fault, sizeof b->fault,
             "the site's broker (Redis at %s:%d) is unreachable: %s; retrying", b->host, b->port,
             why);
    if (!b->down_logged) {
        fprintf(stderr, "xq-server: %s\n", b->fault);
        b->down_logged = 1;
    }
    if (!b->closed)
        schedule_retry(b);
}

/* Both connections up: every subject with subscribers subscribed again. */
static void both_up(broker_redis *b)
{
    for (size_t i = 0; i < b->nbuckets; i++)
        for (chan *c = b->bucket[i], *next; c; c = next) {
            next = c->next;
            chan_sync(b, c);
        }
    if (b->down_logged)
        fprintf(stderr, "xq-server: the site's broker (Redis at %s:%d) is back\n", b->host,
                b->port);
    b->down_logged = 0;
    b->backoff_ms = REDIS_RETRY_FIRST_MS;
    uv_timer_stop(&b->timeout);
    b->fault[0] = 0;
}

static void on_connect(const redisAsyncContext *ac, int status)
{
    broker_redis *b = ac->data;
    int is_pub = ac == b->pub;
    if (ac != b->pub && ac != b->sub)
        return; /* one given up already */
    if (status != REDIS_OK) {
        char why[160];
        snprintf(why, sizeof why, "%s", ac->errstr[0] ? ac->errstr : "cannot connect");
        if (is_pub)
            b->pub = NULL; /* hiredis frees it after this callback */
        else
            b->sub = NULL;
        lost(b, why);
        return;
    }
    if (is_pub)
        b->pub_up = 1;
    else
        b->sub_up = 1;
    if (b->pub_up && b->sub_up)
        both_up(b);
}

static void on_disconnect(const redisAsyncContext *ac, int status)
{
    broker_redis *b = ac->data;
    (void)status;
    if (ac != b->pub && ac != b->sub)
        return; /* dropped by this file */
    char why[160];
    snprintf(why, sizeof why, "%s", ac->errstr[0] ? ac->errstr : "the connection was closed");
    if (ac == b->pub)
        b->pub = NULL; /* hiredis frees it after this callback */
    else
        b->sub = NULL;
    lost(b, why);
}

/* One connection to Redis on the loop: NULL (and the reason in why) on failure. */
static redisAsyncContext *connect_one(broker_redis *b, char *why, size_t cap)
{
    redisAsyncContext *ac = redisAsyncConnect(b->host, b->port);
    if (!ac) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    if (ac->err) {
        snprintf(why, cap, "%s", ac->errstr);
        redisAsyncFree(ac);
        return NULL;
    }
    ac->data = b;
    if (watch(ac, b->loop) < 0) {
        snprintf(why, cap, "cannot watch the connection on the loop");
        redisAsyncFree(ac);
        return NULL;
    }
    redisAsyncSetConnectCallback(ac, on_connect);
    redisAsyncSetDisconnectCallback(ac, on_disconnect);
    return ac;
}

static void on_timeout(uv_timer_t *t)
{
    broker_redis *b = t->data;
    if (!b->closed && !(b->pub_up && b->sub_up))
        lost(b, "no answer in " STR(REDIS_CONNECT_TIMEOUT_MS) " ms");
}

static void connect_both(broker_redis *b)
{
    char why[160];
    uv_timer_start(&b->timeout, on_timeout, REDIS_CONNECT_TIMEOUT_MS, 0);
    if (!(b->pub = connect_one(b, why, sizeof why)) || !(b->sub = connect_one(b, why, sizeof why)))
        lost(b, why);
}

static void on_retry(uv_timer_t *t)
{
    broker_redis *b = t->data;
    if (!b->closed && !b->pub && !b->sub)
        connect_both(b);
}

static void schedule_retry(broker_redis *b)
{
    uv_timer_start(&b->retry, on_retry, b->backoff_ms, 0);
    b->backoff_ms = b->backoff_ms * 2 > REDIS_RETRY_MAX_MS ? REDIS_RETRY_MAX_MS : b->backoff_ms * 2;
}

static int redis_start(broker *base, void *uv_loop, char *err, size_t cap)
{
    broker_redis *b = (broker_redis *)base;
    if (!uv_loop) {
        snprintf(err, cap, "--broker needs libuv's event loop (--event-loop uv, and Debian's "
                           "libwebsockets-evlib-uv), which this server is not running");
        return -1;
    }
    b->loop = uv_loop;
    uv_timer_init(b->loop, &b->retry);
    uv_timer_init(b->loop, &b->timeout);
    b->retry.data = b->timeout.data = b;
    b->started = 1;
    snprintf(b->fault, sizeof b->fault, "the site's broker (Redis at %s:%d) is not connected yet",
             b->host, b->port);
    connect_both(b);
    return 0;
}

static void redis_close(broker *base)
{
    broker_redis *b = (broker_redis *)base;
    if (!b->started || b->closed)
        return;
    b->closed = 1;
    b->pub_up = b->sub_up = 0;
    drop(&b->pub);
    drop(&b->sub);
    uv_timer_stop(&b->retry);
    uv_close((uv_handle_t *)&b->retry, NULL);
    uv_close((uv_handle_t *)&b->timeout, NULL);
    snprintf(b->fault, sizeof b->fault, "the site's broker (Redis at %s:%d) is closed", b->host,
             b->port);
}

static void redis_free(broker *base)
{
    broker_redis *b = (broker_redis *)base;
    redis_close(base);
    for (size_t i = 0; i < b->nbuckets; i++)
        while (b->bucket[i]) {
            chan *c = b->bucket[i];
            b->bucket[i] = c->next;
            free(c);
        }
    free(b->bucket);
    broker_free(b->local);
    free(b);
}

static broker_sub *redis_subscribe(broker *base, const char *subject, broker_fn fn, void *arg)
{
    broker_redis *b = (broker_redis *)base;
    chan *c = chan_get(b, subject);
    broker_sub *s = c ? broker_subscribe(b->local, subject, fn, arg) : NULL;
    if (!s) {
        if (c && c->nlocal == 0 && c->state == CH_NONE)
            chan_remove(b, c);
        return NULL;
    }
    c->nlocal++;
    chan_sync(b, c);
    return s;
}

static void redis_unsubscribe(broker *base, broker_sub *s)
{
    broker_redis *b = (broker_redis *)base;
    chan *c = chan_find(b, broker_local_subject(s));
    broker_unsubscribe(b->local, s);
    if (c) {
        c->nlocal--;
        chan_sync(b, c);
    }
}

static void on_published(redisAsyncContext *ac, void *r, void *priv)
{
    redisReply *reply = r;
    (void)ac, (void)priv;
    if (reply && reply->type == REDIS_REPLY_ERROR)
        fprintf(stderr, "xq-server: Redis refused a PUBLISH: %s\n", reply->str);
}

static int redis_publish(broker *base, const char *subject, json_t *msg, uint32_t skip)
{
    broker_redis *b = (broker_redis *)base;
    broker_publish(b->local, subject, msg, skip);
    if (!b->pub_up)
        return -1;
    /* the envelope between the processes of a site, not a message to a
     * client (those are codec_msg.c's): the origin and the message */
    json_t *env = json_object();
    if (env && (json_object_set_new(env, "o", json_string(b->origin)) < 0 ||
                json_object_set(env, "m", msg) < 0)) {
        json_decref(env);
        env = NULL;
    }
    char *text = env ? json_dumps(env, JSON_COMPACT) : NULL;
    json_decref(env);
    if (!text)
        return -1;
    char channel[sizeof REDIS_CHANNEL_PREFIX + BROKER_SUBJECT_MAX];
    snprintf(channel, sizeof channel, REDIS_CHANNEL_PREFIX "%s", subject);
    int rc = redisAsyncCommand(b->pub, on_published, NULL, "PUBLISH %s %b", channel, text,
                               strlen(text));
    free(text);
    return rc == REDIS_OK ? 0 : -1;
}

static const char *redis_fault(const broker *base)
{
    const broker_redis *b = (const broker_redis *)base;
    return b->pub_up && b->sub_up ? NULL : b->fault;
}

static const broker_ops k_redis_ops = {redis_free,  redis_subscribe, redis_unsubscribe, redis_publish,
                                       redis_start, redis_close,     redis_fault};

/* redis://HOST[:PORT][/], HOST possibly [v6]: 0, or -1 with a message. */
static int parse_url(broker_redis *b, const char *url, char *err, size_t cap)
{
    const char *p = strncmp(url, "redis://", 8) == 0 ? url + 8 : NULL;
    const char *end = p ? p + strcspn(p, "/") : NULL;
    if (!p || (*end && strcmp(end, "/") != 0)) {
        snprintf(err, cap, "--broker wants redis://HOST[:PORT], not '%s'", url);
        return -1;
    }
    const char *colon = NULL;
    if (*p == '[') {
        const char *close = memchr(p, ']', (size_t)(end - p));
        if (!close) {
            snprintf(err, cap, "--broker: no ']' after the IPv6 address in '%s'", url);
            return -1;
        }
        colon = close + 1 < end && close[1] == ':' ? close + 1 : NULL;
        p++;
        end = close;
    } else if ((colon = memchr(p, ':', (size_t)(end - p))) != NULL) {
        end = colon;
    }
    size_t n = (size_t)(end - p);
    if (n == 0 || n >= sizeof b->host) {
        snprintf(err, cap, "--broker: no host (or one too long) in '%s'", url);
        return -1;
    }
    memcpy(b->host, p, n);
    b->host[n] = 0;
    b->port = REDIS_DEFAULT_PORT;
    if (colon) {
        char *stop;
        long v = strtol(colon + 1, &stop, 10);
        if (stop == colon + 1 || (*stop && strcmp(stop, "/") != 0) || v < 1 || v > 65535) {
            snprintf(err, cap, "--broker: the port in '%s' is not from 1 to 65535", url);
            return -1;
        }
        b->port = (int)v;
    }
    return 0;
}

broker *broker_redis_new(const char *url, char *err, size_t cap)
{
    broker_redis *b = calloc(1, sizeof *b);
    if (!b || !(b->bucket = calloc(REDIS_CHANS_START, sizeof *b->bucket)) ||
        !(b->local = broker_local_new())) {
        if (b)
            free(b->bucket);
        free(b);
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    b->base.ops = &k_redis_ops;
    b->nbuckets = REDIS_CHANS_START;
    b->backoff_ms = REDIS_RETRY_FIRST_MS;
    if (parse_url(b, url, err, cap) < 0) {
        redis_free(&b->base);
        return NULL;
    }
    uint64_t r;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) /* a unique enough stand-in */
        r = ((uint64_t)getpid() << 32) ^ (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)b;
    snprintf(b->origin, sizeof b->origin, "%016" PRIx64, r);
    snprintf(b->fault, sizeof b->fault, "the site's broker (Redis at %s:%d) is not started",
             b->host, b->port);
    return &b->base;
}
