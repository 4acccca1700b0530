# SPDX-License-Identifier: MIT
"""Board, Move, Piece, squares, errors and perft through the ctypes binding."""

import collections.abc
import copy
import gc
import threading
import unittest
from unittest import mock

import xiangqi
from xiangqi import Board, Move, Piece

from xqtest import MIDDLEGAME


class TestSquaresPiecesMoves(unittest.TestCase):
    def test_squares(self):
        self.assertEqual(xiangqi.A0, 0)
        self.assertEqual(xiangqi.E0, 4)
        self.assertEqual(xiangqi.E9, 85)
        self.assertEqual(xiangqi.square(7, 2), xiangqi.H2)
        self.assertEqual(xiangqi.square_name(xiangqi.H2), "h2")
        self.assertEqual(xiangqi.parse_square("I9"), 89)
        self.assertEqual((xiangqi.square_file(23), xiangqi.square_rank(23)), (5, 2))
        self.assertEqual(len(xiangqi.SQUARES), 90)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.square(9, 0)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.square_name(90)
        with self.assertRaises(xiangqi.ParseError):
            xiangqi.parse_square("j1")

    def test_pieces(self):
        p = Piece(xiangqi.HORSE, xiangqi.BLACK)
        self.assertEqual(p.symbol(), "n")
        self.assertEqual(p.glyph(), "馬")
        self.assertEqual(p.name(), "black horse")
        self.assertEqual(p.code, 12)
        self.assertEqual(Piece.from_symbol("H"), Piece(xiangqi.HORSE, xiangqi.RED))
        self.assertEqual(Piece.from_symbol("e"), Piece(xiangqi.ELEPHANT, xiangqi.BLACK))
        self.assertEqual(Piece.from_code(1).glyph(), "帅")
        self.assertEqual(Piece.from_code(15).glyph(), "卒")
        self.assertEqual({Piece.from_code(5), Piece.from_symbol("R")}, {Piece.from_code(5)})
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Piece.from_code(8)
        with self.assertRaises(xiangqi.ParseError):
            Piece.from_symbol("x")

    def test_moves(self):
        m = Move.from_iccs("h2e2")
        self.assertEqual((m.from_square, m.to_square), (xiangqi.H2, xiangqi.E2))
        self.assertEqual(str(m), "h2e2")
        self.assertEqual(m, Move(xiangqi.H2, xiangqi.E2))
        self.assertEqual(Move.from_iccs("H2-E2"), m)
        self.assertEqual(int(m), xiangqi.H2 | xiangqi.E2 << 7)
        self.assertEqual(Move.from_code(int(m)), m)
        self.assertEqual(eval(repr(m), {"Move": Move}), m)
        self.assertEqual(len({m, Move.from_iccs("h2e2"), Move.from_iccs("b2e2")}), 2)
        for bad in ("h2e", "z2e2", "h2h2", "", "h2e2 "):
            with self.assertRaises(xiangqi.ParseError, msg=bad) as cm:
                Move.from_iccs(bad)
            self.assertEqual(cm.exception.code, -3)
            self.assertEqual(cm.exception.name, "XQ_EPARSE")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Move(4, 4)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Move(0, 90)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Move.from_code(0)


