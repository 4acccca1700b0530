#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The longest C functions of the tree, and a limit on their length.

Lists the function definitions of the .c files under lib/, common/,
programs/, examples/, server/, tools/ and bindings/js/src/ (or the folders
given with --dirs) by length: lines
from the function's name to its closing brace, found by the scanner of
tools/include_graph.py (comments, strings and preprocessor lines removed,
brace matching at file scope).

--max-lines N fails (exit 1) when a function is longer than N lines, except
the ones named with --allow FILE:FUNCTION (a path relative to the root).

Usage: tools/function_lengths.py [--root DIR] [--dirs DIR...] [--top N]
                                 [--max-lines N [--allow FILE:FUNCTION]...]
       tools/function_lengths.py --self-test

e.g. the 15 longest functions of the programs:
       tools/function_lengths.py --dirs programs examples server --top 15
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from include_graph import scan_definitions, strip_c  # noqa: E402

DEFAULT_DIRS = ["lib", "common", "programs", "examples", "server", "tools", "bindings/js/src"]


def functions(root, dirs):
    """[(lines, name, path relative to root, first line)], longest first."""
    out = []
    for top in dirs:
        for d, subdirs, names in os.walk(os.path.join(root, top)):
            subdirs.sort()
            for name in sorted(names):
                if not name.endswith(".c"):
                    continue
                path = os.path.join(d, name)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    funcs, _ = scan_definitions(strip_c(fh.read()))
                rel = os.path.relpath(path, root)
                out += [(last - first + 1, fname, rel, first) for fname, first, last, _ in funcs]
    out.sort(key=lambda t: (-t[0], t[2], t[3]))
    return out


def too_long(funcs, max_lines, allowed):
    return [f for f in funcs if f[0] > max_lines and "%s:%s" % (f[2], f[1]) not in allowed]


def self_test():
    """A made-up tree: the long function is caught, the allowed one is not."""
    body = "".join("    x += %d;\n" % i for i in range(200))
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "programs", "p"))
        with open(os.path.join(root, "programs", "p", "main.c"), "w") as fh:
            fh.write("/* { not a brace */\nstatic int x;\n"
                     "static void short_one(void)\n{\n    x = '{';\n}\n"
                     "int main(void)\n{\n" + body + "    return 0;\n}\n"
                     "void allowed(void) {\n" + body + "}\n")
        funcs = functions(root, ["programs"])
        names = [(f[1], f[0]) for f in funcs]
        assert names == [("main", 204), ("allowed", 202), ("short_one", 4)], names
        bad = too_long(funcs, 150, {"programs/p/main.c:allowed"})
        assert [f[1] for f in bad] == ["main"], bad
    print("self-test: long functions found and measured, --allow honoured")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="the source tree (default: the one this script is in)")
    ap.add_argument("--dirs", nargs="+", default=DEFAULT_DIRS, metavar="DIR",
                    help="folders to scan (default: %s)" % " ".join(DEFAULT_DIRS))
    ap.add_argument("--top", type=int, metavar="N", help="print the N longest functions")
    ap.add_argument("--max-lines", type=int, metavar="N",
                    help="fail when a function is longer than N lines")
    ap.add_argument("--allow", action="append", default=[], metavar="FILE:FUNCTION",
                    help="a function --max-lines lets be longer (repeatable)")
    ap.add_argument("--self-test", action="store_true", help="check the check and exit")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    root = os.path.abspath(args.root)
    funcs = functions(root, args.dirs)
    if args.top:
        print("longest functions of %s:" % ", ".join(d + "/" for d in args.dirs))
        for length, name, rel, first in funcs[: args.top]:
            print("  %4d  %s  %s:%d" % (length, name, rel, first))
    if args.max_lines is not None:
        bad = too_long(funcs, args.max_lines, set(args.allow))
        for length, name, rel, first in bad:
            print("too long: %s (%s:%d) has %d lines, more than %d"
                  % (name, rel, first, length, args.max_lines))
        if bad:
            return 1
        print("no function over %d lines in %s (%d functions; allowed: %s)"
              % (args.max_lines, " ".join(args.dirs), len(funcs), ", ".join(args.allow) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
