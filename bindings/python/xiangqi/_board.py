# SPDX-License-Identifier: MIT
"""Squares, pieces, moves and the Board (internal module; import from ``xiangqi``)."""

from __future__ import annotations

import collections.abc
import ctypes
import enum
import operator
import re
import weakref
from typing import (TYPE_CHECKING, Any, Dict, FrozenSet, Iterable, Iterator, List, Mapping,
                    Optional, Protocol, Sequence, Tuple, TypeVar, Union, overload)

from . import _errors, _ffi
from ._errors import (IllegalMoveError, InvalidArgumentError, NotFoundError, ParseError,
                      StateError)
from ._handle import Owned

_lib = _ffi.lib

START_FEN: str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
FEN_MAX = 128
MAX_MOVES = 128

FILE_NAMES: str = "abcdefghi"
_UCI_10 = re.compile(r"^([a-i])(10|[1-9])([a-i])(10|[1-9])$")
RANK_NAMES: str = "0123456789"


class _NamedIntEnum(enum.IntEnum):
    """An IntEnum that prints its name on every Python version:
    ``str(Color.RED)`` and ``f"{Color.RED}"`` are ``'Color.RED'`` (Python
    3.11 made IntEnum's str() the number, ``'1'``); a numeric format
    (``f"{Color.RED:d}"``) still gives the number, and ``int()`` the value."""

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdoxXneEfFgG%":
            return int.__format__(int(self), spec)
        return format(str(self), spec)


class Color(_NamedIntEnum):
    """The two sides; Red moves first.

    As in python-chess (``chess.WHITE`` is True), Red is truthy and Black
    falsy: ``if board.turn:`` means "Red to move", ``Color(True)`` is Red
    and ``not color`` names the other side's truth value. The C library
    numbers them the other way (``XQ_RED`` = 0, ``XQ_BLACK`` = 1): see
    :attr:`c_value` and :meth:`from_c`.
    """
    BLACK = 0
    RED = 1

    @property
    def other(self) -> Color:
        """The opponent."""
        return Color(1 - self)

    @property
    def c_value(self) -> int:
        """The C library's number for this side (``XQ_RED`` 0, ``XQ_BLACK`` 1)."""
        return 0 if self == 1 else 1

    @classmethod
    def from_c(cls, value: int) -> Color:
        """The :class:`Color` of a C side number (``XQ_RED`` 0, ``XQ_BLACK`` 1)."""
        if value not in (0, 1):
            raise InvalidArgumentError(_errors.EINVAL, "%r is not a C side number" % (value,))
        return cls.RED if value == 0 else cls.BLACK


RED: Color = Color.RED
BLACK: Color = Color.BLACK
COLORS: Tuple[Color, Color] = (RED, BLACK)
#: Indexed by a :class:`Color` (``COLOR_NAMES[RED]``), as ``chess.COLOR_NAMES``.
COLOR_NAMES: Tuple[str, str] = ("black", "red")
#: What a function taking a side accepts: a :class:`Color`, or its truth
#: value or number (``True``/1 Red, ``False``/0 Black), as ``Color(value)``.
ColorLike = Union[Color, bool, int]


class PieceType(_NamedIntEnum):
    """Piece types, numbered as in the C API."""
    KING = 1      #: General 帅/將
    ADVISOR = 2   #: Advisor 仕/士
    ELEPHANT = 3  #: Elephant 相/象
    HORSE = 4     #: Horse 马/馬
    CHARIOT = 5   #: Chariot 车/車
    CANNON = 6    #: Cannon 炮/砲
    SOLDIER = 7   #: Soldier 兵/卒


KING: PieceType = PieceType.KING
ADVISOR: PieceType = PieceType.ADVISOR
ELEPHANT: PieceType = PieceType.ELEPHANT
HORSE: PieceType = PieceType.HORSE
CHARIOT: PieceType = PieceType.CHARIOT
CANNON: PieceType = PieceType.CANNON
SOLDIER: PieceType = PieceType.SOLDIER
PIECE_TYPES: Tuple[PieceType, ...] = tuple(PieceType)

_SVG_COORDINATES: Dict[Union[str, bool], int] = {"both": 3, "numbers": 1, "iccs": 2, "none": 0,
                                                 True: 3, False: 0}
_SVG_GLYPHS = {"chinese": 0, "letters": 1}
_GLYPHS: Tuple[Dict[int, str], ...]
_GLYPHS = ({1: "將", 2: "士", 3: "象", 4: "馬", 5: "車", 6: "砲", 7: "卒"},   # [BLACK]
           {1: "帅", 2: "仕", 3: "相", 4: "马", 5: "车", 6: "炮", 7: "兵"})   # [RED]
_LETTERS = " KABNRCP"
_NAMES = {1: "king", 2: "advisor", 3: "elephant", 4: "horse", 5: "chariot", 6: "cannon",
          7: "soldier"}

# ---- squares ----

#: A square: an int 0..89 (a0 = 0, i0 = 8, a1 = 9, ..., i9 = 89), as ``chess.Square``.
Square = int
SQUARES: Tuple[Square, ...] = tuple(range(90))
SQUARE_NAMES: Tuple[str, ...] = tuple(f + r for r in RANK_NAMES for f in FILE_NAMES)
# The squares by name, A0 .. I9 (written out so that type checkers see them).
(A0, B0, C0, D0, E0, F0, G0, H0, I0,
 A1, B1, C1, D1, E1, F1, G1, H1, I1,
 A2, B2, C2, D2, E2, F2, G2, H2, I2,
 A3, B3, C3, D3, E3, F3, G3, H3, I3,
 A4, B4, C4, D4, E4, F4, G4, H4, I4,
 A5, B5, C5, D5, E5, F5, G5, H5, I5,
 A6, B6, C6, D6, E6, F6, G6, H6, I6,
 A7, B7, C7, D7, E7, F7, G7, H7, I7,
 A8, B8, C8, D8, E8, F8, G8, H8, I8,
 A9, B9, C9, D9, E9, F9, G9, H9, I9) = SQUARES


def square(file: int, rank: int) -> Square:
    """Square index 0..89 of a file (0..8 = a..i) and rank (0..9, from Red's side)."""
    if not (0 <= file < 9 and 0 <= rank < 10):
        raise InvalidArgumentError(_errors.EINVAL, "no square at file %r, rank %r" % (file, rank))
    return rank * 9 + file


def square_file(sq: Square) -> int:
    """File 0..8 of a square."""
    _check_square(sq)
    return sq % 9


def square_rank(sq: Square) -> int:
    """Rank 0..9 of a square."""
    _check_square(sq)
    return sq // 9


def square_name(sq: Square) -> str:
    """ICCS name of a square, e.g. ``'e0'``."""
    _check_square(sq)
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    """Square index of an ICCS name such as ``'e0'``."""
    try:
        return SQUARE_NAMES.index(name.lower())
    except (ValueError, AttributeError):
        raise ParseError(_errors.EPARSE, "%r is not a square name (a0 .. i9)" % (name,))


def _check_square(sq: object) -> None:
    if not isinstance(sq, int) or not 0 <= sq < 90:
        raise InvalidArgumentError(_errors.EINVAL, "%r is not a square (0..89)" % (sq,))


# ---- pieces ----