class TestBoard(unittest.TestCase):
    def test_start(self):
        b = Board()
        self.assertEqual(b.fen(), xiangqi.START_FEN)
        self.assertEqual(b.turn, xiangqi.RED)
        self.assertEqual(len(b.legal_moves), 44)
        self.assertIn(Move.from_iccs("h2e2"), b.legal_moves)
        self.assertEqual(b.piece_at("e0"), Piece(xiangqi.KING, xiangqi.RED))
        self.assertIsNone(b.piece_at(xiangqi.E4))
        self.assertEqual(len(b.piece_map()), 32)
        self.assertEqual((b.king(xiangqi.RED), b.king(xiangqi.BLACK)), (xiangqi.E0, xiangqi.E9))
        self.assertFalse(b.is_check())
        self.assertIsNone(b.outcome())
        self.assertEqual((b.halfmove_clock, b.fullmove_number, b.ply), (0, 1, 0))
        self.assertEqual(b.move_stack, [])
        self.assertEqual(b, Board(xiangqi.START_FEN))
        self.assertEqual(eval(repr(b), {"Board": Board}), b)

    def test_push_pop(self):
        b = Board()
        h0 = b.zobrist_hash()
        played = [b.push("h2e2"), b.push(Move.from_iccs("h9g7")), b.push("h0g2")]
        self.assertEqual([str(m) for m in played], ["h2e2", "h9g7", "h0g2"])
        self.assertEqual(b.move_stack, played)
        self.assertEqual(b.peek(), played[-1])
        self.assertEqual(b.turn, xiangqi.BLACK)
        self.assertEqual(b.fen(),
                         "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2")
        self.assertEqual((b.halfmove_clock, b.fullmove_number, b.ply), (3, 2, 3))
        self.assertEqual(b.pop(), played[2])
        self.assertEqual(b.pop(), played[1])
        self.assertEqual(b.pop(), played[0])
        self.assertEqual(b.zobrist_hash(), h0)
        with self.assertRaises(xiangqi.StateError) as cm:
            b.pop()
        self.assertEqual(cm.exception.code, -5)
        with self.assertRaises(xiangqi.StateError):
            b.peek()

    def test_illegal_move_message(self):
        b = Board()
        fen = b.fen()
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            b.push("h2h8")   # a cannon needs a piece to capture beyond its screen
        e = cm.exception
        self.assertEqual((e.code, e.name), (-4, "XQ_EILLEGAL"))
        self.assertIn("red cannon on h2", str(e))
        for legal in ("h2h1", "h2e2", "h2h9"):
            self.assertIn(legal, e.message)
        self.assertIsInstance(e, ValueError)
        self.assertEqual(b.fen(), fen)  # unchanged
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            b.push("h7h3")
        self.assertIn("not yours", str(cm.exception))
        with self.assertRaises(xiangqi.IllegalMoveError) as cm:
            b.push("e4e5")
        self.assertIn("no piece on e4", str(cm.exception))
        with self.assertRaises(xiangqi.ParseError):
            b.push("cannon to e2")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.push(42)
        self.assertFalse(b.is_legal("h2h8"))
        self.assertTrue(b.is_legal(Move.from_iccs("h2h6")))

    def test_fen_errors(self):
        with self.assertRaises(xiangqi.ParseError) as cm:
            Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w")
        e = cm.exception
        self.assertEqual(e.code, -3)
        self.assertEqual(e.offset, 58)  # the X
        self.assertIn("bad FEN", e.message)
        with self.assertRaises(xiangqi.PositionError) as cm:
            Board("4k4/9/9/9/9/9/9/9/9/4K4 w")   # generals face each other
        self.assertEqual(cm.exception.name, "XQ_EPOSITION")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            Board(12)
        xiangqi.validate_fen(MIDDLEGAME)
        with self.assertRaises(ValueError):
            xiangqi.validate_fen("9/9 w")
        # Every problem of a position (xq_fen_problems), in board order.
        problems = xiangqi.fen_problems("3k5/p8/9/9/9/9/9/9/AAA6/3RK4 w - - 0 1")
        self.assertEqual([p.message for p in problems], [
            "Black soldier on a8: it can never stand there",
            "Red advisor on a1: it can never stand there",
            "Red advisor on b1: it can never stand there", "Red has more than 2 advisors",
            "Black is in check but it is Red's turn"])
        self.assertTrue(all(isinstance(p, xiangqi.PositionError) for p in problems))
        self.assertEqual([p.offset for p in problems], [4, 19, 20, 21, 1])
        [malformed] = xiangqi.fen_problems("9/9 w")
        self.assertIsInstance(malformed, xiangqi.ParseError)
        self.assertEqual(xiangqi.fen_problems(MIDDLEGAME), [])
        b = Board(MIDDLEGAME)
        with self.assertRaises(xiangqi.ParseError):
            b.set_fen("garbage")
        self.assertEqual(b.fen(), MIDDLEGAME)  # unchanged on error
        b.push(b.legal_moves[0])
        b.set_fen(None)
        self.assertEqual((b.fen(), b.move_stack), (xiangqi.START_FEN, []))

    def test_check_mate_stalemate(self):
        # Black's general on d9 is checked by the chariot on d8, which the
        # horse on b7 protects; e9 would face Red's general.
        mate = Board("3k5/3R5/1N7/9/9/9/9/9/9/4K4 b")
        self.assertTrue(mate.is_check())
        self.assertTrue(mate.is_checkmate())
        self.assertFalse(mate.is_stalemate())
        self.assertEqual(mate.legal_moves, ())
        self.assertEqual(mate.outcome(), xiangqi.Outcome(xiangqi.Termination.CHECKMATE, xiangqi.RED))
        self.assertEqual(mate.outcome().result(), "1-0")
        self.assertTrue(mate.is_game_over())
        # 困毙: Black is not in check and has no legal move; Black loses.
        stale = Board("3k5/9/3P1P3/9/9/9/9/9/9/4K4 b")
        self.assertFalse(stale.is_check())
        self.assertEqual(stale.legal_moves, ())
        self.assertTrue(stale.is_stalemate())
        self.assertEqual(stale.outcome().termination, xiangqi.Termination.NO_LEGAL_MOVE)
        self.assertEqual(stale.outcome().winner, xiangqi.RED)

    def test_repetitions_and_captures(self):
        b = Board()
        for _ in range(2):
            for m in ("h0g2", "h9g7", "g2h0", "g7h9"):
                b.push(m)
        self.assertEqual(b.repetitions(), 2)
        b = Board()
        for m in ("h2e2", "h7e7", "e2e6", "e7e3"):
            b.push(m)
        self.assertEqual([p.symbol() for p in b.captured_pieces()], ["p", "P"])

    def test_copy_is_independent(self):
        b = Board()
        b.push("h2e2")
        for c in (b.copy(), copy.copy(b), copy.deepcopy(b)):
            self.assertEqual(c, b)
            self.assertEqual(c.move_stack, b.move_stack)
            c.push("h9g7")
            self.assertNotEqual(c, b)
            self.assertEqual(len(b.move_stack), 1)

    def test_drawing(self):
        b = Board()
        lines = str(b).splitlines()
        self.assertEqual(len(lines), 10)
        self.assertEqual(lines[0], "r n b a k a b n r")
        self.assertEqual(lines[7], ". C . . . . . C .")
        self.assertEqual(lines[9], "R N B A K A B N R")
        u = b.unicode().splitlines()
        self.assertEqual(u[0], "車馬象士將士象馬車")
        self.assertEqual(u[9], "车马相仕帅仕相马车")
        bordered = b.unicode(borders=True).splitlines()
        self.assertEqual(bordered[0], "  １２３４５６７８９")
        self.assertEqual(bordered[-1], "  九八七六五四三二一")
        self.assertIn("楚河", bordered[6])
        flipped = b.unicode(borders=True, flip=True).splitlines()
        self.assertEqual(flipped[0], "  一二三四五六七八九")
        self.assertEqual(flipped[1], "0 车马相仕帅仕相马车")

    def test_perft(self):
        b = Board()
        self.assertEqual([b.perft(d) for d in range(4)], [1, 44, 1920, 79666])
        self.assertEqual(xiangqi.perft(MIDDLEGAME, 3), Board(MIDDLEGAME).perft(3))
        divide = b.perft_divide(2)
        self.assertEqual(len(divide), 44)
        self.assertEqual(sum(divide.values()), 1920)
        self.assertEqual(divide[Move.from_iccs("h2e2")], Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/"
                                                              "P1P1P1P1P/1C2C4/9/RNBAKABNR b")
                         .perft(1))
        with self.assertRaises(xiangqi.InvalidArgumentError) as cm:
            b.perft(65)
        self.assertIn("0..64", str(cm.exception))
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.perft_divide(0)


