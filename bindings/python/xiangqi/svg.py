"""SVG pictures of positions (``xq_board_svg``).

>>> import xiangqi, xiangqi.svg
>>> board = xiangqi.Board()
>>> board.push("h2e2")
Move.from_iccs('h2e2')
>>> picture = xiangqi.svg.board(board, size=360, arrows=["h9g7"])
>>> picture.startswith("<svg")
True

Jupyter shows a :class:`xiangqi.Board` as this picture by itself
(``Board._repr_svg_``).
"""

import ctypes

from . import _errors, _ffi
from ._board import Move, _as_move

COORDINATES = {"both": 3, "numbers": 1, "iccs": 2, "none": 0, True: 3, False: 0}
GLYPHS = {"chinese": 0, "letters": 1}


def board(board, size=450, flip=False, coordinates="both", glyphs="chinese", lastmove=None,
          check=True, arrows=()):
    """An SVG document (a ``str``) showing *board*.

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
    _errors.check(_ffi.lib.xq_svg_options_init(ctypes.byref(opt), _ffi.SVG_OPTIONS_VERSION))
    opt.size = size
    opt.flip = 1 if flip else 0
    try:
        opt.coordinates = COORDINATES[coordinates]
    except (KeyError, TypeError):
        raise _errors.InvalidArgumentError(
            _errors.EINVAL, "coordinates must be one of both, numbers, iccs, none; not %r"
            % (coordinates,))
    try:
        opt.glyphs = GLYPHS[glyphs]
    except (KeyError, TypeError):
        raise _errors.InvalidArgumentError(
            _errors.EINVAL, "glyphs must be 'chinese' or 'letters', not %r" % (glyphs,))
    if lastmove is False:
        opt.show_last_move = 0
    elif lastmove is not None:
        opt.last_move = int(_as_move(lastmove))
    opt.show_check = 1 if check else 0
    moves = [int(_as_move(m)) for m in arrows]
    arr = (_ffi.c_move * max(len(moves), 1))(*moves)
    opt.arrows = ctypes.cast(arr, ctypes.POINTER(_ffi.c_move))
    opt.arrow_count = len(moves)

    handle = board._handle
    n = _ffi.lib.xq_board_svg(handle, ctypes.byref(opt), None, 0)
    _errors.check(n, None if n != _errors.EINVAL else
                  "bad picture options (size must be 32..8192, at most 1024 arrows)")
    buf = ctypes.create_string_buffer(n + 1)
    _errors.check(_ffi.lib.xq_board_svg(handle, ctypes.byref(opt), buf, n + 1))
    return buf.value.decode("utf-8")


__all__ = ["board", "Move"]
