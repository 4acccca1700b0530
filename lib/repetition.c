/* In-tree repetition ruling (see repetition.h).
 *
 * A position that occurred before on the line, with the same side to move,
 * ends the line. Who caused it decides the value: if one side gave check
 * with every one of its moves in the cycle and the other did not, the
 * checking side loses (perpetual check is forbidden, Asian rules 26.1 and
 * Chinese rules 1999); otherwise the repetition is a draw. One repetition
 * is enough inside the tree: a line that can repeat once can repeat again. */
#include "repetition.h"

int xq__rep_judge(const xq__rep_entry *st, int n, int window)
{
    if (window > n)
        window = n;
    for (int d = 4; d <= window; d += 2) {
        if (st[n - d].key != st[n].key)
            continue;
        /* The cycle is the moves into st[n-d+1] .. st[n]. The opponent of
         * the side to move made the moves into st[n], st[n-2], ...; the side
         * to move made those into st[n-1], st[n-3], ... */
        int them_always = 1, us_always = 1;
        for (int i = n; i > n - d; i -= 2)
            them_always &= st[i].checked;
        for (int i = n - 1; i > n - d; i -= 2)
            us_always &= st[i].checked;
        if (them_always && !us_always)
            return REP_WIN;
        if (us_always && !them_always)
            return REP_LOSS;
        return REP_DRAW;
    }
    return REP_NONE;
}
