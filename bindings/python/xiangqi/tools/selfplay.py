# SPDX-License-Identifier: MIT
"""Self-play games for tuning the evaluation, on a Dask cluster or in this process.

``/usr/bin/python3 -m xiangqi.tools.selfplay --games N --openings FILE --out DIR``
plays N games of the engine against itself, each from an opening of the
file (game *i* from opening ``i % len(openings)``; e.g.
``programs/match/openings.txt``, installed as ``share/xiangqi/openings.txt``;
without one, from the start position), and writes in DIR:

- ``positions.jsonl``: one JSON object per position the engine searched
  (:data:`POSITION_FIELDS`): ``fen``, ``score`` (centipawns from the side
  to move's view, mates as +-(MATE_VALUE - N)), ``result`` of the game
  (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``), ``outcome`` (the result from the
  side to move's view: 1, 0.5, 0), ``game``, ``ply``, ``move`` (played),
  ``best`` (the engine's), ``check`` (the side to move is in check),
  ``capture`` (the move played captures), ``quiet`` (not in check, the best
  move is no capture, the score no mate), ``random`` (the move was drawn
  among the near best, see below). The format a Texel-style tuner reads
  (position, search score, final result); :func:`read_positions` reads it.
- ``games.pgn``: the games, with Result and Termination tags;
- ``manifest.json`` and ``chunks/``, from which an interrupted run resumes.

Variety: after the opening, the first ``random_plies`` moves of each game
are drawn (with a generator seeded by ``seed`` and the game's number)
among the engine's ``RANDOM_LINES`` best lines that score within
``random_margin`` centipawns of the best. Everything else is the engine's
choice at a fixed node or depth limit, one thread, the hash cleared before
every game: the same command gives the same games on any cluster.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import Any, Dict, Iterable, Iterator, List, Sequence, Tuple

import xiangqi
from xiangqi.tools import distributed as _dist
from xiangqi.tools.analyse import (MATE_VALUE, _Parser, _limits, check_cluster_options,
                             cluster_options, report_run, run_command, score_value)

__all__ = ["play_game", "selfplay_chunk", "read_openings", "read_positions", "selfplay",
           "RANDOM_LINES", "DEFAULT_NODES", "DEFAULT_MAX_PLIES", "MATE_BAND", "main"]

#: How many lines the engine searches when a move is drawn at random.
RANDOM_LINES: int = 4
#: Node limit per move when neither nodes nor depth is given.
DEFAULT_NODES: int = 20000
#: A game still going after this many plies (from the start position) is a draw.
DEFAULT_MAX_PLIES: int = 300

#: Scores within this many centipawns of +-MATE_VALUE are mates (not quiet).
MATE_BAND: int = 1000

#: The fields of every line of ``positions.jsonl`` (format 1).
POSITION_FIELDS: Tuple[str, ...]
POSITION_FIELDS = ("fen", "score", "result", "outcome", "game", "ply", "move", "best",
                   "check", "capture", "quiet", "random")

_OUTCOME = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def read_openings(path: str | os.PathLike[str]) -> List[List[str]]:
    """The openings of a file: one a line, moves in any notation from the
    start position (``#`` starts a comment; an empty line is skipped).
    Returns a list of lists of ICCS moves; a bad move raises ``ValueError``
    naming the line."""
    out = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.split("#", 1)[0].split()
            if not text:
                continue
            with xiangqi.Board() as board:
                moves = []
                for word in text:
                    try:
                        move = board.parse_move(word)
                        board.push(move)
                    except xiangqi.XiangqiError as exc:
                        raise ValueError("%s:%d: %s" % (path, number, exc)) from None
                    moves.append(move.iccs())
            out.append(moves)
    if not out:
        raise ValueError("%s: no opening in the file" % (path,))
    return out


def read_positions(path: str | os.PathLike[str], quiet: bool = False
                   ) -> Iterator[Dict[str, Any]]:
    """The positions of a ``positions.jsonl`` (written by :func:`selfplay`),
    one dict at a time, in the file's order; with *quiet* true only the
    quiet ones (side to move not in check, the engine's best move not a
    capture, no mate score), as a Texel-style tuner wants them. The reader a
    tuner uses: ``for p in read_positions(path, quiet=True): fen, target =
    p["fen"], p["outcome"]``. A line that is not a position raises
    ``ValueError`` naming the line."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                p = json.loads(line)
                if not isinstance(p, dict) or not all(k in p for k in POSITION_FIELDS):
                    raise ValueError("not a position object")
            except ValueError as exc:
                raise ValueError("%s:%d: %s" % (path, number, exc)) from None
            if quiet and not p["quiet"]:
                continue
            yield p


def play_game(engine: xiangqi.Engine, number: int, opening: Sequence[str] = (),
              nodes: int | None = None, depth: int | None = None, rules: str | None = None,
              seed: int = 0, random_plies: int = 2, random_margin: int = 30,
              max_plies: int = DEFAULT_MAX_PLIES) -> Dict[str, Any]:
    """Play one self-play game on *engine* (cleared first) from the moves
    *opening*. *number* (from 0) names the game and seeds its random moves.
    Returns ``{"id", "pgn", "result", "termination", "plies", "positions"}``
    (see the module for the positions)."""
    limits = _limits(nodes, depth) if (nodes or depth) else {"nodes": DEFAULT_NODES}
    engine.clear()
    engine.set_rules(rules)
    rng = random.Random("%d:%d" % (seed, number))
    record = xiangqi.Record()
    board = xiangqi.Board()
    try:
        record.tags["Event"] = "libxiangqi self-play"
        record.tags["Round"] = str(number + 1)
        record.tags["Red"] = record.tags["Black"] = "libxiangqi %s" % (
            xiangqi.library_version_string())
        record.tags["Opening"] = " ".join(opening)
        record.tags["TimeControl"] = ", ".join("%s %s" % kv for kv in sorted(limits.items()))
        for m in opening:
            board.push(m)
            record.play(m)
        positions: List[Dict[str, Any]] = []
        termination = None
        result = "1/2-1/2"
        random_left = random_plies
        while True:
            outcome = board.outcome(rules)
            if outcome is not None:
                result = outcome.result()
                termination = outcome.description
                break
            if board.ply >= max_plies:
                termination = "1/2-1/2 adjudicated: %d plies" % max_plies
                break
            banned = board.banned_moves(rules)
            drawn = random_left > 0
            if drawn:
                r = engine.analyse(board, multipv=RANDOM_LINES, banmoves=banned or None,
                                   **limits)
                best = score_value(r.score)
                cands = [line.pv[0] for line in r.lines
                         if line.pv and score_value(line.score) >= best - random_margin]
                move = rng.choice(cands) if cands else r.move
                random_left -= 1
            else:
                r = engine.analyse(board, banmoves=banned or None, **limits)
                move = r.move
            if move is None:  # every legal move is banned: the side to move loses
                result = "0-1" if board.turn == xiangqi.Color.RED else "1-0"
                termination = "%s no move that does not lose by repetition" % result
                break
            red = board.turn == xiangqi.Color.RED
            score = score_value(r.score)
            check = board.is_check()
            best_captures = r.move is not None and board.piece_at(r.move.to_square) is not None
            positions.append({"fen": board.fen(), "ply": board.ply, "score": score,
                              "move": move.iccs(),
                              "best": r.move.iccs() if r.move is not None else None,
                              "check": check, "random": drawn, "red": red,
                              "capture": board.piece_at(move.to_square) is not None,
                              "quiet": not check and not best_captures
                              and abs(score) < MATE_VALUE - MATE_BAND})
            board.push(move)
            record.play(move)
        record.tags["Result"] = result
        record.tags["Termination"] = termination  # type: ignore[assignment]  # set above
        game_id = "selfplay#%d" % (number + 1)
        red_outcome, black_outcome = _OUTCOME[result]
        for p in positions:
            p["game"] = game_id
            p["result"] = result
            p["outcome"] = red_outcome if p.pop("red") else black_outcome
        return {"id": game_id, "pgn": record.pgn(), "result": result,
                "termination": termination, "plies": board.ply, "positions": positions}
    finally:
        board.close()
        record.close()


def selfplay_chunk(games: Iterable[Tuple[int, Sequence[str]]], hash_mb: int | None = None,
                   **settings: Any) -> List[Dict[str, Any]]:
    """The task of one chunk: play each ``(number, opening)`` on this
    worker's engine; *settings* are those of :func:`play_game`."""
    with _dist.worker_engine(hash_mb or _dist.DEFAULT_HASH_MB) as engine:
        return [play_game(engine, number, opening, **settings) for number, opening in games]


def selfplay(games: int, out: str,
             openings: str | bytes | os.PathLike[str] | Iterable[Iterable[str]] | None = None,
             client: Any = None, workers: int | None = None, scheduler: str | None = None,
             nodes: int | None = None, depth: int | None = None, rules: str | None = None,
             seed: int = 0, random_plies: int = 2, random_margin: int = 30,
             max_plies: int = DEFAULT_MAX_PLIES, hash_mb: int = _dist.DEFAULT_HASH_MB,
             chunk_size: int = 2, retries: int = _dist.DEFAULT_RETRIES, restart: bool = False,
             quiet: bool = True, timeout: float = _dist.DEFAULT_CONNECT_TIMEOUT,
             local: bool = False) -> Dict[str, Any]:
    """The whole command: *games* games from *openings* (a file name, a
    list of move lists, or None for the start position), in chunks of
    *chunk_size*, written into directory *out*. The cluster is chosen as
    by :func:`xiangqi.tools.analyse.analyse_files`. Returns ``{"games", "stats",
    "outputs", "results"}`` (results: counts of 1-0, 0-1, 1/2-1/2)."""
    if games < 1:
        raise ValueError("games must be at least 1, not %r" % (games,))
    lines: List[List[str]]
    source: Dict[str, Any] | None
    if isinstance(openings, (str, bytes, os.PathLike)):
        source = {"path": os.fspath(openings), "sha256": _dist.file_digest(openings)}
        lines = read_openings(openings)  # type: ignore[arg-type]  # a bytes name works too
    else:
        source = None
        lines = [list(o) for o in (openings or [[]])]
    limits = _limits(nodes, depth) if (nodes or depth) else {"nodes": DEFAULT_NODES}
    settings = {"nodes": limits.get("nodes"), "depth": limits.get("depth"), "rules": rules,
                "seed": seed, "random_plies": random_plies, "random_margin": random_margin,
                "max_plies": max_plies}
    manifest = {"command": "selfplay", "format": 1, "games": games, "openings": lines,
                "openings_file": source, "settings": settings, "hash_mb": hash_mb,
                "chunk_size": chunk_size, "library": xiangqi.library_version_string()}
    store = _dist.ChunkStore(out)
    store.prepare(manifest, restart=restart)
    jobs = [(i, lines[i % len(lines)]) for i in range(games)]
    chunks = _dist.chunked(jobs, chunk_size)
    kwargs = dict(settings, hash_mb=hash_mb)

    def run(c: Any) -> _dist.RunStats:
        return _dist.run_chunks(c, selfplay_chunk, chunks, store, kwargs=kwargs,
                                key_prefix="xiangqi-selfplay", hash_mb=hash_mb,
                                retries=retries, quiet=quiet, desc="selfplay")

    if local or len(store.done() & set(range(len(chunks)))) == len(chunks):
        stats = run(None)
    elif client is not None:
        stats = run(client)
    else:
        with _dist.connect(scheduler=scheduler, workers=workers, timeout=timeout) as c:
            stats = run(c)
    outputs: Dict[str, str] = {}
    results: Dict[str, int] = {}
    if not stats.failed:
        pgn: List[str] = []
        positions: List[str] = []
        results = dict.fromkeys(_OUTCOME, 0)
        for chunk_id in range(len(chunks)):
            for rec in store.read(chunk_id):
                results[rec["result"]] += 1
                pgn.append(rec["pgn"].rstrip("\n") + "\n")
                positions.extend(json.dumps(p, ensure_ascii=False, sort_keys=True) + "\n"
                                 for p in rec["positions"])
        outputs = {"pgn": os.path.join(out, "games.pgn"),
                   "positions": os.path.join(out, "positions.jsonl")}
        _dist.write_atomic(outputs["pgn"], "\n".join(pgn))
        _dist.write_atomic(outputs["positions"], "".join(positions))
    return {"games": games, "stats": stats, "outputs": outputs, "results": results}


def main(argv: Sequence[str] | None = None) -> int:
    prog = "xiangqi.tools.selfplay"
    parser = _Parser(prog=prog, description="Self-play games of the engine for tuning its "
                     "evaluation, on a Dask cluster. Run with /usr/bin/python3 -m "
                     "xiangqi.tools.selfplay (the interpreter that has Dask).")
    parser.add_argument("--games", type=int, required=True, metavar="N", help="games to play")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="directory of the results (created; resumed if it holds this run)")
    parser.add_argument("--openings", metavar="FILE",
                        help="openings, one line of moves each (e.g. programs/match/openings.txt); "
                             "default: the start position")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random moves "
                        "(default: %(default)s)")
    parser.add_argument("--random-plies", type=int, default=2, metavar="N",
                        help="moves drawn among the near best after the opening "
                             "(default: %(default)s)")
    parser.add_argument("--random-margin", type=int, default=30, metavar="CP",
                        help="how far below the best a drawn move may score "
                             "(default: %(default)s)")
    parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES, metavar="N",
                        help="adjudicate a draw after this many plies (default: %(default)s)")
    parser.add_argument("--version", action="version",
                        version="%s %s" % (prog, xiangqi.library_version_string()))
    cluster_options(parser)
    parser.set_defaults(chunk_size=2)
    for action in parser._actions:
        if action.dest == "nodes":
            action.help = "nodes per move (default: %d unless --depth is given)" % DEFAULT_NODES
        if action.dest == "chunk_size":
            action.help = "games per task (default: 2)"
    args = parser.parse_args(argv)
    check_cluster_options(parser, args)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.random_plies < 0 or args.random_margin < 0 or args.max_plies < 1:
        parser.error("--random-plies and --random-margin must be >= 0, --max-plies >= 1")

    def go() -> int:

        try:
            result = selfplay(
                args.games, args.out, openings=args.openings, workers=args.workers,
                scheduler=args.scheduler, nodes=args.nodes, depth=args.depth, rules=args.rules,
                seed=args.seed, random_plies=args.random_plies, random_margin=args.random_margin,
                max_plies=args.max_plies, hash_mb=args.hash, chunk_size=args.chunk_size,
                retries=args.retries, restart=args.restart, quiet=args.quiet,
                timeout=args.timeout, local=args.local)
        except ValueError as exc:
            print("%s: %s" % (prog, exc), file=sys.stderr)
            return 1
        status = report_run(prog, result["stats"], args.quiet)
        if not args.quiet and result["results"]:
            r = result["results"]
            print("%s: Red +%d =%d -%d; positions in %s" % (
                prog, r["1-0"], r["1/2-1/2"], r["0-1"], result["outputs"]["positions"]),
                file=sys.stderr)
        return status

    return run_command(prog, go, quiet=args.quiet)


if __name__ == "__main__":
    status = main()
    _dist.silence_at_exit()
    sys.exit(status)
