/* Internal error helpers: parse-error filling and the one rule for versioned
 * structs. */
#ifndef XQ_ERROR_H
#define XQ_ERROR_H

#include "xiangqi/xiangqi.h"

/* Fill an optional parse error and return code. */
int xq__parse_fail(xq_parse_error *err, int code, int offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The one rule for every versioned struct the library reads: version 0 and
 * versions newer than the library's (current) are XQ_EVERSION; 1..current
 * are XQ_OK (the caller defaults the fields an older version lacks). */
int xq__version_check(unsigned int version, unsigned int current);

#endif
