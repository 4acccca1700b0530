#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Perft speed of xq-perft side by side with Fairy-Stockfish, in one run.

For the start position (depths 5 and, with --deep, 6) and every line of the
perft suite (at its deepest listed depth whose count is at most --max-nodes),
both programs count the same tree; the table shows nodes/s and the ratio.
Counts are checked against the suite as well. Single thread for both.

usage: perft_compare.py --xq-perft build/bin/xq-perft
                        [--fairy /usr/games/fairy-stockfish]
                        [--epd tests/data/perft.epd] [--max-nodes N] [--deep]
"""
import argparse
import re
import subprocess
import sys
import time

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def xq_perft(exe, fen, depth):
    t0 = time.monotonic()
    out = subprocess.run([exe, "--fen", fen, "--depth", str(depth), "--divide"],
                         check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - t0
    m = re.search(r"nodes (\d+)\s+time ([\d.]+) s", out)
    if not m:
        sys.exit("unexpected xq-perft output:\n" + out)
    # The program's own timer excludes process start-up and board parsing.
    return int(m.group(1)), float(m.group(2)) or wall


class Fairy:
    def __init__(self, exe):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line.strip()
        sys.exit("fairy-stockfish exited")

    def perft(self, fen, depth):
        self.send("position fen " + fen)
        self.send("isready")
        self.wait_for("readyok")
        t0 = time.monotonic()
        self.send("go perft %d" % depth)
        line = self.wait_for("Nodes searched")
        dt = time.monotonic() - t0
        return int(line.split(":")[1]), dt

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xq-perft", required=True)
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    ap.add_argument("--epd", default="tests/data/perft.epd")
    ap.add_argument("--max-nodes", type=int, default=50_000_000)
    ap.add_argument("--deep", action="store_true", help="also the start position at depth 6")
    args = ap.parse_args()

    jobs = [("start", START, 5, 133312995)]
    if args.deep:
        jobs.append(("start", START, 6, 5392831844))
    with open(args.epd) as f:
        for i, line in enumerate(f, 1):
            if ";" not in line:
                continue
            fen, *fields = [x.strip() for x in line.split(";")]
            counts = {int(k[1:]): int(v) for k, v in (x.split() for x in fields)}
            ok = [d for d, n in counts.items() if n <= args.max_nodes and n > 0]
            if ok:
                d = max(ok)
                jobs.append(("line %d" % i, fen, d, counts[d]))

    fairy = Fairy(args.fairy)
    print("%-8s %5s %14s %10s %12s %10s %12s %7s" %
          ("position", "depth", "nodes", "xq s", "xq nodes/s", "fairy s", "fairy n/s", "ratio"))
    tot = {"nodes": 0, "xq": 0.0, "fairy": 0.0}
    suite = {"nodes": 0, "xq": 0.0, "fairy": 0.0}
    bad = 0
    for name, fen, depth, expect in jobs:
        n1, t1 = xq_perft(args.xq_perft, fen, depth)
        n2, t2 = fairy.perft(fen, depth)
        if n1 != expect or n2 != expect:
            print("COUNT MISMATCH %s D%d: xq %d fairy %d expected %d" % (name, depth, n1, n2, expect))
            bad += 1
        print("%-8s %5d %14d %10.3f %12.0f %10.3f %12.0f %6.1fx" %
              (name, depth, n1, t1, n1 / t1, t2, n2 / t2, (n1 / t1) / (n2 / t2)))
        sys.stdout.flush()
        for acc in (tot,) + ((suite,) if name != "start" else ()):
            acc["nodes"] += n1
            acc["xq"] += t1
            acc["fairy"] += t2
    fairy.close()
    for label, acc in (("suite", suite), ("all", tot)):
        if acc["xq"] > 0:
            print("%-8s %5s %14d %10.3f %12.0f %10.3f %12.0f %6.1fx" %
                  (label, "", acc["nodes"], acc["xq"], acc["nodes"] / acc["xq"], acc["fairy"],
                   acc["nodes"] / acc["fairy"], acc["fairy"] / acc["xq"]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
