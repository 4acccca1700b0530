#!/bin/sh
# SPDX-License-Identifier: MIT
# The one-file player (examples/minimal): a move, a refused move, a take-back,
# playing Black, the end of the input, a bad option.
# usage: minimal_player.sh MINIMAL_PLAYER
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; cat "$tmp/out" 2>/dev/null; exit 1; }

start_rank2='2  . C . . . . . C . '

# Red: play a move, get the engine's reply, try an illegal move, take back.
printf 'h2e2\nh2h9\nundo\nquit\n' | "$bin" --movetime 50 >"$tmp/out" 2>&1 || fail "exit status $?"
grep -q '^Engine plays ' "$tmp/out" || fail "no engine move"
grep -q 'Not a legal move: ' "$tmp/out" || fail "illegal move not refused"
# After the take-back the last board printed is the start position again.
tail -n 12 "$tmp/out" | grep -qx "$start_rank2" || fail "undo did not restore the start position"
[ "$(grep -c '^2  ' "$tmp/out")" -eq 4 ] || fail "expected 4 boards (start, after h2e2, after the reply, after undo)"

# Black: the engine moves first; nothing to take back before the user's move.
printf 'undo\n' | "$bin" --black --movetime 50 >"$tmp/out" 2>&1 || fail "--black: exit status $?"
head -n 14 "$tmp/out" | grep -q '^Engine plays ' || fail "--black: the engine did not move first"
grep -q 'Nothing to take back' "$tmp/out" || fail "--black: undo before any move"

# A bad option: usage on stderr, status 2.
"$bin" --frobnicate >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail "bad option: status not 2"
grep -q '^usage: ' "$tmp/out" || fail "bad option: no usage"
echo "minimal_player ok"
