# SPDX-License-Identifier: MIT
"""libxiangqi for Python: Xiangqi (Chinese chess) rules, notation and engine.

A thin, Pythonic layer over the C library through ctypes (standard library
only). The library is found through the ``XQ_LIBRARY`` environment variable,
next to this package, or on the system's library path; see
:mod:`xiangqi._ffi`.

>>> import xiangqi
>>> board = xiangqi.Board()
>>> board.push("h2e2")
Move.from_iccs('h2e2')
>>> len(board.legal_moves)
45
>>> board.fen()
'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'

The package is typed (PEP 561: it carries a ``py.typed`` marker), so mypy and
other checkers see the types of its functions, methods and constants.
"""

from __future__ import annotations

from . import _ffi
from ._errors import (AmbiguousMoveError, BufferTooSmallError, IllegalMoveError,
                      InvalidArgumentError, NotFoundError, OutOfMemoryError, ParseError,
                      PositionError, StateError, VersionError, XiangqiError, XiangqiIOError,
                      strerror)
from . import _board
from ._board import *  # noqa: F401,F403  (see _board.__all__; squares A0 .. I9 too)
from . import _record
from ._record import *  # noqa: F401,F403
from . import _search
from ._search import *  # noqa: F401,F403  (Engine, alias Search: the library's own engine)
from . import svg  # noqa: E402  (xiangqi.svg.board)
from . import pgn  # noqa: E402  (xiangqi.pgn.Game, read_game: like chess.pgn)
from .pgn import Game, read_pgn, read_pgn_text  # noqa: E402
from . import engine  # noqa: E402  (xiangqi.engine.popen_uci: like chess.engine)
from ._book import Book, BookEntry, ExploreEntry  # noqa: E402,F401  (opening books)
from . import ecco  # noqa: E402  (xiangqi.ecco.classify: openings by name)
if _ffi.has(_ffi.lib, "xq_review_classify"):  # libxiangqi 1.1: xiangqi.review
    from . import review  # noqa: E402,F401  (xiangqi.review.classify: the class of a move)
from . import _tablebase  # noqa: E402
from ._tablebase import *  # noqa: F401,F403,E402  (Tablebase: endgame tables)

# Built step by step, in a form type checkers follow (mypy reads each += of a
# module's __all__ or of a list).
__all__ = list(_board.__all__)
__all__ += _record.__all__
__all__ += _search.__all__
__all__ += ["pgn", "Game", "read_pgn", "read_pgn_text", "engine", "Book", "BookEntry", "ExploreEntry", "ecco"]
__all__ += _tablebase.__all__
__all__ += [
    "XiangqiError", "InvalidArgumentError", "OutOfMemoryError", "ParseError", "IllegalMoveError",
    "StateError", "VersionError", "BufferTooSmallError", "XiangqiIOError", "PositionError",
    "AmbiguousMoveError", "NotFoundError", "strerror", "library_version", "library_version_string",
    "library_path", "svg",
]

def _package_version() -> str:
    """The package's version: written into a built package (_version.py) by
    the build backend from include/xiangqi/version.h, or read from that header
    when the package runs from the source tree."""
    try:
        # Written by the build backend; absent in the source tree (hence the ignore).
        from ._version import version  # type: ignore[import]
        return str(version)
    except ImportError:
        pass
    import os
    import re
    header = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                          os.pardir, "include", "xiangqi", "version.h")
    try:
        with open(header, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return library_version_string()  # neither: the loaded library's
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        found = re.search(r"#define XQ_VERSION_%s (\d+)" % part, text)
        if found is None:
            raise ImportError("%s does not define XQ_VERSION_%s" % (header, part))
        parts.append(found.group(1))
    return ".".join(parts)


def library_version() -> int:
    """Version number of the loaded C library (MAJOR*10000 + MINOR*100 + PATCH)."""
    return int(_ffi.lib.xq_version())


def library_version_string() -> str:
    """Version of the loaded C library, e.g. ``'0.2.0'``."""
    text: bytes = _ffi.lib.xq_version_string()
    return text.decode()


def library_path() -> str:
    """The file the C library was loaded from (also when it was found by name
    on the library path: the file the dynamic loader chose)."""
    return _ffi.path


__version__: str = _package_version()

