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
 */
#ifndef XIANGQI_XIANGQI_HPP
#define XIANGQI_XIANGQI_HPP

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

#include "xiangqi/xiangqi.h"

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

/** Move notations (values of ::xq_notation). */
enum class notation {
    automatic = XQ_NOTATION_AUTO, /**< Reading only: recognise the notation from the text. */
    iccs = XQ_NOTATION_ICCS,      /**< Coordinates, `h2e2`. */
    wxf = XQ_NOTATION_WXF,        /**< WXF, `C2.5`. */
    chinese = XQ_NOTATION_CHINESE /**< Chinese, `炮二平五` (UTF-8). */
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

/** How a game ended (values of ::xq_result and ::xq_reason). */
struct status {
    int result = XQ_RESULT_ONGOING; /**< An ::xq_result. */
    int reason = XQ_REASON_NONE;    /**< An ::xq_reason. */
    /** @brief Whether the game is over. @return True if it is. */
    bool over() const noexcept { return result != XQ_RESULT_ONGOING; }
};

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

/* ======================================================================== */
/* Board */

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

/**
 * @brief A position and its move history: owns an ::xq_board.
 *
 * Copying clones the C board (history included); moving transfers it and
 * leaves the source empty (any use of an empty board throws). Like the C
 * handle, a board is used by one thread at a time.
 */
class board {
  public:
    /** @brief The start position. */
    board() { init(nullptr); }
    /**
     * @brief A position from FEN.
     * @param fen  See xq_board_new().
     * @throws xq::error (parse or position) with the offset of the problem.
     */
    explicit board(const std::string &fen) { init(fen.c_str()); }
    /**
     * @brief A position from FEN without throwing.
     * @param fen  See xq_board_new().
     * @param ec   Set to the error (and the board is empty), or cleared.
     */
    board(const std::string &fen, std::error_code &ec) noexcept : b_(nullptr)
    {
        detail::set(&ec, xq_board_new(&b_, fen.c_str(), nullptr));
    }
    /** @brief Take ownership of a C board. @param adopt A board from the C API, or NULL. */
    explicit board(xq_board *adopt) noexcept : b_(adopt) {}
    /** @brief Deep copy (xq_board_clone()). @param o The board to copy. */
    board(const board &o) : b_(nullptr)
    {
        if (o.b_)
            detail::check(xq_board_clone(&b_, o.b_), "cannot copy the board");
    }
    /** @brief Transfer. @param o The source; it becomes empty. */
    board(board &&o) noexcept : b_(o.b_) { o.b_ = nullptr; }
    /** @brief Deep copy assignment. @param o The board to copy. @return `*this`. */
    board &operator=(const board &o)
    {
        if (this != &o) {
            board tmp(o);
            swap(tmp);
        }
        return *this;
    }
    /** @brief Move assignment. @param o The source; it becomes empty. @return `*this`. */
    board &operator=(board &&o) noexcept
    {
        if (this != &o) {
            xq_board_free(b_);
            b_ = o.b_;
            o.b_ = nullptr;
        }
        return *this;
    }
    ~board() { xq_board_free(b_); }

    /** @brief Exchange two boards. @param o The other board. */
    void swap(board &o) noexcept { std::swap(b_, o.b_); }
    /** @brief The C handle. @return The handle, still owned by this object. */
    xq_board *get() noexcept { return b_; }
    /** @brief The C handle. @return The handle, still owned by this object. */
    const xq_board *get() const noexcept { return b_; }
    /** @brief Give up ownership. @return The C handle; the caller frees it. */
    xq_board *release() noexcept
    {
        xq_board *b = b_;
        b_ = nullptr;
        return b;
    }
    /** @brief Whether the board holds a position. @return False after a move-from. */
    explicit operator bool() const noexcept { return b_ != nullptr; }

