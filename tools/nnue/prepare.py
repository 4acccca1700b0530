# SPDX-License-Identifier: MIT
"""Training rows for the NNUE from self-play runs (xiangqi.tools.selfplay).

    /usr/bin/python3 tools/nnue/prepare.py --king-buckets 1 -o data.npz RUN_DIR...

reads every chunks/*.jsonl of each RUN_DIR (a finished or still running
self-play run: chunks are complete files) and writes one .npz with, per
position kept:

  stm, opp   uint16 [N, 32]  the features of the side to move and of the
                             other side (features.py), padded with F
                             (= the number of features: no feature)
  bucket     uint8  [N]      the output bucket
  score      int16  [N]      the search's score, centipawns, side to move
  outcome    uint8  [N]      the game's result for the side to move:
                             0 loss, 1 draw, 2 win
  game       uint32 [N]      a number per game (the held-out split is by game)

Kept: the positions the self-play tool marks quiet (not in check, the best
move no capture, no mate score), once per distinct FEN board and side per
game. Scores are clamped to +-SCORE_CLAMP.
"""

import argparse
import glob
import json
import os
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import features as F  # noqa: E402

SCORE_CLAMP = 3000
MAX_ACTIVE = 32


def positions_of_run(run, game_base=0):
    """Yields (fen, score, outcome 0..2, game) of the positions kept of a run."""
    # the run's folder name, not its path: the same games get the same numbers
    # (and so the same held-out split) wherever they are
    name = os.path.basename(os.path.normpath(run))
    for path in sorted(glob.glob(os.path.join(run, "chunks", "*.jsonl"))):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                g = json.loads(line)
                game = zlib.crc32(("%s#%s" % (name, g["id"])).encode()) ^ game_base
                seen = set()
                for p in g["positions"]:
                    if not p.get("quiet"):
                        continue
                    key = " ".join(p["fen"].split()[:2])
                    if key in seen:
                        continue
                    seen.add(key)
                    yield (p["fen"], max(-SCORE_CLAMP, min(SCORE_CLAMP, int(p["score"]))),
                           int(round(p["outcome"] * 2)), game)


def rows_of_run(run, king_buckets, game_base):
    """Yields (stm feats, opp feats, bucket, score, outcome, game) of a run."""
    for fen, score, outcome, game in positions_of_run(run, game_base):
        pieces, side = F.parse_fen(fen)
        yield (F.features(pieces, side, king_buckets), F.features(pieces, side ^ 1, king_buckets),
               F.out_bucket(pieces), score, outcome, game)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", help="self-play output directories")
    ap.add_argument("-o", "--out", required=True, help="the .npz to write")
    ap.add_argument("--king-buckets", type=int, choices=(1, 6), default=1)
    args = ap.parse_args(argv)
    nfeat = args.king_buckets * F.BUCKET_FEATURES
    cap = 1 << 20
    stm = np.full((cap, MAX_ACTIVE), nfeat, np.uint16)
    opp = np.full((cap, MAX_ACTIVE), nfeat, np.uint16)
    bucket = np.zeros(cap, np.uint8)
    score = np.zeros(cap, np.int16)
    outcome = np.zeros(cap, np.uint8)
    game = np.zeros(cap, np.uint32)
    n = 0
    for run in args.runs:
        for fs, fo, b, s, o, g in rows_of_run(run, args.king_buckets, 0):
            if n == cap:
                cap *= 2
                stm = np.concatenate([stm, np.full_like(stm, nfeat)])
                opp = np.concatenate([opp, np.full_like(opp, nfeat)])
                bucket, score, outcome, game = (np.resize(a, cap)
                                                for a in (bucket, score, outcome, game))
            stm[n, :len(fs)] = fs
            opp[n, :len(fo)] = fo
            bucket[n], score[n], outcome[n], game[n] = b, s, o, g
            n += 1
            if n % 200000 == 0:
                print("prepare: %d positions" % n, file=sys.stderr)
    np.savez(args.out, stm=stm[:n], opp=opp[:n], bucket=bucket[:n], score=score[:n],
             outcome=outcome[:n], game=game[:n], king_buckets=np.array(args.king_buckets))
    wins = int(np.sum(outcome[:n] == 2))
    draws = int(np.sum(outcome[:n] == 1))
    print("prepare: %d positions from %d games (side to move: %d won, %d drawn, %d lost) -> %s"
          % (n, len(np.unique(game[:n])), wins, draws, n - wins - draws, args.out),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
