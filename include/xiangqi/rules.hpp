/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/rules.hpp
 * @brief C++ wrapper of xiangqi/rules.h: rule sets (xq::rules) and outcomes
 *        with their evidence (xq::outcome), for board::outcome() and
 *        board::banned_moves().
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_RULES_HPP
#define XIANGQI_RULES_HPP

#include <string>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/rules.h"

namespace xq {

/** A rule set for board::outcome() and board::banned_moves() (see ::xq_rules). */
struct rules {
    int ruleset = XQ_RULES_AXF;  /**< An ::xq_ruleset. */
    int fold = 3;                /**< Occurrences of a position that end the game. */
    int ply_limit = 120;         /**< Plies without a capture that draw; 0 = none. */
    int check_cap = 10;          /**< Checks per side counted toward the limit; -1 = all. */
    int mate_threat_depth = 3;   /**< CXA: depth of the mate-threat test; 0 = none. */
    bool insufficient_material = true; /**< Draw when neither side can mate. */

    /**
     * @brief The defaults of a rule set.
     * @param set  ::XQ_RULES_AXF, ::XQ_RULES_CXA or ::XQ_RULES_SIMPLE.
     * @return The rule set's parameters.
     * @throws xq::error (invalid_argument) for an unknown set.
     */
    static rules of(int set)
    {
        xq_rules c;
        detail::check(xq_rules_init(&c, XQ_RULES_VERSION, set), "rules");
        rules r;
        r.ruleset = c.ruleset;
        r.fold = c.fold;
        r.ply_limit = c.ply_limit;
        r.check_cap = c.check_cap;
        r.mate_threat_depth = c.mate_threat_depth;
        r.insufficient_material = c.insufficient_material != 0;
        return r;
    }
    /** @brief The C structure. @return The rules as ::xq_rules. */
    xq_rules c() const
    {
        xq_rules o;
        xq_rules_init(&o, XQ_RULES_VERSION, XQ_RULES_AXF);
        o.ruleset = ruleset;
        o.fold = fold;
        o.ply_limit = ply_limit;
        o.check_cap = check_cap;
        o.mate_threat_depth = mate_threat_depth;
        o.insufficient_material = insufficient_material ? 1 : 0;
        return o;
    }
};

/** The outcome of a game with its evidence (see ::xq_outcome); from board::outcome(). */
struct outcome {
    int result = XQ_RESULT_ONGOING; /**< An ::xq_result. */
    int reason = XQ_REASON_NONE;    /**< An ::xq_reason. */
    int at_fault = -1;              /**< The side that lost by rule, or -1. */
    int repetitions = 0;            /**< Occurrences of the position since the last capture. */
    int cycle_start = -1;           /**< Repetition: ply where the judged cycle starts, or -1. */
    int cycle_plies = 0;            /**< Repetition: length of the cycle. */
    int cycle[2] = {0, 0};          /**< ::xq_cycle_flag bits of Red's and Black's moves. */
    std::vector<int> chasing;       /**< Squares of the chasing pieces. */
    std::vector<int> chased;        /**< Squares of the chased pieces. */
    int limit_count = 0;            /**< Plies counted toward the move limit. */
    int limit_plies = 0;            /**< The move limit in force. */
    std::string description;        /**< One line, e.g. "1-0 perpetual check by Black (...)". */
    /** @brief Whether the game is over. @return True if it is. */
    bool over() const noexcept { return result != XQ_RESULT_ONGOING; }
    /** @brief The reason's name. @return E.g. "perpetual check" (xq_reason_name()). */
    std::string reason_name() const { return xq_reason_name(reason); }
};

} // namespace xq

#endif /* XIANGQI_RULES_HPP */
