// SPDX-License-Identifier: MIT
// A tour of the C++ wrapper (xiangqi/xiangqi.hpp): set up a position, play
// and take back moves, handle an illegal one, count moves, play a seeded
// random game to its end, draw the final position as SVG, and ask the
// engine: a search to a fixed depth, then a background search with live
// progress that another thread stops.
//
//   cpp_example [SEED] [OUTPUT.svg]
#include <xiangqi/xiangqi.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <thread>

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

    // The engine: a mate in two, searched to depth 7 (deterministic with one thread).
    xq::search engine(1, 16); // 1 thread, 16 MB; stopped and freed by the destructor
    xq::board puzzle("1C7/9/2N2k3/9/2b6/9/9/5C3/9/c3K4 w - - 0 1");
    xq::search_result r = engine.run(puzzle, xq::search_limits().depth(7));
    std::cout << "engine: " << puzzle.move_text(r.best) << " ("
              << r.best.iccs() << "), score " << r.score.str() << ", pv";
    for (xq::move m : r.pv)
        std::cout << ' ' << m.iccs();
    std::cout << '\n';

    // A background search from the start position: progress arrives on a
    // search thread; this thread stays free and stops it after 200 ms.
    std::mutex out;
    engine.start(xq::board(), xq::search_limits().infinite(), [&out](const xq::search_info &i) {
        std::lock_guard<std::mutex> lock(out);
        std::cerr << "  depth " << i.depth << " score " << i.score.str() << " nodes " << i.nodes
                  << " pv " << (i.pv.empty() ? std::string("-") : i.pv[0].iccs()) << '\n';
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    engine.stop();
    r = engine.wait();
    std::cout << "background search stopped at depth " << r.depth << ": best " << r.best.iccs()
              << '\n';
    return 0;
}
