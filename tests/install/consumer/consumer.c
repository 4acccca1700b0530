/* SPDX-License-Identifier: MIT */
/* A tiny program built against an installed libxiangqi. */
#include <stdio.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

int main(void)
{
    xq_board *b;
    uint64_t nodes;
    if (xq_version() != XQ_VERSION_NUMBER)
        return 1;
    if (xq_board_new(&b, NULL, NULL) != XQ_OK)
        return 1;
    if (xq_perft(b, 3, &nodes) != XQ_OK || nodes != 79666)
        return 1;
    xq_board_free(b);
    printf("consumer ok: %s, perft(3) = %llu\n", xq_version_string(), (unsigned long long)nodes);
    return 0;
}
