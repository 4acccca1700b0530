# SPDX-License-Identifier: MIT
"""User code checked by mypy against the installed package (ctest python_mypy,
tests/python/mypy_check.py); it is type checked with ``--strict``, never run.

Every annotation below must agree with what the package declares. On its own
that would also pass if the package were untyped (everything ``Any``):
typing_errors.py holds the other half, mistakes that mypy must report, which
it can only do when the types are real.
"""

from __future__ import annotations

import io
from typing import Dict, Iterator, List, Optional, Tuple

import xiangqi
import xiangqi.engine
import xiangqi.pgn
import xiangqi.svg


def board_and_moves() -> str:
    board = xiangqi.Board()
    moves: xiangqi.MoveList = board.legal_moves
    first: xiangqi.Move = board.legal_moves[0]
    some: Tuple[xiangqi.Move, ...] = moves[1:3]
    cannon_moves: xiangqi.MoveList = moves.filter(from_square=xiangqi.H2,
                                                  piece_type=xiangqi.CANNON)
    played: xiangqi.Move = board.push("h2e2")
    board.push(first if first in board.legal_moves else board.legal_moves[0])
    back: xiangqi.Move = board.pop()
    square: xiangqi.Square = played.to_square
    name: str = xiangqi.square_name(square)
    piece: Optional[xiangqi.Piece] = board.piece_at("e2")
    symbol: str = piece.symbol() if piece is not None else "."
    turn: xiangqi.Color = board.turn
    other: xiangqi.Color = turn.other
    checkers: xiangqi.SquareSet = board.checkers()
    pieces: Dict[int, xiangqi.Piece] = board.piece_map()
    stack: List[xiangqi.Move] = board.move_stack
    wxf: str = board.move_to_text(back, "wxf")
    outcome: Optional[xiangqi.Outcome] = board.outcome("axf")
    result: str = outcome.result() if outcome is not None else "*"
    nodes: int = xiangqi.perft(board, 2) + len(cannon_moves) + len(some) + len(checkers)
    picture: str = xiangqi.svg.board(board, size=300, arrows=[first])
    return " ".join([name, symbol, str(other), wxf, result, str(nodes), picture[:4],
                     str(len(pieces) + len(stack))])


def records_and_games(text: str) -> int:
    record = xiangqi.Record.from_pgn(text)
    with record:
        mainline: List[xiangqi.Move] = record.mainline()
        red: Optional[str] = record.tags.get("Red")
        event: str = record.tags.get("Event", "?")
        pgn: str = record.pgn(notation="chinese")
    reader: xiangqi.PgnReader[xiangqi.Record] = xiangqi.PgnReader(io.StringIO(text))
    count = 0
    for rec in reader:
        ply: int = rec.ply
        count += ply
    for game in xiangqi.read_pgn_text(text):
        node: xiangqi.pgn.ChildNode
        for node in game.mainline():
            move: xiangqi.Move = node.move
            wxf: str = node.san()
            count += len(wxf) + move.from_square
        moves: xiangqi.pgn.Mainline[xiangqi.Move] = game.mainline_moves()
        headers: xiangqi.pgn.Headers = game.headers
        start: xiangqi.Board = game.board()
        count += len(moves) + len(headers) + start.ply
    read: Optional[xiangqi.Game] = xiangqi.pgn.read_game(io.StringIO(text))
    other: object = xiangqi.pgn.read_game(io.StringIO(text), xiangqi.pgn.HeadersBuilder)
    return count + len(mainline) + len(red or "") + len(event) + len(pgn) + (
        0 if read is None or other is None else 1)


def the_engine(board: xiangqi.Board) -> int:
    with xiangqi.Engine(threads=1, hash_mb=16) as engine:
        result: xiangqi.AnalysisResult = engine.analyse(board, depth=3)
        best: Optional[xiangqi.Move] = result.move
        score: xiangqi.PovScore = result.score
        red: xiangqi.Score = score.red()
        cp: Optional[int] = red.score()
        value: int = red.score(mate_score=30000)
        wdl: xiangqi.PovWdl = result.wdl
        expectation: float = wdl.red().expectation()
        engine.start(board, depth=2)
        done: xiangqi.AnalysisResult = engine.wait()
        maybe: Optional[xiangqi.AnalysisResult] = engine.wait(timeout=0.5)
        play: xiangqi.PlayResult = engine.play(board, xiangqi.Limit(depth=2))
        evaluation: int = xiangqi.evaluate(board)
        infos: Iterator[xiangqi.Info] = iter(engine.analysis(board, depth=2))
        depth: int = next(infos).depth
    return (value + evaluation + depth + int(expectation) + (cp or 0) + done.depth
            + (0 if best is None or maybe is None or play.move is None else 1))


def external(board: xiangqi.Board) -> float:
    with xiangqi.engine.popen_uci(["xq-uci"]) as engine:
        info: xiangqi.engine.InfoDict = engine.analyse(board, xiangqi.engine.Limit(depth=5))
        lines: List[xiangqi.engine.InfoDict] = engine.analyse(
            board, xiangqi.engine.Limit(depth=5), multipv=3)
        best: xiangqi.engine.BestMove = engine.analysis(board, xiangqi.engine.Limit(depth=1)).wait()
        played: xiangqi.PlayResult = engine.play(board, xiangqi.engine.Limit(time=0.1))
        name: str = engine.name
    return float(len(info) + len(lines) + len(name)) + (0 if best.move is None else 1) + (
        0 if played.move is None else 1)


def books_and_tables(board: xiangqi.Board, directory: str) -> int:
    with xiangqi.Book.default() as book:
        entries: List[xiangqi.BookEntry] = book.probe(board)
        pick: Optional[xiangqi.Move] = book.pick(board, seed=1)
        score: Optional[float] = entries[0].score if entries else None
    with xiangqi.Tablebase(directory) as tablebase:
        probe: xiangqi.TablebaseProbe = tablebase.probe(board)
        dtm: Optional[int] = tablebase.probe_dtm(board)
        missing: Optional[xiangqi.TablebaseProbe] = tablebase.get(board)
        tables: List[xiangqi.TableInfo] = tablebase.tables
    return probe.wdl + (dtm or 0) + len(tables) + (0 if missing is None else 1) + (
        0 if pick is None or score is None else 1)


def errors() -> str:
    try:
        xiangqi.Board("not a fen")
    except xiangqi.ParseError as exc:
        line: int = exc.line
        code: int = exc.code
        return "%s %d %d" % (exc.message, line, code)
    return xiangqi.strerror(-1) + xiangqi.library_version_string() + xiangqi.__version__
