#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Progress figures of xq-match games (issue 17): how long the games run,
how many end at the no-capture limit, and whether an engine that reached a
clearly won score went on to win.

Run a fixed-node match with a PGN, e.g.:

    xq-match -engine cmd=build/dev/bin/xq-uci name=new \\
             -engine cmd=/path/to/old/xq-uci name=base \\
             -nodes 10000 -openings programs/match/openings.txt -rounds 60 \\
             -quiet -pgn match.pgn
    python3 tests/bench/progress_stats.py match.pgn [more.pgn ...]

Per file: the games, the mean and median length in plies (the PlyCount tag,
opening moves included), the games ended by the "no-capture limit" and the
other terminations. Per engine (the Red and Black tags): the games in which
its own score after one of its moves (the {+1.23} comments xq-match writes,
from the mover's point of view) reached --won (default +3.00), and of those
how many it won, drew (and how many of the draws at the no-capture limit) or
lost.
"""

import argparse
import collections
import re
import statistics
import sys

from match_pgn import games

SCORE = re.compile(r'\{([+-]\d+\.\d+)\}')
LIMIT = "no-capture limit"


def scores_by_side(movetext):
    """The score comments of Red's and Black's moves, in order. The opening
    moves carry no score (the first scored move may be either side's), so
    the side is read from the move number before each comment."""
    red, black = [], []
    tokens = re.findall(r'\d+\.\.\.|\d+\.|\{[^}]*\}|[a-i]\d[a-i]\d', movetext)
    side = None
    for t in tokens:
        if t.endswith("..."):
            side = "b"
        elif t.endswith("."):
            side = "r"
        elif t.startswith("{"):
            m = SCORE.fullmatch(t)
            if m and side:
                (red if side == "r" else black).append(float(m.group(1)))
    return red, black


def report(path, won):
    n = 0
    lengths = []
    terms = collections.Counter()
    conv = collections.defaultdict(collections.Counter)  # engine -> outcome counts
    for tags, text in games(path):
        n += 1
        lengths.append(int(tags.get("PlyCount", "0")))
        term = tags.get("Termination", "?")
        terms[term] += 1
        result = tags.get("Result", "*")
        red_s, black_s = scores_by_side(text)
        for name, side_scores, win_res, loss_res in (
            (tags.get("Red", "?"), red_s, "1-0", "0-1"),
            (tags.get("Black", "?"), black_s, "0-1", "1-0"),
        ):
            c = conv[name]
            c["games"] += 1
            if not side_scores or max(side_scores) < won:
                continue
            c["reached"] += 1
            if result == win_res:
                c["won"] += 1
            elif result == loss_res:
                c["lost"] += 1
            else:
                c["drawn"] += 1
                if term == LIMIT:
                    c["drawn_limit"] += 1
    if not n:
        print(f"{path}: no games")
        return
    print(f"{path}: {n} games, mean length {statistics.mean(lengths):.1f} plies, "
          f"median {statistics.median(lengths):.0f}, "
          f"{terms[LIMIT]} ended at the no-capture limit ({100.0 * terms[LIMIT] / n:.1f}%)")
    print("  terminations: " + ", ".join(f"{t} {k}" for t, k in terms.most_common()))
    for name in sorted(conv):
        c = conv[name]
        print(f"  {name}: {c['games']} games; own score >= {won:+.2f} in {c['reached']}: "
              f"won {c['won']}, drawn {c['drawn']} ({c['drawn_limit']} at the no-capture limit), "
              f"lost {c['lost']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--won", type=float, default=3.0,
                    help="score in pawns that counts as a won position (default 3.0)")
    args = ap.parse_args()
    for path in args.pgn:
        report(path, args.won)
    return 0


if __name__ == "__main__":
    sys.exit(main())
