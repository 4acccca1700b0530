# SPDX-License-Identifier: MIT
"""Game records: Record, PGN/XQF/DhtmlXQ reading and PGN writing (internal module)."""

from __future__ import annotations

import ctypes
import io
import os
import threading
from typing import (IO, Any, Callable, Generic, Iterator, List, Optional, Tuple, TypeVar, Union,
                    cast, overload)

from . import _errors, _ffi
from ._board import Board, Move, MoveLike, Notation, NotationLike, _as_move, _encode, _notation
from ._errors import InvalidArgumentError
from ._handle import Owned

_lib = _ffi.lib
_T = TypeVar("_T")
_R = TypeVar("_R", bound="Record")
#: A file name PgnReader and read_pgn() take.
PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def _pgn_options(notation: NotationLike | None = None, flags: int = 0, line_width: int = 80,
                 variations: bool = True, comments: bool = True) -> _ffi.PgnOptions:
    opt = _ffi.PgnOptions()
    _errors.check(_lib.xq_pgn_options_init(ctypes.byref(opt), _ffi.PGN_OPTIONS_VERSION))
    opt.notation = 0 if notation is None else int(_notation(notation))
    opt.flags = flags
    opt.line_width = line_width
    opt.variations = 1 if variations else 0
    opt.comments = 1 if comments else 0
    return opt


def _read_text(fn: Callable[[Any, Any, int], Any], handle: Any, what: str) -> str:
    """A string from a snprintf-style C getter fn(handle, buf, cap)."""
    n = fn(handle, None, 0)
    if n <= 0:
        _errors.check(n, what)
        return ""
    buf = ctypes.create_string_buffer(n + 1)
    _errors.check(fn(handle, buf, n + 1), what)
    return buf.raw[:n].decode("utf-8", "replace")


class Tags:
    """The tags of a :class:`Record`, as a mutable mapping in file order.

    ``record.tags["Red"] = "Liu Dahua"``; ``dict(record.tags)``; a missing
    tag raises ``KeyError`` (``get()`` returns a default).
    """

    def __init__(self, record: Record) -> None:
        self._record = record

    def __getitem__(self, name: str) -> str:
        h = self._record._handle
        n: int = _lib.xq_record_tag(h, _encode(name), None, 0)
        if n == _errors.ENOTFOUND:
            raise KeyError(name)
        _errors.check(n)
        buf = ctypes.create_string_buffer(n + 1)
        _lib.xq_record_tag(h, _encode(name), buf, n + 1)
        return buf.raw[:n].decode("utf-8", "replace")

    def __setitem__(self, name: str, value: str) -> None:
        _errors.check(_lib.xq_record_set_tag(self._record._handle, _encode(name), _encode(value)),
                      "cannot set tag %r" % (name,))

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        _errors.check(_lib.xq_record_set_tag(self._record._handle, _encode(name), None))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and bool(_lib.xq_record_tag(
            self._record._handle, _encode(name), None, 0) >= 0)

    def __len__(self) -> int:
        return _errors.check(_lib.xq_record_tag_count(self._record._handle))

    def __iter__(self) -> Iterator[str]:
        h = self._record._handle
        for i in range(len(self)):
            yield _read_text(lambda hh, b, c: _lib.xq_record_tag_name(hh, i, b, c), h, "tag")

    def keys(self) -> List[str]:
        return list(self)

    def items(self) -> List[Tuple[str, str]]:
        h = self._record._handle
        out = []
        for i in range(len(self)):
            name = _read_text(lambda hh, b, c: _lib.xq_record_tag_name(hh, i, b, c), h, "tag")
            value = _read_text(lambda hh, b, c: _lib.xq_record_tag_value(hh, i, b, c), h, "tag")
            out.append((name, value))
        return out

    def values(self) -> List[str]:
        return [v for _, v in self.items()]

    @overload
    def get(self, name: str) -> str | None: ...

    @overload
    def get(self, name: str, default: _T) -> str | _T: ...

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def __repr__(self) -> str:
        return "Tags(%r)" % dict(self.items())


