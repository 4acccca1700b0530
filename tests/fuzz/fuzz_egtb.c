/* SPDX-License-Identifier: MIT */
/* Endgame table files (docs/endgames.md "File format"): a set of one table
 * file is opened or refused with a message through xq_egtb_open(). The
 * first input byte chooses how the file is made: even, the rest of the input
 * is the file of KRK, its two checksums (header at 120, entries at 104)
 * set right so the checks behind them are reached; odd, the real KRK table
 * (generated once, at the first input) with the input's bytes written over
 * it (pairs of offset and value: the header and the entries), checksums set
 * right. A table that opens is probed, asked for its best moves and verified
 * on positions the input places, without trouble whatever its codes say. */
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_common.h"

enum { HEADER = 128, OFF_DATA_SUM = 104, OFF_HEADER_SUM = 120 };

static uint64_t fnv(const uint8_t *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static char dir[64], path[96];
static uint8_t *real;
static size_t real_size;

/* The directory goes when the process ends. */
static void cleanup(void)
{
    char name[128];
    const char *tables[] = {"KRK.xqtb", "KK.xqtb"};
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
        snprintf(name, sizeof name, "%s/%s", dir, tables[i]);
        remove(name);
    }
    rmdir(dir);
}

/* The real KRK table in a directory of this process, read back into memory. */
static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/xq-fuzz-egtb-%ld", (long)getpid());
    FUZZ_ASSERT(mkdir(dir, 0700) == 0 || access(dir, W_OK) == 0);
    atexit(cleanup);
    FUZZ_ASSERT(xq_egtb_generate(dir, "KRK", NULL, NULL, NULL) == XQ_OK);
    snprintf(path, sizeof path, "%s/KRK.xqtb", dir);
    FILE *f = fopen(path, "rb");
    FUZZ_ASSERT(f && fseek(f, 0, SEEK_END) == 0);
    real_size = (size_t)ftell(f);
    rewind(f);
    real = malloc(real_size);
    FUZZ_ASSERT(real && fread(real, 1, real_size, f) == real_size);
    fclose(f);
}

static void write_file(const uint8_t *d, size_t n)
{
    FILE *f = fopen(path, "wb");
    FUZZ_ASSERT(f && fwrite(d, 1, n, f) == n && fclose(f) == 0);
}

/* Positions with the table's material, the pieces where the input says. */
static void probe_some(const xq_egtb *tb, const uint8_t *data, size_t size)
{
    for (size_t i = 0; i + 4 <= size && i < 64; i += 4) {
        char fen[96];
        const int rk = xq_square(3 + data[i] % 3, data[i] / 3 % 3);
        const int bk = xq_square(3 + data[i + 1] % 3, 9 - data[i + 1] / 3 % 3);
        const int rr = data[i + 2] % 90;
        xq_board *b;
        FUZZ_ASSERT(xq_board_new(&b, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", NULL) == XQ_OK);
        char rows[10][10];
        memset(rows, '.', sizeof rows);
        if (rr == rk || rr == bk)
            goto next;
        rows[xq_square_rank(rk)][xq_square_file(rk)] = 'K';
        rows[xq_square_rank(bk)][xq_square_file(bk)] = 'k';
        rows[xq_square_rank(rr)][xq_square_file(rr)] = 'R';
        int n = 0;
        for (int r = 9; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 9; f++) {
                if (rows[r][f] == '.') {
                    empty++;
                    continue;
                }
                if (empty)
                    fen[n++] = (char)('0' + empty);
                empty = 0;
                fen[n++] = rows[r][f];
            }
            if (empty)
                fen[n++] = (char)('0' + empty);
            fen[n++] = r ? '/' : ' ';
        }
        snprintf(fen + n, sizeof fen - (size_t)n, "%c - - 0 1", data[i + 3] & 1 ? 'b' : 'w');
        if (xq_board_set_fen(b, fen, NULL) != XQ_OK)
            goto next;
        int wdl, dtm;
        const int rc = xq_egtb_probe(tb, b, &wdl, &dtm);
        FUZZ_ASSERT(rc == XQ_OK);
        xq_move mv[XQ_MAX_MOVES];
        const int nb = xq_egtb_best_moves(tb, b, mv, XQ_MAX_MOVES);
        FUZZ_ASSERT(nb >= 0 || nb == XQ_ENOTFOUND);
        for (int k = 0; k < nb; k++)
            FUZZ_ASSERT(xq_board_is_legal(b, mv[k]) == 1);
    next:
        xq_board_free(b);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!real)
        setup();
    if (size == 0)
        return 0;
    size_t n;
    uint8_t *file;
    if (data[0] & 1) {
        n = real_size;
        file = malloc(n);
        FUZZ_ASSERT(file);
        memcpy(file, real, n);
        for (size_t i = 1; i + 3 <= size; i += 3) {
            const size_t at = ((size_t)data[i] | (size_t)data[i + 1] << 8) % n;
            file[at] = data[i + 2];
        }
    } else {
        n = size - 1;
        file = malloc(n ? n : 1);
        FUZZ_ASSERT(file);
        memcpy(file, data + 1, n);
    }
    if (n >= HEADER) {
        put64(file + OFF_DATA_SUM, fnv(file + HEADER, n - HEADER));
        put64(file + OFF_HEADER_SUM, fnv(file, OFF_HEADER_SUM));
    }
    write_file(file, n);
    free(file);
    xq_egtb *tb;
    xq_parse_error err;
    const int rc = xq_egtb_open(&tb, dir, &err);
    FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EPARSE || rc == XQ_EVERSION);
    if (rc != XQ_OK) {
        FUZZ_ASSERT(!tb && err.code == rc && err.message[0]);
        return 0;
    }
    FUZZ_ASSERT(xq_egtb_table_count(tb) >= 1); /* KRK and what it leads to */
    probe_some(tb, data, size);
    uint64_t errors = 0;
    if (size > 1 && data[1] < 16) { /* now and then: the whole table's consistency */
        const int v = xq_egtb_verify(tb, "KRK", &errors, &err);
        FUZZ_ASSERT(v == XQ_OK || v == XQ_EPARSE || v == XQ_ENOTFOUND);
        FUZZ_ASSERT((v == XQ_OK) == (errors == 0) || v == XQ_ENOTFOUND);
    }
    xq_egtb_free(tb);
    return 0;
}
