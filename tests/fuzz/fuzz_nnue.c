/* SPDX-License-Identifier: MIT */
/* Net files (docs/nnue.md "File format"): any bytes are loaded or refused
 * with a message through xq_search_load_net_memory(). The first input byte
 * chooses how the file is made: even, the rest of the input is the file,
 * with its checksum (offset 48, FNV-1a 64 of all but those 8 bytes) set
 * right so the checks behind it are reached; odd, a file of the right size
 * for 1 or 6 king buckets is built, its header right but for a byte the
 * input may overwrite, its weights the input repeated, and its checksum set.
 * A net that loads evaluates positions in a short search without trouble
 * (UBSan watches the arithmetic with arbitrary weights). A net file is 1.3
 * or 7.7 MB: this harness runs tens of inputs a second, not thousands. */
#include "fuzz_common.h"

#include "engine/nnue/nnue.h"

enum { HEADER = 64, DESCRIPTION = 256, OFF_CHECKSUM = 48, SEARCH_NODES = 200 };

static uint64_t checksum(const uint8_t *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        if (i < OFF_CHECKSUM || i >= OFF_CHECKSUM + 8)
            h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A well-formed file for `buckets` king buckets, weights from seed. */
static uint8_t *build(const uint8_t *seed, size_t nseed, uint32_t buckets, size_t *size)
{
    const uint64_t payload = DESCRIPTION + 2ull * NNUE_L1 +
                             2ull * buckets * NNUE_BUCKET_FEATURES * NNUE_L1 +
                             2ull * NNUE_OUT_BUCKETS * 2 * NNUE_L1 + 4ull * NNUE_OUT_BUCKETS;
    *size = HEADER + payload;
    uint8_t *f = calloc(1, *size);
    FUZZ_ASSERT(f);
    memcpy(f, "XQNNUE\x1a\n", 8);
    put32(f + 8, 1);
    put32(f + 12, buckets);
    put32(f + 16, NNUE_L1);
    put32(f + 20, NNUE_OUT_BUCKETS);
    put32(f + 24, NNUE_QA);
    put32(f + 28, NNUE_QB);
    put32(f + 32, NNUE_SCALE);
    put64(f + 40, payload);
    /* the weights: the seed over and over (each copy shifted by a byte) */
    for (size_t i = HEADER + DESCRIPTION, k = 0; nseed && i < *size; k++) {
        const size_t n = nseed < *size - i ? nseed : *size - i;
        memcpy(f + i, seed, n);
        f[i] ^= (uint8_t)k;
        i += n;
    }
    /* The output weights must be within -127..127: made so, unless the
     * seed's first byte asks for them as they come. */
    const size_t out0 = HEADER + DESCRIPTION + 2ull * NNUE_L1 +
                        2ull * buckets * NNUE_BUCKET_FEATURES * NNUE_L1;
    const size_t out_end = out0 + 2ull * NNUE_OUT_BUCKETS * 2 * NNUE_L1;
    for (size_t o = out0; (nseed == 0 || !(seed[0] & 2)) && o < out_end; o += 2) {
        int v = (int8_t)f[o];
        if (v < -127)
            v = -127;
        f[o] = (uint8_t)v;
        f[o + 1] = v < 0 ? 0xff : 0;
    }
    /* The seed may overwrite one header byte (at a place it chooses), to
     * reach the check of each field. */
    if (nseed >= 3 && (seed[0] & 8) && seed[1] < HEADER)
        f[seed[1]] = seed[2];
    return f;
}

/* A short search from one of three positions (the input chooses), after a
 * few input-chosen moves so that the accumulators see captures. */
static void search_one(xq_search *s, const uint8_t *data, size_t size)
{
    static const char *const fens[] = {
        NULL, "3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1"};
    xq_board *b;
    FUZZ_ASSERT(xq_board_new(&b, fens[size > 1 ? data[size - 1] % 3 : 0], NULL) == XQ_OK);
    for (size_t i = 0; i < size && i < 6; i++) {
        xq_move mv[XQ_MAX_MOVES];
        const int n = xq_board_generate_moves(b, mv, XQ_MAX_MOVES);
        if (n <= 0)
            break;
        FUZZ_ASSERT(xq_board_make_move(b, mv[data[i] % n]) == XQ_OK);
    }
    xq_search_limits lim;
    FUZZ_ASSERT(xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION) == XQ_OK);
    lim.nodes = SEARCH_NODES;
    xq_search_result r;
    FUZZ_ASSERT(xq_search_run(s, b, &lim, &r) == XQ_OK);
    xq_board_free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static xq_search *s;
    if (!s) {
        xq_search_config cfg;
        FUZZ_ASSERT(xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION) == XQ_OK);
        cfg.hash_mb = 1;
        FUZZ_ASSERT(xq_search_new(&s, &cfg) == XQ_OK);
    }
    if (size == 0)
        return 0;
    size_t n;
    uint8_t *file;
    if (data[0] & 1) {
        file = build(data + 1, size - 1, (data[0] & 4) ? 6 : 1, &n);
    } else {
        n = size - 1;
        file = malloc(n ? n : 1);
        FUZZ_ASSERT(file);
        memcpy(file, data + 1, n);
    }
    if (n >= HEADER)
        put64(file + OFF_CHECKSUM, checksum(file, n));
    xq_parse_error err;
    const int rc = xq_search_load_net_memory(s, file, n, &err);
    free(file);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EVERSION);
    if (rc != XQ_OK) {
        FUZZ_ASSERT(err.code == rc && err.message[0]);
        return 0;
    }
    char info[512];
    FUZZ_ASSERT(xq_search_net_info(s, info, sizeof info) > 16);
    search_one(s, data, size);
    return 0;
}
