// SPDX-License-Identifier: MIT
// A game review (the server's `analysis`, docs/protocol.md "Review") drawn
// for people: the evaluation graph (SVG, Red's side up on a winning-chance
// scale, Red's advantage filled in red, Black's in black; the moves classed
// inaccuracy, mistake or blunder marked; a click on the graph goes to that
// position), and the sentence for a move ("3... Blunder: evaluation +4.10
// (Red's side), 4.00 pawns lost. Better: 炮8平5 马二进三."), counted in moves
// as the move list counts them. The classes, their symbols and the values'
// text come from the server, which has them from the library
// (xiangqi/review.h): the page knows no mate value or threshold of its own.
const SVG = "http://www.w3.org/2000/svg";
// WINNING_SCALE: centipawns to a winning chance, 2 / (1 + e^(-k cp)) - 1 in
// (-1, 1), as lichess draws its graph: +-1 pawn is 0.35 of the height, +-5
// pawns 0.93, a mate the top or the bottom; nothing is clamped flat.
export const EVAL_GRAPH = { width: 360, height: 120, margin: 4, k: 0.00368208 };
let graphs = 0; // the clip paths' ids

/** The graph's y of a value (centipawns from Red's side): Red's advantage up. */
export function evalY(v) {
  const { height: h, margin, k } = EVAL_GRAPH;
  const chance = 2 / (1 + Math.exp(-k * v)) - 1;
  return h / 2 - chance * (h / 2 - margin);
}

/** "25." for Red's 25th move, "25..." for Black's: the move of `ply` (1 = the
 *  first) counted as the move list counts, from a start where `blackFirst`. */
export function moveNumber(ply, blackFirst = false) {
  const k = ply - 1 + (blackFirst ? 1 : 0);
  return `${Math.floor(k / 2) + 1}${k % 2 ? "..." : "."}`;
}

/** The replay's place: "Move 24 of 25, Black (ply 47 of 50)", "The start
 *  (ply 0 of 50)". */
export function plyText(v, n, blackFirst = false) {
  if (v <= 0) return `The start (ply 0 of ${n})`;
  const k = v - 1 + (blackFirst ? 1 : 0), last = n - 1 + (blackFirst ? 1 : 0);
  return `Move ${Math.floor(k / 2) + 1} of ${Math.floor(last / 2) + 1}, ${k % 2 ? "Black" : "Red"} (ply ${v} of ${n})`;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** The value after `ply` as people read it: "+0.35", "−1.20", "#3" (mate
 *  in 3), "#−2", from the server's `texts`. */
export function valueText(a, ply) {
  const t = a.texts && a.texts[ply];
  return typeof t === "string" ? t.replace("-", "−") : String(a.values[ply]);
}

/** The evaluation graph of `a` (an `analysis`); onPly(ply) on a click;
 *  opts.blackFirst as for moveNumber(). */
export function evalGraph(a, onPly, opts = {}) {
  const { width: w, height: h } = EVAL_GRAPH, n = a.values.length - 1, id = `eval-clip-${++graphs}`;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "eval-graph", role: "img",
    "aria-label": `Evaluation after each of ${n} plies, Red's side up` });
  const x = (ply) => (n ? (ply * w) / n : w / 2);
  const y = evalY;
  el("rect", { x: 0, y: 0, width: w, height: h, class: "even" }, svg);
  const defs = el("defs", {}, svg);
  el("rect", { x: 0, y: 0, width: w, height: h / 2 }, el("clipPath", { id: `${id}-red` }, defs));
  el("rect", { x: 0, y: h / 2, width: w, height: h / 2 }, el("clipPath", { id: `${id}-black` }, defs));
  const area = [`0,${h / 2}`].concat(a.values.map((v, i) => `${x(i)},${y(v)}`), [`${x(n)},${h / 2}`]).join(" ");
  el("polygon", { points: area, class: "red-side", "clip-path": `url(#${id}-red)` }, svg);
  el("polygon", { points: area, class: "black-side", "clip-path": `url(#${id}-black)` }, svg);
  el("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, class: "zero" }, svg);
  el("polyline", { points: a.values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }, svg);
  for (const m of a.moves) {
    if (!m.symbol) continue; // the best and good moves are not marked
    const c = el("circle", { cx: x(m.ply), cy: y(a.values[m.ply]), r: 4, class: `mark ${m.class}`,
      "data-ply": m.ply }, svg);
    el("title", {}, c).textContent = `${moveNumber(m.ply, opts.blackFirst)} ${m.move}: ${m.class}`;
  }
  const cursor = el("line", { x1: 0, y1: 0, x2: 0, y2: h, class: "cursor" }, svg);
  svg.setCursor = (ply) => { cursor.setAttribute("x1", x(ply)); cursor.setAttribute("x2", x(ply)); };
  svg.addEventListener("click", (e) => {
    const r = svg.getBoundingClientRect();
    onPly(Math.round(((e.clientX - r.left) / r.width) * n));
  });
  return svg;
}

