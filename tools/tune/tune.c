/* SPDX-License-Identifier: MIT */
/* xq-tune: Texel-style tuning of every evaluation weight (issue 17).
 *
 * Reads games with results (PGN files, read through `xz -dc` when the name
 * ends in .xz, or '-' for standard input), keeps the quiet positions of each
 * game's main line (not in check, no capture that wins material by static
 * exchange, past the first plies), and describes each position by the
 * evaluation's trace (lib/engine/eval.h: xq__evaluate_trace()): how often Red uses
 * each weight less how often Black does, the game phase, the endgame scale
 * case and who is to move. The evaluation is linear in its weights up to the
 * endgame scale:
 *
 *   lin = sum_i coef_i (mg_i phase + eg_i (1 - phase))
 *   v = lin * scale[case of the side lin favours] + tempo
 *
 * (phase and scale as fractions), so the tuner checks that this model gives
 * the evaluation's own score for every position, fits the constant K of the
 * logistic 1 / (1 + 10^(-K v / 400)) to the game results with the current
 * weights, then minimises the mean squared error between the results (1,
 * 0.5, 0 from Red's view) and the logistic of v over all the weights (Adam,
 * full batch) on a training set, with a small pull towards the current
 * weights (--l2). Mirror squares of a piece-square table share one weight.
 * The scale factors are fitted with the others (the gradient of v by the
 * factor of a case is lin), each only when enough training positions fall in
 * its case (MIN_CASE_POSITIONS); --only picks which groups of weights move.
 * It reports the error on a held-out set (every Nth position) before and
 * after, and prints the weight block of lib/engine/eval.c (between
 * TUNED-WEIGHTS-BEGIN and -END), or writes it into that file (--apply).
 *
 * Internal: links the library's objects and uses lib/ headers. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <xiangqi/xiangqi.h>

#include "cli.h"

#include "core/board.h"
#include "engine/eval.h"
#include "core/movegen.h"
#include "engine/movepick.h"

/* One position: its nonzero coefficients (in feats[]), phase, the endgame
 * scale case for each side as the stronger one, who moves and the game's
 * result from Red's view. */
typedef struct sample {
    size_t first;     /* into feats[] */
    uint16_t count;
    int8_t tempo;     /* +1 Red to move, -1 Black */
    uint8_t scase[2]; /* SCALE_*: if Red [0] or Black [1] is the stronger side */
    float phase, result;
} sample;

/* A scale factor is fitted only with at least this many training positions
 * in its case; the others keep their values. */
enum { MIN_CASE_POSITIONS = 200 };

/* Groups of weights for --only. */
enum {
    G_MATERIAL = 1, G_PST = 2, G_MOBILITY = 4, G_SCALARS = 8, G_SCALE = 16,
    G_ALL = 31
};

typedef struct feat {
    uint16_t param;   /* a tuned parameter (mirror squares share one) */
    int16_t coef;
} feat;

static sample *samples;
static size_t nsamples, cap_samples;
static feat *feats;
static size_t nfeats, cap_feats;
static long long model_mismatch; /* positions where the linear model misses the evaluation */
static int model_worst;

/* Parameters: the flat weight index of eval.h, with mirror squares of a
 * table folded onto the left half. P_TEMPO is the tempo (mg only). */
static int param_of[EP_COUNT];
static int nparams;
static int weight_of_param[EP_COUNT]; /* one flat index per parameter */

static void die(const char *msg)
{
    fprintf(stderr, "xq-tune: %s\n", msg);
    exit(1);
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : 65536;
    while (n < need)
        n *= 2;
    void *q = realloc(p, n * size);
    if (!q)
        die("out of memory");
    *cap = n;
    return q;
}

static void init_params(void)
{
    nparams = 0;
    for (int i = 0; i < EP_COUNT; i++) {
        int j = i;
        if (i >= EP_PST && i < EP_PST + 8 * 90) {
            int sq = (i - EP_PST) % 90, f = sq % 9;
            if (f > 4)
                j = i - f + (8 - f);
        }
        if (j == i) {
            weight_of_param[nparams] = i;
            param_of[i] = nparams++;
        } else {
            param_of[i] = param_of[j];
        }
    }
}

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

/* The weights being fitted: mg and eg by parameter, the scale factors by
 * case (0..EVAL_SCALE_MAX) and the tempo (the mg of its parameter). */
typedef struct weights {
    double *mg, *eg;
    double sc[SCALE_COUNT];
} weights;

