/* SPDX-License-Identifier: MIT */
/* PGN benchmark: read (parse + validate every move), write and read again in
 * each notation; and stream a large file to show that memory stays flat.
 *
 *   xq-pgn-bench [--repeat N] [--big-mb M] [FILE]
 *
 * FILE defaults to the 1125 master games in tests/data. Figures are wall
 * time on one thread; run it on a quiet machine and compare ratios within
 * one run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <xiangqi/xiangqi.h>

#ifndef XQ_TEST_DATA
#define XQ_TEST_DATA "tests/data"
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long peak_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

typedef struct counts {
    long games, plies, bad;
} counts;

static counts read_all(xq_pgn_reader *rd, xq_record *r)
{
    counts c = {0, 0, 0};
    int rc;
    while ((rc = xq_pgn_reader_next(rd, r, NULL)) != 0) {
        if (rc < 0) {
            c.bad++;
            continue;
        }
        c.games++;
        c.plies += xq_record_mainline_size(r);
    }
    return c;
}

static void line(const char *what, counts c, double secs, double bytes)
{
    printf("%-34s %6ld games %8ld plies %7.3f s %9.0f games/s %11.0f plies/s %7.1f MB/s%s\n", what,
           c.games, c.plies, secs, (double)c.games / secs, (double)c.plies / secs, bytes / secs / 1e6,
           c.bad ? "  (some games invalid!)" : "");
}

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
        free(p);
        p = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

int main(int argc, char **argv)
{
    const char *path = XQ_TEST_DATA "/games/liu-dahua-1125-uci.pgn";
    int repeat = 5, big_mb = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--big-mb") && i + 1 < argc)
            big_mb = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            puts("usage: xq-pgn-bench [--repeat N] [--big-mb M] [FILE]");
            return 0;
        } else
            path = argv[i];
    }
    if (repeat < 1)
        repeat = 1;
    size_t size;
    char *text = slurp(path, &size);
    if (!text) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    xq_record *r;
    xq_record_new(&r, NULL, NULL);
    printf("file %s (%zu bytes), best of %d runs\n", path, size, repeat);

    /* Reading from the file (streamed) and from memory. */
    double best = 1e9;
    counts c = {0, 0, 0};
    for (int k = 0; k < repeat; k++) {
        xq_pgn_reader *rd;
        double t0 = now();
        if (xq_pgn_reader_open(&rd, path, NULL, NULL) != XQ_OK)
            return 1;
        c = read_all(rd, r);
        double t = now() - t0;
        xq_pgn_reader_free(rd);
        best = t < best ? t : best;
    }
    line("read file (as given)", c, best, (double)size);

    /* Write every game in each notation; then read those texts back. */
    static const struct { int notation; const char *name; } nts[] = {
        {XQ_NOTATION_ICCS, "ICCS"}, {XQ_NOTATION_WXF, "WXF"}, {XQ_NOTATION_CHINESE, "Chinese"}};
    for (size_t n = 0; n < 3; n++) {
        xq_pgn_options o;
        xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
        o.notation = nts[n].notation;
        size_t cap = size * 4 + 4096, len = 0;
        char *out = malloc(cap);
        double wbest = 1e9;
        for (int k = 0; k < repeat; k++) {
            xq_pgn_reader *rd;
            xq_pgn_reader_open_memory(&rd, text, size, NULL);
            double wt = 0;
            len = 0;
            while (xq_pgn_reader_next(rd, r, NULL) == 1) {
                double t0 = now();
                int w = xq_record_to_pgn(r, &o, out + len, cap - len);
                wt += now() - t0;
                if (w < 0 || (size_t)w >= cap - len) {
                    fprintf(stderr, "write failed\n");
                    return 1;
                }
                len += (size_t)w;
            }
            xq_pgn_reader_free(rd);
            wbest = wt < wbest ? wt : wbest;
        }
        char label[64];
        snprintf(label, sizeof label, "write %s", nts[n].name);
        line(label, c, wbest, (double)len);
        double rbest = 1e9;
        counts rc = {0, 0, 0};
        for (int k = 0; k < repeat; k++) {
            xq_pgn_reader *rd;
            double t0 = now();
            xq_pgn_reader_open_memory(&rd, out, len, NULL);
            rc = read_all(rd, r);
            double t = now() - t0;
            xq_pgn_reader_free(rd);
            rbest = t < rbest ? t : rbest;
        }
        snprintf(label, sizeof label, "read %s (from memory)", nts[n].name);
        line(label, rc, rbest, (double)len);
        free(out);
    }

    /* A big file read as a stream: the peak memory must not follow its size. */
    if (big_mb > 0) {
        char tmp[] = "/tmp/xq-pgn-bench-XXXXXX";
        int fd = mkstemp(tmp);
        FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
        if (!f) {
            fprintf(stderr, "cannot create a temporary file\n");
            return 1;
        }
        size_t total = 0;
        while (total < (size_t)big_mb << 20) {
            fwrite(text, 1, size, f);
            total += size;
        }
        fclose(f);
        free(text);
        text = NULL;
        long before = peak_rss_kb();
        xq_pgn_reader *rd;
        double t0 = now();
        xq_pgn_reader_open(&rd, tmp, NULL, NULL);
        counts b = read_all(rd, r);
        double t = now() - t0;
        xq_pgn_reader_free(rd);
        unlink(tmp);
        char label[64];
        snprintf(label, sizeof label, "stream %zu MB file", total >> 20);
        line(label, b, t, (double)total);
        printf("peak RSS: %ld KiB before the big file, %ld KiB after reading it\n", before, peak_rss_kb());
    }
    free(text);
    xq_record_free(r);
    return 0;
}
