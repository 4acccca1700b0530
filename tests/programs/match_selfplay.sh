#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-match: self-play, PGN output, and the referee's verdicts on engines that
# play illegal moves, crash or run out of time.
# usage: match_selfplay.sh XQ_MATCH XQ_UCI OPENINGS
set -u
match=$1 uci=$2 openings=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() { # pattern file description
    if ! grep -Eq "$1" "$2"; then
        echo "FAIL: $3 (no line matching '$1' in $2)"; cat "$2"; fail=1
    fi
}

fake() { # name, action on go
    cat >"$dir/$1" <<EOS
#!/bin/sh
while read -r line; do
  case "\$line" in
    uci) echo "id name $1"; echo uciok ;;
    isready) echo readyok ;;
    go*) $2 ;;
    quit) exit 0 ;;
  esac
done
EOS
    chmod +x "$dir/$1"
}
fake illegal 'echo "info depth 1 score cp 5"; echo "bestmove a0a0"'
fake crash 'exit 1'
fake slow 'sleep 3'

# Self-play: two games per opening, a PGN with every game, no faults.
"$match" -engine cmd="$uci" name=A -engine cmd="$uci" name=B option.Hash=4 \
    -nodes 3000 -openings "$openings" -rounds 2 -pgn "$dir/games.pgn" >"$dir/out" 2>&1 ||
    { echo "FAIL: self-play exit status"; cat "$dir/out"; fail=1; }
check '^Finished 4 games\.$' "$dir/out" "self-play: 4 games"
check '^Score of A vs B: [0-9]+ - [0-9]+ - [0-9]+  \[[01]\.[0-9]+\] 4$' "$dir/out" "score line"
check '^Elo difference: ' "$dir/out" "Elo line"
check '^A lost 0 by illegal move, 0 by time, 0 by crash$' "$dir/out" "no faults for A"
[ "$(grep -c '^\[Result "' "$dir/games.pgn")" -eq 4 ] ||
    { echo "FAIL: PGN should hold 4 games"; cat "$dir/games.pgn"; fail=1; }
check '^\[Red "A"\]$' "$dir/games.pgn" "PGN Red tag"
check '^1\. [a-i][0-9][a-i][0-9] [a-i][0-9][a-i][0-9] 2\. ' "$dir/games.pgn" "PGN moves"

# The referee: illegal moves, crashes and timeouts lose.
"$match" -engine cmd="$uci" name=xq -engine cmd="$dir/illegal" -movetime 50 -rounds 1 \
    >"$dir/out" 2>&1
check '^Score of xq vs illegal: 2 - 0 - 0 ' "$dir/out" "illegal moves lose"
check '^illegal lost 2 by illegal move, 0 by time, 0 by crash$' "$dir/out" "illegal move count"
"$match" -engine cmd="$uci" name=xq -engine cmd="$dir/crash" -movetime 50 -rounds 1 \
    >"$dir/out" 2>&1
check '^Score of xq vs crash: 2 - 0 - 0 ' "$dir/out" "crashes lose"
check '^crash lost 0 by illegal move, 0 by time, 2 by crash$' "$dir/out" "crash count"
# The margin is xq-match's default (1 s): the slow engine takes 3 s a move,
# and a smaller margin let xq itself forfeit on a loaded machine (seen once).
"$match" -engine cmd="$uci" name=xq -engine cmd="$dir/slow" -movetime 50 -timemargin 1000 \
    -rounds 1 >"$dir/out" 2>&1
check '^Score of xq vs slow: 2 - 0 - 0 ' "$dir/out" "timeouts lose"
check '^slow lost 0 by illegal move, 2 by time, 0 by crash$' "$dir/out" "timeout count"

# The rules referee: an engine that keeps chasing the horse with its chariot
# loses by perpetual chase under AXF (the default) and draws under the
# simple rules.
cat >"$dir/cycler" <<'EOS'
#!/bin/sh
last=
while read -r line; do
  case "$line" in
    uci) echo "id name cycler"; echo uciok ;;
    isready) echo readyok ;;
    position*) last=${line##* } ;;
    go*) case "$last" in
           b9c7) echo "bestmove b0c0" ;; b0c0) echo "bestmove c7b9" ;;
           c7b9) echo "bestmove c0b0" ;; c0b0) echo "bestmove b9c7" ;;
           *) echo "bestmove a0a0" ;;
         esac ;;
    quit) exit 0 ;;
  esac
