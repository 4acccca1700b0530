/* SPDX-License-Identifier: MIT */
/* DhtmlXQ, the game text of the DhtmlXQ web viewer (dpxq and many sites):
 *   [DhtmlXQ_binit]  32 two-digit squares "xy" (x 0-8 from the left, y 0-9
 *                    from the top) in the order RNBAKABNRCCPPPPP for Red
 *                    then Black; "99" = captured. [DhtmlXQ_fen] may replace it.
 *   [DhtmlXQ_movelist] four digits per move, "x1y1x2y2".
 *   [DhtmlXQ_move_A_B_C] variation C: moves from step B (1-based ply) on,
 *                    replacing step B of branch A (the main line is 0).
 *   [DhtmlXQ_commentS] / [DhtmlXQ_commentC_S]: comment after step S of the
 *                    main line / of branch C ("||" is a line break).
 *   [DhtmlXQ_title] [DhtmlXQ_event] [DhtmlXQ_red] ... : tags. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "util/mix64.h"
#include "core/movegen.h"
#include "record.h"
#include "util/text.h"

typedef struct entry {
    char name[48]; /* lower case, after "DhtmlXQ_" */
    const char *v;
    size_t n, off;
} entry;

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* All [DhtmlXQ_name]value[/DhtmlXQ...] entries. */
static int collect(const char *t, size_t len, entry **out, int *count)
{
    int n = 0, cap = 0;
    entry *e = NULL;
    for (size_t i = 0; i + 9 < len; i++) {
        if (t[i] != '[' || !xq__starts_ci(t + i + 1, len - i - 1, "dhtmlxq_"))
            continue;
        size_t j = i + 9, k = 0;
        char name[48];
        while (j < len && k < sizeof name - 1 &&
               ((t[j] >= 'a' && t[j] <= 'z') || (t[j] >= 'A' && t[j] <= 'Z') ||
                (t[j] >= '0' && t[j] <= '9') || t[j] == '_'))
            name[k++] = (char)lower((unsigned char)t[j++]);
        name[k] = 0;
        if (!k || j >= len || t[j] != ']')
            continue;
        size_t v = j + 1, end = v;
        while (end < len && !(t[end] == '[' && end + 1 < len && t[end + 1] == '/' &&
                              xq__starts_ci(t + end + 2, len - end - 2, "dhtmlxq")))
            end++;
        if (XQ__GROW_INT(e, cap, n + 1) != XQ_OK) {
            free(e);
            return XQ_ENOMEM;
        }
        memcpy(e[n].name, name, k + 1);
        e[n].v = t + v;
        e[n].n = end - v;
        e[n].off = i;
        n++;
        i = end > i ? end - 1 : i;
    }
    *out = e;
    *count = n;
    return XQ_OK;
}

static const entry *find(const entry *e, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(e[i].name, name))
            return &e[i];
    return NULL;
}

/* (branch, step) -> node, open addressing. */
typedef struct reg {
    uint64_t *keys;
    int32_t *nodes;
    size_t cap, used;
} reg;

static uint64_t rkey(long b, long s) { return ((uint64_t)(uint32_t)b << 32 | (uint32_t)s) + 1; }

static int reg_put(reg *g, long b, long s, int node)
{
    if ((g->used + 1) * 2 > g->cap) {
        size_t ncap = g->cap ? g->cap * 2 : 256;
        uint64_t *k = calloc(ncap, sizeof *k);
        int32_t *v = malloc(ncap * sizeof *v);
        if (!k || !v) {
            free(k);
            free(v);
            return 0;
        }
        for (size_t i = 0; i < g->cap; i++) {
            if (!g->keys[i])
                continue;
            size_t h = xq__fib_slot(g->keys[i], 17, ncap - 1);
            while (k[h])
                h = (h + 1) & (ncap - 1);
            k[h] = g->keys[i];
            v[h] = g->nodes[i];
        }
        free(g->keys);
        free(g->nodes);
        g->keys = k;
        g->nodes = v;
        g->cap = ncap;
    }
    uint64_t key = rkey(b, s);
    size_t h = xq__fib_slot(key, 17, g->cap - 1);
    while (g->keys[h] && g->keys[h] != key)
        h = (h + 1) & (g->cap - 1);
    if (!g->keys[h])
        g->used++;
    g->keys[h] = key;
    g->nodes[h] = node;
    return 1;
}

static int reg_get(const reg *g, long b, long s)
{
    if (!g->cap)
        return NODE_NONE;
    uint64_t key = rkey(b, s);
    size_t h = xq__fib_slot(key, 17, g->cap - 1);
    while (g->keys[h]) {
        if (g->keys[h] == key)
            return g->nodes[h];
        h = (h + 1) & (g->cap - 1);
    }
    return NODE_NONE;
}

