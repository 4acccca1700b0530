/* SPDX-License-Identifier: MIT */
/* The transport: one libwebsockets context, one listening port, one loop.
 * HTTP (the browser client's files, --www), WebSocket (protocol "xq", JSON
 * text messages) and the line protocol: a connection whose first line is not
 * HTTP falls back to the raw-socket role (LWS_SERVER_OPTION_FALLBACK_TO_APPLY_
 * LISTEN_ACCEPT_CONFIG), where this file splits lines. Writes go through a
 * per-connection queue drained on WRITEABLE; a client that lets it grow past
 * SRV_MAX_OUTQ is dropped, so a slow reader cannot stall the loop.
 *
 * The loop is libuv's (--event-loop uv, the default): this file owns a uv
 * loop and hands it to libwebsockets as a foreign loop (its evlib-uv plugin),
 * so that each turn costs what its events cost (epoll), not one look at every
 * open connection as libwebsockets' own poll() loop does (--event-loop poll,
 * and the fallback when the plugin cannot be loaded). */
#include <libwebsockets.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#ifdef XQ_SERVER_LIBUV
#include <uv.h>
#endif

#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "config.h"
#include "http.h"
#include "http_files.h"
#include "net.h"
#include "proxy.h"
#include "ratelimit.h"
#include "stats.h"
#include "timer.h"
#include "tuning.h"
#include "work.h"

#define NET_XFF_MAX 512 /* bytes of X-Forwarded-For read (a longer one is not used) */

typedef struct outmsg {
    struct outmsg *next;
    size_t len, off;
    unsigned char *buf; /* LWS_PRE bytes, then len bytes */
} outmsg;

typedef struct pss {
    conn *c;
    http_tx http; /* an HTTP request's body being written (http.c) */
} pss;

static struct lws_context *g_ctx;
static net_handlers g_handlers; /* net_set_handlers(): the session layer */

void net_set_handlers(const net_handlers *h) { g_handlers = *h; }
static conn **g_slots;
static size_t g_nslots, g_nconns;
static uint32_t g_seq;
static size_t g_nremote;                           /* remote connections (T_REMOTE) */
static void (*g_remote_send)(conn *c, json_t *msg); /* net_set_remote_sender() */
static volatile sig_atomic_t g_stop; /* net_stop() (a signal handler) asks the loop to end */
#ifdef XQ_SERVER_LIBUV
static uv_loop_t g_uv;   /* the loop, when libuv runs it (g_on_uv) */
static int g_on_uv;
#endif

size_t net_conn_count(void) { return g_nconns; }
size_t net_remote_count(void) { return g_nremote; }
int conn_is_remote(const conn *c) { return c->transport == T_REMOTE; }
void net_set_remote_sender(void (*fn)(conn *c, json_t *msg)) { g_remote_send = fn; }

conn *conn_get(uint32_t id)
{
    size_t slot = id & 0xffffu;
    if (slot >= g_nslots)
        return NULL;
    conn *c = g_slots[slot];
    return (c && c->id == id && !c->closing) ? c : NULL;
}

conn *conn_next(conn *prev)
{
    size_t s = prev ? (prev->id & 0xffffu) + 1 : 0;
    for (; s < g_nslots; s++)
        if (g_slots[s] && !g_slots[s]->closing && g_slots[s]->transport != T_REMOTE)
            return g_slots[s];
    return NULL;
}

/* The idle timer of a connection ran out: no hello in time, or silence. */
static void conn_idle(void *arg)
{
    conn *c = arg;
    conn_close(c, c->hello ? "idle too long" : "no hello in time");
}

/* Small messages go out at once: Nagle's algorithm would hold a reply until the
 * client acknowledges the previous one, which a client's delayed ACK holds
 * for 40 ms. And a fixed kernel send buffer: left to autotuning it grows to
 * megabytes for a client that does not read, so SRV_MAX_OUTQ would bound
 * nothing and every deaf client could pin that much kernel memory. */
static void socket_options(struct lws *wsi)
{
    int fd = (int)lws_get_socket_fd(wsi), one = 1, sndbuf = SRV_SOCKET_SNDBUF;
    if (fd < 0)
        return;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf);
}