class Piece:
    """A piece: a :class:`PieceType` and a :class:`Color`. Immutable."""
    __slots__ = ("_type", "_color")

    def __init__(self, piece_type: PieceType | int, color: ColorLike) -> None:
        self._type = PieceType(piece_type)
        self._color = Color(color)

    @classmethod
    def from_code(cls: type[_P], code: int) -> _P:
        """The piece of a C piece code (``type | color << 3``)."""
        if _lib.xq_piece_type_of(code) < 0:
            raise InvalidArgumentError(_errors.EINVAL, "%r is not a piece code" % (code,))
        return cls(code & 7, Color.from_c(code >> 3))

    @classmethod
    def from_symbol(cls: type[_P], symbol: str) -> _P:
        """The piece of a FEN letter (``'K'`` Red general, ``'r'`` Black chariot; E/H accepted)."""
        letter = {"E": "B", "H": "N"}.get(symbol.upper(), symbol.upper())
        if len(symbol) != 1 or letter not in _LETTERS.strip():
            raise ParseError(_errors.EPARSE, "%r is not a piece letter" % (symbol,))
        return cls(_LETTERS.index(letter), RED if symbol.isupper() else BLACK)

    @property
    def piece_type(self) -> PieceType:
        """The :class:`PieceType`."""
        return self._type

    @property
    def color(self) -> Color:
        """The :class:`Color`."""
        return self._color

    @property
    def code(self) -> int:
        """The C piece code."""
        return int(self._type) | self._color.c_value << 3

    def symbol(self) -> str:
        """FEN letter: upper case for Red, lower case for Black."""
        letter = _LETTERS[self._type]
        return letter if self._color == RED else letter.lower()

    def glyph(self) -> str:
        """Chinese character: 帅仕相马车炮兵 for Red, 將士象馬車砲卒 for Black."""
        return _GLYPHS[self._color][self._type]

    def name(self) -> str:
        """English name, e.g. ``'red horse'``."""
        return "%s %s" % (self._color.name.lower(), _NAMES[self._type])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Piece) and self.code == other.code

    def __hash__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return "Piece.from_symbol(%r)" % self.symbol()


_P = TypeVar("_P", bound=Piece)
_M = TypeVar("_M", bound="Move")


# ---- moves ----

