/* SPDX-License-Identifier: MIT */
/* The game record: a tree of legal moves with annotations, tags and a
 * cursor whose position is kept in an embedded board. */
#include "record.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/bytes.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "util/grow.h"
#include "util/text.h"

/* ---- allocation helpers ---- */

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

static int new_node(xq_record *r, int parent, xq_move m)
{
    int n;
    if (r->free_list != NODE_NONE) {
        n = r->free_list;
        r->free_list = r->nodes[n].sibling;
    } else {
        if (XQ__GROW_INT(r->nodes, r->node_cap, r->nnodes + 1) != XQ_OK)
            return NODE_NONE;
        n = r->nnodes++;
    }
    rnode *x = &r->nodes[n];
    memset(x, 0, sizeof *x);
    x->move = m;
    x->parent = parent;
    x->child = x->sibling = x->ann = NODE_NONE;
    return n;
}

/* ---- annotations ---- */

/* The annotations of node n, created if need be; NULL when out of memory. */
static rann *ann_of(xq_record *r, int n)
{
    if (r->nodes[n].ann >= 0)
        return &r->anns[r->nodes[n].ann];
    int a;
    if (r->ann_free != NODE_NONE) {
        a = r->ann_free;
        r->ann_free = r->anns[a].next_free;
    } else {
        if (XQ__GROW_INT(r->anns, r->ann_cap, r->nanns + 1) != XQ_OK)
            return NULL;
        a = r->nanns++;
    }
    memset(&r->anns[a], 0, sizeof r->anns[a]);
    r->nodes[n].ann = a;
    return &r->anns[a];
}

static void text_free(rtext *t)
{
    free(t->p);
    t->p = NULL;
    t->n = t->cap = 0;
}

/* Release the annotations of node n. */
static void free_node_text(xq_record *r, int n)
{
    int a = r->nodes[n].ann;
    if (a < 0)
        return;
    text_free(&r->anns[a].comment);
    text_free(&r->anns[a].pre);
    r->anns[a].next_free = r->ann_free;
    r->ann_free = a;
    r->nodes[n].ann = NODE_NONE;
}

/* Make room for n more bytes (and the NUL) in t. */
static int text_reserve(rtext *t, size_t n)
{
    size_t cap = t->cap; /* a uint32_t in rtext: texts stay under XQ_RECORD_MAX_TEXT */
    if (XQ__GROW(t->p, cap, (size_t)t->n + n + 1, UINT32_MAX) != XQ_OK)
        return 0;
    t->cap = (uint32_t)cap;
    return 1;
}

/* Append s[0..n) to t after a space (if t is not empty), normalised as
 * xq__record_append_comment() says. */
static int text_append(rtext *t, const char *s, size_t n)
{
    if (!n)
        return XQ_OK;
    size_t grown = (size_t)t->n + (t->n ? 1 : 0);
    for (size_t i = 0; i < n; i++) /* the normalised length */
        grown += s[i] == 0 ? 3 : s[i] == '}' ? 3 : (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n') ? 0 : 1;
    if (grown > XQ_RECORD_MAX_TEXT)
        return XQ_EPARSE;
    if (!text_reserve(t, grown - t->n))
        return XQ_ENOMEM;
    char *d = t->p + t->n;
    if (t->n)
        *d++ = ' ';
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == 0) {
            memcpy(d, "\xEF\xBF\xBD", 3), d += 3; /* U+FFFD */
        } else if (c == '}') {
            memcpy(d, "\xEF\xBD\x9D", 3), d += 3; /* U+FF5D fullwidth right brace */
        } else if (c == '\r') {
            if (!(i + 1 < n && s[i + 1] == '\n'))
                *d++ = '\n';
        } else {
            *d++ = c;
        }
    }
    *d = 0;
    t->n = (uint32_t)(d - t->p);
    return XQ_OK;
}

/* Fold the comment before node n's move into its parent's comment: n has
 * become the main continuation, where PGN has no place for it. */
static void fold_pre(xq_record *r, int n)
{
    if (n == NODE_NONE || r->nodes[n].ann < 0 || !r->anns[r->nodes[n].ann].pre.n)
        return;
    rann *p = ann_of(r, r->nodes[n].parent);
    if (!p)
        return; /* out of memory: it stays (unwritten) */
    rann *a = &r->anns[r->nodes[n].ann]; /* ann_of may have moved the array */
    if (text_append(&p->comment, a->pre.p, a->pre.n) == XQ_OK)
        text_free(&a->pre);
}