static int tempo_param(void) { return param_of[EP_SCALAR + SC_TEMPO]; }

/* The model's score of s; *lin_out (if not NULL) gets the unscaled sum and
 * *case_out the scale case used. */
static double model(const sample *s, const weights *w, double *lin_out, int *case_out)
{
    double a = 0, b = 0;
    const feat *f = &feats[s->first];
    for (int i = 0; i < s->count; i++) {
        a += f[i].coef * w->mg[f[i].param];
        b += f[i].coef * w->eg[f[i].param];
    }
    const double lin = a * s->phase + b * (1 - s->phase);
    const int c = s->scase[lin >= 0 ? 0 : 1];
    if (lin_out)
        *lin_out = lin;
    if (case_out)
        *case_out = c;
    return lin * w->sc[c] / EVAL_SCALE_MAX + s->tempo * w->mg[tempo_param()];
}

static weights cur; /* the evaluation's weights, as built */

/* What main() allocates, at file scope so that every exit (an error as
 * well) leaves it reachable: the weights being fitted, which of Adam's
 * entries move, and Adam's moments and gradient. */
static weights fit;
static char *used;
static double *m1, *v1, *g;

static void add_sample(const pos_t *p, double result)
{
    static eval_trace t;
    xq__evaluate_trace(p, &t);
    if (t.scale_case[t.strong] == SCALE_DEAD)
        return; /* a dead draw tells nothing about the weights */
    samples = grow(samples, &cap_samples, nsamples + 1, sizeof *samples);
    feats = grow(feats, &cap_feats, nfeats + EP_COUNT, sizeof *feats);
    sample *s = &samples[nsamples];
    s->first = nfeats;
    /* Fold mirror squares: sum the coefficients per parameter. */
    static int acc[EP_COUNT];
    static int touched[EP_COUNT];
    int nt = 0;
    for (int i = 0; i < EP_COUNT; i++)
        if (t.coef[i]) {
            int q = param_of[i];
            if (!acc[q])
                touched[nt++] = q;
            acc[q] += t.coef[i];
        }
    int n = 0;
    for (int k = 0; k < nt; k++) {
        int q = touched[k];
        if (acc[q]) {
            feats[nfeats + (size_t)n].param = (uint16_t)q;
            feats[nfeats + (size_t)n].coef = (int16_t)acc[q];
            n++;
        }
        acc[q] = 0;
    }
    s->count = (uint16_t)n;
    s->phase = (float)t.phase / EVAL_PHASE_MAX;
    s->scase[0] = (uint8_t)t.scale_case[RED];
    s->scase[1] = (uint8_t)t.scale_case[BLACK];
    s->tempo = (int8_t)t.tempo_sign;
    s->result = (float)result;
    /* The model must give the evaluation's score (up to integer rounding). */
    double v = model(s, &cur, NULL, NULL);
    int miss = (int)fabs(v - t.red_view);
    if (miss > 2) {
        model_mismatch++;
        if (miss > model_worst)
            model_worst = miss;
    }
    nfeats += (size_t)n;
    nsamples++;
}

static double sigmoid(double v, double k) { return 1.0 / (1.0 + pow(10.0, -k * v / 400.0)); }

static int held_out(size_t i, int every) { return i % (size_t)every == 0; }

