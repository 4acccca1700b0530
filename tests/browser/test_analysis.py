# SPDX-License-Identifier: MIT
"""The play page's analysis board (issues 27 and 28) in a real browser (headless
Chromium driven by Selenium), on xq-server with the JavaScript package
(bindings/js, built by the js_build test) served at /xiangqi/: the position
editor refuses impossible positions with the library's messages (pieces
placed by clicks and by drags from the palette, one dragged off the board);
a pasted PGN is loaded with its variation; the engine's three lines (MultiPV
3) are drawn as three arrows, the first distinct, in the threaded module and
in a Web Worker, and stop; moves played on the board form a variation, which
is promoted and deleted, and ← and → step; the explorer panel draws a canned
reply; a game against the engine opens on the board with its moves. Without
the package the page still plays and says the analysis board needs it. A
reload transfers under 100 KB, the page's files cached for good under their
content hashes (issue 45).
Figures printed: the module's load time in the page, the depth reached in
5 s, the bytes of a first load and of a reload. Screenshots of the board go to SCREENSHOT_DIR (site-analysis.png and
site-editor.png in docs/images are copies).

usage: /usr/bin/python3 test_analysis.py XQ_SERVER WWW_DIR JS_PACKAGE SCREENSHOT_DIR
Exit 77 (skipped) when Chromium, chromedriver or Selenium is missing, or the
package is not built."""
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
import test_browser as tb  # noqa: E402  (its browser and Page helpers)
from xqclient import Server  # noqa: E402

SKIP = 77
BINARY = WWW = PACKAGE = ""
ENGINE_S = 5  # the engine's figure: depth reached in this many seconds

if tb.HAVE_SELENIUM:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

PGN = """[Event "variation test"]
[Red "a"]
[Black "b"]
[Result "*"]

1. C2.5 H8+7 (1... C8.5 2. H2+3) 2. H2+3 R9.8 *
"""


