// SPDX-License-Identifier: MIT
// The xq-server browser client: lobby, games, chat. The server is the
// authority on everything (rules, legal moves, clocks, results); this page
// shows what it says and sends what the user does (docs/protocol.md).
import { Board, parseFen, setPieceStyle } from "./board.js";
import { Connection } from "./net.js";
import * as sound from "./sound.js";
import { ratingText, renderProfile } from "./profile.js";
import { mountArchive } from "./archive.js";
import { fenAt } from "./replay.js";
import { accuracyText, evalGraph, moveVerdict, plyText } from "./review.js";
import { AnalysisBoard } from "./analysis.js";
import { loadXiangqi, withBoard } from "./xq.js";

// The page has no version of its own: xq-server serves it from its own
// install (or source tree), so it is the server's, which `welcome` names.
const CLIENT = "xq-web";
const TICK_MS = 100;
const TOAST_MS = 4000;
const LIVE_POLL_MS = 15000; // a visitor without an account gets no lobby events: ask again
const CHAT_KEEP = 200;       // game chat lines kept per game, ...
const CHAT_GAMES = 20;       // ... for this many games
const PROFILE_PAGE = 10;     // games of a profile's archive per page
const PROVISIONAL_RD = 110;  // a rating is provisional above this deviation (server/rating.h)
const LOW_TIME_MS = 10000;   // the player's clock sounds once when it falls below this...
const LOW_TIME_SHARE = 0.1;  // ... or below this share of the base time, whichever is less

const $ = (id) => document.getElementById(id);
const other = (c) => (c === "red" ? "black" : "red");
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const state = {
  me: null,
  token: localStorage.getItem("xq.token"),
  guests: false,
  games: new Map(),      // id -> game (own and watched)
  active: Number(sessionStorage.getItem("xq.active")) || null,
  watching: new Set(),
  offers: new Map(),     // seeks and challenges
  live: new Map(),       // live games in the lobby
  recent: [],            // the user's last finished games (summaries, newest first)
  replay: false,         // the games that follow a session are the user's live games, not new ones
  notation: localStorage.getItem("xq.notation") || "zh",
  // Game chat, by game id. The server keeps a game's chat and sends its last
  // lines with the game's state (`chat`), which replaces what the tab holds;
  // between states the tab keeps the lines that arrive (sessionStorage), so
  // they are there at once after a reload or a logout and login.
  chat: loadChat(),
};

function loadChat() {
  try { return new Map(JSON.parse(sessionStorage.getItem("xq.chat") || "[]")); } catch { return new Map(); }
}
function setChat(gid, lines) {
  state.chat.delete(gid); // the newest game last
  state.chat.set(gid, lines.slice(-CHAT_KEEP));
  while (state.chat.size > CHAT_GAMES) state.chat.delete(state.chat.keys().next().value);
  try { sessionStorage.setItem("xq.chat", JSON.stringify([...state.chat])); } catch { /* full: kept in memory */ }
}
function keepChat(m) {
  setChat(m.to, [...(state.chat.get(m.to) || []), { from: m.from, text: m.text }]);
}

const board = new Board($("board-host"), (mv, viaDrag) => playMove(mv, viaDrag));
board.setPosition("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");

const conn = new Connection(wsUrl(), { onOpen, onMessage, onStatus });

// The analysis board (analysis.js) at #analysis and #analysis=FEN, in place
// of the game and the lobby; its explorer asks the server.
const analysis = new AnalysisBoard({
  send: (type, fields) => conn.send(type, fields, { quiet: true }),
  notation: () => state.notation,
  onClose: () => {
    if (state.active) location.hash = `#game=${state.active}`; // hashchange shows it
    else { history.pushState(null, "", location.pathname); syncView(); }
  },
});

// The analysis board's address: null (not it), "" (the start) or a FEN.
function hashAnalysis() {
  const m = /^#analysis(?:=(.*))?$/.exec(location.hash);
  if (!m) return null;
  try { return m[1] ? decodeURIComponent(m[1]) : ""; } catch { return ""; }
}

// The view the address asks for; `what` opens a game's moves on the board.
function syncView(what) {
  const fen = hashAnalysis();
  document.body.classList.toggle("analysing", fen !== null);
  if (fen !== null) analysis.open(what || fen || null);
  else if (analysis.shown) analysis.close();
}
syncView();

// The package's rules for the live game (drag targets, premoves): loaded when
// a game of the user's is shown; until then, and without it, the server's
// `legal` list and any square for a premove. The server stays the referee.
let rules = null;
function wantRules() {
  if (rules === null) {
    rules = false;
    loadXiangqi().then((r) => { if (r.api) { rules = r.api; render(); } });
  }
}
function localLegal(g) {
  if (!rules) return g.legal;
  try { return withBoard(rules, g.fen, (b) => b.legalMoves()); } catch { return g.legal; }
}

function wsUrl() {
  const u = new URL(location.href);
  return `${u.protocol === "https:" ? "wss" : "ws"}://${u.host}/`;
}