    /** @brief The position. @return Canonical FEN. */
    std::string fen() const
    {
        char buf[XQ_FEN_MAX];
        detail::check(xq_board_fen(b_, buf, sizeof buf), "fen");
        return buf;
    }
    /**
     * @brief Set up a position and clear the history.
     * @param fen  See xq_board_new().
     * @throws xq::error (parse or position); the board is unchanged then.
     */
    void set_fen(const std::string &fen)
    {
        xq_parse_error e;
        int rc = xq_board_set_fen(b_, fen.c_str(), &e);
        if (rc < 0)
            detail::raise(e, rc, "bad FEN");
    }
    /** @brief The side to move. @return Red or Black. */
    color side_to_move() const
    {
        return static_cast<color>(detail::check(xq_board_side_to_move(b_), "side_to_move"));
    }
    /** @brief What stands on a square. @param sq 0..89. @return The piece (empty for none). */
    piece at(int sq) const { return piece(detail::check(xq_board_piece_at(b_, sq), "at")); }
    /** @brief Zobrist hash. @return The 64-bit hash of the position. */
    std::uint64_t hash() const
    {
        detail::check(b_ ? 0 : XQ_EINVAL, "hash");
        return xq_board_hash(b_);
    }
    /** @brief Check. @return Whether the side to move is in check. */
    bool in_check() const { return detail::check(xq_board_in_check(b_), "in_check") == 1; }
    /** @brief The halfmove clock. @return Plies since the last capture. */
    int halfmove_clock() const { return detail::check(xq_board_halfmove_clock(b_), "halfmove_clock"); }
    /** @brief The move number. @return FEN field 6. */
    int fullmove_number() const
    {
        return detail::check(xq_board_fullmove_number(b_), "fullmove_number");
    }
    /** @brief Repetitions. @return Times the position occurred earlier in the history. */
    int repetitions() const { return detail::check(xq_board_repetitions(b_), "repetitions"); }
    /** @brief The game state by the rules of the board alone. @return See xq_board_status(). */
    xq::status status() const
    {
        xq::status s;
        s.result = detail::check(xq_board_status(b_, &s.reason), "status");
        return s;
    }

    /**
     * @brief The outcome of the game under a rule set (xq_board_outcome()).
     * @param r  The rules (default: AXF).
     * @return Result, reason and evidence; `over()` is false while the game goes on.
     * @throws xq::error (invalid_argument) for a rule parameter out of range.
     */
    xq::outcome outcome(const rules &r = rules()) const
    {
        xq_rules c = r.c();
        xq_outcome o;
        detail::check(xq_board_outcome(b_, &c, &o), "outcome");
        xq::outcome out;
        out.result = o.result;
        out.reason = o.reason;
        out.at_fault = o.at_fault;
        out.repetitions = o.repetitions;
        out.cycle_start = o.cycle_start;
        out.cycle_plies = o.cycle_plies;
        out.cycle[0] = o.cycle[0];
        out.cycle[1] = o.cycle[1];
        out.chasing.assign(o.chasing, o.chasing + o.nchasing);
        out.chased.assign(o.chased, o.chased + o.nchased);
        out.limit_count = o.limit_count;
        out.limit_plies = o.limit_plies;
        char text[256];
        xq_outcome_format(&o, text, sizeof text);
        out.description = text;
        return out;
    }
    /**
     * @brief The legal moves that would complete a forbidden repetition (UCCI `banmoves`).
     * @param r  The rules (default: AXF).
     * @return The banned moves (usually none).
     */
    std::vector<move> banned_moves(const rules &r = rules()) const
    {
        xq_rules c = r.c();
        xq_move buf[XQ_MAX_MOVES];
        int n = detail::check(xq_board_banned_moves(b_, &c, buf, XQ_MAX_MOVES), "banned_moves");
        std::vector<move> out;
        for (int i = 0; i < n; i++)
            out.push_back(move(buf[i]));
        return out;
    }

    /** @brief The legal moves with this position, to filter and write as text. @return The list. */
    movelist moves() const { return movelist(b_); }
    /** @brief The legal moves. @return Every legal move, in generation order. */
    std::vector<move> legal_moves() const { return moves().to_vector(); }
    /** @brief Legality. @param m A move. @return Whether @p m is legal here. */
    bool is_legal(move m) const { return detail::check(xq_board_is_legal(b_, m.raw()), "is_legal") == 1; }

