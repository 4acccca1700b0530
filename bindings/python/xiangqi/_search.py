# SPDX-License-Identifier: MIT
"""The library's own engine (``xq_search``): Engine (alias Search), Score, Info and
AnalysisResult (internal module; external UCI engines are :mod:`xiangqi.engine`).

>>> import xiangqi
>>> board = xiangqi.Board("3ak4/C3a1c2/9/4P4/9/9/4Cc3/4K4/9/9 w - - 0 1")
>>> with xiangqi.Engine() as engine:
...     result = engine.analyse(board, depth=5)
>>> result.move, result.score
(Move.from_iccs('a8a9'), PovScore(Score(mate=1), RED))
>>> result.score.red(), result.score.black(), result.wdl.red()
(Score(mate=1), Score(mate=-1), Wdl(wins=1000, draws=0, losses=0))
>>> board.push(result.move); board.is_checkmate()
Move.from_iccs('a8a9')
True
"""

from __future__ import annotations

import ctypes
import enum
import math
import os
import queue
import threading
import time
import weakref
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple,
                    TypeVar, overload)

from . import _book, _errors, _ffi
from ._board import (BLACK, RED, Board, Color, ColorLike, Move, MoveLike, Rules, _as_move,
                     _board_argument, _NamedIntEnum, _rules_c)
from ._errors import InvalidArgumentError, StateError

if TYPE_CHECKING:
    from ._tablebase import Tablebase

_lib = _ffi.lib


def _lib_version() -> str:
    n = int(_lib.xq_version())
    return "%d.%d.%d" % (n // 10000, n // 100 % 100, n % 100)

MAX_THREADS: int = _ffi.SEARCH_MAX_THREADS
MAX_HASH_MB: int = _ffi.SEARCH_MAX_HASH_MB
MAX_DEPTH: int = _ffi.SEARCH_MAX_DEPTH
SKILL_MAX: int = _ffi.SKILL_MAX
#: Nodes between two calls of the progress handler (Engine.set_progress_handler()).
PROGRESS_NODES: int = _ffi.SEARCH_PROGRESS_NODES


class Bound(_NamedIntEnum):
    """How exact a reported score is (``xq_bound``)."""
    EXACT = 0  #: exact for the reported depth
    LOWER = 1  #: at least this (the search failed high)
    UPPER = 2  #: at most this (the search failed low)


class Score:
    """An engine score from the side to move's point of view. Immutable.

    Either centipawns (:attr:`cp`; a soldier before the river is about 100)
    or a distance to mate in moves (:attr:`mate`: positive, the side to move
    mates; negative, it is mated; 0, it has no legal move and has lost).
    Scores compare as a player would: any mate for the side to move is
    better than any centipawn score, a shorter mate better than a longer one.
    ``-score`` is the opponent's view; the negation of ``mate=0`` is the
    winner's "mate given" (:attr:`mate_given`, shown ``#+0``), the best score.

    >>> Score(cp=35) < Score(mate=3) < Score(mate=1)
    True
    >>> Score(mate=-2) < Score(cp=-900)
    True
    >>> str(Score(cp=35)), str(Score(mate=-2))
    ('+35', '#-2')
    """
    __slots__ = ("_cp", "_mate", "_bound", "_given")
    _cp: Optional[int]
    _mate: Optional[int]
    _bound: Bound
    _given: bool

    def __init__(self, cp: int | None = None, mate: int | None = None,
                 bound: Bound | int = Bound.EXACT, mate_given: bool = False) -> None:
        if (cp is None) == (mate is None) and not mate_given:
            raise InvalidArgumentError(_errors.EINVAL, "a Score has either cp or mate")
        self._cp = None if cp is None else int(cp)
        self._mate = 0 if mate_given else (None if mate is None else int(mate))
        self._bound = Bound(bound)
        self._given = bool(mate_given)

    @property
    def mate_given(self) -> bool:
        """Whether this is the winner's view of a finished mate."""
        return self._given

    @classmethod
    def _from_c(cls, kind: int, value: int, bound: Bound | int = Bound.EXACT) -> Score:
        if kind == 1:
            return cls(mate=value, bound=bound)
        return cls(cp=value, bound=bound)

    @property
    def cp(self) -> int | None:
        """Centipawns, or None for a mate score."""
        return self._cp

    @property
    def mate(self) -> int | None:
        """Moves to mate, or None for a centipawn score."""
        return self._mate

    @property
    def bound(self) -> Bound:
        """A :class:`Bound`: whether the score is exact or a bound."""
        return self._bound

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self._mate is not None

    @overload
    def score(self) -> int | None: ...

    @overload
    def score(self, mate_score: int) -> int: ...

    @overload
    def score(self, mate_score: int | None) -> int | None: ...

    def score(self, mate_score: int | None = None) -> int | None:
        """Centipawns; a mate score gives None, or with *mate_score* given,
        ``mate_score - N`` for a mate in N and ``-mate_score + N`` when mated
        in N (as python-chess does)."""
        if self._mate is None:
            return self._cp
        if mate_score is None:
            return None
        if self._given:
            return mate_score
        return mate_score - self._mate if self._mate > 0 else -mate_score - self._mate

    def _key(self) -> Tuple[int, Any]:
        if self._mate is None:
            return (1, self._cp)
        if self._mate > 0 or self._given:
            return (2, -self._mate)
        return (0, -self._mate)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() >= other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        if self._given:
            return "#+0"
        if self._mate is not None:
            return "#%d" % self._mate
        return "%+d" % self._cp  # type: ignore[str-format]  # not a mate: cp is set

    def __repr__(self) -> str:
        if self._given:
            text = "mate_given=True"
        elif self._mate is not None:
            text = "mate=%d" % self._mate
        else:
            text = "cp=%d" % self._cp  # type: ignore[str-format]  # not a mate: cp is set
        if self._bound != Bound.EXACT:
            text += ", bound=Bound.%s" % self._bound.name
        return "Score(%s)" % text

    def __neg__(self) -> Score:
        """The score from the other side's point of view (a mate in N
        becomes mated in N; a lower bound an upper bound)."""
        bound = {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}.get(self._bound, self._bound)
        if self._given:
            return Score(mate=0, bound=bound)
        if self._mate == 0:
            return Score(mate_given=True, bound=bound)
        if self._mate is not None:
            return Score(mate=-self._mate, bound=bound)
        assert self._cp is not None  # a Score has either cp or mate
        return Score(cp=-self._cp, bound=bound)

    def wdl(self) -> Wdl:
        """Win / draw / loss chances (a :class:`Wdl`, per mille) for the side
        whose score this is, from the model :func:`wdl_model` (mate scores
        are certain)."""
        if self._mate is not None:
            return Wdl(1000, 0, 0) if self._mate > 0 or self._given else Wdl(0, 0, 1000)
        assert self._cp is not None  # a Score has either cp or mate
        return wdl_model(self._cp)

#: The win/draw/loss model: a logistic curve in centipawns. Not fitted to
#: game results: a soldier (100) is a small edge, a chariot (about 600)
#: nearly a sure win. win = 1 / (1 + exp(-(cp - MARGIN) / SCALE)).
WDL_MODEL_MARGIN: int = 150
WDL_MODEL_SCALE: int = 75


def wdl_model(cp: float) -> Wdl:
    """A :class:`Wdl` (per mille) for a centipawn score, from the logistic
    model of :data:`WDL_MODEL_MARGIN` and :data:`WDL_MODEL_SCALE`."""
    def chance(x: float) -> float:
        x = max(-60.0, min(60.0, x))
        return 1.0 / (1.0 + math.exp(-x))
    wins = int(round(1000 * chance((cp - WDL_MODEL_MARGIN) / WDL_MODEL_SCALE)))
    losses = int(round(1000 * chance((-cp - WDL_MODEL_MARGIN) / WDL_MODEL_SCALE)))
    return Wdl(wins, 1000 - wins - losses, losses)


class Wdl:
    """Win / draw / loss counts (per mille from the model, or as an engine
    reports them) from one side's point of view, like ``chess.engine.Wdl``."""
    __slots__ = ("wins", "draws", "losses")

    def __init__(self, wins: int, draws: int, losses: int) -> None:
        self.wins: int = int(wins)
        self.draws: int = int(draws)
        self.losses: int = int(losses)

    def total(self) -> int:
        """wins + draws + losses."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """wins / total."""
        return self.wins / self.total() if self.total() else 0.0

    def drawing_chance(self) -> float:
        """draws / total."""
        return self.draws / self.total() if self.total() else 0.0

    def losing_chance(self) -> float:
        """losses / total."""
        return self.losses / self.total() if self.total() else 0.0

    def expectation(self) -> float:
        """The expected result, 0 (a loss) .. 1 (a win)."""
        return (self.wins + 0.5 * self.draws) / self.total() if self.total() else 0.5

    def __neg__(self) -> Wdl:
        return Wdl(self.losses, self.draws, self.wins)

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wdl) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return "Wdl(wins=%d, draws=%d, losses=%d)" % (self.wins, self.draws, self.losses)


class PovWdl:
    """A :class:`Wdl` with the side it is relative to, like ``chess.engine.PovWdl``."""
    __slots__ = ("relative", "turn")

    def __init__(self, relative: Wdl, turn: ColorLike) -> None:
        self.relative: Wdl = relative
        self.turn: Color = Color(turn)

    def pov(self, color: ColorLike) -> Wdl:
        """The chances of *color*."""
        return self.relative if Color(color) == self.turn else -self.relative

    def red(self) -> Wdl:
        """Red's chances."""
        return self.pov(RED)

    def black(self) -> Wdl:
        """Black's chances."""
        return self.pov(BLACK)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovWdl) and self.red() == other.red()

    def __hash__(self) -> int:
        return hash(self.red())

    def __repr__(self) -> str:
        return "PovWdl(%r, %s)" % (self.relative, self.turn.name)


