/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/movelist.hpp
 * @brief C++ wrapper of xiangqi/movelist.h: xq::movelist, the legal moves of a
 *        position kept with it.
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_MOVELIST_HPP
#define XIANGQI_MOVELIST_HPP

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/notation.hpp"
#include "xiangqi/movelist.h"

namespace xq {

/**
 * @brief The legal moves of a position, kept with that position (RAII over
 *        ::xq_movelist): filter by square, piece type and kind, test, write
 *        and find moves in any notation after the board has moved on.
 *        Get one from board::moves().
 */
class movelist {
  public:
    /** @brief The moves of a C board. @param b A valid board. @throws xq::error */
    explicit movelist(const xq_board *b) : l_(nullptr)
    {
        detail::check(xq_movelist_new(&l_), "movelist");
        int rc = xq_board_legal_moves(b, l_);
        if (rc < 0) {
            xq_movelist_free(l_);
            detail::check(rc, "movelist");
        }
    }
    /** @brief Copy (xq_movelist_clone()). @param o The list to copy. */
    movelist(const movelist &o) : l_(nullptr) { detail::check(xq_movelist_clone(&l_, o.l_), "movelist"); }
    /** @brief Transfer. @param o The source; it becomes empty. */
    movelist(movelist &&o) noexcept : l_(o.l_) { o.l_ = nullptr; }
    /** @brief Copy assignment. @param o The list to copy. @return `*this`. */
    movelist &operator=(const movelist &o)
    {
        if (this != &o) {
            movelist tmp(o);
            std::swap(l_, tmp.l_);
        }
        return *this;
    }
    /** @brief Move assignment. @param o The source; it becomes empty. @return `*this`. */
    movelist &operator=(movelist &&o) noexcept
    {
        std::swap(l_, o.l_);
        return *this;
    }
    ~movelist() { xq_movelist_free(l_); }

    /** @brief Number of moves. @return The size (0 for an empty list). */
    std::size_t size() const { return l_ ? static_cast<std::size_t>(xq_movelist_size(l_)) : 0; }
    /** @brief Whether the list has no move. @return `size() == 0`. */
    bool empty() const { return size() == 0; }
    /** @brief The move at an index. @param i 0 .. size() - 1. @return The move (null out of range). */
    move operator[](std::size_t i) const { return move(xq_movelist_get(l_, static_cast<int>(i))); }
    /** @brief Membership. @param m A move. @return Whether the list holds @p m. */
    bool contains(move m) const { return xq_movelist_index(l_, m.raw()) >= 0; }
    /** @brief The moves as a vector. @return Every move, in order. */
    std::vector<move> to_vector() const
    {
        std::vector<move> out;
        for (std::size_t i = 0; i < size(); i++)
            out.push_back((*this)[i]);
        return out;
    }
    /**
     * @brief Keep only the matching moves (xq_movelist_filter()).
     * @param from   Square or -1.  @param to  Square or -1.
     * @param type   A piece type, or -1 for any (as int).
     * @param kinds  `XQ_MOVES_CAPTURES`, `XQ_MOVES_QUIET`, `XQ_MOVES_CHECKS` bits, or 0.
     * @return `*this`. @throws xq::error on a bad square, type or flag.
     */
    movelist &filter(int from, int to = -1, int type = -1, unsigned kinds = 0)
    {
        detail::check(xq_movelist_filter(l_, from, to, type, kinds), "movelist::filter");
        return *this;
    }
    /** @brief Capture test. @param i Index. @return Whether move @p i captures. */
    bool is_capture(std::size_t i) const
    {
        return detail::check(xq_movelist_is_capture(l_, static_cast<int>(i)), "is_capture") == 1;
    }
    /** @brief Check test. @param i Index. @return Whether move @p i gives check. */
    bool gives_check(std::size_t i) const
    {
        return detail::check(xq_movelist_gives_check(l_, static_cast<int>(i)), "gives_check") == 1;
    }
    /**
     * @brief Move @p i as text in the list's position.
     * @param i Index. @param n A notation (not auto). @param flags `XQ_NOTATION_*` style flags.
     * @return UTF-8 text.
     */
    std::string text(std::size_t i, notation n = notation::chinese, unsigned flags = 0) const
    {
        char buf[XQ_MOVE_TEXT_MAX];
        detail::check(xq_movelist_text(l_, static_cast<int>(i), static_cast<int>(n), flags, buf,
                                       sizeof buf), "movelist::text");
        return buf;
    }
    /**
     * @brief The list's move named by a text (xq_movelist_find()).
     * @param t Text in any notation. @return The move.
     * @throws xq::error (parse, illegal_move, ambiguous_move, not_found).
     */
    move find(const std::string &t) const
    {
        int i = -1;
        xq_parse_error e;
        int rc = xq_movelist_find(l_, t.c_str(), XQ_NOTATION_AUTO, 0, &i, &e);
        if (rc < 0)
            detail::raise(e, rc, "movelist::find");
        return (*this)[static_cast<std::size_t>(i)];
    }
    /** @brief FEN of the list's position. @return The FEN. */
    std::string fen() const
    {
        char buf[XQ_FEN_MAX];
        detail::check(xq_movelist_fen(l_, buf, sizeof buf), "movelist::fen");
        return buf;
    }
    /** @brief The C handle (borrowed). @return The list. */
    const xq_movelist *get() const noexcept { return l_; }

  private:
    xq_movelist *l_;
};

} // namespace xq

#endif /* XIANGQI_MOVELIST_HPP */
