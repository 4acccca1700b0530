/* SPDX-License-Identifier: MIT */
/* Opening books: building (counts checked against counts taken from the
 * games independently, mirrored lines included), the file round trip,
 * merging, damaged files, picking, and the search's use of a book. */
#include <inttypes.h>
#include <unistd.h>

#include <xiangqi/book.h>

#include "xq_test.h"

static const char *games_path(void) { return xq_test_path("games/liu-dahua-1125-uci.pgn"); }

static xq_move mv(const char *iccs)
{
    xq_move m;
    ck_assert_int_eq(xq_move_parse(iccs, &m), XQ_OK);
    return m;
}

static xq_book *build_pgn_text(const char *text, const xq_book_options *opt)
{
    xq_book_builder *b;
    xq_pgn_reader *rd;
    xq_book *book;
    ck_assert_int_eq(xq_book_builder_new(&b, opt), XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_open_memory(&rd, text, strlen(text), NULL), XQ_OK);
    ck_assert_int_ge(xq_book_builder_add_pgn(b, rd, NULL), 1);
    ck_assert_int_eq(xq_book_builder_finish(b, &book), XQ_OK);
    xq_pgn_reader_free(rd);
    xq_book_builder_free(b);
    return book;
}

/* A book of games [first, last) of the 1125 master games (all with NULL last). */
static xq_book *build_games(int first, int last, const xq_book_options *opt)
{
    xq_book_builder *b;
    xq_pgn_reader *rd;
    xq_record *rec;
    xq_book *book;
    ck_assert_int_eq(xq_book_builder_new(&b, opt), XQ_OK);
    ck_assert_int_eq(xq_pgn_reader_open(&rd, games_path(), NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_record_new(&rec, NULL, NULL), XQ_OK);
    for (int i = 0; xq_pgn_reader_next(rd, rec, NULL) != 0; i++)
        if (i >= first && (last < 0 || i < last))
            ck_assert_int_ge(xq_book_builder_add_record(b, rec), 0);
    ck_assert_int_eq(xq_book_builder_finish(b, &book), XQ_OK);
    xq_record_free(rec);
    xq_pgn_reader_free(rd);
    xq_book_builder_free(b);
    return book;
}

static const xq_book_entry *find_move(const xq_book_entry *e, int n, const char *iccs)
{
    for (int i = 0; i < n; i++)
        if (e[i].move == mv(iccs))
            return &e[i];
    return NULL;
}

/* ---- counts by hand ---- */

static const char small_games[] =
    "[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n"
    "[Result \"0-1\"]\n\n1. b2e2 b9c7 0-1\n\n" /* the mirror image of the first game */
    "[Result \"1/2-1/2\"]\n\n1. h2e2 b9c7 1/2-1/2\n\n"
    "[Event \"no result\"]\n\n1. c3c4 *\n\n";

START_TEST(counts_by_hand)
{
    xq_book *book = build_pgn_text(small_games, NULL);
    xq_board *b = xq_test_board(NULL);
    xq_book_entry e[XQ_MAX_MOVES];
    memset(e, 0x55, sizeof e);
    int n = xq_book_probe(book, b, e, XQ_MAX_MOVES);
    ck_assert_int_eq(n, 3); /* h2e2, b2e2, c3c4: the start position is symmetric */
    for (int i = 0; i < n; i++) /* the room to grow is zeroed */
        for (size_t k = 0; k < sizeof e[i].reserved / sizeof e[i].reserved[0]; k++)
            ck_assert_int_eq(e[i].reserved[k], 0);
    const xq_book_entry *h = find_move(e, n, "h2e2"), *c = find_move(e, n, "c3c4"),
                        *l = find_move(e, n, "b2e2");
    ck_assert(h && c && l);
    ck_assert_uint_eq(h->games, 2);
    ck_assert_uint_eq(h->wins, 1);
    ck_assert_uint_eq(h->draws, 1);
    ck_assert_uint_eq(h->losses, 0);
    ck_assert_int_eq(h->score, 750);
    ck_assert_uint_eq(l->games, 1);
    ck_assert_uint_eq(l->losses, 1);
    ck_assert_int_eq(l->score, 0);
    ck_assert_uint_eq(c->games, 1);
    ck_assert_int_eq(c->score, -1); /* no result */
    ck_assert(e[0].move == mv("h2e2")); /* heaviest first */
    ck_assert_int_eq(xq_book_games(book), 4);

    /* After 1. h2e2 the mirrored second game counts: h9g7 (= b9c7 mirrored)
     * was played twice, won once by Black (game 2) and lost once (game 1). */
    xq_test_play(b, "h2e2");
    n = xq_book_probe(book, b, e, XQ_MAX_MOVES);
    ck_assert_int_eq(n, 2);
    const xq_book_entry *g7 = find_move(e, n, "h9g7"), *c7 = find_move(e, n, "b9c7");
    ck_assert(g7 && c7);
    ck_assert_uint_eq(g7->games, 2);
    ck_assert_uint_eq(g7->wins, 1);
    ck_assert_uint_eq(g7->losses, 1);
    ck_assert_uint_eq(c7->games, 1);
    ck_assert_uint_eq(c7->draws, 1);

    /* ... and the same position seen from the other wing: moves mirrored back. */
    xq_board *m = xq_test_board(NULL);
    xq_test_play(m, "b2e2");
    xq_book_entry f[XQ_MAX_MOVES];
    ck_assert_int_eq(xq_book_probe(book, m, f, XQ_MAX_MOVES), 2);
    const xq_book_entry *c7m = find_move(f, 2, "b9c7"), *g7m = find_move(f, 2, "h9g7");
    ck_assert(c7m && g7m);
    ck_assert_uint_eq(c7m->games, 2);
    ck_assert_uint_eq(c7m->wins, 1);
    ck_assert_uint_eq(g7m->games, 1);

    /* Result weighting: 2 per win, 1 per draw or unknown. */
    xq_book_options o;
    ck_assert_int_eq(xq_book_options_init(&o, XQ_BOOK_OPTIONS_VERSION), XQ_OK);
    o.weighting = XQ_BOOK_WEIGHT_RESULTS;
    xq_book *w = build_pgn_text(small_games, &o);
    xq_board *s = xq_test_board(NULL);
    n = xq_book_probe(w, s, e, XQ_MAX_MOVES);
    ck_assert_uint_eq(find_move(e, n, "h2e2")->weight, 3);
    ck_assert_uint_eq(find_move(e, n, "b2e2")->weight, 0);
    ck_assert_uint_eq(find_move(e, n, "c3c4")->weight, 1);
    ck_assert_int_eq(xq_book_weighting(w), XQ_BOOK_WEIGHT_RESULTS);
    /* Filters: min_games 2 keeps h2e2 only; min_score 600 drops b2e2 (0%). */
    o.weighting = XQ_BOOK_WEIGHT_GAMES;
    o.min_games = 2;
    xq_book *g2 = build_pgn_text(small_games, &o);
    ck_assert_int_eq(xq_book_probe(g2, s, e, XQ_MAX_MOVES), 1);
    o.min_games = 1;
    o.min_score = 600;
    xq_book *s6 = build_pgn_text(small_games, &o);
    n = xq_book_probe(s6, s, e, XQ_MAX_MOVES);
    ck_assert_int_eq(n, 2);
    ck_assert_ptr_null(find_move(e, n, "b2e2"));
    /* max_ply 1: only the first moves. */
    o.min_score = 0;
    o.max_ply = 1;
    xq_book *p1 = build_pgn_text(small_games, &o);
    ck_assert_int_eq(xq_book_position_count(p1), 1);
    ck_assert_int_eq(xq_book_move_count(p1), 3);
    ck_assert_int_eq(xq_book_probe(p1, b, e, XQ_MAX_MOVES), 0);

    xq_book_free(p1);
    xq_book_free(s6);
    xq_book_free(g2);
    xq_book_free(w);
    xq_board_free(s);
    xq_board_free(m);
    xq_board_free(b);
    xq_book_free(book);
}
END_TEST

/* ---- counts computed independently from the game file ---- */

/* The placement and side of a FEN, optionally mirrored left-right. */
static void fen_key(const char *fen, int mirror, char *out)
{
    char rows[10][10];
    int r = 0, f = 0;
    const char *p = fen;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            r++;
            f = 0;
        } else if (*p >= '1' && *p <= '9') {
            for (int k = 0; k < *p - '0'; k++)
                rows[r][f++] = '.';
        } else {
            rows[r][f++] = *p;
        }
    }
    char *o = out;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 9; j++)
            *o++ = rows[i][mirror ? 8 - j : j];
    *o++ = p[1];
    *o = 0;
}

