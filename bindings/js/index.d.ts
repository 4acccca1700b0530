// SPDX-License-Identifier: MIT
// Types of the xiangqi package (libxiangqi compiled to WebAssembly). Moves are
// ICCS strings ("h2e2"); squares are 0..89 (rank * 9 + file) or names ("e0").
// Every Board, Record, Search and Book holds memory inside the module: free it
// with free() or `using` (Symbol.dispose). An argument of the wrong type throws
// XiangqiError XQ_EINVAL (-1). CommonJS: index.d.cts (init()).

/** The library's error: a message, its code (an XQ_E* number, negative) and
 *  the code's name; parse errors also carry where the problem is. */
export class XiangqiError extends Error {
  constructor(message: string, code: number, detail?: { offset?: number; line?: number; column?: number });
  readonly code: number;
  readonly codeName: string;
  /** Byte offset of the problem in the input, or -1 (parse errors). */
  readonly offset?: number;
  /** 1-based line and column for multi-line inputs (PGN), else 0. */
  readonly line?: number;
  readonly column?: number;
}

export const Color: Readonly<{ RED: 0; BLACK: 1 }>;
export type ColorValue = 0 | 1;
export const Notation: Readonly<{ AUTO: 0; ICCS: 1; WXF: 2; CHINESE: 3 }>;
/** A notation: a Notation value or its name, case-insensitive. */
export type NotationName = number | 'auto' | 'iccs' | 'wxf' | 'chinese' | 'AUTO' | 'ICCS' | 'WXF' | 'CHINESE';
export const NotationFlags: Readonly<{
  XQBASE: number; RANKS_1_10: number; FULLWIDTH: number; WXF_EQUALS: number;
  WXF_PREFIX: number; ASCII_DIGITS: number; TRADITIONAL: number; ICCS_UPPER: number;
}>;

/** A move: ICCS text ("h2e2"), or the library's move code. */
export type MoveLike = string | number;
export type Square = number | string;

/** A rule set by name, or with its parameters (the library's xq_rules). */
export type Rules = 'axf' | 'cxa' | 'simple' | {
  ruleset?: 'axf' | 'cxa' | 'simple';
  fold?: number;
  plyLimit?: number;
  checkCap?: number;
  mateThreatDepth?: number;
  /** true (the default): a draw when neither side has a chariot, horse, cannon or soldier. */
  insufficientMaterial?: boolean;
};

export type Reason = 'none' | 'checkmate' | 'no_legal_move' | 'repetition' | 'perpetual_check'
  | 'perpetual_chase' | 'perpetual_mate_threat' | 'move_limit' | 'insufficient_material';

export interface Outcome {
  result: '1-0' | '0-1' | '1/2-1/2';
  winner: ColorValue | null;
  reason: Reason;
  /** The side that lost by rule, or null for a draw. */
  atFault: ColorValue | null;
  repetitions: number;
  /** Repetition: ply of the first occurrence in the judged cycle, else -1. */
  cycleStart: number;
  cyclePlies: number;
  /** xq_cycle_flag bits of Red's and Black's moves in the cycle. */
  cycle: [number, number];
  /** Squares of the chasing and the chased pieces. */
  chasing: string[];
  chased: string[];
  /** Plies counted toward the move limit, and the limit (0: none). */
  limitCount: number;
  limitPlies: number;
  /** The library's English description. */
  description: string;
}

export interface SvgOptions {
  /** Width in pixels, 32..8192 (default 450). */
  size?: number;
  flip?: boolean;
  /** xq_svg_coordinates bits. */
  coordinates?: number;
  /** An xq_svg_glyphs value. */
  glyphs?: number;
  /** The move to shade; null: none; default: the last move played. */
  lastMove?: MoveLike | null;
  showCheck?: boolean;
  arrows?: MoveLike[];
}

interface Owned extends Disposable {
  /** Free the C memory; later calls throw XiangqiError (XQ_ESTATE). A second free() does nothing. */
  free(): void;
  readonly freed: boolean;
}

