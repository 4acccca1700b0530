/* SPDX-License-Identifier: MIT */
/* The lobby: open seeks (anyone may accept) and direct challenges (one user
 * may accept or decline), one id space for both ("offers"); rematches (a
 * challenge to the last opponent, colours swapped, that a rematch of the other
 * player accepts) and quick pairing (join a seek of the same terms or open
 * one); the list of live games; lobby chat. The offers are rows of the store
 * (lobby_site.h), so that every process of a site lists and accepts the same
 * ones, and an accept takes its row in one statement: of two accepters on two
 * processes exactly one starts the game. An offer goes when its author's last
 * connection on the site goes (and its addressee's). */
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
#include "lobby_site.h"
#include "net.h"
#include "rating.h"
#include "ruleset.h"
#include "result.h"
#include "store.h"
#include "tuning.h"

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

static const char *color_name(int c) { return c == 0 ? "red" : c == 1 ? "black" : "random"; }

/* An offer's terms as the codec takes them (borrowing the offer's strings). */
static msg_offer_terms offer_terms(const store_offer *o)
{
    int challenge = o->kind != STORE_OFFER_SEEK;
    return (msg_offer_terms){
        .offer = o->id, .challenge = challenge, .from = o->name, .rating = o->rating,
        .provisional = glicko_provisional(o->deviation), .base_s = o->base_s, .inc_s = o->inc_s,
        .rated = o->rated, .rules = ruleset_name(o->ruleset), .color = color_name(o->color),
        .to = challenge ? o->to_name : NULL, .rematch = o->rematch_of,
    };
}

/* seek or challenge: the offer announced. */
static json_t *offer_announce(const store_offer *o)
{
    msg_offer_terms t = offer_terms(o);
    return msg_offer_announce(&t);
}

/* Every offer of the site, oldest first (read from the store at once). */
typedef struct offer_set {
    store_offer *v;
    size_t n, cap;
    int failed; /* out of memory */
} offer_set;

static int offer_set_add(const store_offer *o, void *arg)
{
    offer_set *set = arg;
    if (set->n == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 16;
        store_offer *v = realloc(set->v, cap * sizeof *v);
        if (!v) {
            set->failed = 1;
            return 1;
        }
        set->v = v;
        set->cap = cap;
    }
    set->v[set->n++] = *o;
    return 0;
}

/* Read every offer into set (freed by the caller with free(set->v)): 0, or
 * -1 after a storage (or out of memory) error to c. */
static int offers_read(conn *c, json_t *id, offer_set *set)
{
    memset(set, 0, sizeof *set);
    if (store_offers(g_store, offer_set_add, set) == ST_OK && !set->failed)
        return 0;
    free(set->v);
    set->v = NULL;
    if (set->failed)
        conn_error(c, id, "server_error", "out of memory");
    else
        conn_error(c, id, "storage", "the offers could not be read");
    return -1;
}

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

/* Store a new offer of the user with the terms (and kind, addressee) of o:
 * 0 with o's id set, or -1 after an error. */
static int offer_add(conn *c, store_offer *o, json_t *id)
{
    if (lobby_refuse_playing(c, id))
        return -1;
    offer_set all;
    if (offers_read(c, id, &all) < 0)
        return -1;
    int mine = 0;
    for (size_t i = 0; i < all.n; i++)
        mine += all.v[i].uid == c->user->id;
    free(all.v);
    if (mine >= SRV_MAX_SEEKS_PER_USER) {
        conn_error(c, id, "too_many_offers", "at most %d open seeks and challenges per user",
                   SRV_MAX_SEEKS_PER_USER);
        return -1;
    }
    o->uid = c->user->id;
    snprintf(o->name, sizeof o->name, "%s", c->user->name);
    o->rating = c->user->rating;
    o->deviation = c->user->deviation;
    snprintf(o->owner, sizeof o->owner, "%s", lobby_site_owner());
    if (store_offer_add(g_store, o) != ST_OK) {
        conn_error(c, id, "storage", "the offer could not be stored");
        return -1;
    }
    return 0;
}

/* The terms of a seek or challenge from m into o (kind seek): 0, or -1 after an error. */
static int offer_parse(conn *c, json_t *m, json_t *id, store_offer *o)
{
    memset(o, 0, sizeof *o);
    return parse_terms(c, m, id, &o->base_s, &o->inc_s, &o->ruleset, &o->rated, &o->color);
}

static void seek_announce(conn *c, const store_offer *o, json_t *id)
{
    json_t *ev = offer_announce(o);
    broker_publish(g_broker, "lobby", ev, c->id);
    conn_send_id(c, id, ev);
}

