/* SPDX-License-Identifier: MIT */
/* ECCO classification (xiangqi/ecco.h): replay the first XQ_ECCO_MAX_PLY plies,
 * look every position up (mirror-canonical key) in the generated table, and the
 * deepest hit decides. docs/openings.md describes the table. */
#include <string.h>

#include "xiangqi/ecco.h"

#include "util/bytes.h"
#include "ecco/ecco_table.h"

/* The standard start position's board and side fields of a FEN. */
static const char start_board[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

enum { BOARD_TEXT = 90, FILES = 9, RANKS = 10 };

/* The code a game gets when its first move is not in the table. */
static const char other_code[] = "A00";

/* The family a game's first move fixes (tools/ecco_table.py family()): 'B'
 * for 炮二平五 (either cannon to the centre), 'E' for 兵七进一 or 兵三进一, 'A'
 * for anything else. ECCO fixes the letter by it. */
static char family(xq_move first)
{
    int from = xq_move_from(first), to = xq_move_to(first);
    if ((from == XQ_SQUARE(7, 2) || from == XQ_SQUARE(1, 2)) && to == XQ_SQUARE(4, 2))
        return 'B';
    if ((from == XQ_SQUARE(2, 3) && to == XQ_SQUARE(2, 4)) ||
        (from == XQ_SQUARE(6, 3) && to == XQ_SQUARE(6, 4)))
        return 'E';
    return 'A';
}

/* The position key: see tools/ecco_table.py (FNV-1a 64, fnv1a64() there, of the
 * board text rank 9 first, file a first, the side, the family; the board the
 * smaller of it and its mirror image). */
static uint64_t position_key(const xq_board *b, char fam)
{
    char text[BOARD_TEXT + 2], mirror[BOARD_TEXT + 2];
    for (int r = 0; r < RANKS; r++)
        for (int f = 0; f < FILES; f++) {
            int piece = xq_board_piece_at(b, XQ_SQUARE(f, RANKS - 1 - r));
            char c = piece > 0 ? (char)xq_piece_char(piece) : '.';
            text[r * FILES + f] = c;
            mirror[r * FILES + (FILES - 1 - f)] = c;
        }
    char side = xq_board_side_to_move(b) == XQ_RED ? 'w' : 'b';
    text[BOARD_TEXT] = mirror[BOARD_TEXT] = side;
    text[BOARD_TEXT + 1] = mirror[BOARD_TEXT + 1] = fam;
    const char *canon = memcmp(text, mirror, BOARD_TEXT) <= 0 ? text : mirror;
    return xq__fnv1a64(canon, BOARD_TEXT + 2, XQ__FNV1A64_OFFSET);
}

static int find_entry(uint64_t key)
{
    int lo = 0, hi = xq__ecco_entry_count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (xq__ecco_keys[mid].key == key)
            return xq__ecco_keys[mid].entry;
        if (xq__ecco_keys[mid].key < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int code_index(const char *code)
{
    if (!code || strlen(code) != 3)
        return -1;
    char c[4] = {(char)(code[0] >= 'a' && code[0] <= 'e' ? code[0] - 'a' + 'A' : code[0]), code[1],
                 code[2], 0};
    int lo = 0, hi = XQ__ECCO_CODES - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int cmp = strcmp(xq__ecco_names[mid].code, c);
        if (cmp == 0)
            return mid;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static void set_empty(xq_ecco *out, int reason)
{
    memset(out, 0, sizeof *out);
    out->reason = reason;
    out->opening = out->variation = out->opening_traditional = "";
    out->variation_traditional = out->english = out->line = "";
}

static void set_names(xq_ecco *out, int index)
{
    const xq__ecco_name *n = &xq__ecco_names[index];
    memcpy(out->code, n->code, 4);
    out->opening = n->opening;
    out->variation = n->variation;
    out->opening_traditional = n->opening_traditional;
    out->variation_traditional = n->variation_traditional;
    out->english = n->english;
}

/* Whether a board (before any move) is the standard start with Red to move:
 * its canonical FEN begins with the start's board and " w ". */
static int is_standard_start(const xq_board *b)
{
    char fen[XQ_FEN_MAX];
    size_t n = strlen(start_board);
    return xq_board_fen(b, fen, sizeof fen) > 0 && strncmp(fen, start_board, n) == 0 &&
           strncmp(fen + n, " w ", 3) == 0;
}

int xq_ecco_classify_moves(const char *fen, const xq_move *moves, int count, xq_ecco *out)
{
    if (!out)
        return XQ_EINVAL;
    set_empty(out, XQ_ECCO_NO_MOVES); /* what a failed call leaves */
    if (count < 0 || (count > 0 && !moves))
        return XQ_EINVAL;
    xq_board *b;
    int rc = xq_board_new(&b, fen, NULL);
    if (rc != XQ_OK)
        return rc;
    if (!is_standard_start(b)) {
        xq_board_free(b);
        set_empty(out, XQ_ECCO_SETUP);
        return XQ_OK;
    }
    if (count == 0) {
        xq_board_free(b);
        set_empty(out, XQ_ECCO_NO_MOVES);
        return XQ_OK;
    }
    int n = count < XQ_ECCO_MAX_PLY ? count : XQ_ECCO_MAX_PLY;
    int best = -1, best_ply = 0;
    const char fam = family(moves[0]);
    for (int i = 0; i < n; i++) {
        rc = xq_board_make_move(b, moves[i]);
        if (rc != XQ_OK) {
            xq_board_free(b);
            return rc;
        }
        int e = find_entry(position_key(b, fam));
        if (e >= 0) {
            best = e;
            best_ply = i + 1;
        }
    }
    xq_board_free(b);
    set_empty(out, XQ_ECCO_FOUND);
    if (best < 0) {
        set_names(out, code_index(other_code));
        out->ply = 1;
        return XQ_OK;
    }
    const xq__ecco_entry *e = &xq__ecco_entries[best];
    set_names(out, code_index(e->code));
    out->ply = best_ply;
    out->line = e->line;
    out->games = e->games;
    out->agreeing = e->agreeing;
    return XQ_OK;
}

int xq_ecco_classify_board(const xq_board *board, xq_ecco *out)
{
    if (out)
        set_empty(out, XQ_ECCO_NO_MOVES);
    if (!board || !out)
        return XQ_EINVAL;
    int n = xq_board_history_size(board);
    if (n < 0)
        return n;
    xq_board *start;
    int rc = xq_board_clone(&start, board);
    if (rc != XQ_OK)
        return rc;
    while (xq_board_unmake_move(start, NULL) == XQ_OK)
        ;
    char fen[XQ_FEN_MAX];
    xq_board_fen(start, fen, sizeof fen);
    xq_board_free(start);
    xq_move moves[XQ_ECCO_MAX_PLY];
    int k = n < XQ_ECCO_MAX_PLY ? n : XQ_ECCO_MAX_PLY;
    for (int i = 0; i < k; i++)
        if ((rc = xq_board_history_move(board, i, &moves[i], NULL)) != XQ_OK)
            return rc;
    return xq_ecco_classify_moves(fen, moves, k, out);
}

int xq_ecco_classify_next(const xq_board *board, xq_ecco *inout)
{
    if (!board || !inout) {
        if (inout)
            set_empty(inout, XQ_ECCO_NO_MOVES);
        return XQ_EINVAL;
    }
    int n = xq_board_history_size(board);
    if (n < 0) {
        set_empty(inout, XQ_ECCO_NO_MOVES);
        return n;
    }
    if (n <= 1) /* the start position decides: classified afresh (one move) */
        return xq_ecco_classify_board(board, inout);
    if (inout->reason == XQ_ECCO_SETUP)
        return XQ_OK;
    if (inout->reason != XQ_ECCO_FOUND || inout->ply < 1 || inout->ply > n - 1) {
        set_empty(inout, XQ_ECCO_NO_MOVES);
        return XQ_EINVAL;
    }
    if (n > XQ_ECCO_MAX_PLY)
        return XQ_OK;
    xq_move first;
    int rc = xq_board_history_move(board, 0, &first, NULL);
    if (rc != XQ_OK) {
        set_empty(inout, XQ_ECCO_NO_MOVES);
        return rc;
    }
    int e = find_entry(position_key(board, family(first)));
    if (e < 0)
        return XQ_OK; /* the deepest position found so far still decides */
    const xq__ecco_entry *en = &xq__ecco_entries[e];
    set_empty(inout, XQ_ECCO_FOUND);
    set_names(inout, code_index(en->code));
    inout->ply = n;
    inout->line = en->line;
    inout->games = en->games;
    inout->agreeing = en->agreeing;
    return XQ_OK;
}

int xq_ecco_classify_record(const xq_record *rec, xq_ecco *out)
{
    if (out)
        set_empty(out, XQ_ECCO_NO_MOVES);
    if (!rec || !out)
        return XQ_EINVAL;
    int n = xq_record_mainline_size(rec);
    if (n < 0)
        return n;
    char fen[XQ_FEN_MAX];
    int rc = xq_record_start_fen(rec, fen, sizeof fen);
    if (rc < 0)
        return rc;
    xq_move moves[XQ_ECCO_MAX_PLY];
    int k = n < XQ_ECCO_MAX_PLY ? n : XQ_ECCO_MAX_PLY;
    for (int i = 0; i < k; i++)
        if ((rc = xq_record_mainline_move(rec, i, &moves[i])) != XQ_OK)
            return rc;
    return xq_ecco_classify_moves(fen, moves, k, out);
}

int xq_ecco_lookup(const char *code, xq_ecco *out)
{
    if (out)
        set_empty(out, XQ_ECCO_NAMES);
    if (!code || !out)
        return XQ_EINVAL;
    int i = code_index(code);
    if (i < 0)
        return XQ_ENOTFOUND;
    set_empty(out, XQ_ECCO_NAMES);
    set_names(out, i);
    return XQ_OK;
}

int xq_ecco_code_count(void) { return XQ__ECCO_CODES; }

const char *xq_ecco_code_at(int index)
{
    return index >= 0 && index < XQ__ECCO_CODES ? xq__ecco_names[index].code : NULL;
}

const char *xq_ecco_reason_text(int reason)
{
    switch (reason) {
    case XQ_ECCO_FOUND:
        return "classified";
    case XQ_ECCO_NO_MOVES:
        return "the game has no moves";
    case XQ_ECCO_SETUP:
        return "set-up position, not the standard start";
    case XQ_ECCO_NAMES:
        return "names of a code";
    default:
        return "unknown reason";
    }
}
