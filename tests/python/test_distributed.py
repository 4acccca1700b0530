# SPDX-License-Identifier: MIT
"""xiangqi.tools.analyse and xiangqi.tools.selfplay on Dask LocalClusters: the same results
as a plain loop and as one worker, a killed worker replaced with no game lost
or doubled, an interrupted run resumed, bad input, an unreachable scheduler.

Needs dask, distributed and tqdm (Debian: python3-dask python3-distributed
python3-tqdm, in /usr/bin/python3). Without them the tests are skipped, unless
XQ_TEST_DASK=require (the ctest entry python_dask), which makes that a
failure; XQ_TEST_DASK=skip skips them (the generic Python suite, so they do
not run twice)."""

import contextlib
import io
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import xiangqi
from xiangqi.tools import analyse, selfplay

from test_imports import heavy_modules_after
from xqtest import DATA_DIR

MODE = os.environ.get("XQ_TEST_DASK", "")
try:
    import distributed  # noqa: F401
    import tqdm  # noqa: F401
    HAVE_DASK = True
except ImportError as exc:
    HAVE_DASK = False
    if MODE == "require":
        raise ImportError("python_dask needs dask, distributed and tqdm for %s: %s"
                          % (sys.executable, exc))

GAMES = os.path.join(DATA_DIR, "games", "liu-dahua-1125-uci.pgn")
#: A line of Dask's internals on stderr: a log record of its loggers, a warning, a traceback.
DASK_LINE = re.compile(r"distributed|dask|tornado|asyncio|Traceback|Warning|Future exception|"
                       r"Event loop was unresponsive", re.IGNORECASE)
NGAMES = 6
NODES = 600


def new_cluster(n):
    import logging
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
    return cluster, Client(cluster)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@unittest.skipIf(MODE == "skip" or not HAVE_DASK, "dask, distributed or tqdm missing "
                 "(or XQ_TEST_DASK=skip)")
class TestNoDaskInTheLibrary(unittest.TestCase):
    def test_import_xiangqi_loads_no_dask(self):
        # Dask is installed here, so this is where importing it by mistake shows.
        self.assertEqual(heavy_modules_after("import xiangqi, xiangqi.pgn, xiangqi.engine"), [])


@unittest.skipIf(MODE == "skip" or not HAVE_DASK, "dask, distributed or tqdm missing "
                 "(or XQ_TEST_DASK=skip)")
