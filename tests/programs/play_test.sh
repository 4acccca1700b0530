#!/bin/sh
# SPDX-License-Identifier: MIT
# The terminal player, driven through a pipe: scripted games between people
# and against the engine (deterministic: one thread and a depth limit), undo,
# redo, hints, levels, illegal and unknown input, save/load, rule-based game
# ends, the end of the input while the engine thinks, display modes, options;
# the opening book (built from GAMES_PGN with XQ_BOOK); network play with
# XQ_SERVER (issue 12's terminal client); endgame tables made by XQ_EGTB.
# usage: play_test.sh XIANGQI [XQ_BOOK GAMES_PGN [XQ_EGTB [XQ_SERVER]]]
set -eu
play=$1
xqbook=${2:-}
games=${3:-}
xqegtb=${4:-}
server=${5:-}
data=$(cd "$(dirname "$0")/../data" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; [ -f "$tmp/out" ] && tail -n 40 "$tmp/out" >&2; exit 1; }
expect() { grep -q -- "$1" "$tmp/out" || fail "expected '$1'"; }
reject() { if grep -q -- "$1" "$tmp/out"; then fail "unexpected '$1'"; fi; }

# 1. An opening with an illegal move, an unknown word, undo, redo and history.
printf '%s\n' h2e2 h9g7 h0h5 xyzzy undo history redo history fen moves quit |
    "$play" --two-players >"$tmp/out" 2>&1 || fail "exit status"
expect "Illegal move h0h5. That piece can play:"
expect "  N h0: h0g2 h0i2"
expect "'xyzzy' is neither a command nor a move"
expect "^1. h2e2$"
expect "^1. h2e2 h9g7$"
expect "^rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2$"
expect "^35 legal moves.$"
expect "Goodbye."
reject "$(printf '\033')"   # no colours when the output is not a terminal

# The opening by name: a line after the board, and the opening command.
printf '%s\n' h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9 opening quit |
    "$play" --two-players >"$tmp/out" 2>&1 || fail "exit status (opening)"
expect "^Opening: B00 中炮局$"
expect "^Opening: C55 五六炮过河车对屏风马，黑进７卒黑右直车$"
expect "ECCO C55: 五六炮过河车对屏风马，黑进７卒黑右直车$"
expect "traditional: 五六炮過河車對屏風馬，黑進７卒黑右直車$"
expect "decided at ply 10"
printf '%s\n' opening quit | "$play" --two-players --fen "3k5/9/9/9/9/9/9/9/9/4K4 w" >"$tmp/out" 2>&1 ||
    fail "exit status (opening, set-up position)"
expect "No ECCO code: set-up position, not the standard start."
reject "^Opening:"

# Undo and redo keep the game in a record: redo replays what undo took back,
# in order; a different move forgets it; a save after undo has the moves up to
# the position shown only.
printf '%s\n' h2e2 h9g7 h0g2 undo undo redo history redo history undo b2c2 redo history \
    "save $tmp/u.pgn" quit | "$play" --two-players >"$tmp/out" 2>&1 || fail "exit status (redo)"
expect "^1. h2e2 h9g7$"
expect "^1. h2e2 h9g7 2. h0g2$"
expect "^Nothing to redo."
expect "^1. h2e2 h9g7 2. b2c2$"
grep -q '^1\. h2e2 h9g7 2\. b2c2 \*$' "$tmp/u.pgn" || fail "the saved game after undo: $(cat "$tmp/u.pgn")"
printf '%s\n' h2e2 h9g7 undo "save $tmp/v.pgn" quit | "$play" --two-players >"$tmp/out" 2>&1
grep -q '^1\. h2e2 \*$' "$tmp/v.pgn" || fail "a save after undo has the taken-back move"
# A loaded game keeps its own tags when saved again.
printf '[Event "Club final"]\n[Red "Li"]\n[Black "Wang"]\n\n1. h2e2 h9g7 *\n' >"$tmp/t.pgn"
printf '%s\n' "load $tmp/t.pgn" h0g2 "save $tmp/t2.pgn" quit | "$play" --two-players >"$tmp/out" 2>&1
expect "^Loaded $tmp/t.pgn: Li - Wang, 2 plies."
grep -q '^\[Event "Club final"\]$' "$tmp/t2.pgn" || fail "the loaded Event tag is lost"
grep -q '^\[Red "Li"\]$' "$tmp/t2.pgn" || fail "the loaded Red tag is lost"
grep -q '^1\. h2e2 h9g7 2\. h0g2 \*$' "$tmp/t2.pgn" || fail "the continued game: $(cat "$tmp/t2.pgn")"

# The help lists every command from one table, with its other names; 'help
# COMMAND' one of them.
printf '%s\n' help 'help back' 'help nonsense' quit | "$play" --two-players >"$tmp/out" 2>&1
for c in help new load save undo redo hint book egtb go pause engine level time depth nodes threads hash \
    rules notation moves history fen board flip settings resign quit; do
    expect "^  $c "
done
expect "(also: exit, q)"
[ "$(grep -c '^  undo .*(also: back)$' "$tmp/out")" -eq 2 ] || fail "'help back' does not show undo"
expect "^No command 'nonsense'"

# 2. A game to its end: checkmate is announced, further moves are refused.
printf '%s\n' 'new 3k5/R8/1N7/9/9/9/9/9/9/4K4 w' a8d8 d9e9 undo undo resign undo \
    'new 3k5/9/9/9/9/9/9/9/3R5/5K3 b' |
    "$play" --two-players >"$tmp/out" 2>&1 || fail "exit status (mate)"
expect "Game over: 1-0, Red wins: checkmate."
expect "The game is over (1-0, Red wins)"
expect "Black is in check."
expect "Nothing to undo."
expect "Game over: 0-1, Black wins: Red resigned."
expect "Resignation taken back."

# 3. Stalemate loses (困毙).
printf '%s\n' d7d8 | "$play" --two-players --fen "3k5/9/3P1P3/9/9/9/9/9/9/4K4 b" >"$tmp/out" 2>&1 || true
expect "Game over: 1-0, Red wins: no legal move: Black cannot move, and stalemate loses"

# 4. Display: glyphs, letters, flip, colours.
"$play" </dev/null >"$tmp/out" 2>&1 || fail "EOF at once"
expect "9 車──馬──象──士──將──士──象──馬──車"
expect "0 车──马──相──仕──帅──仕──相──马──车"
expect "  九  八  七  六  五  四  三  二  一"
expect "楚   河"
"$play" --ascii --flip </dev/null >"$tmp/out" 2>&1
expect "0 R---N---B---A---K---A---B---N---R"
expect "  9   8   7   6   5   4   3   2   1"
printf 'h2e2\n' | "$play" --two-players --color always >"$tmp/out" 2>&1
expect "$(printf '\033')\[1;31m"
expect "$(printf '\033')\[30;46m"   # the point the cannon left
printf 'h2e2\n' | "$play" --two-players --color always --no-color >"$tmp/out" 2>&1
reject "$(printf '\033')"
printf 'h2e2\n' | "$play" --two-players >"$tmp/out" 2>&1
expect "├───炮──┼───┼───炮──┼───┼───＊──┤"   # no colours: a marker on the vacated point

