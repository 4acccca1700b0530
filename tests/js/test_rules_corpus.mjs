// SPDX-License-Identifier: MIT
// The rule corpus (tests/data/rules/axf-diagrams.txt) judged through the
// JavaScript package, as check_rules_corpus (C) and test_rules_corpus.py do:
// board.outcome() under axf, cxa and simple, the evidence, and bannedMoves()
// / isBanned() against the outcome of every legal move before the last one
// (the move that completes a losing cycle is banned, and no other).
import test from 'node:test';
import assert from 'node:assert/strict';
import { xq, readData } from './common.mjs';

const { Board, Color } = xq;
const REASONS = { checks: 'perpetual_check', chases: 'perpetual_chase',
  threatens: 'perpetual_mate_threat' };

function loadCases() {
  const cases = [];
  readData('rules', 'axf-diagrams.txt').toString('utf8').split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const f = line.split('|').map((x) => x.trim());
    if (f.length !== 7 || [0, 1, 2, 3, 4, 6].some((k) => !f[k]))
      throw new Error(`axf-diagrams.txt:${i + 1}: malformed record`);
    cases.push({ line: i + 1, label: f[0], fen: f[1], moves: f[2].split(/\s+/),
      verdict: { axf: f[3], cxa: f[4] }, evidence: f[5], citation: f[6] });
  });
  return cases;
}

function expectVerdict(c, rules, o, want) {
  const where = `${c.label} [${c.citation}] (${rules}): ${o ? o.description : 'ongoing'}`;
  if (want === 'ongoing') return assert.equal(o, null, where);
  assert.notEqual(o, null, where);
  if (want === 'draw') {
    assert.deepEqual([o.reason, o.winner, o.atFault], ['repetition', null, null], where);
    return;
  }
  const [side, kind] = want.split('-');
  const loser = side === 'red' ? Color.RED : Color.BLACK;
  assert.deepEqual([o.reason, o.atFault, o.winner], [REASONS[kind], loser, 1 - loser], where);
}

function checkBans(c, b, rules, o) {
  const last = b.pop();
  const mover = b.turn;
  const banned = new Set(b.bannedMoves(rules));
  for (const m of b.legalMoves()) {
    b.push(m);
    const after = b.outcome(rules);
    b.pop();
    const loses = after !== null && after.atFault === mover && after.cycleStart >= 0;
    assert.equal(banned.has(m), loses, `${c.label} (${rules}): move ${m}`);
    assert.equal(b.isBanned(m, rules), loses, `${c.label} (${rules}): isBanned ${m}`);
  }
  assert.equal(banned.has(last), o !== null && o.atFault === mover, `${c.label}: last move`);
  b.push(last);
}

test('the rule corpus under axf, cxa and simple', () => {
  const cases = loadCases();
  assert.ok(cases.length > 0);
  for (const c of cases) {
    const b = new Board(c.fen);
    try {
      c.moves.forEach((m, i) => {
        try {
          b.push(m, 'iccs');
        } catch (e) {
          assert.fail(`${c.label} (line ${c.line}): move ${i + 1} ${m} is not legal: ${e.message}`);
        }
      });
      for (const rules of ['axf', 'cxa', 'simple']) {
        const want = rules === 'simple' ? (c.verdict.axf === 'ongoing' ? 'ongoing' : 'draw')
          : c.verdict[rules];
        const o = b.outcome(rules);
        expectVerdict(c, rules, o, want);
        if (rules === 'axf' && c.evidence) {
          const [chasing, chased] = c.evidence.split('>').map((s) => s.split(',').sort());
          assert.deepEqual([...o.chasing].sort(), chasing, `${c.label}: chasing`);
          assert.deepEqual([...o.chased].sort(), chased, `${c.label}: chased`);
        }
        if (o) for (const s of [...o.chasing, ...o.chased])
          assert.notEqual(b.pieceAt(s), null, `${c.label}: evidence square ${s} is empty`);
        checkBans(c, b, rules, o);
      }
    } finally {
      b.free();
    }
  }
});
