# SPDX-License-Identifier: MIT
"""External engines over UCI and UCCI, in the manner of ``chess.engine``.

>>> import xiangqi, xiangqi.engine                              # doctest: +SKIP
>>> with xiangqi.engine.popen_uci("/usr/games/fairy-stockfish") as engine:  # doctest: +SKIP
...     board = xiangqi.Board()
...     info = engine.analyse(board, xiangqi.engine.Limit(depth=10))
...     print(info["score"].red(), info["pv"][0])
...     result = engine.play(board, xiangqi.engine.Limit(time=0.1))
...     board.push(result.move)

:func:`popen_uci` starts a UCI engine (Pikafish, Fairy-Stockfish, our
``xq-uci``), :func:`popen_ucci` a UCCI engine (ElephantEye, ``xq-uci`` in
UCCI mode). Both return a :class:`SimpleEngine`, which blocks until each
command is done: :meth:`~SimpleEngine.analyse` (an info dict, or a list of
them with ``multipv``), :meth:`~SimpleEngine.play` (a :class:`PlayResult`),
:meth:`~SimpleEngine.analysis` (a background search to iterate over and
:meth:`~AnalysisResult.stop`), :meth:`~SimpleEngine.configure` and
:meth:`~SimpleEngine.quit`.

Moves are :class:`xiangqi.Move` objects; the coordinates an engine reads
and writes are translated. Fairy-Stockfish numbers ranks 1-10 (``h3e3``
for ``h2e2``) and gets ``UCI_Variant xiangqi``: engines are recognised by
name, and ``ranks_1_10=True``/``False`` says it for any other engine.
Scores are :class:`xiangqi.PovScore` objects from the side to move's
point of view (``.red()``, ``.pov(color)``), with win/draw/loss estimates
(the engine's own ``wdl`` when it reports one).

The library's own engine, searching in this process, is :class:`xiangqi.Engine`.
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import subprocess
import threading
import time as _time
import weakref
from typing import (TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple,
                    Union, overload)

from . import _errors, _ffi
from ._board import RED, Board, Move, MoveLike, FILE_NAMES, _as_move
from ._search import Limit, PlayResult, PovScore, PovWdl, Score, Wdl, Bound
from ._errors import InvalidArgumentError

#: Seconds to wait for ``uciok`` / ``ucciok`` / ``readyok``.
HANDSHAKE_TIMEOUT: float = 10.0
#: Seconds :meth:`SimpleEngine.quit` waits for the process to exit before killing it.
QUIT_TIMEOUT: float = 2.0

#: UCCI has no mate scores: engines report a mate in N plies as
#: +-(MATE_VALUE - N); the library's XQ_MATE_VALUE (30000) is xq-uci's value,
#: 10000 ElephantEye's.
UCCI_MATE_VALUES: Tuple[int, ...] = (_ffi.MATE_VALUE, 10000)
#: Plies below a mate value that still read as a mate.
UCCI_MATE_WINDOW: int = 200

#: An info dict: ``score`` (a :class:`PovScore`), ``pv`` (a list of
#: :class:`Move`), ``depth``, ``nodes``, ``time``, ``wdl``, ... (the keys
#: of python-chess's ``InfoDict``).
InfoDict = Dict[str, Any]
#: A command that starts an engine: a path, or a program and its arguments.
Command = Union[str, bytes, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]


def _ucci_score(value: int) -> Tuple[str, int]:
    """("cp", value) or ("mate", moves) for a UCCI score."""
    for mate in UCCI_MATE_VALUES:
        plies = mate - abs(value)
        if 0 <= plies <= UCCI_MATE_WINDOW:
            moves = (plies + 1) // 2
            return "mate", moves if value > 0 else -moves
    return "cp", value


_MOVE = re.compile(r"^([a-i])(10|[0-9])([a-i])(10|[0-9])$")


class EngineError(RuntimeError):
    """The engine answered something unexpected, or refused an option."""


class EngineTerminatedError(EngineError):
    """The engine process exited (or could not be started)."""


class Option:
    """An option an engine declared: :attr:`name`, :attr:`type` (``check``,
    ``spin``, ``combo``, ``button``, ``string``, ``label``), :attr:`default`,
    :attr:`min`, :attr:`max` and :attr:`var` (the choices of a combo)."""
    __slots__ = ("name", "type", "default", "min", "max", "var")

    def __init__(self, name: str, type: str, default: Any = None, min: int | None = None,
                 max: int | None = None, var: Iterable[str] | None = None) -> None:
        self.name: str = name
        self.type: str = type
        #: The default: an int (spin), a bool (check), text, or None.
        self.default: Any = default
        self.min: int | None = min
        self.max: int | None = max
        self.var: List[str] = list(var or [])

    def parse(self, value: object) -> str | None:
        """The text to send for *value*, checked against the declaration."""
        if self.type == "check":
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower()
            if not isinstance(value, bool):
                raise EngineError("option %s is a check: expected True or False, not %r"
                                  % (self.name, value))
            return "true" if value else "false"
        if self.type == "spin":
            try:
                number = int(value)  # type: ignore[call-overload]  # checked here
            except (TypeError, ValueError):
                raise EngineError("option %s is a spin: expected an integer, not %r"
                                  % (self.name, value))
            if (self.min is not None and number < self.min) or (
                    self.max is not None and number > self.max):
                raise EngineError("option %s: %d is outside %s..%s"
                                  % (self.name, number, self.min, self.max))
            return str(number)
        if self.type == "combo":
            for choice in self.var:
                if str(value).lower() == choice.lower():
                    return choice
            raise EngineError("option %s: %r is not one of %s" % (self.name, value,
                                                                   ", ".join(self.var)))
        if self.type == "button":
            return None
        text = str(value)
        if "\n" in text or "\r" in text:
            raise EngineError("option %s: a value cannot contain a line break" % self.name)
        return text

    def __repr__(self) -> str:
        return "Option(name=%r, type=%r, default=%r, min=%r, max=%r, var=%r)" % (
            self.name, self.type, self.default, self.min, self.max, self.var)


def _parse_option(line: str, ucci: bool) -> Option:
    tokens = line.split()[1:]
    if ucci:
        name_tokens: List[str] = []
        rest = tokens
        while rest and rest[0] != "type":
            name_tokens.append(rest.pop(0))
        tokens = ["name"] + name_tokens + rest
    fields: Dict[str, List[str]] = {"name": [], "type": [], "default": [], "min": [], "max": []}
    var: List[List[str]] = []
    key = None
    for tok in tokens:
        if tok in fields or tok == "var":
            key = tok
            if tok == "var":
                var.append([])
            continue
        if key == "var":
            var[-1].append(tok)
        elif key is not None:
            fields[key].append(tok)
    name = " ".join(fields["name"])
    kind = " ".join(fields["type"]) or "string"
    default: Any = " ".join(fields["default"]) if fields["default"] else None

    def number(values: List[str]) -> int | None:
        try:
            return int(values[0]) if values else None
        except ValueError:
            return None
    if kind == "spin":
        default = number(fields["default"])
    elif kind == "check" and default is not None:
        default = default.lower() == "true"
    return Option(name, kind, default, number(fields["min"]), number(fields["max"]),
                  [" ".join(v) for v in var])


if TYPE_CHECKING:
    _OptionsBase = Dict[str, Option]
else:  # the plain class at run time (Python 3.8 cannot subscript dict)
    _OptionsBase = dict


class _Options(_OptionsBase):
    """The options of an engine by name (lookup ignores case, as UCI does)."""

    def _key(self, name: object) -> str | None:
        for key in self:
            if key.lower() == str(name).lower():
                return key
        return None

    def __contains__(self, name: object) -> bool:
        return self._key(name) is not None

    def __getitem__(self, name: str) -> Option:
        key = self._key(name)
        if key is None:
            raise KeyError(name)
        return dict.__getitem__(self, key)

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default


def _command(command: Command) -> List[str]:
    if isinstance(command, (str, bytes, os.PathLike)):
        return [os.fspath(command)]  # type: ignore[list-item]  # bytes are run as given
    out = [os.fspath(c) for c in command]
    if not out:
        raise InvalidArgumentError(_errors.EINVAL, "an empty command")
    return out


class _Process:
    """The engine process and a thread that queues its output lines."""

    def __init__(self, command: List[str], cwd: Any = None, env: Mapping[str, str] | None = None,
                 stderr: Any = None) -> None:
        self.command = command
        try:
            self.popen: subprocess.Popen[str] = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=stderr, cwd=cwd, env=env, text=True,
                                          encoding="utf-8", errors="replace", bufsize=1)
        except OSError as exc:
            raise EngineTerminatedError("cannot start %s: %s" % (shlex.join(command), exc)) \
                from None
        self.lines: queue.Queue[Optional[str]] = queue.Queue()
        self.write_lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, name="xiangqi-engine-reader",
                                       daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for line in self.popen.stdout:  # type: ignore[union-attr]  # a pipe
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def send(self, line: str) -> None:
        with self.write_lock:
            try:
                self.popen.stdin.write(line + "\n")  # type: ignore[union-attr]  # a pipe
                self.popen.stdin.flush()  # type: ignore[union-attr]
            except (OSError, ValueError):
                raise EngineTerminatedError("%s exited (%s)" % (
                    shlex.join(self.command), self._status()))

    def _status(self) -> str:
        code = self.popen.poll()
        return "still running" if code is None else "exit status %d" % code

    def receive(self, timeout: float | None = None) -> str | None:
        """The next line; EngineTerminatedError at the end of the output."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)  # stay at the end
            try:
                self.popen.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
            raise EngineTerminatedError("%s exited (%s)" % (shlex.join(self.command),
                                                             self._status()))
        return line

    def close(self, timeout: float = QUIT_TIMEOUT) -> None:
        try:
            self.popen.stdin.close()  # type: ignore[union-attr]  # a pipe
        except (OSError, ValueError):
            pass
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait()
        self.reader.join(timeout)  # it closes nothing; the pipe is at its end now
        try:
            self.popen.stdout.close()  # type: ignore[union-attr]  # a pipe
        except (OSError, ValueError):
            pass


