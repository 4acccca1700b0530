#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The dependency graph of lib/: its circles, its layering, its longest functions.

A module is a .c file of lib/ together with the header of the same name
(lib/engine/search.c + lib/engine/search.h is the module `engine/search`); a header without a .c
file of its name is a module of its own (lib/core/types.h is `core/types`). Module A
depends on module B when a file of A

  * includes B's header (`#include "..."`, resolved relative to the including
    file first and then to lib/, as the build's -Ilib does), or
  * uses a function or variable that a .c file of B defines without `static`
    (declared in a lib/ header or in the public include/xiangqi/ headers:
    lib/record/loader.c calling xq_pgn_reader_open() of lib/record/pgn.c depends on `pgn`
    although both only include record.h).

The second kind is found with a small C scanner (comments, strings and
preprocessor lines removed; a definition is a name followed by a parameter
list and a body at file scope), so the graph shows who calls whom, not only
who includes what. Headers of include/ are not modules (the public API is
one layer for everyone).

Prints every strongly connected component with more than one module (a
circle: each of its modules depends on itself through the others) and the
shortest circle through each of its modules' first dependency. Exits 1 when
there is one, unless --allow-circles.

--layering checks the layers of lib/, lowest first: util/ (errors, text,
bytes, CPU features), core/ (the rules), engine/ (the search and its
evaluation, engine/nnue/ with it), and the add-ons (record/, book/, egtb/,
svg/, ecco/). A file includes no header of a higher layer and calls a higher
layer only through hooks that a header of its own layer or a lower one
declares (engine/search_addons.h, implemented by book/ and egtb/); no source
file lies in lib/ itself. Exits 1 on a breach.

--longest N prints the N longest function definitions of lib/ (lines from
the name to the closing brace, by the same scanner: brace matching at file
scope).

--dir FOLDER takes another folder of the tree instead of lib/ (--dir server:
the modules of xq-server, whose graph must have no circle either; its
layering is the circles check alone).

Usage: tools/include_graph.py [--root DIR] [--dir FOLDER] [--allow-circles] [--layering]
                              [--longest N] [--edges] [--includes-only]
       tools/include_graph.py --self-test
"""
import argparse
import os
import re
import sys

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
IDENT_RE = re.compile(r"[A-Za-z_]\w*")
# An identifier that may name a function or variable of another module: not a
# struct member (after `.` or `->`: s->ops->game_get is no use of game_get()).
USE_RE = re.compile(r"(?<![\w.])(?<!->)[A-Za-z_]\w*")
KEYWORDS = {
    "if", "for", "while", "switch", "return", "sizeof", "do", "else", "case",
    "_Alignof", "_Generic", "_Static_assert", "defined",
}


# The layers of lib/, lowest first: the folder a file is in gives its layer.
# A layer may use the layers below it, never one above (--layering).
LAYER_FOLDERS = {
    "util": 0,
    "core": 1,
    "engine": 2,
    "record": 3, "book": 3, "egtb": 3, "svg": 3, "ecco": 3, "review": 3,  # the add-ons
}
LAYER_NAMES = {0: "util", 1: "core", 2: "engine", 3: "add-on"}


def layer_of(f):
    """The layer of a file given by its path below lib/, or None."""
    top = f.replace(os.sep, "/").split("/")[0]
    return LAYER_FOLDERS.get(top) if "/" in f.replace(os.sep, "/") else None


def strip_c(text):
    """Text with comments, string and character literals blanked (newlines
    kept, so line numbers stay) and preprocessor lines removed."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " + c)
            out.append("\n" * text.count("\n", i, j))
            i = j + 1
        else:
            out.append(c)
            i += 1
    lines = "".join(out).split("\n")
    res, cont = [], False
    for line in lines:
        is_pp = cont or line.lstrip().startswith("#")
        cont = is_pp and line.rstrip().endswith("\\")
        res.append("" if is_pp else line)
    return "\n".join(res)


