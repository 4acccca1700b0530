// SPDX-License-Identifier: MIT
// Board through the JavaScript package: FEN in and out and its errors, moves,
// notation, outcome under each rule set, perft of the shared suite, SVG, and
// the errors of bad input (the module stays usable after each).
import test, { afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { xq, readData, sharedOr, thrown, keep, freeKept } from './common.mjs';

afterEach(freeKept);

const { Board, Record, XiangqiError, Notation, NotationFlags } = xq;
const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const PERPETUAL = '9/9/3k5/9/9/9/4R4/3A5/4K4/8r b - - 0 1';
const PERPETUAL_MOVES = 'i0i1 e1e0 i1i0 e0e1 i0i1 e1e0 i1i0 e0e1 i0i1 e1e0'.split(' ');

function play(fen, moves) {
  const b = new Board(fen);
  for (const m of moves) b.push(m);
  return b;
}

test('the start position, moves and the history', () => {
  const b = keep(new Board());
  assert.equal(b.fen(), START);
  assert.equal(b.turn, xq.Color.RED);
  assert.equal(b.legalMoves().length, 44);
  assert.equal(b.push('h2e2'), 'h2e2');
  assert.equal(b.fen(), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
  assert.equal(b.pieceAt('e2'), 'C');
  assert.equal(b.pieceAt(4), 'K');
  assert.equal(b.pieceAt('e5'), null);
  assert.equal(Object.keys(b.pieceMap()).length, 32);
  assert.equal(b.push('马8进7'), 'h9g7');
  assert.deepEqual(b.moveStack(), ['h2e2', 'h9g7']);
  assert.equal(b.ply, 2);
  assert.equal(b.pop(), 'h9g7');
  assert.equal(b.peek(), 'h2e2');
  assert.equal(typeof b.zobristHash, 'bigint');
  const c = b.copy();
  assert.equal(c.fen(), b.fen());
  c.free();
  assert.ok(b.isLegal('h9g7'));
  assert.ok(!b.isLegal('a0a5'));
  assert.ok(!b.isLegal('zz'));
});

test('attacks, checks and captures', () => {
  const b = keep(new Board('3k5/9/3P5/9/3C5/9/9/9/9/4K4 b - - 0 1'));
  assert.equal(b.king(xq.Color.BLACK), 'd9');
  assert.equal(b.king(xq.Color.RED), 'e0');
  assert.deepEqual(b.checkers(), ['d5']);
  assert.deepEqual(b.attackers(xq.Color.RED, 'd8').sort(), ['d5', 'd7']); // the cannon over d7
  const s = keep(new Board());
  assert.deepEqual(s.checkers(), []);
  assert.ok(s.isCapture('h2h9'));
  assert.ok(!s.isCapture('h2e2'));
  assert.ok(s.givesCheck('h2h9') === false);
  const c = keep(new Board('3k5/9/9/9/9/9/9/9/9/R3K4 w'));
  assert.ok(c.givesCheck('a0d0'));
  assert.ok(!c.givesCheck('a0a1'));
  assert.equal(thrown(() => c.givesCheck('a0b1')).code, -4);
  assert.equal(thrown(() => c.attackers(0, 'z9')).code, -1);
});

test('FEN errors carry the library message and code', () => {
  let e = thrown(() => new Board('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w'));
  assert.ok(e instanceof XiangqiError);
  assert.equal(e.code, -3);
  assert.equal(e.codeName, 'XQ_EPARSE');
  assert.ok(e.offset >= 0);
  e = thrown(() => new Board('4k4/9/9/9/9/9/9/9/9/4K4 w'));     // generals face each other
  assert.equal(e.codeName, 'XQ_EPOSITION');
  e = thrown(() => xq.validateFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNK w'));
  assert.match(e.message, /more than 1 general/);
  assert.deepEqual(xq.fenProblems(START), []);
  const problems = xq.fenProblems('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNK w');
  assert.equal(problems.length, 1);
  assert.equal(problems[0].code, -9);
  // Every problem of an impossible position, in board order.
  const many = xq.fenProblems('3k5/p8/9/9/9/9/9/9/AAA6/3RK4 w - - 0 1');
  assert.deepEqual(many.map((p) => p.message), [
    'Black soldier on a8: it can never stand there', 'Red advisor on a1: it can never stand there',
    'Red advisor on b1: it can never stand there', 'Red has more than 2 advisors',
    "Black is in check but it is Red's turn"]);
  assert.deepEqual(many.map((p) => p.offset), [4, 19, 20, 21, 1]);
  assert.ok(many.every((p) => p.codeName === 'XQ_EPOSITION'));
  const malformed = xq.fenProblems('3k5/9/9 w');
  assert.equal(malformed.length, 1);
  assert.equal(malformed[0].codeName, 'XQ_EPARSE');
  assert.equal(thrown(() => xq.validateFen('')).code, -3);
  xq.validateFen(START);
  const b = keep(new Board());
  assert.throws(() => b.setFen('nonsense'), XiangqiError);
  assert.equal(b.fen(), START); // a failed setFen leaves the board alone
});

test('illegal, ambiguous and unreadable moves', () => {
  const b = keep(new Board());
  let e = thrown(() => b.push('a0a5'));
  assert.equal(e.codeName, 'XQ_EILLEGAL');
  e = thrown(() => b.parseMove('炮二进九'));
  assert.equal(e.code, -4);
  e = thrown(() => b.parseMove('cannon two to five'));
  assert.equal(e.code, -3);
  assert.equal(thrown(() => b.moveToText('h2h8')).code, -4);
  assert.equal(thrown(() => b.moveToText('h2e2', 'klingon')).code, -1);
  const tandem = keep(new Board('3k5/9/9/9/9/9/4R4/9/4R4/5K3 w'));
  assert.equal(thrown(() => tandem.parseMove('车五进一')).codeName, 'XQ_EAMBIGUOUS');
  assert.equal(b.fen(), START);
});

test('three notations both ways', () => {
  const b = keep(new Board());
  assert.equal(b.moveToText('h2e2'), '炮二平五');
  assert.equal(b.moveToText('h2e2', 'wxf'), 'C2.5');
  assert.equal(b.moveToText('h2e2', Notation.ICCS), 'h2e2');
  assert.equal(b.wxf('h2e2'), 'C2.5');
  assert.equal(b.moveToText('h2e2', 'wxf', NotationFlags.WXF_EQUALS), 'C2=5');
  for (const t of ['炮二平五', 'C2.5', 'C2=5', 'Ｃ２．５', 'h2e2', 'H2-E2', ' 炮二平五 ', '砲二平五'])
    assert.equal(b.parseMove(t), 'h2e2', t);
  b.push('炮二平五');
  assert.equal(b.moveToText('h9g7'), '马８进７');
  assert.equal(b.parseMove('马8进7'), 'h9g7');
  const tandem = keep(new Board('3k5/9/9/9/9/9/4R4/9/4R4/5K3 w'));
  assert.equal(tandem.chinese('e3e5'), '前车进二');
  assert.equal(tandem.wxf('e3e5'), 'R++2');
  assert.equal(tandem.moveToText('e1a1', 'wxf', NotationFlags.XQBASE), 'R..9');
  assert.equal(tandem.parseMove('后车平九'), 'e1a1');
});

test('status and outcome under each rule set', () => {
  const mate = play('3k5/R8/1N7/9/9/9/9/9/9/4K4 w', ['a8d8']);
  const o = mate.outcome();
  assert.equal(o.reason, 'checkmate');
  assert.equal(o.winner, xq.Color.RED);
  assert.equal(o.atFault, xq.Color.BLACK);
  assert.equal(o.result, '1-0');
  assert.equal(o.description, '1-0 checkmate');
  assert.ok(mate.isCheckmate() && mate.isCheck() && mate.isGameOver());
  mate.free();

  const b = play(PERPETUAL, PERPETUAL_MOVES);
  const axf = b.outcome();
  assert.equal(axf.reason, 'perpetual_check');
  assert.equal(axf.winner, xq.Color.RED);
  assert.equal(axf.repetitions, 3);
  assert.deepEqual([axf.cycleStart, axf.cyclePlies], [2, 8]);
  assert.ok(axf.cycle[xq.Color.BLACK] & 1);
  assert.match(axf.description, /perpetual check by Black/);
  assert.equal(b.outcome('cxa').reason, 'perpetual_check');
  const simple = b.outcome('simple');
  assert.deepEqual([simple.reason, simple.winner, simple.result], ['repetition', null, '1/2-1/2']);
  b.free();

  const banned = play(PERPETUAL, PERPETUAL_MOVES.slice(0, -2));
  assert.deepEqual(banned.bannedMoves(), ['i0i1']);
  assert.ok(banned.isBanned('i0i1'));
  assert.deepEqual(banned.bannedMoves('simple'), []);
  banned.free();

  const rep = play(null, ['h0g2', 'h9g7', 'g2h0', 'g7h9', 'h0g2', 'h9g7', 'g2h0', 'g7h9']);
  assert.equal(rep.outcome().reason, 'repetition');
  assert.equal(rep.outcome({ fold: 4 }), null);
  rep.free();
  const short = play(null, ['h0g2', 'h9g7', 'b0c2', 'b9c7']);
  const lim = short.outcome({ ruleset: 'axf', plyLimit: 4, checkCap: -1 });
  assert.deepEqual([lim.reason, lim.limitCount, lim.limitPlies], ['move_limit', 4, 4]);
  short.free();
  const kings = keep(new Board('4k4/9/9/9/9/9/9/9/9/3K5 w'));
  assert.equal(kings.outcome().reason, 'insufficient_material');
  assert.equal(kings.outcome({ insufficientMaterial: false }), null);
  const start = keep(new Board());
  assert.equal(start.outcome(), null);
  assert.equal(thrown(() => start.outcome('fide')).code, -1);
  assert.equal(thrown(() => start.outcome({ bogus: 1 })).code, -1);
  assert.equal(thrown(() => start.outcome({ fold: 1 })).code, -1);
});

test('outcome of tests/data/rules/outcome.pgn under AXF, CXA and simple rules', () => {
  const games = xq.readPgn(readData('rules', 'outcome.pgn'));
  assert.equal(games.length, 7);
  const verdict = (rules) => games.map((g) => {
    g.gotoEnd();
    const b = g.board();
    const o = b.outcome(rules);
    b.free();
    return o ? o.description : 'ongoing';
  });
  const axf = verdict('axf');
  assert.equal(axf[0], '1-0 perpetual check by Black (cycle from ply 2, 8 plies)');
  assert.equal(axf[1], '0-1 perpetual chase by Red: f5 chasing f7 (cycle from ply 0, 8 plies)');
  assert.equal(axf[2], '1/2-1/2 repetition (cycle from ply 0, 16 plies)');
  assert.equal(axf[3], '1-0 checkmate');
  assert.equal(axf[4], '1/2-1/2 move limit (120 plies without capture)');
  assert.equal(axf[6], 'ongoing');
  const cxa = verdict('cxa');
  assert.equal(cxa[1], '0-1 perpetual chase by Red: f4,f5 chasing f7 (cycle from ply 0, 8 plies)');
  assert.equal(cxa[2], '0-1 perpetual chase by Red: i3 chasing a5 (cycle from ply 0, 16 plies)');
  const simple = verdict('simple');
  assert.equal(simple.filter((d) => d.startsWith('1/2-1/2 repetition (cycle')).length, 4);
  games.forEach((g) => g.free());
});

test('perft of the shared suite (depths up to 10 million nodes)', () => {
  const file = sharedOr('perft/perft-suite.epd', 'perft.epd');
  assert.ok(file, 'no perft suite');
  const MAX_NODES = 10e6;
  let positions = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [fen, ...depths] = line.split(';').map((s) => s.trim());
    const b = keep(new Board(fen));
    for (const d of depths) {
      const [, depth, count] = /^D(\d+)\s+(\d+)$/.exec(d);
      if (Number(count) > MAX_NODES) break;
      assert.equal(b.perft(Number(depth)), Number(count), `${fen} depth ${depth}`);
    }
    positions++;
  }
  assert.ok(positions >= 10);
  const b = keep(new Board());
  const divide = b.perftDivide(2);
  assert.equal(Object.keys(divide).length, 44);
  assert.equal(Object.values(divide).reduce((a, c) => a + c, 0), 1920);
  assert.equal(xq.perft(3), 79666);
  assert.equal(thrown(() => b.perft(65)).code, -1);
});

test('SVG picture', () => {
  const b = keep(new Board());
  b.push('h2e2');
  const svg = b.svg({ size: 300, arrows: ['h9g7'] });
  assert.match(svg, /^<svg[^>]* width="300"/);
  assert.ok(svg.includes('</svg>'));
  assert.equal(thrown(() => b.svg({ size: 1 })).code, -1);
});

test('a freed object throws, a second free does nothing, the module stays usable', () => {
  const b = new Board();
  b[Symbol.dispose ?? Symbol.for('Symbol.dispose')]();
  b.free();
  assert.ok(b.freed);
  const e = thrown(() => b.fen());
  assert.equal(e.codeName, 'XQ_ESTATE');
  assert.match(e.message, /board was freed/);
  const r = new Record();
  r.free();
  assert.throws(() => r.pgn(), /record was freed/);
  for (let i = 0; i < 1000; i++) assert.throws(() => new Board('x'), XiangqiError);
  const again = keep(new Board());
  assert.equal(again.legalMoves().length, 44);
});
