/* SPDX-License-Identifier: MIT */
/* xq-server behind a reverse proxy (server/proxy.c): the trusted proxies
 * parsed from --trust-proxy, and the client's address taken from the end of
 * X-Forwarded-For only for a connection from one of them. */
#include "xq_test.h"

#include <string.h>

#include "proxy.h"

static const char *client(const char *peer, const char *xff)
{
    static char out[PROXY_ADDR_MAX];
    proxy_client_addr(peer, xff, out, sizeof out);
    return out;
}

START_TEST(trusted_list)
{
    char err[200] = "";
    ck_assert_int_eq(proxy_trust("127.0.0.1,::1,10.0.0.5", err, sizeof err), 0);
    ck_assert(proxy_trusted("127.0.0.1"));
    ck_assert(proxy_trusted("::ffff:127.0.0.1")); /* mapped into IPv6 by a dual-stack socket */
    ck_assert(proxy_trusted("::1"));
    ck_assert(proxy_trusted("0:0:0:0:0:0:0:1"));
    ck_assert(proxy_trusted("10.0.0.5"));
    ck_assert(!proxy_trusted("10.0.0.6"));
    ck_assert(!proxy_trusted("127.0.0.2"));
    ck_assert(!proxy_trusted(""));
    ck_assert(!proxy_trusted(NULL));
    ck_assert(!proxy_trusted("localhost"));
    /* bad lists: a message, and nothing trusted */
    const char *bad[] = {"127.0.0.1,", ",127.0.0.1", "127.0.0.1,,::1", "localhost", "127.0.0.256",
                         "1.2.3.4/8", " 127.0.0.1", "1,2,3,4,5,6,7,8,9",
                         "1.1.1.1,1.1.1.2,1.1.1.3,1.1.1.4,1.1.1.5,1.1.1.6,1.1.1.7,1.1.1.8,1.1.1.9"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        ck_assert_msg(proxy_trust(bad[i], err, sizeof err) == -1, "accepted '%s'", bad[i]);
        ck_assert_msg(strstr(err, "--trust-proxy") != NULL, "message '%s'", err);
        ck_assert(!proxy_trusted("127.0.0.1"));
    }
    ck_assert_int_eq(proxy_trust("1.1.1.1,1.1.1.2,1.1.1.3,1.1.1.4,1.1.1.5,1.1.1.6,1.1.1.7,1.1.1.8",
                                 err, sizeof err), 0); /* eight is the most */
    ck_assert(proxy_trusted("1.1.1.8"));
    ck_assert_int_eq(proxy_trust("", err, sizeof err), 0);
    ck_assert(!proxy_trusted("1.1.1.8"));
    ck_assert_int_eq(proxy_trust(NULL, err, sizeof err), 0);
}
END_TEST

START_TEST(client_address)
{
    char err[200];
    ck_assert_int_eq(proxy_trust("127.0.0.1,::1", err, sizeof err), 0);
    /* from a trusted proxy: the rightmost address, the one the proxy added */
    ck_assert_str_eq(client("127.0.0.1", "198.51.100.7"), "198.51.100.7");
    ck_assert_str_eq(client("127.0.0.1", "6.6.6.6, 198.51.100.7"), "198.51.100.7");
    ck_assert_str_eq(client("::ffff:127.0.0.1", "6.6.6.6,198.51.100.7 "), "198.51.100.7");
    ck_assert_str_eq(client("::1", "2001:DB8::0:1"), "2001:db8::1"); /* canonical form */
    ck_assert_str_eq(client("::1", "::ffff:198.51.100.9"), "198.51.100.9");
    /* not an address at the end: the proxy's own */
    ck_assert_str_eq(client("127.0.0.1", "198.51.100.7, unknown"), "127.0.0.1");
    ck_assert_str_eq(client("127.0.0.1", "198.51.100.7,"), "127.0.0.1");
    ck_assert_str_eq(client("127.0.0.1", "198.51.100.7 198.51.100.8"), "127.0.0.1");
    ck_assert_str_eq(client("127.0.0.1", ""), "127.0.0.1");
    ck_assert_str_eq(client("127.0.0.1", "[2001:db8::1]:443"), "127.0.0.1");
    ck_assert_str_eq(client("127.0.0.1", NULL), "127.0.0.1");
    char longest[200];
    memset(longest, '1', sizeof longest - 1);
    longest[sizeof longest - 1] = 0;
    ck_assert_str_eq(client("127.0.0.1", longest), "127.0.0.1");
    /* from anyone else the header is the client's word: not taken */
    ck_assert_str_eq(client("203.0.113.4", "198.51.100.7"), "203.0.113.4");
    ck_assert_str_eq(client("127.0.0.2", "198.51.100.7"), "127.0.0.2");
    /* a short buffer: cut, NUL-terminated */
    char small[8];
    proxy_client_addr("127.0.0.1", "198.51.100.7", small, sizeof small);
    ck_assert_str_eq(small, "198.51.");
    proxy_trust(NULL, err, sizeof err);
    ck_assert_str_eq(client("127.0.0.1", "198.51.100.7"), "127.0.0.1");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("proxy");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, trusted_list);
    tcase_add_test(tc, client_address);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
