// SPDX-License-Identifier: MIT
// Benchmark of the JavaScript package (issue 28; prints figures, not a test):
// the sizes of the modules (raw and gzip), perft of the start position to
// depth 5 in Node against the native xq-perft, and the engine's speed to a
// fixed depth in a Worker (SearchWorker, the single-threaded module), in the
// threaded module and natively (xq-uci), one thread each. With one thread and
// a depth limit the search is deterministic, so the node counts must agree.
// The load time in a page is printed by the browser test (tests/browser/test_js.py).
//
// usage: node tests/bench/js_bench.mjs PACKAGE_DIR NATIVE_BIN_DIR [--depth N (14)] [--repeat N (3)]
//   e.g. node tests/bench/js_bench.mjs build/wasm/package build/bin
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync, spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import os from 'node:os';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args.splice(i, 2)[1]) : dflt;
};
const SEARCH_DEPTH = opt('--depth', 14);   // about 1.5 s natively
const REPEAT = opt('--repeat', 3);         // best of
const [pkgDir, binDir] = args;
if (!pkgDir || !binDir) {
  console.error('usage: node js_bench.mjs PACKAGE_DIR NATIVE_BIN_DIR [--depth N] [--repeat N]');
  process.exit(2);
}
const PERFT_DEPTH = 5;
const START_PERFT5 = 133312995;

console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}, ${os.cpus().length} CPUs, node ${process.version}`);

// ---- sizes ----
console.log('\nsizes (bytes)            raw      gzip -9');
for (const f of fs.readdirSync(path.join(pkgDir, 'dist')).sort()) {
  if (!/\.(wasm|mjs|js)$/.test(f)) continue;
  const data = fs.readFileSync(path.join(pkgDir, 'dist', f));
  const gz = zlib.gzipSync(data, { level: 9 }).length;
  console.log(`  ${f.padEnd(22)} ${String(data.length).padStart(8)} ${String(gz).padStart(10)}`);
}
let js = 0;
let jsGz = 0;
for (const f of fs.readdirSync(path.join(pkgDir, 'lib'))) {
  const data = fs.readFileSync(path.join(pkgDir, 'lib', f));
  js += data.length;
  jsGz += zlib.gzipSync(data, { level: 9 }).length;
}
console.log(`  ${'lib/*.js (the API)'.padEnd(22)} ${String(js).padStart(8)} ${String(jsGz).padStart(10)}`);

// ---- perft ----
const t0 = performance.now();
const xq = await import(pathToFileURL(path.join(pkgDir, 'lib', 'index.js')).href);
console.log(`\nmodule import + instantiate in Node: ${(performance.now() - t0).toFixed(1)} ms`);
const best = (fn) => {
  let b = Infinity;
  for (let i = 0; i < REPEAT; i++) b = Math.min(b, fn());
  return b;
};
const wasmPerft = best(() => {
  const s = performance.now();
  const n = xq.perft(PERFT_DEPTH);
  if (n !== START_PERFT5) throw new Error(`perft ${n}`);
  return (performance.now() - s) / 1000;
});
const nativePerft = best(() => {
  const r = spawnSync(path.join(binDir, 'xq-perft'), ['--depth', String(PERFT_DEPTH)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const line = r.stdout.trim().split('\n').pop().trim().split(/\s+/);
  if (Number(line[1]) !== START_PERFT5) throw new Error(r.stdout);
  return Number(line[2]);                 // xq-perft's own time of the count
});
console.log(`\nperft start position depth ${PERFT_DEPTH} (${START_PERFT5} leaves, best of ${REPEAT})`);
console.log(`  wasm in Node   ${wasmPerft.toFixed(3)} s  ${(START_PERFT5 / wasmPerft / 1e6).toFixed(1)} M leaves/s`);
console.log(`  native         ${nativePerft.toFixed(3)} s  ${(START_PERFT5 / nativePerft / 1e6).toFixed(1)} M leaves/s`);
console.log(`  wasm / native  ${(100 * nativePerft / wasmPerft).toFixed(0)} %`);

// ---- search ----
async function nativeSearch() {
  const p = spawn(path.join(binDir, 'xq-uci'));
  let out = '';
  p.stdout.on('data', (d) => { out += d; });
  p.stdin.write(`uci\nsetoption name Hash value 16\nisready\nposition startpos\ngo depth ${SEARCH_DEPTH}\n`);
  await new Promise((resolve) => {
    const t = setInterval(() => { if (/bestmove/.test(out)) { clearInterval(t); resolve(); } }, 5);
  });
  p.stdin.end('quit\n');
  const info = out.split('\n').filter((l) => l.startsWith('info depth ' + SEARCH_DEPTH + ' ')).pop();
  const num = (k) => Number(new RegExp(` ${k} (\\d+)`).exec(info)[1]);
  return { nodes: num('nodes'), ms: num('time'), move: /bestmove (\S+)/.exec(out)[1] };
}
async function workerSearch() {
  const w = new xq.SearchWorker({ hashMb: 16 });
  try {
    const r = await w.start(null, [], { depth: SEARCH_DEPTH });
    return { nodes: r.nodes, ms: r.time, move: r.bestMove };
  } finally {
    w.terminate();
  }
}
async function threadedSearch() {
  const mt = await import(pathToFileURL(path.join(pkgDir, 'lib', 'threads.js')).href);
  const s = new mt.Search({ hashMb: 16 });
  const b = new mt.Board();
  try {
    const r = await s.start(b, { depth: SEARCH_DEPTH });
    return { nodes: r.nodes, ms: r.time, move: r.bestMove };
  } finally {
    s.free();
    b.free();
  }
}
console.log(`\nsearch from the start position to depth ${SEARCH_DEPTH}, 1 thread, 16 MB (best of ${REPEAT})`);
const rows = [];
for (const [name, fn] of [['wasm in a Worker', workerSearch], ['wasm threaded', threadedSearch],
  ['native xq-uci', nativeSearch]]) {
  let bestRun = null;
  for (let i = 0; i < REPEAT; i++) {
    const r = await fn();
    if (!bestRun || r.ms < bestRun.ms) bestRun = r;
  }
  rows.push([name, bestRun]);
  console.log(`  ${name.padEnd(18)} ${String(bestRun.nodes).padStart(9)} nodes ${String(bestRun.ms).padStart(6)} ms `
    + `${Math.round(bestRun.nodes / bestRun.ms * 1000).toString().padStart(8)} nodes/s  ${bestRun.move}`);
}
const nps = (r) => r.nodes / r.ms;
const native = rows[2][1];
console.log(`  Worker / native ${(100 * nps(rows[0][1]) / nps(native)).toFixed(0)} %, `
  + `threaded / native ${(100 * nps(rows[1][1]) / nps(native)).toFixed(0)} %`);
if (rows.some(([, r]) => r.nodes !== native.nodes))
  console.log('  note: the node counts differ (the search should be deterministic here)');
process.exit(0);
