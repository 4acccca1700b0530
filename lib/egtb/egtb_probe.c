/* SPDX-License-Identifier: MIT */
/* Endgame tables: the public API (open a directory, probe, best moves,
 * verify, generate) over the table set. */
#include "egtb_probe.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/board.h"
#include "util/error.h"
#include "util/grow.h"
#include "core/movegen.h"

egtb_table *xq__egtb_find(const xq_egtb *tb, const egtb_material *m)
{
    for (int i = 0; i < tb->ntables; i++)
        if (xq__egtb_material_eq(&tb->tables[i]->L.mat, m))
            return tb->tables[i];
    return NULL;
}

int xq__egtb_add(xq_egtb *tb, egtb_table *t)
{
    if (XQ__GROW_INT(tb->tables, tb->cap, tb->ntables + 1) != XQ_OK)
        return XQ_ENOMEM;
    /* Keep the set sorted by name. */
    int i = tb->ntables++;
    while (i > 0 && strcmp(tb->tables[i - 1]->L.name, t->L.name) > 0) {
        tb->tables[i] = tb->tables[i - 1];
        i--;
    }
    tb->tables[i] = t;
    int n = xq__egtb_material_count(&t->L.mat);
    if (n > tb->max_pieces)
        tb->max_pieces = n;
    return XQ_OK;
}

int xq__egtb_probe_code(const xq_egtb *tb, const pos_t *p)
{
    egtb_material m;
    xq__egtb_material_of(p, &m);
    int flip = xq__egtb_material_flip(&m);
    if (flip)
        xq__egtb_material_swap(&m, &m);
    egtb_table *t = xq__egtb_find(tb, &m);
    if (!t)
        return -1;
    int64_t i = xq__egtb_encode(&t->L, p, flip);
    return i < 0 ? -1 : (int)xq__egtb_get(t, (uint64_t)i);
}

xq_egtb *xq__egtb_set_new(const char *dir)
{
    xq_egtb *tb = calloc(1, sizeof *tb);
    if (!tb)
        return NULL;
    tb->dir = strdup(dir);
    if (!tb->dir) {
        free(tb);
        return NULL;
    }
    tb->magic = XQ_EGTB_MAGIC;
    return tb;
}

void xq_egtb_free(xq_egtb *tb)
{
    if (!egtb_ok(tb))
        return;
    for (int i = 0; i < tb->ntables; i++) {
        xq__egtb_table_release(tb->tables[i]);
        free(tb->tables[i]);
    }
    free(tb->tables);
    free(tb->dir);
    tb->magic = 0;
    free(tb);
}

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a > b && strcmp(s + a - b, suf) == 0;
}

int xq_egtb_open(xq_egtb **out, const char *dir, xq_parse_error *err)
{
    if (!out)
        return xq__parse_fail(err, XQ_EINVAL, -1, "output pointer is NULL");
    *out = NULL;
    if (!dir)
        return xq__parse_fail(err, XQ_EINVAL, -1, "directory is NULL");
    xq__tables_init();
    DIR *d = opendir(dir);
    if (!d)
        return xq__parse_fail(err, XQ_EIO, -1, "cannot open %s: %s", dir, strerror(errno));
    xq_egtb *tb = xq__egtb_set_new(dir);
    int rc = tb ? XQ_OK : xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    struct dirent *e;
    while (rc == XQ_OK && (e = readdir(d)) != NULL) {
        if (!has_suffix(e->d_name, EGTB_SUFFIX))
            continue;
        char path[EGTB_PATH_MAX];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path) {
            rc = xq__parse_fail(err, XQ_EINVAL, -1, "directory name too long");
            break;
        }
        egtb_table *t = calloc(1, sizeof *t);
        if (!t) {
            rc = xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
            break;
        }
        rc = xq__egtb_file_open(t, path, err);
        if (rc == XQ_OK && xq__egtb_find(tb, &t->L.mat))
            rc = xq__parse_fail(err, XQ_EPARSE, -1, "%s: a second file for table %s", path,
                                t->L.name);
        if (rc == XQ_OK && (rc = xq__egtb_add(tb, t)) != XQ_OK)
            xq__parse_fail(err, rc, -1, "out of memory");
        if (rc != XQ_OK) {
            xq__egtb_table_release(t);
            free(t);
        }
    }
    closedir(d);
    if (rc != XQ_OK) {
        xq_egtb_free(tb);
        return rc;
    }
    *out = tb;
    return XQ_OK;
}