/* The client's address: the peer's, or behind a trusted proxy the one its
 * X-Forwarded-For ends with (proxy.h; WebSocket connections only: the line
 * protocol has no headers). */
static void client_addr(struct lws *wsi, int transport, char *addr, size_t cap)
{
    char peer[PROXY_ADDR_MAX] = "", xff[NET_XFF_MAX];
    lws_get_peer_simple(wsi, peer, sizeof peer);
    int has_xff = transport == T_WS && proxy_trusted(peer) &&
                  lws_hdr_copy(wsi, xff, sizeof xff, WSI_TOKEN_X_FORWARDED_FOR) > 0;
    proxy_client_addr(peer, has_xff ? xff : NULL, addr, cap);
}

/* A new connection id for a slot: a sequence number above the slot. */
static uint32_t next_id(size_t slot)
{
    g_seq = (g_seq + 1) & 0xffffu;
    if (g_seq == 0)
        g_seq = 1;
    return (g_seq << 16) | (uint32_t)slot;
}

conn *conn_new_remote(void)
{
    if (g_nremote >= (size_t)g_cfg.max_conns)
        return NULL;
    size_t slot;
    for (slot = 0; slot < g_nslots && g_slots[slot]; slot++)
        ;
    if (slot == g_nslots)
        return NULL;
    conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->id = next_id(slot);
    c->transport = T_REMOTE;
    c->hello = 1;
    snprintf(c->addr, sizeof c->addr, "remote");
    g_slots[slot] = c;
    g_nremote++;
    g_handlers.open(c);
    return c;
}

void conn_free_remote(conn *c)
{
    if (!c || c->transport != T_REMOTE)
        return;
    c->closing = 1;
    g_handlers.closed(c);
    g_slots[c->id & 0xffffu] = NULL;
    g_nremote--;
    free(c->in);
    free(c->hold);
    free(c);
}

static conn *conn_new(struct lws *wsi, int transport)
{
    char addr[64] = "";
    client_addr(wsi, transport, addr, sizeof addr);
    if (g_nconns >= (size_t)g_cfg.max_conns || addr_conn_add(addr) < 0) {
        stats_add(STAT_CONNECTIONS_REFUSED, 1);
        return NULL;
    }
    size_t slot;
    for (slot = 0; slot < g_nslots && g_slots[slot]; slot++)
        ;
    if (slot == g_nslots) {
        addr_conn_del(addr);
        return NULL;
    }
    conn *c = calloc(1, sizeof *c);
    if (c)
        c->idle = timer_new(conn_idle, c);
    if (!c || !c->idle) {
        free(c);
        addr_conn_del(addr);
        return NULL;
    }
    c->id = next_id(slot);
    c->transport = transport;
    c->wsi = wsi;
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    g_slots[slot] = c;
    g_nconns++;
    stats_add(STAT_CONNECTIONS_TOTAL, 1);
    stats_set(STAT_CONNECTIONS, (int64_t)g_nconns);
    socket_options(wsi);
    timer_set(c->idle, (int64_t)SRV_HELLO_TIMEOUT_S * 1000000);
    g_handlers.open(c);
    return c;
}

static void conn_destroy(conn *c)
{
    if (!c)
        return;
    if (!c->closing)
        c->closing = 1;
    g_handlers.closed(c);
    addr_conn_del(c->addr);
    g_slots[c->id & 0xffffu] = NULL;
    g_nconns--;
    stats_set(STAT_CONNECTIONS, (int64_t)g_nconns);
    for (outmsg *m = c->qhead, *n; m; m = n) {
        n = m->next;
        free(m->buf);
        free(m);
    }
    timer_free(c->idle);
    free(c->in);
    free(c->hold);
    free(c);
}

static void queue_raw(conn *c, unsigned char *buf, size_t len)
{
    if (c->closing) {
        free(buf);
        return;
    }
    if (c->queued + len > SRV_MAX_OUTQ) {
        free(buf);
        conn_close(c, "output queue full (client too slow)");
        return;
    }
    outmsg *m = malloc(sizeof *m);
    if (!m) {
        free(buf);
        conn_close(c, "out of memory");
        return;
    }
    m->next = NULL;
    m->len = len;
    m->off = 0;
    m->buf = buf;
    if (c->qtail)
        c->qtail->next = m;
    else
        c->qhead = m;
    c->qtail = m;
    c->queued += len;
    lws_callback_on_writable(c->wsi);
}

