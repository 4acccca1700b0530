/* SPDX-License-Identifier: MIT */
/* White-box tests of lib/util/file.c, the file layer of the three binary
 * formats: for the opening book, the net and the endgame tables, the same
 * problem (an unreadable path, an empty file, a truncated header or body, a
 * wrong magic or size, a newer version, a bad checksum) gives the same code
 * and the same words, after the name of the file, and leaves the handle as
 * it was; then the layer alone (reading with a limit, mapping, checksums). */
#include "xq_test.h"

#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book_format.h"
#include "engine/nnue/nnue.h"
#include "util/bytes.h"
#include "util/file.h"

#include "nnue_image.h"

/* ---- the three formats, each with a good file and a way to open it ---- */

typedef struct format {
    const char *noun, *article; /* as in the messages */
    uint8_t *good;              /* a valid file image */
    size_t size;
    size_t header;              /* its header size */
    /* Open the file at path (for the tables: the one table file of dir,
     * named path); returns the code, err filled; checks the handle. */
    int (*open)(const char *dir, const char *path, xq_parse_error *err);
    /* Make the image's checksums right again after a change. */
    void (*resum)(uint8_t *d, size_t n);
    const char *file; /* the file's name in its directory */
} format;

static void resum_whole(uint8_t *d, size_t n) /* book and net: FNV-1a 64 at 48 */
{
    if (n >= 56)
        xq__wr64(d + 48, xq__fnv1a64_skip(d, n, 48));
}

static void resum_egtb(uint8_t *d, size_t n) /* tables: header at 120, entries at 104 */
{
    if (n < 128)
        return;
    xq__wr64(d + 104, xq__fnv1a64(d + 128, n - 128, XQ__FNV1A64_OFFSET));
    xq__wr64(d + 120, xq__fnv1a64(d, 120, XQ__FNV1A64_OFFSET));
}

static int open_book(const char *dir, const char *path, xq_parse_error *err)
{
    (void)dir;
    xq_book *b = (xq_book *)1;
    const int rc = xq_book_open(&b, path, err);
    ck_assert_ptr_null(b); /* *out NULL on failure */
    return rc;
}

/* The search handle keeps its evaluation and net on every error. */
static int open_net(const char *dir, const char *path, xq_parse_error *err)
{
    (void)dir;
    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, NULL), XQ_OK);
    ck_assert_int_eq(xq_search_set_eval(s, XQ_EVAL_CLASSICAL), XQ_OK);
    char before[300], after[300];
    const int nb = xq_search_net_info(s, before, sizeof before);
    const int rc = xq_search_load_net(s, path, err);
    ck_assert_int_eq(xq_search_get_eval(s), XQ_EVAL_CLASSICAL);
    ck_assert_int_eq(xq_search_net_info(s, after, sizeof after), nb);
    if (nb > 0)
        ck_assert_str_eq(after, before);
    xq_search_free(s);
    return rc;
}

static int open_egtb(const char *dir, const char *path, xq_parse_error *err)
{
    (void)path;
    xq_egtb *t = (xq_egtb *)1;
    const int rc = xq_egtb_open(&t, dir, err);
    ck_assert_ptr_null(t);
    return rc;
}

static format formats[3];
static char tbdir[64];

static uint8_t *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    uint8_t *d = malloc(1 << 20);
    *size = fread(d, 1, 1 << 20, f);
    fclose(f);
    return d;
}

static void setup(void)
{
    /* a book of two positions (xq__book_make: sorted, unique records) */
    const book_move moves[] = {{1000, MAKE_MOVE(81, 72), 3, 1, 1, 1},
                               {1000, MAKE_MOVE(82, 73), 2, 2, 0, 0},
                               {2000, MAKE_MOVE(0, 9), 1, 0, 0, 1}};
    xq_book *book = NULL;
    ck_assert_int_eq(xq__book_make(&book, moves, 3, XQ_BOOK_WEIGHT_GAMES, 10, 1, 0), XQ_OK);
    size_t n;
    const void *d = xq_book_data(book, &n);
    formats[0] = (format){"book", "a", malloc(n), n, 64, open_book, resum_whole, "f.xqb"};
    memcpy(formats[0].good, d, n);
    xq_book_free(book);

    size_t size;
    formats[1] = (format){"net", "a", make_image(1, 5, &size), 0, 64, open_net, resum_whole,
                          "f.nnue"};
    formats[1].size = size;

    snprintf(tbdir, sizeof tbdir, "/tmp/check_file_tb_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tbdir));
    xq_parse_error err;
    ck_assert_int_eq(xq_egtb_generate(tbdir, "KRK", NULL, NULL, &err), XQ_OK);
    char path[128];
    snprintf(path, sizeof path, "%s/KRK.xqtb", tbdir);
    formats[2] = (format){"endgame table", "an", read_whole(path, &size), size, 128, open_egtb,
                          resum_egtb, "KRK.xqtb"};
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tbdir);
    ck_assert_int_eq(system(cmd), 0);
}

