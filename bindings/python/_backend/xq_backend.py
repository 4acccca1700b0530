"""A minimal PEP 517 / PEP 660 build backend for the pure-Python xiangqi package.

Standard library only, so ``pip install bindings/python`` works offline and
without setuptools. It builds a ``py3-none-any`` wheel from the files of the
``xiangqi`` directory, an sdist, and editable wheels (a ``.pth`` file).
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "xiangqi"


def _project():
    """The [project] table of pyproject.toml (tomllib when available, else a
    small reader for the flat `key = value` lines this file uses)."""
    try:
        import tomllib
    except ImportError:
        return _project_fallback()
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


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


def _metadata():
    p = _project()
    lines = ["Metadata-Version: 2.1", "Name: %s" % p["name"], "Version: %s" % p["version"],
             "Summary: %s" % p.get("description", "")]
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


def _package_files():
    base = os.path.join(ROOT, PACKAGE)
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(dirpath, name)
            out.append((os.path.relpath(full, ROOT).replace(os.sep, "/"), full))
    return out


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def _write_wheel(wheel_directory, entries):
    p, metadata = _metadata()
    dist = _dist_name(p)
    info = "%s.dist-info" % dist
    wheel = "Wheel-Version: 1.0\nGenerator: xq_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = list(entries) + [
        ("%s/METADATA" % info, metadata.encode("utf-8")),
        ("%s/WHEEL" % info, wheel.encode()),
        ("%s/top_level.txt" % info, (PACKAGE + "\n").encode()),
    ]
    record = [_record_line(name, data) for name, data in entries]
    record.append("%s/RECORD,," % info)
    entries.append(("%s/RECORD" % info, ("\n".join(record) + "\n").encode()))
    filename = "%s-py3-none-any.whl" % dist
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zi = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            zi.external_attr = 0o644 << 16
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
    p, metadata = _metadata()
    info = "%s.dist-info" % _dist_name(p)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(metadata)
    return info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for arcname, full in _package_files():
        with open(full, "rb") as f:
            entries.append((arcname, f.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    pth = (ROOT + "\n").encode()
    return _write_wheel(wheel_directory, [("_xiangqi_editable.pth", pth)])


def build_sdist(sdist_directory, config_settings=None):
    p, metadata = _metadata()
    dist = _dist_name(p)
    filename = "%s.tar.gz" % dist
    files = [("pyproject.toml", os.path.join(ROOT, "pyproject.toml")),
             ("README.md", os.path.join(ROOT, "README.md")),
             ("_backend/xq_backend.py", os.path.abspath(__file__))] + _package_files()
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