class Move:
    """A move from one square to another. Immutable and hashable.

    A move carries no piece: it means something only in a position. Create
    one from squares, from ICCS text (:meth:`from_iccs`), or from any
    notation in a position with :meth:`Board.parse_move`.
    """
    __slots__ = ("_code",)

    def __init__(self, from_square: Square, to_square: Square) -> None:
        code: int = _lib.xq_move_make(from_square, to_square) if (
            isinstance(from_square, int) and isinstance(to_square, int)) else 0
        if not code:
            raise InvalidArgumentError(
                _errors.EINVAL, "no move from %r to %r (squares 0..89, different)"
                % (from_square, to_square))
        self._code = code

    @classmethod
    def from_code(cls: type[_M], code: int) -> _M:
        """The move of a C ``xq_move`` value."""
        if not isinstance(code, int) or _lib.xq_move_from(code & 0xFFFF) < 0 or code >> 16:
            raise InvalidArgumentError(_errors.EINVAL, "%r is not a move code" % (code,))
        move = cls.__new__(cls)
        move._code = code
        return move

    @classmethod
    def from_iccs(cls: type[_M], text: str | bytes) -> _M:
        """Parse coordinate notation: ``'h2e2'`` (upper case and ``'H2-E2'`` accepted)."""
        out = _ffi.c_move()
        rc = _lib.xq_move_parse(_encode(text), ctypes.byref(out))
        if rc < 0:
            raise _errors.error(rc, "%r is not a coordinate move like 'h2e2'" % (text,))
        return cls.from_code(out.value)

    @property
    def from_square(self) -> Square:
        """Origin square 0..89."""
        return self._code & 0x7F

    @property
    def to_square(self) -> Square:
        """Destination square 0..89."""
        return self._code >> 7 & 0x7F

    def iccs(self) -> str:
        """Coordinate notation, e.g. ``'h2e2'``."""
        return SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square]

    def uci(self, ranks_1_10: bool = False) -> str:
        """The move as UCI engines write it: the same as :meth:`iccs` (ranks 0..9,
        Pikafish's form), or with *ranks_1_10* ranks 1..10 (Fairy-Stockfish's
        form, ``'h3e3'``)."""
        if not ranks_1_10:
            return self.iccs()
        return "%s%d%s%d" % (FILE_NAMES[self.from_square % 9], self.from_square // 9 + 1,
                             FILE_NAMES[self.to_square % 9], self.to_square // 9 + 1)

    @classmethod
    def from_uci(cls: type[_M], text: str, ranks_1_10: bool = False) -> _M:
        """Parse a UCI move: ``'h2e2'`` (ranks 0..9), or with *ranks_1_10*
        ``'h3e3'`` / ``'a10a9'`` (ranks 1..10). ``'0000'`` (a null move) is
        refused with :class:`ParseError`."""
        if not ranks_1_10:
            return cls.from_iccs(text)
        m = _UCI_10.match(text) if isinstance(text, str) else None
        if not m:
            raise ParseError(_errors.EPARSE, "%r is not a UCI move with ranks 1..10 like 'h3e3'"
                             % (text,))
        f1, t1, f2, t2 = m.groups()
        r1, r2 = int(t1) - 1, int(t2) - 1
        if not (0 <= r1 < 10 and 0 <= r2 < 10):
            raise ParseError(_errors.EPARSE, "%r: ranks must be 1..10" % (text,))
        return cls(r1 * 9 + FILE_NAMES.index(f1), r2 * 9 + FILE_NAMES.index(f2))

    def __int__(self) -> int:
        return self._code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._code == other._code

    def __hash__(self) -> int:
        return self._code

    def __str__(self) -> str:
        return self.iccs()

    def __repr__(self) -> str:
        return "Move.from_iccs(%r)" % self.iccs()


#: What a function taking a move accepts: a :class:`Move` or its ICCS text (``'h2e2'``).
MoveLike = Union[Move, str]


class _Played(Protocol):
    """What :meth:`Board.push` takes besides a move: a game-tree node of
    :mod:`xiangqi.pgn` (its ``move`` is played)."""

    @property
    def move(self) -> Optional[Move]: ...


def _encode(text: object) -> bytes:
    if isinstance(text, str):
        text = text.encode("utf-8")
    elif not isinstance(text, bytes):
        raise InvalidArgumentError(_errors.EINVAL, "expected text, got %r" % (text,))
    if b"\0" in text:
        # C strings end at a NUL: the rest would be dropped without a word.
        raise InvalidArgumentError(_errors.EINVAL, "text contains a NUL character at offset %d: %r"
                                   % (text.index(b"\0"), text[:60]))
    return text


# ---- notation ----

class Notation(_NamedIntEnum):
    """Move notations (``xq_notation``)."""
    AUTO = 0     #: reading only: recognise the notation from the text
    ICCS = 1     #: coordinates, ``h2e2``
    WXF = 2      #: WXF, ``C2.5``
    CHINESE = 3  #: Chinese, ``炮二平五``


#: Flags of move_text()/parse_move() (``XQ_NOTATION_*``).
NOTATION_XQBASE = 0x01       #: the xqbase WXF dialect for tandem pawns (reading and writing)
NOTATION_RANKS_1_10 = 0x02   #: ICCS ranks 1..10 instead of 0..9
NOTATION_FULLWIDTH = 0x04    #: full-width WXF/ICCS output
NOTATION_WXF_EQUALS = 0x08   #: WXF writes ``=`` for sideways moves
NOTATION_WXF_PREFIX = 0x10   #: WXF writes the place of a tandem piece before its letter
NOTATION_ASCII_DIGITS = 0x20  #: Chinese writes Black's digits in ASCII
NOTATION_TRADITIONAL = 0x40  #: Chinese in traditional characters
NOTATION_ICCS_UPPER = 0x80   #: ICCS in the upper-case dashed form

MOVE_TEXT_MAX = 24

#: A notation argument: a :class:`Notation` (or its number) or its name
#: (``'auto'``, ``'iccs'``, ``'wxf'``, ``'chinese'``, any case).
NotationLike = Union[Notation, int, str]


def _notation(value: NotationLike) -> Notation:
    """A Notation from an enum value or a name ('chinese', 'wxf', 'iccs', 'auto')."""
    if isinstance(value, str):
        try:
            return Notation[value.upper()]
        except KeyError:
            raise InvalidArgumentError(
                _errors.EINVAL, "notation must be one of auto, iccs, wxf, chinese; not %r"
                % (value,))
    try:
        return Notation(value)
    except ValueError:
        raise InvalidArgumentError(_errors.EINVAL, "no notation %r" % (value,))


def detect_notation(text: str | bytes) -> Notation | None:
    """The notation a move text is written in (from its form alone), or None."""
    rc = _lib.xq_notation_detect(_encode(text))
    return Notation(rc) if rc > 0 else None


# ---- outcome ----

class Termination(_NamedIntEnum):
    """Why a game ended (``xq_reason``)."""
    CHECKMATE = 1              #: the side to move is checkmated and loses
    NO_LEGAL_MOVE = 2          #: stalemate (困毙): no legal move, not in check; it loses
    REPETITION = 3             #: drawn by repetition (neither side, or both, at fault)
    PERPETUAL_CHECK = 4        #: a side checked with every move of a repeated cycle; it loses
    PERPETUAL_CHASE = 5        #: a side chased the same piece with every move; it loses
    PERPETUAL_MATE_THREAT = 6  #: CXA: a side threatened mate with every move; it loses
    MOVE_LIMIT = 7             #: drawn: the move limit without a capture was reached
    INSUFFICIENT_MATERIAL = 8  #: drawn: neither side has a chariot, horse, cannon or soldier


class Rules:
    """A rule set for :meth:`Board.outcome` and :meth:`Board.banned_moves` (``xq_rules``).

    ``ruleset`` is ``"axf"`` (the default: Asian rules as engines implement
    them), ``"cxa"`` (the Chinese 1999 rules where they differ) or
    ``"simple"`` (repetition is a draw). The keyword arguments override the
    rule set's defaults: ``fold`` (occurrences that end the game, default 3),
    ``ply_limit`` (plies without a capture that draw, default 120; 0 = none),
    ``check_cap`` (checks per side that count toward the limit; -1 = all),
    ``mate_threat_depth`` (CXA) and ``insufficient_material`` (bool).
    """
    RULESETS: Dict[str, int] = {"axf": 0, "cxa": 1, "simple": 2}

    def __init__(self, ruleset: str = "axf", **params: int) -> None:
        try:
            code = self.RULESETS[ruleset.lower()]
        except (KeyError, AttributeError):
            raise InvalidArgumentError(_errors.EINVAL, "rule set must be axf, cxa or simple, not %r"
                                       % (ruleset,))
        self._c = _ffi.Rules()
        _errors.check(_lib.xq_rules_init(ctypes.byref(self._c), _ffi.RULES_VERSION, code))
        self.ruleset = ruleset.lower()
        for name, value in params.items():
            if name not in ("fold", "ply_limit", "check_cap", "mate_threat_depth",
                            "insufficient_material"):
                raise InvalidArgumentError(_errors.EINVAL, "no rule parameter %r" % (name,))
            setattr(self._c, name, int(value))

    def __getattr__(self, name: str) -> int:
        if name in ("fold", "ply_limit", "check_cap", "mate_threat_depth",
                    "insufficient_material"):
            return int(getattr(self._c, name))
        raise AttributeError(name)

    def __repr__(self) -> str:
        return "Rules(%r, fold=%d, ply_limit=%d, check_cap=%d)" % (
            self.ruleset, self._c.fold, self._c.ply_limit, self._c.check_cap)


def _rules_c(rules: Rules | str | None) -> Any:
    """A ctypes reference to the C rules of *rules* (None for the defaults)."""

    if rules is None:
        return None
    if isinstance(rules, str):
        rules = Rules(rules)
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(_errors.EINVAL, "expected Rules or a rule set name")
    return ctypes.byref(rules._c)


class Outcome:
    """How a game ended: :attr:`termination` (a :class:`Termination`),
    :attr:`winner` (a :class:`Color`, or None for a draw), :meth:`result`
    (``'1-0'``, ``'0-1'`` or ``'1/2-1/2'``) and :attr:`description` (one line
    with the evidence, e.g. ``'0-1 perpetual check by Red (cycle from ply 2,
    8 plies)'``).

    The evidence from :meth:`Board.outcome`: :attr:`at_fault` (the side that
    lost by rule, or None), :attr:`repetitions`, :attr:`cycle_start`,
    :attr:`cycle_plies`, :attr:`cycle` (``{Color: xq_cycle_flag bits}``),
    :attr:`chasing` and :attr:`chased` (squares), :attr:`limit_count` and
    :attr:`limit_plies`.
    """
    __slots__ = ("termination", "winner", "at_fault", "description", "repetitions",
                 "cycle_start", "cycle_plies", "cycle", "chasing", "chased", "limit_count",
                 "limit_plies")

    #: A :class:`Termination`; a plain int for a reason newer than this package.
    termination: Termination | int
    winner: Color | None
    description: str | None
    at_fault: Color | None
    repetitions: int
    cycle_start: int
    cycle_plies: int
    cycle: Dict[Color, int]
    chasing: List[Square]
    chased: List[Square]
    limit_count: int
    limit_plies: int

    def __init__(self, termination: Termination | int, winner: ColorLike | None,
                 description: str | None = None, **evidence: Any) -> None:
        try:
            self.termination = Termination(termination)
        except ValueError:  # a reason added to the library after this package
            self.termination = termination
        self.winner = None if winner is None else Color(winner)
        self.description = description
        self.at_fault = evidence.get("at_fault")
        self.repetitions = evidence.get("repetitions", 0)
        self.cycle_start = evidence.get("cycle_start", -1)
        self.cycle_plies = evidence.get("cycle_plies", 0)
        self.cycle = evidence.get("cycle", {RED: 0, BLACK: 0})
        self.chasing = evidence.get("chasing", [])
        self.chased = evidence.get("chased", [])
        self.limit_count = evidence.get("limit_count", 0)
        self.limit_plies = evidence.get("limit_plies", 0)

    @classmethod
    def _from_c(cls, o: _ffi.Outcome) -> Outcome:
        buf = ctypes.create_string_buffer(256)
        _lib.xq_outcome_format(ctypes.byref(o), buf, 256)
        return cls(o.reason, _RESULT_WINNER.get(o.result), buf.value.decode("utf-8", "replace"),
                   at_fault=None if o.at_fault < 0 else Color.from_c(o.at_fault),
                   repetitions=o.repetitions, cycle_start=o.cycle_start,
                   cycle_plies=o.cycle_plies, cycle={RED: o.cycle[0], BLACK: o.cycle[1]},
                   chasing=list(o.chasing[:o.nchasing]), chased=list(o.chased[:o.nchased]),
                   limit_count=o.limit_count, limit_plies=o.limit_plies)

    def result(self) -> str:
        """The result in PGN form."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == RED else "0-1"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Outcome) and self.termination == other.termination
                and self.winner == other.winner)

    def __hash__(self) -> int:
        return hash((int(self.termination), self.winner))

    def __str__(self) -> str:
        return self.description or "%s %s" % (self.result(), getattr(
            self.termination, "name", self.termination))

    def __repr__(self) -> str:
        name = getattr(self.termination, "name", str(self.termination))
        return "Outcome(termination=%s, winner=%s)" % (
            name, None if self.winner is None else self.winner.name)


_RESULT_WINNER: Dict[int, Optional[Color]] = {1: RED, 2: BLACK, 3: None}


# ---- board ----

def _new_board(fen: str | bytes | None) -> Optional[int]:
    handle = _ffi.c_board_p()
    perr = _ffi.ParseError()
    rc = _lib.xq_board_new(ctypes.byref(handle), None if fen is None else _encode(fen),
                           ctypes.byref(perr))
    if rc < 0:
        raise _errors.from_parse_error(rc, perr, "bad FEN")
    return handle.value


def validate_fen(fen: str | bytes) -> None:
    """Raise :class:`ParseError` or :class:`PositionError` unless *fen* is a valid position."""
    perr = _ffi.ParseError()
    rc = _lib.xq_fen_validate(_encode(fen), ctypes.byref(perr))
    if rc < 0:
        raise _errors.from_parse_error(rc, perr, "bad FEN")


# Room for every problem xq_fen_problems() reports (XQ_FEN_PROBLEMS_MAX).
_FEN_PROBLEMS_MAX = 92


def fen_problems(fen: str) -> List[_errors.XiangqiError]:
    """Every problem of *fen*, for a position editor: a list of
    :class:`ParseError` (one, the first, for a malformed FEN) or
    :class:`PositionError` (one per impossibility, in board order), empty when
    the FEN is valid. :func:`validate_fen` raises the first of them."""
    problems = (_ffi.ParseError * _FEN_PROBLEMS_MAX)()
    n = _errors.check(_lib.xq_fen_problems(_encode(fen), problems, _FEN_PROBLEMS_MAX))
    return [_errors.from_parse_error(p.code, p) for p in problems[:min(n, _FEN_PROBLEMS_MAX)]]


class Board(Owned):
    """A position and the moves played to reach it (an ``xq_board``).

    ``Board()`` is the start position; ``Board(fen)`` any valid position.
    Moves are played with :meth:`push` and taken back with :meth:`pop`.
    The C handle is freed when the board is garbage-collected, when
    :meth:`close` is called, or at the end of a ``with`` block. A board is
    meant for one thread at a time.
    """

    _what = "board"

    def __init__(self, fen: str | bytes | None = None) -> None:
        self._adopt(_new_board(fen))

    def _adopt(self, handle: Optional[int]) -> None:
        self._own(handle, _lib.xq_board_free)

    def copy(self: _B) -> _B:
        """An independent copy, move history included."""
        handle = _ffi.c_board_p()
        _errors.check(_lib.xq_board_clone(ctypes.byref(handle), self._handle))
        board = Board.__new__(type(self))
        board._adopt(handle.value)
        return board

    __copy__ = copy

    def __deepcopy__(self: _B, memo: object) -> _B:
        return self.copy()

    # -- position --

    def fen(self) -> str:
        """The position as canonical FEN."""
        buf = ctypes.create_string_buffer(FEN_MAX)
        _errors.check(_lib.xq_board_fen(self._handle, buf, FEN_MAX))
        return buf.value.decode()

    def set_fen(self, fen: str | bytes | None) -> None:
        """Set up a position (or the start position for None) and clear the history.
        On error the board is unchanged."""
        perr = _ffi.ParseError()
        rc = _lib.xq_board_set_fen(self._handle, None if fen is None else _encode(fen),
                                   ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr, "bad FEN")

    def reset(self) -> None:
        """Back to the start position, history cleared."""
        self.set_fen(None)

    @property
    def turn(self) -> Color:
        """The :class:`Color` to move."""
        return Color.from_c(_errors.check(_lib.xq_board_side_to_move(self._handle)))

    def piece_at(self, sq: Square | str) -> Piece | None:
        """The :class:`Piece` on a square (an index or a name like ``'e0'``), or None."""
        if isinstance(sq, str):
            sq = parse_square(sq)
        _check_square(sq)
        code = _errors.check(_lib.xq_board_piece_at(self._handle, sq))
        return Piece.from_code(code) if code else None

    def piece_map(self) -> Dict[Square, Piece]:
        """``{square: Piece}`` for every occupied square."""
        handle = self._handle
        out: Dict[Square, Piece] = {}
        for sq in SQUARES:
            code = _lib.xq_board_piece_at(handle, sq)
            if code > 0:
                out[sq] = Piece.from_code(code)
        return out

    def king(self, color: ColorLike) -> Square:
        """Square of a side's general."""
        code = int(PieceType.KING) | Color(color).c_value << 3
        handle = self._handle
        for sq in SQUARES:
            if _lib.xq_board_piece_at(handle, sq) == code:
                return sq
        raise StateError(_errors.ESTATE, "no general")  # impossible for a valid board

    def pieces(self, piece_type: PieceType | int, color: ColorLike) -> SquareSet:
        """The squares of a side's pieces of one type, as a :class:`SquareSet`."""
        code = int(PieceType(piece_type)) | Color(color).c_value << 3
        handle = self._handle
        return SquareSet(sq for sq in SQUARES if _lib.xq_board_piece_at(handle, sq) == code)

    def attackers(self, color: ColorLike, square: Square | str) -> SquareSet:
        """The squares of *color*'s pieces that attack *square*, as a
        :class:`SquareSet`: pieces that could move there if it held an enemy
        piece (pins are ignored, as in python-chess; a piece of *color* on the
        square itself does not stop the others from "defending" it). A
        general attacks along an open file only the other general (the
        flying-general rule). The C library answers (``xq_board_attackers``)."""
        squares = (ctypes.c_int * 16)()
        n = self._attackers(color, square, squares, 16)
        return SquareSet(squares[:n])

    def is_attacked_by(self, color: ColorLike, square: Square | str) -> bool:
        """Whether *color* attacks *square* (see :meth:`attackers`)."""
        return self._attackers(color, square, None, 0) > 0

    def _attackers(self, color: ColorLike, square: Square | str, squares: Any, cap: int) -> int:
        if isinstance(square, str):
            square = parse_square(square)
        _check_square(square)
        return _errors.check(_lib.xq_board_attackers(self._handle, Color(color).c_value, square,
                                                     squares, cap))

    def checkers(self) -> SquareSet:
        """The squares of the pieces that give check to the side to move
        (empty if it is not in check), as a :class:`SquareSet`."""
        turn = self.turn
        return self.attackers(turn.other, self.king(turn))

    def is_capture(self, move: MoveLike) -> bool:
        """Whether *move* (a :class:`Move` or ICCS text) takes an enemy piece.
        Like python-chess, this looks at the squares only, not at legality."""
        move = _as_move(move)
        mover = self.piece_at(move.from_square)
        target = self.piece_at(move.to_square)
        return mover is not None and target is not None and target.color != mover.color

    def gives_check(self, move: MoveLike) -> bool:
        """Whether the legal *move* (a :class:`Move` or text in any notation)
        puts the opponent in check; :class:`IllegalMoveError` if it is not legal."""
        move = self.parse_move(move) if isinstance(move, str) else _as_move(move)
        moves = self.legal_moves
        if move not in moves:
            raise IllegalMoveError(_errors.EILLEGAL, self._illegal_message(move))
        return moves.gives_check(move)

    # -- editing --

    def _edited_fen(self, pieces: Mapping[Square, Piece], turn: ColorLike | None = None) -> str:
        rows = []
        for rank in range(9, -1, -1):
            row, empty = "", 0
            for f in range(9):
                piece = pieces.get(rank * 9 + f)
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                row += piece.symbol()
            rows.append(row + (str(empty) if empty else ""))
        side = self.turn if turn is None else Color(turn)
        return "%s %s - - %d %d" % ("/".join(rows), "w" if side else "b", self.halfmove_clock,
                                    self.fullmove_number)

    def _set_edited(self, pieces: Mapping[Square, Piece], what: str,
                    turn: ColorLike | None = None) -> None:
        fen = self._edited_fen(pieces, turn)
        perr = _ffi.ParseError()
        rc = _lib.xq_fen_validate(_encode(fen), ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr, "%s would make an impossible position (%s)"
                                           % (what, fen))
        self.set_fen(fen)

    def set_piece_at(self, square: Square | str, piece: Piece | str | None) -> None:
        """Put *piece* (a :class:`Piece` or a FEN letter; None empties the
        square) on *square* (an index or a name), replacing what was there.

        The position must stay possible (two generals in their palaces, not
        facing each other, pieces on their points, the side not to move not
        in check, ...): otherwise :class:`PositionError` (or
        :class:`ParseError`) is raised and the board is unchanged. Editing
        clears the move history, as :meth:`set_fen` does; the counters are
        kept."""
        if isinstance(square, str):
            square = parse_square(square)
        _check_square(square)
        if isinstance(piece, str):
            piece = Piece.from_symbol(piece)
        elif piece is not None and not isinstance(piece, Piece):
            raise InvalidArgumentError(_errors.EINVAL, "expected a Piece, a FEN letter or None, "
                                       "not %r" % (piece,))
        pieces = self.piece_map()
        if piece is None:
            pieces.pop(square, None)
        else:
            pieces[square] = piece
        self._set_edited(pieces, "%s on %s" % ("nothing" if piece is None else piece.name(),
                                              square_name(square)))

    def remove_piece_at(self, square: Square | str) -> Piece | None:
        """Take the piece off *square* and return it (None if the square was
        empty). A general cannot be removed (:class:`PositionError`); see
        :meth:`set_piece_at` for the rest."""
        piece = self.piece_at(square)
        if piece is not None:
            self.set_piece_at(square, None)
        return piece

    def set_piece_map(self, pieces: Mapping[Square | str, Piece | str],
                      turn: ColorLike | None = None) -> None:
        """Set up the position from ``{square: Piece}`` (and *turn*, default
        unchanged), validated as by :meth:`set_piece_at`."""
        checked: Dict[Square, Piece] = {}
        for sq, piece in dict(pieces).items():
            if isinstance(sq, str):
                sq = parse_square(sq)
            _check_square(sq)
            if isinstance(piece, str):
                piece = Piece.from_symbol(piece)
            if not isinstance(piece, Piece):
                raise InvalidArgumentError(_errors.EINVAL, "expected a Piece on %s, not %r"
                                           % (square_name(sq), piece))
            checked[sq] = piece
        self._set_edited(checked, "this piece map", turn)

    def zobrist_hash(self) -> int:
        """The 64-bit Zobrist hash of the position (pieces and side to move)."""
        return int(_lib.xq_board_hash(self._handle))

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture."""
        return _errors.check(_lib.xq_board_halfmove_clock(self._handle))

    @property
    def fullmove_number(self) -> int:
        """Move number; starts at 1 and grows after Black's move."""
        return _errors.check(_lib.xq_board_fullmove_number(self._handle))

    @property
    def ply(self) -> int:
        """Plies since move 1 with Red to move (a property, like :attr:`Record.ply`)."""
        return _errors.check(_lib.xq_board_ply(self._handle))

    # -- moves --

    @property
    def legal_moves(self) -> MoveList:
        """The legal moves, as a :class:`MoveList` (a tuple of :class:`Move` that
        keeps this position: ``move in board.legal_moves``,
        ``board.legal_moves.filter(from_square=xiangqi.H2)``)."""
        handle = _ffi.c_movelist_p()
        _errors.check(_lib.xq_movelist_new(ctypes.byref(handle)))
        try:
            _errors.check(_lib.xq_board_legal_moves(self._handle, handle))
        except BaseException:
            _lib.xq_movelist_free(handle)
            raise
        return MoveList._adopt(handle)

    def is_legal(self, move: MoveLike) -> bool:
        """Whether a :class:`Move` (or ICCS text) is legal here."""
        move = _as_move(move)
        return _errors.check(_lib.xq_board_is_legal(self._handle, int(move))) == 1

    def parse_move(self, text: str | bytes, notation: NotationLike = Notation.AUTO,
                   flags: int = 0) -> Move:
        """The legal move that *text* names in this position.

        Any notation the library reads: coordinates (``'h2e2'``), WXF
        (``'C2.5'``, ``'C2=5'``, full-width forms) or Chinese (``'炮二平五'``,
        traditional characters too); *notation* may force one. An unreadable
        text raises :class:`ParseError`, a text matching several legal moves
        :class:`AmbiguousMoveError`, and a readable but illegal move
        :class:`IllegalMoveError`, whose message for coordinates also lists
        the legal moves of the piece.
        """
        out = _ffi.c_move()
        perr = _ffi.ParseError()
        rc = _lib.xq_board_move_from_text(self._handle, _encode(text), int(_notation(notation)),
                                          flags, ctypes.byref(out), ctypes.byref(perr))
        if rc == _errors.EILLEGAL and detect_notation(text) == Notation.ICCS:
            try:
                move = Move.from_iccs(text.strip())
            except ParseError:
                pass
            else:
                raise IllegalMoveError(rc, self._illegal_message(move, text))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr)
        return Move.from_code(out.value)

    def move_to_text(self, move: MoveLike, notation: NotationLike = Notation.CHINESE,
                     flags: int = 0) -> str:
        """A legal move written in a notation (``'chinese'``, ``'wxf'`` or ``'iccs'``).

        The output is canonical (simplified Chinese with full-width digits for
        Black, ASCII WXF with ``.`` for sideways moves); *flags* change the
        style (``NOTATION_TRADITIONAL``, ``NOTATION_WXF_EQUALS``, ...).
        """
        move = _as_move(move)
        buf = ctypes.create_string_buffer(MOVE_TEXT_MAX)
        nt = _notation(notation)
        rc = _lib.xq_board_move_to_text(self._handle, int(move), int(nt), flags, buf,
                                        MOVE_TEXT_MAX)
        if rc == _errors.EILLEGAL:
            raise IllegalMoveError(rc, self._illegal_message(move))
        _errors.check(rc, None if rc != _errors.EINVAL else
                      "cannot write moves in %s" % nt.name.lower())
        return buf.value.decode("utf-8")

    def chinese(self, move: MoveLike) -> str:
        """Shorthand for ``move_to_text(move, Notation.CHINESE)``."""
        return self.move_to_text(move, Notation.CHINESE)

    def wxf(self, move: MoveLike) -> str:
        """Shorthand for ``move_to_text(move, Notation.WXF)``."""
        return self.move_to_text(move, Notation.WXF)

    # python-chess's names: WXF is Xiangqi's short algebraic notation, ICCS its UCI.

    def san(self, move: MoveLike) -> str:
        """The move in WXF (``'C2.5'``), as python-chess's ``Board.san``."""
        return self.move_to_text(move, Notation.WXF)

    def uci(self, move: MoveLike) -> str:
        """The legal move in coordinates (``'h2e2'``), as python-chess's ``Board.uci``."""
        return self.move_to_text(move, Notation.ICCS)

    def parse_san(self, text: str) -> Move:
        """The legal move of a WXF (or Chinese) text; see :meth:`parse_move`."""
        return self.parse_move(text)

    def parse_uci(self, text: str) -> Move:
        """The legal move of a coordinate text; see :meth:`parse_move`."""
        return self.parse_move(text, Notation.ICCS)

    def push_san(self, text: str) -> Move:
        """Play a move given in WXF (or any notation); returns the :class:`Move`."""
        return self.push(self.parse_san(text))

    def push_uci(self, text: str) -> Move:
        """Play a move given in coordinates; returns the :class:`Move`."""
        return self.push(self.parse_uci(text))

    def line_text(self, moves: Iterable[MoveLike], notation: NotationLike = Notation.CHINESE,
                  flags: int = 0) -> List[str]:
        """Moves played one after the other from this position, as a list of texts."""
        board = self.copy()
        out = []
        try:
            for given in moves:
                move = _as_move(given) if not isinstance(given, str) else board.parse_move(given)
                out.append(board.move_to_text(move, notation, flags))
                board.push(move)
        finally:
            board.close()
        return out

    def _illegal_message(self, move: Move, text: str | bytes | None = None) -> str:
        piece = self.piece_at(move.from_square)
        if isinstance(text, bytes):  # parse_move(b"...") names the move as text, not b'...'
            text = text.decode("utf-8", "replace")
        label = text if text is not None else move.iccs()
        if piece is None:
            return "%s: there is no piece on %s" % (label, square_name(move.from_square))
        if piece.color != self.turn:
            return "%s: the %s on %s is not yours to move (%s to move)" % (
                label, piece.name(), square_name(move.from_square), self.turn.name.lower())
        own = [m.iccs() for m in self.legal_moves if m.from_square == move.from_square]
        return "%s is not legal here; the %s on %s can play: %s" % (
            label, piece.name(), square_name(move.from_square),
            " ".join(own) if own else "nothing")

    def push(self, move: MoveLike | _Played) -> Move:
        """Play a legal move (a :class:`Move`, text for :meth:`parse_move`, or
        a game-tree node of :mod:`xiangqi.pgn`, whose move is played).

        Returns the :class:`Move` played. Raises :class:`IllegalMoveError` (with
        the legal moves of the piece in its message) and leaves the board
        unchanged if the move is not legal.
        """
        given: object = move
        if not isinstance(given, (Move, str)) and isinstance(getattr(given, "move", None), Move):
            # a ChildNode: `for node in game.mainline(): board.push(node)`
            given = getattr(given, "move")
        played = self.parse_move(given) if isinstance(given, str) else _as_move(given)
        rc = _lib.xq_board_make_move(self._handle, int(played))
        if rc == _errors.EILLEGAL:
            raise IllegalMoveError(rc, self._illegal_message(played))
        _errors.check(rc)
        return played

    def pop(self) -> Move:
        """Take back the last move and return it; :class:`StateError` if there is none."""
        out = _ffi.c_move()
        rc = _lib.xq_board_unmake_move(self._handle, ctypes.byref(out))
        if rc == _errors.ESTATE:
            raise StateError(rc, "no move to take back")
        _errors.check(rc)
        return Move.from_code(out.value)

    def peek(self) -> Move:
        """The last move played; :class:`StateError` if there is none."""
        n = _errors.check(_lib.xq_board_history_size(self._handle))
        if n == 0:
            raise StateError(_errors.ESTATE, "no move has been played")
        return self._history_move(n - 1)[0]

    def _history_move(self, index: int) -> Tuple[Move, int]:
        move, captured = _ffi.c_move(), ctypes.c_int()
        _errors.check(_lib.xq_board_history_move(self._handle, index, ctypes.byref(move),
                                                 ctypes.byref(captured)))
        return Move.from_code(move.value), captured.value

    @property
    def move_stack(self) -> List[Move]:
        """The moves played since the position was set, oldest first (a new list)."""
        n = _errors.check(_lib.xq_board_history_size(self._handle))
        return [self._history_move(i)[0] for i in range(n)]

    def captured_pieces(self) -> List[Piece]:
        """The pieces captured by the moves of :attr:`move_stack`, in order."""
        n = _errors.check(_lib.xq_board_history_size(self._handle))
        out = []
        for i in range(n):
            code = self._history_move(i)[1]
            if code:
                out.append(Piece.from_code(code))
        return out

    # -- state --

    def is_check(self) -> bool:
        """Whether the side to move is in check (facing generals included)."""
        return _errors.check(_lib.xq_board_in_check(self._handle)) == 1

    def _status(self) -> Tuple[int, int]:
        reason = ctypes.c_int()
        result = _errors.check(_lib.xq_board_status(self._handle, ctypes.byref(reason)))
        return result, reason.value

    def is_checkmate(self) -> bool:
        """The side to move is in check and has no legal move."""
        return self._status()[1] == Termination.CHECKMATE

    def is_stalemate(self) -> bool:
        """The side to move is not in check and has no legal move (it loses: 困毙)."""
        return self._status()[1] == Termination.NO_LEGAL_MOVE

    def outcome(self, rules: Rules | str | None = None) -> Outcome | None:
        """The :class:`Outcome` if the game is over, else None.

        Judged by a rule set (:class:`Rules` or its name; default AXF) on the
        position and the moves played: no legal move (checkmate or 困毙),
        repetition with perpetual check or chase, the move limit,
        insufficient material.
        """
        o = _ffi.Outcome()
        rc = _lib.xq_board_outcome(self._handle, _rules_c(rules), ctypes.byref(o))
        _errors.check(rc)
        return Outcome._from_c(o) if rc > 0 else None

    def is_game_over(self, rules: Rules | str | None = None) -> bool:
        """Whether :meth:`outcome` is not None."""
        return self.outcome(rules) is not None

    def banned_moves(self, rules: Rules | str | None = None) -> List[Move]:
        """The legal moves that would complete a forbidden repetition (a
        perpetual check or chase that loses): what a UCCI interface sends an
        engine as ``banmoves``."""
        arr = (_ffi.c_move * MAX_MOVES)()
        n = _errors.check(_lib.xq_board_banned_moves(self._handle, _rules_c(rules), arr,
                                                     MAX_MOVES))
        return [Move.from_code(arr[i]) for i in range(n)]

    def is_banned(self, move: MoveLike, rules: Rules | str | None = None) -> bool:
        """Whether a legal move would complete a forbidden repetition."""
        move = _as_move(move)
        rc = _lib.xq_board_move_banned(self._handle, _rules_c(rules), int(move))
        if rc == _errors.EILLEGAL:
            raise IllegalMoveError(rc, self._illegal_message(move))
        return _errors.check(rc) == 1

    def repetitions(self) -> int:
        """How many times the current position occurred earlier in the history."""
        return _errors.check(_lib.xq_board_repetitions(self._handle))

    # -- perft --

    def perft(self, depth: int) -> int:
        """Leaf count of the legal-move tree to *depth* (0..64)."""
        nodes = ctypes.c_uint64()
        _errors.check(_lib.xq_perft(self._handle, depth, ctypes.byref(nodes)),
                      "perft depth must be 0..64, not %r" % (depth,))
        return nodes.value

    def perft_divide(self, depth: int) -> Dict[Move, int]:
        """``{Move: leaf count}`` for each legal move at the root (depth 1..64)."""
        moves = (_ffi.c_move * MAX_MOVES)()
        counts = (ctypes.c_uint64 * MAX_MOVES)()
        n = _errors.check(_lib.xq_perft_divide(self._handle, depth, moves, counts, MAX_MOVES),
                          "perft depth must be 1..64, not %r" % (depth,))
        return {Move.from_code(moves[i]): counts[i] for i in range(n)}

    # -- drawing --

    def svg(self, size: int = 450, flip: bool = False, coordinates: str | bool = "both",
            glyphs: str = "chinese", lastmove: MoveLike | bool | None = None,
            check: bool = True, arrows: Iterable[MoveLike] = ()) -> str:
        """An SVG picture of the position (``xq_board_svg``), a ``str``; also
        :func:`xiangqi.svg.board`.

        :param size: width in pixels, 32..8192; the height follows from the layout.
        :param flip: True puts Black at the bottom.
        :param coordinates: ``"both"`` (each player's file numbers and the ICCS
            letters and ranks), ``"numbers"``, ``"iccs"`` or ``"none"``.
        :param glyphs: ``"chinese"`` (帅仕相马车炮兵 / 將士象馬車砲卒) or
            ``"letters"`` (K A B N R C P, ASCII only: for viewers without a CJK font).
        :param lastmove: None shades the last move played on the board, False
            shades nothing, a :class:`Move` (or ICCS text) shades that move.
        :param check: a red glow under a general in check.
        :param arrows: moves (or ICCS texts) drawn as arrows.
        """
        opt = _ffi.SvgOptions()
        _errors.check(_lib.xq_svg_options_init(ctypes.byref(opt), _ffi.SVG_OPTIONS_VERSION))
        opt.size = size
        opt.flip = 1 if flip else 0
        try:
            opt.coordinates = _SVG_COORDINATES[coordinates]
        except (KeyError, TypeError):
            raise _errors.InvalidArgumentError(
                _errors.EINVAL, "coordinates must be one of both, numbers, iccs, none; not %r"
                % (coordinates,))
        try:
            opt.glyphs = _SVG_GLYPHS[glyphs]
        except (KeyError, TypeError):
            raise _errors.InvalidArgumentError(
                _errors.EINVAL, "glyphs must be 'chinese' or 'letters', not %r" % (glyphs,))
        if lastmove is False:
            opt.show_last_move = 0
        elif lastmove is not None:
            opt.last_move = int(_as_move(lastmove))  # True is refused there
        opt.show_check = 1 if check else 0
        moves = [int(_as_move(m)) for m in arrows]
        arr = (_ffi.c_move * max(len(moves), 1))(*moves)
        opt.arrows = ctypes.cast(arr, ctypes.POINTER(_ffi.c_move))
        opt.arrow_count = len(moves)

        handle = self._handle
        n = _lib.xq_board_svg(handle, ctypes.byref(opt), None, 0)
        _errors.check(n, None if n != _errors.EINVAL else
                      "bad picture options (size must be 32..8192, at most 1024 arrows)")
        buf = ctypes.create_string_buffer(n + 1)
        _errors.check(_lib.xq_board_svg(handle, ctypes.byref(opt), buf, n + 1))
        return buf.value.decode("utf-8")

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        """Ten lines of FEN letters, Black's side on top, ``.`` for an empty point."""
        rows = []
        pieces = self.piece_map()
        for rank in range(9, -1, -1):
            rows.append(" ".join(
                pieces[rank * 9 + f].symbol() if rank * 9 + f in pieces else "."
                for f in range(9)))
        return "\n".join(rows)

    def unicode(self, borders: bool = False, flip: bool = False) -> str:
        """The board with Chinese glyphs (double-width characters).

        With *borders*, each player's file numbers (Black's １..９ on Black's
        side, Red's 九..一 on Red's side), the ranks 0..9 and the river are
        drawn; *flip* puts Black at the bottom.
        """
        pieces = self.piece_map()
        files = list(range(9))
        ranks = list(range(9, -1, -1))
        if flip:
            files.reverse()
            ranks.reverse()
        red_numbers = "九八七六五四三二一"
        black_numbers = "１２３４５６７８９"
        top = "".join((red_numbers if flip else black_numbers)[f] for f in files)
        bottom = "".join((black_numbers if flip else red_numbers)[f] for f in files)
        lines = []
        if borders:
            lines.append("  " + top)
        for rank in ranks:
            row = "".join(pieces[rank * 9 + f].glyph() if rank * 9 + f in pieces else "＋"
                          for f in files)
            lines.append(("%d " % rank + row) if borders else row)
            if borders and rank == (5 if not flip else 4):
                lines.append("  　楚河　　　漢界　")
        if borders:
            lines.append("  " + bottom)
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self._ptr is None:
            return "<Board (closed)>"
        return "Board(%r)" % self.fen()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.fen() == other.fen()

    __hash__ = None  # type: ignore[assignment]  # mutable


