/* SPDX-License-Identifier: MIT */
/* Move text parser: byte 0 picks a position, byte 1 the notation and
 * flags; the rest is the text. A move found must be legal, and formatting
 * it and reading it back must give it again. */
#include "fuzz_common.h"

static const char *const fens[] = {
    NULL,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "4k4/9/9/4p4/9/9/4R4/9/4R4/3K5 w - - 0 1",
    "4k4/9/2P6/2P6/2P6/9/9/9/4A4/4K4 w - - 0 1",
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/4A4/4K4 w - - 0 1",
    "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/2P3P2/2P3P2/2P6/9/9/9/4A4/4K4 w - - 0 1",
    "3k5/9/9/9/9/2p1p4/2p1p4/2p6/9/4K4 b - - 0 1",
    "2r1k4/2r6/2n6/2n6/2c6/2c6/2C6/2C6/2R6/2RK5 w - - 0 1",
    "2bak4/4a4/9/9/2b6/2B6/9/3A5/4A4/2B1K4 b - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    xq_board *b;
    if (xq_board_new(&b, fens[data[0] % (sizeof fens / sizeof fens[0])], NULL) != XQ_OK)
        abort();
    int notation = data[1] % 4;
    unsigned flags = (unsigned)(data[1] >> 2);
    char *s = malloc(size - 1);
    memcpy(s, data + 2, size - 2);
    s[size - 2] = 0;
    xq_move m;
    xq_parse_error err;
    int rc = xq_board_move_from_text(b, s, notation, flags, &m, &err);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EILLEGAL || rc == XQ_EAMBIGUOUS);
    if (rc == XQ_OK) {
        FUZZ_ASSERT(xq_board_is_legal(b, m) == 1);
        for (int nt = XQ_NOTATION_ICCS; nt <= XQ_NOTATION_CHINESE; nt++) {
            char text[XQ_MOVE_TEXT_MAX];
            int n = xq_board_move_to_text(b, m, nt, flags, text, sizeof text);
            FUZZ_ASSERT(n > 0 && n < XQ_MOVE_TEXT_MAX);
            xq_move back;
            FUZZ_ASSERT(xq_board_move_from_text(b, text, nt, flags, &back, NULL) == XQ_OK);
            FUZZ_ASSERT(back == m);
        }
    } else {
        FUZZ_ASSERT(m == XQ_MOVE_NONE && err.code == rc && err.message[0]);
        FUZZ_ASSERT(err.offset >= -1 && err.offset <= (int)(size - 2));
    }
    xq_notation_detect(s);
    free(s);
    xq_board_free(b);
    return 0;
}
