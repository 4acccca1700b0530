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

SiteBehindProxy (ctest server_site_nginx, with the tests' PostgreSQL and
Redis, XQ_TEST_BROKER=1) is the deployment of docs/server.md, "A site of
three processes": three processes of one site behind the same file, its
upstream listing the three, the clients landing wherever nginx sends them.
Whole games between players on different processes with a watcher, one seek
accepted by two players at once, and a process killed with SIGKILL mid-game:
every acknowledged move in the database once and in order.

usage: python3 test_proxy_site.py XQ_SERVER_BINARY [unittest args]
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xqclient import WsClient, Server, hello, Closed  # noqa: E402
from test_server import http_request, metrics, SITE_BROKER, MATE  # noqa: E402
import pgtest  # noqa: E402

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


class NginxBase(unittest.TestCase):
    """nginx on the shipped file in front of start_servers()' servers."""

    def start_servers(self):
        """The upstream's servers (their ports)."""
        self.srv = Server(BINARY, os.path.join(self.dir, "xq.db"), "--guests", "--trust-proxy",
                          "127.0.0.1,::1", "--max-per-address", str(MAX_PER_ADDRESS)).start()
        self.servers = [self.srv]
        return [self.srv.port]

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="xq-nginx-")
        self.clients = []
        self.servers = []
        ports = self.start_servers()
        self.port = free_port()
        with open(SITE) as f:
            site = site_for_test(f.read(), ports, self.port)
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
        for srv in self.servers:
            srv.stop()
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


class ProxySite(NginxBase):
    """One process behind the file (the Debian default's deployment)."""

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