_B = TypeVar("_B", bound=Board)

if TYPE_CHECKING:
    _SquareSetBase = FrozenSet[Square]
    _MoveListBase = Sequence[Move]
else:  # the plain classes at run time (Python 3.8 cannot subscript them)
    _SquareSetBase = frozenset
    _MoveListBase = collections.abc.Sequence


class SquareSet(_SquareSetBase):
    """A set of squares (ints 0..89) that iterates in ascending order;
    returned by :meth:`Board.pieces`, :meth:`Board.attackers` and
    :meth:`Board.checkers`."""

    def __iter__(self) -> Iterator[Square]:
        return iter(sorted(frozenset.__iter__(self)))

    def names(self) -> List[str]:
        """The squares' names, ascending: ``['e0', 'e9']``."""
        return [SQUARE_NAMES[sq] for sq in self]

    def __repr__(self) -> str:
        return "SquareSet(%s)" % ", ".join(SQUARE_NAMES[sq] for sq in self)


def _as_move(move: object) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.from_iccs(move)
    raise InvalidArgumentError(_errors.EINVAL, "expected a Move, got %r" % (move,))


def _board_argument(board: Board | str | bytes, what: str) -> Board:
    """*board* if it is a Board, else a new Board from a FEN string (the
    caller closes it); None is refused rather than taken for the start
    position."""
    if isinstance(board, Board):
        return board
    if not isinstance(board, (str, bytes)):
        raise InvalidArgumentError(
            _errors.EINVAL, "%s needs a Board or a FEN, not %r" % (what, board))
    return Board(board)


