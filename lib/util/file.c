/* SPDX-License-Identifier: MIT */
/* The file layer of the binary formats (file.h): opening, mapping or
 * reading, the common checks and the one report of a problem. */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bytes.h"
#include "error.h"
#include "grow.h"

void xq__image_release(xq__image *im)
{
    if (im->owner == XQ__IMAGE_MALLOC)
        free((void *)im->data);
    else if (im->owner == XQ__IMAGE_MAPPED && im->size)
        munmap((void *)im->data, im->size);
    im->data = NULL;
    im->size = 0;
    im->owner = XQ__IMAGE_BORROWED;
}

int xq__file_fail(const xq__file *f, int code, long long offset, const char *fmt, ...)
{
    if (!f->err)
        return code;
    char problem[sizeof f->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problem, sizeof problem, fmt, ap);
    va_end(ap);
    if (f->name)
        return xq__parse_fail(f->err, code, offset, "%s: %s", f->name, problem);
    return xq__parse_fail(f->err, code, offset, "%s", problem);
}

/* XQ_EIO with the system's reason for errno e. */
static int fail_errno(const xq__file *f, const char *what, int e)
{
    char why[128];
    if (strerror_r(e, why, sizeof why) != 0)
        snprintf(why, sizeof why, "error %d", e);
    return xq__file_fail(f, XQ_EIO, -1, "%s: %s", what, why);
}

/* Read fd to its end into a malloc'ed image (size: the file's, as a first
 * capacity), at most max bytes. */
static int read_all(xq__file *f, int fd, size_t size, size_t max)
{
    if (max > SIZE_MAX - 1)
        max = SIZE_MAX - 1;
    /* room for max + 1 bytes at most: a byte past max tells a file too long */
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    if (XQ__GROW(buf, cap, (size < max ? size : max) + 1, max + 1) != XQ_OK)
        return xq__file_fail(f, XQ_ENOMEM, -1, "out of memory");
    for (;;) {
        if (n == cap) {
            if (n > max) {
                free(buf);
                return xq__file_fail(f, XQ_EPARSE, (long long)max,
                                     "wrong size: more than %zu bytes, longer than any %s file",
                                     max, f->fmt->noun);
            }
            if (XQ__GROW(buf, cap, n + 1, max + 1) != XQ_OK) {
                free(buf);
                return xq__file_fail(f, XQ_ENOMEM, -1, "out of memory");
            }
        }
        const ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            const int e = errno;
            free(buf);
            return fail_errno(f, "cannot read", e);
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    f->im = (xq__image){buf, n, XQ__IMAGE_MALLOC};
    return XQ_OK;
}

/* Map fd (a regular file of size bytes) read-only. */
static int map_all(xq__file *f, int fd, size_t size)
{
    if (size == 0) { /* nothing to map: an empty image */
        f->im = (xq__image){(const uint8_t *)"", 0, XQ__IMAGE_BORROWED};
        return XQ_OK;
    }
    void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED)
        return fail_errno(f, "cannot map", errno);
    f->im = (xq__image){map, size, XQ__IMAGE_MAPPED};
    return XQ_OK;
}

int xq__file_open(xq__file *f, const xq__file_format *fmt, const char *path, int how, size_t max,
                  xq_parse_error *err)
{
    xq__file_image(f, fmt, "", 0, XQ__IMAGE_BORROWED, path, err);
    const int fd = open(path, O_RDONLY);
    if (fd < 0)
        return fail_errno(f, "cannot open", errno);
    struct stat st;
    int rc;
    if (fstat(fd, &st) != 0)
        rc = fail_errno(f, "cannot read", errno);
    else if (how == XQ__FILE_READ)
        rc = read_all(f, fd, S_ISREG(st.st_mode) ? (size_t)st.st_size : 0, max);
    else if (!S_ISREG(st.st_mode))
        rc = xq__file_fail(f, XQ_EIO, -1, "not a regular file");
    else if ((uint64_t)st.st_size > SIZE_MAX)
        rc = fail_errno(f, "cannot map", EFBIG);
    else
        rc = map_all(f, fd, (size_t)st.st_size);
    close(fd);
    return rc;
}

void xq__file_image(xq__file *f, const xq__file_format *fmt, const void *data, size_t size,
                    int owner, const char *name, xq_parse_error *err)
{
    f->im = (xq__image){data, size, owner};
    f->fmt = fmt;
    f->name = name;
    f->err = err;
}

int xq__file_check_header(const xq__file *f)
{
    const xq__file_format *fmt = f->fmt;
    const uint8_t *d = f->im.data;
    const size_t size = f->im.size;
    if (size == 0)
        return xq__file_fail(f, XQ_EPARSE, 0, "empty file, not %s %s", fmt->article, fmt->noun);
    if (size < XQ__FILE_MAGIC_SIZE || memcmp(d, fmt->magic, XQ__FILE_MAGIC_SIZE) != 0)
        return xq__file_fail(f, XQ_EPARSE, 0, "not %s %s file (bad magic)", fmt->article,
                             fmt->noun);
    if (size < fmt->header_size)
        return xq__file_fail(f, XQ_EPARSE, (long long)size,
                             "truncated: %zu bytes, shorter than the %zu-byte header", size,
                             fmt->header_size);
    const uint32_t version = xq__rd32(d + XQ__FILE_OFF_VERSION);
    if (version != fmt->version)
        return xq__file_fail(f, XQ_EVERSION, XQ__FILE_OFF_VERSION,
                             "%s format version %lu, this library reads version %lu", fmt->noun,
                             (unsigned long)version, (unsigned long)fmt->version);
    return XQ_OK;
}

int xq__file_check_size(const xq__file *f, uint64_t want)
{
    const size_t size = f->im.size;
    if (size < want)
        return xq__file_fail(f, XQ_EPARSE, (long long)size,
                             "truncated: %zu bytes, the header announces %llu", size,
                             (unsigned long long)want);
    if (size > want)
        return xq__file_fail(f, XQ_EPARSE, (long long)want,
                             "wrong size: %zu bytes, the header announces %llu", size,
                             (unsigned long long)want);
    return XQ_OK;
}

int xq__file_check_sum(const xq__file *f, const char *part, size_t field, size_t from, size_t to)
{
    const uint8_t *d = f->im.data;
    const uint64_t sum = field >= from && field < to
                             ? xq__fnv1a64_skip(d + from, to - from, field - from)
                             : xq__fnv1a64(d + from, to - from, XQ__FNV1A64_OFFSET);
    if (sum != xq__rd64(d + field))
        return xq__file_fail(f, XQ_EPARSE, (long long)field, "%schecksum mismatch (file corrupted)",
                             part);
    return XQ_OK;
}
