/* SPDX-License-Identifier: MIT */
/* The opening book: checking a book file (mapped by lib/util/file.c), probing a
 * position (binary search over the sorted keys, moves mapped back from the
 * mirror image and checked for legality), the weighted pick, and the text
 * export. Building and merging are in book_build.c, the search's use of a
 * book in book_search.c. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "book_format.h"
#include "util/error.h"
#include "util/mix64.h"
#include "core/movegen.h"
#include "core/rules.h"

uint64_t xq__book_mirror_key(const pos_t *p)
{
    uint64_t k = p->side == BLACK ? xq__T.zobrist_side : 0;
    for (int s = 0; s < SQ_NB; s++)
        if (p->sq[s])
            k ^= xq__T.zobrist[p->sq[s]][sq_mirror(s)];
    return k;
}

uint32_t xq__book_weight(int weighting, uint32_t games, uint32_t wins, uint32_t draws,
                         uint32_t losses)
{
    if (weighting != XQ_BOOK_WEIGHT_RESULTS)
        return games;
    const uint64_t unknown = (uint64_t)games - wins - draws - losses;
    const uint64_t w = 2 * (uint64_t)wins + draws + unknown;
    return w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
}

int32_t xq__book_score(uint32_t wins, uint32_t draws, uint32_t losses)
{
    const uint64_t n = (uint64_t)wins + draws + losses;
    if (!n)
        return -1;
    return (int32_t)(((2 * (uint64_t)wins + draws) * 1000 + n) / (2 * n));
}

/* ---- opening ---- */

static const xq__file_format book_file = {"book", "a", BOOK_MAGIC, BOOK_HEADER_SIZE,
                                          XQ_BOOK_FORMAT_VERSION};

/* The header's own fields (after xq__file_check_header()): sizes and counts. */
static int check_fields(const xq__file *f, uint64_t *npos, uint64_t *nmoves)
{
    const uint8_t *data = f->im.data;
    *npos = xq__rd64(data + BOOK_OFF_POSITIONS);
    *nmoves = xq__rd64(data + BOOK_OFF_MOVES);
    if (xq__rd32(data + BOOK_OFF_HEADER_SIZE) != BOOK_HEADER_SIZE ||
        xq__rd32(data + BOOK_OFF_WEIGHTING) > XQ_BOOK_WEIGHT_RESULTS ||
        xq__rd64(data + BOOK_OFF_RESERVED) != 0)
        return xq__file_fail(f, XQ_EPARSE, BOOK_OFF_HEADER_SIZE, "corrupted header");
    if (*npos > SIZE_MAX / 64 || *nmoves > SIZE_MAX / 64 || *nmoves < *npos)
        return xq__file_fail(f, XQ_EPARSE, BOOK_OFF_POSITIONS, "corrupted header (counts)");
    return XQ_OK;
}

/* Structure: strictly increasing keys, contiguous non-empty move ranges,
 * moves well-formed and increasing within a position, counts consistent. */
static int check_tables(const xq__file *f, uint64_t npos, uint64_t nmoves)
{
    const uint8_t *data = f->im.data;
    const uint8_t *pt = data + BOOK_HEADER_SIZE, *mt = pt + npos * BOOK_POS_SIZE;
    uint64_t next = 0, prev_key = 0;
    for (uint64_t i = 0; i < npos; i++) {
        const uint8_t *e = pt + i * BOOK_POS_SIZE;
        const uint64_t key = xq__rd64(e);
        const uint32_t first = xq__rd32(e + 8), count = xq__rd32(e + 12);
        if ((i && key <= prev_key) || first != next || count == 0 || count > nmoves - next)
            return xq__file_fail(f, XQ_EPARSE, (long long)(e - data),
                                 "corrupted: bad position entry %" PRIu64, i);
        int prev_move = -1;
        for (uint32_t j = 0; j < count; j++) {
            const uint8_t *m = mt + (first + j) * (uint64_t)BOOK_MOVE_SIZE;
            const xq_move mv = xq__rd16(m);
            const uint64_t g = xq__rd32(m + 4),
                           wdl = (uint64_t)xq__rd32(m + 8) + xq__rd32(m + 12) + xq__rd32(m + 16);
            if (xq_move_make(MOVE_FROM(mv), MOVE_TO(mv)) != mv || (int)mv <= prev_move ||
                xq__rd16(m + 2) != 0 || g == 0 || wdl > g)
                return xq__file_fail(f, XQ_EPARSE, (long long)(m - data),
                                     "corrupted: bad move entry %" PRIu64, (uint64_t)first + j);
            prev_move = mv;
        }
        next += count;
        prev_key = key;
    }
    if (next != nmoves)
        return xq__file_fail(f, XQ_EPARSE, BOOK_OFF_MOVES, "corrupted: move table not covered");
    return XQ_OK;
}

