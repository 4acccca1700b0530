#!/bin/sh
# SPDX-License-Identifier: MIT
# The ABI guard (abi/README.md): the library's binary interface, as libabigail
# reads it from the DWARF of a library built with debug information
# (-DXQ_DEBUG_INFO=ON), compared with the description committed in abi/.
#
#   tools/abi.sh dump LIBRARY OUTPUT     write LIBRARY's ABI description to OUTPUT
#                                        (what `cmake --build BUILD --target
#                                        abi-baseline` runs into abi/)
#   tools/abi.sh check LIBRARY BASELINE  compare LIBRARY with BASELINE: the
#                                        abi_compat test. Exit 0: the same ABI or
#                                        compatible additions (reported); 1: an
#                                        incompatible change or an error; 77:
#                                        skipped (no abidiff, no debug
#                                        information, another architecture)
#
# Only the public interface counts: the functions exported from the library
# and the types declared in include/xiangqi/ (abi/private-types.suppr sets
# the others aside: the structs behind the handles are the library's own).
# Every type of the public headers is described, used by a function or not
# (--load-all-types, with the library compiled with
# -fno-eliminate-unused-debug-types), so that enumerators, which the API
# passes as int, are compared too. The baseline is GCC's (abi/README.md).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
headers=$root/include/xiangqi
appended=$root/abi/appended-fields.suppr
private=$root/abi/private-types.suppr