static xq_move mirror_move(xq_move m)
{
    const int f = XQ_MOVE_FROM(m), t = XQ_MOVE_TO(m);
    return XQ_MOVE(f - 2 * (f % 9) + 8, t - 2 * (t % 9) + 8);
}

enum { MAX_GAMES = 1200, PLIES = 40 };

typedef struct played {
    char key[96];
    xq_move move;
} played;

START_TEST(counts_from_games)
{
    /* Every (position, move) of the first 40 plies of the 1125 games, by FEN text. */
    static played all[MAX_GAMES * PLIES];
    int nall = 0, ngames = 0;
    xq_pgn_reader *rd;
    xq_record *rec;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, games_path(), NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_record_new(&rec, NULL, NULL), XQ_OK);
    while (xq_pgn_reader_next(rd, rec, NULL) != 0) {
        ngames++;
        xq_board *b = xq_test_board(NULL);
        const int n = xq_record_mainline_size(rec);
        for (int i = 0; i < n && i < PLIES; i++) {
            xq_move m;
            ck_assert_int_eq(xq_record_mainline_move(rec, i, &m), XQ_OK);
            fen_key(xq_test_fen(b), 0, all[nall].key);
            all[nall++].move = m;
            ck_assert_int_eq(xq_board_make_move(b, m), XQ_OK);
        }
        xq_board_free(b);
    }
    xq_pgn_reader_free(rd);
    ck_assert_int_eq(ngames, 1125);

    xq_book *book = build_games(0, -1, NULL);
    ck_assert_int_eq(xq_book_games(book), 1125);
    /* Probe the positions of the first 30 games' first 14 plies. */
    ck_assert_int_eq(xq_pgn_reader_open(&rd, games_path(), NULL, NULL), XQ_OK);
    int checked = 0, mirrored_hits = 0;
    for (int g = 0; g < 30 && xq_pgn_reader_next(rd, rec, NULL) == 1; g++) {
        xq_board *b = xq_test_board(NULL);
        for (int i = 0; i < 14 && i < xq_record_mainline_size(rec); i++) {
            char key[96], mkey[96];
            fen_key(xq_test_fen(b), 0, key);
            fen_key(xq_test_fen(b), 1, mkey);
            const int symmetric = !strcmp(key, mkey);
            /* Expected: the moves from this position, and those from its mirror
             * image mapped over (once, if the position is symmetric). */
            xq_move moves[XQ_MAX_MOVES];
            uint32_t counts[XQ_MAX_MOVES];
            int nm = 0;
            for (int k = 0; k < nall; k++) {
                xq_move m;
                if (!strcmp(all[k].key, key))
                    m = all[k].move;
                else if (!symmetric && !strcmp(all[k].key, mkey)) {
                    m = mirror_move(all[k].move);
                    mirrored_hits++;
                } else
                    continue;
                int j = 0;
                while (j < nm && moves[j] != m)
                    j++;
                if (j == nm) {
                    moves[nm] = m;
                    counts[nm++] = 0;
                }
                counts[j]++;
            }
            xq_book_entry e[XQ_MAX_MOVES];
            const int n = xq_book_probe(book, b, e, XQ_MAX_MOVES);
            ck_assert_int_eq(n, nm);
            for (int j = 0; j < nm; j++) {
                int k = 0;
                while (k < n && e[k].move != moves[j])
                    k++;
                ck_assert_msg(k < n, "a move is missing at ply %d of game %d", i, g);
                ck_assert_uint_eq(e[k].games, counts[j]);
                ck_assert_uint_eq(e[k].wins + e[k].draws + e[k].losses, 0); /* no results */
                ck_assert(xq_board_is_legal(b, e[k].move) == 1);
            }
            checked++;
            xq_move m;
            xq_record_mainline_move(rec, i, &m);
            xq_board_make_move(b, m);
        }
        xq_board_free(b);
    }
    ck_assert_int_ge(checked, 400);
    ck_assert_int_gt(mirrored_hits, 0); /* mirrored lines were really merged */
    xq_pgn_reader_free(rd);
    xq_record_free(rec);
    xq_book_free(book);
}
END_TEST

