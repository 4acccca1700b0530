/* SPDX-License-Identifier: MIT */
/* The net file (docs/nnue.md): a 64-byte header, a 256-byte description,
 * then the weights, little-endian:
 *
 *   0  magic "XQNNUE\x1a\n"        8 bytes
 *   8  u32 format version          NNUE_FORMAT_VERSION
 *  12  u32 king buckets            1 or 6
 *  16  u32 accumulator width       NNUE_L1
 *  20  u32 output buckets          NNUE_OUT_BUCKETS
 *  24  u32 QA, u32 QB, u32 scale   NNUE_QA, NNUE_QB, NNUE_SCALE
 *  36  u32 0
 *  40  u64 payload bytes           everything after the header
 *  48  u64 checksum                FNV-1a 64 of the file but these 8 bytes
 *  56  u64 0
 *  64  description                 UTF-8, NUL-padded to 256 bytes
 * 320  i16 accumulator biases      [L1]
 *      i16 accumulator weights     [buckets * 1260][L1]
 *      i16 output weights          [output buckets][2 * L1], each -127..127
 *      i32 output biases           [output buckets]
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/bytes.h"
#include "util/file.h"
#include "nnue.h"

#define NNUE_MAGIC "XQNNUE\x1a\n"
enum {
    NNUE_FORMAT_VERSION = 1,
    NNUE_HEADER_SIZE = 64,
    NNUE_DESCRIPTION_SIZE = 256,
    NNUE_OFF_VERSION = 8,
    NNUE_OFF_BUCKETS = 12,
    NNUE_OFF_L1 = 16,
    NNUE_OFF_OUT = 20,
    NNUE_OFF_QA = 24,
    NNUE_OFF_QB = 28,
    NNUE_OFF_SCALE = 32,
    NNUE_OFF_ZERO = 36,
    NNUE_OFF_PAYLOAD = 40,
    NNUE_OFF_CHECKSUM = 48,
    NNUE_OFF_RESERVED = 56,
    /* The largest output weight: SCReLU products must fit int16 (nnue_eval.c). */
    NNUE_OUT_WEIGHT_MAX = 127
};
/* The largest file xq__nnue_load() reads (9 king buckets are 5.8 MB). */
#define NNUE_FILE_MAX ((size_t)64 << 20)

/* The payload size of a net with this many king buckets. */
static uint64_t payload_size(uint32_t buckets)
{
    return NNUE_DESCRIPTION_SIZE + 2ull * NNUE_L1 +
           2ull * buckets * NNUE_BUCKET_FEATURES * NNUE_L1 +
           2ull * NNUE_OUT_BUCKETS * 2 * NNUE_L1 + 4ull * NNUE_OUT_BUCKETS;
}

/* Copies n int16 values from little-endian bytes. */
static void copy16(int16_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = (int16_t)xq__rd16(src + 2 * i);
}

static const xq__file_format net_file = {"net", "a", NNUE_MAGIC, NNUE_HEADER_SIZE,
                                         NNUE_FORMAT_VERSION};

/* The header's own fields (after xq__file_check_header()), the size and the
 * checksum; XQ_OK or the error. */
static int check_file(const xq__file *f)
{
    const uint8_t *data = f->im.data;
    const uint32_t buckets = xq__rd32(data + NNUE_OFF_BUCKETS);
    if (buckets != 1 && buckets != 6)
        return xq__file_fail(f, XQ_EPARSE, NNUE_OFF_BUCKETS,
                             "%" PRIu32 " king buckets: this library has 1 or 6", buckets);
    if (xq__rd32(data + NNUE_OFF_L1) != NNUE_L1 ||
        xq__rd32(data + NNUE_OFF_OUT) != NNUE_OUT_BUCKETS ||
        xq__rd32(data + NNUE_OFF_QA) != NNUE_QA || xq__rd32(data + NNUE_OFF_QB) != NNUE_QB ||
        xq__rd32(data + NNUE_OFF_SCALE) != NNUE_SCALE)
        return xq__file_fail(f, XQ_EPARSE, NNUE_OFF_L1,
                             "another architecture: accumulator %" PRIu32 ", %" PRIu32
                             " output buckets, QA %" PRIu32 ", QB %" PRIu32 ", scale %" PRIu32
                             " (this library: %d, %d, %d, %d, %d)",
                             xq__rd32(data + NNUE_OFF_L1), xq__rd32(data + NNUE_OFF_OUT),
                             xq__rd32(data + NNUE_OFF_QA), xq__rd32(data + NNUE_OFF_QB),
                             xq__rd32(data + NNUE_OFF_SCALE), NNUE_L1, NNUE_OUT_BUCKETS, NNUE_QA,
                             NNUE_QB, NNUE_SCALE);
    if (xq__rd32(data + NNUE_OFF_ZERO) != 0 || xq__rd64(data + NNUE_OFF_RESERVED) != 0)
        return xq__file_fail(f, XQ_EPARSE, NNUE_OFF_ZERO, "corrupted header (reserved fields)");
    const uint64_t want = payload_size(buckets);
    if (xq__rd64(data + NNUE_OFF_PAYLOAD) != want)
        return xq__file_fail(f, XQ_EPARSE, NNUE_OFF_PAYLOAD,
                             "corrupted header: %" PRIu64 " payload bytes, %" PRIu32
                             " king buckets take %" PRIu64,
                             xq__rd64(data + NNUE_OFF_PAYLOAD), buckets, want);
    const int rc = xq__file_check_size(f, NNUE_HEADER_SIZE + want);
    if (rc != XQ_OK)
        return rc;
    return xq__file_check_sum(f, "", NNUE_OFF_CHECKSUM, 0, f->im.size);
}

