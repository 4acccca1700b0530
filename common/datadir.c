/* SPDX-License-Identifier: MIT */
/* Data files beside the programs (see datadir.h). */
#define _XOPEN_SOURCE 700 /* realpath, readlink */
#include "datadir.h"
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set by common/CMakeLists.txt: the data directory relative to the
 * programs' directory, and its absolute install location. */
#ifndef XQ_BIN_TO_DATA
#define XQ_BIN_TO_DATA "../share"
#endif
#ifndef XQ_FULL_DATADIR
#define XQ_FULL_DATADIR "/usr/local/share"
#endif

static int fits(int n, size_t cap) { return n >= 0 && (size_t)n < cap; }

int cli_data_file(const char *name, char *buf, size_t cap)
{
    char exe[CLI_PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            char path[sizeof exe + 256], real[CLI_PATH_MAX];
            if (fits(snprintf(path, sizeof path, "%s/%s/xiangqi/%s", exe, XQ_BIN_TO_DATA, name),
                     sizeof path) &&
                realpath(path, real) && access(real, R_OK) == 0)
                return fits(snprintf(buf, cap, "%s", real), cap) ? 0 : -1;
        }
    }
    return fits(snprintf(buf, cap, "%s/xiangqi/%s", XQ_FULL_DATADIR, name), cap) ? 0 : -1;
}
