#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The nginx configuration of docs/server.md ("Deployment"), as shipped in
docs/deploy/nginx-xq-site.conf, in front of xq-server: WebSocket upgrades
pass, each client's address reaches the server (--trust-proxy) so the limits
per address see clients and not the proxy, /metrics is kept from other
addresses and /healthz passes.

The file is used as it is but for what a test cannot have: its upstream
lists the test's servers, the TLS server listens on a free loopback port
without TLS, and the redirect from port 80 is left out. Everything listens
on 127.0.0.1 and stops with the test. Skipped (77) without nginx.

usage: python3 test_proxy_site.py XQ_SERVER_BINARY [unittest args]
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xqclient import WsClient, Server, hello, Closed  # noqa: E402
from test_server import http_request  # noqa: E402

BINARY = os.environ.get("XQ_SERVER", "")
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
SITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "deploy",
                    "nginx-xq-site.conf")
MAX_PER_ADDRESS = 2


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def replace_once(text, pattern, new):
    out, n = re.subn(pattern, new, text, flags=re.S)
    assert n == 1, "docs/deploy/nginx-xq-site.conf changed: %r matched %d times" % (pattern, n)
    return out


def site_for_test(text, upstream_ports, port):
    """The shipped site with the test's servers and port, without TLS."""
    servers = "".join("    server 127.0.0.1:%d max_fails=2 fail_timeout=5s;\n" % p
                      for p in upstream_ports)
    text = replace_once(text, r"(    server 127\.0\.0\.1:77\d\d [^\n]*\n)+", servers)
    text = replace_once(text, r"server \{\n    listen 80;.*?\n\}\n", "")
    text = replace_once(text, r"    listen 443 ssl http2;\n    listen \[::\]:443 ssl http2;\n",
                        "    listen 127.0.0.1:%d;\n" % port)
    return replace_once(text, r"    ssl_certificate [^\n]*\n    ssl_certificate_key [^\n]*\n", "")


class ProxySite(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="xq-nginx-")
        self.clients = []
        self.srv = Server(BINARY, os.path.join(self.dir, "xq.db"), "--guests", "--trust-proxy",
                          "127.0.0.1,::1", "--max-per-address", str(MAX_PER_ADDRESS)).start()
        self.port = free_port()
        with open(SITE) as f:
            site = site_for_test(f.read(), [self.srv.port], self.port)
        with open(os.path.join(self.dir, "site.conf"), "w") as f:
            f.write(site)
        temps = "".join("    %s_temp_path %s/%s;\n" % (k, self.dir, k)
                        for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        with open(os.path.join(self.dir, "nginx.conf"), "w") as f:
            f.write("worker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log warn;\n"
                    "events { worker_connections 128; }\n"
                    "http {\n    access_log off;\n%s    include %s/site.conf;\n}\n"
                    % (self.dir, self.dir, temps, self.dir))
        self.nginx = subprocess.Popen([NGINX, "-p", self.dir, "-c", "nginx.conf", "-g",
                                       "daemon off;" + (" user root;" if os.getuid() == 0 else "")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        end = time.time() + 10
        while time.time() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                self.assertIsNone(self.nginx.poll(), self.nginx.stderr.read())
                time.sleep(0.05)
        else:
            self.fail("nginx did not start")

    def tearDown(self):
        for c in self.clients:
            c.close()
        self.nginx.terminate()
        try:
            self.nginx.wait(10)
        except subprocess.TimeoutExpired:
            self.nginx.kill()
            self.nginx.wait(5)
        self.nginx.stderr.close()
        self.srv.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def via(self, source):
        """A WebSocket client through nginx from a loopback source address."""
        c = WsClient(self.port, source=source)
        self.clients.append(c)
        hello(c)
        return c

    def refused(self, source):
        try:
            self.via(source).call("ping")
        except (Closed, OSError, AssertionError):
            return True
        return False

    def test_websocket_and_addresses(self):
        a = self.via("127.0.0.2")
        self.assertEqual(a.call("guest")["type"], "session")
        b = self.via("127.0.0.3")
        self.assertEqual(b.call("guest")["type"], "session")
        s = a.call("seek", color="red")
        self.assertEqual(s["type"], "seek", s)
        g = b.call("accept", offer=s["offer"])
        self.assertEqual(g["type"], "game", g)
        a.expect("game", game=g["game"])
        self.assertEqual(a.call("move", game=g["game"], move="h2e2")["type"], "move")
        b.expect("move", game=g["game"], ply=1, move="h2e2")
        # the limit per address counts the client's address, not nginx's: a
        # second from 127.0.0.2 fits, a third does not, 127.0.0.4 still does
        self.via("127.0.0.2")
        self.assertTrue(self.refused("127.0.0.2"))
        self.assertEqual(self.via("127.0.0.4").call("ping")["type"], "pong")

    def test_metrics_kept_from_others(self):
        self.assertEqual(http_request(self.port, "/healthz")[::2], (200, b"ok\n"))
        code, _, body = http_request(self.port, "/metrics")
        self.assertEqual(code, 200)
        self.assertIn(b"xq_connections ", body)
        s = socket.create_connection(("127.0.0.1", self.port), timeout=10,
                                     source_address=("127.0.0.2", 0))
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = s.recv(100)
        s.close()
        self.assertTrue(answer.startswith(b"HTTP/1.1 403"), answer)
        # the page's own paths are served to anyone
        self.assertEqual(http_request(self.port, "/nothing-here")[0], 404)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        BINARY = sys.argv.pop(1)
    if not BINARY:
        sys.exit("usage: test_proxy_site.py XQ_SERVER_BINARY [unittest args]")
    if not NGINX:
        print("nginx is not installed: skipped")
        sys.exit(77)
    unittest.main()