class Record(Owned):
    """A game (an ``xq_record``): tags, a start position and a tree of moves
    (main line, variations, comments, NAGs) with a cursor.

    ``Record()`` starts from the start position, ``Record(fen)`` from any
    position. Read games with :meth:`from_pgn`, :meth:`load` or
    :func:`read_pgn`; write them with :meth:`pgn` or :meth:`save_pgn`.
    The C handle is freed on garbage collection, :meth:`close` or ``with``.
    """

    _what = "record"
    #: The line of the file where the game began (games read by a :class:`PgnReader` only).
    game_line: int
    tags: Tags

    def __init__(self, fen: str | bytes | None = None) -> None:
        handle = _ffi.c_record_p()
        perr = _ffi.ParseError()
        rc = _lib.xq_record_new(ctypes.byref(handle), None if fen is None else _encode(fen),
                                ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr, "bad FEN")
        self._adopt(handle.value)

    def _adopt(self, handle: Optional[int]) -> None:
        self._own(handle, _lib.xq_record_free)
        self.tags = Tags(self)

    def copy(self) -> Record:
        """An independent copy (tree, tags and cursor)."""
        handle = _ffi.c_record_p()
        _errors.check(_lib.xq_record_clone(ctypes.byref(handle), self._handle))
        rec = Record.__new__(Record)
        rec._adopt(handle.value)
        return rec

    __copy__ = copy

    def __deepcopy__(self, memo: object) -> Record:
        return self.copy()

    # -- reading --

    def _load(self: _R, fn: Callable[..., Any], *args: Any, what: str) -> _R:
        perr = _ffi.ParseError()
        rc = fn(self._handle, *args, ctypes.byref(perr))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr, what)
        return self

    @classmethod
    def from_pgn(cls: type[_R], text: str | bytes, notation: NotationLike | None = None,
                 flags: int = 0) -> _R:
        """The first game of a PGN text (``str`` or UTF-8/GBK ``bytes``)."""
        data = _encode(text)
        rec = cls()
        opt = _pgn_options(notation, flags)
        return rec._load(lambda h, e: _lib.xq_record_from_pgn(h, data, len(data),
                                                              ctypes.byref(opt), e),
                         what="bad PGN")

    @classmethod
    def from_xqf(cls: type[_R], data: bytes | bytearray) -> _R:
        """A game from the bytes of an XQF file (every version)."""
        if not isinstance(data, (bytes, bytearray)):
            raise InvalidArgumentError(_errors.EINVAL, "XQF data must be bytes")
        buf = ctypes.create_string_buffer(bytes(data), len(data))
        rec = cls()
        return rec._load(lambda h, e: _lib.xq_record_from_xqf(h, buf, len(data), e),
                         what="bad XQF")

    @classmethod
    def from_dhtmlxq(cls: type[_R], text: str | bytes) -> _R:
        """A game from DhtmlXQ text (``[DhtmlXQ_movelist]...``)."""
        data = _encode(text)
        rec = cls()
        return rec._load(lambda h, e: _lib.xq_record_from_dhtmlxq(h, data, len(data), e),
                         what="bad DhtmlXQ")

    @classmethod
    def load(cls: type[_R], path: PathLike, notation: NotationLike | None = None,
             flags: int = 0) -> _R:
        """A game file of any supported format (the first game of a PGN file)."""
        rec = cls()
        opt = _pgn_options(notation, flags)
        p = _encode(os.fspath(path))
        perr = _ffi.ParseError()
        rc = _lib.xq_record_load(rec._handle, p, ctypes.byref(opt),
                                 ctypes.byref(perr))
        if rc == _errors.EIO:  # the message names the file and the reason
            raise _errors.XiangqiIOError(rc, perr.message.decode("utf-8", "replace"))
        if rc < 0:
            raise _errors.from_parse_error(rc, perr, str(path))
        return rec

    # -- writing --

    def pgn(self, notation: NotationLike | None = None, flags: int = 0, line_width: int = 80,
            variations: bool = True, comments: bool = True) -> str:
        """The game as PGN text (moves in *notation*; by default the one of the
        ``Format`` tag, else ICCS)."""
        opt = _pgn_options(notation, flags, line_width, variations, comments)
        return _read_text(lambda h, b, c: _lib.xq_record_to_pgn(h, ctypes.byref(opt), b, c),
                          self._handle, "pgn")

    def save_pgn(self, path: PathLike, append: bool = False, notation: NotationLike | None = None,
                 flags: int = 0, line_width: int = 80, variations: bool = True,
                 comments: bool = True) -> None:
        """Write the game to a PGN file (replace it, or append to it)."""
        opt = _pgn_options(notation, flags, line_width, variations, comments)
        perr = _ffi.ParseError()
        rc = _lib.xq_record_save_pgn(self._handle, _encode(os.fspath(path)), 1 if append else 0,
                                     ctypes.byref(opt), ctypes.byref(perr))
        _errors.check(rc, perr.message.decode("utf-8", "replace") if rc < 0 else None)

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        if self._ptr is None:
            return "<Record (closed)>"
        return "<Record %s - %s, %d plies>" % (self.tags.get("Red", "?"),
                                               self.tags.get("Black", "?"),
                                               len(self.mainline()))

    # -- position and moves --

    def start_fen(self) -> str:
        """The FEN of the start position."""
        return _read_text(_lib.xq_record_start_fen, self._handle, "start_fen")

    def board(self) -> Board:
        """A copy of the position at the cursor, with the moves from the start in its history."""
        b = _lib.xq_record_board(self._handle)
        handle = _ffi.c_board_p()
        _errors.check(_lib.xq_board_clone(ctypes.byref(handle), b))
        board = Board.__new__(Board)
        board._adopt(handle.value)
        return board

    @property
    def ply(self) -> int:
        """Ply of the cursor (0 at the start position)."""
        return _errors.check(_lib.xq_record_ply(self._handle))

    def _moves(self, size_fn: Callable[[Any], Any], move_fn: Callable[[Any, int, Any], Any]
               ) -> List[Move]:
        h = self._handle
        n = _errors.check(size_fn(h))
        out = []
        m = _ffi.c_move()
        for i in range(n):
            _errors.check(move_fn(h, i, ctypes.byref(m)))
            out.append(Move.from_code(m.value))
        return out

    def mainline(self) -> List[Move]:
        """The moves of the main line, from the start."""
        return self._moves(_lib.xq_record_mainline_size, _lib.xq_record_mainline_move)

    def line(self) -> List[Move]:
        """The current line: the moves up to the cursor, then its main continuation."""
        return self._moves(_lib.xq_record_line_size, _lib.xq_record_line_move)

    def variations(self) -> List[Move]:
        """The continuations of the cursor's node: the main one first."""
        return self._moves(_lib.xq_record_variation_count, _lib.xq_record_variation_move)

    def play(self, given: MoveLike, notation: NotationLike = Notation.AUTO,
             flags: int = 0) -> Move:
        """Play a move (a :class:`Move` or text in any notation) at the cursor:
        follow it if it is already there, else add it (main line if the node has
        none, else a variation). Returns the :class:`Move`."""
        h = self._handle
        if isinstance(given, str):
            with self.board() as b:  # the same messages as Board.parse_move()
                given = b.parse_move(given, notation, flags)
        move = _as_move(given)
        rc = _lib.xq_record_play(h, int(move))
        if rc == _errors.EILLEGAL:
            with self.board() as b:
                raise _errors.IllegalMoveError(rc, b._illegal_message(move))
        _errors.check(rc)
        return move

    def _nav(self, fn: Callable[..., Any], *args: Any, empty: str = "no move there") -> int:
        rc: int = fn(self._handle, *args)
        if rc == _errors.ESTATE:
            raise _errors.StateError(rc, empty)
        _errors.check(rc)
        return rc

    def back(self) -> None:
        """Cursor one ply back (:class:`StateError` at the start)."""
        self._nav(_lib.xq_record_back, empty="at the start position")

    def forward(self) -> None:
        """Cursor one ply forward along the main continuation."""
        self._nav(_lib.xq_record_forward, empty="no move after the cursor")

    def goto(self, ply: int) -> None:
        """Cursor to a ply of the current line (0 = start)."""
        _errors.check(_lib.xq_record_goto(self._handle, ply),
                      "no ply %r in the current line" % (ply,))

    def goto_end(self) -> int:
        """Cursor to the end of the current line; returns the ply."""
        return _errors.check(_lib.xq_record_goto_end(self._handle))

    def enter_variation(self, index: int) -> None:
        """Cursor into continuation *index* of :meth:`variations`."""
        _errors.check(_lib.xq_record_enter_variation(self._handle, index),
                      "no variation %r here" % (index,))

    def undo(self) -> None:
        """Take back the cursor's move (kept for :meth:`redo`)."""
        self._nav(_lib.xq_record_undo, empty="nothing to undo")

    def redo(self) -> None:
        """Replay the move taken back by :meth:`undo`."""
        self._nav(_lib.xq_record_redo, empty="nothing to redo")

    def truncate(self) -> int:
        """Delete everything after the cursor; returns the number of moves deleted."""
        return _errors.check(_lib.xq_record_truncate(self._handle))

    def delete(self) -> int:
        """Delete the cursor's move and what follows; returns the number deleted."""
        return self._nav(_lib.xq_record_delete, empty="at the start position")

    def promote(self) -> None:
        """Make the cursor's line the main line."""
        self._nav(_lib.xq_record_promote, empty="nothing to promote")

    # -- annotations --

    @property
    def comment(self) -> str:
        """The comment after the cursor's move (before the game at the start)."""
        return _read_text(_lib.xq_record_comment, self._handle, "comment")

    @comment.setter
    def comment(self, text: str | None) -> None:
        _errors.check(_lib.xq_record_set_comment(self._handle, _encode(text or "")))

    @property
    def comment_before(self) -> str:
        """The comment before the cursor's move (first move of a variation)."""
        return _read_text(_lib.xq_record_comment_before, self._handle, "comment")

    @comment_before.setter
    def comment_before(self, text: str | None) -> None:
        _errors.check(_lib.xq_record_set_comment_before(self._handle, _encode(text or "")))

    def _tree(self) -> bytes:
        """The whole tree in the layout of ``xq_record_tree()`` (bytes): one
        call, whatever the size of the game."""
        h = self._handle
        n = _errors.check(_lib.xq_record_tree(h, None, 0))
        buf = ctypes.create_string_buffer(n)
        _errors.check(_lib.xq_record_tree(h, buf, n))
        return buf.raw

    @property
    def nags(self) -> List[int]:
        """The numeric annotation glyphs of the cursor's move (a list of ints)."""
        h = self._handle
        return [_lib.xq_record_nag(h, i) for i in range(_errors.check(_lib.xq_record_nag_count(h)))]

    def add_nag(self, nag: int) -> None:
        """Add a NAG ($1 = good move, ...) to the cursor's move."""
        _errors.check(_lib.xq_record_add_nag(self._handle, nag), "cannot add NAG %r" % (nag,))

    def clear_nags(self) -> None:
        """Remove the cursor's NAGs."""
        _errors.check(_lib.xq_record_clear_nags(self._handle))


