# SPDX-License-Identifier: MIT
"""Engine analysis of game databases, on a Dask cluster or in this process.

``/usr/bin/python3 -m xiangqi.tools.analyse GAMES.pgn [MORE.pgn ...] --out DIR``
analyses every move of the main line of every game with a fixed node (or
depth) limit and writes, in DIR:

- ``analysis.jsonl``: one JSON object per game (tags, every move with the
  scores before and after it from the mover's view, the loss, the engine's
  best move and PV, the class), in input order;
- ``annotated.pgn``: the games with a comment after every move (scores,
  ``[%eval]`` from Red's view, the best move when another was played) and a
  NAG for inaccuracies, mistakes and blunders;
- ``analysis.sqlite`` with ``--sqlite``: tables ``games`` and ``moves``;
- ``errors.jsonl``: the games (and files) that could not be read, with
  their errors; the valid games of the same files are analysed;
- ``manifest.json`` and ``chunks/``: the run's settings and its per-chunk
  results, from which an interrupted run resumes.

Reproducible: one search thread per engine, and the engine's hash table
and statistics are cleared before every game, so a game's analysis does not
depend on which worker ran it, nor on the chunking or order of the games.
The Python API is :func:`analyse_game` (one game, on a given engine),
:func:`analyse_chunk` (the Dask task) and :func:`analyse_files` (the
whole command, with a client or a new ``LocalCluster``).
See docs/distributed.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from typing import (Any, Callable, Dict, Iterable, List, NoReturn, Optional, Sequence, Tuple,
                    Union)

import xiangqi
from xiangqi import review
from xiangqi.tools import distributed as _dist

__all__ = ["analyse_game", "analyse_chunk", "annotate", "read_games", "analyse_files",
           "classify", "Thresholds", "DEFAULT_THRESHOLDS", "CLASSES", "CLASS_NAGS",
           "MATE_VALUE", "LOSS_CAP", "DEFAULT_NODES", "main"]

#: The classes of a move, best to worst (the library's, :data:`xiangqi.review.CLASSES`).
CLASSES: Tuple[str, ...] = review.CLASSES

#: NAG of each class in the annotated PGN: ``$6`` (?!), ``$2`` (?), ``$4``
#: (??). A move the engine agrees with, or one close to it, gets none ("!"
#: claims more than agreeing with a short search), as on lichess. From the
#: library (:data:`xiangqi.review.NAGS`, where "none" is 0).
CLASS_NAGS: Dict[str, Optional[int]] = {c: review.NAGS[c] or None for c in CLASSES}

#: Mate scores as centipawns: mate in N moves is ``MATE_VALUE - N``, being
#: mated in N ``-MATE_VALUE + N`` (a mate on the board: +-MATE_VALUE); the
#: library's ``XQ_MATE_VALUE`` (:data:`xiangqi.review.MATE_VALUE`).
MATE_VALUE: int = review.MATE_VALUE

#: The node limit when neither --nodes nor --depth is given.
DEFAULT_NODES: int = 100000

#: A game: PGN text, or a :class:`xiangqi.Record`.
GameText = Union[str, bytes, xiangqi.Record]

#: Score losses (centipawns, from the mover's view) at which a move that is
#: not the engine's best becomes an inaccuracy, a mistake, a blunder:
#: :class:`xiangqi.review.Thresholds` (``Thresholds(50, 100, 300)``,
#: ``Thresholds.parse("50,100,300")``; the defaults are the library's).
Thresholds = review.Thresholds

DEFAULT_THRESHOLDS: Thresholds = Thresholds()

#: Scores are clamped to +-LOSS_CAP centipawns before the loss is computed:
#: going from +25.00 to +12.00 (still winning), or from mate in 3 to mate
#: in 5, is no mistake; from mate in 3 to +3.00 is (a loss of 7.00). The
#: library's default (:attr:`Thresholds.loss_cap`).
LOSS_CAP: int = DEFAULT_THRESHOLDS.loss_cap


def classify(loss: int, is_best: bool, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> str:
    """The class of a move from its loss (centipawns) and whether it was
    the engine's best move (:func:`xiangqi.review.classify_loss`)."""
    return review.classify_loss(loss, is_best, thresholds)


