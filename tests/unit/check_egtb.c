/* SPDX-License-Identifier: MIT */
/* Endgame tables through the public API (xiangqi/egtb.h).
 *
 * Small tables are generated in a temporary directory and compared, position
 * by position, with an independent solver written here: it enumerates the
 * positions from the rules (its own piece domains, FEN text, xq_board_new()),
 * finds successors with the board API and a hash map (no un-moves, no index,
 * no mirroring), and computes mate distances by forward value iteration.
 * Then: consistency (xq_egtb_verify and the best moves), known theory with
 * its counts, the search with depth limits against the tables, the search
 * using the tables, and damaged files. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../lib/util/mix64.h" /* Fibonacci hashing, shared with the library */
#include "xq_test.h"

/* ---- the independent solver ---- */

enum { S_UNKNOWN = -1, S_MAX_PIECES = 6 };

typedef struct solved {
    char name[16];              /* as given, e.g. "KRKA" (Red's pieces first) */
    size_t n, cap;              /* positions */
    uint64_t *key;              /* xq_board_hash of each position */
    char (*fen)[XQ_FEN_MAX];    /* FEN of each position */
    int16_t *val;               /* mate distance in plies, S_UNKNOWN: not mated */
    size_t hcap;                /* open-addressing map key -> index + 1 */
    uint32_t *hidx;
    int max_dtm;
    size_t wins[2], losses[2], draws[2]; /* by side to move */
} solved;

static solved *cache[64];
static int ncache;

static const int palace_red[9][2] = {{3, 0}, {4, 0}, {5, 0}, {3, 1}, {4, 1},
                                     {5, 1}, {3, 2}, {4, 2}, {5, 2}};
static const int advisor_red[5][2] = {{3, 0}, {5, 0}, {4, 1}, {3, 2}, {5, 2}};
static const int elephant_red[7][2] = {{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}};

/* Squares a piece can ever stand on, by the rules. */
static int domain(int color, int type, int *sq)
{
    int n = 0;
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++) {
            int rr = color == XQ_RED ? r : 9 - r; /* rank from its own side */
            int ok;
            switch (type) {
            case XQ_KING:
                ok = 0;
                for (int i = 0; i < 9; i++)
                    ok |= palace_red[i][0] == f && palace_red[i][1] == rr;
                break;
            case XQ_ADVISOR:
                ok = 0;
                for (int i = 0; i < 5; i++)
                    ok |= advisor_red[i][0] == f && advisor_red[i][1] == rr;
                break;
            case XQ_ELEPHANT:
                ok = 0;
                for (int i = 0; i < 7; i++)
                    ok |= elephant_red[i][0] == f && elephant_red[i][1] == rr;
                break;
            case XQ_SOLDIER: ok = rr >= 5 || ((rr == 3 || rr == 4) && f % 2 == 0); break;
            default: ok = 1; break;
            }
            if (ok)
                sq[n++] = XQ_SQUARE(f, r);
        }
    return n;
}

static int letter_type(int ch)
{
    switch (ch) {
    case 'K': return XQ_KING;
    case 'A': return XQ_ADVISOR;
    case 'B': return XQ_ELEPHANT;
    case 'N': return XQ_HORSE;
    case 'R': return XQ_CHARIOT;
    case 'C': return XQ_CANNON;
    case 'P': return XQ_SOLDIER;
    default: return 0;
    }
}

static const char *type_letters = "?KABNRCP";

static void map_put(solved *S, uint64_t key, size_t idx)
{
    size_t h = xq__fib_slot(key, 20, S->hcap - 1);
    while (S->hidx[h])
        h = (h + 1) & (S->hcap - 1);
    S->hidx[h] = (uint32_t)idx + 1;
}

static long map_get(const solved *S, uint64_t key)
{
    size_t h = xq__fib_slot(key, 20, S->hcap - 1);
    while (S->hidx[h]) {
        if (S->key[S->hidx[h] - 1] == key)
            return (long)S->hidx[h] - 1;
        h = (h + 1) & (S->hcap - 1);
    }
    return -1;
}

static solved *solve(const char *name);

/* Name of the material after the piece on `sq` of board b is captured. */
static void name_without(const char *name, int color, int type, char *out)
{
    int side = -1, removed = 0, k = 0;
    for (int i = 0; name[i]; i++) {
        if (name[i] == 'K')
            side++;
        if (!removed && side == color && letter_type(name[i]) == type && type != XQ_KING) {
            removed = 1;
            continue;
        }
        out[k++] = name[i];
    }
    out[k] = 0;
}

/* Visit every legal position of `name` (Red's pieces, then Black's). */
typedef void (*visit_fn)(const char *fen, const xq_board *b, void *ud);

