# SPDX-License-Identifier: MIT
"""How well static evaluations predict the training targets, on held-out games.

    PYTHONPATH=bindings/python /usr/bin/python3 tools/nnue/static_loss.py RUN_DIR... \\
        [--net FILE]... [--positions 20000] [--holdout-mod 20] [--lambda 0.75]

For the quiet positions of the held-out games of the runs (the games train.py
holds out: the same numbering as prepare.py), the loss train.py minimises,
mean((sigmoid(eval / K) - target)^2) with target = LAMBDA * sigmoid(score / K)
+ (1 - LAMBDA) * result and K fitted to the scores, for the hand-written
evaluation and for each net; with the mean absolute difference from the search
score and the correlation with it. A net that trains well but plays badly shows
here first: a static loss above the hand-written evaluation's means the net
knows less, not that the search uses it badly.
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import prepare  # noqa: E402
import train  # noqa: E402


def held_out_positions(runs, holdout_mod, limit):
    """(fen, score, outcome 0..2) of quiet held-out positions, in file order."""
    out = []
    for run in runs:
        for fen, score, outcome, game in prepare.positions_of_run(run):
            if game % holdout_mod == 0:
                out.append((fen, score, outcome))
                if len(out) >= limit:
                    return out
    return out


def report(name, evals, score, outcome, k, lam):
    target = lam / (1 + np.exp(-score / k)) + (1 - lam) * outcome / 2
    loss = float(np.mean((1 / (1 + np.exp(-evals / k)) - target) ** 2))
    mae = float(np.mean(np.abs(np.clip(evals, -prepare.SCORE_CLAMP, prepare.SCORE_CLAMP) - score)))
    corr = float(np.corrcoef(evals, score)[0, 1]) if len(evals) > 1 else math.nan
    print("%-28s loss %.6f   |eval - score| %6.1f cp   correlation %.4f" % (name, loss, mae, corr))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", help="self-play or rescore output directories")
    ap.add_argument("--net", action="append", default=[], help="a net file (repeatable)")
    ap.add_argument("--positions", type=int, default=20000)
    ap.add_argument("--holdout-mod", type=int, default=train.HOLDOUT_MOD, metavar="N")
    ap.add_argument("--lambda", dest="lam", type=float, default=train.LAMBDA)
    args = ap.parse_args(argv)
    import xiangqi

    pos = held_out_positions(args.runs, args.holdout_mod, args.positions)
    if not pos:
        print("static_loss: no held-out positions in %s" % " ".join(args.runs), file=sys.stderr)
        return 1
    score = np.array([p[1] for p in pos], np.float64)
    outcome = np.array([p[2] for p in pos], np.float64)
    k = train.fit_k(score, outcome)
    print("%d held-out quiet positions, K %.1f, lambda %.2f" % (len(pos), k, args.lam))
    engines = [("classical", xiangqi.Engine())]
    for path in args.net:
        e = xiangqi.Engine()
        e.load_net(path)
        e.set_eval("nnue")
        engines.append((os.path.basename(path), e))
    for name, e in engines:
        evals = np.array([e.evaluate(fen) for fen, _, _ in pos], np.float64)
        report(name, evals, score, outcome, k, args.lam)
        e.close()
    report("the search score itself", score, score, outcome, k, args.lam)
    return 0


if __name__ == "__main__":
    sys.exit(main())
