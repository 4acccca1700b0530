/* SPDX-License-Identifier: MIT */
/* The page (--www) and the package (--js) in memory, and the answer to an
 * HTTP request for them: a pure function of the request and the files (no
 * libwebsockets; http.c writes the answer, tests/fuzz/fuzz_http.c fuzzes it). */
#ifndef XQ_SERVER_HTTP_FILES_H
#define XQ_SERVER_HTTP_FILES_H

#include <stddef.h>

/* The request methods the files answer (the others get 405). */
enum { HTTP_OTHER = 0, HTTP_GET = 1, HTTP_HEAD = 2 };
/* The statuses of an answer. */
enum {
    HTTP_CODE_OK = 200,
    HTTP_CODE_NOT_MODIFIED = 304,
    HTTP_CODE_NOT_FOUND = 404,
    HTTP_CODE_NOT_ALLOWED = 405,
};
#define HTTP_ETAG_MAX 32 /* bytes of an ETag with its quotes, "-gz" and NUL */

/* What the answer depends on: the method, the URI's path (as the client sent
 * it, without the query) and two request headers (NULL: not sent). Borrowed. */
typedef struct http_req {
    int method;
    const char *uri;
    const char *accept_encoding;
    const char *if_none_match;
} http_req;
/* The answer: status and headers, and for a 200 the body (borrowed from the
 * file table, valid until http_free(); also for HEAD, whose writer leaves it
 * out). Without a file (404, 405) only status is set. */
typedef struct http_reply {
    int status;
    const char *type;          /* content-type */
    const char *cache_control;
    char etag[HTTP_ETAG_MAX];
    int vary;                  /* vary: accept-encoding */
    int gzip;                  /* content-encoding: gzip (the body is the gzip) */
    const unsigned char *body;
    size_t len;
} http_reply;

/* Read the files under www (at /) and pkg (at /xiangqi/, or NULL) into memory;
 * the number of files. Again: the old table goes first. */
int http_load(const char *www, const char *pkg);
void http_free(void);
/* The answer to req from the files in memory (loop thread: a file's gzip is
 * made on its first request). */
void http_answer(const http_req *req, http_reply *rep);

#endif
