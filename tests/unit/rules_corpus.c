/* SPDX-License-Identifier: MIT */
/* The rule corpus reader (rules_corpus.h). */
#include <ctype.h>

#include "xq_test.h"

#include "rules_corpus.h"

ccase cases[CORPUS_MAX_CASES];
int ncases;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

static void fail_load(int lineno, const char *what)
{
    fprintf(stderr, "%s:%d: %s\n", xq_test_path(CORPUS), lineno, what);
    exit(1);
}

static int verdict_ok(const char *v)
{
    static const char *const kinds[] = {"checks", "chases", "threatens"};
    if (!strcmp(v, "draw") || !strcmp(v, "ongoing"))
        return 1;
    if (strncmp(v, "red-", 4) && strncmp(v, "black-", 6))
        return 0;
    const char *k = strchr(v, '-') + 1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(k, kinds[i]))
            return 1;
    return 0;
}

/* Every record: label | FEN | moves | AXF | CXA | AXF evidence | citation. */
void load_cases(void)
{
    FILE *f = fopen(xq_test_path(CORPUS), "r");
    if (!f)
        fail_load(0, "cannot open");
    char line[4096];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        char *field[7];
        int n = 0;
        for (char *p = s;; p++) {
            field[n++] = p;
            p = strchr(p, '|');
            if (!p || n == 7)
                break;
            *p = 0;
        }
        if (n != 7 || strchr(field[6], '|'))
            fail_load(lineno, "expected 7 fields separated by |");
        if (ncases == (int)(sizeof cases / sizeof *cases))
            fail_load(lineno, "too many cases");
        for (int i = 0; i < 7; i++)
            field[i] = trim(field[i]);
        if (strlen(field[0]) >= sizeof cases->label || strlen(field[1]) >= sizeof cases->fen ||
            strlen(field[2]) >= sizeof cases->moves || strlen(field[5]) >= sizeof cases->evidence ||
            strlen(field[6]) >= sizeof cases->citation)
            fail_load(lineno, "a field is too long");
        ccase *c = &cases[ncases++];
        c->line = lineno;
        snprintf(c->label, sizeof c->label, "%s", trim(field[0]));
        snprintf(c->fen, sizeof c->fen, "%s", trim(field[1]));
        snprintf(c->moves, sizeof c->moves, "%s", trim(field[2]));
        for (int i = 0; i < 2; i++) {
            snprintf(c->verdict[i], sizeof c->verdict[i], "%s", trim(field[3 + i]));
            if (!verdict_ok(c->verdict[i]))
                fail_load(lineno, "unknown verdict");
        }
        snprintf(c->evidence, sizeof c->evidence, "%s", trim(field[5]));
        snprintf(c->citation, sizeof c->citation, "%s", trim(field[6]));
        if (!c->label[0] || !c->fen[0] || !c->moves[0] || !c->citation[0])
            fail_load(lineno, "empty label, FEN, moves or citation");
        for (int i = 0; i < ncases - 1; i++)
            if (!strcmp(cases[i].label, c->label))
                fail_load(lineno, "duplicate label");
    }
    fclose(f);
    if (ncases == 0)
        fail_load(lineno, "no cases");
}

xq_rules rules_of(int ruleset)
{
    xq_rules r;
    ck_assert_int_eq(xq_rules_init(&r, XQ_RULES_VERSION, ruleset), XQ_OK);
    return r;
}

/* The case's board after its moves; an illegal move fails loudly. */
xq_board *case_board(const ccase *c)
{
    xq_board *b = NULL;
    xq_parse_error err;
    const int rc = xq_board_new(&b, c->fen, &err);
    ck_assert_msg(rc == XQ_OK, "%s (line %d): FEN rejected: %s", c->label, c->line, err.message);
    char buf[sizeof c->moves];
    snprintf(buf, sizeof buf, "%s", c->moves);
    int ply = 0;
    for (char *t = strtok(buf, " \t"); t; t = strtok(NULL, " \t"), ply++) {
        xq_move m;
        ck_assert_msg(xq_move_parse(t, &m) == XQ_OK && xq_board_make_move(b, m) == XQ_OK,
                      "%s (line %d): move %d '%s' is not legal", c->label, c->line, ply + 1, t);
    }
    return b;
}
