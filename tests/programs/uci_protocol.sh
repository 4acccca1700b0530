#!/bin/sh
# SPDX-License-Identifier: MIT
# xq-uci speaks UCI and UCCI, answers bad input with "info string error"
# and never crashes. usage: uci_protocol.sh XQ_UCI
set -u
uci=$1
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# run "commands" [seconds to keep stdin open]: xq-uci finishes what the
# input asked (a search, perft, bench) at its end, so most runs need none;
# a wait is for commands that must arrive while a search runs.
run() {
    { printf '%s\n' "$1"; sleep "${2:-0}"; } | "$uci" >"$out" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: exit status $rc for: $1"; cat "$out"; fail=1
    fi
}
expect() { # pattern description
    if ! grep -Eq "$1" "$out"; then
        echo "FAIL: $2 (no line matching '$1')"; cat "$out"; fail=1
    fi
}
reject() {
    if grep -Eq "$1" "$out"; then
        echo "FAIL: $2 (a line matches '$1')"; cat "$out"; fail=1
    fi
}

run "uci
isready"
expect '^id name libxiangqi' "uci: id"
expect '^option name Threads type spin default 1 min 1 max 256$' "uci: Threads option"
expect '^option name Skill Level type spin' "uci: Skill Level option"
# Issue 16: the variant is a combo a GUI of many variants can choose from;
# the rank numbering is an option.
expect '^option name UCI_Variant type combo default xiangqi var xiangqi$' "uci: UCI_Variant combo"
expect '^option name Ranks type combo default 0-9 var 0-9 var 1-10$' "uci: Ranks option"
expect '^uciok$' "uci: uciok"
expect '^readyok$' "isready"

run "ucci
isready
setoption usemillisec true
position startpos moves h2e2
go depth 3
" 2
expect '^ucciok$' "ucci: ucciok"
# Issue 16: UCCI form, "info depth D score S pv M..." then "info time T nodes N"
expect '^info depth 3 score -?[0-9]+ pv( [a-i][0-9][a-i][0-9])+$' "ucci: info depth/score/pv line"
expect '^info time [0-9]+ nodes [0-9]+$' "ucci: info time/nodes line"
reject 'nps|hashfull|seldepth|score cp|score mate' "ucci: no UCI-only words"
expect '^bestmove [a-i][0-9][a-i][0-9]' "ucci: bestmove"

run "position startpos moves h2e2 h9g7
go depth 5" 2
expect '^info depth 5 seldepth [0-9]+ multipv 1 score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ hashfull [0-9]+ time [0-9]+ pv( [a-i][0-9][a-i][0-9])+$' "go depth: info line"
expect '^bestmove [a-i][0-9][a-i][0-9] ponder [a-i][0-9][a-i][0-9]$' "go depth: bestmove with ponder"

# Issue 16: UCCI mates are scores near +-10000 (10000 less the plies), also
# for a mated position (depth 0).
run "ucci
position fen 3k5/9/9/9/9/9/9/9/4R4/R3K4 w - - 0 1
go depth 3" 1
expect '^info depth 3 score 9999 pv a0d0$' "ucci: mate in 1 is 9999"
run "ucci
position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1
go depth 3" 1
expect '^info depth 0 score -10000$' "ucci: mated is -10000"
expect '^nobestmove$' "ucci: mated, nobestmove"

