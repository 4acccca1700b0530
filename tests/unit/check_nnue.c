/* SPDX-License-Identifier: MIT */
/* White-box tests of the learned evaluation (lib/engine/nnue/): the net file's
 * checks, incremental accumulators against refreshed ones along random
 * games, the AVX2 and baseline copies against each other, and the colour
 * symmetry of the features. Nets are made here with seeded random weights. */
#include "xq_test.h"

#include "core/board.h"
#include "util/cpu.h"
#include "core/movegen.h"
#include "engine/nnue/nnue.h"

#include "nnue_image.h"

static nnue_net *make_net(int buckets, uint64_t seed)
{
    size_t size;
    uint8_t *d = make_image(buckets, seed, &size);
    nnue_net *net = NULL;
    xq_parse_error err;
    int rc = xq__nnue_read(&net, d, size, "test", &err);
    ck_assert_msg(rc == XQ_OK, "%s", err.message);
    free(d);
    return net;
}

/* Expects xq__nnue_read of the image to fail with code and a message
 * containing what; the output pointer stays as it was. */
static void expect_bad(const uint8_t *d, size_t size, int code, const char *what)
{
    nnue_net *net = (nnue_net *)&rng_state; /* a sentinel: must not change */
    xq_parse_error err;
    int rc = xq__nnue_read(&net, d, size, "x.nnue", &err);
    ck_assert_int_eq(rc, code);
    ck_assert_ptr_eq(net, (nnue_net *)&rng_state);
    ck_assert_msg(strstr(err.message, what) && strncmp(err.message, "x.nnue: ", 8) == 0,
                  "message '%s' lacks '%s'", err.message, what);
}

START_TEST(test_file_checks)
{
    size_t size;
    uint8_t *d = make_image(1, 7, &size);
    nnue_net *net = NULL;
    ck_assert_int_eq(xq__nnue_read(&net, d, size, NULL, NULL), XQ_OK);
    ck_assert_int_eq(net->king_buckets, 1);
    ck_assert_int_eq(net->features, NNUE_BUCKET_FEATURES);
    ck_assert_str_eq(net->description, "test net, 1 buckets, seed 7");
    ck_assert_uint_eq(((uintptr_t)net->ft_weight | (uintptr_t)net->out_weight) % 32, 0);
    xq__nnue_free(net);
    xq__nnue_free(NULL);

    expect_bad(d, 0, XQ_EPARSE, "empty file, not a net");
    static const uint8_t text[] = "hello, not a net at all";
    expect_bad(text, sizeof text, XQ_EPARSE, "not a net file (bad magic)");
    expect_bad(d, 40, XQ_EPARSE, "shorter than the 64-byte header");
    expect_bad(d, size - 1, XQ_EPARSE, "truncated");
    expect_bad(d, 1000, XQ_EPARSE, "truncated");
    uint8_t *big = calloc(1, size + 1);
    memcpy(big, d, size);
    expect_bad(big, size + 1, XQ_EPARSE, "wrong size");
    expect_bad(d, 100, XQ_EPARSE, "truncated: 100 bytes, the header announces");
    free(big);
    /* one bit of a weight */
    d[5000] ^= 4;
    expect_bad(d, size, XQ_EPARSE, "checksum mismatch (file corrupted)");
    d[5000] ^= 4;
    /* another version, another architecture, reserved fields */
    put32(d + 8, 2);
    expect_bad(d, size, XQ_EVERSION, "net format version 2, this library reads version 1");
    put32(d + 8, 1);
    put32(d + 12, 3);
    expect_bad(d, size, XQ_EPARSE, "3 king buckets");
    put32(d + 12, 1);
    put32(d + 16, 512);
    expect_bad(d, size, XQ_EPARSE, "another architecture");
    put32(d + 16, NNUE_L1);
    put64(d + 56, 1);
    expect_bad(d, size, XQ_EPARSE, "reserved");
    put64(d + 56, 0);
    put64(d + 40, 12);
    expect_bad(d, size, XQ_EPARSE, "payload bytes");
    put64(d + 40, size - 64);
    /* an output weight beyond +-127, with a good checksum */
    const size_t out = 64 + 256 + 2 * NNUE_L1 + 2 * (size_t)NNUE_BUCKET_FEATURES * NNUE_L1;
    put16(d + out + 2 * 10, 128);
    put64(d + 48, fnv(d, size));
    expect_bad(d, size, XQ_EPARSE, "output weight out of range (128");
    put16(d + out + 2 * 10, -127);
    put64(d + 48, fnv(d, size));
    ck_assert_int_eq(xq__nnue_read(&net, d, size, NULL, NULL), XQ_OK);
    xq__nnue_free(net);

    /* from files: a good one, a missing one, a directory */
    char path[] = "/tmp/check_nnue_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "wb");
    ck_assert_uint_eq(fwrite(d, 1, size, f), size);
    fclose(f);
    xq_parse_error err;
    ck_assert_int_eq(xq__nnue_load(&net, path, &err), XQ_OK);
    ck_assert_int_eq(net->out_weight[10], -127);
    xq__nnue_free(net);
    remove(path);
    net = NULL;
    ck_assert_int_eq(xq__nnue_load(&net, path, &err), XQ_EIO);
    ck_assert_ptr_null(net);
    ck_assert_ptr_nonnull(strstr(err.message, "No such file"));
    ck_assert_int_eq(xq__nnue_load(&net, "/tmp", &err), XQ_EIO);
    ck_assert_ptr_null(net);
    free(d);
}
END_TEST

