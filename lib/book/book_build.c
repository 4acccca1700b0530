/* SPDX-License-Identifier: MIT */
/* Building opening books: the builder (a hash table of (canonical key, move)
 * -> counts, filled from game records and PGN streams), serialising sorted
 * moves into the file image, and merging books. */
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "book_format.h"
#include "util/error.h"
#include "util/mix64.h"
#include "record/record.h"

/* Tuning of the builder's table. */
enum {
    BUILDER_INITIAL_SLOTS = 1 << 12, /* power of two */
    BUILDER_MAX_LOAD_PCT = 60,       /* grow beyond this fill ratio */
    BOOK_MAX_PLY_LIMIT = 1000,       /* upper bound of xq_book_options::max_ply */
    BOOK_SCORE_MAX = 1000            /* permille */
};

#define XQ_BOOK_BUILDER_MAGIC 0x5851424cu /* "XQBL" */

typedef struct slot {
    uint64_t key;
    uint32_t games, wins, draws, losses;
    xq_move move; /* XQ_MOVE_NONE: free slot */
} slot;

struct xq_book_builder {
    uint32_t magic;
    xq_book_options opt;
    slot *slots;
    size_t nslots, used;
    int64_t games;
};

static int builder_ok(const xq_book_builder *b) { return b && b->magic == XQ_BOOK_BUILDER_MAGIC; }

int xq_book_options_init(xq_book_options *opt, unsigned int version)
{
    if (!opt)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_BOOK_OPTIONS_VERSION))
        return XQ_EVERSION;
    const xq_book_options d = XQ_BOOK_OPTIONS_INIT;
    *opt = d;
    opt->version = version;
    return XQ_OK;
}

/* Copy and check options (NULL = defaults). */
static int read_options(xq_book_options *dst, const xq_book_options *opt)
{
    xq_book_options_init(dst, XQ_BOOK_OPTIONS_VERSION);
    if (!opt)
        return XQ_OK;
    if (xq__version_check(opt->version, XQ_BOOK_OPTIONS_VERSION))
        return XQ_EVERSION;
    *dst = *opt; /* version 1 is the only layout so far */
    if (dst->max_ply < 1 || dst->max_ply > BOOK_MAX_PLY_LIMIT || dst->min_games < 1 ||
        dst->min_score < 0 || dst->min_score > BOOK_SCORE_MAX ||
        (dst->weighting != XQ_BOOK_WEIGHT_GAMES && dst->weighting != XQ_BOOK_WEIGHT_RESULTS))
        return XQ_EINVAL;
    return XQ_OK;
}

int xq_book_builder_new(xq_book_builder **out, const xq_book_options *opt)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    xq_book_options o;
    const int rc = read_options(&o, opt);
    if (rc != XQ_OK)
        return rc;
    xq__tables_init();
    xq_book_builder *b = calloc(1, sizeof *b);
    if (!b)
        return XQ_ENOMEM;
    b->slots = calloc(BUILDER_INITIAL_SLOTS, sizeof *b->slots);
    if (!b->slots) {
        free(b);
        return XQ_ENOMEM;
    }
    b->magic = XQ_BOOK_BUILDER_MAGIC;
    b->opt = o;
    b->nslots = BUILDER_INITIAL_SLOTS;
    *out = b;
    return XQ_OK;
}

void xq_book_builder_free(xq_book_builder *b)
{
    if (!builder_ok(b))
        return;
    b->magic = 0;
    free(b->slots);
    free(b);
}

int64_t xq_book_builder_games(const xq_book_builder *b)
{
    return builder_ok(b) ? b->games : XQ_EINVAL;
}

static size_t slot_hash(uint64_t key, xq_move move, size_t mask)
{
    uint64_t h = (key ^ ((uint64_t)move * XQ__GOLDEN64)) * XQ__MIX64_M1;
    return (size_t)(h >> 17) & mask;
}