class SiteBehindProxy(NginxBase):
    """Three processes of one site (one PostgreSQL database, the tests' Redis)
    behind the shipped nginx file, its upstream listing the three."""
    PROCESSES = 3
    TAKEOVER_S = 20  # the lease (6 s) and a scan (1 s), with room for a loaded machine

    def setUp(self):
        if not pgtest.CONNINFO or not SITE_BROKER:
            self.skipTest("needs the tests' PostgreSQL and Redis (XQ_TEST_PG, XQ_TEST_BROKER=1)")
        super().setUp()

    def start_servers(self):
        self.pgdb = pgtest.Database(pgtest.CONNINFO)
        for _ in range(self.PROCESSES):
            self.servers.append(Server(BINARY, self.pgdb.uri, "--broker", SITE_BROKER,
                                       "--guests", "--grace", "60", "--trust-proxy",
                                       "127.0.0.1,::1").start())
        return [srv.port for srv in self.servers]

    def tearDown(self):
        try:
            super().tearDown()
        finally:
            if getattr(self, "pgdb", None):
                self.pgdb.drop()

    def player(self, n):
        """A guest through nginx from 127.0.0.N (each its own address)."""
        c = self.via("127.0.0.%d" % n)
        r = c.call("guest")
        self.assertEqual(r["type"], "session", r)
        c.token = r["token"]
        return c

    def connections(self):
        return [int(metrics(srv.port)["xq_connections"]) for srv in self.servers]

    def stored(self, gid):
        return [m for _, m in self.pgdb.query(
            "SELECT ply, move FROM moves WHERE game = :gid ORDER BY ply", gid=gid)]

    def start_game(self, red, black):
        s = red.call("seek", color="red", base=600)
        self.assertEqual(s["type"], "seek", s)
        g = black.call("accept", offer=s["offer"])
        self.assertEqual(g["type"], "game", g)
        red.expect("game", game=g["game"])
        return g["game"]

    def play(self, gid, red, black, moves, first=0, watchers=()):
        side = [red, black]
        for i, mv in enumerate(moves, first):
            r = side[i % 2].call("move", game=gid, move=mv)
            self.assertEqual(r["type"], "move", (mv, r))
            self.assertEqual(r["ply"], i + 1)
            for c in (side[(i + 1) % 2],) + tuple(watchers):
                c.expect("move", game=gid, ply=i + 1, move=mv)

    def test_games_across_processes(self):
        players = [self.player(n) for n in range(2, 8)]
        # least_conn spreads them: every process has some of the site's clients
        self.assertTrue(all(n >= 1 for n in self.connections()), self.connections())
        watcher = self.player(8)
        games = [self.start_game(players[2 * k], players[2 * k + 1]) for k in range(3)]
        st = watcher.call("watch", game=games[0])
        self.assertEqual(st["type"], "game", st)
        self.play(games[0], players[0], players[1], MATE, watchers=(watcher,))
        for c in (players[0], players[1], watcher):
            e = c.expect("end", game=games[0])
            self.assertEqual(e["result"], "1-0", e)
        for k in (1, 2):
            self.play(games[k], players[2 * k], players[2 * k + 1], MATE[:4])
            self.assertEqual(players[2 * k + 1].call("resign", game=games[k])["type"], "ok")
        for k, gid in enumerate(games):
            self.assertEqual(self.stored(gid), MATE if k == 0 else MATE[:4])
        # the games were started on more than one process (nginx spread the
        # accepters), and each was finished wherever its players were
        owners = {o for o, in self.pgdb.query("SELECT owner FROM games")}
        self.assertGreaterEqual(len(owners), 2, owners)
        # the moves of the players not on their game's owner went through the
        # broker (/metrics of each process, read directly, not through nginx)
        forwarded = sum(metrics(srv.port)["xq_forwarded_total"] for srv in self.servers)
        self.assertGreaterEqual(forwarded, len(MATE) // 2, forwarded)
        self.assertEqual(self.pgdb.query("SELECT count(*) FROM games WHERE result = 0"),
                         [("0",)])

    def test_one_seek_accepted_twice_at_once(self):
        author, x, y = self.player(2), self.player(3), self.player(4)
        s = author.call("seek", color="red", base=600)
        self.assertEqual(s["type"], "seek", s)
        answers = {}

        def accept(c):
            answers[c] = c.call("accept", offer=s["offer"])

        threads = [threading.Thread(target=accept, args=(c,)) for c in (x, y)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        kinds = sorted(a["type"] if a["type"] == "game" else a.get("code") for a in answers.values())
        self.assertEqual(len(answers), 2, answers)
        self.assertIn("game", kinds, answers)
        self.assertEqual(kinds.count("game"), 1, answers)
        self.assertEqual(len(self.pgdb.query("SELECT id FROM games")), 1)

    def test_owner_killed_mid_game(self):
        red, black = self.player(2), self.player(3)
        gid = self.start_game(red, black)
        self.play(gid, red, black, MATE[:3])
        owner = self.pgdb.query("SELECT owner FROM games WHERE id = :gid", gid=gid)[0][0]
        dead = next(srv for srv in self.servers if "owner " + owner in srv.banner)
        dead.kill()
        since = time.time()
        # the players go on through nginx; a connection that was on the dead
        # process is closed: connect again (nginx picks a live one) and resume
        sides = []
        for n, c in ((2, red), (3, black)):
            try:
                self.assertEqual(c.call("ping")["type"], "pong")
                sides.append(c)
            except (Closed, OSError, AssertionError):
                again = self.via("127.0.0.%d" % n)
                self.assertEqual(again.call("resume", token=c.token)["type"], "session")
                sides.append(again)
        while True:
            r = sides[1].call("move", game=gid, move=MATE[3])
            if r.get("code") not in ("game_elsewhere",) or time.time() > since + self.TAKEOVER_S:
                break
            time.sleep(0.3)
        self.assertEqual(r["type"], "move", r)
        sides[0].expect("move", game=gid, ply=4, move=MATE[3])
        self.play(gid, sides[0], sides[1], MATE[4:], first=4)
        self.assertEqual(self.stored(gid), MATE)
        taken = [metrics(srv.port)["xq_games_taken_over_total"] for srv in self.servers
                 if srv is not dead]
        self.assertEqual(sum(taken), 1, taken)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        BINARY = sys.argv.pop(1)
    if not BINARY:
        sys.exit("usage: test_proxy_site.py XQ_SERVER_BINARY [unittest args]")
    if not NGINX:
        print("nginx is not installed: skipped")
        sys.exit(77)
    unittest.main()
