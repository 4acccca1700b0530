# SPDX-License-Identifier: MIT
"""Opening books: :class:`Book` (an ``xq_book``) and :class:`BookEntry`."""

from __future__ import annotations

import ctypes
import os
import weakref
from typing import Any, Iterable, List, Optional, Protocol, Tuple, TypeVar

from . import _errors, _ffi
from . import ecco as ecco_module
from ._board import Board, Move, Rules, _encode, _rules_c
from ._errors import InvalidArgumentError, NotFoundError, StateError
from ._handle import Owned
from ._record import PgnReader, Record

_lib = _ffi.lib
_B = TypeVar("_B", bound="Book")

#: The default book's file name in the data directory (share/xiangqi/).
DEFAULT_BOOK_NAME: str = "book.xqb"

#: Weightings of a book (``weighting=`` of :meth:`Book.build` and :meth:`Book.merge`).
WEIGHTINGS: Tuple[str, str] = ("games", "results")


class _BookUser(Protocol):
    """The state of an engine's search handle, which :func:`_attach` gives a book."""
    handle: Any
    book: Optional[Book]


def _loaded_library_file() -> str | None:
    """The file of the loaded C library, symbolic links resolved, or None."""
    path = _ffi.path
    if os.sep not in path:
        return None
    return os.path.realpath(path)


class BookEntry:
    """One book move of a position (from :meth:`Book.probe`).

    Attributes: ``move`` (a :class:`Move`, legal in the board probed),
    ``games``, ``wins``, ``draws``, ``losses`` (counts from the view of the
    side that played it), ``weight`` and ``score`` (the fraction of points
    the side that played it scored, 0.0..1.0, over its games with a result;
    None when none has one).
    """
    __slots__ = ("move", "games", "wins", "draws", "losses", "weight", "score")

    def __init__(self, c: _ffi.BookEntry) -> None:
        self.move: Move = Move.from_code(c.move)
        self.games: int = c.games
        self.wins: int = c.wins
        self.draws: int = c.draws
        self.losses: int = c.losses
        self.weight: int = c.weight
        self.score: float | None = None if c.score < 0 else c.score / 1000.0

    def __repr__(self) -> str:
        return "<BookEntry %s games=%d wins=%d draws=%d losses=%d weight=%d>" % (
            self.move.iccs(), self.games, self.wins, self.draws, self.losses, self.weight)


class ExploreEntry(BookEntry):
    """One move of the opening explorer (:meth:`Book.explore`): a
    :class:`BookEntry` (``move``, ``games``, ``wins``, ``draws``, ``losses``,
    ``weight``, ``score``) with ``opening``, the
    :class:`xiangqi.ecco.Opening` of the game after the move (the moves played
    on the board explored, then this one), and ``iccs``, the move's ICCS text."""
    __slots__ = ("opening", "iccs")
    opening: ecco_module.Opening
    iccs: str

    def __repr__(self) -> str:
        return "<ExploreEntry %s games=%d wins=%d draws=%d losses=%d %s>" % (
            self.iccs, self.games, self.wins, self.draws, self.losses,
            self.opening.code or "-")


def _options(max_ply: int = 40, min_games: int = 1, min_score: float = 0.0,
             weighting: str = "games") -> _ffi.BookOptions:
    opt = _ffi.BookOptions()
    _errors.check(_lib.xq_book_options_init(ctypes.byref(opt), _ffi.BOOK_OPTIONS_VERSION))
    opt.max_ply = max_ply
    opt.min_games = min_games
    if not isinstance(min_score, (int, float)) or not 0 <= min_score <= 1:
        raise InvalidArgumentError(_errors.EINVAL, "min_score must be 0.0..1.0, not %r"
                                   % (min_score,))
    opt.min_score = int(round(min_score * 1000))
    if weighting not in WEIGHTINGS:
        raise InvalidArgumentError(_errors.EINVAL, "weighting must be one of %s, not %r"
                                   % (", ".join(WEIGHTINGS), weighting))
    opt.weighting = WEIGHTINGS.index(weighting)
    return opt


