// SPDX-License-Identifier: MIT
// Shared by the JavaScript tests: where the package and the data are. Set by
// ctest (tests/CMakeLists.txt): XQ_JS_PACKAGE, the built package folder
// (build/wasm/package); XQ_TEST_DATA, tests/data; XQ_SHARED, the shared data
// beside the repository (../shared), which may be missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
export const PACKAGE = process.env.XQ_JS_PACKAGE ?? path.join(root, 'build', 'wasm', 'package');
export const DATA = process.env.XQ_TEST_DATA ?? path.join(root, 'tests', 'data');
export const SHARED = process.env.XQ_SHARED ?? path.resolve(root, '..', 'shared');

export const xq = await import(pathToFileURL(path.join(PACKAGE, 'lib', 'index.js')).href);
export const readData = (...p) => fs.readFileSync(path.join(DATA, ...p));

/** The shared file if it is there, else the copy in tests/data, else null. */
export function sharedOr(sharedPath, dataPath) {
  for (const p of [path.join(SHARED, sharedPath), dataPath && path.join(DATA, dataPath)])
    if (p && fs.existsSync(p)) return p;
  return null;
}

/** Run fn(err) on the XiangqiError fn throws; fails when nothing is thrown. */
export function thrown(fn) {
  try { fn(); } catch (e) { return e; }
  throw new Error('expected an error');
}

// Node 20 has no `using` declaration: keep(obj) frees obj after the test.
const kept = [];
export function keep(obj) {
  kept.push(obj);
  return obj;
}
export function freeKept() {
  while (kept.length) kept.pop().free();
}
