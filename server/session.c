/* SPDX-License-Identifier: MIT */
/* Per-connection protocol state: the versioned handshake, the message rate
 * limit, the command table (which commands need a logged-in user), and what
 * happens when a connection goes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "config.h"
#include "explore.h"
#include "forward.h"
#include "game.h"
#include "game_pgn.h"
#include "lobby.h"
#include "net.h"
#include "profile.h"
#include "ratelimit.h"
#include "review.h"
#include "session.h"
#include "stats.h"
#include "tuning.h"

typedef void (*cmd_fn)(conn *c, json_t *m, json_t *id);
typedef struct command {
    const char *name;
    cmd_fn fn;
    int auth; /* needs a logged-in user */
    int site; /* needs the other processes of the site (the broker) */
} command;

static broker *g_broker; /* session_set_broker() */

void session_set_broker(broker *b) { g_broker = b; }

static void cmd_ping(conn *c, json_t *m, json_t *id)
{
    (void)m;
    conn_send_id(c, id, msg_new("pong"));
}

static void cmd_say(conn *c, json_t *m, json_t *id)
{
    json_t *to = json_object_get(m, "to");
    const char *text = json_string_value(json_object_get(m, "text"));
    if (!text || !*text) {
        conn_error(c, id, "bad_field", "'text' (a non-empty string) is required");
        return;
    }
    if (strlen(text) > SRV_CHAT_MAX) {
        conn_error(c, id, "chat_too_long", "a chat line is at most %d bytes", SRV_CHAT_MAX);
        return;
    }
    for (const char *p = text; *p; p++)
        if ((unsigned char)*p < 0x20 && *p != '\t') {
            conn_error(c, id, "bad_field", "control characters are not allowed in chat");
            return;
        }
    int64_t gid = 0;
    if (json_is_integer(to))
        gid = json_integer_value(to);
    else if (json_is_string(to) && strcmp(json_string_value(to), "lobby") != 0) {
        const char *s = json_string_value(to);
        char *end;
        long long v = strtoll(s, &end, 10);
        if (*s && !*end)
            gid = v;
        else {
            conn_error(c, id, "bad_field", "'to' is \"lobby\" or a game id");
            return;
        }
    } else if (!json_is_string(to)) {
        conn_error(c, id, "bad_field", "'to' is \"lobby\" or a game id");
        return;
    }
    if (!bucket_take(&c->chat_bucket, SRV_CHAT_BURST, SRV_CHAT_PER_S, mono_us())) {
        conn_send_id(c, id,
                     msg_rate_limited("too many chat lines; wait",
                                      bucket_wait(&c->chat_bucket, SRV_CHAT_BURST, SRV_CHAT_PER_S,
                                                  mono_us())));
        return;
    }
    if (gid)
        game_say(c, gid, text, id);
    else
        lobby_say(c, text, id);
}

static const command k_commands[] = {
    {"ping", cmd_ping, 0, 0},
    {"register", cmd_register, 0, 0},
    {"login", cmd_login, 0, 0},
    {"resume", cmd_resume, 0, 0},
    {"guest", cmd_guest, 0, 0},
    {"logout", cmd_logout, 1, 0},
    {"user", cmd_user, 0, 0},
    {"lobby", cmd_lobby, 1, 0},
    {"unlobby", cmd_unlobby, 1, 0},
    {"games", cmd_games, 0, 0},
    {"seek", cmd_seek, 1, 1},
    {"challenge", cmd_challenge, 1, 1},
    {"engine", cmd_engine, 1, 0},
    {"accept", cmd_accept, 1, 1},
    {"rematch", cmd_rematch, 1, 1},
    {"pair", cmd_pair, 1, 1},
    {"decline", cmd_decline, 1, 1},
    {"cancel", cmd_cancel, 1, 1},
    {"move", cmd_move, 1, 0},
    {"premove", cmd_premove, 1, 0},
    {"resign", cmd_resign, 1, 0},
    {"draw", cmd_draw, 1, 0},
    {"draw_decline", cmd_draw_decline, 1, 0},
    {"takeback", cmd_takeback, 1, 0},
    {"takeback_decline", cmd_takeback_decline, 1, 0},
    {"abort", cmd_abort, 1, 0},
    {"watch", cmd_watch, 0, 0},
    {"unwatch", cmd_unwatch, 0, 0},
    {"state", cmd_state, 0, 0},
    {"pgn", cmd_pgn, 0, 0},
    {"analyse", cmd_analyse, 1, 0},
    {"explore", cmd_explore, 0, 0},
    {"say", cmd_say, 1, 1},
};

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof k_commands / sizeof k_commands[0]; i++)
        if (strcmp(k_commands[i].name, name) == 0)
            return &k_commands[i];
    return NULL;
}

