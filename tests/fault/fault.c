/* SPDX-License-Identifier: MIT */
/* The wrapped allocator and pthread_create() (see fault.h). */
#include "fault.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t align, size_t size);
int __real_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t align, size_t size);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);

static atomic_int armed_kinds;
static atomic_long calls, fail_at, failed;

void fault_arm(int kinds, long n)
{
    atomic_store(&armed_kinds, 0);
    atomic_store(&calls, 0);
    atomic_store(&failed, 0);
    atomic_store(&fail_at, n);
    atomic_store(&armed_kinds, kinds);
}

long fault_disarm(void)
{
    atomic_store(&armed_kinds, 0);
    return atomic_load(&calls);
}

long fault_failed(void) { return atomic_load(&failed); }

static int should_fail(int kind)
{
    if (!(atomic_load(&armed_kinds) & kind))
        return 0;
    const long n = atomic_fetch_add(&calls, 1) + 1;
    const long at = atomic_load(&fail_at);
    if (at == FAULT_EVERY || (at > 0 && n == at)) {
        atomic_fetch_add(&failed, 1);
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t size)
{
    if (should_fail(FAULT_ALLOC)) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (should_fail(FAULT_ALLOC)) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    if (should_fail(FAULT_ALLOC)) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_realloc(p, size);
}

void *__wrap_aligned_alloc(size_t align, size_t size)
{
    if (should_fail(FAULT_ALLOC)) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_aligned_alloc(align, size);
}

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    if (should_fail(FAULT_THREAD))
        return EAGAIN;
    return __real_pthread_create(t, attr, fn, arg);
}
