#!/bin/sh
# SPDX-License-Identifier: MIT
# The JavaScript package's ctest steps (tests/CMakeLists.txt, label js).
# usage: run.sh build   SOURCE_DIR WASM_BUILD_DIR   emcmake configure and build
#        run.sh node    SOURCE_DIR WASM_BUILD_DIR   the Node test suite (node:test)
#        run.sh package SOURCE_DIR WASM_BUILD_DIR   npm pack, install offline, import
#                                                   (require() in a CommonJS project:
#                                                   test_package.mjs, in the node step)
#        run.sh types   SOURCE_DIR WASM_BUILD_DIR   tsc --strict over the declarations and
#                                                   tests/js/types' examples, TypeScript
#                                                   from its package-lock.json (npm ci)
# Exit 77 (skipped, with the reason) when emscripten or node is missing, and
# for types when npm is missing or cannot reach the registry.
set -eu
step=$1
src=$2
wasm=$3
pkg=$wasm/package
skip() { echo "skipped: $*"; exit 77; }
need_package() {
    command -v node >/dev/null 2>&1 || skip "node not found (scripts/deps.sh installs nodejs)"
    if [ ! -f "$pkg/dist/xiangqi.wasm" ]; then
        command -v emcmake >/dev/null 2>&1 || skip "emcmake not found (scripts/deps.sh installs emscripten)"
        echo "FAIL: $pkg is not built (the js_build test builds it)" >&2
        exit 1
    fi
}

case $step in
build)
    command -v emcmake >/dev/null 2>&1 || skip "emcmake not found (scripts/deps.sh installs emscripten)"
    command -v node >/dev/null 2>&1 || skip "node not found (emcc runs its tools under node)"
    emcmake cmake -S "$src" -B "$wasm" -DXQ_WERROR=ON >"$wasm.configure.log" 2>&1 ||
        { cat "$wasm.configure.log"; exit 1; }
    cmake --build "$wasm" -j2 >"$wasm.build.log" 2>&1 ||
        { grep -Ev '^\[ *[0-9]+%\]|^(gmake|make)\[' "$wasm.build.log"; exit 1; }
    ls -l "$pkg/dist"
    ;;
node)
    need_package
    export XQ_JS_PACKAGE="$pkg" XQ_TEST_DATA="$src/tests/data"
    [ -d "$src/../shared" ] && export XQ_SHARED="$src/../shared"
    exec node --test "$src/tests/js/test_board.mjs" "$src/tests/js/test_record.mjs" \
        "$src/tests/js/test_search.mjs" "$src/tests/js/test_package.mjs" \
        "$src/tests/js/test_review.mjs" "$src/tests/js/test_rules_corpus.mjs" \
        "$src/tests/js/test_validation.mjs" "$src/tests/js/test_fuzz_corpus.mjs"
    ;;
package)
    need_package
    command -v npm >/dev/null 2>&1 || skip "npm not found"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && npm pack --silent "$pkg" >pack.txt) || { echo "FAIL: npm pack" >&2; exit 1; }
    tarball=$tmp/$(tail -n 1 "$tmp/pack.txt")
    [ -f "$tarball" ] || { echo "FAIL: no tarball: $(cat "$tmp/pack.txt")" >&2; exit 1; }
    # What goes in: the modules, the JavaScript, the types, the licences; not the tests.
    tar -tzf "$tarball" | sort >"$tmp/files"
    for f in package/package.json package/README.md package/LICENSE package/LICENSE.noto \
        package/index.d.ts package/threads.d.ts package/index.d.cts package/threads.d.cts \
        package/lib/index.js package/lib/index.cjs package/lib/threads.cjs package/lib/worker.js \
        package/dist/xiangqi.mjs package/dist/xiangqi.wasm package/dist/xiangqi-mt.mjs \
        package/dist/xiangqi-mt.wasm package/dist/xiangqi-mt.worker.js package/dist/package.json; do
        grep -qx "$f" "$tmp/files" || { echo "FAIL: $f missing from the tarball" >&2; cat "$tmp/files"; exit 1; }
    done
    # Installed offline into an empty project (no registry, no scripts) and used.
    mkdir "$tmp/app"
    printf '{ "name": "app", "version": "1.0.0", "private": true, "type": "module" }\n' >"$tmp/app/package.json"
    (cd "$tmp/app" && npm install --offline --ignore-scripts --no-audit --no-fund \
        --registry=http://127.0.0.1:9/ "$tarball" >"$tmp/install.log" 2>&1) ||
        { cat "$tmp/install.log"; echo "FAIL: offline install" >&2; exit 1; }
    cat >"$tmp/app/main.js" <<'JS'
import { Board, version, XiangqiError } from 'xiangqi';
import * as mt from 'xiangqi/threads';
const b = new Board();
if (b.legalMoves().length !== 44 || b.perft(3) !== 79666) throw new Error('wrong moves');
try { b.push('a0a5'); throw new Error('no error'); } catch (e) {
  if (!(e instanceof XiangqiError) || e.code !== -4) throw e;
}
const t = new mt.Board();
if (t.perft(2) !== 1920 || !mt.threaded) throw new Error('threaded module');
console.log(`installed package: libxiangqi ${version}`);
process.exit(0);
JS
    (cd "$tmp/app" && node main.js) || { echo "FAIL: the installed package" >&2; exit 1; }
    ;;
types)
    # TypeScript as tests/js/types/package-lock.json pins it, installed with
    # npm ci (from npm's cache when it has it, else the registry) in a copy
    # of that folder in the build tree, beside a link to the built package.
    need_package
    command -v npm >/dev/null 2>&1 || skip "npm not found"
    work=$wasm/types
    rm -rf "$work"
    mkdir -p "$work"
    for f in package.json package-lock.json tsconfig.json example.ts example.cts; do
        cp "$src/tests/js/types/$f" "$work/"
    done
    if ! (cd "$work" && npm ci --prefer-offline --ignore-scripts --no-audit --no-fund >npm.log 2>&1); then
        if grep -Eq 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET|network' "$work/npm.log"; then
            skip "npm cannot reach the registry to install typescript (npm ci: $(grep -Em1 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET|network' "$work/npm.log"))"
        fi
        cat "$work/npm.log"
        echo "FAIL: npm ci in $work" >&2
        exit 1
    fi
    ln -s "$(cd "$pkg" && pwd)" "$work/node_modules/xiangqi"
    echo "tsc $("$work/node_modules/.bin/tsc" --version) --strict --noEmit: the declarations, example.ts, example.cts"
    (cd "$work" && ./node_modules/.bin/tsc --strict --noEmit -p tsconfig.json) ||
        { echo "FAIL: tsc found type errors (above)" >&2; exit 1; }
    ;;
*)
    echo "usage: run.sh build|node|package|types SOURCE_DIR WASM_BUILD_DIR" >&2
    exit 2
    ;;
esac
