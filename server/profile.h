/* SPDX-License-Identifier: MIT */
/* A user's page: the `user` command (record, rating history, recent games). */
#ifndef XQ_SERVER_PROFILE_H
#define XQ_SERVER_PROFILE_H

#include <jansson.h>

#include "net.h"
#include "store.h"

void profile_init(store *st);
void cmd_user(conn *c, json_t *m, json_t *id);

#endif
