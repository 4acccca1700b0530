# SPDX-License-Identifier: MIT
"""Running the engine over many games on a Dask cluster (optional: needs
``dask``, ``distributed`` and, for the progress bar, ``tqdm``).

The layer under ``python3 -m xiangqi.tools.analyse`` and ``python3 -m
xiangqi.tools.selfplay``, usable from a notebook with its own client:

>>> from dask.distributed import Client                     # doctest: +SKIP
>>> from xiangqi.tools import analyse
>>> client = Client("tcp://scheduler:8786")
>>> summary = analyse.analyse_files(["games.pgn"], "results", client=client, nodes=20000)

What it provides:

- :class:`EnginePlugin`, a Dask worker plugin that opens one
  :class:`xiangqi.Engine` (one search thread) per worker thread, once, when
  the worker starts; tasks borrow it with :func:`worker_engine`. A worker
  that joins later (or replaces a dead one) gets the plugin too.
- :class:`ChunkStore`, a directory of per-chunk result files, each written
  atomically (a temporary file renamed into place), plus a manifest of the
  run's settings, so an interrupted run resumes with the chunks it lacks and
  never writes a game twice.
- :func:`run_chunks`, which submits the missing chunks, retries failed
  tasks, writes each result as it arrives and shows a progress bar.
- :func:`connect`, a client on an existing scheduler (with a timeout and a
  clear :class:`SchedulerError`) or on a new ``LocalCluster`` of worker
  processes with one thread each.

Dask is imported inside the functions that need it: importing
:mod:`xiangqi` (or this module) never requires it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import queue
import sys
import tempfile
import threading
import time
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Optional, Sequence, Set,
                    Tuple, TypeVar)

if TYPE_CHECKING:
    import xiangqi

_T = TypeVar("_T")

__all__ = ["EnginePlugin", "ensure_plugin", "worker_engine", "ChunkStore", "ManifestError",
           "SchedulerError", "RunStats", "run_chunks", "connect", "chunked", "PLUGIN_NAME",
           "DEFAULT_HASH_MB"]

#: The name under which :class:`EnginePlugin` is registered on the workers.
PLUGIN_NAME: str = "xiangqi-engine"
#: Hash table of each worker's engine, in MB (cleared before every game).
DEFAULT_HASH_MB: int = 16
#: Seconds to wait for an existing scheduler to answer.
DEFAULT_CONNECT_TIMEOUT: float = 10
#: Times a failed task is retried (an exception in the task; a task whose
#: worker died is rescheduled by Dask itself, up to its allowed-failures).
DEFAULT_RETRIES: int = 2


class SchedulerError(RuntimeError):
    """The Dask scheduler could not be reached (or the cluster not started)."""


class ManifestError(RuntimeError):
    """The output directory holds a run made with other settings or inputs."""


# ---------------------------------------------------------------- engines

class _EnginePool:
    """Engines for the threads of one process: one per thread that runs tasks."""

    def __init__(self, count: int, hash_mb: int) -> None:
        import xiangqi
        self.hash_mb = hash_mb
        self._free: queue.LifoQueue[xiangqi.Engine] = queue.LifoQueue()
        self.engines: List[xiangqi.Engine] = []
        for _ in range(count):
            engine = xiangqi.Engine(threads=1, hash_mb=hash_mb)
            self.engines.append(engine)
            self._free.put(engine)

    @contextlib.contextmanager
    def borrow(self) -> Iterator[xiangqi.Engine]:
        engine = self._free.get()
        try:
            yield engine
        finally:
            self._free.put(engine)

    def close(self) -> None:
        for engine in self.engines:
            engine.close()


try:  # a real WorkerPlugin when distributed is installed, so isinstance checks hold
    from distributed.diagnostics.plugin import WorkerPlugin as _PluginBase
except ImportError:  # pragma: no cover - the class is then only usable in-process
    _PluginBase = object


class EnginePlugin(_PluginBase):  # type: ignore[misc]  # distributed is untyped (Any)
    """A Dask worker plugin: opens one engine per worker thread when the
    worker starts (``threads=1`` each, *hash_mb* MB of hash) and closes them
    when it stops.

    :func:`ensure_plugin` registers it (:func:`run_chunks` does this
    itself). Tasks take an engine with
    :func:`worker_engine`. With ``LocalCluster(threads_per_worker=1)`` that
    is one engine per worker process.
    """

    name = PLUGIN_NAME

    def __init__(self, hash_mb: int = DEFAULT_HASH_MB) -> None:
        self.hash_mb = hash_mb
        self.pool: Optional[_EnginePool] = None

    def setup(self, worker: Any) -> None:
        state = getattr(worker, "state", None)  # distributed >= 2022.8 keeps it there
        nthreads: Any = getattr(state, "nthreads", None) or getattr(worker, "nthreads", 1)
        self.pool = _EnginePool(max(1, int(nthreads)), self.hash_mb)

    def teardown(self, worker: Any) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool = None


_local_lock = threading.Lock()
_local_pools: Dict[Tuple[int, int], _EnginePool] = {}


def _local_pool(hash_mb: int) -> _EnginePool:
    """Outside a Dask worker: one engine per calling thread, kept for the process."""
    key = (threading.get_ident(), hash_mb)
    with _local_lock:
        pool = _local_pools.get(key)
        if pool is None:
            pool = _local_pools[key] = _EnginePool(1, hash_mb)
        return pool


@contextlib.contextmanager
def worker_engine(hash_mb: int = DEFAULT_HASH_MB) -> Iterator[xiangqi.Engine]:
    """The engine for the current task: on a Dask worker the one
    :class:`EnginePlugin` opened for this thread; elsewhere (a plain loop)
    an engine kept for the calling thread. Its hash table is resized to
    *hash_mb* if it differs. The caller clears it as its results require
    (the analysis and self-play clear it before every game)."""
    pool: Optional[_EnginePool] = None
    try:
        from distributed import get_worker
        worker = get_worker()
    except (ImportError, ValueError):
        worker = None
    if worker is not None:
        plugin = getattr(worker, "plugins", {}).get(PLUGIN_NAME)
        if plugin is not None and getattr(plugin, "pool", None) is not None:
            pool = plugin.pool
    if pool is None:
        pool = _local_pool(hash_mb)
    with pool.borrow() as engine:
        if engine.hash_mb != hash_mb:
            engine.set_hash(hash_mb)
        yield engine


# ---------------------------------------------------------------- results on disk

def _fsync_dir(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str, text: str) -> None:
    """Write *text* (UTF-8) to *path* all at once: a temporary file in the
    same directory, flushed to disk, then renamed over *path*. A reader (or
    a resumed run) sees the old file or the whole new one, never a part."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(directory)


