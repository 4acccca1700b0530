// SPDX-License-Identifier: MIT
// The JavaScript API of libxiangqi over one WebAssembly module (makeApi(M)):
// index.js binds it to the single-threaded module, threads.js to the threaded
// one. The shape follows the Python package (bindings/python/xiangqi), with
// JavaScript's camelCase names: Python's board.legal_moves is
// board.legalMoves(). Moves are ICCS strings ("h2e2") everywhere.
//
// Memory: every Board, Record, Search and Book owns C memory inside the
// module; the caller frees it with free() (or `using`, Symbol.dispose). A
// FinalizationRegistry frees what the garbage collector finds unfreed, but
// when is up to the engine: do not rely on it.

const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');

const ERROR_NAMES = {
  [-1]: 'XQ_EINVAL', [-2]: 'XQ_ENOMEM', [-3]: 'XQ_EPARSE', [-4]: 'XQ_EILLEGAL',
  [-5]: 'XQ_ESTATE', [-6]: 'XQ_EVERSION', [-7]: 'XQ_EBUFS', [-8]: 'XQ_EIO',
  [-9]: 'XQ_EPOSITION', [-10]: 'XQ_EAMBIGUOUS', [-11]: 'XQ_ENOTFOUND',
};

/** The library's error: message, code (an XQ_E* number) and codeName. */
export class XiangqiError extends Error {
  constructor(message, code, detail = {}) {
    super(message);
    this.name = 'XiangqiError';
    this.code = code;
    this.codeName = ERROR_NAMES[code] ?? 'XQ_E' + code;
    Object.assign(this, detail);
  }
}

const EINVAL = -1, ESTATE = -5;

// ---- argument checks ----
// One helper for every public entry point (SearchWorker's too): each check
// returns the value it accepts, else throws XiangqiError XQ_EINVAL naming the
// function, the argument and what it got ("perft: depth must be an integer,
// not 2.5"). Nothing is coerced: "3" is not 3, 2.5 is not 2, null is not "".
// Integers stay within the C type, so that nothing wraps on its way into the
// module; ranges narrower than the type are the library's to check.
const INT32_MIN = -2147483648, INT32_MAX = 2147483647;
function describe(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return 'an array';
  if (v === null || typeof v !== 'object') return String(v);
  const name = Object.getPrototypeOf(v)?.constructor?.name;
  return !name || name === 'Object' ? 'an object' : `a ${name}`;
}
export const need = {
  /** Throw: `${what} must be ${expected}, not ${v}`. */
  fail(what, expected, v) {
    throw new XiangqiError(`${what} must be ${expected}, not ${describe(v)}`, EINVAL);
  },
  int(v, what, min = INT32_MIN, max = INT32_MAX) {
    if (typeof v !== 'number' || !Number.isInteger(v)) need.fail(what, 'an integer', v);
    if (v < min || v > max) need.fail(what, `an integer from ${min} to ${max}`, v);
    return v;
  },
  /** An unsigned 64-bit integer: a safe integer or a BigInt; returned as a BigInt. */
  uint64(v, what) {
    if (typeof v !== 'bigint' && !(typeof v === 'number' && Number.isInteger(v))) need.fail(what, 'an integer', v);
    if (v < 0 || v >= 2 ** 64 || (typeof v === 'number' && !Number.isSafeInteger(v)))
      need.fail(what, 'an integer from 0 to 2**64 - 1 (beyond 2**53 - 1: a BigInt)', v);
    return BigInt(v);
  },
  bool(v, what) { return typeof v === 'boolean' ? v : need.fail(what, 'a boolean', v); },
  string(v, what) { return typeof v === 'string' ? v : need.fail(what, 'a string', v); },
  /** A string, or null/undefined (given as null). */
  optString(v, what) {
    return v === undefined || v === null ? null : typeof v === 'string' ? v : need.fail(what, 'a string or null', v);
  },
  /** A function, or null/undefined (given as null). */
  optFunction(v, what) {
    return v === undefined || v === null ? null
      : typeof v === 'function' ? v : need.fail(what, 'a function or null', v);
  },
  array(v, what) { return Array.isArray(v) ? v : need.fail(what, 'an array', v); },
  /** Bytes: an ArrayBuffer or a typed array (a view), as a Uint8Array. */
  bytes(v, what) {
    if (v instanceof Uint8Array) return v;
    if (v instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer))
      return new Uint8Array(v);
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return need.fail(what, 'an ArrayBuffer or a typed array', v);
  },
  /** An options object (undefined and null: {}) whose keys are all in known. */
  options(v, what, known) {
    if (v === undefined || v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v)) need.fail(`${what}: options`, 'an object', v);
    for (const k of Object.keys(v)) {
      if (!known.includes(k))
        throw new XiangqiError(`${what}: unknown option "${k}" (known: ${known.join(', ')})`, EINVAL);
    }
    return v;
  },
};

export const Color = Object.freeze({ RED: 0, BLACK: 1 });
export const Notation = Object.freeze({ AUTO: 0, ICCS: 1, WXF: 2, CHINESE: 3 });
export const NotationFlags = Object.freeze({
  XQBASE: 0x01, RANKS_1_10: 0x02, FULLWIDTH: 0x04, WXF_EQUALS: 0x08, WXF_PREFIX: 0x10,
  ASCII_DIGITS: 0x20, TRADITIONAL: 0x40, ICCS_UPPER: 0x80,
});
const RULESETS = { axf: 0, cxa: 1, simple: 2 };
const RESULTS = ['*', '1-0', '0-1', '1/2-1/2'];
const REASONS = ['none', 'checkmate', 'no_legal_move', 'repetition', 'perpetual_check',
  'perpetual_chase', 'perpetual_mate_threat', 'move_limit', 'insufficient_material'];
const ENCODINGS = { auto: 0, 'utf-8': 1, utf8: 1, gbk: 2, big5: 3, latin1: 4 };
const FEN_MAX = 128;
const MAX_MOVES = 128;
const TEXT_MAX = 24;
const BOOK_PICK_BEST = 0x01;
const FEN_PROBLEMS_MAX = 92; // XQ_FEN_PROBLEMS_MAX
const ATTACKERS_MAX = 16;   // more pieces than can attack one square
const POLL_MS = 5;           // threaded module: how often start() looks at a running search

function notationOf(n, dflt, what = 'notation') {
  if (n === undefined || n === null) return dflt;
  if (typeof n === 'number') return need.int(n, what, 0, 3);
  if (typeof n !== 'string')
    need.fail(what, "a Notation value or 'auto', 'iccs', 'wxf' or 'chinese'", n);
  const v = Notation[n.toUpperCase()];
  if (v === undefined) throw new XiangqiError(`${what}: unknown notation: ${n}`, EINVAL);
  return v;
}
const flagsOf = (f, what) => need.int(f, what, 0);

