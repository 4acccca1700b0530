# SPDX-License-Identifier: MIT
"""The in-tree build backend: wheel, sdist and editable wheel, offline."""

import importlib.util
import os
import re
import shutil
import tarfile
import tempfile
import unittest
import zipfile

from xqtest import SOURCE_DIR

PKG_DIR = os.path.join(SOURCE_DIR, "bindings", "python")


def header_version():
    """MAJOR.MINOR.PATCH of include/xiangqi/version.h, the one place the
    version is written."""
    with open(os.path.join(SOURCE_DIR, "include", "xiangqi", "version.h"), encoding="utf-8") as f:
        text = f.read()
    return ".".join(re.search(r"#define XQ_VERSION_%s (\d+)" % p, text).group(1)
                    for p in ("MAJOR", "MINOR", "PATCH"))


VERSION = header_version()


def backend():
    spec = importlib.util.spec_from_file_location(
        "xq_backend", os.path.join(PKG_DIR, "_backend", "xq_backend.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class TestBackend(unittest.TestCase):
    def setUp(self):
        self.b = backend()
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def test_metadata_readers_agree(self):
        fallback = self.b._project_fallback()
        self.assertEqual(fallback["name"], "xiangqi")
        try:
            import tomllib  # noqa: F401
        except ImportError:
            return
        self.assertEqual(self.b._project(), dict(fallback, version=VERSION))

    def test_manylinux_tag(self):
        # The tag names the newest glibc symbol version the library needs.
        lib = b"\x7fELF ... GLIBC_2.2.5\x00GLIBC_2.34\x00GLIBC_2.17\x00GLIBC_2.3.4\x00"
        tag = self.b._platform_tag(lib)
        if self.b._platform_tag().startswith("linux_"):
            self.assertEqual(tag, "manylinux_2_34_" + self.b._platform_tag()[len("linux_"):])
        else:
            self.assertEqual(tag, self.b._platform_tag())
        self.assertEqual(self.b._platform_tag(b"no glibc here"), self.b._platform_tag())

    def test_version_from_the_header(self):
        # pyproject.toml does not write the version; the backend and the
        # package (run from this tree) both read the header's.
        with open(os.path.join(PKG_DIR, "pyproject.toml"), encoding="utf-8") as f:
            self.assertIsNone(re.search(r"^version\s*=", f.read(), re.M))
        self.assertEqual(self.b.library_version(), VERSION)
        import xiangqi
        self.assertEqual(xiangqi.__version__, VERSION)

    def test_wheel_carries_the_library(self):
        # build_library (cmake) is exercised by tests/install/python_install.sh; here
        # its output is stood in for, to check what the wheel is made of.
        asked = []

        def build_library(config_settings=None, book=False):
            asked.append(book)
            return b"\x7fELF stand-in", b"XQBOOK stand-in" if book else None

        self.b.build_library = build_library
        name = self.b.build_wheel(self.tmp.name)
        self.assertEqual(asked, [True])  # the default book comes with the library
        self.assertRegex(name, r"^xiangqi-%s-py3-none-(linux|macosx|win)[A-Za-z0-9_]*\.whl$"
                         % re.escape(VERSION))  # the stand-in names no glibc version
        self.assertNotIn("any", name)
        with zipfile.ZipFile(os.path.join(self.tmp.name, name)) as zf:
            info = zf.getinfo("xiangqi/libxiangqi.so.1")
            self.assertEqual(zf.read(info), b"\x7fELF stand-in")
            self.assertEqual(info.external_attr >> 16 & 0o777, 0o755)
            wheel = zf.read("xiangqi-%s.dist-info/WHEEL" % VERSION).decode()
            record = zf.read("xiangqi-%s.dist-info/RECORD" % VERSION).decode()
        self.assertIn("Root-Is-Purelib: false", wheel)
        self.assertIn("Tag: " + name[len("xiangqi-%s-" % VERSION):-len(".whl")], wheel)
        self.assertIn("xiangqi/libxiangqi.so.1,sha256=", record)
        self.assertIn("xiangqi/book.xqb,sha256=", record)  # Book.default() finds it there
        self.assertIn("xiangqi/py.typed,sha256=", record)
        self.assertIn("xiangqi/LICENSE.ccpd,sha256=", record)
        # the licences of what the wheel holds (docs/licences.md): the glyph
        # outlines compiled into the library, the games the book is built from
        self.assertLicences(name, "MIT AND OFL-1.1 AND CC-BY-4.0",
                            ["LICENSE", "lib/svg/LICENSE.noto", "data/ccpd/LICENSE.ccpd"])
        name = self.b.build_wheel(self.tmp.name, {"bundle-book": "false"})
        self.assertEqual(asked, [True, False])
        with zipfile.ZipFile(os.path.join(self.tmp.name, name)) as zf:
            self.assertNotIn("xiangqi/book.xqb", zf.namelist())
        # the library alone still holds the ECCO table adapted from the games
        self.assertLicences(name, "MIT AND OFL-1.1 AND CC-BY-4.0",
                            ["LICENSE", "lib/svg/LICENSE.noto", "data/ccpd/LICENSE.ccpd"])

    def assertLicences(self, wheel, expression, files):
        """METADATA names the licence (PEP 639) and the files, which are in
        .dist-info/licenses/ and in RECORD; LICENSE is the MIT licence."""
        info = "xiangqi-%s.dist-info/" % VERSION
        with zipfile.ZipFile(os.path.join(self.tmp.name, wheel)) as zf:
            metadata = zf.read(info + "METADATA").decode()
            record = zf.read(info + "RECORD").decode()
            names = zf.namelist()
            mit = zf.read(info + "licenses/LICENSE").decode()
        self.assertIn("Metadata-Version: 2.4\n", metadata)
        head = metadata.split("\n\n")[0].split("\n")
        self.assertEqual([h for h in head if h.startswith("License-Expression:")],
                         ["License-Expression: " + expression])
        self.assertEqual([h for h in head if h.startswith("License-File:")],
                         ["License-File: " + f for f in files])
        self.assertFalse([h for h in head if h.startswith("Classifier: License ::")])
        self.assertEqual(sorted(n for n in names if n.startswith(info + "licenses/")),
                         sorted(info + "licenses/" + f for f in files))
        for f in files:
            self.assertIn(info + "licenses/" + f + ",sha256=", record)
        self.assertTrue(mit.startswith("MIT License\n"), mit[:40])
        self.assertIn("Copyright (c) 2026 the libxiangqi authors", mit)

    def test_source_tree_found(self):
        self.assertEqual(os.path.realpath(self.b.source_dir()), os.path.realpath(SOURCE_DIR))

    def test_no_cmake_is_a_clear_error(self):
        old = os.environ.get("PATH")
        os.environ["PATH"] = self.tmp.name  # no cmake there
        try:
            with self.assertRaisesRegex(self.b.BuildError, "cmake is not on PATH"):
                self.b.build_library()
        finally:
            os.environ["PATH"] = old

    def test_wheel(self):
        name = self.b.build_wheel(self.tmp.name, {"bundle-library": "false"})
        self.assertEqual(name, "xiangqi-%s-py3-none-any.whl" % VERSION)
        with zipfile.ZipFile(os.path.join(self.tmp.name, name)) as zf:
            names = zf.namelist()
            self.assertIsNone(zf.testzip())
            record = zf.read("xiangqi-%s.dist-info/RECORD" % VERSION).decode()
            metadata = zf.read("xiangqi-%s.dist-info/METADATA" % VERSION).decode()
            version_py = zf.read("xiangqi/_version.py").decode()
        for f in ("xiangqi/__init__.py", "xiangqi/_ffi.py", "xiangqi/svg.py",
                  "xiangqi/py.typed"):  # PEP 561: type checkers read the package's hints
            self.assertIn(f, names)
            self.assertIn(f + ",sha256=", record)
        self.assertFalse([n for n in names if "__pycache__" in n])
        self.assertIn("Name: xiangqi", metadata)
        self.assertIn("Version: %s" % VERSION, metadata)
        self.assertIn('version = "%s"' % VERSION, version_py)
        self.assertLicences(name, "MIT", ["LICENSE"])  # Python code only

    def test_no_typed_marker_is_a_clear_error(self):
        # A package tree without py.typed would make wheels whose type hints
        # mypy ignores: the backend refuses it instead.
        root = os.path.join(self.tmp.name, "tree")
        shutil.copytree(os.path.join(PKG_DIR, "xiangqi"), os.path.join(root, "xiangqi"),
                        ignore=shutil.ignore_patterns("__pycache__", "libxiangqi.*", "*.xqb"))
        self.b.ROOT = root
        self.assertIn(("xiangqi/py.typed", os.path.join(root, "xiangqi", "py.typed")),
                      self.b._package_files())
        os.unlink(os.path.join(root, "xiangqi", "py.typed"))
        with self.assertRaisesRegex(self.b.BuildError, r"xiangqi/py\.typed is missing.*PEP 561"):
            self.b._package_files()

    def test_sdist_and_editable(self):
        name = self.b.build_sdist(self.tmp.name)
        with tarfile.open(os.path.join(self.tmp.name, name)) as tf:
            names = tf.getnames()
            pkg_info = tf.extractfile("xiangqi-%s/PKG-INFO" % VERSION).read().decode()
        for f in ("PKG-INFO", "pyproject.toml", "_backend/xq_backend.py", "xiangqi/_board.py",
                  "xiangqi/py.typed",
                  "csrc/CMakeLists.txt", "csrc/lib/core/board.c", "csrc/include/xiangqi/xiangqi.h",
                  "csrc/docs/CMakeLists.txt", "LICENSE", "csrc/LICENSE",
                  "csrc/lib/svg/LICENSE.noto", "csrc/data/ccpd/LICENSE.ccpd",
                  "csrc/data/ecco/ecco-table.tsv", "csrc/data/nnue/default.nnue"):
            self.assertIn("xiangqi-%s/" % VERSION + f, names)
        self.assertIn("License-Expression: MIT AND OFL-1.1 AND CC-BY-4.0\n", pkg_info)
        self.assertIn("License-File: LICENSE\nLicense-File: csrc/lib/svg/LICENSE.noto\n"
                      "License-File: csrc/data/ccpd/LICENSE.ccpd\n", pkg_info)
        self.assertNotIn("xiangqi-%s/csrc/data/ccpd/ccpd-masters-53889.pgn.xz" % VERSION, names)
        name = self.b.build_editable(self.tmp.name, {"bundle-library": "false"})
        with zipfile.ZipFile(os.path.join(self.tmp.name, name)) as zf:
            pth = zf.read("_xiangqi_editable.pth").decode().strip()
        self.assertEqual(os.path.realpath(pth), os.path.realpath(PKG_DIR))


if __name__ == "__main__":
    unittest.main()