static int dfail(xq_parse_error *err, int code, size_t off, const char *msg)
{
    return xq__parse_fail(err, code, (long long)off, "DhtmlXQ: %s", msg);
}

/* Move the cursor to node n (any node of the tree). */
static int goto_node(xq_record *r, int n)
{
    int depth = 0;
    for (int x = n; r->nodes[x].parent != NODE_NONE; x = r->nodes[x].parent)
        depth++;
    int *path = malloc(((size_t)depth + 1) * sizeof *path);
    if (!path)
        return XQ_ENOMEM;
    int k = depth;
    for (int x = n; r->nodes[x].parent != NODE_NONE; x = r->nodes[x].parent)
        path[--k] = x;
    while (rec_ply(r) > 0)
        xq__record_back(r);
    int rc = XQ_OK;
    for (int i = 0; i < depth && rc == XQ_OK; i++)
        rc = xq__record_enter(r, path[i]);
    free(path);
    return rc;
}

/* Play a DhtmlXQ move list at the cursor as branch b from step s on. */
static int play_list(xq_record *r, reg *g, const entry *e, long b, long s, xq_parse_error *err)
{
    size_t n = 0;
    while (n < e->n && (e->v[n] == ' ' || e->v[n] == '\n' || e->v[n] == '\r' || e->v[n] == '\t'))
        n++;
    const char *v = e->v + n;
    size_t len = e->n - n;
    while (len && (v[len - 1] == ' ' || v[len - 1] == '\n' || v[len - 1] == '\r' || v[len - 1] == '\t'))
        len--;
    if (len % 4)
        return dfail(err, XQ_EPARSE, e->off, "a move list needs four digits per move");
    for (size_t i = 0; i < len; i += 4, s++) {
        int d[4];
        for (int k = 0; k < 4; k++) {
            if (v[i + k] < '0' || v[i + k] > '9')
                return dfail(err, XQ_EPARSE, e->off, "a move list holds digits only");
            d[k] = v[i + k] - '0';
        }
        xq_move m = 0;
        if (d[0] <= 8 && d[2] <= 8) {
            int from = (9 - d[1]) * 9 + d[0], to = (9 - d[3]) * 9 + d[2];
            if (from != to)
                m = MAKE_MOVE(from, to);
        }
        if (!m || !xq__is_legal(&r->board.pos, m)) {
            char msg[96], a[8] = "?";
            if (m)
                xq_move_format(m, a, sizeof a);
            snprintf(msg, sizeof msg, "move %.4s (%s) at step %ld of branch %ld is not legal", v + i, a, s, b);
            return dfail(err, XQ_EILLEGAL, e->off, msg);
        }
        if (xq__record_play_legal(r, m) < 0 || !reg_put(g, b, s, rec_cur(r)))
            return dfail(err, XQ_ENOMEM, e->off, "out of memory");
    }
    return XQ_OK;
}

/* Decode "||" and \uXXXX in a comment and append it to a node. */
static int add_comment(xq_record *r, int node, const char *s, size_t n)
{
    xq__sb b = {0};
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '|' && i + 1 < n && s[i + 1] == '|') {
            xq__sb_putc(&b, '\n');
            i++;
        } else if (s[i] == '\\' && i + 5 < n && s[i + 1] == 'u') {
            unsigned v = 0;
            int ok = 1;
            for (int k = 2; k < 6; k++) {
                char c = s[i + k];
                v = v * 16 + (unsigned)(c >= '0' && c <= '9' ? c - '0' : (lower(c) >= 'a' && lower(c) <= 'f') ? lower(c) - 'a' + 10 : (ok = 0));
            }
            if (ok && v && (v < 0xD800 || v > 0xDFFF)) {
                char u[4];
                xq__sb_putn(&b, u, (size_t)xq__utf8_encode(v, u));
                i += 5;
            } else {
                xq__sb_putc(&b, s[i]);
            }
        } else {
            xq__sb_putc(&b, s[i]);
        }
    }
    int rc = b.oom ? XQ_ENOMEM : b.n ? xq__record_append_comment(r, node, 0, b.p, b.n) : XQ_OK;
    xq__sb_free(&b);
    return rc;
}

