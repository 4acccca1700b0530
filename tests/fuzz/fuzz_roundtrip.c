/* SPDX-License-Identifier: MIT */
/* The whole record through PGN (issue 11): parse -> write -> parse gives the
 * same tree (moves, variations, comments after and before, NAGs, tags) and
 * writing is stable from the second round, in every notation and style.
 *
 * The first byte picks the source of the record:
 *   even: the rest is PGN text; every game read is written and read back;
 *   odd:  the rest is a program of record API calls (play, back, variations,
 *         promote, delete, comments, NAGs, tags), whatever they accept; the
 *         record built is written and read back.
 * The second byte picks the notation and style of the writing. */
#include "fuzz_common.h"

static const unsigned styles[] = {
    0,
    XQ_NOTATION_FULLWIDTH,
    XQ_NOTATION_WXF_EQUALS | XQ_NOTATION_ICCS_UPPER,
    XQ_NOTATION_WXF_PREFIX | XQ_NOTATION_ASCII_DIGITS,
    XQ_NOTATION_XQBASE | XQ_NOTATION_TRADITIONAL,
    XQ_NOTATION_RANKS_1_10,
};

static void roundtrip(xq_record *r, uint8_t how)
{
    int notation = XQ_NOTATION_ICCS + how % 3;
    unsigned flags = styles[(how / 3) % (sizeof styles / sizeof styles[0])];
    if (notation != XQ_NOTATION_ICCS)
        flags &= ~(unsigned)XQ_NOTATION_RANKS_1_10;
    fuzz_pgn_roundtrip(r, notation, flags);
}

static void from_pgn(const uint8_t *data, size_t size, uint8_t how)
{
    xq_pgn_reader *rd;
    FUZZ_ASSERT(xq_pgn_reader_open_memory(&rd, data, size, NULL) == XQ_OK);
    xq_record *r;
    FUZZ_ASSERT(xq_record_new(&r, NULL, NULL) == XQ_OK);
    int rc, games = 0;
    while ((rc = xq_pgn_reader_next(rd, r, NULL)) != 0) {
        FUZZ_ASSERT(games++ <= (int)size);
        if (rc > 0)
            roundtrip(r, how);
    }
    xq_record_free(r);
    xq_pgn_reader_free(rd);
}

/* Text from the program: up to 15 bytes, made NUL-terminated. */
static const char *take_text(const uint8_t **p, const uint8_t *end, char *buf)
{
    size_t n = *p < end ? (size_t)(**p % 16) : 0;
    (*p)++;
    if (n > (size_t)(end > *p ? end - *p : 0))
        n = end > *p ? (size_t)(end - *p) : 0;
    memcpy(buf, *p, n);
    buf[n] = 0;
    *p += n;
    return buf;
}

static void from_api(const uint8_t *p, const uint8_t *end, uint8_t how)
{
    static const char *const tag_names[] = {"Event", "Red", "Black", "Result", "Site", "Round",
                                            "Annotator", "X_1"};
    xq_record *r;
    FUZZ_ASSERT(xq_record_new(&r, NULL, NULL) == XQ_OK);
    xq_movelist *ml;
    FUZZ_ASSERT(xq_movelist_new(&ml) == XQ_OK);
    char text[32];
    for (int steps = 0; p < end && steps < 4096; steps++) {
        uint8_t op = *p++, arg = p < end ? *p : 0;
        int rc;
        switch (op % 12) {
        case 0: case 1: case 2: { /* play a legal move */
            p++;
            FUZZ_ASSERT(xq_board_legal_moves(xq_record_board(r), ml) >= 0);
            int n = xq_movelist_size(ml);
            if (n > 0)
                FUZZ_ASSERT(xq_record_play(r, xq_movelist_get(ml, arg % n)) == XQ_OK);
            break;
        }
        case 3:
            rc = xq_record_back(r);
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_ESTATE);
            break;
        case 4:
            p++;
            rc = xq_record_enter_variation(r, arg % 4);
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EINVAL);
            break;
        case 5:
            rc = xq_record_set_comment(r, take_text(&p, end, text));
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EINVAL);
            break;
        case 6:
            rc = xq_record_set_comment_before(r, take_text(&p, end, text));
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EINVAL || rc == XQ_ESTATE);
            break;
        case 7:
            p++;
            rc = xq_record_add_nag(r, arg);
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_ESTATE);
            break;
        case 8:
            p++;
            rc = xq_record_set_tag(r, tag_names[arg % 8], arg & 0x80 ? NULL : take_text(&p, end, text));
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EINVAL);
            break;
        case 9:
            FUZZ_ASSERT(xq_record_promote(r) == XQ_OK);
            break;
        case 10:
            rc = xq_record_delete(r);
            FUZZ_ASSERT(rc >= 1 || rc == XQ_ESTATE);
            break;
        default:
            p++;
            rc = xq_record_goto(r, arg % 8);
            FUZZ_ASSERT(rc == XQ_OK || rc == XQ_EINVAL);
            break;
        }
    }
    roundtrip(r, how);
    xq_movelist_free(ml);
    xq_record_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    if (data[0] & 1)
        from_api(data + 2, data + size, data[1]);
    else
        from_pgn(data + 2, size - 2, data[1]);
    return 0;
}