/** Make the API over a loaded emscripten module M. */
export function makeApi(M) {
  const L = {};
  for (let i = 0, n = M._xqjs_layout_count(); i < n; i++)
    L[M.UTF8ToString(M._xqjs_layout_name(i))] = M._xqjs_layout_offset(i);
  const threaded = M._xqjs_threaded() === 1;
  // Node: the threaded module's workers must not keep the process alive (a
  // running search keeps it alive through start()'s timer).
  const unrefThreads = () => {
    const P = M.PThread;
    if (!P || typeof process !== 'object') return;
    for (const w of [...P.unusedWorkers, ...P.runningWorkers]) w.unref?.();
  };
  unrefThreads();

  // ---- memory helpers ----
  // Views of the module's memory, made again when it has grown (another
  // thread of the threaded module may have grown it: Module.wasmMemory is the
  // one to ask there).
  const memory = M.wasmMemory ?? null;
  let views = null;
  function heap() {
    const buf = memory ? memory.buffer : M.HEAPU8.buffer;
    if (!views || views.buffer !== buf) {
      views = { buffer: buf, u8: new Uint8Array(buf), u16: new Uint16Array(buf),
        i32: new Int32Array(buf), u32: new Uint32Array(buf) };
    }
    return views;
  }
  const i32 = (p) => heap().i32[p >> 2];
  const u32 = (p) => heap().u32[p >> 2];
  const u16 = (p) => heap().u16[p >> 1];
  const u64 = (p) => heap().u32[p >> 2] + heap().u32[(p >> 2) + 1] * 4294967296;
  const setI32 = (p, v) => { heap().i32[p >> 2] = v; };
  const setU16 = (p, v) => { heap().u16[p >> 1] = v; };
  const setU64 = (p, v) => { // v: a BigInt from 0 to 2**64 - 1
    heap().u32[p >> 2] = Number(v & 0xffffffffn);
    heap().u32[(p >> 2) + 1] = Number(v >> 32n);
  };
  function alloc(size) {
    const p = M._malloc(size);
    if (!p) throw new XiangqiError('out of memory', -2);
    heap().u8.fill(0, p, p + size);
    return p;
  }
  function withAlloc(size, fn) {
    const p = alloc(size);
    try { return fn(p); } finally { M._free(p); }
  }
  function cstr(s) {
    s = String(s);
    const n = M.lengthBytesUTF8(s) + 1;
    const p = alloc(n);
    M.stringToUTF8(s, p, n);
    return p;
  }
  function withStr(s, fn) {
    const p = cstr(s);
    try { return fn(p); } finally { M._free(p); }
  }
  function withBytes(bytes, fn) {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const p = alloc(Math.max(1, u8.length));
    heap().u8.set(u8, p);
    try { return fn(p, u8.length); } finally { M._free(p); }
  }
  // A string a C function writes with snprintf semantics: grow until it fits.
  function readString(fn, cap = 256) {
    for (;;) {
      const n = withAlloc(cap, (buf) => {
        const r = fn(buf, cap);
        return r < 0 ? { err: r } : r < cap ? { s: M.UTF8ToString(buf, r) } : { need: r + 1 };
      });
      if (n.err !== undefined) return fail(n.err);
      if (n.s !== undefined) return n.s;
      cap = n.need;
    }
  }

  // ---- errors ----
  const strerror = (code) => M.UTF8ToString(M._xq_strerror(need.int(code, 'strerror: code')));
  function fail(code, context) {
    throw new XiangqiError(context ? `${context}: ${strerror(code)}` : strerror(code), code);
  }
  const check = (rc, context) => (rc < 0 ? fail(rc, context) : rc);
  // check(), saying what the state is when the library answers XQ_ESTATE
  // ("back: already at the start position", not "operation not allowed").
  const checkState = (rc, context, why) => {
    if (rc === ESTATE) throw new XiangqiError(`${context}: ${why}`, ESTATE);
    return check(rc, context);
  };
  const perr = alloc(L.parse_error);
  function parseError(rc, context) {
    const code = i32(perr + L['parse_error.code']) || rc;
    const msg = M.UTF8ToString(perr + L['parse_error.message']) || strerror(rc);
    return new XiangqiError(context ? `${context}: ${msg}` : msg, code, {
      offset: i32(perr + L['parse_error.offset']),
      line: i32(perr + L['parse_error.line']),
      column: i32(perr + L['parse_error.column']),
    });
  }
  function checkParse(rc, context) {
    if (rc < 0) throw parseError(rc, context);
    return rc;
  }
  function clearPerr() { heap().u8.fill(0, perr, perr + L.parse_error); }

  // ---- moves ----
  function moveText(m) {
    return withAlloc(8, (buf) => { check(M._xq_move_format(m, buf, 8)); return M.UTF8ToString(buf); });
  }
  // A move argument: text (ICCS, WXF, Chinese) or a move code; what names it.
  function moveArg(m, what) {
    if (typeof m === 'string' || (typeof m === 'number' && Number.isInteger(m) && m >= 0 && m <= 0xffff))
      return m;
    return need.fail(what, 'a string or a move code (an integer from 0 to 65535)', m);
  }
  function moveCode(text, what = 'move') {
    moveArg(text, what);
    if (typeof text === 'number') return text;
    return withAlloc(4, (out) => withStr(text, (p) => {
      check(M._xq_move_parse(p, out), `bad move "${text}"`);
      return u16(out);
    }));
  }

  // ---- ownership ----
  const registry = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ fn, ptr }) => fn(ptr)) : null;
  class Owned {
    _own(ptr, freeFn, what) {
      this._ptr = ptr;
      this._what = what;
      this._freeFn = freeFn;
      if (registry && freeFn) registry.register(this, { fn: freeFn, ptr }, this);
    }
    get ptr() {
      if (!this._ptr) throw new XiangqiError(`${this._what} was freed`, -5);
      return this._ptr;
    }
    /** Whether free() was called. */
    get freed() { return !this._ptr; }
    /** Free the C memory (a second call does nothing). */
    free() {
      if (!this._ptr) return;
      if (registry && this._freeFn) registry.unregister(this);
      if (this._freeFn) this._freeFn(this._ptr);
      this._ptr = 0;
    }
    [dispose]() { this.free(); }
  }

  // ---- rules ----
  // rules: a rule set's name or { ruleset, fold, ... }; what: the function.
  function rulesPtr(rules, p, what) {
    let r = rules ?? 'axf';
    if (typeof r === 'string') r = { ruleset: r };
    if (typeof r !== 'object' || Array.isArray(r))
      need.fail(`${what}: rules`, "a rule set name ('axf', 'cxa', 'simple') or an object", rules);
    const name = r.ruleset ?? 'axf';
    if (typeof name !== 'string') need.fail(`${what}: rules.ruleset`, "'axf', 'cxa' or 'simple'", name);
    const set = RULESETS[name.toLowerCase()];
    if (set === undefined) throw new XiangqiError(`${what}: unknown rule set: ${name}`, EINVAL);
    check(M._xq_rules_init(p, 1, set), 'rules');
    const fields = { fold: 'fold', plyLimit: 'ply_limit', checkCap: 'check_cap',
      mateThreatDepth: 'mate_threat_depth', insufficientMaterial: 'insufficient_material' };
    for (const [k, v] of Object.entries(r)) {
      if (k === 'ruleset') continue;
      if (!fields[k]) throw new XiangqiError(`${what}: unknown rule parameter: ${k}`, EINVAL);
      const x = k === 'insufficientMaterial' ? (need.bool(v, `${what}: rules.${k}`) ? 1 : 0)
        : need.int(v, `${what}: rules.${k}`);
      setI32(p + L['rules.' + fields[k]], x);
    }
    return p;
  }
  const withRules = (rules, fn, what) => withAlloc(L.rules, (p) => fn(rulesPtr(rules, p, what)));

  // ---- Board ----
  function newBoardPtr(fen) {
    need.optString(fen, 'Board: fen');
    clearPerr();
    return withAlloc(4, (out) => {
      const rc = fen === undefined || fen === null
        ? M._xq_board_new(out, 0, perr)
        : withStr(fen, (p) => M._xq_board_new(out, p, perr));
      checkParse(rc, 'bad FEN');
      return u32(out);
    });
  }

  /** A position and the moves played to reach it (xq_board). */
  class Board extends Owned {
    constructor(fen) {
      super();
      this._own(newBoardPtr(fen), M._xq_board_free, 'board');
    }
    static _adopt(ptr) {
      const b = Object.create(Board.prototype);
      b._own(ptr, M._xq_board_free, 'board');
      return b;
    }
    copy() {
      return Board._adopt(withAlloc(4, (out) => {
        check(M._xq_board_clone(out, this.ptr), 'copy');
        return u32(out);
      }));
    }
    fen() { return readString((b, n) => M._xq_board_fen(this.ptr, b, n), FEN_MAX); }
    setFen(fen) {
      need.string(fen, 'setFen: fen');
      clearPerr();
      withStr(fen, (p) => checkParse(M._xq_board_set_fen(this.ptr, p, perr), 'bad FEN'));
    }
    reset() { this.setFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'); }
    get turn() { return check(M._xq_board_side_to_move(this.ptr)); }
    /** The piece on a square (0..89 or "e0") as its FEN letter, or null. */
    pieceAt(square) {
      const p = check(M._xq_board_piece_at(this.ptr, squareArg(square, 'pieceAt: square')));
      return p === 0 ? null : String.fromCharCode(M._xq_piece_char(p));
    }
    /** Every piece: { square name: FEN letter }. */
    pieceMap() {
      const map = {};
      for (let sq = 0; sq < 90; sq++) {
        const p = this.pieceAt(sq);
        if (p) map[squareName(sq)] = p;
      }
      return map;
    }
    /** The square name of a side's general. */
    king(color) {
      const want = colorArg(color, 'king: color') === Color.BLACK ? 'k' : 'K';
      for (let sq = 0; sq < 90; sq++) if (this.pieceAt(sq) === want) return squareName(sq);
      return fail(-5, 'no general');
    }
    /** The squares (names) of color's pieces that attack a square: those that
     *  could move there if it held an enemy piece (xq_board_attackers). */
    attackers(color, square) {
      colorArg(color, 'attackers: color');
      const sq = squareArg(square, 'attackers: square');
      return withAlloc(4 * ATTACKERS_MAX, (buf) => {
        const n = check(M._xq_board_attackers(this.ptr, color, sq, buf, ATTACKERS_MAX), 'attackers');
        const out = [];
        for (let i = 0; i < Math.min(n, ATTACKERS_MAX); i++) out.push(squareName(i32(buf + 4 * i)));
        return out;
      });
    }
    /** The squares of the pieces that give check to the side to move. */
    checkers() {
      const turn = this.turn;
      return this.attackers(turn ^ 1, this.king(turn));
    }
    /** Whether a move takes an enemy piece (the squares only, as Python's is_capture). */
    isCapture(move) {
      const m = moveText(moveCode(move, 'isCapture: move'));
      const mover = this.pieceAt(m.slice(0, 2));
      const target = this.pieceAt(m.slice(2, 4));
      return mover !== null && target !== null &&
        (mover === mover.toUpperCase()) !== (target === target.toUpperCase());
    }
    /** Whether a legal move (any notation) checks the opponent. */
    givesCheck(move) {
      moveArg(move, 'givesCheck: move');
      const b = this.copy();
      try { b.push(move); return b.isCheck(); } finally { b.free(); }
    }
    get halfmoveClock() { return check(M._xq_board_halfmove_clock(this.ptr)); }
    get fullmoveNumber() { return check(M._xq_board_fullmove_number(this.ptr)); }
    get ply() { return check(M._xq_board_ply(this.ptr)); }
    /** The Zobrist key, a BigInt. */
    get zobristHash() {
      return BigInt.asUintN(64, M._xq_board_hash(this.ptr));
    }
    get repetitions() { return check(M._xq_board_repetitions(this.ptr)); }
    legalMoves() {
      return withAlloc(2 * MAX_MOVES, (buf) => {
        const n = check(M._xq_board_generate_moves(this.ptr, buf, MAX_MOVES));
        const out = [];
        for (let i = 0; i < n; i++) out.push(moveText(u16(buf + 2 * i)));
        return out;
      });
    }
    isLegal(move) {
      moveArg(move, 'isLegal: move'); // a wrong type throws; a malformed text is not legal
      let m;
      try { m = moveCode(move); } catch { return false; }
      return M._xq_board_is_legal(this.ptr, m) === 1;
    }
    /** The legal move a text names, in any notation (or the one given): ICCS. */
    parseMove(text, notation, flags = 0) {
      need.string(text, 'parseMove: text');
      const n = notationOf(notation, Notation.AUTO, 'parseMove: notation');
      flagsOf(flags, 'parseMove: flags');
      return withAlloc(4, (out) => withStr(text, (p) => {
        check(M._xq_board_move_from_text(this.ptr, p, n, flags, out), `move "${text}"`);
        return moveText(u16(out));
      }));
    }
    /** A legal move written in a notation (Chinese by default). */
    moveToText(move, notation, flags = 0) {
      const n = notationOf(notation, Notation.CHINESE, 'moveToText: notation');
      flagsOf(flags, 'moveToText: flags');
      const m = moveCode(move, 'moveToText: move');
      return readString((b, cap) => M._xq_board_move_to_text(this.ptr, m, n, flags, b, cap), TEXT_MAX);
    }
    chinese(move) { return this.moveToText(move, Notation.CHINESE); }
    wxf(move) { return this.moveToText(move, Notation.WXF); }
    iccs(move) { return this.moveToText(move, Notation.ICCS); }
    /** Play a move (ICCS, WXF or Chinese text, or a move code); returns it in ICCS. */
    push(move, notation) {
      moveArg(move, 'push: move');
      const iccs = typeof move === 'number' ? moveText(move)
        : this.parseMove(move, notationOf(notation, Notation.AUTO, 'push: notation'));
      check(M._xq_board_make_move(this.ptr, moveCode(iccs)), `move "${move}"`);
      return iccs;
    }
    /** Take back the last move; returns it in ICCS. */
    pop() {
      if (check(M._xq_board_history_size(this.ptr)) === 0)
        throw new XiangqiError('pop: no move to take back', ESTATE);
      return withAlloc(4, (out) => {
        check(M._xq_board_unmake_move(this.ptr, out), 'pop');
        return moveText(u16(out));
      });
    }
    peek() {
      const n = check(M._xq_board_history_size(this.ptr));
      return n ? this._historyMove(n - 1) : null;
    }
    _historyMove(i) {
      return withAlloc(8, (out) => {
        check(M._xq_board_history_move(this.ptr, i, out, out + 4));
        return moveText(u16(out));
      });
    }
    moveStack() {
      const n = check(M._xq_board_history_size(this.ptr));
      const out = [];
      for (let i = 0; i < n; i++) out.push(this._historyMove(i));
      return out;
    }
    isCheck() { return check(M._xq_board_in_check(this.ptr)) === 1; }
    /** xq_board_status: { status: 'ongoing'|..., reason }. */
    _status() {
      return withAlloc(4, (r) => [check(M._xq_board_status(this.ptr, r)), i32(r)]);
    }
    isCheckmate() { return this._status()[1] === 1; }
    isStalemate() { return this._status()[1] === 2; }
    /** The game's outcome under a rule set ('axf' default, 'cxa', 'simple' or an
     *  object { ruleset, fold, plyLimit, checkCap, mateThreatDepth,
     *  insufficientMaterial }), or null while the game goes on. */
    outcome(rules) { return this._outcome(rules, 'outcome'); }
    _outcome(rules, what) {
      return withRules(rules, (rp) => withAlloc(L.outcome, (o) => {
        check(M._xq_board_outcome(this.ptr, rp, o), 'outcome');
        const result = i32(o + L['outcome.result']);
        if (result === 0) return null;
        const atFault = i32(o + L['outcome.at_fault']);
        return {
          result: RESULTS[result],
          winner: result === 1 ? Color.RED : result === 2 ? Color.BLACK : null,
          reason: REASONS[i32(o + L['outcome.reason'])],
          atFault: atFault < 0 ? null : atFault,
          repetitions: i32(o + L['outcome.repetitions']),
          cycleStart: i32(o + L['outcome.cycle_start']),
          cyclePlies: i32(o + L['outcome.cycle_plies']),
          cycle: [i32(o + L['outcome.cycle']), i32(o + L['outcome.cycle'] + 4)],
          chasing: squares(o, 'chasing'),
          chased: squares(o, 'chased'),
          limitCount: i32(o + L['outcome.limit_count']),
          limitPlies: i32(o + L['outcome.limit_plies']),
          description: readString((b, n) => M._xq_outcome_format(o, b, n)),
        };
      }), what);
    }
    isGameOver(rules) { return this._outcome(rules, 'isGameOver') !== null; }
    bannedMoves(rules) {
      return withRules(rules, (rp) => withAlloc(2 * MAX_MOVES, (buf) => {
        const n = check(M._xq_board_banned_moves(this.ptr, rp, buf, MAX_MOVES));
        const out = [];
        for (let i = 0; i < n; i++) out.push(moveText(u16(buf + 2 * i)));
        return out;
      }), 'bannedMoves');
    }
    isBanned(move, rules) {
      const m = moveCode(move, 'isBanned: move');
      return withRules(rules, (rp) => check(M._xq_board_move_banned(this.ptr, rp, m)) === 1, 'isBanned');
    }
    perft(depth) {
      need.int(depth, 'perft: depth');
      return withAlloc(8, (out) => { check(M._xq_perft(this.ptr, depth, out), 'perft'); return u64(out); });
    }
    perftDivide(depth) {
      need.int(depth, 'perftDivide: depth');
      return withAlloc(2 * MAX_MOVES + 8 * MAX_MOVES, (buf) => {
        const counts = buf + 2 * MAX_MOVES;
        const n = check(M._xq_perft_divide(this.ptr, depth, buf, counts, MAX_MOVES), 'perft');
        const out = {};
        for (let i = 0; i < n; i++) out[moveText(u16(buf + 2 * i))] = u64(counts + 8 * i);
        return out;
      });
    }
    /** The static evaluation in centipawns, from the side to move's view. */
    evaluate() {
      return withAlloc(4, (out) => { check(M._xq_evaluate(this.ptr, out)); return i32(out); });
    }
    /** An SVG picture: { size, flip, coordinates, glyphs, lastMove, showCheck, arrows }. */
    svg(options) {
      const opt = need.options(options, 'svg',
        ['size', 'flip', 'coordinates', 'glyphs', 'lastMove', 'showCheck', 'arrows']);
      const w = (k) => `svg: options.${k}`;
      return withAlloc(L.svg_options, (o) => {
        check(M._xq_svg_options_init(o, 1), 'svg');
        for (const k of ['size', 'coordinates', 'glyphs'])
          if (opt[k] !== undefined) setI32(o + L['svg_options.' + k], need.int(opt[k], w(k)));
        if (opt.flip !== undefined) setI32(o + L['svg_options.flip'], need.bool(opt.flip, w('flip')) ? 1 : 0);
        if (opt.lastMove === null) setI32(o + L['svg_options.show_last_move'], 0);
        else if (opt.lastMove !== undefined) setU16(o + L['svg_options.last_move'], moveCode(opt.lastMove, w('lastMove')));
        if (opt.showCheck !== undefined)
          setI32(o + L['svg_options.show_check'], need.bool(opt.showCheck, w('showCheck')) ? 1 : 0);
        const arrows = opt.arrows === undefined ? [] : need.array(opt.arrows, w('arrows'));
        return withAlloc(2 * Math.max(1, arrows.length), (a) => {
          arrows.forEach((m, i) => setU16(a + 2 * i, moveCode(m, w('arrows') + `[${i}]`)));
          heap().u32[(o + L['svg_options.arrows']) >> 2] = a;
          setI32(o + L['svg_options.arrow_count'], arrows.length);
          return readString((b, n) => M._xq_board_svg(this.ptr, o, b, n), 65536);
        });
      });
    }
    toString() { return this.fen(); }
  }

  function squares(o, name) {
    const n = i32(o + L['outcome.n' + name]);
    const out = [];
    for (let i = 0; i < n; i++) out.push(squareName(i32(o + L['outcome.' + name] + 4 * i)));
    return out;
  }

  // A Board of this module (a board of the other module lives in another memory).
  function boardPtr(b, what = 'board') {
    if (!(b instanceof Board)) {
      if (b !== null && typeof b === 'object' && typeof b.fen === 'function')
        throw new XiangqiError(`${what}: not a Board of this module`, EINVAL);
      need.fail(what, 'a Board', b);
    }
    return b.ptr;
  }

  // A square: a name ("e0") or 0..89; what names the argument.
  function squareArg(sq, what) {
    if (typeof sq === 'number') {
      if (!Number.isInteger(sq)) need.fail(what, 'a square name ("e0") or an integer from 0 to 89', sq);
      return need.int(sq, what, 0, 89);
    }
    if (typeof sq !== 'string') need.fail(what, 'a square name ("e0") or an integer from 0 to 89', sq);
    const m = /^([a-i])([0-9])$/.exec(sq);
    if (!m) throw new XiangqiError(`${what}: bad square "${sq}"`, EINVAL);
    return (m[2].charCodeAt(0) - 48) * 9 + (m[1].charCodeAt(0) - 97);
  }
  function colorArg(c, what) {
    return c === 0 || c === 1 ? c : need.fail(what, 'Color.RED (0) or Color.BLACK (1)', c);
  }
  const parseSquare = (sq) => squareArg(sq, 'parseSquare: square');
  function squareName(sq) {
    need.int(sq, 'squareName: square', 0, 89);
    return String.fromCharCode(97 + (sq % 9)) + Math.floor(sq / 9);
  }

  /** Throw the library's error unless fen is a valid position. */
  function validateFen(fen) {
    need.string(fen, 'validateFen: fen');
    clearPerr();
    withStr(fen, (p) => checkParse(M._xq_fen_validate(p, perr), 'bad FEN'));
  }
  /** Every problem of a FEN ([] when it is valid): a malformed FEN has one,
   *  an impossible position one per impossibility (xq_fen_problems()). */
  function fenProblems(fen) {
    need.string(fen, 'fenProblems: fen');
    const size = L.parse_error;
    return withAlloc(size * FEN_PROBLEMS_MAX, (list) => withStr(fen, (p) => {
      const n = check(M._xq_fen_problems(p, list, FEN_PROBLEMS_MAX), 'FEN');
      const out = [];
      for (let i = 0; i < Math.min(n, FEN_PROBLEMS_MAX); i++) {
        const e = list + i * size;
        const code = i32(e + L['parse_error.code']);
        out.push({
          code, codeName: ERROR_NAMES[code], message: M.UTF8ToString(e + L['parse_error.message']),
          offset: i32(e + L['parse_error.offset']),
        });
      }
      return out;
    }));
  }

  // ---- PGN options ----
  const PGN_OPTIONS = ['notation', 'flags', 'lineWidth', 'variations', 'comments', 'encoding'];
  // opt: checked by the caller (need.options); what: the function.
  function pgnOptions(opt, p, what) {
    const w = (k) => `${what}: ${k}`;
    check(M._xq_pgn_options_init(p, 2), 'PGN options');
    if (opt.notation !== undefined)
      setI32(p + L['pgn_options.notation'], notationOf(opt.notation, 0, w('notation')));
    if (opt.flags !== undefined) setI32(p + L['pgn_options.flags'], flagsOf(opt.flags, w('flags')));
    if (opt.lineWidth !== undefined) setI32(p + L['pgn_options.line_width'], need.int(opt.lineWidth, w('lineWidth')));
    if (opt.variations !== undefined)
      setI32(p + L['pgn_options.variations'], need.bool(opt.variations, w('variations')) ? 1 : 0);
    if (opt.comments !== undefined)
      setI32(p + L['pgn_options.comments'], need.bool(opt.comments, w('comments')) ? 1 : 0);
    if (opt.encoding !== undefined) {
      const e = typeof opt.encoding === 'string' ? ENCODINGS[opt.encoding.toLowerCase()] : undefined;
      if (e === undefined) {
        throw new XiangqiError(`${w('encoding')}: unknown encoding: ${describe(opt.encoding)} (known: ${
          Object.keys(ENCODINGS).join(', ')})`, EINVAL);
      }
      setI32(p + L['pgn_options.encoding'], e);
    }
    return p;
  }
  const withPgnOptions = (opt, fn, what) => withAlloc(L.pgn_options, (p) => fn(pgnOptions(opt, p, what)));

  // ---- Record ----
  function newRecordPtr(fen) {
    need.optString(fen, 'Record: fen');
    clearPerr();
    return withAlloc(4, (out) => {
      const rc = fen === undefined || fen === null
        ? M._xq_record_new(out, 0, perr)
        : withStr(fen, (p) => M._xq_record_new(out, p, perr));
      checkParse(rc, 'bad FEN');
      return u32(out);
    });
  }

  /** A game record with variations, comments and tags (xq_record); a cursor
   *  walks its tree. */
  class Record extends Owned {
    constructor(fen) {
      super();
      this._own(newRecordPtr(fen), M._xq_record_free, 'record');
    }
    static _adopt(ptr) {
      const r = Object.create(Record.prototype);
      r._own(ptr, M._xq_record_free, 'record');
      return r;
    }
    /** The first game of a PGN text. */
    static fromPgn(text, options) {
      need.string(text, 'fromPgn: text');
      const opt = need.options(options, 'fromPgn', PGN_OPTIONS);
      const r = new Record();
      try {
        clearPerr();
        withPgnOptions(opt, (o) => withBytes(new TextEncoder().encode(text), (p, n) =>
          checkParse(M._xq_record_from_pgn(r.ptr, p, n, o, perr), 'bad PGN')), 'fromPgn');
        return r;
      } catch (e) { r.free(); throw e; }
    }
    copy() {
      return Record._adopt(withAlloc(4, (out) => { check(M._xq_record_clone(out, this.ptr)); return u32(out); }));
    }
    pgn(options) {
      const opt = need.options(options, 'pgn', PGN_OPTIONS);
      return withPgnOptions(opt, (o) => readString((b, n) => M._xq_record_to_pgn(this.ptr, o, b, n), 4096), 'pgn');
    }
    tag(name) {
      need.string(name, 'tag: name');
      try {
        return withStr(name, (p) => readString((b, n) => M._xq_record_tag(this.ptr, p, b, n)));
      } catch (e) { if (e.code === -11) return null; throw e; }
    }
    setTag(name, value) {
      need.string(name, 'setTag: name');
      need.string(value, 'setTag: value');
      withStr(name, (n) => withStr(value, (v) => check(M._xq_record_set_tag(this.ptr, n, v), 'tag')));
    }
    /** Every tag: { name: value }, in the record's order. */
    tags() {
      const out = {};
      const n = check(M._xq_record_tag_count(this.ptr));
      for (let i = 0; i < n; i++)
        out[readString((b, c) => M._xq_record_tag_name(this.ptr, i, b, c))] =
          readString((b, c) => M._xq_record_tag_value(this.ptr, i, b, c));
      return out;
    }
    startFen() { return readString((b, n) => M._xq_record_start_fen(this.ptr, b, n), FEN_MAX); }
    /** A copy of the position at the cursor (the caller frees it). */
    board() {
      const p = M._xq_record_board(this.ptr);
      if (!p) fail(-1, 'record');
      return Board._adopt(withAlloc(4, (out) => { check(M._xq_board_clone(out, p)); return u32(out); }));
    }
    /** The FEN at the cursor. */
    fen() {
      const p = this.board();
      try { return p.fen(); } finally { p.free(); }
    }
    get ply() { return check(M._xq_record_ply(this.ptr)); }
    _moves(sizeFn, getFn) {
      const n = check(sizeFn(this.ptr));
      return withAlloc(4, (out) => {
        const list = [];
        for (let i = 0; i < n; i++) { check(getFn(this.ptr, i, out)); list.push(moveText(u16(out))); }
        return list;
      });
    }
    mainline() { return this._moves(M._xq_record_mainline_size, M._xq_record_mainline_move); }
    line() { return this._moves(M._xq_record_line_size, M._xq_record_line_move); }
    /** The moves that continue from the cursor: the main one first. */
    variations() { return this._moves(M._xq_record_variation_count, M._xq_record_variation_move); }
    /** Play a move at the cursor (any notation): a new variation when it differs
     *  from the existing continuations. Returns it in ICCS. */
    play(move, notation, flags = 0) {
      moveArg(move, 'play: move');
      const n = notationOf(notation, Notation.AUTO, 'play: notation');
      flagsOf(flags, 'play: flags');
      if (typeof move === 'number') { check(M._xq_record_play(this.ptr, move), 'play'); return moveText(move); }
      const m = withAlloc(4, (out) => withStr(move, (p) => {
        check(M._xq_board_move_from_text(M._xq_record_board(this.ptr), p, n, flags, out),
          `move "${move}"`);
        return u16(out);
      }));
      check(M._xq_record_play(this.ptr, m), `move "${move}"`);
      return moveText(m);
    }
    back() { return checkState(M._xq_record_back(this.ptr), 'back', 'already at the start position'); }
    forward() { return checkState(M._xq_record_forward(this.ptr), 'forward', 'no move after the cursor'); }
    goto(ply) {
      need.int(ply, 'goto: ply');
      const rc = M._xq_record_goto(this.ptr, ply);
      if (rc === EINVAL) {
        const n = check(M._xq_record_line_size(this.ptr));
        throw new XiangqiError(`goto: no ply ${ply} on the current line (0 to ${n})`, EINVAL);
      }
      return check(rc, 'goto');
    }
    gotoEnd() { return check(M._xq_record_goto_end(this.ptr), 'goto end'); }
    enterVariation(i) {
      need.int(i, 'enterVariation: index');
      const rc = M._xq_record_enter_variation(this.ptr, i);
      if (rc === EINVAL) {
        const n = check(M._xq_record_variation_count(this.ptr));
        throw new XiangqiError(`enterVariation: no continuation ${i} here (${n} continuation${n === 1 ? '' : 's'}: ` +
          `index 0 to ${n - 1})`, EINVAL);
      }
      return check(rc, 'variation');
    }
    undo() { return checkState(M._xq_record_undo(this.ptr), 'undo', 'no move to undo at the start position'); }
    redo() { return checkState(M._xq_record_redo(this.ptr), 'redo', 'nothing to redo here'); }
    truncate() { return check(M._xq_record_truncate(this.ptr), 'truncate'); }
    delete() { return checkState(M._xq_record_delete(this.ptr), 'delete', 'no move to delete at the start position'); }
    promote() { return check(M._xq_record_promote(this.ptr), 'promote'); }
    get comment() { return readString((b, n) => M._xq_record_comment(this.ptr, b, n)); }
    set comment(text) {
      withStr(need.optString(text, 'comment') ?? '', (p) => check(M._xq_record_set_comment(this.ptr, p), 'comment'));
    }
    get commentBefore() { return readString((b, n) => M._xq_record_comment_before(this.ptr, b, n)); }
    set commentBefore(text) {
      withStr(need.optString(text, 'commentBefore') ?? '',
        (p) => check(M._xq_record_set_comment_before(this.ptr, p), 'comment'));
    }
    get nags() {
      const n = check(M._xq_record_nag_count(this.ptr));
      const out = [];
      for (let i = 0; i < n; i++) out.push(check(M._xq_record_nag(this.ptr, i)));
      return out;
    }
    addNag(nag) { check(M._xq_record_add_nag(this.ptr, need.int(nag, 'addNag: nag')), 'NAG'); }
    clearNags() { check(M._xq_record_clear_nags(this.ptr)); }
  }

  /** Every game of a PGN text (a string or bytes in any encoding the library
   *  reads) as Records (the caller frees them). A bad game throws, unless
   *  opt.skipErrors: then it is left out and listed in the errors array given
   *  as opt.errors. */
  function readPgn(text, options) {
    const opt = need.options(options, 'readPgn', [...PGN_OPTIONS, 'skipErrors', 'errors']);
    if (opt.skipErrors !== undefined) need.bool(opt.skipErrors, 'readPgn: skipErrors');
    if (opt.errors !== undefined) need.array(opt.errors, 'readPgn: errors');
    const data = typeof text === 'string' ? new TextEncoder().encode(text)
      : text instanceof ArrayBuffer || ArrayBuffer.isView(text) ? need.bytes(text, 'readPgn: text')
        : need.fail('readPgn: text', 'a string, an ArrayBuffer or a typed array', text);
    const games = [];
    withPgnOptions(opt, (o) => withBytes(data, (p, n) => withAlloc(4, (out) => {
      clearPerr();
      checkParse(M._xq_pgn_reader_open_memory(out, p, n, o, perr), 'PGN');
      const rd = u32(out);
      try {
        for (;;) {
          const rec = new Record();
          clearPerr();
          const rc = M._xq_pgn_reader_next(rd, rec.ptr, perr);
          if (rc === 1) { games.push(rec); continue; }
          rec.free();
          if (rc === 0) break;
          const e = parseError(rc, 'bad PGN');
          if (!opt.skipErrors) throw e;
          opt.errors?.push(e);
          if (e.code === -8 || e.code === -2) break;
        }
      } catch (e) {
        games.forEach((g) => g.free());
        throw e;
      } finally {
        M._xq_pgn_reader_free(rd);
      }
    })), 'readPgn');
    return games;
  }

  // ---- Book ----
  /** An opening book, read from bytes (ArrayBuffer or Uint8Array). */
  class Book extends Owned {
    /** A book built from game records: { maxPly, minGames, minScore, weighting }
     *  as the library's xq_book_options (weighting: 'games' or 'results'). */
    static build(records, options) {
      const recs = typeof records?.[Symbol.iterator] === 'function' && typeof records !== 'string'
        ? [...records] : null;
      if (!recs || recs.some((r) => !(r instanceof Record)))
        need.fail('build: records', 'an iterable of Records', records);
      const opt = need.options(options, 'build', ['maxPly', 'minGames', 'minScore', 'weighting']);
      const ptr = withAlloc(L.book_options, (o) => withAlloc(4, (out) => {
        check(M._xq_book_options_init(o, 1), 'book options');
        const f = { maxPly: 'max_ply', minGames: 'min_games', minScore: 'min_score' };
        for (const [k, c] of Object.entries(f))
          if (opt[k] !== undefined) setI32(o + L['book_options.' + c], need.int(opt[k], `build: options.${k}`));
        if (opt.weighting !== undefined) {
          const w = { games: 0, results: 1 }[opt.weighting];
          if (w === undefined || typeof opt.weighting !== 'string')
            throw new XiangqiError(`build: unknown weighting: ${describe(opt.weighting)} ('games' or 'results')`, EINVAL);
          setI32(o + L['book_options.weighting'], w);
        }
        check(M._xq_book_builder_new(out, o), 'book');
        const bld = u32(out);
        try {
          for (const r of recs) check(M._xq_book_builder_add_record(bld, r.ptr), 'book');
          check(M._xq_book_builder_finish(bld, out), 'book');
          return u32(out);
        } finally {
          M._xq_book_builder_free(bld);
        }
      }));
      return Book._adopt(ptr);
    }
    /** The book's bytes (the .xqb file), a copy. */
    toBytes() {
      return withAlloc(4, (sz) => {
        const p = M._xq_book_data(this.ptr, sz);
        if (!p) fail(-1, 'book');
        return heap().u8.slice(p, p + u32(sz));
      });
    }
    static fromBytes(bytes) {
      // The library borrows the bytes: a copy in the module's memory lives
      // as long as the book.
      const u8 = need.bytes(bytes, 'fromBytes: bytes');
      const data = alloc(Math.max(1, u8.length));
      heap().u8.set(u8, data);
      let ptr;
      try {
        clearPerr();
        ptr = withAlloc(4, (out) => {
          checkParse(M._xq_book_open_memory(out, data, u8.length, perr), 'bad book');
          return u32(out);
        });
      } catch (e) {
        M._free(data);
        throw e;
      }
      return Book._adopt(ptr, (p) => { M._xq_book_free(p); M._free(data); });
    }
    static _adopt(ptr, freeFn = M._xq_book_free) {
      const b = Object.create(Book.prototype);
      b._own(ptr, freeFn, 'book');
      b._users = new Set(); // the searches that answer from it
      return b;
    }
    /** Free the book; the searches that answer from it stop doing so. */
    free() {
      for (const s of this._users ?? []) s.setBook(null);
      super.free();
    }
    /** The book's moves for a board, most weighted first:
     *  [{ move, games, wins, draws, losses, weight, score }]. */
    probe(board) {
      const size = L.book_entry;
      return withAlloc(size * MAX_MOVES, (buf) => {
        const n = check(M._xq_book_probe(this.ptr, boardPtr(board, 'probe: board'), buf, MAX_MOVES), 'probe');
        const out = [];
        for (let i = 0; i < n; i++) {
          const e = buf + i * size;
          out.push({
            move: moveText(u16(e + L['book_entry.move'])),
            games: u32(e + L['book_entry.games']), wins: u32(e + L['book_entry.wins']),
            draws: u32(e + L['book_entry.draws']), losses: u32(e + L['book_entry.losses']),
            weight: u32(e + L['book_entry.weight']), score: i32(e + L['book_entry.score']),
          });
        }
        return out;
      });
    }
    /** A move chosen by weight (seed: a number; the same seed, the same choice),
     *  or null when the book has none for the board. */
    pick(board, seed = 0, options) {
      const bp = boardPtr(board, 'pick: board');
      const s = need.uint64(seed, 'pick: seed');
      const { best = false, rules } = need.options(options, 'pick', ['best', 'rules']);
      need.bool(best, 'pick: options.best');
      return withRules(rules, (rp) => withAlloc(4, (out) => {
        const rc = M._xq_book_pick(this.ptr, bp, rp, s, best ? BOOK_PICK_BEST : 0, out);
        if (rc === -11) return null;
        check(rc, 'pick');
        const m = u16(out);
        return m ? moveText(m) : null;
      }), 'pick');
    }
    get positionCount() { return Number(M._xq_book_position_count(this.ptr)); }
    get moveCount() { return Number(M._xq_book_move_count(this.ptr)); }
    get games() { return Number(M._xq_book_games(this.ptr)); }
  }

  // ---- Search ----
  const LIMIT_FIELDS = {
    depth: 'depth', movetime: 'movetime_ms', redTime: 'red_time_ms', blackTime: 'black_time_ms',
    redInc: 'red_inc_ms', blackInc: 'black_inc_ms', movestogo: 'movestogo',
    moveOverhead: 'move_overhead_ms', mate: 'mate', multipv: 'multipv', skill: 'skill',
  };
  const LIMIT_FLAGS = { infinite: 'infinite', ponder: 'ponder', noBook: 'no_book' };
  // The limits checked (what: the function): integers, booleans and move
  // lists; a key whose value is undefined is left out.
  function checkLimits(limits, what) {
    if (limits === undefined || limits === null) return {};
    if (typeof limits !== 'object' || Array.isArray(limits)) need.fail(`${what}: limits`, 'an object', limits);
    const out = {};
    for (const [k, v] of Object.entries(limits)) {
      const w = `${what}: limits.${k}`;
      if (v === undefined) continue;
      if (LIMIT_FIELDS[k]) out[k] = need.int(v, w);
      else if (LIMIT_FLAGS[k]) out[k] = need.bool(v, w);
      else if (k === 'nodes' || k === 'seed') out[k] = need.uint64(v, w);
      else if (k === 'searchmoves' || k === 'banmoves') {
        const moves = v === null ? [] : need.array(v, w);
        if (moves.length > MAX_MOVES) throw new XiangqiError(`${w}: too many moves (${moves.length})`, EINVAL);
        out[k] = moves.map((m, i) => moveCode(m, `${w}[${i}]: move`));
      } else throw new XiangqiError(`${what}: unknown search limit: ${k}`, EINVAL);
    }
    return out;
  }
  // Checked limits (checkLimits) into the C struct at p.
  function limitsPtr(lim, p) {
    check(M._xq_search_limits_init(p, 2), 'limits');
    const base = 'search_limits.';
    for (const [k, v] of Object.entries(lim)) {
      if (LIMIT_FIELDS[k]) setI32(p + L[base + LIMIT_FIELDS[k]], v);
      else if (LIMIT_FLAGS[k]) setI32(p + L[base + LIMIT_FLAGS[k]], v ? 1 : 0);
      else if (k === 'nodes' || k === 'seed') setU64(p + L[base + k], v);
      else {
        v.forEach((m, i) => setU16(p + L[base + k] + 2 * i, m));
        setI32(p + L[base + 'n' + k], v.length);
      }
    }
    return p;
  }
  function readScore(p, prefix) {
    const kind = i32(p + L[prefix + 'score_kind']);
    const v = i32(p + L[prefix + 'score']);
    return kind === 1 ? { mate: v } : { cp: v };
  }
  function readPv(p, prefix) {
    const n = i32(p + L[prefix + 'pv_length']);
    const pv = [];
    for (let i = 0; i < n; i++) pv.push(moveText(u16(p + L[prefix + 'pv'] + 2 * i)));
    return pv;
  }
  function readInfo(p) {
    const f = 'search_info.';
    return {
      depth: i32(p + L[f + 'depth']), seldepth: i32(p + L[f + 'seldepth']),
      multipv: i32(p + L[f + 'multipv']), score: readScore(p, f),
      bound: ['exact', 'lower', 'upper'][i32(p + L[f + 'bound'])],
      nodes: u64(p + L[f + 'nodes']), nps: u64(p + L[f + 'nps']), time: u64(p + L[f + 'time_ms']),
      hashfull: i32(p + L[f + 'hashfull']), pv: readPv(p, f),
    };
  }
  function readResult(p) {
    const f = 'search_result.';
    const best = u16(p + L[f + 'best_move']);
    const ponder = u16(p + L[f + 'ponder_move']);
    return {
      bestMove: best ? moveText(best) : null, ponderMove: ponder ? moveText(ponder) : null,
      score: readScore(p, f), depth: i32(p + L[f + 'depth']), seldepth: i32(p + L[f + 'seldepth']),
      nodes: u64(p + L[f + 'nodes']), nps: u64(p + L[f + 'nps']), time: u64(p + L[f + 'time_ms']),
      hashfull: i32(p + L[f + 'hashfull']), pv: readPv(p, f),
      bookMove: i32(p + L[f + 'book_move']) === 1,
    };
  }

  // The single-threaded module calls Module.xqInfo(ptr) while it searches;
  // the running search's handler is here. A callback that throws stops the
  // search, and its error is thrown when the search has ended (never through
  // the C frames, which must unwind normally).
  let active = null; // { onInfo, search, error }
  M.xqInfo = (p) => {
    if (!active || !active.onInfo || active.error) return;
    try { active.onInfo(readInfo(p)); } catch (e) {
      active.error = e;
      M._xq_search_stop(active.search);
    }
  };

  /** The library's engine (xq_search). In the single-threaded module a search
   *  runs inside start()/run() on the calling thread: stop() works from the
   *  info callback, and from another thread through setStopFlag() (a
   *  SharedArrayBuffer); SearchWorker (worker.js) does that for a page. The
   *  threaded module searches on its own threads and start() returns at once. */
  // A number of search threads; the single-threaded module has one.
  function threadsArg(n, what) {
    need.int(n, what);
    if (!threaded && n > 1) {
      throw new XiangqiError(`${what}: the single-threaded module ('xiangqi') searches with one thread, ` +
        `not ${n}; more threads need the threaded module ('xiangqi/threads')`, EINVAL);
    }
    return n;
  }
  class Search extends Owned {
    constructor(options) {
      super();
      const { threads = 1, hashMb = 16 } = need.options(options, 'Search', ['threads', 'hashMb']);
      threadsArg(threads, 'Search: threads');
      need.int(hashMb, 'Search: hashMb', 0);
      const ptr = withAlloc(L.search_config, (cfg) => withAlloc(4, (out) => {
        check(M._xq_search_config_init(cfg, 1));
        setI32(cfg + L['search_config.threads'], threads);
        heap().u32[(cfg + L['search_config.hash_mb']) >> 2] = hashMb;
        check(M._xq_search_new(out, cfg), 'search');
        return u32(out);
      }));
      this._own(ptr, M._xq_search_free, 'search');
      unrefThreads();
      this._book = null;
      this._pending = null;
    }
    setThreads(n) {
      check(M._xq_search_set_threads(this.ptr, threadsArg(n, 'setThreads: n')), 'threads');
      unrefThreads();
    }
    setHash(mb) { check(M._xq_search_set_hash(this.ptr, need.int(mb, 'setHash: mb', 0)), 'hash'); }
    setRules(rules) {
      withRules(rules, (rp) => check(M._xq_search_set_rules(this.ptr, rp), 'rules'), 'setRules');
    }
    /** Answer from an opening book (kept by the search until changed; null: none). */
    setBook(book) {
      if (book !== null && book !== undefined && !(book instanceof Book))
        need.fail('setBook: book', 'a Book or null', book);
      check(M._xq_search_set_book(this.ptr, book ? book.ptr : 0), 'book');
      this._book?._users.delete(this);
      this._book = book ?? null;
      book?._users.add(this);
    }
    free() {
      if (this._busy) throw new XiangqiError('search: cannot free a search from its own callback', -5);
      this._book?._users.delete(this);
      this._book = null;
      super.free();
    }
    clear() { check(M._xq_search_clear(this.ptr), 'clear'); }
    /** The evaluation: 'nnue' (the net of loadNet(), else the one built into
     *  the library; a new search's when there is one) or 'classical'
     *  (hand-written). */
    get eval() { return check(M._xq_search_get_eval(this.ptr)) === 1 ? 'nnue' : 'classical'; }
    set eval(kind) { this.setEval(kind); }
    setEval(kind) {
      if (kind !== 'classical' && kind !== 'nnue')
        need.fail('eval', "'classical' or 'nnue'", kind);
      check(M._xq_search_set_eval(this.ptr, kind === 'nnue' ? 1 : 0), 'eval');
    }
    /** Evaluate with a net file's bytes (an ArrayBuffer or Uint8Array, copied);
     *  null forgets the loaded net. A bad net throws with the library's
     *  message and leaves the search as it was. */
    loadNet(bytes) {
      clearPerr();
      if (bytes === null || bytes === undefined) {
        checkParse(M._xq_search_load_net(this.ptr, 0, perr), 'net');
        return;
      }
      const u8 = need.bytes(bytes, 'loadNet: bytes');
      const data = alloc(Math.max(1, u8.length));
      try {
        heap().u8.set(u8, data);
        checkParse(M._xq_search_load_net_memory(this.ptr, data, u8.length, perr), 'net');
      } finally {
        M._free(data);
      }
    }
    /** "CHECKSUM DESCRIPTION" of the net 'nnue' would use, or null. */
    netInfo() {
      const n = M._xq_search_net_info(this.ptr, 0, 0);
      if (n === -11) return null;
      check(n, 'net');
      return withAlloc(n + 1, (buf) => {
        M._xq_search_net_info(this.ptr, buf, n + 1);
        return M.UTF8ToString(buf);
      });
    }
    /** The static evaluation of board with this search's evaluation
     *  (centipawns, side to move). */
    evaluate(board) {
      return withAlloc(4, (cp) => {
        check(M._xq_search_evaluate(this.ptr, boardPtr(board, 'evaluate: board'), cp), 'evaluate');
        return i32(cp);
      });
    }
    /** Search and wait (limits must end: depth, nodes or movetime). */
    run(board, limits, onInfo) {
      const lim = this._args(board, limits, onInfo, 'run');
      if (lim.infinite || lim.ponder || !(lim.depth || lim.nodes || lim.movetime ||
          lim.redTime !== undefined || lim.blackTime !== undefined || lim.mate))
        throw new XiangqiError('run: the limits never end the search (use start())', -1);
      return this._startSync(board, lim, onInfo);
    }
    // The arguments of run() and start(), checked: the limits (checkLimits).
    _args(board, limits, onInfo, what) {
      boardPtr(board, `${what}: board`);
      need.optFunction(onInfo, `${what}: onInfo`);
      return checkLimits(limits, what);
    }
    _startSync(board, lim, onInfo) {
      if (this._busy) throw new XiangqiError('search: a search is running on this handle', -5);
      return withAlloc(L.search_limits, (lp) => {
        limitsPtr(lim, lp);
        const prev = active;
        const mine = { onInfo: onInfo ?? null, search: this.ptr, error: null };
        const q = M._xqjs_queue_new();
        if (!q) fail(-2, 'search');
        active = mine;
        this._busy = true;
        try {
          check(M._xqjs_search_start(this.ptr, boardPtr(board), lp, q), 'search');
          const res = withAlloc(L.search_result, (rp) => {
            // Threaded module: blocks this thread (Node, a worker; a page's
            // main thread spins). Single-threaded: the search is over already.
            check(M._xq_search_wait(this.ptr, rp));
            return readResult(rp);
          });
          for (const i of drain(q)) if (!mine.error) { try { onInfo?.(i); } catch (e) { mine.error = e; } }
          if (mine.error) throw mine.error;
          return res;
        } finally {
          active = prev;
          this._busy = false;
          M._xqjs_queue_free(q);
        }
      });
    }
    /** Start a search; the promise gives the result. onInfo(info) gets the
     *  progress. Single-threaded module: the search runs before start() returns. */
    start(board, limits, onInfo) {
      let lim;
      try { lim = this._args(board, limits, onInfo, 'start'); } catch (e) { return Promise.reject(e); }
      if (!threaded) {
        try { return Promise.resolve(this._startSync(board, lim, onInfo)); } catch (e) { return Promise.reject(e); }
      }
      const q = M._xqjs_queue_new();
      if (!q) return Promise.reject(new XiangqiError('search: out of memory', -2));
      try {
        withAlloc(L.search_limits, (lp) => {
          limitsPtr(lim, lp);
          check(M._xqjs_search_start(this.ptr, boardPtr(board), lp, q), 'search');
        });
      } catch (e) { M._xqjs_queue_free(q); return Promise.reject(e); }
      const ptr = this._ptr;
      let error = null;
      const deliver = () => {
        for (const i of drain(q)) {
          if (error) continue;
          try { onInfo?.(i); } catch (e) { error = e; M._xq_search_stop(ptr); }
        }
      };
      // The queue is freed only when the search's threads are done with it.
      return new Promise((resolve, reject) => {
        let timer = null;
        const tick = () => {
          deliver();
          if (this._ptr === ptr && M._xq_search_running(ptr) === 1) {
            timer = setTimeout(tick, this._stopping ? 1 : POLL_MS);
            return;
          }
          this._stopping = false;
          let res = null;
          try {
            if (this._ptr === ptr) {
              res = withAlloc(L.search_result, (rp) => {
                check(M._xq_search_wait(ptr, rp));
                return readResult(rp);
              });
            }
            deliver();
          } catch (e) { error ??= e; }
          M._xqjs_queue_free(q);
          if (error) reject(error);
          else if (res) resolve(res);
          else reject(new XiangqiError('search was freed', -5));
        };
        timer = setTimeout(tick, 1);
        // stop(): look again at once, then every millisecond until it ended.
        this._kick = () => { clearTimeout(timer); timer = setTimeout(tick, 0); };
      });
    }
    stop() {
      if (!this._ptr) return;
      M._xq_search_stop(this._ptr);
      if (threaded && M._xq_search_running(this._ptr) === 1) {
        this._stopping = true;
        this._kick?.();
      }
    }
    ponderhit() { if (this._ptr) M._xq_search_ponderhit(this._ptr); }
    get running() { return this._ptr ? M._xq_search_running(this._ptr) === 1 : false; }
  }
  function* drain(q) {
    const p = alloc(L.search_info);
    try { while (M._xqjs_queue_take(q, p)) yield readInfo(p); } finally { M._free(p); }
  }

  /** Single-threaded module: the search stops when fn() returns true (called
   *  about every thousand nodes), e.g. () => Atomics.load(flags, 0) !== 0. */
  function setStopPoll(fn) {
    need.optFunction(fn, 'setStopPoll: fn');
    M.xqStopPoll = fn ? () => { try { return fn(); } catch { return true; } } : null;
  }

  // ---- game review (xiangqi/review.h) ----
  // The class of a move from the values around it, the classes' names, NAGs
  // and symbols, and the values' text: the library's, as the server's
  // review and xiangqi.tools.analyse (Python) have them.
  const VALUE_TEXT_SIGN = 0x01, VALUE_TEXT_CENTIPAWNS = 0x02, VALUE_TEXT_MAX = 16; // XQ_VALUE_TEXT_*
  const REVIEW_THRESHOLDS_VERSION = 1, SCORE_CP = 0, SCORE_MATE = 1;
  // A value or loss: any integer, clamped to 32 bits (a loss beyond is still a loss).
  const int32 = (x, what) => Math.max(INT32_MIN, Math.min(INT32_MAX, need.int(x, what, -Infinity, Infinity)));
  function reviewValue(score) {
    const mate = score && score.mate !== undefined;
    if (!score || (!mate && score.cp === undefined))
      throw new XiangqiError('review.value: not a score ({ cp } or { mate })', -1);
    return withAlloc(4, (out) => {
      check(M._xq_review_value(mate ? SCORE_MATE : SCORE_CP, int32(mate ? score.mate : score.cp, 'review.value'), out),
        'review.value');
      return i32(out);
    });
  }
  const classes = [];
  for (let c = 0, name; (name = M._xq_review_class_name(c)); c++) classes.push(M.UTF8ToString(name));
  // A C xq_review_thresholds from { inaccuracy, mistake, blunder, lossCap }
  // (each left out: the library's default); throws with the library's message.
  function thresholdsPtr(t, p) {
    check(M._xq_review_thresholds_init(p, REVIEW_THRESHOLDS_VERSION));
    if (t === undefined || t === null) return p;
    if (typeof t !== 'object' || Array.isArray(t)) need.fail('review: thresholds', 'an object', t);
    const f = { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder', lossCap: 'loss_cap' };
    for (const [k, v] of Object.entries(t)) {
      if (!f[k]) throw new XiangqiError(`review: unknown threshold: ${k}`, -1);
      if (v === undefined) continue;
      setI32(p + L['review_thresholds.' + f[k]], need.int(v, `review: ${k}`));
    }
    clearPerr();
    const rc = M._xq_review_thresholds_check(p, perr);
    if (rc < 0) throw parseError(rc, 'review');
    return p;
  }
  const review = Object.freeze({
    /** Mate in N is MATE_VALUE - N, being mated in N -MATE_VALUE + N. */
    MATE_VALUE: -reviewValue({ mate: 0 }),
    /** The classes, best to worst. */
    CLASSES: Object.freeze(classes.slice()),
    /** Each class's NAG (6, 2, 4; 0 for none). */
    NAGS: Object.freeze(Object.fromEntries(classes.map((c, i) => [c, M._xq_review_class_nag(i)]))),
    /** Each class's symbol ('?!', '?', '??'; '' for none). */
    SYMBOLS: Object.freeze(Object.fromEntries(classes.map(
      (c, i) => [c, M.UTF8ToString(M._xq_review_class_symbol(i))]))),
    /** The thresholds with the defaults for those left out, checked. */
    thresholds(t) {
      return withAlloc(L.review_thresholds, (p) => {
        thresholdsPtr(t, p);
        const g = (k) => i32(p + L['review_thresholds.' + k]);
        return { inaccuracy: g('inaccuracy'), mistake: g('mistake'), blunder: g('blunder'),
          lossCap: g('loss_cap') };
      });
    },
    /** A search's score ({ cp } or { mate }) as a value. */
    value: reviewValue,
    /** A value as text: '0.35', '-1.20', '#3', '#-2'; sign: '+0.35';
     *  pawns: false: centipawns ('35'). */
    valueText(v, options) {
      const { sign = false, pawns = true } = need.options(options, 'review.valueText', ['sign', 'pawns']);
      need.bool(sign, 'review.valueText: options.sign');
      need.bool(pawns, 'review.valueText: options.pawns');
      const flags = (sign ? VALUE_TEXT_SIGN : 0) | (pawns ? 0 : VALUE_TEXT_CENTIPAWNS);
      return withAlloc(VALUE_TEXT_MAX, (buf) => {
        const n = check(M._xq_review_value_text(int32(v, 'review.valueText: value'), flags, buf,
          VALUE_TEXT_MAX), 'review.valueText');
        return M.UTF8ToString(buf, n);
      });
    },
    /** The class and loss of a move from the values before and after it
     *  (the mover's view): { class, loss }. */
    classify(before, after, isBest, thresholds) {
      need.bool(isBest, 'review.classify: isBest');
      return withAlloc(L.review_thresholds + 4, (p) => {
        thresholdsPtr(thresholds, p);
        const out = p + L.review_thresholds;
        const c = check(M._xq_review_classify(int32(before, 'review.classify: before'),
          int32(after, 'review.classify: after'), isBest ? 1 : 0, p, out), 'review.classify');
        return { class: classes[c], loss: i32(out) };
      });
    },
    /** The class of a move from its loss and whether it was the best move. */
    classifyLoss(loss, isBest, thresholds) {
      need.bool(isBest, 'review.classifyLoss: isBest');
      return withAlloc(L.review_thresholds, (p) => {
        thresholdsPtr(thresholds, p);
        return classes[check(M._xq_review_classify_loss(int32(loss, 'review.classifyLoss: loss'),
          isBest ? 1 : 0, p), 'review.classifyLoss')];
      });
    },
  });

  /** perft of a FEN (the start position by default). */
  function perft(depth, fen) {
    need.int(depth, 'perft: depth');
    need.optString(fen, 'perft: fen');
    const b = new Board(fen);
    try { return b.perft(depth); } finally { b.free(); }
  }

  return {
    Board, Record, Book, Search, XiangqiError, Color, Notation, NotationFlags,
    validateFen, fenProblems, readPgn, perft, strerror, setStopPoll, threaded,
    parseSquare, squareName, review,
    version: M.UTF8ToString(M._xq_version_string()),
    module: M,
  };
}
