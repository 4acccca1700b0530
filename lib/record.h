/* struct xq_record: a game tree with tags and a cursor (internal layout),
 * shared by the record API and the PGN, XQF and DhtmlXQ readers. */
#ifndef XQ_RECORD_H
#define XQ_RECORD_H

#include "board.h"

#define XQ_RECORD_MAGIC 0x58515243u /* "XQRC" */
#define NODE_NONE (-1)

typedef struct rnode {
    xq_move move;     /* XQ_MOVE_NONE for the root */
    uint8_t nnag;
    uint8_t nags[XQ_RECORD_MAX_NAGS];
    int32_t parent;   /* NODE_NONE for the root; -2 for a free node */
    int32_t child;    /* first continuation (main line) */
    int32_t sibling;  /* next continuation of the parent (a variation) */
    char *comment;    /* after the move (root: before the game) */
    char *pre;        /* before the move */
} rnode;

typedef struct rtag {
    char *name, *value;
} rtag;

struct xq_record {
    uint32_t magic;
    rnode *nodes;
    int nnodes, node_cap, free_list;
    pos_t start;
    xq_board board;   /* position at the cursor; history = path from the root */
    int32_t *path;    /* path[0..ply]: node indices from the root to the cursor */
    int path_cap;
    int32_t *redo;
    int nredo, redo_cap;
    rtag *tags;
    int ntags, tag_cap;
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
/* Append text to a node's comment (or pre-comment), separated by a space. */
int xq__record_append_comment(xq_record *r, int node, int before, const char *s, size_t n);
/* Add a NAG to a node (ignored beyond the maximum). */
void xq__record_node_add_nag(xq_record *r, int node, int nag);
/* Set a tag without the FEN special case; value of length n. */
int xq__record_set_tag_raw(xq_record *r, const char *name, const char *value, size_t n);
/* Value of a tag or NULL. */
const char *xq__record_get_tag(const xq_record *r, const char *name);

#endif