def score_value(score: xiangqi.Score | xiangqi.PovScore) -> int:
    """A :class:`xiangqi.Score` as centipawns, mates as +-(MATE_VALUE - N)
    (:func:`xiangqi.review.value`)."""
    return review.value(score)


def format_value(value: int, pawns: bool = True) -> str:
    """``+0.35``, ``-1.20``, ``#3`` (mates in 3), ``#-2`` (is mated in 2)
    (:func:`xiangqi.review.value_text`)."""
    return review.value_text(value, sign=True, pawns=pawns)


def _limits(nodes: int | None, depth: int | None) -> Dict[str, Any]:
    limits: Dict[str, Any] = {}
    if nodes is not None:
        limits["nodes"] = nodes
    if depth is not None:
        limits["depth"] = depth
    if not limits:
        limits["nodes"] = DEFAULT_NODES
    return limits


def _notation_of(record: xiangqi.Record, notation: str | xiangqi.Notation | None
                 ) -> xiangqi.Notation:
    if notation is not None:
        return xiangqi.Notation[notation.upper()] if isinstance(notation, str) else notation
    fmt = record.tags.get("Format", "").lower()
    if fmt.startswith("wxf"):
        return xiangqi.Notation.WXF
    if fmt.startswith("chinese") or fmt == "中文":
        return xiangqi.Notation.CHINESE
    return xiangqi.Notation.ICCS


def analyse_game(engine: xiangqi.Engine, pgn: GameText, nodes: int | None = None,
                 depth: int | None = None, rules: str | None = None,
                 thresholds: Thresholds = DEFAULT_THRESHOLDS,
                 game_id: Any = None) -> Dict[str, Any]:
    """Analyse the main line of one game (PGN text, or a :class:`Record`).

    The engine is cleared first, then every position from the start to the
    end of the main line is searched with the limit (*nodes*, *depth*, or
    both; neither: ``DEFAULT_NODES``). Returns a JSON-serialisable dict:
    ``id``, ``tags``, ``start_fen``, ``moves`` (per move: ``ply``, ``move``
    in ICCS, ``color``, ``fen`` before it, ``before`` and ``after``: the
    score before and after it from the mover's view in centipawns, mates as
    +-(MATE_VALUE - N); ``loss`` (the values clamped to +-loss_cap of
    *thresholds* first; :func:`xiangqi.review.classify`), ``best``
    and ``pv`` (ICCS), ``depth``, ``nodes`` of the search before the move,
    ``class``), ``final`` (the score and best move of the last position, from
    its side to move), ``summary`` (per color: the count of each class and
    the average loss) and ``settings``.
    """
    own = None
    if not isinstance(pgn, xiangqi.Record):
        record = own = xiangqi.Record.from_pgn(pgn)
    else:
        record = pgn
    try:
        limits = _limits(nodes, depth)
        engine.clear()
        engine.set_rules(rules)
        moves = record.mainline()
        board = xiangqi.Board(record.start_fen())
        searches: List[xiangqi.AnalysisResult] = []
        fens: List[str] = []
        try:
            for i in range(len(moves) + 1):
                fens.append(board.fen())
                searches.append(engine.analyse(board, **limits))
                if i < len(moves):
                    board.push(moves[i])
        finally:
            board.close()
        out_moves = []
        summary: Dict[str, Dict[str, Any]] = {c: dict.fromkeys(CLASSES, 0)
                                              for c in ("red", "black")}
        losses: Dict[str, List[int]] = {"red": [], "black": []}
        for i, move in enumerate(moves):
            r = searches[i]
            before = score_value(r.score)
            after = -score_value(searches[i + 1].score)
            is_best = r.move is not None and r.move == move
            cls, loss = review.classify(before, after, is_best, thresholds)
            color = "red" if r.turn == xiangqi.Color.RED else "black"
            summary[color][cls] += 1
            losses[color].append(max(0, loss))
            out_moves.append({
                "ply": i + 1, "move": move.iccs(), "color": color, "fen": fens[i],
                "before": before, "after": after, "loss": loss,
                "best": r.move.iccs() if r.move is not None else None,
                "pv": [m.iccs() for m in r.pv], "depth": r.depth, "nodes": r.nodes,
                "class": cls,
            })
        last = searches[-1]
        for color in ("red", "black"):
            n = len(losses[color])
            summary[color]["average_loss"] = round(sum(losses[color]) / n, 1) if n else 0.0
        return {
            "id": game_id,
            "tags": dict(record.tags.items()),
            "start_fen": record.start_fen(),
            "moves": out_moves,
            "final": {"fen": fens[-1], "score": score_value(last.score),
                      "best": last.move.iccs() if last.move is not None else None,
                      "pv": [m.iccs() for m in last.pv]},
            "summary": summary,
            "settings": {"limits": limits, "rules": rules, "thresholds": thresholds.as_list(),
                         "hash_mb": engine.hash_mb, "threads": engine.threads,
                         "library": xiangqi.library_version_string()},
        }
    finally:
        if own is not None:
            own.close()


