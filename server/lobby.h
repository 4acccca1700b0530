/* SPDX-License-Identifier: MIT */
/* The lobby: seeks, challenges, quick pairing, games against the engine, the lists of games, lobby chat. */
#ifndef XQ_SERVER_LOBBY_H
#define XQ_SERVER_LOBBY_H

#include <jansson.h>

#include "accounts.h"
#include "broker.h"
#include "net.h"
#include "store.h"

int lobby_init(store *st, broker *b); /* 0, or -1 without memory */
void lobby_shutdown(void);            /* after the connections are gone */
void cmd_lobby(conn *c, json_t *m, json_t *id);
void cmd_unlobby(conn *c, json_t *m, json_t *id);
void cmd_seek(conn *c, json_t *m, json_t *id);
void cmd_challenge(conn *c, json_t *m, json_t *id);
void cmd_accept(conn *c, json_t *m, json_t *id);
void cmd_rematch(conn *c, json_t *m, json_t *id); /* a rematch of a finished game */
void cmd_pair(conn *c, json_t *m, json_t *id);    /* quick pairing */
void cmd_decline(conn *c, json_t *m, json_t *id);
void cmd_engine(conn *c, json_t *m, json_t *id);  /* a game against the engine */
void cmd_cancel(conn *c, json_t *m, json_t *id);
void cmd_games(conn *c, json_t *m, json_t *id);
/* 1 after an already_playing error when the user plays a live game against a person. */
int lobby_refuse_playing(conn *c, json_t *id);
/* A game of the user started: the user's own open seeks and challenges go. */
void lobby_user_playing(int64_t uid);
/* The optional "eco" field of a search: an ECCO code or its start, a letter A-E
 * and up to two digits ("C", "C4", "C48"), into out (upper case; "" when
 * absent). 0, or -1 after a bad_field reply. */
int eco_filter(conn *c, json_t *m, json_t *id, char out[4]);
void lobby_say(conn *c, const char *text, json_t *id);
/* Parse the time control and rule set fields of a seek / challenge / engine game. */
int parse_terms(conn *c, json_t *m, json_t *id, int *base_s, int *inc_s, int *ruleset, int *rated,
                int *color);

#endif