# 6. Against the engine (deterministic: one thread, a depth limit, no time
# limit): the engine answers, a hint with its line, undo takes back the
# engine's reply and your move, redo replays both, levels, illegal input in
# every notation with the legal moves of the piece named.
eng="--threads 1 --hash 16 --depth 4 --seed 7 --ascii --no-book"
game() {
    printf '%s\n' h2e2 hint undo history redo history level 'level 3' 'level 99' 'C8+9' \
        '车一进九' 'P5+2' '马二进三' 'Ｃ８＝７' history fen quit | "$play" $eng "$@"
}
game >"$tmp/out" 2>&1 || fail "exit status (engine game)"
expect "^The engine plays Black; level 20"
expect "^Black plays [a-i][0-9][a-i][0-9]   (depth 4, score (Red) [-+#][0-9.]*, [0-9]* nodes, [0-9.]* s; pv "
expect "^Hint: [a-i][0-9][a-i][0-9]   (depth 4, score (Red) "
expect "^Took back 2 moves."
expect "^No moves yet."
[ "$(grep -c '^1\. h2e2 [a-i][0-9][a-i][0-9]$' "$tmp/out")" -ge 1 ] || fail "redo: both moves back"
expect "^Level 3 of 20: searches at most 4 plies and picks among its best 8 moves with up to 544 centipawns of noise"
expect "^Level 20 of 20: full strength"
expect "^level wants a number from 0 to 20."
expect "^Illegal move C8+9: "
expect "^Red's cannons can play:"
expect "^  C b2: b2b1 "
expect "^  C e2: e2e1 "
expect "^Illegal move 车一进九: "
expect "^Red's chariots can play:"
expect "^  R a0: a0a1 a0a2$"
expect "^Illegal move P5+2: "
expect "^Red's soldiers can play:"
expect "^1. h2e2 [a-i][0-9][a-i][0-9] 2. h0g2 [a-i][0-9][a-i][0-9] 3. b2c2 [a-i][0-9][a-i][0-9]$"
reject "Segmentation\|ERROR\|Sanitizer"
# the same script plays the same game (times aside)
sed 's/[0-9.]* s;/T s;/' "$tmp/out" >"$tmp/first"
game >"$tmp/out" 2>&1 || fail "exit status (engine game, again)"
sed 's/[0-9.]* s;/T s;/' "$tmp/out" | cmp -s - "$tmp/first" || fail "the engine game differs between two runs"

# Issue 16: scores from Red's point of view whoever moves: Black, a chariot
# up, is better, so the engine's score as Black and the hint for Red are
# both negative (they were the mover's own: positive for Black).
printf '%s\n' e0e1 hint quit |
    "$play" $eng --fen 'r1bakab2/9/9/4p4/9/9/9/9/9/3AKA3 w - - 0 1' >"$tmp/out" 2>&1 ||
    fail "exit status (point of view)"
expect "^Black plays [a-i][0-9][a-i][0-9]   (depth 4, score (Red) -[0-9]"
expect "^Hint: [a-i][0-9][a-i][0-9]   (depth 4, score (Red) -[0-9]"
# The saved player tags name every level the engine played at, and a side
# played by both a person and the engine says so.
printf '%s\n' 'level 3' h2e2 'level 5' h0g2 'engine none' 'level 7' go 'level 5' go \
    "save $tmp/levels.pgn" quit | "$play" $eng >"$tmp/out" 2>&1 || fail "exit status (levels)"
grep -q '^\[Black "libxiangqi [0-9.]* (levels 3, 5)"\]$' "$tmp/levels.pgn" ||
    { cat "$tmp/levels.pgn" >&2; fail "the Black tag does not list levels 3 and 5"; }
grep -q '^\[Red "Human and libxiangqi [0-9.]* (level 7)"\]$' "$tmp/levels.pgn" ||
    { cat "$tmp/levels.pgn" >&2; fail "the Red tag does not name the person and level 7"; }
# A compact board for narrow terminals (the default below 40 columns).
printf '%s\n' h2e2 compact compact quit | "$play" --two-players --compact >"$tmp/out" 2>&1 ||
    fail "exit status (compact)"
expect "^9 車馬象士將士象馬車$"
expect "^2 ・炮・・炮・・＊・$"
expect "^  ～楚河　　　漢界～$"
expect "^  九八七六五四三二一$"
expect "├───炮──┼───┼───炮──┼───┼───＊──┤"   # 'compact' switches to the full board
printf 'quit\n' | "$play" --two-players --compact --ascii >"$tmp/out" 2>&1
expect "^0 R N B A K A B N R $"

# 7. Playing Black: the engine opens; undo keeps its first move.
printf '%s\n' h9g7 undo undo history quit | "$play" $eng --black >"$tmp/out" 2>&1 ||
    fail "exit status (--black)"
expect "^The engine plays Red"
expect "^Took back 2 moves."
expect "^Nothing to undo."
expect "^1. [a-i][0-9][a-i][0-9]$"
expect "  1   2   3   4   5   6   7   8   9"   # Black at the bottom: its numbers below

# 8. Save and load PGN: the position and the moves come back; XQF and errors.
printf '%s\n' 炮二平五 'H8+7' 'h0g2' fen "save $tmp/g.pgn" new "load $tmp/g.pgn" fen history \
    "load $tmp/missing.pgn" "load $data/xqf/v18-endgame.xqf" fen quit |
    "$play" --two-players --notation wxf >"$tmp/out" 2>&1 || fail "exit status (save/load)"
expect "^Saved 3 plies to $tmp/g.pgn."
[ "$(grep -c '^rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2$' "$tmp/out")" -eq 2 ] ||
    fail "the loaded game's FEN differs from the saved one"
expect "^1. C2.5 H8+7 2. H2+3$"
expect "^Cannot read $tmp/missing.pgn"
expect "^Loaded $data/xqf/v18-endgame.xqf: ? - ?, 3 plies."
expect "^9/4a4/3k5/9/9/9/9/3C5/4A4/3AK4 w - - 3 3$"
grep -q '^\[Red "Human"\]$' "$tmp/g.pgn" || fail "no Red tag in the saved game"
grep -q '^\[Format "WXF"\]$' "$tmp/g.pgn" || fail "no Format tag in the saved game"
grep -q '^1\. C2\.5 H8+7 2\. H2+3 \*$' "$tmp/g.pgn" || fail "the saved moves"
printf 'fen\nquit\n' | "$play" --two-players --load "$tmp/g.pgn" >"$tmp/out" 2>&1 || fail "--load"
expect "^rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2$"
if "$play" --load "$tmp/missing.pgn" </dev/null >"$tmp/out" 2>&1; then fail "--load of a missing file"; fi
printf '[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n' >"$tmp/d.html"
printf '%s\n' "load $tmp/d.html" history quit | "$play" --two-players >"$tmp/out" 2>&1
expect "^1. h2e2 h9g7$"

# An ambiguous move: the reason and the moves of the pieces it may mean.
printf '%s\n' 'R9+1' 车九平八 quit |
    "$play" --two-players --fen '3k5/9/9/9/9/9/9/R8/9/R3K4 w' >"$tmp/out" 2>&1 || fail "exit status (ambiguous)"
expect "^Ambiguous move R9+1: .*(a0a1, a2a3)"
expect "^Ambiguous move 车九平八: "
expect "^  R a2: a2a1 a2b2 "

