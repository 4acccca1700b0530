/* SPDX-License-Identifier: MIT */
/* FEN parser: any input is rejected with a code or accepted; an accepted
 * FEN written back and read again gives the same position. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = 0;
    xq_parse_error err;
    xq_board *b = NULL;
    int rc = xq_board_new(&b, s, &err);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EPOSITION);
    FUZZ_ASSERT(xq_fen_validate(s, NULL) == rc);
    if (rc == XQ_OK) {
        char fen[XQ_FEN_MAX], again[XQ_FEN_MAX];
        FUZZ_ASSERT(xq_board_fen(b, fen, sizeof fen) < XQ_FEN_MAX);
        xq_board *c;
        FUZZ_ASSERT(xq_board_new(&c, fen, NULL) == XQ_OK);
        xq_board_fen(c, again, sizeof again);
        FUZZ_ASSERT(!strcmp(fen, again));
        FUZZ_ASSERT(xq_board_hash(b) == xq_board_hash(c));
        xq_board_free(c);
    } else {
        FUZZ_ASSERT(b == NULL && err.code == rc && err.message[0]);
    }
    xq_board_free(b);
    free(s);
    return 0;
}