static const struct { const char *key, *tag; } tag_map[] = {
    {"title", "Title"},   {"event", "Event"},         {"date", "Date"},
    {"place", "Site"},    {"round", "Round"},         {"table", "Table"},
    {"red", "Red"},       {"black", "Black"},         {"redteam", "RedTeam"},
    {"blackteam", "BlackTeam"}, {"redelo", "RedElo"}, {"blackelo", "BlackElo"},
    {"redtime", "RedTime"}, {"blacktime", "BlackTime"}, {"timerule", "TimeControl"},
    {"open", "Opening"},  {"author", "Author"},       {"remark", "Remark"},
};

static const char *map_result(const char *v, size_t n)
{
    char s[64];
    snprintf(s, sizeof s, "%.*s", (int)(n < 63 ? n : 63), v);
    if (strstr(s, "红胜") || strstr(s, "紅勝") || strstr(s, "红先胜") || strstr(s, "1-0"))
        return "1-0";
    if (strstr(s, "黑胜") || strstr(s, "黑勝") || strstr(s, "红负") || strstr(s, "0-1"))
        return "0-1";
    if (strstr(s, "和") || strstr(s, "1/2"))
        return "1/2-1/2";
    return NULL;
}

/* The start position: [DhtmlXQ_fen], else [DhtmlXQ_binit] (or the standard
 * placement) with the side to move taken from the first move's piece. */
static int start_position(const entry *e, int ne, pos_t *start, xq_parse_error *err)
{
    const entry *binit = find(e, ne, "binit"), *fenent = find(e, ne, "fen"),
                *ml = find(e, ne, "movelist");
    char fen[XQ_FEN_MAX * 2];
    char board[SQ_NB];
    memset(board, 0, sizeof board);
    xq_parse_error fe;
    int rc;
    if (fenent && fenent->n > 0) {
        snprintf(fen, sizeof fen, "%.*s", (int)(fenent->n < sizeof fen - 1 ? fenent->n : sizeof fen - 1), fenent->v);
        rc = xq__fen_parse(fen, start, &fe);
    } else {
        if (binit && binit->n > 0) {
            static const char order[] = "RNBAKABNRCCPPPPP";
            size_t boff = binit->off;
            if (binit->n < 64)
                return dfail(err, XQ_EPARSE, boff, "[DhtmlXQ_binit] needs 64 digits");
            for (int i = 0; i < 32; i++) {
                char x = binit->v[2 * i], y = binit->v[2 * i + 1];
                if (x < '0' || x > '9' || y < '0' || y > '9')
                    return dfail(err, XQ_EPARSE, boff, "[DhtmlXQ_binit] holds digits only");
                if (x == '9')
                    continue;
                int s = (9 - (y - '0')) * 9 + (x - '0');
                if (board[s])
                    return dfail(err, XQ_EPOSITION, boff, "two pieces on one square");
                board[s] = (char)(i < 16 ? order[i] : order[i - 16] + 32);
            }
        } else {
            xq__fen_parse(XQ_START_FEN, start, NULL);
            for (int s = 0; s < SQ_NB; s++)
                board[s] = start->sq[s] ? (char)xq_piece_char(start->sq[s]) : 0;
        }
        int n = xq__fen_placement(board, fen);
        /* Side to move: the first move's piece, else whichever is possible. */
        int side = RED;
        if (ml) {
            size_t i = 0;
            while (i < ml->n && (ml->v[i] == ' ' || ml->v[i] == '\n' || ml->v[i] == '\r'))
                i++;
            if (i + 1 < ml->n && ml->v[i] >= '0' && ml->v[i] <= '8' && ml->v[i + 1] >= '0' &&
                ml->v[i + 1] <= '9') {
                char c = board[(9 - (ml->v[i + 1] - '0')) * 9 + (ml->v[i] - '0')];
                if (c >= 'a')
                    side = BLACK;
            }
        }
        snprintf(fen + n, sizeof fen - (size_t)n, " %c - - 0 1", side == BLACK ? 'b' : 'w');
        rc = xq__fen_parse(fen, start, &fe);
        if (rc < 0 && !ml) {
            fen[n + 1] = 'b';
            if (xq__fen_parse(fen, start, NULL) == XQ_OK)
                rc = XQ_OK;
        }
    }
    if (rc < 0) {
        char msg[160];
        snprintf(msg, sizeof msg, "start position: %.100s", fe.message);
        return dfail(err, rc, fenent ? fenent->off : binit ? binit->off : 0, msg);
    }
    return XQ_OK;
}

