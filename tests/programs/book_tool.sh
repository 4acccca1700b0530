#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-book end to end: build, probe, stats, dump, merge, encodings, damaged
# files, --help/--version and bad usage.
# usage: book_tool.sh XQ_BOOK TEST_DATA_DIR CCPD_DIR
set -eu
book=$1
data=$2
ccpd=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
games="$data/games/liu-dahua-1125-uci.pgn"

"$book" build -o "$tmp/all.xqb" "$games" 2>"$tmp/err" || fail "build"
grep -q '1125 games (0 with an error), [0-9]* positions' "$tmp/err" || fail "build summary"
"$book" stats "$tmp/all.xqb" >"$tmp/out" || fail "stats"
grep -q '^games       1125 ' "$tmp/out" || fail "stats: games"
grep -q '^max ply     40$' "$tmp/out" || fail "stats: max ply"
moves=$(sed -n 's/^moves  *//p' "$tmp/out")

"$book" probe "$tmp/all.xqb" >"$tmp/out" || fail "probe start"
grep -q '^position rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' "$tmp/out" ||
    fail "probe: position line"
grep -q '^h2e2  炮二平五 ' "$tmp/out" || fail "probe: h2e2 line"
# The same position reached on the other wing lists the mirrored moves.
"$book" probe "$tmp/all.xqb" h2e2 >"$tmp/right"
"$book" probe "$tmp/all.xqb" b2e2 >"$tmp/left"
r=$(grep -c '^[a-i][0-9]' "$tmp/right")
l=$(grep -c '^[a-i][0-9]' "$tmp/left")
[ "$r" -gt 0 ] && [ "$r" -eq "$l" ] || fail "mirror: $r moves on the right, $l on the left"
grep -q '^h9g7 ' "$tmp/right" && grep -q '^b9c7 ' "$tmp/left" || fail "mirrored moves"
[ "$(grep '^h9g7 ' "$tmp/right" | awk '{print $3}')" = \
  "$(grep '^b9c7 ' "$tmp/left" | awk '{print $3}')" ] || fail "mirrored counts differ"
"$book" probe "$tmp/all.xqb" --pick 7 h2e2 | grep -q '^pick [a-i][0-9][a-i][0-9]$' || fail "pick"
if "$book" probe "$tmp/all.xqb" "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1" >"$tmp/out"; then
    fail "probe out of the book exited 0"
fi
grep -q '^0 book moves' "$tmp/out" || fail "probe out of the book"

"$book" dump "$tmp/all.xqb" >"$tmp/dump" || fail "dump"
[ "$(wc -l <"$tmp/dump")" -eq "$moves" ] || fail "dump: not one line per move"
grep -Eq '^[0-9a-f]{16} [a-i][0-9][a-i][0-9] games [0-9]+ wins 0 draws 0 losses 0 weight [0-9]+$' \
    "$tmp/dump" || fail "dump line format"

# merge(first 600 games, the others) = build(all), byte for byte.
awk -v dir="$tmp" '/^\[Event /{n++} {print > (n <= 600 ? dir "/a.pgn" : dir "/b.pgn")}' "$games"
"$book" build -o "$tmp/a.xqb" "$tmp/a.pgn" 2>/dev/null
"$book" build -o "$tmp/b.xqb" "$tmp/b.pgn" 2>/dev/null
"$book" merge -o "$tmp/m.xqb" "$tmp/a.xqb" "$tmp/b.xqb" 2>/dev/null || fail "merge"
cmp -s "$tmp/m.xqb" "$tmp/all.xqb" || fail "merge differs from the build of all games"
# Standard input and filters.
"$book" build --min-games 5 --max-ply 10 -o "$tmp/f.xqb" - <"$games" 2>/dev/null || fail "stdin"
"$book" stats "$tmp/f.xqb" | grep -q '^min games   5$' || fail "filters in the header"

# Big5 and GBK input give the same book as UTF-8 (first 200 master games).
if command -v xz >/dev/null 2>&1 && command -v iconv >/dev/null 2>&1; then
    xz -dc "$ccpd/ccpd-masters-53889.pgn.xz" | awk '/^\[Game /{n++} n<=200' >"$tmp/u.pgn"
    iconv -f UTF-8 -t BIG5-HKSCS "$tmp/u.pgn" >"$tmp/big5.pgn"
    iconv -f UTF-8 -t GB18030 "$tmp/u.pgn" >"$tmp/gbk.pgn"
    "$book" build -o "$tmp/u.xqb" "$tmp/u.pgn" 2>"$tmp/err" || fail "build utf-8"
    grep -q '^xq-book: 200 games (0 with an error)' "$tmp/err" || fail "200 master games"
    "$book" build --encoding big5 -o "$tmp/big5.xqb" "$tmp/big5.pgn" 2>/dev/null || fail "big5"
    "$book" build --encoding gbk -o "$tmp/gbk.xqb" - <"$tmp/gbk.pgn" 2>/dev/null || fail "gbk"
    cmp -s "$tmp/u.xqb" "$tmp/big5.xqb" || fail "the Big5 book differs"
    cmp -s "$tmp/u.xqb" "$tmp/gbk.xqb" || fail "the GBK book differs"
    "$book" stats "$tmp/u.xqb" | grep -q '^games       200 ' || fail "master games: results"
