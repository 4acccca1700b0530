// SPDX-License-Identifier: MIT
// The Web Worker (or Node worker thread) of SearchWorker (search_worker.js):
// the single-threaded module and one Search, driven by messages.
//   in:  {type: 'init', stop: SharedArrayBuffer | null, hashMb, rules, book: ArrayBuffer | null}
//        {type: 'go', id, fen, moves, limits}
//   out: {type: 'ready'} | {type: 'info', id, info} | {type: 'done', id, result}
//        | {type: 'error', id, message, code}
// A stop is a nonzero first Int32 of the shared buffer, which the search
// polls every thousand nodes or so.
// The listener comes first and the module after it: messages that arrive
// while the module loads wait in a queue (a browser drops those that find no
// listener).
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const queue = [];
let handle = (msg) => queue.push(msg);
let post;
if (isNode) {
  const { parentPort } = await import('worker_threads');
  post = (m) => parentPort.postMessage(m);
  parentPort.on('message', (m) => handle(m));
} else {
  post = (m) => self.postMessage(m);
  self.onmessage = (e) => handle(e.data);
}
const { Board, Book, Search, setStopPoll } = await import('./index.js');

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

// One message at a time, in order (a search holds the thread anyway).
let chain = Promise.resolve();
handle = (msg) => {
  chain = chain.then(async () => {
    try {
      if (msg.type === 'init') init(msg);
      else if (msg.type === 'go') await go(msg);
    } catch (e) {
      post({ type: 'error', id: msg.id, message: e.message, code: e.code });
    }
  });
};
queue.splice(0).forEach(handle);
