/* SPDX-License-Identifier: MIT */
/* Book files: any bytes are opened or rejected with a message; the checksum
 * is set right first (at offset 48, FNV-1a 64 as in docs/book.md) so the
 * structural checks behind it are reached. A book that opens probes, picks,
 * dumps and merges without trouble, and every move it gives is legal. */
#include "fuzz_common.h"

static uint64_t checksum(const uint8_t *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        if (i < 48 || i >= 56)
            h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

static void check_board(const xq_book *book, xq_board *b)
{
    xq_book_entry e[XQ_MAX_MOVES];
    const int n = xq_book_probe(book, b, e, XQ_MAX_MOVES);
    FUZZ_ASSERT(n >= 0 && n <= XQ_MAX_MOVES);
    for (int i = 0; i < n; i++)
        FUZZ_ASSERT(xq_board_is_legal(b, e[i].move) == 1 && e[i].games > 0);
    xq_move m;
    const int rc = xq_book_pick(book, b, NULL, 1, 0, &m);
    FUZZ_ASSERT(rc == XQ_ENOTFOUND || (rc == XQ_OK && xq_board_is_legal(b, m) == 1));
    if (rc == XQ_OK)
        FUZZ_ASSERT(xq_board_make_move(b, m) == XQ_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = malloc(size ? size : 1);
    FUZZ_ASSERT(copy);
    memcpy(copy, data, size);
    if (size >= 64) {
        const uint64_t h = checksum(copy, size);
        for (int i = 0; i < 8; i++)
            copy[48 + i] = (uint8_t)(h >> (8 * i));
    }
    xq_book *book;
    xq_parse_error err;
    const int rc = xq_book_open_memory(&book, copy, size, &err);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EVERSION);
    if (rc != XQ_OK) {
        FUZZ_ASSERT(!book && err.code == rc && err.message[0]);
        free(copy);
        return 0;
    }
    /* Walk a line from the start position, picking book moves. */
    xq_board *b;
    FUZZ_ASSERT(xq_board_new(&b, NULL, NULL) == XQ_OK);
    for (int ply = 0; ply < 8; ply++)
        check_board(book, b);
    xq_board_free(b);
    const int64_t npos = xq_book_position_count(book);
    FUZZ_ASSERT(npos >= 0 && xq_book_move_count(book) >= npos);
    for (int64_t i = 0; i < npos && i < 64; i++)
        FUZZ_ASSERT(xq_book_position_at(book, i, NULL, NULL, 0) > 0);
    const int64_t len = xq_book_dump(book, NULL, 0);
    FUZZ_ASSERT(len >= 0);
    xq_book *twice;
    FUZZ_ASSERT(xq_book_merge(&twice, book, book, NULL) == XQ_OK);
    FUZZ_ASSERT(xq_book_move_count(twice) == xq_book_move_count(book));
    xq_book_free(twice);
    xq_book_free(book);
    free(copy);
    return 0;
}
