/* SPDX-License-Identifier: MIT */
/* The rule behind a game lost by repetition, at the level of the rule book's
 * article (docs/rules.md, "The rule corpus"), for the text of xq-server's
 * `end` message. Uses the public library API only, and no server types, so
 * that a unit test links it alone (tests/unit/check_rule_note.c). */
#ifndef XQ_SERVER_RULE_NOTE_H
#define XQ_SERVER_RULE_NOTE_H

#include <xiangqi/xiangqi.h>

/* A static sentence naming the article (AXF) or the articles (CXA) that
 * decided o, an outcome of b judged under ruleset (an XQ_RULES_* value);
 * NULL when o is no loss by repetition or the rule set names none (simple).
 * Chases are told apart by the chasing and chased pieces: a chariot among
 * the chasers, or else the first chaser, and the first chased piece choose
 * among articles 15, 18, 23 and 24; several chasers without a chariot on one
 * piece are article 33 (two pieces taking turns). */
const char *rule_note(const xq_board *b, int ruleset, const xq_outcome *o);

#endif
