/* SPDX-License-Identifier: MIT */
/* The net built into the library: data/nnue/default.nnue, when the build
 * has one, compiled into nnue_default_data.c by cmake/embed.cmake (the bytes
 * of the file as a C array). Read on first use and kept; a read that fails
 * (out of memory) is tried again by the next use. */
#include <pthread.h>

#include "nnue.h"

#ifdef XQ_NNUE_DEFAULT
extern const unsigned char xq__nnue_default_data[];
extern const size_t xq__nnue_default_size;

static nnue_net *g_default;
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;

int xq__nnue_default_ready(void)
{
    pthread_mutex_lock(&g_mu);
    int rc = XQ_OK;
    if (!g_default)
        rc = xq__nnue_read(&g_default, xq__nnue_default_data, xq__nnue_default_size, NULL, NULL);
    pthread_mutex_unlock(&g_mu);
    return rc;
}

const nnue_net *xq__nnue_default(void)
{
    return xq__nnue_default_ready() == XQ_OK ? g_default : NULL;
}
#else
int xq__nnue_default_ready(void) { return XQ_OK; }
const nnue_net *xq__nnue_default(void) { return NULL; }
#endif