def scan_definitions(code):
    """File-scope definitions of a stripped C file: a list of
    (name, first line, last line, static) for functions and the names of
    non-static variables defined at file scope."""
    funcs, variables = [], set()
    depth, i, n = 0, 0, len(code)
    stmt_start = 0
    while i < n:
        c = code[i]
        if c == "{":
            if depth == 0:
                head = code[stmt_start:i]
                m = re.search(r"([A-Za-z_]\w*)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$", head)
                if m and not re.search(r"=\s*$", head[: m.start()]) and m.group(1) not in KEYWORDS:
                    k, d = i + 1, 1
                    while k < n and d:
                        d += {"{": 1, "}": -1}.get(code[k], 0)
                        k += 1
                    first = code.count("\n", 0, stmt_start + m.start()) + 1
                    last = code.count("\n", 0, k) + 1
                    static = re.search(r"\b(static|INLINE)\b", head) is not None
                    funcs.append((m.group(1), first, last, static))
                    i = k
                    stmt_start = k
                    continue
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == ";" and depth == 0:
            stmt = code[stmt_start:i]
            if not re.search(r"\b(static|extern|typedef|INLINE)\b", stmt) and "(" not in stmt.split("=")[0]:
                m = re.search(r"([A-Za-z_]\w*)\s*(\[[^\]]*\]\s*)*(=|$)", stmt.split("=")[0] + "=")
                brace, eq = stmt.find("{"), stmt.find("=")
                typedef = brace >= 0 and (eq < 0 or brace < eq)  # enum {...}; struct x {...};
                if m and m.group(1) not in KEYWORDS and not typedef:
                    variables.add(m.group(1))
            stmt_start = i + 1
        i += 1
    return funcs, variables


