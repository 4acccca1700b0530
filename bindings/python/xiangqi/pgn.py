# SPDX-License-Identifier: MIT
"""Game trees in the manner of ``chess.pgn``: :class:`Game`, :class:`ChildNode`, visitors.

A :class:`Game` is a tree of Python objects: every node but the root has a
:attr:`~GameNode.move`, and every node has its :attr:`~GameNode.variations`
(the first is the main line), a :attr:`~GameNode.comment`, a
:attr:`~GameNode.starting_comment` and :attr:`~GameNode.nags`. The game has
:attr:`~Game.headers` (the Seven Tag Roster first, with ``Red`` and
``Black`` for White and Black) and :meth:`~Game.board`, the *starting*
position, so a game replays the usual way:

>>> import xiangqi, xiangqi.pgn
>>> game = next(xiangqi.read_pgn_text('[Event "x"]\\n1. h2e2 h9g7 2. h0g2 *'))
>>> board = game.board()
>>> for move in game.mainline_moves():
...     _ = board.push(move)
>>> board.fen()
'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2'
>>> [node.text("wxf") for node in game.mainline()]
['C2.5', 'H8+7', 'H2+3']

Reading and writing go through the C library (:class:`xiangqi.Record`):
:func:`read_game` reads one game from an open file, :func:`read_pgn`
(also :func:`xiangqi.read_pgn`) iterates over a file's games, :meth:`Game.pgn` / ``str(game)`` write PGN
and :meth:`Game.record` gives the equivalent :class:`xiangqi.Record`.
"""

from __future__ import annotations

import re
import struct
from typing import (IO, TYPE_CHECKING, Any, Callable, Dict, Generic, Iterable, Iterator, List,
                    Mapping, Optional, Set, Tuple, Type, TypeVar, Union, cast, overload)

from . import _errors, _ffi
from ._board import (Board, Color, Move, MoveLike, NotationLike, Notation, Outcome, _as_move,
                     _known_move, START_FEN)
from ._errors import InvalidArgumentError
from ._record import PathLike, PgnReader, Record

if TYPE_CHECKING:
    from . import ecco as ecco_module

_T = TypeVar("_T")
_G = TypeVar("_G", bound="Game")

#: The Seven Tag Roster, in its order (Xiangqi's ``Red`` and ``Black`` for
#: chess's ``White`` and ``Black``).
TAG_ROSTER: Tuple[str, ...] = ("Event", "Site", "Date", "Round", "Red", "Black", "Result")
_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "Red": "?",
                    "Black": "?", "Result": "*"}
RESULTS: Tuple[str, ...] = ("1-0", "0-1", "1/2-1/2", "*")

NAG_GOOD_MOVE: int = 1
NAG_MISTAKE: int = 2
NAG_BRILLIANT_MOVE: int = 3
NAG_BLUNDER: int = 4
NAG_SPECULATIVE_MOVE: int = 5
NAG_DUBIOUS_MOVE: int = 6

if TYPE_CHECKING:
    _HeadersBase = Dict[str, str]
else:  # the plain class at run time (Python 3.8 cannot subscript dict)
    _HeadersBase = dict