def file_digest(path: str | bytes | os.PathLike[str]) -> str:
    """SHA-256 of a file's contents (hex)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class ChunkStore:
    """The results of a run in a directory: ``manifest.json`` (what the run
    is: command, settings, inputs, chunking) and ``chunks/NNNNNN.jsonl``,
    one file per chunk of games, each written atomically when its task
    ends. A chunk whose file exists is done; resuming computes the others.
    """

    MANIFEST = "manifest.json"

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = os.fspath(directory)
        self.chunk_dir = os.path.join(self.directory, "chunks")

    def path(self, chunk_id: int) -> str:
        """The file of chunk *chunk_id*."""
        return os.path.join(self.chunk_dir, "%06d.jsonl" % chunk_id)

    def prepare(self, manifest: Dict[str, Any], restart: bool = False) -> None:
        """Create the directory, or check that the run it holds is this one.

        *manifest* is a JSON-serialisable dict describing the run. If the
        directory holds another run with chunks done, :class:`ManifestError`
        is raised, unless *restart* is true: then its chunks are deleted
        first. A manifest without any chunk (a run that failed before its
        first chunk, e.g. on a missing input file) protects nothing and is
        replaced.
        """
        os.makedirs(self.chunk_dir, exist_ok=True)
        path = os.path.join(self.directory, self.MANIFEST)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                try:
                    old = json.load(f)
                except ValueError:
                    old = None
            if old != manifest:
                if not restart and self.done():
                    raise ManifestError(
                        "%s holds a run with other settings or inputs (%s); use another --out "
                        "directory, or --restart to discard it" % (
                            self.directory, _manifest_difference(old, manifest)))
                self.clear()
            elif restart:
                self.clear()
        write_atomic(path, json.dumps(manifest, indent=1, sort_keys=True) + "\n")

    def clear(self) -> None:
        """Delete every chunk file (and leftover temporary files)."""
        for name in os.listdir(self.chunk_dir):
            if name.endswith(".jsonl") or name.startswith(".tmp-"):
                os.unlink(os.path.join(self.chunk_dir, name))

    def done(self) -> Set[int]:
        """The ids of the chunks already written."""
        out = set()
        for name in os.listdir(self.chunk_dir):
            stem, ext = os.path.splitext(name)
            if ext == ".jsonl" and stem.isdigit():
                out.add(int(stem))
        return out

    def write(self, chunk_id: int, records: Sequence[Any]) -> None:
        """Write a chunk's records (JSON-serialisable objects, one a line)."""
        text = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records)
        write_atomic(self.path(chunk_id), text)

    def read(self, chunk_id: int) -> List[Any]:
        """The records of a chunk, as written."""
        with open(self.path(chunk_id), encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]


