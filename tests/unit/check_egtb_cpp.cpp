// SPDX-License-Identifier: MIT
// The C++ wrapper of the endgame tables (xiangqi/egtb.hpp): generate, open,
// probe, best moves, verify, errors, and the search using the tables.
#include <xiangqi/egtb.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>
#include <unistd.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

template <class F> static std::string expect_error(F f, xq::errc code, int line)
{
    try {
        f();
    } catch (const xq::error &e) {
        if (e.code() != code) {
            std::fprintf(stderr, "%s:%d: got %s\n", __FILE__, line, e.what());
            failures++;
        }
        return e.what();
    }
    std::fprintf(stderr, "%s:%d: no exception\n", __FILE__, line);
    failures++;
    return "";
}
#define EXPECT_ERROR(code, ...) expect_error([&]() { __VA_ARGS__; }, code, __LINE__)

int main()
{
    char dir[] = "/tmp/xq_egtb_cpp_XXXXXX";
    CHECK(mkdtemp(dir) != nullptr);
    xq::tablebase::generate(dir, "KNKA");
    {
        xq::tablebase tb(dir);
        CHECK(tb.size() == 4); // KK KAK KNK KNKA
        CHECK(tb.max_pieces() == 2);
        std::vector<xq::table_info> t = tb.tables();
        CHECK(t.size() == 4 && t[3].name == "KNKA" && t[3].positions == 29172 &&
              t[3].max_dtm == 38);
        tb.verify("KNKA");

        xq::board b("4k4/4a4/9/9/9/9/9/9/9/3K1N3 w - - 0 1");
        xq::tablebase_probe p = tb.probe(b);
        CHECK(p.wdl == XQ_EGTB_WIN && p.dtm % 2 == 1 && !p.by_rule);
        std::vector<xq::move> best = tb.best_moves(b);
        CHECK(!best.empty());
        xq::board after = b;
        after.push(best[0]);
        CHECK(tb.probe(after).dtm == p.dtm - 1 && tb.probe(after).wdl == XQ_EGTB_LOSS);

        // No table: an exception, or an error code.
        xq::board start;
        EXPECT_ERROR(xq::errc::not_found, tb.probe(start));
        EXPECT_ERROR(xq::errc::not_found, tb.best_moves(start));
        std::error_code ec;
        tb.probe(start, ec);
        CHECK(ec == xq::errc::not_found);
        tb.probe(b, ec);
        CHECK(!ec);
        EXPECT_ERROR(xq::errc::parse, tb.verify("KQK"));
        EXPECT_ERROR(xq::errc::not_found, tb.verify("KRRK"));

        // The search plays a move of the tables and reports their mate.
        xq::search s;
        xq::set_tablebase(s, &tb);
        xq::search_limits lim;
        lim.depth(2);
        xq::search_result r = s.run(b, lim);
        bool found = false;
        for (xq::move m : best)
            found |= m == r.best;
        CHECK(found);
        CHECK(r.score.is_mate() && r.score.value == (p.dtm + 1) / 2);
        xq::set_tablebase(s, nullptr);

        xq::tablebase moved(std::move(tb));
        CHECK(moved.size() == 4 && tb.get() == nullptr);
    }
    EXPECT_ERROR(xq::errc::io, xq::tablebase("/nonexistent/xq"));
    EXPECT_ERROR(xq::errc::parse, xq::tablebase::generate(dir, "KQK"));
    for (const char *n : {"KK", "KAK", "KNK", "KNKA"})
        unlink((std::string(dir) + "/" + n + ".xqtb").c_str());
    rmdir(dir);
    if (failures)
        std::fprintf(stderr, "%d failures\n", failures);
    return failures ? 1 : 0;
}