/* Check the image of f and make a book of it; f's image is the book's, or
 * released on failure. */
static int book_from_file(xq_book **out, xq__file *f)
{
    uint64_t npos = 0, nmoves = 0;
    int rc = xq__file_check_header(f);
    if (rc == XQ_OK)
        rc = check_fields(f, &npos, &nmoves);
    if (rc == XQ_OK)
        rc = xq__file_check_size(f,
                                 BOOK_HEADER_SIZE + npos * BOOK_POS_SIZE + nmoves * BOOK_MOVE_SIZE);
    if (rc == XQ_OK)
        rc = xq__file_check_sum(f, "", BOOK_OFF_CHECKSUM, 0, f->im.size);
    if (rc == XQ_OK)
        rc = check_tables(f, npos, nmoves);
    xq_book *b = NULL;
    if (rc == XQ_OK && !(b = calloc(1, sizeof *b)))
        rc = xq__file_fail(f, XQ_ENOMEM, -1, "out of memory");
    if (rc != XQ_OK) {
        xq__image_release(&f->im);
        return rc;
    }
    b->magic = XQ_BOOK_MAGIC_HANDLE;
    b->im = f->im;
    b->npos = npos;
    b->nmoves = nmoves;
    b->weighting = (int)xq__rd32(f->im.data + BOOK_OFF_WEIGHTING);
    *out = b;
    return XQ_OK;
}

int xq__book_from_image(xq_book **out, xq__image im, const char *name, xq_parse_error *err)
{
    xq__file f;
    xq__file_image(&f, &book_file, im.data, im.size, im.owner, name, err);
    return book_from_file(out, &f);
}

int xq_book_open_memory(xq_book **out, const void *data, size_t size, xq_parse_error *err)
{
    if (out)
        *out = NULL;
    if (!out || (!data && size))
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    xq__tables_init();
    xq__file f;
    xq__file_image(&f, &book_file, data ? data : "", size, XQ__IMAGE_BORROWED, NULL, err);
    return book_from_file(out, &f);
}

int xq_book_open(xq_book **out, const char *path, xq_parse_error *err)
{
    if (out)
        *out = NULL;
    if (!out || !path)
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    xq__tables_init();
    xq__file f;
    const int rc = xq__file_open(&f, &book_file, path, XQ__FILE_MAP, 0, err);
    return rc == XQ_OK ? book_from_file(out, &f) : rc;
}

void xq_book_free(xq_book *book)
{
    if (!book_ok(book))
        return;
    book->magic = 0;
    xq__image_release(&book->im);
    free(book);
}

int xq_book_write(const xq_book *book, const char *path)
{
    if (!book_ok(book) || !path)
        return XQ_EINVAL;
    FILE *f = fopen(path, "wb");
    if (!f)
        return XQ_EIO;
    const int ok = fwrite(book->im.data, 1, book->im.size, f) == book->im.size;
    return (fclose(f) == 0 && ok) ? XQ_OK : XQ_EIO;
}

const void *xq_book_data(const xq_book *book, size_t *size)
{
    if (!book_ok(book) || !size)
        return NULL;
    *size = book->im.size;
    return book->im.data;
}

/* ---- queries ---- */

static const uint8_t *pos_entry(const xq_book *b, uint64_t i)
{
    return b->im.data + BOOK_HEADER_SIZE + i * BOOK_POS_SIZE;
}

static const uint8_t *move_entry(const xq_book *b, uint64_t i)
{
    return b->im.data + BOOK_HEADER_SIZE + b->npos * BOOK_POS_SIZE + i * BOOK_MOVE_SIZE;
}

