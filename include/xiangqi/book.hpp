/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/book.hpp
 * @brief C++ wrapper of xiangqi/book.h: opening books (xq::book) and their
 *        builder (xq::book_builder).
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_BOOK_HPP
#define XIANGQI_BOOK_HPP

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/board.hpp"
#include "xiangqi/record.hpp"
#include "xiangqi/book.h"

namespace xq {

/* ======================================================================== */
/* Opening books */

/** What goes into a book (an ::xq_book_options; see book_builder). */
struct book_options {
    int max_ply = 40;   /**< Keep the moves of plies 0 .. max_ply - 1 (1..1000). */
    int min_games = 1;  /**< Leave out moves played in fewer games. */
    int min_score = 0;  /**< Leave out moves scoring less (permille, 0..1000). */
    int weighting = XQ_BOOK_WEIGHT_GAMES; /**< An ::xq_book_weight_mode. */
    /** @brief The C structure. @return The options as ::xq_book_options. */
    xq_book_options c() const noexcept
    {
        xq_book_options o;
        xq_book_options_init(&o, XQ_BOOK_OPTIONS_VERSION);
        o.max_ply = max_ply;
        o.min_games = min_games;
        o.min_score = min_score;
        o.weighting = weighting;
        return o;
    }
};

/** One book move of a position (an ::xq_book_entry), from book::probe(). */
struct book_entry {
    xq::move move;          /**< The move, legal in the board probed. */
    std::uint32_t games = 0;  /**< Games in which it was played. */
    std::uint32_t wins = 0;   /**< Won by the side that played it. */
    std::uint32_t draws = 0;  /**< Drawn. */
    std::uint32_t losses = 0; /**< Lost by the side that played it. */
    std::uint32_t weight = 0; /**< Its weight (the pick probability is weight / total). */
    int score = -1;           /**< Permille for the side that played it, or -1 (no result). */

    book_entry() = default;
    /** @brief Copy a C entry. @param c The entry. */
    explicit book_entry(const xq_book_entry &c)
        : move(c.move), games(c.games), wins(c.wins), draws(c.draws), losses(c.losses),
          weight(c.weight), score(c.score)
    {
    }
};

/**
 * @brief An opening book: owns an ::xq_book (a read-only table, see @ref book).
 *
 * @code
 * xq::book book = xq::book::open("/usr/share/xiangqi/book.xqb");
 * for (const xq::book_entry &e : book.probe(b))
 *     std::cout << e.move.iccs() << ' ' << e.games << '\n';
 * xq::move m = book.pick(b, 42);           // a weighted choice; null if none
 * engine.set_book(book);                   // the engine answers book positions at once
 * @endcode
 *
 * A book never changes, so copies share it (cheap, and safe from several
 * threads); it is freed with its last copy.
 */
class book {
  public:
    /**
     * @brief Open a book file (mapped into memory and checked).
     * @param path  File name.
     * @return The book.
     * @throws xq::error (io, parse for a damaged file, version) with the message.
     */
    static book open(const std::string &path)
    {
        xq_book *h = nullptr;
        xq_parse_error e;
        int rc = xq_book_open(&h, path.c_str(), &e);
        if (rc < 0)
            throw error(rc, e.message);
        return book(h, std::string());
    }
    /**
     * @brief A book from the bytes of a book file (copied).
     * @param bytes  The file's bytes.
     * @return The book.
     * @throws xq::error (parse, version).
     */
    static book from_bytes(const std::string &bytes)
    {
        std::shared_ptr<holder> p(new holder);
        p->bytes = bytes;
        xq_parse_error e;
        int rc = xq_book_open_memory(&p->h, p->bytes.data(), p->bytes.size(), &e);
        if (rc < 0)
            throw error(rc, e.message);
        return book(std::move(p));
    }
    /**
     * @brief Merge two books (counts added; xq_book_merge()).
     * @param a    A book.
     * @param b    Another.
     * @param opt  Filters applied to the sums, and the weighting.
     * @return The merged book.
     */
    static book merge(const book &a, const book &b, const book_options &opt)
    {
        xq_book_options c = opt.c();
        xq_book *h = nullptr;
        detail::check(xq_book_merge(&h, a.get(), b.get(), &c), "merge");
        return book(h, std::string());
    }
    /**
     * @brief Merge two books without a filter (the weighting of @p a).
     * @param a  A book.
     * @param b  Another.
     * @return The merged book.
     */
    static book merge(const book &a, const book &b)
    {
        xq_book *h = nullptr;
        detail::check(xq_book_merge(&h, a.get(), b.get(), nullptr), "merge");
        return book(h, std::string());
    }
    /** @brief Adopt a C book. @param h The book (this object frees it). */
    explicit book(xq_book *h) : book(h, std::string()) {}

    /** @brief The C handle. @return The handle, owned by this object and its copies. */
    const xq_book *get() const noexcept { return p_ ? p_->h : nullptr; }