class TestLifetime(unittest.TestCase):
    def test_close_and_context_manager(self):
        with Board() as b:
            self.assertFalse(b.closed)
        self.assertTrue(b.closed)
        self.assertEqual(repr(b), "<Board (closed)>")
        with self.assertRaises(xiangqi.InvalidArgumentError) as cm:
            b.fen()
        self.assertIn("closed", str(cm.exception))
        b.close()  # twice is fine

    def test_collected_boards_are_freed(self):
        b = Board()
        finalizer = b._finalizer
        self.assertTrue(finalizer.alive)
        del b
        gc.collect()
        self.assertFalse(finalizer.alive)

    def test_many_boards(self):
        # Creating and dropping many boards must not accumulate handles.
        finalizers = []
        for _ in range(2000):
            b = Board(MIDDLEGAME)
            b.push(b.legal_moves[0])
            finalizers.append(b._finalizer)
        del b
        gc.collect()
        self.assertEqual(sum(f.alive for f in finalizers), 0)

    def test_boards_in_threads(self):
        # One board per thread: independent handles may be used concurrently.
        results = {}

        def work(i):
            with Board() as b:
                results[i] = b.perft(3)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results, {i: 79666 for i in range(4)})


class TestErrors(unittest.TestCase):
    def test_hierarchy(self):
        for cls, code in ((xiangqi.InvalidArgumentError, -1), (xiangqi.ParseError, -3),
                          (xiangqi.IllegalMoveError, -4), (xiangqi.StateError, -5),
                          (xiangqi.PositionError, -9), (xiangqi.AmbiguousMoveError, -10)):
            e = xiangqi._errors.error(code)
            self.assertIsInstance(e, cls)
            self.assertIsInstance(e, xiangqi.XiangqiError)
            self.assertEqual(e.code, code)
            self.assertEqual(e.message, xiangqi.strerror(code))
        self.assertEqual(xiangqi.strerror(-4), "illegal move")
        self.assertEqual(xiangqi.strerror(-999), "unknown error")


