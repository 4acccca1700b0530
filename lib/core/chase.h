/* SPDX-License-Identifier: MIT */
/* Chase and mate-threat detection (chase.c): the pieces of the repetition
 * judge (rules.c) that look at one position. */
#ifndef XQ_CHASE_H
#define XQ_CHASE_H

#include "position.h"

/* Pieces are followed through a cycle by an id per color (0..15), assigned
 * on one position and carried along as moves are undone. */
#define RULES_NO_ID 0xff

/* The enemy pieces (ids of color c^1) that color c chases in p, whether or
 * not c is to move there. chasers_of[id], when not NULL, receives the ids of
 * c's pieces chasing piece `id`. cxa selects the CXA chase definition. */
uint16_t xq__chased(const pos_t *p, int c, const uint8_t id[SQ_NB], int cxa,
                    uint16_t chasers_of[16]);
/* The same, where `mover` is the square of the piece that made (or, in the
 * position before the move, is about to make) the move being judged, -1 for
 * none: a piece pinned to its general chases only when it is that piece. */
uint16_t xq__chased_by(const pos_t *p, int c, const uint8_t id[SQ_NB], int cxa,
                       uint16_t chasers_of[16], int mover);

/* Whether color c, after its move that led to p (c^1 to move, not in check),
 * threatens mate: were c^1 to pass, c would mate with at most `depth`
 * consecutive checks. */
int xq__mate_threat(const pos_t *p, int c, int depth);

#endif
