#!/bin/sh
# SPDX-License-Identifier: MIT
# XQ_DEPRECATED (xiangqi/core.h, docs/conventions.md): a call to a declaration
# it marks is a deprecated-declarations warning carrying the macro's message
# (an error under -Werror=deprecated-declarations), in C and in C++; with
# XQ_NO_DEPRECATION_WARNINGS defined the same file compiles without a warning.
# usage: deprecation.sh INCLUDE_DIR SOURCE C_COMPILER CXX_COMPILER
set -eu
inc=$1
src=$2
cc=$3
cxx=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
msg="use xq_version()"

cp "$src" "$tmp/t.c"
cp "$src" "$tmp/t.cpp"
for lang in C C++; do
    if [ "$lang" = C ]; then
        compile="$cc -std=c99 -Wall -Wextra -Wpedantic"
        file=$tmp/t.c
    else
        compile="$cxx -std=c++11 -Wall -Wextra -Wpedantic"
        file=$tmp/t.cpp
    fi
    # 1. the call is an error under -Werror=deprecated-declarations, with the message
    # shellcheck disable=SC2086
    if $compile -Werror=deprecated-declarations -I"$inc" -c "$file" -o "$tmp/t.o" \
        >"$tmp/err" 2>&1; then
        fail "$lang: a call to an XQ_DEPRECATED function compiled under -Werror=deprecated-declarations"
    fi
    grep -qF "is deprecated: $msg" "$tmp/err" || {
        cat "$tmp/err" >&2
        fail "$lang: the error is not the deprecation with its message '$msg'"
    }
    # 2. without -Werror it is a warning, and the object is built
    # shellcheck disable=SC2086
    $compile -I"$inc" -c "$file" -o "$tmp/t.o" >"$tmp/warn" 2>&1 ||
        { cat "$tmp/warn" >&2; fail "$lang: the deprecation stopped the compilation"; }
    grep -qF "is deprecated: $msg" "$tmp/warn" || { cat "$tmp/warn" >&2; fail "$lang: no deprecation warning"; }
    # 3. XQ_NO_DEPRECATION_WARNINGS: clean under -Werror
    # shellcheck disable=SC2086
    $compile -Werror -DXQ_NO_DEPRECATION_WARNINGS -I"$inc" -c "$file" -o "$tmp/t.o" \
        >"$tmp/quiet" 2>&1 ||
        { cat "$tmp/quiet" >&2; fail "$lang: XQ_NO_DEPRECATION_WARNINGS did not silence the warning"; }
    echo "$lang: the deprecated call fails under -Werror=deprecated-declarations ($(grep -m1 -F "is deprecated: $msg" "$tmp/err" | sed 's/^.*: \(warning\|error\): //'))"
done
echo "XQ_DEPRECATED warns with its message, and XQ_NO_DEPRECATION_WARNINGS silences it"
