# SPDX-License-Identifier: MIT
"""A minimal PEP 517 / PEP 660 build backend for the xiangqi package.

Standard library only, so ``pip install bindings/python`` works offline and
without setuptools. ``build_wheel`` configures and builds the C library with
the system's ``cmake`` (a Release build of the ``xiangqi`` target only, in a
temporary directory) and puts ``libxiangqi.so.1`` into the wheel next to the
Python files, so the installed package needs no ``LD_LIBRARY_PATH`` or
``XQ_LIBRARY``. The wheel is tagged ``py3-none-<platform>``: the Python code
is version-independent (ctypes), the library is not. On Linux the platform is
``manylinux_2_N_<arch>``, N the newest glibc symbol version the library needs
(2.34 today), a tag PyPI accepts.

Config settings (``pip install --config-settings KEY=VALUE``, or the
environment variable in brackets):

``bundle-library`` (``XQ_BUNDLE_LIBRARY``)
    ``false`` builds a pure ``py3-none-any`` wheel without the library, for
    systems that install libxiangqi separately (it is then found on the
    library path).
``bundle-book`` (``XQ_BUNDLE_BOOK``)
    ``false`` leaves out the default opening book. By default a wheel with
    the library also carries ``book.xqb`` (10.6 MB, 5 MB in the wheel), built by the
    CMake target ``xiangqi-book`` from ``data/ccpd`` exactly as
    ``cmake --install`` installs it, so ``xiangqi.Book.default()`` works
    after ``pip install``. It needs ``xz`` and a source tree with
    ``programs/book`` and ``data/ccpd`` (not an sdist); without them the
    wheel has no book and the log says why.
``cmake-args`` (``XQ_CMAKE_ARGS``)
    extra arguments for the configure step, split like a shell would.
``build-dir`` (``XQ_BUILD_DIR``)
    a CMake build directory to use and keep (faster rebuilds).

The C sources are looked for in ``XQ_SOURCE_DIR``, in ``csrc/`` beside
``pyproject.toml`` (an sdist carries them there) and two levels up (the
source tree, where the package lives in ``bindings/python``).
``build_sdist`` writes an archive with the C sources in ``csrc/``;
``build_editable`` builds the library into the ``xiangqi`` directory itself.
"""

import base64
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "xiangqi"
#: The file the wheel carries; _ffi.py looks for it next to itself.
LIBRARY_NAME = "libxiangqi.so.1"
#: The default opening book the wheel carries; Book.default() looks for it next to itself.
BOOK_NAME = "book.xqb"
#: What an sdist carries of the C source tree (files and directories).
C_SOURCES = ("CMakeLists.txt", "README.md", "CHANGELOG.md", "LICENSE", "cmake", "include", "lib",
             "pkgconfig", "docs/CMakeLists.txt", "docs/Doxyfile.in", "docs/licences.md",
             "data/ccpd/LICENSE.ccpd", "data/ecco/ecco-table.tsv", "data/nnue/default.nnue",
             "data/nnue/README.md")
#: The licences a distribution carries (docs/licences.md), as (file in the C
#: source tree, SPDX identifier): ours always; when the library is bundled (or
#: its sources are, in an sdist), that of the glyph outlines compiled into it
#: and that of the master games its ECCO table and built-in net are adapted from; that of the
#: games again when the default book, built from them, is bundled.
LICENCE = ("LICENSE", "MIT")
LICENCE_GLYPHS = ("lib/svg/LICENSE.noto", "OFL-1.1")
LICENCE_GAMES = ("data/ccpd/LICENSE.ccpd", "CC-BY-4.0")


class BuildError(Exception):
    """The C library could not be built (the message says how to fix it)."""


def _setting(config_settings, key, env):
    value = (config_settings or {}).get(key)
    if value is None:
        value = os.environ.get(env)
    return value


def _false(value):
    return value is not None and str(value).strip().lower() in ("0", "false", "no", "off")


