// SPDX-License-Identifier: MIT
// "xiangqi/threads": the threaded module (-pthread). It needs SharedArrayBuffer:
// Node, or a page served cross-origin isolated (Cross-Origin-Opener-Policy:
// same-origin and Cross-Origin-Embedder-Policy: require-corp). A Search here
// runs on its own threads: start() returns at once and stop() works from the
// caller's thread; setThreads(n) searches with n threads.
import createXiangqi from '../dist/xiangqi-mt.mjs';
import { load } from './load.js';

const api = await load(createXiangqi, 'xiangqi-mt.wasm');

export const {
  Board, Record, Book, Search, XiangqiError, Color, Notation, NotationFlags, validateFen,
  fenProblems, readPgn, perft, strerror, threaded, parseSquare, squareName, version, module,
  review,
} = api;
export default api;