void cmd_seek(conn *c, json_t *m, json_t *id)
{
    store_offer o;
    if (offer_parse(c, m, id, &o) == 0 && offer_add(c, &o, id) == 0)
        seek_announce(c, &o, id);
}

static void challenge_announce(conn *c, const store_offer *o, json_t *id)
{
    json_t *ev = offer_announce(o);
    send_to_user(o->to_uid, ev);
    send_to_user_but(o->uid, ev, c);
    conn_send_id(c, id, ev);
}

/* Whether user uid is online on the site: 1, 0, or -1 after a storage error to c. */
static int online_anywhere(conn *c, json_t *id, int64_t uid)
{
    if (user_online(uid))
        return 1;
    int rc = lobby_site_elsewhere(uid);
    if (rc < 0)
        conn_error(c, id, "storage", "who is online could not be read");
    return rc;
}

/* The user online on the site that a challenge names, into u: 0, or -1 after an error. */
static int challenge_target(conn *c, json_t *id, const char *to, store_user *u)
{
    for (conn *k = conn_next(NULL); to && k; k = conn_next(k))
        if (k->user && strcasecmp(k->user->name, to) == 0) {
            memset(u, 0, sizeof *u);
            u->id = k->user->id;
            snprintf(u->name, sizeof u->name, "%s", k->user->name);
            u->guest = k->user->guest;
            return 0;
        }
    int rc = to && name_valid(to) ? store_user_by_name(g_store, to, u) : ST_NOTFOUND;
    int online = rc == ST_OK ? lobby_site_elsewhere(u->id) : 0;
    if (rc == ST_ERROR || online < 0) {
        conn_error(c, id, "storage", "the user could not be looked up");
        return -1;
    }
    if (!online) {
        conn_error(c, id, "no_such_user", "no such user online");
        return -1;
    }
    return 0;
}

void cmd_challenge(conn *c, json_t *m, json_t *id)
{
    store_user target;
    if (challenge_target(c, id, json_string_value(json_object_get(m, "to")), &target) < 0)
        return;
    if (target.id == c->user->id) {
        conn_error(c, id, "own_offer", "you cannot challenge yourself");
        return;
    }
    store_offer o;
    if (offer_parse(c, m, id, &o) < 0)
        return;
    if (o.rated && target.guest) {
        conn_error(c, id, "not_allowed", "guests play unrated games only");
        return;
    }
    o.kind = STORE_OFFER_CHALLENGE;
    o.to_uid = target.id;
    snprintf(o.to_name, sizeof o.to_name, "%s", target.name);
    if (offer_add(c, &o, id) == 0)
        challenge_announce(c, &o, id);
}

/* The offer m names, into o: 0, or -1 after an error. */
static int find_offer(conn *c, json_t *m, json_t *id, store_offer *o)
{
    json_t *v = json_object_get(m, "offer");
    if (!json_is_integer(v)) {
        conn_error(c, id, "bad_field", "'offer' (an integer) is required");
        return -1;
    }
    int rc = store_offer_get(g_store, json_integer_value(v), o);
    if (rc == ST_NOTFOUND)
        conn_error(c, id, "no_such_offer", "no such seek or challenge (taken, cancelled or gone)");
    else if (rc != ST_OK)
        conn_error(c, id, "storage", "the offer could not be read");
    return rc == ST_OK ? 0 : -1;
}

/* Take offer o's row (a compare-and-set: of two takers one wins): 0 with
 * the row in o, 1 when it is gone (nothing sent), -1 after a storage error to c. */
static int take_offer(conn *c, json_t *id, store_offer *o)
{
    int rc = store_offer_take(g_store, o->id, o);
    if (rc == ST_NOTFOUND)
        return 1;
    if (rc != ST_OK) {
        conn_error(c, id, "storage", "the offer could not be taken");
        return -1;
    }
    return 0;
}

/* The game of an offer taken (o: its row; color: the author's side). */
static void offer_game_terms(conn *c, const store_offer *o, int color, game_terms *t)
{
    memset(t, 0, sizeof *t);
    /* color: the author's side */
    t->uid[color] = o->uid;
    snprintf(t->name[color], sizeof t->name[color], "%s", o->name);
    t->rating[color] = o->rating;
    t->deviation[color] = o->deviation;
    t->uid[1 - color] = c->user->id;
    snprintf(t->name[1 - color], sizeof t->name[1 - color], "%s", c->user->name);
    t->rating[1 - color] = c->user->rating;
    t->deviation[1 - color] = c->user->deviation;
    t->engine_level = -1;
    t->engine_color = -1;
    t->ruleset = o->ruleset;
    t->base_s = o->base_s;
    t->inc_s = o->inc_s;
    t->rated = o->rated;
}