# 9. Rules: a perpetual check loses (AXF), the engine does not play the
# forbidden move ('go': one engine move for the side to move), a draw by
# repetition under the simple rules; a saved finished game has its result.
perpetual="a0a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8"
printf '%s\n' $perpetual go undo a9a8 "save $tmp/p.pgn" a9a8 quit |
    "$play" $eng --two-players --fen '9/4k4/9/9/9/9/9/9/9/R2K5 w' >"$tmp/out" 2>&1 ||
    fail "exit status (perpetual check)"
expect "^Red plays "
reject "^Red plays a9a8"
expect "^Game over: 0-1, Black wins: perpetual check by Red (cycle from ply 1, 8 plies).$"
expect "^The game is over (0-1, Black wins)"
grep -q '^\[Result "0-1"\]$' "$tmp/p.pgn" || fail "no result in the saved game"
printf '%s\n' $perpetual a9a8 quit |
    "$play" --two-players --rules simple --fen '9/4k4/9/9/9/9/9/9/9/R2K5 w' >"$tmp/out" 2>&1
expect "^Game over: 1/2-1/2, draw: repetition"

# insufficient material (AXF): a draw once only generals and advisors are left
printf 'd0e1\nquit\n' | "$play" --two-players --fen '4k4/9/9/9/9/9/9/9/4r4/3AK4 w' >"$tmp/out" 2>&1
expect "^Game over: 1/2-1/2, draw: insufficient material.$"

# 10. Watching the engine: to the end of a short endgame, and with a ply cap.
printf 'history\nquit\n' | "$play" $eng --watch --fen '3k5/9/9/9/9/9/9/9/9/R3K4 w' >"$tmp/out" 2>&1 ||
    fail "exit status (watch)"
expect "^Red plays a0d0 "
expect "^Game over: 1-0, Red wins: checkmate."
printf 'history\ngo\nhistory\nquit\n' | "$play" $eng --engine both --max-plies 4 >"$tmp/out" 2>&1 ||
    fail "exit status (watch with a cap)"
expect "^Move cap reached (4 plies)"
expect "^1. [a-i][0-9][a-i][0-9] [a-i][0-9][a-i][0-9] 2. [a-i][0-9][a-i][0-9] [a-i][0-9][a-i][0-9]$"
expect "^1. [a-i][0-9][a-i][0-9] [a-i][0-9][a-i][0-9] 2. [a-i][0-9][a-i][0-9] [a-i][0-9][a-i][0-9] 3. [a-i][0-9][a-i][0-9]$"

# 11. The end of the input while the engine thinks (no depth limit, 60 s per
# move): the engine stops at once and the program leaves cleanly.
start=$(date +%s)
printf 'h2e2\n' | "$play" --threads 2 --hash 16 --time 60 --no-book >"$tmp/out" 2>&1 || fail "exit status (EOF)"
[ $(($(date +%s) - start)) -lt 20 ] || fail "the end of the input did not stop the engine"
expect "^The engine was stopped."
expect "^Goodbye."
# --thinking: every progress report as a line, the last one the move's line
printf 'h2e2\nquit\n' | "$play" $eng --thinking >"$tmp/out" 2>&1 || fail "exit status (--thinking)"
expect "^  depth 1/[0-9]*  score (Red) [-+][0-9.]*  nodes [0-9]*  [0-9.]*s  pv [a-i][0-9][a-i][0-9]"
expect "^  depth 4/"
# a queued 'quit' waits for the engine's move (scripts are deterministic)
printf 'h2e2\nquit\n' | "$play" $eng >"$tmp/out" 2>&1 || fail "exit status (queued quit)"
expect "^Black plays "

