# SPDX-License-Identifier: MIT
"""Tools built on the library, apart from it: they need more than the
standard library, and ``import xiangqi`` imports none of them.

- :mod:`xiangqi.tools.analyse`: ``python3 -m xiangqi.tools.analyse GAMES.pgn --out DIR``
  scores and classifies every move of PGN files on a Dask cluster.
- :mod:`xiangqi.tools.selfplay`: ``python3 -m xiangqi.tools.selfplay --games N --out DIR``
  plays the engine against itself on a Dask cluster (positions for tuning).
- :mod:`xiangqi.tools.distributed`: the layer under both (worker plugin,
  resumable chunk store, progress), usable from a notebook with its own client.

They need ``dask``, ``distributed`` and ``tqdm`` (``pip install xiangqi[dask]``),
imported only when a cluster is used; see the "Analysis and self-play on
Dask" page of the documentation.
"""
