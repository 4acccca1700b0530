/* SPDX-License-Identifier: MIT */
/* The `pgn` command (game_pgn.h): a stored game as PGN, with its tags and
 * ECCO opening, and with its review's comments and NAGs when annotated. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <xiangqi/xiangqi.h>

#include "codec.h"
#include "codec_msg.h"
#include "game.h"
#include "game_pgn.h"
#include "net.h"
#include "result.h"
#include "ruleset.h"
#include "store.h"

static store *g_store; /* game_pgn_init() */

void game_pgn_init(store *st) { g_store = st; }

typedef struct pgn_ctx {
    xq_record *rec;
    int bad;
    json_t *review; /* the stored review for an annotated PGN, or NULL */
} pgn_ctx;

/* A value of a review from Red's side as [%eval] writes it: "0.35", "-1.20",
 * "#3" (Red mates in 3), "#-2" (xq_review_value_text()); "" for a value out
 * of range (a damaged stored review). */
static void eval_text(json_int_t v, char *buf, size_t cap)
{
    if (v < -XQ_MATE_VALUE || v > XQ_MATE_VALUE || xq_review_value_text((int32_t)v, 0, buf, cap) < 0)
        buf[0] = '\0';
}

/* The review's comment and NAG on the move just played (ply), as
 * xiangqi.tools.analyse annotates: "class; best MOVE; pv LINE [%eval E]"; the
 * NAG is the class's (xq_review_class_nag()). */
static void annotate_move(pgn_ctx *p, int ply)
{
    json_t *m = json_array_get(json_object_get(p->review, "moves"), (size_t)ply - 1);
    json_t *v = json_array_get(json_object_get(p->review, "values"), (size_t)ply);
    const char *cls = json_string_value(json_object_get(m, "class"));
    if (!cls || !json_is_integer(v))
        return;
    char text[512], e[32];
    int n = snprintf(text, sizeof text, "%s", cls);
    const char *best = json_string_value(json_object_get(m, "best_zh"));
    if (best)
        n += snprintf(text + n, sizeof text - (size_t)n, "; best %s", best);
    json_t *line = json_object_get(m, "line"), *x;
    size_t i;
    if (json_array_size(line) > 0)
        n += snprintf(text + n, sizeof text - (size_t)n, "; pv");
    json_array_foreach(line, i, x) if (n < (int)sizeof text - 16)
        n += snprintf(text + n, sizeof text - (size_t)n, " %s", json_string_value(x));
    eval_text(json_integer_value(v), e, sizeof e);
    if (e[0])
        snprintf(text + n, sizeof text - (size_t)n, " [%%eval %s]", e);
    xq_record_set_comment(p->rec, text);
    int nag = xq_review_class_nag(xq_review_class_from_name(cls)); /* < 0: not a class */
    if (nag > 0)
        xq_record_add_nag(p->rec, nag);
}

static int pgn_move(int ply, const char *mv, int64_t r, int64_t b, void *arg)
{
    (void)r, (void)b;
    pgn_ctx *p = arg;
    xq_move m;
    if (xq_move_parse(mv, &m) != XQ_OK || xq_record_play(p->rec, m) != XQ_OK) {
        p->bad = 1;
        return 1;
    }
    if (p->review)
        annotate_move(p, ply);
    return 0;
}

void cmd_pgn(conn *c, json_t *m, json_t *id)
{
    store_game sg;
    if (request_stored_game(c, m, id, 0, &sg) < 0)
        return;
    xq_record *rec;
    if (xq_record_new(&rec, NULL, NULL) != XQ_OK) {
        conn_error(c, id, "server_error", "out of memory");
        return;
    }
    pgn_ctx p = {rec, 0, NULL};
    json_t *ann = json_object_get(m, "annotated");
    if (ann && !json_is_boolean(ann)) {
        xq_record_free(rec);
        conn_error(c, id, "bad_field", "'annotated' is true or false");
        return;
    }
    char *stored = NULL;
    if (json_is_true(ann) && store_review_get(g_store, sg.id, &stored) == ST_OK) {
        p.review = json_loads(stored, 0, NULL);
        free(stored);
    }
    if (json_is_true(ann) && !p.review) {
        xq_record_free(rec);
        conn_error(c, id, "no_review", "game %lld has no review yet: `analyse` it first",
                   (long long)sg.id);
        return;
    }
    store_game_moves(g_store, sg.id, pgn_move, &p);
    if (p.review) {
        char who[96];
        snprintf(who, sizeof who, "libxiangqi %s (nodes %lld)", xq_version_string(),
                 (long long)json_integer_value(json_object_get(p.review, "nodes")));
        xq_record_set_tag(rec, "Annotator", who);
        json_decref(p.review);
    }
    char buf[64];
    struct tm tm;
    time_t t = (time_t)sg.created;
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    xq_record_set_tag(rec, "Event", sg.rated ? "Rated game" : "Casual game");
    xq_record_set_tag(rec, "Site", "xq-server");
    xq_record_set_tag(rec, "Date", buf);
    snprintf(buf, sizeof buf, "%lld", (long long)sg.id);
    xq_record_set_tag(rec, "Round", buf);
    xq_record_set_tag(rec, "Red", sg.name[0]);
    xq_record_set_tag(rec, "Black", sg.name[1]);
    xq_record_set_tag(rec, "Result", result_pgn(sg.result));
    snprintf(buf, sizeof buf, "%d+%d", sg.base_s, sg.inc_s);
    xq_record_set_tag(rec, "TimeControl", buf);
    xq_record_set_tag(rec, "Rules", ruleset_name(sg.ruleset));
    if (sg.reason[0])
        xq_record_set_tag(rec, "Termination", sg.reason);
    xq_ecco e;
    if (xq_ecco_classify_record(rec, &e) == XQ_OK && e.code[0]) {
        xq_record_set_tag(rec, "ECCO", e.code);
        xq_record_set_tag(rec, "Opening", e.opening);
        if (e.variation[0])
            xq_record_set_tag(rec, "Variation", e.variation);
    }
    int n = xq_record_to_pgn(rec, NULL, NULL, 0);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!text || p.bad || xq_record_to_pgn(rec, NULL, text, (size_t)n + 1) != n) {
        conn_error(c, id, "server_error", "the PGN could not be written");
    } else {
        conn_send_id(c, id, msg_pgn(sg.id, sg.result != XQ_RESULT_ONGOING, text));
    }
    free(text);
    xq_record_free(rec);
}