/* The title, event, players ... and the result. */
static int read_tags(xq_record *r, const entry *e, int ne, xq_parse_error *err)
{
    int rc = XQ_OK;
    for (size_t i = 0; i < sizeof tag_map / sizeof tag_map[0] && rc == XQ_OK; i++) {
        const entry *x = find(e, ne, tag_map[i].key);
        if (x && x->n)
            rc = xq__record_set_tag_raw(r, tag_map[i].tag, x->v, x->n);
    }
    const entry *res = find(e, ne, "result");
    const char *rv = res ? map_result(res->v, res->n) : NULL;
    if (rv && rc == XQ_OK)
        rc = xq__record_set_tag_raw(r, "Result", rv, strlen(rv));
    return rc < 0 ? dfail(err, rc, 0, rc == XQ_ENOMEM ? "out of memory" : "a tag longer than 64 MiB") : XQ_OK;
}

/* A variation [DhtmlXQ_move_A_B_C]: branch C, from step B on, replacing
 * step B of branch A (so it hangs on the node of step B-1 of branch A). */
typedef struct var {
    long a, b, c;
    int entry;
} var;

static int var_cmp_long(const void *x, const void *y)
{
    long p = *(const long *)x, q = *(const long *)y;
    return p < q ? -1 : p > q;
}

static int var_cmp(const void *x, const void *y)
{
    const var *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return p->entry < q->entry ? -1 : p->entry > q->entry;
}

