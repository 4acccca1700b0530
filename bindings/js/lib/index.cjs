// SPDX-License-Identifier: MIT
// The package's CommonJS entry (`require('xiangqi')`, package.json "exports",
// condition "require"). The module loads asynchronously (WebAssembly), which
// a require() cannot wait for: init() loads it and resolves to the API
// object, the same object as the ES module's default export (index.js):
//
//   const xiangqi = require('xiangqi');
//   xiangqi.init().then(({ Board }) => console.log(new Board().legalMoves().length));
//
// Every call of init() resolves to that one object.
'use strict';

let loading = null;

/** Load the single-threaded module; a promise of the API (Board, Search, ...). */
function init() {
  if (!loading) loading = import('./index.js').then((m) => m.default);
  return loading;
}

module.exports = { init };
