/* SPDX-License-Identifier: MIT */
/* Rate limits: token buckets, connections per address, failed logins per
 * address and per account name. The tables are small open hash tables of
 * fixed size; an entry that is full of tokens again is forgotten. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "config.h"
#include "ratelimit.h"
#include "tuning.h"

void bucket_init(bucket *b, double burst)
{
    b->tokens = burst;
    b->last_us = mono_us();
}

static void refill(bucket *b, double burst, double per_s, int64_t now)
{
    b->tokens += (double)(now - b->last_us) * 1e-6 * per_s;
    if (b->tokens > burst)
        b->tokens = burst;
    b->last_us = now;
}

int bucket_take(bucket *b, double burst, double per_s, int64_t now)
{
    refill(b, burst, per_s, now);
    if (b->tokens < 1.0)
        return 0;
    b->tokens -= 1.0;
    return 1;
}

double bucket_wait(const bucket *b, double burst, double per_s, int64_t now)
{
    bucket t = *b;
    refill(&t, burst, per_s, now);
    return t.tokens >= 1.0 ? 0.0 : (1.0 - t.tokens) / per_s;
}

/* ---- per-address counters: connections, wrong passwords, wrong tokens;
 * per (name, address): wrong passwords ---- */
#define ADDR_SLOTS 4096
typedef struct addr_entry {
    char key[96];
    int count;          /* connections (address table only) */
    bucket fails;       /* wrong passwords: of the address, or of a (name, address) pair */
    bucket token_fails; /* wrong session tokens (address table only) */
    int used;
} addr_entry;
static addr_entry g_addr[ADDR_SLOTS];
static addr_entry g_pairs[ADDR_SLOTS];

static unsigned hash_str(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)(*s >= 'A' && *s <= 'Z' ? *s + 32 : *s)) * 16777619u;
    return h;
}

/* Find or (create) the entry of key; NULL when the table is full. */
static addr_entry *lookup(addr_entry *tab, const char *key, int create)
{
    unsigned h = hash_str(key) % ADDR_SLOTS;
    addr_entry *free_slot = NULL;
    for (unsigned i = 0; i < ADDR_SLOTS; i++) {
        addr_entry *e = &tab[(h + i) % ADDR_SLOTS];
        if (!e->used) {
            if (!free_slot)
                free_slot = e;
            if (e->key[0] == 0)
                break; /* never used: end of the probe chain */
            continue;
        }
        if (strcasecmp(e->key, key) == 0)
            return e;
    }
    if (!create || !free_slot)
        return NULL;
    memset(free_slot, 0, sizeof *free_slot);
    snprintf(free_slot->key, sizeof free_slot->key, "%s", key);
    free_slot->used = 1;
    bucket_init(&free_slot->fails, tab == g_addr ? SRV_LOGIN_FAIL_ADDR_BURST : SRV_LOGIN_FAIL_BURST);
    bucket_init(&free_slot->token_fails, SRV_TOKEN_FAIL_BURST);
    return free_slot;
}

/* An entry with no connection and full buckets again is forgotten. */
static void maybe_forget(addr_entry *tab, addr_entry *e, int64_t now)
{
    if (e->count)
        return;
    double burst = tab == g_addr ? SRV_LOGIN_FAIL_ADDR_BURST : SRV_LOGIN_FAIL_BURST;
    refill(&e->fails, burst, SRV_LOGIN_FAIL_PER_S, now);
    refill(&e->token_fails, SRV_TOKEN_FAIL_BURST, SRV_TOKEN_FAIL_PER_S, now);
    if (e->fails.tokens >= burst && e->token_fails.tokens >= SRV_TOKEN_FAIL_BURST)
        e->used = 0; /* the key stays as a tombstone for the probe chain */
}

int addr_conn_add(const char *addr)
{
    addr_entry *e = lookup(g_addr, addr, 1);
    if (!e || e->count >= g_cfg.max_per_addr)
        return -1;
    e->count++;
    return 0;
}

void addr_conn_del(const char *addr)
{
    addr_entry *e = lookup(g_addr, addr, 0);
    if (e && e->count > 0) {
        e->count--;
        maybe_forget(g_addr, e, mono_us());
    }
}

static void pair_key(char *out, size_t cap, const char *addr, const char *name)
{
    snprintf(out, cap, "%.40s|%s", name, addr);
}

/* Wrong passwords: limited per (name, address) and per address, never per name
 * alone (one address cannot lock a name for everyone else). */
int login_allowed(const char *addr, const char *name, int64_t now, double *retry_s)
{
    double w = 0;
    char key[128];
    pair_key(key, sizeof key, addr, name);
    addr_entry *a = lookup(g_addr, addr, 0);
    addr_entry *p = lookup(g_pairs, key, 0);
    if (a)
        w = bucket_wait(&a->fails, SRV_LOGIN_FAIL_ADDR_BURST, SRV_LOGIN_FAIL_PER_S, now);
    if (p) {
        maybe_forget(g_pairs, p, now);
        double wp = bucket_wait(&p->fails, SRV_LOGIN_FAIL_BURST, SRV_LOGIN_FAIL_PER_S, now);
        if (wp > w)
            w = wp;
    }
    *retry_s = w;
    return w == 0.0;
}

void login_failed(const char *addr, const char *name, int64_t now)
{
    char key[128];
    pair_key(key, sizeof key, addr, name);
    addr_entry *a = lookup(g_addr, addr, 1);
    addr_entry *p = lookup(g_pairs, key, 1);
    if (a)
        bucket_take(&a->fails, SRV_LOGIN_FAIL_ADDR_BURST, SRV_LOGIN_FAIL_PER_S, now);
    if (p)
        bucket_take(&p->fails, SRV_LOGIN_FAIL_BURST, SRV_LOGIN_FAIL_PER_S, now);
}

/* Wrong session tokens: per address only, a counter of their own. */
int token_allowed(const char *addr, int64_t now, double *retry_s)
{
    addr_entry *a = lookup(g_addr, addr, 0);
    *retry_s = a ? bucket_wait(&a->token_fails, SRV_TOKEN_FAIL_BURST, SRV_TOKEN_FAIL_PER_S, now)
                 : 0.0;
    return *retry_s == 0.0;
}

void token_failed(const char *addr, int64_t now)
{
    addr_entry *a = lookup(g_addr, addr, 1);
    if (a)
        bucket_take(&a->token_fails, SRV_TOKEN_FAIL_BURST, SRV_TOKEN_FAIL_PER_S, now);
}
