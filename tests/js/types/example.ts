// SPDX-License-Identifier: MIT
// A typed program on the xiangqi package (ES module), checked by
// tsc --strict (ctest js_types): if a declaration of index.d.ts or
// threads.d.ts disagrees with how the package is used here (and in
// docs/javascript.md), this does not compile.
import xiangqi, {
  Board, Record, Book, Search, SearchWorker, XiangqiError, Color, Notation, readPgn, perft,
  fenProblems, validateFen, parseSquare, squareName, review, version,
} from 'xiangqi';
import type { Info, Limits, Outcome, Rules, SearchResult, XiangqiApi } from 'xiangqi';
import * as threads from 'xiangqi/threads';

const board = new Board();
board.push('炮二平五');
board.push('h9g7', 'iccs');
const moves: string[] = board.legalMoves();
const chinese: string = board.moveToText(moves[0]!, Notation.CHINESE);
const wxf: string = board.moveToText('h0g2', 'wxf');
const square: number = parseSquare('e0');
const name: string = squareName(square);
const piece: string | null = board.pieceAt('e0');
const undone: string = board.pop();
const hash: bigint = board.zobristHash;
const nodes: number = board.perft(2) + perft(1, board.fen());
const rules: Rules = { ruleset: 'axf', fold: 3, plyLimit: 120, insufficientMaterial: true };
const outcome: Outcome | null = board.outcome(rules);
const banned: string[] = board.bannedMoves('cxa');
const svg: string = board.svg({ size: 300, flip: true, lastMove: null, arrows: ['h2e2'] });
if (board.turn === Color.BLACK) board.king(Color.BLACK);
console.log(chinese, wxf, name, piece, undone, hash, nodes, outcome?.description, banned, svg.length);

try {
  board.push('a0a5');
} catch (e) {
  if (e instanceof XiangqiError) console.log(e.code, e.codeName, e.message, e.offset);
}
validateFen(board.fen());
for (const p of fenProblems('4k4/9/9/9/9/9/9/9/9/4K4 w')) console.log(p.codeName, p.message, p.offset);

const errors: XiangqiError[] = [];
const games: Record[] = readPgn('[Event "x"]\n\n1. h2e2 h9g7 *\n', { skipErrors: true, errors });
const game = games[0]!;
game.goto(0);
game.forward();
game.comment = 'the central cannon';
const tags: { [name: string]: string } = game.tags();
const pgn: string = game.pgn({ notation: 'chinese', lineWidth: 80 });
const book: Book = Book.build(games, { maxPly: 10, weighting: 'games' });
const bytes: Uint8Array = book.toBytes();
const again = Book.fromBytes(bytes);
const pick: string | null = again.pick(board, 42n, { best: true });
console.log(tags, pgn, pick, again.probe(board).map((e) => `${e.move} ${e.weight}`));

const search = new Search({ hashMb: 16 });
search.setBook(again);
search.setRules('axf');
const limits: Limits = { depth: 6, multipv: 2, nodes: 100000n, seed: 7, searchmoves: ['h2e2', 'b2e2'] };
const result: SearchResult = search.run(board, limits, (info: Info) => console.log(info.depth, info.pv));
if ('cp' in result.score) console.log(result.bestMove, result.score.cp);
const value = review.value(result.score);
const verdict = review.classify(value, value - 250, false, { blunder: 200 });
console.log(verdict.class, verdict.loss, review.valueText(value, { sign: true }), review.SYMBOLS.blunder);

async function engine(): Promise<void> {
  const worker = new SearchWorker({ hashMb: 8, book: bytes });
  const r = await worker.start(null, ['h2e2'], { movetime: 100 }, (i) => console.log(i.nodes));
  console.log(r.bestMove, r.terminated ?? false);
  worker.terminate();
  const pending: Promise<SearchResult> = search.start(board, { infinite: true });
  search.stop();
  await pending;
  const mt = new threads.Search({ threads: 2 });
  const mtBoard = new threads.Board();
  console.log((await mt.start(mtBoard, { depth: 4 })).bestMove, threads.threaded);
  mt.free();
  mtBoard.free();
}

{
  using scratch = new Board('4k4/9/9/9/9/9/9/9/9/3K5 w');
  console.log(scratch.isCheck(), scratch.isCheckmate());
}
// What the declarations refuse, as the package does (XQ_EINVAL).
// @ts-expect-error: a depth is a number, not a string
board.perft('3');
// @ts-expect-error: insufficientMaterial is a boolean
board.outcome({ insufficientMaterial: 1 });
// @ts-expect-error: readPgn takes a text or bytes
readPgn(null);
// @ts-expect-error: no such search option
new Search({ hash: 64 });
const api: XiangqiApi = xiangqi;
console.log(api.version === version, xiangqi.SearchWorker === SearchWorker, threads.default.threaded);
void engine().finally(() => {
  games.forEach((g) => g.free());
  [board, search, book, again].forEach((o) => o.free());
});