def annotate(pgn: GameText, analysis: Dict[str, Any],
             notation: str | xiangqi.Notation | None = None) -> str:
    """The game (PGN text or :class:`Record`) as PGN with the analysis in
    it: after every main-line move a comment ``{before -> after (loss),
    class; best MOVE; pv ... [%eval E]}`` (scores from the mover's view in
    pawns; ``[%eval]`` from Red's view after the move), and the class's NAG
    (:data:`CLASS_NAGS`). Existing comments, NAGs and variations are kept.
    Moves are written in *notation* (default: the game's Format tag, else
    ICCS), and so are the best moves and PVs of the comments."""
    record = pgn.copy() if isinstance(pgn, xiangqi.Record) else xiangqi.Record.from_pgn(pgn)
    try:
        nt = _notation_of(record, notation)
        settings = analysis["settings"]
        limit = ", ".join("%s %s" % kv for kv in sorted(settings["limits"].items()))
        record.tags["Annotator"] = "libxiangqi %s (%s)" % (settings["library"], limit)
        record.goto(0)
        board = xiangqi.Board(record.start_fen())
        try:
            for m in analysis["moves"]:
                best = xiangqi.Move.from_iccs(m["best"]) if m["best"] else None
                pv = [xiangqi.Move.from_iccs(x) for x in m["pv"]]
                parts = ["%s -> %s" % (format_value(m["before"]), format_value(m["after"]))]
                if m["class"] != "best":
                    parts[0] += " (%s)" % format_value(-m["loss"])
                parts.append(m["class"])
                if best is not None and m["class"] != "best":
                    parts.append("best %s" % board.move_to_text(best, nt))
                if pv:
                    parts.append("pv %s" % " ".join(board.line_text(pv, nt)))
                red_eval = m["after"] if m["color"] == "red" else -m["after"]
                text = "; ".join(parts) + " [%%eval %s]" % format_value(red_eval).lstrip("+")
                record.forward()
                old = record.comment
                record.comment = (old + " " + text) if old else text
                nag = CLASS_NAGS[m["class"]]
                if nag is not None and nag not in record.nags:
                    record.add_nag(nag)
                board.push(xiangqi.Move.from_iccs(m["move"]))
        finally:
            board.close()
        return record.pgn(notation=nt)
    finally:
        record.close()


def analyse_chunk(games: Iterable[Tuple[Any, str]], nodes: int | None = None,
                  depth: int | None = None, rules: str | None = None,
                  thresholds: Thresholds | Sequence[int] | None = None,
                  hash_mb: int | None = None, notation: str | None = None
                  ) -> List[Dict[str, Any]]:
    """The task of one chunk: analyse each ``(game_id, pgn_text)`` on this
    worker's engine (:func:`xiangqi.tools.distributed.worker_engine`). Returns a
    list of ``{"id", "analysis", "pgn"}`` (the annotated PGN)."""
    limits = DEFAULT_THRESHOLDS if thresholds is None else (
        thresholds if isinstance(thresholds, Thresholds) else Thresholds(*thresholds))
    out = []
    with _dist.worker_engine(hash_mb or _dist.DEFAULT_HASH_MB) as engine:
        for game_id, text in games:
            analysis = analyse_game(engine, text, nodes=nodes, depth=depth, rules=rules,
                                    thresholds=limits, game_id=game_id)
            out.append({"id": game_id, "analysis": analysis,
                        "pgn": annotate(text, analysis, notation)})
    return out


