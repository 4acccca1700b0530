/* SPDX-License-Identifier: MIT */
/* xq-uci: the limits of a `go` command, read apart from starting the search
 * (UCI and UCCI words; see docs/engine.md). */
#ifndef XQ_UCI_GO_H
#define XQ_UCI_GO_H

#include <stddef.h>

#include <xiangqi/xiangqi.h>

/* Reads a move as the GUI writes it (ICCS, ranks 0-9 or 1-10): XQ_OK or an error. */
typedef int (*go_move_reader)(const void *ctx, const char *text, xq_move *out);

/* How to read a go command's words. */
typedef struct go_context {
    int side_to_move;        /* XQ_RED or XQ_BLACK: whose clock "time"/"opptime" set (UCCI) */
    int unit_ms;             /* milliseconds per time unit of the GUI: 1 (UCI), 1000 (UCCI
                                seconds, unless its option usemillisec) */
    go_move_reader read_move; /* for searchmoves */
    const void *ctx;          /* passed to read_move */
} go_context;

/* What a go command asks for. */
enum {
    GO_SEARCH = 0, /* a search with the limits read */
    GO_PERFT = 1,  /* go perft N: the leaf counts to depth *perft_depth */
    GO_ERROR = -1  /* a bad word: the message is in err, nothing is started */
};

/*
 * Reads the words after "go" (words[0..n)) into lim, which the caller has set up
 * (xq_search_limits_init() and the engine's own settings: MultiPV, skill, ...).
 * Numbers: depth 1..XQ_SEARCH_MAX_DEPTH (UCCI "depth infinite" is infinite), nodes
 * >= 1, movetime >= 0 (0 counts as 1 ms), mate 1..XQ_SEARCH_MAX_DEPTH/2, movestogo
 * 0..100000; clocks (wtime btime winc binc, UCCI time opptime increment
 * oppincrement) in unit_ms, clamped to 0..INT32_MAX ms; searchmoves takes the moves
 * that follow while they read as moves. Returns GO_SEARCH, GO_PERFT (words after
 * "perft N" are not read) or GO_ERROR with the message in err ("go depth needs a
 * number in 1..100", "unknown go parameter 'x'").
 */
int go_parse(const go_context *c, char *const *words, int n, xq_search_limits *lim,
             int *perft_depth, char *err, size_t cap);

/* A whole decimal number in [lo, hi] (no blanks); 1 on success, 0 (also for NULL). */
int go_parse_number(const char *s, long long lo, long long hi, long long *out);

#endif
