#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python package as users install it, offline, with XQ_LIBRARY and
# LD_LIBRARY_PATH unset:
# 1. `pip wheel bindings/python` makes the wheel file (the package's own
#    build backend builds libxiangqi with cmake and the wheel carries it and
#    the default opening book), and `pip install` of that file alone, in a
#    fresh virtualenv, is all a user needs: the import must find the
#    library next to the package, Book.default() the book, and the whole
#    Python suite runs against it.
# 2. A wheel built without the library (--config-settings
#    bundle-library=false) next to a `cmake --install`ed library, found by
#    ctypes.util.find_library (LD_LIBRARY_PATH): Book.default() finds the
#    book installed beside the library (share/xiangqi), and the suite again.
# The metadata offers the extra [dask] and requires nothing for the core.
# test_distributed.py (Dask) is skipped here: the python_dask test runs it.
# usage: python_install.sh BUILD_DIR SOURCE_DIR PYTHON
set -eu
build=$1
src=$2
python=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset XQ_LIBRARY LD_LIBRARY_PATH PYTHONPATH XQ_BUNDLE_LIBRARY XQ_BUNDLE_BOOK XQ_CMAKE_ARGS \
    XQ_BUILD_DIR XQ_SOURCE_DIR XQ_BOOK
export PYTHONDONTWRITEBYTECODE=1
export XQ_TEST_DASK=skip
export XQ_TEST_BOOK=require # test_book's test_default fails instead of skipping
# Book.default() as a user calls it; prints the file it opened
default_book='import os, xiangqi
with xiangqi.Book.default() as b:
    assert b.games > 50000, b.games
print([p for p in xiangqi.Book.default_paths() if os.path.isfile(p)][0])'
pipq="--no-index --no-deps --disable-pip-version-check --no-cache-dir --quiet"

"$python" -m venv "$tmp/venv" >"$tmp/venv.log" 2>&1 ||
    { cat "$tmp/venv.log" >&2; fail "python -m venv (Debian: apt-get install python3-venv)"; }
vpy=$tmp/venv/bin/python
"$vpy" -m pip --version >/dev/null 2>&1 || fail "the virtualenv has no pip (ensurepip)"

echo "== pip wheel bindings/python (builds the library with cmake), pip install of the wheel file"
# shellcheck disable=SC2086
"$vpy" -m pip wheel $pipq -w "$tmp/dist" "$src/bindings/python" >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log" >&2; fail "pip wheel bindings/python (offline)"; }
wheel=$(ls "$tmp"/dist/xiangqi-*.whl)
case "$(basename "$wheel")" in
    xiangqi-"$(sed -n 's/^#define XQ_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' \
        "$src/include/xiangqi/version.h" | paste -sd.)"-py3-none-manylinux_2_[0-9]*_*.whl) ;;
    *) fail "the wheel file's name: $(basename "$wheel")" ;;
esac
echo "   $(basename "$wheel"), $(du -k "$wheel" | cut -f1) kB"
# shellcheck disable=SC2086
"$vpy" -m pip install $pipq "$wheel" >>"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log" >&2; fail "pip install $(basename "$wheel") (offline)"; }
site=$("$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
plat=$("$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
[ -f "$plat/xiangqi/libxiangqi.so.1" ] || [ -f "$site/xiangqi/libxiangqi.so.1" ] ||
    fail "the wheel did not carry libxiangqi.so.1"
grep -q '^Tag: py3-none-manylinux_2_[0-9]*_' "$plat"/xiangqi-*.dist-info/WHEEL ||
    fail "the wheel is not tagged for the platform: $(cat "$plat"/xiangqi-*.dist-info/WHEEL)"
# the licences (docs/licences.md): ours, the glyph outlines', the book's games'
grep -q '^License-Expression: MIT AND OFL-1.1 AND CC-BY-4.0$' "$plat"/xiangqi-*.dist-info/METADATA ||
    fail "the wheel's METADATA: $(grep '^License' "$plat"/xiangqi-*.dist-info/METADATA)"
for f in LICENSE lib/svg/LICENSE.noto data/ccpd/LICENSE.ccpd; do
    [ -s "$(echo "$plat"/xiangqi-*.dist-info)/licenses/$f" ] || fail "the wheel lacks .dist-info/licenses/$f"
done
# PEP 561: the installed package says it is typed (mypy reads its hints only then)
[ -f "$plat/xiangqi/py.typed" ] || [ -f "$site/xiangqi/py.typed" ] ||
    fail "the wheel did not carry xiangqi/py.typed"
grep -q '^xiangqi/py.typed,sha256=' "$plat"/xiangqi-*.dist-info/RECORD ||
    fail "xiangqi/py.typed is not in the wheel's RECORD"

cd "$tmp" # nothing of the source tree on sys.path but the tests themselves
where=$("$vpy" -c 'import xiangqi; print(xiangqi.__file__); print(xiangqi.library_path())') ||
    fail "import xiangqi after pip install alone"
case "$where" in
    "$tmp/venv/"*"/xiangqi/__init__.py"*"$tmp/venv/"*"/xiangqi/libxiangqi.so.1") ;;
    *) fail "imported the wrong package or library: $where" ;;
