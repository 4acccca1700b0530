/* SPDX-License-Identifier: MIT */
/* Connections in memory for xq-server's fuzz harnesses (server_fakes.h): the
 * functions of server/net.h without libwebsockets. A message reaches the
 * session layer as net.c hands it on (the size limit, blank lines skipped on
 * the line transport, input held while a login runs); what the server sends
 * is encoded by the codec as for a socket, checked (a message of the
 * protocol: on the line transport "TYPE {object}\n" whose object has that
 * "type", on WebSocket an object with a string "type"; never a message that
 * could not be built; no error of the server's own, out of memory or storage;
 * a "game" id of 1 or more) and dropped. With
 * XQ_FUZZ_TRACE set in the environment, each is printed to stderr first
 * ("N< " what connection N sent, "N> " what it got). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "codec_msg.h"
#include "fuzz_common.h"
#include "net.h"
#include "server_fakes.h"
#include "session.h"
#include "tuning.h"

/* A message held while the connection is held (conn_hold). */
typedef struct held_msg {
    struct held_msg *next;
    size_t len;
    char text[];
} held_msg;

static conn *g_slots[FAKE_CONNS];
static held_msg *g_held[FAKE_CONNS], **g_held_tail[FAKE_CONNS];
static uint32_t g_seq;
static int64_t g_last_offer, g_last_game;
static char g_last_token[2 * SRV_TOKEN_BYTES + 1];

conn *conn_get(uint32_t id)
{
    size_t slot = id & 0xffffu;
    conn *c = slot < FAKE_CONNS ? g_slots[slot] : NULL;
    return c && c->id == id && !c->closing ? c : NULL;
}

conn *conn_next(conn *prev)
{
    for (size_t s = prev ? (prev->id & 0xffffu) + 1 : 0; s < FAKE_CONNS; s++)
        if (g_slots[s] && !g_slots[s]->closing)
            return g_slots[s];
    return NULL;
}

void net_wake(void) {}
void conn_touch(conn *c) { (void)c; }
/* The harness is one process, never a site: no remote connections (forward.h). */
conn *conn_new_remote(void) { return NULL; }
void conn_free_remote(conn *c) { (void)c; }
int conn_is_remote(const conn *c) { return c->transport == T_REMOTE; }
void net_set_remote_sender(void (*fn)(conn *c, json_t *msg)) { (void)fn; }
size_t net_remote_count(void) { return 0; }

/* The ids of offers and games the server names, for the harness's @o and @g. */
static void remember(const json_t *msg)
{
    json_t *o = json_object_get(msg, "offer"), *g = json_object_get(msg, "game");
    if (json_is_integer(o))
        g_last_offer = json_integer_value(o);
    if (json_is_integer(g))
        g_last_game = json_integer_value(g);
    const char *t = json_string_value(json_object_get(msg, "token"));
    if (t && strlen(t) < sizeof g_last_token)
        snprintf(g_last_token, sizeof g_last_token, "%s", t);
}

const char *fake_net_token(void) { return g_last_token[0] ? g_last_token : NULL; }

int64_t fake_net_last(const char *field)
{
    return strcmp(field, "offer") == 0 ? g_last_offer : g_last_game;
}

void fake_net_forget(void)
{
    g_last_offer = g_last_game = 0;
    g_last_token[0] = 0;
}

/* XQ_FUZZ_TRACE is set (read once). */
static int tracing(void)
{
    static int trace = -1;
    if (trace < 0)
        trace = getenv("XQ_FUZZ_TRACE") != NULL;
    return trace;
}

