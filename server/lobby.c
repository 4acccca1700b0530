/* SPDX-License-Identifier: MIT */
/* The lobby: open seeks (anyone may accept) and direct challenges (one user
 * may accept or decline), one id space for both ("offers"); rematches (a
 * challenge to the last opponent, colours swapped, that a rematch of the other
 * player accepts) and quick pairing (join a seek of the same terms or open
 * one); the list of live games; lobby chat. An offer goes when its author's
 * last connection goes. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "broker.h"
#include "clock.h"
#include "codec.h"
#include "codec_msg.h"
#include "game.h"
#include "game_msg.h"
#include "lobby.h"
#include "net.h"
#include "rating.h"
#include "ruleset.h"
#include "result.h"
#include "store.h"
#include "tuning.h"

typedef struct offer {
    int64_t id;
    int challenge;
    int64_t uid, to_uid;
    char name[SRV_NAME_MAX + 8], to_name[SRV_NAME_MAX + 8];
    double rating;
    int provisional;
    int base_s, inc_s, ruleset, rated, color;
    int64_t rematch_of; /* a rematch: the finished game it repeats (0: none) */
    struct offer *next;
} offer;

static offer *g_offers;
static store *g_store;   /* lobby_init() */
static broker *g_broker; /* lobby_init() */

static void lobby_user_gone(user *u);

/* This process's connections in the lobby, by id (a closed one leaves its
 * id behind until the next delivery), so that a lobby event costs what the
 * lobby holds, not a walk of every connection. */
static uint32_t *g_members;
static size_t g_nmembers, g_capmembers;

static int member_add(conn *c)
{
    if (g_nmembers == g_capmembers) {
        size_t cap = g_capmembers ? 2 * g_capmembers : 64;
        uint32_t *m = realloc(g_members, cap * sizeof *m);
        if (!m)
            return -1;
        g_members = m;
        g_capmembers = cap;
    }
    g_members[g_nmembers++] = c->id;
    return 0;
}

static void member_remove(const conn *c)
{
    for (size_t i = 0; i < g_nmembers; i++)
        if (g_members[i] == c->id) {
            g_members[i] = g_members[--g_nmembers];
            return;
        }
}

void lobby_shutdown(void)
{
    free(g_members);
    g_members = NULL;
    g_nmembers = g_capmembers = 0;
}

/* A lobby event for this process's connections in the lobby. */
static void lobby_deliver(void *arg, const char *subject, json_t *msg, uint32_t skip)
{
    (void)arg, (void)subject;
    for (size_t i = 0; i < g_nmembers;) {
        conn *c = conn_get(g_members[i]);
        if (!c || !c->lobby) { /* gone, or left the lobby */
            g_members[i] = g_members[--g_nmembers];
            continue;
        }
        if (c->user && c->id != skip)
            conn_send(c, msg);
        i++;
    }
}

int lobby_init(store *st, broker *b)
{
    g_store = st;
    g_broker = b;
    static const accounts_listener listener = {NULL, NULL, lobby_user_gone};
    return broker_subscribe(b, "lobby", lobby_deliver, NULL) && accounts_listen(&listener) == 0
               ? 0
               : -1;
}
static int64_t g_next_offer = 1;

static const char *color_name(int c) { return c == 0 ? "red" : c == 1 ? "black" : "random"; }

/* An offer's terms as the codec takes them (borrowing the offer's strings). */
static msg_offer_terms offer_terms(const offer *o)
{
    return (msg_offer_terms){
        .offer = o->id, .challenge = o->challenge, .from = o->name, .rating = o->rating,
        .provisional = o->provisional, .base_s = o->base_s, .inc_s = o->inc_s,
        .rated = o->rated, .rules = ruleset_name(o->ruleset), .color = color_name(o->color),
        .to = o->challenge ? o->to_name : NULL, .rematch = o->rematch_of,
    };
}

/* seek or challenge: the offer announced. */
static json_t *offer_announce(const offer *o)
{
    msg_offer_terms t = offer_terms(o);
    return msg_offer_announce(&t);
}

static void lobby_broadcast(json_t *msg) { broker_publish(g_broker, "lobby", msg, 0); }

