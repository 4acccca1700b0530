# SPDX-License-Identifier: MIT
"""Endgame tables (``xiangqi/egtb.h``): open a directory of tables, probe
positions for win/draw/loss and distance to mate, list the best moves, and
generate or verify tables.

>>> import tempfile, xiangqi
>>> with tempfile.TemporaryDirectory() as d:
...     xiangqi.Tablebase.generate(d, "KRK")
...     with xiangqi.Tablebase(d) as tb:
...         board = xiangqi.Board("9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1")
...         tb.probe(board)
...         [m.iccs() for m in tb.best_moves(board)]
TablebaseProbe(wdl=1, dtm=3, by_rule=False)
['a0a8']

The tables follow the Xiangqi rules as a table can (docs/endgames.md): a
side without a legal move has lost, the generals may not face each other,
and a side whose only way to avoid defeat is perpetual check loses. They
know nothing of the moves played before a position nor of the move limit.
"""

from __future__ import annotations

import ctypes
import os
from typing import Any, Callable, List, NamedTuple, Optional, Protocol, TypeVar, Union, overload

from . import _errors, _ffi
from ._board import Board, Move, _board_argument, _encode
from ._errors import InvalidArgumentError
from ._handle import Owned

__all__ = ["Tablebase", "TablebaseProbe", "TableInfo", "WIN", "DRAW", "LOSS",
           "set_engine_tablebase"]

_lib = _ffi.lib

#: Results from the side to move's view (``xq_egtb_wdl``).
WIN: int = 1
DRAW: int = 0
LOSS: int = -1
_T = TypeVar("_T")


class TablebaseProbe(NamedTuple):
    """What a table says of a position: ``wdl`` (:data:`WIN`,
    :data:`DRAW` or :data:`LOSS` for the side to move), ``dtm`` (plies to mate with
    best play: odd when the side to move mates, even when it is mated, 0 when it has
    no legal move; 0 for a draw; None when the result is decided by the
    perpetual-check rule, which has no distance) and ``by_rule``."""
    wdl: int
    dtm: Optional[int]
    by_rule: bool


class TableInfo(NamedTuple):
    """Figures of one table: its ``name`` (e.g. ``'KRKAA'``, the
    stronger side first), index ``entries``, legal ``positions``, ``wins``, ``draws``
    and ``losses`` for the side to move, of which ``rule_wins`` and ``rule_losses``
    by the perpetual-check rule, the longest distance to mate ``max_dtm`` in plies
    and the ``file_size`` in bytes."""
    name: str
    entries: int
    positions: int
    wins: int
    draws: int
    losses: int
    rule_wins: int
    rule_losses: int
    max_dtm: int
    file_size: int


class _Searcher(Protocol):
    """What :func:`set_engine_tablebase` takes: an :class:`xiangqi.Engine`."""
    _tablebase: Optional[Tablebase]

    @property
    def _handle(self) -> int: ...


#: A position argument: a :class:`Board` or a FEN.
_Position = Union[Board, str]


def _material(text: object) -> bytes:
    if not isinstance(text, str):
        raise InvalidArgumentError(_errors.EINVAL, "a material is text like 'KRKAA', not %r"
                                   % (text,))
    return _encode(text)