    /**
     * @brief The legal move a text names in this position (xq_board_move_from_text()).
     * @param text   Any notation: `"h2e2"`, `"C2.5"`, `"炮二平五"` (UTF-8).
     * @param n      The notation, or notation::automatic to recognise it.
     * @param flags  `XQ_NOTATION_XQBASE`, `XQ_NOTATION_RANKS_1_10` or 0.
     * @return The move.
     * @throws xq::error parse (unreadable, with the offset), ambiguous or
     *         illegal_move (for coordinates the message lists the piece's moves).
     */
    move parse_move(const std::string &text, notation n = notation::automatic,
                    unsigned flags = 0) const
    {
        xq_move m;
        xq_parse_error e;
        int rc = xq_board_move_from_text(b_, text.c_str(), static_cast<int>(n), flags, &m, &e);
        if (rc == XQ_EILLEGAL && xq_notation_detect(text.c_str()) == XQ_NOTATION_ICCS) {
            std::error_code ec;
            move c = move::from_iccs(text, ec);
            if (!ec)
                throw error(rc, illegal_message(c, text));
        }
        if (rc < 0)
            detail::raise(e, rc, ("'" + text + "'").c_str());
        return move(m);
    }
    /**
     * @brief parse_move() without throwing.
     * @param text  The move's text, in any notation.
     * @param ec    Set to the error, or cleared.
     * @return The move; the null move on error.
     */
    move parse_move(const std::string &text, std::error_code &ec) const noexcept
    {
        xq_move m;
        detail::set(&ec, xq_board_move_from_text(b_, text.c_str(), XQ_NOTATION_AUTO, 0, &m,
                                                 nullptr));
        return ec ? move() : move(m);
    }
    /**
     * @brief A legal move written in a notation (xq_board_move_to_text()).
     * @param m      The move.
     * @param n      notation::chinese (default), notation::wxf or notation::iccs.
     * @param flags  Output style: `XQ_NOTATION_TRADITIONAL`, `XQ_NOTATION_WXF_EQUALS`, ... or 0.
     * @return The text, e.g. `"炮二平五"` (UTF-8).
     * @throws xq::error (illegal_move) if @p m is not legal here.
     */
    std::string move_text(move m, notation n = notation::chinese, unsigned flags = 0) const
    {
        char buf[XQ_MOVE_TEXT_MAX];
        int rc = xq_board_move_to_text(b_, m.raw(), static_cast<int>(n), flags, buf, sizeof buf);
        if (rc == XQ_EILLEGAL)
            throw error(rc, illegal_message(m, m ? m.iccs() : std::string("the null move")));
        detail::check(rc, "move_text");
        return buf;
    }

    /**
     * @brief Play a legal move.
     * @param m  The move.
     * @throws xq::error (illegal_move); the board is unchanged then.
     */
    void push(move m)
    {
        int rc = xq_board_make_move(b_, m.raw());
        if (rc == XQ_EILLEGAL)
            throw error(rc, illegal_message(m, m ? m.iccs() : std::string("the null move")));
        detail::check(rc, "push");
    }
    /** @brief Play a legal move without throwing. @param m The move. @param ec Set or cleared. */
    void push(move m, std::error_code &ec) noexcept { detail::set(&ec, xq_board_make_move(b_, m.raw())); }
    /**
     * @brief Play the move a text names, in any notation (see parse_move()).
     * @param text  The move's text.
     * @return The move played.
     * @throws xq::error parse or illegal_move; the board is unchanged then.
     */
    move push(const std::string &text)
    {
        move m = parse_move(text);
        push(m);
        return m;
    }
    /**
     * @brief Take back the last move.
     * @return The move taken back.
     * @throws xq::error (state) if there is none.
     */
    move pop()
    {
        xq_move m;
        int rc = xq_board_unmake_move(b_, &m);
        if (rc < 0)
            throw error(rc, "no move to take back");
        return move(m);
    }
    /**
     * @brief Take back the last move without throwing.
     * @param ec  Set to errc::state if there is no move, or cleared.
     * @return The move taken back; the null move if there is none.
     */
    move pop(std::error_code &ec) noexcept
    {
        xq_move m;
        detail::set(&ec, xq_board_unmake_move(b_, &m));
        return move(m);
    }
    /** @brief The history. @return The moves played since the position was set, oldest first. */
    std::vector<move> history() const
    {
        int n = detail::check(xq_board_history_size(b_), "history");
        std::vector<move> out;
        out.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; i++) {
            xq_move m;
            xq_board_history_move(b_, i, &m, nullptr);
            out.push_back(move(m));
        }
        return out;
    }

