/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/review.hpp
 * @brief C++ wrapper of xiangqi/review.h: the class of a move in a game
 *        review (xq::review_thresholds, xq::review_classify(),
 *        xq::review_value(), xq::review_value_text()).
 *
 * Part of the header-only C++ wrapper (C++11 or later); <xiangqi/xiangqi.hpp>
 * includes every part.
 *
 * @code
 * xq::review_thresholds t;                 // 50, 100, 300; loss cap 1000
 * xq_move_class c = xq::review_classify(120, -250, false, t);   // a blunder
 * std::cout << xq::review_class_name(c) << xq::review_class_symbol(c) << '\n';
 * @endcode
 */
#ifndef XIANGQI_REVIEW_HPP
#define XIANGQI_REVIEW_HPP

#include <cstdint>
#include <string>

#include "xiangqi/core.hpp"
#include "xiangqi/review.h"

namespace xq {

/* ======================================================================== */
/* Game review */

/** The thresholds of the classes (an ::xq_review_thresholds), the library's
 *  defaults until changed. @since 1.1 */
struct review_thresholds {
    xq_review_thresholds c; /**< The C structure. */
    /** @brief The defaults (xq_review_thresholds_init()). */
    review_thresholds() noexcept { xq_review_thresholds_init(&c, XQ_REVIEW_THRESHOLDS_VERSION); }
    /**
     * @brief Given losses and the default loss cap.
     * @param inaccuracy  Loss from which a move is an inaccuracy.
     * @param mistake     Loss from which a move is a mistake.
     * @param blunder     Loss from which a move is a blunder.
     * @throws xq::error ::XQ_EINVAL unless 0 < inaccuracy <= mistake <= blunder.
     */
    review_thresholds(int inaccuracy, int mistake, int blunder) : review_thresholds()
    {
        c.inaccuracy = inaccuracy;
        c.mistake = mistake;
        c.blunder = blunder;
        check();
    }
    /** @brief Throw unless valid (xq_review_thresholds_check()).
     *  @throws xq::error ::XQ_EINVAL with the library's message. */
    void check() const
    {
        xq_parse_error e;
        int rc = xq_review_thresholds_check(&c, &e);
        if (rc < 0)
            detail::raise(e, rc, "review thresholds");
    }
};

/**
 * @brief A search's score as a value (xq_review_value()).
 * @param score_kind An ::xq_score_kind.
 * @param score      Centipawns or moves to mate.
 * @return The value (mates as ±(::XQ_MATE_VALUE − N)).
 * @throws xq::error ::XQ_EINVAL for an unknown kind or a mate too far away.
 * @since 1.1
 */
inline std::int32_t review_value(int score_kind, std::int32_t score)
{
    std::int32_t v = 0;
    detail::check(xq_review_value(score_kind, score, &v), "review value");
    return v;
}

/**
 * @brief A value as text (xq_review_value_text()): "0.35", "#3", "#-2".
 * @param value A value.
 * @param flags ::XQ_VALUE_TEXT_SIGN, ::XQ_VALUE_TEXT_CENTIPAWNS, or 0.
 * @return The text.
 * @throws xq::error ::XQ_EINVAL for a value beyond ±::XQ_MATE_VALUE or unknown flags.
 * @since 1.1
 */
inline std::string review_value_text(std::int32_t value, unsigned flags = 0)
{
    char buf[XQ_VALUE_TEXT_MAX];
    int n = detail::check(xq_review_value_text(value, flags, buf, sizeof buf), "review value text");
    return std::string(buf, static_cast<std::size_t>(n));
}

/**
 * @brief The class of a move from the values before and after it, from the
 *        mover's view (xq_review_classify()).
 * @param before  The value before the move.
 * @param after   The value after it.
 * @param is_best Whether it is the engine's best move.
 * @param t       The thresholds.
 * @param loss    If not NULL, the loss.
 * @return The class.
 * @throws xq::error ::XQ_EINVAL for values beyond ±::XQ_MATE_VALUE or invalid thresholds.
 * @since 1.1
 */
inline xq_move_class review_classify(std::int32_t before, std::int32_t after, bool is_best,
                                     const review_thresholds &t = review_thresholds(),
                                     std::int32_t *loss = nullptr)
{
    return static_cast<xq_move_class>(
        detail::check(xq_review_classify(before, after, is_best ? 1 : 0, &t.c, loss), "review"));
}

/**
 * @brief The name of a class (xq_review_class_name()).
 * @param c A class.
 * @return "best" .. "blunder".
 * @throws xq::error ::XQ_EINVAL when @p c is not a class.
 * @since 1.1
 */
inline std::string review_class_name(int c)
{
    const char *s = xq_review_class_name(c);
    if (!s)
        throw error(XQ_EINVAL, "not a move class");
    return s;
}

/**
 * @brief The symbol of a class (xq_review_class_symbol()).
 * @param c A class.
 * @return "?!", "?", "??" or "".
 * @throws xq::error ::XQ_EINVAL when @p c is not a class.
 * @since 1.1
 */
inline std::string review_class_symbol(int c)
{
    const char *s = xq_review_class_symbol(c);
    if (!s)
        throw error(XQ_EINVAL, "not a move class");
    return s;
}

/**
 * @brief The NAG of a class (xq_review_class_nag()).
 * @param c A class.
 * @return 6, 2, 4, or 0 (none).
 * @throws xq::error ::XQ_EINVAL when @p c is not a class.
 * @since 1.1
 */
inline int review_class_nag(int c)
{
    return detail::check(xq_review_class_nag(c), "not a move class");
}

} // namespace xq

#endif /* XIANGQI_REVIEW_HPP */