// ---- small helpers ----------------------------------------------------------
let toastTimer = 0;
function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, TOAST_MS);
}
function hideToast() {
  clearTimeout(toastTimer);
  $("toast").hidden = true;
}
// The server's error codes (docs/protocol.md) as sentences for people; the
// server's own message is protocol talk ("log in first (register, login, ...)").
const ERRORS = {
  disconnected: "Not connected to the server; the page is trying again.",
  login_required: () => state.guests ? "Sign in or play as a guest first." : "Sign in first (or register).",
  already_logged_in: "You are signed in already; log out first.",
  already_playing: "You are playing a game; a new one can start when it is over.",
  bad_name: "A name is 3 to 20 letters, digits, - or _, starting with a letter (names starting with “guest” are kept for guests).",
  bad_password: "A password is 6 to 128 characters.",
  name_taken: "That name is taken; choose another.",
  bad_credentials: "Wrong name or password.",
  bad_token: "Your session has ended; sign in again.",
  guests_disabled: "This server does not let guests play; register instead.",
  rate_limited: (e) => `Too many tries at once; try again in ${Math.ceil(e.retry_after || 1)} s.`,
  no_such_user: "Nobody of that name is online.",
  no_such_offer: "That seek or challenge is gone (taken, cancelled, or its author left).",
  own_offer: "That is your own offer.",
  not_yours: "That is someone else's seek or challenge.",
  too_many_offers: "You have three open seeks and challenges; cancel one first.",
  no_such_game: "There is no such game.",
  game_over: "That game is over.",
  already_reviewing: "Your other review is under way; one at a time.",
  busy: "The server is reviewing many games; try again in a minute.",
  game_not_over: "That game is still being played.",
  not_your_game: "You do not play in that game.",
  not_your_turn: "It is not your turn.",
  bad_move: "That is not a move: write it like h2e2, C2.5 or 炮二平五.",
  illegal_move: "That move is not legal here.",
  already_offered: "Your offer stands; wait for the answer.",
  no_offer: "There is no offer to decline.",
  chat_too_long: "A chat line is at most 500 bytes.",
  too_many_games: "You watch 16 games already; leave one first.",
  storage: "The server could not store that; nothing was changed. Try again.",
  server_error: "The server could not do that just now; try again.",
  internal: "The server failed; try again.",
};
function errorText(e) {
  if (!e || typeof e !== "object") return String(e);
  const t = ERRORS[e.code];
  if (typeof t === "function") return t(e);
  if (t) return t;
  return e.message ? cap(e.message) : "Something went wrong."; // not_allowed, bad_field, new codes: the server's sentence
}
const fail = (e) => toast(errorText(e));
function request(type, fields) {
  return conn.send(type, fields).catch((e) => { fail(e); throw e; });
}
function announce(text) { $("announce").textContent = text; }
function li(text, parent) {
  const e = document.createElement("li");
  e.textContent = text;
  parent.appendChild(e);
  return e;
}
function button(text, parent, fn) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", fn);
  parent.appendChild(b);
  return b;
}
function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
  if (ms < 10000) return `0:0${(ms / 1000).toFixed(1)}`;
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}
const terms = (o) => `${Math.round(o.base / 60 * 10) / 10}+${o.inc} ${o.rules.toUpperCase()}${o.rated ? " rated" : ""}`;

// ---- the connection ---------------------------------------------------------
function onStatus(s) {
  const e = $("status");
  e.textContent = s;
  e.dataset.state = s;
  // a visible banner while the connection is lost (the status chip is small)
  $("reconnecting").hidden = !(s === "reconnecting" || s === "offline");
}

async function onOpen() {
  try {
    const w = await conn.send("hello", { protocol: 1, client: CLIENT });
    state.guests = !!w.guests;
    $("guest").hidden = !state.guests;
    state.me = null; // a new connection is nobody until it resumes
    if (state.token) {
      try {
        await conn.send("resume", { token: state.token });
      } catch (e) {
        if (e.code === "bad_token") { state.token = null; localStorage.removeItem("xq.token"); }
        else throw e;
      }
    }
    if (!state.me) {
      showAccount();
      await conn.send("games"); // the live games, for watching without an account
    }
    for (const gid of state.watching) conn.send("watch", { game: gid }).catch(() => state.watching.delete(gid));
    // the user's own games follow the session reply: a ping's answer comes after them
    await conn.send("ping");
    const gid = hashGame();
    if (gid && !state.games.has(gid)) watch(gid);
    const who = hashUser();
    if (who !== null) openProfile(who);
    else if (profile.name) openProfile(profile.name); // the shown profile, up to date
    refreshActive();
  } catch (e) { fail(e); }
}

// A game of the user's that ended while the page was away is not sent again
// after the session: ask for it (the server answers a finished game as stored).
function refreshActive() {
  for (const g of state.games.values())
    if (!g.ended && g.you) conn.send("state", { game: g.id }, { quiet: true }).catch(() => {});
}

function onMessage(m, req) {
  const h = handlers[m.type];
  if (h) h(m, req);
  else if (m.type === "error" && m.id === undefined) toast(errorText(m));
}

