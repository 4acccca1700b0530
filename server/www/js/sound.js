// SPDX-License-Identifier: MIT
// Sounds made with Web Audio (nothing is downloaded): a move, a capture, a
// check, the end of a game and low time on the player's clock. Muted by the switch on the page (remembered).

let ctx = null;
let muted = localStorage.getItem("xq.muted") === "1";

export const isMuted = () => muted;
export function setMuted(m) {
  muted = m;
  localStorage.setItem("xq.muted", m ? "1" : "0");
}

/** Browsers start audio only after a user gesture: call this from one. */
export function unlock() {
  if (!ctx && window.AudioContext) ctx = new AudioContext();
  if (ctx && ctx.state === "suspended") ctx.resume();
}

function tone(freq, start, dur, { type = "sine", gain = 0.25, slide = 0 } = {}) {
  const t0 = ctx.currentTime + start;
  const o = ctx.createOscillator(), g = ctx.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, t0);
  if (slide) o.frequency.exponentialRampToValueAtTime(freq * slide, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.005);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(ctx.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}

const SOUNDS = {
  move: () => { tone(520, 0, 0.07, { type: "triangle", gain: 0.3, slide: 0.6 }); },
  capture: () => { tone(300, 0, 0.12, { type: "square", gain: 0.18, slide: 0.5 }); tone(760, 0.02, 0.08, { type: "triangle", gain: 0.2 }); },
  check: () => { tone(880, 0, 0.12, { gain: 0.22 }); tone(660, 0.13, 0.16, { gain: 0.22 }); },
  end: () => { [523, 659, 784].forEach((f, i) => tone(f, i * 0.12, 0.45, { gain: 0.16 })); },
  lowtime: () => { [0, 0.18, 0.36].forEach((t) => tone(1175, t, 0.1, { type: "square", gain: 0.12 })); },
};

export function play(name) {
  if (muted || !ctx || ctx.state !== "running" || !SOUNDS[name]) return;
  SOUNDS[name]();
}
