/* SPDX-License-Identifier: MIT */
/* XQF (all versions, encrypted ones included) and DhtmlXQ readers. */
#include <unistd.h>

#include "xq_test.h"

static xq_record *new_record(void)
{
    xq_record *r = NULL;
    ck_assert_int_eq(xq_record_new(&r, NULL, NULL), XQ_OK);
    return r;
}

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    ck_assert_int_eq(fread(p, 1, (size_t)n, f), (size_t)n);
    p[n] = 0;
    fclose(f);
    *size = (size_t)n;
    return p;
}

/* The move text (after the tags) of a record written as ICCS PGN. */
static char *movetext(const xq_record *r)
{
    xq_pgn_options o;
    xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
    o.notation = XQ_NOTATION_ICCS;
    o.line_width = 0;
    int n = xq_record_to_pgn(r, &o, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *p = malloc((size_t)n + 1);
    xq_record_to_pgn(r, &o, p, (size_t)n + 1);
    char *body = strstr(p, "\n\n");
    ck_assert_ptr_nonnull(body);
    char *out = strdup(body + 2);
    free(p);
    return out;
}

/* The same without the result marker. */
static char *movetext_only(const xq_record *r)
{
    char *t = movetext(r);
    char *sp = strrchr(t, ' ');
    if (sp)
        *sp = 0;
    else
        t[0] = 0;
    return t;
}

static void expect_tag(const xq_record *r, const char *name, const char *value)
{
    char buf[256];
    int n = xq_record_tag(r, name, buf, sizeof buf);
    ck_assert_msg(n >= 0, "tag %s missing", name);
    ck_assert_str_eq(buf, value);
}

/* ---- XQF fixtures made by tests/data/xqf/make_fixtures.py ---- */

static void check_fixture(const char *name, xq_record **out)
{
    char path[256];
    size_t size;
    xq_parse_error err;
    xq_record *x = new_record(), *p = new_record();
    snprintf(path, sizeof path, "xqf/%s.xqf", name);
    char *data = slurp(xq_test_path(path), &size);
    ck_assert_int_eq(xq_format_detect(data, size), XQ_FORMAT_XQF);
    int rc = xq_record_from_xqf(x, data, size, &err);
    ck_assert_msg(rc == XQ_OK, "%s: %d %s", name, rc, err.message);
    /* The file loader gives the same. */
    xq_record *l = new_record();
    ck_assert_int_eq(xq_record_load(l, xq_test_path(path), NULL, &err), XQ_OK);
    snprintf(path, sizeof path, "xqf/%s.pgn", name);
    size_t psize;
    char *pgn = slurp(xq_test_path(path), &psize);
    ck_assert_int_eq(xq_record_from_pgn(p, pgn, psize, NULL, &err), XQ_OK);
    char *a = movetext_only(x), *b = movetext_only(p), *c = movetext_only(l);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    char fa[XQ_FEN_MAX], fb[XQ_FEN_MAX];
    xq_record_start_fen(x, fa, sizeof fa);
    xq_record_start_fen(p, fb, sizeof fb);
    ck_assert_str_eq(fa, fb);
    free(a), free(b), free(c), free(pgn), free(data);
    xq_record_free(p);
    xq_record_free(l);
    *out = x;
}

START_TEST(xqf_fixtures)
{
    xq_record *r;
    /* The example file of the XQF 1.0 format document. */
    check_fixture("spec-example", &r);
    ck_assert_int_eq(xq_record_mainline_size(r), 16);
    expect_tag(r, "Title", "仙人指路对起马局");
    expect_tag(r, "Event", "\"中立杯\"象棋电视快棋赛");
    expect_tag(r, "Date", "1997年11月16日");
    expect_tag(r, "Site", "北京");
    expect_tag(r, "Red", "柳大华");
    expect_tag(r, "Black", "吕  钦");
    expect_tag(r, "Result", "0-1");
    expect_tag(r, "Annotator", "刘殿中");
    expect_tag(r, "Author", "过河象");
    xq_record_free(r);

    static const char *const versions[] = {"v10-variations", "v11-encrypted", "v12-encrypted"};
    static const char *const results[] = {"1/2-1/2", "1-0", "0-1"};
    for (int i = 0; i < 3; i++) {
        check_fixture(versions[i], &r);
        expect_tag(r, "Title", "测试");
        expect_tag(r, "Red", "红方");
        expect_tag(r, "Black", "黑方");
        expect_tag(r, "Result", results[i]);
        char buf[64];
        xq_record_goto(r, 0);
        xq_record_comment(r, buf, sizeof buf);
        ck_assert_str_eq(buf, "开局");
        ck_assert_int_eq(xq_record_variation_count(r), 3);
        ck_assert_int_eq(xq_record_mainline_size(r), 5);
        xq_record_free(r);
    }
    check_fixture("v18-endgame", &r);
    ck_assert_int_eq(xq_board_side_to_move(xq_record_board(r)), XQ_RED); /* after 3 plies */
    ck_assert_int_eq(xq_record_mainline_size(r), 3);
    expect_tag(r, "Title", "残局");
    xq_record_free(r);
}
END_TEST

/* ---- an XQF writer (the inverse of the reader, from the format notes) ---- */

typedef struct xbuf {
    unsigned char *p;
    size_t n, cap;
} xbuf;

static void put(xbuf *b, const void *s, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

typedef struct xkeys {
    int version, poff, soff, doff, coff;
    unsigned char stream[32];
} xkeys;

static int xy_of(int sq) { return xq_square_file(sq) * 10 + xq_square_rank(sq); }

static void put_record(xbuf *b, const xkeys *k, xq_move m, int next, int sib, const char *comment)
{
    size_t clen = strlen(comment);
    unsigned char rec[8];
    int f = m ? xy_of(XQ_MOVE_FROM(m)) : 0, t = m ? xy_of(XQ_MOVE_TO(m)) : 0;
    rec[0] = (unsigned char)(f + 24 + k->soff);
    rec[1] = (unsigned char)(t + 32 + k->doff);
    rec[3] = 0;
    if (k->version <= 10) {
        rec[2] = (unsigned char)((next ? 0xF0 : 0) | (sib ? 0x0F : 0));
        for (int i = 0; i < 4; i++)
            rec[4 + i] = (unsigned char)(clen >> (8 * i));
        put(b, rec, 8);
    } else {
        rec[2] = (unsigned char)((next ? 0x80 : 0) | (sib ? 0x40 : 0) | (clen ? 0x20 : 0));
        size_t v = clen + (size_t)k->coff;
        for (int i = 0; i < 4; i++)
            rec[4 + i] = (unsigned char)(v >> (8 * i));
        put(b, rec, clen ? 8 : 4);
    }
    put(b, comment, clen);
}

static void walk(xq_record *r, xbuf *b, const xkeys *k)
{
    int n = xq_record_variation_count(r);
    for (int i = 0; i < n; i++) {
        xq_move m;
        char c[512];
        ck_assert_int_eq(xq_record_enter_variation(r, i), XQ_OK);
        xq_record_line_move(r, xq_record_ply(r) - 1, &m);
        xq_record_comment(r, c, sizeof c);
        put_record(b, k, m, xq_record_variation_count(r) > 0, i + 1 < n, c);
        walk(r, b, k);
        xq_record_back(r);
    }
}

static unsigned f54(unsigned x) { return x * x * 54 + 221; }

/* Encode a record as XQF of a version with the given key bytes. */
static unsigned char *encode_xqf(xq_record *r, int version, const unsigned char key9[9], size_t *size)
{
    static const char order[] = "RNBAKABNRCCPPPPP";
    static const char mask_text[] = "[(C) Copyright Mr. Dong Shiwei.]";
    unsigned char h[0x400];
    memset(h, 0, sizeof h);
    h[0] = 'X', h[1] = 'Q', h[2] = (unsigned char)version;
    xkeys k;
    memset(&k, 0, sizeof k);
    k.version = version;
    if (version >= 11) {
        unsigned mask = key9[0], sum = key9[5], kxy = key9[6], kf = key9[7], kt = key9[8];
        h[3] = (unsigned char)mask;
        memcpy(h + 8, key9 + 1, 4);
        h[12] = (unsigned char)sum, h[13] = (unsigned char)kxy, h[14] = (unsigned char)kf, h[15] = (unsigned char)kt;
        k.poff = (int)((f54(kxy) * kxy) & 0xFF);
        k.soff = (int)((f54(kf) * (unsigned)k.poff) & 0xFF);
        k.doff = (int)((f54(kt) * (unsigned)k.soff) & 0xFF);
        k.coff = (int)((sum * 256 + kxy) % 32000 + 767);
        unsigned key[4] = {(sum & mask) | key9[1], (kxy & mask) | key9[2], (kf & mask) | key9[3],
                           (kt & mask) | key9[4]};
        for (int i = 0; i < 32; i++)
            k.stream[i] = (unsigned char)((unsigned char)mask_text[i] & key[i % 4]);
    }
    /* Start position: piece squares into their slots. */
    xq_record_goto(r, 0);
    const xq_board *b = xq_record_board(r);
    int slot[32];
    for (int i = 0; i < 32; i++)
        slot[i] = 255;
    for (int s = 0; s < XQ_SQUARE_NB; s++) {
        int pc = xq_board_piece_at(b, s);
        if (!pc)
            continue;
        int base = xq_piece_color_of(pc) == XQ_RED ? 0 : 16;
        char L = (char)(xq_piece_char(pc) & ~0x20);
        for (int i = 0; i < 16; i++)
            if (order[i] == L && slot[base + i] == 255) {
                slot[base + i] = xy_of(s);
                break;
            }
    }
    for (int i = 0; i < 32; i++) {
        int v = version >= 12 ? slot[(k.poff + 1 + i) % 32] : slot[i];
        h[16 + i] = (unsigned char)(v + k.poff);
    }
    h[0x32] = (unsigned char)xq_board_side_to_move(b);
    xbuf body = {0};
    char c[512];
    xq_record_comment(r, c, sizeof c);
    put_record(&body, &k, 0, xq_record_variation_count(r) > 0, 0, c);
    walk(r, &body, &k);
    for (size_t i = 0; i < body.n; i++)
        body.p[i] = (unsigned char)(body.p[i] + k.stream[i % 32]);
    unsigned char *out = malloc(sizeof h + body.n);
    memcpy(out, h, sizeof h);
    memcpy(out + sizeof h, body.p, body.n);
    free(body.p);
    *size = sizeof h + body.n;
    return out;
}

/* A game of the master file with random variations and comments. */
static xq_record *random_tree(unsigned *seed, int game_index)
{
    FILE *f = fopen(xq_test_path("games/liu-dahua-1125-uci.pgn"), "rb");
    xq_pgn_reader *rd;
    fclose(f);
    ck_assert_int_eq(xq_pgn_reader_open(&rd, xq_test_path("games/liu-dahua-1125-uci.pgn"), NULL, NULL), XQ_OK);
    xq_record *r = new_record();
    for (int i = 0; i <= game_index; i++)
        ck_assert_int_eq(xq_pgn_reader_next(rd, r, NULL), 1);
    xq_pgn_reader_free(rd);
    int len = xq_record_mainline_size(r);
    static const char *const notes[] = {"", "good", "好棋", "a {tricky} move", "？！"};
    for (int v = 0; v < 12; v++) {
        xq_record_goto(r, 0);
        int at = (int)(rand_r(seed) % (unsigned)(len > 0 ? len : 1));
        for (int i = 0; i < at; i++)
            xq_record_forward(r);
        /* Wander: maybe into an existing variation, then add new moves. */
        for (int step = 0; step < 6; step++) {
            xq_move moves[XQ_MAX_MOVES];
            int n = xq_board_generate_moves(xq_record_board(r), moves, XQ_MAX_MOVES);
            if (n == 0)
                break;
            ck_assert_int_eq(xq_record_play(r, moves[rand_r(seed) % (unsigned)n]), XQ_OK);
            xq_record_set_comment(r, notes[rand_r(seed) % 5]);
        }
    }
    xq_record_goto(r, 0);
    xq_record_set_comment(r, notes[rand_r(seed) % 5]);
    return r;
}

START_TEST(xqf_roundtrip_all_versions)
{
    unsigned seed = 12345;
    static const int versions[] = {1, 10, 11, 12, 13, 16, 18, 255};
    xq_record *back = new_record();
    int files = 0;
    for (int g = 0; g < 6; g++) {
        xq_record *r = random_tree(&seed, g * 37);
        char *want = movetext(r);
        for (size_t v = 0; v < sizeof versions / sizeof versions[0]; v++) {
            for (int trial = 0; trial < 4; trial++) {
                unsigned char key9[9];
                for (int i = 0; i < 9; i++)
                    key9[i] = (unsigned char)rand_r(&seed);
                size_t size;
                unsigned char *x = encode_xqf(r, versions[v], key9, &size);
                xq_parse_error err;
                int rc = xq_record_from_xqf(back, x, size, &err);
                ck_assert_msg(rc == XQ_OK, "version %d: %s", versions[v], err.message);
                char *got = movetext(back);
                ck_assert_str_eq(got, want);
                free(got);
                files++;
                /* Every truncation is an error, never a crash. */
                if (trial == 0 && g < 2) {
                    for (size_t cut = 0; cut < size; cut += 1 + cut / 64) {
                        rc = xq_record_from_xqf(back, x, cut, &err);
                        ck_assert_msg(rc < 0 || cut >= size - 8, "cut %zu of %zu accepted", cut, size);
                    }
                    /* Flipped bytes: an error or some game, never a crash. */
                    for (int k = 0; k < 200; k++) {
                        unsigned char *y = malloc(size);
                        memcpy(y, x, size);
                        y[rand_r(&seed) % size] ^= (unsigned char)(1 + rand_r(&seed) % 255);
                        xq_record_from_xqf(back, y, size, &err);
                        free(y);
                    }
                }
                free(x);
            }
        }
        free(want);
        xq_record_free(r);
    }
    ck_assert_int_eq(files, 6 * 8 * 4);
    /* Not XQF */
    xq_parse_error err;
    ck_assert_int_eq(xq_record_from_xqf(back, "PGN", 3, &err), XQ_EPARSE);
    ck_assert_int_eq(xq_record_from_xqf(back, "XQ\x0a", 3, &err), XQ_EPARSE);
    ck_assert_int_eq(xq_record_from_xqf(NULL, "XQ", 2, &err), XQ_EINVAL);
    xq_record_free(back);
}
END_TEST

/* Key derivation constants computed independently (Python, from the format
 * notes) for the header bytes mask=5B A-D=11 22 33 44 sum=9A xy=35 xyf=77
 * xyt=C4 of the v11 fixture: position offset 0x7F, origin offset 0x8D,
 * destination offset 0x99, comment-length offset 8244, key stream
 * 1b 20 43 00 00 03 63 40 ... Check the bytes of the file against them. */
START_TEST(xqf_key_constants)
{
    size_t size;
    unsigned char *d = (unsigned char *)slurp(xq_test_path("xqf/v11-encrypted.xqf"), &size);
    static const unsigned char stream0[8] = {0x1b, 0x20, 0x43, 0x00, 0x00, 0x03, 0x63, 0x40};
    /* Root record: origin 0x18 + 0x8D, destination 0x20 + 0x99, flags
     * continuation + comment, then the comment length 4 + 8244. */
    ck_assert_int_eq((unsigned char)(d[0x400] - stream0[0]), (0x18 + 0x8D) & 0xFF);
    ck_assert_int_eq((unsigned char)(d[0x401] - stream0[1]), (0x20 + 0x99) & 0xFF);
    ck_assert_int_eq((unsigned char)(d[0x402] - stream0[2]), 0xA0);
    unsigned len = (unsigned char)(d[0x404] - stream0[4]) | (unsigned char)(d[0x405] - stream0[5]) << 8;
    ck_assert_int_eq(len, 4 + 8244);
    /* Version 11 stores piece squares plus the position offset (a0 = 0 here). */
    ck_assert_int_eq(d[0x10], 0x7F);
    free(d);
    /* And the reader agrees: the comment of the root is the 4-byte "开局". */
    xq_record *r = new_record();
    d = (unsigned char *)slurp(xq_test_path("xqf/v11-encrypted.xqf"), &size);
    ck_assert_int_eq(xq_record_from_xqf(r, d, size, NULL), XQ_OK);
    char c[16];
    xq_record_goto(r, 0);
    ck_assert_int_eq(xq_record_comment(r, c, sizeof c), 6);
    free(d);
    xq_record_free(r);
}
END_TEST

/* ---- DhtmlXQ ---- */

static const char dhtml_page[] =
    "<html><body><div>\n"
    "[DhtmlXQ]\n"
    "[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n"
    "[DhtmlXQ_title]测试对局[/DhtmlXQ_title]\n"
    "[DhtmlXQ_event]全国个人赛[/DhtmlXQ_event]\n"
    "[DhtmlXQ_date]2001-05-01[/DhtmlXQ_date]\n"
    "[DhtmlXQ_place]北京[/DhtmlXQ_place]\n"
    "[DhtmlXQ_red]胡荣华[/DhtmlXQ_red]<br>\n"
    "[DhtmlXQ_black]柳大华[/DhtmlXQ_black]\n"
    "[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n"
    "[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\n"
    "[DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]\n"
    "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]\n"
    "[DhtmlXQ_move_1_3_2]8988[/DhtmlXQ_move_1_3_2]\n"
    "[DhtmlXQ_move_0_1_3]2625[/DhtmlXQ_move_0_1_3]\n"
    "[DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]\n"
    "[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]\n"
    "[DhtmlXQ_comment1_2]屏风马 \\u9a6c[/DhtmlXQ_comment1_2]\n"
    "[DhtmlXQ]\n</div></body></html>\n";

START_TEST(dhtmlxq)
{
    xq_record *r = new_record();
    xq_parse_error err;
    ck_assert_int_eq(xq_format_detect(dhtml_page, sizeof dhtml_page - 1), XQ_FORMAT_DHTMLXQ);
    int rc = xq_record_from_dhtmlxq(r, dhtml_page, sizeof dhtml_page - 1, &err);
    ck_assert_msg(rc == XQ_OK, "%s", err.message);
    expect_tag(r, "Title", "测试对局");
    expect_tag(r, "Event", "全国个人赛");
    expect_tag(r, "Site", "北京");
    expect_tag(r, "Red", "胡荣华");
    expect_tag(r, "Black", "柳大华");
    expect_tag(r, "Result", "1-0");
    char *t = movetext(r);
    /* binit is the start position; "xyxy" with y from the top: 7747 = h2e2,
     * 7062 = h9g7, 7967 = h0g2, 8070 = i9h9. Branch 1 replaces step 2
     * (1022 = b9c7), branch 2 continues it at step 3 (8988 = i0i1), branch 3
     * replaces step 1 (2625 = c3c4). */
    ck_assert_str_eq(t, "{开局\n第二行} 1. h2e2 {中炮} (1. c3c4) 1... h9g7 (1... b9c7 {屏风马 马} 2. i0i1) "
                        "2. h0g2 i9h9 1-0\n\n");
    free(t);

    /* GBK page: same game. */
    const char gbk[] = "[DhtmlXQ_title]\xb2\xe2\xca\xd4[/DhtmlXQ_title]"
                       "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"
                       "[DhtmlXQ_comment1]\xba\xc3[/DhtmlXQ_comment1]";
    ck_assert_int_eq(xq_record_from_dhtmlxq(r, gbk, sizeof gbk - 1, &err), XQ_OK);
    expect_tag(r, "Title", "测试");
    ck_assert_int_eq(xq_record_mainline_size(r), 2);

    /* An endgame from binit, Black moving first. */
    const char end[] = "[DhtmlXQ_binit]99999999499999999999999999999999"
                       "99999999319999999999999999999999[/DhtmlXQ_binit]"
                       "[DhtmlXQ_movelist]31324948[/DhtmlXQ_movelist]";
    rc = xq_record_from_dhtmlxq(r, end, sizeof end - 1, &err);
    ck_assert_msg(rc == XQ_OK, "%s", err.message);
    char fen[XQ_FEN_MAX];
    xq_record_start_fen(r, fen, sizeof fen);
    ck_assert_str_eq(fen, "9/3k5/9/9/9/9/9/9/9/4K4 b - - 0 1");
    ck_assert_int_eq(xq_record_mainline_size(r), 2);

    /* Errors. */
    static const struct { const char *text; int code; } bad[] = {
        {"no data here", XQ_EPARSE},
        {"[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]", XQ_EPARSE},
        {"[DhtmlXQ_movelist]77a7[/DhtmlXQ_movelist]", XQ_EPARSE},
        {"[DhtmlXQ_movelist]77487967[/DhtmlXQ_movelist]", XQ_EILLEGAL},
        {"[DhtmlXQ_binit]8979[/DhtmlXQ_binit]", XQ_EPARSE},
        {"[DhtmlXQ_binit]4040999999999999999999999999999999999999999999999999999999999999[/DhtmlXQ_binit]", XQ_EPOSITION},
        {"[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_9_1]7967[/DhtmlXQ_move_0_9_1]", XQ_EPARSE},
        {"[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_x]7967[/DhtmlXQ_move_x]", XQ_EPARSE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rc = xq_record_from_dhtmlxq(r, bad[i].text, strlen(bad[i].text), &err);
        ck_assert_msg(rc == bad[i].code, "case %zu: %d (%s)", i, rc, err.message);
    }
    /* Every prefix of the page: an error or a game, never a crash. */
    for (size_t cut = 0; cut < sizeof dhtml_page; cut++)
        xq_record_from_dhtmlxq(r, dhtml_page, cut, &err);

    /* A failed load leaves the record as it was (no partial game). */
    ck_assert_int_eq(xq_record_from_dhtmlxq(r, dhtml_page, sizeof dhtml_page - 1, &err), XQ_OK);
    char *before = movetext(r);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_lt(xq_record_from_dhtmlxq(r, bad[i].text, strlen(bad[i].text), &err), 0);
        char *now = movetext(r);
        ck_assert_str_eq(now, before);
        free(now);
        expect_tag(r, "Red", "胡荣华");
    }
    const char late[] = "[DhtmlXQ_title]x[/DhtmlXQ_title][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"
                        "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1][DhtmlXQ_move_1_2_2]8988[/DhtmlXQ_move_1_2_2]";
    ck_assert_int_eq(xq_record_from_dhtmlxq(r, late, sizeof late - 1, &err), XQ_EPARSE);
    char *now = movetext(r);
    ck_assert_str_eq(now, before);
    free(now);
    free(before);
    /* A branch number used twice is an error (it names the branch's moves). */
    const char twice[] = "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"
                         "[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1][DhtmlXQ_move_0_1_1]2625[/DhtmlXQ_move_0_1_1]";
    ck_assert_int_eq(xq_record_from_dhtmlxq(r, twice, sizeof twice - 1, &err), XQ_EPARSE);
    ck_assert_str_eq(err.message, "DhtmlXQ: variation number 1 is used twice");
    xq_record_free(r);
}
END_TEST

START_TEST(xqf_failed_load_keeps_record)
{
    xq_record *r = new_record();
    xq_parse_error err;
    size_t size;
    char *data = slurp(xq_test_path("xqf/v10-variations.xqf"), &size);
    ck_assert_int_eq(xq_record_from_xqf(r, data, size, &err), XQ_OK);
    char *before = movetext(r);
    int ply = xq_record_ply(r), bad = 0;
    for (size_t cut = 0x400; cut + 8 < size; cut += 3) {
        if (xq_record_from_xqf(r, data, cut, &err) == XQ_OK)
            continue;
        bad++;
        char *now = movetext(r);
        ck_assert_str_eq(now, before);
        ck_assert_int_eq(xq_record_ply(r), ply);
        free(now);
    }
    ck_assert_int_gt(bad, 0);
    free(before);
    free(data);
    xq_record_free(r);
}
END_TEST

START_TEST(load_any_format)
{
    xq_record *r = new_record();
    xq_parse_error err;
    char path[] = "/tmp/xq-dhtml-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_eq(write(fd, dhtml_page, sizeof dhtml_page - 1), (ssize_t)(sizeof dhtml_page - 1));
    close(fd);
    ck_assert_int_eq(xq_record_load(r, path, NULL, &err), XQ_OK);
    ck_assert_int_eq(xq_record_mainline_size(r), 4);
    unlink(path);
    ck_assert_int_eq(xq_record_load(r, xq_test_path("games/xqdb-sample-chinese.pgn"), NULL, &err), XQ_OK);
    expect_tag(r, "Red", "ZHAO GuoRong");
    ck_assert_int_eq(xq_record_mainline_size(r), 127);
    ck_assert_int_eq(xq_record_load(r, "/nonexistent", NULL, &err), XQ_EIO);
    ck_assert_int_eq(xq_format_detect("[Event \"x\"]", 11), XQ_FORMAT_PGN);
    ck_assert_int_eq(xq_format_detect(NULL, 0), XQ_EINVAL);
    xq_record_free(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("formats");
    TCase *tc = tcase_create("formats");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, xqf_fixtures);
    tcase_add_test(tc, xqf_key_constants);
    tcase_add_test(tc, xqf_roundtrip_all_versions);
    tcase_add_test(tc, dhtmlxq);
    tcase_add_test(tc, xqf_failed_load_keeps_record);
    tcase_add_test(tc, load_any_format);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