def _is_source_tree(path):
    cml = os.path.join(path, "CMakeLists.txt")
    if not (os.path.isfile(cml) and os.path.isdir(os.path.join(path, "lib"))):
        return False
    with open(cml, encoding="utf-8", errors="replace") as f:
        return re.search(r"project\(\s*xiangqi\b", f.read()) is not None


def source_dir():
    """The C source tree to build (see the module's documentation)."""
    tried = []
    env = os.environ.get("XQ_SOURCE_DIR")
    for path in ([env] if env else []) + [os.path.join(ROOT, "csrc"),
                                          os.path.dirname(os.path.dirname(ROOT))]:
        path = os.path.abspath(path)
        if _is_source_tree(path):
            return path
        tried.append(path)
        if env:
            break
    raise BuildError("no libxiangqi source tree found (tried %s); set XQ_SOURCE_DIR to the "
                     "directory holding libxiangqi's CMakeLists.txt" % ", ".join(tried))


def _run(cmd, log):
    log.write(("$ %s\n" % " ".join(shlex.quote(c) for c in cmd)).encode())
    log.flush()
    proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        raise BuildError("%s failed (exit status %d)" % (" ".join(cmd[:2]), proc.returncode))


def _book_source(src):
    """Why the default book cannot be built from *src*, or None if it can."""
    for need in ("programs/book/main.c", "data/ccpd/ccpd-masters-53889.pgn.xz"):
        if not os.path.exists(os.path.join(src, need)):
            return "the source tree has no %s" % need
    if shutil.which("xz") is None:
        return "xz is not on PATH (Debian: apt-get install xz-utils)"
    return None


def build_library(config_settings=None, book=False):
    """Configure and build the shared library with cmake; returns the bytes
    of the built ``libxiangqi.so.1`` and, with *book*, of the default
    opening book (None if it cannot be built: the reason is printed)."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise BuildError("cmake is not on PATH: install it (Debian: apt-get install cmake "
                         "build-essential), or build a wheel without the library with "
                         "--config-settings bundle-library=false")
    src = source_dir()
    keep = _setting(config_settings, "build-dir", "XQ_BUILD_DIR")
    tmp = None
    if keep:
        build = os.path.abspath(keep)
        os.makedirs(build, exist_ok=True)
    else:
        tmp = tempfile.mkdtemp(prefix="xiangqi-build-")
        build = tmp
    extra = shlex.split(_setting(config_settings, "cmake-args", "XQ_CMAKE_ARGS") or "")
    jobs = str(max(1, min(os.cpu_count() or 1, 8)))
    log_path = os.path.join(build, "xq-backend.log")
    if book:
        why = _book_source(src)
        if why:
            sys.stderr.write("xq_backend: the wheel has no default opening book: %s\n" % why)
            book = False
    targets = ["xiangqi"] + (["xiangqi-book"] if book else [])
    try:
        with open(log_path, "wb") as log:
            try:
                _run([cmake, "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                      "-DBUILD_TESTING=OFF", "-DXQ_BUILD_PROGRAMS=%s" % ("ON" if book else "OFF"),
                      "-DXQ_BUILD_BOOK=%s" % ("ON" if book else "OFF"),
                      "-DXQ_BUILD_STATIC=OFF"] + extra, log)
                _run([cmake, "--build", build, "--target"] + targets + ["--parallel", jobs], log)
            except BuildError as exc:
                log.flush()
                with open(log_path, "rb") as f:
                    tail = f.read()[-4000:].decode("utf-8", "replace")
                raise BuildError("%s; the end of the log:\n%s" % (exc, tail))
        found = None
        for dirpath, dirnames, filenames in os.walk(build):
            if LIBRARY_NAME in filenames:
                found = os.path.join(dirpath, LIBRARY_NAME)
                break
        if found is None:
            raise BuildError("the build made no %s (in %s)" % (LIBRARY_NAME, build))
        with open(os.path.realpath(found), "rb") as f:
            data = f.read()
        sys.stderr.write("xq_backend: built %s (%d bytes) from %s\n"
                         % (LIBRARY_NAME, len(data), src))
        book_data = None
        if book:
            path = os.path.join(build, "share", "xiangqi", BOOK_NAME)
            if not os.path.isfile(path):
                raise BuildError("the build made no %s (in %s)" % (BOOK_NAME, build))
            with open(path, "rb") as f:
                book_data = f.read()
            sys.stderr.write("xq_backend: built the default opening book %s (%d bytes)\n"
                             % (BOOK_NAME, len(book_data)))
        return data, book_data
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def _platform_tag(library=None):
    """The wheel's platform tag. On Linux with glibc, a PEP 600 manylinux tag
    named for the newest glibc symbol version the built library needs
    (``manylinux_2_34_x86_64``: it then installs on every glibc from 2.34 on,
    as pip checks); elsewhere, or for a library that names no glibc version,
    the interpreter's platform (``linux_x86_64``, ``macosx_...``)."""
    platform = re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
    if library is None or not platform.startswith("linux_"):
        return platform
    needs = [(int(a), int(b)) for a, b in re.findall(rb"GLIBC_(\d+)\.(\d+)", library)]
    if not needs:
        return platform
    major, minor = max(needs)
    return "manylinux_%d_%d_%s" % (major, minor, platform[len("linux_"):])