/** A position and the moves played to reach it. */
export class Board implements Owned {
  /** The start position, or any valid FEN (throws XiangqiError otherwise). */
  constructor(fen?: string | null);
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
  copy(): Board;
  fen(): string;
  setFen(fen: string): void;
  reset(): void;
  readonly turn: ColorValue;
  /** The piece's FEN letter ("R", "k"), or null. */
  pieceAt(square: Square): string | null;
  pieceMap(): { [square: string]: string };
  /** The square name of a side's general. */
  king(color: ColorValue): string;
  /** The squares of color's pieces that attack a square (pins ignored). */
  attackers(color: ColorValue, square: Square): string[];
  /** The squares of the pieces that check the side to move. */
  checkers(): string[];
  /** Whether a move takes an enemy piece (by its squares). */
  isCapture(move: MoveLike): boolean;
  /** Whether a legal move (any notation) checks the opponent. */
  givesCheck(move: MoveLike): boolean;
  readonly halfmoveClock: number;
  readonly fullmoveNumber: number;
  readonly ply: number;
  readonly zobristHash: bigint;
  readonly repetitions: number;
  legalMoves(): string[];
  isLegal(move: MoveLike): boolean;
  /** The legal move a text names (ICCS, WXF or Chinese), in ICCS. */
  parseMove(text: string, notation?: NotationName, flags?: number): string;
  /** A legal move as text (Chinese by default). */
  moveToText(move: MoveLike, notation?: NotationName, flags?: number): string;
  chinese(move: MoveLike): string;
  wxf(move: MoveLike): string;
  iccs(move: MoveLike): string;
  /** Play a move given in any notation; returns it in ICCS. */
  push(move: MoveLike, notation?: NotationName): string;
  /** Take back the last move; returns it in ICCS. */
  pop(): string;
  peek(): string | null;
  moveStack(): string[];
  isCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  /** The outcome under a rule set (AXF by default), or null while the game goes on. */
  outcome(rules?: Rules): Outcome | null;
  isGameOver(rules?: Rules): boolean;
  bannedMoves(rules?: Rules): string[];
  isBanned(move: MoveLike, rules?: Rules): boolean;
  perft(depth: number): number;
  perftDivide(depth: number): { [move: string]: number };
  evaluate(): number;
  svg(options?: SvgOptions): string;
  toString(): string;
}

export interface PgnOptions {
  notation?: NotationName;
  flags?: number;
  lineWidth?: number;
  variations?: boolean;
  comments?: boolean;
  encoding?: 'auto' | 'utf-8' | 'utf8' | 'gbk' | 'big5' | 'latin1';
}

/** A game with variations, comments, NAGs and tags, and a cursor in its tree. */
export class Record implements Owned {
  constructor(fen?: string | null);
  static fromPgn(text: string, options?: PgnOptions): Record;
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
  copy(): Record;
  pgn(options?: PgnOptions): string;
  tag(name: string): string | null;
  setTag(name: string, value: string): void;
  tags(): { [name: string]: string };
  startFen(): string;
  /** A copy of the position at the cursor (the caller frees it). */
  board(): Board;
  fen(): string;
  readonly ply: number;
  mainline(): string[];
  line(): string[];
  variations(): string[];
  play(move: MoveLike, notation?: NotationName, flags?: number): string;
  back(): number;
  forward(): number;
  goto(ply: number): number;
  gotoEnd(): number;
  enterVariation(index: number): number;
  undo(): number;
  redo(): number;
  truncate(): number;
  delete(): number;
  promote(): number;
  comment: string;
  commentBefore: string;
  readonly nags: number[];
  addNag(nag: number): void;
  clearNags(): void;
}

export interface ReadPgnOptions extends PgnOptions {
  /** Leave bad games out instead of throwing. */
  skipErrors?: boolean;
  /** With skipErrors: receives the errors of the games left out. */
  errors?: XiangqiError[];
}

export interface BookEntry {
  move: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  weight: number;
  /** Permille for the side that played it, or -1. */
  score: number;
}

