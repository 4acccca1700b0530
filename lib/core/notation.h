/* SPDX-License-Identifier: MIT */
/* Move notation internals shared by the board API, the record and the
 * readers (they work on the plain position). */
#ifndef XQ_NOTATION_H
#define XQ_NOTATION_H

#include "position.h"

/* Write a legal move (not checked) in a notation; snprintf semantics. */
int xq__move_to_text(const pos_t *p, xq_move m, int notation, unsigned flags, char *buf,
                     size_t cap);
/* Find the legal move named by text[0..len) (not NUL-terminated). On failure
 * err (nullable) gets the code, the offset into text and a message. */
int xq__move_from_text(const pos_t *p, const char *text, size_t len, int notation,
                       unsigned flags, xq_move *out, xq_parse_error *err);
/* Notation of text[0..len) by its form, or XQ_EPARSE. */
int xq__notation_detect(const char *text, size_t len);

#endif
