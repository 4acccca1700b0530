# SPDX-License-Identifier: MIT
"""The ctypes layer: symbol table, library lookup and the version check."""

import ctypes
import os
import subprocess
import sys
import unittest

import xiangqi
from xiangqi import _ffi

from xqtest import SOURCE_DIR, header_version


class TestFfi(unittest.TestCase):
    def test_every_symbol_is_declared(self):
        with open(os.path.join(SOURCE_DIR, "lib", "xiangqi.sym")) as f:
            exported = {line.strip() for line in f if line.strip()}
        declared = set(_ffi.FUNCTIONS) | set(_ffi.OPTIONAL_FUNCTIONS)
        self.assertFalse(set(_ffi.FUNCTIONS) & set(_ffi.OPTIONAL_FUNCTIONS))
        self.assertEqual(sorted(exported - declared), [], "exported but not declared in _ffi.py")
        self.assertEqual(sorted(declared - exported), [], "declared in _ffi.py but not exported")
        for name in declared:
            fn = getattr(_ffi.lib, name)
            self.assertIsNotNone(fn.argtypes, name)

    def test_versions_agree(self):
        major, minor, patch = header_version()
        number = major * 10000 + minor * 100 + patch
        self.assertEqual(xiangqi.library_version(), number)
        self.assertEqual(xiangqi.library_version_string(), "%d.%d.%d" % (major, minor, patch))
        self.assertEqual(xiangqi.__version__, "%d.%d.%d" % (major, minor, patch))
        self.assertEqual(_ffi.VERSION_NUMBER, number)

    def test_check_version(self):
        _ffi.check_version(_ffi.VERSION_NUMBER, "here")
        _ffi.check_version(_ffi.VERSION_NUMBER + 1, "here")  # a newer patch/minor is fine
        with self.assertRaises(ImportError) as cm:
            _ffi.check_version(_ffi.VERSION_NUMBER + 10000, "/some/libxiangqi.so.1")
        self.assertIn("major version", str(cm.exception))
        self.assertIn("/some/libxiangqi.so.1", str(cm.exception))
        if _ffi.MINIMUM_VERSION > 0:
            with self.assertRaises(ImportError):
                _ffi.check_version(_ffi.MINIMUM_VERSION - 1, "old")

    def test_lookup_route(self):
        # The install test sets XQ_TEST_LOOKUP to the route it arranged.
        expected = os.environ.get("XQ_TEST_LOOKUP")
        routes = [how for how, _ in _ffi.candidates()]
        self.assertTrue(routes)
        if expected:
            self.assertEqual(routes[0], expected)
        self.assertTrue(os.path.basename(xiangqi.library_path()).startswith("libxiangqi"))

    def _import_with(self, library):
        env = dict(os.environ, XQ_LIBRARY=library)
        code = "import xiangqi"
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=60)

    @unittest.skipUnless(os.environ.get("XQ_FAKE_LIBRARY"), "XQ_FAKE_LIBRARY not set")
    def test_other_major_version_is_refused(self):
        r = self._import_with(os.environ["XQ_FAKE_LIBRARY"])
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("ImportError", r.stderr)
        self.assertIn("libxiangqi 2.3.4", r.stderr)
        self.assertIn("needs major version 1", r.stderr)

    def test_missing_library_is_explained(self):
        r = self._import_with("/nonexistent/libxiangqi.so.1")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("cannot load libxiangqi", r.stderr)
        self.assertIn("XQ_LIBRARY", r.stderr)

    def test_foreign_library_is_refused(self):
        import ctypes.util
        libm = ctypes.util.find_library("m")
        if not libm:
            self.skipTest("no libm to stand in for a foreign library")
        r = self._import_with(libm)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("is not libxiangqi", r.stderr)


if __name__ == "__main__":
    unittest.main()


class TestLayout(unittest.TestCase):
    """The ctypes structures match the C compiler's layout, field by field."""

    @unittest.skipUnless(os.environ.get("XQ_LAYOUT_TOOL"), "XQ_LAYOUT_TOOL not set")
    def test_structures(self):
        out = subprocess.run([os.environ["XQ_LAYOUT_TOOL"]], capture_output=True, text=True,
                             check=True).stdout
        seen = set()
        for line in out.splitlines():
            struct, field, value = line.split()
            cls = _ffi.STRUCTURES[struct]
            seen.add(struct)
            if field == "sizeof":
                self.assertEqual(ctypes.sizeof(cls), int(value), struct)
            else:
                self.assertEqual(getattr(cls, field).offset, int(value), "%s.%s" % (struct, field))
        self.assertEqual(seen, set(_ffi.STRUCTURES))
        # and every ctypes field is one the C program knows
        for struct, cls in _ffi.STRUCTURES.items():
            for name, _ in cls._fields_:
                self.assertIn("%s %s " % (struct, name), out)
