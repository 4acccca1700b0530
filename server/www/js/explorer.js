// SPDX-License-Identifier: MIT
// The analysis board's explorer panel: the server's `explore` reply (the
// book's moves with their games, results and the opening each leads to; the
// position's opening; the tablebase's verdict) drawn into a host element. A
// pure function of the reply, so that a canned reply tests it too.

const WDL = { win: "a win", draw: "a draw", loss: "a loss" };
const side = (fen) => (/\sb(\s|$)/.test(fen || "") ? "Black" : "Red");

function add(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  parent.appendChild(e);
  return e;
}

const pct = (n, total) => (total ? `${Math.round((100 * n) / total)}%` : "–");

/** A book move's share of the position's book games ("62%"). */
export function shareText(m, moves) {
  const total = moves.reduce((t, x) => t + (x.games || 0), 0);
  return pct(m.games || 0, total);
}

/** A book move's weight as the chance the engine picks it ("58%"): the
 *  moves stand in the book's order, heaviest first (servers before the
 *  weight was sent: "–"). */
export function weightText(m, moves) {
  if (typeof m.weight !== "number") return "–";
  const total = moves.reduce((t, x) => t + (typeof x.weight === "number" ? x.weight : 0), 0);
  return pct(m.weight, total);
}

/** The error of an `explore` request as a sentence. */
export function exploreError(e) {
  const code = e && e.code;
  if (code === "unknown_command" || code === "unknown_type" || code === "bad_type")
    return "No explorer on this server (it does not know the explore request).";
  if (code === "book_unavailable") return "This server has no opening book.";
  if (code === "disconnected") return "Not connected to the server: no explorer.";
  if (code === "bad_fen") return `The server refuses the position: ${e.message}`;
  return `No explorer: ${(e && e.message) || "the server could not answer"}.`;
}

/**
 * Draw `reply` into `host`. opts: { notation: "zh" | "wxf" | "iccs",
 * onMove(iccs) for a click on a move, error: an error object instead of a reply }.
 */
export function renderExplorer(host, reply, opts = {}) {
  host.replaceChildren();
  if (opts.error || !reply) {
    add(host, "p", opts.error ? exploreError(opts.error) : "…", "help explorer-note");
    return;
  }
  const o = reply.opening;
  if (o) add(host, "p", `${o.code} ${o.name}${o.variation ? "，" + o.variation : ""}`, "explorer-opening");
  const moves = Array.isArray(reply.moves) ? reply.moves : [];
  if (moves.length) {
    const t = add(host, "table", undefined, "explorer-moves");
    const head = add(t, "tr");
    for (const h of ["Move", "Games", "Share", "Weight", "Red / draw / Black", "Score", "Opening"])
      add(head, "th", h, h === "Weight" ? "weight" : undefined);
    const who = side(reply.fen);
    for (const m of moves) {
      const tr = add(t, "tr");
      tr.dataset.move = m.move;
      const name = opts.notation === "iccs" ? m.move : opts.notation === "wxf" ? m.wxf || m.move : m.zh || m.move;
      const b = add(add(tr, "td"), "button", name, "link");
      b.type = "button";
      b.title = `Play ${m.move}`;
      if (opts.onMove) b.addEventListener("click", () => opts.onMove(m.move));
      add(tr, "td", String(m.games ?? 0));
      add(tr, "td", shareText(m, moves), "share").title = "this move's share of the book's games here";
      add(tr, "td", weightText(m, moves), "weight").title =
        `book weight ${m.weight ?? "unknown"}: the chance the engine's book picks this move`;
      const total = (m.red_wins || 0) + (m.draws || 0) + (m.black_wins || 0);
      const wdl = add(tr, "td", `${pct(m.red_wins || 0, total)} / ${pct(m.draws || 0, total)} / ${pct(m.black_wins || 0, total)}`, "wdl");
      wdl.title = `${m.red_wins || 0} won by Red, ${m.draws || 0} drawn, ${m.black_wins || 0} won by Black`;
      const sc = typeof m.score === "number" ? `${Math.round(m.score * 100)}%` : "–";
      add(tr, "td", sc).title = `the score for ${who}, the side to move`;
      add(tr, "td", m.opening ? `${m.opening.code} ${m.opening.name}` : "");
    }
  } else if (!reply.tablebase) {
    add(host, "p", "Not in the book.", "help explorer-note");
  }
  const tb = reply.tablebase;
  if (tb) {
    const who = side(reply.fen);
    let text = `Tablebase: ${WDL[tb.wdl] || tb.wdl} for ${who}, the side to move`;
    if (typeof tb.dtm === "number") text += ` (mate in ${tb.dtm} plies)`;
    if (Array.isArray(tb.best) && tb.best.length) text += `; best: ${tb.best.join(", ")}`;
    add(host, "p", text, "explorer-tablebase");
  }
}
