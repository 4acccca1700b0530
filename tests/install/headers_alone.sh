#!/bin/sh
# Every public layer header compiles on its own, first in a translation unit,
# as C99 and as C++11, with warnings as errors: a header that needs another
# one includes it itself.
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
echo "$n public headers compile alone as C99 and C++11"
