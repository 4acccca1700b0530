# SPDX-License-Identifier: MIT
"""xiangqi.ecco (openings by name), Game.ecco(), and the opening explorer
Book.explore(), whose counts are checked against counts made here from the
games themselves (the first 3000 CCPD games, mirror images folded)."""

import collections
import itertools
import lzma
import os
import unittest

import xiangqi
from xiangqi import Board, Book, Record, ecco

from xqtest import SOURCE_DIR

CCPD = os.path.join(SOURCE_DIR, "data", "ccpd", "ccpd-masters-53889.pgn.xz")
C55 = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9".split()
SETUP = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"


def mirror(iccs):
    return "".join(chr(ord("i") - (ord(c) - ord("a"))) if "a" <= c <= "i" else c for c in iccs)


class TestClassify(unittest.TestCase):
    def test_board_record_game_moves(self):
        b = Board()
        for m in C55:
            b.push(m)
        o = ecco.classify(b)
        self.assertEqual((o.code, o.ply, o.reason), ("C55", 10, ecco.FOUND))
        self.assertEqual(o.opening, "五六炮过河车对屏风马")
        self.assertEqual(o.variation, "黑进７卒黑右直车")
        self.assertEqual(o.opening_traditional, "五六炮過河車對屏風馬")
        self.assertEqual(o.english, "Central Cannon vs. Screen Horses")
        self.assertEqual(o.line.split(), C55)
        self.assertTrue(o and 0 < o.agreeing <= o.games)
        self.assertEqual(ecco.classify(None, C55).code, "C55")
        self.assertEqual(ecco.classify(None, [mirror(m) for m in C55]).code, "C55")
        rec = Record()
        for m in C55:
            rec.play(m)
        self.assertEqual(ecco.classify(rec).code, "C55")
        game = next(iter(xiangqi.read_pgn_text("1. 炮二平五 炮２平５ *\n")))
        self.assertEqual(game.ecco().code, "D50")
        self.assertEqual(game.ecco().opening, "中炮对列炮")

    def test_no_code(self):
        o = ecco.classify(Board())
        self.assertFalse(o)
        self.assertEqual((o.code, o.reason), ("", ecco.NO_MOVES))
        game = next(iter(xiangqi.read_pgn_text('[FEN "%s"]\n\n1. e0d0 *\n' % SETUP)))
        o = game.ecco()
        self.assertEqual((o.code, o.reason), ("", ecco.SETUP))
        self.assertEqual(o.reason_text, "set-up position, not the standard start")
        self.assertEqual(ecco.classify(Board(SETUP)).reason, ecco.SETUP)

    def test_bad_input(self):
        with self.assertRaises(xiangqi.IllegalMoveError):
            ecco.classify(None, ["a0a5"])
        with self.assertRaises(xiangqi.ParseError):
            ecco.classify("not a fen", [])
        with self.assertRaises(xiangqi.InvalidArgumentError):
            ecco.classify(42)
        with self.assertRaises(xiangqi.NotFoundError):
            ecco.lookup("Z99")

    def test_names(self):
        codes = ecco.codes()
        self.assertEqual((len(codes), codes[0], codes[-1]), (260, "A00", "E48"))
        o = ecco.lookup("C48")
        self.assertEqual((o.reason, o.variation), (ecco.NAMES, "红仕角炮对黑退边炮"))
        self.assertEqual(o.variation_traditional, "紅仕角炮對黑退邊炮")


@unittest.skipUnless(os.path.exists(CCPD), "no data/ccpd")
class TestExplore(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with lzma.open(CCPD, "rt", encoding="utf-8") as f:
            text = "".join(itertools.islice(f, 0, 200000))
        text = text[:text.rindex("[Game ")]  # whole games only
        cls.games = [g for g in xiangqi.read_pgn_text(text, skip_errors=True)]
        cls.book = Book.build([Record.from_pgn(str(g)) for g in cls.games])

    def expected(self, prefix):
        """Moves after *prefix* (or its mirror image) in the games, counted
        here: move -> [games, wins, draws, losses] for the side to move."""
        counts = collections.defaultdict(lambda: [0, 0, 0, 0])
        n = len(prefix)
        for g in self.games:
            moves = [m.iccs() for m in g.mainline_moves()]
            if len(moves) <= n:
                continue
            if moves[:n] == prefix:
                move = moves[n]
            elif [mirror(m) for m in moves[:n]] == prefix and prefix != [mirror(m) for m in prefix]:
                move = mirror(moves[n])
            else:
                continue
            red_to_move = n % 2 == 0
            result = g.headers.get("Result")
            c = counts[move]
            c[0] += 1
            if result == "1/2-1/2":
                c[2] += 1
            elif result in ("1-0", "0-1"):
                won = (result == "1-0") == red_to_move
                c[1 if won else 3] += 1
        return counts

    def check(self, prefix):
        board = Board()
        for m in prefix:
            board.push(m)
        entries = self.book.explore(board)
        self.assertTrue(entries)
        expected = self.expected(prefix)
        got = {e.iccs: [e.games, e.wins, e.draws, e.losses] for e in entries}
        self.assertEqual(got, dict(expected))
        for e in entries:
            self.assertEqual(e.opening.code, ecco.classify(None, prefix + [e.iccs]).code)
        # The board is unchanged.
        self.assertEqual(len(board.move_stack), len(prefix))
        return entries

    def test_counts_after_moves(self):
        entries = self.check(["h2e2"])
        self.assertTrue(any(e.iccs == "h7e7" and e.opening.code == "D00" for e in entries))
        self.check(["h2e2", "h9g7", "h0g2"])
        self.check(["c3c4", "b7c7"])

    def test_start(self):
        entries = self.book.explore()
        first = {e.iccs: e.opening.code for e in entries}
        self.assertEqual(first["h2e2"], "B00")
        self.assertEqual(first["c3c4"], "E00")
        self.assertEqual(sum(e.games for e in entries),
                         sum(1 for g in self.games if list(g.mainline_moves())))


if __name__ == "__main__":
    unittest.main()