static slot *find_slot(slot *slots, size_t nslots, uint64_t key, xq_move move)
{
    size_t i = slot_hash(key, move, nslots - 1);
    while (slots[i].move != XQ_MOVE_NONE && (slots[i].key != key || slots[i].move != move))
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

static int grow(xq_book_builder *b)
{
    const size_t n = b->nslots * 2;
    slot *s = calloc(n, sizeof *s);
    if (!s)
        return XQ_ENOMEM;
    for (size_t i = 0; i < b->nslots; i++)
        if (b->slots[i].move != XQ_MOVE_NONE)
            *find_slot(s, n, b->slots[i].key, b->slots[i].move) = b->slots[i];
    free(b->slots);
    b->slots = s;
    b->nslots = n;
    return XQ_OK;
}

/* Add counts to counts. A sum past 2^32 - 1 games halves all four (so they
 * still add up: wins + draws + losses <= games), keeping the proportions. */
static void add_to(uint32_t *games, uint32_t *wins, uint32_t *draws, uint32_t *losses,
                   uint32_t g, uint32_t w, uint32_t d, uint32_t l)
{
    uint64_t G = (uint64_t)*games + g, W = (uint64_t)*wins + w, D = (uint64_t)*draws + d,
             L = (uint64_t)*losses + l;
    while (G > UINT32_MAX) {
        G >>= 1;
        W >>= 1;
        D >>= 1;
        L >>= 1;
    }
    *games = (uint32_t)G;
    *wins = (uint32_t)W;
    *draws = (uint32_t)D;
    *losses = (uint32_t)L;
}

/* Add counts for a (canonical key, stored move). */
static int add_counts(xq_book_builder *b, uint64_t key, xq_move move, uint32_t games,
                      uint32_t wins, uint32_t draws, uint32_t losses)
{
    if ((b->used + 1) * 100 > b->nslots * BUILDER_MAX_LOAD_PCT && grow(b) != XQ_OK)
        return XQ_ENOMEM;
    slot *s = find_slot(b->slots, b->nslots, key, move);
    if (s->move == XQ_MOVE_NONE) {
        s->key = key;
        s->move = move;
        b->used++;
    }
    add_to(&s->games, &s->wins, &s->draws, &s->losses, games, wins, draws, losses);
    return XQ_OK;
}

int xq_book_builder_add_record(xq_book_builder *b, const xq_record *rec)
{
    if (!builder_ok(b) || !record_ok(rec))
        return XQ_EINVAL;
    char res[16];
    int result = XQ_RESULT_ONGOING; /* unknown */
    if (xq_record_tag(rec, "Result", res, sizeof res) > 0) {
        if (!strcmp(res, "1-0"))
            result = XQ_RESULT_RED_WINS;
        else if (!strcmp(res, "0-1"))
            result = XQ_RESULT_BLACK_WINS;
        else if (!strcmp(res, "1/2-1/2"))
            result = XQ_RESULT_DRAW;
    }
    pos_t p = rec->start;
    const int n = xq_record_mainline_size(rec);
    int added = 0;
    for (int i = 0; i < n && i < b->opt.max_ply; i++) {
        xq_move m;
        if (xq_record_mainline_move(rec, i, &m) != XQ_OK)
            break;
        int mirrored;
        const uint64_t key = book_key(&p, &mirrored);
        const int us = p.side;
        const uint32_t win = result == (us == RED ? XQ_RESULT_RED_WINS : XQ_RESULT_BLACK_WINS);
        const uint32_t loss = result == (us == RED ? XQ_RESULT_BLACK_WINS : XQ_RESULT_RED_WINS);
        const uint32_t draw = result == XQ_RESULT_DRAW;
        if (add_counts(b, key, mirrored ? move_mirror(m) : m, 1, win, draw, loss) != XQ_OK)
            return XQ_ENOMEM;
        undo_t u;
        pos_do(&p, m, &u);
        added++;
    }
    b->games++;
    return added;
}

int xq_book_builder_add_pgn(xq_book_builder *b, xq_pgn_reader *rd, int *bad)
{
    if (bad)
        *bad = 0;
    if (!builder_ok(b) || !rd)
        return XQ_EINVAL;
    xq_record *rec;
    int rc = xq_record_new(&rec, NULL, NULL);
    if (rc != XQ_OK)
        return rc;
    int games = 0;
    for (;;) {
        rc = xq_pgn_reader_next(rd, rec, NULL);
        if (rc == 0)
            break;
        if (rc == XQ_EIO || rc == XQ_EINVAL || rc == XQ_ENOMEM)
            goto out;
        if (rc < 0 && bad)
            (*bad)++;
        /* A bad game holds the moves up to the error: they are good moves. */
        rc = xq_book_builder_add_record(b, rec);
        if (rc < 0)
            goto out;
        games++;
    }
    rc = games;
out:
    xq_record_free(rec);
    return rc;
}

static int cmp_move(const void *a, const void *b)
{
    const book_move *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (int)x->move - (int)y->move;
}

static int keep_move(const book_move *m, int min_games, int min_score)
{
    if (m->games < (uint32_t)min_games)
        return 0;
    const int32_t score = xq__book_score(m->wins, m->draws, m->losses);
    return score < 0 || score >= min_score;
}

int xq__book_make(xq_book **out, const book_move *moves, size_t n, int weighting, int max_ply,
                  int min_games, int min_score)
{
    size_t npos = 0, nmoves = 0;
    uint64_t last = 0;
    for (size_t i = 0; i < n; i++)
        if (keep_move(&moves[i], min_games, min_score)) {
            if (!nmoves || moves[i].key != last)
                npos++;
            nmoves++;
            last = moves[i].key;
        }
    const size_t size = BOOK_HEADER_SIZE + npos * BOOK_POS_SIZE + nmoves * BOOK_MOVE_SIZE;
    uint8_t *d = calloc(1, size);
    if (!d)
        return XQ_ENOMEM;
    memcpy(d, BOOK_MAGIC, BOOK_MAGIC_SIZE);
    xq__wr32(d + BOOK_OFF_VERSION, XQ_BOOK_FORMAT_VERSION);
    xq__wr32(d + BOOK_OFF_HEADER_SIZE, BOOK_HEADER_SIZE);
    xq__wr32(d + BOOK_OFF_WEIGHTING, (uint32_t)weighting);
    xq__wr32(d + BOOK_OFF_MAX_PLY, (uint32_t)max_ply);
    xq__wr32(d + BOOK_OFF_MIN_GAMES, (uint32_t)min_games);
    xq__wr32(d + BOOK_OFF_MIN_SCORE, (uint32_t)min_score);
    xq__wr64(d + BOOK_OFF_POSITIONS, npos);
    xq__wr64(d + BOOK_OFF_MOVES, nmoves);
    uint8_t *pt = d + BOOK_HEADER_SIZE, *mt = pt + npos * BOOK_POS_SIZE;
    size_t ip = 0, im = 0;
    for (size_t i = 0; i < n; i++) {
        const book_move *m = &moves[i];
        if (!keep_move(m, min_games, min_score))
            continue;
        if (ip == 0 || xq__rd64(pt + (ip - 1) * BOOK_POS_SIZE) != m->key) {
            uint8_t *e = pt + ip * BOOK_POS_SIZE;
            xq__wr64(e, m->key);
            xq__wr32(e + 8, (uint32_t)im);
            ip++;
        }
        uint8_t *e = pt + (ip - 1) * BOOK_POS_SIZE;
        xq__wr32(e + 12, xq__rd32(e + 12) + 1);
        uint8_t *me = mt + im * BOOK_MOVE_SIZE;
        xq__wr16(me, m->move);
        xq__wr32(me + 4, m->games);
        xq__wr32(me + 8, m->wins);
        xq__wr32(me + 12, m->draws);
        xq__wr32(me + 16, m->losses);
        im++;
    }
    xq__wr64(d + BOOK_OFF_CHECKSUM, xq__fnv1a64_skip(d, size, BOOK_OFF_CHECKSUM));
    return xq__book_from_image(out, (xq__image){d, size, XQ__IMAGE_MALLOC}, NULL, NULL);
}

int xq_book_builder_finish(const xq_book_builder *b, xq_book **out)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    if (!builder_ok(b))
        return XQ_EINVAL;
    book_move *all = malloc((b->used ? b->used : 1) * sizeof *all);
    if (!all)
        return XQ_ENOMEM;
    size_t n = 0;
    for (size_t i = 0; i < b->nslots; i++) {
        const slot *s = &b->slots[i];
        if (s->move == XQ_MOVE_NONE)
            continue;
        all[n++] = (book_move){s->key, s->move, s->games, s->wins, s->draws, s->losses};
    }
    qsort(all, n, sizeof *all, cmp_move);
    const int rc = xq__book_make(out, all, n, b->opt.weighting, b->opt.max_ply, b->opt.min_games,
                                 b->opt.min_score);
    free(all);
    return rc;
}