def library_version():
    """The version of the C sources, from include/xiangqi/version.h: the one
    place it is written (pyproject.toml declares it dynamic)."""
    path = os.path.join(source_dir(), "include", "xiangqi", "version.h")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(r"#define XQ_VERSION_%s (\d+)" % part, text)
        if not m:
            raise BuildError("%s: no XQ_VERSION_%s" % (path, part))
        parts.append(m.group(1))
    return ".".join(parts)


def _project():
    """The [project] table of pyproject.toml (tomllib when available, else a
    small reader for the flat `key = value` lines this file uses), with the
    version filled in from the C sources."""
    try:
        import tomllib
    except ImportError:
        project = _project_fallback()
    else:
        with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
            project = tomllib.load(f)["project"]
    project["version"] = library_version()
    return project


def _project_fallback():
    """Python < 3.11: read the [project] table's strings and arrays of strings."""
    import ast
    path = os.path.join(ROOT, "pyproject.toml")
    project, section, key, buf = {}, None, None, ""
    extras = {}
    target = project
    with open(path, encoding="utf-8") as f:
        for line in f:
            stripped = line.strip()
            if key is not None:  # continuation of a multi-line array
                buf += stripped
                if stripped.startswith("]"):
                    target[key] = ast.literal_eval(buf)
                    key = None
                continue
            if not stripped or stripped.startswith("#"):
                continue
            if stripped.startswith("["):
                section = stripped
                continue
            if section == "[project]":
                target = project
            elif section == "[project.optional-dependencies]":
                target = extras
            else:
                continue
            m = re.match(r'([A-Za-z0-9_-]+)\s*=\s*(.*)$', stripped)
            if not m:
                continue
            name, value = m.groups()
            if value.startswith("[") and not value.endswith("]"):
                key, buf = name, value
            else:
                target[name] = ast.literal_eval(value)
    if extras:
        project["optional-dependencies"] = extras
    return project


def _licence_path(name):
    """The file *name* of the C source tree (LICENSE also at the top of an sdist)."""
    if name == LICENCE[0] and os.path.isfile(os.path.join(ROOT, name)):
        return os.path.join(ROOT, name)
    return os.path.join(source_dir(), *name.split("/"))


def _licences(library=False, book=False):
    """[(file name, SPDX identifier)] of what a distribution holds: the
    names go into .dist-info/licenses/ and License-File, the identifiers
    into License-Expression (PEP 639)."""
    return [LICENCE] + ([LICENCE_GLYPHS] if library else []) + \
        ([LICENCE_GAMES] if library or book else [])


def _licence_entries(info, licences):
    """The wheel entries of the licence files: .dist-info/licenses/<path>."""
    entries = []
    for name, _ in licences:
        path = _licence_path(name)
        if not os.path.isfile(path):
            raise BuildError("the licence file %s is missing (looked for %s)" % (name, path))
        with open(path, "rb") as f:
            entries.append(("%s/licenses/%s" % (info, name), f.read()))
    return entries


