// SPDX-License-Identifier: MIT
// Arguments of the wrong type (issue 45, point 12): every public entry point
// throws a XiangqiError with code XQ_EINVAL (-1) and a message that names the
// function, the argument and what it got, instead of coercing ("3" as 3,
// 2.5 as 2), ignoring (null as no text, { depth: "x" } as no depth) or
// answering with another error ("out of memory" for threads the
// single-threaded module does not have). The module stays usable after each.
import test, { afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { xq, thrown, keep, freeKept } from './common.mjs';

const { Board, Record, Book, Search, SearchWorker, XiangqiError, review } = xq;
afterEach(freeKept);

/** fn throws XiangqiError XQ_EINVAL whose message matches re. */
function invalid(fn, re) {
  const e = thrown(fn);
  assert.ok(e instanceof XiangqiError, `not a XiangqiError: ${e}`);
  assert.equal(e.code, -1, e.message);
  assert.equal(e.codeName, 'XQ_EINVAL');
  if (re) assert.match(e.message, re);
  return e;
}

async function invalidAsync(promise, re) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof XiangqiError, `not a XiangqiError: ${e}`);
    assert.equal(e.code, -1, e.message);
    if (re) assert.match(e.message, re);
    return true;
  });
}

test('perft: the depth is an integer, not a string or a fraction', () => {
  const b = keep(new Board());
  invalid(() => b.perft(2.5), /^perft: depth must be an integer, not 2\.5$/);
  invalid(() => b.perft('3'), /^perft: depth must be an integer, not "3"$/);
  invalid(() => b.perft(), /depth must be an integer, not undefined/);
  invalid(() => b.perft(2 ** 32 + 2), /depth must be an integer from -2147483648 to 2147483647/); // would wrap to 2
  invalid(() => b.perftDivide(1.5), /perftDivide: depth/);
  invalid(() => xq.perft('2'), /perft: depth must be an integer/);
  invalid(() => xq.perft(2, 42), /perft: fen must be a string or null, not 42/);
  assert.equal(b.perft(2), 1920);
  assert.equal(xq.perft(2), 1920);
});

test('the single-threaded module: more than one thread is EINVAL naming the threaded module', () => {
  const e = invalid(() => new Search({ threads: 4 }), /xiangqi\/threads/);
  assert.doesNotMatch(e.message, /memory/);
  const s = keep(new Search());
  invalid(() => s.setThreads(2), /threaded module/);
  invalid(() => new Search({ threads: 1.5 }), /Search: threads must be an integer, not 1\.5/);
  invalid(() => new Search({ hashMb: '16' }), /Search: hashMb must be an integer, not "16"/);
  invalid(() => new Search({ hash: 16 }), /Search: unknown option "hash"/);
  invalid(() => new Search(16), /Search: options must be an object, not 16/);
  invalid(() => s.setHash(-1), /setHash: mb must be an integer from 0/);
  invalid(() => s.setBook({}), /setBook: book must be a Book or null/);
  invalid(() => s.loadNet('net'), /loadNet: bytes must be an ArrayBuffer or a typed array/);
  s.setThreads(1);
  assert.ok(new Board().legalMoves().length === 44);
});

test('readPgn and Record.fromPgn: the text is a string or bytes', () => {
  invalid(() => xq.readPgn(null), /^readPgn: text must be a string, an ArrayBuffer or a typed array, not null$/);
  invalid(() => xq.readPgn(undefined), /not undefined/);
  invalid(() => xq.readPgn(42), /not 42/);
  invalid(() => xq.readPgn({}), /not an object/);
  invalid(() => xq.readPgn('', { skipError: true }), /readPgn: unknown option "skipError"/);
  invalid(() => xq.readPgn('', { skipErrors: true, errors: 'x' }), /errors must be an array/);
  invalid(() => xq.readPgn('', { lineWidth: '80' }), /lineWidth must be an integer/);
  invalid(() => xq.readPgn('', { encoding: 7 }), /encoding/);
  invalid(() => Record.fromPgn(null), /fromPgn: text must be a string/);
  assert.deepEqual(xq.readPgn(''), []); // an empty text is no game, not an error
  const games = xq.readPgn('[Event "x"]\n\n1. h2e2 h9g7 *\n');
  assert.equal(games.length, 1);
  invalid(() => games[0].pgn({ lineWidth: 1.5 }), /pgn: lineWidth/);
  games.forEach((g) => g.free());
});