static void each_position(const char *name, visit_fn fn, void *ud)
{
    int pc[S_MAX_PIECES + 2][2], np = 0, side = -1;
    for (int i = 0; name[i]; i++) {
        if (name[i] == 'K')
            side++;
        ck_assert_int_lt(np, S_MAX_PIECES + 2);
        pc[np][0] = side;
        pc[np][1] = letter_type(name[i]);
        np++;
    }
    int dom[S_MAX_PIECES + 2][XQ_SQUARE_NB], nd[S_MAX_PIECES + 2];
    for (int i = 0; i < np; i++)
        nd[i] = domain(pc[i][0], pc[i][1], dom[i]);
    xq_board *b = xq_test_board(NULL);
    int at[S_MAX_PIECES + 2] = {0};
    for (;;) {
        /* Like pieces: one order only (squares increasing). */
        int ok = 1;
        char grid[XQ_SQUARE_NB];
        memset(grid, 0, sizeof grid);
        for (int i = 0; i < np && ok; i++) {
            int s = dom[i][at[i]];
            if (grid[s])
                ok = 0;
            if (i > 0 && pc[i][0] == pc[i - 1][0] && pc[i][1] == pc[i - 1][1] &&
                dom[i][at[i]] <= dom[i - 1][at[i - 1]])
                ok = 0;
            grid[s] = (char)(pc[i][0] == XQ_RED ? type_letters[pc[i][1]]
                                                : type_letters[pc[i][1]] + 32);
        }
        for (int stm = 0; stm < 2 && ok; stm++) {
            char fen[XQ_FEN_MAX];
            int k = 0;
            for (int r = 9; r >= 0; r--) {
                int empty = 0;
                for (int f = 0; f < 9; f++) {
                    char c = grid[XQ_SQUARE(f, r)];
                    if (!c) {
                        empty++;
                        continue;
                    }
                    if (empty)
                        fen[k++] = (char)('0' + empty);
                    empty = 0;
                    fen[k++] = c;
                }
                if (empty)
                    fen[k++] = (char)('0' + empty);
                if (r)
                    fen[k++] = '/';
            }
            snprintf(fen + k, sizeof fen - (size_t)k, " %c - - 0 1", stm ? 'b' : 'w');
            if (xq_board_set_fen(b, fen, NULL) != XQ_OK)
                continue; /* the side not to move in check, generals facing */
            fn(fen, b, ud);
        }
        int i = np - 1;
        while (i >= 0 && ++at[i] == nd[i])
            at[i--] = 0;
        if (i < 0)
            break;
    }
    xq_board_free(b);
}

static void store_position(const char *fen, const xq_board *b, void *ud)
{
    solved *S = ud;
    if (S->n == S->cap) {
        S->cap = S->cap ? 2 * S->cap : 4096;
        S->fen = realloc(S->fen, S->cap * sizeof *S->fen);
        S->key = realloc(S->key, S->cap * sizeof *S->key);
        ck_assert_ptr_nonnull(S->fen);
        ck_assert_ptr_nonnull(S->key);
    }
    snprintf(S->fen[S->n], sizeof S->fen[S->n], "%s", fen);
    S->key[S->n] = xq_board_hash(b);
    S->n++;
}

static void enumerate(solved *S, const char *name)
{
    each_position(name, store_position, S);
    S->hcap = 1;
    while (S->hcap < 2 * S->n + 16)
        S->hcap <<= 1;
    S->hidx = calloc(S->hcap, sizeof *S->hidx);
    ck_assert_ptr_nonnull(S->hidx);
    for (size_t i = 0; i < S->n; i++)
        map_put(S, S->key[i], i);
}

/* Table results of every position of a material by side to move:
 * n[side][0] wins, [1] draws, [2] losses, [3] of them by the rule. */
typedef struct side_counts {
    const xq_egtb *tb;
    size_t n[2][4];
} side_counts;

static void count_position(const char *fen, const xq_board *b, void *ud)
{
    side_counts *c = ud;
    int wdl, dtm;
    int rc = xq_egtb_probe(c->tb, b, &wdl, &dtm);
    XQ_CHECK(rc == XQ_OK, "probe %s: %s", fen, xq_strerror(rc));
    int side = xq_board_side_to_move(b);
    c->n[side][wdl == XQ_EGTB_WIN ? 0 : wdl == XQ_EGTB_DRAW ? 1 : 2]++;
    c->n[side][3] += dtm == -1;
}

static side_counts count_by_side(const xq_egtb *t, const char *name)
{
    side_counts c;
    memset(&c, 0, sizeof c);
    c.tb = t;
    each_position(name, count_position, &c);
    printf("%-8s Red to move %zu/%zu/%zu, Black to move %zu/%zu/%zu (win/draw/loss)\n", name,
           c.n[0][0], c.n[0][1], c.n[0][2], c.n[1][0], c.n[1][1], c.n[1][2]);
    return c;
}

/* Forward value iteration: mate distances in plies (a side without a legal
 * move has lost: 0), S_UNKNOWN for the rest. */