static int reserve_ply(xq_record *r, int ply)
{
    if (XQ__GROW_INT(r->path, r->path_cap, ply + 1) != XQ_OK)
        return 0;
    return XQ__GROW_INT(r->board.hist, r->board.cap, ply) == XQ_OK;
}

/* Cursor into node n, a child of the cursor (its move is legal). */
static void push(xq_record *r, int n)
{
    hist_entry *e = &r->board.hist[r->board.nhist++];
    e->move = r->nodes[n].move;
    pos_do(&r->board.pos, e->move, &e->undo);
    e->check = (uint8_t)xq__in_check(&r->board.pos); /* for the rules (lib/core/rules.c) */
    r->path[r->board.nhist] = n;
}

int xq__record_enter(xq_record *r, int n)
{
    if (!reserve_ply(r, r->board.nhist + 1))
        return XQ_ENOMEM;
    push(r, n);
    return XQ_OK;
}

void xq__record_back(xq_record *r)
{
    hist_entry *e = &r->board.hist[--r->board.nhist];
    pos_undo(&r->board.pos, e->move, &e->undo);
}

static void free_tags(xq_record *r)
{
    for (int i = 0; i < r->ntags; i++) {
        free(r->tags[i].name);
        free(r->tags[i].value);
    }
    r->ntags = 0;
    free(r->tag_index);
    r->tag_index = NULL;
    r->tag_index_cap = 0;
}

static int is_start_pos(const pos_t *p)
{
    char fen[XQ_FEN_MAX];
    xq__fen_format(p, fen, sizeof fen);
    return !strcmp(fen, XQ_START_FEN);
}

int xq__record_set_start(xq_record *r, const pos_t *start)
{
    r->start = *start;
    r->board.pos = *start;
    r->board.nhist = 0;
    if (is_start_pos(start))
        return xq__record_set_tag_raw(r, "FEN", NULL, 0);
    char fen[XQ_FEN_MAX];
    int n = xq__fen_format(start, fen, sizeof fen);
    return xq__record_set_tag_raw(r, "FEN", fen, (size_t)n);
}

void xq__record_clear(xq_record *r, const pos_t *start)
{
    for (int i = 0; i < r->nanns; i++) {
        free(r->anns[i].comment.p);
        free(r->anns[i].pre.p);
    }
    r->nanns = 0;
    r->ann_free = NODE_NONE;
    free_tags(r);
    r->nnodes = 1;
    r->free_list = NODE_NONE;
    rnode *root = &r->nodes[0];
    memset(root, 0, sizeof *root);
    root->parent = root->child = root->sibling = root->ann = NODE_NONE;
    r->path[0] = 0;
    r->nredo = 0;
    xq__record_set_start(r, start); /* the FEN tag is the first tag: cannot fail for lack of room? */
}

/* ---- tags ---- */

static int valid_tag_name(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++) {
        char c = s[n];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return 0;
    }
    return n >= 1 && n <= 64;
}

/* Tags are found through a hash index once there are more than a few. */
#define TAG_INDEX_MIN 16

static uint32_t tag_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    h ^= h >> 16; /* the low bits of FNV-1a depend on the low bits of the input only: mix */
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    return h ^ (h >> 16);
}

static void index_put(int32_t *ix, int cap, const char *name, int i)
{
    uint32_t h = tag_hash(name) & (uint32_t)(cap - 1);
    while (ix[h])
        h = (h + 1) & (uint32_t)(cap - 1);
    ix[h] = i + 1;
}

/* Rebuild the index for the current tags (dropped while few, or when out
 * of memory: the lookup falls back to a scan). */
static void reindex_tags(xq_record *r, int need)
{
    free(r->tag_index);
    r->tag_index = NULL;
    r->tag_index_cap = 0;
    if (need < TAG_INDEX_MIN)
        return;
    int cap = 64;
    while (cap < need * 2)
        cap *= 2;
    int32_t *ix = calloc((size_t)cap, sizeof *ix);
    if (!ix)
        return;
    for (int i = 0; i < r->ntags; i++)
        index_put(ix, cap, r->tags[i].name, i);
    r->tag_index = ix;
    r->tag_index_cap = cap;
}

