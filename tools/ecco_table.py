#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build data/ecco/ecco-table.tsv, the ECCO opening classification table.

Usage (from the source tree, with the library built):

    XQ_LIBRARY=build/dev/libxiangqi.so PYTHONPATH=bindings/python \\
        python3 tools/ecco_table.py data/ccpd/ccpd-masters-53889.pgn.xz \\
        data/ecco/ecco-codes.tsv data/ecco/ecco-table.tsv

The build turns the table into the library's C arrays
(cmake/ecco_table.cmake), as it embeds the net: no generated C is
committed.

``--check`` compares instead of writing (exit status 1 on a difference).
``--held-out`` prints, for the held-out games, the agreement of the table
with the games' ECCO tags and the disagreements by code pair.

How the table is made (docs/openings.md says more):

* Games: the CCPD masters games read in file order, numbered from 1 (games
  the reader rejects count too). Every tenth game (number % 10 == 0) is held
  out; the others with the standard start position and an ECCO tag of the
  names table train.
* A position's key is FNV-1a 64 of the board written rank 9 first, file a
  first, one character a square (FEN letters, '.' for empty), then 'w' or
  'b' for the side to move, then the family of the game's first move (B for
  炮二平五, E for 兵七进一 or 兵三进一, A for anything else: family());
  of the board text and of its mirror image (each rank reversed) the
  smaller is used, so mirrored openings are one. The family is in the key
  because ECCO fixes the letter by the first move: in the CCPD games every
  game opened with 炮二平五 is B, C or D, with a pawn E, with anything else
  A, whatever positions they reach later.
* Seeds: the positions after each first move of Red get the code of that
  opening family (SEEDS below, checked by hand against the ECCO names).
