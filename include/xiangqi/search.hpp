/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/search.hpp
 * @brief C++ wrapper of xiangqi/search.h: the engine (xq::search), its limits,
 *        progress and results, and the static evaluation (xq::evaluate()).
 *
 * search::set_book() takes an xq::book, so this header includes book.hpp.
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_SEARCH_HPP
#define XIANGQI_SEARCH_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/board.hpp"
#include "xiangqi/book.hpp"
#include "xiangqi/search.h"

namespace xq {

/* ======================================================================== */
/* Search */

/** A score from the side to move's view: centipawns or moves to mate. */
struct score {
    int kind = XQ_SCORE_CP;     /**< An ::xq_score_kind. */
    int value = 0;              /**< Centipawns, or moves to mate (positive: the side to
                                     move mates; negative: it is mated; 0: it has lost). */
    int bound = XQ_BOUND_EXACT; /**< An ::xq_bound. */
    /** @brief Whether it is a mate score. @return True for ::XQ_SCORE_MATE. */
    bool is_mate() const noexcept { return kind == XQ_SCORE_MATE; }
    /**
     * @brief The score as text.
     * @return E.g. `"+35"`, `"-120"`, `"#3"` (mates in 3), `"#-2"` (mated in 2).
     */
    std::string str() const
    {
        char buf[24];
        std::snprintf(buf, sizeof buf, is_mate() ? "#%d" : "%+d", value);
        return buf;
    }
    /** @brief Same kind and value. @param o Another score. @return Equal. */
    bool operator==(const score &o) const noexcept { return kind == o.kind && value == o.value; }
    /** @brief Not equal. @param o Another score. @return Different. */
    bool operator!=(const score &o) const noexcept { return !(*this == o); }
};

/** Progress of a search, given to the search::info_fn callback (see ::xq_search_info). */
struct search_info {
    int depth = 0;          /**< Iteration depth (plies). */
    int seldepth = 0;       /**< Deepest ply reached. */
    int multipv = 0;        /**< Line number, 1 = best. */
    xq::score score;        /**< The line's score, with its bound. */
    std::uint64_t nodes = 0; /**< Nodes searched so far. */
    std::uint64_t nps = 0;  /**< Nodes per second. */
    std::int64_t time_ms = 0; /**< Milliseconds since the start. */
    int hashfull = 0;       /**< Transposition table use in permille. */
    std::vector<move> pv;   /**< Principal variation from the searched position. */

    search_info() = default;
    /** @brief Copy a C info. @param c The info. */
    explicit search_info(const xq_search_info &c)
        : depth(c.depth), seldepth(c.seldepth), multipv(c.multipv), nodes(c.nodes), nps(c.nps),
          time_ms(c.time_ms), hashfull(c.hashfull)
    {
        score.kind = c.score_kind;
        score.value = c.score;
        score.bound = c.bound;
        for (int i = 0; i < c.pv_length && i < XQ_PV_MAX; i++)
            pv.push_back(move(c.pv[i]));
    }
};

/** The outcome of a search (see ::xq_search_result); from search::wait() and search::run(). */
struct search_result {
    move best;              /**< The move to play; null only when there is none (see
                                 xq_search_result::best_move). */
    move ponder;            /**< The expected reply, or the null move. */
    xq::score score;        /**< Score of @c best. */
    int depth = 0;          /**< Last completed iteration. */
    int seldepth = 0;       /**< Deepest ply reached. */
    std::uint64_t nodes = 0; /**< Nodes searched. */
    std::uint64_t nps = 0;  /**< Nodes per second. */
    std::int64_t time_ms = 0; /**< Time used. */
    int hashfull = 0;       /**< Transposition table use in permille. */
    std::vector<move> pv;   /**< Principal variation starting with @c best. */
    bool book_move = false; /**< The move came from the opening book (no search ran). */

