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
const INFO_MS = 100;          // engine lines are drawn at most this often
const EXPLORE_DELAY_MS = 120; // the explorer asks once the stepping pauses
const MAX_MULTIPV = 5;

const $ = (id) => document.getElementById(id);

function item(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  parent.appendChild(e);
  return e;
}

/** "+0.35", "-1.20", "#3" (Red mates), "#-2" (Black mates): Red's view of a
 *  score given for the side to move (`turn`: "w" or "b"). */
export function redScore(score, turn) {
  const s = turn === "b" ? -1 : 1;
  if (!score) return "";
  if (score.mate !== undefined) return `#${s * score.mate}`;
  const v = (s * score.cp) / 100;
  return `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(2)}`;
}

/**
 * The analysis view. ctx: { send(type, fields): a promise of the server's
 * reply, notation(): "zh" | "wxf" | "iccs", onClose() }.
 */
export function createAnalysis(ctx) {
  const board = new Board($("an-board-host"), (mv) => play(mv));
  const editor = new Editor(board, $("an-palette"), (fen) => editorChanged(fen));
  let xq = null;           // the package's API, once loaded
  let root = T.createTree(START_FEN), cur = root;
  let engine = null, thinking = false, gen = 0;
  let lines = [], drawTimer = 0, exploreTimer = 0, exploreSeq = 0;
  let editing = false, shown = false;

  const status = (text) => { $("an-status").textContent = text; $("an-status").hidden = !text; };

  async function ensureModule() {
    if (xq) return true;
    const r = await loadXiangqi();
    if (r.unavailable) {
      status(r.unavailable);
      $("analysis").classList.add("no-package");
      for (const id of ["an-go", "an-edit", "an-load-button"]) $(id).disabled = true;
      return false;
    }
    xq = r.api;
    $("analysis").dataset.loadMs = String(Math.round(r.ms));
    return true;
  }

  // ---- showing a node ----------------------------------------------------------
  function fenTurn(fen) { return /\sb(\s|$)/.test(fen) ? "b" : "w"; }

  function show() {
    let legal = [], check = false;
    if (xq) [legal, check] = withBoard(xq, cur.fen, (b) => [b.legalMoves(), b.isCheck()]);
    board.setPosition(cur.fen, { legal, last: cur.move, check });
    board.setArrows([]);
    $("an-fen").textContent = cur.fen;
    if (shown) history.replaceState(null, "", `#analysis=${encodeURIComponent(cur.fen)}`);
    renderTree();
    explore();
    lines = [];
    renderLines();
    if (thinking) think();
    else $("an-depth").textContent = legal.length ? "" : "No legal move: the game is over here.";
  }

  function goTo(node) {
    if (editing) return;
    cur = node;
    show();
  }

  function moveData(b, mv) {
    return { iccs: mv, wxf: b.moveToText(mv, "wxf"), zh: b.moveToText(mv, "chinese") };
  }

  /** A move played on the board (legal: its targets came from the package). */
  function play(mv) {
    if (!xq || editing) return;
    let fen, data;
    try {
      [fen, data] = withBoard(xq, cur.fen, (b) => { const d = moveData(b, mv); b.push(mv); return [b.fen(), d]; });
    } catch (e) { status(e.message); return; }
    cur = T.addMove(cur, mv, fen, data);
    show();
  }

  // ---- a new tree: a FEN, a game's moves, a PGN ------------------------------
  function newTree(fen, moves = [], ply = moves.length) {
    root = T.createTree(fen);
    let n = root, at = root;
    withBoard(xq, fen, (b) => {
      for (const mv of moves) {
        const d = moveData(b, mv);
        b.push(mv);
        n = T.addMove(n, mv, b.fen(), d);
        if (T.plyOf(n) === ply) at = n;
      }
    });
    cur = at;
    show();
  }

  function loadPgn(text) {
    const games = xq.readPgn(text);
    try {
      if (!games.length) throw new Error("no game in that PGN");
      const rec = games[0];
      rec.goto(0);
      const start = rec.startFen();
      root = T.createTree(start);
      const b = new xq.Board(start);
      try {
        const walk = (node) => {
          const vars = rec.variations();
          vars.forEach((mv, i) => {
            const d = moveData(b, mv);
            b.push(mv);
            const child = T.addMove(node, mv, b.fen(), d);
            rec.enterVariation(i);
            walk(child);
            rec.back();
            b.pop();
          });
        };
        walk(root);
      } finally { b.free(); }
      cur = root;
      show();
      return games.length;
    } finally { games.forEach((g) => g.free()); }
  }

  /** The text of the load box: a FEN (every problem listed) or a PGN. */
  function load(text) {
    const out = $("an-load-problems");
    out.replaceChildren();
    text = text.trim();
    if (!text || !xq) return;
    const isFen = !/^\s*\[|\b1\.\s*\S/.test(text) && /^[^\s]*\/[^\s]*(\s|$)/.test(text);
    try {
      if (isFen) {
        const problems = xq.fenProblems(text);
        if (problems.length) {
          for (const p of problems) item(out, "li", p.message);
          return;
        }
        newTree(text);
      } else {
        const n = loadPgn(text);
        if (n > 1) item(out, "li", `${n} games in that PGN: the first is shown.`, "note");
      }
    } catch (e) {
      item(out, "li", e.line ? `line ${e.line}: ${e.message}` : e.message);
    }
  }

  // ---- the move tree -----------------------------------------------------------
  function renderTree() {
    const host = $("an-tree");
    host.replaceChildren();
    const name = (n) => (ctx.notation() === "iccs" ? n.move : n.data[ctx.notation() === "wxf" ? "wxf" : "zh"] || n.move);
    const redFirst = fenTurn(root.fen) === "w";
    let depth = 0, fresh = true;
    let parent = host;
    const stack = [];
    for (const t of T.tokens(root)) {
      if (t.open) {
        stack.push(parent);
        parent = item(parent, "span", undefined, "variation");
        depth++;
        fresh = true;
        continue;
      }
      if (t.close) { parent = stack.pop(); depth--; fresh = true; continue; }
      const red = redFirst ? t.ply % 2 === 1 : t.ply % 2 === 0;
      const num = Math.floor((t.ply + (redFirst ? 1 : 2)) / 2);
      if (red) item(parent, "span", `${num}.`, "num");
      else if (fresh) item(parent, "span", `${num}…`, "num");
      const s = item(parent, "button", name(t.node), "move");
      s.type = "button";
      s.dataset.path = T.pathMoves(t.node).join(" ");
      if (t.node === cur) { s.classList.add("current"); s.setAttribute("aria-current", "step"); }
      if (depth) s.classList.add("in-variation");
      s.addEventListener("click", () => goTo(t.node));
      fresh = false;
    }
    if (!root.children.length) item(host, "span", "Play a move on the board.", "help");
    $("an-promote").disabled = !cur.parent || T.isMainLine(cur);
    $("an-delete").disabled = !cur.parent;
    const plies = T.plyOf(cur);
    $("an-where").textContent = plies ? `ply ${plies}${T.isMainLine(cur) ? "" : " (a variation)"}` : "the start position";
  }

  // ---- the engine ----------------------------------------------------------------
  async function think() {
    const my = ++gen;
    lines = [];
    const fen = cur.fen, multipv = Number($("an-multipv").value) || 1;
    if (!engine) engine = new Engine(xq, $("an-engine-kind").value);
    $("an-go").textContent = "Stop";
    $("an-go").setAttribute("aria-pressed", "true");
    try {
      const result = await engine.start(fen, { infinite: true, multipv }, (info) => {
        if (my !== gen) return;
        lines[info.multipv - 1] = info;
        if (!drawTimer) drawTimer = setTimeout(() => { drawTimer = 0; renderLines(); }, INFO_MS);
      });
      if (my === gen) { renderLines(); if (!result.bestMove) $("an-depth").textContent = "No legal move: the game is over here."; }
    } catch (e) {
      if (my === gen) status(`The engine failed: ${e.message}`);
    }
    if (my === gen) {
      thinking = false;
      $("an-go").textContent = "Analyse";
      $("an-go").setAttribute("aria-pressed", "false");
    }
  }

  async function stopThinking() {
    thinking = false;
    gen++;
    $("an-go").textContent = "Analyse";
    $("an-go").setAttribute("aria-pressed", "false");
    if (engine) await engine.stop();
    $("an-engine").dataset.stopped = String(Date.now());
  }

  function pvText(fen, pv) {
    const notation = ctx.notation();
    try {
      return withBoard(xq, fen, (b) => pv.map((mv) => {
        const t = notation === "iccs" ? mv : b.moveToText(mv, notation === "wxf" ? "wxf" : "chinese");
        b.push(mv);
        return t;
      })).join(" ");
    } catch { return pv.join(" "); }
  }

  function renderLines() {
    const host = $("an-lines");
    host.replaceChildren();
    const shownLines = lines.filter(Boolean);
    const turn = fenTurn(cur.fen);
    for (const info of shownLines) {
      const li = item(host, "li", undefined, info.multipv === 1 ? "line best" : "line");
      li.dataset.multipv = info.multipv;
      item(li, "span", redScore(info.score, turn), "score");
      item(li, "span", ` d${info.depth} `, "depth");
      const pv = item(li, "button", pvText(cur.fen, info.pv || []), "pv link");
      pv.type = "button";
      pv.title = "Play this line's first move";
      pv.addEventListener("click", () => { if (info.pv && info.pv[0]) play(info.pv[0]); });
    }
    const top = shownLines[0];
    if (top) {
      const kn = top.nps >= 1000 ? `${Math.round(top.nps / 1000)} k` : `${top.nps}`;
      $("an-depth").textContent = `depth ${top.depth} · ${top.nodes.toLocaleString("en")} nodes · ${kn} nodes/s` +
        (engine ? ` · ${engine.kind === "threads" ? `${engine.threads} threads` : "Web Worker"}` : "");
      $("an-engine").dataset.depth = String(top.depth);
    }
    board.setArrows(shownLines.filter((l) => l.pv && l.pv[0]).map((l) => ({ move: l.pv[0], best: l.multipv === 1 })));
  }

  // ---- the explorer (the server's `explore`) --------------------------------
  function explore() {
    clearTimeout(exploreTimer);
    exploreTimer = setTimeout(async () => {
      const seq = ++exploreSeq, node = cur;
      const fields = { fen: node.fen };
      if (root.fen === START_FEN) fields.moves = T.pathMoves(node);
      const opts = { notation: ctx.notation(), onMove: (mv) => { if (node === cur) play(mv); } };
      try {
        const r = await ctx.send("explore", fields);
        if (seq === exploreSeq) renderExplorer($("an-explorer"), r, opts);
      } catch (e) {
        if (seq === exploreSeq) renderExplorer($("an-explorer"), null, { ...opts, error: e });
      }
    }, EXPLORE_DELAY_MS);
  }

  // ---- the position editor ---------------------------------------------------
  function editorChanged(fen) {
    $("an-fen").textContent = fen;
    $("an-turn").value = editor.turn;
    const out = $("an-problems");
    out.replaceChildren();
    const problems = xq ? xq.fenProblems(fen) : [];
    for (const p of problems) item(out, "li", p.message);
    $("an-problems-head").hidden = !problems.length;
    $("an-done").disabled = problems.length > 0;
    $("an-done").title = problems.length ? "An impossible position cannot be analysed" : "";
  }

  async function edit(on) {
    if (on === editing) return;
    if (on) {
      await stopThinking();
      editing = true;
      editor.start(cur.fen);
    } else {
      editing = false;
      editor.stop();
      show();
    }
    $("an-editor").hidden = !on;
    $("an-edit").textContent = on ? "Cancel editing" : "Edit position";
    for (const id of ["an-go", "an-load-button", "an-promote", "an-delete"]) $(id).disabled = on;
    $("analysis").classList.toggle("editing", on);
  }

  // ---- controls ------------------------------------------------------------------
  $("an-go").addEventListener("click", () => {
    if (!xq) return;
    if (thinking) { stopThinking(); return; }
    thinking = true;
    think();
  });
  $("an-multipv").addEventListener("change", () => { if (thinking) think(); });
  $("an-engine-kind").addEventListener("change", async () => {
    const was = thinking;
    await stopThinking();
    if (engine) engine.terminate();
    engine = null;
    if (was) { thinking = true; think(); }
  });
  $("an-edit").addEventListener("click", () => edit(!editing));
  $("an-done").addEventListener("click", async () => {
    const fen = editor.fen();
    if (xq.fenProblems(fen).length) return; // refused: the list says why
    await edit(false);
    newTree(fen);
  });
  $("an-clear").addEventListener("click", () => editor.setAll(EMPTY_FEN.replace(" w ", editor.turn === "black" ? " b " : " w ")));
  $("an-startpos").addEventListener("click", () => editor.setAll(START_FEN));
  $("an-turn").addEventListener("change", () => editor.setTurn($("an-turn").value));
  $("an-load").addEventListener("submit", (e) => { e.preventDefault(); load($("an-input").value); });
  $("an-first").addEventListener("click", () => goTo(root));
  $("an-back").addEventListener("click", () => goTo(cur.parent || cur));
  $("an-fwd").addEventListener("click", () => goTo(T.next(cur) || cur));
  $("an-last").addEventListener("click", () => goTo(T.lineEnd(cur)));
  $("an-flip").addEventListener("click", () => board.setFlipped(!board.flipped));
  $("an-promote").addEventListener("click", () => { if (T.promote(cur)) renderTree(); });
  $("an-delete").addEventListener("click", () => { if (cur.parent) goTo(T.remove(cur)); });
  $("an-close").addEventListener("click", () => ctx.onClose());
  document.addEventListener("keydown", (e) => {
    if (!shown || editing || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && t.closest && (t.closest("input, textarea, select") || t.closest("#an-board-host"))) return;
    const to = { ArrowLeft: cur.parent, ArrowRight: T.next(cur), Home: root, End: T.lineEnd(cur) }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    if (to) goTo(to);
  });

  return {
    get shown() { return shown; },
    /** Show the board: `fen` (validated; the start position when null), or a
     *  game: { start, moves, ply }. */
    async open(what) {
      shown = true;
      $("analysis").hidden = false;
      if (!(await ensureModule())) { board.setPosition(START_FEN); return; }
      status("");
      if (editing) await edit(false);
      if (what && what.moves) { newTree(what.start || START_FEN, what.moves, what.ply); return; }
      const fen = typeof what === "string" && what ? what : START_FEN;
      const problems = xq.fenProblems(fen);
      if (problems.length) {
        $("an-input").value = fen;
        load(fen); // lists the problems
        if (root.fen !== START_FEN || root.children.length) return show();
        return newTree(START_FEN);
      }
      if (fen !== root.fen || cur !== root) newTree(fen);
      else show();
    },
    async close() {
      shown = false;
      $("analysis").hidden = true;
      await stopThinking();
    },
    /** The notation changed: the tree and the lines again. */
    refresh() { if (xq && shown && !editing) { renderTree(); renderLines(); explore(); } },
  };
}
