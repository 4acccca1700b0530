/* SPDX-License-Identifier: MIT */
/* Draw a position as SVG: the opening 炮二平五 马８进７ with an arrow for
 * Red's next move, Black at the bottom. Writes the picture to stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <xiangqi/xiangqi.h>

int main(void)
{
    xq_board *board;
    xq_move move, arrow;
    if (xq_board_new(&board, NULL, NULL) != XQ_OK)
        return 1;
    xq_move_parse("h2e2", &move);
    xq_board_make_move(board, move);
    xq_move_parse("h9g7", &move);
    xq_board_make_move(board, move); /* shaded as the last move */

    xq_svg_options opt;
    xq_svg_options_init(&opt, XQ_SVG_OPTIONS_VERSION);
    opt.size = 360;
    opt.flip = 1;
    xq_move_parse("h0g2", &arrow);
    opt.arrows = &arrow;
    opt.arrow_count = 1;

    int n = xq_board_svg(board, &opt, NULL, 0); /* the length first */
    char *svg = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (!svg) {
        fprintf(stderr, "svg: %s\n", xq_strerror(n < 0 ? n : XQ_ENOMEM));
        xq_board_free(board);
        return 1;
    }
    xq_board_svg(board, &opt, svg, (size_t)n + 1);
    fputs(svg, stdout);
    free(svg);
    xq_board_free(board);
    return 0;
}
