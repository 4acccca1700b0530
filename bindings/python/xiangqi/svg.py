# SPDX-License-Identifier: MIT
"""SVG pictures of positions (``xq_board_svg``).

>>> import xiangqi, xiangqi.svg
>>> board = xiangqi.Board()
>>> board.push("h2e2")
Move.from_iccs('h2e2')
>>> picture = xiangqi.svg.board(board, size=360, arrows=["h9g7"])
>>> picture.startswith("<svg")
True

Jupyter shows a :class:`xiangqi.Board` as this picture by itself
(``Board._repr_svg_``); :meth:`xiangqi.Board.svg` draws the same picture.
"""

from __future__ import annotations

from typing import Iterable

from ._board import Board, Move, MoveLike  # noqa: F401
from ._board import _SVG_COORDINATES as COORDINATES, _SVG_GLYPHS as GLYPHS  # noqa: F401


def board(board: Board, size: int = 450, flip: bool = False, coordinates: str | bool = "both",
          glyphs: str = "chinese", lastmove: MoveLike | bool | None = None, check: bool = True,
          arrows: Iterable[MoveLike] = ()) -> str:

    """An SVG document (a ``str``) showing *board* (``board.svg(...)``).

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
    return board.svg(size=size, flip=flip, coordinates=coordinates, glyphs=glyphs,
                     lastmove=lastmove, check=check, arrows=arrows)


__all__ = ["board", "Move"]