/* First variation hanging on step s of branch x (sorted by a, b). */
static int var_first(const var *v, int nv, long x, long s)
{
    int lo = 0, hi = nv;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (v[mid].a < x || (v[mid].a == x && v[mid].b - 1 < s))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* One branch being walked: the cursor is on its step s, whose variations
 * from index it on are still to be played. */
typedef struct walk {
    long branch, first, s;
    int it;
} walk;

/* The variations, depth first from the main line: each branch is played
 * once, then walked back step by step, playing the variations that hang on
 * each step. Every move is entered and left once: linear in the input (and
 * a log factor for the lookups), whatever the order of the entries. */
static int place_variations(xq_record *r, reg *g, const entry *e, int ne, xq_parse_error *err)
{
    int nv = 0, rc = XQ_OK;
    for (int i = 0; i < ne; i++)
        nv += !strncmp(e[i].name, "move_", 5);
    var *v = malloc(((size_t)nv + 1) * sizeof *v);
    walk *st = malloc(((size_t)nv + 1) * sizeof *st);
    char *done = calloc((size_t)nv + 1, 1);
    if (!v || !st || !done) {
        rc = dfail(err, XQ_ENOMEM, 0, "out of memory");
        goto out;
    }
    nv = 0;
    for (int i = 0; i < ne; i++) {
        long a, b, c;
        char tail;
        if (strncmp(e[i].name, "move_", 5))
            continue;
        if (sscanf(e[i].name + 5, "%ld_%ld_%ld%c", &a, &b, &c, &tail) != 3 || b < 1 || a < 0 ||
            c < 1 || b > 100000 || c > 0x7fffffffL || a > 0x7fffffffL) {
            rc = dfail(err, XQ_EPARSE, e[i].off, "a variation is named [DhtmlXQ_move_A_B_C]");
            goto out;
        }
        v[nv].a = a, v[nv].b = b, v[nv].c = c, v[nv].entry = i;
        nv++;
    }
    qsort(v, (size_t)nv, sizeof *v, var_cmp);
    /* Each branch number once (it names the branch's moves). */
    {
        long *ids = malloc(((size_t)nv + 1) * sizeof *ids);
        if (!ids) {
            rc = dfail(err, XQ_ENOMEM, 0, "out of memory");
            goto out;
        }
        for (int i = 0; i < nv; i++)
            ids[i] = v[i].c;
        qsort(ids, (size_t)nv, sizeof *ids, var_cmp_long);
        for (int i = 1; i < nv && rc == XQ_OK; i++)
            if (ids[i] == ids[i - 1]) {
                char msg[96];
                snprintf(msg, sizeof msg, "variation number %ld is used twice", ids[i]);
                for (int k = nv - 1; k >= 0; k--) /* report the later entry */
                    if (v[k].c == ids[i]) {
                        rc = dfail(err, XQ_EPARSE, e[v[k].entry].off, msg);
                        break;
                    }
            }
        free(ids);
        if (rc < 0)
            goto out;
    }
    int sp = 0, placed = 0;
    st[sp++] = (walk){0, 0, rec_ply(r), var_first(v, nv, 0, rec_ply(r))};
    while (sp > 0 && rc == XQ_OK) {
        walk *w = &st[sp - 1];
        if (w->it < nv && v[w->it].a == w->branch && v[w->it].b - 1 == w->s) {
            const var *x = &v[w->it];
            done[w->it++] = 1;
            placed++;
            rc = play_list(r, g, &e[x->entry], x->c, x->b, err);
            if (rc == XQ_OK && rec_ply(r) > w->s) {
                long end = rec_ply(r);
                st[sp++] = (walk){x->c, x->b, end, var_first(v, nv, x->c, end)};
            } else if (rc == XQ_OK) {
                continue; /* an empty variation */
            }
        } else if (w->s > w->first) {
            xq__record_back(r);
            w->s--;
            w->it = var_first(v, nv, w->branch, w->s);
        } else {
            if (w->first > 0)
                xq__record_back(r); /* back to the step the branch hangs on */
            sp--;
        }
    }
    if (rc == XQ_OK && placed < nv) {
        int first = ne;
        for (int i = 0; i < nv; i++)
            if (!done[i] && v[i].entry < first)
                first = v[i].entry;
        rc = dfail(err, XQ_EPARSE, e[first].off, "a variation branches from a move that does not exist");
    }
out:
    free(v);
    free(st);
    free(done);
    return rc;
}

/* [DhtmlXQ_commentS] and [DhtmlXQ_commentB_S] on the moves they name. */
static int read_comments(xq_record *r, const reg *g, const entry *e, int ne, xq_parse_error *err)
{
    for (int i = 0; i < ne; i++) {
        long b = 0, s;
        char tail;
        if (strncmp(e[i].name, "comment", 7) || !e[i].n)
            continue;
        const char *id = e[i].name + 7;
        if (sscanf(id, "%ld_%ld%c", &b, &s, &tail) != 2) {
            b = 0;
            if (sscanf(id, "%ld%c", &s, &tail) != 1)
                continue;
        }
        int node = reg_get(g, b, s), rc;
        if (node != NODE_NONE && (rc = add_comment(r, node, e[i].v, e[i].n)) < 0)
            return dfail(err, rc, e[i].off,
                         rc == XQ_ENOMEM ? "out of memory" : "comments on one move longer than 64 MiB");
    }
    return XQ_OK;
}

static int parse(xq_record *r, const char *t, size_t len, xq_parse_error *err)
{
    entry *e;
    int ne, rc = collect(t, len, &e, &ne);
    if (rc < 0)
        return dfail(err, rc, 0, "out of memory");
    const entry *ml = find(e, ne, "movelist");
    if (!find(e, ne, "binit") && !find(e, ne, "fen") && !ml) {
        free(e);
        return dfail(err, XQ_EPARSE, 0, "no [DhtmlXQ_movelist], [DhtmlXQ_binit] or [DhtmlXQ_fen]");
    }
    pos_t start;
    rc = start_position(e, ne, &start, err);
    if (rc < 0) {
        free(e);
        return rc;
    }
    xq__record_clear(r, &start);
    rc = read_tags(r, e, ne, err);

    /* Main line, then variations, then comments on the moves they name. */
    reg g = {0};
    if (rc == XQ_OK)
        rc = reg_put(&g, 0, 0, 0) ? XQ_OK : dfail(err, XQ_ENOMEM, 0, "out of memory");
    if (rc == XQ_OK && ml)
        rc = play_list(r, &g, ml, 0, 1, err);
    if (rc == XQ_OK)
        rc = place_variations(r, &g, e, ne, err);
    if (rc == XQ_OK)
        rc = read_comments(r, &g, e, ne, err);
    free(g.keys);
    free(g.nodes);
    free(e);
    if (rc < 0)
        return rc;
    rc = goto_node(r, 0);
    while (rc == XQ_OK && r->nodes[rec_cur(r)].child != NODE_NONE)
        rc = xq__record_enter(r, r->nodes[rec_cur(r)].child);
    return rc < 0 ? dfail(err, rc, 0, "out of memory") : XQ_OK;
}

int xq_record_from_dhtmlxq(xq_record *r, const char *text, size_t len, xq_parse_error *err)
{
    if (!record_ok(r) || (!text && len))
        return xq__parse_fail(err, XQ_EINVAL, -1, "invalid argument");
    xq__tables_init();
    if (!text)
        text = "";
    /* Read into a new record: a bad text leaves the caller's unchanged. */
    xq_record *tmp;
    if (xq_record_new(&tmp, NULL, NULL) < 0)
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    int rc;
    if (xq__utf8_valid(text, len)) {
        rc = parse(tmp, text, len, err);
    } else {
        xq__sb u = {0};
        xq__legacy_to_utf8(&u, text, len, 0);
        rc = u.oom ? xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory") : parse(tmp, u.p ? u.p : "", u.n, err);
        xq__sb_free(&u);
    }
    if (rc == XQ_OK)
        xq__record_swap(r, tmp);
    xq_record_free(tmp);
    return rc;
}