class Book(Owned):
    """An opening book: positions with the moves played in them and their
    win / draw / loss counts.

    ``Book(path)`` opens a book file (mapped into memory and checked);
    :meth:`build` makes one from games, :meth:`from_bytes` from the bytes of
    a file. :meth:`probe` lists the book moves of a :class:`Board`,
    :meth:`pick` chooses one by weight. Give it to an
    :class:`~xiangqi.Engine` with ``Engine.set_book(book)`` (or
    ``Engine(book=...)``): the engine then answers a book position at once.

    A position and its left-right mirror image are one entry. A damaged file
    raises :class:`~xiangqi.ParseError` (empty, truncated, corrupted) or
    :class:`~xiangqi.VersionError`; a missing one
    :class:`~xiangqi.XiangqiIOError`.
    """

    _what = "book"
    _data: Any  # the buffer a book from bytes is read from, kept alive
    _users: weakref.WeakSet[_BookUser]

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._data = None
        self._users = weakref.WeakSet()
        handle = _ffi.c_book_p()
        perr = _ffi.ParseError()
        rc = _lib.xq_book_open(ctypes.byref(handle), _encode(os.fspath(path)),
                               ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr)
        self._own(handle.value, _lib.xq_book_free)

    @classmethod
    def _wrap(cls: type[_B], handle: Optional[int], data: Any = None) -> _B:
        book = cls.__new__(cls)
        book._data = data
        book._users = weakref.WeakSet()
        book._own(handle, _lib.xq_book_free)
        return book

    @staticmethod
    def default_paths() -> List[str]:
        """Where :meth:`default` looks for the default book, in order: the
        file named by the environment variable ``XQ_BOOK`` (alone, when it
        is set); ``book.xqb`` in the package (a wheel built with the library
        carries the book); the data directory beside the loaded C library
        (``<libdir>/../share/xiangqi``, also for a multiarch libdir, and
        ``share/xiangqi`` in a build tree), as xq-uci and the player look
        beside their programs; ``/usr/local/share/xiangqi`` and
        ``/usr/share/xiangqi``."""
        env = os.environ.get("XQ_BOOK")
        if env:
            return [env]  # an explicit choice is never second-guessed
        paths = [os.path.join(os.path.dirname(os.path.abspath(__file__)), DEFAULT_BOOK_NAME)]
        libfile = _loaded_library_file()
        if libfile:
            libdir = os.path.dirname(libfile)
            for up in ("", os.pardir, os.path.join(os.pardir, os.pardir)):
                paths.append(os.path.normpath(os.path.join(libdir, up, "share", "xiangqi",
                                                           DEFAULT_BOOK_NAME)))
        for prefix in ("/usr/local", "/usr"):
            paths.append(os.path.join(prefix, "share", "xiangqi", DEFAULT_BOOK_NAME))
        seen = []
        for path in paths:
            if path not in seen:
                seen.append(path)
        return seen

    @classmethod
    def default(cls: type[_B]) -> _B:
        """The default book installed with the library (built from 53,889
        master games of the CCPD, CC BY 4.0): the first of
        :meth:`default_paths` that exists. Raises
        :class:`~xiangqi.NotFoundError` naming ``XQ_BOOK`` and the paths
        tried when there is none."""
        paths = cls.default_paths()
        for path in paths:
            if os.path.isfile(path):
                return cls(path)
        env = os.environ.get("XQ_BOOK")
        if env:
            raise NotFoundError(_errors.ENOTFOUND, "no opening book at XQ_BOOK=%s (the "
                                "environment variable names the default book)" % env)
        raise NotFoundError(_errors.ENOTFOUND, "no default opening book (looked in: %s); "
                            "install one (a wheel built with the library carries it; on "
                            "Debian the package xiangqi-tools has it; so has `cmake "
                            "--install` of libxiangqi), build one with `xq-book build`, or "
                            "set XQ_BOOK to a book file" % ", ".join(paths))

    def close(self) -> None:
        """Free the book now. Refused (:class:`~xiangqi.StateError`) while an
        :class:`~xiangqi.Engine` uses it: ``engine.set_book(None)`` first."""
        if any(state.book is self and state.handle for state in list(self._users)):
            raise StateError(_errors.ESTATE, "the book is used by an engine: "
                             "engine.set_book(None) first")
        Owned.close(self)

    @classmethod
    def from_bytes(cls: type[_B], data: bytes | bytearray) -> _B:
        """A book from the bytes of a book file (copied)."""
        buf = ctypes.create_string_buffer(bytes(data), len(data))
        handle = _ffi.c_book_p()
        perr = _ffi.ParseError()
        rc = _lib.xq_book_open_memory(ctypes.byref(handle), buf, len(data), ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr)
        return cls._wrap(handle.value, buf)

    @classmethod
    def build(cls: type[_B],
              games: str | bytes | os.PathLike[str] | PgnReader[Any] | Iterable[Record],
              max_ply: int = 40, min_games: int = 1, min_score: float = 0.0,
              weighting: str = "games") -> _B:
        """Build a book from *games*: a PGN file name, a :class:`PgnReader`,
        or an iterable of :class:`Record` objects (their main lines; the
        result from the ``Result`` tag). Keeps the moves of the first
        *max_ply* plies, played in at least *min_games* games and scoring at
        least *min_score* (0.0..1.0) for the side that played them;
        *weighting* is ``"games"`` or ``"results"`` (2 per win, 1 per draw)."""
        opt = _options(max_ply, min_games, min_score, weighting)
        builder = _ffi.c_book_builder_p()
        _errors.check(_lib.xq_book_builder_new(ctypes.byref(builder), ctypes.byref(opt)))
        try:
            if isinstance(games, (str, bytes, os.PathLike)):
                games = PgnReader(games)
            if isinstance(games, PgnReader):
                with games:
                    bad = ctypes.c_int()
                    _errors.check(_lib.xq_book_builder_add_pgn(builder, games._handle,
                                                               ctypes.byref(bad)))
            else:
                for rec in games:
                    if not isinstance(rec, Record):
                        raise InvalidArgumentError(_errors.EINVAL, "expected a Record, got %r"
                                                   % (rec,))
                    _errors.check(_lib.xq_book_builder_add_record(builder, rec._handle))
            handle = _ffi.c_book_p()
            _errors.check(_lib.xq_book_builder_finish(builder, ctypes.byref(handle)))
        finally:
            _lib.xq_book_builder_free(builder)
        return cls._wrap(handle.value)

    def merge(self, other: Book, min_games: int | None = None, min_score: float | None = None,
              weighting: str | None = None) -> Book:
        """A new book with the moves of both books, counts added. Without
        filter arguments nothing is left out and the weighting is this
        book's."""
        if not isinstance(other, Book):
            raise InvalidArgumentError(_errors.EINVAL, "expected a Book, got %r" % (other,))
        opt = None
        if min_games is not None or min_score is not None or weighting is not None:
            opt = ctypes.byref(_options(
                min_games=1 if min_games is None else min_games,
                min_score=0.0 if min_score is None else min_score,
                weighting=self.weighting if weighting is None else weighting))
        handle = _ffi.c_book_p()
        _errors.check(_lib.xq_book_merge(ctypes.byref(handle), self._handle, other._handle, opt))
        return Book._wrap(handle.value)

    def probe(self, board: Board | str) -> List[BookEntry]:
        """Every book move of *board* (a :class:`Board` or a FEN), heaviest
        first, as :class:`BookEntry` objects; empty if it is not in the book."""
        own = None
        if not isinstance(board, Board):
            board = own = Board(board)
        try:
            arr = (_ffi.BookEntry * _ffi.MAX_MOVES)()
            n = _errors.check(_lib.xq_book_probe(self._handle, board._handle, arr,
                                                 _ffi.MAX_MOVES))
            return [BookEntry(arr[i]) for i in range(n)]
        finally:
            if own is not None:
                own.close()

    def explore(self, board: Board | str | None = None) -> list[ExploreEntry]:
        """The opening explorer: every book move of *board* (a
        :class:`Board` with the moves that led to it, a FEN, or None for the
        start), heaviest first, as :class:`ExploreEntry` objects: the counts
        of :meth:`probe` and the ECCO opening each move leads to."""
        own = None
        if not isinstance(board, Board):
            board = own = Board(board)
        try:
            out = []
            for e in self.probe(board):
                board.push(e.move)
                try:
                    opening = ecco_module.classify(board)
                finally:
                    board.pop()
                x = ExploreEntry.__new__(ExploreEntry)
                for name in BookEntry.__slots__:
                    setattr(x, name, getattr(e, name))
                x.opening = opening
                x.iccs = e.move.iccs()
                out.append(x)
            return out
        finally:
            if own is not None:
                own.close()

    def pick(self, board: Board, seed: int = 0, best: bool = False,
             rules: Rules | str | None = None) -> Move | None:
        """A book move for *board* chosen at random in proportion to the
        weights (the same *seed* gives the same move), or the heaviest with
        ``best=True``; moves banned under *rules* or that would repeat a
        position of the board's history are skipped. None if there is none."""
        move = _ffi.c_move()
        rc = _lib.xq_book_pick(self._handle, board._handle, _rules_c(rules), seed,
                               1 if best else 0, ctypes.byref(move))
        if rc == _errors.ENOTFOUND:
            return None
        _errors.check(rc)
        return Move.from_code(move.value)

    def __contains__(self, board: object) -> bool:
        return bool(self.probe(board))  # type: ignore[arg-type]  # probe refuses a non-board

    def __len__(self) -> int:
        """The number of positions."""
        return _errors.check(_lib.xq_book_position_count(self._handle))

    @property
    def move_count(self) -> int:
        """The number of moves over all positions."""
        return _errors.check(_lib.xq_book_move_count(self._handle))

    @property
    def games(self) -> int:
        """The games counted at the start position."""
        return _errors.check(_lib.xq_book_games(self._handle))

    @property
    def weighting(self) -> str:
        """``"games"`` or ``"results"``."""
        return WEIGHTINGS[_errors.check(_lib.xq_book_weighting(self._handle))]

    def to_bytes(self) -> bytes:
        """The bytes of the book file."""
        size = ctypes.c_size_t()
        ptr = _lib.xq_book_data(self._handle, ctypes.byref(size))
        return ctypes.string_at(ptr, size.value)

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the book file *path* (replaced)."""
        name = os.fspath(path)
        rc = _lib.xq_book_write(self._handle, _encode(name))
        if rc == _errors.EIO:
            raise _errors.XiangqiIOError(rc, "%s: cannot write the file" % (name,))
        _errors.check(rc)

    def dump(self) -> str:
        """The book as text, one line per stored move (see ``xq_book_dump``)."""
        n = _errors.check(_lib.xq_book_dump(self._handle, None, 0))
        buf = ctypes.create_string_buffer(n + 1)
        _lib.xq_book_dump(self._handle, buf, n + 1)
        return buf.value.decode("ascii")

    def __repr__(self) -> str:
        if self.closed:
            return "<Book closed>"
        return "<Book %d positions, %d moves>" % (len(self), self.move_count)


def _attach(state: _BookUser, book: Book | None) -> None:

    """Give the search handle of an engine's *state* the *book* (or None):
    the state keeps the book alive (the handle borrows it) and the book
    refuses close() while it is set."""
    if book is not None and not isinstance(book, Book):
        raise InvalidArgumentError(_errors.EINVAL, "expected a Book or None, got %r" % (book,))
    _errors.check(_lib.xq_search_set_book(state.handle, None if book is None else book._handle),
                  "cannot set the book")
    state.book = book
    if book is not None:
        book._users.add(state)


__all__ = ["Book", "BookEntry"]
