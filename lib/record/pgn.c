/* SPDX-License-Identifier: MIT */
/* PGN: a streaming reader (file, memory) that fills one record per game,
 * and a writer in any of the three notations. */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "record.h"
#include "util/grow.h"
#include "util/text.h"

#define XQ_PGN_READER_MAGIC 0x58515052u /* "XQPR" */
#define BLOCK 65536
#define MAX_SYMBOL 256

/* ---- options ---- */

int xq_pgn_options_init(xq_pgn_options *opt, unsigned int version)
{
    if (!opt)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_PGN_OPTIONS_VERSION))
        return XQ_EVERSION;
    xq_pgn_options d = XQ_PGN_OPTIONS_INIT;
    *opt = d;
    return XQ_OK;
}

/* Copy the caller's options (any version up to ours), defaults for the rest. */
static int load_options(xq_pgn_options *dst, const xq_pgn_options *src)
{
    xq_pgn_options d = XQ_PGN_OPTIONS_INIT;
    *dst = d;
    if (!src)
        return XQ_OK;
    if (xq__version_check(src->version, XQ_PGN_OPTIONS_VERSION))
        return XQ_EVERSION;
    if (src->notation < XQ_NOTATION_AUTO || src->notation > XQ_NOTATION_CHINESE ||
        src->line_width < 0)
        return XQ_EINVAL;
    /* Only the fields of the caller's version: a version-1 struct ends
     * before `encoding`. */
    memcpy(dst, src, src->version >= 2 ? sizeof *dst : offsetof(xq_pgn_options, encoding));
    if (dst->encoding < XQ_ENCODING_AUTO || dst->encoding > XQ_ENCODING_LATIN1)
        return XQ_EINVAL;
    dst->version = XQ_PGN_OPTIONS_VERSION;
    return XQ_OK;
}

/* Notation named by a Format tag value: 0 if unknown; *flags gets the dialect
 * and ranks it implies. */
static int format_notation(const char *v, unsigned *flags)
{
    char low[64];
    size_t n = 0;
    for (; v[n] && n < sizeof low - 1; n++)
        low[n] = (char)((v[n] >= 'A' && v[n] <= 'Z') ? v[n] + 32 : v[n]);
    low[n] = 0;
    *flags = 0;
    if (strstr(low, "xqbase"))
        *flags |= XQ_NOTATION_XQBASE;
    if (strstr(low, "1-10"))
        *flags |= XQ_NOTATION_RANKS_1_10;
    if (!strncmp(low, "iccs", 4) || !strncmp(low, "uci", 3) || !strncmp(low, "coord", 5))
        return XQ_NOTATION_ICCS;
    if (!strncmp(low, "wxf", 3))
        return XQ_NOTATION_WXF;
    if (!strncmp(low, "chinese", 7) || !strcmp(v, "中文"))
        return XQ_NOTATION_CHINESE;
    return 0;
}

/* ---- the lexer ---- */

typedef struct lexer {
    int fd;                    /* input descriptor, or -1 for memory input */
    int own_fd;                /* opened by the reader (closed by it) */
    int io_errno;              /* errno of a failed read */
    const unsigned char *data; /* memory input, or the block buffer */
    size_t len, pos;           /* bytes in data, next byte */
    unsigned char *block;
    int eof, ioerr;
    long long offset;    /* of data[pos] in the input */
    long long line, col; /* of data[pos] (64-bit: a line may be longer than 2^31) */
    int enc;             /* XQ_ENCODING_*: the option, or detected at the first non-ASCII byte */
} lexer;

enum { T_EOF, T_TAG, T_COMMENT, T_OPEN, T_CLOSE, T_NAG, T_SYMBOL, T_ERROR };

typedef struct token {
    int type;
    long long line, col;
    long long offset;
    int blank_before; /* an empty line between the previous token and this one */
    char name[72];    /* tag name */
    xq__sb text;      /* tag value, comment, symbol */
    int nag;
    int tagish; /* a tag, or an error inside one */
    const char *error;
    int error_code;
} token;

/* Append what one read() gives to the block (EINTR retried). */
static void read_more(lexer *lx)
{
    ssize_t got;
    do
        got = read(lx->fd, lx->block + lx->len, BLOCK - lx->len);
    while (got < 0 && errno == EINTR);
    if (got < 0) {
        lx->ioerr = 1;
        lx->io_errno = errno;
        lx->eof = 1;
    } else if (got == 0) {
        lx->eof = 1;
    } else {
        lx->len += (size_t)got;
    }
}

/* Make sure data[pos..pos+k] is available (k < 8); returns how many bytes are. */
static size_t avail(lexer *lx, size_t k)
{
    if (lx->pos + k < lx->len || lx->fd < 0 || lx->eof)
        return lx->len - lx->pos;
    size_t keep = lx->len - lx->pos;
    memmove(lx->block, lx->block + lx->pos, keep);
    lx->data = lx->block;
    lx->len = keep;
    lx->pos = 0;
    /* A pipe gives what is there: read until k bytes are ahead or the input
     * ends (never wait for more than is needed). */
    while (!lx->eof && lx->len <= k)
        read_more(lx);
    return lx->len;
}

static int peek_at(lexer *lx, size_t k)
{
    if (avail(lx, k) <= k)
        return -1;
    return lx->data[lx->pos + k];
}

static int peek(lexer *lx) { return peek_at(lx, 0); }

static int get(lexer *lx)
{
    int c = peek(lx);
    if (c < 0)
        return c;
    lx->pos++;
    lx->offset++;
    if (c == '\n') {
        lx->line++;
        lx->col = 1;
    } else if ((c & 0xC0) != 0x80) {
        lx->col++;
    }
    return c;
}

/* Length of the character unit at the cursor in the input's encoding
 * (text.h): a valid sequence (so the trail bytes of a GBK or Big5
 * character, which can be '[', ']', '{', '}' or '\\', never act as syntax),
 * or one byte (so a byte that starts no valid sequence never swallows the
 * delimiter after it). The encoding, unless the options name it, is
 * detected at the first non-ASCII byte from the text buffered from there. */