def _stop_process(proc: _Process) -> None:
    """Finalizer: never leave an engine process behind, nor its pipes open."""
    if proc.popen.poll() is None:
        try:
            proc.send("quit")
        except EngineError:
            pass
    proc.close(QUIT_TIMEOUT)


class BestMove:
    """The end of a search: :attr:`move` and :attr:`ponder` (None when absent)."""
    __slots__ = ("move", "ponder")

    def __init__(self, move: Move | None, ponder: Move | None) -> None:
        self.move: Move | None = move
        self.ponder: Move | None = ponder

    def __repr__(self) -> str:
        return "<BestMove move=%s ponder=%s>" % (self.move, self.ponder)


class AnalysisResult:
    """A running search of an external engine (from
    :meth:`SimpleEngine.analysis`): iterate over it for the info dicts as
    they come; :attr:`info` is what is known of the best line (the merged
    dicts of ``multipv`` 1) and :attr:`multipv` that of every line;
    :meth:`stop` asks the engine to stop, :meth:`wait` returns the
    :class:`BestMove`. Leaving a ``with`` block stops the search."""

    def __init__(self, engine: SimpleEngine, board: Board, lines: int) -> None:
        self._engine = engine
        self._board = board
        self.multipv: List[InfoDict] = [{} for _ in range(lines)]
        self._best: BestMove | None = None
        self._done = False
        self._pending: List[InfoDict] = []

    @property
    def info(self) -> InfoDict:
        return self.multipv[0]

    def _absorb(self, info: InfoDict) -> None:
        index = info.get("multipv", 1) - 1
        if 0 <= index < len(self.multipv):
            self.multipv[index].update(info)

    def _step(self, timeout: float | None = None) -> InfoDict | None:
        """Read one line; returns an info dict, or None (nothing / not an info)."""
        if self._done:
            return None
        line = self._engine._process.receive(timeout)
        if line is None:
            return None
        words = line.split()
        if not words:
            return None
        if words[0] == "info":
            info = self._engine._parse_info(words[1:], self._board)
            if info:
                self._absorb(info)
                return info
            return None
        if words[0] in ("bestmove", "nobestmove"):
            self._done = True  # even if the move does not parse: the search is over
            if self._engine._searching is self:
                self._engine._searching = None
            self._best = self._engine._parse_bestmove(words, self._board)
        return None

    def __iter__(self) -> AnalysisResult:
        return self

    def __next__(self) -> InfoDict:
        while not self._done:
            info = self._step()
            if info is not None:
                return info
        raise StopIteration

    def next(self) -> InfoDict | None:
        """The next info dict, or None when the search has ended."""
        try:
            return next(self)
        except StopIteration:
            return None

    def would_block(self) -> bool:
        """Whether no output is waiting to be read."""
        return self._engine._process.lines.empty()

    def stop(self) -> None:
        """Ask the engine to stop searching (it then sends its best move)."""
        if not self._done:
            self._engine._process.send("stop")

    def wait(self) -> BestMove:
        """Wait for the end of the search (the engine's best move) and return
        the :class:`BestMove`."""
        while not self._done:
            self._step()
        if self._engine._searching is self:
            self._engine._searching = None
        return self._best  # type: ignore[return-value]  # set when the search ended

    def __enter__(self) -> AnalysisResult:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.wait()


