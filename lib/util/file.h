/* SPDX-License-Identifier: MIT */
/* The one file layer of the library's binary formats: the opening book
 * (docs/book.md), the net (docs/nnue.md) and the endgame tables
 * (docs/endgames.md "File format"). A file is mapped or read whole, or a
 * memory image is taken as it is; the header's common part is checked
 * (magic, format version), then the size and the FNV-1a 64 checksums the
 * format names; every problem, the formats' own checks too, is reported by
 * xq__file_fail() in one form, "NAME: PROBLEM" ("PROBLEM" for an image
 * without a name), with one code per problem:
 *
 *   cannot open, not a regular file, cannot read or map       XQ_EIO
 *   empty, bad magic, truncated (header or body), wrong size,
 *   checksum mismatch, another architecture, bad fields       XQ_EPARSE
 *   a format version this library does not read               XQ_EVERSION
 *
 * Every format starts with an 8-byte magic and a little-endian u32 format
 * version at byte 8; the rest of each layout is the format's own. Internal. */
#ifndef XQ_FILE_H
#define XQ_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "xiangqi/xiangqi.h"

enum {
    XQ__FILE_MAGIC_SIZE = 8, /* the magic: bytes 0..7 */
    XQ__FILE_OFF_VERSION = 8 /* u32 format version */
};

/* What a format's header starts with, and the words of its messages. */
typedef struct xq__file_format {
    const char *noun;    /* "book": "not a book file", "book format version 2" */
    const char *article; /* "a" or "an", before noun */
    const char *magic;   /* XQ__FILE_MAGIC_SIZE bytes */
    size_t header_size;  /* a shorter file is truncated */
    uint32_t version;    /* the format version this library reads */
} xq__file_format;

/* Who owns an image's bytes (what releasing it does). */
enum { XQ__IMAGE_BORROWED, XQ__IMAGE_MALLOC, XQ__IMAGE_MAPPED };

/* A file's bytes in memory. */
typedef struct xq__image {
    const uint8_t *data;
    size_t size;
    int owner; /* XQ__IMAGE_* */
} xq__image;

/* Free or unmap an image's bytes as its owner says; the image becomes
 * empty. An empty or borrowed image: nothing to do. */
void xq__image_release(xq__image *im);

/* A file being checked: its image, its format, the name its messages give
 * and where they go. */
typedef struct xq__file {
    xq__image im;
    const xq__file_format *fmt;
    const char *name;    /* NULL: none (a memory image) */
    xq_parse_error *err; /* nullable */
} xq__file;

/* How xq__file_open() takes a file. */
enum {
    XQ__FILE_MAP, /* mapped read-only (a regular file; the image is XQ__IMAGE_MAPPED) */
    XQ__FILE_READ /* read into memory (any readable file; XQ__IMAGE_MALLOC) */
};

/* Open path as how says and take its bytes into f (named path in its
 * messages). XQ__FILE_READ reads at most max bytes: a longer file is
 * XQ_EPARSE ("wrong size"). XQ_OK; XQ_EIO (cannot open, not a regular
 * file to map, cannot read or map, with the system's reason), XQ_EPARSE or
 * XQ_ENOMEM, reported into err, with f's image empty. */
int xq__file_open(xq__file *f, const xq__file_format *fmt, const char *path, int how, size_t max,
                  xq_parse_error *err);

/* Take size bytes at data, owned as owner says, into f (name nullable). */
void xq__file_image(xq__file *f, const xq__file_format *fmt, const void *data, size_t size,
                    int owner, const char *name, xq_parse_error *err);

/* The header's common part, in this order: not empty, the magic, at least
 * the format's header size, the format version. XQ_OK, XQ_EPARSE or
 * XQ_EVERSION. */
int xq__file_check_header(const xq__file *f);

/* The size the header announces: want bytes ("truncated" below it, "wrong
 * size" above it: XQ_EPARSE). */
int xq__file_check_size(const xq__file *f, uint64_t want);

/* The FNV-1a 64 checksum stored at byte field, of bytes from..to (the
 * field's own 8 bytes left out when inside them; lib/util/bytes.h). A
 * mismatch is XQ_EPARSE, "PART" "checksum mismatch (file corrupted)", part
 * naming which checksum ("" for a file's only one, "header ", "data "). The
 * image holds from..to and the field (after xq__file_check_size()). */
int xq__file_check_sum(const xq__file *f, const char *part, size_t field, size_t from, size_t to);

/* The one report of a file's problem: code, with "NAME: " and the message
 * (printf) in f->err, the offset of the bad byte (-1: none). Returns code. */
int xq__file_fail(const xq__file *f, int code, long long offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
