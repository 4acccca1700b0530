// SPDX-License-Identifier: MIT
// The header-only C++ wrapper (xiangqi.hpp): ownership, errors, moves,
// board operations, the engine. Built twice, as C++11 and as C++17.
#include <xiangqi/xiangqi.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

static int failures = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

// Run f, expecting an xq::error with the given code; returns the error's what().
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
    } catch (...) {
        std::fprintf(stderr, "%s:%d: wrong exception type\n", __FILE__, line);
        failures++;
        return "";
    }
    std::fprintf(stderr, "%s:%d: no exception\n", __FILE__, line);
    failures++;
    return "";
}
#define EXPECT_ERROR(code, ...) expect_error([&]() { __VA_ARGS__; }, code, __LINE__)

static const char *const start_fen = XQ_START_FEN;

static void test_error_codes()
{
    std::error_code ec = xq::errc::illegal_move;
    CHECK(ec.value() == XQ_EILLEGAL);
    CHECK(&ec.category() == &xq::category());
    CHECK(std::string(ec.category().name()) == "xiangqi");
    CHECK(ec.message() == "illegal move");
    CHECK(std::error_code(XQ_EINVAL, xq::category()) == std::errc::invalid_argument);
    CHECK(std::error_code(XQ_ENOMEM, xq::category()) == std::errc::not_enough_memory);
    CHECK(std::error_code(XQ_EPARSE, xq::category()) == xq::errc::parse);
    CHECK(std::error_code(XQ_EPARSE, xq::category()) != std::errc::invalid_argument);
    xq::error e(XQ_EPARSE, "bad", 7);
    CHECK(e.offset() == 7);
    CHECK(std::string(e.what()).find("bad") == 0);
    const std::system_error &base = e; // catchable as std::system_error / std::exception
    CHECK(base.code() == xq::errc::parse);
}

static void test_moves_and_pieces()
{
    xq::move m = xq::move::from_iccs("h2e2");
    CHECK(m.from() == xq::square(7, 2));
    CHECK(m.to() == xq::square(4, 2));
    CHECK(m.iccs() == "h2e2");
    CHECK(m == xq::move(xq::square(7, 2), xq::square(4, 2)));
    CHECK(static_cast<bool>(m));
    CHECK(!xq::move());
    CHECK(xq::move().iccs().empty());
    EXPECT_ERROR(xq::errc::parse, xq::move::from_iccs("h2"));
    EXPECT_ERROR(xq::errc::invalid_argument, xq::move(3, 3));
    EXPECT_ERROR(xq::errc::invalid_argument, xq::square(9, 0));
    std::error_code ec;
    xq::move bad = xq::move::from_iccs("zz", ec);
    CHECK(ec == xq::errc::parse);
    CHECK(!bad);
    std::set<xq::move> s{m, xq::move::from_iccs("h2e2"), xq::move::from_iccs("b2e2")};
    CHECK(s.size() == 2);
    CHECK(xq::square_name(85) == "e9");

    xq::piece p(xq::color::black, xq::piece_type::horse);
    CHECK(p.symbol() == 'n');
    CHECK(p.glyph() == "馬");
    CHECK(p.type() == xq::piece_type::horse);
    CHECK(p.color() == xq::color::black);
    CHECK(xq::piece().empty());
    CHECK(xq::piece().symbol() == '.');
    EXPECT_ERROR(xq::errc::invalid_argument, xq::piece(8));
}