/* A net from the checked image of f. */
static int make_net(nnue_net **out, const xq__file *f)
{
    const uint8_t *data = f->im.data;
    const uint32_t buckets = xq__rd32(data + NNUE_OFF_BUCKETS);
    const size_t features = (size_t)buckets * NNUE_BUCKET_FEATURES;
    const size_t n_bias = NNUE_L1, n_ft = features * NNUE_L1,
                 n_out = (size_t)NNUE_OUT_BUCKETS * 2 * NNUE_L1;
    nnue_net *net = calloc(1, sizeof *net);
    /* one block, 32-byte aligned arrays (each a multiple of 32 bytes long) */
    void *block = aligned_alloc(32, 2 * (n_bias + n_ft + n_out));
    if (!net || !block) {
        free(net);
        free(block);
        return xq__file_fail(f, XQ_ENOMEM, -1, "out of memory");
    }
    net->block = block;
    net->king_buckets = (int)buckets;
    net->features = (int)features;
    net->ft_bias = block;
    net->ft_weight = net->ft_bias + n_bias;
    net->out_weight = net->ft_weight + n_ft;
    const uint8_t *p = data + NNUE_HEADER_SIZE;
    memcpy(net->description, p, NNUE_DESCRIPTION_SIZE - 1);
    net->description[NNUE_DESCRIPTION_SIZE - 1] = 0;
    p += NNUE_DESCRIPTION_SIZE;
    copy16(net->ft_bias, p, n_bias);
    p += 2 * n_bias;
    copy16(net->ft_weight, p, n_ft);
    p += 2 * n_ft;
    copy16(net->out_weight, p, n_out);
    p += 2 * n_out;
    for (int b = 0; b < NNUE_OUT_BUCKETS; b++)
        net->out_bias[b] = (int32_t)xq__rd32(p + 4 * b);
    for (size_t i = 0; i < n_out; i++) {
        const int w = net->out_weight[i];
        if (w < -NNUE_OUT_WEIGHT_MAX || w > NNUE_OUT_WEIGHT_MAX) {
            xq__nnue_free(net);
            return xq__file_fail(
                f, XQ_EPARSE,
                (long long)(NNUE_HEADER_SIZE + NNUE_DESCRIPTION_SIZE + 2 * (n_bias + n_ft + i)),
                "an output weight out of range (%d; at most %d either way)", w,
                NNUE_OUT_WEIGHT_MAX);
        }
    }
    net->checksum = xq__rd64(data + NNUE_OFF_CHECKSUM);
    *out = net;
    return XQ_OK;
}

/* The net of the image of f, checked. */
static int read_net(nnue_net **out, const xq__file *f)
{
    int rc = xq__file_check_header(f);
    if (rc == XQ_OK)
        rc = check_file(f);
    return rc == XQ_OK ? make_net(out, f) : rc;
}

int xq__nnue_read(nnue_net **out, const uint8_t *data, size_t size, const char *name,
                  xq_parse_error *err)
{
    xq__file f;
    xq__file_image(&f, &net_file, data, size, XQ__IMAGE_BORROWED, name, err);
    return read_net(out, &f);
}

int xq__nnue_load(nnue_net **out, const char *path, xq_parse_error *err)
{
    xq__file f;
    int rc = xq__file_open(&f, &net_file, path, XQ__FILE_READ, NNUE_FILE_MAX, err);
    if (rc == XQ_OK)
        rc = read_net(out, &f);
    xq__image_release(&f.im);
    return rc;
}

void xq__nnue_free(nnue_net *net)
{
    if (!net)
        return;
    free(net->block);
    free(net);
}
