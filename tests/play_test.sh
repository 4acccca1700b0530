#!/bin/sh
# The terminal player, driven through a pipe: scripted games, undo/redo,
# illegal and unknown input, display modes, options.
# usage: play_test.sh XIANGQI
set -eu
play=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; [ -f "$tmp/out" ] && tail -n 40 "$tmp/out" >&2; exit 1; }
expect() { grep -q -- "$1" "$tmp/out" || fail "expected '$1'"; }
reject() { if grep -q -- "$1" "$tmp/out"; then fail "unexpected '$1'"; fi; }

# 1. An opening with an illegal move, an unknown word, undo, redo and history.
printf '%s\n' h2e2 h9g7 h0h5 xyzzy undo history redo history fen moves quit |
    "$play" >"$tmp/out" 2>&1 || fail "exit status"
expect "Illegal move h0h5. That piece can play:"
expect "  N h0: h0g2 h0i2"
expect "'xyzzy' is neither a command nor a move"
expect "^1. h2e2$"
expect "^1. h2e2 h9g7$"
expect "^rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2$"
expect "^35 legal moves.$"
expect "Goodbye."
reject "$(printf '\033')"   # no colours when the output is not a terminal

# 2. A game to its end: checkmate is announced, further moves are refused.
printf '%s\n' 'new 3k5/R8/1N7/9/9/9/9/9/9/4K4 w' a8d8 d9e9 undo undo resign undo \
    'new 3k5/9/9/9/9/9/9/9/3R5/5K3 b' |
    "$play" >"$tmp/out" 2>&1 || fail "exit status (mate)"
expect "Game over: 1-0, Red wins (checkmate)."
expect "The game is over (1-0, Red wins)"
expect "Black is in check."
expect "Nothing to undo."
expect "Game over: 0-1, Black wins (Red resigned)."
expect "Resignation taken back."

# 3. Stalemate loses (困毙).
printf '%s\n' d7d8 | "$play" --fen "3k5/9/3P1P3/9/9/9/9/9/9/4K4 b" >"$tmp/out" 2>&1 || true
expect "Game over: 1-0, Red wins (no legal move"

# 4. Display: glyphs, letters, flip, colours.
"$play" </dev/null >"$tmp/out" 2>&1 || fail "EOF at once"
expect "9 車──馬──象──士──將──士──象──馬──車"
expect "0 车──马──相──仕──帅──仕──相──马──车"
expect "  九  八  七  六  五  四  三  二  一"
expect "楚   河"
"$play" --ascii --flip </dev/null >"$tmp/out" 2>&1
expect "0 R---N---B---A---K---A---B---N---R"
expect "  9   8   7   6   5   4   3   2   1"
printf 'h2e2\n' | "$play" --color always >"$tmp/out" 2>&1
expect "$(printf '\033')\[1;31m"
expect "$(printf '\033')\[30;46m"   # the point the cannon left
printf 'h2e2\n' | "$play" --color always --no-color >"$tmp/out" 2>&1
reject "$(printf '\033')"
printf 'h2e2\n' | "$play" >"$tmp/out" 2>&1
expect "├───炮──┼───┼───炮──┼───┼───＊──┤"   # no colours: a marker on the vacated point

# 5. Options and errors.
"$play" --help >"$tmp/out" || fail "--help"
expect "^usage: xiangqi"
if "$play" --bogus >"$tmp/out" 2>&1; then fail "--bogus accepted"; fi
if "$play" --fen "nonsense" >"$tmp/out" 2>&1 </dev/null; then fail "bad FEN accepted"; fi
expect "bad FEN"
if "$play" --color sometimes >"$tmp/out" 2>&1 </dev/null; then fail "bad --color accepted"; fi
echo "play_test ok"
