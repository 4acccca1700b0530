/* SPDX-License-Identifier: MIT */
/* The learned evaluation's features, accumulators and output (nnue.h).
 * Every loop is over a compile-time width, compiled twice: for the x86-64
 * baseline (SSE2) and for AVX2, chosen by the CPU's level (xq__T.cpu). Both
 * copies compute the same integers. */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define NNUE_HAVE_AVX2 1
#endif
#include <string.h>

#include "util/cpu.h"
#include "nnue.h"

/* The feature index of piece pc on square s for perspective c, whose own
 * general's bucket and mirroring are given. */
INLINE int feature(int c, int bucket, int mirror, int pc, int s)
{
    int file = sq_file(s), rank = sq_rank(s);
    if (c == BLACK)
        rank = RANK_NB - 1 - rank;
    if (mirror)
        file = FILE_NB - 1 - file;
    const int kind = (PCOLOR(pc) == c ? 0 : 7) + PTYPE(pc) - 1;
    return bucket * NNUE_BUCKET_FEATURES + kind * SQ_NB + make_sq(file, rank);
}

/* Perspective c's mirroring (its general right of the centre file) and
 * king bucket: the general's rank from its own side (0..2) and file (centre
 * or beside it), 6 buckets; one bucket for a net without. A general outside
 * the palace (not a legal position) counts as its nearest palace point. */
INLINE void king_view(const nnue_net *net, const pos_t *p, int c, int *bucket, int *mirror)
{
    const int k = p->king[c];
    int file = sq_file(k), rank = sq_rank(k);
    if (c == BLACK)
        rank = RANK_NB - 1 - rank;
    *mirror = file > 4;
    if (*mirror)
        file = FILE_NB - 1 - file;
    if (net->king_buckets == 1) {
        *bucket = 0;
        return;
    }
    rank = rank > 2 ? 2 : rank;
    file = file < 3 ? 3 : file;
    *bucket = rank * 2 + (file - 3);
}

INLINE void add_row(int16_t *acc, const int16_t *w)
{
    for (int i = 0; i < NNUE_L1; i++)
        acc[i] = (int16_t)(acc[i] + w[i]);
}

INLINE const int16_t *row(const nnue_net *net, int f)
{
    return net->ft_weight + (size_t)f * NNUE_L1;
}

/* Perspective c of acc from scratch. */
INLINE void refresh_one(const nnue_net *net, const pos_t *p, nnue_acc *acc, int c)
{
    int bucket, mirror;
    king_view(net, p, c, &bucket, &mirror);
    acc->bucket[c] = (uint8_t)bucket;
    acc->mirror[c] = (uint8_t)mirror;
    int16_t *v = acc->v[c];
    memcpy(v, net->ft_bias, sizeof acc->v[c]);
    u128 occ = pos_occ(p);
    while (occ) {
        const int s = pop_lsb128(&occ);
        add_row(v, row(net, feature(c, bucket, mirror, p->sq[s], s)));
    }
}

INLINE void update(const nnue_net *net, const nnue_acc *prev, nnue_acc *dst, const pos_t *after,
                   int from, int to, int piece, int captured)
{
    for (int c = 0; c < 2; c++) {
        if (PTYPE(piece) == KING && PCOLOR(piece) == c) {
            int bucket, mirror;
            king_view(net, after, c, &bucket, &mirror);
            if (bucket != prev->bucket[c] || mirror != prev->mirror[c]) {
                refresh_one(net, after, dst, c);
                continue;
            }
        }
        const int b = prev->bucket[c], m = prev->mirror[c];
        const int16_t *add = row(net, feature(c, b, m, piece, to));
        const int16_t *sub = row(net, feature(c, b, m, piece, from));
        const int16_t *src = prev->v[c];
        int16_t *v = dst->v[c];
        if (captured) {
            const int16_t *cap = row(net, feature(c, b, m, captured, to));
            for (int i = 0; i < NNUE_L1; i++)
                v[i] = (int16_t)(src[i] + add[i] - sub[i] - cap[i]);
        } else {
            for (int i = 0; i < NNUE_L1; i++)
                v[i] = (int16_t)(src[i] + add[i] - sub[i]);
        }
        dst->bucket[c] = (uint8_t)b;
        dst->mirror[c] = (uint8_t)m;
    }
}

