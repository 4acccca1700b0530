/* SPDX-License-Identifier: MIT */
/* The outgoing messages of the protocol (codec_msg.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "codec_msg.h"
#include "tuning.h"

json_t *msg_welcome(const char *server, int guests, int grace_s, int book, int tables)
{
    return json_pack("{sssisssbs{sisisisisisisi}s{sbsb}}", "type", "welcome", "protocol",
                     SRV_PROTOCOL_VERSION, "server", server, "guests", guests, "limits",
                     "message_bytes", SRV_MAX_MESSAGE, "chat_bytes", SRV_CHAT_MAX,
                     "messages_per_s", (int)SRV_MSG_PER_S, "chat_burst", SRV_CHAT_BURST, "seeks",
                     SRV_MAX_SEEKS_PER_USER, "watch", SRV_MAX_WATCH, "grace_s", grace_s,
                     "explorer", "book", book, "tables", tables);
}

json_t *msg_internal_error(void)
{
    return json_pack("{ssssss}", "type", "error", "code", "internal", "message", "internal error");
}

json_t *msg_protocol_version(int supported)
{
    return json_pack("{sssssssi}", "type", "error", "code", "protocol_version", "message",
                     "this server speaks protocol version 1", "supported", supported);
}

/* A string, or null for NULL. */
static json_t *string_or_null(const char *s) { return s ? json_string(s) : json_null(); }

/* The longest word of a list of words (a move's text, a ply). */
#define MSG_WORD_MAX 64
_Static_assert(MSG_WORD_MAX > XQ_MOVE_TEXT_MAX, "a move's text is one word of a list");

/* Words separated by spaces as an array: of strings, or (numbers) of integers. */
static json_t *words(const char *text, int numbers)
{
    json_t *a = json_array();
    for (const char *p = text; a && p && *p;) {
        size_t n = strcspn(p, " ");
        if (n > 0) {
            char w[MSG_WORD_MAX];
            snprintf(w, sizeof w, "%.*s", (int)n, p);
            json_array_append_new(a, numbers ? json_integer(strtoll(w, NULL, 10))
                                             : json_string(w));
        }
        p += n + (p[n] == ' ');
    }
    return a;
}

/* The ratings after a rated game and the change of each: "ratings",
 * "rating_diff", and the deviations after it, "deviations" (when known). */
static void ratings(json_t *j, const msg_ratings *r)
{
    json_object_set_new(j, "ratings",
                        json_pack("{sfsf}", "red", r->after[0], "black", r->after[1]));
    json_object_set_new(j, "rating_diff", json_pack("{sfsf}", "red", r->after[0] - r->before[0],
                                                    "black", r->after[1] - r->before[1]));
    if (r->deviation[0] >= 0 && r->deviation[1] >= 0)
        json_object_set_new(j, "deviations", json_pack("{sfsf}", "red", r->deviation[0], "black",
                                                       r->deviation[1]));
}

/* The longest tail of a UTF-8 sequence a cut can leave (a 4-byte one's 3). */
#define UTF8_CUT_MAX 3

json_t *msg_error(const char *code, const char *message)
{
    size_t n = strlen(message);
    json_t *text = json_stringn(message, n);
    for (int k = 0; !text && k < UTF8_CUT_MAX && n > 0; k++)
        text = json_stringn(message, --n);
    if (!text)
        text = json_string("(the message is not valid UTF-8)");
    return json_pack("{ssssso}", "type", "error", "code", code, "message", text);
}

json_t *msg_session(int64_t uid, const char *name, double rating, double deviation,
                    int provisional, int guest, const char *token)
{
    json_t *m = json_pack("{sssIsssfsfsbsb}", "type", "session", "user", (json_int_t)uid, "name",
                          name, "rating", rating, "deviation", deviation, "provisional",
                          provisional, "guest", guest);
    if (m && token)
        json_object_set_new(m, "token", json_string(token));
    return m;
}

json_t *msg_rate_limited(const char *message, double retry_s)
{
    return json_pack("{sssssssf}", "type", "error", "code", "rate_limited", "message", message,
                     "retry_after", retry_s);
}

json_t *msg_lobby(json_t *seeks, json_t *games)
{
    return json_pack("{sssoso}", "type", "lobby", "seeks", seeks, "games", games);
}

json_t *msg_games_live(json_t *games) { return json_pack("{ssso}", "type", "games", "games", games); }

json_t *msg_games_finished(json_t *games, int more, const char *eco)
{
    json_t *r = json_pack("{sssbsosb}", "type", "games", "finished", 1, "games", games, "more",
                          more);
    if (r && eco && eco[0])
        json_object_set_new(r, "eco", json_string(eco));
    return r;
}

json_t *msg_offer_gone(int64_t offer, const char *reason)
{
    return json_pack("{sssIss}", "type", "offer_gone", "offer", (json_int_t)offer, "reason",
                     reason);
}

