// SPDX-License-Identifier: MIT
// The analysis board (#analysis, #analysis=FEN): a position from a game, a
// pasted FEN or PGN, or the position editor; the engine's lines (MultiPV 1-5)
// drawn as arrows; moves played on the board as a variation tree; the
// server's explorer (book moves, the opening, the tablebase). The rules come
// from the JavaScript package (xq.js): legal moves, notation, FEN problems,
// PGN; the engine runs off the main thread (engine.js). docs/browser.md.
import { Board } from "./board.js";
import { Editor, EMPTY_FEN } from "./editor.js";
import { Engine } from "./engine.js";
import { renderExplorer } from "./explorer.js";
import * as T from "./tree.js";
import { loadXiangqi, withBoard } from "./xq.js";

export const START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/** The tree's heading: "ply 3", "ply 3 (a variation)", or at the root "the
 *  start position", or "the set-up position" for one from the editor or a
 *  FEN (the board and the side to move decide; issue 45). */
export function whereText(plies, mainLine, rootFen) {
  if (plies) return `ply ${plies}${mainLine ? "" : " (a variation)"}`;
  const key = (f) => String(f || "").split(/\s+/).slice(0, 2).join(" ");
  return key(rootFen) === key(START_FEN) ? "the start position" : "the set-up position";
}
const INFO_MS = 100;          // engine lines are drawn at most this often
// The explorer asks once the stepping pauses, so that holding → stays under
// the server's limit (docs/protocol.md: 20 at once, then 5 a second).
const EXPLORE_DELAY_MS = 250;
const GAME_OVER = "No legal move: the game is over here.";

const $ = (id) => document.getElementById(id);
const fenTurn = (fen) => (/\sb(\s|$)/.test(fen) ? "b" : "w");

function item(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  parent.appendChild(e);
  return e;
}

/** "+0.35", "−1.20", "#3" (Red mates), "#-2" (Black mates): Red's view of a
 *  score given for the side to move (`turn`: "w" or "b"). */
export function redScore(score, turn) {
  const s = turn === "b" ? -1 : 1;
  if (!score) return "";
  if (score.mate !== undefined) return `#${s * score.mate}`;
  const v = (s * score.cp) / 100;
  return `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(2)}`;
}

