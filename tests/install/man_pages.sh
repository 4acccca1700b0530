#!/bin/sh
# SPDX-License-Identifier: MIT
# Every program has a manual page in docs/man that formats without warnings
# and documents exactly the options its --help lists; and every program answers
# --version, --help and a bad option the same way (common/cli.h).
# usage: man_pages.sh MAN_DIR PROGRAM...
set -eu
dir=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }
have_groff=0
command -v groff >/dev/null 2>&1 && have_groff=1
[ $have_groff -eq 1 ] || echo "note: groff not found (Debian groff-base); formatting not checked"

for prog in "$@"; do
    name=$(basename "$prog")
    page="$dir/$name.1"
    [ -f "$page" ] || { fail "$name: no manual page $page"; continue; }
    grep -q "^$name \\\\- " "$page" || fail "$name: the NAME section does not start with '$name \\-'"
    if [ $have_groff -eq 1 ]; then
        LC_ALL=C.UTF-8 groff -k -Tutf8 -man -ww -z "$page" 2>"$tmp/warn" || true
        [ -s "$tmp/warn" ] && { cat "$tmp/warn" >&2; fail "$name: groff warnings"; }
    fi
    "$prog" --help >"$tmp/help" 2>&1 || fail "$name: --help failed"
    # Options: words starting with - or -- after a blank or ( [ | , (not "xq-svg", "1-10").
    opts() { grep -oE -- '(^|[][ (|,])--?[a-z][a-z0-9-]*' | sed 's/^[][ (|,]//' | sort -u; }
    opts <"$tmp/help" >"$tmp/help.opts"
    sed 's/\\-/-/g; s/^\.[A-Z]* //' "$page" | opts >"$tmp/man.opts"
    missing=$(comm -23 "$tmp/help.opts" "$tmp/man.opts" | tr '\n' ' ')
    # -h/--help may go unmentioned by the --help text itself
    extra=$(comm -13 "$tmp/help.opts" "$tmp/man.opts" | grep -vx -e -h -e --help | tr '\n' ' ')
    [ -z "$missing" ] || fail "$name: options in --help but not in the manual: $missing"
    [ -z "$extra" ] || fail "$name: options in the manual but not in --help: $extra"
    # --version: one line "<prog> <library version>" on standard output.
    "$prog" --version >"$tmp/ver" 2>"$tmp/ver.err" || fail "$name: --version failed"
    grep -Eqx "$name [0-9]+\.[0-9]+\.[0-9]+.*" "$tmp/ver" && [ "$(wc -l <"$tmp/ver")" -eq 1 ] ||
        fail "$name: --version printed '$(cat "$tmp/ver")', not '$name VERSION'"
    [ -s "$tmp/ver.err" ] && fail "$name: --version wrote to standard error"
    # A bad option: exit 2 and one line of hint on standard error, not the help.
    rc=0
    "$prog" --no-such-option >"$tmp/bad.out" 2>"$tmp/bad.err" </dev/null || rc=$?
    [ $rc -eq 2 ] || fail "$name: a bad option exits $rc, not 2"
    [ -s "$tmp/bad.out" ] && fail "$name: a bad option writes to standard output"
    [ "$(cat "$tmp/bad.err")" = "$name: unknown option '--no-such-option' (try '$name --help')" ] ||
        fail "$name: a bad option prints '$(cat "$tmp/bad.err")'"
    [ $status -eq 0 ] && echo "$name: $(wc -l <"$tmp/help.opts") options documented"
done
exit $status
