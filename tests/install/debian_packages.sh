#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian packages of debian/, built, checked, installed and removed again
# on this machine (scripts/test's "Debian packages" stage; as root only):
#
#   1. dpkg-buildpackage -us -uc -b in a copy of the source tree;
#   2. lintian on the result and on the source package (dpkg-source -b): any
#      error fails (its whole output is printed);
#   3. apt-get install ./*.deb of the five packages;
#   4. each program's --version; a C program (pkg-config) and a C++ one
#      (CMake's find_package) built against libxiangqi-dev and run; xiangqi
#      imported in the system Python, a game played and Book.default()
#      probed; the systemd unit verified, and the server started as the
#      unit starts it (its user, its database, its options file) on
#      127.0.0.1 and its page fetched;
#   5. apt-get purge of the five, and a check that the machine is as it
#      was: the same packages, no user _xq-server, no file left.
#
# The packages are purged however the script ends. It refuses to run when
# one of them is installed already (it would remove it).
#
# usage: tests/install/debian_packages.sh [SOURCE_DIR]   (default: this tree)
# XQ_DEB_KEEP=DIR keeps the built packages in DIR.
set -euo pipefail

src=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
packages=(libxiangqi1 libxiangqi-dev xiangqi-tools xq-server python3-xiangqi)
programs=(xiangqi xq-uci xq-match xq-pgn xq-perft xq-svg xq-book xq-egtb xq-server)
version=$(sed -n 's/^libxiangqi (\([^)]*\)).*/\1/p;q' "$src/debian/changelog")

say() { printf '[debian_packages %3d s] %s\n' $((SECONDS)) "$*"; }
fail() { echo "debian_packages: FAILED: $*" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
    say "skipped: installing packages needs root"
    exit 0
fi
for tool in dpkg-buildpackage lintian apt-get; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/deps.sh installs it)"
done
for p in "${packages[@]}"; do
    if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'installed'; then
        say "skipped: $p is installed on this machine already, and this test would remove it"
        exit 0
    fi
done
getent passwd _xq-server >/dev/null && fail "a user _xq-server exists already"

tmp=$(mktemp -d /tmp/xq-deb.XXXXXX)
installed=0
cleanup() {
    local rc=$?
    if [ -n "${server_pid:-}" ]; then
        kill "$server_pid" 2>/dev/null
        wait "$server_pid" 2>/dev/null
    fi
    if [ $installed -eq 1 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get purge -y "${packages[@]}" >"$tmp/purge.log" 2>&1 ||
            cat "$tmp/purge.log" >&2
    fi
    rm -rf "$tmp"
    exit $rc
}
trap cleanup EXIT

# What the machine looks like before: compared after the purge.
dpkg-query -W -f='${Package} ${Status}\n' | sort >"$tmp/before.dpkg"

# 1. Build, in a copy of the tree (dpkg-buildpackage writes beside it).
say "building the packages of libxiangqi $version"
mkdir -p "$tmp/src/libxiangqi"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z --cached --others --exclude-standard |
        xargs -0 cp --parents -t "$tmp/src/libxiangqi/")
else
    (cd "$src" && tar --exclude='./build*' --exclude=./.git -cf - .) | tar -C "$tmp/src/libxiangqi" -xf -
fi
# The source package too (native: the tree is the upstream source), for
# lintian's checks of debian/ itself (debian/copyright's format and licences).
(cd "$tmp/src" && dpkg-source -b libxiangqi >"$tmp/source.log" 2>&1) ||
    { cat "$tmp/source.log" >&2; fail "dpkg-source -b"; }