class Analysis(unittest.TestCase):
    def start(self, *args):
        self.dir = tempfile.mkdtemp(prefix="xq-analysis-test-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.srv = Server(BINARY, os.path.join(self.dir, "t.db"), "--guests", "--www", WWW,
                          *args).start()
        self.addCleanup(self.srv.stop)
        self.url = "http://127.0.0.1:%d/" % self.srv.port

    def setUp(self):
        self.start("--js", PACKAGE)

    def page(self, hash_="#analysis"):
        p = tb.Page(self, self.url + hash_)
        if hash_.startswith("#analysis"):
            p.until(lambda: p.el("analysis").is_displayed() and p.text("an-fen"), "the analysis board is shown")
        return p

    def an_square(self, p, sq):
        return p.d.find_element(By.CSS_SELECTOR, '#an-board-host [data-sq="%s"]' % sq)

    def palette(self, p, piece):
        return p.d.find_element(By.CSS_SELECTOR, '#an-palette [data-piece="%s"]' % piece)

    def problems(self, p):
        return [e.text for e in p.d.find_elements(By.CSS_SELECTOR, "#an-problems li")]

    def arrows(self, p):
        return (len(p.d.find_elements(By.CSS_SELECTOR, "#an-board-host .arrow")),
                len(p.d.find_elements(By.CSS_SELECTOR, "#an-board-host .arrow.best")))

    def tree(self, p):
        """The moves of the tree: (text, current, in a variation), read at once."""
        return [tuple(x) for x in p.d.execute_script("""return [...document.querySelectorAll('#an-tree .move')]
            .map((e) => [e.textContent, e.classList.contains('current'), e.classList.contains('in-variation')]);""")]

    def shot(self, p, name):
        """The page and the analysis board (Page.shot draws the game's board)."""
        if tb.SHOTS:
            os.makedirs(tb.SHOTS, exist_ok=True)
            p.d.save_screenshot(os.path.join(tb.SHOTS, "page-%s.png" % name))
            p.d.find_element(By.CSS_SELECTOR, "#an-board-host svg").screenshot(
                os.path.join(tb.SHOTS, "board-%s.png" % name))

    def test_editor_refuses_impossible_positions(self):
        p = self.page()
        load_ms = p.d.execute_script("return document.getElementById('analysis').dataset.loadMs")
        print("\nthe package's module: loaded and started in the page in %s ms" % load_ms)
        p.click("an-edit")
        p.until(lambda: p.el("an-editor").is_displayed(), "the editor opens")
        p.click("an-clear")
        p.until(lambda: p.text("an-fen").startswith("9/9/9/9/9/9/9/9/9/9 w"), "the board is empty")
        self.assertIn("Black has no general", " ".join(self.problems(p)))
        # a red general on e0 by a click, a black one on e9 from the keyboard
        # (the board's cursor starts on e0): facing generals
        self.palette(p, "rk").click()
        self.an_square(p, "e0").click()
        self.palette(p, "bk").click()
        svg = p.d.find_element(By.CSS_SELECTOR, "#an-board-host svg")
        p.d.execute_script("arguments[0].focus()", svg)
        svg.send_keys(Keys.ARROW_UP * 9 + Keys.ENTER)
        p.until(lambda: self.problems(p) == ["the generals face each other on an open file"],
                "the facing generals are reported")
        self.assertFalse(p.el("an-done").is_enabled())
        # a soldier behind its own line, dragged from the palette
        ActionChains(p.d).drag_and_drop(self.palette(p, "rp"), self.an_square(p, "a2")).perform()
        p.until(lambda: "Red soldier on a2: it can never stand there" in self.problems(p),
                "the soldier behind its line is reported")
        self.assertEqual(len(self.problems(p)), 2, self.problems(p))
        self.assertFalse(p.el("an-done").is_enabled())
        # two red generals
        self.palette(p, "rk").click()
        self.an_square(p, "d0").click()
        p.until(lambda: "Red has more than 1 general" in self.problems(p), "two red generals are reported")
        # the library's messages, every one: the same list as fenProblems() of the FEN
        listed = self.problems(p)
        lib = p.d.execute_async_script("""const done = arguments[arguments.length - 1];
            import('/xiangqi/lib/index.js').then((m) => done(m.fenProblems(
                document.getElementById('an-fen').textContent).map((x) => x.message)));""")
        self.assertEqual(listed, lib)
        self.shot(p, "editor")
        # refused: the button is disabled and analysing is impossible
        self.assertFalse(p.el("an-done").is_enabled())
        # mend it: the extra general off the board (dragged away), the soldier away,
        # the general to d0 by a drag on the board
        ActionChains(p.d).drag_and_drop(self.an_square(p, "d0"), p.el("an-palette")).perform()
        self.palette(p, "erase").click()
        self.an_square(p, "a2").click()
        ActionChains(p.d).drag_and_drop(self.an_square(p, "e0"), self.an_square(p, "d0")).perform()
        p.until(lambda: not self.problems(p), "a possible position has no problem")
        self.assertTrue(p.el("an-done").is_enabled())
        Select(p.el("an-turn")).select_by_value("black")
        p.click("an-done")
        p.until(lambda: not p.el("an-editor").is_displayed(), "the editor closes")
        self.assertEqual(p.text("an-fen"), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
        self.assertIn("#analysis=4k4", p.d.current_url)
        # back to play: the lobby, the address without a hash; the browser's Back returns
        p.click("an-close")
        p.until(lambda: p.el("play").is_displayed() and not p.el("analysis").is_displayed(), "back to the lobby")
        self.assertFalse(p.d.current_url.endswith("#"), p.d.current_url)
        p.d.back()
        p.until(lambda: p.el("analysis").is_displayed(), "Back shows the analysis board again")
        p.until(lambda: p.text("an-fen") == "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", "with its position")
        # a pasted impossible FEN lists its problems and is not loaded
        p.type("an-input", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
        p.click("an-load-button")
        p.until(lambda: "the generals face each other on an open file" in p.text("an-load-problems"),
                "the pasted FEN's problem is listed")
        self.assertEqual(p.text("an-fen"), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")

    def test_pasted_pgn_with_a_variation(self):
        p = self.page()
        p.type("an-input", PGN)
        p.click("an-load-button")
        p.until(lambda: len(self.tree(p)) == 6, "the game and its variation are loaded")
        Select(p.el("notation")).select_by_value("wxf")
        p.until(lambda: [t[0] for t in self.tree(p)] == ["C2.5", "H8+7", "C8.5", "H2+3", "H2+3", "R9.8"],
                "the moves in WXF, the variation after the move it replaces")
        self.assertEqual([t[2] for t in self.tree(p)], [False, False, True, True, False, False])
        self.assertIn("(", p.d.execute_script("return getComputedStyle(document.querySelector('#an-tree .variation'), '::before').content"))
        # into the variation by a click, then ← and →
        p.d.find_elements(By.CSS_SELECTOR, "#an-tree .move")[3].click()
        p.until(lambda: self.tree(p)[3][1], "the variation's second move is current")
        self.assertIn("(a variation)", p.text("an-where"))
        body = p.d.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_LEFT)
        p.until(lambda: self.tree(p)[2][1], "← goes back one move")
        body.send_keys(Keys.ARROW_LEFT)
        p.until(lambda: self.tree(p)[0][1], "← again: the first move")
        body.send_keys(Keys.ARROW_RIGHT)
        p.until(lambda: self.tree(p)[1][1], "→ follows the main line")
        self.assertEqual(p.text("an-fen"), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2")
        # a PGN that is not one: the reader's message
        p.type("an-input", "1. C2.5 X9.9 *")
        p.click("an-load-button")
        p.until(lambda: p.text("an-load-problems"), "the bad PGN's error is shown")

    def test_engine_lines_as_arrows_and_stop(self):
        p = self.page()
        # a game with a variation, at its fourth move (for the screenshot)
        p.type("an-input", PGN)
        p.click("an-load-button")
        p.until(lambda: len(self.tree(p)) == 6, "the game is loaded")
        p.d.find_elements(By.CSS_SELECTOR, "#an-tree .move")[4].click()
        p.until(lambda: self.tree(p)[4][1], "its third move is shown")
        Select(p.el("an-multipv")).select_by_value("3")
        for kind in ("auto", "worker"):
            Select(p.el("an-engine-kind")).select_by_value(kind)
            p.click("an-go")
            p.until(lambda: self.arrows(p) == (3, 1), "three arrows, one of them the best line's (%s)" % kind)
            time.sleep(ENGINE_S)
            depth = p.d.find_element(By.ID, "an-engine").get_attribute("data-depth")
            print("\nthe engine (%s, MultiPV 3) in %d s: %s (load %s)" % (
                kind, ENGINE_S, p.text("an-depth"), os.getloadavg()[0]))
            self.assertGreaterEqual(int(depth), 6)
            lines = []

            def three_lines():
                lines[:] = p.d.execute_script("""return [...document.querySelectorAll('#an-lines li')]
                    .map((li) => [li.innerText, li.classList.contains('best')]);""")
                return [b for _, b in lines] == [True, False, False]
            # (a line whose first move the line above took at a new depth waits for its report)
            p.until(three_lines, "three lines, the first one marked")
            for text, _ in lines:
                self.assertRegex(text, r"^[+−]?\d+\.\d\d d\d+ |^#-?\d+ d\d+ ")
            p.until(lambda: self.arrows(p) == (3, 1), "three arrows again")
            # read at once: the arrows are drawn again with every report
            best, other = p.d.execute_script("""const a = (s) => { const l = document.querySelector(s);
                return [Number(l.getAttribute('stroke-width')), l.getAttribute('stroke')]; };
                return [a('#an-board-host .arrow.best line'), a('#an-board-host .arrow:not(.best) line')];""")
            self.assertGreater(best[0], other[0])
            self.assertNotEqual(best[1], other[1])
            if kind == "auto":
                self.shot(p, "analysis")
                self.assertEqual(p.d.execute_script("return crossOriginIsolated"), True)
                self.assertIn("threads", p.text("an-depth"))
            else:
                self.assertIn("Web Worker", p.text("an-depth"))
            # stop: the button says so at once and the lines stand still
            p.click("an-go")
            p.until(lambda: p.text("an-go") == "Analyse", "the engine stops")
            before = p.text("an-lines")
            time.sleep(1)
            self.assertEqual(p.text("an-lines"), before, "no line after the stop")

    def engine_follows_the_steps(self, kind, runs):
        """Steps while the engine runs: each stops the search and starts one on
        the new position (without isolation the stop ends the worker and the
        next search starts a new one); the arrows end on the last position's
        moves; stop, and start again."""
        p = self.page()
        Select(p.el("an-engine-kind")).select_by_value(kind)
        p.type("an-input", PGN)
        p.click("an-load-button")
        p.until(lambda: len(self.tree(p)) == 6, "the game is loaded")
        Select(p.el("an-multipv")).select_by_value("2")
        p.click("an-go")
        p.until(lambda: self.arrows(p) == (2, 1), "two arrows")
        self.assertIn(runs, p.text("an-depth"))
        body = p.d.find_element(By.TAG_NAME, "body")
        for _ in range(4):
            body.send_keys(Keys.ARROW_RIGHT)
        p.until(lambda: self.tree(p)[3][1] is False and self.tree(p)[5][1], "the last move is shown")

        def arrows_legal_here():
            if self.arrows(p) != (2, 1):
                return False
            return p.d.execute_async_script("""const done = arguments[arguments.length - 1];
                import('/xiangqi/lib/index.js').then((m) => {
                  const b = new m.Board(document.getElementById('an-fen').textContent);
                  const legal = b.legalMoves(); b.free();
                  done([...document.querySelectorAll('#an-board-host .arrow')]
                    .every((a) => legal.includes(a.dataset.move)));
                });""")
        p.until(arrows_legal_here, "the engine's arrows are moves of the position shown")
        p.click("an-go")
        p.until(lambda: p.text("an-go") == "Analyse", "the engine stops")
        before = p.text("an-lines")
        time.sleep(1)
        self.assertEqual(p.text("an-lines"), before, "no line after the stop")
        p.click("an-go")
        p.until(lambda: self.arrows(p) == (2, 1), "the engine searches again")
        p.click("an-go")

    def test_engine_follows_the_steps(self):
        for kind, runs in (("auto", "threads"), ("worker", "Web Worker")):
            with self.subTest(kind=kind):
                self.engine_follows_the_steps(kind, runs)


    def test_moves_form_a_variation_tree(self):
        p = self.page()
        Select(p.el("notation")).select_by_value("iccs")

        def play(mv, n):
            self.an_square(p, mv[:2]).click()
            p.until(lambda: p.d.find_elements(By.CSS_SELECTOR, "#an-board-host .target"),
                    "the package's targets of %s" % mv[:2])
            self.an_square(p, mv[2:]).click()
            p.until(lambda: len(self.tree(p)) == n, "%s is played" % mv)

        play("h2e2", 1)
        play("h9g7", 2)
        p.click("an-back")
        p.until(lambda: self.tree(p)[0][1], "one move back")
        play("b9c7", 3)  # a variation
        self.assertEqual([t[0] for t in self.tree(p)], ["h2e2", "h9g7", "b9c7"])
        self.assertEqual([t[2] for t in self.tree(p)], [False, False, True])
        self.assertTrue(self.tree(p)[2][1])
        p.click("an-promote")
        p.until(lambda: [t[0] for t in self.tree(p)] == ["h2e2", "b9c7", "h9g7"], "the variation is promoted")
        self.assertEqual([t[2] for t in self.tree(p)], [False, False, True])
        p.d.find_elements(By.CSS_SELECTOR, "#an-tree .move")[2].click()
        p.click("an-delete")
        p.until(lambda: [t[0] for t in self.tree(p)] == ["h2e2", "b9c7"], "the variation is deleted")
        self.assertTrue(self.tree(p)[0][1], "the deleted move's parent is current")
        p.click("an-first")
        p.until(lambda: not any(t[1] for t in self.tree(p)), "the start")
        p.click("an-last")
        p.until(lambda: self.tree(p)[1][1], "the end of the line")
        # the explorer: this server's answer (the panel says what it got), and a canned reply
        p.until(lambda: p.text("an-explorer") and p.text("an-explorer") != "…", "the explorer answers")
        canned = {"type": "explore", "id": 1, "fen": "fen w", "opening": {"code": "A00", "name": "Opening", "variation": "", "ply": 1},
                  "moves": [{"move": "h0g2", "wxf": "H2+3", "zh": "马二进三", "games": 10, "red_wins": 5, "draws": 3,
                             "black_wins": 2, "weight": 60, "score": 0.65, "opening": {"code": "B00", "name": "Name", "variation": "v"}},
                            {"move": "b0c2", "wxf": "H8+7", "zh": "马八进七", "games": 30, "red_wins": 10, "draws": 10,
                             "black_wins": 10, "weight": 40, "score": 0.5, "opening": None}],
                  "tablebase": {"wdl": "win", "dtm": 7, "best": ["h0g2"]}}
        text = p.d.execute_async_script("""const done = arguments[arguments.length - 1];
            import('/js/explorer.js').then((m) => { const el = document.createElement('div');
              m.renderExplorer(el, arguments[0], {notation: 'wxf'}); done(el.innerText); });""", canned)
        for want in ("A00 Opening", "H2+3", "10", "50% / 30% / 20%", "65%", "B00 Name", "Tablebase: a win for Red", "mate in 7 plies"):
            self.assertIn(want, text)
        # each move's share of the book's games (issue 45): 10 and 30 of 40
        # and its book weight as the chance it is picked: 60 and 40 of 100
        self.assertRegex(text, r"H2\+3\s*10\s*25%\s*60%")
        self.assertRegex(text, r"H8\+7\s*30\s*75%\s*40%")
        text = p.d.execute_async_script("""const done = arguments[arguments.length - 1];
            import('/js/explorer.js').then((m) => { const el = document.createElement('div');
              m.renderExplorer(el, null, {error: {code: 'unknown_command'}}); done(el.innerText); });""")
        self.assertIn("No explorer on this server", text)

    def test_a_game_on_the_analysis_board(self):
        """A guest plays the engine (drag targets from the package), then opens
        the game on the analysis board: its moves are the main line."""
        p = self.page("")
        p.until(lambda: p.el("guest").is_displayed(), "guests are offered")
        p.click("guest")
        p.until(lambda: p.el("me").is_displayed(), "the guest is signed in")
        p.type("engine-level", "0")
        Select(p.el("color")).select_by_value("red")
        p.click("play-engine")
        p.until(lambda: p.el("game-panel").is_displayed(), "the engine game is shown")
        p.until(lambda: p.d.execute_script("return performance.getEntriesByType('resource').some("
                                           "(r) => r.name.endsWith('/dist/xiangqi.wasm'))"),
                "the page loads the package for the game")
        p.play("h2e2")
        p.until(lambda: p.plies() == 2, "the engine answers", timeout=30)
        p.click("analysis-board")
        p.until(lambda: p.el("analysis").is_displayed() and len(self.tree(p)) == 2, "the game is on the board")
        self.assertTrue(self.tree(p)[1][1])
        self.assertFalse(p.el("play").is_displayed())
        p.click("an-close")
        p.until(lambda: p.el("play").is_displayed() and not p.el("analysis").is_displayed(), "back to the game")
        self.assertIn("#game=", p.d.current_url)


class NotIsolated(Analysis):
    """xq-server --no-isolation: no SharedArrayBuffer, so the engine is
    SearchWorker, whose stop() ends the worker; a new search starts a new one."""

    def setUp(self):
        self.start("--js", PACKAGE, "--no-isolation")

    def test_engine_follows_the_steps(self):
        self.engine_follows_the_steps("auto", "Web Worker")

    test_editor_refuses_impossible_positions = None
    test_pasted_pgn_with_a_variation = None
    test_engine_lines_as_arrows_and_stop = None
    test_moves_form_a_variation_tree = None
    test_a_game_on_the_analysis_board = None


class WithoutPackage(Analysis):
    """xq-server without a package: the stand-in module; the page plays."""

    def setUp(self):
        empty = tempfile.mkdtemp(prefix="xq-no-package-")
        self.addCleanup(shutil.rmtree, empty, ignore_errors=True)
        self.start("--js", empty)

    def test_the_page_plays_and_says_what_is_missing(self):
        p = self.page("")
        p.click("guest")
        p.until(lambda: p.el("me").is_displayed(), "the guest is signed in")
        Select(p.el("color")).select_by_value("red")
        p.click("play-engine")
        p.until(lambda: p.el("game-panel").is_displayed(), "the engine game is shown")
        p.play("h2e2")  # the targets from the server's legal list
        p.until(lambda: p.plies() == 2, "the engine answers", timeout=30)
        p.d.get(self.url + "#analysis")
        p.until(lambda: "no JavaScript package" in p.text("an-status"), "the page says the package is missing")
        self.assertFalse(p.el("an-go").is_enabled())
        self.assertFalse(p.el("an-edit").is_enabled())

    # the tests of the board need the package
    test_engine_follows_the_steps = None
    test_editor_refuses_impossible_positions = None
    test_pasted_pgn_with_a_variation = None
    test_engine_lines_as_arrows_and_stop = None
    test_moves_form_a_variation_tree = None
    test_a_game_on_the_analysis_board = None


# Bytes a reload may transfer when nothing changed (issue 45): index.html
# revalidated (a 304) and the WebSocket; the rest comes from the cache.
RELOAD_MAX_BYTES = 100_000
IMMUTABLE = "public, max-age=31536000, immutable"

# What the page fetched: {url: transferSize} (navigation and resources; a
# file from the cache transfers 0, a 304 its headers).
TRANSFERRED = """return Object.fromEntries(performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource')).map((e) => [e.name, e.transferSize]));"""


class Caching(unittest.TestCase):
    """The page's files are cached for good under their content hashes, and
    index.html revalidated: a reload transfers under RELOAD_MAX_BYTES, where it
    transferred the whole page and the package's 1.6 MB WebAssembly (issue 45).
    Figures printed: the bytes of the first load and of the reload."""

    def setUp(self):
        Analysis.start(self, "--js", PACKAGE)

    def loaded(self, p):
        """Wait until the page has the package (its .wasm fetched): the files it fetched."""
        p.until(lambda: any(u.endswith(".wasm") for u in p.d.execute_script(TRANSFERRED)),
                "the page fetches the package's WebAssembly")
        p.until(lambda: p.d.execute_script("return document.readyState") == "complete",
                "the page is loaded")
        return p.d.execute_script(TRANSFERRED)

    def test_reload_transfers_little_and_hashed_files_are_immutable(self):
        p = tb.Page(self, self.url + "#analysis")  # the analysis board loads the package
        first = self.loaded(p)
        p.d.refresh()
        p.until(lambda: p.text("status") == "online", "the page connects again")
        again = self.loaded(p)
        print("\nbytes transferred: first load %d (%d files), reload %d"
              % (sum(first.values()), len(first), sum(again.values())))
        self.assertLess(sum(again.values()), RELOAD_MAX_BYTES, again)
        self.assertGreater(sum(first.values()), 10 * RELOAD_MAX_BYTES // 2, first)
        # every file but the page itself by a hashed name, cached for good;
        # compressible ones gzip-compressed
        wasm = [u for u in first if u.endswith(".wasm")]
        self.assertRegex(wasm[0], r"/xiangqi@[0-9a-f]{16}/dist/xiangqi\.wasm$")
        for url in first:
            if url.split("#")[0] == self.url:
                continue
            self.assertRegex(url, r"(\.[0-9a-f]{16}\.[a-z]+|/xiangqi@[0-9a-f]{16}/.*)$")
            r = urllib.request.urlopen(urllib.request.Request(
                url, headers={"Accept-Encoding": "gzip"}), timeout=tb.WAIT_S)
            self.assertEqual(r.headers["cache-control"], IMMUTABLE, url)
            if re.search(r"\.(js|mjs|css|wasm)$", url):
                self.assertEqual(r.headers["content-encoding"], "gzip", url)
            r.read()
        r = urllib.request.urlopen(self.url, timeout=tb.WAIT_S)
        self.assertEqual(r.headers["cache-control"], "no-cache")
        self.assertTrue(r.headers["etag"])


class Phone(unittest.TestCase):
    """The analysis board on a 390x844 phone: nothing wider than the screen,
    the engine's lines and the explorer's table within it (issue 45: the page
    was 461 px wide and the lines cut off)."""

    def setUp(self):
        Analysis.start(self, "--js", PACKAGE)

    def test_analysis_board_fits_a_phone(self):
        p = tb.Page(self, self.url + "#analysis")
        p.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        p.until(lambda: p.el("analysis").is_displayed() and p.text("an-fen"), "the analysis board is shown")
        p.click("an-go")
        p.until(lambda: len(p.d.find_elements(By.CSS_SELECTOR, "#an-lines .line .pv")) == 3 and
                p.d.find_elements(By.CSS_SELECTOR, "#an-explorer tr[data-move]"),
                "three engine lines and the explorer's moves")
        wide = p.d.execute_script("""const out = [];
            for (const e of document.querySelectorAll('#analysis *')) {
              const b = e.getBoundingClientRect();
              if (b.width > 0 && b.right > innerWidth + 0.5) out.push((e.id || e.tagName) + ' ' + Math.round(b.right));
            }
            return [document.documentElement.scrollWidth, innerWidth, out];""")
        self.assertEqual(wide, [390, 390, []])
        p.click("an-go")  # stop
        if tb.SHOTS:
            os.makedirs(tb.SHOTS, exist_ok=True)
            p.d.save_screenshot(os.path.join(tb.SHOTS, "page-phone-analysis.png"))


def main():
    global BINARY, WWW, PACKAGE
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    BINARY, WWW, PACKAGE = sys.argv[1], sys.argv[2], sys.argv[3]
    tb.SHOTS = sys.argv[4] if len(sys.argv) > 4 else ""
    missing = [x for x in (tb.CHROMIUM, tb.DRIVER) if not os.path.exists(x)]
    if not tb.HAVE_SELENIUM:
        missing.append("python3-selenium (Selenium for /usr/bin/python3)")
    if missing:
        print("SKIPPED: browser tests need " + ", ".join(missing) +
              " (scripts/deps.sh installs chromium, chromium-driver, python3-selenium)")
        return SKIP
    if not os.path.exists(os.path.join(PACKAGE, "dist", "xiangqi.wasm")):
        print("SKIPPED: the JavaScript package is not built in %s (the js_build test builds it)" % PACKAGE)
        return SKIP
    prog = unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[5:], exit=False)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