class Graph:
    def __init__(self, root, includes_only=False, folder="lib"):
        self.root = os.path.abspath(root)
        self.folder = folder
        self.lib = os.path.join(self.root, folder)
        self.files = []
        for d, _, names in os.walk(self.lib):
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    self.files.append(os.path.relpath(os.path.join(d, name), self.lib))
        self.files.sort()
        self.text = {}
        self.code = {}
        for f in self.files:
            with open(os.path.join(self.lib, f), encoding="utf-8", errors="replace") as fh:
                self.text[f] = fh.read()
            self.code[f] = strip_c(self.text[f])
        self.defs = {}       # file -> [(name, first, last, static)]
        self.owner = {}      # exported symbol -> module
        for f in self.files:
            funcs, variables = scan_definitions(self.code[f])
            self.defs[f] = funcs
            if f.endswith(".c"):
                for name, _, _, static in funcs:
                    if not static:
                        self.owner[name] = self.module(f)
                for name in variables:
                    self.owner.setdefault(name, self.module(f))
        self.includes = {f: self._includes(f) for f in self.files}
        self.edges = {}      # module -> {module: reason}
        for f in self.files:
            a = self.module(f)
            self.edges.setdefault(a, {})
            for h in self.includes[f]:
                b = self.module(h)
                if b != a:
                    self.edges[a].setdefault(b, "%s includes %s" % (f, h))
            if f.endswith(".c") and not includes_only:
                for name in set(USE_RE.findall(self.code[f])):
                    b = self.owner.get(name)
                    if b and b != a:
                        self.edges[a].setdefault(b, "%s uses %s()" % (f, name))

    def module(self, f):
        return os.path.splitext(f)[0]

    def _includes(self, f):
        res = []
        for inc in INCLUDE_RE.findall(self.text[f]):
            here = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            if here in self.text:
                res.append(here)
            elif os.path.normpath(inc) in self.text:
                res.append(os.path.normpath(inc))
        return res

    def sccs(self):
        """Tarjan's strongly connected components, iteratively."""
        index, low, on, stack, out = {}, {}, set(), [], []
        counter = [0]
        for v0 in sorted(self.edges):
            if v0 in index:
                continue
            work = [(v0, iter(sorted(self.edges.get(v0, {}))))]
            index[v0] = low[v0] = counter[0]
            counter[0] += 1
            stack.append(v0)
            on.add(v0)
            while work:
                v, it = work[-1]
                advanced = False
                for w in it:
                    if w not in index:
                        index[w] = low[w] = counter[0]
                        counter[0] += 1
                        stack.append(w)
                        on.add(w)
                        work.append((w, iter(sorted(self.edges.get(w, {})))))
                        advanced = True
                        break
                    if w in on:
                        low[v] = min(low[v], index[w])
                if advanced:
                    continue
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    out.append(sorted(comp))
        return [c for c in out if len(c) > 1]

    def shortest_cycle(self, start, comp):
        """The shortest path start -> ... -> start inside comp (BFS)."""
        comp = set(comp)
        prev = {start: None}
        queue = [start]
        for v in queue:
            for w in sorted(self.edges.get(v, {})):
                if w not in comp:
                    continue
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    path.reverse()
                    return path + [start]
                if w not in prev:
                    prev[w] = v
                    queue.append(w)
        return None

    def layering_breaches(self):
        """Each file includes headers of its own layer or a lower one only
        (LAYERS: util < core < engine < the add-ons), and calls into a higher
        layer only through functions that a header of its own layer or a
        lower one declares (hooks such as engine/search_addons.h, which an
        add-on implements: the interface belongs to the lower layer). No
        source file lies in lib/ itself, outside the layers."""
        decls = {}  # layer -> names declared by the headers of that layer
        for f in self.files:
            lay = layer_of(f)
            if f.endswith(".h") and lay is not None:
                decls.setdefault(lay, set()).update(re.findall(r"([A-Za-z_]\w*)\s*\(", self.code[f]))
        bad = []
        for f in self.files:
            lay = layer_of(f)
            if lay is None:
                bad.append("%s is in no layer folder of lib/ (%s)" % (f, ", ".join(LAYER_FOLDERS)))
                continue
            visible = set()
            for k, names in decls.items():
                if k <= lay:
                    visible |= names
            for h in self.includes[f]:
                hl = layer_of(h)
                if hl is not None and hl > lay:
                    bad.append("%s includes %s (layer %s includes layer %s)"
                               % (f, h, LAYER_NAMES[lay], LAYER_NAMES[hl]))
            if f.endswith(".c"):
                for name in sorted(set(IDENT_RE.findall(self.code[f]))):
                    owner = self.owner.get(name)
                    if owner is None:
                        continue
                    ol = layer_of(owner + ".c")
                    if ol is not None and ol > lay and name not in visible:
                        bad.append("%s uses %s() of %s (layer %s), which no header of layer %s or "
                                   "below declares" % (f, name, owner, LAYER_NAMES[ol], LAYER_NAMES[lay]))
        return bad


