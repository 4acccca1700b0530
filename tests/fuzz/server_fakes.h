/* SPDX-License-Identifier: MIT */
/* The test doubles under xq-server's fuzz harnesses (fuzz_server_line,
 * fuzz_server_ws): connections in memory in place of server/net.c (the
 * functions of server/net.h), and a clock that moves only when told to in
 * place of server/clock.c and server/timer.c (clock.h, timer.h). Everything
 * above them (session, codec, lobby, games, accounts, store) is the server's
 * own code. Loop thread only, like the server. */
#ifndef XQ_FUZZ_SERVER_FAKES_H
#define XQ_FUZZ_SERVER_FAKES_H

#include <stddef.h>
#include <stdint.h>

/* Connections the harness drives at once. */
#define FAKE_CONNS 4

/* ---- server_fake_net.c ---- */
/* A message (a line without its newline, or a WebSocket text) arrives on
 * connection `slot` (0..FAKE_CONNS-1) of a transport (T_LINE, T_WS); the
 * connection opens first when it is not open. Handled as net.c's receive
 * path does: the size limit, blank lines, input held during a login. */
void fake_net_receive(int slot, int transport, const char *text, size_t len);
/* The client of a slot goes away (nothing when it is not open). */
void fake_net_drop(int slot);
/* Every connection goes, and those the server closed are freed. */
void fake_net_drop_all(void);
/* Free the connections the server closed (conn_close), as net.c does when
 * libwebsockets reports them closed; the next message on the slot opens a
 * new one. */
void fake_net_reap(void);
/* The last integer value of a field ("offer", "game") in a message the
 * server sent, 0 when none was seen since fake_net_forget(). */
int64_t fake_net_last(const char *field);
/* The last session token the server sent, or NULL. */
const char *fake_net_token(void);
void fake_net_forget(void);

/* ---- server_fake_time.c ---- */
/* The clocks start at fixed values and move only by fake_time_advance(). */
/* Run the timers due now, until nothing is due. */
void fake_time_settle(void);
/* Move the clocks forward by us microseconds (0 too): the worker jobs'
 * results come back (work_drain(): a login's answer, the engine's move) and
 * each timer runs at its time. Only here do results come back, so messages
 * that come while a job is out (input held during a login, moves while the
 * engine thinks) are part of what the input decides. */
void fake_time_advance(int64_t us);
/* Timers still set. */
size_t fake_time_pending(void);

#endif
