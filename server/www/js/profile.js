// SPDX-License-Identifier: MIT
// A player's profile page (the `user` reply of docs/protocol.md): the
// Glicko-2 rating with its deviation ("?" while provisional), the record, a
// rating-history graph (SVG: the rating after each rated game, the band of
// one deviation around it; each point links to its game) and the archive of
// finished games, page by page, searchable by opening (ECCO code or its start,
// archive.js). Text goes in as text, never as HTML.
import { openingLabel, searchForm } from "./archive.js";

const SVG = "http://www.w3.org/2000/svg";
export const GRAPH = { width: 360, height: 150, left: 40, right: 8, top: 10, bottom: 18 };

export function ratingText(rating, provisional) {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The graph of `history` ({game, ended, rating, deviation} oldest first):
// x the game's order, y the rating; onGame(id) when a point is chosen.
export function historyGraph(history, onGame) {
  const g = GRAPH, w = g.width - g.left - g.right, h = g.height - g.top - g.bottom;
  const svg = el("svg", { viewBox: `0 0 ${g.width} ${g.height}`, class: "history", role: "img",
    "aria-label": `Rating after each of ${history.length} rated games` });
  const dev = (p) => (typeof p.deviation === "number" ? p.deviation : 0);
  let lo = Math.min(...history.map((p) => p.rating - dev(p)));
  let hi = Math.max(...history.map((p) => p.rating + dev(p)));
  if (hi - lo < 50) { const mid = (hi + lo) / 2; lo = mid - 25; hi = mid + 25; }
  const x = (i) => g.left + (history.length === 1 ? w / 2 : (i * w) / (history.length - 1));
  const y = (r) => g.top + h - ((r - lo) * h) / (hi - lo);
  el("line", { x1: g.left, y1: g.top, x2: g.left, y2: g.top + h, class: "axis" }, svg);
  el("line", { x1: g.left, y1: g.top + h, x2: g.left + w, y2: g.top + h, class: "axis" }, svg);
  for (const r of [lo, hi]) {
    const t = el("text", { x: g.left - 4, y: y(r) + 4, "text-anchor": "end", class: "label" }, svg);
    t.textContent = Math.round(r);
  }
  const up = history.map((p, i) => `${x(i)},${y(p.rating + dev(p))}`);
  const down = history.map((p, i) => `${x(i)},${y(p.rating - dev(p))}`).reverse();
  el("polygon", { points: up.concat(down).join(" "), class: "band" }, svg);
  el("polyline", { points: history.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }, svg);
  history.forEach((p, i) => {
    const c = el("circle", { cx: x(i), cy: y(p.rating), r: 4, class: "point", tabindex: 0,
      "data-game": p.game, "data-rating": p.rating.toFixed(2) }, svg);
    const title = el("title", {}, c);
    title.textContent = `game ${p.game}: ${Math.round(p.rating)}` +
      (typeof p.deviation === "number" ? ` ± ${Math.round(p.deviation)}` : "");
    c.addEventListener("click", () => onGame(p.game));
    c.addEventListener("keydown", (e) => { if (e.key === "Enter") onGame(p.game); });
  });
  return svg;
}

function text(tag, content, parent, cls) {
  const e = document.createElement(tag);
  e.textContent = content;
  if (cls) e.className = cls;
  parent.appendChild(e);
  return e;
}

// One game of the archive: the players (the opponent a link to his profile),
// the result and reason, the rating change; "Show" opens it.
function gameItem(x, name, list, { onGame, onUser }) {
  const item = document.createElement("li");
  item.dataset.game = x.game;
  const what = document.createElement("span"); // one child: the list's items are flex rows
  const me = x.red && x.red.toLowerCase() === name.toLowerCase() ? "red" : "black";
  const opp = me === "red" ? x.black : x.red;
  what.append(`${me === "red" ? "Red" : "Black"} against `);
  const a = document.createElement("a");
  a.href = `#user=${encodeURIComponent(opp)}`;
  a.textContent = opp;
  a.addEventListener("click", (e) => { e.preventDefault(); onUser(opp); });
  what.append(a, `: ${x.result}${x.reason ? ", " + x.reason : ""}`);
  if (x.rating_diff && typeof x.rating_diff[me] === "number") {
    const d = Math.round(x.rating_diff[me]);
    what.append(` (${d >= 0 ? "+" : "−"}${Math.abs(d)})`);
  }
  item.append(what);
  if (x.opening) {
    const o = document.createElement("span");
    o.className = "eco";
    o.textContent = openingLabel(x.opening);
    item.append(" ", o);
  }
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = "Show";
  b.addEventListener("click", () => onGame(x.game));
  item.append(" ", b);
  list.appendChild(item);
}

// The profile of `u` into `host`; `games` are the archive's pages so far.
// handlers: onGame(id), onUser(name), onMore() (the next page), onClose(),
// onSearch(eco) (the games of an opening; "" all of them) with eco, the search shown.
export function renderProfile(host, u, games, handlers) {
  host.replaceChildren();
  const head = text("h2", u.name, host);
  if (u.online) text("span", " online", head, "online");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.textContent = "Close";
  close.addEventListener("click", handlers.onClose);
  head.append(" ", close);
  if (u.guest) {
    text("p", "A guest: no rating.", host);
  } else {
    const r = text("p", `Rating ${ratingText(u.rating, u.provisional)} ± ${Math.round(u.deviation)}`, host, "rating");
    if (u.provisional) r.append(" (provisional: fewer games than it takes to be sure)");
  }
  text("p", `${u.wins} won, ${u.draws} drawn, ${u.losses} lost; ${u.games} rated`, host, "record");
  if (u.history && u.history.length) host.appendChild(historyGraph(u.history, handlers.onGame));
  else if (!u.guest) text("p", "No rated games yet.", host, "help");
  text("h3", handlers.eco ? `Games with ${handlers.eco}` : "Games", host);
  if (handlers.onSearch) host.appendChild(searchForm("Opening", handlers.eco, handlers.onSearch, true));
  const list = document.createElement("ul");
  list.className = "list archive";
  for (const x of games) gameItem(x, u.name, list, handlers);
  if (!games.length) text("li", handlers.eco ? `no game with ${handlers.eco}` : "none", list, "empty");
  host.appendChild(list);
  if (u.more) {
    const more = document.createElement("button");
    more.type = "button";
    more.className = "more";
    more.textContent = "Older games";
    more.addEventListener("click", handlers.onMore);
    host.appendChild(more);
  }
}