def _metadata(licences=None):
    """METADATA (Metadata-Version 2.4, PEP 639): the [project] table, and the
    licence expression and files of *licences* (see _licences())."""
    p = _project()
    licences = _licences() if licences is None else licences
    lines = ["Metadata-Version: 2.4", "Name: %s" % p["name"], "Version: %s" % p["version"],
             "Summary: %s" % p.get("description", "")]
    # pyproject.toml's `license` is the package's own; the parts a wheel bundles add theirs
    own = p.get("license", LICENCE[1])
    ids = [own] + [spdx for _, spdx in licences if spdx != LICENCE[1]]
    lines.append("License-Expression: %s" % " AND ".join(ids))
    for name, _ in licences:
        lines.append("License-File: %s" % name)
    if "requires-python" in p:
        lines.append("Requires-Python: %s" % p["requires-python"])
    if p.get("keywords"):
        lines.append("Keywords: %s" % ",".join(p["keywords"]))
    for c in p.get("classifiers", []):
        lines.append("Classifier: %s" % c)
    for extra, requirements in sorted(p.get("optional-dependencies", {}).items()):
        lines.append("Provides-Extra: %s" % extra)
        for req in requirements:
            lines.append('Requires-Dist: %s; extra == "%s"' % (req, extra))
    body = ""
    readme = p.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, readme), encoding="utf-8") as f:
            body = f.read()
    return p, "\n".join(lines) + "\n\n" + body


def _dist_name(p):
    return "%s-%s" % (re.sub(r"[-_.]+", "_", p["name"]), p["version"])


#: The PEP 561 marker: the package carries its type hints (mypy reads them
#: only from an installed package that has it).
TYPED_MARKER = "py.typed"


