# SPDX-License-Identifier: MIT
"""The NNUE's input features and its integer evaluation, in Python.

The same definitions as lib/engine/nnue/nnue_eval.c (and docs/nnue.md): a piece on a
square, seen from one side ("perspective"), with that side's general's king
bucket. prepare.py uses features() to turn positions into training rows,
train.py writes nets in the file format of lib/engine/nnue/nnue_file.c, and
evaluate_int() is the library's integer evaluation, against which the test
of the trainer (tests/nnue) checks the library.
"""

import struct

RED, BLACK = 0, 1
KING, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, PAWN = range(1, 8)
FILES, RANKS, SQUARES = 9, 10, 90
KINDS = 14
BUCKET_FEATURES = KINDS * SQUARES  # 1260
L1 = 256
OUT_BUCKETS = 8
QA, QB, SCALE = 255, 64, 400
OUT_WEIGHT_MAX = 127
FORMAT_VERSION = 1
MAGIC = b"XQNNUE\x1a\n"
HEADER_SIZE, DESCRIPTION_SIZE = 64, 256

_LETTERS = {"k": KING, "a": ADVISOR, "b": ELEPHANT, "e": ELEPHANT, "n": HORSE, "h": HORSE,
            "r": CHARIOT, "c": CANNON, "p": PAWN}


def parse_fen(fen):
    """[(colour, type, square)] of the FEN's board and the side to move.
    Square = rank * 9 + file, rank 0 Red's back rank."""
    fields = fen.split()
    rows = fields[0].split("/")
    if len(rows) != RANKS:
        raise ValueError("not a Xiangqi FEN: %r" % fen)
    pieces = []
    for i, row in enumerate(rows):
        rank, file = RANKS - 1 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            pieces.append((RED if ch.isupper() else BLACK, _LETTERS[ch.lower()],
                           rank * FILES + file))
            file += 1
    side = BLACK if len(fields) > 1 and fields[1] == "b" else RED
    return pieces, side


def king_view(pieces, c, king_buckets):
    """(bucket, mirror) of perspective c: see king_view() in nnue_eval.c."""
    k = next(s for col, t, s in pieces if col == c and t == KING)
    file, rank = k % FILES, k // FILES
    if c == BLACK:
        rank = RANKS - 1 - rank
    mirror = file > 4
    if mirror:
        file = FILES - 1 - file
    if king_buckets == 1:
        return 0, mirror
    return min(rank, 2) * 2 + (max(file, 3) - 3), mirror


def features(pieces, c, king_buckets):
    """The active features of perspective c (one per piece)."""
    bucket, mirror = king_view(pieces, c, king_buckets)
    out = []
    for col, t, s in pieces:
        file, rank = s % FILES, s // FILES
        if c == BLACK:
            rank = RANKS - 1 - rank
        if mirror:
            file = FILES - 1 - file
        kind = (0 if col == c else 7) + t - 1
        out.append(bucket * BUCKET_FEATURES + kind * SQUARES + rank * FILES + file)
    return out


def out_bucket(pieces):
    """The output bucket: by the number of pieces (2..32)."""
    return max(0, min(OUT_BUCKETS - 1, (len(pieces) - 2) // 4))


# ---- the net file (lib/engine/nnue/nnue_file.c) ----

def payload_size(king_buckets):
    return (DESCRIPTION_SIZE + 2 * L1 + 2 * king_buckets * BUCKET_FEATURES * L1
            + 2 * OUT_BUCKETS * 2 * L1 + 4 * OUT_BUCKETS)


def write_net(path, king_buckets, ft_bias, ft_weight, out_weight, out_bias, description):
    """Writes a net file. The arrays are integer numpy arrays of the shapes
    [L1], [features][L1], [OUT_BUCKETS][2 L1], [OUT_BUCKETS]."""
    import numpy as np
    desc = description.encode("utf-8")[:DESCRIPTION_SIZE - 1].ljust(DESCRIPTION_SIZE, b"\0")
    body = (desc + np.asarray(ft_bias, "<i2").tobytes() + np.asarray(ft_weight, "<i2").tobytes()
            + np.asarray(out_weight, "<i2").tobytes() + np.asarray(out_bias, "<i4").tobytes())
    assert len(body) == payload_size(king_buckets)
    header = bytearray(MAGIC + struct.pack("<8I", FORMAT_VERSION, king_buckets, L1, OUT_BUCKETS,
                                           QA, QB, SCALE, 0)
                       + struct.pack("<QQQ", len(body), 0, 0))
    data = bytearray(header) + body
    data[48:56] = struct.pack("<Q", _fnv(data))
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def _fnv(data):
    """FNV-1a 64 of data but bytes 48..55 (the checksum field): a plain
    loop, a second or two for a few MB."""
    h = 0xcbf29ce484222325
    mask = 0xFFFFFFFFFFFFFFFF
    prime = 0x100000001b3
    mv = memoryview(bytes(data))
    for b in mv[:48]:
        h = ((h ^ b) * prime) & mask
    for b in mv[56:]:
        h = ((h ^ b) * prime) & mask
    return h


def read_net(path):
    """(king_buckets, ft_bias, ft_weight, out_weight, out_bias, description) of a net file."""
    import numpy as np
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != MAGIC:
        raise ValueError("%s: not a net file" % path)
    version, buckets, l1, outb, qa, qb, scale, _ = struct.unpack("<8I", data[8:40])
    if (version, l1, outb, qa, qb, scale) != (FORMAT_VERSION, L1, OUT_BUCKETS, QA, QB, SCALE):
        raise ValueError("%s: another format or architecture" % path)
    p = HEADER_SIZE
    desc = data[p:p + DESCRIPTION_SIZE].rstrip(b"\0").decode("utf-8", "replace")
    p += DESCRIPTION_SIZE
    ft_bias = np.frombuffer(data, "<i2", L1, p).astype(np.int64)
    p += 2 * L1
    n = buckets * BUCKET_FEATURES
    ft_weight = np.frombuffer(data, "<i2", n * L1, p).reshape(n, L1).astype(np.int64)
    p += 2 * n * L1
    out_weight = np.frombuffer(data, "<i2", OUT_BUCKETS * 2 * L1, p).reshape(
        OUT_BUCKETS, 2 * L1).astype(np.int64)
    p += 2 * OUT_BUCKETS * 2 * L1
    out_bias = np.frombuffer(data, "<i4", OUT_BUCKETS, p).astype(np.int64)
    return buckets, ft_bias, ft_weight, out_weight, out_bias, desc


def evaluate_int(net, fen):
    """The library's integer evaluation of fen (centipawns, side to move),
    net being read_net()'s tuple."""
    import numpy as np
    buckets, ft_bias, ft_weight, out_weight, out_bias, _ = net
    pieces, side = parse_fen(fen)
    acc = []
    for c in (side, side ^ 1):
        v = ft_bias.copy()
        for f in features(pieces, c, buckets):
            v += ft_weight[f]
        v = ((v + 2 ** 15) % 2 ** 16) - 2 ** 15  # int16 wrap, as the C code
        acc.append(np.clip(v, 0, QA))
    x = np.concatenate(acc)
    b = out_bucket(pieces)
    s = int(np.sum(x * out_weight[b] * x))
    # C's integer division truncates toward zero
    q = abs(s) // QA * (1 if s >= 0 else -1)
    out = q + int(out_bias[b])
    v = out * SCALE
    d = QA * QB
    return abs(v) // d * (1 if v >= 0 else -1)