class Headers(_HeadersBase):
    """The tags of a :class:`Game`: a dict that keeps the Seven Tag Roster
    first, in its order, then the other tags in the order they were set."""

    def __init__(self, data: Mapping[str, str] | Iterable[Tuple[str, str]] | None = None,
                 **kwargs: str) -> None:
        super().__init__()
        self.update(dict(_ROSTER_DEFAULTS) if data is None and not kwargs else {})
        if data is not None:
            self.update(data)
        self.update(kwargs)

    def update(self, *args: Any, **kwargs: str) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __setitem__(self, key: str, value: str) -> None:
        if not isinstance(key, str) or not re.match(r"^[A-Za-z0-9_]+$", key):
            raise InvalidArgumentError(_errors.EINVAL, "%r is not a PGN tag name" % (key,))
        if not isinstance(value, str):
            raise InvalidArgumentError(_errors.EINVAL, "tag %s: the value must be text, not %r"
                                       % (key, value))
        super().__setitem__(key, value)

    def _ordered(self) -> List[Tuple[str, str]]:
        roster = [(k, self[k]) for k in TAG_ROSTER if k in self]
        return roster + [(k, v) for k, v in dict.items(self) if k not in TAG_ROSTER]

    def __iter__(self) -> Iterator[str]:
        return iter([k for k, _ in self._ordered()])

    # keys(), items() and values() are lists in roster order (not dict views).
    def keys(self) -> List[str]:  # type: ignore[override]
        return [k for k, _ in self._ordered()]

    def items(self) -> List[Tuple[str, str]]:  # type: ignore[override]
        return self._ordered()

    def values(self) -> List[str]:  # type: ignore[override]
        return [v for _, v in self._ordered()]

    def is_chess960(self) -> bool:  # python-chess asks this of headers; never true here
        return False

    def copy(self) -> Headers:
        return Headers(dict(self._ordered()))

    def __repr__(self) -> str:
        return "Headers(%s)" % ", ".join("%s=%r" % kv for kv in self._ordered())