static void test_board_basics()
{
    xq::board b;
    CHECK(b.fen() == start_fen);
    CHECK(b.side_to_move() == xq::color::red);
    CHECK(b.legal_moves().size() == 44);
    {
        xq::movelist ml = b.moves();
        xq::board later(b);
        later.push(later.parse_move("h2e2"));
        xq::movelist cannon = ml;
        cannon.filter(xq::square(7, 2));
        CHECK(ml.size() == 44 && cannon.size() == 12);
        CHECK(cannon.find("\u70ae\u4e8c\u5e73\u4e94") == b.parse_move("h2e2"));
        CHECK(later.moves().size() == 45 && cannon.text(cannon.size() - 1, xq::notation::wxf).size() > 0);
        CHECK(cannon.text(0, xq::notation::iccs).substr(0, 2) == "h2");
        CHECK(cannon.fen() == start_fen);
        CHECK(!cannon.contains(b.parse_move("b2e2")) && ml.contains(b.parse_move("b2e2")));
        bool threw = false;
        try {
            cannon.find("b2e2");
        } catch (const xq::error &e) {
            threw = e.code() == xq::errc::not_found;
        }
        CHECK(threw);
        xq::movelist caps = b.moves();
        caps.filter(-1, -1, -1, XQ_MOVES_CAPTURES);
        CHECK(caps.size() == 2 && caps.is_capture(0) && !caps.gives_check(0));
    }
    CHECK(b.at(4) == xq::piece(xq::color::red, xq::piece_type::king));
    CHECK(b.at(40).empty());
    CHECK(!b.in_check());
    CHECK(!b.status().over());
    CHECK(b.perft(3) == 79666);
    CHECK((b.attackers(xq::color::red, 13) == std::vector<int>{3, 4, 5})); // e1: general, advisors
    CHECK((b.attackers(xq::color::black, 1) == std::vector<int>{64}));     // b0: the cannon on b7
    CHECK(b.attackers(xq::color::red, 49).empty());
    {
        bool threw = false;
        try {
            b.attackers(xq::color::red, 90);
        } catch (const xq::error &e) {
            threw = e.code() == xq::errc::invalid_argument;
        }
        CHECK(threw);
    }

    std::uint64_t h0 = b.hash();
    xq::move played = b.push("h2e2");
    CHECK(played.iccs() == "h2e2");
    b.push(xq::move::from_iccs("h9g7"));
    CHECK(b.history().size() == 2);
    CHECK(b.history()[0] == played);
    CHECK(b.side_to_move() == xq::color::red);
    CHECK(b.halfmove_clock() == 2 && b.fullmove_number() == 2);
    CHECK(b.pop().iccs() == "h9g7");
    CHECK(b.pop() == played);
    CHECK(b.hash() == h0);
    std::string what = EXPECT_ERROR(xq::errc::state, b.pop());
    CHECK(what.find("no move") != std::string::npos);
    std::error_code ec;
    CHECK(!b.pop(ec));
    CHECK(ec == xq::errc::state);

    // Illegal moves leave the board unchanged.
    what = EXPECT_ERROR(xq::errc::illegal_move, b.push("h2h8"));
    CHECK(what.find("h2h8 is not legal here; the piece on h2 can play: ") == 0);
    CHECK(what.find(" h2e2") != std::string::npos && what.find(" h2h9") != std::string::npos);
    what = EXPECT_ERROR(xq::errc::illegal_move, b.push(xq::move::from_iccs("e4e5")));
    CHECK(what.find("no piece on e4") != std::string::npos);
    what = EXPECT_ERROR(xq::errc::illegal_move, b.push(xq::move::from_iccs("h7h3")));
    CHECK(what.find("not the mover's") != std::string::npos);
    EXPECT_ERROR(xq::errc::illegal_move, b.push(xq::move::from_iccs("e3e5")));
    EXPECT_ERROR(xq::errc::parse, b.push("cannon"));
    b.push(xq::move::from_iccs("a0a4"), ec);
    CHECK(ec == xq::errc::illegal_move);
    CHECK(!b.parse_move("a0a4", ec) && ec == xq::errc::illegal_move);
    CHECK(b.parse_move("a0a1", ec).iccs() == "a0a1" && !ec);
    CHECK(b.fen() == start_fen);
}

