/* SPDX-License-Identifier: MIT */
/* HTTP on the libwebsockets loop (issue 45): a request's method, path and
 * headers read from lws, answered from the files in memory (http_files.c),
 * the answer's headers and body written back in chunks. */
#include <libwebsockets.h>
#include <string.h>

#include "http.h"
#include "http_files.h"

#define HTTP_CHUNK (16 * 1024)       /* body bytes written per WRITEABLE */
#define HTTP_ACCEPT_ENCODING_MAX 256 /* bytes of Accept-Encoding read (the rest is cut) */
#define HTTP_IF_NONE_MATCH_MAX 512   /* bytes of If-None-Match read (the rest is cut) */

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
    memset(tx, 0, sizeof *tx);
    http_answer(&req, &rep);
    if (rep.status == HTTP_CODE_NOT_ALLOWED || rep.status == HTTP_CODE_NOT_FOUND) {
        lws_return_http_status(wsi, rep.status == HTTP_CODE_NOT_FOUND
                                        ? HTTP_STATUS_NOT_FOUND
                                        : HTTP_STATUS_METHOD_NOT_ALLOWED,
                               NULL);
        return finish(wsi);
    }
    if (lws_add_http_common_headers(wsi, (unsigned int)rep.status, rep.type, rep.len, &p, end) ||
        add_header(wsi, "cache-control:", rep.cache_control, &p, end) ||
        add_header(wsi, "etag:", rep.etag, &p, end) ||
        (rep.vary && add_header(wsi, "vary:", "accept-encoding", &p, end)) ||
        (rep.gzip && add_header(wsi, "content-encoding:", "gzip", &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    if (head || rep.len == 0)
        return finish(wsi);
    tx->body = rep.body;
    tx->len = rep.len;
    lws_callback_on_writable(wsi);
    return 0;
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
        tx->body = NULL;
        return finish(wsi);
    }
    lws_callback_on_writable(wsi);
    return 0;
}
