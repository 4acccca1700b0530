# SPDX-License-Identifier: MIT
"""Figures of the lobby (not a test: it prints, it checks only the replies):
the round trip of `seek` + `cancel`, the same with 201 seeks of other users
open, `seek` + `accept` + `resign` (a game started and ended), and `lobby`
(listing 201 seeks), each on one connection at a time, on loopback. The
offers are rows of the store (docs/server.md, "The lobby of a site"), so this
measures a store write or read per command.

    python3 tests/server/bench_lobby.py build/release/bin/xq-server

runs on an SQLite file; with the environment of ctest's server_site_Lobby
(XQ_TEST_PG, and XQ_TEST_BROKER=1 with the fixture's Redis: start them with
`ctest -R '^(pg_start|redis_start)$'`, stop them with
`ctest -R '^(pg_stop|redis_stop)$'`) it runs on PostgreSQL (and Redis). Each
phase uses a fresh guest, within a connection's burst of messages."""
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_server as T  # noqa: E402

ROUNDS = 90    # per phase: a connection's burst (200 messages) covers them
OTHERS = 67    # users with 3 seeks each open in the second phase


class LobbyFigures(T.Base):
    args = ("--guests", "--grace", "30")

    def user(self, name, ws=False):
        """A guest from an address of its own (the limits are per address)."""
        self.n = getattr(self, "n", 0) + 1
        c = self.client(source="127.0.%d.%d" % (1 + self.n // 200, 1 + self.n % 200))
        r = c.call("guest")
        self.assertEqual(r["type"], "session", r)
        return c

    def seek_cancel(self):
        a = self.user("a")
        t = time.time()
        for _ in range(ROUNDS):
            s = a.call("seek")
            self.assertEqual(s["type"], "seek", s)
            self.assertEqual(a.call("cancel", offer=s["offer"])["type"], "ok")
        return (time.time() - t) / ROUNDS * 1000

    def test_figures(self):
        alone = self.seek_cancel()
        for _ in range(OTHERS):
            o = self.user("o")
            for _ in range(3):
                self.assertEqual(o.call("seek", base=60)["type"], "seek")
        crowded = self.seek_cancel()
        a, b = self.user("a"), self.user("b")
        t = time.time()
        for _ in range(ROUNDS // 3):
            g = b.call("accept", offer=a.call("seek")["offer"])
            self.assertEqual(g["type"], "game", g)
            self.assertEqual(b.call("resign", game=g["game"])["type"], "ok")
        game = (time.time() - t) / (ROUNDS // 3) * 1000
        b = self.user("b")
        t = time.time()
        for _ in range(ROUNDS):
            self.assertEqual(len(b.call("lobby")["seeks"]), 3 * OTHERS)
        listing = (time.time() - t) / ROUNDS * 1000
        store = ("PostgreSQL" + (" + Redis" if T.SITE_BROKER else "")) if self.pgdb else "SQLite"
        sys.stderr.write("\n%s: seek+cancel %.2f ms; with %d seeks open %.2f ms; "
                         "seek+accept+resign %.2f ms; lobby (%d seeks) %.2f ms\n"
                         % (store, alone, 3 * OTHERS, crowded, game, 3 * OTHERS, listing))


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        T.BINARY = sys.argv.pop(1)
    unittest.main(verbosity=1)
