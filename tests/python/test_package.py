"""The in-tree build backend: wheel, sdist and editable wheel, offline."""

import importlib.util
import os
import tarfile
import tempfile
import unittest
import zipfile

from xqtest import SOURCE_DIR

PKG_DIR = os.path.join(SOURCE_DIR, "bindings", "python")


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
        self.assertEqual(self.b._project(), fallback)

    def test_wheel(self):
        name = self.b.build_wheel(self.tmp.name)
        self.assertEqual(name, "xiangqi-0.2.0-py3-none-any.whl")
        with zipfile.ZipFile(os.path.join(self.tmp.name, name)) as zf:
            names = zf.namelist()
            self.assertIsNone(zf.testzip())
            record = zf.read("xiangqi-0.2.0.dist-info/RECORD").decode()
            metadata = zf.read("xiangqi-0.2.0.dist-info/METADATA").decode()
        for f in ("xiangqi/__init__.py", "xiangqi/_ffi.py", "xiangqi/svg.py"):
            self.assertIn(f, names)
            self.assertIn(f + ",sha256=", record)
        self.assertFalse([n for n in names if "__pycache__" in n])
        self.assertIn("Name: xiangqi", metadata)
        self.assertIn("Version: 0.2.0", metadata)

    def test_sdist_and_editable(self):
        name = self.b.build_sdist(self.tmp.name)
        with tarfile.open(os.path.join(self.tmp.name, name)) as tf:
            names = tf.getnames()
        for f in ("PKG-INFO", "pyproject.toml", "_backend/xq_backend.py", "xiangqi/_board.py"):
            self.assertIn("xiangqi-0.2.0/" + f, names)
        name = self.b.build_editable(self.tmp.name)
        with zipfile.ZipFile(os.path.join(self.tmp.name, name)) as zf:
            pth = zf.read("_xiangqi_editable.pth").decode().strip()
        self.assertEqual(os.path.realpath(pth), os.path.realpath(PKG_DIR))


if __name__ == "__main__":
    unittest.main()
