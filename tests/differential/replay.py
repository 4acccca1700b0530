#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""replay.c's output through the Python package (bindings.sh compares)."""
import sys

import xiangqi
from xiangqi import Board


def outcome(b, rules):
    o = b.outcome(rules)
    return "-" if o is None else o.description


def main():
    for game, line in enumerate(sys.stdin, 1):
        fen, moves = line.split("|", 1)
        b = Board(fen.strip())
        for ply, t in enumerate(moves.split(), 1):
            m = b.parse_uci(t)
            iccs, wxf, zh = (b.move_to_text(m, n) for n in ("iccs", "wxf", "chinese"))
            b.push(m)
            print("%d %d %s %s %s | %s | %s | %s"
                  % (game, ply, iccs, wxf, zh, b.fen(), outcome(b, "axf"), outcome(b, "cxa")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
