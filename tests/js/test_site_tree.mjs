// SPDX-License-Identifier: MIT
// The play page's variation tree (server/www/js/tree.js), which needs no
// browser and no WebAssembly: moves, variations, promote, delete, the
// display tokens. Run by ctest www_js (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addMove, createTree, fromLine, isMainLine, lineEnd, next, pathMoves, plyOf, promote, remove,
  rootOf, tokens,
} from '../../server/www/js/tree.js';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const show = (root) => tokens(root).map((t) => (t.open ? '(' : t.close ? ')' : t.node.move)).join(' ');

test('a line, then a variation where a move differs, and the same move twice', () => {
  const root = createTree(START);
  const a = addMove(root, 'h2e2', 'f1');
  const b = addMove(a, 'h9g7', 'f2');
  assert.equal(addMove(root, 'h2e2', 'other'), a, 'the same move again is the same node');
  const v = addMove(a, 'b9c7', 'f3');
  assert.deepEqual(a.children, [b, v]);
  assert.deepEqual(pathMoves(v), ['h2e2', 'b9c7']);
  assert.equal(plyOf(v), 2);
  assert.equal(rootOf(v), root);
  assert.ok(isMainLine(b));
  assert.ok(!isMainLine(v));
  assert.equal(next(a), b);
  assert.equal(next(b), null);
  assert.equal(show(root), 'h2e2 h9g7 ( b9c7 )');
});

test('promote makes a variation the main continuation, delete removes a subtree', () => {
  const { root, last } = fromLine(START, [{ move: 'h2e2' }, { move: 'h9g7' }, { move: 'h0g2' }]);
  const a = root.children[0];
  const v = addMove(a, 'b9c7');
  const w = addMove(v, 'b0c2');
  assert.equal(promote(last), false, 'the main line has nothing to promote');
  assert.equal(promote(w), true);
  assert.equal(a.children[0], v);
  assert.ok(isMainLine(w));
  assert.equal(show(root), 'h2e2 b9c7 ( h9g7 h0g2 ) b0c2');
  assert.equal(lineEnd(root), w);
  assert.equal(remove(v), a);
  assert.equal(show(root), 'h2e2 h9g7 h0g2');
  assert.equal(remove(root), root, 'the root stays');
});

test('variations of variations nest in the tokens', () => {
  const root = createTree(START);
  const a = addMove(root, 'h2e2');
  addMove(root, 'b2e2');
  const c = addMove(root, 'h0g2');
  addMove(c, 'h9g7');
  addMove(c, 'b9c7');
  addMove(a, 'h9g7');
  assert.equal(show(root), 'h2e2 ( b2e2 ) ( h0g2 h9g7 ( b9c7 ) ) h9g7');
  const plies = tokens(root).filter((t) => t.node).map((t) => t.ply);
  assert.deepEqual(plies, [1, 1, 1, 2, 2, 2]);
});