void conn_send(conn *c, json_t *msg)
{
    size_t len;
    if (!msg) { /* a json_pack() that failed: a bug, not the client's fault */
        fprintf(stderr, "xq-server: internal error: a message could not be built\n");
        msg = msg_internal_error();
        if (!msg)
            return;
        conn_send(c, msg);
        json_decref(msg);
        return;
    }
    if (c->transport == T_REMOTE) {
        if (g_remote_send && !c->closing)
            g_remote_send(c, msg);
        return;
    }
    unsigned char *buf = codec_encode(c->transport, msg, LWS_PRE, &len);
    if (!buf) {
        conn_close(c, "out of memory");
        return;
    }
    queue_raw(c, buf, len);
}

void conn_send_id(conn *c, json_t *id, json_t *msg)
{
    if (id)
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
    if (c->closing)
        return;
    if (c->transport == T_REMOTE) { /* forward.c frees it */
        c->closing = 1;
        return;
    }
    if (g_cfg.verbose)
        fprintf(stderr, "xq-server: closing connection %u (%s): %s\n", c->id, c->addr, why);
    c->closing = 1;
    /* let the queue drain: the writeable callback closes after the last message */
    if (!c->qhead)
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
    else {
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, 2);
        lws_callback_on_writable(c->wsi);
    }
}

/* One WRITEABLE: raw sockets get several queued lines at once, WebSocket one frame. */
static int conn_write(conn *c)
{
    if (!c->qhead) {
        return c->closing ? -1 : 0;
    }
    if (c->transport == T_WS) {
        outmsg *m = c->qhead;
        if (lws_write(c->wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT) < (int)m->len)
            return -1;
        c->qhead = m->next;
        if (!c->qhead)
            c->qtail = NULL;
        c->queued -= m->len;
        free(m->buf);
        free(m);
    } else {
        enum { CHUNK = 16384 };
        static unsigned char out[LWS_PRE + CHUNK];
        size_t n = 0;
        while (c->qhead && n < CHUNK) {
            outmsg *m = c->qhead;
            size_t take = m->len - m->off;
            if (take > CHUNK - n)
                take = CHUNK - n;
            memcpy(out + LWS_PRE + n, m->buf + LWS_PRE + m->off, take);
            n += take;
            m->off += take;
            if (m->off == m->len) {
                c->qhead = m->next;
                if (!c->qhead)
                    c->qtail = NULL;
                c->queued -= m->len;
                free(m->buf);
                free(m);
            }
        }
        if (lws_write(c->wsi, out + LWS_PRE, n, LWS_WRITE_RAW) < (int)n)
            return -1;
    }
    /* lws keeps what the socket did not take (partial_buffered) and sends it
     * before the next WRITEABLE: close only once that is out too */
    if (c->qhead || (c->closing && lws_partial_buffered(c->wsi)))
        lws_callback_on_writable(c->wsi);
    else if (c->closing)
        return -1;
    return 0;
}

static int in_append(conn *c, const char *data, size_t len)
{
    if (c->inlen + len + 1 > c->incap) {
        size_t cap = c->incap ? c->incap : 256;
        while (cap < c->inlen + len + 1)
            cap *= 2;
        char *p = realloc(c->in, cap);
        if (!p)
            return -1;
        c->in = p;
        c->incap = cap;
    }
    memcpy(c->in + c->inlen, data, len);
    c->inlen += len;
    return 0;
}

/* A message arrived: the idle timeout starts again (on the loop's own timer
 * heap, timer.c: lws_set_timeout() would walk lws's sorted list of every
 * connection's timeout). */
void conn_touch(conn *c)
{
    if (c->hello && c->idle)
        timer_set(c->idle, (int64_t)SRV_IDLE_TIMEOUT_S * 1000000);
}

/* Keep input while the connection is held; 0, or -1 after closing it. */
static int hold_append(conn *c, const void *data, size_t len)
{
    if (c->holdlen + len > SRV_MAX_OUTQ) {
        conn_close(c, "too much input while a login runs");
        return -1;
    }
    if (c->holdlen + len > c->holdcap) {
        size_t cap = c->holdcap ? c->holdcap : 1024;
        while (cap < c->holdlen + len)
            cap *= 2;
        char *p = realloc(c->hold, cap);
        if (!p) {
            conn_close(c, "out of memory");
            return -1;
        }
        c->hold = p;
        c->holdcap = cap;
    }
    memcpy(c->hold + c->holdlen, data, len);
    c->holdlen += len;
    return 0;
}

