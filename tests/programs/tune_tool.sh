#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-tune (tools/tune): its model matches the evaluation, it lowers the
# error, --apply rewrites only the weight block (and with no steps prints
# the weights it was built with back unchanged), --only keeps the other
# groups, and bad input gets an error, not a crash.
# usage: tune_tool.sh XQ_TUNE SOURCE_DIR
set -eu
prog=$1
src=$2
games=$src/tools/tune/data/selfplay-0.2.0.pgn.xz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# No steps: the block written back is the file's own, plus this run's comment.
cp "$src/lib/engine/eval.c" "$tmp/eval.c"
"$prog" --iterations 0 --max 20000 --apply "$tmp/eval.c" "$games" >"$tmp/zero.out" ||
    fail "--iterations 0: $(cat "$tmp/zero.out")"
grep -q "^linear model vs the evaluation: 0 positions off" "$tmp/zero.out" ||
    fail "the model misses the evaluation: $(cat "$tmp/zero.out")"
# --max stops after the game that reaches it.
grep -Eq "^games [0-9]+, quiet positions 20[0-9]{3} " "$tmp/zero.out" || fail "count: $(head -1 "$tmp/zero.out")"
diff "$src/lib/engine/eval.c" "$tmp/eval.c" >"$tmp/zero.diff" && fail "--apply added no comment"
grep -q "^>.*Then fitted by xq-tune from the weights above (weights fitted: all)" "$tmp/zero.diff" ||
    fail "no comment for the run: $(cat "$tmp/zero.diff")"
# Only lines were added (the earlier comments stay), and all of them inside the comment.
grep -Ev '^([0-9]+a[0-9,]+|> .*)$' "$tmp/zero.diff" >/dev/null && fail "not only added lines: $(cat "$tmp/zero.diff")"
grep '^> ' "$tmp/zero.diff" | grep -Ev '^> (/\*| \*)' >/dev/null && fail "added code: $(cat "$tmp/zero.diff")"

# Steps lower the training error.
"$prog" --iterations 40 --max 40000 "$games" >"$tmp/fit.out" 2>"$tmp/fit.err" ||
    fail "fit: $(cat "$tmp/fit.err")"
before=$(sed -n 's/^pass 1: K [0-9.]*, training error \([0-9.]*\),.*/\1/p' "$tmp/fit.out")
after=$(sed -n 's/^after .*with K [0-9.]* training error \([0-9.]*\),.*/\1/p' "$tmp/fit.out")
[ -n "$before" ] && [ -n "$after" ] || fail "no errors reported: $(cat "$tmp/fit.out")"
awk -v b="$before" -v a="$after" 'BEGIN { exit !(a < b) }' || fail "training error $before -> $after"
grep -q "^/\* TUNED-WEIGHTS-BEGIN" "$tmp/fit.out" || fail "no block printed"
grep -q "^static const uint8_t scale_case\[SCALE_COUNT\]" "$tmp/fit.out" || fail "no scale table"

# --only scale moves the scale factors and nothing else.
cp "$src/lib/engine/eval.c" "$tmp/scale.c"
"$prog" --only scale --iterations 60 --rate 2 --apply "$tmp/scale.c" "$games" >"$tmp/scale.out" \
    2>/dev/null || fail "--only scale: $(cat "$tmp/scale.out")"
diff "$src/lib/engine/eval.c" "$tmp/scale.c" | grep '^[<>] ' | grep -Ev '^[<>] (/\*| \*|    \[SCALE_)' \
    >"$tmp/scale.other" && fail "--only scale changed other lines: $(cat "$tmp/scale.other")"
grep -q "(weights fitted: scale)" "$tmp/scale.c" || fail "--only scale: comment"
grep -Eq '^  SOLDIER_VS_ANY +[0-9]+ -> +[0-9]+ +[0-9]+$' "$tmp/scale.out" ||
    fail "SOLDIER_VS_ANY was not fitted: $(grep -A14 '^endgame scale' "$tmp/scale.out")"
grep -Eq '^  NONE +64 -> 64 .*\(kept\)$' "$tmp/scale.out" || fail "NONE moved"

# Bad input.
rc=0
"$prog" "$tmp/missing.pgn" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 1 ] || fail "a missing file exits $rc"
grep -q "missing.pgn" "$tmp/err" || fail "missing file message: $(cat "$tmp/err")"
head -c 20000 "$games" >"$tmp/cut.pgn.xz"
rc=0
"$prog" "$tmp/cut.pgn.xz" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 1 ] || fail "a truncated .xz exits $rc"
grep -q "xz -dc .*cut.pgn.xz failed" "$tmp/err" || fail "truncated .xz message: $(cat "$tmp/err")"
rc=0
"$prog" --only bogus "$games" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 2 ] || fail "--only bogus exits $rc"
grep -q "unknown group" "$tmp/err" || fail "--only message: $(cat "$tmp/err")"
printf 'int x;\n' >"$tmp/noblock.c"
rc=0
"$prog" --iterations 0 --max 2000 --apply "$tmp/noblock.c" "$games" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 1 ] || fail "--apply to a file without a block exits $rc"
grep -q "has no TUNED-WEIGHTS block" "$tmp/err" || fail "no-block message: $(cat "$tmp/err")"
[ "$(cat "$tmp/noblock.c")" = "int x;" ] || fail "the file without a block was changed"
printf '[Result "1-0"]\n\n1. h2e2 *\n' >"$tmp/tiny.pgn"
rc=0
"$prog" "$tmp/tiny.pgn" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 1 ] || fail "too few positions exits $rc"
grep -q "too few positions" "$tmp/err" || fail "too-few message: $(cat "$tmp/err")"
rc=0
"$prog" >/dev/null 2>&1 || rc=$?
[ $rc -eq 2 ] || fail "no arguments exits $rc"
echo "tune_tool: ok"
