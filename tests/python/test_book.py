# SPDX-License-Identifier: MIT
"""xiangqi.Book: building, counts (checked by hand), mirror images, the file
round trip, merging, damaged files, picking, and an Engine with a book."""

import gc
import os
import tempfile
import unittest

import xiangqi
from xiangqi import Board, Book, Engine, Move, Record

from xqtest import DATA_DIR

GAMES = os.path.join(DATA_DIR, "games", "liu-dahua-1125-uci.pgn")

# Three games with results: h2e2 twice (a Red win and a draw), and b2e2 (the
# mirror image of h2e2) once, lost by Red. After h2e2 Black played h9g7
# (Red won) and b9c7 (draw); after b2e2, b9c7 (the mirror image of h9g7).
SMALL = [
    ('1-0', "h2e2 h9g7 h0g2"),
    ('1/2-1/2', "h2e2 b9c7"),
    ('0-1', "b2e2 b9c7"),
]


def small_records():
    out = []
    for result, moves in SMALL:
        rec = Record.from_pgn('[Result "%s"]\n\n%s %s\n' % (result, moves, result))
        out.append(rec)
    return out


class TestBuild(unittest.TestCase):
    def test_exported(self):
        self.assertIs(xiangqi.Book, Book)
        self.assertTrue(hasattr(xiangqi, "BookEntry"))

    def test_counts_by_hand(self):
        book = Book.build(small_records())
        start = Board()
        entries = book.probe(start)
        # The start position is its own mirror image: h2e2 and b2e2 stay two
        # moves (they lead to mirror images of one position).
        got = {x.move.iccs(): (x.games, x.wins, x.draws, x.losses) for x in entries}
        self.assertEqual(got, {"h2e2": (2, 1, 1, 0), "b2e2": (1, 0, 0, 1)})
        self.assertEqual(entries[0].move.iccs(), "h2e2")  # heaviest first
        self.assertAlmostEqual(entries[0].score, 0.75)
        self.assertEqual(entries[1].score, 0.0)
        self.assertEqual(book.games, 3)
        # After h2e2: h9g7 twice (lost by Black in game 1; and b9c7 of game 3,
        # played in the mirror image, won by Black) and b9c7 once (a draw).
        b = Board()
        b.push("h2e2")
        got = {x.move.iccs(): (x.games, x.wins, x.draws, x.losses) for x in book.probe(b)}
        self.assertEqual(got, {"h9g7": (2, 1, 0, 1), "b9c7": (1, 0, 1, 0)})
        # The same position on the other wing lists the mirrored moves.
        b = Board()
        b.push("b2e2")
        got = {x.move.iccs(): (x.games, x.wins, x.draws, x.losses) for x in book.probe(b)}
        self.assertEqual(got, {"b9c7": (2, 1, 0, 1), "h9g7": (1, 0, 1, 0)})
        self.assertIn(b, book)
        self.assertNotIn(Board("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"), book)

    def test_filters(self):
        book = Book.build(small_records(), max_ply=1)
        self.assertEqual(len(book), 1)
        b = Board()
        b.push("h2e2")
        self.assertEqual(book.probe(b), [])
        book = Book.build(small_records(), min_games=2)
        b = Board()
        b.push("h2e2")
        self.assertEqual([x.move.iccs() for x in book.probe(b)], ["h9g7"])
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Book.build(small_records(), min_score=2.0)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Book.build(small_records(), weighting="elo")
        results = Book.build(small_records(), weighting="results")
        self.assertEqual(results.weighting, "results")
        # 2 per win, 1 per draw: h2e2 weighs 2 + 1 + 0 = 3.
        self.assertEqual(results.probe(Board())[0].weight, 3)

    def test_from_pgn_file(self):
        book = Book.build(GAMES)
        self.assertEqual(book.games, 1125)
        self.assertGreater(len(book), 1000)
        self.assertGreater(book.move_count, len(book))
        for e in book.probe(Board()):
            self.assertTrue(Board().is_legal(e.move))


