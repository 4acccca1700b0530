// SPDX-License-Identifier: MIT
// Search the archive by opening: the finished games of the whole site whose
// ECCO code starts with what was typed ("C48", "C4", "C"), newest first, page
// by page (`games {eco, limit, before}`, docs/protocol.md). The same search
// box is on a player's profile (profile.js). Text goes in as text, never as HTML.
export const ARCHIVE_PAGE = 20; // games per page
const ECCO = /^[A-Ea-e][0-9]{0,2}$/;

// An ECCO code or its start, in upper case, or null when it is not one.
export function ecoQuery(text) {
  const t = text.trim();
  return ECCO.test(t) ? t.toUpperCase() : null;
}

// "C55 五六炮过河车对屏风马" for a summary's opening, or "".
export function openingLabel(o) {
  return o ? `${o.code} ${o.name}${o.variation ? "，" + o.variation : ""}` : "";
}

// A search form (an input and a button) that calls onSearch(code) with a valid
// code or prefix, or "" to show every game when clearable; a wrong entry is
// said next to it.
export function searchForm(label, value, onSearch, clearable = false) {
  const form = document.createElement("form");
  form.className = "row eco-search";
  const id = `eco-${Math.random().toString(36).slice(2, 8)}`;
  const l = document.createElement("label");
  l.htmlFor = id;
  l.textContent = label;
  const input = document.createElement("input");
  input.id = id;
  input.name = "eco";
  input.value = value || "";
  input.size = 6;
  input.maxLength = 3;
  input.placeholder = "C4";
  input.autocomplete = "off";
  input.title = "An ECCO code (A00 to E48) or its start: C48, C4 or C";
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = "Search";
  const note = document.createElement("span");
  note.className = "help";
  note.setAttribute("aria-live", "polite");
  form.append(l, input, go);
  if (clearable) {
    const all = document.createElement("button");
    all.type = "button";
    all.textContent = "All";
    all.addEventListener("click", () => onSearch(""));
    form.append(all);
  }
  form.append(note);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const code = ecoQuery(input.value);
    if (code === null && !(clearable && input.value.trim() === "")) {
      note.textContent = "An ECCO code is a letter A–E and up to two digits (C48, C4, C).";
      return;
    }
    note.textContent = "";
    onSearch(code || "");
  });
  return form;
}

// The site-wide search into `host`: send(type, fields) asks the server (a
// promise of the reply), onGame(id) opens a game, onUser(name) a profile.
export function mountArchive(host, { send, onGame, onUser }) {
  const s = { eco: "", games: [], more: false };
  const list = document.createElement("ul");
  list.className = "list archive-results";
  const more = document.createElement("button");
  more.type = "button";
  more.className = "more";
  more.textContent = "Older games";
  more.hidden = true;
  const status = document.createElement("p");
  status.className = "help";
  status.setAttribute("aria-live", "polite");

  function render() {
    list.replaceChildren();
    for (const x of s.games) {
      const item = document.createElement("li");
      item.dataset.game = x.game;
      const what = document.createElement("span");
      for (const [i, name] of [x.red, x.black].entries()) {
        const a = document.createElement("a");
        a.href = `#user=${encodeURIComponent(name)}`;
        a.textContent = name;
        a.addEventListener("click", (e) => { e.preventDefault(); onUser(name); });
        what.append(a, i === 0 ? " – " : "");
      }
      what.append(`: ${x.result}`);
      const o = document.createElement("span");
      o.className = "eco";
      o.textContent = openingLabel(x.opening);
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Show";
      b.addEventListener("click", () => onGame(x.game));
      item.append(what, " ", o, " ", b);
      list.appendChild(item);
    }
    more.hidden = !s.more;
  }

  async function search(eco, older = false) {
    const before = older && s.games.length ? s.games[s.games.length - 1].game : undefined;
    try {
      const r = await send("games", { eco, limit: ARCHIVE_PAGE, ...(before ? { before } : {}) });
      s.games = older ? s.games.concat(r.games) : r.games;
      s.more = !!r.more;
      s.eco = eco;
      status.textContent = s.games.length
        ? `${s.games.length}${s.more ? "+" : ""} finished game${s.games.length === 1 ? "" : "s"} with ${eco}`
        : `No finished game with ${eco}.`;
    } catch (e) {
      status.textContent = (e && e.message) || "The search failed.";
      return;
    }
    render();
  }

  more.addEventListener("click", () => search(s.eco, true));
  host.replaceChildren(searchForm("Opening", "", (eco) => search(eco)), status, list, more);
  return { search };
}
