# SPDX-License-Identifier: MIT
"""Game trees like chess.pgn, and read_pgn's sources (issue 16)."""

import bz2
import gzip
import io
import lzma
import os
import pathlib
import tempfile
import threading
import time
import unittest

import xiangqi
import xiangqi.pgn
from xiangqi import Board, Move
from xiangqi.pgn import Game

from xqtest import SOURCE_DIR

GAMES = os.path.join(SOURCE_DIR, "tests", "data", "games")
SAMPLE = os.path.join(GAMES, "xqdb-sample-uci.pgn")

TREE = """[Event "tree"]
[Red "Hu Ronghua"]
[Black "Yang Guanlin"]
[Result "1-0"]

{The opening comment} 1. h2e2 {central cannon} $1 h9g7 (1... b9c7 {the other horse}
2. b0c2 $2) (1... h7e7 2. h0g2) 2. h0g2 i9h9 1-0
"""


class TestReplay(unittest.TestCase):
    def test_board_is_the_starting_position(self):
        game = next(iter(xiangqi.read_pgn(SAMPLE)))
        board = game.board()
        self.assertEqual(board.fen(), xiangqi.START_FEN)
        for m in game.mainline():        # the idiom: nodes pushed directly
            board.push(m)
        again = game.board()
        for m in game.mainline_moves():  # python-chess's idiom
            again.push(m)
        self.assertEqual(board.fen(), again.fen())
        self.assertEqual(len(board.move_stack), len(game.mainline()))
        self.assertGreater(len(board.move_stack), 20)
        self.assertEqual(game.end().board().fen(), board.fen())

    def test_fen_start(self):
        fen = "3k5/9/9/9/9/4R4/9/9/9/4K4 w - - 0 1"
        game = next(xiangqi.read_pgn_text('[FEN "%s"]\n\n1. e4e8 *\n' % fen))
        self.assertEqual(game.board().fen(), fen)
        self.assertEqual(game.headers["FEN"], fen)
        board = game.board()
        for m in game.mainline():
            board.push(m)
        self.assertEqual(board.piece_at("e8"), xiangqi.Piece.from_symbol("R"))