    /** @brief Perft. @param depth 0..64. @return The leaf count of the legal-move tree. */
    std::uint64_t perft(int depth) const
    {
        std::uint64_t n = 0;
        detail::check(xq_perft(b_, depth, &n), "perft");
        return n;
    }

    /**
     * @brief A picture of the position (xq_board_svg()).
     * @param o  Options.
     * @return The SVG document.
     * @throws xq::error (invalid_argument) for an option out of range.
     */
    std::string svg(const svg_options &o = svg_options()) const
    {
        xq_svg_options c;
        xq_svg_options_init(&c, XQ_SVG_OPTIONS_VERSION);
        c.size = o.size;
        c.flip = o.flip ? 1 : 0;
        c.coordinates = o.coordinates;
        c.glyphs = o.letters ? XQ_SVG_GLYPHS_LETTERS : XQ_SVG_GLYPHS_CHINESE;
        c.show_last_move = o.show_last_move ? 1 : 0;
        c.last_move = o.last_move.raw();
        c.show_check = o.show_check ? 1 : 0;
        std::vector<xq_move> arrows;
        for (const move &m : o.arrows)
            arrows.push_back(m.raw());
        c.arrows = arrows.empty() ? nullptr : arrows.data();
        c.arrow_count = static_cast<int>(arrows.size());
        const xq_board *b = b_;
        return detail::read_string(
            [&](char *buf, std::size_t cap) { return xq_board_svg(b, &c, buf, cap); }, 16384,
            "svg");
    }

  private:
    /* "h2h8 is not legal here; the piece on h2 can play: h2h1 h2h3 ..." */
    std::string illegal_message(move m, const std::string &label) const
    {
        std::string msg = label + " is not legal here";
        if (!m)
            return msg;
        piece p = at(m.from());
        if (p.empty())
            return msg + ": there is no piece on " + square_name(m.from());
        if (p.color() != side_to_move())
            return msg + ": the piece on " + square_name(m.from()) + " is not the mover's";
        msg += "; the piece on " + square_name(m.from()) + " can play:";
        int count = 0;
        for (const move &l : legal_moves())
            if (l.from() == m.from()) {
                msg += " " + l.iccs();
                count++;
            }
        return count ? msg : msg + " nothing";
    }

    void init(const char *fen)
    {
        b_ = nullptr;
        xq_parse_error e;
        int rc = xq_board_new(&b_, fen, &e);
        if (rc < 0)
            detail::raise(e, rc, "bad FEN");
    }

    xq_board *b_;
};

/** @brief Exchange two boards (ADL swap). @param a One board. @param b The other. */
inline void swap(board &a, board &b) noexcept { a.swap(b); }

/* ======================================================================== */
/* Game records */

/** Options of record::pgn(), record::save_pgn() and the readers (see ::xq_pgn_options). */
struct pgn_options {
    notation moves = notation::automatic; /**< Writing: the notation of the moves (automatic:
                                               the `Format` tag's, else ICCS). Reading: forced
                                               notation, or automatic. */
    unsigned flags = 0;     /**< `XQ_NOTATION_*` flags. */
    int line_width = 80;    /**< Writing: wrap before this column; 0 = one line. */
    bool variations = true; /**< Writing: include variations. */
    bool comments = true;   /**< Writing: include comments and NAGs. */