done
EOS
chmod +x "$dir/cycler"
echo 'fen 3k5/4a4/2n6/9/9/9/9/9/9/2R1K4 b - - 0 1 moves c7b9 c0b0 b9c7 b0c0 c7b9 c0b0 b9c7' \
    >"$dir/chase.txt"
"$match" -engine cmd="$dir/cycler" name=C1 -engine cmd="$dir/cycler" name=C2 -movetime 50 \
    -openings "$dir/chase.txt" -pgn "$dir/chase.pgn" >"$dir/out" 2>&1
check '^Game 1/2: C1 vs C2 \(opening 1\): 0-1 \{perpetual chase: c0 chasing c7 \(cycle from ply 0, 8 plies\)\}$' \
    "$dir/out" "perpetual chase loses (AXF)"
check '^\[Termination "perpetual chase"\]$' "$dir/chase.pgn" "PGN Termination tag"
"$match" -engine cmd="$dir/cycler" name=C1 -engine cmd="$dir/cycler" name=C2 -movetime 50 \
    -openings "$dir/chase.txt" -rules simple >"$dir/out" 2>&1
check '^Game 1/2: C1 vs C2 \(opening 1\): 1/2-1/2 \{repetition: cycle from ply 0, 8 plies\}$' "$dir/out" \
    "repetition draws (simple rules)"
if "$match" -engine cmd="$uci" -engine cmd="$uci" -nodes 10 -rules fide >"$dir/out" 2>&1; then
    echo "FAIL: -rules fide accepted"; fail=1
fi

# A clock with increment: no time losses for the engine. The margin (1 s)
# keeps a loaded machine (load 17 seen) from turning a descheduled engine
# into a forfeit; an engine that ignores its clock still loses.
"$match" -engine cmd="$uci" name=A -engine cmd="$uci" name=B -tc 1+0.1 -openings "$openings" \
    -timemargin 1000 -rounds 1 -max-plies 60 >"$dir/out" 2>&1
check '^Finished 2 games\.$' "$dir/out" "clock games"
check '^A lost 0 by illegal move, 0 by time, 0 by crash$' "$dir/out" "no time losses at 1+0.1"
check '^B lost 0 by illegal move, 0 by time, 0 by crash$' "$dir/out" "no time losses at 1+0.1"

# A repeating time control (-movestogo): the clock gets BASE again every N
# moves, so a side's clock goes above BASE after its first N moves.
cat >"$dir/logged" <<EOS
#!/bin/sh
tee -a "$dir/go.log" | "$uci"
EOS
chmod +x "$dir/logged"
# A margin of 1 s: the point here is the clock's refill, and sanitizer builds
# on a loaded machine can overrun a move budget of half a second.
"$match" -engine cmd="$dir/logged" name=A -engine cmd="$uci" name=B -tc 1 -movestogo 2 \
    -timemargin 1000 -max-plies 16 -rounds 1 >"$dir/out" 2>&1
check '^A lost 0 by illegal move, 0 by time, 0 by crash$' "$dir/out" "no time losses at 2 moves/1 s"
check '^go wtime [0-9]+ btime [0-9]+ winc 0 binc 0 movestogo 1$' "$dir/go.log" "movestogo counts down"
above=$(awk '$1 == "go" && ($3 > 1000 || $5 > 1000)' "$dir/go.log" | wc -l)
[ "$above" -gt 0 ] || { echo "FAIL: the clock is not refilled after -movestogo moves"; cat "$dir/go.log"; fail=1; }

# Bad command lines are refused.
if "$match" -engine cmd="$uci" -movetime 10 >"$dir/out" 2>&1; then
    echo "FAIL: one engine accepted"; fail=1
fi
if "$match" -engine cmd="$uci" -engine cmd="$uci" >"$dir/out" 2>&1; then
    echo "FAIL: no limit accepted"; fail=1
fi
printf 'h2e2 h9g7 zz\n' >"$dir/bad.txt"
if "$match" -engine cmd="$uci" -engine cmd="$uci" -nodes 10 -openings "$dir/bad.txt" \
    >"$dir/out" 2>&1; then
    echo "FAIL: a bad opening file accepted"; fail=1
fi
check 'bad.txt:1: illegal move .zz.' "$dir/out" "bad opening reported"

# Issue 16: an engine that cannot be run, or dies in its handshake, ends the
# match at once with a clear error and exit status 1 (no games "played").
rc=0
"$match" -engine cmd="$dir/no-such-engine" -engine cmd="$dir/nor-this" -movetime 50 \
    -rounds 1 >"$dir/out" 2>"$dir/err" || rc=$?
