#!/bin/sh
# SPDX-License-Identifier: MIT
# Every public layer header compiles on its own, first in a translation unit,
# as C99 and as C++11, with warnings as errors: a header that needs another
# one includes it itself. The C++ wrapper has one part per C layer
# (core.hpp for core.h, board.hpp for board.h, ...); each part compiles alone
# as C++11, and the umbrellas xiangqi.h and xiangqi.hpp include every layer.
# usage: headers_alone.sh INCLUDE_DIR C_COMPILER CXX_COMPILER
set -eu
inc=$1
cc=$2
cxx=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for h in "$inc"/xiangqi/*.h; do
    name=$(basename "$h")
    [ "$name" = version.h ] && continue
    printf '#include <xiangqi/%s>\nint xq_headers_alone_%d;\n' "$name" "$n" >"$tmp/t.c"
    cp "$tmp/t.c" "$tmp/t.cpp"
    "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror -I"$inc" -c "$tmp/t.c" -o "$tmp/t.o" ||
        { echo "xiangqi/$name does not compile alone as C99" >&2; exit 1; }
    "$cxx" -std=c++11 -Wall -Wextra -Wpedantic -Werror -I"$inc" -c "$tmp/t.cpp" -o "$tmp/t.o" ||
        { echo "xiangqi/$name does not compile alone as C++11" >&2; exit 1; }
    n=$((n + 1))
done
[ "$n" -ge 10 ] || { echo "expected at least 10 public headers (book.h included), found $n" >&2; exit 1; }

# Each C layer has its C++ part, and both umbrellas include every layer.
for h in "$inc"/xiangqi/*.h; do
    layer=$(basename "$h" .h)
    case $layer in version | xiangqi) continue ;; esac
    [ -f "$inc/xiangqi/$layer.hpp" ] ||
        { echo "xiangqi/$layer.h has no C++ part xiangqi/$layer.hpp" >&2; exit 1; }
    grep -q "^#include \"xiangqi/$layer.h\"" "$inc/xiangqi/xiangqi.h" ||
        { echo "xiangqi/xiangqi.h does not include xiangqi/$layer.h" >&2; exit 1; }
done
m=0
for h in "$inc"/xiangqi/*.hpp; do
    name=$(basename "$h")
    [ "$name" = xiangqi.hpp ] ||
        grep -q "^#include \"xiangqi/$name\"" "$inc/xiangqi/xiangqi.hpp" ||
        { echo "xiangqi/xiangqi.hpp does not include xiangqi/$name" >&2; exit 1; }
    printf '#include <xiangqi/%s>\n#include <xiangqi/%s>\nint xq_headers_alone_%d;\n' \
        "$name" "$name" "$m" >"$tmp/t.cpp"
    "$cxx" -std=c++11 -Wall -Wextra -Wpedantic -Werror -I"$inc" -c "$tmp/t.cpp" -o "$tmp/t.o" ||
        { echo "xiangqi/$name does not compile alone as C++11" >&2; exit 1; }
    m=$((m + 1))
done
echo "$n public headers compile alone as C99 and C++11, $m C++ headers as C++11"