def _package_files():
    """(name in the archive, file) of every file of the package: the Python
    modules and the ``py.typed`` marker, not what a build put there."""
    base = os.path.join(ROOT, PACKAGE)
    if not os.path.isfile(os.path.join(base, TYPED_MARKER)):
        raise BuildError("%s/%s is missing: the package would lose its type hints "
                         "(PEP 561)" % (PACKAGE, TYPED_MARKER))
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            # a library built in place by build_editable is not a source file
            if name.endswith((".pyc", ".pyo")) or name.startswith("libxiangqi.") or \
                    name in (BOOK_NAME, "LICENSE.ccpd", "_version.py"):
                continue
            full = os.path.join(dirpath, name)
            out.append((os.path.relpath(full, ROOT).replace(os.sep, "/"), full))
    return out


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def _write_wheel(wheel_directory, entries, tag="py3-none-any", licences=None):
    licences = _licences() if licences is None else licences
    p, metadata = _metadata(licences)
    dist = _dist_name(p)
    info = "%s.dist-info" % dist
    entries = list(entries) + _licence_entries(info, licences)
    wheel = ("Wheel-Version: 1.0\nGenerator: xq_backend\nRoot-Is-Purelib: %s\nTag: %s\n"
             % ("true" if tag.endswith("-any") else "false", tag))
    entries = list(entries) + [
        ("%s/METADATA" % info, metadata.encode("utf-8")),
        ("%s/WHEEL" % info, wheel.encode()),
        ("%s/top_level.txt" % info, (PACKAGE + "\n").encode()),
    ]
    record = [_record_line(name, data) for name, data in entries]
    record.append("%s/RECORD,," % info)
    entries.append(("%s/RECORD" % info, ("\n".join(record) + "\n").encode()))
    filename = "%s-%s.whl" % (dist, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zi = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if name.endswith(LIBRARY_NAME) else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return filename


# ---- PEP 517 hooks ----

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    library = not _false(_setting(config_settings, "bundle-library", "XQ_BUNDLE_LIBRARY"))
    book = library and not _false(_setting(config_settings, "bundle-book", "XQ_BUNDLE_BOOK"))
    p, metadata = _metadata(_licences(library, book))
    info = "%s.dist-info" % _dist_name(p)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(metadata)
    return info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def _version_module():
    """xiangqi/_version.py of a wheel: the version it was built with."""
    text = ('"""The version the package was built with (written by the build backend from\n'
            'include/xiangqi/version.h)."""\n\nversion = "%s"\n' % library_version())
    return ("%s/_version.py" % PACKAGE, text.encode())


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = [_version_module()]
    for arcname, full in _package_files():
        with open(full, "rb") as f:
            entries.append((arcname, f.read()))
    if _false(_setting(config_settings, "bundle-library", "XQ_BUNDLE_LIBRARY")):
        return _write_wheel(wheel_directory, entries)
    want_book = not _false(_setting(config_settings, "bundle-book", "XQ_BUNDLE_BOOK"))
    library, book = build_library(config_settings, book=want_book)
    entries.append(("%s/%s" % (PACKAGE, LIBRARY_NAME), library))
    if book is not None:
        entries.append(("%s/%s" % (PACKAGE, BOOK_NAME), book))
        with open(os.path.join(source_dir(), "data", "ccpd", "LICENSE.ccpd"), "rb") as f:
            entries.append(("%s/LICENSE.ccpd" % PACKAGE, f.read()))
    return _write_wheel(wheel_directory, entries, "py3-none-%s" % _platform_tag(library),
                        _licences(library=True, book=book is not None))


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    licences = _licences()
    if not _false(_setting(config_settings, "bundle-library", "XQ_BUNDLE_LIBRARY")):
        want_book = not _false(_setting(config_settings, "bundle-book", "XQ_BUNDLE_BOOK"))
        data, book = build_library(config_settings, book=want_book)
        licences = _licences(library=True, book=book is not None)
        for name, blob, mode in ((LIBRARY_NAME, data, 0o755), (BOOK_NAME, book, 0o644)):
            if blob is None:
                continue
            target = os.path.join(ROOT, PACKAGE, name)
            with open(target + ".tmp", "wb") as f:
                f.write(blob)
            os.chmod(target + ".tmp", mode)
            os.replace(target + ".tmp", target)
    pth = (ROOT + "\n").encode()
    return _write_wheel(wheel_directory, [("_xiangqi_editable.pth", pth)], licences=licences)


def _c_source_files():
    src = source_dir()
    out = []
    for item in C_SOURCES:
        full = os.path.join(src, item)
        if os.path.isfile(full):
            out.append(("csrc/" + item, full))
            continue
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                out.append(("csrc/" + os.path.relpath(path, src).replace(os.sep, "/"), path))
    return out


def build_sdist(sdist_directory, config_settings=None):
    # the C sources in csrc/ hold the glyph outlines (lib/svg/svg_glyphs.c) and
    # the ECCO table adapted from the games (data/ecco/ecco-table.tsv), not the games
    licences = _licences(library=True)
    p, metadata = _metadata(licences)
    for name, _ in (LICENCE_GLYPHS, LICENCE_GAMES):
        metadata = metadata.replace("License-File: %s\n" % name, "License-File: csrc/%s\n" % name)
    dist = _dist_name(p)
    filename = "%s.tar.gz" % dist
    files = [("pyproject.toml", os.path.join(ROOT, "pyproject.toml")),
             ("README.md", os.path.join(ROOT, "README.md")),
             ("LICENSE", _licence_path("LICENSE")),
             ("_backend/xq_backend.py", os.path.abspath(__file__))] + _package_files() + \
        _c_source_files()
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as tf:
        def add(name, data):
            ti = tarfile.TarInfo("%s/%s" % (dist, name))
            ti.size = len(data)
            ti.mtime = int(time.time())
            ti.mode = 0o644
            tf.addfile(ti, io.BytesIO(data))
        add("PKG-INFO", metadata.encode("utf-8"))
        for name, full in files:
            with open(full, "rb") as f:
                add(name, f.read())
    return filename
