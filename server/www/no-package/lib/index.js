// SPDX-License-Identifier: MIT
// The stand-in for the JavaScript package (bindings/js) that xq-server serves
// at /xiangqi/ when it has none (--js): the page imports it instead of a file
// that is not there, and learns that the analysis board is off.
export const unavailable =
  "This server has no JavaScript package (libxiangqi compiled to WebAssembly): " +
  "the analysis board needs it. Build it (ctest -R js_build, or emcmake; docs/javascript.md) " +
  "and start xq-server with --js DIR, or install it to share/xiangqi/js.";
export default { unavailable };