class PovScore:
    """A :class:`Score` with the side it is relative to, like
    ``chess.engine.PovScore``: :attr:`relative` (the side to move's view, as
    engines report), :meth:`red`, :meth:`black` and :meth:`pov`.

    For code written before scores had a point of view, ``cp``, ``mate``,
    ``is_mate()``, ``score()``, ``bound`` and comparisons with a
    :class:`Score` are those of :attr:`relative`.

    >>> s = PovScore(Score(cp=35), BLACK)
    >>> s.red(), s.black(), s.pov(RED)
    (Score(cp=-35), Score(cp=35), Score(cp=-35))
    """
    __slots__ = ("relative", "turn")

    def __init__(self, relative: Score, turn: ColorLike) -> None:
        if not isinstance(relative, Score):
            raise InvalidArgumentError(_errors.EINVAL, "PovScore needs a Score")
        self.relative: Score = relative
        self.turn: Color = Color(turn)

    def pov(self, color: ColorLike) -> Score:
        """The score from *color*'s point of view."""
        return self.relative if Color(color) == self.turn else -self.relative

    def red(self) -> Score:
        """The score from Red's point of view."""
        return self.pov(RED)

    def black(self) -> Score:
        """The score from Black's point of view."""
        return self.pov(BLACK)

    def is_mate(self) -> bool:
        """Whether it is a mate score."""
        return self.relative.is_mate()

    def wdl(self) -> PovWdl:
        """The win / draw / loss chances (:class:`PovWdl`) of the model."""
        return PovWdl(self.relative.wdl(), self.turn)

    @property
    def cp(self) -> int | None:
        """``relative.cp``."""
        return self.relative.cp

    @property
    def mate(self) -> int | None:
        """``relative.mate``."""
        return self.relative.mate

    @property
    def bound(self) -> Bound:
        """``relative.bound``."""
        return self.relative.bound

    @overload
    def score(self) -> int | None: ...

    @overload
    def score(self, mate_score: int) -> int: ...

    @overload
    def score(self, mate_score: int | None) -> int | None: ...

    def score(self, mate_score: int | None = None) -> int | None:
        """``relative.score(mate_score)``."""
        return self.relative.score(mate_score)

    def _other(self, other: object) -> Score | None:
        if isinstance(other, PovScore):
            if other.turn != self.turn:
                return other.pov(self.turn)
            return other.relative
        if isinstance(other, Score):
            return other
        return None

    def __eq__(self, other: object) -> bool:
        o = self._other(other)
        return o is not None and self.relative == o

    def __hash__(self) -> int:
        return hash(self.red())

    def __lt__(self, other: object) -> bool:
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.relative < o

    def __le__(self, other: object) -> bool:
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.relative <= o

    def __gt__(self, other: object) -> bool:
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.relative > o

    def __ge__(self, other: object) -> bool:
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.relative >= o

    def __str__(self) -> str:
        return str(self.relative)

    def __repr__(self) -> str:
        return "PovScore(%r, %s)" % (self.relative, self.turn.name)


