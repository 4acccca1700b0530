// SPDX-License-Identifier: MIT
// The Web Worker (or Node worker thread) of SearchWorker (search_worker.js):
// the single-threaded module and one Search, driven by messages.
//   in:  {type: 'init', stop: SharedArrayBuffer | null, hashMb, rules, book: ArrayBuffer | null}
//        {type: 'go', id, fen, moves, limits}
//   out: {type: 'ready'} | {type: 'info', id, info} | {type: 'done', id, result}
//        | {type: 'error', id, message, code}
// A stop is a nonzero first Int32 of the shared buffer, which the search
// polls every thousand nodes or so.
import { Board, Book, Search, setStopPoll } from './index.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
let post;
let listen;
if (isNode) {
  const { parentPort } = await import('worker_threads');
  post = (m) => parentPort.postMessage(m);
  listen = (fn) => parentPort.on('message', fn);
} else {
  post = (m) => self.postMessage(m);
  listen = (fn) => { self.onmessage = (e) => fn(e.data); };
}

let search = null;
let book = null;
let flag = null;

function init(msg) {
  flag = msg.stop ? new Int32Array(msg.stop) : null;
  setStopPoll(flag ? () => Atomics.load(flag, 0) !== 0 : null);
  search = new Search({ hashMb: msg.hashMb ?? 16 });
  if (msg.rules) search.setRules(msg.rules);
  if (msg.book) {
    book = Book.fromBytes(msg.book);
    search.setBook(book);
  }
  post({ type: 'ready' });
}

async function go(msg) {
  const board = new Board(msg.fen);
  try {
    for (const m of msg.moves ?? []) board.push(m);
    const result = await search.start(board, msg.limits ?? {},
      (info) => post({ type: 'info', id: msg.id, info }));
    post({ type: 'done', id: msg.id, result });
  } finally {
    board.free();
  }
}

listen(async (msg) => {
  try {
    if (msg.type === 'init') init(msg);
    else if (msg.type === 'go') await go(msg);
  } catch (e) {
    post({ type: 'error', id: msg.id, message: e.message, code: e.code });
  }
});