/* Accept offer o (as read; @p color the author's side, -1 random): the game
 * starts on this process. 0 started or an error sent; 1 the offer is gone
 * (taken by someone else meanwhile, or its author left), no_such_offer sent
 * unless @p quiet (quick pairing tries the next seek). */
static int accept_offer(conn *c, store_offer *o, int color, json_t *id, int quiet)
{
    if (o->uid == c->user->id) {
        conn_error(c, id, "own_offer", "you cannot accept your own offer");
        return 0;
    }
    if (o->kind != STORE_OFFER_SEEK && o->to_uid != c->user->id) {
        conn_error(c, id, "not_yours", "this challenge is for someone else");
        return 0;
    }
    if (o->rated && c->user->guest) {
        conn_error(c, id, "not_allowed", "guests play unrated games only");
        return 0;
    }
    if (lobby_refuse_playing(c, id))
        return 0;
    int online = online_anywhere(c, id, o->uid), taken = online < 0 ? -1 : take_offer(c, id, o);
    if (taken > 0 && !quiet)
        conn_error(c, id, "no_such_offer", "no such seek or challenge (taken, cancelled or gone)");
    if (taken != 0)
        return taken > 0;
    if (!online) {
        lobby_site_offer_gone(o, "left");
        if (!quiet)
            conn_error(c, id, "no_such_offer", "the author has left");
        return quiet;
    }
    game_terms t;
    offer_game_terms(c, o, color >= 0 ? color : (int)randombytes_uniform(2), &t);
    if (!game_start(&t, id, c)) { /* told to c; the author's offer is gone with it */
        lobby_site_offer_gone(o, "cancelled");
        return 0;
    }
    lobby_site_offer_gone(o, "accepted");
    lobby_user_playing(t.uid[0]);
    lobby_user_playing(t.uid[1]);
    return 0;
}

void cmd_accept(conn *c, json_t *m, json_t *id)
{
    store_offer o;
    if (find_offer(c, m, id, &o) == 0)
        accept_offer(c, &o, o.color, id, 0);
}

/* Same terms: what quick pairing matches (the colours apart). */
static int same_terms(const store_offer *a, const store_offer *b)
{
    return a->base_s == b->base_s && a->inc_s == b->inc_s && a->ruleset == b->ruleset &&
           a->rated == b->rated;
}

/* The rematch of game sg by the user (side me): the opponent's standing
 * rematch accepted, or an offer of it made. */
static void rematch_offer(conn *c, const store_game *sg, int me, json_t *id)
{
    int64_t gid = sg->id, opp = sg->uid[1 - me];
    offer_set all;
    if (offers_read(c, id, &all) < 0)
        return;
    for (size_t i = 0; i < all.n; i++) {
        store_offer *o = &all.v[i];
        if (o->rematch_of != gid)
            continue;
        if (o->uid == opp && o->to_uid == c->user->id) { /* both want it: it starts */
            store_offer mine = *o;
            free(all.v);
            accept_offer(c, &mine, mine.color, id, 0);
            return;
        }
        if (o->uid == c->user->id) {
            free(all.v);
            conn_error(c, id, "already_offered", "your rematch offer stands");
            return;
        }
    }
    free(all.v);
    int online = online_anywhere(c, id, opp);
    if (online <= 0) {
        if (online == 0)
            conn_error(c, id, "no_such_user", "your opponent is not online");
        return;
    }
    store_offer o;
    memset(&o, 0, sizeof o);
    o.kind = STORE_OFFER_REMATCH;
    o.base_s = sg->base_s;
    o.inc_s = sg->inc_s;
    o.ruleset = sg->ruleset;
    o.rated = sg->rated;
    o.color = 1 - me; /* colours swapped */
    o.rematch_of = gid;
    o.to_uid = opp;
    snprintf(o.to_name, sizeof o.to_name, "%.*s", (int)sizeof o.to_name - 1, sg->name[1 - me]);
    if (offer_add(c, &o, id) == 0)
        challenge_announce(c, &o, id);
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
    rematch_offer(c, &sg, me, id);
}

/* Quick pairing against the seeks of all (oldest first): 1 a game started or
 * an error sent, 0 none to join (every match was taken meanwhile). */
