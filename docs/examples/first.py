# SPDX-License-Identifier: MIT
"""The first Python program: a board, moves, errors, a picture."""
import xiangqi

board = xiangqi.Board()           # the start position
board.push("h2e2")                # 炮二平五
board.push("h9g7")                # 马８进７
print(board.fen())
print(len(board.legal_moves), "legal moves")
print(board.unicode(borders=True))

try:
    board.push("a0a5")            # blocked by Red's own soldier on a3
except xiangqi.IllegalMoveError as e:
    print("rejected:", e)

board.pop()                       # take back 马８进７
with open("opening.svg", "w") as f:
    f.write(board.svg(size=360))  # in Jupyter, just evaluate `board`
