#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-uci with an opening book: OwnBook / BookFile (UCCI usebook / bookfiles).
# A book move is announced and is one of the book's moves; OwnBook false, a
# position out of the book and a bad file fall back to a search.
# usage: uci_book.sh XQ_UCI XQ_BOOK GAMES_PGN
set -eu
uci=$1
book=$2
games=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# run COMMANDS: feed the commands, wait (up to 20 s) for the bestmove, quit.
run() {
    rm -f "$tmp/out"
    { printf "$@"; i=0
      while [ $i -lt 200 ] && ! grep -q '^bestmove' "$tmp/out" 2>/dev/null; do
          sleep 0.1; i=$((i + 1)); done
      printf 'quit\n'; } | "$uci" >"$tmp/out"
}

"$book" build -o "$tmp/b.xqb" "$games" 2>/dev/null || fail "build"
"$book" probe "$tmp/b.xqb" h2e2 | sed -n 's/^\([a-i][0-9][a-i][0-9]\) .*/\1/p' >"$tmp/replies"
[ -s "$tmp/replies" ] || fail "no book replies to h2e2"

# The options are listed, BookFile with the installed (or built) book.
printf 'uci\nquit\n' | "$uci" >"$tmp/out"
grep -q '^option name OwnBook type check default false$' "$tmp/out" || fail "OwnBook listed"
grep -q '^option name BookFile type string default /.*/xiangqi/book.xqb$' "$tmp/out" ||
    fail "BookFile listed with the default book"

# OwnBook on: a book move, at once, one of the book's.
run 'uci\nsetoption name BookFile value %s\nsetoption name OwnBook value true\nposition startpos moves h2e2\ngo depth 8\n' \
    "$tmp/b.xqb"
mv=$(sed -n 's/^info string book move \([a-i][0-9][a-i][0-9]\)$/\1/p' "$tmp/out")
[ -n "$mv" ] || fail "no book move announced"
grep -qx "$mv" "$tmp/replies" || fail "book move $mv is not in the book"
grep -q "^bestmove $mv" "$tmp/out" || fail "bestmove is not the book move"
grep -q '^info depth [1-9]' "$tmp/out" && fail "a search ran for a book move"

# Each game (ucinewgame) of a session gets its own book line, reproducibly.
games() {
    printf 'uci\nsetoption name BookFile value %s\nsetoption name OwnBook value true\n' "$tmp/b.xqb"
    for g in 1 2 3 4 5 6 7 8; do printf 'ucinewgame\nposition startpos\ngo depth 8\nisready\n'; done
    printf 'quit\n'
}
games | "$uci" | sed -n 's/^bestmove \([a-i0-9]*\).*/\1/p' >"$tmp/g1"
games | "$uci" | sed -n 's/^bestmove \([a-i0-9]*\).*/\1/p' >"$tmp/g2"
[ "$(wc -l <"$tmp/g1")" -eq 8 ] || fail "8 games, $(wc -l <"$tmp/g1") book moves"
[ "$(sort -u "$tmp/g1" | wc -l)" -ge 2 ] || fail "the same book move in every game"
cmp -s "$tmp/g1" "$tmp/g2" || fail "the games' book moves are not reproducible"

# The same through UCCI's names.
run 'ucci\nsetoption bookfiles %s\nsetoption usebook true\nposition startpos moves h2e2\ngo depth 8\n' \
    "$tmp/b.xqb"
grep -q '^info string book move [a-i][0-9][a-i][0-9]$' "$tmp/out" || fail "UCCI usebook"

# OwnBook off (after on): a search.
run 'uci\nsetoption name BookFile value %s\nsetoption name OwnBook value true\nsetoption name OwnBook value false\nposition startpos moves h2e2\ngo depth 3\n' \
    "$tmp/b.xqb"
grep -q 'book move' "$tmp/out" && fail "OwnBook false still answered from the book"
grep -q '^info depth 3 ' "$tmp/out" || fail "no search with OwnBook false"

# Out of the book: a search.
run 'uci\nsetoption name BookFile value %s\nsetoption name OwnBook value true\nposition fen 4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1\ngo depth 3\n' \
    "$tmp/b.xqb"
grep -q 'book move' "$tmp/out" && fail "a book move out of the book"
grep -q '^bestmove [a-i][0-9][a-i][0-9]' "$tmp/out" || fail "no move out of the book"

# A bad book file: an error line, and the engine still plays.
printf 'garbage' >"$tmp/bad.xqb"
run 'uci\nsetoption name BookFile value %s\nsetoption name OwnBook value true\nposition startpos\ngo depth 2\n' \
    "$tmp/bad.xqb"
grep -q '^info string error: OwnBook: .*bad.xqb' "$tmp/out" || fail "bad book not reported"
grep -q '^bestmove [a-i][0-9][a-i][0-9]' "$tmp/out" || fail "no move with a bad book"
echo "xq-uci book options: ok"