static void teardown(void)
{
    for (int i = 0; i < 3; i++)
        free(formats[i].good);
}

/* A fresh directory holding the file of format f with bytes d[0..n). */
static void write_case(const format *f, const uint8_t *d, size_t n, char *dir, char *path)
{
    snprintf(dir, 64, "/tmp/check_file_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, 128, "%s/%s", dir, f->file);
    FILE *out = fopen(path, "wb");
    ck_assert_ptr_nonnull(out);
    ck_assert_uint_eq(fwrite(d, 1, n, out), n);
    fclose(out);
}

static void remove_case(const char *dir, const char *path)
{
    remove(path);
    ck_assert_int_eq(rmdir(dir), 0);
}

/* Opening the file of format f with bytes d[0..n) gives code and a message
 * "PATH: " + words. */
static void expect(const format *f, const uint8_t *d, size_t n, int code, const char *words)
{
    char dir[64], path[128], want[512];
    write_case(f, d, n, dir, path);
    xq_parse_error err;
    memset(&err, 0, sizeof err);
    const int rc = f->open(dir, path, &err);
    snprintf(want, sizeof want, "%s: %s", path, words);
    ck_assert_msg(rc == code, "%s: %s gave %d ('%s'), not %d", f->noun, words, rc, err.message,
                  code);
    ck_assert_int_eq(err.code, code);
    ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "%s: '%s' is not '%s...'",
                  f->noun, err.message, want);
    remove_case(dir, path);
}

/* The same problems, the same codes and words, for each format. */
START_TEST(test_same_problem_same_error)
{
    const format *f = &formats[_i];
    const size_t n = f->size;
    uint8_t *c = malloc(n + 1);
    char words[160];

    snprintf(words, sizeof words, "empty file, not %s %s", f->article, f->noun);
    expect(f, f->good, 0, XQ_EPARSE, words);

    memcpy(c, f->good, n);
    c[0] ^= 0x20;
    snprintf(words, sizeof words, "not %s %s file (bad magic)", f->article, f->noun);
    expect(f, c, n, XQ_EPARSE, words);
    expect(f, (const uint8_t *)"XQ", 2, XQ_EPARSE, words); /* shorter than a magic */

    snprintf(words, sizeof words, "truncated: 20 bytes, shorter than the %zu-byte header",
             f->header);
    expect(f, f->good, 20, XQ_EPARSE, words);

    snprintf(words, sizeof words, "truncated: %zu bytes, the header announces %zu", n - 1, n);
    expect(f, f->good, n - 1, XQ_EPARSE, words);

    memcpy(c, f->good, n);
    c[n] = 0;
    snprintf(words, sizeof words, "wrong size: %zu bytes, the header announces %zu", n + 1, n);
    expect(f, c, n + 1, XQ_EPARSE, words);

    memcpy(c, f->good, n);
    xq__wr32(c + 8, 2);
    f->resum(c, n); /* refused for its version, not its checksum */
    snprintf(words, sizeof words, "%s format version 2, this library reads version 1", f->noun);
    expect(f, c, n, XQ_EVERSION, words);
    xq__wr32(c + 8, 0); /* any other version: an older one too */
    f->resum(c, n);
    snprintf(words, sizeof words, "%s format version 0, this library reads version 1", f->noun);
    expect(f, c, n, XQ_EVERSION, words);

    memcpy(c, f->good, n);
    c[n - 1] ^= 0x01; /* the last byte: the tables' data checksum, the others' only one */
    char dir[64], path[128];
    write_case(f, c, n, dir, path);
    xq_parse_error err;
    ck_assert_int_eq(f->open(dir, path, &err), XQ_EPARSE);
    ck_assert_msg(strstr(err.message, "checksum mismatch (file corrupted)"), "%s: '%s'", f->noun,
                  err.message);
    remove_case(dir, path);

    /* the good file opens (the cases above failed for their problem) */
    write_case(f, f->good, n, dir, path);
    if (f->open == open_book) {
        xq_book *b = NULL;
        ck_assert_int_eq(xq_book_open(&b, path, &err), XQ_OK);
        xq_book_free(b);
    } else if (f->open == open_egtb) {
        xq_egtb *t = NULL;
        ck_assert_int_eq(xq_egtb_open(&t, dir, &err), XQ_OK);
        xq_egtb_free(t);
    } else {
        nnue_net *net = NULL;
        ck_assert_int_eq(xq__nnue_load(&net, path, &err), XQ_OK);
        xq__nnue_free(net);
    }
    remove_case(dir, path);
    free(c);
}
END_TEST