class Limit:
    """When a search stops, as ``chess.engine.Limit``: ``time`` (seconds for
    this move), ``depth``, ``nodes``, ``mate``, a clock (``red_clock``,
    ``black_clock``, ``red_inc``, ``black_inc`` in seconds,
    ``remaining_moves``). Accepted by :meth:`Engine.analyse`,
    :meth:`Engine.play` and the external engines of :mod:`xiangqi.engine`."""

    _NAMES = ("time", "depth", "nodes", "mate", "red_clock", "black_clock", "red_inc",
              "black_inc", "remaining_moves")

    def __init__(self, time: float | None = None, depth: int | None = None,
                 nodes: int | None = None, mate: int | None = None,
                 red_clock: float | None = None, black_clock: float | None = None,
                 red_inc: float | None = None, black_inc: float | None = None,
                 remaining_moves: int | None = None) -> None:
        self.time = time
        self.depth = depth
        self.nodes = nodes
        self.mate = mate
        self.red_clock = red_clock
        self.black_clock = black_clock
        self.red_inc = red_inc
        self.black_inc = black_inc
        self.remaining_moves = remaining_moves

    def _limits(self) -> Dict[str, Any]:
        """The keyword limits of :class:`Engine` for this limit."""
        out = {}
        for name, key in (("time", "movetime"), ("depth", "depth"), ("nodes", "nodes"),
                          ("mate", "mate"), ("red_clock", "red_clock"),
                          ("black_clock", "black_clock"), ("red_inc", "red_inc"),
                          ("black_inc", "black_inc"), ("remaining_moves", "movestogo")):
            value = getattr(self, name)
            if value is not None:
                out[key] = value
        return out

    def __repr__(self) -> str:
        return "Limit(%s)" % ", ".join("%s=%r" % (n, getattr(self, n)) for n in self._NAMES
                                       if getattr(self, n) is not None)


class PlayResult:
    """What :meth:`Engine.play` returns, like ``chess.engine.PlayResult``:
    :attr:`move` (None if there is no legal move), :attr:`ponder` (the
    expected reply, or None) and :attr:`info` (the search's
    :class:`AnalysisResult`, or for external engines the last info dict).
    ``board.push(result)`` plays :attr:`move`."""
    __slots__ = ("move", "ponder", "info", "draw_offered", "resigned")

    def __init__(self, move: Move | None, ponder: Move | None, info: Any = None,
                 draw_offered: bool = False, resigned: bool = False) -> None:
        self.move: Move | None = move
        self.ponder: Move | None = ponder
        #: An :class:`AnalysisResult` (:class:`Engine`), or the last info
        #: dict of an external engine (:mod:`xiangqi.engine`): typed Any.
        self.info: Any = info
        self.draw_offered: bool = draw_offered
        self.resigned: bool = resigned

    def __repr__(self) -> str:
        return "<PlayResult move=%s ponder=%s>" % (self.move, self.ponder)


def _pv(arr: Any, n: int) -> List[Move]:

    return [Move.from_code(arr[i]) for i in range(min(n, _ffi.PV_MAX))]


class Info:
    """Progress of a search, given to the ``info`` callback (one per
    completed iteration and line, and when the best move or the score
    changes a lot).

    Attributes: ``depth``, ``seldepth``, ``multipv`` (line number, 1 = best),
    ``score`` (a :class:`PovScore`, whose ``bound`` says whether it is exact),
    ``nodes``, ``nps``, ``hashfull`` (permille), ``time`` (seconds),
    ``time_ms`` and ``pv`` (a list of :class:`Move` from the searched position).
    """
    __slots__ = ("depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time_ms",
                 "pv")
    depth: int
    seldepth: int
    multipv: int
    score: PovScore
    nodes: int
    nps: int
    hashfull: int
    time_ms: int
    pv: List[Move]

    def __init__(self, c: _ffi.SearchInfo, turn: ColorLike) -> None:
        self.depth = c.depth
        self.seldepth = c.seldepth
        self.multipv = c.multipv
        self.score = PovScore(Score._from_c(c.score_kind, c.score, c.bound), turn)
        self.nodes = c.nodes
        self.nps = c.nps
        self.hashfull = c.hashfull
        self.time_ms = c.time_ms
        self.pv = _pv(c.pv, c.pv_length)

    @property
    def time(self) -> float:
        """Seconds since the search started."""
        return self.time_ms / 1000.0

    def __repr__(self) -> str:
        return "<Info depth=%d multipv=%d score=%s nodes=%d pv=%s>" % (
            self.depth, self.multipv, self.score, self.nodes, " ".join(m.iccs() for m in self.pv))


