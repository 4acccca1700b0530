# SPDX-License-Identifier: MIT
"""Shared helpers of the Python test suite."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
DATA_DIR = os.path.join(SOURCE_DIR, "tests", "data")
MIDDLEGAME = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"


def header_version():
    """(major, minor, patch) from include/xiangqi/version.h."""
    parts = {}
    with open(os.path.join(SOURCE_DIR, "include", "xiangqi", "version.h")) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 3 and fields[0] == "#define" and fields[1] in (
                    "XQ_VERSION_MAJOR", "XQ_VERSION_MINOR", "XQ_VERSION_PATCH"):
                parts[fields[1]] = int(fields[2])
    return parts["XQ_VERSION_MAJOR"], parts["XQ_VERSION_MINOR"], parts["XQ_VERSION_PATCH"]
