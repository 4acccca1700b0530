/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/core.hpp
 * @brief C++ wrapper of xiangqi/core.h: errors (xq::error, xq::errc,
 *        xq::category()), squares, pieces, moves and the version.
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_CORE_HPP
#define XIANGQI_CORE_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>

#include "xiangqi/core.h"

/** The C++ wrapper. */
namespace xq {

/* ======================================================================== */
/* Errors */

/** The library's status codes as a scoped enum (values of ::xq_error). */
enum class errc {
    invalid_argument = XQ_EINVAL, /**< ::XQ_EINVAL */
    out_of_memory = XQ_ENOMEM,    /**< ::XQ_ENOMEM */
    parse = XQ_EPARSE,            /**< ::XQ_EPARSE */
    illegal_move = XQ_EILLEGAL,   /**< ::XQ_EILLEGAL */
    state = XQ_ESTATE,            /**< ::XQ_ESTATE */
    version = XQ_EVERSION,        /**< ::XQ_EVERSION */
    buffer_too_small = XQ_EBUFS,  /**< ::XQ_EBUFS */
    io = XQ_EIO,                  /**< ::XQ_EIO */
    position = XQ_EPOSITION,      /**< ::XQ_EPOSITION */
    ambiguous = XQ_EAMBIGUOUS,    /**< ::XQ_EAMBIGUOUS */
    not_found = XQ_ENOTFOUND      /**< ::XQ_ENOTFOUND */
};

/** @cond INTERNAL */
namespace detail {
class category_impl : public std::error_category {
  public:
    const char *name() const noexcept override { return "xiangqi"; }
    std::string message(int ev) const override { return xq_strerror(ev); }
    std::error_condition default_error_condition(int ev) const noexcept override
    {
        switch (ev) {
        case XQ_EINVAL: return std::errc::invalid_argument;
        case XQ_ENOMEM: return std::errc::not_enough_memory;
        case XQ_EIO: return std::errc::io_error;
        case XQ_EBUFS: return std::errc::no_buffer_space;
        default: return std::error_condition(ev, *this);
        }
    }
};
} // namespace detail
/** @endcond */

/**
 * @brief The error category of libxiangqi's status codes.
 *
 * `std::error_code(XQ_EILLEGAL, xq::category())` compares equal to
 * xq::errc::illegal_move; ::XQ_EINVAL, ::XQ_ENOMEM and ::XQ_EIO also match
 * the corresponding `std::errc` conditions.
 * @return The one instance of the category.
 */
inline const std::error_category &category() noexcept
{
    static const detail::category_impl instance;
    return instance;
}

/**
 * @brief An error code of xq::category() for an xq::errc (found by ADL).
 * @param e  The code.
 * @return `std::error_code(int(e), xq::category())`.
 */
inline std::error_code make_error_code(errc e) noexcept
{
    return std::error_code(static_cast<int>(e), category());
}

/**
 * @brief The exception thrown by the wrapper: a `std::system_error` whose
 *        code() is in xq::category(), plus the parse position when the
 *        failure was in a text input.
 */
class error : public std::system_error {
  public:
    /**
     * @brief Construct from a status code and a description.
     * @param code    A negative ::xq_error.
     * @param what    Detail for what() (the code's text is appended).
     * @param offset  Byte offset in the text input, or -1.
     * @param line    1-based line for multi-line inputs, 0 otherwise.
     * @param column  1-based column for multi-line inputs, 0 otherwise.
     */
    error(int code, const std::string &what, int offset = -1, int line = 0, int column = 0)
        : std::system_error(code, category(), what), offset_(offset), line_(line), column_(column)
    {
    }
    /** @brief Where parsing failed. @return The byte offset in the text input, or -1. */
    int offset() const noexcept { return offset_; }
    /** @brief Where parsing failed. @return The 1-based line of a multi-line input, or 0. */
    int line() const noexcept { return line_; }
    /** @brief Where parsing failed. @return The 1-based column of a multi-line input, or 0. */
    int column() const noexcept { return column_; }

