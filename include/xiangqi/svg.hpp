/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/svg.hpp
 * @brief C++ wrapper of xiangqi/svg.h: the options of board::svg()
 *        (xq::svg_options).
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_SVG_HPP
#define XIANGQI_SVG_HPP

#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/svg.h"

namespace xq {

/** Options of board::svg(): see ::xq_svg_options. */
struct svg_options {
    int size = 450;          /**< Width in pixels, 32..8192. */
    bool flip = false;       /**< Black at the bottom. */
    int coordinates = XQ_SVG_COORDS_NUMBERS | XQ_SVG_COORDS_ICCS; /**< ::xq_svg_coordinates bits. */
    bool letters = false;    /**< Letters instead of Chinese glyphs. */
    bool show_last_move = true; /**< Shade the last move. */
    move last_move;          /**< The move to shade; null = the board's last move. */
    bool show_check = true;  /**< Glow under a general in check. */
    std::vector<move> arrows; /**< Arrows to draw. */
};

} // namespace xq

#endif /* XIANGQI_SVG_HPP */
