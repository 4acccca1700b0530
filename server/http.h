/* SPDX-License-Identifier: MIT */
/* The page (--www) and the package (--js) over HTTP, from memory. */
#ifndef XQ_SERVER_HTTP_H
#define XQ_SERVER_HTTP_H

#include <stddef.h>

struct lws;
typedef struct http_tx {
    const unsigned char *body; /* the response body being written, or NULL */
    size_t len, off;
} http_tx;
/* Read the files under www (at /) and pkg (at /xiangqi/, or NULL) into memory;
 * the number of files. */
int http_load(const char *www, const char *pkg);
void http_free(void);
/* LWS_CALLBACK_HTTP and LWS_CALLBACK_HTTP_WRITEABLE: 0, or -1 to close. */
int http_request(struct lws *wsi, http_tx *tx, const char *uri);
int http_writeable(struct lws *wsi, http_tx *tx);

#endif