/* Read the stored moves of a book (already sorted by key and move). */
static void read_all(const xq_book *bk, book_move *dst)
{
    const uint8_t *pt = bk->im.data + BOOK_HEADER_SIZE, *mt = pt + bk->npos * BOOK_POS_SIZE;
    size_t k = 0;
    for (uint64_t i = 0; i < bk->npos; i++) {
        const uint8_t *pe = pt + i * BOOK_POS_SIZE;
        const uint64_t key = xq__rd64(pe);
        const uint32_t first = xq__rd32(pe + 8), count = xq__rd32(pe + 12);
        for (uint32_t j = 0; j < count; j++) {
            const uint8_t *m = mt + (first + (uint64_t)j) * BOOK_MOVE_SIZE;
            dst[k++] = (book_move){key, xq__rd16(m), xq__rd32(m + 4), xq__rd32(m + 8),
                                   xq__rd32(m + 12), xq__rd32(m + 16)};
        }
    }
}

int xq_book_merge(xq_book **out, const xq_book *a, const xq_book *b, const xq_book_options *opt)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    if (!book_ok(a) || !book_ok(b))
        return XQ_EINVAL;
    xq_book_options o;
    int rc = read_options(&o, opt);
    if (rc != XQ_OK)
        return rc;
    if (!opt) {
        o.min_games = 1;
        o.min_score = 0;
        o.weighting = a->weighting;
    }
    const size_t na = (size_t)a->nmoves, nb = (size_t)b->nmoves;
    book_move *x = malloc((na + nb + 1) * sizeof *x);
    if (!x)
        return XQ_ENOMEM;
    book_move *y = x + na;
    read_all(a, x);
    read_all(b, y);
    /* Merge the two sorted runs in place into a third array, summing equal moves. */
    book_move *m = malloc((na + nb + 1) * sizeof *m);
    if (!m) {
        free(x);
        return XQ_ENOMEM;
    }
    size_t i = 0, j = 0, n = 0;
    while (i < na || j < nb) {
        int c = i >= na ? 1 : j >= nb ? -1 : cmp_move(&x[i], &y[j]);
        if (c < 0)
            m[n++] = x[i++];
        else if (c > 0)
            m[n++] = y[j++];
        else {
            book_move s = x[i++];
            const book_move *t = &y[j++];
            add_to(&s.games, &s.wins, &s.draws, &s.losses, t->games, t->wins, t->draws,
                   t->losses);
            m[n++] = s;
        }
    }
    const uint32_t pa = xq__rd32(a->im.data + BOOK_OFF_MAX_PLY);
    const uint32_t pb = xq__rd32(b->im.data + BOOK_OFF_MAX_PLY);
    rc = xq__book_make(out, m, n, o.weighting, (int)(pa > pb ? pa : pb), o.min_games,
                       o.min_score);
    free(m);
    free(x);
    return rc;
}
