/* SPDX-License-Identifier: MIT */
/* Status codes, their text, parse-error reporting and the version twins. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

const char *xq_strerror(int err)
{
    switch (err) {
    case XQ_OK: return "success";
    case XQ_EINVAL: return "invalid argument";
    case XQ_ENOMEM: return "out of memory";
    case XQ_EPARSE: return "parse error";
    case XQ_EILLEGAL: return "illegal move";
    case XQ_ESTATE: return "operation not allowed in this state";
    case XQ_EVERSION: return "unsupported struct version";
    case XQ_EBUFS: return "buffer too small";
    case XQ_EIO: return "input/output error";
    case XQ_EPOSITION: return "impossible position";
    case XQ_EAMBIGUOUS: return "ambiguous move";
    case XQ_ENOTFOUND: return "not found";
    default: return "unknown error";
    }
}

int xq__saturate_int(long long v)
{
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int)v;
}

int xq__vparse_fail_at(xq_parse_error *err, int code, long long offset, long long line,
                       long long column, const char *fmt, va_list ap)
{
    if (!err)
        return code;
    char tmp[sizeof err->message + 8];
    err->code = code;
    err->offset = offset < 0 ? -1 : xq__saturate_int(offset);
    err->line = xq__saturate_int(line);
    err->column = xq__saturate_int(column);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    size_t k = n < 0 ? 0 : strlen(tmp);
    if (k >= sizeof err->message) { /* cut at a character boundary */
        k = sizeof err->message - 1;
        while (k > 0 && ((unsigned char)tmp[k] & 0xC0) == 0x80)
            k--;
    }
    memcpy(err->message, tmp, k);
    memset(err->message + k, 0, sizeof err->message - k);
    memset(err->reserved, 0, sizeof err->reserved);
    return code;
}

int xq__parse_fail_at(xq_parse_error *err, int code, long long offset, long long line,
                      long long column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    xq__vparse_fail_at(err, code, offset, line, column, fmt, ap);
    va_end(ap);
    return code;
}

int xq__parse_fail(xq_parse_error *err, int code, long long offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    xq__vparse_fail_at(err, code, offset, 0, 0, fmt, ap);
    va_end(ap);
    return code;
}

int xq__version_check(unsigned int version, unsigned int current)
{
    return (version == 0 || version > current) ? XQ_EVERSION : XQ_OK;
}

int xq_version(void) { return XQ_VERSION_NUMBER; }

const char *xq_version_string(void) { return XQ_VERSION_STRING; }
