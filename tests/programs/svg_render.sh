#!/bin/sh
# SPDX-License-Identifier: MIT
# Render pictures from xq-svg with rsvg-convert (Debian librsvg2-bin) and check
# that each PNG exists, has the width asked for and the height the SVG states,
# and is not blank. Also covers xq-svg's options and errors.
# usage: svg_render.sh XQ_SVG RSVG_CONVERT
set -eu
svg=$1
rsvg=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# PNG width and height from the IHDR chunk (bytes 16..23, big-endian).
png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%d %d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

middle="1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
render() { # name size xq-svg-args...
    name=$1 size=$2
    shift 2
    "$svg" --size "$size" "$@" -o "$tmp/$name.svg" || fail "$name: xq-svg failed"
    height=$(sed -n 's/^<svg [^>]* height="\([0-9]*\)".*/\1/p' "$tmp/$name.svg")
    [ -n "$height" ] || fail "$name: no height attribute"
    "$rsvg" "$tmp/$name.svg" -o "$tmp/$name.png" 2>"$tmp/$name.err" || { cat "$tmp/$name.err" >&2; fail "$name: rsvg-convert failed"; }
    [ -s "$tmp/$name.png" ] || fail "$name: empty PNG"
    got=$(png_size "$tmp/$name.png")
    [ "$got" = "$size $height" ] || fail "$name: PNG is $got, expected $size $height"
    # A blank or nearly blank image compresses to almost nothing.
    bytes=$(wc -c <"$tmp/$name.png")
    [ "$bytes" -gt $((size * 20)) ] || fail "$name: PNG of $bytes bytes looks blank"
    echo "$name: ${got% *}x${got#* } px, $bytes bytes"
}

render start 450
[ "$height" = 514 ] || fail "default layout height $height, expected 514"
render start-letters 300 --letters --flip
render middlegame 450 --fen "$middle" --arrow c4c9 --arrow h2h9 --last h8i8
render middlegame-bare 200 --fen "$middle" --coords none --no-last-move
render check 640 --fen "3k5/3R5/9/9/9/9/9/9/9/4K4 b" --coords numbers
render opening 360 --moves "h2e2 h9g7,h0g2" --coords iccs

# The moves were played: the FEN in <desc> is the position after them.
grep -q '<desc>rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2</desc>' \
    "$tmp/opening.svg" || fail "opening: wrong position"
if LC_ALL=C grep -q '[^ -~]' "$tmp/start-letters.svg"; then fail "--letters output is not ASCII"; fi
"$svg" >"$tmp/stdout.svg" && cmp -s "$tmp/stdout.svg" "$tmp/start.svg" || fail "stdout differs from -o"

# Issue 16: moves in any notation (move numbers skipped), arrows in any
# notation, and the position of a game in a file at a given ply.
"$svg" --moves "1. 炮二平五 马８进７ 2. H2+3" --arrow 车九平八 -o "$tmp/any.svg" || fail "moves in any notation"
grep -q '<desc>rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2</desc>' \
    "$tmp/any.svg" || fail "moves in any notation: wrong position"
printf '[Event "a"]\n\n1. h2e2 h9g7 *\n\n[Event "b"]\n\n1. 兵七进一 卒7进1 2. 马八进七 *\n' >"$tmp/g.pgn"
"$svg" --pgn "$tmp/g.pgn" --game 2 --ply 2 -o "$tmp/ply.svg" || fail "--pgn --game --ply"
grep -q '<desc>rnbakabnr/9/1c5c1/p1p1p3p/6p2/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 2 2</desc>' \
    "$tmp/ply.svg" || fail "--pgn --game 2 --ply 2: wrong position"
"$svg" --pgn "$tmp/g.pgn" -o "$tmp/end.svg" || fail "--pgn"
grep -q '<desc>rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2</desc>' \
    "$tmp/end.svg" || fail "--pgn: the end of the first game"
"$svg" --pgn "$tmp/g.pgn" --game 2 --ply 2 --no-last-move -o "$tmp/ply-bare.svg"
cmp -s "$tmp/ply.svg" "$tmp/ply-bare.svg" && fail "--pgn: the last move of the game is not shaded"
"$svg" --pgn - --moves h0g2 <"$tmp/g.pgn" | grep -q '<desc>rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2</desc>' ||
    fail "--pgn - with --moves"
for args in "--pgn $tmp/g.pgn --game 3" "--pgn $tmp/g.pgn --ply 9" "--ply 1" "--fen x --pgn $tmp/g.pgn" \
    "--moves 炮二进九" "--arrow 车九平七"; do
    # shellcheck disable=SC2086
    if "$svg" $args >/dev/null 2>"$tmp/err"; then fail "'$args' accepted"; fi
    [ -s "$tmp/err" ] || fail "'$args': no message"
done

# Issue 16: the Chinese characters are outlines, so the picture renders the
# same with no CJK font installed (fontconfig limited to DejaVu); as text
# (--text-glyphs) it does not, when the machine has a CJK font to compare with.
if [ -d /usr/share/fonts/truetype/dejavu ]; then
    printf '%s\n' '<?xml version="1.0"?>' '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">' \
        "<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>$tmp/fc-cache</cachedir></fontconfig>" \
        >"$tmp/fc.conf"
    "$rsvg" "$tmp/start.svg" -o "$tmp/fonts.png"
    FONTCONFIG_FILE="$tmp/fc.conf" "$rsvg" "$tmp/start.svg" -o "$tmp/nofonts.png"
    cmp -s "$tmp/fonts.png" "$tmp/nofonts.png" || fail "the picture differs without CJK fonts"
    if command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh-cn family)" ]; then
        "$svg" --text-glyphs -o "$tmp/text.svg"
        "$rsvg" "$tmp/text.svg" -o "$tmp/text-fonts.png"
        FONTCONFIG_FILE="$tmp/fc.conf" "$rsvg" "$tmp/text.svg" -o "$tmp/text-nofonts.png"
        if cmp -s "$tmp/text-fonts.png" "$tmp/text-nofonts.png"; then
            fail "--text-glyphs renders the same without CJK fonts (the check cannot tell)"
        fi
    fi
    echo "no-CJK-font rendering: same picture"
fi
grep -q '<path aria-label="帅"' "$tmp/start.svg" || fail "the pieces are not outlines"
if grep -q "font-family=\"'Noto" "$tmp/start.svg"; then fail "CJK text in the default picture"; fi

# Errors: exit status 2 and a message.
for args in "--size 10" "--coords sideways" "--arrow x9" "--fen nonsense" "--moves h2e3" "--bogus"; do
    # shellcheck disable=SC2086
    if "$svg" $args >/dev/null 2>"$tmp/err"; then fail "'$args' accepted"; fi
    [ -s "$tmp/err" ] || fail "'$args': no message"
done
"$svg" --help | grep -q '^usage: xq-svg' || fail "--help"
echo "svg_render ok"
