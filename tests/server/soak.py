# SPDX-License-Identifier: MIT
"""Fault soak of xq-server on loopback: SIGKILL at random moments, and a full disk.

Kill form (the default): G games are played at once by 2G registered players
(red on the line protocol, black on WebSocket), each game by its own thread
sending random legal moves as fast as the server acknowledges them. A killer
thread sends the server SIGKILL after a random pause (--min-gap..--max-gap
seconds), so kills land before, during and after the storing of a move. After
each kill, with the server down, the database (a copy of its files, so that the
server's own recovery is what the next start sees) is checked game by game:

  - every acknowledged move is there, at its ply, once;
  - at most one move more, and only the one in flight when the server died
    (sent, not acknowledged: stored but not answered);
  - nothing else.

Then the server is started again on the same port, every player reconnects and
sends `resume`, the `game` state of each unfinished game must hold exactly the
moves the database held, and play goes on. A game that reaches --plies plies
is resigned and a new one is seeked between the same players. At the end the
server stops with SIGTERM and every game is checked once more.

Disk-full form (--disk-full): the database lives on a small tmpfs mounted in a
private mount namespace (unshare(1); as root, or as a user where user
namespaces are allowed; otherwise the test is skipped with status 77). Games
are started, the file system is filled, and moves go on: each is either
acknowledged (it fitted) or refused with the `storage` error, and a refused
move is not played (the state's ply is unchanged, the opponent hears
nothing). Chat and a registration are refused the same way; the server stays up.
Then space is freed and the games go on; after a SIGKILL and a restart the
database holds every acknowledged move and no refused one.

usage: soak.py XQ_SERVER [--kills N] [--games G] [--plies P] [--seed S]
                         [--min-gap S] [--max-gap S] [--timeout S] [--event-loop uv|poll]
       soak.py XQ_SERVER --disk-full [--games G] [--seed S] [--event-loop uv|poll]

Prints the figures (kills, games, moves acknowledged, moves checked, in-flight
moves found stored or not) and exits 0 when nothing was lost, 1 otherwise.
Bounded: --timeout seconds in all (default 600); every wait is bounded."""
import argparse
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xqclient import LineClient, WsClient, Server, hello, Closed  # noqa: E402

SKIP = 77
RESTART_WAIT_S = 30.0     # longest a player waits for the server to come back
BARRIER_WAIT_S = 20.0     # longest the killer waits for every game to see the kill
GRACE_S = 120             # reconnect grace: no game is lost by abandonment while down
BASE_S = 3600             # clock: no game is lost on time while the server is down


class Failure(Exception):
    pass


def copy_db_files(db, into):
    """The database and its WAL as the server left them, copied (the copy is
    what is opened: the server's own recovery stays for its next start)."""
    os.makedirs(into, exist_ok=True)
    dst = os.path.join(into, os.path.basename(db))
    for suffix in ("", "-wal", "-journal"):
        if os.path.exists(db + suffix):
            shutil.copyfile(db + suffix, dst + suffix)
        elif os.path.exists(dst + suffix):
            os.unlink(dst + suffix)
    return dst


def stored_moves(db, scratch, gids):
    """({game id: [ICCS moves in ply order]} of gids and of every live game,
    the set of live game ids) from a copy of the database."""
    path = copy_db_files(db, scratch)
    con = sqlite3.connect(path)
    try:
        out = {}
        live = {r[0] for r in con.execute("SELECT id FROM games WHERE result = 0")}
        for gid in set(gids) | live:
            rows = con.execute("SELECT ply, move FROM moves WHERE game = ? ORDER BY ply",
                               (gid,)).fetchall()
            plies = [p for p, _ in rows]
            if plies != list(range(1, len(rows) + 1)):
                raise Failure("game %d: stored plies %r are not 1..%d" % (gid, plies, len(rows)))
            out[gid] = [m for _, m in rows]
        return out, live
    finally:
        con.close()


class Player:
    def __init__(self, name, ws):
        self.name, self.ws = name, ws
        self.client = None
        self.token = None


