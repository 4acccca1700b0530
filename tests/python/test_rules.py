# SPDX-License-Identifier: MIT
"""The end of the game under a rule set: Board.outcome(), banned moves."""

import unittest

import xiangqi
from xiangqi import Board, Rules, Termination

# The xqbase UCCI example: Black checks perpetually with the chariot and loses.
PERPETUAL = "9/9/3k5/9/9/9/4R4/3A5/4K4/8r b - - 0 1"
PERPETUAL_MOVES = "i0i1 e1e0 i1i0 e0e1 i0i1 e1e0 i1i0 e0e1 i0i1 e1e0".split()


def play(fen, moves):
    b = Board(fen)
    for m in moves:
        b.push(m)
    return b


class TestRules(unittest.TestCase):
    def test_checkmate_and_stalemate(self):
        mate = play("3k5/R8/1N7/9/9/9/9/9/9/4K4 w", ["a8d8"])
        o = mate.outcome()
        self.assertEqual((o.termination, o.winner, o.at_fault), (Termination.CHECKMATE,
                                                                 xiangqi.RED, xiangqi.BLACK))
        self.assertEqual(o.result(), "1-0")
        self.assertEqual(o.description, "1-0 checkmate")
        self.assertEqual(str(o), "1-0 checkmate")

    def test_perpetual_check_loses(self):
        b = play(PERPETUAL, PERPETUAL_MOVES)
        o = b.outcome()
        self.assertEqual(o.termination, Termination.PERPETUAL_CHECK)
        self.assertEqual(o.winner, xiangqi.RED)
        self.assertEqual(o.at_fault, xiangqi.BLACK)
        self.assertEqual(o.repetitions, 3)
        self.assertEqual((o.cycle_start, o.cycle_plies), (2, 8))
        self.assertTrue(o.cycle[xiangqi.BLACK] & 1)  # XQ_CYCLE_CHECK
        self.assertIn("perpetual check by Black", o.description)
        # The same game under the simple rules is a draw by repetition.
        simple = b.outcome("simple")
        self.assertEqual((simple.termination, simple.winner), (Termination.REPETITION, None))
        self.assertEqual(simple.result(), "1/2-1/2")

    def test_records_are_judged_the_same(self):
        rec = xiangqi.Record(PERPETUAL)
        for m in PERPETUAL_MOVES:
            rec.play(m)
        self.assertEqual(rec.board().outcome(), play(PERPETUAL, PERPETUAL_MOVES).outcome())
        self.assertEqual(rec.board().outcome().termination, Termination.PERPETUAL_CHECK)

    def test_banned_moves(self):
        b = play(PERPETUAL, PERPETUAL_MOVES[:-2])
        # Black to move: the checking move that completes the third occurrence is banned.
        banned = b.banned_moves()
        self.assertEqual([str(m) for m in banned], ["i0i1"])
        self.assertTrue(b.is_banned("i0i1"))
        allowed = [m for m in b.legal_moves if m not in banned]
        self.assertTrue(allowed)
        self.assertFalse(any(b.is_banned(m) for m in allowed))
        self.assertEqual(b.banned_moves("simple"), [])
        with self.assertRaises(xiangqi.IllegalMoveError):
            b.is_banned("a0a1")

    def test_repetition_draw_and_limits(self):
        b = play(None, ["h0g2", "h9g7", "g2h0", "g7h9"] * 2)
        o = b.outcome()
        self.assertEqual((o.termination, o.winner, o.at_fault), (Termination.REPETITION, None,
                                                                 None))
        self.assertIsNone(play(None, ["h0g2", "h9g7", "g2h0", "g7h9"] * 2).outcome(
            Rules(fold=4)))
        short = Rules("axf", ply_limit=4, check_cap=-1)
        o = play(None, ["h0g2", "h9g7", "b0c2", "b9c7"]).outcome(short)
        self.assertEqual((o.termination, o.limit_count, o.limit_plies),
                         (Termination.MOVE_LIMIT, 4, 4))
        kings = Board("4k4/9/9/9/9/9/9/9/9/3K5 w")
        self.assertEqual(kings.outcome().termination, Termination.INSUFFICIENT_MATERIAL)
        self.assertIsNone(kings.outcome(Rules(insufficient_material=False)))
        self.assertIsNone(Board().outcome())

    def test_bad_rules(self):
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Rules("fide")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Rules(bogus=1)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Board().outcome(Rules(fold=1))
        self.assertEqual(Rules("cxa").check_cap, -1)


if __name__ == "__main__":
    unittest.main()
