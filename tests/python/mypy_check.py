# SPDX-License-Identifier: MIT
"""ctest python_mypy: the package's type hints (PEP 561), checked by mypy.

Usage: ``/usr/bin/python3 tests/python/mypy_check.py SOURCE_DIR`` (the
interpreter that has mypy: Debian's python3-mypy). Exits 77 (skipped) when
mypy cannot be imported.

1. mypy on the package with its configuration (``[tool.mypy]`` of
   bindings/python/pyproject.toml: strict, Python 3.8) must report no issue.
2. A wheel of the package (pure Python, built by the in-tree backend) is
   unpacked into a fresh virtual environment, as ``pip install`` would, and
   user code is checked against it with ``--strict``, the way a user's mypy
   finds an installed package:

   - tests/python/typing_usage.py must pass;
   - tests/python/typing_errors.py must fail with exactly the errors (and
     ``reveal_type`` notes) its lines announce, which an untyped package
     could not give;
   - without ``xiangqi/py.typed`` mypy must refuse the package (the marker is
     what makes its hints count).

mypy's cache goes to a temporary directory: nothing is written to the tree.
"""

import os
import re
import subprocess
import sys
import tempfile
import zipfile

SKIP = 77


def run_mypy(args, cwd, cache):
    """(exit status, output) of mypy with *args* in *cwd*."""
    env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "PYTHONPATH")}
    cmd = [sys.executable, "-m", "mypy", "--cache-dir", cache, "--no-color-output",
           "--no-error-summary" if "--summary" not in args else "--error-summary"]
    cmd += [a for a in args if a != "--summary"]
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=600)
    return proc.returncode, proc.stdout


def check_package(source, cache):
    """Step 1: the package with its own configuration."""
    pkg = os.path.join(source, "bindings", "python")
    modules = sum(1 for d, _, files in os.walk(os.path.join(pkg, "xiangqi"))
                  for f in files if f.endswith(".py") and "__pycache__" not in d)
    rc, out = run_mypy(["--summary"], pkg, cache)
    print("$ cd bindings/python && %s -m mypy\n%s" % (os.path.basename(sys.executable),
                                                       out.rstrip()))
    expected = "Success: no issues found in %d source files" % modules
    if rc != 0 or expected not in out:
        return ["mypy on the package: expected %r (exit status 0), got exit status %d"
                % (expected, rc)]
    return []


def install_wheel(source, tmp):
    """Step 2's environment: a venv with the package's wheel unpacked into
    its site-packages; returns the venv's python."""
    sys.path.insert(0, os.path.join(source, "bindings", "python", "_backend"))
    import xq_backend
    wheel = xq_backend.build_wheel(tmp, {"bundle-library": "false"})
    venv = os.path.join(tmp, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = os.path.join(venv, "bin", "python")
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                              "['purelib'])"], check=True, stdout=subprocess.PIPE,
                             universal_newlines=True).stdout.strip()
    with zipfile.ZipFile(os.path.join(tmp, wheel)) as zf:
        zf.extractall(purelib)
    return python, os.path.join(purelib, "xiangqi")


def expectations(path):
    """{line: [(kind, text)]} of the ``# E:`` / ``# N:`` markers of a file."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = re.search(r"#\s*([EN]):\s*(.+?)\s*$", line)
            if m:
                out.setdefault(number, []).append(("error" if m.group(1) == "E" else "note",
                                                   m.group(2)))
    return out


def compare(path, output):
    """The differences between mypy's *output* for *path* and its markers."""
    name = os.path.basename(path)
    want = expectations(path)
    got = {}
    for line in output.splitlines():
        m = re.match(r"^%s:(\d+): (error|note): (.*)$" % re.escape(name), line)
        if m:
            got.setdefault(int(m.group(1)), []).append((m.group(2), m.group(3)))
    problems = []
    for number, marks in sorted(want.items()):
        for kind, text in marks:
            if not any(k == kind and text in message for k, message in got.get(number, [])):
                problems.append("%s:%d: expected %s containing %r; mypy said: %s" % (
                    name, number, kind, text, got.get(number) or "nothing"))
    for number, messages in sorted(got.items()):
        wanted = [t for k, t in want.get(number, []) if k == "error"]
        for kind, message in messages:
            if kind == "error" and not any(t in message for t in wanted):
                problems.append("%s:%d: unexpected error: %s" % (name, number, message))
    return problems


def check_user_code(source, tmp, cache):
    """Step 2: user code against the installed wheel."""
    python, installed = install_wheel(source, tmp)
    here = os.path.dirname(os.path.abspath(__file__))
    problems = []
    work = os.path.join(tmp, "user")
    os.mkdir(work)  # mypy looks beside the checked file too: nothing of the tree there
    base = ["--strict", "--python-executable", python, "--python-version", "3.8",
            "--show-error-codes"]

    def check(name):
        with open(os.path.join(here, name), encoding="utf-8") as f:
            text = f.read()
        path = os.path.join(work, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        rc, out = run_mypy(base + [path], work, cache)
        print("$ mypy --strict %s (against the installed wheel): exit status %d\n%s"
              % (name, rc, out.rstrip()))
        return rc, out, path

    rc, out, _ = check("typing_usage.py")
    if rc != 0:
        problems.append("typing_usage.py: mypy --strict reported errors (exit status %d)" % rc)
    rc, out, path = check("typing_errors.py")
    if rc != 1:
        problems.append("typing_errors.py: expected mypy to fail (exit status 1), got %d" % rc)
    problems += compare(path, out)
    os.unlink(os.path.join(installed, "py.typed"))
    rc, out, _ = check("typing_usage.py")
    if rc == 0 or "py.typed" not in out:
        problems.append("without py.typed mypy should refuse the package (exit status %d)" % rc)
    return problems


def main():
    if len(sys.argv) != 2:
        print("usage: mypy_check.py SOURCE_DIR", file=sys.stderr)
        return 2
    try:
        import mypy.version
    except ImportError:
        print("SKIP: mypy is not installed for %s (Debian: apt-get install python3-mypy)"
              % sys.executable)
        return SKIP
    print("mypy %s, %s" % (mypy.version.__version__, sys.executable))
    source = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="xq-mypy-") as tmp:
        cache = os.path.join(tmp, "cache")
        problems = check_package(source, cache)
        problems += check_user_code(source, tmp, cache)
    for p in problems:
        print("FAIL: " + p)
    print("python_mypy: %s" % ("%d problems" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
