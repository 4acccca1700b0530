/* SPDX-License-Identifier: MIT */
/* The learned evaluation (NNUE, issue 30): an efficiently updatable neural
 * network, its net file format (docs/nnue.md) and its incremental
 * accumulator.
 *
 * The network, per side ("perspective"): the pieces of the board seen from
 * that side (its own side at the bottom, mirrored left-right when its general
 * stands right of the centre file), bucketed by where its own general stands
 * in the palace, are NNUE_L1 sums of weights (the accumulator, int16); the
 * side to move's accumulator and the other's, clipped to 0..QA and squared
 * (SCReLU), go through one linear layer chosen by the number of pieces on
 * the board (the output bucket). Integer arithmetic throughout: the same
 * score on every CPU, with AVX2 or without.
 *
 * Hot path: no allocation, no locks. A net is immutable once loaded and
 * shared by every thread of a search. */
#ifndef XQ_NNUE_H
#define XQ_NNUE_H

#include "util/error.h"
#include "core/position.h"

enum {
    /* Piece kinds of a feature: the perspective's own 7 types, then the
     * enemy's 7 (KING..PAWN each). */
    NNUE_KINDS = 14,
    NNUE_BUCKET_FEATURES = NNUE_KINDS * SQ_NB, /* 1260 features per king bucket */
    NNUE_MAX_KING_BUCKETS = 9,
    /* The accumulator's width per perspective. */
    NNUE_L1 = 256,
    /* Output buckets by the number of pieces on the board (2..32). */
    NNUE_OUT_BUCKETS = 8,
    /* Quantisation: accumulator weights and biases are float * QA, output
     * weights float * QB (in -127..127: SCReLU products stay in int32), the
     * output bias float * QA * QB; the float network's output times
     * NNUE_SCALE is centipawns. */
    NNUE_QA = 255,
    NNUE_QB = 64,
    NNUE_SCALE = 400,
    /* Most features active per perspective: every piece of the board. */
    NNUE_MAX_ACTIVE = 32
};

/* A loaded net. The weights are 32-byte aligned. */
typedef struct nnue_net {
    int king_buckets;                 /* 1 (no buckets) or 6 */
    int features;                     /* king_buckets * NNUE_BUCKET_FEATURES */
    int16_t *ft_weight;               /* [features][NNUE_L1] */
    int16_t *ft_bias;                 /* [NNUE_L1] */
    int16_t *out_weight;              /* [NNUE_OUT_BUCKETS][2 * NNUE_L1]: stm half first */
    int32_t out_bias[NNUE_OUT_BUCKETS];
    uint64_t checksum;                /* of the file it came from */
    char description[256];            /* the file's own description (UTF-8) */
    void *block;                      /* the one allocation holding the arrays */
} nnue_net;

/* One position's accumulators, [RED] and [BLACK], and how each was built:
 * the perspective's king bucket and mirroring, so an update knows when it
 * must refresh instead. */
typedef struct nnue_acc {
    int16_t v[2][NNUE_L1];
    uint8_t bucket[2], mirror[2];
} nnue_acc;

/* ---- the net file (nnue_file.c) ---- */

/* Reads a net from a file image of size bytes (copied: data may be freed
 * after), checked by the file layer (lib/util/file.h). XQ_OK; XQ_EPARSE (not
 * a net, truncated, wrong size, another architecture, bad checksum),
 * XQ_EVERSION (another format version) or XQ_ENOMEM, with the reason in err
 * (may be NULL); *out is untouched on failure. name prefixes the messages
 * (a file name; NULL for none). */
int xq__nnue_read(nnue_net **out, const uint8_t *data, size_t size, const char *name,
                  xq_parse_error *err);

/* Reads a net file from path, at most 64 MiB (xq__nnue_read's
 * results, or XQ_EIO). */
int xq__nnue_load(nnue_net **out, const char *path, xq_parse_error *err);

/* The net built into the library (read on first use, then kept; never
 * freed); NULL if the library was built without one or it cannot be read. */
const nnue_net *xq__nnue_default(void);

/* Reads the built-in net if the library has one and it is not read yet:
 * XQ_OK (read, or none built in) or XQ_ENOMEM (to be tried again). */
int xq__nnue_default_ready(void);

/* Frees a net read by xq__nnue_read/xq__nnue_load; NULL is a no-op. */
void xq__nnue_free(nnue_net *net);

/* ---- evaluation (nnue_eval.c) ---- */

/* Builds both accumulators of p from scratch. */
void xq__nnue_refresh(const nnue_net *net, const pos_t *p, nnue_acc *acc);

/* The accumulators after move m (from, to, the piece moved, the piece
 * captured or 0) made in the position of prev: dst from prev, a
 * perspective refreshed from after (the position after the move) when its
 * general changed bucket or side. dst and prev may not overlap. */
void xq__nnue_update(const nnue_net *net, const nnue_acc *prev, nnue_acc *dst, const pos_t *after,
                     int from, int to, int piece, int captured);

/* The evaluation of p, whose accumulators are acc, in centipawns from the
 * side to move's view (not clamped). */
int xq__nnue_evaluate(const nnue_net *net, const pos_t *p, const nnue_acc *acc);

#endif