static int unit_len(lexer *lx)
{
    int b0 = peek(lx);
    if (b0 < 0x80)
        return 1;
    if (lx->enc == XQ_ENCODING_AUTO)
        lx->enc = xq__text_detect((const char *)lx->data + lx->pos, lx->len - lx->pos);
    unsigned char u[4];
    int n = 0;
    for (; n < 4; n++) {
        int c = peek_at(lx, (size_t)n);
        if (c < 0)
            break;
        u[n] = (unsigned char)c;
    }
    return xq__text_unit_len(lx->enc, u, (size_t)n);
}

/* Copy one unit into b; returns its first byte. */
static int take_unit(lexer *lx, xq__sb *b)
{
    int k = unit_len(lx), first = peek(lx);
    for (int i = 0; i < k; i++) {
        char c = (char)get(lx);
        xq__sb_putc(b, c);
    }
    return first;
}

static int is_ideo_space(lexer *lx)
{
    return peek(lx) == 0xE3 && peek_at(lx, 1) == 0x80 && peek_at(lx, 2) == 0x80;
}

static void skip_line(lexer *lx)
{
    int c;
    while ((c = peek(lx)) >= 0 && c != '\n')
        get(lx);
}

/* Skip blanks, BOMs and '%' escape lines; count line breaks. */
static int skip_blanks(lexer *lx)
{
    int newlines = 0, blank = 0, line_empty = lx->col == 1;
    for (;;) {
        int c = peek(lx);
        if (c == '\n') {
            if (line_empty && newlines > 0)
                blank = 1;
            newlines++;
            line_empty = 1;
            get(lx);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            get(lx);
        } else if (is_ideo_space(lx)) {
            get(lx), get(lx), get(lx);
        } else if (c == 0xEF && peek_at(lx, 1) == 0xBB && peek_at(lx, 2) == 0xBF) {
            get(lx), get(lx), get(lx);
        } else if (c == '%' && lx->col == 1) {
            skip_line(lx);
        } else {
            return blank || newlines >= 2;
        }
    }
}

static void lex_error(token *t, const char *msg)
{
    t->type = T_ERROR;
    t->error = msg;
    t->error_code = XQ_EPARSE;
}