int xq_egtb_table_count(const xq_egtb *tb) { return egtb_ok(tb) ? tb->ntables : XQ_EINVAL; }

int xq_egtb_max_pieces(const xq_egtb *tb) { return egtb_ok(tb) ? tb->max_pieces : XQ_EINVAL; }

int xq_egtb_info_init(xq_egtb_info *info, unsigned int version)
{
    if (!info)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_EGTB_INFO_VERSION))
        return XQ_EVERSION;
    memset(info, 0, sizeof *info);
    info->version = version;
    return XQ_OK;
}

int xq_egtb_table_info(const xq_egtb *tb, int index, xq_egtb_info *info)
{
    if (!egtb_ok(tb) || !info || index < 0 || index >= tb->ntables)
        return XQ_EINVAL;
    if (xq__version_check(info->version, XQ_EGTB_INFO_VERSION))
        return XQ_EVERSION;
    const egtb_table *t = tb->tables[index];
    snprintf(info->name, sizeof info->name, "%s", t->L.name);
    info->entries = t->L.size;
    info->positions = t->L.size - t->illegal;
    info->wins = t->wins;
    info->draws = t->draws;
    info->losses = t->losses;
    info->file_size =
        t->file.size ? t->file.size : EGTB_HEADER_SIZE + t->L.size * (uint64_t)t->width;
    info->max_dtm = (int32_t)t->max_dtm;
    info->rule_wins = t->rule_wins;
    info->rule_losses = t->rule_losses;
    return XQ_OK;
}

static int code_to_api(int code, int *wdl, int *dtm)
{
    int w, d;
    if (code == EGTB_ILLEGAL)
        return XQ_EPOSITION;
    if (code == EGTB_DRAW) {
        w = XQ_EGTB_DRAW;
        d = 0;
    } else if (code == EGTB_RULE_WIN || code == EGTB_RULE_LOSS) {
        w = code == EGTB_RULE_WIN ? XQ_EGTB_WIN : XQ_EGTB_LOSS;
        d = -1;
    } else {
        d = code - 1;
        w = d & 1 ? XQ_EGTB_WIN : XQ_EGTB_LOSS;
    }
    if (wdl)
        *wdl = w;
    if (dtm)
        *dtm = d;
    return XQ_OK;
}

int xq_egtb_probe(const xq_egtb *tb, const xq_board *board, int *wdl, int *dtm)
{
    if (!egtb_ok(tb) || !board_ok(board))
        return XQ_EINVAL;
    int code = xq__egtb_probe_code(tb, &board->pos);
    if (code < 0)
        return XQ_ENOTFOUND;
    return code_to_api(code, wdl, dtm);
}

/* Rank of a successor's code for the side moving into it: higher is better.
 * Mate wins sooner > rule wins > draws > rule losses > mate losses later. */
static long child_rank(int c)
{
    if (c == EGTB_DRAW)
        return 0;
    if (c == EGTB_RULE_LOSS)
        return 1L << 20; /* we win by rule */
    if (c == EGTB_RULE_WIN)
        return -(1L << 20);
    int d = c - 1;
    return d & 1 ? -(1L << 21) + d : (1L << 21) - d;
}

int xq__egtb_best_moves_pos(const xq_egtb *tb, const pos_t *root, xq_move *moves, size_t cap)
{
    pos_t p = *root;
    xq_move mv[MAX_MOVES];
    long rank[MAX_MOVES], best = -(1L << 30);
    const int nm = xq__gen_legal(&p, mv, ALL_SQUARES);
    if (xq__egtb_probe_code(tb, &p) < 0)
        return XQ_ENOTFOUND;
    for (int i = 0; i < nm; i++) {
        undo_t u;
        pos_do(&p, mv[i], &u);
        int c = xq__egtb_probe_code(tb, &p);
        pos_undo(&p, mv[i], &u);
        if (c < 0)
            return XQ_ENOTFOUND;
        rank[i] = child_rank(c);
        if (rank[i] > best)
            best = rank[i];
    }
    int n = 0;
    for (int i = 0; i < nm; i++)
        if (rank[i] == best) {
            if ((size_t)n < cap)
                moves[n] = mv[i];
            n++;
        }
    return n;
}

