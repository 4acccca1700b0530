/* SPDX-License-Identifier: MIT */
/* PGN reader: every game of any input is read or rejected with a code and
 * a position inside the input; a game read is written in a notation chosen
 * by its length and read back identically. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xq_pgn_reader *rd;
    if (xq_pgn_reader_open_memory(&rd, data, size, NULL) != XQ_OK)
        abort();
    xq_record *r;
    if (xq_record_new(&r, NULL, NULL) != XQ_OK)
        abort();
    xq_parse_error err;
    int rc, games = 0;
    while ((rc = xq_pgn_reader_next(rd, r, &err)) != 0) {
        FUZZ_ASSERT(games++ <= (int)size);
        if (rc < 0) {
            FUZZ_ASSERT(rc == XQ_EPARSE || rc == XQ_EILLEGAL || rc == XQ_EAMBIGUOUS ||
                        rc == XQ_EPOSITION);
            FUZZ_ASSERT(err.code == rc && err.line >= 1 && err.column >= 1);
            FUZZ_ASSERT(err.offset >= 0 && (size_t)err.offset <= size);
            continue;
        }
        int len = xq_record_mainline_size(r);
        fuzz_pgn_roundtrip(r, 1 + len % 3, len % 2 ? XQ_NOTATION_XQBASE : XQ_NOTATION_FULLWIDTH);
    }
    xq_record_free(r);
    xq_pgn_reader_free(rd);
    return 0;
}
