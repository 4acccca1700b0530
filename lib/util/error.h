/* SPDX-License-Identifier: MIT */
/* Internal error helpers: parse-error filling and the one rule for versioned
 * structs. */
#ifndef XQ_ERROR_H
#define XQ_ERROR_H

#include <stdarg.h>

#include "xiangqi/xiangqi.h"

/* The one parse-error filler: fill an optional parse error and return code.
 * The offset (-1: none), line and column saturate at INT32_MAX; the message
 * is cut at a UTF-8 character boundary. xq__parse_fail() has no line and
 * column (single-line inputs). */
int xq__parse_fail(xq_parse_error *err, int code, long long offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int xq__parse_fail_at(xq_parse_error *err, int code, long long offset, long long line,
                      long long column, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
int xq__vparse_fail_at(xq_parse_error *err, int code, long long offset, long long line,
                       long long column, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));
/* A count or offset as an int, saturated at INT32_MIN/INT32_MAX. */
int xq__saturate_int(long long v);

/* The one rule for every versioned struct the library reads: version 0 and
 * versions newer than the library's (current) are XQ_EVERSION; 1..current
 * are XQ_OK (the caller defaults the fields an older version lacks). */
int xq__version_check(unsigned int version, unsigned int current);

#endif