int xq_egtb_best_moves(const xq_egtb *tb, const xq_board *board, xq_move *moves, size_t cap)
{
    if (!egtb_ok(tb) || !board_ok(board) || (!moves && cap))
        return XQ_EINVAL;
    return xq__egtb_best_moves_pos(tb, &board->pos, moves, cap);
}

/* ---- verify ---- */

static int verify_one(const xq_egtb *tb, const egtb_table *t, uint64_t i, pos_t *p, char *why,
                      size_t cap)
{
    const unsigned code = xq__egtb_get(t, i);
    if (!xq__egtb_decode(&t->L, i, p)) {
        if (code != EGTB_ILLEGAL) {
            snprintf(why, cap, "illegal index %llu has code %u", (unsigned long long)i, code);
            return 0;
        }
        return 1;
    }
    if (code == EGTB_ILLEGAL) {
        snprintf(why, cap, "legal position marked illegal");
        return 0;
    }
    xq_move mv[MAX_MOVES];
    const int nm = xq__gen_legal(p, mv, ALL_SQUARES);
    unsigned min_loss = ~0u, max_win = 0;
    int draws = 0, rule_losses = 0, mate_wins = 0;
    for (int k = 0; k < nm; k++) {
        undo_t u;
        pos_do(p, mv[k], &u);
        int c = xq__egtb_probe_code(tb, p);
        pos_undo(p, mv[k], &u);
        if (c < 0) {
            snprintf(why, cap, "a successor is in no table of the set");
            return -1;
        }
        if (c == EGTB_ILLEGAL) {
            snprintf(why, cap, "a legal successor is marked illegal");
            return 0;
        }
        if (c == EGTB_DRAW)
            draws++;
        else if (c == EGTB_RULE_LOSS)
            rule_losses++;
        else if (c == EGTB_RULE_WIN)
            ;
        else if ((c - 1) & 1) {
            mate_wins++;
            if ((unsigned)c - 1 > max_win)
                max_win = (unsigned)c - 1;
        } else if ((unsigned)c - 1 < min_loss) {
            min_loss = (unsigned)c - 1;
        }
    }
    unsigned want;
    if (nm == 0)
        want = 1;
    else if (min_loss != ~0u)
        want = min_loss + 2;
    else if (mate_wins == nm)
        want = max_win + 2;
    else if (rule_losses)
        want = EGTB_RULE_WIN;
    else if (!draws)
        want = EGTB_RULE_LOSS;
    else
        want = EGTB_DRAW;
    /* Results of the perpetual-check rule are closed like the others: a rule
     * win has a successor lost by rule, a rule loss only won successors. */
    int ok = code == want;
    if (!ok)
        snprintf(why, cap, "code %u, successors say %u", code, want);
    return ok;
}

int xq_egtb_verify(const xq_egtb *tb, const char *material, uint64_t *errors, xq_parse_error *err)
{
    if (errors)
        *errors = 0;
    if (!egtb_ok(tb) || !material)
        return xq__parse_fail(err, XQ_EINVAL, -1, "bad handle or NULL material");
    egtb_material m;
    int rc = xq__egtb_material_parse(material, &m, err);
    if (rc != XQ_OK)
        return rc;
    const egtb_table *t = xq__egtb_find(tb, &m);
    if (!t)
        return xq__parse_fail(err, XQ_ENOTFOUND, -1, "no table %s in the set", material);
    uint64_t bad = 0;
    pos_t p;
    char why[80];
    for (uint64_t i = 0; i < t->L.size; i++) {
        int r = verify_one(tb, t, i, &p, why, sizeof why);
        if (r < 0) {
            char fen[128];
            xq__fen_format(&p, fen, sizeof fen);
            return xq__parse_fail(err, XQ_ENOTFOUND, -1, "%s: %s: %s", t->L.name, fen, why);
        }
        if (!r) {
            if (!bad) {
                char fen[128];
                xq__fen_format(&p, fen, sizeof fen);
                xq__parse_fail(err, XQ_EPARSE, -1, "%s: %s: %s", t->L.name, fen, why);
            }
            bad++;
        }
    }
    if (errors)
        *errors = bad;
    return bad ? XQ_EPARSE : XQ_OK;
}