  private:
    int offset_, line_, column_;
};

/** @cond INTERNAL */
namespace detail {
inline int check(int rc, const char *what)
{
    if (rc < 0)
        throw error(rc, what);
    return rc;
}

inline void raise(const xq_parse_error &e, int rc, const char *what)
{
    std::string msg = std::string(what) + ": " + (e.message[0] ? e.message : xq_strerror(rc));
    throw error(rc, msg, e.offset, e.line, e.column);
}

inline void set(std::error_code *ec, int rc) noexcept
{
    if (ec)
        *ec = std::error_code(rc < 0 ? rc : 0, category());
}

/* Read a string from a snprintf-style C function. */
template <class F> std::string read_string(F f, std::size_t guess, const char *what)
{
    std::string s(guess, '\0');
    int n = f(&s[0], s.size());
    if (n >= 0 && static_cast<std::size_t>(n) >= s.size()) {
        s.assign(static_cast<std::size_t>(n) + 1, '\0');
        n = f(&s[0], s.size());
    }
    check(n, what);
    s.resize(static_cast<std::size_t>(n));
    return s;
}
} // namespace detail
/** @endcond */

} // namespace xq

/** @cond INTERNAL */
namespace std {
template <> struct is_error_code_enum<xq::errc> : true_type {};
} // namespace std
/** @endcond */

namespace xq {

/* ======================================================================== */
/* Squares, pieces, moves */

/** The two sides. */
enum class color { red = XQ_RED, black = XQ_BLACK };

/** Piece types (values of ::xq_piece_type). */
enum class piece_type {
    none = 0,                  /**< An empty square. */
    king = XQ_KING,            /**< General 帅/將. */
    advisor = XQ_ADVISOR,      /**< Advisor 仕/士. */
    elephant = XQ_ELEPHANT,    /**< Elephant 相/象. */
    horse = XQ_HORSE,          /**< Horse 马/馬. */
    chariot = XQ_CHARIOT,      /**< Chariot 车/車. */
    cannon = XQ_CANNON,        /**< Cannon 炮/砲. */
    soldier = XQ_SOLDIER       /**< Soldier 兵/卒. */
};


/**
 * @brief Square index of a file and rank.
 * @param file  0..8 (`a`..`i`).
 * @param rank  0..9, from Red's side.
 * @return The square 0..89.
 * @throws xq::error (invalid_argument) if either is out of range.
 */
inline int square(int file, int rank)
{
    return detail::check(xq_square(file, rank), "no such square");
}

/**
 * @brief ICCS name of a square.
 * @param sq  0..89.
 * @return The name, e.g. `"e0"`.
 * @throws xq::error (invalid_argument) for a bad square.
 */
inline std::string square_name(int sq)
{
    int f = detail::check(xq_square_file(sq), "no such square");
    return std::string{static_cast<char>('a' + f), static_cast<char>('0' + sq / 9)};
}

/** A piece (or an empty square): a type and a color. */
class piece {
  public:
    /** @brief An empty square. */
    piece() noexcept : code_(0) {}
    /**
     * @brief The piece of a C piece code.
     * @param code  A piece code (`type | color << 3`), or 0 for an empty square.
     * @throws xq::error (invalid_argument) for a bad code.
     */
    explicit piece(int code) : code_(code)
    {
        if (code != 0)
            detail::check(xq_piece_type_of(code), "not a piece code");
    }
    /**
     * @brief A piece of a color and type.
     * @param c  Its side.
     * @param t  Its type (not piece_type::none).
     */
    piece(xq::color c, piece_type t)
        : code_(detail::check(xq_piece(static_cast<int>(c), static_cast<int>(t)), "not a piece"))
    {
    }
    /** @brief Whether this is an empty square. @return True for an empty square. */
    bool empty() const noexcept { return code_ == 0; }
    /** @brief The C piece code. @return `type | color << 3`, 0 for empty. */
    int code() const noexcept { return code_; }
    /** @brief The type. @return The type, piece_type::none when empty. */
    piece_type type() const noexcept { return static_cast<piece_type>(code_ & 7); }
    /** @brief The side. @return The color (meaningless when empty). */
    xq::color color() const noexcept { return static_cast<xq::color>(code_ >> 3); }
    /** @brief FEN letter. @return `K`..`P` for Red, `k`..`p` for Black, `'.'` when empty. */
    char symbol() const noexcept { return code_ ? static_cast<char>(xq_piece_char(code_)) : '.'; }
    /** @brief Chinese character. @return 帅仕相马车炮兵 / 將士象馬車砲卒 (UTF-8), "" when empty. */
    std::string glyph() const
    {
        static const char *const g[2][8] = {{"", "帅", "仕", "相", "马", "车", "炮", "兵"},
                                            {"", "將", "士", "象", "馬", "車", "砲", "卒"}};
        return code_ ? g[code_ >> 3][code_ & 7] : "";
    }
    /** @brief Equality. @param o Another piece. @return Same piece (or both empty). */
    bool operator==(const piece &o) const noexcept { return code_ == o.code_; }
    /** @brief Inequality. @param o Another piece. @return Different pieces. */
    bool operator!=(const piece &o) const noexcept { return code_ != o.code_; }

