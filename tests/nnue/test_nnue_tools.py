# SPDX-License-Identifier: MIT
"""The NNUE tools against the library (issue 30).

tools/nnue/prepare.py turns a small self-play run (tests/data/nnue) into
training rows, tools/nnue/train.py trains a net for one epoch and writes
it, and xq-uci loads it (EvalFile): its static evaluation of positions must
equal features.evaluate_int(), the trainer's own integer model of the
library's network, exactly; so the features, the file writer and reader and
the integer arithmetic of Python and C agree. Bad net files are refused by
xq-uci with the library's message and leave the evaluation as it was.
tools/nnue/static_loss.py scores the hand-written evaluation and the net on
the held-out positions.

usage: /usr/bin/python3 test_nnue_tools.py XQ_UCI   (needs python3-torch)
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOLS = os.path.join(ROOT, "tools", "nnue")
RUN = os.path.join(ROOT, "tests", "data", "nnue", "selfplay")
sys.path.insert(0, TOOLS)
import features as F  # noqa: E402

XQ_UCI = None


def uci(*commands):
    """xq-uci's output lines for the commands (then quit)."""
    text = "\n".join(commands + ("quit",)) + "\n"
    r = subprocess.run([XQ_UCI], input=text, capture_output=True, text=True, timeout=120)
    return r.stdout.splitlines()


def fixture_fens(limit):
    fens = []
    with open(os.path.join(RUN, "chunks", "000000.jsonl")) as f:
        for line in f:
            for p in json.loads(line)["positions"]:
                fens.append(p["fen"])
    step = max(1, len(fens) // limit)
    return fens[::step][:limit]


class NnueTools(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.nets = {}  # king buckets -> the net trained (once) for them

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def train(self, buckets):
        """The net of one epoch with this many king buckets (trained by the
        first test that needs it, its log checked then)."""
        if buckets not in self.nets:
            self.nets[buckets] = self.train_new(buckets)
        return self.nets[buckets]

    def train_new(self, buckets):
        data = os.path.join(self.tmp.name, "d%d.npz" % buckets)
        net = os.path.join(self.tmp.name, "n%d.nnue" % buckets)
        log = os.path.join(self.tmp.name, "t%d.log" % buckets)
        for cmd in ([sys.executable, os.path.join(TOOLS, "prepare.py"), "--king-buckets",
                     str(buckets), "-o", data, RUN],
                    [sys.executable, os.path.join(TOOLS, "train.py"), data, "-o", net,
                     "--epochs", "1", "--log", log, "--holdout-mod", "2",
                     "--description", "test net %d" % buckets]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            self.assertEqual(r.returncode, 0, r.stderr)
        with open(log) as f:
            text = f.read()
        self.assertRegex(text, r"epoch  1  train loss 0\.\d+  held-out loss 0\.\d+")
        self.assertRegex(text, r"quantised vs float on \d+ held-out positions: mean \|diff\| ")
        return net

    def check_net(self, net, buckets):
        model = F.read_net(net)
        self.assertEqual(model[0], buckets)
        self.assertEqual(model[5], "test net %d" % buckets)
        fens = fixture_fens(40) + [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "4k4/9/9/9/9/9/9/9/9/5K3 b - - 0 1",     # generals only, Red's off centre
            "3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
        ]
        commands = ["setoption name EvalFile value " + net]
        for fen in fens:
            commands += ["position fen " + fen, "eval"]
        out = [line for line in uci(*commands) if "static evaluation" in line]
        self.assertEqual(len(out), len(fens))
        for fen, line in zip(fens, out):
            self.assertIn("(side to move, nnue)", line)
            got = int(line.split("static evaluation ")[1].split()[0])
            want = max(-9000, min(9000, F.evaluate_int(model, fen)))
            self.assertEqual(got, want, fen)

    def test_one_bucket(self):
        self.check_net(self.train(1), 1)

    def test_six_buckets(self):
        self.check_net(self.train(6), 6)

    def test_static_loss(self):
        """static_loss.py scores the hand-written evaluation and a net on the
        held-out positions; the search score predicts its own target best."""
        net = self.train(1)
        tool = os.path.join(TOOLS, "static_loss.py")
        r = subprocess.run([sys.executable, tool, RUN, "--net", net, "--holdout-mod", "2"],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = {}
        for line in r.stdout.splitlines()[1:]:
            name, rest = line.split(" loss ")
            loss, _, rest = rest.partition("   |eval - score| ")
            mae, _, corr = rest.partition(" cp   correlation ")
            rows[name.strip()] = (float(loss), float(mae), float(corr))
        self.assertRegex(r.stdout.splitlines()[0], r"^\d+ held-out quiet positions, K \d+\.\d, lambda 0\.75$")
        self.assertEqual(set(rows), {"classical", os.path.basename(net), "the search score itself"})
        for name, (loss, mae, corr) in rows.items():
            self.assertTrue(0 < loss < 0.25 and mae >= 0 and -1 <= corr <= 1, (name, loss, mae, corr))
        self.assertEqual(rows["the search score itself"][1:], (0.0, 1.0))
        # the held-out games' positions of a folder with no chunks: none
        empty = os.path.join(self.tmp.name, "empty")
        os.makedirs(os.path.join(empty, "chunks"), exist_ok=True)
        r = subprocess.run([sys.executable, tool, empty], capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 1)
        self.assertIn("no held-out positions", r.stderr)

    def test_bad_files(self):
        net = self.train(1)
        with open(net, "rb") as f:
            data = f.read()
        cases = {"truncated.nnue": (data[:1000], "truncated"),
                 "flipped.nnue": (data[:5000] + bytes([data[5000] ^ 1]) + data[5001:],
                                  "checksum mismatch (file corrupted)"),
                 "text.nnue": (b"hello\n", "not a net file (bad magic)"),
                 "v9.nnue": (data[:8] + b"\x09\0\0\0" + data[12:], "net format version 9")}
        # Eval's default: nnue with a net built into the library (the build
        # says whether it has one)
        default_eval = [line.split()[6] for line in uci("uci")
                        if line.startswith("option name Eval type combo")][0]
        if "XQ_TEST_DEFAULT_NET" in os.environ:
            self.assertEqual(default_eval,
                             "nnue" if os.environ["XQ_TEST_DEFAULT_NET"] == "1" else "classical")
        for name, (blob, message) in cases.items():
            path = os.path.join(self.tmp.name, name)
            with open(path, "wb") as f:
                f.write(blob)
            out = uci("position startpos", "eval", "setoption name EvalFile value " + path,
                      "eval")
            errors = [line for line in out if line.startswith("info string error: EvalFile")]
            self.assertEqual(len(errors), 1, out)
            self.assertIn(path + ": " + message, errors[0])
            evals = [line for line in out if "static evaluation" in line]
            self.assertEqual(len(evals), 2)
            self.assertEqual(evals[0], evals[1])  # still the evaluation it had
            self.assertIn(default_eval, evals[1])
        # without a net built in, Eval nnue with none loaded is refused
        out = uci("setoption name Eval value nnue", "position startpos", "eval")
        if any("no net" in line for line in out):
            self.assertTrue(any("classical" in line for line in out if "evaluation" in line))


if __name__ == "__main__":
    try:
        import numpy  # noqa: F401
        import torch  # noqa: F401
    except ImportError as exc:
        print("nnue_tools: skipped: %s (Debian: python3-torch)" % exc)
        sys.exit(77)
    XQ_UCI = sys.argv.pop(1)
    unittest.main()
