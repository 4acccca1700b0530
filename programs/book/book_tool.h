/* SPDX-License-Identifier: MIT */
/* xq-book: the parts shared by its files. */
#ifndef XQ_BOOK_TOOL_H
#define XQ_BOOK_TOOL_H

#include <stdint.h>

#include <xiangqi/book.h>
#include <xiangqi/ecco.h>

typedef struct input_stats {
    int64_t games;     /* games read */
    int64_t bad;       /* of which with an error (added up to it) */
    int64_t bad_bytes; /* bytes iconv could not convert (replaced by '?') */
} input_stats;

/* Add every game of a PGN file ("-": standard input) in an encoding
 * ("utf-8", "gbk" or "big5"). Prints its own error message. */
int book_add_file(xq_book_builder *b, const char *path, const char *encoding, input_stats *st);

#endif