(cd "$tmp/src/libxiangqi" &&
    DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" dpkg-buildpackage -us -uc -b >"$tmp/build.log" 2>&1) ||
    { tail -n 60 "$tmp/build.log" >&2; fail "dpkg-buildpackage"; }
debs=()
for p in "${packages[@]}"; do
    f=$(ls "$tmp/src/${p}_${version}_"*.deb 2>/dev/null | head -n 1)
    [ -n "$f" ] || fail "no package $p was built"
    debs+=("$f")
    say "built $(basename "$f") ($(du -k "$f" | cut -f1) kB)"
done
[ -n "${XQ_DEB_KEEP:-}" ] && mkdir -p "$XQ_DEB_KEEP" && cp "$tmp"/src/*.deb "$XQ_DEB_KEEP"/

# 2. lintian: errors fail, the rest is printed.
say "lintian"
lintian --fail-on error --display-info --pedantic "$tmp/src/libxiangqi_${version}.dsc" \
    "$tmp/src/libxiangqi_${version}_"*.changes \
    >"$tmp/lintian.log" 2>&1 || { cat "$tmp/lintian.log"; fail "lintian reports errors"; }
grep -v '^running with root privileges' "$tmp/lintian.log" | sed 's/^/  /' || true
say "lintian: $(grep -c '^E:' "$tmp/lintian.log" || true) errors, $(grep -c '^W:' "$tmp/lintian.log" || true) warnings"

# 3. Install.
say "apt-get install ${packages[*]}"
installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${debs[@]}" \
    >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "apt-get install"; }

# 4a. The programs.
for prog in "${programs[@]}"; do
    out=$("/usr/bin/$prog" --version 2>&1) || fail "/usr/bin/$prog --version"
    case $out in *"${version%%-*}"*) ;; *) fail "/usr/bin/$prog --version says '$out', not $version" ;; esac
done
say "every program answers --version with ${version%%-*}"
man -w xq-uci >/dev/null 2>&1 || test -f /usr/share/man/man1/xq-uci.1.gz || fail "no manual page xq-uci(1)"
probe=$(xq-book probe default h2e2 2>&1) || fail "xq-book probe default: $probe"

# 4b. A C program against libxiangqi-dev, with pkg-config; a C++ one with CMake.
cat >"$tmp/first.c" <<'EOF'
#include <stdio.h>
#include <xiangqi/xiangqi.h>
int main(void)
{
    xq_board *b = NULL;
    if (xq_board_new(&b, NULL, NULL) != XQ_OK)
        return 1;
    xq_move m = XQ_MOVE_NONE;
    int rc = xq_board_move_from_text(b, "h2e2", XQ_NOTATION_AUTO, 0, &m, NULL);
    xq_move moves[XQ_MAX_MOVES];
    int legal = xq_board_generate_moves(b, moves, XQ_MAX_MOVES);
    printf("libxiangqi %s: %d legal moves, h2e2 %s\n", xq_version_string(), legal,
           rc == XQ_OK ? "parsed" : xq_strerror(rc));
    xq_board_free(b);
    return legal == 44 && rc == XQ_OK ? 0 : 1;
}
EOF
# shellcheck disable=SC2046 # pkg-config's output is a list of options
cc -Wall -Werror -o "$tmp/first" "$tmp/first.c" $(pkg-config --cflags --libs xiangqi) ||
    fail "building a C program with pkg-config"
"$tmp/first" || fail "the C program built with pkg-config"
# shellcheck disable=SC2046
cc -o "$tmp/first-static" "$tmp/first.c" $(pkg-config --cflags xiangqi) \
    /usr/lib/*/libxiangqi.a $(pkg-config --libs-only-l --static xiangqi | sed 's/-lxiangqi//') -lpthread -lm ||
    fail "linking the static library"
"$tmp/first-static" >/dev/null || fail "the statically linked program"
mkdir -p "$tmp/cxx"
cat >"$tmp/cxx/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.19)
project(first_cxx CXX)
find_package(xiangqi 1.0...<2.0 REQUIRED)
add_executable(first_cxx first.cpp)
target_link_libraries(first_cxx PRIVATE xiangqi::xiangqi)
EOF
cat >"$tmp/cxx/first.cpp" <<'EOF'
#include <iostream>
#include <xiangqi/xiangqi.hpp>
int main()
{
    xq::board b;
    std::cout << b.fen() << "\n";
    return b.legal_moves().size() == 44 ? 0 : 1;
}
EOF
cmake -S "$tmp/cxx" -B "$tmp/cxx/build" >"$tmp/cxx.log" 2>&1 && cmake --build "$tmp/cxx/build" >>"$tmp/cxx.log" 2>&1 ||
    { cat "$tmp/cxx.log" >&2; fail "building a C++ program with find_package(xiangqi)"; }
"$tmp/cxx/build/first_cxx" >/dev/null || fail "the C++ program"
say "a C program (pkg-config, shared and static) and a C++ program (CMake) built and ran"

# 4c. The system Python, with nothing of the source tree on its path.
(cd / && env -i PATH=/usr/bin:/bin HOME="$tmp" /usr/bin/python3 - "${version%%-*}" <<'EOF') || fail "python3-xiangqi"
import os, sys
import xiangqi
assert xiangqi.__version__ == sys.argv[1], xiangqi.__version__
assert os.path.realpath(xiangqi.library_path()).startswith("/usr/lib/"), xiangqi.library_path()
assert xiangqi.__file__.startswith("/usr/lib/python3/dist-packages/"), xiangqi.__file__
board = xiangqi.Board()
board.push_san("炮二平五")
book = xiangqi.Book.default()
moves = [e.move.uci() for e in book.probe(board)]
assert moves, "no book move after 炮二平五"
print("python3: xiangqi %s from %s, library %s; default book: %d moves after 炮二平五"
      % (xiangqi.__version__, xiangqi.__file__, xiangqi.library_path(), len(moves)))
EOF

# 4d. The server, as its systemd unit runs it.
unit=/lib/systemd/system/xq-server.service
test -f "$unit" || fail "no $unit"
if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify "$unit" >"$tmp/verify.log" 2>&1 || { cat "$tmp/verify.log" >&2; fail "systemd-analyze verify $unit"; }
fi
getent passwd _xq-server >/dev/null || fail "the package made no user _xq-server"
test "$(stat -c %U /var/lib/xq-server)" = _xq-server || fail "/var/lib/xq-server is not _xq-server's"
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
# shellcheck disable=SC1091 # the package's own options file
. /etc/default/xq-server
cmd=${exec_start//\$XQ_SERVER_OPTS/$XQ_SERVER_OPTS}
cmd=${cmd//\$\{XQ_SERVER_DB\}/$XQ_SERVER_DB}
[ "$XQ_SERVER_DB" = /var/lib/xq-server/xq-server.db ] || fail "the default database is not the SQLite file"
grep -q "^Environment=XQ_SERVER_DB=$XQ_SERVER_DB\$" "$unit" || fail "the unit has no default XQ_SERVER_DB"
# the unit's command, with a free port instead of 7700 (a later --listen wins)
# shellcheck disable=SC2086 # the command is a list of words, as systemd splits it
runuser -u _xq-server -- $cmd --listen=127.0.0.1:0 >"$tmp/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/server.log")
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$port" ] || { cat "$tmp/server.log" >&2; fail "the installed server did not start"; }
/usr/bin/python3 - "$port" <<'EOF' || { cat "$tmp/server.log" >&2; fail "the installed server's page"; }
import sys, urllib.request
page = urllib.request.urlopen("http://127.0.0.1:%s/" % sys.argv[1], timeout=10).read().decode()
assert "<html" in page.lower() and "xq-server" in page and "app.js" in page, page[:200]
# the JavaScript package beside it (unless built with the pkg.libxiangqi.nojs profile)
r = urllib.request.urlopen("http://127.0.0.1:%s/xiangqi/dist/xiangqi.wasm" % sys.argv[1], timeout=10)
assert r.headers["Content-Type"] == "application/wasm", r.headers["Content-Type"]
assert r.headers["Cross-Origin-Embedder-Policy"] == "require-corp", dict(r.headers)
assert r.read(4) == b"\0asm"
EOF
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=
test "$(stat -c %U /var/lib/xq-server/xq-server.db)" = _xq-server || fail "the database is not in /var/lib/xq-server"
say "xq-server ran as _xq-server from its unit's command, database in /var/lib/xq-server, page and JavaScript package served"

# 4e. The template of a site's processes (xq-server@PORT): installed, valid,
# and with the package's default database (SQLite, one process's) its command
# is refused with the reason, not started half-way.
site_unit=/lib/systemd/system/xq-server@.service
test -f "$site_unit" || fail "no $site_unit"
if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify "$site_unit" >"$tmp/verify-site.log" 2>&1 ||
        { cat "$tmp/verify-site.log" >&2; fail "systemd-analyze verify $site_unit"; }
fi
XQ_SITE_BROKER=$(sed -n 's/^Environment=XQ_SITE_BROKER=//p' "$site_unit")
XQ_SITE_OPTS=$(sed -n 's/^Environment=XQ_SITE_OPTS=//p' "$site_unit")
[ -n "$XQ_SITE_BROKER" ] && [ -n "$XQ_SITE_OPTS" ] || fail "$site_unit has no default XQ_SITE_BROKER or XQ_SITE_OPTS"
site_cmd=$(sed -n 's/^ExecStart=//p' "$site_unit")
site_cmd=${site_cmd//%i/0}
site_cmd=${site_cmd//\$\{XQ_SERVER_DB\}/$XQ_SERVER_DB}
site_cmd=${site_cmd//\$\{XQ_SITE_BROKER\}/$XQ_SITE_BROKER}
site_cmd=${site_cmd//\$XQ_SITE_OPTS/$XQ_SITE_OPTS}
# shellcheck disable=SC2086 # the command is a list of words, as systemd splits it
if runuser -u _xq-server -- $site_cmd >"$tmp/site.log" 2>&1; then
    fail "a site process started on the SQLite default"
fi
grep -q "share a PostgreSQL --db" "$tmp/site.log" || { cat "$tmp/site.log" >&2; fail "the site process's refusal does not say why"; }
say "xq-server@.service: valid; on the default SQLite database it refuses to start and says why"

# 5. Purge, and the machine as it was.
say "apt-get purge ${packages[*]}"
DEBIAN_FRONTEND=noninteractive apt-get purge -y "${packages[@]}" >"$tmp/purge.log" 2>&1 ||
    { cat "$tmp/purge.log" >&2; fail "apt-get purge"; }
installed=0
dpkg-query -W -f='${Package} ${Status}\n' | sort >"$tmp/after.dpkg"
diff "$tmp/before.dpkg" "$tmp/after.dpkg" >&2 || fail "the installed packages differ after the purge"
getent passwd _xq-server >/dev/null && fail "the user _xq-server is left after the purge"
for path in /var/lib/xq-server /etc/default/xq-server /usr/share/xiangqi /usr/include/xiangqi \
    /usr/lib/python3/dist-packages/xiangqi "$unit" "$site_unit"; do
    test -e "$path" && fail "$path is left after the purge"
done
ls /usr/lib/*/libxiangqi* >/dev/null 2>&1 && fail "a libxiangqi file is left after the purge"
say "purged: the packages, the user, the database and every file are gone"
say "done in ${SECONDS} s"