static int find_tag(const xq_record *r, const char *name)
{
    if (r->tag_index) {
        uint32_t m = (uint32_t)(r->tag_index_cap - 1), h = tag_hash(name) & m;
        for (; r->tag_index[h]; h = (h + 1) & m)
            if (!strcmp(r->tags[r->tag_index[h] - 1].name, name))
                return r->tag_index[h] - 1;
        return -1;
    }
    for (int i = 0; i < r->ntags; i++)
        if (!strcmp(r->tags[i].name, name))
            return i;
    return -1;
}

/* A tag value as stored: NUL as U+FFFD, line breaks as spaces (the PGN
 * writer's tag line has no place for them). NULL when out of memory. */
static char *tag_value_dup(const char *s, size_t n)
{
    size_t k = n;
    for (size_t i = 0; i < n; i++)
        k += s[i] == 0 ? 2 : 0;
    char *d = malloc(k + 1), *o = d;
    if (!d)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == 0)
            memcpy(o, "\xEF\xBF\xBD", 3), o += 3;
        else
            *o++ = s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
    }
    *o = 0;
    return d;
}

const char *xq__record_get_tag(const xq_record *r, const char *name)
{
    int i = find_tag(r, name);
    return i < 0 ? NULL : r->tags[i].value;
}

int xq__record_set_tag_raw(xq_record *r, const char *name, const char *value, size_t n)
{
    int i = find_tag(r, name);
    if (!value) {
        if (i >= 0) {
            free(r->tags[i].name);
            free(r->tags[i].value);
            memmove(&r->tags[i], &r->tags[i + 1], (size_t)(r->ntags - i - 1) * sizeof *r->tags);
            r->ntags--;
            if (r->tag_index)
                reindex_tags(r, r->ntags);
        }
        return XQ_OK;
    }
    if (n > XQ_RECORD_MAX_TEXT)
        return XQ_EPARSE;
    char *v = tag_value_dup(value, n);
    if (!v)
        return XQ_ENOMEM;
    if (i >= 0) {
        free(r->tags[i].value);
        r->tags[i].value = v;
        return XQ_OK;
    }
    char *k = dup_n(name, strlen(name));
    if (!k || XQ__GROW_INT(r->tags, r->tag_cap, r->ntags + 1) != XQ_OK) {
        free(k);
        free(v);
        return XQ_ENOMEM;
    }
    r->tags[r->ntags].name = k;
    r->tags[r->ntags].value = v;
    r->ntags++;
    if (r->tag_index && r->ntags * 2 <= r->tag_index_cap)
        index_put(r->tag_index, r->tag_index_cap, k, r->ntags - 1);
    else if (r->ntags >= TAG_INDEX_MIN)
        reindex_tags(r, r->ntags * 2);
    return XQ_OK;
}

/* ---- public: life cycle ---- */

static int parse_start(const char *fen, pos_t *p, xq_parse_error *err)
{
    xq__tables_init();
    return xq__fen_parse(fen ? fen : XQ_START_FEN, p, err);
}

int xq_record_new(xq_record **out, const char *fen, xq_parse_error *err)
{
    if (!out)
        return xq__parse_fail(err, XQ_EINVAL, -1, "output pointer is NULL");
    *out = NULL;
    pos_t start;
    int rc = parse_start(fen, &start, err);
    if (rc < 0)
        return rc;
    xq_record *r = calloc(1, sizeof *r);
    if (!r || XQ__GROW_INT(r->nodes, r->node_cap, 64) != XQ_OK ||
        !reserve_ply(r, 64)) {
        if (r) {
            free(r->nodes);
            free(r->path);
            free(r->board.hist);
        }
        free(r);
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    }
    r->magic = XQ_RECORD_MAGIC;
    r->board.magic = XQ_BOARD_MAGIC;
    r->nnodes = 1;
    r->ann_free = NODE_NONE;
    memset(&r->nodes[0], 0, sizeof r->nodes[0]);
    xq__record_clear(r, &start);
    if (r->ntags == 0 && !is_start_pos(&start)) { /* the FEN tag could not be stored */
        xq_record_free(r);
        return xq__parse_fail(err, XQ_ENOMEM, -1, "out of memory");
    }
    *out = r;
    return XQ_OK;
}

