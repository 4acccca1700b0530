/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/egtb.hpp
 * @brief C++ wrapper of xiangqi/egtb.h: endgame tables (xq::tablebase) and
 *        the engine's use of them (xq::set_tablebase()).
 *
 * @code
 * #include <xiangqi/egtb.hpp>
 * xq::tablebase::generate("tables", "KRKAA");
 * xq::tablebase tb("tables");
 * xq::board b("3ak4/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1");
 * xq::tablebase_probe p = tb.probe(b);   // p.wdl == XQ_EGTB_WIN, p.dtm == 5
 * std::vector<xq::move> best = tb.best_moves(b);
 * xq::search s;
 * xq::set_tablebase(s, &tb);             // the engine plays the tables' moves
 * @endcode
 */
#ifndef XIANGQI_EGTB_HPP
#define XIANGQI_EGTB_HPP

#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/board.hpp"
#include "xiangqi/search.hpp"
#include "xiangqi/egtb.h"

namespace xq {

/** What a table says of a position (xq_egtb_probe()). */
struct tablebase_probe {
    int wdl;      /**< ::XQ_EGTB_WIN, ::XQ_EGTB_DRAW or ::XQ_EGTB_LOSS for the side to move. */
    int dtm;      /**< Plies to mate (odd: the side to move mates; even: it is mated);
                       0 for a draw; -1 when decided by the perpetual-check rule. */
    bool by_rule; /**< Decided by the perpetual-check rule (no distance). */
};

/** Figures of one table (::xq_egtb_info). */
struct table_info {
    std::string name;      /**< E.g. "KRKAA", the stronger side first. */
    std::uint64_t entries;    /**< Index size. */
    std::uint64_t positions;  /**< Legal positions. */
    std::uint64_t wins;       /**< Won for the side to move. */
    std::uint64_t draws;      /**< Drawn. */
    std::uint64_t losses;     /**< Lost for the side to move. */
    std::uint64_t rule_wins;  /**< Of @c wins, by the perpetual-check rule. */
    std::uint64_t rule_losses; /**< Of @c losses, by the perpetual-check rule. */
    std::uint64_t file_size;  /**< Bytes of the file. */
    int max_dtm;              /**< Longest distance to mate in plies. */
};

/**
 * @brief A directory of endgame tables (::xq_egtb), read-only; movable, not
 *        copyable. Any number of threads may probe one object.
 */
class tablebase {
  public:
    /**
     * @brief Open every table file of a directory (xq_egtb_open()).
     * @param dir  The directory.
     * @throws xq::error (io: unreadable directory or file; parse: a damaged,
     *         truncated or foreign file, named in what(); version: a file of
     *         another format version, parse before 1.1).
     */
    explicit tablebase(const std::string &dir) : t_(nullptr)
    {
        xq_parse_error e;
        int rc = xq_egtb_open(&t_, dir.c_str(), &e);
        if (rc < 0)
            detail::raise(e, rc, "cannot open the tables");
    }
    /** @brief Transfer. @param o The source; it becomes empty. */
    tablebase(tablebase &&o) noexcept : t_(o.t_) { o.t_ = nullptr; }
    /** @brief Move assignment. @param o The source; it becomes empty. @return `*this`. */
    tablebase &operator=(tablebase &&o) noexcept
    {
        if (this != &o) {
            xq_egtb_free(t_);
            t_ = o.t_;
            o.t_ = nullptr;
        }
        return *this;
    }
    tablebase(const tablebase &) = delete;
    tablebase &operator=(const tablebase &) = delete;
    /** @brief Unmap the tables (xq_egtb_free()). */
    ~tablebase() { xq_egtb_free(t_); }

    /** @brief The C handle. @return Still owned by this object (NULL if empty). */
    const xq_egtb *get() const noexcept { return t_; }

    /** @brief Number of tables. @return The count. */
    int size() const { return detail::check(xq_egtb_table_count(t_), "tablebase size"); }
    /** @brief Most pieces besides the generals in a table. @return The count. */
    int max_pieces() const { return detail::check(xq_egtb_max_pieces(t_), "max_pieces"); }