class AnalysisResult:
    """The outcome of a search.

    Attributes: ``move`` (the :class:`Move` to play; None only when the side
    to move has no legal move, or every move was excluded), ``ponder`` (the
    expected reply, or None), ``score`` (a :class:`PovScore`: ``.relative``
    from the side to move's view, ``.red()``, ``.pov(color)``), ``wdl`` (its
    win/draw/loss chances, a :class:`PovWdl`), ``depth`` (last completed iteration), ``seldepth``,
    ``nodes``, ``nps``, ``hashfull``, ``time`` (seconds), ``time_ms``,
    ``pv`` (list of :class:`Move` starting with ``move``), ``lines`` (with
    ``multipv`` > 1: the last :class:`Info` of each line, best first),
    ``turn`` (the side that was to move) and ``book_move`` (True when the
    move came from the engine's opening book: no search ran).
    """
    __slots__ = ("move", "ponder", "score", "depth", "seldepth", "nodes", "nps", "hashfull",
                 "time_ms", "pv", "lines", "turn", "book_move")
    move: Move | None
    ponder: Move | None
    score: PovScore
    depth: int
    seldepth: int
    nodes: int
    nps: int
    hashfull: int
    time_ms: int
    pv: List[Move]
    lines: List[Info]
    turn: Color
    book_move: bool

    def __init__(self, c: _ffi.SearchResult, lines: List[Info], turn: Color) -> None:
        self.move = Move.from_code(c.best_move) if c.best_move else None
        self.ponder = Move.from_code(c.ponder_move) if c.ponder_move else None
        self.score = PovScore(Score._from_c(c.score_kind, c.score), turn)
        self.depth = c.depth
        self.seldepth = c.seldepth
        self.nodes = c.nodes
        self.nps = c.nps
        self.hashfull = c.hashfull
        self.time_ms = c.time_ms
        self.pv = _pv(c.pv, c.pv_length)
        self.lines = lines
        self.turn = turn
        self.book_move = bool(c.book_move)

    @property
    def time(self) -> float:
        """Seconds the search took."""
        return self.time_ms / 1000.0

    @property
    def wdl(self) -> PovWdl:
        """Win / draw / loss chances of :attr:`score` (a :class:`PovWdl`)."""
        return self.score.wdl()

    _KEYS = ("score", "pv", "depth", "seldepth", "nodes", "nps", "time", "hashfull", "wdl")

    def __getitem__(self, key: str) -> Any:
        """``result["score"]``, ``result["pv"]``, ...: the keys of a
        python-chess info dict (``score``, ``pv``, ``depth``, ``seldepth``,
        ``nodes``, ``nps``, ``time``, ``hashfull``, ``wdl``)."""
        if key not in self._KEYS:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        """As ``dict.get``."""
        try:
            return self[key]
        except KeyError:
            return default

    def keys(self) -> List[str]:
        return list(self._KEYS)

    def __repr__(self) -> str:
        return "<AnalysisResult move=%s score=%s depth=%d nodes=%d pv=%s>" % (
            self.move, self.score, self.depth, self.nodes, " ".join(m.iccs() for m in self.pv))


_LIMIT_NAMES = ("depth", "nodes", "movetime", "mate", "multipv", "searchmoves", "banmoves",
                "skill", "seed", "infinite", "ponder", "red_clock", "black_clock", "red_inc",
                "black_inc", "movestogo", "move_overhead", "book")


#: The info callback of :meth:`Engine.start` and :meth:`Engine.analyse`.
InfoCallback = Callable[[Info], object]


def _limit_argument(limit: Limit | InfoCallback | None, info: InfoCallback | None
                    ) -> Tuple[Dict[str, Any], InfoCallback | None]:
    """(keyword limits, info callback) from analyse()'s second and third
    arguments (a callable second argument is the info callback of older code)."""
    if limit is None:
        return {}, info
    if isinstance(limit, Limit):
        return limit._limits(), info
    if callable(limit) and info is None:
        return {}, limit
    raise InvalidArgumentError(_errors.EINVAL, "expected a Limit, not %r" % (limit,))


def _check_names(limits: Iterable[str]) -> None:
    for name in limits:
        if name not in _LIMIT_NAMES:
            raise TypeError("unknown search limit %r (one of: %s)"
                            % (name, ", ".join(_LIMIT_NAMES)))


def _ms(seconds: float, name: str) -> int:
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds < 0:
        raise InvalidArgumentError(_errors.EINVAL, "%s must be a number of seconds >= 0, not %r"
                                   % (name, seconds))
    ms = int(round(seconds * 1000))
    if ms > 0x7FFFFFFF:
        raise InvalidArgumentError(_errors.EINVAL, "%s is too long: %r s" % (name, seconds))
    return ms


