# SPDX-License-Identifier: MIT
"""A small xq-server client for the tests (Python standard library only).

LineClient speaks the line protocol over TCP; WsClient the same messages as
JSON over WebSocket (a minimal RFC 6455 client: masked text frames out,
unmasked frames in). Both read in the background and let a test wait for a
message of a given type."""
import base64
import ctypes
import json
import os
import queue
import re
import signal
import socket
import struct
import subprocess
import threading
import time

TIMEOUT = 10.0


class Closed(Exception):
    pass


class _Base:
    def __init__(self):
        self.q = queue.Queue()
        self.seen = []
        self.closed = False
        self.t = threading.Thread(target=self._reader, daemon=True)

    def _reader(self):
        try:
            while True:
                m = self._read_one()
                if m is None:
                    break
                self.q.put(m)
        except OSError:
            pass
        self.closed = True
        self.q.put(None)

    def recv(self, timeout=TIMEOUT):
        m = self.q.get(timeout=timeout)
        if m is None:
            self.q.put(None)
            raise Closed()
        self.seen.append(m)
        return m

    def expect(self, type_, timeout=TIMEOUT, **fields):
        """The next message of this type (with these fields); others are skipped."""
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                raise AssertionError("no %s %r; seen %r" % (type_, fields, self.seen[-8:]))
            try:
                m = self.recv(left)
            except queue.Empty:
                continue
            if m.get("type") == type_ and all(m.get(k) == v for k, v in fields.items()):
                return m

    def call(self, type_, **fields):
        """Send with an id and return the reply carrying it."""
        self._id = getattr(self, "_id", 0) + 1
        fields["id"] = self._id
        self.send(type_, **fields)
        end = time.time() + TIMEOUT
        while time.time() < end:
            try:
                m = self.recv(end - time.time())
            except queue.Empty:
                break
            if m.get("id") == self._id:
                return m
        raise AssertionError("no reply to %s; seen %r" % (type_, self.seen[-8:]))

    def drain(self, wait=0.2):
        out = []
        try:
            while True:
                m = self.q.get(timeout=wait)
                if m is None:
                    self.q.put(None)
                    break
                out.append(m)
        except queue.Empty:
            pass
        self.seen.extend(out)
        return out


def _connect(host, port, source):
    """A TCP connection, from the loopback address `source` if given (Linux routes
    all of 127.0.0.0/8 to lo, so a test can be several client addresses)."""
    return socket.create_connection((host, port), timeout=TIMEOUT,
                                    source_address=(source, 0) if source else None)


class LineClient(_Base):
    def __init__(self, port, host="127.0.0.1", source=None):
        super().__init__()
        self.sock = _connect(host, port, source)
        self.sock.settimeout(None)
        self.f = self.sock.makefile("rb")
        self.t.start()

    def _read_one(self):
        line = self.f.readline()
        if not line:
            return None
        typ, _, rest = line.decode("utf-8").rstrip("\n").partition(" ")
        m = json.loads(rest)
        assert m["type"] == typ, line
        return m

    def raw(self, data):
        self.sock.sendall(data if isinstance(data, bytes) else data.encode("utf-8"))

    def line(self, text):
        self.raw(text + "\n")

    def send(self, type_, **fields):
        self.raw("%s %s\n" % (type_, json.dumps(fields)))

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class WsClient(_Base):
    def __init__(self, port, host="127.0.0.1", source=None, headers=None):
        super().__init__()
        self.sock = _connect(host, port, source)
        key = base64.b64encode(os.urandom(16)).decode()
        extra = "".join("%s: %s\r\n" % kv for kv in (headers or {}).items())
        self.sock.sendall(("GET / HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: xq\r\n%s\r\n"
                           % (host, port, key, extra)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise Closed("handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise AssertionError("WebSocket upgrade refused: %r" % head)
        self.sock.settimeout(None)
        self.t.start()

    def _exact(self, n):
        b = b""
        while len(b) < n:
            c = self.sock.recv(n - len(b))
            if not c:
                return None
            b += c
        return b

    def _read_one(self):
        msg = b""
        while True:
            h = self._exact(2)
            if h is None:
                return None
            op, ln = h[0] & 0x0F, h[1] & 0x7F
            if ln == 126:
                ln = struct.unpack(">H", self._exact(2))[0]
            elif ln == 127:
                ln = struct.unpack(">Q", self._exact(8))[0]
            data = self._exact(ln) if ln else b""
            if op == 8:
                return None
            if op == 9:
                self.frame(10, data)
                continue
            msg += data
            if h[0] & 0x80:
                return json.loads(msg.decode("utf-8"))

    def frame(self, op, payload, fin=True):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([(0x80 if fin else 0) | op])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + body)

    def text(self, s):
        self.frame(1, s if isinstance(s, bytes) else s.encode("utf-8"))

    def send(self, type_, **fields):
        fields["type"] = type_
        self.text(json.dumps(fields))

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def _die_with_parent():
    """In the child: SIGKILL when the test process goes (a test killed by its
    timeout leaves no server behind). Linux prctl(PR_SET_PDEATHSIG)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


class Server:
    """xq-server on 127.0.0.1 with its own database. The first start asks for any
    free port (--listen 127.0.0.1:0) and reads the one chosen from the banner;
    a restart listens on the same port again."""

    def __init__(self, binary, db, *args, port=0):
        self.binary, self.db, self.args = binary, db, list(args)
        self.port = port
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "--listen", "127.0.0.1:%d" % self.port, "--db", self.db] + self.args,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_die_with_parent)
        line = self.proc.stdout.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+) ", line)
        if not m:
            self.proc.wait(5)
            raise AssertionError("server did not start: %r %r" % (line, self.proc.stderr.read()))
        self.port = int(m.group(1))
        self.banner = line
        while "xq-server: database" not in line:  # the banner ends with the database line
            line = self.proc.stdout.readline()
            if not line:
                break
            self.banner += line
        return self

    def kill(self):
        self.proc.kill()
        self.proc.wait(5)
        self.check_stderr()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.check_stderr()

    def check_stderr(self):
        """A sanitizer's report on the server's standard error fails the test."""
        err = self.proc.stderr.read() if self.proc.stderr and not self.proc.stderr.closed else ""
        self.stderr_text = err
        for f in (self.proc.stdout, self.proc.stderr):
            f.close()
        for mark in ("AddressSanitizer", "LeakSanitizer", "runtime error:", "ThreadSanitizer"):
            if mark in err:
                raise AssertionError("the server reported an error:\n" + err[-4000:])


def hello(c):
    c.send("hello", protocol=1, client="tests")
    return c.expect("welcome")
