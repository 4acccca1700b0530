#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-pgn end to end on the shared game files, the XQF fixtures, bad input
# and the options.
# usage: xq_pgn_tool.sh XQ_PGN TEST_DATA_DIR
set -eu
pgn=$1
data=$2
games=$data/games
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Every game of the shared files is valid.
"$pgn" --check "$games"/*.pgn >"$tmp/out" || fail "--check on the shared games"
grep -q '^1170 games, 0 invalid$' "$tmp/out" || fail "--check summary: $(cat "$tmp/out")"

# --stats counts the master games exactly.
"$pgn" --stats -q "$games/liu-dahua-1125-uci.pgn" >"$tmp/out" || fail "--stats"
grep -q ': 1125 games, 0 invalid, 101321 plies' "$tmp/out" || fail "--stats totals: $(cat "$tmp/out")"

# Report lines: one per game, with the final position.
"$pgn" "$games/xqdb-sample-uci.pgn" >"$tmp/out" || fail "report"
[ "$(wc -l <"$tmp/out")" -eq 15 ] || fail "15 report lines"
grep -q 'xqdb-sample-uci.pgn:1: game 1: 127 plies, 0 variations, ZHAO GuoRong - KE YongQing, result ?, final 3aka3/' "$tmp/out" \
    || fail "report line: $(head -n 1 "$tmp/out")"

# WXF and Chinese files convert to the same coordinates; the round trip
# iccs -> wxf -> chinese -> iccs is the identity on the master games.
"$pgn" --to iccs --width 0 "$games/xqdb-sample-wxf.pgn" >"$tmp/w.pgn" || fail "wxf -> iccs"
"$pgn" --to iccs --width 0 "$games/xqdb-sample-chinese.pgn" >"$tmp/c.pgn" || fail "chinese -> iccs"
cmp -s "$tmp/w.pgn" "$tmp/c.pgn" || fail "WXF and Chinese files differ once converted"
"$pgn" --to iccs "$games/liu-dahua-1125-uci.pgn" >"$tmp/a.pgn" || fail "iccs -> iccs"
"$pgn" --to wxf --dialect xqbase --style fullwidth,equals "$tmp/a.pgn" >"$tmp/b.pgn" || fail "-> wxf"
grep -q '^\[Format "WXF xqbase"\]$' "$tmp/b.pgn" || fail "Format tag for WXF xqbase"
"$pgn" --to chinese --style traditional "$tmp/b.pgn" >"$tmp/c.pgn" || fail "-> chinese"
grep -q '^\[Format "Chinese"\]$' "$tmp/c.pgn" || fail "Format tag for Chinese"
"$pgn" --to iccs "$tmp/c.pgn" >"$tmp/d.pgn" || fail "-> iccs"
cmp -s "$tmp/a.pgn" "$tmp/d.pgn" || fail "round trip through WXF and Chinese changed the games"
# The same from standard input.
"$pgn" --to iccs - <"$tmp/c.pgn" >"$tmp/e.pgn" || fail "stdin"
cmp -s "$tmp/a.pgn" "$tmp/e.pgn" || fail "stdin differs"
# -o writes to a file.
"$pgn" --to wxf -o "$tmp/f.pgn" "$games/xqdb-sample-uci.pgn" || fail "-o"
grep -q '^1\. C2\.5 H8+7 2\. H2+3 R9\.8' "$tmp/f.pgn" || fail "-o content"

# XQF and DhtmlXQ files.
"$pgn" --to iccs --width 0 "$data/xqf/v12-encrypted.xqf" >"$tmp/out" || fail "XQF v12"
grep -q '^{开局} 1\. h2e2 {中炮} (1\. c3c4 g6g5) (1\. b2e2) 1\.\.\. h9g7 (1\.\.\. b9c7 {屏风马} 2\. h0g2) 2\. h0g2 i9h9 3\. i0h0 0-1$' "$tmp/out" \
    || fail "XQF v12 content: $(cat "$tmp/out")"
printf '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]' >"$tmp/d.html"
"$pgn" --to chinese "$tmp/d.html" >"$tmp/out" || fail "DhtmlXQ"
grep -q '^1\. 炮二平五 马８进７ \*$' "$tmp/out" || fail "DhtmlXQ content"

# A bad game: error with line and column, the others still read, exit 1.
printf '[Event "a"]\n\n1. h2e2 h9g7 *\n\n[Event "b"]\n\n1. h2e2 h9g7\n2. h0g9 *\n\n[Event "c"]\n\n1. c3c4 *\n' >"$tmp/bad.pgn"
if "$pgn" --to iccs "$tmp/bad.pgn" >"$tmp/out" 2>"$tmp/err"; then fail "bad game accepted"; fi
grep -q 'bad.pgn:8:4: game 2: error: move 2\. h0g9 is not a legal move here' "$tmp/err" || fail "error line: $(cat "$tmp/err")"
grep -q 'game 2: 2 plies read before the error; position ' "$tmp/err" || fail "error position"
[ "$(grep -c '^\[Event' "$tmp/out")" -eq 2 ] || fail "good games around a bad one are written"
if "$pgn" --check "$tmp/bad.pgn" >"$tmp/out" 2>/dev/null; then fail "--check exit status"; fi
grep -q '^3 games, 1 invalid$' "$tmp/out" || fail "--check summary with a bad game"

# Usage.
"$pgn" --help >"$tmp/out" || fail "--help"
for opt in --to --check --stats --from --dialect --ranks-1-10 --style --width --no-comments \
    --no-variations --output --quiet --version; do
    grep -q -- "$opt" "$tmp/out" || fail "--help does not mention $opt"
done
if "$pgn" --to klingon x 2>/dev/null; then fail "bad notation accepted"; fi
# Issue 16: encodings detected by content (GBK with long comments and a site
# banner, Big5 with CRLF), and named with --encoding.
"$pgn" --check "$data"/encoding/*.pgn >"$tmp/out" || fail "--check on the encoding files: $(cat "$tmp/out")"
grep -q '^7 games, 0 invalid$' "$tmp/out" || fail "encodings summary: $(cat "$tmp/out")"
"$pgn" --encoding big5 --check "$data/encoding/big5-crlf.pgn" >"$tmp/out" || fail "--encoding big5"
if "$pgn" --encoding gbk --check "$data/encoding/big5-crlf.pgn" >"$tmp/out" 2>&1; then
    fail "Big5 read as GBK (--encoding gbk) is not refused"
fi
if "$pgn" --encoding ebcdic "$data/encoding/big5-crlf.pgn" >/dev/null 2>&1; then fail "--encoding ebcdic accepted"; fi

# --ecco: the opening in the report line, the tags with --to, a table with --stats.
printf '[ECCO "C44"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 g6g5 4. h0h6 b9c7 5. b2d2 a9b9 *\n' >"$tmp/c55.pgn"
"$pgn" --ecco "$tmp/c55.pgn" >"$tmp/out" || fail "--ecco"
grep -q ', ECCO C55 五六炮过河车对屏风马 黑进７卒黑右直车 (tag C44)$' "$tmp/out" ||
    fail "--ecco report: $(cat "$tmp/out")"
"$pgn" --ecco --to iccs "$tmp/c55.pgn" >"$tmp/out" || fail "--ecco --to"
grep -q '^\[ECCO "C55"\]$' "$tmp/out" && grep -q '^\[Opening "五六炮过河车对屏风马"\]$' "$tmp/out" &&
    grep -q '^\[Variation "黑进７卒黑右直车"\]$' "$tmp/out" || fail "--ecco tags: $(cat "$tmp/out")"
printf '[FEN "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"]\n\n*\n' >"$tmp/setup.pgn"
"$pgn" --ecco "$tmp/setup.pgn" >"$tmp/out" || fail "--ecco set-up"
grep -q 'no ECCO code (set-up position, not the standard start)$' "$tmp/out" ||
    fail "--ecco set-up: $(cat "$tmp/out")"
"$pgn" --ecco --stats -q "$tmp/c55.pgn" "$tmp/setup.pgn" >"$tmp/out" || fail "--ecco --stats"
grep -q '^total: ECCO: 1 games classified, 1 without a code; 1 with an ECCO tag, 0 agreeing (0.00%)$' "$tmp/out" ||
    fail "--ecco --stats: $(cat "$tmp/out")"
grep -q '^total: C44       0       1      0  ' "$tmp/out" && grep -q '^total: C55       1       0      0  ' "$tmp/out" ||
    fail "--ecco --stats table: $(cat "$tmp/out")"

"$pgn" --bogus x 2>/dev/null && fail "unknown option accepted"
[ $? -eq 2 ] || true
if "$pgn" 2>/dev/null; then fail "no file accepted"; fi
if "$pgn" /nonexistent.pgn 2>/dev/null; then fail "missing file accepted"; fi
echo "xq-pgn: all checks passed"