class SimpleEngine:
    """An engine process spoken to over UCI or UCCI; see :func:`popen_uci`
    and :func:`popen_ucci`. One thread at a time uses it, except
    :meth:`AnalysisResult.stop`. Attributes: :attr:`id` (``name``,
    ``author``), :attr:`options` (by name, :class:`Option`),
    :attr:`protocol` (``"uci"`` or ``"ucci"``) and :attr:`ranks_1_10`."""

    def __init__(self, command: Command, protocol: str = "uci", ranks_1_10: bool | None = None,
                 timeout: float = HANDSHAKE_TIMEOUT, cwd: Any = None,
                 env: Mapping[str, str] | None = None, stderr: Any = None) -> None:
        if protocol not in ("uci", "ucci"):
            raise InvalidArgumentError(_errors.EINVAL, "protocol must be 'uci' or 'ucci'")
        self.protocol = protocol
        self.command = _command(command)
        self.id: Dict[str, str] = {}
        self.options = _Options()
        self._config: Dict[str, Any] = {}
        self._searching: AnalysisResult | None = None
        self._last_root: str | None = None
        self._last_game: object = None
        self._restore: Dict[str, Any] | None = None
        self._multipv = 1
        self._process = _Process(self.command, cwd, env, stderr)
        self._finalizer = weakref.finalize(self, _stop_process, self._process)
        try:
            self._handshake(timeout)
            if ranks_1_10 is None:
                ranks_1_10 = "fairy-stockfish" in self.id.get("name", "").lower()
            self.ranks_1_10 = bool(ranks_1_10)
            variant = self.options.get("UCI_Variant")
            if variant is not None:
                if variant.var and "xiangqi" not in [v.lower() for v in variant.var]:
                    raise EngineError("%s does not play xiangqi (UCI_Variant: %s)"
                                      % (self.id.get("name", self.command[0]),
                                         " ".join(variant.var)))
                self._setoption(variant.name, "xiangqi")
            wdl = self.options.get("UCI_ShowWDL")
            if wdl is not None and wdl.type == "check":
                self._setoption(wdl.name, "true")
            if protocol == "ucci" and "usemillisec" in self.options:
                self._setoption(self.options["usemillisec"].name, "true")
                self._millisec = True
            else:
                self._millisec = protocol == "uci"
            self.ping(timeout)
        except BaseException:
            self._finalizer()
            raise

    # -- protocol basics --

    def _handshake(self, timeout: float) -> None:
        ok = "uciok" if self.protocol == "uci" else "ucciok"
        self._process.send(self.protocol)
        deadline = _time.monotonic() + timeout
        while True:
            left = deadline - _time.monotonic()
            line = self._process.receive(max(left, 0.001))
            if line is None:
                if left <= 0:
                    raise EngineError("%s did not answer %r with %r within %g s"
                                      % (shlex.join(self.command), self.protocol, ok, timeout))
                continue
            words = line.split()
            if not words:
                continue
            if words[0] == ok:
                return
            if words[0] == "id" and len(words) >= 2:
                self.id[words[1]] = " ".join(words[2:])
            elif words[0] == "option":
                opt = _parse_option(line, self.protocol == "ucci")
                if opt.name:
                    self.options[opt.name] = opt

    def ping(self, timeout: float = HANDSHAKE_TIMEOUT) -> None:
        """Send ``isready`` and wait for ``readyok``."""
        self._process.send("isready")
        deadline = _time.monotonic() + timeout
        while True:
            left = deadline - _time.monotonic()
            line = self._process.receive(max(left, 0.001))
            if line is None:
                if left <= 0:
                    raise EngineError("%s did not answer isready within %g s"
                                      % (self.id.get("name", self.command[0]), timeout))
                continue
            if line.strip() == "readyok":
                return

    def _setoption(self, name: str, value: str | None) -> None:
        if self.protocol == "uci":
            self._process.send("setoption name %s%s" % (
                name, "" if value is None else " value %s" % value))
        else:
            self._process.send("setoption %s%s" % (name, "" if value is None else " %s" % value))

    _MANAGED = ("uci_variant", "multipv", "ponder", "uci_showwdl", "usemillisec")

    def configure(self, options: Mapping[str, Any]) -> None:
        """Set engine options, e.g. ``{"Threads": 2, "Hash": 64}``: each is
        checked against the engine's declaration (:class:`EngineError` for
        an unknown option or a bad value). ``MultiPV``, ``UCI_Variant`` and
        ``Ponder`` are set by the searches themselves."""
        self._idle()
        for name, value in dict(options).items():
            opt = self.options.get(name)
            if opt is None:
                raise EngineError("%s has no option %r" % (self.id.get("name", "the engine"),
                                                           name))
            if opt.name.lower() in self._MANAGED:
                raise EngineError("option %s is set automatically (use the multipv= or "
                                  "ponder= arguments)" % opt.name)
            text = opt.parse(value)
            self._setoption(opt.name, text)
            self._config[opt.name] = value
        self.ping()

    @property
    def name(self) -> str:
        """The engine's ``id name``."""
        return self.id.get("name", "")

    # -- moves --

    def _move_text(self, move: Move) -> str:
        return move.uci(self.ranks_1_10)

    def _parse_move(self, text: str, board: Board) -> Move:
        """The legal Move of *board* that *text* names, or raise EngineError."""
        m = _MOVE.match(text.lower())
        if m:
            f1, t1, f2, t2 = m.groups()
            offset = 1 if self.ranks_1_10 else 0
            r1, r2 = int(t1) - offset, int(t2) - offset
            if 0 <= r1 < 10 and 0 <= r2 < 10:
                move = Move(r1 * 9 + FILE_NAMES.index(f1), r2 * 9 + FILE_NAMES.index(f2))
                if board.is_legal(move):
                    return move
        hint = ""
        try:
            other = Move.from_uci(text, not self.ranks_1_10)
            if board.is_legal(other):
                hint = " (it is legal with ranks %s: pass ranks_1_10=%s)" % (
                    "0-9" if self.ranks_1_10 else "1-10", not self.ranks_1_10)
        except _errors.XiangqiError:
            pass
        raise EngineError("%s sent %r, not a legal move in %s%s"
                          % (self.id.get("name", "the engine"), text, board.fen(), hint))

    def _pv(self, words: List[str], board: Board) -> List[Move]:
        pv = []
        b = board.copy()
        try:
            for text in words:
                try:
                    move = self._parse_move(text, b)
                except EngineError:
                    break  # python-chess does the same: the PV stops at a bad move
                b.push(move)
                pv.append(move)
        finally:
            b.close()
        return pv

    def _parse_info(self, words: List[str], board: Board) -> InfoDict:
        info: InfoDict = {}
        i = 0
        turn = board.turn
        while i < len(words):
            key = words[i]
            i += 1
            try:
                if key in ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits",
                           "currmovenumber", "cpuload"):
                    info[key] = int(words[i])
                    i += 1
                elif key == "time":
                    info["time"] = int(words[i]) / (1000.0 if self._millisec else 1.0)
                    i += 1
                elif key == "score":
                    kind = words[i]
                    if kind in ("cp", "mate"):
                        value: int = int(words[i + 1])
                        i += 2
                    else:  # UCCI: a plain number, mates near a mate value
                        kind, value = _ucci_score(int(words[i]))
                        i += 1
                    bound = Bound.EXACT
                    if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                        bound = Bound.LOWER if words[i] == "lowerbound" else Bound.UPPER
                        i += 1
                    score = Score(cp=value, bound=bound) if kind == "cp" else Score(
                        mate=value, bound=bound)
                    info["score"] = PovScore(score, turn)
                elif key == "wdl":
                    info["wdl"] = PovWdl(Wdl(*(int(w) for w in words[i:i + 3])), turn)
                    i += 3
                elif key == "pv":
                    info["pv"] = self._pv(words[i:], board)
                    i = len(words)
                elif key == "currmove":
                    try:
                        info["currmove"] = self._parse_move(words[i], board)
                    except EngineError:
                        pass
                    i += 1
                elif key == "string":
                    info["string"] = " ".join(words[i:])
                    i = len(words)
                elif key == "lowerbound" or key == "upperbound":
                    pass
            except (IndexError, ValueError):
                break  # a malformed info line: keep what was read
        if "score" in info and "wdl" not in info:
            info["wdl"] = info["score"].wdl()
        return info

    def _parse_bestmove(self, words: List[str], board: Board) -> BestMove:
        if words[0] == "nobestmove" or len(words) < 2 or words[1] in ("(none)", "0000", "none"):
            return BestMove(None, None)
        move = self._parse_move(words[1], board)
        ponder = None
        if len(words) >= 4 and words[2] == "ponder":
            b = board.copy()
            try:
                b.push(move)
                try:
                    ponder = self._parse_move(words[3], b)
                except EngineError:
                    ponder = None
            finally:
                b.close()
        return BestMove(move, ponder)

    # -- searching --

    def _idle(self) -> None:
        searching, self._searching = self._searching, None
        if searching is None or searching._done:
            self._restore_options()
            return
        searching.stop()
        try:
            searching.wait()
        except EngineError as exc:
            if isinstance(exc, EngineTerminatedError):
                raise
            # a best move that did not parse: reported by the search that
            # asked for it, not by the next command
        self._restore_options()

    def _position(self, board: Board, extra_moves: Iterable[Move] = ()) -> None:
        root = board.copy()
        try:
            moves: List[Move] = []
            while root.move_stack:
                moves.insert(0, root.pop())
            fen = root.fen()
        finally:
            root.close()
        if fen != self._last_root:
            self._process.send("ucinewgame" if self.protocol == "uci" else "setoption newgame")
            if self.protocol == "uci":
                self.ping()
            self._last_root = fen
        moves += list(extra_moves)
        text = "position fen %s" % fen
        if moves:
            text += " moves " + " ".join(self._move_text(m) for m in moves)
        self._process.send(text)

    def _go(self, board: Board, limit: Limit | Dict[str, Any] | None, multipv: int | None,
            root_moves: Iterable[MoveLike] | None, ban_moves: Iterable[MoveLike] | None,
            ponder: bool = False, infinite: bool = False) -> int:
        if multipv is not None:
            if not isinstance(multipv, int) or isinstance(multipv, bool) or multipv < 1:
                raise InvalidArgumentError(_errors.EINVAL, "multipv must be a positive integer")
        lines = multipv or 1
        if lines != self._multipv:
            opt = self.options.get("MultiPV")
            if opt is None:
                raise EngineError("%s has no MultiPV option" % self.name)
            self._setoption(opt.name, opt.parse(lines))
            self._multipv = lines
        if isinstance(limit, dict):
            limit = Limit(**limit)
        roots: Iterable[MoveLike] | None = root_moves
        if limit is not None and not isinstance(limit, Limit):
            raise InvalidArgumentError(_errors.EINVAL, "expected a Limit, not %r" % (limit,))
        words = ["go"]
        if ponder:
            words.append("ponder")
        if ban_moves:
            if self.protocol == "ucci":
                self._process.send("banmoves " + " ".join(
                    self._move_text(_as_move(m)) for m in ban_moves))
            else:
                banned = set(_as_move(m) for m in ban_moves)
                roots = [m for m in (root_moves or board.legal_moves) if m not in banned]
                if not roots:
                    raise InvalidArgumentError(_errors.EINVAL, "every legal move is banned")
        if limit is not None:
            ms = 1000.0 if self._millisec else 1.0
            if limit.depth is not None:
                words += ["depth", str(int(limit.depth))]
            if limit.nodes is not None:
                words += ["nodes", str(int(limit.nodes))]
            if limit.mate is not None:
                if self.protocol == "ucci":
                    raise EngineError("UCCI has no mate search limit")
                words += ["mate", str(int(limit.mate))]
            if limit.time is not None:
                if self.protocol == "uci":
                    words += ["movetime", str(max(1, int(round(limit.time * 1000))))]
                else:  # UCCI has no movetime: this move's time, one move to go
                    words += ["time", str(max(1, int(round(limit.time * ms)))), "movestogo", "1"]
            if limit.red_clock is not None or limit.black_clock is not None:
                own, opp = (("red", "black") if board.turn == RED else ("black", "red"))
                if self.protocol == "uci":
                    for side, key, inc in (("red", "wtime", "winc"), ("black", "btime", "binc")):
                        clock = getattr(limit, side + "_clock")
                        if clock is not None:
                            words += [key, str(int(round(clock * 1000)))]
                        increment = getattr(limit, side + "_inc")
                        if increment:
                            words += [inc, str(int(round(increment * 1000)))]
                else:
                    for side, key, inc in ((own, "time", "increment"),
                                           (opp, "opptime", "oppincrement")):
                        clock = getattr(limit, side + "_clock")
                        if clock is not None:
                            words += [key, str(int(round(clock * ms)))]
                        increment = getattr(limit, side + "_inc")
                        if increment:
                            words += [inc, str(int(round(increment * ms)))]
                if limit.remaining_moves:
                    words += ["movestogo", str(int(limit.remaining_moves))]
        if infinite or limit is None or words == ["go"] or words == ["go", "ponder"]:
            words += ["infinite"] if self.protocol == "uci" else ["depth", "infinite"]
        if roots is not None:
            moves = [_as_move(m) for m in roots]
            if self.protocol == "ucci":
                raise EngineError("UCCI has no searchmoves: use ban_moves=")
            words += ["searchmoves"] + [self._move_text(m) for m in moves]
        self._process.send(" ".join(words))
        return lines

    def _prepare(self, game: object, options: Mapping[str, Any] | None) -> None:
        """Before a search: a new game (python-chess's ``game=``) sends
        ``ucinewgame``; *options* hold for this search only."""
        if game is not None and game is not self._last_game:
            self._last_root = None
            self._last_game = game
        if options:
            previous = {}
            for name, value in dict(options).items():
                opt = self.options.get(name)
                if opt is None:
                    raise EngineError("%s has no option %r" % (self.name or "the engine", name))
                if opt.name.lower() in self._MANAGED:
                    raise EngineError("option %s is set automatically" % opt.name)
                text = opt.parse(value)
                previous[opt.name] = self._config.get(opt.name, opt.default)
                self._setoption(opt.name, text)
            self._restore = previous

    def _restore_options(self) -> None:
        restore, self._restore = self._restore, None
        for name, value in (restore or {}).items():
            opt = self.options[name]
            if value is None or opt.type == "button":
                continue
            self._setoption(opt.name, opt.parse(value))

    def analysis(self, board: Board, limit: Limit | None = None, multipv: int | None = None,
                 root_moves: Iterable[MoveLike] | None = None,
                 ban_moves: Iterable[MoveLike] | None = None, game: object = None,
                 options: Mapping[str, Any] | None = None) -> AnalysisResult:
        """Start a search of *board* and return an :class:`AnalysisResult`
        at once. Without a *limit* the engine searches until
        :meth:`AnalysisResult.stop`. *root_moves* restricts the search to
        these moves (UCI ``searchmoves``); *ban_moves* excludes moves (UCCI
        ``banmoves``; with UCI, searchmoves of the other legal moves).
        *game* (any object) names the game: a different one than the last
        search's sends ``ucinewgame``, as does a new start position.
        *options* are engine options for this search only."""
        self._idle()
        self._prepare(game, options)
        self._position(board)
        b = board.copy()
        lines = self._go(b, limit, multipv, root_moves, ban_moves)
        searching = self._searching = AnalysisResult(self, b, lines)
        return searching

    @overload
    def analyse(self, board: Board, limit: Limit, multipv: None = None,
                root_moves: Iterable[MoveLike] | None = None,
                ban_moves: Iterable[MoveLike] | None = None, info: object = None,
                game: object = None, options: Mapping[str, Any] | None = None) -> InfoDict: ...

    @overload
    def analyse(self, board: Board, limit: Limit, multipv: int,
                root_moves: Iterable[MoveLike] | None = None,
                ban_moves: Iterable[MoveLike] | None = None, info: object = None,
                game: object = None, options: Mapping[str, Any] | None = None
                ) -> List[InfoDict]: ...

    def analyse(self, board: Board, limit: Limit, multipv: int | None = None,
                root_moves: Iterable[MoveLike] | None = None,
                ban_moves: Iterable[MoveLike] | None = None, info: object = None,
                game: object = None, options: Mapping[str, Any] | None = None
                ) -> InfoDict | List[InfoDict]:
        """Search *board* with a :class:`Limit` and return an info dict
        (``score`` a :class:`xiangqi.PovScore`, ``pv`` a list of
        :class:`xiangqi.Move`, ``depth``, ``seldepth``, ``nodes``, ``nps``,
        ``time`` in seconds, ``hashfull``, ``wdl``, ...), or with *multipv*
        a list of them, best first. *info*, if callable, is called with each
        info dict as it arrives (python-chess's ``INFO_*`` flags are
        accepted and ignored: everything is parsed)."""
        if limit is None or (isinstance(limit, Limit) and not limit._limits()):
            raise InvalidArgumentError(_errors.EINVAL, "analyse() needs a Limit; use analysis() "
                                       "for a search that runs until stopped")
        analysis = self.analysis(board, limit, multipv, root_moves, ban_moves, game, options)
        for item in analysis:
            if callable(info):
                info(item)
        analysis.wait()
        self._restore_options()
        if multipv is None:
            return analysis.info
        return [line for line in analysis.multipv if line]

    def play(self, board: Board, limit: Limit, ponder: bool = False,
             root_moves: Iterable[MoveLike] | None = None,
             ban_moves: Iterable[MoveLike] | None = None, game: object = None,
             options: Mapping[str, Any] | None = None) -> PlayResult:
        """The engine's move in *board*: a :class:`PlayResult` (``move``,
        ``ponder``, ``info``: the last info dict). With *ponder* the engine
        goes on thinking on the expected reply until the next command.
        *game* and *options* as for :meth:`analysis`."""
        if limit is None or (isinstance(limit, Limit) and not limit._limits()):
            raise InvalidArgumentError(_errors.EINVAL, "play() needs a Limit")
        analysis = self.analysis(board, limit, None, root_moves, ban_moves, game, options)
        best = analysis.wait()
        result = PlayResult(best.move, best.ponder, analysis.info)
        if ponder and best.move is not None and best.ponder is not None:
            b = board.copy()
            b.push(best.move)
            b.push(best.ponder)
            self._position(board, [best.move, best.ponder])
            self._go(b, limit, None, None, None, ponder=True)
            self._searching = AnalysisResult(self, b, 1)
        else:
            self._restore_options()
        return result

    # -- lifetime --

    def quit(self) -> None:
        """Stop any search, send ``quit`` and wait for the process to exit
        (it is killed after :data:`QUIT_TIMEOUT` seconds)."""
        if self._process.popen.poll() is None:
            try:
                self._idle()
            except EngineError:
                pass
        self._finalizer()

    close = quit

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def __repr__(self) -> str:
        return "<SimpleEngine %s (%s%s)>" % (self.name or self.command[0], self.protocol,
                                             ", ranks 1-10" if self.ranks_1_10 else "")


