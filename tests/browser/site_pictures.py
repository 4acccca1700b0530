# SPDX-License-Identifier: MIT
"""The play page's pictures in docs/images at a laptop's window (1366x768) and
a phone's screen (390x844, emulated), made in headless Chromium against a
fresh xq-server on 127.0.0.1 (issue 45): a game with the players, the
result and the buttons beside the board; a review with each player's accuracy
and the better line in Chinese; the letters piece set; the analysis board
on a phone with its engine lines; a replay on a phone.

usage: /usr/bin/python3 site_pictures.py XQ_SERVER WWW_DIR JS_PACKAGE OUT_DIR
(scripts/docs-images --site runs it with the build tree's server and package
and writes docs/images)."""
import os
import re
import shutil
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "server"))
import test_browser as tb  # noqa: E402  (its browser and Page helpers)
from xqclient import Server  # noqa: E402

LAPTOP, PHONE = (1366, 768), (390, 844)
OUT = ""

if tb.HAVE_SELENIUM:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select


class Pictures(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="xq-pictures-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.srv = Server(tb.BINARY, os.path.join(self.dir, "t.db"), "--guests", "--www", tb.WWW,
                          "--js", PACKAGE).start()
        self.addCleanup(self.srv.stop)
        self.url = "http://127.0.0.1:%d/" % self.srv.port

    def save(self, p, name):
        p.d.save_screenshot(os.path.join(OUT, name))
        print("wrote", os.path.join(OUT, name))

    def phone(self, p):
        p.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})

    def game(self, p, name, moves):
        """p (a browser, signed in as name) plays moves as Red against a line user."""
        bob = tb.Browser.line_user(self, "bob" + name)
        bob.call("seek", color="black", base=600, inc=0)
        p.until(lambda: p.d.find_elements(By.CSS_SELECTOR, "#seeks .accept"), "the seek is listed")
        p.d.find_element(By.CSS_SELECTOR, "#seeks .accept").click()
        gid = bob.expect("game")["game"]
        for i, mv in enumerate(moves):
            if i % 2 == 0:
                p.play(mv)
            else:
                self.assertEqual(bob.call("move", game=gid, move=mv)["type"], "move")
                p.until(lambda i=i: p.plies() == i + 1, "the move is seen")
        return gid, bob

    def test_pictures(self):
        # a laptop: a game under way, then its review
        p = tb.Page(self, self.url, size=LAPTOP)
        p.register("alice")
        gid, bob = self.game(p, "alice", tb.MATE[:4])
        self.save(p, "site-laptop-game.png")
        for i, mv in enumerate(tb.MATE[4:], start=4):
            if i % 2 == 0:
                p.play(mv)
            else:
                bob.call("move", game=gid, move=mv)
                p.until(lambda i=i: p.plies() == i + 1, "the move is seen")
        p.until(lambda: p.el("analyse").is_displayed(), "Analyse is offered")
        p.click("analyse")
        p.until(lambda: p.text("review-accuracy"), "the review arrives", timeout=120)
        p.d.find_element(By.CSS_SELECTOR, '#moves [data-ply="6"]').click()
        p.until(lambda: "Better:" in p.text("review-verdict") and
                not re.search(r"[a-i][0-9][a-i][0-9]", p.text("review-verdict")), "the verdict in Chinese")
        time.sleep(0.5)
        self.save(p, "site-laptop-review.png")
        Select(p.el("pieces")).select_by_value("letters")
        p.until(lambda: all(t.text in "KAEHRCP" for t in p.d.find_elements(By.CSS_SELECTOR, "#board-host .piece text")),
                "letters")
        self.save(p, "site-laptop-letters.png")
        Select(p.el("pieces")).select_by_value("glyphs")
        # a phone: the replay of that game, and the analysis board
        q = tb.Page(self, self.url + "#game=%d" % gid)
        self.phone(q)
        q.until(lambda: q.el("result").is_displayed(), "the finished game opens")
        q.click("replay-first")
        for _ in range(3):
            q.click("replay-fwd")
        q.d.execute_script("document.getElementById('moves').scrollIntoView({block: 'end'})")
        time.sleep(0.3)
        self.save(q, "site-phone-replay.png")
        q.d.get(self.url + "#analysis")
        self.phone(q)
        q.until(lambda: q.el("analysis").is_displayed() and q.text("an-fen"), "the analysis board")
        q.click("an-go")
        q.until(lambda: len(q.d.find_elements(By.CSS_SELECTOR, "#an-lines .line .pv")) == 3, "three lines")
        time.sleep(2)
        q.click("an-go")
        q.d.execute_script("document.getElementById('an-engine').scrollIntoView({block: 'start'})")
        time.sleep(0.3)
        self.save(q, "site-phone-analysis.png")


PACKAGE = ""


def main():
    global OUT, PACKAGE
    if len(sys.argv) < 5:
        print(__doc__)
        return 2
    tb.BINARY, tb.WWW, PACKAGE, OUT = sys.argv[1:5]
    if not tb.HAVE_SELENIUM:
        print("needs python3-selenium, chromium and chromium-driver")
        return 77
    os.makedirs(OUT, exist_ok=True)
    prog = unittest.main(argv=[sys.argv[0], "-v"], exit=False)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