def _looks_like_pgn(text: object) -> bool:
    return isinstance(text, (str, bytes)) and (
        (b"\n" if isinstance(text, bytes) else "\n") in text  # type: ignore[operator]
        or text.lstrip()[:1] in ("[", b"[") or len(text) > 4096)


def _real_file_descriptor(f: Any) -> int | None:
    """The descriptor of *f* when reading it gives exactly the bytes of an
    ordinary seekable file (``open(name, "rb")``), else None. Wrappers that
    pass ``fileno()`` through (``lzma.open``, ``bz2.open``, ``gzip.open``)
    or decode text must be read through their ``read()``."""
    raw = f
    if type(f) in (io.BufferedReader, io.BufferedRandom):
        raw = f.raw
    if type(raw) is not io.FileIO:
        return None
    try:
        return f.fileno() if f.seekable() else None
    except (AttributeError, OSError, ValueError):
        return None


class _Feeder:
    """Copies a Python file object (binary or text) into a pipe, a chunk at a
    time, on a thread; the library's streaming reader reads the other end.
    Text is written as UTF-8. Closing the read end stops the thread (its next
    write fails); an exception of the file's ``read()`` is kept in
    :attr:`error` for the reader to raise."""

    CHUNK = 64 * 1024  # what one read() of the file asks for, at most

    def __init__(self, f: IO[Any]) -> None:
        self.error: BaseException | None = None
        fd, self._w = os.pipe()
        self.fd: int | None = fd
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, args=(f,), daemon=True,
                                        name="xiangqi-pgn-reader")
        self._thread.start()

    def _run(self, f: IO[Any]) -> None:
        try:
            while True:
                chunk = f.read(self.CHUNK)
                if not chunk:
                    break
                if isinstance(chunk, str):
                    chunk = chunk.encode("utf-8", "surrogateescape")
                elif not isinstance(chunk, (bytes, bytearray, memoryview)):
                    raise InvalidArgumentError(_errors.EINVAL, "the file gave %s, not text or "
                                               "bytes" % type(chunk).__name__)
                view = memoryview(chunk)
                while view:
                    view = view[os.write(self._w, view):]
        except BrokenPipeError:
            pass  # the reader was closed before the end of the file
        except BaseException as e:  # noqa: B036 - handed to the reading thread
            self.error = e
        finally:
            os.close(self._w)

    def close(self) -> None:
        """Close the read end (after the C reader that read it was freed)."""
        with self._lock:
            if self.fd is not None:
                os.close(self.fd)
                self.fd = None

    def raise_error(self) -> None:
        if self.error is not None:
            error, self.error = self.error, None
            raise error


