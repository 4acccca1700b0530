// SPDX-License-Identifier: MIT
// Replay of a game's moves: the position after any ply, from the start
// position and the moves in ICCS. No rules are needed (the server judged
// every move): a move takes the piece on its first square to its second,
// capturing what stands there. The check mark comes from the server's
// `checks` (docs/protocol.md).
import { parseFen } from "./board.js";

const LETTER = { k: "k", a: "a", b: "b", n: "n", r: "r", c: "c", p: "p" };

/** The FEN of `pieces` ({sq: {color, type}}) with `turn` to move. */
export function toFen(pieces, turn) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = "", empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = pieces["abcdefghi"[f] + r];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      const l = LETTER[p.type] || p.type;
      row += p.color === "red" ? l.toUpperCase() : l;
    }
    rows.push(empty ? row + empty : row);
  }
  return `${rows.join("/")} ${turn === "black" ? "b" : "w"} - - 0 1`;
}

/** The FEN after the first `ply` of `moves` (ICCS) from `start`. */
export function fenAt(start, moves, ply) {
  const { pieces, turn } = parseFen(start);
  let side = turn;
  for (let i = 0; i < ply && i < moves.length; i++) {
    const from = moves[i].slice(0, 2), to = moves[i].slice(2, 4);
    if (pieces[from]) pieces[to] = pieces[from];
    delete pieces[from];
    side = side === "red" ? "black" : "red";
  }
  return toFen(pieces, side);
}
