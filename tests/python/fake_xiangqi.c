/* SPDX-License-Identifier: MIT */
/* A stand-in "libxiangqi" of another major version, for the Python binding's
 * version check (test_ffi.py). */
#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

EXPORT int xq_version(void);
EXPORT const char *xq_version_string(void);

int xq_version(void) { return 20304; } /* 2.3.4 */
const char *xq_version_string(void) { return "2.3.4"; }
