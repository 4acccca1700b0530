#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Games per second of the Python binding's PGN reading (prints figures; not a test).

Reads the same games three ways: as xiangqi.Record (the C record, nothing
built in Python), as xiangqi.pgn.Game trees (read_pgn: a Python object per
node, with comments, NAGs and variations), and as Game trees from Records
already read (Game.from_record alone: the cost of filling the tree). The
best of --repeat runs of each.

usage: XQ_LIBRARY=build/dev/libxiangqi.so.1 PYTHONPATH=bindings/python \\
       python3 tests/bench/game_tree_bench.py [PGN] [--games N] [--repeat R]
"""
import argparse
import itertools
import os
import sys
import time

import xiangqi
from xiangqi.pgn import Game

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "..", "data", "games", "liu-dahua-1125-uci.pgn")


def best_rate(fn, n, repeat):
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        done = fn()
        seconds = time.perf_counter() - t0
        assert done == n, (done, n)
        best = seconds if best is None else min(best, seconds)
    return n / best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="?", default=DEFAULT)
    ap.add_argument("--games", type=int, default=1125, help="games to read (default 1125)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept")
    args = ap.parse_args()
    with xiangqi.PgnReader(args.pgn) as r:
        n = sum(1 for _ in itertools.islice(r, args.games))
    plies = 0
    with xiangqi.PgnReader(args.pgn) as r:
        records = list(itertools.islice(r, n))
    for rec in records:
        plies += len(rec.mainline())

    def read_records():
        with xiangqi.PgnReader(args.pgn) as reader:
            return sum(1 for rec in itertools.islice(reader, n) if rec.close() is None)

    def read_games():
        with xiangqi.read_pgn(args.pgn) as reader:
            return sum(1 for _ in itertools.islice(reader, n))

    def fill_games():
        return sum(1 for rec in records if Game.from_record(rec) is not None)

    print("%s: %d games, %.1f plies a game (main lines), libxiangqi %s, Python %s"
          % (os.path.basename(args.pgn), n, plies / n, xiangqi.library_version_string(),
             sys.version.split()[0]))
    print("Records (PgnReader)          %8.0f games/s" % best_rate(read_records, n, args.repeat))
    print("Game trees (read_pgn)        %8.0f games/s" % best_rate(read_games, n, args.repeat))
    print("Game.from_record alone       %8.0f games/s" % best_rate(fill_games, n, args.repeat))


if __name__ == "__main__":
    main()