def read_games(paths: Iterable[str | os.PathLike[str]]
               ) -> Tuple[List[Tuple[str, str]], List[Dict[str, Any]]]:
    """The games of PGN files: ``(games, errors)``. *games* is a list of
    ``(game_id, pgn_text)``, game_id being ``"FILE#N"`` (N counts every
    game of the file from 1, valid or not); *errors* a list of dicts
    (``file``, ``game`` (N, or None when the file itself failed), ``line``,
    ``error``)."""
    games: List[Tuple[str, str]] = []
    errors: List[Dict[str, Any]] = []
    for path in paths:
        name = os.fspath(path)
        try:
            reader = xiangqi.PgnReader(name, skip_errors=True)  # Records, not Game trees
        except (xiangqi.XiangqiError, OSError) as exc:
            errors.append({"file": name, "game": None, "line": None, "error": str(exc)})
            continue
        valid = 0
        seen_errors = 0
        try:
            with reader:
                for rec in reader:
                    while seen_errors < len(reader.errors):  # games skipped before this one
                        line, err = reader.errors[seen_errors]
                        seen_errors += 1
                        errors.append({"file": name, "game": valid + seen_errors, "line": line,
                                       "error": str(err)})
                    valid += 1
                    with rec:
                        games.append(("%s#%d" % (name, valid + seen_errors), rec.pgn()))
        except (xiangqi.XiangqiError, OSError) as exc:
            errors.append({"file": name, "game": None, "line": None,
                           "error": "reading stopped: %s" % (exc,)})
        for line, err in reader.errors[seen_errors:]:
            seen_errors += 1
            errors.append({"file": name, "game": valid + seen_errors, "line": line,
                           "error": str(err)})
    return games, errors


def _inputs(paths: Iterable[str | os.PathLike[str]]) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []
    for given in paths:
        p = os.fspath(given)
        try:
            out.append({"path": p, "size": os.path.getsize(p), "sha256": _dist.file_digest(p)})
        except OSError:
            out.append({"path": p, "size": None, "sha256": None})
    return out


def analyse_files(paths: Sequence[str | os.PathLike[str]], out: str, client: Any = None,
                  workers: int | None = None, scheduler: str | None = None,
                  nodes: int | None = None, depth: int | None = None, rules: str | None = None,
                  thresholds: Thresholds = DEFAULT_THRESHOLDS,
                  hash_mb: int = _dist.DEFAULT_HASH_MB, chunk_size: int = 4,
                  retries: int = _dist.DEFAULT_RETRIES, notation: str | None = None,
                  sqlite: bool = False, restart: bool = False, quiet: bool = True,
                  timeout: float = _dist.DEFAULT_CONNECT_TIMEOUT,
                  local: bool = False) -> Dict[str, Any]:
    """The whole command: read *paths*, analyse the valid games in chunks of
    *chunk_size* on a Dask cluster, write the outputs into directory *out*.

    The cluster: *client* if given; else an existing scheduler at
    *scheduler*; else a new ``LocalCluster`` of *workers* processes. With
    *local* true, no Dask at all: a plain loop in this process. Returns a
    dict: ``games``, ``invalid`` (the errors list), ``stats``
    (:class:`xiangqi.tools.distributed.RunStats`), ``outputs`` (paths).
    Raises :class:`xiangqi.tools.distributed.ManifestError` when *out* holds a
    run with other settings (unless *restart*).
    """
    games, errors = read_games(paths)
    limits = _limits(nodes, depth)
    manifest = {"command": "analyse", "format": 1, "inputs": _inputs(paths),
                "limits": limits, "rules": rules, "thresholds": thresholds.as_list(),
                "hash_mb": hash_mb, "chunk_size": chunk_size, "notation": notation,
                "games": len(games), "library": xiangqi.library_version_string()}
    store = _dist.ChunkStore(out)
    store.prepare(manifest, restart=restart)
    _dist.write_atomic(os.path.join(out, "errors.jsonl"), "".join(
        json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in errors))
    chunks = _dist.chunked(games, chunk_size) if games else []
    kwargs = {"nodes": limits.get("nodes"), "depth": limits.get("depth"), "rules": rules,
              "thresholds": thresholds.as_list(), "hash_mb": hash_mb, "notation": notation}

    def run(c: Any) -> _dist.RunStats:
        return _dist.run_chunks(c, analyse_chunk, chunks, store, kwargs=kwargs,
                                key_prefix="xiangqi-analyse", hash_mb=hash_mb, retries=retries,
                                quiet=quiet, desc="analyse")

    if local or len(store.done() & set(range(len(chunks)))) == len(chunks):
        stats = run(None)  # nothing to compute: no cluster needed
    elif client is not None:
        stats = run(client)
    else:
        with _dist.connect(scheduler=scheduler, workers=workers, timeout=timeout) as c:
            stats = run(c)
    outputs: Dict[str, str] = {}
    if not stats.failed:
        outputs = _merge(store, len(chunks), out, sqlite)
    return {"games": len(games), "invalid": errors, "stats": stats, "outputs": outputs}


