/* SPDX-License-Identifier: MIT */
/* Where the programs find the data files installed with them
 * (share/xiangqi/: the default opening book, the openings file).
 *
 * The data directory is looked for relative to the running program first
 * (<bindir>/../share/xiangqi in an install tree, moved or not, and in the
 * build tree, where the build puts its products under share/xiangqi too),
 * then at the configured install location.
 */
#ifndef XQ_COMMON_DATADIR_H
#define XQ_COMMON_DATADIR_H

#include <stddef.h>

/**
 * The path of data file @p name (e.g. "book.xqb"): the first of the places above
 * that holds it, or the configured install location when none does. Writes at most
 * @p cap bytes; returns 0, or -1 when the path does not fit.
 */
int cli_data_file(const char *name, char *buf, size_t cap);

#endif