const handlers = {
  session(m) {
    state.me = m;
    if (m.token) { state.token = m.token; localStorage.setItem("xq.token", m.token); }
    showAccount();
    // the user's live games follow the session, before the answer to a ping sent now
    state.replay = true;
    conn.send("ping").catch(() => {}).finally(() => { state.replay = false; });
    conn.send("lobby").catch(fail); // seeks, challenges, live games and lobby chat
    loadRecent();
  },
  games(m) {
    if (m.finished) return;
    state.live = new Map(m.games.map((x) => [x.game, x]));
    renderLists();
  },
  game(m, req) {
    const old = state.games.get(m.game);
    // a finished game (state or watch of it, e.g. a reload of its address) carries its end
    const ended = m.finished ? { result: m.result, winner: m.winner, reason: m.reason, text: m.text,
      ratings: m.ratings, rating_diff: m.rating_diff } : null;
    const g = Object.assign(old || {}, m, { id: m.game, clockAt: performance.now(), ended });
    // the server's chat of the game is the whole story (another tab or browser may have chatted)
    if (Array.isArray(m.chat)) setChat(g.id, m.chat.map(({ from, text }) => ({ from, text })));
    if (!old) g.flip = m.you === "black";
    state.games.set(g.id, g);
    if (m.you === null && !m.finished) state.watching.add(g.id);
    const wasActive = state.active === g.id;
    // A game that starts for this user (a seek of theirs accepted, a challenge or
    // an engine game) comes to the front, whatever is shown; so does the game
    // asked for (the reply to watch, state, accept) and, when nothing or a
    // finished game is shown, a game of the user's that comes back after a reload.
    const started = !old && m.you && !state.replay;
    const asked = m.id !== undefined && !req.quiet;
    const active = state.games.get(state.active);
    // a game that starts for the user takes them from the analysis board to it
    if (started) hideToast(); // an offer's toast ("offers a rematch") is answered by the game
    if (started && analysis.shown) { history.pushState(null, "", `#game=${g.id}`); syncView(); }
    if (asked || started || !active || wasActive || (active.ended && m.you)) {
      setActive(g.id, !wasActive);
      if (started && m.id === undefined) announce(`A new game: ${m.red.name} – ${m.black.name}; you play ${m.you}`);
    } else renderLists();
  },
  move(m) {
    const g = state.games.get(m.game);
    if (!g) return;
    if (g.moves.length !== m.ply - 1) { conn.send("state", { game: g.id }, { quiet: true }).catch(() => {}); return; }
    const captured = parseFen(g.fen).pieces[m.move.slice(2, 4)];
    g.moves.push(m.move);
    g.wxf.push(m.wxf);
    g.zh.push(m.zh);
    Object.assign(g, { fen: m.fen, ply: m.ply, turn: m.turn, clock: m.clock, clockAt: performance.now(),
      legal: m.legal, check: m.check, draw_offer: m.draw_offer || null, takeback_offer: null });
    if (m.opening !== undefined) g.opening = m.opening; // sent when it changes
    if (m.color === g.you) g.premove = null; // played (or the user's own move)
    if (g.id === state.active) {
      render(m.id !== undefined && dragged ? null : m.move);
      sound.play(m.check ? "check" : captured ? "capture" : "move");
      announce(`${cap(m.color)}: ${m.zh} (${m.wxf})${m.check ? ", check" : ""}`);
    }
    dragged = false;
  },
  end(m) {
    const g = state.games.get(m.game);
    if (!g) return;
    g.ended = m;
    g.clock = { red: m.clock.red, black: m.clock.black, running: "none" };
    state.watching.delete(g.id);
    // the game as stored, for its replay (the clocks after each move)
    conn.send("state", { game: g.id }, { quiet: true }).catch(() => {});
    // a rated game changed the user's rating: show the new one at once
    if (m.ratings && g.you && state.me && !state.me.guest &&
        state.me.name.toLowerCase() === g[g.you].name.toLowerCase()) {
      state.me.rating = m.ratings[g.you];
      if (m.deviations) state.me.provisional = m.deviations[g.you] > PROVISIONAL_RD;
      showAccount();
    }
    // a shown profile of a player of this game: its new rating and history
    if (m.rated && profile.name && [m.red, m.black].some((n) => n && n.toLowerCase() === profile.name.toLowerCase()))
      openProfile(profile.name);
    if (g.id === state.active) { render(); sound.play("end"); announce(resultText(m, g)); }
    renderLists();
  },
  offer(m) {
    const g = state.games.get(m.game);
    if (!g) return;
    const key = m.kind === "draw" ? "draw_offer" : "takeback_offer";
    g[key] = m.state === "offered" ? m.by : null;
    const what = m.kind === "draw" ? "draw offer" : "take-back request";
    // "by": the side that offered, or for "declined" the side that declined
    if (m.by === g.you) { /* our own action */ }
    else if (m.state === "offered") toast(`${cap(m.by)} ${m.kind === "draw" ? "offers a draw" : "asks to take back a move"}`);
    else if (g.you) toast(`Your ${what} was declined`);
    else toast(`${cap(other(m.by))}'s ${what} was declined`);
    if (g.id === state.active) renderControls(g);
  },
  presence(m) {
    const g = state.games.get(m.game);
    if (!g) return;
    g[m.color].present = m.present;
    if (g.id === state.active) renderPlayers(g);
    if (!m.present && g.you && m.color !== g.you) toast(`Your opponent left; they have ${m.grace_s} s to come back`);
  },
  chat(m) {
    const log = m.to === "lobby" ? $("lobby-chat-log") : m.to === state.active ? $("game-chat-log") : null;
    if (m.to !== "lobby") keepChat(m);
    if (log) appendChat(log, m);
  },
  lobby(m) {
    state.offers = new Map(m.seeks.map((o) => [o.offer, o]));
    state.live = new Map(m.games.map((x) => [x.game, x]));
    renderLists();
  },
  seek(m) { state.offers.set(m.offer, m); renderLists(); },
  challenge(m) {
    state.offers.set(m.offer, m);
    if (state.me && m.to && m.to.toLowerCase() === state.me.name.toLowerCase())
      toast(m.rematch ? `${m.from} offers a rematch` : `${m.from} challenges you`);
    renderLists();
    renderActiveControls();
  },
  premove(m) {
    const g = state.games.get(m.game);
    if (!g) return;
    g.premove = m.move || null;
    if (g.id === state.active) {
      board.setPremove(canPremove(g) ? g.premove : null);
      if (m.dropped) announce("Premove cancelled: it is not legal after your opponent's move");
      else announce(m.move ? `Premove ${m.move}` : "Premove cancelled");
    }
  },
  analysis_progress(m) {
    const g = state.games.get(m.game);
    if (!g || g.analysis) return;
    g.reviewing = { done: m.done, total: m.total };
    if (g.id === state.active) { renderReview(g); renderControls(g); }
  },
  analysis(m) {
    const g = state.games.get(m.game);
    if (!g) return;
    g.analysis = m;
    g.reviewing = null;
    g.graph = null;
    if (g.id === state.active) { render(); announce("The review is ready"); }
  },
  offer_gone(m) { state.offers.delete(m.offer); renderLists(); renderActiveControls(); },
  game_started(m) { state.live.set(m.game, { ...m, ply: 0 }); renderLists(); },
  game_over(m) { state.live.delete(m.game); renderLists(); },
};

function appendChat(log, m) {
  const p = document.createElement("p");
  const b = document.createElement("b");
  b.textContent = m.from + ": ";
  p.append(b, document.createTextNode(m.text)); // text, never HTML
  log.appendChild(p);
  log.scrollTop = log.scrollHeight;
}

// ---- account ----------------------------------------------------------------
function showAccount() {
  const me = state.me;
  $("login-form").hidden = !!me;
  $("me").hidden = !me;
  if (me) {
    $("me-name").textContent = me.name;
    $("me-name").href = `#user=${encodeURIComponent(me.name)}`;
    $("me-rating").textContent = me.guest ? "guest" : ratingText(me.rating, me.provisional);
  }
  $("guest").hidden = !state.guests;
  renderLobbyControls();
  const g = state.games.get(state.active);
  if (g) { renderChatForm(g); renderControls(g); } // Analyse, Rematch: for a signed-in user
}

// The user's live game, if any: one game at a time (the server answers
// already_playing to a seek, challenge, accept or engine game meanwhile).
function playing() {
  for (const g of state.games.values()) if (g.you && !g.ended) return g;
  return null;
}

