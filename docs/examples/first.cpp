// SPDX-License-Identifier: MIT
// The first C++ program: the wrapper owns the board and throws on errors.
#include <iostream>
#include <xiangqi/xiangqi.hpp>

int main()
{
    xq::board board;          // the start position
    board.push("h2e2");       // 炮二平五
    board.push("h9g7");       // 马８进７
    std::cout << board.fen() << '\n' << board.legal_moves().size() << " legal moves\n";
    try {
        board.push("a0a5");   // blocked by Red's own soldier on a3
    } catch (const xq::error &e) {
        std::cout << "rejected: " << e.what() << '\n';
    }
    board.pop();              // take back 马８进７
    std::cout << "history: " << board.history().size() << " move\n";
}
