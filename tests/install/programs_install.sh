#!/bin/sh
# SPDX-License-Identifier: MIT
# Installed programs find the installed library by their relative RPATH
# ($ORIGIN/../LIBDIR): install into a temporary prefix, move the tree, and run
# every program there without LD_LIBRARY_PATH.
# usage: programs_install.sh BUILD_DIR
set -eu
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/first" >"$tmp/install.log"
mv "$tmp/first" "$tmp/moved"
unset LD_LIBRARY_PATH
for prog in xiangqi xq-uci xq-match xq-pgn xq-perft xq-svg xq-book; do
    p="$tmp/moved/bin/$prog"
    [ -x "$p" ] || fail "$prog not installed"
    if command -v readelf >/dev/null 2>&1; then
        readelf -d "$p" | grep -Eq 'R(UN)?PATH.*\[\$ORIGIN/\.\./' ||
            fail "$prog: no relative RPATH: $(readelf -d "$p" | grep -E 'R(UN)?PATH' || true)"
    fi
    "$p" --version >"$tmp/out" 2>&1 || fail "$prog does not run from the moved tree: $(cat "$tmp/out")"
done
"$tmp/moved/bin/xq-perft" --depth 2 | grep -Eq '^2 +1920 ' || fail "xq-perft --depth 2"
# The default opening book, found beside the moved programs.
if [ -f "$build/share/xiangqi/book.xqb" ]; then
    [ -f "$tmp/moved/share/xiangqi/LICENSE.ccpd" ] || fail "LICENSE.ccpd not installed beside the book"
    printf 'uci\nquit\n' | "$tmp/moved/bin/xq-uci" |
        grep -qx "option name BookFile type string default $tmp/moved/share/xiangqi/book.xqb" ||
        fail "xq-uci does not find the moved book"
    "$tmp/moved/bin/xq-book" probe "$tmp/moved/share/xiangqi/book.xqb" | grep -q '^h2e2 ' ||
        fail "the installed book has no h2e2"
fi
echo "programs_install ok"