// What the lobby offers: without an account nothing works and while playing
// no second game starts, so say so instead of offering controls that fail.
function renderLobbyControls() {
  const me = state.me, busy = me && playing();
  const who = state.guests ? "Sign in or play as a guest" : "Sign in or register";
  for (const id of ["seek", "challenge", "play-engine"]) $(id).disabled = !me || !!busy;
  for (const b of document.querySelectorAll("#quick button")) b.disabled = !me || !!busy;
  $("challenge-name").disabled = !me;
  $("lobby-chat-input").disabled = !me;
  $("lobby-chat-form").querySelector("button").disabled = !me;
  const hint = $("lobby-hint");
  hint.hidden = !!me && !busy;
  hint.textContent = !me ? `${who} to seek a game, challenge someone, play the engine or chat.`
    : busy ? `You are playing game ${busy.id} (${busy.red.name} – ${busy.black.name}); a new game can start when it is over.` : "";
  $("game-chat-hint").textContent = `${who} to chat in this game.`;
}

// Game chat: players and watchers with an account, while the game is live.
function renderChatForm(g) {
  const open = !!state.me && !g.ended;
  $("game-chat-form").hidden = !open;
  $("game-chat-hint").hidden = open || !!g.ended;
}

async function account(type) {
  sound.unlock();
  const name = $("name").value.trim(), password = $("password").value;
  if (type !== "guest" && !$("login-form").reportValidity()) return;
  try {
    await request(type, type === "guest" ? {} : { name, password });
    $("password").value = "";
  } catch { /* shown */ }
}
$("login-form").addEventListener("submit", (e) => { e.preventDefault(); account("login"); });
$("register").addEventListener("click", () => account("register"));
$("guest").addEventListener("click", () => account("guest"));
$("logout").addEventListener("click", async () => {
  try { await request("logout"); } catch { return; }
  state.me = null;
  state.token = null;
  localStorage.removeItem("xq.token");
  for (const [id, g] of state.games) if (g.you) state.games.delete(id);
  state.recent = [];
  setActive(null);
  showAccount();
});

// The user's last finished games, for "My games" after a reload or a login.
async function loadRecent() {
  const me = state.me;
  if (!me) return;
  try {
    const u = await conn.send("user", { name: me.name });
    if (state.me !== me) return;
    state.recent = u.recent_games || [];
    if (!me.guest && typeof u.rating === "number") {
      me.rating = u.rating;
      me.provisional = u.provisional;
      showAccount();
    }
    renderLists();
  } catch { /* the list stays as it was */ }
}

