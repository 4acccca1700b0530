// SPDX-License-Identifier: MIT
// The engine from C++: a fixed-depth search, then a background search
// with progress reports, stopped from another thread.
#include <xiangqi/xiangqi.hpp>

#include <chrono>
#include <iostream>
#include <thread>

int main()
{
    xq::board b("1C7/9/2N2k3/9/2b6/9/9/5C3/9/c3K4 w - - 0 1"); // Red mates in 2
    xq::search engine(1, 16); // 1 thread, 16 MB; the destructor stops and frees it

    xq::search_result r = engine.run(b, xq::search_limits().depth(7));
    std::cout << "best " << b.move_text(r.best) << " (" << r.best.iccs() << ") score "
              << r.score.str() << '\n';

    // In the background, with progress on a search thread; stopped from here.
    engine.start(xq::board(), xq::search_limits().infinite(), [](const xq::search_info &i) {
        std::cout << "  depth " << i.depth << " score " << i.score.str() << '\n';
    });
    std::thread gui([&engine]() {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        engine.stop(); // safe from any thread
    });
    r = engine.wait();
    gui.join();
    std::cout << "stopped at depth " << r.depth << ", best " << r.best.iccs() << '\n';
    return 0;
}
