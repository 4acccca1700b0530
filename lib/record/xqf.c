/* SPDX-License-Identifier: MIT */
/* XQF, the binary game format of XQStudio and many Chinese programs.
 *
 * Layout (all versions): a 1024-byte header, then the move records in
 * pre-order (a move, its continuation subtree, then its next sibling).
 *   0x00 "XQ", 0x02 version, 0x03 key mask, 0x08..0x0B key bytes A-D,
 *   0x0C key sum, 0x0D..0x0F position/origin/destination keys,
 *   0x10 32 piece squares (X*10+Y from Red's bottom left; >89 = none) in the
 *        order RNBAKABNRCCPPPPP for Red then Black,
 *   0x32 side to move, 0x33 result, 0x40 game type, then length-prefixed
 *   GB18030 strings (title 0x50, event 0xD0, date 0x110, site 0x120,
 *   red 0x130, black 0x140, time rule 0x150, red/black time 0x190/0x1A0,
 *   annotator 0x1D0, author 0x1E0).
 * A move record is origin+24, destination+32, a flag byte and a spare byte,
 * then (version <= 10) always a 32-bit comment length, or (version >= 11)
 * a comment length only when flag 0x20 is set; the comment follows.
 * Version <= 10: flag & 0xF0 = a continuation follows, flag & 0x0F = a
 * sibling follows. Version >= 11: 0x80 continuation, 0x40 sibling.
 *
 * Versions >= 11 are encrypted: from the header keys come three byte
 * offsets (squares of the position, origins, destinations), a 16-bit offset
 * for comment lengths and a 32-byte key stream (the key bytes masked with
 * the text "[(C) Copyright Mr. Dong Shiwei.]") subtracted from every byte
 * after the header. Version >= 12 also rotates the 32 piece squares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/bytes.h"
#include "core/movegen.h"
#include "record.h"
#include "util/grow.h"
#include "util/text.h"

#define HEADER 0x400

static const char piece_order[] = "RNBAKABNRCCPPPPP";

typedef struct xqf {
    const unsigned char *d;
    size_t size, pos; /* pos: next byte after the header */
    int version;
    int src_off, dst_off, comment_off;
    unsigned char stream[32];
} xqf;

static unsigned key_f(unsigned x) { return x * x * 54 + 221; }

/* Read n decrypted bytes; 0 if the file is too short. */
static int rd(xqf *x, unsigned char *out, size_t n)
{
    if (x->pos > x->size || n > x->size - x->pos)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = x->pos + i;
        out[i] = (unsigned char)(x->d[at] - x->stream[(at - HEADER) % 32]);
    }
    x->pos += n;
    return 1;
}

static int rd32(xqf *x, long *v)
{
    unsigned char b[4];
    if (!rd(x, b, 4))
        return 0;
    *v = (long)(int32_t)xq__rd32(b);
    return 1;
}

static int fail(xq_parse_error *err, int code, size_t off, const char *msg)
{
    return xq__parse_fail(err, code, (long long)off, "XQF: %s", msg);
}

/* Set a tag from a length-prefixed header string of field size cap. */
static int header_tag(xq_record *r, const unsigned char *h, size_t at, size_t cap, const char *name)
{
    size_t n = h[at];
    if (n > cap - 1)
        n = cap - 1;
    while (n > 0 && (h[at + n] == 0 || h[at + n] == ' '))
        n--;
    if (n == 0)
        return XQ_OK;
    xq__sb s = {0};
    xq__legacy_to_utf8(&s, (const char *)h + at + 1, n, 1);
    int rc = s.oom ? XQ_ENOMEM : xq__record_set_tag_raw(r, name, s.p, s.n);
    xq__sb_free(&s);
    return rc;
}

/* One move record: the move's squares, flags, and the comment (UTF-8). */
typedef struct xrec {
    int from, to, next, sibling;
    xq__sb comment;
} xrec;

static int read_rec(xqf *x, xrec *m, xq_parse_error *err)
{
    unsigned char b[4];
    size_t at = x->pos;
    m->comment.n = 0;
    if (!rd(x, b, 4))
        return fail(err, XQ_EPARSE, at, "truncated move record");
    long clen = 0;
    if (x->version <= 10) {
        m->next = (b[2] & 0xF0) != 0;
        m->sibling = (b[2] & 0x0F) != 0;
        if (!rd32(x, &clen))
            return fail(err, XQ_EPARSE, at, "truncated move record");
    } else {
        m->next = (b[2] & 0x80) != 0;
        m->sibling = (b[2] & 0x40) != 0;
        if (b[2] & 0x20) {
            if (!rd32(x, &clen))
                return fail(err, XQ_EPARSE, at, "truncated move record");
            clen -= x->comment_off;
        }
    }
    if (clen < 0 || (size_t)clen > x->size - x->pos)
        return fail(err, XQ_EPARSE, at, "comment length out of range");
    if (clen > 0) {
        unsigned char *t = malloc((size_t)clen);
        if (!t)
            return fail(err, XQ_ENOMEM, at, "out of memory");
        rd(x, t, (size_t)clen);
        size_t n = (size_t)clen;
        while (n > 0 && t[n - 1] == 0)
            n--;
        xq__legacy_to_utf8(&m->comment, (const char *)t, n, 1);
        free(t);
        if (m->comment.oom)
            return fail(err, XQ_ENOMEM, at, "out of memory");
    }
    int f = (b[0] - 24 - x->src_off) & 0xFF, t = (b[1] - 32 - x->dst_off) & 0xFF;
    m->from = f <= 89 && f / 10 <= 8 ? (f % 10) * 9 + f / 10 : -1;
    m->to = t <= 89 && t / 10 <= 8 ? (t % 10) * 9 + t / 10 : -1;
    return XQ_OK;
}