/* A path that cannot be opened or read: XQ_EIO, with the system's reason. */
START_TEST(test_unreadable)
{
    const format *f = &formats[_i];
    char dir[64], path[128], want[256];
    snprintf(dir, sizeof dir, "/tmp/check_file_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/%s", dir, f->file);
    xq_parse_error err;
    /* a name whose file is gone (a dangling link: the tables' directory lists it) */
    ck_assert_int_eq(symlink("/nonexistent/x", path), 0);
    ck_assert_int_eq(f->open(dir, path, &err), XQ_EIO);
    ck_assert_int_eq(err.code, XQ_EIO);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory", path);
    ck_assert_str_eq(err.message, want);
    remove(path);
    /* a directory */
    ck_assert_int_eq(mkdir(path, 0700), 0);
    ck_assert_int_eq(f->open(dir, path, &err), XQ_EIO);
    snprintf(want, sizeof want, "%s: ", path);
    ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "'%s'", err.message);
    ck_assert_msg(strstr(err.message, "not a regular file") || strstr(err.message, "directory"),
                  "'%s'", err.message);
    ck_assert_int_eq(rmdir(path), 0);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* From memory (the book and the net; the tables are files only): the same
 * codes, the message without a name. */
START_TEST(test_memory_images)
{
    xq_parse_error err;
    xq_book *b = (xq_book *)1;
    ck_assert_int_eq(xq_book_open_memory(&b, "", 0, &err), XQ_EPARSE);
    ck_assert_ptr_null(b);
    ck_assert_str_eq(err.message, "empty file, not a book");
    uint8_t *c = malloc(formats[0].size);
    memcpy(c, formats[0].good, formats[0].size);
    xq__wr32(c + 8, 7);
    ck_assert_int_eq(xq_book_open_memory(&b, c, formats[0].size, &err), XQ_EVERSION);
    ck_assert_str_eq(err.message, "book format version 7, this library reads version 1");
    free(c);

    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, NULL), XQ_OK);
    ck_assert_int_eq(xq_search_load_net_memory(s, "", 0, &err), XQ_EPARSE);
    ck_assert_str_eq(err.message, "empty file, not a net");
    c = malloc(formats[1].size);
    memcpy(c, formats[1].good, formats[1].size);
    xq__wr32(c + 8, 7);
    ck_assert_int_eq(xq_search_load_net_memory(s, c, formats[1].size, &err), XQ_EVERSION);
    ck_assert_str_eq(err.message, "net format version 7, this library reads version 1");
    c[8] = 1;
    c[100] ^= 1;
    ck_assert_int_eq(xq_search_load_net_memory(s, c, formats[1].size, &err), XQ_EPARSE);
    ck_assert_str_eq(err.message, "checksum mismatch (file corrupted)");
    ck_assert_int_eq(err.offset, 48); /* where the checksum is stored */
    free(c);
    xq_search_free(s);
}
END_TEST

/* ---- the layer alone, with a format of its own ---- */

static const xq__file_format toy = {"toy", "a", "XQTOY\x1a\n\0", 24, 1};

