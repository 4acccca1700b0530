// SPDX-License-Identifier: MIT
// The analysis board's pure helpers (server/www/js/analysis.js,
// explorer.js) under Node: scores from Red's side, FEN or PGN, the
// explorer's error sentences; the review's sentences (review.js) from what
// the server sends. Run by ctest www_js (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeFen, redScore } from '../../server/www/js/analysis.js';
import { exploreError } from '../../server/www/js/explorer.js';
import { moveVerdict, valueText } from '../../server/www/js/review.js';

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
  assert.equal(moveVerdict(a, 1), '1. Best move (+0.35).');
  assert.equal(moveVerdict(a, 2), '2. Blunder (−1.20, −4.00). Better: 炮8平5, h7e7 h0g2.');
  assert.equal(moveVerdict(a, 3), '3. Good (#3, −0.10).');
});
