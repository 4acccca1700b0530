# SPDX-License-Identifier: MIT
"""Game review: the class of a move from the engine's values around it
(the library's xiangqi/review.h; needs libxiangqi 1.1).

>>> from xiangqi import review
>>> review.classify(120, -250, is_best=False)     # values from the mover's view
('blunder', 370)
>>> review.SYMBOLS["blunder"], review.NAGS["blunder"]
('??', 4)
>>> review.value_text(review.MATE_VALUE - 3), review.value_text(-120)
('#3', '-1.20')

A value is centipawns, mates as ``+-(MATE_VALUE - N)`` (:func:`value`
makes one from a :class:`xiangqi.Score`). The values before and after a
move are clamped to ``+-loss_cap`` (1000) and the loss is their difference;
a move that is not the engine's best is an inaccuracy from a loss of 50,
a mistake from 100, a blunder from 300 (:class:`Thresholds`). The same
library function classes the moves of the server's review and of
:mod:`xiangqi.tools.analyse`.
"""

from __future__ import annotations

import ctypes
from typing import Dict, List, Optional, Tuple

from . import _errors, _ffi
from ._search import PovScore, Score

_lib = _ffi.lib

if not _ffi.has(_lib, "xq_review_classify"):
    raise ImportError("this libxiangqi (%s, %s) has no xq_review_classify(): xiangqi.review "
                      "needs libxiangqi 1.1 or later"
                      % (_ffi.path, _lib.xq_version_string().decode()))

__all__ = ["MATE_VALUE", "MATE_BAND", "CLASSES", "NAGS", "SYMBOLS", "Thresholds", "value",
           "value_text", "classify", "classify_loss"]

#: Mate in N moves is ``MATE_VALUE - N``, being mated in N ``-MATE_VALUE + N``
#: (``XQ_MATE_VALUE``).
MATE_VALUE: int = _ffi.MATE_VALUE
#: Values within this much of +-MATE_VALUE are mates (``XQ_MATE_BAND``).
MATE_BAND: int = _ffi.MATE_BAND

_INT32 = (-2 ** 31, 2 ** 31 - 1)

#: The classes of a move, best to worst (``xq_review_class_name``).
CLASSES: Tuple[str, ...] = tuple(_lib.xq_review_class_name(i).decode()
                                 for i in range(_ffi.MOVE_CLASS_COUNT))
#: The NAG of each class: 6 ($6, ?!), 2 ($2, ?), 4 ($4, ??), 0 for none.
NAGS: Dict[str, int] = {c: _lib.xq_review_class_nag(i) for i, c in enumerate(CLASSES)}
#: The symbol of each class in move lists: "?!", "?", "??", "" for none.
SYMBOLS: Dict[str, str] = {c: _lib.xq_review_class_symbol(i).decode()
                           for i, c in enumerate(CLASSES)}


def _int32(x: int) -> int:
    return max(_INT32[0], min(_INT32[1], int(x)))


class Thresholds:
    """Score losses (centipawns, from the mover's view) at which a move
    that is not the engine's best becomes an inaccuracy, a mistake, a
    blunder, and the clamp of the values (``xq_review_thresholds``). A
    soldier before the river is worth about 100. Every argument left out is
    the library's default (50, 100, 300; loss cap 1000).

    ``best``: the engine's best move was played; ``good``: another move,
    loss below *inaccuracy*; ``inaccuracy``: loss >= *inaccuracy*;
    ``mistake``: >= *mistake*; ``blunder``: >= *blunder*. ValueError
    (:class:`xiangqi.InvalidArgumentError`) unless
    ``0 < inaccuracy <= mistake <= blunder`` and ``0 < loss_cap <= MATE_VALUE``.
    """
    __slots__ = ("inaccuracy", "mistake", "blunder", "loss_cap")

    def __init__(self, inaccuracy: Optional[int] = None, mistake: Optional[int] = None,
                 blunder: Optional[int] = None, loss_cap: Optional[int] = None) -> None:
        c = _ffi.ReviewThresholds()
        _errors.check(_lib.xq_review_thresholds_init(ctypes.byref(c),
                                                     _ffi.REVIEW_THRESHOLDS_VERSION))
        given = (inaccuracy, mistake, blunder, loss_cap)
        for name, v in zip(self.__slots__, given):
            if v is not None:
                setattr(c, name, _int32(v))
        err = _ffi.ParseError()
        rc = _lib.xq_review_thresholds_check(ctypes.byref(c), ctypes.byref(err))
        if rc < 0 or any(v is not None and int(v) != _int32(v) for v in given):
            raise _errors.InvalidArgumentError(
                _errors.EINVAL, err.message.decode("utf-8", "replace") if rc < 0 else
                "thresholds must be 32-bit integers, not %r, %r, %r, %r" % given)
        self.inaccuracy: int = c.inaccuracy
        self.mistake: int = c.mistake
        self.blunder: int = c.blunder
        self.loss_cap: int = c.loss_cap

    @classmethod
    def parse(cls, text: str) -> Thresholds:
        """From ``"50,100,300"`` (the loss cap: the default)."""
        parts = text.split(",")
        if len(parts) != 3:
            raise ValueError("thresholds are three numbers INACCURACY,MISTAKE,BLUNDER, not %r"
                             % (text,))
        return cls(*(int(p) for p in parts))

    def as_list(self) -> List[int]:
        """``[inaccuracy, mistake, blunder]`` (without the loss cap)."""
        return [self.inaccuracy, self.mistake, self.blunder]

    def _c(self) -> _ffi.ReviewThresholds:
        return _ffi.ReviewThresholds(_ffi.REVIEW_THRESHOLDS_VERSION, self.inaccuracy,
                                     self.mistake, self.blunder, self.loss_cap)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Thresholds):
            return NotImplemented
        return self.as_list() + [self.loss_cap] == other.as_list() + [other.loss_cap]

    def __hash__(self) -> int:
        return hash((self.inaccuracy, self.mistake, self.blunder, self.loss_cap))

    def __repr__(self) -> str:
        return "Thresholds(%d, %d, %d, loss_cap=%d)" % (self.inaccuracy, self.mistake,
                                                        self.blunder, self.loss_cap)


