// SPDX-License-Identifier: MIT
// A typed CommonJS program on the xiangqi package (require(), index.d.cts
// and threads.d.cts), checked by tsc --strict (ctest js_types).
import xiangqi = require('xiangqi');
import xiangqiThreads = require('xiangqi/threads');

async function main(): Promise<void> {
  const { Board, SearchWorker, XiangqiError, perft } = await xiangqi.init();
  const board = new Board();
  console.log(board.legalMoves().length, perft(2));
  try {
    board.perft(2.5);
  } catch (e) {
    if (e instanceof XiangqiError) console.log(e.codeName);
  }
  const worker = new SearchWorker();
  const result = await worker.start(null, [], { depth: 3 });
  console.log(result.bestMove);
  const mt = await xiangqiThreads.init();
  const search = new mt.Search({ threads: 2 });
  console.log(mt.threaded, search.running);
  search.free();
  board.free();
}

main().catch((e: unknown) => console.error(e));
