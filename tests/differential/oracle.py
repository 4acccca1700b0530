#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Differential test of the move generator against an independent engine.

Fairy-Stockfish (Debian's /usr/games/fairy-stockfish, GPL-3, run as a
separate program: nothing of it is linked or copied) is the oracle. The
positions are of two kinds, both from a seeded random generator:

- reached by random legal play from the start position (random lengths, so
  that openings, middlegames and bare endings all occur);
- random legal FENs: pieces put on squares they can stand on (generals and
  advisors in the palace, elephants on their seven points, soldiers on
  theirs), generals not facing, the side not to move not in check.

For every position the library (through the Python package) and the oracle
must agree on the set of legal moves (the oracle's `go perft 1`), on whether
the side to move is in check (its `d` command), hence on mate and
stalemate; for some, on the perft count at a greater depth (default 3). The
library must read each generated FEN and write it back unchanged.

The test command runs a fast form (tests/CMakeLists.txt, test
`differential`); the long form is a benchmark:

    XQ_LIBRARY=build/release/libxiangqi.so PYTHONPATH=bindings/python \\
        tests/differential/oracle.py --games 2000 --fens 2000 --perft 500

Exit status 0 when everything agrees; 1 with a report of each disagreement
(position, what differs) otherwise; 77 when the oracle is not installed
(CTest's "skipped")."""
import argparse
import os
import random
import subprocess
import sys
import time

import xiangqi
from xiangqi import Board

FAIRY = "/usr/games/fairy-stockfish"
FILES = "abcdefghi"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class Oracle:
    """Fairy-Stockfish over UCI. Its xiangqi ranks are 1-10; ours 0-9."""

    def __init__(self, exe):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("setoption name Threads value 1")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix, keep=False):
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            if line.startswith(prefix):
                return lines, line
            if keep:
                lines.append(line)
        raise RuntimeError("fairy-stockfish exited")

    def sync(self):
        self.send("isready")
        self.until("readyok")

    @staticmethod
    def to_ours(move):
        """'a10a9' (ranks 1-10) -> 'a9a8'."""
        i = 1
        while move[i].isdigit():
            i += 1
        return move[0] + str(int(move[1:i]) - 1) + move[i] + str(int(move[i + 1:]) - 1)

    def position(self, fen):
        self.send("position fen " + fen)
        self.sync()

    def moves(self):
        self.send("go perft 1")
        lines, last = self.until("Nodes searched", keep=True)
        out = set()
        for line in lines:
            if ":" in line and line.split(":")[0].strip()[:1] in FILES:
                out.add(self.to_ours(line.split(":")[0].strip()))
        return out, int(last.split(":")[1])

    def in_check(self):
        self.send("d")
        lines, last = self.until("Checkers:")
        return bool(last.split(":", 1)[1].strip())

    def perft(self, depth):
        self.send("go perft %d" % depth)
        _, last = self.until("Nodes searched")
        return int(last.split(":")[1])

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


# ---- random legal FENs (the rules written here, apart from the library) ----
def squares(files, ranks):
    return [f + str(r) for f in files for r in ranks]


RED_SQ = {
    "K": squares("def", range(3)),
    "A": ["d0", "f0", "e1", "d2", "f2"],
    "B": ["c0", "g0", "a2", "e2", "i2", "c4", "g4"],
    "P": squares("acegi", (3, 4)) + squares(FILES, range(5, 10)),
}


def flip(sq):
    return sq[0] + str(9 - int(sq[1]))


BLACK_SQ = {k.lower(): [flip(s) for s in v] for k, v in RED_SQ.items()}
COUNTS = {"k": 1, "a": 2, "b": 2, "n": 2, "r": 2, "c": 2, "p": 5}
ALL_SQ = squares(FILES, range(10))


def random_fen(rng):
    """A random legal position, or None when the draw breaks a rule."""
    board = {}
    for color in ("red", "black"):
        for kind, most in COUNTS.items():
            sym = kind.upper() if color == "red" else kind
            n = 1 if kind == "k" else rng.randint(0, most)
            places = (RED_SQ if color == "red" else BLACK_SQ).get(sym, ALL_SQ)
            free = [s for s in places if s not in board]
            for s in rng.sample(free, min(n, len(free))):
                board[s] = sym
    kings = {p: s for s, p in board.items() if p in "Kk"}
    if kings["K"][0] == kings["k"][0]:
        between = [kings["K"][0] + str(r) for r in range(int(kings["K"][1]) + 1, int(kings["k"][1]))]
        if not any(s in board for s in between):
            return None  # the generals face each other
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in FILES:
            p = board.get(f + str(r))
            if p:
                row += (str(empty) if empty else "") + p
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


def readable(fen, report):
    """Whether the library reads fen. A position whose side not to move is in
    check is not one (the draw is retried); any other refusal is reported:
    the generator makes only positions the rules allow."""
    try:
        Board(fen)
        return True
    except xiangqi.PositionError as e:
        if "in check but it is" not in str(e):
            report.append("%s: refused: %s" % (fen, e))
        return False


def play_random(rng, plies):
    b = Board(START)
    for _ in range(plies):
        moves = list(b.legal_moves)
        if not moves or b.outcome() is not None:
            break
        b.push(rng.choice(moves))
    return b.fen()


def compare(oracle, fen, depth, report):
    """Every disagreement on fen goes to report. Returns the number of checks."""
    b = Board(fen)
    if b.fen() != fen:
        report.append("%s: written back as %s" % (fen, b.fen()))
    ours = set(m.uci() for m in b.legal_moves)
    oracle.position(fen)
    theirs, count = oracle.moves()
    if ours != theirs or len(theirs) != count:
        report.append("%s: legal moves differ: only ours %s, only the oracle's %s"
                      % (fen, sorted(ours - theirs), sorted(theirs - ours)))
    check = oracle.in_check()
    if b.is_check() != check:
        report.append("%s: in check: ours %s, the oracle's %s" % (fen, b.is_check(), check))
    mate, stale = b.is_checkmate(), b.is_stalemate()
    if mate != (check and not theirs) or stale != (not check and not theirs):
        report.append("%s: mate %s / stalemate %s disagree with the oracle" % (fen, mate, stale))
    if depth:
        n = oracle.perft(depth)
        if b.perft(depth) != n:
            report.append("%s: perft %d: ours %d, the oracle's %d"
                          % (fen, depth, b.perft(depth), n))
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="positions from random play")
    ap.add_argument("--fens", type=int, default=200, help="random legal FENs")
    ap.add_argument("--perft", type=int, default=20,
                    help="how many of the positions also compare perft at --depth")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fairy", default=os.environ.get("XQ_FAIRY", FAIRY))
    a = ap.parse_args()
    if not os.access(a.fairy, os.X_OK):
        print("skipped: %s is not installed (Debian: fairy-stockfish)" % a.fairy)
        return 77
    rng = random.Random(a.seed)
    report = []
    fens = [play_random(rng, rng.randint(0, 160)) for _ in range(a.games)]
    tries = 0
    while len(fens) < a.games + a.fens and len(report) < 50:
        tries += 1
        f = random_fen(rng)
        if f and readable(f, report):
            fens.append(f)
    deep = set(rng.sample(range(len(fens)), min(a.perft, len(fens))))
    oracle = Oracle(a.fairy)
    t0 = time.monotonic()
    try:
        for i, fen in enumerate(fens):
            compare(oracle, fen, a.depth if i in deep else 0, report)
    finally:
        oracle.close()
    print("%d positions (%d from random play, %d random FENs from %d draws), %d with perft %d, "
          "seed %d: %d disagreements in %.1f s"
          % (len(fens), a.games, a.fens, tries, len(deep), a.depth, a.seed, len(report),
             time.monotonic() - t0))
    for r in report[:50]:
        print("  " + r)
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
