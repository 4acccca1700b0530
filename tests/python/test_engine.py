# SPDX-License-Identifier: MIT
"""The engine: Engine/Search, limits, background search, callbacks, errors."""

import gc
import os
import threading
import time
import unittest
import weakref

import xiangqi
from xiangqi import Engine, Move, Score

from xqtest import DATA_DIR, MIDDLEGAME


def mates(n):
    """FENs of tests/data/mates.epd with a shortest mate in *n*."""
    out = []
    with open(os.path.join(DATA_DIR, "mates.epd")) as f:
        for line in f:
            if line.startswith("#") or ";" not in line:
                continue
            fen, op = line.split(";", 1)
            if op.split() == ["mate", str(n)]:
                out.append(fen.strip())
    return out


# Red's cannon gives mate at once; a position to test searches that end at once.
MATE_IN_1 = mates(1)[0]


class TestAnalyse(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = Engine()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def test_mate_in_2(self):
        fens = mates(2)
        self.assertGreaterEqual(len(fens), 3)
        for fen in fens:
            board = xiangqi.Board(fen)
            r = self.engine.analyse(board, depth=7)
            self.assertIn(r.move, board.legal_moves, fen)
            self.assertEqual(r.score, Score(mate=2), fen)
            self.assertTrue(r.score.is_mate())
            self.assertEqual(r.score.mate, 2)
            self.assertIsNone(r.score.cp)
            self.assertEqual(r.pv[0], r.move)
            self.assertEqual(len(r.pv), 3, fen)  # mate, reply, mate
            self.assertEqual(r.ponder, r.pv[1])
            self.assertEqual(r.turn, xiangqi.RED)
            # play the PV: it mates
            for move in r.pv:
                board.push(move)
            self.assertTrue(board.is_checkmate() or board.is_stalemate(), fen)

    def test_mate_limit(self):
        board = xiangqi.Board(mates(2)[0])
        r = self.engine.analyse(board, mate=2)
        self.assertEqual(r.score.mate, 2)

    def test_result_fields(self):
        board = xiangqi.Board(MIDDLEGAME)
        r = self.engine.analyse(board, depth=6)
        self.assertIn(r.move, board.legal_moves)
        self.assertIsNotNone(r.score.cp)
        self.assertGreaterEqual(r.depth, 6)
        self.assertGreaterEqual(r.seldepth, r.depth)
        self.assertGreater(r.nodes, 0)
        self.assertGreaterEqual(r.time, 0.0)
        self.assertEqual(r.time, r.time_ms / 1000.0)
        self.assertTrue(0 <= r.hashfull <= 1000)
        # the PV is a legal line from the position
        b = board.copy()
        for move in r.pv:
            self.assertIn(move, b.legal_moves)
            b.push(move)
        self.assertIn("AnalysisResult", repr(r))
        # the board was not touched
        self.assertEqual(board.fen(), MIDDLEGAME)

    def test_fen_argument_and_play(self):
        result = self.engine.play(MATE_IN_1, depth=3)
        self.assertIsInstance(result, xiangqi.PlayResult)
        move = result.move
        self.assertIsInstance(move, Move)
        self.assertIsInstance(result.info, xiangqi.AnalysisResult)
        board = xiangqi.Board(MATE_IN_1)
        board.push(move)
        self.assertTrue(board.is_checkmate())

    def test_no_legal_move(self):
        board = xiangqi.Board(MATE_IN_1)
        board.push(self.engine.play(board, depth=3))
        self.assertTrue(board.is_checkmate())
        r = self.engine.analyse(board, depth=3)
        self.assertIsNone(r.move)
        self.assertEqual(r.score, Score(mate=0))
        self.assertIsNone(self.engine.play(board, depth=3).move)

    def test_nodes_limit(self):
        r = self.engine.analyse(xiangqi.Board(), nodes=5000)
        self.assertIsNotNone(r.move)
        self.assertLessEqual(r.nodes, 5000 + 2000)

    def test_movetime(self):
        r = self.engine.analyse(xiangqi.Board(), movetime=0.05)
        self.assertIsNotNone(r.move)

    def test_searchmoves(self):
        board = xiangqi.Board()
        r = self.engine.analyse(board, depth=4, searchmoves=["b0c2", "马2进3"])
        self.assertIn(r.move, (Move.from_iccs("b0c2"), Move.from_iccs("h0g2")))
        r = self.engine.analyse(board, depth=4, searchmoves=[Move.from_iccs("i0i1")])
        self.assertEqual(r.move, Move.from_iccs("i0i1"))

    def test_banmoves(self):
        board = xiangqi.Board(MATE_IN_1)
        best = self.engine.analyse(board, depth=4).move
        r = self.engine.analyse(board, depth=4, banmoves=[best])
        self.assertNotEqual(r.move, best)
        self.assertIn(r.move, board.legal_moves)
        # banning every move leaves nothing to play (and is not a loss)
        legal = board.legal_moves
        r = self.engine.analyse(board, depth=2, banmoves=legal)
        self.assertIsNone(r.move)
        self.assertFalse(r.score.is_mate())
        # an empty list bans nothing
        self.assertEqual(self.engine.analyse(board, depth=4, banmoves=[]).move, best)

    def test_multipv(self):
        board = xiangqi.Board()
        r = self.engine.analyse(board, depth=5, multipv=3)
        self.assertEqual([i.multipv for i in r.lines], [1, 2, 3])
        firsts = [i.pv[0] for i in r.lines]
        self.assertEqual(len(set(firsts)), 3)
        self.assertEqual(r.lines[0].pv[0], r.move)
        self.assertGreaterEqual(r.lines[0].score, r.lines[1].score)
        self.assertGreaterEqual(r.lines[1].score, r.lines[2].score)

    def test_skill(self):
        board = xiangqi.Board(MIDDLEGAME)
        moves = {self.engine.play(board, depth=3, skill=0, seed=seed).move for seed in range(12)}
        self.assertTrue(moves <= set(board.legal_moves))
        self.assertGreater(len(moves), 1, "skill 0 always played the same move")
        # the same seed gives the same move
        self.engine.clear()
        a = self.engine.play(board, depth=3, skill=2, seed=7).move
        self.engine.clear()
        b = self.engine.play(board, depth=3, skill=2, seed=7).move
        self.assertEqual(a, b)
        # a weak level still mates in one
        self.assertEqual(self.engine.analyse(MATE_IN_1, depth=3, skill=0).score.mate, 1)

    def test_engine_skill_default(self):
        with Engine(skill=0) as weak:
            self.assertEqual(weak.skill, 0)
            r = weak.analyse(xiangqi.Board(MIDDLEGAME), depth=10)
            self.assertLessEqual(r.depth, 1 + 0)  # level L searches at most L + 1 plies
            r = weak.analyse(xiangqi.Board(MIDDLEGAME), depth=3, skill=20)
            self.assertEqual(r.depth, 3)

    def test_banned_moves_of_a_repetition(self):
        # Board.banned_moves() (a forbidden repetition) goes straight into banmoves.
        board = xiangqi.Board()
        r = self.engine.analyse(board, depth=2, banmoves=board.banned_moves())
        self.assertIsNotNone(r.move)


class TestDeterminism(unittest.TestCase):
    def test_same_nodes_twice(self):
        board = xiangqi.Board(MIDDLEGAME)
        runs = []
        for _ in range(2):
            with Engine(threads=1) as engine:
                r = engine.analyse(board, depth=8)
                runs.append((r.move, r.score, r.nodes, r.pv))
        self.assertEqual(runs[0], runs[1])
        # clear() makes a used handle behave as a new one
        with Engine(threads=1) as engine:
            engine.analyse(xiangqi.Board(), depth=6)
            engine.clear()
            r = engine.analyse(board, depth=8)
            self.assertEqual((r.move, r.score, r.nodes, r.pv), runs[0])
            engine.new_game()


class TestBackground(unittest.TestCase):
    def setUp(self):
        self.engine = Engine()

    def tearDown(self):
        self.engine.close()

    def test_stop_from_another_thread(self):
        engine = self.engine
        engine.start(xiangqi.Board(), infinite=True)
        self.assertTrue(engine.running)
        time.sleep(0.2)
        self.assertTrue(engine.running, "an infinite search ended by itself")
        self.assertIsNone(engine.wait(timeout=0.05))
        stopper = threading.Thread(target=engine.stop)
        t0 = time.monotonic()
        stopper.start()
        r = engine.wait()
        elapsed = time.monotonic() - t0
        stopper.join()
        self.assertFalse(engine.running)
        self.assertIsNotNone(r.move)
        self.assertGreater(r.depth, 0)
        # a generous bound (the machine may be busy): the library stops within
        # milliseconds; this only catches a stop that does not work
        self.assertLess(elapsed, 60.0)

    def test_no_limit_runs_until_stopped(self):
        self.engine.start(xiangqi.Board())
        time.sleep(0.1)
        self.assertTrue(self.engine.running)
        self.engine.stop()
        self.assertIsNotNone(self.engine.wait().move)

    def test_info_callback(self):
        infos = []
        callers = set()

        def on_info(info):
            infos.append(info)
            callers.add(threading.get_ident())

        r = self.engine.analyse(xiangqi.Board(MIDDLEGAME), depth=7, info=on_info)
        self.assertTrue(infos)
        depths = [i.depth for i in infos]
        self.assertEqual(depths, sorted(depths))
        self.assertEqual(depths[-1], 7)
        self.assertGreaterEqual(len(set(depths)), 5)
        self.assertNotIn(threading.get_ident(), callers)  # called on a search thread
        last = infos[-1]
        for name in ("depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
                     "time_ms", "pv"):
            self.assertTrue(hasattr(last, name), name)
        self.assertIsInstance(last.score, xiangqi.PovScore)
        self.assertIsInstance(last.score.relative, Score)
        self.assertIsInstance(last.pv[0], Move)
        self.assertEqual(last.multipv, 1)
        self.assertEqual(last.pv[0], r.move)
        nodes = [i.nodes for i in infos]
        self.assertEqual(nodes, sorted(nodes))
        self.assertIn("Info depth=", repr(last))

    def test_stop_from_callback(self):
        seen = []

        def on_info(info):
            seen.append(info.depth)
            if info.depth >= 3:
                self.engine.stop()

        self.engine.start(xiangqi.Board(), info=on_info, infinite=True)
        r = self.engine.wait(timeout=60)
        self.assertIsNotNone(r, "stop() from the callback did not end the search")
        self.assertIn(3, seen)
        self.assertGreaterEqual(r.depth, 3)

    def test_progress_handler(self):
        calls = []
        callers = set()

        def handler():
            calls.append(1)
            callers.add(threading.get_ident())
            return len(calls) >= 8

        engine = self.engine
        engine.set_progress_handler(handler)
        engine.start(xiangqi.Board(), infinite=True)
        r = engine.wait(timeout=60)
        self.assertIsNotNone(r, "the progress handler did not stop the search")
        self.assertIn(len(calls), (8, 9))  # the stop is seen within a call
        self.assertNotIn(threading.get_ident(), callers)  # called on a search thread
        self.assertIsNotNone(r.move)
        self.assertGreaterEqual(r.nodes, 7 * xiangqi.PROGRESS_NODES)
        # kept for the next search; refused while one runs
        calls.clear()
        engine.start(xiangqi.Board(), infinite=True)
        with self.assertRaises(xiangqi.StateError):
            engine.set_progress_handler(None)
        self.assertIsNotNone(engine.wait(timeout=60))
        self.assertIn(len(calls), (8, 9))
        # removed: a depth search goes on to its end, uncalled
        engine.set_progress_handler(None)
        calls.clear()
        self.assertEqual(engine.analyse(xiangqi.Board(), depth=6).depth, 6)
        self.assertEqual(calls, [])

    def test_exception_in_progress_handler(self):
        def handler():
            raise KeyError("from the handler")

        self.engine.set_progress_handler(handler)
        self.engine.start(xiangqi.Board(), infinite=True)
        with self.assertRaises(KeyError):
            self.engine.wait(timeout=60)
        self.assertFalse(self.engine.running)
        self.engine.set_progress_handler(None)
        self.assertEqual(self.engine.analyse(MATE_IN_1, depth=3).score.mate, 1)

    def test_exception_in_callback(self):
        calls = []

        def on_info(info):
            calls.append(info.depth)
            raise ValueError("callback failed at depth %d" % info.depth)

        with self.assertRaises(ValueError) as cm:
            self.engine.analyse(xiangqi.Board(), depth=30, info=on_info)
        self.assertIn("callback failed at depth", str(cm.exception))
        self.assertEqual(len(calls), 1)  # not called again after it raised
        self.assertFalse(self.engine.running)  # the search was stopped
        # the engine is still usable
        r = self.engine.analyse(MATE_IN_1, depth=3)
        self.assertEqual(r.score.mate, 1)

    def test_exception_in_background_callback(self):
        def on_info(info):
            raise KeyError("bad")

        self.engine.start(xiangqi.Board(), info=on_info, infinite=True)
        with self.assertRaises(KeyError):
            self.engine.wait(timeout=60)
        self.assertFalse(self.engine.running)

    def test_callback_may_not_use_the_engine(self):
        errors = []

        def on_info(info):
            try:
                self.engine.clear()
            except xiangqi.StateError as exc:
                errors.append(exc)
            self.engine.stop()

        self.engine.start(xiangqi.Board(), info=on_info, infinite=True)
        self.engine.wait(timeout=60)
        self.assertTrue(errors)
        self.assertEqual(errors[0].code, -5)

    def test_state_errors(self):
        engine = self.engine
        with self.assertRaises(xiangqi.StateError) as cm:
            engine.wait()
        self.assertEqual(cm.exception.name, "XQ_ESTATE")
        engine.start(xiangqi.Board(), infinite=True)
        for call in (lambda: engine.start(xiangqi.Board(), depth=3), engine.clear,
                     lambda: engine.set_threads(2), lambda: engine.set_hash(2),
                     lambda: engine.analyse(xiangqi.Board(), depth=2)):
            with self.assertRaises(xiangqi.StateError):
                call()
        engine.stop()
        engine.wait()
        engine.stop()  # nothing runs: a no-op
        self.assertIsNotNone(engine.analyse(xiangqi.Board(), depth=2).move)

    def test_interrupt_stops_the_search(self):
        # Ctrl-C during wait(): the search is stopped and KeyboardInterrupt raised.
        import _thread
        self.engine.start(xiangqi.Board(), infinite=True)
        timer = threading.Timer(0.1, _thread.interrupt_main)
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            self.engine.wait()
        timer.join()
        self.assertFalse(self.engine.running)
        self.assertIsNotNone(self.engine.analyse(MATE_IN_1, depth=2).move)  # usable again

    def test_interrupt_a_bare_analysis_loop(self):
        # Ctrl-C in `for info in engine.analysis(b)` without a with block:
        # the iterator stops the search before KeyboardInterrupt goes on.
        import _thread
        timer = threading.Timer(0.2, _thread.interrupt_main)
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            for _ in self.engine.analysis(xiangqi.Board()):
                pass
        timer.join()
        self.assertFalse(self.engine.running)
        self.assertIsNotNone(self.engine.analyse(MATE_IN_1, depth=2).move)

    def test_no_board_is_not_the_start_position(self):
        for call in (lambda: self.engine.analyse(None, depth=1),
                     lambda: self.engine.start(None, depth=1),
                     lambda: xiangqi.evaluate(None), lambda: xiangqi.perft(None, 1),
                     lambda: self.engine.analyse(42, depth=1)):
            with self.assertRaises(xiangqi.InvalidArgumentError):
                call()
        self.assertFalse(self.engine.running)

    def test_ponder(self):
        engine = self.engine
        engine.start(xiangqi.Board(), ponder=True, movetime=0.05)
        time.sleep(0.2)
        self.assertTrue(engine.running, "a ponder search ended before ponderhit")
        engine.ponderhit()
        r = engine.wait(timeout=60)
        self.assertIsNotNone(r)
        self.assertIsNotNone(r.move)

    def test_analysis_iterator(self):
        main = threading.get_ident()
        with self.engine.analysis(xiangqi.Board(MIDDLEGAME)) as analysis:
            depths = []
            for info in analysis:
                self.assertEqual(threading.get_ident(), main)
                self.assertIsInstance(info, xiangqi.Info)
                depths.append(info.depth)
                if info.depth >= 5:
                    break
            self.assertTrue(self.engine.running)  # no limit: still searching
        self.assertFalse(self.engine.running)    # leaving the block stopped it
        self.assertEqual(depths, sorted(depths))
        self.assertGreaterEqual(depths[-1], 5)
        r = analysis.result()
        self.assertIsNotNone(r.move)
        # with a limit, the iteration ends by itself
        analysis = self.engine.analysis(xiangqi.Board(), depth=4)
        infos = list(analysis)
        self.assertEqual(infos[-1].depth, 4)
        self.assertEqual(analysis.wait().depth, 4)
        self.assertFalse(self.engine.running)

    def test_board_is_copied(self):
        board = xiangqi.Board()
        self.engine.start(board, depth=6)
        board.push("h2e2")
        board.close()
        r = self.engine.wait()
        self.assertIn(r.move, xiangqi.Board().legal_moves)


class TestLifetime(unittest.TestCase):
    def test_context_manager_and_close(self):
        with Engine(threads=2, hash_mb=4) as engine:
            self.assertEqual(engine.threads, 2)
            self.assertEqual(engine.hash_mb, 4)
            self.assertIsNotNone(engine.analyse(xiangqi.Board(), depth=5).move)
        self.assertTrue(engine.closed)
        self.assertIn("closed", repr(engine))
        with self.assertRaises(xiangqi.InvalidArgumentError):
            engine.analyse(xiangqi.Board(), depth=2)
        engine.close()  # twice is fine
        engine.stop()   # and stop on a closed engine does nothing

    def test_close_while_searching(self):
        engine = Engine()
        engine.start(xiangqi.Board(), infinite=True, info=lambda info: None)
        time.sleep(0.05)
        engine.close()  # stops, joins and frees
        self.assertTrue(engine.closed)

    def test_collected_while_searching(self):
        engine = Engine()
        ref = weakref.ref(engine)
        calls = []
        engine.start(xiangqi.Board(), infinite=True, info=lambda info: calls.append(info.depth))
        time.sleep(0.05)
        del engine
        gc.collect()
        self.assertIsNone(ref())
        n = len(calls)
        time.sleep(0.1)
        self.assertEqual(len(calls), n, "the callback ran after the engine was freed")

    def test_close_from_callback(self):
        # A callback that closes its engine: freed by another thread, no deadlock.
        holder = {}

        def on_info(info):
            holder["engine"].close()

        engine = holder["engine"] = Engine()
        engine.start(xiangqi.Board(), infinite=True, info=on_info)
        deadline = time.monotonic() + 120  # generous: a busy machine
        while not engine.closed and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertTrue(engine.closed)
        # the thread that frees the handle finishes (the search thread was joined)
        while time.monotonic() < deadline and any(
                t.name == "xiangqi-engine-free" for t in threading.enumerate()):
            time.sleep(0.01)
        self.assertFalse(any(t.name == "xiangqi-engine-free" for t in threading.enumerate()))

    def test_configuration(self):
        with Engine() as engine:
            engine.threads = 2
            self.assertEqual(engine.threads, 2)
            engine.set_threads(1)
            engine.hash_mb = 2
            engine.set_hash(8)
            self.assertEqual(engine.hash_mb, 8)
            engine.clear()
            self.assertIsNotNone(engine.analyse(xiangqi.Board(), depth=4).move)

    def test_rules(self):
        # 119 plies without a capture: under the default 120-ply limit the
        # extra chariot cannot win in time; without a limit it can.
        board = xiangqi.Board("4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 119 80")
        with Engine() as engine:
            self.assertEqual(engine.analyse(board, depth=4).score, Score(cp=0))
            engine.set_rules(xiangqi.Rules("axf", ply_limit=0))
            self.assertGreater(engine.analyse(board, depth=4).score, Score(cp=0))
            engine.set_rules()  # back to AXF
            self.assertEqual(engine.analyse(board, depth=4).score, Score(cp=0))
            engine.set_rules("simple")
            with self.assertRaises(xiangqi.InvalidArgumentError):
                engine.set_rules(xiangqi.Rules("axf", fold=1))  # refused by the library
            with self.assertRaises(xiangqi.InvalidArgumentError):
                engine.set_rules("nonsense")
            engine.start(board, infinite=True)
            with self.assertRaises(xiangqi.StateError):
                engine.set_rules(None)
            engine.stop()
            engine.wait()
        with Engine(rules=xiangqi.Rules("axf", ply_limit=0)) as engine:
            self.assertGreater(engine.analyse(board, depth=4).score, Score(cp=0))

    def test_search_alias(self):
        self.assertIs(xiangqi.Search, xiangqi.Engine)


class TestErrors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = Engine()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def assert_einval(self, call):
        with self.assertRaises(xiangqi.InvalidArgumentError) as cm:
            call()
        self.assertEqual(cm.exception.code, -1)
        self.assertEqual(cm.exception.name, "XQ_EINVAL")
        self.assertIsInstance(cm.exception, ValueError)
        return cm.exception

    def test_bad_arguments(self):
        board = xiangqi.Board()
        e = self.engine
        self.assert_einval(lambda: e.analyse(board, depth=0))
        self.assert_einval(lambda: e.analyse(board, depth=101))
        self.assert_einval(lambda: e.analyse(board, depth="5"))
        self.assert_einval(lambda: e.analyse(board, nodes=-1))
        self.assert_einval(lambda: e.analyse(board, movetime=-1))
        self.assert_einval(lambda: e.analyse(board, depth=2, skill=21))
        self.assert_einval(lambda: e.analyse(board, depth=2, multipv=0))
        self.assert_einval(lambda: e.analyse(board, mate=0))
        self.assert_einval(lambda: e.analyse(board, depth=2, searchmoves=[]))
        self.assert_einval(lambda: e.analyse(board))  # no limit: would never return
        self.assert_einval(lambda: e.analyse(board, depth=2, infinite=True))
        self.assert_einval(lambda: e.start(board, info="not callable"))
        self.assert_einval(lambda: Engine(threads=0))
        self.assert_einval(lambda: Engine(threads=257))
        self.assert_einval(lambda: Engine(hash_mb=0))
        self.assert_einval(lambda: e.set_threads(0))
        self.assert_einval(lambda: e.set_hash(0))
        with self.assertRaises(TypeError):
            e.analyse(board, depht=3)
        # checked by the library itself (xq_search_start): its code and message
        exc = self.assert_einval(lambda: e.analyse(board, depth=2, move_overhead=61))
        self.assertIn("invalid argument", str(exc).lower())
        self.assertFalse(e.running)

    def test_bad_moves(self):
        board = xiangqi.Board()
        with self.assertRaises(xiangqi.IllegalMoveError):
            self.engine.analyse(board, depth=2, searchmoves=["h2h8"])
        with self.assertRaises(xiangqi.ParseError):
            self.engine.analyse(board, depth=2, banmoves=["nonsense"])
        with self.assertRaises(xiangqi.ParseError):
            self.engine.analyse("not a fen", depth=2)
        self.assertFalse(self.engine.running)


class TestScore(unittest.TestCase):
    def test_order_and_text(self):
        scores = [Score(mate=0), Score(mate=-1), Score(mate=-5), Score(cp=-300), Score(cp=0),
                  Score(cp=45), Score(mate=9), Score(mate=2), Score(mate=1)]
        self.assertEqual(sorted(reversed(scores)), scores)
        self.assertEqual(str(Score(cp=0)), "+0")
        self.assertEqual(str(Score(mate=3)), "#3")
        self.assertEqual(repr(Score(cp=-12)), "Score(cp=-12)")
        self.assertEqual(Score(mate=3).score(mate_score=100000), 99997)
        self.assertEqual(Score(mate=-3).score(mate_score=100000), -99997)
        self.assertIsNone(Score(mate=3).score())
        self.assertEqual(Score(cp=7).score(), 7)
        self.assertEqual(hash(Score(cp=7)), hash(Score(cp=7)))
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Score()
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Score(cp=1, mate=1)

    def test_bound(self):
        s = Score(cp=5, bound=xiangqi.Bound.LOWER)
        self.assertEqual(s.bound, xiangqi.Bound.LOWER)
        self.assertIn("LOWER", repr(s))


class TestEvaluate(unittest.TestCase):
    def test_evaluate(self):
        start = xiangqi.evaluate(xiangqi.Board())
        self.assertIsInstance(start, int)
        self.assertLess(abs(start), 100)
        # Red a chariot up
        up = xiangqi.evaluate("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
        self.assertGreater(up, 500)
        with self.assertRaises(xiangqi.ParseError):
            xiangqi.evaluate("bad fen")


if __name__ == "__main__":
    unittest.main()
