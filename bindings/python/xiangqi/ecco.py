# SPDX-License-Identifier: MIT
"""Openings by name: the ECCO code (中国象棋开局编号) and names of a game's opening.

>>> import xiangqi
>>> board = xiangqi.Board()
>>> for m in "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9".split():
...     _ = board.push(m)
>>> o = xiangqi.ecco.classify(board)
>>> o.code, o.opening, o.variation, o.ply
('C55', '五六炮过河车对屏风马', '黑进７卒黑右直车', 10)
>>> xiangqi.ecco.lookup("C48").variation
'红仕角炮对黑退边炮'

A game is classified by the positions its first 40 plies reach (so move
orders that transpose, and the mirror image of an opening, count as the
same); the deepest position of the library's table decides, and
:attr:`Opening.ply` says when. Games from a set-up position, or without
moves, have no code: :attr:`Opening.code` is ``""`` and
:attr:`Opening.reason` says why. docs/openings.md describes the table.
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, List, Mapping, Optional, Protocol, Union

from . import _errors, _ffi
from ._board import Board, Move
from ._record import Record


class _GameLike(Protocol):
    """What classify() reads of a :class:`xiangqi.pgn.Game` (named by its
    shape: xiangqi.pgn imports this module, not the other way round)."""
    @property
    def headers(self) -> Mapping[str, str]: ...

    def mainline_moves(self) -> Iterable[Move]: ...

_lib = _ffi.lib

#: Why there is a code or not (:attr:`Opening.reason`).
FOUND, NO_MOVES, SETUP, NAMES = 0, 1, 2, 3
#: Plies of a game looked at.
MAX_PLY: int = _ffi.ECCO_MAX_PLY

__all__ = ["Opening", "classify", "lookup", "codes", "FOUND", "NO_MOVES", "SETUP", "NAMES",
           "MAX_PLY"]


def _text(b: Optional[bytes]) -> str:
    return b.decode("utf-8") if b else ""


class Opening:
    """A classification, or the names of a code.

    Attributes: ``code`` ("A00".."E48", or "" when there is none),
    ``reason`` (:data:`FOUND`, :data:`NO_MOVES`, :data:`SETUP` or
    :data:`NAMES`) and ``reason_text``, ``ply`` (the ply after which the code
    was decided), ``opening`` and ``variation`` (simplified Chinese; the
    variation may be ""), ``opening_traditional``, ``variation_traditional``,
    ``english`` (the family's established English name, or ""), ``line`` (the
    table's move order, ICCS, for the deciding position), ``games`` and
    ``agreeing`` (master games through that position, and of them those with
    this code). False in a boolean context when there is no code.
    """
    __slots__ = ("code", "reason", "reason_text", "ply", "opening", "variation",
                 "opening_traditional", "variation_traditional", "english", "line", "games",
                 "agreeing")

    code: str
    reason: int
    reason_text: str
    ply: int
    opening: str
    variation: str
    opening_traditional: str
    variation_traditional: str
    english: str
    line: str
    games: int
    agreeing: int

    def __init__(self, c: _ffi.Ecco) -> None:
        self.code = _text(c.code)
        self.reason = int(c.reason)
        self.reason_text = _text(_lib.xq_ecco_reason_text(c.reason))
        self.ply = int(c.ply)
        self.opening = _text(c.opening)
        self.variation = _text(c.variation)
        self.opening_traditional = _text(c.opening_traditional)
        self.variation_traditional = _text(c.variation_traditional)
        self.english = _text(c.english)
        self.line = _text(c.line)
        self.games = int(c.games)
        self.agreeing = int(c.agreeing)

    def __bool__(self) -> bool:
        return bool(self.code)

    @property
    def name(self) -> str:
        """The opening and the variation, simplified Chinese, or ""."""
        return self.opening + ("，" + self.variation if self.variation else "")

    def __repr__(self) -> str:
        if not self.code:
            return "<Opening none (%s)>" % self.reason_text
        return "<Opening %s %s ply=%d>" % (self.code, self.name, self.ply)


def classify(game: Union[Board, Record, _GameLike, str, None],
             moves: Optional[Iterable[Union[Move, str]]] = None) -> Opening:
    """The :class:`Opening` of a game.

    *game* is a :class:`xiangqi.Board` (its move history), a
    :class:`xiangqi.Record` or a :class:`xiangqi.pgn.Game` (its main line), a
    FEN or None (the start) with *moves* (moves or ICCS strings). Raises
    :class:`xiangqi.IllegalMoveError` for an illegal move among the first
    :data:`MAX_PLY`."""
    out = _ffi.Ecco()
    if isinstance(game, Board) and moves is None:
        _errors.check(_lib.xq_ecco_classify_board(game._handle, ctypes.byref(out)))
        return Opening(out)
    if isinstance(game, Record) and moves is None:
        _errors.check(_lib.xq_ecco_classify_record(game._handle, ctypes.byref(out)))
        return Opening(out)
    fen: Optional[str]
    if hasattr(game, "mainline_moves") and hasattr(game, "headers") and moves is None:  # a Game
        g: Any = game  # a pgn.Game, told apart by its methods
        fen = g.headers.get("FEN") or None
        moves = list(g.mainline_moves())
    elif game is None or isinstance(game, str):
        fen = game
    else:
        raise _errors.InvalidArgumentError(
            _errors.EINVAL, "classify() takes a Board, a Record, a Game, or a FEN with moves, "
            "not %s" % type(game).__name__)
    seq: List[Move] = [m if isinstance(m, Move) else Move.from_iccs(m)
                       for m in (moves or [])][:MAX_PLY]
    arr = (_ffi.c_move * max(1, len(seq)))(*[int(m) for m in seq])
    rc = _lib.xq_ecco_classify_moves(fen.encode("utf-8") if fen else None, arr, len(seq),
                                     ctypes.byref(out))
    _errors.check(rc)
    return Opening(out)


def lookup(code: str) -> Opening:
    """The names of an ECCO code ("C48") as an :class:`Opening` (reason
    :data:`NAMES`); :class:`xiangqi.NotFoundError` for anything else."""
    out = _ffi.Ecco()
    rc = _lib.xq_ecco_lookup(str(code).encode("utf-8"), ctypes.byref(out))
    if rc == _errors.ENOTFOUND:
        raise _errors.NotFoundError(rc, "%r is not an ECCO code" % (code,))
    _errors.check(rc)
    return Opening(out)


def codes() -> List[str]:
    """The 260 ECCO codes, "A00" .. "E48"."""
    return [_lib.xq_ecco_code_at(i).decode("ascii") for i in range(_lib.xq_ecco_code_count())]