static void lex_tag(lexer *lx, token *t)
{
    size_t n = 0;
    int c;
    t->tagish = 1;
    while ((c = peek(lx)) == ' ' || c == '\t')
        get(lx);
    while (((c = peek(lx)) >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '_') {
        if (n >= 64) {
            lex_error(t, "tag name longer than 64 characters");
            skip_line(lx);
            return;
        }
        t->name[n++] = (char)get(lx);
    }
    t->name[n] = 0;
    if (n == 0) {
        lex_error(t, "a tag needs a name: [Name \"value\"]");
        skip_line(lx);
        return;
    }
    while ((c = peek(lx)) == ' ' || c == '\t')
        get(lx);
    if (get(lx) != '"') {
        lex_error(t, "a tag value must be in double quotes");
        skip_line(lx);
        return;
    }
    for (;;) {
        c = peek(lx);
        if (c < 0 || c == '\n' || c == '\r') {
            lex_error(t, "unterminated tag value");
            skip_line(lx);
            return;
        }
        if (t->text.n >= XQ_RECORD_MAX_TEXT) {
            lex_error(t, "tag value longer than 64 MiB");
            skip_line(lx);
            return;
        }
        if (c == '"') {
            /* The closing quote is the one followed by ']' (some files do
             * not escape quotes inside values). */
            size_t k = 1;
            int d;
            while ((d = peek_at(lx, k)) == ' ' || d == '\t')
                if (++k > 6)
                    break;
            get(lx);
            if (d == ']' || d < 0 || d == '\n' || d == '\r')
                break;
            xq__sb_putc(&t->text, '"');
            continue;
        }
        if (c == '\\' && (peek_at(lx, 1) == '"' || peek_at(lx, 1) == '\\')) {
            get(lx);
            xq__sb_putc(&t->text, (char)get(lx));
            continue;
        }
        take_unit(lx, &t->text);
    }
    while ((c = peek(lx)) == ' ' || c == '\t')
        get(lx);
    if (get(lx) != ']') {
        lex_error(t, "a tag must end with ']'");
        skip_line(lx);
        return;
    }
    t->type = T_TAG;
}

/* Plain ASCII bytes that continue a symbol (not blanks, not syntax). */
static const unsigned char sym_ascii[256] = {
#define S1(c) [c] = 1
    S1('!'), S1('"'), S1('#'), S1('%'), S1('&'), S1('\''), S1('*'), S1('+'), S1(','), S1('-'),
    S1('.'), S1('/'), S1('0'), S1('1'), S1('2'), S1('3'), S1('4'), S1('5'), S1('6'), S1('7'),
    S1('8'), S1('9'), S1(':'), S1('<'), S1('='), S1('>'), S1('?'), S1('@'), S1('A'), S1('B'),
    S1('C'), S1('D'), S1('E'), S1('F'), S1('G'), S1('H'), S1('I'), S1('J'), S1('K'), S1('L'),
    S1('M'), S1('N'), S1('O'), S1('P'), S1('Q'), S1('R'), S1('S'), S1('T'), S1('U'), S1('V'),
    S1('W'), S1('X'), S1('Y'), S1('Z'), S1('\\'), S1('^'), S1('_'), S1('`'), S1('a'), S1('b'),
    S1('c'), S1('d'), S1('e'), S1('f'), S1('g'), S1('h'), S1('i'), S1('j'), S1('k'), S1('l'),
    S1('m'), S1('n'), S1('o'), S1('p'), S1('q'), S1('r'), S1('s'), S1('t'), S1('u'), S1('v'),
    S1('w'), S1('x'), S1('y'), S1('z'), S1('|'), S1('~'),
#undef S1
};

static int symbol_end(lexer *lx)
{
    int c = peek(lx);
    return c <= 0 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' ||
           c == '[' || c == ']' || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' ||
           c == '$' || is_ideo_space(lx);
}

static void lex(lexer *lx, token *t)
{
    t->text.n = 0;
    if (t->text.p)
        t->text.p[0] = 0;
    t->error = NULL;
    t->tagish = 0;
    t->blank_before = skip_blanks(lx);
    t->line = lx->line;
    t->col = lx->col;
    t->offset = lx->offset;
    int c = peek(lx);
    if (c < 0) {
        t->type = T_EOF;
        return;
    }
    switch (c) {
    case '[':
        get(lx);
        lex_tag(lx, t);
        return;
    case '{':
        get(lx);
        for (;;) {
            c = peek(lx);
            if (c < 0) {
                lex_error(t, "unterminated comment: '{' without '}'");
                return;
            }
            if (c == '}') {
                get(lx);
                break;
            }
            if (t->text.n >= XQ_RECORD_MAX_TEXT) {
                lex_error(t, "comment longer than 64 MiB");
                return;
            }
            take_unit(lx, &t->text);
        }
        t->type = T_COMMENT;
        return;
    case ';':
        get(lx);
        while ((c = peek(lx)) >= 0 && c != '\n' && c != '\r') {
            if (t->text.n >= XQ_RECORD_MAX_TEXT) {
                lex_error(t, "comment longer than 64 MiB");
                return;
            }
            take_unit(lx, &t->text);
        }
        t->type = T_COMMENT;
        return;
    case '(':
        get(lx);
        t->type = T_OPEN;
        return;
    case ')':
        get(lx);
        t->type = T_CLOSE;
        return;
    case '$': {
        get(lx);
        int v = 0, digits = 0;
        while ((c = peek(lx)) >= '0' && c <= '9') {
            v = v * 10 + (c - '0');
            get(lx);
            if (++digits > 3)
                break;
        }
        if (!digits || v > 255 || !symbol_end(lx)) {
            lex_error(t, "a NAG is '$' and a number from 0 to 255");
            while (!symbol_end(lx))
                get(lx);
            return;
        }
        t->type = T_NAG;
        t->nag = v;
        return;
    }
    case ']':
    case '}':
        get(lx);
        lex_error(t, c == ']' ? "unexpected ']'" : "unexpected '}'");
        return;
    case 0:
        get(lx);
        lex_error(t, "NUL byte in the move text");
        return;
    default:
        while (!symbol_end(lx)) {
            /* Fast path: a run of plain ASCII symbol bytes inside the buffer
             * (at most one byte past the limit, which then reports it). */
            if (t->text.n < MAX_SYMBOL && lx->pos < lx->len) {
                size_t i = lx->pos, end = lx->len, room = MAX_SYMBOL + 1 - t->text.n;
                while (i < end && i - lx->pos < room && sym_ascii[lx->data[i]])
                    i++;
                size_t k = i - lx->pos;
                if (k > 0) {
                    xq__sb_putn(&t->text, (const char *)lx->data + lx->pos, k);
                    lx->pos += k;
                    lx->offset += (long long)k;
                    lx->col += (long long)k;
                    if (symbol_end(lx))
                        break;
                }
            }
            if (t->text.n >= MAX_SYMBOL) {
                lex_error(t, "word longer than 256 bytes in the move text");
                while (!symbol_end(lx))
                    get(lx);
                return;
            }
            take_unit(lx, &t->text);
        }
        t->type = T_SYMBOL;
        return;
    }
}

/* ---- the reader ---- */

/* The format of a file from its first bytes: XQF starts with "XQ", a
 * DhtmlXQ file has a [DhtmlXQ...] tag in its first 64 KiB, anything else is
 * read as PGN. */
int xq_format_detect(const void *data, size_t size)
{
    if (!data)
        return XQ_EINVAL;
    const char *d = data;
    if (size >= 2 && d[0] == 'X' && d[1] == 'Q')
        return XQ_FORMAT_XQF;
    size_t n = size < 65536 ? size : 65536;
    for (size_t i = 0; i + 8 <= n; i++)
        if (d[i] == '[' && xq__starts_ci(d + i + 1, n - i - 1, "dhtmlxq"))
            return XQ_FORMAT_DHTMLXQ;
    return XQ_FORMAT_PGN;
}


struct xq_pgn_reader {
    uint32_t magic;
    lexer lx;
    xq_pgn_options opt;
    token tok;
    int pending;    /* tok holds a tag that starts the next game */
    int prev_tagish; /* the previous token was a tag (or a bad one) */
    int skipping;   /* the last game was bad: skip to the next one */
    int game_line;
    pos_t start;    /* the standard start position */
    xq__sb conv;    /* text converted to UTF-8 */
    void *iconv;    /* converters from GBK and Big5, opened on first use */
    char name[224]; /* the file, for messages */
    int format;     /* XQ_FORMAT_*: XQF and DhtmlXQ inputs hold one game */
    unsigned char *whole; /* an XQF or DhtmlXQ input, read whole */
    size_t whole_n;
    int single_done; /* the one game of an XQF or DhtmlXQ input was returned */
};

static int reader_new(xq_pgn_reader **out, const xq_pgn_options *opt, xq_pgn_reader **made)
{
    *made = NULL;
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    xq_pgn_reader *rd = calloc(1, sizeof *rd);
    if (!rd)
        return XQ_ENOMEM;
    int rc = load_options(&rd->opt, opt);
    if (rc < 0) {
        free(rd);
        return rc;
    }
    xq__tables_init();
    xq__fen_parse(XQ_START_FEN, &rd->start, NULL);
    rd->lx.line = 1;
    rd->lx.col = 1;
    rd->lx.fd = -1;
    rd->lx.enc = rd->opt.encoding;
    rd->format = XQ_FORMAT_PGN;
    snprintf(rd->name, sizeof rd->name, "%s", "memory");
    rd->magic = XQ_PGN_READER_MAGIC;
    *made = rd;
    return XQ_OK;
}

/* Largest XQF or DhtmlXQ input (read whole: one game). */
#define MAX_SINGLE_GAME_FILE ((size_t)64 << 20)

static int io_fail(xq_parse_error *err, const char *what, const char *name, int e)
{
    char why[128];
    if (strerror_r(e, why, sizeof why) != 0)
        snprintf(why, sizeof why, "error %d", e);
    return xq__parse_fail(err, XQ_EIO, -1, "%s '%s': %s", what, name, why);
}

/* The rest of an XQF or DhtmlXQ input after the first block. */
static int read_whole(xq_pgn_reader *rd, xq_parse_error *err)
{
    lexer *lx = &rd->lx;
    size_t cap = lx->len * 2 + 1, n = lx->len;
    unsigned char *buf = malloc(cap);
    if (!buf)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    memcpy(buf, lx->block, n);
    for (;;) {
        if (n == cap) {
            if (cap >= MAX_SINGLE_GAME_FILE) {
                free(buf);
                return xq__parse_fail(err, XQ_EPARSE, -1, "'%s': a %s file larger than 64 MiB",
                                      rd->name, rd->format == XQ_FORMAT_XQF ? "XQF" : "DhtmlXQ");
            }
            if (XQ__GROW(buf, cap, n + 1, SIZE_MAX) != XQ_OK) {
                free(buf);
                return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
            }
        }
        ssize_t got = read(lx->fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            return io_fail(err, "cannot read", rd->name, e);
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    rd->whole = buf;
    rd->whole_n = n;
    lx->eof = 1;
    return XQ_OK;
}

/* Whether the input starts (after blanks and a BOM) with a PGN tag other
 * than [DhtmlXQ...]: then it is PGN and the first block need not be full
 * (a game written into a pipe is read without waiting for more). */
static int starts_with_tag(const unsigned char *d, size_t n)
{
    size_t i = 0;
    if (n >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
        i = 3;
    while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
        i++;
    if (i + 9 > n || d[i] != '[')
        return 0;
    static const char dx[] = "dhtmlxq";
    for (size_t k = 0; k < 7; k++)
        if ((d[i + 1 + k] | 0x20) != dx[k])
            return (d[i + 1] >= 'A' && d[i + 1] <= 'Z') || (d[i + 1] >= 'a' && d[i + 1] <= 'z');
    return 0;
}

/* Attach a descriptor: read the first block (or up to the first tag), detect the format from it and,
 * for XQF and DhtmlXQ, read the rest. */
static int attach_fd(xq_pgn_reader *rd, int fd, int own, xq_parse_error *err)
{
    lexer *lx = &rd->lx;
    lx->fd = fd;
    lx->own_fd = own;
    lx->block = malloc(BLOCK);
    if (!lx->block)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    lx->data = lx->block;
    while (!lx->eof && lx->len < BLOCK && !starts_with_tag(lx->block, lx->len))
        read_more(lx);
    if (lx->ioerr)
        return io_fail(err, "cannot read", rd->name, lx->io_errno);
    rd->format = xq_format_detect(lx->block, lx->len);
    if (rd->format != XQ_FORMAT_PGN)
        return read_whole(rd, err);
    return XQ_OK;
}

int xq_pgn_reader_open(xq_pgn_reader **out, const char *path, const xq_pgn_options *opt,
                       xq_parse_error *err)
{
    xq_pgn_reader *rd;
    if (!path) {
        if (out)
            *out = NULL;
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    }
    int rc = reader_new(out, opt, &rd);
    if (rc < 0)
        return xq__parse_fail(err, rc, -1, "%s", xq_strerror(rc));
    snprintf(rd->name, sizeof rd->name, "%s", path);
    int fd;
    do
        fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        rc = io_fail(err, "cannot open", rd->name, errno);
        xq_pgn_reader_free(rd);
        return rc;
    }
    rc = attach_fd(rd, fd, 1, err);
    if (rc < 0) {
        xq_pgn_reader_free(rd);
        return rc;
    }
    *out = rd;
    return XQ_OK;
}

int xq_pgn_reader_open_fd(xq_pgn_reader **out, int fd, const xq_pgn_options *opt,
                          xq_parse_error *err)
{
    xq_pgn_reader *rd;
    if (fd < 0) {
        if (out)
            *out = NULL;
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    }
    int rc = reader_new(out, opt, &rd);
    if (rc < 0)
        return xq__parse_fail(err, rc, -1, "%s", xq_strerror(rc));
    snprintf(rd->name, sizeof rd->name, "file descriptor %d", fd);
    rc = attach_fd(rd, fd, 0, err);
    if (rc < 0) {
        xq_pgn_reader_free(rd);
        return rc;
    }
    *out = rd;
    return XQ_OK;
}

int xq_pgn_reader_open_memory(xq_pgn_reader **out, const void *data, size_t size,
                             const xq_pgn_options *opt)
{
    xq_pgn_reader *rd;
    if (!data && size)
        return out ? (*out = NULL, XQ_EINVAL) : XQ_EINVAL;
    int rc = reader_new(out, opt, &rd);
    if (rc < 0)
        return rc;
    rd->lx.data = data ? data : (const unsigned char *)"";
    rd->lx.len = size;
    *out = rd;
    return XQ_OK;
}

void xq_pgn_reader_free(xq_pgn_reader *rd)
{
    if (!rd || rd->magic != XQ_PGN_READER_MAGIC)
        return;
    if (rd->lx.own_fd && rd->lx.fd >= 0)
        close(rd->lx.fd);
    free(rd->lx.block);
    free(rd->whole);
    xq__sb_free(&rd->tok.text);
    xq__sb_free(&rd->conv);
    xq__legacy_close(rd->iconv);
    rd->magic = 0;
    free(rd);
}

int xq_pgn_reader_game_line(const xq_pgn_reader *rd)
{
    return rd && rd->magic == XQ_PGN_READER_MAGIC ? rd->game_line : XQ_EINVAL;
}

int xq_pgn_reader_encoding(const xq_pgn_reader *rd)
{
    return rd && rd->magic == XQ_PGN_READER_MAGIC ? rd->lx.enc : XQ_EINVAL;
}

/* Text of the current token as UTF-8 (converted from the input's encoding). */
static const char *tok_utf8(xq_pgn_reader *rd, size_t *n)
{
    token *t = &rd->tok;
    const char *s = t->text.p ? t->text.p : "";
    if (rd->lx.enc <= XQ_ENCODING_UTF8 ? xq__utf8_valid(s, t->text.n)
                                       : xq__text_ascii(s, t->text.n)) {
        *n = t->text.n;
        return s;
    }
    rd->conv.n = 0;
    xq__text_to_utf8(&rd->conv, s, t->text.n, rd->lx.enc, &rd->iconv);
    *n = rd->conv.n;
    return rd->conv.oom ? "" : rd->conv.p;
}

static void next_token(xq_pgn_reader *rd)
{
    if (rd->pending) {
        rd->pending = 0;
        return;
    }
    rd->prev_tagish = rd->tok.tagish;
    lex(&rd->lx, &rd->tok);
}

/* Per-game parsing state. */
typedef struct game {
    xq_record *rec;
    int notation;     /* resolved for the game, 0 = detect per move */
    unsigned flags;
    int one10;        /* ICCS ranks: -1 undecided, 0 (0-9), 1 (1-10) */
    int in_moves;
    int depth, stack_cap; /* open variations (no limit but memory) */
    struct vframe { int saved, base; } *stack;
    int base;         /* ply where the current line started */
    xq__sb pre;       /* comment waiting for the first move of a variation */
} game;

static int game_fail(xq_pgn_reader *rd, xq_parse_error *err, int code, const token *t,
                     const char *msg)
{
    xq__parse_fail_at(err, code, t->offset, t->line, t->col, "%s", msg);
    rd->skipping = 1;
    return code;
}

/* A comment that could not be stored: too long, or out of memory. */
static int comment_fail(xq_pgn_reader *rd, xq_parse_error *err, int rc)
{
    return game_fail(rd, err, rc, &rd->tok,
                     rc == XQ_ENOMEM ? "out of memory" : "comments on one move longer than 64 MiB");
}

static const int suffix_nag[][2] = {{'!' << 8 | '!', 3}, {'?' << 8 | '?', 4}, {'!' << 8 | '?', 5},
                                    {'?' << 8 | '!', 6}, {'!', 1},           {'?', 2}};

static int is_result(const char *s)
{
    return !strcmp(s, "1-0") || !strcmp(s, "0-1") || !strcmp(s, "1/2-1/2") || !strcmp(s, "*");
}

/* Enter the move text: fix the notation from the options or the Format tag. */
static void begin_moves(xq_pgn_reader *rd, game *g)
{
    g->in_moves = 1;
    g->notation = rd->opt.notation;
    g->flags = rd->opt.flags;
    if (g->notation == XQ_NOTATION_AUTO) {
        const char *f = xq__record_get_tag(g->rec, "Format");
        unsigned ff = 0;
        if (f && (g->notation = format_notation(f, &ff)))
            g->flags |= ff;
    }
    if (g->flags & XQ_NOTATION_RANKS_1_10)
        g->one10 = 1;
}

static int play_symbol(xq_pgn_reader *rd, game *g, const char *s, size_t n, xq_parse_error *err)
{
    xq_record *r = g->rec;
    const pos_t *p = &r->board.pos;
    int nt = g->notation;
    unsigned fl = g->flags;
    xq_move m;
    xq_parse_error e;
    int rc;
    /* Fast path: a plain four-character coordinate move. */
    if ((nt == 0 || nt == XQ_NOTATION_ICCS) && g->one10 != 1 && n == 4 && s[0] >= 'a' &&
        s[0] <= 'i' && s[1] >= '0' && s[1] <= '9' && s[2] >= 'a' && s[2] <= 'i' && s[3] >= '0' &&
        s[3] <= '9') {
        m = MAKE_MOVE(make_sq(s[0] - 'a', s[1] - '0'), make_sq(s[2] - 'a', s[3] - '0'));
        if (MOVE_FROM(m) != MOVE_TO(m) && xq__is_legal(p, m)) {
            g->one10 = 0;
            goto play;
        }
    }
    if (!nt)
        nt = xq__notation_detect(s, n);
    if (nt == XQ_NOTATION_ICCS && g->one10 < 0) {
        /* Ranks 0-9 or 1-10: decided by the first coordinate move. */
        rc = xq__move_from_text(p, s, n, nt, fl, &m, &e);
        if (rc == XQ_OK) {
            g->one10 = 0;
        } else {
            xq_parse_error e2;
            if (xq__move_from_text(p, s, n, nt, fl | XQ_NOTATION_RANKS_1_10, &m, &e2) == XQ_OK)
                rc = XQ_OK, g->one10 = 1;
        }
    } else {
        if (nt == XQ_NOTATION_ICCS && g->one10 == 1)
            fl |= XQ_NOTATION_RANKS_1_10;
        rc = nt < 0 ? XQ_EPARSE : xq__move_from_text(p, s, n, nt, fl, &m, &e);
        if (nt < 0)
            snprintf(e.message, sizeof e.message, "'%.*s' is not a move", n > 40 ? 40 : (int)n, s);
    }
    if (rc < 0) {
        char msg[sizeof e.message + 48];
        snprintf(msg, sizeof msg, "move %d%s %s%s", (int)p->fullmove, p->side == BLACK ? "..." : ".",
                 g->depth > 0 ? "in a variation: " : "", e.message);
        return game_fail(rd, err, rc, &rd->tok, msg);
    }
play:
    rc = xq__record_play_legal(r, m);
    if (rc < 0)
        return game_fail(rd, err, rc, &rd->tok, "out of memory");
    if (g->pre.n) {
        rc = xq__record_append_comment(r, rec_cur(r), 1, g->pre.p, g->pre.n);
        g->pre.n = 0;
        if (rc < 0)
            return comment_fail(rd, err, rc);
    }
    return XQ_OK;
}

/* A word of the move text: number, result, or a move with optional suffixes. */
static int handle_symbol(xq_pgn_reader *rd, game *g, xq_parse_error *err, int *ended)
{
    size_t n;
    const char *s0 = tok_utf8(rd, &n);
    char buf[MAX_SYMBOL * 3 + 8];
    if (n >= sizeof buf)
        return game_fail(rd, err, XQ_EPARSE, &rd->tok, "word too long in the move text");
    memcpy(buf, s0, n);
    buf[n] = 0;
    char *s = buf;
    if (is_result(s) || !strcmp(s, "½-½")) {
        if (g->depth > 0)
            return game_fail(rd, err, XQ_EPARSE, &rd->tok, "game result inside a variation");
        if (strcmp(s, "*") && !xq__record_get_tag(g->rec, "Result")) {
            const char *v = strcmp(s, "½-½") ? s : "1/2-1/2";
            if (xq__record_set_tag_raw(g->rec, "Result", v, strlen(v)) < 0)
                return game_fail(rd, err, XQ_ENOMEM, &rd->tok, "out of memory");
        }
        *ended = 1;
        return XQ_OK;
    }
    /* Move number: digits then dots ("12.", "12...", "12…"), maybe glued to a move. */
    size_t i = 0;
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    if (i > 0) {
        size_t j = i;
        while (s[j] == '.' || !strncmp(s + j, "…", 3) || !strncmp(s + j, "．", 3))
            j += s[j] == '.' ? 1 : 3;
        if (s[j] == 0 && (j > i || i == n))
            return XQ_OK;
        if (j > i && strlen(s + j) >= 2)
            s += j;
    }
    /* Annotation suffixes become NAGs; check marks are dropped. */
    int nag = 0;
    n = strlen(s);
    for (size_t k = 0; k < sizeof suffix_nag / sizeof suffix_nag[0] && n > 2; k++) {
        int code = suffix_nag[k][0];
        size_t len = code > 0xff ? 2 : 1;
        if (n > len && ((len == 2 && (unsigned char)s[n - 2] == (code >> 8) &&
                         (unsigned char)s[n - 1] == (code & 0xff)) ||
                        (len == 1 && (unsigned char)s[n - 1] == code))) {
            nag = suffix_nag[k][1];
            n -= len;
            s[n] = 0;
            break;
        }
    }
    if (n > 4 && (s[n - 1] == '+' || s[n - 1] == '#') &&
        ((s[n - 2] >= '0' && s[n - 2] <= '9') || (unsigned char)s[n - 2] >= 0x80))
        s[--n] = 0;
    int rc = play_symbol(rd, g, s, n, err);
    if (rc == XQ_OK && nag && xq__record_node_add_nag(g->rec, rec_cur(g->rec), nag) < 0)
        return game_fail(rd, err, XQ_ENOMEM, &rd->tok, "out of memory");
    return rc;
}

/* After a bad game, skip to a tag that starts a tag section: one that
 * follows other tokens than tags, or an empty line. */
static void skip_bad_game(xq_pgn_reader *rd)
{
    next_token(rd);
    while (rd->skipping) {
        if (rd->tok.type == T_EOF)
            break;
        if (rd->tok.type == T_TAG && (!rd->prev_tagish || rd->tok.blank_before))
            rd->skipping = 0;
        else
            next_token(rd);
    }
    rd->skipping = 0;
}

/* A tag of the tag section; FEN sets the start position. */
static int on_tag(xq_pgn_reader *rd, game *g, xq_parse_error *err)
{
    token *t = &rd->tok;
    size_t n;
    const char *v = tok_utf8(rd, &n);
    if (!strcmp(t->name, "FEN")) {
        pos_t p;
        xq_parse_error fe;
        char fen[XQ_FEN_MAX * 2];
        snprintf(fen, sizeof fen, "%.*s", (int)(n < sizeof fen - 1 ? n : sizeof fen - 1), v);
        int frc = xq__fen_parse(fen, &p, &fe);
        if (frc < 0) {
            char msg[sizeof fe.message];
            snprintf(msg, sizeof msg, "FEN tag: %.100s", fe.message);
            return game_fail(rd, err, frc, t, msg);
        }
        if (xq__record_set_start(g->rec, &p) < 0)
            return game_fail(rd, err, XQ_ENOMEM, t, "out of memory");
    } else {
        int rc = xq__record_set_tag_raw(g->rec, t->name, v, n);
        if (rc < 0)
            return game_fail(rd, err, rc, t, rc == XQ_ENOMEM ? "out of memory" : "tag value longer than 64 MiB");
    }
    return XQ_OK;
}

/* A comment: before a variation's first move it waits for that move,
 * otherwise it goes after the current move (or before the game). */
static int on_comment(xq_pgn_reader *rd, game *g, xq_parse_error *err)
{
    xq_record *r = g->rec;
    size_t n;
    const char *s = tok_utf8(rd, &n);
    while (n && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == '\t'))
        n--;
    if (!n)
        return XQ_OK;
    if (g->depth > 0 && rec_ply(r) == g->base) { /* before a variation's first move */
        if (g->pre.n + n + 1 > XQ_RECORD_MAX_TEXT)
            return comment_fail(rd, err, XQ_EPARSE);
        if (g->pre.n)
            xq__sb_putc(&g->pre, ' ');
        xq__sb_putn(&g->pre, s, n);
        if (g->pre.oom)
            return comment_fail(rd, err, XQ_ENOMEM);
        return XQ_OK;
    }
    int rc = xq__record_append_comment(r, rec_cur(r), 0, s, n);
    return rc < 0 ? comment_fail(rd, err, rc) : XQ_OK;
}

/* '(': back one ply, the variation replaces the current move. */
static int on_open(xq_pgn_reader *rd, game *g, xq_parse_error *err)
{
    xq_record *r = g->rec;
    if (rec_ply(r) == g->base)
        return game_fail(rd, err, XQ_EPARSE, &rd->tok, "variation '(' without a move to vary");
    if (XQ__GROW_INT(g->stack, g->stack_cap, g->depth + 1) != XQ_OK)
        return game_fail(rd, err, XQ_ENOMEM, &rd->tok, "out of memory");
    g->stack[g->depth].saved = rec_cur(r);
    g->stack[g->depth].base = g->base;
    g->depth++;
    xq__record_back(r);
    g->base = rec_ply(r);
    g->pre.n = 0;
    return XQ_OK;
}

/* ')': back to the move the variation replaced. */
static int on_close(xq_pgn_reader *rd, game *g, xq_parse_error *err)
{
    xq_record *r = g->rec;
    if (g->depth == 0)
        return game_fail(rd, err, XQ_EPARSE, &rd->tok, "')' without '('");
    g->depth--;
    while (rec_ply(r) > g->base)
        xq__record_back(r);
    if (xq__record_enter(r, g->stack[g->depth].saved) < 0)
        return game_fail(rd, err, XQ_ENOMEM, &rd->tok, "out of memory");
    g->base = g->stack[g->depth].base;
    if (g->pre.n) { /* "( {comment} )": keep it on the varied move */
        int rc = xq__record_append_comment(r, rec_cur(r), 0, g->pre.p, g->pre.n);
        g->pre.n = 0;
        if (rc < 0)
            return comment_fail(rd, err, rc);
    }
    return XQ_OK;
}

/* A word of three or more '=' (or '-', '_', '*', '#', '~'): the rule that
 * starts the banner sites append after their games ("=====" and a few lines
 * of text), never move text. */
static int is_rule_line(const token *t)
{
    const char *s = t->text.p;
    if (t->type != T_SYMBOL || !s || t->text.n < 3 || !strchr("=-_*#~", s[0]))
        return 0;
    for (size_t i = 1; i < t->text.n; i++)
        if (s[i] != s[0])
            return 0;
    return 1;
}

/* Text that starts with a rule where a game would start is skipped to the
 * next tag (a game follows) or to the end of the input (trailing text: no
 * game, no error). */
static void skip_banner(xq_pgn_reader *rd)
{
    while (rd->tok.type != T_TAG && rd->tok.type != T_EOF)
        next_token(rd);
}

static int read_game(xq_pgn_reader *rd, xq_record *r, xq_parse_error *err)
{
    game g;
    memset(&g, 0, sizeof g);
    g.rec = r;
    g.one10 = -1;
    xq__record_clear(r, &rd->start);
    int content = 0, ended = 0, rc = XQ_OK;

    skip_bad_game(rd);
    rd->game_line = rd->tok.line;
    for (;; next_token(rd)) {
        token *t = &rd->tok;
        if (!content && is_rule_line(t))
            skip_banner(rd);
        if (t->type == T_EOF) {
            if (rd->lx.ioerr) {
                char why[128], msg[sizeof rd->name + 160];
                if (strerror_r(rd->lx.io_errno, why, sizeof why) != 0)
                    snprintf(why, sizeof why, "error %d", rd->lx.io_errno);
                snprintf(msg, sizeof msg, "cannot read '%s': %s", rd->name, why);
                rc = game_fail(rd, err, XQ_EIO, t, msg);
            }
            else if (g.depth > 0 && content)
                rc = game_fail(rd, err, XQ_EPARSE, t, "unterminated variation: '(' without ')'");
            break;
        }
        if (t->type == T_ERROR) {
            rc = game_fail(rd, err, t->error_code, t, t->error);
            break;
        }
        if (t->type == T_TAG) {
            if (g.in_moves) {
                rd->pending = 1; /* the next game's first tag */
                if (g.depth > 0)
                    rc = game_fail(rd, err, XQ_EPARSE, t, "unterminated variation: '(' without ')'");
                break;
            }
            content = 1;
            if ((rc = on_tag(rd, &g, err)) < 0)
                break;
            continue;
        }
        content = 1;
        if (!g.in_moves)
            begin_moves(rd, &g);
        switch (t->type) {
        case T_SYMBOL: rc = handle_symbol(rd, &g, err, &ended); break;
        case T_COMMENT: rc = on_comment(rd, &g, err); break;
        case T_NAG:
            if (rec_ply(r) == g.base)
                rc = game_fail(rd, err, XQ_EPARSE, t, "NAG before any move");
            else if (xq__record_node_add_nag(r, rec_cur(r), t->nag) < 0)
                rc = game_fail(rd, err, XQ_ENOMEM, t, "out of memory");
            break;
        case T_OPEN: rc = on_open(rd, &g, err); break;
        case T_CLOSE: rc = on_close(rd, &g, err); break;
        default: break;
        }
        if (rc < 0 || ended)
            break;
    }
    xq__sb_free(&g.pre);
    free(g.stack);
    if (rc < 0)
        return rc;
    return content ? 1 : 0;
}

int xq_pgn_reader_next(xq_pgn_reader *rd, xq_record *rec, xq_parse_error *err)
{
    if (!rd || rd->magic != XQ_PGN_READER_MAGIC || !record_ok(rec))
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    if (rd->format != XQ_FORMAT_PGN) { /* one game, read whole */
        if (rd->single_done)
            return 0;
        rd->single_done = 1;
        rd->game_line = 1;
        const int prefer = xq__text_prefer(rd->opt.encoding); /* an explicit encoding */
        int rc = rd->format == XQ_FORMAT_XQF
                     ? xq_record_from_xqf(rec, rd->whole, rd->whole_n, err)
                     : xq_record_from_dhtmlxq(rec, (const char *)rd->whole, rd->whole_n, err);
        xq__text_prefer(prefer);
        return rc < 0 ? rc : 1;
    }
    return read_game(rd, rec, err);
}

int xq_record_from_pgn(xq_record *rec, const char *text, size_t len, const xq_pgn_options *opt,
                       xq_parse_error *err)
{
    if (!record_ok(rec) || (!text && len))
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    xq_pgn_reader *rd;
    int rc = xq_pgn_reader_open_memory(&rd, text, len, opt);
    if (rc < 0)
        return xq__parse_fail(err, rc, -1, "%s", xq_strerror(rc));
    rc = xq_pgn_reader_next(rd, rec, err);
    xq_pgn_reader_free(rd);
    if (rc == 0)
        return xq__parse_fail(err, XQ_ENOTFOUND, 0, "no game in the text");
    return rc < 0 ? rc : XQ_OK;
}

/* ---- the writer ---- */

typedef struct writer {
    xq__sb *out;
    int width, col, line_empty;
} writer;

static int cp_count(const char *s, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static void emit(writer *w, const char *s, size_t n)
{
    int len = cp_count(s, n);
    if (!w->line_empty) {
        if (w->width > 0 && w->col + 1 + len > w->width) {
            xq__sb_putc(w->out, '\n');
            w->col = 0;
        } else {
            xq__sb_putc(w->out, ' ');
            w->col++;
        }
    }
    xq__sb_putn(w->out, s, n);
    w->col += len;
    w->line_empty = 0;
}

static void emit_comment(writer *w, const char *c)
{
    xq__sb tmp = {0};
    xq__sb_putc(&tmp, '{');
    for (; *c; c++)
        if (*c != '}')
            xq__sb_putc(&tmp, *c == '\r' ? ' ' : *c);
    xq__sb_putc(&tmp, '}');
    if (tmp.oom)
        w->out->oom = 1;
    else
        emit(w, tmp.p, tmp.n);
    xq__sb_free(&tmp);
}

static const char *format_value(int notation, unsigned flags)
{
    switch (notation) {
    case XQ_NOTATION_WXF: return (flags & XQ_NOTATION_XQBASE) ? "WXF xqbase" : "WXF";
    case XQ_NOTATION_CHINESE: return "Chinese";
    default: return (flags & XQ_NOTATION_RANKS_1_10) ? "ICCS 1-10" : "ICCS";
    }
}

static void put_tag(xq__sb *b, const char *name, const char *value)
{
    xq__sb_printf(b, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\')
            xq__sb_putc(b, '\\');
        xq__sb_putc(b, (*c == '\n' || *c == '\r') ? ' ' : *c);
    }
    xq__sb_puts(b, "\"]\n");
}

typedef struct wframe {
    int parent, cur, var, phase, head, force;
    pos_t pos;
} wframe;

static void emit_move(writer *w, const xq_record *r, const wframe *f, int node, int notation,
                      unsigned flags, int comments)
{
    const rnode *x = &r->nodes[node];
    const rann *a = node_ann(r, node);
    char num[32], mv[XQ_MOVE_TEXT_MAX + 8];
    if (f->pos.side == RED) {
        snprintf(num, sizeof num, "%d.", (int)f->pos.fullmove);
        emit(w, num, strlen(num));
    } else if (f->force) {
        snprintf(num, sizeof num, "%d...", (int)f->pos.fullmove);
        emit(w, num, strlen(num));
    }
    int n = xq__move_to_text(&f->pos, x->move, notation, flags, mv, sizeof mv);
    emit(w, mv, (size_t)n);
    if (comments && a) {
        for (int i = 0; i < a->nnag; i++) {
            snprintf(num, sizeof num, "$%d", a->nags[i]);
            emit(w, num, strlen(num));
        }
        if (a->comment.n)
            emit_comment(w, a->comment.p);
    }
}

static int write_pgn(const xq_record *r, const xq_pgn_options *o, xq__sb *b)
{
    int notation = o->notation;
    unsigned flags = o->flags;
    if (notation == XQ_NOTATION_AUTO) {
        const char *f = xq__record_get_tag(r, "Format");
        unsigned ff = 0;
        notation = f ? format_notation(f, &ff) : 0;
        if (notation)
            flags |= ff;
        else
            notation = XQ_NOTATION_ICCS;
    }
    for (int i = 0; i < r->ntags; i++) {
        if (!strcmp(r->tags[i].name, "Format"))
            continue;
        if (!strcmp(r->tags[i].name, "FEN")) {
            char fen[XQ_FEN_MAX];
            xq__fen_format(&r->start, fen, sizeof fen);
            put_tag(b, "FEN", fen);
        } else {
            put_tag(b, r->tags[i].name, r->tags[i].value);
        }
    }
    put_tag(b, "Format", format_value(notation, flags));
    xq__sb_putc(b, '\n');

    writer w = {b, o->line_width, 0, 1};
    if (o->comments && node_comment(r, 0))
        emit_comment(&w, node_comment(r, 0));

    int sp = 0, cap = 0;
    wframe *st = NULL;
    if (XQ__GROW_INT(st, cap, 1) != XQ_OK)
        return XQ_ENOMEM;
    st[0].parent = 0;
    st[0].cur = r->nodes[0].child;
    st[0].phase = 0;
    st[0].head = 0;
    st[0].force = 1;
    st[0].pos = r->start;
    sp = 1;
    while (sp > 0) {
        wframe *f = &st[sp - 1];
        if (f->phase == 0) { /* the move f->cur, then its variations */
            if (f->cur == NODE_NONE) {
                sp--;
                if (sp > 0) {
                    xq__sb_putc(w.out, ')'); /* no space before ')' */
                    w.col++;
                    st[sp - 1].force = 1;
                }
                continue;
            }
            emit_move(&w, r, f, f->cur, notation, flags, o->comments);
            f->force = o->comments && node_comment(r, f->cur);
            f->var = f->head ? NODE_NONE : r->nodes[f->cur].sibling;
            f->head = 0;
            f->phase = 1;
        } else if (f->var != NODE_NONE && o->variations) {
            int v = f->var;
            f->var = r->nodes[v].sibling;
            if (XQ__GROW_INT(st, cap, sp + 1) != XQ_OK) {
                free(st);
                return XQ_ENOMEM;
            }
            f = &st[sp - 1];
            emit(&w, "(", 1);
            w.line_empty = 1; /* no space after '(' */
            if (o->comments && node_pre(r, v))
                emit_comment(&w, node_pre(r, v));
            wframe *nf = &st[sp++];
            nf->parent = f->parent;
            nf->cur = v;
            nf->phase = 0;
            nf->head = 1;
            nf->force = 1;
            nf->pos = f->pos;
        } else { /* continue the line */
            undo_t u;
            pos_do(&f->pos, r->nodes[f->cur].move, &u);
            f->parent = f->cur;
            f->cur = r->nodes[f->cur].child;
            f->phase = 0;
        }
    }
    free(st);
    const char *res = xq__record_get_tag(r, "Result");
    if (!res || !is_result(res))
        res = "*";
    emit(&w, res, strlen(res));
    xq__sb_puts(b, "\n\n");
    return b->oom ? XQ_ENOMEM : XQ_OK;
}

int xq_record_to_pgn(const xq_record *r, const xq_pgn_options *opt, char *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap))
        return XQ_EINVAL;
    xq_pgn_options o;
    int rc = load_options(&o, opt);
    if (rc < 0)
        return rc;
    xq__sb b = {0};
    rc = write_pgn(r, &o, &b);
    if (rc == XQ_OK)
        rc = xq__sb_export(&b, buf, cap);
    xq__sb_free(&b);
    return rc;
}

int xq_record_save_pgn(const xq_record *r, const char *path, int append, const xq_pgn_options *opt,
                       xq_parse_error *err)
{
    if (!record_ok(r) || !path)
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    xq_pgn_options o;
    int rc = load_options(&o, opt);
    if (rc < 0)
        return xq__parse_fail(err, rc, -1, "%s", xq_strerror(rc));
    xq__sb b = {0};
    rc = write_pgn(r, &o, &b);
    if (rc < 0) {
        xq__sb_free(&b);
        return xq__parse_fail(err, rc, -1, "%s", xq_strerror(rc));
    }
    char name[224];
    snprintf(name, sizeof name, "%s", path);
    FILE *f = fopen(path, append ? "ab" : "wb");
    if (!f) {
        rc = io_fail(err, append ? "cannot open for appending" : "cannot create", name, errno);
    } else {
        int e = 0;
        errno = 0;
        if (fwrite(b.p, 1, b.n, f) != b.n)
            e = errno ? errno : EIO;
        if (fclose(f) != 0 && !e)
            e = errno ? errno : EIO;
        if (e)
            rc = io_fail(err, "cannot write", name, e);
    }
    xq__sb_free(&b);
    return rc;
}