def _merge(store: _dist.ChunkStore, nchunks: int, out: str, sqlite: bool) -> Dict[str, str]:
    """The final files from the chunk files, in input order."""
    jsonl: List[str] = []
    pgn: List[str] = []
    rows: List[Dict[str, Any]] = []
    for chunk_id in range(nchunks):
        for rec in store.read(chunk_id):
            jsonl.append(json.dumps(rec["analysis"], ensure_ascii=False, sort_keys=True) + "\n")
            pgn.append(rec["pgn"].rstrip("\n") + "\n")
            rows.append(rec["analysis"])
    outputs = {"jsonl": os.path.join(out, "analysis.jsonl"),
               "pgn": os.path.join(out, "annotated.pgn")}
    _dist.write_atomic(outputs["jsonl"], "".join(jsonl))
    _dist.write_atomic(outputs["pgn"], "\n".join(pgn))
    if sqlite:
        outputs["sqlite"] = os.path.join(out, "analysis.sqlite")
        _write_sqlite(outputs["sqlite"], rows)
    return outputs


SQLITE_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, seq INTEGER, event TEXT, red TEXT, black TEXT,
    result TEXT, start_fen TEXT, plies INTEGER, tags TEXT,
    red_average_loss REAL, black_average_loss REAL);
CREATE TABLE moves (game TEXT REFERENCES games(id), ply INTEGER, color TEXT, move TEXT,
    fen TEXT, before INTEGER, after INTEGER, loss INTEGER, best TEXT, pv TEXT,
    depth INTEGER, nodes INTEGER, class TEXT, PRIMARY KEY (game, ply));
CREATE INDEX moves_class ON moves(class);
"""


def _write_sqlite(path: str, analyses: Sequence[Dict[str, Any]]) -> None:
    tmp = path + ".tmp"
    if os.path.exists(tmp):
        os.unlink(tmp)
    db = sqlite3.connect(tmp)
    try:
        db.executescript(SQLITE_SCHEMA)
        for seq, a in enumerate(analyses):
            t = a["tags"]
            db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?)", (
                a["id"], seq, t.get("Event"), t.get("Red"), t.get("Black"), t.get("Result"),
                a["start_fen"], len(a["moves"]), json.dumps(t, ensure_ascii=False),
                a["summary"]["red"]["average_loss"], a["summary"]["black"]["average_loss"]))
            db.executemany("INSERT INTO moves VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", [
                (a["id"], m["ply"], m["color"], m["move"], m["fen"], m["before"], m["after"],
                 m["loss"], m["best"], " ".join(m["pv"]), m["depth"], m["nodes"], m["class"])
                for m in a["moves"]])
        db.commit()
    finally:
        db.close()
    os.replace(tmp, path)


# ---------------------------------------------------------------- the command

class _Parser(argparse.ArgumentParser):
    """argparse with the project's one-line message for a bad option."""

    def error(self, message: str) -> NoReturn:
        if message.startswith("unrecognized arguments: "):
            bad = message.split(": ", 1)[1].split()[0]
            self.exit(2, "%s: unknown option '%s' (try '%s --help')\n"
                      % (self.prog, bad, self.prog))
        self.exit(2, "%s: %s (try '%s --help')\n" % (self.prog, message, self.prog))


