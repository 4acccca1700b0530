// SPDX-License-Identifier: MIT
// replay.c's output through the JavaScript package (bindings.sh compares).
// usage: node replay.mjs PACKAGE_DIR < games
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const xq = await import(pathToFileURL(path.join(process.argv[2], 'lib', 'index.js')).href);
const outcome = (b, rules) => { const o = b.outcome(rules); return o === null ? '-' : o.description; };
const out = [];
const lines = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l.trim() !== '');
lines.forEach((line, i) => {
  const bar = line.indexOf('|');
  const b = new xq.Board(line.slice(0, bar).trim());
  line.slice(bar + 1).trim().split(/\s+/).filter(Boolean).forEach((t, k) => {
    const texts = ['iccs', 'wxf', 'chinese'].map((n) => b.moveToText(t, n));
    b.push(t);
    out.push(`${i + 1} ${k + 1} ${texts.join(' ')} | ${b.fen()} | ${outcome(b, 'axf')} | ${outcome(b, 'cxa')}`);
  });
  b.free?.();
});
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
