// SPDX-License-Identifier: MIT
// The analysis board's pure helpers (server/www/js/analysis.js,
// explorer.js) under Node: scores from Red's side, FEN or PGN, the
// explorer's error sentences; the review's sentences (review.js) from what
// the server sends. Run by ctest www_js (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeFen, redScore, START_FEN, whereText } from '../../server/www/js/analysis.js';
import { exploreError, shareText, weightText } from '../../server/www/js/explorer.js';
import { accuracy, accuracyText, evalY, EVAL_GRAPH, moveNumber, moveVerdict, plyText, valueText, winPercent } from '../../server/www/js/review.js';

test('scores are given from Red\'s side', () => {
  assert.equal(redScore({ cp: 35 }, 'w'), '+0.35');
  assert.equal(redScore({ cp: 35 }, 'b'), '−0.35');
  assert.equal(redScore({ cp: -120 }, 'b'), '+1.20');
  assert.equal(redScore({ cp: 0 }, 'w'), '0.00');
  assert.equal(redScore({ mate: 3 }, 'w'), '#3');
  assert.equal(redScore({ mate: 2 }, 'b'), '#-2');
  assert.equal(redScore({ mate: -4 }, 'b'), '#4');
  assert.equal(redScore(null, 'w'), '');
});

test('a pasted text is a FEN or a PGN', () => {
  assert.ok(looksLikeFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'));
  assert.ok(looksLikeFen('4k4/9/9/9/9/9/9/9/9/4K4'));
  assert.ok(!looksLikeFen('[Event "x"]\n[FEN "4k4/9/9/9/9/9/9/9/9/4K4 w"]\n1. K5+1 *'));
  assert.ok(!looksLikeFen('1. C2.5 H8+7 *'));
  assert.ok(!looksLikeFen('1. h2e2 h9g7 2. h0g2 *'));
});

test('the explorer\'s errors are sentences', () => {
  assert.match(exploreError({ code: 'unknown_command' }), /No explorer on this server/);
  assert.match(exploreError({ code: 'book_unavailable' }), /no opening book/);
  assert.match(exploreError({ code: 'bad_fen', message: 'the generals face each other' }), /generals face/);
  assert.match(exploreError({ code: 'disconnected' }), /Not connected/);
  assert.match(exploreError({ code: 'other', message: 'odd' }), /odd/);
});

test('the review\'s sentences use the server\'s texts and classes', () => {
  // an `analysis` as xq-server sends it: the texts and symbols are the library's
  const a = {
    values: [0, 35, -120, 29997], texts: ['+0.00', '+0.35', '-1.20', '#3'],
    moves: [{ ply: 1, move: 'h2e2', class: 'best', loss: 0, symbol: '', nag: 0 },
      { ply: 2, move: 'h9g7', class: 'blunder', loss: 400, symbol: '??', nag: 4,
        line: ['h7e7', 'h0g2'], best_zh: '炮8平5' },
      { ply: 3, move: 'g3g4', class: 'good', loss: 10, symbol: '', nag: 0 }],
  };
  assert.equal(valueText(a, 2), '−1.20');
  assert.equal(valueText(a, 3), '#3');
  assert.equal(moveVerdict(a, 0), '');
  // counted in moves as the move list counts them, the values labelled (issue 45)
  assert.equal(moveVerdict(a, 1), '1. Best move: evaluation +0.35 (Red\'s side).');
  assert.equal(moveVerdict(a, 2), '1... Blunder: evaluation −1.20 (Red\'s side), 4.00 pawns lost. ' +
    'Better: 炮8平5 (the line in ICCS: h7e7 h0g2).');
  assert.equal(moveVerdict(a, 3), '2. Good: evaluation #3 (Red\'s side), 0.10 pawns lost.');
  // the better line in the user's notation, as the page makes it with the package
  assert.equal(moveVerdict(a, 2, { line: '炮8平5 马二进三' }),
    '1... Blunder: evaluation −1.20 (Red\'s side), 4.00 pawns lost. Better: 炮8平5 马二进三.');
  // a game from a position with Black to move: Black's move is 1...
  assert.equal(moveVerdict(a, 1, { blackFirst: true }), '1... Best move: evaluation +0.35 (Red\'s side).');
});

test('the replay counts moves, and says the ply', () => {
  assert.equal(moveNumber(1), '1.');
  assert.equal(moveNumber(2), '1...');
  assert.equal(moveNumber(49), '25.');
  assert.equal(moveNumber(50), '25...');
  assert.equal(moveNumber(1, true), '1...');
  assert.equal(moveNumber(2, true), '2.');
  assert.equal(plyText(47, 50), 'Move 24 of 25, Red (ply 47 of 50)');
  assert.equal(plyText(2, 4), 'Move 1 of 2, Black (ply 2 of 4)');
  assert.equal(plyText(0, 7), 'The start (ply 0 of 7)');
  assert.equal(plyText(7, 7), 'Move 4 of 4, Red (ply 7 of 7)');
});

test('the evaluation graph: a winning-chance scale, no flat clamp', () => {
  const { height: h, margin } = EVAL_GRAPH;
  assert.equal(evalY(0), h / 2);
  assert.ok(evalY(100) < h / 2 && evalY(-100) > h / 2, 'Red\'s advantage up, Black\'s down');
  assert.ok(Math.abs(evalY(100) - h / 2 + (evalY(-100) - h / 2)) < 1e-9, 'symmetric');
  // every step of the advantage still moves the line: +10 and +15 pawns differ
  assert.ok(evalY(1500) < evalY(1000) && evalY(1000) < evalY(500));
  // within the graph, a mate at its edge
  assert.ok(evalY(29997) >= margin - 1e-9 && evalY(29997) < margin + 0.5);
  assert.ok(evalY(-29997) <= h - margin + 1e-9 && evalY(-29997) > h - margin - 0.5);
  // a pawn is a visible part of the height, not 1/10 of it
  assert.ok(h / 2 - evalY(100) > 0.15 * (h / 2 - margin));
});

test('the analysis tree\'s heading names the position it starts from', () => {
  assert.equal(whereText(0, true, START_FEN), 'the start position');
  assert.equal(whereText(0, true, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 3 7'), 'the start position');
  // after the editor (issue 45: it said "the start position")
  assert.equal(whereText(0, true, '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1'), 'the set-up position');
  assert.equal(whereText(0, true, START_FEN.replace(' w ', ' b ')), 'the set-up position');
  assert.equal(whereText(3, true, START_FEN), 'ply 3');
  assert.equal(whereText(4, false, START_FEN), 'ply 4 (a variation)');
});

test('the explorer shows each book move\'s share of the games', () => {
  const moves = [{ games: 30 }, { games: 10 }, { games: 0 }];
  assert.deepEqual(moves.map((m) => shareText(m, moves)), ['75%', '25%', '0%']);
  assert.equal(shareText({ games: 0 }, [{ games: 0 }]), '–');
});

test('each player\'s accuracy in the review (lichess\'s formula)', () => {
  assert.equal(winPercent(0), 50);
  assert.ok(winPercent(29997) > 99.99 && winPercent(-29997) < 0.01);
  // no move lost anything: 100% each
  const even = accuracy({ values: [0, 20, 20, 40, 40] });
  assert.ok(Math.abs(even.red - 100) < 0.01 && Math.abs(even.black - 100) < 0.01, JSON.stringify(even));
  // Black's second move walks into a mate: Black's accuracy falls, Red's stays
  const a = { values: [0, 30, -300, -310, 29990] };
  const acc = accuracy(a);
  assert.ok(acc.red > 95, JSON.stringify(acc));
  assert.ok(acc.black > 45 && acc.black < 55, JSON.stringify(acc));
  assert.equal(accuracyText(a), `Accuracy: Red ${Math.round(acc.red)}%, Black ${Math.round(acc.black)}%`);
  // a game that Black began: ply 1 is Black's
  assert.equal(accuracy({ values: [0, 30] }, true).red, null);
  assert.equal(accuracyText({ values: [0, 30] }), 'Accuracy: Red 100%');
});

test('the explorer shows each book move\'s weight as the chance it is picked', () => {
  const moves = [{ games: 30, weight: 70 }, { games: 10, weight: 20 }, { games: 0, weight: 10 }];
  assert.deepEqual(moves.map((m) => weightText(m, moves)), ['70%', '20%', '10%']);
  assert.equal(weightText({ games: 3 }, [{ games: 3 }]), '–'); // an older server
});

