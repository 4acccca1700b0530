#!/bin/sh
# SPDX-License-Identifier: MIT
# A PostgreSQL instance of the tests' own, in a folder of the build tree:
#
#   pg_instance.sh start DIR     initdb and start afresh; DIR/status says "running"
#                                and DIR/conninfo holds the libpq conninfo
#   pg_instance.sh stop DIR      stop it (fast, then immediate, then SIGKILL) and
#                                delete DIR
#   pg_instance.sh pause DIR     stop it, keeping its data (a test's outage)
#   pg_instance.sh resume DIR    start it again on the same data
#   pg_instance.sh stop-all BASE stop every instance in BASE's folders, delete BASE
#
# It listens only on a Unix socket in DIR (listen_addresses = ''), trusts local
# connections (user xq_test), and runs with fsync off. As root, the server
# runs as Debian's unprivileged `postgres` user (the postgresql package makes
# it). Debian's own cluster (postgresql.service) is neither used nor stopped.
# Without the server binaries (XQ_PG_BINDIR when set, else the newest
# /usr/lib/postgresql/*/bin, else initdb on PATH)
# `start` writes "absent: ..." to DIR/status and exits 77: the tests that
# need PostgreSQL then skip (77) with that message.
set -u
SKIP=77
# Seconds pg_ctl waits for a start or a stop.
WAIT_S=30

cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|pause|resume DIR | stop-all BASE" >&2; exit 2; }

bindir() {
    if [ -n "${XQ_PG_BINDIR:-}" ]; then # another installation (or none: a missing folder)
        [ -x "$XQ_PG_BINDIR/initdb" ] && [ -x "$XQ_PG_BINDIR/pg_ctl" ] && echo "$XQ_PG_BINDIR"
        return
    fi
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
    done
    d=$(command -v initdb 2>/dev/null) && { dirname "$d"; return 0; }
    return 1
}

# Run a PostgreSQL program as the instance's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# The instance's folder as its server sees it (a link resolved).
home() { readlink -f "$1"; }

pg_start() {
    h=$(home "$dir")
    as_owner "$BIN/pg_ctl" -D "$h/data" -l "$h/log" -w -t "$WAIT_S" \
        -o "-c listen_addresses='' -k '$h' -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
        start >/dev/null
}

# Stop the instance in $1 (its data folder's postmaster.pid): fast, then
# immediate, then SIGKILL of the postmaster and its children.
pg_stop() {
    d=$(home "$1")
    [ -f "$d/data/postmaster.pid" ] || return 0
    as_owner "$BIN/pg_ctl" -D "$d/data" -m fast -w -t "$WAIT_S" stop >/dev/null 2>&1 && return 0
    as_owner "$BIN/pg_ctl" -D "$d/data" -m immediate -w -t "$WAIT_S" stop >/dev/null 2>&1 && return 0
    pid=$(head -n 1 "$d/data/postmaster.pid" 2>/dev/null)
    if [ -n "$pid" ]; then
        pkill -KILL -P "$pid" 2>/dev/null
        kill -KILL "$pid" 2>/dev/null
    fi
    rm -f "$d/data/postmaster.pid"
}

BIN=$(bindir) || BIN=
[ -d "$dir" ] && dir=$(cd "$dir" && pwd)

# Remove an instance's folder (and the /tmp folder it links to).
remove() {
    [ -L "$1" ] && rm -rf "$(readlink "$1")"
    rm -rf "$1"
}

case $cmd in
start)
    # a fresh instance: one left by an interrupted run goes first
    if [ -e "$dir" ]; then
        [ -n "$BIN" ] && pg_stop "$dir"
        remove "$dir"
    fi
    mkdir -p "$dir" || exit 1
    dir=$(cd "$dir" && pwd) # the socket's folder, absolute
    if [ -z "$BIN" ]; then
        echo "absent: no PostgreSQL server binaries (initdb, pg_ctl; Debian: postgresql)" >"$dir/status"
        echo "PostgreSQL tests skipped: $(cat "$dir/status")"
        exit $SKIP
    fi
    if [ "$(id -u)" -eq 0 ]; then
        if ! id postgres >/dev/null 2>&1; then
            echo "absent: running as root, and no user postgres to run PostgreSQL as" >"$dir/status"
            echo "PostgreSQL tests skipped: $(cat "$dir/status")"
            exit $SKIP
        fi
        # postgres must reach the folder: a build tree under /root is not
        # reachable, so the instance then lives in /tmp, $dir a link to it
        if [ ! -L "$dir" ] && [ ! -f "$dir/data/PG_VERSION" ] &&
            ! runuser -u postgres -- test -x "$(dirname "$dir")"; then
            real=$(mktemp -d /tmp/xq-pg-XXXXXX) || exit 1
            rm -rf "$dir" && ln -s "$real" "$dir" || exit 1
        fi
        chown postgres "$dir/"
    fi
    chmod 700 "$dir/"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_owner "$BIN/initdb" -D "$(home "$dir")/data" -U xq_test -A trust -E UTF8 --no-sync \
            >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    pg_start || { cat "$dir/log" >&2; exit 1; }
    echo "host=$dir port=5432 user=xq_test dbname=postgres" >"$dir/conninfo"
    echo running >"$dir/status"
    echo "PostgreSQL ($BIN) running in $dir: $(cat "$dir/conninfo")"
    ;;
pause)
    [ -n "$BIN" ] && pg_stop "$dir"
    ;;
resume)
    [ -n "$BIN" ] || exit $SKIP
    pg_start || { cat "$dir/log" >&2; exit 1; }
    ;;
stop)
    [ -n "$BIN" ] && pg_stop "$dir"
    remove "$dir"
    ;;
stop-all)
    # every instance below BASE (a test's own ones too, had it failed before
    # stopping them), and the /tmp folders that links there point to
    if [ -d "$dir" ]; then
        find -L "$dir" -path '*/data/postmaster.pid' 2>/dev/null | while read -r pid; do
            [ -n "$BIN" ] && pg_stop "${pid%/data/postmaster.pid}"
        done
        find "$dir" -type l | while read -r link; do
            case $(readlink "$link") in /tmp/xq-pg-*) rm -rf "$(readlink "$link")" ;; esac
        done
    fi
    rm -rf "$dir"
    echo "PostgreSQL instances in $dir stopped"
    ;;
*)
    echo "unknown command: $cmd" >&2
    exit 2
    ;;
esac