int parse_terms(conn *c, json_t *m, json_t *id, int *base_s, int *inc_s, int *ruleset, int *rated,
                int *color)
{
    json_t *b = json_object_get(m, "base"), *i = json_object_get(m, "inc");
    json_t *r = json_object_get(m, "rules"), *ra = json_object_get(m, "rated");
    json_t *co = json_object_get(m, "color");
    *base_s = b ? (int)json_integer_value(b) : 300;
    *inc_s = i ? (int)json_integer_value(i) : 0;
    if ((b && (!json_is_integer(b) || json_integer_value(b) < 1 ||
               json_integer_value(b) > SRV_MAX_BASE_S)) ||
        (i && (!json_is_integer(i) || json_integer_value(i) < 0 ||
               json_integer_value(i) > SRV_MAX_INC_S))) {
        conn_error(c, id, "bad_field", "'base' is 1..%d seconds and 'inc' 0..%d seconds",
                   SRV_MAX_BASE_S, SRV_MAX_INC_S);
        return -1;
    }
    *ruleset = XQ_RULES_AXF;
    if (r) {
        *ruleset = json_is_string(r) ? ruleset_parse(json_string_value(r)) : -1;
        if (*ruleset < 0) {
            conn_error(c, id, "bad_field", "'rules' is \"axf\", \"cxa\" or \"simple\"");
            return -1;
        }
    }
    if (ra && !json_is_boolean(ra)) {
        conn_error(c, id, "bad_field", "'rated' is true or false");
        return -1;
    }
    *rated = ra ? json_is_true(ra) : 0;
    *color = -1;
    if (co) {
        const char *s = json_string_value(co);
        if (s && strcmp(s, "red") == 0)
            *color = 0;
        else if (s && strcmp(s, "black") == 0)
            *color = 1;
        else if (!s || strcmp(s, "random") != 0) {
            conn_error(c, id, "bad_field", "'color' is \"red\", \"black\" or \"random\"");
            return -1;
        }
    }
    if (*rated && c->user->guest) {
        conn_error(c, id, "not_allowed", "guests play unrated games only");
        return -1;
    }
    return 0;
}

int lobby_refuse_playing(conn *c, json_t *id)
{
    int64_t gid = game_user_playing(c->user->id);
    if (!gid)
        return 0;
    conn_error(c, id, "already_playing", "you are playing game %lld: finish it first",
               (long long)gid);
    return 1;
}

/* A new offer of the user with the terms of o (checked), or NULL after an error. */
static offer *offer_add(conn *c, offer o, json_t *id)
{
    if (lobby_refuse_playing(c, id))
        return NULL;
    if (c->user->nseeks >= SRV_MAX_SEEKS_PER_USER) {
        conn_error(c, id, "too_many_offers", "at most %d open seeks and challenges per user",
                   SRV_MAX_SEEKS_PER_USER);
        return NULL;
    }
    offer *p = malloc(sizeof *p);
    if (!p) {
        conn_error(c, id, "server_error", "out of memory");
        return NULL;
    }
    *p = o;
    p->id = g_next_offer++;
    p->uid = c->user->id;
    snprintf(p->name, sizeof p->name, "%s", c->user->name);
    p->rating = c->user->rating;
    p->provisional = glicko_provisional(c->user->deviation);
    p->next = g_offers;
    g_offers = p;
    c->user->nseeks++;
    return p;
}

static offer *offer_new(conn *c, json_t *m, json_t *id)
{
    offer o;
    memset(&o, 0, sizeof o);
    if (parse_terms(c, m, id, &o.base_s, &o.inc_s, &o.ruleset, &o.rated, &o.color) < 0)
        return NULL;
    return offer_add(c, o, id);
}

static void offer_remove(offer *o, const char *why)
{
    for (offer **pp = &g_offers; *pp; pp = &(*pp)->next)
        if (*pp == o) {
            *pp = o->next;
            break;
        }
    user *u = user_online(o->uid);
    if (u && u->nseeks > 0)
        u->nseeks--;
    json_t *ev = msg_offer_gone(o->id, why);
    if (o->challenge) {
        send_to_user(o->uid, ev);
        send_to_user(o->to_uid, ev);
    } else
        lobby_broadcast(ev);
    json_decref(ev);
    free(o);
}

static void seek_announce(conn *c, const offer *o, json_t *id)
{
    json_t *ev = offer_announce(o);
    broker_publish(g_broker, "lobby", ev, c->id);
    conn_send_id(c, id, ev);
}

void cmd_seek(conn *c, json_t *m, json_t *id)
{
    offer *o = offer_new(c, m, id);
    if (o)
        seek_announce(c, o, id);
}

static void challenge_announce(conn *c, const offer *o, json_t *id)
{
    json_t *ev = offer_announce(o);
    send_to_user(o->to_uid, ev);
    send_to_user_but(o->uid, ev, c);
    conn_send_id(c, id, ev);
}