json_t *msg_chat_lobby(const char *from, const char *text)
{
    return json_pack("{ssssssss}", "type", "chat", "to", "lobby", "from", from, "text", text);
}

json_t *msg_chat_game(int64_t gid, const char *from, const char *text)
{
    return json_pack("{sssIssss}", "type", "chat", "to", (json_int_t)gid, "from", from, "text",
                     text);
}

json_t *msg_game_started(int64_t gid, const char *red, const char *black)
{
    return json_pack("{sssIssss}", "type", "game_started", "game", (json_int_t)gid, "red", red,
                     "black", black);
}

json_t *msg_game_over(int64_t gid)
{
    return json_pack("{sssI}", "type", "game_over", "game", (json_int_t)gid);
}

json_t *msg_presence(int64_t gid, const char *color, int present, int grace_s)
{
    return json_pack("{sssIsssbsi}", "type", "presence", "game", (json_int_t)gid, "color", color,
                     "present", present, "grace_s", grace_s);
}

json_t *msg_premove(int64_t gid, const char *move, const char *dropped)
{
    json_t *ev = json_pack("{sssI}", "type", "premove", "game", (json_int_t)gid);
    if (!ev)
        return NULL;
    json_object_set_new(ev, "move", move ? json_string(move) : json_null());
    if (dropped)
        json_object_set_new(ev, "dropped", json_string(dropped));
    return ev;
}

json_t *msg_move(int64_t gid, int ply, const char *iccs, const char *wxf, const char *zh,
                 const char *color, const char *fen, const char *turn, json_t *clock, int check,
                 const char *legal, json_t *opening, const char *draw_offer)
{
    json_t *ev = json_pack("{sssIsissssssssssssso}", "type", "move", "game", (json_int_t)gid,
                           "ply", ply, "move", iccs, "wxf", wxf, "zh", zh, "color", color, "fen",
                           fen, "turn", turn, "clock", clock);
    if (!ev) {
        json_decref(opening);
        return NULL;
    }
    json_object_set_new(ev, "check", json_boolean(check));
    json_object_set_new(ev, "legal", words(legal, 0));
    if (opening)
        json_object_set_new(ev, "opening", opening);
    if (draw_offer)
        json_object_set_new(ev, "draw_offer", json_string(draw_offer));
    return ev;
}

json_t *msg_offer(int64_t gid, const char *kind, const char *by, const char *state)
{
    return json_pack("{sssIssssss}", "type", "offer", "game", (json_int_t)gid, "kind", kind, "by",
                     by, "state", state);
}

json_t *msg_pgn(int64_t gid, int finished, const char *pgn)
{
    return json_pack("{sssIsbss}", "type", "pgn", "game", (json_int_t)gid, "finished", finished,
                     "pgn", pgn);
}

json_t *msg_analysis_progress(int64_t gid, int done, int total)
{
    return json_pack("{sssIsisi}", "type", "analysis_progress", "game", (json_int_t)gid, "done",
                     done, "total", total);
}

json_t *msg_end(int64_t gid, const char *result, const char *reason, const char *text,
                const char *winner, int64_t red_ms, int64_t black_ms, const char *red,
                const char *black, int rated, const msg_ratings *r)
{
    json_t *j = json_pack("{sssIsssssssos{sIsI}sssssb}", "type", "end", "game", (json_int_t)gid,
                          "result", result, "reason", reason, "text", text, "winner",
                          string_or_null(winner), "clock", "red",
                          (json_int_t)(red_ms > 0 ? red_ms : 0), "black",
                          (json_int_t)(black_ms > 0 ? black_ms : 0), "red", red, "black", black,
                          "rated", rated);
    if (j && r)
        ratings(j, r);
    return j;
}

/* ---- lists ---- */

json_t *msg_list(void) { return json_array(); }

void msg_list_add(json_t *list, json_t *item)
{
    if (item)
        json_array_append_new(list, item);
}

void msg_list_add_int(json_t *list, int64_t value)
{
    json_array_append_new(list, json_integer((json_int_t)value));
}

/* ---- a game ---- */

json_t *msg_clock(int64_t red_ms, int64_t black_ms, const char *running)
{
    return json_pack("{sIsIss}", "red", (json_int_t)(red_ms > 0 ? red_ms : 0), "black",
                     (json_int_t)(black_ms > 0 ? black_ms : 0), "running", running);
}

json_t *msg_opening(const char *code, const char *name, const char *variation, int ply)
{
    if (!code || !code[0])
        return json_null();
    json_t *j = json_pack("{ssssss}", "code", code, "name", name, "variation", variation);
    if (j && ply >= 0)
        json_object_set_new(j, "ply", json_integer(ply));
    return j;
}

