/* SPDX-License-Identifier: MIT */
/* The outgoing messages of the protocol (codec_msg.h). */
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

json_t *msg_protocol_version(int supported)
{
    return json_pack("{sssssssi}", "type", "error", "code", "protocol_version", "message",
                     "this server speaks protocol version 1", "supported", supported);
}

json_t *msg_error(const char *code, json_t *message)
{
    return json_pack("{ssssso}", "type", "error", "code", code, "message", message);
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
                 json_t *legal, json_t *opening, const char *draw_offer)
{
    json_t *ev = json_pack("{sssIsissssssssssssso}", "type", "move", "game", (json_int_t)gid,
                           "ply", ply, "move", iccs, "wxf", wxf, "zh", zh, "color", color, "fen",
                           fen, "turn", turn, "clock", clock);
    if (!ev) {
        json_decref(legal);
        json_decref(opening);
        return NULL;
    }
    json_object_set_new(ev, "check", json_boolean(check));
    json_object_set_new(ev, "legal", legal);
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
                json_t *winner, int64_t red_ms, int64_t black_ms, const char *red,
                const char *black, int rated)
{
    return json_pack("{sssIsssssssos{sIsI}sssssb}", "type", "end", "game", (json_int_t)gid,
                     "result", result, "reason", reason, "text", text, "winner", winner, "clock",
                     "red", (json_int_t)(red_ms > 0 ? red_ms : 0), "black",
                     (json_int_t)(black_ms > 0 ? black_ms : 0), "red", red, "black", black,
                     "rated", rated);
}