/* A 24-byte header (magic, version 1, u32 0, u64 checksum at 16) and body. */
static size_t toy_image(uint8_t *d, size_t body)
{
    memcpy(d, "XQTOY\x1a\n\0", 8);
    xq__wr32(d + 8, 1);
    xq__wr32(d + 12, 0);
    for (size_t i = 0; i < body; i++)
        d[24 + i] = (uint8_t)(i * 7);
    xq__wr64(d + 16, xq__fnv1a64_skip(d, 24 + body, 16));
    return 24 + body;
}

static void write_file(const char *path, const uint8_t *d, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, n, f), n);
    fclose(f);
}

START_TEST(test_layer)
{
    uint8_t d[1000];
    const size_t n = toy_image(d, 900);
    char path[] = "/tmp/check_file_toy_XXXXXX";
    const int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_file(path, d, n);
    xq_parse_error err;
    xq__file f;
    /* read and mapped: the same bytes, owned as said */
    for (int how = XQ__FILE_MAP; how <= XQ__FILE_READ; how++) {
        ck_assert_int_eq(xq__file_open(&f, &toy, path, how, 4096, &err), XQ_OK);
        ck_assert_int_eq(f.im.owner, how == XQ__FILE_MAP ? XQ__IMAGE_MAPPED : XQ__IMAGE_MALLOC);
        ck_assert_uint_eq(f.im.size, n);
        ck_assert_int_eq(memcmp(f.im.data, d, n), 0);
        ck_assert_int_eq(xq__file_check_header(&f), XQ_OK);
        ck_assert_int_eq(xq__file_check_size(&f, n), XQ_OK);
        ck_assert_int_eq(xq__file_check_sum(&f, "", 16, 0, n), XQ_OK);
        ck_assert_int_eq(xq__file_check_sum(&f, "body ", 16, 24, n), XQ_EPARSE); /* other bytes */
        ck_assert_str_eq(err.message + strlen(path), ": body checksum mismatch (file corrupted)");
        xq__image_release(&f.im);
        ck_assert_ptr_null(f.im.data);
        xq__image_release(&f.im); /* twice: nothing */
    }
    /* reading stops at the limit: a longer file is the wrong size */
    ck_assert_int_eq(xq__file_open(&f, &toy, path, XQ__FILE_READ, n, &err), XQ_OK);
    xq__image_release(&f.im);
    ck_assert_int_eq(xq__file_open(&f, &toy, path, XQ__FILE_READ, n - 1, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, ": wrong size: more than 923 bytes, longer than "
                                              "any toy file"));
    ck_assert_uint_eq(f.im.size, 0);
    /* an empty file maps to an empty image */
    write_file(path, d, 0);
    ck_assert_int_eq(xq__file_open(&f, &toy, path, XQ__FILE_MAP, 0, &err), XQ_OK);
    ck_assert_uint_eq(f.im.size, 0);
    ck_assert_int_eq(xq__file_check_header(&f), XQ_EPARSE);
    ck_assert_str_eq(err.message + strlen(path), ": empty file, not a toy");
    ck_assert_int_eq(err.offset, 0);
    xq__image_release(&f.im);
    remove(path);
    /* a memory image without a name; no err at all */
    xq__file_image(&f, &toy, d, n - 5, XQ__IMAGE_BORROWED, NULL, &err);
    ck_assert_int_eq(xq__file_check_size(&f, n), XQ_EPARSE);
    ck_assert_str_eq(err.message, "truncated: 919 bytes, the header announces 924");
    ck_assert_int_eq(err.offset, 919);
    ck_assert_int_eq(xq__file_fail(&f, XQ_EPARSE, 3, "field %d bad", 5), XQ_EPARSE);
    ck_assert_str_eq(err.message, "field 5 bad");
    ck_assert_int_eq(err.offset, 3);
    xq__file_image(&f, &toy, d, n, XQ__IMAGE_BORROWED, "x.toy", NULL);
    ck_assert_int_eq(xq__file_check_size(&f, n + 1), XQ_EPARSE);
    xq__image_release(&f.im); /* borrowed: not freed */
    ck_assert_uint_eq(d[0], 'X');
}
END_TEST

int main(void)
{
    Suite *s = suite_create("file");
    TCase *tc = tcase_create("formats");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_same_problem_same_error, 0, 3);
    tcase_add_loop_test(tc, test_unreadable, 0, 3);
    tcase_add_test(tc, test_memory_images);
    suite_add_tcase(s, tc);
    tc = tcase_create("layer");
    tcase_add_test(tc, test_layer);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