test('search limits: every numeric limit is an integer, every flag a boolean', () => {
  const s = keep(new Search());
  const b = keep(new Board());
  for (const k of ['depth', 'movetime', 'redTime', 'blackTime', 'redInc', 'blackInc', 'movestogo',
                   'moveOverhead', 'mate', 'multipv', 'skill', 'nodes', 'seed']) {
    invalid(() => s.run(b, { depth: 2, [k]: 'x' }), new RegExp(`^run: limits\\.${k} must be an integer, not "x"$`));
    invalid(() => s.run(b, { depth: 2, [k]: 2.5 }), new RegExp(`limits\\.${k} must be an integer, not 2\\.5`));
  }
  invalid(() => s.run(b, { depth: 2, nodes: -5 }), /limits\.nodes must be an integer from 0/);
  for (const k of ['infinite', 'ponder', 'noBook'])
    invalid(() => s.run(b, { depth: 2, [k]: 'yes' }), new RegExp(`limits\\.${k} must be a boolean`));
  invalid(() => s.run(b, { depth: 2, searchmoves: 'h2e2' }), /limits\.searchmoves must be an array/);
  invalid(() => s.run(b, { depth: 2, searchmoves: [null] }), /move must be/);
  invalid(() => s.run(b, 5), /run: limits must be an object, not 5/);
  invalid(() => s.run(b, { depth: 2 }, 'print'), /run: onInfo must be a function/);
  invalid(() => s.run('start', { depth: 2 }), /board must be a Board/);
  return Promise.all([
    invalidAsync(s.start(b, { depth: 'x' }), /start: limits\.depth must be an integer, not "x"/),
    invalidAsync(s.start(b, { depth: 2, multipv: '3' }), /limits\.multipv/),
  ]).then(() => {
    // the limits that are right still search
    const r = s.run(b, { depth: 2, nodes: 10n ** 6n, seed: 7, multipv: 1 });
    assert.equal(r.depth, 2);
  });
});

test('pop() on a board without moves says there is no move to take back', () => {
  const b = keep(new Board());
  const e = thrown(() => b.pop());
  assert.ok(e instanceof XiangqiError);
  assert.equal(e.codeName, 'XQ_ESTATE');
  assert.match(e.message, /^pop: no move to take back$/);
  b.push('h2e2');
  assert.equal(b.pop(), 'h2e2');
  assert.match(thrown(() => b.pop()).message, /no move to take back/);
});

test('Board: FENs, squares, colours, moves, notations and options', () => {
  invalid(() => new Board(42), /^Board: fen must be a string or null, not 42$/);
  const b = keep(new Board());
  invalid(() => b.setFen(null), /setFen: fen must be a string, not null/);
  invalid(() => b.pieceAt(1.5), /pieceAt: square must be/);
  invalid(() => b.pieceAt(90), /pieceAt: square must be an integer from 0 to 89/);
  invalid(() => b.pieceAt(null), /pieceAt: square must be a square name \("e0"\) or an integer from 0 to 89, not null/);
  invalid(() => b.king(2), /king: color must be Color\.RED \(0\) or Color\.BLACK \(1\), not 2/);
  invalid(() => b.king('black'), /king: color/);
  invalid(() => b.attackers(0.5, 'e0'), /attackers: color/);
  invalid(() => b.push(null), /^push: move must be a string or a move code \(an integer from 0 to 65535\), not null$/);
  invalid(() => b.push(['h2e2']), /push: move must be/);
  invalid(() => b.push(1e6), /push: move must be/);
  invalid(() => b.isLegal(undefined), /isLegal: move/);
  assert.equal(b.isLegal('zz'), false); // a malformed text is not a legal move
  invalid(() => b.parseMove(7), /parseMove: text must be a string/);
  invalid(() => b.moveToText('h2e2', true), /moveToText: notation/);
  invalid(() => b.moveToText('h2e2', 'wxf', '1'), /moveToText: flags must be an integer/);
  invalid(() => b.isCapture({}), /isCapture: move/);
  invalid(() => b.givesCheck(), /givesCheck: move/);
  invalid(() => b.outcome(3), /^outcome: rules must be a rule set name \('axf', 'cxa', 'simple'\) or an object, not 3$/);
  invalid(() => b.outcome({ fold: '3' }), /outcome: rules\.fold must be an integer/);
  invalid(() => b.outcome({ insufficientMaterial: 'yes' }), /rules\.insufficientMaterial must be a boolean/);
  assert.equal(b.outcome({ insufficientMaterial: true, plyLimit: 120 }), null);
  invalid(() => b.bannedMoves({ ruleset: 1 }), /bannedMoves: rules\.ruleset/);
  invalid(() => b.svg({ size: '300' }), /svg: options\.size must be an integer/);
  invalid(() => b.svg({ flip: 1 }), /svg: options\.flip must be a boolean/);
  invalid(() => b.svg({ arrows: 'h2e2' }), /svg: options\.arrows must be an array/);
  invalid(() => b.svg({ sise: 300 }), /svg: unknown option "sise"/);
  invalid(() => xq.validateFen(undefined), /validateFen: fen must be a string/);
  invalid(() => xq.fenProblems(null), /fenProblems: fen must be a string/);
  invalid(() => xq.parseSquare(-1), /parseSquare: square/);
  invalid(() => xq.squareName(90), /squareName: square must be an integer from 0 to 89, not 90/);
  invalid(() => xq.squareName('e0'), /squareName: square must be an integer/);
  invalid(() => xq.strerror('x'), /strerror: code must be an integer/);
  invalid(() => xq.setStopPoll(true), /setStopPoll: fn must be a function or null/);
  assert.equal(xq.squareName(4), 'e0');
  assert.equal(b.legalMoves().length, 44);
});