# Issue 16: ranks 1-10 (Fairy-Stockfish's numbering) in both directions:
# moves read (position, searchmoves, banmoves) and written (pv, bestmove,
# perft) with ranks 1-10; rank 10 is two digits.
run "setoption name Ranks value 1-10
position startpos moves h3e3 h10g8
d
go depth 3 searchmoves h1g3 b1c3" 2
expect '^fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2$' "ranks 1-10: position moves read"
expect '^10  r n b a k a b \. r $' "ranks 1-10: the board shows rank 10"
expect '^bestmove (h1g3|b1c3)( ponder [a-i]([1-9]|10)[a-i]([1-9]|10))?$' "ranks 1-10: searchmoves and bestmove"
run "setoption name Ranks value 1-10
position fen r3k4/4r4/9/9/9/9/9/9/9/3K5 b - - 0 1
go depth 2 searchmoves a10d10" 2
expect '^info depth 2 .* pv a10d10$' "ranks 1-10: pv with rank 10"
expect '^bestmove a10d10$' "ranks 1-10: bestmove with rank 10"
reject '^bestmove [a-i]0' "ranks 1-10: no rank 0 written"
run "setoption name Ranks value 1-10
go perft 1" 1
expect '^a4a5: 1$' "ranks 1-10: go perft divide"
run "setoption name Ranks value 1-10
position startpos moves h2e2
setoption name Ranks value 0-9
position startpos moves h2e2
d
setoption name Ranks value 2-11" 1
expect "info string error: illegal move 'h2e2' \\(move 1 of the list\\)" "ranks 1-10: h2e2 is not a move there"
expect '^fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1$' "Ranks 0-9 again"
expect 'info string error: Ranks must be 0-9 or 1-10' "bad Ranks value"

# Issue 16: an illegal move in a position's move list keeps the legal
# prefix and says so, so the next go answers for the side really to move.
run "position startpos moves h2e2 h9g7 h2e2 h0g2
d
go depth 2" 1
expect "^info string error: illegal move 'h2e2' \\(move 3 of the list\\); position set after the 2 moves before it, the rest ignored$" "illegal move: prefix kept, said so"
expect '^fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2$' "illegal move: position after the legal prefix"
expect '^bestmove [a-i][0-4][a-i][0-9]' "illegal move: Red (to move after the prefix) answers"

# go perft: the start position counts from the perft suite
run "go perft 3"
expect '^Nodes searched: 79666$' "go perft 3"
expect '^h2e2: [0-9]+$' "go perft divide lines"

# Issue 11: a command line is never cut. 3001 plies of a legal game (the
# horses back and forth: repetition rules do not stop a position command)
# are taken in full: Black to move at move 1501.
moves=$(i=0; while [ $i -lt 750 ]; do printf ' h0g2 h9g7 g2h0 g7h9'; i=$((i+1)); done; printf ' h0g2')
run "position startpos moves$moves
d
go depth 1" 1
expect '^fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R b - - 3001 1501$' "3001-ply position taken in full"
expect '^bestmove [a-i][5-9][a-i][0-9]' "after 3001 plies the engine moves for Black"
# A line over the documented limit (16 MiB) is refused whole, not cut; so
# is a line with a NUL byte (its words after the NUL would be lost).
{ printf 'position startpos moves h2e2 '; head -c 17000000 /dev/zero | tr '\0' 'a'
  printf '\nposition startpos moves h2e2\000 h9g7\nd\n'; } | "$uci" >"$out" 2>&1
expect '^info string error: command line longer than 16777216 bytes; ignored$' "over-long line refused"
expect '^info string error: command line with a NUL byte; ignored$' "line with a NUL refused"
expect '^fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1$' "no part of a refused line is acted on"

# go perft and bench do not block stop and quit (the input loop keeps reading).
printf 'go perft 8\nstop\nisready\n' | timeout 10 "$uci" >"$out" 2>&1
expect '^info string perft stopped after [0-9]+ of 44 moves' "stop ends go perft"
expect '^readyok$' "isready after stopping go perft"
reject '^Nodes searched' "a stopped perft prints no total"
printf 'go perft 8\nquit\n' | timeout 10 "$uci" >"$out" 2>&1 ||
    { echo "FAIL: quit does not end go perft"; fail=1; }
printf 'bench 30\nisready\nstop\n' | timeout 10 "$uci" >"$out" 2>&1
expect '^readyok$' "isready answered during bench"
expect '^info string bench stopped after [0-9]+ positions$' "stop ends bench"
printf 'bench 30\nquit\n' | timeout 10 "$uci" >"$out" 2>&1 ||
    { echo "FAIL: quit does not end bench"; fail=1; }
