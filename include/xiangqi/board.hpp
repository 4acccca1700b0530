/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/board.hpp
 * @brief C++ wrapper of xiangqi/board.h: xq::board, a position with its history,
 *        and xq::status.
 *
 * A board's members reach the notation, rules and picture layers
 * (board::parse_move(), board::outcome(), board::svg()), so this header
 * includes their parts (notation.hpp, movelist.hpp, rules.hpp, svg.hpp).
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_BOARD_HPP
#define XIANGQI_BOARD_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/notation.hpp"
#include "xiangqi/movelist.hpp"
#include "xiangqi/rules.hpp"
#include "xiangqi/svg.hpp"
#include "xiangqi/board.h"

namespace xq {

/** How a game ended (values of ::xq_result and ::xq_reason). */
struct status {
    int result = XQ_RESULT_ONGOING; /**< An ::xq_result. */
    int reason = XQ_REASON_NONE;    /**< An ::xq_reason. */
    /** @brief Whether the game is over. @return True if it is. */
    bool over() const noexcept { return result != XQ_RESULT_ONGOING; }
};

/* ======================================================================== */
/* Board */

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
    /**
     * @brief The squares of a side's pieces that attack a square (xq_board_attackers()):
     *        pins ignored, a piece on the square does not stop the others.
     * @param c   Whose pieces.
     * @param sq  The square, 0..89.
     * @return The attackers' squares, ascending.
     * @throws xq::error (invalid_argument) for a bad square.
     */
    std::vector<int> attackers(color c, int sq) const
    {
        int buf[16];
        int n = detail::check(xq_board_attackers(b_, static_cast<int>(c), sq, buf, 16), "attackers");
        return std::vector<int>(buf, buf + n);
    }
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

/** One problem of a FEN (xq_fen_problems()). @since 1.1 */
struct fen_problem {
    std::error_code code; /**< xq::errc::parse (malformed) or xq::errc::position (impossible). */
    int offset;           /**< Byte offset in the FEN where the problem is, or -1. */
    std::string message;  /**< What is wrong, in English. */
};

/**
 * @brief Every problem of a FEN, for a position editor that shows them all.
 *
 * See xq_fen_problems(): a malformed FEN has one problem (the first); an
 * impossible position one per impossibility, in board order.
 * @param fen  The FEN.
 * @return The problems; empty for a valid FEN.
 * @since 1.1
 */
inline std::vector<fen_problem> fen_problems(const std::string &fen)
{
    xq_parse_error p[XQ_FEN_PROBLEMS_MAX];
    int n = detail::check(xq_fen_problems(fen.c_str(), p, XQ_FEN_PROBLEMS_MAX), "fen_problems");
    std::vector<fen_problem> out;
    for (int i = 0; i < n && i < XQ_FEN_PROBLEMS_MAX; i++) {
        fen_problem f;
        f.code = std::error_code(p[i].code, category());
        f.offset = p[i].offset;
        f.message = p[i].message;
        out.push_back(f);
    }
    return out;
}

/** @brief Exchange two boards (ADL swap). @param a One board. @param b The other. */
inline void swap(board &a, board &b) noexcept { a.swap(b); }

} // namespace xq

#endif /* XIANGQI_BOARD_HPP */