/* ---- files ---- */

static const char *tmp_path(const char *name)
{
    static char buf[256];
    snprintf(buf, sizeof buf, "/tmp/check_book_%ld_%s", (long)getpid(), name);
    return buf;
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert(f != NULL);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

static char *dump(const xq_book *book)
{
    const int64_t n = xq_book_dump(book, NULL, 0);
    ck_assert_int_ge(n, 0);
    char *s = malloc((size_t)n + 1);
    ck_assert_int_eq(xq_book_dump(book, s, (size_t)n + 1), n);
    return s;
}

START_TEST(write_open_roundtrip)
{
    xq_book *book = build_games(0, -1, NULL);
    const char *path = tmp_path("rt.xqb");
    ck_assert_int_eq(xq_book_write(book, path), XQ_OK);
    xq_book *back;
    xq_parse_error err;
    ck_assert_int_eq(xq_book_open(&back, path, &err), XQ_OK);
    size_t n1, n2;
    const void *d1 = xq_book_data(book, &n1), *d2 = xq_book_data(back, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert(memcmp(d1, d2, n1) == 0);
    ck_assert_int_eq(xq_book_position_count(back), xq_book_position_count(book));
    ck_assert_int_eq(xq_book_move_count(back), xq_book_move_count(book));
    ck_assert_uint_eq(n1, 64 + 16 * (size_t)xq_book_position_count(book) +
                              20 * (size_t)xq_book_move_count(book));
    char *t1 = dump(book), *t2 = dump(back);
    ck_assert_str_eq(t1, t2);
    /* The text export: one line per move, the key of the start position is
     * xq_board_hash() of the start position (symmetric, so canonical). */
    xq_board *b = xq_test_board(NULL);
    char key[32];
    snprintf(key, sizeof key, "%016" PRIx64 " h2e2 games ", xq_board_hash(b));
    ck_assert_ptr_nonnull(strstr(t1, key));
    int lines = 0;
    for (const char *p = t1; *p; p++)
        lines += *p == '\n';
    ck_assert_int_eq(lines, xq_book_move_count(book));
    /* Entries by index: keys increasing. */
    uint64_t prev = 0, k;
    for (int64_t i = 0; i < xq_book_position_count(back); i++) {
        ck_assert_int_ge(xq_book_position_at(back, i, &k, NULL, 0), 1);
        ck_assert(i == 0 || k > prev);
        prev = k;
    }
    ck_assert_int_eq(xq_book_position_at(back, -1, &k, NULL, 0), XQ_EINVAL);
    /* From memory, borrowed. */
    xq_book *mem;
    ck_assert_int_eq(xq_book_open_memory(&mem, d1, n1, NULL), XQ_OK);
    xq_book_entry e[XQ_MAX_MOVES], f[XQ_MAX_MOVES];
    ck_assert_int_eq(xq_book_probe(mem, b, e, XQ_MAX_MOVES), xq_book_probe(book, b, f, XQ_MAX_MOVES));
    xq_book_free(mem);
    free(t1);
    free(t2);
    xq_board_free(b);
    xq_book_free(back);
    xq_book_free(book);
    unlink(path);
    /* NULL handles */
    xq_book_free(NULL);
    xq_book_builder_free(NULL);
    ck_assert_int_eq(xq_book_probe(NULL, NULL, NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_book_write(NULL, path), XQ_EINVAL);
}
END_TEST

START_TEST(merge_equals_union)
{
    xq_book *a = build_games(0, 500, NULL), *b = build_games(500, -1, NULL);
    xq_book *all = build_games(0, -1, NULL), *m;
    ck_assert_int_eq(xq_book_merge(&m, a, b, NULL), XQ_OK);
    size_t n1, n2;
    const void *d1 = xq_book_data(all, &n1), *d2 = xq_book_data(m, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert(memcmp(d1, d2, n1) == 0); /* byte for byte */
    /* A merge with filters equals a build with them. */
    xq_book_options o;
    xq_book_options_init(&o, XQ_BOOK_OPTIONS_VERSION);
    o.min_games = 3;
    xq_book *f = build_games(0, -1, &o), *mf;
    ck_assert_int_eq(xq_book_merge(&mf, a, b, &o), XQ_OK);
    d1 = xq_book_data(f, &n1);
    d2 = xq_book_data(mf, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert(memcmp(d1, d2, n1) == 0);
    ck_assert_int_lt(xq_book_move_count(f), xq_book_move_count(all));
    /* Merging a book with itself doubles every count. */
    xq_book *twice;
    ck_assert_int_eq(xq_book_merge(&twice, all, all, NULL), XQ_OK);
    ck_assert_int_eq(xq_book_games(twice), 2 * 1125);
    xq_book_free(twice);
    xq_book_free(mf);
    xq_book_free(f);
    xq_book_free(m);
    xq_book_free(all);
    xq_book_free(b);
    xq_book_free(a);
}
END_TEST

/* FNV-1a 64 over every byte but the checksum field (docs/book.md). */
static uint64_t fnv(const unsigned char *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        if (i < 48 || i >= 56)
            h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static int open_bytes(const void *data, size_t n, xq_parse_error *err)
{
    const char *path = tmp_path("bad.xqb");
    write_bytes(path, data, n);
    xq_book *book = (xq_book *)1;
    const int rc = xq_book_open(&book, path, err);
    ck_assert_ptr_null(book);
    unlink(path);
    return rc;
}

START_TEST(damaged_files)
{
    xq_book *book = build_pgn_text(small_games, NULL);
    size_t n;
    const unsigned char *d = xq_book_data(book, &n);
    unsigned char *c = malloc(n);
    xq_parse_error err;

    ck_assert_int_eq(open_bytes("", 0, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "empty"));
    ck_assert_int_eq(open_bytes("PK\3\4 not a book at all", 22, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "magic"));
    ck_assert_int_eq(open_bytes(d, 40, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "truncated"));
    ck_assert_int_eq(open_bytes(d, n - 1, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "truncated"));
    ck_assert_ptr_nonnull(strstr(err.message, "check_book_")); /* names the file */

    memcpy(c, d, n);
    c[8] = 2; /* format version 2 */
    ck_assert_int_eq(open_bytes(c, n, &err), XQ_EVERSION);
    ck_assert_ptr_nonnull(strstr(err.message, "version 2"));

    memcpy(c, d, n);
    c[n - 3] ^= 0x10; /* a count changed */
    ck_assert_int_eq(open_bytes(c, n, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "checksum"));

    /* A well-formed book with a correct checksum whose start position lists
     * an illegal move (a collision, or a hostile file): never returned. */
    memcpy(c, d, n);
    const size_t npos = (size_t)xq_book_position_count(book);
    unsigned char *moves = c + 64 + 16 * npos;
    /* The start position's moves come first if its key is the smallest; find it. */
    xq_board *b = xq_test_board(NULL);
    const uint64_t key = xq_board_hash(b);
    size_t first = 0, count = 0;
    for (size_t i = 0; i < npos; i++) {
        const unsigned char *pe = c + 64 + 16 * i;
        uint64_t k = 0;
        for (int j = 7; j >= 0; j--)
            k = k << 8 | pe[j];
        if (k == key) {
            first = (size_t)(pe[8] | pe[9] << 8);
            count = (size_t)(pe[12] | pe[13] << 8);
        }
    }
    ck_assert_uint_eq(count, 3);
    const xq_move bad = mv("a0a9"); /* through its own soldier: illegal */
    for (size_t j = 0; j < count; j++) {
        unsigned char *m = moves + 20 * (first + j);
        xq_move old = (xq_move)(m[0] | m[1] << 8);
        if (old == mv("c3c4")) {
            m[0] = (unsigned char)bad;
            m[1] = (unsigned char)(bad >> 8);
        }
    }
    put64(c + 48, fnv(c, n));
    xq_book *hostile = NULL;
    int rc = xq_book_open_memory(&hostile, c, n, &err);
    if (rc == XQ_OK) {
        xq_book_entry e[XQ_MAX_MOVES];
        const int k = xq_book_probe(hostile, b, e, XQ_MAX_MOVES);
        ck_assert_int_eq(k, 2); /* a0a9 left out */
        for (int i = 0; i < k; i++)
            ck_assert(e[i].move != bad);
        xq_book_free(hostile);
    } else {
        ck_assert_int_eq(rc, XQ_EPARSE); /* out of order: refused, also fine */
    }
    /* Counts near 2^32: a merge halves the sums that would pass it, so the
     * merged book is still valid (wins + draws + losses <= games). */
    memcpy(c, d, n);
    for (size_t j = 0; j < (size_t)xq_book_move_count(book); j++) {
        unsigned char *m = moves + 20 * j;
        const uint32_t big[4] = {0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0};
        for (int f = 0; f < 4; f++)
            for (int i = 0; i < 4; i++)
                m[4 + 4 * f + i] = (unsigned char)(big[f] >> (8 * i));
    }
    put64(c + 48, fnv(c, n));
    xq_book *huge = NULL, *sum = NULL;
    ck_assert_int_eq(xq_book_open_memory(&huge, c, n, &err), XQ_OK);
    ck_assert_int_eq(xq_book_merge(&sum, huge, huge, NULL), XQ_OK);
    xq_book_entry he;
    ck_assert_int_eq(xq_book_position_at(sum, 0, NULL, &he, 1) > 0, 1);
    ck_assert_uint_eq(he.games, 0xFFFFFFFFu);
    ck_assert_uint_eq(he.wins, 0x80000000u);
    ck_assert_uint_eq(he.draws, 0x7FFFFFFFu);
    xq_book_free(sum);
    xq_book_free(huge);
    ck_assert_int_eq(xq_book_open(&hostile, "/nonexistent/book.xqb", &err), XQ_EIO);
    ck_assert_ptr_nonnull(strstr(err.message, "No such file"));
    xq_board_free(b);
    free(c);
    xq_book_free(book);
}
END_TEST

/* ---- options ---- */

START_TEST(options)
{
    xq_book_options o;
    ck_assert_int_eq(xq_book_options_init(NULL, XQ_BOOK_OPTIONS_VERSION), XQ_EINVAL);
    ck_assert_int_eq(xq_book_options_init(&o, 0), XQ_EVERSION);
    ck_assert_int_eq(xq_book_options_init(&o, XQ_BOOK_OPTIONS_VERSION + 1), XQ_EVERSION);
    ck_assert_int_eq(xq_book_options_init(&o, XQ_BOOK_OPTIONS_VERSION), XQ_OK);
    const xq_book_options init = XQ_BOOK_OPTIONS_INIT;
    ck_assert(memcmp(&o, &init, sizeof o) == 0);
    ck_assert_int_eq(o.max_ply, 40);
    xq_book_builder *b = (xq_book_builder *)1;
    o.max_ply = 0;
    ck_assert_int_eq(xq_book_builder_new(&b, &o), XQ_EINVAL);
    ck_assert_ptr_null(b);
    o.max_ply = 40;
    o.min_score = 1001;
    ck_assert_int_eq(xq_book_builder_new(&b, &o), XQ_EINVAL);
    o.min_score = 0;
    o.weighting = 7;
    ck_assert_int_eq(xq_book_builder_new(&b, &o), XQ_EINVAL);
    o.weighting = 0;
    o.version = 0;
    ck_assert_int_eq(xq_book_builder_new(&b, &o), XQ_EVERSION);
    ck_assert_int_eq(xq_book_builder_new(&b, NULL), XQ_OK);
    xq_book *empty;
    ck_assert_int_eq(xq_book_builder_finish(b, &empty), XQ_OK);
    ck_assert_int_eq(xq_book_position_count(empty), 0);
    xq_board *s = xq_test_board(NULL);
    ck_assert_int_eq(xq_book_probe(empty, s, NULL, 0), 0);
    xq_move m;
    ck_assert_int_eq(xq_book_pick(empty, s, NULL, 1, 0, &m), XQ_ENOTFOUND);
    ck_assert(m == XQ_MOVE_NONE);
    ck_assert_int_eq(xq_book_builder_games(b), 0);
    xq_board_free(s);
    xq_book_free(empty);
    xq_book_builder_free(b);
}
END_TEST

/* ---- picking, and the engine with a book ---- */

START_TEST(pick_by_weight)
{
    xq_book *book = build_games(0, -1, NULL);
    xq_board *b = xq_test_board(NULL);
    xq_book_entry e[XQ_MAX_MOVES];
    const int n = xq_book_probe(book, b, e, XQ_MAX_MOVES);
    ck_assert_int_ge(n, 2);
    int hits[XQ_MAX_MOVES] = {0};
    for (uint64_t seed = 0; seed < 400; seed++) {
        xq_move m, again;
        ck_assert_int_eq(xq_book_pick(book, b, NULL, seed, 0, &m), XQ_OK);
        ck_assert_int_eq(xq_book_pick(book, b, NULL, seed, 0, &again), XQ_OK);
        ck_assert(m == again);
        int k = 0;
        while (k < n && e[k].move != m)
            k++;
        ck_assert_int_lt(k, n);
        hits[k]++;
    }
    /* The heaviest move is picked most often, and not every time. */
    for (int k = 1; k < n; k++)
        ck_assert_int_ge(hits[0], hits[k]);
    ck_assert_int_lt(hits[0], 400);
    xq_move best;
    ck_assert_int_eq(xq_book_pick(book, b, NULL, 5, XQ_BOOK_PICK_BEST, &best), XQ_OK);
    ck_assert(best == e[0].move);
    ck_assert_int_eq(xq_book_pick(book, b, NULL, 5, 0x80, &best), XQ_EINVAL);

    /* A move that would repeat a position is never picked: after
     * h2e2 h9g7 e2h2 g7h9 the start position is back, and h2e2 would repeat. */
    xq_test_play(b, "h2e2");
    xq_test_play(b, "h9g7");
    xq_test_play(b, "e2h2");
    xq_test_play(b, "g7h9");
    for (uint64_t seed = 0; seed < 100; seed++) {
        xq_move m;
        ck_assert_int_eq(xq_book_pick(book, b, NULL, seed, 0, &m), XQ_OK);
        ck_assert(m != mv("h2e2"));
        ck_assert(xq_board_is_legal(b, m) == 1);
        ck_assert_int_eq(xq_board_move_banned(b, NULL, m), 0);
    }
    xq_board_free(b);
    xq_book_free(book);
}
END_TEST

START_TEST(search_with_book)
{
    xq_book *book = build_games(0, -1, NULL);
    xq_search *s;
    ck_assert_int_eq(xq_search_new(&s, NULL), XQ_OK);
    ck_assert_int_eq(xq_search_set_book(s, book), XQ_OK);
    ck_assert_int_eq(xq_search_set_book(NULL, book), XQ_EINVAL);
    xq_board *b = xq_test_board(NULL);
    xq_search_limits lim;
    xq_search_result r;
    xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION);
    lim.depth = 3;
    int distinct = 0;
    xq_move seen[XQ_MAX_MOVES];
    for (uint64_t seed = 0; seed < 20; seed++) {
        lim.seed = seed;
        ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
        ck_assert_int_eq(r.book_move, 1);
        ck_assert_uint_eq(r.nodes, 0);
        ck_assert_int_eq(r.pv_length, 1);
        ck_assert(r.pv[0] == r.best_move);
        ck_assert(xq_board_is_legal(b, r.best_move) == 1);
        int k = 0;
        while (k < distinct && seen[k] != r.best_move)
            k++;
        if (k == distinct)
            seen[distinct++] = r.best_move;
    }
    ck_assert_int_ge(distinct, 2); /* the book varies the play */
    /* banmoves and searchmoves are obeyed. */
    xq_book_entry e[XQ_MAX_MOVES];
    const int n = xq_book_probe(book, b, e, XQ_MAX_MOVES);
    lim.nbanmoves = 0;
    for (int i = 1; i < n; i++)
        lim.banmoves[lim.nbanmoves++] = e[i].move;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    ck_assert_int_eq(r.book_move, 1);
    ck_assert(r.best_move == e[0].move);
    lim.banmoves[lim.nbanmoves++] = e[0].move; /* every book move banned: a search */
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    ck_assert_int_eq(r.book_move, 0);
    ck_assert_uint_gt(r.nodes, 0);
    for (int i = 0; i < lim.nbanmoves; i++)
        ck_assert(r.best_move != lim.banmoves[i]);
    lim.nbanmoves = 0;
    lim.nsearchmoves = 1;
    lim.searchmoves[0] = e[n - 1].move;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    ck_assert_int_eq(r.book_move, 1);
    ck_assert(r.best_move == e[n - 1].move);
    lim.nsearchmoves = 0;
    /* no_book: a real search. */
    lim.no_book = 1;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
    ck_assert_int_eq(r.book_move, 0);
    ck_assert_int_eq(r.depth, 3);
    lim.no_book = 0;
    /* A caller of limits version 1 (before no_book): init writes nothing past
     * its struct, and what lies there is not read as no_book. */
    {
        union {
            xq_search_limits l;
            unsigned char bytes[sizeof(xq_search_limits)];
        } v1;
        memset(&v1, 0xAB, sizeof v1);
        ck_assert_int_eq(xq_search_limits_init(&v1.l, 1), XQ_OK);
        for (size_t i = offsetof(xq_search_limits, no_book); i < sizeof v1; i++)
            ck_assert_int_eq(v1.bytes[i], 0xAB);
        ck_assert_int_eq(v1.l.version, 1);
        v1.l.depth = 3;
        ck_assert_int_eq(xq_search_run(s, b, &v1.l, &r), XQ_OK);
        ck_assert_int_eq(r.book_move, 1);
    }
    /* Out of the book: a real search. */
    xq_board *out = xq_test_board("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    ck_assert_int_eq(xq_search_run(s, out, &lim, &r), XQ_OK);
    ck_assert_int_eq(r.book_move, 0);
    /* The repeating move is not played by the engine either. */
    xq_test_play(b, "h2e2");
    xq_test_play(b, "h9g7");
    xq_test_play(b, "e2h2");
    xq_test_play(b, "g7h9");
    for (uint64_t seed = 0; seed < 20; seed++) {
        lim.seed = seed;
        ck_assert_int_eq(xq_search_run(s, b, &lim, &r), XQ_OK);
        ck_assert(r.best_move != mv("h2e2"));
        ck_assert(xq_board_is_legal(b, r.best_move) == 1);
        ck_assert_int_eq(xq_board_move_banned(b, NULL, r.best_move), 0);
    }
    /* Taking the book away. */
    ck_assert_int_eq(xq_search_set_book(s, NULL), XQ_OK);
    xq_board *start = xq_test_board(NULL);
    ck_assert_int_eq(xq_search_run(s, start, &lim, &r), XQ_OK);
    ck_assert_int_eq(r.book_move, 0);
    xq_board_free(start);
    xq_board_free(out);
    xq_board_free(b);
    xq_search_free(s);
    xq_book_free(book);
}
END_TEST

/* Every position of the book's own games, replayed: the engine with the book
 * plays only legal moves that are not banned. */
START_TEST(book_moves_always_legal)
{
    xq_book *book = build_games(0, -1, NULL);
    xq_pgn_reader *rd;
    xq_record *rec;
    ck_assert_int_eq(xq_pgn_reader_open(&rd, games_path(), NULL, NULL), XQ_OK);
    ck_assert_int_eq(xq_record_new(&rec, NULL, NULL), XQ_OK);
    int picks = 0;
    for (int g = 0; g < 200 && xq_pgn_reader_next(rd, rec, NULL) == 1; g++) {
        xq_board *b = xq_test_board(NULL);
        for (int i = 0; i < 40 && i < xq_record_mainline_size(rec); i++) {
            xq_move m, p;
            if (xq_book_pick(book, b, NULL, (uint64_t)g, 0, &p) == XQ_OK) {
                XQ_CHECK(xq_board_is_legal(b, p) == 1, "illegal book move");
                XQ_CHECK(xq_board_move_banned(b, NULL, p) == 0, "banned book move");
                picks++;
            }
            xq_record_mainline_move(rec, i, &m);
            xq_board_make_move(b, m);
        }
        xq_board_free(b);
    }
    ck_assert_int_gt(picks, 4000);
    xq_record_free(rec);
    xq_pgn_reader_free(rd);
    xq_book_free(book);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("book");
    TCase *tc = tcase_create("book");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, counts_by_hand);
    tcase_add_test(tc, write_open_roundtrip);
    tcase_add_test(tc, damaged_files);
    tcase_add_test(tc, options);
    tcase_add_test(tc, pick_by_weight);
    suite_add_tcase(s, tc);
    /* The search with a book: what the ThreadSanitizer stage is after. */
    TCase *ts = tcase_create("search");
    tcase_set_timeout(ts, 120);
    tcase_add_test(ts, search_with_book);
    suite_add_tcase(s, ts);
    /* Every position of the 1125 games: slow under ThreadSanitizer, tagged
     * so that stage can leave it out (CK_EXCLUDE_TAGS=positions). */
    TCase *tp = tcase_create("positions");
    tcase_set_tags(tp, "positions");
    tcase_set_timeout(tp, 120);
    tcase_add_test(tp, counts_from_games);
    tcase_add_test(tp, merge_equals_union);
    tcase_add_test(tp, book_moves_always_legal);
    suite_add_tcase(s, tp);
    return xq_test_run(s);
}
