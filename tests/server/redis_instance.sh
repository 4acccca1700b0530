#!/bin/sh
# SPDX-License-Identifier: MIT
# A Redis instance of the tests' own, in a folder of the build tree:
#
#   redis_instance.sh start DIR     start afresh on 127.0.0.1 and a free port;
#                                   DIR/status says "running", DIR/url holds
#                                   redis://127.0.0.1:PORT (and DIR/port the port)
#   redis_instance.sh stop DIR      stop it (TERM, then KILL) and delete DIR
#   redis_instance.sh pause DIR     stop it, keeping DIR (a test's outage)
#   redis_instance.sh resume DIR    start it again on the same port
#   redis_instance.sh stop-all BASE stop every instance in BASE's folders, delete BASE
#
# No persistence (--save '' --appendonly no), loopback only. Without
# redis-server (XQ_REDIS_SERVER when set, else redis-server on PATH or in
# /usr/bin) `start` writes "absent: ..." to DIR/status and exits 77: the tests
# that need Redis then skip (77) with that message.
set -u
SKIP=77
# Tenths of a second a start or a stop waits.
WAIT_TENTHS=100

cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|pause|resume DIR | stop-all BASE" >&2; exit 2; }

server() {
    if [ -n "${XQ_REDIS_SERVER:-}" ]; then
        [ -x "$XQ_REDIS_SERVER" ] && echo "$XQ_REDIS_SERVER"
        return
    fi
    command -v redis-server 2>/dev/null && return 0
    [ -x /usr/bin/redis-server ] && echo /usr/bin/redis-server
}

# A free TCP port on 127.0.0.1 (the kernel's choice).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Start the instance in $dir on the port in $dir/port; wait until it answers.
redis_up() {
    port=$(cat "$dir/port")
    "$BIN" --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize yes \
        --pidfile "$dir/redis.pid" --dir "$dir" --logfile "$dir/log" >/dev/null 2>&1 ||
        { cat "$dir/log" >&2 2>/dev/null; return 1; }
    i=0
    while [ $i -lt $WAIT_TENTHS ]; do
        # a PING answered with +PONG over the port
        if python3 - "$port" <<'EOF' 2>/dev/null; then return 0; fi
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1)
s.sendall(b"PING\r\n")
sys.exit(0 if s.recv(64).startswith(b"+PONG") else 1)
EOF
        sleep 0.1
        i=$((i + 1))
    done
    echo "redis-server did not answer on port $port" >&2
    cat "$dir/log" >&2 2>/dev/null
    return 1
}

# Stop the instance in $1 (its pid file): TERM, then KILL.
redis_down() {
    pid=$(cat "$1/redis.pid" 2>/dev/null) || return 0
    [ -n "$pid" ] || return 0
    kill -TERM "$pid" 2>/dev/null
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt $WAIT_TENTHS ]; do
        sleep 0.1
        i=$((i + 1))
    done
    kill -KILL "$pid" 2>/dev/null
    rm -f "$1/redis.pid"
}

BIN=$(server) || BIN=
[ -d "$dir" ] && dir=$(cd "$dir" && pwd)

case $cmd in
start)
    # a fresh instance: one left by an interrupted run goes first
    if [ -e "$dir" ]; then
        redis_down "$dir"
        rm -rf "$dir"
    fi
    mkdir -p "$dir" || exit 1
    dir=$(cd "$dir" && pwd)
    if [ -z "$BIN" ]; then
        echo "absent: no redis-server (Debian: redis-server)" >"$dir/status"
        echo "Redis tests skipped: $(cat "$dir/status")"
        exit $SKIP
    fi
    free_port >"$dir/port" || exit 1
    redis_up || exit 1
    echo "redis://127.0.0.1:$(cat "$dir/port")" >"$dir/url"
    echo running >"$dir/status"
    echo "Redis ($BIN) running in $dir: $(cat "$dir/url")"
    ;;
pause)
    redis_down "$dir"
    ;;
resume)
    [ -n "$BIN" ] || exit $SKIP
    redis_up || exit 1
    ;;
stop)
    redis_down "$dir"
    rm -rf "$dir"
    ;;
stop-all)
    # every instance below BASE (a test's own ones too, had it failed before
    # stopping them)
    if [ -d "$dir" ]; then
        find "$dir" -name redis.pid 2>/dev/null | while read -r pid; do
            redis_down "${pid%/redis.pid}"
        done
    fi
    rm -rf "$dir"
    echo "Redis instances in $dir stopped"
    ;;
*)
    echo "unknown command: $cmd" >&2
    exit 2
    ;;
esac
