// SPDX-License-Identifier: MIT
// The engine through the JavaScript package: a legal move, info callbacks,
// MultiPV, limits and skill levels; stopping a search from another thread
// (SearchWorker; the threaded module's Search) within 50 ms; a Node script
// that searched exits by itself; the opening book from bytes, and a
// truncated book.
import test, { afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFile } from 'node:child_process';
import { xq, PACKAGE, sharedOr, thrown, keep, freeKept } from './common.mjs';

const { Board, Search, Book, Record, SearchWorker, XiangqiError } = xq;
afterEach(freeKept);

// A stop must end the search within this (the figure): in the best
// of STOP_TRIES tries, so that a busy machine (the suite runs beside other
// work) does not fail it; every try must end within STOP_MAX_MS.
const STOP_MS = 50;
const STOP_TRIES = 3;
const STOP_MAX_MS = 5000;

// Start a search with start(), stop it after 300 ms with stop(): the best
// stop-to-result time of STOP_TRIES tries, and the last result.
async function stopLatency(start, stop) {
  let best = Infinity;
  let result = null;
  for (let i = 0; i < STOP_TRIES && best >= STOP_MS; i++) {
    const pending = start();
    await new Promise((res) => setTimeout(res, 300));
    const t0 = performance.now();
    stop();
    result = await pending;
    const ms = performance.now() - t0;
    assert.ok(ms < STOP_MAX_MS, `a stop took ${ms.toFixed(0)} ms`);
    best = Math.min(best, ms);
  }
  return { best, result };
}

test('a search returns a legal move, with info callbacks', () => {
  const s = keep(new Search());
  const b = keep(new Board());
  const infos = [];
  const r = s.run(b, { depth: 5 }, (i) => infos.push(i));
  assert.ok(b.isLegal(r.bestMove), r.bestMove);
  assert.equal(r.depth, 5);
  assert.equal(r.pv[0], r.bestMove);
  assert.ok(r.nodes > 0);
  assert.ok('cp' in r.score);
  assert.ok(infos.length >= 5);
  assert.deepEqual(infos.map((i) => i.depth).slice(0, 3), [1, 2, 3]);
  // Deterministic with one thread and a depth limit, on a cleared handle.
  s.clear();
  const again = s.run(b, { depth: 5 });
  assert.equal(again.bestMove, r.bestMove);
  assert.equal(again.nodes, r.nodes);
});

test('MultiPV, node limits, searchmoves and skill levels', () => {
  const s = keep(new Search());
  const b = keep(new Board());
  const lines = new Map();
  s.run(b, { depth: 4, multipv: 3 }, (i) => { if (i.depth === 4) lines.set(i.multipv, i.pv[0]); });
  assert.deepEqual([...lines.keys()].sort(), [1, 2, 3]);
  assert.equal(new Set(lines.values()).size, 3);
  const n = s.run(b, { nodes: 20000 });
  assert.ok(n.nodes >= 20000 && n.nodes < 40000, `${n.nodes} nodes`);
  const only = s.run(b, { depth: 3, searchmoves: ['a3a4', 'b0c2'] });
  assert.ok(['a3a4', 'b0c2'].includes(only.bestMove));
  const ban = s.run(b, { depth: 3, banmoves: [only.bestMove] });
  assert.notEqual(ban.bestMove, only.bestMove);
  for (const skill of [0, 10, 20]) {
    const r = s.run(b, { depth: 3, skill, seed: 7 });
    assert.ok(b.isLegal(r.bestMove), `skill ${skill}`);
  }
  const mated = keep(new Board('3k5/R8/1N7/9/9/9/9/9/9/4K4 w'));
  mated.push('a8d8');
  assert.equal(s.run(mated, { depth: 3 }).bestMove, null);
  assert.equal(thrown(() => s.run(b, { depth: 3, bogus: 1 })).code, -1);
  assert.equal(thrown(() => s.run(b, { infinite: true })).code, -1);
  assert.equal(thrown(() => s.run(b, { depth: 1000 })).code, -1);
  assert.equal(thrown(() => s.run(b, { depth: 3, searchmoves: ['zz'] })).code, -3);
  // The single-threaded module searches with one thread (EINVAL, naming the
  // threaded module; test_validation.mjs has the messages).
  assert.equal(thrown(() => s.setThreads(2)).codeName, 'XQ_EINVAL');
  assert.equal(thrown(() => new Search({ threads: 2 })).codeName, 'XQ_EINVAL');
  assert.equal(s.run(b, { depth: 2 }).depth, 2);
});