    search_result() = default;
    /** @brief Copy a C result. @param c The result. */
    explicit search_result(const xq_search_result &c)
        : best(c.best_move), ponder(c.ponder_move), depth(c.depth), seldepth(c.seldepth),
          nodes(c.nodes), nps(c.nps), time_ms(c.time_ms), hashfull(c.hashfull),
          book_move(c.book_move != 0)
    {
        score.kind = c.score_kind;
        score.value = c.score;
        for (int i = 0; i < c.pv_length && i < XQ_PV_MAX; i++)
            pv.push_back(move(c.pv[i]));
    }
};

/**
 * @brief Limits of a search (an ::xq_search_limits), set with chained calls.
 *
 * @code
 * search.run(b, xq::search_limits().depth(12).multipv(3));
 * search.start(b, xq::search_limits().clock(60000, 60000, 1000, 1000));
 * @endcode
 * Values are checked when the search starts (xq::error, invalid_argument).
 */
class search_limits {
  public:
    /** @brief No limit, one line, full strength (xq_search_limits_init()). */
    search_limits() noexcept { xq_search_limits_init(&c_, XQ_SEARCH_LIMITS_VERSION); }
    /** @brief Deepest iteration. @param d 1..::XQ_SEARCH_MAX_DEPTH. @return `*this`. */
    search_limits &depth(int d) noexcept { c_.depth = d; return *this; }
    /** @brief Node budget. @param n Nodes (exact with one thread). @return `*this`. */
    search_limits &nodes(std::uint64_t n) noexcept { c_.nodes = n; return *this; }
    /** @brief Think this long. @param ms Milliseconds. @return `*this`. */
    search_limits &movetime_ms(int ms) noexcept { c_.movetime_ms = ms; return *this; }
    /**
     * @brief Play on a clock.
     * @param red_ms     Red's remaining time.
     * @param black_ms   Black's remaining time.
     * @param red_inc    Red's increment per move.
     * @param black_inc  Black's increment per move.
     * @param movestogo  Moves to the next time control; 0 = sudden death.
     * @return `*this`.
     */
    search_limits &clock(int red_ms, int black_ms, int red_inc = 0, int black_inc = 0,
                         int movestogo = 0) noexcept
    {
        c_.red_time_ms = red_ms;
        c_.black_time_ms = black_ms;
        c_.red_inc_ms = red_inc;
        c_.black_inc_ms = black_inc;
        c_.movestogo = movestogo;
        return *this;
    }
    /** @brief Time kept in reserve per move. @param ms Milliseconds. @return `*this`. */
    search_limits &move_overhead_ms(int ms) noexcept { c_.move_overhead_ms = ms; return *this; }
    /** @brief Search until search::stop(). @param on Whether. @return `*this`. */
    search_limits &infinite(bool on = true) noexcept { c_.infinite = on; return *this; }
    /** @brief Ponder until search::ponderhit(). @param on Whether. @return `*this`. */
    search_limits &ponder(bool on = true) noexcept { c_.ponder = on; return *this; }
    /** @brief Stop at a mate in @p n moves. @param n Moves. @return `*this`. */
    search_limits &mate(int n) noexcept { c_.mate = n; return *this; }
    /** @brief Report the best @p n lines. @param n Lines. @return `*this`. */
    search_limits &multipv(int n) noexcept { c_.multipv = n; return *this; }
    /**
     * @brief Playing strength.
     * @param level  0 (beginner) .. ::XQ_SKILL_MAX (full strength).
     * @param seed   Seed of the weakening (the same seed, the same choice).
     * @return `*this`.
     */
    search_limits &skill(int level, std::uint64_t seed = 0) noexcept
    {
        c_.skill = level;
        c_.seed = seed;
        return *this;
    }
    /**
     * @brief Search only these root moves.
     * @param moves  At most ::XQ_MAX_MOVES moves.
     * @return `*this`.
     * @throws xq::error (invalid_argument) for too many moves.
     */
    search_limits &searchmoves(const std::vector<move> &moves)
    {
        c_.nsearchmoves = copy_moves(moves, c_.searchmoves);
        return *this;
    }
    /**
     * @brief Never play these root moves (e.g. board::banned_moves()).
     * @param moves  At most ::XQ_MAX_MOVES moves.
     * @return `*this`.
     * @throws xq::error (invalid_argument) for too many moves.
     */
    search_limits &banmoves(const std::vector<move> &moves)
    {
        c_.nbanmoves = copy_moves(moves, c_.banmoves);
        return *this;
    }
    /**
     * @brief Do not answer from the opening book (search::set_book()).
     * @param on  Whether.
     * @return `*this`.
     */
    search_limits &no_book(bool on = true) noexcept { c_.no_book = on; return *this; }
    /** @brief The C structure. @return The limits. */
    const xq_search_limits &c() const noexcept { return c_; }

