// SPDX-License-Identifier: MIT
// SearchWorker: the engine in a Web Worker (a worker thread under Node), so a
// page's main thread never blocks. start() posts the position and returns a
// promise of the result; info callbacks arrive as the search reports.
//
// stop(): with SharedArrayBuffer (Node; a cross-origin isolated page) the
// worker's search sees the request within a few milliseconds and returns its
// best move as usual. Without it, nothing can reach the busy worker: stop()
// ends the worker and answers with the last reported line (result.terminated
// is true); the next start() starts a new worker, with an empty hash table.
//
// Node: the worker thread keeps the process alive only while it starts or
// searches (ref()); idle between searches it is unref()'d, so a script that
// awaited its searches exits without terminate().
import { XiangqiError, need } from './api.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const workerUrl = new URL('./worker.js', import.meta.url);

export class SearchWorker {
  /** options: { hashMb, rules, book: the bytes of an opening book (ArrayBuffer or typed array) }. */
  constructor(options) {
    this.options = need.options(options, 'SearchWorker', ['hashMb', 'rules', 'book']);
    if (this.options.hashMb !== undefined) need.int(this.options.hashMb, 'SearchWorker: hashMb', 0);
    if (this.options.book !== undefined && this.options.book !== null)
      need.bytes(this.options.book, 'SearchWorker: book');
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
    this.starting = false;  // start() waits for a new worker
    this.stopAsked = false; // stop() came while it did
    this.sharedStop = typeof SharedArrayBuffer === 'function' &&
      (isNode || globalThis.crossOriginIsolated === true);
  }

  async _spawn() {
    this.stopBuffer = this.sharedStop ? new SharedArrayBuffer(4) : null;
    this.flag = this.stopBuffer ? new Int32Array(this.stopBuffer) : null;
    let w;
    if (isNode) {
      const { Worker } = await import('worker_threads');
      w = new Worker(workerUrl);
      w.onmessage = null;
      w.on('message', (m) => this._onMessage(m));
      w.on('error', (e) => this._fail(e));
    } else {
      w = new Worker(workerUrl, { type: 'module' });
      w.onmessage = (e) => this._onMessage(e.data);
      w.onerror = (e) => this._fail(new Error(e.message ?? 'worker error'));
    }
    this.worker = w;
    await new Promise((resolve, reject) => {
      this.pending = { resolve, reject, ready: true };
      const book = this.options.book ? need.bytes(this.options.book, 'SearchWorker: book').slice() : null;
      w.postMessage({ type: 'init', stop: this.stopBuffer, hashMb: this.options.hashMb,
        rules: this.options.rules, book });
    });
  }

  // Node: whether the worker keeps the process alive (while it starts or searches).
  _hold(on) {
    if (isNode && this.worker) { if (on) this.worker.ref(); else this.worker.unref(); }
  }

  _onMessage(m) {
    const p = this.pending;
    if (!p) return;
    if (m.type === 'ready' && p.ready) { this.pending = null; this._hold(false); p.resolve(); return; }
    if (m.id !== p.id) return;
    if (m.type === 'info') { p.last = m.info; p.onInfo?.(m.info); return; }
    this.pending = null;
    this._hold(false);
    if (m.type === 'done') p.resolve(m.result);
    else p.reject(new XiangqiError(m.message, m.code ?? -1));
  }

  _fail(e) {
    const p = this.pending;
    this.pending = null;
    this.worker = null;
    p?.reject(e);
  }

  /** Search fen (after moves, in any notation) with limits (as Search.start);
   *  resolves to the result. One search at a time. A stop() while the worker
   *  is still starting (the first search, or the first after a stop that
   *  ended the worker) answers at once with no move (bestMove null, depth
   *  0) and keeps the worker for the next search. */
  async start(fen, moves = [], limits = {}, onInfo) {
    need.optString(fen, 'SearchWorker.start: fen');
    need.array(moves, 'SearchWorker.start: moves');
    if (limits === null || typeof limits !== 'object' || Array.isArray(limits))
      need.fail('SearchWorker.start: limits', 'an object', limits);
    need.optFunction(onInfo, 'SearchWorker.start: onInfo');
    if (this.pending || this.starting) throw new XiangqiError('a search is running', -5);
    this.stopAsked = false;
    if (!this.worker) {
      this.starting = true;
      try { await this._spawn(); } finally { this.starting = false; }
    }
    if (this.stopAsked) {
      this.stopAsked = false;
      return { bestMove: null, ponderMove: null, score: null, depth: 0, seldepth: 0, nodes: 0,
        nps: 0, time: 0, hashfull: 0, pv: [], bookMove: false };
    }
    if (this.flag) Atomics.store(this.flag, 0, 0);
    const id = this.nextId++;
    this._hold(true);
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onInfo, last: null };
      this.worker.postMessage({ type: 'go', id, fen: fen ?? null, moves, limits });
    });
  }

  /** Stop the running search (see above). */
  stop() {
    if (this.starting) { this.stopAsked = true; return; } // start() answers once the worker is up
    if (!this.pending) return;
    if (this.flag) { Atomics.store(this.flag, 0, 1); return; }
    const p = this.pending;
    this.pending = null; // answered below, not rejected by terminate()
    this.terminate();
    const pv = p.last?.pv ?? [];
    p.resolve({ bestMove: pv[0] ?? null, ponderMove: pv[1] ?? null, score: p.last?.score ?? null,
      depth: p.last?.depth ?? 0, nodes: p.last?.nodes ?? 0, pv, terminated: true });
  }

  /** End the worker (a running search's promise is rejected). */
  terminate() {
    const p = this.pending;
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    p?.reject(new XiangqiError('search worker terminated', -5));
  }
}