/** An opening book (the library's .xqb format). */
export class Book implements Owned {
  /** Build a book from game records (as xq_book_options). */
  static build(records: Iterable<Record>, options?: {
    maxPly?: number; minGames?: number; minScore?: number; weighting?: 'games' | 'results';
  }): Book;
  /** The book's bytes (an .xqb file). */
  toBytes(): Uint8Array;
  /** Throws XiangqiError (bad or truncated book) on bad bytes. */
  static fromBytes(bytes: ArrayBuffer | ArrayBufferView): Book;
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
  probe(board: Board): BookEntry[];
  pick(board: Board, seed?: number | bigint, options?: { best?: boolean; rules?: Rules }): string | null;
  readonly positionCount: number;
  readonly moveCount: number;
  readonly games: number;
}

/** Search limits; times in milliseconds. */
export interface Limits {
  depth?: number;
  nodes?: number | bigint;
  movetime?: number;
  redTime?: number;
  blackTime?: number;
  redInc?: number;
  blackInc?: number;
  movestogo?: number;
  moveOverhead?: number;
  infinite?: boolean;
  ponder?: boolean;
  /** Stop at a mate in this many moves. */
  mate?: number;
  /** Report the best N lines. */
  multipv?: number;
  /** 0 (weakest) .. 20 (full strength, the default). */
  skill?: number;
  seed?: number | bigint;
  searchmoves?: MoveLike[];
  banmoves?: MoveLike[];
  noBook?: boolean;
}

export type Score = { cp: number } | { mate: number };

export interface Info {
  depth: number;
  seldepth: number;
  multipv: number;
  score: Score;
  bound: 'exact' | 'lower' | 'upper';
  nodes: number;
  nps: number;
  /** Milliseconds since the start. */
  time: number;
  hashfull: number;
  pv: string[];
}

export interface SearchResult {
  bestMove: string | null;
  ponderMove: string | null;
  score: Score;
  depth: number;
  seldepth: number;
  nodes: number;
  nps: number;
  time: number;
  hashfull: number;
  pv: string[];
  bookMove: boolean;
}

/** The library's engine. */
export class Search implements Owned {
  constructor(options?: { threads?: number; hashMb?: number });
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
  setThreads(n: number): void;
  setHash(mb: number): void;
  setRules(rules?: Rules): void;
  setBook(book: Book | null): void;
  clear(): void;
  /** The evaluation: 'nnue' (the loaded or built-in net, the default) or 'classical' (hand-written; docs/nnue.md). */
  eval: 'classical' | 'nnue';
  setEval(kind: 'classical' | 'nnue'): void;
  /** Evaluate with a net file's bytes (copied); null forgets the loaded net. */
  loadNet(bytes: ArrayBuffer | ArrayBufferView | null): void;
  /** "CHECKSUM DESCRIPTION" of the net 'nnue' would use, or null. */
  netInfo(): string | null;
  /** The static evaluation with this search's evaluation (centipawns, side to move). */
  evaluate(board: Board): number;
  /** Search and wait; the limits must end the search. An onInfo that throws
   *  stops the search, and its error is thrown (start(): rejected) after it. */
  run(board: Board, limits: Limits, onInfo?: (info: Info) => void): SearchResult;
  /** Single-threaded module: searches before returning (stop() from onInfo or
   *  through setStopPoll()); threaded module: returns at once. */
  start(board: Board, limits?: Limits, onInfo?: (info: Info) => void): Promise<SearchResult>;
  stop(): void;
  ponderhit(): void;
  readonly running: boolean;
}

/** The engine in a Web Worker (a worker thread under Node). */
export class SearchWorker {
  /** book: an opening book's bytes (copied to the worker). */
  constructor(options?: { hashMb?: number; rules?: Rules; book?: ArrayBuffer | ArrayBufferView | null });
  /** Search fen (null: the start position) after moves (any notation). Node:
   *  the worker keeps the process alive only while it starts or searches. */
  start(fen: string | null, moves?: MoveLike[], limits?: Limits, onInfo?: (info: Info) => void):
    Promise<SearchResult & { terminated?: boolean }>;
  /** Stop the search: at once with SharedArrayBuffer, else by ending the worker
   *  (the result is then the last reported line, terminated: true). While the
   *  worker is still starting, the search answers with no move (bestMove null). */
  stop(): void;
  terminate(): void;
}

export interface FenProblem {
  code: number;
  codeName: string;
  message: string;
  /** Byte offset of the problem in the FEN, or -1. */
  offset: number;
}