test('a search stops from its info callback', async () => {
  const s = keep(new Search());
  const b = keep(new Board());
  const r = await s.start(b, { infinite: true }, (i) => { if (i.depth >= 4) s.stop(); });
  assert.ok(b.isLegal(r.bestMove));
  assert.ok(r.depth >= 4 && r.depth <= 5, `depth ${r.depth}`);
});

test('an info callback that throws stops the search; its error is thrown, the handle goes on', async () => {
  const s = keep(new Search());
  const b = keep(new Board());
  const boom = new Error('boom');
  assert.throws(() => s.run(b, { depth: 8 }, (i) => { if (i.depth === 2) throw boom; }), /boom/);
  await assert.rejects(s.start(b, { infinite: true }, () => { throw boom; }), /boom/);
  assert.equal(s.running, false);
  assert.ok(b.isLegal(s.run(b, { depth: 3 }).bestMove));
  assert.throws(() => s.run(b, { depth: 3 }, () => s.free()), /from its own callback/);
  assert.equal(s.freed, false);
});

test(`SearchWorker: a worker searches and stops within ${STOP_MS} ms`, async () => {
  const w = new SearchWorker({ hashMb: 8 });
  try {
    let infos = 0;
    const { best, result: r } = await stopLatency(
      () => w.start(null, ['h2e2', 'h9g7'], { infinite: true }, () => infos++), () => w.stop());
    assert.ok(best < STOP_MS, `stopped after ${best.toFixed(1)} ms at best`);
    assert.ok(infos > 0);
    assert.ok(r.time > 0 && r.depth > 0);
    assert.ok(!r.terminated);
    const b = keep(new Board());
    b.push('h2e2');
    b.push('h9g7');
    assert.ok(b.isLegal(r.bestMove), r.bestMove);
    const second = await w.start('3k5/R8/1N7/9/9/9/9/9/9/4K4 w', [], { depth: 6 });
    assert.equal(second.score.mate, 1);
    const mate = keep(new Board('3k5/R8/1N7/9/9/9/9/9/9/4K4 w'));
    mate.push(second.bestMove);
    assert.ok(mate.legalMoves().length === 0, second.bestMove); // mated or stalemated: lost
    await assert.rejects(w.start('bad fen', [], { depth: 1 }), (e) => e.code === -3);
    const third = await w.start(null, [], { depth: 2 });   // still usable
    assert.ok(third.bestMove);
  } finally {
    w.terminate();
  }
});

// Run a module script in a child Node; its exit code, output and time. A
// child that has not exited after EXIT_MAX_MS is killed (code null).
const EXIT_MAX_MS = 30000;
function runChild(script) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-exit-'));
  fs.writeFileSync(path.join(dir, 'main.mjs'), script);
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(dir, 'main.mjs')], { timeout: EXIT_MAX_MS },
      (err, stdout, stderr) => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve({ code: err ? err.code ?? null : 0, killed: err?.killed ?? false, stdout, stderr });
      });
  });
}
const libUrl = (f) => pathToFileURL(path.join(PACKAGE, 'lib', f)).href;

test('Node: a script whose searches are over exits by itself (the worker is unref()ed when idle)', async () => {
  // No await at the top: only the worker, ref()ed while it searches, keeps
  // the process alive until the results come; idle after them, it must not.
  const worker = await runChild(`
    import { SearchWorker } from ${JSON.stringify(libUrl('index.js'))};
    const w = new SearchWorker({ hashMb: 8 });
    w.start(null, ['h2e2'], { depth: 4 })
      .then((r) => { console.log('first', r.bestMove); return w.start(null, [], { depth: 3 }); })
      .then((r) => console.log('second', r.bestMove));
  `);
  assert.ok(!worker.killed, `SearchWorker: still running after ${EXIT_MAX_MS} ms: ${worker.stdout}`);
  assert.equal(worker.code, 0, worker.stderr);
  assert.match(worker.stdout, /^first [a-i][0-9][a-i][0-9]\nsecond [a-i][0-9][a-i][0-9]\n$/);
  // The threaded module's Search: its pthread workers do not hold the process either.
  const threads = await runChild(`
    import { Search, Board } from ${JSON.stringify(libUrl('threads.js'))};
    const s = new Search({ threads: 2 });
    const r = await s.start(new Board(), { depth: 4 });
    console.log('threads', r.bestMove);
  `);
  assert.ok(!threads.killed, `threads: still running after ${EXIT_MAX_MS} ms: ${threads.stdout}`);
  assert.equal(threads.code, 0, threads.stderr);
  assert.match(threads.stdout, /^threads [a-i][0-9][a-i][0-9]\n$/);
});