def perft(board: Board | str, depth: int) -> int:
    """Leaf count of the legal-move tree of *board* (a :class:`Board` or a FEN) to *depth*."""
    if isinstance(board, Board):
        return board.perft(depth)
    with _board_argument(board, "perft()") as b:
        return b.perft(depth)



class _MoveListHandle:
    """Owns the C list of a MoveList."""
    __slots__ = ("ptr", "__weakref__")

    def __init__(self, ptr: ctypes.c_void_p) -> None:
        self.ptr = ptr
        weakref.finalize(self, _lib.xq_movelist_free, ptr)


def _known_move(code: int) -> Move:
    """A :class:`Move` of a code the library produced (no validation call)."""
    move = Move.__new__(Move)
    move._code = code
    return move


class MoveList(_MoveListBase):
    """The legal moves of a position: a lazy, immutable sequence of
    :class:`Move` (in the library's generation order) that keeps a copy of
    that position, so its moves can be filtered, tested and written as text
    after the board has moved on. Get one from :attr:`Board.legal_moves`.

    Like python-chess's ``LegalMoveGenerator``, it makes no Python object
    for a move until one is asked for: ``len()``, ``bool()`` and ``move in
    moves`` are single calls into the library; iteration and indexing make
    the :class:`Move` objects they return. It compares equal to a tuple of
    the same moves (``moves.filter(checks=True) == ()``).

    >>> moves = Board().legal_moves
    >>> len(moves), len(moves.filter(piece_type=PieceType.CANNON)), len(moves.filter(captures=True))
    (44, 24, 2)
    >>> [moves.text(m, "wxf") for m in moves.filter(from_square=H2, to_square=E2)]
    ['C2.5']
    >>> moves.find("炮二平五") == Move.from_iccs("h2e2")
    True
    """

    __slots__ = ("_owner", "__weakref__")
    _owner: _MoveListHandle

    @classmethod
    def _adopt(cls, handle: ctypes.c_void_p) -> MoveList:
        self = object.__new__(cls)
        self._owner = _MoveListHandle(handle)
        return self

    @property
    def _ptr(self) -> ctypes.c_void_p:
        return self._owner.ptr

    def __len__(self) -> int:
        return _errors.check(_lib.xq_movelist_size(self._ptr))

    def __bool__(self) -> bool:
        return bool(_lib.xq_movelist_size(self._ptr) > 0)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):  # as in a tuple: a Move equals only a Move
            return False
        return bool(_lib.xq_movelist_index(self._ptr, int(move)) >= 0)

    def __iter__(self) -> Iterator[Move]:
        p = self._ptr
        get = _lib.xq_movelist_get
        for i in range(_errors.check(_lib.xq_movelist_size(p))):
            yield _known_move(get(p, i))

    def __reversed__(self) -> Iterator[Move]:
        return reversed(tuple(self))

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> Tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | Tuple[Move, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        n = len(self)
        i = operator.index(index)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("move list index out of range")
        return _known_move(_lib.xq_movelist_get(self._ptr, i))

    def index(self, move: Any, start: int = 0, stop: int | None = None) -> int:
        """The position of *move* in the list (ValueError if absent)."""
        i: int = _lib.xq_movelist_index(self._ptr, int(move)) if move in self else -1
        if i < 0 or i < start or (stop is not None and i >= stop):
            raise ValueError("%r is not in the move list" % (move,))
        return i

    def count(self, move: Any) -> int:
        return 1 if move in self else 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveList):
            other = tuple(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return "MoveList(%r)" % (tuple(self),)

    def _index(self, given: MoveLike) -> int:
        move = _as_move(given)
        i: int = _lib.xq_movelist_index(self._ptr, int(move))
        if i == _errors.ENOTFOUND:
            raise NotFoundError(i, "%s is not in this move list" % (move.iccs(),))
        return _errors.check(i)

    def filter(self, from_square: Square | None = None, to_square: Square | None = None,
               piece_type: PieceType | int | None = None, captures: bool = False,
               quiet: bool = False, checks: bool = False) -> MoveList:
        """A new :class:`MoveList` with the moves that match every condition
        given: from or to a square, of a :class:`PieceType`, captures,
        quiet moves (no capture), moves that give check."""
        kinds = (1 if captures else 0) | (2 if quiet else 0) | (4 if checks else 0)
        handle = _ffi.c_movelist_p()
        _errors.check(_lib.xq_movelist_clone(ctypes.byref(handle), self._ptr))
        rc = _lib.xq_movelist_filter(handle, -1 if from_square is None else int(from_square),
                                     -1 if to_square is None else int(to_square),
                                     -1 if piece_type is None else int(piece_type), kinds)
        if rc < 0:
            _lib.xq_movelist_free(handle)
            _errors.check(rc, "bad filter: from_square=%r to_square=%r piece_type=%r"
                          % (from_square, to_square, piece_type))
        return MoveList._adopt(handle)

    def is_capture(self, move: MoveLike) -> bool:
        """Whether *move* (in this list) captures."""
        return _errors.check(_lib.xq_movelist_is_capture(self._ptr, self._index(move))) == 1

    def gives_check(self, move: MoveLike) -> bool:
        """Whether *move* (in this list) gives check."""
        return _errors.check(_lib.xq_movelist_gives_check(self._ptr, self._index(move))) == 1

    def text(self, move: MoveLike, notation: NotationLike = Notation.CHINESE,
             flags: int = 0) -> str:
        """*move* (in this list) written in a notation, in the list's position."""
        buf = ctypes.create_string_buffer(MOVE_TEXT_MAX)
        _errors.check(_lib.xq_movelist_text(self._ptr, self._index(move),
                                            int(_notation(notation)), flags, buf, MOVE_TEXT_MAX))
        return buf.value.decode("utf-8")

    def find(self, text: str | bytes, notation: NotationLike = Notation.AUTO,
             flags: int = 0) -> Move:
        """The move of this list that *text* names (any notation); raises
        :class:`ParseError`, :class:`IllegalMoveError`,
        :class:`AmbiguousMoveError`, or :class:`NotFoundError` for a legal
        move that a filter left out."""
        index = ctypes.c_int(-1)
        perr = _ffi.ParseError()
        rc = _lib.xq_movelist_find(self._ptr, _encode(text), int(_notation(notation)), flags,
                                   ctypes.byref(index), ctypes.byref(perr))
        _errors.check(rc, perr.message.decode("utf-8", "replace") or None)
        return self[index.value]

    @property
    def fen(self) -> str:
        """FEN of the position these moves belong to."""

        buf = ctypes.create_string_buffer(FEN_MAX)
        _errors.check(_lib.xq_movelist_fen(self._ptr, buf, FEN_MAX))
        return buf.value.decode("ascii")

__all__ = [
    "START_FEN", "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES", "Color", "RED", "BLACK",
    "COLORS", "COLOR_NAMES", "SquareSet", "PieceType", "KING", "ADVISOR", "ELEPHANT", "HORSE", "CHARIOT", "CANNON", "SOLDIER",
    "PIECE_TYPES", "square", "square_file", "square_rank", "square_name", "parse_square", "Piece",
    "Move", "MoveList", "Termination", "Outcome", "Rules", "validate_fen", "fen_problems", "Board", "perft", "Notation",
    "detect_notation", "NOTATION_XQBASE", "NOTATION_RANKS_1_10", "NOTATION_FULLWIDTH",
    "NOTATION_WXF_EQUALS", "NOTATION_WXF_PREFIX", "NOTATION_ASCII_DIGITS", "NOTATION_TRADITIONAL",
    "NOTATION_ICCS_UPPER", "Square", "ColorLike", "MoveLike", "NotationLike",
    # the squares by name (written out so that type checkers see them)
    "A0", "B0", "C0", "D0", "E0", "F0", "G0", "H0", "I0",
    "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1",
    "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2",
    "A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3", "I3",
    "A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4", "I4",
    "A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "I5",
    "A6", "B6", "C6", "D6", "E6", "F6", "G6", "H6", "I6",
    "A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7", "I7",
    "A8", "B8", "C8", "D8", "E8", "F8", "G8", "H8", "I8",
    "A9", "B9", "C9", "D9", "E9", "F9", "G9", "H9", "I9",
]

