// SPDX-License-Identifier: MIT
// The package as npm sees it: package.json (an ES module with a CommonJS
// entry beside it, its entry points and types, no install scripts, the
// library's version), the TypeScript declarations name everything the entry
// points export, and the packed tarball installed offline into an empty
// CommonJS project (`npm init -y`) works through require().
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { xq, PACKAGE, DATA } from './common.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'));

test('package.json', () => {
  assert.equal(pkg.name, 'xiangqi');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.license, 'MIT AND OFL-1.1 AND CC-BY-4.0'); // the glyph outlines and the ECCO table in the .wasm
  for (const [entry, base] of [['.', 'index'], ['./threads', 'threads']]) {
    const e = pkg.exports[entry];
    assert.deepEqual(e.import, { types: `./${base}.d.ts`, default: `./lib/${base}.js` });
    assert.deepEqual(e.require, { types: `./${base}.d.cts`, default: `./lib/${base}.cjs` });
    assert.equal(e.default, `./lib/${base}.js`);
    assert.equal(e.types, `./${base}.d.ts`);
    // require before default: Node and bundlers take the first condition that applies
    assert.ok(Object.keys(e).indexOf('require') < Object.keys(e).indexOf('default'));
  }
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

// The tarball of `npm pack`, installed offline (no registry, no scripts) into
// an empty CommonJS project made by `npm init -y`, used with require(): the
// CommonJS entry's init() resolves to the ES module's default export, and
// the script exits by itself (no process.exit(), no terminate()).
const hasNpm = (() => {
  try { execFileSync('npm', ['--version'], { stdio: 'ignore' }); return true; } catch { return false; }
})();
test('require(\'xiangqi\') in an npm init -y project, installed from the packed tarball', { skip: !hasNpm && 'npm not found' }, async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-cjs-'));
  try {
    const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8',
      env: { ...process.env, npm_config_cache: path.join(tmp, 'cache'), npm_config_update_notifier: 'false' } });
    const tarball = path.join(tmp, npm(['pack', '--silent', PACKAGE], tmp).trim().split('\n').pop());
    assert.ok(fs.existsSync(tarball), tarball);
    const app = path.join(tmp, 'app');
    fs.mkdirSync(app);
    npm(['init', '-y'], app);
    const appPkg = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8'));
    assert.notEqual(appPkg.type, 'module', 'npm init -y makes a CommonJS project');
    npm(['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund',
      '--registry=http://127.0.0.1:9/', tarball], app);
    fs.writeFileSync(path.join(app, 'main.js'), `'use strict';
const assert = require('node:assert/strict');
const xiangqi = require('xiangqi');
assert.deepEqual(Object.keys(xiangqi), ['init']);
xiangqi.init().then(async (api) => {
  assert.equal(await xiangqi.init(), api, 'one API object');
  assert.equal((await import('xiangqi')).default, api, 'the ES module default export');
  const { Board, perft, XiangqiError, SearchWorker, version } = api;
  const b = new Board();
  assert.equal(b.legalMoves().length, 44);
  assert.equal(perft(3), 79666);
  assert.throws(() => b.push('a0a5'), (e) => e instanceof XiangqiError && e.code === -4);
  assert.throws(() => b.perft('3'), (e) => e instanceof XiangqiError && e.code === -1);
  b.free();
  const engine = new SearchWorker({ hashMb: 8 });
  const r = await engine.start(null, ['h2e2'], { depth: 3 });
  const mt = await require('xiangqi/threads').init();
  assert.equal(mt.threaded, true);
  assert.equal(new mt.Board().perft(2), 1920);
  console.log('commonjs', version, r.bestMove);
}).catch((e) => { console.error(e); process.exitCode = 1; });
`);
    const run = await new Promise((resolve) => execFile(process.execPath, ['main.js'],
      { cwd: app, timeout: 60000 }, (err, stdout, stderr) => resolve({ err, stdout, stderr })));
    assert.ok(!run.err?.killed, `main.js did not exit by itself within 60 s: ${run.stdout}`);
    assert.equal(run.err, null, run.stderr);
    assert.match(run.stdout, new RegExp(`^commonjs ${pkg.version.replace(/\./g, '\\.')} [a-i][0-9][a-i][0-9]\n$`));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
