/* SPDX-License-Identifier: MIT */
/* xq-server under libFuzzer (server_harness.c): the input is a script of
 * lines, each one client's message on one of FAKE_CONNS connections or a
 * step of the harness, run against the server's session layer and everything
 * above it over the fakes of server_fakes.h. Used by fuzz_server_line.c and
 * fuzz_server_ws.c (one per transport). */
#ifndef XQ_FUZZ_SERVER_HARNESS_H
#define XQ_FUZZ_SERVER_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* Run one input with every connection on `transport` (T_LINE or T_WS). The
 * input, one line each (at most SERVER_FUZZ_MAX_LINES):
 *
 *   N TEXT     connection N (0-3) sends TEXT, a line of the line protocol
 *              (`move {"game":1,"move":"h2e2"}`, `move 1 h2e2`) or a
 *              WebSocket message ({"type":"move","game":1,...});
 *              in TEXT, @o @g @t become the last offer id, game id and
 *              session token the server sent (offer ids do not restart
 *              between inputs, game ids do)
 *   xN         connection N's client goes away (the next line on N opens a
 *              new connection)
 *   +S         S seconds pass (0..SERVER_FUZZ_MAX_STEP_S, "+0" too): the
 *              worker jobs' results come back (the answer to register or
 *              login, whose connection's input waits for it meanwhile; the
 *              engine's move), clocks run, flags fall, grace periods end
 *   other      a line whose first byte is another byte goes to connection
 *              (byte % 4) whole
 *
 * Afterwards every connection goes, the clock moves past the grace period,
 * the games still live are put away (games_shutdown) and the database is
 * emptied, so each input starts from the same empty server. */
void server_fuzz_run(int transport, const uint8_t *data, size_t size);

#endif
