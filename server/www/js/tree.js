// SPDX-License-Identifier: MIT
// The analysis board's variation tree: the moves played on the board from a
// start position, every node a position. A node's first child is its main
// continuation, the others its variations, in the order they were played.
// Pure data (no DOM, no rules: the caller checks a move before adding it), so
// that Node tests it (tests/js/test_site_tree.mjs).

/** A tree whose root is the position `fen` (before any move). */
export function createTree(fen) {
  return { move: null, parent: null, children: [], fen, data: {} };
}

/** The child of `node` reached by `move` (ICCS): the existing one, or a new
 *  one (a new variation when `node` has a continuation already) with `fen`,
 *  the position after the move, and `data` (e.g. the move in WXF). */
export function addMove(node, move, fen, data = {}) {
  const old = node.children.find((c) => c.move === move);
  if (old) return old;
  const child = { move, parent: node, children: [], fen, data };
  node.children.push(child);
  return child;
}

/** The root of the tree that holds `node`. */
export function rootOf(node) {
  while (node.parent) node = node.parent;
  return node;
}

/** The moves (ICCS) from the root to `node`. */
export function pathMoves(node) {
  const out = [];
  for (let n = node; n.parent; n = n.parent) out.push(n.move);
  return out.reverse();
}

/** The nodes from the root's first move to `node`. */
export function pathNodes(node) {
  const out = [];
  for (let n = node; n.parent; n = n.parent) out.push(n);
  return out.reverse();
}

/** The ply of `node` (0: the root). */
export function plyOf(node) {
  let p = 0;
  for (let n = node; n.parent; n = n.parent) p++;
  return p;
}

/** Whether `node` is on the main line (the first child all the way from the root). */
export function isMainLine(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

/** The node after `node` along its main continuation, or null at a line's end. */
export function next(node) {
  return node.children[0] || null;
}

/** The last node of the line that continues from `node` through first children. */
export function lineEnd(node) {
  while (node.children.length) node = node.children[0];
  return node;
}

/** Delete `node` and everything after it; returns its parent (the root stays). */
export function remove(node) {
  const p = node.parent;
  if (!p) return node;
  p.children.splice(p.children.indexOf(node), 1);
  node.parent = null;
  return p;
}

/** Promote the variation that holds `node` one level: the nearest ancestor
 *  (or `node` itself) that is not its parent's main continuation becomes it,
 *  the old main continuation its first variation. Returns false when `node`
 *  is on the main line already. */
export function promote(node) {
  let n = node;
  while (n.parent && n.parent.children[0] === n) n = n.parent;
  if (!n.parent) return false;
  const sib = n.parent.children;
  sib.splice(sib.indexOf(n), 1);
  sib.unshift(n);
  return true;
}

/** Build a tree from a line of moves: `steps` is [{move, fen, data}] from the
 *  root. Returns the tree's root and the node of the last step. */
export function fromLine(fen, steps) {
  const root = createTree(fen);
  let n = root;
  for (const s of steps) n = addMove(n, s.move, s.fen, s.data);
  return { root, last: n };
}

/** The tree as display tokens, PGN-like: the main line with each variation
 *  in parentheses after the move it replaces. Tokens are
 *  {node, ply} for a move, {open: true} and {close: true} for a variation's
 *  bounds. */
export function tokens(root) {
  const out = [];
  const line = (first, ply) => {
    // `first` starts a line at `ply`; each node's siblings come after it
    let n = first, p = ply;
    while (n) {
      out.push({ node: n, ply: p });
      const alts = n.parent.children.slice(1);
      if (n === n.parent.children[0])
        for (const alt of alts) {
          out.push({ open: true });
          line(alt, p);
          out.push({ close: true });
        }
      n = n.children[0] || null;
      p++;
    }
  };
  if (root.children[0]) line(root.children[0], 1);
  return out;
}