/* Index of a key, or -1. */
static int64_t find(const xq_book *b, uint64_t key)
{
    uint64_t lo = 0, hi = b->npos;
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        const uint64_t k = xq__rd64(pos_entry(b, mid));
        if (k == key)
            return (int64_t)mid;
        if (k < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

static void read_entry(const xq_book *b, uint64_t i, xq_book_entry *e)
{
    const uint8_t *m = move_entry(b, i);
    e->move = xq__rd16(m);
    e->games = xq__rd32(m + 4);
    e->wins = xq__rd32(m + 8);
    e->draws = xq__rd32(m + 12);
    e->losses = xq__rd32(m + 16);
    e->weight = xq__book_weight(b->weighting, e->games, e->wins, e->draws, e->losses);
    e->score = xq__book_score(e->wins, e->draws, e->losses);
    memset(e->reserved, 0, sizeof e->reserved);
}

static int heavier(const xq_book_entry *a, const xq_book_entry *b)
{
    return a->weight != b->weight ? a->weight > b->weight : a->move < b->move;
}

/* The legal book moves of a position into e[0..MAX_MOVES), heaviest first. */
static int probe_pos(const xq_book *b, const pos_t *p, xq_book_entry *e)
{
    int mirrored;
    const int64_t idx = find(b, book_key(p, &mirrored));
    if (idx < 0)
        return 0;
    const uint8_t *pe = pos_entry(b, (uint64_t)idx);
    const uint32_t first = xq__rd32(pe + 8), count = xq__rd32(pe + 12);
    int n = 0;
    for (uint32_t j = 0; j < count && n < MAX_MOVES; j++) {
        xq_book_entry x;
        read_entry(b, first + (uint64_t)j, &x);
        if (mirrored)
            x.move = move_mirror(x.move);
        if (!xq__is_legal(p, x.move))
            continue; /* a key collision, or a corrupted but well-formed book */
        int dup = 0;  /* symmetric positions may list a move twice after mapping */
        for (int k = 0; k < n && !dup; k++)
            dup = e[k].move == x.move;
        if (dup)
            continue;
        int k = n++;
        while (k > 0 && heavier(&x, &e[k - 1])) {
            e[k] = e[k - 1];
            k--;
        }
        e[k] = x;
    }
    return n;
}

int xq_book_probe(const xq_book *book, const xq_board *board, xq_book_entry *entries, size_t cap)
{
    if (!book_ok(book) || !board_ok(board) || (!entries && cap))
        return XQ_EINVAL;
    xq_book_entry e[MAX_MOVES];
    const int n = probe_pos(book, &board->pos, e);
    for (int i = 0; i < n && (size_t)i < cap; i++)
        entries[i] = e[i];
    return n;
}

/* The random numbers of the pick: the splitmix64 number after z. */
static uint64_t splitmix_after(uint64_t z)
{
    return xq__splitmix64(&z);
}

/* Whether playing m repeats a position of the board's history (or the current one). */
static int repeats(const xq_board *board, xq_move m)
{
    pos_t p = board->pos;
    undo_t u;
    pos_do(&p, m, &u);
    if (u.captured)
        return 0;
    if (p.key == board->pos.key)
        return 1;
    for (int i = board->nhist - 1; i >= 0; i--) {
        if (board->hist[i].undo.key == p.key)
            return 1;
        if (board->hist[i].undo.captured)
            break;
    }
    return 0;
}

static int listed(const xq_move *list, int n, xq_move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

int xq__book_choose(const xq_book *book, const xq_board *board, const rules_cfg *rules,
                    uint64_t seed, unsigned int flags, const xq_move *ban, int nban,
                    const xq_move *only, int nonly, xq_book_entry *chosen)
{
    xq_book_entry e[MAX_MOVES];
    const int n = probe_pos(book, &board->pos, e);
    int keep = 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (e[i].weight == 0 || listed(ban, nban, e[i].move) ||
            (nonly > 0 && !listed(only, nonly, e[i].move)) || repeats(board, e[i].move))
            continue;
        const int banned = xq__move_banned(board, rules, e[i].move);
        if (banned < 0)
            return banned;
        if (banned)
            continue;
        e[keep++] = e[i];
        total += e[i].weight;
    }
    if (!keep)
        return XQ_ENOTFOUND;
    int pick = 0; /* heaviest first */
    if (!(flags & XQ_BOOK_PICK_BEST)) {
        uint64_t r = splitmix_after(seed ^ splitmix_after(board->pos.key)) % total;
        while (pick < keep - 1 && r >= e[pick].weight)
            r -= e[pick++].weight;
    }
    *chosen = e[pick];
    return XQ_OK;
}

int xq_book_pick(const xq_book *book, const xq_board *board, const xq_rules *rules,
                 uint64_t seed, unsigned int flags, xq_move *move)
{
    if (move)
        *move = XQ_MOVE_NONE;
    if (!book_ok(book) || !board_ok(board) || !move || (flags & ~XQ_BOOK_PICK_BEST))
        return XQ_EINVAL;
    rules_cfg cfg; /* compiled once, not for every book move */
    int rc = xq__rules_compile(rules, &cfg);
    if (rc < 0)
        return rc;
    xq_book_entry e;
    rc = xq__book_choose(book, board, &cfg, seed, flags, NULL, 0, NULL, 0, &e);
    if (rc == XQ_OK)
        *move = e.move;
    return rc;
}

int64_t xq_book_position_count(const xq_book *book)
{
    return book_ok(book) ? (int64_t)book->npos : XQ_EINVAL;
}

int64_t xq_book_move_count(const xq_book *book)
{
    return book_ok(book) ? (int64_t)book->nmoves : XQ_EINVAL;
}

int xq_book_weighting(const xq_book *book)
{
    return book_ok(book) ? book->weighting : XQ_EINVAL;
}

int64_t xq_book_games(const xq_book *book)
{
    if (!book_ok(book))
        return XQ_EINVAL;
    pos_t p;
    if (xq__fen_parse(XQ_START_FEN, &p, NULL) != XQ_OK)
        return 0;
    int mirrored;
    const int64_t idx = find(book, book_key(&p, &mirrored));
    if (idx < 0)
        return 0;
    const uint8_t *pe = pos_entry(book, (uint64_t)idx);
    int64_t games = 0;
    for (uint32_t j = 0; j < xq__rd32(pe + 12); j++)
        games += xq__rd32(move_entry(book, xq__rd32(pe + 8) + (uint64_t)j) + 4);
    return games;
}

int xq_book_position_at(const xq_book *book, int64_t index, uint64_t *key, xq_book_entry *entries,
                        size_t cap)
{
    if (!book_ok(book) || index < 0 || (uint64_t)index >= book->npos || (!entries && cap))
        return XQ_EINVAL;
    const uint8_t *pe = pos_entry(book, (uint64_t)index);
    const uint32_t first = xq__rd32(pe + 8), count = xq__rd32(pe + 12);
    if (key)
        *key = xq__rd64(pe);
    for (uint32_t j = 0; j < count && j < cap; j++)
        read_entry(book, first + (uint64_t)j, &entries[j]);
    return count > INT32_MAX ? INT32_MAX : (int)count;
}

int64_t xq_book_dump(const xq_book *book, char *buf, size_t cap)
{
    if (!book_ok(book) || (!buf && cap))
        return XQ_EINVAL;
    size_t len = 0;
    char line[160];
    for (uint64_t i = 0; i < book->npos; i++) {
        const uint8_t *pe = pos_entry(book, i);
        const uint64_t key = xq__rd64(pe);
        const uint32_t first = xq__rd32(pe + 8), count = xq__rd32(pe + 12);
        for (uint32_t j = 0; j < count; j++) {
            xq_book_entry e;
            char mv[XQ_MOVE_STR_MAX];
            read_entry(book, first + (uint64_t)j, &e);
            xq_move_format(e.move, mv, sizeof mv);
            const int n = snprintf(line, sizeof line,
                                   "%016" PRIx64 " %s games %" PRIu32 " wins %" PRIu32
                                   " draws %" PRIu32 " losses %" PRIu32 " weight %" PRIu32 "\n",
                                   key, mv, e.games, e.wins, e.draws, e.losses, e.weight);
            if (len < cap) {
                const size_t room = cap - len;
                memcpy(buf + len, line, (size_t)n < room ? (size_t)n : room);
            }
            len += (size_t)n;
        }
    }
    if (cap)
        buf[len < cap ? len : cap - 1] = '\0';
    return (int64_t)len;
}
