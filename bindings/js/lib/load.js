// SPDX-License-Identifier: MIT
// Load one of the two modules of dist/: the browser fetches the .wasm next to
// the .mjs; Node reads it from the file (emscripten 3.1.6 would try fetch()
// on a file path). Nothing is fetched from anywhere else.
import { makeApi } from './api.js';

const isNode = typeof process === 'object' && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string';

export async function load(factory, wasmName, options = {}) {
  const opts = { ...options };
  if (isNode && !opts.wasmBinary) {
    const fs = await import('fs');
    opts.wasmBinary = fs.readFileSync(new URL(`../dist/${wasmName}`, import.meta.url));
  }
  return makeApi(await factory(opts));
}