static int set_comment(xq_record *r, int node, const xq__sb *c)
{
    if (!c->n)
        return XQ_OK;
    return xq__record_append_comment(r, node, 0, c->p, c->n);
}

/* The keys of versions >= 11 (offsets and the key stream); 0 before. */
static int read_keys(xqf *x, const unsigned char *h)
{
    if (x->version < 11)
        return 0;
    unsigned mask = h[3], sum = h[12], kxy = h[13], kf = h[14], kt = h[15];
    static const char text[] = "[(C) Copyright Mr. Dong Shiwei.]";
    unsigned key[4] = {(sum & mask) | h[8], (kxy & mask) | h[9], (kf & mask) | h[10],
                       (kt & mask) | h[11]};
    int piece_off = (int)((key_f(kxy) * kxy) & 0xFF);
    x->src_off = (int)((key_f(kf) * (unsigned)piece_off) & 0xFF);
    x->dst_off = (int)((key_f(kt) * (unsigned)x->src_off) & 0xFF);
    x->comment_off = (int)((sum * 256 + kxy) % 32000 + 767);
    for (int i = 0; i < 32; i++)
        x->stream[i] = (unsigned char)((unsigned char)text[i] & key[i % 4]);
    return piece_off;
}

/* The piece placement of the header as FEN letters per square. */
static int read_placement(const xqf *x, const unsigned char *h, int piece_off, char board[SQ_NB],
                          xq_parse_error *err)
{
    int sq[32];
    for (int i = 0; i < 32; i++) {
        int v = (h[16 + i] - piece_off) & 0xFF;
        int slot = x->version >= 12 ? (piece_off + 1 + i) % 32 : i;
        sq[slot] = v <= 89 && v / 10 <= 8 ? (v % 10) * 9 + v / 10 : -1;
    }
    memset(board, 0, SQ_NB);
    for (int i = 0; i < 32; i++) {
        if (sq[i] < 0)
            continue;
        if (board[sq[i]])
            return fail(err, XQ_EPOSITION, 16, "two pieces on one square");
        char c = piece_order[i % 16];
        board[sq[i]] = i < 16 ? c : (char)(c + 32);
    }
    return XQ_OK;
}

/* The start position: the placement, and the side to move from the first
 * move's piece (the record after the root one), else from the header. */
static int start_position(const xqf *x, const unsigned char *h, const char board[SQ_NB],
                          int first_follows, pos_t *start, xq_parse_error *err)
{
    char fen[XQ_FEN_MAX];
    int n = xq__fen_placement(board, fen);
    int side = h[0x32] == 1 ? BLACK : RED;
    if (first_follows) {
        xqf peek = *x;
        xrec f1;
        memset(&f1, 0, sizeof f1);
        if (read_rec(&peek, &f1, NULL) == XQ_OK && f1.from >= 0 && board[f1.from])
            side = board[f1.from] >= 'a' ? BLACK : RED;
        xq__sb_free(&f1.comment);
    }
    snprintf(fen + n, sizeof fen - (size_t)n, " %c - - 0 1", side == BLACK ? 'b' : 'w');
    xq_parse_error fe;
    int rc = xq__fen_parse(fen, start, &fe);
    if (rc < 0) {
        char msg[160];
        snprintf(msg, sizeof msg, "start position: %.100s", fe.message);
        return fail(err, rc, 16, msg);
    }
    return XQ_OK;
}

/* The header strings and the result as tags. */
static int header_tags(xq_record *r, const unsigned char *h)
{
    static const struct { size_t at, cap; const char *name; } strs[] = {
        {0x50, 64, "Title"},       {0xD0, 64, "Event"},      {0x110, 16, "Date"},
        {0x120, 16, "Site"},       {0x130, 16, "Red"},       {0x140, 16, "Black"},
        {0x150, 64, "TimeControl"}, {0x190, 16, "RedTime"},  {0x1A0, 16, "BlackTime"},
        {0x1D0, 16, "Annotator"},  {0x1E0, 16, "Author"},
    };
    int rc = XQ_OK;
    for (size_t i = 0; rc == XQ_OK && i < sizeof strs / sizeof strs[0]; i++)
        rc = header_tag(r, h, strs[i].at, strs[i].cap, strs[i].name);
    static const char *const results[] = {NULL, "1-0", "0-1", "1/2-1/2", "1/2-1/2"};
    if (rc == XQ_OK && h[0x33] >= 1 && h[0x33] <= 4)
        rc = xq__record_set_tag_raw(r, "Result", results[h[0x33]], strlen(results[h[0x33]]));
    return rc;
}