    /** @brief Figures of every table, by name. @return One entry per table. */
    std::vector<table_info> tables() const
    {
        std::vector<table_info> out;
        for (int i = 0; i < size(); i++) {
            xq_egtb_info info = XQ_EGTB_INFO_INIT;
            detail::check(xq_egtb_table_info(t_, i, &info), "table_info");
            table_info t = {info.name,      info.entries,   info.positions, info.wins,
                            info.draws,     info.losses,    info.rule_wins, info.rule_losses,
                            info.file_size, info.max_dtm};
            out.push_back(t);
        }
        return out;
    }

    /**
     * @brief Result and distance to mate of a position.
     * @param b  The position.
     * @return What the table says.
     * @throws xq::error (not_found when no table covers the material).
     */
    tablebase_probe probe(const board &b) const
    {
        int wdl = 0, dtm = 0;
        detail::check(xq_egtb_probe(t_, b.get(), &wdl, &dtm), "no table for this position");
        tablebase_probe p = {wdl, dtm, dtm < 0};
        return p;
    }
    /**
     * @brief Like probe() without throwing.
     * @param b   The position.
     * @param ec  Set to the error (not_found when no table covers it), or cleared.
     * @return What the table says (all zero on error).
     */
    tablebase_probe probe(const board &b, std::error_code &ec) const noexcept
    {
        int wdl = 0, dtm = 0;
        int rc = xq_egtb_probe(t_, b.get(), &wdl, &dtm);
        detail::set(&ec, rc);
        tablebase_probe p = {rc < 0 ? 0 : wdl, rc < 0 ? 0 : dtm, rc >= 0 && dtm < 0};
        return p;
    }

    /**
     * @brief The moves that keep the best result (xq_egtb_best_moves()).
     * @param b  The position.
     * @return Soonest mates when won, longest defences when lost, every
     *         drawing move when drawn; empty without a legal move.
     * @throws xq::error (not_found).
     */
    std::vector<move> best_moves(const board &b) const
    {
        xq_move mv[XQ_MAX_MOVES];
        int n = detail::check(xq_egtb_best_moves(t_, b.get(), mv, XQ_MAX_MOVES),
                              "no table for this position or a move from it");
        std::vector<move> out;
        for (int i = 0; i < n; i++)
            out.push_back(move(mv[i]));
        return out;
    }

    /**
     * @brief Check one table against its successors (xq_egtb_verify()).
     * @param material  E.g. "KRKAA".
     * @throws xq::error (parse with the first wrong position, not_found).
     */
    void verify(const std::string &material) const
    {
        xq_parse_error e;
        std::uint64_t errors = 0;
        int rc = xq_egtb_verify(t_, material.c_str(), &errors, &e);
        if (rc < 0)
            detail::raise(e, rc, "verify");
    }

    /**
     * @brief Generate a table, and first every smaller one, into an existing
     *        directory (xq_egtb_generate()); tables present are kept.
     * @param dir       The directory.
     * @param material  E.g. "KRKAA".
     * @throws xq::error (parse: bad material or a damaged table file; version:
     *         a table file of another format version; io: a file cannot be
     *         read or written).
     */
    static void generate(const std::string &dir, const std::string &material)
    {
        xq_parse_error e;
        int rc = xq_egtb_generate(dir.c_str(), material.c_str(), nullptr, nullptr, &e);
        if (rc < 0)
            detail::raise(e, rc, "generate");
    }

  private:
    xq_egtb *t_;
};

/**
 * @brief Let a search use a tablebase (xq_search_set_tablebase()); the
 *        tablebase must outlive its use.
 * @param s   The search.
 * @param tb  The tables, or NULL to stop using them.
 * @throws xq::error (state while searching).
 */
inline void set_tablebase(search &s, const tablebase *tb)
{
    detail::check(xq_search_set_tablebase(s.get(), tb ? tb->get() : nullptr), "set_tablebase");
}

} // namespace xq

#endif
