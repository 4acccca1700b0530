// SPDX-License-Identifier: MIT
// A module Worker of the browser test (page.js): the package loads here too.
import { Board, perft, version } from '../package/lib/index.js';

const b = new Board();
b.push('h2e2');
self.postMessage({ version, moves: b.legalMoves().length, perft4: perft(4) });
b.free();