def _thresholds(t: Optional[Thresholds]) -> Optional[_ffi.ReviewThresholds]:
    if t is None:
        return None
    if not isinstance(t, Thresholds):
        raise _errors.InvalidArgumentError(_errors.EINVAL, "thresholds must be a Thresholds")
    return t._c()


def value(score: Score | PovScore) -> int:
    """A :class:`xiangqi.Score` (or the relative score of a
    :class:`xiangqi.PovScore`) as a value: centipawns, mates as
    ``+-(MATE_VALUE - N)`` (mated on the board: ``-MATE_VALUE``; the
    winner's "mate given": ``MATE_VALUE``)."""
    s = score.relative if isinstance(score, PovScore) else score
    if not isinstance(s, Score):
        raise _errors.InvalidArgumentError(_errors.EINVAL, "value() needs a Score")
    if s.mate_given:
        return MATE_VALUE
    out = ctypes.c_int32()
    kind, number = (1, s.mate) if s.mate is not None else (0, s.cp)
    _errors.check(_lib.xq_review_value(kind, _int32(number or 0), ctypes.byref(out)),
                  "cannot make a value of %r" % (s,))
    return out.value


def value_text(v: int, sign: bool = False, pawns: bool = True) -> str:
    """A value as text: ``0.35``, ``-1.20``, ``#3`` (mates in 3), ``#-2``
    (is mated in 2); with *sign* ``+0.35``; without *pawns* centipawns
    (``35``). InvalidArgumentError beyond +-MATE_VALUE."""
    if not -MATE_VALUE <= v <= MATE_VALUE:
        raise _errors.InvalidArgumentError(_errors.EINVAL, "not a value: %r" % (v,))
    flags = (_ffi.VALUE_TEXT_SIGN if sign else 0) | (0 if pawns else _ffi.VALUE_TEXT_CENTIPAWNS)
    buf = ctypes.create_string_buffer(_ffi.VALUE_TEXT_MAX)
    n = _errors.check(_lib.xq_review_value_text(int(v), flags, buf, len(buf)))
    return buf.value[:n].decode()


def classify(before: int, after: int, is_best: bool,
             thresholds: Optional[Thresholds] = None) -> Tuple[str, int]:
    """The class of a move and its loss, ``(class, loss)``, from the values
    before and after it, both from the view of the side that moved (the
    value after is the negated value of the position after the move). The
    loss is ``clamp(before) - clamp(after)`` with the values clamped to
    +-loss_cap; it is negative when the move did better than expected.
    InvalidArgumentError for a value beyond +-MATE_VALUE."""
    loss = ctypes.c_int32()
    if not (-MATE_VALUE <= before <= MATE_VALUE and -MATE_VALUE <= after <= MATE_VALUE):
        raise _errors.InvalidArgumentError(_errors.EINVAL, "values are within +-%d, not %r, %r"
                                           % (MATE_VALUE, before, after))
    t = _thresholds(thresholds)
    cls = _errors.check(_lib.xq_review_classify(int(before), int(after), 1 if is_best else 0,
                                                ctypes.byref(t) if t is not None else None,
                                                ctypes.byref(loss)))
    return CLASSES[cls], loss.value


def classify_loss(loss: int, is_best: bool, thresholds: Optional[Thresholds] = None) -> str:
    """The class of a move from its loss (centipawns, mover's view; any
    integer) and whether it was the engine's best move."""
    t = _thresholds(thresholds)
    cls = _errors.check(_lib.xq_review_classify_loss(_int32(loss), 1 if is_best else 0,
                                                     ctypes.byref(t) if t is not None else None))
    return CLASSES[cls]
