/* SPDX-License-Identifier: MIT */
/* xq-book: feeding PGN files to a book builder, in UTF-8 directly or
 * converted from Big5 or GBK with iconv(3), streamed in chunks of whole
 * games (never the whole file twice in memory). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book_tool.h"

enum { CHUNK = 1 << 20 }; /* bytes read (and converted) at a time */

/* Hand the complete games at the start of buf[0..len) to the builder; keep
 * the rest (an unfinished game) at the start of buf. final: everything. */
static int feed(xq_book_builder *b, char *buf, size_t *len, int final, input_stats *st)
{
    size_t cut = *len;
    if (!final) {
        /* A game starts with a '[' at the start of a line after a blank line. */
        cut = 0;
        for (size_t i = *len; i-- > 2;)
            if (buf[i] == '[' && buf[i - 1] == '\n' &&
                (buf[i - 2] == '\n' || (i > 2 && buf[i - 2] == '\r' && buf[i - 3] == '\n'))) {
                cut = i;
                break;
            }
        if (!cut)
            return 0; /* no boundary yet: read more */
    }
    if (cut) {
        xq_pgn_reader *rd;
        int rc = xq_pgn_reader_open_memory(&rd, buf, cut, NULL);
        if (rc != XQ_OK)
            return rc;
        int bad = 0;
        rc = xq_book_builder_add_pgn(b, rd, &bad);
        xq_pgn_reader_free(rd);
        if (rc < 0)
            return rc;
        st->games += rc;
        st->bad += bad;
    }
    memmove(buf, buf + cut, *len - cut);
    *len -= cut;
    return 0;
}

int book_add_file(xq_book_builder *b, const char *path, const char *encoding, input_stats *st)
{
    const int utf8 = !strcmp(encoding, "utf-8");
    if (utf8) {
        /* The library streams UTF-8 files and pipes itself. */
        xq_pgn_reader *rd;
        xq_parse_error err;
        int rc = strcmp(path, "-") ? xq_pgn_reader_open(&rd, path, NULL, &err)
                                   : xq_pgn_reader_open_fd(&rd, 0, NULL, &err);
        if (rc != XQ_OK) {
            fprintf(stderr, "xq-book: %s\n", err.message);
            return rc;
        }
        int bad = 0;
        rc = xq_book_builder_add_pgn(b, rd, &bad);
        xq_pgn_reader_free(rd);
        if (rc < 0) {
            fprintf(stderr, "xq-book: %s: %s\n", path, xq_strerror(rc));
            return rc;
        }
        st->games += rc;
        st->bad += bad;
        return XQ_OK;
    }
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        fprintf(stderr, "xq-book: %s: %s\n", path, strerror(errno));
        return XQ_EIO;
    }
    iconv_t cd = (iconv_t)-1;
    if (!utf8) {
        cd = iconv_open("UTF-8", !strcmp(encoding, "big5") ? "BIG5-HKSCS" : "GB18030");
        if (cd == (iconv_t)-1) {
            fprintf(stderr, "xq-book: iconv: no conversion from %s: %s\n", encoding,
                    strerror(errno));
            if (f != stdin)
                fclose(f);
            return XQ_EINVAL;
        }
    }
    /* in: raw bytes not yet converted; out: UTF-8 text not yet fed. */
    size_t in_len = 0, out_len = 0, out_cap = 4 * (size_t)CHUNK;
    char *in = malloc(CHUNK), *out = malloc(out_cap);
    int rc = (in && out) ? XQ_OK : XQ_ENOMEM;
    int eof = 0;
    while (rc == XQ_OK && !eof) {
        const size_t got = fread(in + in_len, 1, CHUNK - in_len, f);
        if (got < CHUNK - in_len) {
            if (ferror(f)) {
                fprintf(stderr, "xq-book: %s: read error: %s\n", path, strerror(errno));
                rc = XQ_EIO;
                break;
            }
            eof = 1;
        }
        in_len += got;
        /* Room for the converted chunk (at most 3 bytes per input byte + slack). */
        if (out_cap - out_len < 3 * in_len + 16) {
            const size_t cap = out_len + 3 * in_len + 16 + CHUNK;
            char *p = realloc(out, cap);
            if (!p) {
                rc = XQ_ENOMEM;
                break;
            }
            out = p;
            out_cap = cap;
        }
        if (utf8) {
            memcpy(out + out_len, in, in_len);
            out_len += in_len;
            in_len = 0;
        } else {
            char *ip = in, *op = out + out_len;
            size_t il = in_len, ol = out_cap - out_len;
            while (il > 0) {
                if (iconv(cd, &ip, &il, &op, &ol) != (size_t)-1)
                    continue;
                if (errno == EINVAL && !eof)
                    break; /* a character split by the chunk: keep its bytes */
                if (errno == E2BIG)
                    break;
                /* An invalid byte: replace it and go on (names in the tags may hold
                 * characters outside the table; moves never do). */
                if (ol > 0) {
                    *op++ = '?';
                    ol--;
                }
                ip++;
                il--;
                st->bad_bytes++;
            }
            out_len = (size_t)(op - out);
            memmove(in, ip, il);
            in_len = il;
        }
        rc = feed(b, out, &out_len, eof, st);
    }
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    free(in);
    free(out);
    if (f != stdin)
        fclose(f);
    if (rc < 0 && rc != XQ_EIO)
        fprintf(stderr, "xq-book: %s: %s\n", path, xq_strerror(rc));
    return rc;
}