static void test_fen_errors()
{
    try {
        xq::board b("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w");
        CHECK(!"accepted a bad FEN");
    } catch (const xq::error &e) {
        CHECK(e.code() == xq::errc::parse);
        CHECK(e.offset() == 58);
        CHECK(std::string(e.what()).find("bad FEN") == 0);
    }
    EXPECT_ERROR(xq::errc::position, xq::board("4k4/9/9/9/9/9/9/9/9/4K4 w"));
    std::error_code ec;
    xq::board nothrow("nonsense", ec);
    CHECK(ec == xq::errc::parse);
    CHECK(!nothrow);
    xq::board fine(start_fen, ec);
    CHECK(!ec && fine);

    xq::board b("3k5/3R5/1N7/9/9/9/9/9/9/4K4 b");
    CHECK(b.in_check());
    xq::status s = b.status();
    CHECK(s.over() && s.result == XQ_RESULT_RED_WINS && s.reason == XQ_REASON_CHECKMATE);
    EXPECT_ERROR(xq::errc::parse, b.set_fen("garbage"));
    CHECK(b.fen() == "3k5/3R5/1N7/9/9/9/9/9/9/4K4 b - - 0 1");

    // Every problem of a FEN (xq_fen_problems), as a position editor lists them.
    CHECK(xq::fen_problems(start_fen).empty());
    std::vector<xq::fen_problem> p = xq::fen_problems("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/X");
    CHECK(p.size() == 1 && p[0].code == xq::errc::parse && p[0].offset == 32 &&
          !p[0].message.empty());
    // an impossible position: a Red advisor off its points (d1), a third one, a Red soldier
    // behind its start, no Black general
    p = xq::fen_problems("9/9/9/9/9/9/9/9/3AAA3/P3K4 w");
    CHECK(p.size() == 4);
    for (const xq::fen_problem &f : p)
        CHECK(f.code == xq::errc::position && !f.message.empty());
    xq_parse_error c[XQ_FEN_PROBLEMS_MAX];
    int n = xq_fen_problems("9/9/9/9/9/9/9/9/3AAA3/P3K4 w", c, XQ_FEN_PROBLEMS_MAX);
    CHECK(n == static_cast<int>(p.size()));
    for (int i = 0; i < n && i < static_cast<int>(p.size()); i++)
        CHECK(p[i].message == c[i].message && p[i].offset == c[i].offset);
}

static void test_ownership()
{
    static_assert(std::is_nothrow_move_constructible<xq::board>::value, "noexcept move");
    static_assert(std::is_nothrow_move_assignable<xq::board>::value, "noexcept move assign");
    xq::board a;
    a.push("h2e2");
    xq::board copy = a; // deep copy, history included
    CHECK(copy.fen() == a.fen());
    CHECK(copy.history().size() == 1);
    copy.push("h9g7");
    CHECK(a.history().size() == 1);
    CHECK(copy.get() != a.get());

    xq::board moved = std::move(copy);
    CHECK(moved.history().size() == 2);
    CHECK(!copy); // NOLINT: use after move is defined: the board is empty
    EXPECT_ERROR(xq::errc::invalid_argument, copy.fen());
    EXPECT_ERROR(xq::errc::invalid_argument, copy.hash());

    copy = moved; // copy-assign into an empty board
    CHECK(copy.fen() == moved.fen());
    xq::board &alias = copy;
    copy = alias; // self-assignment is harmless
    CHECK(copy.fen() == moved.fen());
    moved = xq::board();
    CHECK(moved.fen() == start_fen);
    swap(moved, copy);
    CHECK(copy.fen() == start_fen && moved.history().size() == 2);

    xq_board *raw = moved.release();
    CHECK(!moved && raw);
    xq::board adopted(raw);
    CHECK(adopted.history().size() == 2);

    std::map<std::string, xq::board> boards; // boards in containers
    boards.emplace("start", xq::board());
    boards["start"].push("b0c2");
    CHECK(boards.at("start").history().size() == 1);
}

static void test_svg()
{
    xq::board b;
    b.push("h2e2");
    std::string s = b.svg();
    CHECK(s.compare(0, 4, "<svg") == 0);
    CHECK(s.size() > 10000);
    CHECK(s.find("width=\"450\" height=\"514\"") != std::string::npos);
    CHECK(s.find("#3d7fd6") != std::string::npos);
    xq::svg_options o;
    o.size = 200;
    o.letters = true;
    o.flip = true;
    o.show_last_move = false;
    o.arrows.push_back(xq::move::from_iccs("h9g7"));
    std::string t = b.svg(o);
    CHECK(t.find("width=\"200\"") != std::string::npos);
    CHECK(t.find("<polygon") != std::string::npos);
    CHECK(t.find("#3d7fd6") == std::string::npos);
    CHECK(t.find("帅") == std::string::npos);
    o.size = 5;
    EXPECT_ERROR(xq::errc::invalid_argument, b.svg(o));
}


