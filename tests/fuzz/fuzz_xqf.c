/* SPDX-License-Identifier: MIT */
/* XQF reader: any bytes are read or rejected; a game read survives a PGN
 * round trip. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xq_record *r;
    if (xq_record_new(&r, NULL, NULL) != XQ_OK)
        abort();
    xq_parse_error err;
    int rc = xq_record_from_xqf(r, data, size, &err);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EILLEGAL || rc == XQ_EPOSITION);
    if (rc == XQ_OK)
        fuzz_pgn_roundtrip(r, XQ_NOTATION_CHINESE, 0);
    else
        FUZZ_ASSERT(err.code == rc && err.message[0]);
    xq_record_free(r);
    return 0;
}
