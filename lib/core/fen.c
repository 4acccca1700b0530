/* SPDX-License-Identifier: MIT */
/* FEN parse (lenient letters and side, strict structure, full validation)
 * and canonical output. */
#include <stdio.h>
#include <string.h>

#include "util/error.h"
#include "movegen.h"

static const char *const type_name[8] = {"", "general", "advisor", "elephant",
                                         "horse", "chariot", "cannon", "soldier"};
static const char *const color_name[2] = {"Red", "Black"};
static const int type_max[8] = {0, 1, 2, 2, 2, 2, 2, 5};

static int letter_type(char c)
{
    switch (c | 0x20) {
    case 'k': return KING;
    case 'a': return ADVISOR;
    case 'b':
    case 'e': return ELEPHANT;
    case 'n':
    case 'h': return HORSE;
    case 'r': return CHARIOT;
    case 'c': return CANNON;
    case 'p': return PAWN;
    default: return 0;
    }
}

/* Blanks separate the fields; any ASCII white space counts, so a FEN read
 * from a line keeps working with its line break (as python-chess's split()). */
static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Name of square s ("e0") in a static-free way. */
static void sq_name(int s, char out[3])
{
    out[0] = (char)('a' + sq_file(s));
    out[1] = (char)('0' + sq_rank(s));
    out[2] = 0;
}

/* Read a non-negative decimal field at fen + *i. */
static int read_number(const char *fen, size_t *i, long *value)
{
    size_t j = *i;
    long v = 0;
    if (fen[j] < '0' || fen[j] > '9')
        return 0;
    while (fen[j] >= '0' && fen[j] <= '9') {
        v = v * 10 + (fen[j] - '0');
        if (v > 99999999)
            return 0;
        j++;
    }
    if (fen[j] && !is_blank(fen[j]))
        return 0;
    *i = j;
    *value = v;
    return 1;
}

/* The impossibilities of a position, collected in board order: the first
 * cap are written, all are counted. */
typedef struct problems {
    xq_parse_error *list;
    size_t cap;
    int n;
} problems;