class PgnReader(Owned, Generic[_T]):
    """Iterate over the games of a PGN file, one :class:`Record` each
    (:func:`xiangqi.pgn.read_pgn` gives :class:`xiangqi.pgn.Game` trees
    instead).

    *source* is a file name (``str``, ``bytes`` or a path-like object such
    as :class:`pathlib.Path`) or any readable file object, binary or text,
    read from its current position: ``open(name, "rb")`` through its
    descriptor; anything else (``lzma.open``, ``bz2.open``, ``gzip.open``,
    ``io.BytesIO``, ``io.StringIO``, text files, ``sys.stdin``) through its
    ``read()``, 64 KiB at a time, on a thread that feeds the library's
    streaming reader (an exception of ``read()``, such as a corrupt ``.xz``,
    is raised by the iteration). A string is always a file name, never PGN text: use
    :meth:`from_text` or :func:`read_pgn_text` for text. The XQF and DhtmlXQ
    formats are recognised in files too (one game each).

    Files are read in blocks, so memory use is bounded by the largest game.
    A bad game raises its error (with ``line`` and ``column``) unless
    ``skip_errors`` is true; then it is skipped and recorded in
    :attr:`errors` as (line, exception).

    For type checkers it is generic in what it yields: ``PgnReader[Record]``
    (:func:`xiangqi.pgn.read_pgn` returns a ``PgnReader[Game]``).
    """

    _what = "PGN reader"
    skip_errors: bool
    #: The games skipped (with ``skip_errors``), as (line, exception).
    errors: List[Tuple[int, _errors.XiangqiError]]
    _data: Any
    _file: IO[Any] | None
    _feeder: _Feeder | None

    def __init__(self: PgnReader[Record], source: PathLike | IO[Any],
                 notation: NotationLike | None = None, flags: int = 0,
                 skip_errors: bool = False) -> None:
        opt = _pgn_options(notation, flags)
        handle = _ffi.c_reader_p()
        self._data = None
        self._file = None
        self._feeder = None
        if hasattr(source, "read"):
            rc = self._open_file(cast(IO[Any], source), handle, opt)
        elif isinstance(source, (str, bytes, os.PathLike)):
            path = os.fspath(source)
            if isinstance(path, str):
                path = path.encode("utf-8", "surrogateescape")
            if b"\0" in path:
                raise InvalidArgumentError(_errors.EINVAL, "a file name cannot contain a NUL "
                                           "character (for PGN text use read_pgn_text())")
            perr = _ffi.ParseError()
            rc = _lib.xq_pgn_reader_open(ctypes.byref(handle), path, ctypes.byref(opt),
                                         ctypes.byref(perr))
            if rc == _errors.EIO:  # the message names the file and the reason
                message = perr.message.decode("utf-8", "replace")
                if _looks_like_pgn(source):
                    message += (" (read_pgn() takes a file name or an open file; for PGN text "
                                "use xiangqi.read_pgn_text(text))")
                raise _errors.XiangqiIOError(rc, message)
        else:
            raise InvalidArgumentError(
                _errors.EINVAL, "read_pgn() takes a file name, a path or an open file, not %s "
                "(for PGN text use read_pgn_text())" % type(source).__name__)
        _errors.check(rc)
        feeder = self._feeder
        if feeder is None:
            self._own(handle.value, _lib.xq_pgn_reader_free)
        else:  # the reader first, then the pipe it reads (which stops the feeder)
            self._own(handle.value, lambda h: (_lib.xq_pgn_reader_free(h), feeder.close()))
        self.skip_errors = skip_errors
        self.errors = []

    def _open_memory(self, data: bytes, handle: ctypes.c_void_p, opt: _ffi.PgnOptions) -> int:
        self._data = ctypes.create_string_buffer(data, len(data))  # kept alive
        return int(_lib.xq_pgn_reader_open_memory(ctypes.byref(handle), self._data, len(data),
                                                  ctypes.byref(opt)))

    def _open_file(self, f: IO[Any], handle: ctypes.c_void_p, opt: _ffi.PgnOptions) -> int:
        perr = _ffi.ParseError()
        fd = _real_file_descriptor(f)
        if fd is not None:
            os.lseek(fd, f.tell(), os.SEEK_SET)  # what Python buffered is not lost
            self._file = f  # the descriptor must stay open while the reader reads it
        else:
            # Anything else (lzma/bz2/gzip files, io.BytesIO, io.StringIO, text
            # files, sockets' makefile(), ...) is read through its read() in
            # chunks, on a thread, into a pipe that the library's streaming
            # reader reads: the file is never held whole in memory.
            self._feeder = _Feeder(f)
            fd = self._feeder.fd
        rc: int = _lib.xq_pgn_reader_open_fd(ctypes.byref(handle), fd, ctypes.byref(opt),
                                             ctypes.byref(perr))
        if rc < 0 and self._feeder is not None:
            self._feeder.close()
            self._feeder.raise_error()
        if rc == _errors.EIO:
            raise _errors.XiangqiIOError(rc, perr.message.decode("utf-8", "replace"))
        return rc

    @classmethod
    def from_text(cls, text: str | bytes | bytearray, notation: NotationLike | None = None,
                  flags: int = 0, skip_errors: bool = False) -> PgnReader[Record]:
        """A reader over PGN text (``str``, or ``bytes`` in UTF-8 or GBK)."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidArgumentError(_errors.EINVAL, "PGN text must be str or bytes, not %s"
                                       % type(text).__name__)
        self = cast("PgnReader[Record]", cls.__new__(cls))
        opt = _pgn_options(notation, flags)
        handle = _ffi.c_reader_p()
        self._file = None
        self._feeder = None
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        _errors.check(self._open_memory(data, handle, opt))
        self._own(handle.value, _lib.xq_pgn_reader_free)
        self.skip_errors = skip_errors
        self.errors = []
        return self

    def __iter__(self) -> PgnReader[_T]:
        return self

    def __next__(self) -> _T:
        if self._ptr is None:
            raise StopIteration
        while True:
            rec = Record()
            perr = _ffi.ParseError()
            rc = _lib.xq_pgn_reader_next(self._ptr, rec._handle, ctypes.byref(perr))
            if rc == 1:
                rec.game_line = _lib.xq_pgn_reader_game_line(self._ptr)
                return self._item(rec)
            if rc == 0:
                self.close()
                if self._feeder is not None:
                    self._feeder.raise_error()
                raise StopIteration
            if self._feeder is not None and self._feeder.error is not None:
                # The file failed (a corrupt .xz, a decoding error): that, not
                # the game it cut short, is the error.
                self.close()
                self._feeder.raise_error()
            exc = _errors.from_parse_error(rc, perr)
            line = _lib.xq_pgn_reader_game_line(self._ptr)
            if rc == _errors.EIO or not self.skip_errors:
                raise exc
            self.errors.append((line, exc))

    def _item(self, record: Record) -> _T:
        """What the iteration yields for a game read (a subclass may convert it)."""
        return record  # type: ignore[return-value]  # a Record for PgnReader[Record]



__all__ = ["Record", "Tags", "PgnReader"]