    /** @brief The C structure. @return The options as ::xq_pgn_options. */
    xq_pgn_options c() const
    {
        xq_pgn_options o;
        xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
        o.notation = static_cast<int>(moves);
        o.flags = flags;
        o.line_width = line_width;
        o.variations = variations ? 1 : 0;
        o.comments = comments ? 1 : 0;
        return o;
    }
};

/**
 * @brief A game: tags, start position and a tree of moves with a cursor; owns an ::xq_record.
 *
 * Copying clones the record, moving transfers it. Every move in it is legal.
 */
class record {
  public:
    /** @brief An empty game from the start position. */
    record() { init(nullptr); }
    /** @brief An empty game from a position. @param fen A FEN. @throws xq::error for a bad FEN. */
    explicit record(const std::string &fen) { init(fen.c_str()); }
    /** @brief Take ownership of a C record. @param adopt A record from the C API, or NULL. */
    explicit record(xq_record *adopt) noexcept : r_(adopt) {}
    /** @brief Deep copy. @param o The record to copy. */
    record(const record &o) : r_(nullptr)
    {
        if (o.r_)
            detail::check(xq_record_clone(&r_, o.r_), "cannot copy the record");
    }
    /** @brief Transfer. @param o The source; it becomes empty. */
    record(record &&o) noexcept : r_(o.r_) { o.r_ = nullptr; }
    /** @brief Deep copy assignment. @param o The record to copy. @return `*this`. */
    record &operator=(const record &o)
    {
        if (this != &o) {
            record tmp(o);
            std::swap(r_, tmp.r_);
        }
        return *this;
    }
    /** @brief Move assignment. @param o The source; it becomes empty. @return `*this`. */
    record &operator=(record &&o) noexcept
    {
        if (this != &o) {
            xq_record_free(r_);
            r_ = o.r_;
            o.r_ = nullptr;
        }
        return *this;
    }
    ~record() { xq_record_free(r_); }

    /**
     * @brief The first game of a PGN text.
     * @param text  PGN (UTF-8 or GBK).
     * @param o     Reading options.
     * @return The game.
     * @throws xq::error (parse, illegal_move, not_found...) with line and column.
     */
    static record from_pgn(const std::string &text, const pgn_options &o = pgn_options())
    {
        record r;
        xq_pgn_options c = o.c();
        xq_parse_error e;
        int rc = xq_record_from_pgn(r.r_, text.data(), text.size(), &c, &e);
        if (rc < 0)
            detail::raise(e, rc, "bad PGN");
        return r;
    }
    /**
     * @brief A game file of any supported format (PGN: its first game; XQF; DhtmlXQ).
     * @param path  File name.
     * @param o     Reading options for PGN.
     * @return The game.
     * @throws xq::error (io if the file cannot be read, or as from_pgn()).
     */
    static record load(const std::string &path, const pgn_options &o = pgn_options())
    {
        record r;
        xq_pgn_options c = o.c();
        xq_parse_error e;
        int rc = xq_record_load(r.r_, path.c_str(), &c, &e);
        if (rc == XQ_EIO)
            throw error(rc, e.message);
        if (rc < 0)
            detail::raise(e, rc, path.c_str());
        return r;
    }
    /**
     * @brief A game from the bytes of an XQF file.
     * @param data  The file's contents.
     * @return The game.
     * @throws xq::error (parse, illegal_move, position) with the offset.
     */
    static record from_xqf(const std::vector<unsigned char> &data)
    {
        record r;
        xq_parse_error e;
        int rc = xq_record_from_xqf(r.r_, data.data(), data.size(), &e);
        if (rc < 0)
            detail::raise(e, rc, "bad XQF");
        return r;
    }

    /** @brief The C handle. @return The handle, still owned by this object. */
    xq_record *get() noexcept { return r_; }
    /** @brief The C handle. @return The handle, still owned by this object. */
    const xq_record *get() const noexcept { return r_; }
    /** @brief Whether the record holds a game. @return False after a move-from. */
    explicit operator bool() const noexcept { return r_ != nullptr; }

