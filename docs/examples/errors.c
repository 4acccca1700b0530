/* SPDX-License-Identifier: MIT */
/* Error handling: status codes, xq_strerror() and the detail of a parse error. */
#include <stdio.h>
#include <xiangqi/xiangqi.h>

int main(void)
{
    xq_board *board;
    xq_parse_error err;
    int rc = xq_board_new(&board, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
                          &err);
    if (rc != XQ_OK) /* board is NULL here */
        printf("rejected: %s at offset %d: %s\n", xq_strerror(rc), err.offset, err.message);

    xq_board_new(&board, NULL, NULL);
    xq_move move;
    xq_move_parse("h2h8", &move); /* well-formed, but a cannon needs a screen to capture */
    rc = xq_board_make_move(board, move);
    if (rc == XQ_EILLEGAL)
        printf("h2h8: %s; the board is unchanged\n", xq_strerror(rc));
    rc = xq_board_unmake_move(board, NULL);
    printf("undo with an empty history: %s\n", xq_strerror(rc));
    xq_board_free(board);
    xq_board_free(NULL); /* harmless */
    return 0;
}
