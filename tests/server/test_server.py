# SPDX-License-Identifier: MIT
"""Protocol and fault tests of xq-server on loopback.

usage: python3 test_server.py XQ_SERVER_BINARY   (or XQ_SERVER=... python3 -m unittest)

With XQ_TEST_PG set (a PostgreSQL conninfo, pgtest.py), every server of
these tests stores in a fresh PostgreSQL database (--db postgresql://...,
dropped after the test) instead of an SQLite file: ctest's server_pg_<Class>.
With XQ_TEST_BROKER=1 too, those servers run with --broker on the tests'
Redis (XQ_TEST_REDIS_DIR): ctest's server_site_<Class>."""
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xqclient import LineClient, WsClient, Server, hello, Closed  # noqa: E402
import pgtest  # noqa: E402

BINARY = os.environ.get("XQ_SERVER", "")
XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MATE = "e0e1 d9e8 b2b4 c9a7 b4g4 h7h8 g4g9".split()  # Red mates in 7 plies
PERPETUAL = ("c0a2 c6c5 b2b6 h9i7 h2f2 b7g7 b0c2 c9e7 b6b5 h7h6 c2e1 b9c7 f2f6 h6h7 g0i2 f9e8 "
             "e1c2 h7h4 c3c4 e8f7 h0f1 h4h9 i0h0 g7g3 b5b9 e9e8 e3e4 e6e5 f6e6 e8f8 e6f6 f8e8 "
             "f6e6 e8f8 e6f6 f8e8").split()  # Red checks perpetually and loses (AXF)


def read_to_end(s):
    """Everything a socket gives until the peer closes it (then closed)."""
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    return data