    /**
     * @brief A tag's value.
     * @param name  E.g. "Red".
     * @return The value.
     * @throws xq::error (not_found) if the tag is absent.
     */
    std::string tag(const std::string &name) const
    {
        const xq_record *r = r_;
        return detail::read_string(
            [&](char *b, std::size_t c) { return xq_record_tag(r, name.c_str(), b, c); }, 64,
            ("tag " + name).c_str());
    }
    /** @brief Whether a tag is present. @param name Its name. @return True if present. */
    bool has_tag(const std::string &name) const
    {
        return xq_record_tag(r_, name.c_str(), nullptr, 0) >= 0;
    }
    /**
     * @brief Set (or add) a tag.
     * @param name   Name: 1..64 of `A-Z a-z 0-9 _`.
     * @param value  UTF-8 value.
     * @throws xq::error for a bad name or value (or `FEN` on a record with moves).
     */
    void set_tag(const std::string &name, const std::string &value)
    {
        detail::check(xq_record_set_tag(r_, name.c_str(), value.c_str()), "set_tag");
    }
    /** @brief Remove a tag (absent is fine). @param name Its name. */
    void remove_tag(const std::string &name)
    {
        detail::check(xq_record_set_tag(r_, name.c_str(), nullptr), "remove_tag");
    }
    /** @brief All tags. @return (name, value) pairs in file order. */
    std::vector<std::pair<std::string, std::string>> tags() const
    {
        std::vector<std::pair<std::string, std::string>> out;
        int n = detail::check(xq_record_tag_count(r_), "tags");
        const xq_record *r = r_;
        for (int i = 0; i < n; i++)
            out.emplace_back(
                detail::read_string(
                    [&](char *b, std::size_t c) { return xq_record_tag_name(r, i, b, c); }, 32,
                    "tags"),
                detail::read_string(
                    [&](char *b, std::size_t c) { return xq_record_tag_value(r, i, b, c); }, 64,
                    "tags"));
        return out;
    }
    /** @brief The start position. @return Its FEN. */
    std::string start_fen() const
    {
        char buf[XQ_FEN_MAX];
        detail::check(xq_record_start_fen(r_, buf, sizeof buf), "start_fen");
        return buf;
    }
    /** @brief The position at the cursor. @return A copy, with the moves from the start in its history. */
    xq::board board() const
    {
        const xq_board *b = xq_record_board(r_);
        xq_board *copy = nullptr;
        detail::check(xq_board_clone(&copy, b), "board");
        return xq::board(copy);
    }
    /** @brief The cursor's ply. @return 0 at the start position. */
    int ply() const { return detail::check(xq_record_ply(r_), "ply"); }

    /**
     * @brief Play a move at the cursor (follow it if present, else add it).
     * @param m  A legal move.
     * @throws xq::error (illegal_move).
     */
    void play(move m)
    {
        int rc = xq_record_play(r_, m.raw());
        if (rc == XQ_EILLEGAL)
            board().push(m); /* throws with the piece's legal moves */
        detail::check(rc, "play");
    }
    /**
     * @brief Play a move given as text in any notation.
     * @param text  E.g. `"炮二平五"`.
     * @return The move played.
     * @throws xq::error (parse, ambiguous, illegal_move).
     */
    move play(const std::string &text)
    {
        move m = board().parse_move(text);
        play(m);
        return m;
    }
    /** @brief Take back the cursor's move, kept for redo(). @throws xq::error (state) at the start. */
    void undo() { nav(xq_record_undo(r_), "nothing to undo"); }
    /** @brief Replay what undo() took back. @throws xq::error (state) if nothing. */
    void redo() { nav(xq_record_redo(r_), "nothing to redo"); }
    /** @brief Cursor one ply back. @throws xq::error (state) at the start. */
    void back() { nav(xq_record_back(r_), "at the start position"); }
    /** @brief Cursor one ply forward on the main continuation. @throws xq::error (state) at a line end. */
    void forward() { nav(xq_record_forward(r_), "no move after the cursor"); }
    /** @brief Cursor to a ply of the current line. @param ply 0 .. line().size(). */
    void go_to(int ply) { detail::check(xq_record_goto(r_, ply), "go_to"); }
    /** @brief Cursor to the end of the current line. @return The new ply. */
    int go_to_end() { return detail::check(xq_record_goto_end(r_), "go_to_end"); }
    /** @brief Delete everything after the cursor. @return The number of moves deleted. */
    int truncate() { return detail::check(xq_record_truncate(r_), "truncate"); }
    /** @brief Make the cursor's line the main line. */
    void promote() { nav(xq_record_promote(r_), "nothing to promote"); }
    /** @brief Enter a continuation. @param index 0 .. variations().size() - 1. */
    void enter_variation(int index)
    {
        detail::check(xq_record_enter_variation(r_, index), "enter_variation");
    }

