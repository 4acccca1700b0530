#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-egtb: generate, stats, probe, verify, and the errors of a damaged table.
# With XQ_UCI: its EGTBPath option plays from the tables.
# usage: egtb_tool.sh XQ_EGTB [XQ_UCI]
set -eu
prog=$1
uci=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$prog" generate --dir "$tmp" KRKA >"$tmp/gen.out" || fail "generate KRKA"
for t in KK KRK KAK KRKA; do
    [ -f "$tmp/$t.xqtb" ] || fail "generate KRKA did not write $t.xqtb"
    grep -q "^$t " "$tmp/gen.out" || fail "no line for $t: $(cat "$tmp/gen.out")"
done
grep -q "^4 tables generated, 1 asked for" "$tmp/gen.out" || fail "summary: $(tail -1 "$tmp/gen.out")"
# Present tables are not generated again.
"$prog" generate --dir "$tmp" KAKR >"$tmp/gen2.out" || fail "generate again"
grep -q "^0 tables generated" "$tmp/gen2.out" || fail "regenerated: $(cat "$tmp/gen2.out")"

"$prog" stats --dir "$tmp" >"$tmp/stats" || fail "stats"
grep -Eq '^KRK +5832 +2556 +66 +3210 +0/0 +4 ' "$tmp/stats" || fail "KRK figures: $(cat "$tmp/stats")"
grep -q "^4 tables, " "$tmp/stats" || fail "stats total"

"$prog" verify --dir "$tmp" >"$tmp/verify" || fail "verify: $(cat "$tmp/verify")"
[ "$(grep -c ': ok ' "$tmp/verify")" -eq 4 ] || fail "verify lines: $(cat "$tmp/verify")"

# A mate in 3 plies with Red to move; the same position mirrored; Black to move.
"$prog" probe --dir "$tmp" "9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1" >"$tmp/p1" || fail "probe"
grep -q "win, mate in 3 plies" "$tmp/p1" || fail "probe: $(cat "$tmp/p1")"
grep -q "best: a0a8" "$tmp/p1" || fail "probe best: $(cat "$tmp/p1")"
"$prog" probe --dir "$tmp" "9/4k4/9/9/9/9/9/9/9/5K2R w - - 0 1" >"$tmp/p2" || fail "probe mirror"
grep -q "win, mate in 3 plies" "$tmp/p2" || fail "probe mirror: $(cat "$tmp/p2")"
grep -q "best: i0i8" "$tmp/p2" || fail "probe mirror best: $(cat "$tmp/p2")"
# No table for this material: exit 1, a message.
rc=0
"$prog" probe --dir "$tmp" "9/4k4/9/9/9/9/9/9/9/R2K4R w - - 0 1" 2>"$tmp/err" || rc=$?
[ $rc -eq 1 ] || fail "probe without a table exits $rc"
grep -q "no table for this material" "$tmp/err" || fail "message: $(cat "$tmp/err")"
# Bad FEN and bad material: usage errors (2).
rc=0; "$prog" probe --dir "$tmp" "not a fen" 2>/dev/null || rc=$?
[ $rc -eq 2 ] || fail "bad FEN exits $rc"
rc=0; "$prog" generate --dir "$tmp" KQK 2>"$tmp/err" || rc=$?
[ $rc -eq 2 ] || fail "bad material exits $rc"
grep -q "unexpected 'Q'" "$tmp/err" || fail "bad material message: $(cat "$tmp/err")"

# One byte of KRK's entries changed: the set does not open, naming the file.
printf 'Z' | dd of="$tmp/KRK.xqtb" bs=1 seek=300 conv=notrunc 2>/dev/null
rc=0; "$prog" stats --dir "$tmp" >/dev/null 2>"$tmp/err" || rc=$?
[ $rc -eq 1 ] || fail "a damaged table: stats exits $rc"
grep -q "KRK.xqtb: data checksum mismatch" "$tmp/err" || fail "damaged: $(cat "$tmp/err")"
if [ -n "$uci" ]; then
    mkdir "$tmp/uci"
    "$prog" generate --dir "$tmp/uci" --quiet KRK || fail "generate KRK"
    # Red wins at once (Black's general has no move: stalemate loses); the
    # search's root moves are cut to the tables' best, so depth 1 answers it.
    { printf 'uci\nsetoption name EGTBPath value %s\n' "$tmp/uci"
      printf 'position fen 3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1\ngo depth 1\n'; sleep 1
      printf 'setoption name EGTBPath value %s\n' "$tmp/none"; sleep 1; printf 'quit\n'; } |
        "$uci" >"$tmp/uci.out" 2>&1
    grep -q '^option name EGTBPath type string default <empty>$' "$tmp/uci.out" ||
        fail "xq-uci: no EGTBPath option"
    grep -q '^info depth 1 .* score mate 1 .* pv e1e8$' "$tmp/uci.out" ||
        fail "xq-uci with tables: $(cat "$tmp/uci.out")"
    grep -q '^bestmove e1e8$' "$tmp/uci.out" || fail "xq-uci bestmove: $(cat "$tmp/uci.out")"
    grep -q "^info string error: EGTBPath: cannot open $tmp/none" "$tmp/uci.out" ||
        fail "xq-uci: a missing directory is not reported"
fi
echo "xq-egtb: ok"
