/* SPDX-License-Identifier: MIT */
/* xq-match: the engines' processes. Spawning an engine with pipes to its
 * standard input and output, the UCI or UCCI handshake, sending lines,
 * reading lines with a deadline, quitting and killing. The match logic (the
 * games, the referee, the results) is main.c. */
#ifndef XQ_MATCH_ENGINE_H
#define XQ_MATCH_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define MAX_ARGS 32                /* arg= settings of an engine */
#define MAX_OPTS 32                /* option.NAME= settings of an engine */
#define LINE_MAX_LEN 8192          /* longest engine line kept (longer ones are cut) */
#define HANDSHAKE_TIMEOUT_MS 10000 /* uciok / readyok must come within this */

/* An engine as -engine gave it. */
typedef struct engine_cfg {
    char *cmd;
    char *args[MAX_ARGS];
    int nargs;
    char *name;
    int ucci;          /* speaks UCCI instead of UCI */
    int ranks1;        /* numbers ranks 1-10 (Fairy-Stockfish, Sjaak) */
    int fen_he;        /* wants H/E for horse/elephant in FENs */
    char *opt_name[MAX_OPTS], *opt_value[MAX_OPTS];
    int nopts;
} engine_cfg;

/* A running engine: its process, its pipes and what it sent that was not read yet. */
typedef struct engine {
    const engine_cfg *c;
    pid_t pid;
    int in, out; /* our ends: write to in, read from out */
    char buf[1 << 16];
    size_t len;
    int dead;
} engine;

/* Milliseconds of a monotonic clock (the deadlines of eng_read()). */
int64_t now_ms(void);

/*
 * Starts the engine of c and shakes hands: uci/uciok (ucci/ucciok), its options,
 * isready/readyok, each answer within HANDSHAKE_TIMEOUT_MS. 0, or -1 with the reason
 * in why ("cannot run 'x': No such file or directory", "exited with status 1 before
 * answering 'uci' with 'uciok'", "did not answer ...") and nothing left running.
 */
int eng_start(engine *e, const engine_cfg *c, char *why, size_t whycap);

/* Sends one line (a newline is added); 0, or -1 when the engine is gone (or the
 * line is longer than 16 KiB). */
int eng_send(engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads one line into out (NUL-terminated, without its newline or CR; cut to cap)
 * by deadline (now_ms() clock). 1: a line, 0: the deadline passed, -1: the engine
 * is gone (after every line it sent was read). */
int eng_read(engine *e, char *out, size_t cap, int64_t deadline);

/* Reads lines until one starts with the word `word`; 0, -1 when the engine is
 * gone, -2 after timeout_ms. */
int eng_expect(engine *e, const char *word, int timeout_ms);

/* Sends quit, gives the engine a second to exit, then kills it. */
void eng_quit(engine *e);

/* Kills the engine (SIGKILL), reaps it and closes the pipes; e is then dead. */
void eng_kill(engine *e);

#endif
