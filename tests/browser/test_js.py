# SPDX-License-Identifier: MIT
"""The JavaScript package (bindings/js, issue 28) in headless Chromium: a page
(tests/browser/js/page.html) loads the WebAssembly module and uses it on the
page's thread, in a module Worker and in SearchWorker, served twice from
127.0.0.1: plainly (no SharedArrayBuffer: SearchWorker's stop ends the
worker) and cross-origin isolated (COOP/COEP headers: the stop goes through a
SharedArrayBuffer, and the threaded module runs). Prints the load time and
the engine's speed in the worker.

usage: /usr/bin/python3 test_js.py PACKAGE_DIR
Exit 77 (skipped) when Chromium, chromedriver, Selenium or the package is missing."""
import http.server
import os
import sys
import tempfile
import threading
import time
import unittest

SKIP = 77
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "js")
WAIT_S = 30           # the whole page's checks (a 2 s search among them)
STOP_MS = 50          # a stop through SharedArrayBuffer ends the search within this
PACKAGE = ""
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
         ".wasm": "application/wasm", ".json": "application/json", ".ts": "text/plain"}


class Handler(http.server.BaseHTTPRequestHandler):
    """/plain/... and /iso/... (with the cross-origin isolation headers), then
    package/... (the built package) or test/... (tests/browser/js)."""

    def do_GET(self):  # noqa: N802 - http.server's name
        parts = self.path.split("?")[0].lstrip("/").split("/")
        if len(parts) < 3 or parts[0] not in ("plain", "iso") or parts[1] not in ("package", "test"):
            self.send_error(404)
            return
        base = PACKAGE if parts[1] == "package" else PAGES
        path = os.path.realpath(os.path.join(base, *parts[2:]))
        if not path.startswith(os.path.realpath(base) + os.sep) or not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as f:
            body = f.read()
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(os.path.splitext(path)[1], "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if parts[0] == "iso":
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def browser():
    opt = webdriver.ChromeOptions()
    opt.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--no-first-run", "--mute-audio",
              "--user-data-dir=" + tempfile.mkdtemp(prefix="xq-chromium-")):
        opt.add_argument(a)
    opt.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=opt)
    d.set_page_load_timeout(WAIT_S)
    return d


class TestPackageInBrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        cls.port = cls.httpd.server_address[1]
        threading.Thread(target=cls.httpd.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.shutdown()
        cls.httpd.server_close()

    def run_page(self, mode):
        d = browser()
        self.addCleanup(d.quit)
        d.get("http://127.0.0.1:%d/%s/test/page.html" % (self.port, mode))
        deadline = time.monotonic() + WAIT_S
        res = None
        while time.monotonic() < deadline:
            res = d.execute_script("return window.xqResults || null")
            if res is not None:
                break
            time.sleep(0.1)
        log = d.get_log("browser")
        self.assertIsNotNone(res, "the page's checks did not finish; page: %s; console: %s"
                             % (d.find_element("id", "out").text, log))
        severe = [e["message"] for e in log if e["level"] == "SEVERE"]
        self.assertEqual(res["errors"], [], "errors in the page")
        self.assertEqual(severe, [], "errors in the browser console")
        # The module on the page's thread.
        self.assertEqual(res["moves"], 44)
        self.assertEqual(res["perft3"], 79666)
        self.assertEqual(res["push"], "h2e2")
        self.assertEqual(res["reply"], "马８进７")
        self.assertEqual(res["fenError"]["name"], "XiangqiError")
        self.assertEqual(res["fenError"]["codeName"], "XQ_EPARSE")
        self.assertEqual(res["pgnMoves"], ["h2e2", "h9g7", "h0g2"])
        # In a module Worker.
        self.assertEqual(res["worker"]["moves"], 45)  # Black after h2e2
        self.assertEqual(res["worker"]["perft4"], 3290240)
        # SearchWorker.
        self.assertRegex(res["searchMove"], r"^[a-i][0-9][a-i][0-9]$")
        self.assertRegex(res["stopMove"] or "", r"^[a-i][0-9][a-i][0-9]$")
        self.assertGreater(res["stopInfos"], 0)
        self.assertGreater(res["workerNps"], 0)
        return res

    def test_plain_page(self):
        res = self.run_page("plain")
        self.assertFalse(res["isolated"])
        self.assertTrue(res["stopTerminated"], "without SharedArrayBuffer the stop ends the worker")
        print("plain page: module load %.0f ms (ready %.0f ms after navigation start); "
              "search in a Worker %d nodes/s (%d nodes in 2 s)"
              % (res["loadMs"], res["readyMs"], res["workerNps"], res["workerNodes"]))

    def test_isolated_page(self):
        res = self.run_page("iso")
        self.assertTrue(res["isolated"], "COOP/COEP make the page cross-origin isolated")
        self.assertFalse(res["stopTerminated"])
        self.assertLess(res["stopMs"], STOP_MS, "SearchWorker stop through SharedArrayBuffer")
        self.assertTrue(res["threaded"])
        self.assertRegex(res["mtMove"], r"^[a-i][0-9][a-i][0-9]$")
        self.assertLess(res["mtStopMs"], STOP_MS, "threaded module's stop")
        print("isolated page: module load %.0f ms; SearchWorker stop %.1f ms, threaded stop %.1f ms; "
              "search in a Worker %d nodes/s" % (res["loadMs"], res["stopMs"], res["mtStopMs"],
                                                res["workerNps"]))


def main():
    global PACKAGE
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    PACKAGE = os.path.abspath(sys.argv[1])
    if not HAVE_SELENIUM or not os.path.exists(CHROMIUM) or not os.path.exists(DRIVER):
        print("skipped: needs chromium, chromium-driver and python3-selenium (scripts/deps.sh)")
        return SKIP
    if not os.path.isfile(os.path.join(PACKAGE, "dist", "xiangqi.wasm")):
        print("skipped: the package is not built (%s)" % PACKAGE)
        return SKIP
    prog = unittest.main(argv=[sys.argv[0], "-v"], exit=False)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
