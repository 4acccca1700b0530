#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The mate suite under a time limit: does a UCI engine find each mate?

For every position of an EPD file with `; mate N` (tests/data/mates.epd by
default) it sends `go movetime MS` and reads the engine's `info` lines. A
position counts as solved when the last score before `bestmove` is a mate
in at most N moves for the side to move and the best move starts that mate
(the engine's first PV move). For each position it prints the time of the
first `info` line that reported a mate in at most N (the engine's own
`time` field, and the wall time since `go`), then the number solved and
the median and maximum of those times.

    tests/bench/mate_suite.py ENGINE [--movetime MS] [--epd FILE]
                              [--threads N] [--hash MB]

With --fen FEN --mate N it runs one position instead of the file (for
example the quiet mate in 2 of issue 17, at --movetime 50).
"""
import argparse
import statistics
import subprocess
import sys
import time


def read_epd(path):
    out = []
    with open(path) as f:
        for ln in f:
            ln = ln.strip()
            if not ln or ln.startswith("#") or ";" not in ln:
                continue
            fen, _, op = ln.partition(";")
            op = op.split()
            if len(op) >= 2 and op[0] == "mate":
                out.append((fen.strip(), int(op[1])))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("--movetime", type=int, default=300)
    ap.add_argument("--epd", default="tests/data/mates.epd")
    ap.add_argument("--fen")
    ap.add_argument("--mate", type=int)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    a = ap.parse_args()
    if a.fen:
        if not a.mate:
            sys.exit("--fen needs --mate N")
        positions = [(a.fen, a.mate)]
    else:
        positions = read_epd(a.epd)
    if not positions:
        sys.exit("no positions")

    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def readline():
        ln = p.stdout.readline()
        if not ln:
            sys.exit("engine exited")
        return ln.split()

    send("uci")
    while readline()[:1] != ["uciok"]:
        pass
    send("setoption name Threads value %d" % a.threads)
    send("setoption name Hash value %d" % a.hash)
    solved, times = 0, []
    for i, (fen, n) in enumerate(positions, 1):
        send("ucinewgame")
        send("position fen " + fen)
        send("isready")
        while readline()[:1] != ["readyok"]:
            pass
        t0 = time.monotonic()
        send("go movetime %d" % a.movetime)
        first = None  # (engine ms, wall ms) of the first mate in <= n
        last_mate = None
        pv_move = None
        while True:
            t = readline()
            if not t:
                continue
            if t[0] == "bestmove":
                best = t[1] if len(t) > 1 else None
                break
            if t[0] != "info" or "score" not in t:
                continue
            k = t.index("score")
            if t[k + 1] == "mate":
                last_mate = int(t[k + 2])
                if 0 < last_mate <= n and first is None:
                    ms = int(t[t.index("time") + 1]) if "time" in t else None
                    first = (ms, (time.monotonic() - t0) * 1000)
            else:
                last_mate = None
            if "pv" in t and t.index("pv") + 1 < len(t):
                pv_move = t[t.index("pv") + 1]
        ok = last_mate is not None and 0 < last_mate <= n and best == pv_move
        solved += ok
        if ok and first:
            times.append(first[1])
        print("%3d mate %d: %s%s" % (i, n, "solved" if ok else "NOT solved",
                                     "  first mate score at %s ms (wall %.0f ms)" %
                                     (first[0], first[1]) if first else ""))
    send("quit")
    p.wait()
    print("solved %d of %d at movetime %d" % (solved, len(positions), a.movetime), end="")
    if times:
        print("; first mate score: median %.0f ms, max %.0f ms (wall)" %
              (statistics.median(times), max(times)))
    else:
        print()
    return 0 if solved == len(positions) else 1


if __name__ == "__main__":
    sys.exit(main())
