# SPDX-License-Identifier: MIT
"""xiangqi.Tablebase: generate, open, probe, best moves, verify, the engine
with tables, damaged files, and the module's doctest."""

import doctest
import os
import shutil
import tempfile
import unittest

import xiangqi
from xiangqi import _tablebase


def load_tests(loader, tests, ignore):
    tests.addTests(doctest.DocTestSuite(_tablebase))
    return tests


class TestTablebase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="xq_tb_py_")
        cls.progress = []
        xiangqi.Tablebase.generate(cls.dir, "KNKA", "KRKN",
                                   progress=lambda *a: cls.progress.append(a))
        cls.tb = xiangqi.Tablebase(cls.dir)

    @classmethod
    def tearDownClass(cls):
        cls.tb.close()
        shutil.rmtree(cls.dir)

    def test_files_and_figures(self):
        names = [t.name for t in self.tb.tables]
        self.assertEqual(names, sorted(["KK", "KAK", "KNK", "KNKA", "KRK", "KRKN"]))
        self.assertEqual(len(self.tb), 6)
        self.assertEqual(self.tb.max_pieces, 2)
        krk = next(t for t in self.tb.tables if t.name == "KRK")
        self.assertEqual((krk.positions, krk.wins, krk.draws, krk.losses, krk.max_dtm),
                         (5832, 2556, 66, 3210, 4))
        self.assertEqual(krk.file_size, os.path.getsize(os.path.join(self.dir, "KRK.xqtb")))
        krkn = next(t for t in self.tb.tables if t.name == "KRKN")
        self.assertEqual((krkn.rule_wins, krkn.rule_losses), (315, 1291))
        # progress: a "written" report (phase 2) for each table made
        done = [p[0] for p in self.progress if p[1] == 2]
        self.assertEqual(sorted(done), names)

    def test_probe(self):
        board = xiangqi.Board("9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1")
        self.assertEqual(self.tb.probe(board), (xiangqi.WIN, 3, False))
        self.assertEqual(self.tb.probe_wdl(board), 1)
        self.assertEqual(self.tb.probe_dtm(board), 3)
        board.push("a0a8")
        self.assertEqual(self.tb.probe(board), (xiangqi.LOSS, 2, False))
        self.assertEqual(self.tb.probe_dtm(board), -2)
        # a FEN works as well; the colours swapped probe alike
        self.assertEqual(self.tb.probe("r2k5/9/9/9/9/9/9/9/4K4/9 b - - 0 1").dtm, 3)
        # the perpetual-check rule: no distance
        p = self.tb.probe("4k4/9/9/9/2R6/9/9/9/5K1n1/9 b - - 0 1")
        self.assertEqual(p, (xiangqi.LOSS, None, True))
        self.assertIsNone(self.tb.probe_dtm("4k4/9/9/9/2R6/9/9/9/5K1n1/9 b - - 0 1"))
        # a draw: the general takes the chariot
        self.assertEqual(self.tb.probe("9/4k4/4R4/9/9/9/9/9/9/3K5 b - - 0 1"),
                         (xiangqi.DRAW, 0, False))

    def test_not_covered(self):
        with self.assertRaises(xiangqi.NotFoundError) as cm:
            self.tb.probe(xiangqi.Board())
        self.assertIsInstance(cm.exception, LookupError)
        self.assertIsNone(self.tb.get(xiangqi.Board()))
        self.assertEqual(self.tb.get(xiangqi.Board(), "none"), "none")
        with self.assertRaises(xiangqi.NotFoundError):
            self.tb.best_moves(xiangqi.Board())
        with self.assertRaises(xiangqi.InvalidArgumentError):
            self.tb.probe(None)

    def test_best_moves_play_out(self):
        """Both sides on best moves: the longest KNKA win ends in mate after
        exactly its distance."""
        board = xiangqi.Board("4k4/4a4/9/9/9/9/9/9/9/3K1N3 w - - 0 1")
        start = self.tb.probe(board)
        self.assertEqual(start.wdl, xiangqi.WIN)
        plies = 0
        while True:
            moves = self.tb.best_moves(board)
            if not moves:
                break
            dtm = self.tb.probe(board).dtm
            board.push(moves[0])
            self.assertEqual(self.tb.probe(board).dtm, dtm - 1)
            plies += 1
        self.assertEqual(plies, start.dtm)
        self.assertEqual(len(board.legal_moves), 0)

    def test_verify(self):
        for t in self.tb.tables:
            self.assertIsNone(self.tb.verify(t.name))
        with self.assertRaises(xiangqi.NotFoundError):
            self.tb.verify("KRRK")
        with self.assertRaises(xiangqi.ParseError):
            self.tb.verify("KQK")

    def test_engine_with_tables(self):
        board = xiangqi.Board("4k4/4a4/9/9/9/9/9/9/9/3K1N3 w - - 0 1")
        best = set(self.tb.best_moves(board))
        with xiangqi.Engine() as engine:
            xiangqi.set_engine_tablebase(engine, self.tb)
            result = engine.analyse(board, depth=2)
            self.assertIn(result.move, best)
            self.assertEqual(result.score.mate, (self.tb.probe(board).dtm + 1) // 2)
            xiangqi.set_engine_tablebase(engine, None)
            with self.assertRaises(xiangqi.InvalidArgumentError):
                xiangqi.set_engine_tablebase(engine, "not a tablebase")
        with xiangqi.Engine() as engine:  # the same through the method
            engine.set_tablebase(self.tb)
            result = engine.analyse(board, depth=2)
            self.assertIn(result.move, best)
            engine.set_tablebase(None)
            with self.assertRaises(xiangqi.InvalidArgumentError):
                engine.set_tablebase(42)

    def test_generate_errors(self):
        with self.assertRaises(xiangqi.ParseError) as cm:
            xiangqi.Tablebase.generate(self.dir, "KQK")
        self.assertIn("unexpected 'Q'", str(cm.exception))
        with self.assertRaises(xiangqi.XiangqiIOError):
            xiangqi.Tablebase.generate("/nonexistent/xq", "KRK")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.Tablebase.generate(self.dir)

    def test_damaged(self):
        with tempfile.TemporaryDirectory() as d:
            shutil.copy(os.path.join(self.dir, "KRK.xqtb"), d)
            path = os.path.join(d, "KRK.xqtb")
            with open(path, "r+b") as f:
                f.seek(400)
                f.write(b"\x07")
            with self.assertRaises(xiangqi.ParseError) as cm:
                xiangqi.Tablebase(d)
            self.assertIn("KRK.xqtb: data checksum mismatch", str(cm.exception))
            with open(path, "r+b") as f:
                f.truncate(1000)
            with self.assertRaises(xiangqi.ParseError) as cm:
                xiangqi.Tablebase(d)
            self.assertIn("truncated", str(cm.exception))
            # the problems a book and a net file have, with the same errors
            with open(os.path.join(self.dir, "KRK.xqtb"), "rb") as f:
                good = f.read()
            header = bytearray(good[:128])
            header[8] = 2  # a newer format version, the header checksum made right
            h = 0xcbf29ce484222325
            for byte in header[:120]:
                h = ((h ^ byte) * 0x100000001b3) % 2**64
            header[120:128] = h.to_bytes(8, "little")
            for data, error, text in [
                    (bytes(header) + good[128:], xiangqi.VersionError,
                     "KRK.xqtb: endgame table format version 2, this library reads version 1"),
                    (b"", xiangqi.ParseError, "KRK.xqtb: empty file, not an endgame table"),
                    (b"hello\n", xiangqi.ParseError, "KRK.xqtb: not an endgame table file (bad magic)"),
                    (good[:100], xiangqi.ParseError, "KRK.xqtb: truncated: 100 bytes, shorter than"),
                    (good[:-1], xiangqi.ParseError, "KRK.xqtb: truncated: %d bytes" % (len(good) - 1))]:
                with open(path, "wb") as f:
                    f.write(data)
                with self.assertRaises(error) as cm:
                    xiangqi.Tablebase(d)
                self.assertIn(text, str(cm.exception))
        with self.assertRaises(xiangqi.XiangqiIOError):
            xiangqi.Tablebase("/nonexistent/xq")

    def test_close(self):
        tb = xiangqi.Tablebase(self.dir)
        self.assertIn("6 tables", repr(tb))
        tb.close()
        self.assertTrue(tb.closed)
        self.assertEqual(repr(tb), "<Tablebase (closed)>")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            len(tb)
        tb.close()  # twice is fine


if __name__ == "__main__":
    unittest.main()
