// SPDX-License-Identifier: MIT
// The JavaScript package (libxiangqi compiled to WebAssembly, bindings/js),
// which xq-server serves at /xiangqi/ (--js; docs/javascript.md). Loaded once,
// on first use; without a package the server serves a stand-in whose module
// exports `unavailable` (a sentence), and the page plays as before.
let loading = null;

/** A promise of { api, ms } (the module and its load time in milliseconds)
 *  or { unavailable } (why there is none). Never rejects. */
export function loadXiangqi() {
  if (!loading) {
    loading = (async () => {
      const t0 = performance.now();
      try {
        const api = await import(new URL("../xiangqi/lib/index.js", import.meta.url).href);
        if (api.unavailable) return { unavailable: api.unavailable };
        return { api, ms: performance.now() - t0 };
      } catch (e) {
        return { unavailable: `The JavaScript package could not be loaded (${e && e.message}); the analysis board needs it.` };
      }
    })();
  }
  return loading;
}

/** The threaded module (xiangqi/threads) when the page is cross-origin
 *  isolated (xq-server's default headers), else null. */
let threads = null;
export function loadThreads() {
  if (!threads) {
    threads = (async () => {
      if (!globalThis.crossOriginIsolated || typeof SharedArrayBuffer !== "function") return null;
      try {
        const api = await import(new URL("../xiangqi/lib/threads.js", import.meta.url).href);
        return api.unavailable ? null : api;
      } catch { return null; }
    })();
  }
  return threads;
}

/** `fn(board)` on a Board of the module at `fen`, freed afterwards. */
export function withBoard(api, fen, fn) {
  const b = new api.Board(fen);
  try { return fn(b); } finally { b.free(); }
}