# 12. The opening book: level 20 plays the book's best move at once, the
# weaker levels pick by weight with a seed that changes with each new game,
# hint gives the book move, 'book' lists the moves (any notation), 'book
# off|on|FILE'; --no-book, a bad --book file.
if [ -n "$xqbook" ]; then
    "$xqbook" build -o "$tmp/b.xqb" "$games" >/dev/null 2>&1 || fail "xq-book build"
    "$xqbook" probe "$tmp/b.xqb" >"$tmp/probe" || fail "xq-book probe"
    best=$(sed -n 's/^\([a-i][0-9][a-i][0-9]\) .*/\1/p' "$tmp/probe" | head -n 1)
    nbook=$(sed -n 's/^\([0-9]*\) book moves.*/\1/p' "$tmp/probe")
    bgames=$(awk -v m="$best" '$1 == m { print $3 }' "$tmp/probe")
    [ -n "$best" ] && [ "$nbook" -ge 3 ] || fail "the test book has no start moves: $(cat "$tmp/probe")"
    bk="--threads 1 --hash 16 --depth 3 --ascii --book $tmp/b.xqb"
    printf '%s\n' book settings quit | "$play" $bk --engine red >"$tmp/out" 2>&1 ||
        fail "exit status (book)"
    expect "^Red plays $best   (book: $bgames games, W/D/L [0-9]*/[0-9]*/[0-9]*, score "
    reject "^Red plays .*depth"
    expect "^Opening book $tmp/b.xqb: on; [0-9]* positions, [0-9]* moves. Level 20 plays its best move."
    # the listing after the first move: the replies, heaviest first, with their share
    "$xqbook" probe "$tmp/b.xqb" "$best" >"$tmp/probe2"
    reply=$(sed -n 's/^\([a-i][0-9][a-i][0-9]\) .*/\1/p' "$tmp/probe2" | head -n 1)
    rgames=$(awk -v m="$reply" '$1 == m { print $3 }' "$tmp/probe2")
    rshare=$(awk -v m="$reply" '$1 == m { print $NF }' "$tmp/probe2")
    expect "^[0-9]* book moves*, [0-9]* games:$"
    expect "^  move          games    wins   draws  losses  score  share$"
    grep -q "^  $reply  *$rgames  *[0-9]*  *[0-9]*  *[0-9]*  *[-0-9.%]*  *$rshare\$" "$tmp/out" ||
        fail "the book listing differs from xq-book probe: $(cat "$tmp/probe2")"
    # the hint is the book's best move; in Chinese notation the listing is too
    printf '%s\n' hint 'notation chinese' book 'book off' book hint 'book on' hint quit |
        "$play" $bk --two-players >"$tmp/out" 2>&1 || fail "exit status (book hint)"
    expect "^Hint: $best   (the book's best move; book: $bgames games"
    expect "^  炮二平五 "
    expect "^Opening book $tmp/b.xqb: off;"
    expect "(the book is off):$"
    expect "^Hint: [^ ]*   (depth 3, score (Red) "
    [ "$(grep -c "^Hint: 炮二平五   (the book's best move" "$tmp/out")" -eq 1 ] || fail "book on again"
    [ "$best" = h2e2 ] || fail "the test book's best start move is $best, not h2e2 (update the test)"
    # book off: the engine searches
    printf '%s\n' quit | "$play" $bk --engine red --no-book >"$tmp/out" 2>&1
    expect "^Red plays [a-i][0-9][a-i][0-9]   (depth 3, score"
    printf '%s\n' book quit | "$play" $bk --engine none --no-book >"$tmp/out" 2>&1
    expect "^No opening book (type 'book FILE' to use one)."
    # level 5: moves by weight, from the book; other games (new) other choices
    printf '%s\n' new new new new new new new quit |
        "$play" $bk --engine red --level 5 --seed 11 >"$tmp/out" 2>&1 || fail "exit status (level 5)"
    [ "$(grep -c '^Red plays [a-i][0-9][a-i][0-9]   (book: ' "$tmp/out")" -eq 8 ] ||
        fail "level 5 did not play 8 book moves"
    firsts=$(sed -n 's/^Red plays \([a-i][0-9][a-i][0-9]\)   (book: .*/\1/p' "$tmp/out" | sort -u)
    [ "$(echo "$firsts" | wc -l)" -ge 2 ] || fail "8 games at level 5 all opened with $firsts"
    for m in $firsts; do
        grep -q "^$m " "$tmp/probe" || fail "level 5 played $m, not a book move"
    done
    # the same seed, the same choices
    printf '%s\n' new new new new new new new quit |
        "$play" $bk --engine red --level 5 --seed 11 >"$tmp/out2" 2>&1
    [ "$(sed -n 's/^Red plays \([a-i][0-9][a-i][0-9]\) .*/\1/p' "$tmp/out")" = \
      "$(sed -n 's/^Red plays \([a-i][0-9][a-i][0-9]\) .*/\1/p' "$tmp/out2")" ] ||
        fail "the same seed made other choices"
    # bad book files: at startup an error (status 2), in the game a message
    printf 'not a book' >"$tmp/bad.xqb"
    if "$play" --book "$tmp/bad.xqb" </dev/null >"$tmp/out" 2>&1; then fail "a bad --book accepted"; fi
    expect "^xiangqi: cannot use the book $tmp/bad.xqb: "
    if "$play" --book "$tmp/missing.xqb" </dev/null >"$tmp/out" 2>&1; then fail "a missing --book accepted"; fi
    printf '%s\n' "book $tmp/bad.xqb" settings quit | "$play" $bk --two-players >"$tmp/out" 2>&1
    expect "^Cannot use the book $tmp/bad.xqb: "
    expect "^Opening book $tmp/b.xqb: on;"   # the old book stays
fi

# 12b. Endgame tables (--egtb DIR, the egtb command): the hint gives the
# table's result and its best move (the one xq-egtb probe names) in the
# notation shown; the engine plays it; 'egtb off' closes them and the hint
# searches; settings names them; a bad directory at startup (status 2) and in
# the game (the old tables stay).
if [ -n "$xqegtb" ]; then
    mkdir "$tmp/tb"
    "$xqegtb" generate --dir "$tmp/tb" KRK >/dev/null 2>&1 || fail "xq-egtb generate KRK"
    krk='3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1'
    "$xqegtb" probe --dir "$tmp/tb" "$krk" >"$tmp/probe" || fail "xq-egtb probe"
    grep -q "best: e1e8$" "$tmp/probe" || fail "the table's best move is not e1e8: $(cat "$tmp/probe")"
    plies=$(sed -n 's/.*win, mate in \([0-9]*\) plies.*/\1/p' "$tmp/probe")
    [ -n "$plies" ] || fail "xq-egtb probe gives no mate distance: $(cat "$tmp/probe")"
    tb="--threads 1 --hash 16 --depth 3 --ascii --no-book --egtb $tmp/tb"
    printf '%s\n' hint egtb settings 'notation wxf' hint 'egtb off' hint settings quit |
        "$play" $tb --two-players --fen "$krk" >"$tmp/out" 2>&1 || fail "exit status (egtb)"
    expect "^Hint: e1e8   (endgame table: win, mate in $plies pl[a-z]*; best by distance to mate: e1e8)$"
    expect "^Endgame tables $tmp/tb: [0-9]* tables*, up to 1 piece besides the generals. "
    expect "^This position: win, mate in $plies pl[a-z]* ('hint' names the best moves).$"
    expect "^Hint: R5+7   (endgame table: win, mate in $plies pl[a-z]*;"
    expect "^Endgame tables $tmp/tb closed.$"
    expect "^No endgame tables (type 'egtb DIR'"
    [ "$(grep -c '^Hint: ' "$tmp/out")" -eq 3 ] || fail "three hints expected"
    [ "$(grep -c '^Hint: .*(endgame table' "$tmp/out")" -eq 2 ] || fail "egtb off: the hint still uses the table"
    grep -q '^Hint: .*(depth [0-9]*, score (Red) ' "$tmp/out" || fail "egtb off: the hint does not search"
    # the engine (level 20, both sides) plays the table's moves: a mate in 3
    # plies takes 3 plies
    krk3='9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1'
    "$xqegtb" probe --dir "$tmp/tb" "$krk3" >"$tmp/probe" || fail "xq-egtb probe"
    grep -q "win, mate in 3 plies" "$tmp/probe" || fail "not a mate in 3: $(cat "$tmp/probe")"
    printf '%s\n' hint quit | "$play" $tb --watch --fen "$krk3" --max-plies 3 >"$tmp/out" 2>&1 ||
        fail "exit status (egtb engine)"
    expect "^Red plays a0a8   (endgame table: win, mate in 3 plies; depth "
    expect "^Black plays [a-i][0-9][a-i][0-9]   (endgame table: loss, mated in 2 plies; depth "
    expect "^Game over: 1-0, Red wins"
    reject "Move cap reached"
    # a lost position: the moves that delay mate longest (as xq-egtb lists
    # them); a drawn one (KCK): the moves that keep the draw, then the search
    "$xqegtb" generate --dir "$tmp/tb" KCK >/dev/null 2>&1 || fail "xq-egtb generate KCK"
    lost='9/4k4/9/9/9/9/9/9/9/R2K5 b - - 0 1' drawn='4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1'
    "$xqegtb" probe --dir "$tmp/tb" "$lost" "$drawn" >"$tmp/probe" || fail "xq-egtb probe"
    grep -q "loss, mate in 4 plies" "$tmp/probe" || fail "not a loss in 4: $(cat "$tmp/probe")"
    lbest=$(sed -n 's/^  best: //p' "$tmp/probe" | head -n 1)
    ndraw=$(sed -n 's/^  best: //p' "$tmp/probe" | sed -n 2p | wc -w)
    [ "$ndraw" -gt 8 ] || fail "KCK: few drawing moves: $(cat "$tmp/probe")"
    printf '%s\n' hint quit | "$play" $tb --two-players --fen "$lost" >"$tmp/out" 2>&1
    expect "^Hint: ${lbest%% *}   (endgame table: loss, mated in 4 plies; best by distance to mate: $lbest)$"
    printf '%s\n' hint quit | "$play" $tb --two-players --fen "$drawn" >"$tmp/out" 2>&1
    expect "^Endgame table: draw; $ndraw moves keep it: [a-i][0-9][a-i][0-9] .* \.\.\.$"
    grep -q '^Hint: [a-i][0-9][a-i][0-9]   (depth [0-9]*, score (Red) ' "$tmp/out" || fail "a drawn hint does not search"
    # a position with no table: the engine's hint; egtb lists no result
    printf '%s\n' egtb hint quit | "$play" $tb --two-players >"$tmp/out" 2>&1
    expect "^No table covers this position.$"
    grep -q '^Hint: .*(depth [0-9]*, score (Red) ' "$tmp/out" || fail "the hint out of the tables"
    # bad directories
    if "$play" --egtb "$tmp/missing" </dev/null >"$tmp/out" 2>&1; then fail "a missing --egtb accepted"; fi
    expect "^xiangqi: cannot use the endgame tables $tmp/missing: "
    printf 'not a table' >"$tmp/bad.xqtb"
    mkdir "$tmp/badtb" && cp "$tmp/bad.xqtb" "$tmp/badtb/KRK.xqtb"
    rc=0; "$play" --egtb "$tmp/badtb" </dev/null >"$tmp/out" 2>&1 || rc=$?
    [ $rc -eq 2 ] || fail "a bad --egtb table exits $rc"
    expect "^xiangqi: cannot use the endgame tables $tmp/badtb: "
    printf '%s\n' "egtb $tmp/badtb" settings quit | "$play" $tb --two-players >"$tmp/out" 2>&1
    expect "^Cannot use the endgame tables $tmp/badtb: "
    expect "^Endgame tables $tmp/tb: [0-9]* tables*, "   # the old tables stay
fi

# 13. Network play (--connect) against xq-server on loopback: the player
# (through a pipe, logged in as alice) and nc (bob, the line protocol) play a
# game to checkmate with the clocks shown and chat; bob offers a draw that is
# declined, asks for a take-back that is accepted; the player resigns a second
# game. Bounded: every wait is at most 30 s; the server and nc are stopped.
if [ -n "$server" ] && command -v nc >/dev/null 2>&1 && "$play" --connect 127.0.0.1:1 </dev/null 2>&1 |
    grep -qv "built without network play"; then
    spid= npid= ppid=
    netclean() {
        exec 5>&- 6>&-   # (no "2>/dev/null" here: exec would keep it for the rest)
        for p in $ppid $npid $spid; do kill "$p" 2>/dev/null || true; done
    }
    trap 'netclean; rm -rf "$tmp"' EXIT
    # wait_for FILE PATTERN: wait (30 s at most) for a line matching PATTERN (grep -E)
    wait_for() {
        i=0
        while ! grep -Eq -- "$2" "$1" 2>/dev/null; do
            i=$((i + 1))
            [ $i -le 300 ] || { cp "$1" "$tmp/out"; fail "no line matching '$2' in $(basename "$1")"; }
            sleep 0.1
        done
    }
    count() { grep -Ec -- "$2" "$1" 2>/dev/null || true; }
    # wait_count FILE PATTERN N: at least N lines match (30 s at most)
    wait_count() {
        i=0
        while [ "$(count "$1" "$2")" -lt "$3" ]; do
            i=$((i + 1))
            [ $i -le 300 ] || { cp "$1" "$tmp/out"; fail "fewer than $3 lines matching '$2' in $(basename "$1")"; }
            sleep 0.1
        done
    }
    "$server" --listen 127.0.0.1:0 --db "$tmp/xq.db" --guests >"$tmp/banner" 2>"$tmp/serr" &
    spid=$!
    wait_for "$tmp/banner" 'listening on'
    port=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$tmp/banner" | head -n 1)
    [ -n "$port" ] || fail "the server did not start: $(cat "$tmp/serr")"
    mkfifo "$tmp/nc.in" "$tmp/play.in"
    nc -N 127.0.0.1 "$port" <"$tmp/nc.in" >"$tmp/bob" &
    npid=$!
    exec 5>"$tmp/nc.in"
    XQ_PASSWORD=secret-alice "$play" --connect "127.0.0.1:$port" --user alice --register --ascii \
        <"$tmp/play.in" >"$tmp/alice" 2>&1 &
    ppid=$!
    exec 6>"$tmp/play.in"
    bob() { printf '%s\n' "$*" >&5; }
    alice() { printf '%s\n' "$*" >&6; }
    bob hello 1
    bob register bob secret-bob
    wait_for "$tmp/bob" '^session '
    wait_for "$tmp/alice" '^Logged in as alice \(rating 1500\)'
    alice seek 300 2 axf red
    wait_for "$tmp/alice" '^Your seek [0-9]+ is open'
    offer=$(sed -n 's/^Your seek \([0-9]*\) is open.*/\1/p' "$tmp/alice" | head -n 1)
    bob accept "$offer"
    wait_for "$tmp/alice" '^Game [0-9]+: alice \(Red\) - bob \(Black\), 300\+2, rules axf; you play Red.$'
    game=$(sed -n 's/^Game \([0-9]*\): alice (Red).*/\1/p' "$tmp/alice" | head -n 1)
    wait_for "$tmp/alice" '^Clocks: Red alice 5:00 \| Black bob 5:00 \(Red.s clock runs\)$'
    wait_for "$tmp/alice" "^Game $game: Red to move: your move.$"
    alice say good luck
    wait_for "$tmp/bob" '^chat \{.*"from":"alice","text":"good luck"'
    bob say "$game" thanks, you too
    wait_for "$tmp/alice" "^\[game $game\] bob: thanks, you too$"
    # an illegal move is refused by the player (below: one out of turn too)
    alice a0a5
    wait_for "$tmp/alice" '^Not a legal move here: a0a5'
    ply=0
    for mv in e0e1 d9e8 b2b4 c9a7 b4g4 h7h8 C3+5; do   # the last one in WXF (g4g9)
        ply=$((ply + 1))
        if [ $((ply % 2)) -eq 1 ]; then alice "$mv"; else bob move "$game" "$mv"; fi
        wait_for "$tmp/bob" "^move [{].*\"ply\":$ply,"
        i=0   # the player drew the board after this move: its ply-th "Last move"
        while [ "$(count "$tmp/alice" '^Last move: ')" -lt $ply ]; do
            i=$((i + 1)); [ $i -le 100 ] || { cp "$tmp/alice" "$tmp/out"; fail "ply $ply not shown"; }
            sleep 0.1
        done
        if [ $ply -eq 2 ]; then
            # a draw offer while the game goes on: declined from the keyboard
            bob draw "$game"
            wait_for "$tmp/alice" '^Black offers a draw. Type .draw. to accept'
            alice draw decline
            wait_for "$tmp/bob" '^offer [{].*"kind":"draw".*"state":"declined"'
        fi
        if [ $ply -eq 1 ]; then
            alice h9g7
            wait_for "$tmp/alice" "^It is Black's move, not yours.$"
        fi
    done
    wait_for "$tmp/alice" "^Game over \(game $game\): 1-0, checkmate.$"
    wait_for "$tmp/bob" '^end [{].*"result":"1-0","reason":"checkmate"'
    expect_net() { grep -Eq -- "$1" "$tmp/alice" || { cp "$tmp/alice" "$tmp/out"; fail "expected '$1'"; }; }
    expect_net '^Last move: 4\. C3\+5|^Last move: 4\. g4g9'
    expect_net '^Last move: 1\. e0e1$'
    expect_net '^Clocks: Red alice [0-9]:[0-9][0-9] \| Black bob [0-9]:[0-9][0-9] \(Black.s clock runs\)$'
    # a second game: bob seeks, the player sees it in the lobby and accepts;
    # bob asks for a take-back, the player accepts; then the player resigns
    bob seek 60 0 axf false black
    wait_for "$tmp/alice" '^Seek [0-9]+ by bob \(1[0-9]*\): 60\+0, axf, casual, bob plays black. Type .accept [0-9]+. to play it.$'
    offer2=$(sed -n 's/^Seek \([0-9]*\) by bob.*/\1/p' "$tmp/alice" | tail -n 1)
    alice accept "$offer2"
    wait_for "$tmp/alice" '^Game [0-9]+: alice \(Red\) - bob \(Black\), 60\+0, rules axf; you play Red.$'
    game2=$(sed -n 's/^Game \([0-9]*\): alice (Red) - bob (Black), 60.*/\1/p' "$tmp/alice" | tail -n 1)
    [ "$game2" != "$game" ] || fail "the second game has the first one's id"
    alice h2e2
    wait_for "$tmp/bob" '^move [{].*"game":'"$game2"',"ply":1,'
    bob move "$game2" h9g7
    wait_for "$tmp/bob" '^move [{].*"game":'"$game2"',"ply":2,'
    bob takeback "$game2"
    wait_for "$tmp/alice" '^Black asks for a take-back. Type .takeback. to accept'
    alice takeback
    wait_for "$tmp/bob" '^game [{].*"game":'"$game2"'.*"ply":1,'
    wait_for "$tmp/alice" "^Game $game2: Black to move.$"
    alice resign
    wait_for "$tmp/alice" "^Game over \\(game $game2\\): 0-1, resignation"
    wait_for "$tmp/bob" '^end [{].*"result":"0-1","reason":"resignation"'
    # a finished game watched again: the server answers it as stored, and
    # the player shows its result once more (not "to move")
    alice watch "$game2"
    wait_count "$tmp/alice" "^Game over \\(game $game2\\): 0-1, resignation" 2
    # challenges: the player challenges bob, who declines; bob challenges the
    # player, who declines
    alice challenge bob 60 0 axf red
    wait_for "$tmp/bob" '^challenge [{].*"from":"alice".*"to":"bob"'
    coffer=$(grep -E '^challenge [{]' "$tmp/bob" | head -n 1 | sed -n 's/.*"offer":\([0-9]*\).*/\1/p')
    wait_for "$tmp/alice" "^Your challenge $coffer is open"
    bob decline "$coffer"
    wait_for "$tmp/alice" "^Offer $coffer is gone \\(declined\\).$"
    bob challenge alice 90 5 simple false red
    wait_for "$tmp/alice" '^Challenge [0-9]+ by bob \(1[0-9]*\) to alice: 90\+5, simple, casual, bob plays red. Type .accept [0-9]+. to play it.$'
    coffer2=$(sed -n 's/^Challenge \([0-9]*\) by bob.*/\1/p' "$tmp/alice" | tail -n 1)
    alice decline "$coffer2"
    wait_for "$tmp/bob" '^offer_gone [{].*"offer":'"$coffer2"',.*"declined"|^offer_gone [{].*"reason":"declined".*"offer":'"$coffer2"
    # watching: bob plays the server's engine, the player lists the games and watches
    bob engine 1 300 0 red
    wait_for "$tmp/bob" '^game [{].*"engine":1'
    game3=$(grep -E '^game [{].*"engine":1' "$tmp/bob" | head -n 1 | sed -n 's/.*"game":\([0-9]*\).*/\1/p')
    alice games
    wait_for "$tmp/alice" "^  game $game3: bob - [^,]*, 300\\+0, 0 plies \\('watch $game3'\\)$"
    alice watch "$game3"
    wait_for "$tmp/alice" "^Game $game3: bob \\(Red\\) - engine \\(level 1\\) \\(Black\\), 300\\+0, rules axf; you watch.$"
    bob move "$game3" h2e2
    wait_for "$tmp/alice" "^Last move: 1\\. h2e2$"
    wait_for "$tmp/alice" "^Last move: 1\\. \\.\\.\\. [a-i][0-9][a-i][0-9]$"   # the engine's reply
    alice h0g2
    wait_for "$tmp/alice" "^You watch game $game3: no moves from you.$"
    alice quit
    i=0
    while kill -0 "$ppid" 2>/dev/null; do
        i=$((i + 1)); [ $i -le 100 ] || fail "the player did not leave at quit"; sleep 0.1
    done
    wait "$ppid" || fail "the player's exit status"
    ppid=
    grep -q '^Goodbye.$' "$tmp/alice" || fail "no goodbye"
    # a server that is not there, a bad address, a bad login: clear errors
    if "$play" --connect "127.0.0.1:1" </dev/null >"$tmp/out" 2>&1; then fail "no server: status 0"; fi
    expect "^xiangqi: cannot connect to 127.0.0.1:1: "
    if "$play" --connect "nonsense" </dev/null >"$tmp/out" 2>&1; then fail "a bad address: status 0"; fi
    expect "not HOST:PORT"
    if XQ_PASSWORD=wrong-password "$play" --connect "127.0.0.1:$port" --user alice </dev/null \
        >"$tmp/out" 2>&1; then fail "a wrong password: status 0"; fi
    expect "(bad_credentials)"
    if "$play" --user alice </dev/null >"$tmp/out" 2>&1; then fail "--user without --connect"; fi
    if "$play" --connect "127.0.0.1:$port" --register </dev/null >"$tmp/out" 2>&1; then
        fail "--register without --user"; fi
    # on a terminal the password is asked without echo (a pseudo-terminal)
    if command -v python3 >/dev/null 2>&1; then
        env -u XQ_PASSWORD python3 - "$play" "$port" >"$tmp/out" 2>&1 <<'PYEOF' || fail "the password on a terminal"
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "--connect", "127.0.0.1:" + sys.argv[2], "--user", "carol",
                           "--register", "--ascii"])