def popen_uci(command: Command, ranks_1_10: bool | None = None,
              timeout: float = HANDSHAKE_TIMEOUT, **popen_args: Any) -> SimpleEngine:
    """Start a UCI engine (a path or an argument list) and return a
    :class:`SimpleEngine` once it has answered ``uciok`` and ``readyok``.
    Fairy-Stockfish gets ``UCI_Variant xiangqi`` and ranks 1-10; pass
    *ranks_1_10* for an engine that is not recognised. *popen_args*:
    ``cwd``, ``env``, ``stderr``."""
    return SimpleEngine(command, "uci", ranks_1_10, timeout, **popen_args)


def popen_ucci(command: Command, ranks_1_10: bool | None = None,
               timeout: float = HANDSHAKE_TIMEOUT, **popen_args: Any) -> SimpleEngine:

    """Start a UCCI engine (ElephantEye, ``xq-uci``) and return a
    :class:`SimpleEngine` once it has answered ``ucciok`` and ``readyok``."""
    return SimpleEngine(command, "ucci", ranks_1_10, timeout, **popen_args)


__all__ = ["popen_uci", "popen_ucci", "SimpleEngine", "AnalysisResult", "BestMove", "Option",
           "EngineError", "EngineTerminatedError", "Limit", "PlayResult", "PovScore", "Score",
           "Wdl", "PovWdl", "HANDSHAKE_TIMEOUT", "QUIT_TIMEOUT", "UCCI_MATE_VALUES",
           "UCCI_MATE_WINDOW"]
