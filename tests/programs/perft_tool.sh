#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-perft end to end: counts, divide, EPD checking, help and bad input.
# usage: perft_tool.sh XQ_PERFT TEST_DATA_DIR
set -eu
perft=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$perft" --depth 3 >"$tmp/out" || fail "depth 3 exited non-zero"
grep -Eq '^3 +79666 ' "$tmp/out" || fail "start position depth 3 is not 79666"
grep -q 'nodes/s' "$tmp/out" || fail "no nodes/s column"

"$perft" --fen "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1" --depth 1 --divide >"$tmp/out"
grep -q '^e0e1: 1$' "$tmp/out" || fail "divide does not list e0e1"
grep -q 'moves 2  nodes 2 ' "$tmp/out" || fail "divide total"

head -n 5 "$data/perft.epd" >"$tmp/five.epd"
"$perft" --epd "$tmp/five.epd" --depth 3 >"$tmp/out" || fail "EPD check failed"
grep -q '^5 positions, 15 counts checked, 0 failed' "$tmp/out" || fail "EPD summary"

# A wrong count is reported and makes the exit status 1.
echo "$(cut -d';' -f1 "$data/perft.epd" | head -n 1);D1 45" >"$tmp/wrong.epd"
if "$perft" --epd "$tmp/wrong.epd" >"$tmp/out"; then fail "wrong count accepted"; fi
grep -q 'D1 FAIL (got 44, expected 45)' "$tmp/out" || fail "FAIL line"

"$perft" --help | grep -q 'usage: xq-perft' || fail "--help"
if "$perft" --fen "not a fen" 2>"$tmp/err"; then fail "bad FEN accepted"; fi
grep -q 'bad FEN' "$tmp/err" || fail "bad FEN message"
if "$perft" --depth x 2>/dev/null; then fail "bad depth accepted"; fi
if "$perft" --bogus 2>/dev/null; then fail "bad option accepted"; fi
# A missing value: exit 2 and one line naming the option, with the hint.
rc=0; "$perft" --depth 2>"$tmp/err" || rc=$?
[ $rc -eq 2 ] || fail "missing value exits $rc"
[ "$(cat "$tmp/err")" = "xq-perft: option '--depth' needs a value (try 'xq-perft --help')" ] ||
    fail "missing value message: $(cat "$tmp/err")"
if "$perft" --epd "$tmp/missing.epd" 2>/dev/null; then fail "missing file accepted"; fi
echo "perft_tool ok"
