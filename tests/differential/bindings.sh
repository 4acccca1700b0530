#!/bin/sh
# SPDX-License-Identifier: MIT
# The same games through the C API, the Python package and the JavaScript
# package give the same FENs, move texts (ICCS, WXF, Chinese) and outcomes
# (AXF and CXA) after every ply (issue 44): games.py writes the games (random
# play from the start and from random legal positions, and the rule corpus),
# replay.c, replay.py and replay.mjs replay them, and the outputs must be
# identical. Needs XQ_LIBRARY and PYTHONPATH for the Python package.
# usage: bindings.sh REPLAY_C JS_PACKAGE_DIR TEST_DATA_DIR [GAMES [SEED]]
# Exit 77 (skipped) when node or the built package is missing.
set -eu
replay_c=$1
pkg=$2
data=$3
games=${4:-200}
seed=${5:-1}
here=$(cd "$(dirname "$0")" && pwd)
command -v node >/dev/null 2>&1 || { echo "skipped: node not found"; exit 77; }
[ -f "$pkg/lib/index.js" ] || { echo "skipped: $pkg is not built (js_build)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/games.py" --games "$games" --seed "$seed" \
    --corpus "$data/rules/axf-diagrams.txt" >"$tmp/games"
"$replay_c" <"$tmp/games" >"$tmp/c"
python3 "$here/replay.py" <"$tmp/games" >"$tmp/py"
node "$here/replay.mjs" "$pkg" <"$tmp/games" >"$tmp/js"
status=0
for b in py js; do
    if ! cmp -s "$tmp/c" "$tmp/$b"; then
        echo "FAIL: the $b binding differs from C:" >&2
        diff "$tmp/c" "$tmp/$b" | head -20 >&2
        status=1
    fi
done
echo "$(wc -l <"$tmp/games") games, $(wc -l <"$tmp/c") plies: C, Python and JavaScript agree" \
    "$( [ $status = 0 ] || echo ' (NOT)')"
exit $status