[ $rc -eq 1 ] || { echo "FAIL: a missing engine: exit status $rc, not 1"; fail=1; }
check "^xq-match: engine no-such-engine \\($dir/no-such-engine\\) failed to start: cannot run '$dir/no-such-engine': No such file or directory; match aborted after 0 of 2 games\$" \
    "$dir/err" "a missing engine is named with the reason"
grep -q 'Finished\|^Game ' "$dir/out" && { echo "FAIL: games reported without engines"; cat "$dir/out"; fail=1; }
cat >"$dir/dies" <<'EOS'
#!/bin/sh
read -r line
echo "id name dies"
exit 3
EOS
chmod +x "$dir/dies"
rc=0
"$match" -engine cmd="$uci" name=xq -engine cmd="$dir/dies" -movetime 50 -rounds 1 \
    -json "$dir/aborted.json" >"$dir/out" 2>"$dir/err" || rc=$?
[ $rc -eq 1 ] || { echo "FAIL: an engine dying at the handshake: exit status $rc, not 1"; fail=1; }
check "failed to start: exited with status 3 before answering 'uci' with 'uciok'; match aborted" \
    "$dir/err" "death at the handshake reported"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["games"] == 0 and "exited with status 3" in d["aborted"], d' \
    "$dir/aborted.json" || { echo "FAIL: the JSON of an aborted match"; fail=1; }
rc=0
"$match" -engine cmd="$uci" name=xq -engine cmd=/bin/true -movetime 50 -rounds 1 \
    >"$dir/out" 2>"$dir/err" || rc=$?
[ $rc -eq 1 ] && grep -q 'match aborted' "$dir/err" ||
    { echo "FAIL: an engine exiting at once (status $rc)"; cat "$dir/err"; fail=1; }

# Issue 16: progress lines during a long game, and the result as JSON; an
# engine that numbers ranks 1-10 (xq-uci with its Ranks option) against one
# that numbers them 0-9.
"$match" -engine cmd="$uci" name=A ranks=1 option.Ranks=1-10 -engine cmd="$uci" name=B \
    -movetime 100 -max-plies 24 -rounds 1 -progress 1 -json "$dir/result.json" \
    >"$dir/out" 2>&1 || { echo "FAIL: progress/JSON match exit status"; cat "$dir/out"; fail=1; }
check '^Game 1/2 running: A vs B \(opening 1\), ply [0-9]+, last move [a-i][0-9][a-i][0-9] by [AB]' \
    "$dir/out" "progress lines during a game"
check '^A lost 0 by illegal move, 0 by time, 0 by crash$' "$dir/out" "ranks 1-10 engine plays legal moves"
python3 - "$dir/result.json" <<'EOS' || { echo "FAIL: JSON result"; cat "$dir/result.json"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["engines"] == ["A", "B"], d
assert d["games"] == 2 and d["wins"] + d["draws"] + d["losses"] == 2, d
assert d["aborted"] is None, d
assert [g["game"] for g in d["results"]] == [1, 2], d
assert d["results"][0]["red"] == "A" and d["results"][1]["red"] == "B", d
assert all(g["result"] in ("1-0", "0-1", "1/2-1/2") and g["plies"] > 0 for g in d["results"]), d
assert sum(d["endings"].values()) == 2, d
EOS
"$match" -engine cmd="$uci" name=A -engine cmd="$uci" name=B -nodes 500 -max-plies 10 \
    -rounds 1 -json - >"$dir/out" 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["games"] == 2' "$dir/out" ||
    { echo "FAIL: -json - writes only the JSON to standard output"; cat "$dir/out"; fail=1; }

# Engines that number ranks 1-10 (Fairy-Stockfish), when installed.
fsf=/usr/games/fairy-stockfish
if [ -x "$fsf" ]; then
    "$match" -engine cmd="$uci" name=xq -engine cmd="$fsf" name=fsf ranks=1 \
        option.UCI_Variant=xiangqi -nodes 2000 -openings "$openings" -rounds 1 \
        -max-plies 80 >"$dir/out" 2>&1
    check '^Finished 2 games\.$' "$dir/out" "games against Fairy-Stockfish"
    check '^fsf lost 0 by illegal move' "$dir/out" "rank translation for Fairy-Stockfish"
    check '^xq lost 0 by illegal move' "$dir/out" "rank translation for Fairy-Stockfish"
fi

[ $fail -eq 0 ] && echo "xq-match ok"
exit $fail
