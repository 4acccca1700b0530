// SPDX-License-Identifier: MIT
// Types of "xiangqi/threads", the threaded module: the same API as "xiangqi"
// but for SearchWorker and setStopPoll (a Search runs on its own threads).
export {
  XiangqiError, Color, Notation, NotationFlags, Board, Record, Book, Search, validateFen,
  fenProblems, readPgn, perft, strerror, parseSquare, squareName, threaded, version, module,
  review,
} from './index.js';
export type {
  ColorValue, NotationName, MoveLike, Square, Rules, Reason, Outcome, SvgOptions, PgnOptions,
  ReadPgnOptions, BookEntry, Limits, Score, Info, SearchResult, FenProblem, MoveClass,
  ReviewThresholds, XiangqiApi,
} from './index.js';
import type { XiangqiApi } from './index.js';
/** The API object (threaded: true); no SearchWorker here. */
declare const api: XiangqiApi;
export default api;
