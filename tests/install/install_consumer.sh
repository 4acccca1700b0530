#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the library into a temporary prefix, then build and run a consumer
# with pkg-config and another with CMake's find_package(xiangqi).
# usage: install_consumer.sh BUILD_DIR CONSUMER_SOURCE_DIR C_COMPILER
set -eu
build=$1
src=$2
cc=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log"
for f in include/xiangqi/xiangqi.h include/xiangqi/version.h include/xiangqi/xiangqi.hpp \
    include/xiangqi/core.h include/xiangqi/board.h include/xiangqi/notation.h include/xiangqi/movelist.h \
    include/xiangqi/record.h include/xiangqi/rules.h include/xiangqi/search.h include/xiangqi/svg.h; do
    test -f "$prefix/$f" || { echo "missing $f" >&2; exit 1; }
done
# every public header of the source tree, the C++ parts (core.hpp, board.hpp, ...) included
top=$(cd "$src/../../.." && pwd) # the source tree (src is tests/install/consumer)
for h in "$top"/include/xiangqi/*.h "$top"/include/xiangqi/*.hpp; do
    f=include/xiangqi/$(basename "$h")
    test -f "$prefix/$f" || { echo "missing $f" >&2; exit 1; }
done
# the licences go with the library (docs/licences.md)
for f in LICENSE LICENSE.noto LICENSE.ccpd licences.md; do
    test -s "$prefix/share/doc/xiangqi/$f" || { echo "missing share/doc/xiangqi/$f" >&2; exit 1; }
done
grep -q "^MIT License" "$prefix/share/doc/xiangqi/LICENSE" || { echo "LICENSE is not the MIT licence" >&2; exit 1; }
libdir=$(dirname "$(find "$prefix" -name 'libxiangqi.so.1' | head -n 1)")
test -n "$libdir" || { echo "libxiangqi.so.1 not installed" >&2; exit 1; }
# the real file is named for the full version, the SONAME for the major one
version=$(sed -n 's/^Version: //p' "$libdir/pkgconfig/xiangqi.pc")
major=${version%%.*}
test -f "$libdir/libxiangqi.so.$version" || { echo "libxiangqi.so.$version not installed" >&2; exit 1; }
test "$(readlink "$libdir/libxiangqi.so.$major")" = "libxiangqi.so.$version" ||
    { echo "libxiangqi.so.$major does not link to libxiangqi.so.$version" >&2; exit 1; }
soname=$(objdump -p "$libdir/libxiangqi.so.$version" | awk '$1 == "SONAME" { print $2 }')
test "$soname" = "libxiangqi.so.$major" || { echo "SONAME is '$soname', not libxiangqi.so.$major" >&2; exit 1; }
test -f "$libdir/pkgconfig/xiangqi.pc" || { echo "xiangqi.pc not installed" >&2; exit 1; }
test -f "$libdir/cmake/xiangqi/xiangqiConfig.cmake" || { echo "CMake config not installed" >&2; exit 1; }

# 1. pkg-config
export PKG_CONFIG_PATH="$libdir/pkgconfig"
# shellcheck disable=SC2046
"$cc" -o "$tmp/consumer_pc" "$src/consumer.c" $(pkg-config --cflags --libs xiangqi)
LD_LIBRARY_PATH="$libdir" "$tmp/consumer_pc"
test "$(pkg-config --modversion xiangqi)" = "$(LD_LIBRARY_PATH="$libdir" "$tmp/consumer_pc" | sed 's/.*ok: \([^,]*\),.*/\1/')"

# 2. find_package
cmake -S "$src" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" >"$tmp/cmake.log"
cmake --build "$tmp/cmake-build" >>"$tmp/cmake.log"
LD_LIBRARY_PATH="$libdir" "$tmp/cmake-build/consumer"
# the package accepts a request within its major version and refuses others
for want in "$major.0" "$major" "$major.0...<$((major + 1)).0"; do
    cmake -S "$src" -B "$tmp/want-ok" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
        "-DXQ_WANT=$want" >"$tmp/want.log" 2>&1 ||
        { cat "$tmp/want.log" >&2; echo "find_package(xiangqi $want) refused version $version" >&2; exit 1; }
    rm -rf "$tmp/want-ok"
done
for want in "$((major + 1)).0" "0.2" "$major.99"; do
    if cmake -S "$src" -B "$tmp/want-no" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
        "-DXQ_WANT=$want" >"$tmp/want.log" 2>&1; then
        echo "find_package(xiangqi $want) accepted version $version" >&2
        exit 1
    fi
    rm -rf "$tmp/want-no"
done
echo "install_consumer ok"
