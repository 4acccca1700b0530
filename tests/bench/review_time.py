#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The time xq-server takes to review a game (the `analyse` command,
docs/protocol.md "Review"): it starts the server on 127.0.0.1 with a fresh
database, plays a game of PLIES plies between two users (each move drawn from
the position's legal moves with a fixed seed; a game over earlier by the rules
is replaced by the next seed), asks for the review and prints the wall time
until the `analysis` arrives, per position too, with the load average.

usage: review_time.py XQ_SERVER [--plies 120] [--seed 1] [--review-threads 1]
"""
import argparse
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "server"))
from xqclient import LineClient, Server, hello  # noqa: E402


def user(port, name):
    c = LineClient(port)
    hello(c)
    r = c.call("register", name=name, password="secret-" + name)
    assert r["type"] == "session", r
    return c


def play_game(a, b, plies, seed):
    """A game of `plies` random legal moves (seeded); its id, or None when the
    rules ended it earlier."""
    rng = random.Random(seed)
    s = a.call("seek", color="red", base=3600, inc=0)
    g = b.call("accept", offer=s["offer"])
    gid, legal = g["game"], g["legal"]
    for i in range(plies):
        mover = (a, b)[i % 2]
        r = mover.call("move", game=gid, move=rng.choice(legal))
        assert r["type"] == "move", r
        legal = r["legal"]
        if not legal and i + 1 < plies:
            return None
    if (a, b)[plies % 2].call("resign", game=gid)["type"] != "ok":
        return None
    return gid


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("server")
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--review-threads", type=int, default=1)
    o = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="xq-review-bench-")
    srv = Server(o.server, os.path.join(tmp, "t.db"), "--review-threads",
                 str(o.review_threads)).start()
    try:
        a, b = user(srv.port, "alice"), user(srv.port, "bob")
        gid, seed = None, o.seed
        while gid is None:
            gid = play_game(a, b, o.plies, seed)
            seed += 1
        load0 = os.getloadavg()
        t0 = time.monotonic()
        p = a.call("analyse", game=gid)
        assert p["type"] == "analysis_progress", p
        r = a.expect("analysis", game=gid, timeout=3600)
        dt = time.monotonic() - t0
        load1 = os.getloadavg()
        classes = {}
        for m in r["moves"]:
            classes[m["class"]] = classes.get(m["class"], 0) + 1
        n = len(r["values"])
        print("game %d: %d plies (%d moves a side), %d positions at %d nodes, %d review thread(s)"
              % (gid, o.plies, o.plies // 2, n, r["nodes"], o.review_threads))
        print("review time %.1f s, %.0f ms a position" % (dt, 1000 * dt / n))
        print("classes %s" % ", ".join("%s %d" % kv for kv in sorted(classes.items())))
        t1 = time.monotonic()
        again = a.call("analyse", game=gid)
        print("stored review answered in %.1f ms (%s)" % (1000 * (time.monotonic() - t1), again["type"]))
        print("load average %.2f %.2f %.2f before, %.2f %.2f %.2f after" % (load0 + load1))
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
