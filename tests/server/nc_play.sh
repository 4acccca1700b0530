#!/bin/sh
# SPDX-License-Identifier: MIT
# Two people play a game to checkmate over the line protocol with nothing but
# nc (netcat-openbsd), typing the words docs/protocol.md shows under "Playing
# with nc". usage: nc_play.sh XQ_SERVER_BINARY
set -eu
server=$1
command -v nc >/dev/null 2>&1 || { echo "nc not found (Debian netcat-openbsd)"; exit 77; }
tmp=$(mktemp -d)
spid= rpid= bpid=
cleanup() {
    exec 3>&- 4>&- 2>/dev/null || true
    for p in $rpid $bpid $spid; do kill "$p" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap "exit 1" INT TERM HUP PIPE
fail() { echo "FAIL: $*" >&2; for f in "$tmp"/out.*; do echo "--- $f" >&2; cat "$f" >&2; done; exit 1; }

# wait_for FILE PATTERN: the first line of FILE matching PATTERN (grep -E), within 10 s
wait_for() {
    i=0
    while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
        i=$((i + 1))
        [ $i -le 100 ] || fail "no line matching '$2' in $1"
        sleep 0.1
    done
    grep -E -m1 -- "$2" "$1"
}
# field FILE PATTERN NAME: the integer field NAME of the first line matching PATTERN
field() { wait_for "$1" "$2" | sed -n "s/.*\"$3\":\([0-9][0-9]*\).*/\1/p"; }

"$server" --listen 127.0.0.1:0 --db "$tmp/xq.db" >"$tmp/banner" 2>"$tmp/err" &
spid=$!
port=$(wait_for "$tmp/banner" 'listening on' | sed -n 's/.*127\.0\.0\.1:\([0-9]*\) .*/\1/p')
[ -n "$port" ] || fail "the server did not start: $(cat "$tmp/err")"

mkfifo "$tmp/in.red" "$tmp/in.black"
nc -N 127.0.0.1 "$port" <"$tmp/in.red" >"$tmp/out.red" &
rpid=$!
exec 3>"$tmp/in.red"
nc -N 127.0.0.1 "$port" <"$tmp/in.black" >"$tmp/out.black" &
bpid=$!
exec 4>"$tmp/in.black"
red() { printf '%s\n' "$*" >&3; }
black() { printf '%s\n' "$*" >&4; }

red hello 1
wait_for "$tmp/out.red" '^welcome \{"type":"welcome","protocol":1,' >/dev/null
red register alice secret-alice
black hello 1
black register bob secret-bob
wait_for "$tmp/out.red" '^session \{.*"name":"alice"' >/dev/null
wait_for "$tmp/out.black" '^session \{.*"name":"bob"' >/dev/null

red seek 300 2 axf false red
offer=$(field "$tmp/out.red" '^seek \{' offer)
black accept "$offer"
game=$(field "$tmp/out.black" '^game \{.*"you":"black"' game)
wait_for "$tmp/out.red" '^game \{.*"you":"red"' >/dev/null

red say "$game" good luck
wait_for "$tmp/out.black" '^chat \{.*"from":"alice","text":"good luck"' >/dev/null

# a move out of turn and an illegal one change nothing
black move "$game" h9g7
wait_for "$tmp/out.black" '"code":"not_your_turn"' >/dev/null
red move "$game" a0a5
wait_for "$tmp/out.red" '"code":"illegal_move"' >/dev/null

ply=0
for mv in e0e1 d9e8 b2b4 c9a7 b4g4 h7h8 C3+5; do  # the last one in WXF notation (g4g9)
    ply=$((ply + 1))
    if [ $((ply % 2)) -eq 1 ]; then red move "$game" "$mv"; else black move "$game" "$mv"; fi
    wait_for "$tmp/out.red" "^move [{].*\"ply\":$ply," >/dev/null
    wait_for "$tmp/out.black" "^move [{].*\"ply\":$ply," >/dev/null
done
for side in red black; do
    wait_for "$tmp/out.$side" '^end [{].*"result":"1-0","reason":"checkmate"' >/dev/null
done
black pgn "$game"
wait_for "$tmp/out.black" '^pgn [{].*Result \\"1-0\\"' >/dev/null
red logout
wait_for "$tmp/out.red" '^ok ' >/dev/null
exec 3>&- 4>&-
echo "nc: a game to checkmate over the line protocol, game $game"
