/* SPDX-License-Identifier: MIT */
/* Fault injection for the tests: the library's calls to the allocator and
 * to pthread_create() are redirected here at link time (-Wl,--wrap=..., see
 * tests/CMakeLists.txt), so that a test can make the Nth of them fail. Only
 * the library objects and the test are wrapped; libc, libcheck and the
 * sanitizer runtimes allocate as usual; but libcheck is a static library
 * linked into the test, so no check macro may run while armed (its
 * passing assertions allocate): keep the status, disarm, then assert. */
#ifndef XQ_TEST_FAULT_H
#define XQ_TEST_FAULT_H

/* Kinds of calls, a bit mask. */
enum {
    FAULT_ALLOC = 1,  /* malloc, calloc, realloc, aligned_alloc */
    FAULT_THREAD = 2, /* pthread_create */
    FAULT_ANY = 3
};

/* fault_arm(kinds, n): from now, count the calls of those kinds and fail
 * the nth (1-based); n = 0 only counts, n = FAULT_EVERY fails them all. */
#define FAULT_EVERY (-1L)
void fault_arm(int kinds, long n);
/* Stop counting and failing; returns the calls counted since fault_arm(). */
long fault_disarm(void);
/* Calls failed since the last fault_arm(). */
long fault_failed(void);

#endif
