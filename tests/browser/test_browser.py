# SPDX-License-Identifier: MIT
"""The browser client of xq-server in a real browser (headless Chromium driven by
Selenium): two people play a game to checkmate by clicking squares, chat, and
one reloads mid-game and finds the game again; a guest plays the engine at
level 1; a new game comes to the front, a finished one opens again (reload,
pasted address) with its result and rating changes; a visitor on a phone
finds the lobby first and no controls that fail; game chat survives logging
out and in (issue 24). Screenshots of the board go to the build tree.

usage: /usr/bin/python3 test_browser.py XQ_SERVER WWW_DIR SCREENSHOT_DIR
Exit 77 (skipped) when Chromium, chromedriver or Selenium is not installed
(scripts/deps.sh installs them: Debian chromium, chromium-driver, python3-selenium)."""
import os
import re
import shutil
import sys
import tempfile
import time
import unittest
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "server"))
from xqclient import LineClient, Server  # noqa: E402

SKIP = 77
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False

WAIT_S = 20           # every wait is bounded
MATE = "e0e1 d9e8 b2b4 c9a7 b4g4 h7h8 g4g9".split()  # Red mates in 7 plies
# 60 plies of LIU DianZhong - LIU DaHua, 1997 (tests/data/games/liu-dahua-1125-uci.pgn)
LONG_GAME = ("h2e2 b9c7 h0g2 h7f7 g3g4 h9g7 b2c2 i9h9 b0a2 a9b9 a0b0 b7b3 c3c4 h9h5 i0h0 h5d5 "
             "c2c6 c9e7 e2f2 d5d6 c4c5 b3b2 h0h8 b2g2 b0b9 c7b9 h8b8 g2a2 c0a2 b9d8 c6c9 d9e8 "
             "c9a9 d6d7 b8b9 e8d9 b9b8 d9e8 f2d2 d7a7 b8b9 e8d9 b9d9 e9e8 c5d5 d8b7 a9f9 g6g5 "
             "d2g2 f7f8 g4g5 g7f9 d9f9 a7a9 f9a9 b7a9 g5g6 a9c8 g2e2 e8e9")
RELOAD_AFTER = 3      # Black reloads the page after this many plies
RESTART_AFTER = 5     # the server restarts after this many

BINARY = WWW = SHOTS = ""


def luminance(css):
    """The relative luminance (WCAG 2) of a CSS rgb()/rgba() colour."""
    r, g, b = [int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(fg, bg):
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def browser(size=(1150, 1100)):
    opt = webdriver.ChromeOptions()
    opt.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=%d,%d" % size, "--no-first-run", "--mute-audio",
              "--user-data-dir=" + tempfile.mkdtemp(prefix="xq-chromium-")):
        opt.add_argument(a)
    d = webdriver.Chrome(service=Service(DRIVER), options=opt)
    d.set_page_load_timeout(WAIT_S)
    d.set_script_timeout(WAIT_S)
    return d


class Page:
    """One browser session on the page."""

    def __init__(self, test, url, size=(1150, 1100)):
        self.t = test
        self.d = browser(size)
        test.addCleanup(self.quit)
        self.d.get(url)
        self.until(lambda: self.text("status") == "online", "the page connects")

    def quit(self):
        logs = []
        try:
            # a refused WebSocket while the server restarts is expected (the page retries)
            logs = [e for e in self.d.get_log("browser") if e["level"] == "SEVERE" and
                    "ERR_CONNECTION_REFUSED" not in e["message"]]
        except Exception:  # noqa: BLE001 - the log is a diagnostic only
            pass
        self.d.quit()
        self.t.assertEqual(logs, [], "errors in the browser console")

    def until(self, cond, what, timeout=WAIT_S):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if cond():
                    return
            except Exception:  # noqa: BLE001 - an element not there yet
                pass
            time.sleep(0.05)
        self.shot("failed")
        raise AssertionError("timed out waiting until " + what)

    def el(self, id_):
        return self.d.find_element(By.ID, id_)

    def text(self, id_):
        return self.el(id_).text

    def click(self, id_):
        self.el(id_).click()

    def type(self, id_, text):
        e = self.el(id_)
        e.clear()
        e.send_keys(text)

    def register(self, name):
        self.type("name", name)
        self.type("password", "secret-" + name)
        self.click("register")
        self.until(lambda: self.el("me").is_displayed() and self.text("me-name") == name,
                   name + " is signed in")

    def login(self, name):
        self.type("name", name)
        self.type("password", "secret-" + name)
        self.click("login")
        self.until(lambda: self.el("me").is_displayed() and self.text("me-name") == name,
                   name + " is signed in again")

    def answer(self, yes=True):
        """Answer the page's own question (its <dialog>; issue 45: it was the
        browser's confirm())."""
        self.until(lambda: self.el("confirm").is_displayed(), "the page asks")
        self.click("confirm-yes" if yes else "confirm-no")
        self.until(lambda: not self.el("confirm").is_displayed(), "the question is answered")

    def square(self, sq):
        return self.d.find_element(By.CSS_SELECTOR, '#board-host [data-sq="%s"]' % sq)

    def plies(self):
        return self.d.execute_script(
            "return [...document.querySelectorAll('#moves span')].filter(s => s.textContent).length")

    def targets(self):
        return len(self.d.find_elements(By.CSS_SELECTOR, "#board-host .target"))

    def play(self, move):
        """Click the piece, check the legal targets are shown, click the target."""
        n = self.plies()
        self.square(move[:2]).click()
        self.until(lambda: self.targets() > 0, "legal targets of %s are shown" % move[:2])
        self.square(move[2:]).click()
        self.until(lambda: self.plies() > n, "the move %s is played" % move)

    def shot(self, name):
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            try:
                self.d.find_element(By.CSS_SELECTOR, "#board-host svg").screenshot(
                    os.path.join(SHOTS, "board-%s.png" % name))
                self.d.save_screenshot(os.path.join(SHOTS, "page-%s.png" % name))
            except Exception:  # noqa: BLE001 - a screenshot is a diagnostic
                pass


