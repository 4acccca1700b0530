# SPDX-License-Identifier: MIT
"""Trains the NNUE on prepare.py's rows and writes a net file.

    /usr/bin/python3 tools/nnue/train.py data.npz -o net.nnue --epochs 12 --log train.log

The network of lib/engine/nnue/.c (docs/nnue.md): per perspective an EmbeddingBag of
the features (the accumulator, NNUE_L1 wide) plus a bias, SCReLU (clamp to
0..1, squared), the side to move's half then the other's, one linear output
per output bucket; the output times SCALE is centipawns. Loss: the mean
squared error between sigmoid(output * SCALE / K) and
LAMBDA * sigmoid(score / K) + (1 - LAMBDA) * result, K fitted to the data
first (the centipawn scale of the engine that scored it).

The output weights are used rounded to the integer net's steps (1/QB) in
training (straight-through gradient), so the integer net scores like the
float one. Reproducible: a fixed seed (--seed) for the split, the shuffles and the
initial weights; one thread unless --threads. Held out: the games whose
number is 0 mod HOLDOUT_MOD (about 5%). The log has the loss of every epoch,
train and held out, and at the end the integer net against the float one on
the held-out positions (quantisation error in centipawns).
"""

import argparse
import math
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import features as F  # noqa: E402

HOLDOUT_MOD = 20
LAMBDA = 0.75          # weight of the search score in the target (the rest: the result)
BATCH = 8192
LR = 1e-3
LR_DROP_EPOCHS = 4     # the learning rate halves every this many epochs
# Clipping keeps the integer net exact: accumulators within int16 (33 terms
# of at most FT_CLIP * QA), output weights within +-127 / QB.
FT_CLIP = 3.8
OUT_CLIP = F.OUT_WEIGHT_MAX / F.QB
INIT_STD = 0.05


class Net(torch.nn.Module):
    def __init__(self, nfeat):
        super().__init__()
        self.nfeat = nfeat
        self.ft = torch.nn.EmbeddingBag(nfeat + 1, F.L1, mode="sum", padding_idx=nfeat)
        torch.nn.init.normal_(self.ft.weight, 0.0, INIT_STD)
        with torch.no_grad():
            self.ft.weight[nfeat].zero_()
        self.ft_bias = torch.nn.Parameter(torch.full((F.L1,), 0.1))
        self.out = torch.nn.Parameter(torch.randn(F.OUT_BUCKETS, 2 * F.L1) * 0.01)
        self.out_bias = torch.nn.Parameter(torch.zeros(F.OUT_BUCKETS))

    def forward(self, stm, opp, bucket):
        a = self.ft(stm) + self.ft_bias
        b = self.ft(opp) + self.ft_bias
        x = torch.clamp(torch.cat([a, b], 1), 0.0, 1.0) ** 2
        # quantisation-aware: the output weights as the integer net has them
        # (multiples of 1/QB), the gradient passed straight through
        w = self.out + (torch.round(self.out * F.QB) / F.QB - self.out).detach()
        return (x * w[bucket]).sum(1) + self.out_bias[bucket]

    def clip(self):
        with torch.no_grad():
            self.ft.weight.clamp_(-FT_CLIP, FT_CLIP)
            self.ft_bias.clamp_(-FT_CLIP, FT_CLIP)
            self.out.clamp_(-OUT_CLIP, OUT_CLIP)