void cmd_challenge(conn *c, json_t *m, json_t *id)
{
    const char *to = json_string_value(json_object_get(m, "to"));
    user *target = NULL;
    if (to)
        for (conn *k = conn_next(NULL); k && !target; k = conn_next(k))
            if (k->user && strcasecmp(k->user->name, to) == 0)
                target = k->user;
    if (!target) {
        conn_error(c, id, "no_such_user", "no such user online");
        return;
    }
    if (target == c->user) {
        conn_error(c, id, "own_offer", "you cannot challenge yourself");
        return;
    }
    offer *o = offer_new(c, m, id);
    if (!o)
        return;
    if (o->rated && target->guest) {
        conn_error(c, id, "not_allowed", "guests play unrated games only");
        offer_remove(o, "cancelled");
        return;
    }
    o->challenge = 1;
    o->to_uid = target->id;
    snprintf(o->to_name, sizeof o->to_name, "%s", target->name);
    challenge_announce(c, o, id);
}

static offer *find_offer(conn *c, json_t *m, json_t *id)
{
    json_t *v = json_object_get(m, "offer");
    if (!json_is_integer(v)) {
        conn_error(c, id, "bad_field", "'offer' (an integer) is required");
        return NULL;
    }
    for (offer *o = g_offers; o; o = o->next)
        if (o->id == json_integer_value(v))
            return o;
    conn_error(c, id, "no_such_offer", "no such seek or challenge (taken, cancelled or gone)");
    return NULL;
}

static void accept_offer(conn *c, offer *o, json_t *id);

void cmd_accept(conn *c, json_t *m, json_t *id)
{
    offer *o = find_offer(c, m, id);
    if (o)
        accept_offer(c, o, id);
}

static void accept_offer(conn *c, offer *o, json_t *id)
{
    if (o->uid == c->user->id) {
        conn_error(c, id, "own_offer", "you cannot accept your own offer");
        return;
    }
    if (o->challenge && o->to_uid != c->user->id) {
        conn_error(c, id, "not_yours", "this challenge is for someone else");
        return;
    }
    if (o->rated && c->user->guest) {
        conn_error(c, id, "not_allowed", "guests play unrated games only");
        return;
    }
    if (lobby_refuse_playing(c, id))
        return;
    user *author = user_online(o->uid);
    if (!author) {
        conn_error(c, id, "no_such_offer", "the author has left");
        offer_remove(o, "left");
        return;
    }
    game_terms t;
    memset(&t, 0, sizeof t);
    int color = o->color;
    if (color < 0) {
        color = (int)randombytes_uniform(2);
    }
    /* color: the author's side */
    user *side[2];
    side[color] = author;
    side[1 - color] = c->user;
    for (int s = 0; s < 2; s++) {
        t.uid[s] = side[s]->id;
        snprintf(t.name[s], sizeof t.name[s], "%s", side[s]->name);
        t.rating[s] = side[s]->rating;
        t.deviation[s] = side[s]->deviation;
    }
    t.engine_level = -1;
    t.engine_color = -1;
    t.ruleset = o->ruleset;
    t.base_s = o->base_s;
    t.inc_s = o->inc_s;
    t.rated = o->rated;
    if (!game_start(&t, id, c))
        return;
    offer_remove(o, "accepted");
    lobby_user_playing(t.uid[0]);
    lobby_user_playing(t.uid[1]);
}

/* Same terms: what quick pairing matches (the colours apart). */
static int same_terms(const offer *a, const offer *b)
{
    return a->base_s == b->base_s && a->inc_s == b->inc_s && a->ruleset == b->ruleset &&
           a->rated == b->rated;
}

