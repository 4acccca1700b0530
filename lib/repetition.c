/* In-tree repetition ruling (see repetition.h).
 *
 * Perpetual check is forbidden (Asian rules; Chinese rules 1999, 26.1): in a
 * repetition, the side that checked with every move loses, unless both did.
 * Every other repetition is scored as a draw here; chases need the rule
 * module. */
#include "repetition.h"

int xq__rep_judge(const pos_t *pos, const xq__rep_entry *st, int n, int root)
{
    (void)pos;
    int seen = 0;
    /* Earlier positions with the same side to move, back to the last
     * irreversible move (a capture, a null move, the first entry). */
    for (int j = n - 2; j >= 0; j -= 2) {
        const xq__rep_entry *a = &st[j + 1], *b = &st[j + 2];
        if (!a->move || a->captured || !b->move || b->captured)
            break;
        if (j > n - 4 || st[j].key != st[n].key)
            continue;
        if (j <= root && ++seen < 2)
            continue; /* before the root: only a threefold repetition counts */
        /* The cycle is the moves into st[j+1] .. st[n]. The opponent of the
         * side to move made the moves into st[n], st[n-2], ...; the side to
         * move those into st[n-1], st[n-3], ... */
        int them_always = 1, us_always = 1;
        for (int i = n; i > j; i -= 2)
            them_always &= st[i].checked;
        for (int i = n - 1; i > j; i -= 2)
            us_always &= st[i].checked;
        if (them_always && !us_always)
            return REP_WIN;
        if (us_always && !them_always)
            return REP_LOSS;
        return REP_DRAW;
    }
    return REP_NONE;
}