static void test_notation()
{
    xq::board b;
    xq::move m = b.parse_move("炮二平五");
    CHECK(m.iccs() == "h2e2");
    CHECK(b.parse_move("C2.5") == m && b.parse_move("Ｃ２＝５") == m && b.parse_move("h2e2") == m);
    CHECK(b.move_text(m) == "炮二平五");
    CHECK(b.move_text(m, xq::notation::wxf) == "C2.5");
    CHECK(b.move_text(m, xq::notation::wxf, XQ_NOTATION_WXF_EQUALS) == "C2=5");
    CHECK(b.move_text(m, xq::notation::iccs) == "h2e2");
    b.push("炮二平五");
    CHECK(b.move_text(b.parse_move("马8进7")) == "马８进７");
    std::string what = EXPECT_ERROR(xq::errc::illegal_move, b.move_text(m));
    EXPECT_ERROR(xq::errc::parse, b.parse_move("cannon to five"));
    xq::board tandem("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w");
    EXPECT_ERROR(xq::errc::ambiguous, tandem.parse_move("车五进一"));
    CHECK(tandem.move_text(tandem.parse_move("前车进二")) == "前车进二");
    std::error_code ec;
    CHECK(!tandem.parse_move("车五进一", ec) && ec == xq::errc::ambiguous);
}

static void test_record()
{
    xq::record r;
    r.set_tag("Event", "Test");
    r.set_tag("Red", "刘大华");
    CHECK(r.play("炮二平五").iccs() == "h2e2");
    r.play("H8+7");
    r.play(xq::move::from_iccs("h0g2"));
    r.set_comment("quiet");
    CHECK(r.ply() == 3 && r.mainline().size() == 3);
    CHECK(r.tag("Red") == "刘大华" && r.has_tag("Event") && !r.has_tag("Black"));
    EXPECT_ERROR(xq::errc::not_found, r.tag("Black"));
    CHECK(r.tags().size() == 2 && r.tags()[0].first == "Event");
    xq::pgn_options o;
    o.moves = xq::notation::chinese;
    std::string pgn = r.pgn(o);
    CHECK(pgn.find("1. 炮二平五 马８进７ 2. 马二进三 {quiet}") != std::string::npos);
    xq::record back = xq::record::from_pgn(pgn);
    CHECK(back.mainline() == r.mainline() && back.tag("Event") == "Test");
    r.undo();
    r.undo();
    CHECK(r.ply() == 1 && r.board().history().size() == 1);
    r.redo();
    CHECK(r.ply() == 2);
    xq::record copy = r; // deep copy
    copy.go_to(0);
    CHECK(copy.ply() == 0 && r.ply() == 2);
    CHECK(copy.board().fen() == start_fen);
    EXPECT_ERROR(xq::errc::state, copy.back());
    EXPECT_ERROR(xq::errc::illegal_move, r.play("h2h8"));
    EXPECT_ERROR(xq::errc::parse, xq::record::from_pgn("[Event \"x\"]\n\n1. zz9 *\n"));
    EXPECT_ERROR(xq::errc::io, xq::record::load("/nonexistent/game.pgn"));

    xq::pgn_reader games = xq::pgn_reader::open(XQ_TEST_DATA "/games/xqdb-sample-chinese.pgn");
    xq::record g;
    int n = 0;
    std::size_t plies = 0;
    while (games.next(g)) {
        n++;
        plies += g.mainline().size();
    }
    CHECK(n == 15 && plies > 500);
    xq::pgn_reader bad = xq::pgn_reader::from_text("[Event \"1\"]\n\n1. h2e2 *\n\n"
                                                   "[Event \"2\"]\n\n1. h2h8 *\n\n"
                                                   "[Event \"3\"]\n\n1. C2.5 *\n");
    CHECK(bad.next(g));
    EXPECT_ERROR(xq::errc::illegal_move, bad.next(g));
    CHECK(bad.next(g) && g.mainline()[0].iccs() == "h2e2" && g.tag("Event") == "3");
    CHECK(bad.game_line() == 9);
    CHECK(!bad.next(g));
}

