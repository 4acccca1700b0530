/* Format detection and xq_record_load(): one game from a file of any
 * supported format (PGN, XQF, DhtmlXQ). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

static int starts_ci(const char *s, size_t n, const char *pre)
{
    size_t k = strlen(pre);
    if (n < k)
        return 0;
    for (size_t i = 0; i < k; i++) {
        int c = (unsigned char)s[i];
        if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != pre[i])
            return 0;
    }
    return 1;
}

int xq_format_detect(const void *data, size_t size)
{
    if (!data)
        return XQ_EINVAL;
    const char *d = data;
    if (size >= 2 && d[0] == 'X' && d[1] == 'Q')
        return XQ_FORMAT_XQF;
    size_t n = size < 65536 ? size : 65536;
    for (size_t i = 0; i + 8 <= n; i++)
        if (d[i] == '[' && starts_ci(d + i + 1, n - i - 1, "dhtmlxq"))
            return XQ_FORMAT_DHTMLXQ;
    return XQ_FORMAT_PGN;
}

int xq_record_load(xq_record *r, const char *path, const xq_pgn_options *opt, xq_parse_error *err)
{
    if (!record_ok(r) || !path)
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    FILE *f = fopen(path, "rb");
    if (!f)
        return xq__parse_fail(err, XQ_EIO, -1, "cannot open %.80s", path);
    /* XQF and DhtmlXQ hold one game each: read the file (at most 64 MiB). */
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    int rc = XQ_OK;
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0 || n < cap)
            break;
        if (n == 65536 && xq_format_detect(buf, n) == XQ_FORMAT_PGN)
            break; /* PGN is streamed below */
        if (cap >= ((size_t)64 << 20)) {
            rc = xq__parse_fail(err, XQ_EPARSE, -1, "file larger than 64 MiB");
            break;
        }
        char *q = realloc(buf, cap * 2);
        if (!q) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = q;
        cap *= 2;
    }
    if (!buf) {
        fclose(f);
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    }
    int ioerr = ferror(f);
    fclose(f);
    if (rc == XQ_OK && ioerr)
        rc = xq__parse_fail(err, XQ_EIO, -1, "read error on %.80s", path);
    if (rc == XQ_OK) {
        switch (xq_format_detect(buf, n)) {
        case XQ_FORMAT_XQF: rc = xq_record_from_xqf(r, buf, n, err); break;
        case XQ_FORMAT_DHTMLXQ: rc = xq_record_from_dhtmlxq(r, buf, n, err); break;
        default: {
            xq_pgn_reader *rd;
            rc = xq_pgn_reader_open(&rd, path, opt);
            if (rc < 0) {
                rc = xq__parse_fail(err, rc, -1, "%s", xq_strerror(rc));
                break;
            }
            rc = xq_pgn_reader_next(rd, r, err);
            xq_pgn_reader_free(rd);
            if (rc == 0)
                rc = xq__parse_fail(err, XQ_ENOTFOUND, 0, "no game in %.80s", path);
            else if (rc > 0)
                rc = XQ_OK;
        }
        }
    }
    free(buf);
    return rc;
}