/* Mean squared error over the training (holdout = 0) or held-out set. */
static double error(const weights *w, double k, int holdout, int every)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < nsamples; i++) {
        if (held_out(i, every) != holdout)
            continue;
        double e = samples[i].result - sigmoid(model(&samples[i], w, NULL, NULL), k);
        sum += e * e;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* The gradient of the training error: gmg, geg by parameter, gsc by case. */
static void gradient(const weights *w, double k, int every, double *gmg, double *geg,
                     double *gsc)
{
    const int pt = tempo_param();
    memset(gmg, 0, (size_t)nparams * sizeof *gmg);
    memset(geg, 0, (size_t)nparams * sizeof *geg);
    memset(gsc, 0, SCALE_COUNT * sizeof *gsc);
    size_t n = 0;
    const double c = k * log(10.0) / 400.0;
    for (size_t i = 0; i < nsamples; i++) {
        if (held_out(i, every))
            continue;
        const sample *s = &samples[i];
        double lin;
        int sc;
        double sg = sigmoid(model(s, w, &lin, &sc), k);
        /* d/dw (r - sg)^2 = -2 (r - sg) sg (1 - sg) c dv/dw */
        double d = -2.0 * (s->result - sg) * sg * (1 - sg) * c;
        double scale = w->sc[sc] / EVAL_SCALE_MAX;
        double fm = d * scale * s->phase, fe = d * scale * (1 - s->phase);
        const feat *f = &feats[s->first];
        for (int j = 0; j < s->count; j++) {
            gmg[f[j].param] += fm * f[j].coef;
            geg[f[j].param] += fe * f[j].coef;
        }
        gmg[pt] += d * s->tempo;
        gsc[sc] += d * lin / EVAL_SCALE_MAX;
        n++;
    }
    for (int j = 0; j < nparams; j++) {
        gmg[j] /= (double)(n ? n : 1);
        geg[j] /= (double)(n ? n : 1);
    }
    for (int j = 0; j < SCALE_COUNT; j++)
        gsc[j] /= (double)(n ? n : 1);
    geg[pt] = 0; /* the tempo has one value */
}

/* The group (G_*) of the weight with flat index i. */
static int group_of(int i)
{
    if (i < EP_PST)
        return G_MATERIAL;
    if (i < EP_MOB_HORSE)
        return G_PST;
    if (i < EP_SCALAR)
        return G_MOBILITY;
    return G_SCALARS;
}

static const struct {
    const char *name;
    int bit;
} group_names[] = {
    {"material", G_MATERIAL}, {"pst", G_PST},     {"mobility", G_MOBILITY},
    {"scalars", G_SCALARS},   {"scale", G_SCALE}, {"all", G_ALL},
};
enum { NGROUP_NAMES = sizeof group_names / sizeof group_names[0] };

/* --only LIST: comma-separated group names; 0 on an unknown name. */
static int parse_groups(const char *list)
{
    int mask = 0;
    while (*list) {
        size_t len = strcspn(list, ",");
        int bit = 0;
        for (int i = 0; i < NGROUP_NAMES; i++)
            if (strlen(group_names[i].name) == len && strncmp(group_names[i].name, list, len) == 0)
                bit = group_names[i].bit;
        if (!bit)
            return 0;
        mask |= bit;
        list += len;
        if (*list == ',')
            list++;
    }
    return mask;
}

/* The groups of a mask in words, for the comment of the block. */
static const char *describe_groups(int mask)
{
    static char buf[128];
    if (mask == G_ALL)
        return "all";
    buf[0] = 0;
    for (int i = 0; i < NGROUP_NAMES; i++)
        if (group_names[i].bit != G_ALL && (mask & group_names[i].bit)) {
            strcat(buf, buf[0] ? ", " : "");
            strcat(buf, group_names[i].name);
        }
    return buf[0] ? buf : "none";
}

/* A file ending in .xz is read through `xz -dc`: the read end of the pipe,
 * and the child's pid in *child. */
static int open_xz(const char *path, pid_t *child)
{
    int fd[2];
    if (pipe(fd) != 0) {
        perror("pipe");
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execlp("xz", "xz", "-dc", "--", path, (char *)NULL);
        perror("xq-tune: xz");
        _exit(127);
    }
    close(fd[1]);
    *child = pid;
    return fd[0];
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int read_file(const char *path, int skip, int every_ply, long max_positions,
                     long *games)
{
    xq_pgn_reader *rd;
    xq_parse_error err;
    pid_t child = -1;
    int xzfd = -1;
    int rc;
    if (strcmp(path, "-") == 0) {
        rc = xq_pgn_reader_open_fd(&rd, 0, NULL, &err);
    } else if (ends_with(path, ".xz")) {
        if ((xzfd = open_xz(path, &child)) < 0)
            return -1;
        rc = xq_pgn_reader_open_fd(&rd, xzfd, NULL, &err);
    } else {
        rc = xq_pgn_reader_open(&rd, path, NULL, &err);
    }
    if (rc != XQ_OK) {
        fprintf(stderr, "xq-tune: %s: %s\n", path, err.message);
        if (xzfd >= 0) {
            close(xzfd);
            waitpid(child, NULL, 0);
        }
        return -1;
    }
    xq_record *rec;
    if (xq_record_new(&rec, NULL, NULL) != XQ_OK) {
        xq_pgn_reader_free(rd);
        if (xzfd >= 0) {
            close(xzfd);
            waitpid(child, NULL, 0);
        }
        return -1;
    }
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
    if (xzfd >= 0) {
        close(xzfd);
        int status = 0;
        if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            if (!(max_positions && (long)nsamples >= max_positions)) {
                fprintf(stderr, "xq-tune: xz -dc %s failed\n", path);
                return -1;
            }
        }
    }
    return 0;
}

/* ---- Printing the weight block of lib/engine/eval.c -------------------------- */

static int W(const double *w, int flat) { return (int)lround(w[param_of[flat]]); }

static void print_pairs(FILE *o, const char *name, int n, int base, const double *mg,
                        const double *eg)
{
    fprintf(o, "static const wt %s[%d] = {\n", name, n);
    for (int i = 0; i < n; i++)
        fprintf(o, "%sS(%d, %d),%s", i % 6 == 0 ? "    " : " ", W(mg, base + i), W(eg, base + i),
                i % 6 == 5 || i == n - 1 ? "\n" : "");
    fprintf(o, "};\n");
}

static const char *const type_name[8] = {"",        "KING",    "ADVISOR", "ELEPHANT",
                                         "HORSE",   "CHARIOT", "CANNON",  "PAWN"};

#define SCALAR_NAME(name, text) #name,
static const char *const scalar_name[SC_COUNT] = {EVAL_SCALARS(SCALAR_NAME)};
#define SCALE_NAME(name, text) #name,
static const char *const scale_name[SCALE_COUNT] = {EVAL_SCALES(SCALE_NAME)};

static int scale_value(const weights *w, int c)
{
    long v = lround(w->sc[c]);
    return v < 0 ? 0 : v > EVAL_SCALE_MAX ? EVAL_SCALE_MAX : (int)v;
}

/* The block; how is the comment (or comments) above its tables. */
static void print_block(FILE *o, const weights *w8, const char *how)
{
    const double *mg = w8->mg, *eg = w8->eg;
    fprintf(o, "/* TUNED-WEIGHTS-BEGIN (tools/tune prints this block) */\n%s", how);
    fprintf(o, "static const wt material[8] = {\n");
    for (int ty = ADVISOR; ty <= PAWN; ty++)
        fprintf(o, "    [%s] = S(%d, %d),\n", type_name[ty], W(mg, EP_MATERIAL + ty),
                W(eg, EP_MATERIAL + ty));
    fprintf(o, "};\n\n"
               "/* Piece-square tables from Red's point of view, written as a board diagram:\n"
               " * the first row is rank 9 (Black's back rank), the last row rank 0 (Red's\n"
               " * back rank). xq__pst_index() maps a square of either colour to an index. */\n");
    for (int ph = 0; ph < 2; ph++) {
        const double *w = ph ? eg : mg;
        fprintf(o, "static const int16_t pst_%s[8][SQ_NB] = {\n", ph ? "eg" : "mg");
        for (int ty = KING; ty <= PAWN; ty++) {
            fprintf(o, "    [%s] = {\n", type_name[ty]);
            for (int r = 0; r < 10; r++) {
                fprintf(o, "       ");
                for (int f = 0; f < 9; f++)
                    fprintf(o, " %4d,", W(w, EP_PST + ty * 90 + r * 9 + f));
                fprintf(o, "\n");
            }
            fprintf(o, "    },\n");
        }
        fprintf(o, "};\n");
    }
    fprintf(o, "\n/* Mobility by the number of squares reached (horses and chariots: empty or\n"
               " * enemy squares; cannons: empty squares, each capture is a CANNON_HIT). */\n");
    print_pairs(o, "mob_horse", 9, EP_MOB_HORSE, mg, eg);
    print_pairs(o, "mob_chariot", 18, EP_MOB_CHARIOT, mg, eg);
    print_pairs(o, "mob_cannon", 18, EP_MOB_CANNON, mg, eg);
    fprintf(o, "\n/* The other weights (eval.h: EVAL_SCALARS says what each counts). */\n"
               "static const wt scalar[SC_COUNT] = {\n");
    for (int k = 0; k < SC_COUNT; k++) {
        int m = W(mg, EP_SCALAR + k);
        fprintf(o, "    [SC_%s] = S(%d, %d),\n", scalar_name[k], m,
                k == SC_TEMPO ? m : W(eg, EP_SCALAR + k));
    }
    fprintf(o, "};\n\n/* Endgame scale factors (out of EVAL_SCALE_MAX) by case (eval.h: "
               "EVAL_SCALES). */\n"
               "static const uint8_t scale_case[SCALE_COUNT] = {\n");
    for (int c = 0; c < SCALE_COUNT; c++)
        fprintf(o, "    [SCALE_%s] = %d,\n", scale_name[c], scale_value(w8, c));
    fprintf(o, "};\n/* TUNED-WEIGHTS-END */\n");
}

/* Replace the block in the file at path. The comments at the head of the
 * old block (how earlier runs fitted it) stay, and how is added after them:
 * the run started from the weights of the build, i.e. of that block. */
static int apply(const char *path, const weights *w, const char *how)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        text = grow(text, &cap, len + 65536, 1);
        size_t r = fread(text + len, 1, 65536, f);
        len += r;
        if (r == 0)
            break;
    }
    fclose(f);
    text[len] = 0;
    char *b = strstr(text, "/* TUNED-WEIGHTS-BEGIN");
    char *e = b ? strstr(b, "/* TUNED-WEIGHTS-END */\n") : NULL;
    if (!b || !e) {
        fprintf(stderr, "xq-tune: %s has no TUNED-WEIGHTS block\n", path);
        free(text);
        return -1;
    }
    e += strlen("/* TUNED-WEIGHTS-END */\n");
    const char *head = strchr(b, '\n');
    const char *tables = strstr(b, "static const");
    if (!head || !tables || tables > e) {
        fprintf(stderr, "xq-tune: %s: the TUNED-WEIGHTS block has no tables\n", path);
        free(text);
        return -1;
    }
    head++;
    size_t old_len = (size_t)(tables - head), how_len = strlen(how);
    char *comments = malloc(old_len + how_len + 1);
    if (!comments)
        die("out of memory");
    memcpy(comments, head, old_len);
    memcpy(comments + old_len, how, how_len + 1);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *o = fopen(tmp, "wb");
    if (!o) {
        perror(tmp);
        free(comments);
        free(text);
        return -1;
    }
    fwrite(text, 1, (size_t)(b - text), o);
    print_block(o, w, comments);
    fwrite(e, 1, len - (size_t)(e - text), o);
    free(comments);
    free(text);
    if (fclose(o) != 0 || rename(tmp, path) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

/* ---- the command line ---- */

enum { MAX_FILES = 64 };

/* What the command line asks for. */
typedef struct tune_args {
    int skip, every_ply, holdout, iterations, passes, fix_material, groups;
    long long max_positions;
    double rate, l2;
    const char *apply_to;
    int nfiles;
    const char *files[MAX_FILES];
} tune_args;

static tune_args arg = {.skip = 16, .every_ply = 1, .holdout = 10, .iterations = 200,
                        .passes = 1, .groups = G_ALL, .rate = 1.0, .l2 = 1e-7};

/* A positive number (--rate, --l2) into *out. */
static int positive_real(const char *option, const char *value, double *out)
{
    char *end;
    const double v = strtod(value, &end);
    if (end == value || *end || !(v > 0) || v > 1e9)
        return cli_usage_error("%s wants a positive number, not '%s'", option, value);
    *out = v;
    return 0;
}

static int take_rate(void *ctx, const char *option, const char *value)
{
    (void)ctx;
    return positive_real(option, value, &arg.rate);
}

static int take_l2(void *ctx, const char *option, const char *value)
{
    (void)ctx;
    return positive_real(option, value, &arg.l2);
}

/* --only GROUPS */
static int take_groups(void *ctx, const char *option, const char *value)
{
    (void)ctx;
    if (!(arg.groups = parse_groups(value)))
        return cli_usage_error("%s %s: unknown group (material, pst, mobility, scalars, scale, "
                               "all)", option, value);
    return 0;
}

/* The game files. */
static int take_file(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx, (void)argc;
    if (arg.nfiles == MAX_FILES)
        return cli_usage_error("at most %d files", MAX_FILES);
    arg.files[arg.nfiles++] = argv[*i];
    return 0;
}

static const cli_option options[] = {
    {CLI_INT, "--skip", .arg = "PLIES", .dest = &arg.skip, .lo = 0, .hi = 1000,
     .help = "leave out the first plies of each game (default 16)"},
    {CLI_INT, "--every", .arg = "N", .dest = &arg.every_ply, .lo = 1, .hi = 1000,
     .help = "every Nth ply only (default 1)"},
    {CLI_LLONG, "--max", .arg = "N", .dest = &arg.max_positions, .lo = 0, .hi = 1000000000,
     .help = "stop reading after N positions (default: all)"},
    {CLI_INT, "--holdout", .arg = "N", .dest = &arg.holdout, .lo = 2, .hi = 1000000,
     .help = "every Nth position is held out (default 10)"},
    {CLI_INT, "--iterations", .arg = "N", .dest = &arg.iterations, .lo = 0, .hi = 1000000,
     .help = "Adam steps per pass over the training set (default 200)"},
    {CLI_INT, "--passes", .arg = "N", .dest = &arg.passes, .lo = 1, .hi = 1000,
     .help = "passes, each refitting K first (default 1)"},
    {CLI_CALL, "--rate", .arg = "R", .call = take_rate,
     .help = "step size in centipawns (default 1.0)"},
    {CLI_CALL, "--l2", .arg = "L", .call = take_l2,
     .help = "pull towards the current weights (default 1e-7)"},
    {CLI_CALL, "--only", .arg = "GROUPS", .call = take_groups,
     .help = "fit only these groups of weights, comma-separated:\n"
             "material, pst, mobility, scalars, scale (the endgame\n"
             "scale factors), all (default)"},
    {CLI_FLAG, "--fix-material", .dest = &arg.fix_material, .ival = 1,
     .help = "keep the material values"},
    {CLI_STRING, "--apply", .arg = "FILE", .dest = &arg.apply_to,
     .help = "write the tuned block into FILE (lib/engine/eval.c), keeping the\n"
             "block's earlier comments and adding this run's after them"},
    {CLI_HELP, "--help", "-h", .help = "show this help"},
    {CLI_VERSION, "--version", .help = "show the version"},
};

static void usage(FILE *f);
static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 21,
                              .help = usage, .operand = take_file};

