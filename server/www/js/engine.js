// SPDX-License-Identifier: MIT
// The analysis board's engine, off the page's main thread: the package's
// threaded module when the page is cross-origin isolated (its Search runs on
// its own threads; start() returns at once and stop() ends it within
// milliseconds), else SearchWorker (the single-threaded module in a Web
// Worker; without SharedArrayBuffer its stop() ends the worker). One search
// at a time: start() stops the one before and waits for its end; of starts
// that come quickly one after another (stepping through a game) only the
// last runs.
import { loadThreads } from "./xq.js";

const HASH_MB = 32;
// Search threads of the threaded module, at most the machine's cores: the
// module starts with two pthread workers (bindings/js, PTHREAD_POOL_SIZE);
// a third would be a new Worker, which a browser starts only once the page's
// thread returns to its event loop, so the page keeps to the two there are.
const MAX_THREADS = 2;

export class Engine {
  /** `api`: the single-threaded module; `mode`: "auto" or "worker". */
  constructor(api, mode = "auto") {
    this.api = api;
    this.mode = mode;
    this.kind = null;     // "threads" or "worker", once started
    this.pending = null;  // the running search's promise
    this.impl = null;
    this.chain = Promise.resolve(); // the queue of starts
    this.ticket = 0;      // the latest start() or stop(); earlier queued starts are dropped
  }

  async ready() {
    if (this.impl) return;
    const mt = this.mode === "auto" ? await loadThreads() : null;
    if (mt) {
      const n = Math.max(1, Math.min(MAX_THREADS, (navigator.hardwareConcurrency || 2)));
      this.mt = mt;
      this.impl = new mt.Search({ threads: n, hashMb: HASH_MB });
      this.kind = "threads";
      this.threads = n;
    } else {
      this.impl = new this.api.SearchWorker({ hashMb: HASH_MB });
      this.kind = "worker";
      this.threads = 1;
    }
  }

  /** Search `fen` with `limits`; `onInfo(info)` as it reports. A promise of
   *  the result, or of null when a later start() or a stop() came first (the
   *  starts queue: one search at a time, the one before stopped first). */
  start(fen, limits, onInfo) {
    const ticket = ++this.ticket;
    const started = this.chain.then(async () => {
      await this.halt();
      if (ticket !== this.ticket) return { p: Promise.resolve(null) }; // superseded
      await this.ready();
      let p;
      if (this.kind === "threads") {
        const board = new this.mt.Board(fen);
        p = this.impl.start(board, limits, onInfo).finally(() => board.free());
      } else {
        p = this.impl.start(fen, [], limits, onInfo);
      }
      this.pending = p;
      p.catch(() => {}).finally(() => { if (this.pending === p) this.pending = null; });
      return { p };
    });
    this.chain = started.then(() => {}, () => {});
    return started.then(({ p }) => p);
  }

  /** Stop the running search and any queued start, and wait for the end. */
  stop() {
    this.ticket++;
    return this.chain.then(() => this.halt());
  }

  /** Stop the running search, if any, and wait for its end. */
  async halt() {
    const p = this.pending;
    if (!p) return;
    this.impl.stop();
    try { await p; } catch { /* stopped */ }
  }

  /** Whether a search runs. */
  get running() { return !!this.pending; }

  /** End the engine: the worker, or the threaded Search (after stop() has
   *  waited for the search's end; a running one cannot be freed). */
  terminate() {
    if (this.kind === "worker") this.impl.terminate();
    else if (this.impl) {
      try { this.impl.free(); } catch { this.impl.stop(); }
    }
    this.impl = null;
    this.pending = null;
  }
}