/* The move records after the root one, in pre-order; `pending` holds the
 * plies where a sibling is due. m is the caller's scratch record. */
static int read_tree(xqf *x, xq_record *r, xrec *m, xq_parse_error *err)
{
    int *pending = NULL, np = 0, pcap = 0, rc = XQ_OK;
    int more = m->next;
    while (more) {
        size_t at = x->pos;
        rc = read_rec(x, m, err);
        if (rc < 0)
            break;
        xq_move mv = m->from >= 0 && m->to >= 0 && m->from != m->to ? MAKE_MOVE(m->from, m->to) : 0;
        if (!mv || !xq__is_legal(&r->board.pos, mv)) {
            char msg[96], a[8] = "?";
            if (mv)
                xq_move_format(mv, a, sizeof a);
            snprintf(msg, sizeof msg, "move %s at ply %d is %s", a, rec_ply(r) + 1,
                     mv ? "not legal" : "not a move");
            rc = fail(err, mv ? XQ_EILLEGAL : XQ_EPARSE, at, msg);
            break;
        }
        int ply = rec_ply(r);
        rc = xq__record_play_legal(r, mv);
        if (rc == XQ_OK)
            rc = set_comment(r, rec_cur(r), &m->comment);
        if (rc < 0) {
            rc = fail(err, rc, at, rc == XQ_EPARSE ? "comments on one move longer than 64 MiB" : "out of memory");
            break;
        }
        if (m->sibling) {
            if (XQ__GROW_INT(pending, pcap, np + 1) != XQ_OK) {
                rc = fail(err, XQ_ENOMEM, at, "out of memory");
                break;
            }
            pending[np++] = ply;
        }
        if (m->next)
            continue;
        if (np == 0)
            break;
        ply = pending[--np];
        while (rec_ply(r) > ply)
            xq__record_back(r);
    }
    free(pending);
    return rc;
}

static int parse(xq_record *r, const void *data, size_t size, xq_parse_error *err)
{
    const unsigned char *h = data;
    xqf x;
    memset(&x, 0, sizeof x);
    x.d = h;
    x.size = size;
    x.pos = HEADER;
    x.version = h[2];
    int piece_off = read_keys(&x, h);
    char board[SQ_NB];
    int rc = read_placement(&x, h, piece_off, board, err);
    if (rc < 0)
        return rc;

    /* The root record (the comment before the game), then the start position. */
    xrec m;
    memset(&m, 0, sizeof m);
    pos_t start;
    rc = read_rec(&x, &m, err);
    if (rc == XQ_OK)
        rc = start_position(&x, h, board, m.next, &start, err);
    if (rc < 0) {
        xq__sb_free(&m.comment);
        return rc;
    }
    xq__record_clear(r, &start);
    rc = header_tags(r, h);
    if (rc == XQ_OK)
        rc = set_comment(r, 0, &m.comment);
    if (rc < 0) {
        xq__sb_free(&m.comment);
        return fail(err, rc, 0, rc == XQ_EPARSE ? "text longer than 64 MiB" : "out of memory");
    }
    rc = read_tree(&x, r, &m, err);
    xq__sb_free(&m.comment);
    if (rc < 0)
        return rc;
    /* Cursor at the end of the main line. */
    while (rec_ply(r) > 0)
        xq__record_back(r);
    while (r->nodes[rec_cur(r)].child != NODE_NONE)
        if (xq__record_enter(r, r->nodes[rec_cur(r)].child) < 0)
            return fail(err, XQ_ENOMEM, 0, "out of memory");
    return XQ_OK;
}

int xq_record_from_xqf(xq_record *r, const void *data, size_t size, xq_parse_error *err)
{
    if (!record_ok(r) || !data)
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    const unsigned char *h = data;
    if (size < 3 || h[0] != 'X' || h[1] != 'Q')
        return fail(err, XQ_EPARSE, 0, "not an XQF file (no 'XQ' signature)");
    if (size < HEADER + 4)
        return fail(err, XQ_EPARSE, size, "truncated header");
    xq__tables_init();
    /* Read into a new record: a bad file leaves the caller's unchanged. */
    xq_record *tmp;
    if (xq_record_new(&tmp, NULL, NULL) < 0)
        return fail(err, XQ_ENOMEM, 0, "out of memory");
    int rc = parse(tmp, data, size, err);
    if (rc == XQ_OK)
        xq__record_swap(r, tmp);
    xq_record_free(tmp);
    return rc;
}
