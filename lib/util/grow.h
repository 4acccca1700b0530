/* SPDX-License-Identifier: MIT */
/* The one growable array of the library: room for more elements in a
 * malloc'ed array, made by growing it by half again plus a few (git's
 * alloc_nr() rule, as (capacity + 16) / 2 * 3: the slack of a large array
 * stays at a third of it, and a small one starts at 24 elements). The
 * string builder xq__sb (text.h), the file reader (file.c), game records,
 * board histories and the endgame generator's queues grow with it. Never
 * used by the search or move generation, which do not allocate. Internal. */
#ifndef XQ_GROW_H
#define XQ_GROW_H

#include <stddef.h>

/* Elements added to the capacity before it grows by half. */
#define XQ__GROW_SLACK 16

/* Room for need elements of elem bytes in the array whose address is at
 * arrp (a T ** passed as void *; the array may be NULL with *cap 0), whose
 * capacity is *cap elements: when need > *cap, the array is reallocated to
 * the larger of need and (*cap + XQ__GROW_SLACK) / 2 * 3 elements, but never
 * more than max (the caller's limit, e.g. that of its count's type). XQ_OK,
 * or XQ_ENOMEM (need > max, or no memory) with the array and *cap
 * unchanged. */
int xq__grow(void *arrp, size_t *cap, size_t need, size_t elem, size_t max);

/* xq__grow() for an array counted in int (*cap >= 0, need >= 0): at most
 * INT_MAX elements. */
int xq__grow_int(void *arrp, int *cap, int need, size_t elem);

/* The two for an array arr (any T *): with a size_t capacity cap and a
 * limit, with an int capacity. */
#define XQ__GROW(arr, cap, need, max) xq__grow(&(arr), &(cap), (need), sizeof *(arr), (max))
#define XQ__GROW_INT(arr, cap, need) xq__grow_int(&(arr), &(cap), (need), sizeof *(arr))

#endif
