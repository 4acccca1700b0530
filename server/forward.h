/* SPDX-License-Identifier: MIT */
/* Forwarding (issue 40, point 3): in a site (--broker), a command of a client
 * connected here for a game owned by another process of the site goes to
 * that process, its owner, which serves the client as a remote connection
 * (forward_serve.h) as if it were connected there, and the answers and the
 * game's events come back here to the client: the protocol is unchanged.
 *
 * Subjects: each process reads its inbox proc.OWNER_ID ("in" from the
 * processes forwarding to it, "out" and "done" from the owners serving its
 * connections) and the site subject "site" (heartbeats, connections present
 * or gone, new owners of games); the envelopes are forward_wire.h's.
 *
 * This process's side: which commands go (those naming a live game owned
 * elsewhere, lease valid: move, premove, resign, abort, draw, draw_decline,
 * takeback, takeback_decline, state, watch, unwatch, say in a game), the
 * answer awaited for SRV_FWD_REPLY_MS (then game_elsewhere: it may or may not
 * have been applied, as with a move in flight to a process that died), the
 * connections' presence told to the site (a session begins or ends, the
 * connection closes), the watchers and players attached to a game's new
 * owner when it changes. Loop thread only. */
#ifndef XQ_SERVER_FORWARD_H
#define XQ_SERVER_FORWARD_H

#include <jansson.h>

#include "broker.h"
#include "forward_serve.h"
#include "net.h"
#include "store.h"

/* Make this process forward (self: its owner id, game_owner_id()): its inbox
 * and the site subject subscribed, the heartbeat's timer started: 0, or -1
 * without memory. Without it (one process) nothing is forwarded. */
int forward_init(broker *b, store *st, const char *self, forward_dispatch_fn fn);
void forward_shutdown(void);
/* A command (type, the message m with its id) of a client connected here:
 * 1 when forwarding took it (forwarded, or refused with site_unavailable
 * while the broker is away), 0 when it is this process's to run. */
int forward_command(conn *c, const char *type, json_t *m, json_t *id);
/* A connection here closes: the owners serving it let it go. */
void forward_conn_closed(conn *c);
/* A connection here has a new user, or none (login, logout): the site told. */
void forward_conn_user(conn *c);

#endif
