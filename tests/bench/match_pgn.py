# SPDX-License-Identifier: MIT
"""Reading the PGN files xq-match writes, for the benchmark scripts here
(book_match.py, progress_stats.py): a plain line reader, no validation."""
import re

TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')


def games(path):
    """(tags, movetext) for each game of a PGN file: the tags as a dict and
    the move text as one line."""
    tags, body = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = TAG.match(line)
            if m:
                if body:
                    yield tags, " ".join(body)
                    tags, body = {}, []
                tags[m.group(1)] = m.group(2)
            elif line.strip():
                body.append(line.strip())
    if tags:
        yield tags, " ".join(body)
