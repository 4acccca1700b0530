// SPDX-License-Identifier: MIT
// The position editor of the analysis board: pieces dragged from a palette
// onto the board, from square to square, and off the board; or a palette
// piece picked and then placed by clicks or, on the focused board, with the
// arrow keys and Enter (the same piece again removes it; the eraser removes
// any). Side to move, an empty board, the start
// position. It knows no rules: the page asks the package's fenProblems()
// (the library's xq_fen_problems()) after every change.
import { parseFen } from "./board.js";
import { toFen } from "./replay.js";

const DRAG_PX = 6;
const KINDS = ["k", "a", "b", "n", "r", "c", "p"];
const GLYPH = {
  red: { k: "帅", a: "仕", b: "相", n: "马", r: "车", c: "炮", p: "兵" },
  black: { k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒" },
};
const NAME = { k: "general", a: "advisor", b: "elephant", n: "horse", r: "chariot", c: "cannon", p: "soldier" };
export const EMPTY_FEN = "9/9/9/9/9/9/9/9/9/9 w - - 0 1";

export class Editor {
  /** board: the Board; palette: its host element; onChange(fen) after every change. */
  constructor(board, palette, onChange) {
    this.board = board;
    this.onChange = onChange;
    this.pieces = {};
    this.turn = "red";
    this.pick = null;      // the palette's chosen piece ({color, type}) or "erase"
    this.drag = null;      // a piece dragged on the board
    this.pdrag = null;     // a piece dragged from the palette
    this.buttons = [];
    this.buildPalette(palette);
  }

  buildPalette(host) {
    host.replaceChildren();
    const add = (label, value, title) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.title = title;
      b.setAttribute("aria-label", title);
      b.setAttribute("aria-pressed", "false");
      b.dataset.piece = value === "erase" ? "erase" : `${value.color[0]}${value.type}`;
      if (value !== "erase") b.classList.add(value.color);
      b.addEventListener("click", () => {
        if (this.suppressClick) { this.suppressClick = false; return; }
        this.choose(this.pick && this.same(this.pick, value) ? null : value);
      });
      b.addEventListener("pointerdown", (e) => this.paletteDown(e, b, value));
      b.addEventListener("pointermove", (e) => this.paletteMove(e));
      b.addEventListener("pointerup", (e) => this.paletteUp(e));
      host.appendChild(b);
      this.buttons.push({ b, value });
    };
    for (const color of ["red", "black"])
      for (const type of KINDS) add(GLYPH[color][type], { color, type }, `${color} ${NAME[type]}`);
    add("✕", "erase", "eraser: a click removes a piece");
  }

  same(a, b) {
    return a === b || (a && b && a !== "erase" && b !== "erase" && a.color === b.color && a.type === b.type);
  }

  choose(value) {
    this.pick = value;
    for (const { b, value: v } of this.buttons) {
      const on = this.same(v, value);
      b.classList.toggle("chosen", !!on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  /** Start editing `fen` (the board shows the editor's pieces until stop()). */
  start(fen) {
    const { pieces, turn } = parseFen(fen);
    this.pieces = pieces;
    this.turn = turn;
    this.board.editor = this;
    this.board.setArrows([]);
    this.changed();
  }

  stop() {
    this.board.editor = null;
    this.choose(null);
  }

  fen() { return toFen(this.pieces, this.turn); }

  set(sq, piece) {
    if (piece) this.pieces[sq] = { ...piece };
    else delete this.pieces[sq];
    this.changed();
  }

  setAll(fen) {
    const { pieces, turn } = parseFen(fen);
    this.pieces = pieces;
    this.turn = turn;
    this.changed();
  }

  setTurn(turn) {
    this.turn = turn;
    this.changed();
  }

  changed() {
    this.board.setPosition(this.fen(), { legal: [] });
    this.onChange(this.fen());
  }

  // ---- the board's pointer events (Board delegates them while editing) ----
  boardDown(e, at) {
    if (!at) return;
    const p = this.pieces[at.sq];
    if (p) {
      this.drag = { from: at.sq, piece: p, x0: e.clientX, y0: e.clientY, moving: false, id: e.pointerId };
      this.board.svg.setPointerCapture(e.pointerId);
    } else this.drag = { from: null, at: at.sq, id: e.pointerId };
  }

  boardMove(e) {
    const d = this.drag;
    if (!d || !d.from || d.id !== e.pointerId) return;
    if (!d.moving && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_PX) return;
    d.moving = true;
    this.board.follow(d.from, e);
  }

  boardUp(e, at) {
    const d = this.drag;
    this.drag = null;
    if (!d || d.id !== e.pointerId) return;
    if (d.from && d.moving) { // dragged: to another square, or off the board
      delete this.pieces[d.from];
      if (at) this.pieces[at.sq] = d.piece;
      this.changed();
      return;
    }
    this.place(d.from || d.at);
  }

  /** A click (or Enter) on a square: the palette's piece there; the eraser,
   *  or the same piece again, removes what stands there. */
  place(sq) {
    if (!sq || !this.pick) return;
    const here = this.pieces[sq];
    if (this.pick === "erase" || (here && this.same(here, this.pick))) this.set(sq, null);
    else this.set(sq, this.pick);
  }

  // ---- a piece dragged from the palette ----
  paletteDown(e, b, value) {
    if (e.button !== 0 || value === "erase") return;
    this.pdrag = { value, x0: e.clientX, y0: e.clientY, moving: false, id: e.pointerId, ghost: null, label: b.textContent, cls: value.color };
    b.setPointerCapture(e.pointerId);
  }

  paletteMove(e) {
    const d = this.pdrag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moving && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_PX) return;
    if (!d.moving) {
      d.moving = true;
      d.ghost = document.createElement("div");
      d.ghost.className = `drag-ghost ${d.cls}`;
      d.ghost.textContent = d.label;
      document.body.appendChild(d.ghost);
    }
    d.ghost.style.left = `${e.clientX}px`;
    d.ghost.style.top = `${e.clientY}px`;
  }

  paletteUp(e) {
    const d = this.pdrag;
    this.pdrag = null;
    if (!d || d.id !== e.pointerId || !d.moving) return;
    d.ghost.remove();
    this.suppressClick = true; // the click that follows a drag chooses nothing
    setTimeout(() => { this.suppressClick = false; }, 0);
    const at = this.board.squareAt(e);
    if (at) this.set(at.sq, d.value);
  }
}
