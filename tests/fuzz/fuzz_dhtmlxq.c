/* SPDX-License-Identifier: MIT */
/* DhtmlXQ reader: any text is read or rejected; a game read survives a PGN
 * round trip. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xq_record *r;
    if (xq_record_new(&r, NULL, NULL) != XQ_OK)
        abort();
    xq_parse_error err;
    int rc = xq_record_from_dhtmlxq(r, (const char *)data, size, &err);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EILLEGAL || rc == XQ_EPOSITION);
    if (rc == XQ_OK)
        fuzz_pgn_roundtrip(r, XQ_NOTATION_WXF, XQ_NOTATION_WXF_PREFIX);
    else
        FUZZ_ASSERT(err.code == rc && err.message[0]);
    xq_record_free(r);
    return 0;
}
