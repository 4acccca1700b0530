# SPDX-License-Identifier: MIT
"""The engine's evaluation from Python: Engine.eval, load_net (a path or
bytes), net_info, evaluate; bad nets leave the engine as it was."""

import os
import random
import struct
import tempfile
import unittest

import xiangqi
from xiangqi import Engine

L1, OUT_BUCKETS, BUCKET_FEATURES = 256, 8, 1260


def fnv(data):
    h = 0xcbf29ce484222325
    for i, b in enumerate(data):
        if 48 <= i < 56:
            continue
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def make_net(seed, description="python test net"):
    """A one-bucket net file (docs/nnue.md) with seeded random weights."""
    rnd = random.Random(seed)
    desc = description.encode().ljust(256, b"\0")
    ft_bias = struct.pack("<%dh" % L1, *(rnd.randint(-60, 120) for _ in range(L1)))
    n = BUCKET_FEATURES * L1
    ft = struct.pack("<%dh" % n, *(rnd.randint(-40, 40) for _ in range(n)))
    out = struct.pack("<%dh" % (OUT_BUCKETS * 2 * L1),
                      *(rnd.randint(-127, 127) for _ in range(OUT_BUCKETS * 2 * L1)))
    out_bias = struct.pack("<%di" % OUT_BUCKETS, *(rnd.randint(-9000, 9000)
                                                   for _ in range(OUT_BUCKETS)))
    body = desc + ft_bias + ft + out + out_bias
    head = bytearray(b"XQNNUE\x1a\n" + struct.pack("<8I", 1, 1, L1, OUT_BUCKETS, 255, 64, 400, 0)
                     + struct.pack("<QQQ", len(body), 0, 0))
    data = head + body
    data[48:56] = struct.pack("<Q", fnv(data))
    return bytes(data)


@unittest.skipUnless(hasattr(xiangqi._ffi.lib, "xq_search_set_eval"), "libxiangqi before 1.1")
class TestNet(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.net = make_net(5)

    def test_default_eval(self):
        """A new engine evaluates with the built-in net when the library
        has one, else by hand."""
        with Engine() as e:
            self.assertEqual(e.eval, "classical" if e.net_info() is None else "nnue")
            b = xiangqi.Board()
            e.eval = "classical"
            self.assertEqual(e.evaluate(b), xiangqi.evaluate(b))
            if e.net_info() is None:
                with self.assertRaises(xiangqi.NotFoundError):
                    e.set_eval("nnue")
                self.assertEqual(e.eval, "classical")
            with self.assertRaises(xiangqi.InvalidArgumentError):
                e.set_eval("neural")

    def test_load_bytes_and_path(self):
        with Engine() as e, tempfile.TemporaryDirectory() as tmp:
            e.load_net(self.net)
            self.assertEqual(e.eval, "nnue")
            info = e.net_info()
            self.assertRegex(info, r"^[0-9a-f]{16} python test net$")
            fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
            cp = e.evaluate(fen)
            path = os.path.join(tmp, "n.nnue")
            with open(path, "wb") as f:
                f.write(self.net)
            with Engine() as e2:
                e2.load_net(path)
                self.assertEqual(e2.evaluate(fen), cp)
                self.assertEqual(e2.net_info(), info)
            r = e.play(xiangqi.Board(), depth=5)
            self.assertTrue(xiangqi.Board().is_legal(r.move))
            e.eval = "classical"
            self.assertEqual(e.evaluate(fen), xiangqi.evaluate(fen))
            e.eval = "nnue"
            self.assertEqual(e.evaluate(fen), cp)

    def test_bad_nets_change_nothing(self):
        with Engine() as e:
            e.load_net(self.net)
            cp = e.evaluate(xiangqi.Board())
            bad = bytearray(self.net)
            bad[3000] ^= 1
            cases = [(self.net[:500], xiangqi.ParseError, "truncated"),
                     (bytes(bad), xiangqi.ParseError, "checksum mismatch (file corrupted)"),
                     (b"", xiangqi.ParseError, "empty file, not a net"),
                     (b"hello\n", xiangqi.ParseError, "not a net file (bad magic)"),
                     (self.net[:8] + b"\x02" + self.net[9:], xiangqi.VersionError,
                      "net format version 2, this library reads version 1")]
            for data, error, text in cases:
                with self.assertRaises(error) as cm:
                    e.load_net(data)
                self.assertIn(text, str(cm.exception))
                self.assertEqual(e.evaluate(xiangqi.Board()), cp)
                self.assertEqual(e.eval, "nnue")
            with self.assertRaises(xiangqi.XiangqiIOError) as cm:
                e.load_net("/nonexistent/x.nnue")
            self.assertIn("/nonexistent/x.nnue", str(cm.exception))
            e.load_net(None)
            if e.net_info() is None:
                self.assertEqual(e.eval, "classical")

    def test_busy(self):
        with Engine() as e:
            e.start(xiangqi.Board())
            with self.assertRaises(xiangqi.StateError):
                e.load_net(self.net)
            e.stop()
            e.wait()
            e.load_net(self.net)


if __name__ == "__main__":
    unittest.main()
