# SPDX-License-Identifier: MIT
"""The terminal player on a terminal (a pseudo-terminal): the live status line
while the engine thinks, Enter and 'stop' taking the best move so far, other
input explained, 'pause' and 'go', 'quit' and Ctrl-D while the engine thinks.

usage: python3 play_tty.py XIANGQI
"""
import os
import pty
import select
import sys
import time

PLAYER = sys.argv[1]
ARGS = ["--time", "60", "--threads", "1", "--hash", "16", "--ascii", "--color", "never", "--no-book"]


class Session:
    def __init__(self, *extra):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(PLAYER, [PLAYER, *ARGS, *extra])
        self.out = b""
        self.pos = 0  # start of what expect() has not matched yet

    def read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child closed the terminal
            return None
        if not data:
            return None
        self.out += data
        return True

    def expect(self, text, timeout=20):
        text = text.encode()
        end = time.time() + timeout
        while True:
            i = self.out.find(text, self.pos)
            if i >= 0:
                self.pos = i + len(text)
                return
            left = end - time.time()
            if left <= 0 or self.read(left) is None and self.out.find(text, self.pos) < 0:
                sys.exit("FAIL: expected %r; the output ends with:\n%s"
                         % (text, self.out[-2000:].decode(errors="replace")))

    def send(self, text):
        os.write(self.fd, text.encode())

    def finish(self, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self.read(0.1):
                    pass
                return os.waitstatus_to_exitcode(status)
            self.read(0.1)
        os.kill(self.pid, 9)
        sys.exit("FAIL: the player did not leave")


# Enter takes the engine's best move so far; other words are explained.
s = Session()
s.expect("1. Red> ")
s.send("h2e2\n")
s.expect("\rdepth ")            # the status line, redrawn in place
s.expect(" pv ")
s.send("undo\n")
s.expect("The engine is thinking: press Enter (or type 'stop') for its best move so far")
s.send("\n")
s.expect("Black plays ")
s.expect("2. Red> ")
# a hint, stopped with 'stop'
s.send("hint\n")
s.expect("\rdepth ")
s.send("stop\n")
s.expect("Hint: ")
s.expect("2. Red> ")
# 'pause' stops the engine without a move; 'go' starts it again; 'quit' leaves
s.send("h0g2\n")
s.expect("\rdepth ")
s.send("pause\n")
s.expect("Paused: the engine did not move.")
s.expect("2. Black> ")
s.send("go\n")
s.expect("\rdepth ")
t = time.time()
s.send("quit\n")
s.expect("Goodbye.")
code = s.finish()
if code != 0:
    sys.exit("FAIL: exit status %d after quit" % code)
if time.time() - t > 10:
    sys.exit("FAIL: quit took %.1f s while the engine was thinking" % (time.time() - t))

# Ctrl-D (end of input) while the engine thinks: it stops, the player leaves.
s = Session("--black")
s.expect("\rdepth ")
s.send("\x04")
s.expect("The engine was stopped.")
s.expect("Goodbye.")
code = s.finish()
if code != 0:
    sys.exit("FAIL: exit status %d after Ctrl-D" % code)
print("play_tty ok")