// The game in the address (#game=N), or null.
function hashGame() {
  const m = /^#game=(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

// The player in the address (#user=NAME), or null.
function hashUser() {
  const m = /^#user=([^&]+)$/.exec(location.hash);
  if (!m) return null;
  try { return decodeURIComponent(m[1]); } catch { return null; }
}

// ---- profiles (profile.js) ----------------------------------------------------
const profile = { name: null, user: null, games: [], eco: "" }; // eco: the archive's search

async function openProfile(name, older = false) {
  const before = older && profile.games.length ? profile.games[profile.games.length - 1].game : undefined;
  try {
    if (profile.name === null || profile.name.toLowerCase() !== name.toLowerCase()) profile.eco = "";
    const u = await conn.send("user", { name, limit: PROFILE_PAGE, ...(before ? { before } : {}), ...(profile.eco ? { eco: profile.eco } : {}) });
    profile.games = older && profile.name === u.name ? profile.games.concat(u.recent_games) : u.recent_games;
    profile.name = u.name;
    profile.user = u;
  } catch (e) {
    toast(e && e.code === "no_such_user" ? `There is no player named ${name}.` : errorText(e));
    return;
  }
  const host = $("profile");
  host.hidden = false;
  renderProfile(host, profile.user, profile.games, {
    onGame: (gid) => { history.replaceState(null, "", `#game=${gid}`); openGame(gid); },
    onUser: (other) => { history.replaceState(null, "", `#user=${encodeURIComponent(other)}`); openProfile(other); },
    onMore: () => openProfile(profile.name, true),
    onClose: closeProfile,
    eco: profile.eco, onSearch: (eco) => { profile.eco = eco; openProfile(profile.name); },
  });
  if (!older) host.scrollIntoView({ block: "nearest" });
}

function closeProfile() {
  $("profile").hidden = true;
  profile.name = null;
  if (hashUser() !== null) history.replaceState(null, "", state.active ? `#game=${state.active}` : location.pathname);
}

// The site's archive searched by opening (archive.js).
mountArchive($("archive"), { send: (type, fields) => conn.send(type, fields),
  onGame: (gid) => { history.replaceState(null, "", `#game=${gid}`); openGame(gid); },
  onUser: (name) => { history.replaceState(null, "", `#user=${encodeURIComponent(name)}`); openProfile(name); } });

// An address pasted or a link followed in an open tab: show that game or player.
window.addEventListener("hashchange", () => {
  syncView();
  if (analysis.shown) return;
  const who = hashUser();
  if (who !== null) { if (conn.isOpen()) openProfile(who); return; }
  const gid = hashGame();
  if (gid === null) { if (location.hash === "" && state.active) setActive(null); return; }
  if (gid === state.active) return;
  if (conn.isOpen()) openGame(gid);
  // offline: onOpen watches the address's game when the connection is back
});

// Show a game: one of the page's, else ask the server (a live game is watched,
// a finished one is answered as stored).
function openGame(gid) {
  if (state.games.has(gid)) setActive(gid, true);
  else watch(gid);
}

// ---- lobby ------------------------------------------------------------------
function readTerms() {
  return {
    base: Math.round(Number($("base").value) * 60) || 300,
    inc: Number($("inc").value) || 0,
    rules: $("rules").value,
    rated: $("rated").checked,
    color: $("color").value,
  };
}
$("seek").addEventListener("click", () => { sound.unlock(); request("seek", readTerms()).catch(() => {}); });
$("challenge").addEventListener("click", () => {
  sound.unlock();
  request("challenge", { to: $("challenge-name").value.trim(), ...readTerms() }).catch(() => {});
});
$("play-engine").addEventListener("click", () => {
  sound.unlock();
  const t = readTerms();
  request("engine", { level: Number($("engine-level").value), base: t.base, inc: t.inc, color: t.color, rules: t.rules }).catch(() => {});
});

function watch(gid) {
  conn.send("watch", { game: gid }).catch((e) => {
    fail(e);
    // the address names no game that can be shown: it names the shown one again
    if (hashGame() === gid) history.replaceState(null, "", state.active ? `#game=${state.active}` : location.pathname);
  });
}

function renderLists() {
  renderLobbyControls();
  const me = state.me ? state.me.name.toLowerCase() : null, busy = state.me && playing();
  const seeks = $("seeks");
  seeks.replaceChildren();
  for (const o of state.offers.values()) {
    const mine = o.from.toLowerCase() === me, forMe = o.to && o.to.toLowerCase() === me;
    const e = li(`${o.kind === "challenge" ? `${o.from} → ${o.to}` : o.from} (${ratingText(o.rating, o.provisional)}), ${terms(o)}, ${o.from} plays ${o.color}`, seeks);
    e.dataset.offer = o.offer;
    if (mine) button("Cancel", e, () => request("cancel", { offer: o.offer }).catch(() => {}));
    else if (state.me && (!o.to || forMe)) {
      const b = button("Accept", e, () => { sound.unlock(); request("accept", { offer: o.offer }).catch(() => {}); });
      b.className = "accept";
      if (busy) { b.disabled = true; b.title = "Finish your game first"; }
      if (forMe) button("Decline", e, () => request("decline", { offer: o.offer }).catch(() => {}));
    }
  }
  if (!seeks.children.length) li("none", seeks).className = "empty";

  const mine = $("my-games");
  mine.replaceChildren();
  for (const g of state.games.values()) {
    const e = li(`${g.red.name} – ${g.black.name}${g.ended ? ` (${g.ended.result})` : g.you ? "" : " (watching)"}`, mine);
    e.dataset.game = g.id;
    if (g.id !== state.active) button("Show", e, () => setActive(g.id, true));
    else e.classList.add("current");
  }
  for (const x of state.recent) {
    if (state.games.has(x.game)) continue;
    const e = li(`${x.red} – ${x.black} (${x.result}${x.reason ? ", " + x.reason : ""})` +
      (x.opening ? ` · ${x.opening.code} ${x.opening.name}` : ""), mine);
    e.dataset.game = x.game;
    button("Show", e, () => openGame(x.game));
  }
  if (!mine.children.length) li("none", mine).className = "empty";

  const live = $("live-games");
  live.replaceChildren();
  for (const x of state.live.values()) {
    const e = li(`${x.red} – ${x.black}`, live);
    e.dataset.game = x.game;
    if (!state.games.has(x.game)) button("Watch", e, () => watch(x.game));
  }
  if (!live.children.length) li("none", live).className = "empty";
}

// ---- the game ---------------------------------------------------------------
let dragged = false;

function setActive(gid, fresh = true) {
  state.active = gid;
  if (gid) sessionStorage.setItem("xq.active", gid); else sessionStorage.removeItem("xq.active");
  if (!analysis.shown) history.replaceState(null, "", gid ? `#game=${gid}` : location.pathname);
  const g = state.games.get(gid);
  $("game-chat-log").replaceChildren();
  if (gid) for (const m of state.chat.get(gid) || []) appendChat($("game-chat-log"), m);
  if (fresh && g && !g.ended) sound.play("move");
  render();
  renderLists();
}

// Premoves (docs/protocol.md): one, made on the opponent's turn, held by the
// server and played there the moment the opponent's move makes it legal, so
// no time passes on the user's clock; a click on the board cancels it.
function canPremove(g) {
  return !!g.you && !g.ended && g.turn !== g.you && viewedPly(g) === g.moves.length;
}

// What a premove may be: with the package, the moves that would be legal if
// it were the user's turn now (the opponent's move may still make one
// illegal, and the server then drops it); without it, or when that position
// is not one (the opponent is in check), any of the user's pieces to any
// square not held by another of them. Legality is known only after the
// opponent's move; the server plays the premove then, or drops it.
function premoveTargets(g) {
  if (rules) {
    const fen = g.fen.replace(/ [wb] /, g.you === "red" ? " w " : " b ");
    try { return withBoard(rules, fen, (b) => b.legalMoves()); } catch { /* below */ }
  }
  const { pieces } = parseFen(g.fen), out = [];
  const own = Object.keys(pieces).filter((sq) => pieces[sq].color === g.you);
  for (const from of own)
    for (let f = 0; f < 9; f++)
      for (let r = 0; r < 10; r++) {
        const to = "abcdefghi"[f] + r, p = pieces[to];
        if (to !== from && !(p && p.color === g.you)) out.push(from + to);
      }
  return out;
}

function premove(g, mv) {
  request("premove", mv ? { game: g.id, move: mv } : { game: g.id }).catch(() => {});
}

// a click on the board while a premove stands cancels it (and picks nothing)
$("board-host").addEventListener("pointerdown", (e) => {
  const g = state.games.get(state.active);
  if (!g || !g.premove || !canPremove(g)) return;
  e.stopPropagation();
  g.premove = null;
  board.setPremove(null);
  premove(g, null);
}, true);

function playMove(mv, viaDrag) {
  const g = state.games.get(state.active);
  if (!g) return;
  if (canPremove(g)) { premove(g, mv); return; }
  dragged = viaDrag;
  sound.unlock();
  request("move", { game: g.id, move: mv }).catch(() => render());
}

function render(animate = null) {
  const g = state.games.get(state.active);
  document.body.classList.toggle("idle", !g); // the layout without a game (style.css)
  $("game-panel").hidden = !g;
  $("move-form").hidden = !(g && g.you && !g.ended);
  if (!g) {
    board.setFlipped(false);
    board.setPosition("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    $("result").hidden = true;
    $("opening").textContent = "";
    for (const id of ["resign", "abort", "draw", "draw-decline", "takeback", "takeback-decline", "rematch", "analyse", "analysis-board", "pgn-annotated", "pgn", "leave"]) $(id).hidden = true;
    $("review").hidden = true;
    for (const p of ["player-top", "player-bottom"]) {
      $(p).querySelector(".pname").textContent = "";
      $(p).querySelector(".clock").textContent = "";
      $(p).querySelector(".thinking").hidden = true;
      $(p).querySelector(".away").hidden = true;
    }
    return;
  }
  board.setFlipped(!!g.flip);
  if (g.you && !g.ended) wantRules();
  const myTurn = g.you && g.you === g.turn && !g.ended;
  const v = viewedPly(g);
  if (v < g.moves.length) // an earlier position: shown, not played on
    board.setPosition(fenAt(g.start, g.moves, v), { legal: [], last: g.moves[v - 1] || null,
      check: (g.checks || []).includes(v), animate: animate === g.moves[v - 1] ? animate : null });
  else // on the opponent's turn the user's pieces may premove (the server holds it)
    board.setPosition(g.fen, { legal: myTurn ? localLegal(g) : canPremove(g) ? premoveTargets(g) : [],
      last: g.moves[g.moves.length - 1] || null, check: g.check, animate });
  board.setPremove(v === g.moves.length && canPremove(g) ? g.premove || null : null);
  renderReplay(g);
  $("game-title").textContent = `Game ${g.id}: ${g.red.name} – ${g.black.name}, ${terms(g)}`;
  renderPlayers(g);
  $("opening").textContent = openingText(g.opening);
  renderMoves(g);
  renderControls(g);
  renderChatForm(g);
  const r = $("result");
  r.hidden = !g.ended;
  if (g.ended) r.textContent = resultText(g.ended, g);
}

// "1-0  Red wins: checkmate", "0-1  Black wins: perpetual check by Red", and
// after a rated game a second line with the ratings: "alice 1520 (+20), bob 1480 (-20)"
function resultText(e, g) {
  const winner = e.winner || (e.result === "1-0" ? "red" : e.result === "0-1" ? "black" : null);
  const head = winner ? `${cap(winner)} wins` : e.result === "1/2-1/2" ? "Draw" : "No result";
  const detail = cap(String(e.text || e.reason || "").replace(/^(1-0|0-1|1\/2-1\/2|\*)\s*/, ""));
  return `${e.result}  ${head}${detail ? ": " + detail : ""}${ratingsChange(e, g)}`;
}

function ratingsChange(e, g) {
  if (!e.ratings || !g) return "";
  const side = (c) => {
    const after = e.ratings[c];
    let diff = e.rating_diff ? e.rating_diff[c] : after - g[c].rating; // before: the rating at the start
    diff = Math.round(diff);
    return `${g[c].name} ${Math.round(after)} (${diff >= 0 ? "+" : "-"}${Math.abs(diff)})`;
  };
  return `\n${side("red")}, ${side("black")}`;
}

// "C55 五六炮过河车对屏风马，黑进７卒黑右直车" (the server's ECCO classification), or "".
function openingText(o) {
  return o ? `${o.code} ${o.name}${o.variation ? "，" + o.variation : ""}` : "";
}

function renderPlayers(g) {
  const sides = g.flip ? ["red", "black"] : ["black", "red"];
  ["player-top", "player-bottom"].forEach((id, i) => {
    const side = sides[i], p = g[side], e = $(id);
    e.dataset.side = side;
    e.querySelector(".pname").textContent = `${side === "red" ? "紅" : "黑"} ${p.engine !== undefined ? `Engine, level ${p.engine}` : p.name}` +
      playerRating(g, side) + (g.you === side ? " · you" : "");
    e.querySelector(".thinking").hidden = !(p.engine !== undefined && g.turn === side && !g.ended);
    e.querySelector(".away").hidden = p.present !== false || !!g.ended;
    e.classList.toggle("to-move", g.turn === side && !g.ended);
  });
  tick();
}

// " (1520)" after a player's name: after a rated game the rating it left; a
// guest (names starting with "guest" are the server's guests) and the engine
// have none (issue 45).
function playerRating(g, side) {
  const p = g[side], end = g.ended;
  if (p.engine !== undefined || /^guest/i.test(p.name)) return "";
  if (end && end.ratings && typeof end.ratings[side] === "number") {
    const prov = end.deviations ? end.deviations[side] > PROVISIONAL_RD : p.provisional;
    return ` (${ratingText(end.ratings[side], prov)})`;
  }
  return ` (${ratingText(p.rating, p.provisional)})`;
}

function tick() {
  const g = state.games.get(state.active);
  if (!g || !g.clock) return;
  for (const id of ["player-top", "player-bottom"]) {
    const e = $(id), side = e.dataset.side;
    let ms = g.clock[side];
    if (!g.ended && g.clock.running === side) ms -= performance.now() - g.clockAt;
    const c = e.querySelector(".clock");
    const text = fmtClock(ms);
    // low time: one warning per game, on the user's own running clock
    if (g.you === side && !g.ended && g.clock.running === side && !g.lowTimeWarned &&
        ms < Math.min(LOW_TIME_MS, (g.base || 0) * 1000 * LOW_TIME_SHARE || LOW_TIME_MS) && ms > 0) {
      g.lowTimeWarned = true;
      sound.play("lowtime");
      announce("Low time");
    }
    if (c.textContent !== text) c.textContent = text;
    c.classList.toggle("low", ms < 10000);
    c.setAttribute("aria-label", `${side} clock ${text}`);
  }
}
setInterval(tick, TICK_MS);

function renderMoves(g) {
  const list = $("moves"), kept = list.scrollTop;
  list.replaceChildren();
  const names = state.notation === "iccs" ? g.moves : state.notation === "wxf" ? g.wxf : g.zh;
  const v = viewedPly(g);
  for (let i = 0; i < names.length; i += 2) {
    const e = li("", list);
    const r = document.createElement("span"), b = document.createElement("span");
    r.textContent = names[i];
    b.textContent = names[i + 1] || "";
    [r, b].forEach((span, k) => {
      if (!span.textContent) return;
      const ply = i + k + 1;
      span.dataset.ply = ply;
      span.className = "ply";
      span.addEventListener("click", () => viewPly(g, ply));
      const rm = g.analysis && g.analysis.moves[ply - 1]; // the review's class and its symbol ("??")
      if (rm && rm.class) { span.classList.add(rm.class); if (rm.symbol) span.textContent += rm.symbol; }
      if (ply === v) { span.classList.add("viewing"); span.setAttribute("aria-current", "step"); }
    });
    e.append(r, b);
  }
  if (g.ended) li(resultText(g.ended, null), list).className = "end"; // "1-0  Red wins: Checkmate"
  // the live game: its last move; a replay: the move shown, scrolled within
  // the list only as far as it takes to show it (issue 45)
  const shown = list.querySelector(".viewing");
  if (v === g.moves.length || !shown) { list.scrollTop = list.scrollHeight; return; }
  list.scrollTop = kept;
  const a = shown.getBoundingClientRect(), box = list.getBoundingClientRect();
  if (a.top < box.top) list.scrollTop -= box.top - a.top;
  else if (a.bottom > box.bottom) list.scrollTop += a.bottom - box.bottom;
}

// ---- replay ------------------------------------------------------------------
// g.view: the ply shown (0 = the start), or null to follow the game (the last
// move, live). Stepping back in a live game shows an earlier position; → to
// the end, End or a click on the last move returns to the live position.
function viewedPly(g) {
  return g.view === null || g.view === undefined ? g.moves.length : Math.min(g.view, g.moves.length);
}

function viewPly(g, ply) {
  const n = g.moves.length, p = Math.max(0, Math.min(n, ply));
  const before = viewedPly(g);
  g.view = p >= n ? null : p;
  if (viewedPly(g) !== before && g.id === state.active) render(before + 1 === viewedPly(g) ? g.moves[before] : null);
}

function renderReplay(g) {
  const n = g.moves.length, v = viewedPly(g);
  $("replay-first").disabled = $("replay-back").disabled = v === 0;
  $("replay-fwd").disabled = $("replay-last").disabled = v === n;
  let note = v < n ? `${plyText(v, n, blackFirst(g))}${g.ended ? "" : " · End: back to the game"}` : "";
  // a finished game's clocks after the shown move (the server's `clocks`)
  if (v < n && v > 0 && Array.isArray(g.clocks) && g.clocks[v - 1])
    note += ` · clocks ${fmtClock(g.clocks[v - 1][0])} – ${fmtClock(g.clocks[v - 1][1])}`;
  $("replay-note").textContent = note;
  renderReview(g);
}

// ---- review (review.js): the server's `analysis` of a finished game -------------
function renderReview(g) {
  const a = g.analysis, box = $("review");
  box.hidden = !a && !g.reviewing;
  if (!a) {
    $("review-graph").replaceChildren();
    $("review-accuracy").textContent = "";
    $("review-verdict").textContent = g.reviewing ? `Reviewing… ${g.reviewing.done} of ${g.reviewing.total} positions` : "";
    return;
  }
  if (!g.graph) g.graph = evalGraph(a, (ply) => viewPly(g, ply), { blackFirst: blackFirst(g) });
  if ($("review-graph").firstChild !== g.graph) $("review-graph").replaceChildren(g.graph);
  const v = viewedPly(g);
  g.graph.setCursor(v);
  $("review-accuracy").textContent = accuracyText(a, blackFirst(g));
  if (state.notation !== "iccs") wantRules(); // the better line in the chosen notation
  $("review-verdict").textContent = moveVerdict(a, v, { blackFirst: blackFirst(g), line: betterLine(g, v) });
}

// Whether the game's first move is Black's (a game from a set-up position).
function blackFirst(g) { return /\sb(\s|$)/.test(g.start || ""); }

// The review's better line for the move of `ply` in the user's notation, or
// "" (the package's rules are not loaded: the verdict says it in ICCS).
function betterLine(g, ply) {
  const m = g.analysis.moves[ply - 1];
  if (!m || !m.line || !m.line.length) return "";
  if (state.notation === "iccs") return m.line.join(" ");
  if (!rules) return "";
  const kind = state.notation === "wxf" ? "wxf" : "chinese";
  try {
    return withBoard(rules, fenAt(g.start, g.moves, ply - 1), (b) => m.line.map((mv) => {
      const t = b.moveToText(mv, kind);
      b.push(mv);
      return t;
    })).join(" ");
  } catch { return ""; }
}

$("analyse").addEventListener("click", () => {
  const g = state.games.get(state.active);
  if (!g) return;
  request("analyse", { game: g.id }).catch(() => {});
});

const step = (d) => () => {
  const g = state.games.get(state.active);
  if (g) viewPly(g, d === "first" ? 0 : d === "last" ? g.moves.length : viewedPly(g) + d);
};
$("replay-first").addEventListener("click", step("first"));
$("replay-back").addEventListener("click", step(-1));
$("replay-fwd").addEventListener("click", step(1));
$("replay-last").addEventListener("click", step("last"));
// ←/→/Home/End anywhere but in a field or on the board (whose keys move its cursor)
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (e.altKey || e.ctrlKey || e.metaKey || !state.games.get(state.active) || analysis.shown) return;
  if (t && t.closest && (t.closest("input, textarea, select") || t.closest("#board-host"))) return;
  const k = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" }[e.key];
  if (k === undefined) return;
  e.preventDefault();
  step(k)();
});
// the wheel over the board or the move list steps too
for (const id of ["board-host", "moves"]) {
  $(id).addEventListener("wheel", (e) => {
    if (!state.games.get(state.active) || Math.abs(e.deltaY) < 1) return;
    e.preventDefault();
    step(e.deltaY > 0 ? 1 : -1)();
  }, { passive: false });
}

