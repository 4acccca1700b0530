#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Games for the bindings' comparison (bindings.sh), one a line as
`FEN | moves`: seeded random games from the start position and from random
legal positions (oracle.py's generator), and every game of the rule corpus
(tests/data/rules/axf-diagrams.txt, whose repetitions exercise the outcome
and its evidence)."""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle import START, random_fen, readable  # noqa: E402

from xiangqi import Board  # noqa: E402


def random_game(rng, fen, plies):
    b = Board(fen)
    moves = []
    for _ in range(plies):
        legal = list(b.legal_moves)
        if not legal or b.outcome() is not None:
            break
        m = rng.choice(legal)
        moves.append(m.uci())
        b.push(m)
    return "%s | %s" % (fen, " ".join(moves)) if moves else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--corpus", help="the rule corpus file")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = []
    while len(out) < a.games:
        if rng.random() < 0.5:
            fen = START
        else:
            fen = random_fen(rng)
            if not fen or not readable(fen, []):
                continue
        g = random_game(rng, fen, rng.randint(1, 200))
        if g:
            out.append(g)
    if a.corpus:
        with open(a.corpus, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    fields = [x.strip() for x in line.split("|")]
                    out.append("%s | %s" % (fields[1], fields[2]))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