void xq_record_free(xq_record *r)
{
    if (!record_ok(r))
        return;
    for (int i = 0; i < r->nanns; i++) {
        free(r->anns[i].comment.p);
        free(r->anns[i].pre.p);
    }
    free(r->anns);
    free_tags(r);
    free(r->tags);
    free(r->nodes);
    free(r->path);
    free(r->redo);
    free(r->board.hist);
    r->magic = 0;
    r->board.magic = 0;
    free(r);
}

static int text_copy(rtext *d, const rtext *src)
{
    d->p = NULL;
    d->n = d->cap = 0;
    if (!src->n)
        return 1;
    if (!(d->p = malloc((size_t)src->n + 1)))
        return 0;
    memcpy(d->p, src->p, (size_t)src->n + 1);
    d->n = d->cap = src->n;
    d->cap++;
    return 1;
}

int xq_record_clone(xq_record **out, const xq_record *src)
{
    if (!out)
        return XQ_EINVAL;
    *out = NULL;
    if (!record_ok(src))
        return XQ_EINVAL;
    xq_record *r = calloc(1, sizeof *r);
    if (!r)
        return XQ_ENOMEM;
    r->magic = XQ_RECORD_MAGIC;
    r->board = src->board;
    r->board.hist = NULL;
    r->board.cap = 0;
    r->start = src->start;
    r->free_list = src->free_list;
    r->ann_free = src->ann_free;
    int ok = XQ__GROW_INT(r->nodes, r->node_cap, src->nnodes) == XQ_OK &&
             reserve_ply(r, src->board.nhist > 0 ? src->board.nhist : 1) &&
             (src->nanns == 0 || XQ__GROW_INT(r->anns, r->ann_cap, src->nanns) == XQ_OK) &&
             (src->nredo == 0 || XQ__GROW_INT(r->redo, r->redo_cap, src->nredo) == XQ_OK) &&
             (src->ntags == 0 || XQ__GROW_INT(r->tags, r->tag_cap, src->ntags) == XQ_OK);
    if (ok) {
        r->nnodes = src->nnodes;
        memcpy(r->nodes, src->nodes, (size_t)src->nnodes * sizeof *r->nodes);
        for (int i = 0; i < src->nanns; i++) {
            const rann *sa = &src->anns[i];
            rann *a = &r->anns[r->nanns++];
            *a = *sa;
            a->comment.p = a->pre.p = NULL;
            a->comment.n = a->comment.cap = a->pre.n = a->pre.cap = 0;
            if (ok && !(text_copy(&a->comment, &sa->comment) && text_copy(&a->pre, &sa->pre)))
                ok = 0;
        }
        memcpy(r->path, src->path, (size_t)(src->board.nhist + 1) * sizeof *r->path);
        if (src->board.nhist)
            memcpy(r->board.hist, src->board.hist, (size_t)src->board.nhist * sizeof *r->board.hist);
        if (src->nredo)
            memcpy(r->redo, src->redo, (size_t)src->nredo * sizeof *r->redo);
        r->nredo = src->nredo;
        for (int i = 0; ok && i < src->ntags; i++) {
            r->tags[i].name = dup_n(src->tags[i].name, strlen(src->tags[i].name));
            r->tags[i].value = dup_n(src->tags[i].value, strlen(src->tags[i].value));
            r->ntags++;
            if (!r->tags[i].name || !r->tags[i].value)
                ok = 0;
        }
        if (ok && src->tag_index)
            reindex_tags(r, src->tag_index_cap / 2);
    }
    if (!ok) {
        xq_record_free(r);
        return XQ_ENOMEM;
    }
    *out = r;
    return XQ_OK;
}

void xq__record_swap(xq_record *a, xq_record *b)
{
    xq_record t = *a;
    *a = *b;
    *b = t;
}

int xq_record_reset(xq_record *r, const char *fen, xq_parse_error *err)
{
    if (!record_ok(r))
        return xq__parse_fail(err, XQ_EINVAL, -1, "not a record");
    pos_t start;
    int rc = parse_start(fen, &start, err);
    if (rc < 0)
        return rc;
    xq__record_clear(r, &start);
    return XQ_OK;
}

/* ---- public: tags ---- */

