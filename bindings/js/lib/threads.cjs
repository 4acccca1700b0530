// SPDX-License-Identifier: MIT
// The CommonJS entry of the threaded module (`require('xiangqi/threads')`):
// init() resolves to the API object of threads.js, its ES module's default
// export (see index.cjs).
'use strict';

let loading = null;

/** Load the threaded module; a promise of the API (Board, Search, ...). */
function init() {
  if (!loading) loading = import('./threads.js').then((m) => m.default);
  return loading;
}

module.exports = { init };
