# SPDX-License-Identifier: MIT
"""The examples in the package's docstrings run and print what they show."""

import doctest
import unittest

import xiangqi
import xiangqi.pgn
import xiangqi.svg
from xiangqi import _board, _search, review


def load_tests(loader, tests, ignore):
    for module in (xiangqi, xiangqi.svg, xiangqi.pgn, _board, _search, review):
        tests.addTests(doctest.DocTestSuite(module))
    return tests


if __name__ == "__main__":
    unittest.main()