static void usage(FILE *f)
{
    fprintf(f, "usage: xq-tune [OPTIONS] FILE... (PGN; .xz through xz -dc; '-' = standard input)\n");
    cli_print_options(f, &spec);
}

/* ---- the fit ---- */

/* The weights the library was built with: the start of the fit. */
static void start_weights(int *wmg, int *weg, int *wsc)
{
    init_params();
    xq__eval_weights(wmg, weg);
    xq__eval_scales(wsc);
    fit.mg = calloc((size_t)nparams, sizeof(double));
    fit.eg = calloc((size_t)nparams, sizeof(double));
    cur.mg = calloc((size_t)nparams, sizeof(double));
    cur.eg = calloc((size_t)nparams, sizeof(double));
    if (!fit.mg || !fit.eg || !cur.mg || !cur.eg)
        die("out of memory");
    for (int q = 0; q < nparams; q++) {
        fit.mg[q] = cur.mg[q] = wmg[weight_of_param[q]];
        fit.eg[q] = cur.eg[q] = weg[weight_of_param[q]];
    }
    for (int c = 0; c < SCALE_COUNT; c++)
        fit.sc[c] = cur.sc[c] = wsc[c];
}

/* Which parameters move (used[]): those of the chosen groups that the data
 * touches, and the scale factors of the cases with enough training positions
 * (counted into case_count); the others keep their values. */
