#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Games analysed per second by xiangqi.tools.analyse on Dask LocalClusters of 1 and 2
workers (and more with --workers), the speed-up, and the overhead per task.

For each worker count a LocalCluster is started (worker processes of one thread,
one engine each, as the command makes them) and warmed up (the worker plugin
registered, each engine opened); the clock then runs over
xiangqi.tools.analyse.analyse_files() with that client: every move of every game
searched at a fixed node limit, chunks written, the outputs merged. The outputs
of every run must be identical (the bench stops otherwise). The overhead per task
is the time of one empty task (it borrows the worker's engine and returns
nothing) through the same run_chunks machinery (its chunk file written and
synced), submitted in a batch of --tasks; "Dask alone" is the same empty task
through client.map and gather, no files.

Not a test: a program that prints figures. Needs Debian's Dask, so run it with
/usr/bin/python3:

  XQ_LIBRARY=build/dev/libxiangqi.so PYTHONPATH=bindings/python \\
      nice /usr/bin/python3 tests/bench/dask_bench.py [--games N] [--nodes N]

Defaults: the 1125 games of ../shared/data/games/liu-dahua-1125-uci.pgn (the same
file as tests/data/games), 1000 nodes per search, chunks of 4 games, 1 and 2
workers. The machine's load average is printed before and after, and the CPU
time the workers got (in cores: CPU seconds / wall seconds): on a shared machine
the speed-up is bounded by what the other processes leave free.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
DEFAULT_GAMES = os.path.join(os.path.dirname(SOURCE_DIR), "shared", "data", "games",
                             "liu-dahua-1125-uci.pgn")
if not os.path.exists(DEFAULT_GAMES):
    DEFAULT_GAMES = os.path.join(SOURCE_DIR, "tests", "data", "games", "liu-dahua-1125-uci.pgn")

sys.path.insert(0, os.path.join(SOURCE_DIR, "bindings", "python"))
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (os.path.join(SOURCE_DIR, "bindings", "python"), os.environ.get("PYTHONPATH"))
    if p)  # the worker processes import the same package

import xiangqi  # noqa: E402
from xiangqi.tools import analyse  # noqa: E402
from xiangqi.tools import distributed as xd  # noqa: E402


def empty_task(chunk):
    """A task that does no work: borrows the worker's engine, returns no record."""
    with xd.worker_engine():
        return []


def worker_cpu():
    """CPU seconds used so far by this (worker) process, every thread."""
    return time.process_time()


def cpu_used(client, before):
    now = client.run(worker_cpu)
    return sum(now[a] - before.get(a, 0.0) for a in now)


def load():
    return "%.2f %.2f %.2f" % os.getloadavg()


def warm_up(client, workers):
    client.wait_for_workers(workers, timeout=60)
    xd.ensure_plugin(client)
    engines = client.run(lambda dask_worker: len(dask_worker.plugins[xd.PLUGIN_NAME].pool.engines))
    if sorted(engines.values()) != [1] * workers:
        sys.exit("dask_bench: expected one engine per worker, got %r" % (engines,))


def round_trip(client, tasks):
    """Seconds per empty task submitted and gathered by plain Dask (no files)."""
    start = time.monotonic()
    client.gather(client.map(empty_task, range(tasks), pure=False))
    return (time.monotonic() - start) / tasks


def overhead(client, tmp, tasks):
    store = xd.ChunkStore(os.path.join(tmp, "empty"))
    store.prepare({"bench": "empty"}, restart=True)
    stats = xd.run_chunks(client, empty_task, [[i] for i in range(tasks)], store, quiet=True,
                          key_prefix="xiangqi-bench-empty")
    if stats.failed or stats.computed != tasks:
        sys.exit("dask_bench: empty tasks failed: %r" % (stats,))
    return stats.seconds / tasks


def read_output(out):
    with open(os.path.join(out, "analysis.jsonl"), encoding="utf-8") as f:
        jsonl = f.read()
    with open(os.path.join(out, "annotated.pgn"), encoding="utf-8") as f:
        return jsonl, f.read()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--file", default=DEFAULT_GAMES, help="PGN file (default: %(default)s)")
    p.add_argument("--games", type=int, default=0, help="first N games only (default: all)")
    p.add_argument("--nodes", type=int, default=1000, help="nodes per search (%(default)s)")
    p.add_argument("--chunk-size", type=int, default=4, help="games per task (%(default)s)")
    p.add_argument("--workers", default="1,2", help="worker counts (%(default)s)")
    p.add_argument("--tasks", type=int, default=200, help="empty tasks for the overhead "
                   "(%(default)s)")
    args = p.parse_args()
    counts = [int(w) for w in args.workers.split(",")]

    tmp = tempfile.mkdtemp(prefix="xq-dask-bench-")
    try:
        src = args.file
        if args.games:
            with xiangqi.PgnReader(args.file) as reader:  # Records, not Game trees
                texts = []
                for rec in reader:
                    with rec:
                        texts.append(rec.pgn())
                    if len(texts) == args.games:
                        break
            src = os.path.join(tmp, "games.pgn")
            with open(src, "w", encoding="utf-8") as f:
                f.write("\n".join(texts))
        games, errors = analyse.read_games([src])
        if errors:
            sys.exit("dask_bench: %d invalid games in %s" % (len(errors), args.file))
        plies = 0
        for _, text in games:
            with xiangqi.Record.from_pgn(text) as rec:
                plies += len(rec.mainline())
        searches = plies + len(games)
        print("dask_bench: %d games (%d plies, %d searches) from %s, %d nodes per search, "
              "chunks of %d games (%d tasks)" % (len(games), plies, searches, args.file,
                                                args.nodes, args.chunk_size,
                                                -(-len(games) // args.chunk_size)))
        print("dask_bench: library %s, %d CPUs, load average before: %s"
              % (xiangqi.library_version_string(), os.cpu_count(), load()))
        rates, reference = {}, None
        for w in counts:
            with xd.connect(workers=w) as client:
                warm_up(client, w)
                out = os.path.join(tmp, "w%d" % w)
                cpu0 = client.run(worker_cpu)
                start = time.monotonic()
                r = analyse.analyse_files([src], out, client=client, nodes=args.nodes,
                                          chunk_size=args.chunk_size, quiet=True)
                wall = time.monotonic() - start
                cpu = cpu_used(client, cpu0)
                if r["stats"].failed or r["stats"].items != len(games):
                    sys.exit("dask_bench: run with %d workers failed: %r" % (w, r["stats"]))
                per_task = overhead(client, tmp, args.tasks)
                dask_task = round_trip(client, args.tasks)
            output = read_output(out)
            if reference is None:
                reference = output
            elif output != reference:
                sys.exit("dask_bench: the outputs of %d and %d workers differ" % (counts[0], w))
            rates[w] = len(games) / wall
            print("workers %d: %7.1f s  %6.2f games/s  %7.1f searches/s  overhead per task "
                  "%.1f ms (Dask alone %.1f ms)  (load average %s)"
                  % (w, wall, rates[w], searches / wall, per_task * 1000, dask_task * 1000,
                     load()), flush=True)
            print("           the workers used %.1f CPU s: %.2f cores of %d, %.1f CPU ms per game"
                  % (cpu, cpu / wall, w, 1000 * cpu / len(games)), flush=True)
        base = counts[0]
        for w in counts[1:]:
            print("speed-up %d -> %d workers: %.2fx" % (base, w, rates[w] / rates[base]))
        print("dask_bench: outputs identical for every worker count: yes")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
