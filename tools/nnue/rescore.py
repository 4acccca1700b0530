# SPDX-License-Identifier: MIT
"""Training positions from master games: every position of the CCPD games
scored by the engine, with the game's real result.

    /usr/bin/python3 tools/nnue/rescore.py --out DIR [--nodes 1000] [--workers 2]
        [--skip-plies 6] [--chunk-games 200] [PGN]

PGN defaults to data/ccpd/ccpd-masters-53889.pgn.xz (53,889 master games,
CC BY 4.0: data/ccpd/LICENSE.ccpd); a .xz file is read as it is. Games with
a result and the standard start are used; a game with a move the library
refuses ends where it does. Each position from ply --skip-plies on is
searched to --nodes nodes (one thread, the table cleared before each game,
so a run is the same on any machine) and written to DIR/chunks/NNNNNN.jsonl,
one JSON object per game: {"id", "result", "positions": [{"fen", "score",
"outcome", "quiet"}]} -- the self-play tool's format, which prepare.py reads
(score: centipawns for the side to move; outcome: the game's result for the
side to move, 1, 0.5 or 0; quiet: not in check, the best move no capture, no
mate score). Chunks are written whole (a temporary file renamed), so an
interrupted run goes on where it stopped when run again with the same
arguments.
"""

import argparse
import json
import lzma
import multiprocessing
import os
import sys
import tempfile
import time

import xiangqi
from xiangqi.review import MATE_VALUE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PGN = os.path.join(ROOT, "data", "ccpd", "ccpd-masters-53889.pgn.xz")
MATE_BAND = MATE_VALUE - 10000  # |score| above this is a mate (a mate in fewer than 10000 moves)
RESULT = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def read_games(path):
    """[(number, [ICCS moves], result)] of the usable games of a PGN file."""
    if path.endswith(".xz"):
        with lzma.open(path) as f:
            data = f.read()
        tmp = tempfile.NamedTemporaryFile(suffix=".pgn", delete=False)
        tmp.write(data)
        tmp.close()
        name = tmp.name
    else:
        name = path
    start = xiangqi.Board().fen()
    games = []
    try:
        it = iter(xiangqi.read_pgn(name))
        number = 0
        while True:
            try:
                g = next(it)
            except StopIteration:
                break
            except xiangqi.XiangqiError:
                number += 1
                continue
            number += 1
            result = g.headers.get("Result")
            if result not in RESULT or g.board().fen() != start:
                continue
            games.append((number, [m.iccs() for m in g.mainline_moves()], result))
    finally:
        if name != path:
            os.unlink(name)
    return games


_engine = None


def _init(nodes):
    global _engine, _nodes
    _engine = xiangqi.Engine(threads=1, hash_mb=16)
    _nodes = nodes


def score_game(args):
    number, moves, result, skip = args
    _engine.clear()
    board = xiangqi.Board()
    red = RESULT[result]
    positions = []
    for ply, mv in enumerate(moves):
        if ply >= skip and board.outcome() is None:
            r = _engine.analyse(board, nodes=_nodes)
            score = r.score.score(mate_score=MATE_VALUE)
            check = board.is_check()
            capture = r.move is not None and board.piece_at(r.move.to_square) is not None
            positions.append({"fen": board.fen(), "score": score,
                              "outcome": red if board.turn == xiangqi.Color.RED else 1 - red,
                              "quiet": not check and not capture and abs(score) < MATE_BAND})
        try:
            board.push(mv)
        except xiangqi.XiangqiError:
            break
    board.close()
    return {"id": "ccpd#%d" % number, "result": result, "positions": positions}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="?", default=DEFAULT_PGN)
    ap.add_argument("--out", required=True)
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--skip-plies", type=int, default=6)
    ap.add_argument("--chunk-games", type=int, default=200)
    args = ap.parse_args(argv)
    os.makedirs(os.path.join(args.out, "chunks"), exist_ok=True)
    t0 = time.time()
    games = read_games(args.pgn)
    print("rescore: %d games read in %.0f s" % (len(games), time.time() - t0), file=sys.stderr)
    chunks = [games[i:i + args.chunk_games] for i in range(0, len(games), args.chunk_games)]
    with multiprocessing.Pool(args.workers, _init, (args.nodes,)) as pool:
        for k, chunk in enumerate(chunks):
            path = os.path.join(args.out, "chunks", "%06d.jsonl" % k)
            if os.path.exists(path):
                continue
            t = time.time()
            out = pool.map(score_game, [(n, m, r, args.skip_plies) for n, m, r in chunk],
                           chunksize=4)
            with open(path + ".tmp", "w") as f:
                for g in out:
                    f.write(json.dumps(g, separators=(",", ":")) + "\n")
            os.replace(path + ".tmp", path)
            print("rescore: chunk %d/%d, %d positions, %.0f s" % (
                k + 1, len(chunks), sum(len(g["positions"]) for g in out), time.time() - t),
                file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
