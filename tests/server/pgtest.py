# SPDX-License-Identifier: MIT
"""PostgreSQL for the server tests (standard library and psql only).

The environment says where: XQ_TEST_PG, a libpq key=value conninfo of a
server the tests may create databases in (ctest's fixture pg sets it to the
tests' own instance, tests/server/pg_instance.sh); XQ_TEST_PG_STATUS, that
instance's status file ("absent: ..." when the PostgreSQL binaries are
missing: the tests skip); XQ_PG_INSTANCE, the script, and XQ_PG_PRIVATE, a
folder for instances of a test's own (a test that stops its server)."""
import glob
import itertools
import os
import shutil
import subprocess
import urllib.parse

CONNINFO = os.environ.get("XQ_TEST_PG", "")
STATUS = os.environ.get("XQ_TEST_PG_STATUS", "")
INSTANCE = os.environ.get("XQ_PG_INSTANCE", "")
PRIVATE = os.environ.get("XQ_PG_PRIVATE", "")
_seq = itertools.count()


def skip_reason():
    """Why the PostgreSQL tests cannot run, or None."""
    if not CONNINFO:
        return "XQ_TEST_PG is not set"
    if STATUS and os.path.exists(STATUS):
        with open(STATUS) as f:
            status = f.read().strip()
        if status.startswith("absent"):
            return status
    return None


def parse(conninfo):
    """The keys and values of a simple key=value conninfo (no quoting)."""
    return dict(kv.split("=", 1) for kv in conninfo.split())


def uri(conninfo, dbname):
    """A postgresql:// URI of database dbname on the server conninfo names."""
    kv = parse(conninfo)
    user = kv.pop("user", "")
    kv.pop("dbname", None)
    query = urllib.parse.urlencode(kv, safe="/")
    return "postgresql://%s@/%s?%s" % (urllib.parse.quote(user), dbname, query)


def _psql():
    found = shutil.which("psql")
    if found:
        return found
    cands = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))
    if not cands:
        raise AssertionError("psql not found (Debian: postgresql-client)")
    return cands[-1]


def psql(conninfo, sql, dbname=None, **variables):
    """Run sql on the server conninfo names (in dbname if given): its rows as
    tuples of strings. :name and :'name' in sql are psql's variables (the
    second quoted as a literal): values never go into the SQL text."""
    kv = parse(conninfo)
    if dbname:
        kv["dbname"] = dbname
    cmd = [_psql(), "-X", "-q", "-A", "-t", "-F", "\x1f", "-v", "ON_ERROR_STOP=1",
           " ".join("%s=%s" % x for x in kv.items())]
    for k, v in variables.items():
        cmd += ["-v", "%s=%s" % (k, v)]
    r = subprocess.run(cmd, input=sql, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise AssertionError("psql: %s: %s" % (sql, r.stderr))
    return [tuple(line.split("\x1f")) for line in r.stdout.splitlines() if line]


class Database:
    """A fresh database on the server conninfo names; drop() deletes it."""

    def __init__(self, conninfo):
        self.conninfo = conninfo
        self.name = "xq_srv_%d_%d" % (os.getpid(), next(_seq))
        psql(conninfo, "CREATE DATABASE %s" % self.name)
        self.uri = uri(conninfo, self.name)

    def query(self, sql, **variables):
        return psql(self.conninfo, sql, self.name, **variables)

    def drop(self):
        psql(self.conninfo, "DROP DATABASE IF EXISTS %s WITH (FORCE)" % self.name)


class Instance:
    """A PostgreSQL of a test's own (pg_instance.sh), in folder dir: started
    here; pause() stops it keeping its data, resume() starts it again."""

    def __init__(self, dir_):
        if not INSTANCE or not PRIVATE:
            raise AssertionError("XQ_PG_INSTANCE and XQ_PG_PRIVATE are not set")
        self.dir = dir_
        self._run("start")
        with open(os.path.join(dir_, "conninfo")) as f:
            self.conninfo = f.read().strip()

    def _run(self, cmd):
        r = subprocess.run(["sh", INSTANCE, cmd, self.dir], capture_output=True, text=True,
                           timeout=120)
        if r.returncode != 0:
            raise AssertionError("pg_instance.sh %s: %s%s" % (cmd, r.stdout, r.stderr))

    def pause(self):
        self._run("pause")

    def resume(self):
        self._run("resume")

    def stop(self):
        self._run("stop")
