#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The board's look, one source for C and JavaScript.

lib/svg/svg_style.h holds the geometry and colours of xq_board_svg(); the
browser page draws its board with the same ones from
server/www/js/board_style.js, which this tool writes from the header:

    python3 tools/svg_style.py --write   # after changing lib/svg/svg_style.h
    python3 tools/svg_style.py --check   # the svg_style test: the two agree,
                                         # and board.js writes no colour of its own
"""
import argparse
import difflib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = os.path.join("lib", "svg", "svg_style.h")
MODULE = os.path.join("server", "www", "js", "board_style.js")
BOARD_JS = os.path.join("server", "www", "js", "board.js")


def read_style(text):
    """(geometry, colours) of the header: [(NAME, expression, comment)], [(name, "#rrggbb", comment)]."""
    m = re.search(r"enum\s*\{(.*?)\};", text, re.S)
    if not m:
        raise SystemExit("%s: no geometry enum" % HEADER)
    geometry = []
    for line in m.group(1).splitlines():
        g = re.match(r"\s*([A-Z_]+)\s*=\s*([A-Z_0-9 *+\-/()]+?)\s*,?\s*(?:/\*\s*(.*?)\s*\*/)?\s*$", line)
        if g:
            geometry.append(g.groups())
        elif line.strip():
            raise SystemExit("%s: cannot read the geometry line %r" % (HEADER, line.strip()))
    colours = []
    for g in re.finditer(r'#define COL_([A-Z]+)\s+"(#[0-9a-fA-F]{6})"\s*(?:/\*\s*(.*?)\s*\*/)?', text):
        colours.append((g.group(1).lower(), g.group(2), g.group(3)))
    if not geometry or not colours:
        raise SystemExit("%s: no geometry or no colours found" % HEADER)
    return geometry, colours


def module_text(geometry, colours):
    out = ["// SPDX-License-Identifier: MIT",
           "// The board's geometry and colours, the same as xq_board_svg()'s.",
           "// Written by tools/svg_style.py from lib/svg/svg_style.h: do not edit; change",
           "// the header and run `python3 tools/svg_style.py --write`.",
           ""]
    for name, expr, comment in geometry:
        out.append("export const %s = %s;%s" % (name, expr, "  // " + comment if comment else ""))
    out.append("")
    out.append("export const COLOURS = Object.freeze({")
    for name, value, comment in colours:
        out.append('  %s: "%s",%s' % (name, value, "  // " + comment if comment else ""))
    out.append("});")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=ROOT, help="the source tree (default: this script's)")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write %s" % MODULE)
    mode.add_argument("--check", action="store_true", help="fail when it is not up to date")
    args = ap.parse_args()
    with open(os.path.join(args.root, HEADER), encoding="utf-8") as f:
        geometry, colours = read_style(f.read())
    want = module_text(geometry, colours)
    path = os.path.join(args.root, MODULE)
    if args.write:
        with open(path, "w", encoding="utf-8") as f:
            f.write(want)
        print("wrote %s" % MODULE)
        return 0
    try:
        with open(path, encoding="utf-8") as f:
            have = f.read()
    except OSError as e:
        have = ""
        print("%s: %s" % (MODULE, e.strerror))
    failed = False
    if have != want:
        sys.stdout.writelines(difflib.unified_diff(have.splitlines(True), want.splitlines(True),
                                                   MODULE, "from " + HEADER))
        print("%s is not what %s says: run python3 tools/svg_style.py --write" % (MODULE, HEADER))
        failed = True
    with open(os.path.join(args.root, BOARD_JS), encoding="utf-8") as f:
        board = f.read()
    for name, value, _ in colours:
        if value.lower() in board.lower():
            print("%s writes %s itself: use COLOURS.%s" % (BOARD_JS, value, name))
            failed = True
    for name, _, _ in geometry:
        if re.search(r"\b(?:const|let|var)\b[^;]*?\b%s\s*=[^=]" % name, board):
            print("%s defines %s itself: import it from board_style.js" % (BOARD_JS, name))
            failed = True
    if not failed:
        print("svg_style: %s agrees with %s (%d sizes, %d colours)"
              % (MODULE, HEADER, len(geometry), len(colours)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