class Game:
    """One pairing of two players and the game they play now."""

    def __init__(self, red, black):
        self.players = [red, black]
        self.gid = None
        self.acked = []        # moves the server acknowledged, in order
        self.inflight = None   # a move sent and not acknowledged
        self.legal = []        # legal moves of the side to move
        self.finished = False


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.dir = tempfile.mkdtemp(prefix="xq-soak-")
        self.db = os.path.join(self.dir, "soak.db")
        self.scratch = os.path.join(self.dir, "check")
        self.srv = Server(args.server, self.db, "--grace", str(GRACE_S), "--review-threads", "0",
                          "--no-book", "--event-loop", args.event_loop)
        self.generation = 0          # server starts so far
        self.cv = threading.Condition()
        self.down = 0                # game threads that saw the server go
        self.stop = False
        self.errors = []
        self.games = []
        self.done = {}               # game id -> (acknowledged moves, in flight) of games left
        self.live_stored = {}        # game id -> stored moves of each live game at the last check
        self.figures = dict(kills=0, games=0, acked=0, checked=0, final=0, inflight_stored=0,
                            inflight_lost=0, resumed=0, refused=0)
        self.lock = threading.Lock()

    # -- connections -----------------------------------------------------------
    def connect(self, p):
        p.client = (WsClient if p.ws else LineClient)(self.srv.port)
        hello(p.client)
        if p.token is None:
            r = p.client.call("register", name=p.name, password="soak-" + p.name)
            if r.get("type") != "session":
                raise Failure("register %s: %r" % (p.name, r))
            p.token = r["token"]
        else:
            r = p.client.call("resume", token=p.token)
            if r.get("type") != "session":
                raise Failure("resume %s: %r" % (p.name, r))

    def new_game(self, g):
        if g.gid is not None:  # the game left behind, as its players saw it
            with self.lock:
                self.done[g.gid] = (list(g.acked), g.inflight)
        red, black = g.players
        s = red.client.call("seek", color="red", base=BASE_S, inc=0, rated=False)
        if s.get("type") != "seek":
            raise Failure("seek: %r" % s)
        a = black.client.call("accept", offer=s["offer"])
        if a.get("type") != "game":
            raise Failure("accept: %r" % a)
        g.gid, g.acked, g.inflight, g.finished = a["game"], [], None, False
        g.legal = a["legal"]
        with self.lock:
            self.figures["games"] += 1

    # -- one game's thread -------------------------------------------------------
    def play(self, g):
        rng = random.Random(self.rng.random())
        gen = self.generation
        rejoin = False
        while not self.stop:
            try:
                if rejoin:
                    self.rejoin(g)
                    rejoin = False
                    continue
                if g.finished or len(g.acked) >= self.args.plies:
                    if not g.finished:
                        mover = g.players[len(g.acked) % 2]
                        r = mover.client.call("resign", game=g.gid)
                        if r.get("type") != "ok" and r.get("code") != "game_over":
                            raise Failure("resign: %r" % r)
                        g.finished = True
                    self.new_game(g)
                    continue
                if not g.legal:
                    g.finished = True
                    continue
                mover = g.players[len(g.acked) % 2]
                mv = rng.choice(g.legal)
                g.inflight = mv
                r = mover.client.call("move", game=g.gid, move=mv)
                if r.get("type") == "move":
                    if r["ply"] != len(g.acked) + 1 or r["move"] != mv:
                        raise Failure("game %d: acknowledgment %r for ply %d %s"
                                      % (g.gid, r, len(g.acked) + 1, mv))
                    g.acked.append(mv)
                    g.inflight = None
                    g.legal = r["legal"]
                    with self.lock:
                        self.figures["acked"] += 1
                elif r.get("code") == "game_over":
                    g.inflight, g.finished = None, True
                else:
                    raise Failure("game %d: move %s: %r" % (g.gid, mv, r))
            except (Closed, OSError, AssertionError) as e:
                if self.stop:
                    return
                # AssertionError: no reply in time; only acceptable if the server died
                if isinstance(e, AssertionError) and self.srv.proc.poll() is None:
                    raise Failure("game %s: %s" % (g.gid, e))
                gen = self.wait_restart(gen)
                if gen is None:
                    return
                rejoin = True

    def wait_restart(self, gen):
        with self.cv:
            self.down += 1
            self.cv.notify_all()
            ok = self.cv.wait_for(lambda: self.generation > gen or self.stop, RESTART_WAIT_S)
            if not ok:
                raise Failure("the server did not come back within %.0f s" % RESTART_WAIT_S)
            return None if self.stop else self.generation

    def rejoin(self, g):
        """Both players reconnect and resume; the game the server gives back
        (pushed after `resume`) must hold the moves the database held."""
        live = set()
        for p in g.players:
            if p.client:
                p.client.close()
            self.connect(p)
            mark = len(p.client.seen)
            p.client.call("ping")  # after the states that follow the session
            live |= {m["game"] for m in p.client.seen[mark:]
                     if m.get("type") == "game" and not m.get("finished")}
        if not live:   # the game ended as the server died (a resignation in flight)
            g.finished = True
            return
        if len(live) > 1:
            raise Failure("players %s have %d live games" % (g.players[0].name, len(live)))
        gid = live.pop()
        if gid not in self.live_stored:
            raise Failure("game %d was given back but is not live in the database" % gid)
        if gid != g.gid:  # created as the server died, its acceptance unanswered
            g.gid, g.acked, g.inflight, g.finished = gid, [], None, False
            with self.lock:
                self.figures["games"] += 1
        st = g.players[0].client.call("state", game=gid)
        if st.get("moves") != self.live_stored[gid]:
            raise Failure("game %d: resumed with %r, the database held %r"
                          % (gid, st.get("moves"), self.live_stored[gid]))
        g.acked, g.inflight, g.legal = list(st["moves"]), None, st["legal"]
        with self.lock:
            self.figures["resumed"] += 1

    def worker(self, g):
        try:
            self.play(g)
        except Exception as e:  # noqa: BLE001 — reported, and the run fails
            self.errors.append("%s: %s" % (type(e).__name__, e))
            with self.cv:
                self.stop = True
                self.cv.notify_all()

    def stop_server(self):
        """SIGTERM; what the server reported on its way out (a sanitizer's
        report) fails the run."""
        if self.srv.proc and self.srv.proc.poll() is None:
            try:
                self.srv.stop()
            except AssertionError as e:
                self.errors.append(str(e))

    # -- the checks --------------------------------------------------------------
    def check_database(self, final=False):
        """Every game's stored moves against what its players saw; the moves
        each game resumes from (self.checked)."""
        games = dict(self.done) if final else {}
        games.update({g.gid: (g.acked, g.inflight) for g in self.games if g.gid})
        stored, live = stored_moves(self.db, self.scratch, games)
        self.live_stored = {gid: stored[gid] for gid in live}
        for gid, (acked, inflight) in games.items():
            got = stored[gid]
            if got[:len(acked)] != acked:
                raise Failure("game %d: acknowledged %r, stored %r" % (gid, acked, got))
            extra = got[len(acked):]
            if extra and (len(extra) > 1 or extra[0] != inflight):
                raise Failure("game %d: stored %r beyond the acknowledged %r (in flight: %r)"
                              % (gid, extra, acked, inflight))
            if final:
                self.figures["final"] += len(acked)
            if inflight and not final:
                self.figures["inflight_stored" if extra else "inflight_lost"] += 1
            self.figures["checked"] += len(acked)

    # -- the kill form -----------------------------------------------------------
    def start(self, prefix):
        """The server, and --games games between registered players (red on
        the line protocol, black on WebSocket), each at its first move."""
        self.srv.start()
        self.generation = 1
        for i in range(self.args.games):
            red, black = Player("%sr%d" % (prefix, i), False), Player("%sb%d" % (prefix, i), True)
            for p in (red, black):
                self.connect(p)
            g = Game(red, black)
            self.new_game(g)
            self.games.append(g)

    def run_kills(self):
        a = self.args
        self.start("soak")
        threads = [threading.Thread(target=self.worker, args=(g,), daemon=True) for g in self.games]
        for t in threads:
            t.start()
        deadline = time.time() + a.timeout
        try:
            while self.figures["kills"] < a.kills and not self.stop:
                if time.time() > deadline:
                    raise Failure("out of time after %d kills" % self.figures["kills"])
                time.sleep(self.rng.uniform(a.min_gap, a.max_gap))
                if self.stop:
                    break
                with self.cv:
                    self.down = 0
                self.srv.kill()
                self.figures["kills"] += 1
                with self.cv:
                    if not self.cv.wait_for(lambda: self.down >= len(self.games) or self.stop,
                                            BARRIER_WAIT_S):
                        raise Failure("%d of %d games did not see the kill"
                                      % (len(self.games) - self.down, len(self.games)))
                if self.stop:
                    break
                self.check_database()
                self.srv.start()
                restored = int(self.srv.banner.split("(")[-1].split()[0])
                live = len(self.live_stored)
                if restored != live:
                    raise Failure("%d unfinished games restored, %d expected" % (restored, live))
                with self.cv:
                    self.generation += 1
                    self.cv.notify_all()
        except Failure as e:
            self.errors.append(str(e))
        with self.cv:
            self.stop = True
            self.cv.notify_all()
        for g in self.games:
            for p in g.players:
                if p.client:
                    p.client.close()
        for t in threads:
            t.join(15)
        self.stop_server()
        if not self.errors:
            try:
                self.check_database(final=True)
            except Failure as e:
                self.errors.append(str(e))

    # -- the disk-full form --------------------------------------------------------
    def run_disk_full(self):
        fill = os.path.join(os.path.dirname(self.db), "filler")
        self.start("full")
        rng = self.rng

        def move(g):
            """One move of g: True acknowledged, False refused for storage."""
            mover, other = g.players[len(g.acked) % 2], g.players[1 - len(g.acked) % 2]
            mv = rng.choice(g.legal)
            r = mover.client.call("move", game=g.gid, move=mv)
            if r.get("type") == "move":
                g.acked.append(mv)
                g.legal = r["legal"]
                self.figures["acked"] += 1
                return True
            if r.get("code") != "storage":
                raise Failure("game %d: move %s: %r" % (g.gid, mv, r))
            self.figures["refused"] += 1
            st = other.client.call("state", game=g.gid)
            if st.get("ply") != len(g.acked) or st.get("moves") != g.acked:
                raise Failure("game %d: a refused move changed the game: %r" % (g.gid, st))
            if any(m.get("type") == "move" and m.get("ply", 0) > len(g.acked)
                   for m in other.client.drain(0.05)):
                raise Failure("game %d: the opponent heard of a refused move" % g.gid)
            return False

        for g in self.games:
            for _ in range(4):
                if not move(g):
                    raise Failure("a move refused before the disk was full")
        # fill the file system to the last block
        fd = os.open(fill, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            for chunk in (65536, 4096, 512, 1):
                try:
                    while True:
                        os.write(fd, b"\0" * chunk)
                except OSError:
                    pass
        finally:
            os.close(fd)
        refused_games = 0
        for g in self.games:
            for _ in range(200):  # what still fits in the pages the database holds
                if not move(g):
                    refused_games += 1
                    break
        if refused_games == 0:
            raise Failure("no move was refused with the disk full")
        red = self.games[0].players[0]
        r = red.client.call("say", to=self.games[0].gid, text="full?")
        if r.get("type") != "error" or r.get("code") != "storage":
            raise Failure("chat with the disk full: %r" % r)
        newcomer = Player("fullnew", False)
        newcomer.client = LineClient(self.srv.port)
        hello(newcomer.client)
        r = newcomer.client.call("register", name=newcomer.name, password="soak-fullnew")
        if r.get("type") != "error" or r.get("code") != "storage":
            raise Failure("a registration with the disk full: %r" % r)
        if self.srv.proc.poll() is not None:
            raise Failure("the server died with the disk full")
        os.unlink(fill)
        for g in self.games:  # space again: every game goes on
            for _ in range(6):
                if not move(g):
                    raise Failure("game %d: a move refused after space was freed" % g.gid)
        r = red.client.call("say", to=self.games[0].gid, text="space again")
        if r.get("type") != "chat":
            raise Failure("chat after space was freed: %r" % r)
        r = newcomer.client.call("register", name=newcomer.name, password="soak-fullnew")
        if r.get("type") != "session":
            raise Failure("a registration after space was freed: %r" % r)
        newcomer.client.close()
        self.srv.kill()
        self.figures["kills"] += 1
        self.check_database(final=True)
        self.srv.start()
        restored = int(self.srv.banner.split("(")[-1].split()[0])
        if restored != len(self.live_stored):
            raise Failure("%d unfinished games restored, %d in the database"
                          % (restored, len(self.live_stored)))
        self.stop_server()

    def report(self):
        f = self.figures
        print("soak: %(kills)d kills, %(games)d games, %(acked)d moves acknowledged, "
              "%(checked)d checks of an acknowledged move in the database, %(final)d stored "
              "moves checked at the end, %(resumed)d resumes, "
              "in flight at a kill: %(inflight_stored)d stored, %(inflight_lost)d not stored; "
              "%(refused)d moves refused for storage" % f)
        for e in self.errors:
            print("soak: FAILED: %s" % e)
        return 1 if self.errors else 0


def in_private_tmpfs(argv, size):
    """Re-run this program in a private mount namespace with a tmpfs of `size`
    at a fresh directory (XQ_SOAK_TMPFS). None when that cannot be done."""
    d = tempfile.mkdtemp(prefix="xq-soak-full-")
    script = 'mount -t tmpfs -o size=%s xq-soak "$XQ_SOAK_TMPFS" && exec "$@"' % size
    env = dict(os.environ, XQ_SOAK_TMPFS=d)
    for pre in (["unshare", "--mount", "--propagation", "private"],
                ["unshare", "--user", "--map-root-user", "--mount"]):
        if shutil.which(pre[0]) is None:
            return None
        probe = subprocess.run(pre + ["sh", "-c", 'mount -t tmpfs -o size=64k t "$XQ_SOAK_TMPFS"'],
                               env=env, capture_output=True)
        if probe.returncode == 0:
            try:
                return subprocess.run(pre + ["sh", "-c", script, "sh", sys.executable] + argv,
                                      env=env).returncode
            finally:
                os.rmdir(d)
    os.rmdir(d)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("server")
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-gap", type=float, default=0.05)
    ap.add_argument("--max-gap", type=float, default=1.0)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--disk-full", action="store_true")
    ap.add_argument("--event-loop", default="uv", choices=("uv", "poll"),
                    help="the server's --event-loop")
    ap.add_argument("--tmpfs-size", default="2m")
    a = ap.parse_args()
    if a.disk_full and "XQ_SOAK_TMPFS" not in os.environ:
        rc = in_private_tmpfs([os.path.abspath(__file__)] + sys.argv[1:], a.tmpfs_size)
        if rc is None:
            print("soak: skipped: no private tmpfs (needs root or user namespaces)")
            return SKIP
        return rc
    s = Soak(a)
    if a.disk_full:
        s.dir = tempfile.mkdtemp(prefix="db-", dir=os.environ["XQ_SOAK_TMPFS"])
        s.db = os.path.join(s.dir, "soak.db")
        s.scratch = tempfile.mkdtemp(prefix="xq-soak-check-")
        s.srv.db = s.db
    t0 = time.time()
    try:
        s.run_disk_full() if a.disk_full else s.run_kills()
    except Failure as e:
        s.errors.append(str(e))
    finally:
        s.stop_server()
        shutil.rmtree(s.dir, ignore_errors=True)
        shutil.rmtree(s.scratch, ignore_errors=True)
    rc = s.report()
    print("soak: %.1f s" % (time.time() - t0))
    return rc


if __name__ == "__main__":
    sys.exit(main())