static void test_rules()
{
    xq::board b("9/9/3k5/9/9/9/4R4/3A5/4K4/8r b - - 0 1");
    const char *cycle[] = {"i0i1", "e1e0", "i1i0", "e0e1", "i0i1", "e1e0", "i1i0", "e0e1"};
    for (const char *m : cycle)
        b.push(m);
    std::vector<xq::move> banned = b.banned_moves();
    CHECK(banned.size() == 1 && banned[0].iccs() == "i0i1");
    CHECK(b.banned_moves(xq::rules::of(XQ_RULES_SIMPLE)).empty());
    CHECK(b.outcome().reason == XQ_REASON_PERPETUAL_CHECK && b.outcome().cycle_start == 0);
    b.push("i0i1");
    b.push("e1e0");
    xq::outcome o = b.outcome();
    CHECK(o.over() && o.result == XQ_RESULT_RED_WINS && o.reason == XQ_REASON_PERPETUAL_CHECK);
    CHECK(o.at_fault == XQ_BLACK && o.repetitions == 3 && o.cycle_plies == 8 && o.cycle_start == 2);
    CHECK(o.reason_name() == "perpetual check");
    CHECK(o.description.find("perpetual check by Black") != std::string::npos);
    xq::outcome simple = b.outcome(xq::rules::of(XQ_RULES_SIMPLE));
    CHECK(simple.result == XQ_RESULT_DRAW && simple.reason == XQ_REASON_REPETITION);
    xq::rules bad;
    bad.fold = 1;
    EXPECT_ERROR(xq::errc::invalid_argument, b.outcome(bad));
    EXPECT_ERROR(xq::errc::invalid_argument, xq::rules::of(7));
}

