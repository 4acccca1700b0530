/* Status codes, their text, parse-error reporting and the version twins. */
#include <stdarg.h>
#include <stdio.h>

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

int xq__parse_fail(xq_parse_error *err, int code, int offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->offset = offset;
        err->line = 0;
        err->column = 0;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

int xq__version_check(unsigned int version, unsigned int current)
{
    return (version == 0 || version > current) ? XQ_EVERSION : XQ_OK;
}

int xq_version(void) { return XQ_VERSION_NUMBER; }

const char *xq_version_string(void) { return XQ_VERSION_STRING; }