void conn_hold(conn *c)
{
    if (c->held || c->transport == T_REMOTE)
        return;
    c->held = 1;
    lws_rx_flow_control(c->wsi, 0); /* read nothing more from the socket meanwhile */
}

/* Line transport: split on \n (a \r before it is dropped). While the
 * connection is held, the rest goes to the hold buffer. */
static void line_rx(conn *c, const char *data, size_t len)
{
    while (len > 0 && !c->closing) {
        if (c->held) {
            hold_append(c, data, len);
            return;
        }
        const char *nl = memchr(data, '\n', len);
        size_t take = nl ? (size_t)(nl - data) : len;
        if (c->discarding) {
            if (nl)
                c->discarding = 0;
        } else if (c->inlen + take > SRV_MAX_MESSAGE) {
            c->inlen = 0;
            c->discarding = !nl;
            conn_error(c, NULL, "too_long", "a message is at most %d bytes", SRV_MAX_MESSAGE);
        } else if (in_append(c, data, take) < 0) {
            conn_close(c, "out of memory");
            return;
        } else if (nl) {
            size_t n = c->inlen;
            if (n && c->in[n - 1] == '\r')
                n--;
            c->in[n] = 0;
            c->inlen = 0;
            int blank = 1;
            for (size_t k = 0; k < n; k++)
                if (c->in[k] != ' ' && c->in[k] != '\t')
                    blank = 0;
            if (!blank) {
                conn_touch(c);
                g_handlers.message(c, c->in, n);
            }
        }
        if (!nl)
            break;
        data += take + 1;
        len -= take + 1;
    }
}

static void ws_rx(conn *c, struct lws *wsi, const char *data, size_t len)
{
    if (!c->discarding) {
        if (c->inlen + len > SRV_MAX_MESSAGE) {
            c->inlen = 0;
            c->discarding = 1;
            conn_error(c, NULL, "too_long", "a message is at most %d bytes", SRV_MAX_MESSAGE);
        } else if (in_append(c, data, len) < 0) {
            conn_close(c, "out of memory");
            return;
        }
    }
    if (!lws_is_final_fragment(wsi))
        return;
    if (c->discarding) {
        c->discarding = 0;
        return;
    }
    size_t n = c->inlen;
    c->inlen = 0;
    if (lws_frame_is_binary(wsi)) {
        conn_error(c, NULL, "bad_message", "binary WebSocket messages are not accepted");
        return;
    }
    if (c->held) {
        if (hold_append(c, &n, sizeof n) == 0)
            hold_append(c, c->in ? c->in : "", n);
        return;
    }
    conn_touch(c);
    g_handlers.message(c, c->in ? c->in : "", n);
}

void conn_release(conn *c)
{
    if (!c->held)
        return;
    c->held = 0;
    char *buf = c->hold;
    size_t len = c->holdlen;
    c->hold = NULL;
    c->holdlen = c->holdcap = 0;
    if (c->transport == T_LINE)
        line_rx(c, buf, len);
    else
        for (size_t off = 0; off + sizeof(size_t) <= len && !c->closing;) {
            size_t n;
            memcpy(&n, buf + off, sizeof n);
            off += sizeof n;
            if (c->held) { /* held again: the rest waits, in order */
                if (hold_append(c, &n, sizeof n) < 0 || hold_append(c, buf + off, n) < 0)
                    break;
            } else {
                conn_touch(c);
                g_handlers.message(c, buf + off, n);
            }
            off += n;
        }
    free(buf);
    if (!c->held && !c->closing)
        lws_rx_flow_control(c->wsi, 1);
}

