// SPDX-License-Identifier: MIT
// The package's entry ("xiangqi"): the single-threaded module, which runs in
// every browser, worker and Node. `import { Board } from 'xiangqi'` waits for
// the module to load (top-level await); docs/javascript.md has the tour.
// CommonJS (`require('xiangqi')`) gets index.cjs, whose init() resolves to
// the default export below.
import createXiangqi from '../dist/xiangqi.mjs';
import { load } from './load.js';
import { SearchWorker } from './search_worker.js';

const api = await load(createXiangqi, 'xiangqi.wasm');
api.SearchWorker = SearchWorker;

export const {
  Board, Record, Book, Search, XiangqiError, Color, Notation, NotationFlags, validateFen,
  fenProblems, readPgn, perft, strerror, setStopPoll, threaded, parseSquare, squareName, version,
  module, review,
} = api;
export { SearchWorker };
export default api;
