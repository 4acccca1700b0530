/* SPDX-License-Identifier: MIT */
/* Game reviews: the engine over every move of a finished game, queued and fair. */
#ifndef XQ_SERVER_REVIEW_H
#define XQ_SERVER_REVIEW_H

#include <jansson.h>

#include "net.h"
#include "store.h"

void cmd_analyse(conn *c, json_t *m, json_t *id);
int review_init(int threads, store *st); /* 0 threads: reviews off */
void review_shutdown(void);

#endif