def _manifest_difference(old: Any, new: Dict[str, Any]) -> str:
    if not isinstance(old, dict):
        return "unreadable manifest"
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return "differs in: " + ", ".join(keys)


def chunked(items: Sequence[_T], size: int) -> List[Sequence[_T]]:
    """Split a list into consecutive chunks of *size* (the last may be smaller)."""
    if size < 1:
        raise ValueError("chunk size must be at least 1, not %r" % (size,))
    return [items[i:i + size] for i in range(0, len(items), size)]


# ---------------------------------------------------------------- the cluster

#: The loggers of Dask and what it runs on: their messages are internals to
#: the user of xiangqi.tools.analyse and xiangqi.tools.selfplay.
INTERNAL_LOGGERS = ("distributed", "dask", "tornado", "bokeh", "asyncio")
_INTERNAL_MODULES = r"(distributed|dask|tornado|bokeh|asyncio|msgpack|cloudpickle)(\.|$)"


def _set_levels(names: Sequence[str], level: int) -> None:
    """*level* on the loggers *names* and on every existing logger below them
    (Dask's configuration gives some of those their own level)."""
    import logging
    for name in list(logging.root.manager.loggerDict):
        if name.split(".")[0] in names:
            logging.getLogger(name).setLevel(level)
    for name in names:
        logging.getLogger(name).setLevel(level)


def _quiet_logs() -> None:
    import logging
    _set_levels(("distributed",), logging.ERROR)


@contextlib.contextmanager
def quiet_internals(all_warnings: bool = False) -> Iterator[None]:
    """Keep Dask's internals off the terminal inside the ``with`` block (what
    the command-line tools do): no log record of distributed, dask, tornado,
    bokeh or asyncio (such as ``Future exception was never retrieved ...
    TimeoutError`` when a busy machine makes a heartbeat late), no warning
    issued by them, and, with *all_warnings* (``--quiet``), no warning at
    all; worker processes started inside inherit ``PYTHONWARNINGS=ignore``.
    Real failures still reach the caller as exceptions, which the tools
    print as one line. Everything is restored at the end of the block (a
    program about to exit calls :func:`silence_at_exit`)."""
    import logging
    import warnings
    names = [n for n in list(logging.root.manager.loggerDict)
             if n.split(".")[0] in INTERNAL_LOGGERS] + list(INTERNAL_LOGGERS)
    levels = {n: logging.getLogger(n).level for n in names}
    env = os.environ.get("PYTHONWARNINGS")
    with warnings.catch_warnings():
        _set_levels(INTERNAL_LOGGERS, logging.CRITICAL + 1)
        if all_warnings:
            warnings.simplefilter("ignore")
        else:
            warnings.filterwarnings("ignore", module=_INTERNAL_MODULES)
        os.environ["PYTHONWARNINGS"] = "ignore"
        try:
            yield
        finally:
            for n, level in levels.items():
                logging.getLogger(n).setLevel(level)
            if env is None:
                os.environ.pop("PYTHONWARNINGS", None)
            else:
                os.environ["PYTHONWARNINGS"] = env