die() { echo "abi.sh: $*" >&2; exit 1; }
skip() { echo "abi.sh: skipped: $*"; exit 77; }
usage() { sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"; }

has_debug_info() { # library
    LC_ALL=C readelf -S --wide "$1" 2>/dev/null | grep -q ' \.debug_info '
}

# dump LIBRARY OUTPUT: the description is the same from any build directory
# and checkout: no corpus path, no compilation directory, no locations (a
# header's comment moves its lines, not the ABI), type ids as hashes of the
# types (an added type does not renumber the others), and the translation
# units named relative to the source tree.
dump() {
    lib=$1 out=$2
    has_debug_info "$lib" ||
        die "$lib has no debug information: configure with -DXQ_DEBUG_INFO=ON"
    tmp=$(mktemp)
    # --load-all-types reads every type the library's objects know: those of
    # include/xiangqi/ (the enums too), but also those of lib/ and of the
    # system headers. --drop-private-types drops too few of them (libabigail
    # matches headers by base name, and lib/engine/search.h is not
    # include/xiangqi/search.h), so they stay in the description, with the
    # file that declares them, and the check sets aside every change to a
    # type declared outside include/xiangqi/ (abi/private-types.suppr).
    if ! abidw --headers-dir "$headers" --drop-private-types --load-all-types \
        --no-elf-needed --no-corpus-path --no-comp-dir-path --type-id-style hash \
        --out-file "$tmp" "$lib"; then
        rm -f "$tmp"
        die "abidw failed on $lib"
    fi
    # Paths relative to the source tree and no line numbers (a header's
    # comment moves its lines, not the ABI); the licence line and where the
    # file comes from inside the root element (libabigail reads nothing
    # before it).
    # The declarations of functions the library does not export (malloc(),
    # the xq__ functions) are left out: no part of the ABI, and libabigail
    # files them under whichever translation unit it meets first, which
    # changes with the checkout's path.
    sed -e "s|path='$root/|path='|g" \
        -e "s| line='[0-9]*' column='[0-9]*'||g" \
        -e '1a\  <!-- SPDX-License-Identifier: MIT -->' \
        -e '1a\  <!-- Written by tools/abi.sh dump, the abi-baseline target: see abi/README.md. -->' \
        "$tmp" | awk '
        /^ *<function-decl / && !/elf-symbol-id=/ { skip = !/\/>$/; next }
        skip { if (/<\/function-decl>/) skip = 0; next }
        { print }' >"$out.tmp"
    rm -f "$tmp"
    readable "$out.tmp" || { rm -f "$out.tmp"; die "abidw wrote a description that does not read"; }
    # Without -fno-eliminate-unused-debug-types the enums are missing.
    grep -q "<enum-decl name='xq_error'" "$out.tmp" || { rm -f "$out.tmp"
        die "$lib does not describe the public enums: configure with -DXQ_DEBUG_INFO=ON"; }
    mv "$out.tmp" "$out"
}

# abidiff takes a description it cannot parse for an empty one, and finds
# no change: abilint reads it first.
readable() { # description
    abilint --noout "$1" >/dev/null 2>"$1.lint" || { cat "$1.lint" >&2; rm -f "$1.lint"; return 1; }
    rm -f "$1.lint"
}

# Harmless changes (an enumerator added at the end) are not changes to
# abidiff: show them too, as additions (unless the report above said it all).
harmless() { # suppression options
    abidiff -t --harmless "$@" "$baseline" "$work/build.abi" >"$work/harmless" 2>&1 && return 0
    cmp -s "$work/harmless" "$work/report" && return 0
    echo "harmless changes (abidiff --harmless):"
    cat "$work/harmless"
    echo "record them: regenerate the baseline in the same commit (abi/README.md)"
}

check() {
    lib=$1 baseline=$2
    command -v abidiff >/dev/null 2>&1 && command -v abidw >/dev/null 2>&1 ||
        skip "abidiff not found (Debian: apt-get install abigail-tools)"
    [ -f "$baseline" ] || die "no ABI baseline $baseline for this SOVERSION:
  a new major version starts its baseline with
  cmake --build BUILD --target abi-baseline (abi/README.md)"
    readable "$baseline" || die "$baseline is not a readable ABI description"
    has_debug_info "$lib" || skip "$lib has no debug information (configure with -DXQ_DEBUG_INFO=ON)"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    dump "$lib" "$work/build.abi"
    # The description is per architecture (sizes and alignments).
    arch() { sed -n "1s/.*architecture='\([^']*\)'.*/\1/p" "$1"; }
    [ "$(arch "$baseline")" = "$(arch "$work/build.abi")" ] ||
        skip "the baseline describes $(arch "$baseline"), this library is $(arch "$work/build.abi")"

    # The handles (typedef struct xq_board xq_board; in a public header,
    # defined in lib/): their structs are the library's own. abidiff does not
    # set aside by its location a struct that a public typedef names, so by
    # name; from the headers, so that a new handle needs no edit here.
    handles=$(sed -n 's/^typedef struct \(xq_[a-z0-9_]*\) \1;.*/\1/p' "$headers"/*.h | sort -u | paste -sd '|' -)
    [ -n "$handles" ] || die "no handle types found in $headers"
    printf '[suppress_type]\n  type_kind = struct\n  name_regexp = ^(%s)$\n' "$handles" >"$work/handles.suppr"
    set -- --suppressions "$private" --suppressions "$work/handles.suppr"

    # abidiff's exit status is a bit field: 1 error, 2 usage error, 4 the ABI
    # changed, 8 the change is incompatible (a removed function or variable,
    # a changed enumerator, ...). -t compares the types that no function
    # uses (the enums) too.
    echo "abidiff $baseline $lib"
    status=0
    abidiff -t "$@" "$baseline" "$work/build.abi" >"$work/report" 2>&1 || status=$?
    if [ $((status & 1)) -ne 0 ]; then
        cat "$work/report"
        die "abidiff failed (status $status)"
    fi
    if [ "$status" -eq 0 ]; then
        harmless "$@"
        echo "ABI compatible with $(basename "$baseline")"
        exit 0
    fi
    cat "$work/report"
    # What is left once the additions are set aside (new functions and
    # variables, new types, fields appended to a versioned input struct:
    # abi/appended-fields.suppr) must be nothing. Two runs, as abidiff sets
    # no INCOMPATIBLE bit for a changed function or struct reached from one:
    # without -t, any change left to the functions and the types they use
    # fails (bit 4); with -t, a removed or changed type that no function
    # uses (an enum) fails (bit 8), while a new one sets only bit 4.
    reach=0
    abidiff --no-added-syms "$@" --suppressions "$appended" "$baseline" "$work/build.abi" \
        >"$work/reach" 2>&1 || reach=$?
    all=0
    abidiff -t --no-added-syms "$@" --suppressions "$appended" "$baseline" "$work/build.abi" \
        >"$work/all" 2>&1 || all=$?
    if [ $(((reach | all) & 1)) -ne 0 ]; then
        cat "$work/reach" "$work/all"
        die "abidiff failed (status $reach, $all)"
    fi
    if [ "$reach" -ne 0 ] || [ $((all & 8)) -ne 0 ]; then
        die "INCOMPATIBLE ABI change (abidiff status $status; without the additions $reach,
  and $all with the types no function uses): a function removed or changed, a public
  struct's layout or an enumerator's value changed. Refused within a major version
  (abi/README.md)."
    fi
    harmless "$@"
    echo "compatible additions only (abidiff status $status; without them $reach and $all):"
    echo "accept them: regenerate the baseline in the same commit (abi/README.md)"
    exit 0
}

case ${1:-} in
    dump) [ $# -eq 3 ] || { usage >&2; exit 2; }; dump "$2" "$3" ;;
    check) [ $# -eq 3 ] || { usage >&2; exit 2; }; check "$2" "$3" ;;
    -h | --help) usage ;;
    *) usage >&2; exit 2 ;;
esac
