# SPDX-License-Identifier: MIT
"""Moves as text: Board.parse_move / move_to_text in ICCS, WXF and Chinese."""

import unittest

import xiangqi
from xiangqi import Board, Move, Notation


class TestNotation(unittest.TestCase):
    def test_three_notations(self):
        b = Board()
        m = Move.from_iccs("h2e2")
        self.assertEqual(b.move_to_text(m), "炮二平五")
        self.assertEqual(b.move_to_text(m, "wxf"), "C2.5")
        self.assertEqual(b.move_to_text(m, Notation.ICCS), "h2e2")
        self.assertEqual(b.chinese(m), "炮二平五")
        self.assertEqual(b.wxf(m), "C2.5")
        self.assertEqual(b.move_to_text(m, "wxf", xiangqi.NOTATION_WXF_EQUALS), "C2=5")
        for text in ("炮二平五", "C2.5", "C2=5", "Ｃ２．５", "h2e2", "H2-E2", " 炮二平五 ", "砲二平五"):
            self.assertEqual(b.parse_move(text), m, text)
        b.push("炮二平五")
        self.assertEqual(b.move_to_text(Move.from_iccs("h9g7")), "马８进７")
        self.assertEqual(b.parse_move("马8进7"), Move.from_iccs("h9g7"))
        self.assertEqual(b.line_text(["h9g7", "h0g2", "i9h9"], "wxf"), ["H8+7", "H2+3", "R9.8"])
        self.assertEqual(xiangqi.detect_notation("炮二平五"), Notation.CHINESE)
        self.assertEqual(xiangqi.detect_notation("C2.5"), Notation.WXF)
        self.assertEqual(xiangqi.detect_notation("h2e2"), Notation.ICCS)
        self.assertIsNone(xiangqi.detect_notation("hello"))

    def test_tandem_pieces(self):
        # Two chariots on one file: 前车/后车, R+ / R-.
        b = Board("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w")
        front, rear = Move.from_iccs("e3e5"), Move.from_iccs("e1a1")
        self.assertEqual(b.chinese(front), "前车进二")
        self.assertEqual(b.wxf(front), "R++2")
        self.assertEqual(b.move_to_text(rear, "wxf", xiangqi.NOTATION_XQBASE), "R..9")
        self.assertEqual(b.parse_move("前车进二"), front)
        self.assertEqual(b.parse_move(b.wxf(rear)), rear)
        self.assertEqual(b.parse_move("后车平九"), rear)

    def test_errors(self):
        b = Board()
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            b.parse_move("炮二进九")
        self.assertEqual(cm.exception.code, -4)
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            b.parse_move("h2h8")   # coordinates: the message lists the piece's moves
        self.assertIn("can play", str(cm.exception))
        with self.assertRaises(xiangqi.ParseError) as cm:
            b.parse_move("cannon two to five")
        self.assertGreaterEqual(cm.exception.offset, 0)
        with self.assertRaises(xiangqi.IllegalMoveError):
            b.move_to_text("h2h8")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.move_to_text("h2e2", "klingon")
        # A move text that fits two pieces is ambiguous, never guessed.
        tandem = Board("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w")
        with self.assertRaises(xiangqi.AmbiguousMoveError) as cm:
            tandem.parse_move("车五进一")
        self.assertEqual(cm.exception.name, "XQ_EAMBIGUOUS")

    def test_push_any_notation(self):
        b = Board()
        for text in ("炮二平五", "H8+7", "h0g2"):
            b.push(text)
        self.assertEqual([str(m) for m in b.move_stack], ["h2e2", "h9g7", "h0g2"])


if __name__ == "__main__":
    unittest.main()
