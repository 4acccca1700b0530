/* xq-tune: Texel-style tuning of the evaluation (issue 17).
 *
 * Reads games with results (PGN files, or '-' for standard input, e.g.
 * `xz -dc games.pgn.xz | xq-tune -`), keeps the quiet positions of each
 * game's main line (not in check, no capture that wins material by static
 * exchange, past the first plies), and describes each position by the
 * evaluation's trace (lib/eval.h: xq__evaluate_trace()): the count of each
 * piece type for both sides, the piece-square part of the material term,
 * mobility, king safety, threats and soldier structure, each as a
 * middlegame and an endgame part, with the game phase and endgame scale.
 * The evaluation is linear in these parts:
 *
 *   v = ((sum_i w_i mg_i) * phase + (sum_i w_i eg_i) * (32 - phase)) / 32 * scale / 64
 *
 * where the weights w are the material values mat_mg[] / mat_eg[] of
 * lib/eval.c and one scale factor per other term (1.0 = as the evaluation
 * has it now). The tuner fits the constant K of the logistic
 * 1 / (1 + 10^(-K v / 400)) to the game results with the current weights,
 * then minimises the mean squared error between the results (1, 0.5, 0
 * from Red's view) and the logistic of v over the weights by gradient
 * descent, on a training set, and reports the error on a held-out set (every
 * Nth position) before and after. It prints the new material values and
 * the term scales to apply to the weights in lib/eval.c.
 *
 * Internal: links the library's objects and uses lib/ headers. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "movepick.h"

/* Features of one position: piece count differences (Red - Black) for
 * ADVISOR..PAWN, then the other terms (Red - Black). */
enum { NPIECE = 6, NTERM = 5, NFEAT = NPIECE + NTERM };
static const char *const piece_name[NPIECE] = {"advisor", "elephant", "horse",
                                               "chariot", "cannon",   "soldier"};
static const char *const term_name[NTERM] = {"piece-square tables", "mobility", "king safety",
                                             "threats", "soldier structure"};
/* The material values as lib/eval.c has them (ADVISOR..PAWN). */
static const double mat0_mg[NPIECE] = {170, 170, 390, 900, 420, 75};
static const double mat0_eg[NPIECE] = {150, 155, 440, 960, 390, 100};

typedef struct sample {
    float mg[NFEAT], eg[NFEAT];
    float phase, scale, tempo;
    float result; /* from Red's view */
} sample;

static sample *samples;
static size_t nsamples, cap_samples;

static int quiet(const pos_t *p)
{
    if (xq__in_check(p))
        return 0;
    xq_move caps[MAX_MOVES];
    int n = xq__gen_legal(p, caps, p->by_color[p->side ^ 1]);
    for (int i = 0; i < n; i++)
        if (xq__see_ge(p, caps[i], 1))
            return 0;
    return 1;
}

static void add_sample(const pos_t *p, double result)
{
    eval_trace t;
    memset(&t, 0, sizeof t);
    xq__evaluate_trace(p, &t);
    if (t.scale == 0)
        return; /* a dead draw tells nothing about the weights */
    if (nsamples == cap_samples) {
        cap_samples = cap_samples ? cap_samples * 2 : 65536;
        samples = realloc(samples, cap_samples * sizeof *samples);
        if (!samples) {
            fprintf(stderr, "xq-tune: out of memory\n");
            exit(1);
        }
    }
    sample *s = &samples[nsamples++];
    double mg_mat = 0, eg_mat = 0;
    for (int i = 0; i < NPIECE; i++) {
        int ty = ADVISOR + i;
        int d = popcount128(pos_pieces(p, RED, ty)) - popcount128(pos_pieces(p, BLACK, ty));
        s->mg[i] = (float)d;
        s->eg[i] = (float)d;
        mg_mat += d * mat0_mg[i];
        eg_mat += d * mat0_eg[i];
    }
    /* The piece-square part: the material term less the material values. */
    s->mg[NPIECE + 0] = (float)(t.material[RED][0] - t.material[BLACK][0] - mg_mat);
    s->eg[NPIECE + 0] = (float)(t.material[RED][1] - t.material[BLACK][1] - eg_mat);
    s->mg[NPIECE + 1] = (float)(t.mobility[RED][0] - t.mobility[BLACK][0]);
    s->eg[NPIECE + 1] = (float)(t.mobility[RED][1] - t.mobility[BLACK][1]);
    s->mg[NPIECE + 2] = (float)(t.king[RED][0] - t.king[BLACK][0]);
    s->eg[NPIECE + 2] = (float)(t.king[RED][1] - t.king[BLACK][1]);
    s->mg[NPIECE + 3] = (float)(t.threats[RED][0] - t.threats[BLACK][0]);
    s->eg[NPIECE + 3] = (float)(t.threats[RED][1] - t.threats[BLACK][1]);
    s->mg[NPIECE + 4] = (float)(t.pawns[RED][0] - t.pawns[BLACK][0]);
    s->eg[NPIECE + 4] = (float)(t.pawns[RED][1] - t.pawns[BLACK][1]);
    s->phase = (float)t.phase / EVAL_PHASE_MAX;
    s->scale = (float)t.scale / EVAL_SCALE_MAX;
    s->tempo = p->side == RED ? 12.0f : -12.0f;
    s->result = (float)result;
}