function renderControls(g) {
  const player = !!g.you && !g.ended, opp = g.you ? other(g.you) : null;
  const show = (id, on, text) => { $(id).hidden = !on; if (text) $(id).textContent = text; };
  show("resign", player);
  show("abort", player && g.ply < 2);
  show("draw", player, g.draw_offer === opp ? "Accept draw" : g.draw_offer === g.you ? "Draw offered" : "Offer draw");
  $("draw").disabled = g.draw_offer === g.you;
  show("draw-decline", player && g.draw_offer === opp);
  const mine = g.you === "red" ? g.ply >= 1 : g.ply >= 2;
  show("takeback", player && (mine || g.takeback_offer === opp),
    g.takeback_offer === opp ? "Accept take-back" : g.takeback_offer === g.you ? "Take-back asked" : "Take back");
  $("takeback").disabled = g.takeback_offer === g.you;
  show("takeback-decline", player && g.takeback_offer === opp);
  // a rematch after a game the user played: the opponent's offer, if any, is
  // the challenge whose `rematch` names this game (server: colours swapped)
  const offers = [...state.offers.values()].filter((o) => o.rematch === g.id);
  const theirs = offers.some((o) => state.me && o.from.toLowerCase() !== state.me.name.toLowerCase());
  const ours = offers.some((o) => state.me && o.from.toLowerCase() === state.me.name.toLowerCase());
  show("rematch", !!g.ended && !!g.you && !!state.me,
    theirs ? "Accept rematch" : ours ? "Rematch offered" : "Rematch");
  $("rematch").disabled = ours || (!!playing() && playing() !== g);
  show("analyse", !!g.ended && !!state.me && !g.analysis, g.reviewing ? "Analysing…" : "Analyse");
  $("analyse").disabled = !!g.reviewing;
  show("pgn-annotated", !!g.analysis);
  show("pgn", true);
  show("analysis-board", true);
  show("leave", true);
}