* Then, ply by ply from 2 to MAX_PLY, every position reached by the training
  games (transpositions are one position) becomes an entry with code X when
  more than half of its training games have tag X and X is right for more
  of those games than the code they get from the entries so far (the
  deepest entry of a game's line decides). Positions are visited in ply order,
  then by key. A position without such a code whose games' codes mostly
  share a ten or a letter gets the general code of that group
  (general_code()): the family of a game that stops early, such as D00 for
  1. 炮二平五 炮８平５.
* Each entry shows the most frequent move order (ICCS) that reached it,
  its ply, the training games through it and how many of them have its code.
"""

import argparse
import collections
import lzma
import os
import sys

MAX_PLY = 40          # positions after more plies than this are not classified
MIN_SHARE_NUM = 1     # an entry's code is the tag of more than 1/2 ...
MIN_SHARE_DEN = 2     # ... of the training games through the position
HOLD_OUT_EVERY = 10   # every 10th game is held out of the construction
GENERAL_MIN_GAMES = 20  # a general code (general_code()) needs this many games ...
GENERAL_SHARE_NUM = 9   # ... and 9/10 of them with codes of one ten
GENERAL_SHARE_DEN = 10  # (else one letter)

START_BOARD = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

# First moves of Red (one side; mirror images are the same key) -> the code of the family.
SEEDS = [
    ("h2e2", "B00"),  # 炮二平五 中炮局
    ("c3c4", "E00"),  # 兵七进一 仙人指路
    ("g0e2", "A10"),  # 相三进五 飞相局
    ("h0g2", "A40"),  # 马二进三 起马局
    ("h2f2", "A50"),  # 炮二平四 仕角炮局
    ("h2d2", "A60"),  # 炮二平六 过宫炮局
    ("f0e1", "A01"),  # 仕四进五 上仕局
    ("h0i2", "A02"),  # 马二进一 边马局
    ("h2i2", "A03"),  # 炮二平一 边炮局
    ("h2h4", "A04"),  # 炮二进二 巡河炮局
    ("h2h6", "A05"),  # 炮二进四 过河炮局
    ("h2g2", "A06"),  # 炮二平三 兵底炮局
    ("h2c2", "A07"),  # 炮二平七 金钩炮局
    ("i3i4", "A08"),  # 兵一进一 边兵局
]

# Simplified -> traditional for the characters of the ECCO names (the Big5 names of xqbase
# write 炮, 仕, 象 and 卒 as in simplified).
TRADITIONAL = dict(zip(
    "两单压双后头宫对开弃横盘红缓补转边过进连钩顺风飞马骑鸯鸳龟车兑",
    "兩單壓雙後頭宮對開棄橫盤紅緩補轉邊過進連鉤順風飛馬騎鴦鴛龜車兌"))

# Established English names of opening families, by code range (first match wins).
ENGLISH = [
    ("A10", "A39", "Elephant Opening"),
    ("A40", "A45", "Horse Opening"),
    ("A60", "A65", "Cross-Palace Cannon"),
    ("B00", "B07", "Central Cannon"),
    ("B10", "B14", "Central Cannon"),
    ("B20", "B25", "Central Cannon vs. Three-Step Tiger"),
    ("B30", "B56", "Central Cannon vs. Reverse Palace Horse"),
    ("C00", "C99", "Central Cannon vs. Screen Horses"),
    ("D00", "D29", "Same Direction Cannons"),
    ("D30", "D55", "Opposite Direction Cannons"),
    ("E00", "E38", "Pawn Opening"),
]


def fnv1a64(text):
    h = 0xcbf29ce484222325
    for byte in text.encode("ascii"):
        h = ((h ^ byte) * 0x100000001b3) & 0xffffffffffffffff
    return h


class Position:
    """A minimal position that plays ICCS moves (the moves are legal: the reader checked them)."""

    def __init__(self):
        self.sq = []
        for row in START_BOARD.split("/"):
            for ch in row:
                self.sq.extend("." * int(ch) if ch.isdigit() else ch)
        self.side = "w"

    def play(self, iccs):
        f0, r0, f1, r1 = ord(iccs[0]) - 97, int(iccs[1]), ord(iccs[2]) - 97, int(iccs[3])
        self.sq[(9 - r1) * 9 + f1] = self.sq[(9 - r0) * 9 + f0]
        self.sq[(9 - r0) * 9 + f0] = "."
        self.side = "b" if self.side == "w" else "w"

    def key(self, fam):
        text = "".join(self.sq)
        mirror = "".join(text[r * 9:r * 9 + 9][::-1] for r in range(10))
        return fnv1a64(min(text, mirror) + self.side + fam)


def family(moves):
    """The family a game's first move fixes: B (炮二平五 or 炮八平五: B, C and D
    codes), E (兵七进一 or 兵三进一) or A (any other first move)."""
    if not moves:
        return ""
    return "B" if moves[0] in ("h2e2", "b2e2") else "E" if moves[0] in ("c3c4", "g3g4") else "A"


def read_names(path):
    names = collections.OrderedDict()
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        if header[:3] != ["code", "opening", "variation"]:
            sys.exit("%s: not an ECCO names table (header %r)" % (path, header))
        for line in f:
            code, opening, variation = line.rstrip("\n").split("\t")[:3]
            names[code] = (opening, variation)
    return names


def read_games(path, names):
    """(number, tag, moves as ICCS) of every game, in file order."""
    import xiangqi
    from xiangqi._record import PgnReader
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rb") as f:
        reader = PgnReader(f, skip_errors=True)
        seen = 0
        for rec in reader:
            number = seen + len(reader.errors) + 1
            seen += 1
            tag = rec.tags.get("ECCO", "")
            start = rec.start_fen().split()
            if start[0] != START_BOARD or start[1] not in ("w", "r") or tag not in names:
                tag = None
            yield number, tag, [m.iccs() for m in rec.mainline()][:MAX_PLY]
    del xiangqi


def line_keys(moves):
    pos = Position()
    keys = []
    fam = family(moves)
    for m in moves:
        pos.play(m)
        keys.append(pos.key(fam))
    return keys


def build(games):
    """The entries: key -> (code, ply, games, agreeing, line)."""
    through = collections.defaultdict(list)   # key -> training game indices
    first = {}                                # key -> (ply, line) of its first (lowest-ply) sighting
    orders = collections.defaultdict(collections.Counter)
    keys_of = []
    for gi, (tag, moves) in enumerate(games):
        keys = line_keys(moves)
        keys_of.append(keys)
        seen = set()
        for ply, key in enumerate(keys, 1):
            if key in seen:
                continue
            seen.add(key)
            through[key].append(gi)
            if key not in first or ply < first[key]:
                first[key] = ply
    for gi, (tag, moves) in enumerate(games):
        for ply, key in enumerate(keys_of[gi], 1):
            if first[key] == ply:
                orders[key][" ".join(moves[:ply])] += 1
    entries = {}
    pred = [None] * len(games)
    seed_keys = set()
    for line, code in SEEDS:
        key = line_keys([line])[0]
        seed_keys.add(key)
        gl = through.get(key, [])
        entries[key] = (code, 1, len(gl), sum(1 for g in gl if games[g][0] == code), line)
        for g in gl:
            pred[g] = code
    by_ply = collections.defaultdict(list)
    for key, ply in first.items():
        by_ply[ply].append(key)
    for ply in range(2, MAX_PLY + 1):
        for key in sorted(by_ply[ply]):
            gl = through[key]
            counts = collections.Counter(games[g][0] for g in gl)
            best = max(counts.values())
            code = min(c for c, n in counts.items() if n == best)
            current = sum(1 for g in gl if games[g][0] == pred[g])
            if best * MIN_SHARE_DEN > len(gl) * MIN_SHARE_NUM and best > current:
                order = orders[key]
                most = max(order.values())
                line = min(o for o, n in order.items() if n == most)
                entries[key] = (code, ply, len(gl), best, line)
                for g in gl:
                    pred[g] = code
                continue
            code = general_code(counts, len(gl))
            if code and counts[code] >= current:
                order = orders[key]
                most = max(order.values())
                line = min(o for o, n in order.items() if n == most)
                entries[key] = (code, ply, len(gl), counts[code], line)
                for g in gl:
                    pred[g] = code
    return entries


def general_code(counts, total):
    """The general code of a position whose games have no majority code. ECCO
    numbers the codes of a family from the general to the particular, and a
    ten (A10..A19) is a family or part of one. When 9/10 of the games have
    codes of one ten, the smallest of those codes; else, when 9/10 have codes
    of one letter, the smallest code ending in 0 among theirs (the head of a
    ten: C00, D00, E10)."""
    if total < GENERAL_MIN_GAMES:
        return None
    for width in (2, 1):
        groups = collections.Counter()
        for c, n in counts.items():
            groups[c[:width]] += n
        group, n = max(groups.items(), key=lambda kv: (kv[1], kv[0]))
        if n * GENERAL_SHARE_DEN >= total * GENERAL_SHARE_NUM:
            codes = [c for c in counts if c.startswith(group) and (width == 2 or c[2] == "0")]
            return min(codes) if codes else None
    return None


def classify(entries, moves):
    code, ply = "A00" if moves else "", 0
    for p, key in enumerate(line_keys(moves), 1):
        if key in entries:
            code, ply = entries[key][0], p
    return code, ply


# Characters no field of the table may hold: the table is tab-separated, and
# cmake/ecco_table.cmake reads it as CMake lists and writes C strings.
FORBIDDEN = set("\t\n\r;[]\\\"")


def field(text):
    bad = FORBIDDEN.intersection(text)
    if bad:
        sys.exit("a field of the table holds %r: %r" % ("".join(sorted(bad)), text))
    return text


def english(code):
    for lo, hi, name in ENGLISH:
        if lo <= code <= hi:
            return name
    return ""


def render(names, entries, command, trained, held_out):
    """The table as text (data/ecco/ecco-table.tsv): comment lines, then a
    `name` row for each code and an `entry` row for each classified position,
    which cmake/ecco_table.cmake turns into lib/ecco's C arrays at build time."""
    out = []
    out.append("# ECCO opening classification table. Generated: do not edit. Made with\n#\n")
    out.append("#   %s\n#\n" % command)
    out.append("# by tools/ecco_table.py from the ECCO tags of the CCPD masters games (%d games trained,\n"
               "# every %dth game held out: %d) and the names of data/ecco/ecco-codes.tsv (xqbase ECCO\n"
               "# 2004; see docs/licences.md). docs/openings.md explains the method. The codes and\n"
               "# counts of the positions are adapted from the \"Chinese Chess Practical Dataset\"\n"
               "# (CCPD) by Yu-Han Tseng (2026), CC BY 4.0 (data/ccpd/LICENSE.ccpd).\n#\n"
               % (trained, HOLD_OUT_EVERY, held_out))
    out.append("# Tab-separated rows, in the order of the library's arrays (cmake/ecco_table.cmake):\n"
               "# name  code, opening, variation (simplified), opening, variation (traditional),\n"
               "#       English family name.\n"
               "# entry position key (FNV-1a 64 of the board text, the side to move and the family\n"
               "#       of the first move; 16 hex digits), code, ply, training games through the\n"
               "#       position, of them with this code, and the most frequent move order (ICCS)\n"
               "#       that reached it. A game gets the code of the deepest entry its line\n"
               "#       reaches, mirrored or not, by any move order within the family its first\n"
               "#       move fixes (A, B for B/C/D, or E).\n")
    for code, (opening, variation) in names.items():
        trad = lambda s: "".join(TRADITIONAL.get(ch, ch) for ch in s)
        out.append("\t".join(["name", field(code), field(opening), field(variation),
                               field(trad(opening)), field(trad(variation)),
                               field(english(code))]) + "\n")
    order = sorted(entries.items(), key=lambda kv: (kv[1][4].split(), kv[0]))
    for key, (code, ply, n, agree, line) in order:
        out.append("\t".join(["entry", "%016x" % key, field(code), str(ply), str(n), str(agree),
                               field(line)]) + "\n")
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games")
    ap.add_argument("names")
    ap.add_argument("output")
    ap.add_argument("--check", action="store_true", help="compare with OUTPUT instead of writing it")
    ap.add_argument("--held-out", action="store_true", help="report the agreement on the held-out games")
    args = ap.parse_args()
    names = read_names(args.names)
    train, test = [], []
    for number, tag, moves in read_games(args.games, names):
        if tag is None:
            continue
        (test if number % HOLD_OUT_EVERY == 0 else train).append((tag, moves))
    entries = build(train)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    command = "python3 tools/ecco_table.py " + " ".join(
        os.path.relpath(os.path.abspath(p), root) for p in (args.games, args.names, args.output))
    text = render(names, entries, command, len(train), len(test))
    if args.held_out:
        pairs = collections.Counter()
        agree = 0
        for tag, moves in test:
            code = classify(entries, moves)[0]
            if code == tag:
                agree += 1
            else:
                pairs[(tag, code)] += 1
        print("held-out games: %d, agreeing: %d (%.2f%%), entries: %d"
              % (len(test), agree, 100.0 * agree / len(test), len(entries)))
        # The collection repeats games: the held-out games whose moves (all of
        # the plies looked at) no training game has are the harder test.
        seen = set(" ".join(moves) for _, moves in train)
        fresh = [(tag, moves) for tag, moves in test if " ".join(moves) not in seen]
        fresh_agree = sum(1 for tag, moves in fresh if classify(entries, moves)[0] == tag)
        print("of them with moves no training game has: %d, agreeing: %d (%.2f%%)"
              % (len(fresh), fresh_agree, 100.0 * fresh_agree / max(1, len(fresh))))
        for (tag, code), n in pairs.most_common():
            print("%s -> %s  %d" % (tag, code, n))
    if args.check:
        with open(args.output, encoding="utf-8") as f:
            if f.read() != text:
                print("%s differs from what the tool makes" % args.output, file=sys.stderr)
                return 1
        return 0
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