class Tablebase(Owned):
    """A directory of endgame tables (``xq_egtb``), opened read-only.

    ``Tablebase(directory)`` opens every ``*.xqtb`` file of the directory;
    a damaged, truncated or foreign file raises :class:`ParseError` naming
    it, a file of a newer format version :class:`VersionError` (before 1.1:
    :class:`ParseError`), a directory or file that cannot be read
    :class:`XiangqiIOError`. The tables
    are mapped, not read. Any number of threads may probe one tablebase.
    Close it with :meth:`close` or a ``with`` block (after any engine using
    it is done).
    """

    _what = "tablebase"

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = os.fspath(directory)
        handle = _ffi.c_egtb_p()
        perr = _ffi.ParseError()
        rc = _lib.xq_egtb_open(ctypes.byref(handle), _encode(self.directory), ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr)
        self._own(handle.value, _lib.xq_egtb_free)

    def __repr__(self) -> str:
        if self.closed:
            return "<Tablebase (closed)>"
        return "<Tablebase %r: %d tables>" % (self.directory, len(self))

    def __len__(self) -> int:
        return _errors.check(_lib.xq_egtb_table_count(self._handle))

    @property
    def max_pieces(self) -> int:
        """Most pieces besides the two generals in any table of the set."""
        return _errors.check(_lib.xq_egtb_max_pieces(self._handle))

    @property
    def tables(self) -> List[TableInfo]:
        """A :class:`TableInfo` for every table, sorted by name."""
        out = []
        for i in range(len(self)):
            info = _ffi.EgtbInfo()
            _errors.check(_lib.xq_egtb_info_init(ctypes.byref(info), _ffi.EGTB_INFO_VERSION))
            _errors.check(_lib.xq_egtb_table_info(self._handle, i, ctypes.byref(info)))
            out.append(TableInfo(info.name.decode(), info.entries, info.positions, info.wins,
                                 info.draws, info.losses, info.rule_wins, info.rule_losses,
                                 info.max_dtm, info.file_size))
        return out

    def _board(self, board: _Position) -> Board:
        return _board_argument(board, "a tablebase probe")

    def probe(self, board: _Position) -> TablebaseProbe:
        """The :class:`TablebaseProbe` of a :class:`Board` (or FEN).
        Raises :class:`NotFoundError` (a ``LookupError``) when no table of the
        set covers its material."""
        b = self._board(board)
        try:
            wdl, dtm = ctypes.c_int(), ctypes.c_int()
            rc = _lib.xq_egtb_probe(self._handle, b._handle, ctypes.byref(wdl), ctypes.byref(dtm))
            if rc == _errors.ENOTFOUND:
                raise _errors.error(rc, "no table of %s covers %s" % (self.directory, b.fen()))
            _errors.check(rc)
            by_rule = dtm.value < 0
            return TablebaseProbe(wdl.value, None if by_rule else dtm.value, by_rule)
        finally:
            if b is not board:
                b.close()

    @overload
    def get(self, board: _Position) -> TablebaseProbe | None: ...

    @overload
    def get(self, board: _Position, default: _T) -> TablebaseProbe | _T: ...

    def get(self, board: _Position, default: Any = None) -> Any:
        """Like :meth:`probe`, but *default* when no table covers the position."""
        try:
            return self.probe(board)
        except _errors.NotFoundError:
            return default

    def probe_wdl(self, board: _Position) -> int:
        """:data:`WIN` (1), :data:`DRAW` (0) or :data:`LOSS` (-1) for the side to move."""
        return self.probe(board).wdl

    def probe_dtm(self, board: _Position) -> int | None:
        """Signed plies to mate: positive when the side to move mates, negative
        when it is mated (0 when it has no legal move, and for a draw); None
        for a result of the perpetual-check rule."""
        p = self.probe(board)
        if p.by_rule or p.dtm is None:
            return None
        return -p.dtm if p.wdl == LOSS else p.dtm

    def best_moves(self, board: _Position) -> List[Move]:
        """The moves that keep the best result, as :class:`Move` objects: in a
        won position those that mate soonest, in a lost one those that delay
        mate longest, in a drawn one every move that keeps the draw. Empty
        when the side to move has no legal move."""
        b = self._board(board)
        try:
            moves = (_ffi.c_move * _ffi.MAX_MOVES)()
            n: int = _lib.xq_egtb_best_moves(self._handle, b._handle, moves, _ffi.MAX_MOVES)
            if n == _errors.ENOTFOUND:
                raise _errors.error(n, "no table of %s covers %s or a position after it"
                                    % (self.directory, b.fen()))
            _errors.check(n)
            return [Move.from_code(moves[i]) for i in range(n)]
        finally:
            if b is not board:
                b.close()

    def verify(self, material: str) -> None:
        """Check one table against its successors; returns None, or raises
        :class:`ParseError` whose message names the first wrong position and
        whose ``errors`` attribute counts them (:class:`NotFoundError` when the
        table or a table it leads to is missing)."""
        errors = ctypes.c_uint64()
        perr = _ffi.ParseError()
        rc = _lib.xq_egtb_verify(self._handle, _material(material), ctypes.byref(errors),
                                 ctypes.byref(perr))
        if rc < 0:
            exc = _errors.from_parse_error(rc, perr)
            setattr(exc, "errors", errors.value)  # an attribute of this error only
            raise exc

    @staticmethod
    def generate(directory: str | os.PathLike[str], *materials: str,
                 progress: Callable[[str, int, int, int, int], object] | None = None) -> None:
        """Generate the tables of *materials* (e.g. ``'KRKAA'``) into an
        existing *directory*, each after every smaller table a capture leads
        to; tables already there are kept. ``progress(table, phase, pass_,
        decided, total)`` is called from time to time (phase 0: mates, 1: the
        perpetual-check rule, 2: written). Bad material raises
        :class:`ParseError`, a file that cannot be written
        :class:`XiangqiIOError`."""
        if not materials:
            raise InvalidArgumentError(_errors.EINVAL, "generate needs a material like 'KRKAA'")
        path = _encode(os.fspath(directory))
        callback = _ffi.EGTB_PROGRESS_FN(0)
        if progress is not None:
            report = progress

            def call(table: bytes, phase: int, pass_: int, decided: int, total: int,
                     _ud: Any) -> None:
                report(table.decode(), phase, pass_, decided, total)
            callback = _ffi.EGTB_PROGRESS_FN(call)
        for material in materials:
            perr = _ffi.ParseError()
            rc = _lib.xq_egtb_generate(path, _material(material), callback, None,
                                       ctypes.byref(perr))
            if rc < 0:
                raise _errors.from_parse_error(rc, perr)


def set_engine_tablebase(engine: _Searcher, tablebase: Tablebase | None) -> None:

    """Let an :class:`Engine` use a :class:`Tablebase` (None: stop): at the root
    it plays a move keeping the table's result, soonest mate first, and in the
    tree a position in a table scores as its exact result. The tablebase must
    stay open while the engine searches with it. Not during a search
    (:class:`StateError`)."""
    handle = None
    if tablebase is not None:
        if not isinstance(tablebase, Tablebase):
            raise InvalidArgumentError(_errors.EINVAL, "expected a Tablebase, got %r"
                                       % (tablebase,))
        handle = tablebase._handle
    _errors.check(_lib.xq_search_set_tablebase(engine._handle, handle))
    engine._tablebase = tablebase  # keep it alive as long as the engine uses it
