/* SPDX-License-Identifier: MIT */
/* Clients behind a reverse proxy (--trust-proxy): a WebSocket connection
 * from a proxy the operator trusts counts as coming from the address the
 * proxy names in X-Forwarded-For, so that the per-address limits (connections,
 * wrong passwords and tokens) and the log see each client, not the proxy.
 *
 * Only the rightmost address of the header is taken: it is the one the
 * trusted proxy added (nginx's $proxy_add_x_forwarded_for appends the peer
 * it saw); the ones before it are whatever the client sent and could be made
 * up. One proxy hop, as docs/server.md's nginx configuration has. Pure
 * functions of their arguments and the list set at start-up (loop thread). */
#ifndef XQ_SERVER_PROXY_H
#define XQ_SERVER_PROXY_H

#include <stddef.h>

#define PROXY_TRUSTED_MAX 8 /* addresses in --trust-proxy */
#define PROXY_ADDR_MAX 64   /* bytes of an address as text, with its NUL */

/* Set the trusted proxies from a comma-separated list of IPv4 or IPv6
 * addresses (NULL or "": none): 0, or -1 with a message in err and the
 * list left empty. */
int proxy_trust(const char *list, char *err, size_t cap);
/* Whether an address (text, as libwebsockets gives it; an IPv4 address
 * mapped into IPv6 counts as the IPv4 one) is a trusted proxy. */
int proxy_trusted(const char *peer);
/* The client's address of a connection from peer whose request carried the
 * X-Forwarded-For value xff (NULL: none), into out (cap bytes): the header's
 * rightmost address when peer is trusted and it is a valid IPv4 or IPv6
 * address (written in its canonical form), else peer itself. */
void proxy_client_addr(const char *peer, const char *xff, char *out, size_t cap);

#endif
