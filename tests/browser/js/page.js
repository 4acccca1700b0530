// SPDX-License-Identifier: MIT
// The checks of the package in a page (tests/browser/test_js.py): the module
// loads and works on the page's thread, in a plain module Worker, and in
// SearchWorker (stop by SharedArrayBuffer when the page is cross-origin
// isolated, by ending the worker otherwise); with isolation, the threaded
// module too. window.xqResults holds the answers and the figures.
const results = { errors: [] };
const out = document.getElementById('out');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A search started, stopped after 300 ms: the best stop-to-result time of 3
// tries (a busy machine may delay one), and the last result.
async function stopLatency(start, stop) {
  let best = Infinity;
  let result = null;
  for (let i = 0; i < 3 && best >= 50; i++) {
    const pending = start();
    await sleep(300);
    const t = performance.now();
    stop();
    result = await pending;
    best = Math.min(best, performance.now() - t);
  }
  return { best, result };
}
// Where the checks are, for a page that never finishes.
const step = (name) => { out.textContent = `running: ${name}`; };

async function main() {
  step('import');
  const t0 = performance.now();
  const xq = await import('../package/lib/index.js');
  results.loadMs = performance.now() - t0;         // import and instantiate
  results.readyMs = performance.now();              // since the navigation started
  results.isolated = globalThis.crossOriginIsolated === true;
  results.version = xq.version;

  const b = new xq.Board();
  results.moves = b.legalMoves().length;
  results.perft3 = b.perft(3);
  results.push = b.push('炮二平五');
  results.reply = b.moveToText('h9g7');
  results.fen = b.fen();
  b.free();
  try { new xq.Board('nonsense'); } catch (e) {
    results.fenError = { name: e.name, code: e.code, codeName: e.codeName, message: e.message };
  }
  const games = xq.readPgn('[Event "a"]\n\n1. h2e2 h9g7 2. h0g2 *\n');
  results.pgnMoves = games[0].mainline();
  games.forEach((g) => g.free());

  step('module Worker');
  // A plain module Worker that imports the package.
  results.worker = await new Promise((resolve, reject) => {
    const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    w.onmessage = (e) => { w.terminate(); resolve(e.data); };
    w.onerror = (e) => reject(new Error(`worker: ${e.message}`));
  });

  step('SearchWorker');
  // SearchWorker: a search to a depth, then a search stopped after 300 ms.
  const sw = new xq.SearchWorker({ hashMb: 16 });
  const deep = await sw.start(null, ['h2e2'], { depth: 5 });
  results.searchMove = deep.bestMove;
  let infos = 0;
  const { best, result: stopped } = await stopLatency(
    () => sw.start(null, [], { infinite: true }, () => infos++), () => sw.stop());
  results.stopMs = best;
  results.stopTerminated = stopped.terminated === true;
  results.stopMove = stopped.bestMove;
  results.stopInfos = infos;
  // The engine's speed in a worker: 2 s from the start position.
  const timed = await sw.start(null, [], { movetime: 2000 });
  results.workerNps = timed.nps;
  results.workerNodes = timed.nodes;
  sw.terminate();

  if (results.isolated) {
    step('threaded module');
    const mt = await import('../package/lib/threads.js');
    results.threaded = mt.threaded;
    const s = new mt.Search();
    const board = new mt.Board();
    const { best: mtBest, result: r } = await stopLatency(
      () => s.start(board, { infinite: true }), () => s.stop());
    results.mtStopMs = mtBest;
    results.mtMove = r.bestMove;
    s.free();
    board.free();
  }
}

main().catch((e) => results.errors.push(String(e && e.stack || e))).finally(() => {
  window.xqResults = results;
  out.textContent = JSON.stringify(results, null, 1);
});
