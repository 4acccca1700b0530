/* SPDX-License-Identifier: MIT */
/* HTTP on the libwebsockets loop (issue 45): a request's method, path and
 * headers read from lws, answered from the files in memory (http_files.c)
 * or, for /metrics and /healthz, with the figures of the moment (stats.c);
 * the answer's headers and body written back in chunks. */
#include <libwebsockets.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"
#include "http_files.h"
#include "stats.h"

#define HTTP_CHUNK (16 * 1024)       /* body bytes written per WRITEABLE */
#define HTTP_ACCEPT_ENCODING_MAX 256 /* bytes of Accept-Encoding read (the rest is cut) */
#define HTTP_IF_NONE_MATCH_MAX 512   /* bytes of If-None-Match read (the rest is cut) */
#define HTTP_METRICS_PATH "/metrics" /* the figures, Prometheus' text format */
#define HTTP_HEALTH_PATH "/healthz"  /* 200 "ok", or 503 and what is not well */
#define HTTP_METRICS_TYPE "text/plain; version=0.0.4; charset=utf-8"
#define HTTP_HEALTH_TYPE "text/plain; charset=utf-8"

static int add_header(struct lws *wsi, const char *name, const char *value, unsigned char **p,
                      unsigned char *end)
{
    return lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                       (const unsigned char *)value, (int)strlen(value), p, end);
}

static int finish(struct lws *wsi)
{
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* A request header into buf, or NULL when it is absent or empty. */
static const char *header(struct lws *wsi, enum lws_token_indexes h, char *buf, int cap)
{
    return lws_hdr_copy(wsi, buf, cap, h) > 0 ? buf : NULL;
}

/* Start writing a body (tx->body, tx->len): 0, or -1 to close. */
static int send_body(struct lws *wsi, http_tx *tx, int head)
{
    if (head || tx->len == 0) {
        http_closed(tx);
        return finish(wsi);
    }
    lws_callback_on_writable(wsi);
    return 0;
}

static int refuse(struct lws *wsi, int status)
{
    lws_return_http_status(wsi, status == HTTP_CODE_NOT_FOUND ? HTTP_STATUS_NOT_FOUND
                                                              : HTTP_STATUS_METHOD_NOT_ALLOWED,
                           NULL);
    return finish(wsi);
}

/* GET /metrics or /healthz: made now, never cached. 0, or -1 to close. */
static int figures(struct lws *wsi, http_tx *tx, int method, int metrics)
{
    unsigned char buf[LWS_PRE + 512], *start = buf + LWS_PRE, *p = start,
                                       *end = buf + sizeof buf - 1;
    if (method == HTTP_OTHER)
        return refuse(wsi, HTTP_CODE_NOT_ALLOWED);
    int healthy = 1;
    size_t len = 0;
    tx->owned = metrics ? stats_metrics(&len) : stats_health(&len, &healthy);
    if (!tx->owned) {
        lws_return_http_status(wsi, HTTP_STATUS_INTERNAL_SERVER_ERROR, NULL);
        return finish(wsi);
    }
    tx->body = (const unsigned char *)tx->owned;
    tx->len = len;
    if (lws_add_http_common_headers(wsi, healthy ? HTTP_STATUS_OK : HTTP_STATUS_SERVICE_UNAVAILABLE,
                                    metrics ? HTTP_METRICS_TYPE : HTTP_HEALTH_TYPE, len, &p, end) ||
        add_header(wsi, "cache-control:", "no-store", &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    return send_body(wsi, tx, method == HTTP_HEAD);
}

int http_request(struct lws *wsi, http_tx *tx, const char *uri)
{
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start,
                                        *end = buf + sizeof buf - 1;
    char ae[HTTP_ACCEPT_ENCODING_MAX], inm[HTTP_IF_NONE_MATCH_MAX];
    int head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
    http_req req = {head ? HTTP_HEAD
                    : lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 ? HTTP_GET
                                                                        : HTTP_OTHER,
                    uri, header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING, ae, sizeof ae),
                    header(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH, inm, sizeof inm)};
    http_reply rep;
    http_closed(tx); /* a connection kept alive: the last request's body */
    memset(tx, 0, sizeof *tx);
    stats_add(STAT_HTTP_REQUESTS, 1);
    if (strcmp(uri, HTTP_METRICS_PATH) == 0 || strcmp(uri, HTTP_HEALTH_PATH) == 0)
        return figures(wsi, tx, req.method, strcmp(uri, HTTP_METRICS_PATH) == 0);
    http_answer(&req, &rep);
    if (rep.status == HTTP_CODE_NOT_ALLOWED || rep.status == HTTP_CODE_NOT_FOUND)
        return refuse(wsi, rep.status);
    if (lws_add_http_common_headers(wsi, (unsigned int)rep.status, rep.type, rep.len, &p, end) ||
        add_header(wsi, "cache-control:", rep.cache_control, &p, end) ||
        add_header(wsi, "etag:", rep.etag, &p, end) ||
        (rep.vary && add_header(wsi, "vary:", "accept-encoding", &p, end)) ||
        (rep.gzip && add_header(wsi, "content-encoding:", "gzip", &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    tx->body = rep.body;
    tx->len = rep.len;
    return send_body(wsi, tx, head);
}

void http_closed(http_tx *tx)
{
    free(tx->owned);
    tx->owned = NULL;
    tx->body = NULL;
}

int http_writeable(struct lws *wsi, http_tx *tx)
{
    unsigned char buf[LWS_PRE + HTTP_CHUNK];
    if (!tx->body)
        return 0;
    size_t n = tx->len - tx->off < HTTP_CHUNK ? tx->len - tx->off : HTTP_CHUNK;
    int last = tx->off + n == tx->len;
    memcpy(buf + LWS_PRE, tx->body + tx->off, n);
    if (lws_write(wsi, buf + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) != (int)n)
        return -1;
    tx->off += n;
    if (last) {
        http_closed(tx);
        return finish(wsi);
    }
    lws_callback_on_writable(wsi);
    return 0;
}
