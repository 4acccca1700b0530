// SPDX-License-Identifier: MIT
// The board: an SVG drawing in the visual language of xq_board_svg() (the
// same units and colours, from board_style.js, which is written from
// lib/svg/svg_style.h; the same glyphs), with click-to-move, drag-and-drop,
// keyboard entry, legal targets, last move and check marks, animated moves and
// the analysis board's arrows. It knows no rules: the legal moves come from
// the server with each state, or from the JavaScript package (xq.js). The
// position editor (editor.js) takes its pointer events over (`editor`).

import { BAND, CELL, COLOURS, FRAME, GRID_H, GRID_W, PAD, RADIUS } from "./board_style.js";

const NS = "http://www.w3.org/2000/svg";
const LEFT = PAD + BAND + 4, TOP = PAD + BAND;
const WIDTH = LEFT + GRID_W + PAD + 4, HEIGHT = TOP + GRID_H + PAD + 12 + BAND + 6;
const ANIM_MS = 220;
const DRAG_PX = 6; // pointer travel (screen pixels) before a press becomes a drag

const GLYPH = {
  red: { k: "帅", a: "仕", b: "相", n: "马", r: "车", c: "炮", p: "兵" },
  black: { k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒" },
};
// The letters piece set (a setting, for players who cannot read the glyphs):
// WXF's letters, the colour telling the side.
const LETTER = { k: "K", a: "A", b: "E", n: "H", r: "R", c: "C", p: "P" };
let pieceStyle = "glyphs";
const boards = new Set();
/** "glyphs" (帅, 車, ...) or "letters" (K, R, ...): every board redraws. */
export function setPieceStyle(style) {
  pieceStyle = style === "letters" ? "letters" : "glyphs";
  for (const b of boards) if (b.gPieces) b.render();
}
const NAME = { k: "king", a: "advisor", b: "elephant", n: "horse", r: "chariot", c: "cannon", p: "soldier" };
const CN_NUM = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** Square name ("e0") from file 0-8 and rank 0-9. */
export const sqName = (f, r) => "abcdefghi"[f] + r;
const sqFile = (s) => s.charCodeAt(0) - 97;
const sqRank = (s) => s.charCodeAt(1) - 48;

/** The pieces of a FEN: {sq: {color, type}} and the side to move. */
export function parseFen(fen) {
  const pieces = {};
  const [place, side] = fen.split(/\s+/);
  const rows = place.split("/");
  for (let i = 0; i < rows.length && i < 10; i++) {
    let f = 0;
    for (const ch of rows[i]) {
      if (/\d/.test(ch)) { f += Number(ch); continue; }
      let t = ch.toLowerCase();
      if (t === "e") t = "b";
      if (t === "h") t = "n";
      if (f < 9) pieces[sqName(f, 9 - i)] = { color: ch === ch.toUpperCase() ? "red" : "black", type: t };
      f++;
    }
  }
  return { pieces, turn: side === "b" ? "black" : "red" };
}

export function pieceName(p) {
  return p ? `${p.color} ${NAME[p.type]}` : "empty";
}

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  /** @param {HTMLElement} host  @param {(move: string, dragged: boolean) => void} onMove */
  constructor(host, onMove) {
    boards.add(this);
    this.onMove = onMove;
    this.flipped = false;
    this.pieces = {};
    this.legal = [];       // ICCS moves the user may play now (empty: not the user's turn)
    this.last = null;      // last move, ICCS
    this.check = null;     // square of the king in check
    this.premove = null;   // the user's premove (ICCS), marked until played or cancelled
    this.selected = null;
    this.cursor = "e0";
    this.drag = null;
    this.arrows = [];      // [{move, best}]: the analysis board's engine lines
    this.editor = null;    // the position editor, which then gets the pointer events
    this.svg = el("svg", {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "board", role: "application", tabindex: "0",
      "aria-roledescription": "Xiangqi board",
    });
    host.appendChild(this.svg);
    this.gStatic = el("g", {}, this.svg);
    this.gMarks = el("g", {}, this.svg);
    this.gPieces = el("g", {}, this.svg);
    this.gArrows = el("g", { "pointer-events": "none", class: "arrows" }, this.svg);
    this.gTargets = el("g", { "pointer-events": "none" }, this.svg);
    this.gCursor = el("g", { "pointer-events": "none" }, this.svg);
    this.gHit = el("g", {}, this.svg);
    this.drawStatic();
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    this.svg.addEventListener("keydown", (e) => this.key(e));
    this.svg.addEventListener("focus", () => this.drawCursor());
    this.svg.addEventListener("blur", () => this.drawCursor());
  }

  xy(sq) {
    const f = sqFile(sq), r = sqRank(sq);
    return this.flipped ? [LEFT + CELL * (8 - f), TOP + CELL * r] : [LEFT + CELL * f, TOP + CELL * (9 - r)];
  }

  drawStatic() {
    const g = this.gStatic;
    g.replaceChildren();
    el("rect", { width: WIDTH, height: HEIGHT, fill: COLOURS.board }, g);
    const x0 = LEFT, y0 = TOP, x1 = x0 + GRID_W, y1 = y0 + GRID_H;
    el("rect", { x: x0 - FRAME, y: y0 - FRAME, width: GRID_W + 2 * FRAME, height: GRID_H + 2 * FRAME,
      fill: "none", stroke: COLOURS.line, "stroke-width": 4 }, g);
    const lines = el("g", { stroke: COLOURS.line, "stroke-width": 2, "stroke-linecap": "square" }, g);
    el("rect", { x: x0, y: y0, width: GRID_W, height: GRID_H, fill: "none" }, lines);
    const line = (a, b, c, d) => el("line", { x1: a, y1: b, x2: c, y2: d }, lines);
    for (let r = 1; r < 9; r++) line(x0, y0 + r * CELL, x1, y0 + r * CELL);
    for (let f = 1; f < 8; f++) {
      const x = x0 + f * CELL;
      line(x, y0, x, y0 + 4 * CELL);
      line(x, y0 + 5 * CELL, x, y1);
    }
    for (const ya of [y0, y1 - 2 * CELL]) {
      line(x0 + 3 * CELL, ya, x0 + 5 * CELL, ya + 2 * CELL);
      line(x0 + 5 * CELL, ya, x0 + 3 * CELL, ya + 2 * CELL);
    }
    let d = "";
    const marks = [[1, 2], [7, 2], [1, 7], [7, 7], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3], [0, 6], [2, 6], [4, 6], [6, 6], [8, 6]];
    for (const [f, r] of marks) {
      const cx = x0 + f * CELL, cy = y0 + (9 - r) * CELL;
      for (const dx of [-1, 1]) {
        if ((f === 0 && dx < 0) || (f === 8 && dx > 0)) continue;
        for (const dy of [-1, 1]) d += `M${cx + 5 * dx} ${cy + 15 * dy}v${-10 * dy}h${10 * dx}`;
      }
    }
    el("path", { d, fill: "none", stroke: COLOURS.line, "stroke-width": 1.5 }, g);
    const river = el("g", { class: "cjk", "font-size": 34, fill: COLOURS.line, "text-anchor": "middle", "aria-hidden": "true" }, g);
    const ry = y0 + 4 * CELL + CELL / 2 + 12;
    el("text", { x: x0 + 2 * CELL, y: ry }, river).textContent = "楚　河";
    el("text", { x: x0 + 6 * CELL, y: ry }, river).textContent = "漢　界";
    // coordinates: file numbers for both sides (Red's in Chinese), then ICCS letters and ranks
    const lab = el("g", { class: "latin", "font-size": 20, fill: COLOURS.label, "text-anchor": "middle", "aria-hidden": "true" }, g);
    const topY = y0 - PAD + 2, botY = y1 + PAD + 12;
    for (let f = 0; f < 9; f++) {
      const x = x0 + CELL * (this.flipped ? 8 - f : f);
      const red = el("text", { x, y: this.flipped ? topY : botY, class: "cjk" }, lab);
      red.textContent = CN_NUM[8 - f];
      el("text", { x, y: this.flipped ? botY : topY }, lab).textContent = String(f + 1);
      el("text", { x, y: botY + BAND - 2, "font-style": "italic", "font-size": 17 }, lab).textContent = "abcdefghi"[f];
    }
    for (let r = 0; r < 10; r++)
      el("text", { x: x0 - PAD - 4, y: y0 + CELL * (this.flipped ? r : 9 - r) + 7, "font-style": "italic", "font-size": 17 }, lab).textContent = String(r);
    // hit areas, one per point, on top of everything
    this.gHit.replaceChildren();
    for (let f = 0; f < 9; f++)
      for (let r = 0; r < 10; r++) {
        const sq = sqName(f, r), [x, y] = this.xy(sq);
        el("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, fill: "transparent",
          "data-sq": sq, class: "hit" }, this.gHit);
      }
  }

  setFlipped(flipped) {
    if (this.flipped === flipped) return;
    this.flipped = flipped;
    this.drawStatic();
    this.render();
  }

  /** Arrows for moves (ICCS): [{move, best}], `best` drawn thicker and darker. */
  setArrows(arrows) {
    this.arrows = arrows;
    this.renderArrows();
  }

  renderArrows() {
    const g = this.gArrows;
    g.replaceChildren();
    // the others first, so that the best line's arrow is on top
    for (const a of [...this.arrows].sort((x, y) => Number(!!x.best) - Number(!!y.best))) {
      if (!a.move || a.move.length < 4) continue;
      const [x0, y0] = this.xy(a.move.slice(0, 2)), [x1, y1] = this.xy(a.move.slice(2, 4));
      const len = Math.hypot(x1 - x0, y1 - y0);
      if (!len) continue;
      const ux = (x1 - x0) / len, uy = (y1 - y0) / len, w = a.best ? 11 : 7, head = a.best ? 26 : 20;
      const sx = x0 + ux * RADIUS * 0.6, sy = y0 + uy * RADIUS * 0.6;
      const ex = x1 - ux * head, ey = y1 - uy * head;
      const colour = a.best ? COLOURS.arrow : "#3d6fb0";
      const arrow = el("g", { class: a.best ? "arrow best" : "arrow", "data-move": a.move,
        opacity: a.best ? 0.85 : 0.6 }, g);
      el("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: colour, "stroke-width": w, "stroke-linecap": "round" }, arrow);
      const px = -uy * head * 0.55, py = ux * head * 0.55;
      el("path", { d: `M${x1} ${y1}L${ex + px} ${ey + py}L${ex - px} ${ey - py}Z`, fill: colour }, arrow);
    }
  }

  /** A new position. `animate`: the ICCS move that led to it, to slide its piece. */
  setPosition(fen, { legal = [], last = null, check = false, animate = null } = {}) {
    const { pieces, turn } = parseFen(fen);
    this.pieces = pieces;
    this.legal = legal;
    this.last = last;
    this.check = null;
    if (check)
      for (const [sq, p] of Object.entries(pieces)) if (p.type === "k" && p.color === turn) this.check = sq;
    if (this.selected && !this.targets(this.selected).length) this.selected = null;
    this.render(animate);
  }

  /** The premove to mark (ICCS), or null. */
  setPremove(mv) {
    if (this.premove === mv) return;
    this.premove = mv;
    this.renderMarks();
  }

  setLegal(legal) {
    this.legal = legal;
    if (this.selected && !this.targets(this.selected).length) this.selected = null;
    this.renderMarks();
  }

  targets(from) {
    return this.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
  }

  render(animate = null) {
    this.renderMarks();
    this.renderArrows();
    this.gPieces.replaceChildren();
    this.pieceEls = {};
    for (const [sq, p] of Object.entries(this.pieces)) {
      const g = el("g", { class: `piece ${p.color}`, "data-piece": sq }, this.gPieces);
      const ink = p.color === "red" ? COLOURS.red : COLOURS.black;
      el("circle", { r: RADIUS, fill: COLOURS.disc, stroke: ink, "stroke-width": 2.5 }, g);
      el("circle", { r: RADIUS - 4, fill: "none", stroke: ink, "stroke-width": 1 }, g);
      const letters = pieceStyle === "letters";
      const t = el("text", { y: letters ? 10 : 11, class: letters ? "latin" : "cjk", "font-size": letters ? 30 : 32,
        "font-weight": "bold", "text-anchor": "middle", fill: ink }, g);
      t.textContent = letters ? LETTER[p.type] : GLYPH[p.color][p.type];
      this.place(g, sq);
      this.pieceEls[sq] = g;
    }
    if (animate && this.pieceEls[animate.slice(2, 4)]) {
      const g = this.pieceEls[animate.slice(2, 4)];
      const [fx, fy] = this.xy(animate.slice(0, 2)), [tx, ty] = this.xy(animate.slice(2, 4));
      g.style.transition = "none";
      g.style.transform = `translate(${fx}px, ${fy}px)`;
      g.getBoundingClientRect(); // commit the start position before the transition
      g.style.transition = `transform ${ANIM_MS}ms ease-out`;
      g.style.transform = `translate(${tx}px, ${ty}px)`;
    }
    this.describe();
  }

  place(g, sq) {
    const [x, y] = this.xy(sq);
    g.style.transform = `translate(${x}px, ${y}px)`;
  }

  renderMarks() {
    const m = this.gMarks;
    m.replaceChildren();
    if (this.last)
      for (const sq of [this.last.slice(0, 2), this.last.slice(2, 4)]) {
        const [x, y] = this.xy(sq);
        el("rect", { x: x - CELL / 2 + 2, y: y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 6,
          fill: COLOURS.last, "fill-opacity": 0.35, class: "last" }, m);
      }
    if (this.premove)
      for (const sq of [this.premove.slice(0, 2), this.premove.slice(2, 4)]) {
        const [x, y] = this.xy(sq);
        el("rect", { x: x - CELL / 2 + 2, y: y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 6,
          class: "premove" }, m);
      }
    if (this.check) {
      const [x, y] = this.xy(this.check);
      el("circle", { cx: x, cy: y, r: RADIUS + 9, fill: COLOURS.check, "fill-opacity": 0.35, class: "check" }, m);
      el("circle", { cx: x, cy: y, r: RADIUS + 4, fill: COLOURS.check, "fill-opacity": 0.5 }, m);
    }
    if (this.selected) {
      const [x, y] = this.xy(this.selected);
      el("circle", { cx: x, cy: y, r: RADIUS + 5, fill: "none", stroke: COLOURS.arrow, "stroke-width": 4, class: "selected" }, m);
    }
    const t = this.gTargets;
    t.replaceChildren();
    if (this.selected)
      for (const sq of this.targets(this.selected)) {
        const [x, y] = this.xy(sq);
        if (this.pieces[sq])
          el("circle", { cx: x, cy: y, r: RADIUS + 2, fill: "none", stroke: COLOURS.arrow, "stroke-width": 5, "stroke-opacity": 0.85, class: "target" }, t);
        else el("circle", { cx: x, cy: y, r: 10, fill: COLOURS.arrow, "fill-opacity": 0.8, class: "target" }, t);
      }
    this.drawCursor();
  }

  drawCursor() {
    this.gCursor.replaceChildren();
    if (document.activeElement !== this.svg || !this.svg.matches(":focus-visible")) return;
    const [x, y] = this.xy(this.cursor);
    el("rect", { x: x - CELL / 2 + 1, y: y - CELL / 2 + 1, width: CELL - 2, height: CELL - 2, fill: "none",
      stroke: "#0b4fa8", "stroke-width": 3, "stroke-dasharray": "8 4" }, this.gCursor);
    this.svg.setAttribute("aria-label", `Xiangqi board. Square ${this.cursor}: ${pieceName(this.pieces[this.cursor])}` +
      (this.selected ? `. Selected ${this.selected}` : "") + ". Arrow keys move, Enter picks and drops, Escape cancels.");
  }

  describe() {
    this.svg.setAttribute("aria-label", "Xiangqi board. Focus it and use the arrow keys and Enter to move.");
  }

  /** Pick, drop or drop a selection on a square; returns true when a move was sent. */
  choose(sq) {
    if (this.selected && this.targets(this.selected).includes(sq)) {
      const mv = this.selected + sq;
      this.selected = null;
      this.renderMarks();
      this.onMove(mv, false);
      return true;
    }
    if (this.selected === sq) this.selected = null;
    else this.selected = this.targets(sq).length ? sq : null;
    this.renderMarks();
    return false;
  }

  squareAt(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    let f = Math.round((p.x - LEFT) / CELL), r = 9 - Math.round((p.y - TOP) / CELL);
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    if (f < 0 || f > 8 || r < 0 || r > 9) return null;
    return { sq: sqName(f, r), x: p.x, y: p.y };
  }

  pointerDown(e) {
    if (e.button !== 0) return;
    if (this.editor) { this.editor.boardDown(e, this.squareAt(e)); e.preventDefault(); return; }
    const at = this.squareAt(e);
    if (!at) return;
    this.cursor = at.sq;
    if (this.choose(at.sq)) return;
    if (this.selected === at.sq) {
      this.drag = { from: at.sq, x0: e.clientX, y0: e.clientY, moving: false, id: e.pointerId };
      this.svg.setPointerCapture(e.pointerId);
    }
    e.preventDefault();
  }

  /** Move a piece's drawing to the pointer (a drag). */
  follow(sq, e) {
    const g = this.pieceEls[sq];
    if (!g) return;
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    g.style.transition = "none";
    g.style.transform = `translate(${p.x}px, ${p.y}px) scale(1.12)`;
    this.gPieces.appendChild(g); // on top of the others
  }

  pointerMove(e) {
    if (this.editor) { this.editor.boardMove(e); return; }
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moving && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_PX) return;
    d.moving = true;
    const at = this.squareAt(e);
    this.follow(d.from, e);
    if (at) this.cursor = at.sq;
  }

  pointerUp(e) {
    if (this.editor) { this.editor.boardUp(e, this.squareAt(e)); return; }
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    if (!d.moving) return; // a click: the piece stays selected
    const at = this.squareAt(e);
    const g = this.pieceEls[d.from];
    if (at && this.targets(d.from).includes(at.sq)) {
      if (g) { g.style.transition = "none"; this.place(g, at.sq); }
      this.selected = null;
      this.renderMarks();
      this.onMove(d.from + at.sq, true);
    } else if (g) {
      g.style.transition = `transform ${ANIM_MS}ms ease-out`;
      this.place(g, d.from);
    }
  }

  cancelDrag() {
    if (this.drag && this.pieceEls[this.drag.from]) this.place(this.pieceEls[this.drag.from], this.drag.from);
    this.drag = null;
  }

  key(e) {
    const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (dir) {
      const s = this.flipped ? -1 : 1;
      const f = Math.min(8, Math.max(0, sqFile(this.cursor) + s * dir[0]));
      const r = Math.min(9, Math.max(0, sqRank(this.cursor) + s * dir[1]));
      this.cursor = sqName(f, r);
      this.drawCursor();
      e.preventDefault();
    } else if ((e.key === "Enter" || e.key === " ") && this.editor) {
      this.editor.place(this.cursor); // the palette's piece (or the eraser) on the cursor's square
      this.drawCursor();
      e.preventDefault();
    } else if (e.key === "Enter" || e.key === " ") {
      this.choose(this.cursor);
      this.drawCursor();
      e.preventDefault();
    } else if (e.key === "Escape") {
      this.selected = null;
      this.renderMarks();
    }
  }
}