/** Throw XiangqiError unless fen is a valid position. */
export function validateFen(fen: string): void;
/** Every problem of a FEN ([] when valid): a malformed FEN has one (the
 *  first), an impossible position one per impossibility, in board order. */
export function fenProblems(fen: string): FenProblem[];
/** Every game of a PGN text or bytes (the caller frees them). */
export function readPgn(text: string | ArrayBuffer | ArrayBufferView, options?: ReadPgnOptions): Record[];
/** perft of a FEN (the start position by default). */
export function perft(depth: number, fen?: string | null): number;
export function strerror(code: number): string;
/** Single-threaded module: stop a running search when fn() returns true (polled
 *  every thousand nodes or so; a poll that throws stops it too); null removes it. */
export function setStopPoll(fn: (() => boolean) | null): void;
export function parseSquare(square: Square): number;
export function squareName(square: number): string;
/** The class of a move in a game review, best to worst. */
export type MoveClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** Losses (centipawns, mover's view) from which a move that is not the
 *  engine's best is an inaccuracy, a mistake, a blunder, and the clamp of the
 *  values (xq_review_thresholds). Left out: the library's defaults (50, 100,
 *  300; lossCap 1000). Valid: 0 < inaccuracy <= mistake <= blunder,
 *  0 < lossCap <= MATE_VALUE. */
export interface ReviewThresholds {
  inaccuracy?: number;
  mistake?: number;
  blunder?: number;
  lossCap?: number;
}

/** Game review (xiangqi/review.h): values are centipawns, mates as
 *  ±(MATE_VALUE − N); throws XiangqiError (XQ_EINVAL) on bad input. */
export const review: {
  /** 30000: a mate in N is MATE_VALUE − N, being mated in N −MATE_VALUE + N. */
  readonly MATE_VALUE: number;
  /** The classes, best to worst. */
  readonly CLASSES: readonly MoveClass[];
  /** Each class's NAG: 6 ($6, ?!), 2 ($2, ?), 4 ($4, ??), 0 for none. */
  readonly NAGS: Readonly<{ [c in MoveClass]: number }>;
  /** Each class's symbol: '?!', '?', '??', '' for none. */
  readonly SYMBOLS: Readonly<{ [c in MoveClass]: string }>;
  /** The thresholds, the defaults filled in; throws when they are invalid. */
  thresholds(t?: ReviewThresholds): Required<ReviewThresholds>;
  /** A search's score as a value. */
  value(score: Score): number;
  /** '0.35', '-1.20', '#3' (mates in 3), '#-2'; sign: '+0.35'; pawns false: '35'. */
  valueText(value: number, options?: { sign?: boolean; pawns?: boolean }): string;
  /** The class and the loss (clamp(before) − clamp(after)) of a move from the
   *  values before and after it, both from the mover's view. */
  classify(before: number, after: number, isBest: boolean,
    thresholds?: ReviewThresholds): { class: MoveClass; loss: number };
  /** The class of a move from its loss. */
  classifyLoss(loss: number, isBest: boolean, thresholds?: ReviewThresholds): MoveClass;
};
/** Whether this is the threaded module. */
export const threaded: boolean;
/** The library's version: the package's (package.json), "MAJOR.MINOR.PATCH". */
export const version: string;
/** The emscripten module itself: the C API as _xq_* functions. */
export const module: any;

/** The API object of a module: the default export of "xiangqi" (with
 *  SearchWorker) and of "xiangqi/threads", and what init() of the CommonJS
 *  entries resolves to. */
export interface XiangqiApi {
  Board: typeof Board; Record: typeof Record; Book: typeof Book; Search: typeof Search;
  XiangqiError: typeof XiangqiError; Color: typeof Color; Notation: typeof Notation;
  NotationFlags: typeof NotationFlags; validateFen: typeof validateFen;
  fenProblems: typeof fenProblems; readPgn: typeof readPgn; perft: typeof perft;
  strerror: typeof strerror; setStopPoll: typeof setStopPoll; threaded: boolean;
  parseSquare: typeof parseSquare; squareName: typeof squareName; review: typeof review;
  version: string; module: any;
}

declare const api: XiangqiApi & { SearchWorker: typeof SearchWorker };
export default api;