# ... while at the end of a script's input they run to their end.
printf 'go perft 2\n' | "$uci" >"$out" 2>&1
expect '^Nodes searched: 1920$' "go perft at the end of the input finishes"

# position fen without a FEN is an error (not the start position).
run "position startpos moves h2e2
position fen
position fen moves h9g7
d"
expect 'info string error: position fen needs a FEN; position unchanged' "position fen without a FEN"
expect '^fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1$' "position kept after 'position fen'"
run "position startpos moves h2e2
position startpos moves zz
d"
expect "info string error: illegal move 'zz' \\(move 1 of the list\\)" "malformed move in position"
expect '^fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1$' "after an illegal first move: the start position"
# Huge clocks are clamped, not refused.
run "go wtime 99999999999 btime 99999999999 winc 99999999999 binc 99999999999 depth 2
go movetime 99999999999 depth 2" 1
reject 'info string error' "huge clock values are accepted"
[ "$(grep -c '^bestmove [a-i][0-9][a-i][0-9]' "$out")" -eq 2 ] ||
    { echo "FAIL: a go with huge clocks searches"; cat "$out"; fail=1; }

# Bad input: errors, never a crash; the position is unchanged after errors
run "foo bar
position
position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9 w
setoption name Threads value 0
setoption name Hash value abc
setoption name Nonsense value 1
go depth 0
go depth x
go movetime -5
go wtime
go nodes 1e9
d" 1
expect 'info string error: unknown command .foo.' "unknown command"
expect 'info string error: position needs' "position without arguments"
expect 'info string error: bad FEN' "bad FEN"
expect 'info string error: Threads must be' "bad Threads"
expect 'info string error: Hash must be' "bad Hash"
expect "info string error: unknown option 'Nonsense'" "unknown option"
expect 'info string error: go depth needs a number' "bad go depth"
expect 'info string error: go movetime needs a number' "bad go movetime"
expect 'info string error: go wtime needs a number' "go wtime without a value"
expect '^fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1$' "position unchanged after errors"
[ "$(grep -c '^bestmove (none)$' "$out")" -eq 5 ] ||
    { echo "FAIL: each refused go is answered with 'bestmove (none)'"; fail=1; }
reject '^bestmove [a-i]' "no search after bad go commands"

# infinite search ends only with stop; ponder ends with ponderhit.
# midway "commands" "final command": the output is looked at (in $out.mid)
# one second after the commands, before the final command is sent.
midway() {
    { printf '%s\n' "$1"; sleep 1; cp "$out" "$out.mid"; printf '%s\n' "$2"; sleep 0.5; } |
        "$uci" >"$out" 2>&1
    if grep -q '^bestmove' "$out.mid"; then
        echo "FAIL: '$1' ended before '$2'"; cat "$out.mid"; fail=1
    fi
    rm -f "$out.mid"
}
midway "go infinite" "stop"
expect '^bestmove [a-i][0-9][a-i][0-9]' "stop prints bestmove"
midway "go infinite depth 2" "stop"
expect '^bestmove [a-i][0-9][a-i][0-9]' "go infinite depth 2, stop"
midway "ucci
setoption randomness small
go depth infinite" "stop"
expect '^bestmove [a-i][0-9][a-i][0-9]' "UCCI go depth infinite, stop"
reject 'unknown option' "standard UCCI options are accepted"
midway "position startpos
go ponder movetime 100" "ponderhit"
expect '^bestmove [a-i][0-9][a-i][0-9]' "ponderhit then movetime"

# A clock: a move comes back well within the share of the clock.
run "position startpos
go wtime 1000 btime 1000 winc 100 binc 100" 1
expect '^bestmove [a-i][0-9][a-i][0-9]' "go with a clock"