static void choose_parameters(int groups, int holdout, long *case_count)
{
    const int np = 2 * nparams + SCALE_COUNT; /* Adam's vector: mg, eg, scale factors */
    used = calloc((size_t)np, 1);
    if (!used)
        die("out of memory");
    for (size_t i = 0; i < nfeats; i++)
        used[feats[i].param] = used[nparams + feats[i].param] = 1;
    used[tempo_param()] = 1;
    used[nparams + tempo_param()] = 0; /* the tempo has one value */
    for (int q = 0; q < nparams; q++)
        if (!(groups & group_of(weight_of_param[q])))
            used[q] = used[nparams + q] = 0;
    for (size_t i = 0; i < nsamples; i++) {
        int c;
        if (held_out(i, holdout))
            continue;
        model(&samples[i], &cur, NULL, &c);
        case_count[c]++;
    }
    for (int c = 0; c < SCALE_COUNT; c++)
        used[2 * nparams + c] = (groups & G_SCALE) && c != SCALE_NONE && c != SCALE_DEAD &&
                                case_count[c] >= MIN_CASE_POSITIONS;
}

/* K that fits the weights best on the training set (golden-section search). */
static double fit_k(int holdout)
{
    double lo = 0.1, hi = 4.0;
    for (int it = 0; it < 50; it++) {
        double a = hi - (hi - lo) * 0.618, b = lo + (hi - lo) * 0.618;
        if (error(&fit, a, 0, holdout) < error(&fit, b, 0, holdout))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

/* One Adam step of every parameter that moves (iteration `it`, from 1). */
static void adam_step(int it, double k, int holdout, double rate, double l2)
{
    const int np = 2 * nparams + SCALE_COUNT;
    gradient(&fit, k, holdout, g, g + nparams, g + 2 * nparams);
    for (int j = 0; j < np; j++) {
        if (!used[j])
            continue;
        double *x, x0;
        if (j < 2 * nparams) {
            int q = j % nparams;
            x = j < nparams ? &fit.mg[q] : &fit.eg[q];
            x0 = j < nparams ? cur.mg[q] : cur.eg[q];
        } else {
            x = &fit.sc[j - 2 * nparams];
            x0 = cur.sc[j - 2 * nparams];
        }
        double gj = g[j] + 2 * l2 * (*x - x0);
        m1[j] = 0.9 * m1[j] + 0.1 * gj;
        v1[j] = 0.999 * v1[j] + 0.001 * gj * gj;
        double mh = m1[j] / (1 - pow(0.9, it)), vh = v1[j] / (1 - pow(0.999, it));
        *x -= rate * mh / (sqrt(vh) + 1e-12);
        if (j >= 2 * nparams) /* a factor stays within 0..EVAL_SCALE_MAX */
            *x = *x < 0 ? 0 : *x > EVAL_SCALE_MAX ? EVAL_SCALE_MAX : *x;
    }
}

/* The errors of a fit, before and after. */
typedef struct fit_errors {
    double k0, train0, held0; /* the first pass's K and the errors before any step */
    double k;                 /* the last pass's K */
} fit_errors;

/* Each pass fits K to the weights it starts from, then takes Adam steps over
 * the whole training set with K fixed. */
static fit_errors fit_passes(const tune_args *a)
{
    const int np = 2 * nparams + SCALE_COUNT;
    fit_errors e = {0, 0, 0, 0};
    m1 = calloc((size_t)np, sizeof *m1);
    v1 = calloc((size_t)np, sizeof *v1);
    g = calloc((size_t)np, sizeof *g);
    if (!m1 || !v1 || !g)
        die("out of memory");
    for (int pass = 1; pass <= a->passes; pass++) {
        e.k = fit_k(a->holdout);
        const double tr = error(&fit, e.k, 0, a->holdout), he = error(&fit, e.k, 1, a->holdout);
        if (pass == 1) {
            e.k0 = e.k;
            e.train0 = tr;
            e.held0 = he;
        }
        printf("pass %d: K %.4f, training error %.6f, held-out error %.6f\n", pass, e.k, tr, he);
        fflush(stdout);
        memset(m1, 0, (size_t)np * sizeof *m1);
        memset(v1, 0, (size_t)np * sizeof *v1);
        for (int it = 1; it <= a->iterations; it++) {
            adam_step(it, e.k, a->holdout, a->rate, a->l2);
            if (it % 50 == 0 || it == a->iterations)
                fprintf(stderr, "pass %d, iteration %d: training error %.6f, held-out %.6f\n",
                        pass, it, error(&fit, e.k, 0, a->holdout),
                        error(&fit, e.k, 1, a->holdout));
        }
    }
    return e;
}

/* ---- the result ---- */

/* The command line, wrapped at blanks for the block's comment. */
static void wrap_command(int argc, char **argv, char *out, size_t cap)
{
    char cmdline[2048] = "";
    size_t cl = 0;
    for (int i = 0; i < argc && cl < sizeof cmdline - 1; i++)
        cl += (size_t)snprintf(cmdline + cl, sizeof cmdline - cl, "%s%s", i ? " " : "",
                               i ? argv[i] : "xq-tune");
    size_t wl = 0, col = 0;
    for (const char *c = cmdline; *c && wl < cap - 8;) {
        size_t word = strcspn(c, " ");
        if (col && col + 1 + word > 72) {
            wl += (size_t)snprintf(out + wl, cap - wl, "\n *     ");
            col = 4;
        } else if (col) {
            out[wl++] = ' ';
            col++;
        }
        for (size_t i = 0; i < word && wl < cap - 8; i++)
            out[wl++] = c[i];
        col += word;
        c += word;
        while (*c == ' ')
            c++;
    }
    out[wl] = 0;
}

/* The weights before and after, on standard output. */
static void print_changes(const int *wmg, const int *weg, const int *wsc, const long *case_count)
{
    printf("\nmaterial (mg, eg):\n");
    for (int ty = ADVISOR; ty <= PAWN; ty++)
        printf("  %-9s %4d %4d -> %4d %4d\n", type_name[ty], wmg[EP_MATERIAL + ty],
               weg[EP_MATERIAL + ty], W(fit.mg, EP_MATERIAL + ty), W(fit.eg, EP_MATERIAL + ty));
    printf("other weights (mg, eg):\n");
    for (int q = 0; q < SC_COUNT; q++)
        printf("  %-20s %4d %4d -> %4d %4d\n", scalar_name[q], wmg[EP_SCALAR + q],
               weg[EP_SCALAR + q], W(fit.mg, EP_SCALAR + q), W(fit.eg, EP_SCALAR + q));
    printf("endgame scale factors (training positions in the case):\n");
    for (int c = 0; c < SCALE_COUNT; c++)
        printf("  %-24s %2d -> %2d  %8ld%s\n", scale_name[c], wsc[c], scale_value(&fit, c),
               case_count[c], used[2 * nparams + c] ? "" : "  (kept)");
}

static void free_all(void)
{
    free(used);
    free(m1);
    free(v1);
    free(g);
    free(fit.mg);
    free(fit.eg);
    free(cur.mg);
    free(cur.eg);
    free(samples);
    free(feats);
}

int main(int argc, char **argv)
{
    cli_init("xq-tune");
    int rc = cli_parse(&spec, argc, argv);
    if (rc != CLI_CONTINUE)
        return rc;
    if (!arg.nfiles)
        return cli_usage_error("no game file");
    if (arg.fix_material)
        arg.groups &= ~G_MATERIAL;

    int wmg[EP_COUNT], weg[EP_COUNT], wsc[SCALE_COUNT];
    start_weights(wmg, weg, wsc);
    long games = 0;
    for (int i = 0; i < arg.nfiles; i++)
        if (read_file(arg.files[i], arg.skip, arg.every_ply, (long)arg.max_positions, &games) != 0)
            return 1;
    size_t nheld = (nsamples + (size_t)arg.holdout - 1) / (size_t)arg.holdout;
    printf("games %ld, quiet positions %zu (training %zu, held out %zu: every %dth), "
           "%zu coefficients, %d parameters, %d scale factors\n",
           games, nsamples, nsamples - nheld, nheld, arg.holdout, nfeats, nparams,
           SCALE_COUNT - 2);
    printf("linear model vs the evaluation: %lld positions off by more than 2 (worst %d)\n",
           model_mismatch, model_worst);
    if (nsamples < 100)
        die("too few positions");

    long case_count[SCALE_COUNT] = {0};
    choose_parameters(arg.groups, arg.holdout, case_count);
    const fit_errors e = fit_passes(&arg);
    /* The errors after, with the K of the first pass (comparable with
     * "before") and with the last one. */
    const double train1 = error(&fit, e.k0, 0, arg.holdout);
    const double held1 = error(&fit, e.k0, 1, arg.holdout);
    printf("after %d pass(es) of %d iterations: with K %.4f training error %.6f, held-out error "
           "%.6f; with K %.4f held-out error %.6f\n",
           arg.passes, arg.iterations, e.k0, train1, held1, e.k, error(&fit, e.k, 1, arg.holdout));

    char wrapped[2304], how[4096];
    wrap_command(argc, argv, wrapped, sizeof wrapped);
    snprintf(how, sizeof how,
             "/* %s (weights fitted: %s):\n"
             " *   %s\n"
             " * %ld games, %zu quiet positions (every %dth held out), K %.4f;\n"
             " * held-out error %.6f -> %.6f, training error %.6f -> %.6f. */\n",
             arg.apply_to ? "Then fitted by xq-tune from the weights above"
                          : "Fitted by xq-tune from the weights it was built with",
             describe_groups(arg.groups), wrapped, games, nsamples, arg.holdout, e.k0, e.held0,
             held1, e.train0, train1);
    if (arg.apply_to) {
        if (apply(arg.apply_to, &fit, how) != 0)
            return 1;
        printf("wrote the tuned weights into %s\n", arg.apply_to);
    } else {
        print_block(stdout, &fit, how);
    }
    print_changes(wmg, weg, wsc, case_count);
    free_all();
    return 0;
}