def silence_at_exit() -> None:
    """The loggers of :func:`quiet_internals` off for good: what a program
    calls before it exits, so that the clean-up at exit (futures collected,
    connections closed) prints nothing."""
    import logging
    import warnings
    _set_levels(INTERNAL_LOGGERS, logging.CRITICAL + 1)
    warnings.filterwarnings("ignore", module=_INTERNAL_MODULES)


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None,
            timeout: float = DEFAULT_CONNECT_TIMEOUT, verbose: bool = False) -> Iterator[Any]:
    """A Dask client, closed at the end of the ``with`` block.

    With *scheduler* (``"tcp://HOST:PORT"``), a client of that existing
    cluster; :class:`SchedulerError` if it does not answer within *timeout*
    seconds. Otherwise a new ``LocalCluster`` on 127.0.0.1 with *workers*
    worker processes (default: the number of CPUs) of one thread each, shut
    down at the end. Worker processes inherit the environment
    (``XQ_LIBRARY``, ``PYTHONPATH``).
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ImportError("Dask is not available to %s (%s): apt-get install python3-dask "
                          "python3-distributed python3-tqdm and run /usr/bin/python3, or "
                          "install 'xiangqi[dask]'" % (sys.executable, exc)) from None
    if not verbose:
        _quiet_logs()
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            raise SchedulerError("no Dask scheduler answers at %s (waited %g s): %s"
                                 % (scheduler, timeout, exc)) from None
        except ValueError as exc:  # a malformed address
            raise SchedulerError("bad scheduler address %r: %s" % (scheduler, exc)) from None
        try:
            yield client
        finally:
            client.close()
        return
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ValueError("workers must be at least 1, not %r" % (workers,))
    import logging
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address="127.0.0.1:0",
                           silence_logs=logging.WARNING if verbose else logging.CRITICAL)
    try:
        client = Client(cluster)
        try:
            yield client
        finally:
            client.close()
    finally:
        cluster.close()


def ensure_plugin(client: Any, hash_mb: int = DEFAULT_HASH_MB) -> bool:
    """Register :class:`EnginePlugin` on the cluster of *client* unless it
    is there: registering it again would close and reopen every worker's
    engines, so repeated runs on one cluster keep the engines they have
    (a different *hash_mb* is applied by :func:`worker_engine` per task).
    Workers that join later get the plugin from the scheduler. Returns True
    if it was registered now."""
    name = PLUGIN_NAME
    # A local function travels by value: the scheduler need not have this package.
    has: Callable[[Any], bool] = lambda dask_scheduler: name in getattr(  # noqa
        dask_scheduler, "worker_plugins", {})
    try:
        if client.run_on_scheduler(has):
            return False
    except Exception:  # noqa: BLE001 (an older scheduler: register, as before)
        pass
    client.register_worker_plugin(EnginePlugin(hash_mb), name=PLUGIN_NAME)
    return True


class RunStats:
    """What :func:`run_chunks` did: ``chunks`` (total), ``skipped`` (done
    before: resumed), ``computed`` (written now), ``failed`` (a list of
    ``(chunk_id, message)``), ``items`` (games computed now) and
    ``seconds``."""

    def __init__(self, chunks: int) -> None:
        self.chunks = chunks
        self.skipped = 0
        self.computed = 0
        self.items = 0
        self.failed: List[Tuple[int, str]] = []
        self.seconds = 0.0

    def as_dict(self) -> Dict[str, Any]:
        return {"chunks": self.chunks, "skipped": self.skipped, "computed": self.computed,
                "items": self.items, "failed": [list(f) for f in self.failed],
                "seconds": round(self.seconds, 3)}

    def __repr__(self) -> str:
        return "<RunStats %r>" % (self.as_dict(),)


def _progress(total: int, initial: int, desc: str | None, quiet: bool) -> Any:
    if quiet:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=initial, desc=desc, unit="game", file=sys.stderr,
                dynamic_ncols=True, smoothing=0.1)


def run_chunks(client: Any, func: Callable[..., List[Any]], chunks: Sequence[Sequence[Any]],
               store: ChunkStore, *, kwargs: Dict[str, Any] | None = None,
               key_prefix: str = "xiangqi", hash_mb: int = DEFAULT_HASH_MB,
               retries: int = DEFAULT_RETRIES, quiet: bool = False, desc: str | None = None,
               on_chunk: Callable[[int, List[Any]], object] | None = None) -> RunStats:
    """Compute the chunks not yet in *store* on *client* and write each result.

    *chunks* is a list of lists (chunk ``i`` is ``chunks[i]``); each
    missing chunk becomes one task ``func(chunk, **kwargs)``, which returns
    the list of records written to the chunk's file. The worker plugin is
    registered first (:func:`ensure_plugin`). Failed tasks are retried
    *retries* times; a chunk that still fails is reported in the returned
    :class:`RunStats` (its file is not written, so running again retries
    it). *on_chunk(chunk_id, records)*
    is called after each chunk is written. With *client* None, the chunks
    are computed in this process, in order (a plain loop). Ctrl-C cancels
    the tasks and raises ``KeyboardInterrupt``; what was written stays.
    """
    kwargs = dict(kwargs or {})
    stats = RunStats(len(chunks))
    done = store.done()
    todo = [i for i in range(len(chunks)) if i not in done]
    stats.skipped = len(chunks) - len(todo)
    total = sum(len(c) for c in chunks)
    bar = _progress(total, sum(len(chunks[i]) for i in done if i < len(chunks)), desc, quiet)
    start = time.monotonic()

    def finish(chunk_id: int, records: List[Any]) -> None:
        store.write(chunk_id, records)
        stats.computed += 1
        stats.items += len(chunks[chunk_id])
        if bar is not None:
            bar.update(len(chunks[chunk_id]))
        if on_chunk is not None:
            on_chunk(chunk_id, records)

    try:
        if client is None:
            for chunk_id in todo:
                finish(chunk_id, func(chunks[chunk_id], **kwargs))
        elif todo:
            from distributed import as_completed
            ensure_plugin(client, hash_mb)
            token = hashlib.sha1(os.path.abspath(store.directory).encode()).hexdigest()[:10]
            futures: Dict[Any, int] = {}

            for chunk_id in todo:
                fut = client.submit(func, chunks[chunk_id], **kwargs, retries=retries,
                                    pure=False, key="%s-%s-%06d-%s" % (
                                        key_prefix, token, chunk_id, os.urandom(4).hex()))
                futures[fut] = chunk_id
            try:
                for fut in as_completed(list(futures)):
                    chunk_id = futures[fut]
                    try:
                        records = fut.result()
                    except Exception as exc:  # noqa: BLE001 (reported, the run goes on)
                        stats.failed.append((chunk_id, "%s: %s" % (type(exc).__name__, exc)))
                        continue
                    finish(chunk_id, records)
                    fut.release()
            except BaseException:
                client.cancel(list(futures), force=True)
                raise
    finally:
        stats.seconds = time.monotonic() - start
        if bar is not None:
            bar.close()
    stats.failed.sort()
    return stats