/** Whether a pasted text is a FEN (else it is read as PGN). */
export function looksLikeFen(text) {
  return !/^\s*\[|\b1\.\s*\S/.test(text) && /^[^\s]*\/[^\s]*(\s|$)/.test(text);
}

/**
 * The analysis view. ctx: { send(type, fields): a promise of the server's
 * reply, notation(): "zh" | "wxf" | "iccs", onClose() }.
 */
export class AnalysisBoard {
  constructor(ctx) {
    this.ctx = ctx;
    this.board = new Board($("an-board-host"), (mv) => this.play(mv));
    this.editor = new Editor(this.board, $("an-palette"), (fen) => this.editorChanged(fen));
    this.xq = null;               // the package's API, once loaded
    this.root = T.createTree(START_FEN);
    this.cur = this.root;         // the node shown
    this.engine = null;
    this.thinking = false;
    this.gen = 0;                 // the engine's search; older infos are dropped
    this.lines = [];              // the engine's latest info per line
    this.drawTimer = 0;
    this.exploreTimer = 0;
    this.exploreSeq = 0;
    this.editing = false;
    this.shown = false;
    this.bindControls();
  }

  status(text) {
    $("an-status").textContent = text;
    $("an-status").hidden = !text;
  }

  async ensureModule() {
    if (this.xq) return true;
    const r = await loadXiangqi();
    if (r.unavailable) {
      this.status(r.unavailable);
      $("analysis").classList.add("no-package");
      for (const id of ["an-go", "an-edit", "an-load-button"]) $(id).disabled = true;
      return false;
    }
    this.xq = r.api;
    $("analysis").dataset.loadMs = String(Math.round(r.ms));
    return true;
  }

  // ---- showing a node ----------------------------------------------------------
  show() {
    const cur = this.cur;
    let legal = [], check = false;
    if (this.xq) [legal, check] = withBoard(this.xq, cur.fen, (b) => [b.legalMoves(), b.isCheck()]);
    this.board.setPosition(cur.fen, { legal, last: cur.move, check });
    this.board.setArrows([]);
    $("an-fen").textContent = cur.fen;
    if (this.shown) history.replaceState(null, "", `#analysis=${encodeURIComponent(cur.fen)}`);
    this.renderTree();
    this.explore();
    this.lines = [];
    this.renderLines();
    if (this.thinking) this.think();
    else $("an-depth").textContent = legal.length ? "" : GAME_OVER;
  }

  goTo(node) {
    if (this.editing || !node) return;
    this.cur = node;
    this.show();
  }

  moveData(b, mv) {
    return { wxf: b.moveToText(mv, "wxf"), zh: b.moveToText(mv, "chinese") };
  }

  /** A move played on the board (legal: its targets came from the package). */
  play(mv) {
    if (!this.xq || this.editing) return;
    let fen, data;
    try {
      [fen, data] = withBoard(this.xq, this.cur.fen, (b) => {
        const d = this.moveData(b, mv);
        b.push(mv);
        return [b.fen(), d];
      });
    } catch (e) { this.status(e.message); return; }
    this.cur = T.addMove(this.cur, mv, fen, data);
    this.show();
  }

  // ---- a new tree: a FEN, a game's moves, a PGN ------------------------------
  newTree(fen, moves = [], ply = moves.length) {
    this.root = T.createTree(fen);
    let n = this.root, at = this.root;
    withBoard(this.xq, fen, (b) => {
      for (const mv of moves) {
        const d = this.moveData(b, mv);
        b.push(mv);
        n = T.addMove(n, mv, b.fen(), d);
        if (T.plyOf(n) === ply) at = n;
      }
    });
    this.cur = at;
    this.show();
  }

  /** The first game of a PGN text, with its variations; returns the number of games. */
  loadPgn(text) {
    const games = this.xq.readPgn(text);
    try {
      if (!games.length) throw new Error("no game in that PGN");
      const rec = games[0];
      rec.goto(0);
      const start = rec.startFen();
      const root = T.createTree(start);
      const b = new this.xq.Board(start);
      const walk = (node) => {
        rec.variations().forEach((mv, i) => {
          const d = this.moveData(b, mv);
          b.push(mv);
          const child = T.addMove(node, mv, b.fen(), d);
          rec.enterVariation(i);
          walk(child);
          rec.back();
          b.pop();
        });
      };
      try { walk(root); } finally { b.free(); }
      this.root = this.cur = root;
      this.show();
      return games.length;
    } finally { games.forEach((g) => g.free()); }
  }

  /** The text of the load box: a FEN (every problem listed) or a PGN. */
  load(text) {
    const out = $("an-load-problems");
    out.replaceChildren();
    text = text.trim();
    if (!text || !this.xq) return;
    try {
      if (looksLikeFen(text)) {
        const problems = this.xq.fenProblems(text);
        for (const p of problems) item(out, "li", p.message);
        if (!problems.length) this.newTree(text);
      } else {
        const n = this.loadPgn(text);
        if (n > 1) item(out, "li", `${n} games in that PGN: the first is shown.`, "note");
      }
    } catch (e) {
      item(out, "li", e.line ? `line ${e.line}: ${e.message}` : e.message);
    }
  }

  // ---- the move tree -----------------------------------------------------------
  moveName(n) {
    const nt = this.ctx.notation();
    return nt === "iccs" ? n.move : n.data[nt === "wxf" ? "wxf" : "zh"] || n.move;
  }

  renderTree() {
    const host = $("an-tree"), cur = this.cur;
    host.replaceChildren();
    const redFirst = fenTurn(this.root.fen) === "w";
    const stack = [];
    let parent = host, fresh = true;
    for (const t of T.tokens(this.root)) {
      if (t.open || t.close) {
        if (t.open) { stack.push(parent); parent = item(parent, "span", undefined, "variation"); }
        else parent = stack.pop();
        fresh = true;
        continue;
      }
      const red = redFirst ? t.ply % 2 === 1 : t.ply % 2 === 0;
      const num = Math.floor((t.ply + (redFirst ? 1 : 2)) / 2);
      if (red) item(parent, "span", `${num}.`, "num");
      else if (fresh) item(parent, "span", `${num}…`, "num");
      const s = item(parent, "button", this.moveName(t.node), "move");
      s.type = "button";
      if (t.node === cur) { s.classList.add("current"); s.setAttribute("aria-current", "step"); }
      if (stack.length) s.classList.add("in-variation");
      s.addEventListener("click", () => this.goTo(t.node));
      fresh = false;
    }
    if (!this.root.children.length) item(host, "span", "Play a move on the board.", "help");
    $("an-promote").disabled = !cur.parent || T.isMainLine(cur);
    $("an-delete").disabled = !cur.parent;
    const plies = T.plyOf(cur);
    $("an-where").textContent = whereText(plies, T.isMainLine(cur), this.root.fen);
  }

  // ---- the engine ----------------------------------------------------------------
  setGoButton(on) {
    $("an-go").textContent = on ? "Stop" : "Analyse";
    $("an-go").setAttribute("aria-pressed", String(on));
  }

  async think() {
    const my = ++this.gen;
    this.lines = [];
    const fen = this.cur.fen, multipv = Number($("an-multipv").value) || 1;
    if (!this.engine) this.engine = new Engine(this.xq, $("an-engine-kind").value);
    this.setGoButton(true);
    try {
      const result = await this.engine.start(fen, { infinite: true, multipv }, (info) => {
        if (my !== this.gen) return;
        this.lines[info.multipv - 1] = info;
        if (!this.drawTimer) this.drawTimer = setTimeout(() => { this.drawTimer = 0; this.renderLines(); }, INFO_MS);
      });
      if (my === this.gen && result) {
        this.renderLines();
        if (!result.bestMove) $("an-depth").textContent = GAME_OVER;
      }
    } catch (e) {
      if (my === this.gen) this.status(`The engine failed: ${e.message}`);
    }
    if (my === this.gen) { this.thinking = false; this.setGoButton(false); }
  }

  async stopThinking() {
    this.thinking = false;
    this.gen++;
    this.setGoButton(false);
    if (this.drawTimer) { // the lines reported before the stop, drawn now and not after it
      clearTimeout(this.drawTimer);
      this.drawTimer = 0;
      if (this.xq) this.renderLines();
    }
    if (this.engine) await this.engine.stop();
  }

  pvText(fen, pv) {
    const nt = this.ctx.notation();
    try {
      return withBoard(this.xq, fen, (b) => pv.map((mv) => {
        const t = nt === "iccs" ? mv : b.moveToText(mv, nt === "wxf" ? "wxf" : "chinese");
        b.push(mv);
        return t;
      })).join(" ");
    } catch { return pv.join(" "); }
  }

  renderLines() {
    const host = $("an-lines"), fen = this.cur.fen;
    host.replaceChildren();
    // A line of the depth before, whose first move the line above has taken
    // at this depth, waits for its new report (MultiPV reports line by line).
    const seen = new Set();
    const lines = this.lines.filter((l) => {
      const first = l && l.pv && l.pv[0];
      if (!l || (first && seen.has(first))) return false;
      if (first) seen.add(first);
      return true;
    });
    for (const info of lines) {
      const li = item(host, "li", undefined, info.multipv === 1 ? "line best" : "line");
      li.dataset.multipv = info.multipv;
      item(li, "span", redScore(info.score, fenTurn(fen)), "score");
      item(li, "span", ` d${info.depth} `, "depth");
      const pv = item(li, "button", this.pvText(fen, info.pv || []), "pv link");
      pv.type = "button";
      pv.title = "Play this line's first move";
      pv.addEventListener("click", () => { if (info.pv && info.pv[0]) this.play(info.pv[0]); });
    }
    const top = lines[0], e = this.engine;
    if (top) {
      const kn = top.nps >= 1000 ? `${Math.round(top.nps / 1000)} k` : `${top.nps}`;
      $("an-depth").textContent = `depth ${top.depth} · ${top.nodes.toLocaleString("en")} nodes · ${kn} nodes/s` +
        (e ? ` · ${e.kind === "threads" ? `${e.threads} threads` : "Web Worker"}` : "");
      $("an-engine").dataset.depth = String(top.depth);
    }
    this.board.setArrows(lines.filter((l) => l.pv && l.pv[0]).map((l) => ({ move: l.pv[0], best: l.multipv === 1 })));
  }

  // ---- the explorer (the server's `explore`) --------------------------------
  explore() {
    clearTimeout(this.exploreTimer);
    this.exploreTimer = setTimeout(() => this.exploreNow(), EXPLORE_DELAY_MS);
  }

  async exploreNow() {
    const seq = ++this.exploreSeq, node = this.cur;
    const fields = { fen: node.fen };
    if (this.root.fen === START_FEN) fields.moves = T.pathMoves(node);
    const opts = { notation: this.ctx.notation(), onMove: (mv) => { if (node === this.cur) this.play(mv); } };
    let reply = null;
    try { reply = await this.ctx.send("explore", fields); } catch (e) { opts.error = e; }
    if (seq !== this.exploreSeq) return;
    if (opts.error && opts.error.code === "rate_limited") { // ask again when allowed
      this.exploreTimer = setTimeout(() => this.exploreNow(), 1000 * (opts.error.retry_after || 1));
      return;
    }
    renderExplorer($("an-explorer"), reply, opts);
  }

  // ---- the position editor ---------------------------------------------------
  editorChanged(fen) {
    $("an-fen").textContent = fen;
    $("an-turn").value = this.editor.turn;
    const out = $("an-problems");
    out.replaceChildren();
    const problems = this.xq ? this.xq.fenProblems(fen) : [];
    for (const p of problems) item(out, "li", p.message);
    $("an-problems-head").hidden = !problems.length;
    $("an-done").disabled = problems.length > 0;
    $("an-done").title = problems.length ? "An impossible position cannot be analysed" : "";
  }

  async edit(on) {
    if (on === this.editing) return;
    if (on) {
      await this.stopThinking();
      this.editing = true;
      this.editor.start(this.cur.fen);
    } else {
      this.editing = false;
      this.editor.stop();
      this.show();
    }
    $("an-editor").hidden = !on;
    $("an-edit").textContent = on ? "Cancel editing" : "Edit position";
    for (const id of ["an-go", "an-load-button", "an-promote", "an-delete"]) $(id).disabled = on;
    $("analysis").classList.toggle("editing", on);
  }

  async editDone() {
    const fen = this.editor.fen();
    if (this.xq.fenProblems(fen).length) return; // refused: the list says why
    await this.edit(false);
    this.newTree(fen);
  }

  // ---- controls ------------------------------------------------------------------
  bindControls() {
    const on = (id, fn, ev = "click") => $(id).addEventListener(ev, fn);
    on("an-go", () => {
      if (!this.xq) return;
      if (this.thinking) { this.stopThinking(); return; }
      this.thinking = true;
      this.think();
    });
    on("an-multipv", () => { if (this.thinking) this.think(); }, "change");
    on("an-engine-kind", () => this.switchEngine(), "change");
    on("an-edit", () => this.edit(!this.editing));
    on("an-done", () => this.editDone());
    on("an-clear", () => this.editor.setAll(EMPTY_FEN.replace(" w ", this.editor.turn === "black" ? " b " : " w ")));
    on("an-startpos", () => this.editor.setAll(START_FEN));
    on("an-turn", () => this.editor.setTurn($("an-turn").value), "change");
    on("an-load", (e) => { e.preventDefault(); this.load($("an-input").value); }, "submit");
    on("an-first", () => this.goTo(this.root));
    on("an-back", () => this.goTo(this.cur.parent));
    on("an-fwd", () => this.goTo(T.next(this.cur)));
    on("an-last", () => this.goTo(T.lineEnd(this.cur)));
    on("an-flip", () => this.board.setFlipped(!this.board.flipped));
    on("an-promote", () => { if (T.promote(this.cur)) this.renderTree(); });
    on("an-delete", () => { if (this.cur.parent) this.goTo(T.remove(this.cur)); });
    on("an-close", () => this.ctx.onClose());
    document.addEventListener("keydown", (e) => this.key(e));
  }

  // ← → Home End anywhere but in a field or on the board (whose keys move its cursor)
  key(e) {
    if (!this.shown || this.editing || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && t.closest && (t.closest("input, textarea, select") || t.closest("#an-board-host"))) return;
    const cur = this.cur;
    const to = { ArrowLeft: cur.parent, ArrowRight: T.next(cur), Home: this.root, End: T.lineEnd(cur) }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.goTo(to);
  }

  async switchEngine() {
    const was = this.thinking;
    await this.stopThinking();
    if (this.engine) this.engine.terminate();
    this.engine = null;
    if (was) { this.thinking = true; this.think(); }
  }

  /** Show the board: `what` a FEN (validated; null: the start position) or a
   *  game, { start, moves, ply }. */
  async open(what) {
    this.shown = true;
    $("analysis").hidden = false;
    if (!(await this.ensureModule())) { this.board.setPosition(START_FEN); return; }
    this.status("");
    if (this.editing) await this.edit(false);
    if (what && what.moves) { this.newTree(what.start || START_FEN, what.moves, what.ply); return; }
    const fen = typeof what === "string" && what ? what : START_FEN;
    if (this.xq.fenProblems(fen).length) { // the problems listed; the board as it was
      $("an-input").value = fen;
      this.load(fen);
      this.show();
    } else if (fen !== this.root.fen || this.cur !== this.root) this.newTree(fen);
    else this.show();
  }

  async close() {
    this.shown = false;
    $("analysis").hidden = true;
    await this.stopThinking();
  }

  /** The notation changed: the tree, the lines and the explorer again. */
  refresh() {
    if (this.xq && this.shown && !this.editing) { this.renderTree(); this.renderLines(); this.explore(); }
  }
}
