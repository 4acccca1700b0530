// SPDX-License-Identifier: MIT
// The JavaScript package's entry points that take text or bytes, over the
// libFuzzer corpora of tests/fuzz/corpus (issue 44): every input is read or
// refused with a XiangqiError, never another exception or a crash of the
// module, and what is read works afterwards (FEN written back and read
// again, a record's moves replayed, a book probed).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { xq } from './common.mjs';

const { Board, Record, Book, XiangqiError, validateFen, fenProblems, readPgn } = xq;
const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = (name) => {
  const dir = path.join(here, '..', 'fuzz', 'corpus', name);
  return fs.readdirSync(dir).sort().map((f) => fs.readFileSync(path.join(dir, f)));
};
const text = (bytes) => new TextDecoder().decode(bytes);

// Runs fn; an exception must be a XiangqiError. Returns fn's value or null.
function readOrRefuse(what, fn) {
  try {
    return fn();
  } catch (e) {
    assert.ok(e instanceof XiangqiError, `${what}: ${e && e.stack}`);
    assert.ok(typeof e.message === 'string' && e.message.length > 0, what);
    return null;
  }
}

test('FEN corpus: Board, validateFen, fenProblems', () => {
  const inputs = corpus('fen');
  assert.ok(inputs.length > 0);
  for (const bytes of inputs) {
    for (const line of text(bytes).split('\n')) {
      const problems = readOrRefuse('fenProblems', () => fenProblems(line));
      if (problems !== null) assert.ok(Array.isArray(problems));
      const valid = readOrRefuse('validateFen', () => { validateFen(line); return true; });
      const b = readOrRefuse('new Board', () => new Board(line));
      assert.equal(b !== null, valid === true, `Board and validateFen disagree on ${JSON.stringify(line)}`);
      if (b) {
        const again = new Board(b.fen());
        assert.equal(again.fen(), b.fen());
        again.free();
        b.free();
      }
    }
  }
});

test('move-text corpus: parseMove in every notation', () => {
  const b = new Board();
  for (const bytes of corpus('notation')) {
    for (const line of text(bytes).split('\n')) {
      for (const n of ['auto', 'iccs', 'wxf', 'chinese']) {
        const m = readOrRefuse('parseMove', () => b.parseMove(line, n));
        if (m !== null) assert.equal(b.isLegal(m), true, `${n}: ${JSON.stringify(line)}`);
      }
    }
  }
  b.free();
});

test('PGN corpora: readPgn and Record.fromPgn, the games replayed', () => {
  for (const name of ['pgn', 'roundtrip']) {
    for (const bytes of corpus(name)) {
      const games = readOrRefuse('readPgn', () => readPgn(bytes, { skipErrors: true }));
      for (const g of games ?? []) {
        g.gotoEnd();
        const b = g.board();
        assert.ok(typeof b.fen() === 'string');
        b.free();
        g.free();
      }
      const one = readOrRefuse('Record.fromPgn', () => Record.fromPgn(text(bytes)));
      one?.free();
    }
  }
});

test('book corpus: Book.fromBytes, probed from the start', () => {
  for (const bytes of corpus('book')) {
    const book = readOrRefuse('Book.fromBytes', () => Book.fromBytes(bytes));
    if (book) {
      const b = new Board();
      const entries = book.probe(b);
      assert.ok(Array.isArray(entries));
      b.free();
      book.free();
    }
  }
});