/* The output bucket: by the number of pieces on the board, 2..32. */
INLINE int out_bucket(const pos_t *p)
{
    const int b = (popcount128(pos_occ(p)) - 2) / 4;
    return b < 0 ? 0 : b >= NNUE_OUT_BUCKETS ? NNUE_OUT_BUCKETS - 1 : b;
}

/* Sum of SCReLU(x) * w over one accumulator half: clamp(x, 0, QA), times w
 * (|w| <= 127: the product fits int16), times the clamped x again. */
INLINE int64_t screlu_dot_scalar(const int16_t *x, const int16_t *w)
{
    int64_t sum = 0;
    for (int i = 0; i < NNUE_L1; i++) {
        const int c = x[i] < 0 ? 0 : x[i] > NNUE_QA ? NNUE_QA : x[i];
        sum += (int32_t)(int16_t)(c * w[i]) * c;
    }
    return sum;
}

#ifdef NNUE_HAVE_AVX2
__attribute__((target("avx2"))) static int64_t screlu_dot_avx2(const int16_t *x, const int16_t *w)
{
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NNUE_QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < NNUE_L1; i += 16) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(x + i));
        c = _mm256_min_epi16(_mm256_max_epi16(c, zero), qa);
        const __m256i cw = _mm256_mullo_epi16(c, _mm256_loadu_si256((const __m256i *)(w + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(cw, c));
    }
    /* lanes stay within int32 (64 products of at most 255 * 32385 each);
     * their total may not */
    int32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, sum);
    int64_t total = 0;
    for (int k = 0; k < 8; k++)
        total += lanes[k];
    return total;
}
#endif

/* One copy of the accumulator code per instruction set. */
#define NNUE_COPY(suffix, attr)                                                                \
    attr static void refresh_##suffix(const nnue_net *net, const pos_t *p, nnue_acc *acc)      \
    {                                                                                          \
        refresh_one(net, p, acc, RED);                                                         \
        refresh_one(net, p, acc, BLACK);                                                       \
    }                                                                                          \
    attr static void update_##suffix(const nnue_net *net, const nnue_acc *prev, nnue_acc *dst, \
                                     const pos_t *after, int from, int to, int piece,          \
                                     int captured)                                             \
    {                                                                                          \
        update(net, prev, dst, after, from, to, piece, captured);                              \
    }

NNUE_COPY(base, )
#ifdef NNUE_HAVE_AVX2
NNUE_COPY(avx2, __attribute__((target("avx2"))))
#endif

#ifdef NNUE_HAVE_AVX2
INLINE int use_avx2(void)
{
    return xq__T.cpu == XQ_CPU_BMI2; /* that level implies AVX2 (cpu.c) */
}
#endif

void xq__nnue_refresh(const nnue_net *net, const pos_t *p, nnue_acc *acc)
{
#ifdef NNUE_HAVE_AVX2
    if (use_avx2()) {
        refresh_avx2(net, p, acc);
        return;
    }
#endif
    refresh_base(net, p, acc);
}

void xq__nnue_update(const nnue_net *net, const nnue_acc *prev, nnue_acc *dst, const pos_t *after,
                     int from, int to, int piece, int captured)
{
#ifdef NNUE_HAVE_AVX2
    if (use_avx2()) {
        update_avx2(net, prev, dst, after, from, to, piece, captured);
        return;
    }
#endif
    update_base(net, prev, dst, after, from, to, piece, captured);
}

int xq__nnue_evaluate(const nnue_net *net, const pos_t *p, const nnue_acc *acc)
{
    const int b = out_bucket(p), us = p->side;
    const int16_t *w = net->out_weight + (size_t)b * 2 * NNUE_L1;
    int64_t sum;
#ifdef NNUE_HAVE_AVX2
    if (use_avx2())
        sum = screlu_dot_avx2(acc->v[us], w) + screlu_dot_avx2(acc->v[us ^ 1], w + NNUE_L1);
    else
#endif
        sum = screlu_dot_scalar(acc->v[us], w) + screlu_dot_scalar(acc->v[us ^ 1], w + NNUE_L1);
    /* sum is float * QA^2 * QB: one QA off, add the bias (QA * QB), scale */
    const int64_t out = sum / NNUE_QA + net->out_bias[b];
    return (int)(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}