static solved *solve(const char *name)
{
    for (int i = 0; i < ncache; i++)
        if (!strcmp(cache[i]->name, name))
            return cache[i];
    solved *S = calloc(1, sizeof *S);
    ck_assert_ptr_nonnull(S);
    snprintf(S->name, sizeof S->name, "%s", name);
    enumerate(S, name);
    /* Children: >= 0 an index here, otherwise -2 - (the fixed value + 1)
     * of a capture into a smaller material (-1 for a draw there). */
    size_t *first = malloc((S->n + 1) * sizeof *first), cap = S->n * 24 + 64, nc = 0;
    long *child = malloc(cap * sizeof *child);
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(child);
    xq_board *b = xq_test_board(NULL);
    int max_fixed = 0;
    for (size_t i = 0; i < S->n; i++) {
        first[i] = nc;
        XQ_CHECK(xq_board_set_fen(b, S->fen[i], NULL) == XQ_OK, "FEN %s refused", S->fen[i]);
        xq_move mv[XQ_MAX_MOVES];
        int nm = xq_board_generate_moves(b, mv, XQ_MAX_MOVES);
        XQ_CHECK(nm >= 0, "moves of %s: %d", S->fen[i], nm);
        for (int k = 0; k < nm; k++) {
            int victim = xq_board_piece_at(b, xq_move_to(mv[k]));
            XQ_CHECK(xq_board_make_move(b, mv[k]) == XQ_OK, "move %d of %s refused", k, S->fen[i]);
            uint64_t key = xq_board_hash(b);
            XQ_CHECK(xq_board_unmake_move(b, NULL) == XQ_OK, "unmake in %s", S->fen[i]);
            long c;
            if (victim) {
                char sub[16];
                name_without(name, xq_piece_color_of(victim), xq_piece_type_of(victim), sub);
                solved *T = solve(sub);
                long j = map_get(T, key);
                XQ_CHECK(j >= 0, "%s: capture %d from %s not in %s", name, k, S->fen[i], sub);
                c = -2 - (T->val[j] + 1);
                if (T->val[j] > max_fixed)
                    max_fixed = T->val[j];
            } else {
                c = map_get(S, key);
                XQ_CHECK(c >= 0, "%s: successor of %s not enumerated", name, S->fen[i]);
            }
            if (nc == cap) {
                cap *= 2;
                child = realloc(child, cap * sizeof *child);
                ck_assert_ptr_nonnull(child);
            }
            child[nc++] = c;
        }
    }
    first[S->n] = nc;
    xq_board_free(b);
    S->val = malloc(S->n * sizeof *S->val);
    ck_assert_ptr_nonnull(S->val);
    for (size_t i = 0; i < S->n; i++)
        S->val[i] = first[i] == first[i + 1] ? 0 : S_UNKNOWN;
    int last_change = 0;
    for (int n = 1; n <= last_change + max_fixed + 2; n++) {
        for (size_t i = 0; i < S->n; i++) {
            if (S->val[i] != S_UNKNOWN)
                continue;
            int win = 0, all_won = 1;
            for (size_t k = first[i]; k < first[i + 1]; k++) {
                int v = child[k] >= 0 ? S->val[child[k]] : (int)(-2 - child[k]) - 1;
                if (v == S_UNKNOWN || v >= n) { /* not known before round n */
                    all_won = 0;
                    continue;
                }
                if (v % 2 == 0 && v == n - 1)
                    win = 1;
                if (v % 2 == 0)
                    all_won = 0;
            }
            if (win || all_won) {
                /* in place: a value set in this round is n, unknown above */
                S->val[i] = (int16_t)n;
                last_change = n;
            }
        }
    }
    free(first);
    free(child);
    for (size_t i = 0; i < S->n; i++) {
        int stm = strstr(S->fen[i], " b ") != NULL;
        int v = S->val[i];
        if (v == S_UNKNOWN)
            S->draws[stm]++;
        else if (v % 2)
            S->wins[stm]++;
        else
            S->losses[stm]++;
        if (v > S->max_dtm)
            S->max_dtm = v;
    }
    ck_assert_int_lt(ncache, 64);
    cache[ncache++] = S;
    return S;
}

/* ---- tables generated once for every test ---- */

static char tbdir[256];
static xq_egtb *tb;

#ifdef XQ_EGTB_SLOW
static const char *const generated[] = {"KRKAABB", "KNKAA"};
#else
static const char *const generated[] = {"KRK", "KNK", "KCK", "KPK", "KAK", "KBK",
                                        "KRKA", "KNKA", "KPKA", "KCKA", "KRKB", "KNKB",
                                        "KRKAA", "KPKAA", "KRKN", "KRKBB", "KRKAB"};
#endif
enum { NGENERATED = sizeof generated / sizeof generated[0] };

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char path[512];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

