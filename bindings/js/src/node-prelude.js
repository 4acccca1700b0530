// SPDX-License-Identifier: MIT
// Put at the top of the ES modules (emcc --extern-pre-js): emscripten 3.1.6's
// ES module output still calls require() and reads __dirname under Node,
// which an ES module does not have. Browsers skip both imports.
const xqIsNode = typeof process == 'object' && typeof process.versions == 'object' &&
    typeof process.versions.node == 'string';
var require = xqIsNode ? (await import('module')).createRequire(import.meta.url) : undefined;
var __dirname = xqIsNode ? require('path').dirname(require('url').fileURLToPath(import.meta.url)) : undefined;
