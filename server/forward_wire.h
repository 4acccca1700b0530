/* SPDX-License-Identifier: MIT */
/* The envelopes of forwarding (forward.c): what the processes of a site say
 * to each other about a client connected to one of them and served by
 * another, the owner of its game. Built and read here only; plain JSON
 * objects on the broker (not messages of the protocol: no "type"). Each has
 * "k", its kind:
 *
 *   in     {"k":"in","o":P,"c":CID,"u":UID,"q":Q,"m":MSG}   on proc.O: P's
 *          connection CID (user UID, 0 none) sent MSG for a game of O; Q
 *          numbers it for the "done" that follows O's answers
 *   out    {"k":"out","c":CID,"m":MSG}   on proc.P: send MSG to connection CID
 *   done   {"k":"done","c":CID,"q":Q}    on proc.P: O has handled command Q
 *   att    {"k":"att","o":P,"c":CID,"u":UID,"game":G[,"fresh":true]}   on
 *          proc.O (G 0: none), or on "site" (to every process: those with a
 *          live game of UID attach the connection): the connection is present
 *          for its games; fresh: G has just started and the connection has
 *          its state already (through user.ID), so none is sent again
 *   bye    {"k":"bye","o":P,"c":CID}     on proc.O: the connection went
 *   hb     {"k":"hb","o":P}              on "site": P lives
 *   owner  {"k":"owner","game":G,"owner":O,"uids":[RED,BLACK][,"fresh":true]}
 *          on "site": O owns G now (it started it: fresh, or took it over)
 */
#ifndef XQ_SERVER_FORWARD_WIRE_H
#define XQ_SERVER_FORWARD_WIRE_H

#include <jansson.h>
#include <stdint.h>

#include "broker_types.h"
#include "store_types.h"

#define FWD_SITE_SUBJECT "site" /* heartbeats, site-wide attachments, owners */

typedef enum fwd_kind { FWD_IN, FWD_OUT, FWD_DONE, FWD_ATT, FWD_BYE, FWD_HB, FWD_OWNER } fwd_kind;

/* An envelope read (fwd_parse()): the fields its kind has, the rest 0/"". */
typedef struct fwd_env {
    fwd_kind kind;
    char origin[STORE_OWNER_MAX]; /* "o" */
    uint32_t cid;                 /* "c" */
    int64_t uid;                  /* "u" */
    uint32_t q;                   /* "q" */
    int64_t game;                 /* "game" */
    char owner[STORE_OWNER_MAX];  /* "owner" */
    int64_t uids[2];              /* "uids" */
    int fresh;                    /* "fresh" (att, owner; optional): a game just started */
    json_t *m;                    /* "m": borrowed from the envelope */
} fwd_env;

/* The builders: a new envelope (the caller's reference), NULL without
 * memory. m is not stolen. */
json_t *fwd_in(const char *origin, uint32_t cid, int64_t uid, uint32_t q, json_t *m);
json_t *fwd_out(uint32_t cid, json_t *m);
json_t *fwd_done(uint32_t cid, uint32_t q);
json_t *fwd_att(const char *origin, uint32_t cid, int64_t uid, int64_t game, int fresh);
json_t *fwd_bye(const char *origin, uint32_t cid);
json_t *fwd_hb(const char *origin);
json_t *fwd_owner(int64_t game, const char *owner, const int64_t uids[2], int fresh);
/* Read an envelope into e: 0, or -1 when it is none of the above (a kind
 * unknown, a field of its kind missing or of the wrong type, an origin or
 * owner empty or too long: longer than its inbox subject "proc.ID" allows,
 * 26 bytes; the owner ids of game_owner.c have 16). */
int fwd_parse(json_t *env, fwd_env *e);
/* The inbox of a process: "proc.OWNER", into out. */
void fwd_proc_subject(char out[BROKER_SUBJECT_MAX], const char *owner);

#endif