int session_command_known(const char *name)
{
    return strcmp(name, "hello") == 0 || find_command(name) != NULL;
}

void session_open(conn *c)
{
    bucket_init(&c->msg_bucket, SRV_MSG_BURST);
    bucket_init(&c->chat_bucket, SRV_CHAT_BURST);
    bucket_init(&c->explore_bucket, SRV_EXPLORE_BURST);
}

static void hello(conn *c, json_t *m, json_t *id)
{
    json_t *pv = json_object_get(m, "protocol");
    if (!json_is_integer(pv)) {
        conn_error(c, id, "bad_field", "'protocol' (an integer) is required");
        return;
    }
    if (json_integer_value(pv) != SRV_PROTOCOL_VERSION) {
        conn_send_id(c, id, msg_protocol_version(SRV_PROTOCOL_VERSION));
        conn_close(c, "protocol version");
        return;
    }
    c->hello = 1;
    conn_touch(c); /* the idle timeout replaces the hello timeout */
    char server[64];
    snprintf(server, sizeof server, "xq-server %s", xq_version_string());
    conn_send_id(c, id, msg_welcome(server, g_cfg.guests, g_cfg.grace_s, explore_has_book(),
                                    explore_has_tables()));
}

void session_message(conn *c, const char *text, size_t len)
{
    const char *code = "bad_message";
    char why[256];
    stats_add(STAT_MESSAGES_IN, 1);
    if (!bucket_take(&c->msg_bucket, SRV_MSG_BURST, SRV_MSG_PER_S, mono_us())) {
        stats_add(STAT_MESSAGES_DROPPED, 1);
        if (++c->over_rate > SRV_MSG_OVER_CLOSE) {
            conn_close(c, "message flood");
            return;
        }
        int64_t now = mono_us();
        conn_send_id(c, NULL,
                     msg_rate_limited("too many messages; this one was dropped",
                                      bucket_wait(&c->msg_bucket, SRV_MSG_BURST, SRV_MSG_PER_S, now)));
        return;
    }
    json_t *m = codec_decode(c->transport, text, len, session_command_known, &code, why, sizeof why);
    if (!m) {
        stats_add(STAT_MESSAGES_MALFORMED, 1);
        conn_error(c, NULL, code, "%s", why);
        return;
    }
    json_t *id = json_object_get(m, "id");
    if (id && !json_is_integer(id) && !json_is_string(id)) {
        conn_error(c, NULL, "bad_field", "'id' is an integer or a string");
        json_decref(m);
        return;
    }
    const char *type = json_string_value(json_object_get(m, "type"));
    if (strcmp(type, "hello") == 0) {
        if (c->hello)
            conn_error(c, id, "already_hello", "hello was already said");
        else
            hello(c, m, id);
        json_decref(m);
        return;
    }
    const command *cmd = find_command(type);
    if (!cmd)
        conn_error(c, id, "unknown_command", "no such command: '%.40s'", type);
    else if (!c->hello)
        conn_error(c, id, "hello_required", "say hello first: hello {\"protocol\":1}");
    else if (cmd->auth && !c->user)
        conn_error(c, id, "login_required", "log in first (register, login, resume or guest)");
    else if (cmd->site && g_broker && broker_fault(g_broker))
        conn_error(c, id, "site_unavailable", "%s", broker_fault(g_broker));
    else if (!forward_command(c, type, m, id)) { /* a game owned elsewhere: its owner runs it */
        cmd->fn(c, m, id);
        if (cmd->fn == cmd_logout)
            forward_conn_user(c);
    }
    json_decref(m);
}

void session_dispatch(conn *c, json_t *m)
{
    json_t *id = json_object_get(m, "id");
    const char *type = json_string_value(json_object_get(m, "type"));
    const command *cmd = type ? find_command(type) : NULL;
    if (!cmd)
        conn_error(c, id, "unknown_command", "no such command: '%.40s'", type ? type : "");
    else if (cmd->auth && !c->user)
        conn_error(c, id, "login_required", "log in first (register, login, resume or guest)");
    else if (cmd->site && g_broker && broker_fault(g_broker))
        conn_error(c, id, "site_unavailable", "%s", broker_fault(g_broker));
    else
        cmd->fn(c, m, id);
}

void session_closed(conn *c)
{
    forward_conn_closed(c);
    game_unwatch_conn(c);
    user_detach(c);
}
