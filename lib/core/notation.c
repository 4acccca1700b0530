/* SPDX-License-Identifier: MIT */
/* Moves as text: ICCS, WXF (official and xqbase dialects) and Chinese.
 *
 * Formatting describes a move by its piece, the piece's file or its place
 * among the pieces of its kind on that file, the direction and the last
 * number. Parsing turns the text into the same description (a query) and
 * keeps the legal moves that fit it: exactly one must remain. */
#include "notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "util/text.h"

/* ---- geometry from the mover's point of view ---- */

/* File 1..9 counted from the mover's right. */
static int rel_file(int c, int f) { return c == RED ? 9 - f : f + 1; }
/* Rank 0..9 counted from the mover's side (larger = nearer the opponent). */
static int rel_rank(int c, int r) { return c == RED ? r : 9 - r; }
/* Board file 0..8 of a mover-relative file 1..9. */
static int abs_file(int c, int rf) { return c == RED ? 9 - rf : rf - 1; }

/* Where every piece of one side stands within its kind: for each square the
 * size of its file group (same kind, same file), its index from the front,
 * and its ordinal among the pieces of its kind that share a file with another
 * (files from the mover's right, front to back), or -1. */
typedef struct groups {
    int8_t n[SQ_NB], idx[SQ_NB], ord[SQ_NB];
    int8_t paired_files[8]; /* by type: files holding 2+ pieces of the type */
} groups;

static void group_type(const pos_t *p, int c, int t, groups *g)
{
    int pc = MAKE_PIECE(c, t), ord = 0;
    g->paired_files[t] = 0;
    for (int rf = 1; rf <= 9; rf++) {
        int f = abs_file(c, rf), sqs[10], k = 0;
        for (int i = 9; i >= 0; i--) { /* front to back */
            int r = c == RED ? i : 9 - i;
            int s = make_sq(f, r);
            if (p->sq[s] == pc)
                sqs[k++] = s;
        }
        if (k >= 2)
            g->paired_files[t]++;
        for (int j = 0; j < k; j++) {
            g->n[sqs[j]] = (int8_t)k;
            g->idx[sqs[j]] = (int8_t)j;
            g->ord[sqs[j]] = (int8_t)(k >= 2 ? ord++ : -1);
        }
    }
}

static void group_all(const pos_t *p, int c, groups *g)
{
    memset(g, 0, sizeof *g);
    for (int t = KING; t <= PAWN; t++)
        group_type(p, c, t, g);
}

/* ---- formatting ---- */

