/* SPDX-License-Identifier: MIT */
/* xq-uci: the engine's state and what its files share (main.c: the command
 * line and the input loop, protocol.c: the protocol's commands and output,
 * options.c: the options, go.c: the go command's limits, jobs.c: the
 * background search, perft and bench, moves.c: the GUI's move numbering). */
#ifndef XQ_UCI_H
#define XQ_UCI_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
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
    char eval_file[MAX_OPTION_TEXT];  /* EvalFile: the net loaded; empty: none */
    int default_eval;                 /* a new search's evaluation (XQ_EVAL_*): Eval's default */
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

/* One line on standard output (or the uci_set_output() file), whole (the
 * reader and the search thread both write). */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Where say() writes; NULL: standard output. */
void uci_set_output(FILE *f);

/* A new engine's state (a search handle, the start position, the default
 * options); 0, or -1 when the handles cannot be made. uci_engine_free()
 * releases it (after finish_search()). */
int uci_engine_init(engine *e);
void uci_engine_free(engine *e);

/* Executes one command line (split in place); returns 0 after quit, 1
 * otherwise. An unknown or bad command is an "info string error" line. */
int uci_execute(engine *e, char *line);

/* A move as the GUI reads it, at most this long with its NUL. */
#define MOVE_TEXT_MAX (XQ_MOVE_STR_MAX + 2)

/* A move as the GUI reads it: ICCS, ranks 0-9, or ranks 1-10 (a10a9) after
 * setoption Ranks 1-10; "0000" for no move. buf holds MOVE_TEXT_MAX bytes. */
void format_move(const engine *e, xq_move m, char *buf);

/* A move from the GUI in the numbering chosen with option Ranks; XQ_OK or
 * XQ_EPARSE (not a move). Legality is the board's business. */
int parse_move(const engine *e, const char *text, xq_move *out);

/* Starts go's search with lim on e->search and its waiter (info lines, then
 * bestmove) on the job thread; 0, or -1 after an error line. */
int start_search(engine *e, const xq_search_limits *lim);

/* go perft depth on the job thread (the count per root move, then the total). */
void start_perft(engine *e, long long depth);

/* bench [depth] [threads] [hash] on the job thread: fixed-depth searches of
 * the bench positions on a handle of its own; the node count is the search's
 * signature. A bad argument is an error line. */
void start_bench(engine *e, const tokens *t);

/* Waits for the background job (search, perft, bench) to end, stopping it
 * first if stop; nothing when no job runs. */
void finish_search(engine *e, int stop);

/* Joins words [from, to) with single spaces into buf; 0, or -1 if they do not fit. */
int join_words(const tokens *t, int from, int to, char *buf, size_t cap);

/* The "option ..." lines of uci (ucci 0) or of ucci (ucci 1), from the tables. */
void list_options(const engine *e, int ucci);

/* setoption: UCI "setoption name N... [value V...]" or UCCI "setoption N [V]";
 * an unknown option, a bad value or a failure is an "info string error" line.
 * The caller stops a running search first. */
void set_option(engine *e, const tokens *t);

#endif