buf = b""
def until(pat):
    global buf
    end = time.time() + 10
    while pat not in buf and time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                buf += os.read(fd, 4096)
            except OSError:
                break
    if pat not in buf:
        sys.exit("no %r in %r" % (pat, buf))
until(b"Password for carol: ")
os.write(fd, b"hunter2-secret\n")
until(b"Logged in as carol")
if b"hunter2" in buf:
    sys.exit("the password was echoed")
os.write(fd, b"quit\n")
until(b"Goodbye.")
os.waitpid(pid, 0)
print("password ok")
PYEOF
        expect "^password ok$"
    fi
    # a guest (no --user) sees the lobby: the open seeks and the live games
    bob seek 120 1 cxa false random
    wait_for "$tmp/bob" '^seek [{].*"base":120'
    printf 'lobby\n' | "$play" --connect "127.0.0.1:$port" >"$tmp/out" 2>&1 || fail "a guest's exit status"
    expect "^Logged in as guest-[0-9a-f]* (rating 1500)"
    expect "^Seek [0-9]* by bob (1500): 120+1, cxa, casual, bob plays random.$"
    expect "^  game $game3: bob - "
    netclean
    spid= npid= ppid=

    # 14. A lost connection (issue 24): the player does not leave when the
    # server goes away. It says so, reconnects with back-off, resumes its
    # session with the token and shows the game as the server has it (also a
    # move the opponent made meanwhile); the game goes on. While it is away,
    # 'board' works, 'seek' says it is not connected, 'quit' leaves cleanly.
    # A session the new server does not know: a user logs in again, a guest
    # leaves with a clear message. Every wait is bounded (30 s at most).
    xpid= qpid= gpid=
    netclean14() {
        exec 5>&- 6>&- 7>&- 8>&-
        for p in $ppid $npid $spid $xpid $qpid $gpid; do kill -9 "$p" 2>/dev/null || true; done
    }
    trap 'netclean14; rm -rf "$tmp"' EXIT
    # wait_long FILE PATTERN: wait_for (30 s at most: a reconnect waits up to 8 s)
    wait_long() { wait_for "$@"; }
    # start_server DB [PORT]: xq-server on 127.0.0.1 (port 0: any); sets spid and port
    nstart=0
    start_server() {
        nstart=$((nstart + 1))
        "$server" --listen "127.0.0.1:${2:-0}" --db "$1" --guests >"$tmp/banner.$nstart" \
            2>"$tmp/serr.$nstart" &
        spid=$!
        i=0
        while ! grep -q 'listening on' "$tmp/banner.$nstart" 2>/dev/null; do
            i=$((i + 1))
            [ $i -le 300 ] || fail "the server did not start: $(cat "$tmp/serr.$nstart")"
            kill -0 "$spid" 2>/dev/null || fail "the server did not start: $(cat "$tmp/serr.$nstart")"
            sleep 0.1
        done
        port=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$tmp/banner.$nstart" | head -n 1)
        [ -n "$port" ] || fail "no port in the server's banner: $(cat "$tmp/banner.$nstart")"
    }
    kill_server() { kill -9 "$spid"; wait "$spid" 2>/dev/null || true; spid=; }
    # erin_connect FILE: erin (nc, the line protocol) on a new connection, logged in
    nerin=0
    erin_connect() {
        exec 5>&-
        [ -z "$npid" ] || kill "$npid" 2>/dev/null || true
        nerin=$((nerin + 1))
        mkfifo "$tmp/erin.in.$nerin"
        nc -N 127.0.0.1 "$port" <"$tmp/erin.in.$nerin" >"$1" &
        npid=$!
        exec 5>"$tmp/erin.in.$nerin"
        erin hello 1
        erin "$2" erin secret-erin
        wait_long "$1" '^session '
    }
    erin() { printf '%s\n' "$*" >&5; }
    dora() { printf '%s\n' "$*" >&6; }
    # a database that knows dora (the same password) but none of her sessions
    start_server "$tmp/other.db"
    printf 'quit\n' | XQ_PASSWORD=secret-dora "$play" --connect "127.0.0.1:$port" --user dora --register \
        >"$tmp/out" 2>&1 || fail "dora's account in the other database"
    kill_server
    # the game: dora (the player, Red) against erin (nc)
    start_server "$tmp/r.db"
    erin_connect "$tmp/erin" register
    mkfifo "$tmp/dora.in"
    XQ_PASSWORD=secret-dora "$play" --connect "127.0.0.1:$port" --user dora --register --ascii \
        <"$tmp/dora.in" >"$tmp/dora" 2>&1 &
    ppid=$!
    exec 6>"$tmp/dora.in"
    wait_long "$tmp/dora" '^Logged in as dora '
    dora seek 300 0 axf red
    wait_long "$tmp/dora" '^Your seek [0-9]+ is open'
    erin accept "$(sed -n 's/^Your seek \([0-9]*\) is open.*/\1/p' "$tmp/dora" | head -n 1)"
    wait_long "$tmp/dora" '^Game [0-9]+: dora \(Red\) - erin \(Black\), 300\+0, rules axf; you play Red.$'
    rg=$(sed -n 's/^Game \([0-9]*\): dora (Red).*/\1/p' "$tmp/dora" | head -n 1)
    # a guest watches the game: after the restart it watches it again
    mkfifo "$tmp/watcher.in"
    "$play" --connect "127.0.0.1:$port" --ascii <"$tmp/watcher.in" >"$tmp/watcher" 2>&1 &
    gpid=$!
    exec 8>"$tmp/watcher.in"
    printf 'watch %s\n' "$rg" >&8
    wait_long "$tmp/watcher" "^Game $rg: dora \\(Red\\) - erin \\(Black\\), 300\\+0, rules axf; you watch\\.\$"
    dora h2e2
    wait_long "$tmp/erin" '^move [{].*"ply":1,'
    erin move "$rg" h9g7
    wait_long "$tmp/dora" '^Last move: 1\. \.\.\. h9g7$'
    wait_long "$tmp/watcher" '^Last move: 1\. \.\.\. h9g7$'
    # kill -9 the server: the player stays, and retries while it is down
    kill_server
    wait_long "$tmp/dora" '^Connection to the server lost \(the server closed the connection\)\. Reconnecting: attempt 1 in [0-9.]+ s'
    wait_long "$tmp/dora" '^Reconnecting: attempt 1 failed \(Connection refused\); attempt 2 in [0-9.]+ s\.$'
    dora seek
    wait_long "$tmp/dora" '^Not connected: reconnecting \(attempt [0-9]+ in [0-9.]+ s\)\. Type .quit. to leave\.$'
    dora board
    wait_count "$tmp/dora" '^Last move: 1\. \.\.\. h9g7$' 2
    # the server again, on the same port with the same database: the player
    # resumes its session and shows the game (the moves so far) once more
    start_server "$tmp/r.db" "$port"
    wait_long "$tmp/dora" '^Reconnected \(attempt [0-9]+, [0-9.]+ s after the loss\); resuming the session\.$'
    wait_long "$tmp/dora" '^Resumed the session as dora\.$'
    wait_count "$tmp/dora" '^Last move: 1\. \.\.\. h9g7$' 3
    wait_count "$tmp/dora" "^Game $rg: Red to move: your move\.\$" 3
    reject_in() { if grep -Eq -- "$2" "$1"; then cp "$1" "$tmp/out"; fail "unexpected '$2'"; fi; }
    reject_in "$tmp/dora" '^Goodbye'
    # the game goes on: the player's next move reaches erin
    erin_connect "$tmp/erin2" login
    wait_long "$tmp/erin2" '^game [{].*"game":'"$rg"','
    dora h0g2
    wait_long "$tmp/erin2" '^move [{].*"game":'"$rg"',"ply":3,"move":"h0g2"'
    wait_long "$tmp/watcher" '^Resumed the session as guest-[0-9a-f]*\.$'
    wait_long "$tmp/watcher" '^Last move: 2\. h0g2$'
    printf 'quit\n' >&8
    i=0
    while kill -0 "$gpid" 2>/dev/null; do
        i=$((i + 1)); [ $i -le 300 ] || fail "the watcher did not leave at quit"; sleep 0.1
    done
    wait "$gpid" || { cp "$tmp/watcher" "$tmp/out"; fail "the watcher's exit status"; }
    gpid=
    exec 8>&-
    # 'quit' while reconnecting: a clean exit
    kill_server
    wait_count "$tmp/dora" '^Connection to the server lost ' 2
    dora quit
    i=0
    while kill -0 "$ppid" 2>/dev/null; do
        i=$((i + 1)); [ $i -le 300 ] || fail "the player did not leave at quit while reconnecting"; sleep 0.1
    done
    wait "$ppid" || { cp "$tmp/dora" "$tmp/out"; fail "quit while reconnecting: exit status not 0"; }
    ppid=
    grep -q '^Goodbye.$' "$tmp/dora" || { cp "$tmp/dora" "$tmp/out"; fail "no goodbye at quit while reconnecting"; }
    exec 6>&-
    start_server "$tmp/r.db" "$port"
    erin_connect "$tmp/erin3" login
    if command -v python3 >/dev/null 2>&1; then
        # A network cut: the player talks to the server through a proxy, which
        # is killed; erin moves while the player is away; the proxy comes back
        # on its port and the player shows erin's move after resuming.
        cat >"$tmp/proxy.py" <<'PYEOF'
