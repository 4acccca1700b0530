/* SPDX-License-Identifier: MIT */
/* The page (--www) and the package (--js) over HTTP, from memory: the
 * libwebsockets side (the files and the answers are http_files.h's); and
 * the process's own figures, GET /metrics and GET /healthz (stats.h). */
#ifndef XQ_SERVER_HTTP_H
#define XQ_SERVER_HTTP_H

#include <stddef.h>

struct lws;
typedef struct http_tx {
    const unsigned char *body; /* the response body being written, or NULL */
    size_t len, off;
    char *owned; /* a body made for this request (malloc), freed with it */
} http_tx;
/* LWS_CALLBACK_HTTP and LWS_CALLBACK_HTTP_WRITEABLE: 0, or -1 to close. */
int http_request(struct lws *wsi, http_tx *tx, const char *uri);
int http_writeable(struct lws *wsi, http_tx *tx);
/* LWS_CALLBACK_CLOSED_HTTP: what a request still holds. */
void http_closed(http_tx *tx);

#endif
