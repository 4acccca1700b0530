/* SPDX-License-Identifier: MIT */
/* Held-out agreement of the ECCO classification with the CCPD games' ECCO
 * tags: every tenth game (numbered from 1 in file order, bad games counted),
 * which tools/ecco_table.py left out of the table, is classified and compared
 * with its tag. Fails below the threshold (percent, the second argument).
 * Prints the agreement and the disagreements by code pair (tag -> ours).
 *
 *   ecco_agreement GAMES.pgn.xz THRESHOLD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

enum { HOLD_OUT_EVERY = 10, MAX_PAIRS = 2000 };

typedef struct pair {
    char tag[4], code[4];
    int n;
} pair;

static pair pairs[MAX_PAIRS];
static int npairs;

static void count_pair(const char *tag, const char *code)
{
    for (int i = 0; i < npairs; i++)
        if (!strcmp(pairs[i].tag, tag) && !strcmp(pairs[i].code, code)) {
            pairs[i].n++;
            return;
        }
    if (npairs < MAX_PAIRS) {
        snprintf(pairs[npairs].tag, 4, "%s", tag);
        snprintf(pairs[npairs].code, 4, "%s", code);
        pairs[npairs++].n = 1;
    }
}

static int by_count(const void *a, const void *b)
{
    const pair *x = a, *y = b;
    if (x->n != y->n)
        return y->n - x->n;
    int c = strcmp(x->tag, y->tag);
    return c ? c : strcmp(x->code, y->code);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: ecco_agreement GAMES.pgn.xz THRESHOLD\n");
        return 2;
    }
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "xz -dc '%s'", argv[1]);
    FILE *f = popen(cmd, "r");
    xq_pgn_reader *rd;
    xq_record *rec;
    if (!f || xq_pgn_reader_open_fd(&rd, fileno(f), NULL, NULL) != XQ_OK ||
        xq_record_new(&rec, NULL, NULL) != XQ_OK) {
        fprintf(stderr, "ecco_agreement: cannot read %s\n", argv[1]);
        return 1;
    }
    int number = 0, held = 0, agree = 0, rc;
    while ((rc = xq_pgn_reader_next(rd, rec, NULL)) != 0) {
        if (rc == XQ_EIO)
            break;
        number++;
        if (rc < 0 || number % HOLD_OUT_EVERY != 0)
            continue;
        char tag[16] = "";
        xq_ecco e;
        if (xq_record_tag(rec, "ECCO", tag, sizeof tag) < 0 || xq_ecco_lookup(tag, &e) != XQ_OK)
            continue; /* no tag or an empty one: nothing to agree with */
        if (xq_ecco_classify_record(rec, &e) != XQ_OK || e.reason == XQ_ECCO_SETUP)
            continue;
        held++;
        if (!strcmp(e.code, tag))
            agree++;
        else
            count_pair(tag, e.code);
    }
    xq_record_free(rec);
    xq_pgn_reader_free(rd);
    int status = pclose(f);
    double pct = held ? 100.0 * agree / held : 0.0;
    printf("games read: %d, held out with a tag: %d, agreeing: %d (%.2f%%), threshold %s%%\n", number,
           held, agree, pct, argv[2]);
    qsort(pairs, (size_t)npairs, sizeof pairs[0], by_count);
    printf("disagreements by code pair (tag -> classified): %d pairs\n", npairs);
    for (int i = 0; i < npairs; i++)
        printf("  %s -> %s  %d\n", pairs[i].tag, pairs[i].code, pairs[i].n);
    if (rc == XQ_EIO || status != 0 || held < 1000) {
        fprintf(stderr, "ecco_agreement: reading %s failed (%d games)\n", argv[1], held);
        return 1;
    }
    return pct >= atof(argv[2]) ? 0 : 1;
}