import os, socket, sys, threading
listen, up, portfile = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", listen))
s.listen(8)
with open(portfile + ".tmp", "w") as f:
    f.write("%d\n" % s.getsockname()[1])
os.rename(portfile + ".tmp", portfile)
threading.Timer(120, lambda: os._exit(0)).start()   # bounded: it stops by itself
def pipe(a, b):
    try:
        while True:
            d = a.recv(65536)
            if not d:
                break
            b.sendall(d)
    except OSError:
        pass
    for x in (a, b):
        try:
            x.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
while True:
    c, _ = s.accept()
    try:
        u = socket.create_connection(("127.0.0.1", up))
    except OSError:
        c.close()
        continue
    threading.Thread(target=pipe, args=(c, u), daemon=True).start()
    threading.Thread(target=pipe, args=(u, c), daemon=True).start()
PYEOF
        # start_proxy PORT: sets xpid and pport
        start_proxy() {
            rm -f "$tmp/pport"
            python3 "$tmp/proxy.py" "$1" "$port" "$tmp/pport" &
            xpid=$!
            i=0
            while [ ! -s "$tmp/pport" ]; do
                i=$((i + 1)); [ $i -le 300 ] || fail "the proxy did not start"; sleep 0.1
            done
            pport=$(cat "$tmp/pport")
        }
        start_proxy 0
        mkfifo "$tmp/dora2.in"
        XQ_PASSWORD=secret-dora "$play" --connect "127.0.0.1:$pport" --user dora --ascii \
            <"$tmp/dora2.in" >"$tmp/dora2" 2>&1 &
        qpid=$!
        exec 7>"$tmp/dora2.in"
        dora2() { printf '%s\n' "$*" >&7; }
        wait_long "$tmp/dora2" "^Game $rg: Black to move\.\$"
        kill -9 "$xpid"; wait "$xpid" 2>/dev/null || true; xpid=
        wait_long "$tmp/dora2" '^Connection to the server lost '
        erin move "$rg" i9h9
        wait_long "$tmp/erin3" '^move [{].*"game":'"$rg"',"ply":4,"move":"i9h9"'
        start_proxy "$pport"
        wait_long "$tmp/dora2" '^Resumed the session as dora\.$'
        wait_long "$tmp/dora2" '^Last move: 2\. \.\.\. i9h9$'
        wait_long "$tmp/dora2" "^Game $rg: Red to move: your move\.\$"
        dora2 b0c2
        wait_long "$tmp/erin3" '^move [{].*"game":'"$rg"',"ply":5,"move":"b0c2"'
        # a game that ends while the player is away is reported with its result
        kill -9 "$xpid"; wait "$xpid" 2>/dev/null || true; xpid=
        wait_count "$tmp/dora2" '^Connection to the server lost ' 2
        erin resign "$rg"
        wait_long "$tmp/erin3" '^end [{].*"result":"1-0","reason":"resignation"'
        start_proxy "$pport"
        wait_count "$tmp/dora2" '^Resumed the session as dora\.$' 2
        wait_long "$tmp/dora2" "^Game $rg ended while the connection was down: 1-0, resignation\.\$"
        # The server comes back with a database that does not know the
        # session: the player logs in again with its password (through the
        # proxy, which accepts and closes while the server is down).
        kill_server
        wait_count "$tmp/dora2" '^Connection to the server lost ' 3
        wait_long "$tmp/dora2" '^Reconnecting: attempt 1 failed '
        start_server "$tmp/other.db" "$port"
        wait_long "$tmp/dora2" '^The server no longer knows this session \(bad_token\): logging in again as dora\.$'
        wait_long "$tmp/dora2" '^Logged in again as dora\.$'
        dora2 lobby
        wait_long "$tmp/dora2" '^No open seeks'
        dora2 quit
        i=0
        while kill -0 "$qpid" 2>/dev/null; do
            i=$((i + 1)); [ $i -le 300 ] || fail "the player (proxy) did not leave"; sleep 0.1
        done
        wait "$qpid" || { cp "$tmp/dora2" "$tmp/out"; fail "the player (proxy): exit status"; }
        qpid=
        exec 7>&-
        kill -9 "$xpid" 2>/dev/null || true; xpid=
    fi
    # a guest whose session the new server does not know: a clear message, status 1
    mkfifo "$tmp/guest.in"
    "$play" --connect "127.0.0.1:$port" --ascii <"$tmp/guest.in" >"$tmp/guest" 2>&1 &
    gpid=$!
    exec 6>"$tmp/guest.in"
    wait_long "$tmp/guest" '^Logged in as guest-'
    kill_server
    wait_long "$tmp/guest" '^Reconnecting: attempt 1 failed '
    start_server "$tmp/third.db" "$port"
    wait_long "$tmp/guest" '^The server no longer knows this session \(bad_token\): a guest cannot come back'
    i=0
    while kill -0 "$gpid" 2>/dev/null; do
        i=$((i + 1)); [ $i -le 300 ] || fail "the guest did not leave"; sleep 0.1
    done
    rc=0; wait "$gpid" || rc=$?
    gpid=
    [ $rc -eq 1 ] || { cp "$tmp/guest" "$tmp/out"; fail "a refused guest session exits $rc, not 1"; }
    # --reconnect-timeout 0: the old way, leave at once (status 1)
    exec 6>&-
    mkfifo "$tmp/nore.in"
    "$play" --connect "127.0.0.1:$port" --reconnect-timeout 0 <"$tmp/nore.in" >"$tmp/nore" 2>&1 &
    gpid=$!
    exec 6>"$tmp/nore.in"
    wait_long "$tmp/nore" '^Logged in as guest-'
    kill_server
    i=0
    while kill -0 "$gpid" 2>/dev/null; do
        i=$((i + 1)); [ $i -le 300 ] || fail "--reconnect-timeout 0 did not leave"; sleep 0.1
    done
    rc=0; wait "$gpid" || rc=$?
    gpid=
    [ $rc -eq 1 ] || { cp "$tmp/nore" "$tmp/out"; fail "--reconnect-timeout 0: exit $rc, not 1"; }
    grep -q '^The connection to the server is lost (the server closed the connection).$' "$tmp/nore" ||
        { cp "$tmp/nore" "$tmp/out"; fail "--reconnect-timeout 0: no message"; }
    if "$play" --reconnect-timeout 5 </dev/null >"$tmp/out" 2>&1; then fail "--reconnect-timeout without --connect"; fi
    if "$play" --connect "127.0.0.1:$port" --reconnect-timeout -1 </dev/null >"$tmp/out" 2>&1; then
        fail "--reconnect-timeout -1 accepted"; fi
    netclean14
    spid= npid= ppid= xpid= qpid= gpid=
    trap 'rm -rf "$tmp"' EXIT
fi

# 5. Options and errors.
"$play" --help >"$tmp/out" || fail "--help"
expect "^usage: xiangqi"
if "$play" --bogus >"$tmp/out" 2>&1; then fail "--bogus accepted"; fi
if "$play" --fen "nonsense" >"$tmp/out" 2>&1 </dev/null; then fail "bad FEN accepted"; fi
expect "bad FEN"
if "$play" --color sometimes >"$tmp/out" 2>&1 </dev/null; then fail "bad --color accepted"; fi
for bad in "--engine purple" "--level 21" "--time -1" "--threads 0" "--rules fide" "--notation x" \
    "--time 0" "--red=1"; do
    # shellcheck disable=SC2086
    if "$play" $bad >"$tmp/out" 2>&1 </dev/null; then fail "$bad accepted"; fi
done
"$play" --help >"$tmp/out"
for opt in --engine --red --black --watch --two-players --max-plies --load --level --time --depth \
    --nodes --threads --hash --seed --thinking --book --no-book --egtb --rules --notation \
    --reconnect-timeout; do
    expect "  $opt"
done
echo "play_test ok"
