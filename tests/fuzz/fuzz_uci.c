/* SPDX-License-Identifier: MIT */
/* xq-uci's command interpreter (programs/uci/protocol.c): the input, split
 * into lines, goes to uci_execute(), the function the program's input loop
 * calls, on an engine made afresh for each input. Every command runs as in
 * the program, but bounded: after each line the background job (a search,
 * go perft) is stopped and joined, and the lines that would make the run
 * slow or reach outside (bench; the options naming files, and Hash and
 * Threads, whose large values allocate gigabytes or start hundreds of
 * threads) are left out. The output goes to /dev/null. */
#include <ctype.h>

#include "fuzz_common.h"
#include "uci.h"

enum { MAX_LINES = 64, MAX_LINE = 4096 };

/* Words of a line the harness leaves out (case-insensitive substrings). */
static const char *const skipped[] = {"bench", "file", "path", "hash", "thread"};

static int skip_line(const char *line)
{
    char low[MAX_LINE];
    size_t n = 0;
    for (; line[n] && n + 1 < sizeof low; n++)
        low[n] = (char)tolower((unsigned char)line[n]);
    low[n] = 0;
    for (size_t i = 0; i < sizeof skipped / sizeof *skipped; i++)
        if (strstr(low, skipped[i]))
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink) {
        sink = fopen("/dev/null", "w");
        FUZZ_ASSERT(sink);
        uci_set_output(sink);
    }
    engine e;
    FUZZ_ASSERT(uci_engine_init(&e) == 0);
    char line[MAX_LINE];
    size_t at = 0;
    for (int lines = 0; at < size && lines < MAX_LINES; lines++) {
        size_t n = 0;
        while (at < size && data[at] != '\n') {
            if (n + 1 < sizeof line && data[at] != 0)
                line[n++] = (char)data[at];
            at++;
        }
        at++; /* the newline */
        line[n] = 0;
        if (skip_line(line))
            continue;
        const int go_on = uci_execute(&e, line);
        finish_search(&e, 1);
        if (!go_on)
            break;
    }
    finish_search(&e, 1);
    uci_engine_free(&e);
    return 0;
}