// The engine wrapper: results, limits, background search, callback, errors.
static void test_search()
{
    // mate in 2 (tests/data/mates.epd)
    xq::board mate2("1C7/9/2N2k3/9/2b6/9/9/5C3/9/c3K4 w - - 0 1");
    xq::search engine;
    xq::search_result r = engine.run(mate2, xq::search_limits().depth(7));
    std::vector<xq::move> legal = mate2.legal_moves();
    CHECK(std::find(legal.begin(), legal.end(), r.best) != legal.end());
    CHECK(r.score.is_mate() && r.score.value == 2 && r.score.str() == "#2");
    CHECK(r.pv.size() == 3 && r.pv[0] == r.best && r.ponder == r.pv[1]);
    CHECK(r.depth >= 7 && r.nodes > 0);
    xq::board line(mate2);
    for (xq::move m : r.pv)
        line.push(m);
    CHECK(line.status().over() && line.status().result == XQ_RESULT_RED_WINS);

    // deterministic with one thread and a depth limit
    xq::board start;
    xq::search a, b;
    xq::search_result ra = a.run(start, xq::search_limits().depth(7));
    xq::search_result rb = b.run(start, xq::search_limits().depth(7));
    CHECK(ra.nodes == rb.nodes && ra.best == rb.best && ra.score == rb.score && ra.pv == rb.pv);
    a.clear();
    CHECK(a.run(start, xq::search_limits().depth(7)).nodes == ra.nodes);

    // banmoves and searchmoves
    xq::search_result banned = engine.run(start, xq::search_limits().depth(5).banmoves({ra.best}));
    CHECK(banned.best && banned.best != ra.best);
    xq::move only = xq::move::from_iccs("i0i1");
    CHECK(engine.run(start, xq::search_limits().depth(4).searchmoves({only})).best == only);

    // the info callback: increasing depths, on another thread
    std::vector<int> depths;
    std::set<int> lines;
    r = engine.run(start, xq::search_limits().depth(6).multipv(2), [&](const xq::search_info &i) {
        depths.push_back(i.depth);
        lines.insert(i.multipv);
        CHECK(!i.pv.empty());
    });
    CHECK(!depths.empty() && std::is_sorted(depths.begin(), depths.end()) && depths.back() == 6);
    CHECK(lines == (std::set<int>{1, 2}));

    // background search stopped from another thread
    engine.start(start, xq::search_limits().infinite());
    CHECK(engine.running());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(engine.running());
    EXPECT_ERROR(xq::errc::state, engine.start(start, xq::search_limits().depth(2)));
    EXPECT_ERROR(xq::errc::state, engine.clear());
    std::thread stopper([&engine]() { engine.stop(); });
    r = engine.wait();
    stopper.join();
    CHECK(!engine.running() && r.best && r.depth > 0);

    // stop from the callback
    engine.start(start, xq::search_limits().infinite(), [&engine](const xq::search_info &i) {
        if (i.depth >= 3)
            engine.stop();
    });
    CHECK(engine.wait().depth >= 3);

    // an exception in the callback stops the search and comes out of wait()
    int calls = 0;
    engine.start(start, xq::search_limits().infinite(), [&calls](const xq::search_info &) {
        calls++;
        throw std::runtime_error("from the callback");
    });
    bool caught = false;
    try {
        engine.wait();
    } catch (const std::runtime_error &e) {
        caught = std::string(e.what()) == "from the callback";
    }
    CHECK(caught && calls == 1 && !engine.running());
    CHECK(engine.run(start, xq::search_limits().depth(3)).best); // still usable

    // skill: the same seed, the same move; a bad level is rejected
    engine.clear();
    xq::move s1 = engine.run(start, xq::search_limits().depth(3).skill(0, 5)).best;
    engine.clear();
    CHECK(engine.run(start, xq::search_limits().depth(3).skill(0, 5)).best == s1);
    EXPECT_ERROR(xq::errc::invalid_argument, engine.run(start, xq::search_limits().depth(3).skill(21)));
    EXPECT_ERROR(xq::errc::invalid_argument, engine.run(start, xq::search_limits().depth(200)));
    EXPECT_ERROR(xq::errc::invalid_argument, engine.run(start, xq::search_limits()));
    EXPECT_ERROR(xq::errc::invalid_argument, engine.run(start, xq::search_limits().depth(3).infinite()));
    std::error_code ec;
    engine.start(start, xq::search_limits().multipv(0), xq::search::info_fn(), ec);
    CHECK(ec == xq::errc::invalid_argument && ec == std::errc::invalid_argument);
    EXPECT_ERROR(xq::errc::invalid_argument, xq::search(0));
    xq::search none(1, 0, ec);
    CHECK(ec == xq::errc::invalid_argument && !none);

    // configuration, ownership
    engine.set_threads(2);
    engine.set_hash(4);
    CHECK(engine.run(start, xq::search_limits().depth(5)).best);
    EXPECT_ERROR(xq::errc::invalid_argument, engine.set_threads(0));
    static_assert(!std::is_copy_constructible<xq::search>::value, "a search is not copyable");
    xq::search moved(std::move(engine));
    CHECK(moved && !engine);
    EXPECT_ERROR(xq::errc::invalid_argument, engine.run(start, xq::search_limits().depth(2)));
    engine.stop(); // harmless on an empty object
    {
        // destroyed while searching, with a callback: stopped and joined
        xq::search busy;
        busy.start(start, xq::search_limits().infinite(), [](const xq::search_info &) {});
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // moved while searching: the search goes with it
    xq::search first;
    int seen = 0;
    first.start(start, xq::search_limits().depth(6), [&seen](const xq::search_info &) { seen++; });
    xq::search second(std::move(first));
    CHECK(second.wait().depth == 6 && seen > 0);

    // rules: 119 plies without a capture; the chariot wins only without the limit
    xq::board late("4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 119 80");
    CHECK(second.run(late, xq::search_limits().depth(4)).score.value == 0);
    xq::rules unlimited;
    unlimited.ply_limit = 0;
    second.set_rules(unlimited);
    CHECK(second.run(late, xq::search_limits().depth(4)).score.value > 0);
    second.set_rules();
    CHECK(second.run(late, xq::search_limits().depth(4)).score.value == 0);
    xq::rules bad;
    bad.fold = 1;
    EXPECT_ERROR(xq::errc::invalid_argument, second.set_rules(bad));

    // the progress handler: true stops an infinite search; an exception
    // stops it too and comes back from wait(); an empty function removes it
    int polls = 0;
    second.set_progress_handler([&polls] { return ++polls >= 5; });
    second.start(start, xq::search_limits().infinite());
    CHECK(second.wait().best && polls >= 5 && polls <= 6);
    second.set_progress_handler([]() -> bool { throw std::runtime_error("from the handler"); });
    second.start(start, xq::search_limits().infinite());
    bool rethrown = false;
    try {
        second.wait();
    } catch (const std::runtime_error &e) {
        rethrown = std::string(e.what()) == "from the handler";
    }
    CHECK(rethrown);
    second.set_progress_handler(xq::search::progress_fn());
    polls = 0;
    CHECK(second.run(start, xq::search_limits().depth(5)).depth == 5 && polls == 0);
    second.start(start, xq::search_limits().infinite());
    EXPECT_ERROR(xq::errc::state, second.set_progress_handler([] { return true; }));
    second.stop();
    second.wait();

    CHECK(std::abs(xq::evaluate(start)) < 100);
    CHECK(xq::evaluate(xq::board("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")) > 500);
}

static void test_ecco()
{
    xq::board b;
    for (const char *m : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5", "h0h6", "b9c7", "b2d2", "a9b9"})
        b.push(m);
    xq::ecco e = xq::classify_opening(b);
    CHECK(e.found() && e.code == "C55" && e.ply == 10 && e.opening == "五六炮过河车对屏风马");
    CHECK(e.opening_traditional == "五六炮過河車對屏風馬" && e.games >= e.agreeing && e.agreeing > 0);
    xq::record r = xq::record::from_pgn("[FEN \"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n\n*\n");
    e = xq::classify_opening(r);
    CHECK(!e.found() && e.reason == XQ_ECCO_SETUP && e.reason_text() == "set-up position, not the standard start");
    CHECK(xq::classify_opening(xq::board()).reason == XQ_ECCO_NO_MOVES);
    CHECK(xq::ecco_lookup("C48").variation == "红仕角炮对黑退边炮");
    EXPECT_ERROR(xq::errc::not_found, xq::ecco_lookup("Z99"));
    std::vector<std::string> codes = xq::ecco_codes();
    CHECK(codes.size() == 260 && codes.front() == "A00" && codes.back() == "E48");
}

static void test_review()
{
    xq::review_thresholds t;
    CHECK(t.c.inaccuracy == 50 && t.c.mistake == 100 && t.c.blunder == 300 && t.c.loss_cap == 1000);
    std::int32_t loss = 0;
    CHECK(xq::review_classify(120, -250, false, t, &loss) == XQ_CLASS_BLUNDER && loss == 370);
    CHECK(xq::review_classify(120, -250, true) == XQ_CLASS_BEST);
    CHECK(xq::review_class_name(XQ_CLASS_MISTAKE) == "mistake");
    CHECK(xq::review_class_symbol(XQ_CLASS_INACCURACY) == "?!" && xq::review_class_nag(XQ_CLASS_BLUNDER) == 4);
    CHECK(xq::review_value(XQ_SCORE_MATE, 3) == XQ_MATE_VALUE - 3);
    CHECK(xq::review_value_text(XQ_MATE_VALUE - 3) == "#3");
    CHECK(xq::review_value_text(35, XQ_VALUE_TEXT_SIGN) == "+0.35");
    CHECK(xq::review_classify(100, 70, false, xq::review_thresholds(10, 20, 30)) == XQ_CLASS_BLUNDER);
    EXPECT_ERROR(xq::errc::invalid_argument, xq::review_thresholds(50, 30, 300));
    EXPECT_ERROR(xq::errc::invalid_argument, xq::review_classify(30001, 0, false));
    EXPECT_ERROR(xq::errc::invalid_argument, xq::review_class_name(5));
    EXPECT_ERROR(xq::errc::invalid_argument, xq::review_value(XQ_SCORE_MATE, 1000));
    try {
        xq::review_thresholds(50, 30, 300);
    } catch (const xq::error &e) {
        CHECK(std::string(e.what()).find("not 50, 30, 300") != std::string::npos);
    }
}

static void test_book()
{
    // Three games: h2e2 won and drawn by Red, b2e2 (its mirror image) lost.
    const char *games[][2] = {{"1-0", "h2e2 h9g7 h0g2"}, {"1/2-1/2", "h2e2 b9c7"},
                              {"0-1", "b2e2 b9c7"}};
    xq::book_builder bb;
    for (auto &g : games) {
        xq::record r = xq::record::from_pgn(std::string("[Result \"") + g[0] + "\"]\n\n" + g[1] +
                                            " " + g[0] + "\n");
        CHECK(bb.add(r) > 0);
    }
    CHECK(bb.games() == 3);
    xq::book book = bb.finish();
    CHECK(book.games() == 3);
    CHECK(book.weighting() == XQ_BOOK_WEIGHT_GAMES);
    xq::board b;
    std::vector<xq::book_entry> e = book.probe(b);
    CHECK(e.size() == 2 && e[0].move.iccs() == "h2e2" && e[0].games == 2 && e[0].wins == 1 &&
          e[0].draws == 1 && e[0].score == 750);
    // After b2e2, the mirror image of h2e2: b9c7 twice (game 3, and h9g7 of
    // game 1 mirrored), h9g7 once (b9c7 of game 2 mirrored).
    b.push("b2e2");
    e = book.probe(b);
    std::map<std::string, std::uint32_t> games_of;
    for (const xq::book_entry &x : e)
        games_of[x.move.iccs()] = x.games;
    CHECK(games_of.size() == 2 && games_of["b9c7"] == 2 && games_of["h9g7"] == 1);
    CHECK(book.contains(b));
    CHECK(!book.contains(xq::board("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1")));
    CHECK(book.pick(b, 1).iccs() == "b9c7" || book.pick(b, 1).iccs() == "h9g7");
    CHECK(book.pick(b, 0, true).iccs() == "b9c7");
    CHECK(!book.pick(xq::board("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1")));

    // Bytes, copies and merging.
    xq::book copy = xq::book::from_bytes(book.bytes());
    CHECK(copy.bytes() == book.bytes() && copy.dump() == book.dump());
    CHECK(copy.positions() == book.positions() && copy.moves() == book.moves());
    xq::book shared = copy; // copies share the book
    CHECK(shared.get() == copy.get());
    xq::book twice = xq::book::merge(book, book);
    CHECK(twice.games() == 6);
    EXPECT_ERROR(xq::errc::parse, xq::book::from_bytes("XQBOOK"));
    EXPECT_ERROR(xq::errc::io, xq::book::open("/nonexistent/book.xqb"));
    xq::book_options bad;
    bad.max_ply = 0;
    EXPECT_ERROR(xq::errc::invalid_argument, xq::book_builder builder(bad));

    // The engine answers from the book; it keeps its own reference.
    xq::search engine;
    {
        xq::pgn_reader rd = xq::pgn_reader::open(XQ_TEST_DATA "/games/liu-dahua-1125-uci.pgn");
        xq::book_builder big;
        CHECK(big.add(rd) == 1125);
        engine.set_book(big.finish());
    }
    xq::board start;
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 10; seed++) {
        xq::search_result r = engine.run(start, xq::search_limits().depth(5).skill(20, seed));
        CHECK(r.book_move && r.depth == 0 && r.nodes == 0 && start.is_legal(r.best));
        seen.insert(r.best.iccs());
    }
    CHECK(seen.size() > 1);
    xq::search_result r = engine.run(start, xq::search_limits().depth(2).no_book());
    CHECK(!r.book_move && r.depth == 2);
    engine.clear_book();
    CHECK(!engine.run(start, xq::search_limits().depth(2)).book_move);
}

/* The search's evaluation (1.1): a new search uses the built-in net if the
 * library has one; a bad net is an xq::error with the library's message and
 * changes nothing; no net built in means no NNUE. */
static void test_eval()
{
    xq::search engine;
    xq::board b;
    CHECK(engine.eval() == (engine.net_info().empty() ? XQ_EVAL_CLASSICAL : XQ_EVAL_NNUE));
    engine.set_eval(XQ_EVAL_CLASSICAL);
    CHECK(engine.evaluate(b) == xq::evaluate(b));
    std::string msg = EXPECT_ERROR(xq::errc::io, engine.load_net("/nonexistent/net.nnue"));
    CHECK(msg.find("/nonexistent/net.nnue") != std::string::npos);
    msg = EXPECT_ERROR(xq::errc::parse, engine.load_net(std::vector<std::uint8_t>(100, 7)));
    CHECK(msg.find("bad magic") != std::string::npos);
    CHECK(engine.eval() == XQ_EVAL_CLASSICAL);
    if (engine.net_info().empty())
        EXPECT_ERROR(xq::errc::not_found, engine.set_eval(XQ_EVAL_NNUE));
    engine.unload_net();
    CHECK(engine.eval() == XQ_EVAL_CLASSICAL);
}

int main()
{
    test_error_codes();
    test_moves_and_pieces();
    test_board_basics();
    test_fen_errors();
    test_ownership();
    test_svg();
    test_notation();
    test_record();
    test_rules();
    test_search();
    test_book();
    test_ecco();
    test_review();
    test_eval();
    std::printf("C++ %ld: %s\n", static_cast<long>(__cplusplus), failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
