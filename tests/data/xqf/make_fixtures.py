#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build the XQF test files in this directory (run from anywhere; stdlib only).

An XQF writer written from the format description (see lib/xqf.c), kept
independent of the library's C reader: tests/unit/check_formats.c reads these
files and compares them with the .pgn written next to each one here.

  spec-example.xqf   the XQF 1.0 example file of the XQStudio format
                     document (bytes as printed there): 15 plies, GBK tags
  v10-variations.xqf version 10 (clear), variations and comments
  v11-encrypted.xqf  version 11: encrypted moves and comments
  v12-encrypted.xqf  version 12: also a rotated piece table
  v18-endgame.xqf    version 18, an endgame position with Black to move
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ORDER = "RNBAKABNRCCPPPPP"
MASK = b"[(C) Copyright Mr. Dong Shiwei.]"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"


def sq(name):  # "h2" -> (file, rank)
    return ord(name[0]) - 97, int(name[1])


def xy(name):
    f, r = sq(name)
    return f * 10 + r


def f54(x):
    return x * x * 54 + 221


def slots(fen):
    """32 piece squares in XQF order (255 = none)."""
    board = {}
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, 9 - i)] = c
                f += 1
    out = [255] * 32
    for (f, r), c in sorted(board.items()):
        base = 0 if c.isupper() else 16
        for k, p in enumerate(ORDER):
            if p == c.upper() and out[base + k] == 255:
                out[base + k] = f * 10 + r
                break
        else:
            raise ValueError("too many " + c)
    return out


class Node:
    def __init__(self, move=None, comment=b""):
        self.move, self.comment, self.children = move, comment, []

    def add(self, move, comment=b""):
        n = Node(move, comment)
        self.children.append(n)
        return n


def line(node, moves):
    for m in moves.split():
        node = node.add(m)
    return node


def build(version, fen, root, tags, keys=(0, 0, 0, 0, 0, 0, 0, 0, 0), result=0, who=0):
    """keys: mask, A, B, C, D, sum, xy, xyf, xyt."""
    mask, ka, kb, kc, kd, ksum, kxy, kxyf, kxyt = keys
    h = bytearray(0x400)
    h[0:3] = b"XQ" + bytes([version])
    poff = soff = doff = coff = 0
    stream = [0] * 32
    if version >= 11:
        h[3], h[8:12], h[12:16] = mask, bytes([ka, kb, kc, kd]), bytes([ksum, kxy, kxyf, kxyt])
        poff = (f54(kxy) * kxy) & 0xFF
        soff = (f54(kxyf) * poff) & 0xFF
        doff = (f54(kxyt) * soff) & 0xFF
        coff = (ksum * 256 + kxy) % 32000 + 767
        key = [(ksum & mask) | ka, (kxy & mask) | kb, (kxyf & mask) | kc, (kxyt & mask) | kd]
        stream = [MASK[i] & key[i % 4] for i in range(32)]
    pos = slots(fen)
    for i in range(32):
        v = (pos[i] + poff) & 0xFF
        if version >= 12:  # the reader puts stored[i] in slot (poff + 1 + i) % 32
            v = (pos[(poff + 1 + i) % 32] + poff) & 0xFF
        h[16 + i] = v
    h[0x32], h[0x33] = who, result
    for at, cap, text in tags:
        raw = text.encode("gbk")[: cap - 1]
        h[at] = len(raw)
        h[at + 1: at + 1 + len(raw)] = raw

    body = bytearray()

    def record(move, has_next, has_sib, comment):
        a, b = (xy(move[:2]), xy(move[2:])) if move else (0, 0)
        if version <= 10:
            flag = (0xF0 if has_next else 0) | (0x0F if has_sib else 0)
            body.extend([a + 24, b + 32, flag, 0])
            body.extend(len(comment).to_bytes(4, "little"))
        else:
            flag = (0x80 if has_next else 0) | (0x40 if has_sib else 0) | (0x20 if comment else 0)
            body.extend([(a + 24 + soff) & 0xFF, (b + 32 + doff) & 0xFF, flag, 0])
            if comment:
                body.extend((len(comment) + coff).to_bytes(4, "little"))
        body.extend(comment)

    def walk(node):
        for i, c in enumerate(node.children):
            record(c.move, bool(c.children), i + 1 < len(node.children), c.comment)
            walk(c)

    record(None, bool(root.children), False, root.comment)
    walk(root)
    for i in range(len(body)):
        body[i] = (body[i] + stream[i % 32]) & 0xFF
    return bytes(h) + bytes(body)


def pgn(node, fen, side_black=False, number=1):
    """Expected game as PGN move text (ICCS), in the library writer's layout."""
    out = []

    def cmt(c):
        return "{" + c.decode("gbk") + "}"

    if node.comment:
        out.append(cmt(node.comment))

    def emit(n, ply_black, num, force):
        if not ply_black:
            out.append("%d." % num)
        elif force:
            out.append("%d..." % num)
        out.append(n.move)
        if n.comment:
            out.append(cmt(n.comment))

    def walk(parent, black, num, head_only=False):
        force = True
        while parent.children:
            main = parent.children[0]
            emit(main, black, num, force)
            force = bool(main.comment)
            for v in ([] if head_only else parent.children[1:]):
                out.append("(")
                emit(v, black, num, True)
                walk(v, not black, num + (1 if black else 0))
                out.append(")")
                force = True
            head_only = False
            num += 1 if black else 0
            black = not black
            parent = main

    walk(node, side_black, number)
    text = " ".join(out).replace("( ", "(").replace(" )", ")")
    return text