test('Record: texts, plies, NAGs and comments', () => {
  invalid(() => new Record(1), /Record: fen must be a string/);
  const r = keep(new Record());
  invalid(() => r.play(null), /play: move must be/);
  invalid(() => r.goto('0'), /goto: ply must be an integer, not "0"/);
  invalid(() => r.enterVariation(0.5), /enterVariation: index must be an integer/);
  invalid(() => r.addNag('?'), /addNag: nag must be an integer/);
  invalid(() => r.tag(5), /tag: name must be a string/);
  invalid(() => r.setTag('Event', 5), /setTag: value must be a string/);
  invalid(() => { r.comment = 5; }, /comment must be a string/);
  r.play('h2e2');
  r.comment = 'fine';
  assert.equal(r.comment, 'fine');
});

test('Book and review: bytes, records, seeds and options', () => {
  invalid(() => Book.fromBytes('book'), /fromBytes: bytes must be an ArrayBuffer or a typed array, not "book"/);
  invalid(() => Book.fromBytes(null), /fromBytes: bytes/);
  invalid(() => Book.build(null), /build: records must be an iterable of Records/);
  invalid(() => Book.build([{}]), /build: records must be an iterable of Records/);
  invalid(() => Book.build([], { maxPly: '10' }), /build: options\.maxPly must be an integer/);
  invalid(() => Book.build([], { weighting: 'wins' }), /unknown weighting/);
  const games = xq.readPgn('[Event "x"]\n\n1. h2e2 h9g7 *\n');
  const book = keep(Book.build(games));
  games.forEach((g) => g.free());
  const b = keep(new Board());
  invalid(() => book.pick(b, 1.5), /pick: seed must be an integer/);
  invalid(() => book.pick(b, '1'), /pick: seed must be an integer/);
  invalid(() => book.pick(b, 1, { best: 'yes' }), /pick: options\.best must be a boolean/);
  invalid(() => book.probe('start'), /probe: board must be a Board/);
  assert.equal(book.pick(b, 3n), 'h2e2');
  invalid(() => review.valueText(1, { sign: 'yes' }), /valueText: options\.sign must be a boolean/);
  invalid(() => review.classify(0, 0, 'no'), /classify: isBest must be a boolean/);
  invalid(() => review.valueText('35'), /valueText: value must be an integer/);
});

test('SearchWorker: the arguments are checked before anything is posted', async () => {
  const w = new SearchWorker();
  try {
    invalid(() => new SearchWorker({ hashMb: '8' }), /SearchWorker: hashMb must be an integer/);
    invalid(() => new SearchWorker({ book: 'x' }), /SearchWorker: book must be an ArrayBuffer/);
    await invalidAsync(w.start(42), /SearchWorker\.start: fen must be a string or null, not 42/);
    await invalidAsync(w.start(null, 'h2e2'), /SearchWorker\.start: moves must be an array/);
    await invalidAsync(w.start(null, [], 'deep'), /SearchWorker\.start: limits must be an object/);
    await invalidAsync(w.start(null, [], { depth: 1 }, 1), /SearchWorker\.start: onInfo must be a function/);
    // the worker checks the limits as Search does
    await invalidAsync(w.start(null, [], { depth: 'x' }), /limits\.depth must be an integer, not "x"/);
    assert.ok((await w.start(null, ['h2e2'], { depth: 2 })).bestMove);
  } finally {
    w.terminate();
  }
});

test('Record: a cursor at an end, a ply or a continuation that is not there, say so', () => {
  const r = keep(new Record());
  const state = (fn, re) => {
    const e = thrown(fn);
    assert.ok(e instanceof XiangqiError);
    assert.equal(e.codeName, 'XQ_ESTATE', e.message);
    assert.match(e.message, re);
  };
  state(() => r.back(), /^back: already at the start position$/);
  state(() => r.forward(), /^forward: no move after the cursor$/);
  state(() => r.undo(), /^undo: no move to undo at the start position$/);
  state(() => r.delete(), /^delete: no move to delete at the start position$/);
  state(() => r.redo(), /^redo: nothing to redo here$/);
  r.play('h2e2');
  r.play('h9g7');
  invalid(() => r.goto(5), /^goto: no ply 5 on the current line \(0 to 2\)$/);
  invalid(() => r.goto(-1), /^goto: no ply -1 on the current line/);
  r.goto(1);
  invalid(() => r.enterVariation(1), /^enterVariation: no continuation 1 here \(1 continuation: index 0 to 0\)$/);
  assert.equal(r.enterVariation(0), 0);
  assert.equal(r.ply, 2);
  r.back();
  r.back();
  assert.equal(r.ply, 0);
});
