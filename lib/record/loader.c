/* SPDX-License-Identifier: MIT */
/* xq_record_load(): one game from a file of any supported format (PGN,
 * XQF, DhtmlXQ), through the reader of pgn.c, which detects the format. */
#include "record.h"

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