class TestDistributed(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="xq-dask-")
        with xiangqi.read_pgn(GAMES) as reader:
            texts = [g.pgn() for g in itertools.islice(reader, NGAMES)]
        cls.pgn = os.path.join(cls.tmp, "six.pgn")
        with open(cls.pgn, "w", encoding="utf-8") as f:
            f.write("\n".join(texts))
        # The reference: a plain loop in this process, one engine for all games.
        games, errors = analyse.read_games([cls.pgn])
        assert len(games) == NGAMES and not errors
        cls.expected, cls.expected_pgn = [], []
        with xiangqi.Engine() as engine:
            for game_id, text in games:
                a = analyse.analyse_game(engine, text, nodes=NODES, game_id=game_id)
                cls.expected.append(a)
                cls.expected_pgn.append(analyse.annotate(text, a))
        cls.cluster, cls.client = new_cluster(2)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        shutil.rmtree(cls.tmp)

    def out(self, name):
        return os.path.join(self.tmp, name)

    def check_output(self, out):
        rows = read_jsonl(os.path.join(out, "analysis.jsonl"))
        self.assertEqual([r["id"] for r in rows], [a["id"] for a in self.expected])
        self.assertEqual(rows, self.expected)
        with xiangqi.read_pgn(os.path.join(out, "annotated.pgn")) as reader:
            got = [g.pgn() for g in reader]
        want = []
        for text in self.expected_pgn:
            with xiangqi.Record.from_pgn(text) as rec:
                want.append(rec.pgn())
        self.assertEqual(got, want)

    def test_same_as_loop_and_one_worker(self):
        two = analyse.analyse_files([self.pgn], self.out("two"), client=self.client,
                                    nodes=NODES, chunk_size=1)
        self.assertEqual((two["games"], two["invalid"]), (NGAMES, []))
        self.assertEqual((two["stats"].computed, two["stats"].failed), (NGAMES, []))
        self.check_output(self.out("two"))
        # a LocalCluster of its own with one worker, other chunks
        one = analyse.analyse_files([self.pgn], self.out("one"), workers=1, nodes=NODES,
                                    chunk_size=4)
        self.assertEqual(one["stats"].computed, 2)
        self.check_output(self.out("one"))
        self.assertEqual(read_text(self.out("one/annotated.pgn")),
                         read_text(self.out("two/annotated.pgn")))

    def test_worker_killed(self):
        pids = self.client.run(os.getpid)
        result, failure = {}, []

        def run():
            try:
                result.update(analyse.analyse_files([self.pgn], self.out("killed"),
                                                    client=self.client, nodes=NODES,
                                                    chunk_size=1))
            except BaseException as exc:  # noqa: B902 (reported below)
                failure.append(exc)

        t = threading.Thread(target=run)
        t.start()
        victim, lost, deadline = None, None, time.monotonic() + 120
        while victim is None and time.monotonic() < deadline and t.is_alive():
            for addr, keys in self.client.processing().items():
                keys = [k for k in keys if "xiangqi-analyse" in str(k)]
                if keys:
                    victim, lost = addr, keys
                    break
            else:
                time.sleep(0.005)
        self.assertIsNotNone(victim, "no chunk seen running")
        os.kill(pids[victim], signal.SIGKILL)
        t.join(120)
        self.assertFalse(t.is_alive())
        self.assertEqual(failure, [])
        stats = result["stats"]
        self.assertEqual((stats.computed, stats.failed), (NGAMES, []))
        self.check_output(self.out("killed"))  # every game once, the same results
        # the nanny replaced the worker (the plugin was installed on the new one)
        self.client.wait_for_workers(2, timeout=60)
        now = self.client.run(os.getpid)
        self.assertNotIn(pids[victim], now.values())
        self.assertEqual(len(now), 2)
        self.assertTrue(lost)  # the killed worker had chunks; they were computed again

    def test_bad_input(self):
        path = self.out("mixed.pgn")
        with open(self.pgn, encoding="utf-8") as f:
            good = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write('[Event "illegal"]\n\n1. h2h8 *\n\n' + good + '\n\n[Event "cut"]\n\n1. h2e2 h9')
        missing = self.out("missing.pgn")
        r = analyse.analyse_files([path, missing], self.out("mixed"), client=self.client,
                                  nodes=NODES, chunk_size=2)
        self.assertEqual(r["games"], NGAMES)
        self.assertEqual([(e["file"], e["game"]) for e in r["invalid"]],
                         [(path, 1), (path, NGAMES + 2), (missing, None)])
        rows = read_jsonl(self.out("mixed/analysis.jsonl"))
        self.assertEqual([r["moves"] for r in rows], [a["moves"] for a in self.expected])
        self.assertEqual(len(read_jsonl(self.out("mixed/errors.jsonl"))), 3)

    def test_interrupted_then_resumed(self):
        out = self.out("resume")
        cmd = [sys.executable, "-m", "xiangqi.tools.analyse", self.pgn, "--out", out, "--workers",
               "1", "--chunk-size", "1", "--nodes", str(NODES)]
        proc = subprocess.Popen(cmd + ["--quiet"], stderr=subprocess.PIPE, text=True)
        chunks = os.path.join(out, "chunks")
        deadline = time.monotonic() + 120
        try:
            while time.monotonic() < deadline and proc.poll() is None:
                if os.path.isdir(chunks) and any(n.endswith(".jsonl") for n in os.listdir(chunks)):
                    break
                time.sleep(0.005)
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        self.assertEqual(proc.returncode, 130, err)
        self.assertIn("run the same command again to resume", err)
        first = {n: os.stat(os.path.join(chunks, n)) for n in os.listdir(chunks)}
        self.assertTrue(all(n.endswith(".jsonl") for n in first), first)  # no partial file
        self.assertTrue(1 <= len(first) < NGAMES, sorted(first))
        self.assertFalse(os.path.exists(os.path.join(out, "analysis.jsonl")))
        again = subprocess.run(cmd, stderr=subprocess.PIPE, text=True, timeout=120)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("resumed: %d of %d chunks were already done" % (len(first), NGAMES),
                      again.stderr)
        self.assertIn("%d games in" % (NGAMES - len(first)), again.stderr)
        for n, st in first.items():  # the chunks of the first run were not written again
            now = os.stat(os.path.join(chunks, n))
            self.assertEqual((now.st_ino, now.st_mtime_ns), (st.st_ino, st.st_mtime_ns), n)
        self.check_output(out)

    def test_unreachable_scheduler(self):
        address = "tcp://127.0.0.1:%d" % free_port()  # nothing listens there
        r = subprocess.run([sys.executable, "-m", "xiangqi.tools.analyse", self.pgn, "--out",
                            self.out("nowhere"), "--scheduler", address, "--timeout", "1"],
                           stderr=subprocess.PIPE, text=True, timeout=120)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("xiangqi.tools.analyse: no Dask scheduler answers at %s (waited 1 s)" % address,
                      r.stderr)
        self.assertNotIn("Traceback", r.stderr)
        from xiangqi.tools import distributed as xd
        with self.assertRaises(xd.SchedulerError):
            with xd.connect(scheduler=address, timeout=0.5):
                pass

    def test_scheduler_option(self):
        """The command on an existing cluster (--scheduler): the same results."""
        out = self.out("sched")
        r = subprocess.run([sys.executable, "-m", "xiangqi.tools.analyse", self.pgn, "--out", out,
                            "--scheduler", self.cluster.scheduler_address, "--nodes", str(NODES),
                            "--chunk-size", "2", "--quiet"],
                           stderr=subprocess.PIPE, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNoDaskLines(r.stderr)
        self.check_output(out)
        self.assertEqual(len(self.client.scheduler_info()["workers"]), 2)  # left running

    def assertNoDaskLines(self, err):
        """Nothing of Dask's internals (its log lines, warnings, tracebacks) in
        *err*; not "err is empty": the check must hold on a busy machine."""
        bad = [line for line in err.splitlines() if DASK_LINE.search(line)]
        self.assertEqual(bad, [], err)

    def test_quiet_when_dask_logs(self):
        """Issue 24: under load Dask printed "Future exception was never
        retrieved ... TimeoutError" into a --quiet run. Force Dask to talk:
        debug logging of the client and comm layers, the event-loop watchdog
        at 0 s (a log line for any late tick) and every warning shown; the
        command, analyse or selfplay, must still print none of it."""
        cfg = self.out("dask-config")
        os.makedirs(cfg, exist_ok=True)
        with open(os.path.join(cfg, "loud.yaml"), "w", encoding="utf-8") as f:
            f.write("logging:\n"
                    + "".join("  %s: debug\n" % name for name in (
                        "distributed.client", "distributed.core", "distributed.comm",
                        "distributed.comm.tcp", "distributed.batched", "distributed.utils",
                        "asyncio", "tornado"))
                    + "distributed:\n  admin:\n    tick:\n      limit: 0s\n")
        env = dict(os.environ, DASK_CONFIG=cfg, PYTHONWARNINGS="always", PYTHONASYNCIODEBUG="1")
        for module, args in (("xiangqi.tools.analyse", [self.pgn, "--out", self.out("loud")]),
                             ("xiangqi.tools.selfplay", ["--games", "2", "--max-plies", "10",
                                                   "--out", self.out("loud-sp")])):
            with self.subTest(module=module):
                r = subprocess.run([sys.executable, "-m", module] + args + [
                    "--scheduler", self.cluster.scheduler_address, "--nodes", str(NODES),
                    "--chunk-size", "2", "--quiet"], env=env, stderr=subprocess.PIPE,
                    text=True, timeout=240)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertNoDaskLines(r.stderr)
        self.check_output(self.out("loud"))

    def test_quiet_cluster_failure_is_one_line(self):
        """A cluster that goes away under the command: one line, no traceback,
        none of Dask's messages."""
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = analyse.run_command("xiangqi.tools.analyse", lambda: (_ for _ in ()).throw(
                TimeoutError("Timeout")), quiet=True)
        self.assertEqual(rc, 1)
        self.assertEqual(err.getvalue().count("\n"), 1, err.getvalue())
        self.assertIn("the Dask cluster failed: TimeoutError: Timeout", err.getvalue())

    def test_one_engine_per_worker_opened_once(self):
        def engines(dask_worker):
            pool = dask_worker.plugins["xiangqi-engine"].pool
            return [(id(e), e.threads) for e in pool.engines]

        analyse.analyse_files([self.pgn], self.out("plugin1"), client=self.client,
                              nodes=NODES, chunk_size=1)
        before = self.client.run(engines)
        self.assertEqual(len(before), 2)
        for addr, got in before.items():
            self.assertEqual(len(got), 1, addr)  # one engine per worker (one thread each)
            self.assertEqual(got[0][1], 1, addr)  # one search thread
        analyse.analyse_files([self.pgn], self.out("plugin2"), client=self.client,
                              nodes=NODES, chunk_size=1)
        after = self.client.run(engines)
        for addr in set(before) & set(after):  # the same engines, not reopened per task
            self.assertEqual(after[addr], before[addr], addr)

    def test_failed_tasks_retried_then_reported(self):
        from xiangqi.tools import distributed as xd
        marks = self.out("marks")
        os.makedirs(marks)

        def flaky(chunk, fail_times, always=None):
            """Fails the first fail_times attempts of each chunk, always for *always*."""
            import os as _os
            mark = _os.path.join(marks, "%d" % chunk[0])
            with open(mark, "a") as f:
                f.write("x")
            if chunk[0] == always or _os.path.getsize(mark) <= fail_times:
                raise RuntimeError("attempt %d of chunk %d failed" % (_os.path.getsize(mark),
                                                                       chunk[0]))
            return [{"value": chunk[0] * 10}]

        store = xd.ChunkStore(self.out("flaky"))
        store.prepare({"test": "flaky"})
        chunks = [[i] for i in range(4)]
        stats = xd.run_chunks(self.client, flaky, chunks, store, kwargs={"fail_times": 1},
                              retries=1, quiet=True)
        self.assertEqual((stats.computed, stats.failed), (4, []))
        self.assertEqual([store.read(i) for i in range(4)], [[{"value": i * 10}] for i in range(4)])
        for i in range(4):
            self.assertEqual(os.path.getsize(os.path.join(marks, str(i))), 2)  # 1 + 1 retry
        # a chunk that keeps failing: reported, not written; the next run retries only it
        store = xd.ChunkStore(self.out("flaky2"))
        store.prepare({"test": "flaky2"})
        for name in os.listdir(marks):
            os.unlink(os.path.join(marks, name))
        stats = xd.run_chunks(self.client, flaky, chunks, store,
                              kwargs={"fail_times": 0, "always": 2}, retries=2, quiet=True)
        self.assertEqual(stats.computed, 3)
        self.assertEqual(stats.failed, [(2, "RuntimeError: attempt 3 of chunk 2 failed")])
        self.assertEqual(store.done(), {0, 1, 3})
        stats = xd.run_chunks(self.client, flaky, chunks, store, kwargs={"fail_times": 0},
                              retries=0, quiet=True)
        self.assertEqual((stats.skipped, stats.computed, stats.failed), (3, 1, []))
        self.assertEqual(store.read(2), [{"value": 20}])
        self.assertEqual(os.path.getsize(os.path.join(marks, "0")), 1)  # not run again

    def test_selfplay_same_as_loop(self):
        openings = [["h2e2", "h9g7"], ["c3c4"], []]
        r = selfplay.selfplay(4, self.out("sp"), openings=openings, client=self.client,
                              nodes=NODES, max_plies=50, chunk_size=1)
        self.assertEqual(r["stats"].computed, 4)
        rows = read_jsonl(self.out("sp/positions.jsonl"))
        with xiangqi.Engine() as engine:
            want = [selfplay.play_game(engine, i, openings[i % 3], nodes=NODES, max_plies=50)
                    for i in range(4)]
        self.assertEqual(rows, [p for g in want for p in g["positions"]])
        self.assertEqual(sum(r["results"].values()), 4)
        with xiangqi.read_pgn(self.out("sp/games.pgn")) as reader:
            self.assertEqual([g.tags["Round"] for g in reader], ["1", "2", "3", "4"])


@unittest.skipIf(MODE == "skip" or not HAVE_DASK, "tqdm missing (or XQ_TEST_DASK=skip)")
class TestProgress(unittest.TestCase):
    """The progress bar on stderr (games done, rate, time left), and --quiet."""

    def run_command(self, module, argv):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = module.main(argv)
        self.assertEqual(rc, 0, err.getvalue())
        return err.getvalue()

    def test_bar_and_quiet(self):
        tmp = tempfile.mkdtemp(prefix="xq-progress-")
        try:
            path = os.path.join(tmp, "two.pgn")
            with xiangqi.read_pgn(GAMES) as reader:
                texts = [g.pgn() for g in itertools.islice(reader, 2)]
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(texts))
            args = [path, "--local", "--nodes", "200", "--chunk-size", "1"]
            err = self.run_command(analyse, args + ["--out", os.path.join(tmp, "a")])
            self.assertIn("analyse: 100%", err)
            self.assertIn("2/2 [", err)  # games done of the total, [elapsed<left, rate]
            self.assertIn("game/s]", err)
            self.assertIn("xiangqi.tools.analyse: 2 games in", err)
            err = self.run_command(analyse, args + ["--out", os.path.join(tmp, "b"), "--quiet"])
            self.assertEqual(err, "")
            err = self.run_command(selfplay, ["--games", "2", "--local", "--nodes", "200",
                                              "--max-plies", "12", "--chunk-size", "1",
                                              "--out", os.path.join(tmp, "s")])
            self.assertIn("selfplay: 100%", err)
            self.assertIn("game/s]", err)
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