test('SearchWorker: a stop while the worker starts answers with no move; the next search runs', async () => {
  const w = new SearchWorker({ hashMb: 8 });
  try {
    const first = w.start(null, [], { infinite: true });
    w.stop(); // the worker is still loading the module
    await assert.rejects(w.start(null, [], { depth: 1 }), /a search is running/);
    const r = await first;
    assert.equal(r.bestMove, null);
    assert.equal(r.depth, 0);
    const next = await w.start(null, ['h2e2'], { depth: 3 });
    assert.ok(next.bestMove && next.depth >= 3, JSON.stringify(next));
  } finally {
    w.terminate();
  }
});

test(`threaded module: Search.start returns at once, stop() ends it within ${STOP_MS} ms`, async () => {
  const mt = await import(pathToFileURL(path.join(PACKAGE, 'lib', 'threads.js')).href);
  assert.equal(mt.threaded, true);
  const s = new mt.Search();
  const b = new mt.Board();
  try {
    let infos = 0;
    const { best, result: r } = await stopLatency(() => {
      const p = s.start(b, { infinite: true }, () => infos++);
      assert.equal(s.running, true);
      return p;
    }, () => s.stop());
    assert.ok(best < STOP_MS, `stopped after ${best.toFixed(1)} ms at best`);
    assert.ok(b.isLegal(r.bestMove));
    assert.ok(infos > 0);
    assert.equal(thrown(() => s.run(keep(new Board()), { depth: 1 })).code, -1); // the other module's
    s.setThreads(2);
    const two = await s.start(b, { depth: 6 });
    assert.ok(b.isLegal(two.bestMove));
    await assert.rejects(s.start(b, { depth: 30 }, () => { throw new Error('boom'); }), /boom/);
    assert.equal(s.running, false);
    assert.ok(b.isLegal((await s.start(b, { depth: 3 })).bestMove));
  } finally {
    s.free();
    b.free();
  }
});

