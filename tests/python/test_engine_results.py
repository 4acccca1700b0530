# SPDX-License-Identifier: MIT
"""Engine results like chess.engine: PlayResult, PovScore, Wdl, Limit (issue 16)."""

import unittest

import xiangqi
from xiangqi import BLACK, RED, Limit, PovScore, Score, Wdl

from xqtest import MIDDLEGAME

MATE_IN_1 = "3ak4/C3a1c2/9/4P4/9/9/4Cc3/4K4/9/9 w - - 0 1"


class TestScores(unittest.TestCase):
    def test_point_of_view(self):
        s = PovScore(Score(cp=35), BLACK)
        self.assertEqual(s.relative, Score(cp=35))
        self.assertEqual(s.black(), Score(cp=35))
        self.assertEqual(s.red(), Score(cp=-35))
        self.assertEqual(s.pov(RED), Score(cp=-35))
        self.assertEqual(s.pov(BLACK), Score(cp=35))
        self.assertEqual(s, PovScore(Score(cp=-35), RED))
        m = PovScore(Score(mate=2), RED)
        self.assertEqual(m.black(), Score(mate=-2))
        self.assertTrue(m.is_mate())
        self.assertEqual(-Score(mate=0), Score(mate_given=True))
        self.assertGreater(Score(mate_given=True), Score(mate=1))
        self.assertEqual(-Score(mate_given=True), Score(mate=0))
        self.assertEqual(-(-Score(cp=12)), Score(cp=12))
        self.assertEqual((-Score(cp=5, bound=xiangqi.Bound.LOWER)).bound, xiangqi.Bound.UPPER)

    def test_wdl(self):
        even = Score(cp=0).wdl()
        self.assertEqual(even.total(), 1000)
        self.assertEqual(even.wins, even.losses)
        self.assertAlmostEqual(even.expectation(), 0.5)
        ahead = Score(cp=300).wdl()
        self.assertGreater(ahead.wins, 800)
        self.assertLess(ahead.losses, 10)
        self.assertEqual(-ahead, Wdl(ahead.losses, ahead.draws, ahead.wins))
        # monotonic in the score, strictly where it is not certain
        prev = -1
        for cp in range(-1000, 1001, 50):
            e = Score(cp=cp).wdl().expectation()
            self.assertGreaterEqual(e, prev)
            if -400 <= cp <= 400:
                self.assertGreater(e, prev)
            prev = e
        self.assertEqual(Score(mate=3).wdl(), Wdl(1000, 0, 0))
        self.assertEqual(Score(mate=-3).wdl(), Wdl(0, 0, 1000))
        pov = PovScore(Score(cp=300), BLACK).wdl()
        self.assertEqual(pov.black(), ahead)
        self.assertEqual(pov.red(), -ahead)


class TestEngineResults(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = xiangqi.Engine()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def test_play_result(self):
        board = xiangqi.Board(MIDDLEGAME)
        r = self.engine.play(board, Limit(depth=5))
        self.assertIsInstance(r, xiangqi.PlayResult)
        self.assertIn(r.move, board.legal_moves)
        self.assertIsNotNone(r.ponder)
        after = board.copy()
        after.push(r)  # a PlayResult pushes its move
        self.assertIn(r.ponder, after.legal_moves)
        self.assertEqual(r.info.pv[:2], [r.move, r.ponder])

    def test_analyse_scores_have_a_side(self):
        board = xiangqi.Board(MATE_IN_1)
        board.push("e2d2")  # Red wastes the mate; Black to move
        r = self.engine.analyse(board, Limit(depth=4))
        self.assertEqual(r.score.turn, BLACK)
        self.assertEqual(r.score.black(), r.score.relative)
        self.assertEqual(r.score.red(), -r.score.relative)
        self.assertEqual(r["score"], r.score)
        self.assertEqual(r["pv"], r.pv)
        self.assertEqual(r.wdl.black(), r.score.relative.wdl())
        r = self.engine.analyse(MATE_IN_1, Limit(depth=3))
        self.assertEqual(r.score.red(), Score(mate=1))
        self.assertEqual(r.score.black(), Score(mate=-1))
        self.assertEqual(r.score, Score(mate=1))  # compared with a Score: the relative one

    def test_limit(self):
        r = self.engine.analyse(xiangqi.Board(), Limit(nodes=3000))
        self.assertGreaterEqual(r.nodes, 3000)
        r = self.engine.analyse(xiangqi.Board(), Limit(time=0.05))
        self.assertIsNotNone(r.move)
        r = self.engine.analyse(xiangqi.Board(), Limit(depth=3), multipv=2)
        self.assertEqual(len(r.lines), 2)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            self.engine.analyse(xiangqi.Board(), "depth 3")


if __name__ == "__main__":
    unittest.main()
