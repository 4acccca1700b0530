/* SPDX-License-Identifier: MIT */
/* The built-in engine for games against it: searches on engine threads,
 * their results queued as events that the game module consumes in the loop.
 * The engine knows boards and rules, not games: a request names its game
 * only by the numbers it gets back. */
#ifndef XQ_SERVER_ENGINE_H
#define XQ_SERVER_ENGINE_H

#include <stdint.h>
#include <xiangqi/xiangqi.h>

/* A search's result: the game and generation of its request, and the move
 * (XQ_MOVE_NONE: none was found). */
typedef struct engine_result {
    int64_t gid;
    uint32_t gen;
    xq_move move;
} engine_result;
typedef void (*engine_result_fn)(const engine_result *r, void *arg);

int engine_init(int threads); /* 0, or -1 when the threads cannot start */
void engine_shutdown(void);   /* the results still queued are dropped */
/* Tests (the fuzz harnesses of tests/fuzz): every search stops at this depth
 * as well as by its time (0, the default: by time only), so that a game
 * against the engine costs a harness little time and plays the same moves. */
void engine_set_depth(int depth);
/* The consumer of the results: fn(r, arg) in the loop, one event at a time,
 * in the order the searches ended. */
void engine_on_result(engine_result_fn fn, void *arg);
/* Ask for a move (the board and rules are copied); its result is queued. */
int engine_request(int64_t gid, uint32_t gen, const xq_board *b, const xq_rules *rules, int level,
                   int64_t my_ms, int64_t opp_ms, int64_t inc_ms);

#endif