void msg_chat_line_add(json_t *list, const char *from, const char *text, int64_t at)
{
    msg_list_add(list, json_pack("{sssssI}", "from", from, "text", text, "at", (json_int_t)at));
}

static json_t *player(const msg_player *p)
{
    json_t *j = json_pack("{sssf}", "name", p->name, "rating", p->rating);
    if (!j)
        return NULL;
    if (p->present >= 0)
        json_object_set_new(j, "present", json_boolean(p->present));
    if (p->engine >= 0)
        json_object_set_new(j, "engine", json_integer(p->engine));
    else if (p->provisional >= 0) /* "?" on the page while the rating is provisional */
        json_object_set_new(j, "provisional", json_boolean(p->provisional));
    return j;
}

/* A finished game's end in its state: the result and the clocks after each move. */
static void game_end_fields(json_t *j, const msg_game *g)
{
    json_t *clocks = json_array();
    for (int i = 0; i < g->nclocks; i++)
        json_array_append_new(clocks, json_pack("[II]", (json_int_t)g->clocks[i][0],
                                                (json_int_t)g->clocks[i][1]));
    json_object_set_new(j, "clocks", clocks);
    json_object_set_new(j, "winner", string_or_null(g->winner));
    json_object_set_new(j, "result", json_string(g->result));
    json_object_set_new(j, "reason", json_string(g->reason));
    json_object_set_new(j, "text", json_string(g->text));
    json_object_set_new(j, "created", json_integer((json_int_t)g->created));
    json_object_set_new(j, "ended", json_integer((json_int_t)g->ended));
    if (g->ratings)
        ratings(j, g->ratings);
}

json_t *msg_game_state(const msg_game *g)
{
    json_t *j = json_pack("{sssIsososssisisbsssssssosbso}", "type", "game", "game",
                          (json_int_t)g->gid, "red", player(&g->player[0]), "black",
                          player(&g->player[1]), "rules", g->rules, "base", g->base_s, "inc",
                          g->inc_s, "rated", g->rated, "start", g->start, "fen", g->fen, "turn",
                          g->turn, "clock", g->clock, "finished", g->finished, "legal",
                          words(g->legal, 0));
    if (!j) {
        json_decref(g->opening);
        json_decref(g->chat);
        return NULL;
    }
    json_object_set_new(j, "moves", words(g->moves, 0));
    json_object_set_new(j, "wxf", words(g->wxf, 0));
    json_object_set_new(j, "zh", words(g->zh, 0));
    json_object_set_new(j, "checks", words(g->checks, 1));
    json_object_set_new(j, "ply", json_integer(g->ply));
    json_object_set_new(j, "opening", g->opening ? g->opening : json_null());
    json_object_set_new(j, "chat", g->chat ? g->chat : json_array());
    json_object_set_new(j, "check", json_boolean(g->check));
    if (!g->finished)
        json_object_set_new(j, "premove", string_or_null(g->premove));
    json_object_set_new(j, "you", string_or_null(g->you));
    json_object_set_new(j, "draw_offer", string_or_null(g->draw_offer));
    json_object_set_new(j, "takeback_offer", string_or_null(g->takeback_offer));
    if (g->finished)
        game_end_fields(j, g);
    return j;
}

json_t *msg_game_summary(const msg_summary *s)
{
    json_t *j = json_pack("{sIsssssssosssssbsssisisisIsI}", "game", (json_int_t)s->gid, "red",
                          s->red, "black", s->black, "result", s->result, "winner",
                          string_or_null(s->winner), "reason", s->reason, "text", s->text,
                          "rated", s->rated, "rules", s->rules, "base", s->base_s, "inc",
                          s->inc_s, "ply", s->ply, "created", (json_int_t)s->created, "ended",
                          (json_int_t)s->ended);
    if (!j) {
        json_decref(s->opening);
        return NULL;
    }
    if (s->ratings)
        ratings(j, s->ratings);
    json_object_set_new(j, "opening", s->opening ? s->opening : json_null());
    return j;
}

json_t *msg_live_game(int64_t gid, const char *red, const char *black, int base_s, int inc_s,
                      const char *rules, int rated, int ply)
{
    return json_pack("{sIsssssisisssbsi}", "game", (json_int_t)gid, "red", red, "black", black,
                     "base", base_s, "inc", inc_s, "rules", rules, "rated", rated, "ply", ply);
}

/* ---- users ---- */

json_t *msg_rating_point(int64_t gid, int64_t ended, double rating, double deviation)
{
    json_t *p = json_pack("{sIsIsf}", "game", (json_int_t)gid, "ended", (json_int_t)ended,
                          "rating", rating);
    if (p)
        json_object_set_new(p, "deviation", deviation >= 0 ? json_real(deviation) : json_null());
    return p;
}

