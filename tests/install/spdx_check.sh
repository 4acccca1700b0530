#!/bin/sh
# SPDX-License-Identifier: MIT
# Every source file we wrote carries an `SPDX-License-Identifier: MIT` line
# in its first 5 lines (docs/licences.md): C and C++, Python, JavaScript, CSS,
# HTML, CMake, shell scripts (by name or by a #! line), the pkg-config
# template, the Doxygen configuration, the manual pages and pyproject.toml.
# The files are those git tracks (`git ls-files`); outside a git checkout the
# tree is walked instead (build directories left out). Data taken from
# elsewhere is listed below with its reason; it is not checked.
# usage: spdx_check.sh SOURCE_DIR
set -eu
src=${1:-.}
cd "$src"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# -- Exceptions: paths (prefixes) never checked, each with its reason.
exempt() {
    case $1 in
        # The CCPD master games (CC BY 4.0, data/ccpd/LICENSE.ccpd): data from elsewhere.
        data/ccpd/*) return 0 ;;
        # Master game samples of the wukong-xiangqi project (MIT, their own
        # copyright: tests/data/games/LICENSE.wukong-xiangqi).
        tests/data/games/*) return 0 ;;
        # Fuzzer seed inputs: data (some cut from tests/data/games), no comments possible.
        tests/fuzz/corpus/*) return 0 ;;
        # Pictures drawn by xq-svg (scripts/docs-images); the docs_images test
        # compares them byte for byte with the program's output.
        docs/images/*) return 0 ;;
    esac
    return 1
}

# -- Files under another licence: the identifier they must carry instead of MIT.
expected() {
    case $1 in
        # Glyph outlines from Noto Serif CJK (SIL OFL 1.1; the notice is in the file,
        # the licence in lib/svg/LICENSE.noto).
        lib/svg/svg_glyphs.c) echo OFL-1.1 ;;
        *) echo MIT ;;
    esac
}

# -- The kinds of source file that must carry the line.
is_source() {
    case $1 in
        *.c | *.h | *.cc | *.cpp | *.cxx | *.hh | *.hpp) return 0 ;;
        *.py | *.pyi) return 0 ;;
        *.js | *.mjs | *.css | *.html | *.htm) return 0 ;;
        CMakeLists.txt | */CMakeLists.txt | *.cmake | *.cmake.in) return 0 ;;
        *.sh | *.bash) return 0 ;;
        *.pc.in | Doxyfile* | */Doxyfile*) return 0 ;;
        docs/man/*.[1-9]) return 0 ;;
        *.toml) return 0 ;;
    esac
    # scripts without a suffix: a #! first line
    [ -f "$1" ] && head -c 2 "$1" 2>/dev/null | grep -q '^#!' && return 0
    return 1
}

if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ -n "$(git ls-files -- . | head -n 1)" ]; then
    how="git ls-files"
    git ls-files -- . >"$tmp/files"
else
    how="the tree walked, not a git checkout"
    find . \( -name .git -o -name __pycache__ -o -path ./build -o -path './build-*' \
        -o -name '*.egg-info' \) -prune -o -type f -print | sed 's|^\./||' | sort >"$tmp/files"
fi

checked=0
failed=0
exempted=0
while IFS= read -r f; do
    [ -f "$f" ] || continue # deleted in the work tree but still in the index
    if exempt "$f"; then
        exempted=$((exempted + 1))
        continue
    fi
    is_source "$f" || continue
    checked=$((checked + 1))
    want=$(expected "$f")
    if ! head -n 5 "$f" | grep -Eq "SPDX-License-Identifier: $want([^A-Za-z0-9.+-]|\$)"; then
        if head -n 5 "$f" | grep -q 'SPDX-License-Identifier:'; then
            echo "FAIL: $f: $(head -n 5 "$f" | grep -o 'SPDX-License-Identifier:.*' | head -n 1), expected $want" >&2
        else
            echo "FAIL: $f: no 'SPDX-License-Identifier: $want' line in its first 5 lines" >&2
        fi
        failed=$((failed + 1))
    fi
done <"$tmp/files"

[ "$checked" -ge 100 ] || { echo "FAIL: only $checked source files found ($how)" >&2; exit 1; }
if [ "$failed" -gt 0 ]; then
    echo "$failed of $checked source files lack their SPDX line ($how)" >&2
    exit 1
fi
echo "$checked source files carry their SPDX line; $exempted files of data from elsewhere exempt ($how)"