// Rematch: against a person the server's `rematch` (both must want it);
// against the engine a new engine game with the same terms, colours swapped.
$("rematch").addEventListener("click", () => {
  const g = state.games.get(state.active);
  if (!g || !g.you) return;
  sound.unlock();
  const engineSide = g.red.engine !== undefined ? "red" : g.black.engine !== undefined ? "black" : null;
  if (engineSide) {
    request("engine", { level: g[engineSide].engine, base: g.base, inc: g.inc, rules: g.rules,
      color: engineSide }).catch(() => {});
  } else {
    request("rematch", { game: g.id }).then(() => renderControls(g)).catch(() => {});
  }
});

// Quick pairing: join a seek with these terms (and the form's rules and rated
// flag) or open one: the server's `pair`.
for (const b of document.querySelectorAll("#quick button")) {
  b.addEventListener("click", () => {
    sound.unlock();
    const t = readTerms();
    request("pair", { base: Number(b.dataset.base), inc: Number(b.dataset.inc), rules: t.rules,
      rated: t.rated }).catch(() => {});
  });
}

// The shown game's buttons again (an offer that concerns it came or went).
function renderActiveControls() {
  const g = state.games.get(state.active);
  if (g) renderControls(g);
}

const gameCmd = (type) => () => {
  const g = state.games.get(state.active);
  if (g) request(type, { game: g.id }).catch(() => {});
};
// A question in the page (a modal <dialog>, not the browser's confirm()):
// a promise of true for `yes`, false for Cancel or Escape.
function ask(text, yes) {
  const d = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  d.returnValue = "";
  return new Promise((resolve) => {
    d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true });
    d.showModal();
  });
}
$("resign").addEventListener("click", async () => { if (await ask("Resign this game?", "Resign")) gameCmd("resign")(); });
$("abort").addEventListener("click", gameCmd("abort"));
$("draw").addEventListener("click", gameCmd("draw"));
$("draw-decline").addEventListener("click", gameCmd("draw_decline"));
$("takeback").addEventListener("click", gameCmd("takeback"));
$("takeback-decline").addEventListener("click", gameCmd("takeback_decline"));
$("flip").addEventListener("click", () => {
  const g = state.games.get(state.active);
  if (g) { g.flip = !g.flip; render(); } else board.setFlipped(!board.flipped);
});
$("leave").addEventListener("click", () => {
  const g = state.games.get(state.active);
  if (g && !g.you) {
    conn.send("unwatch", { game: g.id }).catch(() => {});
    state.watching.delete(g.id);
    state.games.delete(g.id);
  }
  setActive(null);
});
// The game's PGN as a download; annotated: with the review's comments and NAGs.
async function downloadPgn(annotated) {
  const g = state.games.get(state.active);
  if (!g) return;
  try {
    const r = await request("pgn", annotated ? { game: g.id, annotated: true } : { game: g.id });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([r.pgn], { type: "application/x-chess-pgn" }));
    a.download = `xiangqi-game-${g.id}${annotated ? "-annotated" : ""}.pgn`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  } catch { /* shown */ }
}
$("pgn").addEventListener("click", () => downloadPgn(false));
// The shown position on the analysis board, the game's moves as its main line.
$("analysis-board").addEventListener("click", () => {
  const g = state.games.get(state.active);
  if (!g) return;
  history.pushState(null, "", "#analysis");
  syncView({ start: g.start, moves: g.moves.slice(), ply: viewedPly(g) });
});
$("pgn-annotated").addEventListener("click", () => downloadPgn(true));
$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move-input").value.trim();
  const g = state.games.get(state.active);
  if (!text || !g) return;
  sound.unlock();
  request("move", { game: g.id, move: text }).then(() => { $("move-input").value = ""; }).catch(() => {});
});