class TestFile(unittest.TestCase):
    def test_roundtrip(self):
        book = Book.build(small_records())
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "b.xqb")
            book.write(path)
            with Book(path) as again:
                self.assertEqual(again.to_bytes(), book.to_bytes())
                self.assertEqual(again.dump(), book.dump())
        copy = Book.from_bytes(book.to_bytes())
        self.assertEqual(len(copy), len(book))
        self.assertEqual(book.dump().count("\n"), book.move_count)

    def test_merge_equals_union(self):
        recs = small_records()
        a = Book.build(recs[:2])
        b = Book.build(recs[2:])
        self.assertEqual(a.merge(b).to_bytes(), Book.build(recs).to_bytes())

    def test_damaged(self):
        data = Book.build(small_records()).to_bytes()
        bad = bytearray(data)
        bad[-1] ^= 0xFF
        newer = bytearray(data)
        newer[8] = 99  # the format version
        # the problems a net and a table file have, with the same errors
        for blob, error, text in [
                (b"", xiangqi.ParseError, "empty file, not a book"),
                (b"hello\n", xiangqi.ParseError, "not a book file (bad magic)"),
                (data[:40], xiangqi.ParseError, "truncated: 40 bytes, shorter than"),
                (data[:len(data) - 1], xiangqi.ParseError, "truncated"),
                (bytes(bad), xiangqi.ParseError, "checksum mismatch (file corrupted)"),
                (bytes(newer), xiangqi.VersionError,
                 "book format version 99, this library reads version 1")]:
            with self.assertRaises(error) as cm:
                Book.from_bytes(blob)
            self.assertIn(text, str(cm.exception))
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "bad.xqb")
                with open(path, "wb") as f:
                    f.write(blob)
                with self.assertRaises(error) as cm:
                    Book(path)
                self.assertIn(path + ": " + text, str(cm.exception))
        with self.assertRaises(xiangqi.XiangqiIOError) as cm:
            Book("/nonexistent/book.xqb")
        self.assertIn("/nonexistent/book.xqb: cannot open", str(cm.exception))

    def test_default(self):
        paths = Book.default_paths()
        self.assertTrue(all(p.endswith("book.xqb") for p in paths))
        # python_install.sh sets XQ_TEST_BOOK=require: an installed package must find it
        if not any(os.path.isfile(p) for p in paths) and \
                os.environ.get("XQ_TEST_BOOK") != "require":
            self.skipTest("no default book built")
        with Book.default() as book:
            self.assertGreater(len(book), 100000)
            self.assertGreater(book.games, 50000)

    def test_default_missing_names_xq_book(self):
        """Issue 24: the error said where it looked but not how to name a book."""
        import xiangqi._book as _book
        old_name, old_env = _book.DEFAULT_BOOK_NAME, os.environ.pop("XQ_BOOK", None)
        _book.DEFAULT_BOOK_NAME = "no-such-book.xqb"
        try:
            with self.assertRaises(xiangqi.NotFoundError) as cm:
                Book.default()
            message = str(cm.exception)
            self.assertIn("XQ_BOOK", message)
            for path in Book.default_paths():
                self.assertIn(path, message)
            self.assertIn(os.path.join(os.path.dirname(_book.__file__), "no-such-book.xqb"),
                          message)  # the package's own directory (a wheel carries the book)
            os.environ["XQ_BOOK"] = "/nonexistent/mine.xqb"
            with self.assertRaises(xiangqi.NotFoundError) as cm:
                Book.default()
            self.assertIn("XQ_BOOK=/nonexistent/mine.xqb", str(cm.exception))
        finally:
            _book.DEFAULT_BOOK_NAME = old_name
            os.environ.pop("XQ_BOOK", None)
            if old_env is not None:
                os.environ["XQ_BOOK"] = old_env

    def test_default_env(self):
        book = Book.build(small_records())
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "mine.xqb")
            book.write(path)
            old = os.environ.get("XQ_BOOK")
            os.environ["XQ_BOOK"] = path
            try:
                self.assertEqual(Book.default_paths()[0], path)
                with Book.default() as b:
                    self.assertEqual(b.to_bytes(), book.to_bytes())
            finally:
                if old is None:
                    del os.environ["XQ_BOOK"]
                else:
                    os.environ["XQ_BOOK"] = old


class TestPick(unittest.TestCase):
    def test_pick(self):
        book = Book.build(GAMES)
        b = Board()
        moves = {e.move for e in book.probe(b)}
        picks = {book.pick(b, seed=s) for s in range(50)}
        self.assertTrue(picks <= moves)
        self.assertGreater(len(picks), 1)
        self.assertEqual(book.pick(b, seed=7), book.pick(b, seed=7))
        self.assertEqual(book.pick(b, best=True), book.probe(b)[0].move)
        self.assertIsNone(book.pick(Board("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1")))


class TestEngine(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.book = Book.build(GAMES)

    def test_engine_with_book(self):
        with Engine(book=self.book) as engine:
            self.assertIs(engine.book, self.book)
            b = Board()
            moves = {e.move for e in self.book.probe(b)}
            seen = set()
            for seed in range(10):
                r = engine.analyse(b, depth=6, seed=seed)
                self.assertTrue(r.book_move)
                self.assertEqual(r.depth, 0)
                self.assertEqual(r.nodes, 0)
                self.assertIn(r.move, moves)
                self.assertEqual(r.pv, [r.move])
                seen.add(r.move)
            self.assertGreater(len(seen), 1)
            # banmoves and searchmoves are obeyed; book=False searches.
            first = self.book.probe(b)[0].move
            r = engine.analyse(b, depth=2, searchmoves=[first])
            self.assertTrue(r.book_move)
            self.assertEqual(r.move, first)
            r = engine.analyse(b, depth=2, banmoves=[first], seed=3)
            self.assertNotEqual(r.move, first)
            r = engine.analyse(b, depth=2, book=False)
            self.assertFalse(r.book_move)
            self.assertEqual(r.depth, 2)
            # Out of the book: a search.
            r = engine.analyse("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", depth=2)
            self.assertFalse(r.book_move)
            self.assertGreater(r.nodes, 0)
            engine.set_book(None)
            self.assertIsNone(engine.book)
            self.assertFalse(engine.analyse(b, depth=2).book_move)

    def test_book_kept_alive_and_not_closed_while_used(self):
        engine = Engine()
        book = Book.build(small_records())
        engine.set_book(book)
        with self.assertRaises(xiangqi.StateError):
            book.close()
        del book
        gc.collect()
        self.assertTrue(engine.analyse(Board(), depth=2).book_move)
        book = engine.book
        engine.set_book(None)
        book.close()  # no longer used: fine
        self.assertTrue(book.closed)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            engine.set_book(book)  # closed
        with self.assertRaises(xiangqi.InvalidArgumentError):
            engine.set_book("book.xqb")
        other = Book.build(small_records())
        engine.set_book(other)
        engine.close()
        other.close()  # the engine is closed: fine
        with self.assertRaises(xiangqi.InvalidArgumentError):
            engine.set_book(None)

    def test_play_uses_book(self):
        with Engine(book=self.book) as engine:
            move = engine.play(Board(), depth=3, seed=1).move
            self.assertIsInstance(move, Move)
            self.assertIn(move, {e.move for e in self.book.probe(Board())})


if __name__ == "__main__":
    unittest.main()
