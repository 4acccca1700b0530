/* SPDX-License-Identifier: MIT */
/* Accounts: register, login, guests, tokens, logout (libsodium); the users online. */
#ifndef XQ_SERVER_ACCOUNTS_H
#define XQ_SERVER_ACCOUNTS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "broker.h"
#include "net.h"
#include "store.h"
#include "tuning.h"

typedef struct user {
    int64_t id;
    char name[SRV_NAME_MAX + 8];
    double rating;
    double deviation; /* Glicko-2 RD: the rating is provisional above GLICKO_PROVISIONAL_RD */
    int guest;
    conn *conns;
    broker_sub *sub;  /* its subject, user.ID (broker.h) */
    struct user *hnext;
} user;
user *user_online(int64_t uid);
int name_valid(const char *name);
void cmd_register(conn *c, json_t *m, json_t *id);
void cmd_login(conn *c, json_t *m, json_t *id);
void cmd_resume(conn *c, json_t *m, json_t *id);
void cmd_guest(conn *c, json_t *m, json_t *id);
void cmd_logout(conn *c, json_t *m, json_t *id);
/* An optional positive integer field up to max: 0 when absent, -1 when bad. */
int64_t optional_count(json_t *m, const char *key, int64_t max);
void user_detach(conn *c);     /* the connection leaves its user */
/* A remote connection (forward.c) joins the user su of another process's
 * session: present, and the listeners told as for a login here (but for
 * `attached`, which sends the state of his games, when quiet: a game just
 * started whose state reached him through user.ID), no session message and
 * no events of user.ID (its own process has them). 0, or -1 without memory. */
int user_attach_remote(conn *c, const store_user *su, int quiet);
int accounts_init(store *st, broker *b);
/* Publish to every connection of a user (its subject user.ID), or all but one. */
void send_to_user(int64_t uid, json_t *msg);
void send_to_user_but(int64_t uid, json_t *msg, const conn *except);
void accounts_shutdown(void);
/* Tests (the fuzz harnesses of tests/fuzz): the Argon2id cost of the password
 * hashes made from now on (libsodium's opslimit and memlimit; a login checks a
 * hash at the cost it was made with). The server keeps the default, libsodium's
 * "interactive" cost. */
void accounts_set_hash_cost(unsigned long long opslimit, size_t memlimit);
/* Who hears of users coming and going (the lobby, the games): a user's first
 * connection (present), each connection that logs in (attached), and a
 * user's last connection going (gone, before the user is freed). Called in
 * the order the listeners were added; any of the three may be NULL. */
typedef struct accounts_listener {
    void (*present)(int64_t uid);
    void (*attached)(conn *c);
    void (*gone)(user *u);
} accounts_listener;
int accounts_listen(const accounts_listener *l); /* 0, or -1 when the table is full */

#endif