class GameNode:
    """A node of a game tree: the :class:`Game` (the root) or a :class:`ChildNode`."""

    parent: Optional[GameNode]
    #: The move leading to this node (None for the game, the root).
    move: Optional[Move]
    variations: List[ChildNode]
    comment: str
    starting_comment: str
    nags: Set[int]

    def __init__(self, comment: str = "") -> None:
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self.nags = set()

    # -- where --

    def game(self) -> Game:
        """The root :class:`Game`."""
        node = self
        while node.parent is not None:
            node = node.parent
        return cast("Game", node)

    root = game

    def board(self) -> Board:
        """The position after this node's move, with the moves from the
        start in its history (a new :class:`xiangqi.Board`)."""
        moves: List[Any] = []
        node = self
        while node.parent is not None:
            moves.append(node.move)
            node = node.parent
        board = node.board()
        for move in reversed(moves):
            board.push(move)
        return board

    @property
    def ply(self) -> int:
        """Plies from the start position to this node (0 for the game)."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    def turn(self) -> Color:
        """The side to move after this node's move."""
        return self.board().turn

    def end(self) -> GameNode:
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """Whether this node has no continuation."""
        return not self.variations

    def next(self) -> ChildNode | None:
        """The main continuation (a :class:`ChildNode`), or None."""
        return self.variations[0] if self.variations else None

    def is_mainline(self) -> bool:
        """Whether the node is on the game's main line."""
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        """Whether the node is its parent's main continuation (the game: True)."""
        return self.parent is None or self.parent.variations[0] is self

    def starts_variation(self) -> bool:
        """Whether the node begins a side line (is not its parent's first child)."""
        return self.parent is not None and self.parent.variations[0] is not self

    # -- variations --

    def _index(self, given: _Continuation) -> int:
        if isinstance(given, int) and not isinstance(given, bool):
            if not 0 <= given < len(self.variations):
                raise KeyError(given)
            return given
        if isinstance(given, GameNode):
            for i, node in enumerate(self.variations):
                if node is given:
                    return i
            raise KeyError(given)
        move = _as_move(given)
        for i, node in enumerate(self.variations):
            if node.move == move:
                return i
        raise KeyError(move)

    def variation(self, move: _Continuation) -> ChildNode:
        """The continuation by index, :class:`Move` (or ICCS text) or node; KeyError if absent."""
        return self.variations[self._index(move)]

    def has_variation(self, move: _Continuation) -> bool:
        """Whether a continuation plays *move*."""
        try:
            self._index(move)
        except KeyError:
            return False
        return True

    def promote_to_main(self, move: _Continuation) -> None:
        """Make a continuation the main one."""
        i = self._index(move)
        self.variations.insert(0, self.variations.pop(i))

    def promote(self, move: _Continuation) -> None:
        """Move a continuation one place up."""
        i = self._index(move)
        if i > 0:
            v = self.variations
            v[i - 1], v[i] = v[i], v[i - 1]

    def demote(self, move: _Continuation) -> None:
        """Move a continuation one place down."""
        i = self._index(move)
        v = self.variations
        if i < len(v) - 1:
            v[i + 1], v[i] = v[i], v[i + 1]

    def remove_variation(self, move: _Continuation) -> None:
        """Delete a continuation and everything below it."""
        node = self.variations.pop(self._index(move))
        node.parent = None  # type: ignore[assignment]  # detached from the tree

    def add_variation(self, given: MoveLike, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = ()) -> ChildNode:
        """Add a continuation (last) and return its :class:`ChildNode`.

        *move* is a :class:`Move` or text in any notation; it must be legal
        here (:class:`xiangqi.IllegalMoveError` otherwise) and not already
        a continuation (:class:`xiangqi.InvalidArgumentError`)."""
        with self.board() as board:
            move = board.parse_move(given) if isinstance(given, str) else _as_move(given)
            if not board.is_legal(move):
                raise _errors.IllegalMoveError(_errors.EILLEGAL, board._illegal_message(move))
        if self.has_variation(move):
            raise InvalidArgumentError(_errors.EINVAL, "%s is already a continuation here"
                                       % move.iccs())
        node = ChildNode(self, move, comment=comment, starting_comment=starting_comment,
                         nags=nags)
        return node

    def add_main_variation(self, move: MoveLike, comment: str = "",
                           nags: Iterable[int] = ()) -> ChildNode:
        """Add a continuation as the main one and return it."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def add_line(self, moves: Iterable[MoveLike], comment: str = "", starting_comment: str = "",
                 nags: Iterable[int] = ()) -> GameNode:
        """Add a line of moves below this node (following the continuations
        already there); returns the last node. The comments and NAGs go to
        the last node, the starting comment to the first."""
        node: GameNode = self
        first = True
        for given in moves:
            with node.board() as board:
                move = board.parse_move(given) if isinstance(given, str) else _as_move(given)
            if node.has_variation(move):
                node = node.variation(move)
            else:
                node = node.add_variation(move, starting_comment=starting_comment if first else "")
            first = False
        if comment:
            node.comment = comment
        node.nags.update(nags)
        return node

    # -- lines --

    def mainline(self) -> Mainline[ChildNode]:
        """The nodes of the main line after this node (a :class:`Mainline`;
        ``board.push(node)`` plays a node's move)."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> Mainline[Move]:
        """The moves of the main line after this node (a :class:`Mainline`)."""
        return Mainline(self, lambda node: node.move)

    def accept(self, visitor: BaseVisitor) -> Any:
        """Walk the tree below this node with *visitor* (a :class:`BaseVisitor`),
        as :meth:`Game.accept` does for the whole game; returns ``visitor.result()``."""
        board = self.board()
        try:
            self._accept_children(visitor, board)
        finally:
            board.close()
        return visitor.result()

    def _accept_children(self, visitor: BaseVisitor, board: Board) -> None:
        """The main continuation first, then each side line in parentheses,
        then the rest of the main line (PGN order)."""
        if not self.variations:
            return
        main = self.variations[0]
        main._accept_node(visitor, board)
        for side in self.variations[1:]:
            visitor.begin_variation()
            side._accept_node(visitor, board)
            board.push(side.move)
            side._accept_children(visitor, board)
            board.pop()
            visitor.end_variation()
        board.push(main.move)
        main._accept_children(visitor, board)
        board.pop()

    def __str__(self) -> str:
        return " ".join(m.iccs() for m in self.mainline_moves())


#: A continuation of a node, as its methods take it: its index, its
#: :class:`ChildNode`, or its move (a :class:`Move` or ICCS text).
_Continuation = Union[int, GameNode, MoveLike]


class ChildNode(GameNode):
    """A node with a move: :attr:`parent`, :attr:`move`, and the annotations
    of :class:`GameNode`."""

    parent: GameNode
    move: Move

    def __init__(self, parent: GameNode, move: MoveLike, comment: str = "",
                 starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        super().__init__(comment)
        self.parent = parent
        self.move = _as_move(move)
        self.starting_comment = starting_comment
        self.nags = set(nags)
        parent.variations.append(self)

    def text(self, notation: NotationLike = Notation.CHINESE, flags: int = 0) -> str:
        """The move written in a notation, in its parent's position."""
        with self.parent.board() as board:
            return board.move_to_text(self.move, notation, flags)

    def san(self) -> str:
        """The move in WXF notation, Xiangqi's short algebraic form (``'C2.5'``)."""
        return self.text(Notation.WXF)

    def uci(self, ranks_1_10: bool = False) -> str:
        """The move in coordinates (see :meth:`xiangqi.Move.uci`)."""
        return self.move.uci(ranks_1_10)

    def _accept_node(self, visitor: BaseVisitor, parent_board: Board) -> None:
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(parent_board, self.move)
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def __repr__(self) -> str:
        return "<ChildNode %s at ply %d>" % (self.move.iccs(), self.ply)


class Mainline(Generic[_T]):
    """The main line below a node: iterable (again and again), reversible,
    with a length. Of :class:`ChildNode` (:meth:`GameNode.mainline`) or of
    :class:`Move` (:meth:`GameNode.mainline_moves`)."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], _T]) -> None:
        self.start = start
        self.f = f

    def _nodes(self) -> Iterator[ChildNode]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield node

    def __iter__(self) -> Iterator[_T]:
        return (self.f(node) for node in self._nodes())

    def __reversed__(self) -> Iterator[_T]:
        return reversed([self.f(node) for node in self._nodes()])

    def __len__(self) -> int:
        return sum(1 for _ in self._nodes())

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    @overload
    def __getitem__(self, index: int) -> _T: ...

    @overload
    def __getitem__(self, index: slice) -> List[_T]: ...

    def __getitem__(self, index: int | slice) -> _T | List[_T]:
        return list(self)[index]

    def __repr__(self) -> str:

        return "<Mainline of %d>" % len(self)


class Game(GameNode):
    """A game: the root of a tree, with :attr:`headers`, a start position,
    and :attr:`errors` (the problems met while reading it)."""

    def __init__(self, headers: Mapping[str, str] | Iterable[Tuple[str, str]] | None = None
                 ) -> None:
        super().__init__()
        self.headers: Headers = Headers(headers) if headers is not None else Headers()
        self.errors: List[Exception] = []
        self.game_line: int = 0  # the line of the file where the game started, when read

    @property
    def tags(self) -> Headers:
        """The same object as :attr:`headers` (the name :class:`Record` uses)."""
        return self.headers

    def board(self) -> Board:
        """The starting position (from the ``FEN`` header, else the usual
        start), as a new :class:`xiangqi.Board`."""
        return Board(self.headers.get("FEN") or None)

    def ecco(self) -> "ecco_module.Opening":
        """The opening of the main line: a :class:`xiangqi.ecco.Opening`
        (ECCO code and names; no code for a set-up position or no moves)."""
        from . import ecco
        return ecco.classify(self)

    def setup(self, board: Board | str) -> None:
        """Start the game from a :class:`xiangqi.Board` or a FEN (sets or
        removes the ``FEN`` and ``SetUp`` headers). The tree must be empty."""
        if self.variations:
            raise _errors.StateError(_errors.ESTATE, "setup() needs a game without moves")
        fen = board.fen() if isinstance(board, Board) else Board(board).fen()
        if fen == START_FEN:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"

    @classmethod
    def from_board(cls: Type[_G], board: Board) -> _G:
        """A game that plays the moves of *board*'s history from its root
        position; the ``Result`` header is set if the game is over."""
        game = cls()
        b = board.copy()
        moves: List[Move] = []
        try:
            while b.move_stack:
                moves.insert(0, b.pop())
            game.setup(b)
        finally:
            b.close()
        node: GameNode = game
        for move in moves:
            node = ChildNode(node, move)
        outcome = board.outcome()
        if outcome is not None:
            game.headers["Result"] = outcome.result()
        return game

    @classmethod
    def without_tag_roster(cls: Type[_G]) -> _G:
        """A game with no headers at all."""
        return cls(headers={})

    @classmethod
    def from_record(cls: Type[_G], record: Record) -> _G:
        """The tree of a :class:`xiangqi.Record` (its cursor is left at the start)."""
        game = cls(headers={})
        game.headers.update(dict(record.tags.items()))
        start = record.start_fen()
        if start != START_FEN:
            game.headers["FEN"] = start
            game.headers.setdefault("SetUp", "1")
        elif "FEN" in game.headers:
            del game.headers["FEN"]
        for key, value in _ROSTER_DEFAULTS.items():
            if key not in game.headers:
                game.headers[key] = value
        _fill(game, record._tree())
        return game

    def record(self) -> Record:
        """The game as a :class:`xiangqi.Record` (the C library's record; its
        cursor at the start)."""
        fen = self.headers.get("FEN")
        rec = Record(fen or None)
        try:
            for name, value in self.headers.items():
                if name in ("FEN", "SetUp"):
                    continue
                rec.tags[name] = value
            if self.comment:
                rec.comment = self.comment
            _write_children(self, rec)
            rec.goto(0)
        except BaseException:
            rec.close()
            raise
        return rec

    def pgn(self, notation: NotationLike | None = None, flags: int = 0, line_width: int = 80,
            variations: bool = True, comments: bool = True) -> str:
        """The game as PGN text: the Seven Tag Roster first, then the other
        headers, the moves (in *notation*: by default the one of the
        ``Format`` header, else ICCS) and the result."""
        with self.record() as rec:
            return rec.pgn(notation, flags, line_width, variations, comments)

    def save_pgn(self, path: PathLike, append: bool = False, **options: Any) -> None:
        """Write the game to a PGN file (see :meth:`pgn` for the options)."""
        with self.record() as rec:
            rec.save_pgn(path, append=append, **options)

    def outcome(self) -> Outcome | None:
        """The :class:`xiangqi.Outcome` at the end of the main line, or None."""
        with self.end().board() as board:
            return board.outcome()

    def accept(self, visitor: BaseVisitor) -> Any:
        """Walk the game with *visitor*: ``begin_game``, the headers
        (``begin_headers``, ``visit_header`` for each, ``end_headers``),
        ``visit_board`` with the start position, then in PGN order
        ``visit_comment``, ``visit_move(board, move)`` (*board* is the
        position before the move), ``visit_nag``, ``begin_variation`` /
        ``end_variation`` around side lines, then ``visit_result`` and
        ``end_game``. Returns ``visitor.result()``."""
        visitor.begin_game()
        visitor.begin_headers()
        for name, value in self.headers.items():
            visitor.visit_header(name, value)
        visitor.end_headers()
        board = self.board()
        try:
            visitor.visit_board(board)
            if self.comment:
                visitor.visit_comment(self.comment)
            self._accept_children(visitor, board)
        finally:
            board.close()
        visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return "<Game %s - %s, %d plies>" % (self.headers.get("Red", "?"),
                                             self.headers.get("Black", "?"), len(self.mainline()))


_NODE = struct.Struct("<iIIII%dB" % _ffi.RECORD_MAX_NAGS)  # a node of xq_record_tree()


def _fill(game: Game, data: bytes) -> None:
    """Build the tree below *game* from the bytes of ``xq_record_tree()``:
    the nodes depth first, each after its parent, continuations in order."""
    count = int.from_bytes(data[:4], "little")
    start = 4 + count * _NODE.size
    pos = start
    nodes: List[GameNode] = []
    append = nodes.append
    for fields in _NODE.iter_unpack(data[4:start]):
        parent, code, clen, blen, nnag = fields[:5]
        comment = data[pos:pos + clen].decode("utf-8", "replace") if clen else ""
        pos += clen
        before = data[pos:pos + blen].decode("utf-8", "replace") if blen else ""
        pos += blen
        if parent < 0:
            game.comment = comment
            append(game)
            continue
        node = ChildNode.__new__(ChildNode)  # ChildNode() less its checks: codes from the library
        node.parent = nodes[parent]
        node.move = _known_move(code)
        node.variations = []
        node.comment = comment
        node.starting_comment = before
        node.nags = set(fields[5:5 + nnag]) if nnag else set()
        node.parent.variations.append(node)
        append(node)


def _write_children(node: GameNode, record: Record) -> None:
    """Play the tree below *node* into the record from its cursor."""
    stack: List[Tuple[GameNode, int]] = [(node, 0)]
    while stack:
        parent, i = stack.pop()
        if i < len(parent.variations):
            stack.append((parent, i + 1))
            child = parent.variations[i]
            record.play(child.move)
            if child.comment:
                record.comment = child.comment
            if child.starting_comment:
                record.comment_before = child.starting_comment
            for nag in sorted(child.nags):
                record.add_nag(nag)
            stack.append((child, 0))
        elif parent is not node:
            record.back()


class BaseVisitor:
    """Base of the visitors of :meth:`Game.accept` and :func:`read_game`
    (the methods of ``chess.pgn.BaseVisitor``; all do nothing here)."""

    def begin_game(self) -> None:
        pass

    def begin_headers(self) -> None:
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> None:
        pass

    def visit_board(self, board: Board) -> None:
        pass

    def visit_move(self, board: Board, move: Move) -> None:
        pass

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> None:
        pass

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    def result(self) -> Any:
        return None


class GameBuilder(BaseVisitor):
    """The visitor that builds a :class:`Game` (what :func:`read_game` uses
    by default); subclass it to change how the tree is made."""

    game: Game
    node: GameNode
    stack: List[GameNode]
    starting: str
    at_variation_start: bool

    def __init__(self, game_class: Type[Game] | None = None) -> None:
        self.game_class: Type[Game] = game_class or Game

    def begin_game(self) -> None:
        self.game = self.game_class(headers={})
        self.node = self.game        # the node whose position we are at
        self.stack = []              # the nodes to return to after side lines
        self.starting = ""           # a comment before the first move of a side line
        self.at_variation_start = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_comment(self, comment: str) -> None:
        if self.at_variation_start:
            self.starting = comment
        else:
            self.node.comment = comment

    def begin_variation(self) -> None:
        self.stack.append(self.node)
        self.node = cast(GameNode, self.node.parent)  # a side line starts after a move
        self.at_variation_start = True

    def end_variation(self) -> None:
        self.node = self.stack.pop()
        self.at_variation_start = False

    def visit_move(self, board: Board, move: Move) -> None:
        self.node = ChildNode(self.node, move, starting_comment=self.starting)
        self.starting = ""
        self.at_variation_start = False

    def visit_nag(self, nag: int) -> None:
        self.node.nags.add(nag)

    def result(self) -> Game:
        return self.game


class HeadersBuilder(BaseVisitor):
    """A visitor that collects only the headers (``read_headers``)."""

    headers: Headers

    def begin_headers(self) -> None:
        self.headers = Headers({})

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def result(self) -> Headers:
        return self.headers


#: What read_game() takes as its Visitor: a visitor class or object.
_VisitorArgument = Union[Type[BaseVisitor], BaseVisitor]
#: An open file read_game() reads (text or binary; it needs readline()).
_Handle = IO[Any]


def _game_from_record(record: Record, visitor: _VisitorArgument | None = None) -> Any:
    game = Game.from_record(record)
    game.game_line = getattr(record, "game_line", 0)
    if visitor is None:
        return game
    return game.accept(visitor() if isinstance(visitor, type) else visitor)


# ---- reading from open files ----

_RESULT_AT_END = re.compile(r"(?:^|\s)(1-0|0-1|1/2-1/2|\*)\s*$")


def _lines(handle: _Handle) -> Iterator[Any]:
    """Lines of *handle* as text (a binary file's bytes decoded the way the
    library would: UTF-8, else GB18030), with the handle's pushed-back line first."""
    pushed = getattr(handle, "_xq_pushback", None)
    if pushed is not None:
        try:
            delattr(handle, "_xq_pushback")
        except AttributeError:
            pass
        yield pushed
    while True:
        line = handle.readline()
        if not line:
            return
        yield line


def _push_back(handle: _Handle, line: Any) -> bool:
    try:
        setattr(handle, "_xq_pushback", line)
        return True
    except AttributeError:
        pass
    try:
        handle.seek(handle.tell() - len(line))  # binary handles
        return True
    except (AttributeError, OSError, ValueError):
        return False


def _next_game_text(handle: _Handle) -> Any:
    """The text (``str`` or ``bytes``) of the next game of *handle*, or None."""
    buf: List[Any] = []
    state = "before"  # before, headers, moves
    depth_brace = 0
    depth_paren = 0
    binary = None
    for line in _lines(handle):
        if binary is None:
            binary = isinstance(line, bytes)
        text = line.decode("utf-8", "replace") if binary else line
        stripped = text.strip()
        if state == "moves" and depth_brace == 0 and stripped.startswith("["):
            if not _push_back(handle, line):
                raise InvalidArgumentError(
                    _errors.EINVAL, "read_game() needs a handle that can take back a line "
                    "(a game without a result marker was followed by another game)")
            break
        if state == "before":
            if not stripped or stripped.startswith("%") or (
                    stripped.startswith("=") and set(stripped) <= set("= ")):
                continue  # blank lines, escapes, site banners between games
            state = "headers" if stripped.startswith("[") else "moves"
        if state == "headers" and stripped and not stripped.startswith("["):
            state = "moves"
        buf.append(line)
        if state == "moves":
            for ch in text:
                if ch == "{":
                    depth_brace += 1
                elif ch == "}" and depth_brace:
                    depth_brace -= 1
                elif depth_brace == 0 and ch == "(":
                    depth_paren += 1
                elif depth_brace == 0 and ch == ")" and depth_paren:
                    depth_paren -= 1
            if depth_brace == 0 and depth_paren == 0 and _RESULT_AT_END.search(text):
                break
    if not buf:
        return None
    return b"".join(buf) if binary else "".join(buf)


@overload
def read_game(handle: _Handle, *, notation: NotationLike | None = None,
              flags: int = 0) -> Game | None: ...


@overload
def read_game(handle: _Handle, Visitor: _VisitorArgument, notation: NotationLike | None = None,
              flags: int = 0) -> Any: ...


def read_game(handle: _Handle, Visitor: _VisitorArgument = GameBuilder,
              notation: NotationLike | None = None, flags: int = 0) -> Any:
    """Read the next game from an open file (text or binary, ``io.StringIO``
    included) and return it as a :class:`Game` (or what *Visitor* makes of
    it); None at the end of the file.

    The handle is read a line at a time and left just after the game, so
    calling again reads the next one; the game text is parsed by the C
    library (GBK files in binary mode are recognised). A game that cannot be
    parsed raises its :class:`xiangqi.XiangqiError`, with the line and
    column within the game."""
    data = _next_game_text(handle)
    if data is None:
        return None
    record = Record.from_pgn(data, notation, flags)
    try:
        if Visitor is GameBuilder:
            return Game.from_record(record)
        return _game_from_record(record, Visitor)
    finally:
        record.close()


class _GameReader(PgnReader[Game]):
    """A :class:`xiangqi.PgnReader` that yields :class:`Game` trees (what
    :func:`read_pgn` and :func:`read_pgn_text` return)."""

    def _item(self, record: Record) -> Game:
        try:
            game = Game.from_record(record)
        finally:
            record.close()
        game.game_line = record.game_line
        return game


def read_pgn(source: PathLike | _Handle, notation: NotationLike | None = None, flags: int = 0,
             skip_errors: bool = False) -> PgnReader[Game]:
    """The games of a PGN file, as :class:`Game` trees, read lazily.

    *source* is a file name, a :class:`pathlib.Path` or an open file (text
    or binary, ``io.StringIO`` included); a string is always a file name
    (for PGN text use :func:`read_pgn_text`). Returns a :class:`xiangqi.PgnReader`
    (with ``errors`` when *skip_errors* is true). ``game.board()`` is the
    starting position: ``for m in game.mainline_moves(): board.push(m)``.
    Also :func:`xiangqi.read_pgn`."""
    return _GameReader(source, notation, flags, skip_errors)


def read_pgn_text(text: str | bytes | bytearray, notation: NotationLike | None = None,
                  flags: int = 0, skip_errors: bool = False) -> PgnReader[Game]:
    """The games of PGN text (``str``, or UTF-8/GBK ``bytes``), as :func:`read_pgn`
    gives them. Also :func:`xiangqi.read_pgn_text`."""
    return cast("PgnReader[Game]", _GameReader.from_text(text, notation, flags, skip_errors))


_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ESCAPE = re.compile(r"\\(.)")


def _decode(data: str | bytes) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("gb18030", "replace")


def _scan_headers(text: str) -> Headers:
    """The :class:`Headers` of a game's text, from its tag lines alone: the
    movetext is not parsed (as ``chess.pgn.read_headers``). The Seven Tag
    Roster is filled in, and ``Result`` from the result marker when the game
    has no tag, as :func:`read_game` does."""
    headers = Headers({})
    lines = text.splitlines()
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith(("%", ";")):
            continue
        if not stripped.startswith("["):
            break  # the movetext
        for name, value in _TAG.findall(stripped):
            headers[name] = _ESCAPE.sub(r"\1", value)
    if "Result" not in headers:
        marker = _RESULT_AT_END.search(lines[-1] if lines else "")
        if marker and marker.group(1) != "*":
            headers["Result"] = marker.group(1)
    for key, value in _ROSTER_DEFAULTS.items():
        if key not in headers:
            headers[key] = value
    return headers


def read_headers(handle: _Handle) -> Headers | None:
    """The :class:`Headers` of the next game of an open file, from its tag
    lines only: the moves are skipped without being parsed, so a game with
    a bad movetext does not raise (and scanning is fast); None at the end of
    the file. The handle is left after the game, as :func:`read_game`."""
    data = _next_game_text(handle)
    if data is None:
        return None
    return _scan_headers(_decode(data))


def skip_game(handle: _Handle) -> bool:

    """Skip the next game of an open file (without parsing it); False at the
    end of the file."""
    return _next_game_text(handle) is not None


__all__ = ["Game", "GameNode", "ChildNode", "Mainline", "Headers", "BaseVisitor", "GameBuilder",
           "HeadersBuilder", "read_game", "read_pgn", "read_pgn_text", "read_headers", "skip_game",
           "TAG_ROSTER", "RESULTS",
           "NAG_GOOD_MOVE", "NAG_MISTAKE", "NAG_BRILLIANT_MOVE", "NAG_BLUNDER",
           "NAG_SPECULATIVE_MOVE", "NAG_DUBIOUS_MOVE"]