int xq_record_set_tag(xq_record *r, const char *name, const char *value)
{
    if (!record_ok(r) || !name || !valid_tag_name(name))
        return XQ_EINVAL;
    if (value && (strlen(value) > XQ_RECORD_MAX_TEXT || !xq__utf8_valid(value, strlen(value))))
        return XQ_EINVAL;
    if (!strcmp(name, "FEN")) {
        if (r->nodes[0].child != NODE_NONE)
            return XQ_ESTATE;
        pos_t start;
        int rc = parse_start(value, &start, NULL);
        if (rc < 0)
            return rc;
        r->nredo = 0;
        return xq__record_set_start(r, &start);
    }
    return xq__record_set_tag_raw(r, name, value, value ? strlen(value) : 0);
}

int xq_record_tag(const xq_record *r, const char *name, char *buf, size_t cap)
{
    if (!record_ok(r) || !name || (!buf && cap))
        return XQ_EINVAL;
    const char *v = xq__record_get_tag(r, name);
    if (!v) {
        if (cap)
            buf[0] = 0;
        return XQ_ENOTFOUND;
    }
    return xq__copy_out(v, strlen(v), buf, cap);
}

int xq_record_tag_count(const xq_record *r) { return record_ok(r) ? r->ntags : XQ_EINVAL; }

int xq_record_tag_name(const xq_record *r, int index, char *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap) || index < 0 || index >= r->ntags)
        return XQ_EINVAL;
    return xq__copy_out(r->tags[index].name, strlen(r->tags[index].name), buf, cap);
}

int xq_record_tag_value(const xq_record *r, int index, char *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap) || index < 0 || index >= r->ntags)
        return XQ_EINVAL;
    return xq__copy_out(r->tags[index].value, strlen(r->tags[index].value), buf, cap);
}

int xq_record_start_fen(const xq_record *r, char *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap))
        return XQ_EINVAL;
    return xq__fen_format(&r->start, buf, cap);
}

const xq_board *xq_record_board(const xq_record *r) { return record_ok(r) ? &r->board : NULL; }

/* ---- public: moves ---- */

int xq__record_play_legal(xq_record *r, xq_move m)
{
    int cur = rec_cur(r), last = NODE_NONE;
    if (!reserve_ply(r, r->board.nhist + 1))
        return XQ_ENOMEM;
    for (int c = r->nodes[cur].child; c != NODE_NONE; c = r->nodes[c].sibling) {
        if (r->nodes[c].move == m) {
            push(r, c);
            return XQ_OK;
        }
        last = c;
    }
    int n = new_node(r, cur, m);
    if (n == NODE_NONE)
        return XQ_ENOMEM;
    if (last == NODE_NONE)
        r->nodes[cur].child = n;
    else
        r->nodes[last].sibling = n;
    push(r, n);
    return XQ_OK;
}

int xq_record_play(xq_record *r, xq_move m)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    if (!xq__is_legal(&r->board.pos, m))
        return XQ_EILLEGAL;
    int rc = xq__record_play_legal(r, m);
    if (rc == XQ_OK)
        r->nredo = 0;
    return rc;
}

int xq_record_play_text(xq_record *r, const char *text, int notation, unsigned int flags,
                        xq_parse_error *err)
{
    if (!record_ok(r))
        return xq__parse_fail(err, XQ_EINVAL, -1, "not a record");
    xq_move m;
    int rc = xq_board_move_from_text(&r->board, text, notation, flags, &m, err);
    if (rc < 0)
        return rc;
    return xq_record_play(r, m);
}

/* Free the subtree rooted at n (already unlinked); returns its node count.
 * Post-order walk through the parent links: no stack, no allocation. */
static int free_subtree(xq_record *r, int n)
{
    int count = 0, x = n;
    for (;;) {
        while (r->nodes[x].child != NODE_NONE)
            x = r->nodes[x].child;
        int sib = r->nodes[x].sibling, par = r->nodes[x].parent, done = x == n;
        free_node_text(r, x);
        r->nodes[x].parent = -2;
        r->nodes[x].sibling = r->free_list;
        r->free_list = x;
        count++;
        if (done)
            return count;
        r->nodes[par].child = sib; /* x was the first child of par */
        x = sib != NODE_NONE ? sib : par;
    }
}

/* Unlink node n from its parent; with keep_pre, a variation that becomes
 * the main continuation in its place hands its comment before to the
 * parent (not when the whole family goes: xq_record_truncate()). */