static int cb_ws(struct lws *wsi, enum lws_callback_reasons reason, void *pss_data, void *in,
                 size_t len)
{
    pss *p = pss_data;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        p->c = conn_new(wsi, T_WS);
        return p->c ? 0 : -1;
    case LWS_CALLBACK_RECEIVE:
        if (p->c && !p->c->closing)
            ws_rx(p->c, wsi, in, len);
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return p->c ? conn_write(p->c) : -1;
    case LWS_CALLBACK_CLOSED:
        conn_destroy(p->c);
        p->c = NULL;
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        work_drain();
#ifdef XQ_SERVER_LIBUV
        if (g_stop && g_on_uv) /* net_stop(): on the loop's thread, where uv_stop() may run */
            uv_stop(&g_uv);
#endif
        return 0;
    case LWS_CALLBACK_HTTP:
        return http_request(wsi, &p->http, in);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return http_writeable(wsi, &p->http);
    case LWS_CALLBACK_CLOSED_HTTP:
        http_closed(&p->http);
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, pss_data, in, len);
    }
}

static int cb_line(struct lws *wsi, enum lws_callback_reasons reason, void *pss_data, void *in,
                   size_t len)
{
    pss *p = pss_data;
    switch (reason) {
    case LWS_CALLBACK_RAW_ADOPT:
        p->c = conn_new(wsi, T_LINE);
        return p->c ? 0 : -1;
    case LWS_CALLBACK_RAW_RX:
        if (p->c && !p->c->closing)
            line_rx(p->c, in, len);
        return 0;
    case LWS_CALLBACK_RAW_WRITEABLE:
        return p->c ? conn_write(p->c) : -1;
    case LWS_CALLBACK_RAW_CLOSE:
        conn_destroy(p->c);
        p->c = NULL;
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols k_protocols[] = {
    {"xq", cb_ws, sizeof(pss), SRV_MAX_MESSAGE, 0, NULL, 0},
    {"xq-line", cb_line, sizeof(pss), SRV_MAX_MESSAGE, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* Cross-origin isolation (the page fetches nothing from elsewhere, so it
 * loses nothing): SharedArrayBuffer, hence the package's threaded module and
 * a SearchWorker that stops at once (docs/javascript.md). Off with
 * --no-isolation. */
static const struct lws_protocol_vhost_options k_coep = {NULL, NULL,
                                                         "Cross-Origin-Embedder-Policy:",
                                                         "require-corp"};
static const struct lws_protocol_vhost_options k_headers = {&k_coep, NULL,
                                                            "Cross-Origin-Opener-Policy:",
                                                            "same-origin"};

/* The page at / (--www) and the JavaScript package at /xiangqi/ (--js): the
 * package when there is one, else the page's stand-in (www/no-package), whose
 * modules say that there is none, so the page never asks for a missing file.
 * Read into memory (http_files.c), served from there. */
static void http_files(void)
{
    char stand_in[4096];
    struct stat st;
    const char *js = g_cfg.js;
    if (!g_cfg.www || stat(g_cfg.www, &st) != 0 || !S_ISDIR(st.st_mode))
        return;
    if (!js) {
        snprintf(stand_in, sizeof stand_in, "%s/no-package", g_cfg.www);
        js = stand_in;
    }
    http_load(g_cfg.www, stat(js, &st) == 0 && S_ISDIR(st.st_mode) ? js : NULL);
}

void net_wake(void)
{
    if (g_ctx)
        lws_cancel_service(g_ctx);
}

static void log_emit(int level, const char *line)
{
    if (level & LLL_ERR)
        fprintf(stderr, "xq-server: lws: %s", line);
}

/* The context on libuv's loop when it is asked for and can be had, else on
 * libwebsockets' own. */
static struct lws_context *create_context(struct lws_context_creation_info *info)
{
#ifdef XQ_SERVER_LIBUV
    if (g_cfg.event_loop == SRV_LOOP_UV) {
        static void *loops[1];
        if (uv_loop_init(&g_uv) == 0) {
            loops[0] = &g_uv;
            info->foreign_loops = loops;
            info->options |= LWS_SERVER_OPTION_LIBUV;
            struct lws_context *ctx = lws_create_context(info);
            if (ctx) {
                g_on_uv = 1;
                return ctx;
            }
            uv_loop_close(&g_uv);
            info->foreign_loops = NULL;
            info->options &= ~(uint64_t)LWS_SERVER_OPTION_LIBUV;
        }
        fprintf(stderr, "xq-server: libuv's event loop cannot be used (Debian: "
                        "libwebsockets-evlib-uv); libwebsockets' poll() loop instead\n");
    }
#else
    if (g_cfg.event_loop == SRV_LOOP_UV)
        fprintf(stderr, "xq-server: built without libuv; libwebsockets' poll() loop instead\n");
#endif
    return lws_create_context(info);
}

const char *net_loop_name(void)
{
#ifdef XQ_SERVER_LIBUV
    if (g_on_uv)
        return "libuv (epoll)";
#endif
    return "poll";
}

void *net_uv_loop(void)
{
#ifdef XQ_SERVER_LIBUV
    if (g_on_uv)
        return &g_uv;
#endif
    return NULL;
}

int net_start(char *err, size_t cap)
{
    /* room for the sockets and as many remote connections (forward_serve.h),
     * so that the clients of other processes never take a socket's slot */
    g_nslots = 2 * (size_t)g_cfg.max_conns + 16;
    if (g_nslots > 0xffffu)
        g_nslots = 0xffffu;
    g_slots = calloc(g_nslots, sizeof *g_slots);
    if (!g_slots) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    lws_set_log_level(g_cfg.verbose > 1 ? (LLL_ERR | LLL_WARN | LLL_NOTICE) : LLL_ERR, log_emit);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = g_cfg.port;
    info.iface = g_cfg.host;
    info.protocols = k_protocols;
    info.options = LWS_SERVER_OPTION_FALLBACK_TO_APPLY_LISTEN_ACCEPT_CONFIG |
                   LWS_SERVER_OPTION_DISABLE_IPV6;
    if (strchr(g_cfg.host, ':'))
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_DISABLE_IPV6;
    info.listen_accept_role = "raw-skt";
    info.listen_accept_protocol = "xq-line";
    /* no fd_limit_per_thread: below the open-file limit it makes libwebsockets
     * find a connection by its descriptor with a walk of all of them (main.c
     * sets the limit to --max-connections and SRV_FD_MARGIN instead) */
    info.timeout_secs = SRV_HELLO_TIMEOUT_S;
    info.pcontext = &g_ctx;
    http_files();
    if (!g_cfg.no_isolation)
        info.headers = &k_headers;
    g_ctx = create_context(&info);
    if (!g_ctx) {
        snprintf(err, cap, "cannot listen on %s port %d (in use, or not an address of this host)",
                 g_cfg.host, g_cfg.port);
        return -1;
    }
    timer_attach(g_ctx);
    work_set_wake(net_wake);
    if (g_cfg.port == 0) { /* the kernel chose the port: say which */
        struct lws_vhost *vh = lws_get_vhost_by_name(g_ctx, "default");
        int port = vh ? lws_get_vhost_listen_port(vh) : -1;
        if (port <= 0) {
            snprintf(err, cap, "cannot find the port the kernel chose");
            return -1;
        }
        g_cfg.port = port;
    }
    return 0;
}

void net_stop(void)
{
    g_stop = 1;
    net_wake();
}

int net_run(void)
{
#ifdef XQ_SERVER_LIBUV
    if (g_on_uv) {
        while (!g_stop) /* uv_run() returns at uv_stop() (the loop's callback above) */
            uv_run(&g_uv, UV_RUN_DEFAULT);
        return 0;
    }
#endif
    while (!g_stop)
        if (lws_service(g_ctx, 0) < 0)
            break;
    return 0;
}

void net_destroy(void)
{
    timer_attach(NULL);
    /* info.pcontext: libwebsockets sets g_ctx to NULL when it has freed it */
    if (g_ctx)
        lws_context_destroy(g_ctx);
#ifdef XQ_SERVER_LIBUV
    if (g_on_uv) {
        /* on a foreign loop the destruction waits for its handles to close
         * (the loop runs until they have), then ends with a second call */
        uv_run(&g_uv, UV_RUN_DEFAULT);
        if (g_ctx)
            lws_context_destroy(g_ctx);
        uv_run(&g_uv, UV_RUN_DEFAULT);
        if (uv_loop_close(&g_uv) != 0)
            fprintf(stderr, "xq-server: the event loop still had handles at exit\n");
        g_on_uv = 0;
    }
#endif
    g_ctx = NULL;
    free(g_slots);
    g_slots = NULL;
    http_free();
}
