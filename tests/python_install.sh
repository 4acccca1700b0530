#!/bin/sh
# The Python package against an installed library: `cmake --install` into a
# temporary prefix, `pip install` of bindings/python (offline: --no-index)
# into a temporary directory, then the whole Python suite twice: with the
# library found by ctypes.util.find_library (LD_LIBRARY_PATH), and with a
# copy of the library next to the package. XQ_LIBRARY is not set.
# The metadata offers the extra [dask] and requires nothing for the core.
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
# The core needs nothing; Dask, distributed and tqdm only for the extra [dask].
meta=$(cat "$tmp/site"/xiangqi-*.dist-info/METADATA)
printf '%s\n' "$meta" | grep -qx 'Provides-Extra: dask' || fail "no extra 'dask' in METADATA"
printf '%s\n' "$meta" | grep -qx 'Requires-Dist: distributed>=2022.12; extra == "dask"' ||
    fail "METADATA: distributed is not a requirement of the extra 'dask'"
if printf '%s\n' "$meta" | grep '^Requires-Dist:' | grep -qv '; extra == '; then
    fail "METADATA: the core package requires something"
fi

cd "$tmp" # nothing of the source tree on sys.path but the tests themselves
where=$(PYTHONPATH="$tmp/site" LD_LIBRARY_PATH="$libdir" "$python" -c \
    'import xiangqi; print(xiangqi.__file__); print(xiangqi.library_path())')
case "$where" in
    "$tmp/site/xiangqi/__init__.py"*) ;;
    *) fail "imported the wrong package: $where" ;;
esac

# test_distributed.py (xiangqi.analyse/selfplay on Dask LocalClusters) needs dask,
# distributed and tqdm, which only some interpreters have (Debian's in /usr/bin/python3):
# with them it runs once, in the first suite, on the installed package; without them it
# is skipped, even when the environment asks for it (XQ_TEST_DASK=require is the
# python_dask test's business, not this one's).
if "$python" -c 'import distributed, tqdm' >/dev/null 2>&1; then
    dask_first=${XQ_TEST_DASK:-}
else
    dask_first=skip
    echo "== no dask/distributed/tqdm for $python: test_distributed.py skipped"
fi

echo "== library found by find_library (LD_LIBRARY_PATH=$libdir)"
PYTHONPATH="$tmp/site" LD_LIBRARY_PATH="$libdir" XQ_TEST_LOOKUP=find_library \
    XQ_TEST_DASK="$dask_first" \
    "$python" -m unittest discover -s "$src/tests/python" || fail "suite (find_library)"

echo "== library next to the package"
cp -L "$lib" "$tmp/site/xiangqi/"
PYTHONPATH="$tmp/site" XQ_TEST_LOOKUP="next to the package" XQ_TEST_DASK=skip \
    "$python" -m unittest discover -s "$src/tests/python" || fail "suite (next to the package)"
echo "python_install ok"
