/* SPDX-License-Identifier: MIT */
/* The remote connections served here and their origins (forward_table.h):
 * two arrays searched in order; a site has a few processes, and a process
 * serves the connections of the players of its own games. */
#include <stdlib.h>
#include <string.h>

#include "forward_table.h"

typedef struct entry {
    char origin[STORE_OWNER_MAX];
    uint32_t rcid, local;
} entry;

typedef struct origin_seen {
    char origin[STORE_OWNER_MAX];
    int64_t last_us;
} origin_seen;

struct fwd_table {
    entry *e;
    size_t n, cap;
    origin_seen *o;
    size_t no, capo;
};

fwd_table *fwd_table_new(void) { return calloc(1, sizeof(fwd_table)); }

void fwd_table_free(fwd_table *t)
{
    if (!t)
        return;
    free(t->e);
    free(t->o);
    free(t);
}

/* Room for one more of n in *arr (of cap, elements of size sz): 0 or -1. */
static int grow(void **arr, size_t n, size_t *cap, size_t sz)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? *cap * 2 : 16;
    void *p = realloc(*arr, c * sz);
    if (!p)
        return -1;
    *arr = p;
    *cap = c;
    return 0;
}

int fwd_table_heard(fwd_table *t, const char *origin, int64_t now_us)
{
    for (size_t i = 0; i < t->no; i++)
        if (strcmp(t->o[i].origin, origin) == 0) {
            t->o[i].last_us = now_us;
            return 0;
        }
    if (strlen(origin) >= STORE_OWNER_MAX || grow((void **)&t->o, t->no, &t->capo, sizeof *t->o) < 0)
        return -1;
    strcpy(t->o[t->no].origin, origin);
    t->o[t->no++].last_us = now_us;
    return 0;
}

void fwd_table_heard_all(fwd_table *t, int64_t now_us)
{
    for (size_t i = 0; i < t->no; i++)
        t->o[i].last_us = now_us;
}

int fwd_table_add(fwd_table *t, const char *origin, uint32_t rcid, uint32_t local, int64_t now_us)
{
    if (strlen(origin) >= STORE_OWNER_MAX || fwd_table_find(t, origin, rcid) ||
        fwd_table_heard(t, origin, now_us) < 0 ||
        grow((void **)&t->e, t->n, &t->cap, sizeof *t->e) < 0)
        return -1;
    strcpy(t->e[t->n].origin, origin);
    t->e[t->n].rcid = rcid;
    t->e[t->n++].local = local;
    return 0;
}

uint32_t fwd_table_find(const fwd_table *t, const char *origin, uint32_t rcid)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->e[i].rcid == rcid && strcmp(t->e[i].origin, origin) == 0)
            return t->e[i].local;
    return 0;
}

int fwd_table_remote(const fwd_table *t, uint32_t local, char *origin, uint32_t *rcid)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->e[i].local == local) {
            strcpy(origin, t->e[i].origin);
            *rcid = t->e[i].rcid;
            return 0;
        }
    return -1;
}

void fwd_table_del(fwd_table *t, uint32_t local)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->e[i].local == local) {
            t->e[i] = t->e[--t->n];
            return;
        }
}

size_t fwd_table_drop_silent(fwd_table *t, int64_t now_us, int64_t silence_us, uint32_t *out,
                             size_t cap)
{
    size_t k = 0;
    for (size_t j = 0; j < t->no;) {
        if (now_us - t->o[j].last_us <= silence_us) {
            j++;
            continue;
        }
        for (size_t i = 0; i < t->n && k < cap;) {
            if (strcmp(t->e[i].origin, t->o[j].origin) == 0) {
                out[k++] = t->e[i].local;
                t->e[i] = t->e[--t->n];
            } else
                i++;
        }
        int left = 0; /* connections of it not taken for want of room */
        for (size_t i = 0; i < t->n; i++)
            left |= strcmp(t->e[i].origin, t->o[j].origin) == 0;
        if (left)
            return k;
        t->o[j] = t->o[--t->no];
    }
    return k;
}

size_t fwd_table_count(const fwd_table *t) { return t->n; }