  private:
    static int copy_moves(const std::vector<move> &moves, xq_move *out)
    {
        if (moves.size() > static_cast<std::size_t>(XQ_MAX_MOVES))
            throw error(XQ_EINVAL, "more than XQ_MAX_MOVES moves");
        for (std::size_t i = 0; i < moves.size(); i++)
            out[i] = moves[i].raw();
        return static_cast<int>(moves.size());
    }
    xq_search_limits c_;
};

/**
 * @brief The engine: owns an ::xq_search (its threads and hash table).
 *
 * @code
 * xq::search engine(2, 64);                        // 2 threads, 64 MB
 * xq::search_result r = engine.run(b, xq::search_limits().depth(10));
 * std::cout << r.best.iccs() << ' ' << r.score.str() << '\n';
 *
 * engine.start(b, xq::search_limits().infinite(),  // in the background
 *              [](const xq::search_info &i) { std::cout << i.depth << '\n'; });
 * // ... engine.stop() from any thread
 * r = engine.wait();
 * @endcode
 *
 * Not copyable; movable (a running search moves with it). The destructor
 * stops a running search and joins its threads. One thread at a time uses a
 * search, except stop() and ponderhit(), which any thread (and the callback)
 * may call. The callback runs on a search thread; an exception it throws
 * stops the search and is rethrown by wait().
 */
class search {
  public:
    /** The progress callback. */
    typedef std::function<void(const search_info &)> info_fn;
    /** The progress handler: true stops the search (set_progress_handler()). */
    typedef std::function<bool()> progress_fn;

    /**
     * @brief Create the handle.
     * @param threads  1..::XQ_SEARCH_MAX_THREADS.
     * @param hash_mb  Transposition table, 1..::XQ_SEARCH_MAX_HASH_MB.
     * @throws xq::error (invalid_argument, out_of_memory).
     */
    explicit search(int threads = 1, std::size_t hash_mb = 16) : st_(new state)
    {
        detail::check(create(threads, hash_mb), "cannot create the search");
    }
    /**
     * @brief Create the handle without throwing.
     * @param threads  1..::XQ_SEARCH_MAX_THREADS.
     * @param hash_mb  Transposition table, 1..::XQ_SEARCH_MAX_HASH_MB.
     * @param ec       Set to the error (the object is then empty), or cleared.
     */
    search(int threads, std::size_t hash_mb, std::error_code &ec) : st_(new state)
    {
        detail::set(&ec, create(threads, hash_mb));
    }
    /** @brief Transfer, including a running search. @param o The source; it becomes empty. */
    search(search &&o) noexcept : st_(std::move(o.st_)) {}
    /** @brief Move assignment (frees this handle first). @param o The source. @return `*this`. */
    search &operator=(search &&o) noexcept
    {
        if (this != &o) {
            reset();
            st_ = std::move(o.st_);
        }
        return *this;
    }
    search(const search &) = delete;
    search &operator=(const search &) = delete;
    /** @brief Stop, join and free (xq_search_free()). */
    ~search() { reset(); }

    /** @brief The C handle. @return The handle, still owned by this object (NULL if empty). */
    xq_search *get() const noexcept { return st_ ? st_->handle : nullptr; }
    /** @brief Whether the object holds a handle. @return False after a move-from. */
    explicit operator bool() const noexcept { return get() != nullptr; }

    /** @brief Change the number of threads. @param n 1..::XQ_SEARCH_MAX_THREADS. */
    void set_threads(int n) { detail::check(xq_search_set_threads(get(), n), "set_threads"); }
    /** @brief Reallocate (and clear) the hash table. @param mb Megabytes. */
    void set_hash(std::size_t mb)
    {
        detail::check(xq_search_set_hash(get(), mb), "set_hash");
    }
    /** @brief Forget the hash table and statistics, as for a new game. */
    void clear() { detail::check(xq_search_clear(get()), "clear"); }
    /**
     * @brief The rules by which the search judges repetitions and the move
     *        limit (xq_search_set_rules()); kept for the following searches.
     * @param r  A rule set, e.g. `xq::rules::of(XQ_RULES_CXA)`; the default is AXF.
     * @throws xq::error (invalid_argument for a value out of range, state while searching).
     */
    void set_rules(const rules &r = rules())
    {
        xq_rules c = r.c();
        detail::check(xq_search_set_rules(get(), &c), "set_rules");
    }
    /**
     * @brief Answer book positions from @p b (xq_search_set_book()): a search
     *        there returns a book move at once (search_result::book_move),
     *        unless search_limits::no_book() or an infinite or ponder search.
     * @param b  The book; the search keeps a copy (the book stays alive).
     * @throws xq::error (state while searching).
     */
    void set_book(const book &b)
    {
        detail::check(xq_search_set_book(get(), b.get()), "set_book");
        if (st_)
            st_->held_book.reset(new xq::book(b));
    }
    /**
     * @brief A function the search calls while it runs, about every
     *        ::XQ_SEARCH_PROGRESS_NODES nodes; true stops the search
     *        (xq_search_set_progress_handler()). An exception it throws stops
     *        the search too and is rethrown by wait().
     * @param fn  The handler; an empty function removes it.
     * @throws xq::error (state while searching).
     * @since 1.1
     */
    void set_progress_handler(progress_fn fn)
    {
        const bool on = static_cast<bool>(fn);
        detail::check(xq_search_set_progress_handler(get(), on ? progress_trampoline : nullptr,
                                                     on ? st_.get() : nullptr),
                      "set_progress_handler");
        st_->progress = std::move(fn);
    }
    /** @brief Play without a book again. @throws xq::error (state while searching). */
    void clear_book()
    {
        detail::check(xq_search_set_book(get(), nullptr), "clear_book");
        if (st_)
            st_->held_book.reset();
    }