    /** @brief The main line. @return Its moves from the start. */
    std::vector<move> mainline() const
    {
        return moves(xq_record_mainline_size(r_), xq_record_mainline_move);
    }
    /** @brief The current line. @return The moves to the cursor, then its main continuation. */
    std::vector<move> line() const { return moves(xq_record_line_size(r_), xq_record_line_move); }
    /** @brief The continuations of the cursor's node. @return The main one first. */
    std::vector<move> variations() const
    {
        return moves(xq_record_variation_count(r_), xq_record_variation_move);
    }
    /** @brief The comment after the cursor's move. @return The text (empty if none). */
    std::string comment() const
    {
        const xq_record *r = r_;
        return detail::read_string([&](char *b, std::size_t c) { return xq_record_comment(r, b, c); },
                                   128, "comment");
    }
    /** @brief Set the comment after the cursor's move. @param text The text ("" removes it). */
    void set_comment(const std::string &text)
    {
        detail::check(xq_record_set_comment(r_, text.c_str()), "set_comment");
    }

    /** @brief The game as PGN. @param o Writing options. @return The text. */
    std::string pgn(const pgn_options &o = pgn_options()) const
    {
        xq_pgn_options c = o.c();
        const xq_record *r = r_;
        return detail::read_string(
            [&](char *b, std::size_t cap) { return xq_record_to_pgn(r, &c, b, cap); }, 4096, "pgn");
    }
    /**
     * @brief Write the game to a PGN file.
     * @param path    File name.
     * @param append  Append to the file instead of replacing it.
     * @param o       Writing options.
     * @throws xq::error (io) if the file cannot be written.
     */
    void save_pgn(const std::string &path, bool append = false,
                  const pgn_options &o = pgn_options()) const
    {
        xq_pgn_options c = o.c();
        xq_parse_error e;
        int rc = xq_record_save_pgn(r_, path.c_str(), append ? 1 : 0, &c, &e);
        if (rc < 0)
            throw error(rc, e.message);
    }

  private:
    void init(const char *fen)
    {
        r_ = nullptr;
        xq_parse_error e;
        int rc = xq_record_new(&r_, fen, &e);
        if (rc < 0)
            detail::raise(e, rc, "bad FEN");
    }
    static void nav(int rc, const char *what)
    {
        if (rc == XQ_ESTATE)
            throw error(rc, what);
        detail::check(rc, what);
    }
    std::vector<move> moves(int n, int (*fetch)(const xq_record *, int, xq_move *)) const
    {
        detail::check(n, "moves");
        std::vector<move> out;
        for (int i = 0; i < n; i++) {
            xq_move m;
            detail::check(fetch(r_, i, &m), "moves");
            out.push_back(move(m));
        }
        return out;
    }

    xq_record *r_;
};

/**
 * @brief Read the games of a PGN file (or text) one by one; owns an ::xq_pgn_reader.
 *
 * @code
 * xq::pgn_reader games = xq::pgn_reader::open("games.pgn");
 * xq::record game;
 * while (games.next(game))
 *     std::cout << game.tag("Red") << " - " << game.tag("Black") << '\n';
 * @endcode
 */
