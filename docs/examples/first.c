/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <xiangqi/xiangqi.h>

int main(void)
{
    xq_board *board;
    xq_move move;
    char fen[XQ_FEN_MAX];

    if (xq_board_new(&board, NULL, NULL) != XQ_OK) /* the start position */
        return 1;
    xq_move_parse("h2e2", &move);                   /* 炮二平五 */
    if (xq_board_make_move(board, move) != XQ_OK)
        return 1;
    xq_board_fen(board, fen, sizeof fen);
    printf("%s\n%d legal replies\n", fen, xq_board_generate_moves(board, NULL, 0));
    xq_board_free(board);
    return 0;
}
