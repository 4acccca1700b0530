/* SPDX-License-Identifier: MIT */
/* The remote connections a process serves (forward.c, the owner's side): each
 * is a connection CID of another process ORIGIN, served here by a connection
 * of this process (net.h's conn_new_remote(), its id LOCAL); and when each
 * origin was last heard of, so that the connections of an origin gone silent
 * (a process that died) are dropped. Plain data, no I/O: check_forward tests
 * it. Loop thread only. */
#ifndef XQ_SERVER_FORWARD_TABLE_H
#define XQ_SERVER_FORWARD_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "store_types.h"

typedef struct fwd_table fwd_table;

fwd_table *fwd_table_new(void);              /* NULL without memory */
void fwd_table_free(fwd_table *t);           /* takes NULL */
/* (origin, rcid) served by local, and origin heard of at now_us: 0, or -1
 * without memory or when the pair is there already. */
int fwd_table_add(fwd_table *t, const char *origin, uint32_t rcid, uint32_t local, int64_t now_us);
/* The local id serving (origin, rcid), or 0. */
uint32_t fwd_table_find(const fwd_table *t, const char *origin, uint32_t rcid);
/* The origin and remote id local serves (origin: STORE_OWNER_MAX bytes):
 * 0, or -1 when local is no remote connection of the table. */
int fwd_table_remote(const fwd_table *t, uint32_t local, char *origin, uint32_t *rcid);
void fwd_table_del(fwd_table *t, uint32_t local); /* a local id out (none: nothing) */
/* Origin was heard of at now_us (a heartbeat, a message): 0, or -1 without memory. */
int fwd_table_heard(fwd_table *t, const char *origin, int64_t now_us);
/* Every origin heard of at now_us (while this process cannot hear any: its
 * broker away), so that none is judged silent for it. */
void fwd_table_heard_all(fwd_table *t, int64_t now_us);
/* The local ids of the connections of every origin not heard of since
 * now_us - silence_us, taken out of the table (and those origins with them),
 * into out (at most cap; the rest stay for the next call): how many. */
size_t fwd_table_drop_silent(fwd_table *t, int64_t now_us, int64_t silence_us, uint32_t *out,
                             size_t cap);
size_t fwd_table_count(const fwd_table *t); /* the remote connections in it */

#endif
