# SPDX-License-Identifier: MIT
"""The lifetime of a C handle owned by a Python object (internal module)."""

import weakref

from . import _errors
from ._errors import InvalidArgumentError


class Owned:
    """Base of the classes that own one C handle. The handle is freed by
    :meth:`close`, at the end of a ``with`` block, or when the object is
    collected, whichever comes first."""

    _what = "object"  # named in the error raised after close()
    _ptr = None

    def _own(self, handle, free):
        self._ptr = handle
        self._finalizer = weakref.finalize(self, free, handle)

    @property
    def _handle(self):
        if self._ptr is None:
            raise InvalidArgumentError(_errors.EINVAL, "the %s is closed" % (self._what,))
        return self._ptr

    def close(self):
        """Free the C object now. Any later use raises :class:`InvalidArgumentError`."""
        if self._ptr is not None:
            self._finalizer()
            self._ptr = None

    @property
    def closed(self):
        """Whether :meth:`close` was called."""
        return self._ptr is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
