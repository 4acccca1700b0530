/* SPDX-License-Identifier: MIT */
/* The net built into the library: data/nnue/default.nnue, when the build
 * has one, compiled into nnue_default_data.c by cmake/embed.cmake (the bytes
 * of the file as a C array). Read once, on first use. */
#include <pthread.h>

#include "nnue.h"

#ifdef XQ_NNUE_DEFAULT
extern const unsigned char xq__nnue_default_data[];
extern const size_t xq__nnue_default_size;

static nnue_net *g_default;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;

static void read_default(void)
{
    if (xq__nnue_read(&g_default, xq__nnue_default_data, xq__nnue_default_size, NULL, NULL) !=
        XQ_OK)
        g_default = NULL;
}

const nnue_net *xq__nnue_default(void)
{
    pthread_once(&g_once, read_default);
    return g_default;
}
#else
const nnue_net *xq__nnue_default(void) { return NULL; }
#endif