void cmd_rematch(conn *c, json_t *m, json_t *id)
{
    store_game sg;
    if (request_stored_game(c, m, id, 0, &sg) < 0)
        return;
    int64_t gid = sg.id;
    int me = sg.uid[0] == c->user->id ? 0 : sg.uid[1] == c->user->id ? 1 : -1;
    if (me < 0) {
        conn_error(c, id, "not_your_game", "you did not play in game %lld", (long long)gid);
        return;
    }
    if (sg.result == XQ_RESULT_ONGOING) {
        conn_error(c, id, "game_not_over", "game %lld is still being played", (long long)gid);
        return;
    }
    if (sg.engine_level >= 0) {
        conn_error(c, id, "not_allowed", "a game against the engine: start another with `engine`");
        return;
    }
    int64_t opp = sg.uid[1 - me];
    for (offer *o = g_offers; o; o = o->next) {
        if (o->rematch_of != gid)
            continue;
        if (o->uid == opp && o->to_uid == c->user->id) { /* both want it: it starts */
            accept_offer(c, o, id);
            return;
        }
        if (o->uid == c->user->id) {
            conn_error(c, id, "already_offered", "your rematch offer stands");
            return;
        }
    }
    user *target = user_online(opp);
    if (!target) {
        conn_error(c, id, "no_such_user", "your opponent is not online");
        return;
    }
    offer t;
    memset(&t, 0, sizeof t);
    t.base_s = sg.base_s;
    t.inc_s = sg.inc_s;
    t.ruleset = sg.ruleset;
    t.rated = sg.rated;
    t.color = 1 - me; /* colours swapped */
    t.rematch_of = gid;
    offer *o = offer_add(c, t, id);
    if (!o)
        return;
    o->challenge = 1;
    o->to_uid = opp;
    snprintf(o->to_name, sizeof o->to_name, "%s", target->name);
    challenge_announce(c, o, id);
}

void cmd_pair(conn *c, json_t *m, json_t *id)
{
    offer t;
    memset(&t, 0, sizeof t);
    if (parse_terms(c, m, id, &t.base_s, &t.inc_s, &t.ruleset, &t.rated, &t.color) < 0 ||
        lobby_refuse_playing(c, id))
        return;
    offer *match = NULL, *own = NULL;
    for (offer *o = g_offers; o; o = o->next) { /* newest first: the last match is the oldest */
        if (o->challenge || !same_terms(o, &t))
            continue;
        if (o->uid == c->user->id) {
            own = o;
            continue;
        }
        if ((t.color < 0 || o->color < 0 || o->color != t.color) && user_online(o->uid) &&
            !game_user_playing(o->uid))
            match = o;
    }
    if (match) {
        if (match->color < 0 && t.color >= 0)
            match->color = 1 - t.color; /* the pairer asked for a side */
        accept_offer(c, match, id);
    } else if (own) { /* the same seek is open already: it is the answer */
        conn_send_id(c, id, offer_announce(own));
    } else {
        offer *o = offer_add(c, t, id);
        if (o)
            seek_announce(c, o, id);
    }
}

void lobby_user_playing(int64_t uid)
{
    for (offer *o = g_offers, *n; o; o = n) {
        n = o->next;
        if (o->uid == uid)
            offer_remove(o, "cancelled");
    }
}

void cmd_decline(conn *c, json_t *m, json_t *id)
{
    offer *o = find_offer(c, m, id);
    if (!o)
        return;
    if (!o->challenge || o->to_uid != c->user->id) {
        conn_error(c, id, "not_yours", "only the challenged user declines a challenge");
        return;
    }
    offer_remove(o, "declined");
    conn_send_id(c, id, msg_new("ok"));
}

void cmd_cancel(conn *c, json_t *m, json_t *id)
{
    offer *o = find_offer(c, m, id);
    if (!o)
        return;
    if (o->uid != c->user->id) {
        conn_error(c, id, "not_yours", "only its author cancels an offer");
        return;
    }
    offer_remove(o, "cancelled");
    conn_send_id(c, id, msg_new("ok"));
}

static void lobby_user_gone(user *u)
{
    for (offer *o = g_offers, *n; o; o = n) {
        n = o->next;
        if (o->uid == u->id || o->to_uid == u->id)
            offer_remove(o, "left");
    }
}

static json_t *seeks_json(void)
{
    json_t *a = msg_list();
    for (offer *o = g_offers; o; o = o->next)
        if (!o->challenge) {
            msg_offer_terms t = offer_terms(o);
            msg_list_add(a, msg_offer_entry(&t));
        }
    return a;
}

void cmd_lobby(conn *c, json_t *m, json_t *id)
{
    (void)m;
    if (!c->lobby && member_add(c) < 0) {
        conn_error(c, id, "server_error", "out of memory");
        return;
    }
    c->lobby = 1;
    conn_send_id(c, id, msg_lobby(seeks_json(), game_list_json()));
}

void cmd_unlobby(conn *c, json_t *m, json_t *id)
{
    (void)m;
    if (c->lobby)
        member_remove(c);
    c->lobby = 0;
    conn_send_id(c, id, msg_new("ok"));
}

typedef struct finished_ctx {
    json_t *games;
    int left; /* games still wanted; one more than asked tells whether there are more */
    int more;
} finished_ctx;

