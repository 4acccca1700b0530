# SPDX-License-Identifier: MIT
"""The package's import graph: no module of xiangqi imports one that imports it back.

Every ``import`` and ``from ... import`` of every module of the package (those
inside functions too: a lazy import is still a circle of the design) is read
with ``ast``, resolved to the package's own modules, and the graph searched
for circles. ``from . import name`` is an edge to the submodule ``name``; it
is an edge to the package (``__init__``) only when ``name`` is not a
submodule, as ``import xiangqi`` is.
"""

import ast
import importlib.util
import os
import subprocess
import sys
import unittest

from xqtest import SOURCE_DIR

PACKAGE = "xiangqi"


def package_dir():
    spec = importlib.util.find_spec(PACKAGE)  # finds it without importing it
    if spec is not None and spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return os.path.join(SOURCE_DIR, "bindings", "python", PACKAGE)


def modules(root):
    """{dotted name: file} of every module and package of the package."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")) or
                             os.path.isfile(os.path.join(dirpath, d, "__init__.py")))
        rel = os.path.relpath(dirpath, root)
        parts = [PACKAGE] + ([] if rel == "." else rel.split(os.sep))
        if "__init__.py" not in filenames:
            continue
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            dotted = ".".join(parts if name == "__init__.py" else parts + [name[:-3]])
            found[dotted] = os.path.join(dirpath, name)
    return found


def imports(name, path, known):
    """The modules of *known* that module *name* (in *path*) imports."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    is_package = os.path.basename(path) == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    out.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source not in known:
                continue
            attribute = False
            for alias in node.names:
                sub = source + "." + alias.name
                if sub in known:
                    out.add(sub)
                else:
                    attribute = True
            if attribute or not known[source].endswith("__init__.py"):
                out.add(source)
    out.discard(name)
    return out


def circles(graph):
    """Every elementary circle found by a depth-first search, each once."""
    found, seen = [], set()
    state = {}

    def visit(node, path):
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                key = frozenset(cycle)
                if key not in seen:
                    seen.add(key)
                    found.append(cycle)
            elif nxt not in state:
                visit(nxt, path)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return found


#: Modules that only the tools of xiangqi.tools may load (test_distributed.py
#: runs the check where Dask is installed, so it could be loaded).
HEAVY = ("dask", "distributed", "tqdm", "tornado", PACKAGE + ".tools")


def heavy_modules_after(code):
    """The modules of HEAVY (and their submodules) loaded by running *code*
    in a fresh interpreter with this one's environment."""
    probe = ("import sys\n%s\nprint('\\n'.join(sorted(m for m in sys.modules if "
             "m in %r or m.startswith(tuple(h + '.' for h in %r)))))" % (code, HEAVY, HEAVY))
    r = subprocess.run([sys.executable, "-c", probe], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    if r.returncode != 0:
        raise AssertionError("%r failed:\n%s" % (code, r.stderr))
    return r.stdout.split()


class TestHeavyImports(unittest.TestCase):
    def test_import_xiangqi_loads_no_tool_and_no_dask(self):
        self.assertEqual(heavy_modules_after(
            "import xiangqi, xiangqi.pgn, xiangqi.svg, xiangqi.engine"), [])


class TestImportGraph(unittest.TestCase):
    def test_the_reader_resolves_imports(self):
        root = package_dir()
        known = modules(root)
        self.assertIn(PACKAGE, known)
        self.assertIn(PACKAGE + ".pgn", known)
        graph = {name: imports(name, path, known) for name, path in known.items()}
        self.assertIn(PACKAGE + "._record", graph[PACKAGE + ".pgn"])
        self.assertIn(PACKAGE + "._ffi", graph[PACKAGE + "._board"])
        self.assertIn(PACKAGE + ".pgn", graph[PACKAGE])
        self.assertEqual(circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}),
                         [["a", "b", "c", "a"]])

    def test_no_two_modules_differ_by_an_underscore(self):
        # engine.py (external engines) beside _engine.py (the library's own)
        # read as one module and its internals; names should say what they are.
        known = modules(package_dir())
        twins = sorted(name for name in known
                       if name.rsplit(".", 1)[-1].startswith("_") and not name.endswith("__") and
                       name.rsplit(".", 1)[0] + "." + name.rsplit(".", 1)[-1].lstrip("_") in known)
        self.assertEqual(twins, [], "modules named like a public one with an underscore")

    def test_no_module_imports_one_that_imports_it_back(self):
        known = modules(package_dir())
        graph = {name: imports(name, path, known) for name, path in known.items()}
        found = circles(graph)
        self.assertEqual(found, [], "import circles in the xiangqi package:\n" +
                         "\n".join("  " + " -> ".join(c) for c in found))


if __name__ == "__main__":
    unittest.main()