def self_test():
    """The checks catch what they are for: a tree with an include circle, a
    call circle, a lower layer that includes or calls a higher one, a file
    outside the layers, and a hook that a lower layer declares (allowed)."""
    import tempfile
    files = {
        "core/a.h": '#include "b.h"\nint xq__a(void);\n',
        "core/a.c": '#include "a.h"\nint xq__a(void) { return 1; }\n',
        "core/b.h": "int xq__b(void);\n",
        "core/b.c": '#include "b.h"\nint xq__b(void) { return xq__a(); }\n',
        "core/c.c": '#include "engine/d.h"\nstatic int c(void) { return xq__d(); }\n',
        "engine/d.h": '#include "core/a.h"\nint xq__d(void);\n',
        "engine/d.c": '#include "d.h"\n#include "hooks.h"\n/* xq__c() */\nint xq__d(void) { return xq__hook(); }\n',
        "engine/hooks.h": "int xq__hook(void);\n",
        "book/e.c": '#include "engine/hooks.h"\nint xq__hook(void) { return xq__a(); }\n',
        "util/f.c": 'static int f(void) { return xq__b(); }\n',
        "g.c": "static int g(void) { return 0; }\n",
    }
    with tempfile.TemporaryDirectory() as root:
        for name, text in files.items():
            path = os.path.join(root, "lib", name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as fh:
                fh.write(text)
        g = Graph(root)
        comps = g.sccs()
        assert comps == [["core/a", "core/b"]], comps
        assert "core/c" not in g.edges["engine/d"], g.edges["engine/d"]  # comments are not uses
        bad = g.layering_breaches()
        assert len(bad) == 4, bad
        assert "core/c.c includes engine/d.h" in bad[0], bad
        assert "core/c.c uses xq__d() of engine/d" in bad[1], bad
        assert "g.c is in no layer folder" in bad[2], bad
        assert "util/f.c uses xq__b() of core/b" in bad[3], bad
        assert not any("xq__hook" in line for line in bad), bad  # a hook the engine declares
        assert Graph(root, includes_only=True).sccs() == [], "b -> a is a call, not an include"
        # another folder (--dir server): a call circle through a shared header
        server = {
            "all.h": "void net_send(void);\nvoid session_in(void);\n",
            "net.c": '#include "all.h"\nvoid net_send(void) { }\nstatic void rx(void) { session_in(); }\n',
            "session.c": '#include "all.h"\nvoid session_in(void) { net_send(); }\n',
            "clock.c": '#include "all.h"\nstatic int c(void) { return 0; }\n',
        }
        for name, text in server.items():
            with open(os.path.join(root, "server", name) if os.makedirs(os.path.join(root, "server"), exist_ok=True) is None else "", "w") as fh:
                fh.write(text)
        assert Graph(root, folder="server").sccs() == [["net", "session"]], Graph(root, folder="server").sccs()
    print("self-test: circle, comment, layering and --dir checks work")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="the source tree (default: the one this script is in)")
    ap.add_argument("--dir", default="lib", metavar="FOLDER",
                    help="the folder of the tree to check (default lib; server: xq-server)")
    ap.add_argument("--allow-circles", action="store_true", help="print the circles, exit 0")
    ap.add_argument("--layering", action="store_true",
                    help="also fail when a layer of lib/ includes or calls a higher one")
    ap.add_argument("--longest", type=int, metavar="N", help="print the N longest functions")
    ap.add_argument("--includes-only", action="store_true",
                    help="only #include lines make dependencies (no uses of functions)")
    ap.add_argument("--self-test", action="store_true",
                    help="check the checks on a small made-up tree and exit")
    ap.add_argument("--edges", action="store_true", help="print every dependency and its reason")
    args = ap.parse_args()
    if args.self_test:
        return self_test()

    g = Graph(args.root, args.includes_only, args.dir)
    where = args.dir.rstrip("/") + "/"
    status = 0
    if args.edges:
        for a in sorted(g.edges):
            for b, why in sorted(g.edges[a].items()):
                print("%s -> %s  (%s)" % (a, b, why))
    comps = g.sccs()
    nmod = len(g.edges)
    if comps:
        print("%d circle(s) in the dependency graph of %s (%d modules):" % (len(comps), where, nmod))
        for comp in comps:
            print("  circle of %d: %s" % (len(comp), " ".join(comp)))
            shown = set()
            for v in comp:
                cyc = g.shortest_cycle(v, comp)
                if cyc and tuple(sorted(cyc[:-1])) not in shown:
                    shown.add(tuple(sorted(cyc[:-1])))
                    print("    " + " -> ".join(cyc))
                    for a, b in zip(cyc, cyc[1:]):
                        print("        %s -> %s: %s" % (a, b, g.edges[a][b]))
        if not args.allow_circles:
            status = 1
    else:
        print("no circle in the dependency graph of %s (%d modules)" % (where, nmod))
    if args.layering:
        bad = g.layering_breaches()
        for line in bad:
            print("layering: " + line)
        if bad:
            status = 1
        else:
            print("layering: util < core < engine < add-ons, no file reaches upward")
    if args.longest:
        funcs = [(last - first + 1, name, f, first)
                 for f in g.files for name, first, last, _ in g.defs[f]]
        funcs.sort(key=lambda t: (-t[0], t[2], t[3]))
        print("longest functions of %s:" % where)
        for length, name, f, first in funcs[: args.longest]:
            print("  %4d  %s  %s%s:%d" % (length, name, where, f, first))
    return status


if __name__ == "__main__":
    sys.exit(main())
