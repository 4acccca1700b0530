# SPDX-License-Identifier: MIT
# Sourced by scripts/test and scripts/play: install the Debian packages the
# build and the tests need when they are missing (as root, with apt-get).
# Everything else comes from the Debian 12 base system.
xq_require_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
            missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing Debian packages: ${missing[*]}" >&2
        echo "install them with: sudo apt-get install -y ${missing[*]}" >&2
        return 1
    fi
    echo "installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # The packages' services (nginx on port 80, a PostgreSQL cluster, redis)
    # are not started: the tests run instances of their own on loopback. A
    # policy-rc.d the machine already has (containers have one) is kept.
    local policy=/usr/sbin/policy-rc.d ours=0 rc=0
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\n# xq: no service starts while the tests install packages\nexit 101\n' >"$policy"
        chmod 755 "$policy"
        ours=1
    fi
    if ! apt-get install -y --no-install-recommends "${missing[@]}" >/tmp/xq-apt.log 2>&1; then
        apt-get update >/tmp/xq-apt.log 2>&1
        apt-get install -y --no-install-recommends "${missing[@]}" >>/tmp/xq-apt.log 2>&1 ||
            { cat /tmp/xq-apt.log >&2; rc=1; }
    fi
    [ "$ours" = 1 ] && rm -f "$policy"
    return "$rc"
}

# What building the library and its programs needs.
# xz-utils: xz decompresses the master games the default opening book is built from.
XQ_BUILD_PACKAGES=(build-essential cmake pkg-config xz-utils)
# What the whole test suite needs on top of that.
# librsvg2-bin: rsvg-convert renders the SVG pictures to PNG in a test.
# python3-pip: a test installs the Python package with pip (offline).
# groff-base: a test formats the manual pages and checks for warnings.
# python3-dask python3-distributed python3-tqdm: the python_dask test runs xiangqi.tools.analyse
# and xiangqi.tools.selfplay on Dask LocalClusters (in /usr/bin/python3, which sees them).
XQ_TEST_PACKAGES=(check doxygen clang libclang-rt-14-dev python3 python3-pip binutils librsvg2-bin
    groff-base python3-dask python3-distributed python3-tqdm)
# python3-venv: tests/install/python_install.sh installs the package into a fresh
# virtualenv, as a user would (Debian's python3 has no venv/ensurepip without it).
# fairy-stockfish: the Python tests drive it through xiangqi.engine.popen_uci.
XQ_TEST_PACKAGES+=(python3-venv fairy-stockfish)
# gcovr: scripts/coverage reads the counts of the clang stage's coverage build
# (llvm-cov gcov, from clang's llvm) and prints them per folder (issue 44).
XQ_TEST_PACKAGES+=(gcovr)
# xq-server (issue 12): libwebsockets (HTTP, WebSocket and raw TCP on one loop),
# jansson (JSON), SQLite (storage) and libsodium (Argon2id passwords, session
# tokens); the CMake build skips the server when one of them is missing.
XQ_BUILD_PACKAGES+=(libwebsockets-dev libjansson-dev libsqlite3-dev libsodium-dev zlib1g-dev)
# libuv: the server's event loop (epoll) under libwebsockets, whose plugin for
# it comes in libwebsockets-evlib-uv (issue 40, point 6; both come with
# libwebsockets-dev on Debian 12, named here because the server uses them).
XQ_BUILD_PACKAGES+=(libuv1-dev libwebsockets-evlib-uv)
# libpq-dev: xq-server's PostgreSQL store (--db postgresql://...; issue 40); the build
# leaves it out without libpq. postgresql: the server binaries (initdb, pg_ctl) of the
# tests' own instance (tests/server/pg_instance.sh, in the build tree, on a Unix
# socket); the tests neither use nor stop the cluster the package may start.
XQ_BUILD_PACKAGES+=(libpq-dev)
XQ_TEST_PACKAGES+=(postgresql)
# nginx: a test runs the shipped reverse-proxy configuration (docs/deploy/nginx-xq-site.conf)
# in front of xq-server on loopback; the package's own service is not started (below).
XQ_TEST_PACKAGES+=(nginx)
# libhiredis-dev: xq-server's Redis broker (--broker redis://...; issue 40); the build
# leaves it out without hiredis. redis-server: the tests' own instance
# (tests/server/redis_instance.sh, 127.0.0.1, no persistence); the tests neither use
# nor stop the one the package may start.
XQ_BUILD_PACKAGES+=(libhiredis-dev)
XQ_TEST_PACKAGES+=(redis-server)
# netcat-openbsd: a test plays a game over the server's line protocol with nc.
XQ_TEST_PACKAGES+=(netcat-openbsd)
# The browser client's tests (issue 13) drive headless Chromium with Selenium:
# chromium, chromium-driver (chromedriver) and python3-selenium (for /usr/bin/python3);
# fonts-noto-cjk draws the Chinese glyphs of the pieces in the screenshots.
XQ_TEST_PACKAGES+=(chromium chromium-driver python3-selenium fonts-noto-cjk)
# abigail-tools: abidw and abidiff, the abi_compat test's description of the library's
# ABI and its comparison with the committed one (abi/README.md).
XQ_TEST_PACKAGES+=(abigail-tools)
# debhelper dh-python lintian: tests/install/debian_packages.sh builds the Debian packages
# of debian/ (dpkg-buildpackage, in build-essential's dpkg-dev) and checks them with lintian.
XQ_TEST_PACKAGES+=(debhelper dh-python lintian)
# stress-ng: the busy processes beside the suite (scripts/test --under-load N,
# and the stage that runs the waiting tests under load); shell loops stand in
# when it is missing.
XQ_TEST_PACKAGES+=(stress-ng)
# python3-mypy: the python_mypy test checks the Python package's type hints (mypy
# --strict on bindings/python, and user code against the installed wheel and its
# py.typed); skipped without it.
XQ_TEST_PACKAGES+=(python3-mypy)
# The JavaScript package (issue 28, bindings/js): emscripten (emcc, emcmake; Debian 12
# has 3.1.6) compiles the library to WebAssembly, nodejs runs its test suite and
# benchmarks (the browser test uses chromium above).
XQ_TEST_PACKAGES+=(emscripten nodejs)
# python3-torch: the NNUE trainer (tools/nnue/train.py, issue 30) and its test
# (nnue_tools: prepare, train one epoch, the library's evaluation of the net).
XQ_TEST_PACKAGES+=(python3-torch)