test('opening book: built from games, read from bytes, probed; a truncated book throws', () => {
  const file = sharedOr('data/games/xqdb-sample-uci.pgn', 'games/xqdb-sample-uci.pgn');
  const games = xq.readPgn(fs.readFileSync(file));
  const built = keep(Book.build(games, { maxPly: 10 }));
  games.forEach((g) => g.free());
  const bytes = built.toBytes();
  assert.ok(bytes.length > 100);
  const book = keep(Book.fromBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
  assert.equal(book.games, 15);
  const b = keep(new Board());
  const entries = book.probe(b);
  assert.ok(entries.length >= 1);
  assert.equal(entries.reduce((a, e) => a + e.games, 0), 15);
  assert.ok(entries.some((e) => e.move === 'h2e2'));
  assert.ok(entries.every((e) => b.isLegal(e.move)));
  assert.ok(b.isLegal(book.pick(b, 1)));
  assert.equal(book.pick(b, 1), book.pick(b, 1));
  const s = keep(new Search());
  s.setBook(book);
  const r = s.run(b, { depth: 3 });
  assert.equal(r.bookMove, true);
  const far = keep(new Board('3k5/9/9/9/9/9/9/9/9/4K4 w'));
  assert.deepEqual(book.probe(far), []);
  assert.equal(book.pick(far), null);
  for (const cut of [0, 8, bytes.length >> 1, bytes.length - 1]) {
    const e = thrown(() => Book.fromBytes(bytes.slice(0, cut)));
    assert.ok(e instanceof XiangqiError, `cut at ${cut}`);
    assert.ok(e.code < 0);
  }
  // the problems a net file has, with the same codes (EPARSE -3, EVERSION -6)
  const newer = bytes.slice();
  newer[8] = 2;
  const flipped = bytes.slice();
  flipped[bytes.length - 1] ^= 0xff;
  for (const [data, text, code] of [[new Uint8Array(0), 'empty file, not a book', -3],
                                    [new TextEncoder().encode('hello\n'), 'not a book file \\(bad magic\\)', -3],
                                    [bytes.slice(0, 40), 'truncated: 40 bytes, shorter than', -3],
                                    [bytes.slice(0, bytes.length - 1), 'truncated', -3],
                                    [flipped, 'checksum mismatch', -3],
                                    [newer, 'book format version 2, this library reads version 1', -6]]) {
    const e = thrown(() => Book.fromBytes(data));
    assert.ok(e instanceof XiangqiError);
    assert.equal(e.code, code, text);
    assert.match(e.message, new RegExp(text));
  }
  assert.equal(book.probe(b).length, entries.length); // still usable
  // Freeing the book takes it from the search that answers from it.
  book.free();
  assert.equal(s.run(b, { depth: 3 }).bookMove, false);
});

// A one-bucket net file (docs/nnue.md) with seeded weights.
function makeNet(seed) {
  const L1 = 256, OUT = 8, FEATURES = 1260;
  const n = 256 + 2 * L1 + 2 * FEATURES * L1 + 2 * OUT * 2 * L1 + 4 * OUT;
  const buf = new ArrayBuffer(64 + n);
  const v = new DataView(buf);
  const u8 = new Uint8Array(buf);
  u8.set([0x58, 0x51, 0x4e, 0x4e, 0x55, 0x45, 0x1a, 0x0a]);
  [1, 1, L1, OUT, 255, 64, 400, 0].forEach((x, i) => v.setUint32(8 + 4 * i, x, true));
  v.setBigUint64(40, BigInt(n), true);
  u8.set(new TextEncoder().encode('js test net'), 64);
  let s = seed >>> 0;
  const rnd = (lo, hi) => { s = (s * 1103515245 + 12345) >>> 0; return lo + ((s >>> 8) % (hi - lo + 1)); };
  let p = 320;
  for (let i = 0; i < L1; i++, p += 2) v.setInt16(p, rnd(-60, 120), true);
  for (let i = 0; i < FEATURES * L1; i++, p += 2) v.setInt16(p, rnd(-40, 40), true);
  for (let i = 0; i < OUT * 2 * L1; i++, p += 2) v.setInt16(p, rnd(-127, 127), true);
  for (let i = 0; i < OUT; i++, p += 4) v.setInt32(p, rnd(-9000, 9000), true);
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < u8.length; i++) {
    if (i >= 48 && i < 56) continue;
    h = ((h ^ BigInt(u8[i])) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  v.setBigUint64(48, h, true);
  return u8;
}

test('the learned evaluation: a net from bytes, evaluate, bad nets refused with the handle unchanged', () => {
  const s = keep(new Search());
  const b = keep(new Board());
  // a new search evaluates with the module's built-in net when it has one
  assert.equal(s.eval, s.netInfo() === null ? 'classical' : 'nnue');
  s.eval = 'classical';
  const hand = s.evaluate(b);
  if (s.netInfo() === null) assert.equal(thrown(() => s.setEval('nnue')).code, -11);
  const net = makeNet(7);
  s.loadNet(net.buffer);
  assert.equal(s.eval, 'nnue');
  assert.match(s.netInfo(), /^[0-9a-f]{16} js test net$/);
  const cp = s.evaluate(b);
  const r = s.run(b, { depth: 5 });
  assert.ok(b.isLegal(r.bestMove), r.bestMove);
  const bad = net.slice();
  bad[4000] ^= 1;
  const newer = net.slice();
  newer[8] = 2;
  for (const [bytes, text, code] of [[net.slice(0, 100), 'truncated', -3], [bad, 'checksum mismatch', -3],
                                     [new Uint8Array(0), 'empty file, not a net', -3],
                                     [new TextEncoder().encode('hello\n'), 'not a net file \\(bad magic\\)', -3],
                                     [newer, 'net format version 2, this library reads version 1', -6]]) {
    const e = thrown(() => s.loadNet(bytes));
    assert.ok(e instanceof XiangqiError);
    assert.equal(e.code, code);
    assert.match(e.message, new RegExp(text));
    assert.equal(s.evaluate(b), cp);
  }
  s.eval = 'classical';
  assert.equal(s.evaluate(b), hand);
  assert.throws(() => { s.eval = 'neural'; }, /eval must be/);
  s.loadNet(null);
});