else
    echo "note: xz or iconv missing; encodings not checked"
fi

# "default": the default book installed with the programs, found relative to
# the program as xq-uci and xiangqi find it (here an installation moved as a
# whole, with a book of our own), not a file named "default" in the directory.
mkdir -p "$tmp/inst/bin" "$tmp/inst/share/xiangqi" "$tmp/bare/bin" "$tmp/cwd"
cp "$book" "$tmp/inst/bin/xq-book"
cp "$book" "$tmp/bare/bin/xq-book"
cp "$tmp/all.xqb" "$tmp/inst/share/xiangqi/book.xqb"
cp "$tmp/f.xqb" "$tmp/cwd/default"
(cd "$tmp/cwd" && "$tmp/inst/bin/xq-book" probe default h2e2) >"$tmp/out" ||
    fail "probe default"
cmp -s "$tmp/out" "$tmp/right" || fail "probe default is not the installed book's probe"
(cd "$tmp/cwd" && "$tmp/inst/bin/xq-book" stats default) | grep -q '^games       1125 ' ||
    fail "stats default"
(cd "$tmp/cwd" && "$tmp/inst/bin/xq-book" stats ./default) | grep -q '^min games   5$' ||
    fail "stats ./default is the file"
if "$tmp/bare/bin/xq-book" probe default >/dev/null 2>"$tmp/err"; then
    echo "note: a default book is installed at the configured location; its absence not checked"
else
    grep -q "^xq-book: the default book: .*book.xqb" "$tmp/err" ||
        fail "no default book: $(cat "$tmp/err")"
fi
"$book" --help | grep -q "'default'" || fail "--help does not mention the default book"

# explore: the book's moves with their counts (as probe) and the opening each leads to.
"$book" explore "$tmp/all.xqb" >"$tmp/out" || fail "explore start"
grep -q '^opening -$' "$tmp/out" || fail "explore: the start has no opening: $(cat "$tmp/out")"
"$book" probe "$tmp/all.xqb" >"$tmp/probe" || fail "probe start"
for m in $(awk '$1 ~ /^[a-i][0-9][a-i][0-9]$/ {print $1}' "$tmp/probe"); do
    p=$(awk -v m="$m" '$1 == m {print $3, $4, $5, $6}' "$tmp/probe")
    e=$(awk -v m="$m" '$1 == m {print $3, $4, $5, $6}' "$tmp/out")
    [ "$p" = "$e" ] || fail "explore $m: $e, probe: $p"
done
grep -q '^h2e2 .* B00 中炮局$' "$tmp/out" || fail "explore: h2e2 is not B00: $(cat "$tmp/out")"
"$book" explore "$tmp/all.xqb" h2e2 h7e7 >"$tmp/out" || fail "explore after 炮二平五 炮８平５"
grep -q '^opening D00 顺炮缓开车局$' "$tmp/out" || fail "explore opening: $(cat "$tmp/out")"
if "$book" explore "$tmp/all.xqb" a0a5 2>"$tmp/err"; then fail "explore: illegal move accepted"; fi

# Damaged books: a clear message and exit status 1.
: >"$tmp/empty.xqb"
head -c 1000 "$tmp/all.xqb" >"$tmp/short.xqb"
printf 'hello\n' >"$tmp/text.xqb"
for f in empty:empty short:truncated text:magic; do
    name=${f%%:*} word=${f#*:}
    if "$book" stats "$tmp/$name.xqb" 2>"$tmp/err"; then fail "$name book accepted"; fi
    grep -q "^xq-book: $tmp/$name.xqb: .*$word" "$tmp/err" || fail "$name: $(cat "$tmp/err")"
done

# Usage.
"$book" --version | grep -Eq '^xq-book [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version"
"$book" --help | grep -q '^Usage: xq-book COMMAND' || fail "--help"
set +e
"$book" --bogus 2>"$tmp/err"; rc=$?
set -e
[ $rc -eq 2 ] || fail "bad option: exit $rc"
[ "$(cat "$tmp/err")" = "xq-book: unknown option '--bogus' (try 'xq-book --help')" ] ||
    fail "bad option message: $(cat "$tmp/err")"
set +e
"$book" build "$games" 2>/dev/null; rc=$?
set -e
[ $rc -eq 2 ] || fail "build without -o: exit $rc"
echo "xq-book: all checks passed"