setInterval(() => { if (!state.me && conn.isOpen()) conn.send("games").catch(() => {}); }, LIVE_POLL_MS);

// ---- chat, settings ---------------------------------------------------------
function chatForm(form, input, to) {
  $(form).addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $(input).value.trim();
    if (!text) return;
    request("say", { to: to(), text }).then(() => { $(input).value = ""; }).catch(() => {});
  });
}
chatForm("lobby-chat-form", "lobby-chat-input", () => "lobby");
chatForm("game-chat-form", "game-chat-input", () => state.active);

$("mute").checked = sound.isMuted();
$("mute").addEventListener("change", () => { sound.setMuted($("mute").checked); sound.unlock(); });
$("notation").value = state.notation;
$("pieces").value = localStorage.getItem("xq.pieces") === "letters" ? "letters" : "glyphs";
setPieceStyle($("pieces").value);
$("pieces").addEventListener("change", () => {
  localStorage.setItem("xq.pieces", $("pieces").value);
  setPieceStyle($("pieces").value);
});
$("notation").addEventListener("change", () => {
  state.notation = $("notation").value;
  localStorage.setItem("xq.notation", state.notation);
  const g = state.games.get(state.active);
  if (g) { renderMoves(g); renderReview(g); }
  analysis.refresh();
});
showAccount(); // nobody until the server says otherwise
render();
document.addEventListener("pointerdown", () => sound.unlock(), { once: true });
document.addEventListener("keydown", () => sound.unlock(), { once: true });
