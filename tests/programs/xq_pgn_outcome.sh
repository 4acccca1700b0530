#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-pgn --outcome: the verdict, reason and evidence of each game's end under
# the three rule sets (tests/data/rules/outcome.pgn, docs/rules.md).
# usage: xq_pgn_outcome.sh XQ_PGN TEST_DATA_DIR
set -eu
pgn=$1
data=$2
file=$data/rules/outcome.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() { # file, expected line
    grep -qxF "$2" "$1" || fail "missing line: $2
--- got:
$(cat "$1")"
}

"$pgn" --outcome "$file" >"$tmp/axf" || fail "--outcome"
[ "$(wc -l <"$tmp/axf")" -eq 7 ] || fail "7 lines expected: $(cat "$tmp/axf")"
f=$file
expect "$tmp/axf" "$f:1: game 1: 10 plies: 1-0 perpetual check by Black (cycle from ply 2, 8 plies) (recorded 1-0)"
expect "$tmp/axf" "$f:8: game 2: 8 plies: 0-1 perpetual chase by Red: f5 chasing f7 (cycle from ply 0, 8 plies) (recorded 1/2-1/2)"
expect "$tmp/axf" "$f:15: game 3: 16 plies: 1/2-1/2 repetition (cycle from ply 0, 16 plies)"
expect "$tmp/axf" "$f:22: game 4: 1 ply: 1-0 checkmate (recorded 1-0)"
expect "$tmp/axf" "$f:29: game 5: 2 plies: 1/2-1/2 move limit (120 plies without capture)"
expect "$tmp/axf" "$f:35: game 6: 8 plies: 0-1 perpetual chase by Red: c0 chasing c7 (cycle from ply 0, 8 plies) (recorded 0-1)"
expect "$tmp/axf" "$f:43: game 7: 2 plies: ongoing (move limit 2/120)"
"$pgn" --outcome --rules axf "$file" >"$tmp/out" || fail "--rules axf"
cmp -s "$tmp/axf" "$tmp/out" || fail "--rules axf differs from the default"

# CXA: the chessdb position is a draw, one check + one chase loses.
"$pgn" --outcome --rules cxa "$file" >"$tmp/cxa" || fail "--rules cxa"
expect "$tmp/cxa" "$f:8: game 2: 8 plies: 0-1 perpetual chase by Red: f4,f5 chasing f7 (cycle from ply 0, 8 plies) (recorded 1/2-1/2)"
expect "$tmp/cxa" "$f:15: game 3: 16 plies: 0-1 perpetual chase by Red: i3 chasing a5 (cycle from ply 0, 16 plies)"
expect "$tmp/cxa" "$f:1: game 1: 10 plies: 1-0 perpetual check by Black (cycle from ply 2, 8 plies) (recorded 1-0)"

# Simple: every repetition is a draw.
"$pgn" --outcome --rules simple "$file" >"$tmp/simple" || fail "--rules simple"
[ "$(grep -c ' 1/2-1/2 repetition (cycle' "$tmp/simple")" -eq 4 ] || fail "simple: $(cat "$tmp/simple")"

# --stats counts the outcomes; -q prints only the totals.
"$pgn" --outcome --stats -q "$file" >"$tmp/out" || fail "--stats"
expect "$tmp/out" "$f: outcomes ongoing: 1, checkmate: 1, repetition: 1, perpetual check: 1, perpetual chase: 2, move limit: 1 (7 games judged)"
"$pgn" --outcome --stats -q "$data/games/liu-dahua-1125-uci.pgn" >"$tmp/out" || fail "--stats on the master games"
grep -q 'outcomes ongoing: 1093, checkmate: 7, repetition: 24, perpetual chase: 1 (1125 games judged)$' "$tmp/out" \
    || fail "master games: $(cat "$tmp/out")"

# The same games read from standard input, and usage errors.
"$pgn" --outcome - <"$file" >"$tmp/out" || fail "stdin"
[ "$(grep -c '^-:' "$tmp/out")" -eq 7 ] || fail "stdin lines: $(cat "$tmp/out")"
if "$pgn" --outcome --rules wxf "$file" >/dev/null 2>"$tmp/err"; then fail "bad --rules accepted"; fi
grep -q "unknown rule set 'wxf'" "$tmp/err" || fail "bad --rules message: $(cat "$tmp/err")"
status=0
"$pgn" --outcome --rules >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || fail "--rules without a value: exit $status"
"$pgn" --help | grep -q -- '--outcome' || fail "--help lists --outcome"
echo "xq-pgn --outcome: ok"
