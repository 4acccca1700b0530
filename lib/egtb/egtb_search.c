/* SPDX-License-Identifier: MIT */
/* Endgame tables in the search: the hooks of search_addons.h. Scores: a
 * mate in d plies at ply `ply` scores as the search's own mate score
 * mate_in(ply + d) when ply + d is within the search's mate range
 * (MAX_PLY); a longer table mate scores just below that range, shorter
 * distances higher (EGTB_LONG_WIN - d), and a result of the perpetual-check
 * rule, which has no distance, below every table mate; a draw as a draw.
 * All of them are above any evaluation. */
#include "engine/search_addons.h"

#include "egtb_probe.h"
#include "core/movegen.h"
#include "engine/score.h"

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

/* More pieces than any table of tb holds (no probe can succeed)? */
static int beyond_tables(const xq_egtb *tb, const pos_t *pos)
{
    return popcount128(pos_occ(pos)) - 2 > tb->max_pieces;
}

int xq__egtb_handle_ok(const xq_egtb *tb) { return egtb_ok(tb); }

int xq__egtb_root_moves(const xq_egtb *tb, const pos_t *pos, xq_move *moves, int cap)
{
    if (beyond_tables(tb, pos) || cap <= 0)
        return 0;
    const int n = xq__egtb_best_moves_pos(tb, pos, moves, (size_t)cap);
    return n > cap ? cap : n;
}

int xq__egtb_search_probe(const xq_egtb *tb, const pos_t *pos, int ply, int *value)
{
    if (beyond_tables(tb, pos))
        return 0;
    int c = xq__egtb_probe_code(tb, pos);
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
