/* SPDX-License-Identifier: MIT */
/* Clients behind a trusted reverse proxy (proxy.h). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "proxy.h"

static struct in6_addr g_trusted[PROXY_TRUSTED_MAX]; /* IPv4 ones mapped into IPv6 */
static int g_ntrusted;

/* An address as text into IPv6 (an IPv4 one mapped): 0, or -1 when it is
 * not an address. */
static int parse(const char *text, struct in6_addr *a)
{
    struct in_addr v4;
    if (inet_pton(AF_INET, text, &v4) == 1) {
        memset(a, 0, sizeof *a);
        a->s6_addr[10] = a->s6_addr[11] = 0xff;
        memcpy(&a->s6_addr[12], &v4, 4);
        return 0;
    }
    return inet_pton(AF_INET6, text, a) == 1 ? 0 : -1;
}

/* The canonical text of an address (IPv4 for a mapped one). */
static void show(const struct in6_addr *a, char *out, size_t cap)
{
    char buf[INET6_ADDRSTRLEN];
    const char *s = IN6_IS_ADDR_V4MAPPED(a) ? inet_ntop(AF_INET, &a->s6_addr[12], buf, sizeof buf)
                                            : inet_ntop(AF_INET6, a, buf, sizeof buf);
    snprintf(out, cap, "%s", s ? s : "");
}

int proxy_trust(const char *list, char *err, size_t cap)
{
    g_ntrusted = 0;
    if (!list || !*list)
        return 0;
    for (const char *p = list; p;) { /* each piece, the empty ones too */
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char one[PROXY_ADDR_MAX];
        struct in6_addr a;
        if (n == 0 || n >= sizeof one) {
            snprintf(err, cap, "--trust-proxy: an empty or too long address in '%.100s'", list);
            g_ntrusted = 0;
            return -1;
        }
        memcpy(one, p, n);
        one[n] = 0;
        if (parse(one, &a) < 0 || g_ntrusted == PROXY_TRUSTED_MAX) {
            if (g_ntrusted == PROXY_TRUSTED_MAX)
                snprintf(err, cap, "--trust-proxy: at most %d addresses", PROXY_TRUSTED_MAX);
            else
                snprintf(err, cap, "--trust-proxy: '%s' is not an IPv4 or IPv6 address", one);
            g_ntrusted = 0;
            return -1;
        }
        g_trusted[g_ntrusted++] = a;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

int proxy_trusted(const char *peer)
{
    struct in6_addr a;
    if (!peer || parse(peer, &a) < 0)
        return 0;
    for (int i = 0; i < g_ntrusted; i++)
        if (memcmp(&a, &g_trusted[i], sizeof a) == 0)
            return 1;
    return 0;
}

void proxy_client_addr(const char *peer, const char *xff, char *out, size_t cap)
{
    if (xff && proxy_trusted(peer)) {
        const char *last = strrchr(xff, ',');
        last = last ? last + 1 : xff;
        while (*last == ' ' || *last == '\t')
            last++;
        size_t n = strcspn(last, " \t");
        char one[PROXY_ADDR_MAX];
        struct in6_addr a;
        if (n > 0 && n < sizeof one && last[n + strspn(last + n, " \t")] == 0) {
            memcpy(one, last, n);
            one[n] = 0;
            if (parse(one, &a) == 0) {
                show(&a, out, cap);
                return;
            }
        }
    }
    snprintf(out, cap, "%s", peer ? peer : "");
}
