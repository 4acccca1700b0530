# SPDX-License-Identifier: MIT
"""xiangqi.review (the library's xiangqi/review.h) on the shared tables
tests/data/review/classes.tsv and values.tsv, which the C test
(check_review) and the JavaScript test (test_review.mjs) read too; the
analyse tool's published names on top of it; bad input."""

import os
import subprocess
import sys
import unittest

import xiangqi
from xiangqi import review
from xiangqi.tools import analyse

from xqtest import DATA_DIR, SOURCE_DIR


def rows(name):
    with open(os.path.join(DATA_DIR, "review", name), encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            if line.strip() and not line.startswith("#"):
                yield no, line.rstrip("\n").split("\t")


def thresholds_of(text):
    if text == "-":
        return None
    return review.Thresholds(*(int(x) for x in text.split(",")))


class TestTables(unittest.TestCase):
    def test_classes(self):
        n = 0
        for no, (before, after, best, thr, cls, loss, nag, symbol) in rows("classes.tsv"):
            with self.subTest(line=no):
                n += 1
                is_best = best == "1"
                if cls == "EINVAL":
                    with self.assertRaises(ValueError):
                        review.classify(int(before), int(after), is_best, thresholds_of(thr))
                    continue
                t = thresholds_of(thr)
                self.assertEqual(review.classify(int(before), int(after), is_best, t),
                                 (cls, int(loss)))
                self.assertEqual(review.classify_loss(int(loss), is_best, t), cls)
                self.assertEqual(review.NAGS[cls], int(nag))
                self.assertEqual(review.SYMBOLS[cls], "" if symbol == "-" else symbol)
                # the analyse tool's published names give the same
                self.assertEqual(analyse.classify(int(loss), is_best,
                                                  t or analyse.DEFAULT_THRESHOLDS), cls)
                self.assertEqual(analyse.CLASS_NAGS[cls], int(nag) or None)
        self.assertGreaterEqual(n, 40)

    def test_values(self):
        for no, (kind, score, value, text, signed, cp) in rows("values.tsv"):
            with self.subTest(line=no):
                if kind not in ("cp", "mate"):
                    continue  # no Score of another kind
                s = xiangqi.Score(cp=int(score)) if kind == "cp" else None
                if kind == "mate":
                    if value == "EINVAL":
                        with self.assertRaises(ValueError):
                            review.value(xiangqi.Score(mate=int(score)))
                        continue
                    s = xiangqi.Score(mate=int(score))
                self.assertEqual(review.value(s), int(value))
                self.assertEqual(review.value_text(int(value)), text)
                self.assertEqual(review.value_text(int(value), sign=True), signed)
                self.assertEqual(review.value_text(int(value), sign=True, pawns=False), cp)
                self.assertEqual(analyse.format_value(int(value)), signed)
                self.assertEqual(analyse.format_value(int(value), pawns=False), cp)


class TestNames(unittest.TestCase):
    def test_constants(self):
        self.assertEqual(review.CLASSES, ("best", "good", "inaccuracy", "mistake", "blunder"))
        self.assertEqual(analyse.CLASSES, review.CLASSES)
        self.assertEqual(analyse.CLASS_NAGS, {"best": None, "good": None, "inaccuracy": 6,
                                              "mistake": 2, "blunder": 4})
        # the header's XQ_MATE_VALUE, as the library converts a mate
        with open(os.path.join(SOURCE_DIR, "include", "xiangqi", "review.h")) as f:
            self.assertIn("#define XQ_MATE_VALUE %d\n" % review.MATE_VALUE, f.read())
        self.assertEqual(review.value(xiangqi.Score(mate=0)), -review.MATE_VALUE)
        self.assertEqual(review.value(-xiangqi.Score(mate=0)), review.MATE_VALUE)
        self.assertEqual(analyse.MATE_VALUE, review.MATE_VALUE)
        self.assertEqual(analyse.LOSS_CAP, 1000)
        t = analyse.Thresholds()
        self.assertEqual((t.as_list(), t.loss_cap), ([50, 100, 300], 1000))
        self.assertIs(analyse.Thresholds, review.Thresholds)
        self.assertEqual(analyse.Thresholds(50, 100, 300), analyse.DEFAULT_THRESHOLDS)
        self.assertEqual(repr(t), "Thresholds(50, 100, 300, loss_cap=1000)")
        self.assertEqual(review.classify(100, -200, False), ("blunder", 300))
        self.assertIs(xiangqi.review, review)

    def test_bad_input(self):
        for args in ((0, 100, 300), (50, 30, 300), (50, 100, 90), (-1, 100, 300),
                     (50, 100, 300, 0), (50, 100, 300, 30001), (50, 100, 2 ** 40)):
            with self.subTest(args=args), self.assertRaises(ValueError) as cm:
                review.Thresholds(*args)
            self.assertIsInstance(cm.exception, xiangqi.InvalidArgumentError)
        with self.assertRaises(ValueError) as cm:
            analyse.Thresholds(50, 30, 300)
        self.assertIn("0 < inaccuracy <= mistake <= blunder, not 50, 30, 300", str(cm.exception))
        for bad in ("50,100", "a,b,c", "50,30,300"):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                analyse.Thresholds.parse(bad)
        for v in (30001, -30001, 2 ** 40):
            with self.assertRaises(ValueError):
                review.value_text(v)
            with self.assertRaises(ValueError):
                review.classify(v, 0, False)
            with self.assertRaises(ValueError):
                review.classify(0, v, False)
        with self.assertRaises(ValueError):
            review.classify(0, 0, False, thresholds=(50, 100, 300))  # not a Thresholds
        with self.assertRaises(ValueError):
            review.value(35)
        # a loss beyond 32 bits is still a loss
        self.assertEqual(review.classify_loss(2 ** 40, False), "blunder")
        self.assertEqual(review.classify_loss(-2 ** 40, False), "good")
        self.assertEqual(analyse.classify(10 ** 12, True), "best")


class TestOldLibrary(unittest.TestCase):
    def test_a_library_without_the_review_still_loads(self):
        # A 1.0 library: its CDLL has no xq_review_* functions.
        code = "\n".join([
            "import ctypes",
            "get = ctypes.CDLL.__getattr__",
            "def hide(self, name):",
            "    if name.startswith('xq_review_'):",
            "        raise AttributeError(name)",
            "    return get(self, name)",
            "ctypes.CDLL.__getattr__ = hide",
            "import xiangqi",
            "assert not hasattr(xiangqi, 'review')",
            "assert len(xiangqi.Board().legal_moves) == 44",
            "import xiangqi.review",
        ])
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=60)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("ImportError", r.stderr)
        self.assertIn("xiangqi.review needs libxiangqi 1.1 or later", r.stderr)


if __name__ == "__main__":
    unittest.main()
