# SPDX-License-Identifier: MIT
"""The lifetime of a C handle owned by a Python object (internal module)."""

from __future__ import annotations

import weakref
from typing import Any, Callable, Optional, TypeVar

from . import _errors
from ._errors import InvalidArgumentError

_Self = TypeVar("_Self", bound="Owned")


class Owned:
    """Base of the classes that own one C handle. The handle is freed by
    :meth:`close`, at the end of a ``with`` block, or when the object is
    collected, whichever comes first."""

    _what = "object"  # named in the error raised after close()
    _ptr: Optional[int] = None  # the C handle (a pointer as an int), None when closed

    def _own(self, handle: Optional[int], free: Callable[[Any], Any]) -> None:
        self._ptr = handle
        self._finalizer = weakref.finalize(self, free, handle)

    @property
    def _handle(self) -> int:
        if self._ptr is None:
            raise InvalidArgumentError(_errors.EINVAL, "the %s is closed" % (self._what,))
        return self._ptr

    def close(self) -> None:
        """Free the C object now. Any later use raises :class:`InvalidArgumentError`."""
        if self._ptr is not None:
            self._finalizer()
            self._ptr = None

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._ptr is None

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:

        self.close()
