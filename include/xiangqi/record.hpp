/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/record.hpp
 * @brief C++ wrapper of xiangqi/record.h: game records (xq::record),
 *        PGN options (xq::pgn_options) and multi-game readers (xq::pgn_reader).
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 */
#ifndef XIANGQI_RECORD_HPP
#define XIANGQI_RECORD_HPP

#include <cstddef>
#include <memory>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "xiangqi/core.hpp"
#include "xiangqi/board.hpp"
#include "xiangqi/record.h"

namespace xq {

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

} // namespace xq

#endif /* XIANGQI_RECORD_HPP */
