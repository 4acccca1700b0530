/* SPDX-License-Identifier: MIT */
/* A whole Xiangqi game against the engine in one file: the smallest player
 * that uses the public API the way an application does.
 *
 *   minimal_player [--black] [--movetime MS]
 *
 * You play Red (or Black with --black); type moves in any notation the
 * library reads (h2e2, C2.5, 炮二平五), "undo" to take back your last move
 * with the engine's reply, "quit" to stop. The game ends by the AXF rules
 * (checkmate, stalemate, repetition, the move limit), as the library judges.
 * The full player with levels, hints, clocks, records and network play is
 * examples/play (installed as `xiangqi`).
 *
 * Build: cc main.c $(pkg-config --cflags --libs xiangqi)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xiangqi/xiangqi.h>

/* The engine's thinking time per move when --movetime is not given. */
#define DEFAULT_MOVETIME_MS 500

/* Print the board from Red's side: ranks 9 (Black's back rank) down to 0. */
static void show(const xq_board *board)
{
    for (int rank = 9; rank >= 0; rank--) {
        printf("%d  ", rank);
        for (int file = 0; file < 9; file++) {
            int piece = xq_board_piece_at(board, xq_square(file, rank));
            printf("%c ", piece > 0 ? xq_piece_char(piece) : '.');
        }
        printf("\n");
    }
    printf("   a b c d e f g h i\n");
}

/* The game's result in one line when it is over; 0 while it goes on. */
static int game_over(const xq_board *board)
{
    xq_outcome outcome;
    char text[256];

    if (xq_board_outcome(board, NULL, &outcome) <= XQ_RESULT_ONGOING)
        return 0;
    xq_outcome_format(&outcome, text, sizeof text);
    printf("Game over: %s\n", text);
    return 1;
}

/* Let the engine choose and play a move. */
static int engine_move(xq_board *board, xq_search *search, int movetime_ms)
{
    xq_search_limits limits;
    xq_search_result result;
    char text[XQ_MOVE_TEXT_MAX];
    int rc;

    xq_search_limits_init(&limits, XQ_SEARCH_LIMITS_VERSION);
    limits.movetime_ms = movetime_ms;
    rc = xq_search_run(search, board, &limits, &result);
    if (rc != XQ_OK) {
        fprintf(stderr, "search failed: %s\n", xq_strerror(rc));
        return rc;
    }
    xq_board_move_to_text(board, result.best_move, XQ_NOTATION_CHINESE, 0, text, sizeof text);
    printf("Engine plays %s (depth %d)\n", text, (int)result.depth);
    return xq_board_make_move(board, result.best_move);
}

/* Read the user's move (or command) and play it. Returns 1 when a move was
 * played, 0 to ask again, -1 to stop. */
static int user_move(xq_board *board)
{
    char line[256];
    xq_move move;
    xq_parse_error err;

    printf("Your move: ");
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin))
        return -1;
    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, "quit") == 0)
        return -1;
    if (strcmp(line, "undo") == 0) {
        /* Take back the engine's reply and the user's move before it. */
        if (xq_board_history_size(board) < 2) {
            printf("Nothing to take back.\n");
        } else {
            xq_board_unmake_move(board, NULL);
            xq_board_unmake_move(board, NULL);
            show(board);
        }
        return 0;
    }
    if (xq_board_move_from_text(board, line, XQ_NOTATION_AUTO, 0, &move, &err) != XQ_OK) {
        printf("Not a legal move: %s\n", err.message);
        return 0;
    }
    return xq_board_make_move(board, move) == XQ_OK ? 1 : 0;
}

int main(int argc, char **argv)
{
    int user = XQ_RED, movetime_ms = DEFAULT_MOVETIME_MS, status = 0;
    xq_board *board = NULL;
    xq_search *search = NULL;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--black") == 0) {
            user = XQ_BLACK;
        } else if (strcmp(argv[i], "--movetime") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0) {
            movetime_ms = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: %s [--black] [--movetime MS]\n", argv[0]);
            return 2;
        }
    }
    if (xq_board_new(&board, NULL, NULL) != XQ_OK || xq_search_new(&search, NULL) != XQ_OK) {
        fprintf(stderr, "out of memory\n");
        xq_board_free(board);
        return 1;
    }
    show(board);
    while (!game_over(board)) {
        if (xq_board_side_to_move(board) == user) {
            int played = user_move(board);
            if (played < 0)
                break;
            if (played == 0)
                continue;
        } else if (engine_move(board, search, movetime_ms) != XQ_OK) {
            status = 1;
            break;
        }
        show(board);
    }
    xq_search_free(search);
    xq_board_free(board);
    return status;
}
