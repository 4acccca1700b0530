/* SPDX-License-Identifier: MIT */
/* xq_board_svg(): options, snprintf semantics, layout and markers. The
 * rendering itself (rsvg-convert to PNG) is tested by svg_render.sh. */
#include "xq_test.h"

/* The whole SVG in a malloc'ed string; fails the test on error. */
static char *svg(const xq_board *b, const xq_svg_options *opt)
{
    int n = xq_board_svg(b, opt, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *s = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(xq_board_svg(b, opt, s, (size_t)n + 1), n);
    ck_assert_uint_eq(strlen(s), (size_t)n);
    return s;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Value of the first numeric attribute `name="..."` at or after `from`. */
static double attr(const char *from, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(from, key);
    ck_assert_msg(p != NULL, "no attribute %s", name);
    return strtod(p + strlen(key), NULL);
}

static xq_svg_options defaults(void)
{
    xq_svg_options o;
    ck_assert_int_eq(xq_svg_options_init(&o, XQ_SVG_OPTIONS_VERSION), XQ_OK);
    return o;
}

START_TEST(options_init)
{
    xq_svg_options a, b = XQ_SVG_OPTIONS_INIT;
    memset(&a, 0x5a, sizeof a);
    ck_assert_int_eq(xq_svg_options_init(&a, XQ_SVG_OPTIONS_VERSION), XQ_OK);
    ck_assert_uint_eq(a.version, XQ_SVG_OPTIONS_VERSION);
    ck_assert_int_eq(a.size, 450);
    ck_assert_int_eq(a.flip, 0);
    ck_assert_int_eq(a.coordinates, XQ_SVG_COORDS_NUMBERS | XQ_SVG_COORDS_ICCS);
    ck_assert_int_eq(a.glyphs, XQ_SVG_GLYPHS_CHINESE);
    ck_assert_int_eq(a.show_last_move, 1);
    ck_assert_int_eq(a.last_move, XQ_MOVE_NONE);
    ck_assert_int_eq(a.show_check, 1);
    ck_assert_ptr_null(a.arrows);
    ck_assert_int_eq(a.arrow_count, 0);
    ck_assert_uint_eq(a.version, b.version);
    ck_assert_int_eq(a.size, b.size);
    ck_assert_int_eq(a.coordinates, b.coordinates);
    ck_assert_int_eq(xq_svg_options_init(NULL, 1), XQ_EINVAL);
    ck_assert_int_eq(xq_svg_options_init(&a, 0), XQ_EVERSION);
    ck_assert_int_eq(xq_svg_options_init(&a, XQ_SVG_OPTIONS_VERSION + 1), XQ_EVERSION);
}
END_TEST

START_TEST(defaults_and_snprintf)
{
    xq_board *b = xq_test_board(NULL);
    char *full = svg(b, NULL);
    xq_svg_options o = defaults();
    char *same = svg(b, &o);
    ck_assert_str_eq(full, same); /* NULL options = the defaults; deterministic */
    ck_assert(strncmp(full, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0);
    ck_assert(strstr(full, "</svg>\n") == full + strlen(full) - 7);
    ck_assert_int_eq((int)attr(full, "width"), 450);
    ck_assert_int_eq((int)attr(full, "height"), 514);
    ck_assert(strstr(full, "<desc>" XQ_START_FEN "</desc>") != NULL);
    ck_assert_int_eq(count(full, "<circle"), 2 * 32); /* disc and ring per piece */
    ck_assert_int_eq(count(full, "帅"), 1);
    ck_assert_int_eq(count(full, "將"), 1);
    ck_assert_int_eq(count(full, "兵"), 5);
    ck_assert_int_eq(count(full, "卒"), 5);
    ck_assert(strstr(full, "楚") && strstr(full, "九") && strstr(full, ">a</text>"));
    /* Issue 16: the characters are outlines (32 pieces, 4 river characters,
     * Red's 9 file numbers), no text in a CJK font; as text on request. */
    ck_assert_int_eq(count(full, "<path aria-label="), 32 + 4 + 9);
    ck_assert_ptr_null(strstr(full, "Noto Serif CJK"));
    o.glyphs = XQ_SVG_GLYPHS_CHINESE_TEXT;
    char *text = svg(b, &o);
    ck_assert_int_eq(count(text, "<path aria-label="), 0);
    ck_assert_int_eq(count(text, "帅</text>"), 1);
    ck_assert_ptr_nonnull(strstr(text, "Noto Serif CJK"));
    ck_assert_uint_lt(strlen(text), strlen(full));
    free(text);
    o.glyphs = XQ_SVG_GLYPHS_CHINESE;

    /* Truncation: same return value, a NUL-terminated prefix. */
    int n = (int)strlen(full);
    char small[100];
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(xq_board_svg(b, NULL, small, sizeof small), n);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    ck_assert_int_eq(memcmp(small, full, sizeof small - 1), 0);
    char *exact = malloc((size_t)n);
    ck_assert_int_eq(xq_board_svg(b, NULL, exact, (size_t)n), n); /* one byte short */
    ck_assert_uint_eq(strlen(exact), (size_t)n - 1);
    free(exact);
    free(full);
    free(same);
    xq_board_free(b);
}
END_TEST

START_TEST(bad_arguments)
{
    xq_board *b = xq_test_board(NULL);
    char buf[16];
    xq_move bad_arrow[1] = {(xq_move)(5 | 5 << 7)};
    ck_assert_int_eq(xq_board_svg(NULL, NULL, buf, sizeof buf), XQ_EINVAL);
    ck_assert_int_eq(xq_board_svg((const xq_board *)buf, NULL, NULL, 0), XQ_EINVAL);
    ck_assert_int_eq(xq_board_svg(b, NULL, NULL, 10), XQ_EINVAL);
    xq_svg_options o = defaults();
    o.version = 0;
    ck_assert_int_eq(xq_board_svg(b, &o, NULL, 0), XQ_EVERSION);
    o.version = XQ_SVG_OPTIONS_VERSION + 1;
    ck_assert_int_eq(xq_board_svg(b, &o, NULL, 0), XQ_EVERSION);
    struct {
        const char *what;
        xq_svg_options o;
    } cases[9];
    for (int i = 0; i < 9; i++)
        cases[i].o = defaults();
    cases[0].what = "size 31", cases[0].o.size = 31;
    cases[1].what = "size 8193", cases[1].o.size = 8193;
    cases[2].what = "flip 2", cases[2].o.flip = 2;
    cases[3].what = "coordinates 4", cases[3].o.coordinates = 4;
    cases[4].what = "glyphs 3", cases[4].o.glyphs = 3;
    cases[5].what = "arrows NULL", cases[5].o.arrow_count = 1;
    cases[6].what = "malformed arrow", cases[6].o.arrows = bad_arrow, cases[6].o.arrow_count = 1;
    cases[7].what = "malformed last move", cases[7].o.last_move = (xq_move)0xFFFF;
    cases[8].what = "negative arrow count", cases[8].o.arrow_count = -1;
    for (int i = 0; i < 9; i++) {
        memset(buf, 'x', sizeof buf);
        ck_assert_msg(xq_board_svg(b, &cases[i].o, buf, sizeof buf) == XQ_EINVAL, "%s accepted",
                      cases[i].what);
    }
    xq_board_free(b);
}
END_TEST

START_TEST(size_scales_height)
{
    xq_board *b = xq_test_board(NULL);
    xq_svg_options o = defaults();
    const int sizes[] = {32, 300, 450, 1000, 8192};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        o.size = sizes[i];
        char *s = svg(b, &o);
        double w = attr(s, "width"), h = attr(s, "height");
        const char *vb = strstr(s, "viewBox=\"0 0 ");
        ck_assert_ptr_nonnull(vb);
        double vw, vh;
        ck_assert_int_eq(sscanf(vb, "viewBox=\"0 0 %lf %lf", &vw, &vh), 2);
        ck_assert_int_eq((int)w, sizes[i]);
        ck_assert_msg(h >= w * vh / vw - 0.5 && h <= w * vh / vw + 0.5, "height %g for %g", h, w);
        free(s);
    }
    /* Fewer coordinate bands: a squarer picture. */
    o.size = 450;
    o.coordinates = XQ_SVG_COORDS_NONE;
    char *s = svg(b, &o);
    ck_assert_int_lt((int)attr(s, "height"), 514);
    ck_assert_ptr_null(strstr(s, "九"));
    ck_assert_ptr_null(strstr(s, ">a</text>"));
    free(s);
    xq_board_free(b);
}
END_TEST

/* x, y of the disc drawn for the piece on `square` (the n-th piece in square order). */
static void disc_at(const char *s, int nth, double *x, double *y)
{
    const char *p = s;
    for (int i = 0; i <= nth; i++) {
        p = strstr(p, "<g><circle");
        ck_assert_ptr_nonnull(p);
        p++;
    }
    *x = attr(p, "cx");
    *y = attr(p, "cy");
}

START_TEST(flip_mirrors_the_board)
{
    xq_board *b = xq_test_board(NULL);
    xq_svg_options o = defaults();
    char *up = svg(b, &o);
    o.flip = 1;
    char *down = svg(b, &o);
    ck_assert_str_ne(up, down);
    /* The first piece in square order is Red's chariot on a0: bottom left,
     * then top right when flipped. */
    double x0, y0, x1, y1, kx, ky;
    disc_at(up, 0, &x0, &y0);
    disc_at(down, 0, &x1, &y1);
    disc_at(up, 4, &kx, &ky); /* Red's general, e0 */
    ck_assert(x0 < kx && y0 == ky);
    ck_assert(x1 > kx && y1 < ky);
    ck_assert_double_eq(x0 + x1, 2 * kx);
    free(up);
    free(down);
    xq_board_free(b);
}
END_TEST

START_TEST(letters_are_ascii)
{
    xq_board *b = xq_test_board("3k5/3R5/9/9/2p6/9/9/9/9/4K4 b");
    xq_svg_options o = defaults();
    o.glyphs = XQ_SVG_GLYPHS_LETTERS;
    char *s = svg(b, &o);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        ck_assert_msg(*p < 0x80, "non-ASCII byte at %d", (int)(p - (const unsigned char *)s));
    ck_assert(strstr(s, ">K</text>") && strstr(s, ">R</text>") && strstr(s, ">P</text>"));
    free(s);
    xq_board_free(b);
}
END_TEST

START_TEST(markers)
{
    const char *last = "fill=\"#3d7fd6\"", *glow = "fill=\"#e0201a\"";
    xq_board *b = xq_test_board(NULL);
    xq_svg_options o = defaults();
    char *s = svg(b, &o);
    ck_assert_int_eq(count(s, last), 0); /* no history, no last move */
    ck_assert_int_eq(count(s, glow), 0);
    free(s);

    xq_test_play(b, "h2e2");
    s = svg(b, &o);
    ck_assert_int_eq(count(s, last), 2);
    free(s);
    o.show_last_move = 0;
    s = svg(b, &o);
    ck_assert_int_eq(count(s, last), 0);
    free(s);

    o.show_last_move = 1;
    ck_assert_int_eq(xq_move_parse("b0c2", &o.last_move), XQ_OK);
    char *explicit_move = svg(b, &o);
    ck_assert_int_eq(count(explicit_move, last), 2);
    o.last_move = XQ_MOVE_NONE;
    s = svg(b, &o);
    ck_assert_str_ne(s, explicit_move); /* a different pair of squares */
    free(s);
    free(explicit_move);

    xq_move arrows[3];
    xq_move_parse("h9g7", &arrows[0]);
    xq_move_parse("b9c7", &arrows[1]);
    xq_move_parse("a9a7", &arrows[2]); /* arrows need not be legal */
    o.arrows = arrows;
    o.arrow_count = 3;
    s = svg(b, &o);
    ck_assert_int_eq(count(s, "<polygon"), 3);
    free(s);
    o.arrow_count = 0;
    xq_board_free(b);

    b = xq_test_board("3k5/3R5/9/9/9/9/9/9/9/4K4 b"); /* Black in check */
    s = svg(b, &o);
    ck_assert_int_eq(count(s, glow), 2);
    free(s);
    o.show_check = 0;
    s = svg(b, &o);
    ck_assert_int_eq(count(s, glow), 0);
    free(s);
    xq_board_free(b);
}
END_TEST

static Suite *svg_suite(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("Core");
    tcase_add_test(tc, options_init);
    tcase_add_test(tc, defaults_and_snprintf);
    tcase_add_test(tc, size_scales_height);
    tcase_add_test(tc, flip_mirrors_the_board);
    tcase_add_test(tc, letters_are_ascii);
    tcase_add_test(tc, markers);
    suite_add_tcase(s, tc);
    TCase *lim = tcase_create("Limits");
    tcase_add_test(lim, bad_arguments);
    suite_add_tcase(s, lim);
    return s;
}

int main(void) { return xq_test_run(svg_suite()); }