static void assert_acc_eq(const nnue_acc *a, const nnue_acc *b, int ply)
{
    for (int c = 0; c < 2; c++) {
        XQ_CHECK(a->bucket[c] == b->bucket[c] && a->mirror[c] == b->mirror[c],
                 "ply %d: perspective %d bucket/mirror differ", ply, c);
        XQ_CHECK(memcmp(a->v[c], b->v[c], sizeof a->v[c]) == 0,
                 "ply %d: perspective %d accumulator differs from a refresh", ply, c);
    }
}

/* Random games (captures preferred, so that endings come) with the
 * accumulators updated move by move: always equal to a refresh. */
static void incremental_games(const nnue_net *net, int games)
{
    static nnue_acc stack[260];
    for (int g = 0; g < games; g++) {
        xq_board *b = xq_test_board(NULL);
        pos_t p = b->pos;
        xq_board_free(b);
        xq__nnue_refresh(net, &p, &stack[0]);
        for (int ply = 0; ply < 250; ply++) {
            xq_move moves[MAX_MOVES], caps[MAX_MOVES];
            const int n = xq__gen_legal(&p, moves, ALL_SQUARES);
            if (!n)
                break;
            const int nc = xq__gen_legal(&p, caps, p.by_color[p.side ^ 1]);
            const xq_move m = nc && rng() % 4 == 0 ? caps[rng() % (uint64_t)nc]
                                                    : moves[rng() % (uint64_t)n];
            const int from = MOVE_FROM(m), to = MOVE_TO(m);
            const int piece = p.sq[from], captured = p.sq[to];
            undo_t u;
            pos_do(&p, m, &u);
            xq__nnue_update(net, &stack[ply], &stack[ply + 1], &p, from, to, piece, captured);
            nnue_acc fresh;
            xq__nnue_refresh(net, &p, &fresh);
            assert_acc_eq(&stack[ply + 1], &fresh, ply + 1);
            XQ_CHECK(xq__nnue_evaluate(net, &p, &stack[ply + 1]) ==
                         xq__nnue_evaluate(net, &p, &fresh),
                     "ply %d: evaluations differ", ply + 1);
        }
    }
}

START_TEST(test_incremental)
{
    xq__tables_init();
    for (int buckets = 1; buckets <= 6; buckets += 5) {
        nnue_net *net = make_net(buckets, 11 + (uint64_t)buckets);
        rng_state = 99;
        incremental_games(net, 40);
        xq__nnue_free(net);
    }
}
END_TEST

/* The baseline copy and the AVX2 copy give the same accumulators and
 * scores (when this CPU has AVX2). */
START_TEST(test_instruction_sets)
{
    xq__tables_init();
    const int level = xq__T.cpu;
    if (level != XQ_CPU_BMI2) {
        printf("check_nnue: no AVX2 on this CPU: the baseline copy only\n");
        return;
    }
    nnue_net *net = make_net(6, 5);
    rng_state = 4242;
    for (int g = 0; g < 20; g++) {
        xq_board *b = xq_test_board(NULL);
        pos_t p = b->pos;
        xq_board_free(b);
        for (int ply = 0; ply < 150; ply++) {
            xq_move moves[MAX_MOVES];
            const int n = xq__gen_legal(&p, moves, ALL_SQUARES);
            if (!n)
                break;
            nnue_acc a, b2;
            xq__T.cpu = XQ_CPU_BASE;
            xq__nnue_refresh(net, &p, &a);
            const int base = xq__nnue_evaluate(net, &p, &a);
            xq__T.cpu = level;
            xq__nnue_refresh(net, &p, &b2);
            assert_acc_eq(&a, &b2, ply);
            XQ_CHECK(xq__nnue_evaluate(net, &p, &b2) == base, "ply %d: AVX2 score differs", ply);
            undo_t u;
            pos_do(&p, moves[rng() % (uint64_t)n], &u);
        }
    }
    xq__T.cpu = level;
    xq__nnue_free(net);
}
END_TEST

/* A position and its colour-swapped image (ranks flipped, colours and the
 * side to move swapped) are the same to the network. */
START_TEST(test_colour_symmetry)
{
    static const char *const fens[] = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "3aka1r1/7c1/2n1b1n2/p3pR2p/6b2/2p2N3/P1r1P1c1P/B1N1C2CB/3RA4/4KA3 b - - 8 21",
        "3k1ab2/4a4/4b4/3NC4/2p5p/4P4/P2n4P/4B4/3K2C2/1cBc5 w - - 3 36",
        "5k3/9/9/9/9/9/9/9/4p4/3K5 w - - 0 1",
    };
    nnue_net *net = make_net(6, 3);
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        xq_board *b = xq_test_board(fens[i]);
        pos_t p = b->pos, q;
        xq_board_free(b);
        xq__pos_clear(&q);
        for (int s = 0; s < SQ_NB; s++)
            if (p.sq[s])
                xq__pos_put(&q, make_sq(sq_file(s), 9 - sq_rank(s)), p.sq[s] ^ 8);
        q.side = (uint8_t)(p.side ^ 1);
        nnue_acc ap, aq;
        xq__nnue_refresh(net, &p, &ap);
        xq__nnue_refresh(net, &q, &aq);
        ck_assert_int_eq(memcmp(ap.v[RED], aq.v[BLACK], sizeof ap.v[RED]), 0);
        ck_assert_int_eq(memcmp(ap.v[BLACK], aq.v[RED], sizeof ap.v[BLACK]), 0);
        ck_assert_int_eq(xq__nnue_evaluate(net, &p, &ap), xq__nnue_evaluate(net, &q, &aq));
    }
    xq__nnue_free(net);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("nnue");
    TCase *tc = tcase_create("nnue");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_file_checks);
    tcase_add_test(tc, test_incremental);
    tcase_add_test(tc, test_instruction_sets);
    tcase_add_test(tc, test_colour_symmetry);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
