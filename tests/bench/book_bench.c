/* SPDX-License-Identifier: MIT */
/* Opening book figures: build time from the 1125 master games of
 * tests/data (or the PGN files given), and the probe time of a book (the
 * built one, or BOOK with --book BOOK) over the positions of those games.
 *
 *   xq-book-bench [--book BOOK] [PGN...]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xiangqi/book.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const char *book_path = NULL;
    const char *files[64];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--book") && i + 1 < argc)
            book_path = argv[++i];
        else if (nfiles < 64)
            files[nfiles++] = argv[i];
    }
    if (!nfiles)
        files[nfiles++] = XQ_TEST_DATA "/games/liu-dahua-1125-uci.pgn";

    /* Build. */
    double t0 = now();
    xq_book_builder *b;
    if (xq_book_builder_new(&b, NULL) != XQ_OK)
        return 1;
    for (int i = 0; i < nfiles; i++) {
        xq_pgn_reader *rd;
        if (xq_pgn_reader_open(&rd, files[i], NULL, NULL) != XQ_OK) {
            fprintf(stderr, "cannot open %s\n", files[i]);
            return 1;
        }
        xq_book_builder_add_pgn(b, rd, NULL);
        xq_pgn_reader_free(rd);
    }
    xq_book *built;
    if (xq_book_builder_finish(b, &built) != XQ_OK)
        return 1;
    const double t_build = now() - t0;
    printf("build: %" PRId64 " games -> %" PRId64 " positions, %" PRId64 " moves in %.3f s\n",
           xq_book_builder_games(b), xq_book_position_count(built), xq_book_move_count(built),
           t_build);

    xq_book *book = built;
    if (book_path) {
        xq_parse_error err;
        t0 = now();
        if (xq_book_open(&book, book_path, &err) != XQ_OK) {
            fprintf(stderr, "%s\n", err.message);
            return 1;
        }
        size_t size;
        xq_book_data(book, &size);
        printf("open: %s, %zu bytes, %" PRId64 " positions, %" PRId64 " moves, checked in %.3f s\n",
               book_path, size, xq_book_position_count(book), xq_book_move_count(book),
               now() - t0);
    }

    /* Probe every position of the first 40 plies of the games, 5 rounds. */
    enum { ROUNDS = 5, PLIES = 40 };
    xq_board **boards = NULL;
    size_t nboards = 0, cap = 0;
    for (int i = 0; i < nfiles; i++) {
        xq_pgn_reader *rd;
        xq_record *rec;
        xq_pgn_reader_open(&rd, files[i], NULL, NULL);
        xq_record_new(&rec, NULL, NULL);
        while (xq_pgn_reader_next(rd, rec, NULL) != 0) {
            for (int p = 0; p < PLIES && p <= xq_record_mainline_size(rec); p++) {
                if (xq_record_goto(rec, p) != XQ_OK)
                    break;
                if (nboards == cap) {
                    cap = cap ? 2 * cap : 4096;
                    boards = realloc(boards, cap * sizeof *boards);
                }
                xq_board_clone(&boards[nboards++], xq_record_board(rec));
            }
        }
        xq_record_free(rec);
        xq_pgn_reader_free(rd);
    }
    xq_book_entry e[XQ_MAX_MOVES];
    uint64_t hits = 0, moves = 0;
    t0 = now();
    for (int r = 0; r < ROUNDS; r++)
        for (size_t i = 0; i < nboards; i++) {
            const int n = xq_book_probe(book, boards[i], e, XQ_MAX_MOVES);
            hits += n > 0;
            moves += (uint64_t)n;
        }
    const double t_probe = now() - t0;
    const double probes = (double)nboards * ROUNDS;
    printf("probe: %.0f probes (%.1f%% in the book, %.1f moves per hit) in %.3f s: %.2f us per probe\n",
           probes, 100.0 * (double)hits / probes, hits ? (double)moves / (double)hits : 0.0,
           t_probe, 1e6 * t_probe / probes);
    xq_move m;
    uint64_t picked = 0;
    t0 = now();
    for (size_t i = 0; i < nboards; i++)
        picked += xq_book_pick(book, boards[i], NULL, i, 0, &m) == XQ_OK;
    const double t_pick = now() - t0;
    printf("pick: %zu picks (%" PRIu64 " moves) in %.3f s: %.2f us per pick\n", nboards, picked,
           t_pick, 1e6 * t_pick / (double)nboards);
    for (size_t i = 0; i < nboards; i++)
        xq_board_free(boards[i]);
    free(boards);
    if (book != built)
        xq_book_free(book);
    xq_book_free(built);
    xq_book_builder_free(b);
    return 0;
}
