// SPDX-License-Identifier: MIT
// The package as npm sees it: package.json (an ES module, its entry points and
// types, no install scripts, the library's version), and the TypeScript
// declarations name everything the entry points export.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { xq, PACKAGE, DATA } from './common.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'));

test('package.json', () => {
  assert.equal(pkg.name, 'xiangqi');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.license, 'MIT AND OFL-1.1 AND CC-BY-4.0'); // the glyph outlines and the ECCO table in the .wasm
  assert.equal(pkg.exports['.'].default, './lib/index.js');
  assert.equal(pkg.exports['.'].types, './index.d.ts');
  assert.equal(pkg.exports['./threads'].default, './lib/threads.js');
  for (const s of ['preinstall', 'install', 'postinstall', 'prepare'])
    assert.equal(pkg.scripts?.[s], undefined, `no ${s} script`);
  assert.equal(pkg.dependencies, undefined, 'nothing to fetch');
  const header = fs.readFileSync(path.join(DATA, '..', '..', 'include', 'xiangqi', 'version.h'), 'utf8');
  const v = ['MAJOR', 'MINOR', 'PATCH'].map((p) => new RegExp(`XQ_VERSION_${p} (\\d+)`).exec(header)[1]);
  assert.equal(pkg.version, v.join('.'), 'the version of include/xiangqi/version.h');
  assert.equal(xq.version, pkg.version);
  for (const f of pkg.files) assert.ok(fs.existsSync(path.join(PACKAGE, f)), f);
});

test('the declarations name every export', async () => {
  for (const [entry, dts] of [['index.js', 'index.d.ts'], ['threads.js', 'threads.d.ts']]) {
    const mod = await import(pathToFileURL(path.join(PACKAGE, 'lib', entry)).href);
    const text = fs.readFileSync(path.join(PACKAGE, dts), 'utf8');
    for (const name of Object.keys(mod)) {
      if (name === 'default') continue;
      assert.match(text, new RegExp(`\\b${name}\\b`), `${dts} declares ${name}`);
    }
  }
  // And the classes' methods: every public method of the JavaScript is declared.
  const text = fs.readFileSync(path.join(PACKAGE, 'index.d.ts'), 'utf8');
  for (const cls of [xq.Board, xq.Record, xq.Book, xq.Search, xq.SearchWorker]) {
    const names = [...Object.getOwnPropertyNames(cls.prototype), ...Object.getOwnPropertyNames(cls)]
      .filter((n) => !n.startsWith('_') && !['constructor', 'prototype', 'length', 'name'].includes(n));
    for (const n of names) assert.match(text, new RegExp(`\\b${n}\\b[?]?[(:]`), `${cls.name}.${n}`);
  }
});