static int finished_json(const store_game *g, void *arg)
{
    finished_ctx *x = arg;
    if (x->left-- <= 0) {
        x->more = 1;
        return 1;
    }
    msg_list_add(x->games, game_summary_json(g));
    return 0;
}

int eco_filter(conn *c, json_t *m, json_t *id, char out[4])
{
    json_t *v = json_object_get(m, "eco");
    const char *s = json_string_value(v);
    out[0] = 0;
    if (!v || (s && !*s))
        return 0;
    size_t n = s ? strlen(s) : 0;
    int ok = n >= 1 && n <= 3 && ((s[0] >= 'A' && s[0] <= 'E') || (s[0] >= 'a' && s[0] <= 'e'));
    for (size_t i = 1; ok && i < n; i++)
        ok = s[i] >= '0' && s[i] <= '9';
    if (!ok) {
        conn_error(c, id, "bad_field",
                   "'eco' is an ECCO code or its start: a letter A-E and up to two digits "
                   "(\"C\", \"C4\", \"C48\")");
        return -1;
    }
    memcpy(out, s, n + 1);
    out[0] = (char)(out[0] & ~0x20); /* upper case */
    return 0;
}

void cmd_games(conn *c, json_t *m, json_t *id)
{
    json_t *fin = json_object_get(m, "finished");
    if (fin && !json_is_boolean(fin)) {
        conn_error(c, id, "bad_field", "'finished' is true or false");
        return;
    }
    char eco[4];
    if (eco_filter(c, m, id, eco) < 0)
        return;
    if (!json_is_true(fin) && !eco[0]) {
        conn_send_id(c, id, msg_games_live(game_list_json()));
        return;
    }
    /* finished games (all of them, or by code: a search of the archive) */
    int64_t before = optional_count(m, "before", INT64_MAX);
    int64_t limit = optional_count(m, "limit", SRV_FINISHED_LIST_MAX);
    if (before < 0 || limit < 0) {
        conn_error(c, id, "bad_field", before < 0 ? "'before' must be a game id (an integer >= 1)"
                                                  : "'limit' must be an integer from 1 to 50");
        return;
    }
    int64_t uid = 0;
    const char *name = json_string_value(json_object_get(m, "user"));
    if (name) {
        store_user su;
        if (!name_valid(name) || store_user_by_name(g_store, name, &su) != ST_OK) {
            conn_error(c, id, "no_such_user", "no such user");
            return;
        }
        uid = su.id;
    }
    finished_ctx x = {msg_list(), limit ? (int)limit : SRV_FINISHED_LIST_MAX, 0};
    store_games_finished(g_store, uid, before, x.left + 1, eco, finished_json, &x);
    conn_send_id(c, id, msg_games_finished(x.games, x.more, eco));
}

void lobby_say(conn *c, const char *text, json_t *id)
{
    json_t *ev = msg_chat_lobby(c->user->name, text);
    broker_publish(g_broker, "lobby", ev, c->id);
    conn_send_id(c, id, ev);
}

/* A game against the engine: it starts at once. */
void cmd_engine(conn *c, json_t *m, json_t *id)
{
    json_t *lv = json_object_get(m, "level");
    if (lv && (!json_is_integer(lv) || json_integer_value(lv) < 0 ||
               json_integer_value(lv) > XQ_SKILL_MAX)) {
        conn_error(c, id, "bad_field", "'level' is 0..%d", XQ_SKILL_MAX);
        return;
    }
    game_terms t;
    memset(&t, 0, sizeof t);
    int color;
    if (parse_terms(c, m, id, &t.base_s, &t.inc_s, &t.ruleset, &t.rated, &color) < 0)
        return;
    if (t.rated) {
        conn_error(c, id, "not_allowed", "games against the engine are unrated");
        return;
    }
    if (lobby_refuse_playing(c, id))
        return;
    if (color < 0)
        color = (int)(mono_us() & 1);
    t.engine_level = lv ? (int)json_integer_value(lv) : 10;
    t.engine_color = 1 - color;
    t.uid[color] = c->user->id;
    snprintf(t.name[color], sizeof t.name[color], "%s", c->user->name);
    t.rating[color] = c->user->rating;
    t.deviation[color] = c->user->deviation;
    snprintf(t.name[1 - color], sizeof t.name[1 - color], "xq-engine-%d", t.engine_level);
    t.rating[1 - color] = 0;
    game_start(&t, id, c);
}
