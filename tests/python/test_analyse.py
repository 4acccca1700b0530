# SPDX-License-Identifier: MIT
"""xiangqi.tools.analyse and xiangqi.tools.selfplay in this process (no Dask needed):
scores, classes, reproducibility, annotated PGN, bad input, the --local command."""

import contextlib
import importlib.util
import io
import itertools
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import unittest

import xiangqi
from xiangqi.tools import analyse, selfplay

from xqtest import DATA_DIR, SOURCE_DIR

GAMES = os.path.join(DATA_DIR, "games", "liu-dahua-1125-uci.pgn")
NODES = 300
MATE_IN_1 = "3ak4/C3a1c2/9/4P4/9/9/4Cc3/4K4/9/9 w - - 0 1"


def first_games(n, skip=0):
    with xiangqi.read_pgn(GAMES) as reader:
        return [g.pgn() for g in itertools.islice(reader, skip, skip + n)]


class TestClassify(unittest.TestCase):
    def test_thresholds(self):
        t = analyse.Thresholds(50, 100, 300)
        self.assertEqual(analyse.classify(500, True, t), "best")
        self.assertEqual(analyse.classify(-20, False, t), "good")
        self.assertEqual(analyse.classify(49, False, t), "good")
        self.assertEqual(analyse.classify(50, False, t), "inaccuracy")
        self.assertEqual(analyse.classify(100, False, t), "mistake")
        self.assertEqual(analyse.classify(299, False, t), "mistake")
        self.assertEqual(analyse.classify(300, False, t), "blunder")
        self.assertEqual(analyse.Thresholds.parse("10,20,30").as_list(), [10, 20, 30])
        for bad in ("1,2", "30,20,10", "0,1,2", "a,b,c"):
            with self.assertRaises(ValueError):
                analyse.Thresholds.parse(bad)

    def test_values(self):
        self.assertEqual(analyse.score_value(xiangqi.Score(cp=35)), 35)
        self.assertEqual(analyse.score_value(xiangqi.Score(mate=3)), analyse.MATE_VALUE - 3)
        self.assertEqual(analyse.score_value(xiangqi.Score(mate=-2)), -analyse.MATE_VALUE + 2)
        self.assertEqual(analyse.format_value(35), "+0.35")
        self.assertEqual(analyse.format_value(analyse.MATE_VALUE - 3), "#3")
        self.assertEqual(analyse.format_value(-analyse.MATE_VALUE + 2), "#-2")


