#!/bin/sh
# SPDX-License-Identifier: MIT
# The pictures in docs/images are made by xq-svg. This script is the list of
# them: it writes them (--write, used by scripts/docs-images) or checks that
# the committed files are exactly what the current xq-svg draws.
# usage: docs_images.sh XQ_SVG IMAGE_DIR [--write]
set -eu
svg=$1
dir=$2
mode=${3:-check}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

middle="1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
"$svg" -o "$tmp/start.svg"
"$svg" --moves "h2e2 h9g7" --arrow h0g2 --arrow b9c7 -o "$tmp/opening.svg"
"$svg" --fen "$middle" --flip --letters --coords iccs --size 360 --arrow c4c9 -o "$tmp/letters-flipped.svg"
"$svg" --fen "3k5/3R5/1N7/9/9/9/9/9/9/4K4 b" --coords numbers --size 300 -o "$tmp/checkmate.svg"

if [ "$mode" = "--write" ]; then
    mkdir -p "$dir"
    cp "$tmp"/*.svg "$dir/"
    echo "wrote $(ls "$tmp" | wc -l) pictures to $dir"
    exit 0
fi
status=0
for f in "$tmp"/*.svg; do
    name=$(basename "$f")
    if ! cmp -s "$f" "$dir/$name"; then
        echo "docs/images/$name is out of date: run scripts/docs-images" >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "docs_images ok: $(ls "$tmp" | wc -l) pictures up to date"
exit $status