    /**
     * @brief Evaluate with ::XQ_EVAL_CLASSICAL or ::XQ_EVAL_NNUE
     *        (xq_search_set_eval(); docs/nnue.md).
     * @param kind  The evaluation; ::XQ_EVAL_NNUE with no net throws
     *              xq::error (xq::errc::not_found).
     * @since 1.1
     */
    void set_eval(xq_eval_kind kind) { detail::check(xq_search_set_eval(get(), kind), "set_eval"); }
    /**
     * @brief The evaluation in use (xq_search_get_eval()).
     * @return ::XQ_EVAL_CLASSICAL or ::XQ_EVAL_NNUE.
     * @since 1.1
     */
    xq_eval_kind eval() const
    {
        return static_cast<xq_eval_kind>(detail::check(xq_search_get_eval(get()), "eval"));
    }
    /**
     * @brief Load a net file and evaluate with it (xq_search_load_net()); on
     *        failure (xq::error with the library's message) nothing changes.
     * @param path  The net file.
     * @since 1.1
     */
    void load_net(const std::string &path)
    {
        xq_parse_error e;
        int rc = xq_search_load_net(get(), path.c_str(), &e);
        if (rc < 0)
            throw error(rc, e.message);
    }
    /**
     * @brief load_net() from a net file's bytes (copied).
     * @param bytes  The file's bytes.
     * @since 1.1
     */
    void load_net(const std::vector<std::uint8_t> &bytes)
    {
        xq_parse_error e;
        int rc = xq_search_load_net_memory(get(), bytes.data(), bytes.size(), &e);
        if (rc < 0)
            throw error(rc, e.message);
    }
    /**
     * @brief Forget the loaded net (xq_search_load_net() with NULL).
     * @since 1.1
     */
    void unload_net() { detail::check(xq_search_load_net(get(), nullptr, nullptr), "unload_net"); }
    /**
     * @brief The net ::XQ_EVAL_NNUE would use (xq_search_net_info()).
     * @return "CHECKSUM DESCRIPTION", or an empty string when there is none.
     * @since 1.1
     */
    std::string net_info() const
    {
        int n = xq_search_net_info(get(), nullptr, 0);
        if (n == XQ_ENOTFOUND)
            return std::string();
        detail::check(n, "net_info");
        std::string s(static_cast<std::size_t>(n) + 1, '\0');
        xq_search_net_info(get(), &s[0], s.size());
        s.resize(static_cast<std::size_t>(n));
        return s;
    }
    /**
     * @brief The static evaluation with this search's evaluation (xq_search_evaluate()).
     * @param b  The position.
     * @return Centipawns for the side to move.
     * @since 1.1
     */
    int evaluate(const board &b) const
    {
        std::int32_t cp = 0;
        detail::check(xq_search_evaluate(get(), b.get(), &cp), "evaluate");
        return cp;
    }

