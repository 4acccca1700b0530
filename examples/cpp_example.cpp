// A tour of the C++ wrapper (xiangqi/xiangqi.hpp): set up a position, play
// and take back moves, handle an illegal one, count moves, play a seeded
// random game to its end and draw the final position as SVG.
//
//   cpp_example [SEED] [OUTPUT.svg]
#include <xiangqi/xiangqi.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>

int main(int argc, char **argv)
{
    unsigned seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 1;
    const char *svg_path = argc > 2 ? argv[2] : nullptr;

    xq::board board; // the start position; freed by the destructor
    for (const char *text : {"h2e2", "h9g7", "h0g2"})
        board.push(text);
    std::cout << "after h2e2 h9g7 h0g2: " << board.fen() << '\n';

    try {
        board.push("a9a0"); // not legal: the chariot's path is blocked
    } catch (const xq::error &e) {
        std::cout << "rejected: " << e.what() << " (code " << e.code().value() << ")\n";
    }

    xq::move last = board.pop(); // take back h0g2
    std::cout << "took back " << last.iccs() << "; " << board.legal_moves().size()
              << " legal moves; perft(3) = " << board.perft(3) << '\n';

    // Play random legal moves until the game ends (or 300 plies).
    std::mt19937 rng(seed);
    xq::board game;
    int plies = 0;
    while (!game.status().over() && plies < 300) {
        std::vector<xq::move> moves = game.legal_moves();
        std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
        game.push(moves[pick(rng)]);
        plies++;
    }
    xq::status s = game.status();
    std::cout << "random game (seed " << seed << "): " << plies << " plies, "
              << (s.result == XQ_RESULT_RED_WINS     ? "Red wins"
                  : s.result == XQ_RESULT_BLACK_WINS ? "Black wins"
                                                     : "unfinished")
              << '\n';

    if (svg_path) {
        xq::svg_options opt;
        opt.size = 360;
        std::ofstream(svg_path) << game.svg(opt);
        std::cout << "wrote " << svg_path << '\n';
    }
    return 0;
}