static const char wxf_letter[8] = {0, 'K', 'A', 'E', 'H', 'R', 'C', 'P'};
/* [traditional][color][type] */
static const char *const cn_piece[2][2][8] = {
    {{"", "帅", "仕", "相", "马", "车", "炮", "兵"}, {"", "将", "士", "象", "马", "车", "炮", "卒"}},
    {{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"}, {"", "將", "士", "象", "馬", "車", "砲", "卒"}},
};
static const char *const cn_numeral[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const fw_digit[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

/* The parts of a move's four-character description. */
typedef struct mdesc {
    int color, type, from, to;
    int file;  /* mover-relative file of the origin, 1..9 */
    char dir;  /* '+', '-' or '.' */
    int num;   /* destination file or number of steps */
    int n, idx, ord, paired_files;
} mdesc;

static void describe(const pos_t *p, xq_move m, const groups *g, mdesc *d)
{
    int from = MOVE_FROM(m), to = MOVE_TO(m), pc = p->sq[from];
    d->color = PCOLOR(pc);
    d->type = PTYPE(pc);
    d->from = from;
    d->to = to;
    d->file = rel_file(d->color, sq_file(from));
    int dr = rel_rank(d->color, sq_rank(to)) - rel_rank(d->color, sq_rank(from));
    d->dir = dr > 0 ? '+' : dr < 0 ? '-' : '.';
    if (dr == 0 || d->type == ADVISOR || d->type == ELEPHANT || d->type == HORSE)
        d->num = rel_file(d->color, sq_file(to));
    else
        d->num = dr > 0 ? dr : -dr;
    d->n = g->n[from];
    d->idx = g->idx[from];
    d->ord = g->ord[from];
    d->paired_files = g->paired_files[d->type];
}

/* The two designator characters of WXF (ASCII). */
static void wxf_designator(const mdesc *d, unsigned flags, char out[2])
{
    const char L = wxf_letter[d->type];
    const char F = (char)('0' + d->file);
    const int xqbase = (flags & XQ_NOTATION_XQBASE) != 0;
    int marker_form = 0;
    if (d->type == ADVISOR || d->type == ELEPHANT || d->n < 2) {
        out[0] = L, out[1] = F;
    } else if (d->type != PAWN) {
        out[0] = L, out[1] = d->idx == 0 ? '+' : xqbase ? '.' : '-';
        marker_form = 1;
    } else if (!xqbase) {
        if (d->paired_files >= 2) { /* file, then the place in it */
            out[0] = F;
            out[1] = d->idx == 0 ? '+' : d->idx == d->n - 1 ? '-' : F;
        } else if (d->n <= 3) {
            out[0] = L;
            out[1] = d->idx == 0 ? '+' : d->idx == d->n - 1 ? '-' : F;
            marker_form = out[1] != F;
        } else { /* 4 or 5: ++ P+ (P<file>) P- -- */
            if (d->idx == 0) {
                out[0] = out[1] = '+';
            } else if (d->idx == d->n - 1) {
                out[0] = out[1] = '-';
            } else {
                out[0] = L;
                out[1] = d->idx == 1 ? '+' : d->idx == d->n - 2 ? '-' : F;
                marker_form = out[1] != F;
            }
        }
    } else if (d->paired_files == 1 && d->n <= 3) {
        out[0] = L;
        out[1] = d->idx == 0 ? '+' : d->idx == d->n - 1 ? '.' : '-';
        marker_form = 1;
    } else {
        out[0] = L, out[1] = (char)('a' + d->ord);
    }
    if (marker_form && (flags & XQ_NOTATION_WXF_PREFIX)) {
        char t = out[0];
        out[0] = out[1];
        out[1] = t;
    }
}

static void put_ascii(xq__sb *b, const char *s, size_t n, int fullwidth)
{
    for (size_t i = 0; i < n; i++) {
        if (fullwidth && s[i] > 0x20 && s[i] < 0x7f) {
            char u[4];
            int k = xq__utf8_encode((uint32_t)s[i] + 0xFEE0, u);
            xq__sb_putn(b, u, (size_t)k);
        } else {
            xq__sb_putc(b, s[i]);
        }
    }
}

static void format_iccs(xq_move m, unsigned flags, xq__sb *b)
{
    char t[16];
    int n = 0, one = (flags & XQ_NOTATION_RANKS_1_10) ? 1 : 0, up = (flags & XQ_NOTATION_ICCS_UPPER) != 0;
    for (int k = 0; k < 2; k++) {
        int s = k ? MOVE_TO(m) : MOVE_FROM(m);
        if (k && up)
            t[n++] = '-';
        t[n++] = (char)((up ? 'A' : 'a') + sq_file(s));
        n += snprintf(t + n, sizeof t - (size_t)n, "%d", sq_rank(s) + one);
    }
    put_ascii(b, t, (size_t)n, (flags & XQ_NOTATION_FULLWIDTH) != 0);
}

static void format_wxf(const mdesc *d, unsigned flags, xq__sb *b)
{
    char t[4];
    wxf_designator(d, flags, t);
    t[2] = d->dir == '.' && (flags & XQ_NOTATION_WXF_EQUALS) ? '=' : d->dir;
    t[3] = (char)('0' + d->num);
    put_ascii(b, t, 4, (flags & XQ_NOTATION_FULLWIDTH) != 0);
}

static void cn_number(const mdesc *d, int v, unsigned flags, xq__sb *b)
{
    if (d->color == RED)
        xq__sb_puts(b, cn_numeral[v]);
    else if (flags & XQ_NOTATION_ASCII_DIGITS)
        xq__sb_putc(b, (char)('0' + v));
    else
        xq__sb_puts(b, fw_digit[v]);
}

static void format_chinese(const mdesc *d, unsigned flags, xq__sb *b)
{
    const int trad = (flags & XQ_NOTATION_TRADITIONAL) != 0;
    const char *name = cn_piece[trad][d->color][d->type];
    const char *front = "前", *mid = "中", *rear = trad ? "後" : "后";
    if (d->type == ADVISOR || d->type == ELEPHANT || d->n < 2) {
        xq__sb_puts(b, name);
        cn_number(d, d->file, flags, b);
    } else {
        if (d->type != PAWN || (d->paired_files == 1 && d->n <= 3))
            xq__sb_puts(b, d->idx == 0 ? front : d->idx == d->n - 1 ? rear : mid);
        else
            xq__sb_puts(b, cn_numeral[d->ord + 1]);
        xq__sb_puts(b, name);
    }
    xq__sb_puts(b, d->dir == '+' ? (trad ? "進" : "进") : d->dir == '-' ? "退" : "平");
    cn_number(d, d->num, flags, b);
}

int xq__move_to_text(const pos_t *p, xq_move m, int notation, unsigned flags, char *buf,
                     size_t cap)
{
    char store[64];
    xq__sb b = {store, 0, sizeof store, 0};
    store[0] = 0;
    if (notation == XQ_NOTATION_ICCS) {
        format_iccs(m, flags, &b);
    } else {
        groups g;
        mdesc d;
        int c = PCOLOR(p->sq[MOVE_FROM(m)]);
        group_type(p, c, PTYPE(p->sq[MOVE_FROM(m)]), &g);
        describe(p, m, &g, &d);
        if (notation == XQ_NOTATION_WXF)
            format_wxf(&d, flags, &b);
        else
            format_chinese(&d, flags, &b);
    }
    /* Never grows: the longest text is 12 bytes. */
    return xq__copy_out(b.p, b.n, buf, cap);
}

int xq_board_move_to_text(const xq_board *board, xq_move move, int notation, unsigned int flags,
                          char *buf, size_t cap)
{
    if (!board_ok(board) || (!buf && cap) || notation < XQ_NOTATION_ICCS ||
        notation > XQ_NOTATION_CHINESE)
        return XQ_EINVAL;
    if (!xq__is_legal(&board->pos, move))
        return XQ_EILLEGAL;
    return xq__move_to_text(&board->pos, move, notation, flags, buf, cap);
}

/* ---- parsing ---- */

#define MAX_CPS 12

typedef struct cptext {
    uint32_t cp[MAX_CPS];
    int off[MAX_CPS + 1]; /* byte offset of each code point in the input */
    int n;
} cptext;

static int is_space_cp(uint32_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Decode, fold widths and trim. Returns 0, or the byte offset of a problem
 * as -(offset+1) with *why set. */
static int decode_text(const char *s, size_t len, cptext *t, const char **why)
{
    size_t i = 0;
    t->n = 0;
    while (i < len) {
        uint32_t cp;
        int k = xq__utf8_decode((const unsigned char *)s + i, len - i, &cp);
        if (!k) {
            *why = "invalid UTF-8";
            return -(int)i - 1;
        }
        cp = xq__fold_width(cp);
        if (!(is_space_cp(cp) && t->n == 0)) {
            if (t->n == MAX_CPS) {
                *why = "too long for a move";
                return -(int)i - 1;
            }
            t->cp[t->n] = cp;
            t->off[t->n] = (int)i;
            t->n++;
        }
        i += (size_t)k;
    }
    while (t->n > 0 && is_space_cp(t->cp[t->n - 1]))
        t->n--;
    t->off[t->n] = t->n ? t->off[t->n - 1] + 1 : 0;
    return 0;
}

static int iccs_file(uint32_t c)
{
    if (c >= 'a' && c <= 'i')
        return (int)(c - 'a');
    if (c >= 'A' && c <= 'I')
        return (int)(c - 'A');
    return -1;
}

/* Parse an ICCS square at t->cp[*i]; ranks 0-9, or 1-10 when one10. Returns
 * the square or -1. */
static int iccs_square(const cptext *t, int *i, int one10)
{
    int j = *i;
    if (j + 1 >= t->n)
        return -1;
    int f = iccs_file(t->cp[j]);
    if (f < 0 || t->cp[j + 1] < '0' || t->cp[j + 1] > '9')
        return -1;
    int r = (int)(t->cp[j + 1] - '0');
    j += 2;
    if (one10) {
        if (r == 1 && j < t->n && t->cp[j] == '0') {
            r = 10;
            j++;
        }
        if (r == 0)
            return -1;
        r--;
    }
    *i = j;
    return make_sq(f, r);
}

/* Whether the text has the coordinate form; *one10 tells whether it can only
 * be read with ranks 1-10 (it contains a rank "10"). */
static int iccs_shape(const cptext *t, int flag_one10, int *one10, int *from, int *to)
{
    for (int pass = 0; pass < (flag_one10 ? 1 : 2); pass++) {
        int o = pass ? 1 : flag_one10;
        int i = 0, a = iccs_square(t, &i, o);
        if (a < 0)
            continue;
        if (i < t->n && t->cp[i] == '-')
            i++;
        int b = iccs_square(t, &i, o);
        if (b < 0 || i != t->n)
            continue;
        /* Without the flag, ranks 1-10 are taken only when the text has a "10". */
        if (pass == 1) {
            int has10 = 0;
            for (int k = 0; k + 1 < t->n; k++)
                if (t->cp[k] == '1' && t->cp[k + 1] == '0')
                    has10 = 1;
            if (!has10)
                continue;
        }
        *one10 = o;
        *from = a;
        *to = b;
        return 1;
    }
    return 0;
}

static int detect(const cptext *t)
{
    int one10, a, b;
    for (int i = 0; i < t->n; i++)
        if (t->cp[i] >= 0x80)
            return XQ_NOTATION_CHINESE;
    if (iccs_shape(t, 0, &one10, &a, &b))
        return XQ_NOTATION_ICCS;
    if (t->n == 4 && (t->cp[2] == '+' || t->cp[2] == '-' || t->cp[2] == '.' || t->cp[2] == '='))
        return XQ_NOTATION_WXF;
    return XQ_EPARSE;
}

int xq__notation_detect(const char *text, size_t len)
{
    cptext t;
    const char *why;
    if (decode_text(text, len, &t, &why) < 0)
        return XQ_EPARSE;
    return detect(&t);
}

int xq_notation_detect(const char *text)
{
    if (!text)
        return XQ_EINVAL;
    return xq__notation_detect(text, strlen(text));
}

/* What a WXF or Chinese text asks for. */
enum { SEL_FILE, SEL_PLACE, SEL_ORDINAL };
enum { PL_FRONT, PL_REAR, PL_MID, PL_PLUS, PL_MINUS, PL_DOT, PL_PLUSPLUS, PL_MINUSMINUS };

typedef struct query {
    int type;     /* 0: any kind */
    int file;     /* mover-relative 1..9, 0: any */
    int sel;      /* SEL_* */
    int place;    /* PL_* for SEL_PLACE */
    int ord;      /* 0-based, SEL_ORDINAL */
    int middle;   /* SEL_FILE, official WXF: a group of 3 or 5 means its middle piece */
    int only_mid; /* SEL_FILE: the text can only mean a middle piece ("33.4") */
    char dir;
    int num;
    int wxf, xqbase;
} query;

/* Index within a group of n that a place word selects, or -1. */
static int place_index(const query *q, int n)
{
    if (n < 2)
        return -1;
    switch (q->place) {
    case PL_FRONT:
    case PL_PLUSPLUS: return 0;
    case PL_REAR:
    case PL_MINUSMINUS:
    case PL_DOT: return n - 1;
    case PL_MID: return n == 3 ? 1 : n == 5 ? 2 : -1;
    case PL_PLUS: return (!q->xqbase && n >= 4) ? 1 : 0;
    case PL_MINUS:
        if (q->xqbase)
            return n <= 3 ? 1 : -1;
        return n <= 3 ? n - 1 : n - 2;
    }
    return -1;
}

/* Whether the piece on square s (of the side to move) fits the designator. */
static int designator_fits(const pos_t *p, const groups *g, const query *q, int s)
{
    int pc = p->sq[s], c = p->side;
    if (!pc || PCOLOR(pc) != c)
        return 0;
    if (q->type && PTYPE(pc) != q->type)
        return 0;
    if (q->file && rel_file(c, sq_file(s)) != q->file)
        return 0;
    int n = g->n[s], idx = g->idx[s];
    switch (q->sel) {
    case SEL_FILE:
        if (q->only_mid)
            return (n == 3 && idx == 1) || (n == 5 && idx == 2);
        if (q->middle && PTYPE(pc) != ADVISOR && PTYPE(pc) != ELEPHANT && (n == 3 || n == 5))
            return idx == n / 2;
        return 1;
    case SEL_PLACE: return idx == place_index(q, n);
    default: return g->ord[s] == q->ord;
    }
}

/* The one square a piece of type t on `from` reaches with a direction and
 * a number (destination file or steps), or -1. */
static int target_square(int c, int t, int from, char dir, int num)
{
    int rf = rel_file(c, sq_file(from)), rr = rel_rank(c, sq_rank(from));
    int tf, tr;
    if (dir == '.') {
        tf = num, tr = rr;
    } else {
        int sign = dir == '+' ? 1 : -1;
        if (t == ADVISOR || t == ELEPHANT || t == HORSE) {
            int df = num - rf < 0 ? rf - num : num - rf;
            int dr = t == ADVISOR ? (df == 1 ? 1 : 0)
                     : t == ELEPHANT ? (df == 2 ? 2 : 0)
                                     : (df == 1 ? 2 : df == 2 ? 1 : 0);
            if (!dr)
                return -1;
            tf = num, tr = rr + sign * dr;
        } else {
            tf = rf, tr = rr + sign * num;
        }
    }
    if (tf < 1 || tf > 9 || tr < 0 || tr > 9 || (tf == rf && tr == rr))
        return -1;
    return make_sq(abs_file(c, tf), c == RED ? tr : 9 - tr);
}

static int wxf_type(uint32_t c)
{
    switch (c | 0x20) {
    case 'k': return KING;
    case 'a': return ADVISOR;
    case 'e':
    case 'b': return ELEPHANT;
    case 'h':
    case 'n': return HORSE;
    case 'r': return CHARIOT;
    case 'c': return CANNON;
    case 'p': return PAWN;
    default: return 0;
    }
}

static int is_marker(uint32_t c) { return c == '+' || c == '-' || c == '.'; }
static int digit19(uint32_t c) { return c >= '1' && c <= '9' ? (int)(c - '0') : 0; }
static int marker_place(uint32_t c) { return c == '+' ? PL_PLUS : c == '-' ? PL_MINUS : PL_DOT; }

static int wxf_dir(uint32_t c)
{
    return c == '+' ? '+' : c == '-' ? '-' : (c == '.' || c == '=') ? '.' : 0;
}

/* Returns 0 or the index of the offending code point as -(i+1). */
static int parse_wxf(const cptext *t, query *q)
{
    if (t->n != 4)
        return -(t->n < 4 ? t->n : 4) - 1;
    uint32_t c0 = t->cp[0], c1 = t->cp[1];
    if (c0 >= 0x80 || c1 >= 0x80)
        return -1;
    q->dir = (char)wxf_dir(t->cp[2]);
    if (!q->dir)
        return -3;
    q->num = digit19(t->cp[3]);
    if (!q->num)
        return -4;
    int L0 = wxf_type(c0), L1 = wxf_type(c1), D0 = digit19(c0), D1 = digit19(c1);
    int O1 = ((c1 | 0x20) >= 'a' && (c1 | 0x20) <= 'e') ? (int)((c1 | 0x20) - 'a') : -1;
    if (L0 && D1) {
        q->type = L0, q->file = D1, q->sel = SEL_FILE, q->middle = !q->xqbase;
    } else if (L0 && is_marker(c1)) {
        q->type = L0, q->sel = SEL_PLACE, q->place = marker_place(c1);
    } else if (is_marker(c0) && L1) {
        q->type = L1, q->sel = SEL_PLACE, q->place = marker_place(c0);
    } else if (L0 && O1 >= 0) {
        q->type = L0, q->sel = SEL_ORDINAL, q->ord = O1;
    } else if (is_marker(c0) && c0 == c1 && c0 != '.') {
        q->type = PAWN, q->sel = SEL_PLACE, q->place = c0 == '+' ? PL_PLUSPLUS : PL_MINUSMINUS;
    } else if (D0 && is_marker(c1)) {
        q->type = PAWN, q->file = D0, q->sel = SEL_PLACE, q->place = marker_place(c1);
    } else if (D0 && D1 && D0 == D1) {
        q->type = PAWN, q->file = D0, q->sel = SEL_FILE, q->only_mid = 1;
    } else {
        return L0 || D0 || is_marker(c0) ? -2 : -1;
    }
    return 0;
}

static int cn_type(uint32_t c)
{
    switch (c) {
    case 0x8F66: /* 车 */ case 0x8ECA: /* 車 */ case 0x4FE5: /* 俥 */ return CHARIOT;
    case 0x9A6C: /* 马 */ case 0x99AC: /* 馬 */ case 0x508C: /* 傌 */ return HORSE;
    case 0x76F8: /* 相 */ case 0x8C61: /* 象 */ return ELEPHANT;
    case 0x4ED5: /* 仕 */ case 0x58EB: /* 士 */ return ADVISOR;
    case 0x5E05: /* 帅 */ case 0x5E25: /* 帥 */ case 0x5C06: /* 将 */ case 0x5C07: /* 將 */ return KING;
    case 0x70AE: /* 炮 */ case 0x7832: /* 砲 */ case 0x5305: /* 包 */ return CANNON;
    case 0x5175: /* 兵 */ case 0x5352: /* 卒 */ return PAWN;
    default: return 0;
    }
}

static int cn_place(uint32_t c)
{
    switch (c) {
    case 0x524D: return PL_FRONT + 1;                /* 前 */
    case 0x4E2D: return PL_MID + 1;                  /* 中 */
    case 0x540E: case 0x5F8C: return PL_REAR + 1;    /* 后 後 */
    default: return 0;
    }
}

static int cn_num(uint32_t c)
{
    static const uint32_t nums[10] = {0, 0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94,
                                      0x516D, 0x4E03, 0x516B, 0x4E5D}; /* 一..九 */
    for (int v = 1; v <= 9; v++)
        if (nums[v] == c)
            return v;
    return digit19(c);
}

static int cn_dir(uint32_t c)
{
    switch (c) {
    case 0x8FDB: case 0x9032: return '+'; /* 进 進 */
    case 0x9000: return '-';              /* 退 */
    case 0x5E73: return '.';              /* 平 */
    default: return 0;
    }
}

static int parse_chinese(const cptext *t, query *q)
{
    if (t->n != 4 && t->n != 5)
        return -(t->n < 4 ? t->n : 5) - 1;
    int k = t->n - 2; /* direction, then number */
    q->dir = (char)cn_dir(t->cp[k]);
    if (!q->dir)
        return -k - 1;
    q->num = cn_num(t->cp[k + 1]);
    if (!q->num)
        return -k - 2;
    uint32_t a = t->cp[0], b = t->cp[1];
    if (t->n == 5) { /* 前兵四平五 */
        int pl = cn_place(a), ty = cn_type(b), f = cn_num(t->cp[2]);
        if (!pl)
            return -1;
        if (!ty)
            return -2;
        if (!f)
            return -3;
        q->type = ty, q->file = f, q->sel = SEL_PLACE, q->place = pl - 1;
        return 0;
    }
    int ta = cn_type(a), tb = cn_type(b), pa = cn_place(a), na = cn_num(a), nb = cn_num(b);
    if (ta && nb) {
        q->type = ta, q->file = nb, q->sel = SEL_FILE;
    } else if (pa && tb) {
        q->type = tb, q->sel = SEL_PLACE, q->place = pa - 1;
    } else if (na >= 1 && na <= 5 && tb) {
        q->type = tb, q->sel = SEL_ORDINAL, q->ord = na - 1;
    } else if (pa && nb) { /* 前九平八: the kind is implied */
        q->file = nb, q->sel = SEL_PLACE, q->place = pa - 1;
    } else {
        return ta || pa || na ? -2 : -1;
    }
    return 0;
}

static const char *const type_name[8] = {"piece", "general", "advisor", "elephant",
                                         "horse", "chariot", "cannon", "soldier"};
static const char *const color_name[2] = {"Red", "Black"};

static int fail(xq_parse_error *err, int code, const cptext *t, int cpi, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int fail(xq_parse_error *err, int code, const cptext *t, int cpi, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    xq__vparse_fail_at(err, code, cpi < 0 ? -1 : cpi <= t->n ? t->off[cpi] : t->off[t->n], 0, 0,
                       fmt, ap);
    va_end(ap);
    return code;
}

int xq__move_from_text(const pos_t *p, const char *text, size_t len, int notation,
                       unsigned flags, xq_move *out, xq_parse_error *err)
{
    cptext t;
    const char *why = NULL;
    *out = XQ_MOVE_NONE;
    int rc = decode_text(text, len, &t, &why);
    if (rc < 0) {
        if (err)
            xq__parse_fail(err, XQ_EPARSE, -rc - 1, "move text: %s", why);
        return XQ_EPARSE;
    }
    char shown[64];
    {
        size_t k = len < sizeof shown - 1 ? len : sizeof shown - 1;
        memcpy(shown, text, k);
        shown[k] = 0;
    }
    if (t.n == 0)
        return fail(err, XQ_EPARSE, &t, 0, "empty move text");
    if (notation == XQ_NOTATION_AUTO) {
        notation = detect(&t);
        if (notation < 0)
            return fail(err, XQ_EPARSE, &t, 0,
                        "'%s' is not a move in ICCS, WXF or Chinese notation", shown);
    }

    if (notation == XQ_NOTATION_ICCS) {
        int one10, from, to;
        if (!iccs_shape(&t, (flags & XQ_NOTATION_RANKS_1_10) != 0, &one10, &from, &to) ||
            from == to)
            return fail(err, XQ_EPARSE, &t, 0, "'%s' is not a coordinate move (like h2e2)",
                        shown);
        xq_move m = MAKE_MOVE(from, to);
        if (!xq__is_legal(p, m)) {
            const char *d = !p->sq[from] ? ": no piece on its origin"
                            : PCOLOR(p->sq[from]) != p->side ? ": the piece on its origin is not the mover's"
                                                             : "";
            return fail(err, XQ_EILLEGAL, &t, 0, "%s is not a legal move here%s", shown, d);
        }
        *out = m;
        return XQ_OK;
    }

    query q;
    memset(&q, 0, sizeof q);
    q.wxf = notation == XQ_NOTATION_WXF;
    q.xqbase = (flags & XQ_NOTATION_XQBASE) != 0;
    rc = notation == XQ_NOTATION_WXF ? parse_wxf(&t, &q) : parse_chinese(&t, &q);
    if (rc < 0)
        return fail(err, XQ_EPARSE, &t, -rc - 1, "'%s' is not a %s move (like %s)", shown,
                    notation == XQ_NOTATION_WXF ? "WXF" : "Chinese",
                    notation == XQ_NOTATION_WXF ? "C2.5" : "炮二平五");

    groups g;
    if (q.type)
        group_type(p, p->side, q.type, &g);
    else
        group_all(p, p->side, &g);
    /* The pieces that fit the designator; each has at most one destination
     * that fits the direction and number, which must then be legal. */
    int pieces = 0, hits = 0;
    xq_move found[2] = {0, 0};
    u128 own = q.type ? p->pieces[MAKE_PIECE(p->side, q.type)] : p->by_color[p->side];
    while (own) {
        int s = pop_lsb128(&own);
        if (!designator_fits(p, &g, &q, s))
            continue;
        pieces++;
        int to = target_square(p->side, PTYPE(p->sq[s]), s, q.dir, q.num);
        if (to < 0)
            continue;
        xq_move m = MAKE_MOVE(s, to);
        if (!xq__is_legal(p, m))
            continue;
        if (hits < 2)
            found[hits] = m;
        hits++;
    }
    if (!pieces)
        return fail(err, XQ_EILLEGAL, &t, 0, "%s names no legal move: %s has no %s that fits",
                    shown, color_name[p->side], type_name[q.type]);
    if (hits == 0)
        return fail(err, XQ_EILLEGAL, &t, 0, "%s names no legal move: the %s cannot move there",
                    shown, type_name[q.type]);
    if (hits > 1) {
        char a[8], b[8];
        xq_move_format(found[0], a, sizeof a);
        xq_move_format(found[1], b, sizeof b);
        return fail(err, XQ_EAMBIGUOUS, &t, 0, "%s is ambiguous: %d legal moves fit (%s, %s)",
                    shown, hits, a, b);
    }
    *out = found[0];
    return XQ_OK;
}

int xq_board_move_from_text(const xq_board *board, const char *text, int notation,
                            unsigned int flags, xq_move *move, xq_parse_error *err)
{
    if (move)
        *move = XQ_MOVE_NONE;
    if (!board_ok(board) || !text || !move || notation < XQ_NOTATION_AUTO ||
        notation > XQ_NOTATION_CHINESE)
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    return xq__move_from_text(&board->pos, text, strlen(text), notation, flags, move, err);
}