esac
want=$(sed -n 's/^#define XQ_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' \
    "$src/include/xiangqi/version.h" | paste -sd.)
got=$("$vpy" -c 'import importlib.metadata as m, xiangqi
print(m.version("xiangqi"), xiangqi.__version__, xiangqi.library_version_string())') ||
    fail "versions after pip install"
[ "$got" = "$want $want $want" ] ||
    fail "package, module and library versions '$got', version.h says $want"
book=$("$vpy" -c "$default_book") || fail "Book.default() after pip install"
case "$book" in
    "$tmp/venv/"*"/xiangqi/book.xqb") ;;
    *) fail "Book.default() did not open the wheel's book: $book" ;;
esac
msg=$(XQ_BOOK=/nonexistent/x.xqb "$vpy" -c 'import xiangqi; xiangqi.Book.default()' 2>&1) &&
    fail "Book.default() with a missing XQ_BOOK succeeded"
case "$msg" in *"XQ_BOOK=/nonexistent/x.xqb"*) ;; *) fail "the error does not name XQ_BOOK: $msg" ;; esac
XQ_TEST_LOOKUP="next to the package" "$vpy" -m unittest discover -s "$src/tests/python" ||
    fail "suite (pip install alone)"

echo "== a wheel without the library, the library found by find_library"
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || fail "cmake --install"
lib=$(find "$tmp/prefix" -name 'libxiangqi.so.1' | head -n 1)
[ -n "$lib" ] || fail "libxiangqi.so.1 not installed"
libdir=$(dirname "$lib")
# shellcheck disable=SC2086
"$python" -m pip install $pipq --config-settings bundle-library=false --target "$tmp/site" \
    "$src/bindings/python" >"$tmp/pip2.log" 2>&1 ||
    { cat "$tmp/pip2.log" >&2; fail "pip install bundle-library=false"; }
[ -f "$tmp/site/xiangqi/_ffi.py" ] || fail "package not installed"
[ -f "$tmp/site/xiangqi/py.typed" ] || fail "bundle-library=false: no xiangqi/py.typed"
[ ! -e "$tmp/site/xiangqi/libxiangqi.so.1" ] || fail "bundle-library=false bundled the library"
grep -q '^Tag: py3-none-any' "$tmp/site"/xiangqi-*.dist-info/WHEEL || fail "not a pure wheel"
# The core needs nothing; Dask, distributed and tqdm only for the extra [dask].
meta=$(cat "$tmp/site"/xiangqi-*.dist-info/METADATA)
printf '%s\n' "$meta" | grep -qx 'Provides-Extra: dask' || fail "no extra 'dask' in METADATA"
printf '%s\n' "$meta" | grep -qx 'Requires-Dist: distributed>=2022.12; extra == "dask"' ||
    fail "METADATA: distributed is not a requirement of the extra 'dask'"
if printf '%s\n' "$meta" | grep '^Requires-Dist:' | grep -qv '; extra == '; then
    fail "METADATA: the core package requires something"
fi
[ ! -e "$tmp/site/xiangqi/book.xqb" ] || fail "bundle-library=false bundled the book"
book=$(PYTHONPATH="$tmp/site" LD_LIBRARY_PATH="$libdir" "$python" -c "$default_book") ||
    fail "Book.default() with the cmake-installed library"
[ "$book" = "$(cd "$tmp/prefix" && pwd -P)/share/xiangqi/book.xqb" ] ||
    fail "Book.default() did not open the book installed beside the library: $book"
PYTHONPATH="$tmp/site" LD_LIBRARY_PATH="$libdir" XQ_TEST_LOOKUP=find_library \
    "$python" -m unittest discover -s "$src/tests/python" || fail "suite (find_library)"
echo "python_install ok"