    /**
     * @brief Every book move of a position, heaviest first.
     * @param b  The position.
     * @return The moves; empty when the position is not in the book.
     */
    std::vector<book_entry> probe(const board &b) const
    {
        xq_book_entry e[XQ_MAX_MOVES];
        int n = detail::check(xq_book_probe(get(), b.get(), e, XQ_MAX_MOVES), "probe");
        std::vector<book_entry> out;
        for (int i = 0; i < n && i < XQ_MAX_MOVES; i++)
            out.push_back(book_entry(e[i]));
        return out;
    }
    /**
     * @brief Choose a book move by weight (xq_book_pick()).
     * @param b     The position with its history.
     * @param seed  Seed of the choice (the same seed, the same move).
     * @param best  Take the heaviest move instead.
     * @param r     The rules that decide banned moves.
     * @return The move, or the null move when no book move can be played.
     */
    move pick(const board &b, std::uint64_t seed = 0, bool best = false,
              const rules &r = rules()) const
    {
        xq_rules c = r.c();
        xq_move m = XQ_MOVE_NONE;
        int rc = xq_book_pick(get(), b.get(), &c, seed, best ? XQ_BOOK_PICK_BEST : 0u, &m);
        if (rc == XQ_ENOTFOUND)
            return move();
        detail::check(rc, "pick");
        return move(m);
    }
    /** @brief Whether a position is in the book. @param b The position. @return True if so. */
    bool contains(const board &b) const
    {
        return detail::check(xq_book_probe(get(), b.get(), nullptr, 0), "probe") > 0;
    }
    /** @brief Number of positions. @return The count. */
    std::int64_t positions() const
    {
        return detail::check64(xq_book_position_count(get()), "positions");
    }
    /** @brief Number of moves, all positions. @return The count. */
    std::int64_t moves() const { return detail::check64(xq_book_move_count(get()), "moves"); }
    /** @brief Games counted at the start position. @return The count. */
    std::int64_t games() const { return detail::check64(xq_book_games(get()), "games"); }
    /** @brief The weighting. @return An ::xq_book_weight_mode. */
    int weighting() const { return detail::check(xq_book_weighting(get()), "weighting"); }
    /**
     * @brief Write the book file.
     * @param path  File name (replaced).
     * @throws xq::error (io).
     */
    void write(const std::string &path) const
    {
        int rc = xq_book_write(get(), path.c_str());
        if (rc < 0)
            throw error(rc, path + ": cannot write the book");
    }
    /** @brief The bytes of the book file. @return A copy of them. */
    std::string bytes() const
    {
        std::size_t n = 0;
        const void *d = xq_book_data(get(), &n);
        if (!d)
            throw error(XQ_EINVAL, "bytes");
        return std::string(static_cast<const char *>(d), n);
    }
    /** @brief The book as text (xq_book_dump()). @return One line per stored move. */
    std::string dump() const
    {
        std::int64_t n = detail::check64(xq_book_dump(get(), nullptr, 0), "dump");
        std::string s(static_cast<std::size_t>(n) + 1, '\0');
        xq_book_dump(get(), &s[0], s.size());
        s.resize(static_cast<std::size_t>(n));
        return s;
    }

  private:
    struct holder {
        xq_book *h = nullptr;
        std::string bytes; /* from_bytes(): the borrowed image */
        holder() = default;
        holder(const holder &) = delete;
        holder &operator=(const holder &) = delete;
        ~holder() { xq_book_free(h); }
    };
    book(xq_book *h, std::string) : p_(new holder) { p_->h = h; }
    explicit book(std::shared_ptr<holder> p) noexcept : p_(std::move(p)) {}
    std::shared_ptr<holder> p_;
};

/**
 * @brief Builds books from games: owns an ::xq_book_builder.
 *
 * @code
 * xq::book_builder bb;                          // default options
 * xq::pgn_reader games = xq::pgn_reader::open("masters.pgn");
 * bb.add(games);
 * xq::book book = bb.finish();
 * book.write("masters.xqb");
 * @endcode
 */
class book_builder {
  public:
    /**
     * @brief An empty builder.
     * @param opt  What goes into the book.
     * @throws xq::error (invalid_argument for an option out of range).
     */
    explicit book_builder(const book_options &opt = book_options())
    {
        xq_book_options c = opt.c();
        detail::check(xq_book_builder_new(&b_, &c), "book_builder");
    }
    /** @brief Transfer. @param o The source; it becomes empty. */
    book_builder(book_builder &&o) noexcept : b_(o.b_) { o.b_ = nullptr; }
    /** @brief Move assignment. @param o The source. @return `*this`. */
    book_builder &operator=(book_builder &&o) noexcept
    {
        if (this != &o) {
            xq_book_builder_free(b_);
            b_ = o.b_;
            o.b_ = nullptr;
        }
        return *this;
    }
    book_builder(const book_builder &) = delete;
    book_builder &operator=(const book_builder &) = delete;
    ~book_builder() { xq_book_builder_free(b_); }

    /**
     * @brief Add the main line of a game (its result from the Result tag).
     * @param r  The game.
     * @return The number of moves added.
     */
    int add(const record &r)
    {
        return detail::check(xq_book_builder_add_record(b_, r.get()), "add");
    }
    /**
     * @brief Add every game a reader has left.
     * @param rd   The reader (read to its end).
     * @param bad  Nullable; receives the number of games with an error.
     * @return The number of games read.
     */
    int add(pgn_reader &rd, int *bad = nullptr)
    {
        return detail::check(xq_book_builder_add_pgn(b_, rd.get(), bad), "add");
    }
    /** @brief Games added so far. @return The count. */
    std::int64_t games() const { return detail::check64(xq_book_builder_games(b_), "games"); }
    /** @brief Make the book of everything added. @return The book. */
    book finish() const
    {
        xq_book *h = nullptr;
        detail::check(xq_book_builder_finish(b_, &h), "finish");
        return book(h);
    }
    /** @brief The C handle. @return The builder, still owned by this object. */
    xq_book_builder *get() const noexcept { return b_; }

  private:
    xq_book_builder *b_ = nullptr;
};

} // namespace xq

#endif /* XIANGQI_BOOK_HPP */