  private:
    int code_;
};

/** A move (a value type; it means something only in a position). */
class move {
  public:
    /** @brief The null move (::XQ_MOVE_NONE); false in a boolean context. */
    move() noexcept : m_(XQ_MOVE_NONE) {}
    /** @brief Wrap a C move. @param m An ::xq_move. */
    explicit move(xq_move m) noexcept : m_(m) {}
    /**
     * @brief A move between two squares.
     * @param from  Origin 0..89.
     * @param to    Destination 0..89, not @p from.
     * @throws xq::error (invalid_argument) otherwise.
     */
    move(int from, int to) : m_(xq_move_make(from, to))
    {
        if (m_ == XQ_MOVE_NONE)
            throw error(XQ_EINVAL, "no move between these squares");
    }
    /**
     * @brief Parse coordinates.
     * @param text  E.g. `"h2e2"` (`"H2-E2"` accepted).
     * @return The move.
     * @throws xq::error (parse) if @p text is not a coordinate move.
     */
    static move from_iccs(const std::string &text)
    {
        xq_move m;
        int rc = xq_move_parse(text.c_str(), &m);
        if (rc < 0)
            throw error(rc, "'" + text + "' is not a coordinate move");
        return move(m);
    }
    /**
     * @brief Parse coordinates without throwing.
     * @param text  E.g. `"h2e2"`.
     * @param ec    Set to the error, or cleared.
     * @return The move; the null move on error.
     */
    static move from_iccs(const std::string &text, std::error_code &ec) noexcept
    {
        xq_move m;
        detail::set(&ec, xq_move_parse(text.c_str(), &m));
        return move(m);
    }
    /** @brief Origin. @return The origin square. */
    int from() const noexcept { return XQ_MOVE_FROM(m_); }
    /** @brief Destination. @return The destination square. */
    int to() const noexcept { return XQ_MOVE_TO(m_); }
    /** @brief The C value. @return The ::xq_move. */
    xq_move raw() const noexcept { return m_; }
    /** @brief Coordinates. @return E.g. `"h2e2"`; empty for the null move. */
    std::string iccs() const
    {
        char buf[XQ_MOVE_STR_MAX];
        return xq_move_format(m_, buf, sizeof buf) > 0 ? std::string(buf) : std::string();
    }
    /** @brief Test for the null move. @return True unless this is the null move. */
    explicit operator bool() const noexcept { return m_ != XQ_MOVE_NONE; }
    /** @brief Equality. @param o Another move. @return Same move. */
    bool operator==(const move &o) const noexcept { return m_ == o.m_; }
    /** @brief Inequality. @param o Another move. @return Different moves. */
    bool operator!=(const move &o) const noexcept { return m_ != o.m_; }
    /** @brief Order by code, for sorted containers. @param o Another move. @return This one first. */
    bool operator<(const move &o) const noexcept { return m_ < o.m_; }

  private:
    xq_move m_;
};

/** @cond INTERNAL */
namespace detail {
inline std::int64_t check64(std::int64_t rc, const char *what)
{
    if (rc < 0)
        throw error(static_cast<int>(rc), what);
    return rc;
}
} // namespace detail
/** @endcond */

/** @brief The library's version at run time. @return E.g. "0.2.0". */
inline std::string version() { return xq_version_string(); }

} // namespace xq

#endif /* XIANGQI_CORE_HPP */
