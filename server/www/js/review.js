// SPDX-License-Identifier: MIT
// A game review (the server's `analysis`, docs/protocol.md "Review") drawn
// for people: the evaluation graph (SVG, Red's side up, scores clamped to
// ±10 pawns; the moves classed inaccuracy, mistake or blunder marked; a click
// on the graph goes to that position), and the sentence for a move ("Blunder
// (−6.20). Better: 炮二平五, h2e2 h9g7 ..."). The classes, their symbols and
// the values' text come from the server, which has them from the library
// (xiangqi/review.h): the page knows no mate value or threshold of its own.
const SVG = "http://www.w3.org/2000/svg";
export const EVAL_GRAPH = { width: 360, height: 120, cap: 1000 };

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

/** The evaluation graph of `a` (an `analysis`); onPly(ply) on a click. */
export function evalGraph(a, onPly) {
  const { width: w, height: h, cap } = EVAL_GRAPH, n = a.values.length - 1;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "eval-graph", role: "img",
    "aria-label": `Evaluation after each of ${n} moves, Red's side up` });
  const x = (ply) => (n ? (ply * w) / n : w / 2);
  const y = (v) => h / 2 - (Math.max(-cap, Math.min(cap, v)) * (h / 2 - 4)) / cap;
  el("rect", { x: 0, y: 0, width: w, height: h, class: "black-side" }, svg);
  const area = [`0,${h / 2}`].concat(a.values.map((v, i) => `${x(i)},${y(v)}`), [`${x(n)},${h / 2}`]);
  el("polygon", { points: area.join(" "), class: "red-side" }, svg);
  el("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, class: "zero" }, svg);
  el("polyline", { points: a.values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }, svg);
  for (const m of a.moves) {
    if (!m.symbol) continue; // the best and good moves are not marked
    const c = el("circle", { cx: x(m.ply), cy: y(a.values[m.ply]), r: 4, class: `mark ${m.class}`,
      "data-ply": m.ply }, svg);
    el("title", {}, c).textContent = `${m.ply}. ${m.move}: ${m.class}`;
  }
  const cursor = el("line", { x1: 0, y1: 0, x2: 0, y2: h, class: "cursor" }, svg);
  svg.setCursor = (ply) => { cursor.setAttribute("x1", x(ply)); cursor.setAttribute("x2", x(ply)); };
  svg.addEventListener("click", (e) => {
    const r = svg.getBoundingClientRect();
    onPly(Math.round(((e.clientX - r.left) / r.width) * n));
  });
  return svg;
}

/** What the review says of the move that led to `ply` ("" for ply 0). */
export function moveVerdict(a, ply) {
  const m = a.moves[ply - 1];
  if (!m) return "";
  const after = valueText(a, ply);
  if (m.class === "best") return `${ply}. Best move (${after}).`;
  const what = m.class === "good" ? "Good" : m.class.charAt(0).toUpperCase() + m.class.slice(1);
  const better = m.line && m.line.length ? ` Better: ${m.best_zh || m.line[0]}, ${m.line.join(" ")}.` : "";
  return `${ply}. ${what} (${after}${m.loss ? `, −${(m.loss / 100).toFixed(2)}` : ""}).${better}`;
}