class Browser(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="xq-browser-test-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.srv = Server(BINARY, os.path.join(self.dir, "t.db"), "--guests", "--www", WWW,
                          "--grace", "30").start()
        self.addCleanup(self.srv.stop)  # after the pages have gone (cleanups run last first)
        self.url = "http://127.0.0.1:%d/" % self.srv.port

    def test_page_is_served_whole_from_the_server(self):
        for path, kind in (("", "text/html"), ("style.css", "text/css"), ("js/app.js", "javascript"),
                           ("js/board.js", "javascript"), ("js/net.js", "javascript"),
                           ("js/sound.js", "javascript")):
            with urllib.request.urlopen(self.url + path, timeout=WAIT_S) as r:
                self.assertIn(kind, r.headers["Content-Type"], path)
                body = r.read().decode()
            # nothing fetched from elsewhere at run time
            self.assertNotRegex(body, r"(src|href)\s*=\s*[\"']?(https?:)?//", path)
            self.assertNotRegex(body, r"import[^;]*[\"']https?:", path)

    def test_two_players_mate_chat_and_reload(self):
        alice, bob = Page(self, self.url), Page(self, self.url)
        alice.register("alice")
        bob.register("bob")
        # lobby chat
        alice.type("lobby-chat-input", "anyone for a game?")
        alice.el("lobby-chat-input").submit()
        bob.until(lambda: "alice: anyone for a game?" in bob.text("lobby-chat-log"), "bob reads the lobby")
        # a challenge, declined
        alice.type("challenge-name", "bob")
        alice.click("challenge")
        bob.until(lambda: "alice → bob" in bob.text("seeks"), "bob sees the challenge")
        bob.d.find_element(By.XPATH, "//ul[@id='seeks']//button[text()='Decline']").click()
        alice.until(lambda: "alice → bob" not in alice.text("seeks"), "the challenge is gone")
        Select(alice.el("color")).select_by_value("red")
        alice.click("seek")
        bob.until(lambda: bob.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "bob sees the seek")
        bob.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        for p in (alice, bob):
            p.until(lambda p=p: p.el("game-panel").is_displayed(), "the game is shown")
        self.assertIn("you", alice.el("player-bottom").text)  # Red at the bottom for Red
        self.assertIn("bob", bob.el("player-bottom").text)    # flipped for Black
        alice.shot("start")
        # a third page, without an account, watches
        carol = Page(self, self.url)
        carol.until(lambda: carol.d.find_elements(By.CSS_SELECTOR, "#live-games button"),
                    "the live game is listed")
        carol.d.find_element(By.CSS_SELECTOR, "#live-games button").click()
        carol.until(lambda: carol.el("game-panel").is_displayed(), "carol watches")
        self.assertFalse(carol.el("move-form").is_displayed())
        self.assertFalse(carol.el("resign").is_displayed())
        clock0 = alice.d.find_element(By.CSS_SELECTOR, "#player-bottom .clock").text

        for i, mv in enumerate(MATE):
            me, them = (alice, bob) if i % 2 == 0 else (bob, alice)
            if i == RELOAD_AFTER:
                bob.d.refresh()
                bob.until(lambda: bob.text("status") == "online", "bob reconnects")
                bob.until(lambda: bob.el("game-panel").is_displayed() and bob.plies() == i,
                          "bob finds the game again after the reload")
                self.assertEqual(bob.text("me-name"), "bob")
                carol.d.refresh()  # the watcher too: the address (#game=N) brings the game back
                carol.until(lambda: carol.el("game-panel").is_displayed() and carol.plies() == i,
                            "carol watches again after the reload")
                # chat in the game, both ways
                alice.type("game-chat-input", "good luck")
                alice.click("game-chat-input")
                alice.el("game-chat-input").submit()
                bob.until(lambda: "alice: good luck" in bob.text("game-chat-log"), "bob reads alice")
                bob.type("game-chat-input", "you too")
                bob.el("game-chat-input").submit()
                alice.until(lambda: "bob: you too" in alice.text("game-chat-log"), "alice reads bob")
                bob.shot("after-reload")
            if i == RESTART_AFTER:
                self.assertFalse(alice.el("reconnecting").is_displayed())
                self.srv.stop()
                # while the server is away the page says so in a banner (issue 27)
                alice.until(lambda: alice.el("reconnecting").is_displayed(), "the reconnecting banner shows")
                self.srv.start()  # the same port and database
                for p in (alice, bob):
                    p.until(lambda p=p: p.text("status") == "online" and p.plies() == i and
                            p.el("game-panel").is_displayed(), "the page is back after a restart")
                    self.assertFalse(p.el("reconnecting").is_displayed())
            me.play(mv)
            them.until(lambda them=them: them.plies() == i + 1, "the opponent sees ply %d" % (i + 1))
            if i == 4:
                # the last move is marked; the clock ticks
                self.assertEqual(len(alice.d.find_elements(By.CSS_SELECTOR, "#board-host .last")), 2)
                alice.until(lambda: alice.d.find_element(By.CSS_SELECTOR, "#player-bottom .clock").text
                            != clock0, "Red's clock has moved")
        carol.until(lambda: carol.plies() == len(MATE), "carol saw every move (and the restart)")
        for p in (alice, bob, carol):
            p.until(lambda p=p: p.el("result").is_displayed(), "the result is shown")
            self.assertIn("1-0", p.text("result"))
            self.assertIn("checkmate", p.text("result").lower())
            self.assertTrue(p.el("pgn").is_displayed())
            self.assertFalse(p.el("resign").is_displayed())
        self.assertIn("alice: good luck", carol.text("game-chat-log"))
        self.assertEqual(len(bob.d.find_elements(By.CSS_SELECTOR, "#board-host .check")), 1)
        alice.d.execute_script("document.getElementById('toast').hidden = true")
        alice.shot("checkmate")
        # the move list in WXF and ICCS
        Select(alice.el("notation")).select_by_value("iccs")
        self.assertIn("e0e1", alice.text("moves"))
        Select(alice.el("notation")).select_by_value("wxf")
        self.assertIn("K5+1", alice.text("moves"))

    def line_user(self, name):
        """A user on the line protocol (a third or fourth player costs no browser)."""
        c = LineClient(self.srv.port)
        self.addCleanup(c.close)
        c.call("hello", protocol=1, client="browser-test")
        self.assertEqual(c.call("register", name=name, password="secret-" + name)["type"], "session")
        return c

    def test_new_game_comes_to_the_front_and_finished_game_reopens(self):
        alice, bob = Page(self, self.url), Page(self, self.url)
        alice.register("alice")
        bob.register("bob")
        # dave and erin (line protocol) play; alice and bob watch them
        dave, erin = self.line_user("dave"), self.line_user("erin")
        x = erin.call("accept", offer=dave.call("seek", base=600, inc=0, color="red")["offer"])["game"]
        for p in (alice, bob):
            p.until(lambda p=p: p.d.find_elements(By.CSS_SELECTOR, '#live-games li[data-game="%d"] button' % x),
                    "dave – erin is listed")
            p.d.find_element(By.CSS_SELECTOR, '#live-games li[data-game="%d"] button' % x).click()
            p.until(lambda p=p: p.text("game-title").startswith("Game %d: dave – erin" % x), "dave – erin is watched")
        # alice, watching, seeks a rated game as Red; bob, watching too, accepts:
        # the new game comes to the front on both pages (issue 24, browser 1)
        Select(alice.el("color")).select_by_value("red")
        alice.click("rated")
        alice.click("seek")
        bob.until(lambda: bob.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "bob sees the seek")
        bob.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        bob.until(lambda: "alice – bob" in bob.text("game-title"), "bob's page shows the game he accepted")
        alice.until(lambda: "alice – bob" in alice.text("game-title"),
                    "alice's page switches from the watched game to her new game")
        g = int(alice.text("game-title").split(":")[0].split()[1])
        self.assertIn("#game=%d" % g, alice.d.current_url)
        self.assertIn("you", alice.text("player-bottom"))
        # one game at a time: while alice plays, the lobby says so instead of
        # offering a seek the server refuses (already_playing)
        alice.until(lambda: not alice.el("seek").is_enabled(), "alice cannot seek while she plays")
        self.assertFalse(alice.el("play-engine").is_enabled())
        self.assertIn("You are playing game %d" % g, alice.text("lobby-hint"))
        # two moves (a rated game needs both sides to have moved) and bob resigns:
        # alice's rating shows 1662 at once (Glicko-2, provisional: "?"), the result
        # each player's change (browser 3)
        alice.play("h2e2")
        bob.until(lambda: bob.plies() == 1, "bob sees h2e2")
        bob.play("h9g7")
        alice.until(lambda: alice.plies() == 2, "alice sees h9g7")
        self.assertEqual(alice.text("me-rating"), "1500?")
        bob.click("resign")
        bob.answer()
        for p in (alice, bob):
            p.until(lambda p=p: p.el("result").is_displayed(), "the result is shown")
        alice.until(lambda: alice.text("me-rating") == "1662?", "alice's new rating is shown without a reload")
        bob.until(lambda: bob.text("me-rating") == "1338?", "bob's new rating is shown without a reload")
        for p in (alice, bob):
            self.assertIn("1-0", p.text("result"))
            self.assertIn("alice 1662 (+162), bob 1338 (-162)", p.text("result"))
        self.assertTrue(alice.el("seek").is_enabled())
        self.assertFalse(alice.el("lobby-hint").is_displayed())
        alice.shot("rated-result")
        # a reload of the finished game's address shows it: the final position,
        # the moves, the result with its reason, the players (browser 2)
        alice.d.refresh()
        alice.until(lambda: alice.text("status") == "online", "alice reconnects")
        alice.until(lambda: alice.el("game-panel").is_displayed() and alice.plies() == 2,
                    "the finished game is shown again after a reload")
        self.assertTrue(alice.text("game-title").startswith("Game %d: alice – bob" % g))
        for sq in ("e2", "g7"):
            self.assertTrue(alice.d.find_elements(By.CSS_SELECTOR, '#board-host [data-piece="%s"]' % sq), sq)
        self.assertFalse(alice.d.find_elements(By.CSS_SELECTOR, '#board-host [data-piece="h2"]'))
        self.assertIn("1-0", alice.text("result"))
        self.assertIn("resign", alice.text("result").lower())
        self.assertIn("alice 1662 (+162), bob 1338 (-162)", alice.text("result"))
        self.assertIn("alice", alice.text("player-bottom"))
        self.assertIn("bob", alice.text("player-top"))
        self.assertFalse(alice.el("move-form").is_displayed())
        self.assertFalse(alice.el("resign").is_displayed())
        self.assertEqual(alice.text("me-rating"), "1662?")
        # "My games" lists it after a reload
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, '#my-games li[data-game="%d"]' % g),
                    "My games lists the finished game after the reload")
        alice.shot("finished-reloaded")
        # an address pasted into an open tab opens its game (browser 4): bob, on
        # the finished game, goes to dave – erin and back
        bob.d.execute_script("location.hash = arguments[0]", "#game=%d" % x)
        bob.until(lambda: bob.text("game-title").startswith("Game %d: dave – erin" % x),
                  "the pasted address opens the live game")
        bob.d.execute_script("location.hash = arguments[0]", "#game=%d" % g)
        bob.until(lambda: bob.text("game-title").startswith("Game %d: alice – bob" % g) and
                  "1-0" in bob.text("result"), "the pasted address opens the finished game")

    def rated_game(self, red, black, how):
        """red and black (line users) play a rated game: red mates ("mate"), black
        resigns after two moves ("resign") or they agree a draw ("draw"). Its id."""
        s = red.call("seek", color="red", base=300, inc=2, rated=True)
        gid = black.call("accept", offer=s["offer"])["game"]
        moves = MATE if how == "mate" else ["h2e2", "h9g7"]
        for i, mv in enumerate(moves):
            self.assertEqual((red, black)[i % 2].call("move", game=gid, move=mv)["type"], "move")
        if how == "resign":
            self.assertEqual(black.call("resign", game=gid)["type"], "ok")
        elif how == "draw":
            self.assertEqual(red.call("draw", game=gid)["type"], "ok")
            self.assertEqual(black.call("draw", game=gid)["type"], "ok")
        end = red.expect("end", game=gid)
        self.assertTrue(end["rated"], end)
        return gid

    def test_profile_rating_history_after_three_rated_games(self):
        """A player's page (#user=NAME): Glicko-2 rating with its deviation and the
        provisional mark, W/D/L, the rating history as an SVG graph whose points
        are the server's figures and open their games, the archive with links to
        the opponents' pages (issue 27, profiles)."""
        alice, bob = self.line_user("alice"), self.line_user("bob")
        games = [self.rated_game(alice, bob, "mate"), self.rated_game(bob, alice, "resign"),
                 self.rated_game(alice, bob, "draw")]
        u = alice.call("user", name="alice")
        self.assertEqual([p["game"] for p in u["history"]], games)
        page = Page(self, self.url + "#user=alice")
        page.until(lambda: page.el("profile").is_displayed() and
                   len(page.d.find_elements(By.CSS_SELECTOR, "#profile .history .point")) == 3,
                   "alice's profile shows three points of rating history")
        points = page.d.find_elements(By.CSS_SELECTOR, "#profile .history .point")
        self.assertEqual([int(p.get_attribute("data-game")) for p in points], games)
        for p, h in zip(points, u["history"]):
            self.assertAlmostEqual(float(p.get_attribute("data-rating")), h["rating"], delta=0.01)
        rating = page.d.find_element(By.CSS_SELECTOR, "#profile .rating").text
        want = "Rating %d%s ± %d" % (round(u["rating"]), "?" if u["provisional"] else "",
                                     round(u["deviation"]))
        self.assertTrue(rating.startswith(want), (rating, want))
        self.assertEqual(u["provisional"], u["deviation"] > 110)
        self.assertIn("1 won, 1 drawn, 1 lost; 3 rated",
                      page.d.find_element(By.CSS_SELECTOR, "#profile .record").text)
        archive = page.d.find_elements(By.CSS_SELECTOR, "#profile .archive li[data-game]")
        self.assertEqual([int(li.get_attribute("data-game")) for li in archive], games[::-1])
        page.shot("profile")
        # a point of the graph opens its game
        points[0].click()
        page.until(lambda: page.text("game-title").startswith("Game %d: alice – bob" % games[0]),
                   "the first point opens the first game")
        self.assertIn("#game=%d" % games[0], page.d.current_url)
        # the opponent's name in the archive opens his page
        page.d.find_element(By.CSS_SELECTOR, "#profile .archive li a").click()
        page.until(lambda: page.d.find_element(By.CSS_SELECTOR, "#profile h2").text.startswith("bob"),
                   "the opponent's link opens bob's profile")
        self.assertIn("#user=bob", page.d.current_url)
        self.assertIn("1 won, 1 drawn, 1 lost",
                      page.d.find_element(By.CSS_SELECTOR, "#profile .record").text)
        # an unknown player: an error, the page stays usable
        page.d.execute_script("location.hash = arguments[0]", "#user=nobody")
        page.until(lambda: page.el("toast").is_displayed(), "an unknown player is reported")

    def line_game(self, red, black, line):
        """red and black (line users) play the ICCS moves of line, then Black resigns. Its id."""
        s = red.call("seek", color="red", base=300, inc=2)
        gid = black.call("accept", offer=s["offer"])["game"]
        for i, mv in enumerate(line.split()):
            self.assertEqual((red, black)[i % 2].call("move", game=gid, move=mv)["type"], "move")
        self.assertEqual(black.call("resign", game=gid)["type"], "ok")
        red.expect("end", game=gid)
        return gid

    def test_archive_search_by_opening(self):
        """The archive searched by ECCO code (issue 29): on a player's page, and
        site-wide in the lobby's Archive; a result opens its game."""
        c55 = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b2d2 a9b9"  # C55 at ply 10
        alice, bob = self.line_user("alice"), self.line_user("bob")
        carol, dave = self.line_user("carol"), self.line_user("dave")
        mine = self.line_game(alice, bob, c55)
        a13 = self.line_game(alice, bob, "g0e2 h9g7 h0g2")
        theirs = self.line_game(carol, dave, c55)
        page = Page(self, self.url + "#user=alice")
        rows = lambda css: page.d.find_elements(By.CSS_SELECTOR, css)  # noqa: E731
        games = lambda css: [int(li.get_attribute("data-game")) for li in rows(css)]  # noqa: E731
        page.until(lambda: games("#profile .archive li[data-game]") == [a13, mine],
                   "alice's profile lists her two games")
        self.assertTrue(rows("#profile .archive li .eco")[0].text.startswith("A13 "))
        # the profile's search: her C5x games only
        box = page.d.find_element(By.CSS_SELECTOR, "#profile .eco-search input")
        box.send_keys("c5", Keys.ENTER)
        page.until(lambda: games("#profile .archive li[data-game]") == [mine],
                   "the profile's search by C5 keeps the C55 game")
        self.assertTrue(rows("#profile .archive li .eco")[0].text.startswith("C55 "))
        self.assertIn("Games with C5", page.d.find_element(By.CSS_SELECTOR, "#profile h3").text)
        page.shot("profile-search")
        page.d.find_element(By.XPATH, "//section[@id='profile']//button[text()='All']").click()
        page.until(lambda: len(games("#profile .archive li[data-game]")) == 2, "All lists both again")
        # the site's archive: everyone's C55 games, newest first
        box = page.d.find_element(By.CSS_SELECTOR, "#archive .eco-search input")
        box.send_keys("Z9", Keys.ENTER)
        page.until(lambda: "letter A–E" in page.d.find_element(By.CSS_SELECTOR,
                                                               "#archive .eco-search .help").text,
                   "a wrong code is explained")
        box.clear()
        box.send_keys("C55", Keys.ENTER)
        page.until(lambda: games("#archive .archive-results li") == [theirs, mine],
                   "the archive search finds both C55 games")
        self.assertIn("carol – dave", rows("#archive .archive-results li")[0].text)
        page.shot("archive-search")
        rows("#archive .archive-results li button")[0].click()
        page.until(lambda: page.text("game-title").startswith("Game %d: carol – dave" % theirs),
                   "a result opens its game")
        box.clear()
        box.send_keys("E", Keys.ENTER)
        page.until(lambda: "No finished game with E" in page.d.find_element(
            By.CSS_SELECTOR, "#archive p.help").text, "an empty search says so")

    def test_quick_pairing_and_rematch(self):
        """Quick pairing: alice's 3+2 opens a seek, bob's 3+2 joins it; after the
        game alice asks for a rematch, bob's button says "Accept rematch", and the
        new game starts on both pages with the colours swapped (issue 27)."""
        alice, bob = Page(self, self.url), Page(self, self.url)
        alice.register("alice")
        bob.register("bob")
        quick = '#quick button[data-base="180"][data-inc="2"]'
        alice.d.find_element(By.CSS_SELECTOR, quick).click()
        bob.until(lambda: bob.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "bob sees alice's 3+2 seek")
        self.assertIn("3+2", bob.d.find_element(By.CSS_SELECTOR, "#seeks li").text)
        bob.d.find_element(By.CSS_SELECTOR, quick).click()
        for p in (alice, bob):
            p.until(lambda p=p: "alice – bob" in p.text("game-title") or "bob – alice" in p.text("game-title"),
                    "the paired game is shown")
        g1 = int(alice.text("game-title").split(":")[0].split()[1])
        red, black = (alice, bob) if "alice – bob" in alice.text("game-title") else (bob, alice)
        red.play("h2e2")
        black.until(lambda: black.plies() == 1, "black sees h2e2")
        black.play("h9g7")
        red.until(lambda: red.plies() == 2, "red sees h9g7")
        black.click("resign")
        black.answer()
        for p in (alice, bob):
            p.until(lambda p=p: p.el("rematch").is_displayed() and p.text("rematch") == "Rematch",
                    "Rematch is offered after the game")
        alice.click("rematch")
        alice.until(lambda: alice.text("rematch") == "Rematch offered", "alice's rematch stands")
        bob.until(lambda: bob.text("rematch") == "Accept rematch", "bob is asked for a rematch")
        bob.shot("rematch-offered")
        bob.click("rematch")
        for p in (alice, bob):
            p.until(lambda p=p: not p.text("game-title").startswith("Game %d:" % g1) and
                    p.text("game-title").startswith("Game "), "the rematch is shown")
        # the rematch's toast went with the offer (issue 45: it stayed into the new game)
        self.assertFalse(bob.el("toast").is_displayed(), bob.text("toast"))
        g2 = int(alice.text("game-title").split(":")[0].split()[1])
        self.assertNotEqual(g1, g2)
        # colours swapped: the one who was black is red now
        want = "%s – %s" % (("bob", "alice") if red is alice else ("alice", "bob"))
        self.assertIn(want, alice.text("game-title"))
        self.assertIn(want, bob.text("game-title"))
        self.assertIn("3+2", alice.text("game-title") + alice.text("game-panel"))

    def test_replay_during_and_after_a_game(self):
        """The move list steps (←/→, Home/End, the wheel, a click on a move, the
        buttons) during a game and after it: an earlier position with its last
        move and check marks, End back to the live game; a finished game shows
        the clocks after each move (issue 27, replay)."""
        alice = Page(self, self.url)
        alice.register("alice")
        bob = self.line_user("bob")
        s = bob.call("seek", color="black", base=600, inc=0)
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "alice sees bob's seek")
        alice.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        gid = bob.expect("game")["game"]
        alice.until(lambda: alice.text("game-title").startswith("Game %d" % gid), "the game is shown")
        piece = lambda sq: alice.d.find_elements(By.CSS_SELECTOR, '#board-host [data-piece="%s"]' % sq)  # noqa: E731
        body = alice.d.find_element(By.TAG_NAME, "body")
        for i, mv in enumerate(MATE[:4]):
            if i % 2 == 0:
                alice.play(mv)
            else:
                self.assertEqual(bob.call("move", game=gid, move=mv)["type"], "move")
                alice.until(lambda i=i: alice.plies() == i + 1, "alice sees %s" % mv)
        # during the game: two steps back show the position after ply 2
        alice.el("moves").click()
        body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        alice.until(lambda: "Move 1 of 2, Black (ply 2 of 4)" in alice.text("replay-note"), "the replay is at move 2")
        self.assertTrue(piece("b2") and not piece("b4"), "b2b4 is not played at ply 2")
        self.assertTrue(alice.d.find_elements(By.CSS_SELECTOR, '#moves .viewing[data-ply="2"]'))
        self.assertEqual(alice.targets(), 0)  # no move is played on an old position
        body.send_keys(Keys.END)
        alice.until(lambda: alice.text("replay-note") == "" and piece("b4"), "End returns to the game")
        # the game goes on to mate, seen live
        for i, mv in enumerate(MATE[4:], start=4):
            if i % 2 == 0:
                alice.play(mv)
            else:
                self.assertEqual(bob.call("move", game=gid, move=mv)["type"], "move")
                alice.until(lambda i=i: alice.plies() == i + 1, "alice sees %s" % mv)
        alice.until(lambda: alice.el("result").is_displayed(), "the mate ends the game")
        # the result closes the move list (issue 45)
        alice.until(lambda: alice.d.find_element(By.CSS_SELECTOR, "#moves li:last-child").text.startswith("1-0"),
                    "the result in the move list")
        st = bob.call("state", game=gid)
        self.assertEqual(len(st["clocks"]), len(MATE))
        # after the game: Home, then every ply forward, the check mark as the server says
        body.send_keys(Keys.HOME)
        alice.until(lambda: "The start (ply 0 of 7)" in alice.text("replay-note"), "Home shows the start")
        self.assertTrue(piece("e0") and piece("b2") and not alice.d.find_elements(By.CSS_SELECTOR, "#board-host .check"))
        for ply in range(1, len(MATE) + 1):
            alice.click("replay-fwd")
            alice.until(lambda ply=ply: alice.d.find_elements(By.CSS_SELECTOR, '#moves .viewing[data-ply="%d"]' % ply)
                        or (ply == len(MATE) and alice.text("replay-note") == ""), "ply %d is shown" % ply)
            checked = bool(alice.d.find_elements(By.CSS_SELECTOR, "#board-host .check"))
            self.assertEqual(checked, ply in st["checks"], "check mark at ply %d" % ply)
        self.assertIn(len(MATE), st["checks"])  # the mate gives check
        # a click on a move shows it; the wheel steps back from there
        alice.d.find_element(By.CSS_SELECTOR, '#moves [data-ply="3"]').click()
        alice.until(lambda: "Move 2 of 4, Red (ply 3 of 7)" in alice.text("replay-note"), "a click shows move 3")
        self.assertIn("clocks", alice.text("replay-note"))  # a finished game's clocks at that move
        alice.d.execute_script("document.getElementById('moves').dispatchEvent("
                               "new WheelEvent('wheel', {deltaY: -100, bubbles: true, cancelable: true}))")
        alice.until(lambda: "Move 1 of 4, Black (ply 2 of 7)" in alice.text("replay-note"), "the wheel steps back")
        alice.shot("replay")
        # a fresh browser opens the finished game by its link, and replays it
        fresh = Page(self, self.url + "#game=%d" % gid)
        fresh.until(lambda: fresh.el("result").is_displayed() and fresh.plies() == len(MATE),
                    "the finished game opens by its link in a fresh browser")
        self.assertIn("checkmate", fresh.text("result").lower())
        fresh.click("replay-first")
        fresh.until(lambda: "The start (ply 0 of 7)" in fresh.text("replay-note"), "the fresh browser replays")

    def in_move_list_view(self, p, ply):
        """Whether the move of ply is within the move list's visible part."""
        return p.d.execute_script("""const s = document.querySelector('#moves [data-ply="' + arguments[0] + '"]');
            const l = document.getElementById('moves');
            if (!s) return false;
            const a = s.getBoundingClientRect(), b = l.getBoundingClientRect();
            return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;""", ply)

    def test_move_list_follows_the_replay(self):
        """Stepping to ply 12 of a 60-ply game or clicking ply 30 keeps the shown
        move in the move list's view (issue 45: the list always scrolled to its
        end)."""
        red, black = self.line_user("alice"), self.line_user("bob")
        gid = self.line_game(red, black, LONG_GAME)
        p = Page(self, self.url + "#game=%d" % gid)
        n = len(LONG_GAME.split())
        p.until(lambda: p.el("result").is_displayed() and p.plies() == n, "the finished game opens")
        self.assertGreater(p.d.execute_script("const l = document.getElementById('moves');"
                                              "return l.scrollHeight - l.clientHeight"), 100)
        p.click("replay-first")
        for _ in range(12):
            p.click("replay-fwd")
        p.until(lambda: p.d.find_elements(By.CSS_SELECTOR, '#moves .viewing[data-ply="12"]'), "ply 12 is shown")
        self.assertTrue(self.in_move_list_view(p, 12), "ply 12 is in the list's view")
        p.d.execute_script("document.querySelector('#moves [data-ply=\"30\"]').scrollIntoView({block: 'center'})")
        p.d.find_element(By.CSS_SELECTOR, '#moves [data-ply="30"]').click()
        p.until(lambda: p.d.find_elements(By.CSS_SELECTOR, '#moves .viewing[data-ply="30"]'), "ply 30 is shown")
        self.assertTrue(self.in_move_list_view(p, 30), "ply 30 stays in the list's view")
        p.click("replay-back")
        p.until(lambda: p.d.find_elements(By.CSS_SELECTOR, '#moves .viewing[data-ply="29"]'), "ply 29 is shown")
        self.assertTrue(self.in_move_list_view(p, 29), "ply 29 is in the list's view")
        p.click("replay-last")
        p.until(lambda: self.in_move_list_view(p, n), "End shows the last move")

    def in_window(self, p, id_):
        """Whether element id_ lies wholly within the window, the page not scrolled."""
        return p.d.execute_script("""const b = document.getElementById(arguments[0]).getBoundingClientRect();
            return scrollY === 0 && b.height > 0 && b.top >= 0 && b.left >= 0 &&
              b.bottom <= innerHeight && b.right <= innerWidth;""", id_)

    def test_controls_in_view_on_a_laptop(self):
        """On a laptop's window (1366x768, 1280x857) Resign, Offer draw and then
        the result are on the first screen, the page not scrolled (issue 45:
        they were below the fold)."""
        for w, h in ((1366, 768), (1280, 857)):
            p = Page(self, self.url, size=(w, h))
            p.register("a%d" % w)
            bob = self.line_user("b%d" % w)
            bob.call("seek", color="black", base=600, inc=0)
            p.until(lambda: p.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "the seek is listed")
            p.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
            gid = bob.expect("game")["game"]
            p.until(lambda: p.el("resign").is_displayed() and p.el("draw").is_displayed(), "the game is shown")
            for id_ in ("resign", "draw", "board-host", "player-top", "player-bottom"):
                self.assertTrue(self.in_window(p, id_), "%s in the %dx%d window" % (id_, w, h))
            p.shot("laptop-%d" % w)
            self.assertEqual(bob.call("resign", game=gid)["type"], "ok")
            p.until(lambda: p.el("result").is_displayed(), "the result is shown")
            for id_ in ("result", "rematch"):
                self.assertTrue(self.in_window(p, id_), "%s in the %dx%d window" % (id_, w, h))

    def test_analyse_appears_on_login(self):
        """A visitor on a finished game's page logs in: Analyse appears at once,
        without a replay step or a reload (issue 45)."""
        red, black = self.line_user("alice"), self.line_user("bob")
        gid = self.line_game(red, black, "h2e2 h9g7 h0g2 i9h9")
        p = Page(self, self.url + "#game=%d" % gid)
        p.until(lambda: p.el("result").is_displayed(), "the finished game opens")
        self.assertFalse(p.el("analyse").is_displayed())  # a visitor cannot ask for a review
        p.login("alice")
        p.until(lambda: p.el("analyse").is_displayed(), "Analyse appears on login", timeout=5)

    def test_player_bars_show_the_rating_a_game_left(self):
        """After a rated game the player bars show the ratings it left, not the
        ones it started with (issue 45)."""
        alice = Page(self, self.url)
        alice.register("alice")
        bob = self.line_user("bob")
        bob.call("seek", color="black", base=600, inc=0, rated=True)
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "alice sees bob's seek")
        alice.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        gid = bob.expect("game")["game"]
        self.assertIn("(1500?)", alice.text("player-bottom"))
        alice.play("h2e2")
        self.assertEqual(bob.call("move", game=gid, move="h9g7")["type"], "move")
        alice.until(lambda: alice.plies() == 2, "alice sees h9g7")
        self.assertEqual(bob.call("resign", game=gid)["type"], "ok")
        end = bob.expect("end", game=gid)
        self.assertTrue(end["rated"], end)
        red, black = round(end["ratings"]["red"]), round(end["ratings"]["black"])
        self.assertNotEqual(red, 1500)
        alice.until(lambda: alice.el("result").is_displayed(), "the result is shown")
        alice.until(lambda: "alice (%d" % red in alice.text("player-bottom") and
                    "bob (%d" % black in alice.text("player-top"), "the bars show the new ratings")

    def test_letters_piece_set(self):
        """A piece set of letters for players who cannot read the glyphs, a
        setting kept across a reload (issue 45)."""
        p = Page(self, self.url)
        text = lambda sq: p.d.find_element(By.CSS_SELECTOR, '#board-host [data-piece="%s"] text' % sq).text  # noqa: E731
        self.assertEqual((text("e0"), text("e9"), text("h2")), ("帅", "將", "炮"))
        Select(p.el("pieces")).select_by_value("letters")
        p.until(lambda: (text("e0"), text("e9"), text("h2"), text("b9")) == ("K", "K", "C", "H"), "letters")
        p.d.refresh()
        p.until(lambda: p.text("status") == "online", "the page connects again")
        p.until(lambda: text("a0") == "R" and text("c0") == "E", "the letters after a reload")

    def test_low_time_warning(self):
        """The player's own running clock warns once when it falls below its
        threshold (min(10 s, a tenth of the base time)): a sound and "Low time"
        for screen readers (issue 27)."""
        alice = Page(self, self.url)
        alice.register("alice")
        bob = self.line_user("bob")
        bob.call("seek", color="black", base=4, inc=0)
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "alice sees bob's seek")
        # every text the screen-reader region says, in order
        alice.d.execute_script("""window.xqSaid = [];
            new MutationObserver(() => window.xqSaid.push(document.getElementById('announce').textContent))
              .observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true});""")
        alice.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        gid = bob.expect("game")["game"]
        alice.play("h2e2")  # alice's clock ran first; now bob's, then hers again
        self.assertEqual(bob.call("move", game=gid, move="h9g7")["type"], "move")
        alice.until(lambda: "Low time" in alice.d.execute_script("return window.xqSaid"),
                    "the low-time warning is given", timeout=10)
        said = alice.d.execute_script("return window.xqSaid")
        self.assertEqual(said.count("Low time"), 1, said)
        alice.until(lambda: alice.el("result").is_displayed(), "the flag falls")
        self.assertIn("time", alice.text("result").lower())

    def test_premove(self):
        """On the opponent's turn alice picks a move (a premove: marked, held by
        the server); it is played the moment bob moves, with no time off her
        clock; a click on the board cancels the next one (issue 27)."""
        alice = Page(self, self.url)
        alice.register("alice")
        bob = self.line_user("bob")
        bob.call("seek", color="black", base=300, inc=0)
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "alice sees bob's seek")
        alice.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        gid = bob.expect("game")["game"]
        alice.until(lambda: alice.text("game-title").startswith("Game %d" % gid), "the game is shown")
        alice.play("h2e2")
        m1 = bob.expect("move", game=gid, ply=1)
        # bob's turn: alice premoves her horse h0g2
        alice.square("h0").click()
        alice.until(lambda: alice.targets() > 0, "premove targets are shown")
        alice.square("g2").click()
        alice.until(lambda: len(alice.d.find_elements(By.CSS_SELECTOR, "#board-host .premove")) == 2,
                    "the premove is marked")
        self.assertEqual(bob.call("state", game=gid)["premove"], None)
        time.sleep(0.5)  # bob thinks; alice's clock does not run
        bob.call("move", game=gid, move="h9g7")
        m3 = bob.expect("move", game=gid, ply=3)
        self.assertEqual((m3["move"], m3["color"]), ("h0g2", "red"))
        self.assertEqual(m3["clock"]["red"], m1["clock"]["red"])  # no time lost
        alice.until(lambda: alice.plies() == 3 and not alice.d.find_elements(By.CSS_SELECTOR, "#board-host .premove"),
                    "the premove is played on alice's board")
        alice.shot("premove-played")
        # another premove, cancelled by a click on the board
        alice.square("b0").click()
        alice.until(lambda: alice.targets() > 0, "premove targets again")
        alice.square("c2").click()
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#board-host .premove"), "the second premove is marked")
        alice.square("e5").click()
        alice.until(lambda: not alice.d.find_elements(By.CSS_SELECTOR, "#board-host .premove"), "a click cancels it")
        self.assertEqual(bob.call("move", game=gid, move="b9c7")["ply"], 4)
        alice.until(lambda: alice.plies() == 4, "alice sees b9c7")
        time.sleep(0.3)
        self.assertEqual(bob.call("state", game=gid)["ply"], 4)  # nothing was played for alice

    def test_review_marks_the_blunder(self):
        """After a game, Analyse: progress, then the evaluation graph, the classes
        in the move list (the blunder that allows the mate marked ??), the verdict
        with the better line for the viewed move, a click on the graph moving the
        replay, and the annotated PGN (issue 27, review)."""
        alice = Page(self, self.url)
        alice.register("alice")
        bob = self.line_user("bob")
        bob.call("seek", color="black", base=600, inc=0)
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "alice sees bob's seek")
        alice.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        gid = bob.expect("game")["game"]
        for i, mv in enumerate(MATE):
            if i % 2 == 0:
                alice.play(mv)
            else:
                self.assertEqual(bob.call("move", game=gid, move=mv)["type"], "move")
                alice.until(lambda i=i: alice.plies() == i + 1, "alice sees %s" % mv)
        alice.until(lambda: alice.el("analyse").is_displayed(), "Analyse is offered after the game")
        alice.click("analyse")
        alice.until(lambda: alice.d.find_elements(By.CSS_SELECTOR, "#review-graph svg"),
                    "the review arrives", timeout=120)
        blunder = alice.d.find_element(By.CSS_SELECTOR, '#moves [data-ply="6"]')
        self.assertIn("blunder", blunder.get_attribute("class"))
        self.assertTrue(blunder.text.endswith("??"), blunder.text)
        self.assertTrue(alice.d.find_elements(By.CSS_SELECTOR, '#review-graph .mark.blunder[data-ply="6"]'))
        blunder.click()
        # counted in moves, the values labelled, the better line in the chosen
        # notation (Chinese, the default) with the package's rules (issue 45)
        alice.until(lambda: re.match(r"3\.\.\. Blunder: evaluation \S+ \(Red's side\), [0-9.]+ pawns lost\. "
                                     r"Better: \S+( \S+)*\.$", alice.text("review-verdict")) and
                    not re.search(r"[a-i][0-9][a-i][0-9]", alice.text("review-verdict")),
                    "the blunder's verdict, its line in Chinese")
        alice.shot("review")
        # each player's accuracy (issue 45): the loser's blunder costs Black
        acc = re.match(r"Accuracy: Red (\d+)%, Black (\d+)%$", alice.text("review-accuracy"))
        self.assertTrue(acc, alice.text("review-accuracy"))
        self.assertGreater(int(acc.group(1)), int(acc.group(2)))
        # the shown move with its mark: readable (contrast at least 4.5:1)
        fg, bg = alice.d.execute_script("""const s = getComputedStyle(document.querySelector('#moves [data-ply="6"]'));
            return [s.color, s.backgroundColor];""")
        self.assertGreaterEqual(contrast(fg, bg), 4.5, (fg, bg))
        # the graph: Red's advantage (the mate) filled in Red's colour above the
        # zero line, on a scale whose line still moves between +3 and the mate
        colours = alice.d.execute_script("""return [...document.querySelectorAll('#review-graph polygon')]
            .map((e) => [e.getAttribute('class'), getComputedStyle(e).fill]);""")
        self.assertEqual([c for c, _ in colours], ["red-side", "black-side"])
        red_fill = [int(x) for x in re.findall(r"\d+", colours[0][1])]
        self.assertGreater(red_fill[0], red_fill[2] + 40, "Red's side is reddish: %s" % colours[0][1])
        # a click on the graph's left edge goes to the start
        graph = alice.d.find_element(By.CSS_SELECTOR, "#review-graph svg")
        ActionChains(alice.d).move_to_element_with_offset(graph, -graph.size["width"] // 2 + 2, 0).click().perform()
        alice.until(lambda: "The start (ply 0 of 7)" in alice.text("replay-note"), "a click on the graph moves the replay")
        self.assertTrue(alice.el("pgn-annotated").is_displayed())
        pgn = bob.call("pgn", game=gid, annotated=True)["pgn"]
        self.assertIn("$4", pgn)

    def test_visitor_controls_and_game_chat_after_login_again(self):
        carol = Page(self, self.url)
        # on a phone (390x844) with no game shown the lobby is not below an idle
        # board with two empty clock bars (browser 6)
        carol.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        carol.until(lambda: carol.el("guest").is_displayed(), "guests are offered")
        top, seek, height = carol.d.execute_script(
            "const y = (id) => document.getElementById(id).getBoundingClientRect();"
            "return [y('lobby').top + scrollY, y('seek').bottom + scrollY, innerHeight]")
        carol.shot("phone-idle")
        self.assertLess(top, height, "the lobby starts within the first screen of a phone")
        self.assertLess(seek, height, "its Seek button is on the first screen of a phone")
        self.assertFalse(carol.el("player-top").is_displayed(), "no empty clock bar without a game")
        carol.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        # a visitor without an account is told what to do, not offered controls
        # that answer "log in first (register, login, resume or guest)" (browser 5)
        carol.until(lambda: carol.el("guest").is_displayed(), "guests are offered")
        for id_ in ("seek", "challenge", "play-engine", "lobby-chat-input"):
            self.assertFalse(carol.el(id_).is_enabled(), id_ + " is disabled for a visitor")
        self.assertTrue(carol.el("lobby-hint").is_displayed())
        self.assertIn("Sign in or play as a guest to seek a game", carol.text("lobby-hint"))
        carol.shot("visitor")
        carol.register("carol")
        self.assertTrue(carol.el("seek").is_enabled())
        self.assertFalse(carol.el("lobby-hint").is_displayed())
        # errors are sentences for people, from one table in the page
        carol.type("challenge-name", "nobody")
        carol.click("challenge")
        carol.until(lambda: carol.text("toast") == "Nobody of that name is online.",
                    "the error is said in words for people")
        # a game with chat; carol logs out and in again: the chat is there again
        dan = Page(self, self.url)
        dan.register("dan")
        Select(carol.el("color")).select_by_value("red")
        carol.click("seek")
        dan.until(lambda: dan.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "dan sees the seek")
        dan.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        carol.until(lambda: "carol – dan" in carol.text("game-title"), "carol's game is shown")
        dan.type("game-chat-input", "hello carol")
        dan.el("game-chat-input").submit()
        carol.until(lambda: "dan: hello carol" in carol.text("game-chat-log"), "carol reads dan")
        carol.click("logout")
        carol.until(lambda: carol.el("login-form").is_displayed(), "carol is signed out")
        self.assertFalse(carol.el("seek").is_enabled())
        carol.login("carol")
        carol.until(lambda: "carol – dan" in carol.text("game-title"), "carol's game is back")
        carol.until(lambda: "dan: hello carol" in carol.text("game-chat-log"),
                    "the game chat is shown again after logging in again")

    def test_guest_plays_the_engine_at_level_1(self):
        p = Page(self, self.url)
        p.until(lambda: p.el("guest").is_displayed(), "guests are offered")
        p.click("guest")
        p.until(lambda: p.el("me").is_displayed(), "the guest is signed in")
        p.type("engine-level", "1")
        Select(p.el("color")).select_by_value("red")
        p.click("play-engine")
        p.until(lambda: p.el("game-panel").is_displayed(), "the engine game is shown")
        self.assertIn("Engine, level 1", p.text("player-top"))
        self.assertNotIn("(1500", p.text("player-bottom"))  # a guest has no rating (issue 45)
        p.d.execute_script("""
            window.thinkingSeen = false;
            const t = document.querySelector('#player-top .thinking');
            new MutationObserver(() => { if (!t.hidden) window.thinkingSeen = true; })
                .observe(t, {attributes: true});""")
        # the first move from the keyboard: the cursor starts on e0; h2, Enter, e2, Enter
        board = p.d.find_element(By.CSS_SELECTOR, "#board-host svg")
        p.d.execute_script("arguments[0].focus()", board)
        board.send_keys(Keys.ARROW_RIGHT * 3 + Keys.ARROW_UP * 2 + Keys.ENTER)
        p.until(lambda: p.targets() > 0, "the keyboard picked the cannon")
        board.send_keys(Keys.ARROW_LEFT * 3 + Keys.ENTER)
        p.until(lambda: p.plies() == 2, "the engine answers the keyboard's move", timeout=30)
        Select(p.el("notation")).select_by_value("iccs")
        self.assertIn("h2e2", p.text("moves"))
        self.assertTrue(p.d.execute_script("return window.thinkingSeen"), "thinking was shown")
        # the second typed in WXF, the third clicked
        p.type("move-input", "H2+3")
        p.el("move-input").submit()
        p.until(lambda: p.plies() == 4, "the engine answers the typed move", timeout=30)
        # the third dragged: the chariot i0 to h0
        ActionChains(p.d).drag_and_drop(p.square("i0"), p.square("h0")).perform()
        p.until(lambda: p.plies() == 6, "the engine answers the dragged move", timeout=30)
        self.assertIn("i0h0", p.text("moves"))
        self.assertFalse(p.d.find_element(By.CSS_SELECTOR, "#player-top .thinking").is_displayed())
        p.shot("engine")
        # the engine grants a take-back (Red's last move and its reply go) ...
        p.click("takeback")
        p.until(lambda: p.plies() == 4, "the take-back is granted")
        # ... declines a draw, and the guest resigns
        p.click("draw")
        p.until(lambda: "declined" in p.text("toast"), "the draw offer is declined")
        p.click("resign")
        p.answer(yes=False)  # Cancel: the game goes on
        self.assertFalse(p.el("result").is_displayed())
        self.assertTrue(p.el("resign").is_displayed())
        p.click("resign")
        p.answer()
        p.until(lambda: p.el("result").is_displayed(), "the result is shown")
        self.assertIn("0-1", p.text("result"))
        self.assertIn("resign", p.text("result").lower())
        # the PGN download
        dl = os.path.join(self.dir, "downloads")
        os.makedirs(dl)
        p.d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": dl})
        p.click("pgn")
        path = os.path.join(dl, "xiangqi-game-1.pgn")
        p.until(lambda: os.path.exists(path) and os.path.getsize(path) > 0, "the PGN is downloaded")
        with open(path, encoding="utf-8") as f:
            pgn = f.read()
        self.assertIn('[Result "0-1"]', pgn)
        self.assertIn("[Red ", pgn)


def main():
    global BINARY, WWW, SHOTS
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    BINARY, WWW = sys.argv[1], sys.argv[2]
    SHOTS = sys.argv[3] if len(sys.argv) > 3 else ""
    missing = [p for p in (CHROMIUM, DRIVER) if not os.path.exists(p)]
    if not HAVE_SELENIUM:
        missing.append("python3-selenium (Selenium for /usr/bin/python3)")
    if missing:
        print("SKIPPED: browser tests need " + ", ".join(missing) +
              " (scripts/deps.sh installs chromium, chromium-driver, python3-selenium)")
        return SKIP
    prog = unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[4:], exit=False)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