json_t *msg_user(const msg_user_page *u)
{
    return json_pack("{sssIsssfsfsbsisisisisbsbsososbso}", "type", "user", "user",
                     (json_int_t)u->uid, "name", u->name, "rating", u->rating, "deviation",
                     u->deviation, "provisional", u->provisional, "games", u->games, "wins",
                     u->wins, "draws", u->draws, "losses", u->losses, "guest", u->guest,
                     "online", u->online, "recent", u->recent, "recent_games", u->recent_games,
                     "more", u->more, "history", u->history);
}

/* ---- offers ---- */

json_t *msg_offer_entry(const msg_offer_terms *o)
{
    json_t *j = json_pack("{sIsssssfsbsisisssbss}", "offer", (json_int_t)o->offer, "kind",
                          o->challenge ? "challenge" : "seek", "from", o->from, "rating",
                          o->rating, "provisional", o->provisional, "base", o->base_s, "inc",
                          o->inc_s, "rules", o->rules, "rated", o->rated, "color", o->color);
    if (j && o->to)
        json_object_set_new(j, "to", json_string(o->to));
    if (j && o->rematch)
        json_object_set_new(j, "rematch", json_integer((json_int_t)o->rematch));
    return j;
}

json_t *msg_offer_announce(const msg_offer_terms *o)
{
    json_t *j = msg_offer_entry(o);
    if (j)
        json_object_set_new(j, "type", json_string(o->challenge ? "challenge" : "seek"));
    return j;
}

/* ---- the opening explorer ---- */

json_t *msg_book_move_entry(const msg_book_move *m)
{
    json_t *j = json_pack("{sssssssisisisisI}", "move", m->move, "wxf", m->wxf, "zh", m->zh,
                          "games", m->games, "red_wins", m->red_wins, "draws", m->draws,
                          "black_wins", m->black_wins, "weight", (json_int_t)m->weight);
    if (!j) {
        json_decref(m->opening);
        return NULL;
    }
    json_object_set_new(j, "score", m->decided ? json_real(m->score) : json_null());
    json_object_set_new(j, "opening", m->opening ? m->opening : json_null());
    return j;
}

json_t *msg_tablebase(const char *wdl, int dtm, const char *best)
{
    if (!wdl)
        return json_null();
    return json_pack("{sssoso}", "wdl", wdl, "dtm", dtm >= 0 ? json_integer(dtm) : json_null(),
                     "best", words(best, 0));
}

json_t *msg_explore(const char *fen, json_t *opening, json_t *moves, json_t *tablebase)
{
    json_t *r = json_pack("{sssssoso}", "type", "explore", "fen", fen, "opening",
                          opening ? opening : json_null(), "moves", moves);
    if (!r) {
        json_decref(tablebase);
        return NULL;
    }
    json_object_set_new(r, "tablebase", tablebase ? tablebase : json_null());
    return r;
}

/* ---- reviews ---- */

json_t *msg_review_move(int ply, const char *move, const char *cls, int loss, const char *line,
                        const char *best_zh)
{
    json_t *m = json_pack("{sisssssi}", "ply", ply, "move", move, "class", cls, "loss", loss);
    if (m && line) {
        json_object_set_new(m, "line", words(line, 0));
        if (best_zh)
            json_object_set_new(m, "best_zh", json_string(best_zh));
    }
    return m;
}

json_t *msg_analysis(int64_t gid, int positions, json_t *values, json_t *moves, int nodes)
{
    json_t *a = json_pack("{sssIsisisosososi}", "type", "analysis", "game", (json_int_t)gid,
                          "done", positions, "total", positions, "values", values, "moves",
                          moves, "finished", json_true(), "nodes", nodes);
    if (a)
        msg_analysis_for_people(a);
    return a;
}

void msg_analysis_for_people(json_t *a)
{
    json_t *texts = json_array(), *v, *m;
    size_t i;
    json_array_foreach(json_object_get(a, "values"), i, v) {
        char t[XQ_VALUE_TEXT_MAX];
        json_array_append_new(texts, json_string(xq_review_value_text(
            (int32_t)json_integer_value(v), XQ_VALUE_TEXT_SIGN, t, sizeof t) > 0 ? t : ""));
    }
    json_object_set_new(a, "texts", texts);
    json_array_foreach(json_object_get(a, "moves"), i, m) {
        int cls = xq_review_class_from_name(json_string_value(json_object_get(m, "class")));
        const char *symbol = xq_review_class_symbol(cls);
        json_object_set_new(m, "symbol", json_string(symbol ? symbol : ""));
        json_object_set_new(m, "nag", json_integer(cls < 0 ? 0 : xq_review_class_nag(cls)));
    }
}

json_t *msg_game_error(int64_t gid, const char *code, const char *message)
{
    return json_pack("{sssssssI}", "type", "error", "code", code, "message", message, "game",
                     (json_int_t)gid);
}