def fit_k(score, result):
    """The sigmoid scale K (centipawns) that best predicts the results from
    the scores (golden-section search on the mean squared error)."""
    s = score.astype(np.float64)
    r = result.astype(np.float64) / 2

    def err(k):
        return float(np.mean((1 / (1 + np.exp(-s / k)) - r) ** 2))
    lo, hi = 50.0, 2000.0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if err(a) < err(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def batches(idx, data, rng, shuffle):
    order = rng.permutation(idx) if shuffle else idx
    for i in range(0, len(order), BATCH):
        j = np.sort(order[i:i + BATCH])
        yield (torch.from_numpy(data["stm"][j].astype(np.int64)),
               torch.from_numpy(data["opp"][j].astype(np.int64)),
               torch.from_numpy(data["bucket"][j].astype(np.int64)),
               torch.from_numpy(data["target"][j]))


def run_epoch(net, opt, idx, data, rng, k, train):
    total, n = 0.0, 0
    net.train(train)
    for stm, opp, bucket, target in batches(idx, data, rng, train):
        with torch.set_grad_enabled(train):
            p = torch.sigmoid(net(stm, opp, bucket) * F.SCALE / k)
            loss = torch.mean((p - target) ** 2)
        if train:
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.clip()
        total += float(loss) * len(target)
        n += len(target)
    return total / max(n, 1)


def quantise(net):
    ft_w = net.ft.weight.detach().numpy()[:net.nfeat]
    q = {
        "ft_bias": np.round(net.ft_bias.detach().numpy() * F.QA).astype(np.int64),
        "ft_weight": np.round(ft_w * F.QA).astype(np.int64),
        "out_weight": np.clip(np.round(net.out.detach().numpy() * F.QB),
                              -F.OUT_WEIGHT_MAX, F.OUT_WEIGHT_MAX).astype(np.int64),
        "out_bias": np.round(net.out_bias.detach().numpy() * F.QA * F.QB).astype(np.int64),
    }
    return q


def int_eval(q, stm, opp, bucket):
    """The library's integer evaluation (nnue_eval.c), vectorised: centipawns."""
    nfeat = q["ft_weight"].shape[0]
    w = np.vstack([q["ft_weight"], np.zeros((1, F.L1), np.int64)])
    a = w[stm].sum(1) + q["ft_bias"]
    b = w[opp].sum(1) + q["ft_bias"]
    assert nfeat == w.shape[0] - 1
    x = np.clip(np.concatenate([a, b], 1), 0, F.QA)
    s = np.sum(x * q["out_weight"][bucket] * x, 1)
    out = np.trunc(s / F.QA).astype(np.int64) + q["out_bias"][bucket]
    return np.trunc(out * F.SCALE / (F.QA * F.QB)).astype(np.int64)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", help="prepare.py's .npz")
    ap.add_argument("-o", "--out", required=True, help="the net file to write")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--holdout-mod", type=int, default=HOLDOUT_MOD, metavar="N",
                    help="hold out the games whose number is 0 mod N (default %(default)s)")
    ap.add_argument("--log", help="also write the log here")
    ap.add_argument("--description", default="", help="the net's description (its data, its command)")
    args = ap.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    logf = open(args.log, "w") if args.log else None

    def log(msg):
        print(msg, file=sys.stderr)
        if logf:
            print(msg, file=logf)
            logf.flush()

    z = np.load(args.data)
    kb = int(z["king_buckets"])
    data = {k: z[k] for k in ("stm", "opp", "bucket", "score", "outcome", "game")}
    k = fit_k(data["score"], data["outcome"])
    data["target"] = (LAMBDA / (1 + np.exp(-data["score"].astype(np.float64) / k))
                      + (1 - LAMBDA) * data["outcome"] / 2).astype(np.float32)
    held = data["game"] % args.holdout_mod == 0
    train_idx, held_idx = np.nonzero(~held)[0], np.nonzero(held)[0]
    if len(held_idx) == 0 or len(train_idx) == 0:
        log("train: %s: %d positions of %d games: no %s set (more games, or another "
            "--holdout-mod)" % (args.data, len(held), len(np.unique(data["game"])),
                                 "held-out" if len(held_idx) == 0 else "training"))
        return 1
    log("train: %s: %d positions (%d held out, %d games), king buckets %d, K %.1f, lambda %.2f, "
        "seed %d" % (args.data, len(held), len(held_idx), len(np.unique(data["game"][held])),
                     kb, k, LAMBDA, args.seed))
    net = Net(kb * F.BUCKET_FEATURES)
    opt = torch.optim.Adam(net.parameters(), lr=LR)
    sched = torch.optim.lr_scheduler.StepLR(opt, LR_DROP_EPOCHS, 0.5)
    base = run_epoch(net, None, held_idx, data, rng, k, False)
    log("epoch  0  held-out loss %.6f" % base)
    for epoch in range(1, args.epochs + 1):
        t = time.time()
        tr = run_epoch(net, opt, train_idx, data, rng, k, True)
        he = run_epoch(net, None, held_idx, data, rng, k, False)
        sched.step()
        log("epoch %2d  train loss %.6f  held-out loss %.6f  (%.0f s)" % (epoch, tr, he,
                                                                        time.time() - t))
    q = quantise(net)
    sample = held_idx[:20000]
    with torch.no_grad():
        fl = (net(torch.from_numpy(data["stm"][sample].astype(np.int64)),
                  torch.from_numpy(data["opp"][sample].astype(np.int64)),
                  torch.from_numpy(data["bucket"][sample].astype(np.int64))).numpy() * F.SCALE)
    iv = int_eval(q, data["stm"][sample].astype(np.int64), data["opp"][sample].astype(np.int64),
                  data["bucket"][sample].astype(np.int64))
    diff = np.abs(iv - fl)
    log("quantised vs float on %d held-out positions: mean |diff| %.2f cp, max %.1f cp, "
        "correlation %.5f" % (len(sample), float(np.mean(diff)), float(np.max(diff)),
                             float(np.corrcoef(iv, fl)[0, 1])))
    desc = args.description or ("trained by tools/nnue/train.py on %s, %d epochs, seed %d, "
                                "held-out loss %.6f" % (os.path.basename(args.data), args.epochs,
                                                        args.seed, he))
    size = F.write_net(args.out, kb, q["ft_bias"], q["ft_weight"], q["out_weight"],
                       q["out_bias"], desc)
    log("wrote %s (%d bytes): %s" % (args.out, size, desc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