class TestSources(unittest.TestCase):
    def events(self, reader):
        return [g.headers["Event"] for g in reader]

    def test_every_kind_of_source(self):
        expected = self.events(xiangqi.read_pgn(SAMPLE))
        self.assertEqual(len(expected), 15)
        self.assertEqual(self.events(xiangqi.read_pgn(pathlib.Path(SAMPLE))), expected)
        with open(SAMPLE, encoding="utf-8") as f:
            self.assertEqual(self.events(xiangqi.read_pgn(f)), expected)
        with open(SAMPLE, "rb") as f:
            self.assertEqual(self.events(xiangqi.read_pgn(f)), expected)
        with open(SAMPLE, encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(self.events(xiangqi.read_pgn(io.StringIO(text))), expected)
        self.assertEqual(self.events(xiangqi.read_pgn(io.BytesIO(text.encode()))), expected)
        self.assertEqual(self.events(xiangqi.read_pgn_text(text)), expected)
        self.assertEqual(self.events(xiangqi.read_pgn_text(text.encode())), expected)

    def test_binary_file_from_its_position(self):
        with open(SAMPLE, "rb") as f:
            first = next(iter(xiangqi.read_pgn(f)))
        with open(SAMPLE, "rb") as f:
            data = f.read()
        second = data.index(b"[Event", 10)
        with open(SAMPLE, "rb") as f:
            f.read(second)  # Python's buffer holds more than this: it must not be lost
            games = list(xiangqi.read_pgn(f))
        self.assertEqual(len(games), 14)
        self.assertNotEqual(games[0].headers, first.headers)

    def test_compressed_and_other_file_objects(self):
        # Issue 24: lzma/bz2/gzip files pass fileno() through to the
        # compressed file; they must be read through read(), decompressed.
        expected = self.events(xiangqi.read_pgn(SAMPLE))
        with open(SAMPLE, "rb") as f:
            data = f.read()
        with tempfile.TemporaryDirectory() as tmp:
            for name, opener in (("x.pgn.xz", lzma.open), ("x.pgn.bz2", bz2.open),
                                 ("x.pgn.gz", gzip.open)):
                path = os.path.join(tmp, name)
                with opener(path, "wb") as f:
                    f.write(data)
                for mode in ("rb", "rt"):
                    with self.subTest(name=name, mode=mode):
                        kw = {"encoding": "utf-8"} if mode == "rt" else {}
                        with opener(path, mode, **kw) as f:
                            reader = xiangqi.read_pgn(f, skip_errors=True)
                            self.assertEqual(self.events(reader), expected)
                            self.assertEqual(reader.errors, [])
            path = os.path.join(tmp, "plain.pgn")
            with open(path, "wb") as f:
                f.write(data)
            with open(path, encoding="utf-8") as f:
                self.assertEqual(self.events(xiangqi.read_pgn(f)), expected)
            with open(path, "rb", buffering=0) as f:  # an io.FileIO
                self.assertEqual(self.events(xiangqi.read_pgn(f)), expected)
        self.assertEqual(self.events(xiangqi.read_pgn(io.BytesIO(data))), expected)
        self.assertEqual(self.events(xiangqi.read_pgn(io.StringIO(data.decode()))), expected)
        self.assertEqual(len(list(xiangqi.PgnReader(io.BytesIO(data)))), 15)

    def test_a_failing_file_object_raises_its_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bad.pgn.xz")
            with open(SAMPLE, "rb") as f:
                packed = lzma.compress(f.read())
            with open(path, "wb") as f:
                f.write(packed[:len(packed) // 2])  # truncated
            with lzma.open(path) as f:
                with self.assertRaises(EOFError):
                    list(xiangqi.read_pgn(f, skip_errors=True))

    def test_file_objects_are_streamed(self):
        # A file object is read in bounded chunks as the games are needed,
        # never whole: count what read() is asked for and has given.
        with open(SAMPLE, "rb") as f:
            game = f.read().split(b"\n\n[Event")[0] + b"\n\n"

        class Stream(io.RawIOBase):
            def __init__(self, copies):
                self.left = copies
                self.sizes = []
                self.given = 0

            def readable(self):
                return True

            def read(self, size=-1):
                self.sizes.append(size)
                if self.left == 0:
                    return b""
                self.left -= 1
                self.given += len(game)
                return game

        stream = Stream(4000)  # about 4 MB of games
        reader = xiangqi.read_pgn(stream)
        first = next(reader)
        self.assertEqual(first.headers["Event"], "Zhongli Cup TV fast game Champion 1997")
        reader.close()
        self.assertTrue(all(size is not None and 0 < size <= 1 << 20 for size in stream.sizes),
                        stream.sizes[:10])
        # the pipe, the chunk in flight and the library's block: far from all
        self.assertLess(stream.given, 2 << 20)
        # closing the reader stops the thread that fed it (a bounded poll)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(
                t.name == "xiangqi-pgn-reader" for t in threading.enumerate()):
            time.sleep(0.01)
        self.assertFalse(any(t.name == "xiangqi-pgn-reader" for t in threading.enumerate()))
        small = Stream(300)
        self.assertEqual(sum(1 for _ in xiangqi.PgnReader(small)), 300)
        self.assertTrue(all(0 < size <= 1 << 20 for size in small.sizes))

    def test_a_string_is_never_pgn_text(self):
        one_line = '1. h2e2 h9g7 *'
        with self.assertRaises(xiangqi.XiangqiIOError) as cm:
            list(xiangqi.read_pgn(one_line))
        self.assertIn("cannot open", str(cm.exception))
        with self.assertRaises(xiangqi.XiangqiIOError) as cm:
            xiangqi.read_pgn('[Event "x"]\n1. h2e2 *')
        self.assertIn("read_pgn_text", str(cm.exception))
        games = list(xiangqi.read_pgn_text(one_line))
        self.assertEqual([m.iccs() for m in games[0].mainline_moves()], ["h2e2", "h9g7"])
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.read_pgn(42)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.read_pgn_text(pathlib.Path(SAMPLE))

    def test_a_file_named_like_pgn(self):
        with tempfile.TemporaryDirectory() as tmp:
            name = os.path.join(tmp, "1. h2e2 *")
            with open(name, "w", encoding="utf-8") as f:
                f.write('[Event "file"]\n\n1. b2e2 *\n')
            self.assertEqual(self.events(xiangqi.read_pgn(name)), ["file"])

    def test_records_reader(self):
        records = list(xiangqi.PgnReader(SAMPLE))
        self.assertIsInstance(records[0], xiangqi.Record)
        self.assertEqual(len(records), 15)


class TestTree(unittest.TestCase):
    def setUp(self):
        self.game = next(xiangqi.read_pgn_text(TREE))

    def test_structure(self):
        g = self.game
        self.assertEqual(g.comment, "The opening comment")
        first = g.next()
        self.assertEqual(first.move, Move.from_iccs("h2e2"))
        self.assertEqual(first.comment, "central cannon")
        self.assertEqual(first.nags, {xiangqi.pgn.NAG_GOOD_MOVE})
        self.assertEqual([v.move.iccs() for v in first.variations], ["h9g7", "b9c7", "h7e7"])
        side = first.variation(1)
        self.assertEqual(side.comment, "the other horse")
        self.assertTrue(side.starts_variation())
        self.assertFalse(side.is_mainline())
        self.assertEqual(side.next().nags, {xiangqi.pgn.NAG_MISTAKE})
        self.assertEqual(side.next().ply, 3)
        self.assertTrue(g.end().is_mainline())
        self.assertEqual([m.iccs() for m in g.mainline_moves()], ["h2e2", "h9g7", "h0g2", "i9h9"])
        self.assertEqual(side.next().board().fen(),
                         "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C4/9/R1BAKABNR b - - 3 2")
        self.assertEqual(first.text("chinese"), "炮二平五")
        self.assertEqual(first.san(), "C2.5")
        self.assertEqual(first.uci(ranks_1_10=True), "h3e3")
        self.assertEqual(g.headers["Result"], "1-0")

    def test_editing(self):
        g = self.game
        first = g.next()
        first.promote_to_main("b9c7")
        self.assertEqual([m.iccs() for m in g.mainline_moves()], ["h2e2", "b9c7", "b0c2"])
        first.demote(0)
        self.assertEqual(first.variations[0].move.iccs(), "h9g7")
        first.remove_variation("h7e7")
        self.assertEqual(len(first.variations), 2)
        node = first.variation(0).end().add_variation("马八进七", comment="new")
        self.assertEqual(node.move, Move.from_iccs("b0c2"))
        with self.assertRaises(xiangqi.IllegalMoveError):
            node.add_variation("a0a5")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            node.parent.add_variation("b0c2")
        main = first.add_main_variation("c6c5", nags=[5])
        self.assertIs(first.next(), main)
        last = g.add_line(["h2e2", "c6c5", "h0g2"], comment="line")
        self.assertIs(last.parent, main)
        self.assertEqual(last.comment, "line")
        self.assertEqual(list(g.mainline_moves()), [Move.from_iccs(t) for t in
                                                    ("h2e2", "c6c5", "h0g2")])

    def test_round_trip_and_written_pgn(self):
        text = self.game.pgn()
        lines = text.splitlines()
        roster = [line.split()[0][1:] for line in lines[:7]]
        self.assertEqual(roster, list(xiangqi.pgn.TAG_ROSTER))
        self.assertIn('[Date "????.??.??"]', lines)
        self.assertTrue(text.rstrip().endswith("1-0"))
        again = next(xiangqi.read_pgn_text(text))
        self.assertEqual(again.pgn(), text)
        self.assertEqual(str(again), text)
        written = dict(again.headers.items())
        self.assertEqual(written.pop("Format"), "ICCS")  # the writer names the notation
        self.assertEqual(written, dict(self.game.headers.items()))

    def test_new_game_has_the_seven_tag_roster(self):
        g = Game()
        node = g.add_variation("h2e2")
        node.add_variation("h9g7")
        text = g.pgn()
        self.assertTrue(text.startswith('[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n'
                                        '[Round "?"]\n[Red "?"]\n[Black "?"]\n[Result "*"]\n'),
                        text)
        self.assertIn("1. h2e2 h9g7 *", text)
        self.assertEqual(list(Game.without_tag_roster().headers), [])

    def test_from_board(self):
        fen = "3ak4/C3a1c2/9/4P4/9/9/4Cc3/4K4/9/9 w - - 0 1"
        board = Board(fen)
        board.push("a8a9")  # checkmate
        game = Game.from_board(board)
        self.assertEqual(game.board().fen(), fen)
        self.assertEqual((game.headers["FEN"], game.headers["SetUp"]), (fen, "1"))
        self.assertEqual(list(game.mainline_moves()), board.move_stack)
        self.assertEqual(game.end().board().fen(), board.fen())
        self.assertEqual(game.headers["Result"], "1-0")
        self.assertIn('[Result "1-0"]', game.pgn())
        self.assertTrue(game.pgn().rstrip().endswith("1-0"))
        self.assertEqual(game.outcome().winner, xiangqi.RED)
        start = Board()
        start.push("h2e2")
        start.push("h9g7")
        game = Game.from_board(start)
        self.assertNotIn("FEN", game.headers)
        self.assertEqual(game.headers["Result"], "*")
        self.assertEqual([m.iccs() for m in game.mainline_moves()], ["h2e2", "h9g7"])

    def test_visitor(self):
        class Counter(xiangqi.pgn.BaseVisitor):
            def begin_game(self):
                self.moves, self.variations, self.comments, self.nags = [], 0, [], []

            def visit_move(self, board, move):
                self.moves.append(board.move_to_text(move, "iccs"))

            def begin_variation(self):
                self.variations += 1

            def visit_comment(self, comment):
                self.comments.append(comment)

            def visit_nag(self, nag):
                self.nags.append(nag)

            def result(self):
                return self

        c = self.game.accept(Counter())
        self.assertEqual(c.moves, ["h2e2", "h9g7", "b9c7", "b0c2", "h7e7", "h0g2", "h0g2",
                                   "i9h9"])
        self.assertEqual(c.variations, 2)
        self.assertEqual(c.comments, ["The opening comment", "central cannon",
                                      "the other horse"])
        self.assertEqual(c.nags, [1, 2])
        rebuilt = self.game.accept(xiangqi.pgn.GameBuilder())
        self.assertEqual(rebuilt.pgn(), self.game.pgn())


class TestReadGame(unittest.TestCase):
    def test_one_game_at_a_time(self):
        text = ('[Event "a"]\n\n1. h2e2 h9g7 1-0\n\n[Event "b"]\n\n1. b2e2 *\n'
                '[Event "c"]\n1. h0g2\n\n[Event "d"]\n1. C2.5 0-1\n')
        for handle in (io.StringIO(text), io.BytesIO(text.encode())):
            events = []
            while True:
                game = xiangqi.pgn.read_game(handle)
                if game is None:
                    break
                events.append((game.headers["Event"], len(game.mainline())))
            self.assertEqual(events, [("a", 2), ("b", 1), ("c", 1), ("d", 1)])
        handle = io.StringIO(text)
        self.assertEqual(xiangqi.pgn.read_headers(handle)["Event"], "a")
        self.assertTrue(xiangqi.pgn.skip_game(handle))
        self.assertEqual(xiangqi.pgn.read_game(handle).headers["Event"], "c")

    def test_read_headers_scans_only_headers(self):
        """Issue 24: read_headers() parsed the moves and raised on a bad
        movetext (CCPD game 38,029); like python-chess it reads tags only."""
        text = ('[Event "bad \\"moves\\""]\n[Red "A"] [Black "B"]\n\n1. h2h8 zz9 *\n\n'
                '[Event "next"]\n\n1. h2e2 h9g7 1-0\n')
        for handle in (io.StringIO(text), io.BytesIO(text.encode())):
            first = xiangqi.pgn.read_headers(handle)
            self.assertEqual(first["Event"], 'bad "moves"')
            self.assertEqual((first["Red"], first["Black"], first["Result"]), ("A", "B", "*"))
            second = xiangqi.pgn.read_headers(handle)
            self.assertEqual((second["Event"], second["Result"]), ("next", "1-0"))
            self.assertIsNone(xiangqi.pgn.read_headers(handle))
        # the same headers as read_game() gives, for every game of the samples
        for name in ("xqdb-sample-uci.pgn", "xqdb-sample-chinese.pgn"):
            with open(os.path.join(GAMES, name), "rb") as f:
                data = f.read()
            scanned, games = io.BytesIO(data), io.BytesIO(data)
            n = 0
            while True:
                headers = xiangqi.pgn.read_headers(scanned)
                game = xiangqi.pgn.read_game(games)
                if game is None:
                    self.assertIsNone(headers)
                    break
                self.assertEqual(dict(headers.items()), dict(game.headers.items()))
                n += 1
            self.assertEqual(n, 15)

    def test_bad_game(self):
        with self.assertRaises(xiangqi.IllegalMoveError):
            xiangqi.pgn.read_game(io.StringIO("1. h2h8 *\n"))
        self.assertIsNone(xiangqi.pgn.read_game(io.StringIO("\n\n")))


if __name__ == "__main__":
    unittest.main()
