# SPDX-License-Identifier: MIT
"""Game records: Record, tags, navigation, PGN in and out, XQF, the PGN iterator."""

import os
import tempfile
import unittest

import xiangqi
from xiangqi import Move, Record

from xqtest import DATA_DIR

GAMES = os.path.join(DATA_DIR, "games")
XQF = os.path.join(DATA_DIR, "xqf")


class TestRecord(unittest.TestCase):
    def test_build_and_write(self):
        rec = Record()
        rec.tags["Event"] = "Test"
        rec.tags["Red"] = "Liu Dahua"
        self.assertEqual(rec.play("炮二平五"), Move.from_iccs("h2e2"))
        rec.play("H8+7")
        rec.play(Move.from_iccs("h0g2"))
        rec.comment = "a quiet move"
        rec.add_nag(1)
        self.assertEqual(rec.nags, [1])
        self.assertEqual(rec.ply, 3)
        self.assertEqual([str(m) for m in rec.mainline()], ["h2e2", "h9g7", "h0g2"])
        self.assertEqual(rec.tags.items(), [("Event", "Test"), ("Red", "Liu Dahua")])
        self.assertEqual(list(rec.tags), ["Event", "Red"])
        self.assertEqual(rec.tags["Red"], "Liu Dahua")
        self.assertNotIn("Black", rec.tags)
        with self.assertRaises(KeyError):
            rec.tags["Black"]
        pgn = rec.pgn(notation="chinese")
        self.assertIn('[Red "Liu Dahua"]', pgn)
        self.assertIn('[Format "Chinese"]', pgn)
        self.assertIn("1. 炮二平五 马８进７ 2. 马二进三 $1 {a quiet move}", pgn)
        again = Record.from_pgn(pgn)
        self.assertEqual(again.mainline(), rec.mainline())
        self.assertEqual(again.tags["Event"], "Test")
        del rec.tags["Event"]
        self.assertNotIn("Event", rec.tags)

    def test_navigation_undo_redo_variations(self):
        rec = Record()
        for m in ("h2e2", "h9g7", "h0g2"):
            rec.play(m)
        rec.undo()
        rec.undo()
        self.assertEqual(rec.ply, 1)
        rec.redo()
        self.assertEqual(rec.ply, 2)
        rec.back()
        rec.play("b9c7")  # a different move at ply 1: a variation
        rec.back()
        self.assertEqual([str(m) for m in rec.variations()], ["h9g7", "b9c7"])
        rec.enter_variation(1)
        rec.promote()
        self.assertEqual([str(m) for m in rec.mainline()], ["h2e2", "b9c7"])
        rec.goto(0)
        self.assertEqual(rec.board().fen(), xiangqi.START_FEN)
        self.assertEqual(rec.goto_end(), 2)
        self.assertEqual(rec.board().move_stack, rec.mainline())
        with self.assertRaises(xiangqi.StateError):
            rec.forward()
        rec.goto(0)
        with self.assertRaises(xiangqi.StateError):
            rec.back()
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            rec.play("h2h8")
        self.assertIn("can play", str(cm.exception))

    def test_three_notations_read_the_same(self):
        games = {}
        for name in ("uci", "wxf", "chinese"):
            path = os.path.join(GAMES, "xqdb-sample-%s.pgn" % name)
            games[name] = [list(g.mainline_moves()) for g in xiangqi.read_pgn(path)]
        self.assertEqual(len(games["uci"]), 15)
        self.assertEqual(games["wxf"], games["chinese"])
        # The files disagree on one move: game 2, move 36, Red's pawns on e5
        # and e3; the notations say the rear pawn (后兵进一, e3e4), the
        # coordinates the front one (e5e6). Every other move agrees.
        diff = [(g, i) for g, (a, b) in enumerate(zip(games["uci"], games["wxf"]))
                for i, (x, y) in enumerate(zip(a, b)) if x != y]
        self.assertEqual(diff, [(1, 70)])
        self.assertEqual([len(g) for g in games["uci"]], [len(g) for g in games["wxf"]])

    def test_reader_from_text_and_errors(self):
        text = ('[Event "one"]\n\n1. h2e2 h9g7 *\n\n[Event "two"]\n\n1. h2h8 *\n\n'
                '[Event "three"]\n\n1. C2.5 *\n')
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            list(xiangqi.read_pgn_text(text))
        self.assertGreater(cm.exception.line, 0)
        reader = xiangqi.read_pgn_text(text, skip_errors=True)
        events = [g.tags["Event"] for g in reader]
        self.assertEqual(events, ["one", "three"])
        self.assertEqual(len(reader.errors), 1)
        self.assertEqual(reader.errors[0][0], 5)  # the bad game starts on line 5
        with self.assertRaises(xiangqi.XiangqiIOError):
            xiangqi.read_pgn("/nonexistent/games.pgn")
        with self.assertRaises(xiangqi.NotFoundError):
            Record.from_pgn("   \n")

    def test_xqf_and_files(self):
        path = os.path.join(XQF, "spec-example.xqf")
        with open(path, "rb") as f:
            rec = Record.from_xqf(f.read())
        loaded = Record.load(path)
        self.assertEqual(rec.mainline(), loaded.mainline())
        self.assertGreater(len(rec.mainline()), 0)
        expected = Record.load(os.path.join(XQF, "spec-example.pgn"))
        self.assertEqual(rec.mainline(), expected.mainline())
        with self.assertRaises(xiangqi.ParseError):
            Record.from_xqf(b"XQ" + b"\0" * 10)
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "game.pgn")
            rec.save_pgn(out, notation="wxf")
            rec.save_pgn(out, append=True)
            both = list(xiangqi.read_pgn(out))
            self.assertEqual(len(both), 2)
            self.assertEqual(list(both[0].mainline_moves()), list(both[1].mainline_moves()))
            with self.assertRaises(xiangqi.XiangqiIOError):
                rec.save_pgn(os.path.join(tmp, "no", "such", "dir.pgn"))

    def test_lifetime(self):
        with Record() as rec:
            rec.play("h2e2")
            copy = rec.copy()
        self.assertTrue(rec.closed)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            rec.mainline()
        self.assertEqual([str(m) for m in copy.mainline()], ["h2e2"])


if __name__ == "__main__":
    unittest.main()
