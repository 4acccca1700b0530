/* SPDX-License-Identifier: MIT */
/* xq-server's HTTP answers (server/http_files.c, http_answer()): the files of
 * server/www (with its no-package/ stand-in at /xiangqi/, as the server
 * serves them without --js), loaded once, asked for by the input:
 *
 *   line 1  a method letter (G GET, H HEAD, anything else another method)
 *           then the request's path ("G/js/app.js")
 *   line 2  Accept-Encoding (absent without the line)
 *   line 3  If-None-Match (absent without the line)
 *
 * Checked: a file is only ever answered for a path without "..", "." or
 * empty segments (no way out of the www folder or around the table); an
 * answer with a file has a type, a cache policy and an ETag, and a gzip body
 * is gzip; asking again with the ETag gets 304 with no body; HEAD answers as
 * GET does. */
#include "fuzz_common.h"
#include "http_files.h"

#define FUZZ_HTTP_LINE_MAX 4096 /* bytes of a line used (lws keeps headers shorter) */

/* Line `n` (0-based) of the input into buf, or NULL when there is none. */
static const char *line_of(const uint8_t *data, size_t size, int n, char *buf, size_t cap)
{
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        if (!nl)
            return NULL;
        at = (size_t)(nl - data) + 1;
    }
    if (at > size || (at == size && n > 0))
        return NULL;
    const uint8_t *nl = memchr(data + at, '\n', size - at);
    size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
    if (len >= cap)
        len = cap - 1;
    memcpy(buf, data + at, len);
    buf[len] = 0; /* a NUL inside ends the string, as lws's copy would */
    return buf;
}

/* No "..", "." or empty segment after the leading "/". */
static int clean_path(const char *uri)
{
    const char *s = uri + 1;
    if (!*s)
        return 1;
    for (;;) {
        const char *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if ((n == 0 && e) || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
            return 0;
        if (!e)
            return 1;
        s = e + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int loaded;
    if (!loaded) {
        FUZZ_ASSERT(http_load(XQ_FUZZ_WWW, XQ_FUZZ_WWW "/no-package") > 0);
        loaded = 1;
    }
    static char l1[FUZZ_HTTP_LINE_MAX], ae[FUZZ_HTTP_LINE_MAX], inm[FUZZ_HTTP_LINE_MAX];
    if (!line_of(data, size, 0, l1, sizeof l1))
        return 0;
    http_req req = {l1[0] == 'G' ? HTTP_GET : l1[0] == 'H' ? HTTP_HEAD : HTTP_OTHER,
                    l1[0] ? l1 + 1 : l1, line_of(data, size, 1, ae, sizeof ae),
                    line_of(data, size, 2, inm, sizeof inm)};
    http_reply rep;
    http_answer(&req, &rep);
    switch (rep.status) {
    case HTTP_CODE_NOT_ALLOWED:
        FUZZ_ASSERT(req.method == HTTP_OTHER);
        return 0;
    case HTTP_CODE_NOT_FOUND:
        FUZZ_ASSERT(req.method != HTTP_OTHER);
        return 0;
    case HTTP_CODE_OK:
    case HTTP_CODE_NOT_MODIFIED:
        break;
    default:
        FUZZ_ASSERT(!"a status of the table");
    }
    FUZZ_ASSERT(req.method != HTTP_OTHER && req.uri[0] == '/' && clean_path(req.uri));
    FUZZ_ASSERT(rep.type && rep.cache_control && rep.etag[0] == '"');
    size_t el = strlen(rep.etag);
    FUZZ_ASSERT(el >= 2 && rep.etag[el - 1] == '"');
    if (rep.status == HTTP_CODE_OK) {
        FUZZ_ASSERT(rep.body || rep.len == 0);
        if (rep.gzip)
            FUZZ_ASSERT(rep.len >= 2 && rep.body[0] == 0x1f && rep.body[1] == 0x8b);
    } else {
        FUZZ_ASSERT(rep.len == 0 && !rep.body && !rep.gzip);
    }
    /* HEAD and GET agree; the ETag revalidates */
    http_req other = req;
    other.method = req.method == HTTP_GET ? HTTP_HEAD : HTTP_GET;
    http_reply rep2;
    http_answer(&other, &rep2);
    FUZZ_ASSERT(rep2.status == rep.status && rep2.len == rep.len && !strcmp(rep2.etag, rep.etag));
    other.if_none_match = rep.etag;
    http_answer(&other, &rep2);
    FUZZ_ASSERT(rep2.status == HTTP_CODE_NOT_MODIFIED && rep2.len == 0);
    FUZZ_ASSERT(!strcmp(rep2.etag, rep.etag) && !strcmp(rep2.cache_control, rep.cache_control));
    return 0;
}