class pgn_reader {
  public:
    /**
     * @brief Open a file.
     * @param path  File name.
     * @param o     Reading options.
     * @return The reader.
     * @throws xq::error (io) if the file cannot be opened.
     */
    static pgn_reader open(const std::string &path, const pgn_options &o = pgn_options())
    {
        pgn_reader r;
        xq_pgn_options c = o.c();
        xq_parse_error e;
        int rc = xq_pgn_reader_open(&r.rd_, path.c_str(), &c, &e);
        if (rc < 0)
            throw error(rc, e.message);
        return r;
    }
    /**
     * @brief Read from an open file descriptor (not closed by the reader).
     * @param fd  Readable descriptor (0 for standard input).
     * @param o   Reading options.
     * @return The reader.
     * @throws xq::error (io) if the first read fails.
     * @since 0.2
     */
    static pgn_reader open_fd(int fd, const pgn_options &o = pgn_options())
    {
        pgn_reader r;
        xq_pgn_options c = o.c();
        xq_parse_error e;
        int rc = xq_pgn_reader_open_fd(&r.rd_, fd, &c, &e);
        if (rc < 0)
            throw error(rc, e.message);
        return r;
    }
    /**
     * @brief Read from a text (copied into the reader).
     * @param text  PGN text.
     * @param o     Reading options.
     * @return The reader.
     */
    static pgn_reader from_text(const std::string &text, const pgn_options &o = pgn_options())
    {
        pgn_reader r;
        r.text_.reset(new std::string(text));
        xq_pgn_options c = o.c();
        detail::check(xq_pgn_reader_open_memory(&r.rd_, r.text_->data(), r.text_->size(), &c),
                      "pgn_reader");
        return r;
    }
    /** @brief Transfer. @param o The source; it becomes empty. */
    pgn_reader(pgn_reader &&o) noexcept : rd_(o.rd_), text_(std::move(o.text_)) { o.rd_ = nullptr; }
    /** @brief Move assignment. @param o The source. @return `*this`. */
    pgn_reader &operator=(pgn_reader &&o) noexcept
    {
        if (this != &o) {
            xq_pgn_reader_free(rd_);
            rd_ = o.rd_;
            text_ = std::move(o.text_);
            o.rd_ = nullptr;
        }
        return *this;
    }
    pgn_reader(const pgn_reader &) = delete;
    pgn_reader &operator=(const pgn_reader &) = delete;
    ~pgn_reader() { xq_pgn_reader_free(rd_); }

    /**
     * @brief Read the next game.
     * @param out  Receives the game.
     * @return True if a game was read, false at the end of the input.
     * @throws xq::error for a bad game (with line and column); the next call
     *         continues with the following game.
     */
    bool next(record &out)
    {
        xq_parse_error e;
        int rc = xq_pgn_reader_next(rd_, out.get(), &e);
        if (rc < 0)
            detail::raise(e, rc, "bad game");
        return rc == 1;
    }
    /** @brief Where the last game read starts. @return Its first line (1-based). */
    int game_line() const { return xq_pgn_reader_game_line(rd_); }
    /** @brief The C handle. @return The reader, still owned by this object. */
    xq_pgn_reader *get() noexcept { return rd_; }

  private:
    pgn_reader() noexcept : rd_(nullptr) {}
    xq_pgn_reader *rd_;
    std::unique_ptr<std::string> text_;
};

/* ======================================================================== */
/* Opening books */

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
    /** @brief Play without a book again. @throws xq::error (state while searching). */
    void clear_book()
    {
        detail::check(xq_search_set_book(get(), nullptr), "clear_book");
        if (st_)
            st_->held_book.reset();
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

/** @brief The library's version at run time. @return E.g. "0.2.0". */
inline std::string version() { return xq_version_string(); }

} // namespace xq

#endif /* XIANGQI_XIANGQI_HPP */