def http_request(port, path, headers=None, method="GET"):
    """(status, {header: value} in lower case, body) of one HTTP request."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    extra = "".join("%s: %s\r\n" % kv for kv in (headers or {}).items())
    s.sendall(("%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%sConnection: close\r\n\r\n"
               % (method, path, extra)).encode())
    head, _, body = read_to_end(s).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = dict((k.strip().lower(), v.strip()) for k, _, v in
                  (line.partition(":") for line in lines[1:]))
    return int(lines[0].split()[1]), fields, body


def metrics(port):
    """GET /metrics: {sample name (with its labels): value}."""
    code, fields, body = http_request(port, "/metrics")
    assert code == 200, (code, body)
    assert fields["content-type"].startswith("text/plain; version=0.0.4"), fields
    out = {}
    for line in body.decode().splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


def site_broker():
    """With XQ_TEST_BROKER=1, the URL of the tests' shared Redis (XQ_TEST_REDIS_DIR/url):
    every server on PostgreSQL then runs with --broker, its events through Redis."""
    if os.environ.get("XQ_TEST_BROKER") != "1":
        return ""
    try:
        with open(os.path.join(os.environ.get("XQ_TEST_REDIS_DIR", ""), "url")) as f:
            return f.read().strip()
    except OSError:
        return ""


SITE_BROKER = site_broker()


class Base(unittest.TestCase):
    args = ("--guests", "--grace", "2")

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="xq-server-test-")
        self.pgdb = None
        conninfo = self.pg_server()
        if conninfo:  # a fresh PostgreSQL database instead of the SQLite file
            self.pgdb = pgtest.Database(conninfo)
            self.db = self.pgdb.uri
        else:
            self.db = os.path.join(self.dir, "t.db")
        self.prepare()
        if self.pgdb and SITE_BROKER and "--broker" not in self.args:
            self.args = tuple(self.args) + ("--broker", SITE_BROKER)
        self.srv = Server(BINARY, self.db, *[a.replace("{dir}", self.dir) for a in self.args])
        self.srv.start()
        self.clients = []

    def prepare(self):
        """Files the server needs before it starts (in self.dir)."""

    def pg_server(self):
        """The conninfo of the PostgreSQL to store in ("": SQLite)."""
        return pgtest.CONNINFO

    def tearDown(self):
        for c in self.clients:
            c.close()
        self.srv.stop()
        if self.pgdb:
            self.pgdb.drop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def client(self, ws=False, say_hello=True, source=None):
        c = (WsClient if ws else LineClient)(self.srv.port, source=source)
        self.clients.append(c)
        if say_hello:
            hello(c)
        return c

    def user(self, name, ws=False):
        c = self.client(ws)
        r = c.call("register", name=name, password="secret-" + name)
        self.assertEqual(r["type"], "session", r)
        c.token = r["token"]
        return c

    def game(self, red, black, **terms):
        """red seeks as red, black accepts: the game id."""
        s = red.call("seek", color="red", **terms)
        self.assertEqual(s["type"], "seek", s)
        g = black.call("accept", offer=s["offer"])
        self.assertEqual(g["type"], "game", g)
        self.assertEqual(g["you"], "black")
        r = red.expect("game", game=g["game"])
        self.assertEqual(r["you"], "red")
        return g["game"]

    def play(self, gid, red, black, moves):
        side = [red, black]
        for i, mv in enumerate(moves):
            me = side[i % 2]
            r = me.call("move", game=gid, move=mv)
            self.assertEqual(r["type"], "move", (mv, r))
            self.assertEqual(r["ply"], i + 1)
            side[(i + 1) % 2].expect("move", game=gid, ply=i + 1, move=mv)


class Play(Base):
    def test_game_to_checkmate_with_watcher_chat_and_pgn(self):
        a, b = self.user("alice"), self.user("bob")
        w = self.client()
        w.call("guest")
        lob = w.call("lobby")
        self.assertEqual(lob["type"], "lobby")
        gid = self.game(a, b, base=300, inc=2, rated=True)
        st = w.call("watch", game=gid)
        self.assertEqual(st["type"], "game")
        self.assertEqual(len(st["legal"]), 44)
        self.assertIsNone(st["you"])
        # new players: provisional ratings (the page marks them "?")
        self.assertEqual((st["red"]["provisional"], st["black"]["provisional"]), (True, True))
        # chat in the game reaches the opponent and the watcher
        r = a.call("say", to=gid, text="good luck <b>&'\"")
        self.assertEqual(r["type"], "chat")
        b.expect("chat", text="good luck <b>&'\"")
        w.expect("chat", **{"from": "alice"})
        self.play(gid, a, b, MATE)
        for c in (a, b, w):
            e = c.expect("end", game=gid)
            self.assertEqual((e["result"], e["reason"], e["winner"]), ("1-0", "checkmate", "red"))
        self.assertIn("ratings", e)
        self.assertGreater(e["ratings"]["red"], 1500)
        p = w.call("pgn", game=gid)
        self.assertEqual(p["type"], "pgn")
        self.assertIn('[Red "alice"]', p["pgn"])
        self.assertIn('[Result "1-0"]', p["pgn"])
        self.assertIn("1-0", p["pgn"].split("\n\n", 1)[1])
        u = w.call("user", name="alice")
        self.assertEqual(u["games"], 1)
        fin = w.call("games", finished=True, user="bob")
        self.assertEqual(fin["games"][0]["game"], gid)
        # a move after the end
        r = b.call("move", game=gid, move="a9a8")
        self.assertEqual(r["code"], "game_over")

    def test_finished_game_state_and_watch(self):
        """`state` and `watch` of a finished game answer the game as stored (anyone
        may ask); `watch` subscribes to nothing; `games finished` and `user` carry
        the result, the reason and the rating change."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=300, inc=2, rated=True)
        self.play(gid, a, b, MATE)
        e = a.expect("end", game=gid)
        self.assertTrue(e["rated"])
        self.assertAlmostEqual(e["rating_diff"]["red"], e["ratings"]["red"] - 1500, places=6)
        self.assertAlmostEqual(e["rating_diff"]["black"], e["ratings"]["black"] - 1500, places=6)
        self.assertEqual((e["red"], e["black"]), ("alice", "bob"))
        w = self.client()  # no account needed
        for cmd in ("state", "watch"):
            st = w.call(cmd, game=gid)
            self.assertEqual(st["type"], "game", (cmd, st))
            self.assertEqual(st["game"], gid)
            self.assertTrue(st["finished"])
            self.assertEqual((st["result"], st["winner"], st["reason"]), ("1-0", "red", "checkmate"))
            self.assertTrue(st["text"])
            self.assertEqual((st["red"]["name"], st["black"]["name"]), ("alice", "bob"))
            self.assertEqual((st["red"]["rating"], st["black"]["rating"]), (1500, 1500))
            self.assertEqual((st["rules"], st["base"], st["inc"], st["rated"]),
                             ("axf", 300, 2, True))
            self.assertEqual((st["moves"], st["ply"]), (MATE, len(MATE)))
            self.assertEqual(len(st["wxf"]), len(MATE))
            self.assertEqual(st["turn"], "black")
            self.assertTrue(st["check"])
            self.assertEqual(st["legal"], [])
            self.assertEqual(st["clock"]["running"], "none")
            self.assertEqual((st["clock"]["red"], st["clock"]["black"]),
                             (e["clock"]["red"], e["clock"]["black"]))
            self.assertEqual(st["ratings"], e["ratings"])
            self.assertEqual(st["rating_diff"], e["rating_diff"])
            self.assertIsNone(st["you"])
            self.assertIsNone(st["draw_offer"])
            self.assertIsInstance(st["ended"], int)
        self.assertFalse(w.call("state", game=gid + 1000).get("type") == "game")
        self.assertEqual(w.call("state", game=gid + 1000)["code"], "no_such_game")
        # watch subscribed to nothing: more than 16 watches are fine, unwatch is ok
        for _ in range(20):
            self.assertEqual(w.call("watch", game=gid)["type"], "game")
        self.assertEqual(w.call("unwatch", game=gid)["type"], "ok")
        self.assertEqual(a.call("state", game=gid)["you"], "red")
        # the lists carry what a page needs
        fin = w.call("games", finished=True)["games"][0]
        self.assertEqual((fin["game"], fin["red"], fin["black"], fin["result"], fin["reason"],
                          fin["winner"], fin["rated"], fin["ply"]),
                         (gid, "alice", "bob", "1-0", "checkmate", "red", True, len(MATE)))
        self.assertEqual((fin["ratings"], fin["rating_diff"]), (e["ratings"], e["rating_diff"]))
        u = w.call("user", name="bob")
        self.assertEqual(u["recent"], [gid])
        self.assertEqual(u["recent_games"], [fin])
        # a game without a rating change says so
        gid2 = self.game(a, b)
        self.assertEqual(b.call("resign", game=gid2)["type"], "ok")
        st = w.call("state", game=gid2)
        self.assertEqual((st["result"], st["reason"], st["rated"]), ("1-0", "resignation", False))
        self.assertNotIn("ratings", st)
        self.assertNotIn("rating_diff", st)

    def test_game_chat_is_kept(self):
        """Game chat is stored with the game: a player who comes back, and anyone
        reading the finished game, gets it in the game state."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.assertEqual(a.call("say", to=gid, text="good luck")["type"], "chat")
        self.assertEqual(b.call("say", to=gid, text="you too <3")["type"], "chat")
        a2 = self.client(ws=True)
        self.assertEqual(a2.call("resume", token=a.token)["type"], "session")
        st = a2.expect("game", game=gid)
        self.assertEqual([(x["from"], x["text"]) for x in st["chat"]],
                         [("alice", "good luck"), ("bob", "you too <3")])
        self.assertIsInstance(st["chat"][0]["at"], int)
        self.assertEqual(b.call("resign", game=gid)["type"], "ok")
        st = self.client().call("state", game=gid)
        self.assertEqual([x["text"] for x in st["chat"]], ["good luck", "you too <3"])

    def test_rated_game_over_before_both_moved_is_not_rated(self):
        """As on lichess: a rated game that ends before both sides moved changes no
        rating, and its end says so."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, rated=True)
        self.play(gid, a, b, ["h2e2"])
        self.assertEqual(b.call("resign", game=gid)["type"], "ok")
        e = a.expect("end", game=gid)
        self.assertEqual((e["result"], e["reason"], e["rated"]), ("1-0", "resignation", False))
        self.assertIn("not rated", e["text"])
        self.assertNotIn("ratings", e)
        u = a.call("user", name="alice")
        self.assertEqual((u["rating"], u["games"]), (1500, 0))
        st = a.call("state", game=gid)
        self.assertIn("not rated", st["text"])
        self.assertNotIn("rating_diff", st)

    def test_no_new_game_while_playing(self):
        """As on lichess: no seek, challenge, accept or engine game while one plays a
        live game against a person; a player's other offers go when a game starts."""
        a, b, c, d = self.user("alice"), self.user("bob"), self.user("carol"), self.user("dave")
        gid = self.game(a, b)
        for r in (a.call("seek"), b.call("engine", level=0), a.call("challenge", to="carol")):
            self.assertEqual(r["code"], "already_playing", r)
            self.assertIn(str(gid), r["message"])
        ch = c.call("challenge", to="alice")  # a player can be challenged ...
        self.assertEqual(ch["type"], "challenge")
        self.assertEqual(a.call("accept", offer=ch["offer"])["code"], "already_playing")
        sk = c.call("seek")
        self.assertEqual(a.call("accept", offer=sk["offer"])["code"], "already_playing")
        # carol's seek is accepted: her other offers go
        self.assertEqual(d.call("accept", offer=sk["offer"])["type"], "game")
        gone = a.expect("offer_gone", offer=ch["offer"])
        self.assertEqual(gone["reason"], "cancelled")
        # ... and after the game, a new one
        self.assertEqual(a.call("resign", game=gid)["type"], "ok")
        self.assertEqual(a.call("seek")["type"], "seek")
        # a game against the engine waits for nobody: it does not count
        self.assertEqual(b.call("engine", level=0, base=600)["type"], "game")
        s2 = b.call("seek")
        self.assertEqual(s2["type"], "seek")

    def test_flag_fall(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=1, inc=0)
        t0 = time.time()
        e = b.expect("end", game=gid, timeout=5)
        self.assertEqual((e["result"], e["reason"]), ("0-1", "time"))
        self.assertGreaterEqual(time.time() - t0, 0.9)

    def test_perpetual_check_loses(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, PERPETUAL)
        e = a.expect("end", game=gid)
        self.assertEqual((e["result"], e["reason"]), ("0-1", "perpetual check"))
        self.assertIn("by Red", e["text"])
        self.assertTrue(e["text"].endswith(" [AXF rules: perpetual check loses]"), e["text"])

    def test_draw_offer_accepted(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(a.call("draw", game=gid)["type"], "ok")
        o = b.expect("offer", game=gid, kind="draw")
        self.assertEqual((o["by"], o["state"]), ("red", "offered"))
        self.assertEqual(b.call("draw", game=gid)["type"], "ok")
        e = a.expect("end", game=gid)
        self.assertEqual((e["result"], e["reason"]), ("1/2-1/2", "agreement"))

    def test_takeback_accepted_and_refused(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2"])
        # refused
        self.assertEqual(a.call("takeback", game=gid)["type"], "ok")
        b.expect("offer", game=gid, kind="takeback", state="offered")
        self.assertEqual(b.call("takeback_decline", game=gid)["type"], "ok")
        a.expect("offer", game=gid, kind="takeback", state="declined")
        self.assertEqual(a.call("state", game=gid)["ply"], 3)
        # accepted: Red's last move goes
        self.assertEqual(a.call("takeback", game=gid)["type"], "ok")
        b.expect("offer", game=gid, kind="takeback")
        self.assertEqual(b.call("takeback", game=gid)["type"], "ok")
        st = a.expect("game", game=gid)
        self.assertEqual((st["ply"], st["turn"], st["moves"]), (2, "red", ["h2e2", "h9g7"]))
        if not self.pgdb:
            con = sqlite3.connect("file:%s?mode=ro" % self.db, uri=True)  # noqa
            # (the server holds the file exclusively: the rows are checked after it stops)
            con.close()
        self.play_on = a.call("move", game=gid, move="b2e2")
        self.assertEqual(self.play_on["code"], "illegal_move")  # e2 holds Red's own cannon
        self.assertEqual(a.call("move", game=gid, move="b0c2")["ply"], 3)

    def test_state_carries_legal_moves_and_move_texts(self):
        """`game` has the legal moves of the side to move and every move in ICCS,
        WXF and Chinese (for a client's move list after a reload)."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        st = a.call("state", game=gid)
        self.assertEqual((st["moves"], st["wxf"], st["zh"]), ([], [], []))
        self.assertEqual(len(st["legal"]), 44)
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2"])
        st = b.call("state", game=gid)
        self.assertEqual(st["moves"], ["h2e2", "h9g7", "h0g2"])
        self.assertEqual(st["wxf"], ["C2.5", "H8+7", "H2+3"])
        self.assertEqual(st["zh"], ["炮二平五", "马８进７", "马二进三"])
        self.assertIn("h7h0", st["legal"])  # Black's cannon takes the horse's old square
        self.assertNotIn("h2e2", st["legal"])
        # a watcher gets the same texts
        w = self.client()
        self.assertEqual(w.call("watch", game=gid)["wxf"], st["wxf"])

    def test_abort_and_resign(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.assertEqual(b.call("abort", game=gid)["type"], "ok")
        self.assertEqual(a.expect("end", game=gid)["reason"], "aborted")
        gid = self.game(a, b)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(a.call("abort", game=gid)["code"], "not_allowed")
        self.assertEqual(a.call("resign", game=gid)["type"], "ok")
        e = b.expect("end", game=gid)
        self.assertEqual((e["result"], e["reason"]), ("0-1", "resignation"))

    def test_challenge_decline_and_lobby_chat(self):
        a, b = self.user("alice"), self.user("bob", ws=True)
        b.call("lobby")
        ch = a.call("challenge", to="bob", base=60, inc=1, rules="cxa")
        self.assertEqual(ch["type"], "challenge")
        got = b.expect("challenge", offer=ch["offer"])
        self.assertEqual((got["rules"], got["from"]), ("cxa", "alice"))
        self.assertEqual(a.call("accept", offer=ch["offer"])["code"], "own_offer")
        self.assertEqual(b.call("decline", offer=ch["offer"])["type"], "ok")
        a.expect("offer_gone", offer=ch["offer"], reason="declined")
        self.assertEqual(b.call("accept", offer=ch["offer"])["code"], "no_such_offer")
        a.call("lobby")
        r = a.call("say", to="lobby", text="hello lobby")
        self.assertEqual(r["type"], "chat")
        b.expect("chat", to="lobby", text="hello lobby")
        # chat limits
        self.assertEqual(a.call("say", to="lobby", text="x" * 501)["code"], "chat_too_long")
        codes = [a.call("say", to="lobby", text="spam %d" % i).get("code") for i in range(6)]
        self.assertIn("rate_limited", codes)

    def test_challenge_accepted_live_list_and_logout(self):
        a, b = self.user("alice"), self.user("bob", ws=True)
        w = self.client()
        w.call("guest")
        w.call("lobby")
        ch = a.call("challenge", to="bob", base=120, inc=3, rules="simple", color="black")
        self.assertEqual(b.expect("challenge", offer=ch["offer"])["color"], "black")
        g = b.call("accept", offer=ch["offer"])
        self.assertEqual((g["type"], g["you"], g["rules"], g["base"], g["inc"]),
                         ("game", "red", "simple", 120, 3))
        a.expect("offer_gone", offer=ch["offer"], reason="accepted")
        started = w.expect("game_started", game=g["game"])
        self.assertEqual((started["red"], started["black"]), ("bob", "alice"))
        live = w.call("games")["games"]
        self.assertEqual([(x["game"], x["red"], x["black"], x["ply"]) for x in live],
                         [(g["game"], "bob", "alice", 0)])
        self.assertEqual(b.call("move", game=g["game"], move="h2e2")["ply"], 1)
        self.assertEqual(w.call("games")["games"][0]["ply"], 1)
        # logout ends the session: its token no longer resumes
        self.assertEqual(a.call("logout")["type"], "ok")
        self.assertEqual(a.call("seek")["code"], "login_required")
        self.assertEqual(self.client().call("resume", token=a.token)["code"], "bad_token")

    def test_engine_thinking_does_not_stall_other_games(self):
        e, a, b = self.user("erin"), self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        g = e.call("engine", level=20, color="red", base=600)  # the engine thinks 5 s a move
        self.assertEqual(e.call("move", game=g["game"], move="h2e2")["ply"], 1)
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"])
        # A loop blocked by the engine would have answered these moves only
        # after its 5 s move: the engine is still thinking, so it was not
        # (no wall-clock bound, which a busy machine may break).
        st = e.call("state", game=g["game"])
        self.assertEqual((st["ply"], st["turn"]), (1, "black"))

    def test_engine_game(self):
        a = self.user("alice")
        g = a.call("engine", level=0, color="red", base=60)
        self.assertEqual(g["type"], "game", g)
        gid = g["game"]
        self.assertEqual(a.call("move", game=gid, move="h2e2")["ply"], 1)
        m = a.expect("move", game=gid, ply=2, timeout=10)
        self.assertEqual(m["color"], "black")
        self.assertEqual(a.call("move", game=gid, move=g["legal"][0] if False else "h0g2")["ply"], 3)
        a.expect("move", game=gid, ply=4, timeout=10)
        # the engine agrees to a take-back (Red's last move and its reply)
        self.assertEqual(a.call("takeback", game=gid)["type"], "ok")
        self.assertEqual(a.expect("game", game=gid)["ply"], 2)


def glicko2(r, rd, vol, opponents, tau=0.75):
    """Glicko-2 of one rating period (Glickman, "Example of the Glicko-2 system",
    2013), written from the paper apart from server/rating.c: (r, rd, vol) after
    games against *opponents*, a list of (rating, deviation, score)."""
    import math
    scale = 173.7178
    mu, phi = (r - 1500) / scale, rd / scale
    g = lambda p: 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)  # noqa: E731
    terms = []
    for r_j, rd_j, s_j in opponents:
        mu_j, phi_j = (r_j - 1500) / scale, rd_j / scale
        e = 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))
        terms.append((g(phi_j), e, s_j))
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e, _ in terms)
    delta = v * sum(gj * (s - e) for gj, e, s in terms)
    a = math.log(vol * vol)

    def f(x):
        return (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x))
                / (2 * (phi ** 2 + v + math.exp(x)) ** 2) - (x - a) / tau ** 2)
    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 0.000001:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    vol2 = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + vol2 ** 2)
    phi2 = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * sum(gj * (s - e) for gj, e, s in terms)
    return mu2 * scale + 1500, phi2 * scale, vol2


class Ratings(Base):
    """Glicko-2 (docs/protocol.md, "Ratings"): the reference implementation of this
    file agrees with Glickman's worked example and with the server, game by game;
    the `user` reply carries the record, the history and a page of the archive."""

    def test_reference_matches_glickmans_example(self):
        r, rd, vol = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)],
                             tau=0.5)
        self.assertAlmostEqual(r, 1464.06, delta=0.02)
        self.assertAlmostEqual(rd, 151.52, delta=0.01)
        self.assertAlmostEqual(vol, 0.05999, delta=0.00001)

    def test_three_rated_games(self):
        a, b = self.user("alice"), self.user("bob")
        self.assertEqual((a.call("user", name="alice")["deviation"], a.call("user", name="alice")[
            "provisional"]), (350, True))
        mine = {"alice": (1500.0, 350.0, 0.06), "bob": (1500.0, 350.0, 0.06)}
        ends = []
        # alice wins as Red, bob wins as Red, then a draw by agreement
        for red, black, how in ((a, b, "mate"), (b, a, "resign"), (a, b, "draw")):
            gid = self.game(red, black, base=300, inc=2, rated=True)
            if how == "mate":
                self.play(gid, red, black, MATE)
                score_red = 1
            else:
                self.play(gid, red, black, ["h2e2", "h9g7"])
                if how == "resign":
                    self.assertEqual(black.call("resign", game=gid)["type"], "ok")
                    score_red = 1
                else:
                    self.assertEqual(red.call("draw", game=gid)["type"], "ok")
                    black.expect("offer", game=gid, kind="draw")
                    self.assertEqual(black.call("draw", game=gid)["type"], "ok")
                    score_red = 0.5
            e = red.expect("end", game=gid)
            self.assertTrue(e["rated"], e)
            rn, bn = e["red"], e["black"]
            rr, br = mine[rn], mine[bn]
            mine[rn] = glicko2(*rr, [(br[0], br[1], score_red)])
            mine[bn] = glicko2(*br, [(rr[0], rr[1], 1 - score_red)])
            for side, who in (("red", rn), ("black", bn)):
                self.assertAlmostEqual(e["ratings"][side], mine[who][0], delta=0.001, msg=e)
                self.assertAlmostEqual(e["deviations"][side], mine[who][1], delta=0.001, msg=e)
            ends.append(gid)
        u = self.client().call("user", name="alice")
        self.assertEqual((u["wins"], u["draws"], u["losses"], u["games"]), (1, 1, 1, 3))
        self.assertAlmostEqual(u["rating"], mine["alice"][0], delta=0.001)
        self.assertAlmostEqual(u["deviation"], mine["alice"][1], delta=0.001)
        self.assertEqual(u["provisional"], u["deviation"] > 110)
        self.assertEqual([p["game"] for p in u["history"]], ends)
        self.assertAlmostEqual(u["history"][-1]["rating"], mine["alice"][0], delta=0.001)
        self.assertAlmostEqual(u["history"][-1]["deviation"], mine["alice"][1], delta=0.001)
        # the archive page by page, newest first
        p1 = self.client().call("user", name="alice", limit=2)
        self.assertEqual((p1["recent"], p1["more"]), (ends[::-1][:2], True))
        p2 = self.client().call("user", name="alice", limit=2, before=p1["recent"][-1])
        self.assertEqual((p2["recent"], p2["more"]), ([ends[0]], False))
        for bad in ({"limit": 0}, {"limit": 51}, {"before": "x"}, {"before": -3}):
            r = self.client().call("user", name="alice", **bad)
            self.assertEqual((r["type"], r["code"]), ("error", "bad_field"), bad)

    def test_deviation_grows_with_time_away(self):
        """Glicko-2's step 6 once per rating period without a game (lichess's
        0.21436 periods a day): shown by `user` and `session`, and used when
        the next rated game is rated."""
        import math

        def away(rd, vol, days):
            phi = rd / 173.7178
            return min(350.0, 173.7178 * math.sqrt(phi * phi + days * 0.21436 * vol * vol))

        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=300, rated=True)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(b.call("resign", game=gid)["type"], "ok")
        a.expect("end", game=gid)
        mine = {"alice": glicko2(1500.0, 350.0, 0.06, [(1500.0, 350.0, 1)]),
                "bob": glicko2(1500.0, 350.0, 0.06, [(1500.0, 350.0, 0)])}
        u = self.client().call("user", name="alice")
        self.assertAlmostEqual(u["deviation"], mine["alice"][1], delta=0.01)  # just played
        # 1000 days pass (the game's end moved back in the database)
        self.srv.stop()
        if self.pgdb:
            self.pgdb.query("UPDATE games SET ended = ended - 1000 * 86400 WHERE id = :gid", gid=gid)
        else:
            con = sqlite3.connect(self.db)
            con.execute("UPDATE games SET ended = ended - 1000 * 86400 WHERE id = ?", (gid,))
            con.commit()
            con.close()
        self.srv.start()
        grown = {n: away(mine[n][1], mine[n][2], 1000) for n in mine}
        self.assertGreater(grown["alice"], mine["alice"][1] + 20)
        u = self.client().call("user", name="alice")
        self.assertAlmostEqual(u["deviation"], grown["alice"], delta=0.01)
        self.assertAlmostEqual(u["rating"], mine["alice"][0], delta=0.001)  # the rating stays
        a2, b2 = self.client(), self.client()
        s = a2.call("resume", token=a.token)
        self.assertAlmostEqual(s["deviation"], grown["alice"], delta=0.01)
        b2.call("resume", token=b.token)
        gid = self.game(b2, a2, base=300, rated=True)  # bob Red, wins
        self.play(gid, b2, a2, ["h2e2", "h9g7"])
        self.assertEqual(a2.call("resign", game=gid)["type"], "ok")
        e = b2.expect("end", game=gid)
        rb, ra = mine["bob"], mine["alice"]
        want = {"red": glicko2(rb[0], grown["bob"], rb[2], [(ra[0], grown["alice"], 1)]),
                "black": glicko2(ra[0], grown["alice"], ra[2], [(rb[0], grown["bob"], 0)])}
        for side in ("red", "black"):
            self.assertAlmostEqual(e["ratings"][side], want[side][0], delta=0.01, msg=e)
            self.assertAlmostEqual(e["deviations"][side], want[side][1], delta=0.01, msg=e)


class Rematch(Base):
    """`rematch` (colours swapped, same terms, both must want it) and `pair`
    (quick pairing: join a seek of the same terms or open one)."""

    def finished(self, a, b, **terms):
        gid = self.game(a, b, **terms)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(b.call("resign", game=gid)["type"], "ok")
        a.expect("end", game=gid)
        return gid

    def test_rematch_both_accept(self):
        a, b, w = self.user("alice"), self.user("bob"), self.user("carol")
        gid = self.finished(a, b, base=180, inc=2, rules="cxa", rated=True)
        ch = a.call("rematch", game=gid)
        self.assertEqual((ch["type"], ch["rematch"], ch["to"], ch["color"]),
                         ("challenge", gid, "bob", "black"), ch)
        self.assertEqual((ch["base"], ch["inc"], ch["rules"], ch["rated"]), (180, 2, "cxa", True))
        ev = b.expect("challenge", offer=ch["offer"])
        self.assertEqual(ev["rematch"], gid)
        self.assertEqual(a.call("rematch", game=gid)["code"], "already_offered")
        self.assertEqual(w.call("rematch", game=gid)["code"], "not_your_game")
        g = b.call("rematch", game=gid)  # bob wants it too: it starts, colours swapped
        self.assertEqual((g["type"], g["you"]), ("game", "red"), g)
        self.assertEqual((g["red"]["name"], g["black"]["name"]), ("bob", "alice"))
        self.assertEqual((g["base"], g["inc"], g["rules"], g["rated"]), (180, 2, "cxa", True))
        a.expect("game", game=g["game"])
        a.expect("offer_gone", offer=ch["offer"])

    def test_rematch_refusals(self):
        a, b = self.user("alice"), self.user("bob")
        live = self.game(a, b)
        self.assertEqual(a.call("rematch", game=live)["code"], "game_not_over")
        self.assertEqual(a.call("resign", game=live)["type"], "ok")
        b.expect("end", game=live)
        for bad, code in (({"game": "x"}, "bad_field"), ({"game": 999}, "no_such_game"),
                          ({"game": 0}, "no_such_game"), ({}, "bad_field")):
            self.assertEqual(a.call("rematch", **bad)["code"], code, bad)
        e = a.call("engine", level=0, color="red")
        self.assertEqual(a.call("resign", game=e["game"])["type"], "ok")
        a.expect("end", game=e["game"])
        self.assertEqual(a.call("rematch", game=e["game"])["code"], "not_allowed")
        b.close()  # the opponent leaves: nobody to ask
        time.sleep(0.2)
        self.assertEqual(a.call("rematch", game=live)["code"], "no_such_user")
        # bob declines a rematch: it is gone for both
        c = self.user("carol")
        g2 = self.finished(a, c)
        ch = c.call("rematch", game=g2)
        a.expect("challenge", offer=ch["offer"])
        self.assertEqual(a.call("decline", offer=ch["offer"])["type"], "ok")
        c.expect("offer_gone", offer=ch["offer"], reason="declined")

    def test_quick_pairing(self):
        a, b, c = self.user("alice"), self.user("bob"), self.user("carol")
        s = a.call("pair", base=300, inc=3)
        self.assertEqual((s["type"], s["kind"], s["base"], s["inc"], s["color"]),
                         ("seek", "seek", 300, 3, "random"), s)
        # the same pairing again: the same seek, not a second one
        self.assertEqual(a.call("pair", base=300, inc=3)["offer"], s["offer"])
        # other terms open another seek
        s2 = c.call("pair", base=600, inc=5)
        self.assertEqual(s2["type"], "seek")
        # bob pairs on alice's terms: the game starts with alice
        g = b.call("pair", base=300, inc=3)
        self.assertEqual(g["type"], "game", g)
        self.assertEqual({g["red"]["name"], g["black"]["name"]}, {"alice", "bob"})
        self.assertEqual((g["base"], g["inc"], g["rated"]), (300, 3, False))
        a.expect("game", game=g["game"])
        # a colour asked for is honoured against a random seek
        d = self.user("dave")
        g2 = d.call("pair", base=600, inc=5, color="black")
        self.assertEqual((g2["type"], g2["you"]), ("game", "black"), g2)
        # a player busy with a game against a person cannot pair
        self.assertEqual(a.call("pair", base=60, inc=0)["code"], "already_playing")
        self.assertEqual(d.call("pair", base=0)["code"], "bad_field")
        # the line protocol's words
        line = self.client()
        self.assertEqual(line.call("register", name="erin", password="secret-erin")["type"],
                         "session")
        line.raw("pair 120 1 axf false random\n")
        w = line.expect("seek")
        self.assertEqual((w["from"], w["base"], w["inc"], w["rules"], w["rated"]),
                         ("erin", 120, 1, "axf", False))
        line.raw("rematch 999\n")
        self.assertEqual(line.expect("error")["code"], "no_such_game")


class Premoves(Base):
    """A premove is held by the server and played the moment the opponent's move
    makes it legal, with no time off the premover's clock; an illegal one is
    dropped; one per player; the opponent never hears of it."""

    def test_premove_played_with_no_clock_loss(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=300, inc=0)
        m1 = a.call("move", game=gid, move="h2e2")
        p = a.call("premove", game=gid, move="h0g2")
        self.assertEqual((p["type"], p["move"]), ("premove", "h0g2"), p)
        self.assertEqual(a.call("state", game=gid)["premove"], "h0g2")
        self.assertIsNone(b.call("state", game=gid)["premove"])  # not bob's to know
        time.sleep(0.3)  # time passes on bob's clock, not alice's
        b.call("move", game=gid, move="h9g7")
        m3 = b.expect("move", game=gid, ply=3)
        self.assertEqual((m3["move"], m3["color"]), ("h0g2", "red"))
        self.assertEqual(m3["clock"]["red"], m1["clock"]["red"])  # not a millisecond lost
        self.assertLess(m3["clock"]["black"], 300000 - 250)
        a.expect("move", game=gid, ply=3)
        self.assertFalse([m for m in b.seen if m.get("type") == "premove"])
        self.assertIsNone(a.call("state", game=gid)["premove"])

    def test_premove_dropped_cancelled_and_refused(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=300, inc=0)
        a.call("move", game=gid, move="h2e2")
        # refused: not an ICCS move, not premovable, bad fields, someone else's game
        # (a premove must move a piece of the player's, not onto another of them;
        # a0a5 may be illegal later, but that is known only after black's move)
        for mv, code in (("C2.5", "bad_move"), ("zz", "bad_move"), ("a0a3", "illegal_move"),
                         ("e5e6", "illegal_move"), ("h9h8", "illegal_move"), (5, "bad_field")):
            self.assertEqual(a.call("premove", game=gid, move=mv)["code"], code, mv)
        self.assertEqual(b.call("premove", game=gid, move="h9g7")["code"], "not_allowed")
        w = self.user("carol")
        self.assertEqual(w.call("premove", game=gid, move="h0g2")["code"], "not_your_game")
        # a premove replaced, then cancelled
        self.assertEqual(a.call("premove", game=gid, move="h0g2")["move"], "h0g2")
        self.assertEqual(a.call("premove", game=gid, move="b0c2")["move"], "b0c2")
        self.assertIsNone(a.call("premove", game=gid)["move"])
        b.call("move", game=gid, move="h9g7")
        self.assertEqual(a.expect("move", game=gid, ply=2)["turn"], "red")  # nothing played
        # dropped: red premoves its horse b0c2, black's cannon takes the horse
        a.call("move", game=gid, move="i0i1")
        b.expect("move", game=gid, ply=3)
        self.assertEqual(a.call("premove", game=gid, move="b0c2")["move"], "b0c2")
        b.call("move", game=gid, move="b7b0")
        ev = a.expect("premove", game=gid)
        self.assertEqual((ev["move"], ev["dropped"]), (None, "illegal"), ev)
        st = a.call("state", game=gid)
        self.assertEqual((st["ply"], st["turn"], st["premove"]), (4, "red", None))
        # a take-back clears a premove made for the position it undoes
        self.assertEqual(a.call("move", game=gid, move="a0a1")["type"], "move")
        self.assertEqual(a.call("premove", game=gid, move="a1a2")["move"], "a1a2")
        self.assertEqual(a.call("takeback", game=gid)["type"], "ok")
        b.expect("offer", game=gid, kind="takeback")
        self.assertEqual(b.call("takeback", game=gid)["type"], "ok")
        st = a.call("state", game=gid)
        self.assertEqual((st["ply"], st["premove"]), (4, None))

class Review(Base):
    """`analyse`: the engine over every move of a finished game, on the review
    threads; the blunder that allows the mate is marked; the review is stored
    and answered at once the second time; `pgn` annotated with it."""

    def test_review_marks_the_blunder(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.assertEqual(a.call("analyse", game=gid)["code"], "game_not_over")
        self.play(gid, a, b, MATE)
        a.expect("end", game=gid)
        w = self.user("carol")  # anyone with an account may ask
        p = w.call("analyse", game=gid)
        self.assertEqual((p["type"], p["done"], p["total"]), ("analysis_progress", 0, len(MATE) + 1))
        r = w.expect("analysis", game=gid, timeout=120)
        self.assertEqual(len(r["values"]), len(MATE) + 1)
        self.assertEqual([m["move"] for m in r["moves"]], MATE)
        classes = [m["class"] for m in r["moves"]]
        self.assertEqual(classes[-1], "best")  # the mate itself
        self.assertEqual(classes[-2], "blunder", r["moves"])  # h7h8 lets Red mate at once
        self.assertGreaterEqual(r["moves"][-2]["loss"], 300)
        self.assertTrue(r["moves"][-2]["line"])  # the better line
        self.assertGreater(r["values"][-1], 29000)  # Red has mated
        # the library's symbols, NAGs and texts of the values (xiangqi/review.h)
        self.assertEqual((r["moves"][-2]["symbol"], r["moves"][-2]["nag"]), ("??", 4))
        self.assertEqual(len(r["texts"]), len(r["values"]))
        self.assertEqual(r["texts"][0][0], "+" if r["values"][0] >= 0 else "-")
        self.assertEqual(r["texts"][-1], "#0")  # Red has mated: mate given
        marks = {"inaccuracy": ("?!", 6), "mistake": ("?", 2), "blunder": ("??", 4)}
        for m in r["moves"]:
            self.assertIn(m["class"], ("best", "good", "inaccuracy", "mistake", "blunder"))
            self.assertEqual((m["symbol"], m["nag"]), marks.get(m["class"], ("", 0)), m)
            if m["class"] != "best":
                self.assertTrue(m.get("line"), m)
        again = a.call("analyse", game=gid)  # stored: at once, the same
        self.assertEqual((again["type"], again["values"], again["moves"]),
                         ("analysis", r["values"], r["moves"]))
        pgn = a.call("pgn", game=gid, annotated=True)["pgn"]
        self.assertIn("[Annotator \"libxiangqi", pgn)
        self.assertIn("$4", pgn)          # the blunder's ??
        self.assertIn("[%eval", pgn)
        self.assertIn("blunder; best", pgn)
        plain = a.call("pgn", game=gid)["pgn"]
        self.assertNotIn("[%eval", plain)
        for bad, code in (({"game": "x"}, "bad_field"), ({"game": 12345}, "no_such_game")):
            self.assertEqual(a.call("analyse", **bad)["code"], code, bad)
        self.assertEqual(a.call("pgn", game=gid, annotated="yes")["code"], "bad_field")
        g2 = self.game(a, b)
        self.assertEqual(a.call("resign", game=g2)["type"], "ok")
        self.assertEqual(a.call("pgn", game=g2, annotated=True)["code"], "no_review")

    def test_review_stored_before_the_texts(self):
        """A review stored before `texts`, `symbol` and `nag` were sent gets
        them from the library when it is answered (xiangqi/review.h)."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, MATE)
        a.expect("end", game=gid)
        self.assertEqual(a.call("analyse", game=gid)["type"], "analysis_progress")
        r = a.expect("analysis", game=gid, timeout=120)
        for k in self.clients:
            k.close()
        self.clients = []
        self.srv.stop()  # the server holds the file exclusively
        if self.pgdb:
            (text,) = self.pgdb.query("SELECT analysis FROM reviews WHERE game = :gid", gid=gid)[0]
        else:
            con = sqlite3.connect(self.db)
            (text,) = con.execute("SELECT analysis FROM reviews WHERE game = ?", (gid,)).fetchone()
        old = json.loads(text)
        del old["texts"]
        for m in old["moves"]:
            del m["symbol"], m["nag"]
        if self.pgdb:
            self.pgdb.query("UPDATE reviews SET analysis = :'text' WHERE game = :gid",
                            text=json.dumps(old), gid=gid)
        else:
            con.execute("UPDATE reviews SET analysis = ? WHERE game = ?", (json.dumps(old), gid))
            con.commit()
            con.close()
        self.srv = Server(BINARY, self.db, *self.args)
        self.srv.start()
        again = self.user("carol").call("analyse", game=gid)
        self.assertEqual((again["type"], again["texts"], again["moves"]),
                         ("analysis", r["texts"], r["moves"]))


class NoReviews(Base):
    args = ("--guests", "--grace", "2", "--review-threads", "0")

    def test_reviews_off(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.assertEqual(a.call("resign", game=gid)["type"], "ok")
        self.assertEqual(a.call("analyse", game=gid)["code"], "busy")


class BadInput(Base):
    def test_handshake(self):
        c = self.client(say_hello=False)
        self.assertEqual(c.call("login", name="x", password="y")["code"], "hello_required")
        c.send("hello", protocol=99)
        e = c.expect("error")
        self.assertEqual((e["code"], e["supported"]), ("protocol_version", 1))
        c.expect_closed = True
        with self.assertRaises(Closed):
            c.recv(5)

    def test_malformed(self):
        a = self.user("alice")
        b = self.user("bob")
        gid = self.game(a, b)
        cases = [
            (b"move {not json}\n", "bad_json"),
            (b"move {\"game\": \"\xff\xfe\"}\n", "bad_utf8"),
            (b"say lobby \xc3\x28 bad\n", "bad_utf8"),
            (b"frobnicate 1 2\n", "unknown_command"),
            (b"DROP TABLE users;\n", "unknown_command"),
            (b"move 1 2 3 4\n", "bad_message"),
            (b"move [1]\n", "bad_message"),
            (b"x" * 9000 + b"\n", "too_long"),
            (b"move " + str(gid).encode() + b" zz99\n", "bad_move"),
            (b"move " + str(gid).encode() + b" a0a5\n", "illegal_move"),  # the rook jumps its own pawn
            (b"move abc h2e2\n", "bad_field"),
            (b"move 999999 h2e2\n", "no_such_game"),
            (b"seek {\"base\": -5}\n", "bad_field"),
            (b"seek {\"rules\": \"chess\"}\n", "bad_field"),
            (b"resume 00\n", "already_logged_in"),  # one session per connection
        ]
        for data, code in cases:
            a.raw(data)
            e = a.expect("error")
            self.assertEqual(e["code"], code, data[:40])
        self.assertEqual(self.client().call("resume", token="00")["code"], "bad_token")
        # out of turn, someone else's game
        self.assertEqual(b.call("move", game=gid, move="h7e7")["code"], "not_your_turn")
        c = self.user("carol")
        self.assertEqual(c.call("move", game=gid, move="h2e2")["code"], "not_your_game")
        self.assertEqual(c.call("resign", game=gid)["code"], "not_your_game")
        # nothing changed
        st = a.call("state", game=gid)
        self.assertEqual((st["ply"], st["turn"]), (0, "red"))
        self.assertEqual(a.call("ping")["type"], "pong")

    def test_unknown_command_keeps_its_id(self):
        """unknown_command answers with the request's id, on both transports."""
        c = self.client()
        r = c.call("frobnicate", x=1)
        self.assertEqual((r["type"], r["code"]), ("error", "unknown_command"))
        c.raw(b'frobnicate {"id": "abc"}\n')
        self.assertEqual(c.expect("error", code="unknown_command").get("id"), "abc")
        c.raw(b"frobnicate 1 2\n")  # words: no id to keep
        self.assertNotIn("id", c.expect("error", code="unknown_command"))
        w = self.client(ws=True)
        r = w.call("frobnicate")
        self.assertEqual((r["type"], r["code"]), ("error", "unknown_command"))

    def test_websocket_bad_input(self):
        c = self.client(ws=True)
        c.text(b"{\"type\": \"ping\", \"x\": \"\xff\"}")
        self.assertEqual(c.expect("error")["code"], "bad_utf8")
        c.text("[1,2]")
        self.assertEqual(c.expect("error")["code"], "bad_message")
        c.text("{\"type\": \"ping\", \"id\": 1, \"id\": 2}")
        self.assertEqual(c.expect("error")["code"], "bad_json")
        c.text("x" * 9000)
        self.assertEqual(c.expect("error")["code"], "too_long")
        self.assertEqual(c.call("guest")["type"], "session")
        self.assertEqual(c.call("ping")["type"], "pong")

    def test_input_waits_for_authentication(self):
        """Lines after register/login wait until it is done (the hash runs on a worker):
        replies keep the order of the requests."""
        c = self.client(say_hello=False)
        c.raw(b"hello 1\nregister wen secret-wen\nseek 300 0\nping\n")
        types = [c.recv()["type"] for _ in range(4)]
        self.assertEqual(types, ["welcome", "session", "seek", "pong"], c.seen)
        # the same on WebSocket, with login
        w = self.client(ws=True, say_hello=False)
        for m in ('{"type":"hello","protocol":1}',
                  '{"type":"login","name":"wen","password":"secret-wen","id":1}',
                  '{"type":"lobby","id":2}', '{"type":"ping","id":3}'):
            w.text(m)
        got = [w.recv() for _ in range(4)]
        self.assertEqual([(m["type"], m.get("id")) for m in got],
                         [("welcome", None), ("session", 1), ("lobby", 2), ("pong", 3)], got)
        # a wrong password, then more lines: they wait for the answer too
        x = self.client(say_hello=False)
        x.raw(b"hello 1\nlogin wen wrong-password\nseek\nping\n")
        got = [x.recv() for _ in range(4)]
        self.assertEqual([m.get("code", m["type"]) for m in got],
                         ["welcome", "bad_credentials", "login_required", "pong"], got)

    def test_one_session_per_connection(self):
        """register then guest: the second is refused, not a second session."""
        c = self.client(say_hello=False)
        c.raw(b"hello 1\nregister ada secret-ada\nguest\nping\n")
        got = [c.recv() for _ in range(4)]
        self.assertEqual([m.get("code", m["type"]) for m in got],
                         ["welcome", "session", "already_logged_in", "pong"], got)
        self.assertEqual(c.call("login", name="ada", password="secret-ada")["code"],
                         "already_logged_in")
        self.assertEqual(c.call("logout")["type"], "ok")
        r = c.call("guest")
        self.assertEqual(r["type"], "session")
        self.assertTrue(r["name"].startswith("guest-"))

    def test_user_without_a_name(self):
        c = self.client()
        self.assertEqual(c.call("user")["code"], "bad_field")
        self.assertEqual(c.call("user", name=5)["code"], "bad_field")
        c.line("user")
        self.assertEqual(c.expect("error")["code"], "bad_field")
        self.assertEqual(c.call("user", name="nobody")["code"], "no_such_user")

    def test_names_passwords_and_login_rate(self):
        c = self.client()
        for name in ("a'; DROP TABLE users;--", "<script>", "x", "Robert'); --", "guest-1",
                     "al ice"):
            r = c.call("register", name=name, password="secret99")
            self.assertEqual(r["code"], "bad_name", name)
        self.assertEqual(c.call("register", name="alice", password="123")["code"], "bad_password")
        self.assertEqual(c.call("register", name="alice", password="secret-alice")["type"],
                         "session")
        d = self.client()
        self.assertEqual(d.call("register", name="ALICE", password="secret-alice")["code"],
                         "name_taken")
        codes = [d.call("login", name="alice", password="wrong%d" % i)["code"] for i in range(7)]
        self.assertEqual(codes[:5], ["bad_credentials"] * 5)
        self.assertEqual(codes[5:], ["rate_limited"] * 2)
        # the right password is refused too while the limit holds
        self.assertEqual(d.call("login", name="alice", password="secret-alice")["code"],
                         "rate_limited")
        self.assertEqual(c.call("user", name="alice")["name"], "alice")


class Hostile(Base):
    """Clients that flood, stall or go silent: the server answers everyone else."""

    def test_message_flood_is_limited_then_closed(self):
        c = self.client()
        other = self.client()
        c.raw(b"ping\n" * 400)  # burst 200, then 50/s; 100 refusals close the connection
        pongs = limited = 0
        with self.assertRaises(Closed):
            while True:
                m = c.recv(5)
                if m["type"] == "pong":
                    pongs += 1
                elif m.get("code") == "rate_limited":
                    limited += 1
                    self.assertGreater(m["retry_after"], 0)
        self.assertGreaterEqual(pongs, 199)  # hello took one of the 200
        self.assertLess(pongs, 300)
        self.assertGreater(limited, 90)
        self.assertEqual(other.call("ping")["type"], "pong")

    def test_silent_partial_and_unread_clients_do_not_stall_a_game(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        # half a line, half a WebSocket frame header, and one that never reads
        half = self.client(say_hello=False)
        half.raw(b'move {"game": 1, "mo')
        ws = self.client(ws=True, say_hello=False)
        ws.sock.sendall(b"\x81")
        deaf = socket.create_connection(("127.0.0.1", self.srv.port))
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        deaf.sendall(b'hello {"protocol": 1}\n' + b"state %d\n" % gid * 150)
        t0 = time.time()
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2", "i9h9"])
        # a stalled game waits for the deaf client for ever; a busy machine
        # takes a second or two at most
        self.assertLess(time.time() - t0, 20.0)
        deaf.close()
        half.line("}")  # the line ends: not JSON, and nothing was done with it
        self.assertEqual(half.expect("error")["code"], "bad_json")

    def test_names_with_metacharacters_find_nobody(self):
        c = self.client()
        r = c.call("register", name="o_brien-2", password="secret99")
        self.assertEqual(r["type"], "session")
        for bad in ("o'brien", "<b>x</b>", "a\"b", "x;--", "' OR '1'='1", "\u00e9t\u00e9"):
            self.assertEqual(c.call("user", name=bad)["code"], "no_such_user", bad)
        c.raw(b'user {"name": "a\\u0000b"}\n')  # JSON may not carry a NUL
        self.assertEqual(c.expect("error")["code"], "bad_json")
        self.assertEqual(c.call("user", name="o_brien-2")["name"], "o_brien-2")

    def test_hello_timeout_closes_only_the_silent(self):
        silent = self.client(say_hello=False)
        quiet = self.client()  # said hello, then nothing for longer than the hello timeout
        t0 = time.time()
        with self.assertRaises(Closed):
            silent.recv(15)
        self.assertGreater(time.time() - t0, 8)
        time.sleep(max(0.0, 11 - (time.time() - t0)))
        self.assertEqual(quiet.call("ping")["type"], "pong")

    def test_wrong_tokens_are_rate_limited(self):
        c = self.client()
        codes = [c.call("resume", token="%064x" % i)["code"] for i in range(7)]
        self.assertEqual(codes[:5], ["bad_token"] * 5)
        self.assertEqual(codes[5:], ["rate_limited"] * 2)
        self.assertEqual(c.call("ping")["type"], "pong")

    def test_wrong_tokens_are_limited_per_address(self):
        """Wrong tokens from one address never refuse a valid token from another."""
        a = self.user("alice")
        bad = self.client(source="127.0.0.2")
        codes = [bad.call("resume", token="%064x" % i)["code"] for i in range(5)]
        self.assertEqual(codes, ["bad_token"] * 5)
        good = self.client(source="127.0.0.3")
        r = good.call("resume", token=a.token)
        self.assertEqual((r["type"], r.get("name")), ("session", "alice"), r)
        e = bad.call("resume", token="%064x" % 99)
        self.assertEqual(e["code"], "rate_limited")
        self.assertGreater(e["retry_after"], 0)

    def test_wrong_passwords_do_not_lock_a_name_for_others(self):
        """Wrong passwords for a name from one address: another address still logs
        in with the right one; passwords and tokens are counted apart."""
        a = self.user("alice")
        bad = self.client(source="127.0.0.2")
        codes = [bad.call("login", name="alice", password="wrong%d" % i)["code"]
                 for i in range(7)]
        self.assertEqual(codes, ["bad_credentials"] * 5 + ["rate_limited"] * 2)
        other = self.client(source="127.0.0.3")
        r = other.call("login", name="alice", password="secret-alice")
        self.assertEqual((r["type"], r.get("name")), ("session", "alice"), r)
        # the address that failed at passwords still resumes with a token
        r = bad.call("resume", token=a.token)
        self.assertEqual((r["type"], r.get("name")), ("session", "alice"), r)
        # and wrong tokens do not refuse a right password
        t = self.client(source="127.0.0.4")
        codes = [t.call("resume", token="%064x" % i)["code"] for i in range(6)]
        self.assertEqual(codes, ["bad_token"] * 5 + ["rate_limited"])
        r = t.call("login", name="alice", password="secret-alice")
        self.assertEqual((r["type"], r.get("name")), ("session", "alice"), r)


class Limits(Base):
    args = ("--guests", "--max-per-address", "3")

    def test_connections_per_address(self):
        first = [self.client() for _ in range(3)]
        extra = self.client(say_hello=False)
        extra.send("hello", protocol=1)  # a connection counts from its first bytes
        with self.assertRaises(Closed):  # refused at once, unanswered
            extra.recv(5)
        first[0].close()
        time.sleep(0.3)
        again = self.client()  # a place is free again
        self.assertEqual(again.call("ping")["type"], "pong")
        self.assertEqual(first[1].call("ping")["type"], "pong")


class Http(Base):
    """The same port serves --www over HTTP, and nothing outside it."""
    args = ("--www", "{dir}/www")

    APP_JS = "import { board } from './board.js';\n" + "// the page's module\n" * 2000

    def prepare(self):
        os.makedirs(os.path.join(self.dir, "www", "js"))
        with open(os.path.join(self.dir, "www", "index.html"), "w") as f:
            f.write('<!doctype html><title>xq</title><link rel="stylesheet" href="style.css">'
                    '<script type="module" src="js/app.js"></script>board here\n')
        for name, text in (("style.css", "body { color: red }\n" * 500), ("js/app.js", self.APP_JS),
                           ("js/board.js", "export const board = 1;\n")):
            with open(os.path.join(self.dir, "www", name), "w") as f:
                f.write(text)
        with open(os.path.join(self.dir, "secret.txt"), "w") as f:
            f.write("not for the web\n")

    def get(self, path, port=None, headers=None):
        code, _, body = self.request(path, port, headers)
        return code, body

    def request(self, path, port=None, headers=None):
        """(status, {header: value} in lower case, body) of a GET."""
        return http_request(port or self.srv.port, path, headers)

    def test_hashed_names_immutable_index_revalidated_gzip(self):
        """index.html names the page's files by their content hashes and maps the
        modules to theirs (an import map); those names are cached for good, the
        index is revalidated (ETag, 304), and text goes gzip-compressed to a
        client that accepts it (issue 45)."""
        code, h, index = self.request("/")
        self.assertEqual(code, 200)
        self.assertEqual(h["cache-control"], "no-cache")
        self.assertEqual(self.request("/", headers={"If-None-Match": h["etag"]})[0], 304)
        css = re.search(rb'href="(/style\.[0-9a-f]{16}\.css)"', index)
        app = re.search(rb'src="(/js/app\.[0-9a-f]{16}\.js)"', index)
        board = re.search(rb'"/js/board\.js":"(/js/board\.[0-9a-f]{16}\.js)"', index)
        self.assertTrue(css and app and board, index)
        self.assertLess(index.index(b'type="importmap"'), index.index(b'type="module"'))
        for m in (css, app, board):
            code, h, _ = self.request(m.group(1).decode())
            self.assertEqual(code, 200, m.group(1))
            self.assertEqual(h["cache-control"], "public, max-age=31536000, immutable")
        code, h, body = self.request(app.group(1).decode(), headers={"Accept-Encoding": "gzip, br"})
        self.assertEqual(h["content-encoding"], "gzip")
        self.assertLess(len(body), len(self.APP_JS) // 10)
        self.assertEqual(zlib.decompress(body, 16 + zlib.MAX_WBITS).decode(), self.APP_JS)
        # the plain name: revalidated; a hash that is not the file's: not found
        code, h, body = self.request("/js/app.js")
        self.assertEqual((code, h["cache-control"], body.decode()), (200, "no-cache", self.APP_JS))
        self.assertNotIn("content-encoding", h)
        self.assertEqual(self.request("/js/app.js", headers={"If-None-Match": h["etag"]})[0], 304)
        self.assertEqual(self.get("/js/app.0123456789abcdef.js")[0], 404)

    def test_files_and_no_escape(self):
        code, body = self.get("/")
        self.assertEqual(code, 200)
        self.assertIn(b"board here", body)
        for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/nothing.html"):
            code, body = self.get(path)
            self.assertGreaterEqual(code, 400, path)
            self.assertNotIn(b"not for the web", body, path)
        # the port still speaks both protocols
        self.assertEqual(self.client().call("ping")["type"], "pong")
        self.assertEqual(self.client(ws=True).call("ping")["type"], "pong")

    def test_page_without_www(self):
        """Without --www, a server run from the build tree serves the page of the
        source tree, and says where it comes from; a --www that is no directory is
        warned about at start-up."""
        srv = Server(BINARY, os.path.join(self.dir, "other.db")).start()
        try:
            code, body = self.get("/", port=srv.port)
            self.assertEqual(code, 200)
            self.assertIn(b"<title>Xiangqi", body)
            self.assertIn("browser page", srv.banner)
        finally:
            srv.stop()
        srv = Server(BINARY, os.path.join(self.dir, "third.db"), "--www",
                     os.path.join(self.dir, "missing")).start()
        try:
            code, _ = self.get("/", port=srv.port)
            self.assertEqual(code, 404)
        finally:
            srv.stop()
        self.assertIn("the browser page is not served", srv.stderr_text)
        self.assertIn("--www", srv.stderr_text)


class Metrics(Base):
    """GET /metrics (Prometheus' text format) counts what happened, and GET
    /healthz says whether the store answers."""
    args = ("--guests",)

    def test_counts_follow_a_game(self):
        port = self.srv.port
        before = metrics(port)
        self.assertEqual(before["xq_moves_total"], 0)
        self.assertEqual(before["xq_games_live"], 0)
        self.assertEqual(before['xq_up{part="store"}'], 1)
        self.assertGreater(before["process_resident_memory_bytes"], 0)
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2"])
        self.assertEqual(b.call("move", game=gid, move="a9a3")["code"], "illegal_move")
        a.line("move [1]")
        self.assertEqual(a.recv()["code"], "bad_message")
        m = metrics(port)
        self.assertEqual(m["xq_moves_total"], 3)  # the illegal one is not counted
        self.assertEqual(m["xq_games_started_total"], 1)
        self.assertEqual(m["xq_games_live"], 1)
        self.assertEqual(m["xq_connections"], 2)
        self.assertGreaterEqual(m["xq_connections_total"], 2)
        self.assertEqual(m["xq_messages_malformed_total"], 1)
        self.assertGreater(m["xq_messages_total"], before["xq_messages_total"])
        self.assertEqual(m["xq_moves_refused_store_total"], 0)
        self.assertEqual(b.call("resign", game=gid)["type"], "ok")
        a.close()
        end = time.time() + 10
        while metrics(port)["xq_connections"] != 1 and time.time() < end:
            time.sleep(0.05)
        m = metrics(port)
        self.assertEqual((m["xq_games_finished_total"], m["xq_games_live"]), (1, 0))
        self.assertEqual(m["xq_connections"], 1)
        self.assertGreater(m["xq_http_requests_total"], before["xq_http_requests_total"])

    def test_health_and_methods(self):
        code, fields, body = http_request(self.srv.port, "/healthz")
        self.assertEqual((code, body), (200, b"ok\n"))
        self.assertEqual(fields["cache-control"], "no-store")
        code, fields, body = http_request(self.srv.port, "/metrics", method="HEAD")
        self.assertEqual((code, body), (200, b""))
        self.assertGreater(int(fields["content-length"]), 100)
        for path in ("/metrics", "/healthz"):
            self.assertEqual(http_request(self.srv.port, path, method="POST")[0], 405)
        # served on the same port as the page, without --www too, and kept alive
        s = socket.create_connection(("127.0.0.1", self.srv.port), timeout=10)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = read_to_end(s)
        self.assertEqual(data.count(b"HTTP/1.1 200"), 2, data[:300])
        self.assertIn(b"xq_moves_total 0", data)


class Proxy(Base):
    """Behind a trusted proxy (--trust-proxy) each WebSocket client counts as
    the address X-Forwarded-For ends with; from anyone else the header is
    ignored."""
    args = ("--guests", "--trust-proxy", "127.0.0.1,::1", "--max-per-address", "2")

    def via(self, xff, source=None):
        c = WsClient(self.srv.port, source=source, headers={"X-Forwarded-For": xff})
        self.clients.append(c)
        hello(c)
        return c

    def refused(self, xff, source=None):
        """Whether a connection with this header is closed before it can say hello."""
        try:
            c = self.via(xff, source)
        except (Closed, OSError, AssertionError):
            return True
        c.close()
        return False

    def test_limits_per_forwarded_address(self):
        a = [self.via("6.6.6.6, 198.51.100.7") for _ in range(2)]
        self.assertTrue(self.refused("198.51.100.7"))  # the third from that client
        b = self.via("198.51.100.8")  # another client through the same proxy
        self.assertEqual(b.call("guest")["type"], "session")
        self.assertEqual(a[0].call("ping")["type"], "pong")
        # not an address at the end: the proxy's own (127.0.0.1), which has room
        self.assertEqual(self.via("198.51.100.7, unknown").call("ping")["type"], "pong")

    def test_wrong_passwords_counted_per_forwarded_address(self):
        a = self.user("alice")
        bad = self.via("198.51.100.7")
        codes = [bad.call("login", name="alice", password="wrong%d" % i)["code"] for i in range(6)]
        self.assertEqual(codes, ["bad_credentials"] * 5 + ["rate_limited"])
        r = self.via("198.51.100.8").call("login", name="alice", password="secret-alice")
        self.assertEqual((r["type"], r.get("name")), ("session", "alice"), r)
        self.assertEqual(a.call("ping")["type"], "pong")

    def test_untrusted_peer_header_ignored(self):
        # from 127.0.0.2 (not trusted) the header counts for nothing: the
        # connections are 127.0.0.2's, two at most
        for _ in range(2):
            self.via("198.51.100.%d" % _, source="127.0.0.2")
        self.assertTrue(self.refused("198.51.100.9", source="127.0.0.2"))


class NoGuests(Base):
    args = ()

    def test_guests_disabled(self):
        c = self.client()
        self.assertEqual(c.call("guest")["code"], "guests_disabled")
        self.assertEqual(c.call("seek")["code"], "login_required")


class Faults(Base):
    args = ("--guests", "--grace", "4")  # room to reconnect on a loaded machine
    def test_client_drop_and_resume(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(a.call("move", game=gid, move="h0g2")["ply"], 3)  # Black's clock runs
        before = a.call("state", game=gid)["clock"]
        b.close()
        p = a.expect("presence", game=gid, color="black")
        self.assertFalse(p["present"])
        time.sleep(1.0)
        during = a.call("state", game=gid)["clock"]
        self.assertLessEqual(during["black"], before["black"] - 900)  # away, the clock runs on
        self.assertEqual(during["red"], before["red"])
        b2 = self.client(ws=True)
        r = b2.call("resume", token=b.token)
        self.assertEqual((r["type"], r["name"]), ("session", "bob"))
        st = b2.expect("game", game=gid)
        self.assertEqual((st["ply"], st["you"], st["turn"]), (3, "black", "black"))
        self.assertLessEqual(st["clock"]["black"], during["black"])
        a.expect("presence", game=gid, color="black", present=True)
        self.assertEqual(b2.call("move", game=gid, move="i9h9")["ply"], 4)
        a.expect("move", game=gid, ply=4)
        # the old connection's token is the same session: it still resumes
        self.assertEqual(self.client().call("resume", token=b.token)["name"], "bob")

    def test_abandonment(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        b.close()
        t0 = time.time()
        e = a.expect("end", game=gid, timeout=10)
        self.assertEqual((e["result"], e["reason"]), ("1-0", "abandonment"))
        self.assertGreater(time.time() - t0, 3.5)  # not before the grace period

    def test_finished_state_is_read_from_the_store(self):
        """A finished game's state is read from the store (schema 6: its final
        position, the moves' text, the checks, stored when it ended): the same as
        the live game's last state, after a restart, and from a database of schema
        5 whose finished games get theirs from their moves at start-up."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        self.play(gid, a, b, ["a0a2", "c9a7", "a2a1", "i9i7", "b2b9"])  # Red checks at ply 5
        live = b.call("state", game=gid)
        self.assertEqual(b.call("resign", game=gid)["type"], "ok")
        a.expect("end", game=gid)
        keys = ("fen", "turn", "moves", "wxf", "zh", "checks", "check", "ply", "opening", "start")
        done = b.call("state", game=gid)
        self.assertTrue(done["finished"])
        self.assertEqual({k: done[k] for k in keys}, {k: live[k] for k in keys})
        self.assertTrue(done["check"])
        self.assertEqual(done["checks"], [5])
        self.assertEqual(done["wxf"], ["R9+2", "E3+1", "R9-1", "R9+2", "C8+7"])
        def bare(state):  # but the request's id, and who asks
            return {k: v for k, v in state.items() if k not in ("id", "you")}
        self.srv.stop()
        self.srv.start()
        self.assertEqual(bare(self.client().call("state", game=gid)), bare(done))
        # a database of schema 5: the columns go, and come back filled at start-up
        self.srv.stop()
        drop = ["final_fen", "final_check", "final_wxf", "final_zh", "final_checks"]
        if self.pgdb:  # and schema 7's owners and 8's tables (SQLite adds what is missing)
            self.pgdb.query("ALTER TABLE games " + ", ".join(
                "DROP COLUMN " + c for c in drop + ["owner", "lease_until"])
                            + "; DROP TABLE offers, presence, processes"
                            + "; UPDATE meta SET value = '5' WHERE key = 'schema'")
        else:
            con = sqlite3.connect(self.db)
            con.executescript("".join("ALTER TABLE games DROP COLUMN %s;" % c for c in drop)
                              + "UPDATE meta SET value = '5' WHERE key = 'schema';")
            con.close()
        self.srv.start()
        self.assertEqual(bare(self.client().call("state", game=gid)), bare(done))
        query = "SELECT value FROM meta WHERE key = 'schema'"
        filled = "SELECT count(*) FROM games WHERE final_fen IS NOT NULL"
        if self.pgdb:
            self.assertEqual(self.pgdb.query(query), [("8",)])
            self.assertEqual(self.pgdb.query(filled), [("1",)])
        else:
            self.srv.stop()  # the file is locked while the server runs
            con = sqlite3.connect(self.db)
            self.assertEqual(con.execute(query).fetchone(), ("8",))
            self.assertEqual(con.execute(filled).fetchone(), (1,))
            con.close()
            self.srv.start()

    def test_sigkill_and_restart(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600, inc=5)
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2"])
        before = b.call("state", game=gid)["clock"]
        self.srv.kill()
        for c in (a, b):
            with self.assertRaises(Closed):
                while True:
                    c.recv(5)
        self.srv.start()
        self.assertIn("1 unfinished game restored", self.srv.banner)
        a2, b2 = self.client(), self.client(ws=True)
        a2.call("resume", token=a.token)
        b2.call("resume", token=b.token)
        st = b2.expect("game", game=gid)
        self.assertEqual((st["moves"], st["turn"]), (["h2e2", "h9g7", "h0g2"], "black"))
        # Red's clock as it stood after its move; Black's running from the restart
        self.assertEqual(st["clock"]["red"], before["red"])
        self.assertLessEqual(st["clock"]["black"], before["black"] + 5)
        self.assertGreater(st["clock"]["black"], before["black"] - 3000)
        self.assertEqual(b2.call("move", game=gid, move="i9h9")["ply"], 4)
        a2.expect("move", game=gid, ply=4)
        self.play(gid, a2, b2, [])

    def test_draw_offer_survives_a_restart(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(a.call("draw", game=gid)["type"], "ok")
        b.expect("offer", game=gid, kind="draw", state="offered")
        self.srv.kill()
        self.srv.start()
        a2, b2 = self.client(), self.client(ws=True)
        self.assertEqual(a2.call("resume", token=a.token)["type"], "session")
        self.assertEqual(b2.call("resume", token=b.token)["type"], "session")
        st = b2.expect("game", game=gid)
        self.assertEqual(st["draw_offer"], "red")
        self.assertEqual(b2.call("draw", game=gid)["type"], "ok")  # accepts the standing offer
        e = a2.expect("end", game=gid)
        self.assertEqual((e["result"], e["reason"]), ("1/2-1/2", "agreement"))
        # a declined offer stays declined after a restart
        gid = self.game(a2, b2, base=600)
        self.play(gid, a2, b2, ["h2e2", "h9g7"])
        self.assertEqual(a2.call("draw", game=gid)["type"], "ok")
        self.assertEqual(b2.call("draw_decline", game=gid)["type"], "ok")
        self.srv.kill()
        self.srv.start()
        a3 = self.client()
        a3.call("resume", token=a.token)
        self.assertIsNone(a3.expect("game", game=gid)["draw_offer"])


    def test_takeback_request_survives_a_restart(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2", "h9g7", "h0g2"])
        self.assertEqual(a.call("takeback", game=gid)["type"], "ok")
        b.expect("offer", game=gid, kind="takeback", state="offered")
        self.srv.kill()
        self.srv.start()
        a2, b2 = self.client(), self.client(ws=True)
        self.assertEqual(a2.call("resume", token=a.token)["type"], "session")
        self.assertEqual(b2.call("resume", token=b.token)["type"], "session")
        st = b2.expect("game", game=gid)
        self.assertEqual(st["takeback_offer"], "red")
        self.assertEqual(b2.call("takeback", game=gid)["type"], "ok")  # accepts it
        st = a2.expect("game", game=gid, ply=2)
        self.assertEqual((st["moves"], st["takeback_offer"]), (["h2e2", "h9g7"], None))
        # a request withdrawn by a move stays withdrawn after a restart
        self.assertEqual(a2.call("takeback", game=gid)["type"], "ok")  # Red asks again
        self.assertEqual(a2.call("move", game=gid, move="h0g2")["ply"], 3)  # and moves instead
        self.srv.kill()
        self.srv.start()
        a3 = self.client()
        a3.call("resume", token=a.token)
        st = a3.expect("game", game=gid)
        self.assertEqual((st["ply"], st["takeback_offer"]), (3, None))
        # and a declined one stays declined
        b3 = self.client()
        b3.call("resume", token=b.token)
        self.assertEqual(b3.call("takeback", game=gid)["type"], "ok")
        self.assertEqual(a3.call("takeback_decline", game=gid)["type"], "ok")
        self.srv.kill()
        self.srv.start()
        a4 = self.client()
        a4.call("resume", token=a.token)
        self.assertIsNone(a4.expect("game", game=gid)["takeback_offer"])


class Explore(Base):
    """The opening explorer: the default book's moves against `xq-book probe`,
    the ECCO names, the tables' verdict (a KRK table made in the test), bad input."""
    args = ("--egtb", "{dir}/tb")

    def prepare(self):
        self.BIN = os.path.dirname(os.path.abspath(BINARY))  # beside xq-server: xq-book, xq-egtb
        self.BOOK = os.path.join(os.path.dirname(self.BIN), "share", "xiangqi", "book.xqb")
        if not os.path.exists(self.BOOK):
            self.skipTest("no default book in the build tree (XQ_BUILD_BOOK=OFF or no xz)")
        os.mkdir(os.path.join(self.dir, "tb"))
        t0 = time.time()
        subprocess.run([os.path.join(self.BIN, "xq-egtb"), "generate", "--quiet", "--dir",
                        os.path.join(self.dir, "tb"), "KRK"], check=True, timeout=60)
        self.assertLess(time.time() - t0, 60)

    def probe(self, *moves):
        """`xq-book probe` of the start and moves: {move: (games, wins, draws, losses)}."""
        out = subprocess.run([os.path.join(self.BIN, "xq-book"), "probe", self.BOOK] +
                             list(moves), capture_output=True, text=True, timeout=30).stdout
        rows = {}
        for line in out.splitlines()[3:]:
            f = line.split()
            rows[f[0]] = tuple(int(x) for x in f[2:6])
            self.weights[f[0]] = int(f[7])
        return rows

    weights = {}  # the book weight of each move of the last probe()

    def test_start_position_against_xq_book(self):
        c = self.client(say_hello=False)  # no account needed
        self.assertEqual(hello(c)["explorer"], {"book": True, "tables": True})
        r = c.call("explore", fen=XQ_START)
        self.assertEqual(r["type"], "explore", r)
        self.assertEqual(r["fen"], XQ_START)
        self.assertIsNone(r["opening"])  # no moves played: no opening yet
        self.assertIsNone(r["tablebase"])
        want = self.probe()
        self.assertGreater(len(want), 10)
        self.assertEqual([m["move"] for m in r["moves"]], list(want))  # same order, heaviest first
        for m in r["moves"]:
            games, wins, draws, losses = want[m["move"]]
            self.assertEqual((m["games"], m["red_wins"], m["draws"], m["black_wins"]),
                             (games, wins, draws, losses), m)  # Red moves: its wins are Red's
            self.assertAlmostEqual(m["score"], (wins + draws / 2) / (wins + draws + losses))
            self.assertEqual(m["weight"], self.weights[m["move"]], m)
        first = r["moves"][0]
        self.assertEqual((first["move"], first["wxf"], first["zh"]), ("h2e2", "C2.5", "炮二平五"))
        self.assertEqual(first["opening"], {"code": "B00", "name": "中炮局", "variation": ""})
        self.assertEqual(next(m for m in r["moves"] if m["move"] == "c3c4")["opening"]["code"],
                         "E00")
        # the line form: explore FEN
        c.line("explore " + XQ_START)
        self.assertEqual(len(c.expect("explore")["moves"]), len(want))

    def test_moves_black_to_move_and_opening(self):
        c = self.client(ws=True)
        moves = ["h2e2", "h9g7", "h0g2"]
        r = c.call("explore", moves=moves)
        self.assertEqual(r["type"], "explore", r)
        want = self.probe(*moves)
        self.assertEqual([m["move"] for m in r["moves"]], list(want))
        for m in r["moves"]:
            games, wins, draws, losses = want[m["move"]]  # Black moves: its wins are Black's
            self.assertEqual((m["games"], m["red_wins"], m["draws"], m["black_wins"]),
                             (games, losses, draws, wins), m)
            self.assertAlmostEqual(m["score"], (wins + draws / 2) / (wins + draws + losses))
        self.assertEqual(r["opening"]["code"][0], "B")
        self.assertEqual(r["opening"]["ply"] <= 3, True)
        # the FEN with the moves that lead to it is the same request
        r2 = c.call("explore", moves=moves, fen=r["fen"])
        self.assertEqual(r2["moves"], r["moves"])
        self.assertEqual(r2["opening"], r["opening"])
        # a position alone has no opening (the library classifies games)
        self.assertIsNone(c.call("explore", fen=r["fen"])["opening"])
        # the moves must lead to the FEN
        self.assertEqual(c.call("explore", moves=["h2e2"], fen=XQ_START)["code"], "bad_field")

    def test_tablebase(self):
        c = self.client()
        fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"  # Red mates in 1 (e1d1, e1e8)
        r = c.call("explore", fen=fen)
        self.assertEqual(r["moves"], [])
        self.assertIsNone(r["opening"])
        self.assertEqual(r["tablebase"], {"wdl": "win", "dtm": 1, "best": ["e1d1", "e1e8"]})
        r = c.call("explore", fen="3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1")
        self.assertEqual(r["tablebase"]["wdl"], "loss")
        # material without a table: no verdict
        self.assertIsNone(c.call("explore", fen="3k5/9/9/9/9/9/9/9/3RR4/4K4 b - - 0 1")
                          ["tablebase"])

    def test_bad_input(self):
        c = self.client()
        r = c.call("explore", fen="rnbakabnr/9/1c5c1/xyz w - - 0 1")
        self.assertEqual(r["code"], "bad_fen")
        self.assertTrue(r["message"])
        self.assertEqual(c.call("explore", fen="4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")["code"],
                         "bad_fen")  # the generals face each other
        self.assertEqual(c.call("explore")["code"], "bad_field")
        self.assertEqual(c.call("explore", fen=7)["code"], "bad_field")
        self.assertEqual(c.call("explore", moves="h2e2")["code"], "bad_field")
        self.assertEqual(c.call("explore", moves=["h2e2", "zz"])["code"], "bad_move")
        self.assertEqual(c.call("explore", moves=["h2e2", "h2e2"])["code"], "illegal_move")
        self.assertEqual(c.call("explore", moves=[1])["code"], "bad_move")
        c.line("explore")
        self.assertEqual(c.expect("error")["code"], "bad_field")

    def test_rate_limit(self):
        c = self.client()
        codes = [c.call("explore", moves=[])["type"] for _ in range(25)]
        self.assertIn("error", codes)
        self.assertEqual(codes[:20], ["explore"] * 20)


class Archive(Base):
    """Finished games keep their ECCO code: `user` and `games` search by code or prefix."""
    LINES = {"C55": "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9",
             "A13": "g0e2 h9g7 h0g2",
             "A40": "b0c2 g6g5",
             "B31": "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7 b0c2"}

    def test_search_by_code(self):
        a, b = self.user("alice"), self.user("bob")
        c, d = self.user("carol"), self.user("dave")
        gids = {}
        for code, line in self.LINES.items():
            gid = self.game(a, b)
            self.play(gid, a, b, line.split())
            self.assertEqual(a.call("resign", game=gid)["type"], "ok")
            gids[code] = gid
        other = self.game(c, d)  # carol and dave play C55 too
        self.play(other, c, d, self.LINES["C55"].split())
        self.assertEqual(c.call("resign", game=other)["type"], "ok")
        live = self.game(c, d)  # a live game is not in the archive
        self.play(live, c, d, self.LINES["C55"].split())
        w = self.client()

        def user_games(**f):
            r = w.call("user", name="alice", **f)
            self.assertEqual(r["type"], "user", r)
            return [g["game"] for g in r["recent_games"]]

        def site_games(**f):
            r = w.call("games", **f)
            self.assertEqual(r["type"], "games", r)
            return [g["game"] for g in r["games"]]

        self.assertEqual(user_games(eco="C55"), [gids["C55"]])
        self.assertEqual(user_games(eco="A"), [gids["A40"], gids["A13"]])
        self.assertEqual(user_games(eco="a1"), [gids["A13"]])  # either case
        self.assertEqual(user_games(eco="D"), [])
        self.assertEqual(len(user_games()), 4)
        self.assertEqual(site_games(eco="C55"), [other, gids["C55"]])
        self.assertEqual(site_games(eco="C5"), [other, gids["C55"]])
        self.assertEqual(site_games(eco="B3"), [gids["B31"]])
        self.assertEqual(site_games(eco="E"), [])
        # pages: limit, more, before
        r = w.call("games", eco="C", limit=1)
        self.assertEqual(([g["game"] for g in r["games"]], r["more"], r["eco"]),
                         ([other], True, "C"))
        r = w.call("games", eco="C", limit=1, before=other)
        self.assertEqual(([g["game"] for g in r["games"]], r["more"]), ([gids["C55"]], False))
        # the summaries carry the opening
        g = w.call("games", eco="A13")["games"][0]
        self.assertEqual((g["opening"]["code"], g["opening"]["name"]), ("A13", "飞相对进左马"))
        # bad filters
        for bad in ("F1", "C555", "CC", "C4x", 7, "中炮"):
            self.assertEqual(w.call("games", eco=bad)["code"], "bad_field", bad)
            self.assertEqual(w.call("user", name="alice", eco=bad)["code"], "bad_field", bad)
        self.assertEqual(w.call("games", eco="C", limit=0)["code"], "bad_field")
        self.assertEqual(w.call("games", eco="C", before="x")["code"], "bad_field")
        # the stored codes (the server holds the file exclusively: stop it first)
        for k in self.clients:
            k.close()
        self.clients = []
        self.srv.stop()
        if self.pgdb:
            rows = {int(i): eco for i, eco in
                    self.pgdb.query("SELECT id, eco FROM games WHERE eco IS NOT NULL")}
        else:
            con = sqlite3.connect(self.db)
            rows = dict(con.execute("SELECT id, eco FROM games WHERE eco IS NOT NULL").fetchall())
            con.close()
        self.assertEqual(rows, {gid: code for code, gid in gids.items()} | {other: "C55"})


class Openings(Base):
    """The opening in move events (sent when it changes, made a move at a time)
    agrees with the game's state (classified afresh) after every move, after a
    take-back and after a restart."""
    C55 = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9".split()  # C55 at ply 10
    # A reconnect grace long enough for the restart's two logins on a busy
    # machine: with the 2 s of Base, the restored game was sometimes lost by
    # abandonment before both players were back (seen at load 9).
    args = ("--guests", "--grace", "60")

    def follow(self, gid, red, black, moves, shown):
        """Play moves; after each, the opening last sent must be the state's."""
        side = [red, black]
        for mv in moves:
            ply = red.call("state", game=gid)["ply"]
            r = side[ply % 2].call("move", game=gid, move=mv)
            self.assertEqual(r["type"], "move", r)
            if "opening" in r:
                shown = r["opening"]
            st = red.call("state", game=gid)
            code = lambda o: o and (o["code"], o["name"], o["variation"])  # noqa: E731
            self.assertEqual(code(shown), code(st["opening"]), (ply + 1, mv))  # (sent on a change of code)
        return shown

    def test_move_events_agree_with_the_state(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b)
        shown = self.follow(gid, a, b, self.C55, None)
        self.assertEqual((shown["code"], shown["ply"]), ("C55", 10))
        self.assertEqual(a.call("state", game=gid)["opening"]["ply"], 10)
        # a take-back: the next move says its opening again
        self.assertEqual(b.call("takeback", game=gid)["type"], "ok")
        self.assertEqual(a.call("takeback", game=gid)["type"], "ok")
        b.expect("game", game=gid)
        r = b.call("move", game=gid, move="a9a8")
        self.assertEqual(r["opening"], b.call("state", game=gid)["opening"])
        self.assertEqual(r["opening"]["code"][0], "C")  # another 10th move: another C code
        # on past XQ_ECCO_MAX_PLY (40 plies; moves from the legal lists, the same each run)
        shown = r["opening"]
        for i in range(34):
            st = a.call("state", game=gid)
            self.assertFalse(st["finished"])
            shown = self.follow(gid, a, b, [st["legal"][(7 * i) % len(st["legal"])]], shown)
        self.assertEqual(a.call("state", game=gid)["ply"], 44)
        # a restart: the restored game classifies afresh at its next move
        self.srv.kill()
        self.srv.start()
        a, b = self.user_again("alice"), self.user_again("bob")
        st = a.call("state", game=gid)
        self.assertEqual(st["ply"], 44)
        self.follow(gid, a, b, [st["legal"][0]], shown)

    def user_again(self, name):
        c = self.client()
        r = c.call("login", name=name, password="secret-" + name)
        self.assertEqual(r["type"], "session", r)
        return c


class NoBook(Base):
    args = ("--no-book",)

    def test_book_unavailable(self):
        c = self.client(say_hello=False)
        self.assertEqual(hello(c)["explorer"], {"book": False, "tables": False})
        r = c.call("explore", fen=XQ_START)
        self.assertEqual(r["code"], "book_unavailable")
        self.assertIn("no opening book (--no-book)", self.srv.banner)

    def test_bad_book_and_tables(self):
        for opt in (["--book", os.path.join(self.dir, "none.xqb")],
                    ["--egtb", os.path.join(self.dir, "none")]):
            r = subprocess.run([BINARY, "--listen", "127.0.0.1:0", "--db",
                                os.path.join(self.dir, "x.db")] + opt,
                               capture_output=True, text=True, timeout=10)
            self.assertEqual(r.returncode, 1, r)
            self.assertIn("xq-server: " + opt[0] + ": ", r.stderr)


class PgOutage(Base):
    """PostgreSQL (an instance of the test's own) stopped mid-game: a move gets
    the `storage` error and is not played, nothing acknowledged is lost, and
    once PostgreSQL is back the game goes on without a server restart. A
    server started against an unreachable PostgreSQL exits with a message."""
    args = ("--guests", "--grace", "30")

    def pg_server(self):
        if not pgtest.CONNINFO:
            self.skipTest("PostgreSQL only (XQ_TEST_PG)")
        self.inst = pgtest.Instance(os.path.join(pgtest.PRIVATE, "outage-%d" % os.getpid()))
        return self.inst.conninfo

    def tearDown(self):
        try:
            self.inst.resume()  # for the drop, had the test failed with it stopped
        except AssertionError:
            pass
        try:
            super().tearDown()
        finally:
            self.inst.stop()

    def test_stopped_mid_game(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(http_request(self.srv.port, "/healthz")[0], 200)
        self.inst.pause()
        code, _, body = http_request(self.srv.port, "/healthz")
        self.assertEqual(code, 503, body)
        self.assertTrue(body.startswith(b"store: "), body)
        self.assertEqual(metrics(self.srv.port)['xq_up{part="store"}'], 0)
        r = a.call("move", game=gid, move="h0g2")
        self.assertEqual((r["type"], r["code"]), ("error", "storage"), r)
        self.assertEqual(metrics(self.srv.port)["xq_moves_refused_store_total"], 1)
        self.assertEqual(b.call("state", game=gid)["ply"], 2)  # not played
        self.assertEqual(a.call("move", game=gid, move="h0g2")["code"], "storage")
        self.inst.resume()
        # as if a refused move's commit had gone through while its answer was lost:
        # the next store of that ply replaces it
        self.pgdb.query("INSERT INTO moves(game, ply, move, red_ms, black_ms)"
                        " VALUES(:gid, 3, 'b0c2', 1, 1)", gid=gid)
        end = time.time() + 20
        while True:  # the server connects again at its next use of the store
            r = a.call("move", game=gid, move="h0g2")
            if r["type"] == "move" or time.time() > end:
                break
            self.assertEqual(r["code"], "storage", r)
            time.sleep(0.3)
        self.assertEqual((r["type"], r["ply"]), ("move", 3), r)
        self.assertEqual(http_request(self.srv.port, "/healthz")[:3:2], (200, b"ok\n"))
        b.expect("move", game=gid, ply=3, move="h0g2")
        self.assertEqual(b.call("move", game=gid, move="i9h9")["ply"], 4)
        # PostgreSQL restarted while the server was idle: the next move just works
        self.inst.pause()
        self.inst.resume()
        self.assertEqual(a.call("move", game=gid, move="i0h0").get("ply"), 5)
        # nothing acknowledged is lost: a restarted server has the five moves
        self.srv.kill()
        self.srv.start()
        self.assertIn("1 unfinished game restored", self.srv.banner)
        a2 = self.client()
        a2.call("resume", token=a.token)
        st = a2.expect("game", game=gid)
        self.assertEqual(st["moves"], ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"])
        self.assertEqual(a2.call("resign", game=gid)["type"], "ok")
        rows = self.pgdb.query("SELECT ply, move FROM moves WHERE game = :gid ORDER BY ply",
                               gid=gid)
        self.assertEqual(rows, [("1", "h2e2"), ("2", "h9g7"), ("3", "h0g2"), ("4", "i9h9"),
                                ("5", "i0h0")])
        self.assertEqual(self.pgdb.query("SELECT result, reason FROM games WHERE id = :gid",
                                         gid=gid), [("2", "resignation")])

    def test_lobby_while_stopped(self):
        """The offers are rows of the store: with PostgreSQL away, seeking,
        listing, accepting and cancelling get `storage` and change nothing;
        once it is back the same offer is accepted, once."""
        a, b = self.user("alice"), self.user("bob")
        s = a.call("seek", base=600)
        self.assertEqual(s["type"], "seek", s)
        self.inst.pause()
        for c, cmd, fields in ((b, "accept", {"offer": s["offer"]}), (a, "seek", {}),
                               (b, "lobby", {}), (a, "cancel", {"offer": s["offer"]}),
                               (a, "challenge", {"to": "bob"}), (b, "pair", {"base": 600})):
            r = c.call(cmd, **fields)
            self.assertEqual((r["type"], r.get("code")), ("error", "storage"), (cmd, r))
        self.inst.resume()
        end = time.time() + 20
        while True:  # the server connects again at its next use of the store
            r = b.call("accept", offer=s["offer"])
            if r["type"] == "game" or time.time() > end:
                break
            self.assertEqual(r["code"], "storage", r)
            time.sleep(0.3)
        self.assertEqual(r["type"], "game", r)
        a.expect("game", game=r["game"])
        self.assertEqual(self.pgdb.query("SELECT count(*) FROM games"), [("1",)])
        self.assertEqual(self.pgdb.query("SELECT count(*) FROM offers"), [("0",)])

    def test_second_server_refused(self):
        """One server per database (an advisory lock), as the SQLite file is held."""
        r = subprocess.run([BINARY, "--listen", "127.0.0.1:0", "--db", self.db],
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 1, r)
        self.assertIn("in use by another xq-server", r.stderr)

    def test_unreachable_at_start(self):
        self.srv.stop()
        self.inst.pause()
        r = subprocess.run([BINARY, "--listen", "127.0.0.1:0", "--db", self.db],
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 1, r)
        self.assertIn("xq-server: PostgreSQL: cannot connect", r.stderr)
        self.inst.resume()
        self.srv.start()  # and with it back, the same database serves again
        self.assertEqual(self.client().call("guest")["type"], "session")


REDIS_INSTANCE = os.environ.get("XQ_REDIS_INSTANCE", "")
REDIS_PRIVATE = os.environ.get("XQ_REDIS_PRIVATE", "")


class RedisInstance:
    """A Redis of a test's own (redis_instance.sh) in folder dir: started here;
    pause() stops it, resume() starts it again on the same port."""

    def __init__(self, dir_):
        self.dir = dir_
        r = self._run("start")
        if r == 77:
            raise unittest.SkipTest("no redis-server (Debian: redis-server)")
        with open(os.path.join(dir_, "url")) as f:
            self.url = f.read().strip()

    def _run(self, cmd):
        r = subprocess.run(["sh", REDIS_INSTANCE, cmd, self.dir], capture_output=True,
                           text=True, timeout=60)
        if r.returncode not in (0, 77):
            raise AssertionError("redis_instance.sh %s: %s%s" % (cmd, r.stdout, r.stderr))
        return r.returncode

    def pause(self):
        self._run("pause")

    def resume(self):
        self._run("resume")

    def stop(self):
        self._run("stop")


class BrokerOutage(Base):
    """--broker redis://... (a Redis of the test's own) on PostgreSQL. Redis
    stopped mid-game: the server logs it, refuses what needs the site's other
    processes (seeks, challenges, offers, chat) with `site_unavailable`, goes
    on with its games, and once Redis is back serves it all again without a
    restart. A server started while Redis is away starts and waits for it.
    --broker with an SQLite file, on the poll() loop, or with a malformed URL
    is refused at start."""
    args = ("--guests", "--grace", "30")

    def pg_server(self):
        if not pgtest.CONNINFO:
            self.skipTest("PostgreSQL only (XQ_TEST_PG)")
        if not REDIS_INSTANCE or not REDIS_PRIVATE:
            self.skipTest("no Redis instance (XQ_REDIS_INSTANCE, XQ_REDIS_PRIVATE)")
        self.redis = RedisInstance(os.path.join(REDIS_PRIVATE, "outage-%d" % os.getpid()))
        self.args = self.args + ("--broker", self.redis.url)
        return pgtest.CONNINFO

    def tearDown(self):
        try:
            super().tearDown()
        finally:
            if hasattr(self, "redis"):
                self.redis.stop()

    def until(self, c, code, cmd, timeout=20, **fields):
        """Send cmd until its answer's code (None: no error) is the one wanted."""
        end = time.time() + timeout
        while True:
            r = c.call(cmd, **fields)
            got = r.get("code") if r["type"] == "error" else None
            if got == code or time.time() > end:
                return r
            time.sleep(0.2)

    def test_stopped_mid_game(self):
        self.assertIn("broker redis://127.0.0.1:", self.srv.banner)
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.redis.pause()
        r = self.until(a, "site_unavailable", "say", to="lobby", text="anyone?")
        self.assertEqual(r.get("code"), "site_unavailable", r)
        self.assertIn("Redis at 127.0.0.1:", r["message"])
        self.assertIn("unreachable", r["message"])
        code, _, body = http_request(self.srv.port, "/healthz")
        self.assertEqual(code, 503, body)
        self.assertTrue(body.startswith(b"broker: ") and b"unreachable" in body, body)
        self.assertEqual(metrics(self.srv.port)['xq_up{part="broker"}'], 0)
        r = a.call("seek", color="red")
        self.assertEqual((r["type"], r.get("code")), ("error", "site_unavailable"), r)
        self.play_on(gid, a, b)
        self.redis.resume()
        r = self.until(a, None, "say", to="lobby", text="back")
        self.assertNotEqual(r["type"], "error", r)
        self.assertEqual(http_request(self.srv.port, "/healthz")[::2], (200, b"ok\n"))
        c, d = self.user("carol"), self.user("dave")
        self.assertGreater(self.game(c, d, base=300), gid)  # seeks and offers again
        self.srv.stop()
        self.assertIn("is unreachable", self.srv.stderr_text)
        self.assertIn("is back", self.srv.stderr_text)

    def play_on(self, gid, a, b):
        """The game goes on meanwhile: moves need only the store."""
        self.assertEqual(a.call("move", game=gid, move="h0g2")["ply"], 3)
        b.expect("move", game=gid, ply=3)

    def test_each_event_once(self):
        """Through Redis and back, an event reaches each subscriber once (the
        process leaves out its own messages), and skip still leaves out the
        connection its publisher answered itself."""
        a, b, l = self.user("alice"), self.user("bob"), self.user("lena")
        w = self.client()
        gid = self.game(a, b, base=600)
        for c in (a, l):
            self.assertEqual(c.call("lobby")["type"], "lobby")
        self.assertEqual(w.call("watch", game=gid)["type"], "game")
        r = a.call("move", game=gid, move="h2e2")
        self.assertEqual(r["ply"], 1, r)
        r = a.call("say", to="lobby", text="hello")
        self.assertEqual((r["type"], r["text"]), ("chat", "hello"), r)
        time.sleep(0.5)  # anything twice has come by now
        seen = {c: c.drain() for c in (a, b, w, l)}
        for c, kind, n in ((b, "move", 1), (w, "move", 1), (l, "chat", 1), (a, "chat", 0),
                           (a, "move", 0)):
            got = [m for m in seen[c] if m["type"] == kind]
            self.assertEqual(len(got), n, (kind, got))

    def test_redis_away_at_start(self):
        self.srv.stop()
        self.redis.pause()
        self.srv.start()  # starts, and connects when Redis comes
        a = self.user("carol")
        r = a.call("seek", color="red")
        self.assertEqual((r["type"], r.get("code")), ("error", "site_unavailable"), r)
        self.redis.resume()
        r = self.until(a, None, "seek", color="red")
        self.assertEqual(r["type"], "seek", r)

    def test_refused_at_start(self):
        cases = [
            (["--db", os.path.join(self.dir, "t.db"), "--broker", self.redis.url],
             "share a PostgreSQL --db"),
            (["--db", self.db, "--event-loop", "poll", "--broker", self.redis.url],
             "--broker needs libuv's event loop"),
            (["--db", self.db, "--broker", "localhost:6379"], "--broker wants redis://HOST[:PORT]"),
        ]
        self.srv.stop()  # the database's lock
        for args, why in cases:
            r = subprocess.run([BINARY, "--listen", "127.0.0.1:0"] + args, capture_output=True,
                               text=True, timeout=30)
            self.assertEqual(r.returncode, 1, (args, r))
            self.assertIn(why, r.stderr, args)


class Storage(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="xq-server-test-")
        self.db = os.path.join(self.dir, "t.db")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_server(self, *pre):
        return subprocess.run(list(pre) + [BINARY, "--listen", "127.0.0.1:1", "--db", self.db],
                              capture_output=True, text=True, timeout=20)

    def test_locked_database(self):
        srv = Server(BINARY, self.db).start()
        try:
            r = self.run_server()
            self.assertEqual(r.returncode, 1)
            self.assertIn("locked", r.stderr)
        finally:
            srv.stop()
        # held by another program's write transaction
        con = sqlite3.connect(self.db, isolation_level=None)
        con.execute("BEGIN EXCLUSIVE")
        try:
            r = self.run_server()
            self.assertEqual(r.returncode, 1)
            self.assertIn("locked", r.stderr)
        finally:
            con.close()

    def test_read_only_database(self):
        srv = Server(BINARY, self.db).start()
        srv.stop()
        os.chmod(self.db, 0o444)
        pre = []
        if os.geteuid() == 0:  # root writes anything: run the server as nobody
            if not shutil.which("setpriv"):
                self.skipTest("setpriv missing")
            os.chmod(self.dir, 0o777)
            pre = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        r = self.run_server(*pre)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("read-only", r.stderr)

    def test_schema_1_database_is_upgraded(self):
        """A database written by 0.2.0 (schema 1) gains the new columns at start-up;
        its finished games answer `state`."""
        con = sqlite3.connect(self.db)
        con.executescript("""
            CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
              pwhash TEXT, guest INTEGER NOT NULL DEFAULT 0, rating REAL NOT NULL DEFAULT 1500,
              games INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
            CREATE TABLE sessions(token TEXT PRIMARY KEY,
              user_id INTEGER NOT NULL REFERENCES users(id), created INTEGER NOT NULL);
            CREATE TABLE games(id INTEGER PRIMARY KEY, red INTEGER, black INTEGER,
              red_name TEXT NOT NULL, black_name TEXT NOT NULL, red_rating REAL,
              black_rating REAL, engine_level INTEGER NOT NULL DEFAULT -1,
              engine_color INTEGER NOT NULL DEFAULT -1, rules INTEGER NOT NULL,
              base_s INTEGER NOT NULL, inc_s INTEGER NOT NULL, rated INTEGER NOT NULL,
              result INTEGER NOT NULL DEFAULT 0, reason TEXT, red_ms INTEGER NOT NULL,
              black_ms INTEGER NOT NULL, created INTEGER NOT NULL, ended INTEGER);
            CREATE TABLE moves(game INTEGER NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
              move TEXT NOT NULL, red_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,
              PRIMARY KEY(game, ply)) WITHOUT ROWID;
            INSERT INTO meta VALUES('schema', '1');
            INSERT INTO users(id, name, created, rating, games)
              VALUES(1, 'alice', 0, 1650, 30), (2, 'bob', 0, 1500, 0);
            INSERT INTO games VALUES(1, 1, 2, 'alice', 'bob', 1500, 1500, -1, -1, 0, 300, 0, 0,
              2, 'resignation', 290000, 295000, 1000, 2000);
            INSERT INTO moves VALUES(1, 1, 'h2e2', 290000, 300000), (1, 2, 'h9g7', 290000, 295000);
            INSERT INTO games VALUES(2, 1, 2, 'alice', 'bob', 1500, 1500, -1, -1, 0, 300, 0, 0,
              3, 'agreement', 290000, 295000, 1000, 2000);
            INSERT INTO games VALUES(3, 1, 2, 'alice', 'bob', 1500, 1500, -1, -1, 0, 300, 0, 0,
              0, NULL, 290000, 295000, 1000, NULL);
        """)
        c55 = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9".split()  # C55 at ply 10
        con.executemany("INSERT INTO moves VALUES(2, ?, ?, 290000, 295000)",
                        [(i + 1, m) for i, m in enumerate(c55)])
        con.executemany("INSERT INTO moves VALUES(3, ?, ?, 290000, 295000)",
                        [(i + 1, m) for i, m in enumerate(c55)])
        con.commit()
        con.close()
        srv = Server(BINARY, self.db).start()
        try:
            c = LineClient(srv.port)
            hello(c)
            st = c.call("state", game=1)
            self.assertEqual((st["type"], st["finished"], st["result"], st["reason"], st["moves"]),
                             ("game", True, "0-1", "resignation", ["h2e2", "h9g7"]))
            self.assertEqual(st["text"], "resignation")  # no text was stored then
            self.assertEqual((st["wxf"], st["turn"]), (["C2.5", "H8+7"], "red"))  # from its moves
            fin = c.call("games", finished=True)["games"]
            self.assertEqual([(g["game"], g["ply"]) for g in fin], [(2, 10), (1, 2)])
            self.assertEqual(fin[0]["opening"]["code"], "C55")  # from the stored code
            # the finished games were classified at the migration: searchable by code
            self.assertEqual([g["game"] for g in c.call("games", eco="C55")["games"]], [2])
            self.assertEqual([g["game"] for g in c.call("games", eco="B")["games"]], [1])
            self.assertEqual([g["game"] for g in c.call("user", name="alice", eco="C")
                              ["recent_games"]], [2])
            c.close()
        finally:
            srv.stop()
        con = sqlite3.connect(self.db)
        self.assertEqual(con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone(),
                         ("8",))
        # schema 6: the finished games' final states from their moves; a live game has none
        rows = con.execute("SELECT id, final_fen IS NOT NULL, final_wxf FROM games ORDER BY id"
                           ).fetchall()
        self.assertEqual([(i, f, len(w.split()) if w else 0) for i, f, w in rows],
                         [(1, 1, 2), (2, 1, 10), (3, 0, 0)])
        # schema 5: no take-back request stands in a game of an older file
        self.assertEqual(con.execute("SELECT DISTINCT takeback_offer FROM games").fetchall(),
                         [(-1,)])
        # schema 4: the finished games' ECCO codes from their moves; a live game has none yet
        self.assertEqual(con.execute("SELECT id, eco, eco_ply FROM games ORDER BY id").fetchall(),
                         [(1, "B00", 1), (2, "C55", 10), (3, None, None)])
        # Elo ratings became Glicko-2: the rating kept, the deviation from the games
        # played (glicko_migrated_deviation: 30 games give 62.4), the start volatility
        self.assertEqual(con.execute("SELECT rating, round(rd, 1), vol FROM users ORDER BY id")
                         .fetchall(), [(1650.0, 62.4, 0.06), (1500.0, 350.0, 0.06)])
        con.close()

    def test_bad_option(self):
        r = subprocess.run([BINARY, "--frob"], capture_output=True, text=True, timeout=10)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stderr.strip(),
                         "xq-server: unknown option '--frob' (try 'xq-server --help')")


class Takeover(Base):
    """Two processes of a site (one PostgreSQL database, the tests' Redis; run
    with XQ_TEST_BROKER=1): each game owned by the process that started it,
    a command for it on the other forwarded to the owner and answered by it
    (server_site_Forward tests forwarding itself); the owner killed
    with SIGKILL mid-game (a move in flight to it), the game taken over by the
    other process within the grace, the players resuming there and finishing
    it; every acknowledged move in the database once, in order."""
    args = ("--guests", "--grace", "30")
    TAKEOVER_S = 15  # the lease (6 s) and a scan (1 s), with room for a loaded machine

    def pg_server(self):
        if not pgtest.CONNINFO:
            self.skipTest("PostgreSQL only (XQ_TEST_PG)")
        if not SITE_BROKER:
            self.skipTest("no Redis (XQ_TEST_BROKER=1 and the fixture's instance)")
        return pgtest.CONNINFO

    def setUp(self):
        super().setUp()
        self.other = Server(BINARY, self.db, *self.args).start()

    def tearDown(self):
        try:
            self.other.stop()
        finally:
            super().tearDown()

    def on(self, srv, token):
        """A connection to srv resuming the session of token."""
        c = (LineClient)(srv.port)
        self.clients.append(c)
        hello(c)
        r = c.call("resume", token=token)
        self.assertEqual(r["type"], "session", r)
        return c

    def stored(self, gid):
        return [(int(p), m) for p, m in self.pgdb.query(
            "SELECT ply, move FROM moves WHERE game = :gid ORDER BY ply", gid=gid)]

    def until_served(self, c, since, **move):
        """Send the move until a process serves the game (not game_elsewhere)."""
        while True:
            r = c.call("move", **move)
            if r.get("code") != "game_elsewhere" or time.time() > since + self.TAKEOVER_S:
                return r
            time.sleep(0.2)

    def test_owner_killed_mid_game(self):
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        acked = ["h2e2", "h9g7", "h0g2", "i9h9"]
        self.play(gid, a, b, acked)
        owner = self.pgdb.query("SELECT owner FROM games WHERE id = :gid", gid=gid)[0][0]
        self.assertIn("owner " + owner, self.srv.banner)
        # the other process forwards a command for it to its owner, which answers
        b2 = self.on(self.other, b.token)
        r = b2.call("move", game=gid, move="a6a5")
        self.assertEqual((r["type"], r.get("code")), ("error", "not_your_turn"), r)
        self.assertEqual(len(self.stored(gid)), 4)
        # a move in flight to the owner as it dies: stored, or never acknowledged
        a.send("move", game=gid, move="i0h0")
        self.srv.kill()
        killed = time.time()
        time.sleep(1)  # a statement PostgreSQL received from it is done by now
        in_flight = self.stored(gid)[4:]
        self.assertIn(in_flight, ([], [(5, "i0h0")]))
        acked += [m for _, m in in_flight]
        # the other process takes the game over; the players resume there and
        # go on from the last acknowledged move
        a2 = self.on(self.other, a.token)
        side = [a2, b2]
        rest = ["a3a4", "a6a5"] if len(acked) == 4 else ["a6a5", "a3a4"]
        r = self.until_served(side[len(acked) % 2], killed, game=gid, move=rest[0])
        self.assertEqual((r["type"], r.get("ply")), ("move", len(acked) + 1), r)
        took = time.time() - killed
        self.assertLess(took, 30, "not within the grace")
        sys.stderr.write("taken over %.1f s after the SIGKILL (in flight: %s)\n"
                         % (took, "stored" if in_flight else "not stored"))
        acked.append(rest[0])
        new_owner = self.pgdb.query("SELECT owner FROM games WHERE id = :gid", gid=gid)[0][0]
        self.assertNotEqual(new_owner, owner)
        self.assertIn("owner " + new_owner, self.other.banner)
        r = side[len(acked) % 2].call("move", game=gid, move=rest[1])
        self.assertEqual((r["type"], r.get("ply")), ("move", len(acked) + 1), r)
        acked.append(rest[1])
        self.assertEqual(side[len(acked) % 2].call("resign", game=gid)["type"], "ok")
        # every acknowledged move once, in order; the game over in the store
        self.assertEqual(self.stored(gid), list(enumerate(acked, 1)))
        result = self.pgdb.query("SELECT result FROM games WHERE id = :gid", gid=gid)[0][0]
        self.assertNotEqual(result, "0")
        self.srv.start()  # the killed process again: the game is not restored there
        self.assertIn("(0 unfinished games restored)", self.srv.banner)

    def test_superseded_owner_drops_the_game(self):
        """An owner that stalls past its lease (SIGSTOP) finds, once it runs
        again, that the other process took its game over: it drops the game
        (its watchers' lists too) and refuses moves for it; the new owner
        goes on, and the store has every acknowledged move once."""
        a, b = self.user("alice"), self.user("bob")
        w = self.user("walter")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2", "h9g7"])
        self.assertEqual(w.call("watch", game=gid)["type"], "game")
        os.kill(self.srv.proc.pid, signal.SIGSTOP)
        stopped = time.time()
        try:
            a2 = self.on(self.other, a.token)
            r = self.until_served(a2, stopped, game=gid, move="h0g2")
            self.assertEqual((r["type"], r.get("ply")), ("move", 3), r)
        finally:
            os.kill(self.srv.proc.pid, signal.SIGCONT)
        # the stalled process renews within 2 s of running again and drops it
        # (a move it still tries is refused game_elsewhere, not stored); from
        # then on it forwards bob's move to the new owner
        end = time.time() + 10
        while True:
            r = b.call("move", game=gid, move="i9h9")
            if r.get("code") == "game_elsewhere" or r.get("ply") == 4 or time.time() > end:
                break
            time.sleep(0.3)
        if r.get("code") == "game_elsewhere":
            r = b.call("move", game=gid, move="i9h9")
        self.assertEqual((r["type"], r.get("ply")), ("move", 4), r)
        b2 = self.on(self.other, b.token)
        self.assertEqual(b2.call("state", game=gid).get("ply"), 4)
        self.assertEqual(w.call("unwatch", game=gid)["type"], "ok")
        self.assertEqual(self.stored(gid), [(1, "h2e2"), (2, "h9g7"), (3, "h0g2"), (4, "i9h9")])
        self.srv.stop()
        self.assertIn("game %d: another process of the site owns it now" % gid,
                      self.srv.stderr_text)

    def test_clean_stop_hands_over_at_once(self):
        """A process that stops (SIGTERM) gives its leases up: the other takes
        its games at its next scan, not after the lease."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=600)
        self.play(gid, a, b, ["h2e2"])
        self.srv.stop()
        stopped = time.time()
        b2 = self.on(self.other, b.token)
        r = self.until_served(b2, stopped, game=gid, move="h9g7")
        self.assertEqual((r["type"], r.get("ply")), ("move", 2), r)
        self.assertLess(time.time() - stopped, 4, "the game was not handed over at once")
        self.assertEqual(self.stored(gid), [(1, "h2e2"), (2, "h9g7")])


class Lobby(Base):
    """Three processes of a site (one PostgreSQL database, the tests' Redis;
    run with XQ_TEST_BROKER=1): the offers are rows of the store, so a seek
    made on A is listed on B and accepted there (the game owned by B, its
    state reaching the author on A); two accepters on B and C at once, one
    game; a challenge, its decline and its cancel across processes; the
    author leaving, or his process killed, takes his seeks off every list."""
    args = ("--guests", "--grace", "30")
    LAPSE_S = 15  # the lease (6 s) and a scan (1 s), with room for a loaded machine

    def pg_server(self):
        if not pgtest.CONNINFO:
            self.skipTest("PostgreSQL only (XQ_TEST_PG)")
        if not SITE_BROKER:
            self.skipTest("no Redis (XQ_TEST_BROKER=1 and the fixture's instance)")
        return pgtest.CONNINFO

    def setUp(self):
        super().setUp()
        self.b = Server(BINARY, self.db, *self.args).start()
        self.c = Server(BINARY, self.db, *self.args).start()

    def tearDown(self):
        try:
            self.b.stop()
            self.c.stop()
        finally:
            super().tearDown()

    def on(self, srv, name):
        """A user registered on process srv, connected there."""
        c = LineClient(srv.port)
        self.clients.append(c)
        hello(c)
        r = c.call("register", name=name, password="secret-" + name)
        self.assertEqual(r["type"], "session", r)
        c.token = r["token"]
        return c

    def lobby_offers(self, c):
        r = c.call("lobby")
        self.assertEqual(r["type"], "lobby", r)
        return [o["offer"] for o in r["seeks"]]

    @staticmethod
    def owner_of(srv):
        return re.search(r"owner ([0-9a-f]+)", srv.banner).group(1)

    def games(self):
        return self.pgdb.query("SELECT id, owner FROM games ORDER BY id")

    def test_seek_on_a_accepted_on_b(self):
        alice, bob = self.on(self.srv, "alice"), self.on(self.b, "bob")
        self.assertEqual(self.lobby_offers(bob), [])
        s = alice.call("seek", color="red", base=120)
        self.assertEqual(s["type"], "seek", s)
        bob.expect("seek", offer=s["offer"], **{"from": "alice"})  # through Redis
        self.assertEqual(self.lobby_offers(bob), [s["offer"]])
        g = bob.call("accept", offer=s["offer"])
        self.assertEqual((g["type"], g["you"]), ("game", "black"), g)
        # the author on A gets the game's state as a player
        r = alice.expect("game", game=g["game"])
        self.assertEqual(r["you"], "red")
        bob.expect("offer_gone", offer=s["offer"], reason="accepted")
        self.assertEqual(self.games(), [(str(g["game"]), self.owner_of(self.b))])
        self.assertEqual(self.lobby_offers(alice), [])
        # B owns it: bob moves there
        r = bob.call("move", game=g["game"], move="h7e7")
        self.assertEqual((r["type"], r.get("code")), ("error", "not_your_turn"), r)
        # each player saw the game start once: not again when the owner
        # announced itself, nor when it attached alice's connection
        time.sleep(0.5)  # the attachment's round through Redis
        self.assertEqual(alice.call("ping")["type"], "pong")
        for c in (alice, bob):
            starts = [m for m in c.seen if m.get("type") == "game" and m.get("game") == g["game"]]
            self.assertEqual(len(starts), 1, starts)

    def test_two_accepters_at_once(self):
        for i in range(4):
            alice = self.on(self.srv, "alice%d" % i)
            bob, carol = self.on(self.b, "bob%d" % i), self.on(self.c, "carol%d" % i)
            s = alice.call("seek")
            self.assertEqual(s["type"], "seek", s)
            replies = {}
            start = threading.Barrier(2)

            def accept(name, c):
                start.wait()
                replies[name] = c.call("accept", offer=s["offer"])

            threads = [threading.Thread(target=accept, args=(n, c))
                       for n, c in (("bob", bob), ("carol", carol))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            kinds = sorted((r["type"], r.get("code")) for r in replies.values())
            self.assertEqual(kinds, [("error", "no_such_offer"), ("game", None)], replies)
            won = [n for n, r in replies.items() if r["type"] == "game"][0]
            self.assertEqual(len(self.games()), i + 1)
            self.assertEqual(self.games()[-1][1], self.owner_of(self.b if won == "bob" else self.c))
            alice.expect("game", game=replies[won]["game"])

    def test_challenge_decline_cancel_across(self):
        alice, bob = self.on(self.srv, "alice"), self.on(self.b, "bob")
        ch = alice.call("challenge", to="Bob", base=60)
        self.assertEqual((ch["type"], ch.get("to")), ("challenge", "bob"), ch)
        bob.expect("challenge", offer=ch["offer"])
        self.assertEqual(bob.call("decline", offer=ch["offer"])["type"], "ok")
        alice.expect("offer_gone", offer=ch["offer"], reason="declined")
        ch = alice.call("challenge", to="bob")
        bob.expect("challenge", offer=ch["offer"])
        r = bob.call("cancel", offer=ch["offer"])  # not bob's to cancel
        self.assertEqual(r.get("code"), "not_yours", r)
        self.assertEqual(alice.call("cancel", offer=ch["offer"])["type"], "ok")
        bob.expect("offer_gone", offer=ch["offer"], reason="cancelled")
        r = bob.call("accept", offer=ch["offer"])
        self.assertEqual(r.get("code"), "no_such_offer", r)
        ch = alice.call("challenge", to="bob", color="black")
        bob.expect("challenge", offer=ch["offer"])
        g = bob.call("accept", offer=ch["offer"])
        self.assertEqual((g["type"], g["you"]), ("game", "red"), g)
        alice.expect("game", game=g["game"], you="black")
        # nobody online by that name on the site
        r = alice.call("challenge", to="nobody")
        self.assertEqual(r.get("code"), "no_such_user", r)

    def test_pair_and_rematch_across(self):
        """Quick pairing joins a seek of another process (the game on the
        pairer's); a rematch offered on A to a player on B, who accepts it
        with his own rematch there (the new game on B, the colours swapped)."""
        alice, bob = self.on(self.srv, "alice"), self.on(self.b, "bob")
        p = bob.call("pair", base=180, inc=2, color="black")
        self.assertEqual(p["type"], "seek", p)
        g = alice.call("pair", base=180, inc=2)
        self.assertEqual((g["type"], g["you"]), ("game", "red"), g)
        bob.expect("game", game=g["game"], you="black")
        self.assertEqual(self.games(), [(str(g["game"]), self.owner_of(self.srv))])
        self.assertEqual(alice.call("resign", game=g["game"])["type"], "ok")
        r = alice.call("rematch", game=g["game"])
        self.assertEqual((r["type"], r.get("rematch"), r.get("to")),
                         ("challenge", g["game"], "bob"), r)
        bob.expect("challenge", offer=r["offer"])
        again = alice.call("rematch", game=g["game"])
        self.assertEqual(again.get("code"), "already_offered", again)
        g2 = bob.call("rematch", game=g["game"])
        self.assertEqual((g2["type"], g2["you"]), ("game", "red"), g2)
        alice.expect("game", game=g2["game"], you="black")
        alice.expect("offer_gone", offer=r["offer"], reason="accepted")
        self.assertEqual(self.games()[-1], (str(g2["game"]), self.owner_of(self.b)))

    def test_author_leaving_takes_his_seeks(self):
        alice, bob = self.on(self.srv, "alice"), self.on(self.b, "bob")
        s = alice.call("seek")
        self.assertEqual(self.lobby_offers(bob), [s["offer"]])
        alice2 = self.on(self.c, "alice2")
        alice.close()
        bob.expect("offer_gone", offer=s["offer"], reason="left")
        self.assertEqual(self.lobby_offers(bob), [])
        # one connection of a user left elsewhere on the site keeps his seek
        s2 = alice2.call("seek")
        again = LineClient(self.b.port)
        self.clients.append(again)
        hello(again)
        self.assertEqual(again.call("resume", token=alice2.token)["type"], "session")
        alice2.close()
        time.sleep(0.5)
        self.assertEqual(self.lobby_offers(bob), [s2["offer"]])
        again.close()
        bob.expect("offer_gone", offer=s2["offer"], reason="left")
        # connections on two processes closed at once: the later of the two
        # processes to see it finds no other left (each deletes its own
        # presence before it looks)
        for i in range(3):
            one = self.on(self.srv, "carol%d" % i)
            other = LineClient(self.c.port)
            self.clients.append(other)
            hello(other)
            self.assertEqual(other.call("resume", token=one.token)["type"], "session")
            s3 = one.call("seek")
            one.close()
            other.close()
            bob.expect("offer_gone", offer=s3["offer"], reason="left")

    def test_process_stopped_its_offers_go_at_once(self):
        """A process that stops (SIGTERM) ends its lease: the others' next
        scan removes its offers and tells the lobby (its own publishes would
        not reach Redis once its loop has stopped)."""
        alice, bob = self.on(self.b, "alice"), self.on(self.srv, "bob")
        s = alice.call("seek")
        self.assertEqual(self.lobby_offers(bob), [s["offer"]])
        self.b.stop()
        stopped = time.time()
        bob.expect("offer_gone", timeout=self.LAPSE_S, offer=s["offer"], reason="left")
        self.assertLess(time.time() - stopped, 3, "not at once")
        self.assertEqual(self.lobby_offers(bob), [])
        self.assertEqual(self.pgdb.query("SELECT count(*) FROM offers"), [("0",)])
        self.b.start()  # for tearDown

    def test_process_killed_its_offers_go(self):
        alice, bob = self.on(self.srv, "alice"), self.on(self.b, "bob")
        s = alice.call("seek")
        self.assertEqual(self.lobby_offers(bob), [s["offer"]])
        self.srv.kill()
        killed = time.time()
        bob.expect("offer_gone", timeout=self.LAPSE_S, offer=s["offer"], reason="left")
        took = time.time() - killed
        sys.stderr.write("the killed process's seek gone %.1f s after the SIGKILL\n" % took)
        self.assertGreater(took, 3, "gone before the lease lapsed")
        self.assertEqual(self.lobby_offers(bob), [])
        self.assertEqual(self.pgdb.query("SELECT count(*) FROM offers"), [("0",)])
        self.assertEqual(self.pgdb.query("SELECT count(*) FROM presence WHERE owner = :'o'",
                                         o=self.owner_of(self.srv)), [("0",)])


class Forward(Base):
    """Three processes of a site (one PostgreSQL database, a Redis of the
    test's own): a command for a game owned by another process is forwarded
    to its owner, which serves the client as if it were connected there
    (docs/server.md, "Forwarding"). Players of one game on different
    processes play it to the end, a watcher on a third sees every move; draw
    offers, a player's departure and its grace, the owner killed (the game
    taken over, the players going on without reconnecting), Redis stopped
    (forwarded commands refused with site_unavailable, then served again)."""
    args = ("--guests", "--grace", "30")
    TAKEOVER_S = 20  # the lease (6 s), a scan (1 s), unanswered forwards (3 s), a loaded machine

    def pg_server(self):
        if not pgtest.CONNINFO:
            self.skipTest("PostgreSQL only (XQ_TEST_PG)")
        if not REDIS_INSTANCE or not REDIS_PRIVATE:
            self.skipTest("no Redis instance (XQ_REDIS_INSTANCE, XQ_REDIS_PRIVATE)")
        self.redis = RedisInstance(os.path.join(REDIS_PRIVATE, "forward-%d" % os.getpid()))
        self.args = tuple(self.args) + ("--broker", self.redis.url)
        return pgtest.CONNINFO

    def setUp(self):
        super().setUp()
        self.pb = Server(BINARY, self.db, *self.args).start()
        self.pc = Server(BINARY, self.db, *self.args).start()

    def tearDown(self):
        try:
            for s in (getattr(self, "pb", None), getattr(self, "pc", None)):
                if s:
                    s.stop()
            super().tearDown()
        finally:
            if hasattr(self, "redis"):
                self.redis.stop()

    def on(self, srv, token=None):
        """A connection to srv resuming the session of token (None: a guest)."""
        c = LineClient(srv.port)
        self.clients.append(c)
        hello(c)
        r = c.call("resume", token=token) if token else c.call("guest")
        self.assertEqual(r["type"], "session", r)
        return c

    def stored(self, gid):
        return [(int(p), m) for p, m in self.pgdb.query(
            "SELECT ply, move FROM moves WHERE game = :gid ORDER BY ply", gid=gid)]

    def owner(self, gid):
        return self.pgdb.query("SELECT owner FROM games WHERE id = :gid", gid=gid)[0][0]

    def split(self, base=600):
        """alice and bob start a game on the first process (its owner); bob
        goes on from the second: the game id, alice's and bob's connections."""
        a, b = self.user("alice"), self.user("bob")
        gid = self.game(a, b, base=base)
        self.assertIn("owner " + self.owner(gid), self.srv.banner)
        b2 = self.on(self.pb, b.token)
        b2.token = b.token
        st = b2.expect("game", game=gid)  # attached at resume: the owner sent the state
        self.assertEqual(st["you"], "black")
        b.close()
        return gid, a, b2

    def until(self, c, cmd, done, timeout=None, **fields):
        """Send cmd until done(answer) or the time is out: the last answer."""
        end = time.time() + (timeout or self.TAKEOVER_S)
        while True:
            r = c.call(cmd, **fields)
            if done(r) or time.time() > end:
                return r
            time.sleep(0.2)

    def test_game_across_three_processes(self):
        gid, a, b2 = self.split(base=300)
        w = self.on(self.pc)
        st = w.call("watch", game=gid)
        self.assertEqual((st["type"], st["game"], st["you"]), ("game", gid, None), st)
        r = b2.call("say", to=gid, text="from the second process")
        self.assertEqual(r["type"], "chat", r)
        a.expect("chat", text="from the second process")
        w.expect("chat", text="from the second process")
        self.play(gid, a, b2, MATE)
        for ply, mv in enumerate(MATE, 1):
            w.expect("move", game=gid, ply=ply, move=mv)
        for c in (a, b2, w):
            e = c.expect("end", game=gid)
            self.assertEqual((e["result"], e["reason"]), ("1-0", "checkmate"), e)
        self.assertEqual(self.stored(gid), list(enumerate(MATE, 1)))
        st = b2.call("state", game=gid)  # finished: answered from the store, here
        self.assertEqual((st["type"], st["result"]), ("game", "1-0"), st)
        r = b2.call("move", game=gid, move="a9a8")
        self.assertEqual(r.get("code"), "game_over", r)
        m = metrics(self.srv.port)
        self.assertGreaterEqual(m["xq_remote_connections"], 1)  # b2 and w, not sockets
        self.assertEqual(m["xq_connections"], 1)  # a only

    def test_errors_come_back_and_commands_need_the_right_player(self):
        gid, a, b2 = self.split()
        r = b2.call("move", game=gid, move="h9g7")
        self.assertEqual((r["type"], r.get("code")), ("error", "not_your_turn"), r)
        self.assertEqual(a.call("move", game=gid, move="h2e2")["ply"], 1)
        b2.expect("move", game=gid, ply=1)
        r = b2.call("move", game=gid, move="zz")
        self.assertEqual(r.get("code"), "bad_move", r)
        w = self.on(self.pc)
        r = w.call("move", game=gid, move="h9g7")
        self.assertEqual(r.get("code"), "not_your_game", r)
        r = b2.call("premove", game=gid, move="h9g7")
        self.assertEqual(r.get("code"), "not_allowed", r)  # bob's turn: no premove
        self.assertEqual(self.stored(gid), [(1, "h2e2")])

    def test_user_events_once(self):
        """alice has a connection on the owner and one on the third process
        (attached to the owner as a remote connection): an event of her user
        (her premove, told to her other connections) reaches the second one
        once, through its own process's user.ID, not again through the owner."""
        gid, a, b2 = self.split()
        a2 = self.on(self.pc, a.token)
        a2.expect("game", game=gid)
        self.assertEqual(a.call("move", game=gid, move="h2e2")["ply"], 1)
        r = a.call("premove", game=gid, move="h0g2")
        self.assertEqual((r["type"], r.get("move")), ("premove", "h0g2"), r)
        time.sleep(1)
        got = [m for m in a2.drain() if m["type"] == "premove"]
        self.assertEqual(len(got), 1, got)
        self.assertEqual(metrics(self.srv.port)["xq_remote_connections"], 2)  # b2, a2

    def test_engine_game_through_another_process(self):
        """A game against the engine owned by the first process: alice's
        session on the second is attached to it at once (its state), her
        move is forwarded and the engine's answer comes back."""
        a = self.user("alice")
        g = a.call("engine", level=0, color="red", base=600)
        self.assertEqual((g["type"], g["you"]), ("game", "red"), g)
        gid = g["game"]
        a2 = self.on(self.pb, a.token)
        self.assertEqual(a2.expect("game", game=gid)["ply"], 0)
        a.close()
        self.assertEqual(a2.call("move", game=gid, move="h2e2")["ply"], 1)
        a2.expect("move", game=gid, ply=2)
        self.assertEqual(len(self.stored(gid)), 2)

    def test_draw_offer_and_accept_across(self):
        gid, a, b2 = self.split()
        self.play(gid, a, b2, ["h2e2", "h9g7"])
        self.assertEqual(b2.call("draw", game=gid)["type"], "ok")
        a.expect("offer", game=gid, kind="draw", by="black", state="offered")
        self.assertEqual(a.call("draw", game=gid)["type"], "ok")
        for c in (a, b2):
            e = c.expect("end", game=gid)
            self.assertEqual((e["result"], e["reason"]), ("1/2-1/2", "agreement"), e)
        result = self.pgdb.query("SELECT result FROM games WHERE id = :gid", gid=gid)[0][0]
        self.assertNotEqual(str(result), "0")

    def test_player_leaves_on_another_process(self):
        """bob's connection to the second process closes: the owner hears it,
        bob is absent, and when his grace runs out the game is alice's."""
        self.srv.stop()
        self.srv = Server(BINARY, self.db, "--guests", "--grace", "2",
                          "--broker", self.redis.url).start()
        gid, a, b2 = self.split()
        self.play(gid, a, b2, ["h2e2", "h9g7"])
        b2.close()
        p = a.expect("presence", game=gid, color="black")
        self.assertFalse(p["present"], p)
        e = a.expect("end", game=gid, timeout=15)
        self.assertEqual((e["reason"], e["winner"]), ("abandonment", "red"), e)

    def test_owner_killed_players_go_on(self):
        """alice on the second process, bob on the third, the game's owner (the
        first) killed with SIGKILL: another process takes it over, and both
        go on without reconnecting; every acknowledged move stored once."""
        gid, a, b2 = self.split()
        a2 = self.on(self.pc, a.token)
        a2.expect("game", game=gid)
        a.close()
        acked = ["h2e2", "h9g7", "h0g2", "i9h9"]
        self.play(gid, a2, b2, acked)
        w = self.on(self.pb)  # a watcher through the owner, on bob's process
        self.assertEqual(w.call("watch", game=gid)["ply"], 4)
        owner = self.owner(gid)
        self.srv.kill()
        killed = time.time()
        r = self.until(a2, "move", lambda r: r.get("code") != "game_elsewhere", game=gid,
                       move="i0h0")
        self.assertEqual((r["type"], r.get("ply")), ("move", 5), r)
        sys.stderr.write("forwarded to the new owner %.1f s after the SIGKILL\n"
                         % (time.time() - killed))
        self.assertNotEqual(self.owner(gid), owner)
        b2.expect("move", game=gid, ply=5, move="i0h0")  # without reconnecting
        w.expect("move", game=gid, ply=5, move="i0h0")  # the watcher too
        self.assertEqual(b2.call("move", game=gid, move="a6a5")["ply"], 6)
        a2.expect("move", game=gid, ply=6)
        self.assertEqual(a2.call("resign", game=gid)["type"], "ok")
        e = b2.expect("end", game=gid)
        self.assertEqual(e["winner"], "black", e)
        self.assertEqual(self.stored(gid), list(enumerate(acked + ["i0h0", "a6a5"], 1)))

    def test_forwarding_process_killed(self):
        """The process bob plays through is killed: the owner hears it fall
        silent and bob is absent (his grace runs); he resumes on a third
        process and is back, and plays on."""
        gid, a, b2 = self.split()
        self.play(gid, a, b2, ["h2e2", "h9g7"])
        self.pb.kill()
        killed = time.time()
        p = a.expect("presence", game=gid, color="black", timeout=15)
        self.assertFalse(p["present"], p)
        sys.stderr.write("the owner dropped the dead process's player %.1f s after its "
                         "SIGKILL\n" % (time.time() - killed))
        b3 = self.on(self.pc, b2.token)
        self.assertEqual(b3.expect("game", game=gid)["ply"], 2)
        p = a.expect("presence", game=gid, color="black")
        self.assertTrue(p["present"], p)
        self.play_from(gid, a, b3, 3, ["h0g2", "i9h9"])

    def play_from(self, gid, red, black, ply, moves):
        side = [red, black]
        for i, mv in enumerate(moves):
            me, other = side[(ply - 1 + i) % 2], side[(ply + i) % 2]
            r = me.call("move", game=gid, move=mv)
            self.assertEqual((r["type"], r.get("ply")), ("move", ply + i), r)
            other.expect("move", game=gid, ply=ply + i, move=mv)

    def test_round_trip_figures(self):
        """A move's round trip for a player on the owner and for one whose
        moves are forwarded (printed: docs/server.md, "Forwarding"), over a
        game of legal moves; every acknowledged move in the store once."""
        gid, a, b2 = self.split()
        side, times, legal, played = [a, b2], ([], []), None, []
        pick = __import__("random").Random(40)
        for ply in range(1, 81):
            me = side[(ply - 1) % 2]
            mv = pick.choice(legal) if legal else "h2e2"
            t0 = time.perf_counter()
            r = me.call("move", game=gid, move=mv)
            times[(ply - 1) % 2].append(time.perf_counter() - t0)
            if r.get("code") == "game_over":  # ended by the rules (a repetition ...)
                break
            self.assertEqual((r["type"], r.get("ply")), ("move", ply), r)
            played.append(mv)
            ev = side[ply % 2].expect("move", game=gid, ply=ply)
            legal = ev.get("legal")
            if not legal:
                break
        self.assertEqual(self.stored(gid), list(enumerate(played, 1)))
        med = [sorted(t)[len(t) // 2] * 1000 for t in times]
        sys.stderr.write("move round trip, median of %d and %d: on the owner %.2f ms, "
                         "forwarded %.2f ms\n" % (len(times[0]), len(times[1]), med[0], med[1]))

    def test_redis_stopped(self):
        gid, a, b2 = self.split()
        self.play(gid, a, b2, ["h2e2"])
        self.redis.pause()
        try:
            r = self.until(b2, "move", lambda r: r.get("code") == "site_unavailable", game=gid,
                           move="h9g7")
            self.assertEqual(r.get("code"), "site_unavailable", r)
            self.assertIn("unreachable", r["message"])
            self.assertEqual(self.stored(gid), [(1, "h2e2")])  # nothing half-applied
        finally:
            self.redis.resume()
        r = self.until(b2, "move", lambda r: r["type"] != "error" or
                       r.get("code") not in ("site_unavailable", "game_elsewhere"),
                       game=gid, move="h9g7")
        self.assertEqual((r["type"], r.get("ply")), ("move", 2), r)
        a.expect("move", game=gid, ply=2)
        self.assertEqual(self.stored(gid), [(1, "h2e2"), (2, "h9g7")])


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        BINARY = sys.argv.pop(1)
    if os.environ.get("XQ_TEST_PG") and pgtest.skip_reason():
        print("PostgreSQL tests skipped: " + pgtest.skip_reason())
        sys.exit(77)
    if os.environ.get("XQ_TEST_BROKER") == "1" and not SITE_BROKER:
        print("Redis tests skipped: no Redis (XQ_TEST_REDIS_DIR/url; Debian: redis-server)")
        sys.exit(77)
    unittest.main(verbosity=1)