static void tables_setup(void)
{
    if (tb)
        return;
    snprintf(tbdir, sizeof tbdir, "/tmp/xq_egtb_test_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tbdir));
    for (int i = 0; i < NGENERATED; i++) {
        xq_parse_error err;
        int rc = xq_egtb_generate(tbdir, generated[i], NULL, NULL, &err);
        ck_assert_msg(rc == XQ_OK, "generate %s: %s", generated[i], err.message);
    }
    xq_parse_error err;
    ck_assert_msg(xq_egtb_open(&tb, tbdir, &err) == XQ_OK, "open: %s", err.message);
}

static void tables_teardown(void)
{
    xq_egtb_free(tb);
    tb = NULL;
    if (tbdir[0])
        remove_dir(tbdir);
}

/* Every position of the independent solution against the table. */
static void compare_all(const char *name)
{
    solved *S = solve(name);
    xq_board *b = xq_test_board(NULL);
    size_t rule = 0;
    for (size_t i = 0; i < S->n; i++) {
        XQ_CHECK(xq_board_set_fen(b, S->fen[i], NULL) == XQ_OK, "FEN %s refused", S->fen[i]);
        int wdl = 99, dtm = 99;
        int rc = xq_egtb_probe(tb, b, &wdl, &dtm);
        XQ_CHECK(rc == XQ_OK, "%s: probe %s: %s", name, S->fen[i], xq_strerror(rc));
        int v = S->val[i];
        if (v == S_UNKNOWN) {
            XQ_CHECK(wdl == XQ_EGTB_DRAW || dtm == -1,
                     "%s: %s: solver: no mate; table: wdl %d dtm %d", name, S->fen[i], wdl, dtm);
            rule += dtm == -1;
        } else {
            XQ_CHECK(dtm == v && wdl == (v % 2 ? XQ_EGTB_WIN : XQ_EGTB_LOSS),
                     "%s: %s: solver: dtm %d; table: wdl %d dtm %d", name, S->fen[i], v, wdl,
                     dtm);
        }
    }
    xq_board_free(b);
    printf("%-6s %7zu positions, Red to move %zu/%zu/%zu, Black to move %zu/%zu/%zu "
           "(win/draw/loss), max dtm %d, %zu by the perpetual-check rule\n",
           name, S->n, S->wins[0], S->draws[0], S->losses[0], S->wins[1], S->draws[1],
           S->losses[1], S->max_dtm, rule);
}

START_TEST(test_against_solver)
{
    static const char *const names[] = {"KRK", "KNK", "KCK", "KPK", "KKR", "KKP",
                                        "KAK", "KBK", "KRKA", "KNKA", "KPKA", "KCKA",
                                        "KRKB", "KNKB", "KRKAA", "KPKAA", "KAKR"};
    compare_all(names[_i]);
}
END_TEST

/* Mirror images and colour-swapped twins probe alike. */
START_TEST(test_symmetry)
{
    solved *S = solve("KNKA");
    xq_board *b = xq_test_board(NULL);
    for (size_t i = 0; i < S->n; i += 7) {
        /* Mirror left-right: reverse each rank of the FEN. */
        char fen[XQ_FEN_MAX], out[XQ_FEN_MAX];
        snprintf(fen, sizeof fen, "%s", S->fen[i]);
        char *sp = strchr(fen, ' ');
        *sp = 0;
        size_t k = 0;
        char *row = fen;
        for (;;) {
            char *end = strchr(row, '/');
            size_t len = end ? (size_t)(end - row) : strlen(row);
            for (size_t j = 0; j < len; j++)
                out[k++] = row[len - 1 - j];
            if (!end)
                break;
            out[k++] = '/';
            row = end + 1;
        }
        snprintf(out + k, sizeof out - k, " %s", sp + 1);
        XQ_CHECK(xq_board_set_fen(b, out, NULL) == XQ_OK, "FEN %s refused", out);
        int wdl, dtm;
        XQ_CHECK(xq_egtb_probe(tb, b, &wdl, &dtm) == XQ_OK, "probe failed");
        int v = S->val[i];
        XQ_CHECK(v == S_UNKNOWN ? wdl == XQ_EGTB_DRAW || dtm == -1 : dtm == v,
                 "mirror of %s (%s): dtm %d, solver %d", S->fen[i], out, dtm, v);
    }
    xq_board_free(b);
}
END_TEST

/* Known theory, with the counts this library finds (a change in them is a
 * change in the rules or a bug). Chariot endings: "A single chariot can
 * easily win 2 advisors or 2 elephants. It is also a sure win against one
 * advisor with two elephants (1A2E) and 2 advisors with one elephant. It is
 * normally a draw against a full guard" (xqinenglish.com, One Chariot
 * endgames 01; the full guard and the three-defender tables are in
 * check_egtb_slow). A lone horse forces mate where a knight in chess cannot
 * (stosszahn-franken.de, Xiangqi course, Pferd); a lone cannon cannot; a
 * soldier wins unless it has reached the last rank. */
START_TEST(test_theory)
{
    side_counts c = count_by_side(tb, "KRK");
    /* Red to move wins every position; Black to move draws only by taking
     * the chariot at once. */
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    ck_assert_uint_eq(c.n[XQ_BLACK][0], 0);
    ck_assert_uint_eq(c.n[XQ_BLACK][1], 108);
    c = count_by_side(tb, "KRKAA");
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    c = count_by_side(tb, "KRKBB");
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    c = count_by_side(tb, "KRKAB");
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    c = count_by_side(tb, "KNK");
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    c = count_by_side(tb, "KCK");
    ck_assert_uint_eq(c.n[XQ_RED][0] + c.n[XQ_RED][2] + c.n[XQ_BLACK][0] + c.n[XQ_BLACK][2], 0);
    c = count_by_side(tb, "KPK");
    ck_assert_uint_eq(c.n[XQ_RED][0], 2394);
    ck_assert_uint_eq(c.n[XQ_RED][1], 432);
    /* Every Red-to-move draw has the soldier on Black's back rank. */
    solved *S = solve("KPK");
    for (size_t i = 0; i < S->n; i++)
        if (S->val[i] == S_UNKNOWN && strstr(S->fen[i], " w "))
            XQ_CHECK(memchr(S->fen[i], 'P', (size_t)(strchr(S->fen[i], '/') - S->fen[i])),
                     "KPK: %s is drawn with the soldier off the last rank", S->fen[i]);
    c = count_by_side(tb, "KNKA");
    ck_assert_uint_eq(c.n[XQ_RED][0], 21366);
    ck_assert_uint_eq(c.n[XQ_RED][1], 60);
}
END_TEST

/* The tables' own consistency pass on every generated table. */
START_TEST(test_verify)
{
    for (int i = 0; i < xq_egtb_table_count(tb); i++) {
        xq_egtb_info info = XQ_EGTB_INFO_INIT;
        ck_assert_int_eq(xq_egtb_table_info(tb, i, &info), XQ_OK);
        uint64_t errors = 1;
        xq_parse_error err;
        int rc = xq_egtb_verify(tb, info.name, &errors, &err);
        ck_assert_msg(rc == XQ_OK, "verify %s: %s", info.name, err.message);
        ck_assert_uint_eq(errors, 0);
    }
}
END_TEST


static xq_search *new_search(void)
{
    xq_search_config cfg;
    ck_assert_int_eq(xq_search_config_init(&cfg, XQ_SEARCH_CONFIG_VERSION), XQ_OK);
    cfg.threads = 1;
    cfg.hash_mb = 16;
    xq_search *s = NULL;
    ck_assert_int_eq(xq_search_new(&s, &cfg), XQ_OK);
    return s;
}

static xq_search_result search_depth(xq_search *s, const xq_board *b, int depth)
{
    xq_search_limits lim;
    ck_assert_int_eq(xq_search_limits_init(&lim, XQ_SEARCH_LIMITS_VERSION), XQ_OK);
    lim.depth = depth;
    xq_search_result res;
    ck_assert_int_eq(xq_search_run(s, b, &lim, &res), XQ_OK);
    return res;
}

/* The search without tables, to a depth a few plies beyond the table's
 * distance, finds the same mate (in moves: (dtm + 1) / 2 for the side to
 * move, -dtm / 2 against it); it never finds a shorter one. */
START_TEST(test_search_mates)
{
    static const char *const names[] = {"KRKA", "KNKA", "KPK", "KNKB", "KRKAA", "KPKA"};
    solved *S = solve(names[_i]);
    xq_search *s = new_search();
    xq_board *b = xq_test_board(NULL);
    int tried = 0, same = 0;
    for (size_t i = 0; i < S->n && tried < 12; i += 97) {
        int v = S->val[i];
        if (v < 1 || v > 13)
            continue;
        XQ_CHECK(xq_board_set_fen(b, S->fen[i], NULL) == XQ_OK, "FEN %s refused", S->fen[i]);
        xq_search_result r = search_depth(s, b, v + 4);
        int want = v % 2 ? (v + 1) / 2 : -(v / 2);
        XQ_CHECK(r.score_kind == XQ_SCORE_MATE && (r.score > 0) == (want > 0),
                 "%s: %s: table dtm %d, search kind %d score %d", S->name, S->fen[i], v,
                 r.score_kind, r.score);
        XQ_CHECK(want > 0 ? r.score >= want : r.score <= want,
                 "%s: %s: the search mates sooner (%d) than the table (dtm %d)", S->name,
                 S->fen[i], r.score, v);
        same += r.score == want;
        tried++;
    }
    ck_assert_int_ge(tried, 8);
    ck_assert_msg(same * 10 >= tried * 9, "%s: the search agrees on %d of %d", S->name, same,
                  tried);
    xq_board_free(b);
    xq_search_free(s);
}
END_TEST

/* The perpetual-check rule: in KRKN the horse side can check forever in some
 * positions the tables give as lost by the rule; the search's own
 * repetition rule (AXF: perpetual check loses) agrees on who wins. */
START_TEST(test_rule_positions)
{
    static const char *const fens[] = {
        "4k4/9/9/9/2R6/9/9/9/5K1n1/9 b - - 0 1",
        "9/9/4k4/9/9/8R/2n6/9/3K5/9 w - - 0 1",
        "R8/9/4k4/9/9/9/9/3K5/9/3n5 b - - 0 1",
    };
    xq_search *s = new_search();
    for (int i = 0; i < 3; i++) {
        xq_board *b = xq_test_board(fens[i]);
        int wdl = 9, dtm = 9;
        ck_assert_int_eq(xq_egtb_probe(tb, b, &wdl, &dtm), XQ_OK);
        ck_assert_int_eq(dtm, -1);
        ck_assert_int_eq(wdl, xq_board_side_to_move(b) == XQ_RED ? XQ_EGTB_WIN : XQ_EGTB_LOSS);
        xq_search_result r = search_depth(s, b, 16);
        ck_assert_msg(r.score_kind == XQ_SCORE_MATE || r.score * wdl > 500,
                      "%s: search kind %d score %d", fens[i], r.score_kind, r.score);
        ck_assert_int_eq(r.score > 0, wdl > 0);
        xq_board_free(b);
    }
    xq_egtb_info info = XQ_EGTB_INFO_INIT;
    int k;
    for (k = 0; k < xq_egtb_table_count(tb); k++) {
        ck_assert_int_eq(xq_egtb_table_info(tb, k, &info), XQ_OK);
        if (!strcmp(info.name, "KRKN"))
            break;
    }
    ck_assert_str_eq(info.name, "KRKN");
    /* Without the rule these would be draws (counts of this library). */
    ck_assert_uint_eq(info.rule_wins, 315);
    ck_assert_uint_eq(info.rule_losses, 1291);
    ck_assert_uint_eq(info.positions, 506661);
    xq_search_free(s);
}
END_TEST

/* Best moves: every move of a won position's list leads to a loss one ply
 * sooner; a lost position's list holds the moves delaying mate longest. */
START_TEST(test_best_moves)
{
    solved *S = solve("KNKA");
    xq_board *b = xq_test_board(NULL);
    for (size_t i = 0; i < S->n; i += 13) {
        int v = S->val[i];
        XQ_CHECK(xq_board_set_fen(b, S->fen[i], NULL) == XQ_OK, "FEN %s refused", S->fen[i]);
        xq_move mv[XQ_MAX_MOVES];
        int n = xq_egtb_best_moves(tb, b, mv, XQ_MAX_MOVES);
        XQ_CHECK(n >= 0, "best moves of %s: %d", S->fen[i], n);
        if (v == 0) {
            XQ_CHECK(n == 0, "best moves of mated %s: %d", S->fen[i], n);
            continue;
        }
        XQ_CHECK(n > 0, "no best move in %s", S->fen[i]);
        for (int k = 0; k < n; k++) {
            XQ_CHECK(xq_board_make_move(b, mv[k]) == XQ_OK, "move %d of %s refused", k, S->fen[i]);
            int wdl, dtm;
            XQ_CHECK(xq_egtb_probe(tb, b, &wdl, &dtm) == XQ_OK, "probe failed");
            XQ_CHECK(xq_board_unmake_move(b, NULL) == XQ_OK, "unmake in %s", S->fen[i]);
            if (v == S_UNKNOWN)
                XQ_CHECK(wdl == XQ_EGTB_DRAW || (wdl == XQ_EGTB_LOSS && dtm == -1),
                         "%s: best move to wdl %d dtm %d", S->fen[i], wdl, dtm);
            else
                XQ_CHECK(dtm == v - 1 && wdl == (v % 2 ? XQ_EGTB_LOSS : XQ_EGTB_WIN),
                         "%s (dtm %d): best move to wdl %d dtm %d", S->fen[i], v, wdl, dtm);
        }
    }
    /* Capacity smaller than the count: the count, cap moves written. */
    xq_board_free(b);
    b = xq_test_board("9/9/4k4/9/9/9/9/9/9/3K1N3 w - - 0 1");
    xq_move one[1] = {0};
    int n = xq_egtb_best_moves(tb, b, NULL, 0);
    ck_assert_int_gt(n, 1);
    ck_assert_int_eq(xq_egtb_best_moves(tb, b, one, 1), n);
    ck_assert_int_ne(one[0], 0);
    xq_board_free(b);
}
END_TEST

/* The search with the tables: at depth 2 (the tables are probed in the
 * main search, not in the quiescence search) it plays a DTM-optimal move and
 * reports the table's mate; both sides so playing, the longest KNKA win
 * ends in mate after exactly its distance. */
START_TEST(test_search_uses_tables)
{
    solved *S = solve("KNKA");
    size_t longest = 0;
    for (size_t i = 0; i < S->n; i++)
        if (S->val[i] > S->val[longest])
            longest = i;
    ck_assert_int_eq(S->val[longest], S->max_dtm);
    xq_search *s = new_search();
    ck_assert_int_eq(xq_search_set_tablebase(NULL, tb), XQ_EINVAL);
    ck_assert_int_eq(xq_search_set_tablebase(s, tb), XQ_OK);
    xq_board *b = xq_test_board(S->fen[longest]);
    int plies = 0;
    for (;;) {
        int wdl, dtm;
        ck_assert_int_eq(xq_egtb_probe(tb, b, &wdl, &dtm), XQ_OK);
        ck_assert_int_eq(dtm, S->max_dtm - plies);
        xq_search_result r = search_depth(s, b, 2);
        if (dtm == 0) {
            ck_assert_int_eq(r.best_move, XQ_MOVE_NONE);
            break;
        }
        ck_assert_int_eq(r.score_kind, XQ_SCORE_MATE);
        ck_assert_int_eq(r.score, dtm % 2 ? (dtm + 1) / 2 : -(dtm / 2));
        xq_move best[XQ_MAX_MOVES];
        int n = xq_egtb_best_moves(tb, b, best, XQ_MAX_MOVES), found = 0;
        for (int k = 0; k < n; k++)
            found |= best[k] == r.best_move;
        ck_assert_msg(found, "ply %d: the search's move is not DTM-optimal", plies);
        ck_assert_int_eq(xq_board_make_move(b, r.best_move), XQ_OK);
        plies++;
        ck_assert_int_le(plies, S->max_dtm);
    }
    ck_assert_int_eq(plies, S->max_dtm);
    int reason;
    ck_assert_int_ne(xq_board_status(b, &reason), 0);
    /* Without tables again. */
    ck_assert_int_eq(xq_search_set_tablebase(s, NULL), XQ_OK);
    xq_board_free(b);
    xq_search_free(s);
}
END_TEST

/* ---- damaged files ---- */

static char *copy_table(const char *name, char *dir, size_t cap)
{
    snprintf(dir, cap, "/tmp/xq_egtb_bad_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    static char path[512];
    char src[512];
    snprintf(src, sizeof src, "%s/%s.xqtb", tbdir, name);
    snprintf(path, sizeof path, "%s/%s.xqtb", dir, name);
    FILE *in = fopen(src, "rb"), *out = fopen(path, "wb");
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(out);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
    return path;
}

static void poke(const char *path, long offset, int value)
{
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, offset, SEEK_SET), 0);
    ck_assert_int_eq(fputc(value, f), value);
    fclose(f);
}