static int pair_join(conn *c, const store_offer *t, const offer_set *all, json_t *id)
{
    for (size_t i = 0; i < all->n; i++) {
        store_offer o = all->v[i];
        if (o.kind != STORE_OFFER_SEEK || !same_terms(&o, t) || o.uid == c->user->id ||
            !(t->color < 0 || o.color < 0 || o.color != t->color) || game_user_playing(o.uid))
            continue;
        int color = o.color < 0 && t->color >= 0 ? 1 - t->color : o.color; /* the pairer's side */
        if (accept_offer(c, &o, color, id, 1) == 0)
            return 1;
    }
    return 0;
}

void cmd_pair(conn *c, json_t *m, json_t *id)
{
    store_offer t;
    offer_set all;
    if (offer_parse(c, m, id, &t) < 0 || lobby_refuse_playing(c, id) ||
        offers_read(c, id, &all) < 0)
        return;
    int done = pair_join(c, &t, &all, id);
    for (size_t i = all.n; !done && i-- > 0;) /* the same seek open already: the answer */
        if (all.v[i].kind == STORE_OFFER_SEEK && all.v[i].uid == c->user->id &&
            same_terms(&all.v[i], &t)) {
            conn_send_id(c, id, offer_announce(&all.v[i]));
            done = 1;
        }
    free(all.v);
    if (!done && offer_add(c, &t, id) == 0)
        seek_announce(c, &t, id);
}

static int offer_cancelled(const store_offer *o, void *arg)
{
    lobby_site_offer_gone(o, arg);
    return 0;
}

void lobby_user_playing(int64_t uid)
{
    if (store_offers_remove(g_store, uid, 0, offer_cancelled, "cancelled") != ST_OK)
        fprintf(stderr, "xq-server: user %lld's offers could not be removed: %s\n",
                (long long)uid, store_errmsg(g_store));
}

/* Decline or cancel the offer m names: only its addressee (@p to) or author
 * may; @p why names the reason of offer_gone. */
static void withdraw(conn *c, json_t *m, json_t *id, int to, const char *why)
{
    store_offer o;
    if (find_offer(c, m, id, &o) < 0)
        return;
    if (to && (o.kind == STORE_OFFER_SEEK || o.to_uid != c->user->id)) {
        conn_error(c, id, "not_yours", "only the challenged user declines a challenge");
        return;
    }
    if (!to && o.uid != c->user->id) {
        conn_error(c, id, "not_yours", "only its author cancels an offer");
        return;
    }
    int taken = take_offer(c, id, &o);
    if (taken > 0)
        conn_error(c, id, "no_such_offer", "no such seek or challenge (taken, cancelled or gone)");
    if (taken != 0)
        return;
    lobby_site_offer_gone(&o, why);
    conn_send_id(c, id, msg_new("ok"));
}

void cmd_decline(conn *c, json_t *m, json_t *id) { withdraw(c, m, id, 1, "declined"); }

void cmd_cancel(conn *c, json_t *m, json_t *id) { withdraw(c, m, id, 0, "cancelled"); }

/* A user's last connection here went: when none is left on the site, the
 * user's offers and those to the user go. */
static void lobby_user_gone(user *u)
{
    int elsewhere = lobby_site_leave(u->id);
    if (elsewhere == 0 &&
        store_offers_remove(g_store, u->id, 1, offer_cancelled, "left") != ST_OK)
        elsewhere = -1;
    if (elsewhere < 0)
        fprintf(stderr, "xq-server: user %lld's offers could not be removed: %s\n",
                (long long)u->id, store_errmsg(g_store));
}

/* The open seeks, newest first; NULL after an error to c. */
static json_t *seeks_json(conn *c, json_t *id)
{
    offer_set all;
    if (offers_read(c, id, &all) < 0)
        return NULL;
    json_t *a = msg_list();
    for (size_t i = all.n; i-- > 0;)
        if (all.v[i].kind == STORE_OFFER_SEEK) {
            msg_offer_terms t = offer_terms(&all.v[i]);
            msg_list_add(a, msg_offer_entry(&t));
        }
    free(all.v);
    return a;
}

void cmd_lobby(conn *c, json_t *m, json_t *id)
{
    (void)m;
    if (!c->lobby && member_add(c) < 0) {
        conn_error(c, id, "server_error", "out of memory");
        return;
    }
    json_t *seeks = seeks_json(c, id);
    if (!seeks)
        return;
    c->lobby = 1;
    conn_send_id(c, id, msg_lobby(seeks, game_list_json()));
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