/* What went out is one message of the protocol. */
static void check_output(const conn *c, const unsigned char *buf, size_t len)
{
    const char *text = (const char *)buf;
    const char *json = text;
    if (tracing())
        fprintf(stderr, "%u> %.*s%s", c->id & 0xffffu, (int)len, text,
                c->transport == T_LINE ? "" : "\n");
    size_t jlen = len;
    if (c->transport == T_LINE) {
        FUZZ_ASSERT(len >= 2 && text[len - 1] == '\n');
        FUZZ_ASSERT(memchr(text, '\n', len - 1) == NULL); /* one line */
        const char *sp = memchr(text, ' ', len);
        FUZZ_ASSERT(sp);
        json = sp + 1;
        jlen = len - 1 - (size_t)(json - text);
    }
    json_error_t je;
    json_t *o = json_loadb(json, jlen, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        fprintf(stderr, "not JSON (%s): %.*s\n", je.text, (int)len, text);
    FUZZ_ASSERT(json_is_object(o));
    const char *type = json_string_value(json_object_get(o, "type"));
    FUZZ_ASSERT(type && *type);
    if (c->transport == T_LINE)
        FUZZ_ASSERT(strlen(type) == (size_t)(json - 1 - text) && !memcmp(type, text, strlen(type)));
    if (strcmp(type, "error") == 0) {
        /* errors of the server itself (out of memory, the database failing)
         * do not happen here: one means that the server took a wrong turn */
        const char *code = json_string_value(json_object_get(o, "code"));
        FUZZ_ASSERT(code);
        if (!strcmp(code, "internal") || !strcmp(code, "server_error") || !strcmp(code, "storage"))
            fprintf(stderr, "a server error: %.*s\n", (int)len, text);
        FUZZ_ASSERT(strcmp(code, "internal") && strcmp(code, "server_error") &&
                    strcmp(code, "storage"));
    }
    /* a message about a game names a game that exists: ids start at 1 */
    json_t *g = json_object_get(o, "game");
    FUZZ_ASSERT(!g || !json_is_integer(g) || json_integer_value(g) >= 1);
    remember(o);
    json_decref(o);
}

void conn_send(conn *c, json_t *msg)
{
    FUZZ_ASSERT(msg); /* a message that could not be built: net.c says "internal error" */
    if (c->closing)
        return;
    size_t len;
    unsigned char *buf = codec_encode(c->transport, msg, 0, &len);
    FUZZ_ASSERT(buf);
    check_output(c, buf, len);
    free(buf);
}

void conn_send_id(conn *c, json_t *id, json_t *msg)
{
    if (id && msg)
        json_object_set(msg, "id", id);
    conn_send(c, msg);
    json_decref(msg);
}

void conn_error(conn *c, json_t *id, const char *code, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    conn_send_id(c, id, msg_error(code, text)); /* a tail cut inside UTF-8 dropped */
}

void conn_close(conn *c, const char *why)
{
    (void)why;
    c->closing = 1;
}

void conn_hold(conn *c) { c->held = 1; }

static void deliver(conn *c, const char *text, size_t len);

void conn_release(conn *c)
{
    if (!c->held)
        return;
    c->held = 0;
    size_t slot = c->id & 0xffffu;
    while (g_held[slot] && !c->held && !c->closing) {
        held_msg *m = g_held[slot];
        g_held[slot] = m->next;
        if (!g_held[slot])
            g_held_tail[slot] = &g_held[slot];
        deliver(c, m->text, m->len);
        free(m);
    }
}

static void free_held(size_t slot)
{
    for (held_msg *m = g_held[slot], *n; m; m = n) {
        n = m->next;
        free(m);
    }
    g_held[slot] = NULL;
    g_held_tail[slot] = &g_held[slot];
}

/* A message to the session layer, or to the hold queue. */
static void deliver(conn *c, const char *text, size_t len)
{
    size_t slot = c->id & 0xffffu;
    if (c->held) {
        held_msg *m = malloc(sizeof *m + len + 1);
        FUZZ_ASSERT(m);
        m->next = NULL;
        m->len = len;
        memcpy(m->text, text, len);
        m->text[len] = 0;
        *g_held_tail[slot] = m;
        g_held_tail[slot] = &m->next;
        return;
    }
    if (tracing())
        fprintf(stderr, "%u< %.*s\n", c->id & 0xffffu, (int)len, text);
    session_message(c, text, len);
}

static conn *open_slot(int slot, int transport)
{
    conn *c = calloc(1, sizeof *c);
    FUZZ_ASSERT(c);
    g_seq = (g_seq + 1) & 0xffffu;
    if (g_seq == 0)
        g_seq = 1;
    c->id = (g_seq << 16) | (uint32_t)slot;
    c->transport = transport;
    snprintf(c->addr, sizeof c->addr, "192.0.2.%d", slot + 1);
    g_slots[slot] = c;
    free_held((size_t)slot);
    session_open(c);
    return c;
}

static void destroy(int slot)
{
    conn *c = g_slots[slot];
    if (!c)
        return;
    c->closing = 1;
    session_closed(c);
    g_slots[slot] = NULL;
    free_held((size_t)slot);
    free(c->in);
    free(c->hold);
    free(c);
}

void fake_net_receive(int slot, int transport, const char *text, size_t len)
{
    FUZZ_ASSERT(slot >= 0 && slot < FAKE_CONNS);
    conn *c = g_slots[slot];
    if (c && c->closing) {
        destroy(slot);
        c = NULL;
    }
    if (!c)
        c = open_slot(slot, transport);
    if (len > SRV_MAX_MESSAGE) {
        conn_error(c, NULL, "too_long", "a message is at most %d bytes", SRV_MAX_MESSAGE);
        return;
    }
    if (c->transport == T_LINE) { /* net.c's line_rx: a \r before \n goes, blank lines too */
        if (len && text[len - 1] == '\r')
            len--;
        size_t k = 0;
        while (k < len && (text[k] == ' ' || text[k] == '\t'))
            k++;
        if (k == len)
            return;
    }
    deliver(c, text, len);
}

void fake_net_drop(int slot)
{
    if (slot >= 0 && slot < FAKE_CONNS)
        destroy(slot);
}

void fake_net_reap(void)
{
    for (int s = 0; s < FAKE_CONNS; s++)
        if (g_slots[s] && g_slots[s]->closing)
            destroy(s);
}

void fake_net_drop_all(void)
{
    for (int s = 0; s < FAKE_CONNS; s++)
        destroy(s);
}
