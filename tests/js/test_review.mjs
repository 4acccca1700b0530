// SPDX-License-Identifier: MIT
// The game review of the package (review: xiangqi/review.h) on the shared
// tables tests/data/review/classes.tsv and values.tsv, which the C test
// (check_review) and the Python test (test_review.py) read too, so the three
// give the same classes for the same values; bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import { xq, readData, thrown } from './common.mjs';

const { review, XiangqiError } = xq;

function rows(name) {
  return readData('review', name).toString('utf8').split('\n')
    .map((line, i) => [i + 1, line])
    .filter(([, line]) => line.trim() && !line.startsWith('#'))
    .map(([no, line]) => [no, line.split('\t')]);
}

function thresholdsOf(text) {
  if (text === '-') return undefined;
  const [inaccuracy, mistake, blunder, lossCap] = text.split(',').map(Number);
  return { inaccuracy, mistake, blunder, lossCap };
}

test('classes.tsv', () => {
  let n = 0;
  for (const [no, [before, after, best, thr, cls, loss, nag, symbol]] of rows('classes.tsv')) {
    n++;
    const isBest = best === '1', t = thresholdsOf(thr);
    if (cls === 'EINVAL') {
      const e = thrown(() => review.classify(Number(before), Number(after), isBest, t));
      assert.ok(e instanceof XiangqiError && e.code === -1, `line ${no}: ${e}`);
      continue;
    }
    assert.deepEqual(review.classify(Number(before), Number(after), isBest, t),
      { class: cls, loss: Number(loss) }, `line ${no}`);
    assert.equal(review.classifyLoss(Number(loss), isBest, t), cls, `line ${no}`);
    assert.equal(review.NAGS[cls], Number(nag), `line ${no}`);
    assert.equal(review.SYMBOLS[cls], symbol === '-' ? '' : symbol, `line ${no}`);
  }
  assert.ok(n >= 40);
});

test('values.tsv', () => {
  for (const [no, [kind, score, value, text, signed, cp]] of rows('values.tsv')) {
    if (kind !== 'cp' && kind !== 'mate') continue; // a Score has no other kind
    const s = kind === 'cp' ? { cp: Number(score) } : { mate: Number(score) };
    if (value === 'EINVAL') {
      assert.equal(thrown(() => review.value(s)).code, -1, `line ${no}`);
      continue;
    }
    assert.equal(review.value(s), Number(value), `line ${no}`);
    assert.equal(review.valueText(Number(value)), text, `line ${no}`);
    assert.equal(review.valueText(Number(value), { sign: true }), signed, `line ${no}`);
    assert.equal(review.valueText(Number(value), { sign: true, pawns: false }), cp, `line ${no}`);
  }
});

test('the constants and the thresholds', () => {
  assert.equal(review.MATE_VALUE, 30000);
  assert.deepEqual([...review.CLASSES], ['best', 'good', 'inaccuracy', 'mistake', 'blunder']);
  assert.deepEqual({ ...review.NAGS }, { best: 0, good: 0, inaccuracy: 6, mistake: 2, blunder: 4 });
  assert.deepEqual(review.thresholds(), { inaccuracy: 50, mistake: 100, blunder: 300, lossCap: 1000 });
  assert.deepEqual(review.thresholds({ blunder: 500 }),
    { inaccuracy: 50, mistake: 100, blunder: 500, lossCap: 1000 });
  assert.ok(Object.isFrozen(review) && Object.isFrozen(review.CLASSES));
});

test('bad input', () => {
  const e = thrown(() => review.thresholds({ inaccuracy: 50, mistake: 30, blunder: 300 }));
  assert.ok(e instanceof XiangqiError);
  assert.equal(e.code, -1);
  assert.match(e.message, /0 < inaccuracy <= mistake <= blunder, not 50, 30, 300/);
  assert.match(thrown(() => review.thresholds({ lossCap: 0 })).message, /loss cap/);
  for (const bad of [{ inaccuracy: 2 ** 40 }, { mistake: 1.5 }, { bogus: 1 }, 'x'])
    assert.equal(thrown(() => review.thresholds(bad)).code, -1, JSON.stringify(bad));
  for (const v of [30001, -30001, 2 ** 40]) {
    assert.equal(thrown(() => review.valueText(v)).code, -1);
    assert.equal(thrown(() => review.classify(v, 0, false)).code, -1);
    assert.equal(thrown(() => review.classify(0, v, false)).code, -1);
  }
  for (const bad of [0.5, NaN, '12', undefined])
    assert.equal(thrown(() => review.classifyLoss(bad, false)).code, -1);
  for (const bad of [null, {}, { cp: 1.5 }, { mate: 1000 }])
    assert.equal(thrown(() => review.value(bad)).code, -1);
  // a loss beyond 32 bits is still a loss
  assert.equal(review.classifyLoss(2 ** 40, false), 'blunder');
  assert.equal(review.classifyLoss(-(2 ** 40), false), 'good');
});