if __name__ == "__main__":
    unittest.main()


class TestMoveList(unittest.TestCase):
    def test_keeps_its_position(self):
        b = Board()
        moves = b.legal_moves
        self.assertIsInstance(moves, xiangqi.MoveList)
        self.assertIsInstance(moves, collections.abc.Sequence)
        b.push("h2e2")
        self.assertEqual(moves.fen, xiangqi.START_FEN)
        self.assertEqual(moves.text("h2e2", "chinese"), "炮二平五")
        self.assertEqual(moves.find("C2.5"), Move.from_iccs("h2e2"))
        self.assertEqual(len(b.legal_moves), 45)

    def test_filters(self):
        moves = Board().legal_moves
        cannon = moves.filter(from_square=xiangqi.H2)
        self.assertEqual(len(cannon), 12)
        self.assertEqual(len(moves), 44)
        self.assertEqual(len(moves.filter(piece_type=xiangqi.CANNON)), 24)
        self.assertEqual(len(moves.filter(to_square=xiangqi.E2)), 4)  # cannons and elephants
        self.assertEqual(len(moves.filter(to_square=xiangqi.E2, piece_type=xiangqi.CANNON)), 2)
        self.assertEqual(set(moves.filter(captures=True)),
                         {Move.from_iccs("h2h9"), Move.from_iccs("b2b9")})
        self.assertEqual(len(moves.filter(quiet=True)), 42)
        self.assertEqual(moves.filter(checks=True), ())
        self.assertTrue(cannon.is_capture("h2h9"))
        self.assertFalse(cannon.gives_check("h2e2"))
        with self.assertRaises(xiangqi.NotFoundError):
            cannon.find("b2e2")
        with self.assertRaises(xiangqi.NotFoundError):
            cannon.text("b2e2")
        with self.assertRaises(xiangqi.IllegalMoveError):
            cannon.find("h2h8")
        with self.assertRaises(xiangqi.ParseError):
            cannon.find("zz")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            moves.filter(from_square=90)

    def test_lazy_view(self):
        """Issue 24: legal_moves built a Move object for every move (6.6 k
        lists a second); len, bool and `in` must make none."""
        import xiangqi._board as board_module
        made = []
        real_from_code, real_known = Move.from_code, getattr(board_module, "_known_move", None)

        def count(real):
            return lambda code: made.append(code) or real(code)

        b = Board()
        h2e2, h2h8 = Move.from_iccs("h2e2"), Move.from_iccs("h2h8")
        with mock.patch.object(Move, "from_code", count(real_from_code)), \
                mock.patch.object(board_module, "_known_move", count(real_known), create=True):
            moves = b.legal_moves
            self.assertEqual(len(moves), 44)
            self.assertTrue(moves)
            self.assertIn(h2e2, moves)
            self.assertNotIn(h2h8, moves)
            self.assertNotIn("h2e2", moves)  # as in a tuple: only a Move equals a Move
            self.assertEqual(made, [])
            first = next(iter(moves))  # iteration makes only what it yields
            self.assertEqual(len(made), 1)
        self.assertEqual(first, moves[0])
        self.assertEqual(moves[-1], list(moves)[-1])
        self.assertEqual(moves[1:3], tuple(moves)[1:3])
        self.assertEqual(moves.index(h2e2), list(moves).index(h2e2))
        self.assertEqual(moves.count(h2e2), 1)
        self.assertEqual(moves, tuple(moves))
        self.assertEqual(hash(moves), hash(tuple(moves)))
        self.assertEqual(list(reversed(moves)), list(moves)[::-1])
        with self.assertRaises(IndexError):
            moves[44]
        with self.assertRaises(ValueError):
            moves.index(h2h8)
        mate = Board("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1")
        self.assertFalse(mate.legal_moves)
        self.assertEqual(mate.legal_moves, ())

    def test_checks(self):
        moves = Board("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").legal_moves
        self.assertEqual(moves.filter(checks=True), (Move.from_iccs("a0a9"),))
        self.assertTrue(moves.gives_check("a0a9"))


