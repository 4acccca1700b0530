/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/ecco.hpp
 * @brief C++ wrapper of xiangqi/ecco.h: the ECCO code and names of a game's
 *        opening (xq::ecco, xq::classify_opening(), xq::ecco_lookup()).
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 *
 * @code
 * xq::ecco e = xq::classify_opening(board);   // or a record's main line
 * if (e.found())
 *     std::cout << e.code << ' ' << e.opening << ' ' << e.variation << '\n';
 * @endcode
 */
#ifndef XIANGQI_ECCO_HPP
#define XIANGQI_ECCO_HPP

#include <string>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/board.hpp"
#include "xiangqi/record.hpp"
#include "xiangqi/ecco.h"

namespace xq {

/* ======================================================================== */
/* Openings by name */

/** A classification or the names of a code (an ::xq_ecco as strings). @since 1.0 */
struct ecco {
    std::string code;                  /**< "A00".."E48", or "" when there is none. */
    int reason = XQ_ECCO_NO_MOVES;     /**< An ::xq_ecco_reason. */
    int ply = 0;                       /**< The ply after which the code was decided. */
    std::string opening;               /**< Opening name, simplified Chinese. */
    std::string variation;             /**< Variation name, simplified Chinese, or "". */
    std::string opening_traditional;   /**< The opening in traditional Chinese. */
    std::string variation_traditional; /**< The variation in traditional Chinese. */
    std::string english;               /**< The family's established English name, or "". */
    std::string line;                  /**< The table's move order for the deciding position. */
    int games = 0;                     /**< Master games through that position. */
    int agreeing = 0;                  /**< Of them, those with this code. */

    ecco() = default;
    /** @brief Copy a C result. @param c The result. */
    explicit ecco(const xq_ecco &c)
        : code(c.code), reason(c.reason), ply(c.ply), opening(c.opening), variation(c.variation),
          opening_traditional(c.opening_traditional), variation_traditional(c.variation_traditional),
          english(c.english), line(c.line), games(c.games), agreeing(c.agreeing)
    {
    }
    /** @brief Whether there is a code. @return True with a code. */
    bool found() const noexcept { return !code.empty(); }
    /** @brief Why there is a code or not. @return The reason in English. */
    std::string reason_text() const { return xq_ecco_reason_text(reason); }
};

/**
 * @brief Classify the moves played on a board (xq_ecco_classify_board()).
 * @param b The board.
 * @return The result (no code for a set-up position or no moves).
 * @throws xq::error On failure.
 * @since 1.0
 */
inline ecco classify_opening(const board &b)
{
    xq_ecco e;
    detail::check(xq_ecco_classify_board(b.get(), &e), "cannot classify the opening");
    return ecco(e);
}

/**
 * @brief Classify a record's main line (xq_ecco_classify_record()).
 * @param r The record.
 * @return The result.
 * @throws xq::error On failure.
 * @since 1.0
 */
inline ecco classify_opening(const record &r)
{
    xq_ecco e;
    detail::check(xq_ecco_classify_record(r.get(), &e), "cannot classify the opening");
    return ecco(e);
}

/**
 * @brief The names of a code (xq_ecco_lookup()).
 * @param code "A00".."E48".
 * @return The names (reason ::XQ_ECCO_NAMES).
 * @throws xq::error ::XQ_ENOTFOUND for a string that is not an ECCO code.
 * @since 1.0
 */
inline ecco ecco_lookup(const std::string &code)
{
    xq_ecco e;
    detail::check(xq_ecco_lookup(code.c_str(), &e), "not an ECCO code");
    return ecco(e);
}

/**
 * @brief The 260 ECCO codes in order.
 * @return "A00" .. "E48".
 * @since 1.0
 */
inline std::vector<std::string> ecco_codes()
{
    std::vector<std::string> out;
    for (int i = 0; i < xq_ecco_code_count(); i++)
        out.push_back(xq_ecco_code_at(i));
    return out;
}

} // namespace xq

#endif /* XIANGQI_ECCO_HPP */