def _int(value: int, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidArgumentError(_errors.EINVAL, "%s must be an integer in %d..%d, not %r"
                                   % (name, low, high, value))
    return value


def _moves(board: Board, moves: MoveLike | Iterable[MoveLike], name: str) -> List[Move]:
    if isinstance(moves, (str, Move)):
        moves = [moves]
    out = []
    for m in moves:
        out.append(board.parse_move(m) if isinstance(m, str) else _as_move(m))
    if len(out) > _ffi.MAX_MOVES:
        raise InvalidArgumentError(_errors.EINVAL, "too many %s (at most %d)"
                                   % (name, _ffi.MAX_MOVES))
    return out


def _limits(board: Board, default_skill: int, depth: int | None = None, nodes: int | None = None,
            movetime: float | None = None, mate: int | None = None, multipv: int = 1,
            searchmoves: MoveLike | Iterable[MoveLike] | None = None,
            banmoves: MoveLike | Iterable[MoveLike] | None = None, skill: int | None = None,
            seed: int = 0, infinite: bool = False, ponder: bool = False,
            red_clock: float | None = None, black_clock: float | None = None,
            red_inc: float = 0, black_inc: float = 0, movestogo: int = 0,
            move_overhead: float | None = None, book: bool = True) -> _ffi.SearchLimits:
    lim = _ffi.SearchLimits()
    _errors.check(_lib.xq_search_limits_init(ctypes.byref(lim), _ffi.SEARCH_LIMITS_VERSION))
    if depth is not None:
        lim.depth = _int(depth, "depth", 1, MAX_DEPTH)
    if nodes is not None:
        lim.nodes = _int(nodes, "nodes", 1, 2 ** 64 - 1)
    if movetime is not None:
        lim.movetime_ms = max(1, _ms(movetime, "movetime"))
    if mate is not None:
        lim.mate = _int(mate, "mate", 1, MAX_DEPTH // 2)
    lim.multipv = _int(multipv, "multipv", 1, _ffi.MAX_MOVES)
    lim.skill = _int(default_skill if skill is None else skill, "skill", 0, SKILL_MAX)
    lim.seed = _int(seed, "seed", 0, 2 ** 64 - 1)
    lim.infinite = 1 if infinite else 0
    lim.no_book = 0 if book else 1
    lim.ponder = 1 if ponder else 0
    if red_clock is not None:
        lim.red_time_ms = _ms(red_clock, "red_clock")
    if black_clock is not None:
        lim.black_time_ms = _ms(black_clock, "black_clock")
    lim.red_inc_ms = _ms(red_inc, "red_inc")
    lim.black_inc_ms = _ms(black_inc, "black_inc")
    lim.movestogo = _int(movestogo, "movestogo", 0, 10000)
    if move_overhead is not None:
        lim.move_overhead_ms = _ms(move_overhead, "move_overhead")  # the library checks the range
    if searchmoves is not None:
        moves = _moves(board, searchmoves, "searchmoves")
        if not moves:
            raise InvalidArgumentError(_errors.EINVAL, "searchmoves is empty (None means all)")
        lim.nsearchmoves = len(moves)
        for i, m in enumerate(moves):
            lim.searchmoves[i] = int(m)
    if banmoves is not None:
        moves = _moves(board, banmoves, "banmoves")
        lim.nbanmoves = len(moves)
        for i, m in enumerate(moves):
            lim.banmoves[i] = int(m)
    return lim


class _State:
    """What must outlive a search: the handle and the ctypes callback (the
    finalizer holds it, so the callback stays alive until the handle's
    threads are joined)."""
    __slots__ = ("handle", "callback", "book", "progress", "progress_error", "__weakref__")

    def __init__(self, handle: Optional[int]) -> None:
        self.handle: Any = handle  # None once freed
        self.callback: Any = None  # the ctypes callback of the running search
        self.book: Optional[_book.Book] = None  # the Book the handle borrows (Engine.set_book)
        self.progress: Any = None  # the ctypes progress handler (Engine.set_progress_handler)
        self.progress_error: Optional[BaseException] = None  # what the handler raised


# The handle whose info callback this thread is running, if any.
_tls = threading.local()


def _free(state: _State) -> None:
    handle, state.handle = state.handle, None
    callback, state.callback = state.callback, None
    if not handle:
        return
    if getattr(_tls, "handle", None) == handle:  # handle is not None here
        # Closed (or collected) from its own info callback: the search thread
        # cannot join itself, so another thread frees the handle once the
        # callback has returned. It keeps the callback alive until then.
        _lib.xq_search_stop(handle)
        threading.Thread(target=lambda: (_lib.xq_search_free(handle), callback),
                         name="xiangqi-engine-free").start()
        return
    _lib.xq_search_free(handle)  # stops and joins: no callback runs after this


class Engine:
    """libxiangqi's engine: a search handle with its threads and hash table
    (an ``xq_search``).

    ``Engine(threads=1, hash_mb=16, skill=20, rules=None, book=None)`` (see
    :meth:`set_rules` and :meth:`set_book`). :meth:`analyse` searches a
    :class:`Board` and returns an :class:`AnalysisResult`; :meth:`play`
    returns just the move. :meth:`start` searches in the background;
    :meth:`stop` (safe from any thread, and from the callback) ends it and
    :meth:`wait` collects the result.

    Limits, all keyword arguments and all optional (the search stops at the
    first one reached; with none it runs until :meth:`stop`): ``depth``
    (plies), ``nodes``, ``movetime`` (seconds, float), ``mate`` (stop at a
    mate in this many moves), a clock (``red_clock``, ``black_clock``,
    ``red_inc``, ``black_inc`` in seconds, ``movestogo``), ``infinite``,
    ``ponder`` (see :meth:`ponderhit`); which moves: ``searchmoves`` (only
    these) and ``banmoves`` (never these), as :class:`Move` objects or text
    in any notation; how: ``multipv`` (number of lines), ``skill`` (0..20,
    default the engine's :attr:`skill`) and ``seed`` (of the weakening
    below level 20), ``move_overhead`` (seconds kept in reserve per move),
    ``book=False`` (do not answer from the opening book, see :meth:`set_book`).

    The handle is freed by :meth:`close`, at the end of a ``with`` block, or
    when the object is collected; a running search is stopped first. One
    thread at a time uses an engine, except :meth:`stop` and
    :meth:`ponderhit`, which any thread may call.
    """

    _tablebase: Optional[Tablebase]  # set by set_tablebase(), kept alive while used

    def __init__(self, threads: int = 1, hash_mb: int = 16, skill: int = SKILL_MAX,
                 rules: Rules | str | None = None, book: _book.Book | None = None) -> None:
        cfg = _ffi.SearchConfig()
        _errors.check(_lib.xq_search_config_init(ctypes.byref(cfg), _ffi.SEARCH_CONFIG_VERSION))
        cfg.threads = _int(threads, "threads", 1, MAX_THREADS)
        cfg.hash_mb = _int(hash_mb, "hash_mb", 1, MAX_HASH_MB)
        self.skill = _int(skill, "skill", 0, SKILL_MAX)
        handle = _ffi.c_search_p()
        _errors.check(_lib.xq_search_new(ctypes.byref(handle), ctypes.byref(cfg)),
                      "cannot create a search with %d threads and %d MB" % (threads, hash_mb))
        self._state = _State(handle.value)
        self._finalizer = weakref.finalize(self, _free, self._state)
        self._threads = threads
        self._hash_mb = hash_mb
        self._pending: Optional[_Pending] = None  # the started search's bookkeeping, until wait()
        if rules is not None:
            self.set_rules(rules)
        if book is not None:
            self.set_book(book)

    @property
    def _handle(self) -> int:
        handle: Optional[int] = self._state.handle
        if handle is None:
            raise InvalidArgumentError(_errors.EINVAL, "the engine is closed")
        return handle

    def _check_thread(self) -> None:
        current = getattr(_tls, "handle", None)
        if current is not None and current == self._state.handle:
            raise StateError(_errors.ESTATE, "the info callback may call only stop() and "
                             "ponderhit() on its engine")

    # -- lifetime --

    def close(self) -> None:
        """Stop any search and free the handle (its threads and table)."""
        self._finalizer()
        self._pending = None

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._state.handle is None

    def __enter__(self: _E) -> _E:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self.closed:
            return "<Engine (closed)>"
        return "<Engine threads=%d hash_mb=%d skill=%d%s>" % (
            self._threads, self._hash_mb, self.skill, " searching" if self.running else "")

    # -- configuration --

    @property
    def threads(self) -> int:
        """Number of search threads; assigning calls :meth:`set_threads`."""
        return self._threads

    @threads.setter
    def threads(self, n: int) -> None:
        self.set_threads(n)

    def set_threads(self, n: int) -> None:
        """Use *n* threads (1..256) from the next search on."""
        _int(n, "threads", 1, MAX_THREADS)
        self._check_idle()
        _errors.check(_lib.xq_search_set_threads(self._handle, n))
        self._threads = n

    @property
    def hash_mb(self) -> int:
        """Size of the hash table in MB; assigning calls :meth:`set_hash`."""
        return self._hash_mb

    @hash_mb.setter
    def hash_mb(self, mb: int) -> None:
        self.set_hash(mb)

    def set_hash(self, mb: int) -> None:
        """Reallocate the hash table with *mb* megabytes (it is cleared)."""
        _int(mb, "hash_mb", 1, MAX_HASH_MB)
        self._check_idle()
        _errors.check(_lib.xq_search_set_hash(self._handle, mb))
        self._hash_mb = mb

    def set_rules(self, rules: Rules | str | None = None) -> None:
        """The rules by which the search judges repetitions and the move limit
        inside its tree: a :class:`Rules` or a rule set name (``"axf"``, the
        default, ``"cxa"``, ``"simple"``); None restores the AXF defaults.
        Kept for the following searches."""
        self._check_idle()
        _errors.check(_lib.xq_search_set_rules(self._handle, _rules_c(rules)),
                      "cannot use these rules")

    def set_tablebase(self, tablebase: Tablebase | None = None) -> None:
        """Use the endgame tables of a :class:`~xiangqi.Tablebase` (None: stop):
        at the root a move that keeps the table's result, soonest mate first;
        in the tree a position of a table scores as its exact result. The
        tablebase must stay open while the engine uses it. Not during a
        search (:class:`StateError`)."""
        from . import _tablebase
        _tablebase.set_engine_tablebase(self, tablebase)

    # -- evaluation (libxiangqi 1.1; docs/nnue.md) --

    def _need(self, name: str) -> None:
        if not _ffi.has(_lib, name):
            raise _errors.NotFoundError(_errors.ENOTFOUND, "this libxiangqi (%s) has no %s(): "
                                        "it needs 1.1" % (_lib_version(), name))

    @property
    def eval(self) -> str:
        """The evaluation: ``"nnue"`` (the net of :meth:`load_net`, else the
        library's built-in one: the default when the library has one) or
        ``"classical"`` (hand-written); assigning calls :meth:`set_eval`."""
        if not _ffi.has(_lib, "xq_search_get_eval"):
            return "classical"
        return "nnue" if _lib.xq_search_get_eval(self._handle) == 1 else "classical"

    @eval.setter
    def eval(self, kind: str) -> None:
        self.set_eval(kind)

    def set_eval(self, kind: str) -> None:
        """Evaluate with ``"classical"`` or ``"nnue"`` from the next search
        on. :class:`NotFoundError` for ``"nnue"`` with no net (none loaded,
        none built into the library)."""
        if kind not in ("classical", "nnue"):
            raise InvalidArgumentError(_errors.EINVAL, "eval must be 'classical' or 'nnue', "
                                       "not %r" % (kind,))
        self._need("xq_search_set_eval")
        self._check_idle()
        _errors.check(_lib.xq_search_set_eval(self._handle, 1 if kind == "nnue" else 0),
                      "no net: none loaded (load_net()) and none built into this library"
                      if kind == "nnue" else None)

    def load_net(self, net: str | bytes | bytearray | os.PathLike[str] | None) -> None:
        """Evaluate with a net file (a path) or a net file's bytes; None
        forgets the loaded net. A bad file raises (:class:`ParseError`,
        :class:`VersionError`, :class:`XiangqiIOError`) with the
        library's message and leaves the engine as it was."""
        self._need("xq_search_load_net")
        self._check_idle()
        perr = _ffi.ParseError()
        if isinstance(net, (bytes, bytearray)):
            buf = (ctypes.c_char * len(net)).from_buffer_copy(bytes(net))
            rc = _lib.xq_search_load_net_memory(self._handle, buf, len(net), ctypes.byref(perr))
        else:
            path = None if net is None else os.fsencode(net)
            rc = _lib.xq_search_load_net(self._handle, path, ctypes.byref(perr))
        if rc != 0:
            raise _errors.from_parse_error(rc, perr)

    def net_info(self) -> Optional[str]:
        """``"CHECKSUM DESCRIPTION"`` of the net :meth:`set_eval` ``("nnue")``
        would use, or None when there is none."""
        if not _ffi.has(_lib, "xq_search_net_info"):
            return None
        n = _lib.xq_search_net_info(self._handle, None, 0)
        if n == _errors.ENOTFOUND:
            return None
        _errors.check(n)
        buf = ctypes.create_string_buffer(n + 1)
        _lib.xq_search_net_info(self._handle, buf, n + 1)
        return buf.value.decode("utf-8", "replace")

    def evaluate(self, board: Board | str) -> int:
        """The static evaluation of *board* with this engine's evaluation
        (centipawns, side to move); :func:`evaluate` is always the hand-written one."""
        self._need("xq_search_evaluate")
        if not isinstance(board, Board):
            with _board_argument(board, "evaluate()") as b:
                return self.evaluate(b)
        cp = ctypes.c_int32()
        _errors.check(_lib.xq_search_evaluate(self._handle, board._handle, ctypes.byref(cp)))
        return cp.value

    def set_progress_handler(self, handler: Callable[[], bool] | None) -> None:
        """Call *handler* while a search runs, about every
        :data:`PROGRESS_NODES` nodes, on the search's thread; when it
        returns true the search stops, as with :meth:`stop`. None removes
        it. An exception it raises stops the search too and is raised by
        :meth:`wait`. Each call costs a trip into Python: a handler slows
        the search a little (another thread may call :meth:`stop` instead).
        Needs libxiangqi 1.1 (:class:`NotFoundError` before)."""
        self._need("xq_search_set_progress_handler")
        self._check_idle()
        state = self._state
        if handler is None:
            _errors.check(_lib.xq_search_set_progress_handler(self._handle,
                                                              _ffi.SEARCH_PROGRESS_FN(0), None))
            state.progress = None
            return
        call: Callable[[], bool] = handler

        def on_progress(_userdata: Any) -> int:
            # Runs on a search thread with the GIL held. Nothing may escape.
            try:
                return 1 if call() else 0
            except BaseException as exc:  # noqa: B902 (raised by wait())
                if state.progress_error is None:
                    state.progress_error = exc
                return 1

        callback = _ffi.SEARCH_PROGRESS_FN(on_progress)
        _errors.check(_lib.xq_search_set_progress_handler(self._handle, callback, None))
        state.progress = callback  # alive as long as the handle may call it

    def set_book(self, book: _book.Book | None = None) -> None:
        """Answer from the opening *book* (a :class:`~xiangqi.Book`; None: no
        book): a search of a book position (not ``infinite`` or ``ponder``,
        not with ``book=False``) returns at once with a book move chosen by
        weight with the search's ``seed``, never a banned move, one outside
        ``searchmoves`` or one that repeats a position; its result has
        ``book_move`` True, depth 0 and no nodes. The engine keeps the book
        (it cannot be closed meanwhile)."""
        self._check_idle()
        self._handle  # noqa: B018 (raises if the engine is closed)
        _book._attach(self._state, book)

    @property
    def book(self) -> _book.Book | None:
        """The opening book set with :meth:`set_book`, or None."""
        return self._state.book

    def clear(self) -> None:
        """Forget the hash table and move-ordering statistics (as for a new game)."""
        self._check_idle()
        _errors.check(_lib.xq_search_clear(self._handle))

    new_game = clear

    def _check_idle(self) -> None:
        self._check_thread()
        if self._pending is not None:
            raise StateError(_errors.ESTATE,
                             "a search was started: stop() it or wait() for it first")

    # -- searching --

    def analyse(self, board: Board | str, limit: Limit | InfoCallback | None = None,
                info: InfoCallback | None = None, **limits: Any) -> AnalysisResult:
        """Search *board* (a :class:`Board` or a FEN) and return an
        :class:`AnalysisResult`. The limits are keyword arguments (see the
        class) or a :class:`Limit`; *info* is an optional callback as for
        :meth:`start`. Interrupting (Ctrl-C) stops the search and raises
        ``KeyboardInterrupt``."""
        given, info = _limit_argument(limit, info)
        limits = dict(given, **limits)
        _check_names(limits)
        if limits.get("infinite") or limits.get("ponder"):
            raise InvalidArgumentError(
                _errors.EINVAL, "analyse() would never return with infinite or ponder: use "
                "start(), stop() and wait()")
        if not any(limits.get(k) is not None for k in (
                "depth", "nodes", "movetime", "mate", "red_clock", "black_clock")):
            raise InvalidArgumentError(
                _errors.EINVAL, "analyse() needs a limit (depth, nodes, movetime, mate or a "
                "clock); use start() for a search that runs until stop()")
        self.start(board, info=info, **limits)
        return self.wait()  # never None without a timeout

    analyze = analyse

    def play(self, board: Board | str, limit: Limit | None = None, **limits: Any) -> PlayResult:
        """What the engine plays in *board*: a :class:`PlayResult` with the
        ``move`` (None if it has no legal move), the ``ponder`` move and the
        ``info`` (:class:`AnalysisResult`), searched with *limits* as
        :meth:`analyse`."""
        r = self.analyse(board, limit, **limits)
        return PlayResult(r.move, r.ponder, r)

    def start(self, board: Board | str, info: InfoCallback | Limit | None = None,
              limit: Limit | None = None, **limits: Any) -> None:
        """Start searching *board* in the background and return at once.

        The board is copied (position and history), so it may be changed
        right away. *info*, if given, is called with an :class:`Info` on a
        search thread (holding the GIL) as the search progresses. An
        exception raised by *info* stops the search; :meth:`wait` re-raises
        it. Collect the result with :meth:`wait`, which is required before
        the next search.
        """
        if isinstance(info, Limit):
            info, limit = None, info
        if limit is not None:
            limits = dict(_limit_argument(limit, None)[0], **limits)
        _check_names(limits)
        if info is not None and not callable(info):
            raise InvalidArgumentError(_errors.EINVAL, "info must be callable")
        handle = self._handle
        self._check_idle()
        own = None
        if not isinstance(board, Board):
            board = own = _board_argument(board, "a search")
        try:
            turn = board.turn
            lim = _limits(board, self.skill, **limits)
            pending = _Pending(handle, info, turn)
            # The finalizer's state keeps the callback alive even if this
            # object is collected mid-search.
            self._state.callback = pending.callback
            rc: int = _lib.xq_search_start(handle, board._handle, ctypes.byref(lim),
                                           pending.callback, None)
        finally:
            if own is not None:
                own.close()
        if rc < 0:
            self._state.callback = None
            _errors.check(rc, "cannot start the search: %s" % _errors.strerror(rc))
        self._pending = pending

    def analysis(self, board: Board | str, **limits: Any) -> Analysis:
        """Start a background search and return an :class:`Analysis`: iterate
        over it to receive each :class:`Info` on this thread as it comes.

        >>> with xiangqi.Engine() as engine:                # doctest: +SKIP
        ...     with engine.analysis(board) as analysis:   # no limit: until stopped
        ...         for info in analysis:
        ...             print(info.depth, info.score, info.pv[0])
        ...             if info.depth >= 12:
        ...                 break                           # leaving the block stops it
        ...     print(analysis.result().move)
        """
        return Analysis(self, board, limits)

    def stop(self) -> None:
        """Ask the running search to stop soon (milliseconds). Safe from any
        thread and from the info callback; does nothing if no search runs."""
        handle = self._state.handle
        if handle is not None:
            _lib.xq_search_stop(handle)

    def ponderhit(self) -> None:
        """The opponent played the expected move: a ``ponder`` search now
        counts its limits from this call. Safe from any thread."""
        handle = self._state.handle
        if handle is not None:
            _lib.xq_search_ponderhit(handle)

    @property
    def running(self) -> bool:
        """Whether a search is in progress."""
        return _errors.check(_lib.xq_search_running(self._handle)) == 1

    @overload
    def wait(self, timeout: None = None) -> AnalysisResult: ...

    @overload
    def wait(self, timeout: float) -> AnalysisResult | None: ...

    def wait(self, timeout: float | None = None) -> AnalysisResult | None:
        """Block until the search ends and return its :class:`AnalysisResult`.

        With *timeout* (seconds), return None if the search is still running
        then. If the info callback raised, the search was stopped and the
        exception is raised here (once the search has ended).
        """
        handle = self._handle
        self._check_thread()
        pending = self._pending
        if pending is None:
            raise StateError(_errors.ESTATE, "no search was started")
        deadline = None if timeout is None else time.monotonic() + timeout
        delay = 0.0005
        try:
            # Poll instead of blocking in xq_search_wait, so Ctrl-C works.
            while _lib.xq_search_running(handle) == 1:
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return None
                    time.sleep(min(delay, left))
                else:
                    time.sleep(delay)
                delay = min(delay * 2, 0.002)
        except BaseException:
            _lib.xq_search_stop(handle)
            self._finish(handle, pending)
            raise
        return self._finish(handle, pending)

    def _finish(self, handle: int, pending: _Pending) -> AnalysisResult:
        res = _ffi.SearchResult()
        rc = _lib.xq_search_wait(handle, ctypes.byref(res))
        self._pending = None
        self._state.callback = None
        _errors.check(rc)
        if pending.error is not None:
            error, pending.error = pending.error, None
            raise error
        if self._state.progress_error is not None:
            error, self._state.progress_error = self._state.progress_error, None
            raise error
        with pending.lock:
            lines = [pending.lines[k] for k in sorted(pending.lines)]
        return AnalysisResult(res, lines, pending.turn)


class Analysis:
    """A background search as an iterator of :class:`Info` (from
    :meth:`Engine.analysis`).

    Iterating yields the progress reports in order, on the calling thread,
    and ends when the search ends. :meth:`stop` ends the search (from any
    thread); :meth:`wait` (or :meth:`result`) returns the
    :class:`AnalysisResult`. Leaving a ``with`` block stops the search and
    waits for it.
    """

    _END = object()

    def __init__(self, engine: Engine, board: Board | str, limits: Dict[str, Any]) -> None:
        self._engine = engine
        self._queue: queue.Queue[Info] = queue.Queue()
        self._result: AnalysisResult | None = None
        self._done = False
        engine.start(board, info=self._queue.put, **limits)

    def __iter__(self) -> Analysis:
        return self

    def __next__(self) -> Info:
        try:
            while True:
                if self._done and self._queue.empty():
                    raise StopIteration
                try:
                    item = self._queue.get(timeout=0.01)
                except queue.Empty:
                    if not self._done and not self._engine.running:
                        self._collect()
                    continue
                return item
        except (KeyboardInterrupt, SystemExit):
            # Ctrl-C in a bare ``for info in engine.analysis(b)``: nobody
            # would stop the search otherwise.
            if not self._done:
                self.stop()
                self._collect()
            raise

    def _collect(self) -> None:
        if not self._done:
            self._done = True
            self._result = self._engine.wait()

    def stop(self) -> None:
        """Ask the search to stop soon (safe from any thread)."""
        self._engine.stop()

    def wait(self) -> AnalysisResult | None:
        """Wait for the end of the search; returns its :class:`AnalysisResult`
        (None only when an earlier call raised the search's error)."""
        self._collect()
        return self._result

    def result(self) -> AnalysisResult | None:
        """Stop the search, wait for it and return its :class:`AnalysisResult`."""
        self.stop()
        return self.wait()

    def __enter__(self) -> Analysis:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._done:
            self.stop()
            self._collect()


class _Pending:
    """A started search: its ctypes callback, the user's callback, the
    lines reported and the first exception the user's callback raised."""

    def __init__(self, handle: int, user: InfoCallback | None, turn: Color) -> None:
        self.user = user
        self.turn = turn
        self.lines: Dict[int, Info] = {}
        self.error: BaseException | None = None
        self.lock = threading.Lock()

        def on_info(cinfo: Any, _userdata: Any) -> None:
            # Runs on a search thread with the GIL held. Nothing may escape.
            _tls.handle = handle
            try:
                info = Info(cinfo.contents, turn)
                if info.multipv >= 1:  # 0: the report of a position with no move
                    with self.lock:
                        self.lines[info.multipv] = info
                if self.user is not None and self.error is None:
                    self.user(info)
            except BaseException as exc:  # noqa: B902 (reported by wait())
                if self.error is None:
                    self.error = exc
                _lib.xq_search_stop(handle)
            finally:
                _tls.handle = None

        self.callback = _ffi.SEARCH_INFO_FN(on_info)


#: The same class as :class:`Engine`.
Search = Engine
_E = TypeVar("_E", bound=Engine)


def evaluate(board: Board | str) -> int:

    """The engine's static evaluation of *board* (a :class:`Board` or a FEN),
    in centipawns from the side to move's view (no search)."""
    if not isinstance(board, Board):
        with _board_argument(board, "evaluate()") as b:
            return evaluate(b)
    cp = ctypes.c_int32()
    _errors.check(_lib.xq_evaluate(board._handle, ctypes.byref(cp)))
    return cp.value


__all__ = ["Engine", "Search", "Score", "PovScore", "Wdl", "PovWdl", "Limit", "PlayResult",
           "wdl_model", "Bound", "Info", "AnalysisResult", "Analysis", "evaluate",
           "SKILL_MAX", "PROGRESS_NODES"]
