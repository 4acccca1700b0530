/* Endgame tables in the search. Scores: a mate in d plies at ply `ply`
 * scores as the search's own mate score mate_in(ply + d) when ply + d is
 * within the search's mate range (MAX_PLY); a longer table mate scores just
 * below that range, shorter distances higher (EGTB_LONG_WIN - d), and a
 * result of the perpetual-check rule, which has no distance, below every
 * table mate; a draw as a draw. All of them are above any evaluation. */
#include "egtb_search.h"

#include "egtb_probe.h"
#include "movegen.h"

/* Scores of table wins beyond the mate range (losses: their negation). */
enum {
    EGTB_LONG_WIN = VALUE_MATE_IN_MAX - 1, /* minus the distance in plies */
    EGTB_DTM_CAP = 2000,                   /* distances counted up to this */
    EGTB_RULE_WIN_SCORE = EGTB_LONG_WIN - EGTB_DTM_CAP - 1
};

static int win_score(int ply, int d)
{
    if (ply + d < MAX_PLY)
        return mate_in(ply + d);
    return EGTB_LONG_WIN - (d < EGTB_DTM_CAP ? d : EGTB_DTM_CAP);
}

int xq__egtb_best_moves_pos(const xq_egtb *tb, const pos_t *root, xq_move *moves, size_t cap);

int xq_search_set_tablebase(xq_search *s, const xq_egtb *tb)
{
    if (!search_ok(s) || (tb && !egtb_ok(tb)))
        return XQ_EINVAL;
    pthread_mutex_lock(&s->mu);
    const int searching = s->searching;
    if (!searching)
        s->egtb = tb;
    pthread_mutex_unlock(&s->mu);
    return searching ? XQ_ESTATE : XQ_OK;
}

void xq__egtb_root_filter(worker *w)
{
    const xq_egtb *tb = w->s->egtb;
    if (!tb || w->nroot == 0 || popcount128(pos_occ(&w->pos)) - 2 > tb->max_pieces)
        return;
    xq_move best[MAX_MOVES];
    int n = xq__egtb_best_moves_pos(tb, &w->pos, best, MAX_MOVES);
    if (n <= 0)
        return;
    int k = 0;
    for (int i = 0; i < w->nroot; i++)
        for (int j = 0; j < n; j++)
            if (w->root[i].move == best[j]) {
                w->root[k++] = w->root[i];
                break;
            }
    if (k > 0) /* the caller's searchmoves/banmoves may exclude them all */
        w->nroot = k;
    if (w->multipv > w->nroot)
        w->multipv = w->nroot;
}

int xq__egtb_search_probe(const worker *w, int ply, int *value)
{
    const xq_egtb *tb = w->s->egtb;
    if (popcount128(pos_occ(&w->pos)) - 2 > tb->max_pieces)
        return 0;
    int c = xq__egtb_probe_code(tb, &w->pos);
    if (c < 0 || c == EGTB_ILLEGAL)
        return 0;
    if (c == EGTB_DRAW)
        *value = VALUE_DRAW;
    else if (c == EGTB_RULE_WIN)
        *value = EGTB_RULE_WIN_SCORE;
    else if (c == EGTB_RULE_LOSS)
        *value = -EGTB_RULE_WIN_SCORE;
    else if ((c - 1) & 1)
        *value = win_score(ply, c - 1);
    else
        *value = -win_score(ply, c - 1);
    return 1;
}
