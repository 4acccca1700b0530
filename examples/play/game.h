/* SPDX-License-Identifier: MIT */
/* xiangqi, the terminal player: the local game (game.c) and its commands
 * (commands.c), shared with main.c. Network play is remote.c (play.h). */
#ifndef XQ_PLAY_GAME_H
#define XQ_PLAY_GAME_H

#include <signal.h>
#include <stddef.h>

#include "cli.h"
#include "play.h"

#define LINE_MAX_LEN 1024
#define WHY_MAX 512 /* the reason a game ended, as text */
#define BOOK_PATH_MAX CLI_PATH_MAX /* a book or tables path */

enum { HUMAN = 0, ENGINE = 1 };

typedef struct game {
    xq_record *rec;             /* the game: its tags, its moves, the cursor at the position
                                   shown; moves taken back stay after the cursor for redo */
    int player[2];              /* HUMAN or ENGINE, by colour */
    int resigned;               /* colour that resigned + 1, or 0 */
    int announced;              /* the end of the game was announced */
    int paused;                 /* the engine does not move by itself until 'go' */
    int max_plies;              /* the engine stops moving by itself at this many plies; 0 = never */
    int quit;
    xq_rules rules;
    const char *rules_name;
    view_opts view;
    int interactive;            /* standard input is a terminal */
    int echo;                   /* echo the lines read (when input is not a terminal) */
    input_t in;
    engine_t eng;
    /* Who played each ply of the game, for the player tags: MOVER_HUMAN, an
     * engine level 0..XQ_SKILL_MAX, or MOVER_FILE (a loaded game's moves). */
    signed char *mover;
    size_t mover_cap;
    /* The opening book: level 20 and hints play its best move, the weaker
     * levels let the search pick one by weight (seeded, new seed each game). */
    xq_book *book;
    int book_on;
    char book_path[BOOK_PATH_MAX];
    /* Endgame tables (xq-egtb): the search plays their best moves and scores
     * the positions it finds in them exactly; hints name their result. */
    xq_egtb *egtb;
    char egtb_path[BOOK_PATH_MAX];
} game_t;

enum { MOVER_HUMAN = -1, MOVER_FILE = -2 };

/* "Red", "Black"; the notations by XQ_NOTATION_* ("auto", "iccs", ...); the
 * rule sets by XQ_RULES_* ("axf", "cxa", "simple", then NULL). */
extern const char *const side_name[2];
extern const char *const notation_name[4];
extern const char *const ruleset_name[4];

/* Set by SIGINT (main.c): the engine stops, the program ends. */
extern volatile sig_atomic_t interrupted;

/* ---- the game (game.c) ---- */

/* The position shown: the record's cursor. */
const xq_board *game_board(const game_t *g);
/* A line on standard output (flushed). */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A move of position b in the game's notation (ICCS when it cannot be written). */
void move_text(const game_t *g, const xq_board *b, xq_move m, char *buf, size_t cap);
/* XQ_NOTATION_ICCS..CHINESE of "iccs", "wxf", "chinese"; -1 for anything else. */
int parse_notation(const char *s);
/* XQ_RULES_* of "axf", "cxa", "simple"; -1 for anything else. */
int parse_ruleset(const char *s);
/* A whole decimal number in [lo, hi]; 1 on success. */
int parse_int(const char *s, long long lo, long long hi, long long *out);
/* Seconds from 0 to 86400 (a decimal number); 1 on success. */
int parse_seconds(const char *s, double *out);
/* Whether the game is over; *result and the reason as text in why. */
int game_over(const game_t *g, int *result, char *why, size_t cap);
/* Whether the game is over (by the rules or a resignation). */
int is_over(const game_t *g);
/* "1-0", "0-1", "1/2-1/2" or "*" of an XQ_RESULT_*. */
const char *result_text(int result);
/* Draws the board and announces the end of the game once. */
void show(game_t *g);
/* Play a move. The move undo took back next is replayed with xq_record_redo()
 * (the rest of what undo took back stays for redo); any other move forgets the
 * moves taken back (the record keeps one line: the game as played). */
int play(game_t *g, xq_move m, int who);
/* "Level N: ..." in words. */
void describe_level(int level);
/* The engine's limits per move in words. */
void describe_limits(const game_t *g);
/* The moves the rules forbid here (completing a forbidden repetition),
 * unless every legal move is forbidden (then the side has lost anyway). */
int banned_moves(const game_t *g, xq_move *ban);
/* Search the position; returns THINK_* and fills res. */
int search(game_t *g, int full_strength, xq_search_result *res);
/* "depth 12, score (Red) +0.35, 1.2 Mnodes" of a search's result. */
void result_summary(const game_t *g, const xq_search_result *r, char *buf, size_t cap);
/* The best book move here (the heaviest one the rules allow, that repeats no
 * position), with its counts; 0 when there is none or the book is off. */
int book_best(const game_t *g, xq_book_entry *out);
/* "book: 1234 games, +500 =400 -334, score 55.1%" */
void book_entry_text(const xq_book_entry *e, char *buf, size_t cap);
/* Open a book file as the game's book; on failure the old book stays and
 * why says what is wrong. */
int open_book(game_t *g, const char *path, char *why, size_t cap);
/* Open a directory of tables as the game's tables; on failure the old ones
 * stay and why says what is wrong. */
int open_egtb(game_t *g, const char *dir, char *why, size_t cap);
/* No endgame tables any more. */
void close_egtb(game_t *g);
/* Which tables the game uses, in words. */
void describe_egtb(const game_t *g);
/* The tables' result here: "win, mate in 5 plies", "draw", "loss, mated in
 * 4 plies"; 0 when no table covers the position. */
int egtb_result(const game_t *g, int *wdl, char *buf, size_t cap);
/* The hint from the tables: their result and best moves (those the rules
 * allow here). Returns 1 when it is the whole hint (a win or a loss), 0 when
 * the engine should still search (a draw: which drawing move is the best try
 * is the search's job; it keeps to the table's moves), -1 when no table
 * covers the position. */
int egtb_hint(game_t *g, const xq_move *ban, int nban);
/* Which book the game uses, in words. */
void describe_book(const game_t *g);
/* The book moves of the position, as xq-book probe lists them. */
void list_book_moves(game_t *g);
/* The engine plays the side to move. */
void engine_play(game_t *g);
/* Whether the engine should move now by itself. */
int engine_turn(game_t *g);
/* A new game in g->rec: no resignation, no pause, the engine's tables cleared. */
void reset_game(game_t *g);
/* Read a game file and continue from the end of its main line. */
int load_game(game_t *g, const char *path);

/* ---- the commands (commands.c) ---- */

/* One typed line: a command of the table (help lists them), else a move. */
void handle_line(game_t *g, char *line);

#endif
