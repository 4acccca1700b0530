/* SPDX-License-Identifier: MIT */
/* struct xq_record: a game tree with tags and a cursor (internal layout),
 * shared by the record API and the PGN, XQF and DhtmlXQ readers. */
#ifndef XQ_RECORD_H
#define XQ_RECORD_H

#include "core/board.h"

#define XQ_RECORD_MAGIC 0x58515243u /* "XQRC" */
#define NODE_NONE (-1)

/* Text of a comment: NUL-terminated, with its length and capacity (so that
 * appending is amortised constant time). */
typedef struct rtext {
    char *p;
    uint32_t n, cap;
} rtext;

/* The annotations of a node, kept apart from the tree (most moves have none). */
typedef struct rann {
    rtext comment;    /* after the move (root: before the game) */
    rtext pre;        /* before the move: only on a variation's first move */
    int32_t next_free; /* free list link while unused */
    uint8_t nnag;
    uint8_t nags[XQ_RECORD_MAX_NAGS];
} rann;

/* 20 bytes a move: the tree links, the move and the annotation index. */
typedef struct rnode {
    int32_t parent;   /* NODE_NONE for the root; -2 for a free node */
    int32_t child;    /* first continuation (main line) */
    int32_t sibling;  /* next continuation of the parent (a variation) */
    int32_t ann;      /* index in anns, or NODE_NONE */
    xq_move move;     /* XQ_MOVE_NONE for the root */
} rnode;

typedef struct rtag {
    char *name, *value;
} rtag;

struct xq_record {
    uint32_t magic;
    rnode *nodes;
    int nnodes, node_cap, free_list;
    rann *anns;
    int nanns, ann_cap, ann_free;
    pos_t start;
    xq_board board;   /* position at the cursor; history = path from the root */
    int32_t *path;    /* path[0..ply]: node indices from the root to the cursor */
    int path_cap;
    int32_t *redo;
    int nredo, redo_cap;
    rtag *tags;
    int ntags, tag_cap;
    int32_t *tag_index; /* open addressing: tag index + 1, 0 = empty; NULL while few tags */
    int tag_index_cap;
};

INLINE int record_ok(const xq_record *r) { return r && r->magic == XQ_RECORD_MAGIC; }
INLINE int rec_ply(const xq_record *r) { return r->board.nhist; }
INLINE int rec_cur(const xq_record *r) { return r->path[r->board.nhist]; }

/* Empty the tree and tags, set the start position (already validated). */
void xq__record_clear(xq_record *r, const pos_t *start);
/* Replace the start position of a record without moves; keeps the FEN tag in sync. */
int xq__record_set_start(xq_record *r, const pos_t *start);
/* Play a move known to be legal at the cursor (follow or add). Returns XQ_OK
 * or XQ_ENOMEM. */
int xq__record_play_legal(xq_record *r, xq_move m);
/* Cursor one ply back (no checks beyond ply > 0). */
void xq__record_back(xq_record *r);
/* Cursor into child node n of the cursor. */
int xq__record_enter(xq_record *r, int n);
/* Append text read from a file to a node's comment (before = 0) or to the
 * comment before its move (before = 1; on a main continuation, where PGN
 * has no place for it, it goes to the parent's comment), separated by a
 * space, without the blanks at its ends. NUL becomes U+FFFD, '}' the full-width U+FF5D, CR LF and CR a line
 * break. XQ_OK, XQ_ENOMEM, or XQ_EPARSE past XQ_RECORD_MAX_TEXT. */
int xq__record_append_comment(xq_record *r, int node, int before, const char *s, size_t n);
/* Add a NAG to a node (ignored beyond the maximum). XQ_OK or XQ_ENOMEM. */
int xq__record_node_add_nag(xq_record *r, int node, int nag);
/* Set a tag without the FEN special case; value of length n (NUL becomes
 * U+FFFD, line breaks spaces). XQ_OK, XQ_ENOMEM, or XQ_EPARSE past
 * XQ_RECORD_MAX_TEXT. */
int xq__record_set_tag_raw(xq_record *r, const char *name, const char *value, size_t n);
/* Value of a tag or NULL. */
const char *xq__record_get_tag(const xq_record *r, const char *name);
/* Exchange the contents of two records (for loaders that fail atomically). */
void xq__record_swap(xq_record *a, xq_record *b);

/* The annotations of a node, or NULL. */
INLINE const rann *node_ann(const xq_record *r, int n)
{
    int a = r->nodes[n].ann;
    return a < 0 ? NULL : &r->anns[a];
}
/* The comment after node n's move, or NULL. */
INLINE const char *node_comment(const xq_record *r, int n)
{
    const rann *a = node_ann(r, n);
    return a && a->comment.n ? a->comment.p : NULL;
}
/* The comment before node n's move, or NULL. */
INLINE const char *node_pre(const xq_record *r, int n)
{
    const rann *a = node_ann(r, n);
    return a && a->pre.n ? a->pre.p : NULL;
}

#endif