def cluster_options(parser: argparse.ArgumentParser) -> None:
    """The options shared by the commands: the cluster, the chunks, the engine."""
    g = parser.add_argument_group("cluster")
    g.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the LocalCluster (default: the number of CPUs; "
                        "one engine and one search thread each)")
    g.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                   help="use the existing Dask cluster of this scheduler instead")
    g.add_argument("--timeout", type=float, default=_dist.DEFAULT_CONNECT_TIMEOUT,
                   metavar="SECONDS",
                   help="how long to wait for --scheduler (default: %(default)s)")
    g.add_argument("--local", action="store_true",
                   help="no Dask: a plain loop in this process")
    g.add_argument("--chunk-size", type=int, default=4, metavar="GAMES",
                   help="games per task (default: %(default)s)")
    g.add_argument("--retries", type=int, default=_dist.DEFAULT_RETRIES, metavar="N",
                   help="times a failed task is retried (default: %(default)s)")
    g.add_argument("--restart", action="store_true",
                   help="discard the results already in --out instead of resuming")
    g.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    e = parser.add_argument_group("engine")
    e.add_argument("--nodes", type=int, metavar="N",
                   help="nodes per search (default: %d unless --depth is given)" % DEFAULT_NODES)
    e.add_argument("--depth", type=int, metavar="PLIES", help="depth per search")
    e.add_argument("--hash", type=int, default=_dist.DEFAULT_HASH_MB, metavar="MB",
                   help="hash table per engine (default: %(default)s)")
    e.add_argument("--rules", choices=("axf", "cxa", "simple"),
                   help="rule set for repetitions and the move limit (default: axf)")


def check_cluster_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.scheduler is not None and args.workers is not None:
        parser.error("--workers and --scheduler exclude each other")
    if args.chunk_size < 1:
        parser.error("--chunk-size must be at least 1")
    if args.retries < 0:
        parser.error("--retries must be at least 0")
    if args.nodes is not None and args.nodes < 1:
        parser.error("--nodes must be at least 1")
    if args.depth is not None and not 1 <= args.depth <= xiangqi._search.MAX_DEPTH:
        parser.error("--depth must be in 1..%d" % xiangqi._search.MAX_DEPTH)
    if not 1 <= args.hash <= xiangqi._search.MAX_HASH_MB:
        parser.error("--hash must be in 1..%d" % xiangqi._search.MAX_HASH_MB)


def report_run(prog: str, stats: _dist.RunStats, quiet: bool, what: str = "games") -> int:
    """Lines about a run on stderr; the exit status (0, or 1 if chunks failed)."""
    if stats.skipped and not quiet:
        print("%s: resumed: %d of %d chunks were already done" % (prog, stats.skipped,
                                                                   stats.chunks), file=sys.stderr)
    if stats.failed:
        for chunk_id, message in stats.failed:
            print("%s: chunk %d failed: %s" % (prog, chunk_id, message), file=sys.stderr)
        print("%s: %d of %d chunks failed; run the same command again to retry them"
              % (prog, len(stats.failed), stats.chunks), file=sys.stderr)
        return 1
    if not quiet and stats.seconds > 0 and stats.items:
        print("%s: %d %s in %.1f s (%.2f %s/s)" % (prog, stats.items, what, stats.seconds,
                                                  stats.items / stats.seconds, what),
              file=sys.stderr)
    return 0


def _internal_error(exc: BaseException) -> bool:
    """Whether *exc* comes from Dask or what it runs on (not from xiangqi)."""
    module = type(exc).__module__ or ""
    return module.split(".")[0] in _dist.INTERNAL_LOGGERS or isinstance(exc, TimeoutError)


