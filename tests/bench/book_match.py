#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The figures of a match of the engine with its opening book against itself
without one (issue 18): the book side's score, how many distinct openings
were played, and how long the games stayed in the book.

Run the match with xq-match, the book engine named "book", with no openings
file (every game starts from the start position, so the book chooses the
openings), e.g.:

    xq-match -engine cmd=build/bin/xq-uci name=book option.OwnBook=true \\
             -engine cmd=build/bin/xq-uci name=nobook \\
             -movetime 100 -rounds 50 -pgn match.pgn
    python3 tests/bench/book_match.py match.pgn

A move that xq-match wrote without a score comment came from the book (the
engine answered at once, without a search).
"""

import argparse
import collections
import re
import sys

from match_pgn import games

TOKEN = re.compile(r'\{[^}]*\}|\d+\.(?:\.\.)?|[a-i]\d[a-i]\d|1-0|0-1|1/2-1/2|\*')


def moves(text):
    """[(move, has_comment)] of a game's movetext."""
    out = []
    for tok in TOKEN.findall(text):
        if tok.startswith("{"):
            if out:
                out[-1] = (out[-1][0], True)
        elif re.fullmatch(r"[a-i]\d[a-i]\d", tok):
            out.append((tok, False))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--book-name", default="book")
    ap.add_argument("--plies", type=int, default=10, help="length of an opening (default 10)")
    args = ap.parse_args()

    points = n = 0
    wdl = collections.Counter()
    openings, book_lines, first = set(), set(), collections.Counter()
    book_plies = []
    for tags, text in games(args.pgn):
        result = tags.get("Result")
        if result not in ("1-0", "0-1", "1/2-1/2"):
            continue
        book_red = tags.get("Red") == args.book_name
        if not book_red and tags.get("Black") != args.book_name:
            continue
        n += 1
        score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
        if not book_red:
            score = 1.0 - score
        points += score
        wdl["win" if score == 1 else "loss" if score == 0 else "draw"] += 1
        mv = moves(text)
        openings.add(tuple(m for m, _ in mv[:args.plies]))
        # The book side's moves without a comment, from its first move on.
        side = 0 if book_red else 1
        count, last = 0, -1
        for i, (m, commented) in enumerate(mv):
            if i % 2 == side:
                if commented:
                    break
                count, last = count + 1, i
        book_plies.append(count)
        book_lines.add(tuple(m for m, _ in mv[:last + 1]))
        first[(book_red, mv[0][0] if mv else "")] += 1
    if not n:
        sys.exit("no finished game with a player named %r" % args.book_name)
    print("games: %d, book side: %d wins, %d draws, %d losses, %.1f%% (%.1f / %d)"
          % (n, wdl["win"], wdl["draw"], wdl["loss"], 100.0 * points / n, points, n))
    print("distinct openings (first %d plies): %d" % (args.plies, len(openings)))
    print("distinct book lines (the moves up to the book side's last book move): %d"
          % len(book_lines))
    print("book moves per game: mean %.1f, max %d; games with none: %d"
          % (sum(book_plies) / n, max(book_plies), sum(1 for c in book_plies if c == 0)))
    reds = sorted(((m, c) for (red, m), c in first.items() if red), key=lambda x: -x[1])
    print("first moves with the book as Red: %s"
          % ", ".join("%s %d" % (m, c) for m, c in reds))


if __name__ == "__main__":
    main()
