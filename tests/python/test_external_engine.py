# SPDX-License-Identifier: MIT
"""xiangqi.engine: UCI and UCCI engines in processes (issue 16).

Against Fairy-Stockfish (/usr/games/fairy-stockfish: ranks 1-10, UCI_Variant)
and our own xq-uci (XQ_UCI_ENGINE, set by CMake; UCI and UCCI), each test
bounded by depth, nodes or a fraction of a second.
"""

import os
import sys
import time
import unittest

import xiangqi
import xiangqi.engine
from xiangqi import BLACK, Board, Move
from xiangqi.engine import EngineError, EngineTerminatedError, Limit

from xqtest import MIDDLEGAME, SOURCE_DIR

FAIRY = os.environ.get("XQ_FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
XQ_UCI = os.environ.get("XQ_UCI_ENGINE") or os.path.join(SOURCE_DIR, "build", "dev", "bin",
                                                         "xq-uci")
MATE_IN_1 = "3ak4/C3a1c2/9/4P4/9/9/4Cc3/4K4/9/9 w - - 0 1"  # a8a9 mates: rank 9 is FS's 10


def have(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


class EngineChecks:
    """Tests every engine passes; subclasses start it."""

    def test_analyse(self):
        board = Board()
        board.push("h2e2")
        info = self.engine.analyse(board, Limit(depth=6))
        self.assertGreaterEqual(info["depth"], 6)
        self.assertIsInstance(info["score"], xiangqi.PovScore)
        self.assertEqual(info["score"].turn, BLACK)
        self.assertEqual(info["score"].red(), -info["score"].relative)
        self.assertIsInstance(info["wdl"], xiangqi.PovWdl)
        self.assertEqual(info["wdl"].black().total(), 1000)
        pv = info["pv"]
        self.assertGreaterEqual(len(pv), 2)
        b = board.copy()
        for move in pv:  # a legal line in our coordinates
            b.push(move)
        self.assertGreater(info["nodes"], 0)
        self.assertIsInstance(info["time"], float)

    def test_mate_with_two_digit_ranks(self):
        board = Board("3ak4/C3a1c2/9/4P4/9/9/4Cc3/4K4/9/9 w - - 0 1")
        info = self.engine.analyse(board, Limit(depth=5))
        self.assertEqual(info["pv"][0], Move.from_iccs("a8a9"))
        self.assertEqual(info["score"].red(), xiangqi.Score(mate=1))
        self.assertEqual(info["score"].black(), xiangqi.Score(mate=-1))
        result = self.engine.play(board, Limit(depth=5))
        board.push(result)
        self.assertTrue(board.is_checkmate())
        none = self.engine.play(board, Limit(depth=3))  # mated: no move
        self.assertIsNone(none.move)

    def test_play_with_history(self):
        board = Board(MIDDLEGAME)
        for _ in range(4):
            result = self.engine.play(board, Limit(nodes=2000))
            self.assertIsInstance(result, xiangqi.PlayResult)
            self.assertIn(result.move, board.legal_moves)
            board.push(result.move)
            if result.ponder is not None:
                self.assertIn(result.ponder, board.legal_moves)
        self.assertEqual(len(board.move_stack), 4)

    def test_limits(self):
        board = Board()
        t = time.monotonic()
        r = self.engine.play(board, Limit(time=0.1))
        self.assertLess(time.monotonic() - t, 60)  # generous: only a limit not kept at all
        self.assertIn(r.move, board.legal_moves)
        r = self.engine.play(board, Limit(red_clock=2, black_clock=2, red_inc=0.1,
                                          black_inc=0.1))
        self.assertIn(r.move, board.legal_moves)
        info = self.engine.analyse(board, Limit(nodes=5000))
        self.assertIn("pv", info)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            self.engine.analyse(board, Limit())

    def test_stop(self):
        board = Board(MIDDLEGAME)
        t = time.monotonic()
        with self.engine.analysis(board) as analysis:  # no limit: until stopped
            for info in analysis:
                if info.get("depth", 0) >= 3:
                    break
        best = analysis.wait()
        self.assertLess(time.monotonic() - t, 60)  # stopped, on a machine maybe busy
        self.assertIn(best.move, board.legal_moves)
        self.assertGreaterEqual(analysis.info["depth"], 3)
        # the engine is usable again
        self.assertIn(self.engine.play(board, Limit(depth=2)).move, board.legal_moves)

    def test_ban_moves(self):
        board = Board(MIDDLEGAME)
        best = self.engine.play(board, Limit(depth=4)).move
        again = self.engine.play(board, Limit(depth=4), ban_moves=[best]).move
        self.assertIsNotNone(again)
        self.assertNotEqual(again, best)


class UciChecks(EngineChecks):
    def test_multipv(self):
        board = Board()
        lines = self.engine.analyse(board, Limit(depth=5), multipv=3)
        self.assertEqual(len(lines), 3)
        firsts = [line["pv"][0] for line in lines]
        self.assertEqual(len(set(firsts)), 3)
        self.assertEqual([line["multipv"] for line in lines], [1, 2, 3])
        self.assertGreaterEqual(lines[0]["score"].relative, lines[2]["score"].relative)
        single = self.engine.analyse(board, Limit(depth=3))  # back to one line
        self.assertEqual(single.get("multipv", 1), 1)

    def test_ponder(self):
        board = Board(MIDDLEGAME)
        first = self.engine.play(board, Limit(depth=4), ponder=True)
        self.assertIsNotNone(first.ponder)
        self.assertIsNotNone(self.engine._searching)  # thinking on the expected reply
        board.push(first.move)
        board.push(first.ponder)
        again = self.engine.play(board, Limit(depth=3))  # stops the ponder search first
        self.assertIn(again.move, board.legal_moves)
        self.assertIsNone(self.engine._searching)

    def test_root_moves(self):
        board = Board()
        only = [Move.from_iccs("b0c2"), Move.from_iccs("a3a4")]
        r = self.engine.play(board, Limit(depth=4), root_moves=only)
        self.assertIn(r.move, only)

    def test_configure(self):
        self.engine.configure({"Hash": 8})
        with self.assertRaises(EngineError):
            self.engine.configure({"No Such Option": 1})
        with self.assertRaises(EngineError):
            self.engine.configure({"MultiPV": 2})
        with self.assertRaises(EngineError):
            self.engine.configure({"Hash": -5})
        self.assertIn("hash", self.engine.options)  # names ignore case
        self.assertEqual(self.engine.options["Hash"].type, "spin")


@unittest.skipUnless(have(FAIRY), "no Fairy-Stockfish at " + FAIRY)
class TestFairyStockfish(UciChecks, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = xiangqi.engine.popen_uci(FAIRY)

    @classmethod
    def tearDownClass(cls):
        cls.engine.quit()

    def test_recognised(self):
        self.assertTrue(self.engine.ranks_1_10)
        self.assertIn("Fairy-Stockfish", self.engine.name)
        self.assertIn("xiangqi", self.engine.options["UCI_Variant"].var)

    def test_wrong_numbering_is_named(self):
        with xiangqi.engine.popen_uci(FAIRY, ranks_1_10=False) as engine:
            self.assertFalse(engine.ranks_1_10)
            with self.assertRaises(EngineError) as cm:
                engine.play(Board(), Limit(depth=2))
            self.assertIn("ranks_1_10=True", str(cm.exception))


@unittest.skipUnless(have(XQ_UCI), "no xq-uci at " + XQ_UCI)
class TestXqUci(UciChecks, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = xiangqi.engine.popen_uci(XQ_UCI)

    @classmethod
    def tearDownClass(cls):
        cls.engine.quit()

    def test_ranks(self):
        self.assertFalse(self.engine.ranks_1_10)
        self.assertEqual(self.engine.protocol, "uci")


@unittest.skipUnless(have(XQ_UCI), "no xq-uci at " + XQ_UCI)
class TestXqUcci(EngineChecks, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = xiangqi.engine.popen_ucci(XQ_UCI)

    @classmethod
    def tearDownClass(cls):
        cls.engine.quit()

    def test_protocol(self):
        self.assertEqual(self.engine.protocol, "ucci")
        with self.assertRaises(EngineError):  # xq-uci offers no MultiPV in UCCI mode
            self.engine.analyse(Board(), Limit(depth=2), multipv=2)


FAKE = r"""
import sys
mode = sys.argv[1]
seen = []
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    if cmd[0] in ("setoption", "ucinewgame", "position"):
        seen.append(line.strip())
    if cmd[0] == "uci":
        if mode == "silent":
            continue
        print("id name Fake\noption name Hash type spin default 1 min 1 max 4\nuciok", flush=True)
    elif cmd[0] == "isready":
        print("readyok", flush=True)
    elif cmd[0] == "go":
        if mode == "die":
            sys.exit(3)
        print("info string " + " | ".join(seen), flush=True)
        del seen[:]
        print("info depth 1 score cp 5 pv h2e2 zz99\nbestmove h2e2", flush=True)
    elif cmd[0] == "quit":
        break
"""


class TestUcciScores(unittest.TestCase):
    def test_mate_values(self):
        f = xiangqi.engine._ucci_score
        self.assertEqual(f(35), ("cp", 35))
        self.assertEqual(f(-2900), ("cp", -2900))
        self.assertEqual(f(29999), ("mate", 1))     # xq-uci: mate in 1 ply
        self.assertEqual(f(-29998), ("mate", -1))   # mated in 2 plies: one move
        self.assertEqual(f(-30000), ("mate", 0))    # mated now
        self.assertEqual(f(9997), ("mate", 2))      # ElephantEye: 10000 - 3 plies
        self.assertEqual(f(9000), ("cp", 9000))


class TestFailures(unittest.TestCase):
    def fake(self, mode, **kw):
        return xiangqi.engine.popen_uci([sys.executable, "-c", FAKE, mode], **kw)

    def test_no_such_program(self):
        with self.assertRaises(EngineTerminatedError) as cm:
            xiangqi.engine.popen_uci("/nonexistent/engine")
        self.assertIn("/nonexistent/engine", str(cm.exception))

    def test_exits_at_once(self):
        with self.assertRaises(EngineTerminatedError) as cm:
            xiangqi.engine.popen_uci(["sh", "-c", "exit 3"])
        self.assertIn("exit status 3", str(cm.exception))

    def test_silent(self):
        t = time.monotonic()
        with self.assertRaises(EngineError) as cm:
            self.fake("silent", timeout=0.5)
        self.assertIn("uciok", str(cm.exception))
        self.assertLess(time.monotonic() - t, 60)  # the timeout, not forever

    def test_dies_while_searching(self):
        engine = self.fake("die")
        with self.assertRaises(EngineTerminatedError) as cm:
            engine.analyse(Board(), Limit(depth=3))
        self.assertIn("exit status 3", str(cm.exception))
        engine.quit()

    def test_options_for_one_search_and_new_games(self):
        with self.fake("ok") as engine:
            board = Board()
            seen = engine.analyse(board, Limit(depth=1), options={"Hash": 3})["string"]
            self.assertEqual(seen, "setoption name Hash value 3 | ucinewgame | position fen "
                             + xiangqi.START_FEN)
            board.push("b0c2")  # the fake always answers h2e2: keep it legal
            board.push("b9c7")
            seen = engine.analyse(board, Limit(depth=1))["string"]  # Hash back to its default
            self.assertEqual(seen, "setoption name Hash value 1 | position fen %s moves b0c2 "
                             "b9c7" % xiangqi.START_FEN)
            game = object()
            seen = engine.play(board, Limit(depth=1), game=game).info["string"]
            self.assertTrue(seen.startswith("ucinewgame | position"), seen)  # a new game
            seen = engine.play(board, Limit(depth=1), game=game).info["string"]
            self.assertTrue(seen.startswith("position"), seen)  # the same game
            with self.assertRaises(EngineError):
                engine.analyse(board, Limit(depth=1), options={"Nope": 1})
            with self.assertRaises(EngineError):
                engine.analyse(board, Limit(depth=1), options={"Hash": 99})  # max 4

    def test_bad_pv_is_cut(self):
        with self.fake("ok") as engine:
            info = engine.analyse(Board(), Limit(depth=1))
            self.assertEqual(info["pv"], [Move.from_iccs("h2e2")])  # zz99 dropped
            self.assertEqual(info["score"].red(), xiangqi.Score(cp=5))
            proc = engine._process.popen
        self.assertIsNotNone(proc.poll())  # quit() ended the process


if __name__ == "__main__":
    unittest.main()
