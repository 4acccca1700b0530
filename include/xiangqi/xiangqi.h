/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/xiangqi.h
 * @brief The whole public API of libxiangqi: includes every layer.
 *
 * One header per layer, each usable alone: xiangqi/core.h (versions, errors,
 * squares, moves), xiangqi/board.h (board, perft),
 * xiangqi/notation.h, xiangqi/movelist.h, xiangqi/record.h (PGN, XQF, DhtmlXQ), xiangqi/rules.h,
 * xiangqi/search.h, xiangqi/svg.h, xiangqi/book.h (opening books),
 * xiangqi/ecco.h (openings by name), xiangqi/review.h (game review: the
 * class of a move), xiangqi/egtb.h. Every function returns
 * either a value or a negative ::xq_error; xq_strerror() turns the latter into text. Handles are
 * opaque; each `_new` / `_open` / `_clone` has exactly one `_free`, and
 * `_free(NULL)` is a no-op. See docs/conventions.md for ownership, threads and
 * naming.
 */
#ifndef XIANGQI_XIANGQI_H
#define XIANGQI_XIANGQI_H

#include "xiangqi/core.h"
#include "xiangqi/board.h"
#include "xiangqi/notation.h"
#include "xiangqi/movelist.h"
#include "xiangqi/record.h"
#include "xiangqi/rules.h"
#include "xiangqi/search.h"
#include "xiangqi/svg.h"
#include "xiangqi/book.h"
#include "xiangqi/ecco.h"
#include "xiangqi/review.h"
#include "xiangqi/egtb.h"

#endif /* XIANGQI_XIANGQI_H */