class TestEnumText(unittest.TestCase):
    def test_names_on_every_python(self):
        """Issue 24: on Python 3.11 an IntEnum printed its number (str() of
        Termination.PERPETUAL_CHECK was '4', of Color.BLACK '0')."""
        from xiangqi import Color, Notation, PieceType, Termination
        self.assertEqual(str(Termination.PERPETUAL_CHECK), "Termination.PERPETUAL_CHECK")
        self.assertEqual(f"{Termination.CHECKMATE}", "Termination.CHECKMATE")
        self.assertEqual(str(Color.BLACK), "Color.BLACK")
        self.assertEqual("%s" % xiangqi.RED, "Color.RED")
        self.assertEqual(f"{xiangqi.RED!s:>10}|{PieceType.CANNON}", " Color.RED|PieceType.CANNON")
        self.assertEqual(str(Notation.WXF), "Notation.WXF")
        self.assertEqual(str(xiangqi.Bound.LOWER), "Bound.LOWER")
        # still integers where a number is asked for
        self.assertEqual(f"{Termination.PERPETUAL_CHECK:d}", "4")
        self.assertEqual("%d" % Color.RED, "1")
        self.assertEqual(int(Termination.CHECKMATE), 1)
        outcome = Board("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1").outcome()
        self.assertEqual(str(outcome.termination), "Termination.CHECKMATE")
        self.assertEqual(f"{outcome.winner}", "Color.RED")


class TestNulInText(unittest.TestCase):
    def test_embedded_nul_is_refused(self):
        fen = xiangqi.START_FEN
        for bad in (fen + "\0junk", (fen + "\0").encode()):
            with self.assertRaises(xiangqi.InvalidArgumentError) as cm:
                Board(bad)
            self.assertIn("NUL", str(cm.exception))
        b = Board()
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.push("h2e2\0")
        with self.assertRaises(xiangqi.InvalidArgumentError):
            b.parse_move("h2e2\0h9g7")
        self.assertEqual(b.fen(), fen)
        with self.assertRaises(xiangqi.InvalidArgumentError):
            xiangqi.validate_fen(fen + "\0")