static void unlink_node(xq_record *r, int n, int keep_pre)
{
    int p = r->nodes[n].parent;
    if (r->nodes[p].child == n) {
        r->nodes[p].child = r->nodes[n].sibling;
        if (keep_pre)
            fold_pre(r, r->nodes[p].child);
    } else {
        int c = r->nodes[p].child;
        while (r->nodes[c].sibling != n)
            c = r->nodes[c].sibling;
        r->nodes[c].sibling = r->nodes[n].sibling;
    }
    r->nodes[n].sibling = NODE_NONE;
}

int xq_record_truncate(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int cur = rec_cur(r), count = 0;
    while (r->nodes[cur].child != NODE_NONE) {
        int c = r->nodes[cur].child;
        unlink_node(r, c, 0);
        count += free_subtree(r, c);
    }
    r->nredo = 0;
    return count;
}

int xq_record_delete(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    if (rec_ply(r) == 0)
        return XQ_ESTATE;
    int cur = rec_cur(r);
    xq__record_back(r);
    unlink_node(r, cur, 1);
    r->nredo = 0;
    return free_subtree(r, cur);
}

int xq_record_promote(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    for (int n = rec_cur(r); r->nodes[n].parent != NODE_NONE; n = r->nodes[n].parent) {
        int p = r->nodes[n].parent;
        if (r->nodes[p].child == n)
            continue;
        unlink_node(r, n, 0);
        r->nodes[n].sibling = r->nodes[p].child;
        r->nodes[p].child = n;
        fold_pre(r, n);
    }
    r->nredo = 0;
    return XQ_OK;
}

/* ---- public: navigation ---- */

int xq_record_ply(const xq_record *r) { return record_ok(r) ? rec_ply(r) : XQ_EINVAL; }

int xq_record_line_size(const xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int n = rec_ply(r);
    for (int c = r->nodes[rec_cur(r)].child; c != NODE_NONE; c = r->nodes[c].child)
        n++;
    return n;
}

int xq_record_line_move(const xq_record *r, int index, xq_move *move)
{
    if (!record_ok(r) || !move || index < 0)
        return XQ_EINVAL;
    if (index < rec_ply(r)) {
        *move = r->board.hist[index].move;
        return XQ_OK;
    }
    int c = r->nodes[rec_cur(r)].child;
    for (int i = rec_ply(r); c != NODE_NONE && i < index; i++)
        c = r->nodes[c].child;
    if (c == NODE_NONE)
        return XQ_EINVAL;
    *move = r->nodes[c].move;
    return XQ_OK;
}

int xq_record_mainline_size(const xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int n = 0;
    for (int c = r->nodes[0].child; c != NODE_NONE; c = r->nodes[c].child)
        n++;
    return n;
}

int xq_record_mainline_move(const xq_record *r, int index, xq_move *move)
{
    if (!record_ok(r) || !move || index < 0)
        return XQ_EINVAL;
    int c = r->nodes[0].child;
    for (int i = 0; c != NODE_NONE && i < index; i++)
        c = r->nodes[c].child;
    if (c == NODE_NONE)
        return XQ_EINVAL;
    *move = r->nodes[c].move;
    return XQ_OK;
}

int xq_record_back(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    if (rec_ply(r) == 0)
        return XQ_ESTATE;
    xq__record_back(r);
    return XQ_OK;
}

int xq_record_forward(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int c = r->nodes[rec_cur(r)].child;
    if (c == NODE_NONE)
        return XQ_ESTATE;
    return xq__record_enter(r, c);
}

int xq_record_goto(xq_record *r, int ply)
{
    if (!record_ok(r) || ply < 0)
        return XQ_EINVAL;
    int size = xq_record_line_size(r);
    if (ply > size)
        return XQ_EINVAL;
    if (!reserve_ply(r, ply))
        return XQ_ENOMEM;
    while (rec_ply(r) > ply)
        xq__record_back(r);
    while (rec_ply(r) < ply)
        push(r, r->nodes[rec_cur(r)].child);
    return XQ_OK;
}

int xq_record_goto_end(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int size = xq_record_line_size(r);
    int rc = xq_record_goto(r, size);
    return rc < 0 ? rc : size;
}

int xq_record_variation_count(const xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int n = 0;
    for (int c = r->nodes[rec_cur(r)].child; c != NODE_NONE; c = r->nodes[c].sibling)
        n++;
    return n;
}

static int nth_child(const xq_record *r, int index)
{
    int c = r->nodes[rec_cur(r)].child;
    for (int i = 0; c != NODE_NONE && i < index; i++)
        c = r->nodes[c].sibling;
    return c;
}

