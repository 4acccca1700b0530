/* SPDX-License-Identifier: MIT */
/* The growable array (grow.h). */
#include "grow.h"

#include <assert.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi/xiangqi.h"

int xq__grow(void *arrp, size_t *cap, size_t need, size_t elem, size_t max)
{
    assert(elem > 0);
    if (need <= *cap)
        return XQ_OK;
    if (max > SIZE_MAX / elem)
        max = SIZE_MAX / elem;
    if (need > max)
        return XQ_ENOMEM;
    /* (cap + slack) / 2 * 3, which cannot wrap below max / 2; max past it */
    size_t ncap = *cap < max / 2 ? (*cap + XQ__GROW_SLACK) / 2 * 3 : max;
    if (ncap > max)
        ncap = max;
    if (ncap < need)
        ncap = need;
    void *p; /* the array's pointer, copied through bytes: arrp is a T ** */
    memcpy(&p, arrp, sizeof p);
    p = realloc(p, ncap * elem);
    if (!p)
        return XQ_ENOMEM;
    memcpy(arrp, &p, sizeof p);
    *cap = ncap;
    return XQ_OK;
}

int xq__grow_int(void *arrp, int *cap, int need, size_t elem)
{
    assert(*cap >= 0 && need >= 0);
    size_t c = (size_t)*cap;
    const int rc = xq__grow(arrp, &c, (size_t)need, elem, INT_MAX);
    *cap = (int)c;
    return rc;
}
