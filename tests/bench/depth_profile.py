#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where the depth goes: UCI engines on the same positions (a benchmark, not a test).

For each engine and each position of an openings file (ICCS moves from the start, as
xq-match reads them), two searches from a fresh table (``ucinewgame``):

* ``go depth D``: the nodes and time at the end of every iteration, from which the
  effective branching factor (EBF) between depths A and D is
  (nodes(D) / nodes(A)) ** (1 / (D - A)), the geometric mean over positions;
* ``go movetime T``: the depth and selective depth the engine reached.

    PYTHONPATH=bindings/python XQ_LIBRARY=build/libxiangqi.so.1 \\
    tests/bench/depth_profile.py --engine xq=build/bin/xq-uci --engine pika=/path/pikafish \\
        [--openings programs/match/openings.txt] [--positions 40] [--depth 12] [--ebf-from 6] \\
        [--movetime 100] [--option NAME=Threads:1 ...]

The engines are driven by the Python package's UCI client (xiangqi.engine); an
engine's command is split at spaces.

Depths are each engine's own: Stockfish-style engines count a reduced iteration as a
full one, so the EBF and the time to a depth compare better than the depth alone.
Prints a table per engine and the load average before and after (the figures are
only as good as the machine was idle).
"""
import argparse
import math
import os
import sys
import time

import xiangqi
import xiangqi.engine


def per_depth(engine, moves, limit):
    """Searches the position after moves from a fresh table (``ucinewgame``);
    {depth: (seldepth, nodes, ms)} of the last exact info of each depth."""
    board = xiangqi.Board()
    for mv in moves:
        board.push_uci(mv)
    out = {}
    with engine.analysis(board, limit, game=object()) as search:
        for info in search:
            score = info.get("score")
            if "pv" not in info or "depth" not in info or "nodes" not in info or "time" not in info \
                    or (score is not None and score.relative.bound != xiangqi.Bound.EXACT):
                continue
            d = info["depth"]
            out[d] = (info.get("seldepth", d), info["nodes"], int(round(info["time"] * 1000)))
    return out


def read_openings(path, count):
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                lines.append(line.split())
    return lines[:count]


def geo_mean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def profile(engine, openings, args):
    ebfs, depths, seldepths, ttd, nps, nodes = [], [], [], [], [], []
    for moves in openings:
        d = per_depth(engine, moves, xiangqi.engine.Limit(depth=args.depth))
        if args.depth in d and args.ebf_from in d and d[args.ebf_from][1] > 0:
            ebfs.append((d[args.depth][1] / d[args.ebf_from][1]) ** (1.0 / (args.depth - args.ebf_from)))
            ttd.append(d[args.depth][2])
            nodes.append(d[args.depth][1])
            if d[args.depth][2] > 0:
                nps.append(1000.0 * d[args.depth][1] / d[args.depth][2])
        t = (per_depth(engine, moves, xiangqi.engine.Limit(time=args.movetime / 1000))
             if args.movetime > 0 else {})
        if t:
            last = max(t)
            depths.append(last)
            seldepths.append(t[last][0])
    return {
        "positions": len(openings),
        "ebf": geo_mean(ebfs),
        "time_to_depth_ms": sum(ttd) / len(ttd) if ttd else float("nan"),
        "time_to_depth_median_ms": sorted(ttd)[len(ttd) // 2] if ttd else float("nan"),
        "nps": sum(nps) / len(nps) if nps else float("nan"),
        "nodes": geo_mean(nodes),
        "depth": sum(depths) / len(depths) if depths else float("nan"),
        "seldepth": sum(seldepths) / len(seldepths) if seldepths else float("nan"),
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", action="append", required=True, help="NAME=COMMAND")
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=KEY:VALUE, a UCI option for one engine (NAME '*' for all)")
    ap.add_argument("--openings", default=os.path.join(here, "..", "..", "programs", "match", "openings.txt"))
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--ebf-from", type=int, default=6)
    ap.add_argument("--movetime", type=int, default=100, help="0: no timed searches")
    args = ap.parse_args()
    if not 1 <= args.ebf_from < args.depth:
        ap.error("--ebf-from must be at least 1 and below --depth")
    openings = read_openings(args.openings, args.positions)
    if not openings:
        ap.error(f"{args.openings}: no openings")
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(f"{len(openings)} positions (8 plies of {args.openings}); go depth {args.depth}, "
          f"EBF over depths {args.ebf_from}..{args.depth}; go movetime {args.movetime}")
    print(f"{'engine':<12} {'EBF':>6} {'ms to d' + str(args.depth):>11} {'median':>8} {'knps':>7} "
          f"{'depth@' + str(args.movetime) + 'ms':>12} {'seldepth':>9} {'knodes d' + str(args.depth):>11}")
    for spec in args.engine:
        name, _, cmd = spec.partition("=")
        if not cmd:
            ap.error(f"--engine {spec}: NAME=COMMAND")
        options = {"Threads": 1, "Hash": 16}
        for o in args.option:
            who, _, kv = o.partition("=")
            key, _, value = kv.partition(":")
            if who in (name, "*"):
                options[key] = value
        start = time.monotonic()
        with xiangqi.engine.popen_uci(cmd.split()) as engine:
            engine.configure(options)
            r = profile(engine, openings, args)
        print(f"{name:<12} {r['ebf']:6.3f} {r['time_to_depth_ms']:11.0f} {r['time_to_depth_median_ms']:8.0f} "
              f"{r['nps'] / 1000:7.0f} {r['depth']:12.2f} {r['seldepth']:9.2f} {r['nodes'] / 1000:11.0f}   ({time.monotonic() - start:.0f} s)",
              flush=True)
    la = os.getloadavg()
    print(f"load after: {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
