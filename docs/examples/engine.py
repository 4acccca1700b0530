# SPDX-License-Identifier: MIT
"""The engine from Python: a fixed-depth search, a move to play, a
background analysis stopped from another thread."""
import threading
import xiangqi

board = xiangqi.Board("1C7/9/2N2k3/9/2b6/9/9/5C3/9/c3K4 w - - 0 1")   # Red mates in 2

with xiangqi.Engine(threads=1, hash_mb=16) as engine:   # freed at the end of the block
    result = engine.analyse(board, depth=7)
    print("best", board.chinese(result.move), result.move, "score", result.score)
    print("pv", " ".join(board.line_text(result.pv)))

    # a beginner's move (skill 0..20) from the start position
    print("level 3 plays", engine.play(xiangqi.Board(), depth=8, skill=3, seed=1).move)

    # think in the background; another thread (a GUI's button) stops it
    def show(info):                                    # called on a search thread
        print("  depth %d score %s pv %s" % (info.depth, info.score, info.pv[0]))

    engine.start(xiangqi.Board(), info=show)           # no limit: until stop()
    threading.Timer(0.2, engine.stop).start()
    result = engine.wait()
    print("stopped at depth", result.depth, "best", result.move)
