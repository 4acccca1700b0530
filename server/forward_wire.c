/* SPDX-License-Identifier: MIT */
/* The envelopes of forwarding (forward_wire.h): built and read. */
#include <stdio.h>
#include <string.h>

#include "forward_wire.h"

/* The longest origin or owner read, with its NUL: one whose inbox subject
 * ("proc." and it) fits a subject, and a store's owner id. */
#define FWD_PROC_PREFIX_LEN 5 /* "proc." */
#define FWD_ORIGIN_CAP                                                                          \
    (BROKER_SUBJECT_MAX - FWD_PROC_PREFIX_LEN < STORE_OWNER_MAX                                 \
         ? BROKER_SUBJECT_MAX - FWD_PROC_PREFIX_LEN                                             \
         : STORE_OWNER_MAX)

static const char *const k_kinds[] = {"in", "out", "done", "att", "bye", "hb", "owner"};

/* A new envelope of kind k, or NULL. */
static json_t *env_new(fwd_kind k)
{
    json_t *e = json_object();
    if (e && json_object_set_new(e, "k", json_string(k_kinds[k])) < 0) {
        json_decref(e);
        return NULL;
    }
    return e;
}

/* Set key to v (stolen) in e; e freed (NULL) when it fails. */
static json_t *put(json_t *e, const char *key, json_t *v)
{
    if (e && json_object_set_new(e, key, v) == 0)
        return e;
    json_decref(e);
    if (!e)
        json_decref(v);
    return NULL;
}

json_t *fwd_in(const char *origin, uint32_t cid, int64_t uid, uint32_t q, json_t *m)
{
    json_t *e = put(env_new(FWD_IN), "o", json_string(origin));
    e = put(e, "c", json_integer(cid));
    e = put(e, "u", json_integer(uid));
    e = put(e, "q", json_integer(q));
    return put(e, "m", json_incref(m));
}

json_t *fwd_out(uint32_t cid, json_t *m)
{
    return put(put(env_new(FWD_OUT), "c", json_integer(cid)), "m", json_incref(m));
}

json_t *fwd_done(uint32_t cid, uint32_t q)
{
    return put(put(env_new(FWD_DONE), "c", json_integer(cid)), "q", json_integer(q));
}

json_t *fwd_att(const char *origin, uint32_t cid, int64_t uid, int64_t game, int fresh)
{
    json_t *e = put(env_new(FWD_ATT), "o", json_string(origin));
    e = put(e, "c", json_integer(cid));
    e = put(e, "u", json_integer(uid));
    e = put(e, "game", json_integer(game));
    return fresh ? put(e, "fresh", json_true()) : e;
}

json_t *fwd_bye(const char *origin, uint32_t cid)
{
    return put(put(env_new(FWD_BYE), "o", json_string(origin)), "c", json_integer(cid));
}

json_t *fwd_hb(const char *origin) { return put(env_new(FWD_HB), "o", json_string(origin)); }

json_t *fwd_owner(int64_t game, const char *owner, const int64_t uids[2], int fresh)
{
    json_t *e = put(env_new(FWD_OWNER), "game", json_integer(game));
    e = put(e, "owner", json_string(owner));
    json_t *a = json_array();
    if (a && (json_array_append_new(a, json_integer(uids[0])) < 0 ||
              json_array_append_new(a, json_integer(uids[1])) < 0)) {
        json_decref(a);
        a = NULL;
    }
    e = a ? put(e, "uids", a) : put(e, "uids", NULL);
    return fresh ? put(e, "fresh", json_true()) : e;
}

/* A string field into out (cap bytes): 0, or -1 when absent, empty or too long. */
static int get_str(json_t *env, const char *key, char *out, size_t cap)
{
    const char *s = json_string_value(json_object_get(env, key));
    if (!s || !*s || strlen(s) >= cap)
        return -1;
    memcpy(out, s, strlen(s) + 1);
    return 0;
}

/* An integer field in [lo, hi] into *out: 0, or -1. */
static int get_int(json_t *env, const char *key, int64_t lo, int64_t hi, int64_t *out)
{
    json_t *v = json_object_get(env, key);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return -1;
    *out = json_integer_value(v);
    return 0;
}

/* The fields of each kind: o origin, c connection, u user, q number, m message,
 * g game, w owner, U uids. */
static const char *const k_fields[] = {"ocuqm", "cm", "cq", "ocug", "oc", "o", "gwU"};

int fwd_parse(json_t *env, fwd_env *e)
{
    memset(e, 0, sizeof *e);
    const char *k = json_string_value(json_object_get(env, "k"));
    int kind = -1;
    for (int i = 0; k && i < (int)(sizeof k_kinds / sizeof k_kinds[0]); i++)
        if (strcmp(k, k_kinds[i]) == 0)
            kind = i;
    if (kind < 0)
        return -1;
    e->kind = (fwd_kind)kind;
    int64_t v = 0;
    for (const char *f = k_fields[kind]; *f; f++) {
        int bad = 0;
        switch (*f) {
        case 'o': bad = get_str(env, "o", e->origin, FWD_ORIGIN_CAP); break;
        case 'w': bad = get_str(env, "owner", e->owner, FWD_ORIGIN_CAP); break;
        case 'c': bad = get_int(env, "c", 1, UINT32_MAX, &v); e->cid = (uint32_t)v; break;
        case 'q': bad = get_int(env, "q", 0, UINT32_MAX, &v); e->q = (uint32_t)v; break;
        case 'u': bad = get_int(env, "u", 0, INT64_MAX, &e->uid); break;
        case 'g': bad = get_int(env, "game", 0, INT64_MAX, &e->game); break;
        case 'm': e->m = json_object_get(env, "m"); bad = !json_is_object(e->m); break;
        default: { /* 'U' */
            json_t *a = json_object_get(env, "uids");
            bad = !json_is_array(a) || json_array_size(a) != 2;
            for (size_t i = 0; !bad && i < 2; i++) {
                bad = !json_is_integer(json_array_get(a, i));
                e->uids[i] = bad ? 0 : json_integer_value(json_array_get(a, i));
            }
        }
        }
        if (bad)
            return -1;
    }
    json_t *fresh = json_object_get(env, "fresh"); /* optional: att and owner */
    if (fresh && !json_is_boolean(fresh))
        return -1;
    e->fresh = json_is_true(fresh);
    return 0;
}

void fwd_proc_subject(char out[BROKER_SUBJECT_MAX], const char *owner)
{
    snprintf(out, BROKER_SUBJECT_MAX, "proc.%s", owner);
}
