/* SPDX-License-Identifier: MIT */
/* Forwarding, the owner's side (forward.h): the clients of other processes
 * of the site served here as remote connections (net.h's conn_new_remote()),
 * keyed by (origin process, its connection id) in a forward_table.h. A
 * remote connection is attached to the user its process names (loaded from
 * the store by id), runs the commands forwarded to it through the session
 * layer as a socket's would, and what is sent to it goes back to its process
 * ("out" on proc.ORIGIN). Loop thread only. */
#ifndef XQ_SERVER_FORWARD_SERVE_H
#define XQ_SERVER_FORWARD_SERVE_H

#include <jansson.h>

#include "broker.h"
#include "forward_wire.h"
#include "net.h"
#include "store.h"

/* Runs a command of the protocol on a connection (the session layer's
 * session_dispatch(), given by main.c so that forwarding does not include
 * the session layer, which includes forwarding). */
typedef void (*forward_dispatch_fn)(conn *c, json_t *m);

/* Start serving for this process (self: its owner id): 0, or -1 without memory. */
int fwd_serve_init(broker *b, store *st, const char *self, forward_dispatch_fn fn);
/* "in": the command run on the remote connection (made when new), then "done". */
void fwd_serve_in(const fwd_env *e);
/* "att" (on the site subject): the remote connection made when its user plays
 * a live game here (against a person or the engine) (or e->game is served here), its user brought up to
 * e->uid; with e->game served here, its state sent to it. */
void fwd_serve_att(const fwd_env *e);
/* "bye": the remote connection goes (the usual detach: a player's grace). */
void fwd_serve_bye(const fwd_env *e);
/* An origin was heard of (a heartbeat). */
void fwd_serve_heard(const char *origin);
/* Drop the remote connections of the origins silent for SRV_FWD_SILENCE_MS. */
void fwd_serve_tick(void);
void fwd_serve_shutdown(void); /* every remote connection goes */

#endif