static double eval_sample(const sample *s, const double *w)
{
    /* w[0..NFEAT) middlegame, w[NFEAT..2 NFEAT) endgame. */
    double mg = 0, eg = 0;
    for (int i = 0; i < NFEAT; i++) {
        mg += w[i] * s->mg[i];
        eg += w[NFEAT + i] * s->eg[i];
    }
    return (mg * s->phase + eg * (1 - s->phase)) * s->scale + s->tempo;
}

static double sigmoid(double v, double k) { return 1.0 / (1.0 + pow(10.0, -k * v / 400.0)); }

/* Mean squared error over the training (holdout = 0) or held-out set. */
static double error(const double *w, double k, int holdout, int every)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < nsamples; i++) {
        if (((int)(i % (size_t)every) == 0) != holdout)
            continue;
        double e = samples[i].result - sigmoid(eval_sample(&samples[i], w), k);
        sum += e * e;
        n++;
    }
    return n ? sum / (double)n : 0;
}

static void gradient(const double *w, double k, int every, double *g)
{
    memset(g, 0, 2 * NFEAT * sizeof *g);
    size_t n = 0;
    const double c = k * log(10.0) / 400.0;
    for (size_t i = 0; i < nsamples; i++) {
        if (i % (size_t)every == 0)
            continue;
        const sample *s = &samples[i];
        double sg = sigmoid(eval_sample(s, w), k);
        /* d/dw (r - sg)^2 = -2 (r - sg) sg (1 - sg) c dv/dw */
        double f = -2.0 * (s->result - sg) * sg * (1 - sg) * c * s->scale;
        for (int j = 0; j < NFEAT; j++) {
            g[j] += f * s->mg[j] * s->phase;
            g[NFEAT + j] += f * s->eg[j] * (1 - s->phase);
        }
        n++;
    }
    for (int j = 0; j < 2 * NFEAT; j++)
        g[j] /= (double)(n ? n : 1);
}

static int read_file(const char *path, int skip, int every_ply, long max_positions,
                     long *games)
{
    xq_pgn_reader *rd;
    xq_parse_error err;
    int rc = strcmp(path, "-") == 0 ? xq_pgn_reader_open_fd(&rd, 0, NULL, &err)
                                    : xq_pgn_reader_open(&rd, path, NULL, &err);
    if (rc != XQ_OK) {
        fprintf(stderr, "xq-tune: %s\n", err.message);
        return -1;
    }
    xq_record *rec;
    if (xq_record_new(&rec, NULL, NULL) != XQ_OK)
        return -1;
    for (;;) {
        if (max_positions && (long)nsamples >= max_positions)
            break;
        rc = xq_pgn_reader_next(rd, rec, &err);
        if (rc == 0 || rc == XQ_EIO || rc == XQ_EINVAL)
            break;
        if (rc < 0)
            continue; /* a bad game: skip it */
        char res[16];
        if (xq_record_tag(rec, "Result", res, sizeof res) < 0)
            continue;
        double r;
        if (strcmp(res, "1-0") == 0)
            r = 1;
        else if (strcmp(res, "0-1") == 0)
            r = 0;
        else if (strcmp(res, "1/2-1/2") == 0)
            r = 0.5;
        else
            continue;
        (*games)++;
        int n = xq_record_mainline_size(rec);
        xq_record_goto(rec, 0);
        for (int ply = 0; ply < n; ply++) {
            if (xq_record_forward(rec) != XQ_OK)
                break;
            if (ply + 1 < skip || (ply + 1) % every_ply)
                continue;
            const pos_t *p = &xq_record_board(rec)->pos;
            if (quiet(p))
                add_sample(p, r);
        }
    }
    xq_record_free(rec);
    xq_pgn_reader_free(rd);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: xq-tune [--skip PLIES] [--every N] [--holdout N] [--max N]\n"
               "               [--iterations N] [--rate R] FILE... ('-' = standard input)\n");
}