/** What the review says of the move that led to `ply` ("" for ply 0):
 *  its number as the move list has it, its class, the evaluation after it
 *  and the pawns it lost, and the better line. opts: blackFirst (as for
 *  moveNumber()), line: the better line in the user's notation (else the
 *  best move in Chinese and the line in ICCS, as the server sends them). */
export function moveVerdict(a, ply, opts = {}) {
  const m = a.moves[ply - 1];
  if (!m) return "";
  const num = moveNumber(ply, opts.blackFirst);
  const value = `evaluation ${valueText(a, ply)} (Red's side)`;
  if (m.class === "best") return `${num} Best move: ${value}.`;
  const what = m.class === "good" ? "Good" : m.class.charAt(0).toUpperCase() + m.class.slice(1);
  const lost = m.loss ? `, ${(m.loss / 100).toFixed(2)} pawns lost` : "";
  let better = "";
  if (opts.line) better = ` Better: ${opts.line}.`;
  else if (m.line && m.line.length)
    better = ` Better: ${m.best_zh || m.line[0]} (the line in ICCS: ${m.line.join(" ")}).`;
  return `${num} ${what}: ${value}${lost}.${better}`;
}

// ACCURACY: lichess's accuracy of a move from the mover's winning percentage
// before and after it, 103.1668 e^(-0.04354 (before - after)) - 3.1669, in
// 0..100; a player's accuracy is the mean over their moves.
const ACCURACY = { a: 103.1668, b: 0.04354, c: 3.1669 };

/** The winning percentage (0..100) of a value in centipawns. */
export function winPercent(cp) {
  return 50 + 50 * (2 / (1 + Math.exp(-EVAL_GRAPH.k * cp)) - 1);
}

/** Each side's accuracy in the review `a`: { red, black } in 0..100 (null
 *  for a side without a move), from a start where `blackFirst`. */
export function accuracy(a, blackFirst = false) {
  const sum = { red: 0, black: 0 }, count = { red: 0, black: 0 };
  for (let ply = 1; ply < a.values.length; ply++) {
    const red = (ply % 2 === 1) !== blackFirst, sign = red ? 1 : -1;
    const drop = winPercent(sign * a.values[ply - 1]) - winPercent(sign * a.values[ply]);
    const acc = ACCURACY.a * Math.exp(-ACCURACY.b * Math.max(0, drop)) - ACCURACY.c;
    const side = red ? "red" : "black";
    sum[side] += Math.max(0, Math.min(100, acc));
    count[side]++;
  }
  return { red: count.red ? sum.red / count.red : null, black: count.black ? sum.black / count.black : null };
}

/** "Accuracy: Red 91%, Black 64%". */
export function accuracyText(a, blackFirst = false) {
  const acc = accuracy(a, blackFirst);
  const one = (side, name) => (acc[side] === null ? null : `${name} ${Math.round(acc[side])}%`);
  return `Accuracy: ${[one("red", "Red"), one("black", "Black")].filter(Boolean).join(", ")}`;
}