def run_command(prog: str, fn: Callable[[], int], quiet: bool = False) -> int:
    """Run fn() and map the known failures to messages and exit statuses.
    Dask's own logging and warnings are kept off the terminal (all warnings
    with *quiet*); a failure of the cluster is one line, not a traceback."""
    with _dist.quiet_internals(all_warnings=quiet):
        return _run_command(prog, fn)


def _run_command(prog: str, fn: Callable[[], int]) -> int:
    try:
        return fn()
    except KeyboardInterrupt:
        print("%s: interrupted; the chunks written so far are kept: run the same command "
              "again to resume" % prog, file=sys.stderr)
        return 130
    except (_dist.SchedulerError, _dist.ManifestError) as exc:
        print("%s: %s" % (prog, exc), file=sys.stderr)
        return 1
    except ImportError as exc:  # no Dask in this interpreter
        print("%s: %s; or --local for a plain loop in this process" % (prog, exc),
              file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: B902 - Dask's failures and OSError; others re-raised
        if _internal_error(exc):
            print("%s: the Dask cluster failed: %s: %s; the chunks written so far are kept: "
                  "run the same command again to resume" % (prog, type(exc).__name__, exc),
                  file=sys.stderr)
            return 1
        if isinstance(exc, OSError):
            print("%s: %s" % (prog, exc), file=sys.stderr)
            return 1
        raise


def main(argv: Sequence[str] | None = None) -> int:
    prog = "xiangqi.tools.analyse"
    parser = _Parser(prog=prog, description="Analyse every move of every game of PGN files "
                     "with the engine, on a Dask cluster. Run with /usr/bin/python3 -m "
                     "xiangqi.tools.analyse (the interpreter that has Dask).")
    parser.add_argument("files", nargs="+", metavar="GAMES.pgn", help="PGN files")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="directory of the results (created; resumed if it holds this run)")
    parser.add_argument("--thresholds", default="50,100,300", metavar="I,M,B",
                        help="losses in centipawns from which a move is an inaccuracy, a "
                             "mistake, a blunder (default: %(default)s)")
    parser.add_argument("--notation", choices=("iccs", "wxf", "chinese"),
                        help="moves of the annotated PGN (default: the Format tag, else iccs)")
    parser.add_argument("--sqlite", action="store_true", help="also write analysis.sqlite")
    parser.add_argument("--version", action="version",
                        version="%s %s" % (prog, xiangqi.library_version_string()))
    cluster_options(parser)
    args = parser.parse_args(argv)
    check_cluster_options(parser, args)
    try:
        thresholds = Thresholds.parse(args.thresholds)
    except ValueError as exc:
        parser.error("--thresholds: %s" % exc)

    def go() -> int:

        result = analyse_files(
            args.files, args.out, workers=args.workers, scheduler=args.scheduler,
            nodes=args.nodes, depth=args.depth, rules=args.rules, thresholds=thresholds,
            hash_mb=args.hash, chunk_size=args.chunk_size, retries=args.retries,
            notation=args.notation, sqlite=args.sqlite, restart=args.restart, quiet=args.quiet,
            timeout=args.timeout, local=args.local)
        for e in result["invalid"]:
            where = e["file"] if e["game"] is None else "%s: game %d (line %s)" % (
                e["file"], e["game"], e["line"])
            print("%s: %s: %s" % (prog, where, e["error"]), file=sys.stderr)
        if result["invalid"] and not args.quiet:
            print("%s: %d invalid games or files skipped (listed in %s)" % (
                prog, len(result["invalid"]), os.path.join(args.out, "errors.jsonl")),
                file=sys.stderr)
        status = report_run(prog, result["stats"], args.quiet)
        if result["games"] == 0:
            print("%s: no valid game to analyse" % prog, file=sys.stderr)
            return 1
        return status

    return run_command(prog, go, quiet=args.quiet)


if __name__ == "__main__":
    status = main()
    _dist.silence_at_exit()
    sys.exit(status)
