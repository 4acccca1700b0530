/* SPDX-License-Identifier: MIT */
/* Rate limits: token buckets, per-address counters. */
#ifndef XQ_SERVER_RATELIMIT_H
#define XQ_SERVER_RATELIMIT_H

#include <stdint.h>

typedef struct bucket {
    double tokens;
    int64_t last_us;
} bucket;
void bucket_init(bucket *b, double burst);
/* Take one token; 1 if allowed. */
int bucket_take(bucket *b, double burst, double per_s, int64_t now_us);
/* Seconds until a token is there. */
double bucket_wait(const bucket *b, double burst, double per_s, int64_t now_us);
int addr_conn_add(const char *addr);   /* 0 ok, -1 over the limit */
void addr_conn_del(const char *addr);
/* Wrong passwords: limited per (name, address) pair and per address. */
int login_allowed(const char *addr, const char *name, int64_t now_us, double *retry_s);
void login_failed(const char *addr, const char *name, int64_t now_us);
/* Wrong session tokens: limited per address, apart from passwords. */
int token_allowed(const char *addr, int64_t now_us, double *retry_s);
void token_failed(const char *addr, int64_t now_us);

#endif