static void problem(problems *pr, long long offset, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void problem(problems *pr, long long offset, const char *fmt, ...)
{
    if ((size_t)pr->n < pr->cap) {
        va_list ap;
        va_start(ap, fmt);
        xq__vparse_fail_at(&pr->list[pr->n], XQ_EPOSITION, offset, 0, 0, fmt, ap);
        va_end(ap);
    }
    pr->n++;
}

/* The squares where a piece of colour c and type t may stand. */
static u128 allowed_squares(int c, int t)
{
    switch (t) {
    case KING: return xq__T.palace[c];
    case ADVISOR: {
        /* the five points of the palace's diagonals */
        u128 allowed = 0;
        for (u128 b = xq__T.palace[c]; b;) {
            int x = pop_lsb128(&b);
            if ((sq_file(x) + sq_rank(x) + c) % 2 == 1)
                allowed |= sq_bit(x);
        }
        return allowed;
    }
    case ELEPHANT: return xq__T.elephant_squares[c];
    case PAWN: return xq__T.pawn_squares[c];
    default: return ~(u128)0;
    }
}

static void validate(const pos_t *p, const long long *where, problems *pr)
{
    int count[2][8] = {{0}};
    char name[3];

    /* Squares in FEN order, so the first problem reported is the leftmost. */
    for (int r = RANK_NB - 1; r >= 0; r--)
        for (int f = 0; f < FILE_NB; f++) {
            int s = make_sq(f, r), pc = p->sq[s];
            if (!pc)
                continue;
            int c = PCOLOR(pc), t = PTYPE(pc);
            if (++count[c][t] > type_max[t]) {
                problem(pr, where[s], "%s has more than %d %s%s", color_name[c], type_max[t],
                        type_name[t], type_max[t] > 1 ? "s" : "");
                continue;
            }
            if (!(allowed_squares(c, t) & sq_bit(s))) {
                sq_name(s, name);
                problem(pr, where[s], "%s %s on %s: it can never stand there", color_name[c],
                        type_name[t], name);
            }
        }
    int generals = 1;
    for (int c = RED; c <= BLACK; c++)
        if (count[c][KING] == 0) {
            problem(pr, 0, "%s has no general", color_name[c]);
            generals = 0;
        } else if (count[c][KING] > 1) {
            generals = 0;
        }
    if (!generals)
        return; /* the tests below need one general a side */

    const int them = p->side ^ 1;
    const int kr = p->king[RED], kb = p->king[BLACK];
    if (sq_file(kr) == sq_file(kb) && !(between(kr, kb) & pos_occ(p)))
        problem(pr, where[p->king[them]], "the generals face each other on an open file");
    else if (xq__attacked(p, p->king[them], p->side))
        problem(pr, where[p->king[them]], "%s is in check but it is %s's turn",
                color_name[them], color_name[p->side]);
}

/* Read the fields of a FEN into *out, with the offset of each piece's
 * letter in where[] (a FEN may follow 2 GiB of blanks); no validation. */
static int parse_fields(const char *fen, pos_t *out, long long *where, xq_parse_error *err)
{
    pos_t p;
    size_t i = 0;
    int rank = RANK_NB - 1, file = 0;

    xq__pos_clear(&p);
    while (is_blank(fen[i]))
        i++;
    if (!fen[i])
        return xq__parse_fail(err, XQ_EPARSE, (long long)i, "empty FEN");

    /* Field 1: the board, Black's back rank first. */
    for (;; i++) {
        char c = fen[i];
        if (c == '/') {
            if (file != FILE_NB)
                return xq__parse_fail(err, XQ_EPARSE, (long long)i,
                                      "rank %d describes %d squares, expected 9", rank, file);
            if (rank == 0)
                return xq__parse_fail(err, XQ_EPARSE, (long long)i, "more than 10 ranks");
            rank--;
            file = 0;
            continue;
        }
        if (!c || is_blank(c))
            break;
        if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > FILE_NB)
                return xq__parse_fail(err, XQ_EPARSE, (long long)i,
                                      "rank %d describes more than 9 squares", rank);
            continue;
        }
        int t = letter_type(c);
        if (!t || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
            if (c >= 0x21 && c <= 0x7e)
                return xq__parse_fail(err, XQ_EPARSE, (long long)i,
                                      "unexpected character '%c' in the board", c);
            return xq__parse_fail(err, XQ_EPARSE, (long long)i,
                                  "unexpected byte 0x%02x in the board", (unsigned char)c);
        }
        if (file >= FILE_NB)
            return xq__parse_fail(err, XQ_EPARSE, (long long)i,
                                  "rank %d describes more than 9 squares", rank);
        int s = make_sq(file, rank);
        where[s] = (long long)i;
        xq__pos_put(&p, s, MAKE_PIECE(c >= 'a' ? BLACK : RED, t));
        file++;
    }
    if (file != FILE_NB)
        return xq__parse_fail(err, XQ_EPARSE, (long long)i, "rank %d describes %d squares, expected 9",
                              rank, file);
    if (rank != 0)
        return xq__parse_fail(err, XQ_EPARSE, (long long)i, "the board has %d ranks, expected 10",
                              RANK_NB - rank);

    /* Fields 2-6, all optional from the side on: side, '-', '-', clocks. */
    p.side = RED;
    while (is_blank(fen[i]))
        i++;
    if (fen[i]) {
        char c = fen[i];
        if ((c != 'w' && c != 'r' && c != 'b') || (fen[i + 1] && !is_blank(fen[i + 1])))
            return xq__parse_fail(err, XQ_EPARSE, (long long)i, "side to move must be 'w' (or 'r') or 'b'");
        p.side = c == 'b' ? BLACK : RED;
        if (p.side == BLACK)
            p.key ^= xq__T.zobrist_side;
        i++;
        while (is_blank(fen[i]))
            i++;
    }
    for (int field = 3; field <= 4 && fen[i]; field++) {
        if (fen[i] != '-' || (fen[i + 1] && !is_blank(fen[i + 1])))
            return xq__parse_fail(err, XQ_EPARSE, (long long)i, "field %d must be '-'", field);
        i++;
        while (is_blank(fen[i]))
            i++;
    }
    if (fen[i]) {
        long v;
        if (!read_number(fen, &i, &v))
            return xq__parse_fail(err, XQ_EPARSE, (long long)i, "halfmove clock must be a number from 0 to 99999999");
        p.halfmove = (int32_t)v;
        while (is_blank(fen[i]))
            i++;
    }
    if (fen[i]) {
        long v;
        if (!read_number(fen, &i, &v))
            return xq__parse_fail(err, XQ_EPARSE, (long long)i, "move number must be a number from 1 to 99999999");
        p.fullmove = v ? (int32_t)v : 1; /* some programs write 0 */
        while (is_blank(fen[i]))
            i++;
    }
    if (fen[i])
        return xq__parse_fail(err, XQ_EPARSE, (long long)i, "unexpected text after the FEN");
    *out = p;
    return XQ_OK;
}

int xq__fen_parse(const char *fen, pos_t *out, xq_parse_error *err)
{
    pos_t p;
    long long where[SQ_NB];
    int rc = parse_fields(fen, &p, where, err);
    if (rc < 0)
        return rc;
    problems pr = {err, err ? 1 : 0, 0};
    validate(&p, where, &pr);
    if (pr.n)
        return XQ_EPOSITION;
    *out = p;
    return XQ_OK;
}

int xq__fen_problems(const char *fen, xq_parse_error *list, size_t cap)
{
    pos_t p;
    long long where[SQ_NB];
    xq_parse_error first;
    if (parse_fields(fen, &p, where, &first) < 0) {
        if (cap)
            list[0] = first;
        return 1;
    }
    problems pr = {list, cap, 0};
    validate(&p, where, &pr);
    return pr.n;
}

int xq__fen_placement(const char *letters, char *out)
{
    int n = 0;
    for (int r = RANK_NB - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < FILE_NB; f++) {
            char c = letters[make_sq(f, r)];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (r)
            out[n++] = '/';
    }
    out[n] = 0;
    return n;
}

int xq__fen_format(const pos_t *p, char *buf, size_t cap)
{
    static const char letters[] = " KABNRCP kabnrcp";
    char board[SQ_NB], tmp[XQ_FEN_MAX];
    for (int s = 0; s < SQ_NB; s++)
        board[s] = p->sq[s] ? letters[p->sq[s]] : 0;
    int n = xq__fen_placement(board, tmp);
    n += snprintf(tmp + n, sizeof tmp - (size_t)n, " %c - - %d %d", p->side == BLACK ? 'b' : 'w',
                  (int)p->halfmove, (int)p->fullmove);
    if (cap) {
        size_t k = (size_t)n < cap - 1 ? (size_t)n : cap - 1;
        memcpy(buf, tmp, k);
        buf[k] = 0;
    }
    return n;
}
