/* SPDX-License-Identifier: MIT */
/* xq-uci: the engine's state and what its files share (main.c: the protocol,
 * options.c: the options, go.c: the go command's limits). */
#ifndef XQ_UCI_H
#define XQ_UCI_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <xiangqi/xiangqi.h>

/* The longest option name or value taken (longer: refused). */
#define MAX_OPTION_TEXT 256

/* What the background thread runs. */
enum { JOB_NONE, JOB_SEARCH, JOB_PERFT, JOB_BENCH };

typedef struct engine {
    xq_search *search;
    xq_board *board;
    int ucci;          /* the GUI said "ucci" */
    int ranks1;        /* moves read and written with ranks 1-10 (option Ranks) */
    int ucci_millisec; /* UCCI times in milliseconds (option usemillisec) */
    int threads, multipv, skill, overhead;
    size_t hash;
    uint64_t seed;
    int nban;
    xq_move ban[XQ_MAX_MOVES];
    int own_book;                     /* OwnBook (UCCI usebook) */
    char book_file[MAX_OPTION_TEXT];  /* BookFile (UCCI bookfiles) */
    xq_book *book;                    /* open while own_book */
    char egtb_path[MAX_OPTION_TEXT];  /* EGTBPath: endgame table directory */
    xq_egtb *egtb;                    /* open while egtb_path is set */
    uint64_t games;                   /* ucinewgame count: varies the book's choice */
    /* the background job: a search (its waiter prints bestmove), go perft or
     * bench; the input loop keeps reading while it runs */
    pthread_t waiter;
    int waiting;       /* a job thread exists and must be joined */
    int job;           /* JOB_* */
    pthread_mutex_t job_mu;
    int job_stop;          /* stop or quit asked (under job_mu) */
    xq_search *job_search; /* bench's own search handle (under job_mu) */
    xq_board *job_board;   /* go perft's copy of the position */
    int perft_depth;
    long long bench_depth, bench_threads, bench_hash;
} engine;

/* The words of a command line: every word, however many (no limit but memory). */
typedef struct tokens {
    char **v;
    int n, cap;
} tokens;

/* One line on standard output, whole (the reader and the search thread both write). */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Joins words [from, to) with single spaces into buf; 0, or -1 if they do not fit. */
int join_words(const tokens *t, int from, int to, char *buf, size_t cap);

/* The "option ..." lines of uci (ucci 0) or of ucci (ucci 1), from the tables. */
void list_options(const engine *e, int ucci);

/* setoption: UCI "setoption name N... [value V...]" or UCCI "setoption N [V]";
 * an unknown option, a bad value or a failure is an "info string error" line.
 * The caller stops a running search first. */
void set_option(engine *e, const tokens *t);

#endif