class TestAnalyseGame(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = xiangqi.Engine()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def test_scores_per_move(self):
        text = first_games(1)[0]
        a = analyse.analyse_game(self.engine, text, nodes=NODES, game_id="g1")
        with xiangqi.Record.from_pgn(text) as rec:
            played = [m.iccs() for m in rec.mainline()]
        self.assertEqual([m["move"] for m in a["moves"]], played)
        self.assertEqual(a["id"], "g1")
        self.assertEqual(a["tags"]["Red"], "LIU DianZhong")
        colors = itertools.cycle(["red", "black"])
        for i, m in enumerate(a["moves"]):
            self.assertEqual(m["ply"], i + 1)
            self.assertEqual(m["color"], next(colors))
            self.assertEqual(m["nodes"] >= NODES, True)
            self.assertEqual(m["pv"][0], m["best"])
            # the score after a move is the next search's, from the mover's view
            nxt = a["moves"][i + 1]["before"] if i + 1 < len(a["moves"]) else a["final"]["score"]
            self.assertEqual(m["after"], -nxt)
            clamp = lambda v: max(-analyse.LOSS_CAP, min(analyse.LOSS_CAP, v))  # noqa: E731
            self.assertEqual(m["loss"], clamp(m["before"]) - clamp(m["after"]))
            self.assertEqual(m["class"], analyse.classify(m["loss"], m["best"] == m["move"]))
        counts = a["summary"]["red"]
        self.assertEqual(sum(counts[c] for c in analyse.CLASSES), (len(played) + 1) // 2)
        self.assertEqual(a["settings"]["limits"], {"nodes": NODES})
        json.dumps(a)  # serialisable

    def test_mating_move(self):
        with xiangqi.Record(MATE_IN_1) as rec:
            rec.play("a8a9")
            a = analyse.analyse_game(self.engine, rec, depth=3)
        m = a["moves"][0]
        self.assertEqual(m["before"], analyse.MATE_VALUE - 1)
        self.assertEqual(m["after"], analyse.MATE_VALUE)  # mate on the board
        self.assertEqual((m["best"], m["class"], m["loss"]), ("a8a9", "best", 0))
        self.assertIsNone(a["final"]["best"])
        self.assertEqual(a["final"]["score"], -analyse.MATE_VALUE)

    def test_independent_of_order_and_engine_history(self):
        """The hash is cleared per game: the analysis of a game does not depend
        on what the engine searched before, nor on the order of the games."""
        texts = first_games(3, skip=10)
        forward = [analyse.analyse_game(self.engine, t, nodes=NODES) for t in texts]
        with xiangqi.Engine() as other:
            analyse.analyse_game(other, first_games(1, skip=40)[0], nodes=2000)  # warm it up
            backward = [analyse.analyse_game(other, t, nodes=NODES) for t in reversed(texts)]
        self.assertEqual(forward, list(reversed(backward)))
        with xiangqi.Engine() as fresh:
            self.assertEqual(analyse.analyse_game(fresh, texts[1], nodes=NODES), forward[1])

    def test_annotated_pgn(self):
        text = first_games(1, skip=3)[0]
        a = analyse.analyse_game(self.engine, text, nodes=NODES)
        out = analyse.annotate(text, a)
        with xiangqi.Record.from_pgn(out) as rec, xiangqi.Record.from_pgn(text) as orig:
            self.assertEqual(rec.mainline(), orig.mainline())
            self.assertIn("nodes %d" % NODES, rec.tags["Annotator"])
            rec.goto(0)
            for m in a["moves"]:
                rec.forward()
                nag = analyse.CLASS_NAGS[m["class"]]
                self.assertEqual(rec.nags, [] if nag is None else [nag])
                self.assertIn(m["class"], rec.comment)
                self.assertIn("[%eval ", rec.comment)
                if m["class"] != "best":
                    self.assertIn("best %s" % m["best"], rec.comment)
        classes = {m["class"] for m in a["moves"]}
        self.assertTrue(classes & {"inaccuracy", "mistake", "blunder"}, classes)
        wxf = analyse.annotate(text, a, notation="wxf")
        self.assertIn("C2.5", wxf)


class TestReadGames(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="xq-analyse-")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_bad_input(self):
        good = first_games(2)
        path = os.path.join(self.tmp, "mixed.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(good[0] + "\n\n")
            f.write('[Event "illegal"]\n\n1. h2h8 h9g7 *\n\n')
            f.write(good[1] + "\n\n")
            f.write('[Event "garbage"]\n\n1. zz99 *\n\n')
        missing = os.path.join(self.tmp, "missing.pgn")
        games, errors = analyse.read_games([path, missing])
        self.assertEqual([g[0] for g in games], ["%s#1" % path, "%s#3" % path])
        self.assertEqual([(e["file"], e["game"]) for e in errors],
                         [(path, 2), (path, 4), (missing, None)])
        self.assertTrue(all(e["error"] for e in errors))
        self.assertIn("h2h8", errors[0]["error"])
        self.assertIsInstance(errors[0]["line"], int)

    def test_command_local(self):
        path = os.path.join(self.tmp, "two.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n\n".join(first_games(2)) + '\n\n[Event "bad"]\n\n1. h2h8 *\n')
        out = os.path.join(self.tmp, "out")
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = analyse.main([path, "--out", out, "--local", "--quiet", "--nodes", str(NODES),
                               "--sqlite", "--chunk-size", "1"])
        self.assertEqual(rc, 0, err.getvalue())
        self.assertIn("game 3 (line", err.getvalue())
        with open(os.path.join(out, "analysis.jsonl"), encoding="utf-8") as f:
            rows = [json.loads(line) for line in f]
        self.assertEqual([r["id"] for r in rows], ["%s#1" % path, "%s#2" % path])
        with open(os.path.join(out, "errors.jsonl"), encoding="utf-8") as f:
            self.assertEqual(json.loads(f.readline())["game"], 3)
        with contextlib.closing(sqlite3.connect(os.path.join(out, "analysis.sqlite"))) as db:
            n = db.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
            self.assertEqual(n, sum(len(r["moves"]) for r in rows))
            self.assertEqual(db.execute("SELECT COUNT(*) FROM games").fetchone()[0], 2)
        with xiangqi.read_pgn(os.path.join(out, "annotated.pgn")) as reader:
            self.assertEqual(len(list(reader)), 2)
        # the same command with another limit refuses to mix runs
        with contextlib.redirect_stderr(io.StringIO()) as err2:
            rc = analyse.main([path, "--out", out, "--local", "--quiet", "--nodes", "999"])
        self.assertEqual(rc, 1)
        self.assertIn("other settings", err2.getvalue())

    def test_failed_run_does_not_block_the_next(self):
        """Issue 24: a run that failed before its first chunk (here: a missing
        input file) left a manifest that refused the corrected command."""
        path = os.path.join(self.tmp, "later.pgn")
        out = os.path.join(self.tmp, "failed-first")
        argv = [path, "--out", out, "--local", "--quiet", "--nodes", str(NODES)]
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(analyse.main(argv), 1)
        self.assertIn("no valid game", err.getvalue())
        with open(path, "w", encoding="utf-8") as f:
            f.write(first_games(1)[0])
        with contextlib.redirect_stderr(io.StringIO()) as err:
            rc = analyse.main(argv)
        self.assertEqual(rc, 0, err.getvalue())
        with open(os.path.join(out, "analysis.jsonl"), encoding="utf-8") as f:
            self.assertEqual(len(f.readlines()), 1)

    @unittest.skipIf(importlib.util.find_spec("distributed") is not None,
                     "this interpreter has Dask")
    def test_command_without_dask(self):
        """Without Dask the command says so (and how to get it) instead of a traceback."""
        path = os.path.join(self.tmp, "one.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(first_games(1)[0])
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = analyse.main([path, "--out", os.path.join(self.tmp, "o"), "--quiet"])
        self.assertEqual(rc, 1)
        self.assertIn("xiangqi.tools.analyse: Dask is not available to %s" % sys.executable,
                      err.getvalue())
        self.assertIn("/usr/bin/python3", err.getvalue())
        self.assertIn("--local", err.getvalue())

    def test_options(self):
        for argv, text in ((["x.pgn", "--out", "d", "--bogus"], "unknown option '--bogus'"),
                           (["x.pgn", "--out", "d", "--workers", "0"], "--workers"),
                           (["x.pgn", "--out", "d", "--thresholds", "3,2,1"], "thresholds")):
            err = io.StringIO()
            with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as cm:
                analyse.main(argv)
            self.assertEqual(cm.exception.code, 2)
            self.assertIn(text, err.getvalue())
            self.assertTrue(err.getvalue().startswith("xiangqi.tools.analyse: "), err.getvalue())


class TestSelfplayLocal(unittest.TestCase):
    def test_games_and_positions(self):
        openings = selfplay.read_openings(
            os.path.join(SOURCE_DIR, "programs", "match", "openings.txt"))
        self.assertTrue(all(len(o) == 8 for o in openings))
        with xiangqi.Engine() as engine:
            g = selfplay.play_game(engine, 0, openings[0], nodes=NODES, max_plies=40)
            again = selfplay.play_game(engine, 0, openings[0], nodes=NODES, max_plies=40)
            other = selfplay.play_game(engine, 1, openings[0], nodes=NODES, max_plies=40)
        self.assertEqual(g, again)  # reproducible
        self.assertNotEqual(g["pgn"], other["pgn"])  # another number draws other moves
        self.assertIn(g["result"], ("1-0", "0-1", "1/2-1/2"))
        self.assertEqual(g["positions"][0]["ply"], 8)
        self.assertEqual([p["random"] for p in g["positions"][:3]], [True, True, False])
        with xiangqi.Record.from_pgn(g["pgn"]) as rec:
            moves = [m.iccs() for m in rec.mainline()]
            self.assertEqual(rec.tags["Result"], g["result"])
        self.assertEqual(moves[:8], openings[0])
        self.assertEqual([p["move"] for p in g["positions"]], moves[8:])
        for p in g["positions"]:
            with xiangqi.Board(p["fen"]) as b:
                self.assertTrue(b.is_legal(p["move"]))
                red = b.turn == xiangqi.Color.RED
            want = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[g["result"]]
            self.assertEqual(p["outcome"], want if red else 1 - want)

    def test_tuner_fields_and_reader(self):
        """Every position carries the fields of the documented format; quiet ones
        are those a tuner keeps; read_positions reads the command's output."""
        tmp = tempfile.mkdtemp(prefix="xq-selfplay-")
        try:
            out = os.path.join(tmp, "out")
            r = selfplay.selfplay(2, out, openings=[["h2e2", "h9g7"]], nodes=NODES,
                                  max_plies=60, chunk_size=1, local=True)
            path = r["outputs"]["positions"]
            rows = list(selfplay.read_positions(path))
            with open(path, encoding="utf-8") as f:
                self.assertEqual(len(rows), len(f.readlines()))
            self.assertTrue(rows)
            for p in rows:
                self.assertEqual(set(p), set(selfplay.POSITION_FIELDS))
                with xiangqi.Board(p["fen"]) as b:
                    self.assertEqual(p["check"], b.is_check())
                    self.assertEqual(p["capture"], b.piece_at(
                        xiangqi.Move.from_iccs(p["move"]).to_square) is not None)
                    best = xiangqi.Move.from_iccs(p["best"])
                    self.assertEqual(p["quiet"], not b.is_check()
                                     and b.piece_at(best.to_square) is None
                                     and abs(p["score"]) < analyse.MATE_VALUE - 1000)
            quiet = list(selfplay.read_positions(path, quiet=True))
            self.assertEqual(quiet, [p for p in rows if p["quiet"]])
            self.assertTrue(0 < len(quiet) < len(rows))  # some captures or checks in 60 plies
            with open(path, "a", encoding="utf-8") as f:
                f.write('{"fen": "x"}\n')
            with self.assertRaises(ValueError) as cm:
                list(selfplay.read_positions(path))
            self.assertIn("positions.jsonl:%d" % (len(rows) + 1), str(cm.exception))
        finally:
            shutil.rmtree(tmp)

    def test_bad_openings(self):
        tmp = tempfile.mkdtemp(prefix="xq-selfplay-")
        try:
            path = os.path.join(tmp, "o.txt")
            with open(path, "w") as f:
                f.write("# comment\nh2e2 h9g7\nh2e2 h2e3\n")
            with self.assertRaises(ValueError) as cm:
                selfplay.read_openings(path)
            self.assertIn("o.txt:3", str(cm.exception))
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
