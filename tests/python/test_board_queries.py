# SPDX-License-Identifier: MIT
"""Colours, counters, queries and editing as python-chess users expect (issue 16)."""

import random
import unittest

import xiangqi
from xiangqi import BLACK, RED, Board, Move, Piece, PieceType

from xqtest import MIDDLEGAME


def random_boards(count, seed=16, plies=60):
    """Boards reached by random legal play from the start and a middlegame."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        b = Board(MIDDLEGAME if i % 2 else None)
        for _ in range(rng.randrange(plies)):
            moves = b.legal_moves
            if not moves:
                break
            b.push(rng.choice(moves))
        out.append(b)
    return out


class TestColours(unittest.TestCase):
    def test_red_is_truthy(self):
        b = Board()
        self.assertTrue(b.turn)
        self.assertIs(bool(RED), True)
        self.assertIs(bool(BLACK), False)
        self.assertEqual(RED, True)
        self.assertEqual(xiangqi.Color(True), RED)
        b.push("h2e2")
        self.assertFalse(b.turn)
        self.assertEqual(b.turn, BLACK)
        self.assertEqual(not b.turn, True)  # python-chess: `not board.turn` is the other side
        self.assertEqual(RED.other, BLACK)
        self.assertEqual(BLACK.other, RED)
        self.assertEqual(xiangqi.COLOR_NAMES[RED], "red")
        self.assertEqual(xiangqi.COLOR_NAMES[BLACK], "black")

    def test_c_numbers(self):
        self.assertEqual((RED.c_value, BLACK.c_value), (0, 1))
        self.assertEqual(xiangqi.Color.from_c(0), RED)
        self.assertEqual(xiangqi.Color.from_c(1), BLACK)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.Color.from_c(2)
        # Piece codes keep the C numbering.
        self.assertEqual(Piece(PieceType.KING, RED).code, 1)
        self.assertEqual(Piece(PieceType.KING, BLACK).code, 9)
        self.assertEqual(Piece.from_code(9), Piece(PieceType.KING, BLACK))
        self.assertEqual(Board().piece_at("e9").color, BLACK)
        self.assertEqual(Board("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").turn, BLACK)


class TestPly(unittest.TestCase):
    def test_board_and_record_ply_are_both_properties(self):
        b = Board()
        rec = xiangqi.Record()
        self.assertIsInstance(type(b).ply, property)
        self.assertIsInstance(type(rec).ply, property)
        b.push("h2e2")
        rec.play("h2e2")
        self.assertEqual(b.ply, 1)
        self.assertEqual(rec.ply, 1)


class TestMoveText(unittest.TestCase):
    def test_iccs_and_uci(self):
        m = Move.from_iccs("h2e2")
        self.assertEqual(m.iccs(), "h2e2")
        self.assertEqual(m.uci(), "h2e2")
        self.assertEqual(m.uci(ranks_1_10=True), "h3e3")
        self.assertEqual(Move.from_uci("h2e2"), m)
        self.assertEqual(Move.from_uci("h3e3", ranks_1_10=True), m)
        a = Move(xiangqi.A9, xiangqi.A8)
        self.assertEqual(a.uci(ranks_1_10=True), "a10a9")
        self.assertEqual(Move.from_uci("a10a9", ranks_1_10=True), a)
        for bad in ("a11a9", "a0a1", "h2e", "0000"):
            with self.assertRaises(xiangqi.ParseError):
                Move.from_uci(bad, ranks_1_10=True)


class TestChessNames(unittest.TestCase):
    def test_san_and_uci(self):
        b = Board()
        self.assertEqual(b.san(Move.from_iccs("h2e2")), "C2.5")
        self.assertEqual(b.uci(Move.from_iccs("h2e2")), "h2e2")
        self.assertEqual(b.parse_san("C2.5"), Move.from_iccs("h2e2"))
        self.assertEqual(b.parse_uci("h2e2"), Move.from_iccs("h2e2"))
        self.assertEqual(b.push_san("C2.5"), Move.from_iccs("h2e2"))
        self.assertEqual(b.push_uci("h9g7"), Move.from_iccs("h9g7"))
        with self.assertRaises(xiangqi.ParseError):
            b.parse_uci("C2.5")
        with self.assertRaises(xiangqi.IllegalMoveError):
            b.push_uci("a0a5")
        self.assertEqual(len(b.move_stack), 2)


class TestQueries(unittest.TestCase):
    def test_pieces(self):
        b = Board()
        self.assertEqual(list(b.pieces(PieceType.CANNON, RED)), [xiangqi.B2, xiangqi.H2])
        self.assertEqual(b.pieces(PieceType.SOLDIER, BLACK).names(),
                         ["a6", "c6", "e6", "g6", "i6"])
        self.assertEqual(len(b.pieces(PieceType.KING, BLACK)), 1)
        self.assertIn(xiangqi.E9, b.pieces(PieceType.KING, BLACK))

    def test_attackers_start(self):
        b = Board()
        # The Red cannon on b2 attacks Black's horse on b9 over the cannon on b7.
        self.assertEqual(list(b.attackers(RED, xiangqi.B9)), [xiangqi.B2])
        self.assertEqual(list(b.attackers(BLACK, xiangqi.B0)), [xiangqi.B7])
        self.assertEqual(set(b.attackers(RED, xiangqi.E1)),
                         {xiangqi.E0, xiangqi.D0, xiangqi.F0})  # general and advisors
        # the horse; not the elephant on c0 (diagonals), not the cannon on b2 (no screen)
        self.assertEqual(set(b.attackers(RED, "c2")), {xiangqi.B0})
        self.assertEqual(set(b.attackers(RED, "e2")), {xiangqi.C0, xiangqi.G0})
        self.assertFalse(b.checkers())

    def test_checkers_match_is_check(self):
        checks = 0
        for b in random_boards(120):
            ch = b.checkers()
            self.assertEqual(bool(ch), b.is_check(), b.fen())
            checks += bool(ch)
            for sq in ch:
                self.assertNotEqual(b.piece_at(sq).color, b.turn)
        self.assertGreater(checks, 3)

    def test_attackers_cover_legal_captures(self):
        for b in random_boards(60, seed=7):
            for m in b.legal_moves:
                if b.is_capture(m):
                    self.assertIn(m.from_square, b.attackers(b.turn, m.to_square),
                                  "%s %s" % (b.fen(), m))
                else:
                    self.assertIsNone(b.piece_at(m.to_square))

    def test_double_check(self):
        # Red chariot e5 and Red horse f7 both check the Black general on e9.
        b = Board("4k4/9/5N3/9/9/4R4/9/9/9/3K5 b - - 0 1")
        self.assertEqual(set(b.checkers().names()), {"e4", "f7"})
        self.assertTrue(b.is_check())

    def test_facing_generals_cannon_screen(self):
        b = Board("4k4/9/9/9/9/4C4/9/9/9/3K5 b - - 0 1")
        self.assertEqual(b.checkers().names(), [])  # a cannon needs a screen
        b = Board("4k4/4a4/9/9/9/4C4/9/9/9/3K5 b - - 0 1")
        self.assertEqual(b.checkers().names(), ["e4"])

    def test_is_capture_and_gives_check(self):
        b = Board()
        self.assertTrue(b.is_capture("b2b9"))
        self.assertFalse(b.is_capture("h2e2"))
        self.assertFalse(b.is_capture("a0a1"))
        b = Board("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1")
        self.assertTrue(b.gives_check("e1d1"))
        self.assertFalse(b.gives_check("e1e2"))
        self.assertTrue(b.gives_check("车五平六"))
        with self.assertRaises(xiangqi.IllegalMoveError):
            b.gives_check("e1f2")


class TestEditing(unittest.TestCase):
    def test_set_and_remove(self):
        b = Board()
        b.push("h2e2")
        self.assertIsNone(b.remove_piece_at("e4"))
        self.assertEqual(b.remove_piece_at("a3"), Piece.from_symbol("P"))
        self.assertIsNone(b.piece_at("a3"))
        self.assertEqual(b.move_stack, [])  # editing clears the history, as set_fen does
        self.assertEqual(b.turn, BLACK)
        b.set_piece_at("e4", Piece.from_symbol("P"))
        self.assertEqual(b.piece_at("e4"), Piece.from_symbol("P"))
        b.set_piece_at("e4", None)
        self.assertIsNone(b.piece_at("e4"))
        self.assertEqual(b.remove_piece_at("e6"), Piece.from_symbol("p"))
        b.set_piece_at(xiangqi.E4, "p")
        self.assertEqual(b.piece_at("e4"), Piece.from_symbol("p"))
        self.assertEqual(b.fen(),
                         "rnbakabnr/9/1c5c1/p1p3p1p/9/4p4/2P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")

    def test_validation_leaves_the_board_unchanged(self):
        b = Board()
        fen = b.fen()
        for square, piece in (("e0", None),          # no Red general
                              ("e5", "K"),           # a second general, outside the palace
                              ("c5", "B"),           # an elephant across the river
                              ("a1", "A"),           # an advisor outside the palace
                              ("e1", "r")):          # Black, not to move, gives check
            with self.assertRaises((xiangqi.PositionError, xiangqi.ParseError), msg=square):
                b.set_piece_at(square, piece)
            self.assertEqual(b.fen(), fen)
        with self.assertRaises(xiangqi.PositionError):
            b.remove_piece_at("e9")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.set_piece_at(90, "R")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.set_piece_at("e4", 5)
        with self.assertRaises(xiangqi.ParseError):
            b.set_piece_at("e4", "X")
        self.assertEqual(b.fen(), fen)

    def test_set_piece_map(self):
        b = Board()
        b.set_piece_map({xiangqi.E0: "K", "d9": Piece.from_symbol("k"), "e4": "R"}, turn=BLACK)
        self.assertEqual(b.fen(), "3k5/9/9/9/9/4R4/9/9/9/4K4 b - - 0 1")
        with self.assertRaises(xiangqi.PositionError):
            b.set_piece_map({"e0": "K"})
        self.assertEqual(b.fen(), "3k5/9/9/9/9/4R4/9/9/9/4K4 b - - 0 1")


if __name__ == "__main__":
    unittest.main()
