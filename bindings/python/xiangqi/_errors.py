# SPDX-License-Identifier: MIT
"""Exceptions carrying libxiangqi's status codes (internal module)."""

from __future__ import annotations

from typing import Dict, Type

from . import _ffi

OK: int = 0
EINVAL: int = -1
ENOMEM: int = -2
EPARSE: int = -3
EILLEGAL: int = -4
ESTATE: int = -5
EVERSION: int = -6
EBUFS: int = -7
EIO: int = -8
EPOSITION: int = -9
EAMBIGUOUS: int = -10
ENOTFOUND: int = -11

CODE_NAMES: Dict[int, str] = {
    OK: "XQ_OK", EINVAL: "XQ_EINVAL", ENOMEM: "XQ_ENOMEM", EPARSE: "XQ_EPARSE",
    EILLEGAL: "XQ_EILLEGAL", ESTATE: "XQ_ESTATE", EVERSION: "XQ_EVERSION", EBUFS: "XQ_EBUFS",
    EIO: "XQ_EIO", EPOSITION: "XQ_EPOSITION", EAMBIGUOUS: "XQ_EAMBIGUOUS",
    ENOTFOUND: "XQ_ENOTFOUND",
}


def strerror(code: int) -> str:
    """The library's text for a status code (``xq_strerror``)."""
    text: bytes = _ffi.lib.xq_strerror(code)
    return text.decode()


class XiangqiError(Exception):
    """An error reported by libxiangqi.

    Attributes: ``code`` (the negative ``xq_error`` value), ``name`` (e.g.
    ``"XQ_EILLEGAL"``), ``message`` (what went wrong, in English) and, for
    text that could not be parsed, ``offset`` (byte offset in the input, or
    -1), ``line`` and ``column`` (1-based, 0 when not applicable).
    """

    def __init__(self, code: int, message: str | None = None, offset: int = -1, line: int = 0,
                 column: int = 0) -> None:
        self.code = code
        self.name = CODE_NAMES.get(code, "XQ_E%d" % -code)
        self.message = message or strerror(code)
        self.offset = offset
        self.line = line
        self.column = column
        text = self.message
        if line > 0:
            text += " (line %d, column %d)" % (line, column)
        elif offset >= 0:
            text += " (at offset %d)" % offset
        super().__init__("%s [%s]" % (text, self.name))


class InvalidArgumentError(XiangqiError, ValueError):
    """``XQ_EINVAL``: an argument is out of range, or an object was closed."""


class OutOfMemoryError(XiangqiError, MemoryError):
    """``XQ_ENOMEM``."""


class ParseError(XiangqiError, ValueError):
    """``XQ_EPARSE``: text (FEN, move, record) could not be parsed."""


class IllegalMoveError(XiangqiError, ValueError):
    """``XQ_EILLEGAL``: the move is not legal in the position."""


class StateError(XiangqiError, RuntimeError):
    """``XQ_ESTATE``: the object does not allow the call now (e.g. nothing to undo)."""


class VersionError(XiangqiError):
    """``XQ_EVERSION``: an options structure is newer than the library."""


class BufferTooSmallError(XiangqiError):
    """``XQ_EBUFS``."""


class XiangqiIOError(XiangqiError, OSError):
    """``XQ_EIO``: a file could not be read or written."""


class PositionError(XiangqiError, ValueError):
    """``XQ_EPOSITION``: a well-formed FEN describes an impossible position."""


class AmbiguousMoveError(XiangqiError, ValueError):
    """``XQ_EAMBIGUOUS``: a move text matches more than one legal move."""


class NotFoundError(XiangqiError, LookupError):
    """``XQ_ENOTFOUND``: the item asked for does not exist (a tag; a file with no game)."""


_CLASSES: Dict[int, Type[XiangqiError]] = {
    EINVAL: InvalidArgumentError, ENOMEM: OutOfMemoryError, EPARSE: ParseError,
    EILLEGAL: IllegalMoveError, ESTATE: StateError, EVERSION: VersionError,
    EBUFS: BufferTooSmallError, EIO: XiangqiIOError, EPOSITION: PositionError,
    EAMBIGUOUS: AmbiguousMoveError, ENOTFOUND: NotFoundError,
}


def error(code: int, message: str | None = None, offset: int = -1, line: int = 0,
          column: int = 0) -> XiangqiError:
    """The exception object for a status code."""
    return _CLASSES.get(code, XiangqiError)(code, message, offset, line, column)


def from_parse_error(code: int, perr: _ffi.ParseError, what: str | None = None) -> XiangqiError:
    """The exception for a failed parse, with the detail of an ``xq_parse_error``."""
    message: str = perr.message.decode("utf-8", "replace") or strerror(code)
    if what:
        message = "%s: %s" % (what, message)
    return error(code, message, perr.offset, perr.line, perr.column)


def check(code: int, message: str | None = None) -> int:

    """Raise the matching exception if *code* is negative; return it otherwise."""
    if code < 0:
        raise error(code, message)
    return code
