/* SPDX-License-Identifier: MIT */
/* A finished game's final state from its moves (final_state.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "final_state.h"

/* A growing string of words separated by single spaces. */
typedef struct words {
    char *s;
    size_t len, cap;
    int failed; /* out of memory */
} words;

/* Append a word (with a space before all but the first). */
static void words_add(words *w, const char *word)
{
    size_t n = strlen(word), need = w->len + n + 2;
    if (w->failed)
        return;
    if (need > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 64;
        while (cap < need)
            cap *= 2;
        char *s = realloc(w->s, cap);
        if (!s) {
            w->failed = 1;
            return;
        }
        w->s = s;
        w->cap = cap;
    }
    if (w->len)
        w->s[w->len++] = ' ';
    memcpy(w->s + w->len, word, n + 1);
    w->len += n;
}

/* The words' string (never NULL unless out of memory), handed over. */
static char *words_take(words *w)
{
    if (!w->failed && !w->s)
        w->s = calloc(1, 1);
    if (w->failed) {
        free(w->s);
        w->s = NULL;
    }
    return w->s;
}

int final_state_of_board(const xq_board *b, store_final *out)
{
    memset(out, 0, sizeof *out);
    char fen[XQ_FEN_MAX];
    if (xq_board_fen(b, fen, sizeof fen) < 0)
        return -1;
    xq_board *replay; /* the moves again from the start, for their WXF and Chinese text */
    if (xq_board_new(&replay, XQ_START_FEN, NULL) != XQ_OK)
        return -1;
    words wxf = {0}, zh = {0}, checks = {0};
    int n = xq_board_history_size(b);
    for (int i = 0; i < n; i++) {
        xq_move mv;
        char s[XQ_MOVE_STR_MAX], w[XQ_MOVE_TEXT_MAX] = "", z[XQ_MOVE_TEXT_MAX] = "";
        xq_board_history_move(b, i, &mv, NULL);
        xq_move_format(mv, s, sizeof s);
        xq_board_move_to_text(replay, mv, XQ_NOTATION_WXF, 0, w, sizeof w);
        xq_board_move_to_text(replay, mv, XQ_NOTATION_CHINESE, 0, z, sizeof z);
        xq_board_make_move(replay, mv);
        /* a text with a space would split in two: the move's ICCS instead */
        words_add(&wxf, w[0] && !strchr(w, ' ') ? w : s);
        words_add(&zh, z[0] && !strchr(z, ' ') ? z : s);
        if (xq_board_in_check(replay) == 1) {
            char ply[16];
            snprintf(ply, sizeof ply, "%d", i + 1);
            words_add(&checks, ply);
        }
    }
    xq_board_free(replay);
    out->fen = strdup(fen);
    out->check = xq_board_in_check(b) == 1;
    out->wxf = words_take(&wxf);
    out->zh = words_take(&zh);
    out->checks = words_take(&checks);
    if (!out->fen || !out->wxf || !out->zh || !out->checks) {
        store_final_free(out);
        return -1;
    }
    return 0;
}

int final_state_of_moves(const char *const *moves, int n, store_final *out)
{
    memset(out, 0, sizeof *out);
    xq_board *b;
    if (xq_board_new(&b, XQ_START_FEN, NULL) != XQ_OK)
        return -1;
    for (int i = 0; i < n; i++) { /* up to the first move that is not legal there */
        xq_move mv;
        if (xq_move_parse(moves[i], &mv) != XQ_OK || xq_board_make_move(b, mv) != XQ_OK)
            break;
    }
    int rc = final_state_of_board(b, out);
    xq_board_free(b);
    return rc;
}

void store_final_free(store_final *f)
{
    free(f->fen);
    free(f->wxf);
    free(f->zh);
    free(f->checks);
    memset(f, 0, sizeof *f);
}