def write(name, data, expect):
    with open(os.path.join(HERE, name + ".xqf"), "wb") as f:
        f.write(data)
    with open(os.path.join(HERE, name + ".pgn"), "w", encoding="utf-8") as f:
        f.write(expect + " *\n")


SPEC_HEX = """
58 51 0A 00 00 00 00 00 00 00 00 00 00 00 00 00
50 46 3C 32 28 1E 14 0A 00 48 0C 53 3F 2B 17 03
09 13 1D 27 31 3B 45 4F 59 11 4D 06 1A 2E 42 56
00 00 00 02 00 00 00 00 00 00 00 00 00 00 00 00
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
10 CF C9 C8 CB D6 B8 C2 B7 B6 D4 C6 F0 C2 ED BE
D6
""".split()
SPEC_AT = {
    0xD0: "16 22 D6 D0 C1 A2 B1 AD 22 CF F3 C6 E5 B5 E7 CA D3 BF EC C6 E5 C8 FC",
    0x110: "0E 31 39 39 37 C4 EA 31 31 D4 C2 31 36 C8 D5",
    0x120: "04 B1 B1 BE A9",
    0x130: "06 C1 F8 B4 F3 BB AA",
    0x140: "06 C2 C0 20 20 C7 D5",
    0x1D0: "06 C1 F5 B5 EE D6 D0",
    0x1E0: "06 B9 FD BA D3 CF F3",
}
SPEC_MOVES = """
18 20 F0 FF 00 00 00 00 2F 38 F0 00 00 00 00 00
67 63 F0 00 00 00 00 00 57 60 F0 00 00 00 00 00
29 3B F0 00 00 00 00 00 2C 4A F0 00 00 00 00 00
2B 27 F0 00 00 00 00 00 22 36 F0 00 00 00 00 00
21 33 F0 00 00 00 00 00 18 2A F0 00 00 00 00 00
2B 2F F0 00 00 00 00 00 24 22 F0 00 00 00 00 00
27 6B F0 00 00 00 00 00 60 6D F0 00 00 00 00 00
33 6D F0 00 00 00 00 00 5E 5E F0 00 00 00 00 00
71 6F 00 00 00 00 00 00
""".split()


def spec_example():
    h = bytearray(0x400)
    h[: len(SPEC_HEX)] = bytes(int(x, 16) for x in SPEC_HEX)
    for at, hx in SPEC_AT.items():
        b = bytes(int(x, 16) for x in hx.split())
        h[at: at + len(b)] = b
    return bytes(h) + bytes(int(x, 16) for x in SPEC_MOVES)


def main():
    # The document's example: 兵七进一 马８进７ 兵三进一 炮２平３ ... 车９平８.
    spec_line = ("c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 "
                 "h2h7 c7h7 h0g2 i9h9")
    write("spec-example", spec_example(),
          pgn(line_root(spec_line), START))

    # Version 10 with variations and GBK comments.
    root = Node(comment="开局".encode("gbk"))
    a = root.add("h2e2", "中炮".encode("gbk"))
    b = a.add("h9g7")
    line(b, "h0g2 i9h9 i0h0")
    c = a.add("b9c7", "屏风马".encode("gbk"))
    line(c, "h0g2")
    root.add("c3c4").add("g6g5")
    root.add("b2e2")
    tags10 = [(0x50, 64, "测试"), (0x130, 16, "红方"), (0x140, 16, "黑方")]
    write("v10-variations", build(10, START, root, tags10, result=3), pgn(root, START))

    # Version 11 and 12: encrypted, same tree.
    write("v11-encrypted", build(11, START, root, tags10, keys=(0x5B, 0x11, 0x22, 0x33, 0x44, 0x9A, 0x35, 0x77, 0xC4), result=1),
          pgn(root, START))
    write("v12-encrypted", build(12, START, root, tags10, keys=(0xFF, 0x00, 0x80, 0x01, 0xFE, 0x31, 0xE9, 0x0D, 0x42), result=2),
          pgn(root, START))

    # Version 18, an endgame with Black to move and a comment on every move.
    fen = "3k5/4a4/9/9/9/9/9/4C4/4A4/3AK4"
    root = Node()
    n = root.add("d9d8", "将上".encode("gbk"))
    n = n.add("e2d2", "炮平".encode("gbk"))
    n.add("d8d7")
    n.add("d8d9", "将回".encode("gbk"))
    write("v18-endgame", build(18, fen, root, [(0x50, 64, "残局")], keys=(0xA5, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80), who=1),
          '[FEN "%s b - - 0 1"]\n\n' % fen + pgn(root, fen, side_black=True))


def line_root(moves):
    root = Node()
    line(root, moves)
    return root


if __name__ == "__main__":
    main()