# Rules: the third chase of the horse loses under AXF (the default) and is
# a draw under the simple rules; a bad value is refused.
chase="position fen 3k5/4a4/2n6/9/9/9/9/9/9/2R1K4 b - - 0 1 moves c7b9 c0b0 b9c7 b0c0 c7b9 c0b0 b9c7
go depth 5 searchmoves b0c0"
run "$chase" 1
expect '^info depth 5 .*score mate -' "perpetual chase loses (AXF)"
run "setoption name Rules value Simple
$chase" 1
expect '^info depth 5 .*score cp 0 ' "repetition is a draw (Simple rules)"
run "setoption name Rules value FIDE" 1
expect 'info string error: Rules must be AXF, CXA or Simple' "bad Rules value"

# searchmoves, banmoves (UCCI), MultiPV, Skill Level
run "position startpos
go depth 4 searchmoves a3a4 i3i4" 1
expect '^bestmove (a3a4|i3i4)' "searchmoves"
run "position startpos
banmoves h2e2 b2e2 h0g2 b0c2 c3c4 g3g4
go depth 5" 1
reject '^bestmove (h2e2|b2e2|h0g2|b0c2|c3c4|g3g4)' "banmoves"
run "setoption name MultiPV value 3
position startpos
go depth 4" 1
expect '^info depth 4 .* multipv 3 ' "MultiPV 3"
run "setoption name Skill Level value 0
setoption name Skill Seed value 7
position startpos
go depth 3" 1
expect '^bestmove [a-i][0-9][a-i][0-9]' "Skill Level 0"

# No legal move: bestmove (none)
run "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1
go depth 3" 1
expect '^bestmove \(none\)$' "mated position"
expect '^info depth 0 score mate 0$' "mated position score"

# Issue 11: with several threads, a position without a move to search
# (mated, stalemated, every move banned, no searchmoves move legal) answers
# "bestmove (none)", never the previous search's move. Each go waits for
# the previous bestmove, as a GUI does.
wait_bestmoves() { # count: wait (up to 60 s) until $out has that many bestmove lines
    n=0
    while [ "$(grep -c '^bestmove' "$out")" -lt "$1" ] && [ $n -lt 600 ]; do
        sleep 0.1; n=$((n + 1))
    done
}
{
    printf 'setoption name Threads value 2\nposition startpos\ngo depth 8\n'; wait_bestmoves 1
    printf 'position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 3\n'; wait_bestmoves 2
    printf 'position startpos moves h2e2\ngo depth 6\n'; wait_bestmoves 3
    printf 'position fen 3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 3\n'; wait_bestmoves 4
    printf 'position startpos\ngo depth 6\n'; wait_bestmoves 5
    printf 'position fen 3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1\n'
    printf 'banmoves e0f0 e0e1 e7e8 e7d7 e7f7\ngo depth 3\n'; wait_bestmoves 6
    printf 'position startpos\ngo depth 6\n'; wait_bestmoves 7
    printf 'go depth 3 searchmoves a0a5 b0b5\n'; wait_bestmoves 8
    printf 'quit\n'
} | "$uci" >"$out" 2>&1
grep '^bestmove' "$out" >"$out.best"
if ! printf '%s\n' 1 3 5 7 | while read -r k; do
        sed -n "${k}p" "$out.best" | grep -Eq '^bestmove [a-i][0-9][a-i][0-9]( |$)' || exit 1
    done ||
   ! printf '%s\n' 2 4 6 8 | while read -r k; do
        [ "$(sed -n "${k}p" "$out.best")" = "bestmove (none)" ] || exit 1
    done; then
    echo "FAIL: 2 threads: no move to search must give 'bestmove (none)'"; cat "$out.best"; fail=1
fi
rm -f "$out.best"

# bench runs and prints the signature line
run "bench 4" 0
expect '^Nodes searched: [0-9]+$' "bench"

[ $fail -eq 0 ] && echo "xq-uci protocol ok"
exit $fail
