/* SPDX-License-Identifier: MIT */
/* The rule corpus, tests/data/rules/axf-diagrams.txt, read for the tests that
 * judge it: check_rules_corpus (the verdicts, evidence and bans) and
 * check_rule_note (xq-server's article note). One record a line:
 *
 *   label | FEN | moves (ICCS) | AXF | CXA | AXF evidence (optional) | citation
 *
 * A malformed record, an unknown verdict or a duplicate label ends the test
 * program with the file, line and reason. */
#ifndef XQ_TEST_RULES_CORPUS_H
#define XQ_TEST_RULES_CORPUS_H

#include <xiangqi/xiangqi.h>

#define CORPUS "rules/axf-diagrams.txt"
#define CORPUS_MAX_CASES 512

typedef struct ccase {
    char label[128], fen[128], moves[1024], verdict[2][32], evidence[64], citation[192];
    int line;
} ccase;

extern ccase cases[CORPUS_MAX_CASES];
extern int ncases;

/* Read the corpus into cases[] and ncases (exits on a bad record). */
void load_cases(void);

/* The rule set's default parameters. */
xq_rules rules_of(int ruleset);

/* The case's board after its moves (the caller frees it); an illegal move
 * fails the running test. */
xq_board *case_board(const ccase *c);

#endif