int xq_record_variation_move(const xq_record *r, int index, xq_move *move)
{
    if (!record_ok(r) || !move || index < 0)
        return XQ_EINVAL;
    int c = nth_child(r, index);
    if (c == NODE_NONE)
        return XQ_EINVAL;
    *move = r->nodes[c].move;
    return XQ_OK;
}

int xq_record_enter_variation(xq_record *r, int index)
{
    if (!record_ok(r) || index < 0)
        return XQ_EINVAL;
    int c = nth_child(r, index);
    if (c == NODE_NONE)
        return XQ_EINVAL;
    return xq__record_enter(r, c);
}

int xq_record_undo(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    if (rec_ply(r) == 0)
        return XQ_ESTATE;
    if (XQ__GROW_INT(r->redo, r->redo_cap, r->nredo + 1) != XQ_OK)
        return XQ_ENOMEM;
    r->redo[r->nredo++] = rec_cur(r);
    xq__record_back(r);
    return XQ_OK;
}

int xq_record_redo(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    if (r->nredo == 0)
        return XQ_ESTATE;
    int n = r->redo[r->nredo - 1];
    if (r->nodes[n].parent != rec_cur(r))
        return XQ_ESTATE;
    int rc = xq__record_enter(r, n);
    if (rc == XQ_OK)
        r->nredo--;
    return rc;
}

/* ---- public: annotations ---- */

static int get_text(const char *s, char *buf, size_t cap)
{
    return xq__copy_out(s ? s : "", s ? strlen(s) : 0, buf, cap);
}

static int is_blank_char(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Set a comment from the API: UTF-8 without '}' (a PGN brace comment ends
 * there), at most XQ_RECORD_MAX_TEXT bytes; stored without the blanks at
 * its ends and with CR LF as LF, as the PGN reader would read it back. */
static int set_text(xq_record *r, int node, int before, const char *text)
{
    size_t n = text ? strlen(text) : 0;
    if (text && (!xq__utf8_valid(text, n) || memchr(text, '}', n) || n > XQ_RECORD_MAX_TEXT))
        return XQ_EINVAL;
    while (n && is_blank_char(*text))
        text++, n--;
    while (n && is_blank_char(text[n - 1]))
        n--;
    if (!n) {
        if (r->nodes[node].ann >= 0)
            text_free(before ? &r->anns[r->nodes[node].ann].pre : &r->anns[r->nodes[node].ann].comment);
        return XQ_OK;
    }
    rtext t = {0};
    int rc = text_append(&t, text, n);
    rann *a = rc == XQ_OK ? ann_of(r, node) : NULL;
    if (!a) {
        text_free(&t);
        return rc == XQ_OK || rc == XQ_ENOMEM ? XQ_ENOMEM : XQ_EINVAL;
    }
    rtext *slot = before ? &a->pre : &a->comment;
    text_free(slot);
    *slot = t;
    return XQ_OK;
}

int xq__record_append_comment(xq_record *r, int node, int before, const char *s, size_t n)
{
    while (n && is_blank_char(*s)) /* as the PGN reader reads a comment */
        s++, n--;
    while (n && is_blank_char(s[n - 1]))
        n--;
    if (!n)
        return XQ_OK;
    if (before && node != 0 && r->nodes[r->nodes[node].parent].child == node) {
        node = r->nodes[node].parent; /* a main continuation: the parent's comment */
        before = 0;
    }
    rann *a = ann_of(r, node);
    if (!a)
        return XQ_ENOMEM;
    return text_append(before ? &a->pre : &a->comment, s, n);
}

int xq_record_comment(const xq_record *r, char *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap))
        return XQ_EINVAL;
    return get_text(node_comment(r, rec_cur(r)), buf, cap);
}

int xq_record_set_comment(xq_record *r, const char *text)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    return set_text(r, rec_cur(r), 0, text);
}

int xq_record_comment_before(const xq_record *r, char *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap))
        return XQ_EINVAL;
    return get_text(node_pre(r, rec_cur(r)), buf, cap);
}

int xq_record_set_comment_before(xq_record *r, const char *text)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    int cur = rec_cur(r);
    if (rec_ply(r) == 0 || r->nodes[r->nodes[cur].parent].child == cur)
        return XQ_ESTATE; /* the start, or a main continuation: use the previous move's comment */
    return set_text(r, cur, 1, text);
}

