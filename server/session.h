/* SPDX-License-Identifier: MIT */
/* Sessions: per-connection protocol state, the handshake, the message rate limit and the command table. */
#ifndef XQ_SERVER_SESSION_H
#define XQ_SERVER_SESSION_H

#include <stddef.h>

#include "broker.h"
#include "net.h"

void session_open(conn *c);
void session_message(conn *c, const char *text, size_t len);
void session_closed(conn *c);
/* Run a command (a decoded message m with its "type") on c as session_message()
 * would, without its rate limit or hello: a remote connection's (forward_serve.h),
 * whose own process limited and checked the message already. */
void session_dispatch(conn *c, json_t *m);
int session_command_known(const char *name); /* a command of the protocol (or hello) */
/* The site's broker: while broker_fault() says it cannot reach the other
 * processes, the commands that need them (seeks, challenges, offers, chat)
 * are refused with site_unavailable. Set before the first message. */
void session_set_broker(broker *b);

#endif
