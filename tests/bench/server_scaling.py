# SPDX-License-Identifier: MIT
"""The server's cost per move as connections grow (a benchmark that prints
figures, not a test; issue 40, point 6).

Runs the load benchmark (xq-server-load) at each number of connections for
each event loop, every client a player, and prints the server's CPU time per
move (moves per CPU second: the figure that depends least on the machine's
load), moves per second and the move round trip. `--think MS` is each
player's pause before a move: with it the loop wakes for few events at a
time, as on a real site, and a loop that looks at every connection each turn
pays for it; without it (0) the clients send as fast as the server answers.

usage: server_scaling.py --load BUILD/tests/xq-server-load --server BUILD/bin/xq-server
                         [--connections 200,1000,5000] [--loops uv,poll]
                         [--think 500] [--plies 20] [--repeat 1]

The load average (uptime) is printed before and after: take figures on an
otherwise idle machine."""
import argparse
import re
import subprocess
import sys

FIGURES = {
    "moves_per_s": re.compile(r"^moves +\d+ in [\d.]+ s: (\d+) moves/s", re.M),
    "per_cpu_s": re.compile(r"^server CPU .*: (\d+) moves per CPU second", re.M),
    "rtt": re.compile(r"^move round trip +p50 ([\d.]+) ms +p99 ([\d.]+) ms", re.M),
}


def uptime():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def run(a, conns, loop):
    cmd = [a.load, "--server", a.server, "--clients", str(conns), "--games", str(conns // 2),
           "--plies", str(a.plies), "--think", str(a.think), "--timeout", str(a.timeout),
           "--server-arg", "--event-loop", "--server-arg", loop]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout + 60)
    out = p.stdout
    if p.returncode != 0:
        sys.stderr.write(out + p.stderr)
        raise SystemExit("server_scaling: %s failed (%d)" % (" ".join(cmd), p.returncode))
    found = {k: r.search(out) for k, r in FIGURES.items()}
    if not all(found.values()):
        raise SystemExit("server_scaling: unexpected output of xq-server-load:\n" + out)
    return (int(found["per_cpu_s"].group(1)), int(found["moves_per_s"].group(1)),
            float(found["rtt"].group(1)), float(found["rtt"].group(2)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--load", required=True, help="the load benchmark, xq-server-load")
    ap.add_argument("--server", required=True, help="xq-server")
    ap.add_argument("--connections", default="200,1000,5000")
    ap.add_argument("--loops", default="uv,poll")
    ap.add_argument("--think", type=int, default=500, help="ms before each move (0: none)")
    ap.add_argument("--plies", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=1, help="runs of each; the median is shown")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per run")
    a = ap.parse_args()
    conns = [int(x) for x in a.connections.split(",")]
    loops = a.loops.split(",")
    print("server_scaling: think %d ms, %d plies a game, load average before: %s"
          % (a.think, a.plies, uptime()))
    print("%-12s %-5s %16s %10s %18s" % ("connections", "loop", "moves/CPU second", "moves/s",
                                          "round trip p50/p99"))
    for n in conns:
        for loop in loops:
            runs = sorted(run(a, n, loop) for _ in range(a.repeat))
            cpu, mps, p50, p99 = runs[len(runs) // 2]
            print("%-12d %-5s %16d %10d %11.1f/%.1f ms" % (n, loop, cpu, mps, p50, p99),
                  flush=True)
    print("server_scaling: load average after: %s" % uptime())


if __name__ == "__main__":
    main()
