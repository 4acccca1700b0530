/* SPDX-License-Identifier: MIT */
/* Opening book internals: the file layout (docs/book.md), struct xq_book,
 * canonical keys (a position and its mirror image are one entry) and the
 * move choice (the search's hook is in search_addons.h). */
#ifndef XQ_BOOK_FORMAT_H
#define XQ_BOOK_FORMAT_H

#include "xiangqi/book.h"

#include "util/bytes.h"
#include "util/file.h"
#include "core/position.h"
#include "core/rules.h"

/* ---- the file: a header, the position table, the move table ---- */
#define BOOK_MAGIC "XQBOOK\x1a\n" /* 8 bytes; \x1a\n catch text-mode mangling */
enum {
    BOOK_MAGIC_SIZE = 8,
    BOOK_HEADER_SIZE = 64,
    BOOK_POS_SIZE = 16,  /* u64 key, u32 first move, u32 move count */
    BOOK_MOVE_SIZE = 20, /* u16 move, u16 0, u32 games, wins, draws, losses */
    /* header field offsets */
    BOOK_OFF_VERSION = 8,
    BOOK_OFF_HEADER_SIZE = 12,
    BOOK_OFF_WEIGHTING = 16,
    BOOK_OFF_MAX_PLY = 20,
    BOOK_OFF_MIN_GAMES = 24,
    BOOK_OFF_MIN_SCORE = 28,
    BOOK_OFF_POSITIONS = 32,
    BOOK_OFF_MOVES = 40,
    BOOK_OFF_CHECKSUM = 48,
    BOOK_OFF_RESERVED = 56
};
/* The checksum at BOOK_OFF_CHECKSUM is the FNV-1a 64 of the whole file
 * image, that field left out (xq__file_check_sum(), lib/util/file.h);
 * integers are little-endian (xq__rd32(), xq__wr32(), ...). */

#define XQ_BOOK_MAGIC_HANDLE 0x5851424bu /* "XQBK" */

struct xq_book {
    uint32_t magic;
    xq__image im;          /* the file image (mapped, malloc'ed or borrowed) */
    uint64_t npos, nmoves;
    int weighting;
};

INLINE int book_ok(const xq_book *b) { return b && b->magic == XQ_BOOK_MAGIC_HANDLE; }

/* One stored move in host form. */
typedef struct book_move {
    uint64_t key;
    xq_move move;
    uint32_t games, wins, draws, losses;
} book_move;

/* Check a file image and make a book of it; the book takes the image, and
 * on failure an image the call owns is released. name (nullable) names the
 * image in the messages to err (lib/util/file.h). */
int xq__book_from_image(xq_book **out, xq__image im, const char *name, xq_parse_error *err);

/* Serialise sorted, unique (key, move) records into a new malloc'ed book. */
int xq__book_make(xq_book **out, const book_move *moves, size_t n, int weighting, int max_ply,
                  int min_games, int min_score);

/* Mirror image of a square and a move (file f <-> 8 - f). */
INLINE int sq_mirror(int s) { return s - 2 * (s % 9) + 8; }
INLINE xq_move move_mirror(xq_move m)
{
    return MAKE_MOVE(sq_mirror(MOVE_FROM(m)), sq_mirror(MOVE_TO(m)));
}

/* The key of a position's mirror image. */
uint64_t xq__book_mirror_key(const pos_t *p);

/* Canonical key of a position: the smaller of its hash and its mirror
 * image's. *mirrored is set when the canonical orientation is the mirror
 * (stored moves must then be mirrored to apply to p). */
INLINE uint64_t book_key(const pos_t *p, int *mirrored)
{
    const uint64_t h = p->key, hm = xq__book_mirror_key(p);
    *mirrored = hm < h;
    return hm < h ? hm : h;
}

/* Weight and score of counts under a weighting. */
uint32_t xq__book_weight(int weighting, uint32_t games, uint32_t wins, uint32_t draws,
                         uint32_t losses);
int32_t xq__book_score(uint32_t wins, uint32_t draws, uint32_t losses);

/* The pick of xq_book_pick() under compiled rules, also skipping the moves
 * of ban[0..nban) and, when nonly > 0, every move not in only[0..nonly). */
int xq__book_choose(const xq_book *book, const xq_board *board, const rules_cfg *rules,
                    uint64_t seed, unsigned int flags, const xq_move *ban, int nban,
                    const xq_move *only, int nonly, xq_book_entry *chosen);

#endif