int main(int argc, char **argv)
{
    int skip = 16, every_ply = 1, holdout = 10, iterations = 2000;
    long max_positions = 0;
    double rate = 2.0;
    int nfiles = 0;
    const char *files[64];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 < argc && strcmp(a, "--skip") == 0)
            skip = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(a, "--every") == 0)
            every_ply = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(a, "--holdout") == 0)
            holdout = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(a, "--max") == 0)
            max_positions = atol(argv[++i]);
        else if (i + 1 < argc && strcmp(a, "--iterations") == 0)
            iterations = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(a, "--rate") == 0)
            rate = atof(argv[++i]);
        else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            usage(stderr);
            return 2;
        } else if (nfiles < 64)
            files[nfiles++] = a;
    }
    if (!nfiles || every_ply < 1 || holdout < 2 || skip < 0) {
        usage(stderr);
        return 2;
    }
    long games = 0;
    for (int i = 0; i < nfiles; i++)
        if (read_file(files[i], skip, every_ply, max_positions, &games) != 0)
            return 1;
    size_t nheld = (nsamples + (size_t)holdout - 1) / (size_t)holdout;
    printf("games %ld, quiet positions %zu (training %zu, held out %zu: every %dth)\n", games,
           nsamples, nsamples - nheld, nheld, holdout);
    if (nsamples < 100) {
        fprintf(stderr, "xq-tune: too few positions\n");
        return 1;
    }

    double w[2 * NFEAT];
    for (int i = 0; i < NPIECE; i++) {
        w[i] = mat0_mg[i];
        w[NFEAT + i] = mat0_eg[i];
    }
    for (int i = NPIECE; i < NFEAT; i++)
        w[i] = w[NFEAT + i] = 1.0;

    /* K: golden-section search on the training error with the current weights. */
    double lo = 0.1, hi = 4.0;
    for (int it = 0; it < 60; it++) {
        double a = hi - (hi - lo) * 0.618, b = lo + (hi - lo) * 0.618;
        if (error(w, a, 0, holdout) < error(w, b, 0, holdout))
            hi = b;
        else
            lo = a;
    }
    const double k = (lo + hi) / 2;
    const double train0 = error(w, k, 0, holdout), held0 = error(w, k, 1, holdout);
    printf("K %.4f\nbefore: training error %.6f, held-out error %.6f\n", k, train0, held0);

    /* Gradient descent with per-weight step sizes (material in centipawns,
     * scales around 1): Adam-style normalisation. */
    double m[2 * NFEAT] = {0}, v[2 * NFEAT] = {0}, g[2 * NFEAT];
    const double step_mat = rate, step_scale = rate / 200.0;
    for (int it = 1; it <= iterations; it++) {
        gradient(w, k, holdout, g);
        for (int j = 0; j < 2 * NFEAT; j++) {
            m[j] = 0.9 * m[j] + 0.1 * g[j];
            v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
            double mh = m[j] / (1 - pow(0.9, it)), vh = v[j] / (1 - pow(0.999, it));
            double step = (j % NFEAT) < NPIECE ? step_mat : step_scale;
            w[j] -= step * mh / (sqrt(vh) + 1e-12);
        }
        if (it % 500 == 0)
            fprintf(stderr, "iteration %d: training error %.6f\n", it, error(w, k, 0, holdout));
    }
    printf("after %d iterations: training error %.6f, held-out error %.6f\n", iterations,
           error(w, k, 0, holdout), error(w, k, 1, holdout));

    printf("\nmaterial (lib/eval.c mat_mg / mat_eg, ADVISOR..PAWN):\n");
    printf("static const int mat_mg[8] = {0, 0");
    for (int i = 0; i < NPIECE; i++)
        printf(", %d", (int)lround(w[i]));
    printf("};\nstatic const int mat_eg[8] = {0, 0");
    for (int i = 0; i < NPIECE; i++)
        printf(", %d", (int)lround(w[NFEAT + i]));
    printf("};\n\n");
    for (int i = 0; i < NPIECE; i++)
        printf("  %-9s mg %4.0f -> %4.0f   eg %4.0f -> %4.0f\n", piece_name[i], mat0_mg[i],
               w[i], mat0_eg[i], w[NFEAT + i]);
    printf("\nterm scales (multiply that term's weights in lib/eval.c):\n");
    for (int i = 0; i < NTERM; i++)
        printf("  %-19s mg x%.3f   eg x%.3f\n", term_name[i], w[NPIECE + i],
               w[NFEAT + NPIECE + i]);
    free(samples);
    return 0;
}
