/* Format detection and xq_record_load(): one game from a file of any
 * supported format (PGN, XQF, DhtmlXQ). */
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
    /* The reader opens the file once, detects the format from the bytes it
     * read and streams PGN (pipes and FIFOs work: nothing is reopened). */
    xq_pgn_reader *rd;
    int rc = xq_pgn_reader_open(&rd, path, opt, err);
    if (rc < 0)
        return rc;
    rc = xq_pgn_reader_next(rd, r, err);
    xq_pgn_reader_free(rd);
    if (rc == 0)
        return xq__parse_fail(err, XQ_ENOTFOUND, 0, "no game in '%.200s'", path);
    return rc < 0 ? rc : XQ_OK;
}