static void expect_open_error(const char *dir, int code, const char *words)
{
    xq_egtb *t = (xq_egtb *)1;
    xq_parse_error err;
    int rc = xq_egtb_open(&t, dir, &err);
    ck_assert_int_eq(rc, code);
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err.message, words), "message '%s' lacks '%s'", err.message, words);
}

START_TEST(test_damaged)
{
    char dir[64];
    /* Truncated: shorter than the header, and short of entries. */
    char *path = copy_table("KRK", dir, sizeof dir);
    ck_assert_int_eq(truncate(path, 100), 0);
    expect_open_error(dir, XQ_EPARSE, "truncated");
    remove_dir(dir);
    path = copy_table("KRK", dir, sizeof dir);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(truncate(path, st.st_size - 1), 0);
    expect_open_error(dir, XQ_EPARSE, "truncated");
    remove_dir(dir);
    /* Trailing bytes. */
    path = copy_table("KRK", dir, sizeof dir);
    FILE *f = fopen(path, "ab");
    fputc(0, f);
    fclose(f);
    expect_open_error(dir, XQ_EPARSE, "wrong size: 9849 bytes, the header announces 9848");
    remove_dir(dir);
    /* One entry changed: the data checksum. */
    path = copy_table("KRK", dir, sizeof dir);
    poke(path, 128 + 500, 7);
    expect_open_error(dir, XQ_EPARSE, "KRK.xqtb: data checksum mismatch (file corrupted)");
    remove_dir(dir);
    /* A header byte changed: the header checksum. */
    path = copy_table("KRK", dir, sizeof dir);
    poke(path, 70, 1);
    expect_open_error(dir, XQ_EPARSE, "KRK.xqtb: header checksum mismatch (file corrupted)");
    remove_dir(dir);
    /* Not a table. */
    path = copy_table("KRK", dir, sizeof dir);
    poke(path, 0, 'Y');
    expect_open_error(dir, XQ_EPARSE, "KRK.xqtb: not an endgame table file (bad magic)");
    remove_dir(dir);
    /* Missing directory. */
    expect_open_error("/nonexistent/xq_egtb", XQ_EIO, "No such file");
    /* An empty directory opens, with no table. */
    snprintf(dir, sizeof dir, "/tmp/xq_egtb_empty_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    xq_egtb *t = NULL;
    ck_assert_int_eq(xq_egtb_open(&t, dir, NULL), XQ_OK);
    ck_assert_int_eq(xq_egtb_table_count(t), 0);
    ck_assert_int_eq(xq_egtb_max_pieces(t), 0);
    xq_board *b = xq_test_board("9/9/4k4/9/9/9/9/9/9/3K1R3 w - - 0 1");
    ck_assert_int_eq(xq_egtb_probe(t, b, NULL, NULL), XQ_ENOTFOUND);
    ck_assert_int_eq(xq_egtb_best_moves(t, b, NULL, 0), XQ_ENOTFOUND);
    xq_board_free(b);
    xq_egtb_free(t);
    remove_dir(dir);
}
END_TEST

/* A table file written by a later format version is refused by name, with
 * XQ_EVERSION as a book or a net of another version (XQ_EPARSE before 1.1). */
START_TEST(test_wrong_version)
{
    char dir[64];
    char *path = copy_table("KRK", dir, sizeof dir);
    /* Version 2 with the header checksum made right again: the reader must
     * refuse it for its version, not for its checksum. */
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    unsigned char h[128];
    ck_assert_uint_eq(fread(h, 1, 128, f), 128);
    h[8] = 2;
    uint64_t x = 0xcbf29ce484222325ull;
    for (int i = 0; i < 120; i++)
        x = (x ^ h[i]) * 0x100000001b3ull;
    for (int i = 0; i < 8; i++)
        h[120 + i] = (unsigned char)(x >> (8 * i));
    ck_assert_int_eq(fseek(f, 0, SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(h, 1, 128, f), 128);
    fclose(f);
    expect_open_error(dir, XQ_EVERSION,
                      "KRK.xqtb: endgame table format version 2, this library reads version 1");
    remove_dir(dir);
}
END_TEST

/* A table whose path would be longer than the library's limit (4095 bytes)
 * is refused by name, not opened under a cut path. */
START_TEST(test_long_path)
{
    char dir[4096] = "/tmp/xq_egtb_long_XXXXXX", seg[201];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    memset(seg, 'd', 200);
    seg[200] = 0;
    int depth = 0;
    while (strlen(dir) < 3950) { /* a directory of 3,950 bytes */
        size_t len = strlen(dir), room = 3950 - len - 1, n = room < 200 ? room : 200;
        dir[len] = '/';
        memcpy(dir + len + 1, seg, n);
        dir[len + 1 + n] = 0;
        ck_assert_int_eq(mkdir(dir, 0700), 0);
        depth++;
    }
    ck_assert_uint_eq(strlen(dir), 3950);
    char name[256];
    memset(name, 't', 200);
    strcpy(name + 200, ".xqtb"); /* directory + '/' + name: 4,156 bytes */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    ck_assert_int_ge(dfd, 0);
    int fd = openat(dfd, name, O_WRONLY | O_CREAT, 0600);
    ck_assert_int_ge(fd, 0);
    close(fd);
    xq_parse_error err;
    xq_egtb *t = (xq_egtb *)1;
    ck_assert_int_eq(xq_egtb_open(&t, dir, &err), XQ_EINVAL);
    ck_assert_ptr_null(t);
    ck_assert_ptr_nonnull(strstr(err.message, "too long"));
    ck_assert_int_eq(unlinkat(dfd, name, 0), 0);
    close(dfd);
    for (; depth >= 0; depth--) {
        ck_assert_int_eq(rmdir(dir), 0);
        *strrchr(dir, '/') = 0;
    }
}
END_TEST

/* Arguments. */
START_TEST(test_arguments)
{
    xq_parse_error err;
    xq_egtb *t = NULL;
    ck_assert_int_eq(xq_egtb_open(NULL, tbdir, &err), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_open(&t, NULL, &err), XQ_EINVAL);
    ck_assert_ptr_null(t);
    xq_egtb_free(NULL);
    ck_assert_int_eq(xq_egtb_table_count(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_max_pieces(NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_max_pieces(tb), 3); /* KRKAA */
    xq_board *b = xq_test_board(NULL);
    ck_assert_int_eq(xq_egtb_probe(NULL, b, NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_probe(tb, NULL, NULL, NULL), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_probe(tb, b, NULL, NULL), XQ_ENOTFOUND); /* the start position */
    xq_board_free(b);
    xq_egtb_info info;
    ck_assert_int_eq(xq_egtb_info_init(&info, 0), XQ_EVERSION);
    ck_assert_int_eq(xq_egtb_info_init(&info, XQ_EGTB_INFO_VERSION + 1), XQ_EVERSION);
    ck_assert_int_eq(xq_egtb_info_init(NULL, XQ_EGTB_INFO_VERSION), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_info_init(&info, XQ_EGTB_INFO_VERSION), XQ_OK);
    ck_assert_int_eq(xq_egtb_table_info(tb, -1, &info), XQ_EINVAL);
    ck_assert_int_eq(xq_egtb_table_info(tb, xq_egtb_table_count(tb), &info), XQ_EINVAL);
    /* Materials. */
    ck_assert_int_eq(xq_egtb_generate(tbdir, "KRQK", NULL, NULL, &err), XQ_EPARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "unexpected 'Q'"));
    ck_assert_int_eq(xq_egtb_generate(tbdir, "RK", NULL, NULL, &err), XQ_EPARSE);
    ck_assert_int_eq(xq_egtb_generate(tbdir, "KRRRK", NULL, NULL, &err), XQ_EPARSE);
    ck_assert_int_eq(xq_egtb_generate("/nonexistent/xq", "KRK", NULL, NULL, &err), XQ_EIO);
    ck_assert_int_eq(xq_egtb_generate(NULL, "KRK", NULL, NULL, &err), XQ_EINVAL);
    uint64_t errors = 7;
    ck_assert_int_eq(xq_egtb_verify(tb, "KRRK", &errors, &err), XQ_ENOTFOUND);
    ck_assert_uint_eq(errors, 0);
    /* Either side first names the same table. */
    ck_assert_int_eq(xq_egtb_verify(tb, "KKR", &errors, &err), XQ_OK);
}
END_TEST

#ifndef XQ_EGTB_SLOW
static Suite *egtb_suite(void)
{
    Suite *s = suite_create("egtb");
    TCase *tc = tcase_create("tables");
    tcase_add_unchecked_fixture(tc, tables_setup, tables_teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_against_solver, 0, 17);
    tcase_add_test(tc, test_symmetry);
    tcase_add_test(tc, test_theory);
    tcase_add_test(tc, test_verify);
    tcase_add_loop_test(tc, test_search_mates, 0, 6);
    tcase_add_test(tc, test_rule_positions);
    tcase_add_test(tc, test_best_moves);
    tcase_add_test(tc, test_search_uses_tables);
    tcase_add_test(tc, test_damaged);
    tcase_add_test(tc, test_wrong_version);
    tcase_add_test(tc, test_long_path);
    tcase_add_test(tc, test_arguments);
    suite_add_tcase(s, tc);
    return s;
}
#else
/* check_egtb_slow: the chariot against three and four defenders, and the
 * horse against two advisors (tables of 1 to 2 million entries each). */
START_TEST(test_theory_defenders)
{
    /* A sure win against 1A2E and 2A1E... */
    side_counts c = count_by_side(tb, "KRKABB");
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    c = count_by_side(tb, "KRKAAB");
    ck_assert_uint_eq(c.n[XQ_RED][1] + c.n[XQ_RED][2], 0);
    /* ... normally a draw against the full guard, with positional wins:
     * over all positions the chariot wins most (the defenders are often
     * scattered), but with the general at home and the guard in one of the
     * nine usual formations 87% of the positions are drawn, and two of them
     * hold against every placement of the chariot and the general. */
    c = count_by_side(tb, "KRKAABB");
    ck_assert_uint_eq(c.n[XQ_RED][0], 590094);
    ck_assert_uint_eq(c.n[XQ_RED][1], 129438);
    static const char *const adv[3][2] = {{"d9", "f9"}, {"e8", "d9"}, {"e8", "f9"}};
    static const char *const ele[3][2] = {{"c9", "g9"}, {"c9", "e7"}, {"e7", "g9"}};
    size_t wins = 0, draws = 0;
    int fortresses = 0;
    xq_board *b = xq_test_board(NULL);
    for (int ai = 0; ai < 3; ai++)
        for (int ei = 0; ei < 3; ei++) {
            size_t fw = 0;
            for (int rk = 0; rk < XQ_SQUARE_NB; rk++)
                for (int rr = 0; rr < XQ_SQUARE_NB; rr++) {
                    char g[XQ_SQUARE_NB] = {0};
                    const char *at[5] = {"e9", adv[ai][0], adv[ai][1], ele[ei][0], ele[ei][1]};
                    for (int k = 0; k < 5; k++)
                        g[(at[k][1] - '0') * 9 + at[k][0] - 'a'] = "kaabb"[k];
                    if (rk == rr || g[rk] || g[rr])
                        continue;
                    g[rk] = 'K';
                    g[rr] = 'R';
                    char fen[XQ_FEN_MAX];
                    int n = 0;
                    for (int r = 9; r >= 0; r--) {
                        int e = 0;
                        for (int f = 0; f < 9; f++) {
                            if (!g[r * 9 + f]) {
                                e++;
                                continue;
                            }
                            if (e)
                                fen[n++] = (char)('0' + e);
                            e = 0;
                            fen[n++] = g[r * 9 + f];
                        }
                        if (e)
                            fen[n++] = (char)('0' + e);
                        if (r)
                            fen[n++] = '/';
                    }
                    snprintf(fen + n, sizeof fen - (size_t)n, " w - - 0 1");
                    if (xq_board_set_fen(b, fen, NULL) != XQ_OK)
                        continue;
                    int wdl, dtm;
                    XQ_CHECK(xq_egtb_probe(tb, b, &wdl, &dtm) == XQ_OK, "probe %s", fen);
                    XQ_CHECK(wdl != XQ_EGTB_LOSS, "%s lost", fen);
                    fw += wdl == XQ_EGTB_WIN;
                    wins += wdl == XQ_EGTB_WIN;
                    draws += wdl == XQ_EGTB_DRAW;
                }
            fortresses += fw == 0;
        }
    xq_board_free(b);
    printf("KRKAABB, guard in formation: Red to move wins %zu, draws %zu\n", wins, draws);
    ck_assert_uint_eq(wins, 846);
    ck_assert_uint_eq(draws, 5526);
    ck_assert_int_eq(fortresses, 2);
    /* A lone horse against two advisors. */
    c = count_by_side(tb, "KNKAA");
    ck_assert_uint_gt(c.n[XQ_RED][0], 0);
}
END_TEST

START_TEST(test_verify_defenders)
{
    static const char *const names[] = {"KRKAABB", "KNKAA"};
    uint64_t errors = 1;
    xq_parse_error err;
    int rc = xq_egtb_verify(tb, names[_i], &errors, &err);
    ck_assert_msg(rc == XQ_OK, "verify %s: %s", names[_i], err.message);
}
END_TEST

static Suite *egtb_suite(void)
{
    Suite *s = suite_create("egtb_slow");
    TCase *tc = tcase_create("tables");
    tcase_add_unchecked_fixture(tc, tables_setup, tables_teardown);
    tcase_set_timeout(tc, 3600);
    tcase_add_test(tc, test_theory_defenders);
    tcase_add_loop_test(tc, test_verify_defenders, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}
#endif
int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    return xq_test_run(egtb_suite());
}
