#!/bin/sh
# The Python package against an installed library: `cmake --install` into a
# temporary prefix, `pip install` of bindings/python (offline: --no-index)
# into a temporary directory, then the whole Python suite twice: with the
# library found by ctypes.util.find_library (LD_LIBRARY_PATH), and with a
# copy of the library next to the package. XQ_LIBRARY is not set.
# usage: python_install.sh BUILD_DIR SOURCE_DIR PYTHON
set -eu
build=$1
src=$2
python=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset XQ_LIBRARY
export PYTHONDONTWRITEBYTECODE=1

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || fail "cmake --install"
lib=$(find "$tmp/prefix" -name 'libxiangqi.so.1' | head -n 1)
[ -n "$lib" ] || fail "libxiangqi.so.1 not installed"
libdir=$(dirname "$lib")

"$python" -m pip --version >/dev/null 2>&1 ||
    fail "pip is missing for $python (Debian: apt-get install python3-pip)"
"$python" -m pip install --no-index --no-deps --disable-pip-version-check --no-cache-dir \
    --quiet --target "$tmp/site" "$src/bindings/python" >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log" >&2; fail "pip install bindings/python (offline)"; }
[ -f "$tmp/site/xiangqi/_ffi.py" ] || fail "package not installed"
ls "$tmp/site"/xiangqi-*.dist-info/RECORD >/dev/null || fail "no dist-info"

cd "$tmp" # nothing of the source tree on sys.path but the tests themselves
where=$(PYTHONPATH="$tmp/site" LD_LIBRARY_PATH="$libdir" "$python" -c \
    'import xiangqi; print(xiangqi.__file__); print(xiangqi.library_path())')
case "$where" in
    "$tmp/site/xiangqi/__init__.py"*) ;;
    *) fail "imported the wrong package: $where" ;;
esac

echo "== library found by find_library (LD_LIBRARY_PATH=$libdir)"
PYTHONPATH="$tmp/site" LD_LIBRARY_PATH="$libdir" XQ_TEST_LOOKUP=find_library \
    "$python" -m unittest discover -s "$src/tests/python" || fail "suite (find_library)"

echo "== library next to the package"
cp -L "$lib" "$tmp/site/xiangqi/"
PYTHONPATH="$tmp/site" XQ_TEST_LOOKUP="next to the package" \
    "$python" -m unittest discover -s "$src/tests/python" || fail "suite (next to the package)"
echo "python_install ok"