int xq_record_nag_count(const xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    const rann *a = node_ann(r, rec_cur(r));
    return a ? a->nnag : 0;
}

int xq_record_nag(const xq_record *r, int index)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    const rann *a = node_ann(r, rec_cur(r));
    if (!a || index < 0 || index >= a->nnag)
        return XQ_EINVAL;
    return a->nags[index];
}

int xq__record_node_add_nag(xq_record *r, int node, int nag)
{
    rann *x = ann_of(r, node);
    if (!x)
        return XQ_ENOMEM;
    for (int i = 0; i < x->nnag; i++)
        if (x->nags[i] == nag)
            return XQ_OK;
    if (x->nnag < XQ_RECORD_MAX_NAGS)
        x->nags[x->nnag++] = (uint8_t)nag;
    return XQ_OK;
}

int xq_record_add_nag(xq_record *r, int nag)
{
    if (!record_ok(r) || nag < 0 || nag > 255)
        return XQ_EINVAL;
    if (rec_ply(r) == 0)
        return XQ_ESTATE;
    const rann *c = node_ann(r, rec_cur(r));
    if (c) {
        for (int i = 0; i < c->nnag; i++)
            if (c->nags[i] == nag)
                return XQ_OK;
        if (c->nnag >= XQ_RECORD_MAX_NAGS)
            return XQ_ESTATE;
    }
    return xq__record_node_add_nag(r, rec_cur(r), nag);
}

int xq_record_clear_nags(xq_record *r)
{
    if (!record_ok(r))
        return XQ_EINVAL;
    if (r->nodes[rec_cur(r)].ann >= 0)
        r->anns[r->nodes[rec_cur(r)].ann].nnag = 0;
    return XQ_OK;
}

/* ---- public: the whole tree in one buffer ---- */

static unsigned char *put32(unsigned char *p, uint32_t v)
{
    xq__wr32(p, v);
    return p + 4;
}

/* The node after n in depth-first order (continuations in order), or
 * NODE_NONE after the last. */
static int next_preorder(const xq_record *r, int n)
{
    if (r->nodes[n].child != NODE_NONE)
        return r->nodes[n].child;
    while (n != 0 && r->nodes[n].sibling == NODE_NONE)
        n = r->nodes[n].parent;
    return n == 0 ? NODE_NONE : r->nodes[n].sibling;
}

int xq_record_tree(const xq_record *r, void *buf, size_t cap)
{
    if (!record_ok(r) || (!buf && cap))
        return XQ_EINVAL;
    size_t size = 4, count = 0;
    for (int n = 0; n != NODE_NONE; n = next_preorder(r, n)) {
        const rann *a = node_ann(r, n);
        size += XQ_RECORD_TREE_NODE_SIZE + (a ? (size_t)a->comment.n + a->pre.n : 0);
        count++;
        if (size > INT_MAX)
            return XQ_ENOMEM;
    }
    if (cap < size)
        return (int)size;
    /* the record index of each node, for its children's parent field */
    int32_t *order = malloc((size_t)r->nnodes * sizeof *order);
    if (!order)
        return XQ_ENOMEM;
    unsigned char *p = put32(buf, (uint32_t)count);
    unsigned char *text = p + count * XQ_RECORD_TREE_NODE_SIZE;
    int32_t index = 0;
    for (int n = 0; n != NODE_NONE; n = next_preorder(r, n)) {
        const rnode *node = &r->nodes[n];
        const rann *a = node_ann(r, n);
        order[n] = index++;
        p = put32(p, n == 0 ? UINT32_MAX : (uint32_t)order[node->parent]);
        p = put32(p, (uint32_t)node->move);
        p = put32(p, a ? a->comment.n : 0);
        p = put32(p, a ? a->pre.n : 0);
        p = put32(p, a ? a->nnag : 0);
        memset(p, 0, XQ_RECORD_MAX_NAGS);
        if (a)
            memcpy(p, a->nags, a->nnag);
        p += XQ_RECORD_MAX_NAGS;
        if (a && a->comment.n) {
            memcpy(text, a->comment.p, a->comment.n);
            text += a->comment.n;
        }
        if (a && a->pre.n) {
            memcpy(text, a->pre.p, a->pre.n);
            text += a->pre.n;
        }
    }
    free(order);
    return (int)size;
}
