# SPDX-License-Identifier: MIT
"""Mistakes that mypy must report in user code of the package (ctest
python_mypy, tests/python/mypy_check.py; never run).

A line whose comment is ``E: TEXT`` must get an error containing TEXT, and
every other line none; a comment ``N: TEXT`` expects a note (``reveal_type``). With an
untyped package (everything ``Any``) none of these errors would be
reported, so this file proves that user code gets real types.
"""

from __future__ import annotations

import xiangqi
import xiangqi.engine
import xiangqi.pgn

board = xiangqi.Board()
reveal_type(board.legal_moves)  # N: Revealed type is "xiangqi._board.MoveList"
reveal_type(board.legal_moves[0])  # N: Revealed type is "xiangqi._board.Move"
reveal_type(board.piece_at("e0"))  # N: Revealed type is "Union[xiangqi._board.Piece, None]"
text: str = board.legal_moves[0]  # E: expression has type "Move", variable has type "str"
number: int = board.fen()  # E: expression has type "str", variable has type "int"
board.push(42)  # E: Argument 1 to "push" of "Board" has incompatible type "int"
piece: xiangqi.Piece = board.piece_at("e0")  # E: expression has type "Optional[Piece]"
board.parse_move("h2e2", flags="none")  # E: Argument "flags" to "parse_move" of "Board"
xiangqi.Move(0, "b0")  # E: Argument 2 to "Move" has incompatible type "str"
color: xiangqi.Color = board.ply  # E: expression has type "int", variable has type "Color"
board.legal_moves.filter(captures="yes")  # E: Argument "captures" to "filter" of "MoveList"
square = xiangqi.A10  # E: Module has no attribute "A10"

for game in xiangqi.read_pgn_text("1. h2e2 *"):
    reveal_type(game)  # N: Revealed type is "xiangqi.pgn.Game"
    game.mainline_moves()[0].san()  # E: "Move" has no attribute "san"
    moves: list[str] = list(game.mainline_moves())  # E: Argument 1 to "list" has incompatible type "Mainline[Move]"

with xiangqi.Engine() as engine:
    result = engine.analyse(board, depth=3)
    cp: int = result.score.relative.score()  # E: expression has type "Optional[int]", variable has type "int"
    mate: int = result.score.relative.score(mate_score=30000)
    engine.start(board, depth=2)
    engine.wait(timeout=1.0).move  # E: Item "None" of "Optional[AnalysisResult]" has no attribute "move"
    engine.wait().move

with xiangqi.engine.popen_uci("xq-uci") as uci:
    lines: xiangqi.engine.InfoDict = uci.analyse(board, xiangqi.engine.Limit(depth=2), multipv=2)  # E: expression has type "List[Dict[str, Any]]"
    uci.configure(["Hash"])  # E: Argument 1 to "configure" of "SimpleEngine" has incompatible type "List[str]"

xiangqi.Record.from_pgn(42)  # E: Argument 1 to "from_pgn" of "Record" has incompatible type "int"
xiangqi.svg.board("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w")  # E: Argument 1 to "board" has incompatible type "str"
xiangqi.Book.default().probe(board)[0].move.uci(True) + 1  # E: Unsupported operand types for + ("str" and "int")
