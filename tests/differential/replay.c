/* SPDX-License-Identifier: MIT */
/* Replays games through the C API and prints, for every ply, what the
 * Python (replay.py) and JavaScript (replay.mjs) replayers print through
 * their bindings; bindings.sh compares the three. Input on stdin, one game a
 * line: FEN | moves (ICCS, blank-separated). Output per ply:
 *
 *   game ply ICCS WXF Chinese | FEN after | AXF outcome | CXA outcome
 *
 * with "-" for an ongoing game. A bad line or an illegal move is an error
 * (exit 1) with the line number. */
#include <stdio.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#define LINE_MAX_BYTES 16384

static void outcome_text(const xq_board *b, int ruleset, char *text, size_t cap)
{
    xq_rules r;
    xq_outcome o;
    xq_rules_init(&r, XQ_RULES_VERSION, ruleset);
    if (xq_board_outcome(b, &r, &o) <= XQ_RESULT_ONGOING)
        snprintf(text, cap, "-");
    else
        xq_outcome_format(&o, text, cap);
}

static int replay(int game, char *fen, char *moves)
{
    xq_board *b = NULL;
    xq_parse_error err;
    if (xq_board_new(&b, fen, &err) != XQ_OK) {
        fprintf(stderr, "game %d: bad FEN: %s\n", game, err.message);
        return 1;
    }
    int ply = 0;
    for (char *t = strtok(moves, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
        xq_move m;
        char wxf[XQ_MOVE_TEXT_MAX], zh[XQ_MOVE_TEXT_MAX], iccs[XQ_MOVE_TEXT_MAX];
        char after[XQ_FEN_MAX], axf[256], cxa[256];
        if (xq_move_parse(t, &m) != XQ_OK || !xq_board_is_legal(b, m)) {
            fprintf(stderr, "game %d ply %d: '%s' is not legal\n", game, ply + 1, t);
            xq_board_free(b);
            return 1;
        }
        xq_board_move_to_text(b, m, XQ_NOTATION_ICCS, 0, iccs, sizeof iccs);
        xq_board_move_to_text(b, m, XQ_NOTATION_WXF, 0, wxf, sizeof wxf);
        xq_board_move_to_text(b, m, XQ_NOTATION_CHINESE, 0, zh, sizeof zh);
        xq_board_make_move(b, m);
        xq_board_fen(b, after, sizeof after);
        outcome_text(b, XQ_RULES_AXF, axf, sizeof axf);
        outcome_text(b, XQ_RULES_CXA, cxa, sizeof cxa);
        printf("%d %d %s %s %s | %s | %s | %s\n", game, ++ply, iccs, wxf, zh, after, axf, cxa);
    }
    xq_board_free(b);
    return 0;
}

int main(void)
{
    static char line[LINE_MAX_BYTES];
    int game = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *bar = strchr(line, '|');
        if (!bar) {
            fprintf(stderr, "line %d: expected FEN | moves\n", game + 1);
            return 1;
        }
        *bar = 0;
        if (replay(++game, line, bar + 1))
            return 1;
    }
    return 0;
}