    /**
     * @brief Start searching in the background; returns at once.
     * @param b        The position (copied with its history).
     * @param lim      The limits; the defaults run until stop().
     * @param on_info  Optional progress callback, called on a search thread.
     * @throws xq::error (invalid_argument for a bad limit, state if a search
     *         was started and not waited for).
     */
    void start(const board &b, const search_limits &lim = search_limits(), info_fn on_info = info_fn())
    {
        std::error_code ec;
        start(b, lim, std::move(on_info), ec);
        if (ec)
            throw error(ec.value(), "cannot start the search");
    }
    /**
     * @brief Start without throwing a library error.
     * @param b        The position.
     * @param lim      The limits.
     * @param on_info  Optional progress callback.
     * @param ec       Set to the error, or cleared.
     */
    void start(const board &b, const search_limits &lim, info_fn on_info, std::error_code &ec)
    {
        xq_search *h = get();
        if (h && xq_search_running(h) == 1) {
            detail::set(&ec, XQ_ESTATE); // the running search still uses the callback
            return;
        }
        if (st_) {
            st_->fn = std::move(on_info);
            st_->failure = std::exception_ptr();
        }
        int rc = xq_search_start(h, b.get(), &lim.c(), st_ && st_->fn ? &trampoline : nullptr,
                                 st_.get());
        detail::set(&ec, rc);
    }
    /** @brief Ask the search to stop soon. Safe from any thread; a no-op if none runs. */
    void stop() noexcept { xq_search_stop(get()); }
    /** @brief Leave ponder mode (the expected move was played). Safe from any thread. */
    void ponderhit() noexcept { xq_search_ponderhit(get()); }
    /** @brief Whether a search runs. @return True while it runs. */
    bool running() const { return detail::check(xq_search_running(get()), "running") == 1; }
    /**
     * @brief Block until the search ends.
     * @return Its result.
     * @throws xq::error (state) if no search was started; rethrows what the
     *         info callback threw.
     */
    search_result wait()
    {
        xq_search_result r;
        detail::check(xq_search_wait(get(), &r), "wait");
        if (st_ && st_->failure) {
            std::exception_ptr p = st_->failure;
            st_->failure = std::exception_ptr();
            std::rethrow_exception(p);
        }
        return search_result(r);
    }
    /**
     * @brief Search and wait.
     * @param b        The position.
     * @param lim      Limits that end by themselves (not infinite nor ponder).
     * @param on_info  Optional progress callback.
     * @return The result.
     * @throws xq::error (invalid_argument for limits that would never end).
     */
    search_result run(const board &b, const search_limits &lim, info_fn on_info = info_fn())
    {
        const xq_search_limits &c = lim.c();
        if (c.infinite || c.ponder ||
            (!c.depth && !c.nodes && !c.movetime_ms && !c.mate && c.red_time_ms < 0 &&
             c.black_time_ms < 0))
            throw error(XQ_EINVAL, "run() needs limits that end the search");
        start(b, lim, std::move(on_info));
        return wait();
    }

  private:
    struct state {
        xq_search *handle = nullptr;
        info_fn fn;
        progress_fn progress; /* set_progress_handler() */
        std::exception_ptr failure;
        std::unique_ptr<xq::book> held_book; /* the handle borrows it (set_book) */
    };

    int create(int threads, std::size_t hash_mb)
    {
        xq_search_config cfg;
        xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION);
        cfg.threads = threads;
        cfg.hash_mb = hash_mb;
        return xq_search_new(&st_->handle, &cfg);
    }
    void reset() noexcept
    {
        if (st_) {
            xq_search_free(st_->handle); // joins: no callback runs after this
            st_.reset();
        }
    }
    static void trampoline(const xq_search_info *info, void *userdata)
    {
        state *st = static_cast<state *>(userdata);
        if (st->failure)
            return;
        try {
            st->fn(search_info(*info));
        } catch (...) { // never into C: report it from wait()
            st->failure = std::current_exception();
            xq_search_stop(st->handle);
        }
    }

    static int progress_trampoline(void *userdata)
    {
        state *st = static_cast<state *>(userdata);
        if (st->failure)
            return 1;
        try {
            return st->progress() ? 1 : 0;
        } catch (...) { // never into C: report it from wait()
            st->failure = std::current_exception();
            return 1;
        }
    }

    std::unique_ptr<state> st_;
};

/**
 * @brief The engine's static evaluation (xq_evaluate()).
 * @param b  The position.
 * @return Centipawns from the side to move's view.
 */
inline int evaluate(const board &b)
{
    std::int32_t cp = 0;
    detail::check(xq_evaluate(b.get(), &cp), "evaluate");
    return cp;
}

} // namespace xq

#endif /* XIANGQI_SEARCH_HPP */
