#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How much of a fixed move time a UCI engine uses.

Sends `go movetime MS` for positions taken from an opening file (each
opening line, then the same line with its last move dropped, ...) and
measures the wall time from writing `go` to reading `bestmove`. Prints the
mean, median, minimum and maximum time used and the mean as a share of MS,
then the mean of the last `info ... time` the engine reported before
`bestmove` (its own view; the last info line may precede the stop).

    tests/bench/movetime_use.py ENGINE [--movetime MS] [--positions N]
                                [--openings FILE]
"""
import argparse
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--positions", type=int, default=50)
    ap.add_argument("--openings", default="programs/match/openings.txt")
    a = ap.parse_args()

    lines = []
    with open(a.openings) as f:
        for ln in f:
            ln = ln.strip()
            if ln and not ln.startswith("#") and not ln.startswith("fen"):
                lines.append(ln.split())
    positions = []
    cut = 0
    while len(positions) < a.positions and cut < 8:
        for mv in lines:
            if len(positions) >= a.positions:
                break
            positions.append(mv[: len(mv) - cut])
        cut += 1

    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    last_time = [None]

    def wait_for(prefix):
        while True:
            ln = p.stdout.readline()
            if not ln:
                sys.exit("engine exited")
            t = ln.split()
            if t and t[0] == "info" and "time" in t:
                last_time[0] = int(t[t.index("time") + 1])
            if ln.startswith(prefix):
                return ln

    send("uci")
    wait_for("uciok")
    used = []
    reported = []
    for mv in positions:
        send("position startpos" + (" moves " + " ".join(mv) if mv else ""))
        send("isready")
        wait_for("readyok")
        last_time[0] = None
        t0 = time.monotonic()
        send("go movetime %d" % a.movetime)
        wait_for("bestmove")
        used.append((time.monotonic() - t0) * 1000.0)
        if last_time[0] is not None:
            reported.append(last_time[0])
    send("quit")
    p.wait()
    mean = statistics.mean(used)
    print("positions %d  movetime %d ms  used: mean %.1f ms (%.1f%%)  median %.1f  min %.1f  max %.1f"
          % (len(used), a.movetime, mean, 100.0 * mean / a.movetime,
             statistics.median(used), min(used), max(used)))
    if reported:
        rm = statistics.mean(reported)
        print("engine's last reported info time: mean %.1f ms (%.1f%%)  min %d  max %d"
              % (rm, 100.0 * rm / a.movetime, min(reported), max(reported)))


if __name__ == "__main__":
    main()
