#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library must export exactly the symbols listed in lib/xiangqi.sym
# (one per line, sorted). An ABI change is then always a deliberate edit.
# usage: check_exports.sh LIBRARY SYMBOL_LIST
set -eu
lib=$1
expected=$2
# A coverage build (XQ_COVERAGE, scripts/coverage) links the profiling
# runtime in, whose symbols are not the library's: they are left out.
actual=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | sed 's/@.*//' |
    grep -Ev '^(__gcov_|__llvm_|lprofDirMode$|reset_fn_list$|writeout_fn_list$)' | LC_ALL=C sort -u)
if ! printf '%s\n' "$actual" | diff -u "$expected" - ; then
    echo "exported symbols differ from $expected (lines with + are exported but not listed)" >&2
    exit 1
fi
bad=$(printf '%s\n' "$actual" | grep -v '^xq_' || true)
if [ -n "$bad" ]; then
    echo "symbols without the xq_ prefix are exported: $bad" >&2
    exit 1
fi
soname=$(objdump -p "$lib" | awk '$1 == "SONAME" { print $2 }')
case "$soname" in
    libxiangqi.so.[0-9]*) ;;
    *) echo "unexpected SONAME '$soname'" >&2; exit 1 ;;
esac
echo "exports ok: $(printf '%s\n' "$actual" | wc -l) symbols, SONAME $soname"
