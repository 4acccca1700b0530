/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/notation.hpp
 * @brief C++ wrapper of xiangqi/notation.h: the move notations (xq::notation)
 *        of board::parse_move(), board::move_text() and movelist::text().
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_NOTATION_HPP
#define XIANGQI_NOTATION_HPP

#include "xiangqi/core.hpp"
#include "xiangqi/notation.h"

namespace xq {

/** Move notations (values of ::xq_notation). */
enum class notation {
    automatic = XQ_NOTATION_AUTO, /**< Reading only: recognise the notation from the text. */
    iccs = XQ_NOTATION_ICCS,      /**< Coordinates, `h2e2`. */
    wxf = XQ_NOTATION_WXF,        /**< WXF, `C2.5`. */
    chinese = XQ_NOTATION_CHINESE /**< Chinese, `炮二平五` (UTF-8). */
};

} // namespace xq

#endif /* XIANGQI_NOTATION_HPP */
