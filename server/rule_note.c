/* SPDX-License-Identifier: MIT */
/* The rule behind a game lost by repetition, named at the level of the rule
 * book's article for the end message (rule_note.h). */
#include "rule_note.h"

#include <stddef.h>

const char *rule_note(const xq_board *b, int ruleset, const xq_outcome *o)
{
    if (ruleset == XQ_RULES_CXA)
        return o->reason == XQ_REASON_PERPETUAL_CHECK ? "CXA rules 26.1: perpetual check loses"
               : o->reason == XQ_REASON_PERPETUAL_CHASE ||
                       o->reason == XQ_REASON_PERPETUAL_MATE_THREAT
                   ? "CXA rules 25.2, 26.4: a forbidden cycle (chase, mate threat, or "
                     "checks mixed with them) loses"
                   : NULL;
    if (ruleset != XQ_RULES_AXF)
        return NULL;
    if (o->reason == XQ_REASON_PERPETUAL_CHECK)
        return "AXF rules: perpetual check loses";
    if (o->reason != XQ_REASON_PERPETUAL_CHASE)
        return NULL;
    if (o->nchasing < 1 || o->nchased < 1)
        return "AXF rules: a perpetual chase of one piece loses";
    /* A chariot among the chasers chases by itself; several other pieces on
     * one piece take turns. */
    int a = xq_piece_type_of(xq_board_piece_at(b, o->chasing[0]));
    for (int i = 1; i < o->nchasing && a != XQ_CHARIOT; i++)
        if (xq_piece_type_of(xq_board_piece_at(b, o->chasing[i])) == XQ_CHARIOT)
            a = XQ_CHARIOT;
    if (a != XQ_CHARIOT && o->nchasing > 1 && o->nchased == 1)
        return "AXF rules art. 33: two pieces may not take turns chasing one piece perpetually";
    const int t = xq_piece_type_of(xq_board_piece_at(b, o->chased[0]));
    if (a == XQ_CANNON && t == XQ_CHARIOT)
        return "AXF rules art. 15: a cannon may not chase a chariot perpetually";
    if (a == XQ_CHARIOT && t == XQ_CANNON)
        return "AXF rules art. 18: a chariot may not chase an unprotected cannon perpetually";
    if (a == XQ_CHARIOT && t == XQ_HORSE)
        return "AXF rules art. 23: a chariot may not chase a horse perpetually";
    if (a == t)
        return "AXF rules art. 24: a piece may not chase one of its kind that cannot take "
               "back perpetually";
    return "AXF rules: a perpetual chase of one piece loses";
}
