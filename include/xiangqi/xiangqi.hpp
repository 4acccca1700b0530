/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/xiangqi.hpp
 * @brief Header-only C++ wrapper of libxiangqi (C++11 or later).
 *
 * Owning classes over the C handles (copy = deep copy, move = transfer,
 * destructor = `_free`), `std::string` for every text, and errors reported
 * either as exceptions (xq::error, a `std::system_error`) or, in the
 * overloads that take a `std::error_code &`, as error codes of
 * xq::category(). Everything is inline; link with the C library as usual
 * (`xiangqi::xiangqi` in CMake, `pkg-config --libs xiangqi`).
 *
 * @code
 * #include <xiangqi/xiangqi.hpp>
 * xq::board b;                       // start position
 * b.push("h2e2");                    // throws xq::error if illegal
 * for (xq::move m : b.legal_moves())
 *     std::cout << m.iccs() << ' ';
 * std::cout << b.fen() << '\n';
 * @endcode
 *
 * This header includes the whole wrapper. Its parts follow the C layers
 * and each stands alone: core.hpp (errors, squares, pieces, moves),
 * notation.hpp, movelist.hpp, rules.hpp, svg.hpp, board.hpp, record.hpp,
 * book.hpp, ecco.hpp, review.hpp, search.hpp and egtb.hpp.
 */
#ifndef XIANGQI_XIANGQI_HPP
#define XIANGQI_XIANGQI_HPP

#include "xiangqi/xiangqi.h"

#include "xiangqi/core.hpp"
#include "xiangqi/notation.hpp"
#include "xiangqi/movelist.hpp"
#include "xiangqi/rules.hpp"
#include "xiangqi/svg.hpp"
#include "xiangqi/board.hpp"
#include "xiangqi/record.hpp"
#include "xiangqi/book.hpp"
#include "xiangqi/ecco.hpp"
#include "xiangqi/review.hpp"
#include "xiangqi/search.hpp"
#include "xiangqi/egtb.hpp"

#endif /* XIANGQI_XIANGQI_HPP */
